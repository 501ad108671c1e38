// Runs the traffic cases natively (cargo run) and in WebAssembly (the wasm32 build, in Node)
// and compares their fingerprints bit for bit. Exit code 1 on any difference.
//   cd scripts/traffic-wasm-check && node check.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const cargo = (args) => execFileSync('cargo', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
cargo(['build', '--release', '--target', 'wasm32-unknown-unknown']);
const native = cargo(['run', '--release', '--quiet']).trim().split('\n');
const bytes = readFileSync('target/wasm32-unknown-unknown/release/traffic_wasm_check.wasm');
const { instance } = await WebAssembly.instantiate(bytes, {});
let same = true;
native.forEach((n, i) => {
  const w = BigInt.asUintN(64, instance.exports.fingerprint(i)).toString();
  const ok = w === n;
  same &&= ok;
  console.log(`case ${i}: native ${n} wasm ${w} ${ok ? 'same' : 'DIFFERENT'}`);
});
process.exit(same ? 0 : 1);
