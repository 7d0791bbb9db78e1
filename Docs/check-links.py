#!/usr/bin/env python3
"""Checks that the repository's prose points at things that exist.

Run: python3 Docs/check-links.py (from anywhere; no arguments, standard library only; CI
runs it from .ci/run). Only tracked files are read (`git ls-files`).

1. Relative Markdown links `[text](path)` and `[text](path#anchor)` in every *.md file
   (README.md, Docs/, Fuzz/, Reports/, the DocC catalogue): the path must exist relative to
   the file (a leading `/` is the repository root), an anchor must be the GitHub slug of a
   heading of the target (lowercase, spaces to hyphens, punctuation but `-` and `_` removed,
   `-1`, `-2` for repeats). `scheme:` links (http, https, mailto) are skipped; fenced code
   blocks and inline code hold no links.
2. Cross references, in every *.md file (code blocks too: a report's "Reproduce" block has
   shell comments) and in the comments (Python docstrings included) of *.swift, *.sh, *.py,
   *.c and *.h files under Sources/, Benchmarks/, Fuzz/, Tests/, .ci/, .clusterfuzzlite/:
   `Docs/X.md, "Section"`, `Docs/X.md "Section"` (so `(Docs/X.md, "Section")` too) and
   `"Section" in Docs/X.md`, straight or curly quotes, on one line or wrapped onto the next.
   The file must exist and the section must name one of its headings, compared
   case-sensitively with backticks and `*` removed and whitespace collapsed. Also accepted,
   as decided here: the part before the colon of exactly one heading ("Snapping" for
   "Snapping: ..."), exactly one heading without its trailing parenthesis ("Lanes that follow
   the precision" for "Lanes that follow the precision (SSE2 and AVX)"), and a bold
   run-in label opening a paragraph or list item (`**Column placement.** The kernels ...`),
   which these docs use as their smallest sections (the label's final `.` or `:` dropped).
   A bare `Docs/X.md` must name an existing file.
3. DocC article links `<doc:ArticleName>` in the catalogue and in comments: the catalogue
   (Sources/LayoutCore/LayoutCore.docc) must hold ArticleName.md. Symbol links such as
   ``Foo/bar(_:)`` are left to DocC, which warns on them (Docs/build-docc.sh fails on any
   warning).

A problem prints as FILE:LINE: message and the exit status is 1; a clean tree prints one
summary line and exits 0.
"""
import os, re, subprocess, sys, urllib.parse

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DOCC = "Sources/LayoutCore/LayoutCore.docc"
SOURCE_DIRS = ("Sources/", "Benchmarks/", "Fuzz/", "Tests/", ".ci/", ".clusterfuzzlite/")
SLASHES, HASHES = r"//[^\n]*|/\*[\s\S]*?\*/", r"#[^\n]*"
COMMENTS = {".swift": SLASHES, ".c": SLASHES, ".h": SLASHES, ".sh": HASHES,
            ".py": HASHES + r'|"""[\s\S]*?"""'}

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
LABEL = re.compile(r"^\s*([-*+]\s+|\d+\.\s+)?\*\*(.+?)\*\*")
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
QUOTED = r"[\"“]([^\"”\n]{1,80}(?:\n[^\"”\n]{0,80})?)[\"”]"
DOCS = r"(Docs/[\w.-]+\.md)"
GAP = r"[ \t]*(?:\n[ \t]*)?"
REF_AFTER = re.compile(DOCS + r",?" + GAP + QUOTED)
REF_BEFORE = re.compile(QUOTED + GAP + r"in" + GAP + DOCS)
BARE = re.compile(r"(?<![\w/.])(?<!\]\()" + DOCS)
DOC_LINK = re.compile(r"<doc:([\w/#-]+)>")


