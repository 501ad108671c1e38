//! Every unit test of the web crate runs: `cargo test` builds the crate natively, so a
//! `#[test]` in a module compiled for wasm32 only (the components, the drawing) would never
//! be built or run, and could not fail. Such tests belong with the plain-Rust function they
//! test, in a module that builds natively.

use std::fs;
use std::path::{Path, PathBuf};

/// The modules `lib.rs` declares for wasm32 only.
fn wasm_only_modules(src: &Path) -> Vec<String> {
    let lib = fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    let lines: Vec<&str> = lib.lines().map(str::trim).collect();
    lines
        .windows(2)
        .filter(|w| w[0] == "#[cfg(target_arch = \"wasm32\")]")
        .filter_map(|w| {
            let decl = w[1].strip_prefix("pub ").unwrap_or(w[1]);
            Some(decl.strip_prefix("mod ")?.trim_end_matches(';').to_string())
        })
        .collect()
}

/// A module's files: `name.rs`, and every file under `name/`.
fn files_of(src: &Path, module: &str) -> Vec<PathBuf> {
    let mut files = vec![src.join(format!("{module}.rs"))];
    let mut dirs = vec![src.join(module)];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.into_iter().filter(|f| f.exists()).collect()
}

#[test]
fn no_unit_test_sits_in_a_module_built_for_wasm32_only() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = wasm_only_modules(&src);
    assert!(modules.contains(&"components".to_string()), "{modules:?}");
    let unrun: Vec<String> = modules
        .iter()
        .flat_map(|m| files_of(&src, m))
        .filter(|f| {
            fs::read_to_string(f)
                .unwrap_or_default()
                .contains("#[test]")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        unrun.is_empty(),
        "tests that `cargo test` never builds (move them with the code they test to a module \
         that builds natively): {unrun:?}"
    );
}
