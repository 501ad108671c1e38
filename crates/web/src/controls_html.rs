//! The controls panel written as markup (`controls_html`), from the controls that `controls`
//! describes. A module of its own above both `controls` and `html`: the panel needs what each
//! control is and the escaping and option lists of `html`, which as the lowest layer of the
//! markup imports neither the controls nor the edits.

use std::fmt::Write;

use commcalc_core::units::si;
use commcalc_core::{Error, Report, Scenario};

use crate::controls::{current, is_set, is_used, Control, Current, Kind};
use crate::html::{esc, options, subscripts, Opt};
use crate::problem::Problem;
use crate::slider::{plain, STEPS};

/// What the controls panel is written from (`controls_html`).
pub struct ControlsPanel<'a> {
    /// The controls shown, inputs and parameters.
    pub specs: &'a [Control],
    pub scenario: &'a Scenario,
    pub report: Result<&'a Report, &'a Error>,
    /// The problems from the address and from rejected edits, each shown under its key.
    pub problems: &'a [Problem],
    /// The parameters' legend: the machine and its set.
    pub set_label: &'a str,
}

/// The controls panel's content: the inputs, then the parameters, each group in a fieldset,
/// hidden when it has none; one `div.control[data-control]` per control.
pub fn controls_html(panel: &ControlsPanel) -> String {
    let mut out = String::new();
    for (parameters, legend) in [(false, "Inputs"), (true, panel.set_label)] {
        let group: Vec<&Control> = panel
            .specs
            .iter()
            .filter(|c| c.is_parameter == parameters)
            .collect();
        let hidden = if group.is_empty() { " hidden" } else { "" };
        let _ = write!(out, "<fieldset{hidden}><legend>{}</legend>", esc(legend));
        for c in group {
            control_html(&mut out, c, panel);
        }
        out.push_str("</fieldset>");
    }
    out
}

/// One control: its head, what edits it, its source (shown on hover and focus and read as its
/// description) and the core's messages about its key.
fn control_html(out: &mut String, c: &Control, panel: &ControlsPanel) {
    let key = c.key;
    let now = current(panel.scenario, panel.report.ok(), key);
    let source = esc(&c.source);
    let _ = write!(
        out,
        "<div class=\"control\" data-control=\"{key}\" title=\"{source}\">"
    );
    let described = format!("about-{key} err-{key}");
    match &c.kind {
        Kind::Choice(choices) => {
            let v = match now {
                Current::Text(t) => t,
                _ => None,
            };
            control_head(out, c, panel, &format!("in-{key}"), None);
            let list = choices
                .iter()
                .map(|(id, label)| Opt::new(id, label, v.as_deref() == Some(*id)))
                .collect();
            let _ = write!(
                out,
                "<div class=\"edit\"><select id=\"in-{key}\" aria-describedby=\"{described}\">{}</select></div>",
                options([(None, list)])
            );
        }
        Kind::Mesh => {
            let m = match now {
                Current::Mesh(m) => m,
                _ => None,
            };
            control_head(out, c, panel, "in-mesh-w", None);
            out.push_str("<div class=\"edit mesh\">");
            let sides = [("w", "W", m.map(|m| m.0)), ("h", "H", m.map(|m| m.1))];
            for (i, (part, name, side)) in sides.into_iter().enumerate() {
                if i == 1 {
                    out.push_str("<span aria-hidden=\"true\">×</span>");
                }
                let value = side.map(|v| v.to_string()).unwrap_or_default();
                let _ = write!(
                    out,
                    "<label class=\"part\" for=\"in-mesh-{part}\">{name}</label><input type=\"text\" inputmode=\"numeric\" autocomplete=\"off\" spellcheck=\"false\" id=\"in-mesh-{part}\" data-part=\"{part}\" aria-describedby=\"{described}\" value=\"{value}\">"
                );
            }
            out.push_str("</div>");
        }
        kind => number_html(out, c, panel, kind, now, &described),
    }
    let _ = write!(
        out,
        "<p class=\"about\" id=\"about-{key}\" role=\"tooltip\"><strong>{}</strong> {source}</p>",
        esc(&c.name)
    );
    messages_html(out, key, panel);
    out.push_str("</div>");
}

/// A number control: a slider where the value has a range, and a field with its unit; a list
/// (`Kind::List`) is the field alone, holding the list as typed. The field is text: the core
/// parses what is typed, so "12.7k" is 12,700 B and "12.7x" is refused with the query
/// language's message (a number field would drop the letter and take 12.7 in silence).
fn number_html(
    out: &mut String,
    c: &Control,
    panel: &ControlsPanel,
    kind: &Kind,
    now: Current,
    described: &str,
) {
    let key = c.key;
    let (value, field) = match now {
        Current::Number(v) => (v, v.map(plain).unwrap_or_default()),
        Current::Text(t) => (None, t.unwrap_or_default()),
        Current::Mesh(_) => (None, String::new()),
    };
    let shown = value.map(|v| readout(v, c.unit)).unwrap_or_default();
    let id = format!("in-{key}");
    control_head(out, c, panel, &id, (!c.unit.is_empty()).then_some(&shown));
    out.push_str("<div class=\"edit\">");
    if let Kind::Number { slider: Some(sl) } = kind {
        let position = value.map(|v| sl.position(v)).unwrap_or(0);
        let _ = write!(
            out,
            "<input type=\"range\" min=\"0\" max=\"{STEPS}\" step=\"1\" aria-labelledby=\"label-{key}\" aria-describedby=\"{described}\" aria-valuetext=\"{}\" value=\"{position}\">",
            esc(&shown)
        );
    }
    let _ = write!(
        out,
        "<span class=\"field\"><input type=\"text\" data-part=\"number\" id=\"{id}\" autocomplete=\"off\" spellcheck=\"false\" placeholder=\"default\" aria-describedby=\"{described}\" value=\"{}\"><span class=\"unit\">{}</span></span></div>",
        esc(&field),
        esc(c.unit)
    );
}

