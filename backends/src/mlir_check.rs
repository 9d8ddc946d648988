//! `--emit mlir` of check cells in CIRCT 1.62's spelling: `verif.assert %c label "l" : i1`
//! for an immediate check; for a clocked one the clock as an `i1` (`seq.from_clock`), then
//! `ltl.clock %c, posedge %clk : i1` and the check of that `!ltl.sequence`. The generic
//! form spells the same ops as `circt-opt --mlir-print-op-generic` does, with `edge = 0 :
//! i32` and `label` in the attribute dictionary (see the user guide, docs/src/assertions.md). A check
//! with a message is printed in the `sv` dialect, which has messages: `sv.assert.concurrent`
//! when clocked, an immediate `sv.assert` in an `sv.alwayscomb` when not.

use crate::mlir_circt::Fresh;
use comb::CheckKind;

/// The clock of a clocked check, as the printer has it.
pub(crate) enum CheckClock<'a> {
    /// A `!seq.clock` reference: a `seq.from_clock` of it is printed first.
    Clock(&'a str),
    /// An `i1` reference that is already that clock's `seq.from_clock`.
    I1(&'a str),
}

/// The clock as an `i1` value: a `!seq.clock` gets a `seq.from_clock` pushed onto `lines`.
fn clock_i1(clock: &CheckClock, generic: bool, fresh: &mut Fresh, lines: &mut Vec<String>) -> String {
    match clock {
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
    }
}

/// A check's message: its format string and arguments (reference, type).
pub(crate) struct Message<'a> {
    pub text: &'a str,
    pub args: &'a [(&'a str, &'a str)],
}

/// The lines of one check: `kind`, `label`, condition `cond` (an `i1` reference), its
/// clock if clocked, and its message if any (then in the `sv` dialect: `verif` checks carry
/// none).
pub(crate) fn check_lines(
    kind: CheckKind,
    label: Option<&str>,
    cond: &str,
    clock: Option<CheckClock>,
    message: Option<Message>,
    generic: bool,
    fresh: &mut Fresh,
) -> String {
    if let (CheckKind::Print(fd), Some(clock)) = (kind, &clock) {
        let msg = message.unwrap_or(Message { text: "", args: &[] });
        return fwrite_lines(fd, cond, clock, msg, generic, fresh);
    }
    if let Some(msg) = message {
        return sv_check_lines(kind, label, cond, clock, msg, generic, fresh);
    }
    let name = format!("verif.{}", kind.word());
    let label_text = label.map(crate::verbatim::quote);
    let mut lines = Vec::new();
    let (prop, ty) = match clock {
        None => (cond.to_string(), "i1"),
        Some(clock) => {
            let c1 = clock_i1(&clock, generic, fresh, &mut lines);
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

/// A check with a message in CIRCT's `sv` spelling: a clocked one as
/// `sv.assert.concurrent posedge %clk, %c label "l" message "m"(%a) : i8`, an unclocked one as
/// an immediate `sv.assert %c, immediate ...` in its own `sv.alwayscomb`.
fn sv_check_lines(
    kind: CheckKind,
    label: Option<&str>,
    cond: &str,
    clock: Option<CheckClock>,
    msg: Message,
    generic: bool,
    fresh: &mut Fresh,
) -> String {
    let word = kind.word();
    let refs: Vec<&str> = msg.args.iter().map(|a| a.0).collect();
    let tys: Vec<&str> = msg.args.iter().map(|a| a.1).collect();
    let text = crate::verbatim::quote(msg.text);
    let label_text = label.map(crate::verbatim::quote);
    let mut lines = Vec::new();
    let c1 = clock.map(|clock| clock_i1(&clock, generic, fresh, &mut lines));
    if generic {
        let mut attrs = Vec::new();
        if c1.is_some() {
            attrs.push("event = 0 : i32".to_string());
        } else {
            attrs.push("defer = 0 : i32".to_string());
        }
        if let Some(l) = &label_text {
            attrs.push(format!("label = {l}"));
        }
        attrs.push(format!("message = {text}"));
        let (name, mut operands, mut op_tys) = match &c1 {
            Some(c1) => (format!("sv.{word}.concurrent"), vec![c1.as_str(), cond], vec!["i1", "i1"]),
            None => (format!("sv.{word}"), vec![cond], vec!["i1"]),
        };
        operands.extend(&refs);
        op_tys.extend(&tys);
        let op = format!(
            "\"{name}\"({}) {{{}}} : ({}) -> ()",
            operands.join(", "),
            attrs.join(", "),
            op_tys.join(", ")
        );
        match c1 {
            Some(_) => lines.push(op),
            None => {
                lines.push("\"sv.alwayscomb\"() ({".to_string());
                lines.push(format!("  {op}"));
                lines.push("}) : () -> ()".to_string());
            }
        }
    } else {
        let l = label_text.map(|l| format!(" label {l}")).unwrap_or_default();
        let subs = if refs.is_empty() {
            String::new()
        } else {
            format!("({}) : {}", refs.join(", "), tys.join(", "))
        };
        match c1 {
            Some(c1) => {
                lines.push(format!("sv.{word}.concurrent posedge {c1}, {cond}{l} message {text}{subs}"))
            }
            None => {
                lines.push("sv.alwayscomb {".to_string());
                lines.push(format!("  sv.{word} {cond}, immediate{l} message {text}{subs}"));
                lines.push("}".to_string());
            }
        }
    }
    lines.join("\n    ")
}

/// An `sv.fwrite` (always clocked): `sv.always posedge %clk { sv.if %en { sv.fwrite %fd,
/// "m"(%a) : i8 } }`, the descriptor an `i32` constant before the block.
fn fwrite_lines(
    fd: u32,
    en: &str,
    clock: &CheckClock,
    msg: Message,
    generic: bool,
    fresh: &mut Fresh,
) -> String {
    let refs: Vec<&str> = msg.args.iter().map(|a| a.0).collect();
    let tys: Vec<&str> = msg.args.iter().map(|a| a.1).collect();
    let text = crate::verbatim::quote(msg.text);
    let mut lines = Vec::new();
    let c1 = clock_i1(clock, generic, fresh, &mut lines);
    let fdv = fresh.take();
    let fd_signed = fd as i32;
    if generic {
        lines.push(format!("{fdv} = \"hw.constant\"() {{value = {fd_signed} : i32}} : () -> i32"));
        let mut ops = vec![fdv.as_str()];
        ops.extend(&refs);
        let mut op_tys = vec!["i32"];
        op_tys.extend(&tys);
        lines.push(format!("\"sv.always\"({c1}) ({{"));
        lines.push(format!("  \"sv.if\"({en}) ({{"));
        lines.push(format!(
            "    \"sv.fwrite\"({}) {{format_string = {text}}} : ({}) -> ()",
            ops.join(", "),
            op_tys.join(", ")
        ));
        lines.push("  }, {\n    }) : (i1) -> ()".to_string());
        lines.push("}) {events = [0 : i32]} : (i1) -> ()".to_string());
    } else {
        lines.push(format!("{fdv} = hw.constant {fd_signed} : i32"));
        let subs = if refs.is_empty() {
            String::new()
        } else {
            format!("({}) : {}", refs.join(", "), tys.join(", "))
        };
        lines.push(format!("sv.always posedge {c1} {{"));
        lines.push(format!("  sv.if {en} {{"));
        lines.push(format!("    sv.fwrite {fdv}, {text}{subs}"));
        lines.push("  }".to_string());
        lines.push("}".to_string());
    }
    lines.join("\n    ")
}