def plain(text):
    """Heading or quoted text without Markdown links, backticks and emphasis."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return " ".join(text.replace("`", "").replace("*", "").split())


def slug(text):
    return re.sub(r"[^\w\- ]", "", plain(text).lower()).replace(" ", "-")


def outside_fences(lines):
    """(index, line) for the lines of a Markdown file that are not in a fenced code block."""
    fenced = False
    for index, line in enumerate(lines):
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            yield index, line


_sections = {}
def sections(path):
    """(headings, labels, anchors) of a Markdown file, read once."""
    if path not in _sections:
        lines = open(os.path.join(ROOT, path), encoding="utf-8").read().split("\n")
        headings, labels, anchors, seen = [], [], set(), {}
        for index, line in outside_fences(lines):
            heading, label = HEADING.match(line), LABEL.match(line)
            if heading:
                headings.append(plain(heading.group(1)))
                base = slug(heading.group(1))
                anchors.add(base if base not in seen else f"{base}-{seen[base]}")
                seen[base] = seen.get(base, 0) + 1
            elif label and (label.group(1) or index == 0 or not lines[index - 1].strip()):
                labels.append(plain(label.group(2)).rstrip(".:"))
        _sections[path] = (headings, labels, anchors)
    return _sections[path]


def section_problem(path, quoted):
    headings, labels, _ = sections(path)
    wanted = plain(quoted)
    if wanted in headings or wanted in labels:
        return None
    shortened = [{h.split(":")[0].strip(), re.sub(r"\s*\([^()]*\)$", "", h)} for h in headings]
    if sum(wanted in forms for forms in shortened) == 1:
        return None
    return f'{path} has no heading (or bold run-in label) "{wanted}"'


def comments_only(text, pattern):
    """The file's comments with their markers blanked; everything else becomes spaces, so
    offsets and line numbers stay those of the file."""
    kept = [" " if c != "\n" else "\n" for c in text]
    for match in re.finditer(pattern, text):
        kept[match.start():match.end()] = match.group()
    blank = lambda m: " " * len(m.group())
    return re.sub(r"(?m)^[ \t]*(//+!?|/\*+|\*+/?|#+!?|\"\"\")", blank, "".join(kept))


def check_prose(path, text, problems):
    """Cross references, bare Docs/ mentions and DocC article links; returns how many."""
    count, cited = 0, set()
    def report(offset, message):
        problems.append(f"{path}:{text.count(chr(10), 0, offset) + 1}: {message}")
    for match in list(REF_AFTER.finditer(text)) + list(REF_BEFORE.finditer(text)):
        target, quoted = match.groups() if match.re is REF_AFTER else reversed(match.groups())
        cited.add(match.start(1 if match.re is REF_AFTER else 2))
        count += 1
        if os.path.isfile(os.path.join(ROOT, target)):
            problem = section_problem(target, quoted)
            if problem:
                report(match.start(), problem)
    for match in BARE.finditer(text):
        if match.start() in cited:
            continue
        count += 1
        if not os.path.isfile(os.path.join(ROOT, match.group(1))):
            report(match.start(), f"{match.group(1)} does not exist")
    for match in DOC_LINK.finditer(text):
        count += 1
        article = match.group(1).split("#")[0].split("/")[-1]
        if not os.path.isfile(os.path.join(ROOT, DOCC, article + ".md")):
            report(match.start(), f"<doc:{match.group(1)}>: no {DOCC}/{article}.md")
    return count


def check_links(path, text, problems):
    """Relative Markdown links outside code; returns how many."""
    count = 0
    for index, line in outside_fences(text.split("\n")):
        for match in LINK.finditer(re.sub(r"`[^`]*`", lambda m: " " * len(m.group()), line)):
            target = match.group(1)
            if re.match(r"[A-Za-z][\w+.-]*:", target):
                continue
            count += 1
            file_part, _, anchor = urllib.parse.unquote(target).partition("#")
            base = "" if file_part.startswith("/") else os.path.dirname(path)
            resolved = os.path.normpath(os.path.join(base, file_part.lstrip("/"))) if file_part else path
            where = f"{path}:{index + 1}: link ({target})"
            if not os.path.exists(os.path.join(ROOT, resolved)):
                problems.append(f"{where}: {resolved} does not exist")
            elif anchor and resolved.endswith(".md") and anchor not in sections(resolved)[2]:
                problems.append(f"{where}: no heading of {resolved} has the anchor #{anchor}")
    return count


def main():
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split("\n")
    problems, checked, count = [], 0, 0
    for path in files:
        comments = COMMENTS.get(os.path.splitext(path)[1]) if path.startswith(SOURCE_DIRS) else None
        if not (path.endswith(".md") or comments) or not os.path.isfile(os.path.join(ROOT, path)):
            continue
        text = open(os.path.join(ROOT, path), encoding="utf-8").read()
        checked += 1
        if comments:
            count += check_prose(path, comments_only(text, comments), problems)
        else:
            count += check_links(path, text, problems) + check_prose(path, text, problems)
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-links: {len(problems)} problems in {checked} files", file=sys.stderr)
        return 1
    print(f"check-links: {checked} files, {count} links and references, all resolve")
    return 0


if __name__ == "__main__":
    sys.exit(main())
