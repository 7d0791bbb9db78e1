#!/usr/bin/env python3
"""Writes Reports/fuzz/mutation.md and mutation.json from the results Fuzz/mutation.sh keeps
(one folder per mutant), the catalogue (Fuzz/Mutants/catalogue.tsv) and the notes on
survivors (Fuzz/Mutants/notes.tsv: id, verdict, text)."""
import json, os, statistics, subprocess, sys, datetime

results_dir, budget, seeds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
TARGETS = ["FuzzDifferential", "FuzzInvariants", "FuzzBadInput", "FuzzSequences"]


def read(path, default=None):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return default


def tsv(path):
    rows = []
    text = read(path, "")
    lines = text.splitlines()
    if not lines:
        return rows
    header = lines[0].split("\t")
    for line in lines[1:]:
        if line.strip():
            rows.append(dict(zip(header, line.split("\t"))))
    return rows


def run(line):  # "killed|survived MS EXECUTIONS"
    outcome, ms, executions = line.split()
    return {"outcome": outcome, "seconds": round(int(ms) / 1000, 3), "executions": int(executions)}


def corpus_size(folder):
    """[bytes, files] of the corpus a folder's results ran on, or None."""
    return [int(x) for x in (read(os.path.join(folder, "corpus_size")) or "").split()] or None


def corpus_results(folder):
    """A corpus's replays and fuzzing runs: (replay by target, targets whose replay killed,
    fuzzing run by target)."""
    replay = {}
    for t in TARGETS:
        parts = (read(os.path.join(folder, f"replay-{t}")) or "").split()
        if parts:
            replay[t] = {"outcome": parts[0], "seconds": round(int(parts[1]) / 1000, 3) if len(parts) > 1 else None,
                         "executions": int(parts[2]) if len(parts) > 2 else None}
    kills = [t for t in TARGETS if replay.get(t, {}).get("outcome") == "killed"]
    fuzz = {}
    for t in TARGETS:
        line = read(os.path.join(folder, f"corpus-{t}"))
        if line:
            fuzz[t] = run(line)
    return replay, kills, fuzz


def kill_of(replay, kills, fuzz):
    """(killer, seconds, executions) of a corpus's results, or Nones."""
    if kills:
        # The replay's wall time (corpus loading included) until the crash; its executions are
        # the check's own count at the finding ("found at execution N": the N-th replayed file;
        # libFuzzer prints no statistics for -runs=0), when the finding is the check's.
        first = min(kills, key=lambda t: replay[t]["seconds"] or 0)
        return first + " (replay)", replay[first]["seconds"], replay[first].get("executions")
    for t, r in fuzz.items():
        if r["outcome"] == "killed":
            return t, r["seconds"], r["executions"]
    return None, None, None


def fastest_fresh(fresh):
    """The mutant's quickest killer from an empty corpus: the target whose median run killed
    soonest, with that median in seconds and executions and its killed runs; None when no
    target's median run killed within the budget (the mutant counts as missed)."""
    killing = [(f["median_seconds"], t) for t, f in fresh.items() if f["median_seconds"] is not None]
    if not killing:
        return None
    seconds, target = min(killing)
    f = fresh[target]
    return {"target": target, "median_seconds": seconds, "median_executions": f.get("median_executions"),
            "killed": f["killed"], "runs": f["runs"]}


catalogue = tsv("Fuzz/Mutants/catalogue.tsv")
notes = {row["id"]: row for row in tsv("Fuzz/Mutants/notes.tsv")}
# The committed report's results of mutants this machine has no stored results for (a fresh
# clone, or a results folder that was cleaned): carried over as they were measured, with the
# tree they were applied to, so that running a few mutants does not drop the others. A mutant
# whose patch changed since is not carried (its patch's hash is recorded with its result).
try:
    with open("Reports/fuzz/mutation.json") as f:
        earlier = {r["id"]: r for r in json.load(f)["mutants"] if r.get("run")}
except (OSError, ValueError, KeyError):
    earlier = {}


def patch_hash(mid, name):
    path = f"Fuzz/Mutants/{mid}-{name}.patch"
    return subprocess.run(["git", "hash-object", path], capture_output=True, text=True).stdout.strip() or None


