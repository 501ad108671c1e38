#[cfg(target_arch = "wasm32")]
fn main() {
    use leptos::prelude::*;
    console_error_panic_hook::set_once();
    mount_to_body(|| view! { <p>"hello"</p> });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
