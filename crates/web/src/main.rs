//! The page's first module, which index.html starts: the calculator. Every other view is in
//! the full module (`src/bin/full.rs`), loaded when one first opens (`lazy`).

#[cfg(target_arch = "wasm32")]
fn main() {
    commcalc_web::start(commcalc_web::CALCULATOR);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("commcalc-web runs in a browser: build it with `make site` or `make serve`");
}
