//! Randomly generated netlists (every op, widths 1 to 200, registers with and without
//! reset and enable, instances) through every engine. Netlists are batched several to a
//! top module so one Verilator build covers many of them.
//!
//! Per batch: the SystemVerilog is lint-clean under Verilator -Wall and accepted by Yosys;
//! Verilator (4,000 cycles of random inputs) and Icarus (the first 2,000) agree with the
//! evaluator; the -O1 netlist evaluates the same (first 1,000 cycles); and the `--emit
//! mlir` text reads back into a netlist that evaluates the same (first 1,000) and prints
//! byte-identical SystemVerilog (at -O1 in both forms, and at -O0 for the netlist as generated).
//!
//! Yosys + ABC prove -O1 equivalent to -O0 on 200 further random netlists of 12 ops with
//! values at most 12 bits wide, two batches at a time. Yosys 0.23's techmap of one 24-bit
//! divider takes about 3 seconds (a 200-bit one, minutes and gigabytes), and ABC is not the
//! bottleneck, so the proofs use widths that keep each batch to seconds while still mixing
//! every op, registers and instances.

use crate::support::random_aggregates::{aggregate_op_counts, spell_aggregates};
use crate::support::*;
use comb::random::{random_batch, RandomConfig};

const BATCHES: u64 = 8;
const PER_BATCH: usize = 25;
const VECTORS: usize = 4_000;
/// Vectors for the evaluator's second opinions (see `random_netlists_agree_everywhere`).
const REEVAL: usize = 1_000;
/// Icarus takes the first half of the vectors (it simulates a batch at about 100 cycles a
/// second on a loaded machine, so all of them would take longer than Verilator's build and
/// run); Verilator all.
const ICARUS_VECTORS: usize = 2_000;

fn config() -> RandomConfig {
    RandomConfig { ops: 40, max_width: 200, registers: true, instances: true, memories: true }
}

/// One op (or top-level port) in this many is re-spelled with aggregates.
const AGGREGATE_RATE: u64 = 4;

/// A random batch re-spelled with `!hw.array`/`!hw.struct` values and ports
/// ([`spell_aggregates`]), read back at -O0; with the batch as generated and the text.
fn with_aggregates(seed: u64, cfg: &RandomConfig) -> (comb::Design, comb::Design, String) {
    let plain = random_batch(seed, PER_BATCH, cfg);
    let top = plain.module(plain.top_id()).name.clone();
    let text = spell_aggregates(&backends::mlir::emit(&plain, false), &top, seed, (1, AGGREGATE_RATE), false);
    let design = load_text("aggregates.mlir", &text, 0);
    (plain, design, text)
}