rows = []
for entry in catalogue:
    mid = entry["id"]
    folder = os.path.join(results_dir, mid)
    row = {k: entry[k] for k in ("id", "name", "control", "where", "bug_class", "file", "description")}
    row["patch"] = patch_hash(mid, entry["name"])
    row["run"] = os.path.isdir(folder) and read(os.path.join(folder, "seconds")) is not None
    kept = earlier.get(mid)
    if not row["run"] and kept and kept.get("patch", row["patch"]) == row["patch"]:
        note = notes.get(mid)
        carried = kept | {k: row[k] for k in row if k != "run"} | {"note": note["text"] if note else None}
        carried["fresh_fastest"] = fastest_fresh(carried.get("fresh") or {})
        # A verdict written since the run (notes.tsv) decides the status of a mutant no fuzzer killed.
        if note and note["verdict"] == "equivalent" and not carried.get("killed_by"):
            carried["status"] = "equivalent"
        rows.append(carried)
        continue
    row["build_seconds"] = int(read(os.path.join(folder, "build_seconds"), "0") or 0)
    row["seconds"] = int(read(os.path.join(folder, "seconds"), "0") or 0)
    row["replay"], row["replay_kills"], row["corpus_fuzz"] = corpus_results(folder)
    row["corpus_size"] = corpus_size(folder)
    # Further corpora run on the same build (MUTATION_CORPORA): label -> their results.
    row["corpora"] = {}
    for label in sorted(os.listdir(os.path.join(folder, "corpora")) if os.path.isdir(os.path.join(folder, "corpora")) else []):
        replay, kills, fuzz = corpus_results(os.path.join(folder, "corpora", label))
        killer, seconds, executions = kill_of(replay, kills, fuzz)
        row["corpora"][label] = {"size": corpus_size(os.path.join(folder, "corpora", label)), "replay_kills": kills, "killed_by": killer, "seconds": seconds, "executions": executions}
    row["fresh"] = {}
    for t in TARGETS:
        text = read(os.path.join(folder, f"fresh-{t}"))
        if text:
            runs = [run(line) for line in text.splitlines()]
            times = [r["seconds"] if r["outcome"] == "killed" else float("inf") for r in runs]
            median = statistics.median(times)
            counts = [r["executions"] if r["outcome"] == "killed" else float("inf") for r in runs]
            median_executions = statistics.median(counts)
            row["fresh"][t] = {
                "killed": sum(r["outcome"] == "killed" for r in runs), "runs": len(runs),
                "median_executions": None if median_executions == float("inf") else int(median_executions),
                "skipped": sum(r["outcome"] == "skipped" for r in runs),
                "median_seconds": None if median == float("inf") else round(median, 3),
                "seconds": [r["seconds"] if r["outcome"] == "killed" else None for r in runs],
                "executions": [r["executions"] if r["outcome"] == "killed" else None for r in runs],
            }
    # The budget of one run from an empty corpus (MUTATION_FRESH_SECONDS, recorded with the
    # results; results without a recorded budget ran with the corpus budget).
    row["fresh_budget_seconds"] = int(read(os.path.join(folder, "fresh_budget"), str(budget)) or budget) if row["fresh"] else None
    row["fresh_fastest"] = fastest_fresh(row["fresh"])
    row["tests"] = read(os.path.join(folder, "tests"))
    row["tree_commit"] = read(os.path.join(folder, "commit"))
    row["fresh_tree_commit"] = read(os.path.join(folder, "fresh_commit"))
    # A mutant run only from an empty corpus here (`--fresh-only`) keeps its corpus results
    # from the committed report, with the tree they ran on.
    if kept and kept.get("patch", row["patch"]) == row["patch"]:
        if not row["replay"] and kept.get("replay"):
            for key in ("replay", "replay_kills", "corpus_fuzz"):
                row[key] = kept.get(key, row[key])
            row["tests"] = row["tests"] or kept.get("tests")
        if not row["tree_commit"]:
            row["tree_commit"] = kept.get("tree_commit")
    compile_error = read(os.path.join(folder, "status")) == "compile"
    # How it died, with the committed corpus.
    killer, kill_seconds, kill_executions = kill_of(row["replay"], row["replay_kills"], row["corpus_fuzz"])
    row["killed_by"] = killer
    row["corpus_kill_seconds"] = kill_seconds
    row["corpus_kill_executions"] = kill_executions
    note = notes.get(mid)
    row["note"] = note["text"] if note else None
    if not row["run"]:
        status = "not run"
    elif compile_error:
        status = "killed (compiler)"
    elif killer:
        status = "killed"
    elif any(f["killed"] for f in row["fresh"].values()):
        status = "killed (fresh runs only)"
    elif note and note["verdict"] == "equivalent":
        status = "equivalent"
    elif row["tests"] == "killed":
        status = "survived fuzzing, killed by unit tests"
    else:
        status = "survived"
    row["status"] = status
    rows.append(row)

