#!/usr/bin/env python3
"""Where one wasm module's code is larger than another's, by crate.

usage: scripts/wasm-by-crate.py BASE.wasm OTHER.wasm [CRATE,...] [ROWS]

Reads the function bodies and the `name` section of two modules as Cargo builds them (before
wasm-bindgen and wasm-opt, which drop the names: target/wasm32-unknown-unknown/<profile>/
<bin>.wasm after `make site`), sums each function's body size under the crate its v0-mangled
name names first (the crate whose code it is, or whose generic code was instantiated), and
prints the crates by how many bytes OTHER has more than BASE. The CRATEs listed are split by
their first module (`commcalc_core::patterns`). Sizes are raw, before wasm-opt and gzip:
a guide to where bytes are, not the bytes a visit downloads (docs/web-bytes.md).
"""

import collections
import re
import sys


def leb128(data, i):
    """An unsigned LEB128 number at `i`, and the index after it."""
    value, shift = 0, 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def skip_name(data, i):
    length, i = leb128(data, i)
    return i + length


def imported_functions(data, i):
    """How many of the import section's entries at `i` are functions (they come first in
    the function index space)."""
    count, i = leb128(data, i)
    functions = 0
    for _ in range(count):
        i = skip_name(data, skip_name(data, i))
        kind = data[i]
        i += 1
        if kind == 0:  # function: a type index
            _, i = leb128(data, i)
            functions += 1
        elif kind == 1:  # table: element type, limits
            i += 1
            flags, i = leb128(data, i)
            _, i = leb128(data, i)
            if flags & 1:
                _, i = leb128(data, i)
        elif kind == 2:  # memory: limits
            flags, i = leb128(data, i)
            _, i = leb128(data, i)
            if flags & 1:
                _, i = leb128(data, i)
        elif kind == 3:  # global: value type, mutability
            i += 2
        else:
            raise ValueError(f"unknown import kind {kind}")
    return functions


def functions(path):
    """(name, body bytes) of every function a module defines."""
    data = open(path, "rb").read()
    i, imported, bodies, names = 8, 0, [], {}
    while i < len(data):
        section = data[i]
        size, i = leb128(data, i + 1)
        end = i + size
        if section == 2:
            imported = imported_functions(data, i)
        elif section == 10:
            count, j = leb128(data, i)
            for _ in range(count):
                length, k = leb128(data, j)
                bodies.append(k - j + length)
                j = k + length
        elif section == 0:
            length, j = leb128(data, i)
            if data[j : j + length] == b"name":
                j += length
                while j < end:
                    sub = data[j]
                    sub_size, j = leb128(data, j + 1)
                    if sub == 1:  # function names
                        count, k = leb128(data, j)
                        for _ in range(count):
                            index, k = leb128(data, k)
                            length, k = leb128(data, k)
                            names[index] = data[k : k + length].decode("utf8", "replace")
                            k += length
                    j += sub_size
        i = end
    return [(names.get(imported + n, "?"), size) for n, size in enumerate(bodies)]


CRATE = re.compile(r"C[s0-9A-Za-z]*_(\d+)")
IDENT = re.compile(r"(\d+)_?([A-Za-z_][A-Za-z_0-9]*)")


def crate_of(name, split):
    """The crate a v0-mangled name (`_R…`) names first, with its first module for the
    crates in `split`; wasm-bindgen's generated functions and the like by their prefix."""
    if not name.startswith("_R"):
        return "(unmangled) " + re.sub(r"[0-9a-f]{8,}.*", "", name)[:32]
    m = CRATE.search(name)
    if not m:
        return "?"
    start = m.end()
    crate = name[start : start + int(m.group(1))]
    if crate in split:
        module = IDENT.search(name, start + len(crate))
        if module:
            return crate + "::" + module.group(2)[: int(module.group(1))]
    return crate


def main():
    base, other = sys.argv[1], sys.argv[2]
    split = set(sys.argv[3].split(",")) if len(sys.argv) > 3 else set()
    rows = int(sys.argv[4]) if len(sys.argv) > 4 else 25
    sizes = []
    for path in (base, other):
        by_crate = collections.Counter()
        for name, size in functions(path):
            by_crate[crate_of(name, split)] += size
        sizes.append(by_crate)
    a, b = sizes
    print(f"function bodies: {sum(a.values()):,} bytes in {base}, {sum(b.values()):,} in {other}")
    print(f"{'more':>9} {'base':>9} {'other':>9}  crate")
    for crate in sorted(set(a) | set(b), key=lambda c: a[c] - b[c])[:rows]:
        print(f"{b[crate] - a[crate]:>9,} {a[crate]:>9,} {b[crate]:>9,}  {crate}")


if __name__ == "__main__":
    main()
