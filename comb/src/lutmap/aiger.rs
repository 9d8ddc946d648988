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
            eprintln!("warning: cannot write {path}: {e}");
        }
    }
}
