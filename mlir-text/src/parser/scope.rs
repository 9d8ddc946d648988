//! Value scoping: which `%name` a use refers to.
//!
//! Each region pushes a [`Scope`]. A lookup walks outwards until it crosses an op that is
//! isolated from above (`builtin.module`, `hw.module`, `func.func`). In a graph region
//! (`hw.module`, `builtin.module`) a use may come before the definition: the use allocates
//! the value early (a *forward reference*) and the definition fills it in; whatever is
//! still pending when the region closes is an undefined value.
//!
//! A streamed body also holds *lean* names ([`super::lean`]): results of the fast path that
//! have no [`ValueInfo`]; a use by any other op turns one into an ordinary value.

use super::names::{code_type, ty_code, Key, NameTable, Slot, TyCode, NO_TY};
use super::{Parser, UseRef};
use crate::ast::{Operand, Type, ValueDef, ValueId, ValueInfo};
use crate::diag::Diagnostic;
pub use crate::fxhash::FxMap;
use crate::source::Span;
use smallvec::SmallVec;
use std::sync::Arc;

/// What a name in a scope stands for, when it is not one defined value (see [`Slot`]).
enum Entry {
    /// Defined: the values of its results (one for a block argument).
    Defined(SmallVec<[ValueId; 1]>),
    /// Used but not defined yet (graph regions): (result number, value allocated for it).
    Forward(SmallVec<[(u32, ValueId); 1]>),
}

/// The tag bits of a [`Slot`]'s `what`. Untagged, it is the value a name defined as one
/// value stands for (the common case), and the slot's type code that value's type.
const TAG: u32 = RARE | LEAN;
/// `what` indexes [`Scope::rare`].
const RARE: u32 = 1 << 31;
/// `what` is a lean value's payload (a short name), or with [`RARE`] the index of a lean
/// value in [`Scope::lean_long`] (a long one).
pub(super) const LEAN: u32 = 1 << 30;

