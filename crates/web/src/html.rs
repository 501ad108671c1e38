//! Markup built as text for the parts of the page that are lists of static items (select
//! options, the metrics table, messages) and for the controls panel: one update of the HTML per
//! change instead of a reactive view per item, which keeps the shipped wasm small.

use std::fmt::Write;

use commcalc_core::metrics::Unit;
use commcalc_core::units::{in_unit, si};
use commcalc_core::{Error, Report, Scenario};

use crate::controls::{current, is_set, is_used, Control, Current, Kind};
use crate::edit::Problem;
use crate::page::View;
use crate::slider::{plain, STEPS};

/// The tabs: `button#tab-<view>` for each view, the open one `aria-current="page"`.
pub fn tabs_html(open: View) -> String {
    let mut out = String::new();
    for v in View::ALL {
        let current = if v == open {
            " aria-current=\"page\""
        } else {
            ""
        };
        let _ = write!(
            out,
            "<button type=\"button\" class=\"tab\" id=\"{}\"{current}>{}</button>",
            v.tab_id(),
            esc(v.title())
        );
    }
    out
}

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

/// List items, each with an optional `data-key`.
pub fn items<'a>(list: impl IntoIterator<Item = (Option<&'a str>, &'a str)>) -> String {
    let mut out = String::new();
    for (key, text) in list {
        match key {
            Some(k) => {
                let _ = write!(out, "<li data-key=\"{}\">{}</li>", esc(k), esc(text));
            }
            None => {
                let _ = write!(out, "<li>{}</li>", esc(text));
            }
        }
    }
    out
}

/// `table#scenarios`: for each compared scenario (by letter), the time and bandwidth at its
/// query's size, r∞ and n½, as `commcalc compare` prints them; "—" where a pattern has none.
/// `label` names a scenario's machine (a fitted machine by its name).
pub fn scenario_table(
    scenarios: &[commcalc_core::Scenario],
    label: impl Fn(&commcalc_core::Scenario) -> String,
    c: &commcalc_core::compare::Comparison,
) -> String {
    let mut rows = String::new();
    for (i, (s, r)) in scenarios.iter().zip(&c.reports).enumerate() {
        let _ = write!(
            rows,
            "<tr data-index=\"{i}\"><th scope=\"row\" data-label=\"scenario\"><span class=\"key c{i}\" aria-hidden=\"true\">{l}</span> {l} {what}</th>",
            l = crate::chart::letter(i),
            what = esc(&format!("{} · {}", label(s), s.pattern.title)),
        );
        let cell = |(key, head): (&str, &str), value: Option<f64>| {
            // The first column is the query's point, in bytes; the others are metrics.
            let shown = |v| match key {
                "at_bytes" => in_unit(v, Unit::Bytes),
                _ => commcalc_core::units::metric(key, v),
            };
            match value {
            Some(v) => format!(
                "<td class=\"value\" data-label=\"{head}\" data-metric=\"{key}\" data-value=\"{v}\">{}</td>",
                esc(&shown(v))
            ),
            None => format!("<td class=\"value\" data-label=\"{head}\" data-metric=\"{key}\">—</td>"),
        }
        };
        rows.push_str(&cell(COLUMNS[0], Some(r.at_bytes)));
        for column in &COLUMNS[1..] {
            rows.push_str(&cell(*column, r.metric(column.0)));
        }
        rows.push_str("</tr>");
    }
    let heads: String = COLUMNS
        .iter()
        .map(|(_, h)| format!("<th scope=\"col\">{h}</th>"))
        .collect();
    format!(
        "<table id=\"scenarios\" class=\"stack\"><caption>Each scenario at its query's size</caption><thead><tr>\
         <th scope=\"col\">scenario</th>{heads}</tr></thead><tbody>{rows}</tbody></table>"
    )
}

/// The per-scenario table's number columns: metric key and header.
const COLUMNS: [(&str, &str); 5] = [
    ("at_bytes", "at"),
    ("time_us", "time"),
    ("bandwidth_MBps", "bandwidth"),
    ("r_inf_MBps", "r∞"),
    ("n_half_bytes", "n½"),
];

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

    #[test]
    fn items_carry_their_key() {
        assert_eq!(
            items([(Some("p"), "p < 2"), (Some(""), "x")]),
            "<li data-key=\"p\">p &lt; 2</li><li data-key=\"\">x</li>"
        );
        assert_eq!(items([(None, "w")]), "<li>w</li>");
    }

    /// The per-scenario table reads as `commcalc compare` prints it: the iPSC and the Ametek
    /// at 10 kB.
    #[test]
    fn the_scenario_table_has_each_scenarios_time_r_inf_and_n_half() {
        let list: Vec<_> = ["intel-ipsc", "ametek-s14"]
            .iter()
            .map(|m| {
                commcalc_core::Scenario::from_query(&format!("machine={m}&pattern=pingpong"))
                    .unwrap()
            })
            .collect();
        let c = commcalc_core::compare::compare(&list).unwrap();
        let html = scenario_table(&list, |s| s.machine.name.to_string(), &c);
        assert_eq!(html.matches("<tr data-index=").count(), 2);
        for shown in [
            "Intel iPSC",
            "10 kB",
            "30 ms",
            "333 kB/s",
            "353 kB/s",
            "601 B",
            "95.8 ms",
            "57.7 B",
        ] {
            assert!(html.contains(shown), "{shown}: {html}");
        }
        assert!(html.contains("data-metric=\"n_half_bytes\""));
    }

    #[test]
    fn the_open_tab_alone_is_current() {
        for open in View::ALL {
            let html = tabs_html(open);
            assert_eq!(html.matches("<button").count(), View::ALL.len());
            assert_eq!(html.matches("aria-current").count(), 1);
            let current = format!("id=\"{}\" aria-current=\"page\">", open.tab_id());
            assert!(html.contains(&current), "{html}");
        }
        assert!(tabs_html(View::Calculator).contains("id=\"tab-calculator\""));
    }
}
