//! Schedule pictures: what the report needs to draw each scheduled block and pipelined
//! loop as a Gantt chart ([`svg`]) and the FSM as Graphviz ([`fsm`]).
//!
//! A chart has one row per op (labelled by its source line, op and value, as the report
//! names ops), the cycles of its block along x, and a bar from the time within its start
//! cycle at which its operands arrive to the time its result is ready (a chained op is a
//! fraction of a cycle, a multi-cycle path, a load or a sequential divider spans cycles).
//! A pipelined loop's chart is one iteration of its modulo schedule with its stages
//! (every II cycles) marked, and its modulo reservation table: which op holds which
//! limited resource (memory port, multiplier, ...) in each of the II slots.

pub mod fsm;
pub mod svg;

use crate::gen::Generated;
use crate::ir::Func;
use crate::schedule::block::BlockSchedule;

/// The pictures of one function.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionSchedule {
    /// Module name.
    pub name: String,
    /// The chaining budget of a cycle, ns (what a bar's fraction of a cycle is of).
    pub period: f64,
    /// One chart per scheduled block, then one per pipelined loop, in state order.
    pub charts: Vec<Chart>,
    /// The FSM as Graphviz text.
    pub fsm_dot: String,
}

/// One block's or pipelined loop's schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// `block at gemm.mlir:9 (loop gemm.mlir:8 %j)` or `pipelined loop gemm.mlir:12 %k`.
    pub title: String,
    /// Cycles shown (the block's length, the iteration's depth).
    pub length: u32,
    /// The FSM state of each cycle (a pipelined loop: the slot state, cycle mod II).
    pub states: Vec<String>,
    /// The modulo schedule's II and stages, when pipelined.
    pub pipeline: Option<(u32, u32)>,
    /// The ops in program order.
    pub rows: Vec<Row>,
    /// Limited resources (name, limit), for the modulo reservation table.
    pub resources: Vec<(String, u32)>,
}

/// One op of a chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// `gemm.mlir:14 muli %p`.
    pub label: String,
    /// The operator type (`mul32`, `load A`, `add16`).
    pub unit: String,
    /// The unit class it is coloured by (`multiplier`, `memory read`, ...).
    pub class: &'static str,
    /// Start cycle.
    pub start: u32,
    /// Time its operands arrive in the start cycle, ns.
    pub time: f64,
    /// Cycle in which its result is ready.
    pub ready_cycle: u32,
    /// Time its result is ready in that cycle, ns.
    pub ready_time: f64,
    /// Cycles it holds its resource from its start, and the resource's index.
    pub holds: Option<(u32, usize)>,
}

/// The unit class of an operator type name, for the colours and the legend.
pub fn class_of(unit: &str) -> &'static str {
    let starts = |p: &str| unit.starts_with(p);
    if starts("load") {
        "memory read"
    } else if starts("store") {
        "memory write"
    } else if starts("mulc") {
        "constant multiply"
    } else if starts("mul") {
        "multiplier"
    } else if starts("div") || starts("rem") {
        "divider"
    } else if starts("f") || unit.contains(" f") || starts("sitofp") || starts("uitofp") {
        "float"
    } else if starts("add") || starts("sub") {
        "adder"
    } else if starts("cmp") {
        "compare"
    } else if starts("mux") {
        "multiplexer"
    } else if starts("wire") || starts("shift") {
        "wiring"
    } else {
        "logic"
    }
}

/// The chart of a block schedule: its ops, the states of its cycles.
fn chart(f: &Func, b: &BlockSchedule, title: String, length: u32, states: Vec<String>) -> Chart {
    let p = &b.problem;
    let rows = b
        .ops
        .iter()
        .enumerate()
        .map(|(i, &o)| {
            let t = &p.types[p.ops[i].ty];
            let (ready_cycle, ready_time) = p.ready(&b.solution, i);
            Row {
                label: crate::report::op_label(f, o),
                unit: t.name.clone(),
                class: class_of(&t.name),
                start: b.solution.start[i],
                time: b.solution.time[i],
                ready_cycle,
                ready_time,
                holds: p.ops[i].resource.map(|r| (t.occupancy.max(1), r)),
            }
        })
        .collect();
    Chart {
        title,
        length,
        states,
        pipeline: None,
        rows,
        resources: p.resources.iter().map(|r| (r.name.clone(), r.limit)).collect(),
    }
}

/// Where a state is: the innermost loop containing it, as `loop gemm.mlir:8 %j`.
fn place(f: &Func, g: &Generated, state: u32) -> String {
    let l = &g.layout;
    match l.loops.iter().filter(|li| li.states.0 <= state && state <= li.states.1).max_by_key(|li| li.depth) {
        Some(li) => format!("loop {}", crate::report::loop_name(f, li)),
        None => "function body".into(),
    }
}

/// The pictures of a generated function.
pub fn function_schedule(f: &Func, g: &Generated, period: f64) -> FunctionSchedule {
    let l = &g.layout;
    let names = crate::gen::names::state_names(f, l);
    let mut charts: Vec<(u32, Chart)> = Vec::new();
    for (k, b) in l.blocks.iter().enumerate() {
        let base = l.block_base[k];
        let len = b.solution.length.max(1);
        let states = (base..base + len).map(|s| names[s as usize].clone()).collect();
        let at = b.ops.first().map_or_else(String::new, |&o| f.at(f.op(o).span));
        let title = format!("block at {at} ({})", place(f, g, base));
        charts.push((base, chart(f, b, title, len, states)));
    }
    for p in &l.pipes {
        let (ii, depth) = (p.plan.ii().max(1), p.plan.depth().max(1));
        let li = l.loops.iter().find(|li| li.id == l.fors[p.for_k].id);
        let name = li.map_or_else(|| "?".into(), |li| crate::report::loop_name(f, li));
        let states = (0..depth).map(|c| names[(p.first + c % ii) as usize].clone()).collect();
        let title = format!("pipelined loop {name}: II {ii}, depth {depth}, {} stages", p.plan.stages());
        let mut c = chart(f, &p.plan.block, title, depth, states);
        c.pipeline = Some((ii, p.plan.stages()));
        charts.push((p.first, c));
    }
    charts.sort_by_key(|(s, _)| *s);
    FunctionSchedule {
        name: f.name.clone(),
        period,
        charts: charts.into_iter().map(|(_, c)| c).collect(),
        fsm_dot: fsm::dot(f, l, &names),
    }
}
