// Shortens the names by which a wasm-bindgen module and its JavaScript glue meet.
//
// wasm-bindgen names each function the glue gives the module after the Rust item and a hash of
// its signature (`__wbg_setAttribute_0a1b2c3d4e5f6789`), and writes each name twice: in the
// module's import section and as a key of the glue's import object. Sixteen hexadecimal digits
// do not compress, and the calculator's module imports about 160 functions: with the exports
// and custom sections below, the names were 6.2 kB of its first visit's gzip. The page never sees them, so the build renames each to a short one (`a`, `b`, …,
// `aa`, …) in both places, and the glue's module name too. A glue that does not hold a name
// exactly once as a key is not changed: the build stops with the name, since a rename that
// missed one would fail only in the browser.
//
// The module's exports are named after Rust items as well, the closures' shims among them
// (`wasm_bindgen_<hash>___convert__closures_____invoke___…`, up to 300 characters). An export
// whose name the glue uses only as a property (`wasm.name`) gets a short name too; one the glue
// uses otherwise (the JavaScript API's functions, which the glue exports under the same names)
// keeps its own.
//
// The module's custom sections (the producers' names and versions, the target's features) go
// too: the browser ignores them.

/** An unsigned LEB128 at `at`: [value, the offset after it]. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

function encodeLeb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}

const utf8 = new TextEncoder();
const text = new TextDecoder('utf-8', { fatal: true });

function encodeName(name) {
  const bytes = utf8.encode(name);
  return [...encodeLeb(bytes.length), ...bytes];
}

/** A name (a length, then UTF-8) at `at`: [name, the offset after it]. */
function readName(bytes, at) {
  const [length, start] = leb(bytes, at);
  return [text.decode(bytes.subarray(start, start + length)), start + length];
}

/** The offset after a table's or memory's limits at `at` (a flag, the minimum, maybe a maximum). */
function skipLimits(bytes, at) {
  const flags = bytes[at];
  let next = leb(bytes, at + 1)[1];
  if (flags & 1) next = leb(bytes, next)[1];
  return next;
}

/** The offset after an import's description at `at`: a function, table, memory or global. */
function skipImportDescription(bytes, at) {
  switch (bytes[at]) {
    case 0:
      return leb(bytes, at + 1)[1];
    case 1:
      return skipLimits(bytes, at + 2);
    case 2:
      return skipLimits(bytes, at + 1);
    case 3:
      return at + 3;
    default:
      throw new Error(`an import of unknown kind ${bytes[at]} at byte ${at}`);
  }
}

/** `a`…`z`, `A`…`Z`, `aa`, `ab`, …: the `index`-th short name. */
function shortName(index) {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let name = '';
  for (let n = index; ; n = Math.floor(n / letters.length) - 1) {
    name = letters[n % letters.length] + name;
    if (n < letters.length) return name;
  }
}

const escaped = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Replaces `name`, which must occur in `glue` exactly once as a whole word or string. */
function renameOnce(glue, name, replacement, what) {
  const found = glue.match(word(name))?.length ?? 0;
  if (found !== 1) throw new Error(`${what} ${name} occurs ${found} times in the glue, not once`);
  return glue.replace(word(name), () => replacement);
}

/** Appends `bytes` to `out` one by one (a spread of a large section would overflow the stack). */
function append(out, bytes) {
  for (const byte of bytes) out.push(byte);
}

/** How wasm-bindgen names its glue's module in the import section: `./<name>_bg.js`. */
const GLUE = /^\.\/[^/]+_bg\.js$/;

/**
 * The module and glue with the glue's imports and the exports it reads renamed. The snippets'
 * imports keep their names, which are the names the snippets export.
 */
export function shortenNames(wasm, glue) {
  const out = Array.from(wasm.subarray(0, 8));
  const imports = { module: undefined, renamed: new Map() };
  const exports = new Map();
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, start] = leb(wasm, at + 1);
    const end = start + size;
    if (id === 2 || id === 7) {
      const body = wasm.subarray(start, end);
      const section = id === 2 ? importSection(body, imports) : exportSection(body, glue, exports);
      append(out, [id, ...encodeLeb(section.length)]);
      append(out, section);
    } else if (id !== 0) {
      append(out, wasm.subarray(at, end));
    }
    at = end;
  }
  if (imports.module === undefined) throw new Error('the module imports nothing from a glue named ./<name>_bg.js');
  let newGlue = renameOnce(glue, JSON.stringify(imports.module), '"w"', 'the glue module');
  for (const [name, short] of imports.renamed) newGlue = renameOnce(newGlue, name, short, 'the import');
  for (const [name, short] of exports) newGlue = newGlue.replace(property(name), () => `.${short}`);
  return { wasm: Uint8Array.from(out), glue: newGlue, renamed: imports.renamed.size + exports.size };
}

/** Every whole-word occurrence of `name`, and every one as a property (`.name`). */
const word = (name) => new RegExp(`(?<![\\w$])${escaped(name)}(?![\\w$])`, 'g');
const property = (name) => new RegExp(`\\.${escaped(name)}(?![\\w$])`, 'g');

/**
 * The export section's body with short names for the exports that `glue` uses as properties
 * only, each recorded in `renamed`. The short names are `$` and a letter or two, which no
 * export wasm-bindgen writes starts with.
 */
function exportSection(body, glue, renamed) {
  const [count, first] = leb(body, 0);
  const out = encodeLeb(count);
  let at = first;
  for (let i = 0; i < count; i++) {
    const [field, afterField] = readName(body, at);
    at = leb(body, afterField + 1)[1];
    const uses = glue.match(word(field))?.length ?? 0;
    const asProperty = uses > 0 && uses === (glue.match(property(field))?.length ?? 0);
    if (asProperty && field.length > 3) renamed.set(field, `$${shortName(renamed.size)}`);
    append(out, encodeName(renamed.get(field) ?? field));
    append(out, body.subarray(afterField, at));
  }
  return out;
}

/** The import section's body with the glue's imports renamed, each recorded in `imports`. */
function importSection(body, imports) {
  const [count, first] = leb(body, 0);
  const out = encodeLeb(count);
  let at = first;
  for (let i = 0; i < count; i++) {
    const [module, afterModule] = readName(body, at);
    const [field, afterField] = readName(body, afterModule);
    at = skipImportDescription(body, afterField);
    if (GLUE.test(module)) {
      if (imports.module !== undefined && imports.module !== module) {
        throw new Error(`the module imports from two glues, ${imports.module} and ${module}`);
      }
      imports.module = module;
      if (!imports.renamed.has(field)) imports.renamed.set(field, shortName(imports.renamed.size));
      append(out, encodeName('w'));
      append(out, encodeName(imports.renamed.get(field)));
    } else {
      append(out, encodeName(module));
      append(out, encodeName(field));
    }
    append(out, body.subarray(afterField, at));
  }
  return out;
}
