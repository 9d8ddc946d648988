//! SystemVerilog identifiers: the keyword list, legalization and a per-scope name table.
//!
//! A [`Namer`] hands out names in one SystemVerilog scope. User names are legalized (illegal
//! characters become `_`, a leading digit gets a `_` prefix) and uniquified with a numeric
//! suffix (`reg` -> `reg_0`, a second `x` -> `x_0`); temporaries are `_0`, `_1`, ... in the
//! order they are asked for, skipping any name already taken. Keywords are taken from the
//! start, so no name ever collides with one.

use mlir_text::fxhash::FxSet;
use std::borrow::Cow;
use std::fmt::Write;
use std::rc::Rc;

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

/// `s` as a legal simple identifier (`[A-Za-z_][A-Za-z0-9_$]*`); may still be a keyword.
pub fn legalize(s: &str) -> String {
    legalize_cow(s).into_owned()
}

/// [`legalize`], borrowing `s` when it is legal already.
fn legalize_cow(s: &str) -> Cow<'_, str> {
    let legal = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    if s.bytes().next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_') && s.bytes().all(legal) {
        return Cow::Borrowed(s);
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

/// The names of one scope.
///
/// Temporaries are handed out in increasing number, so every `_n` below `next_temp` is
/// taken; only temporary-shaped user names at or above it need remembering (`temps`). Other
/// names are in `taken`. A million temporaries thus cost no string set entries.
#[derive(Clone, Debug)]
pub struct Namer {
    taken: FxSet<Rc<str>>,
    temps: FxSet<u32>,
    next_temp: u32,
    /// Set by [`Namer::seal`]: only temporaries from then on.
    sealed: bool,
}

impl Default for Namer {
    fn default() -> Self {
        Namer::new()
    }
}

impl Namer {
    /// A scope where only the keywords are taken.
    pub fn new() -> Namer {
        Namer {
            taken: KEYWORDS.iter().map(|&s| Rc::from(s)).collect(),
            temps: FxSet::default(),
            next_temp: 0,
            sealed: false,
        }
    }

    /// Makes room for `n` more names.
    pub fn reserve(&mut self, n: usize) {
        self.taken.reserve(n);
    }

    /// Takes `name` if it is free; the shared name if it was.
    fn take(&mut self, name: &str) -> Option<Rc<str>> {
        match temp_number(name) {
            Some(n) => (n >= self.next_temp && self.temps.insert(n)).then(|| name.into()),
            None => {
                // One probe; the allocation is wasted only when the name is taken.
                let rc: Rc<str> = name.into();
                self.taken.insert(rc.clone()).then_some(rc)
            }
        }
    }

    /// Legalizes and uniquifies a user name, and takes it.
    pub fn user(&mut self, name: &str) -> String {
        self.user_rc(name).to_string()
    }

    /// Declares that only temporaries will be asked for from now on, and frees the table of
    /// user names (temporaries never collide with them: a temporary-shaped user name is kept
    /// apart). A million-name scope holds tens of MB there.
    pub fn seal(&mut self) {
        self.sealed = true;
        self.taken = FxSet::default();
    }

    /// [`Namer::user`], as a shared string.
    pub fn user_rc(&mut self, name: &str) -> Rc<str> {
        self.user_rc_suffixed(name).0
    }

    /// [`Namer::user_rc`], and true if the legalized name was taken (or a keyword), so a
    /// suffix was added.
    pub fn user_rc_suffixed(&mut self, name: &str) -> (Rc<str>, bool) {
        assert!(!self.sealed, "a user name asked of a sealed namer");
        let base = legalize_cow(name);
        if let Some(rc) = self.take(&base) {
            return (rc, false);
        }
        let mut k = 0u32;
        let mut cand = String::with_capacity(base.len() + 4);
        loop {
            cand.clear();
            let _ = write!(cand, "{base}_{k}");
            if let Some(rc) = self.take(&cand) {
                return (rc, true);
            }
            k += 1;
        }
    }

    /// Takes `name` as it is, so no later name equals it (module names, which a signal of
    /// the same name would hide: Verilator's VARHIDDEN).
    pub fn reserve_name(&mut self, name: &str) {
        let _ = self.take(name);
    }

    /// The next free temporary (`_0`, `_1`, ...).
    pub fn temp(&mut self) -> String {
        while self.temps.contains(&self.next_temp) {
            self.next_temp += 1;
        }
        let n = self.next_temp;
        self.next_temp += 1;
        format!("_{n}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legalizes_and_uniquifies() {
        let mut n = Namer::new();
        assert_eq!(n.user("reg"), "reg_0");
        assert_eq!(n.user("x"), "x");
        assert_eq!(n.user("x"), "x_0");
        assert_eq!(n.user("a.b-c"), "a_b_c");
        assert_eq!(n.user("3d"), "_3d");
        assert_eq!(n.user("_1"), "_1");
        assert_eq!(n.temp(), "_0");
        assert_eq!(n.temp(), "_2");
        assert!(is_temp_shape("_12") && !is_temp_shape("_a") && !is_temp_shape("_"));
    }
}
