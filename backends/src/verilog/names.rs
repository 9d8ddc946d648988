//! SystemVerilog identifiers: the keyword list, legalization and a per-scope name table.
//!
//! A [`Namer`] hands out names in one SystemVerilog scope. User names are legalized (a name
//! that is no simple identifier is written as an escaped one, `\\opcode[0] `, so a netlist
//! keeps its exact names; one with spaces or non-ASCII characters has those replaced by `_`) and uniquified with a numeric
//! suffix (`reg` -> `reg_0`, a second `x` -> `x_0`); temporaries are `_0`, `_1`, ... in the
//! order they are asked for, skipping any name already taken. Keywords are taken from the
//! start, so no name ever collides with one.
//!
//! Names are borrowed from the netlist wherever they are legal and free already (the
//! common case): a million-cell module costs no string allocation and one 4-byte slot of
//! the uniqueness table per name.

use hashbrown::hash_table::{Entry, HashTable};
use mlir_text::fxhash::{FxBuild, FxSet};
use std::borrow::Cow;
use std::fmt::{self, Write};
use std::hash::BuildHasher;

/// Every reserved word of IEEE 1800-2017 (Annex B), plus the Verilog-2005 and
/// configuration keywords, which tools reserve too.
pub const KEYWORDS: &[&str] = &[
    "accept_on",
    "alias",
    "always",
    "always_comb",
    "always_ff",
    "always_latch",
    "and",
    "assert",
    "assign",
    "assume",
    "automatic",
    "before",
    "begin",
    "bind",
    "bins",
    "binsof",
    "bit",
    "break",
    "buf",
    "bufif0",
    "bufif1",
    "byte",
    "case",
    "casex",
    "casez",
    "cell",
    "chandle",
    "checker",
    "class",
    "clocking",
    "cmos",
    "config",
    "const",
    "constraint",
    "context",
    "continue",
    "cover",
    "covergroup",
    "coverpoint",
    "cross",
    "deassign",
    "default",
    "defparam",
    "design",
    "disable",
    "dist",
    "do",
    "edge",
    "else",
    "end",
    "endcase",
    "endchecker",
    "endclass",
    "endclocking",
    "endconfig",
    "endfunction",
    "endgenerate",
    "endgroup",
    "endinterface",
    "endmodule",
    "endpackage",
    "endprimitive",
    "endprogram",
    "endproperty",
    "endspecify",
    "endsequence",
    "endtable",
    "endtask",
    "enum",
    "event",
    "eventually",
    "expect",
    "export",
    "extends",
    "extern",
    "final",
    "first_match",
    "for",
    "force",
    "foreach",
    "forever",
    "fork",
    "forkjoin",
    "function",
    "generate",
    "genvar",
    "global",
    "highz0",
    "highz1",
    "if",
    "iff",
    "ifnone",
    "ignore_bins",
    "illegal_bins",
    "implements",
    "implies",
    "import",
    "incdir",
    "include",
    "initial",
    "inout",
    "input",
    "inside",
    "instance",
    "int",
    "integer",
    "interconnect",
    "interface",
    "intersect",
    "join",
    "join_any",
    "join_none",
    "large",
    "let",
    "liblist",
    "library",
    "local",
    "localparam",
    "logic",
    "longint",
    "macromodule",
    "matches",
    "medium",
    "modport",
    "module",
    "nand",
    "negedge",
    "nettype",
    "new",
    "nexttime",
    "nmos",
    "nor",
    "noshowcancelled",
    "not",
    "notif0",
    "notif1",
    "null",
    "or",
    "output",
    "package",
    "packed",
    "parameter",
    "pmos",
    "posedge",
    "primitive",
    "priority",
    "program",
    "property",
    "protected",
    "pull0",
    "pull1",
    "pulldown",
    "pullup",
    "pulsestyle_ondetect",
    "pulsestyle_onevent",
    "pure",
    "rand",
    "randc",
    "randcase",
    "randsequence",
    "rcmos",
    "real",
    "realtime",
    "ref",
    "reg",
    "reject_on",
    "release",
    "repeat",
    "restrict",
    "return",
    "rnmos",
    "rpmos",
    "rtran",
    "rtranif0",
    "rtranif1",
    "s_always",
    "s_eventually",
    "s_nexttime",
    "s_until",
    "s_until_with",
    "scalared",
    "sequence",
    "shortint",
    "shortreal",
    "showcancelled",
    "signed",
    "small",
    "soft",
    "solve",
    "specify",
    "specparam",
    "static",
    "string",
    "strong",
    "strong0",
    "strong1",
    "struct",
    "super",
    "supply0",
    "supply1",
    "sync_accept_on",
    "sync_reject_on",
    "table",
    "tagged",
    "task",
    "this",
    "throughout",
    "time",
    "timeprecision",
    "timeunit",
    "tran",
    "tranif0",
    "tranif1",
    "tri",
    "tri0",
    "tri1",
    "triand",
    "trior",
    "trireg",
    "type",
    "typedef",
    "union",
    "unique",
    "unique0",
    "unsigned",
    "until",
    "until_with",
    "untyped",
    "use",
    "uwire",
    "var",
    "vectored",
    "virtual",
    "void",
    "wait",
    "wait_order",
    "wand",
    "weak",
    "weak0",
    "weak1",
    "while",
    "wildcard",
    "wire",
    "with",
    "within",
    "wor",
    "xnor",
    "xor",
];

