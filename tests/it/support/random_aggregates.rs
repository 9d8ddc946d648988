//! Re-spells the `--emit mlir` text of a random netlist ([`comb::random`]) with CIRCT's
//! aggregates, so the differential tests run `!hw.array` and `!hw.struct` values.
//!
//! The netlist has no aggregates (the reader lowers them to bit vectors), so the generator
//! cannot make them directly; instead some ops of the printed text are rewritten into
//! aggregate forms that mean the same bits in CIRCT's layout (struct fields declared first
//! and array elements of the highest index in the high bits):
//! - `comb.concat` as `hw.struct_create`, `hw.array_create` (equal widths), a chain of
//!   `hw.struct_inject` into a zero struct, or `hw.array_concat` of bit arrays, each then
//!   `hw.bitcast` to the integer;
//! - `comb.extract` as `hw.struct_extract` or `hw.struct_explode` of a `{hi, mid, lo}`
//!   struct, or `hw.array_slice` / `hw.array_get` of an array of `g`-bit elements;
//! - `comb.mux` as `hw.array_get` of a two-element `hw.array_create`, as an
//!   `hw.array_inject` at the select then a constant-index get, or as a mux of two
//!   aggregate values;
//! - `seq.compreg`/`seq.compreg.ce` (without an initial value) as a register of an
//!   aggregate type between bitcasts;
//! - ports of the top module as aggregate ports (flattened to the same name and width by
//!   the reader, so the test benches drive them unchanged).
//!
//! Because every rewrite keeps the bits, the netlist read from the re-spelled text must
//! evaluate exactly as the original: a lowering error shows as a trace difference, and the
//! judges that run on it (Verilator, Icarus, ABC, cosim) see the lowered aggregates.

use comb::rng::Rng;

/// Fresh value names start with this (the printer never uses it).
const FRESH: &str = "%xag";

/// What a re-spelling produced, for the tests' coverage assertions.
pub fn aggregate_op_counts(text: &str) -> Vec<(&'static str, usize)> {
    [
        "hw.struct_create",
        "hw.struct_extract",
        "hw.struct_inject",
        "hw.struct_explode",
        "hw.array_create",
        "hw.array_get",
        "hw.array_slice",
        "hw.array_concat",
        "hw.array_inject",
        "hw.bitcast",
    ]
    .into_iter()
    .map(|op| (op, text.matches(&format!(" = {op} ")).count()))
    .collect()
}

/// Rewrites about `num/den` of the concat, extract, mux and register lines of `text` (our
/// printer's custom form) and of the ports of module `top` into aggregate spellings; seeded.
/// With `circt_162`, only ops that CIRCT 1.62 (the PyPI release the tests verify with) has:
/// no `hw.array_inject`.
pub fn spell_aggregates(text: &str, top: &str, seed: u64, (num, den): (u64, u64), circt_162: bool) -> String {
    assert!(!text.contains(FRESH), "the text already uses {FRESH} names");
    let mut s = Speller { rng: Rng::new(seed ^ 0xA66_2E6A7E), fresh: 0, inject: !circt_162 };
    let mut out: Vec<String> = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let header = format!("  hw.module @{top}(");
        if line.starts_with(&header) {
            let mut body: Vec<String> = Vec::new();
            for l in lines.by_ref() {
                if l == "  }" {
                    break;
                }
                body.push(l.to_string());
            }
            out.extend(s.top_module(line, body, num, den));
            out.push("  }".to_string());
            continue;
        }
        match s.chance(num, den).then(|| s.op(line)).flatten() {
            Some(new) => out.extend(new),
            None => out.push(line.to_string()),
        }
    }
    let mut t = out.join("\n");
    t.push('\n');
    t
}

struct Speller {
    rng: Rng,
    fresh: usize,
    /// Whether `hw.array_inject` may be used.
    inject: bool,
}

/// `iN` to `N`.
fn width(ty: &str) -> Option<u32> {
    ty.trim().strip_prefix('i')?.parse().ok()
}

fn clog2(n: u32) -> u32 {
    32 - (n - 1).leading_zeros()
}

/// Replaces the value `name` (with its `%`) by `by` wherever it stands as a whole token.
fn rename(line: &str, name: &str, by: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(i) = rest.find(name) {
        let after = &rest[i + name.len()..];
        let whole = !after.starts_with(|c: char| c.is_ascii_alphanumeric() || "_$.-".contains(c));
        out.push_str(&rest[..i]);
        out.push_str(if whole { by } else { name });
        rest = after;
    }
    out.push_str(rest);
    out
}

