//! `verif.assert` / `assume` / `cover` cells as SystemVerilog assertions. A clocked check is
//! a concurrent assertion sampled on the rising edge (`assert property (@(posedge clk) c)`);
//! an unclocked one an immediate assertion in its own `always_comb`. Labels are kept as
//! statement labels (uniquified among the module's names); failures print `assert LABEL failed` through `$error` (covers print
//! nothing), so a simulator's log names the check and its time; a check with a message
//! prints it as CIRCT does, `$error("fmt", args...)`. Icarus 11 parses neither
//! `assume`/`cover` statements nor concurrent assertions, and Yosys 0.23 no clocked
//! `assert property`, so each check sits inside `` `ifndef SYNTHESIS `` (Yosys defines it)
//! and `` `ifndef __ICARUS__ `` (Icarus does): simulators and linters such as Verilator see it.
//! Verilog-2005 output leaves assertions out (a comment names each); `$fwrite`s stay.

const GUARD: &str = "`ifndef SYNTHESIS\n  `ifndef __ICARUS__";
const END: &str = "`endif\n  `endif";

use super::Printer;
use comb::{CellKind, CheckKind, NetId};

/// The text a failing check prints (also what the cosim testbench looks for).
pub fn failure_message(kind: CheckKind, label: Option<&str>) -> String {
    format!("{} {} failed", kind.word(), label.unwrap_or("(unlabeled)"))
}

/// `s` as a SystemVerilog string literal (`\\`, `\"`, `\n`, `\t`, other control bytes
/// and non-ASCII as octal escapes).
pub fn sv_string(s: &str) -> String {
    let mut out = String::from("\"");
    for b in s.bytes() {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\\""),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\{b:03o}")),
        }
    }
    out.push('"');
    out
}

/// True if printing `m` in Verilog-2005 leaves a check out (an assertion, assumption or
/// cover; prints stay): what it read may then be read by nothing else, so the module
/// waives Verilator's UNUSEDSIGNAL.
pub(super) fn drops_checks(m: &comb::Module) -> bool {
    m.cells().any(
        |c| matches!(m.cell(c).kind, CellKind::Check { kind, .. } if !matches!(kind, CheckKind::Print(_))),
    )
}

impl Printer<'_> {
    pub(super) fn check(&mut self, net: NetId) {
        let cell = self.m.cell(net);
        let CellKind::Check { kind, ref label, clocked, ref message } = cell.kind else { return };
        let (kind, clocked, label, message) = (kind, clocked, label.clone(), message.clone());
        let ops: Vec<NetId> = cell.operands().to_vec();
        let cond = self.op_expr(ops[0]).text();
        let args: Vec<String> = ops[1 + clocked as usize..].iter().map(|&a| self.op_expr(a).text()).collect();
        // The statement label is the label made unique among the module's names (a flattened
        // `u0_nz` label beside a net `u0_nz` becomes `u0_nz_0`); the message keeps the label.
        let head = self.plan.user_name(net).map(|l| format!("{l}: ")).unwrap_or_default();
        if let (CheckKind::Print(fd), true) = (kind, clocked) {
            // `sv.fwrite` as CIRCT prints it, in a block at the clock's edges (the builder
            // makes every write clocked); the enable as an `if` unless it is constant 1.
            let clk = self.op_expr(ops[1]).text();
            let always_on = matches!(&self.m.cell(ops[0]).kind, CellKind::Const(b) if b.bit(0));
            let text = sv_string(message.as_deref().unwrap_or(""));
            let call = std::iter::once(format!("32'h{fd:X}")).chain(std::iter::once(text)).chain(args);
            let call = format!("$fwrite({});", call.collect::<Vec<_>>().join(", "));
            let stmt = if always_on { call } else { format!("if ({cond})\n      {call}") };
            // One block per clock, the writes in netlist order: the order of several blocks
            // at the same edge is up to the simulator, the order inside one is not.
            let head = format!("always @(posedge {clk}) begin // writes\n");
            let text = &mut self.ffs.0;
            let end = text.rfind(&head).and_then(|at| text[at..].find("  end\n").map(|e| at + e));
            match end {
                Some(at) => text.insert_str(at, &format!("    {stmt}\n")),
                None => self.ffs.push(format!("`ifndef SYNTHESIS\n  {head}    {stmt}\n  end\n  `endif")),
            }
            return;
        }
        let action = match kind {
            CheckKind::Print(_) => String::new(),
            CheckKind::Cover => String::new(),
            _ => match &message {
                // CIRCT's form: the user's format string and its arguments.
                Some(m) => format!(
                    " else $error({})",
                    std::iter::once(sv_string(m)).chain(args).collect::<Vec<_>>().join(", ")
                ),
                None => format!(" else $error(\"{}\")", failure_message(kind, label.as_deref())),
            },
        };
        let word = kind.word();
        if self.dialect == crate::verilog::SvDialect::Verilog2005 {
            // Verilog-2005 has no assertions: the check is left out, and said to be.
            let what = label.as_deref().unwrap_or("(unlabeled)");
            self.ffs.push(format!("// {word} {what} left out: Verilog-2005 has no assertions"));
            return;
        }
        if clocked {
            let clk = self.op_expr(ops[1]).text();
            self.ffs.push(format!(
                "{GUARD}\n  {head}{word} property (@(posedge {clk}) {cond}){action};\n  {END}"
            ));
        } else {
            self.ffs.push(format!(
                "{GUARD}\n  always_comb begin\n    {head}{word} ({cond}){action};\n  end\n  {END}"
            ));
        }
    }
}
