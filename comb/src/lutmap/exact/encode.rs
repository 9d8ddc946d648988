//! The SAT encoding of exact LUT synthesis: can `r` LUTs of at most `k` inputs, each
//! reading inputs or earlier LUTs, compute a given function of `n` inputs with the last
//! LUT (and, optionally, at most a given depth)?
//!
//! Variables, per LUT `i` (signal `n + i`):
//! - selection `s[i][p][j]`: fanin position `p` reads signal `j` (exactly one `j` per
//!   position, positions in strictly increasing signal order: no permuted duplicates);
//! - table `f[i][q]`: the LUT's value when its fanins spell `q`;
//! - simulation `x[i][t]`: the LUT's value at input minterm `t`, and `y[i][p][t]`, the
//!   value its fanin `p` reads there (`s[i][p][j]` ties `y[i][p][t]` to signal `j`).
//!
//! Every LUT is *normal* (0 when its fanins are all 0), so minterm 0 and table bit 0 are
//! constants; the caller asks for the complement of a function that is 1 at minterm 0 and
//! folds the inversion into the last LUT. The last LUT's simulation values are the
//! function's bits (constants). Every other LUT must feed a later one. An optional depth
//! bound adds `le[i][d]` ("LUT `i` is at level `d` or below") with leaf levels given.

use super::super::bigtt::Tt;

/// A CNF in DIMACS numbering: variables `1..=vars`, literal `-v` is the complement.
#[derive(Clone, Debug, Default)]
pub struct Cnf {
    /// Number of variables.
    pub vars: u32,
    /// The clauses.
    pub clauses: Vec<Vec<i32>>,
}

impl Cnf {
    /// The CNF in DIMACS text.
    pub fn to_dimacs(&self) -> String {
        let mut s = format!("p cnf {} {}\n", self.vars, self.clauses.len());
        for c in &self.clauses {
            for l in c {
                s.push_str(&l.to_string());
                s.push(' ');
            }
            s.push_str("0\n");
        }
        s
    }

    /// A CNF from DIMACS text (comment lines and the header are skipped).
    pub fn from_dimacs(text: &str) -> Cnf {
        let mut cnf = Cnf::default();
        let mut cur = Vec::new();
        for line in text.lines().filter(|l| !l.starts_with('c') && !l.starts_with('p')) {
            for tok in line.split_whitespace() {
                let Ok(l) = tok.parse::<i32>() else { continue };
                if l == 0 {
                    cnf.clauses.push(std::mem::take(&mut cur));
                } else {
                    cnf.vars = cnf.vars.max(l.unsigned_abs());
                    cur.push(l);
                }
            }
        }
        cnf
    }
}

/// A literal or a constant while clauses are built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum B {
    Const(bool),
    Lit(i32),
}

fn not(b: B) -> B {
    match b {
        B::Const(v) => B::Const(!v),
        B::Lit(l) => B::Lit(-l),
    }
}

/// One synthesis question (see the module doc).
#[derive(Clone, Debug)]
pub struct Problem<'a> {
    /// The function (normal: 0 at minterm 0), over all of its `n` variables.
    pub f: &'a Tt,
    /// The LUT size.
    pub k: usize,
    /// The number of LUTs.
    pub r: usize,
    /// At most this many levels above the leaves (with `levels`), if given.
    pub depth: Option<u32>,
    /// The level of each input (for the depth bound).
    pub levels: &'a [u32],
}

/// Where the decoder finds a LUT's choices.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Per LUT, per position, per signal: the selection literal (`None`: not allowed).
    sel: Vec<Vec<Vec<Option<i32>>>>,
    /// Per LUT, per fanin pattern: the table literal (pattern 0 is constant 0).
    table: Vec<Vec<B>>,
}

/// A decoded LUT: its table over its fanins (position `p` is variable `p`) and fanin
/// signals (`< n` inputs, `n + i` LUT `i`), in increasing order.
pub type Gate = (u64, Vec<usize>);

struct Enc {
    cnf: Cnf,
}

impl Enc {
    fn var(&mut self) -> B {
        self.cnf.vars += 1;
        B::Lit(self.cnf.vars as i32)
    }
    /// Adds the clause, dropping false constants; a true constant satisfies it.
    fn clause(&mut self, lits: &[B]) {
        let mut c = Vec::with_capacity(lits.len());
        for &l in lits {
            match l {
                B::Const(true) => return,
                B::Const(false) => {}
                B::Lit(x) => c.push(x),
            }
        }
        self.cnf.clauses.push(c);
    }
}

/// Fanins of LUT `i` over `n` inputs with `k`-LUTs.
fn fanins(n: usize, k: usize, i: usize) -> usize {
    k.min(n + i)
}

/// The CNF of `pb` and where to read its answer.
pub fn encode(pb: &Problem) -> (Cnf, Layout) {
    let (n, k, r) = (pb.f.n, pb.k, pb.r);
    debug_assert!(!pb.f.bit(0), "the function is normal");
    let mut e = Enc { cnf: Cnf::default() };
    let mut sel = Vec::with_capacity(r);
    let mut table = Vec::with_capacity(r);
    for i in 0..r {
        let (m, avail) = (fanins(n, k, i), n + i);
        // Position p reads one of signals p ..= avail - m + p (increasing order).
        let mut per_pos = Vec::with_capacity(m);
        for p in 0..m {
            let row: Vec<Option<i32>> = (0..avail)
                .map(|j| {
                    (j >= p && j <= avail - m + p).then(|| match e.var() {
                        B::Lit(l) => l,
                        B::Const(_) => unreachable!("fresh variables are literals"),
                    })
                })
                .collect();
            per_pos.push(row);
        }
        selection_clauses(&mut e, &per_pos);
        sel.push(per_pos);
        let mut t = vec![B::Const(false)];
        for _ in 1..1usize << m {
            t.push(e.var());
        }
        table.push(t);
    }
    // Every LUT but the last feeds a later one.
    for i in 0..r.saturating_sub(1) {
        let uses: Vec<B> =
            (i + 1..r).flat_map(|g| sel[g].iter().filter_map(|row| row[n + i]).map(B::Lit)).collect();
        e.clause(&uses);
    }
    simulation_clauses(&mut e, pb, &sel, &table);
    if let Some(d) = pb.depth {
        depth_clauses(&mut e, pb, &sel, d);
    }
    (e.cnf, Layout { sel, table })
}

