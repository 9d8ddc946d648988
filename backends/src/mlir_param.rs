//! `--emit mlir` of a [`SymDesign`]: CIRCT's custom forms with the parameters kept
//! (`hw.module @m<W: i32 = 8>(in %a : !hw.int<#hw.param.decl.ref<"W">>, ...)`,
//! `hw.param.value`, `hw.instance "u" @m<W: i32 = 16>(...)`), so CIRCT and our reader
//! read the design back with the same parameters. Values keep their source names where
//! those are words (made distinct), else they are numbered.

use comb::netlist::IcmpPred;
use comb::symbolic::{ParamTy, SExpr, Stmt, SymBody, SymDesign, SymDir, SymModule, SymVal};
use std::collections::HashSet;
use std::fmt::Write;

/// The design as MLIR text in a `module { ... }`.
pub fn emit(d: &SymDesign) -> String {
    let mut out = String::from("module {\n");
    for m in &d.modules {
        module(d, m, &mut out);
    }
    out.push_str("}\n");
    out
}

fn param_list(m: &SymModule) -> String {
    if m.params.is_empty() {
        return String::new();
    }
    let ps: Vec<String> = m
        .params
        .iter()
        .map(|p| {
            let ty = match p.ty {
                ParamTy::Int(w) => format!("i{w}"),
                ParamTy::Str => "none".into(),
            };
            match &p.default {
                Some(v) => format!("{}: {ty} = {}", p.name, v.to_mlir()),
                None => format!("{}: {ty}", p.name),
            }
        })
        .collect();
    format!("<{}>", ps.join(", "))
}

fn module(d: &SymDesign, m: &SymModule, out: &mut String) {
    let Some(body) = &m.body else {
        let ports: Vec<String> = m
            .ports
            .iter()
            .map(|p| match p.dir {
                SymDir::In => format!("in %{} : {}", p.name, p.ty.mlir),
                SymDir::Out => format!("out {} : {}", p.name, p.ty.mlir),
            })
            .collect();
        let attrs =
            m.verilog_name.as_ref().map_or(String::new(), |v| format!(" attributes {{verilogName = {v:?}}}"));
        let _ = writeln!(out, "  hw.module.extern @{}{}({}){attrs}", m.name, param_list(m), ports.join(", "));
        return;
    };
    let names = value_names(m, body);
    let n = |v: &SymVal| format!("%{}", names[v.index()]);
    let mut ins = 0;
    let ports: Vec<String> = m
        .ports
        .iter()
        .map(|p| match p.dir {
            SymDir::In => {
                ins += 1;
                format!("in {} : {}", n(&SymVal(ins - 1)), p.ty.mlir)
            }
            SymDir::Out => format!("out {} : {}", p.name, p.ty.mlir),
        })
        .collect();
    let _ = writeln!(out, "  hw.module @{}{}({}) {{", m.name, param_list(m), ports.join(", "));
    for s in &body.stmts {
        let line = stmt(d, body, s, &n);
        let _ = writeln!(out, "    {line}");
    }
    let outs: Vec<String> = body.outputs.iter().map(&n).collect();
    let tys: Vec<&str> = body.outputs.iter().map(|v| body.values[v.index()].ty.mlir.as_str()).collect();
    if outs.is_empty() {
        out.push_str("    hw.output\n");
    } else {
        let _ = writeln!(out, "    hw.output {} : {}", outs.join(", "), tys.join(", "));
    }
    out.push_str("  }\n");
}

/// Distinct names: the source name if it is a word and free, else a number.
fn value_names(m: &SymModule, body: &SymBody) -> Vec<String> {
    let mut taken = HashSet::new();
    let ins: Vec<&str> = m.ports.iter().filter(|p| p.dir == SymDir::In).map(|p| p.name.as_str()).collect();
    let mut next = 0usize;
    body.values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let want = ins.get(i).copied().unwrap_or(&v.name);
            let word = want.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.')
                && want.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
            if word && taken.insert(want.to_string()) {
                return want.to_string();
            }
            loop {
                let cand = format!("{next}");
                next += 1;
                if taken.insert(cand.clone()) {
                    return cand;
                }
            }
        })
        .collect()
}

