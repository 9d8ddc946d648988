//! What a cell computes: [`CellKind`], its operand conventions and width rules, and the
//! `comb.icmp` predicates.

use crate::bits::Bits;
use crate::ids::{ModuleId, PortId};
use std::sync::Arc;

/// Comparison predicates of `comb.icmp`, numbered as CIRCT's `ICmpPredicate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IcmpPred {
    /// ==
    Eq = 0,
    /// !=
    Ne = 1,
    /// signed <
    Slt = 2,
    /// signed <=
    Sle = 3,
    /// signed >
    Sgt = 4,
    /// signed >=
    Sge = 5,
    /// unsigned <
    Ult = 6,
    /// unsigned <=
    Ule = 7,
    /// unsigned >
    Ugt = 8,
    /// unsigned >=
    Uge = 9,
    /// case equality (== on two-state values)
    Ceq = 10,
    /// case inequality
    Cne = 11,
    /// wildcard equality (== on two-state values)
    Weq = 12,
    /// wildcard inequality
    Wne = 13,
}

impl IcmpPred {
    /// All predicates in CIRCT's order.
    pub const ALL: [IcmpPred; 14] = [
        IcmpPred::Eq,
        IcmpPred::Ne,
        IcmpPred::Slt,
        IcmpPred::Sle,
        IcmpPred::Sgt,
        IcmpPred::Sge,
        IcmpPred::Ult,
        IcmpPred::Ule,
        IcmpPred::Ugt,
        IcmpPred::Uge,
        IcmpPred::Ceq,
        IcmpPred::Cne,
        IcmpPred::Weq,
        IcmpPred::Wne,
    ];
    /// The keyword in custom syntax (`slt`).
    pub fn name(self) -> &'static str {
        ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge", "ceq", "cne", "weq", "wne"]
            [self as usize]
    }
    /// Parses the keyword.
    pub fn from_name(s: &str) -> Option<IcmpPred> {
        IcmpPred::ALL.into_iter().find(|p| p.name() == s)
    }
    /// From CIRCT's integer encoding.
    pub fn from_index(i: i128) -> Option<IcmpPred> {
        usize::try_from(i).ok().and_then(|i| IcmpPred::ALL.get(i).copied())
    }
}

