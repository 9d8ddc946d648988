//! `--emit mlir` of check cells in CIRCT 1.62's spelling: `verif.assert %c label "l" : i1`
//! for an immediate check; for a clocked one the clock as an `i1` (`seq.from_clock`), then
//! `ltl.clock %c, posedge %clk : i1` and the check of that `!ltl.sequence`. The generic
//! form spells the same ops as `circt-opt --mlir-print-op-generic` does (`edge = 0 : i32`
//! as an attribute, `label` a property).

use crate::mlir_circt::Fresh;
use comb::CheckKind;

/// The lines of one check: `kind`, `label`, condition `cond` (an `i1` reference) and clock
/// `clock` (a `!seq.clock` reference) if clocked.
pub(crate) fn check_lines(
    kind: CheckKind,
    label: Option<&str>,
    cond: &str,
    clock: Option<&str>,
    generic: bool,
    fresh: &mut Fresh,
) -> String {
    let name = format!("verif.{}", kind.word());
    let label_text = label.map(crate::verbatim::quote);
    let mut lines = Vec::new();
    let (prop, ty) = match clock {
        None => (cond.to_string(), "i1"),
        Some(clk) => {
            let (c1, seqv) = (fresh.take(), fresh.take());
            if generic {
                lines.push(format!("{c1} = \"seq.from_clock\"({clk}) : (!seq.clock) -> i1"));
                lines.push(format!(
                    "{seqv} = \"ltl.clock\"({cond}, {c1}) {{edge = 0 : i32}} : (i1, i1) -> !ltl.sequence"
                ));
            } else {
                lines.push(format!("{c1} = seq.from_clock {clk}"));
                lines.push(format!("{seqv} = ltl.clock {cond}, posedge {c1} : i1"));
            }
            (seqv, "!ltl.sequence")
        }
    };
    if generic {
        let props = label_text.map(|l| format!(" <{{label = {l}}}>")).unwrap_or_default();
        lines.push(format!("\"{name}\"({prop}){props} : ({ty}) -> ()"));
    } else {
        let l = label_text.map(|l| format!(" label {l}")).unwrap_or_default();
        lines.push(format!("{name} {prop}{l} : {ty}"));
    }
    lines.join("\n    ")
}
