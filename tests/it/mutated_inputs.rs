//! Near-miss inputs through the command line: the file cases, examples and HLS kernels, each with one
//! or two small random edits (a byte replaced, a few bytes copied from elsewhere). Every
//! run must end with exit status 0 or 1 and no panic; when the tool accepts the edited
//! text, its SystemVerilog must be lint-clean under `verilator -Wall` and print the same
//! after an `--emit mlir` round trip (odd names and orders are where the printers' naming
//! and ordering can go wrong). Deterministic: a fixed seed.

use crate::support;

use crate::support::{repo, verilator_lint};
use comb::rng::Rng;
use std::process::Output;

/// How many accepted inputs to check, and how many edits to try at most.
const ACCEPTED: usize = 120;
const TRIES: usize = 4000;

fn run(args: &[&str], stdin: &[u8]) -> Output {
    support::cli_output(args, Some(stdin))
}

fn inputs() -> Vec<Vec<u8>> {
    let mut paths = Vec::new();
    for dir in ["tests/cases", "examples", "tests/hls"] {
        for e in std::fs::read_dir(repo().join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "mlir") {
                paths.push(p);
            }
        }
    }
    paths.sort();
    // A black box's SystemVerilog lints only beside a model of it (tests/it/extern_modules.rs);
    // `sv.verbatim` text is copied into the SystemVerilog as written, so an edit inside it is
    // the user's own bad SystemVerilog.
    paths
        .into_iter()
        .map(|p| std::fs::read(p).unwrap())
        .filter(|t| !contains(t, b"hw.module.extern") && !contains(t, b"sv.verbatim"))
        .collect()
}

fn contains(text: &[u8], what: &[u8]) -> bool {
    text.windows(what.len()).any(|w| w == what)
}

fn mutate(rng: &mut Rng, text: &[u8]) -> Vec<u8> {
    const BYTES: &[u8] = b"0123456789abcdefxyz_";
    let mut b = text.to_vec();
    for _ in 0..1 + rng.below(2) {
        let p = rng.below(b.len() as u64) as usize;
        if rng.below(2) == 0 {
            b[p] = BYTES[rng.below(BYTES.len() as u64) as usize];
        } else {
            let q = rng.below(b.len() as u64) as usize;
            let piece: Vec<u8> = b[q..(q + 1 + rng.below(12) as usize).min(b.len())].to_vec();
            b.splice(p..p, piece);
        }
    }
    b
}

/// The name of the last module in the SystemVerilog (the top).
fn top_of(sv: &str) -> String {
    let line = sv.lines().rev().find(|l| l.starts_with("module ")).expect("a module");
    line["module ".len()..].split('(').next().unwrap().trim().to_string()
}

#[test]
fn near_miss_inputs_fail_cleanly_or_print_lint_clean_round_tripping_sv() {
    let texts = inputs();
    let mut rng = Rng::new(0x6D75_7461);
    let (mut accepted, mut rejected) = (0, 0);
    for attempt in 0..TRIES {
        if accepted == ACCEPTED {
            break;
        }
        let pick = rng.below(texts.len() as u64) as usize;
        let text = mutate(&mut rng, &texts[pick]);
        let opt = if attempt % 2 == 0 { "-O0" } else { "-O1" };
        let out = run(&["-", "--emit", "verilog", opt], &text);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let input = String::from_utf8_lossy(&text);
        assert!(
            matches!(out.status.code(), Some(0 | 1)) && !stderr.contains("panicked"),
            "exit {:?} on:\n{input}\n--- stderr:\n{stderr}",
            out.status.code()
        );
        if out.status.code() == Some(1) {
            assert!(stderr.contains("error"), "exit 1 without an error message on:\n{input}");
            rejected += 1;
            continue;
        }
        accepted += 1;
        let sv = String::from_utf8(out.stdout).expect("UTF-8");
        verilator_lint(&sv, &top_of(&sv));
        let mlir = run(&["-", "--emit", "mlir", opt], &text);
        assert!(mlir.status.success(), "--emit mlir failed on accepted input:\n{input}");
        let again = run(&["-", "--emit", "verilog", opt], &mlir.stdout);
        assert!(
            again.status.success()
                && without_debug_notes(&String::from_utf8_lossy(&again.stdout)) == without_debug_notes(&sv),
            "the MLIR round trip changed the SystemVerilog of:\n{input}\n--- MLIR:\n{}",
            String::from_utf8_lossy(&mlir.stdout)
        );
    }
    // Not vacuous: both outcomes were exercised, the accepted ones as often as asked.
    assert_eq!(accepted, ACCEPTED, "only {accepted} edited inputs were accepted ({rejected} rejected)");
    assert!(rejected > 100, "only {rejected} edited inputs were rejected");
}

/// The SystemVerilog without what HLS adds for reading only and `--emit mlir` does not
/// carry: comments (the `// file:line` notes, the source map) and the FSM's state
/// `localparam`s, whose names are replaced by their values. Everything that has meaning is
/// kept, so the MLIR round trip must still give the same logic text.
fn without_debug_notes(sv: &str) -> String {
    let mut params: Vec<(String, String)> = Vec::new();
    let mut lines = Vec::new();
    for line in sv.lines() {
        if line.contains("UNUSEDPARAM") {
            continue;
        }
        if let Some(rest) = line.trim_start().strip_prefix("localparam ") {
            let decl = rest.trim_end_matches(';');
            if let Some((lhs, value)) = decl.split_once(" = ") {
                let name = lhs.split_whitespace().last().unwrap_or(lhs);
                params.push((name.to_string(), value.trim().to_string()));
                continue;
            }
        }
        let code = line.split_once("//").map_or(line, |(c, _)| c).trim_end();
        if !code.trim().is_empty() {
            lines.push(code.to_string());
        }
    }
    let mut text = lines.join("\n");
    // Longest names first, so `S_X1` is not replaced inside `S_X10`.
    params.sort_by_key(|(n, _)| std::cmp::Reverse(n.len()));
    for (name, value) in &params {
        text = replace_word(&text, name, value);
    }
    text
}

/// `text` with every whole-word `word` (identifier characters on neither side) replaced.
fn replace_word(text: &str, word: &str, by: &str) -> String {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(word) {
        let before = rest[..i].chars().next_back();
        let after = rest[i + word.len()..].chars().next();
        out.push_str(&rest[..i]);
        if before.is_some_and(ident) || after.is_some_and(ident) {
            out.push_str(word);
        } else {
            out.push_str(by);
        }
        rest = &rest[i + word.len()..];
    }
    out.push_str(rest);
    out
}
