//! The netlist: modules of cells in a petgraph graph.
//!
//! A [`Design`] holds [`Module`]s; each module holds its [`Port`]s and a `StableGraph` whose
//! nodes are [`Cell`]s. A cell drives one net, named by the cell's [`NetId`] (an instance
//! drives none; its outputs are [`CellKind::InstOutput`] cells). The cell's own operand list
//! is the authoritative order; the reverse direction, each net's users, is kept in use lists
//! beside the graph (`uses.rs`) rather than as petgraph edges, so that editing operands costs
//! O(operands) whatever the fan-out. Everything goes through `Module`'s methods so the two never drift
//! apart; the verifier checks that they agree.
//!
//! Room for what HLS needs later: state elements are cells whose operands are sampled on a
//! clock edge (`Reg` today; memories and their ports will be further such kinds), so the
//! "combinational graph" is always the graph with edges into state elements removed.

mod edits;
mod id;
mod kind;
mod params;
mod uses;

pub use id::NetId;
pub use kind::{CellKind, CheckKind, IcmpPred, MAX_MEMORY_BITS};
pub use params::{ExternInfo, ParamDecl, ParamValue};

use crate::ids::{ModuleId, PortId};
use edits::EditLog;
use mlir_text::Span;
use petgraph::stable_graph::StableGraph;
use smallvec::SmallVec;
use std::collections::BTreeMap;
use std::sync::Arc;
use uses::Uses;

/// One cell: what it computes, its width, operands, optional user name and source span.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// What it computes.
    pub kind: CellKind,
    /// Width of the driven net in bits (0 for an instance).
    pub width: u32,
    operands: SmallVec<[NetId; 3]>,
    /// The user's name for the net (`%count` gives `count`), if it had a meaningful one.
    pub name: Option<Arc<str>>,
    /// Where it was written (empty for cells made by passes).
    pub span: Span,
    /// The `bin` (two-state) flag; has no effect on the meaning (values are two-state).
    pub two_state: bool,
    /// A register's CIRCT inner symbol (`seq.compreg sym @s`), kept so `--emit mlir`
    /// prints it back; no effect on the meaning.
    pub inner_sym: Option<Arc<str>>,
}

impl Cell {
    /// The operands in order.
    pub fn operands(&self) -> &[NetId] {
        &self.operands
    }
}

/// Port direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Input.
    Input,
    /// Output.
    Output,
}

/// A module port.
#[derive(Clone, Debug, PartialEq)]
pub struct Port {
    /// Name.
    pub name: String,
    /// Direction.
    pub dir: Dir,
    /// Width (1 for a clock).
    pub width: u32,
    /// True for `!seq.clock` ports.
    pub clock: bool,
    /// Where it was declared.
    pub span: Span,
}

/// One `sv.verbatim` (without substitutions): text printed as it is into the SystemVerilog
/// of its module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verbatim {
    /// The text, escapes decoded.
    pub text: String,
    /// Where it was written.
    pub span: Span,
}

/// Names for the values of a register ([`Module::named_values`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedValues {
    /// The register.
    pub reg: NetId,
    /// The name of value `i` (identifiers, distinct from every other name in the module).
    pub names: Vec<Arc<str>>,
}

/// A module: ports and a graph of cells.
#[derive(Clone, Debug)]
pub struct Module {
    /// Name (`@name` without the `@`).
    pub name: String,
    /// Ports in declaration order.
    pub ports: Vec<Port>,
    /// Where the module was written.
    pub span: Span,
    /// Written as a `func.func` (HEIR's container) rather than an `hw.module`; `--emit mlir`
    /// prints it back in the container it came in unless told otherwise.
    pub from_func: bool,
    /// CIRCT's `sv.verbatim` texts of this module, in textual order: no netlist meaning;
    /// SystemVerilog and `--emit mlir` print them, the simulators ignore them.
    pub verbatim: Vec<Verbatim>,
    /// `Some` for a black box (`hw.module.extern`): ports, no cells, outputs undriven.
    pub extern_info: Option<ExternInfo>,
    /// Comments for the SystemVerilog printer, no netlist meaning: a cell's note (HLS: the
    /// `file:line` of the source op it computes) is printed on the line that declares or
    /// assigns the cell, or on the line of the cell it is inlined into. A cell a pass
    /// removes loses its note.
    pub notes: BTreeMap<NetId, Arc<str>>,
    /// Names for the values of one register (HLS: the FSM's states), printed as
    /// `localparam`s and used wherever the register is compared with or loaded from a
    /// constant (SystemVerilog printer only).
    pub named_values: Option<NamedValues>,
    graph: StableGraph<Cell, u32, petgraph::Directed, u32>,
    uses: Uses,
    /// Per port: the `Input` cell (inputs) or the driving net (outputs); `None` until set.
    port_nets: Vec<Option<NetId>>,
    /// Number of operand slots naming a net whose id is not lower than the user's. When it
    /// is zero the id order is topological whatever the kinds ([`Module::ids_ascending`]).
    forward_operands: usize,
    /// The cells edited since the log was started ([`edits`]).
    edits: EditLog,
}

