//! The custom forms of the HLS dialects against upstream MLIR: every file in
//! `tests/hls_forms/` is parsed by us as written and, after `mlir-opt
//! --mlir-print-op-generic` printed it, in the generic form; the two op trees must be equal
//! (op names, operands, result types, properties and attributes, regions, block arguments,
//! successors; spans and value names ignored, affine maps and sets compared as functions
//! through `mlir_text::affine`). A `seed_*.mlir` file is in the seed documents' spelling,
//! which mlir-opt no longer reads: it is compared with its `*.today.mlir` twin instead, and
//! the twin goes through mlir-opt like the rest.

mod common;
use common::Rng;

use mlir_text::affine::{AffineMap, IntegerSet};
use mlir_text::{parse, Attr, File, NamedAttr, Operation, Region, SourceFile, ValueId};
use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

const MLIR_OPT: &str = "/usr/lib/llvm-19/bin/mlir-opt";

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hls_forms")
}

fn read(name: &str, text: &str) -> File {
    let src = SourceFile::new(name, text);
    parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)))
}

fn generic_of(path: &PathBuf) -> String {
    let out = Command::new(MLIR_OPT)
        .arg("--mlir-print-op-generic")
        .arg(path)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {MLIR_OPT}: {e}"));
    assert!(
        out.status.success(),
        "mlir-opt rejected {}:\n{}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Canonical numbers of the values a tree defines, in walk order.
fn number(ops: &[Operation], ids: &mut HashMap<ValueId, usize>) {
    for op in ops {
        for &r in &op.results {
            let n = ids.len();
            ids.insert(r, n);
        }
        for region in op.regions() {
            for block in &region.blocks {
                for &a in &block.args {
                    let n = ids.len();
                    ids.insert(a, n);
                }
                number(&block.ops, ids);
            }
        }
    }
}

struct Tree<'f> {
    file: &'f File,
    ids: HashMap<ValueId, usize>,
}

impl<'f> Tree<'f> {
    fn new(file: &'f File) -> Tree<'f> {
        let mut ids = HashMap::new();
        number(&file.ops, &mut ids);
        Tree { file, ids }
    }
    fn id(&self, v: ValueId) -> Option<usize> {
        self.ids.get(&v).copied()
    }
}

fn attr_eq(a: &Attr, b: &Attr) -> bool {
    match (a, b) {
        (Attr::AffineMap(x), Attr::AffineMap(y)) => match (AffineMap::parse(x), AffineMap::parse(y)) {
            (Ok(m), Ok(n)) => m.equivalent(&n),
            _ => x == y,
        },
        (Attr::AffineSet(x), Attr::AffineSet(y)) => match (IntegerSet::parse(x), IntegerSet::parse(y)) {
            (Ok(m), Ok(n)) => m.equivalent(&n),
            _ => x == y,
        },
        (Attr::Array(x), Attr::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| attr_eq(p, q)),
        (Attr::Dict(x), Attr::Dict(y)) => dict_eq(x, y),
        _ => a == b,
    }
}

fn dict_eq(x: &[NamedAttr], y: &[NamedAttr]) -> bool {
    let mut x: Vec<&NamedAttr> = x.iter().collect();
    let mut y: Vec<&NamedAttr> = y.iter().collect();
    x.sort_by(|p, q| p.name.cmp(&q.name));
    y.sort_by(|p, q| p.name.cmp(&q.name));
    x.len() == y.len() && x.iter().zip(&y).all(|(p, q)| p.name == q.name && attr_eq(&p.value, &q.value))
}

fn show(attrs: &[NamedAttr]) -> String {
    attrs.iter().map(|a| format!("{} = {:?}", a.name, a.value)).collect::<Vec<_>>().join(", ")
}

/// Compares two op lists; `labels` are the block labels of the enclosing region (for
/// successors, which are compared by block position).
fn ops_eq(
    a: &Tree,
    b: &Tree,
    x: &[Operation],
    y: &[Operation],
    la: &[Option<&str>],
    lb: &[Option<&str>],
    at: &str,
) -> Result<(), String> {
    if x.len() != y.len() {
        let names = |ops: &[Operation]| ops.iter().map(|o| o.name.to_string()).collect::<Vec<_>>().join(" ");
        return Err(format!(
            "{at}: {} ops vs {} ops\n  custom:  {}\n  generic: {}",
            x.len(),
            y.len(),
            names(x),
            names(y)
        ));
    }
    for (i, (p, q)) in x.iter().zip(y).enumerate() {
        let at = format!("{at}/{i}:{}", p.name);
        if p.name != q.name {
            return Err(format!("{at}: op name {} vs {}", p.name, q.name));
        }
        let ops_p: Vec<_> = p.operands.iter().map(|o| a.id(o.value)).collect();
        let ops_q: Vec<_> = q.operands.iter().map(|o| b.id(o.value)).collect();
        if ops_p != ops_q {
            return Err(format!("{at}: operands {ops_p:?} vs {ops_q:?}"));
        }
        let tys =
            |t: &Tree, o: &Operation| o.results.iter().map(|&r| t.file.ty(r).clone()).collect::<Vec<_>>();
        if tys(a, p) != tys(b, q) {
            return Err(format!("{at}: result types {:?} vs {:?}", tys(a, p), tys(b, q)));
        }
        if !dict_eq(p.properties(), q.properties()) {
            return Err(format!(
                "{at}: properties\n  custom:  {}\n  generic: {}",
                show(p.properties()),
                show(q.properties())
            ));
        }
        if !dict_eq(p.attributes(), q.attributes()) {
            return Err(format!(
                "{at}: attributes\n  custom:  {}\n  generic: {}",
                show(p.attributes()),
                show(q.attributes())
            ));
        }
        let pos = |labels: &[Option<&str>], s: &str| labels.iter().position(|l| *l == Some(s));
        let sp: Vec<_> = p.successors().iter().map(|s| pos(la, s)).collect();
        let sq: Vec<_> = q.successors().iter().map(|s| pos(lb, s)).collect();
        if sp != sq || sp.contains(&None) {
            return Err(format!("{at}: successors {sp:?} vs {sq:?}"));
        }
        if p.regions().len() != q.regions().len() {
            return Err(format!("{at}: {} regions vs {}", p.regions().len(), q.regions().len()));
        }
        for (k, (r, s)) in p.regions().iter().zip(q.regions()).enumerate() {
            regions_eq(a, b, r, s, &format!("{at}/r{k}"))?;
        }
    }
    Ok(())
}

fn regions_eq(a: &Tree, b: &Tree, r: &Region, s: &Region, at: &str) -> Result<(), String> {
    if r.blocks.len() != s.blocks.len() {
        return Err(format!("{at}: {} blocks vs {}", r.blocks.len(), s.blocks.len()));
    }
    let la: Vec<Option<&str>> = r.blocks.iter().map(|b| b.label.as_deref()).collect();
    let lb: Vec<Option<&str>> = s.blocks.iter().map(|b| b.label.as_deref()).collect();
    for (k, (p, q)) in r.blocks.iter().zip(&s.blocks).enumerate() {
        let ta: Vec<_> = p.args.iter().map(|&v| (a.id(v), a.file.ty(v).clone())).collect();
        let tb: Vec<_> = q.args.iter().map(|&v| (b.id(v), b.file.ty(v).clone())).collect();
        if ta != tb {
            return Err(format!("{at}/b{k}: block arguments {ta:?} vs {tb:?}"));
        }
        ops_eq(a, b, &p.ops, &q.ops, &la, &lb, &format!("{at}/b{k}"))?;
    }
    Ok(())
}

/// The top-level ops, looking through the `builtin.module` mlir-opt wraps a file in.
fn top(file: &File) -> &[Operation] {
    match &file.ops[..] {
        [m] if &*m.name == "builtin.module" && m.properties().is_empty() && m.regions().len() == 1 => {
            m.regions()[0].blocks.first().map_or(&[][..], |b| &b.ops[..])
        }
        ops => ops,
    }
}

fn trees_eq(x: &File, y: &File) -> Result<(), String> {
    let (a, b) = (Tree::new(x), Tree::new(y));
    ops_eq(&a, &b, top(x), top(y), &[], &[], "")
}

/// Walks the op tree, counting ops by name.
fn count(ops: &[Operation], into: &mut std::collections::BTreeMap<String, usize>) {
    for op in ops {
        *into.entry(op.name.to_string()).or_default() += 1;
        for r in op.regions() {
            for b in &r.blocks {
                count(&b.ops, into);
            }
        }
    }
}

#[test]
fn custom_forms_equal_mlir_opt_generic_forms() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    let mut seen = std::collections::BTreeMap::new();
    let mut checked = 0;
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let ours = read(&name, &text);
        count(&ours.ops, &mut seen);
        if let Some(stem) = name.strip_prefix("seed_") {
            let twin = dir().join(format!("{}.today.mlir", stem.trim_end_matches(".mlir")));
            let today = read("twin", &std::fs::read_to_string(&twin).unwrap());
            trees_eq(&ours, &today).unwrap_or_else(|e| panic!("{name} vs its twin {}: {e}", twin.display()));
        } else {
            let generic = generic_of(path);
            let theirs = read("generic", &generic);
            trees_eq(&ours, &theirs).unwrap_or_else(|e| panic!("{name}: {e}\n--- generic:\n{generic}"));
        }
        checked += 1;
    }
    assert!(checked >= 7, "only {checked} form files");
    // Every op the HLS flow accepts occurs in some form file.
    for op in [
        "affine.for",
        "affine.if",
        "affine.load",
        "affine.store",
        "affine.apply",
        "affine.min",
        "affine.max",
        "affine.yield",
        "scf.for",
        "scf.if",
        "scf.while",
        "scf.yield",
        "scf.condition",
        "memref.load",
        "memref.store",
        "memref.alloc",
        "memref.alloca",
        "memref.dealloc",
        "arith.addi",
        "arith.ceildivsi",
        "arith.floordivsi",
        "arith.maxsi",
        "arith.minui",
        "arith.extsi",
        "arith.extui",
        "arith.trunci",
        "arith.index_cast",
        "arith.index_castui",
        "arith.cmpi",
        "arith.select",
        "arith.constant",
        "cf.br",
        "cf.cond_br",
        "func.call",
        "func.return",
        "linalg.matmul",
        "linalg.matvec",
        "linalg.dot",
        "linalg.fill",
        "linalg.copy",
        "linalg.conv_2d",
        "linalg.generic",
        "linalg.yield",
    ] {
        assert!(seen.contains_key(op), "no form file exercises {op}");
    }
}

