//! ASCII AIGER (`aag`) output of an [`Aig`], for comparing the mapper's input with ABC's
//! (`yosys-abc -c "read_aiger F; ..."`). Set `RMLIR_AIG_DUMP=PREFIX` and the `lut-map`
//! pass writes each module's balanced graph to `PREFIX.N.aag` (N counts modules); a
//! debugging aid only, never used by the flow's results.

use super::aig::{Aig, Lit, Node};
use std::fmt::Write;

/// The graph in ASCII AIGER: inputs renumbered 1.., AND nodes after them in order.
pub fn to_aag(g: &Aig) -> String {
    let mut var = vec![0u32; g.len()];
    let mut next = 1;
    for &i in g.inputs() {
        var[i.0 as usize] = next;
        next += 1;
    }
    let ands: Vec<Node> = g.nodes().filter(|&n| g.is_and(n)).collect();
    for &n in &ands {
        var[n.0 as usize] = next;
        next += 1;
    }
    let lit = |l: Lit| 2 * var[l.node().0 as usize] + l.is_neg() as u32;
    let mut s = String::new();
    let _ = writeln!(s, "aag {} {} 0 {} {}", next - 1, g.inputs().len(), g.outputs.len(), ands.len());
    for &i in g.inputs() {
        let _ = writeln!(s, "{}", 2 * var[i.0 as usize]);
    }
    for &o in &g.outputs {
        let _ = writeln!(s, "{}", lit(o));
    }
    for &n in &ands {
        let [a, b] = g.fanins(n);
        let (a, b) = (lit(a), lit(b));
        let _ = writeln!(s, "{} {} {}", 2 * var[n.0 as usize], a.max(b), a.min(b));
    }
    s
}

/// Writes `g` to `$RMLIR_AIG_DUMP.N.aag` when the variable is set (see the module doc).
pub fn dump_if_asked(g: &Aig) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    if let Some(prefix) = std::env::var_os("RMLIR_AIG_DUMP") {
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let path = format!("{}.{n}.aag", prefix.to_string_lossy());
        if let Err(e) = std::fs::write(&path, to_aag(g)) {
            let _ = std::io::Write::write_all(
                &mut std::io::stderr(),
                format!("warning: cannot write {path}: {e}\n").as_bytes(),
            );
        }
    }
}

/// Reads ASCII AIGER without latches (what [`to_aag`] writes); AND lines may come in any
/// order that defines fanins first. Errors name the line.
pub fn from_aag(text: &str) -> Result<Aig, String> {
    let mut lines = text.lines().enumerate();
    let (_, head) = lines.next().ok_or("empty file")?;
    let f: Vec<usize> = head
        .split_whitespace()
        .skip(1)
        .map(|x| x.parse().map_err(|_| "bad header"))
        .collect::<Result<_, _>>()?;
    if !head.starts_with("aag ") || f.len() < 5 || f[2] != 0 {
        return Err("line 1: expected `aag M I 0 O A`".into());
    }
    let (m, ni, no, na) = (f[0], f[1], f[3], f[4]);
    let mut g = Aig::new();
    let mut lit: Vec<Option<Lit>> = vec![None; m + 1];
    lit[0] = Some(Lit::FALSE);
    let mut next = |what: &str| -> Result<(usize, Vec<usize>), String> {
        let (i, l) = lines.next().ok_or(format!("missing {what}"))?;
        let v = l
            .split_whitespace()
            .map(|x| x.parse().map_err(|_| format!("line {}: bad number", i + 1)))
            .collect::<Result<Vec<usize>, _>>()?;
        Ok((i + 1, v))
    };
    for _ in 0..ni {
        let (_, v) = next("input")?;
        lit[v[0] / 2] = Some(g.input());
    }
    let mut outs = Vec::new();
    for _ in 0..no {
        outs.push(next("output")?);
    }
    let get = |lit: &[Option<Lit>], x: usize, line: usize| -> Result<Lit, String> {
        lit.get(x / 2)
            .copied()
            .flatten()
            .map(|l| l.xor_neg(x & 1 == 1))
            .ok_or(format!("line {line}: literal {x} used before it is defined"))
    };
    for _ in 0..na {
        let (line, v) = next("and")?;
        let (a, b) = (get(&lit, v[1], line)?, get(&lit, v[2], line)?);
        lit[v[0] / 2] = Some(g.and(a, b));
    }
    for (line, v) in outs {
        g.outputs.push(get(&lit, v[0], line)?);
    }
    Ok(g)
}
