//! The HLS IR: one control/data-flow graph per function.
//!
//! Data flow lives in arenas keyed by typed ids ([`ValId`], [`OpId`], [`MemId`], [`LoopId`]);
//! control flow is structured: a [`Region`] is a list of [`Item`]s, each either a plain op or
//! a loop / conditional owning its own regions (loops as regions, as in the affine and scf
//! dialects). Every plain op is unconditional inside its region, so a run of consecutive
//! ops is a basic block the scheduler can place freely within its dependences.
//!
//! Values are plain bit vectors of a width (1..=64; `index` is 32 bits; a float is its IEEE
//! 754 bit pattern, and only the float ops of [`fop`] know its format). Memories are
//! flattened to one dimension (row-major) by the lowering; a load or store carries one
//! address operand of 32 bits. Memory dependences between accesses are computed by
//! [`crate::analysis::deps`] from the address expressions with the dependence test of
//! [`crate::analysis::deptest`]: exact where the addresses are affine in induction
//! variables of known range, conservative otherwise. [`verify`] checks the invariants
//! between steps; [`print`](mod@print) writes a function as text. The transforms live in
//! [`crate::transform`], the analyses in [`crate::analysis`].

pub mod fop;
pub mod print;
pub mod srcloc;
pub mod verify;

use crate::float::{FCmpPred, FloatFormat};
use comb::IcmpPred;
pub use fop::{FBinOp, FUnOp, Num};
use mlir_text::Span;

macro_rules! id_type {
    ($(#[$m:meta])* $name:ident, $prefix:literal) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            /// The index into its arena.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

id_type!(
    /// A value (op result, argument, loop variable, loop or branch result).
    ValId,
    "v"
);
id_type!(
    /// A plain operation.
    OpId,
    "op"
);
id_type!(
    /// A memory: a memref argument or a local allocation.
    MemId,
    "mem"
);
id_type!(
    /// A loop (`for` or `while`).
    LoopId,
    "loop"
);

/// Width of `index` values and of memory addresses inside the IR.
pub const INDEX_WIDTH: u32 = 32;

/// A value: its width and an optional source name (for readable netlists).
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    /// Bits, 1..=64.
    pub width: u32,
    /// The name in the source (`acc` for `%acc`), if meaningful.
    pub name: Option<String>,
}

/// Two-operand arithmetic and logic, with the meaning of SPEC section 3 (wrapping).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BinOp {
    /// Wrapping addition.
    Add,
    /// Wrapping subtraction.
    Sub,
    /// Wrapping multiplication.
    Mul,
    /// Signed division (x/0 = 0, MIN/-1 = MIN).
    DivS,
    /// Unsigned division (x/0 = 0).
    DivU,
    /// Signed remainder, sign of the dividend.
    RemS,
    /// Unsigned remainder.
    RemU,
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Bitwise xor.
    Xor,
    /// Shift left.
    Shl,
    /// Arithmetic shift right.
    ShrS,
    /// Logical shift right.
    ShrU,
}

impl BinOp {
    /// True for the operators that need a divider.
    pub fn is_div(self) -> bool {
        matches!(self, BinOp::DivS | BinOp::DivU | BinOp::RemS | BinOp::RemU)
    }
}

/// What a plain op computes.
#[derive(Clone, Debug, PartialEq)]
pub enum OpKind {
    /// A constant (the low `width` bits).
    Const(u64),
    /// `operands[0] op operands[1]`, all of the result width.
    Bin(BinOp),
    /// Comparison of two operands of one width; result 1 bit.
    Cmp(IcmpPred),
    /// `operands[0] ? operands[1] : operands[2]`.
    Select,
    /// Sign extension to the result width.
    SExt,
    /// Zero extension to the result width.
    ZExt,
    /// The low bits.
    Trunc,
    /// Read `mem[operands[0]]`.
    Load(MemId),
    /// `mem[operands[0]] = operands[1]`, if `operands[2]` (1 bit, optional: predicated by
    /// if-conversion) is 1; no result.
    Store(MemId),
    /// `operands[0] op operands[1]` in a float format (operands and result of its width);
    /// `reassoc` when the source allows reassociating it (`fastmath<reassoc>` or `fast`).
    FBin {
        /// Which operation.
        op: FBinOp,
        /// The format of the operands and the result.
        fmt: FloatFormat,
        /// Reassociation allowed.
        reassoc: bool,
    },
    /// `op operands[0]` in a float format.
    FUn(FUnOp, FloatFormat),
    /// `operands[0] * operands[1] + operands[2]` rounded once (`math.fma`).
    Fma {
        /// The format of the operands and the result.
        fmt: FloatFormat,
        /// Reassociation allowed.
        reassoc: bool,
    },
    /// Float comparison of two operands of one format (`arith.cmpf`); result 1 bit.
    FCmp(FCmpPred, FloatFormat),
    /// A conversion: integer to float, float to integer (saturating, NaN to 0: what MLIR
    /// leaves poison, SPEC section 4), float to float (`extf`, `truncf`). At least one side
    /// is a float.
    FConv {
        /// The operand's kind.
        from: Num,
        /// The result's kind.
        to: Num,
    },
}

impl OpKind {
    /// True for the float ops (constants and bitcasts of floats are plain bits, not these).
    pub fn is_float(&self) -> bool {
        matches!(
            self,
            OpKind::FBin { .. }
                | OpKind::FUn(..)
                | OpKind::Fma { .. }
                | OpKind::FCmp(..)
                | OpKind::FConv { .. }
        )
    }
    /// The MLIR op a float op comes from (`arith.addf`), for messages; `None` for others.
    pub fn float_name(&self) -> Option<&'static str> {
        Some(match self {
            OpKind::FBin { op, .. } => op.mlir_name(),
            OpKind::FUn(op, _) => op.mlir_name(),
            OpKind::Fma { .. } => "math.fma",
            OpKind::FCmp(..) => "arith.cmpf",
            OpKind::FConv { from, to } => fop::conv_name(*from, *to),
            _ => return None,
        })
    }
}

