//! Op to cell kind: what each hardware op becomes, read from its generic shape
//! (`predicate`, `lowBit`, `lookupTable`, `coefficients`, `operandSegmentSizes`, ...).
//! Only what the op itself says is checked here; operands are checked when connected.

use super::{cell_name, Builder};
use crate::bits::Bits;
use crate::ids::ModuleId;
use crate::netlist::{CellKind, IcmpPred};
use mlir_text::{Attr, BigInt, Operation, Type};
use std::sync::Arc;

/// What one op becomes.
pub(crate) enum Plan {
    /// One cell driving the op's single result.
    Cell {
        /// The kind.
        kind: CellKind,
        /// Result width.
        width: u32,
        /// Cell name.
        name: Option<Arc<str>>,
    },
    /// An instance of a module, one `InstOutput` per result.
    Instance(ModuleId, std::sync::Arc<[crate::netlist::ParamValue]>),
    /// `hw.output` / `func.return`.
    Terminator,
    /// One cell per result (kind, width, name), for ops with several results.
    Cells(Vec<(CellKind, u32, Option<Arc<str>>)>),
}

fn int_of(a: &Attr) -> Option<i128> {
    match a {
        Attr::Int(v, _) => v.to_i128(),
        Attr::Bool(b) => Some(*b as i128),
        _ => None,
    }
}

/// The kind of the ops whose cell needs nothing but the op name (`comb.add`, `seq.to_clock`).
pub(crate) fn plain_kind(name: &str) -> Option<CellKind> {
    use CellKind::*;
    Some(match name {
        "comb.and" => And,
        "comb.or" => Or,
        "comb.xor" => Xor,
        "comb.nand" => Nand,
        "comb.nor" => Nor,
        "comb.xnor" => Xnor,
        "comb.add" => Add,
        "comb.mul" => Mul,
        "comb.sub" => Sub,
        "comb.divu" => DivU,
        "comb.divs" => DivS,
        "comb.modu" => ModU,
        "comb.mods" => ModS,
        "comb.shl" => Shl,
        "comb.shru" => ShrU,
        "comb.shrs" => ShrS,
        "comb.inv" => Inv,
        "comb.parity" => Parity,
        "comb.reverse" => Reverse,
        "comb.concat" => Concat,
        "comb.replicate" => Replicate,
        "comb.mux" => Mux,
        "seq.to_clock" => ToClock,
        "seq.from_clock" => FromClock,
        _ => return None,
    })
}

impl<'f> Builder<'f> {
    /// The width of the op's single result, or an error.
    fn single_result(&mut self, op: &Operation) -> Option<(u32, Option<Arc<str>>)> {
        if op.results.len() != 1 {
            self.error(
                op.span,
                format!("'{}' must have exactly one result, has {}", op.name, op.results.len()),
            );
            return None;
        }
        let v = self.file.value(op.results[0]);
        let name = cell_name(&v.name);
        match v.ty.strip_alias() {
            Type::Int { width, .. } => Some((*width, name)),
            Type::Clock if matches!(&*op.name, "seq.to_clock") => Some((1, name)),
            // Muxes and registers of hw aggregates hold them as flat bit vectors.
            ty if ty.is_bits()
                && matches!(&*op.name, "comb.mux" | "seq.compreg" | "seq.compreg.ce" | "seq.firreg") =>
            {
                Some((ty.bit_width().unwrap_or(0) as u32, name))
            }
            ty => {
                self.error(op.span, format!("result of '{}' must be an integer, got '{ty}'", op.name));
                None
            }
        }
    }

