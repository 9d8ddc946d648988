//! Affine maps and integer sets of an op's attributes, evaluated on operand values.
//!
//! Parsing is `mlir_text::affine`'s; here an op's attribute is found, parsed (with an error
//! at the attribute when it is malformed), and evaluated with the op's operands split into
//! dimensions and symbols as the map declares them (dimensions first, as MLIR passes them).
//!
//! Evaluation is at the width of `index`, 32 bits (SPEC section 4: "arithmetic on it wraps
//! as i32 does"): every `+` and `*` wraps to i32, and `floordiv`, `ceildiv` and `mod` are
//! the exact results of their (wrapped) i32 operands. So `(d0 * 3) mod 5` at `d0 = 2^30` is
//! `-2^30 mod 5 = 1`, as mlir-cpu-runner computes with a 32-bit index
//! (`index-bitwidth=32`) and as the circuit does; evaluating the map in i64 gave 2.

use super::err;
use mlir_text::affine::{self as am, AffineExpr, AffineMap, IntegerSet};
use mlir_text::{Attr, Diagnostic, Operation, Span};

fn attr_span(op: &Operation, name: &str) -> Span {
    op.named_attr(name).map(|a| a.span).unwrap_or(op.name_span)
}

/// The affine map in attribute `name` of `op`.
pub(crate) fn map_attr(op: &Operation, name: &str) -> Result<AffineMap, Diagnostic> {
    match op.attr(name) {
        Some(Attr::AffineMap(text)) => {
            AffineMap::parse(text).map_err(|e| err(attr_span(op, name), format!("bad affine map: {e}")))
        }
        _ => Err(err(op.span, format!("'{}' needs an affine map '{name}'", op.name))),
    }
}

/// The integer set in attribute `name` of `op`.
pub(crate) fn set_attr(op: &Operation, name: &str) -> Result<IntegerSet, Diagnostic> {
    match op.attr(name) {
        Some(Attr::AffineSet(text)) => {
            IntegerSet::parse(text).map_err(|e| err(attr_span(op, name), format!("bad integer set: {e}")))
        }
        _ => Err(err(op.span, format!("'{}' needs an integer set '{name}'", op.name))),
    }
}

fn split(dims: u32, syms: u32, operands: &[i64], at: Span) -> Result<(&[i64], &[i64]), Diagnostic> {
    let (d, s) = (dims as usize, syms as usize);
    if operands.len() != d + s {
        return Err(err(
            at,
            format!("the map takes {d} dimensions and {s} symbols, {} operands given", operands.len()),
        ));
    }
    Ok(operands.split_at(d))
}

/// `v` wrapped to a 32-bit `index` (sign-extended).
fn wrap(v: i64) -> i64 {
    i64::from(v as i32)
}

/// `e` at 32-bit index width: `+` and `*` wrap, divisions are exact on their operands
/// (a division by zero, which the parser never builds, gives 0).
fn eval32(e: &AffineExpr, dims: &[i64], syms: &[i64]) -> i64 {
    use AffineExpr::*;
    let bin = |a: &AffineExpr, b: &AffineExpr| (eval32(a, dims, syms), eval32(b, dims, syms));
    match e {
        Dim(i) => wrap(dims[*i as usize]),
        Sym(i) => wrap(syms[*i as usize]),
        Const(c) => wrap(*c),
        Add(a, b) => {
            let (x, y) = bin(a, b);
            wrap(x + y)
        }
        Mul(a, b) => {
            let (x, y) = bin(a, b);
            wrap(x * y)
        }
        FloorDiv(a, b) | CeilDiv(a, b) | Mod(a, b) => {
            let (x, y) = bin(a, b);
            if y == 0 {
                return 0;
            }
            wrap(match e {
                FloorDiv(..) => am::floor_div(x, y),
                CeilDiv(..) => am::ceil_div(x, y),
                _ => am::modulo(x, y),
            })
        }
    }
}

/// The map's results at `operands` (dimensions, then symbols), at 32-bit index width.
pub(crate) fn eval_map(map: &AffineMap, operands: &[i64], at: Span) -> Result<Vec<i64>, Diagnostic> {
    let (d, s) = split(map.num_dims, map.num_syms, operands, at)?;
    Ok(map.results.iter().map(|e| eval32(e, d, s)).collect())
}

/// Whether `operands` (dimensions, then symbols) are in the set, each constraint's
/// expression evaluated at 32-bit index width.
pub(crate) fn eval_set(set: &IntegerSet, operands: &[i64], at: Span) -> Result<bool, Diagnostic> {
    let (d, s) = split(set.num_dims, set.num_syms, operands, at)?;
    Ok(set.constraints.iter().all(|c| {
        let v = eval32(&c.expr, d, s);
        if c.is_eq {
            v == 0
        } else {
            v >= 0
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_arithmetic_wraps_at_32_bits() {
        let m = AffineMap::parse("(d0) -> ((d0 * 3) mod 5, (d0 * 3) floordiv 5, d0 + 2147483647)").unwrap();
        let at = Span::default();
        // 3 * 2^30 wraps to -2^30: mod 5 is 1 (i64 evaluation: 2), floordiv 5 is -214748365.
        assert_eq!(eval_map(&m, &[1 << 30], at).unwrap(), vec![1, -214748365, -1073741825]);
        // mlir-cpu-runner with a 32-bit index on 1431655766 and -1431655765: 2 and 1.
        assert_eq!(eval_map(&m, &[1431655766], at).unwrap()[0], 2);
        assert_eq!(eval_map(&m, &[-1431655765], at).unwrap()[0], 1);
        // Small values are unchanged.
        assert_eq!(eval_map(&m, &[7], at).unwrap(), vec![1, 4, 2147483647 + 7 - (1 << 32)]);
        let s = IntegerSet::parse("(d0) : (d0 * 2 - 1 >= 0)").unwrap();
        // (2^30 + 1) * 2 wraps to -2^31 + 2, minus 1 is negative: outside the set (an i64
        // evaluation says inside); 2^30 * 2 - 1 wraps twice, to 2^31 - 1: inside.
        assert!(!eval_set(&s, &[(1 << 30) + 1], at).unwrap());
        assert!(eval_set(&s, &[1 << 30], at).unwrap());
        assert!(eval_set(&s, &[5], at).unwrap());
    }
}
