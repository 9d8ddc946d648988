//! The netlist: modules of cells in a petgraph graph.
//!
//! A [`Design`] holds [`Module`]s; each module holds its [`Port`]s and a `StableGraph` whose
//! nodes are [`Cell`]s. A cell drives one net, named by the cell's [`NetId`] (an instance
//! drives none; its outputs are [`CellKind::InstOutput`] cells). Edges run from a driver to
//! each user, weighted by the operand position; the cell's own operand list is the
//! authoritative order and the edges mirror it (the verifier checks that they agree).
//! Everything goes through `Module`'s methods so the two never drift apart.
//!
//! Room for what HLS needs later: state elements are cells whose operands are sampled on a
//! clock edge (`Reg` today; memories and their ports will be further such kinds), so the
//! "combinational graph" is always the graph with edges into state elements removed.

use crate::bits::Bits;
use crate::ids::{ModuleId, NetId, PortId};
use mlir_text::Span;
use petgraph::stable_graph::StableGraph;
use petgraph::visit::EdgeRef;
use petgraph::Direction;
use smallvec::SmallVec;
use std::sync::Arc;

/// Comparison predicates of `comb.icmp`, numbered as CIRCT's `ICmpPredicate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IcmpPred {
    /// ==
    Eq = 0,
    /// !=
    Ne = 1,
    /// signed <
    Slt = 2,
    /// signed <=
    Sle = 3,
    /// signed >
    Sgt = 4,
    /// signed >=
    Sge = 5,
    /// unsigned <
    Ult = 6,
    /// unsigned <=
    Ule = 7,
    /// unsigned >
    Ugt = 8,
    /// unsigned >=
    Uge = 9,
    /// case equality (== on two-state values)
    Ceq = 10,
    /// case inequality
    Cne = 11,
    /// wildcard equality (== on two-state values)
    Weq = 12,
    /// wildcard inequality
    Wne = 13,
}

impl IcmpPred {
    /// All predicates in CIRCT's order.
    pub const ALL: [IcmpPred; 14] = [
        IcmpPred::Eq,
        IcmpPred::Ne,
        IcmpPred::Slt,
        IcmpPred::Sle,
        IcmpPred::Sgt,
        IcmpPred::Sge,
        IcmpPred::Ult,
        IcmpPred::Ule,
        IcmpPred::Ugt,
        IcmpPred::Uge,
        IcmpPred::Ceq,
        IcmpPred::Cne,
        IcmpPred::Weq,
        IcmpPred::Wne,
    ];
    /// The keyword in custom syntax (`slt`).
    pub fn name(self) -> &'static str {
        ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge", "ceq", "cne", "weq", "wne"]
            [self as usize]
    }
    /// Parses the keyword.
    pub fn from_name(s: &str) -> Option<IcmpPred> {
        IcmpPred::ALL.into_iter().find(|p| p.name() == s)
    }
    /// From CIRCT's integer encoding.
    pub fn from_index(i: i128) -> Option<IcmpPred> {
        usize::try_from(i).ok().and_then(|i| IcmpPred::ALL.get(i).copied())
    }
}

/// What a cell computes. Operand conventions are listed per kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CellKind {
    /// The value of an input port. No operands.
    Input(PortId),
    /// A constant. No operands.
    Const(Bits),
    /// Variadic (>= 1 operands, all of the result width).
    And,
    /// Variadic.
    Or,
    /// Variadic.
    Xor,
    /// Variadic: NOT of and.
    Nand,
    /// Variadic: NOT of or.
    Nor,
    /// Variadic: NOT of xor.
    Xnor,
    /// Variadic, wraps.
    Add,
    /// Variadic, wraps.
    Mul,
    /// Binary.
    Sub,
    /// Binary; x/0 = 0.
    DivU,
    /// Binary; x/0 = 0, MIN/-1 = MIN.
    DivS,
    /// Binary; x%0 = 0.
    ModU,
    /// Binary; sign of the dividend; x%0 = 0.
    ModS,
    /// Binary (value, amount); amount >= width gives 0.
    Shl,
    /// Binary; amount >= width gives 0.
    ShrU,
    /// Binary; amount >= width gives all sign bits.
    ShrS,
    /// Binary, operands of equal width, result i1.
    Icmp(IcmpPred),
    /// Unary bitwise NOT.
    Inv,
    /// Unary, result i1.
    Parity,
    /// Unary bit reversal.
    Reverse,
    /// Variadic; the first operand is the most significant part. Result width is the sum.
    Concat,
    /// Unary: bits `low..low+width`.
    Extract {
        /// Lowest bit taken.
        low: u32,
    },
    /// Unary; result width is a multiple of the operand width.
    Replicate,
    /// (cond: i1, true value, false value).
    Mux,
    /// n i1 operands (the first is the index's MSB); the table has 2^n bits, bit i is the
    /// output for index i. Result i1.
    TruthTable(Bits),
    /// The `lut` of SPEC section 3: index = sum(c_k * x_k) mod 256 mod len(table).
    Lut {
        /// One coefficient per operand (mod 256).
        coefficients: Vec<u8>,
        /// Non-empty table of results (each masked to the result width).
        table: Vec<Bits>,
    },
    /// A register. Operands: `d`, `clk`, then `en` if `enable`, then `rst`, `rst_value` if
    /// `reset`. Starts at 0 (or `init`) and loads on a rising clock edge.
    Reg {
        /// Synchronous reset, active high.
        reset: bool,
        /// Clock enable.
        enable: bool,
    },
    /// An instance of another module; drives no net (width 0). Operands: the child's inputs
    /// in the child's input-port order.
    Instance {
        /// The instantiated module.
        module: ModuleId,
        /// The instance name.
        name: Arc<str>,
    },
    /// Output `port` of the instance given as the single operand.
    InstOutput(PortId),
    /// `seq.to_clock`: i1 to clock.
    ToClock,
    /// `seq.from_clock`: clock to i1.
    FromClock,
}

