#!/usr/bin/env bash
# Executed instructions per control on arm64 and on x86-64, of the same Embedded Swift
# program (the arm64 check's profile mode), counted by qemu: `qemu-aarch64` and `qemu-x86_64`
# with -singlestep -d nochain,exec log one line per executed instruction. For each kernel,
# engine and precision, at 8 and 1,024 controls, the program lays the same batch out L and
# L + K times; the difference over K calls, over the batch length, is the count per control
# (the method of Benchmarks/instruction-gate.sh, which counts the normal build with callgrind).
# Both architectures run the same source, compiled by the same swiftc with -O for the baseline
# CPU of each (arm64: NEON, four Float lanes a register; x86-64: SSE2, also four).
#
#   bash Tests/Embedded/instructions.sh > table.md    # about 10 minutes
# Needs the programs of `bash Tests/Embedded/check.sh --programs` (built here if missing) and
# qemu-user (qemu-x86_64 comes with it).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=.build/embedded
[ -x "$OUT/ARM64Check-aarch64" ] && [ -x "$OUT/ARM64Check-x86_64" ] || bash Tests/Embedded/check.sh --programs >&2
L=2; K=4
count() {  # count QEMU BINARY ARGS...: executed instructions
  local qemu=$1; shift
  local fifo; fifo=$(mktemp -u); mkfifo "$fifo"
  grep -c '^Trace' < "$fifo" > "$fifo.count" &
  local reader=$!
  "$qemu" -singlestep -d nochain,exec -D "$fifo" "$@" > /dev/null
  wait "$reader"
  cat "$fifo.count"; rm -f "$fifo" "$fifo.count"
}
per_control() {  # per_control QEMU BINARY CONTROL PRECISION ENGINE SIZE
  local low high
  low=$(count "$1" "$2" profile "$3" "$4" "$5" "$6" "$L")
  high=$(count "$1" "$2" profile "$3" "$4" "$5" "$6" "$((L + K))")
  echo $(( (high - low) / (K * $6) ))
}
echo "| kernel | precision | engine | arm64, 8 | x86-64, 8 | arm64, 1K | x86-64, 1K |"
echo "|---|---|---|---:|---:|---:|---:|"
for control in button thumb toggle slider; do
  for precision in float double; do
    for engine in reference kernel kernel-unchecked; do
      row="| $control | $precision | $engine"
      for size in 8 1024; do
        row="$row | $(per_control qemu-aarch64 "$OUT/ARM64Check-aarch64" $control $precision $engine $size)"
        row="$row | $(per_control qemu-x86_64 "$OUT/ARM64Check-x86_64" $control $precision $engine $size)"
      done
      echo "$row |"
    done
  done
done