impl Speller {
    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.rng.chance(num, den)
    }

    fn name(&mut self) -> String {
        self.fresh += 1;
        format!("{FRESH}{}", self.fresh)
    }

    /// A random aggregate type of `w` bits: an array of equal elements, a two- or
    /// three-field struct, possibly nested.
    fn agg_type(&mut self, w: u32, depth: u32) -> String {
        let divisors: Vec<u32> = (2..=w).filter(|k| w.is_multiple_of(*k)).collect();
        if w >= 2 && !divisors.is_empty() && self.rng.chance(1, 2) {
            let k = *self.rng.pick(&divisors);
            let elem = if depth < 1 && w / k >= 2 && self.rng.chance(1, 3) {
                self.agg_type(w / k, depth + 1)
            } else {
                format!("i{}", w / k)
            };
            return format!("!hw.array<{k}x{elem}>");
        }
        if w == 1 {
            return "!hw.struct<b: i1>".to_string();
        }
        let hi = self.rng.range(1, w as u64 - 1) as u32;
        let first = if depth < 1 && hi >= 2 && self.rng.chance(1, 3) {
            self.agg_type(hi, depth + 1)
        } else {
            format!("i{hi}")
        };
        format!("!hw.struct<h: {first}, l: i{}>", w - hi)
    }

    /// The rewrite of one op line, if it is one the speller knows.
    fn op(&mut self, line: &str) -> Option<Vec<String>> {
        let (r, rhs) = line.trim().split_once(" = ")?;
        // `%_c$N` values are the printer's spelling of NOT and bit reversal (`comb.xor`
        // with ones, a concat of one-bit extracts), which the reader recognizes as such:
        // they stay as printed.
        if r.contains(',') || line.contains("%_c$") {
            return None;
        }
        let (body, ty) = rhs.rsplit_once(" : ")?;
        if let Some(ops) = body.strip_prefix("comb.concat ") {
            self.concat(r, ops, ty)
        } else if let Some(rest) = body.strip_prefix("comb.extract ") {
            self.extract(r, rest, ty)
        } else if let Some(ops) = body.strip_prefix("comb.mux ") {
            self.mux(r, ops.strip_prefix("bin ").unwrap_or(ops), ty)
        } else if body.starts_with("seq.compreg") && !body.contains("initial") && !body.contains("powerOn") {
            self.register(r, body, ty)
        } else {
            None
        }
    }

    fn concat(&mut self, r: &str, ops: &str, tys: &str) -> Option<Vec<String>> {
        let ops: Vec<&str> = ops.split(", ").collect();
        let ws: Vec<u32> = tys.split(", ").map(width).collect::<Option<_>>()?;
        if ops.len() != ws.len() || ops.len() < 2 {
            return None;
        }
        let w: u32 = ws.iter().sum();
        let fields: Vec<String> = ws.iter().enumerate().map(|(i, w)| format!("f{i}: i{w}")).collect();
        let st = format!("!hw.struct<{}>", fields.join(", "));
        let x = self.name();
        let mut v = Vec::new();
        match self.rng.below(4) {
            1 if ws.iter().all(|&k| k == ws[0]) => {
                let at = format!("!hw.array<{}xi{}>", ws.len(), ws[0]);
                v.push(format!("{x} = hw.array_create {} : i{}", ops.join(", "), ws[0]));
                v.push(format!("{r} = hw.bitcast {x} : ({at}) -> i{w}"));
            }
            2 => {
                let k = self.name();
                v.push(format!("{k} = hw.constant 0 : i{w}"));
                v.push(format!("{x} = hw.bitcast {k} : (i{w}) -> {st}"));
                let mut cur = x;
                for (i, o) in ops.iter().enumerate() {
                    let n = self.name();
                    v.push(format!("{n} = hw.struct_inject {cur}[\"f{i}\"], {o} : {st}"));
                    cur = n;
                }
                v.push(format!("{r} = hw.bitcast {cur} : ({st}) -> i{w}"));
            }
            3 => {
                let mut arrays = Vec::new();
                for (o, k) in ops.iter().zip(&ws) {
                    let a = self.name();
                    v.push(format!("{a} = hw.bitcast {o} : (i{k}) -> !hw.array<{k}xi1>"));
                    arrays.push(a);
                }
                let tys: Vec<String> = ws.iter().map(|k| format!("!hw.array<{k}xi1>")).collect();
                v.push(format!("{x} = hw.array_concat {} : {}", arrays.join(", "), tys.join(", ")));
                v.push(format!("{r} = hw.bitcast {x} : (!hw.array<{w}xi1>) -> i{w}"));
            }
            _ => {
                v.push(format!("{x} = hw.struct_create ({}) : {st}", ops.join(", ")));
                v.push(format!("{r} = hw.bitcast {x} : ({st}) -> i{w}"));
            }
        }
        Some(indent(v))
    }

    fn extract(&mut self, r: &str, rest: &str, ty: &str) -> Option<Vec<String>> {
        // rest: `%a from L`, ty: `(iW) -> iN`.
        let (a, low) = rest.split_once(" from ")?;
        let low: u32 = low.parse().ok()?;
        let (from, to) = ty.split_once(" -> ")?;
        let w = width(from.trim_start_matches('(').trim_end_matches(')'))?;
        let n = width(to)?;
        if n == 0 || low + n > w {
            return None;
        }
        let mut v = Vec::new();
        let s = self.name();
        match self.rng.below(3) {
            2 if w >= 2 => {
                let g = gcd(gcd(w, n), if low == 0 { w } else { low });
                let g = if g > 1 && self.rng.chance(1, 2) { g } else { 1 };
                let (len, at) = (w / g, format!("!hw.array<{}xi{g}>", w / g));
                v.push(format!("{s} = hw.bitcast {a} : (i{w}) -> {at}"));
                let (idx, iw) = (self.name(), clog2(len).max(1));
                v.push(match (iw, low / g) {
                    (1, l) => format!("{idx} = hw.constant {}", if l == 1 { "true" } else { "false" }),
                    (_, l) => format!("{idx} = hw.constant {l} : i{iw}"),
                });
                if len < 2 {
                    return None; // an index of one element would be i0
                }
                if n == g {
                    v.push(format!("{r} = hw.array_get {s}[{idx}] : {at}, i{iw}"));
                } else {
                    let (x, st) = (self.name(), format!("!hw.array<{}xi{g}>", n / g));
                    v.push(format!("{x} = hw.array_slice {s}[{idx}] : ({at}) -> {st}"));
                    v.push(format!("{r} = hw.bitcast {x} : ({st}) -> i{n}"));
                }
            }
            k => {
                let mut fields = Vec::new();
                let mut names = Vec::new();
                for (f, fw) in [("hi", w - low - n), ("mid", n), ("lo", low)] {
                    if fw > 0 {
                        fields.push(format!("{f}: i{fw}"));
                        names.push(if f == "mid" { r.to_string() } else { self.name() });
                    }
                }
                let st = format!("!hw.struct<{}>", fields.join(", "));
                v.push(format!("{s} = hw.bitcast {a} : (i{w}) -> {st}"));
                if k == 0 {
                    v.push(format!("{r} = hw.struct_extract {s}[\"mid\"] : {st}"));
                } else {
                    v.push(format!("{} = hw.struct_explode {s} : {st}", names.join(", ")));
                }
            }
        }
        Some(indent(v))
    }

    fn mux(&mut self, r: &str, ops: &str, ty: &str) -> Option<Vec<String>> {
        let [c, a, b]: [&str; 3] = ops.split(", ").collect::<Vec<_>>().try_into().ok()?;
        let w = width(ty)?;
        let at = format!("!hw.array<2x{ty}>");
        let (x, mut v) = (self.name(), Vec::new());
        match self.rng.below(3) {
            0 => {
                v.push(format!("{x} = hw.array_create {a}, {b} : {ty}"));
                v.push(format!("{r} = hw.array_get {x}[{c}] : {at}, i1"));
            }
            1 if self.inject => {
                let (y, one) = (self.name(), self.name());
                v.push(format!("{x} = hw.array_create {b}, {b} : {ty}"));
                v.push(format!("{y} = hw.array_inject {x}[{c}], {a} : {at}, i1"));
                v.push(format!("{one} = hw.constant true"));
                v.push(format!("{r} = hw.array_get {y}[{one}] : {at}, i1"));
            }
            _ => {
                let agg = self.agg_type(w, 0);
                let (xb, xr) = (self.name(), self.name());
                v.push(format!("{x} = hw.bitcast {a} : ({ty}) -> {agg}"));
                v.push(format!("{xb} = hw.bitcast {b} : ({ty}) -> {agg}"));
                v.push(format!("{xr} = comb.mux {c}, {x}, {xb} : {agg}"));
                v.push(format!("{r} = hw.bitcast {xr} : ({agg}) -> {ty}"));
            }
        }
        Some(indent(v))
    }

    /// `seq.compreg[.ce] D, CLK[, EN][ reset RST, V] : iW` as a register of an aggregate.
    fn register(&mut self, r: &str, body: &str, ty: &str) -> Option<Vec<String>> {
        let w = width(ty)?;
        let (op, rest) = body.split_once(' ')?;
        let (ops, reset) = match rest.split_once(" reset ") {
            Some((o, rs)) => (o, Some(rs.split_once(", ")?)),
            None => (rest, None),
        };
        let (d, others) = ops.split_once(", ")?;
        let agg = self.agg_type(w, 0);
        let (da, ra) = (self.name(), self.name());
        let mut v = vec![format!("{da} = hw.bitcast {d} : ({ty}) -> {agg}")];
        let mut reg = format!("{ra} = {op} {da}, {others}");
        if let Some((rst, val)) = reset {
            let va = self.name();
            v.push(format!("{va} = hw.bitcast {val} : ({ty}) -> {agg}"));
            reg.push_str(&format!(" reset {rst}, {va}"));
        }
        v.push(format!("{reg} : {agg}"));
        v.push(format!("{r} = hw.bitcast {ra} : ({agg}) -> {ty}"));
        Some(indent(v))
    }

    /// The top module with some integer ports given aggregate types (bitcasts at the
    /// boundary) and its body re-spelled like the others.
    fn top_module(&mut self, header: &str, body: Vec<String>, num: u64, den: u64) -> Vec<String> {
        let open = header.find('(').unwrap();
        let close = header.rfind(')').unwrap();
        let mut ports = Vec::new();
        let mut extra = Vec::new();
        let mut body = body;
        let mut out_index = 0;
        let mut outputs: Vec<(usize, String, u32)> = Vec::new(); // (index, aggregate, width)
        for p in header[open + 1..close].split(", ") {
            let Some((lhs, ty)) = p.rsplit_once(" : ") else {
                ports.push(p.to_string());
                continue;
            };
            let is_out = lhs.starts_with("out ");
            let w = width(ty);
            let pick = w.is_some_and(|w| w >= 1) && self.chance(num, den);
            if let (true, Some(w)) = (pick, w) {
                let agg = self.agg_type(w, 0);
                if is_out {
                    outputs.push((out_index, agg.clone(), w));
                } else {
                    let port = lhs.trim_start_matches("in ").to_string();
                    let x = self.name();
                    body = body.iter().map(|l| rename(l, &port, &x)).collect();
                    extra.push(format!("    {x} = hw.bitcast {port} : ({agg}) -> {ty}"));
                }
                ports.push(format!("{lhs} : {agg}"));
            } else {
                ports.push(p.to_string());
            }
            out_index += is_out as usize;
        }
        let mut v = vec![format!("{}{}{}", &header[..=open], ports.join(", "), &header[close..])];
        v.extend(extra);
        for line in body {
            if let Some(rest) = line.trim().strip_prefix("hw.output ") {
                let (ops, tys) = rest.split_once(" : ").unwrap();
                let mut ops: Vec<String> = ops.split(", ").map(String::from).collect();
                let mut tys: Vec<String> = tys.split(", ").map(String::from).collect();
                for (i, agg, w) in &outputs {
                    let y = self.name();
                    v.push(format!("    {y} = hw.bitcast {} : (i{w}) -> {agg}", ops[*i]));
                    ops[*i] = y;
                    tys[*i] = agg.clone();
                }
                v.push(format!("    hw.output {} : {}", ops.join(", "), tys.join(", ")));
                continue;
            }
            match self.chance(num, den).then(|| self.op(&line)).flatten() {
                Some(new) => v.extend(new),
                None => v.push(line),
            }
        }
        v
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn indent(v: Vec<String>) -> Vec<String> {
    v.into_iter().map(|l| format!("    {l}")).collect()
}
