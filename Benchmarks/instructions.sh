#!/usr/bin/env bash
# Instructions per control of one engine of one kernel, counted by valgrind's callgrind.
#
# Wall-clock times move with the machine's load (this project's machines are shared); executed
# instructions do not. The script runs `layout-bench profile` under callgrind with 1 and with
# 1 + K iterations over the same batch and divides the difference by K * size, so building the
# inputs and the first run cancel out.
#
# Usage: Benchmarks/instructions.sh KERNEL [ENGINE] [PRECISION] [SIZE] [K]
#   e.g. Benchmarks/instructions.sh button-content kernel float 16K 10
# Needs valgrind (Debian: apt-get install valgrind). Builds layout-bench in release with the
# default flags; with INSTRUCTIONS_NATIVE=1, with `-target-cpu native` in Benchmarks/.build/native.
# Callgrind (valgrind 3.19) cannot run AVX-512 code: on a CPU with AVX-512, set
# INSTRUCTIONS_CPU to a CPU without it, e.g. haswell (AVX2 and FMA, the instruction set of the
# C ceiling ports), which builds with `-target-cpu haswell` in Benchmarks/.build/native-haswell. (Not
# znver3: the compiler uses AMD's SSE4a there, which valgrind 3.19 cannot decode either.)
set -euo pipefail
kernel=${1:?usage: $0 KERNEL [ENGINE] [PRECISION] [SIZE] [K]}
engine=${2:-kernel}
precision=${3:-float}
size=${4:-16K}
k=${5:-10}
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed" >&2; exit 2; }
build=(--package-path Benchmarks -c release -j 1)
if [ "${INSTRUCTIONS_NATIVE:-0}" = 1 ]; then
    cpu=${INSTRUCTIONS_CPU:-native}
    build+=(-Xswiftc -target-cpu -Xswiftc "$cpu" --build-path "Benchmarks/.build/native${INSTRUCTIONS_CPU:+-$cpu}")
fi
swift build "${build[@]}" --product layout-bench >/dev/null
# A copy without debug information: valgrind 3.19 gives up on the build's ("Possibly
# corrupted debuginfo file"), and counting instructions does not need it.
bench=$(mktemp)
trap 'rm -f "$bench"' EXIT
strip -g -o "$bench" "$(swift build "${build[@]}" --show-bin-path)/layout-bench"
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" profile --kernel "$kernel" \
        --engine "$engine" --precision "$precision" --size "$size" --iterations "$1" 2>&1 >/dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
one=$(count 0)
many=$(count "$k")
controls=$("$bench" profile --kernel "$kernel" --engine "$engine" --precision "$precision" --size "$size" --iterations 0 \
    | sed -n 's/.* of \([0-9]*\) controls.*/\1/p')
python3 -c "print(f'$kernel $engine $precision $size: {($many - $one) / ($k * $controls):.1f} instructions per control')"
