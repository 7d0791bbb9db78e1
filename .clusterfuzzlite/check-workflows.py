#!/usr/bin/env python3
"""Checks the GitHub Actions workflows: the ClusterFuzzLite ones (.github/workflows/cflite_*.yml)
with project.yaml and the Dockerfile, and the tests workflow (.github/workflows/tests.yml). Run by .clusterfuzzlite/check-build.sh, which installs PyYAML (PyPI, or Debian's
python3-yaml) where it is missing; exits 1 with a list of problems.

The YAML files are read with PyYAML's safe loader (YAML 1.1: `on` is a boolean there, GitHub
reads it as the key "on"; both are accepted).

What must hold:
- project.yaml: `language: swift`; its base_os_version matches the Dockerfile's image tag.
- Dockerfile: FROM the OSS-Fuzz Swift builder image; every file it copies exists.
- Workflows: every ClusterFuzzLite step is google/clusterfuzzlite/actions/build_fuzzers@v1 or
  run_fuzzers@v1 with `language: swift`, after a checkout (so that the actions read
  project.yaml); each run step follows a build step with the same sanitizer; the modes
  code-change (on pull requests, 600 s), batch (scheduled, about an hour), prune (scheduled
  daily) and coverage (scheduled, coverage sanitizer) are all there; every run step keeps the
  corpus in the storage repository (storage-repo with the PERSONAL_ACCESS_TOKEN secret,
  storage-repo-branch, storage-repo-branch-coverage); cron expressions have five fields.
- tests.yml: runs on pull requests and on pushes to main; one job runs `bash .ci/run` in an
  official Swift container image (`swift:<version>-...`), one runs `swift test` on an Apple
  silicon macOS runner (macos-14 or later).
- No other workflow file.
- Every repository path the files mention (in values or comments, e.g. .clusterfuzzlite/build.sh,
  Fuzz/README.md, the pull-request path filters) exists.
"""
import glob
import os
import re
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROBLEMS = []


def problem(message):
    PROBLEMS.append(message)


class UniqueKeyLoader(yaml.SafeLoader):
    """The safe loader, refusing a key that appears twice in one mapping (PyYAML keeps the
    last one silently; GitHub refuses such a workflow)."""

    def construct_mapping(self, node, deep=False):
        keys = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in keys:
                raise yaml.constructor.ConstructorError(None, None, f'duplicate key {key!r}', key_node.start_mark)
            keys.add(key)
        return super().construct_mapping(node, deep=deep)


def load_yaml(path):
    rel = os.path.relpath(path, ROOT)
    with open(path, encoding='utf-8') as f:
        text = f.read()
    try:
        return yaml.load(text, Loader=UniqueKeyLoader), text
    except yaml.YAMLError as error:
        problem(f'{rel}: does not parse: {error}')
        return None, text


# ---------------------------------------------------------------------------------------------
# Paths.

TOP_LEVEL = set(os.listdir(ROOT)) - {'.git', '.build'}
PATH_TOKEN = re.compile(r'[A-Za-z0-9_.*-]+(?:/[A-Za-z0-9_.*-]*)+')


def path_exists(pattern):
    full = os.path.join(ROOT, pattern)
    if any(c in pattern for c in '*?['):
        # (glob returns 'X/' for 'X/**' even when X does not exist)
        return any(os.path.exists(match) for match in glob.glob(full, recursive=True))
    return os.path.exists(full)


def check_paths_mentioned(rel, text):
    """Every repository path in the text (values and comments) exists."""
    checked = set()
    for line in text.splitlines():
        if re.match(r'\s*(-\s+)?uses:', line):
            continue  # an action reference, not a path
        for token in line.split():
            token = token.strip('\'"`()[],;')
            token = token.rstrip('.:')
            if '://' in token or '@' in token or '${{' in token or '/' not in token:
                continue
            for candidate in PATH_TOKEN.findall(token):
                first = candidate.split('/')[0]
                if first not in TOP_LEVEL and not first.startswith('.'):
                    continue  # not a repository path (e.g. an action or image name)
                candidate = candidate.rstrip('/') or candidate
                if candidate in checked:
                    continue
                checked.add(candidate)
                if not path_exists(candidate):
                    problem(f'{rel}: mentions {candidate}, which does not exist')
    return checked