/// True if `s` is a reserved word.
pub fn is_keyword(s: &str) -> bool {
    KEYWORDS.contains(&s)
}

/// `s` as a legal identifier: itself if it is a simple identifier
/// (`[A-Za-z_][A-Za-z0-9_$]*`; it may still be a keyword), else an escaped identifier
/// (`\\opcode[0] `, ended by a space) when every character of `s` is printable ASCII other
/// than a space, else with each illegal character replaced by `_`.
pub fn legalize(s: &str) -> String {
    legalize_cow(s).into_owned()
}

/// True if `s` is an escaped identifier as [`legalize`] writes one (`\\` ... space).
pub fn is_escaped(s: &str) -> bool {
    s.len() > 2 && s.starts_with('\\') && s.ends_with(' ')
}

/// The name an identifier stands for: an escaped identifier without its `\\` and the
/// ending space (what Yosys, nextpnr and a PCF file call it), a simple one as it is.
pub fn unescape(s: &str) -> &str {
    if is_escaped(s) {
        &s[1..s.len() - 1]
    } else {
        s
    }
}

/// The C++ member name Verilator gives a port named `s` in SystemVerilog: a simple
/// identifier as it is (a doubled `_` aside), an escaped one with each other character
/// as `__0` and its hex code (`opcode[0]` is `opcode__05b0__05d`).
pub fn verilator_member(s: &str) -> String {
    let raw = unescape(s).as_bytes();
    let mut out = String::with_capacity(raw.len() + 8);
    let mut i = 0;
    while i < raw.len() {
        let c = raw[i];
        let keep = if i == 0 { c.is_ascii_alphabetic() } else { c.is_ascii_alphanumeric() };
        if keep {
            out.push(c as char);
        } else if c == b'_' && raw.get(i + 1) == Some(&b'_') {
            out.push_str("___05F");
            i += 1;
        } else if c == b'_' {
            out.push('_');
        } else {
            let _ = write!(out, "__0{c:02x}");
        }
        i += 1;
    }
    out
}

/// Per byte: 1 if it may start an identifier, 2 if it may continue one.
static IDENT_BYTES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphabetic() || c == b'_' {
            t[b] = 3;
        } else if c.is_ascii_digit() || c == b'$' {
            t[b] = 2;
        }
        b += 1;
    }
    t
};

/// True if `s` is a legal simple identifier already (it may still be a keyword).
fn is_legal(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && IDENT_BYTES[b[0] as usize] & 1 != 0
        && b.iter().all(|&c| IDENT_BYTES[c as usize] & 2 != 0)
}

