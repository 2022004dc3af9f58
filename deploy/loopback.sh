#!/usr/bin/env bash
# Several `grimoire serve` on one PostgreSQL behind HAProxy (Debian's
# package), everything on 127.0.0.1 (issue 38).
#
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test deploy/loopback.sh run
#       starts it all, prints the balancer's URL, waits for Ctrl-C, stops it all
#   deploy/loopback.sh start    starts it all and returns (state in RUN_DIR)
#   deploy/loopback.sh stop     stops what `start` started, by the pids it wrote
#
# Routing is sticky-free: round robin, every request to whichever instance
# is next, so a client's requests and its live stream may land on different
# instances (live updates cross instances over PostgreSQL's LISTEN/NOTIFY).
# The balancer checks `GET /health` every 500 ms (see docs/PERFORMANCE.md
# for what it proves) and takes an instance out after two failures. A
# request whose connection to an instance fails (refused: the instance is
# gone) is sent to another; one already sent is never sent twice, so a
# client that loses its answer (502) must look before it repeats a write.
# Each response names the instance that served it (`X-Grimoire-Instance`).
#
# Environment (all optional except DATABASE_URL):
#   INSTANCES          how many instances, 1 to 8 (default 2; 1 measures the
#                      balancer's own cost)
#   PORT               the balancer's port (default 8080)
#   INSTANCE_PORTS     the instances' ports, space-separated (default PORT+1…)
#   RUN_DIR            configuration, logs and pids (default /tmp/grimoire-loopback)
#   GRIMOIRE           the binary (default target/release/grimoire, else target/debug/grimoire)
#   GRIMOIRE_PG_SCHEMA the PostgreSQL schema the instances share (default: the search path)
#   SERVE_ARGS         more arguments for each `grimoire serve` (e.g. --no-rate-limits)
#
# Every instance sees the balancer's address as the client's: the per-IP
# limits (256 connections, 10 sign-ups an hour) count the balancer, so the
# balancer caps each instance at 200 connections.
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-run}"
run_dir="${RUN_DIR:-/tmp/grimoire-loopback}"
mkdir -p "$run_dir"

# A process's start time (clock ticks since boot), so that a pid the
# system has since given to another process is never signalled.
started_at() {
  local stat
  stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
  stat="${stat##*) }"
  # Field 22 of the line is the 20th after the command's closing ")".
  set -- $stat
  echo "${20}"
}

# Remembers process $1 as one of ours.
remember() {
  echo "$1 $(started_at "$1" || echo 0)" >>"$run_dir/pids"
}

# Whether process $1, started at $2, is still the one we started.
ours() {
  [ "$(started_at "$1" 2>/dev/null)" = "$2" ]
}

stop() {
  local pid at
  if [ -f "$run_dir/pids" ]; then
    # Only the processes this script started, by the ids it wrote.
    while read -r pid at; do
      if ours "$pid" "$at"; then kill "$pid" 2>/dev/null || true; fi
    done <"$run_dir/pids"
    for _ in $(seq 1 50); do
      local alive=0
      while read -r pid at; do
        if ours "$pid" "$at"; then alive=1; fi
      done <"$run_dir/pids"
      [ "$alive" = 0 ] && break
      sleep 0.1
    done
    rm -f "$run_dir/pids"
  fi
}

if [ "$mode" = stop ]; then
  stop
  exit 0
fi
if [ "$mode" != start ] && [ "$mode" != run ]; then
  echo "usage: $0 [run|start|stop]" >&2
  exit 2
fi

: "${DATABASE_URL:?set DATABASE_URL to a postgres:// URL: the instances share one PostgreSQL}"
case "$DATABASE_URL" in
  postgres://* | postgresql://*) ;;
  *) echo "DATABASE_URL must be a postgres:// URL" >&2; exit 2 ;;
esac
command -v haproxy >/dev/null || { echo "haproxy is missing: apt-get install -y haproxy" >&2; exit 2; }
command -v curl >/dev/null || { echo "curl is missing: apt-get install -y curl" >&2; exit 2; }

instances="${INSTANCES:-2}"
if [ "$instances" -lt 1 ] || [ "$instances" -gt 8 ]; then
  echo "INSTANCES must be 1 to 8" >&2
  exit 2
