//! The one compile flow of rmlir-hls, as a library:
//!
//! ```text
//! input (MLIR file, Yosys JSON, stdin)           input::read_source
//!   -> netlist (streamed build | op tree + HLS)   build::build
//!   -> -O pipeline (flatten first if asked)       optimize::optimize
//!   -> LUT mapping (-O2: also from -O1, smaller)  optimize::map_keeping_smaller
//!   -> a backend (verilog, mlir, dot, rust-sim, yosys-json)   emit::emit
//!      (or, for `hls-ir`, the HLS IR after its passes)         emit::emit_hls_ir
//!      or the FPGA flow (Yosys or native LUT4, nextpnr, packer)  fpga::run
//! ```
//!
//! Configured by plain data ([`Options`], [`Backend`], [`Output`], [`fpga::FpgaOptions`]);
//! the `rmlir-hls` binary, its `cosim` and `fpga` commands, the tests and the benchmarks
//! all go through here, so no one else assembles a pipeline. Errors are [`Error`]s with a
//! kind (user, tool, internal) and, when they point into the input, located diagnostics.
//! What the options ask to print (warnings, `print_after`, `time_passes`, `stats`, the HLS
//! report table) goes to standard error (the report table: where [`ReportTo`] says).

pub mod build;
pub mod cosim;
pub mod emit;
pub mod error;
pub mod fpga;
pub mod input;
pub mod optimize;
pub mod options;
mod output;
mod params;
pub mod passes;
pub mod schedule_html;
pub mod stdio;

pub use build::Built;
pub use error::{Error, ErrorKind, Result};
pub use input::read_source;
pub use options::{Backend, Input, LutOptions, OptLevel, Options, Output, ReportTo};

use comb::Design;
use mlir_text::SourceFile;

/// Builds `src` and takes it through the pipeline and LUT mapping the options ask for.
pub fn load(o: &Options, src: &SourceFile) -> Result<Design> {
    let built = build::build(src, o)?;
    optimize::optimize(o, built.design)
}

/// A flow configured once and run on any number of inputs.
#[derive(Clone, Debug, Default)]
pub struct Flow {
    /// What every run does up to the backend.
    pub options: Options,
}

impl Flow {
    /// A flow with these options.
    pub fn new(options: Options) -> Flow {
        Flow { options }
    }

    /// The default options at `opt`.
    pub fn at(opt: OptLevel) -> Flow {
        Flow::new(Options::at(opt))
    }

    /// Reads an input.
    pub fn read(&self, input: &Input) -> Result<SourceFile> {
        read_source(input)
    }

    /// Builds `src` without running any pass (with the HLS report for HLS input).
    pub fn build(&self, src: &SourceFile) -> Result<Built> {
        build::build(src, &self.options)
    }

    /// Builds `src` and optimizes (and maps) it.
    pub fn load(&self, src: &SourceFile) -> Result<Design> {
        load(&self.options, src)
    }

    /// Builds MLIR text named `name` (a name ending in `.json` is Yosys JSON) and optimizes it.
    pub fn load_text(&self, name: &str, text: &str) -> Result<Design> {
        self.load(&SourceFile::new(name, text))
    }

    /// Takes an already built design through the pipeline and LUT mapping.
    pub fn optimize(&self, design: Design) -> Result<Design> {
        optimize::optimize(&self.options, design)
    }

    /// The whole flow: reads `input`, builds, optimizes and writes `backend` to `out`. The
    /// source is freed before the output is made (it is as big as its text).
    pub fn compile(&self, input: &Input, backend: Backend, out: &Output) -> Result<()> {
        let src = self.read(input)?;
        if backend == Backend::HlsIr {
            return emit::emit_hls_ir(&build::build_as(&src, &self.options, true)?, out);
        }
        if params::compile_kept(&src, &self.options, backend, out)? {
            return Ok(());
        }
        let design = self.load(&src)?;
        drop(src);
        emit::emit(&design, backend, out)
    }

    /// Reads `input` and runs the FPGA flow on it.
    pub fn fpga(&self, input: &Input, f: &fpga::FpgaOptions) -> Result<::fpga::report::Report> {
        let src = self.read(input)?;
        fpga::run(&self.options, f, &src)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ADD: &str = "hw.module @m(in %a : i8, out y : i8) {\n  %c0 = hw.constant 0 : i8\n  \
                       %s = comb.add %a, %c0 : i8\n  hw.output %s : i8\n}\n";

    #[test]
    fn the_levels_differ_and_lut_mapping_gives_truth_tables() {
        let cells = |d: &Design| d.modules[0].cell_count();
        let o0 = Flow::at(OptLevel::O0).load_text("a.mlir", ADD).unwrap();
        let o1 = Flow::at(OptLevel::O1).load_text("a.mlir", ADD).unwrap();
        assert!(cells(&o1) < cells(&o0), "-O1 folds the add of zero");
        let lut = LutOptions { k: 4, goal: comb::lutmap::LutGoal::Depth, exact_budget: 0 };
        let mapped = Flow::new(Options { lut: Some(lut), ..Options::default() })
            .load_text(
                "a.mlir",
                "hw.module @m(in %a : i4, in %b : i4, out y : i4) {\n  \
                                  %s = comb.xor %a, %b : i4\n  hw.output %s : i4\n}\n",
            )
            .unwrap();
        let sv = backends::verilog::emit(&mapped);
        assert!(backends::mlir::emit(&mapped, false).contains("comb.truth_table"), "{sv}");
    }

    #[test]
    fn a_parse_error_is_a_located_user_error() {
        let e = Flow::default().load_text("bad.mlir", "hw.module @m( {\n").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::User);
        assert!(e.render().starts_with("bad.mlir:1:"), "{}", e.render());
    }

    #[test]
    fn hls_input_comes_with_its_report() {
        let text = "func.func @f(%a: i32, %b: i32) -> i32 {\n  %s = arith.addi %a, %b : i32\n  \
                    return %s : i32\n}\n";
        let built = Flow::default().build(&SourceFile::new("k.mlir", text)).unwrap();
        assert!(built.report.is_some());
        assert_eq!(built.design.module(built.design.top_id()).name, "f");
    }
}
