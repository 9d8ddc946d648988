//! Integer values of the interpreter and the meaning of every integer `arith` op on them.
//!
//! A value is at most 64 bits, kept zero-extended in a `u64` next to its width; `index` is
//! 32 bits (SPEC section 4), so index arithmetic wraps as i32 does. Each op computes exactly
//! what MLIR's integer semantics give, wrapping at the result width. Where MLIR leaves the
//! result undefined the interpreter picks one answer and the kernels avoid the case:
//!
//! - division and remainder by zero, and signed `MIN / -1`: the circuit's answer (SPEC
//!   section 3: `/0` gives 0, `MIN / -1` gives `MIN`); on x86 both trap, so test data never
//!   hits them (kernels mask divisors, e.g. `andi 127; ori 1`);
//! - shifts by an amount >= the width (poison in MLIR): what `mlir-cpu-runner` computes on
//!   x86 — the machine masks the amount to 5 bits (6 for registers of 64 bits), then an
//!   amount still >= the width gives 0 (`shrsi`: all sign bits). So `i32` and `i64` shift by
//!   the amount modulo the width, and `i8` by 9 gives 0. Kernels mask shift amounts too,
//!   since hardware has no such masking.

/// An integer of 1 to 64 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Int {
    /// The bits, zero above `width`.
    pub bits: u64,
    /// 1..=64.
    pub width: u32,
}

/// The bits of `width` set.
pub fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

impl Int {
    /// `bits` truncated to `width`.
    pub fn new(bits: u64, width: u32) -> Int {
        Int { bits: bits & mask(width), width }
    }
    /// From a signed value (two's complement, truncated).
    pub fn from_i64(v: i64, width: u32) -> Int {
        Int::new(v as u64, width)
    }
    /// A 1-bit value.
    pub fn from_bool(b: bool) -> Int {
        Int { bits: b as u64, width: 1 }
    }
    /// Sign-extended value.
    pub fn signed(self) -> i64 {
        let sh = 64 - self.width;
        ((self.bits << sh) as i64) >> sh
    }
    /// Zero-extended value.
    pub fn unsigned(self) -> u64 {
        self.bits
    }
    /// True if not zero.
    pub fn is_true(self) -> bool {
        self.bits != 0
    }
    fn min_signed(self) -> i64 {
        Int::new(1u64 << (self.width - 1), self.width).signed()
    }
}

/// A binary integer op of `arith` (also the seed's `addi`, `muli`, ...), by its short name.
/// `None` if the name is not one of them.
pub fn binary(op: &str, a: Int, b: Int) -> Option<Int> {
    let w = a.width;
    let (sa, sb, ua, ub) = (a.signed(), b.signed(), a.unsigned(), b.unsigned());
    let r = match op {
        "addi" => Int::new(ua.wrapping_add(ub), w),
        "subi" => Int::new(ua.wrapping_sub(ub), w),
        "muli" => Int::new(ua.wrapping_mul(ub), w),
        "andi" | "and" => Int::new(ua & ub, w),
        "ori" | "or" => Int::new(ua | ub, w),
        "xori" | "xor" => Int::new(ua ^ ub, w),
        "divui" | "divi_unsigned" => Int::new(ua.checked_div(ub).unwrap_or(0), w),
        "remui" | "remi_unsigned" => Int::new(ua.checked_rem(ub).unwrap_or(0), w),
        "ceildivui" => Int::new(if ub == 0 { 0 } else { ua.div_ceil(ub) }, w),
        "divsi" | "divi_signed" => Int::from_i64(signed_div(a, b, Round::Zero), w),
        "remsi" | "remi_signed" => Int::from_i64(if sb == 0 { 0 } else { sa.wrapping_rem(sb) }, w),
        "ceildivsi" => Int::from_i64(signed_div(a, b, Round::Up), w),
        "floordivsi" => Int::from_i64(signed_div(a, b, Round::Down), w),
        "maxsi" => Int::from_i64(sa.max(sb), w),
        "minsi" => Int::from_i64(sa.min(sb), w),
        "maxui" => Int::new(ua.max(ub), w),
        "minui" => Int::new(ua.min(ub), w),
        "shli" | "shift_left" => shift(a, b, |x, n| x << n, false),
        "shrui" | "shift_right_unsigned" => shift(a, b, |x, n| x >> n, false),
        "shrsi" | "shift_right_signed" => {
            shift(a, b, |x, n| ((x << (64 - w)) as i64 >> (64 - w + n)) as u64, true)
        }
        _ => return None,
    };
    Some(r)
}

enum Round {
    Zero,
    Up,
    Down,
}

/// Signed division rounding as asked; `/0` gives 0 and `MIN / -1` gives `MIN` (see the
/// module header).
fn signed_div(a: Int, b: Int, round: Round) -> i64 {
    let (x, y) = (a.signed(), b.signed());
    if y == 0 {
        return 0;
    }
    if y == -1 && x == a.min_signed() {
        return x;
    }
    let q = x.wrapping_div(y);
    let exact = x.wrapping_rem(y) == 0;
    let negative = (x < 0) != (y < 0);
    match round {
        Round::Zero => q,
        Round::Up if !exact && !negative => q + 1,
        Round::Down if !exact && negative => q - 1,
        _ => q,
    }
}

