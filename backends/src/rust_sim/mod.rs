//! The Rust simulator backend (SPEC section 5): a netlist compiled to a dependency-free crate.
//!
//! The design is flattened ([`flatten`]), levelized once (`comb::order::topo_order`) and
//! printed as straight-line Rust ([`logic`]), one native integer per value, split into
//! functions of at most [`CHUNK`] statements so that huge designs still compile quickly.
//! Values crossing a function boundary, and those a register samples, live in boxed arrays
//! of the private state; everything else is a local. Registers update in two phases: all
//! next values are written to a second bank, then the banks are swapped. A memory's read
//! data is such a register; its contents are written at the swap ([`memory`]). `api.rs` prints the
//! public struct, `new`/`eval`/`tick`, and the VCD tracer; `rt.rs` is the runtime for values
//! wider than 128 bits and the VCD writer.
//!
//! Naming (documented for users of the generated crate):
//! - Package and library: the top module's name with every character outside
//!   `[A-Za-z0-9_]` replaced by `_`, prefixed with `m_` if it starts with a digit and with
//!   `sim_` if it is a Rust keyword.
//! - Struct: the top's name in UpperCamelCase (`h_arith` gives `HArith`), prefixed with `M`
//!   if it would start with a digit.
//! - Fields: the port's name with characters outside `[A-Za-z0-9_]` replaced by `_`, `_`
//!   prepended if it starts with a digit, a Rust keyword as a raw identifier (`r#type`;
//!   `self`, `Self`, `super`, `crate` get a trailing `_`), and `_2`, `_3`... appended on a
//!   collision. A clock port is not a field; with several clocks, `tick_<clock>()` uses the
//!   legalized clock name, and `tick_all()` is one simultaneous edge of every clock.

pub mod async_reset;
pub mod checks;
pub mod const_clock;
pub mod derived;
pub mod flatten;
pub mod logic;
pub mod memory;
pub mod ops;
pub mod rt;

mod api;

use comb::{Design, Dir, Module, PortId};

/// Statements per generated function at most.
pub const CHUNK: usize = 500;

/// A generated crate: relative paths and contents.
#[derive(Clone, Debug)]
pub struct SimCrate {
    /// (`Cargo.toml`, ...), (`src/lib.rs`, ...), ...
    pub files: Vec<(String, String)>,
}

impl SimCrate {
    /// Writes the files under `dir` (creating directories).
    pub fn write_to(&self, dir: &std::path::Path) -> std::io::Result<()> {
        for (rel, text) in &self.files {
            let p = dir.join(rel);
            if let Some(parent) = p.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(p, text)?;
        }
        Ok(())
    }
}

const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for", "if",
    "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "Self",
    "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while", "async",
    "await", "dyn", "abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof",
    "unsized", "virtual", "yield", "try", "gen", "union",
];

fn sanitize(s: &str) -> String {
    let mut out: String =
        s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if out.is_empty() {
        out.push('_');
    }
    out
}

/// The crate (package and library) name for a top module.
pub fn crate_name(top: &str) -> String {
    let mut s = sanitize(top);
    if s.starts_with(|c: char| c.is_ascii_digit()) {
        s = format!("m_{s}");
    }
    if KEYWORDS.contains(&s.as_str())
        || ["_", "std", "core", "alloc", "test", "proc_macro"].contains(&s.as_str())
    {
        s = format!("sim_{s}");
    }
    s
}

/// The struct name for a top module (UpperCamelCase).
pub fn struct_name(top: &str) -> String {
    let mut s = String::new();
    for part in sanitize(top).split('_').filter(|p| !p.is_empty()) {
        let mut cs = part.chars();
        if let Some(c) = cs.next() {
            s.push(c.to_ascii_uppercase());
            s.extend(cs);
        }
    }
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s = format!("M{s}");
    }
    if s == "Self" {
        s = "SelfSim".into();
    }
    s
}

/// A Rust identifier for a port or clock name (without collision handling).
pub fn ident(name: &str) -> String {
    let mut s = sanitize(name);
    if s.starts_with(|c: char| c.is_ascii_digit()) {
        s = format!("_{s}");
    }
    if ["self", "Self", "super", "crate", "_"].contains(&s.as_str()) {
        s.push('_');
    } else if KEYWORDS.contains(&s.as_str()) {
        s = format!("r#{s}");
    }
    s
}

/// One port of the generated struct.
#[derive(Clone, Debug)]
pub struct PortField {
    /// The port.
    pub port: PortId,
    /// The user's name.
    pub name: String,
    /// The Rust field name.
    pub field: String,
    /// Width in bits.
    pub width: u32,
    /// Direction.
    pub dir: Dir,
}

/// The ports that are clocks: those typed `!seq.clock`, inputs that clock a register, memory
/// or check, and inputs a derived clock inverts (`comb::eval_clocks::clock_ports`).
pub fn clock_ports(design: &Design) -> Result<Vec<PortId>, String> {
    let flat = flatten::flatten(design)?;
    Ok(clocks_of(&flat))
}

fn clocks_of(flat: &Module) -> Vec<PortId> {
    comb::eval_clocks::clock_ports(flat)
}

/// The struct's port fields (clock ports excluded), in port order, with unique names.
pub fn port_fields(module: &Module, clocks: &[PortId]) -> Vec<PortField> {
    let mut used = vec!["__s".to_string(), "__vcd".to_string()];
    let mut out = Vec::new();
    for p in module.port_ids() {
        if clocks.contains(&p) {
            continue;
        }
        let port = module.port(p);
        let base = ident(&port.name);
        let mut field = base.clone();
        let mut k = 2;
        while used.contains(&field) {
            field = format!("{}_{k}", base.trim_start_matches("r#"));
            k += 1;
        }
        used.push(field.clone());
        out.push(PortField { port: p, name: port.name.clone(), field, width: port.width, dir: port.dir });
    }
    out
}

/// Compiles the design's top module into a simulator crate.
pub fn emit(design: &Design) -> Result<SimCrate, String> {
    if let Some(x) = design.extern_in_use() {
        return Err(Design::extern_model_error(x, "the Rust simulator"));
    }
    let mut flat = flatten::flatten(design)?;
    const_clock::fold(&mut flat)?;
    let forces = async_reset::split(&mut flat);
    let clocks = clocks_of(&flat);
    let derived_clocks = comb::eval_clocks::derived(&flat);
    derived::check_widths(&flat, &derived_clocks)?;
    let fields = port_fields(&flat, &clocks);
    let name = crate_name(&flat.name);
    let sname = struct_name(&flat.name);
    let compiled = logic::compile(flat, &clocks, &derived_clocks, &fields, &forces)?;
    let lib = api::lib_rs(&compiled, &fields, &sname);
    let cargo = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[lib]\npath = \"src/lib.rs\"\n\n\
         [dependencies]\n\n[profile.release]\nopt-level = 3\ncodegen-units = 16\nlto = \"off\"\n"
    );
    Ok(SimCrate {
        files: vec![
            ("Cargo.toml".into(), cargo),
            ("src/lib.rs".into(), lib),
            ("src/logic.rs".into(), compiled.code.clone()),
            ("src/rt.rs".into(), include_str!("rt.rs").to_string()),
        ],
    })
}
