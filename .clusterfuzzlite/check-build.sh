#!/usr/bin/env bash
# CI: check the ClusterFuzzLite setup here, without Docker or network.
#
# 1. The GitHub Actions workflows and project.yaml parse and say what they must
#    (check-workflows.py, with PyYAML: ClusterFuzzLite actions, language swift, the four modes, storage
#    repository, paths that exist).
# 2. build.sh, run the way the infrastructure runs it (OUT, SRC, SANITIZER), once with
#    SANITIZER=address and once with SANITIZER=coverage, each into its own OUT.
# 3. What OSS-Fuzz's build check does with the result: every fuzzer in $OUT (an executable
#    holding LLVMFuzzerTestOneInput, as the infrastructure finds them) has its .options, .dict
#    and seed corpus zip; it replays the unzipped seed corpus with the flags of its .options file
#    (-runs=0) and fuzzes from it for a few seconds, and exits 0 both times. The address build
#    must really have ASan (asan.module_ctor) and libFuzzer's coverage counters ("inline 8-bit
#    counters"); the coverage build's binaries replay their corpus into a profile that
#    llvm-profdata and llvm-cov accept (line coverage of the library printed per target).
#
# Scratch space is under .build/ (CFLITE_CHECK_SCRATCH), so the clone stays clean. Settings:
#   CFLITE_CHECK_SECONDS  fuzzing time per address-build target (default 3)
#   SWIFT_BUILD_JOBS      passed to build.sh (`swift build -j`; unset: SwiftPM's default)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
START=$SECONDS

export SWIFT_BACKTRACE=enable=no  # else a crash can hang, or exit without a crash artifact
SCRATCH="$ROOT/${CFLITE_CHECK_SCRATCH:-.build/cflite-check}"
FUZZ_SECONDS="${CFLITE_CHECK_SECONDS:-3}"
FAILURES=()
fail() { echo "cflite-check: FAIL: $*" >&2; FAILURES+=("$*"); }

echo "== cflite-check: scripts parse (bash -n)"
for script in .clusterfuzzlite/*.sh; do bash -n "$script"; done

echo "== cflite-check: workflows and project.yaml"
# The check reads YAML with PyYAML: from PyPI where pip reaches it, else Debian's python3-yaml.
if ! python3 -c 'import yaml' 2>/dev/null; then
  python3 -m pip install -q pyyaml 2>/dev/null \
    || { apt-get install -y -qq python3-yaml >/dev/null && PYTHON_FOR_YAML=/usr/bin/python3; }
fi
"${PYTHON_FOR_YAML:-python3}" .clusterfuzzlite/check-workflows.py

echo "== cflite-check: Swift toolchain choice of the Dockerfile (dry run against this toolchain)"
SWIFT_INSTALL_DRY_RUN=1 bash .clusterfuzzlite/install-swift.sh

# libFuzzer flags from a ClusterFuzzLite .options file: its [libfuzzer] section as -key=value
# (a dictionary path relative to $OUT, as the runner runs from there); ASAN_OPTIONS from [asan].
libfuzzer_flags() {  # options-file out-dir
  awk -v out="$2" '
    /^[[:space:]]*\[/ { section = $0; gsub(/[[:space:]\[\]]/, "", section); next }
    /^[[:space:]]*(#|;|$)/ { next }
    section == "libfuzzer" && index($0, "=") {
      key = substr($0, 1, index($0, "=") - 1); value = substr($0, index($0, "=") + 1)
      gsub(/^[[:space:]]+|[[:space:]]+$/, "", key); gsub(/^[[:space:]]+|[[:space:]]+$/, "", value)
      if (key == "dict") value = out "/" value
      print "-" key "=" value
    }' "$1"
}
asan_options() {  # options-file
  awk '
    /^[[:space:]]*\[/ { section = $0; gsub(/[[:space:]\[\]]/, "", section); next }
    /^[[:space:]]*(#|;|$)/ { next }
    section == "asan" && index($0, "=") {
      line = $0; gsub(/[[:space:]]/, "", line); printf "%s%s", sep, line; sep = ":"
    }' "$1"
}

# The fuzzers of an OUT the way the infrastructure finds them: executable files without an
# extension that hold the string LLVMFuzzerTestOneInput.
fuzzers_in() {
  local f
  for f in "$1"/*; do
    [ -f "$f" ] && [ -x "$f" ] || continue
    case "$(basename "$f")" in *.*) continue ;; esac
    grep -q LLVMFuzzerTestOneInput "$f" && basename "$f"
  done
}

# The targets build.sh must put there: every Fuzz/<T>/main.swift but the crash-by-design
# self-test (Fuzz/README.md).
EXPECTED=()
for main in Fuzz/Fuzz*/main.swift; do
  target=$(basename "$(dirname "$main")")
  case "$target" in *Legacy) ;; *) EXPECTED+=("$target") ;; esac
