//! A small SystemVerilog expression tree and its printer.
//!
//! One precedence table ([`Expr::precedence`]) decides every parenthesis. The tree also knows
//! whether an expression is *signed* in Verilog's sense ([`Expr::is_signed`]): a signed
//! expression must not become a context-determined operand of another one, because Verilog
//! would evaluate it unsigned; [`Expr::operand`] wraps it in `$unsigned(...)` for that use.

use super::names::Name;
use super::text::{push_const, push_u32};
use comb::Bits;

/// Unary operators (all print as a prefix).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `~x`
    Not,
    /// `^x` (reduction XOR)
    RedXor,
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Mod,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `>>>`
    AShr,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `&`
    And,
    /// `^`
    Xor,
    /// `|`
    Or,
    /// `||`
    LogOr,
}

impl BinOp {
    /// The operator as printed.
    pub fn token(self) -> &'static str {
        use BinOp::*;
        match self {
            Mul => "*",
            Div => "/",
            Mod => "%",
            Add => "+",
            Sub => "-",
            Shl => "<<",
            Shr => ">>",
            AShr => ">>>",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            Eq => "==",
            Ne => "!=",
            And => "&",
            Xor => "^",
            Or => "|",
            LogOr => "||",
        }
    }
    /// The precedence level (smaller binds tighter), IEEE 1800 table 11-2.
    fn precedence(self) -> u8 {
        use BinOp::*;
        match self {
            Mul | Div | Mod => 3,
            Add | Sub => 4,
            Shl | Shr | AShr => 5,
            Lt | Le | Gt | Ge => 6,
            Eq | Ne => 7,
            And => 8,
            Xor => 9,
            Or => 10,
            LogOr => 12,
        }
    }
    fn is_compare(self) -> bool {
        use BinOp::*;
        matches!(self, Lt | Le | Gt | Ge | Eq | Ne | LogOr)
    }
}

