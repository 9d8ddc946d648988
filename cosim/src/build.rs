//! Building and running the two simulators: the generated Rust crate with Cargo, the SV with
//! Verilator. Both builds are cached by a hash of everything that goes into them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// FNV-1a (64 bits) with a given offset basis; two of them make a stable 128-bit key that
/// does not depend on the Rust version (unlike `DefaultHasher`).
fn fnv1a(data: &[u8], basis: u64) -> u64 {
    let mut h = basis;
    for &b in data {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// A hex key for a list of parts.
pub fn cache_key(parts: &[&str]) -> String {
    let mut all = Vec::new();
    for p in parts {
        all.extend_from_slice(&(p.len() as u64).to_le_bytes());
        all.extend_from_slice(p.as_bytes());
    }
    format!("{:016x}{:016x}", fnv1a(&all, 0xcbf2_9ce4_8422_2325), fnv1a(&all, 0x6c62_272e_07bb_0142))
}

/// Where Verilator builds are cached: `$RMLIR_HLS_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/rmlir-hls/verilator`, else `~/.cache/rmlir-hls/verilator`, else the
/// system temp dir.
pub fn cache_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("RMLIR_HLS_CACHE_DIR") {
        return PathBuf::from(d).join("verilator");
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(d).join("rmlir-hls/verilator");
    }
    if let Some(d) = std::env::var_os("HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(d).join(".cache/rmlir-hls/verilator");
    }
    std::env::temp_dir().join("rmlir-hls-cache/verilator")
}

fn run(cmd: &mut Command, what: &str) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("cannot run {what}: {e}"))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let tail: Vec<&str> = err.lines().rev().take(40).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        return Err(format!("{what} failed ({}):\n{}", out.status, tail.join("\n")));
    }
    String::from_utf8(out.stdout).map_err(|_| format!("{what} printed non-UTF-8 output"))
}

/// `ccache` when it is on the PATH and the user has not chosen an `OBJCACHE` of their own:
/// Verilator's makefile runs every compile through `$OBJCACHE`, so the runtime objects
/// every build compiles alike (`verilated.o`, `verilated_threads.o`, ...) come from the
/// cache after the first build, about five seconds of each build saved.
pub fn objcache() -> Option<&'static str> {
    static FOUND: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if std::env::var_os("OBJCACHE").is_some() {
        return None;
    }
    let found = *FOUND.get_or_init(|| {
        Command::new("ccache").arg("--version").output().map(|o| o.status.success()).unwrap_or(false)
    });
    found.then_some("ccache")
}

fn io<T>(r: std::io::Result<T>, what: &str) -> Result<T, String> {
    r.map_err(|e| format!("{what}: {e}"))
}

/// Builds (or finds in the cache) the Verilator executable for `sv` + `tb`; returns its
/// path and whether it came from the cache.
pub fn verilator_exe(sv: &str, tb: &str, top: &str, trace: bool) -> Result<(PathBuf, bool), String> {
    verilator_exe_with(sv, tb, top, trace, false)
}