/// The shared HLS examples in today's spelling: our reading equals mlir-opt's generic one.
#[test]
fn shared_examples_equal_mlir_opt_generic_forms() {
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/examples");
    let shared = if shared.is_dir() { shared } else { PathBuf::from("/work/shared/examples") };
    if !shared.is_dir() {
        eprintln!("note: ../shared not found; the conformance part of this test is not run");
        return;
    }
    for name in ["dot.mlir", "matmul.mlir", "stencil.mlir"] {
        let path = shared.join(name);
        let ours = read(name, &std::fs::read_to_string(&path).unwrap());
        let generic = generic_of(&path);
        trees_eq(&ours, &read("generic", &generic))
            .unwrap_or_else(|e| panic!("{name}: {e}\n--- generic:\n{generic}"));
    }
    // The seed-spelling example parses to the same ops as its today's reading would.
    let fir = read("fir_std.mlir", &std::fs::read_to_string(shared.join("fir_std.mlir")).unwrap());
    let mut seen = std::collections::BTreeMap::new();
    count(&fir.ops, &mut seen);
    assert_eq!(seen.get("arith.muli"), Some(&4));
    assert_eq!(seen.get("memref.store"), Some(&1));
    assert_eq!(seen.get("arith.constant"), Some(&4));
}

/// Truncated and mutated HLS forms: the reader answers (a tree or a located error), never
/// panics.
#[test]
fn truncated_and_mutated_forms_never_panic() {
    let mut rng = Rng(0xA11CE);
    const BYTES: &[u8] = b"%@#^(){}[]<>,:=-+*x019 \ndsfloordivmod";
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir()).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut errors = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut inputs: Vec<String> = (0..text.len()).step_by(5).map(|cut| text[..cut].to_string()).collect();
        for _ in 0..300 {
            let mut b = text.clone().into_bytes();
            let at = (rng.next() % b.len() as u64) as usize;
            match rng.next() % 3 {
                0 => b[at] = BYTES[(rng.next() % BYTES.len() as u64) as usize],
                1 => {
                    b.remove(at);
                }
                _ => b.insert(at, BYTES[(rng.next() % BYTES.len() as u64) as usize]),
            }
            if let Ok(s) = String::from_utf8(b) {
                inputs.push(s);
            }
        }
        for input in inputs {
            let src = SourceFile::new("m.mlir", input.as_str());
            if let Err(d) = parse(&src) {
                errors += 1;
                let rendered = d.render(&src);
                assert!(rendered.starts_with("m.mlir:"), "error without a location: {rendered}");
            }
        }
    }
    assert!(errors > 100, "mutations should mostly be rejected, got {errors} errors");
}
