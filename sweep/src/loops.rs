//! Per-loop axes: a loop named as the schedule report names it (`fir.mlir:14 %arg2`, or
//! `fir.mlir:14`, or the line `14` when the sweep has one input) is found in the input,
//! and each point's copy of the input text gets the attribute (`hls.unroll = 4 : i64`,
//! `hls.pipeline`) written on that loop op. The file on disk is never touched.

use crate::spec::{LoopTarget, Spec, Val};
use mlir_text::ast::Operation;
use mlir_text::SourceFile;
use std::path::Path;

/// The file name of a path (`fir.mlir`), as the report names the input.
pub fn base_name(p: &Path) -> String {
    p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// The loops of `input` as its schedule report names them (built with the default options,
/// the input named by its file name).
pub fn report_loops(input: &Path) -> Result<Vec<(String, String)>, String> {
    let text =
        std::fs::read_to_string(input).map_err(|e| format!("cannot read '{}': {e}", input.display()))?;
    let src = SourceFile::new(base_name(input), text);
    let built = flow::Flow::default().build(&src).map_err(|e| {
        format!("'{}' does not build: {}", input.display(), e.render().lines().next().unwrap_or(""))
    })?;
    let report =
        built.report.ok_or_else(|| format!("'{}' has no HLS function, so no loops", input.display()))?;
    Ok(report
        .functions
        .iter()
        .flat_map(|f| f.loops.iter().map(|l| (l.name.clone(), l.location.clone())))
        .collect())
}

/// Finds the loop `name` names among the spec's inputs.
pub fn resolve(spec: &Spec, attr: &'static str, name: &str) -> Result<LoopTarget, String> {
    let (file, rest) = match name.split_once(':') {
        Some((f, r)) => (Some(f), r),
        None => (None, name),
    };
    let candidates: Vec<usize> = match file {
        Some(f) => (0..spec.inputs.len()).filter(|&i| base_name(&spec.inputs[i]) == f).collect(),
        None if spec.inputs.len() == 1 => vec![0],
        None => {
            return Err(format!(
                "loop '{name}': name its file too ('k.mlir:12'), the sweep has several inputs"
            ))
        }
    };
    let Some(&input) = candidates.first() else {
        return Err(format!("loop '{name}': no input is named '{}'", file.unwrap_or("")));
    };
    let loops = report_loops(&spec.inputs[input])?;
    let line_of = |loc: &str| loc.rsplit(':').next().and_then(|l| l.parse::<usize>().ok());
    let wanted = |(n, loc): &(String, String)| {
        let plain = n.split_once(':').map_or(n.as_str(), |(_, r)| r);
        let loc_line = loc.split_once(':').map_or(loc.as_str(), |(_, r)| r);
        plain == rest || loc_line == rest
    };
    match loops.iter().find(|l| wanted(l)) {
        Some((_, loc)) => match line_of(loc) {
            Some(line) => Ok(LoopTarget { attr, input, line }),
            None => Err(format!("loop '{name}': the report gives no line ({loc})")),
        },
        None => {
            let names: Vec<&str> = loops.iter().map(|(n, _)| n.as_str()).collect();
            let list = if names.is_empty() { "none".to_string() } else { names.join(", ") };
            Err(format!(
                "no loop named '{name}' in '{}'; its loops are: {list}",
                spec.inputs[input].display()
            ))
        }
    }
}

/// One text edit: replace `range` by `with`.
struct Edit {
    range: std::ops::Range<usize>,
    with: String,
}

/// `text` with each `(target, value)` written on its loop. `name` names the text in errors.
pub fn apply(name: &str, text: &str, sets: &[(&LoopTarget, &Val)]) -> Result<String, String> {
    if sets.is_empty() {
        return Ok(text.to_string());
    }
    let src = SourceFile::new(name, text);
    let file = mlir_text::parse(&src).map_err(|d| d.render(&src))?;
    let mut edits = Vec::new();
    for (target, value) in sets {
        let op = find_loop(&file.ops, &src, target.line)
            .ok_or_else(|| format!("{name}:{}: no loop op starts on this line", target.line))?;
        edits.push(edit(&src, op, target.attr, value));
    }
    edits.sort_by_key(|e| std::cmp::Reverse(e.range.start));
    let mut out = text.to_string();
    for e in edits {
        out.replace_range(e.range, &e.with);
    }
    Ok(out)
}

/// The loop op (an op with regions whose name ends in `for` or `while`) starting on `line`.
fn find_loop<'a>(ops: &'a [Operation], src: &SourceFile, line: usize) -> Option<&'a Operation> {
    for op in ops {
        let is_loop = op.name.ends_with(".for") || op.name.ends_with(".while");
        if is_loop && src.line_col(op.name_span.start).0 == line {
            return Some(op);
        }
        for r in op.regions() {
            for b in &r.blocks {
                if let Some(found) = find_loop(&b.ops, src, line) {
                    return Some(found);
                }
            }
        }
    }
    None
}

