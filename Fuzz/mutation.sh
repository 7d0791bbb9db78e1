#!/usr/bin/env bash
# Mutation testing of the fuzz suite (Fuzz/README.md, "Mutation score"): do the fuzzers find
# real bugs? Each mutant in Fuzz/Mutants/NN-name.patch is one small, realistic bug (the
# catalogue, Fuzz/Mutants/catalogue.tsv, says which control, where, and its bug class). For
# each mutant this script
#   1. applies the patch to a scratch copy of the tree (.build/mutation/src, with its own
#      persistent .build, so the fuzz builds are incremental);
#   2. builds FuzzInvariants, FuzzDifferential, FuzzBadInput and FuzzSequences with Fuzz/run.sh's flags;
#   3. replays each target's committed corpus and regressions (`-runs=0`);
#   4. unless a replay killed it, fuzzes from the committed corpus, one target after the other,
#      at most MUTATION_SECONDS each, and stops at the first crash;
#   5. with --fresh: for every checked target, MUTATION_SEEDS runs from an empty corpus
#      (dictionary and options only, -seed=1...), budget MUTATION_FRESH_SECONDS each: the time to
#      kill (once more than half of a target's runs missed, its median is a miss and the
#      remaining seeds are skipped);
#   6. for a mutant no fuzzer killed (and for every mutant with --tests=all), runs the unit
#      tests (`swift test --filter` MUTATION_TEST_FILTER) on the mutated tree.
# Then it writes Reports/fuzz/mutation.md and Reports/fuzz/mutation.json (from the results of
# every mutant run so far, kept in .build/mutation/results). Not part of .ci/run: it takes
# about 3-5 minutes per mutant (mostly the release ASan build) plus the fuzzing.
#
# Usage: bash Fuzz/mutation.sh [--fresh] [--tests=none|survivors|all] [--report-only] [ID...]
#   ID...              mutant numbers to run (default: all), e.g. `bash Fuzz/mutation.sh 03 17`
#   --fresh            also the runs from an empty corpus (slow: up to targets x seeds x budget)
#   --fresh-only       only the runs from an empty corpus (keeps the earlier corpus results)
#   --tests=MODE       unit tests on the mutant: none, survivors (default), all
#   --report-only      rewrite the report from the stored results
# Settings (environment): MUTATION_SECONDS (60), MUTATION_RUNS (unset: an execution budget per
#   fuzzing run as well, `-runs=N`, which does not depend on the machine's load; kills are
#   recorded in executions and seconds either way), MUTATION_FRESH_SECONDS (MUTATION_SECONDS: the
#   budget of one run from an empty corpus, recorded with the mutant's results), MUTATION_SEEDS (5),
#   MUTATION_FRESH_ENOUGH (unset: every target from an empty corpus; S seconds: once a target
#   killed the mutant in every seed with a median of at most S, the targets after it are not
#   run, so the mutant's quickest kill is an upper bound; targets go in the corpus phase's
#   order, validation mutants to the bad-input target first, other batch-layer mutants to
#   the sequence target first),
#   MUTATION_TEST_FILTER ("Invariant|FuzzCorpus|Validation|Example|Differential|Easing|Timeline|HalfSegment|Legacy"),
#   MUTATION_DIR (.build/mutation), MUTATION_COMMIT (HEAD: the tree the mutants are applied to),
#   MUTATION_CORPORA ("LABEL=DIR ...": further corpora, each a folder with one subfolder per
#   target, replayed and fuzzed from on the same build after the committed one; the report
#   compares their kills, e.g. a corpus before and after `-set_cover_merge`).
# A long run stops cleanly before its next mutant once the file $MUTATION_DIR/stop exists (the
# mutant in progress finishes; its results and the report are written).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

