//! The float vector campaign's generated crate (issue 21): every case (an op in a format on
//! the unit HLS builds for it) is emitted with the Rust simulator backend into one crate,
//! with the driver `driver.rs` that draws operands, computes Rust's reference and counts
//! mismatches. Used by `bench/fvectors/main.rs` and by the test `tests/it/float_vectors.rs`.

use backends::rust_sim;
use comb::{Design, Dir, ModuleId};
use hls::float::units::fcmp::MinMax;
use hls::float::units::{ds_unit, unit_module_with, FUnit};
use hls::float::{FCmpPred, FloatFormat};
use hls::schedule::float_timing::UNIT_OPTIONS;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

/// The driver's source (`src/main.rs` of the generated crate, `// @UNITS@` replaced).
pub const DRIVER: &str = include_str!("driver.rs");

/// The operand generator the driver shares with `bench/float_units.rs` (its `operands`
/// module).
pub const OPERANDS: &str = include_str!("operands.rs");

/// The four formats, in table order.
pub const FORMATS: [FloatFormat; 4] =
    [FloatFormat::F16, FloatFormat::BF16, FloatFormat::F32, FloatFormat::F64];

/// One row of the campaign: `op` in format `fmt` (the operand's; the result's for
/// `IToFp`) on the hardware unit `unit`.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// The op the driver's reference computes, named by the unit kind that computes it
    /// combinationally (`Div`, not `DivSeq`).
    pub op: FUnit,
    /// The format.
    pub fmt: FloatFormat,
    /// The unit under test.
    pub unit: FUnit,
    /// Shown after the op's name (`seq` for the sequential divider).
    pub tag: &'static str,
}

impl Case {
    /// The row's name (`addf`, `cmpf olt`, `sitofp i32`, `divf seq`).
    pub fn name(&self) -> String {
        let base = match self.op {
            FUnit::Add => "addf".to_string(),
            FUnit::Sub => "subf".into(),
            FUnit::Mul => "mulf".into(),
            FUnit::Div => "divf".into(),
            FUnit::Sqrt => "sqrt".into(),
            FUnit::Fma => "fma".into(),
            FUnit::Rem => "remf".into(),
            FUnit::Cmp(p) => format!("cmpf {}", p.name()),
            FUnit::MinMax(m) => m.name().to_string(),
            FUnit::Neg => "negf".into(),
            FUnit::Abs => "absf".into(),
            FUnit::IToFp { width, signed } => {
                format!("{} i{width}", if signed { "sitofp" } else { "uitofp" })
            }
            FUnit::FpToI { width, signed } => {
                format!("{} i{width}", if signed { "fptosi" } else { "fptoui" })
            }
            FUnit::Convert { to } if to.width() > self.fmt.width() => format!("extf {to}"),
            FUnit::Convert { to } => format!("truncf {to}"),
            other => other.name().to_string(),
        };
        if self.tag.is_empty() {
            base
        } else {
            format!("{base} {}", self.tag)
        }
    }

    fn driver_op(&self) -> String {
        match self.op {
            FUnit::Add => "Op::Add".into(),
            FUnit::Sub => "Op::Sub".into(),
            FUnit::Mul => "Op::Mul".into(),
            FUnit::Div => "Op::Div".into(),
            FUnit::Sqrt => "Op::Sqrt".into(),
            FUnit::Fma => "Op::Fma".into(),
            FUnit::Rem => "Op::Rem".into(),
            FUnit::Cmp(p) => format!("Op::Cmp({:?})", p.name()),
            FUnit::MinMax(MinMax::Maximum) => "Op::Maximum".into(),
            FUnit::MinMax(MinMax::Minimum) => "Op::Minimum".into(),
            FUnit::MinMax(MinMax::MaxNum) => "Op::MaxNum".into(),
            FUnit::MinMax(MinMax::MinNum) => "Op::MinNum".into(),
            FUnit::Neg => "Op::Neg".into(),
            FUnit::Abs => "Op::Abs".into(),
            FUnit::IToFp { width, signed } => format!("Op::IToFp({width}, {signed})"),
            FUnit::FpToI { width, signed } => format!("Op::FpToI({width}, {signed})"),
            FUnit::Convert { to } => format!("Op::Convert({})", fmt_expr(to)),
            other => unreachable!("{other:?} has no reference in the driver"),
        }
    }
}

fn fmt_expr(f: FloatFormat) -> String {
    format!("Fmt::{}", f.to_string().to_uppercase())
}

/// The unit HLS runs `op` on (pipelined ones built combinational; division, square root
/// and remainder also as the sequential unit an FSM gets at a 10 ns clock).
fn unit_cases(op: FUnit, f: FloatFormat) -> Vec<Case> {
    let one = |unit| Case { op, fmt: f, unit, tag: "" };
    let seq = |kind| {
        let unit = ds_unit::seq_unit(kind, f, 10.0).expect("a sequential form");
        Case { op, fmt: f, unit, tag: "seq" }
    };
    match op {
        FUnit::Div | FUnit::Sqrt => vec![one(op), seq(op)],
        // HLS's remainder is always the sequential unit.
        FUnit::Rem => vec![Case { tag: "", ..seq(FUnit::Rem) }],
        _ => vec![one(op)],
    }
}

