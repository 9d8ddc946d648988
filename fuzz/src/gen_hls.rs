//! A structured generator of VALID HLS kernels: bytes (through [`arbitrary::Unstructured`])
//! to a `func.func @k` of affine loops over small memrefs with integer arithmetic, for the
//! `hls_diff` target (interpreter against the synthesized netlist).
//!
//! A kernel takes 1 to 3 `memref<16xiW>` arguments (W in 8, 16, 32), an `i32` scalar `%s`
//! and returns one `i32`. Its body is 1 to 3 loop nests of depth 1 or 2 (bounds 0..7, step
//! 1 or 2), some carrying an `i32` accumulator through `iter_args`. Each nest loads from the
//! memories at affine indices over its induction variables, computes with `addi`, `subi`,
//! `muli`, `andi`, `ori`, `xori`, shifts by constants, `cmpi` + `select`, `max/min si/ui`,
//! `divui`/`remui` by a divisor forced odd, and `extsi`/`extui`/`trunci` between widths,
//! then stores some values (sometimes under an `affine.if`) and may ask for `hls.unroll`
//! or `hls.pipeline`. Indices stay inside the memories by construction and no op is
//! undefined on any data, so every kernel must synthesize and compute what the
//! interpreter computes.

use arbitrary::{Result, Unstructured};
use std::fmt::Write;

/// Words of every memory argument.
pub const DEPTH: u32 = 16;
const WIDTHS: [u32; 3] = [8, 16, 32];
/// The width of the scalar argument, the accumulators and the result.
const RET: u32 = 32;

/// The kernel being printed.
struct KernelGen<'a, 'b> {
    u: &'a mut Unstructured<'b>,
    body: String,
    next: usize,
    /// Values in scope of the current nest, per width (index into [`WIDTHS`]).
    pool: [Vec<String>; 3],
}

fn widx(w: u32) -> usize {
    WIDTHS.iter().position(|&x| x == w).unwrap_or(2)
}

impl KernelGen<'_, '_> {
    fn fresh(&mut self, p: &str) -> String {
        self.next += 1;
        format!("%{p}{}", self.next)
    }

    fn line(&mut self, depth: usize, text: &str) {
        let _ = writeln!(self.body, "{}{text}", "  ".repeat(depth));
    }

    fn constant(&mut self, depth: usize, w: u32) -> Result<String> {
        let v = *self.u.choose(&[0i64, 1, 3, -1, 5, 100, -7, 127])?;
        let c = self.fresh("c");
        self.line(depth, &format!("{c} = arith.constant {v} : i{w}"));
        Ok(c)
    }

    /// A value of width `w`: one in scope, one cast from another width, or a constant.
    fn operand(&mut self, depth: usize, w: u32) -> Result<String> {
        let mine = &self.pool[widx(w)];
        if !mine.is_empty() && self.u.ratio(3, 4)? {
            return Ok(self.u.choose(mine)?.clone());
        }
        let others: Vec<(u32, String)> = WIDTHS
            .iter()
            .filter(|&&x| x != w)
            .flat_map(|&x| self.pool[widx(x)].iter().map(move |v| (x, v.clone())))
            .collect();
        if others.is_empty() || self.u.ratio(1, 4)? {
            return self.constant(depth, w);
        }
        let (from, v) = self.u.choose(&others)?.clone();
        let r = self.fresh("t");
        let op = if from > w {
            "trunci"
        } else if self.u.arbitrary()? {
            "extsi"
        } else {
            "extui"
        };
        self.line(depth, &format!("{r} = arith.{op} {v} : i{from} to i{w}"));
        Ok(r)
    }

