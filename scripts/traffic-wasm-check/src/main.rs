//! Prints the native fingerprints, one per line, for check.mjs to compare with wasm's.
fn main() {
    for i in 0..traffic_wasm_check::CASES {
        println!("{}", traffic_wasm_check::fingerprint(i));
    }
}