ran = [r for r in rows if r["run"]]
killed = [r for r in ran if r["status"] == "killed"]
equivalent = [r for r in ran if r["status"] == "equivalent"]
# Mutants no fuzzer can see but a unit test kills (a gap closed by a test: notes.tsv says why
# the fuzzers cannot reach it). Counted as killed in the score, listed apart.
by_tests = [r for r in ran if r["status"] == "survived fuzzing, killed by unit tests"]
corpus_times = [r["corpus_kill_seconds"] for r in killed if r["corpus_kill_seconds"] is not None]
replay_only = [r for r in killed if r["replay_kills"]]
slowest = max((r for r in killed if r["corpus_kill_seconds"] is not None), key=lambda r: r["corpus_kill_seconds"], default=None)
fresh_medians = [f["median_seconds"] for r in ran for f in r["fresh"].values() if f["median_seconds"] is not None]
# Per mutant (not per target): each non-equivalent mutant run from an empty corpus, by its
# quickest killer. A mutant none of whose targets' median runs killed counts as a miss
# (longer than the budget) in the median.
fresh_mutants = [r for r in ran if r["fresh"] and r["status"] != "equivalent"]
fresh_fastest = [r["fresh_fastest"] for r in fresh_mutants]
fresh_mutant_seconds = [f["median_seconds"] if f else float("inf") for f in fresh_fastest]
fresh_mutant_median = statistics.median(fresh_mutant_seconds) if fresh_mutant_seconds else None
total_seconds = sum(r["seconds"] for r in ran)
non_equivalent = len(ran) - len(equivalent)
summary = {
    "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip(),
    "budget_seconds_per_target": budget, "fresh_seeds": seeds,
    "mutants": len(rows), "run": len(ran), "killed": len(killed), "killed_by_replay": len(replay_only),
    "equivalent": len(equivalent),
    "killed_by_unit_tests_only": [r["id"] for r in by_tests],
    "survived": [r["id"] for r in ran if r["status"] not in ("killed", "equivalent", "killed (compiler)",
                                                             "survived fuzzing, killed by unit tests")],
    "mutation_score": round((len(killed) + len(by_tests)) / non_equivalent, 3) if non_equivalent else None,
    "median_corpus_kill_seconds": round(statistics.median(corpus_times), 3) if corpus_times else None,
    "median_fresh_kill_seconds": round(statistics.median(fresh_medians), 3) if fresh_medians else None,
    "fresh_per_mutant": {
        "mutants": len(fresh_mutants),
        "killed_within_budget": sum(f is not None for f in fresh_fastest),
        "median_seconds": None if fresh_mutant_median in (None, float("inf")) else round(fresh_mutant_median, 3),
        "median_executions": (lambda xs: int(statistics.median(xs)) if xs else None)(
            [f["median_executions"] if f and f["median_executions"] is not None else float("inf") for f in fresh_fastest])
            if fresh_fastest and fresh_mutant_median != float("inf") else None,
        "quickest_killer_runs_killed": sum(f["killed"] for f in fresh_fastest if f),
        "quickest_killer_runs": sum(f["runs"] for f in fresh_fastest if f),
    },
    "slowest": slowest and {"id": slowest["id"], "name": slowest["name"], "seconds": slowest["corpus_kill_seconds"],
                            "killed_by": slowest["killed_by"]},
    "script_seconds": total_seconds,
}
os.makedirs("Reports/fuzz", exist_ok=True)
with open("Reports/fuzz/mutation.json", "w") as f:
    json.dump({"summary": summary, "mutants": rows}, f, indent=2)
    f.write("\n")