fn stmt(d: &SymDesign, body: &SymBody, s: &Stmt, n: &dyn Fn(&SymVal) -> String) -> String {
    let ty = |v: &SymVal| body.values[v.index()].ty.mlir.clone();
    let list = |xs: &[SymVal]| xs.iter().map(n).collect::<Vec<_>>().join(", ");
    match s {
        Stmt::Assign { dst, expr } => {
            let t = ty(dst);
            let rhs = match expr {
                SExpr::Const(b) => format!("hw.constant {} : {t}", b.to_signed_decimal()),
                SExpr::Param(e) => format!("hw.param.value {t} = {}", e.to_mlir()),
                SExpr::Nary(op, xs) => format!("{} {} : {t}", op.mlir(), list(xs)),
                SExpr::Binary(op, a, b) => format!("{} {}, {} : {t}", op.mlir(), n(a), n(b)),
                SExpr::Icmp(p, a, b) => format!("comb.icmp {} {}, {} : {}", pred(*p), n(a), n(b), ty(a)),
                SExpr::Mux(c, a, b) => format!("comb.mux {}, {}, {} : {t}", n(c), n(a), n(b)),
                SExpr::Concat(xs) => {
                    let tys: Vec<String> = xs.iter().map(ty).collect();
                    format!("comb.concat {} : {}", list(xs), tys.join(", "))
                }
                SExpr::Extract(a, low) => format!("comb.extract {} from {low} : ({}) -> {t}", n(a), ty(a)),
                SExpr::Replicate(a, _) => format!("comb.replicate {} : ({}) -> {t}", n(a), ty(a)),
                SExpr::Parity(a) => format!("comb.parity {} : {}", n(a), ty(a)),
                SExpr::Clock(a, op) => format!("{op} {}", n(a)),
            };
            format!("{} = {rhs}", n(dst))
        }
        Stmt::Reg { dst, d: next, clk, enable, reset, async_reset, op } => {
            let rst = reset.map_or(String::new(), |(r, v)| match *op {
                "seq.firreg" => {
                    format!(" reset {} {}, {}", if *async_reset { "async" } else { "sync" }, n(&r), n(&v))
                }
                _ => format!(" reset {}, {}", n(&r), n(&v)),
            });
            let head = match (*op, enable) {
                ("seq.firreg", _) => format!("seq.firreg {} clock {}", n(next), n(clk)),
                (_, Some(e)) => format!("{op} {}, {}, {}", n(next), n(clk), n(e)),
                _ => format!("{op} {}, {}", n(next), n(clk)),
            };
            format!("{} = {head}{rst} : {}", n(dst), ty(dst))
        }
        Stmt::Instance { name, module, params, inputs, outputs } => {
            let m = &d.modules[*module];
            let ps: Vec<String> = m
                .params
                .iter()
                .zip(params)
                .map(|(p, e)| {
                    let t = match p.ty {
                        ParamTy::Int(w) => format!("i{w}"),
                        ParamTy::Str => "none".into(),
                    };
                    format!("{}: {t} = {}", p.name, e.to_mlir())
                })
                .collect();
            let ps = if ps.is_empty() { String::new() } else { format!("<{}>", ps.join(", ")) };
            let ports_in = m.ports.iter().filter(|p| p.dir == SymDir::In);
            let ins: Vec<String> =
                ports_in.zip(inputs).map(|(p, v)| format!("{}: {} : {}", p.name, n(v), ty(v))).collect();
            let ports_out = m.ports.iter().filter(|p| p.dir == SymDir::Out);
            let outs: Vec<String> =
                ports_out.zip(outputs).map(|(p, v)| format!("{}: {}", p.name, ty(v))).collect();
            let lhs = if outputs.is_empty() { String::new() } else { format!("{} = ", list(outputs)) };
            format!("{lhs}hw.instance {name:?} @{}{ps}({}) -> ({})", m.name, ins.join(", "), outs.join(", "))
        }
    }
}

fn pred(p: IcmpPred) -> &'static str {
    p.name()
}