    /// Pass 1 for one op.
    pub(crate) fn plan(&mut self, op: &Operation) -> Option<Plan> {
        use CellKind::*;
        if let Some(p) = self.plan_unclocked(op) {
            return p; // a register on a constant clock (const_clock.rs)
        }
        let name = &*op.name;
        let simple = plain_kind(name);
        let kind = match (simple, name) {
            (Some(k), _) => k,
            (None, "hw.output" | "func.return") => return Some(Plan::Terminator),
            // Debug info (names of values): no cell; dropped from every output.
            (None, "dbg.variable" | "dbg.scope") => return None,
            (None, "hw.instance") => return self.plan_instance(op),
            (None, "hw.param.value") => {
                self.error(op.name_span, "'hw.param.value' is not supported yet (module parameters are read on hw.module.extern only)");
                return None;
            }
            (None, n) if super::aggregate::is_aggregate_op(n) => return self.plan_aggregate(op),
            (None, "hw.constant" | "arith.constant" | "constant") => {
                let (width, cname) = self.single_result(op)?;
                let bits = match op.attr("value") {
                    Some(Attr::Int(v, _)) => {
                        if !v.fits_width(width) {
                            self.error(op.span, format!("integer literal {v} does not fit in i{width}"));
                            return None;
                        }
                        Bits::from_bigint(v, width)
                    }
                    Some(Attr::Bool(b)) if width == 1 => Bits::from_bool(*b),
                    _ => {
                        self.error(op.span, format!("'{name}' needs an integer 'value' attribute"));
                        return None;
                    }
                };
                return Some(Plan::Cell { kind: Const(bits), width, name: cname });
            }
            (None, "comb.icmp") => {
                let p = op.attr("predicate").and_then(int_of);
                match p.and_then(IcmpPred::from_index) {
                    Some(p) => Icmp(p),
                    None => {
                        let at = op.named_attr("predicate").map(|a| a.span).unwrap_or(op.span);
                        self.error(at, "'comb.icmp' needs a 'predicate' between 0 and 13");
                        return None;
                    }
                }
            }
            (None, "comb.extract") => {
                match op.attr("lowBit").and_then(int_of).and_then(|v| u32::try_from(v).ok()) {
                    Some(low) => Extract { low },
                    None => {
                        self.error(op.span, "'comb.extract' needs a non-negative 'lowBit' attribute");
                        return None;
                    }
                }
            }
            // A table of no inputs has one entry: it is that constant.
            (None, "comb.truth_table") if op.operands.is_empty() => Const(self.truth_table(op)?),
            (None, "comb.truth_table") => TruthTable(self.truth_table(op)?),
            (None, "comb.lut") => self.lut(op)?,
            (None, "seq.compreg" | "seq.compreg.ce") => return self.plan_reg(op),
            (None, "seq.firreg") => return self.plan_firreg(op),
            // Evaluated before the body's cells are made (initial.rs).
            (None, "seq.initial") => return None,
            (None, "seq.yield") => {
                self.error(op.name_span, "'seq.yield' can only end a 'seq.initial' body");
                return None;
            }
            (None, "seq.from_immutable") => return self.plan_from_immutable(op),
            (None, "seq.const_clock") => return self.plan_const_clock(op),
            (None, "seq.shiftreg") => return self.plan_shiftreg(op),
            (None, n) if super::clock_ops::is_clock_op(n) => return self.plan_clock_op(op),
            (None, "seq.fifo") => return self.plan_fifo(op),
            (None, "seq.firmem") => {
                self.plan_firmem(op);
                return None;
            }
            (None, n) if n.starts_with("seq.firmem.") => return self.plan_mem_port(op),
            (None, _) if mlir_text::dialect::is_hls_op(name) => {
                self.errors.push(mlir_text::dialect::hls_unsupported(name, op.name_span));
                return None;
            }
            (None, _) => {
                self.error(op.name_span, format!("unknown op '{name}'{}", did_you_mean(name)));
                return None;
            }
        };
        let (width, cname) = self.single_result(op)?;
        Some(Plan::Cell { kind, width, name: cname })
    }

