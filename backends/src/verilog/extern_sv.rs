//! SystemVerilog of black boxes: an `hw.module.extern` prints no module; an instance of one
//! names its `verilogName` and passes its parameters as overrides, as CIRCT's
//! ExportVerilog does (`FooModule #(\n    .W(4)\n  ) u (...)`).

use comb::{CellKind, Module};

/// The text before the instance name: the module's SystemVerilog name, with the parameter
/// overrides of an instance of a black box.
pub(crate) fn instance_head(child: &Module, sv_name: &str, kind: &CellKind) -> String {
    let (Some(x), CellKind::Instance { params, .. }) = (&child.extern_info, kind) else {
        return sv_name.to_string();
    };
    // A value equal to the declared default is left to the module, as CIRCT does.
    let overrides: Vec<String> = x
        .params
        .iter()
        .zip(params.iter())
        .filter(|(d, v)| d.default.as_ref() != Some(*v))
        .map(|(d, v)| format!(".{}({})", d.name, v.to_sv()))
        .collect();
    if overrides.is_empty() {
        return sv_name.to_string();
    }
    format!("{sv_name} #(\n    {}\n  )", overrides.join(",\n    "))
}
