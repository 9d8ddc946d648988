//! Runtime support copied verbatim into every generated simulator crate as `src/rt.rs`.
//!
//! Values wider than 128 bits are `[u64; N]` little-endian words with the bits above the
//! width kept zero; these helpers implement SPEC section 3 on them. The VCD writer lives
//! here too. The file is also compiled into the backend (unused there) so that it is
//! type-checked and unit-tested with the rest of the workspace. No dependencies.
#![allow(dead_code, clippy::needless_range_loop)]

use std::io::Write;

/// Clears the bits above `w`.
#[inline]
pub fn mask<const N: usize>(mut a: [u64; N], w: u32) -> [u64; N] {
    let r = w % 64;
    if r != 0 {
        a[N - 1] &= (1u64 << r) - 1;
    }
    a
}
/// Bitwise AND.
#[inline]
pub fn and<const N: usize>(mut a: [u64; N], b: [u64; N]) -> [u64; N] {
    for i in 0..N {
        a[i] &= b[i];
    }
    a
}
/// Bitwise OR.
#[inline]
pub fn or<const N: usize>(mut a: [u64; N], b: [u64; N]) -> [u64; N] {
    for i in 0..N {
        a[i] |= b[i];
    }
    a
}
/// Bitwise XOR.
#[inline]
pub fn xor<const N: usize>(mut a: [u64; N], b: [u64; N]) -> [u64; N] {
    for i in 0..N {
        a[i] ^= b[i];
    }
    a
}
/// Bitwise NOT within `w` bits.
#[inline]
pub fn not<const N: usize>(mut a: [u64; N], w: u32) -> [u64; N] {
    for x in a.iter_mut() {
        *x = !*x;
    }
    mask(a, w)
}
/// Sum modulo 2^w.
#[inline]
pub fn add<const N: usize>(a: [u64; N], b: [u64; N], w: u32) -> [u64; N] {
    let mut r = [0u64; N];
    let mut c = false;
    for i in 0..N {
        let (s1, c1) = a[i].overflowing_add(b[i]);
        let (s2, c2) = s1.overflowing_add(c as u64);
        r[i] = s2;
        c = c1 | c2;
    }
    mask(r, w)
}
/// Difference modulo 2^w.
#[inline]
pub fn sub<const N: usize>(a: [u64; N], b: [u64; N], w: u32) -> [u64; N] {
    add(a, add(not(b, w), from_u128(1), w), w)
}
/// Two's complement negation modulo 2^w.
#[inline]
pub fn neg<const N: usize>(a: [u64; N], w: u32) -> [u64; N] {
    add(not(a, w), from_u128(1), w)
}
/// Product modulo 2^w.
pub fn mul<const N: usize>(a: [u64; N], b: [u64; N], w: u32) -> [u64; N] {
    let mut r = [0u64; N];
    for i in 0..N {
        let mut carry = 0u128;
        for j in 0..N - i {
            let t = r[i + j] as u128 + a[i] as u128 * b[j] as u128 + carry;
            r[i + j] = t as u64;
            carry = t >> 64;
        }
    }
    mask(r, w)
}
/// Unsigned a < b.
#[inline]
pub fn ult<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    for i in (0..N).rev() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}
/// Bit `i`.
#[inline]
pub fn bit(a: &[u64], i: u32) -> bool {
    (a[(i / 64) as usize] >> (i % 64)) & 1 == 1
}
/// Signed a < b for `w`-bit values.
#[inline]
pub fn slt<const N: usize>(a: &[u64; N], b: &[u64; N], w: u32) -> bool {
    let (sa, sb) = (bit(a, w - 1), bit(b, w - 1));
    if sa != sb {
        sa
    } else {
        ult(a, b)
    }
}
fn is_zero(a: &[u64]) -> bool {
    a.iter().all(|&x| x == 0)
}
/// Unsigned quotient and remainder (0 and 0 for a zero divisor).
pub fn divmod<const N: usize>(a: [u64; N], b: [u64; N]) -> ([u64; N], [u64; N]) {
    if is_zero(&b) {
        return ([0; N], [0; N]);
    }
    let mut q = [0u64; N];
    let mut r = [0u64; N];
    let top = (0..N * 64).rev().find(|&i| bit(&a, i as u32)).map_or(0, |i| i + 1);
    for i in (0..top).rev() {
        // r = (r << 1) | a[i]; the remainder stays below b, so the shift cannot overflow
        // except out of the top word when b uses it, handled by the carry check.
        let carry = r[N - 1] >> 63;
        for k in (1..N).rev() {
            r[k] = (r[k] << 1) | (r[k - 1] >> 63);
        }
        r[0] = (r[0] << 1) | bit(&a, i as u32) as u64;
        if carry == 1 || !ult(&r, &b) {
            r = sub(r, b, (N * 64) as u32);
            q[i / 64] |= 1 << (i % 64);
        }
    }
    (q, r)
}
/// Unsigned quotient (x/0 = 0).
pub fn divu<const N: usize>(a: [u64; N], b: [u64; N]) -> [u64; N] {
    divmod(a, b).0
}
/// Unsigned remainder (x%0 = 0).
pub fn modu<const N: usize>(a: [u64; N], b: [u64; N]) -> [u64; N] {
    divmod(a, b).1
}
fn abs<const N: usize>(a: [u64; N], w: u32) -> [u64; N] {
    if bit(&a, w - 1) {
        neg(a, w)
    } else {
        a
    }
}
/// Signed quotient: x/0 = 0, MIN/-1 = MIN.
pub fn divs<const N: usize>(a: [u64; N], b: [u64; N], w: u32) -> [u64; N] {
    if is_zero(&b) {
        return [0; N];
    }
    let q = divu(abs(a, w), abs(b, w));
    if bit(&a, w - 1) != bit(&b, w - 1) {
        neg(q, w)
    } else {
        q
    }
}
/// Signed remainder with the sign of the dividend; x%0 = 0.
pub fn mods<const N: usize>(a: [u64; N], b: [u64; N], w: u32) -> [u64; N] {
    if is_zero(&b) {
        return [0; N];
    }
    let r = modu(abs(a, w), abs(b, w));
    if bit(&a, w - 1) {
        neg(r, w)
    } else {
        r
    }
}
/// The shift amount if it is below `w`.
#[inline]
fn amount(b: &[u64], w: u32) -> Option<u32> {
    if b[1..].iter().any(|&x| x != 0) || b[0] >= w as u64 {
        None
    } else {
        Some(b[0] as u32)
    }
}
/// `a << s` for s < 64 * N, bits beyond the array dropped.
#[inline]
pub fn shl_by<const N: usize>(a: [u64; N], s: u32) -> [u64; N] {
    let mut r = [0u64; N];
    let (ws, bs) = ((s / 64) as usize, s % 64);
    for i in (ws..N).rev() {
        r[i] = a[i - ws] << bs;
        if bs != 0 && i > ws {
            r[i] |= a[i - ws - 1] >> (64 - bs);
        }
    }
    r
}
/// Logical `a >> s` for s < 64 * N.
#[inline]
pub fn shr_by<const N: usize>(a: [u64; N], s: u32) -> [u64; N] {
    let mut r = [0u64; N];
    let (ws, bs) = ((s / 64) as usize, s % 64);
    for i in 0..N - ws {
        r[i] = a[i + ws] >> bs;
        if bs != 0 && i + ws + 1 < N {
            r[i] |= a[i + ws + 1] << (64 - bs);
        }
    }
    r
}
/// Shift left; an amount >= w gives 0.
pub fn shl<const N: usize>(a: [u64; N], b: &[u64; N], w: u32) -> [u64; N] {
    match amount(b, w) {
        Some(s) => mask(shl_by(a, s), w),
        None => [0; N],
    }
}
/// Logical shift right; an amount >= w gives 0.
pub fn shru<const N: usize>(a: [u64; N], b: &[u64; N], w: u32) -> [u64; N] {
    match amount(b, w) {
        Some(s) => shr_by(a, s),
        None => [0; N],
    }
}
/// Arithmetic shift right; an amount >= w gives all sign bits.
pub fn shrs<const N: usize>(a: [u64; N], b: &[u64; N], w: u32) -> [u64; N] {
    let s = amount(b, w).unwrap_or(w - 1);
    let r = shr_by(a, s);
    if bit(&a, w - 1) {
        // Fill bits w-s..w with ones.
        let ones = not([0u64; N], w);
        let fill = mask(shl_by(ones, w - s), w);
        or(r, fill)
    } else {
        r
    }
}
/// XOR of all bits.
#[inline]
pub fn parity(a: &[u64]) -> u8 {
    (a.iter().map(|x| x.count_ones()).sum::<u32>() & 1) as u8
}
/// Bit reversal within `w` bits.
pub fn reverse<const N: usize>(a: [u64; N], w: u32) -> [u64; N] {
    let mut r = [0u64; N];
    for i in 0..N {
        r[N - 1 - i] = a[i].reverse_bits();
    }
    shr_by(r, (N as u32) * 64 - w)
}
/// Zero-extends a `u128`.
#[inline]
pub fn from_u128<const N: usize>(v: u128) -> [u64; N] {
    let mut r = [0u64; N];
    r[0] = v as u64;
    if N > 1 {
        r[1] = (v >> 64) as u64;
    }
    r
}
/// The low 128 bits.
#[inline]
pub fn to_u128(a: &[u64]) -> u128 {
    a[0] as u128 | (a.get(1).copied().unwrap_or(0) as u128) << 64
}
/// The 128 bits starting at bit `low` (zero beyond the array).
#[inline]
pub fn ext_u128(a: &[u64], low: u32) -> u128 {
    let (ws, bs) = ((low / 64) as usize, low % 64);
    let g = |i: usize| a.get(i).copied().unwrap_or(0) as u128;
    let v = g(ws) | g(ws + 1) << 64;
    if bs == 0 {
        v
    } else {
        v >> bs | g(ws + 2) << (128 - bs)
    }
}
/// Bits `low..low + w` of `a`.
#[inline]
pub fn ext<const N: usize>(a: &[u64], low: u32, w: u32) -> [u64; N] {
    let mut r = [0u64; N];
    for i in 0..N {
        r[i] = ext_u128(a, low + 64 * i as u32) as u64;
    }
    mask(r, w)
}
/// ORs `v` (already within its width) into `r` at bit `off`.
#[inline]
pub fn or_at_u128(r: &mut [u64], off: u32, v: u128) {
    let (ws, bs) = ((off / 64) as usize, off % 64);
    let parts = [(v as u64) << bs, if bs == 0 { (v >> 64) as u64 } else { (v >> (64 - bs)) as u64 }];
    for (k, p) in parts.into_iter().enumerate() {
        if let Some(x) = r.get_mut(ws + k) {
            *x |= p;
        }
    }
    if bs != 0 {
        if let Some(x) = r.get_mut(ws + 2) {
            *x |= (v >> (128 - bs)) as u64;
        }
    }
}
/// ORs the words `v` (already within their width) into `r` at bit `off`.
#[inline]
pub fn or_at(r: &mut [u64], off: u32, v: &[u64]) {
    for (i, &x) in v.iter().enumerate() {
        or_at_u128(r, off + 64 * i as u32, x as u128);
    }
}
/// `k` copies of the `n`-bit value `v` (as words).
pub fn rep<const N: usize>(v: &[u64], n: u32, k: u32) -> [u64; N] {
    let mut r = [0u64; N];
    for i in 0..k {
        or_at(&mut r, i * n, v);
    }
    r
}

