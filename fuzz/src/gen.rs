//! Structured generators: bytes (read through [`arbitrary::Unstructured`]) to VALID designs,
//! printed as MLIR text, so the fuzz targets reach the builder, the passes and the backends
//! instead of stopping at the first parse error.
//!
//! [`comb_module`] draws a `hw.module` of the comb dialect: 1 to 4 inputs of random widths
//! (1 to 200 bits), up to 32 ops (constants, every binary and variadic op, all ten `icmp`
//! predicates, `mux`, `extract`, `concat`, `replicate`, `parity`) whose operands come from
//! earlier values adapted to the width needed (extract or zero-extend by concat), sometimes
//! a `seq.compreg` on a `clk` input, and 1 to 4 outputs. [`comb_batch`] puts several under
//! one top so one Verilator build checks all of them. Every choice is bounded, so any byte
//! string gives a design (running out of bytes picks the first choice).

use arbitrary::{Result, Unstructured};
use std::fmt::Write;

/// Widths drawn for inputs and new values: the edges of 1, 32, 64 and 128 bits and odd ones.
const WIDTHS: [u32; 18] = [1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 31, 32, 33, 63, 64, 65, 129];
/// The widest concat or replicate result.
const MAX_WIDTH: u32 = 200;
const BINARY: [&str; 13] =
    ["add", "sub", "mul", "and", "or", "xor", "shl", "shru", "shrs", "divu", "divs", "modu", "mods"];
const VARIADIC: [&str; 5] = ["add", "mul", "and", "or", "xor"];
const PREDS: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];

/// A value in scope: its SSA name and width.
#[derive(Clone, Debug)]
struct Val {
    name: String,
    width: u32,
}

/// The module being printed.
struct ModGen<'a, 'b> {
    u: &'a mut Unstructured<'b>,
    body: String,
    vals: Vec<Val>,
    next: usize,
    clocked: bool,
    arith_width: u32,
}

/// The ports of a generated module, for instantiating it.
#[derive(Clone, Debug)]
pub struct Ports {
    /// Input names and widths (a clock input `clk` is not listed).
    pub inputs: Vec<(String, u32)>,
    /// Output names and widths.
    pub outputs: Vec<(String, u32)>,
    /// True if the module has a `clk : !seq.clock` input (first).
    pub clocked: bool,
    /// The widest `mul`, `div*` or `mod*` (0: none): LUT mapping of a 64-bit multiplier
    /// takes about 30 s, so the targets map only designs whose arithmetic is narrow.
    pub arith_width: u32,
}

impl<'a, 'b> ModGen<'a, 'b> {
    fn fresh(&mut self, width: u32) -> Val {
        self.next += 1;
        Val { name: format!("%v{}", self.next), width }
    }

    fn width(&mut self) -> Result<u32> {
        Ok(*self.u.choose(&WIDTHS)?)
    }

    fn pick(&mut self) -> Result<Val> {
        Ok(self.u.choose(&self.vals)?.clone())
    }

    /// Emits `line` defining a new value of `width` and keeps it in scope.
    fn def(&mut self, width: u32, rhs: &str) -> Val {
        let v = self.fresh(width);
        let _ = writeln!(self.body, "    {} = {rhs}", v.name);
        self.vals.push(v.clone());
        v
    }

    fn constant(&mut self, width: u32) -> Result<Val> {
        let raw: u64 = self.u.arbitrary()?;
        let value = match *self.u.choose(&[0u8, 1, 2, 3])? {
            0 => 0,
            1 => 1,
            2 => raw & mask(width.min(63)),
            _ => mask(width.min(63)),
        };
        Ok(self.def(width, &format!("hw.constant {value} : i{width}")))
    }

    /// A value of exactly `width` bits: one of that width, or another one cut or extended.
    fn operand(&mut self, width: u32) -> Result<Val> {
        let same: Vec<Val> = self.vals.iter().filter(|v| v.width == width).cloned().collect();
        if !same.is_empty() && self.u.ratio(3u8, 4)? {
            return Ok(self.u.choose(&same)?.clone());
        }
        let v = self.pick()?;
        self.adapt(v, width)
    }

    fn adapt(&mut self, v: Val, width: u32) -> Result<Val> {
        if v.width == width {
            return Ok(v);
        }
        if v.width > width {
            let lo = self.u.int_in_range(0..=v.width - width)?;
            let rhs = format!("comb.extract {} from {lo} : (i{}) -> i{width}", v.name, v.width);
            return Ok(self.def(width, &rhs));
        }
        let pad = width - v.width;
        let zero = self.def(pad, &format!("hw.constant 0 : i{pad}"));
        let rhs = format!("comb.concat {}, {} : i{pad}, i{}", zero.name, v.name, v.width);
        Ok(self.def(width, &rhs))
    }

