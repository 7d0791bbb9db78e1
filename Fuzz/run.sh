#!/usr/bin/env bash
# The fuzz suite (Fuzz/README.md), end to end:
#   1. builds every libFuzzer target (release, ASan, coverage counters) and verifies on each
#      binary that coverage and ASan are really on;
#   2. replays the seed corpora and the regression reproducers;
#   3. fuzzes every .fit / differential / bad-input / sequence target for FUZZ_SECONDS, merges the new
#      inputs into Fuzz/Corpus, and on a finding minimizes it and prints the reproducer;
#   4. runs the .legacy self-tests: for each legacy bug class, SELFTEST_SEEDS runs from an empty
#      corpus, timing how long the fuzzer takes to find the bug (budget SELFTEST_SECONDS);
#   5. writes Reports/fuzz/latest.json and Reports/fuzz/README.md.
# Exits 1 on any finding in a .fit, differential, bad-input or sequence target, on a self-test class
# found in fewer than half of its runs, or when a build is not instrumented as it must be.
#
# Settings (environment):
#   FUZZ_SECONDS      seconds per checked target (each covers every control)  (default 40)
#   FUZZ_RUNS         also an execution budget per checked target (-runs=N), which does
#                     not depend on the machine's load              (default: none)
#   SELFTEST_SECONDS  budget per self-test run                       (default 10)
#   SELFTEST_SEEDS    self-test runs per legacy bug class            (default 5)
#   FUZZ_PARALLEL     fuzzers run at once                            (default: cores)
#   FUZZ_MERGE        1: merge new inputs into Fuzz/Corpus (the fewest files that add
#                     all their new features: -set_cover_merge)     (default 1)
#   FUZZ_TARGETS      space-separated subset of targets              (default: all)
#   FUZZ_TRACE_CMP    1: libFuzzer's default instrumentation with comparison tracing
#                     (see "Build flags" below)                      (default 0)
#   FUZZ_SCRATCH      SwiftPM scratch path                           (default .build/fuzz)
#   FUZZ_BUILD_ONLY   1: build and verify the binaries, and stop       (default 0)
#   FUZZ_MINIMIZE     1: build, then rewrite each target's Fuzz/Corpus folder as the fewest
#                     of its files that keep every coverage feature it has (libFuzzer's
#                     -set_cover_merge=1 into an empty folder; Fuzz/Regressions is kept
#                     whole), and stop                              (default 0)
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZ_SECONDS="${FUZZ_SECONDS:-40}"
FUZZ_RUNS="${FUZZ_RUNS:-}"
SELFTEST_SECONDS="${SELFTEST_SECONDS:-10}"
SELFTEST_SEEDS="${SELFTEST_SEEDS:-5}"
FUZZ_PARALLEL="${FUZZ_PARALLEL:-$(nproc 2>/dev/null || echo 2)}"
FUZZ_MERGE="${FUZZ_MERGE:-1}"
FUZZ_TRACE_CMP="${FUZZ_TRACE_CMP:-0}"
WORK=Fuzz/.work
REPORT_DIR=Reports/fuzz
export SWIFT_BACKTRACE=enable=no  # else a crash can hang, or exit without a crash artifact
export SWIFT_DETERMINISTIC_HASHING=1
# As in Fuzz/Options/*.options (ClusterFuzzLite): no leak detection. The Swift runtime's caches
# look like leaks to LeakSanitizer (seen in static builds), and leaks are not what the targets
# hunt; ASan's memory errors and every trap still stop a run.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"

# Build flags. `--sanitize=fuzzer` makes SwiftPM build the product as a libFuzzer target; the
# single combined `-sanitize=fuzzer,address` instruments every module for both (two separate
# --sanitize flags instrument only one, at random). By default comparison tracing is left out:
# Swift runs the coverage pass after ASan, so `trace-cmp` would also trace every ASan
# shadow-memory check (a callback on nearly every memory access), and libFuzzer's comparison
# hints do not help with the float compares here anyway.
# The flags are Fuzz/build-flags.sh's (ClusterFuzzLite's address build, dead code left out).
. Fuzz/build-flags.sh
if [ "$FUZZ_TRACE_CMP" = 1 ]; then
  SANITIZE=(--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address "${FUZZ_DEAD_CODE_FLAGS[@]}")
  SCRATCH="${FUZZ_SCRATCH:-.build/fuzz-tracecmp}"
