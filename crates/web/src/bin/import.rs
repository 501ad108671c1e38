//! The Import view's module (`app::IMPORT`): a link to the view starts it.
#![cfg_attr(target_arch = "wasm32", no_main)]

commcalc_web::module!(IMPORT);
