//! The file-test runner: every suite of `.mlir` files with an expected output beside it
//! runs through here (`tests/cases`, `tests/errors`, `tests/hls_errors`, ...).
//!
//! A case is `DIR/NAME.mlir` under `tests/`. Its first five lines may hold directives:
//! - `// RUN: ARGS`: the `rmlir-hls` command line; `%s` stands for the case's path
//!   (`DIR/NAME.mlir`, relative to `tests/`, where the binary runs), and without `%s` the
//!   path comes first. Without a RUN line the suite's default is used.
//! - `// top: NAME`: adds `--top NAME`.
//! - `// expect: TEXT`: the error output must mention TEXT (ignoring case).
//! - `// no-location`: an error suite does not require `FILE:LINE:COL:` on the error.
//!
//! The output (exit status, standard output, then standard error if any) must equal
//! `DIR/NAME.expected` byte for byte:
//! ```text
//! # exit: 0
//! <stdout>
//! # stderr:
//! <stderr>
//! ```
//! `BLESS=1` writes the current output as the expectation (the suite's other checks still
//! run); `FILETEST=TEXT` runs only the cases whose path contains TEXT. A failure lists
//! every failing case with the first differing lines.

use std::path::{Path, PathBuf};

/// What a case file asks for (see the module header).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Directives {
    /// The RUN line's words, if there is one.
    pub run: Option<Vec<String>>,
    /// `// top:`.
    pub top: Option<String>,
    /// `// expect:`.
    pub expect: Option<String>,
    /// `// no-location`.
    pub no_location: bool,
}

impl Directives {
    /// The directives in the first five lines of `text` (a later RUN line wins).
    pub fn parse(text: &str) -> Directives {
        let mut d = Directives::default();
        for line in text.lines().take(5).map(str::trim) {
            if let Some(rest) = line.strip_prefix("// RUN:") {
                d.run = Some(rest.split_whitespace().map(String::from).collect());
            } else if let Some(top) = line.strip_prefix("// top:") {
                d.top = Some(top.trim().to_string());
            } else if let Some(e) = line.strip_prefix("// expect:") {
                d.expect = Some(e.trim().to_string());
            } else if line == "// no-location" {
                d.no_location = true;
            }
        }
        d
    }

    /// The options after the input path: the RUN line's (or `default`), then `--top`.
    /// `%s` in the RUN line is kept for [`Directives::command_line`] to fill in.
    pub fn options(&self, default: &[&str]) -> Vec<String> {
        let mut args: Vec<String> =
            self.run.clone().unwrap_or_else(|| default.iter().map(|s| s.to_string()).collect());
        if let Some(top) = &self.top {
            args.extend(["--top".to_string(), top.clone()]);
        }
        args
    }

    /// The whole `rmlir-hls` command line for input `path`.
    pub fn command_line(&self, default: &[&str], path: &str) -> Vec<String> {
        with_input(&self.options(default), path)
    }
}

/// `args` with `%s` replaced by `path`, or `path` first if there is no `%s`.
pub fn with_input(args: &[String], path: &str) -> Vec<String> {
    if args.iter().any(|a| a.contains("%s")) {
        args.iter().map(|a| a.replace("%s", path)).collect()
    } else {
        std::iter::once(path.to_string()).chain(args.iter().cloned()).collect()
    }
}

/// One case of a suite.
pub struct Case {
    /// `DIR/NAME.mlir`, relative to `tests/`.
    pub rel: String,
    /// Its full path.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
    /// Its directives.
    pub directives: Directives,
    /// The `rmlir-hls` arguments it ran with.
    pub args: Vec<String>,
    /// What it printed, in the `.expected` form.
    pub actual: String,
}

/// A folder of cases and how to run and judge them.
pub struct Suite {
    /// The folder under `tests/`.
    pub dir: &'static str,
    /// The options when a case has no RUN line.
    pub default_run: &'static [&'static str],
    /// The fewest cases the folder must hold (a guard against a moved folder).
    pub min_cases: usize,
    /// Checks beyond the expected output: one message per problem.
    pub check: fn(&Case) -> Vec<String>,
}

/// `tests/`, where the cases live and the binary runs.
pub fn root() -> PathBuf {
    super::repo().join("tests")
}

