// Trunk's post_build hook (Trunk.toml): runs after Trunk has written the site into its staging
// directory and before it replaces dist/ with it. It adds the two files whose content depends
// on the whole build:
//
// - commcalc.js, the stable name course pages import (docs/api.md): it re-exports
//   the full module, which carries the API, and points init() at its wasm.
// - sw.js, the service worker (web/sw.js) with the build id and the list of files to precache
//   filled in (docs/web-app.md, "Offline").
//
// It also minifies the JavaScript that Trunk's own minifier cannot parse, and shortens the names
// by which each wasm module and its glue meet (below). Node's
// standard library and terser, which `make` installs into .tools like wasm-opt: the build never
// downloads anything.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { shortenNames } from './wasm-names.mjs';

const staging = process.env.TRUNK_STAGING_DIR;
const source = process.env.TRUNK_SOURCE_DIR;
if (!staging || !source) {
  fail('TRUNK_STAGING_DIR and TRUNK_SOURCE_DIR are not set: this script runs as a Trunk hook (trunk build)');
}

function fail(message) {
  console.error(`post-build: ${message}`);
  process.exit(1);
}

/** Every file under `dir`, as paths relative to it with `/` separators, sorted. */
function files(dir, prefix = '') {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => {
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      return e.isDirectory() ? files(dir, rel) : [rel];
    })
    .sort();
}

/** Replaces `placeholder` in `text`, which must hold it exactly once. */
function fill(text, placeholder, value, what) {
  const parts = text.split(placeholder);
  if (parts.length !== 2) fail(`${what} must contain ${placeholder} exactly once`);
  return parts.join(value);
}

// The JavaScript API is the full module's (crates/web/src/bin/full.rs): Trunk names it without
// a hash (index.html), commcalc-full.js and commcalc-full_bg.wasm. The page's first module is
// the calculator's, commcalc-web-<hash>.js, which the API does not need.
const module = 'commcalc-full.js';
const wasm = 'commcalc-full_bg.wasm';
for (const f of [module, wasm]) {
  if (!fs.existsSync(path.join(staging, f))) fail(`${f} is missing from ${staging}`);
}

fs.writeFileSync(
  path.join(staging, 'commcalc.js'),
  `// commcalc's JavaScript API under a name that does not change between builds (docs/api.md).
import init from './${module}';
export * from './${module}';
export default (options) => init(options ?? { module_or_path: new URL('./${wasm}', import.meta.url) });
`,
);

// `trunk serve` injects its live-reload client into index.html. A development server must
// always show the latest code, so its build precaches nothing and registers no worker; its
// sw.js only removes what an earlier build on the same address left behind.
const served = fs.readFileSync(path.join(staging, 'index.html'), 'utf8').includes('.well-known/trunk/ws');
if (served) fs.writeFileSync(path.join(staging, 'sw-register.js'), '// No service worker under trunk serve.\n');

// Trunk's JavaScript minifier (minify-js) fails on wasm-bindgen's glue (`export { … as default
// }`, an import without a semicolon) and ships it whole; terser minifies it here, with the
// snippets, the JavaScript API's entry and the service worker's scripts: every script of ours a
// first visit downloads, 3 kB gzip less (docs/web-bytes.md). ES modules keep their exports;
// the classic scripts (the service worker and its registration) keep their top-level names.
// The Traffic view's worker keeps Trunk's output: its no-modules glue defines a global that
// its loader calls. A development server's build (trunk serve) stays readable.
let minify;
try {
  ({ minify } = createRequire(path.join(source, '.tools', 'package.json'))('terser'));
} catch {
  fail('terser is not in .tools: `make site` (or `make tools`) installs it');
}
async function minified(file, module) {
  const full = path.join(staging, file);
  try {
    const out = await minify(fs.readFileSync(full, 'utf8'), { module, format: { comments: false } });
    fs.writeFileSync(full, out.code);
  } catch (e) {
    fail(`terser could not minify ${file}: ${e.message ?? e}`);
  }
}
const classic = new Set(['sw-register.js']);
const trafficWorker = /^traffic-worker/;

