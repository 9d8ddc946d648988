//! The netlist builder: the op tree of `mlir-text` to a [`Design`].
//!
//! Every `hw.module` and every (combinational) `func.func` becomes a [`Module`]. The build
//! runs in phases so that the result is deterministic and every user mistake gets a
//! diagnostic with a span:
//! 1. collect module ops (descending into `builtin.module`), check names are unique;
//! 2. create every module with its ports (so instances can refer to modules defined later);
//! 3. per module body (`body.rs`): one cell per op in textual order, then connect operands
//!    (graph regions use values before their definition), then the outputs;
//! 4. whole-design checks (`checks.rs`): recursive instantiation, combinational cycles, then
//!    the verifier (which should find nothing left: anything it reports is our bug).
//!
//! Errors are collected, not stopped at; phase 4 only runs on a design without errors.

mod aggregate;
mod aggregate_const;
mod ast_ops;
mod body;
mod checks;
mod circt_forms;
mod circt_verify;
mod clock_ops;
mod const_clock;
mod datapath;
mod extern_module;
mod extern_params;
mod fifo;
mod hwarith;
mod initial;
mod memory;
mod memory_regs;
mod ops;
mod param_types;
mod secret;
mod secret_arith;
mod seq;
mod shiftreg;
mod simple;
mod specialize;
mod steps;
mod stream;
mod sv;
mod sv_assert;
mod sv_case;
mod sv_initial;
mod verif;
mod verif_contract;
mod zero_width;

pub use circt_forms::is_helper_name;
pub use stream::build_design_streaming;
pub use zero_width::reject_zero_width;

use crate::ids::ModuleId;
use crate::netlist::{Design, Dir, Module, Port};
use mlir_text::{Attr, ComplexType, Diagnostic, File, Operation, PortDir, Span, Type};
use std::collections::HashMap;

/// Builds the design of `file`; `top` names the top module (else the last module that no
/// other instantiates).
pub fn build_design(file: &File, top: Option<&str>) -> Result<Design, Vec<Diagnostic>> {
    if zero_width::has_zero_width(file)
        || specialize::has_module_params(&file.ops)
        || extern_params::has_parametric_externs(&file.ops)
        || secret_arith::has_secret_arith(file)
        || hwarith::has_hwarith(file)
        || verif_contract::has_contracts(file)
    {
        return build_design_owned(file.clone(), top);
    }
    check(build_bodies(file)?, top)
}

/// Like [`build_design`], but takes the op tree and frees it as soon as the bodies are
/// built, before the whole-design checks: the peak memory of a big input is then the
/// netlist and its checks, not the op tree as well.
pub fn build_design_owned(mut file: File, top: Option<&str>) -> Result<Design, Vec<Diagnostic>> {
    if specialize::has_module_params(&file.ops) {
        specialize::specialize(&mut file)?;
    }
    if extern_params::has_parametric_externs(&file.ops) {
        extern_params::specialize_externs(&mut file)?;
    }
    if zero_width::has_zero_width(&file) {
        zero_width::erase_zero_width(&mut file)?;
    }
    if secret_arith::has_secret_arith(&file) {
        secret_arith::lower_secret_arith(&mut file)?;
    }
    if hwarith::has_hwarith(&file) {
        hwarith::lower_hwarith(&mut file)?;
    }
    if verif_contract::has_contracts(&file) {
        verif_contract::lower_contracts(&mut file)?;
    }
    let built = build_bodies(&file);
    drop(file);
    check(built?, top)
}

/// Stands in for the op tree once the bodies are built (phase 4 does not read it).
static NO_FILE: File = File { ops: Vec::new(), values: Vec::new() };

