//! Seeded random stimulus (splitmix64) and the hex line format shared by both testbenches.

use super::testbench::TbPorts;
use comb::Bits;

/// The splitmix64 generator (Steele, Lea, Flood 2014): tiny, fast, reproducible.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A random value of `width` bits. Now and then an edge value (0, all ones, 1, the
    /// sign bit) so that corner cases of arithmetic are hit often.
    pub fn bits(&mut self, width: u32) -> Bits {
        let pick = self.next_u64() % 16;
        match pick {
            0 => Bits::zero(width),
            1 => Bits::ones(width),
            2 => Bits::from_u64(1, width),
            3 => {
                let mut b = Bits::zero(width);
                b.set_bit(width - 1, true);
                b
            }
            _ => {
                let words: Vec<u64> = (0..(width as usize).div_ceil(64)).map(|_| self.next_u64()).collect();
                Bits::from_words(&words, width)
            }
        }
    }
}

/// Lower-case hex, `ceil(width/4)` digits.
pub fn hex(b: &Bits) -> String {
    b.to_hex().to_ascii_lowercase()
}

/// Parses lower- or upper-case hex into `width` bits (extra digits are dropped).
pub fn parse_hex(s: &str, width: u32) -> Option<Bits> {
    let mut words = vec![0u64; (width as usize).div_ceil(64).max(1)];
    for (i, c) in s.bytes().rev().enumerate() {
        let d = (c as char).to_digit(16)? as u64;
        if i / 16 < words.len() {
            words[i / 16] |= d << (4 * (i % 16));
        }
    }
    Some(Bits::from_words(&words, width))
}

/// Per cycle, the value of every non-clock input (port order). 1-bit inputs named `rst`,
/// `reset` (any case, or ending in `_rst`/`_reset`) are 1 for the first `reset_cycles`
/// cycles and 0 afterwards, so that designs come out of reset and are exercised.
pub fn random_stimulus(ports: &TbPorts, cycles: usize, seed: u64, reset_cycles: usize) -> Vec<Vec<Bits>> {
    let mut rng = SplitMix64::new(seed);
    let is_reset = |name: &str| {
        let n = name.to_ascii_lowercase();
        n == "rst" || n == "reset" || n.ends_with("_rst") || n.ends_with("_reset")
    };
    (0..cycles)
        .map(|c| {
            ports
                .inputs()
                .map(|f| {
                    if f.width == 1 && is_reset(&f.name) {
                        Bits::from_bool(c < reset_cycles)
                    } else {
                        rng.bits(f.width)
                    }
                })
                .collect()
        })
        .collect()
}

/// The stimulus file's text.
pub fn stimulus_text(stim: &[Vec<Bits>]) -> String {
    let mut s = String::new();
    for line in stim {
        let parts: Vec<String> = line.iter().map(hex).collect();
        s.push_str(&parts.join(" "));
        s.push('\n');
    }
    s
}

/// Parses an output trace (one line per cycle) into per-cycle hex strings.
pub fn parse_trace(text: &str) -> Vec<Vec<String>> {
    text.lines().map(|l| l.split_whitespace().map(str::to_string).collect()).collect()
}