def fmt(value):
    return "-" if value is None else (f"{value:.2f}" if isinstance(value, float) else str(value))


short = {"FuzzDifferential": "diff", "FuzzInvariants": "inv", "FuzzBadInput": "bad", "FuzzSequences": "seq"}
md = []
md.append("# Mutation score of the fuzz suite")
md.append("")
md.append(f"Written by `Fuzz/mutation.sh` ({summary['date'][:10]}, commit {summary['commit']}); machine-readable: "
          "`mutation.json`. Each mutant is one small realistic bug, a patch in `Fuzz/Mutants/` "
          "(catalogue: `Fuzz/Mutants/catalogue.tsv`). Per mutant the script builds the four checked "
          "targets with `Fuzz/run.sh`'s flags, replays the committed corpus and regressions "
          f"(`-runs=0`), then fuzzes from the committed corpus, one target after the other, at most {budget} s "
          "each, stopping at the first crash. Times are wall clock from the fuzzer's start (corpus "
          "loading included) on the shared 2-core machine; executions are libFuzzer's "
          "`stat::number_of_executed_units`.")
md.append("")
md.append("## Summary")
md.append("")
md.append(f"- Mutants: {len(rows)} in the catalogue, {len(ran)} run.")
md.append(f"- Killed by a fuzzer with the committed corpus: **{len(killed)}** "
          f"({len(replay_only)} by the corpus replay alone); killed by the unit tests only: {len(by_tests)} "
          f"({', '.join(r['id'] for r in by_tests) or 'none'}); equivalent: {len(equivalent)}; "
          f"not killed: {len(summary['survived'])} ({', '.join(summary['survived']) or 'none'}).")
closed = [r["id"] for r in rows if notes.get(r["id"], {}).get("verdict") == "dedicated check"]
if closed:
    md.append(f"- Mutants that show why a check or generator case exists (which one and why: the last "
              f"section): {', '.join(closed)}.")
if summary["mutation_score"] is not None:
    md.append(f"- Mutation score (killed by a fuzzer or a unit test / non-equivalent mutants run): "
              f"**{summary['mutation_score']:.0%}**.")
md.append(f"- Median time to kill with the committed corpus: {fmt(summary['median_corpus_kill_seconds'])} s.")
if slowest:
    md.append(f"- Slowest kill: {slowest['id']} `{slowest['name']}`, {slowest['corpus_kill_seconds']:.2f} s "
              f"({slowest['killed_by']}).")
pairs = [f for r in ran for f in r["fresh"].values()]
missed_pairs = sum(f["median_seconds"] is None for f in pairs)
md.append(f"- From an empty corpus ({seeds} seeds, {len([r for r in ran if r['fresh']])} mutants run so): the median "
          f"time to kill is {fmt(summary['median_fresh_kill_seconds'])} s (median over the {len(pairs) - missed_pairs} "
          f"mutant-target pairs whose median run killed; in {missed_pairs} pairs the target is blind to the mutant "
          f"or slower than the budget: see the table below).")
per_mutant = summary["fresh_per_mutant"]
if per_mutant["mutants"]:
    md.append(f"- From an empty corpus, per mutant (its quickest killing target): "
              f"{per_mutant['killed_within_budget']} of {per_mutant['mutants']} non-equivalent mutants run so "
              f"({per_mutant['killed_within_budget'] / per_mutant['mutants']:.0%}) killed within the budget by the "
              f"median run; median time to kill {fmt(per_mutant['median_seconds'])} s, "
              f"{per_mutant['median_executions'] if per_mutant['median_executions'] is not None else '-'} executions "
              f"(a missed mutant counts as longer than the budget); the quickest killers killed in "
              f"{per_mutant['quickest_killer_runs_killed']} of their {per_mutant['quickest_killer_runs']} runs.")
md.append(f"- Time of the runs recorded here: {total_seconds} s ({total_seconds / 60:.0f} min), "
          f"of which builds {sum(r['build_seconds'] for r in ran)} s.")
