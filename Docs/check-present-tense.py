#!/usr/bin/env python3
"""Rejects dates and commit hashes where the project speaks in the present tense.

The docs, the README and the comments in Sources/ say what is true now and why; when something
changed belongs in git and in CHANGELOG.md. This check (a CI step) finds the two marks a lab
notebook leaves behind:

- a date: year-month-day in digits, a month name with a day or a year, a day with a month name;
- a commit hash: seven to forty hexadecimal digits with at least one digit and one letter
  (a number written `0x...` is not one).

Where it looks: README.md, Fuzz/README.md, every Markdown file under Docs/ and Sources/ (the
DocC articles), and the comments (`//` to the end of the line) of every Swift file under
Sources/. CHANGELOG.md and the generated reports under Reports/ are not checked.

Usage: python3 Docs/check-present-tense.py [ROOT]. Prints one line per finding
(path:line: what: text) and exits 1 when there is any, 0 otherwise.
"""
import os
import re
import sys

MONTH = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
         r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)")
DATE_PATTERNS = [
    re.compile(r"\b(?:19|20)\d\d-[01]\d-[0-3]\d\b"),                   # year-month-day
    re.compile(r"\b" + MONTH + r"\.? (?:[0-3]?\d(?:st|nd|rd|th)?\b|(?:19|20)\d\d\b)"),  # month and day, month and year
    re.compile(r"\b[0-3]?\d " + MONTH + r"\b"),                         # 7 December
]
HASH_PATTERN = re.compile(r"(?<![0-9A-Za-z_#])(?<!0x)(?<!0X)[0-9a-f]{7,40}(?![0-9A-Za-z_])")


def findings(text):
    for pattern in DATE_PATTERNS:
        for match in pattern.finditer(text):
            yield "a date", match.group(0)
    for match in HASH_PATTERN.finditer(text):
        word = match.group(0)
        if re.search(r"[0-9]", word) and re.search(r"[a-f]", word):
            yield "a commit hash", word


def swift_comment(line):
    """The comment part of one Swift line: from the first `//` outside a string literal."""
    in_string = False
    index = 0
    while index < len(line) - 1:
        character = line[index]
        if character == "\\" and in_string:
            index += 2
            continue
        if character == '"':
            in_string = not in_string
        elif not in_string and line.startswith("//", index):
            return line[index:]
        index += 1
    return ""


def checked_files(root):
    for name in ("README.md", os.path.join("Fuzz", "README.md")):
        if os.path.exists(os.path.join(root, name)):
            yield name, False
    for folder in ("Docs", "Sources"):
        for directory, subdirectories, files in os.walk(os.path.join(root, folder)):
            subdirectories.sort()
            for name in sorted(files):
                path = os.path.relpath(os.path.join(directory, name), root)
                if name.endswith(".md"):
                    yield path, False
                elif name.endswith(".swift") and folder == "Sources":
                    yield path, True


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    count = 0
    for path, comments_only in checked_files(root):
        with open(os.path.join(root, path), encoding="utf-8") as handle:
            for number, line in enumerate(handle, start=1):
                text = swift_comment(line) if comments_only else line
                for what, word in findings(text):
                    print(f"{path}:{number}: {what} ({word}): {line.strip()}")
                    count += 1
    if count:
        print(f"check-present-tense: {count} finding(s). Say what is true now; the history goes "
              "in git and CHANGELOG.md.", file=sys.stderr)
        return 1
    print("check-present-tense: no dates or commit hashes in the docs, README and Sources/ comments")
    return 0


if __name__ == "__main__":
    sys.exit(main())
