//! The data file of `cosim --data FILE` (and of a sweep's simulated cycles): the scalar
//! arguments and memory contents of an HLS kernel's run,
//! as JSON, read with the place of every value so that a bad one is a located error
//! (`data.json:3:12: ...`); and `--dump FILE`, the run's results and final memories in
//! the same notation.
//!
//! ```json
//! {"args": {"%n": 5, "%x": -3, "%scale": 1.5},
//!  "memories": {"%A": [1, 2, 3], "%M": [[1, 2], [3, 4]], "%F": ["0x3f800000", 2.5]}}
//! ```
//! Names are the function's parameter names, with or without `%`. Every scalar argument
//! must be given; a memory not given starts as zeros. A memory is its elements in
//! row-major order, flat or nested. An integer is a JSON integer in the range of its
//! width, signed or unsigned (`-1` and `255` are the same `i8`), or a bit pattern as a
//! string `"0x..."`; a float is a JSON number (rounded to the format, nearest even), the
//! string `"inf"`, `"-inf"` or `"nan"`, or a bit pattern `"0x..."`.

use crate::float::FloatFormat;
use crate::interp::{ArgValue, Param, Signature};
use mlir_text::{Diagnostic, SourceFile, Span};

/// A JSON value and where it is.
#[derive(Debug)]
struct Json {
    span: Span,
    kind: Kind,
}

#[derive(Debug)]
enum Kind {
    Null,
    Bool,
    /// The number's text.
    Num(String),
    Str(String),
    Arr(Vec<Json>),
    /// Members: key, the key's place, value.
    Obj(Vec<(String, Span, Json)>),
}

/// A small JSON reader that keeps byte offsets.
struct Reader<'a> {
    s: &'a [u8],
    at: usize,
}

type R<T> = Result<T, Diagnostic>;

impl Reader<'_> {
    fn span(&self, start: usize) -> Span {
        Span { start: start as u32, end: self.at.max(start + 1) as u32 }
    }
    fn err<T>(&self, msg: impl Into<String>) -> R<T> {
        Err(Diagnostic::error(Span { start: self.at as u32, end: self.at as u32 + 1 }, msg))
    }
    fn ws(&mut self) {
        while self.s.get(self.at).is_some_and(|c| c.is_ascii_whitespace()) {
            self.at += 1;
        }
    }
    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.at) == Some(&c) {
            self.at += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, c: u8) -> R<()> {
        if self.eat(c) {
            Ok(())
        } else {
            self.err(format!("expected '{}'", c as char))
        }
    }

    fn value(&mut self, depth: u32) -> R<Json> {
        self.ws();
        if depth > 64 {
            return self.err("nested too deeply");
        }
        let start = self.at;
        let kind = match self.s.get(self.at) {
            Some(b'{') => {
                self.at += 1;
                let mut members = Vec::new();
                if !self.eat(b'}') {
                    loop {
                        self.ws();
                        let kstart = self.at;
                        let key = self.string()?;
                        let kspan = self.span(kstart);
                        self.expect(b':')?;
                        members.push((key, kspan, self.value(depth + 1)?));
                        if self.eat(b'}') {
                            break;
                        }
                        self.expect(b',')?;
                    }
                }
                Kind::Obj(members)
            }
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                if !self.eat(b']') {
                    loop {
                        items.push(self.value(depth + 1)?);
                        if self.eat(b']') {
                            break;
                        }
                        self.expect(b',')?;
                    }
                }
                Kind::Arr(items)
            }
            Some(b'"') => Kind::Str(self.string()?),
            Some(c) if c.is_ascii_digit() || *c == b'-' => {
                while self.s.get(self.at).is_some_and(|c| c.is_ascii_alphanumeric() || b"+-.".contains(c)) {
                    self.at += 1;
                }
                Kind::Num(String::from_utf8_lossy(&self.s[start..self.at]).into_owned())
            }
            _ => {
                for (word, k) in [("true", Kind::Bool), ("false", Kind::Bool), ("null", Kind::Null)] {
                    if self.s[self.at..].starts_with(word.as_bytes()) {
                        self.at += word.len();
                        return Ok(Json { span: self.span(start), kind: k });
                    }
                }
                return self.err("expected a JSON value");
            }
        };
        Ok(Json { span: self.span(start), kind })
    }

    /// A string (the escapes JSON has; `\u` as one UTF-16 unit).
    fn string(&mut self) -> R<String> {
        if self.s.get(self.at) != Some(&b'"') {
            return self.err("expected a string");
        }
        self.at += 1;
        let mut out = Vec::new();
        loop {
            match self.s.get(self.at) {
                None => return self.err("unterminated string"),
                Some(b'"') => break,
                Some(b'\\') => {
                    let c = *self.s.get(self.at + 1).unwrap_or(&b'?');
                    self.at += 2;
                    match c {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'b' | b'f' => {}
                        b'u' => {
                            let hex = std::str::from_utf8(self.s.get(self.at..self.at + 4).unwrap_or(b""))
                                .unwrap_or("");
                            let ch =
                                u32::from_str_radix(hex, 16).ok().and_then(char::from_u32).unwrap_or('?');
                            out.extend(ch.to_string().bytes());
                            self.at += 4;
                        }
                        c => out.push(c),
                    }
                    continue;
                }
                Some(&c) => out.push(c),
            }
            self.at += 1;
        }
        self.at += 1;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }
}

