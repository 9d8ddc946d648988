//! Every file in `<repo>/tests/errors/*.mlir` is bad input. Its first line is
//! `// expect: <part of the message>`; an optional `// top: NAME` line selects the top
//! module. Reading (bytes, UTF-8 check), parsing and building must fail with a rendered
//! error `FILE:LINE:COL: error: ...` containing the expected text, and never panic.

use std::path::PathBuf;

fn run(name: &str, bytes: &[u8]) -> Result<(), String> {
    let (src, bad) = mlir_text::decode_source(name, bytes);
    let text = src.text();
    let expect = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// expect: "))
        .ok_or_else(|| format!("{name}: first line must be '// expect: ...'"))?
        .trim()
        .to_string();
    let top = text.lines().nth(1).and_then(|l| l.strip_prefix("// top: ")).map(|s| s.trim().to_string());
    let diags = match bad {
        Some(d) => vec![d],
        None => match mlir_text::parse(&src) {
            Err(d) => vec![d],
            Ok(file) => match comb::build_design(&file, top.as_deref()) {
                Ok(_) => return Err(format!("{name}: expected an error containing '{expect}', got none")),
                Err(ds) => ds,
            },
        },
    };
    let first = diags.first().ok_or_else(|| format!("{name}: empty error list"))?;
    let rendered = first.render(&src);
    let prefix_ok = if first.span.is_some() {
        let rest = rendered.strip_prefix(&format!("{name}:")).unwrap_or("");
        let mut parts = rest.splitn(3, ':');
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let line = parts.next().unwrap_or("");
        let col = parts.next().unwrap_or("");
        digits(line) && digits(col) && parts.next().is_some_and(|r| r.starts_with(" error: "))
    } else {
        // Errors about no place in the file (an unknown --top).
        rendered.starts_with(&format!("{name}: error: "))
    };
    if !prefix_ok {
        return Err(format!("{name}: badly shaped error:\n{rendered}"));
    }
    let all: String = diags.iter().map(|d| d.render(&src)).collect();
    if !all.contains(&expect) {
        return Err(format!("{name}: expected '{expect}' in:\n{all}"));
    }
    Ok(())
}

#[test]
fn every_bad_input_gets_a_located_error() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/errors");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/errors exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    assert!(files.len() >= 45, "only {} error cases", files.len());
    let mut failures = Vec::new();
    for f in &files {
        let name = f.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let bytes = std::fs::read(f).expect("readable");
        if let Err(e) = run(&name, &bytes) {
            failures.push(e);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}