done

LLVM_BIN=$(dirname "$(command -v swift)")
mkdir -p "$SCRATCH"

# Both builds at once (each in its own scratch path): a release build is mostly one
# whole-module compile at a time, which keeps about one core busy. The address build has
# Fuzz/run.sh's flags (Fuzz/build-flags.sh) and uses its scratch path, so after a fuzz run it
# only links.
declare -A BUILD_PIDS
declare -A BUILD_SCRATCH=([address]="${FUZZ_SCRATCH:-.build/fuzz}" [coverage]=".build/cflite-coverage")
build_start=$SECONDS
for sanitizer in address coverage; do
  OUT="$SCRATCH/out-$sanitizer"
  WORK="$SCRATCH/work-$sanitizer"
  rm -rf "$OUT" "$WORK"
  mkdir -p "$OUT" "$WORK"
  echo "== cflite-check: build.sh with SANITIZER=$sanitizer into $OUT (log: $WORK/build.log)"
  OUT="$OUT" SRC="$ROOT" SANITIZER=$sanitizer SWIFT_BUILD_JOBS="${SWIFT_BUILD_JOBS:-}" \
    CFLITE_SCRATCH="${BUILD_SCRATCH[$sanitizer]}" bash .clusterfuzzlite/build.sh > "$WORK/build.log" 2>&1 &
  BUILD_PIDS[$sanitizer]=$!
done
for sanitizer in address coverage; do
  if ! wait "${BUILD_PIDS[$sanitizer]}"; then
    cat "$SCRATCH/work-$sanitizer/build.log" >&2
    echo "cflite-check: build.sh with SANITIZER=$sanitizer failed (above)" >&2
    exit 1
  fi
  tail -n 1 "$SCRATCH/work-$sanitizer/build.log"
done
echo "   both builds: $((SECONDS - build_start))s"