impl CellKind {
    /// The op name in MLIR (`comb.add`), for messages and printing.
    pub fn op_name(&self) -> &'static str {
        use CellKind::*;
        match self {
            Input(_) => "input",
            Const(_) => "hw.constant",
            And => "comb.and",
            Or => "comb.or",
            Xor => "comb.xor",
            Nand => "comb.nand",
            Nor => "comb.nor",
            Xnor => "comb.xnor",
            Add => "comb.add",
            Mul => "comb.mul",
            Sub => "comb.sub",
            DivU => "comb.divu",
            DivS => "comb.divs",
            ModU => "comb.modu",
            ModS => "comb.mods",
            Shl => "comb.shl",
            ShrU => "comb.shru",
            ShrS => "comb.shrs",
            Icmp(_) => "comb.icmp",
            Inv => "comb.inv",
            Parity => "comb.parity",
            Reverse => "comb.reverse",
            Concat => "comb.concat",
            Extract { .. } => "comb.extract",
            Replicate => "comb.replicate",
            Mux => "comb.mux",
            TruthTable(_) => "comb.truth_table",
            Lut { .. } => "comb.lut",
            Reg { .. } => "seq.compreg",
            Instance { .. } => "hw.instance",
            InstOutput(_) => "hw.instance",
            ToClock => "seq.to_clock",
            FromClock => "seq.from_clock",
        }
    }

    /// True for cells whose value changes only on a clock edge (their operands do not form
    /// combinational paths).
    pub fn is_state(&self) -> bool {
        matches!(self, CellKind::Reg { .. })
    }

    /// True for the variadic ops that take one or more operands of the result width.
    pub fn is_variadic_same_width(&self) -> bool {
        use CellKind::*;
        matches!(self, And | Or | Xor | Nand | Nor | Xnor | Add | Mul)
    }

    /// True for the two-operand ops whose operands and result share one width.
    pub fn is_binary_same_width(&self) -> bool {
        use CellKind::*;
        matches!(self, Sub | DivU | DivS | ModU | ModS | Shl | ShrU | ShrS)
    }

    /// Checks operand and result widths of a purely local op (everything except instances,
    /// inputs and clock conversions, whose widths depend on context). Returns a message for
    /// the user on failure. `operands` are the operand widths.
    pub fn check_widths(&self, operands: &[u32], width: u32) -> Result<(), String> {
        use CellKind::*;
        let n = operands.len();
        let all_eq = |w: u32| operands.iter().all(|&o| o == w);
        match self {
            k if k.is_variadic_same_width() => {
                if n == 0 {
                    return Err(format!("'{}' needs at least one operand", k.op_name()));
                }
                if !all_eq(width) {
                    return Err(format!("'{}' operands and result must all be i{width}", k.op_name()));
                }
            }
            k if k.is_binary_same_width() => {
                if n != 2 {
                    return Err(format!("'{}' takes 2 operands, got {n}", k.op_name()));
                }
                if !all_eq(width) {
                    return Err(format!("'{}' operands and result must all be i{width}", k.op_name()));
                }
            }
            Const(b) => {
                if n != 0 || b.width() != width {
                    return Err("constant width does not match its type".into());
                }
            }
            Icmp(_) => {
                if n != 2 {
                    return Err(format!("'comb.icmp' takes 2 operands, got {n}"));
                }
                if operands[0] != operands[1] {
                    return Err(format!(
                        "'comb.icmp' operands must have the same width, got i{} and i{}",
                        operands[0], operands[1]
                    ));
                }
                if width != 1 {
                    return Err("'comb.icmp' result must be i1".into());
                }
            }
            Inv | Reverse => {
                if n != 1 || operands[0] != width {
                    return Err(format!("'{}' takes one operand of the result width", self.op_name()));
                }
            }
            Parity => {
                if n != 1 || width != 1 {
                    return Err("'comb.parity' takes one operand and gives i1".into());
                }
            }
            Concat => {
                if n == 0 {
                    return Err("'comb.concat' needs at least one operand".into());
                }
                let sum: u64 = operands.iter().map(|&w| w as u64).sum();
                if sum != width as u64 {
                    return Err(format!(
                        "'comb.concat' result must be i{sum}, the sum of the operand widths"
                    ));
                }
            }
            Extract { low } => {
                if n != 1 {
                    return Err("'comb.extract' takes one operand".into());
                }
                if *low as u64 + width as u64 > operands[0] as u64 {
                    return Err(format!(
                        "'comb.extract' of bits {}..{} is out of range of an i{} operand",
                        low,
                        *low as u64 + width as u64 - 1,
                        operands[0]
                    ));
                }
            }
            Replicate => {
                if n != 1 {
                    return Err("'comb.replicate' takes one operand".into());
                }
                if operands[0] == 0 || !width.is_multiple_of(operands[0]) {
                    return Err(format!(
                        "'comb.replicate' result width {width} is not a multiple of the operand width {}",
                        operands[0]
                    ));
                }
            }
            Mux => {
                if n != 3 {
                    return Err(format!("'comb.mux' takes 3 operands, got {n}"));
                }
                if operands[0] != 1 {
                    return Err(format!("'comb.mux' condition must be i1, got i{}", operands[0]));
                }
                if operands[1] != width || operands[2] != width {
                    return Err(format!("'comb.mux' values and result must all be i{width}"));
                }
            }
            TruthTable(t) => {
                if !all_eq(1) || width != 1 {
                    return Err("'comb.truth_table' inputs and result must be i1".into());
                }
                if n >= 32 || t.width() as u64 != 1u64 << n {
                    return Err(format!(
                        "'comb.truth_table' with {n} inputs needs a table of {} bits, got {}",
                        1u64.checked_shl(n as u32).unwrap_or(0),
                        t.width()
                    ));
                }
            }
            Lut { coefficients, table } => {
                if coefficients.len() != n {
                    return Err(format!(
                        "'comb.lut' has {n} operands but {} coefficients",
                        coefficients.len()
                    ));
                }
                if table.is_empty() {
                    return Err("'comb.lut' lookup table is empty".into());
                }
                if table.iter().any(|t| t.width() != width) {
                    return Err("'comb.lut' table entries must have the result width".into());
                }
            }
            Reg { reset, enable } => {
                let expect = 2 + *enable as usize + 2 * *reset as usize;
                if n != expect {
                    return Err(format!("'seq.compreg' expects {expect} operands, got {n}"));
                }
                if operands[0] != width {
                    return Err(format!("'seq.compreg' input must be i{width}, got i{}", operands[0]));
                }
                if *enable && operands[2] != 1 {
                    return Err("'seq.compreg.ce' clock enable must be i1".into());
                }
                if *reset {
                    let r = 2 + *enable as usize;
                    if operands[r] != 1 {
                        return Err("'seq.compreg' reset must be i1".into());
                    }
                    if operands[r + 1] != width {
                        return Err(format!("'seq.compreg' reset value must be i{width}"));
                    }
                }
            }
            ToClock | FromClock => {
                if n != 1 || operands[0] != 1 || width != 1 {
                    return Err(format!("'{}' converts between i1 and !seq.clock", self.op_name()));
                }
            }
            Input(_) | Instance { .. } | InstOutput(_) => {}
            _ => unreachable!("every kind is covered above"),
        }
        Ok(())
    }
}

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