/// Reads the data file: one argument per parameter of `sig`.
pub fn read(src: &SourceFile, sig: &Signature) -> Result<Vec<ArgValue>, Vec<Diagnostic>> {
    let mut r = Reader { s: src.text().as_bytes(), at: 0 };
    let top = r.value(0).map_err(|d| vec![d])?;
    r.ws();
    if r.at < r.s.len() {
        return Err(vec![r.err::<()>("trailing text after the JSON value").unwrap_err()]);
    }
    args(&top, sig).map_err(|d| vec![d])
}

fn members<'j>(j: &'j Json, what: &str) -> R<&'j [(String, Span, Json)]> {
    match &j.kind {
        Kind::Obj(m) => Ok(m),
        _ => Err(Diagnostic::error(j.span, format!("{what} must be an object"))),
    }
}

/// The parameters' values from the top object.
fn args(top: &Json, sig: &Signature) -> R<Vec<ArgValue>> {
    let name = |p: &Param| match p {
        Param::Scalar { name, .. } | Param::MemRef { name, .. } => name.clone(),
    };
    let (mut scalars, mut mems) = (None, None);
    for (k, ks, v) in members(top, "the data")? {
        match k.as_str() {
            "args" => scalars = Some(members(v, "\"args\"")?),
            "memories" => mems = Some(members(v, "\"memories\"")?),
            _ => {
                return Err(Diagnostic::error(
                    *ks,
                    format!("unknown key \"{k}\": the keys are \"args\" and \"memories\""),
                ))
            }
        }
    }
    // Every name given must be a parameter of the right kind.
    let known = |given: &str, memory: bool| {
        sig.params
            .iter()
            .any(|p| name(p) == given.trim_start_matches('%') && matches!(p, Param::MemRef { .. }) == memory)
    };
    let list = |memory: bool| {
        let v: Vec<String> = sig
            .params
            .iter()
            .filter(|p| matches!(p, Param::MemRef { .. }) == memory)
            .map(|p| format!("%{}", name(p)))
            .collect();
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(", ")
        }
    };
    for (given, memory) in [(scalars, false), (mems, true)] {
        for (k, ks, _) in given.unwrap_or(&[]) {
            if !known(k, memory) {
                let what = if memory { "memory" } else { "scalar argument" };
                return Err(Diagnostic::error(
                    *ks,
                    format!("@{} has no {what} named {k} (its {what}s: {})", sig.name, list(memory)),
                ));
            }
        }
    }
    let mut out = Vec::new();
    for (i, p) in sig.params.iter().enumerate() {
        let f = sig.param_floats.get(i).copied().flatten();
        out.push(match p {
            Param::Scalar { name, width } => match find(scalars, name) {
                Some(v) => ArgValue::Scalar(word(v, *width, f)?),
                None => {
                    return Err(Diagnostic::error(
                        top.span,
                        format!("no value for the scalar argument %{name} in \"args\""),
                    ))
                }
            },
            Param::MemRef { name, shape, width } => {
                let n: u64 = shape.iter().product::<u64>().max(1);
                match find(mems, name) {
                    None => ArgValue::MemRef(vec![0; n as usize]),
                    Some(v) => {
                        let mut flat = Vec::new();
                        flatten(v, &mut flat);
                        if flat.len() as u64 != n {
                            let dims: Vec<String> = shape.iter().map(u64::to_string).collect();
                            return Err(Diagnostic::error(
                                v.span,
                                format!(
                                    "memory %{name} ({}) has {n} elements, the data gives {}",
                                    dims.join("x"),
                                    flat.len()
                                ),
                            ));
                        }
                        ArgValue::MemRef(flat.into_iter().map(|e| word(e, *width, f)).collect::<R<_>>()?)
                    }
                }
            }
        });
    }
    Ok(out)
}