// wasm-streams' classes (IntoUnderlyingSource, IntoUnderlyingByteSource, IntoUnderlyingSink),
// the bridge of Leptos' server functions to JavaScript streams: index.html has wasm-opt remove
// their exports from the calculator's module, which never calls them, so their glue calls
// nothing. Each class, the line that gives it `Symbol.dispose` and its FinalizationRegistry go
// (0.3 kB gzip of a first visit, docs/web-bytes.md); the build fails if wasm-bindgen's glue no
// longer reads as expected, rather than ship them unnoticed.
const streams = [
  /^export class IntoUnderlying\w+ \{\n[\s\S]*?\n\}\n/gm,
  /^if \(Symbol\.dispose\) IntoUnderlying\w+\.prototype\[Symbol\.dispose\] = IntoUnderlying\w+\.prototype\.free;\n/gm,
  /^const IntoUnderlying\w+Finalization = \(typeof FinalizationRegistry === 'undefined'\)\n.*\n.*\n/gm,
];
function withoutStreams(file) {
  const full = path.join(staging, file);
  let glue = fs.readFileSync(full, 'utf8');
  for (const pattern of streams) {
    const found = glue.match(pattern)?.length ?? 0;
    if (found !== 3) fail(`${file}: expected 3 matches of ${pattern}, found ${found}`);
    glue = glue.replace(pattern, '');
  }
  if (glue.includes('IntoUnderlying')) fail(`${file}: IntoUnderlying is still referenced`);
  fs.writeFileSync(full, glue);
}

// Trunk's loader of the Traffic view's worker (data-loader-shim) calls wasm-bindgen's init with
// the wasm's path alone, a form wasm-bindgen deprecates: the worker logged "using deprecated
// parameters for the initialization function" on every start. It passes `{ module_or_path }`
// here; the build fails if Trunk's loader no longer reads as expected.
for (const f of files(staging).filter((f) => /^traffic-worker.*_loader\.js$/.test(f))) {
  const full = path.join(staging, f);
  const loader = fs.readFileSync(full, 'utf8');
  const call = /wasm_bindgen\(("[^"]*"|'[^']*')\)/g;
  const found = loader.match(call)?.length ?? 0;
  if (found !== 1) fail(`${f}: expected one call wasm_bindgen("…"), found ${found}`);
  fs.writeFileSync(full, loader.replace(call, 'wasm_bindgen({ module_or_path: $1 })'));
}

if (!served) {
  for (const f of files(staging).filter((f) => /^commcalc-web-[0-9a-f]+\.js$/.test(f))) withoutStreams(f);
  for (const f of files(staging).filter((f) => f.endsWith('.js') && !trafficWorker.test(f))) {
    await minified(f, !classic.has(f));
  }
}

// Each module and its glue meet under short names (scripts/wasm-names.mjs): 6.2 kB gzip less
// on a first visit. A development server's build keeps wasm-bindgen's names.
if (!served) {
  for (const wasm of files(staging).filter((f) => f.endsWith('_bg.wasm'))) {
    const glue = wasm.replace(/_bg\.wasm$/, '.js');
    try {
      const out = shortenNames(fs.readFileSync(path.join(staging, wasm)), fs.readFileSync(path.join(staging, glue), 'utf8'));
      fs.writeFileSync(path.join(staging, wasm), out.wasm);
      fs.writeFileSync(path.join(staging, glue), out.glue);
    } catch (e) {
      fail(`could not shorten the names between ${wasm} and ${glue}: ${e.message ?? e}`);
    }
  }
}

// Every built file but the worker itself and the modules of one view: the full module shows
// every view offline (Trunk.toml's loader falls back on it), so a first visit's precache does
// not download each view's code twice. The build id hashes every file's name and contents, so
// any change to any file is a new build and a new cache.
const built = files(staging).filter((f) => f !== 'sw.js');
// The page's modules are the calculator's (`commcalc-web-<hash>`), the full one and those.
const oneView = /^commcalc-(?!full[._]|web-)[a-z]+(\.js|_bg\.wasm)$/;
const precache = built.filter((f) => !oneView.test(f));
const hash = createHash('sha256');
for (const f of built) {
  hash.update(f).update('\0').update(fs.readFileSync(path.join(staging, f))).update('\0');
}
const build = hash.digest('hex').slice(0, 16);

const template = path.join(source, 'web', 'sw.js');
let worker = fs.readFileSync(template, 'utf8');
worker = fill(worker, "'BUILD_ID'", JSON.stringify(build), template);
worker = fill(worker, "['FILE_LIST']", served ? 'null' : JSON.stringify(precache), template);
fs.writeFileSync(path.join(staging, 'sw.js'), worker);
if (!served) await minified('sw.js', false);

console.log(
  `post-build: commcalc.js → ${module}; sw.js build ${build}, ` +
    (served ? 'development server (no precache)' : `${precache.length} files precached`),
);
