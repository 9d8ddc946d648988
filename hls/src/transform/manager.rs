//! Runs HLS IR passes one at a time: the verifier after each (a failure is an internal
//! error naming the pass), the IR printed after the passes `print_after` names, each
//! pass timed when asked.

use super::{Pass, PassCtx};
use crate::ir::{print::print, verify::verify, Func};
use std::time::{Duration, Instant};

/// What one run of a pass did.
#[derive(Clone, Debug)]
pub struct PassRun {
    /// The pass's name.
    pub name: &'static str,
    /// The function it ran on.
    pub func: String,
    /// True if it changed the function.
    pub changed: bool,
    /// Its wall time (zero unless timing).
    pub time: Duration,
    /// The function printed after it, if asked.
    pub printed: Option<String>,
}

/// How to run passes: what to print and whether to time.
#[derive(Clone, Debug, Default)]
pub struct Runner {
    /// Print the IR after the pass of this name (`all`: after every pass).
    pub print_after: Option<String>,
    /// Time each pass.
    pub time_passes: bool,
    /// What ran, in order.
    pub runs: Vec<PassRun>,
}

impl Runner {
    /// Runs `pass` on `f`, then the verifier; returns whether it changed `f`, or the
    /// verifier's first complaint as an internal error naming the pass.
    pub fn run(&mut self, pass: &Pass, f: &mut Func, ctx: &mut PassCtx) -> Result<bool, String> {
        let start = self.time_passes.then(Instant::now);
        let changed = (pass.run)(f, ctx);
        let time = start.map_or(Duration::ZERO, |s| s.elapsed());
        if let Some(e) = verify(f).first() {
            return Err(format!("internal error: HLS IR invalid after {}: {e}", pass.name));
        }
        let printed = match self.print_after.as_deref() {
            Some(p) if p == "all" || p == pass.name => Some(print(f)),
            _ => None,
        };
        self.runs.push(PassRun { name: pass.name, func: f.name.clone(), changed, time, printed });
        Ok(changed)
    }

    /// Runs `pass` while it changes `f`, then `after` once after each change.
    pub fn run_while_changing(
        &mut self,
        pass: &Pass,
        after: &Pass,
        f: &mut Func,
        ctx: &mut PassCtx,
    ) -> Result<(), String> {
        while self.run(pass, f, ctx)? {
            self.run(after, f, ctx)?;
        }
        Ok(())
    }
}

/// The time table of `runs` (one line per run and a total), as `--time-passes` prints it.
pub fn format_times(runs: &[PassRun]) -> String {
    let total: Duration = runs.iter().map(|r| r.time).sum();
    let mut out = String::from("HLS IR pass timing:\n");
    for r in runs {
        out.push_str(&format!(
            "  {:>10.3} ms  {:<16} {}{}\n",
            r.time.as_secs_f64() * 1e3,
            r.name,
            r.func,
            if r.changed { "" } else { " (no change)" }
        ));
    }
    out.push_str(&format!("  {:>10.3} ms  total\n", total.as_secs_f64() * 1e3));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    struct NoCosts;
    impl crate::transform::Costs for NoCosts {
        fn block_cycles(&self, _: &Func, _: &[crate::ir::OpId]) -> Option<u32> {
            None
        }
        fn pipeline_ineligible(&self, _: &Func, _: &crate::ir::ForLoop) -> Option<String> {
            Some("no scheduler".into())
        }
        fn float_span(&self, _: &crate::ir::OpKind) -> Option<u32> {
            None
        }
    }

    #[test]
    fn a_pass_that_breaks_the_ir_is_an_internal_error_naming_it() {
        let mut f = crate::ir::lower_first("func.func @f(%a: i8) -> i8 {\n  return %a : i8\n}\n");
        let broken = Pass {
            name: "break-it",
            description: "returns an undefined value",
            run: |f, _| {
                let v = f.new_value(8, None);
                f.rets = vec![v];
                true
            },
        };
        let opts = crate::Options::default();
        let mut ctx = PassCtx { opts: &opts, costs: &NoCosts, reassociated: Vec::new() };
        let mut r = Runner { print_after: Some("all".into()), ..Default::default() };
        let e = r.run(&broken, &mut f, &mut ctx).unwrap_err();
        assert!(e.starts_with("internal error: HLS IR invalid after break-it: "), "{e}");
        let narrow = super::super::by_name("narrow").unwrap();
        let mut g = crate::ir::lower_first("func.func @f(%a: i8) -> i8 {\n  return %a : i8\n}\n");
        r.run(&narrow, &mut g, &mut ctx).unwrap();
        assert_eq!(r.runs.len(), 1);
        assert!(r.runs[0].printed.as_deref().unwrap().starts_with("func @f("));
    }

    #[test]
    fn registry_names_are_unique_kebab_case_and_described() {
        let all = crate::transform::registry();
        let mut names: Vec<&str> = all.iter().map(|p| p.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), all.len());
        for p in &all {
            assert!(p.name.chars().all(|c| c.is_ascii_lowercase() || c == '-'), "{}", p.name);
            assert!(!p.description.is_empty());
        }
    }
}
