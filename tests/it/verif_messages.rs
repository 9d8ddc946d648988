//! Check messages with format arguments (`sv.assert ... message "cnt=%d"(%cnt) : i8`, also in
//! an asynchronous reset block and on `sv.assert.concurrent`) against engines we did not
//! write: in `rmlir-hls cosim` Verilator (`--assert`, running our `$error("fmt", args)`)
//! prints the same messages at the same cycles as the generated Rust simulator and the
//! evaluator, and those are the messages worked out here from cosim's stimulus, with
//! Verilog's padding rules written out by hand; the SystemVerilog is lint-clean under
//! `verilator -Wall`; CIRCT verifies the input and our `--emit mlir` of it, and its own
//! export-verilog prints the same format strings.

use crate::support::{
    assert_circt_verifies, circt_export, cli, cosim_kept, emit_mlir_files, load_text, repo, verilator_lint,
};

/// (cycle, message) of each `[T] ...` failure line of a cosim side's output; `halve` turns
/// Verilator's times (2t + 1 at cycle t's edge) into cycles and drops its prefix
/// (`%Error: top.sv:L: Assertion failed in SCOPE: `).
fn failures(out: &str, halve: bool) -> Vec<(u64, String)> {
    let mut v: Vec<(u64, String)> = out
        .lines()
        .filter_map(|l| {
            let (t, rest) = l.strip_prefix('[')?.split_once(']')?;
            let t: u64 = t.parse().ok()?;
            let msg =
                if halve { rest.split_once("Assertion failed in ")?.1.split_once(": ")?.1 } else { rest };
            Some((if halve { t / 2 } else { t }, msg.trim().to_string()))
        })
        .collect();
    v.sort();
    v
}

/// The first string literal of each `$error(` in `sv`, in order.
fn error_formats(sv: &str) -> Vec<String> {
    call_formats(sv, "$error(\"")
}

/// The string literal after each `call` (which ends in its opening quote) in `sv`, in order.
fn call_formats(sv: &str, call: &str) -> Vec<String> {
    sv.split(call)
        .skip(1)
        .filter_map(|s| {
            let mut out = String::new();
            let mut esc = false;
            for ch in s.chars() {
                match (esc, ch) {
                    (true, c) => {
                        out.push('\\');
                        out.push(c);
                        esc = false;
                    }
                    (false, '\\') => esc = true,
                    (false, '"') => return Some(out),
                    (false, c) => out.push(c),
                }
            }
            None
        })
        .collect()
}

#[test]
fn check_messages_match_in_verilator_the_rust_simulator_and_the_evaluator() {
    let path = repo().join("tests/verif/message_checks.mlir");
    let p = path.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("work");
    let cycles = 600;
    let (status, err) = cosim_kept(&path, cycles, 5, &keep);
    assert_eq!(status, Some(1), "failed checks make cosim fail:\n{err}");
    assert!(err.contains(&format!("{cycles} cycles, 1 outputs: all agree")), "{err}");
    assert!(!err.contains("checks differ"), "{err}");
    let read = |f: &str| std::fs::read_to_string(keep.join(f)).unwrap();
    let design = load_text("message_checks.mlir", &std::fs::read_to_string(&path).unwrap(), 1);
    let mut sim = comb::eval::Simulator::new(&design).unwrap();
    // The messages worked out from the stimulus (columns: arst, a, b), with Verilog's
    // `%d` right-aligned to 3 places for 8 bits, `%b` 4 digits, `%h` 2, `%o` 2, `%0d` bare;
    // some `a` below 100 shows the padding.
    let mut expect = Vec::new();
    let mut cnt: u64 = 0;
    let mut resets = 0;
    for (c, line) in read("stimulus.txt").lines().enumerate() {
        let v: Vec<u64> = line.split_whitespace().map(|x| u64::from_str_radix(x, 16).unwrap()).collect();
        let (arst, a, b) = (v[0] == 1, v[1], v[2]);
        sim.set_input("arst", comb::bits::Bits::from_bool(arst));
        sim.set_input("a", comb::bits::Bits::from_u64(a, 8));
        sim.set_input("b", comb::bits::Bits::from_u64(b, 4));
        sim.tick();
        let c = c as u64;
        if arst {
            resets += 1;
            cnt = 0;
            if b == 3 {
                expect.push((c, format!("in reset: a={a:02x} b={b}")));
            }
        } else {
            if cnt >= 0xc0 {
                expect.push((c, format!("cnt={cnt} a={a:>3} b={b:04b}")));
            }
            cnt = (cnt + a) & 0xff;
        }
        if b == 9 {
            expect.push((c, format!("b was {b:x} ({b:02o} octal) {}", char::from(b'A' + b as u8))));
        }
    }
    expect.sort();
    assert!(resets > 0 && resets < cycles, "the reset is asserted mid-run");
    assert!(expect.iter().any(|e| e.1.contains("a=  ") || e.1.contains("a= ")), "{expect:?}");
    for m in ["in reset", "cnt=", "b was"] {
        assert!(expect.iter().any(|e| e.1.starts_with(m)), "{m} fails somewhere: {expect:?}");
    }
    let mut eval: Vec<(u64, String)> =
        sim.failures().iter().map(|f| (f.cycle, f.message.clone().unwrap_or_default())).collect();
    eval.sort();
    assert_eq!(eval, expect, "evaluator");
    assert_eq!(failures(&read("rust.out"), false), expect, "Rust simulator");
    assert_eq!(failures(&read("verilator.out"), true), expect, "Verilator --assert");

    // Lint-clean, and CIRCT: it verifies the input and our --emit mlir (custom and generic),
    // and its export prints the same format strings as our SystemVerilog.
    let sv = cli(&[p, "--emit", "verilog"]);
    assert_eq!(verilator_lint(&sv, "message_checks"), "");
    let mut files = vec![path.clone()];
    files.extend(emit_mlir_files(&path, dir.path(), true));
    assert_circt_verifies(&files);
    let theirs = circt_export(&path, dir.path());
    let (mut a, mut b) = (error_formats(&sv), error_formats(&theirs));
    a.sort();
    b.sort();
    assert_eq!(a.len(), 3, "{sv}");
    assert_eq!(a, b, "format strings: ours\n{sv}\nCIRCT's\n{theirs}");
}