/// The attribute entry as written (`None`: remove it).
fn entry(attr: &str, value: &Val) -> Option<String> {
    match value {
        Val::Bool(false) => None,
        Val::Bool(true) => Some(attr.to_string()),
        v => Some(format!("{attr} = {} : i64", v.text())),
    }
}

/// The edit that sets (or removes) `attr` on `op`.
fn edit(src: &SourceFile, op: &Operation, attr: &str, value: &Val) -> Edit {
    let text = src.text();
    let new = entry(attr, value);
    if let Some(old) = op.named_attr(attr) {
        let (s, e) = (old.span.start as usize, old.span.end as usize);
        return match new {
            Some(w) => Edit { range: s..e, with: w },
            None => {
                // Remove the entry with one separating comma, if any.
                let after = text[e..].trim_start();
                if after.starts_with(',') {
                    let comma = e + text[e..].find(',').unwrap_or(0);
                    Edit { range: s..comma + 1, with: String::new() }
                } else {
                    let before = text[..s].trim_end();
                    let start = if before.ends_with(',') { before.len() - 1 } else { s };
                    Edit { range: start..e, with: String::new() }
                }
            }
        };
    }
    let Some(new) = new else {
        return Edit { range: 0..0, with: String::new() };
    };
    if let Some(last) = op.attributes().last() {
        let e = last.span.end as usize;
        return Edit { range: e..e, with: format!(", {new}") };
    }
    // No attribute dictionary yet: after the regions (generic form: after the `)` that
    // closes them), before the type.
    let end = op.regions().last().map_or(op.span.end as usize, |r| r.span.end as usize);
    let at = if op.generic { end + text[end..].find(')').map_or(0, |i| i + 1) } else { end };
    Edit { range: at..at, with: format!(" {{{new}}}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CUSTOM: &str = "func.func @f(%a: memref<8xi32>) {\n  affine.for %i = 0 to 8 {\n    \
                          %v = affine.load %a[%i] : memref<8xi32>\n    affine.store %v, %a[%i] : memref<8xi32>\n  \
                          }\n  return\n}\n";

    fn set(text: &str, attr: &'static str, line: usize, v: Val) -> String {
        let t = LoopTarget { attr, input: 0, line };
        apply("k.mlir", text, &[(&t, &v)]).unwrap()
    }

    #[test]
    fn attributes_are_added_replaced_and_removed() {
        let once = set(CUSTOM, "hls.unroll", 2, Val::Int(4));
        assert!(once.contains("} {hls.unroll = 4 : i64}"), "{once}");
        let twice = set(&once, "hls.unroll", 2, Val::Int(2));
        assert!(twice.contains("{hls.unroll = 2 : i64}") && !twice.contains("= 4"), "{twice}");
        let both = set(&twice, "hls.pipeline", 2, Val::Bool(true));
        assert!(both.contains("{hls.unroll = 2 : i64, hls.pipeline}"), "{both}");
        let gone = set(&both, "hls.unroll", 2, Val::Bool(false));
        assert!(gone.contains("hls.pipeline}") && !gone.contains("hls.unroll"), "{gone}");
        mlir_text::parse(&SourceFile::new("k.mlir", gone.as_str())).unwrap();
    }

    #[test]
    fn generic_form_gets_the_dictionary_before_the_type() {
        let text =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/hls/fir.mlir")).unwrap();
        let line = text.lines().position(|l| l.contains("\"affine.for\"")).unwrap() + 1;
        let out = set(&text, "hls.unroll", line, Val::Int(2));
        assert!(out.contains("}) {hls.unroll = 2 : i64} : () -> ()"), "{out}");
        let src = SourceFile::new("fir.mlir", out);
        let built = flow::Flow::default().build(&src).unwrap();
        let f = &built.report.unwrap().functions[0];
        assert_eq!(f.loops[0].trip_count, Some(16), "unrolled by 2: {:?}", f.loops[0]);
    }

    #[test]
    fn a_line_without_a_loop_is_an_error() {
        let t = LoopTarget { attr: "hls.unroll", input: 0, line: 1 };
        assert!(apply("k.mlir", CUSTOM, &[(&t, &Val::Int(2))]).is_err());
    }
}