MUTATION_SECONDS="${MUTATION_SECONDS:-60}"
MUTATION_RUNS="${MUTATION_RUNS:-}"
MUTATION_FRESH_SECONDS="${MUTATION_FRESH_SECONDS:-$MUTATION_SECONDS}"
MUTATION_SEEDS="${MUTATION_SEEDS:-5}"
MUTATION_FRESH_ENOUGH="${MUTATION_FRESH_ENOUGH:-}"
MUTATION_TEST_FILTER="${MUTATION_TEST_FILTER:-Invariant|FuzzCorpus|Validation|Example|Differential|Easing|Timeline|HalfSegment|Legacy}"
MUTATION_CORPORA="${MUTATION_CORPORA:-}"
MUTATION_DIR="${MUTATION_DIR:-.build/mutation}"
mkdir -p "$MUTATION_DIR" && MUTATION_DIR=$(cd "$MUTATION_DIR" && pwd)  # absolute: the steps below cd into $SRC
# Resolved once: a commit made while a long run goes on must not change the tree under it.
MUTATION_COMMIT=$(git rev-parse --verify "${MUTATION_COMMIT:-HEAD}^{commit}")
FRESH=0; FRESH_ONLY=0; TESTS=survivors; REPORT_ONLY=0; IDS=()
for arg in "$@"; do
  case "$arg" in
    --fresh) FRESH=1 ;;
    --fresh-only) FRESH=1; FRESH_ONLY=1 ;;
    --tests=*) TESTS=${arg#--tests=} ;;
    --report-only) REPORT_ONLY=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) IDS+=("$arg") ;;
  esac
done

export SWIFT_BACKTRACE=enable=no SWIFT_DETERMINISTIC_HASHING=1
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
. Fuzz/build-flags.sh
SANITIZE=("${FUZZ_ADDRESS_FLAGS[@]}")
TARGETS=(FuzzDifferential FuzzInvariants FuzzBadInput FuzzSequences)
SRC="$MUTATION_DIR/src"
RESULTS="$MUTATION_DIR/results"
mkdir -p "$SRC" "$RESULTS"

option() { awk -F' *= *' -v key="$2" '$1 == key { print $2; exit }' "Fuzz/Options/$1.options" 2>/dev/null; }
libfuzzer_options() {  # as Fuzz/run.sh passes them
  local key
  for key in max_len len_control entropic reduce_inputs use_counters detect_leaks; do
    [ -n "$(option "$1" "$key")" ] && printf -- '-%s=%s\n' "$key" "$(option "$1" "$key")"
  done
  printf -- '-dict=%s/Fuzz/Dictionaries/%s.dict\n' "$ROOT" "$1"
}
field() { awk -F'\t' -v id="$1" -v col="$2" '$1 == id { print $col }' Fuzz/Mutants/catalogue.tsv; }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# The scratch copy: the committed tree (MUTATION_COMMIT, default HEAD: commit what you want
# measured), whatever the working tree holds. The build folder inside it persists, so each
# mutant rebuilds only what its patch touches and what depends on it.
sync_tree() {
  local stage="$MUTATION_DIR/stage" file
  rm -rf "$stage"; mkdir -p "$stage"
  git archive --format=tar "$MUTATION_COMMIT" -- . ':(exclude)Fuzz/Corpus' ':(exclude)Reports' | tar -C "$stage" -xf -
  # Only files whose content differs are copied: the others keep their modification time.
  (cd "$stage" && find . -type f) | while read -r file; do
    cmp -s "$stage/$file" "$SRC/$file" || { mkdir -p "$(dirname "$SRC/$file")"; cp "$stage/$file" "$SRC/$file"; }
  done
  # Swift files gone from the tree go from the copy too (SwiftPM would still compile them).
  # A Swift file added or removed changes the package's structure, which an incremental
  # build re-reads only when a manifest changes: without the touch, a new source file is
  # left out and every mutant fails to build against the checks that call it.
  local sources="$MUTATION_DIR/swift-files"
  (cd "$stage" && find Sources Tests Fuzz -name '*.swift' -type f | sort) > "$sources.new"
  (cd "$SRC" && find Sources Tests Fuzz -path '*/.build' -prune -o -name '*.swift' -type f -print | sort) \
    | comm -13 "$sources.new" - | while read -r file; do rm -f "$SRC/$file"; done
  if ! cmp -s "$sources.new" "$sources"; then touch "$SRC/Package.swift" "$SRC/Fuzz/Package.swift"; fi
  mv "$sources.new" "$sources"
  # The corpora are left out of the copy (the fuzzers read them from this tree), but the unit
  # tests replay them too: without them, FuzzCorpusReplayTests fail on any mutant and count
  # it as killed.
  [ -L "$SRC/Fuzz/Corpus" ] || { rm -rf "$SRC/Fuzz/Corpus"; ln -s "$ROOT/Fuzz/Corpus" "$SRC/Fuzz/Corpus"; }
}