/// An expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr<'n> {
    /// A declared name.
    Ident(Name<'n>),
    /// A sized constant (`8'h2A`).
    Const(Bits),
    /// `name[hi:lo]`, or `name[lo]` when `hi == lo`.
    Select {
        /// The identifier selected from.
        name: Name<'n>,
        /// Highest bit.
        hi: u32,
        /// Lowest bit.
        lo: u32,
    },
    /// `name[index]` with a variable index.
    Index {
        /// The identifier indexed.
        name: Name<'n>,
        /// The index.
        index: Box<Expr<'n>>,
    },
    /// A prefix operator.
    Unary(UnOp, Box<Expr<'n>>),
    /// A binary operator.
    Binary(BinOp, Box<Expr<'n>>, Box<Expr<'n>>),
    /// `c ? t : f`
    Ternary(Box<Expr<'n>>, Box<Expr<'n>>, Box<Expr<'n>>),
    /// `{a, b}`
    Concat(Vec<Expr<'n>>),
    /// `{n{x}}`
    Repl(u32, Box<Expr<'n>>),
    /// `$signed(x)` or `$unsigned(x)`.
    Call(&'static str, Box<Expr<'n>>),
}

impl<'n> Expr<'n> {
    /// An identifier.
    pub fn ident(s: &'n str) -> Expr<'n> {
        Expr::Ident(Name::Str(s))
    }
    /// A binary expression of two operands (each wrapped if signed).
    pub fn bin(op: BinOp, a: Expr<'n>, b: Expr<'n>) -> Expr<'n> {
        Expr::Binary(op, Box::new(a.operand()), Box::new(b.operand()))
    }
    /// A binary expression whose operands keep their signedness (`$signed(a) < $signed(b)`).
    pub fn bin_signed(op: BinOp, a: Expr<'n>, b: Expr<'n>) -> Expr<'n> {
        Expr::Binary(op, Box::new(a), Box::new(b))
    }
    /// `~x`, `^x`.
    pub fn unary(op: UnOp, a: Expr<'n>) -> Expr<'n> {
        Expr::Unary(op, Box::new(a.operand()))
    }
    /// `c ? t : f`.
    pub fn ternary(c: Expr<'n>, t: Expr<'n>, f: Expr<'n>) -> Expr<'n> {
        Expr::Ternary(Box::new(c.operand()), Box::new(t.operand()), Box::new(f.operand()))
    }
    /// `$signed(x)`.
    pub fn signed(a: Expr<'n>) -> Expr<'n> {
        Expr::Call("$signed", Box::new(a.operand()))
    }

    /// True for identifiers.
    pub fn is_ident(&self) -> bool {
        matches!(self, Expr::Ident(_))
    }
    /// True for identifiers and constants (cheap to repeat).
    pub fn is_atom(&self) -> bool {
        matches!(self, Expr::Ident(_) | Expr::Const(_))
    }

    /// True if Verilog types this expression as signed.
    pub fn is_signed(&self) -> bool {
        match self {
            Expr::Call(f, _) => *f == "$signed",
            Expr::Unary(UnOp::Not, a) => a.is_signed(),
            Expr::Binary(op, a, b) => match op {
                BinOp::Shl | BinOp::Shr | BinOp::AShr => a.is_signed(),
                op if op.is_compare() => false,
                _ => a.is_signed() && b.is_signed(),
            },
            Expr::Ternary(_, t, f) => t.is_signed() && f.is_signed(),
            _ => false,
        }
    }

    /// This expression as an operand of another: wrapped in `$unsigned(...)` if signed.
    pub fn operand(self) -> Expr<'n> {
        if self.is_signed() {
            Expr::Call("$unsigned", Box::new(self))
        } else {
            self
        }
    }

    /// The precedence level (0 for primaries; smaller binds tighter).
    pub fn precedence(&self) -> u8 {
        match self {
            Expr::Unary(..) => 1,
            Expr::Binary(op, ..) => op.precedence(),
            Expr::Ternary(..) => 13,
            _ => 0,
        }
    }

    /// Prints the expression.
    pub fn print(&self, out: &mut String) {
        match self {
            Expr::Ident(s) => s.print(out),
            Expr::Const(b) => push_const(out, b),
            Expr::Select { name, hi, lo } => {
                name.print(out);
                out.push('[');
                if hi != lo {
                    push_u32(out, *hi);
                    out.push(':');
                }
                push_u32(out, *lo);
                out.push(']');
            }
            Expr::Index { name, index } => {
                name.print(out);
                out.push('[');
                index.print(out);
                out.push(']');
            }
            Expr::Unary(op, a) => {
                out.push(match op {
                    UnOp::Not => '~',
                    UnOp::RedXor => '^',
                });
                a.print_paren(out, a.precedence() > 0);
            }
            Expr::Binary(op, a, b) => {
                let p = op.precedence();
                a.print_paren(out, a.precedence() > p);
                out.push(' ');
                out.push_str(op.token());
                out.push(' ');
                b.print_paren(out, b.precedence() >= p);
            }
            Expr::Ternary(c, t, f) => {
                c.print_paren(out, c.precedence() >= 13);
                out.push_str(" ? ");
                t.print_paren(out, t.precedence() >= 13);
                out.push_str(" : ");
                f.print(out);
            }
            Expr::Concat(items) => {
                out.push('{');
                for (i, e) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    e.print(out);
                }
                out.push('}');
            }
            Expr::Repl(n, a) => {
                out.push('{');
                push_u32(out, *n);
                out.push('{');
                a.print(out);
                out.push_str("}}");
            }
            Expr::Call(f, a) => {
                out.push_str(f);
                out.push('(');
                a.print(out);
                out.push(')');
            }
        }
    }

    fn print_paren(&self, out: &mut String, paren: bool) {
        if paren {
            out.push('(');
        }
        self.print(out);
        if paren {
            out.push(')');
        }
    }

    /// The printed text.
    pub fn text(&self) -> String {
        let mut s = String::new();
        self.print(&mut s);
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(s: &str) -> Expr<'_> {
        Expr::ident(s)
    }

    #[test]
    fn parenthesizes_by_precedence() {
        let sum = Expr::bin(BinOp::Add, id("a"), id("b"));
        assert_eq!(Expr::bin(BinOp::Mul, sum.clone(), id("c")).text(), "(a + b) * c");
        assert_eq!(Expr::bin(BinOp::Add, sum.clone(), id("c")).text(), "a + b + c");
        assert_eq!(Expr::bin(BinOp::Sub, id("c"), sum.clone()).text(), "c - (a + b)");
        assert_eq!(Expr::unary(UnOp::Not, sum).text(), "~(a + b)");
        let x = Expr::unary(UnOp::Not, id("x"));
        assert_eq!(Expr::unary(UnOp::RedXor, x).text(), "^(~x)");
        let t = Expr::ternary(id("c"), id("a"), id("b"));
        assert_eq!(Expr::ternary(id("d"), t.clone(), t).text(), "d ? (c ? a : b) : c ? a : b");
    }

    #[test]
    fn wraps_signed_operands() {
        let sh = Expr::bin_signed(BinOp::AShr, Expr::signed(id("a")), id("b"));
        assert!(sh.is_signed());
        assert_eq!(Expr::bin(BinOp::And, id("x"), sh).text(), "x & $unsigned($signed(a) >>> b)");
        let lt = Expr::bin_signed(BinOp::Lt, Expr::signed(id("a")), Expr::signed(id("b")));
        assert!(!lt.is_signed());
        assert_eq!(Expr::Const(Bits::from_u64(42, 8)).text(), "8'h2A");
    }
}
