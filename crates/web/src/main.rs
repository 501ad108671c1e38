//! The page's first module, which index.html starts: the calculator. Every other view is in
//! the full module (`src/bin/full.rs`), loaded when one first opens (`lazy`).
//!
//! In the browser the module has no `main`: wasm-bindgen's start function mounts the app, and
//! the standard library's start-up and exit code (which flushes a standard output the page
//! does not have) stays out of the module.
#![cfg_attr(target_arch = "wasm32", no_main)]

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
fn start() {
    commcalc_web::start(commcalc_web::CALCULATOR);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("commcalc-web runs in a browser: build it with `make site` or `make serve`");
}
