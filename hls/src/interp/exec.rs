//! Control flow: function calls, regions with several blocks (`cf.br`/`cf.cond_br`), and
//! the structured loops and conditionals of `affine` and `scf`.
//!
//! A region runs from its first block until a terminator that leaves it (`return`,
//! `*.yield`, `scf.condition`); branches move between its blocks. The leaf ops are in
//! [`super::ops`], `linalg` in [`super::linalg`].

use super::floor::{Meta, Tracker};
use super::value::Int;
use super::{affine, err, memref_shape, recur, ArgValue, Memory, Outcome, Param, Signature, FUEL};
use mlir_text::{Attr, Diagnostic, File, Operation, Region, Span, ValueId};
use std::collections::BTreeMap;

/// A runtime value: an integer or a memory (an index into the machine's memories).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Value {
    /// An integer.
    Int(Int),
    /// A memref.
    Mem(usize),
}

/// The values of one function activation, by [`ValueId`].
pub(crate) struct Frame {
    vals: Vec<Option<Value>>,
    /// What the floor knows of each value ([`super::floor`]).
    metas: Vec<Meta>,
}

impl Frame {
    fn new(n: usize) -> Frame {
        Frame { vals: vec![None; n], metas: vec![Meta::default(); n] }
    }
    /// Sets a value; its meta is reset to a foldable value off any recurrence path.
    pub(crate) fn set(&mut self, id: ValueId, v: Value) {
        self.vals[id.index()] = Some(v);
        self.metas[id.index()] = Meta::default();
    }
    pub(crate) fn set_meta(&mut self, id: ValueId, m: Meta) {
        self.metas[id.index()] = m;
    }
    pub(crate) fn meta(&self, id: ValueId) -> Meta {
        self.metas[id.index()]
    }
    /// The metas of operands.
    pub(crate) fn metas_of(&self, ops: &[mlir_text::Operand]) -> Vec<Meta> {
        ops.iter().map(|o| self.meta(o.value)).collect()
    }
}

/// How a region was left: with the values of its terminator (none for an implicit one) and
/// their metas.
pub(crate) struct Exit {
    pub(crate) values: Vec<Value>,
    pub(crate) metas: Vec<Meta>,
}

/// The interpreter's state.
pub(crate) struct Machine<'f> {
    pub(crate) file: &'f File,
    funcs: BTreeMap<&'f str, &'f Operation>,
    pub(crate) mems: Vec<Memory>,
    /// Ops executed (a named linalg op counts four per point: two loads, the MAC, a store).
    pub(crate) steps: u64,
    depth: usize,
    /// The point a `linalg.generic` body runs at (`linalg.index`).
    pub(crate) loop_index: Vec<i64>,
    /// The first op whose result MLIR leaves undefined on this data.
    pub(crate) undefined: Option<Diagnostic>,
    /// The recurrence bound so far ([`super::recur`]).
    pub(crate) recurrence: u64,
    /// [`recur::is_recurrence`] of each loop op met so far (by address: ops live as long as
    /// `file`), so a nested loop's body is not walked again at every entry.
    recurrent_loops: std::collections::HashMap<*const Operation, bool>,
    /// The floor's counters ([`super::floor`]).
    pub(crate) floor: Tracker,
    /// Reassociated float reductions: source op span and partial accumulators
    /// ([`super::reassoc`]).
    pub(crate) reassoc: Vec<(Span, u32, bool)>,
    /// The reassociated memory cells of the running loops ([`super::reassoc::Cell`]).
    pub(crate) cells: Vec<super::reassoc::Cell>,
}

const MAX_CALL_DEPTH: usize = 64;

