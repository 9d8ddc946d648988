//! Float reductions in the order the circuit computes them when synthesis reassociated
//! them (`fastmath<reassoc>`, `hls::transform::reassoc`): the interpreter is told which source ops
//! were split and into how many partial accumulators ([`super::run_planned`]), and
//! computes the same order on its own.
//!
//! For a counted loop whose `iter_args` value `i` is yielded by such an op (in the loop's
//! body block): the carried value starts at the op's identity (`-0.0` for `addf`, `1.0`
//! for `mulf`, `-inf` for `maximumf`, `+inf` for `minimumf`), `k` partials `p0 .. p(k-1)`
//! all at the identity; iteration `j` runs with `p0` as the carried value, and its yield
//! shifts the partials (`p0 <- p1`, .., `p(k-1) <- yield`), so partial `j mod k` takes
//! iteration `j`'s element. After the loop the result is a balanced tree over the source's
//! initial value and the partials, leaves `init, p0, .., p(k-1)`, neighbours combined
//! pairwise level by level (an odd last one carried up), each combination `left ⊕ right`.
//! `maxnumf`/`minnumf` start at the default NaN.
//!
//! A reduction through a memory cell (the plan's `memory` flag: in the loop's body block a
//! load of a memref feeds the op, whose result a store writes back to that memref) is
//! followed at its load and store instead ([`Cell`]): the first iteration's load reads the
//! cell's value as the initial value, every load returns `p0`, every store's value is the
//! iteration's yield that shifts the partials, and after the loop the tree's value is
//! written to the cell (the address the first load read: one loop-invariant address, as
//! synthesis requires).

use super::exec::Value;
use super::{err, Int};
use crate::float::{soft, FloatFormat};
use mlir_text::{Diagnostic, File, Operation, Span, Type};

/// A float operation on bit patterns (`soft::add`, ...).
type FOp = fn(FloatFormat, u64, u64) -> u64;

/// One reassociated accumulator of a running loop.
pub(crate) struct Partials {
    /// Its index among the loop's carried values.
    index: usize,
    /// The source's initial value.
    init: Int,
    /// The partials, `p0` first.
    p: Vec<Int>,
    fmt: FloatFormat,
    op: FOp,
}

/// The identity and operation of a reassociable float op by name (`arith.addf`).
fn operation(name: &str, fmt: FloatFormat) -> Option<(u64, FOp)> {
    Some(match name.split_once('.').map_or(name, |(_, n)| n) {
        "addf" => (fmt.zero(true), soft::add),
        "mulf" => (fmt.pack(false, fmt.exp_max() >> 1, 0), soft::mul),
        "maximumf" => (fmt.inf(true), soft::maximum),
        "minimumf" => (fmt.inf(false), soft::minimum),
        "maxnumf" => (fmt.default_nan(), soft::maxnum),
        "minnumf" => (fmt.default_nan(), soft::minnum),
        _ => return None,
    })
}

/// The reassociated accumulators of loop `op` under `plan` (source op span, partials),
/// with `iters` (its initial carried values) set to the identities.
pub(crate) fn start(
    file: &File,
    op: &Operation,
    plan: &[(Span, u32, bool)],
    iters: &mut [Value],
) -> Result<Vec<Partials>, Diagnostic> {
    let mut out = Vec::new();
    if plan.is_empty() {
        return Ok(out);
    }
    let Some(block) = op.regions().first().and_then(|r| r.blocks.first()) else { return Ok(out) };
    let Some(term) = block.ops.last() else { return Ok(out) };
    for (index, y) in term.operands.iter().enumerate() {
        let Some(def) = block.ops.iter().find(|o| o.results.contains(&y.value)) else { continue };
        let Some(&(_, k, _)) = plan.iter().find(|(s, _, memory)| *s == def.span && !memory) else {
            continue;
        };
        let Type::Float(kind) = file.ty(y.value) else { continue };
        let fmt = FloatFormat::of_kind(*kind);
        let (ident, f) = operation(&def.name, fmt)
            .ok_or_else(|| err(def.span, format!("'{}' cannot be reassociated", def.name)))?;
        let Some(Value::Int(init)) = iters.get(index).copied() else {
            return Err(err(op.span, "a reassociated accumulator is not a float"));
        };
        let ident = Int::new(ident, fmt.width());
        iters[index] = Value::Int(ident);
        out.push(Partials { index, init, p: vec![ident; k as usize], fmt, op: f });
    }
    Ok(out)
}

/// After an iteration: shifts each accumulator's partials and carries the next `p0`.
pub(crate) fn step(parts: &mut [Partials], iters: &mut [Value]) -> Result<(), Diagnostic> {
    for a in parts {
        let Some(Value::Int(y)) = iters.get(a.index).copied() else {
            return Err(Diagnostic::global("a reassociated accumulator is not a float"));
        };
        a.p.remove(0);
        a.p.push(y);
        iters[a.index] = Value::Int(a.p[0]);
    }
    Ok(())
}