for sanitizer in address coverage; do
  OUT="$SCRATCH/out-$sanitizer"
  WORK="$SCRATCH/work-$sanitizer"

  mapfile -t FOUND < <(fuzzers_in "$OUT")
  if [ "$(printf '%s\n' "${FOUND[@]}" | sort)" != "$(printf '%s\n' "${EXPECTED[@]}" | sort)" ]; then
    fail "$sanitizer: fuzzers in OUT (${FOUND[*]}) are not the expected ones (${EXPECTED[*]})"
  fi

  for target in "${FOUND[@]}"; do
    bin="$OUT/$target"
    for file in "$target.options" "$target.dict" "${target}_seed_corpus.zip"; do
      [ -s "$OUT/$file" ] || fail "$sanitizer $target: no $file in OUT"
    done
    [ -s "$OUT/$target.options" ] || continue
    mapfile -t flags < <(libfuzzer_flags "$OUT/$target.options" "$OUT")
    # As OSS-Fuzz's run_fuzzer: its default limits, then the target's options.
    flags=(-rss_limit_mb=2560 -timeout=25 "${flags[@]}")
    asan="$(asan_options "$OUT/$target.options")"
    export ASAN_OPTIONS="${asan:-detect_leaks=0}"
    corpus="$WORK/$target-corpus"
    mkdir -p "$corpus"
    unzip -q -o "$OUT/${target}_seed_corpus.zip" -d "$corpus"
    seeds=$(find "$corpus" -type f | wc -l)
    [ "$seeds" -gt 0 ] || fail "$sanitizer $target: empty seed corpus"

    if [ "$sanitizer" = address ]; then
      # (grep -c reads all of nm's output: grep -q would stop early, and pipefail would report
      # nm's SIGPIPE as a failure)
      if [ "$(nm "$bin" 2>/dev/null | grep -c 'asan.module_ctor' || true)" -gt 0 ]; then
        asan_status="asan ok"
      else
        asan_status="NO ASAN"; fail "address $target: no ASan (asan.module_ctor missing)"
      fi
      (cd "$WORK" && "$bin" -runs=1 > "$WORK/$target-runs1.log" 2>&1) || fail "address $target: -runs=1 exited $?"
      counters=$(grep -o 'Loaded [0-9]* modules *([0-9]* inline 8-bit counters)' "$WORK/$target-runs1.log" | grep -o '([0-9]*' | tr -d '(' | head -n 1 || true)
      [ -n "$counters" ] || fail "address $target: no libFuzzer coverage counters (no 'inline 8-bit counters' line)"

      if (cd "$WORK" && "$bin" "${flags[@]}" -runs=0 "$corpus" > "$WORK/$target-replay.log" 2>&1); then
        replay=ok
      else
        replay="exit $?"; fail "address $target: replay of the seed corpus: $replay (log: $WORK/$target-replay.log)"
      fi
      mkdir -p "$WORK/$target-artifacts"
      if (cd "$WORK" && "$bin" "${flags[@]}" -max_total_time="$FUZZ_SECONDS" \
            -artifact_prefix="$WORK/$target-artifacts/" "$corpus" > "$WORK/$target-fuzz.log" 2>&1); then
        fuzz=ok
      else
        fuzz="exit $?"; fail "address $target: ${FUZZ_SECONDS}s of fuzzing: $fuzz (log: $WORK/$target-fuzz.log)"
      fi
      stats=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$WORK/$target-fuzz.log" | tail -n 1 | grep -oE 'cov: [0-9]+ ft: [0-9]+|exec/s: [0-9]+' | tr '\n' ' ' || true)
      printf '   %-18s %s, %s counters, %s seeds replayed: %s, %ss fuzzing: %s (%s)\n' \
        "$target" "$asan_status" "${counters:-?}" "$seeds" "$replay" "$FUZZ_SECONDS" "$fuzz" "${stats% }"
    else
      profiles="$WORK/$target-profiles"
      mkdir -p "$profiles"
      if (cd "$WORK" && LLVM_PROFILE_FILE="$profiles/$target.%p.profraw" \
            "$bin" "${flags[@]}" -runs=0 "$corpus" > "$WORK/$target-replay.log" 2>&1); then
        replay=ok
      else
        replay="exit $?"; fail "coverage $target: replay of the seed corpus: $replay (log: $WORK/$target-replay.log)"
      fi
      shopt -s nullglob
      raws=("$profiles"/*.profraw)
      shopt -u nullglob
      line_coverage="?"
      if [ "${#raws[@]}" -eq 0 ]; then
        fail "coverage $target: the replay wrote no profile"
      elif ! "$LLVM_BIN/llvm-profdata" merge -sparse "${raws[@]}" -o "$WORK/$target.profdata" 2> "$WORK/$target-profdata.log"; then
        fail "coverage $target: llvm-profdata refused the profile (log: $WORK/$target-profdata.log)"
      else
        # Line coverage of the library (Sources/LayoutCore) reached by the seed corpus.
        line_coverage=$("$LLVM_BIN/llvm-cov" report "$bin" -instr-profile="$WORK/$target.profdata" \
            "$ROOT/Sources/LayoutCore" 2>/dev/null | awk '/^TOTAL/ { print $(NF - 3) }' || true)
        [ -n "$line_coverage" ] || fail "coverage $target: llvm-cov could not read the profile"
      fi
      printf '   %-18s %s seeds replayed: %s, %s profile(s), library line coverage %s\n' \
        "$target" "$seeds" "$replay" "${#raws[@]}" "${line_coverage:-?}"
    fi
  done
done

echo "== cflite-check: $((SECONDS - START))s"
if [ "${#FAILURES[@]}" -gt 0 ]; then
  echo "cflite-check: FAILED:" >&2
  for failure in "${FAILURES[@]}"; do echo "  - $failure" >&2; done
  exit 1
fi
echo "== cflite-check: passed (address and coverage builds, ${#EXPECTED[@]} fuzzers each)"
