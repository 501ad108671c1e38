//! The full module: every view. The calculator's module loads it the first time another view
//! opens, and it takes the page over (`lazy`); index.html builds it beside the first module
//! without starting it.

#[cfg(target_arch = "wasm32")]
fn main() {
    commcalc_web::start(commcalc_web::all_views);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("commcalc-full runs in a browser: build it with `make site` or `make serve`");
}