/// After the loop: each accumulator's result is the tree over its init and partials.
pub(crate) fn finish(parts: Vec<Partials>, iters: &mut [Value]) {
    for a in parts {
        iters[a.index] = Value::Int(tree(a.init, &a.p, a.fmt, a.op));
    }
}

/// The balanced tree over `init, p0, .., p(k-1)`.
fn tree(init: Int, p: &[Int], fmt: FloatFormat, op: FOp) -> Int {
    let mut level: Vec<u64> = std::iter::once(init).chain(p.iter().copied()).map(|v| v.bits).collect();
    while level.len() > 1 {
        level = level.chunks(2).map(|c| if let [x, y] = *c { op(fmt, x, y) } else { c[0] }).collect();
    }
    Int::new(level[0], fmt.width())
}

/// One reassociated reduction through a memory cell in a running loop.
pub(crate) struct Cell {
    /// The source's load of the cell and store to it.
    load: Span,
    store: Span,
    /// The memory, the cell's flat index and its value before the loop (at the first load).
    init: Option<(usize, usize, Int)>,
    /// The partials, `p0` first.
    p: Vec<Int>,
    /// The value stored in this iteration.
    stored: Option<Int>,
    fmt: FloatFormat,
    op: FOp,
}

fn is_load(name: &str) -> bool {
    matches!(name, "affine.load" | "memref.load" | "load")
}

fn is_store(name: &str) -> bool {
    matches!(name, "affine.store" | "memref.store" | "store")
}

/// The memory reductions of loop `op` under `plan`.
pub(crate) fn cells(
    file: &File,
    op: &Operation,
    plan: &[(Span, u32, bool)],
) -> Result<Vec<Cell>, Diagnostic> {
    let mut out = Vec::new();
    if !plan.iter().any(|p| p.2) {
        return Ok(out);
    }
    let Some(block) = op.regions().first().and_then(|r| r.blocks.first()) else { return Ok(out) };
    for def in &block.ops {
        let Some(&(_, k, _)) = plan.iter().find(|(s, _, memory)| *s == def.span && *memory) else { continue };
        let bad = || {
            err(def.span, "a reassociated memory reduction is not a load, this op and a store of one memref")
        };
        let r = *def.results.first().ok_or_else(bad)?;
        let store =
            block.ops.iter().find(|o| is_store(&o.name) && o.operands[0].value == r).ok_or_else(bad)?;
        let mem = store.operands.get(1).ok_or_else(bad)?.value;
        let load = block.ops.iter().find(|o| {
            is_load(&o.name)
                && o.operands.first().is_some_and(|m| m.value == mem)
                && def.operands.iter().any(|x| o.results.contains(&x.value))
        });
        let load = load.ok_or_else(bad)?;
        let Type::Float(kind) = file.ty(r) else { return Err(bad()) };
        let fmt = FloatFormat::of_kind(*kind);
        let (ident, f) = operation(&def.name, fmt)
            .ok_or_else(|| err(def.span, format!("'{}' cannot be reassociated", def.name)))?;
        let ident = Int::new(ident, fmt.width());
        out.push(Cell {
            load: load.span,
            store: store.span,
            init: None,
            p: vec![ident; k as usize],
            stored: None,
            fmt,
            op: f,
        });
    }
    Ok(out)
}

impl super::exec::Machine<'_> {
    /// A load at `at` of memory `m`, element `flat`, that read `v`: the partial `p0` if it
    /// is a reassociated cell's (the first one also takes the cell's initial value).
    pub(crate) fn cell_load(&mut self, at: Span, m: usize, flat: usize, v: Int) -> Int {
        match self.cells.iter_mut().rev().find(|c| c.load == at) {
            Some(c) => {
                c.init.get_or_insert((m, flat, v));
                c.p[0]
            }
            None => v,
        }
    }

    /// A store at `at` of `v`: noted as the iteration's new partial if it is a cell's.
    pub(crate) fn cell_store(&mut self, at: Span, v: Int) {
        if let Some(c) = self.cells.iter_mut().rev().find(|c| c.store == at) {
            c.stored = Some(v);
        }
    }

    /// After an iteration: shifts the partials of the cells from `base` on.
    pub(crate) fn step_cells(&mut self, base: usize, at: Span) -> Result<(), Diagnostic> {
        for c in &mut self.cells[base..] {
            let y = c.stored.take().ok_or_else(|| err(at, "a reassociated memory cell was not stored"))?;
            c.p.remove(0);
            c.p.push(y);
        }
        Ok(())
    }

    /// After the loop: writes each cell's tree (cells from `base` on) and drops them.
    pub(crate) fn finish_cells(&mut self, base: usize) {
        for c in self.cells.split_off(base) {
            if let Some((m, flat, init)) = c.init {
                let v = tree(init, &c.p, c.fmt, c.op);
                self.mems[m].data[flat] = v.bits;
            }
        }
    }
}
