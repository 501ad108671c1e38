//! The Collectives view's module: that view alone, which index.html's loader starts for a link to it
//! (Trunk.toml), and every scenario. Another view, the explanations and sharing load the full
//! module, which takes the page over (`lazy`), as from the calculator's module.
#![cfg_attr(target_arch = "wasm32", no_main)]

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
fn start() {
    commcalc_web::start(commcalc_web::COLLECTIVES);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("commcalc-collectives runs in a browser: build it with `make site` or `make serve`");
}
