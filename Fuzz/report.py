#!/usr/bin/env python3
"""Writes the fuzz step's report, Reports/fuzz/latest.json and README.md, from the facts that
Fuzz/run.sh measured (so that the JSON is written by a JSON library, whatever the texts hold).

Usage: python3 Fuzz/report.py FACTS.tsv REPORT_DIR

FACTS.tsv has one record a line, fields separated by tabs, the record's kind first:
  run       KEY VALUE           date, commit, cores, swift, build_flags, build_seconds,
                                fuzz_seconds, fuzz_runs, parallel, total_seconds,
                                selftest_seeds, selftest_seconds
  target    NAME KIND COUNTERS SECONDS RUNS EXEC/S EXEC/CPU-S COV FT CORPUS MERGED REPLAYED FINDINGS REPRODUCER
  selftest  TARGET CLASS FOUND MEDIAN TIMES EXECUTIONS   (TIMES and EXECUTIONS comma-separated;
                                                          'null' for a run that missed)
  open      FILE                an open finding (replayed, not failing the run)
  failure   TEXT                why the run failed
An empty or '?' field is unknown (null in the JSON, '?' in the table).
"""
import json
import os
import sys


def number(text):
    """An int or float from the text, or None when it is unknown."""
    if text in ('', '?', 'null', None):
        return None
    try:
        return int(text)
    except ValueError:
        return float(text)


def listed(text):
    return [number(item.strip()) for item in text.split(',')] if text.strip() else []


def shown(value):
    return '?' if value is None else str(value)


