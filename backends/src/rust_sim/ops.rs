//! Rust expressions for each cell kind, with SPEC section 3's exact meaning.
//!
//! A value of width `w` lives in the smallest native unsigned integer (`u8` ..= `u128`) or,
//! above 128 bits, in `[u64; N]` handled by the runtime (`rt::`). Native results are masked
//! only where an operation can set bits above the width (add, sub, mul, shl, inv, the
//! negated variadics, signed division after sign extension); concat, extract and replicate
//! are shifts, masks and one multiplication; nothing loops over bits at run time.

use comb::{Bits, CellKind, IcmpPred};
use std::fmt::Write;

/// Storage type of a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ty {
    /// Native unsigned integer of this many bits (8, 16, 32, 64, 128).
    N(u32),
    /// `[u64; n]`.
    W(usize),
}

impl Ty {
    /// The type for a width.
    pub fn of(w: u32) -> Ty {
        match w {
            0..=8 => Ty::N(8),
            9..=16 => Ty::N(16),
            17..=32 => Ty::N(32),
            33..=64 => Ty::N(64),
            65..=128 => Ty::N(128),
            _ => Ty::W((w as usize).div_ceil(64)),
        }
    }
    /// The Rust type.
    pub fn name(self) -> String {
        match self {
            Ty::N(b) => format!("u{b}"),
            Ty::W(n) => format!("[u64; {n}]"),
        }
    }
    /// A short key for field names (`u8`, `w3`).
    pub fn key(self) -> String {
        match self {
            Ty::N(b) => format!("u{b}"),
            Ty::W(n) => format!("w{n}"),
        }
    }
    /// The zero value.
    pub fn zero(self) -> String {
        match self {
            Ty::N(_) => "0".into(),
            Ty::W(n) => format!("[0u64; {n}]"),
        }
    }
}

/// A literal of the value's storage type.
pub fn lit(b: &Bits) -> String {
    match Ty::of(b.width()) {
        Ty::N(t) => format!("{:#x}u{t}", b.to_u128()),
        Ty::W(n) => {
            let words: Vec<String> = (0..n).map(|i| format!("{:#x}u64", b.words()[i])).collect();
            format!("[{}]", words.join(", "))
        }
    }
}

/// Static tables the expressions refer to (emitted once into the logic file).
#[derive(Default)]
pub struct Tables {
    /// `static` item definitions.
    pub items: String,
    count: usize,
}

impl Tables {
    fn add(&mut self, ty: &str, len: usize, body: &str) -> String {
        let name = format!("TBL{}", self.count);
        self.count += 1;
        let _ = writeln!(self.items, "static {name}: [{ty}; {len}] = [{body}];");
        name
    }
}

fn mask_lit(w: u32, t: u32) -> Option<String> {
    (w < t).then(|| format!("{:#x}u{t}", (1u128 << w) - 1))
}

fn masked(e: String, w: u32, t: u32) -> String {
    match mask_lit(w, t) {
        Some(m) => format!("(({e}) & {m})"),
        None => e,
    }
}

/// Sign extension of a native `w`-bit value to `i{t}`.
fn sext(x: &str, w: u32, t: u32) -> String {
    if w == t {
        format!("(({x}) as i{t})")
    } else {
        format!("((({x}) as i{t}) << {s} >> {s})", s = t - w)
    }
}

fn fold(ops: &[(String, u32)], f: impl Fn(&str, &str) -> String) -> String {
    let mut e = ops[0].0.clone();
    for (o, _) in &ops[1..] {
        e = f(&e, o);
    }
    e
}

/// The expression computing a cell of kind `kind` and width `w` from its operands
/// (reference expression, width). Inputs, constants and registers are not handled here.
pub fn expr(kind: &CellKind, w: u32, ops: &[(String, u32)], tables: &mut Tables) -> Result<String, String> {
    use CellKind::*;
    let ty = Ty::of(w);
    let o = |i: usize| -> Result<&str, String> {
        ops.get(i).map(|x| x.0.as_str()).ok_or_else(|| format!("'{}' lacks operand {i}", kind.op_name()))
    };
    if kind.is_variadic_same_width() && ops.is_empty() {
        return Err(format!("'{}' without operands", kind.op_name()));
    }
    let e = match (ty, kind) {
        (_, Mux) => format!("if {} != 0 {{ {} }} else {{ {} }}", o(0)?, o(1)?, o(2)?),
        (_, Icmp(p)) => icmp(*p, o(0)?, o(1)?, ops[1].1),
        (_, Parity) => match Ty::of(ops[0].1) {
            Ty::N(_) => format!("(({}).count_ones() & 1) as u8", o(0)?),
            Ty::W(_) => format!("rt::parity(&{})", o(0)?),
        },
        (_, Extract { low }) => extract(o(0)?, ops[0].1, *low, w),
        (_, Concat) => concat(ops, w),
        (_, Replicate) => replicate(o(0)?, ops[0].1, w),
        (_, TruthTable(t)) => truth_table(ops, t, tables),
        (_, Lut { coefficients, table }) => lut(ops, coefficients, table, ty, tables),
        (Ty::N(t), k) => native(k, w, t, ops)?,
        (Ty::W(_), k) => wide(k, w, ops)?,
    };
    Ok(e)
}