/// Phases 1 to 3; the builder returned no longer refers to `file`.
fn build_bodies(file: &File) -> Result<Builder<'static>, Vec<Diagnostic>> {
    let mut b = Builder {
        file,
        errors: Vec::new(),
        design: Design::default(),
        by_name: HashMap::new(),
        unnamed: Unnamed::default(),
        text: "",
        net_of: Vec::new(),
        mems: Default::default(),
        initials: Default::default(),
        const_clocks: Default::default(),
    };
    let ops = b.collect();
    let mut bodies = Vec::new();
    for op in ops {
        if let Some(mid) = b.declare(op) {
            if &*op.name != "hw.module.extern" {
                bodies.push((mid, op));
            }
        }
    }
    for (mid, op) in bodies {
        b.build_body(mid, op);
    }
    if !b.errors.is_empty() {
        return Err(b.errors);
    }
    let Builder { errors, design, by_name, unnamed, .. } = b;
    Ok(Builder {
        file: &NO_FILE,
        errors,
        design,
        by_name,
        unnamed,
        text: "",
        net_of: Vec::new(),
        mems: Default::default(),
        initials: Default::default(),
        const_clocks: Default::default(),
    })
}

/// Phase 4 and the choice of the top module.
fn check(mut b: Builder<'_>, top: Option<&str>) -> Result<Design, Vec<Diagnostic>> {
    b.check_design();
    if b.errors.is_empty() {
        b.choose_top(top);
    }
    if b.errors.is_empty() {
        Ok(b.design)
    } else {
        Err(b.errors)
    }
}

/// The `%name` of cells without a user name, by module and net.
pub(crate) type Unnamed = mlir_text::fxhash::FxMap<(ModuleId, crate::ids::NetId), std::sync::Arc<str>>;

/// Builder state shared by the phases.
pub(crate) struct Builder<'f> {
    pub(crate) file: &'f File,
    pub(crate) errors: Vec<Diagnostic>,
    pub(crate) design: Design,
    pub(crate) by_name: HashMap<String, ModuleId>,
    /// The `%name` of cells without a user name (`%0`), for messages.
    pub(crate) unnamed: Unnamed,
    /// The source text, where the streaming build made cells of simple ops: those without
    /// a user name are not in `unnamed`, their `%name` starts their span (else empty).
    pub(crate) text: &'f str,
    /// Scratch for [`body`]: the net of each value.
    pub(crate) net_of: body::NetOf,
    /// The memory ops of the body being built.
    pub(crate) mems: memory::Memories<'f>,
    /// The values of `seq.initial` results, by value (`initial.rs`).
    pub(crate) initials: HashMap<mlir_text::ValueId, crate::bits::Bits>,
    /// The constant clocks of the body being built (`const_clock.rs`).
    pub(crate) const_clocks: std::collections::HashSet<mlir_text::ValueId>,
}

/// How a value's `%name` becomes a cell name.
enum CellName {
    /// Unnamed (`%0`, `%12`, `%3#1`): no cell name.
    None,
    /// The name itself.
    Same,
    /// `r_1` for `%r#1`.
    Renamed(String),
}

fn classify(name: &str) -> CellName {
    // One pass: where the first `#` is, and whether everything before it is digits.
    let mut digits = true;
    let mut hash = None;
    for (i, b) in name.bytes().enumerate() {
        if b == b'#' {
            hash = Some(i);
            break;
        }
        digits &= b.is_ascii_digit();
    }
    match hash {
        _ if digits => CellName::None,
        Some(i) => CellName::Renamed(format!("{}_{}", &name[..i], &name[i + 1..])),
        None => CellName::Same,
    }
}

/// The `%name` of a value as a cell name: `None` for unnamed (`%0`, `%12`) values. A plain
/// name shares the reader's string (no copy per cell).
pub(crate) fn cell_name(name: &std::sync::Arc<str>) -> Option<std::sync::Arc<str>> {
    match classify(name) {
        CellName::None => None,
        CellName::Same => Some(name.clone()),
        CellName::Renamed(s) => Some(s.into()),
    }
}

/// [`cell_name`] of a name the reader holds no string for.
pub(crate) fn cell_name_str(name: &str) -> Option<std::sync::Arc<str>> {
    match classify(name) {
        CellName::None => None,
        CellName::Same => Some(name.into()),
        CellName::Renamed(s) => Some(s.into()),
    }
}

