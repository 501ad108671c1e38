#!/usr/bin/env python3
"""Lists the module dependencies of each crate (core, web, CLI) and fails if any modules of one
crate import each other in a cycle. Each crate is built in layers, and no module may import a
module that imports it back: the core's shared input and value types at the bottom, the
evaluation context above them, the patterns, their dispatch, then scenario, query and report;
the web crate's leaves (the views' names, problems, slider and chart maths, the markup helpers)
under the address and the edits, the components, and the app that mounts them; the CLI's
options and value parsers under the commands.

    python3 scripts/module-cycles.py          # check: exit 1 when a cycle exists
    python3 scripts/module-cycles.py --list   # also print every module's dependencies

A crate's modules are the files its `mod x;` declarations reach from its root (`lib.rs`, or the
CLI's `main.rs`), `#[cfg(target_arch = "wasm32")]` ones included; a binary's root beside a
library (the web crate's `main.rs` and `src/bin/*.rs`) is a crate of its own that reaches the
library by name, its modules inline. A module is a file (`patterns/mod.rs` is
`patterns`, `patterns/point.rs` is `patterns::point`).
Its dependencies are the modules named by its `crate::…`, `super::…`, `self::…` paths and by the
paths through its own child modules (`point::evaluate`), outside `#[cfg(test)]` items; a path is
charged to the longest module it names, so `crate::patterns::Ctx` is a dependency on `patterns`
and `crate::Scenario` on the module the crate root re-exports it from. A path through a
re-export is charged to the re-exporting module: an old path kept with `pub use` for the web and
CLI crates costs nothing, but a crate's own code imports from where a type lives (a component
takes its sibling from `super::figure`, not from the parent's `pub use`). Inline modules count
as part of their file; a `#[cfg(test)] mod tests;` file is a test item and left out.

A parent that calls or re-exports its children depends on them, and a child that imports its
parent's items depends on the parent: the usual layout of a parent dispatching to children that
take their shared types from it is therefore reported as a cycle. The layout is acceptable when
the shared types live in a leaf module that both import, which is what this check asks for;
declaring a child (`mod point;`) alone is no dependency, since it is what makes the child a
module at all.

The scan is lexical, after comments and strings are blanked as in long-functions.py."""

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Each crate's root file: its modules are the files its `mod` declarations reach from there.
CRATES = {
    "core": ROOT / "crates" / "core" / "src" / "lib.rs",
    "web": ROOT / "crates" / "web" / "src" / "lib.rs",
    "cli": ROOT / "crates" / "cli" / "src" / "main.rs",
}

_spec = importlib.util.spec_from_file_location("long_functions", ROOT / "scripts" / "long-functions.py")
_long = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_long)
blank = _long.blank

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
CFG_TEST = re.compile(r"#\[cfg\(test\)\]")
PATH_START = re.compile(r"(?<![A-Za-z0-9_:])(" + IDENT + r")::")
MOD_DECL = re.compile(r"\b(?:pub(?:\([a-z]+\))?\s+)?mod\s+(" + IDENT + r")\s*;")


def strip_cfg_test(text):
    """The text with every `#[cfg(test)]` item blanked (a braced item to its closing brace,
    otherwise to its semicolon)."""
    out = list(text)
    for m in CFG_TEST.finditer(text):
        i = m.end()
        depth = 0
        while i < len(text):
            c = text[i]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    i += 1
                    break
            elif c == ";" and depth == 0:
                i += 1
                break
            i += 1
        for j in range(m.start(), i):
            if out[j] != "\n":
                out[j] = " "
    return "".join(out)


def read_path(text, i):
    """The `::`-separated paths starting at text[i], with `{a, b::c}` groups expanded."""
    m = re.compile(r"\s*(" + IDENT + r"|\*)").match(text, i)
    if not m:
        if re.compile(r"\s*\{").match(text, i):
            return read_group(text, text.index("{", i) + 1)
        return [[]]
    head, j = m.group(1), m.end()
    sep = re.compile(r"\s*::").match(text, j)
    if not sep:
        return [[head]]
    return [[head] + rest for rest in read_path(text, sep.end())]