/// A plain op: kind, operands, optional result, source span.
#[derive(Clone, Debug, PartialEq)]
pub struct Op {
    /// What it computes.
    pub kind: OpKind,
    /// Operands in order.
    pub operands: Vec<ValId>,
    /// The result (every kind but `Store` has one).
    pub result: Option<ValId>,
    /// Where it came from.
    pub span: Span,
}

/// A structured list of items executed in order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Region {
    /// The items in execution order.
    pub items: Vec<Item>,
}

/// One element of a region.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A plain op.
    Op(OpId),
    /// A counted loop.
    For(Box<ForLoop>),
    /// A two-way conditional.
    If(Box<IfElse>),
    /// A `scf.while` loop.
    While(Box<WhileLoop>),
    /// Unstructured control flow (a multi-block function body with `cf.br`/`cf.cond_br`).
    Cfg(Box<Cfg>),
}

impl Item {
    /// The regions directly inside this item (a loop's body, both sides of an `if`, a while
    /// loop's two regions, each block of a CFG), for passes that walk the nesting.
    pub fn regions_mut(&mut self) -> Vec<&mut Region> {
        match self {
            Item::Op(_) => Vec::new(),
            Item::For(l) => vec![&mut l.body],
            Item::If(i) => vec![&mut i.then_region, &mut i.else_region],
            Item::While(w) => vec![&mut w.before, &mut w.after],
            Item::Cfg(g) => g.blocks.iter_mut().map(|b| &mut b.body).collect(),
        }
    }
}

/// Where a block of a [`Cfg`] goes when its ops are done.
#[derive(Clone, Debug, PartialEq)]
pub enum Terminator {
    /// To block `.0`, passing `.1` as its arguments.
    Br(usize, Vec<ValId>),
    /// On a 1-bit value: (cond, then block, its arguments, else block, its arguments).
    CondBr(ValId, usize, Vec<ValId>, usize, Vec<ValId>),
    /// Leave the CFG with these values as its results.
    Return(Vec<ValId>),
}

/// One block of a [`Cfg`].
#[derive(Clone, Debug, PartialEq)]
pub struct CfgBlock {
    /// Block arguments (set by the branches into it).
    pub args: Vec<ValId>,
    /// Its ops (and structured items).
    pub body: Region,
    /// Where it goes.
    pub term: Terminator,
}

