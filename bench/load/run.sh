#!/usr/bin/env bash
# Load benchmark of the table server: casts per second and p50/p99 latency
# on SQLite and PostgreSQL. Loopback only (the server runs in the load
# client's process on 127.0.0.1), each run bounded to SECONDS (default 10).
#
#   bench/load/run.sh                      # SQLite, and PostgreSQL if DATABASE_URL is set
#   SECONDS_PER_RUN=5 CLIENTS="4 16" bench/load/run.sh
#   BALANCED="1 2 4" bench/load/run.sh     # also 1, 2 and 4 instances behind HAProxy
#   RATES="300 600" bench/load/run.sh      # also 16 clients paced to 300 and 600 casts/s
#
# BALANCED (default "1 2 4" when DATABASE_URL is set and haproxy is
# installed; "" skips it) runs deploy/loopback.sh with that many instances
# on a fresh schema each, 16 clients through the balancer; the load client
# watches the deployment's processes (`--watch`) and PostgreSQL's, so the
# CPU a cast took says whether N instances did more work per cast or only
# shared the same cores.
#
# RATES (default "300 600") runs 16 clients paced to that many casts a
# second in all (`--rate`), on each engine: latency below saturation, at a
# stated load, counted from when each cast was due. The closed-loop runs
# above saturate the machine, where latency is the queue the clients make
# (Little's law: 16 clients over the casts and turns a second).
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds="${SECONDS_PER_RUN:-10}"
clients="${CLIENTS:-4 16 64}"
rates="${RATES-300 600}"

cargo build --release --quiet -p grimoire-server --example load
bin=target/release/examples/load
balanced=""
if [ -n "${DATABASE_URL:-}" ] && command -v haproxy >/dev/null; then
  balanced="${BALANCED-1 2 4}"
  [ -z "$balanced" ] || cargo build --release --quiet -p grimoire-cli
fi

# One balanced run: $1 instances behind HAProxy, 16 clients.
balanced_run() {
  local n="$1" schema="bench_balanced_$$_$1" watch out
  run_dir="$(mktemp -d)"
  PGOPTIONS="-c client_min_messages=warning" psql -q "$DATABASE_URL" -c "DROP SCHEMA IF EXISTS $schema CASCADE" >/dev/null
  RUN_DIR="$run_dir" INSTANCES="$n" PORT=18080 GRIMOIRE_PG_SCHEMA="$schema" \
    SERVE_ARGS=--no-rate-limits deploy/loopback.sh start >/dev/null
  watch="$(cut -d' ' -f1 "$run_dir/pids" | paste -sd,)"
  out="$("$bin" --seconds "$seconds" --clients 16 --url 127.0.0.1:18080 --watch "$watch")"
  RUN_DIR="$run_dir" deploy/loopback.sh stop
  PGOPTIONS="-c client_min_messages=warning" psql -q "$DATABASE_URL" -c "DROP SCHEMA IF EXISTS $schema CASCADE" >/dev/null
  rm -rf "$run_dir"
  echo "# behind HAProxy: $n instance(s)"
  echo "$out"
}

echo "# $(date -u +%FT%TZ) $(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for n in $clients; do
  "$bin" --seconds "$seconds" --clients "$n"
done
"$bin" --seconds "$seconds" --clients 16 --shared
for r in $rates; do
  "$bin" --seconds "$seconds" --clients 16 --rate "$r"
done
if [ -n "${DATABASE_URL:-}" ]; then
  for n in $clients; do
    "$bin" --seconds "$seconds" --clients "$n" --database "$DATABASE_URL"
  done
  "$bin" --seconds "$seconds" --clients 16 --shared --database "$DATABASE_URL"
  for r in $rates; do
    "$bin" --seconds "$seconds" --clients 16 --rate "$r" --database "$DATABASE_URL"
  done
fi
for n in $balanced; do
  balanced_run "$n"
done