    fn truth_table(&mut self, op: &Operation) -> Option<Bits> {
        let n = op.operands.len();
        let want: Option<u64> = 1u64.checked_shl(n as u32).filter(|_| n < 32);
        let at = op.named_attr("lookupTable").map(|a| a.span).unwrap_or(op.span);
        match op.attr("lookupTable") {
            Some(Attr::Int(v, ty)) => {
                let w = ty.int_width().unwrap_or(64);
                if want != Some(w as u64) {
                    self.error(
                        at,
                        format!(
                            "truth table of {w} bits is not 2^n for n = {n} inputs (needs {} bits)",
                            want.map(|x| x.to_string()).unwrap_or_else(|| "too many".into())
                        ),
                    );
                    return None;
                }
                if !v.fits_width(w) {
                    self.error(at, format!("truth table value {v} does not fit in {w} bits"));
                    return None;
                }
                Some(Bits::from_bigint(v, w))
            }
            Some(Attr::Array(items)) => {
                if want != Some(items.len() as u64) {
                    self.error(
                        at,
                        format!("truth table of {} entries is not 2^n for n = {n} inputs", items.len()),
                    );
                    return None;
                }
                let mut bits = Bits::zero(items.len() as u32);
                for (i, it) in items.iter().enumerate() {
                    match int_of(it) {
                        Some(v @ (0 | 1)) => bits.set_bit(i as u32, v == 1),
                        _ => {
                            self.error(at, format!("truth table entry #{i} must be true, false, 0 or 1"));
                            return None;
                        }
                    }
                }
                Some(bits)
            }
            _ => {
                self.error(at, "'comb.truth_table' needs a 'lookupTable' integer or array");
                None
            }
        }
    }

    fn lut(&mut self, op: &Operation) -> Option<CellKind> {
        let (width, _) = {
            let v = self.file.value(*op.results.first()?);
            (v.ty.int_width()?, ())
        };
        let list = |a: Option<&Attr>| -> Option<Vec<BigInt>> {
            match a? {
                Attr::DenseArray(_, v) => Some(v.clone()),
                Attr::Array(v) => v
                    .iter()
                    .map(|x| match x {
                        Attr::Int(i, _) => Some(i.clone()),
                        _ => None,
                    })
                    .collect(),
                _ => None,
            }
        };
        let Some(coef) = list(op.attr("coefficients")) else {
            self.error(op.span, "'comb.lut' needs a 'coefficients' integer array");
            return None;
        };
        let Some(table) = list(op.attr("lookupTable")) else {
            self.error(op.span, "'comb.lut' needs a 'lookupTable' integer array");
            return None;
        };
        let coefficients = coef.iter().map(|c| Bits::from_bigint(c, 8).to_u64() as u8).collect();
        let table = table.iter().map(|t| Bits::from_bigint(t, width)).collect();
        Some(CellKind::Lut { coefficients, table })
    }

    pub(crate) fn plan_reg(&mut self, op: &Operation) -> Option<Plan> {
        let enable = &*op.name == "seq.compreg.ce";
        let base = 2 + enable as usize;
        let n = op.operands.len();
        let reset = match op.attr("operandSegmentSizes") {
            Some(Attr::DenseArray(_, segs)) => {
                let s: Vec<i128> = segs.iter().map(|v| v.to_i128().unwrap_or(-1)).collect();
                let total: i128 = s.iter().sum();
                if s.len() != base + 3 || s[..base].iter().any(|&x| x != 1) || total != n as i128 {
                    self.error(
                        op.span,
                        format!(
                            "'{}' has operandSegmentSizes {s:?} that do not fit its {n} operands",
                            op.name
                        ),
                    );
                    return None;
                }
                if s[base + 2] > 1 {
                    self.error(op.span, "a register has at most one initial value");
                    return None;
                }
                if s[base] != s[base + 1] || s[base] > 1 {
                    self.error(op.span, "a register reset needs both a reset signal and a reset value");
                    return None;
                }
                s[base] == 1
            }
            _ if n == base => false,
            _ if n == base + 2 => true,
            _ => {
                self.error(
                    op.span,
                    format!("'{}' expects {base} or {} operands, got {n}", op.name, base + 2),
                );
                return None;
            }
        };
        let (width, name) = self.reg_result(op)?;
        let init = self.reg_initial(op, width).ok()?;
        let kind = CellKind::Reg { reset, enable, async_reset: false, init };
        Some(Plan::Cell { kind, width, name })
    }

    /// A register's width and cell name ([`named_or_sym`]).
    pub(crate) fn reg_result(&mut self, op: &Operation) -> Option<(u32, Option<Arc<str>>)> {
        let (width, vname) = self.single_result(op)?;
        Some((width, named_or_sym(op, vname)))
    }