build() {  # build LOG: the checked targets in the scratch copy
  local target
  for target in "${TARGETS[@]}"; do
    (cd "$SRC" && swift build --package-path Fuzz -j 1 -c release --product "$target" --scratch-path .build/fuzz "${SANITIZE[@]}") >> "$1" 2>&1 || return 1
  done
}

# run_fuzzer TARGET DIR SECONDS SEED CORPUS...: one fuzzing run; writes DIR/result:
# "killed|survived MS EXECUTIONS".
run_fuzzer() {
  local target=$1 dir=$2 seconds=$3 seed=$4; shift 4
  local bin="$BIN_DIR/$target" rc=0 start end flags=()
  rm -rf "$dir"; mkdir -p "$dir/new"
  mapfile -t flags < <(libfuzzer_options "$target")
  start=$(now_ms)
  [ -n "$MUTATION_RUNS" ] && flags+=("-runs=$MUTATION_RUNS")
  "$bin" -seed="$seed" -max_total_time="$seconds" -print_final_stats=1 "${flags[@]}" \
    -artifact_prefix="$dir/" "$dir/new" "$@" > "$dir/log" 2>&1 || rc=$?
  end=$(now_ms)
  # Executions to the kill (or to the end): libFuzzer's final count; after a crash without
  # one, the check's own "found at execution N" (counted from the process's first input,
  # the corpus replay included), else libFuzzer's last progress line.
  local executions
  executions=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$dir/log" | tail -n 1)
  [ -n "$executions" ] || executions=$(sed -nE 's/.*found at execution ([0-9]+) .*/\1/p' "$dir/log" | head -n 1)
  [ -n "$executions" ] || executions=$(sed -nE 's/^#([0-9]+)[[:space:]].*/\1/p' "$dir/log" | tail -n 1)
  # A kill is a non-zero exit with a crash, timeout or out-of-memory artifact.
  if [ "$rc" != 0 ] && { compgen -G "$dir/crash-*" > /dev/null || compgen -G "$dir/timeout-*" > /dev/null \
      || compgen -G "$dir/oom-*" > /dev/null; }; then
    echo "killed $((end - start)) ${executions:-0}" > "$dir/result"
  else
    echo "survived $((end - start)) ${executions:-0}" > "$dir/result"
  fi
}

finding_line() {  # the first line of a finding's message, for the report
  grep -m 1 -E 'Fatal error|ERROR: AddressSanitizer|ERROR: libFuzzer' "$1" 2>/dev/null \
    | sed -E 's/^.*Fatal error: //' | cut -c1-160 | tr '\t' ' ' || true
}

