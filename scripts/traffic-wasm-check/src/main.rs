//! Prints the native fingerprints, one per line, for check.mjs to compare with wasm's; with
//! `speed I N`, runs workload I N times and prints its events and the best time of one run in
//! milliseconds, for speed.mjs.
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, mode, i, n] = args.as_slice() {
        if mode == "speed" {
            let (i, n): (u32, u32) = (i.parse().unwrap_or(0), n.parse().unwrap_or(1));
            let mut best = f64::INFINITY;
            let mut events = 0;
            for _ in 0..n {
                let start = Instant::now();
                events = traffic_wasm_check::events(i);
                best = best.min(start.elapsed().as_secs_f64() * 1e3);
            }
            println!("{events} {best}");
            return;
        }
    }
    for i in 0..traffic_wasm_check::CASES {
        println!("{}", traffic_wasm_check::fingerprint(i));
    }
}