/// Every op of the HLS float flow in format `f`.
pub fn cases_for(f: FloatFormat) -> Vec<Case> {
    let mut ops = vec![FUnit::Add, FUnit::Sub, FUnit::Mul, FUnit::Div, FUnit::Sqrt, FUnit::Fma, FUnit::Rem];
    ops.extend(FCmpPred::ALL.map(FUnit::Cmp));
    ops.extend([MinMax::Maximum, MinMax::Minimum, MinMax::MaxNum, MinMax::MinNum].map(FUnit::MinMax));
    ops.extend([FUnit::Neg, FUnit::Abs]);
    for (width, signed) in [(32, true), (64, true), (32, false), (64, false)] {
        ops.push(FUnit::IToFp { width, signed });
        ops.push(FUnit::FpToI { width, signed });
    }
    ops.extend(FORMATS.into_iter().filter(|&t| t != f).map(|to| FUnit::Convert { to }));
    ops.into_iter().flat_map(|op| unit_cases(op, f)).collect()
}

/// The unit module of a case (combinational, or sequential with start/done).
pub fn design(case: &Case) -> Design {
    let m = unit_module_with(case.unit, case.fmt, 0, &UNIT_OPTIONS);
    Design { modules: vec![m], top: Some(ModuleId(0)) }
}

/// The `Dut` implementation of unit `i` (a struct `D{i}` around the simulator).
fn dut_impl(i: usize, d: &Design, sname: &str) -> String {
    let m = &d.modules[0];
    let has = |n: &str| m.ports.iter().any(|p| p.name == n && p.dir == Dir::Input);
    let mut set = String::new();
    for (k, n) in ["a", "b", "c"].iter().enumerate() {
        if has(n) {
            let _ = writeln!(set, "        s.{n} = x[{k}] as _;");
        }
    }
    let body = if has("start") {
        format!(
            "{set}        s.start = 1;\n        s.tick();\n        s.start = 0;\n        \
             for _ in 0..100_000 {{\n            if s.done == 1 {{\n                return Some(s.y as u64);\n            }}\n            \
             s.tick();\n        }}\n        None\n"
        )
    } else {
        format!("{set}        s.eval();\n        Some(s.y as u64)\n")
    };
    format!(
        "struct D{i}(u{i}::{sname});\nimpl Dut for D{i} {{\n    fn run(&mut self, x: &[u64; 3]) -> Option<u64> {{\n        \
         let s = &mut self.0;\n{body}    }}\n}}\n"
    )
}

/// Writes the crate for `cases` under `dir` (`Cargo.toml`, `src/main.rs`, `src/cases.rs`,
/// `src/uN/`); `lock`: a `Cargo.lock` to copy (pins `half`).
pub fn write_crate(dir: &Path, cases: &[Case], lock: Option<&Path>) -> Result<(), String> {
    let mut mods = String::new();
    let mut table = String::from(
        "//! The cases (generated).\nuse crate::*;\n\npub fn cases() -> Vec<Case> {\n    vec![\n",
    );
    let mut impls = String::new();
    for (i, case) in cases.iter().enumerate() {
        let d = design(case);
        let sim = rust_sim::emit(&d).map_err(|e| format!("{}: {e}", case.name()))?;
        for (rel, text) in &sim.files {
            let rel = match rel.as_str() {
                "src/lib.rs" => "mod.rs",
                "src/logic.rs" => "logic.rs",
                "src/rt.rs" => "rt.rs",
                _ => continue,
            };
            let p = dir.join(format!("src/u{i}/{rel}"));
            std::fs::create_dir_all(p.parent().expect("a folder")).map_err(|e| e.to_string())?;
            write_if_changed(&p, text)?;
        }
        let sname = rust_sim::struct_name(&d.modules[0].name);
        let _ = writeln!(mods, "mod u{i};");
        impls.push_str(&dut_impl(i, &d, &sname));
        let _ = writeln!(
            table,
            "        Case {{ name: {:?}, fmt: {}, op: {}, unit: {:?}, make: || Box::new(D{i}(u{i}::{sname}::new())) }},",
            case.name(),
            fmt_expr(case.fmt),
            case.driver_op(),
            d.modules[0].name
        );
    }
    table.push_str("    ]\n}\n\n");
    table.push_str(&impls);
    let main = DRIVER.replace("// @UNITS@", &mods);
    let cargo = "[package]\nname = \"fvectors_run\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
                 [dependencies]\nhalf = \"2\"\n\n[profile.release]\nopt-level = 3\ncodegen-units = 16\n\
                 debug = false\n\n[workspace]\n";
    let write = |rel: &str, text: &str| write_if_changed(&dir.join(rel), text);
    write("Cargo.toml", cargo)?;
    write("src/main.rs", &main)?;
    write("src/cases.rs", &table)?;
    write("src/operands.rs", OPERANDS)?;
    if let Some(l) = lock.filter(|_| !dir.join("Cargo.lock").exists()) {
        std::fs::copy(l, dir.join("Cargo.lock")).map_err(|e| format!("{}: {e}", l.display()))?;
    }
    Ok(())
}