/// [`legalize`], borrowing `s` when it is legal already.
fn legalize_cow(s: &str) -> Cow<'_, str> {
    if is_legal(s) {
        return Cow::Borrowed(s);
    }
    if !s.is_empty() && s.bytes().all(|b| (0x21..=0x7e).contains(&b)) {
        return Cow::Owned(format!("\\{s} "));
    }
    let mut out: String =
        s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '$' { c } else { '_' }).collect();
    if !out.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        out.insert(0, '_');
    }
    Cow::Owned(out)
}

/// True if `s` has the shape of a temporary (`_` followed by digits).
pub fn is_temp_shape(s: &str) -> bool {
    s.len() > 1 && s.starts_with('_') && s[1..].bytes().all(|b| b.is_ascii_digit())
}

/// The number `n` if `s` is exactly how temporary `n` prints (`_n`, no leading zero).
fn temp_number(s: &str) -> Option<u32> {
    let digits = s.strip_prefix('_')?;
    if !is_temp_shape(s) || digits.len() > 1 && digits.starts_with('0') {
        return None;
    }
    digits.parse().ok()
}

/// A declared identifier as the printer refers to it: a string (borrowed from the netlist
/// or a name table) or temporary `n`, which prints as `_n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Name<'n> {
    /// A port, module, instance or user name.
    Str(&'n str),
    /// A temporary.
    Temp(u32),
}

impl Name<'_> {
    /// Appends the name.
    pub fn print(self, out: &mut String) {
        match self {
            Name::Str(s) => out.push_str(s),
            Name::Temp(n) => {
                out.push('_');
                super::text::push_u32(out, n);
            }
        }
    }
}

impl fmt::Display for Name<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Name::Str(s) => f.write_str(s),
            Name::Temp(n) => write!(f, "_{n}"),
        }
    }
}

/// A name taken in a [`Namer`], by position in its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NameId(u32);

impl NameId {
    /// The position in the table that [`Namer::seal`] returns.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Temporaries of one scope: `_0`, `_1`, ... in order, skipping temporary-shaped user
/// names. Every `_n` below `next` is taken; only taken numbers at or above it are kept.
#[derive(Clone, Debug, Default)]
pub struct Temps {
    taken: FxSet<u32>,
    next: u32,
}

impl Temps {
    /// Takes temporary `n` if free.
    fn take(&mut self, n: u32) -> bool {
        n >= self.next && self.taken.insert(n)
    }

    /// The number of the next free temporary, taken.
    pub fn fresh(&mut self) -> u32 {
        while self.taken.contains(&self.next) {
            self.next += 1;
        }
        self.next += 1;
        self.next - 1
    }
}

fn hash(s: &str) -> u64 {
    FxBuild::default().hash_one(s)
}

/// The names of one scope.
///
/// Names are kept in `names` in the order taken (borrowed where possible) and found through
/// `index`, a table of positions hashed by the name they point at. Temporary-shaped names
/// are kept by number in `temps` instead (they have a table slot but no index entry), so a
/// million temporaries cost no table entries.
#[derive(Clone, Debug)]
pub struct Namer<'a> {
    names: Vec<Cow<'a, str>>,
    index: HashTable<u32>,
    temps: Temps,
}

impl Default for Namer<'_> {
    fn default() -> Self {
        Namer::new()
    }
}

