//! The table of the names of one scope ([`super::scope`]): open addressing with linear
//! probing over one array of 16-byte [`Slot`]s, so a lookup usually reads one cache line
//! and nothing else. A slot holds the name's [`Key`] (the name itself when it is short),
//! what it stands for, and the type of a single value, so the common lookup of a use never
//! reads the value table. Names are never removed (a scope's table goes as a whole).

use crate::ast::{Signedness, Type, MAX_WIDTH};
use crate::fxhash::FxHasher;
use std::hash::Hasher;

/// Marks a [`Key`] that is a hash (the name is not short).
const LONG: u64 = 1 << 63;

/// A name as a table key: a name of up to 8 ASCII bytes other than NUL packed into the
/// word (exact: different names give different words), any other its hash with the top
/// bit set (then the names themselves must be compared too). Never 0: names are not empty.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Key(u64);

impl Key {
    /// The key of `name`, a slice of `text` (then the short case reads one word of the text
    /// instead of the name byte by byte).
    pub(super) fn of_in(text: &str, name: &str) -> Key {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let n = name.len();
        // Live allocations do not overlap: a name starting inside the text is part of it.
        let at = (name.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
        if let (1..=8, Some(word)) = (n, text.as_bytes().get(at..at.wrapping_add(8))) {
            let mask = if n == 8 { !0 } else { (1u64 << (8 * n)) - 1 };
            let w = u64::from_le_bytes(word.try_into().unwrap_or([0; 8])) & mask;
            // Plain (ASCII, no NUL in the name): then the word is the key.
            let v = w | (!mask & ONES);
            if (w | (v.wrapping_sub(ONES) & !v)) & HIGH == 0 {
                return Key(w);
            }
        }
        Key::of(name)
    }

    pub(super) fn of(name: &str) -> Key {
        let b = name.as_bytes();
        if !b.is_empty() && b.len() <= 8 {
            let mut w = 0u64;
            let mut plain = true;
            for (i, &c) in b.iter().enumerate() {
                w |= (c as u64) << (8 * i);
                plain &= c != 0 && c < 0x80;
            }
            if plain {
                return Key(w);
            }
        }
        let mut h = FxHasher::default();
        h.write(b);
        Key(h.finish() | LONG)
    }

    /// True if equal keys mean equal names.
    pub(super) fn exact(self) -> bool {
        self.0 & LONG == 0
    }

    /// The table's hash (a full mix: similar names must not share buckets).
    fn hash(self) -> u64 {
        let mut k = self.0;
        k ^= k >> 33;
        k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
        k ^= k >> 33;
        k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        k ^ (k >> 33)
    }
}

/// The type of a value in a [`Slot`] when it is a common one ([`ty_code`]).
pub(super) type TyCode = u32;

/// A type not coded in slots: compare the value's own type.
pub(super) const NO_TY: TyCode = u32::MAX;

/// Integer types and `!seq.clock` as a number (equal numbers, equal types), else [`NO_TY`].
pub(super) fn ty_code(t: &Type) -> TyCode {
    match t {
        Type::Int { width, signedness } if *width <= MAX_WIDTH => {
            width
                | match signedness {
                    Signedness::Signless => 0,
                    Signedness::Signed => 1 << 25,
                    Signedness::Unsigned => 1 << 26,
                }
        }
        Type::Clock => 1 << 27,
        _ => NO_TY,
    }
}

/// The type of a type code (the inverse of [`ty_code`]).
pub(super) fn code_type(c: TyCode) -> Option<Type> {
    if c == NO_TY {
        None
    } else if c == 1 << 27 {
        Some(Type::Clock)
    } else {
        let signedness = match c >> 25 {
            0 => Signedness::Signless,
            1 => Signedness::Signed,
            _ => Signedness::Unsigned,
        };
        Some(Type::Int { width: c & ((1 << 25) - 1), signedness })
    }
}

/// One name: its key, what it stands for (for [`super::scope`] to say), and a type code.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slot {
    pub(super) key: Key,
    pub(super) what: u32,
    pub(super) ty: TyCode,
}

/// An empty slot (no key is 0).
const EMPTY: Slot = Slot { key: Key(0), what: 0, ty: 0 };

/// The table. Its size is a power of two, at most 5/8 full.
#[derive(Default)]
pub(super) struct NameTable {
    slots: Vec<Slot>,
    len: usize,
}

