//! The citation checker of the core's tests: every part of a source ("000 §3.1, eq. 3; 001
//! eq. 1") names a paper 000–004 and places its text (tests/papers) has. Included by `#[path]`
//! from `crates/core/src/explain.rs`.

fn papers_dir() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/papers")
}

/// The text of a paper by file prefix.
pub fn paper(prefix: &str) -> String {
    let dir = papers_dir();
    let path = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| {
            let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            n.starts_with(&format!("{prefix}_")) && n.ends_with(".txt")
        })
        .unwrap_or_else(|| panic!("no paper {prefix}"));
    std::fs::read_to_string(path).unwrap()
}

/// Whether a numbered section's heading is in the text: "2.1 Serial …", "2. Experimental …".
fn has_section(text: &str, number: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start_matches('#').trim();
        l.len() < 80
            && (l.starts_with(&format!("{number} ")) || l.starts_with(&format!("{number}. ")))
    })
}

/// Whether a named section (003 has no numbers) is a heading.
fn has_named_section(text: &str, name: &str) -> bool {
    text.lines()
        .any(|l| l.starts_with('#') && l.to_lowercase().contains(&name.to_lowercase()))
}

fn has_equation(text: &str, n: &str) -> bool {
    text.contains(&format!("\\quad ({n})")) || text.contains(&format!("\\tag{{{n}}}"))
}

fn has_table(text: &str, n: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start_matches('*');
        l.strip_prefix(&format!("Table {n}"))
            .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
    })
}

/// Checks one place ("eq. 1–7", "§2.1", "Table 1", "Rules 1–4", "Fig. 5", "Appendix 7.1")
/// against a paper's text.
pub fn place_exists(text: &str, place: &str) -> Result<(), String> {
    let (kind, what) = if let Some(name) = place.strip_prefix('§') {
        ("§", name)
    } else if let Some(rest) = place.strip_prefix("Appendix ") {
        ("Appendix", rest)
    } else {
        place
            .split_once(' ')
            .ok_or_else(|| format!("no number in {place:?}"))?
    };
    // A range names its two ends.
    let ends: Vec<&str> = if what.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        what.split('–').collect()
    } else {
        vec![what]
    };
    for n in ends {
        let found = match kind {
            "§" if n.starts_with(|c: char| c.is_ascii_digit()) => has_section(text, n),
            "§" => has_named_section(text, n),
            "Appendix" => text.contains("Appendix") && has_section(text, n),
            "eq." => has_equation(text, n),
            "Table" | "Tables" => has_table(text, n),
            "Rule" | "Rules" => text.contains(&format!("Rule {n} ")),
            "Fig." => text.contains(&format!("Figure {n}")),
            _ => return Err(format!("unknown kind of place {place:?}")),
        };
        if !found {
            return Err(format!("{place:?} ({kind} {n}) is not in the paper"));
        }
    }
    Ok(())
}

/// Every part of a source ("000 §3.1, eq. 3; 001 eq. 1") names a paper 000–004 and places
/// that its text has.
pub fn check_source(source: &str) {
    assert!(!source.is_empty());
    for part in source.split("; ") {
        let (id, places) = part
            .split_once(' ')
            .unwrap_or_else(|| panic!("{source}: {part:?} names no place"));
        assert!(
            ["000", "001", "002", "003", "004"].contains(&id),
            "{source}: {id:?} is not one of the papers"
        );
        let text = paper(id);
        for place in places.split(", ") {
            place_exists(&text, place).unwrap_or_else(|e| panic!("{source}: {id} {e}"));
        }
    }
}