/// Exactly one signal per position; each position's signal above the previous one's.
fn selection_clauses(e: &mut Enc, per_pos: &[Vec<Option<i32>>]) {
    for (p, row) in per_pos.iter().enumerate() {
        let lits: Vec<(usize, i32)> = row.iter().enumerate().filter_map(|(j, s)| s.map(|l| (j, l))).collect();
        e.clause(&lits.iter().map(|&(_, l)| B::Lit(l)).collect::<Vec<_>>());
        for a in 0..lits.len() {
            for b in a + 1..lits.len() {
                e.clause(&[B::Lit(-lits[a].1), B::Lit(-lits[b].1)]);
            }
        }
        if let Some(next) = per_pos.get(p + 1) {
            for &(j, l) in &lits {
                let mut c = vec![B::Lit(-l)];
                c.extend(
                    next.iter().enumerate().filter(|&(j2, _)| j2 > j).filter_map(|(_, s)| s.map(B::Lit)),
                );
                e.clause(&c);
            }
        }
    }
}

/// The values of every LUT at every minterm but 0 (the last LUT's are the function's).
fn simulation_clauses(e: &mut Enc, pb: &Problem, sel: &[Vec<Vec<Option<i32>>>], table: &[Vec<B>]) {
    let (n, r) = (pb.f.n, pb.r);
    let minterms = 1usize << n;
    // x[i][t] for t in 1..minterms (index t - 1).
    let mut x: Vec<Vec<B>> = Vec::with_capacity(r);
    for i in 0..r {
        let row: Vec<B> =
            (1..minterms).map(|t| if i + 1 == r { B::Const(pb.f.bit(t)) } else { e.var() }).collect();
        x.push(row);
    }
    for t in 1..minterms {
        for i in 0..r {
            let m = sel[i].len();
            // y[p]: the value fanin p reads at t.
            let mut y = Vec::with_capacity(m);
            for row in &sel[i] {
                let yv = e.var();
                for (j, s) in row.iter().enumerate() {
                    let Some(s) = *s else { continue };
                    let v = if j < n { B::Const(t >> j & 1 == 1) } else { x[j - n][t - 1] };
                    e.clause(&[B::Lit(-s), not(yv), v]);
                    e.clause(&[B::Lit(-s), yv, not(v)]);
                }
                y.push(yv);
            }
            let out = x[i][t - 1];
            for (q, &f) in table[i].iter().enumerate() {
                // (y spells q) -> (out == table[q])
                let mut c: Vec<B> = (0..m).map(|p| if q >> p & 1 == 1 { not(y[p]) } else { y[p] }).collect();
                c.push(not(out));
                c.push(f);
                e.clause(&c);
                let last = c.len();
                c[last - 2] = out;
                c[last - 1] = not(f);
                e.clause(&c);
            }
        }
    }
}

/// Levels: `le[i][d]` for d in 0..=depth; the last LUT at level `depth` or below.
fn depth_clauses(e: &mut Enc, pb: &Problem, sel: &[Vec<Vec<Option<i32>>>], depth: u32) {
    let (n, r) = (pb.f.n, pb.r);
    let dn = depth as usize;
    let mut le: Vec<Vec<B>> = Vec::with_capacity(r);
    for _ in 0..r {
        let mut row = vec![B::Const(false)];
        for _ in 1..=dn {
            row.push(e.var());
        }
        le.push(row);
    }
    for i in 0..r {
        for d in 1..dn {
            e.clause(&[not(le[i][d]), le[i][d + 1]]);
        }
        for row in &sel[i] {
            for (j, s) in row.iter().enumerate() {
                let Some(s) = *s else { continue };
                for d in 1..=dn {
                    let below = if j < n { B::Const(pb.levels[j] < d as u32) } else { le[j - n][d - 1] };
                    e.clause(&[B::Lit(-s), not(le[i][d]), below]);
                }
            }
        }
    }
    if dn == 0 {
        e.clause(&[]);
    } else {
        e.clause(&[le[r - 1][dn]]);
    }
}

/// The LUTs of a model (`model[v]` is variable `v`'s value; index 0 unused).
pub fn decode(layout: &Layout, model: &[bool]) -> Vec<Gate> {
    let val = |b: B| match b {
        B::Const(v) => v,
        B::Lit(l) => model[l.unsigned_abs() as usize] == (l > 0),
    };
    layout
        .sel
        .iter()
        .zip(&layout.table)
        .map(|(rows, t)| {
            let ins: Vec<usize> = rows
                .iter()
                .map(|row| {
                    row.iter()
                        .position(|s| s.is_some_and(|l| val(B::Lit(l))))
                        .expect("a model selects one signal per position")
                })
                .collect();
            let tt = t.iter().enumerate().fold(0u64, |acc, (q, &b)| acc | (val(b) as u64) << q);
            (tt, ins)
        })
        .collect()
}
