//! The order of modules and ports as written in the JSON.
//!
//! `yosys-netlist-json` keeps modules and ports in hash maps, which forget the order;
//! `write_json` writes ports in the module's port order, and that order is the module's
//! interface (positional instantiation, test benches). This second, light parse reads only
//! the keys, in order, skipping every value it does not need.

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;

/// The keys of a JSON object in the order written, each with its value.
pub struct Keyed<T>(pub Vec<(String, T)>);

impl<T> Default for Keyed<T> {
    fn default() -> Self {
        Keyed(Vec::new())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Keyed<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Keyed<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Keyed<T>, A::Error> {
                let mut v = Vec::new();
                while let Some((k, val)) = map.next_entry::<String, T>()? {
                    v.push((k, val));
                }
                Ok(Keyed(v))
            }
        }
        d.deserialize_map(V(PhantomData))
    }
}

/// A module's port names in order.
#[derive(serde::Deserialize)]
pub struct ModuleOrder {
    /// The ports, values skipped.
    #[serde(default)]
    pub ports: Keyed<IgnoredAny>,
}

/// The whole file's module and port order.
#[derive(serde::Deserialize)]
pub struct FileOrder {
    /// Modules in order, each with its port order.
    #[serde(default)]
    pub modules: Keyed<ModuleOrder>,
}
