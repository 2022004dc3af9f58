#!/usr/bin/env bash
# Load benchmark of the table server: casts per second and p50/p99 latency
# on SQLite and PostgreSQL. Loopback only (the server runs in the load
# client's process on 127.0.0.1), each run bounded to SECONDS (default 10).
#
#   bench/load/run.sh                      # SQLite, and PostgreSQL if DATABASE_URL is set
#   SECONDS_PER_RUN=5 CLIENTS="4 16" bench/load/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds="${SECONDS_PER_RUN:-10}"
clients="${CLIENTS:-4 16 64}"

cargo build --release --quiet -p grimoire-server --example load
bin=target/release/examples/load

echo "# $(date -u +%FT%TZ) $(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for n in $clients; do
  "$bin" --seconds "$seconds" --clients "$n"
done
"$bin" --seconds "$seconds" --clients 16 --shared
if [ -n "${DATABASE_URL:-}" ]; then
  for n in $clients; do
    "$bin" --seconds "$seconds" --clients "$n" --database "$DATABASE_URL"
  done
  "$bin" --seconds "$seconds" --clients 16 --shared --database "$DATABASE_URL"
fi
