//! `rmlir-hls cosim kernel.mlir` for HLS input: seeded random memories and scalar
//! arguments, the start/done protocol with the block-RAM models of the HLS interface through the
//! generated Rust simulator and Verilator (`backends::cosim::hls`), and every result and
//! memory compared after `done` — between the two simulators and against the interpreter of
//! the source function (`hls::interp`), the third voice. Prints the cycle count, the
//! port-bound lower bound (the most accesses any one memory port must make), the
//! recurrence bound (one cycle per iteration of a loop with a register recurrence) and the
//! floor under the run's HLS options (`hls::interp::floor`: the largest of the port bound,
//! the recurrence bound weighted by the delay model at the clock, and the issue cycles of
//! limited multipliers and dividers), naming the part that binds.
//!
//! `--vcd DIR` writes both simulators' waveforms of the run, `DIR/rust.vcd` and
//! `DIR/verilator.vcd` (see `backends::cosim::hls`), as the RTL co-simulation does.
//!
//! `--design FILE` co-simulates a given netlist (an `hw.module` named like the function,
//! with the HLS interface's ports) instead of the synthesized one: a hand-written or
//! externally produced circuit is checked against the kernel the same way.

use crate::cli::CosimArgs;
use backends::cosim::hls::{cosim_hls, HlsMem, HlsRun, HlsStimulus};
use flow::{Error, Flow, Input, Options};
use hls::interp::{self, data::random_args, ArgValue, Outcome, Param};
use mlir_text::{File, SourceFile};

/// True if the file holds HLS input (ops the netlist builder does not take).
pub fn is_hls(file: &File) -> bool {
    hls::first_hls_op(file).is_some()
}

/// The first difference between a simulator's run and the interpreter's outcome (a float
/// result or memory word: any NaN equals any NaN, and the value is shown beside the bits).
fn differs(run: &HlsRun, expected: &Outcome, sig: &interp::Signature) -> Option<String> {
    let show = |v: u64, f: Option<hls::float::FloatFormat>| match f {
        Some(f) => interp::data::show(v, f.width(), Some(f)),
        None => format!("0x{v:x}"),
    };
    for (i, (got, want)) in run.results.iter().zip(&expected.results).enumerate() {
        let f = sig.result_floats.get(i).copied().flatten();
        if !interp::data::same(*got, want.bits, f) {
            return Some(format!(
                "ret{i} = {}, the interpreter computes {}",
                show(*got, f),
                show(want.bits, f)
            ));
        }
    }
    let mem_floats = sig
        .params
        .iter()
        .zip(&sig.param_floats)
        .filter(|(p, _)| matches!(p, Param::MemRef { .. }))
        .map(|(_, f)| *f);
    for ((got, want), f) in run.memories.iter().zip(&expected.memories).zip(mem_floats) {
        if let Some(at) = got.iter().zip(&want.data).position(|(g, w)| !interp::data::same(*g, *w, f)) {
            return Some(format!(
                "memref '%{}' element {at} = {}, the interpreter computes {}",
                want.name,
                show(got[at], f),
                show(want.data[at], f)
            ));
        }
    }
    None
}

/// The float format of each memory parameter, in order.
fn mem_floats(sig: &interp::Signature) -> Vec<Option<hls::float::FloatFormat>> {
    sig.params
        .iter()
        .zip(&sig.param_floats)
        .filter(|(p, _)| matches!(p, Param::MemRef { .. }))
        .map(|(_, f)| *f)
        .collect()
}