/// Whether `BLESS` is set.
pub fn blessing() -> bool {
    std::env::var_os("BLESS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// The `FILETEST` filter, if set.
pub fn filter() -> Option<String> {
    std::env::var("FILETEST").ok().filter(|f| !f.is_empty())
}

/// The `.mlir` files of `dir`, sorted.
pub fn case_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    v.sort();
    v
}

/// Runs `rmlir-hls ARGS` in `dir`; its output in the `.expected` form. A panic of the
/// binary fails the test whatever the expectation says.
pub fn snapshot(dir: &Path, args: &[String]) -> String {
    let r = super::tools::output(super::tools::Tool::RmlirHls.in_dir(dir).args(args), None);
    assert!(!r.stderr.contains("panicked") && r.code != Some(101), "rmlir-hls panicked: {}", r.describe());
    let mut s = format!("# exit: {}\n{}", r.code.unwrap_or(-1), r.stdout);
    if !r.stderr.is_empty() {
        s.push_str("# stderr:\n");
        s.push_str(&r.stderr);
    }
    s
}

/// A small line diff: two lines of context, then up to four expected (`-`) and actual
/// (`+`) lines from the first difference.
pub fn diff(expected: &str, actual: &str) -> String {
    let e: Vec<&str> = expected.lines().collect();
    let a: Vec<&str> = actual.lines().collect();
    let first = e.iter().zip(&a).position(|(x, y)| x != y).unwrap_or(e.len().min(a.len()));
    let mut s = format!("first difference at line {}:\n", first + 1);
    for l in &e[first.saturating_sub(2)..first] {
        s.push_str(&format!(" {l}\n"));
    }
    for l in &e[first..(first + 4).min(e.len())] {
        s.push_str(&format!("-{l}\n"));
    }
    for l in &a[first..(first + 4).min(a.len())] {
        s.push_str(&format!("+{l}\n"));
    }
    s
}

/// Compares (or, blessing, writes) the case's expectation; a message if it differs.
fn compare(case: &Case) -> Option<String> {
    let expected_path = case.path.with_extension("expected");
    let expected = std::fs::read_to_string(&expected_path).ok();
    if blessing() {
        if expected.as_deref() != Some(case.actual.as_str()) {
            std::fs::write(&expected_path, &case.actual)
                .unwrap_or_else(|e| panic!("{}: {e}", expected_path.display()));
        }
        return None;
    }
    match expected {
        Some(e) if e == case.actual => None,
        Some(e) => Some(format!("{}: output differs\n{}", case.rel, diff(&e, &case.actual))),
        None => Some(format!("{}: no {} (run with BLESS=1)", case.rel, expected_path.display())),
    }
}

/// Runs every case of `suite` (those `FILETEST` selects) and panics listing the failures.
pub fn run_suite(suite: &Suite) {
    let root = root();
    let filter = filter();
    let mut failures = Vec::new();
    let mut count = 0;
    for path in case_files(&root.join(suite.dir)) {
        let rel = format!("{}/{}", suite.dir, path.file_name().expect("a file name").to_string_lossy());
        if filter.as_ref().is_some_and(|f| !rel.contains(f.as_str())) {
            continue;
        }
        count += 1;
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let directives = Directives::parse(&text);
        let args = directives.command_line(suite.default_run, &rel);
        let actual = snapshot(&root, &args);
        let case = Case { rel, path, text, directives, args, actual };
        failures.extend(compare(&case));
        failures.extend((suite.check)(&case));
    }
    if filter.is_none() {
        assert!(
            count >= suite.min_cases,
            "tests/{}: {count} cases, expected at least {}",
            suite.dir,
            suite.min_cases
        );
    }
    assert!(failures.is_empty(), "{} of {count} cases failed:\n\n{}", failures.len(), failures.join("\n"));
}

/// The checks of an error suite: exit status 1, an error that starts with the file's path
/// (`FILE:` or `FILE:LINE:COL:`, unless `// no-location`) and mentions the `// expect:` text.
pub fn error_checks(case: &Case) -> Vec<String> {
    error_problems(case, false)
}

/// [`error_checks`], and the error must carry a line and column (`FILE:LINE:COL:`).
pub fn located_error_checks(case: &Case) -> Vec<String> {
    error_problems(case, true)
}

fn error_problems(case: &Case, line_and_column: bool) -> Vec<String> {
    let mut problems = Vec::new();
    let rel = &case.rel;
    if !case.actual.starts_with("# exit: 1\n") {
        problems.push(format!("{rel}: a bad input must exit 1:\n{}", case.actual));
    }
    let stderr = case.actual.split_once("# stderr:\n").map_or("", |(_, e)| e);
    if let Some(expect) = &case.directives.expect {
        if !stderr.to_lowercase().contains(&expect.to_lowercase()) {
            problems.push(format!("{rel}: the error does not mention '{expect}':\n{}", case.actual));
        }
    }
    if case.directives.no_location {
        return problems;
    }
    let first = stderr.lines().next().unwrap_or("");
    let located = match first.strip_prefix(&format!("{rel}:")) {
        None => false,
        Some(_) if !line_and_column => true,
        Some(rest) => {
            let loc: Vec<&str> = rest.splitn(3, ':').collect();
            loc.len() == 3 && loc[0].parse::<u32>().is_ok() && loc[1].parse::<u32>().is_ok()
        }
    };
    if !located {
        let want = if line_and_column { "LINE:COL:" } else { "" };
        problems.push(format!("{rel}: the error does not start with '{rel}:{want}':\n{}", case.actual));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directives_and_command_lines() {
        let d = Directives::parse("// RUN: --emit mlir -O0\n// top: t\nmodule");
        assert_eq!(
            d.command_line(&["--emit", "verilog"], "cases/a.mlir"),
            ["cases/a.mlir", "--emit", "mlir", "-O0", "--top", "t"]
        );
        let d = Directives::parse("// RUN: cosim %s --cycles 5\n");
        assert_eq!(d.command_line(&[], "x.mlir"), ["cosim", "x.mlir", "--cycles", "5"]);
        let d = Directives::parse("// expect: unknown op\n// no-location\n");
        assert_eq!(d.command_line(&["--emit", "verilog"], "e.mlir"), ["e.mlir", "--emit", "verilog"]);
        assert_eq!(d.expect.as_deref(), Some("unknown op"));
        assert!(d.no_location);
        let late = "\n\n\n\n\n// RUN: --emit dot\n";
        assert_eq!(Directives::parse(late).run, None, "directives are read from the first five lines");
    }

    #[test]
    fn diff_shows_the_first_difference() {
        let d = diff("a\nb\nc\n", "a\nx\nc\n");
        assert!(d.starts_with("first difference at line 2:\n"), "{d}");
        assert!(d.contains(" a\n-b\n-c\n+x\n+c\n"), "{d}");
    }
}
