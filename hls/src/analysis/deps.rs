//! Memory dependences between the accesses of one basic block.
//!
//! An address is analysed as a linear form `c + sum(k_i * v_i)` over IR values, following
//! additions, subtractions, multiplications by constants, shifts left by constants and
//! sign extensions of a single value or a constant; this is exact for affine accesses,
//! whose indices the lowering turned into exactly such arithmetic. Two accesses to one
//! memory, at least one a store, are ordered unless the dependence test
//! ([`super::deptest::may_meet`]) proves their addresses never equal in one execution of
//! the block: over the known ranges of the enclosing loops' induction variables, exactly
//! (GCD and bounds, closed form or a bounded enumeration), and conservatively where a
//! value's range is unknown.

use super::deptest::{may_meet, Domains};
use crate::ir::{BinOp, Func, OpId, OpKind, ValId};
use std::collections::{BTreeMap, HashMap};

/// `constant + sum(coefficient * value)`, wrapping at 64 bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinForm {
    /// The constant part.
    pub constant: i64,
    /// Coefficients by value (no zero entries).
    pub terms: BTreeMap<ValId, i64>,
}

impl LinForm {
    fn constant(c: i64) -> LinForm {
        LinForm { constant: c, terms: BTreeMap::new() }
    }
    fn var(v: ValId) -> LinForm {
        LinForm { constant: 0, terms: [(v, 1)].into_iter().collect() }
    }
    fn combine(&self, other: &LinForm, sign: i64) -> LinForm {
        let mut out = self.clone();
        out.constant = out.constant.wrapping_add(other.constant.wrapping_mul(sign));
        for (&v, &k) in &other.terms {
            let e = out.terms.entry(v).or_insert(0);
            *e = e.wrapping_add(k.wrapping_mul(sign));
            if *e == 0 {
                out.terms.remove(&v);
            }
        }
        out
    }
    fn scale(&self, k: i64) -> LinForm {
        if k == 0 {
            return LinForm::constant(0);
        }
        LinForm {
            constant: self.constant.wrapping_mul(k),
            terms: self.terms.iter().map(|(&v, &c)| (v, c.wrapping_mul(k))).collect(),
        }
    }
    fn as_const(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }
}

/// Computes linear forms of values on demand (memoized).
pub struct Linear<'f> {
    func: &'f Func,
    def: HashMap<ValId, OpId>,
    memo: HashMap<ValId, LinForm>,
}

impl<'f> Linear<'f> {
    /// An analysis over `func`.
    pub fn new(func: &'f Func) -> Linear<'f> {
        let def = func
            .ops
            .iter()
            .enumerate()
            .filter_map(|(i, op)| op.result.map(|r| (r, OpId(i as u32))))
            .collect();
        Linear { func, def, memo: HashMap::new() }
    }

    /// The linear form of `v` (a value that is not arithmetic on others is its own term).
    pub fn form(&mut self, v: ValId) -> LinForm {
        if let Some(f) = self.memo.get(&v) {
            return f.clone();
        }
        let f = self.compute(v);
        self.memo.insert(v, f.clone());
        f
    }

    fn compute(&mut self, v: ValId) -> LinForm {
        let Some(&op) = self.def.get(&v) else { return LinForm::var(v) };
        let op = self.func.op(op).clone();
        let w = self.func.width(v);
        match op.kind {
            OpKind::Const(c) => {
                // Sign-extend from the value's width.
                let c = if w < 64 { ((c << (64 - w)) as i64) >> (64 - w) } else { c as i64 };
                LinForm::constant(c)
            }
            OpKind::SExt => {
                // Followed only where the form is the operand's exact (signed) value: a
                // constant, sign-extended from the operand's width, or one value as is. A
                // narrow sum may wrap at its own width, which the extension makes visible.
                let from = self.func.width(op.operands[0]);
                let inner = self.form(op.operands[0]);
                match inner.as_const() {
                    Some(c) if from < 64 => LinForm::constant((c << (64 - from)) >> (64 - from)),
                    Some(c) => LinForm::constant(c),
                    None if inner.constant == 0 && inner.terms.values().eq([&1]) => inner,
                    None => LinForm::var(v),
                }
            }
            OpKind::Bin(b @ (BinOp::Add | BinOp::Sub)) => {
                let a = self.form(op.operands[0]);
                let c = self.form(op.operands[1]);
                a.combine(&c, if b == BinOp::Add { 1 } else { -1 })
            }
            OpKind::Bin(BinOp::Mul) => {
                let a = self.form(op.operands[0]);
                let c = self.form(op.operands[1]);
                match (a.as_const(), c.as_const()) {
                    (_, Some(k)) => a.scale(k),
                    (Some(k), _) => c.scale(k),
                    _ => LinForm::var(v),
                }
            }
            OpKind::Bin(BinOp::Shl) => {
                let a = self.form(op.operands[0]);
                match self.form(op.operands[1]).as_const() {
                    Some(k @ 0..=30) => a.scale(1 << k),
                    _ => LinForm::var(v),
                }
            }
            _ => LinForm::var(v),
        }
    }
}

/// An ordering constraint between two memory accesses of one block (`from` before `to`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemDep {
    /// The earlier access (in program order).
    pub from: OpId,
    /// The later access.
    pub to: OpId,
    /// Cycles `to` must start after `from` (1: a read after a write sees the write only a
    /// cycle later; 0: a write after a read may share the cycle, the read sees the old value).
    pub distance: u32,
}

