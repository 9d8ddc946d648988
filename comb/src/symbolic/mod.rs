//! Parametric modules kept parametric: a small IR for designs whose `hw.module`s keep their
//! parameters (a top without default values, or `--keep-params`), which the printers write as
//! parameterized SystemVerilog (`module m #(parameter int W = 8) (...)`) and as MLIR with
//! the parameters in place.
//!
//! The netlist has no parameters (every width there is a constant: `build::specialize`), so
//! this IR stands beside it. It holds what stays meaningful whatever the parameters are:
//! ports and values whose widths are parameter expressions ([`PExpr`]), the comb ops whose
//! SystemVerilog spelling is the same at every width (add, sub, mul, and, or, xor, shifts,
//! icmp, mux, concat, extract at a constant offset, replicate and parity of constant widths,
//! constants), `hw.param.value`, registers (`seq.compreg`, `seq.compreg.ce`, `seq.firreg`
//! without a power-on value), and instances passing parameter expressions. Anything else
//! (division, whose result at zero is defined by our netlist but not by SystemVerilog,
//! memories, aggregates ops, `sv.*`, power-on values, ...) is [`Lowered::Unsupported`]: the
//! flow then specializes as before, with a located note naming the op.
//!
//! Invariants of a [`SymDesign`] built by [`lower()`]: every value is defined once (inputs are
//! the first values of a body); every parameter an expression reads is declared by its
//! module as an integer; every instance names a module of the design and gives one
//! expression per declared parameter, in order; operand and result types of width-generic
//! ops agree as CIRCT's verifier wants (same type text).

mod lower;
pub mod pexpr;

pub use lower::{lower, wants_symbolic, Lowered};
pub use pexpr::{PExpr, POp};

use crate::bits::Bits;
use crate::netlist::IcmpPred;
use mlir_text::Span;

/// A design whose modules keep their parameters.
#[derive(Clone, Debug)]
pub struct SymDesign {
    /// Modules and black boxes in input order.
    pub modules: Vec<SymModule>,
    /// The top module (by index).
    pub top: usize,
}

/// A module or a black box (`body` is `None`).
#[derive(Clone, Debug)]
pub struct SymModule {
    /// The symbol name.
    pub name: String,
    /// A black box's `verilogName`.
    pub verilog_name: Option<String>,
    /// Declared parameters, in order.
    pub params: Vec<SymParam>,
    /// Ports, in order.
    pub ports: Vec<SymPort>,
    /// The body; `None` for `hw.module.extern`.
    pub body: Option<SymBody>,
    /// The module's name in the source.
    pub span: Span,
}

/// A declared parameter.
#[derive(Clone, Debug)]
pub struct SymParam {
    /// Its name.
    pub name: String,
    /// Its type.
    pub ty: ParamTy,
    /// The default, if declared.
    pub default: Option<PExpr>,
}

/// The type of a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamTy {
    /// `iN`.
    Int(u32),
    /// `none` (a string in SystemVerilog).
    Str,
}

/// Port direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymDir {
    /// `in`
    In,
    /// `out`
    Out,
}

/// A port.
#[derive(Clone, Debug)]
pub struct SymPort {
    /// Its name.
    pub name: String,
    /// Its direction.
    pub dir: SymDir,
    /// Its type.
    pub ty: SymTy,
}

/// The type of a port or value: its width and its MLIR spelling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymTy {
    /// Bits, as a parameter expression (a constant for `iN`).
    pub width: PExpr,
    /// The type as MLIR writes it (`i8`, `!hw.int<#hw.param.decl.ref<"W">>`, `!seq.clock`).
    pub mlir: String,
    /// `!seq.clock`.
    pub clock: bool,
}

/// A value of a body (typed index into [`SymBody::values`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SymVal(pub u32);

