//! One Yosys cell as the lowerings see it: its connections as words and its parameters.
//!
//! Parameters arrive as `write_json` writes them: binary strings, most significant bit
//! first (`"00000000000000000000000000001000"`), or plain numbers (`-compat-int`).

use super::error::ImportError;
use super::words::Builder;
use crate::bits::Bits;
use crate::ids::NetId;
use yosys_netlist_json::{AttributeVal, BitVal, Cell};

/// A cell of a module, with its name for messages.
pub struct YCell<'a> {
    /// The module's name.
    pub module: &'a str,
    /// The cell's name.
    pub name: &'a str,
    /// The cell.
    pub cell: &'a Cell,
}

impl<'a> YCell<'a> {
    /// The cell type (`$add`).
    pub fn ty(&self) -> &'a str {
        &self.cell.cell_type
    }
    /// An error at this cell.
    pub fn err(&self, msg: impl Into<String>) -> ImportError {
        ImportError::at_cell(self.module, self.name, self.ty(), msg)
    }
    /// The bits connected to `port`.
    pub fn bits(&self, port: &str) -> Result<&'a [BitVal], ImportError> {
        match self.cell.connections.get(port) {
            Some(b) if !b.is_empty() => Ok(b),
            Some(_) => Err(self.err(format!("port {port} has no bits"))),
            None => Err(self.err(format!("port {port} is not connected"))),
        }
    }
    /// Width of the connection of `port`.
    pub fn width(&self, port: &str) -> Result<u32, ImportError> {
        let n = self.bits(port)?.len();
        u32::try_from(n)
            .ok()
            .filter(|&w| w < (1 << 24))
            .ok_or_else(|| self.err(format!("port {port} is too wide")))
    }
    /// The word connected to input `port`.
    pub fn word(&self, b: &mut Builder, port: &str) -> Result<NetId, ImportError> {
        let bits = self.bits(port)?;
        b.word(bits, &|| format!("cell '{}' ({}) port {port}", self.name, self.ty()))
            .map_err(|e| e.with_key("cells", self.name))
    }
    /// Parameter `name` as bits (LSB first); `None` when absent.
    pub fn param_opt(&self, name: &str) -> Result<Option<Vec<bool>>, ImportError> {
        let Some(v) = self.cell.parameters.get(name) else { return Ok(None) };
        match v {
            AttributeVal::N(n) => Ok(Some((0..64).map(|i| (*n as u64 >> i) & 1 == 1).collect())),
            AttributeVal::S(s) => {
                let mut out = Vec::with_capacity(s.len());
                for ch in s.chars().rev() {
                    out.push(match ch {
                        '0' => false,
                        '1' => true,
                        'x' | 'z' => {
                            return Err(self.err(format!(
                                "parameter {name} has an undefined '{ch}' bit (values are two-state)"
                            )))
                        }
                        _ => return Err(self.err(format!("parameter {name} is not a bit string: \"{s}\""))),
                    });
                }
                Ok(Some(out))
            }
        }
    }
    /// Parameter `name` as bits (LSB first); an error when absent.
    pub fn param(&self, name: &str) -> Result<Vec<bool>, ImportError> {
        self.param_opt(name)?.ok_or_else(|| self.err(format!("parameter {name} is missing")))
    }
    /// Parameter `name` as a number (at most 2^24); `default` when absent.
    pub fn param_u32(&self, name: &str, default: u32) -> Result<u32, ImportError> {
        let Some(bits) = self.param_opt(name)? else { return Ok(default) };
        let mut v: u64 = 0;
        for (i, b) in bits.iter().enumerate() {
            if *b {
                if i >= 25 {
                    return Err(self.err(format!("parameter {name} is too large")));
                }
                v |= 1 << i;
            }
        }
        u32::try_from(v)
            .ok()
            .filter(|&v| v <= 1 << 24)
            .ok_or_else(|| self.err(format!("parameter {name} is too large")))
    }
    /// Parameter `name` as a flag (any 1 bit); `default` when absent.
    pub fn flag(&self, name: &str, default: bool) -> Result<bool, ImportError> {
        Ok(self.param_opt(name)?.map_or(default, |b| b.iter().any(|&x| x)))
    }
    /// Parameter `name` as `width` bits (truncated or zero-extended).
    pub fn param_value(&self, name: &str, width: u32) -> Result<Bits, ImportError> {
        let bits = self.param(name)?;
        let mut v = Bits::zero(width);
        for (i, &b) in bits.iter().enumerate().take(width as usize) {
            v.set_bit(i as u32, b);
        }
        Ok(v)
    }
}
