//! Whole-design checks after every body is built: recursive instantiation and
//! combinational cycles (user errors, with spans), then the verifier (whose findings at
//! this point are bugs of the builder, and say so).

use super::Builder;
use crate::ids::{ModuleId, NetId};
use crate::netlist::CellKind;
use crate::{order, verify};
use mlir_text::Diagnostic;

impl<'f> Builder<'f> {
    /// How a net is called in messages: the user's name, or `%n12`.
    fn net_label(&self, mid: ModuleId, net: NetId) -> String {
        let m = self.design.module(mid);
        match (&m.cell(net).name, self.unnamed.get(&(mid, net))) {
            (Some(n), _) => format!("%{n}"),
            (None, Some(v)) => format!("%{v}"),
            (None, None) => match mlir_text::lexer::value_name_at(self.text, m.cell(net).span.start as usize)
            {
                Some(v) => format!("%{v}"),
                None => net.to_string(),
            },
        }
    }

    pub(crate) fn check_design(&mut self) {
        if let Err(chain) = order::hierarchy_order(&self.design) {
            let names: Vec<String> =
                chain.iter().map(|m| format!("@{}", self.design.module(*m).name)).collect();
            let first = chain[0];
            let next = chain.get(1).copied().unwrap_or(first);
            let m = self.design.module(first);
            let span = m
                .cells()
                .find(|&c| matches!(&m.cell(c).kind, CellKind::Instance { module, .. } if *module == next))
                .map(|c| m.cell(c).span)
                .unwrap_or(m.span);
            self.error(span, format!("recursive instantiation: {} -> {}", names.join(" -> "), names[0]));
            return;
        }
        let summaries = order::summaries(&self.design);
        for mid in self.design.module_ids() {
            if let Err(cycle) = order::topo_order(&self.design, &summaries, mid) {
                let m = self.design.module(mid);
                let mut cycle: Vec<NetId> = cycle
                    .into_iter()
                    .filter(|&n| !matches!(m.cell(n).kind, CellKind::Instance { .. }))
                    .collect();
                // Start at the textually first cell of the cycle.
                let Some(pos) = (0..cycle.len()).min_by_key(|&i| (m.cell(cycle[i]).span.start, i)) else {
                    continue;
                };
                cycle.rotate_left(pos);
                let first = cycle[0];
                let mut labels: Vec<String> = cycle.iter().map(|&n| self.net_label(mid, n)).collect();
                if let Some(l) = labels.first().cloned() {
                    labels.push(l);
                }
                let d =
                    Diagnostic::error(m.cell(first).span, format!("combinational cycle in '@{}'", m.name))
                        .with_note(None, format!("the cycle goes through {}", labels.join(" -> ")));
                self.errors.push(d);
            }
        }
        if !self.errors.is_empty() {
            return;
        }
        super::circt_forms::read_back(&mut self.design);
        for e in verify::verify(&self.design) {
            self.errors.push(Diagnostic::error(
                e.span,
                format!("internal error: the netlist built from this input is invalid ({e}); this is a bug"),
            ));
        }
    }
}