/// Blocks connected by branches; block 0 is the entry. A value defined in one block may be
/// used in the blocks after it in order (the reader's order follows dominance).
#[derive(Clone, Debug, PartialEq)]
pub struct Cfg {
    /// Its id (its states are treated like a loop's for register lifetimes).
    pub id: LoopId,
    /// The blocks.
    pub blocks: Vec<CfgBlock>,
    /// The values a `Return` hands out.
    pub results: Vec<ValId>,
    /// The function.
    pub span: Span,
}

/// `for iv = lb; iv < ub (signed); iv += step` with loop-carried values.
#[derive(Clone, Debug, PartialEq)]
pub struct ForLoop {
    /// Its id (for reports and state ranges).
    pub id: LoopId,
    /// The induction variable (32 bits).
    pub iv: ValId,
    /// Lower bound (defined before the loop).
    pub lb: ValId,
    /// Upper bound, exclusive (defined before the loop).
    pub ub: ValId,
    /// Step, >= 1.
    pub step: u64,
    /// Loop-carried values as seen in the body.
    pub iter_args: Vec<ValId>,
    /// Their initial values (defined before the loop).
    pub inits: Vec<ValId>,
    /// The body.
    pub body: Region,
    /// Next values of `iter_args` (defined in the body or before the loop).
    pub yields: Vec<ValId>,
    /// The final values of `iter_args`, visible after the loop.
    pub results: Vec<ValId>,
    /// Trip count when the bounds are constants.
    pub trip: Option<u64>,
    /// `hls.pipeline` on the loop, if given.
    pub pipeline: Option<PipelineRequest>,
    /// The `for` op.
    pub span: Span,
}

/// An `hls.pipeline` attribute: pipeline this loop, at a target II if given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PipelineRequest {
    /// `hls.pipeline = N : i64`: the target initiation interval.
    pub ii: Option<u32>,
    /// The attribute.
    pub span: Span,
}

/// `if cond { then } else { else }` yielding results.
#[derive(Clone, Debug, PartialEq)]
pub struct IfElse {
    /// The 1-bit condition.
    pub cond: ValId,
    /// Taken when `cond` is 1.
    pub then_region: Region,
    /// Values the then-branch yields.
    pub then_yields: Vec<ValId>,
    /// Taken when `cond` is 0.
    pub else_region: Region,
    /// Values the else-branch yields.
    pub else_yields: Vec<ValId>,
    /// The merged values.
    pub results: Vec<ValId>,
    /// The `if` op.
    pub span: Span,
}

/// `scf.while`: run `before`; if `cond`, pass `forwarded` to `after` and repeat.
#[derive(Clone, Debug, PartialEq)]
pub struct WhileLoop {
    /// Its id.
    pub id: LoopId,
    /// Arguments of the before region.
    pub before_args: Vec<ValId>,
    /// Their initial values.
    pub inits: Vec<ValId>,
    /// Computes the condition.
    pub before: Region,
    /// Continue while this 1-bit value is 1.
    pub cond: ValId,
    /// Values passed on (to `after_args`, or out as `results`).
    pub forwarded: Vec<ValId>,
    /// Arguments of the after region.
    pub after_args: Vec<ValId>,
    /// The body.
    pub after: Region,
    /// Next values of `before_args`.
    pub yields: Vec<ValId>,
    /// The forwarded values when the condition is 0.
    pub results: Vec<ValId>,
    /// The `while` op.
    pub span: Span,
}

/// Where a memory lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemKind {
    /// A memref argument: an external memory port (one access per cycle).
    Port,
    /// A local allocation: an on-chip RAM (one read and one write port).
    Local,
}

/// A memory, flattened to one dimension.
#[derive(Clone, Debug, PartialEq)]
pub struct Memory {
    /// Name (the argument's or the allocation's).
    pub name: String,
    /// Number of elements.
    pub elems: u64,
    /// Element width.
    pub width: u32,
    /// Port or local.
    pub kind: MemKind,
    /// Where it was declared.
    pub span: Span,
}

impl Memory {
    /// Bits of a port address: ceil(log2(elements)), at least 1 (32 for a dynamic 1-D memref).
    pub fn addr_width(&self) -> u32 {
        let mut w = 1;
        while w < 64 && (1u64 << w) < self.elems {
            w += 1;
        }
        w
    }
}

/// A function argument.
#[derive(Clone, Debug, PartialEq)]
pub enum Param {
    /// A scalar input port.
    Scalar {
        /// Port name.
        name: String,
        /// The value inside the function.
        val: ValId,
    },
    /// A memref argument.
    Mem(MemId),
}

