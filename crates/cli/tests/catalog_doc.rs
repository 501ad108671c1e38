//! `docs/catalog.md` is the catalog as `commcalc machines` and `commcalc patterns` print it, so
//! that the repository documents every machine, parameter, source and pattern in words that
//! cannot drift from the code. This test fails when the two differ; running it with
//! `UPDATE_DOCS=1` rewrites the file.

use std::path::PathBuf;
use std::process::Command;

/// The listing of one `commcalc` command.
fn listing(command: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_commcalc"))
        .arg(command)
        .output()
        .unwrap_or_else(|e| panic!("cannot run commcalc {command}: {e}"));
    assert!(out.status.success(), "commcalc {command}: {out:?}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The metric catalogue as a table: key, unit, what it is, symbol.
fn metrics_table() -> String {
    let mut out = String::from("| key | unit | what it is | symbol |\n| --- | --- | --- | --- |\n");
    for m in commcalc_core::metrics::METRICS {
        out += &format!(
            "| `{}` | {} | {} | {} |\n",
            m.id,
            m.unit.symbol(),
            m.label,
            m.symbol
        );
    }
    out
}

/// Today's machines (`catalog::today`) as a table of where each comes from.
fn today_table() -> String {
    let mut out = String::from(
        "| machine | kind | network | cluster | MPI | benchmark | fitted to (tests/data/measurements) | \
         copied from |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for m in commcalc_core::catalog::MACHINES {
        let Some(p) = m.provenance else { continue };
        let files: Vec<String> = p.files.iter().map(|f| format!("`{f}`")).collect();
        out += &format!(
            "| `{}` | {} | {} | {} | {} | {} | {} | {} |\n",
            m.id,
            p.interconnect.name(),
            p.network,
            p.cluster,
            p.mpi,
            p.benchmark,
            files.join(", "),
            p.upstream
        );
    }
    out
}

/// The page as the catalog makes it today.
fn generated() -> String {
    format!(
        "# The catalog\n\n\
         Every machine with its parameter sets (each parameter with its value, unit, range and \
         source) and every pattern with the machines, models, inputs (each in words, with where \
         the papers give it), algorithms and metrics it takes. This page is generated from the code: it is what `commcalc machines` and \
         `commcalc patterns` print, and `cargo test -p commcalc --test catalog_doc` fails when \
         it is out of date (`UPDATE_DOCS=1` rewrites it). The models are explained in \
         [models.md](models.md), the metrics in [reports.md](reports.md).\n\n\
         ## Machines\n\n```text\n{}```\n\n\
         ## Today's machines\n\nThe clusters measured with today's benchmarks: each machine's \
         parameters are what `commcalc fit` makes of its files (the Hockney fit and the \
         piecewise fit, the best fit its default model), checked against a new fit of the files \
         by `catalog::today`'s tests, with γ fitted from a reduction run where the files hold \
         one and assumed otherwise. The files' provenance is in \
         `tests/data/measurements/README.md`.\n\n{}\n\
         ## Patterns\n\n```text\n{}```\n\n\
         ## Metrics\n\n{}",
        listing("machines"),
        today_table(),
        listing("patterns"),
        metrics_table()
    )
}

#[test]
fn catalog_page_is_the_catalog() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/catalog.md");
    let want = generated();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, &want).expect("write docs/catalog.md");
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "docs/catalog.md is out of date: run `UPDATE_DOCS=1 cargo test -p commcalc --test catalog_doc`"
    );
}

/// docs/reports.md explains every catalogued metric (with its source), so none is left out.
#[test]
fn reports_page_explains_every_metric() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/reports.md");
    let page = std::fs::read_to_string(&path).expect("docs/reports.md");
    for m in commcalc_core::metrics::METRICS {
        assert!(
            page.contains(&format!("`{}`", m.id)),
            "docs/reports.md does not explain {}",
            m.id
        );
    }
}
