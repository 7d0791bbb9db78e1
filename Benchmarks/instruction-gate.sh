#!/usr/bin/env bash
# CI instruction-count gate: executed instructions per control of every kernel, engine,
# precision and size, counted by valgrind's callgrind, against a committed baseline.
#
# Wall-clock gates on this project's shared machines have to allow 2x (ci-bench.sh); executed
# instructions do not move with the load, so this gate can fail at 2%, in either direction:
# a rise is a regression, a drop means Benchmarks/instruction-baseline.json is out of date and
# must be regenerated (so that the next rise is measured from the truth).
#
# What is counted. For each kernel (4), engine (reference, reference-checked: the single-control
# call, validation then the reference; kernel, kernel-unchecked), precision (float, double)
# and size (8 and 1K controls), `layout-bench profile` runs under
# callgrind twice, with L and L + K iterations over the same batch; the difference divided by
# K is the engine's instructions per call, divided by the size per control. Collection is
# limited to profile's `once()` (the call of the engine; --toggle-collect), because profile
# prints its wall time: formatting a different number costs a different number of
# instructions, which would make the totals differ by a few dozen from run to run. L = 32 lets
# one-time work (lazy globals on a kernel's first call; a warm-up over the first calls, seen in
# button-content kernel Float 8) settle before the first measured run ends.
#
# Determinism. The counted calls' instructions depend on where their data lie (memcpy's path
# depends on alignment, and button-content's checked kernel copies structs with memcpy), so the
# process must start the same way every time: a fixed minimal environment (env -i
# PATH=/usr/bin:/bin, and SWIFT_DETERMINISTIC_HASHING=1 so that no hash table depends on a
# random seed), the binary at one fixed path (its name is on the stack), fixed argv, cwd and
# address-space layout (setarch -R). One more environment variable of 45 characters moves
# button-content kernel Float 8 by 24 instructions per call (0.4%).
#
# It also prints, per kernel, precision and size, reference-checked / reference: what the
# validation costs the single-control call, in instructions.
#
# A figure the baseline lacks (a kernel or engine added since) is reported as "new" and not
# gated until the baseline is regenerated; a baseline figure no longer measured fails.
#
# Usage: Benchmarks/instruction-gate.sh            compare with the baseline (exit 1 on a change > 2%)
#        Benchmarks/instruction-gate.sh --update   regenerate Benchmarks/instruction-baseline.json
# Environment: LAYOUT_BENCH_SCRATCH (SwiftPM scratch path of the benchmark package, default Benchmarks/.build: in CI, the release
# build of the benchmark step before it). Needs valgrind (Debian: apt-get install valgrind).
# Exit codes: 0 pass, 1 a figure out of 2% (or another toolchain than the baseline's),
# 2 usage or setup error (no valgrind, a callgrind run failed).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

mode=check
case "${1:-}" in
    "") ;;
    --update) mode=update ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "instruction-gate: unknown argument '$1' (--update regenerates the baseline)" >&2; exit 2 ;;
esac

baseline=Benchmarks/instruction-baseline.json
scratch="${LAYOUT_BENCH_SCRATCH:-Benchmarks/.build}"
kernels=(button-content thumb-track toggle-transition slider)
engines=(reference reference-checked kernel kernel-unchecked)
precisions=(float double)
# size:K (iterations added to the L of the lower run): 8,192 and 16,384 controls measured.
sizes=(8:1024 1K:16)
low=32
# profile's `once()`, nested in `body` in LayoutBenchCLI.profile (ProfileCommand.swift).
toggle='$s11LayoutBench0aB3CLIO7profile_*4onceL_*'
# One fixed place for the binary whatever the tree: its path is in argv and on the stack.
fixed=/tmp/layoutcore-instruction-gate