impl<'a> Namer<'a> {
    /// A scope where only the keywords are taken.
    pub fn new() -> Namer<'a> {
        let mut n = Namer { names: Vec::new(), index: HashTable::new(), temps: Temps::default() };
        n.reserve(KEYWORDS.len());
        for &k in KEYWORDS {
            n.reserve_name(Cow::Borrowed(k));
        }
        n
    }

    /// Makes room for `n` more names.
    pub fn reserve(&mut self, n: usize) {
        let names = &self.names;
        self.index.reserve(n, |&i| hash(&names[i as usize]));
        self.names.reserve(n);
    }

    /// Takes `name` if it is free; gives it back if it was taken.
    fn take(&mut self, name: Cow<'a, str>) -> Result<NameId, Cow<'a, str>> {
        let id = u32::try_from(self.names.len()).expect("fewer than 2^32 names");
        match temp_number(&name) {
            Some(n) if self.temps.take(n) => {}
            Some(_) => return Err(name),
            None => {
                let names = &self.names;
                let eq = |&i: &u32| names[i as usize] == name;
                match self.index.entry(hash(&name), eq, |&i| hash(&names[i as usize])) {
                    Entry::Occupied(_) => return Err(name),
                    Entry::Vacant(v) => {
                        v.insert(id);
                    }
                }
            }
        }
        self.names.push(name);
        Ok(NameId(id))
    }

    /// Legalizes and uniquifies a user name, and takes it.
    pub fn user(&mut self, name: &'a str) -> NameId {
        let base = match self.take(legalize_cow(name)) {
            Ok(id) => return id,
            Err(base) => base,
        };
        let mut k = 0u32;
        let mut cand = String::with_capacity(base.len() + 4);
        loop {
            cand.clear();
            // An escaped base takes its suffix before the ending space.
            match base.strip_suffix(' ').filter(|_| is_escaped(&base)) {
                Some(stem) => {
                    let _ = write!(cand, "{stem}_{k} ");
                }
                None => {
                    let _ = write!(cand, "{base}_{k}");
                }
            }
            match self.take(Cow::Owned(cand)) {
                Ok(id) => return id,
                Err(c) => cand = c.into_owned(),
            }
            k += 1;
        }
    }

    /// Takes `name` as it is, so no later name equals it (module names, which a signal of
    /// the same name would hide: Verilator's VARHIDDEN).
    pub fn reserve_name(&mut self, name: Cow<'a, str>) {
        let _ = self.take(name);
    }

    /// The text of a taken name.
    pub fn get(&self, id: NameId) -> &Cow<'a, str> {
        &self.names[id.index()]
    }

    /// The temporaries of the scope.
    pub fn temps(&self) -> &Temps {
        &self.temps
    }

    /// The next free temporary (`_0`, `_1`, ...), taken.
    pub fn temp(&mut self) -> u32 {
        self.temps.fresh()
    }

    /// Ends the naming of user names: the table of names (by [`NameId::index`]) and the
    /// temporaries, the only names asked for from then on (they never collide with a user
    /// name: a temporary-shaped user name is kept apart). The hash index is freed.
    pub fn seal(self) -> (Vec<Cow<'a, str>>, Temps) {
        (self.names, self.temps)
    }
}

/// Whether taking names one by one with [`Namer::user`] would give every one its own text
/// unchanged: all are legal, none is temporary-shaped (those are kept apart), taken or
/// equal to another. Checked without a table of names: one 64-bit hash per name (the
/// scope's names included), sorted at the end, and no two equal. A million names thus cost
/// a sequential sort rather than a million scattered inserts into a big table. A false
/// answer can be wrong only by a 64-bit hash collision, which costs the caller the slow
/// path.
pub struct AsIs {
    hashes: Vec<u64>,
    ok: bool,
}

impl AsIs {
    /// A check of about `n` names against the names taken in `namer`.
    pub fn new(namer: &Namer<'_>, n: usize) -> AsIs {
        let mut hashes = Vec::with_capacity(namer.names.len() + n);
        hashes.extend(namer.names.iter().map(|s| hash(s)));
        AsIs { hashes, ok: true }
    }

    /// Adds a name to take.
    pub fn add(&mut self, name: &str) {
        if self.ok {
            // A helper name of the MLIR printer (`_c$N`) is SystemVerilog but not a name
            // `crate::value_names` keeps: the printer must ask it.
            self.ok = is_legal(name) && temp_number(name).is_none() && !comb::build::is_helper_name(name);
            self.hashes.push(hash(name));
        }
    }

    /// True if every name added would be taken unchanged.
    pub fn holds(mut self) -> bool {
        self.hashes.sort_unstable();
        self.ok && self.hashes.windows(2).all(|w| w[0] != w[1])
    }
}

#[cfg(test)]
#[path = "names_tests.rs"]
mod tests;
