//! CIRCT's `!seq.firmem<DEPTH x WIDTH>` type (with an optional `, mask M`), which the reader
//! keeps as opaque text: the one spelling both the reader and the netlist builder use.

/// The shape of a `!seq.firmem` type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirMemType {
    /// Number of words.
    pub depth: u64,
    /// Bits per word.
    pub width: u64,
    /// Mask bits, if the memory has a write mask.
    pub mask: Option<u64>,
}

impl FirMemType {
    /// The canonical text of the type: `!seq.firmem<256 x 16>`.
    pub fn text(&self) -> String {
        match self.mask {
            Some(m) => format!("!seq.firmem<{} x {}, mask {m}>", self.depth, self.width),
            None => format!("!seq.firmem<{} x {}>", self.depth, self.width),
        }
    }

    /// The address width CIRCT requires of the ports: `max(1, ceil(log2(depth)))`.
    pub fn address_width(&self) -> u32 {
        (64 - self.depth.saturating_sub(1).leading_zeros()).max(1)
    }
}

/// Reads the body of the type (`256 x 16`, `256x16`, `12 x 42, mask 3`), with or without
/// the `!seq.firmem<...>` around it.
pub fn parse_firmem_type(text: &str) -> Option<FirMemType> {
    let t = text.trim();
    let body = t.strip_prefix("!seq.firmem").map(str::trim_start).unwrap_or(t);
    let body = body.strip_prefix('<').and_then(|b| b.strip_suffix('>')).unwrap_or(body);
    let (shape, mask) = match body.split_once(',') {
        Some((s, m)) => (s, Some(m.trim().strip_prefix("mask")?.trim().parse::<u64>().ok()?)),
        None => (body, None),
    };
    let (d, w) = shape.split_once('x')?;
    let depth = d.trim().parse::<u64>().ok()?;
    let width = w.trim().parse::<u64>().ok()?;
    Some(FirMemType { depth, width, mask })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings() {
        let t = parse_firmem_type("<256 x 16>").unwrap();
        assert_eq!((t.depth, t.width, t.mask), (256, 16, None));
        assert_eq!(t.text(), "!seq.firmem<256 x 16>");
        assert_eq!(t.address_width(), 8);
        let t = parse_firmem_type("!seq.firmem<12x42, mask 3>").unwrap();
        assert_eq!((t.depth, t.width, t.mask), (12, 42, Some(3)));
        assert_eq!(t.address_width(), 4);
        assert_eq!(parse_firmem_type("<1 x 1>").unwrap().address_width(), 1);
        assert!(parse_firmem_type("<a x 3>").is_none());
        assert!(parse_firmem_type("<3 x 3, bits 2>").is_none());
    }
}