    fn plan_instance(&mut self, op: &Operation) -> Option<Plan> {
        let at = op.named_attr("moduleName").map(|a| a.span).unwrap_or(op.span);
        let Some(Attr::SymbolRef(path)) = op.attr("moduleName") else {
            self.error(op.span, "'hw.instance' needs a 'moduleName' symbol");
            return None;
        };
        let child_name = path.last().cloned().unwrap_or_default();
        let Some(&child) = self.by_name.get(&child_name) else {
            self.error(at, format!("instance of unknown module '@{child_name}'"));
            return None;
        };
        let cm = self.design.module(child);
        let outs: Vec<(String, u32, bool)> =
            cm.outputs().map(|p| (cm.port(p).name.clone(), cm.port(p).width, cm.port(p).clock)).collect();
        if outs.len() != op.results.len() {
            self.error(
                op.span,
                format!(
                    "'hw.instance' of '@{child_name}' has {} results but the module has {} outputs",
                    op.results.len(),
                    outs.len()
                ),
            );
            return None;
        }
        for ((pname, w, clock), r) in outs.iter().zip(&op.results) {
            let ty = &self.file.value(*r).ty;
            let ok = match ty {
                Type::Clock => *clock,
                Type::Int { width, .. } => !*clock && width == w,
                t => !*clock && t.bit_width() == Some(*w as u64),
            };
            if !ok {
                let want = if *clock { "!seq.clock".to_string() } else { format!("i{w}") };
                self.error(
                    op.span,
                    format!("result '{pname}' of '@{child_name}' is {want}, but the instance says '{ty}'"),
                );
                return None;
            }
        }
        let params = self.instance_params(op, child)?;
        Some(Plan::Instance(child, params))
    }
}

/// The cell name of a register or wire: its `name` attribute, else the result's name
/// (`vname`: CIRCT's custom syntax reads `%foo = seq.compreg ...` as `name "foo"`), else,
/// for an unnamed result (`%0`), its inner symbol (CIRCT 1.62's export calls that `_GEN`;
/// the symbol is the readable name the user gave it).
pub(crate) fn named_or_sym(op: &Operation, vname: Option<Arc<str>>) -> Option<Arc<str>> {
    match op.attr("name") {
        Some(Attr::String(s)) if !s.is_empty() => Some(s.as_str().into()),
        _ => vname.or_else(|| inner_sym(op)),
    }
}

/// The inner symbol of an op (`sym @s`, `inner_sym = #hw<innerSym@s>`), without its `@`.
fn inner_sym(op: &Operation) -> Option<Arc<str>> {
    match op.attr("inner_sym") {
        Some(Attr::Opaque(s)) if s.starts_with("#hw<innerSym@") => {
            Some(s.trim_start_matches("#hw<innerSym@").trim_end_matches('>').trim_matches('"').into())
        }
        _ => None,
    }
}

/// The inner symbol a register cell keeps (none for other kinds).
pub(crate) fn reg_inner_sym(op: &Operation, kind: &CellKind) -> Option<Arc<str>> {
    matches!(kind, CellKind::Reg { .. }).then(|| inner_sym(op)).flatten()
}

/// The ops a body may hold besides the simple ones (for "did you mean").
const OTHER_OPS: &[&str] = &[
    "hw.output",
    "func.return",
    "hw.instance",
    "hw.constant",
    "arith.constant",
    "comb.extract",
    "comb.truth_table",
    "comb.lut",
    "seq.compreg",
    "seq.compreg.ce",
    "seq.firreg",
    "seq.initial",
    "seq.from_immutable",
    "seq.const_clock",
    "seq.shiftreg",
    "seq.fifo",
    "seq.firmem",
    "seq.firmem.read_port",
    "seq.firmem.write_port",
    "seq.firmem.read_write_port",
    "seq.clock_inv",
    "seq.clock_mux",
    "seq.clock_div",
    "seq.clock_gate",
    "seq.to_clock",
    "seq.from_clock",
];

/// `" (did you mean 'comb.add'?)"` for an unknown op name close to one the builder knows.
fn did_you_mean(name: &str) -> String {
    let simple = mlir_text::SimpleKind::ALL.iter().map(|k| k.name());
    let known = simple
        .chain(OTHER_OPS.iter().copied())
        .chain(mlir_text::dialect::HW_AGGREGATE_OPS.iter().copied())
        .chain(mlir_text::dialect::DATAPATH_OPS.iter().copied());
    mlir_text::suggest::did_you_mean(name, known)
}
