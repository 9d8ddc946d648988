//! Checks (`verif.assert`/`assume`/`cover`) in the generated simulator. Each condition is
//! computed like an output into the state slot `ck<j>`; a tick samples the slots from the
//! values settled before the edge (as registers do): a clocked check on its clock's edges,
//! an immediate one on every tick. A 0 of an assert or assume is recorded with the cycle
//! (the ticks before this one) and the label (`check_failures()`); an assume is checked like
//! an assert. A cover counts the ticks its condition is 1 (`cover_counts()`).
//!
//! A check with a message (`message "x was %d"(%x)`) also computes each argument into a
//! state slot `cm<j>_<k>` and, on a failure, formats the message from those slots (the values
//! settled before the edge) the way Verilator prints it ([`comb::check_format`]).

use comb::check_format::Piece;
use comb::{CellKind, CheckKind, Module, NetId, PortId};
use std::fmt::Write;

/// One check of the flat module.
#[derive(Clone, Debug)]
pub struct CheckSpec {
    /// Its condition net.
    pub cond: NetId,
    /// Assert, assume or cover.
    pub kind: CheckKind,
    /// Its label, or `(unlabeled)`.
    pub label: String,
    /// The clock domain (index into the clock ports) of a clocked check.
    pub domain: Option<usize>,
    /// The message's pieces and argument nets with their widths, if it has one.
    pub message: Option<MessageSpec>,
}

/// A check's message: the pieces of its format and its argument nets with their widths.
pub type MessageSpec = (Vec<Piece>, Vec<(NetId, u32)>);

/// The checks of `m` in netlist order; a clocked check's clock must be a clock port or a
/// derived clock (see [`super::derived::domain`]).
pub fn specs(m: &Module, clocks: &[PortId], derived: &[NetId]) -> Result<Vec<CheckSpec>, String> {
    let mut out = Vec::new();
    for id in m.cells() {
        let CellKind::Check { kind, label, clocked, message } = &m.cell(id).kind else { continue };
        let label = label.as_deref().unwrap_or("(unlabeled)").to_string();
        let domain = if *clocked {
            let d = super::derived::domain(m, clocks, derived, m.operands(id)[1]);
            Some(d.ok_or_else(|| format!("check '{label}' has a clock the Rust simulator cannot find"))?)
        } else {
            None
        };
        let message = match message {
            Some(text) => {
                let pieces = comb::check_format::parse(text)?;
                let args = m.operands(id)[1 + *clocked as usize..].iter().map(|&a| (a, m.width(a))).collect();
                Some((pieces, args))
            }
            None => None,
        };
        out.push(CheckSpec { cond: m.operands(id)[0], kind: *kind, label, domain, message });
    }
    Ok(out)
}

/// The public struct's private fields for the checks.
pub fn fields(checks: &[CheckSpec]) -> String {
    format!(
        "    __cycle: u64,\n    __failures: Vec<(u64, &'static str, &'static str, Option<String>)>,\n    __prints: Vec<(u64, u32, String)>,\n    __covers: [u64; {}],\n",
        checks.len()
    )
}

/// Their initializers in `new()`.
pub fn init(checks: &[CheckSpec]) -> String {
    format!(
        "            __cycle: 0,\n            __failures: Vec::new(),\n            __prints: Vec::new(),\n            __covers: [0; {}],\n",
        checks.len()
    )
}

/// The sampling at an edge of the clock domains `ds` (after the pre-edge settle), with the
/// immediate checks if `immediate` (at the ticks, not at derived clocks' edges). The tick
/// counts the cycle afterwards ([`count_cycle`]).
pub fn sample(checks: &[CheckSpec], ds: &[usize], immediate: bool) -> String {
    let mut s = String::new();
    for (j, c) in checks.iter().enumerate() {
        let on = match c.domain {
            None => immediate,
            Some(d) => ds.contains(&d),
        };
        if !on {
            continue;
        }
        let _ = match c.kind {
            CheckKind::Cover => writeln!(s, "        self.__covers[{j}] += (self.__s.ck{j} & 1) as u64;"),
            CheckKind::Print(fd) => writeln!(
                s,
                "        if self.__s.ck{j} & 1 == 1 {{ let m = {}.unwrap_or_default(); {}(\"{{m}}\"); self.__prints.push((self.__cycle, {fd:#x}, m)); }}",
                message_expr(j, c),
                if fd == 0x8000_0001 { "print!" } else { "eprint!" }
            ),
            k => writeln!(
                s,
                "        if self.__s.ck{j} & 1 == 0 {{ self.__failures.push((self.__cycle, {:?}, {:?}, {})); }}",
                k.word(),
                c.label,
                message_expr(j, c)
            ),
        };
    }
    s
}