/// `sv.fwrite` to stderr in a clocked block with an asynchronous reset
/// (tests/verif/fwrite.mlir), 1,000 cycles of `cosim`: Verilator running our `$fwrite`s and
/// the Rust simulator write the same lines, which are the lines worked out here from the
/// stimulus (and the evaluator's); CIRCT verifies the input and our `--emit mlir` of it (custom
/// and generic), and its export writes the same format strings.
#[test]
fn fwrite_lines_match_in_verilator_the_rust_simulator_and_the_evaluator() {
    let path = repo().join("tests/verif/fwrite.mlir");
    let p = path.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("work");
    let (status, err) = cosim_kept(&path, 1000, 9, &keep);
    assert_eq!(status, Some(0), "{err}");
    assert!(err.contains("1000 cycles, 1 outputs: all agree"), "{err}");
    let read = |f: &str| std::fs::read_to_string(keep.join(f)).unwrap();
    let design = load_text("fwrite.mlir", &std::fs::read_to_string(&path).unwrap(), 1);
    let mut sim = comb::eval::Simulator::new(&design).unwrap();
    let mut expect = String::new();
    let (mut acc, mut resets) = (0u64, 0);
    for line in read("stimulus.txt").lines() {
        let v: Vec<u64> = line.split_whitespace().map(|x| u64::from_str_radix(x, 16).unwrap()).collect();
        let (arst, en, a, b) = (v[0] == 1, v[1] == 1, v[2], v[3]);
        sim.set_input("arst", comb::bits::Bits::from_bool(arst));
        sim.set_input("en", comb::bits::Bits::from_bool(en));
        sim.set_input("a", comb::bits::Bits::from_u64(a, 8));
        sim.set_input("b", comb::bits::Bits::from_u64(b, 3));
        sim.tick();
        if arst {
            resets += 1;
            acc = 0;
            expect.push_str("reset\n");
        } else {
            if en {
                expect.push_str(&format!("acc={acc:>3} a={a:02x}\n"));
            }
            expect.push_str(&format!("tick b={b:03b}\n"));
            acc = (acc + a) & 0xff;
        }
    }
    assert!(resets > 0 && resets < 1000, "the reset is asserted mid-run");
    assert!(expect.contains("acc=  ") || expect.contains("acc= "), "padding shows");
    let eval: String = sim.prints().iter().map(|p| p.text.as_str()).collect();
    assert!(sim.prints().iter().all(|p| p.fd == 0x8000_0002));
    assert_eq!(eval, expect, "evaluator");
    assert_eq!(read("rust.err"), expect, "Rust simulator");
    assert_eq!(read("verilator.err"), expect, "Verilator");

    let sv = cli(&[p, "--emit", "verilog"]);
    assert_eq!(verilator_lint(&sv, "fwrite"), "");
    let mut files = vec![path.clone()];
    files.extend(emit_mlir_files(&path, dir.path(), true));
    assert_circt_verifies(&files);
    let theirs = circt_export(&path, dir.path());
    let formats = |s: &str| {
        let mut v = call_formats(s, "$fwrite(32'h80000002, \"");
        v.sort();
        v
    };
    assert_eq!(formats(&sv).len(), 3, "{sv}");
    assert_eq!(formats(&sv), formats(&theirs), "ours\n{sv}\nCIRCT's\n{theirs}");
}