impl<'f> Builder<'f> {
    pub(crate) fn error(&mut self, span: Span, msg: impl Into<String>) {
        self.errors.push(Diagnostic::error(span, msg));
    }

    /// Phase 1: the module ops, in textual order (iterative: no recursion on nesting).
    fn collect(&mut self) -> Vec<&'f Operation> {
        let mut out = Vec::new();
        let mut stack: Vec<std::slice::Iter<'f, Operation>> = vec![self.file.ops.iter()];
        while let Some(it) = stack.last_mut() {
            let Some(op) = it.next() else {
                stack.pop();
                continue;
            };
            match &*op.name {
                "builtin.module" => {
                    for r in op.regions() {
                        for blk in &r.blocks {
                            stack.push(blk.ops.iter());
                        }
                    }
                }
                "hw.module" => out.push(op),
                "func.func" if !op.regions().is_empty() => out.push(op),
                "func.func" => {}     // a declaration
                "hw.type_scope" => {} // the aliases it declares carry their types
                // Metadata with no netlist meaning, dropped (docs/src/interop.md):
                // paths to inner symbols and the output-file structure of CIRCT's emission.
                "hw.hierpath" | "emit.fragment" | "emit.file" | "emit.verbatim" | "emit.ref" => {}
                "hw.module.extern" => out.push(op),
                // A generator's schema: `hw.module.generated` is read as `hw.module.extern`.
                "hw.generator.schema" => {}
                name if mlir_text::dialect::is_hls_op(name) => {
                    self.errors.push(mlir_text::dialect::hls_unsupported(name, op.name_span))
                }
                name => self.error(op.name_span, format!("unknown op '{name}' at the top level")),
            }
        }
        out
    }

    /// Phase 2: creates the module and its ports; `None` if its header is unusable.
    fn declare(&mut self, op: &'f Operation) -> Option<ModuleId> {
        let entry_args: &[mlir_text::ValueId] =
            op.regions().first().and_then(|r| r.blocks.first()).map(|b| b.args.as_slice()).unwrap_or(&[]);
        let block = op.regions().first().and_then(|r| r.blocks.first()).map(|b| b.span);
        let body_ops = op.regions().first().and_then(|r| r.blocks.first()).map_or(0, |b| b.ops.len());
        self.declare_parts(op, entry_args, block, body_ops)
    }

    /// [`Builder::declare`] with the entry block given apart from `op` (its arguments, its
    /// span if there is one, its number of ops).
    pub(crate) fn declare_parts(
        &mut self,
        op: &Operation,
        entry_args: &[mlir_text::ValueId],
        block: Option<Span>,
        body_ops: usize,
    ) -> Option<ModuleId> {
        let hw = op.name.starts_with("hw.module");
        let Some(Attr::String(name)) = op.attr("sym_name") else {
            self.error(op.name_span, format!("'{}' needs a 'sym_name' string attribute", op.name));
            return None;
        };
        let name_span = op.named_attr("sym_name").map(|a| a.span).unwrap_or(op.name_span);
        if let Some(&prev) = self.by_name.get(name.as_str()) {
            let prev_span = self.design.module(prev).span;
            self.errors.push(
                Diagnostic::error(name_span, format!("module '@{name}' is defined twice"))
                    .with_note(Some(prev_span), "previous definition here"),
            );
            return None;
        }
        let mut ports: Vec<(PortDir, String, Type, Span)> = Vec::new();
        let ty_attr = if hw { "module_type" } else { "function_type" };
        let ty_span = op.named_attr(ty_attr).map(|a| a.span).unwrap_or(op.name_span);
        match (hw, op.attr(ty_attr)) {
            (true, Some(Attr::Type(Type::Complex(c)))) if matches!(**c, ComplexType::HwModule(_)) => {
                let ComplexType::HwModule(mp) = &**c else { return None };
                let mut k = 0;
                for p in mp {
                    let span = if p.dir == PortDir::Output {
                        ty_span
                    } else {
                        k += 1;
                        entry_args.get(k - 1).map(|a| self.file.value(*a).span).unwrap_or(ty_span)
                    };
                    ports.push((p.dir, p.name.clone(), p.ty.clone(), span));
                }
            }
            (false, Some(Attr::Type(Type::Complex(c)))) if matches!(**c, ComplexType::Function { .. }) => {
                let ComplexType::Function { inputs, results } = &**c else { return None };
                for (i, t) in inputs.iter().enumerate() {
                    let (n, span) = match entry_args.get(i) {
                        Some(a) => (self.file.value(*a).name.to_string(), self.file.value(*a).span),
                        None => (format!("in{i}"), ty_span),
                    };
                    ports.push((PortDir::Input, n, t.clone(), span));
                }
                for (i, t) in results.iter().enumerate() {
                    ports.push((PortDir::Output, format!("out{i}"), t.clone(), ty_span));
                }
            }
            _ => {
                self.error(op.name_span, format!("'{}' needs a '{ty_attr}' type attribute", op.name));
                return None;
            }
        }
        let n_inputs = ports.iter().filter(|p| p.0 != PortDir::Output).count();
        if let Some(block_span) = block.filter(|_| entry_args.len() != n_inputs) {
            self.error(
                block_span,
                format!("the body has {} arguments but the module has {n_inputs} inputs", entry_args.len()),
            );
            return None;
        }
        let mut module = Module::with_capacity(name.clone(), name_span, ports.len() + body_ops);
        let mut ok = true;
        for (dir, pname, ty, span) in ports {
            let (width, clock) = match (&ty, dir) {
                (_, PortDir::InOut) => {
                    self.error(span, format!("inout port '{pname}' is not supported"));
                    ok = false;
                    continue;
                }
                (Type::Clock, _) => (1, true),
                (Type::Int { width, .. }, _) => (*width, false),
                (t, _) if t.is_bits() => (t.bit_width().unwrap_or(0) as u32, false),
                _ => {
                    self.error(
                        span,
                        format!(
                            "port '{pname}' has type '{ty}'; only integer, hw aggregate and !seq.clock ports are supported"
                        ),
                    );
                    ok = false;
                    continue;
                }
            };
            let dir = if dir == PortDir::Output { Dir::Output } else { Dir::Input };
            module.add_port(Port { name: pname, dir, width, clock, span });
        }
        module.from_func = !hw;
        if &*op.name == "hw.module.extern" {
            module.extern_info = Some(self.extern_info(op));
        } else if hw {
            self.check_module_params(op);
        }
        let id = ModuleId(self.design.modules.len() as u32);
        self.design.modules.push(module);
        self.by_name.insert(name.clone(), id);
        ok.then_some(id)
    }

    /// Sets the top module.
    fn choose_top(&mut self, top: Option<&str>) {
        if let Some(t) = top {
            match self.design.find(t) {
                Some(id) if self.design.module(id).extern_info.is_some() => self.errors.push(Diagnostic::error(
                    self.design.module(id).span,
                    format!("the top module '{t}' is an hw.module.extern (a black box); choose a module with a body"),
                )),
                Some(id) => self.design.top = Some(id),
                None => self.errors.push(Diagnostic::global(self.design.no_such_module(t))),
            }
            return;
        }
        let mut instantiated = vec![false; self.design.modules.len()];
        for m in &self.design.modules {
            for c in m.cells() {
                if let crate::CellKind::Instance { module, .. } = &m.cell(c).kind {
                    instantiated[module.index()] = true;
                }
            }
        }
        let boxes: Vec<bool> = self.design.modules.iter().map(|m| m.extern_info.is_some()).collect();
        let top = (0..boxes.len())
            .rposition(|i| !instantiated[i] && !boxes[i])
            .or_else(|| (0..boxes.len()).rposition(|i| !boxes[i]));
        match top {
            Some(i) => self.design.top = Some(ModuleId(i as u32)),
            // Nothing to point at: the start of the input.
            None => self
                .errors
                .push(Diagnostic::error(Span::new(0, 0), "the input defines no hw.module or func.func")),
        }
    }
}

#[cfg(test)]
mod tests;