# ---------------------------------------------------------------------------------------------
# The checks.

CRON_FIELD = re.compile(r'[0-9*/,-]+')
ACTION_PREFIX = 'google/clusterfuzzlite/actions/'


def check_cron(rel, cron):
    fields = str(cron).split()
    if len(fields) != 5 or not all(CRON_FIELD.fullmatch(f) for f in fields):
        problem(f'{rel}: bad cron expression {cron!r}')
        return None
    return fields


def triggers_of(workflow):
    on = workflow.get('on', workflow.get(True))
    if isinstance(on, str):
        return {on: None}
    if isinstance(on, list):
        return {name: None for name in on}
    return on if isinstance(on, dict) else {}


# The sanitizers ClusterFuzzLite builds Swift with (its Swift guide: address), and the coverage
# build of the coverage task.
SWIFT_SANITIZERS = {'address', 'coverage'}


def resolve_matrix(rel, where, job, value):
    """A `${{ matrix.NAME }}` value as the |-joined list of the job's matrix values."""
    m = re.fullmatch(r'\$\{\{\s*matrix\.([A-Za-z0-9_-]+)\s*\}\}', str(value))
    if not m:
        return str(value)
    matrix = (job.get('strategy') or {}).get('matrix') or {}
    values = matrix.get(m.group(1))
    if not isinstance(values, list) or not values:
        problem(f'{rel}: {where}: {value} but the job has no matrix.{m.group(1)} list')
        return str(value)
    return '|'.join(str(v) for v in values)


def check_storage(rel, where, with_):
    repo = str(with_.get('storage-repo', ''))
    if 'secrets.PERSONAL_ACCESS_TOKEN' not in repo or not repo.startswith('https://'):
        problem(f'{rel}: {where}: storage-repo must be an https URL with the PERSONAL_ACCESS_TOKEN secret')
    for key in ('storage-repo-branch', 'storage-repo-branch-coverage'):
        if not with_.get(key):
            problem(f'{rel}: {where}: no {key}')


