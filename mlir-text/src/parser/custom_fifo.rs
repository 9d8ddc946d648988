//! CIRCT's `seq.fifo` in its custom form, normalized to its generic shape:
//!
//! ```text
//! %out, %full, %empty, %af, %ae = seq.fifo depth 4 [rd_latency 0] [almost_full 3]
//!     [almost_empty 1] in %in rdEn %rd wrEn %wr clk %clk rst %rst : i8
//! ```
//!
//! Operands in CIRCT's order (input, rdEn, wrEn, clk, rst); properties `depth`, `rdLatency`
//! (only when written), `almostFullThreshold`, `almostEmptyThreshold` (i64) and
//! `resultSegmentSizes` (out, full, empty, almost full?, almost empty?).

use super::{Draft, Parser};
use crate::ast::{Attr, BigInt, Type};
use crate::diag::Diagnostic;
use crate::lexer::Tok;

fn i64_attr(v: i128) -> Attr {
    Attr::Int(BigInt::from_i128(v), Type::int(64))
}

impl<'a> Parser<'a> {
    pub(crate) fn parse_fifo(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        self.expect_kw("depth")?;
        let (depth, s) = self.parse_u32("FIFO depth")?;
        d.prop("depth", i64_attr(depth as i128), s);
        if self.eat_kw("rd_latency")? {
            let (v, s) = self.parse_u32("read latency")?;
            d.prop("rdLatency", i64_attr(v as i128), s);
        }
        let mut af = false;
        if self.eat_kw("almost_full")? {
            let (v, s) = self.parse_u32("almost-full threshold")?;
            d.prop("almostFullThreshold", i64_attr(v as i128), s);
            af = true;
        }
        let mut ae = false;
        if self.eat_kw("almost_empty")? {
            let (v, s) = self.parse_u32("almost-empty threshold")?;
            d.prop("almostEmptyThreshold", i64_attr(v as i128), s);
            ae = true;
        }
        let mut uses = Vec::new();
        for kw in ["in", "rdEn", "wrEn", "clk", "rst"] {
            self.expect_kw(kw)?;
            uses.push(self.parse_use()?);
        }
        self.expect(Tok::Colon)?;
        let tstart = self.tok.span;
        let ty = self.parse_type()?;
        let types = [ty.clone(), Type::int(1), Type::int(1), Type::Clock, Type::int(1)];
        self.resolve_all(&mut d, &uses, &types, tstart)?;
        let segs = [1, 1, 1, af as i128, ae as i128];
        let segs = segs.iter().map(|&v| BigInt::from_i128(v)).collect();
        d.prop("resultSegmentSizes", Attr::DenseArray(Type::int(32), segs), d.name_span);
        d.result_types.push(ty);
        for _ in 0..2 + af as usize + ae as usize {
            d.result_types.push(Type::int(1));
        }
        Ok(d)
    }
}
