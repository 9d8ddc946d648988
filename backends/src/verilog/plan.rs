//! What is fixed about a module before its cells are printed, found in the pass over the
//! visiting order that also gathers [`super::usage::Usage`]: which net drives an output port under the port's own name (its
//! *home*), every user name (legalized and made unique up front, so temporaries never take
//! one), which instance-output cell leads each instance output, and the few cells the
//! printer treats apart (state and hierarchy, ordering comparisons).
//!
//! User names are usually legal and distinct already; then every net keeps its own name,
//! borrowed from the netlist, and no table of names is built (see [`AsIs`]).

use super::names::{AsIs, Namer, Temps};
use super::usage;
use crate::value_names::is_legal_ssa;
use comb::{Cell, CellKind, IcmpPred, Module, NetId, PortId};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Names fixed before any module is printed: the module's own and its ports'.
#[derive(Debug)]
pub struct ModuleNames<'d> {
    /// The module's SystemVerilog name.
    pub name: Cow<'d, str>,
    /// Per port (by index), its SystemVerilog name.
    pub ports: Vec<Cow<'d, str>>,
    /// The scope after the ports were named.
    pub namer: Namer<'d>,
}

/// How user names were given.
enum Users<'d> {
    /// Every net with a user name keeps it unchanged.
    AsIs,
    /// Per net (by index), its name's position in `names` (or [`Users::NONE`]); `names`
    /// is the whole scope's table of names.
    Table { user: Vec<u32>, names: Vec<Cow<'d, str>> },
}

impl Users<'_> {
    const NONE: u32 = u32::MAX;
}

/// A net's link to the output ports.
#[derive(Clone, Copy, Debug, Default)]
struct PortLink {
    /// The port it is declared as, plus one (0 for none).
    home: u32,
    /// The number of output ports it drives.
    drives: u32,
}

/// The names and homes of one module's nets.
pub struct Plan<'d> {
    m: &'d Module,
    /// Per net (by index).
    ports: Vec<PortLink>,
    users: Users<'d>,
    /// The check that every user name can be kept, while cells are added.
    as_is: Option<AsIs>,
    /// (instance, child port) -> first instance-output cell in visiting order.
    pub first_out: BTreeMap<(NetId, PortId), NetId>,
    /// Registers, memories, instances and instance outputs, in visiting order.
    pub state: Vec<NetId>,
    /// Ordering comparisons (`ult`, `slt`, ...), in visiting order.
    pub orderings: Vec<NetId>,
    /// False once a name is seen that [`crate::value_names`] may change: a named
    /// instance output that does not lead its port, or a port's home whose name MLIR
    /// cannot spell.
    canonical: bool,
}

