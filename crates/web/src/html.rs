//! Markup built as text for the parts of the page that are lists of static items (select
//! options, the metrics table): one update of the HTML per change instead of a reactive view
//! per item, which keeps the shipped wasm small. The lowest layer of the markup: it imports no
//! controls, edits or address.

use std::fmt::Write;

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

/// A symbol as the papers typeset it: `t_st` becomes t with st as a subscript, escaped.
/// A subscript runs over ASCII letters and digits (the catalog's symbols need no more, and
/// Unicode tables would cost shipped bytes).
pub fn subscripts(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '_' && chars.peek().is_some_and(|n| n.is_ascii_alphanumeric()) {
            out.push_str("<sub>");
            while let Some(n) = chars.peek().copied().filter(|n| n.is_ascii_alphanumeric()) {
                out.push_str(&esc(n.encode_utf8(&mut [0; 4])));
                chars.next();
            }
            out.push_str("</sub>");
        } else {
            out.push_str(&esc(c.encode_utf8(&mut [0; 4])));
        }
    }
    out
}

/// One `<option>`.
#[derive(Clone, Debug, PartialEq)]
pub struct Opt<'a> {
    pub value: &'a str,
    pub label: &'a str,
    pub selected: bool,
    /// Why it cannot be chosen, shown as its title; `None` if it can.
    pub disabled: Option<&'a str>,
    pub title: Option<&'a str>,
}

impl<'a> Opt<'a> {
    pub fn new(value: &'a str, label: &'a str, selected: bool) -> Opt<'a> {
        Opt {
            value,
            label,
            selected,
            disabled: None,
            title: None,
        }
    }
}

/// Options, optionally in labelled groups (`None` for ungrouped).
pub fn options<'a>(groups: impl IntoIterator<Item = (Option<&'a str>, Vec<Opt<'a>>)>) -> String {
    let mut out = String::new();
    for (label, opts) in groups {
        if let Some(l) = label {
            let _ = write!(out, "<optgroup label=\"{}\">", esc(l));
        }
        for o in opts {
            let _ = write!(out, "<option value=\"{}\"", esc(o.value));
            if o.selected {
                out.push_str(" selected");
            }
            if let Some(why) = o.disabled {
                let _ = write!(out, " disabled title=\"{}\"", esc(why));
            } else if let Some(t) = o.title {
                let _ = write!(out, " title=\"{}\"", esc(t));
            }
            let _ = write!(out, ">{}</option>", esc(o.label));
        }
        if label.is_some() {
            out.push_str("</optgroup>");
        }
    }
    out
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

    #[test]
    fn options_mark_the_selected_and_the_disabled() {
        let mut a = Opt::new("a", "A & B", true);
        a.title = Some("first");
        let mut b = Opt::new("b", "B", false);
        b.disabled = Some("not \"here\"");
        let html = options([(Some("group"), vec![a, b])]);
        assert_eq!(
            html,
            "<optgroup label=\"group\"><option value=\"a\" selected title=\"first\">A &amp; B</option>\
             <option value=\"b\" disabled title=\"not &quot;here&quot;\">B</option></optgroup>"
        );
    }

    #[test]
    fn subscripts_follow_underscores() {
        assert_eq!(subscripts("t_st (alpha)"), "t<sub>st</sub> (alpha)");
        assert_eq!(
            subscripts("a_p + a_c (a_pc)"),
            "a<sub>p</sub> + a<sub>c</sub> (a<sub>pc</sub>)"
        );
        assert_eq!(subscripts("x < y_"), "x &lt; y_");
    }
}
