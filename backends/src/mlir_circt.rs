//! The cells CIRCT's comb dialect has no op for, spelled in ops it has (`--dialect circt`).
//!
//! CIRCT (1.62, the PyPI `circt` package the tests run) has no `comb.inv`, `comb.nand`,
//! `comb.nor`, `comb.xnor`, `comb.reverse` or `comb.lut`, and writes a truth table as an
//! array of booleans. So, inside an `hw.module` printed for CIRCT:
//! - `inv x` is `comb.xor x, -1` (CIRCT's own spelling of NOT; its export prints `~x`);
//! - `nand`/`nor`/`xnor` are `and`/`or`/`xor` into a helper value, then that NOT;
//! - `reverse x` is the concatenation of the bits of `x` from bit 0 up (bit 0 ends up most
//!   significant), each a one-bit `comb.extract`;
//! - `lut` is its definition: the 8-bit index `sum(c_i * x_i) mod 256` (each input's low 8
//!   bits, zero-extended when narrower), reduced modulo the table's length, then a chain of
//!   `comb.mux`es selecting the entry whose index equals it;
//! - `truth_table ... -> [b0, b1, ...]` with `b_i` the output for index `i`.
//!
//! Helper values get fresh names `%_c$N` ([`comb::build::is_helper_name`]); no value of the
//! netlist is printed under such a name ([`crate::value_names`] legalizes it), so the reader
//! takes exactly these for the spellings.
//! [`lower_generic`] writes the same spellings of NOT, NAND/NOR/XNOR and reversal in the
//! generic form.

use comb::{Bits, CellKind};
use std::collections::HashSet;

/// Fresh value names for the helper values of one module.
pub(crate) struct Fresh {
    used: HashSet<String>,
    next: u32,
}

impl Fresh {
    /// Fresh names avoiding every name in `used`.
    pub(crate) fn new(used: impl IntoIterator<Item = String>) -> Fresh {
        Fresh { used: used.into_iter().collect(), next: 0 }
    }

    /// A name no other value of the module has.
    pub(crate) fn take(&mut self) -> String {
        loop {
            let n = format!("%_c${}", self.next);
            self.next += 1;
            if self.used.insert(n.clone()) {
                return n;
            }
        }
    }
}

/// What the lowering needs of one cell.
pub(crate) struct CellText<'a> {
    /// The result's reference (`%y`).
    pub r: &'a str,
    /// The kind.
    pub kind: &'a CellKind,
    /// The operands' references.
    pub ops: &'a [&'a str],
    /// The operands' widths.
    pub op_widths: &'a [u32],
    /// The result width.
    pub width: u32,
    /// `bin ` when the cell is two-state, else empty.
    pub bin: &'a str,
}

fn constant(out: &mut Vec<String>, fresh: &mut Fresh, value: &Bits) -> String {
    let c = fresh.take();
    let v = if value.width() == 1 {
        (if value.bit(0) { "true" } else { "false" }).to_string()
    } else {
        format!("{} : i{}", value.to_signed_decimal(), value.width())
    };
    out.push(format!("{c} = hw.constant {v}"));
    c
}

/// The truth table as CIRCT's array attribute.
pub(crate) fn truth_table_array(t: &Bits) -> String {
    let bits: Vec<&str> = (0..t.width()).map(|i| if t.bit(i) { "true" } else { "false" }).collect();
    format!("[{}]", bits.join(", "))
}

/// The op NAND, NOR or XNOR negates (`and`, `or`, `xor`).
fn negated_base(kind: &CellKind) -> &'static str {
    match kind {
        CellKind::Nand => "and",
        CellKind::Nor => "or",
        _ => "xor",
    }
}

/// The lines for a cell in CIRCT's spelling, or `None` if the ordinary form is CIRCT's.
pub(crate) fn lower(c: &CellText, fresh: &mut Fresh) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let (r, w, bin) = (c.r, c.width, c.bin);
    match c.kind {
        CellKind::Inv => {
            let ones = constant(&mut out, fresh, &Bits::ones(w));
            out.push(format!("{r} = comb.xor {bin}{}, {ones} : i{w}", c.ops[0]));
        }
        CellKind::Nand | CellKind::Nor | CellKind::Xnor => {
            let base = negated_base(c.kind);
            let t = fresh.take();
            out.push(format!("{t} = comb.{base} {bin}{} : i{w}", c.ops.join(", ")));
            let ones = constant(&mut out, fresh, &Bits::ones(w));
            out.push(format!("{r} = comb.xor {bin}{t}, {ones} : i{w}"));
        }
        CellKind::Reverse => {
            let bits: Vec<String> = (0..w)
                .map(|i| {
                    let b = fresh.take();
                    out.push(format!("{b} = comb.extract {} from {i} : (i{w}) -> i1", c.ops[0]));
                    b
                })
                .collect();
            let tys = vec!["i1"; bits.len()].join(", ");
            out.push(format!("{r} = comb.concat {} : {tys}", bits.join(", ")));
        }
        CellKind::TruthTable(t) => {
            out.push(format!("{r} = comb.truth_table {} -> {}", c.ops.join(", "), truth_table_array(t)));
        }
        CellKind::Lut { coefficients, table } => lut(c, coefficients, table, fresh, &mut out),
        _ => return None,
    }
    Some(out)
}

