//! HEIR's `secret` dialect in a body: the secret wrapper has no hardware meaning, so its
//! ops make no cells, they only name nets.
//!
//! - `secret.generic`: its body's ops join the enclosing body (flattened in textual order by
//!   [`super::steps::flatten`]); each entry-block argument is the net of the matching operand, and each
//!   result is the net of the matching `secret.yield` operand.
//! - `secret.cast` (between types of the same width), `secret.conceal`, `secret.reveal`: the
//!   result is the operand's net.
//!
//! `!secret.secret<T>` ports are `T` ports (`Type::bit_width` sees through the wrapper). The
//! checks are HEIR's verifier's: a block argument's type is the plain type of its operand, a
//! yielded value's type the plain type of its result, conceal wraps, reveal unwraps. A
//! secret value used by a comb op outside a generic is rejected by the operand check ("must
//! be an integer").

use super::body::NetOf;
use super::steps::Step;
use super::Builder;
use mlir_text::{ComplexType, Operation, Type};

/// The type inside `!secret.secret<T>`, if `ty` is one.
fn unwrap(ty: &Type) -> Option<&Type> {
    match ty {
        Type::Complex(c) => match &**c {
            ComplexType::Secret(t) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

impl<'f> Builder<'f> {
    /// Handles one [`Step`] that is not a plain op, or a `secret.*` or `sv.*` op; false if
    /// `step` is an ordinary op the caller builds.
    pub(crate) fn region_step(&mut self, step: &Step<'f>, net_of: &mut NetOf) -> bool {
        match *step {
            Step::Enter(g) => self.secret_enter(g, net_of),
            Step::Exit(g) => self.secret_exit(g, net_of),
            Step::Op(o) if o.name.starts_with("secret.") => self.secret_convert(o, net_of),
            Step::Op(o) if o.name.starts_with("sv.") => self.sv_step(o, net_of),
            Step::Op(_) => return false,
        }
        true
    }

    fn secret_enter(&mut self, g: &'f Operation, net_of: &mut NetOf) {
        let Some(region) = g.regions().first() else {
            return self.error(g.name_span, "'secret.generic' needs a body");
        };
        if region.blocks.len() != 1 {
            return self.error(region.span, "the body of 'secret.generic' must be one block");
        }
        let args = &region.blocks[0].args;
        if args.len() != g.operands.len() {
            return self.error(
                g.span,
                format!(
                    "'secret.generic' has {} operands but its body has {} arguments",
                    g.operands.len(),
                    args.len()
                ),
            );
        }
        for (i, (opd, &arg)) in g.operands.iter().zip(args).enumerate() {
            let oty = self.file.ty(opd.value);
            let plain = unwrap(oty).unwrap_or(oty);
            let aty = self.file.ty(arg);
            if aty != plain {
                let span = self.file.value(arg).span;
                return self.error(
                    span,
                    format!("argument #{i} of the 'secret.generic' body must be '{plain}' (operand #{i} is '{oty}'), got '{aty}'"),
                );
            }
            if !aty.is_bits() {
                let span = self.file.value(arg).span;
                return self.error(
                    span,
                    format!(
                        "'secret.generic' on '{aty}' is not supported (only integer and hw aggregate values)"
                    ),
                );
            }
            net_of[arg.index()] = net_of[opd.value.index()];
        }
    }

    fn secret_exit(&mut self, g: &'f Operation, net_of: &mut NetOf) {
        let Some(block) = g.regions().first().and_then(|r| r.blocks.first()) else { return };
        let Some(y) = block.ops.last().filter(|y| &*y.name == "secret.yield") else {
            let at = g.regions()[0].span;
            return self.error(at, "the body of 'secret.generic' must end with 'secret.yield'");
        };
        if y.operands.len() != g.results.len() {
            return self.error(
                y.span,
                format!(
                    "'secret.yield' has {} operands but its 'secret.generic' has {} result(s)",
                    y.operands.len(),
                    g.results.len()
                ),
            );
        }
        for (i, (opd, &r)) in y.operands.iter().zip(&g.results).enumerate() {
            let yty = self.file.ty(opd.value);
            let rty = self.file.ty(r);
            if unwrap(rty).unwrap_or(rty) != yty {
                return self.error(
                    opd.span,
                    format!("'secret.yield' operand #{i} is '{yty}' but result #{i} of 'secret.generic' is '{rty}'"),
                );
            }
            net_of[r.index()] = net_of[opd.value.index()];
        }
    }

    /// `secret.cast`, `secret.conceal`, `secret.reveal`; a `secret.yield` out of place.
    fn secret_convert(&mut self, o: &'f Operation, net_of: &mut NetOf) {
        let name = &*o.name;
        if name == "secret.yield" {
            return self.error(o.name_span, "'secret.yield' must be the last op of a 'secret.generic' body");
        }
        if !matches!(name, "secret.cast" | "secret.conceal" | "secret.reveal") {
            return self.error(o.name_span, format!("unknown op '{name}'"));
        }
        let (Some(opd), Some(&r)) = (o.operands.first(), o.results.first()) else {
            return self.error(o.span, format!("'{name}' needs one operand and one result"));
        };
        let from = self.file.ty(opd.value);
        let to = self.file.ty(r);
        let ok = match name {
            "secret.conceal" => unwrap(from).is_none() && unwrap(to) == Some(from),
            "secret.reveal" => unwrap(to).is_none() && unwrap(from) == Some(to),
            _ => unwrap(from).is_some() && unwrap(to).is_some(),
        };
        if !ok {
            let want = match name {
                "secret.conceal" => "a plain type to its secret",
                "secret.reveal" => "a secret type to its plain type",
                _ => "a secret type to a secret type",
            };
            return self.error(o.span, format!("'{name}' converts {want}, not '{from}' to '{to}'"));
        }
        match (from.bit_width(), to.bit_width()) {
            (Some(a), Some(b)) if a == b => {}
            _ => {
                return self.error(
                    o.span,
                    format!(
                        "'{name}' from '{from}' to '{to}' is not supported: both must be bit vectors of one width"
                    ),
                )
            }
        }
        net_of[r.index()] = net_of[opd.value.index()];
    }
}