/// The memory dependences among `ops` (in program order).
pub fn mem_deps(func: &Func, ops: &[OpId]) -> Vec<MemDep> {
    let mut lin = Linear::new(func);
    let dom = Domains::new(func);
    let mut out = Vec::new();
    let access = |id: OpId| match func.op(id).kind {
        OpKind::Load(m) => Some((m, false)),
        OpKind::Store(m) => Some((m, true)),
        _ => None,
    };
    for (i, &a) in ops.iter().enumerate() {
        let Some((ma, wa)) = access(a) else { continue };
        for &b in &ops[i + 1..] {
            let Some((mb, wb)) = access(b) else { continue };
            if ma != mb || !(wa || wb) {
                continue;
            }
            let fa = dom.canonical(&lin.form(func.op(a).operands[0]));
            let fb = dom.canonical(&lin.form(func.op(b).operands[0]));
            if !may_meet(&fa, &fb, |v| dom.seq(v)) {
                continue;
            }
            let distance = if wa { 1 } else { 0 };
            out.push(MemDep { from: a, to: b, distance });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{MemKind, Memory, Param};
    use mlir_text::Span;

    #[test]
    fn affine_addresses_are_exact_others_conservative() {
        let mut f = Func::default();
        f.mems.push(Memory {
            name: "A".into(),
            elems: 64,
            width: 32,
            kind: MemKind::Port,
            span: Span::default(),
        });
        let m = crate::ir::MemId(0);
        let i = f.new_value(32, None);
        f.params.push(Param::Scalar { name: "i".into(), val: i });
        let s = Span::default();
        let c1 = f.new_value(32, None);
        f.new_op(OpKind::Const(1), vec![], Some(c1), s);
        let ip1 = f.new_value(32, None);
        f.new_op(OpKind::Bin(BinOp::Add), vec![i, c1], Some(ip1), s);
        let sq = f.new_value(32, None);
        f.new_op(OpKind::Bin(BinOp::Mul), vec![i, i], Some(sq), s);
        let x = f.new_value(32, None);
        let load_i = f.new_op(OpKind::Load(m), vec![i], Some(x), s);
        let store_ip1 = f.new_op(OpKind::Store(m), vec![ip1, x], None, s);
        let store_i = f.new_op(OpKind::Store(m), vec![i, x], None, s);
        let y = f.new_value(32, None);
        let load_sq = f.new_op(OpKind::Load(m), vec![sq], Some(y), s);
        let deps = mem_deps(&f, &[load_i, store_ip1, store_i, load_sq]);
        let pairs: Vec<(OpId, OpId, u32)> = deps.iter().map(|d| (d.from, d.to, d.distance)).collect();
        // A[i] vs A[i+1]: never equal. A[i] read then written: same cycle allowed.
        assert!(!pairs.iter().any(|p| p.0 == load_i && p.1 == store_ip1));
        assert!(pairs.contains(&(load_i, store_i, 0)));
        // A[i*i] is not affine: ordered after both writes, a cycle later.
        assert!(pairs.contains(&(store_ip1, load_sq, 1)));
        assert!(pairs.contains(&(store_i, load_sq, 1)));
        // Two reads never depend on each other.
        assert!(!pairs.iter().any(|p| p.0 == load_i && p.1 == load_sq));
    }

    #[test]
    fn loop_ranges_decide_different_coefficients() {
        use crate::ir::Item;
        for (ub, meet) in [(8, false), (16, false), (17, true)] {
            let f = crate::ir::lower_first(&format!(
                "func.func @k(%a: memref<64xi32>) {{
  affine.for %i = 0 to {ub} {{
    %v = affine.load %a[%i] : memref<64xi32>
    affine.store %v, %a[2 * %i] : memref<64xi32>
    %w = affine.load %a[%i + 16] : memref<64xi32>
    affine.store %w, %a[%i + 40] : memref<64xi32>
  }}
  return
}}"
            ));
            let l =
                f.body.items.iter().find_map(|i| if let Item::For(l) = i { Some(l) } else { None }).unwrap();
            let ops: Vec<OpId> = l
                .body
                .items
                .iter()
                .filter_map(|i| if let Item::Op(o) = i { Some(*o) } else { None })
                .collect();
            let mem: Vec<OpId> = ops
                .iter()
                .copied()
                .filter(|&o| matches!(f.op(o).kind, OpKind::Load(_) | OpKind::Store(_)))
                .collect();
            let [ld_i, st_2i, ld_16, st_40] = mem[..] else { panic!("{mem:?}") };
            let pairs: Vec<(OpId, OpId)> = mem_deps(&f, &ops).iter().map(|d| (d.from, d.to)).collect();
            // a[i] read, then written at a[2i]: equal at i = 0.
            assert!(pairs.contains(&(ld_i, st_2i)), "{ub}");
            // a[2i] written, then a[i + 16] read: equal at i = 16, inside 0..17 only.
            assert_eq!(pairs.contains(&(st_2i, ld_16)), meet, "{ub}");
            // a[i + 40] (40..57) against a[2i] (0..33) and a[i + 16] (16..33): never.
            assert!(!pairs.contains(&(st_2i, st_40)) && !pairs.contains(&(ld_16, st_40)), "{ub}");
        }
    }

    #[test]
    fn sign_extension_is_followed_only_where_exact() {
        let mut f = Func::default();
        let s = Span::default();
        let x = f.new_value(16, None);
        f.params.push(Param::Scalar { name: "x".into(), val: x });
        let one = f.new_value(16, None);
        f.new_op(OpKind::Const(1), vec![], Some(one), s);
        let sum = f.new_value(16, None);
        f.new_op(OpKind::Bin(BinOp::Add), vec![x, one], Some(sum), s);
        let ext_sum = f.new_value(32, None);
        f.new_op(OpKind::SExt, vec![sum], Some(ext_sum), s);
        let ext_x = f.new_value(32, None);
        f.new_op(OpKind::SExt, vec![x], Some(ext_x), s);
        let big = f.new_value(16, None);
        f.new_op(OpKind::Const(0x7fff), vec![], Some(big), s);
        let wrapped = f.new_value(16, None);
        f.new_op(OpKind::Bin(BinOp::Add), vec![big, one], Some(wrapped), s);
        let ext_wrapped = f.new_value(32, None);
        f.new_op(OpKind::SExt, vec![wrapped], Some(ext_wrapped), s);
        let mut lin = Linear::new(&f);
        // sext(x + 1) is not sext(x) + 1 at x = 0x7fff: the sum is a value of its own.
        assert_eq!(lin.form(ext_sum), LinForm::var(ext_sum));
        assert_eq!(lin.form(ext_x), LinForm::var(x));
        // 0x7fff + 1 wraps to -32768 at 16 bits.
        assert_eq!(lin.form(ext_wrapped), LinForm::constant(-32768));
    }
}