/// [`verilator_exe`]; `assert` adds `--assert` (for designs with checks).
pub fn verilator_exe_with(
    sv: &str,
    tb: &str,
    top: &str,
    trace: bool,
    assert: bool,
) -> Result<(PathBuf, bool), String> {
    let version = run(Command::new("verilator").arg("--version"), "verilator --version")?;
    let mut flags = format!("-O3 --x-assign 0 --x-initial 0 --top-module {top} trace={trace}");
    if assert {
        flags.push_str(" --assert");
    }
    let key = cache_key(&[sv, tb, &flags, version.trim()]);
    let dir = cache_dir().join(&key);
    let exe = dir.join("obj_dir/Vtb");
    if exe.is_file() {
        return Ok((exe, true));
    }
    static SEQ: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let seq = SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = cache_dir().join(format!("{key}.tmp{}-{seq}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    io(std::fs::create_dir_all(&tmp), "cannot create the Verilator cache directory")?;
    io(std::fs::write(tmp.join("top.sv"), sv), "cannot write top.sv")?;
    io(std::fs::write(tmp.join("tb.cpp"), tb), "cannot write tb.cpp")?;
    let mut cmd = Command::new("verilator");
    cmd.current_dir(&tmp).args([
        "--cc",
        "--exe",
        "--build",
        "-O3",
        "--x-assign",
        "0",
        "--x-initial",
        "0",
        "-Wno-fatal",
        "--top-module",
        top,
        "--prefix",
        "Vtop",
        "--Mdir",
        "obj_dir",
        "-j",
        "0",
    ]);
    if let Some(cache) = objcache() {
        cmd.env("OBJCACHE", cache);
    }
    if trace {
        cmd.arg("--trace");
    }
    if assert {
        cmd.arg("--assert");
    }
    cmd.args(["top.sv", "tb.cpp", "-o", "Vtb"]);
    run(&mut cmd, "verilator")?;
    // Publish atomically; another process may have won the race, which is fine.
    if std::fs::rename(&tmp, &dir).is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    if exe.is_file() {
        Ok((exe, false))
    } else {
        Err(format!("Verilator did not produce {}", exe.display()))
    }
}

/// The Rust compiler's version (`rustc -vV`, `$RUSTC` if set), part of a cached build's key;
/// empty if it cannot be run (the build then fails with Cargo's message).
fn rustc_version() -> &'static str {
    static VERSION: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    VERSION.get_or_init(|| {
        let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
        run(Command::new(rustc).arg("-vV"), "rustc -vV").unwrap_or_default()
    })
}

/// Builds (or finds in the cache) the runner crate in `runner_dir`, whose binary is
/// `bin_name`, with `cargo build --release`; returns the binary. `key` is everything the
/// build depends on besides the compiler (the sources of the runner and of the crates it
/// uses): a build with the same key and `rustc` is taken from `rust/` beside the Verilator
/// cache ([`cache_dir`]), so a design co-simulated again skips Cargo. `CARGO_TARGET_DIR` is
/// honoured; otherwise the target dir is `runner_dir/target`.
pub fn cargo_build(runner_dir: &Path, bin_name: &str, key: &[&str]) -> Result<PathBuf, String> {
    let mut parts = key.to_vec();
    parts.extend([bin_name, rustc_version()]);
    let cached = cache_dir().with_file_name("rust").join(cache_key(&parts));
    let exe = cached.join(bin_name);
    if exe.is_file() {
        return Ok(exe);
    }
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| runner_dir.join("target"));
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    run(
        Command::new(cargo).current_dir(runner_dir).env("CARGO_TARGET_DIR", &target).args([
            "build",
            "--release",
            "--quiet",
            "--offline",
        ]),
        "cargo build of the Rust simulator",
    )?;
    let built = target.join("release").join(bin_name);
    // Publish atomically (a folder renamed into place); a failed copy only loses the cache.
    static SEQ: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let seq = SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = cached.with_extension(format!("tmp{}-{seq}", std::process::id()));
    let staged = std::fs::create_dir_all(&tmp).and_then(|_| std::fs::copy(&built, tmp.join(bin_name)));
    if staged.is_err() || std::fs::rename(&tmp, &cached).is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    Ok(built)
}

/// Runs a simulator executable on the stimulus; returns its standard output.
pub fn run_sim(exe: &Path, stim: &Path, vcd: Option<&Path>) -> Result<(String, String), String> {
    let mut cmd = Command::new(exe);
    cmd.arg(stim);
    if let Some(v) = vcd {
        cmd.arg("--vcd").arg(v);
    }
    let what = exe.display().to_string();
    let out = cmd.output().map_err(|e| format!("cannot run {what}: {e}"))?;
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        let tail: Vec<&str> = err.lines().rev().take(40).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        return Err(format!("{what} failed ({}):\n{}", out.status, tail.join("\n")));
    }
    let stdout = String::from_utf8(out.stdout).map_err(|_| format!("{what} printed non-UTF-8 output"))?;
    // Its standard error: what the design's `sv.fwrite`s to stderr wrote.
    Ok((stdout, err))
}
