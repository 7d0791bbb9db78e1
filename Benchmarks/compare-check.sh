#!/usr/bin/env bash
# Checks `layout-bench compare`'s DEFAULT options on real data, on this machine, now:
#
# (a) no false alarm: three quick runs of the same build, back to back, compared pairwise
#     (a->b, b->c, a->c) with the default options must all pass (exit 0);
# (b) a real slowdown is caught: for each kernel in turn, a copy of run c with that kernel's
#     kernel times 1.5x slower (its speedups / 1.5; every variant, precision, thread count and
#     size) compared against run a with the default options must fail (exit 1), naming that
#     kernel and no other.
#
# It prints each comparison's summary, every group it judged with its verdict (the row
# tables go to $out/*.txt). Three `run --quick` take most of its time. Exit 0 when every
# check holds.
#
# The defaults it checks (Docs/Benchmarks.md, "compare"): each kernel, precision and thread
# count judged by the median of its rows' changes (both variants, sizes from 1K up), speedups
# from the fastest repetitions, threshold 0.75 with one thread and 0.5 with more. A 1.5x
# slowdown measures 0.67.
#
# Environment: LAYOUT_BENCH_SCRATCH (SwiftPM scratch path of the benchmark package, default Benchmarks/.build), LAYOUT_BENCH_JOBS
# (swift build -j, default SwiftPM's); COMPARE_CHECK_KEEP=DIR keeps the reports and the
# comparisons' output in DIR; COMPARE_CHECK_REUSE=DIR compares the a.json, b.json and c.json
# a kept earlier check left there instead of running again.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${LAYOUT_BENCH_SCRATCH:-Benchmarks/.build}"
jobs=()
if [ -n "${LAYOUT_BENCH_JOBS:-}" ]; then jobs=(-j "$LAYOUT_BENCH_JOBS"); fi
swift build --package-path Benchmarks -c release "${jobs[@]}" --scratch-path "$scratch" --product layout-bench
bin="$(swift build --package-path Benchmarks -c release "${jobs[@]}" --scratch-path "$scratch" --show-bin-path)/layout-bench"

if [ -n "${COMPARE_CHECK_KEEP:-}" ]; then
    out="$COMPARE_CHECK_KEEP"
    mkdir -p "$out"
else
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
fi

for run in a b c; do
    if [ -n "${COMPARE_CHECK_REUSE:-}" ]; then
        echo "compare-check: run $run: $COMPARE_CHECK_REUSE/$run.json"
        [ "$COMPARE_CHECK_REUSE/$run.json" -ef "$out/$run.json" ] || cp "$COMPARE_CHECK_REUSE/$run.json" "$out/$run.json"
        continue
    fi
    echo "compare-check: run $run: layout-bench run --quick ($(date -u +%H:%M:%S) UTC, load $(cut -d' ' -f1 /proc/loadavg))"
    # --no-write: the report goes to stdout only (--output keeps any file away from the
    # committed reports, should a future version write some anyway).
    "$bin" run --quick --no-write --format json --quiet --output "$out/files-$run" > "$out/$run.json"
done

failures=0
# compare NAME EXPECTED_EXIT BASELINE NEW: runs compare with the default options, prints its
# verdict lines, and counts a failure when the exit code differs from EXPECTED_EXIT.
compare() {
    local name="$1" expected="$2" code=0
    "$bin" compare "$3" "$4" > "$out/$name.txt" 2> "$out/$name.err" || code=$?
    echo "--- $name: exit $code (expected $expected)"
    sed 's/^/    /' "$out/$name.err"
    # The environment warnings (up to the blank line after them), then the summary: from the
    # first "compare:" line on (every group judged, then the verdict).
    sed -n '/^WARNING/,/^$/p' "$out/$name.txt" | sed '/^$/d; s/^/    /'
    sed -n '/^compare:/,$p' "$out/$name.txt" | sed 's/^/    /'
    if [ "$code" != "$expected" ]; then
        echo "compare-check: FAILED: $name exited $code, expected $expected" >&2
        failures=$((failures + 1))
    fi
    return 0
}

echo
echo "(a) unchanged code, default options (expect exit 0)"
compare a-b 0 "$out/a.json" "$out/b.json"
compare b-c 0 "$out/b.json" "$out/c.json"
compare a-c 0 "$out/a.json" "$out/c.json"

echo
echo "(b) one kernel 1.5x slower (run c with that kernel's kernel times x 1.5) against run a (expect exit 1)"
kernels="$(python3 -c 'import json, sys; print(" ".join(sorted({r["kernel"] for r in json.load(open(sys.argv[1]))["rows"]})))' "$out/c.json")"
for kernel in $kernels; do
    python3 - "$out/c.json" "$kernel" "$out/c-slow-$kernel.json" <<'EOF'
import json, sys
source, kernel, target = sys.argv[1:]
report = json.load(open(source))
for row in report["rows"]:
    # The kernel's rows: not the references (reference-checked is the single-control call).
    if row["kernel"] != kernel or row["variant"] in ("reference", "reference-checked"):
        continue
    for key in ("median", "min", "max", "p90", "mean", "mad", "standardDeviation"):
        row["nsPerControl"][key] *= 1.5
    if row.get("speedup"):
        for key in ("estimate", "lower", "upper"):
            row["speedup"][key] /= 1.5
    for key in ("ratioToFloor",):
        if row.get(key) is not None:
            row[key] *= 1.5
json.dump(report, open(target, "w"), indent=1)
EOF
    compare "a-c-$kernel-1.5x-slower" 1 "$out/a.json" "$out/c-slow-$kernel.json"
    # Only that kernel may be named among the regressions.
    others="$(sed -n '/REGRESSED:/,$p' "$out/a-c-$kernel-1.5x-slower.txt" | tail -n +2 | grep -v "^  $kernel " || true)"
    if [ -n "$others" ]; then
        echo "compare-check: FAILED: the slowdown planted in $kernel also failed other groups:" >&2
        echo "$others" >&2
        failures=$((failures + 1))
    fi
done

echo
if [ "$failures" -ne 0 ]; then
    echo "compare-check: $failures check(s) FAILED (outputs in $out)" >&2
    trap - EXIT
    exit 1
fi
echo "compare-check: unchanged runs pass and a 1.5x slower kernel fails, with the default options"