def check_workflow(path, modes_seen):
    rel = os.path.relpath(path, ROOT)
    workflow, text = load_yaml(path)
    mentioned = check_paths_mentioned(rel, text)
    if not isinstance(workflow, dict):
        if workflow is not None:
            problem(f'{rel}: not a mapping')
        return
    triggers = triggers_of(workflow)
    if not triggers:
        problem(f'{rel}: no `on:` triggers')
    schedules = []
    for entry in (triggers.get('schedule') or []):
        fields = check_cron(rel, entry.get('cron') if isinstance(entry, dict) else entry)
        if fields:
            schedules.append(fields)
    pull_request = triggers.get('pull_request')
    if isinstance(pull_request, dict):
        for pattern in pull_request.get('paths') or []:
            if not path_exists(pattern):
                problem(f'{rel}: pull_request path filter {pattern!r} matches nothing')
    jobs = workflow.get('jobs')
    if not isinstance(jobs, dict) or not jobs:
        problem(f'{rel}: no jobs')
        return
    summary = []
    for job_name, job in jobs.items():
        where = f'job {job_name}'
        if not isinstance(job, dict) or not isinstance(job.get('steps'), list):
            problem(f'{rel}: {where}: no steps')
            continue
        if not job.get('runs-on'):
            problem(f'{rel}: {where}: no runs-on')
        checked_out = False
        build_sanitizer = None
        for step in job['steps']:
            uses = str(step.get('uses', '')) if isinstance(step, dict) else ''
            if uses.startswith('actions/checkout@'):
                checked_out = True
            if not uses.startswith(ACTION_PREFIX):
                if 'clusterfuzzlite' in uses:
                    problem(f'{rel}: {where}: unexpected action {uses}')
                continue
            with_ = step.get('with') or {}
            action = uses[len(ACTION_PREFIX):]
            if with_.get('language') != 'swift':
                problem(f'{rel}: {where}: {action} without `language: swift`')
            sanitizer = resolve_matrix(rel, where, job, with_.get('sanitizer', 'address'))
            if not set(sanitizer.split('|')) <= SWIFT_SANITIZERS:
                problem(f'{rel}: {where}: sanitizer {sanitizer} (Swift: {", ".join(sorted(SWIFT_SANITIZERS))})')
            if action == 'build_fuzzers@v1':
                if not checked_out:
                    problem(f'{rel}: {where}: build_fuzzers before a checkout (project.yaml unread)')
                build_sanitizer = sanitizer
                if 'storage-repo' in with_:
                    check_storage(rel, where, with_)
                if with_.get('upload-build') is True:
                    summary.append(f'{job_name}: build ({sanitizer}, uploaded)')
            elif action == 'run_fuzzers@v1':
                mode = with_.get('mode')
                seconds = with_.get('fuzz-seconds')
                if build_sanitizer is None:
                    problem(f'{rel}: {where}: run_fuzzers without a build_fuzzers step before it')
                elif build_sanitizer != sanitizer:
                    problem(f'{rel}: {where}: built with {build_sanitizer}, run with {sanitizer}')
                if not isinstance(seconds, int) or seconds <= 0:
                    problem(f'{rel}: {where}: fuzz-seconds {seconds!r} is not a positive number')
                check_storage(rel, where, with_)
                if mode == 'code-change':
                    if 'pull_request' not in triggers:
                        problem(f'{rel}: {where}: code-change fuzzing not triggered by pull requests')
                    if seconds != 600:
                        problem(f'{rel}: {where}: code-change fuzz-seconds is {seconds}, expected 600')
                elif mode == 'batch':
                    if not schedules:
                        problem(f'{rel}: {where}: batch fuzzing without a schedule')
                    if not isinstance(seconds, int) or not 1800 <= seconds <= 7200:
                        problem(f'{rel}: {where}: batch fuzz-seconds {seconds}, expected about 3600')
                elif mode == 'prune':
                    daily = [f for f in schedules
                             if f[0].isdigit() and f[1].isdigit() and f[2:] == ['*', '*', '*']]
                    if not daily:
                        problem(f'{rel}: {where}: pruning not scheduled daily')
                elif mode == 'coverage':
                    if not schedules:
                        problem(f'{rel}: {where}: coverage reports without a schedule')
                    if sanitizer != 'coverage':
                        problem(f'{rel}: {where}: coverage mode needs `sanitizer: coverage`')
                else:
                    problem(f'{rel}: {where}: unknown mode {mode!r}')
                modes_seen.add(mode)
                summary.append(f'{job_name}: {mode} ({sanitizer}, {seconds}s)')
            else:
                problem(f'{rel}: {where}: unexpected action {uses} (expected build_fuzzers@v1 / run_fuzzers@v1)')
    on_text = ', '.join(str(name) for name in triggers)
    paths = (f'{len(mentioned)} repository paths mentioned, all present' if mentioned
             else 'no repository paths mentioned')
    if any(p.startswith(rel) for p in PROBLEMS):
        print(f'   {rel}: problems below')
    else:
        print(f'   {rel}: on {on_text}; {"; ".join(summary) or "no ClusterFuzzLite steps"}; {paths}')
    if not summary:
        problem(f'{rel}: uses no google/clusterfuzzlite actions')


def check_project_and_dockerfile():
    cfl = os.path.join(ROOT, '.clusterfuzzlite')
    for name in ('project.yaml', 'Dockerfile', 'build.sh'):
        if not os.path.isfile(os.path.join(cfl, name)):
            problem(f'.clusterfuzzlite/{name} is missing (the actions build from it)')
    project, text = load_yaml(os.path.join(cfl, 'project.yaml'))
    check_paths_mentioned('.clusterfuzzlite/project.yaml', text)
    if not isinstance(project, dict) or project.get('language') != 'swift':
        problem('.clusterfuzzlite/project.yaml: no `language: swift`')
        project = project if isinstance(project, dict) else {}
    with open(os.path.join(cfl, 'Dockerfile'), encoding='utf-8') as f:
        dockerfile = f.read()
    check_paths_mentioned('.clusterfuzzlite/Dockerfile', dockerfile)
    froms = re.findall(r'^FROM\s+(\S+)', dockerfile, re.M)
    if not froms or not froms[0].startswith('gcr.io/oss-fuzz-base/base-builder-swift'):
        problem(f'.clusterfuzzlite/Dockerfile: FROM {froms[:1]} is not the OSS-Fuzz Swift builder image')
    else:
        tag = froms[0].split(':')[1] if ':' in froms[0] else None
        base_os = project.get('base_os_version')
        if base_os not in (None, 'legacy') and tag != base_os:
            problem(f'.clusterfuzzlite/Dockerfile: image tag {tag} but project.yaml base_os_version {base_os}')
    for line in re.findall(r'^COPY\s+(.+)$', dockerfile, re.M):
        sources = [s for s in line.split()[:-1] if not s.startswith('--')]
        for source in sources:
            if source != '.' and not path_exists(source):
                problem(f'.clusterfuzzlite/Dockerfile: COPY of {source}, which does not exist')
    print(f'   .clusterfuzzlite: language {project.get("language")}, base_os_version '
          f'{project.get("base_os_version", "legacy")}, image {froms[0] if froms else "?"}')


