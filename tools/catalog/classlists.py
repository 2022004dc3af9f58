#!/usr/bin/env python3
"""Compares our class spell lists with the 2024 ones of foundryvtt/dnd5e.

The foundryvtt/dnd5e repository keeps the 2024 class spell lists as
journal pages (`packs/_source/content24/chapter-7/spells.yml`, one page of
type `class` per class, each a list of `spells24` item ids) and each SRD 5.2
spell as `packs/_source/spells24/<level>/<spell>.yml` (with its `_id` and
`system.identifier`, which is our spell id). This script reads both from a
git directory with `git cat-file`, so no work tree is needed, and compares
them with the `classes = [...]` array of every `[[spell]]` table in
`crates/catalog/data/level-*.toml`.

Usage:
  tools/catalog/classlists.py GIT_DIR [--rev REV] [--fix] [--data DIR]

GIT_DIR is the repository's git directory (the `fetch` tool's
`/work/.mirror/foundryvtt+dnd5e/repo`). It prints one line per spell whose
lists differ and exits 1 when any does. With `--fix` it rewrites only the
differing `classes = [...]` lines in place (each file re-read just before
it is written, so other edits to it are kept) and records the change in
the spell's `[spell.notes]` table, which check.py reads as the reason its
class lists part from the 2014 file.
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "crates" / "catalog" / "data"
LISTS = "packs/_source/content24/chapter-7/spells.yml"
SPELLS = "packs/_source/spells24"
CLASSES = ("bard", "cleric", "druid", "paladin", "ranger", "sorcerer",
           "warlock", "wizard")
NOTE = "2024 list of foundryvtt/dnd5e (tools/catalog/classlists.py)"
# Their identifier where it differs from our spell id.
ALIAS = {"tensers-floating-disk": "floating-disk"}


def git(git_dir: str, *args: str, data: str | None = None) -> str:
    """Runs git on the given git directory and returns its output."""
    return subprocess.run(["git", f"--git-dir={git_dir}", *args], input=data,
                          capture_output=True, text=True, check=True).stdout


def read_blobs(git_dir: str, rev: str, paths: list[str]) -> dict[str, str]:
    """The text of each path at `rev`, read in one `git cat-file --batch`."""
    out = subprocess.run(["git", f"--git-dir={git_dir}", "cat-file", "--batch"],
                         input="".join(f"{rev}:{p}\n" for p in paths).encode(),
                         capture_output=True, check=True).stdout
    blobs, pos = {}, 0
    for p in paths:
        end = out.index(b"\n", pos)
        header = out[pos:end].split()
        if header[-1] == b"missing":
            pos = end + 1
            continue
        size = int(header[2])
        blobs[p] = out[end + 1:end + 1 + size].decode()
        pos = end + 1 + size + 1
    return blobs


def their_spells(git_dir: str, rev: str) -> tuple[dict[str, str], dict[str, str]]:
    """Each spells24 item id mapped to its identifier (our spell id): the
    SRD 5.2 ones (licensed CC-BY-4.0) and, apart, the others."""
    paths = [p for p in git(git_dir, "ls-tree", "-r", "--name-only", rev,
                            SPELLS).split() if p.endswith(".yml")
             and not p.endswith("_folder.yml")
             # Items a spell makes (Goodberry's berries), not spells.
             and "/supplemental-items/" not in p]
    srd, other = {}, {}
    for path, text in read_blobs(git_dir, rev, paths).items():
        item = re.search(r"^_id: (\S+)$", text, re.M)
        ident = re.search(r"^  identifier: (\S+)$", text, re.M)
        if item and ident:
            name = ident.group(1).strip("'\"")
            free = re.search(r"^    license: CC-BY-4\.0$", text, re.M)
            (srd if free else other)[item.group(1)] = ALIAS.get(name, name)
    return srd, other


def their_lists(git_dir: str, rev: str) -> dict[str, list[str]]:
    """Each class's 2024 list as spells24 item ids, from the journal pages."""
    text = git(git_dir, "show", f"{rev}:{LISTS}")
    lists: dict[str, list[str]] = {}
    # Pages start with "  - sort:" at the top level of `pages:`.
    for page in re.split(r"^  - (?=sort:)", text, flags=re.M)[1:]:
        if not re.search(r"^      type: class$", page, re.M):
            continue
        ident = re.search(r"^      identifier: (\S+)$", page, re.M)
        if not ident or ident.group(1) not in CLASSES:
            continue
        block = re.search(r"^      spells:\n((?:        - .*\n)*)", page, re.M)
        items = re.findall(r"Compendium\.dnd5e\.spells24\.Item\.(\S+)",
                           block.group(1) if block else "")
        lists[ident.group(1)] = items
    return lists