    /// A new value of width `w` from values in scope, added to the pool.
    fn compute(&mut self, depth: usize, w: u32) -> Result<String> {
        let a = self.operand(depth, w)?;
        let b = self.operand(depth, w)?;
        let v = self.fresh("v");
        let ty = format!("i{w}");
        match self.u.int_in_range(0..=9u8)? {
            0..=2 => {
                let op = self.u.choose(&["addi", "subi", "muli", "andi", "ori", "xori"])?;
                self.line(depth, &format!("{v} = arith.{op} {a}, {b} : {ty}"));
            }
            3 => {
                let k = self.u.int_in_range(0..=w - 1)?;
                let op = self.u.choose(&["shli", "shrui", "shrsi"])?;
                let c = self.fresh("c");
                self.line(depth, &format!("{c} = arith.constant {k} : {ty}"));
                self.line(depth, &format!("{v} = arith.{op} {a}, {c} : {ty}"));
            }
            4 | 5 => {
                let pred =
                    self.u.choose(&["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"])?;
                let p = self.fresh("p");
                self.line(depth, &format!("{p} = arith.cmpi {pred}, {a}, {b} : {ty}"));
                self.line(depth, &format!("{v} = arith.select {p}, {a}, {b} : {ty}"));
            }
            6 | 7 => {
                let op = self.u.choose(&["maxsi", "minsi", "maxui", "minui"])?;
                self.line(depth, &format!("{v} = arith.{op} {a}, {b} : {ty}"));
            }
            _ => {
                let (one, d) = (self.fresh("c"), self.fresh("d"));
                let op = self.u.choose(&["divui", "remui"])?;
                self.line(depth, &format!("{one} = arith.constant 1 : {ty}"));
                self.line(depth, &format!("{d} = arith.ori {b}, {one} : {ty}"));
                self.line(depth, &format!("{v} = arith.{op} {a}, {d} : {ty}"));
            }
        }
        self.pool[widx(w)].push(v.clone());
        Ok(v)
    }

    /// An affine index over `ivs` (name, largest value) inside `0..DEPTH`.
    fn index(&mut self, ivs: &[(String, u32)]) -> Result<String> {
        let (mut terms, mut top) = (Vec::new(), 0u32);
        for (name, hi) in ivs {
            let k = self.u.int_in_range(0..=3u32)?;
            if k > 0 && top + k * hi < DEPTH {
                terms.push(if k > 1 { format!("{name} * {k}") } else { name.clone() });
                top += k * hi;
            }
        }
        let c = self.u.int_in_range(0..=DEPTH - 1 - top)?;
        Ok(match (terms.is_empty(), c) {
            (true, _) => c.to_string(),
            (false, 0) => terms.join(" + "),
            (false, _) => format!("{} + {c}", terms.join(" + ")),
        })
    }
}

/// One loop of a nest: induction variable, bounds, step, and (when carried) the loop's
/// result and accumulator names.
struct Loop {
    iv: String,
    lo: u32,
    hi: u32,
    step: u32,
    carried: Option<(String, String)>,
}

/// Prints nest `n` at depth 1; `acc` is the accumulator so far, replaced by the nest's
/// result if it carries one.
fn nest(g: &mut KernelGen, mems: &[(String, u32)], n: usize, acc: &mut String) -> Result<()> {
    let depth_n = g.u.int_in_range(1..=2usize)?;
    let carried = g.u.arbitrary::<bool>()?;
    let mut loops = Vec::new();
    let mut init = acc.clone();
    for d in 0..depth_n {
        let lo = g.u.int_in_range(0..=2u32)?;
        let hi = lo + g.u.int_in_range(1..=7u32)?;
        let step = if g.u.ratio(1, 3)? { 2 } else { 1 };
        let iv = format!("%i{n}_{d}");
        let st = if step > 1 { format!(" step {step}") } else { String::new() };
        let c = if carried {
            let (res, a) = (g.fresh("r"), g.fresh("a"));
            g.line(
                1 + d,
                &format!("{res} = affine.for {iv} = {lo} to {hi}{st} iter_args({a} = {init}) -> (i{RET}) {{"),
            );
            init = a.clone();
            Some((res, a))
        } else {
            g.line(1 + d, &format!("affine.for {iv} = {lo} to {hi}{st} {{"));
            None
        };
        loops.push(Loop { iv, lo, hi, step, carried: c });
    }
    let depth = 1 + depth_n;
    // The largest value each induction variable takes.
    let ivs: Vec<(String, u32)> =
        loops.iter().map(|l| (l.iv.clone(), l.lo + (l.hi - 1 - l.lo) / l.step * l.step)).collect();
    g.pool = Default::default();
    g.pool[widx(RET)].push("%s".into());
    if let Some((_, a)) = &loops[depth_n - 1].carried {
        g.pool[widx(RET)].push(a.clone());
    }
    for _ in 0..g.u.int_in_range(1..=4u32)? {
        let (m, w) = g.u.choose(mems)?.clone();
        let (x, idx) = (g.fresh("x"), g.index(&ivs)?);
        g.line(depth, &format!("{x} = affine.load {m}[{idx}] : memref<{DEPTH}xi{w}>"));
        g.pool[widx(w)].push(x);
    }
    for _ in 0..g.u.int_in_range(1..=5u32)? {
        let w = *g.u.choose(&WIDTHS)?;
        g.compute(depth, w)?;
    }
    for _ in 0..g.u.int_in_range(1..=3u32)? {
        let (m, w) = g.u.choose(mems)?.clone();
        let v = g.operand(depth, w)?;
        let idx = g.index(&ivs)?;
        let store = format!("affine.store {v}, {m}[{idx}] : memref<{DEPTH}xi{w}>");
        if g.u.ratio(1, 5)? {
            let (iv, hi) = ivs[depth_n - 1].clone();
            let k = g.u.int_in_range(0..=hi.max(1))?;
            g.line(depth, &format!("affine.if affine_set<(d0) : (d0 - {k} >= 0)>({iv}) {{"));
            g.line(depth + 1, &store);
            g.line(depth, "}");
        } else {
            g.line(depth, &store);
        }
    }
    close(g, &loops)?;
    if let Some((res, _)) = &loops[0].carried {
        *acc = res.clone();
    }
    Ok(())
}

