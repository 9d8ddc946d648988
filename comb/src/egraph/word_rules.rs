//! Word-level rewrites: mux trees, constants through muxes, targeted boolean identities,
//! add/sub with constants. Shifts, concat/extract and comparisons (whose ops carry
//! parameters) are in `word_fn_rules`.
//!
//! The rules are directional: no blanket commutativity or associativity (they blow up the
//! e-graph). Instead constants move to the right operand (`const-right-*`), constant
//! operands reassociate so they fold (`const-reassoc-*`), and the rules that need an
//! operand in either position list both.

use super::analysis::{konst, CombAnalysis, EG};
use super::lang::Node;
use egg::{rewrite as rw, Id, Rewrite, Subst, Var};

type Rw = Rewrite<Node, CombAnalysis>;

fn var(s: &str) -> Var {
    s.parse().expect("a pattern variable")
}

/// Condition: every named variable is a constant class.
fn consts(vars: &'static [&'static str]) -> impl Fn(&mut EG, Id, &Subst) -> bool {
    move |eg, _, s| vars.iter().all(|v| konst(eg, s[var(v)]).is_some())
}

/// Condition: `a` is a constant and `b` is not.
fn const_not(a: &'static str, b: &'static str) -> impl Fn(&mut EG, Id, &Subst) -> bool {
    move |eg, _, s| konst(eg, s[var(a)]).is_some() && konst(eg, s[var(b)]).is_none()
}

/// Mux rules.
pub fn mux_rules() -> Vec<Rw> {
    let mut v: Vec<Rw> = vec![
        rw!("mux-same-arms"; "(mux ?c ?a ?a)" => "?a"),
        rw!("mux-const-true"; "(mux 1'h1 ?a ?b)" => "?a"),
        rw!("mux-const-false"; "(mux 1'h0 ?a ?b)" => "?b"),
        rw!("mux-nested-true"; "(mux ?c (mux ?c ?a ?b) ?d)" => "(mux ?c ?a ?d)"),
        rw!("mux-nested-false"; "(mux ?c ?a (mux ?c ?b ?d))" => "(mux ?c ?a ?d)"),
        rw!("mux-inv-cond"; "(mux (inv ?c) ?a ?b)" => "(mux ?c ?b ?a)"),
        rw!("mux-cond-true-arm"; "(mux ?c ?c ?b)" => "(or ?c ?b)"),
        rw!("mux-cond-false-arm"; "(mux ?c ?a ?c)" => "(and ?c ?a)"),
        rw!("mux-1-0"; "(mux ?c 1'h1 1'h0)" => "?c"),
        rw!("mux-0-1"; "(mux ?c 1'h0 1'h1)" => "(inv ?c)"),
        rw!("mux-1-x"; "(mux ?c 1'h1 ?b)" => "(or ?c ?b)"),
        rw!("mux-x-0"; "(mux ?c ?a 1'h0)" => "(and ?c ?a)"),
        rw!("mux-0-x"; "(mux ?c 1'h0 ?b)" => "(and (inv ?c) ?b)"),
        rw!("mux-x-1"; "(mux ?c ?a 1'h1)" => "(or (inv ?c) ?a)"),
        rw!("mux-inv-arms"; "(mux ?c (inv ?a) (inv ?b))" => "(inv (mux ?c ?a ?b))"),
    ];
    for op in ["and", "or", "xor", "add", "sub", "mul"] {
        // A mux of two ops sharing an operand: one op after the mux.
        v.push(
            Rewrite::new(
                format!("mux-factor-left-{op}"),
                pat(&format!("(mux ?c ({op} ?x ?a) ({op} ?x ?b))")),
                pat(&format!("({op} ?x (mux ?c ?a ?b))")),
            )
            .expect("valid rule"),
        );
        v.push(
            Rewrite::new(
                format!("mux-factor-right-{op}"),
                pat(&format!("(mux ?c ({op} ?a ?x) ({op} ?b ?x))")),
                pat(&format!("({op} (mux ?c ?a ?b) ?x)")),
            )
            .expect("valid rule"),
        );
        // Constants through a mux: op(mux(c, k1, k2), k3) = mux(c, k1 op k3, k2 op k3).
        v.push(cond(
            &format!("const-through-mux-{op}"),
            &format!("({op} (mux ?c ?a ?b) ?k)"),
            &format!("(mux ?c ({op} ?a ?k) ({op} ?b ?k))"),
            &["?a", "?b", "?k"],
        ));
        v.push(cond(
            &format!("const-through-mux-left-{op}"),
            &format!("({op} ?k (mux ?c ?a ?b))"),
            &format!("(mux ?c ({op} ?k ?a) ({op} ?k ?b))"),
            &["?a", "?b", "?k"],
        ));
    }
    for op in ["and", "or", "xor", "add"] {
        // Two muxes on the same condition combine arm by arm.
        v.push(
            Rewrite::new(
                format!("mux-same-cond-{op}"),
                pat(&format!("({op} (mux ?c ?a ?b) (mux ?c ?d ?e))")),
                pat(&format!("(mux ?c ({op} ?a ?d) ({op} ?b ?e))")),
            )
            .expect("valid rule"),
        );
    }
    v.push(cond(
        "const-through-mux-inv",
        "(inv (mux ?c ?a ?b))",
        "(mux ?c (inv ?a) (inv ?b))",
        &["?a", "?b"],
    ));
    v
}

