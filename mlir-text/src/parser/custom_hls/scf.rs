//! Custom forms of the scf ops: `scf.for` (with `iter_args` and an optional induction
//! variable type), `scf.if` with `else`, `scf.while ... do ...`, `scf.condition`, `scf.yield`.

use crate::ast::Type;
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::parser::{Draft, EntryArg, Parser, RegionKind};
use crate::source::Span;

const BODY: RegionKind = RegionKind { graph: false, isolated: false };

impl<'a> Parser<'a> {
    pub(super) fn parse_scf(&mut self, d: Draft, op: &str) -> Result<Draft, Diagnostic> {
        match op {
            "for" => self.scf_for(d),
            "if" => self.scf_if(d),
            "while" => self.scf_while(d),
            "condition" => self.scf_condition(d),
            "yield" => self.hls_terminator(d),
            _ => Err(self.unknown_hls_op(&d)),
        }
    }

    /// `scf.for %i = %lb to %ub step %s (iter_args(...) -> (types))? (: type)? {...} {attrs}?`
    fn scf_for(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let (iv, iv_span) = self.parse_def_name()?;
        self.expect(Tok::Equal)?;
        let lb = self.parse_use()?;
        self.expect_kw("to")?;
        let ub = self.parse_use()?;
        self.expect_kw("step")?;
        let step = self.parse_use()?;
        let (iter, inits, types) = self.iter_args()?;
        let iv_ty = if self.eat(Tok::Colon)? { self.parse_type()? } else { Type::Index };
        for u in [lb, ub, step] {
            let o = self.resolve(&u, &iv_ty)?;
            d.operands.push(o);
        }
        let at = d.name_span;
        self.resolve_all(&mut d, &inits, &types, at)?;
        let mut entry: Vec<EntryArg<'a>> = vec![(iv, iv_ty, iv_span)];
        entry.extend(iter.iter().zip(&types).map(|((n, s), t)| (*n, t.clone(), *s)));
        let mut body = self.parse_region(BODY, &entry)?;
        if inits.is_empty() {
            self.ensure_terminator(&mut body, "scf.yield");
        }
        d.regions.push(body);
        d.result_types.extend(types);
        d.attributes = self.parse_opt_attr_dict()?;
        Ok(d)
    }

    /// `scf.if %c (-> (types))? {...} (else {...})? {attrs}?`
    fn scf_if(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let c = self.parse_use()?;
        let o = self.resolve(&c, &Type::int(1))?;
        d.operands.push(o);
        d.result_types.extend(self.opt_arrow_types()?);
        self.if_regions(&mut d, "scf.yield")?;
        d.attributes = self.parse_opt_attr_dict()?;
        Ok(d)
    }

    /// `scf.while (%a = %x, ...) : (types) -> (types) {before} do {after} {attrs}?`
    fn scf_while(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let (names, inits) = self.assignment_list()?;
        self.expect(Tok::Colon)?;
        let start = self.tok.span.start as usize;
        let (ins, outs) = self.parse_function_type()?;
        let span = Span::new(start, self.prev_end);
        if ins.len() != names.len() {
            return Err(Diagnostic::error(
                span,
                format!("{} values initialize the loop but the type lists {} inputs", names.len(), ins.len()),
            ));
        }
        self.resolve_all(&mut d, &inits, &ins, span)?;
        let entry: Vec<EntryArg<'a>> =
            names.iter().zip(ins.iter()).map(|((n, s), t)| (*n, t.clone(), *s)).collect();
        let before = self.parse_region(BODY, &entry)?;
        self.expect_kw("do")?;
        let after = self.parse_region(BODY, &[])?;
        d.regions.push(before);
        d.regions.push(after);
        d.result_types.extend(outs);
        d.attributes = self.parse_opt_attr_dict()?;
        Ok(d)
    }

    /// `scf.condition(%c) %a, %b : t1, t2`
    fn scf_condition(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        self.expect(Tok::LParen)?;
        let c = self.parse_use()?;
        self.expect(Tok::RParen)?;
        let o = self.resolve(&c, &Type::int(1))?;
        d.operands.push(o);
        self.parse_terminator(d)
    }
}