impl NameTable {
    /// The index of the slot of `key` for which `same` holds (it decides for hashed keys),
    /// or the index of the empty slot where `key` would go.
    pub(super) fn probe(&self, key: Key, same: impl Fn(&Slot) -> bool) -> Result<usize, usize> {
        let Some(mask) = self.slots.len().checked_sub(1) else { return Err(0) };
        let mut i = key.hash() as usize & mask;
        loop {
            let s = &self.slots[i];
            if s.key == key && (key.exact() || same(s)) {
                return Ok(i);
            }
            if s.key.0 == 0 {
                return Err(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// Asks the processor to start loading the slot where a probe for `key` begins. A fresh
    /// name lands on a random slot of a table far larger than the caches; prefetched one op
    /// ahead, its define does not wait for memory (a hint only: it changes nothing).
    pub(super) fn prefetch(&self, key: Key) {
        if let Some(mask) = self.slots.len().checked_sub(1) {
            prefetch(&self.slots[key.hash() as usize & mask]);
        }
    }

    /// The slot at an index [`NameTable::probe`] found.
    pub(super) fn slot(&self, i: usize) -> &Slot {
        &self.slots[i]
    }

    /// Changes what the slot at an index [`NameTable::probe`] found stands for.
    pub(super) fn set(&mut self, i: usize, what: u32) {
        self.slots[i].what = what;
    }

    /// Adds a slot whose key [`NameTable::probe`] did not find, at the index it gave.
    pub(super) fn insert_at(&mut self, at: usize, slot: Slot) {
        if (self.len + 1) * 8 > self.slots.len() * 5 {
            self.grow();
            self.insert_new(slot);
        } else {
            self.slots[at] = slot;
            self.len += 1;
        }
    }

    /// Adds a slot whose key is known to be absent.
    pub(super) fn insert_new(&mut self, slot: Slot) {
        if (self.len + 1) * 8 > self.slots.len() * 5 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = slot.key.hash() as usize & mask;
        while self.slots[i].key.0 != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
        self.len += 1;
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(16);
        let old = std::mem::replace(&mut self.slots, vec![EMPTY; size]);
        self.len = 0;
        for s in old.into_iter().filter(|s| s.key.0 != 0) {
            self.insert_new(s);
        }
    }
}

/// A prefetch hint for the cache line of `slot`.
#[cfg(target_arch = "x86_64")]
fn prefetch(slot: &Slot) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    // SAFETY: SSE, which `_mm_prefetch` needs, is part of the x86-64 baseline, and a
    // prefetch only hints the cache: it reads nothing and cannot fault (the pointer comes
    // from a reference anyway).
    unsafe { _mm_prefetch::<_MM_HINT_T0>((slot as *const Slot).cast::<i8>()) };
}

/// A prefetch hint (none on this target).
#[cfg(not(target_arch = "x86_64"))]
fn prefetch(_: &Slot) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_from_the_text_are_the_same() {
        let text = "%a %bc %defghijk %v123456 %x\0y %é %abcdefgh %z";
        for name in text.split(' ').map(|w| &w[1..]) {
            assert_eq!(Key::of_in(text, name), Key::of(name), "{name:?}");
        }
        assert_eq!(Key::of_in("other", "abc"), Key::of("abc"));
    }

    #[test]
    fn keys_are_exact_for_short_names_only() {
        assert_eq!(Key::of("v1"), Key::of("v1"));
        assert_ne!(Key::of("v1"), Key::of("v10"));
        assert!(Key::of("abcdefgh").exact());
        assert!(!Key::of("abcdefghi").exact());
        assert!(!Key::of("a\0").exact());
        assert_ne!(Key::of("a").0, 0);
    }

    #[test]
    fn finds_what_was_inserted_through_growth() {
        let mut t = NameTable::default();
        let names: Vec<String> =
            (0..1000).map(|i| format!("name_number_{i}")).chain((0..1000).map(|i| format!("v{i}"))).collect();
        for (i, n) in names.iter().enumerate() {
            let key = Key::of(n);
            let at = t.probe(key, |s| names[s.what as usize] == *n).expect_err("absent");
            t.insert_at(at, Slot { key, what: i as u32, ty: NO_TY });
        }
        for (i, n) in names.iter().enumerate() {
            let at = t.probe(Key::of(n), |s| names[s.what as usize] == *n).expect("present");
            assert_eq!(t.slot(at).what, i as u32);
        }
        assert!(t.probe(Key::of("v1000"), |_| false).is_err());
    }

    #[test]
    fn type_codes_round_trip() {
        for t in [
            Type::int(1),
            Type::int(MAX_WIDTH),
            Type::Clock,
            Type::Int { width: 7, signedness: Signedness::Signed },
        ]
        .into_iter()
        .chain([Type::Int { width: 3, signedness: Signedness::Unsigned }])
        {
            assert_eq!(code_type(ty_code(&t)), Some(t));
        }
        assert_eq!(ty_code(&Type::Index), NO_TY);
    }
}
