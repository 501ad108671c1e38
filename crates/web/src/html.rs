//! Markup built as text, left for the Validate view's panels until they are views: escaping,
//! the fits' table and the fit chart's key. It imports no controls, edits or address.

use std::fmt::Write;

use commcalc_core::measurements::fit::FitReport;

use crate::fits::{fit_table, KeyEntry, FIT_KEY};

/// Escapes text for element content and double-quoted attribute values. The text between two
/// escaped characters is copied whole: pushed a character at a time, the controls' and the
/// tables' texts took 0.4 ms of a slider input's script (a CPU profile of the calculator's
/// traffic pattern).
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest
        .bytes()
        .position(|b| matches!(b, b'&' | b'<' | b'>' | b'"'))
    {
        out.push_str(&rest[..i]);
        out.push_str(match rest.as_bytes()[i] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            _ => "&quot;",
        });
        rest = &rest[i + 1..];
    }
    out.push_str(rest);
    out
}

/// The fits' table (`table#<id>`) of [`crate::fits::fit_table`] as markup, for the Validate
/// view's fit panel until it renders `components::fits_table`.
pub fn fits_table(out: &mut String, r: &FitReport, id: &str) {
    let t = fit_table(r);
    let _ = write!(
        out,
        "<h3>Fits to {} (relative error)</h3><table id=\"{id}\"><thead><tr><th scope=\"col\">model</th>\
         <th scope=\"col\">parameters</th><th scope=\"col\">rms error</th><th scope=\"col\">max error</th></tr></thead><tbody>",
        esc(&t.series)
    );
    for row in &t.rows {
        let _ = write!(
            out,
            "<tr data-fit=\"{}\"><th scope=\"row\">{}</th><td>{}</td><td>{}</td><td>{}</td></tr>",
            row.id,
            row.model,
            esc(&row.params),
            row.rms,
            row.max
        );
    }
    out.push_str("</tbody></table>");
    if let Some(l) = &t.loggp {
        let _ = write!(out, "<p id=\"import-loggp\">{}</p>", esc(&l.text));
        if let Some(note) = &l.note {
            let _ = write!(
                out,
                "<p id=\"import-loggp-note\" class=\"note\">{}</p>",
                esc(note)
            );
        }
    }
}

/// The fit chart's key ([`FIT_KEY`]) as markup, for the Validate view's key list until it
/// renders the entries.
pub const LEGEND_HTML: KeyHtml = KeyHtml(&FIT_KEY);

/// A chart's key written as markup: a swatch in each entry's series colour, the entries
/// separated by " · ".
pub struct KeyHtml(&'static [KeyEntry]);

impl std::fmt::Display for KeyHtml {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (k, (colour, text)) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(" · ")?;
            }
            if let Some(c) = colour {
                write!(
                    f,
                    "<span class=\"swatch\" style=\"background: var(--series-{c})\"></span>"
                )?;
            }
            f.write_str(&esc(text))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn esc_escapes_the_four_characters_and_keeps_the_rest() {
        assert_eq!(
            esc("t_l < 5 µs & \"n½\" > 0 → ok"),
            "t_l &lt; 5 µs &amp; &quot;n½&quot; &gt; 0 → ok"
        );
        assert_eq!(esc("&&"), "&amp;&amp;");
        assert_eq!(esc(""), "");
        assert_eq!(esc("µs"), "µs");
    }

    /// The key the Validate view's list shows: each entry's swatch in its series colour.
    #[test]
    fn the_key_has_a_swatch_per_coloured_entry() {
        let html = LEGEND_HTML.to_string();
        for (colour, text) in FIT_KEY {
            if let Some(c) = colour {
                let swatch = format!("style=\"background: var(--series-{c})\"></span>{text}");
                assert!(html.contains(&swatch), "{swatch} not in {html}");
            }
        }
        assert_eq!(html.matches(" · ").count(), FIT_KEY.len() - 1);
    }
}