/// What a cell computes. Operand conventions are listed per kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CellKind {
    /// The value of an input port. No operands.
    Input(PortId),
    /// A constant. No operands.
    Const(Bits),
    /// Variadic (>= 1 operands, all of the result width).
    And,
    /// Variadic.
    Or,
    /// Variadic.
    Xor,
    /// Variadic: NOT of and.
    Nand,
    /// Variadic: NOT of or.
    Nor,
    /// Variadic: NOT of xor.
    Xnor,
    /// Variadic, wraps.
    Add,
    /// Variadic, wraps.
    Mul,
    /// Binary.
    Sub,
    /// Binary; x/0 = 0.
    DivU,
    /// Binary; x/0 = 0, MIN/-1 = MIN.
    DivS,
    /// Binary; x%0 = 0.
    ModU,
    /// Binary; sign of the dividend; x%0 = 0.
    ModS,
    /// Binary (value, amount); amount >= width gives 0.
    Shl,
    /// Binary; amount >= width gives 0.
    ShrU,
    /// Binary; amount >= width gives all sign bits.
    ShrS,
    /// Binary, operands of equal width, result i1.
    Icmp(IcmpPred),
    /// Unary bitwise NOT.
    Inv,
    /// Unary, result i1.
    Parity,
    /// Unary bit reversal.
    Reverse,
    /// Variadic; the first operand is the most significant part. Result width is the sum.
    Concat,
    /// Unary: bits `low..low+width`.
    Extract {
        /// Lowest bit taken.
        low: u32,
    },
    /// Unary; result width is a multiple of the operand width.
    Replicate,
    /// (cond: i1, true value, false value).
    Mux,
    /// n i1 operands (the first is the index's MSB); the table has 2^n bits, bit i is the
    /// output for index i. Result i1.
    TruthTable(Bits),
    /// The `lut` of SPEC section 3: index = sum(c_k * x_k) mod 256 mod len(table).
    Lut {
        /// One coefficient per operand (mod 256).
        coefficients: Vec<u8>,
        /// Non-empty table of results (each masked to the result width).
        table: Vec<Bits>,
    },
    /// A register. Operands: `d`, `clk`, then `en` if `enable`, then `rst`, `rst_value` if
    /// `reset`. Starts at `init` (0 when `None`) and loads on a rising clock edge.
    Reg {
        /// Reset, active high (synchronous unless `async_reset`).
        reset: bool,
        /// Clock enable.
        enable: bool,
        /// The reset is asynchronous (`seq.firreg ... reset async`): while `rst` is 1 the
        /// register holds `rst_value` at once, without waiting for a clock edge. Needs `reset`;
        /// `rst_value` must be a constant (as FIRRTL and CIRCT's export require).
        async_reset: bool,
        /// The power-on value (`preset`, `seq.initial`); `None` is 0. Has the cell's width.
        /// Any register may have one (`seq.compreg.ce ... initial %v` has an enable too).
        init: Option<Bits>,
    },
    /// An on-chip RAM (a block RAM): `depth` words of the cell's width, one synchronous read
    /// port and one write port on the rising edge of `clk`. Operands: clk, raddr, ren, waddr,
    /// we, wdata (addresses of any width, ren/we i1, wdata of the cell's width). The cell's net
    /// is the read data: on a rising edge with ren = 1 it takes `mem[raddr]` as it was before
    /// this edge's write (read-first); with ren = 0 it holds. With we = 1, `mem[waddr] <= wdata`.
    /// Addresses >= depth read 0 and write nothing. Contents and read data start at 0. A state
    /// element (`is_state()` is true).
    Memory {
        /// Number of words (at least 1).
        depth: u32,
    },
    /// An instance of another module; drives no net (width 0). Operands: the child's inputs
    /// in the child's input-port order.
    Instance {
        /// The instantiated module.
        module: ModuleId,
        /// The instance name.
        name: Arc<str>,
        /// The parameter values, one per parameter the module declares (empty for a module
        /// without parameters).
        params: Arc<[super::ParamValue]>,
    },
    /// Output `port` of the instance given as the single operand.
    InstOutput(PortId),
    /// `seq.to_clock`: i1 to clock.
    ToClock,
    /// `seq.from_clock`: clock to i1.
    FromClock,
    /// `verif.assert` / `verif.assume` / `verif.cover` of a one-cycle boolean property: a sink
    /// that drives no net (width 0), like an output no pass may remove. Operands: the condition
    /// (i1), then the clock if `clocked` (sampled on its rising edge; otherwise an immediate
    /// check of the settled values each cycle), then the arguments of the `message` (one per
    /// directive of [`crate::check_format`], each at most 64 bits wide).
    Check {
        /// Assert, assume or cover.
        kind: CheckKind,
        /// The `label`, if any (a SystemVerilog identifier after the builder's check).
        label: Option<Arc<str>>,
        /// Sampled on the rising edge of the clock operand (`ltl.clock posedge`).
        clocked: bool,
        /// The failure message (CIRCT's `message "fmt"(%args)`), if any.
        message: Option<Arc<str>>,
    },
}

/// What a [`CellKind::Check`] checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CheckKind {
    /// `verif.assert`: the condition must hold; a failure is reported.
    Assert,
    /// `verif.assume`: an assumption about the inputs; simulators check it like an assert.
    Assume,
    /// `verif.cover`: counted each time the condition holds.
    Cover,
    /// `sv.fwrite %fd, "fmt"(%args)`: the condition is the enable; each sampled edge it is 1
    /// the message is written to the file descriptor (`0x80000001` stdout, `0x80000002`
    /// stderr).
    Print(u32),
}

