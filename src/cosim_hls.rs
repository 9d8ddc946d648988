//! `rmlir-hls cosim kernel.mlir` for HLS input: seeded random memories and scalar
//! arguments, the start/done protocol with the block-RAM models of the HLS interface through the
//! generated Rust simulator and Verilator (`cosim::hls`), and every result and
//! memory compared after `done` — between the two simulators and against the interpreter of
//! the source function (`hls::interp`), the third voice. Prints the cycle count, the
//! port-bound lower bound (the most accesses any one memory port must make), the
//! recurrence bound (one cycle per iteration of a loop with a register recurrence) and the
//! floor under the run's HLS options (`hls::interp::floor`: the largest of the port bound,
//! the recurrence bound weighted by the delay model at the clock, and the issue cycles of
//! limited multipliers and dividers), naming the part that binds.
//!
//! `--vcd DIR` writes both simulators' waveforms of the run, `DIR/rust.vcd` and
//! `DIR/verilator.vcd` (see `cosim::hls`), as the RTL co-simulation does.
//!
//! `--design FILE` co-simulates a given netlist (an `hw.module` named like the function,
//! with the HLS interface's ports) instead of the synthesized one: a hand-written or
//! externally produced circuit is checked against the kernel the same way.

use crate::cli::CosimArgs;
use cosim::hls::{HlsRun, HlsStimulus};
use flow::cosim::{cosim_hls, failure, mem_floats, waveforms, HlsCosimRequest, HlsData};
use flow::Error;
use hls::interp;
use hls::interp::data_file::show;
use mlir_text::{File, SourceFile};

/// True if the file holds HLS input (ops the netlist builder does not take).
pub fn is_hls(file: &File) -> bool {
    hls::first_hls_op(file).is_some()
}

/// The results and final memories as lines: `ret0 = 42`, `%A = [1, 2, 3]`.
fn results_text(run: &HlsRun, sig: &interp::Signature, stim: &HlsStimulus) -> String {
    let mut o = String::new();
    for (i, (v, w)) in run.results.iter().zip(&sig.results).enumerate() {
        let f = sig.result_floats.get(i).copied().flatten();
        o += &format!("ret{i} = {}\n", show(*v, *w, f));
    }
    for ((m, data), f) in stim.mems.iter().zip(&run.memories).zip(mem_floats(sig)) {
        let words: Vec<String> = data.iter().map(|v| show(*v, m.width, f)).collect();
        o += &format!("%{} = [{}]\n", m.name, words.join(", "));
    }
    o
}

/// `--dump`: `{"cycles": N, "results": [...], "memories": {"%A": [...]}}`, values as the
/// data file writes them.
fn dump_json(run: &HlsRun, sig: &interp::Signature, stim: &HlsStimulus) -> String {
    let results: Vec<String> = run
        .results
        .iter()
        .zip(&sig.results)
        .enumerate()
        .map(|(i, (v, w))| show(*v, *w, sig.result_floats.get(i).copied().flatten()))
        .collect();
    let mems: Vec<String> = stim
        .mems
        .iter()
        .zip(&run.memories)
        .zip(mem_floats(sig))
        .map(|((m, data), f)| {
            let words: Vec<String> = data.iter().map(|v| show(*v, m.width, f)).collect();
            format!("\n    \"%{}\": [{}]", m.name, words.join(", "))
        })
        .collect();
    format!(
        "{{\n  \"cycles\": {},\n  \"results\": [{}],\n  \"memories\": {{{}\n  }}\n}}\n",
        run.cycles,
        results.join(", "),
        mems.join(",")
    )
}

/// Runs the HLS co-simulation; a disagreement is a failure (exit 1).
pub fn run(args: &CosimArgs, src: &SourceFile, file: &File) -> Result<(), Error> {
    let req = HlsCosimRequest {
        options: args.design.options(&args.hls),
        design_file: args.design_file.as_deref(),
        data: match &args.data {
            Some(path) => HlsData::File(path.clone()),
            None => HlsData::Seed(args.seed),
        },
        cycles: args.cycles,
        keep: args.keep_dir(),
        vcd: args.vcd.as_deref(),
    };
    let c = cosim_hls(src, file, &req)?;
    if let Some(d) = c.disagreement() {
        return Err(failure(req.vcd, d));
    }
    let (r, sig, stim, expected) = (&c.runs.rust, &c.sig, &c.stim, &c.expected);
    let mut text = format!(
        "cosim: @{} ({}): Rust simulator, Verilator and the interpreter agree on {} results and {} memories\n",
        c.top,
        c.from,
        sig.results.len(),
        stim.mems.len()
    );
    text += &format!("cycles: {}\n", r.cycles);
    text += &format!("port bound: {}\n", expected.port_bound());
    text += &format!("recurrence bound: {}\n", expected.recurrence_bound);
    text += &format!("floor: {} ({})\n", expected.floor.value(), expected.floor.binding());
    if let Some(v) = &args.vcd {
        text += &format!("{}\n", waveforms(v));
    }
    if args.data.is_some() {
        text += &results_text(r, sig, stim);
    }
    if let Some(path) = &args.dump {
        let json = dump_json(r, sig, stim);
        std::fs::write(path, json).map_err(|e| Error::user(format!("{}: {e}", path.display())))?;
    }
    flow::stdio::out(&text)
}