/// The expression of check `j`'s formatted message (an `Option<String>`).
fn message_expr(j: usize, c: &CheckSpec) -> String {
    let Some((pieces, args)) = &c.message else { return "None::<String>".into() };
    let mut parts = Vec::new();
    let mut k = 0;
    for p in pieces {
        match p {
            Piece::Text(t) => parts.push(format!("{t:?}.to_string()")),
            Piece::Arg { conv, pad } => {
                let w = args.get(k).map(|a| a.1).unwrap_or(1);
                parts.push(format!("Self::__fmt_arg({conv:?}, {pad}, self.__s.cm{j}_{k} as u64, {w})"));
                k += 1;
            }
        }
    }
    format!("Some([{}].concat())", parts.join(", "))
}

/// The argument slots `cm<j>_<k>` of the messages: (slot, net, width).
pub fn arg_slots(checks: &[CheckSpec]) -> Vec<(String, NetId, u32)> {
    let mut out = Vec::new();
    for (j, c) in checks.iter().enumerate() {
        for (k, &(net, w)) in c.message.iter().flat_map(|m| m.1.iter()).enumerate() {
            out.push((format!("cm{j}_{k}"), net, w));
        }
    }
    out
}

/// The end of a tick: the cycle count.
pub fn count_cycle() -> &'static str {
    "        self.__cycle += 1;\n"
}

/// The public methods that read the checks.
pub fn methods(checks: &[CheckSpec]) -> String {
    let covers: Vec<String> = checks
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind == CheckKind::Cover)
        .map(|(j, c)| format!("({:?}, self.__covers[{j}])", c.label))
        .collect();
    format!(
        "    /// The failed asserts and assumes so far, in order: (cycle, `assert`/`assume`, label,\n\
         \x20   /// formatted message if the check has one);\n\
         \x20   /// the cycle is the number of ticks before the failing one.\n\
         \x20   pub fn check_failures(&self) -> &[(u64, &'static str, &'static str, Option<String>)] {{\n        &self.__failures\n    }}\n\n\
         \x20   /// The `sv.fwrite` writes so far (also printed as they happen): (cycle, fd, text).\n\
         \x20   pub fn prints(&self) -> &[(u64, u32, String)] {{\n        &self.__prints\n    }}\n\n\
         \x20   /// Per cover: its label and the number of ticks its condition was 1 at.\n\
         \x20   pub fn cover_counts(&self) -> Vec<(&'static str, u64)> {{\n        vec![{}]\n    }}\n\n",
        covers.join(", ")
    ) + FMT_ARG
}

/// The generated twin of [`comb::check_format::render_arg`].
const FMT_ARG: &str = "    #[allow(dead_code)]
    fn __fmt_arg(conv: char, pad: bool, v: u64, w: u32) -> String {
        let w = w.clamp(1, 64);
        let max = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
        let v = v & max;
        match conv {
            'd' => { let n = if pad { max.to_string().len() } else { 0 }; format!(\"{v:>n$}\") }
            'x' => { let n = if pad { w.div_ceil(4) as usize } else { 0 }; format!(\"{v:0n$x}\") }
            'b' => { let n = if pad { w as usize } else { 0 }; format!(\"{v:0n$b}\") }
            'o' => { let n = if pad { w.div_ceil(3) as usize } else { 0 }; format!(\"{v:0n$o}\") }
            _ => char::from((v & 0xff) as u8).to_string(),
        }
    }

";
