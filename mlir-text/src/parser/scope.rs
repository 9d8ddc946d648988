//! Value scoping: which `%name` a use refers to.
//!
//! Each region pushes a [`Scope`]. A lookup walks outwards until it crosses an op that is
//! isolated from above (`builtin.module`, `hw.module`, `func.func`). In a graph region
//! (`hw.module`, `builtin.module`) a use may come before the definition: the use allocates
//! the value early (a *forward reference*) and the definition fills it in; whatever is
//! still pending when the region closes is an undefined value.

use super::{Parser, UseRef};
use crate::ast::{Operand, Type, ValueDef, ValueId, ValueInfo};
use crate::diag::Diagnostic;
pub use crate::fxhash::{FxHasher, FxMap};
use crate::source::Span;
use hashbrown::HashTable;
use smallvec::SmallVec;
use std::hash::Hasher;
use std::sync::Arc;

/// What a name in a scope stands for, when it is not one defined value (see [`Slot`]).
enum Entry {
    /// Defined: the values of its results (one for a block argument).
    Defined(SmallVec<[ValueId; 1]>),
    /// Used but not defined yet (graph regions): (result number, value allocated for it).
    Forward(SmallVec<[(u32, ValueId); 1]>),
}

/// Marks a [`Slot`] whose `what` indexes [`Scope::rare`].
const RARE: u32 = 1 << 31;

/// One name in a scope's table: 8 bytes, no key. `what` is the value itself for the
/// common case, a name defined as one value (its [`ValueInfo::name`] is the name), else
/// `RARE | i` for entry `i` of [`Scope::rare`]. The name's hash is kept so that growing
/// the table never reads the names again.
#[derive(Clone, Copy)]
struct Slot {
    hash: u32,
    what: u32,
}

/// The names of one region.
pub struct Scope<'a> {
    graph: bool,
    isolated: bool,
    table: HashTable<Slot>,
    rare: Vec<(&'a str, Entry)>,
    pending: usize,
}

/// What a lookup found.
#[derive(Clone, Copy)]
enum Found {
    /// A name defined as one value.
    Single(ValueId),
    /// Entry `i` of [`Scope::rare`].
    Rare(usize),
}

fn name_hash(name: &str) -> u32 {
    let mut h = FxHasher::default();
    h.write(name.as_bytes());
    h.finish() as u32
}

