//! The Collectives view's module (`app::COLLECTIVES`): a link to the view starts it.
#![cfg_attr(target_arch = "wasm32", no_main)]

commcalc_web::module!(COLLECTIVES);