impl SymVal {
    /// The index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One value: its name in the source (empty for `%0`-style names) and type.
#[derive(Clone, Debug)]
pub struct SymValue {
    /// The source name, if it is a word.
    pub name: String,
    /// The type.
    pub ty: SymTy,
}

/// A module body: values (the inputs first), statements in source order, the outputs.
#[derive(Clone, Debug, Default)]
pub struct SymBody {
    /// Every value.
    pub values: Vec<SymValue>,
    /// What defines the values that are not inputs.
    pub stmts: Vec<Stmt>,
    /// The value of each output port, in order.
    pub outputs: Vec<SymVal>,
}

/// A statement of a body.
#[derive(Clone, Debug)]
pub enum Stmt {
    /// `dst` is `expr` at all times.
    Assign {
        /// The defined value.
        dst: SymVal,
        /// Its expression.
        expr: SExpr,
    },
    /// A register on the rising edge of `clk`.
    Reg {
        /// The register's value.
        dst: SymVal,
        /// Next value.
        d: SymVal,
        /// The clock.
        clk: SymVal,
        /// Clock enable (`seq.compreg.ce`).
        enable: Option<SymVal>,
        /// Reset signal and value.
        reset: Option<(SymVal, SymVal)>,
        /// The reset is asynchronous (`seq.firreg ... reset async`).
        async_reset: bool,
        /// Which op it came from (`seq.compreg`, `seq.compreg.ce`, `seq.firreg`).
        op: &'static str,
    },
    /// An instance.
    Instance {
        /// Instance name.
        name: String,
        /// The module (index into [`SymDesign::modules`]).
        module: usize,
        /// One expression per declared parameter of the module, in order.
        params: Vec<PExpr>,
        /// Input port values, in port order.
        inputs: Vec<SymVal>,
        /// Output port values, in port order.
        outputs: Vec<SymVal>,
    },
}

/// A width-generic expression over values.
#[derive(Clone, Debug)]
pub enum SExpr {
    /// `hw.constant`.
    Const(Bits),
    /// `hw.param.value`.
    Param(PExpr),
    /// `comb.add/mul/and/or/xor` (n-ary).
    Nary(NOp, Vec<SymVal>),
    /// `comb.sub/shl/shru/shrs`.
    Binary(BOp, SymVal, SymVal),
    /// `comb.icmp`.
    Icmp(IcmpPred, SymVal, SymVal),
    /// `comb.mux cond, a, b`.
    Mux(SymVal, SymVal, SymVal),
    /// `comb.concat` (first operand high).
    Concat(Vec<SymVal>),
    /// `comb.extract` from a constant low bit.
    Extract(SymVal, u32),
    /// `comb.replicate` (constant widths).
    Replicate(SymVal, u32),
    /// `comb.parity`.
    Parity(SymVal),
    /// `seq.to_clock` / `seq.from_clock`: the same bit under another type.
    Clock(SymVal, &'static str),
}

/// An n-ary comb op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NOp {
    /// `comb.add`
    Add,
    /// `comb.mul`
    Mul,
    /// `comb.and`
    And,
    /// `comb.or`
    Or,
    /// `comb.xor`
    Xor,
}

/// A binary comb op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BOp {
    /// `comb.sub`
    Sub,
    /// `comb.shl`
    Shl,
    /// `comb.shru`
    Shru,
    /// `comb.shrs`
    Shrs,
}

impl NOp {
    /// The op name.
    pub fn mlir(self) -> &'static str {
        match self {
            NOp::Add => "comb.add",
            NOp::Mul => "comb.mul",
            NOp::And => "comb.and",
            NOp::Or => "comb.or",
            NOp::Xor => "comb.xor",
        }
    }
}

impl BOp {
    /// The op name.
    pub fn mlir(self) -> &'static str {
        match self {
            BOp::Sub => "comb.sub",
            BOp::Shl => "comb.shl",
            BOp::Shru => "comb.shru",
            BOp::Shrs => "comb.shrs",
        }
    }
}

impl SymDesign {
    /// The values a body reads whole, by value: `read[v]` is true if `v` is an operand of a
    /// statement other than `comb.extract`, or an output (an extract may leave bits unread).
    pub fn reads(body: &SymBody) -> Vec<bool> {
        let mut read = vec![false; body.values.len()];
        let mut mark = |v: &SymVal| read[v.index()] = true;
        for s in &body.stmts {
            match s {
                Stmt::Assign { expr: SExpr::Extract(..), .. } => {}
                Stmt::Assign { expr, .. } => expr.operands().iter().for_each(&mut mark),
                Stmt::Reg { d, clk, enable, reset, .. } => {
                    mark(d);
                    mark(clk);
                    enable.iter().for_each(&mut mark);
                    if let Some((r, v)) = reset {
                        mark(r);
                        mark(v);
                    }
                }
                Stmt::Instance { inputs, .. } => inputs.iter().for_each(&mut mark),
            }
        }
        body.outputs.iter().for_each(mark);
        read
    }
}

impl SExpr {
    /// The values the expression reads.
    pub fn operands(&self) -> Vec<SymVal> {
        match self {
            SExpr::Const(_) | SExpr::Param(_) => Vec::new(),
            SExpr::Nary(_, v) | SExpr::Concat(v) => v.clone(),
            SExpr::Binary(_, a, b) | SExpr::Icmp(_, a, b) => vec![*a, *b],
            SExpr::Mux(c, a, b) => vec![*c, *a, *b],
            SExpr::Extract(a, _) | SExpr::Replicate(a, _) | SExpr::Parity(a) | SExpr::Clock(a, _) => vec![*a],
        }
    }
}
