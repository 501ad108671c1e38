//! The binary Trunk builds: mounts the app.

#[cfg(target_arch = "wasm32")]
fn main() {
    commcalc_web::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("commcalc-web runs in a browser: build it with `make site` or `make serve`");
}
