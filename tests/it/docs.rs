//! The user documentation: README.md stays short, the mdBook guide in `docs/` builds
//! without a warning, every relative link (and `#anchor`) in both points to something that
//! exists, every long flag the three `--help` texts print is documented in the guide, and
//! nothing refers to files outside the repository.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::support::repo;
use crate::support::tools::{output, Tool};

/// The README's limit in lines: everything longer belongs in the guide.
const README_MAX_LINES: usize = 300;

/// README.md and every page of the guide (`docs/src/*.md`), sorted.
fn doc_files() -> Vec<PathBuf> {
    let src = repo().join("docs/src");
    let mut pages: Vec<PathBuf> = std::fs::read_dir(&src)
        .unwrap_or_else(|e| panic!("{}: {e}", src.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    pages.sort();
    pages.insert(0, repo().join("README.md"));
    pages
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of a Markdown text outside fenced code blocks.
fn prose_lines(text: &str) -> Vec<&str> {
    let mut in_fence = false;
    let mut lines = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        } else if !in_fence {
            lines.push(line);
        }
    }
    lines
}

/// `line` without its inline code spans (`` `...` ``), which hold no links.
fn without_code_spans(line: &str) -> String {
    line.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// mdBook's id of a heading: its text without HTML tags and code marks, lowercase, spaces
/// turned into `-`, every character that is not alphanumeric, `_` or `-` dropped.
fn heading_id(text: &str) -> String {
    let mut plain = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => plain.push(c),
            _ => {}
        }
    }
    plain
        .trim()
        .chars()
        .filter_map(|c| match c {
            c if c.is_alphanumeric() || c == '_' || c == '-' => Some(c.to_ascii_lowercase()),
            c if c.is_whitespace() => Some('-'),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings, with mdBook's `-1`, `-2` suffixes on repeats.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: std::collections::BTreeMap<String, usize> = Default::default();
    let mut ids = BTreeSet::new();
    for line in prose_lines(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let id = heading_id(&line[hashes + 1..]);
        let n = seen.entry(id.clone()).or_insert(0);
        ids.insert(if *n == 0 { id.clone() } else { format!("{id}-{n}") });
        *n += 1;
    }
    ids
}

/// The targets of the inline links `[text](target)` of a Markdown text, outside code.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for line in prose_lines(text) {
        let line = without_code_spans(line);
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            let target = rest[..end].split_whitespace().next().unwrap_or("");
            targets.push(target.to_string());
            rest = &rest[end..];
        }
    }
    targets
}

/// What is wrong with a relative link `target` in `file`, if anything.
fn broken_link(file: &Path, target: &str) -> Option<String> {
    let is_url = target
        .split_once(':')
        .is_some_and(|(scheme, _)| !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphabetic()));
    if is_url || target.is_empty() {
        return None;
    }
    let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
    let dest = if path.is_empty() { file.to_path_buf() } else { file.parent()?.join(path) };
    if !dest.exists() {
        return Some(format!("{target}: no file {}", dest.display()));
    }
    let is_md = dest.extension().is_some_and(|x| x == "md");
    if !anchor.is_empty() && is_md && !anchors(&read(&dest)).contains(anchor) {
        return Some(format!("{target}: no heading with id `{anchor}` in {}", dest.display()));
    }
    None
}

#[test]
fn readme_is_short() {
    let lines = read(&repo().join("README.md")).lines().count();
    assert!(lines < README_MAX_LINES, "README.md has {lines} lines; the limit is {README_MAX_LINES}");
}

#[test]
fn the_guide_builds_without_warnings() {
    let out = tempfile::tempdir().expect("a temporary directory");
    let mut cmd = Tool::Mdbook.command();
    cmd.arg("build").arg(repo().join("docs")).arg("-d").arg(out.path());
    let run = output(&mut cmd, None).expect_success("mdbook build docs");
    let noise: Vec<&str> =
        run.stderr.lines().filter(|l| !l.trim().is_empty() && !l.contains("[INFO]")).collect();
    assert!(noise.is_empty(), "mdbook printed warnings or errors:\n{}", noise.join("\n"));
    assert!(out.path().join("index.html").is_file(), "no index.html in {}", out.path().display());
}

#[test]
fn relative_links_and_anchors_resolve() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in doc_files() {
        for target in link_targets(&read(&file)) {
            checked += 1;
            if let Some(why) = broken_link(&file, &target) {
                broken.push(format!("{}: {why}", file.display()));
            }
        }
    }
    assert!(checked > 50, "only {checked} links found: is the link reader broken?");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_link_checker_catches_a_broken_link_and_anchor() {
    let readme = repo().join("README.md");
    assert!(broken_link(&readme, "docs/src/cli.md").is_none());
    assert!(broken_link(&readme, "docs/src/no-such-page.md").is_some());
    assert!(broken_link(&readme, "docs/src/cli.md#no-such-heading").is_some());
    assert!(broken_link(&readme, "https://example.com/x").is_none());
    assert_eq!(heading_id("FIFOs: `seq.fifo`"), "fifos-seqfifo");
    assert_eq!(heading_id("Optimizer (-O2)"), "optimizer--o2");
    let ids = anchors("# A\n```\n# not a heading\n```\n## A\n");
    assert_eq!(ids.into_iter().collect::<Vec<_>>(), ["a", "a-1"]);
}

/// The long flags (`--name`) a help text mentions.
fn long_flags(help: &str) -> BTreeSet<String> {
    let mut flags = BTreeSet::new();
    for (i, _) in help.match_indices("--") {
        let name: String =
            help[i + 2..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
        if name.len() > 1 && !help[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '-') {
            flags.insert(format!("--{name}"));
        }
    }
    flags
}

#[test]
fn every_long_flag_of_the_help_is_in_the_guide() {
    let guide: String = doc_files().iter().skip(1).map(|p| read(p)).collect::<Vec<_>>().join("\n");
    let mut missing = Vec::new();
    for sub in [None, Some("cosim"), Some("fpga")] {
        let mut cmd = Tool::RmlirHls.command();
        cmd.args(sub).arg("--help");
        let help = output(&mut cmd, None).expect_success("rmlir-hls --help").stdout;
        let flags = long_flags(&help);
        assert!(flags.contains("--help") && flags.len() > 8, "few flags in {sub:?}: {flags:?}");
        for flag in flags {
            let documented = guide.match_indices(&flag).any(|(i, _)| {
                !guide[i + flag.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
            });
            if !documented {
                missing.push(format!("{} {flag}", sub.unwrap_or("rmlir-hls")));
            }
        }
    }
    assert!(missing.is_empty(), "flags not documented in docs/src: {missing:?}");
}

#[test]
fn docs_refer_to_no_file_outside_the_repository() {
    let mut found = Vec::new();
    for file in doc_files() {
        for (n, line) in read(&file).lines().enumerate() {
            for bad in ["SPEC section", "SPEC.md", "../shared"] {
                if line.contains(bad) {
                    found.push(format!("{}:{}: {bad}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "references outside the repository:\n{}", found.join("\n"));
}