valgrind=$(command -v valgrind) || { echo "instruction-gate: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
setarch "$(uname -m)" -R true 2>/dev/null || { echo "instruction-gate: setarch -R (no address randomization) does not work here" >&2; exit 2; }

# sed -n 1p, not head: head leaves the writer a SIGPIPE, which pipefail turns into a failure.
toolchain=$(swift --version 2>&1 | sed -n 1p)
valgrind_version=$("$valgrind" --version)
glibc=$(ldd --version 2>&1 | sed -n 1p)
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)

echo "instruction-gate: building layout-bench (release, scratch path $scratch)"
swift build --package-path Benchmarks -c release --scratch-path "$scratch" --product layout-bench >/dev/null
bin="$(swift build --package-path Benchmarks -c release --scratch-path "$scratch" --show-bin-path)/layout-bench"
built=$SECONDS

# Several gates at once (two trees) would share the fixed path: one at a time.
mkdir -p "$fixed"
exec 9>"$fixed.lock"
flock 9
work=$(mktemp -d)
trap 'rm -rf "$work" "$fixed/layout-bench"' EXIT
# Without debug information: valgrind 3.19 gives up on the build's ("Possibly corrupted
# debuginfo file"); the symbols the toggle needs stay.
strip -g -o "$fixed/layout-bench" "$bin"

# One callgrind run: KERNEL ENGINE PRECISION SIZE ITERATIONS -> "KERNEL ENGINE PRECISION SIZE ITERATIONS TOTAL"
count() {
    local log="$work/$1-$2-$3-$4-$5.log" total
    if ! (cd "$fixed" && env -i PATH=/usr/bin:/bin SWIFT_DETERMINISTIC_HASHING=1 setarch "$(uname -m)" -R \
            "$valgrind" --tool=callgrind --callgrind-out-file=/dev/null --collect-atstart=no "--toggle-collect=$toggle" \
            "$fixed/layout-bench" profile --kernel "$1" --engine "$2" --precision "$3" --size "$4" --iterations "$5" \
            >/dev/null 2>"$log"); then
        echo "instruction-gate: callgrind run failed: $*" >&2; cat "$log" >&2; return 1
    fi
    total=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log")
    if [ -z "$total" ] || [ "$total" = 0 ]; then
        echo "instruction-gate: no instructions collected in profile's once() for $* (renamed or inlined? update \$toggle)" >&2
        cat "$log" >&2; return 1
    fi
    echo "$1 $2 $3 $4 $5 $total"
}
export -f count
export work fixed valgrind toggle

jobs="$work/jobs"
for k in "${kernels[@]}"; do for e in "${engines[@]}"; do for p in "${precisions[@]}"; do for s in "${sizes[@]}"; do
    echo "$k $e $p ${s%%:*} $low"
    echo "$k $e $p ${s%%:*} $((low + ${s##*:}))"
done; done; done; done > "$jobs"
runs=$(wc -l < "$jobs")
echo "instruction-gate: $runs callgrind runs, two at a time"
# Two at a time: the machine has two cores; the counts do not depend on the load.
if ! xargs -P 2 -L 1 bash -c 'count "$@"' count < "$jobs" > "$work/counts"; then
    echo "instruction-gate: a callgrind run failed (above)" >&2; exit 2
fi
measured=$SECONDS

python3 - "$mode" "$baseline" "$work/counts" "$low" "${sizes[*]}" "$toolchain" "$valgrind_version" "$glibc" "$cpu" \
    "$((measured - built))" "$((measured - started))" "$runs" "$jobs" <<'PY'
import json, os, sys
from fractions import Fraction

mode, path, counts_path, low, jobs_path = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[13]
sizes = dict(s.split(":") for s in sys.argv[5].split())
toolchain, valgrind, glibc, cpu = sys.argv[6:10]
callgrind_seconds, total_seconds, runs = int(sys.argv[10]), int(sys.argv[11]), int(sys.argv[12])
LIMIT = Fraction(2, 100)

def controls(size):
    return int(size[:-1]) * 1024 if size.endswith("K") else int(size)

