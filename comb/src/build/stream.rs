//! The streaming build: the reader hands over each op of an `hw.module` body as it is
//! parsed ([`mlir_text::parse_streaming`]), and the op becomes its cell at once, so the op
//! tree of a huge body never exists next to the netlist.
//!
//! This path only produces designs: on anything unusual (any error, an instance of a
//! module defined later, a `func.func`, an op with regions, HLS input...) it gives up and
//! the caller takes the op-tree path, which then reports exactly what it always did. On
//! success it builds the same netlist as the op-tree path: modules are declared in textual
//! order, cells are created in textual order, and operands are connected in textual order
//! (an op waits in a queue until every value it uses has its net, and everything after it
//! waits behind it), so even the order of use lists is the same.
//!
//! Most ops come through the reader's fast path ([`mlir_text::SimpleOp`]): the cell is made
//! with its operands at once (or, behind a waiting op, queued with its operands' nets), and
//! the reader keeps the cell's index as the result's payload, so later uses name the net
//! directly.

use super::ops::Plan;
use super::{check, simple, Builder, NO_FILE};
use crate::ids::{ModuleId, NetId, PortId};
use crate::netlist::Design;
use mlir_text::{Diagnostic, File, Operation, SimpleOp, SourceFile, Span, ValueId};
use smallvec::SmallVec;
use std::collections::{HashMap, VecDeque};

/// A cell whose operands are not connected yet.
enum Pending {
    /// An op of the general path, connected once its operands have nets.
    Op(Operation, NetId),
    /// A simple op: its operands' nets were known when it came.
    Simple(NetId, SmallVec<[NetId; 4]>),
}

/// The body being built.
struct Body {
    mid: ModuleId,
    /// Cells whose operands are not connected yet, in textual order.
    queue: VecDeque<Pending>,
    /// The terminator, once seen.
    term: Option<Operation>,
}

/// The builder's state between callbacks.
#[derive(Default)]
struct Stream {
    errors: Vec<Diagnostic>,
    design: Design,
    by_name: HashMap<String, ModuleId>,
    unnamed: super::Unnamed,
    net_of: super::body::NetOf,
    body: Option<Body>,
    /// The name span of each streamed module, in order.
    streamed: Vec<Span>,
}

impl Stream {
    /// Runs `f` on a builder reading `file`'s values.
    fn with<R>(&mut self, file: &File, f: impl FnOnce(&mut Builder<'_>, &mut super::body::NetOf) -> R) -> R {
        let mut b = Builder {
            file,
            errors: std::mem::take(&mut self.errors),
            design: std::mem::take(&mut self.design),
            by_name: std::mem::take(&mut self.by_name),
            unnamed: std::mem::take(&mut self.unnamed),
            text: "",
            net_of: Vec::new(),
            mems: Default::default(),
            initials: Default::default(),
            const_clocks: Default::default(),
        };
        let r = f(&mut b, &mut self.net_of);
        self.errors = b.errors;
        self.design = b.design;
        self.by_name = b.by_name;
        self.unnamed = b.unnamed;
        r
    }

    /// Connects queued ops from the front while their operands all have nets (all of them
    /// if `all`).
    fn drain(&mut self, file: &File, all: bool) {
        let Some(body) = self.body.as_mut() else { return };
        let mid = body.mid;
        let mut queue = std::mem::take(&mut body.queue);
        self.with(file, |b, net_of| {
            while let Some(p) = queue.front() {
                let ready = match p {
                    Pending::Op(o, _) => {
                        all || o
                            .operands
                            .iter()
                            .all(|u| net_of.get(u.value.index()).is_some_and(|n| n.is_some()))
                    }
                    Pending::Simple(..) => true,
                };
                if !ready {
                    break;
                }
                match queue.pop_front() {
                    Some(Pending::Op(o, net)) => b.connect(mid, &o, net, net_of),
                    Some(Pending::Simple(net, nets)) => b.design.module_mut(mid).set_operands(net, &nets),
                    None => break,
                }
            }
        });
        if let Some(body) = self.body.as_mut() {
            body.queue = queue;
        }
    }
}

impl mlir_text::OpSink for Stream {
    fn begin_body(&mut self, header: &Operation, args: &[ValueId], file: &File) -> bool {
        // Zero-width values are erased on the op tree first (`zero_width.rs`).
        if self.body.is_some()
            || &*header.name != "hw.module"
            || super::zero_width::header_has_i0(header)
            || matches!(header.attr("parameters"), Some(mlir_text::Attr::Array(a)) if !a.is_empty())
        {
            return false;
        }
        // The block span is only used in an error, which ends this path anyway.
        let mid = self.with(file, |b, _| b.declare_parts(header, args, Some(header.name_span), 0));
        let Some(mid) = mid.filter(|_| self.errors.is_empty()) else { return false };
        if self.net_of.len() < file.values.len() {
            self.net_of.resize(file.values.len(), None);
        }
        let m = self.design.module(mid);
        let inputs: Vec<PortId> = m.inputs().collect();
        for (arg, p) in args.iter().zip(inputs) {
            if let Some(n) = m.port_net(p) {
                self.net_of[arg.index()] = Some(n);
            }
        }
        self.streamed.push(header.name_span);
        self.body = Some(Body { mid, queue: VecDeque::new(), term: None });
        true
    }

