//! The netlist in Yosys's JSON format, as `synth_ice40 -json` writes it and nextpnr reads
//! it: one module marked `top`, its ports (direction and bits), its cells (type, binary
//! string parameters, port directions, connections) and the port nets' names. Bits are wire
//! numbers or the strings `"0"`/`"1"`. Output is built from ordered lists only, so it is
//! deterministic.

use super::bits::{Sig, Wires};
use super::{lut, Ice40Cell};
use comb::{Dir, Module};
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;

/// One port of the written module.
pub struct JsonPort {
    /// Its name.
    pub name: String,
    /// `input` or `output`.
    pub input: bool,
    /// Its bits, bit 0 first.
    pub bits: Vec<Sig>,
}

fn bit(s: Sig) -> Value {
    match s {
        Sig::Zero => json!("0"),
        Sig::One => json!("1"),
        Sig::Wire(n) => json!(n),
    }
}

/// The top's ports. An output bit that is a constant, an input bit or a bit of an earlier
/// output gets a buffer LUT so every port bit has a wire of its own (nextpnr puts one I/O
/// cell on each).
pub fn ports(
    m: &Module,
    names: &[String],
    w: &mut Wires,
    cells: &mut Vec<Ice40Cell>,
) -> Result<Vec<JsonPort>, String> {
    let mut taken = BTreeSet::new();
    let mut out = Vec::new();
    for (i, p) in m.port_ids().enumerate() {
        let port = m.port(p);
        let name = names.get(i).cloned().unwrap_or_else(|| port.name.clone());
        let net = m.port_net(p).ok_or_else(|| format!("port '{}' has no net", port.name))?;
        let mut bits = w.sig(net)?;
        let input = port.dir == Dir::Input;
        if !input {
            for (b, s) in bits.iter_mut().enumerate() {
                if !matches!(s, Sig::Wire(_)) || taken.contains(s) {
                    let fresh = w.fresh();
                    cells.push(lut::buffer(format!("out_{name}_{b}"), *s, fresh));
                    *s = fresh;
                }
            }
        }
        taken.extend(bits.iter().copied());
        out.push(JsonPort { name, input, bits });
    }
    Ok(out)
}

/// The JSON text.
pub fn write(top: &str, ports: &[JsonPort], cells: &[Ice40Cell]) -> String {
    let mut jp = Map::new();
    let mut nets = Map::new();
    for p in ports {
        let bits: Vec<Value> = p.bits.iter().map(|&s| bit(s)).collect();
        jp.insert(
            p.name.clone(),
            json!({"direction": if p.input { "input" } else { "output" }, "bits": bits}),
        );
        nets.insert(p.name.clone(), json!({"hide_name": 0, "bits": bits, "attributes": {}}));
    }
    let mut jc = Map::new();
    for c in cells {
        let mut dirs = Map::new();
        let mut conns = Map::new();
        let pins = c.inputs.iter().map(|p| (p, "input"));
        let outs = std::iter::once(&c.output).chain(&c.more_outputs).map(|p| (p, "output"));
        for ((pin, s), dir) in pins.chain(outs) {
            dirs.insert(pin.to_string(), json!(dir));
            // A bus pin's bits, in the order listed.
            match conns.get_mut(*pin) {
                Some(Value::Array(v)) => v.push(bit(*s)),
                _ => {
                    conns.insert(pin.to_string(), json!([bit(*s)]));
                }
            }
        }
        let params: Map<String, Value> = c.params.iter().map(|(k, v)| (k.to_string(), json!(v))).collect();
        jc.insert(
            c.name.clone(),
            json!({"hide_name": 0, "type": c.kind, "parameters": params, "attributes": {},
                   "port_directions": dirs, "connections": conns}),
        );
    }
    let module = json!({
        "attributes": {"top": "00000000000000000000000000000001"},
        "ports": jp,
        "cells": jc,
        "netnames": nets,
    });
    let mut modules = Map::new();
    modules.insert(top.to_string(), module);
    let doc = json!({"creator": "rmlir-hls --synth native", "modules": modules});
    serde_json::to_string_pretty(&doc).expect("JSON values serialize") + "\n"
}