totals = {}
for line in open(counts_path):
    kernel, engine, precision, size, iterations, total = line.split()
    totals[(kernel, engine, precision, size, int(iterations))] = int(total)

order = []
figures = {}
for (kernel, engine, precision, size, iterations) in totals:
    key = (kernel, engine, precision, size)
    if iterations != low or key in figures:
        continue
    k = int(sizes[size])
    lo, hi = totals[key + (low,)], totals[key + (low + k,)]
    per_call = Fraction(hi - lo, k)
    figures[key] = {
        "kernel": kernel, "engine": engine, "precision": precision, "size": size,
        "controls": controls(size), "iterations_low": low, "iterations_high": low + k,
        "total_low": lo, "total_high": hi,
        "per_call": round(float(per_call), 3),
        "per_control": round(float(per_call / controls(size)), 1),
        "_exact": per_call / controls(size), "_per_call": per_call,
    }
    order.append(key)
# The order of the loops above (xargs finishes the runs in any order).
rank = {}
for line in open(jobs_path):
    rank.setdefault(tuple(line.split()[:4]), len(rank))
order.sort(key=lambda key: rank[key])

def intercepts(figs, order):
    # per call = a + b * n; from n = 8 and n = 1024: a = (pc(8) * 1024 - pc(1K) * 8) / (1024 - 8)
    out = {}
    for (kernel, engine, precision, size) in order:
        if size != "8" or (kernel, engine, precision, "1K") not in figs:
            continue
        small, large = figs[(kernel, engine, precision, size)]["_per_call"], figs[(kernel, engine, precision, "1K")]["_per_call"]
        out[(kernel, engine, precision)] = (small * 1024 - large * 8) / (1024 - 8)
    return out

def load(path):
    if not os.path.exists(path):
        return None
    data = json.load(open(path))
    figs = {}
    for f in data["figures"]:
        key = (f["kernel"], f["engine"], f["precision"], f["size"])
        k = f["iterations_high"] - f["iterations_low"]
        f = dict(f, _per_call=Fraction(f["total_high"] - f["total_low"], k))
        f["_exact"] = f["_per_call"] / f["controls"]
        figs[key] = f
    return data, figs

old = load(path)
base_data, base = old if old else ({}, {})
now_intercepts = intercepts(figures, order)

rows, failures, new = [], 0, 0
for key in order + sorted(set(base) - set(figures)):
    kernel, engine, precision, size = key
    b, n = base.get(key), figures.get(key)
    if b and n:
        change = n["_exact"] / b["_exact"] - 1
        text = f"{float(change) * 100:+.1f}%"
        if change > LIMIT: verdict = "FAIL: more than 2% above the baseline"
        elif change < -LIMIT: verdict = "FAIL: more than 2% below: regenerate the baseline"
        else: verdict = "ok"
    elif n:
        # Not gated until --update: the rest of the baseline still gates its figures.
        text, verdict = "-", "new: not in the baseline"
        new += 1
    else:
        text, verdict = "-", "FAIL: in the baseline, not measured"
    if mode == "update" and verdict != "ok":
        verdict = "updated"
    if verdict.startswith("FAIL"):
        failures += 1
    a = now_intercepts.get((kernel, engine, precision))
    rows.append([kernel, engine, precision, size,
                 f"{float(b['_exact']):.1f}" if b else "-", f"{float(n['_exact']):.1f}" if n else "-",
                 text, f"{float(a):.1f}" if a is not None else "-", verdict])

def table(header, rows, right):
    """Prints rows under header, the columns in `right` aligned right."""
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    def fmt(r):
        return "  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()
    print()
    print(fmt(header))
    print(fmt(["-" * w for w in widths]))
    for r in rows:
        print(fmt(r))
    print()

