//! Every rule in egg's start/goal shape: the goal must be in the start's e-class after
//! running the rules, and (a check egg's `test_fn!` does not make) start and goal must
//! evaluate equal through `bits_ops` on 64 random assignments of the leaves.

use super::analysis::CombAnalysis;
use super::lang::Node;
use super::pass::{rules, RuleSet};
use crate::bits::Bits;
use crate::bits_ops::eval_cell;
use crate::rng::Rng;
use egg::{Pattern, RecExpr, Rewrite, Runner, Searcher};
use std::collections::BTreeMap;

/// The value of an expression with leaf `$n.w` given `leaves[n]`.
fn eval(e: &RecExpr<Node>, leaves: &mut BTreeMap<u32, Bits>, rng: &mut Rng) -> Bits {
    let mut vals: Vec<Bits> = Vec::new();
    for n in e.as_ref() {
        let kids: Vec<&Bits> = n.children.iter().map(|&c| &vals[usize::from(c)]).collect();
        let v = match &n.op {
            super::lang::Op::Leaf { net, width } => {
                leaves.entry(*net).or_insert_with(|| rng.bits(*width)).clone()
            }
            op => {
                let w = op.width(&kids.iter().map(|k| k.width()).collect::<Vec<_>>()).expect("well-typed");
                eval_cell(&op.cell_kind().expect("an op"), w, &kids).expect("combinational")
            }
        };
        vals.push(v);
    }
    vals.pop().expect("non-empty")
}

fn check(rules: &[Rewrite<Node, CombAnalysis>], start: &str, goal: &str) {
    let s: RecExpr<Node> = start.parse().unwrap_or_else(|e| panic!("{start}: {e}"));
    let g: RecExpr<Node> = goal.parse().unwrap_or_else(|e| panic!("{goal}: {e}"));
    let mut rng = Rng::new(7);
    for _ in 0..64 {
        let mut leaves = BTreeMap::new();
        let (a, b) = (eval(&s, &mut leaves, &mut rng), eval(&g, &mut leaves, &mut rng));
        assert_eq!(a, b, "{start} and {goal} differ with leaves {leaves:?}");
    }
    let runner = Runner::default().with_iter_limit(10).with_node_limit(20_000).with_expr(&s).run(rules);
    let root = runner.egraph.find(runner.roots[0]);
    let pat: Pattern<Node> = goal.parse().unwrap();
    assert!(
        pat.search_eclass(&runner.egraph, root).is_some(),
        "{start} did not reach {goal} ({:?})",
        runner.stop_reason
    );
}

fn word(start: &str, goal: &str) {
    check(&rules(RuleSet { word: true, lut_k: None }), start, goal)
}

fn lut(k: usize, start: &str, goal: &str) {
    check(&rules(RuleSet { word: false, lut_k: Some(k) }), start, goal)
}