impl Module {
    /// An empty module.
    pub fn new(name: impl Into<String>, span: Span) -> Module {
        Module {
            name: name.into(),
            ports: Vec::new(),
            span,
            from_func: false,
            verbatim: Vec::new(),
            extern_info: None,
            notes: BTreeMap::new(),
            named_values: None,
            graph: StableGraph::default(),
            uses: Uses::default(),
            port_nets: Vec::new(),
            forward_operands: 0,
            edits: EditLog::Off,
        }
    }

    /// An empty module with room for `cells` cells (pre-sizing the node store and the use
    /// lists avoids copying them as they grow, and the old and new copies being alive at
    /// once: for a million cells that is ~60 MB of peak memory).
    pub fn with_capacity(name: impl Into<String>, span: Span, cells: usize) -> Module {
        let mut m = Module::new(name, span);
        m.graph = StableGraph::with_capacity(cells, 0);
        m.uses.reserve(cells);
        m
    }

    /// Adds a port. For an input, also adds its `Input` cell.
    pub fn add_port(&mut self, port: Port) -> PortId {
        let id = PortId(self.ports.len() as u32);
        let net = if port.dir == Dir::Input {
            let name: Arc<str> = port.name.as_str().into();
            Some(self.add_cell(CellKind::Input(id), port.width, &[], Some(name), port.span))
        } else {
            None
        };
        self.ports.push(port);
        self.port_nets.push(net);
        id
    }

