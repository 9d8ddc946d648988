//! Lean values (see [`super::simple`]): the scope lookups of the fast path. Each only reads
//! the innermost scope, which for a streamed body is isolated (anything else is left to the
//! general path), and none changes anything but [`Parser::lean_define`].

use super::names::{ty_code, Key, Slot, NO_TY};
use super::scope::{Found, LEAN};

use super::{Parser, UseRef};
use crate::ast::{Type, ValueId, ValueInfo};

/// What a use by a simple op finds.
pub(super) enum LeanUse {
    /// A lean value, by payload.
    Lean(u32),
    /// An ordinary value.
    Value(ValueId),
    /// Nothing the fast path handles (not defined yet, another type, a result number...).
    No,
}

/// The payload of a lean value with a long name: [`LEAN`] with the `RARE` bit, and an index.
const LEAN_LONG: u32 = LEAN | (1 << 31);

impl<'a> Parser<'a> {
    /// Looks up a use of type `ty` as the general path would resolve it, when that is plain.
    pub(super) fn lean_use(&self, u: &UseRef<'a>, ty: &Type, values: &[ValueInfo]) -> LeanUse {
        let Some(scope) = self.scopes.last().filter(|s| s.isolated) else { return LeanUse::No };
        let want = ty_code(ty);
        if want == NO_TY {
            return LeanUse::No;
        }
        match scope.find(u.name, Key::of_in(self.text, u.name), values) {
            Some((Found::Single(id, code), _)) if u.index == 0 && code == want => LeanUse::Value(id),
            Some((Found::Lean(p, code), _)) if u.index == 0 && code == want => LeanUse::Lean(p),
            Some((Found::Rare(r), _)) => match scope.defined(r, u.index) {
                Some(id) if ty_code(&values[id.index()].ty) == want => LeanUse::Value(id),
                _ => LeanUse::No,
            },
            _ => LeanUse::No,
        }
    }

    /// Where a simple op's result named `name` (whose key is `key`) goes if the name is free
    /// (no definition, no forward use) in the innermost scope.
    pub(super) fn lean_vacancy(&self, name: &str, key: Key, values: &[ValueInfo]) -> Option<usize> {
        let scope = self.scopes.last().filter(|s| s.isolated)?;
        if !key.exact() && scope.lean_long.len() + 1 >= LEAN as usize {
            return None;
        }
        scope.vacancy(name, key, values)
    }

    /// Defines `name` as a lean value with `payload` (below [`LEAN`]) at the slot
    /// [`Parser::lean_vacancy`] gave.
    pub(super) fn lean_define(&mut self, name: &'a str, key: Key, at: usize, payload: u32, ty: &Type) {
        let Some(scope) = self.scopes.last_mut() else { return };
        let what = if key.exact() {
            LEAN | payload
        } else {
            scope.lean_long.push((name, payload));
            LEAN_LONG | (scope.lean_long.len() - 1) as u32
        };
        scope.table.insert_at(at, Slot { key, what, ty: ty_code(ty) });
    }
}
