#!/usr/bin/env bash
# Compares grimoire-dice with Python peers: d20 (Avrae's dice engine) for parse+roll and
# icepool for exact distributions, then with the Rust peer xdy on both (bench/xdy-peer, a
# crate outside the workspace so the normal build never compiles xdy). Prints markdown
# tables for docs/PERFORMANCE.md.
#
# Usage: bench/peers.sh        (needs python3 with venv, and network access to PyPI once)
set -euo pipefail
cd "$(dirname "$0")/.."

venv=bench/.venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check d20 icepool

ours=$(mktemp)
trap 'rm -f "$ours"' EXIT
cargo run --quiet --release -p grimoire-dice --example bench_json > "$ours"

echo "Date: $(date -u +%Y-%m-%dT%H:%MZ) · $(nproc) cores · $(uname -m) · $(rustc --version) · $("$venv/bin/python" --version)"
echo "Peers: $("$venv/bin/pip" list --disable-pip-version-check 2>/dev/null | grep -E '^(d20|icepool) ' | tr -s ' ' | paste -sd, -)"
echo
"$venv/bin/python" bench/peers.py "$ours"

echo
echo "Rust peer (xdy $(grep -m1 '^xdy = ' bench/xdy-peer/Cargo.toml | cut -d'"' -f2 | tr -d =), same process, batches alternating):"
echo
cargo run --quiet --release --manifest-path bench/xdy-peer/Cargo.toml
