//! Module parameters as the netlist keeps them: the declarations of a black box
//! (`hw.module.extern @m<W: i32 = 8>`) and the values an instance passes to it.
//!
//! The netlist never computes with a parameter: an extern module has no cells, so its
//! parameters only travel to the printers (SystemVerilog `#(.W(8))`, `--emit mlir`).
//! Instances store one value per declared parameter, in declaration order, with the
//! defaults filled in (CIRCT's verifier wants every parameter given, in order).

use crate::bits::Bits;

/// One parameter value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParamValue {
    /// An integer of the parameter's width (`8 : i32`).
    Int(Bits),
    /// A string (`"text"`, a parameter of type `none`).
    Str(String),
    /// Anything else (a float such as `3.2e+01`, `#hw.param.verbatim<"FOO">`): the MLIR
    /// spelling, printed back as is, and the SystemVerilog spelling.
    Other {
        /// As MLIR writes it.
        mlir: String,
        /// As SystemVerilog writes it.
        sv: String,
    },
}

/// A parameter a module declares.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParamDecl {
    /// The name.
    pub name: String,
    /// Its type, as MLIR spells it (`i32`, `none`, `f64`).
    pub ty: String,
    /// The default value, if one is declared.
    pub default: Option<ParamValue>,
}

/// What makes a module a black box (`hw.module.extern`): it has ports but no cells, and
/// nothing in the design knows what it computes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ExternInfo {
    /// The `verilogName` attribute: the module name SystemVerilog instantiates (the
    /// symbol name when absent).
    pub verilog_name: Option<String>,
    /// The declared parameters, in order.
    pub params: Vec<ParamDecl>,
}

impl ParamValue {
    /// The value as SystemVerilog writes it in a parameter override: integers as signed
    /// decimals (one bit unsigned), up to 32 bits plain, wider ones sized (`42'd17`,
    /// `-64'd3`), as CIRCT's ExportVerilog prints them.
    pub fn to_sv(&self) -> String {
        match self {
            ParamValue::Int(b) if b.width() <= 32 => signed(b),
            ParamValue::Int(b) if b.msb() => format!("-{}'d{}", b.width(), b.neg().to_decimal()),
            ParamValue::Int(b) => format!("{}'d{}", b.width(), b.to_decimal()),
            ParamValue::Str(s) => format!("\"{}\"", escape(s)),
            ParamValue::Other { sv, .. } => sv.clone(),
        }
    }

    /// The value as MLIR writes it in a parameter list (`8`, `"text"`).
    pub fn to_mlir(&self) -> String {
        match self {
            ParamValue::Int(b) => signed(b),
            ParamValue::Str(s) => format!("\"{}\"", escape(s)),
            ParamValue::Other { mlir, .. } => mlir.clone(),
        }
    }
}

/// An integer in signed decimal, one bit wide unsigned (MLIR prints `iN` attributes so).
fn signed(b: &Bits) -> String {
    if b.width() == 1 {
        b.to_decimal()
    } else {
        b.to_signed_decimal()
    }
}

/// Escapes a string for a double-quoted literal (MLIR and SystemVerilog agree on these).
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_print_as_circt_does() {
        assert_eq!(ParamValue::Int(Bits::from_u64(4, 32)).to_sv(), "4");
        assert_eq!(ParamValue::Int(Bits::from_u64(17, 42)).to_sv(), "42'd17");
        assert_eq!(ParamValue::Str("a\"b".into()).to_sv(), "\"a\\\"b\"");
        assert_eq!(ParamValue::Int(Bits::from_u64(17, 42)).to_mlir(), "17");
        assert_eq!(ParamValue::Int(Bits::from_u64(255, 8)).to_mlir(), "-1");
        assert_eq!(ParamValue::Int(Bits::ones(64)).to_sv(), "-64'd1");
        assert_eq!(ParamValue::Int(Bits::from_u64(1, 1)).to_sv(), "1");
    }
}