    fn op(&mut self, o: Operation, file: &File) -> bool {
        let Some(body) = self.body.as_ref() else { return false };
        if body.term.is_some()
            || !o.regions().is_empty()
            || mlir_text::dialect::is_hls_op(&o.name)
            || o.name.starts_with("seq.firmem")
            || &*o.name == "seq.fifo"
            // Constant clocks, shift registers and initial values look at the whole body.
            || matches!(&*o.name, "seq.const_clock" | "seq.to_clock" | "seq.shiftreg" | "seq.from_immutable")
            || super::clock_ops::is_clock_op(&o.name)
            || o.name.starts_with("dbg.")
            || super::initial::has_initial_operand(&o)
            || super::aggregate::is_aggregate_op(&o.name)
            // Inner symbols are checked for duplicates over a whole body: the op-tree path.
            || o.attr("inner_sym").is_some()
            || &*o.name == "hw.param.value"
            || matches!(o.attr("parameters"), Some(mlir_text::Attr::Array(a)) if !a.is_empty())
            || o.results.iter().chain(o.operands.iter().map(|u| &u.value)).any(|v| super::zero_width::is_i0(file.ty(*v)))
        {
            return false;
        }
        let mid = body.mid;
        if self.net_of.len() < file.values.len() {
            // `resize` grows the capacity geometrically but only writes (touches) the length.
            self.net_of.resize(file.values.len(), None);
        }
        let queued = self.with(file, |b, net_of| match b.plan(&o) {
            None => None,
            Some(Plan::Terminator) => Some(None),
            // Ops with several results never stream (see the check above).
            Some(Plan::Cells(_)) => None,
            Some(Plan::Cell { kind, width, name }) => {
                let m = b.design.module_mut(mid);
                let net = m.add_cell(kind, width, &[], name, o.span);
                m.cell_mut(net).two_state = o.attr("twoState").is_some();
                m.cell_mut(net).inner_sym = super::ops::reg_inner_sym(&o, &m.cell(net).kind);
                if m.cell(net).name.is_none() {
                    b.unnamed.insert((mid, net), b.file.value(o.results[0]).name.clone());
                }
                net_of[o.results[0].index()] = Some(net);
                Some(Some(net))
            }
            Some(Plan::Instance(child, params)) => Some(Some(b.add_instance(mid, &o, child, params, net_of))),
        });
        if !self.errors.is_empty() {
            return false;
        }
        let Some(body) = self.body.as_mut() else { return false };
        match queued {
            None => {}
            Some(None) => {
                if &*o.name != "hw.output" {
                    return false;
                }
                body.term = Some(o);
            }
            Some(Some(net)) => body.queue.push_back(Pending::Op(o, net)),
        }
        self.drain(file, false);
        self.errors.is_empty()
    }