    /// Input ports in order.
    pub fn inputs(&self) -> impl Iterator<Item = PortId> + '_ {
        self.port_ids().filter(|p| self.ports[p.index()].dir == Dir::Input)
    }
    /// Output ports in order.
    pub fn outputs(&self) -> impl Iterator<Item = PortId> + '_ {
        self.port_ids().filter(|p| self.ports[p.index()].dir == Dir::Output)
    }
    /// All ports in order.
    pub fn port_ids(&self) -> impl Iterator<Item = PortId> {
        (0..self.ports.len() as u32).map(PortId)
    }
    /// A port.
    pub fn port(&self, p: PortId) -> &Port {
        &self.ports[p.index()]
    }
    /// The `Input` cell of an input port, or the net driving an output port.
    pub fn port_net(&self, p: PortId) -> Option<NetId> {
        self.port_nets[p.index()]
    }
    /// Drives output port `p` with `net`.
    pub fn set_output(&mut self, p: PortId, net: NetId) {
        assert_eq!(self.ports[p.index()].dir, Dir::Output, "set_output on an input port");
        self.port_nets[p.index()] = Some(net);
    }

    /// Adds a cell.
    pub fn add_cell(
        &mut self,
        kind: CellKind,
        width: u32,
        operands: &[NetId],
        name: Option<Arc<str>>,
        span: Span,
    ) -> NetId {
        let cell = Cell {
            kind,
            width,
            operands: SmallVec::from_slice(operands),
            name,
            span,
            two_state: false,
            inner_sym: None,
        };
        let id = NetId::of(self.graph.add_node(cell));
        self.log(id);
        self.uses.grow(id.index());
        for (i, &op) in operands.iter().enumerate() {
            self.forward_operands += (op >= id) as usize;
            self.uses.add(&self.graph, op, id, i as u32);
        }
        id
    }

    /// A cell.
    pub fn cell(&self, id: NetId) -> &Cell {
        &self.graph[id.node()]
    }
    /// A cell, mutably: kind, width, name and span may change; operands only through
    /// [`Module::set_operands`].
    pub fn cell_mut(&mut self, id: NetId) -> &mut Cell {
        self.log(id);
        &mut self.graph[id.node()]
    }
    /// True if the id names a live cell.
    pub fn contains(&self, id: NetId) -> bool {
        self.graph.contains_node(id.node())
    }
    /// Width of a net.
    pub fn width(&self, id: NetId) -> u32 {
        self.graph[id.node()].width
    }
    /// Operands of a cell.
    pub fn operands(&self, id: NetId) -> &[NetId] {
        &self.graph[id.node()].operands
    }
    /// Number of live cells.
    pub fn cell_count(&self) -> usize {
        self.graph.node_count()
    }
    /// True if every operand of every cell has a lower id than its user (kept up to date by
    /// every edit, O(1)). Then the id order is a topological order of any dependency relation
    /// that only follows operands, instance outputs' summaries included (an instance's operands
    /// are lower than the instance, which is lower than its outputs).
    pub fn ids_ascending(&self) -> bool {
        self.forward_operands == 0
    }
    /// Upper bound of [`NetId::index`] over live cells (for dense side tables).
    pub fn id_bound(&self) -> usize {
        petgraph::visit::NodeIndexable::node_bound(&self.graph)
    }
    /// Live cells in increasing id order (deterministic).
    pub fn cells(&self) -> impl Iterator<Item = NetId> + '_ {
        self.graph.node_indices().map(NetId::of)
    }
    /// Users of a net: (user cell, operand position), in increasing (user, position) order.
    pub fn users(&self, id: NetId) -> Vec<(NetId, u32)> {
        self.uses.users(&self.graph, id)
    }
    /// The users of a net in no particular order, each at least once (once per use, with
    /// repeats): cheaper than [`Module::users`] when order and positions do not matter.
    pub(crate) fn users_unordered(&self, id: NetId) -> impl Iterator<Item = NetId> + '_ {
        self.uses.users_unordered(&self.graph, id)
    }
    /// Number of uses by cells (not counting output ports).
    pub fn use_count(&self, id: NetId) -> usize {
        self.uses.count(id)
    }
    /// Output ports driven by `id`.
    pub fn driven_ports(&self, id: NetId) -> impl Iterator<Item = PortId> + '_ {
        self.outputs().filter(move |&p| self.port_nets[p.index()] == Some(id))
    }

    /// Replaces a cell's operands. Costs O(old + new operands).
    pub fn set_operands(&mut self, id: NetId, operands: &[NetId]) {
        self.log(id);
        let old = std::mem::replace(&mut self.graph[id.node()].operands, SmallVec::from_slice(operands));
        self.forward_operands -= old.iter().filter(|&&o| o >= id).count();
        self.forward_operands += operands.iter().filter(|&&o| o >= id).count();
        for (i, &o) in old.iter().enumerate() {
            if operands.get(i) != Some(&o) {
                self.uses.remove(o);
            }
        }
        for (i, &o) in operands.iter().enumerate() {
            if old.get(i) != Some(&o) {
                self.uses.add(&self.graph, o, id, i as u32);
            }
        }
    }

    /// Replaces one operand.
    pub fn set_operand(&mut self, id: NetId, index: usize, new: NetId) {
        self.log(id);
        let old = std::mem::replace(&mut self.graph[id.node()].operands[index], new);
        self.forward_operands -= (old >= id) as usize;
        self.forward_operands += (new >= id) as usize;
        if old != new {
            self.uses.remove(old);
            self.uses.add(&self.graph, new, id, index as u32);
        }
    }

    /// Makes every user of `old` (cells and output ports) use `new` instead. Costs
    /// O(uses of `old` + output ports).
    pub fn replace_all_uses(&mut self, old: NetId, new: NetId) {
        if old == new {
            return;
        }
        for (user, pos) in self.users(old) {
            self.log(user);
            self.forward_operands -= (old >= user) as usize;
            self.forward_operands += (new >= user) as usize;
            self.graph[user.node()].operands[pos as usize] = new;
            self.uses.add(&self.graph, new, user, pos);
        }
        self.uses.clear(old);
        for (i, p) in self.ports.iter().enumerate() {
            if p.dir == Dir::Output && self.port_nets[i] == Some(old) {
                self.port_nets[i] = Some(new);
            }
        }
    }

    /// Removes a cell that has no users and drives no output port. (Removing a used cell
    /// is a bug: debug builds panic; release builds keep its use count, so the verifier can
    /// tell.)
    pub fn remove_cell(&mut self, id: NetId) -> Cell {
        debug_assert_eq!(self.use_count(id), 0, "removing a used cell");
        let cell = self.graph.remove_node(id.node()).expect("removing a dead cell");
        self.log(id);
        // The index may be reused by the next cell added: its note must not carry over.
        if !self.notes.is_empty() {
            self.notes.remove(&id);
        }
        if self.named_values.as_ref().is_some_and(|nv| nv.reg == id) {
            self.named_values = None;
        }
        for &o in cell.operands() {
            self.forward_operands -= (o >= id) as usize;
            self.uses.remove(o);
        }
        if self.uses.count(id) == 0 {
            self.uses.clear(id);
        }
        cell
    }

    /// A cell, or `None` if the id names no live cell.
    pub fn try_cell(&self, id: NetId) -> Option<&Cell> {
        self.graph.node_weight(id.node())
    }

    /// Live cells with their ids, in increasing id order.
    pub fn cell_refs(&self) -> impl Iterator<Item = (NetId, &Cell)> + '_ {
        self.graph.node_indices().map(|n| (NetId::of(n), &self.graph[n]))
    }

    /// Records an edit of `id` in the edit log.
    #[inline]
    fn log(&mut self, id: NetId) {
        let cells = self.graph.node_count();
        self.edits.record(id, cells);
    }

    /// Starts (or restarts, empty) the edit log: from now on every cell added, changed or
    /// removed is recorded until [`Module::take_edits`].
    pub(crate) fn start_edit_log(&mut self) {
        self.edits = EditLog::On(Vec::new());
    }

    /// The cells edited since the log was (re)started, with repeats, and restarts it
    /// empty; `None` when the log is off (and stays off) or overflowed (any cell may have
    /// changed).
    pub(crate) fn take_edits(&mut self) -> Option<Vec<NetId>> {
        match &mut self.edits {
            EditLog::On(v) => Some(std::mem::take(v)),
            EditLog::Off => None,
            EditLog::Overflow => {
                self.edits = EditLog::On(Vec::new());
                None
            }
        }
    }

    /// Number of edits recorded so far (`None` when the log is off or overflowed).
    pub(crate) fn edit_count(&self) -> Option<usize> {
        match &self.edits {
            EditLog::On(v) => Some(v.len()),
            _ => None,
        }
    }

    /// The edits recorded from position `from` on (see [`Module::edit_count`]).
    pub(crate) fn edits_since(&self, from: usize) -> &[NetId] {
        match &self.edits {
            EditLog::On(v) => v.get(from..).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// Stops the edit log.
    pub(crate) fn stop_edit_log(&mut self) {
        self.edits = EditLog::Off;
    }

    /// Checks the use lists against the operand lists (for the verifier); `Err` names a net
    /// whose users are recorded wrongly.
    pub fn check_uses(&self) -> Result<(), NetId> {
        self.uses.check(&self.graph)?;
        let forward =
            self.cells().map(|n| self.operands(n).iter().filter(|&&o| o >= n).count()).sum::<usize>();
        match self.cells().next() {
            Some(first) if self.forward_operands != forward => Err(first),
            _ => Ok(()),
        }
    }
}

/// A whole design: modules and which one is the top.
#[derive(Clone, Debug, Default)]
pub struct Design {
    /// Modules in definition order (children may come after parents).
    pub modules: Vec<Module>,
    /// The top module (the last one no other instantiates, unless `--top` says otherwise).
    pub top: Option<ModuleId>,
}

impl Design {
    /// The message for a `--top` that names no module: the modules there are, and the
    /// closest name if it looks like a typo.
    pub fn no_such_module(&self, name: &str) -> String {
        let names: Vec<&str> = self.modules.iter().map(|m| m.name.as_str()).collect();
        let hint = mlir_text::suggest::did_you_mean(name, names.iter().copied());
        let list = if names.is_empty() { "none".to_string() } else { names.join(", ") };
        format!("no module named '{name}'{hint}; the modules are: {list}")
    }
    /// A module by id.
    pub fn module(&self, id: ModuleId) -> &Module {
        &self.modules[id.index()]
    }
    /// A module by id, mutably.
    pub fn module_mut(&mut self, id: ModuleId) -> &mut Module {
        &mut self.modules[id.index()]
    }
    /// Finds a module by name.
    pub fn find(&self, name: &str) -> Option<ModuleId> {
        self.modules.iter().position(|m| m.name == name).map(|i| ModuleId(i as u32))
    }
    /// Module ids in order.
    pub fn module_ids(&self) -> impl Iterator<Item = ModuleId> {
        (0..self.modules.len() as u32).map(ModuleId)
    }
    /// The top module's id. Panics if none is set (the builder always sets one).
    pub fn top_id(&self) -> ModuleId {
        self.top.expect("design has a top module")
    }

    /// The first black box (`hw.module.extern`) the top module is or instantiates, at any
    /// depth (modules in id order, instances in cell order): the engines that must know what
    /// every cell computes (evaluator, Rust simulator, cosim) refuse such a design.
    pub fn extern_in_use(&self) -> Option<&Module> {
        let top = self.top?;
        let mut seen = vec![false; self.modules.len()];
        let mut stack = vec![top];
        seen[top.index()] = true;
        while let Some(id) = stack.pop() {
            let m = self.module(id);
            if m.extern_info.is_some() {
                return Some(m);
            }
            for c in m.cells() {
                if let CellKind::Instance { module, .. } = &m.cell(c).kind {
                    if !seen[module.index()] {
                        seen[module.index()] = true;
                        stack.push(*module);
                    }
                }
            }
        }
        None
    }

    /// The message of an engine that cannot run a design holding black box `m`.
    pub fn extern_model_error(m: &Module, engine: &str) -> String {
        format!(
            "{engine} needs a model of extern module `{}`; an hw.module.extern is a black box (define it as an hw.module to use it here)",
            m.name
        )
    }
}
