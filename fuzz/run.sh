#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), one after another,
# seeded from the committed regression corpus, and prints one summary line
# per target (inputs tried, exec/s, coverage, crashes). A crash leaves its
# input in fuzz/artifacts/<target>/ and makes the script exit non-zero.
#
#   fuzz/run.sh 120            # two minutes per target
#   TARGETS="cli_args" fuzz/run.sh 30
set -u
seconds="${1:-60}"
cd "$(dirname "$0")"
targets="${TARGETS:-$(sed -n 's/^name = "\(.*\)"/\1/p' Cargo.toml | grep -v '^grimoire-fuzz$')}"
export RUSTC_BOOTSTRAP=1
status=0
mkdir -p logs
for t in $targets; do
    mkdir -p "corpus/$t" "corpus-regression/$t"
    # Plain builds (no sanitizer): the code under test is safe Rust, and the
    # 2-core machine gets many more inputs per second this way.
    cargo fuzz build -s none -O "$t" >"logs/$t.build" 2>&1 || { echo "$t: build failed (logs/$t.build)"; status=1; continue; }
    cargo fuzz run -s none -O "$t" "corpus/$t" "corpus-regression/$t" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        >"logs/$t.log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "logs/$t.log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "logs/$t.log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "logs/$t.log" | tail -1)
    crashes=$(find "artifacts/$t" -type f 2>/dev/null | wc -l)
    echo "$t: ${seconds}s, ${runs:-?} inputs, ${rate:-?} exec/s, ${cov:-cov: ?}, exit $rc, artifacts $crashes"
    [ "$rc" -eq 0 ] || status=1
done
exit $status
