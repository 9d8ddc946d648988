//! Custom forms of the comb ops (`comb.add bin %a, %b : i8`, `comb.icmp slt ...`,
//! `comb.extract %x from 4 : (i16) -> i8`, ...) and the seq ops (`seq.compreg`,
//! `seq.compreg.ce`, `seq.to_clock`, `seq.from_clock`), normalized to CIRCT's generic shape:
//! `twoState`, `predicate`, `lowBit`, `lookupTable`, `operandSegmentSizes`.

use super::{Draft, Parser, UseRef};
use crate::ast::{Attr, BigInt, Type, MAX_WIDTH};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;
use smallvec::SmallVec;

/// CIRCT's `ICmpPredicate` keywords, in encoding order.
pub const ICMP_PREDICATES: [&str; 14] =
    ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge", "ceq", "cne", "weq", "wne"];

type Uses<'a> = SmallVec<[UseRef<'a>; 3]>;

/// The `comb` ops the custom form knows (for "did you mean").
const COMB_OPS: &[&str] = &[
    "comb.add",
    "comb.and",
    "comb.or",
    "comb.xor",
    "comb.mul",
    "comb.nand",
    "comb.nor",
    "comb.xnor",
    "comb.sub",
    "comb.divu",
    "comb.divs",
    "comb.modu",
    "comb.mods",
    "comb.shl",
    "comb.shru",
    "comb.shrs",
    "comb.inv",
    "comb.reverse",
    "comb.parity",
    "comb.icmp",
    "comb.concat",
    "comb.extract",
    "comb.replicate",
    "comb.mux",
    "comb.truth_table",
    "comb.lut",
];

impl<'a> Parser<'a> {
    fn bin_flag(&mut self, d: &mut Draft) -> Result<(), Diagnostic> {
        if self.at_kw("bin") {
            let t = self.bump()?;
            d.prop("twoState", Attr::Unit, t.span);
        }
        Ok(())
    }