fn pat(s: &str) -> egg::Pattern<Node> {
    s.parse().unwrap_or_else(|e| panic!("bad pattern {s}: {e}"))
}

fn cond(name: &str, lhs: &str, rhs: &str, vars: &'static [&'static str]) -> Rw {
    Rewrite::new(name, pat(lhs), egg::ConditionalApplier { condition: consts(vars), applier: pat(rhs) })
        .expect("valid rule")
}

/// Boolean identities.
pub fn bool_rules() -> Vec<Rw> {
    let mut v: Vec<Rw> = vec![
        rw!("and-self"; "(and ?x ?x)" => "?x"),
        rw!("or-self"; "(or ?x ?x)" => "?x"),
        rw!("double-inv"; "(inv (inv ?x))" => "?x"),
        rw!("de-morgan-and"; "(and (inv ?a) (inv ?b))" => "(inv (or ?a ?b))"),
        rw!("de-morgan-or"; "(or (inv ?a) (inv ?b))" => "(inv (and ?a ?b))"),
        rw!("xor-inv-both"; "(xor (inv ?a) (inv ?b))" => "(xor ?a ?b)"),
        rw!("xor-inv-left"; "(xor (inv ?a) ?b)" => "(inv (xor ?a ?b))"),
        rw!("xor-inv-right"; "(xor ?a (inv ?b))" => "(inv (xor ?a ?b))"),
        rw!("xor-xor-cancel-left"; "(xor (xor ?a ?b) ?a)" => "?b"),
        rw!("xor-xor-cancel-right"; "(xor (xor ?a ?b) ?b)" => "?a"),
    ];
    // Absorption, a & (a | b) = a and a | (a & b) = a, with `a` in any position.
    for (outer, inner) in [("and", "or"), ("or", "and")] {
        for (i, form) in
            ["(OUT ?a (IN ?a ?b))", "(OUT ?a (IN ?b ?a))", "(OUT (IN ?a ?b) ?a)", "(OUT (IN ?b ?a) ?a)"]
                .iter()
                .enumerate()
        {
            let lhs = form.replace("OUT", outer).replace("IN", inner);
            v.push(Rewrite::new(format!("absorb-{outer}-{i}"), pat(&lhs), pat("?a")).expect("valid rule"));
        }
        // a & (a & b) = a & b (a repeated operand in a chain).
        for (i, form) in
            ["(OUT ?a (OUT ?a ?b))", "(OUT ?a (OUT ?b ?a))", "(OUT (OUT ?a ?b) ?a)", "(OUT (OUT ?b ?a) ?a)"]
                .iter()
                .enumerate()
        {
            let lhs = form.replace("OUT", outer);
            let rhs = if i % 2 == 0 { "(OUT ?a ?b)" } else { "(OUT ?b ?a)" }.replace("OUT", outer);
            v.push(Rewrite::new(format!("repeat-{outer}-{i}"), pat(&lhs), pat(&rhs)).expect("valid rule"));
        }
    }
    v
}

/// Add/sub identities and constant reassociation.
pub fn arith_rules() -> Vec<Rw> {
    let mut v: Vec<Rw> = vec![
        rw!("add-sub-cancel"; "(add (sub ?x ?y) ?y)" => "?x"),
        rw!("sub-add-cancel-right"; "(sub (add ?x ?y) ?y)" => "?x"),
        rw!("sub-add-cancel-left"; "(sub (add ?y ?x) ?y)" => "?x"),
    ];
    for op in ["and", "or", "xor", "add", "mul"] {
        v.push(
            Rewrite::new(
                format!("const-right-{op}"),
                pat(&format!("({op} ?k ?x)")),
                egg::ConditionalApplier {
                    condition: const_not("?k", "?x"),
                    applier: pat(&format!("({op} ?x ?k)")),
                },
            )
            .expect("valid rule"),
        );
        v.push(cond(
            &format!("const-reassoc-{op}"),
            &format!("({op} ({op} ?x ?k1) ?k2)"),
            &format!("({op} ?x ({op} ?k1 ?k2))"),
            &["?k1", "?k2"],
        ));
    }
    v.push(cond(
        "const-reassoc-sub-add",
        "(sub (add ?x ?k1) ?k2)",
        "(add ?x (sub ?k1 ?k2))",
        &["?k1", "?k2"],
    ));
    v.push(cond(
        "const-reassoc-add-sub",
        "(add (sub ?x ?k1) ?k2)",
        "(add ?x (sub ?k2 ?k1))",
        &["?k1", "?k2"],
    ));
    v.push(cond(
        "const-reassoc-sub-sub",
        "(sub (sub ?x ?k1) ?k2)",
        "(sub ?x (add ?k1 ?k2))",
        &["?k1", "?k2"],
    ));
    v
}
