//! The schedule pictures as one self-contained HTML page (`--report-html FILE`): per HLS
//! function, the report's table, a Gantt chart per scheduled block and pipelined loop
//! (inline SVG, `hls::schedpic::svg`) and the FSM — rendered to SVG by Graphviz `dot` when
//! it is installed, and always given as dot text (to render elsewhere). Nothing is loaded
//! from elsewhere: no script, no style sheet, no font.

use hls::report::Report;
use hls::schedpic::svg::{chart_svg, xml};
use std::io::Write;
use std::process::{Command, Stdio};

/// `dot -Tsvg` of `text`, without the XML prologue, or None when Graphviz is not there or
/// fails.
fn render_dot(text: &str) -> Option<String> {
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(text.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    if !out.status.success() {
        return None;
    }
    let svg = String::from_utf8(out.stdout).ok()?;
    // Drop the prologue and comments before the <svg> element (they are not HTML).
    Some(svg[svg.find("<svg")?..].to_string())
}

/// The page. `render` says whether to try Graphviz for the FSM (the text is always there).
pub fn page(report: &Report, source: &str, render: bool) -> String {
    let mut o = String::from("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    o += &format!("<title>rmlir-hls schedule: {}</title>\n", xml(source));
    o += "<style>body{font-family:sans-serif;margin:1.5em;color:#222}pre{background:#f6f6f6;padding:.6em;overflow:auto}\
          .chart{overflow-x:auto;margin:.8em 0 1.6em}h2{border-bottom:1px solid #ccc}</style>\n</head>\n<body>\n";
    o += &format!(
        "<h1>Schedule of {}</h1>\n<p>Clock period {} ns. Rows are ops by source line; x is clock cycles \
         (each column headed by its FSM state); a bar runs from the time an op's operands arrive in \
         its cycle to the time its result is ready; hover for details.</p>\n",
        xml(source),
        report.clock_period
    );
    o += &format!("<h2>Report</h2>\n<pre>{}</pre>\n", xml(&report.to_table()));
    for f in &report.functions {
        let Some(s) = &f.schedule else { continue };
        o += &format!("<h2>Function {}</h2>\n", xml(&s.name));
        for c in &s.charts {
            o += &format!("<div class=\"chart\">\n{}</div>\n", chart_svg(c, s.period));
        }
        o += &format!("<h3>FSM of {} (states as in the SystemVerilog)</h3>\n", xml(&s.name));
        match render.then(|| render_dot(&s.fsm_dot)).flatten() {
            Some(svg) => o += &format!("<div class=\"chart\">\n{svg}</div>\n"),
            None => o += "<p>(Graphviz <code>dot</code> was not found: the FSM is given as dot text.)</p>\n",
        }
        o += &format!(
            "<details><summary>FSM as Graphviz dot</summary>\n<pre>{}</pre>\n</details>\n",
            xml(&s.fsm_dot)
        );
    }
    o += "</body>\n</html>\n";
    o
}
