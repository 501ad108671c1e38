//! commcalc-web: the single-page app. All math lives in commcalc-core; this crate turns a
//! scenario's report into pickers, controls, charts and a metrics table.
//!
//! The plain-Rust modules (slider mapping, ticks, the derivations' MathML, control and chart descriptions,
//! edits) build and test natively; the components and the drawing need a browser and build
//! for wasm32 only.

pub mod asked;
pub mod chart;
pub mod collective_check;
pub mod collectives;
pub mod compared;
pub mod controls;
pub mod derived;
pub mod edit;
pub mod explain;
pub mod export;
pub mod fits;
pub mod import;
pub mod labels;
pub mod math;
pub mod page;
pub mod picker;
pub mod polyline;
pub mod presets;
pub mod problem;
pub mod regime_charts;
pub mod regime_map;
pub mod slider;
pub mod ticks;
pub mod traffic;
pub mod traffic_draw;
pub mod validation_plot;
pub mod view;

#[cfg(target_arch = "wasm32")]
pub mod api;
#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod components;
#[cfg(target_arch = "wasm32")]
mod dom;
#[cfg(target_arch = "wasm32")]
mod draw;
#[cfg(target_arch = "wasm32")]
mod draw_map;
#[cfg(target_arch = "wasm32")]
mod held;
#[cfg(target_arch = "wasm32")]
mod lazy;
#[cfg(target_arch = "wasm32")]
mod state;
#[cfg(target_arch = "wasm32")]
pub mod worker;

#[cfg(target_arch = "wasm32")]
pub use app::{start, ALL, CALCULATOR, COLLECTIVES, COMPARE, IMPORT, REGIMES, TRAFFIC, VALIDATE};

/// A module's entry point, for a binary of the page (`src/main.rs`, `src/bin/`) to name the
/// views it carries (`app::Views`). In the browser it is wasm-bindgen's start function, which
/// mounts the app: the module has no `main`, so the standard library's start-up and exit code
/// (which flushes a standard output the page does not have) stays out of it. Natively the
/// binary only says where it runs.
#[macro_export]
macro_rules! module {
    ($views:ident) => {
        #[cfg(target_arch = "wasm32")]
        #[wasm_bindgen::prelude::wasm_bindgen(start)]
        fn start() {
            $crate::start($crate::$views);
        }

        #[cfg(not(target_arch = "wasm32"))]
        fn main() {
            eprintln!(
                "{} runs in a browser: build it with `make site` or `make serve`",
                env!("CARGO_BIN_NAME")
            );
        }
    };
}