/// A value as the control's readout shows it: SI prefixes for bytes and times.
fn readout(v: f64, unit: &str) -> String {
    match unit {
        "B" | "µs" | "µs/B" => si(v, unit),
        "" => String::new(),
        other => format!("{} {other}", plain(v)),
    }
}

/// The head of a control: its label, an optional readout, a note when the pattern does not
/// use it here, and the reset button (marked when the scenario sets the key).
fn control_head(
    out: &mut String,
    c: &Control,
    panel: &ControlsPanel,
    label_for: &str,
    readout: Option<&String>,
) {
    let key = c.key;
    let _ = write!(
        out,
        "<div class=\"head\"><label id=\"label-{key}\" for=\"{label_for}\">{}</label>",
        subscripts(&c.label)
    );
    if let Some(r) = readout {
        let _ = write!(out, "<output class=\"readout\">{}</output>", esc(r));
    }
    let unused = panel.report.is_ok_and(|r| !is_used(r, key));
    let hidden = if unused { "" } else { " hidden" };
    let set = if is_set(panel.scenario, key) {
        " is-set"
    } else {
        ""
    };
    let reset = esc(&format!("Reset {} to {}", c.label, c.reset_to));
    let _ = write!(
        out,
        "<span class=\"unused\"{hidden}>not used here</span><button type=\"button\" class=\"reset{set}\" data-reset=\"\" aria-label=\"{reset}\" title=\"{reset}\">↺</button></div>"
    );
}

/// The core's messages about a control's key: a rejected edit, a bad URL value, or why the
/// scenario does not evaluate; a `.error` paragraph only when there is one.
fn messages_html(out: &mut String, key: &str, panel: &ControlsPanel) {
    let mut list: Vec<String> = panel
        .problems
        .iter()
        .filter(|p| p.key == key)
        .map(|p| esc(&p.message))
        .collect();
    if let Err(e) = panel.report {
        if e.key() == Some(key) {
            list.push(esc(&e.to_string()));
        }
    }
    out.push_str("<div class=\"messages-slot\">");
    if !list.is_empty() {
        let _ = write!(
            out,
            "<p class=\"error\" id=\"err-{key}\" role=\"alert\">{}</p>",
            list.join(" ")
        );
    }
    out.push_str("</div>");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The controls panel of `query` with `problems`, as the page writes it.
    fn panel_of(query: &str, problems: &[Problem]) -> String {
        let s = Scenario::from_query(query).unwrap();
        let report = commcalc_core::report::evaluate(&s);
        let specs = crate::controls::controls(&s);
        controls_html(&ControlsPanel {
            specs: &specs,
            scenario: &s,
            report: report.as_ref(),
            problems,
            set_label: "Intel Paragon parameters: NX",
        })
    }

    #[test]
    fn controls_name_their_parts_for_labels_and_descriptions() {
        let html = panel_of("machine=intel-paragon&pattern=pingpong&size=12700", &[]);
        // The slider is labelled by the label, the field by `for`, both described by the source.
        for part in [
            "<label id=\"label-size\" for=\"in-size\">Size</label>",
            "aria-labelledby=\"label-size\" aria-describedby=\"about-size err-size\"",
            "id=\"in-size\" autocomplete=\"off\" spellcheck=\"false\" placeholder=\"default\" aria-describedby=\"about-size err-size\" value=\"12700\"",
            "<p class=\"about\" id=\"about-size\" role=\"tooltip\">",
            "class=\"reset is-set\"",
            "<legend>Intel Paragon parameters: NX</legend>",
        ] {
            assert!(html.contains(part), "{part} not in {html}");
        }
        // Unset keys' reset buttons are not marked, and no fieldset is hidden.
        assert!(html.contains("data-control=\"from\""));
        assert!(!html.contains("<fieldset hidden>"), "{html}");
    }

    #[test]
    fn a_controls_problem_shows_under_it_escaped() {
        let problem = Problem {
            key: "size".into(),
            message: "size: \"12.7x\" is <not> a number".into(),
        };
        let html = panel_of("machine=intel-paragon&pattern=pingpong", &[problem]);
        assert!(
            html.contains("<p class=\"error\" id=\"err-size\" role=\"alert\">size: &quot;12.7x&quot; is &lt;not&gt; a number</p>"),
            "{html}"
        );
        assert_eq!(html.matches("class=\"error\"").count(), 1);
    }
}
