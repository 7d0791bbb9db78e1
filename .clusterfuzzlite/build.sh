#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build script for the fuzz targets in Fuzz/ (Fuzz/README.md).
#
# Inputs (set by the infrastructure, or by hand for a local run):
#   OUT        where the fuzzers and their files go
#   SRC        the source root (the repository is $SRC/layoutcore in the image)
#   SANITIZER  address (the one supported sanitizer), coverage, or none
#   SWIFT_BUILD_JOBS  optional: `swift build -j` (a local check on a shared machine sets 1)
# Produces in $OUT, for every .fit / differential / bad-input / sequence target <T>:
#   <T>                   the libFuzzer binary (Swift runtime linked statically)
#   <T>_seed_corpus.zip   Fuzz/Corpus/<T> and Fuzz/Regressions/<T> (not its open-* files)
#   <T>.dict              Fuzz/Dictionaries/<T>.dict
#   <T>.options           Fuzz/Options/<T>.options (libFuzzer and ASan options)
# The .legacy self-test targets are left out: they crash by design (Fuzz/run.sh runs them).
#
# Local run (from the repository root):
#   OUT=/tmp/cflite-out SRC=$PWD SANITIZER=address bash .clusterfuzzlite/build.sh
#
# Flags: OSS-Fuzz's `precompile_swift` builds with two flags, `--sanitize=fuzzer
# --sanitize=address`, which with SwiftPM instruments each build for only one of the two at
# random (Fuzz/README.md). This script passes the combined form itself, and, as Fuzz/run.sh,
# leaves comparison tracing out (Swift's coverage pass runs after ASan and would trace every
# shadow-memory check).

# The package: the working directory when it has one (OSS-Fuzz's WORKDIR, or a local run
# from the repository root), else $SRC/layoutcore, else the repository holding this script.
if [ -f Package.swift ]; then
  PACKAGE_DIR=$PWD
elif [ -f "$SRC/layoutcore/Package.swift" ]; then
  PACKAGE_DIR=$SRC/layoutcore
else
  PACKAGE_DIR=$(cd "$(dirname "$0")/.." && pwd)
fi
cd "$PACKAGE_DIR"
mkdir -p "$OUT"

# llvm-symbolizer for readable stack traces (only inside the OSS-Fuzz image).
if command -v precompile_swift > /dev/null 2>&1; then
  . precompile_swift
fi

. Fuzz/build-flags.sh
FLAGS=(--static-swift-stdlib -Xswiftc -static-stdlib --sanitize=fuzzer)
case "${SANITIZER:-address}" in
  address)
    # Fuzz/build-flags.sh: the same flags as Fuzz/run.sh's build, dead code left out.
    FLAGS=("${FUZZ_ADDRESS_FLAGS[@]}") ;;
  coverage)
    FLAGS+=(-Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping) ;;
  none | introspector)
    FLAGS+=(-Xswiftc -sanitize=fuzzer) ;;
  *)
    echo "build.sh: SANITIZER=$SANITIZER is not supported for Swift (address, coverage, none)" >&2
    exit 1 ;;
esac
SCRATCH="${CFLITE_SCRATCH:-.build/cflite-${SANITIZER:-address}}"
if [ -n "${SWIFT_BUILD_JOBS:-}" ]; then FLAGS+=(-j "$SWIFT_BUILD_JOBS"); fi

TARGETS=()
for main in Fuzz/Fuzz*/main.swift; do
  target=$(basename "$(dirname "$main")")
  case "$target" in *Legacy) continue ;; esac
  TARGETS+=("$target")
done

for target in "${TARGETS[@]}"; do
  swift build --package-path Fuzz -c release --product "$target" --scratch-path "$SCRATCH" "${FLAGS[@]}"
done
BIN_DIR=$(swift build --package-path Fuzz -c release --scratch-path "$SCRATCH" "${FLAGS[@]}" --show-bin-path)

for target in "${TARGETS[@]}"; do
  cp "$BIN_DIR/$target" "$OUT/$target"
  cp "Fuzz/Dictionaries/$target.dict" "$OUT/$target.dict"
  cp "Fuzz/Options/$target.options" "$OUT/$target.options"
  rm -f "$OUT/${target}_seed_corpus.zip"
  corpus=("Fuzz/Corpus/$target")
  [ -d "Fuzz/Regressions/$target" ] && corpus+=("Fuzz/Regressions/$target")
  # Open findings (open-*: reported, not fixed yet) are no seeds: they crash the target.
  (cd "$PACKAGE_DIR" && find "${corpus[@]}" -type f ! -name 'open-*' -print | zip -q -j "$OUT/${target}_seed_corpus.zip" -@)
done
echo "build.sh: ${#TARGETS[@]} fuzzers in $OUT: ${TARGETS[*]}"
