// Times the traffic simulator natively, as wasm32 in Node and as wasm32 in Chromium, on the
// workloads of src/lib.rs (`events`): 16 nodes × 3000 messages each, and a 12-cube with 10⁵
// messages. Prints events per second and the WebAssembly/native time ratios (best of N runs).
//   cd scripts/traffic-wasm-check && node speed.mjs [RUNS]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const runs = Number(process.argv[2] ?? 7);
const cargo = (args) => execFileSync('cargo', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
cargo(['build', '--release', '--target', 'wasm32-unknown-unknown']);
cargo(['build', '--release']);
const bytes = readFileSync('target/wasm32-unknown-unknown/release/traffic_wasm_check.wasm');

// The same timing loop in Node and in the page: best of `runs` calls.
const timeIn = async (wasmBytes, workload, runs) => {
  const { instance } = await WebAssembly.instantiate(wasmBytes, {});
  let best = Infinity;
  let events = 0n;
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    events = instance.exports.events(workload);
    best = Math.min(best, performance.now() - start);
  }
  return [Number(events), best];
};

const require = createRequire(new URL('../../tests/browser/package.json', import.meta.url));
const { chromium } = require('playwright-core');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
for (const workload of [0, 1]) {
  const [events, native] = execFileSync('target/release/traffic-wasm-check', ['speed', String(workload), String(runs)], { encoding: 'utf8' }).trim().split(' ').map(Number);
  const [, node] = await timeIn(bytes, workload, runs);
  const [, chrome] = await page.evaluate(
    async ([b, w, n, f]) => (0, eval)(f)(new Uint8Array(b), w, n),
    [[...bytes], workload, runs, timeIn.toString()],
  );
  const rate = (ms) => `${(events / ms / 1e3).toFixed(1)} M/s`;
  console.log(`workload ${workload}: ${events} events; native ${native.toFixed(1)} ms (${rate(native)}), `
    + `Node ${node.toFixed(1)} ms (${rate(node)}, ×${(node / native).toFixed(2)}), `
    + `Chromium ${chrome.toFixed(1)} ms (${rate(chrome)}, ×${(chrome / native).toFixed(2)})`);
}
await browser.close();
