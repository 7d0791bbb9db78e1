#!/usr/bin/env bash
# Where one batch call's instructions go: per function, or per instruction of one function.
#
# `instructions.sh` and `instruction-gate.sh` count a whole call. This script runs
# `layout-bench profile` once under callgrind, collecting only inside profile's `once()` (the
# engine's call, as the gate does), and divides every count by the number of calls
# (ITERATIONS + 1: profile makes one call before its timed iterations).
# - Without FUNCTION: each function's own instructions per call (callgrind's self cost),
#   largest first, names demangled.
# - With FUNCTION (a piece of a mangled symbol name, e.g. `_allValid` or `_easedLanes`): every
#   instruction of the matching function with how often it ran per call, from objdump, so a
#   fixed cost shows as the instructions that run once per call rather than once per lane group.
#
# Usage: Benchmarks/instructions-per-function.sh KERNEL ENGINE PRECISION SIZE [ITERATIONS] [FUNCTION]
#   e.g. Benchmarks/instructions-per-function.sh slider kernel float 8 1000 _allValid
# Needs valgrind, python3 and binutils' objdump. Builds layout-bench in release with the
# default flags. The per-call counts are exact only for what does not change between calls.
set -euo pipefail
kernel=${1:?usage: $0 KERNEL ENGINE PRECISION SIZE [ITERATIONS] [FUNCTION]}
engine=${2:?usage: $0 KERNEL ENGINE PRECISION SIZE [ITERATIONS] [FUNCTION]}
precision=${3:?usage: $0 KERNEL ENGINE PRECISION SIZE [ITERATIONS] [FUNCTION]}
size=${4:?usage: $0 KERNEL ENGINE PRECISION SIZE [ITERATIONS] [FUNCTION]}
iterations=${5:-1000}
function=${6:-}
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "instructions-per-function.sh: valgrind is not installed" >&2; exit 2; }
build=(--package-path Benchmarks -c release)
swift build "${build[@]}" --product layout-bench >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Without debug information: valgrind 3.19 rejects the build's.
strip -g -o "$work/layout-bench" "$(swift build "${build[@]}" --show-bin-path)/layout-bench"
options=(--tool=callgrind --callgrind-out-file="$work/callgrind.out" --collect-atstart=no
         '--toggle-collect=$s11LayoutBench0aB3CLIO7profile_*4onceL_*')
[ -n "$function" ] && options+=(--dump-instr=yes)
env -i PATH=/usr/bin:/bin SWIFT_DETERMINISTIC_HASHING=1 valgrind "${options[@]}" "$work/layout-bench" \
    profile --kernel "$kernel" --engine "$engine" --precision "$precision" --size "$size" \
    --iterations "$iterations" >/dev/null 2>"$work/valgrind.log" \
    || { cat "$work/valgrind.log" >&2; exit 2; }
calls=$((iterations + 1))
if [ -z "$function" ]; then
    echo "instructions per call ($calls calls of $kernel $engine $precision at $size), own cost per function:"
    callgrind_annotate --inclusive=no "$work/callgrind.out" 2>/dev/null \
        | awk -v calls="$calls" '/^ *[0-9,]+ +\(/ { n = $1; gsub(",", "", n);
              sub(/^ *[0-9,]+ +\( *[0-9.]+%\) +/, ""); printf "%10.1f  %s\n", n / calls, $0 }' \
        | swift demangle --simplified | sed 's/???://; s/ \[[^]]*\]$//' | cut -c1-200
    exit 0
fi
python3 - "$work/callgrind.out" "$work/layout-bench" "$function" "$calls" <<'PY'
import re, subprocess, sys
out, binary, pattern, calls = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
# The callgrind format with `positions: instr line`: a cost line is "ADDRESS LINE COST",
# where ADDRESS may be absolute (0x...), relative to the previous one (+N, -N) or the same
# (*). The line after `calls=` is a call's inclusive cost, attributed to the calling
# instruction: its address counts, its cost is not the caller's own.
names, function, last, counts, after_call = {}, None, 0, {}, False
for line in open(out):
    m = re.match(r'(c?fn)=\((\d+)\)(?: (.*))?', line)
    if m:
        if m.group(3): names[m.group(2)] = m.group(3)
        if m.group(1) == 'fn': function = names.get(m.group(2))
        continue
    if line.startswith('calls='):
        after_call = True
        continue
    m = re.match(r'(0x[0-9a-f]+|[+-]\d+|\*)\s+\S+\s+(\d+)', line)
    if not m: continue
    address = m.group(1)
    last = int(address, 16) if address.startswith('0x') else last if address == '*' else last + int(address)
    if after_call:
        after_call = False
        continue
    if function and pattern in function:
        counts[last] = counts.get(last, 0) + int(m.group(2))
matched = sorted({f for f in names.values() if pattern in f})
if not counts:
    sys.exit(f"no instructions counted in a function whose name contains '{pattern}'")
print(f"{sum(counts.values()) / calls:.1f} instructions per call in: " + ", ".join(matched))
listing = subprocess.run(['objdump', '-d', '--no-show-raw-insn', f'--start-address={min(counts)}',
                          f'--stop-address={max(counts) + 16}', binary], capture_output=True, text=True).stdout
for line in listing.splitlines():
    m = re.match(r'\s+([0-9a-f]+):\s+(.*)', line)
    if m and int(m.group(1), 16) in counts:
        print(f"{counts[int(m.group(1), 16)] / calls:8.1f}  {m.group(2)[:100]}")
PY