else
  SANITIZE=("${FUZZ_ADDRESS_FLAGS[@]}")
  SCRATCH="${FUZZ_SCRATCH:-.build/fuzz}"
fi
FLAGS_DESCRIPTION="${SANITIZE[*]}"

# Targets: every Fuzz/<Name>/main.swift; the kind follows from the name.
ALL_TARGETS=()
for main in Fuzz/Fuzz*/main.swift; do ALL_TARGETS+=("$(basename "$(dirname "$main")")"); done
if [ -n "${FUZZ_TARGETS:-}" ]; then read -r -a TARGETS <<< "$FUZZ_TARGETS"; else TARGETS=("${ALL_TARGETS[@]}"); fi
kind() {
  case "$1" in
    *Invariants) echo invariants ;;
    *Differential) echo differential ;;
    *Legacy) echo self-test ;;
    *Sequences) echo sequences ;;
    *) echo bad-input ;;
  esac
}
option() {  # option TARGET KEY: a value from Fuzz/Options/TARGET.options
  awk -F' *= *' -v key="$2" '$1 == key { print $2; exit }' "Fuzz/Options/$1.options" 2>/dev/null
}
# libfuzzer_options TARGET: the options file's libFuzzer settings as flags, as ClusterFuzzLite
# passes them (the dictionary is passed with its path). detect_leaks = 0 goes to libFuzzer too: its
# own leak hunt (rerunning each input whose mallocs and frees differ) costs about an eighth of
# an execution.
libfuzzer_options() {
  local key
  for key in max_len len_control entropic reduce_inputs use_counters detect_leaks; do
    [ -n "$(option "$1" "$key")" ] && printf -- '-%s=%s\n' "$key" "$(option "$1" "$key")"
  done
  printf -- '-dict=Fuzz/Dictionaries/%s.dict\n' "$1"
}
# merge_features TARGET: what a merge of TARGET's corpus counts as a feature. With use_counters
# = 0 in its options (FuzzSequences) a merge keeps the files that add edges, not every new hit
# count of the checks' loops (thousands of files).
merge_features() {
  [ -n "$(option "$1" use_counters)" ] && printf -- '-use_counters=%s' "$(option "$1" use_counters)"
  return 0
}

rm -rf "$WORK/run"
mkdir -p "$WORK/run" "$REPORT_DIR"
RUN="$WORK/run"
START_TIME=$(date +%s)
FAILURES=()
note_failure() { FAILURES+=("$1"); echo "FAIL: $1" >&2; }

# timed TIMEFILE LOG COMMAND...: runs COMMAND with its output in LOG, and bash's `time`
# measurement (wall, user and system seconds) in TIMEFILE; returns COMMAND's status.
TIMEFORMAT='%R %U %S'
timed() {
  local timefile=$1 log=$2; shift 2
  { time "$@" > "$log" 2>&1 ; } 2> "$timefile"
}
timing() { tail -n 1 "$1" 2>/dev/null || echo "0 0 0"; }

# ---------------------------------------------------------------------------------------------
echo "== fuzz: building every fuzz target ($FLAGS_DESCRIPTION, scratch $SCRATCH)"
BUILD_START=$(date +%s)
# Every target in one build (the package holds only them), so that their links run at once.
if ! swift build --package-path Fuzz -c release --scratch-path "$SCRATCH" "${SANITIZE[@]}" > "$RUN/build.log" 2>&1; then
  cat "$RUN/build.log" >&2
  echo "fuzz: the build of the fuzz targets failed" >&2
  exit 1