/// The generic form of the same spellings for NOT, NAND/NOR/XNOR and bit reversal (cell `c`,
/// result reference `r`, operand references `ops`, result type `ty`), or `None` if the
/// ordinary generic op is CIRCT's.
pub(crate) fn lower_generic(
    c: &comb::Cell,
    r: &str,
    ops: &[&str],
    ty: &str,
    fresh: &mut Fresh,
) -> Option<Vec<String>> {
    let w = c.width;
    let two = if c.two_state { " {twoState}" } else { "" };
    let mut lines = Vec::new();
    let not = |lines: &mut Vec<String>, x: &str, fresh: &mut Fresh| {
        let ones = fresh.take();
        let v = if w == 1 { "true".to_string() } else { format!("-1 : {ty}") };
        lines.push(format!("{ones} = \"hw.constant\"() {{value = {v}}} : () -> {ty}"));
        lines.push(format!("{r} = \"comb.xor\"({x}, {ones}){two} : ({ty}, {ty}) -> {ty}"));
    };
    match &c.kind {
        CellKind::Inv => not(&mut lines, ops[0], fresh),
        CellKind::Nand | CellKind::Nor | CellKind::Xnor => {
            let base = negated_base(&c.kind);
            let t = fresh.take();
            let tys = vec![ty; ops.len()].join(", ");
            lines.push(format!("{t} = \"comb.{base}\"({}){two} : ({tys}) -> {ty}", ops.join(", ")));
            not(&mut lines, &t, fresh);
        }
        CellKind::Reverse => {
            let bits: Vec<String> = (0..w)
                .map(|i| {
                    let b = fresh.take();
                    lines.push(format!(
                        "{b} = \"comb.extract\"({}) {{lowBit = {i} : i32}} : ({ty}) -> i1",
                        ops[0]
                    ));
                    b
                })
                .collect();
            let tys = vec!["i1"; bits.len()].join(", ");
            lines.push(format!("{r} = \"comb.concat\"({}) : ({tys}) -> {ty}", bits.join(", ")));
        }
        _ => return None,
    }
    Some(lines)
}

fn lut(c: &CellText, coefficients: &[u8], table: &[Bits], fresh: &mut Fresh, out: &mut Vec<String>) {
    let w = c.width;
    let mut sum: Option<String> = None;
    for ((&x, &xw), &k) in c.ops.iter().zip(c.op_widths).zip(coefficients) {
        if k == 0 {
            continue;
        }
        let low8 = match xw {
            8 => x.to_string(),
            n if n > 8 => {
                let e = fresh.take();
                out.push(format!("{e} = comb.extract {x} from 0 : (i{n}) -> i8"));
                e
            }
            n => {
                let z = constant(out, fresh, &Bits::zero(8 - n));
                let e = fresh.take();
                out.push(format!("{e} = comb.concat {z}, {x} : i{}, i{n}", 8 - n));
                e
            }
        };
        let term = if k == 1 {
            low8
        } else {
            let kc = constant(out, fresh, &Bits::from_u64(k as u64, 8));
            let t = fresh.take();
            out.push(format!("{t} = comb.mul {low8}, {kc} : i8"));
            t
        };
        sum = Some(match sum {
            None => term,
            Some(s) => {
                let t = fresh.take();
                out.push(format!("{t} = comb.add {s}, {term} : i8"));
                t
            }
        });
    }
    let sum = match sum {
        Some(s) => s,
        None => constant(out, fresh, &Bits::zero(8)),
    };
    let idx = if table.len() < 256 {
        let len = constant(out, fresh, &Bits::from_u64(table.len() as u64, 8));
        let t = fresh.take();
        out.push(format!("{t} = comb.modu {sum}, {len} : i8"));
        t
    } else {
        sum
    };
    let mut acc = constant(out, fresh, &table[0]);
    for (i, entry) in table.iter().enumerate().skip(1) {
        let k = constant(out, fresh, &Bits::from_u64(i as u64, 8));
        let hit = fresh.take();
        out.push(format!("{hit} = comb.icmp eq {idx}, {k} : i8"));
        let e = constant(out, fresh, entry);
        let last = i + 1 == table.len();
        let m = if last { c.r.to_string() } else { fresh.take() };
        out.push(format!("{m} = comb.mux {hit}, {e}, {acc} : i{w}"));
        acc = m;
    }
    if table.len() == 1 {
        out.push(format!("{} = comb.or {acc} : i{w}", c.r));
    }
}
