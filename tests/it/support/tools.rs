//! The external tools the tests run, behind one helper: [`Tool`] names each one (Icarus,
//! Verilator, Yosys, ABC, the LLVM 19 MLIR tools, icebox, CIRCT's Python, Chromium, the
//! `rmlir-hls` binary itself) and [`output`] / [`run`] run a command so that a failure
//! message always carries the command line (with its directory) and everything the tool
//! printed. A tool that cannot be started fails the test with a hint to install it
//! (`scripts/test.sh` installs them all); no test skips silently.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The LLVM 19 installation the MLIR reference tools come from.
const LLVM_BIN: &str = "/usr/lib/llvm-19/bin";

/// An external program the tests run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Icarus Verilog's compiler, `iverilog`.
    Iverilog,
    /// Icarus Verilog's runtime, `vvp`.
    Vvp,
    /// Verilator.
    Verilator,
    /// Yosys.
    Yosys,
    /// ABC as Yosys ships it, `yosys-abc`.
    Abc,
    /// LLVM 19's `mlir-opt`.
    MlirOpt,
    /// LLVM 19's `mlir-cpu-runner`.
    MlirCpuRunner,
    /// `icebox_vlog` (IceStorm): a routed iCE40 design back as Verilog.
    IceboxVlog,
    /// `scripts/circt_check.py` under the Python that has CIRCT's package.
    CirctCheck,
    /// The `rmlir-hls` binary under test, with the shared cosim cache.
    RmlirHls,
    /// mdBook, which builds the user guide in `docs/` (see [`mdbook`]).
    Mdbook,
    /// Headless Chromium (`chromium`), which renders the `--report-html` page.
    Chromium,
}

impl Tool {
    /// A command for the tool, arguments still to add.
    pub fn command(self) -> Command {
        match self {
            Tool::Iverilog => Command::new("iverilog"),
            Tool::Vvp => Command::new("vvp"),
            Tool::Verilator => Command::new("verilator"),
            Tool::Yosys => Command::new("yosys"),
            Tool::Abc => Command::new("yosys-abc"),
            Tool::MlirOpt => Command::new(Path::new(LLVM_BIN).join("mlir-opt")),
            Tool::MlirCpuRunner => Command::new(Path::new(LLVM_BIN).join("mlir-cpu-runner")),
            Tool::IceboxVlog => Command::new("icebox_vlog"),
            Tool::CirctCheck => {
                let mut c = Command::new(circt_python());
                c.arg(super::repo().join("scripts/circt_check.py"));
                c
            }
            Tool::RmlirHls => super::bin(),
            Tool::Mdbook => Command::new(mdbook()),
            Tool::Chromium => Command::new("chromium"),
        }
    }

    /// A command for the tool running in `dir`.
    pub fn in_dir(self, dir: &Path) -> Command {
        let mut c = self.command();
        c.current_dir(dir);
        c
    }
}

/// The Python that has CIRCT's package: `RMLIR_CIRCT_PYTHON`, or the venv
/// `scripts/install-tools.sh` makes in `~/.cache/rmlir-hls/circt-venv`.
pub fn circt_python() -> PathBuf {
    if let Some(p) = std::env::var_os("RMLIR_CIRCT_PYTHON") {
        return PathBuf::from(p);
    }
    let home = std::env::var_os("HOME").expect("HOME is set");
    let py = Path::new(&home).join(".cache/rmlir-hls/circt-venv/bin/python");
    assert!(
        py.exists(),
        "{} is missing: run scripts/install-tools.sh (it installs CIRCT's Python package)",
        py.display()
    );
    py
}