    /// One random op.
    fn op(&mut self) -> Result<()> {
        match self.u.int_in_range(0u8..=11)? {
            0 => {
                let w = self.width()?;
                self.constant(w)?;
            }
            1..=3 => self.binary()?,
            4 => self.variadic()?,
            5 => self.icmp()?,
            6 => self.mux()?,
            7 => self.extract()?,
            8 => self.concat()?,
            9 => self.replicate()?,
            10 => {
                let a = self.pick()?;
                self.def(1, &format!("comb.parity {} : i{}", a.name, a.width));
            }
            _ => self.register()?,
        }
        Ok(())
    }

    fn binary(&mut self) -> Result<()> {
        let op = *self.u.choose(&BINARY)?;
        let a = self.pick()?;
        let b = self.operand(a.width)?;
        self.note_arith(op, a.width);
        self.def(a.width, &format!("comb.{op} {}, {} : i{}", a.name, b.name, a.width));
        Ok(())
    }

    fn variadic(&mut self) -> Result<()> {
        let op = *self.u.choose(&VARIADIC)?;
        let a = self.pick()?;
        let n = self.u.int_in_range(1..=3)?;
        let mut names = vec![a.name.clone()];
        for _ in 0..n {
            names.push(self.operand(a.width)?.name);
        }
        self.note_arith(op, a.width);
        self.def(a.width, &format!("comb.{op} {} : i{}", names.join(", "), a.width));
        Ok(())
    }

    fn note_arith(&mut self, op: &str, width: u32) {
        if matches!(op, "mul" | "divu" | "divs" | "modu" | "mods") {
            self.arith_width = self.arith_width.max(width);
        }
    }

    fn icmp(&mut self) -> Result<()> {
        let pred = *self.u.choose(&PREDS)?;
        let a = self.pick()?;
        let b = self.operand(a.width)?;
        self.def(1, &format!("comb.icmp {pred} {}, {} : i{}", a.name, b.name, a.width));
        Ok(())
    }

    fn mux(&mut self) -> Result<()> {
        let s = self.operand(1)?;
        let a = self.pick()?;
        let b = self.operand(a.width)?;
        self.def(a.width, &format!("comb.mux {}, {}, {} : i{}", s.name, a.name, b.name, a.width));
        Ok(())
    }

    fn extract(&mut self) -> Result<()> {
        let a = self.pick()?;
        let w = self.u.int_in_range(1..=a.width)?;
        let lo = self.u.int_in_range(0..=a.width - w)?;
        self.def(w, &format!("comb.extract {} from {lo} : (i{}) -> i{w}", a.name, a.width));
        Ok(())
    }

    fn concat(&mut self) -> Result<()> {
        let n = self.u.int_in_range(2..=3)?;
        let mut parts = Vec::new();
        let mut total = 0;
        for _ in 0..n {
            let v = self.pick()?;
            if total + v.width > MAX_WIDTH {
                break;
            }
            total += v.width;
            parts.push(v);
        }
        if parts.is_empty() {
            return Ok(());
        }
        let names: Vec<&str> = parts.iter().map(|v| v.name.as_str()).collect();
        let tys: Vec<String> = parts.iter().map(|v| format!("i{}", v.width)).collect();
        let rhs = format!("comb.concat {} : {}", names.join(", "), tys.join(", "));
        self.def(total, &rhs);
        Ok(())
    }

    fn replicate(&mut self) -> Result<()> {
        let a = self.pick()?;
        let n = self.u.int_in_range(1..=4u32)?;
        if a.width * n > MAX_WIDTH {
            return Ok(());
        }
        let w = a.width * n;
        self.def(w, &format!("comb.replicate {} : (i{}) -> i{w}", a.name, a.width));
        Ok(())
    }

    fn register(&mut self) -> Result<()> {
        let a = self.pick()?;
        self.clocked = true;
        self.def(a.width, &format!("seq.compreg {}, %clk : i{}", a.name, a.width));
        Ok(())
    }
}

fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// A random comb (and sometimes `seq.compreg`) module named `name`, as MLIR text, and its
/// ports.
pub fn comb_module(u: &mut Unstructured, name: &str) -> Result<(String, Ports)> {
    let mut g = ModGen { u, body: String::new(), vals: Vec::new(), next: 0, clocked: false, arith_width: 0 };
    let n_in = g.u.int_in_range(1..=4)?;
    let mut inputs = Vec::new();
    for i in 0..n_in {
        let w = g.width()?;
        inputs.push((format!("i{i}"), w));
        g.vals.push(Val { name: format!("%i{i}"), width: w });
    }
    let ops = g.u.int_in_range(1..=32)?;
    for _ in 0..ops {
        g.op()?;
    }
    let n_out = g.u.int_in_range(1..=4)?;
    let mut outs = Vec::new();
    for k in 0..n_out {
        // The last value is always an output, so the last op is observable.
        let v = if k == 0 { g.vals.last().cloned().unwrap_or_else(|| g.vals[0].clone()) } else { g.pick()? };
        outs.push(v);
    }
    let (clocked, arith_width) = (g.clocked, g.arith_width);
    let mut ports: Vec<String> = Vec::new();
    if clocked {
        ports.push("in %clk : !seq.clock".into());
    }
    ports.extend(inputs.iter().map(|(n, w)| format!("in %{n} : i{w}")));
    ports.extend(outs.iter().enumerate().map(|(k, v)| format!("out o{k} : i{}", v.width)));
    let names: Vec<&str> = outs.iter().map(|v| v.name.as_str()).collect();
    let tys: Vec<String> = outs.iter().map(|v| format!("i{}", v.width)).collect();
    let text = format!(
        "hw.module @{name}({}) {{\n{}    hw.output {} : {}\n}}\n",
        ports.join(", "),
        g.body,
        names.join(", "),
        tys.join(", ")
    );
    let outputs = outs.iter().enumerate().map(|(k, v)| (format!("o{k}"), v.width)).collect();
    Ok((text, Ports { inputs, outputs, clocked, arith_width }))
}

/// One random module `c0`, `c1`, ... per input and a top `batch` that instantiates each on
/// its own inputs (`c3_i1`, ...) and outputs (`c3_o0`, ...), with one shared `clk`.
pub fn comb_batch(designs: &[&[u8]]) -> Result<String> {
    let mut text = String::new();
    let mut ports = vec!["in %clk : !seq.clock".to_string()];
    let mut body = String::new();
    let mut outs: Vec<(String, u32)> = Vec::new();
    for (c, data) in designs.iter().enumerate() {
        let (m, p) = comb_module(&mut Unstructured::new(data), &format!("c{c}"))?;
        text += &m;
        let mut args: Vec<String> = Vec::new();
        if p.clocked {
            args.push("clk: %clk : !seq.clock".into());
        }
        for (n, w) in &p.inputs {
            ports.push(format!("in %c{c}_{n} : i{w}"));
            args.push(format!("{n}: %c{c}_{n} : i{w}"));
        }
        let results: Vec<String> = p.outputs.iter().map(|(n, _)| format!("%c{c}_{n}")).collect();
        let rtys: Vec<String> = p.outputs.iter().map(|(n, w)| format!("{n}: i{w}")).collect();
        let _ = writeln!(
            body,
            "    {} = hw.instance \"u{c}\" @c{c}({}) -> ({})",
            results.join(", "),
            args.join(", "),
            rtys.join(", ")
        );
        outs.extend(p.outputs.iter().map(|(n, w)| (format!("c{c}_{n}"), *w)));
    }
    ports.extend(outs.iter().map(|(n, w)| format!("out {n} : i{w}")));
    let names: Vec<String> = outs.iter().map(|(n, _)| format!("%{n}")).collect();
    let tys: Vec<String> = outs.iter().map(|(_, w)| format!("i{w}")).collect();
    let _ = write!(
        text,
        "hw.module @batch({}) {{\n{body}    hw.output {} : {}\n}}\n",
        ports.join(", "),
        names.join(", "),
        tys.join(", ")
    );
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_bytes_give_a_design_the_flow_accepts() {
        for seed in 0..200u64 {
            let bytes: Vec<u8> =
                (0..512).map(|i| (seed.wrapping_mul(2654435761) >> (i % 29)) as u8 ^ i as u8).collect();
            let (text, _) = comb_module(&mut Unstructured::new(&bytes), "m").unwrap();
            let r = flow::Flow::at(flow::OptLevel::O0).load_text("g.mlir", &text);
            assert!(r.is_ok(), "{text}\n{}", r.unwrap_err());
        }
        let text = comb_batch(&[&[7; 300], &[9; 300], &[]]).unwrap();
        assert!(flow::Flow::default().load_text("b.mlir", &text).is_ok(), "{text}");
    }
}