/// A shift with x86's treatment of large amounts (see the module header).
fn shift(a: Int, b: Int, f: impl Fn(u64, u32) -> u64, arith: bool) -> Int {
    let w = a.width;
    let reg_mask = if w > 32 { 63 } else { 31 };
    let n = (b.unsigned() & reg_mask) as u32;
    if n >= w {
        let fill = if arith && a.signed() < 0 { u64::MAX } else { 0 };
        return Int::new(fill, w);
    }
    Int::new(f(a.bits, n), w)
}

/// Whether MLIR leaves `op` on these operands undefined: division or remainder by zero,
/// signed `MIN / -1` (both trap on x86), or a shift by at least the width (poison).
pub fn undefined(op: &str, a: Int, b: Int) -> Option<&'static str> {
    let signed_div =
        matches!(op, "divsi" | "divi_signed" | "remsi" | "remi_signed" | "ceildivsi" | "floordivsi");
    let div = signed_div || matches!(op, "divui" | "divi_unsigned" | "remui" | "remi_unsigned" | "ceildivui");
    if div && b.bits == 0 {
        return Some("division by zero");
    }
    if signed_div && b.signed() == -1 && a.signed() == a.min_signed() {
        return Some("signed division of the most negative value by -1");
    }
    let shift = matches!(
        op,
        "shli" | "shrui" | "shrsi" | "shift_left" | "shift_right_signed" | "shift_right_unsigned"
    );
    if shift && b.bits >= a.width as u64 {
        return Some("shift by at least the width");
    }
    None
}

/// `arith.cmpi` by predicate number (MLIR's order: eq ne slt sle sgt sge ult ule ugt uge).
pub fn compare(pred: u32, a: Int, b: Int) -> Option<bool> {
    let (sa, sb, ua, ub) = (a.signed(), b.signed(), a.unsigned(), b.unsigned());
    Some(match pred {
        0 => ua == ub,
        1 => ua != ub,
        2 => sa < sb,
        3 => sa <= sb,
        4 => sa > sb,
        5 => sa >= sb,
        6 => ua < ub,
        7 => ua <= ub,
        8 => ua > ub,
        9 => ua >= ub,
        _ => return None,
    })
}

/// The predicate number of a `cmpi` predicate name.
pub fn predicate_number(name: &str) -> Option<u32> {
    ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
        .iter()
        .position(|p| *p == name)
        .map(|p| p as u32)
}

/// Width conversions: `extsi`, `extui`, `trunci`, `index_cast` (signed), `index_castui`
/// (unsigned), `bitcast` of equal widths.
pub fn convert(op: &str, a: Int, to: u32) -> Option<Int> {
    Some(match op {
        "extsi" | "index_cast" => Int::from_i64(a.signed(), to),
        "extui" | "index_castui" | "trunci" | "bitcast" => Int::new(a.bits, to),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i(v: i64, w: u32) -> Int {
        Int::from_i64(v, w)
    }

    #[test]
    fn wraps_at_the_width() {
        assert_eq!(binary("addi", i(127, 8), i(1, 8)).unwrap().signed(), -128);
        assert_eq!(binary("muli", i(-3, 5), i(7, 5)).unwrap().signed(), 11);
        assert_eq!(binary("subi", i(0, 13), i(1, 13)).unwrap().unsigned(), 0x1fff);
    }

    #[test]
    fn signed_divisions_round_as_named() {
        let d = |op: &str, a: i64, b: i64| binary(op, i(a, 32), i(b, 32)).unwrap().signed();
        assert_eq!(d("divsi", -7, 2), -3);
        assert_eq!(d("remsi", -7, 2), -1);
        assert_eq!(d("ceildivsi", -7, 2), -3);
        assert_eq!(d("ceildivsi", 7, 2), 4);
        assert_eq!(d("floordivsi", -7, 2), -4);
        assert_eq!(d("floordivsi", 7, -2), -4);
        assert_eq!(d("floordivsi", 6, -2), -3);
        assert_eq!(d("divsi", i32::MIN as i64, -1), i32::MIN as i64);
        assert_eq!(d("divsi", 5, 0), 0);
        assert_eq!(binary("ceildivui", i(7, 8), i(2, 8)).unwrap().unsigned(), 4);
    }

    #[test]
    fn shifts_follow_x86() {
        assert_eq!(binary("shli", i(1, 32), i(33, 32)).unwrap().unsigned(), 2);
        assert_eq!(binary("shli", i(3, 8), i(9, 8)).unwrap().unsigned(), 0);
        assert_eq!(binary("shrsi", i(-8, 8), i(9, 8)).unwrap().signed(), -1);
        assert_eq!(binary("shrsi", i(-8, 16), i(2, 16)).unwrap().signed(), -2);
        assert_eq!(binary("shrui", i(-8, 16), i(2, 16)).unwrap().unsigned(), 0x3ffe);
    }

    #[test]
    fn compares_and_conversions() {
        assert_eq!(compare(2, i(-1, 8), i(0, 8)), Some(true));
        assert_eq!(compare(6, i(-1, 8), i(0, 8)), Some(false));
        assert_eq!(predicate_number("uge"), Some(9));
        assert_eq!(convert("extsi", i(-2, 5), 16).unwrap().signed(), -2);
        assert_eq!(convert("extui", i(-2, 5), 16).unwrap().unsigned(), 30);
        assert_eq!(convert("trunci", i(0x1ff, 16), 8).unwrap().unsigned(), 0xff);
    }
}