/// The `mdbook` program: on `PATH`, else in Cargo's bin folder (`$CARGO_HOME/bin`, else
/// `~/.cargo/bin`), where `scripts/install-tools.sh` installs it; panics naming the script
/// when it is in neither.
pub fn mdbook() -> PathBuf {
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|dir| dir.join("mdbook"));
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")));
    let in_cargo = cargo_home.map(|c| c.join("bin/mdbook"));
    on_path.chain(in_cargo).find(|p| p.is_file()).unwrap_or_else(|| {
        panic!(
            "mdbook is missing (not on PATH nor in ~/.cargo/bin): run scripts/install-tools.sh, \
             which installs it with `cargo install mdbook --locked`"
        )
    })
}

/// What one tool run gave.
#[derive(Debug)]
pub struct ToolRun {
    /// The command line as a shell would take it (`cd DIR && PROG ARGS`).
    pub command: String,
    /// The exit code (`None` if a signal ended it).
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl ToolRun {
    /// Whether the tool exited with status 0.
    pub fn success(&self) -> bool {
        self.code == Some(0)
    }

    /// Standard output then standard error.
    pub fn text(&self) -> String {
        format!("{}{}", self.stdout, self.stderr)
    }

    /// The run for a failure message: the command, its status and both streams.
    pub fn describe(&self) -> String {
        let status = self.code.map_or("a signal".to_string(), |c| format!("status {c}"));
        format!(
            "`{}` ended with {status}\n--- stdout:\n{}--- stderr:\n{}",
            self.command, self.stdout, self.stderr
        )
    }

    /// Panics with [`ToolRun::describe`] and `what` unless the tool succeeded; the run.
    pub fn expect_success(self, what: &str) -> ToolRun {
        assert!(self.success(), "{what}: {}", self.describe());
        self
    }
}

/// `cmd` as a shell command line, for messages.
pub fn command_line(cmd: &Command) -> String {
    let quote = |s: &std::ffi::OsStr| {
        let s = s.to_string_lossy();
        if !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=+:,@%".contains(c)) {
            s.into_owned()
        } else {
            format!("'{}'", s.replace('\'', r"'\''"))
        }
    };
    let mut line = String::new();
    if let Some(dir) = cmd.get_current_dir() {
        line = format!("cd {} && ", quote(dir.as_os_str()));
    }
    for (k, v) in cmd.get_envs() {
        if let Some(v) = v {
            line += &format!("{}={} ", k.to_string_lossy(), quote(v));
        }
    }
    line += &quote(cmd.get_program());
    for a in cmd.get_args() {
        line.push(' ');
        line += &quote(a);
    }
    line
}

/// Runs `cmd` (with `stdin` as its standard input, else none) to the end, whatever its
/// status; panics only if it cannot be started.
pub fn output(cmd: &mut Command, stdin: Option<&[u8]>) -> ToolRun {
    let command = command_line(cmd);
    let mut child = cmd
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run `{command}`: {e} (scripts/test.sh installs the tools)"));
    // A writer thread: a tool that prints before it has read all its input cannot block.
    let writer = stdin.map(|bytes| {
        let mut pipe = child.stdin.take().expect("stdin is piped");
        let bytes = bytes.to_vec();
        std::thread::spawn(move || {
            let _ = pipe.write_all(&bytes);
        })
    });
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("`{command}`: {e}"));
    if let Some(w) = writer {
        w.join().expect("stdin writer");
    }
    ToolRun {
        command,
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs a command, panicking with the command line and its output if it fails; returns
/// standard output then standard error.
pub fn run(cmd: &mut Command) -> String {
    output(cmd, None).expect_success("a tool failed").text()
}

/// [`run`] with `stdin` as standard input; returns standard output alone.
pub fn run_stdin(cmd: &mut Command, stdin: &str) -> String {
    output(cmd, Some(stdin.as_bytes())).expect_success("a tool failed").stdout
}

/// `scripts/circt_check.py` with `args` (`verify FILES...` or `export DIR FILES...`):
/// its per-file verdict lines (`ok FILE [OUT]` or the reason), panicking if it fails.
pub fn circt_check<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Vec<String> {
    let r = output(Tool::CirctCheck.command().args(args), None).expect_success("circt_check.py");
    r.stdout.lines().map(String::from).collect()
}