fi
BIN_DIR=$(swift build --package-path Fuzz -c release --scratch-path "$SCRATCH" "${SANITIZE[@]}" --show-bin-path)
BUILD_SECONDS=$(( $(date +%s) - BUILD_START ))
declare -A COUNTERS
for target in "${TARGETS[@]}"; do
  bin="$BIN_DIR/$target"
  # Coverage: libFuzzer found the inline 8-bit counters. ASan: its module constructor is in.
  # (Output to files first: `grep -q` closing a pipe early would fail the pipeline.)
  "$bin" -runs=1 > "$RUN/verify-$target.log" 2>&1 || true
  if ! grep -q 'inline 8-bit counters' "$RUN/verify-$target.log"; then
    echo "fuzz: $target has no coverage instrumentation (libFuzzer found no counters)" >&2; exit 1
  fi
  COUNTERS[$target]=$(sed -nE 's/.*\(([0-9]+) inline 8-bit counters\).*/\1/p' "$RUN/verify-$target.log" | head -n 1)
  nm "$bin" > "$RUN/symbols-$target.txt" 2>/dev/null || true
  if ! grep -q 'asan.module_ctor' "$RUN/symbols-$target.txt"; then
    echo "fuzz: $target is not built with AddressSanitizer" >&2; exit 1
  fi
done
echo "   built and verified (coverage counters and ASan in every binary) in ${BUILD_SECONDS}s"
for target in "${TARGETS[@]}"; do printf '   %-32s %7s coverage counters\n' "$target" "${COUNTERS[$target]}"; done

[ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && exit 0

# ---------------------------------------------------------------------------------------------
if [ "${FUZZ_MINIMIZE:-0}" = 1 ]; then
  # The committed corpora only grow (the merge after fuzzing adds what is new, and keeps every
  # file it had), so now and then they are cut back to the fewest files with every feature;
  # the mutation run judges the cut (Fuzz/README.md, "Corpus, dictionaries, regressions").
  for target in "${TARGETS[@]}"; do
    before=$(find "Fuzz/Corpus/$target" -type f | wc -l)
    rm -rf "$RUN/minimized-$target"; mkdir -p "$RUN/minimized-$target"
    "$BIN_DIR/$target" -set_cover_merge=1 -max_len="$(option "$target" max_len)" $(merge_features "$target") \
      "$RUN/minimized-$target" "Fuzz/Corpus/$target" > "$RUN/minimize-$target.log" 2>&1 \
      || { cat "$RUN/minimize-$target.log" >&2; echo "fuzz: minimizing $target failed" >&2; exit 1; }
    rm -rf "Fuzz/Corpus/$target" && mv "$RUN/minimized-$target" "Fuzz/Corpus/$target"
    echo "   $target: $before -> $(find "Fuzz/Corpus/$target" -type f | wc -l) files"
  done
  exit 0
fi

# ---------------------------------------------------------------------------------------------
echo "== fuzz: replaying corpora and regressions"
declare -A REPLAYED
OPEN_FINDINGS=()
for target in "${TARGETS[@]}"; do
  bin="$BIN_DIR/$target"
  mkdir -p "Fuzz/Corpus/$target"
  # Regression files named open-* reproduce findings reported but not fixed yet: they are
  # replayed on their own below and listed, without failing the run (see Fuzz/README.md).
  files=()
  while IFS= read -r file; do files+=("$file"); done < <(find "Fuzz/Corpus/$target" -type f | sort)
  if [ "$(kind "$target")" != self-test ] && [ -d "Fuzz/Regressions/$target" ]; then
    while IFS= read -r file; do
      case "$(basename "$file")" in
        open-*) OPEN_FINDINGS+=("$target:$file") ;;
        *) files+=("$file") ;;
      esac
    done < <(find "Fuzz/Regressions/$target" -type f | sort)
  fi
  count=${#files[@]}
  REPLAYED[$target]=$count
  rc=0
  # (Listed in a file: libFuzzer runs each file given on the command line once; an argument
  # list could get too long.)
  mkdir -p "$RUN/replay-$target"
  for file in "${files[@]}"; do cp "$file" "$RUN/replay-$target/"; done
  "$bin" -runs=0 "$RUN/replay-$target" > "$RUN/replay-$target.log" 2>&1 || rc=$?
  if [ "$rc" != 0 ]; then
    grep -A30 'fuzz finding\|ERROR' "$RUN/replay-$target.log" | head -60 >&2 || true
    if [ "$(kind "$target")" = self-test ]; then
      note_failure "$target: its seed corpus must not contain seed-bug inputs (exit $rc)"
    else
      note_failure "$target: a corpus or regression file fails (exit $rc); see above"
    fi
  fi
  if [ "$(kind "$target")" = self-test ]; then
    # Each committed reproducer must still be found, as the class it is named after.
    for repro in Fuzz/Regressions/"$target"/*.repro; do
      [ -e "$repro" ] || continue
      class=$(basename "$repro" .repro)
      if LAYOUTCORE_FUZZ_BUG_CLASS="$class" "$bin" "$repro" > "$RUN/replay-$target-$class.log" 2>&1; then
        note_failure "$target: the reproducer $repro no longer finds '$class'"
      elif ! grep -q "legacy bug class '$class'" "$RUN/replay-$target-$class.log"; then
        note_failure "$target: $repro did not report the class '$class'"
      fi
    done
  fi
  echo "   $target: $count files replayed"
done
for entry in "${OPEN_FINDINGS[@]+"${OPEN_FINDINGS[@]}"}"; do
  target=${entry%%:*}; file=${entry#*:}
  if "$BIN_DIR/$target" "$file" > "$RUN/open-$(basename "$file").log" 2>&1; then
    note_failure "$target: the open finding $file no longer reproduces: drop its open- prefix (it is fixed)"
  else
    echo "   OPEN FINDING (reported, not fixed yet): $file" >&2
    grep -m1 -A2 'fuzz finding' "$RUN/open-$(basename "$file").log" | cut -c1-300 >&2 || true
  fi
done

# ---------------------------------------------------------------------------------------------
# A finding: minimize the artifact, print the reproducer and what it breaks.
report_finding() {  # report_finding TARGET BIN LOG
  local target=$1 bin=$2 log=$3 artifact minimized
  artifact=$(ls -t "$RUN/artifacts-$target"/* 2>/dev/null | head -n 1 || true)
  echo "" >&2
  echo "!!! finding in $target (a $(kind "$target") target): this is a bug, not noise" >&2
  grep -m1 -A25 'fuzz finding' "$log" >&2 || grep -m1 -A15 'ERROR' "$log" >&2 || tail -n 20 "$log" >&2
  if [ -n "$artifact" ]; then
    minimized="$RUN/$target-minimized"
    "$bin" -minimize_crash=1 -runs=20000 -exact_artifact_path="$minimized" "$artifact" \
      > "$RUN/minimize-$target.log" 2>&1 || true
    [ -s "$minimized" ] || cp "$artifact" "$minimized"
    echo "--- reproducer ($(wc -c < "$minimized") bytes): $minimized" >&2
    od -An -tx1 "$minimized" | head -n 20 >&2 || true
    echo "--- decoded by the check (replay: SWIFT_BACKTRACE=enable=no $bin $minimized):" >&2
    "$bin" "$minimized" 2>&1 | grep -m1 -E -A40 'fuzz finding|ERROR: AddressSanitizer' >&2 || true
    echo "--- keep it: cp $minimized Fuzz/Regressions/$target/<what-it-breaks>" >&2
    FINDING_FILE[$target]="$minimized"
  fi
}

# ---------------------------------------------------------------------------------------------
echo "== fuzz: fuzzing each checked target for ${FUZZ_SECONDS}s ($FUZZ_PARALLEL at a time)"
declare -A FINDING_FILE
fuzz_one() {  # fuzz_one TARGET: runs in the background
  local target=$1 bin="$BIN_DIR/$1" rc=0
  mkdir -p "$RUN/new-$target" "$RUN/artifacts-$target"
  local flags=()
  mapfile -t flags < <(libfuzzer_options "$target")
  [ -n "$FUZZ_RUNS" ] && flags+=("-runs=$FUZZ_RUNS")
  # malloc_context_size=0: ASan records no stack trace per malloc and free (else about a fifth
  # of a bad-input execution's CPU time goes into StackDepot::Put and the unwinder). It detects
  # the same errors; only its report of where a freed block was allocated and freed loses
  # its stacks, and the reproducer's replay below (default options) prints them.
  ASAN_OPTIONS="$ASAN_OPTIONS:malloc_context_size=0" \
  timed "$RUN/time-$target" "$RUN/fuzz-$target.log" "$bin" -max_total_time="$FUZZ_SECONDS" \
    -print_final_stats=1 "${flags[@]}" -timeout=10 -rss_limit_mb=2560 -artifact_prefix="$RUN/artifacts-$target/" \
    "$RUN/new-$target" "Fuzz/Corpus/$target" || rc=$?
  echo "$rc" > "$RUN/rc-$target"
}
CHECKED=()
for target in "${TARGETS[@]}"; do [ "$(kind "$target")" != self-test ] && CHECKED+=("$target"); done
running=0
for target in "${CHECKED[@]}"; do
  if [ "$running" -ge "$FUZZ_PARALLEL" ]; then wait -n || true; running=$((running - 1)); fi
  fuzz_one "$target" &
  running=$((running + 1))
done
wait || true

declare -A STAT_RUNS STAT_EXECS STAT_CPU_EXECS STAT_COV STAT_FT STAT_MERGED STAT_CORPUS STAT_FINDINGS STAT_WALL
for target in "${CHECKED[@]}"; do
  bin="$BIN_DIR/$target"
  log="$RUN/fuzz-$target.log"
  rc=$(cat "$RUN/rc-$target" 2>/dev/null || echo 1)
  read -r wall user sys < <(timing "$RUN/time-$target")
  last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
  runs=$(grep -m1 'stat::number_of_executed_units' "$log" | awk '{print $2}' || true)
  [ -n "$runs" ] || runs=$(echo "$last" | sed -E 's/^#([0-9]+).*/\1/')
  STAT_RUNS[$target]=${runs:-0}
  STAT_WALL[$target]=$wall
  STAT_EXECS[$target]=$(grep -m1 'stat::average_exec_per_sec' "$log" | awk '{print $2}' || true)
  STAT_CPU_EXECS[$target]=$(awk -v n="${runs:-0}" -v u="$user" -v s="$sys" 'BEGIN { c = u + s; printf "%d", (c > 0 ? n / c : 0) }')
  STAT_COV[$target]=$(echo "$last" | sed -nE 's/.* cov: ([0-9]+).*/\1/p')
  STAT_FT[$target]=$(echo "$last" | sed -nE 's/.* ft: ([0-9]+).*/\1/p')
  STAT_FINDINGS[$target]=0
  STAT_MERGED[$target]=0
  if [ "$rc" != 0 ]; then
    STAT_FINDINGS[$target]=1
    report_finding "$target" "$bin" "$log"
    note_failure "$target: finding (libFuzzer exit $rc)"
  elif [ "$FUZZ_MERGE" = 1 ] && [ -n "$(ls -A "$RUN/new-$target")" ]; then
    "$bin" -set_cover_merge=1 -max_len="$(option "$target" max_len)" $(merge_features "$target") "Fuzz/Corpus/$target" "$RUN/new-$target" \
      > "$RUN/merge-$target.log" 2>&1 || note_failure "$target: corpus merge failed"
    STAT_MERGED[$target]=$(sed -nE 's/.*MERGE-OUTER: ([0-9]+) new files.*/\1/p' "$RUN/merge-$target.log" | tail -n 1)
  fi
  STAT_CORPUS[$target]=$(find "Fuzz/Corpus/$target" -type f | wc -l)
  printf '   %-32s %9s exec/s (%s per CPU-s)  cov %5s  ft %6s  corpus %5s (+%s)  findings %s\n' \
    "$target" "${STAT_EXECS[$target]:-?}" "${STAT_CPU_EXECS[$target]}" "${STAT_COV[$target]:-?}" \
    "${STAT_FT[$target]:-?}" "${STAT_CORPUS[$target]}" "${STAT_MERGED[$target]:-0}" "${STAT_FINDINGS[$target]}"
done

# ---------------------------------------------------------------------------------------------
echo "== fuzz: self-tests (.legacy must be caught): $SELFTEST_SEEDS seeds per legacy bug class, budget ${SELFTEST_SECONDS}s, from an empty corpus"
selftest_one() {  # selftest_one TARGET CLASS SEED: runs in the background
  local target=$1 class=$2 seed=$3 bin="$BIN_DIR/$1" dir="$RUN/selftest-$1-$2-$3" rc=0 start end
  mkdir -p "$dir/corpus"
  start=$(date +%s%N)
  local flags=()
  mapfile -t flags < <(libfuzzer_options "$target")
  LAYOUTCORE_FUZZ_BUG_CLASS="$class" "$bin" -seed="$seed" -max_total_time="$SELFTEST_SECONDS" \
    "${flags[@]}" -artifact_prefix="$dir/" "$dir/corpus" > "$dir/log" 2>&1 || rc=$?
  end=$(date +%s%N)
  if [ "$rc" != 0 ] && grep -q "legacy bug class '$class'" "$dir/log"; then
    echo "found $(( (end - start) / 1000000 )) $(sed -nE 's/.*found at execution ([0-9]+) .*/\1/p' "$dir/log" | head -n 1)" > "$dir/result"
  else
    echo "missed $(( (end - start) / 1000000 )) -" > "$dir/result"
  fi
}
SELFTESTS=()
for target in "${TARGETS[@]}"; do
  [ "$(kind "$target")" = self-test ] || continue
  for repro in Fuzz/Regressions/"$target"/*.repro; do
    [ -e "$repro" ] && SELFTESTS+=("$target:$(basename "$repro" .repro)")
  done
done
running=0
for entry in "${SELFTESTS[@]}"; do
  for seed in $(seq 1 "$SELFTEST_SEEDS"); do
    if [ "$running" -ge "$FUZZ_PARALLEL" ]; then wait -n || true; running=$((running - 1)); fi
    selftest_one "${entry%%:*}" "${entry#*:}" "$seed" &
    running=$((running + 1))
  done
done
wait || true

declare -A SELF_FOUND SELF_TIMES SELF_MEDIAN SELF_EXECUTIONS
for entry in "${SELFTESTS[@]}"; do
  target=${entry%%:*}; class=${entry#*:}
  found=0; times=(); executions=()
  for seed in $(seq 1 "$SELFTEST_SEEDS"); do
    read -r outcome ms count < "$RUN/selftest-$target-$class-$seed/result"
    if [ "$outcome" = found ]; then found=$((found + 1)); times+=("$ms"); executions+=("${count:--}"); else times+=("inf"); executions+=("-"); fi
  done
  SELF_EXECUTIONS[$entry]=$(printf '%s\n' "${executions[@]}" | awk '{ printf "%s%s", (NR > 1 ? ", " : ""), ($1 == "-" ? "null" : $1) }')
  # Median over all runs; a missed run counts as longer than the budget.
  median=$(printf '%s\n' "${times[@]}" | sed "s/inf/999999999/" | sort -n \
    | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; if (m >= 999999999) print "null"; else printf "%.3f", m / 1000 }')
  SELF_FOUND[$entry]=$found
  SELF_TIMES[$entry]=$(printf '%s\n' "${times[@]}" | awk '{ printf "%s%s", (NR > 1 ? ", " : ""), ($1 == "inf" ? "null" : sprintf("%.3f", $1 / 1000)) }')
  SELF_MEDIAN[$entry]=$median
  printf '   %-26s %-32s found %d/%d  median %ss  times [%s]  executions [%s]\n' "$target" "$class" "$found" \
    "$SELFTEST_SEEDS" "$median" "${SELF_TIMES[$entry]}" "${SELF_EXECUTIONS[$entry]}"
  if [ $((found * 2)) -lt "$SELFTEST_SEEDS" ]; then
    note_failure "$target: the self-test found '$class' in only $found of $SELFTEST_SEEDS runs"
  fi
done

# ---------------------------------------------------------------------------------------------
TOTAL_SECONDS=$(( $(date +%s) - START_TIME ))
COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
PASSED=true; [ "${#FAILURES[@]}" -eq 0 ] || PASSED=false
# The report: what this run measured, one fact a line (Fuzz/report.py says the format), from
# which Fuzz/report.py writes latest.json (with a JSON library: any text is escaped) and README.md.
clean() { printf '%s' "$1" | tr '\t\n' '  '; }  # a fact's text: no tabs or line breaks in it
FACTS="$RUN/report-facts.tsv"
{
  fact() { printf 'run\t%s\t%s\n' "$1" "$(clean "$2")"; }
  fact date "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  fact commit "$COMMIT"
  fact cores "$(nproc 2>/dev/null || echo '?')"
  fact swift "$(swift --version 2>&1 | head -n 1)"
  fact build_flags "swift build --package-path Fuzz -c release --product <target> --scratch-path $SCRATCH $FLAGS_DESCRIPTION"
  fact build_seconds "$BUILD_SECONDS"
  fact fuzz_seconds "$FUZZ_SECONDS"
  fact fuzz_runs "${FUZZ_RUNS:-}"
  fact parallel "$FUZZ_PARALLEL"
  fact total_seconds "$TOTAL_SECONDS"
  fact selftest_seeds "$SELFTEST_SEEDS"
  fact selftest_seconds "$SELFTEST_SECONDS"
  for target in "${CHECKED[@]}"; do
    printf 'target\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$target" "$(kind "$target")" \
      "${COUNTERS[$target]:-}" "${STAT_WALL[$target]:-0}" "${STAT_RUNS[$target]:-0}" "${STAT_EXECS[$target]:-}" \
      "${STAT_CPU_EXECS[$target]:-}" "${STAT_COV[$target]:-}" "${STAT_FT[$target]:-}" "${STAT_CORPUS[$target]:-0}" \
      "${STAT_MERGED[$target]:-0}" "${REPLAYED[$target]:-0}" "${STAT_FINDINGS[$target]:-0}" "$(clean "${FINDING_FILE[$target]:-}")"
  done
  for entry in "${SELFTESTS[@]}"; do
    printf 'selftest\t%s\t%s\t%s\t%s\t%s\t%s\n' "${entry%%:*}" "${entry#*:}" "${SELF_FOUND[$entry]}" \
      "${SELF_MEDIAN[$entry]}" "${SELF_TIMES[$entry]}" "${SELF_EXECUTIONS[$entry]}"
  done
  for entry in "${OPEN_FINDINGS[@]+"${OPEN_FINDINGS[@]}"}"; do printf 'open\t%s\n' "$(clean "${entry#*:}")"; done
  for failure in "${FAILURES[@]+"${FAILURES[@]}"}"; do printf 'failure\t%s\n' "$(clean "$failure")"; done
} > "$FACTS"
python3 Fuzz/report.py "$FACTS" "$REPORT_DIR"

echo "== fuzz: report in $REPORT_DIR/README.md and $REPORT_DIR/latest.json (${TOTAL_SECONDS}s)"
if [ "$PASSED" != true ]; then
  printf 'fuzz: FAILED\n' >&2
  for failure in "${FAILURES[@]}"; do printf '  - %s\n' "$failure" >&2; done
  exit 1
fi
echo "== fuzz: passed"