    fn simple_op(&mut self, o: &SimpleOp<'_>, file: &File) -> Option<u32> {
        let body = self.body.as_mut()?;
        // After the terminator the op goes the general way (and errs).
        if body.term.is_some() {
            return None;
        }
        if self.net_of.len() < file.values.len() {
            self.net_of.resize(file.values.len(), None);
        }
        let mid = body.mid;
        // `None` (the general way) if an operand waits for its net.
        let c = simple::plan(o, &self.net_of)?;
        let m = self.design.module_mut(mid);
        let net = if body.queue.is_empty() {
            m.add_cell(c.kind, c.width, &c.operands, c.name, o.span)
        } else {
            let net = m.add_cell(c.kind, c.width, &[], c.name, o.span);
            body.queue.push_back(Pending::Simple(net, c.operands));
            net
        };
        // An unnamed cell's `%name` starts its span (see `Builder::text`).
        m.cell_mut(net).two_state = o.two_state.is_some();
        // (A payload out of range stops the parse: the op-tree path takes over.)
        Some(u32::try_from(net.index()).unwrap_or(u32::MAX))
    }

    fn alias(&mut self, value: ValueId, payload: u32) {
        if self.net_of.len() <= value.index() {
            self.net_of.resize(value.index() + 1, None);
        }
        self.net_of[value.index()] = Some(simple::payload_net(payload));
    }

    fn end_body(&mut self, file: &File) -> bool {
        self.drain(file, true);
        let Some(body) = self.body.take() else { return false };
        let mid = body.mid;
        match body.term {
            Some(t) => self.with(file, |b, net_of| b.drive_outputs(mid, &t, net_of)),
            None if self.design.module(mid).outputs().count() > 0 => return false,
            None => {}
        }
        self.errors.is_empty()
    }
}

/// True if an op of `ops` (at any depth) is HLS input.
fn has_hls(ops: &[Operation]) -> bool {
    ops.iter().any(|op| {
        mlir_text::dialect::is_hls_op(&op.name)
            || op.regions().iter().flat_map(|r| &r.blocks).any(|b| has_hls(&b.ops))
    })
}

/// Parses `src` and builds its design in one go, each body op becoming its cell as it is
/// read (see the module documentation). `None` if this path does not apply or the input has
/// an error: then parse with [`mlir_text::parse`], check for HLS input, and build with
/// [`super::build_design_owned`] as usual. `Some` is what that would have returned.
pub fn build_design_streaming(
    src: &SourceFile,
    top: Option<&str>,
) -> Option<Result<Design, Vec<Diagnostic>>> {
    let mut s = Stream::default();
    let file = mlir_text::parse_streaming(src, &mut s)?;
    if s.body.is_some() || !s.errors.is_empty() || has_hls(&file.ops) {
        return None;
    }
    let mut b = Builder {
        file: &file,
        errors: Vec::new(),
        design: std::mem::take(&mut s.design),
        by_name: std::mem::take(&mut s.by_name),
        unnamed: std::mem::take(&mut s.unnamed),
        text: "",
        net_of: Vec::new(),
        mems: Default::default(),
        initials: Default::default(),
        const_clocks: Default::default(),
    };
    let ops = b.collect();
    let same = ops.len() == s.streamed.len() && ops.iter().zip(&s.streamed).all(|(o, sp)| o.name_span == *sp);
    if !b.errors.is_empty() || !same {
        return None;
    }
    let Builder { errors, design, by_name, unnamed, .. } = b;
    drop(s);
    let b = Builder {
        file: &NO_FILE,
        errors,
        design,
        by_name,
        unnamed,
        text: src.text(),
        net_of: Vec::new(),
        mems: Default::default(),
        initials: Default::default(),
        const_clocks: Default::default(),
    };
    drop(file);
    Some(check(b, top))
}
