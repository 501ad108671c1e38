//! The page's first module, which index.html starts: the calculator. Every other view is in
//! the full module (`src/bin/full.rs`), loaded when one first opens (`lazy`), and the views
//! with a module of their own in theirs (`src/bin/`), which a link to them starts.
#![cfg_attr(target_arch = "wasm32", no_main)]

commcalc_web::module!(CALCULATOR);
