//! `--emit mlir` of black boxes: the `hw.module.extern` declaration and the parameter list
//! of an instance of one, in the custom or the generic form, as CIRCT parses them.

use comb::netlist::ParamValue;
use comb::{Dir, Module};
use std::fmt::Write;

/// Prints `m`, a black box, as `hw.module.extern` (one line, two spaces of indentation).
pub(crate) fn print_extern(m: &Module, generic: bool, out: &mut String) {
    let info = m.extern_info.as_ref().expect("an extern module");
    let ty = |p: &comb::Port| if p.clock { "!seq.clock".to_string() } else { format!("i{}", p.width) };
    if generic {
        // CIRCT 1.62 keeps these as attributes (the op has no properties).
        let modty: Vec<String> = m
            .ports
            .iter()
            .map(|p| {
                let dir = if p.dir == Dir::Input { "input" } else { "output" };
                format!("{dir} {} : {}", super::mlir::bare_or_quoted(&p.name), ty(p))
            })
            .collect();
        let decls: Vec<String> = info
            .params
            .iter()
            .map(|d| match &d.default {
                Some(v) => format!("#hw.param.decl<{:?}: {} = {}>", d.name, d.ty, v.to_mlir()),
                None => format!("#hw.param.decl<{:?}: {}>", d.name, d.ty),
            })
            .collect();
        let vname = info.verilog_name.as_ref().map_or(String::new(), |v| format!(", verilogName = {v:?}"));
        let _ = writeln!(
            out,
            "  \"hw.module.extern\"() ({{\n  }}) {{module_type = !hw.modty<{}>, parameters = [{}], sym_name = {:?}{vname}}} : () -> ()",
            modty.join(", "),
            decls.join(", "),
            m.name
        );
        return;
    }
    let mut k = 0;
    let ports: Vec<String> = m
        .ports
        .iter()
        .map(|p| match p.dir {
            Dir::Input => {
                let q = super::mlir::bare_or_quoted(&p.name);
                if q == p.name && !p.name.contains('$') {
                    format!("in %{} : {}", p.name, ty(p))
                } else {
                    k += 1;
                    format!("in %in{} {:?} : {}", k - 1, p.name, ty(p))
                }
            }
            Dir::Output => format!("out {} : {}", super::mlir::bare_or_quoted(&p.name), ty(p)),
        })
        .collect();
    let decls: Vec<String> = info
        .params
        .iter()
        .map(|d| match &d.default {
            Some(v) => format!("{}: {} = {}", super::mlir::bare_or_quoted(&d.name), d.ty, v.to_mlir()),
            None => format!("{}: {}", super::mlir::bare_or_quoted(&d.name), d.ty),
        })
        .collect();
    let params = if decls.is_empty() { String::new() } else { format!("<{}>", decls.join(", ")) };
    let attrs =
        info.verilog_name.as_ref().map_or(String::new(), |v| format!(" attributes {{verilogName = {v:?}}}"));
    let _ = writeln!(
        out,
        "  hw.module.extern @{}{params}({}){attrs}",
        super::mlir::bare_or_quoted(&m.name),
        ports.join(", ")
    );
}

/// The parameter list of an instance of `child`: `<W: i32 = 4>` (custom) or
/// `[#hw.param.decl<"W": i32 = 4>]` (generic); empty / `[]` without parameters.
pub(crate) fn instance_params(child: &Module, params: &[ParamValue], generic: bool) -> String {
    let decls = child.extern_info.as_ref().map_or(&[][..], |x| &x.params[..]);
    let items: Vec<String> = decls
        .iter()
        .zip(params)
        .map(|(d, v)| {
            if generic {
                format!("#hw.param.decl<{:?}: {} = {}>", d.name, d.ty, v.to_mlir())
            } else {
                format!("{}: {} = {}", super::mlir::bare_or_quoted(&d.name), d.ty, v.to_mlir())
            }
        })
        .collect();
    match (generic, items.is_empty()) {
        (true, _) => format!("[{}]", items.join(", ")),
        (false, true) => String::new(),
        (false, false) => format!("<{}>", items.join(", ")),
    }
}