# corpus_phase ID CORPUS_ROOT OUT LABEL: replays CORPUS_ROOT/<target> and the regressions, then
# (when no replay killed the mutant) fuzzes from that corpus, one target after the other, and
# stops at the first kill. Writes OUT/replay-<target> and OUT/corpus-<target>.
corpus_phase() {
  local id=$1 root=$2 out=$3 label=$4 target dir
  # The corpus's size, for the report: files and bytes of the checked targets' folders.
  find "${TARGETS[@]/#/$root/}" -type f -printf '%s\n' 2>/dev/null | awk '{ bytes += $1 } END { print bytes + 0, NR }' \
    > "$out/corpus_size"
  # 1. The corpus and regressions, replayed once.
  local replay_killed=0
  for target in "${TARGETS[@]}"; do
    local dirs=("$root/$target")
    if [ -d "Fuzz/Regressions/$target" ]; then
      # Open findings (open-*) fail on the unmutated library too: they kill no mutant.
      local regressions="$MUTATION_DIR/regressions/$target"
      rm -rf "$regressions"; mkdir -p "$regressions"
      find "Fuzz/Regressions/$target" -maxdepth 1 -type f ! -name 'open-*' -exec cp {} "$regressions/" \;
      dirs+=("$regressions")
    fi
    local rc=0 replay_start replay_ms
    replay_start=$(now_ms)
    "$BIN_DIR/$target" -runs=0 "${dirs[@]}" > "$out/replay-$target.log" 2>&1 || rc=$?
    replay_ms=$(( $(now_ms) - replay_start ))
    if [ "$rc" != 0 ]; then
      # The replayed file that killed it, counted from the first ("found at execution N").
      echo "killed $replay_ms $(sed -nE 's/.*found at execution ([0-9]+) .*/\1/p' "$out/replay-$target.log" | head -n 1)" \
        > "$out/replay-$target"; replay_killed=1
      echo "   $label replay $target: KILLED after $replay_ms ms ($(finding_line "$out/replay-$target.log"))"
    else
      echo "survived $replay_ms" > "$out/replay-$target"
      echo "   $label replay $target: survived ($replay_ms ms)"
    fi
  done
  # 2. Fuzzing from the corpus, stopping at the first kill. Validation mutants go to the
  #    bad-input target first, mutants of the batch layer to the sequence target first.
  local order=("${TARGETS[@]}")
  case "$(field "$id" 4)" in
    validation*) order=(FuzzBadInput FuzzSequences FuzzDifferential FuzzInvariants) ;;
    batch*) order=(FuzzSequences FuzzBadInput FuzzDifferential FuzzInvariants) ;;
  esac
  if [ "$replay_killed" = 0 ]; then
    for target in "${order[@]}"; do
      dir="$MUTATION_DIR/run/$id-$label-$target"
      run_fuzzer "$target" "$dir" "$MUTATION_SECONDS" 1 "$root/$target"
      cp "$dir/result" "$out/corpus-$target"
      cp "$dir/log" "$out/corpus-$target.log"
      local outcome ms executions
      read -r outcome ms executions < "$dir/result"
      echo "   $label fuzz $target from the corpus: $outcome after ${ms} ms, $executions executions"
      [ "$outcome" = killed ] && break
    done
  fi
  return 0  # a mutant every target missed is a result, not an error (set -e)
}

