// Trunk's post_build hook (Trunk.toml): runs after Trunk has written the site into its staging
// directory and before it replaces dist/ with it. It adds the two files whose content depends
// on the whole build:
//
// - commcalc.js, the stable name course pages import (README, "JavaScript API"): Trunk puts a
//   content hash in the module's file name, and wasm-bindgen's init() would look for the
//   unhashed wasm file, so this module re-exports the hashed one and points init() at the
//   hashed wasm.
// - sw.js, the service worker (web/sw.js) with the build id and the list of files to precache
//   filled in (README, "Offline").
//
// Node's standard library only: the build never downloads anything.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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

// The app's module and its wasm, as Trunk named them (commcalc-web-<hash>.js, …_bg.wasm).
const modules = files(staging).filter((f) => /^commcalc-web-[0-9a-f]+\.js$/.test(f));
if (modules.length !== 1) fail(`expected one commcalc-web-<hash>.js in ${staging}, found ${modules.length}`);
const module = modules[0];
const wasm = module.replace(/\.js$/, '_bg.wasm');
if (!fs.existsSync(path.join(staging, wasm))) fail(`${wasm} is missing beside ${module}`);

fs.writeFileSync(
  path.join(staging, 'commcalc.js'),
  `// commcalc's module under a name that does not change between builds (README, "JavaScript API").
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

// Every built file but the worker itself; the build id hashes their names and contents, so
// any change to any file is a new build and a new cache.
const precache = files(staging).filter((f) => f !== 'sw.js');
const hash = createHash('sha256');
for (const f of precache) {
  hash.update(f).update('\0').update(fs.readFileSync(path.join(staging, f))).update('\0');
}
const build = hash.digest('hex').slice(0, 16);

const template = path.join(source, 'web', 'sw.js');
let worker = fs.readFileSync(template, 'utf8');
worker = fill(worker, "'BUILD_ID'", JSON.stringify(build), template);
worker = fill(worker, "['FILE_LIST']", served ? 'null' : JSON.stringify(precache), template);
fs.writeFileSync(path.join(staging, 'sw.js'), worker);

console.log(
  `post-build: commcalc.js → ${module}; sw.js build ${build}, ` +
    (served ? 'development server (no precache)' : `${precache.length} files precached`),
);