fn native(kind: &CellKind, w: u32, t: u32, ops: &[(String, u32)]) -> Result<String, String> {
    use CellKind::*;
    let (a, b) = (ops[0].0.as_str(), ops.get(1).map(|x| x.0.as_str()).unwrap_or(""));
    Ok(match kind {
        And => fold(ops, |x, y| format!("{x} & {y}")),
        Or => fold(ops, |x, y| format!("{x} | {y}")),
        Xor => fold(ops, |x, y| format!("{x} ^ {y}")),
        Nand => masked(format!("!({})", fold(ops, |x, y| format!("{x} & {y}"))), w, t),
        Nor => masked(format!("!({})", fold(ops, |x, y| format!("{x} | {y}"))), w, t),
        Xnor => masked(format!("!({})", fold(ops, |x, y| format!("{x} ^ {y}"))), w, t),
        Add => masked(fold(ops, |x, y| format!("({x}).wrapping_add({y})")), w, t),
        Mul => masked(fold(ops, |x, y| format!("({x}).wrapping_mul({y})")), w, t),
        Sub => masked(format!("({a}).wrapping_sub({b})"), w, t),
        DivU => format!("({a}).checked_div({b}).unwrap_or(0)"),
        ModU => format!("({a}).checked_rem({b}).unwrap_or(0)"),
        DivS | ModS => {
            let op = if *kind == DivS { "wrapping_div" } else { "wrapping_rem" };
            format!(
                "{{ let dv_ = {}; if dv_ == 0 {{ 0 }} else {{ {} }} }}",
                sext(b, w, t),
                masked(format!("{}.{op}(dv_) as u{t}", sext(a, w, t)), w, t)
            )
        }
        Shl => format!(
            "{{ let sh_ = {b}; if sh_ >= {w} {{ 0 }} else {{ {} }} }}",
            masked(format!("({a}).wrapping_shl(sh_ as u32)"), w, t)
        ),
        ShrU => format!("{{ let sh_ = {b}; if sh_ >= {w} {{ 0 }} else {{ ({a}) >> sh_ }} }}"),
        ShrS => format!(
            "{{ let sh_: u32 = if {b} >= {m1} {{ {m1} }} else {{ ({b}) as u32 }}; {} }}",
            masked(format!("({} >> sh_) as u{t}", sext(a, w, t)), w, t),
            m1 = w - 1
        ),
        Inv => masked(format!("!({a})"), w, t),
        Reverse => format!("(({a}).reverse_bits() >> {})", t - w),
        k => return Err(format!("'{}' cannot be compiled as a value", k.op_name())),
    })
}

fn wide(kind: &CellKind, w: u32, ops: &[(String, u32)]) -> Result<String, String> {
    use CellKind::*;
    let (a, b) = (ops[0].0.as_str(), ops.get(1).map(|x| x.0.as_str()).unwrap_or(""));
    let f = |name: &str| fold(ops, |x, y| format!("rt::{name}({x}, {y})"));
    let fw = |name: &str| fold(ops, |x, y| format!("rt::{name}({x}, {y}, {w})"));
    Ok(match kind {
        And => f("and"),
        Or => f("or"),
        Xor => f("xor"),
        Nand => format!("rt::not({}, {w})", f("and")),
        Nor => format!("rt::not({}, {w})", f("or")),
        Xnor => format!("rt::not({}, {w})", f("xor")),
        Add => fw("add"),
        Mul => fw("mul"),
        Sub => format!("rt::sub({a}, {b}, {w})"),
        DivU => format!("rt::divu({a}, {b})"),
        ModU => format!("rt::modu({a}, {b})"),
        DivS => format!("rt::divs({a}, {b}, {w})"),
        ModS => format!("rt::mods({a}, {b}, {w})"),
        Shl => format!("rt::shl({a}, &{b}, {w})"),
        ShrU => format!("rt::shru({a}, &{b}, {w})"),
        ShrS => format!("rt::shrs({a}, &{b}, {w})"),
        Inv => format!("rt::not({a}, {w})"),
        Reverse => format!("rt::reverse({a}, {w})"),
        k => return Err(format!("'{}' cannot be compiled as a value", k.op_name())),
    })
}

