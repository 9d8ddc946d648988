//! What CIRCT's verifier rejects and the netlist would not notice: an `hw.instance` whose
//! port labels are not the module's port names (in order), and an inner symbol
//! (`sym @x`) defined twice in one module.

use super::Builder;
use crate::ids::ModuleId;
use mlir_text::{Attr, Diagnostic, Operation, Span};
use std::collections::HashMap;

impl<'f> Builder<'f> {
    /// Checks the `argNames`/`resultNames` of an instance of `child` against its ports.
    pub(crate) fn check_instance_labels(&mut self, o: &Operation, child: ModuleId) {
        let cm = self.design.module(child);
        let cname = cm.name.clone();
        for (key, dir, what) in
            [("argNames", crate::Dir::Input, "input"), ("resultNames", crate::Dir::Output, "output")]
        {
            let Some(Attr::Array(labels)) = o.attr(key) else { continue };
            let span = o.named_attr(key).map(|a| a.span).unwrap_or(o.span);
            let ports: Vec<String> =
                cm.ports.iter().filter(|p| p.dir == dir).map(|p| p.name.clone()).collect();
            for (i, (l, p)) in labels.iter().zip(&ports).enumerate() {
                if let Attr::String(l) = l {
                    if l != p {
                        let msg = format!(
                            "'hw.instance' of '@{cname}': {what} #{i} is labelled '{l}' but the module calls it '{p}'"
                        );
                        self.error(span, msg);
                        return;
                    }
                }
            }
        }
    }

    /// Reports inner symbols (`sym @x`) defined twice among a module body's ops.
    pub(crate) fn check_inner_syms(&mut self, ops: &[Operation]) {
        let mut seen: HashMap<String, Span> = HashMap::new();
        for op in ops {
            let Some(Attr::Opaque(s)) = op.attr("inner_sym") else { continue };
            let span = op.named_attr("inner_sym").map(|a| a.span).unwrap_or(op.span);
            let name = s.trim_start_matches("#hw<innerSym").trim_end_matches('>').to_string();
            if let Some(&prev) = seen.get(&name) {
                self.errors.push(
                    Diagnostic::error(span, format!("inner symbol '{name}' is defined twice in this module"))
                        .with_note(Some(prev), "first defined here"),
                );
            } else {
                seen.insert(name, span);
            }
        }
    }
}
