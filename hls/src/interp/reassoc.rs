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
        _ => return None,
    })
}

/// The reassociated accumulators of loop `op` under `plan` (source op span, partials),
/// with `iters` (its initial carried values) set to the identities.
pub(crate) fn start(
    file: &File,
    op: &Operation,
    plan: &[(Span, u32)],
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
        let Some(&(_, k)) = plan.iter().find(|(s, _)| *s == def.span) else { continue };
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
        let mut level: Vec<u64> = std::iter::once(a.init).chain(a.p).map(|v| v.bits).collect();
        while level.len() > 1 {
            level =
                level.chunks(2).map(|c| if let [x, y] = *c { (a.op)(a.fmt, x, y) } else { c[0] }).collect();
        }
        iters[a.index] = Value::Int(Int::new(level[0], a.fmt.width()));
    }
}