/// The value given for the parameter `n` (`%n` or `n`), if any.
fn find<'j>(given: Option<&'j [(String, Span, Json)]>, n: &str) -> Option<&'j Json> {
    given.unwrap_or(&[]).iter().find(|(k, _, _)| k.trim_start_matches('%') == n).map(|(_, _, v)| v)
}

/// The leaves of nested arrays in order.
fn flatten<'j>(j: &'j Json, out: &mut Vec<&'j Json>) {
    match &j.kind {
        Kind::Arr(items) => items.iter().for_each(|i| flatten(i, out)),
        _ => out.push(j),
    }
}

/// One value as `width` bits (of format `f` for a float).
fn word(j: &Json, width: u32, f: Option<FloatFormat>) -> R<u64> {
    let bad = |m: String| Err(Diagnostic::error(j.span, m));
    let ty = match f {
        Some(f) => format!("f{}", f.width()),
        None => format!("i{width}"),
    };
    let mask = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
    let text = match &j.kind {
        Kind::Num(t) => t.as_str(),
        Kind::Str(s) if s.starts_with("0x") || s.starts_with("0X") => {
            return match u64::from_str_radix(&s[2..], 16) {
                Ok(v) if v & !mask == 0 => Ok(v),
                Ok(_) => bad(format!("bit pattern {s} is wider than {ty}")),
                Err(_) => bad(format!("'{s}' is not a hexadecimal bit pattern")),
            };
        }
        Kind::Str(s) if f.is_some() && matches!(s.as_str(), "inf" | "-inf" | "nan") => s.as_str(),
        _ => return bad(format!("expected a number or a \"0x...\" bit pattern for {ty}")),
    };
    if let Some(f) = f {
        let v: f64 =
            text.parse().map_err(|_| Diagnostic::error(j.span, format!("'{text}' is not a number")))?;
        return Ok(crate::float::soft::from_f64(f, v));
    }
    let v: i128 = match text.parse() {
        Ok(v) => v,
        Err(_) => return bad(format!("'{text}' is not an integer (the value is an {ty})")),
    };
    let (lo, hi) = (-(1i128 << (width - 1)), (1i128 << width) - 1);
    if v < lo || v > hi {
        return bad(format!("{v} is out of range for {ty} ({lo} to {hi})"));
    }
    Ok((v as u64) & mask)
}

/// A word as the data file writes it: a float as its bit pattern string, an integer as a
/// signed decimal.
pub fn show(bits: u64, width: u32, f: Option<FloatFormat>) -> String {
    match f {
        Some(f) => format!("\"{bits:#0w$x}\"", w = f.width().div_ceil(4) as usize + 2),
        None => crate::interp::data::show(bits, width, None),
    }
}
