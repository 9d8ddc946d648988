//! The printer's HEIR form of a combinational module: a `func.func` whose arguments are
//! the input ports and whose `return` gives the outputs, the body printed as in a
//! `hw.module` (header and footer spellings in [`crate::mlir_heir`]).

use super::Printer;
use comb::NetId;
use std::fmt::Write;

impl Printer<'_> {
    /// A combinational module as HEIR's `func.func`.
    pub(super) fn print_func(&self, out: &mut String, sym: &str) {
        let m = self.m;
        let args: Vec<(String, String)> = m
            .inputs()
            .map(|p| {
                let net = m.port_net(p).expect("input cell");
                (self.refs[net.index()].clone(), Self::port_ty(m.port(p)))
            })
            .collect();
        let outs: Vec<NetId> = m.outputs().filter_map(|p| m.port_net(p)).collect();
        let tys: Vec<String> = outs.iter().map(|&n| self.ty(n)).collect();
        out.push_str(&crate::mlir_heir::header(sym, &format!("{:?}", m.name), &args, &tys, self.generic));
        for &net in &self.topo {
            if let Some(line) = self.op(net) {
                let _ = writeln!(out, "    {line}");
            }
        }
        let vals: Vec<&str> = outs.iter().map(|n| self.refs[n.index()].as_str()).collect();
        let in_tys: Vec<String> = args.iter().map(|(_, t)| t.clone()).collect();
        out.push_str(&crate::mlir_heir::footer(&vals, &tys, &in_tys, &format!("{:?}", m.name), self.generic));
    }
}