/// Writes `text` to `p` unless it already holds it (so that cargo does not rebuild an
/// unchanged crate: a full one takes minutes).
fn write_if_changed(p: &Path, text: &str) -> Result<(), String> {
    if std::fs::read_to_string(p).is_ok_and(|t| t == text) {
        return Ok(());
    }
    std::fs::write(p, text).map_err(|e| format!("{}: {e}", p.display()))
}

/// Builds the crate in `dir` (release, offline, its own `target/`); returns the binary.
pub fn build(dir: &Path) -> Result<std::path::PathBuf, String> {
    let out = Command::new("cargo")
        .current_dir(dir)
        .env_remove("CARGO_TARGET_DIR")
        .args(["build", "--release", "--offline", "--quiet"])
        .output()
        .map_err(|e| format!("cargo: {e}"))?;
    if !out.status.success() {
        return Err(format!("cargo build in {}:\n{}", dir.display(), String::from_utf8_lossy(&out.stderr)));
    }
    Ok(dir.join("target/release/fvectors_run"))
}

/// One result row of the driver.
#[derive(Clone, Debug)]
pub struct Row {
    /// Index into the cases.
    pub index: usize,
    /// Op name.
    pub op: String,
    /// Format.
    pub format: String,
    /// Unit module name.
    pub unit: String,
    /// Tuples run.
    pub pairs: u64,
    /// Results that differ.
    pub mismatches: u64,
    /// Seconds for the case.
    pub seconds: f64,
    /// The first mismatch, if any.
    pub first: String,
}

/// Parses the driver's output.
pub fn parse_rows(text: &str) -> Vec<Row> {
    text.lines()
        .filter_map(|l| {
            let c: Vec<&str> = l.splitn(8, '\t').collect();
            Some(Row {
                index: c.first()?.parse().ok()?,
                op: c.get(1)?.to_string(),
                format: c.get(2)?.to_string(),
                unit: c.get(3)?.to_string(),
                pairs: c.get(4)?.parse().ok()?,
                mismatches: c.get(5)?.parse().ok()?,
                seconds: c.get(6)?.parse().ok()?,
                first: c.get(7).unwrap_or(&"").to_string(),
            })
        })
        .collect()
}

/// A testbench for the unit of `d` over the `k` tuples of `hex` (`a b c expected` a line):
/// combinational units settle for 1 time unit; sequential ones are started and clocked
/// until `done`, as the driver does.
pub fn testbench(d: &Design, hex: &Path, k: usize) -> String {
    let m = &d.modules[0];
    let width = |n: &str| m.ports.iter().find(|p| p.name == n).map(|p| p.width);
    let wy = width("y").expect("a result port");
    let seq = width("start").is_some();
    let mut tb = format!("module tb;\n  reg [63:0] v [0:{}];\n  integer i, n, bad;\n", 4 * k - 1);
    for p in &m.ports {
        let init = if p.dir == Dir::Input { " = 0" } else { "" };
        let _ = writeln!(tb, "  logic [{}:0] {}{init};", p.width - 1, p.name);
    }
    let conns: Vec<String> = m.ports.iter().map(|p| format!(".{0}({0})", p.name)).collect();
    let _ = writeln!(tb, "  {} u({});", m.name, conns.join(", "));
    if seq {
        tb.push_str("  always #5 clk = ~clk;\n");
    }
    let _ = writeln!(tb, "  initial begin\n    $readmemh(\"{}\", v);\n    bad = 0;", hex.display());
    let _ = writeln!(tb, "    for (i = 0; i < {k}; i = i + 1) begin");
    for (j, n) in ["a", "b", "c"].iter().enumerate() {
        if m.ports.iter().any(|p| p.name == *n && p.dir == Dir::Input) {
            let _ = writeln!(tb, "      {n} = v[4*i+{j}];");
        }
    }
    if seq {
        tb.push_str(
            "      start = 1;\n      @(posedge clk); #1 start = 0;\n      n = 0;\n      \
             while (done !== 1'b1 && n < 100000) begin @(posedge clk); #1 n = n + 1; end\n",
        );
    } else {
        tb.push_str("      #1;\n");
    }
    let _ = writeln!(
        tb,
        "      if (y !== v[4*i+3][{}:0]) begin\n        bad = bad + 1;\n        \
         if (bad == 1) $display(\"first %h %h %h gave %h want %h\", v[4*i], v[4*i+1], v[4*i+2], y, v[4*i+3]);\n      end\n    end",
        wy - 1
    );
    tb.push_str("    $display(\"mismatches %0d\", bad);\n    $finish;\n  end\nendmodule\n");
    tb
}