/// One traced signal: its VCD id and the last value written.
struct Sig {
    id: String,
    width: u32,
    last: Vec<u64>,
}

/// A VCD writer: declares signals once, then writes the changed ones per timestep.
pub struct Vcd {
    out: std::io::BufWriter<std::fs::File>,
    sigs: Vec<Sig>,
    time: u64,
    header_done: bool,
    scope: Vec<String>,
}

fn vcd_id(mut i: usize) -> String {
    let mut s = String::new();
    loop {
        s.push((b'!' + (i % 94) as u8) as char);
        i /= 94;
        if i == 0 {
            return s;
        }
    }
}

impl Vcd {
    /// Creates the file.
    pub fn create(path: &str) -> std::io::Result<Vcd> {
        let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
        writeln!(out, "$version rmlir-hls rust-sim $end\n$timescale 1ns $end")?;
        Ok(Vcd { out, sigs: Vec::new(), time: 0, header_done: false, scope: Vec::new() })
    }
    /// Declares a signal named by a `.`-separated hierarchical path, in the order of the
    /// later `value` calls. Signals of one scope must be declared together.
    pub fn declare(&mut self, path: &str, width: u32) -> std::io::Result<()> {
        let mut parts: Vec<&str> = path.split('.').collect();
        let name = parts.pop().unwrap_or("_");
        let common = self.scope.iter().zip(&parts).take_while(|(a, b)| a == b).count();
        while self.scope.len() > common {
            self.scope.pop();
            writeln!(self.out, "$upscope $end")?;
        }
        for p in &parts[common..] {
            writeln!(self.out, "$scope module {p} $end")?;
            self.scope.push(p.to_string());
        }
        let id = vcd_id(self.sigs.len());
        writeln!(self.out, "$var wire {width} {id} {name} $end")?;
        self.sigs.push(Sig { id, width, last: Vec::new() });
        Ok(())
    }
    /// Starts timestep `t` (ends the header on first use).
    pub fn step(&mut self) -> std::io::Result<()> {
        if !self.header_done {
            while self.scope.pop().is_some() {
                writeln!(self.out, "$upscope $end")?;
            }
            writeln!(self.out, "$enddefinitions $end")?;
            self.header_done = true;
        }
        writeln!(self.out, "#{}", self.time)?;
        self.time += 1;
        Ok(())
    }
    /// Writes signal `i` if it changed since the last timestep.
    pub fn value(&mut self, i: usize, words: &[u64]) -> std::io::Result<()> {
        let s = &mut self.sigs[i];
        if !s.last.is_empty() && s.last == words {
            return Ok(());
        }
        s.last.clear();
        s.last.extend_from_slice(words);
        if s.width == 1 {
            writeln!(self.out, "{}{}", words[0] & 1, s.id)
        } else {
            let mut b = String::with_capacity(s.width as usize + 1);
            b.push('b');
            for k in (0..s.width).rev() {
                b.push(if bit(words, k) { '1' } else { '0' });
            }
            writeln!(self.out, "{b} {}", s.id)
        }
    }
    /// Flushes the file.
    pub fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

impl Drop for Vcd {
    fn drop(&mut self) {
        let _ = self.out.flush();
    }
}

/// A zeroed boxed array, allocated on the heap directly (no large stack temporaries).
pub fn zbox<T: Copy, const K: usize>(z: T) -> Box<[T; K]> {
    match vec![z; K].into_boxed_slice().try_into() {
        Ok(b) => b,
        Err(_) => unreachable!("length is K"),
    }
}

/// A zero-initialized box, allocated directly on the heap.
///
/// # Safety
/// All-zero bytes must be a valid `T` (true for the simulator state: integers and arrays
/// of integers only).
pub unsafe fn zeroed_box<T>() -> Box<T> {
    // SAFETY: the caller guarantees that zero is a valid `T`.
    unsafe { Box::<T>::new_zeroed().assume_init() }
}
