//! The format strings of check messages (`sv.assert ... message "x was %d"(%x) : i8`): the
//! subset of SystemVerilog's `$display` directives the evaluator and the Rust simulator
//! render the way Verilator does, so that cosim can compare failure messages text for text.
//!
//! Directives: `%d` (decimal, right-aligned in spaces to the digits of the width's largest
//! value), `%x`/`%h` (hex, zero-padded to the width's digits), `%b` (binary), `%o` (octal),
//! `%c` (the low byte as a character), each also with `0` between `%` and the letter (`%0d`:
//! no padding) and in upper case; `%%` is a literal `%`. Each directive but `%%` takes one
//! argument of at most 64 bits. Anything else (`%s`, `%t`, `%m`, widths like `%5d`) is not
//! supported, and [`parse`] says which.

/// One piece of a parsed format string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Literal text (with `%%` already turned into `%`).
    Text(String),
    /// A directive: its conversion letter (lower case; `h` is kept apart from `x` only in
    /// the text) and whether it pads to the argument's width.
    Arg {
        /// `d`, `x`, `b`, `o` or `c`.
        conv: char,
        /// False for the `%0d` form.
        pad: bool,
    },
}

/// The widest argument a message may format.
pub const MAX_ARG_WIDTH: u32 = 64;

/// Splits `fmt` into text and directives, or says which directive is not supported.
pub fn parse(fmt: &str) -> Result<Vec<Piece>, String> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut it = fmt.chars().peekable();
    while let Some(c) = it.next() {
        if c != '%' {
            text.push(c);
            continue;
        }
        let zero = it.next_if_eq(&'0').is_some();
        let Some(letter) = it.next() else {
            return Err("the message ends in a lone '%'".into());
        };
        let conv = match letter.to_ascii_lowercase() {
            '%' if !zero => {
                text.push('%');
                continue;
            }
            'd' => 'd',
            'x' | 'h' => 'x',
            'b' => 'b',
            'o' => 'o',
            'c' => 'c',
            _ => {
                let z = if zero { "0" } else { "" };
                return Err(format!(
                    "the message directive '%{z}{letter}' is not supported (only %d %x %h %b %o %c, optionally as %0d, and %%)"
                ));
            }
        };
        if !text.is_empty() {
            out.push(Piece::Text(std::mem::take(&mut text)));
        }
        out.push(Piece::Arg { conv, pad: !zero });
    }
    if !text.is_empty() {
        out.push(Piece::Text(text));
    }
    Ok(out)
}

/// The number of arguments `fmt` takes, or why it is not supported.
pub fn arg_count(fmt: &str) -> Result<usize, String> {
    Ok(parse(fmt)?.iter().filter(|p| matches!(p, Piece::Arg { .. })).count())
}

/// One argument `v` of width `w` (at most 64 bits) under conversion `conv`, as Verilator
/// prints it.
pub fn render_arg(conv: char, pad: bool, v: u64, w: u32) -> String {
    let w = w.clamp(1, 64);
    let v = if w == 64 { v } else { v & ((1u64 << w) - 1) };
    let max = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
    match conv {
        'd' => {
            let digits = if pad { max.to_string().len() } else { 0 };
            format!("{v:>digits$}")
        }
        'x' => {
            let digits = if pad { w.div_ceil(4) as usize } else { 0 };
            format!("{v:0digits$x}")
        }
        'b' => {
            let digits = if pad { w as usize } else { 0 };
            format!("{v:0digits$b}")
        }
        'o' => {
            let digits = if pad { w.div_ceil(3) as usize } else { 0 };
            format!("{v:0digits$o}")
        }
        _ => char::from((v & 0xff) as u8).to_string(),
    }
}

/// The message: `pieces` with `args` (value, width) in order (missing ones print as `?`).
pub fn render(pieces: &[Piece], args: &[(u64, u32)]) -> String {
    let mut out = String::new();
    let mut k = 0;
    for p in pieces {
        match p {
            Piece::Text(t) => out.push_str(t),
            Piece::Arg { conv, pad } => {
                match args.get(k) {
                    Some(&(v, w)) => out.push_str(&render_arg(*conv, *pad, v, w)),
                    None => out.push('?'),
                }
                k += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directives_render_as_verilog_pads_them() {
        let p = parse("x=%d y=%0d h=%h b=%b o=%o c=%c 100%%").unwrap();
        let s = render(&p, &[(5, 8), (5, 8), (10, 12), (5, 4), (8, 6), (65, 8)]);
        assert_eq!(s, "x=  5 y=5 h=00a b=0101 o=10 c=A 100%");
        assert_eq!(render_arg('d', true, u64::MAX, 64), u64::MAX.to_string());
        assert_eq!(render_arg('x', true, 0x1ff, 8), "ff");
    }

    #[test]
    fn unsupported_directives_are_named() {
        assert_eq!(arg_count("%d and %x").unwrap(), 2);
        assert!(parse("%s").unwrap_err().contains("'%s'"));
        assert!(parse("%5d").unwrap_err().contains("'%5'"));
        assert!(parse("tail %").is_err());
    }
}