fi
port="${PORT:-8080}"
if [ -n "${INSTANCE_PORTS:-}" ]; then
  read -r -a ports <<<"$INSTANCE_PORTS"
else
  ports=()
  for i in $(seq 1 "$instances"); do ports+=($((port + i))); done
fi
if [ "${#ports[@]}" -ne "$instances" ]; then
  echo "INSTANCE_PORTS must name $instances ports" >&2
  exit 2
fi
bin="${GRIMOIRE:-}"
if [ -z "$bin" ]; then
  for b in target/release/grimoire target/debug/grimoire; do
    if [ -x "$b" ]; then bin="$b"; break; fi
  done
fi
[ -n "$bin" ] && [ -x "$bin" ] || { echo "no grimoire binary: cargo build -p grimoire-cli, or set GRIMOIRE" >&2; exit 2; }

# A second start would lose the first's pids.
[ -f "$run_dir/pids" ] && stop
: >"$run_dir/pids"
: >"$run_dir/instances"
if [ "$mode" = run ]; then
  trap 'stop' EXIT
  trap 'exit 130' INT TERM
fi

# Waits until http://127.0.0.1:$1/health answers 200, or gives up after
# 30 s or once process $2 has ended.
wait_healthy() {
  for _ in $(seq 1 300); do
    if curl -fsS -o /dev/null --max-time 1 "http://127.0.0.1:$1/health" 2>/dev/null; then return 0; fi
    kill -0 "$2" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

# The first instance migrates the schema before the others start, so they
# do not all wait on the migration's lock at once.
read -r -a serve_args <<<"${SERVE_ARGS:-}"
for i in $(seq 1 "$instances"); do
  p="${ports[$((i - 1))]}"
  "$bin" serve --database-url "$DATABASE_URL" --bind "127.0.0.1:$p" ${serve_args[@]+"${serve_args[@]}"} \
    >"$run_dir/g$i.log" 2>&1 &
  pid=$!
  remember "$pid"
  echo "g$i $p $pid" >>"$run_dir/instances"
  if [ "$i" = 1 ]; then
    wait_healthy "$p" "$pid" || { echo "instance g$i did not start:" >&2; cat "$run_dir/g$i.log" >&2; stop; exit 1; }
  fi
done
while read -r name p pid; do
  wait_healthy "$p" "$pid" || { echo "instance $name did not start:" >&2; cat "$run_dir/$name.log" >&2; stop; exit 1; }
done <"$run_dir/instances"

{
  cat <<EOF
# Written by deploy/loopback.sh; every address on 127.0.0.1.
global
    maxconn 4096

defaults
    mode http
    # keep-alive both ways (default): idle connections to instances reused
    timeout connect 1s
    timeout client 60s
    timeout server 60s
    timeout queue 15s
    timeout http-request 10s
    timeout http-keep-alive 10s
    # Only a request whose connection failed is sent again (HAProxy's
    # default retry-on conn-failure): it never reached an instance.
    retries 2
    option redispatch 1

frontend table
    bind 127.0.0.1:$port
    default_backend grimoire

backend grimoire
    balance roundrobin
    option httpchk
    http-check send meth GET uri /health
    http-check expect status 200
    default-server inter 500ms fall 2 rise 2 maxconn 200 on-marked-down shutdown-sessions
    http-response set-header X-Grimoire-Instance %[srv_name]
EOF
  while read -r name p _; do
    echo "    server $name 127.0.0.1:$p check"
  done <"$run_dir/instances"
} >"$run_dir/haproxy.cfg"
haproxy -c -q -f "$run_dir/haproxy.cfg" || { stop; exit 1; }
haproxy -db -f "$run_dir/haproxy.cfg" >"$run_dir/haproxy.log" 2>&1 &
balancer=$!
remember "$balancer"
echo "$port $balancer" >"$run_dir/balancer"
wait_healthy "$port" "$balancer" || { echo "the balancer did not start:" >&2; cat "$run_dir/haproxy.log" >&2; stop; exit 1; }

echo "grimoire: http://127.0.0.1:$port/ ($instances instances behind HAProxy; logs in $run_dir)"
if [ "$mode" = run ]; then
  wait "$balancer"
fi