/// The names of one region.
pub struct Scope<'a> {
    graph: bool,
    pub(super) isolated: bool,
    pub(super) table: NameTable,
    rare: Vec<(&'a str, Entry)>,
    /// Lean values whose names are not short: name and payload.
    pub(super) lean_long: Vec<(&'a str, u32)>,
    pending: usize,
}

/// What a lookup found.
#[derive(Clone, Copy)]
pub(super) enum Found {
    /// A name defined as one value, and its type code.
    Single(ValueId, TyCode),
    /// Entry `i` of [`Scope::rare`].
    Rare(usize),
    /// A lean value: its payload and type code.
    Lean(u32, TyCode),
}

/// The name of result `index` of `count` results named `name` (`r#1` for `%r:2`).
fn value_name(name: &str, index: u32, count: usize) -> Arc<str> {
    if count == 1 {
        Arc::from(name)
    } else {
        Arc::from(format!("{name}#{index}").as_str())
    }
}

impl<'a> Scope<'a> {
    /// The name a slot with a long name stands for.
    fn slot_name<'s>(&'s self, s: &Slot, values: &'s [ValueInfo]) -> &'s str {
        let i = (s.what & !TAG) as usize;
        match s.what & TAG {
            0 => &values[i].name,
            RARE => self.rare[i].0,
            TAG => self.lean_long[i].0,
            _ => "", // a lean value with a short name: keys alone decide
        }
    }

    /// Result `index` of the name of rare entry `r`, if the name is defined.
    pub(super) fn defined(&self, r: usize, index: u32) -> Option<ValueId> {
        match &self.rare.get(r)?.1 {
            Entry::Defined(ids) => ids.get(index as usize).copied(),
            Entry::Forward(_) => None,
        }
    }

    /// The index of the empty slot where `name` would go, if it is not in the table.
    pub(super) fn vacancy(&self, name: &str, key: Key, values: &[ValueInfo]) -> Option<usize> {
        self.table.probe(key, |s| self.slot_name(s, values) == name).err()
    }

    /// Looks a name up: what it stands for and the index of its slot.
    pub(super) fn find(&self, name: &str, key: Key, values: &[ValueInfo]) -> Option<(Found, usize)> {
        let at = self.table.probe(key, |s| self.slot_name(s, values) == name).ok()?;
        let s = self.table.slot(at);
        let i = s.what & !TAG;
        let found = match s.what & TAG {
            0 => Found::Single(ValueId(s.what), s.ty),
            RARE => Found::Rare(i as usize),
            LEAN => Found::Lean(i, s.ty),
            _ => Found::Lean(self.lean_long[i as usize].1, s.ty),
        };
        Some((found, at))
    }

    /// Adds a name known to be absent.
    fn insert_new(&mut self, key: Key, what: u32, ty: TyCode) {
        self.table.insert_new(Slot { key, what, ty });
    }

    /// Adds an absent name as a rare entry.
    fn insert_rare(&mut self, name: &'a str, key: Key, e: Entry) {
        let what = RARE | self.rare.len() as u32;
        self.rare.push((name, e));
        self.insert_new(key, what, NO_TY);
    }
}

impl<'a> Parser<'a> {
    /// Opens a region's scope.
    pub(crate) fn push_scope(&mut self, graph: bool, isolated: bool) {
        self.scopes.push(Scope {
            graph,
            isolated,
            table: NameTable::default(),
            rare: Vec::new(),
            lean_long: Vec::new(),
            pending: 0,
        });
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

    /// An error if the value table is full (ids must stay below [`LEAN`]).
    fn check_room(&self, span: Span) -> Result<(), Diagnostic> {
        if self.values.len() + 1 >= LEAN as usize {
            return Err(Diagnostic::error(span, "too many values"));
        }
        Ok(())
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

    /// Prefetches the innermost scope's table slot for `name` (a result about to be
    /// defined: see [`NameTable::prefetch`]).
    pub(crate) fn prefetch_name(&self, name: &str) {
        if let Some(scope) = self.scopes.last() {
            scope.table.prefetch(Key::of_in(self.text, name));
        }
    }

    /// Resolves a use whose type is `ty`.
    pub(crate) fn resolve(&mut self, u: &UseRef<'a>, ty: &Type) -> Result<Operand, Diagnostic> {
        self.check_room(u.span)?;
        let key = Key::of_in(self.text, u.name);
        for i in (0..self.scopes.len()).rev() {
            let Some((f, at)) = self.scopes[i].find(u.name, key, &self.values) else {
                if self.scopes[i].isolated {
                    break;
                }
                continue;
            };
            if let Found::Single(id, code) = f {
                // The common case: the type is in the slot.
                let want = ty_code(ty);
                if u.index == 0 && code != NO_TY && want != NO_TY {
                    if code != want {
                        return Err(self.type_mismatch(u, ty, &self.values[id.index()].ty));
                    }
                    return Ok(Operand { value: id, span: u.span });
                }
            }
            let one;
            let found = match f {
                Found::Single(id, _) => {
                    one = [id];
                    Err(&one[..])
                }
                Found::Lean(payload, code) => return self.materialize(u, ty, (i, at), payload, code),
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
            scope.insert_rare(u.name, key, Entry::Forward(refs));
            scope.pending += 1;
        }
        Ok(Operand { value: id, span: u.span })
    }

    /// A use of lean value `payload` (whose slot is `at` in scope `scope`) by an op of the
    /// general path: checked as a use of a one-result value, it becomes an ordinary value
    /// (its [`ValueInfo`] has the use's span: lean values keep none) and the sink is told.
    fn materialize(
        &mut self,
        u: &UseRef<'a>,
        ty: &Type,
        (scope, at): (usize, usize),
        payload: u32,
        code: TyCode,
    ) -> Result<Operand, Diagnostic> {
        if u.index != 0 {
            return Err(Diagnostic::error(
                u.span,
                format!("'%{}' has only 1 results, result #{} does not exist", u.name, u.index),
            ));
        }
        let have = code_type(code).unwrap_or(Type::None);
        if have != *ty {
            return Err(self.type_mismatch(u, ty, &have));
        }
        let id = self.new_value(Arc::from(u.name), have, u.span, ValueDef::OpResult { index: 0 });
        self.scopes[scope].table.set(at, id.0);
        if let Some(sink) = self.sink.as_deref_mut() {
            sink.alias(id, payload);
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
        self.check_room(span)?;
        let key = Key::of_in(self.text, name);
        let def_of = |idx: usize| match block_arg {
            Some(a) => ValueDef::BlockArg { index: a },
            None => ValueDef::OpResult { index: idx as u32 },
        };
        if self.scopes.last().is_some_and(|s| s.isolated && s.pending == 0) {
            // The common case: a fresh name in an isolated scope with nothing pending: one
            // probe of the table finds the name absent and the place to put it.
            let Parser { scopes, values, .. } = self;
            if let Some(scope) = scopes.last_mut() {
                if let Err(at) = scope.table.probe(key, |s| scope.slot_name(s, values) == name) {
                    let mut ids: SmallVec<[ValueId; 1]> = SmallVec::with_capacity(types.len());
                    for (idx, ty) in types.iter().enumerate() {
                        let id = ValueId(values.len() as u32);
                        let vname = value_name(name, idx as u32, types.len());
                        values.push(ValueInfo { name: vname, ty: ty.clone(), span, def: def_of(idx) });
                        ids.push(id);
                    }
                    let (what, ty) = if ids.len() == 1 {
                        (ids[0].0, ty_code(&types[0]))
                    } else {
                        scope.rare.push((name, Entry::Defined(ids.clone())));
                        (RARE | (scope.rare.len() - 1) as u32, NO_TY)
                    };
                    scope.table.insert_at(at, Slot { key, what, ty });
                    return Ok(ids);
                }
            }
        }
        for i in (0..self.scopes.len()).rev() {
            let scope = &self.scopes[i];
            // `Some(first value)` if the name is defined here.
            let defined = match scope.find(name, key, &self.values).map(|f| f.0) {
                Some(Found::Single(id, _)) => Some(Some(id)),
                Some(Found::Lean(..)) => Some(None),
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
            if let Some((Found::Rare(r), _)) = s.find(name, key, &self.values) {
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
                None if ids.len() == 1 => s.insert_new(key, ids[0].0, ty_code(&types[0])),
                None => s.insert_rare(name, key, Entry::Defined(ids.clone())),
            }
        }
        Ok(ids)
    }
}
