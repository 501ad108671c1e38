// The build's renaming of the names by which each wasm module and its glue meet
// (scripts/wasm-names.mjs): on a module made by hand, and on every module of the built site.
// The other browser tests run the renamed modules.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { shortenNames } from '../../scripts/wasm-names.mjs';

const dist = process.env.COMMCALC_DIST ?? fileURLToPath(new URL('../../dist', import.meta.url));

const name = (s) => [s.length, ...Buffer.from(s)];
const section = (id, body) => [id, body.length, ...body];

/**
 * A module with one function type, a function imported from each of a glue and a snippet, a
 * table, the glue's function exported under two names and a producers section.
 */
function handMade() {
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, 0, 0]),
    ...section(2, [
      3,
      ...name('./x_bg.js'), ...name('__wbg_f_0123456789abcdef'), 0, 0,
      ...name('./snippets/x/inline0.js'), ...name('morph'), 0, 0,
      ...name('./x_bg.js'), ...name('__wbindgen_externrefs'), 1, 0x6f, 1, 2, 9,
    ]),
    ...section(7, [2, ...name('closure_shim_0123456789abcdef'), 0, 0, ...name('evaluate'), 0, 0]),
    ...section(0, [...name('producers'), 0]),
  ]);
}

const glue = `const a={__proto__:null,__wbg_f_0123456789abcdef:()=>1,__wbindgen_externrefs:t};
export function evaluate(){return W.evaluate()+W.closure_shim_0123456789abcdef(W.closure_shim_0123456789abcdef)}
return{"./x_bg.js":a,"./snippets/x/inline0.js":s};`;

test('the glue’s imports and the exports it reads as properties get short names in the module and the glue', () => {
  const out = shortenNames(handMade(), glue);
  const module = new WebAssembly.Module(out.wasm);
  assert.deepEqual(WebAssembly.Module.imports(module), [
    { module: 'w', name: 'a', kind: 'function' },
    { module: './snippets/x/inline0.js', name: 'morph', kind: 'function' },
    { module: 'w', name: 'b', kind: 'table' },
  ]);
  assert.deepEqual(WebAssembly.Module.exports(module), [
    { name: '$a', kind: 'function' },
    { name: 'evaluate', kind: 'function' },
  ]);
  assert.deepEqual(WebAssembly.Module.customSections(module, 'producers'), []);
  assert.equal(out.glue, `const a={__proto__:null,a:()=>1,b:t};
export function evaluate(){return W.evaluate()+W.$a(W.$a)}
return{"w":a,"./snippets/x/inline0.js":s};`);
  assert.equal(out.renamed, 3);
});

test('a glue that does not hold an import’s name exactly once is refused with the name', () => {
  assert.throws(
    () => shortenNames(handMade(), glue.replace('__wbg_f_0123456789abcdef:()=>1,', '')),
    /the import __wbg_f_0123456789abcdef occurs 0 times in the glue, not once/,
  );
  assert.throws(
    () => shortenNames(handMade(), glue.replace('t};', '__wbg_f_0123456789abcdef};')),
    /the import __wbg_f_0123456789abcdef occurs 2 times/,
  );
});

test('every module of the built site meets its glue under short names and has no custom section', () => {
  const modules = fs.readdirSync(dist).filter((f) => f.endsWith('_bg.wasm'));
  assert.ok(modules.length >= 3, `the calculator's, the full and the worker's modules in ${dist}: ${modules}`);
  for (const f of modules) {
    const module = new WebAssembly.Module(fs.readFileSync(path.join(dist, f)));
    const fromGlue = WebAssembly.Module.imports(module).filter((i) => !i.module.startsWith('./snippets/'));
    assert.ok(fromGlue.length > 50, `${f} imports ${fromGlue.length} functions from its glue`);
    for (const i of fromGlue) {
      assert.equal(i.module, 'w', `${f}: ${i.module}`);
      assert.match(i.name, /^[a-zA-Z]{1,2}$/, `${f}: ${i.name}`);
    }
    for (const e of WebAssembly.Module.exports(module)) {
      assert.doesNotMatch(e.name, /__convert__closures/, `${f} exports ${e.name}`);
    }
    assert.deepEqual(WebAssembly.Module.customSections(module, 'producers'), [], f);
  }
});