impl<'f> Machine<'f> {
    /// A machine for `file`; the floor counts under `opts`, with loop transforms that may
    /// unroll loops and remove accesses when `transforms` ([`super::floor`]).
    pub(crate) fn new(file: &'f File, opts: &crate::Options, transforms: bool) -> Machine<'f> {
        let funcs = super::functions(file).into_iter().collect();
        Machine {
            file,
            funcs,
            mems: Vec::new(),
            steps: 0,
            depth: 0,
            loop_index: Vec::new(),
            undefined: None,
            recurrence: 0,
            recurrent_loops: std::collections::HashMap::new(),
            floor: Tracker::new(opts, transforms),
            reassoc: Vec::new(),
            cells: Vec::new(),
        }
    }

    /// [`recur::is_recurrence`], computed once per loop op.
    fn is_recurrence(&mut self, op: &'f Operation) -> bool {
        *self.recurrent_loops.entry(op as *const Operation).or_insert_with(|| recur::is_recurrence(op))
    }

    pub(crate) fn run_top(
        mut self,
        name: &str,
        sig: &Signature,
        args: &[ArgValue],
    ) -> Result<Outcome, Diagnostic> {
        let mut vals = Vec::new();
        let mut metas = Vec::new();
        let mut arg_mems = Vec::new();
        for (p, a) in sig.params.iter().zip(args) {
            match (p, a) {
                (Param::Scalar { width, .. }, ArgValue::Scalar(b)) => {
                    vals.push(Value::Int(Int::new(*b, *width)));
                    metas.push(Meta { var: true, ..Meta::default() });
                }
                (Param::MemRef { name, shape, width }, ArgValue::MemRef(data)) => {
                    let mut m = Memory::zeroed(name.clone(), shape.clone(), *width);
                    if data.len() != m.data.len() {
                        return Err(Diagnostic::global(format!(
                            "memref '%{name}' has {} elements, {} given",
                            m.data.len(),
                            data.len()
                        )));
                    }
                    m.data = data.iter().map(|v| v & super::value::mask(*width)).collect();
                    arg_mems.push(self.mems.len());
                    vals.push(Value::Mem(self.mems.len()));
                    metas.push(Meta::default());
                    self.mems.push(m);
                }
                _ => {
                    return Err(Diagnostic::global(format!(
                        "argument kinds do not match the signature of '@{name}'"
                    )))
                }
            }
        }
        let f = self.funcs[name];
        let exit = self.call(f, &vals, &metas, f.name_span)?;
        let chain = self.floor.chain(&arg_mems, &exit.metas);
        let port = self.floor.port(&arg_mems);
        let results = exit
            .values
            .into_iter()
            .map(|v| match v {
                Value::Int(i) => Ok(i),
                Value::Mem(_) => Err(Diagnostic::global("a memref result cannot be compared")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let steps = self.steps;
        let recurrence_bound = self.recurrence;
        let (weighted, resource) = (self.floor.weighted, self.floor.resource());
        let undefined = self.undefined.take();
        let mut memories = Vec::new();
        let mut locals = Vec::new();
        for (i, m) in self.mems.into_iter().enumerate() {
            if arg_mems.contains(&i) {
                memories.push(m);
            } else {
                locals.push(m);
            }
        }
        let floor = super::floor::Floor { port, recurrence: weighted, resource, chain };
        Ok(Outcome { results, memories, locals, steps, undefined, recurrence_bound, floor })
    }

    /// Calls a `func.func` with argument values and their metas.
    pub(crate) fn call(
        &mut self,
        f: &'f Operation,
        args: &[Value],
        metas: &[Meta],
        at: Span,
    ) -> Result<Exit, Diagnostic> {
        if self.depth >= MAX_CALL_DEPTH {
            return Err(err(at, "calls nest deeper than 64 (recursion?)"));
        }
        let body = f.regions().first().ok_or_else(|| err(f.name_span, "function has no body"))?;
        let mut frame = Frame::new(self.file.values.len());
        self.depth += 1;
        let exit = self.run_region(&mut frame, body, args, metas)?;
        self.depth -= 1;
        Ok(exit)
    }

    /// Looks up a function by name.
    pub(crate) fn function(&self, name: &str, at: Span) -> Result<&'f Operation, Diagnostic> {
        self.funcs.get(name).copied().ok_or_else(|| err(at, format!("no function '@{name}' in the file")))
    }

    /// The value of an operand.
    pub(crate) fn get(&self, fr: &Frame, id: ValueId, at: Span) -> Result<Value, Diagnostic> {
        fr.vals[id.index()]
            .ok_or_else(|| err(at, format!("'%{}' has no value here", self.file.value(id).name)))
    }

    /// The integer value of an operand.
    pub(crate) fn int(&self, fr: &Frame, id: ValueId, at: Span) -> Result<Int, Diagnostic> {
        match self.get(fr, id, at)? {
            Value::Int(i) => Ok(i),
            Value::Mem(_) => Err(err(at, "expected an integer, found a memref")),
        }
    }

    /// The memory an operand names.
    pub(crate) fn mem(&self, fr: &Frame, id: ValueId, at: Span) -> Result<usize, Diagnostic> {
        match self.get(fr, id, at)? {
            Value::Mem(m) => Ok(m),
            Value::Int(_) => Err(err(at, "expected a memref, found an integer")),
        }
    }

    /// Runs a region with its entry block's arguments and their metas (missing ones:
    /// foldable, off any recurrence path); returns how it was left.
    pub(crate) fn run_region(
        &mut self,
        fr: &mut Frame,
        region: &'f Region,
        args: &[Value],
        metas: &[Meta],
    ) -> Result<Exit, Diagnostic> {
        let Some(mut block) = region.blocks.first() else {
            return Ok(Exit { values: Vec::new(), metas: Vec::new() });
        };
        let mut args = args.to_vec();
        let mut metas = metas.to_vec();
        // The current block's position, and the recurrence bound when the last back edge
        // (a branch to this or an earlier block) was taken: each ends a CFG loop iteration.
        let mut at = 0;
        let mut iteration_start = (self.recurrence, self.floor.weighted);
        // Per block, whether its last `cond_br` decided on data the compiler cannot fold: a
        // loop whose exit is decided so has no constant trip count, so it is never raised
        // to a counted loop and unrolled (`transform/cfgloop.rs`): one state per iteration at least.
        let mut data_decided = vec![false; region.blocks.len()];
        'blocks: loop {
            if block.args.len() != args.len() {
                return Err(err(
                    block.span,
                    format!("block takes {} values, {} given", block.args.len(), args.len()),
                ));
            }
            for (i, (&a, &v)) in block.args.iter().zip(&args).enumerate() {
                fr.set(a, v);
                fr.set_meta(a, metas.get(i).copied().unwrap_or_default());
            }
            for op in &block.ops {
                self.steps += 1;
                if self.steps > FUEL {
                    return Err(err(
                        op.name_span,
                        format!("more than {FUEL} ops executed (an endless loop?)"),
                    ));
                }
                match &*op.name {
                    "func.return" | "return" | "affine.yield" | "scf.yield" | "linalg.yield"
                    | "scf.condition" => {
                        let values = op
                            .operands
                            .iter()
                            .map(|o| self.get(fr, o.value, o.span))
                            .collect::<Result<Vec<_>, _>>()?;
                        return Ok(Exit { values, metas: fr.metas_of(&op.operands) });
                    }
                    "cf.br" | "br" | "cf.cond_br" | "cond_br" => {
                        let (label, next_args, next_metas) = self.branch(fr, op)?;
                        let k = region
                            .blocks
                            .iter()
                            .position(|b| b.label.as_deref() == Some(&*label))
                            .ok_or_else(|| err(op.span, format!("no block '^{label}' in this region")))?;
                        let decided = matches!(&*op.name, "cf.cond_br" | "cond_br")
                            && op.operands.first().is_some_and(|c| fr.meta(c.value).var);
                        data_decided[at] = decided;
                        if k <= at {
                            let least =
                                if data_decided[k] || decided { 1 } else { self.floor.least_iteration };
                            self.count_iteration(true, iteration_start, least);
                            iteration_start = (self.recurrence, self.floor.weighted);
                        }
                        at = k;
                        block = &region.blocks[k];
                        args = next_args;
                        metas = next_metas;
                        continue 'blocks;
                    }
                    _ => self.exec(fr, op)?,
                }
            }
            // A block without a terminator: an implicit empty yield.
            return Ok(Exit { values: Vec::new(), metas: Vec::new() });
        }
    }

    /// The successor a branch takes and the values it passes, with their metas.
    #[allow(clippy::type_complexity)]
    fn branch(
        &self,
        fr: &Frame,
        op: &'f Operation,
    ) -> Result<(std::sync::Arc<str>, Vec<Value>, Vec<Meta>), Diagnostic> {
        let succ = op.successors();
        let vals = |ids: &[mlir_text::Operand]| -> Result<Vec<Value>, Diagnostic> {
            ids.iter().map(|o| self.get(fr, o.value, o.span)).collect()
        };
        if matches!(&*op.name, "cf.br" | "br") {
            let label = succ.first().ok_or_else(|| err(op.span, "branch without a successor"))?;
            return Ok((label.clone(), vals(&op.operands)?, fr.metas_of(&op.operands)));
        }
        if succ.len() != 2 || op.operands.is_empty() {
            return Err(err(op.span, "cond_br needs a condition and two successors"));
        }
        let cond = self.int(fr, op.operands[0].value, op.operands[0].span)?;
        let rest = &op.operands[1..];
        let n_true = match op.attr("operandSegmentSizes") {
            Some(Attr::DenseArray(_, v)) if v.len() == 3 => v[1].to_i128().unwrap_or(0) as usize,
            _ => rest.len() / 2,
        };
        let n_true = n_true.min(rest.len());
        if cond.is_true() {
            Ok((succ[0].clone(), vals(&rest[..n_true])?, fr.metas_of(&rest[..n_true])))
        } else {
            Ok((succ[1].clone(), vals(&rest[n_true..])?, fr.metas_of(&rest[n_true..])))
        }
    }

    /// Runs a loop-like or conditional op, or hands a leaf op to [`super::ops`].
    fn exec(&mut self, fr: &mut Frame, op: &'f Operation) -> Result<(), Diagnostic> {
        match &*op.name {
            "affine.for" => self.affine_for(fr, op),
            "affine.if" => {
                let set = affine::set_attr(op, "condition")?;
                let operands = self.ints(fr, &op.operands)?;
                let taken = affine::eval_set(&set, &operands, op.span)?;
                self.conditional(fr, op, taken)
            }
            "scf.if" => {
                let c = self.int(fr, op.operands[0].value, op.span)?;
                self.conditional(fr, op, c.is_true())
            }
            "scf.for" => self.scf_for(fr, op),
            "scf.while" => self.scf_while(fr, op),
            "linalg.index" => {
                let d = match op.attr("dim") {
                    Some(Attr::Int(b, _)) => b.to_i128().unwrap_or(-1),
                    _ => -1,
                };
                let v = usize::try_from(d).ok().and_then(|d| self.loop_index.get(d)).copied();
                let v = v.ok_or_else(|| {
                    err(op.span, "linalg.index outside a linalg.generic loop of that dimension")
                })?;
                let r = *op.results.first().ok_or_else(|| err(op.span, "missing result"))?;
                fr.set(r, Value::Int(Int::from_i64(v, 32)));
                Ok(())
            }
            n if n.starts_with("linalg.") => self.linalg(fr, op),
            "func.call" | "call" => self.leaf(fr, op),
            _ => {
                self.leaf(fr, op)?;
                if let Some(&r) = op.results.first() {
                    if let Some(Value::Int(v)) = fr.vals[r.index()] {
                        let m = self.result_meta(fr, op, v);
                        fr.set_meta(r, m);
                    }
                }
                Ok(())
            }
        }
    }

    /// The meta of a scalar op's result from its operands' ([`super::floor`]): loads are
    /// variable, off any recurrence path; other ops pass on what they read plus their latency.
    pub(crate) fn result_meta(&mut self, fr: &Frame, op: &'f Operation, result: Int) -> Meta {
        let name = op.name.strip_prefix("arith.").unwrap_or(&op.name);
        if matches!(name, "memref.load" | "load" | "affine.load") {
            return Meta { var: true, t: self.floor.loaded, ..Meta::default() };
        }
        let mut ops = Vec::with_capacity(op.operands.len());
        for o in &op.operands {
            if let Some(Value::Int(v)) = fr.vals[o.value.index()] {
                ops.push((v, fr.meta(o.value)));
            } else {
                // A memref operand (affine.apply has none; a load's memref is handled above).
                ops.push((Int::new(0, 1), fr.meta(o.value)));
            }
        }
        let name = if name == "cmpi" && cmp_is_eq(op) { "cmpi_eq" } else { name };
        self.floor.op(name, &ops, result)
    }

    pub(crate) fn ints(&self, fr: &Frame, ops: &[mlir_text::Operand]) -> Result<Vec<i64>, Diagnostic> {
        ops.iter().map(|o| self.int(fr, o.value, o.span).map(|i| i.signed())).collect()
    }

    fn set_results(
        &self,
        fr: &mut Frame,
        op: &Operation,
        values: &[Value],
        metas: &[Meta],
    ) -> Result<(), Diagnostic> {
        if values.len() != op.results.len() {
            return Err(err(
                op.span,
                format!("yields {} values for {} results", values.len(), op.results.len()),
            ));
        }
        for (i, (&r, &v)) in op.results.iter().zip(values).enumerate() {
            fr.set(r, v);
            fr.set_meta(r, metas.get(i).copied().unwrap_or_default());
        }
        Ok(())
    }

    /// A loop's result metas: variable as the loop left them, on the enclosing path as far
    /// as the loop's operands `inputs` were.
    fn loop_metas(&self, exit: &[Meta], inputs: &[Meta]) -> Vec<Meta> {
        exit.iter().map(|&m| self.floor.after_loop(m, inputs)).collect()
    }

    fn conditional(&mut self, fr: &mut Frame, op: &'f Operation, taken: bool) -> Result<(), Diagnostic> {
        let regions = op.regions();
        let region = if taken { regions.first() } else { regions.get(1) };
        let exit = match region {
            Some(r) => self.run_region(fr, r, &[], &[])?,
            None => Exit { values: Vec::new(), metas: Vec::new() },
        };
        // The results follow the branch taken, and also the condition (a multiplexer).
        let cond = op.operands.first().map(|o| fr.meta(o.value)).unwrap_or_default();
        let metas: Vec<Meta> = exit
            .metas
            .iter()
            .map(|&m| {
                let on = |x: &Meta| self.floor.gen != 0 && x.gen == self.floor.gen;
                let d = [m, cond].iter().filter(|x| on(x)).map(|x| x.d).max();
                Meta {
                    var: m.var || cond.var,
                    gen: if d.is_some() { self.floor.gen } else { 0 },
                    d: d.unwrap_or(0),
                    t: m.t.max(cond.t),
                }
            })
            .collect();
        self.set_results(fr, op, &exit.values, &metas)
    }

    fn affine_for(&mut self, fr: &mut Frame, op: &'f Operation) -> Result<(), Diagnostic> {
        let seg = segments(op, 3)?;
        let lb_map = affine::map_attr(op, "lowerBoundMap")?;
        let ub_map = affine::map_attr(op, "upperBoundMap")?;
        let (lb_ops, rest) = op.operands.split_at(seg[0]);
        let (ub_ops, init_ops) = rest.split_at(seg[1]);
        let lb = affine::eval_map(&lb_map, &self.ints(fr, lb_ops)?, op.span)?.into_iter().max();
        let ub = affine::eval_map(&ub_map, &self.ints(fr, ub_ops)?, op.span)?.into_iter().min();
        let (Some(lb), Some(ub)) = (lb, ub) else {
            return Err(err(op.span, "a loop bound map has no results"));
        };
        let step = match op.attr("step") {
            Some(Attr::Int(b, _)) => b.to_i128().unwrap_or(1) as i64,
            _ => 1,
        };
        if step <= 0 {
            return Err(err(op.span, "the step must be positive"));
        }
        let mut iters =
            init_ops.iter().map(|o| self.get(fr, o.value, o.span)).collect::<Result<Vec<_>, _>>()?;
        let inputs = fr.metas_of(&op.operands);
        let iv = Meta {
            var: fr.metas_of(&op.operands[..seg[0] + seg[1]]).iter().any(|m| m.var),
            ..Meta::default()
        };
        let mut metas = fr.metas_of(init_ops);
        let body = op.regions().first().ok_or_else(|| err(op.span, "loop without a body"))?;
        let recurrent = self.is_recurrence(op);
        let mut parts = super::reassoc::start(self.file, op, &self.reassoc, &mut iters)?;
        let base = self.cells.len();
        let cells = super::reassoc::cells(self.file, op, &self.reassoc)?;
        self.cells.extend(cells);
        let mut i = lb;
        while i < ub {
            let mut args = vec![Value::Int(Int::from_i64(i, 32))];
            args.extend(&iters);
            (iters, metas) = self.iteration(fr, body, recurrent, args, iv, &metas)?;
            super::reassoc::step(&mut parts, &mut iters)?;
            self.step_cells(base, op.span)?;
            i += step;
        }
        super::reassoc::finish(parts, &mut iters);
        self.finish_cells(base);
        let metas = self.loop_metas(&metas, &inputs);
        self.set_results(fr, op, &iters, &metas)
    }

    fn scf_for(&mut self, fr: &mut Frame, op: &'f Operation) -> Result<(), Diagnostic> {
        if op.operands.len() < 3 {
            return Err(err(op.span, "scf.for needs lower bound, upper bound and step"));
        }
        let lb = self.int(fr, op.operands[0].value, op.span)?;
        let ub = self.int(fr, op.operands[1].value, op.span)?;
        let step = self.int(fr, op.operands[2].value, op.span)?;
        let unsigned = op.attr("unsignedCmp").is_some();
        let recurrent = self.is_recurrence(op);
        let w = lb.width;
        let mut iters =
            op.operands[3..].iter().map(|o| self.get(fr, o.value, o.span)).collect::<Result<Vec<_>, _>>()?;
        let inputs = fr.metas_of(&op.operands);
        let iv = Meta { var: inputs[..3].iter().any(|m| m.var), ..Meta::default() };
        let mut metas = fr.metas_of(&op.operands[3..]);
        let body = op.regions().first().ok_or_else(|| err(op.span, "loop without a body"))?;
        let mut parts = super::reassoc::start(self.file, op, &self.reassoc, &mut iters)?;
        let base = self.cells.len();
        let cells = super::reassoc::cells(self.file, op, &self.reassoc)?;
        self.cells.extend(cells);
        let mut i = lb;
        loop {
            let more = if unsigned { i.unsigned() < ub.unsigned() } else { i.signed() < ub.signed() };
            if !more {
                break;
            }
            let mut args = vec![Value::Int(i)];
            args.extend(&iters);
            (iters, metas) = self.iteration(fr, body, recurrent, args, iv, &metas)?;
            super::reassoc::step(&mut parts, &mut iters)?;
            self.step_cells(base, op.span)?;
            let next = Int::new(i.bits.wrapping_add(step.bits), w);
            // Stepping past the top of the type ends the loop (no wrap-around).
            let wrapped =
                if unsigned { next.unsigned() <= i.unsigned() } else { next.signed() <= i.signed() };
            if wrapped {
                break;
            }
            i = next;
        }
        super::reassoc::finish(parts, &mut iters);
        self.finish_cells(base);
        let metas = self.loop_metas(&metas, &inputs);
        self.set_results(fr, op, &iters, &metas)
    }

    /// Runs one iteration of a counted loop's `body` with `args` (the induction variable,
    /// of meta `iv`, then the carried values, of metas `carried`); returns the yielded
    /// values and metas.
    #[allow(clippy::type_complexity)]
    fn iteration(
        &mut self,
        fr: &mut Frame,
        body: &'f Region,
        recurrent: bool,
        args: Vec<Value>,
        iv: Meta,
        carried: &[Meta],
    ) -> Result<(Vec<Value>, Vec<Meta>), Diagnostic> {
        let before = (self.recurrence, self.floor.weighted);
        let outer = if recurrent { Some(self.floor.begin_iteration()) } else { None };
        let mut metas = vec![iv];
        metas.extend(carried.iter().map(|&m| if recurrent { self.floor.carried(m) } else { m }));
        let exit = self.run_region(fr, body, &args, &metas)?;
        let path = match outer {
            Some(outer) => self.floor.end_iteration(outer, &exit.metas),
            None => 0,
        };
        let least = self.floor.least_iteration;
        self.count_iteration(recurrent, before, path.max(least));
        Ok((exit.values, exit.metas))
    }

    fn scf_while(&mut self, fr: &mut Frame, op: &'f Operation) -> Result<(), Diagnostic> {
        let regions = op.regions();
        if regions.len() != 2 {
            return Err(err(op.span, "scf.while needs a before and an after region"));
        }
        let mut args =
            op.operands.iter().map(|o| self.get(fr, o.value, o.span)).collect::<Result<Vec<_>, _>>()?;
        let inputs = fr.metas_of(&op.operands);
        let mut metas = inputs.clone();
        loop {
            let before = (self.recurrence, self.floor.weighted);
            let outer = self.floor.begin_iteration();
            let carried: Vec<Meta> = metas.iter().map(|&m| self.floor.carried(m)).collect();
            let exit = self.run_region(fr, &regions[0], &args, &carried)?;
            let Some((cond, rest)) = exit.values.split_first() else {
                return Err(err(op.span, "the before region must end with scf.condition"));
            };
            let Value::Int(c) = cond else { return Err(err(op.span, "the condition must be an i1")) };
            if !c.is_true() {
                self.floor.end_iteration(outer, &[]);
                let out = self.loop_metas(exit.metas.get(1..).unwrap_or(&[]), &inputs);
                return self.set_results(fr, op, rest, &out);
            }
            let after = self.run_region(fr, &regions[1], rest, exit.metas.get(1..).unwrap_or(&[]))?;
            // The next iteration needs both the yielded values and the decision to go on.
            let ends: Vec<Meta> = after.metas.iter().chain(exit.metas.first()).copied().collect();
            let path = self.floor.end_iteration(outer, &ends);
            args = after.values;
            metas = after.metas;
            // A while loop is never unrolled: one FSM state per iteration at least.
            self.count_iteration(true, before, path.max(1));
        }
    }

    /// Ends an iteration of a loop that began when the recurrence bounds were `before`
    /// (unweighted, weighted): a recurrent loop's iteration counts one cycle (weighted: the
    /// `cost` of its recurrence), or what recurrent loops nested in it counted when that is
    /// more ([`super::recur`], [`super::floor`]).
    fn count_iteration(&mut self, recurrent: bool, before: (u64, u64), cost: u32) {
        if recurrent {
            let inner = self.recurrence - before.0;
            self.recurrence = before.0 + inner.max(1);
            let inner = self.floor.weighted - before.1;
            self.floor.weighted = before.1 + inner.max(u64::from(cost));
        }
    }

    /// Allocates a memory and returns its index.
    pub(crate) fn alloc(&mut self, op: &Operation) -> Result<usize, Diagnostic> {
        let r = *op.results.first().ok_or_else(|| err(op.span, "alloc without a result"))?;
        let (shape, width) = memref_shape(self.file.ty(r))
            .ok_or_else(|| err(op.span, "the interpreter allocates static integer memrefs only"))?;
        self.mems.push(Memory::zeroed(format!("alloc@{}", op.span.start), shape, width));
        Ok(self.mems.len() - 1)
    }
}

/// `operandSegmentSizes` with `n` entries; a missing one means everything in the last group.
pub(crate) fn segments(op: &Operation, n: usize) -> Result<Vec<usize>, Diagnostic> {
    match op.attr("operandSegmentSizes") {
        Some(Attr::DenseArray(_, v)) if v.len() == n => {
            let seg: Vec<usize> = v.iter().map(|b| b.to_i128().unwrap_or(0) as usize).collect();
            if seg.iter().sum::<usize>() != op.operands.len() {
                return Err(err(op.span, "operandSegmentSizes does not add up to the operand count"));
            }
            Ok(seg)
        }
        Some(_) => Err(err(op.span, format!("operandSegmentSizes must have {n} entries"))),
        None => Err(err(op.span, "missing operandSegmentSizes")),
    }
}

/// True if a `cmpi` tests equality or inequality (predicate eq/ne: 0 or 1).
fn cmp_is_eq(op: &Operation) -> bool {
    match op.attr("predicate") {
        Some(Attr::Int(b, _)) => matches!(b.to_i128(), Some(0 | 1)),
        Some(Attr::String(s)) => matches!(s.as_str(), "eq" | "ne"),
        Some(Attr::Opaque(s)) => matches!(s.trim_matches('"'), "eq" | "ne"),
        _ => false,
    }
}