def main(facts_path, report_dir):
    run, targets, selftests, open_findings, failures = {}, [], [], [], []
    with open(facts_path, encoding='utf-8') as facts:
        for line in facts:
            fields = line.rstrip('\n').split('\t')
            kind, values = fields[0], fields[1:]
            if kind == 'run':
                run[values[0]] = values[1] if len(values) > 1 else ''
            elif kind == 'target':
                name, target_kind, *numbers, reproducer = values
                keys = ['counters', 'seconds', 'runs', 'exec_per_second', 'exec_per_cpu_second', 'cov', 'ft',
                        'corpus_files', 'merged_new_files', 'replayed_files', 'findings']
                target = {'name': name, 'kind': target_kind}
                target.update({key: number(value) for key, value in zip(keys, numbers)})
                target['reproducer'] = reproducer or None
                targets.append(target)
            elif kind == 'selftest':
                target, bug_class, found, median, times, executions = values
                selftests.append({'target': target, 'bug_class': bug_class, 'found': int(found),
                                  'median_seconds': number(median), 'seconds': listed(times),
                                  'executions': listed(executions)})
            elif kind == 'open':
                open_findings.append(values[0])
            elif kind == 'failure':
                failures.append(values[0])
            else:
                raise SystemExit(f'report.py: {facts_path}: unknown record {kind!r}')
    seeds = int(run['selftest_seeds'])
    for entry in selftests:
        entry['fraction_found'] = round(entry['found'] / seeds, 2) if seeds else None
    passed = not failures
    report = {
        'date': run['date'], 'commit': run['commit'], 'cores': number(run['cores']),
        'swift': run['swift'], 'build_flags': run['build_flags'],
        'build_seconds': number(run['build_seconds']), 'instrumentation_verified': True,
        'fuzz_seconds_per_target': number(run['fuzz_seconds']), 'fuzz_runs_per_target': number(run.get('fuzz_runs')),
        'parallel': number(run['parallel']), 'total_seconds': number(run['total_seconds']),
        'targets': targets,
        'self_tests': {'seeds': seeds, 'budget_seconds': number(run['selftest_seconds']), 'classes': selftests},
        'open_findings': open_findings, 'failures': failures, 'passed': passed,
    }
    with open(os.path.join(report_dir, 'latest.json'), 'w', encoding='utf-8') as out:
        json.dump(report, out, indent=2)
        out.write('\n')

    runs_budget = f" or {run['fuzz_runs']} executions" if run.get('fuzz_runs') else ''
    lines = [
        '# Fuzzing report', '',
        f"Written by `Fuzz/run.sh` ({run['date'][:10]}, commit {run['commit']}, {run['cores']} cores,",
        f"{run['swift']}). Machine-readable: `latest.json`.", '',
        f"Build: `{run['build_flags']}`",
        f"(release, AddressSanitizer, libFuzzer coverage counters; both verified on every binary), {run['build_seconds']}s.", '',
        f"## Checked targets ({run['fuzz_seconds']}s each{runs_budget}, {run['parallel']} at a time)", '',
        'A finding in any of these is a bug. exec/s is libFuzzer\'s average (wall clock); per CPU-s',
        'divides the executions by the process\'s CPU time (fairer on a shared machine).', '',
        'Counters: the coverage counters in the binary, which libFuzzer scans after every execution.', '',
        '| target | kind | counters | runs | exec/s | exec per CPU-s | cov | ft | corpus files (+merged) | findings |',
        '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ]
    for t in targets:
        lines.append(f"| {t['name']} | {t['kind']} | {shown(t['counters'])} | {shown(t['runs'])} | {shown(t['exec_per_second'])} "
                     f"| {shown(t['exec_per_cpu_second'])} | {shown(t['cov'])} | {shown(t['ft'])} "
                     f"| {shown(t['corpus_files'])} (+{shown(t['merged_new_files'])}) | {shown(t['findings'])} |")
    lines += [
        '', '## Self-tests: time to find each legacy bug in `.legacy`', '',
        f"{seeds} runs per class (`-seed=1...{seeds}`), each from an empty corpus with the",
        f"target's dictionary, budget {run['selftest_seconds']}s; time is wall clock from the process's start",
        '(its start-up included) to the crash; executions counts the inputs run until the finding.', '',
        '| target | legacy bug class | found | median (s) | times (s) | executions |',
        '|---|---|---:|---:|---|---|',
    ]

    def joined(values, digits=None):
        return ', '.join('null' if v is None else (f'{v:.{digits}f}' if digits else str(v)) for v in values)

    for entry in selftests:
        median = 'null' if entry['median_seconds'] is None else f"{entry['median_seconds']:.3f}"
        lines.append(f"| {entry['target']} | {entry['bug_class']} | {entry['found']}/{seeds} | {median} "
                     f"| {joined(entry['seconds'], 3)} | {joined(entry['executions'])} |")
    lines.append('')
    coverage = os.path.join(report_dir, 'coverage.md')
    if os.path.exists(coverage):
        lines += ['## Line coverage of Sources/ by the corpora', '', 'From `Fuzz/coverage.sh` (run separately):', '',
                  open(coverage, encoding='utf-8').read().rstrip('\n'), '']
    if os.path.exists(os.path.join(report_dir, 'mutation.md')):
        lines += ['## Mutation score', '',
                  'Whether the fuzzers find real bugs: one-place mutants of the library, each fuzzed with the',
                  'committed corpus and from an empty one, in [`mutation.md`](mutation.md) (`bash Fuzz/mutation.sh`,',
                  'run separately).', '']
    if open_findings:
        lines += ['## Open findings (reported, not fixed yet)', '',
                  'Replayed on every run; they do not fail it until fixed (then drop the `open-` prefix):', '']
        lines += [f'- `{finding}`' for finding in open_findings]
        lines.append('')
    lines += ['## Result', '']
    if passed:
        lines.append(f"Passed in {run['total_seconds']}s: no finding in a checked target, every legacy bug class found.")
    else:
        lines += [f"FAILED after {run['total_seconds']}s:", '']
        lines += [f'- {failure}' for failure in failures]
    with open(os.path.join(report_dir, 'README.md'), 'w', encoding='utf-8') as out:
        out.write('\n'.join(lines) + '\n')


if __name__ == '__main__':
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