/// One function in the HLS IR.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Func {
    /// Module name.
    pub name: String,
    /// Arguments in order.
    pub params: Vec<Param>,
    /// Value arena.
    pub values: Vec<Value>,
    /// Op arena (ops no longer in any region are dead and ignored).
    pub ops: Vec<Op>,
    /// Memories (ports first, in argument order, then local ones).
    pub mems: Vec<Memory>,
    /// The body.
    pub body: Region,
    /// Returned values.
    pub rets: Vec<ValId>,
    /// Number of loops created (ids are below it).
    pub loop_count: u32,
    /// The function.
    pub span: Span,
    /// Memory accumulations replaced by loop-carried registers ([`scalrep`](crate::transform::scalrep)): the loop and
    /// the memory, in the order done.
    pub scalar_replaced: Vec<(LoopId, MemId)>,
    /// The loop-carried values [`scalrep`](crate::transform::scalrep) made (not the source's `iter_args`).
    pub scalar_carried: Vec<ValId>,
    /// What the loop-structure passes did to a loop (rotated, fused with another, ...), in
    /// the order done, for the report.
    pub loop_notes: Vec<(LoopId, String)>,
    /// Where the source lines are (for `file:line` in reports and generated code).
    pub lines: srcloc::Lines,
    /// Loops whose automatic full unrolling `--max-unroll` refused: (the loop that would
    /// have been pipelined, the inner loop, the copies it would have needed).
    pub unroll_capped: Vec<(LoopId, LoopId, u64)>,
    /// Copies of an inner loop's body already unrolled into each loop (nested unrolling
    /// multiplies them), for the `--max-unroll` cap.
    pub unroll_copies: std::collections::BTreeMap<LoopId, u64>,
}

impl Func {
    /// Runs `pass` on the function's top region, taken out of `self` for the call so the
    /// pass may also borrow the function (its ops and values) mutably.
    pub fn with_body<R>(&mut self, pass: impl FnOnce(&mut Func, &mut Region) -> R) -> R {
        let mut body = std::mem::take(&mut self.body);
        let out = pass(self, &mut body);
        self.body = body;
        out
    }

    /// Every value defined by a constant op, with its constant.
    pub fn constants(&self) -> std::collections::HashMap<ValId, u64> {
        self.ops
            .iter()
            .filter_map(|o| match (&o.kind, o.result) {
                (OpKind::Const(c), Some(r)) => Some((r, *c)),
                _ => None,
            })
            .collect()
    }
    /// A new value.
    pub fn new_value(&mut self, width: u32, name: Option<String>) -> ValId {
        self.values.push(Value { width, name });
        ValId(self.values.len() as u32 - 1)
    }
    /// A new op (not yet placed in a region); returns its id.
    pub fn new_op(&mut self, kind: OpKind, operands: Vec<ValId>, result: Option<ValId>, span: Span) -> OpId {
        self.ops.push(Op { kind, operands, result, span });
        OpId(self.ops.len() as u32 - 1)
    }
    /// A new loop id.
    pub fn new_loop(&mut self) -> LoopId {
        self.loop_count += 1;
        LoopId(self.loop_count - 1)
    }
    /// Width of a value.
    pub fn width(&self, v: ValId) -> u32 {
        self.values[v.index()].width
    }
    /// An op.
    pub fn op(&self, id: OpId) -> &Op {
        &self.ops[id.index()]
    }
    /// `file:line` of a span.
    pub fn at(&self, span: Span) -> String {
        self.lines.at(span)
    }
    /// A value's source name with its `%` (`%acc`), or its id when it has none.
    pub fn value_name(&self, v: ValId) -> String {
        match &self.values[v.index()].name {
            Some(n) => format!("%{n}"),
            None => format!("{v}"),
        }
    }
}

/// The first function of `src` lowered to the HLS IR (unit tests of the IR passes).
#[cfg(test)]
pub(crate) fn lower_first(src: &str) -> Func {
    let sf = mlir_text::SourceFile::new("t.mlir", src);
    let file = mlir_text::parse(&sf).unwrap();
    let mut f = crate::lower::lower_func(&file, &std::collections::HashMap::new(), &file.ops[0]).unwrap().0;
    f.lines = srcloc::Lines::new(&sf);
    f
}