def read_group(text, i):
    """The paths of a `{…}` use group whose body starts at text[i]."""
    depth, start, items = 0, i, []
    while i < len(text):
        c = text[i]
        if c == "{":
            depth += 1
        elif c == "}" and depth > 0:
            depth -= 1
        elif (c == "," and depth == 0) or (c == "}" and depth == 0):
            items.append(text[start:i])
            start = i + 1
            if c == "}":
                break
        i += 1
    paths = []
    for item in items:
        if item.strip():
            paths.extend(read_path(item, 0))
    return paths


def parent(module):
    return module.rsplit("::", 1)[0] if "::" in module else ""


def resolve(segments, modules, reexports):
    """The longest module named by a crate-relative path, through the crate root's re-exports."""
    best = ""
    for n in range(1, len(segments) + 1):
        name = "::".join(segments[:n])
        if name in modules:
            best = name
    if best == "" and segments and segments[0] in reexports:
        return reexports[segments[0]]
    return best


def references(module, text, children):
    """The crate-relative paths a module's text names."""
    found = []
    for m in PATH_START.finditer(text):
        head = m.group(1)
        if head == "crate":
            base = []
        elif head == "super":
            base = parent(module).split("::") if parent(module) else []
        elif head == "self":
            base = module.split("::") if module else []
        elif head in children:
            base = (module.split("::") if module else []) + [head]
            found.append(base)
            continue
        else:
            continue
        for rest in read_path(text, m.end()):
            while rest and rest[0] == "super":
                base = base[:-1]
                rest = rest[1:]
            found.append(base + rest)
    return found


def module_texts(root):
    """Every module of the crate whose root file is `root`, by module path ('' for the root),
    with its text blanked and its `#[cfg(test)]` items removed: the tree its `mod x;`
    declarations reach (`x.rs` or `x/mod.rs` beside a root or `mod.rs`, under `name/` beside
    any other `name.rs`). Other crate roots in the same folder (a binary's `main.rs`,
    `src/bin/*.rs`) are crates of their own and reach this one only by its name."""
    texts, children = {}, {}
    pending = [("", root)]
    while pending:
        module, path = pending.pop()
        text = strip_cfg_test(blank(path.read_text()))
        texts[module] = text
        children[module] = set(MOD_DECL.findall(text))
        folder = path.parent if path == root or path.name == "mod.rs" else path.with_suffix("")
        for child in children[module]:
            name = f"{module}::{child}" if module else child
            flat = folder / f"{child}.rs"
            pending.append((name, flat if flat.exists() else folder / child / "mod.rs"))
    return texts, children


def graph(root):
    texts, children = module_texts(root)
    modules = set(texts)
    reexports = {}
    for segments in references("", texts[""], children[""]):
        target = resolve(segments[:-1], modules, {})
        if segments and target:
            reexports[segments[-1]] = target
    deps = {}
    for module, text in texts.items():
        if module == "":
            continue
        deps[module] = set()
        for segments in references(module, text, children[module]):
            target = resolve(segments, modules, reexports)
            if target and target != module:
                deps[module].add(target)
    return deps


def cycles(deps):
    """Strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(deps.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(deps):
        if v not in index:
            visit(v)
    return found


def check(name, root):
    """Prints the crate's cycles (and, with --list, its dependencies); true when it has none."""
    deps = graph(root)
    src = root.parent.relative_to(ROOT)
    if "--list" in sys.argv[1:]:
        for module in sorted(deps):
            print(f"{name} {module}: {', '.join(sorted(deps[module])) or '-'}")
    found = cycles(deps)
    for component in found:
        members = set(component)
        print(f"cycle in {src}: {', '.join(component)}")
        for module in component:
            back = sorted(d for d in deps[module] if d in members)
            print(f"    {module} -> {', '.join(back)}")
    if found:
        print(f"{len(found)} module cycle(s) in {src}", file=sys.stderr)
        return False
    print(f"module-cycles: {len(deps)} modules of {src}, no cycle")
    return True


def main():
    results = [check(name, root) for name, root in CRATES.items()]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