/// The results and final memories as lines: `ret0 = 42`, `%A = [1, 2, 3]`.
fn results_text(run: &HlsRun, sig: &interp::Signature, stim: &HlsStimulus) -> String {
    use crate::cosim_data::show;
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
    use crate::cosim_data::show;
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

/// The line naming the two VCD files in `dir`, as the RTL co-simulation prints it.
fn waveforms(dir: &std::path::Path) -> String {
    format!("waveforms: {0}/rust.vcd, {0}/verilator.vcd", dir.display())
}

/// Runs the HLS co-simulation; a disagreement is a failure (exit 1).
pub fn run(args: &CosimArgs, src: &SourceFile, file: &File) -> Result<(), Error> {
    let input_err = |d: mlir_text::Diagnostic| Error::input(src, vec![d]);
    let top = match &args.design.top {
        Some(t) => t.clone(),
        None => {
            interp::top_function(file).ok_or_else(|| Error::user("the input has no function"))?.to_string()
        }
    };
    let sig = interp::signature(file, &top).map_err(input_err)?;
    let data = match &args.data {
        Some(path) => {
            let dsrc = flow::read_source(&Input::File(path.clone()))?;
            crate::cosim_data::read(&dsrc, &sig).map_err(|d| Error::input(&dsrc, d))?
        }
        None => random_args(&sig, args.seed),
    };
    // The float reductions synthesis reassociates, computed in the circuit's order (a
    // synthesis error is reported where the design is built, below).
    let opts = args.hls.options();
    let plan = hls::synthesize(file, &opts).map(|s| s.reassociated).unwrap_or_default();
    let expected = interp::run_planned(file, &top, &data, &opts, &plan).map_err(input_err)?;
    if let Some(d) = &expected.undefined {
        // The circuit and the interpreter both follow the guide's HLS semantics here; only
        // mlir-cpu-runner would not. Say so, and compare anyway.
        flow::stdio::err(
            &mlir_text::Diagnostic { severity: mlir_text::Severity::Warning, ..d.clone() }.render(src),
        );
    }
    let level = args.design.level();
    let design = match &args.design_file {
        Some(path) => {
            let dsrc = flow::read_source(&Input::File(path.clone()))?;
            Flow::new(Options { top: Some(top.clone()), ..Options::at(level) }).load(&dsrc)?
        }
        None => {
            // The kernel with the HLS flags; the defines are not the kernel's (as before).
            let o = Options { defines: Vec::new(), ..args.design.options(&args.hls) };
            Flow::new(o).load(src)?
        }
    };
    let sv = backends::verilog::emit(&design);
    let mut stim = HlsStimulus {
        scalars: Vec::new(),
        mems: Vec::new(),
        results: sig.results.len(),
        // 100 cycles an interpreted op: a 64-bit sequential division takes up to ~70, and
        // under --max-div 1 divisions queue one after another (10 was too few for div_rem).
        max_cycles: args.cycles.max(100 * expected.steps + 1000),
    };
    for (p, a) in sig.params.iter().zip(&data) {
        match (p, a) {
            (Param::Scalar { name, width }, ArgValue::Scalar(v)) => {
                stim.scalars.push((name.clone(), *width, *v))
            }
            (Param::MemRef { name, shape, width }, ArgValue::MemRef(d)) => stim.mems.push(HlsMem {
                name: name.clone(),
                depth: shape.iter().product::<u64>().max(1),
                width: *width,
                data: d.clone(),
            }),
            _ => return Err(Error::internal("argument kinds do not match the signature")),
        }
    }
    // A failed run's waveforms are the ones wanted: name them when both were written.
    let fail = |m: String| match &args.vcd {
        Some(v) if v.join("rust.vcd").is_file() && v.join("verilator.vcd").is_file() => {
            Error::user(format!("{m}\n{}", waveforms(v)))
        }
        _ => Error::user(m),
    };
    let runs = cosim_hls(&design, &sv, &stim, args.keep_dir(), args.vcd.as_deref()).map_err(fail)?;
    let (r, v) = (&runs.rust, &runs.verilator);
    if r != v {
        return Err(fail(format!(
            "cosim: the Rust simulator and Verilator disagree:\n  rust:      {} cycles, results {:x?}\n  verilator: {} cycles, results {:x?}{}",
            r.cycles,
            r.results,
            v.cycles,
            v.results,
            if r.memories != v.memories { "\n  (and the memories differ)" } else { "" }
        )));
    }
    if let Some(d) = differs(r, &expected, &sig) {
        return Err(fail(format!("cosim: @{top} (seed {}): both simulators give {d}", args.seed)));
    }
    let from = match &args.data {
        Some(p) => format!("data {}", p.display()),
        None => format!("seed {}", args.seed),
    };
    let mut text = format!(
        "cosim: @{top} ({from}): Rust simulator, Verilator and the interpreter agree on {} results and {} memories\n",
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
        text += &results_text(r, &sig, &stim);
    }
    if let Some(path) = &args.dump {
        let json = dump_json(r, &sig, &stim);
        std::fs::write(path, json).map_err(|e| Error::user(format!("{}: {e}", path.display())))?;
    }
    flow::stdio::out(&text)
}