/// Closes the loops of a nest (innermost first), yielding the accumulators and adding
/// directives.
fn close(g: &mut KernelGen, loops: &[Loop]) -> Result<()> {
    let inner = loops.len() - 1;
    for d in (0..loops.len()).rev() {
        if let Some((_, a)) = &loops[d].carried {
            let y = if d == inner {
                let v = g.operand(2 + d, RET)?;
                let y = g.fresh("y");
                let op = g.u.choose(&["addi", "xori", "subi", "maxsi"])?;
                g.line(2 + d, &format!("{y} = arith.{op} {a}, {v} : i{RET}"));
                y
            } else {
                loops[d + 1].carried.as_ref().map(|c| c.0.clone()).unwrap_or_default()
            };
            g.line(2 + d, &format!("affine.yield {y} : i{RET}"));
        }
        let mut attrs = Vec::new();
        if g.u.ratio(1, 4)? {
            attrs.push(format!("hls.unroll = {} : i64", g.u.choose(&[2, 3, 4, 8])?));
        }
        if d == inner && g.u.ratio(1, 4)? {
            attrs.push("hls.pipeline".to_string());
        }
        let tail = if attrs.is_empty() { String::new() } else { format!(" {{{}}}", attrs.join(", ")) };
        g.line(1 + d, &format!("}}{tail}"));
    }
    Ok(())
}

/// A kernel `@k` as MLIR text.
pub fn hls_kernel(u: &mut Unstructured) -> Result<String> {
    let n_mems = u.int_in_range(1..=3usize)?;
    let mut mems = Vec::new();
    for i in 0..n_mems {
        mems.push((format!("%m{i}"), *u.choose(&WIDTHS)?));
    }
    let mut g = KernelGen { u, body: String::new(), next: 0, pool: Default::default() };
    let mut acc = "%s".to_string();
    for n in 0..g.u.int_in_range(1..=3usize)? {
        nest(&mut g, &mems, n, &mut acc)?;
    }
    let args: Vec<String> = mems.iter().map(|(m, w)| format!("{m}: memref<{DEPTH}xi{w}>")).collect();
    Ok(format!(
        "func.func @k({}, %s: i{RET}) -> i{RET} {{\n{}  return {acc} : i{RET}\n}}\n",
        args.join(", "),
        g.body
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_bytes_give_a_kernel_that_parses() {
        for seed in 0..50u8 {
            let data: Vec<u8> =
                (0..600u32).map(|i| (i as u8).wrapping_mul(seed).wrapping_add(seed)).collect();
            let text = hls_kernel(&mut Unstructured::new(&data)).expect("a kernel");
            let src = mlir_text::SourceFile::new("k.mlir", text.as_str());
            assert!(mlir_text::parse(&src).is_ok(), "{text}");
            assert!(text.contains("affine.for"), "{text}");
        }
    }
}