plain = [r["seconds"] for r in ran if not r["fresh"]]
if plain:
    per = statistics.median(plain)
    md.append(f"- One mutant without `--fresh` (build, replays, fuzzing when the replays miss, unit tests for a "
              f"survivor): median {per:.0f} s, {min(plain)}-{max(plain)} s; the whole catalogue of {len(rows)} "
              f"would take about {len(rows) * per / 60:.0f} min.")
with_fresh = [r["seconds"] for r in ran if r["fresh"]]
if with_fresh:
    md.append(f"- With `--fresh`: {', '.join(str(x) for x in with_fresh)} s per mutant (a target blind to the "
              f"mutant costs 3 x the budget of its runs, column `budget s` below, before its median is a miss).")
not_run = [r["id"] for r in rows if not r["run"]]
if not_run:
    md.append(f"- Not run yet: {', '.join(not_run)} (`bash Fuzz/mutation.sh {' '.join(not_run)}`).")
md.append("")
md.append("## Per mutant, with the committed corpus")
md.append("")
md.append("Replay: the targets whose corpus replay alone kills the mutant; then the time is the "
          "quickest such replay's wall time to the crash (corpus loading included; libFuzzer counts no "
          "executions for `-runs=0`). Otherwise the target whose fuzzing killed it, seconds and "
          "executions to the kill. Tests: "
          "`swift test --filter` on the mutant (run for mutants no fuzzer killed).")
md.append("")
md.append("Tree: the commit the mutant was applied to (the testing code it was measured against); a mutant "
          "not run again since keeps the result measured on its tree.")
md.append("")
md.append("| id | mutant | control | where | bug class | tree | replay kills | killed by | s | executions | tests | status |")
md.append("|---|---|---|---|---|---|---|---|---:|---:|---|---|")
for r in rows:
    replay = ", ".join(short[t] for t in r["replay_kills"]) or ("-" if r["run"] else "")
    md.append(f"| {r['id']} | `{r['name']}` | {r['control']} | {r['where']} | {r['bug_class']} | {r['tree_commit'] or '-'} | {replay} | "
              f"{r['killed_by'] or '-'} | {fmt(r['corpus_kill_seconds'])} | {fmt(r['corpus_kill_executions'])} | "
              f"{r['tests'] or '-'} | {r['status']} |")
md.append("")
md.append("What each mutant changes:")
md.append("")
for r in rows:
    md.append(f"- **{r['id']}** `{r['name']}` (`{r['file']}`): {r['description']}")
md.append("")
compared = sorted({label for r in rows for label in r.get("corpora", {})})
if compared:
    md.append("## Corpora compared")
    md.append("")
    md.append("The same mutant builds, replayed and fuzzed from other corpora as well (`MUTATION_CORPORA`), "
              "each exactly as the committed one above: replay, then fuzzing from the corpus (stopping at the first "
              "kill) when no replay kills it. A kill is a kill within the budget; the median is over the mutants "
              "killed.")
    md.append("")
    md.append("| corpus | checked targets' files | bytes | mutants run | killed | by the replay | median s to kill | slowest kill |")
    md.append("|---|---:|---:|---:|---:|---:|---:|---|")

    def corpus_row(name, results):
        sizes = [x for x, _ in results if x]
        kills = [k for _, k in results if k["killed_by"]]
        times = [k["seconds"] for k in kills if k["seconds"] is not None]
        slow = max(kills, key=lambda k: k["seconds"] or 0, default=None)
        size = sizes[-1] if sizes else None
        md.append(f"| {name} | {size[1] if size else '-'} | {size[0] if size else '-'} | {len(results)} | {len(kills)} | "
                  f"{sum(bool(k['replay_kills']) for k in kills)} | {fmt(round(statistics.median(times), 3) if times else None)} | "
                  + (f"{slow['id']}: {slow['seconds']:.2f} s ({slow['killed_by']})" if slow else "-") + " |")

    both = [r for r in ran if r.get("corpora") and r["status"] != "equivalent"]
    corpus_row("committed", [(r.get("corpus_size"), {"id": r["id"], "killed_by": r["killed_by"], "seconds": r["corpus_kill_seconds"],
                                                      "replay_kills": r["replay_kills"]}) for r in both])
    for label in compared:
        corpus_row(label, [(r["corpora"][label].get("size"), r["corpora"][label] | {"id": r["id"]})
                           for r in both if label in r["corpora"]])
    md.append("")
    md.append("| id | mutant | committed | " + " | ".join(compared) + " |")
    md.append("|---|---|---|" + "---|" * len(compared))

    def cell(killer, seconds):
        return "missed" if not killer else f"{killer.replace('Fuzz', '')} {seconds:.2f} s"
    for r in both:
        md.append(f"| {r['id']} | `{r['name']}` | {cell(r['killed_by'], r['corpus_kill_seconds'])} | "
                  + " | ".join(cell(r["corpora"][l]["killed_by"], r["corpora"][l]["seconds"]) if l in r["corpora"] else "not run"
                               for l in compared) + " |")
    md.append("")