impl<'d> Plan<'d> {
    /// The plan of module `m` in the scope `own` of its ports, before any cell is seen;
    /// give it every cell in visiting order ([`Plan::add`]), then [`Plan::name`] them.
    pub fn new(m: &'d Module, own: &ModuleNames<'d>) -> Plan<'d> {
        let mut ports = vec![PortLink::default(); m.id_bound()];
        let mut seen = std::collections::HashSet::new();
        let mut canonical = m.ports.iter().all(|p| seen.insert(p.name.as_str()));
        for p in m.outputs() {
            let Some(n) = m.port_net(p) else { continue };
            let cell = m.cell(n);
            let name_fits = cell.name.as_deref().is_none_or(|s| s == m.port(p).name);
            let link = &mut ports[n.index()];
            link.drives += 1;
            if link.home == 0 && !usage::is_source(m, n) && name_fits {
                link.home = p.0 + 1;
                canonical &= cell.name.as_deref().is_none_or(is_legal_ssa);
            }
        }
        Plan {
            m,
            ports,
            users: Users::AsIs,
            as_is: Some(AsIs::new(&own.namer, m.cell_count())),
            first_out: BTreeMap::new(),
            state: Vec::new(),
            orderings: Vec::new(),
            canonical,
        }
    }

    /// Takes note of the next cell in visiting order, `net` whose cell is `cell`.
    pub fn add(&mut self, net: NetId, cell: &'d Cell) {
        match &cell.kind {
            CellKind::InstOutput(port) => {
                let leader = *self.first_out.entry((cell.operands()[0], *port)).or_insert(net);
                self.canonical &= leader == net || cell.name.is_none();
                self.state.push(net);
            }
            CellKind::Reg { .. }
            | CellKind::Memory { .. }
            | CellKind::Instance { .. }
            | CellKind::Check { .. } => self.state.push(net),
            CellKind::Icmp(p) if is_ordering(*p) => self.orderings.push(net),
            _ => {}
        }
        if let Some(u) = self.wanted_name_of(net, cell) {
            if let Some(check) = &mut self.as_is {
                check.add(u);
            }
        }
    }

    /// Fixes the user names of the cells seen (`topo`, in visiting order); gives the
    /// scope's temporaries, the only names asked for from then on.
    pub fn name(&mut self, topo: &[NetId], own: &ModuleNames<'d>) -> Temps {
        if self.as_is.take().is_some_and(AsIs::holds) {
            return own.namer.temps().clone();
        }
        // Some name must change: take them one by one, in visiting order.
        let mut namer = own.namer.clone();
        namer.reserve(topo.iter().filter(|&&net| self.wanted_name(net).is_some()).count());
        let mut user = vec![Users::NONE; self.m.id_bound()];
        for &net in topo {
            if let Some(u) = self.wanted_name(net) {
                user[net.index()] = namer.user(u).index() as u32;
            }
        }
        let (names, temps) = namer.seal();
        self.users = Users::Table { user, names };
        temps
    }

    /// True if every name printed is the cell's own and [`crate::value_names`] would
    /// keep them all (call after [`Plan::name`]): user names distinct and legal in
    /// SystemVerilog (hence in MLIR), distinct port names, and none of the cases of
    /// `Plan::canonical`. When false, the names may still be canonical; the printer asks
    /// [`crate::value_names`].
    pub fn names_canonical(&self) -> bool {
        self.canonical && matches!(self.users, Users::AsIs)
    }

    /// The name `net` asks for: an instance's name, or a user name of a net that is not
    /// declared as its port.
    fn wanted_name(&self, net: NetId) -> Option<&'d str> {
        self.wanted_name_of(net, self.m.cell(net))
    }

    /// [`Plan::wanted_name`] of `net`, whose cell is `cell`.
    fn wanted_name_of(&self, net: NetId, cell: &'d Cell) -> Option<&'d str> {
        match &cell.kind {
            CellKind::Instance { name, .. } => Some(name),
            // A check's label names its statement, in the same namespace as the signals.
            CellKind::Check { label, .. } => label.as_deref(),
            CellKind::Const(_) | CellKind::Input(_) => None,
            _ if self.home(net).is_some() => None,
            _ => cell.name.as_deref(),
        }
    }

    /// The output port `net` is declared as: it drives the port and has no other name.
    pub fn home(&self, net: NetId) -> Option<PortId> {
        self.ports[net.index()].home.checked_sub(1).map(PortId)
    }

    /// The number of output ports `net` drives.
    pub fn port_uses(&self, net: NetId) -> usize {
        self.ports[net.index()].drives as usize
    }

    /// The user name reserved for `net`.
    pub fn user_name(&self, net: NetId) -> Option<&str> {
        self.user_name_of(net, self.m.cell(net))
    }

    /// [`Plan::user_name`] of `net`, whose cell is `cell`.
    pub fn user_name_of(&self, net: NetId, cell: &'d Cell) -> Option<&str> {
        match &self.users {
            Users::AsIs => self.wanted_name_of(net, cell),
            Users::Table { user, names } => match user[net.index()] {
                Users::NONE => None,
                u => Some(&names[u as usize]),
            },
        }
    }

    /// True if `net` is declared under a fixed name (its port's or its own) whatever its
    /// uses: it is never inlined.
    pub fn pinned(&self, net: NetId) -> bool {
        self.home(net).is_some() || self.user_name(net).is_some()
    }
}

/// True for an ordering (not equality) predicate.
pub fn is_ordering(p: IcmpPred) -> bool {
    use IcmpPred::*;
    matches!(p, Ult | Ule | Ugt | Uge | Slt | Sle | Sgt | Sge)
}