fn icmp(p: IcmpPred, a: &str, b: &str, w: u32) -> String {
    use IcmpPred::*;
    let e = match (Ty::of(w), p) {
        (_, Eq | Ceq | Weq) => format!("{a} == {b}"),
        (_, Ne | Cne | Wne) => format!("{a} != {b}"),
        (Ty::N(_), Ult) => format!("{a} < {b}"),
        (Ty::N(_), Ule) => format!("{a} <= {b}"),
        (Ty::N(_), Ugt) => format!("{a} > {b}"),
        (Ty::N(_), Uge) => format!("{a} >= {b}"),
        (Ty::N(t), Slt) => format!("{} < {}", sext(a, w, t), sext(b, w, t)),
        (Ty::N(t), Sle) => format!("{} <= {}", sext(a, w, t), sext(b, w, t)),
        (Ty::N(t), Sgt) => format!("{} > {}", sext(a, w, t), sext(b, w, t)),
        (Ty::N(t), Sge) => format!("{} >= {}", sext(a, w, t), sext(b, w, t)),
        (Ty::W(_), Ult) => format!("rt::ult(&{a}, &{b})"),
        (Ty::W(_), Ule) => format!("!rt::ult(&{b}, &{a})"),
        (Ty::W(_), Ugt) => format!("rt::ult(&{b}, &{a})"),
        (Ty::W(_), Uge) => format!("!rt::ult(&{a}, &{b})"),
        (Ty::W(_), Slt) => format!("rt::slt(&{a}, &{b}, {w})"),
        (Ty::W(_), Sle) => format!("!rt::slt(&{b}, &{a}, {w})"),
        (Ty::W(_), Sgt) => format!("rt::slt(&{b}, &{a}, {w})"),
        (Ty::W(_), Sge) => format!("!rt::slt(&{a}, &{b}, {w})"),
    };
    format!("({e}) as u8")
}

fn extract(a: &str, wa: u32, low: u32, w: u32) -> String {
    match (Ty::of(wa), Ty::of(w)) {
        (Ty::N(_), Ty::N(t)) => {
            let shifted = if low == 0 { a.to_string() } else { format!("(({a}) >> {low})") };
            masked(format!("{shifted} as u{t}"), w, t)
        }
        (Ty::W(_), Ty::N(t)) => masked(format!("rt::ext_u128(&{a}, {low}) as u{t}"), w, t),
        (_, Ty::W(n)) => format!("rt::ext::<{n}>(&{a}, {low}, {w})"),
    }
}

fn concat(ops: &[(String, u32)], w: u32) -> String {
    let mut off = w;
    match Ty::of(w) {
        Ty::N(t) => {
            let parts: Vec<String> = ops
                .iter()
                .map(|(x, ow)| {
                    off -= ow;
                    if off == 0 {
                        format!("(({x}) as u{t})")
                    } else {
                        format!("((({x}) as u{t}) << {off})")
                    }
                })
                .collect();
            parts.join(" | ")
        }
        Ty::W(n) => {
            let mut s = format!("{{ let mut acc_ = [0u64; {n}]; ");
            for (x, ow) in ops {
                off -= ow;
                match Ty::of(*ow) {
                    Ty::N(_) => {
                        let _ = write!(s, "rt::or_at_u128(&mut acc_, {off}, ({x}) as u128); ");
                    }
                    Ty::W(_) => {
                        let _ = write!(s, "rt::or_at(&mut acc_, {off}, &{x}); ");
                    }
                }
            }
            s.push_str("acc_ }");
            s
        }
    }
}

fn replicate(a: &str, n: u32, w: u32) -> String {
    let k = w / n.max(1);
    match Ty::of(w) {
        Ty::N(t) => {
            if k == 1 {
                return format!("(({a}) as u{t})");
            }
            let mut pat: u128 = 0;
            for i in 0..k {
                pat |= 1u128 << (i * n);
            }
            format!("(({a}) as u{t}).wrapping_mul({pat:#x})")
        }
        Ty::W(nw) => match Ty::of(n) {
            Ty::N(_) => format!("rt::rep::<{nw}>(&rt::from_u128::<2>(({a}) as u128), {n}, {k})"),
            Ty::W(_) => format!("rt::rep::<{nw}>(&{a}, {n}, {k})"),
        },
    }
}

fn truth_table(ops: &[(String, u32)], t: &Bits, tables: &mut Tables) -> String {
    let n = ops.len() as u32;
    let idx = if ops.is_empty() {
        "0usize".to_string()
    } else {
        let parts: Vec<String> = ops
            .iter()
            .enumerate()
            .map(|(i, (x, _))| format!("((({x}) as usize) << {})", n - 1 - i as u32))
            .collect();
        parts.join(" | ")
    };
    if t.width() <= 128 {
        format!("((({:#x}u128) >> ({idx})) & 1) as u8", t.to_u128())
    } else {
        let body: Vec<String> = t.words().iter().map(|w| format!("{w:#x}")).collect();
        let name = tables.add("u64", body.len(), &body.join(", "));
        format!("{{ let ix_ = {idx}; (({name}[ix_ >> 6] >> (ix_ & 63)) & 1) as u8 }}")
    }
}

fn lut(ops: &[(String, u32)], coefs: &[u8], table: &[Bits], ty: Ty, tables: &mut Tables) -> String {
    let mut idx = "0u8".to_string();
    for ((x, w), c) in ops.iter().zip(coefs) {
        if *c == 0 {
            continue;
        }
        let low = match Ty::of(*w) {
            Ty::N(_) => format!("(({x}) as u8)"),
            Ty::W(_) => format!("({x}[0] as u8)"),
        };
        idx = format!("{idx}.wrapping_add({low}.wrapping_mul({c}))");
    }
    let body: Vec<String> = table.iter().map(lit).collect();
    let name = tables.add(&ty.name(), table.len(), &body.join(", "));
    format!("{name}[({idx}) as usize % {}]", table.len())
}
