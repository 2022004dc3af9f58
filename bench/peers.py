"""Times Python peers on the operations `crates/dice/examples/bench_json.rs` times for us,
checks our exact numbers against icepool, and prints a markdown table.

Usage: python peers.py OURS.json   (bench/peers.sh does all of it)
"""

import json
import statistics
import subprocess
import sys
import time

import d20
import icepool
from icepool import d6, d20 as D20

ROLLS = ["8d6+4", "4d6kh3", "1d20+7"]
DISTRIBUTIONS = ["10d6", "4d6kh3", "2d20kh1+7"]

# The same distributions written in icepool's API.
ICEPOOL_SRC = {
    "10d6": "10 @ d6",
    "4d6kh3": "d6.highest(4, 3)",
    "2d20kh1+7": "d20.highest(2, 1) + 7",
}


def icepool_expr(notation):
    return eval(ICEPOOL_SRC[notation], {"d6": d6, "d20": D20})  # noqa: S307 - fixed strings


def time_ns(op):
    """Median ns per call over 7 batches of at least 20 ms (as bench_json.rs does)."""
    n = 1
    while True:
        start = time.perf_counter_ns()
        for _ in range(n):
            op()
        if time.perf_counter_ns() - start >= 20_000_000:
            break
        n *= 2
    samples = []
    for _ in range(7):
        start = time.perf_counter_ns()
        for _ in range(n):
            op()
        samples.append((time.perf_counter_ns() - start) / n)
    return statistics.median(samples)


def cold_icepool_ns(notation, runs=7):
    """First evaluation in a fresh interpreter (icepool memoises evaluations per process)."""
    code = (
        "import time, icepool\n"
        "from icepool import d6, d20\n"
        f"t = time.perf_counter_ns(); die = {ICEPOOL_SRC[notation]}; die.mean()\n"
        "print(time.perf_counter_ns() - t)\n"
    )
    samples = [
        int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout)
        for _ in range(runs)
    ]
    return statistics.median(samples)


def main():
    ours = json.load(open(sys.argv[1]))
    timings = ours["timings_ns"]
    rows = []

    roller = d20.Roller()
    for notation in ROLLS:
        def uncached(notation=notation):
            roller._parse_cache.clear()  # d20 memoises parse trees; measure the parse too
            roller.roll(notation).total

        rows.append((f"parse+roll `{notation}`", timings[f"parse+roll {notation}"],
                     "d20 (parse cache cleared)", time_ns(uncached)))
        rows.append((f"parse+roll `{notation}`", timings[f"parse+roll {notation}"],
                     "d20 (parse cached)", time_ns(lambda n=notation: roller.roll(n).total)))

    for notation in DISTRIBUTIONS:
        ours_ns = timings[f"distribution {notation}"]
        rows.append((f"distribution `{notation}`", ours_ns, "icepool (cold, fresh process)",
                     cold_icepool_ns(notation)))
        rows.append((f"distribution `{notation}`", ours_ns, "icepool (warm: same process, caches filled)",
                     time_ns(lambda n=notation: icepool_expr(n).mean())))

    print("| operation | ours (ns) | peer | theirs (ns) | ours/theirs |")
    print("|---|---:|---|---:|---:|")
    for op, us, peer, them in rows:
        print(f"| {op} | {us:,.0f} | {peer} | {them:,.0f} | {us / them:.4f} |")

    print()
    print("Exactness check against icepool (exact fractions):")
    print()
    print("| distribution | mean (ours) | mean (icepool) | max abs error of P(X >= k) over all k |")
    print("|---|---:|---:|---:|")
    worst = 0.0
    for notation in DISTRIBUTIONS:
        die = icepool_expr(notation)
        check = ours["checks"][notation]
        mean_err = abs(check["mean"] - float(die.mean()))
        p_err = max(abs(p - float(die.probability(">=", k))) for k, p in check["at_least"])
        assert check["min"] == die.min_outcome() and check["max"] == die.max_outcome(), notation
        worst = max(worst, mean_err, p_err)
        print(f"| `{notation}` | {check['mean']:.12f} | {float(die.mean()):.12f} | {p_err:.2e} |")
    print()
    status = "agree" if worst < 1e-9 else "DISAGREE"
    print(f"All means and tail probabilities {status} within 1e-9 (worst difference {worst:.2e}).")
    if worst >= 1e-9:
        sys.exit(1)


if __name__ == "__main__":
    main()
