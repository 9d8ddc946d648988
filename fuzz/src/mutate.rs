//! The stable driver's mutator: small random edits of a corpus input (no coverage
//! feedback; libFuzzer brings that). Edits: flip a bit, set a byte to an interesting value,
//! delete, duplicate or move a range, insert random bytes, insert a token of the target's
//! dictionary, splice in a piece of another corpus input; one to four per input.

use comb::rng::Rng;

/// Tokens of the inputs' languages: MLIR keywords and punctuation, and JSON's.
pub const DICT: [&str; 40] = [
    "hw.module",
    "hw.output",
    "hw.constant",
    "hw.instance",
    "comb.add",
    "comb.mux",
    "comb.extract",
    "comb.concat",
    "comb.icmp",
    "seq.compreg",
    "func.func",
    "return",
    "affine.for",
    "affine.load",
    "affine.store",
    "scf.for",
    "scf.yield",
    "memref<8xi32>",
    "arith.addi",
    "arith.constant",
    "i1",
    "i8",
    "i32",
    "i64",
    "i200",
    "index",
    "!seq.clock",
    "%a",
    "@m",
    "->",
    ":",
    ",",
    "{",
    "}",
    "(",
    ")",
    "\"",
    "[",
    "]",
    "0x",
];

/// Mutates `data` in place; `other` is a second corpus input for splicing.
pub fn mutate(rng: &mut Rng, data: &mut Vec<u8>, other: &[u8], max_len: usize) {
    let edits = rng.range(1, 4);
    for _ in 0..edits {
        edit(rng, data, other);
    }
    data.truncate(max_len);
}

fn pos(rng: &mut Rng, len: usize) -> usize {
    rng.below(len as u64 + 1) as usize
}

fn edit(rng: &mut Rng, data: &mut Vec<u8>, other: &[u8]) {
    let len = data.len();
    match rng.below(8) {
        0 if len > 0 => {
            let i = rng.below(len as u64) as usize;
            data[i] ^= 1 << rng.below(8);
        }
        1 if len > 0 => {
            let i = rng.below(len as u64) as usize;
            data[i] = *rng.pick(&[0, b'0', b'9', b'-', b'%', b'\n', b'"', 0xff, b'}', b' ']);
        }
        2 if len > 0 => {
            let a = pos(rng, len);
            let b = (a + rng.range(1, 16) as usize).min(len);
            data.drain(a..b);
        }
        3 if len > 0 => {
            let a = pos(rng, len);
            let b = (a + rng.range(1, 64) as usize).min(len);
            let piece = data[a..b].to_vec();
            let at = pos(rng, len);
            data.splice(at..at, piece);
        }
        4 => {
            let at = pos(rng, len);
            let n = rng.range(1, 8) as usize;
            let bytes: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
            data.splice(at..at, bytes);
        }
        5 | 6 => {
            let at = pos(rng, len);
            let tok = rng.pick(&DICT).as_bytes().to_vec();
            data.splice(at..at, tok);
        }
        _ if !other.is_empty() => {
            let a = rng.below(other.len() as u64) as usize;
            let b = (a + rng.range(1, 128) as usize).min(other.len());
            let at = pos(rng, len);
            data.splice(at..at, other[a..b].iter().copied());
        }
        _ => data.push(rng.below(256) as u8),
    }
}