impl CheckKind {
    /// `assert`, `assume` or `cover` (the SystemVerilog keyword and the op name's suffix).
    pub fn word(self) -> &'static str {
        match self {
            CheckKind::Assert => "assert",
            CheckKind::Assume => "assume",
            CheckKind::Cover => "cover",
            CheckKind::Print(_) => "fwrite",
        }
    }
}

impl CellKind {
    /// True for the cells whose net is a pure function of their operands' current values:
    /// the logic that folding, sharing, the e-graph optimizer and the LUT mapper may
    /// rewrite. Ports, state (registers, memories), instances and clock conversions stay
    /// fixed around it. The match lists every kind, so a new kind must be decided here.
    pub fn is_combinational(&self) -> bool {
        use CellKind::*;
        match self {
            Const(_)
            | And
            | Or
            | Xor
            | Nand
            | Nor
            | Xnor
            | Add
            | Mul
            | Sub
            | DivU
            | DivS
            | ModU
            | ModS
            | Shl
            | ShrU
            | ShrS
            | Icmp(_)
            | Inv
            | Parity
            | Reverse
            | Concat
            | Extract { .. }
            | Replicate
            | Mux
            | TruthTable(_)
            | Lut { .. } => true,
            Input(_)
            | Reg { .. }
            | Memory { .. }
            | Instance { .. }
            | InstOutput(_)
            | ToClock
            | FromClock
            | Check { .. } => false,
        }
    }