macro_rules! word_tests {
    ($($name:ident: $start:literal => $goal:literal;)*) => {
        $(#[test] fn $name() { word($start, $goal) })*
    };
}

word_tests! {
    mux_same_arms: "(mux $0.1 $1.8 $1.8)" => "$1.8";
    mux_const_true: "(mux 1'h1 $1.8 $2.8)" => "$1.8";
    mux_const_false: "(mux 1'h0 $1.8 $2.8)" => "$2.8";
    mux_nested_true: "(mux $0.1 (mux $0.1 $1.8 $2.8) $3.8)" => "(mux $0.1 $1.8 $3.8)";
    mux_nested_false: "(mux $0.1 $1.8 (mux $0.1 $2.8 $3.8))" => "(mux $0.1 $1.8 $3.8)";
    mux_inv_cond: "(mux (inv $0.1) $1.8 $2.8)" => "(mux $0.1 $2.8 $1.8)";
    mux_cond_true_arm: "(mux $0.1 $0.1 $1.1)" => "(or $0.1 $1.1)";
    mux_cond_false_arm: "(mux $0.1 $1.1 $0.1)" => "(and $0.1 $1.1)";
    mux_1_0: "(mux $0.1 1'h1 1'h0)" => "$0.1";
    mux_0_1: "(mux $0.1 1'h0 1'h1)" => "(inv $0.1)";
    mux_1_x: "(mux $0.1 1'h1 $1.1)" => "(or $0.1 $1.1)";
    mux_x_0: "(mux $0.1 $1.1 1'h0)" => "(and $0.1 $1.1)";
    mux_0_x: "(mux $0.1 1'h0 $1.1)" => "(and (inv $0.1) $1.1)";
    mux_x_1: "(mux $0.1 $1.1 1'h1)" => "(or (inv $0.1) $1.1)";
    mux_inv_arms: "(mux $0.1 (inv $1.4) (inv $2.4))" => "(inv (mux $0.1 $1.4 $2.4))";
    mux_factor_left: "(mux $0.1 (add $1.8 $2.8) (add $1.8 $3.8))" => "(add $1.8 (mux $0.1 $2.8 $3.8))";
    mux_factor_right: "(mux $0.1 (sub $2.8 $1.8) (sub $3.8 $1.8))" => "(sub (mux $0.1 $2.8 $3.8) $1.8)";
    const_through_mux: "(add (mux $0.1 8'h1 8'h2) 8'h10)" => "(mux $0.1 8'h11 8'h12)";
    const_through_mux_left: "(sub 8'h10 (mux $0.1 8'h1 8'h2))" => "(mux $0.1 8'hf 8'he)";
    const_through_mux_inv: "(inv (mux $0.1 4'h1 4'h2))" => "(mux $0.1 4'he 4'hd)";
    mux_same_cond: "(xor (mux $0.1 $1.4 $2.4) (mux $0.1 $3.4 $4.4))" => "(mux $0.1 (xor $1.4 $3.4) (xor $2.4 $4.4))";
    and_self: "(and $0.8 $0.8)" => "$0.8";
    or_self: "(or $0.8 $0.8)" => "$0.8";
    double_inv: "(inv (inv $0.8))" => "$0.8";
    de_morgan_and: "(and (inv $0.8) (inv $1.8))" => "(inv (or $0.8 $1.8))";
    de_morgan_or: "(or (inv $0.8) (inv $1.8))" => "(inv (and $0.8 $1.8))";
    xor_inv_both: "(xor (inv $0.8) (inv $1.8))" => "(xor $0.8 $1.8)";
    xor_inv_left: "(xor (inv $0.8) $1.8)" => "(inv (xor $0.8 $1.8))";
    xor_inv_right: "(xor $0.8 (inv $1.8))" => "(inv (xor $0.8 $1.8))";
    xor_xor_cancel: "(xor (xor $0.8 $1.8) $0.8)" => "$1.8";
    absorb_and: "(and (or $1.8 $0.8) $0.8)" => "$0.8";
    absorb_or: "(or $0.8 (and $0.8 $1.8))" => "$0.8";
    repeated_and: "(and $0.8 (and $1.8 $0.8))" => "(and $1.8 $0.8)";
    add_sub_cancel: "(add (sub $0.8 $1.8) $1.8)" => "$0.8";
    sub_add_cancel: "(sub (add $1.8 $0.8) $1.8)" => "$0.8";
    const_right: "(and 8'h0f $0.8)" => "(and $0.8 8'h0f)";
    const_reassoc: "(add (add $0.8 8'h3) 8'h4)" => "(add $0.8 8'h7)";
    const_reassoc_sub: "(sub (add $0.8 8'h9) 8'h4)" => "(add $0.8 8'h5)";
    xor_self: "(xor $0.8 $0.8)" => "8'h0";
    and_zero: "(and $0.8 8'h0)" => "8'h0";
    and_ones: "(and 8'hff $0.8)" => "$0.8";
    or_zero: "(or $0.8 8'h0)" => "$0.8";
    or_ones: "(or $0.8 8'hff)" => "8'hff";
    xor_ones: "(xor $0.8 8'hff)" => "(inv $0.8)";
    and_inv_self: "(and (inv $0.8) $0.8)" => "8'h0";
    or_inv_self: "(or $0.8 (inv $0.8))" => "8'hff";
    add_zero: "(add $0.8 8'h0)" => "$0.8";
    mul_one: "(mul 8'h1 $0.8)" => "$0.8";
    mul_zero: "(mul $0.8 8'h0)" => "8'h0";
    sub_self: "(sub $0.8 $0.8)" => "8'h0";
    sub_const: "(sub $0.8 8'h1)" => "(add $0.8 8'hff)";
    icmp_same_eq: "(icmp.uge $0.8 $0.8)" => "1'h1";
    icmp_same_lt: "(icmp.slt $0.8 $0.8)" => "1'h0";
    inv_icmp: "(inv (icmp.ult $0.8 $1.8))" => "(icmp.uge $0.8 $1.8)";
    shl_const: "(shl $0.8 8'h3)" => "(concat (extract.0.5 $0.8) 3'h0)";
    shru_const: "(shru $0.8 8'h3)" => "(concat 3'h0 (extract.3.5 $0.8))";
    shrs_const: "(shrs $0.8 8'h3)" => "(concat (replicate.3 (extract.7.1 $0.8)) (extract.3.5 $0.8))";
    shift_zero: "(shl $0.8 8'h0)" => "$0.8";
    shift_past_width: "(shru $0.8 8'h9)" => "8'h0";
    shrs_past_width: "(shrs $0.8 8'h20)" => "(replicate.8 (extract.7.1 $0.8))";
    extract_all: "(extract.0.8 $0.8)" => "$0.8";
    extract_extract: "(extract.1.2 (extract.2.5 $0.8))" => "(extract.3.2 $0.8)";
    extract_concat_low: "(extract.1.2 (concat $0.4 $1.4))" => "(extract.1.2 $1.4)";
    extract_concat_high: "(extract.5.2 (concat $0.4 $1.4))" => "(extract.1.2 $0.4)";
    extract_replicate: "(extract.2.3 (replicate.8 $0.1))" => "(replicate.3 $0.1)";
    replicate_same: "(replicate.4 $0.4)" => "$0.4";
    concat_adjacent_extracts: "(concat (extract.4.4 $0.8) (extract.0.4 $0.8))" => "$0.8";
}

#[test]
fn tt_const_input() {
    lut(3, "(tt.8'h96 1'h0 $0.1 $1.1)", "(tt.4'h6 $0.1 $1.1)");
}

#[test]
fn tt_duplicate_input() {
    // a & b & a = a & b
    lut(3, "(tt.8'h80 $0.1 $1.1 $0.1)", "(tt.4'h8 $0.1 $1.1)");
}

#[test]
fn tt_unused_input() {
    // the table copies its last input whatever the first two are
    lut(3, "(tt.8'haa $0.1 $1.1 $2.1)", "$2.1");
}

#[test]
fn tt_sort_inputs() {
    // Leaves get class ids in parse order, so $0 is below $1: b & !a over (b, a), table
    // 0b0100, becomes table 0b0010 over (a, b).
    lut(3, "(xor $0.1 (tt.4'h4 $1.1 $0.1))", "(xor $0.1 (tt.4'h2 $0.1 $1.1))");
}

#[test]
fn tt_merge_into_fanout() {
    // xor(xor(a, b), c) as two LUT2s fits one LUT3
    lut(3, "(tt.4'h6 (tt.4'h6 $0.1 $1.1) $2.1)", "(tt.8'h96 $0.1 $1.1 $2.1)");
}

#[test]
fn tt_merge_respects_k() {
    let rules = rules(RuleSet { word: false, lut_k: Some(2) });
    let s: RecExpr<Node> = "(tt.4'h6 (tt.4'h6 $0.1 $1.1) $2.1)".parse().unwrap();
    let runner = Runner::default().with_iter_limit(10).with_expr(&s).run(&rules);
    let pat: Pattern<Node> = "(tt.8'h96 $0.1 $1.1 $2.1)".parse().unwrap();
    assert!(pat.search_eclass(&runner.egraph, runner.roots[0]).is_none(), "a LUT3 was built with K = 2");
}

#[test]
fn tt_shannon_constant_cofactor() {
    // a & (b ^ c) = a ? (b ^ c) : 0
    lut(3, "(tt.8'h60 $0.1 $1.1 $2.1)", "(mux $0.1 (tt.4'h6 $1.1 $2.1) 1'h0)");
}

#[test]
fn tt_shannon_expansion() {
    // majority(a, b, c) = a ? (b | c) : (b & c), with K = 2
    lut(2, "(tt.8'he8 $0.1 $1.1 $2.1)", "(mux $0.1 (tt.4'he $1.1 $2.1) (tt.4'h8 $1.1 $2.1))");
}

#[test]
fn tt_shannon_wider_than_k() {
    lut(2, "(tt.8'h96 $0.1 $1.1 $2.1)", "(mux $0.1 (tt.4'h9 $1.1 $2.1) (tt.4'h6 $1.1 $2.1))");
}

#[test]
fn gate_absorbed_into_lut() {
    lut(3, "(and $0.1 (xor $1.1 $2.1))", "(tt.8'h60 $0.1 $1.1 $2.1)");
}

#[test]
fn mux_absorbed_into_lut() {
    lut(3, "(mux $0.1 $1.1 $2.1)", "(tt.8'hca $0.1 $1.1 $2.1)");
}

#[test]
fn tt_one_input_not_is_inv() {
    lut(3, "(tt.8'h0f $0.1 $1.1 $1.1)", "(inv $0.1)");
}

#[test]
fn lut_cell_simplified() {
    use super::lang::Op;
    use std::sync::Arc;
    // lut(x, y, x) with coefficients (1, 0, 2): y drops out, x's coefficients add to 3.
    let mut eg = super::analysis::EG::new(CombAnalysis);
    let x = eg.add(Node::new(Op::Leaf { net: 0, width: 8 }, &[]));
    let y = eg.add(Node::new(Op::Leaf { net: 1, width: 8 }, &[]));
    let table: Arc<[Bits]> = (0..5u64).map(|v| Bits::from_u64(v, 8)).collect::<Vec<_>>().into();
    let lut = |c: &[u8], kids: &[egg::Id]| {
        Node::new(Op::Lut { coefficients: c.into(), table: table.clone() }, kids)
    };
    let start = eg.add(lut(&[1, 0, 2], &[x, y, x]));
    let runner =
        Runner::default().with_egraph(eg).with_iter_limit(5).run(&rules(RuleSet { word: true, lut_k: None }));
    let goal = lut(&[3], &[x]);
    let root = runner.egraph.find(start);
    assert!(runner.egraph[root].nodes.contains(&goal), "{:?}", runner.egraph[root].nodes);
    // A table of one value is that constant.
    let mut eg = super::analysis::EG::new(CombAnalysis);
    let x = eg.add(Node::new(Op::Leaf { net: 0, width: 8 }, &[]));
    let same: Arc<[Bits]> = vec![Bits::from_u64(9, 8); 3].into();
    let start = eg.add(Node::new(Op::Lut { coefficients: vec![1u8].into(), table: same }, &[x]));
    let runner =
        Runner::default().with_egraph(eg).with_iter_limit(5).run(&rules(RuleSet { word: true, lut_k: None }));
    assert_eq!(runner.egraph[start].data.konst, Some(Bits::from_u64(9, 8)));
}

/// A design from MLIR text.
fn design(text: &str) -> crate::Design {
    let src = mlir_text::SourceFile::new("t.mlir", text);
    let file = mlir_text::parse(&src).expect("parses");
    crate::build_design(&file, None).unwrap_or_else(|_| panic!("builds"))
}

/// Every output of `a` and `b` on every assignment of their i1 inputs `names`.
fn same_function(a: &crate::Design, b: &crate::Design, names: &[&str]) {
    let (mut sa, mut sb) = (crate::eval::Simulator::new(a).unwrap(), crate::eval::Simulator::new(b).unwrap());
    for v in 0..1u64 << names.len() {
        for (i, n) in names.iter().enumerate() {
            sa.set_input(n, Bits::from_u64(v >> i & 1, 1));
            sb.set_input(n, Bits::from_u64(v >> i & 1, 1));
        }
        sa.eval();
        sb.eval();
        assert_eq!(sa.outputs(), sb.outputs(), "inputs {v:b}");
    }
}

fn tables(d: &crate::Design) -> usize {
    let m = d.module(d.top_id());
    m.cells().filter(|&c| matches!(m.cell(c).kind, crate::CellKind::TruthTable(_))).count()
}

#[test]
fn optimize_luts_merges_up_to_k_and_keeps_a_lut_network() {
    let text = "func.func @f(%a: i1, %b: i1, %c: i1, %d: i1) -> (i1) {
      %t0 = comb.truth_table %a, %b -> 6 : ui4
      %t1 = comb.truth_table %t0, %c -> 8 : ui4
      %t2 = comb.truth_table %t1, %d -> 14 : ui4
      return %t2 : i1
    }";
    let orig = design(text);
    for (k, want) in [(2, 3), (3, 2), (4, 1)] {
        let mut d = orig.clone();
        let changed = super::optimize_luts(&mut d, k);
        assert_eq!(changed, want < 3, "K = {k}");
        assert!(crate::verify::verify(&d).is_empty());
        assert_eq!(tables(&d), want, "K = {k}");
        let m = d.module(d.top_id());
        assert!(
            m.cells().all(|c| matches!(
                m.cell(c).kind,
                crate::CellKind::TruthTable(_) | crate::CellKind::Input(_)
            )),
            "K = {k}: not a LUT network"
        );
        same_function(&orig, &d, &["a", "b", "c", "d"]);
    }
}
