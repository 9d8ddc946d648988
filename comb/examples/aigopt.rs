//! Debug aid: reads ASCII AIGER files (`RMLIR_AIG_DUMP` writes them), runs the LUT
//! mapper's AIG script and the mapper, and prints AND count, AIG level, LUTs and depth
//! before and after. `cargo run --release -p rmlir-comb --example aigopt -- K F.aag...`

use comb::lutmap::{aiger, balance, mapper, rewrite, CUTS_PER_NODE};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let k: usize = args[0].parse().expect("K");
    for f in &args[1..] {
        let g = aiger::from_aag(&std::fs::read_to_string(f).expect("read")).expect("parse");
        let g = balance::balance(&g);
        let show = |what: &str, g: &comb::lutmap::aig::Aig| {
            let m = mapper::map(g, k, CUTS_PER_NODE, comb::lutmap::LutGoal::Depth);
            let lv = g.levels();
            let d = g.outputs.iter().map(|o| lv[o.node().0 as usize]).max().unwrap_or(0);
            println!(
                "{f:30} {what:10} ands {:6} lev {:4} luts {:5} depth {:3}",
                g.and_count(),
                d,
                m.luts,
                m.depth
            );
        };
        show("orig", &g);
        let mut h = g.clone();
        let ks: Vec<usize> = std::env::var("RW_K")
            .unwrap_or("4,4,4,4".into())
            .split(',')
            .map(|x| x.parse().unwrap())
            .collect();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let pats: Vec<u64> = (0..g.inputs().len())
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed
            })
            .collect();
        for (round, &kk) in ks.iter().enumerate() {
            let (r, n) = rewrite::rewrite(&h, kk);
            h = balance::balance(&r);
            assert_eq!(h.simulate(&pats), g.simulate(&pats), "{f}: round {round} changed a function");
            show(&format!("rw{round}:{n}"), &h);
        }
    }
}