    /// The op name in MLIR (`comb.add`), for messages and printing.
    pub fn op_name(&self) -> &'static str {
        use CellKind::*;
        match self {
            Input(_) => "input",
            Const(_) => "hw.constant",
            And => "comb.and",
            Or => "comb.or",
            Xor => "comb.xor",
            Nand => "comb.nand",
            Nor => "comb.nor",
            Xnor => "comb.xnor",
            Add => "comb.add",
            Mul => "comb.mul",
            Sub => "comb.sub",
            DivU => "comb.divu",
            DivS => "comb.divs",
            ModU => "comb.modu",
            ModS => "comb.mods",
            Shl => "comb.shl",
            ShrU => "comb.shru",
            ShrS => "comb.shrs",
            Icmp(_) => "comb.icmp",
            Inv => "comb.inv",
            Parity => "comb.parity",
            Reverse => "comb.reverse",
            Concat => "comb.concat",
            Extract { .. } => "comb.extract",
            Replicate => "comb.replicate",
            Mux => "comb.mux",
            TruthTable(_) => "comb.truth_table",
            Lut { .. } => "comb.lut",
            Reg { .. } => "seq.compreg",
            Memory { .. } => "seq.firmem",
            Instance { .. } => "hw.instance",
            InstOutput(_) => "hw.instance",
            ToClock => "seq.to_clock",
            FromClock => "seq.from_clock",
            Check { kind: CheckKind::Assert, .. } => "verif.assert",
            Check { kind: CheckKind::Assume, .. } => "verif.assume",
            Check { kind: CheckKind::Cover, .. } => "verif.cover",
            Check { kind: CheckKind::Print(_), .. } => "sv.fwrite",
        }
    }

    /// A plain register: no reset, no enable, no initial value.
    pub fn reg() -> CellKind {
        CellKind::Reg { reset: false, enable: false, async_reset: false, init: None }
    }

    /// A register with a synchronous reset and/or an enable, starting at 0.
    pub fn reg_with(reset: bool, enable: bool) -> CellKind {
        CellKind::Reg { reset, enable, async_reset: false, init: None }
    }

    /// True for cells whose value changes only on a clock edge (their operands do not form
    /// combinational paths).
    pub fn is_state(&self) -> bool {
        matches!(self, CellKind::Reg { .. } | CellKind::Memory { .. })
    }

    /// True for the variadic ops that take one or more operands of the result width.
    pub fn is_variadic_same_width(&self) -> bool {
        use CellKind::*;
        matches!(self, And | Or | Xor | Nand | Nor | Xnor | Add | Mul)
    }

    /// True for the two-operand ops whose operands and result share one width.
    pub fn is_binary_same_width(&self) -> bool {
        use CellKind::*;
        matches!(self, Sub | DivU | DivS | ModU | ModS | Shl | ShrU | ShrS)
    }

    /// Checks operand and result widths of a purely local op (everything except instances,
    /// inputs and clock conversions, whose widths depend on context). Returns a message for
    /// the user on failure. `operands` are the operand widths.
    pub fn check_widths(&self, operands: &[u32], width: u32) -> Result<(), String> {
        use CellKind::*;
        let n = operands.len();
        let all_eq = |w: u32| operands.iter().all(|&o| o == w);
        match self {
            k if k.is_variadic_same_width() => {
                if n == 0 {
                    return Err(format!("'{}' needs at least one operand", k.op_name()));
                }
                if !all_eq(width) {
                    return Err(format!("'{}' operands and result must all be i{width}", k.op_name()));
                }
            }
            k if k.is_binary_same_width() => {
                if n != 2 {
                    return Err(format!("'{}' takes 2 operands, got {n}", k.op_name()));
                }
                if !all_eq(width) {
                    return Err(format!("'{}' operands and result must all be i{width}", k.op_name()));
                }
            }
            Const(b) => {
                if n != 0 || b.width() != width {
                    return Err("constant width does not match its type".into());
                }
            }
            Icmp(_) => {
                if n != 2 {
                    return Err(format!("'comb.icmp' takes 2 operands, got {n}"));
                }
                if operands[0] != operands[1] {
                    return Err(format!(
                        "'comb.icmp' operands must have the same width, got i{} and i{}",
                        operands[0], operands[1]
                    ));
                }
                if width != 1 {
                    return Err("'comb.icmp' result must be i1".into());
                }
            }
            Inv | Reverse => {
                if n != 1 || operands[0] != width {
                    return Err(format!("'{}' takes one operand of the result width", self.op_name()));
                }
            }
            Parity => {
                if n != 1 || width != 1 {
                    return Err("'comb.parity' takes one operand and gives i1".into());
                }
            }
            Concat => {
                if n == 0 {
                    return Err("'comb.concat' needs at least one operand".into());
                }
                let sum: u64 = operands.iter().map(|&w| w as u64).sum();
                if sum != width as u64 {
                    return Err(format!(
                        "'comb.concat' result must be i{sum}, the sum of the operand widths"
                    ));
                }
            }
            Extract { low } => {
                if n != 1 {
                    return Err("'comb.extract' takes one operand".into());
                }
                if *low as u64 + width as u64 > operands[0] as u64 {
                    return Err(format!(
                        "'comb.extract' of bits {}..{} is out of range of an i{} operand",
                        low,
                        *low as u64 + width as u64 - 1,
                        operands[0]
                    ));
                }
            }
            Replicate => {
                if n != 1 {
                    return Err("'comb.replicate' takes one operand".into());
                }
                if operands[0] == 0 || !width.is_multiple_of(operands[0]) {
                    return Err(format!(
                        "'comb.replicate' result width {width} is not a multiple of the operand width {}",
                        operands[0]
                    ));
                }
            }
            Mux => {
                if n != 3 {
                    return Err(format!("'comb.mux' takes 3 operands, got {n}"));
                }
                if operands[0] != 1 {
                    return Err(format!("'comb.mux' condition must be i1, got i{}", operands[0]));
                }
                if operands[1] != width || operands[2] != width {
                    return Err(format!("'comb.mux' values and result must all be i{width}"));
                }
            }
            TruthTable(t) => {
                if !all_eq(1) || width != 1 {
                    return Err("'comb.truth_table' inputs and result must be i1".into());
                }
                if n >= 32 || t.width() as u64 != 1u64 << n {
                    return Err(format!(
                        "'comb.truth_table' with {n} inputs needs a table of {} bits, got {}",
                        1u64.checked_shl(n as u32).unwrap_or(0),
                        t.width()
                    ));
                }
            }
            Lut { coefficients, table } => {
                if coefficients.len() != n {
                    return Err(format!(
                        "'comb.lut' has {n} operands but {} coefficients",
                        coefficients.len()
                    ));
                }
                if table.is_empty() {
                    return Err("'comb.lut' lookup table is empty".into());
                }
                if table.iter().any(|t| t.width() != width) {
                    return Err("'comb.lut' table entries must have the result width".into());
                }
            }
            Reg { reset, enable, async_reset, init } => {
                if *async_reset && !*reset {
                    return Err("an asynchronous register needs a reset".into());
                }
                if *enable && *async_reset {
                    return Err("a register with an enable has no asynchronous reset".into());
                }
                if init.as_ref().is_some_and(|b| b.width() != width) {
                    return Err(format!("register initial value must be i{width}"));
                }
                let expect = 2 + *enable as usize + 2 * *reset as usize;
                if n != expect {
                    return Err(format!("'seq.compreg' expects {expect} operands, got {n}"));
                }
                if operands[0] != width {
                    return Err(format!("'seq.compreg' input must be i{width}, got i{}", operands[0]));
                }
                if *enable && operands[2] != 1 {
                    return Err("'seq.compreg.ce' clock enable must be i1".into());
                }
                if *reset {
                    let r = 2 + *enable as usize;
                    if operands[r] != 1 {
                        return Err("'seq.compreg' reset must be i1".into());
                    }
                    if operands[r + 1] != width {
                        return Err(format!("'seq.compreg' reset value must be i{width}"));
                    }
                }
            }
            Memory { depth } => check_memory(*depth, operands, width)?,
            ToClock | FromClock => {
                if n != 1 || operands[0] != 1 || width != 1 {
                    return Err(format!("'{}' converts between i1 and !seq.clock", self.op_name()));
                }
            }
            Check { kind, clocked, message, .. } => {
                let args = match message {
                    Some(m) => crate::check_format::arg_count(m)?,
                    None => 0,
                };
                let expect = 1 + *clocked as usize;
                if n != expect + args || width != 0 || operands[0] != 1 {
                    return Err(format!(
                        "'verif.{}' takes an i1 condition{}{}",
                        kind.word(),
                        if *clocked { " and a clock" } else { "" },
                        if args > 0 { format!(" and {args} message argument(s)") } else { String::new() }
                    ));
                }
                if let Some(&w) = operands[expect..].iter().find(|&&w| w > crate::check_format::MAX_ARG_WIDTH)
                {
                    return Err(format!("a message argument of {w} bits is wider than 64"));
                }
            }
            Input(_) | Instance { .. } | InstOutput(_) => {}
            _ => unreachable!("every kind is covered above"),
        }
        Ok(())
    }
}

/// The largest memory accepted, in bits (depth times width): 128 MiB of contents.
pub const MAX_MEMORY_BITS: u64 = 1 << 30;

/// The operand rule of [`CellKind::Memory`]: clk, raddr, ren, waddr, we, wdata.
fn check_memory(depth: u32, operands: &[u32], width: u32) -> Result<(), String> {
    if depth == 0 {
        return Err("'seq.firmem' depth must be at least 1".into());
    }
    if depth as u64 * width as u64 > MAX_MEMORY_BITS {
        return Err(format!("a memory of {depth} x {width} bits is larger than the limit of 2^30 bits"));
    }
    if operands.len() != 6 {
        return Err(format!(
            "a memory expects 6 operands (clk, raddr, ren, waddr, we, wdata), got {}",
            operands.len()
        ));
    }
    if operands[2] != 1 || operands[4] != 1 {
        return Err("memory read and write enables must be i1".into());
    }
    if operands[5] != width {
        return Err(format!("memory write data must be i{width}, got i{}", operands[5]));
    }
    Ok(())
}
