//! Harness of the HLS tests: kernels, their signature, the interpreter's run and the
//! reference's ([`reference`]), and a test bench for Icarus with SPEC section 4 block-RAM
//! models ([`icarus`]).
//!
//! A kernel is read by our reader (custom syntax, either spelling); a reader error fails
//! the test.
#![allow(dead_code)]

pub mod icarus;
pub mod reference;

use hls::interp::{self, ArgValue, Outcome, Param, Signature};
use icarus::{TbMem, TbSpec};
use mlir_text::{Attr, ComplexType, File, Type};
use reference::{KernelTypes, RefRun};
use std::path::{Path, PathBuf};

/// A kernel ready to run.
pub struct Kernel {
    /// Its file.
    pub path: PathBuf,
    /// Its text in today's spelling (what the reference runs).
    pub modern: String,
    /// The op tree the interpreter runs.
    pub file: File,
    /// The top function's signature.
    pub sig: Signature,
    /// Its parameter and result types as text.
    pub types: KernelTypes,
}

/// The project's kernels (`tests/hls/*.mlir`), sorted.
pub fn own_kernels() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hls");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/hls exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    v.sort();
    v
}

/// The four HLS examples of ../shared, when present.
pub fn shared_kernels() -> Vec<PathBuf> {
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared");
    if !shared.join("SPEC.md").exists() {
        eprintln!("note: ../shared not found; its HLS examples are not run");
        return Vec::new();
    }
    ["dot", "fir_std", "matmul", "stencil"]
        .iter()
        .map(|n| shared.join(format!("examples/{n}.mlir")))
        .collect()
}

/// Reads a kernel (see the module header).
pub fn load(path: &Path) -> Kernel {
    let text = std::fs::read_to_string(path).unwrap();
    let modern = reference::modernize(&text);
    let src = mlir_text::SourceFile::new(path.display().to_string(), text.as_str());
    let file = mlir_text::parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
    let top = interp::top_function(&file).expect("the kernel file has a function").to_string();
    let sig = interp::signature(&file, &top).unwrap_or_else(|d| panic!("{}: {}", path.display(), d.message));
    let types = types_of(&file, &top);
    Kernel { path: path.to_path_buf(), modern, file, sig, types }
}