md.append("## Without a seed corpus")
md.append("")
md.append(f"Each checked target from an empty corpus (dictionary and options only), `-seed=1...{seeds}`, "
          f"each run within the mutant's budget (column `budget s`): killed runs and the median time to kill (a missed run counts as "
          "longer than the budget; `-` when the median run missed). Once more than half of a target's "
          "runs missed, its median is a miss whatever the others do, and the remaining seeds are "
          "skipped (counted as misses). `not run`: with `MUTATION_FRESH_ENOUGH=S`, a target after one that killed "
          "the mutant in every seed with a median of at most S s is not run (validation mutants go to the "
          "bad-input target first), so the quickest kill is an upper bound; `quickest` is the target whose "
          "median run killed soonest, with that run's seconds and executions.")
md.append("")
md.append("| id | mutant | budget s | " + " | ".join(f"{short[t]} killed | {short[t]} median s" for t in TARGETS)
          + " | quickest | median s | median executions |")
md.append("|---|---|---:|" + "---:|---:|" * len(TARGETS) + "---|---:|---:|")
fresh_rows = [r for r in rows if r["fresh"]]
for r in fresh_rows:
    cells = []
    for t in TARGETS:
        f = r["fresh"].get(t)
        skipped = f" ({f['skipped']} skipped)" if f and f["skipped"] else ""
        cells += [f"{f['killed']}/{f['runs']}{skipped}", fmt(f["median_seconds"])] if f else ["not run", ""]
    q = r.get("fresh_fastest")
    cells += [q["target"].replace("Fuzz", ""), fmt(q["median_seconds"]), str(q["median_executions"])] if q else ["missed", "-", "-"]
    md.append(f"| {r['id']} | `{r['name']}` | {r.get('fresh_budget_seconds') or budget} | " + " | ".join(cells) + " |")
not_fresh = [r["id"] for r in rows if not r["fresh"]]
md.append("")
md.append("Not run from an empty corpus: " + (", ".join(not_fresh) if not_fresh else "none") + ".")
md.append("")
md.append("## Equivalent mutants and the checks some mutants need")
md.append("")
noted = [r for r in rows if r["note"]]
if not noted:
    md.append("None.")
for r in noted:
    md.append(f"- **{r['id']}** `{r['name']}` ({notes[r['id']]['verdict']}): {r['note']}")
md.append("")
md.append("## Running it")
md.append("")
md.append("```sh")
md.append("bash Fuzz/mutation.sh                 # every mutant: build, replay, fuzz from the corpus; tests for survivors")
md.append("bash Fuzz/mutation.sh 05 17           # some mutants")
md.append("bash Fuzz/mutation.sh --fresh         # also from an empty corpus, 5 seeds per target")
md.append("bash Fuzz/mutation.sh --report-only   # rewrite this report from the stored results")
md.append("```")
md.append("")
md.append("It is not part of `.ci/run`. Each mutant costs one incremental release ASan build of the "
          "four targets (the library and the testing module recompile) plus at most 4 x "
          f"{budget} s of fuzzing; `--fresh` adds up to 4 x {seeds} x {budget} s per mutant.")
with open("Reports/fuzz/mutation.md", "w") as f:
    f.write("\n".join(md) + "\n")
print(f"mutation: {len(killed)}/{len(ran)} killed, {len(equivalent)} equivalent; report in Reports/fuzz/mutation.md")
