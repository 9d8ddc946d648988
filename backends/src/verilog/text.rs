//! Pieces of SystemVerilog text written straight into a `String`: numbers, sized
//! constants and vector ranges, without going through `core::fmt` (the emitter prints
//! several numbers per line, millions of lines for a big module).

use comb::Bits;

/// Appends `v` in decimal.
pub fn push_u32(out: &mut String, v: u32) {
    if v < 10 {
        out.push(char::from(b'0' + v as u8));
        return;
    }
    let mut digits = [0u8; 10];
    let mut n = v;
    let mut i = digits.len();
    while n > 0 {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
}

/// Constants wider than this many bits are printed as a concatenation of pieces this wide,
/// one per line: Icarus 11 overflows its token buffer on a constant of tens of thousands
/// of digits. (A multiple of 64, so pieces are whole words.)
pub const CONST_PIECE_BITS: u32 = 1024;

/// Appends a sized constant: `8'h2A` (upper-case hex, one digit per started nibble). A
/// constant wider than [`CONST_PIECE_BITS`] is a concatenation of sized pieces of at most
/// that width, most significant first, one per line (`{1024'h..., \n    1024'h...}`): the
/// same value and width, in tokens every reader takes.
pub fn push_const(out: &mut String, b: &Bits) {
    if b.width() > CONST_PIECE_BITS {
        let words = b.words();
        let per = (CONST_PIECE_BITS / 64) as usize;
        let pieces = (b.width()).div_ceil(CONST_PIECE_BITS) as usize;
        out.push('{');
        for k in (0..pieces).rev() {
            let low = k as u32 * CONST_PIECE_BITS;
            let width = (b.width() - low).min(CONST_PIECE_BITS);
            let end = (k * per + per).min(words.len());
            push_piece(out, &Bits::from_words(&words[k * per..end], width));
            if k > 0 {
                out.push_str(",\n    ");
            }
        }
        out.push('}');
        return;
    }
    push_piece(out, b);
}

fn push_piece(out: &mut String, b: &Bits) {
    push_u32(out, b.width());
    out.push_str("'h");
    let words = b.words();
    let digits = (b.width() as usize).div_ceil(4).max(1);
    for d in (0..digits).rev() {
        let bit = d * 4;
        let w = words.get(bit / 64).copied().unwrap_or(0);
        let mut nib = (w >> (bit % 64)) & 0xF;
        if bit % 64 > 60 {
            let hi = words.get(bit / 64 + 1).copied().unwrap_or(0);
            nib |= (hi << (64 - bit % 64)) & 0xF;
        }
        out.push(b"0123456789ABCDEF"[nib as usize] as char);
    }
}

/// Appends `[w-1:0] ` for a vector, nothing for a single bit.
pub fn push_range(out: &mut String, w: u32) {
    if w != 1 {
        out.push('[');
        push_u32(out, w.wrapping_sub(1));
        out.push_str(":0] ");
    }
}

/// The texts of [`push_range`] for the widths met so far (a module uses a few widths for
/// all its declarations).
#[derive(Default)]
pub struct Ranges(Vec<(u32, String)>);

impl Ranges {
    /// Appends `[w-1:0] ` for a vector, nothing for a single bit.
    pub fn push(&mut self, out: &mut String, w: u32) {
        if let Some((_, text)) = self.0.iter().find(|(k, _)| *k == w) {
            out.push_str(text);
            return;
        }
        let text = range(w);
        out.push_str(&text);
        if self.0.len() < 16 {
            self.0.push((w, text));
        }
    }
}

/// `[w-1:0] ` for a vector, nothing for a single bit.
pub fn range(w: u32) -> String {
    let mut s = String::new();
    push_range(&mut s, w);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_constants_print_like_fmt() {
        for v in [0, 7, 10, 99, 100, 4_294_967_295] {
            let mut s = String::new();
            push_u32(&mut s, v);
            assert_eq!(s, v.to_string());
        }
        for b in [
            Bits::from_u64(42, 8),
            Bits::zero(1),
            Bits::ones(65),
            Bits::from_u128(0x1234_5678_9ABC_DEF0_0FED_CBA9, 100),
            Bits::zero(0),
        ] {
            let mut s = String::new();
            push_const(&mut s, &b);
            assert_eq!(s, format!("{}'h{}", b.width(), b.to_hex()));
        }
        assert_eq!(range(1), "");
        assert_eq!(range(32), "[31:0] ");
        let mut r = Ranges::default();
        let mut s = String::new();
        for w in (1..40).chain(1..40) {
            r.push(&mut s, w);
        }
        assert_eq!(s, (1..40).chain(1..40).map(range).collect::<String>());
    }
}