fn types_of(file: &File, top: &str) -> KernelTypes {
    let (_, f) = interp::functions(file).into_iter().find(|(n, _)| *n == top).unwrap();
    let entry = &f.regions()[0].blocks[0];
    let params = entry.args.iter().map(|&a| file.ty(a).to_string()).collect();
    let results = match f.attr("function_type") {
        Some(Attr::Type(Type::Complex(c))) => match &**c {
            ComplexType::Function { results, .. } => results.iter().map(|t| t.to_string()).collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    KernelTypes { params, results }
}

/// The interpreter's run, in the reference's shape.
pub fn interpret(k: &Kernel, args: &[ArgValue]) -> (RefRun, Outcome) {
    let out = interp::run(&k.file, &k.sig.name, args)
        .unwrap_or_else(|d| panic!("{}: interpreter: {}", k.path.display(), d.message));
    (ref_run(&out), out)
}

/// `n` seeded data sets on which the kernel is defined: seeds 1, 2, ... whose data makes
/// the interpreter neither fail (an index out of bounds) nor meet an op MLIR leaves
/// undefined (division by zero, `MIN / -1`, an oversized shift), where `mlir-cpu-runner`
/// would trap or differ. A kernel that does not clamp a scalar used as a bound needs this.
pub fn data_sets(k: &Kernel, n: usize) -> Vec<(u64, Vec<ArgValue>)> {
    let mut out = Vec::new();
    for seed in 1..=64u64 {
        let args = hls::interp::data::random_args(&k.sig, seed);
        if let Ok(o) = interp::run(&k.file, &k.sig.name, &args) {
            if o.undefined.is_none() {
                out.push((seed, args));
                if out.len() == n {
                    return out;
                }
            }
        }
    }
    panic!("{}: fewer than {n} of 64 seeds give data on which the kernel is defined", k.path.display());
}

/// The memref parameters' names, in order.
pub fn memref_names(sig: &Signature) -> Vec<String> {
    sig.params
        .iter()
        .filter_map(|p| match p {
            Param::MemRef { name, .. } => Some(name.clone()),
            Param::Scalar { .. } => None,
        })
        .collect()
}

/// Whether two printed values agree: bit for bit, except that any NaN equals any NaN for
/// a float of format `f` (SPEC section 4).
pub fn same_value(x: i64, y: i64, f: Option<hls::float::FloatFormat>) -> bool {
    interp::data::same(x as u64, y as u64, f)
}

/// `v` (a printed, sign-extended value) as a message shows it.
fn shown(v: i64, f: Option<hls::float::FloatFormat>) -> String {
    let w = f.map_or(64, |f| f.width());
    interp::data::show(v as u64 & interp::value::mask(w), w, f)
}

/// Asserts two runs agree, naming the first difference (floats: bit for bit, NaN = NaN).
pub fn assert_runs_eq(what: &str, expected: &RefRun, actual: &RefRun, sig: &Signature) {
    assert_eq!(expected.results.len(), actual.results.len(), "{what}: result counts differ");
    for (i, (&e, &a)) in expected.results.iter().zip(&actual.results).enumerate() {
        let f = sig.result_floats.get(i).copied().flatten();
        assert!(
            same_value(e, a, f),
            "{what}: result {i} differs: expected {}, got {}",
            shown(e, f),
            shown(a, f)
        );
    }
    let mem_floats: Vec<_> = sig
        .params
        .iter()
        .zip(&sig.param_floats)
        .filter(|(p, _)| matches!(p, Param::MemRef { .. }))
        .map(|(_, f)| *f)
        .collect();
    for (i, name) in memref_names(sig).iter().enumerate() {
        let (e, a) = (&expected.memories[i], &actual.memories[i]);
        let f = mem_floats[i];
        if let Some(at) = e.iter().zip(a).position(|(x, y)| !same_value(*x, *y, f)) {
            panic!(
                "{what}: memref '%{name}' differs first at element {at}: expected {}, got {}",
                shown(e[at], f),
                shown(a[at], f)
            );
        }
        assert_eq!(e.len(), a.len(), "{what}: memref '%{name}' sizes differ");
    }
}

/// The bench's description of a kernel on one data set.
pub fn tb_spec(k: &Kernel, args: &[ArgValue], max_cycles: u64) -> TbSpec {
    let mut spec = TbSpec {
        top: k.sig.name.clone(),
        scalars: Vec::new(),
        mems: Vec::new(),
        results: k.sig.results.clone(),
        max_cycles,
    };
    for (p, a) in k.sig.params.iter().zip(args) {
        match (p, a) {
            (Param::Scalar { name, width }, ArgValue::Scalar(v)) => {
                spec.scalars.push((name.clone(), *width, *v))
            }
            (Param::MemRef { name, shape, width }, ArgValue::MemRef(d)) => spec.mems.push(TbMem {
                name: name.clone(),
                depth: shape.iter().product::<u64>().max(1),
                width: *width,
                data: d.clone(),
            }),
            _ => unreachable!("random_args follows the signature"),
        }
    }
    spec
}

/// The bench's observations as the reference's (sign-extended) values.
pub fn as_ref_run(run: &icarus::TbRun, k: &Kernel, spec: &TbSpec) -> RefRun {
    let sx = |v: u64, w: u32| hls::interp::Int::new(v, w).signed();
    RefRun {
        results: run.results.iter().zip(&k.sig.results).map(|(&v, &w)| sx(v, w)).collect(),
        memories: run
            .memories
            .iter()
            .zip(&spec.mems)
            .map(|(m, tm)| m.iter().map(|&v| sx(v, tm.width)).collect())
            .collect(),
    }
}

/// The synthesis options a command line's HLS flags set (as `rmlir-hls` parses them).
pub fn hls_options(opts: &[&str]) -> hls::Options {
    let mut o = hls::Options::default();
    let value = |i: usize| opts.get(i + 1).unwrap_or_else(|| panic!("{opts:?}: a flag without its value"));
    for (i, &a) in opts.iter().enumerate() {
        match a {
            "--clock-period" => o.clock_period = value(i).parse().expect("a clock period"),
            "--max-mul" => o.max_mul = Some(value(i).parse().expect("a multiplier count")),
            "--max-div" => o.max_div = Some(value(i).parse().expect("a divider count")),
            "--max-float" => o.max_float = Some(value(i).parse().expect("a float unit count")),
            "--pipeline" => o.pipeline = true,
            "--max-unroll" => o.max_unroll = value(i).parse().expect("an unroll cap"),
            _ => {}
        }
    }
    o
}

/// The float reductions `rmlir-hls` with flags `opts` reassociates in kernel `k`
/// (`hls::Synthesized::reassociated`).
pub fn reassociated(k: &Kernel, opts: &[&str]) -> Vec<hls::transform::reassoc::Reassociated> {
    hls::synthesize(&k.file, &hls_options(opts))
        .unwrap_or_else(|d| panic!("{}: synthesis: {}", k.path.display(), d[0].message))
        .reassociated
}

/// [`interpret`] computing the reductions in `plan` in the circuit's order.
pub fn interpret_planned(
    k: &Kernel,
    args: &[ArgValue],
    plan: &[hls::transform::reassoc::Reassociated],
) -> (RefRun, Outcome) {
    let out = interp::run_planned(&k.file, &k.sig.name, args, &hls::Options::default(), plan)
        .unwrap_or_else(|d| panic!("{}: interpreter: {}", k.path.display(), d.message));
    (ref_run(&out), out)
}

fn ref_run(out: &Outcome) -> RefRun {
    RefRun {
        results: out.results.iter().map(|r| r.signed()).collect(),
        memories: out
            .memories
            .iter()
            .map(|m| m.data.iter().map(|&v| interp::Int::new(v, m.width).signed()).collect())
            .collect(),
    }
}