def our_lists(data: Path) -> dict[str, tuple[Path, list[str]]]:
    """Each catalogue spell's file and class list."""
    ours = {}
    for path in sorted(data.glob("level-*.toml")):
        for s in tomllib.loads(path.read_text())["spell"]:
            ours[s["id"]] = (path, sorted(s["classes"]))
    return ours


def fix(path: Path, spell: str, classes: list[str]) -> None:
    """Rewrites the spell's `classes = [...]` line and notes the change."""
    lines = path.read_text().splitlines(keepends=True)
    start = next(i for i, l in enumerate(lines) if l.strip() == f'id = "{spell}"')
    end = next((i for i in range(start + 1, len(lines))
                if lines[i].strip() == "[[spell]]"), len(lines))
    new = "classes = [" + ", ".join(f'"{c}"' for c in classes) + "]\n"
    # The spell's own `classes` line comes before its first sub-table.
    for i in range(start, end):
        if lines[i].startswith("["):
            break
        if lines[i].startswith("classes = "):
            lines[i] = new
            break
    notes = next((i for i in range(start, end)
                  if lines[i].strip() == "[spell.notes]"), None)
    note = f'classes = "{NOTE}"\n'
    if notes is None:
        while lines[end - 1].strip() == "":
            end -= 1
        lines[end:end] = ["\n", "[spell.notes]\n", note]
    else:
        j = next((i for i in range(notes + 1, end)
                  if lines[i].startswith("classes = ")), None)
        if j is None:
            lines.insert(notes + 1, note)
        else:
            lines[j] = note
    path.write_text("".join(lines))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("git_dir")
    ap.add_argument("--rev", default="HEAD")
    ap.add_argument("--fix", action="store_true")
    ap.add_argument("--data", type=Path, default=DATA,
                    help="the level-*.toml files (default: crates/catalog/data)")
    args = ap.parse_args()
    commit = git(args.git_dir, "rev-parse", args.rev).strip()
    ids, other = their_spells(args.git_dir, commit)
    lists = their_lists(args.git_dir, commit)
    missing = sorted(set(CLASSES) - set(lists))
    if missing:
        print(f"no 2024 list found for: {', '.join(missing)}")
        return 2
    theirs: dict[str, set[str]] = {}
    unknown: set[str] = set()
    for cls, items in lists.items():
        for item in items:
            if item in ids:
                theirs.setdefault(ids[item], set()).add(cls)
            elif item not in other:
                unknown.add(item)
    ours = our_lists(args.data)
    print(f"foundryvtt/dnd5e {commit}: {len(ids)} SRD spells24 spells, "
          + ", ".join(f"{c} {len(lists[c])}" for c in CLASSES))
    if other:
        print(f"not SRD 5.2 (no CC-BY-4.0 licence), not compared: "
              f"{', '.join(sorted(other.values()))}")
    if unknown:
        print(f"{len(unknown)} listed items are not SRD spells24 spells "
              f"(not compared): {', '.join(sorted(unknown))}")
    differ = 0
    for spell, (path, mine) in sorted(ours.items()):
        want = sorted(theirs.get(spell, set()))
        if spell not in ids.values():
            print(f"{spell}: not in spells24 (not compared)")
            continue
        if mine == want:
            continue
        differ += 1
        gain = sorted(set(want) - set(mine))
        lose = sorted(set(mine) - set(want))
        print(f"{spell}: ours {mine}, 2024 {want}"
              + (f"; add {gain}" if gain else "") + (f"; drop {lose}" if lose else ""))
        if args.fix:
            fix(path, spell, want)
    for spell in sorted(set(ids.values()) - set(ours)):
        print(f"{spell}: an SRD spells24 spell not in our catalogue")
        differ += 1
    print(f"{differ} spells differ" + (" (fixed)" if args.fix and differ else ""))
    return 1 if differ and not args.fix else 0


if __name__ == "__main__":
    sys.exit(main())