/// A module: ports and a graph of cells.
#[derive(Clone, Debug)]
pub struct Module {
    /// Name (`@name` without the `@`).
    pub name: String,
    /// Ports in declaration order.
    pub ports: Vec<Port>,
    /// Where the module was written.
    pub span: Span,
    graph: StableGraph<Cell, u32, petgraph::Directed, u32>,
    /// Per port: the `Input` cell (inputs) or the driving net (outputs); `None` until set.
    port_nets: Vec<Option<NetId>>,
}

impl Module {
    /// An empty module.
    pub fn new(name: impl Into<String>, span: Span) -> Module {
        Module {
            name: name.into(),
            ports: Vec::new(),
            span,
            graph: StableGraph::default(),
            port_nets: Vec::new(),
        }
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
        let cell =
            Cell { kind, width, operands: SmallVec::from_slice(operands), name, span, two_state: false };
        let id = NetId(self.graph.add_node(cell));
        for (i, &op) in operands.iter().enumerate() {
            self.graph.add_edge(op.0, id.0, i as u32);
        }
        id
    }

    /// A cell.
    pub fn cell(&self, id: NetId) -> &Cell {
        &self.graph[id.0]
    }
    /// A cell, mutably: kind, width, name and span may change; operands only through
    /// [`Module::set_operands`].
    pub fn cell_mut(&mut self, id: NetId) -> &mut Cell {
        &mut self.graph[id.0]
    }
    /// True if the id names a live cell.
    pub fn contains(&self, id: NetId) -> bool {
        self.graph.contains_node(id.0)
    }
    /// Width of a net.
    pub fn width(&self, id: NetId) -> u32 {
        self.graph[id.0].width
    }
    /// Operands of a cell.
    pub fn operands(&self, id: NetId) -> &[NetId] {
        &self.graph[id.0].operands
    }
    /// Number of live cells.
    pub fn cell_count(&self) -> usize {
        self.graph.node_count()
    }
    /// Upper bound of [`NetId::index`] over live cells (for dense side tables).
    pub fn id_bound(&self) -> usize {
        petgraph::visit::NodeIndexable::node_bound(&self.graph)
    }
    /// Live cells in increasing id order (deterministic).
    pub fn cells(&self) -> impl Iterator<Item = NetId> + '_ {
        self.graph.node_indices().map(NetId)
    }
    /// Users of a net: (user cell, operand position), in increasing (user, position) order.
    pub fn users(&self, id: NetId) -> Vec<(NetId, u32)> {
        let mut v: Vec<(NetId, u32)> = self
            .graph
            .edges_directed(id.0, Direction::Outgoing)
            .map(|e| (NetId(e.target()), *e.weight()))
            .collect();
        v.sort_unstable();
        v
    }
    /// Number of uses by cells (not counting output ports).
    pub fn use_count(&self, id: NetId) -> usize {
        self.graph.edges_directed(id.0, Direction::Outgoing).count()
    }
    /// Output ports driven by `id`.
    pub fn driven_ports(&self, id: NetId) -> impl Iterator<Item = PortId> + '_ {
        self.outputs().filter(move |&p| self.port_nets[p.index()] == Some(id))
    }

    /// Replaces a cell's operands.
    pub fn set_operands(&mut self, id: NetId, operands: &[NetId]) {
        let old: Vec<_> = self.graph.edges_directed(id.0, Direction::Incoming).map(|e| e.id()).collect();
        for e in old {
            self.graph.remove_edge(e);
        }
        for (i, &op) in operands.iter().enumerate() {
            self.graph.add_edge(op.0, id.0, i as u32);
        }
        self.graph[id.0].operands = SmallVec::from_slice(operands);
    }

    /// Replaces one operand.
    pub fn set_operand(&mut self, id: NetId, index: usize, new: NetId) {
        let mut ops: SmallVec<[NetId; 3]> = self.graph[id.0].operands.clone();
        ops[index] = new;
        self.set_operands(id, &ops);
    }

    /// Makes every user of `old` (cells and output ports) use `new` instead.
    pub fn replace_all_uses(&mut self, old: NetId, new: NetId) {
        if old == new {
            return;
        }
        for (user, _) in self.users(old) {
            let ops: SmallVec<[NetId; 3]> =
                self.graph[user.0].operands.iter().map(|&o| if o == old { new } else { o }).collect();
            self.set_operands(user, &ops);
        }
        for (i, p) in self.ports.iter().enumerate() {
            if p.dir == Dir::Output && self.port_nets[i] == Some(old) {
                self.port_nets[i] = Some(new);
            }
        }
    }

    /// Removes a cell that has no users and drives no output port.
    pub fn remove_cell(&mut self, id: NetId) -> Cell {
        debug_assert_eq!(self.use_count(id), 0, "removing a used cell");
        self.graph.remove_node(id.0).expect("removing a dead cell")
    }

    /// The underlying graph, for petgraph algorithms. Edge weights are operand positions.
    pub fn graph(&self) -> &StableGraph<Cell, u32, petgraph::Directed, u32> {
        &self.graph
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
}