run_mutant() {
  local id=$1 patch out start target dir
  patch=$(ls Fuzz/Mutants/"$id"-*.patch)
  out="$RESULTS/$id"
  start=$(date +%s)
  echo "== mutant $id: $(basename "$patch" .patch) ($(field "$id" 4); $(field "$id" 5))"
  sync_tree
  if ! (cd "$SRC" && patch -p1 -s --no-backup-if-mismatch < "$ROOT/$patch"); then
    echo "   the patch does not apply" >&2; return 1
  fi
  mkdir -p "$out"
  # The tree the corpus results ran on; a run from an empty corpus alone records its own.
  if [ "$FRESH_ONLY" = 1 ]; then
    git rev-parse --short "$MUTATION_COMMIT" > "$out/fresh_commit"
  else
    git rev-parse --short "$MUTATION_COMMIT" > "$out/commit"
  fi
  local build_start; build_start=$(date +%s)
  : > "$out/build.log"
  if ! build "$out/build.log"; then
    echo "   the mutant does not build: counted as killed by the compiler"
    echo "compile" > "$out/status"
    (cd "$SRC" && patch -p1 -R -s --no-backup-if-mismatch < "$ROOT/$patch")
    return 0
  fi
  echo "$(( $(date +%s) - build_start ))" > "$out/build_seconds"
  # It builds now: an earlier run's "did not build" no longer holds.
  rm -f "$out/status"
  BIN_DIR=$(cd "$SRC" && swift build --package-path Fuzz -c release --scratch-path .build/fuzz "${SANITIZE[@]}" --show-bin-path)

  if [ "$FRESH_ONLY" = 0 ]; then
    rm -rf "$out"/replay-* "$out"/corpus-* "$out/corpora"
    corpus_phase "$id" Fuzz/Corpus "$out" committed
    # The same build against each corpus of MUTATION_CORPORA, for a comparison of corpora
    # (for example the corpus before and after a minimization) at the cost of the replays.
    local entry
    for entry in $MUTATION_CORPORA; do
      mkdir -p "$out/corpora/${entry%%=*}"
      corpus_phase "$id" "${entry#*=}" "$out/corpora/${entry%%=*}" "${entry%%=*}"
    done
  fi

  # 3. From an empty corpus, every target, several seeds.
  if [ "$FRESH" = 1 ]; then
    rm -f "$out"/fresh-*
    echo "$MUTATION_FRESH_SECONDS" > "$out/fresh_budget"
    local fresh_order=("${TARGETS[@]}") enough=""
    case "$(field "$id" 4)" in
      *validation*) fresh_order=(FuzzBadInput FuzzSequences FuzzDifferential FuzzInvariants) ;;
      batch*) fresh_order=(FuzzSequences FuzzBadInput FuzzDifferential FuzzInvariants) ;;
    esac
    for target in "${fresh_order[@]}"; do
      if [ -n "$enough" ]; then
        echo "   fresh $target: not run ($enough killed in every seed within ${MUTATION_FRESH_ENOUGH} s, median)"
        continue
      fi
      local line=""
      local missed=0 kill_ms=()
      for seed in $(seq 1 "$MUTATION_SEEDS"); do
        # Once more than half the runs missed, the median is a miss whatever the rest do: the
        # remaining seeds are recorded as skipped (counted as misses), not run.
        if [ $((missed * 2)) -gt "$MUTATION_SEEDS" ]; then
          echo "skipped 0 0" >> "$out/fresh-$target"; line="$line -"; continue
        fi
        dir="$MUTATION_DIR/run/$id-fresh-$target-$seed"
        run_fuzzer "$target" "$dir" "$MUTATION_FRESH_SECONDS" "$seed"
        cat "$dir/result" >> "$out/fresh-$target"
        read -r outcome ms executions < "$dir/result"
        if [ "$outcome" = killed ]; then kill_ms+=("$ms"); else missed=$((missed + 1)); fi
        line="$line ${outcome:0:1}:$((ms / 1000))s"
      done
      echo "   fresh $target:$line"
      if [ -n "$MUTATION_FRESH_ENOUGH" ] && [ "$missed" = 0 ] && [ "${#kill_ms[@]}" = "$MUTATION_SEEDS" ]; then
        local median_ms
        median_ms=$(printf '%s\n' "${kill_ms[@]}" | sort -n | sed -n "$(( (MUTATION_SEEDS + 1) / 2 ))p")
        [ "$median_ms" -le $((MUTATION_FRESH_ENOUGH * 1000)) ] && enough=$target
      fi
    done
  fi

  # 4. The unit tests.
  local killed=0
  grep -qs killed "$out"/replay-* "$out"/corpus-* "$out"/fresh-* && killed=1
  if [ "$TESTS" = all ] || { [ "$TESTS" = survivors ] && [ "$killed" = 0 ]; }; then
    local rc=0
    (cd "$SRC" && swift build -j 1 --build-tests --scratch-path .build/tests > "$out/tests.log" 2>&1 \
      && swift test -j 1 --skip-build --scratch-path .build/tests --filter "$MUTATION_TEST_FILTER" >> "$out/tests.log" 2>&1) || rc=$?
    if [ "$rc" != 0 ]; then
      echo killed > "$out/tests"
      echo "   unit tests: KILLED ($(grep -m 1 -E 'error:|failed' "$out/tests.log" | cut -c1-160))"
    else
      echo survived > "$out/tests"
      echo "   unit tests: survived"
    fi
  fi
  echo "$(( $(date +%s) - start ))" > "$out/seconds"
  (cd "$SRC" && patch -p1 -R -s --no-backup-if-mismatch < "$ROOT/$patch")
}

if [ "$REPORT_ONLY" = 0 ]; then
  [ "${#IDS[@]}" -gt 0 ] || mapfile -t IDS < <(awk -F'\t' 'NR > 1 { print $1 }' Fuzz/Mutants/catalogue.tsv)
  RUN_START=$(date +%s)
  rm -f "$MUTATION_DIR/stop"
  done_count=0
  for id in "${IDS[@]}"; do
    if [ -e "$MUTATION_DIR/stop" ]; then echo "== mutation: stopped before $id ($MUTATION_DIR/stop)"; break; fi
    run_mutant "$id"
    done_count=$((done_count + 1))
  done
  echo "== mutation: $done_count mutants in $(( $(date +%s) - RUN_START ))s"
fi
python3 Fuzz/mutation-report.py "$RESULTS" "$MUTATION_SECONDS" "$MUTATION_SEEDS"