    fn operands1(&mut self) -> Result<Uses<'a>, Diagnostic> {
        let u = self.parse_uses()?;
        if u.is_empty() {
            return Err(self.err_expected("operand"));
        }
        Ok(u)
    }

    /// `: type` after an optional attribute dictionary.
    fn colon_type(&mut self, d: &mut Draft) -> Result<(Type, Span), Diagnostic> {
        d.attributes = self.parse_opt_attr_dict()?;
        self.expect(Tok::Colon)?;
        let start = self.tok.span.start as usize;
        let ty = self.parse_type()?;
        Ok((ty, Span::new(start, self.prev_end)))
    }

    /// `: (ins) -> out` after an optional attribute dictionary; one result.
    pub(super) fn colon_fn_type(&mut self, d: &mut Draft, uses: &[UseRef<'a>]) -> Result<Type, Diagnostic> {
        d.attributes = self.parse_opt_attr_dict()?;
        self.expect(Tok::Colon)?;
        let start = self.tok.span.start as usize;
        let (ins, outs) = self.parse_function_type()?;
        let span = Span::new(start, self.prev_end);
        if outs.len() != 1 {
            return Err(Diagnostic::error(span, format!("'{}' has exactly one result", d.name)));
        }
        self.resolve_all(d, uses, &ins, span)?;
        Ok(outs.into_iter().next().unwrap_or(Type::None))
    }

    pub(crate) fn parse_comb(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let name = d.name.clone();
        let op = name.strip_prefix("comb.").unwrap_or("");
        match op {
            "add" | "and" | "or" | "xor" | "mul" | "nand" | "nor" | "xnor" | "sub" | "divu" | "divs"
            | "modu" | "mods" | "shl" | "shru" | "shrs" | "inv" | "reverse" | "parity" => {
                self.bin_flag(&mut d)?;
                let uses = self.operands1()?;
                let (ty, _) = self.colon_type(&mut d)?;
                self.resolve_same(&mut d, &uses, &ty)?;
                d.result_types.push(if op == "parity" { Type::int(1) } else { ty });
            }
            "icmp" => {
                self.bin_flag(&mut d)?;
                let t = self.tok;
                if t.kind != Tok::BareId {
                    return Err(self.err_expected("comparison predicate"));
                }
                let word = self.tok_text();
                let Some(idx) = ICMP_PREDICATES.iter().position(|p| *p == word) else {
                    return Err(Diagnostic::error(
                        t.span,
                        format!(
                            "unknown icmp predicate '{word}' (expected one of {})",
                            ICMP_PREDICATES.join(", ")
                        ),
                    ));
                };
                self.bump()?;
                d.prop("predicate", Attr::Int(BigInt::from_i128(idx as i128), Type::int(64)), t.span);
                self.bin_flag(&mut d)?;
                let uses = self.operands1()?;
                let (ty, _) = self.colon_type(&mut d)?;
                self.resolve_same(&mut d, &uses, &ty)?;
                d.result_types.push(Type::int(1));
            }
            "concat" => {
                // No operands is CIRCT's nullary concat (`comb.concat :`), an `i0`.
                let uses = self.parse_uses()?;
                d.attributes = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon)?;
                let start = self.tok.span.start as usize;
                let types = if uses.is_empty() { Default::default() } else { self.parse_type_list()? };
                let span = Span::new(start, self.prev_end);
                let mut sum: u64 = 0;
                for t in &types {
                    match t.strip_alias().int_width() {
                        Some(w) => sum += w as u64,
                        None => {
                            return Err(Diagnostic::error(
                                span,
                                format!("'comb.concat' operands must be integers, got '{t}'"),
                            ))
                        }
                    }
                }
                if sum > MAX_WIDTH as u64 {
                    return Err(Diagnostic::error(
                        span,
                        format!("'comb.concat' result of {sum} bits is too wide"),
                    ));
                }
                self.resolve_all(&mut d, &uses, &types, span)?;
                d.result_types.push(Type::int(sum as u32));
            }
            "extract" => {
                let u = self.parse_use()?;
                self.expect_kw("from")?;
                let (low, lspan) = self.parse_u32("bit index")?;
                d.prop("lowBit", Attr::Int(BigInt::from_i128(low as i128), Type::int(32)), lspan);
                let ty = self.colon_fn_type(&mut d, &[u])?;
                d.result_types.push(ty);
            }
            "replicate" => {
                let u = self.parse_use()?;
                let ty = self.colon_fn_type(&mut d, &[u])?;
                d.result_types.push(ty);
            }
            "mux" => {
                self.bin_flag(&mut d)?;
                let uses = self.operands1()?;
                let (ty, span) = self.colon_type(&mut d)?;
                let mut types: SmallVec<[Type; 4]> = SmallVec::new();
                types.push(Type::int(1));
                types.resize(uses.len().max(1), ty.clone());
                self.resolve_all(&mut d, &uses, &types, span)?;
                d.result_types.push(ty);
            }
            "truth_table" => {
                // No inputs (`comb.truth_table -> [true]`): a constant, as CIRCT allows.
                let uses = if self.tok.kind == Tok::Arrow { SmallVec::new() } else { self.operands1()? };
                self.expect(Tok::Arrow)?;
                let t = self.tok.span;
                let table = self.parse_attr()?;
                if !matches!(table, Attr::Int(..) | Attr::Array(_)) {
                    return Err(Diagnostic::error(
                        t.to(Span::point(self.prev_end)),
                        "truth table must be an integer ('6 : ui4') or an array of booleans",
                    ));
                }
                d.prop("lookupTable", table, Span::new(t.start as usize, self.prev_end));
                d.attributes = self.parse_opt_attr_dict()?;
                self.resolve_same(&mut d, &uses, &Type::int(1))?;
                d.result_types.push(Type::int(1));
            }
            "lut" => {
                let uses = self.operands1()?;
                let ty = self.colon_fn_type(&mut d, &uses)?;
                d.result_types.push(ty);
            }
            _ => {
                let hint = crate::suggest::did_you_mean(&name, COMB_OPS.iter().copied());
                return Err(Diagnostic::error(d.name_span, format!("unknown op '{name}'{hint}")));
            }
        }
        Ok(d)
    }

    pub(crate) fn parse_seq(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let name = d.name.clone();
        match &*name {
            "seq.to_clock" | "seq.from_clock" => {
                let u = self.parse_use()?;
                d.attributes = self.parse_opt_attr_dict()?;
                let (from, to) = if &*name == "seq.to_clock" {
                    (Type::int(1), Type::Clock)
                } else {
                    (Type::Clock, Type::int(1))
                };
                self.resolve_all(&mut d, &[u], &[from], u.span)?;
                d.result_types.push(to);
            }
            _ => {
                let ce = &*name == "seq.compreg.ce";
                if self.eat_kw("sym")? {
                    let s = self.expect(Tok::At)?;
                    let text = format!("#hw<innerSym{}>", self.slice(s.span));
                    d.prop("inner_sym", Attr::Opaque(text), s.span);
                }
                let start = self.tok.span.start as usize;
                let mut uses = self.operands1()?;
                let want = if ce { 3 } else { 2 };
                if uses.len() != want {
                    let what = if ce { "%input, %clk, %enable" } else { "%input, %clk" };
                    return Err(Diagnostic::error(
                        Span::new(start, self.prev_end),
                        format!("'{name}' expects operands {what}, got {} operands", uses.len()),
                    ));
                }
                let reset = self.eat_kw("reset")?;
                if reset {
                    uses.push(self.parse_use()?);
                    self.expect(Tok::Comma)?;
                    uses.push(self.parse_use()?);
                }
                // CIRCT's `initial %v` (a `!seq.immutable`), or its older `powerOn %v` (CIRCT
                // 1.62, the PyPI release: a plain value of the register's type).
                let power_on = self.eat_kw("powerOn")?;
                let initial = power_on || self.eat_kw("initial")?;
                if initial {
                    uses.push(self.parse_use()?);
                }
                let (ty, span) = self.colon_type(&mut d)?;
                let mut types = vec![ty.clone(), Type::Clock];
                if ce {
                    types.push(Type::int(1));
                }
                if reset {
                    types.push(Type::int(1));
                    types.push(ty.clone());
                }
                if power_on {
                    types.push(ty.clone());
                } else if initial {
                    types.push(super::custom_seq_init::immutable_of(&ty));
                }
                self.resolve_all(&mut d, &uses, &types, span)?;
                let r = reset as i128;
                let mut segs: Vec<BigInt> = vec![BigInt::from_i128(1), BigInt::from_i128(1)];
                if ce {
                    segs.push(BigInt::from_i128(1));
                }
                segs.extend([BigInt::from_i128(r), BigInt::from_i128(r), BigInt::from_i128(initial as i128)]);
                d.prop("operandSegmentSizes", Attr::DenseArray(Type::int(32), segs), d.name_span);
                d.result_types.push(ty);
            }
        }
        Ok(d)
    }
}