table(["kernel", "engine", "precision", "size", "baseline", "now", "change", "fixed/call", "verdict"], rows, {3, 4, 5, 6, 7})
print("baseline, now: instructions per control (callgrind; per call / controls, from the difference of"
      " the two iteration counts); change: now / baseline - 1, gated at 2% either way; fixed/call: the"
      " intercept, instructions per call that do not grow with the batch,"
      " (per call(8) * 1024 - per call(1K) * 8) / 1016, report only")

# The single-control call: validation + reference against the reference alone.
ratios = []
for (kernel, engine, precision, size) in order:
    checked = figures.get((kernel, "reference-checked", precision, size))
    if engine != "reference" or not checked:
        continue
    unchecked = figures[(kernel, engine, precision, size)]
    ratios.append([kernel, precision, size, f"{float(unchecked['_exact']):.1f}", f"{float(checked['_exact']):.1f}",
                   f"{float(checked['_exact'] / unchecked['_exact']):.2f}x"])
if ratios:
    table(["kernel", "precision", "size", "reference", "reference-checked", "checked/unchecked"], ratios, {2, 3, 4, 5})
    print("the single-control call (validation, then the reference) against the reference alone, instructions per"
          " control; report only (each engine's figure is gated above)")

if base_data:
    for name, value in (("valgrind", valgrind), ("glibc", glibc), ("cpu", cpu)):
        if base_data.get(name) != value:
            print(f"instruction-gate: note: the baseline's {name} was '{base_data.get(name)}', this run's is "
                  f"'{value}' (libc's memcpy and libm differ by CPU and version; a change of counts may come from there)")
if base:
    same = sum(1 for key in figures if key in base
               for t in ("total_low", "total_high") if base[key][t] == figures[key][t]
               and base[key]["iterations_low"] == figures[key]["iterations_low"]
               and base[key]["iterations_high"] == figures[key]["iterations_high"])
    print(f"instruction-gate: raw callgrind totals identical to the baseline's: {same} of {2 * len(figures)}")
print(f"instruction-gate: callgrind runs took {callgrind_seconds} s ({runs} runs, two at a time); "
      f"{total_seconds} s with the build")

if mode == "update":
    out = {
        "comment": "Written by Benchmarks/instruction-gate.sh --update: instructions per control under "
                   "callgrind, per kernel, engine, precision and size (Docs/Benchmarks.md, Instruction-count gate).",
        "toolchain": toolchain, "valgrind": valgrind, "glibc": glibc, "cpu": cpu,
        "figures": [{k: v for k, v in figures[key].items() if not k.startswith("_")} for key in order],
        "intercepts": [{"kernel": k, "engine": e, "precision": p, "per_call": round(float(a), 1)}
                       for (k, e, p), a in now_intercepts.items()],
    }
    with open(path, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print(f"instruction-gate: wrote {path} ({len(order)} figures, {toolchain})")
    sys.exit(0)

if not base_data:
    print(f"instruction-gate: no baseline at {path}: run Benchmarks/instruction-gate.sh --update")
    sys.exit(1)
if base_data.get("toolchain") != toolchain:
    print(f"instruction-gate: the baseline was counted with '{base_data.get('toolchain')}', this toolchain is "
          f"'{toolchain}': counts are only comparable for the same compiler; regenerate the baseline with "
          f"Benchmarks/instruction-gate.sh --update (and commit it)")
    sys.exit(1)
if failures:
    print(f"instruction-gate: {failures} of {len(rows)} figures out of 2% of the baseline (rows marked FAIL); "
          f"a drop is fine but needs a new baseline: Benchmarks/instruction-gate.sh --update")
    sys.exit(1)
if new:
    print(f"instruction-gate: {len(rows) - new} figures within 2% of the baseline; {new} new, not in the baseline and not"
          f" gated (rows marked new): Benchmarks/instruction-gate.sh --update adds them")
    sys.exit(0)
print(f"instruction-gate: {len(rows)} figures within 2% of the baseline")
PY