/// The table's 64-bit hash from the stored 32 bits (a bijective mix, so the tag bits the
/// table takes from the top are as good as the bucket bits).
fn spread(h: u32) -> u64 {
    (h as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// The name of result `index` of `count` results named `name` (`r#1` for `%r:2`).
fn value_name(name: &str, index: u32, count: usize) -> Arc<str> {
    if count == 1 {
        Arc::from(name)
    } else {
        Arc::from(format!("{name}#{index}").as_str())
    }
}

/// The name a slot stands for.
fn slot_name<'s>(rare: &'s [(&str, Entry)], s: &Slot, values: &'s [ValueInfo]) -> &'s str {
    if s.what & RARE != 0 {
        rare[(s.what & !RARE) as usize].0
    } else {
        &values[s.what as usize].name
    }
}

impl<'a> Scope<'a> {
    fn find(&self, name: &str, hash: u32, values: &[ValueInfo]) -> Option<Found> {
        let s =
            self.table.find(spread(hash), |s| s.hash == hash && slot_name(&self.rare, s, values) == name)?;
        Some(if s.what & RARE != 0 {
            Found::Rare((s.what & !RARE) as usize)
        } else {
            Found::Single(ValueId(s.what))
        })
    }

    /// Adds a name known to be absent.
    fn insert_new(&mut self, hash: u32, what: u32) {
        self.table.insert_unique(spread(hash), Slot { hash, what }, |s| spread(s.hash));
    }

    /// Adds an absent name as a rare entry.
    fn insert_rare(&mut self, name: &'a str, hash: u32, e: Entry) {
        let what = RARE | self.rare.len() as u32;
        self.rare.push((name, e));
        self.insert_new(hash, what);
    }
}

impl<'a> Parser<'a> {
    /// Opens a region's scope.
    pub(crate) fn push_scope(&mut self, graph: bool, isolated: bool) {
        self.scopes.push(Scope { graph, isolated, table: HashTable::new(), rare: Vec::new(), pending: 0 });
    }

    /// Closes the innermost scope; reports the first use of a value never defined.
    pub(crate) fn pop_scope(&mut self) -> Result<(), Diagnostic> {
        let Some(scope) = self.scopes.pop() else { return Ok(()) };
        if scope.pending == 0 {
            return Ok(());
        }
        let mut first: Option<(Span, &str)> = None;
        for (name, e) in &scope.rare {
            if let Entry::Forward(refs) = e {
                for (_, id) in refs {
                    let span = self.values[id.index()].span;
                    if first.is_none_or(|(s, _)| span.start < s.start) {
                        first = Some((span, name));
                    }
                }
            }
        }
        match first {
            Some((span, name)) => Err(Diagnostic::error(span, format!("use of undefined value '%{name}'"))),
            None => Ok(()),
        }
    }

    fn new_value(&mut self, name: Arc<str>, ty: Type, span: Span, def: ValueDef) -> ValueId {
        let id = ValueId(self.values.len() as u32);
        self.values.push(ValueInfo { name, ty, span, def });
        id
    }

    fn type_mismatch(&self, u: &UseRef<'a>, want: &Type, have: &Type) -> Diagnostic {
        Diagnostic::error(
            u.span,
            format!(
                "use of value '%{}' expects different type than prior uses: '{want}' vs '{have}'",
                u.name
            ),
        )
    }

    /// Resolves a use whose type is `ty`.
    pub(crate) fn resolve(&mut self, u: &UseRef<'a>, ty: &Type) -> Result<Operand, Diagnostic> {
        let hash = name_hash(u.name);
        for i in (0..self.scopes.len()).rev() {
            let Some(f) = self.scopes[i].find(u.name, hash, &self.values) else {
                if self.scopes[i].isolated {
                    break;
                }
                continue;
            };
            let one;
            let found = match f {
                Found::Single(id) => {
                    one = [id];
                    Err(&one[..])
                }
                Found::Rare(r) => match &self.scopes[i].rare[r].1 {
                    Entry::Defined(ids) => Err(&ids[..]),
                    Entry::Forward(refs) => Ok(refs.iter().find(|r| r.0 == u.index).map(|r| r.1)),
                },
            };
            let found = match found {
                Err(ids) => {
                    let Some(&id) = ids.get(u.index as usize) else {
                        return Err(Diagnostic::error(
                            u.span,
                            format!(
                                "'%{}' has only {} results, result #{} does not exist",
                                u.name,
                                ids.len(),
                                u.index
                            ),
                        ));
                    };
                    Some(id)
                }
                Ok(id) => id,
            };
            if let Some(id) = found {
                let have = &self.values[id.index()].ty;
                if have != ty {
                    return Err(self.type_mismatch(u, ty, have));
                }
                return Ok(Operand { value: id, span: u.span });
            }
            // A forward reference to another result number of the same name.
            let id =
                self.new_value(Arc::from(u.name), ty.clone(), u.span, ValueDef::OpResult { index: u.index });
            if let Found::Rare(r) = f {
                if let Entry::Forward(refs) = &mut self.scopes[i].rare[r].1 {
                    refs.push((u.index, id));
                }
            }
            return Ok(Operand { value: id, span: u.span });
        }
        let graph = self.scopes.last().is_some_and(|s| s.graph);
        if !graph {
            return Err(Diagnostic::error(u.span, format!("use of undefined value '%{}'", u.name)));
        }
        let id = self.new_value(Arc::from(u.name), ty.clone(), u.span, ValueDef::OpResult { index: u.index });
        if let Some(scope) = self.scopes.last_mut() {
            let mut refs = SmallVec::new();
            refs.push((u.index, id));
            scope.insert_rare(u.name, hash, Entry::Forward(refs));
            scope.pending += 1;
        }
        Ok(Operand { value: id, span: u.span })
    }

    /// Defines `name` as the values of `types` (op results or one block argument).
    pub(crate) fn define(
        &mut self,
        name: &'a str,
        span: Span,
        types: &[Type],
        block_arg: Option<u32>,
    ) -> Result<SmallVec<[ValueId; 1]>, Diagnostic> {
        let hash = name_hash(name);
        let def_of = |idx: usize| match block_arg {
            Some(a) => ValueDef::BlockArg { index: a },
            None => ValueDef::OpResult { index: idx as u32 },
        };
        if self.scopes.last().is_some_and(|s| s.isolated && s.pending == 0) {
            // The common case: a fresh name in an isolated scope with nothing pending: one
            // probe of the table finds the name absent and the place to put it.
            let Parser { scopes, values, .. } = self;
            if let Some(Scope { table, rare, .. }) = scopes.last_mut() {
                let eq = |s: &Slot| s.hash == hash && slot_name(rare, s, values) == name;
                if let hashbrown::hash_table::Entry::Vacant(v) =
                    table.entry(spread(hash), eq, |s| spread(s.hash))
                {
                    let mut ids: SmallVec<[ValueId; 1]> = SmallVec::with_capacity(types.len());
                    for (idx, ty) in types.iter().enumerate() {
                        let id = ValueId(values.len() as u32);
                        let vname = value_name(name, idx as u32, types.len());
                        values.push(ValueInfo { name: vname, ty: ty.clone(), span, def: def_of(idx) });
                        ids.push(id);
                    }
                    let what = if ids.len() == 1 {
                        ids[0].0
                    } else {
                        rare.push((name, Entry::Defined(ids.clone())));
                        RARE | (rare.len() - 1) as u32
                    };
                    v.insert(Slot { hash, what });
                    return Ok(ids);
                }
            }
        }
        for i in (0..self.scopes.len()).rev() {
            let scope = &self.scopes[i];
            // `Some(first value)` if the name is defined here.
            let defined = match scope.find(name, hash, &self.values) {
                Some(Found::Single(id)) => Some(Some(id)),
                Some(Found::Rare(r)) => match &scope.rare[r].1 {
                    Entry::Defined(ids) => Some(ids.first().copied()),
                    Entry::Forward(_) => None,
                },
                None => None,
            };
            if let Some(prev) = defined {
                let mut d = Diagnostic::error(span, format!("value '%{name}' is defined twice"));
                if let Some(p) = prev {
                    d = d.with_note(Some(self.values[p.index()].span), "previous definition here");
                }
                return Err(d);
            }
            if scope.isolated {
                break;
            }
        }
        // A forward entry of the innermost scope becomes the definition.
        let mut slot = None;
        let mut forward = SmallVec::new();
        if let Some(s) = self.scopes.last_mut().filter(|s| s.pending > 0) {
            if let Some(Found::Rare(r)) = s.find(name, hash, &self.values) {
                if let Entry::Forward(refs) = &mut s.rare[r].1 {
                    forward = std::mem::take(refs);
                    s.pending -= 1;
                    slot = Some(r);
                }
            }
        }
        let mut ids: SmallVec<[ValueId; 1]> = SmallVec::with_capacity(types.len());
        for (idx, ty) in types.iter().enumerate() {
            let def = def_of(idx);
            let vname = value_name(name, idx as u32, types.len());
            if let Some(&(_, id)) = forward.iter().find(|r: &&(u32, ValueId)| r.0 as usize == idx) {
                let info = &mut self.values[id.index()];
                if info.ty != *ty {
                    let use_span = info.span;
                    let u = UseRef { name, index: idx as u32, span: use_span };
                    return Err(self.type_mismatch(&u, &self.values[id.index()].ty.clone(), ty));
                }
                *info = ValueInfo { name: vname, ty: ty.clone(), span, def };
                ids.push(id);
            } else {
                ids.push(self.new_value(vname, ty.clone(), span, def));
            }
        }
        if let Some(&(idx, id)) = forward.iter().find(|r| r.0 as usize >= types.len()) {
            return Err(Diagnostic::error(
                self.values[id.index()].span,
                format!("'%{name}' has only {} results, result #{idx} does not exist", types.len()),
            ));
        }
        if let Some(s) = self.scopes.last_mut() {
            match slot {
                Some(r) => s.rare[r].1 = Entry::Defined(ids.clone()),
                None if ids.len() == 1 => s.insert_new(hash, ids[0].0),
                None => s.insert_rare(name, hash, Entry::Defined(ids.clone())),
            }
        }
        Ok(ids)
    }
}