def run_lines(job):
    return [str(step.get('run', '')) for step in job.get('steps') or [] if isinstance(step, dict)]


def check_tests_workflow(path):
    rel = os.path.relpath(path, ROOT)
    workflow, text = load_yaml(path)
    mentioned = check_paths_mentioned(rel, text)
    if not isinstance(workflow, dict):
        problem(f'{rel}: not a mapping')
        return
    triggers = triggers_of(workflow)
    if 'pull_request' not in triggers:
        problem(f'{rel}: not triggered by pull requests')
    push = triggers.get('push') or {}
    if 'main' not in (push.get('branches') or []):
        problem(f'{rel}: not triggered by pushes to main')
    jobs = workflow.get('jobs') if isinstance(workflow.get('jobs'), dict) else {}
    linux = macos = None
    for name, job in jobs.items():
        if not isinstance(job, dict):
            continue
        container = job.get('container')
        image = str(container.get('image') if isinstance(container, dict) else container or '')
        runs_on = str(job.get('runs-on', ''))
        if image.startswith('swift:') and any(re.search(r'\bbash \.ci/run\b', r) for r in run_lines(job)):
            linux = f'{name} ({image} on {runs_on})'
        match = re.fullmatch(r'macos-(\d+)(-xlarge)?', runs_on)
        if match and int(match.group(1)) >= 14 and any(re.search(r'\bswift test\b', r) for r in run_lines(job)):
            macos = f'{name} ({runs_on})'
        if not any(str(step.get('uses', '')).startswith('actions/checkout@')
                   for step in job.get('steps') or [] if isinstance(step, dict)):
            problem(f'{rel}: job {name}: no checkout')
    if linux is None:
        problem(f'{rel}: no job runs `bash .ci/run` in a swift: container image')
    if macos is None:
        problem(f'{rel}: no job runs `swift test` on an Apple silicon macOS runner (macos-14 or later)')
    print(f'   {rel}: on {", ".join(str(t) for t in triggers)}; .ci/run in {linux}; swift test in {macos}; '
          f'{len(mentioned)} repository paths mentioned, all present')


def main():
    check_project_and_dockerfile()
    workflows = sorted(glob.glob(os.path.join(ROOT, '.github', 'workflows', 'cflite_*.yml'))
                       + glob.glob(os.path.join(ROOT, '.github', 'workflows', 'cflite_*.yaml')))
    if not workflows:
        problem('no .github/workflows/cflite_*.yml')
    modes = set()
    for path in workflows:
        check_workflow(path, modes)
    tests = os.path.join(ROOT, '.github', 'workflows', 'tests.yml')
    if os.path.isfile(tests):
        check_tests_workflow(tests)
    else:
        problem('no .github/workflows/tests.yml (the tests on pull requests)')
    for other in sorted(glob.glob(os.path.join(ROOT, '.github', 'workflows', '*.y*ml'))):
        if other not in workflows and other != tests:
            problem(f'{os.path.relpath(other, ROOT)}: a workflow this check does not know')
    for mode in ('code-change', 'batch', 'prune', 'coverage'):
        if mode not in modes:
            problem(f'no workflow runs ClusterFuzzLite in {mode} mode')
    if PROBLEMS:
        for message in PROBLEMS:
            print(f'check-workflows: {message}', file=sys.stderr)
        sys.exit(1)
    print(f'   {len(workflows)} workflows: modes {", ".join(sorted(modes))}; all checks passed')


if __name__ == '__main__':
    main()
