//! MPICH 4.0's own collective-selection tree, so that an exported selection file changes one
//! collective and leaves every other to the library: a file given with
//! `MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE` replaces MPICH's whole tree, and a collective
//! missing from it has no algorithm at all.
//!
//! `mpich-4.0.2-selection.json` is that tree as Debian 12's MPICH 4.0.2 (package libmpich12
//! 4.0.2-3+b1) carries it compiled into `libmpich.so.12` (`strings -n 20` prints it on one
//! line); it is `maint/tuning/coll/mpir/generic.json` of pmodels/mpich at v4.0.2, compacted.
//! tests/mpi/check.py compares it with the installed library's and runs MPICH with the exports.

/// MPICH 4.0.2's built-in selection tree, compact JSON.
pub const TREE: &str = include_str!("mpich-4.0.2-selection.json");

/// The members of a JSON object's text, in order: (key, value text). The tree holds only
/// objects and strings without escapes or braces, which is all this reads.
pub fn members(object: &str) -> Vec<(&str, &str)> {
    let body = object
        .trim()
        .strip_prefix('{')
        .and_then(|b| b.strip_suffix('}'))
        .unwrap_or("");
    let mut out = Vec::new();
    let mut rest = body;
    while let Some(open) = rest.find('"') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('"') else { break };
        let key = &after[..close];
        let value = after[close + 1..].trim_start().trim_start_matches(':');
        let value = value.trim_start();
        let end = value_end(value);
        out.push((key, &value[..end]));
        rest = &value[end..];
    }
    out
}

/// The length of the JSON value at the start of `text`: a balanced object, or a string.
fn value_end(text: &str) -> usize {
    if let Some(string) = text.strip_prefix('"') {
        return string.find('"').map_or(text.len(), |i| i + 2);
    }
    let mut depth = 0usize;
    for (i, ch) in text.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    text.len()
}

/// The value of `key` in an object's text.
pub fn member<'a>(object: &'a str, key: &str) -> Option<&'a str> {
    members(object)
        .into_iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v)
}

/// MPICH's condition under which commcalc's tree for a collective holds (the algorithms it
/// may name assume it), and the opposite one, under which MPICH's own tree still decides:
/// Rabenseifner's reductions assert a built-in operation, recursive halving a commutative
/// one, and Bruck's all-to-all a separate send buffer.
pub fn guard(collective: &str) -> Option<(&'static str, &'static str)> {
    match collective {
        "allreduce" | "reduce" => Some(("is_op_built_in=yes", "is_op_built_in=no")),
        "reduce_scatter" => Some(("is_commutative=yes", "is_commutative=no")),
        "alltoall" => Some(("is_sendbuf_inplace=no", "is_sendbuf_inplace=yes")),
        _ => None,
    }
}

/// The whole selection file: MPICH's own tree with the intra-communicator branch of
/// `collective` (MPICH's name) replaced by `intra` (an object's text), under [`guard`] where
/// the collective has one. Every other collective, and the collective's inter-communicator
/// branch, is MPICH's own.
pub fn with_intra(collective: &str, intra: &str) -> String {
    let key = format!("collective={collective}");
    let sections: Vec<String> = members(TREE.trim())
        .into_iter()
        .map(|(k, v)| {
            let v = if k == key {
                replaced(collective, v, intra)
            } else {
                v.to_string()
            };
            format!("\"{k}\":{v}")
        })
        .collect();
    format!("{{\n{}\n}}\n", sections.join(",\n"))
}

/// A collective's section with its `comm_type=intra` branch replaced.
fn replaced(collective: &str, section: &str, intra: &str) -> String {
    let parts: Vec<String> = members(section)
        .into_iter()
        .map(|(k, v)| {
            let v = match (k, guard(collective)) {
                ("comm_type=intra", Some((ours, theirs))) => {
                    format!("{{\"{ours}\":{intra},\"{theirs}\":{v}}}")
                }
                ("comm_type=intra", None) => intra.to_string(),
                _ => v.to_string(),
            };
            format!("\"{k}\":{v}")
        })
        .collect();
    format!("{{{}}}", parts.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_reads_back_section_by_section() {
        let sections = members(TREE);
        assert!(sections.len() > 40, "{}", sections.len());
        let rebuilt: Vec<String> = sections
            .iter()
            .map(|(k, v)| format!("\"{k}\":{v}"))
            .collect();
        assert_eq!(format!("{{{}}}", rebuilt.join(",")), TREE.trim());
        let bcast = member(TREE, "collective=bcast").unwrap();
        assert!(member(bcast, "comm_type=inter")
            .unwrap()
            .contains("MPIR_Bcast_inter_remote_send_local_bcast"));
    }

    #[test]
    fn one_collectives_intra_branch_changes_and_nothing_else() {
        let intra = "{\"algorithm=MPIR_Allreduce_intra_recursive_doubling\":{}}";
        let file = with_intra("allreduce", intra);
        let (old, new) = (members(TREE.trim()), members(&file));
        assert_eq!(old.len(), new.len());
        for ((k0, v0), (k1, v1)) in old.iter().zip(&new) {
            assert_eq!(k0, k1);
            if *k0 == "collective=allreduce" {
                let ours = member(member(v1, "comm_type=intra").unwrap(), "is_op_built_in=yes");
                assert_eq!(ours, Some(intra));
                assert_eq!(member(v1, "comm_type=inter"), member(v0, "comm_type=inter"));
            } else {
                assert_eq!(v0, v1, "{k0}");
            }
        }
    }
}
