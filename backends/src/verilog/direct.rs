//! The values of nets while a module is printed, and the common case printed without an
//! expression tree.
//!
//! Most cells of a big module read only identifiers and constants and get a declaration of
//! their own (`wire [31:0] v = a + b;`). [`Form`] covers those cells and prints them
//! straight from their operands, with exactly the text that [`super::lower::lower`] and
//! [`super::expr::Expr::print`] give: atoms are never signed (no `$unsigned`) and never
//! need parentheses. Anything else goes through the tree.

use super::expr::{BinOp, Expr};
use super::names::Name;
use super::text::{push_const, push_u32};
use comb::{Bits, CellKind, IcmpPred, Module, NetId};

/// The value of a net as its readers see it.
#[derive(Debug)]
pub enum Val<'n> {
    /// Not visited yet, or an inlined expression already moved into its one reader.
    Pending,
    /// A declared identifier.
    Name(Name<'n>),
    /// A constant cell's value.
    Const(&'n Bits),
    /// Any other expression (inlined where read).
    Tree(Box<Expr<'n>>),
}

impl<'n> Val<'n> {
    /// The value of an expression.
    pub fn of(e: Expr<'n>) -> Val<'n> {
        match e {
            Expr::Ident(n) => Val::Name(n),
            e => Val::Tree(Box::new(e)),
        }
    }

    /// True for an identifier or a constant cell (what [`Form`] prints).
    pub fn is_plain_atom(&self) -> bool {
        matches!(self, Val::Name(_) | Val::Const(_))
    }

    fn print_atom(&self, out: &mut String) {
        match self {
            Val::Name(n) => n.print(out),
            Val::Const(b) => push_const(out, b),
            _ => unreachable!("only atoms are printed directly"),
        }
    }
}

/// How a cell with atom operands prints.
#[derive(Clone, Copy, Debug)]
pub enum Form {
    /// `a op b op c`
    Infix(&'static str),
    /// `~(a op b)`
    NotInfix(&'static str),
    /// `~a`, `^a`
    Prefix(char),
    /// `c ? t : f`
    Mux,
    /// `{a, b}`
    Concat,
    /// `a[hi:lo]`, `a[lo]`
    Select {
        /// Highest bit.
        hi: u32,
        /// Lowest bit.
        lo: u32,
    },
    /// `{n{a}}`
    Repl(u32),
}

/// The unsigned comparison operator of an icmp predicate (`None` for signed ones).
fn unsigned_compare(p: IcmpPred) -> Option<BinOp> {
    use IcmpPred::*;
    Some(match p {
        Eq | Ceq | Weq => BinOp::Eq,
        Ne | Cne | Wne => BinOp::Ne,
        Ult => BinOp::Lt,
        Ule => BinOp::Le,
        Ugt => BinOp::Gt,
        Uge => BinOp::Ge,
        Slt | Sle | Sgt | Sge => return None,
    })
}

impl Form {
    /// How cell `kind` of `width` bits with operands `ops` (all plain atoms in `val`)
    /// prints without a tree, if it has a form here whose result is never an atom.
    pub fn of(kind: &CellKind, width: u32, ops: &[NetId], m: &Module, val: &[Val<'_>]) -> Option<Form> {
        use CellKind::*;
        let variadic = |op: BinOp| (ops.len() >= 2).then_some(Form::Infix(op.token()));
        let not_variadic = |op: BinOp| (ops.len() >= 2).then_some(Form::NotInfix(op.token()));
        match kind {
            And => variadic(BinOp::And),
            Or => variadic(BinOp::Or),
            Xor => variadic(BinOp::Xor),
            Add => variadic(BinOp::Add),
            Mul => variadic(BinOp::Mul),
            Nand => not_variadic(BinOp::And),
            Nor => not_variadic(BinOp::Or),
            Xnor => not_variadic(BinOp::Xor),
            Sub => Some(Form::Infix(BinOp::Sub.token())),
            // Wider shift amounts are clamped (see `lower::shift_amount`).
            Shl if m.width(ops[1]) <= 32 => Some(Form::Infix(BinOp::Shl.token())),
            ShrU if m.width(ops[1]) <= 32 => Some(Form::Infix(BinOp::Shr.token())),
            Icmp(p) => unsigned_compare(*p).map(|op| Form::Infix(op.token())),
            Inv => Some(Form::Prefix('~')),
            Parity => Some(Form::Prefix('^')),
            Mux => Some(Form::Mux),
            Concat if ops.len() >= 2 => Some(Form::Concat),
            Extract { low } => {
                let whole = *low == 0 && width == m.width(ops[0]);
                let name = matches!(val[ops[0].index()], Val::Name(_));
                (!whole && name).then_some(Form::Select { hi: low + width - 1, lo: *low })
            }
            Replicate => {
                let w = m.width(ops[0]);
                (w != 0 && width / w != 1).then(|| Form::Repl(width / w))
            }
            _ => None,
        }
    }

    /// Prints the cell's expression from its operands' values.
    pub fn print(self, ops: &[NetId], val: &[Val<'_>], out: &mut String) {
        let atom = |out: &mut String, k: usize| val[ops[k].index()].print_atom(out);
        match self {
            Form::Infix(t) | Form::NotInfix(t) => {
                let not = matches!(self, Form::NotInfix(_));
                if not {
                    out.push_str("~(");
                }
                for k in 0..ops.len() {
                    if k > 0 {
                        out.push(' ');
                        out.push_str(t);
                        out.push(' ');
                    }
                    atom(out, k);
                }
                if not {
                    out.push(')');
                }
            }
            Form::Prefix(c) => {
                out.push(c);
                atom(out, 0);
            }
            Form::Mux => {
                atom(out, 0);
                out.push_str(" ? ");
                atom(out, 1);
                out.push_str(" : ");
                atom(out, 2);
            }
            Form::Concat => {
                out.push('{');
                for k in 0..ops.len() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    atom(out, k);
                }
                out.push('}');
            }
            Form::Select { hi, lo } => {
                atom(out, 0);
                out.push('[');
                if hi != lo {
                    push_u32(out, hi);
                    out.push(':');
                }
                push_u32(out, lo);
                out.push(']');
            }
            Form::Repl(n) => {
                out.push('{');
                push_u32(out, n);
                out.push('{');
                atom(out, 0);
                out.push_str("}}");
            }
        }
    }
}
