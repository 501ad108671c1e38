#!/usr/bin/env python3
"""Lists the functions of crates/*/src longer than a limit (80 lines, the project's rule of thumb
for a unit a reader takes in at once), from the `fn` line to its closing brace, and fails if any
is not on the reasoned list of exemptions below.

    python3 scripts/long-functions.py            # check: exit 1 on a long function not exempt
    python3 scripts/long-functions.py --all      # list every long function, exempt or not

The scan is lexical: comments, strings and character literals are blanked, then braces are
matched from each `fn` keyword. That is exact for this code base (no braces in macros other
than balanced ones)."""

import re
import sys
from pathlib import Path

LIMIT = 80
ROOT = Path(__file__).resolve().parent.parent

# (file, function) -> (its length today, reason). A function exempt here is flagged again if it
# grows beyond that length.
EXEMPT_FUNCTIONS: dict = {}

TOKEN = re.compile(
    r'//[^\n]*|/\*.*?\*/|r#*"|b?"(?:\\.|[^"\\])*"|b?\'(?:\\.|[^\'\\])\'',
    re.S,
)


def blank(text):
    """Text with comments, strings and char literals replaced by spaces (newlines kept)."""
    out, i = [], 0
    while True:
        m = TOKEN.search(text, i)
        if not m:
            out.append(text[i:])
            break
        out.append(text[i:m.start()])
        tok = m.group(0)
        end = m.end()
        if tok.startswith("r") and tok.endswith('"'):  # raw string r#"..."#
            hashes = tok[1:-1]
            close = text.find('"' + hashes, end)
            end = len(text) if close < 0 else close + 1 + len(hashes)
            tok = text[m.start():end]
        out.append(re.sub(r"[^\n]", " ", tok))
        i = end
    return "".join(out)


FN = re.compile(r"\bfn\s+([A-Za-z_][A-Za-z0-9_]*)")


def functions(path):
    """(name, first line, length in lines) of every function with a body."""
    text = blank(path.read_text())
    found = []
    for m in FN.finditer(text):
        open_at = None
        j = m.end()
        depth_paren = 0
        while j < len(text):
            c = text[j]
            if c in "(<[":
                depth_paren += 1
            elif c in ")>]":
                depth_paren -= 1
            elif c == ";" and depth_paren <= 0:
                break  # a declaration without a body
            elif c == "{" and depth_paren <= 0:
                open_at = j
                break
            j += 1
        if open_at is None:
            continue
        depth, k = 0, open_at
        while k < len(text):
            if text[k] == "{":
                depth += 1
            elif text[k] == "}":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        first = text.count("\n", 0, m.start()) + 1
        last = text.count("\n", 0, k) + 1
        found.append((m.group(1), first, last - first + 1))
    return found


def exemption(rel, name, length):
    """Why a long function is allowed, or None."""
    entry = EXEMPT_FUNCTIONS.get((rel, name))
    if entry is None or length > entry[0]:
        return None
    return entry[1]


def main():
    show_all = "--all" in sys.argv
    failures = 0
    for path in sorted(ROOT.glob("crates/*/src/**/*.rs")):
        rel = path.relative_to(ROOT).as_posix()
        for name, line, length in functions(path):
            if length <= LIMIT:
                continue
            why = exemption(rel, name, length)
            if why is None:
                failures += 1
                print(f"{rel}:{line}: fn {name} is {length} lines (limit {LIMIT})")
            elif show_all:
                print(f"{rel}:{line}: fn {name} is {length} lines (exempt: {why})")
    if failures:
        print(f"{failures} function(s) over {LIMIT} lines", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
