//! Inputs at the limits (issue 24): a hierarchy too big to flatten is a located error, a
//! huge one-line input gives a short diagnostic, very wide constant arithmetic compiles.

use crate::support::bin;
use std::process::Output;

fn run_text(name: &str, text: &str, args: &[&str]) -> (Output, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join(name);
    std::fs::write(&f, text).unwrap();
    let out = bin().arg(&f).args(args).current_dir(dir.path()).output().expect("run rmlir-hls");
    (out, dir)
}

/// `levels` modules, each instantiating the one below twice (2^levels leaves).
fn doubling(levels: usize) -> String {
    let mut t = String::from(
        "hw.module @m0(in %a : i8, out y : i8) {\n  %s = comb.add %a, %a : i8\n  hw.output %s : i8\n}\n",
    );
    for k in 1..=levels {
        t += &format!(
            "hw.module @m{k}(in %a : i8, out y : i8) {{\n  %l = hw.instance \"l\" @m{p}(a: %a: i8) -> (y: i8)\n  %r = hw.instance \"r\" @m{p}(a: %l: i8) -> (y: i8)\n  hw.output %r : i8\n}}\n",
            p = k - 1
        );
    }
    t
}

#[test]
fn flattening_past_the_limit_is_a_located_error() {
    let text = doubling(26);
    let (o, dir) = run_text("deep.mlir", &text, &["--flatten", "--emit", "verilog", "-o", "out.sv"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let line = text.lines().position(|l| l.starts_with("hw.module @m26")).unwrap() + 1;
    assert!(
        err.contains(&format!("deep.mlir:{line}:11: error: --flatten: module 'm26' would hold")),
        "{err}"
    );
    assert!(!dir.path().join("out.sv").exists(), "no output on error");
    // The same design compiles with its hierarchy kept.
    let (o, _dir) = run_text("deep.mlir", &text, &["--emit", "verilog"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn a_huge_one_line_input_gets_a_short_diagnostic() {
    let text = format!("hw.module @m() {{ {} %x = comb.frob %y : i8 }}", "  ".repeat(500_000));
    let (o, _dir) = run_text("long.mlir", &text, &["--emit", "verilog"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{}", &err[..err.len().min(500)]);
    assert!(err.contains("long.mlir:1:1000024: error: unknown op"), "{}", &err[..err.len().min(500)]);
    assert!(err.len() < 2_000, "{} bytes of error text", err.len());
}

#[test]
fn very_wide_constant_products_and_divisions_compile() {
    // Folding these is quadratic in the width; they stay as logic and the run is quick.
    let w = 1 << 22;
    let text = format!(
        "hw.module @m(out p : i{w}, out q : i{w}) {{\n  %a = hw.constant -3 : i{w}\n  %b = hw.constant -12345678901234567890123 : i{w}\n  %p = comb.mul %a, %b : i{w}\n  %q = comb.divu %b, %a : i{w}\n  hw.output %p, %q : i{w}, i{w}\n}}\n"
    );
    let (o, dir) = run_text("wide.mlir", &text, &["--emit", "verilog", "-o", "w.sv"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let sv = std::fs::read_to_string(dir.path().join("w.sv")).unwrap();
    assert!(sv.contains(" * ") && sv.contains(" / "), "the wide ops stay as logic");
}

/// Runs the tool with standard output (or error) on `/dev/full`.
fn to_full(args: &[&str], stderr_full: bool) -> Output {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let mut c = bin();
    c.args(args);
    if stderr_full {
        c.stderr(full());
    } else {
        c.stdout(full());
    }
    c.output().expect("run rmlir-hls")
}

#[test]
fn a_full_standard_output_or_error_is_exit_1_never_a_panic() {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let counter = repo.join("examples/counter.mlir");
    let dot = repo.join("tests/hls/dot4_i8.mlir");
    let dir = tempfile::tempdir().unwrap();
    let sv = dir.path().join("d.sv");
    let (counter, dot, sv) = (counter.to_str().unwrap(), dot.to_str().unwrap(), sv.to_str().unwrap());
    for args in [&[counter, "--emit", "verilog"][..], &[dot, "--emit", "verilog", "-o", sv, "--report", "-"]]
    {
        let o = to_full(args, false);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("cannot write to standard output"), "{args:?}: {err}");
    }
    // An error with nowhere to print it still exits 1, as does a warning on a full stderr.
    let o = to_full(&["/nonexistent.mlir", "--emit", "verilog"], true);
    assert_eq!(o.status.code(), Some(1));
    let o = to_full(&[counter, "--emit", "verilog", "--pipeline"], true);
    assert_eq!(o.status.code(), Some(0));
}

/// SIGTERM and SIGINT while the FPGA flow is inside Yosys: the process dies of the signal
/// and leaves neither its build folder (`.out.tmp-*`) nor an output folder. The "Yosys" is
/// a script (`RMLIR_YOSYS`) that waits, so the signal lands mid-step every time.
#[test]
fn an_interrupted_run_leaves_no_staged_output() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::ExitStatusExt;
    let tmp = tempfile::tempdir().unwrap();
    let fake = tmp.path().join("slow-yosys");
    std::fs::write(
        &fake,
        "#!/bin/sh\n[ \"$1\" = -V ] && { echo 'Yosys 0.23 (fake)'; exit 0; }\nexec sleep 20\n",
    )
    .unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let input = crate::support::repo().join("examples/counter.mlir");
    for sig in [libc_sig::TERM, libc_sig::INT] {
        let work = tmp.path().join(format!("w{sig}"));
        std::fs::create_dir(&work).unwrap();
        let mut child = bin()
            .args(["fpga", input.to_str().unwrap(), "-o", "out", "--device", "hx1k"])
            .current_dir(&work)
            .env("RMLIR_YOSYS", &fake)
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        let in_yosys =
            || std::fs::read_dir(&work).unwrap().flatten().any(|e| e.path().join("yosys.log").exists());
        while !in_yosys() {
            assert!(started.elapsed().as_secs() < 60, "the flow never reached Yosys");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let killed =
            std::process::Command::new("kill").arg(format!("-{sig}")).arg(child.id().to_string()).status();
        assert!(killed.unwrap().success());
        let status = child.wait().unwrap();
        assert_eq!(status.signal(), Some(sig), "dies of the signal: {status:?}");
        let left: Vec<_> = std::fs::read_dir(&work).unwrap().flatten().map(|e| e.file_name()).collect();
        assert!(left.is_empty(), "after signal {sig} the folder holds {left:?}");
    }
}

/// Signal numbers (Linux): the test sends them with kill(1).
mod libc_sig {
    pub const INT: i32 = 2;
    pub const TERM: i32 = 15;
}