/// Adds the aggregate ops of `text` to `totals`.
fn count_aggregates(totals: &mut Vec<(&'static str, usize)>, text: &str) {
    let counts = aggregate_op_counts(text);
    if totals.is_empty() {
        totals.extend(counts.iter().map(|&(op, _)| (op, 0)));
    }
    for (t, (_, n)) in totals.iter_mut().zip(counts) {
        t.1 += n;
    }
}

fn optimized(design: &comb::Design) -> comb::Design {
    optimized_at(design, flow::OptLevel::O1)
}

/// Panics with the first differing lines if an MLIR round trip changed the SystemVerilog.
fn assert_same_sv(what: &str, sv: &str, again: &str, mlir: &str) {
    if sv == again {
        return;
    }
    let (a, b): (Vec<&str>, Vec<&str>) = (sv.lines().collect(), again.lines().collect());
    let first = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    let lo = first.saturating_sub(3);
    let context = |v: &[&str]| v[lo.min(v.len())..(first + 3).min(v.len())].join("\n");
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("random_netlists_roundtrip.mlir");
    let _ = std::fs::write(&path, mlir);
    panic!(
        "{what}: the SV differs after an MLIR round trip at line {} (MLIR in {}):\n--- before\n{}\n--- after\n{}",
        first + 1,
        path.display(),
        context(&a),
        context(&b)
    );
}

#[test]
fn random_netlists_agree_everywhere() {
    let mut total = 0;
    let mut aggregates = Vec::new();
    for batch in 0..BATCHES {
        let (plain, design, text) = with_aggregates(0xC0FFEE + batch, &config());
        count_aggregates(&mut aggregates, &text);
        total += PER_BATCH;
        assert!(comb::verify::verify(&design).is_empty());
        let top = design.module(design.top_id()).name.clone();
        let o1 = optimized(&design);
        let sv1 = backends::verilog::emit(&o1);

        // The MLIR text (custom or generic) reads back to a netlist that prints the same
        // SystemVerilog, byte for byte; so does the netlist as generated, read back at -O0.
        let mlir = backends::mlir::emit(&o1, false);
        let again = load_text("roundtrip.mlir", &mlir, 1);
        assert_same_sv(&format!("batch {batch} at -O1"), &sv1, &backends::verilog::emit(&again), &mlir);
        let generic = backends::mlir::emit(&o1, true);
        let from_generic = load_text("generic.mlir", &generic, 1);
        let sv_generic = backends::verilog::emit(&from_generic);
        assert_same_sv(&format!("batch {batch}, generic form"), &sv1, &sv_generic, &generic);
        let mlir0 = backends::mlir::emit(&design, false);
        let again0 = load_text("roundtrip0.mlir", &mlir0, 0);
        let sv0 = backends::verilog::emit(&design);
        assert_same_sv(&format!("batch {batch} at -O0"), &sv0, &backends::verilog::emit(&again0), &mlir0);

        // Icarus and Verilator run in threads while this one lints, asks Yosys and evaluates.
        let stim = stimulus(&design, batch, VECTORS);
        let traces = std::thread::scope(|s| {
            let runs: Vec<_> = [Engine::Verilator, Engine::Icarus]
                .map(|engine| {
                    let n = if engine == Engine::Icarus { ICARUS_VECTORS } else { VECTORS };
                    let (design, sv1, stim) = (&design, &sv1, &stim[..n]);
                    (engine, s.spawn(move || simulate(engine, design, sv1, stim)))
                })
                .into_iter()
                .collect();
            let lint = verilator_lint(&sv1, &top);
            assert!(lint.trim().is_empty(), "batch {batch}: verilator -Wall warned:\n{lint}");
            yosys_accepts(&sv1, &top);
            let expected = eval_trace(&design, &stim);
            // The evaluator's own runs of the -O1 and read-back netlists take the first
            // REEVAL vectors: both print the SystemVerilog that Icarus and Verilator check
            // on all of theirs.
            let (head, expected_head) = (&stim[..REEVAL], &expected[..REEVAL]);
            // The aggregate spelling means the same bits as the batch as generated.
            let plain_trace = eval_trace(&plain, head);
            assert_traces_eq(
                &format!("batch {batch}: aggregate spelling"),
                &design,
                &plain_trace,
                expected_head,
            );
            let o1_trace = eval_trace(&o1, head);
            assert_traces_eq(&format!("batch {batch}: -O1 evaluator"), &design, expected_head, &o1_trace);
            let again_trace = eval_trace(&again, head);
            assert_traces_eq(
                &format!("batch {batch}: MLIR round trip"),
                &design,
                expected_head,
                &again_trace,
            );
            let sims =
                runs.into_iter().map(|(e, h)| (e, h.join().expect("simulation thread"))).collect::<Vec<_>>();
            (expected, sims)
        });
        let (expected, sims) = traces;
        for (engine, got) in sims {
            assert_traces_eq(&format!("batch {batch} on {engine:?}"), &design, &expected[..got.len()], &got);
        }
    }
    assert!(total >= 200);
    assert!(aggregates.iter().all(|&(_, n)| n > 0), "an aggregate op never came up: {aggregates:?}");
}

#[test]
fn random_netlists_o1_proven_equivalent_to_o0() {
    // Memories stay out of the ABC proofs for now (sequential proofs of random memories through
    // Yosys `memory` are not yet measured); the simulation tests above cover them.
    let cfg = RandomConfig { ops: 12, max_width: 12, registers: true, instances: true, memories: false };
    // -O0 of the batch as generated against -O1 of its aggregate spelling.
    let prove = |batch: u64| {
        let (design, spelled, _) = with_aggregates(0xEC0 + batch, &cfg);
        let top = design.module(design.top_id()).name.clone();
        let sv0 = backends::verilog::emit(&design);
        let sv1 = backends::verilog::emit(&optimized(&spelled));
        prove_equivalent(&sv0, &sv1, &top);
    };
    for pair in (0..BATCHES).collect::<Vec<_>>().chunks(2) {
        std::thread::scope(|s| {
            for &batch in pair {
                s.spawn(move || prove(batch));
            }
        });
    }
    assert!(BATCHES as usize * PER_BATCH >= 200);
}

/// Random netlists with asynchronous resets and initial values ([`comb::random_seq`]): the
/// `--emit mlir` text (which prints them as `seq.firreg`) co-simulates for 1,000 cycles in
/// `rmlir-hls cosim` (evaluator, Rust simulator, Verilator). Reset operands are the shared
/// `rst` (high for cosim's first cycles) or random logic that rises and falls mid-run.
#[test]
fn random_netlists_with_async_resets_cosimulate() {
    let cfg = RandomConfig { ops: 20, max_width: 64, registers: true, instances: true, memories: true };
    let mut design = random_batch(0xA5EC, 8, &cfg);
    let counts = comb::random_seq::add_async_and_init(&mut design, 0xA5EC);
    assert!(counts.async_resets >= 4 && counts.inits >= 4 && counts.enable_inits >= 1, "{counts:?}");
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("async_batch.mlir");
    let top = design.module(design.top_id()).name.clone();
    let circt = backends::mlir::emit_as(&design, false, Some(backends::mlir::Dialect::Circt)).unwrap();
    let text = spell_aggregates(&circt, &top, 0xA5EC, (1, AGGREGATE_RATE), true);
    assert!(aggregate_op_counts(&text).iter().filter(|&&(_, n)| n > 0).count() >= 8, "{text}");
    std::fs::write(&f, text).unwrap();
    // CIRCT's own parser and verifier take the aggregate spelling (and the firregs).
    assert_circt_verifies(&[&f]);
    let out = bin().arg("cosim").arg(&f).args(["--cycles", "1000", "--seed", "5"]).output().unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && text.contains("all agree"), "{text}");
}
