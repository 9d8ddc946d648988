//! CIRCT's `sv.verbatim` in the backends: SystemVerilog prints its text as it is, `--emit
//! mlir` as an MLIR string literal (`quote`: `"`, `\` and newlines and tabs escaped as MLIR's
//! lexer reads them, other control bytes as two hex digits), and the simulators, which cannot
//! run it, warn that they ignore it ([`ignored_warnings`]).

/// One warning per module with `sv.verbatim` text, for a simulator `who` that ignores it.
pub fn ignored_warnings(design: &comb::Design, who: &str) -> Vec<String> {
    design
        .modules
        .iter()
        .filter(|m| !m.verbatim.is_empty())
        .map(|m| {
            format!(
                "warning: module '{}' has {} 'sv.verbatim' text(s); {who} ignores them (they have no netlist meaning)",
                m.name,
                m.verbatim.len()
            )
        })
        .collect()
}

/// `s` as a quoted MLIR string.
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => out.push_str(&format!("\\{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn quoted_text_reads_back() {
        let s = "// a \"b\" \\ c\n\tend\u{1}";
        assert_eq!(mlir_text::lexer::unescape(&super::quote(s)), s);
    }
}
