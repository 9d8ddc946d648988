//! `--emit mlir` of check cells in CIRCT 1.62's spelling: `verif.assert %c label "l" : i1`
//! for an immediate check; for a clocked one the clock as an `i1` (`seq.from_clock`), then
//! `ltl.clock %c, posedge %clk : i1` and the check of that `!ltl.sequence`. The generic
//! form spells the same ops as `circt-opt --mlir-print-op-generic` does, with `edge = 0 :
//! i32` and `label` in the attribute dictionary (see README, "The generic form").

use crate::mlir_circt::Fresh;
use comb::CheckKind;

/// The clock of a clocked check, as the printer has it.
pub(crate) enum CheckClock<'a> {
    /// A `!seq.clock` reference: a `seq.from_clock` of it is printed first.
    Clock(&'a str),
    /// An `i1` reference that is already that clock's `seq.from_clock`.
    I1(&'a str),
}

/// The lines of one check: `kind`, `label`, condition `cond` (an `i1` reference) and its
/// clock if clocked.
pub(crate) fn check_lines(
    kind: CheckKind,
    label: Option<&str>,
    cond: &str,
    clock: Option<CheckClock>,
    generic: bool,
    fresh: &mut Fresh,
) -> String {
    let name = format!("verif.{}", kind.word());
    let label_text = label.map(crate::verbatim::quote);
    let mut lines = Vec::new();
    let (prop, ty) = match clock {
        None => (cond.to_string(), "i1"),
        Some(clock) => {
            let c1 = match clock {
                CheckClock::I1(c1) => c1.to_string(),
                CheckClock::Clock(clk) => {
                    let c1 = fresh.take();
                    lines.push(if generic {
                        format!("{c1} = \"seq.from_clock\"({clk}) : (!seq.clock) -> i1")
                    } else {
                        format!("{c1} = seq.from_clock {clk}")
                    });
                    c1
                }
            };
            let seqv = fresh.take();
            if generic {
                lines.push(format!(
                    "{seqv} = \"ltl.clock\"({cond}, {c1}) {{edge = 0 : i32}} : (i1, i1) -> !ltl.sequence"
                ));
            } else {
                lines.push(format!("{seqv} = ltl.clock {cond}, posedge {c1} : i1"));
            }
            (seqv, "!ltl.sequence")
        }
    };
    if generic {
        let props = label_text.map(|l| format!(" {{label = {l}}}")).unwrap_or_default();
        lines.push(format!("\"{name}\"({prop}){props} : ({ty}) -> ()"));
    } else {
        let l = label_text.map(|l| format!(" label {l}")).unwrap_or_default();
        lines.push(format!("{name} {prop}{l} : {ty}"));
    }
    lines.join("\n    ")
}
