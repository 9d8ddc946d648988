//! The seed corpus: the repository's examples and file cases, per target. Nothing is
//! committed under `fuzz/corpus/`: `fuzz-run --make-corpus` (or `fuzz/seed-corpus.sh`)
//! writes it from these lists, and the smoke test reads the same lists directly.

use crate::targets::Target;
use std::path::{Path, PathBuf};

/// Seeds larger than this are left out (a fuzzer spends its time on small inputs).
pub const MAX_SEED: u64 = 64 * 1024;

/// Folders of MLIR file cases (relative to the repository root).
const MLIR_DIRS: [&str; 12] = [
    "examples",
    "tests/cases",
    "tests/errors",
    "tests/hls",
    "tests/hls_errors",
    "tests/seq",
    "tests/sv",
    "tests/aggregates",
    "tests/verif",
    "tests/params",
    "tests/zero_width",
    "tests/extern",
];

/// The repository root (this crate's parent folder).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

fn mlir_files(root: &Path, dirs: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for d in dirs {
        let Ok(rd) = std::fs::read_dir(root.join(d)) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            let small = e.metadata().is_ok_and(|m| m.len() <= MAX_SEED);
            if small && p.extension().is_some_and(|x| x == "mlir") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The seed inputs of `target` from the repository at `root`: (file name, bytes).
/// Yosys JSON seeds are the comb file cases and examples written by `--emit yosys-json`.
pub fn seeds(root: &Path, target: Target) -> Vec<(String, Vec<u8>)> {
    let read = |files: Vec<PathBuf>| -> Vec<(String, Vec<u8>)> {
        files
            .into_iter()
            .filter_map(|p| {
                let name = p.strip_prefix(root).unwrap_or(&p).to_string_lossy().replace('/', "_");
                std::fs::read(&p).ok().map(|b| (name, b))
            })
            .collect()
    };
    match target {
        Target::MlirReader | Target::Pipeline => read(mlir_files(root, &MLIR_DIRS)),
        Target::HlsFront => read(mlir_files(root, &["tests/hls", "tests/hls_errors", "examples"])),
        Target::YosysJson => read(mlir_files(root, &["examples", "tests/cases"]))
            .into_iter()
            .filter_map(|(name, bytes)| {
                let text = String::from_utf8(bytes).ok()?;
                let d = flow::Flow::at(flow::OptLevel::O0).load_text("seed.mlir", &text).ok()?;
                let json = backends::yosys_json::emit(&d).ok()?;
                Some((name.replace(".mlir", ".json"), json.into_bytes()))
            })
            .collect(),
        Target::CombGen | Target::CombDiff | Target::VerilatorDiff | Target::HlsDiff => Vec::new(),
    }
}

/// Writes the seeds of every target under `dir/TARGET/`; the number written per target.
pub fn write_all(root: &Path, dir: &Path) -> std::io::Result<Vec<(Target, usize)>> {
    let mut counts = Vec::new();
    for t in Target::ALL {
        let seeds = seeds(root, t);
        let sub = dir.join(t.name());
        std::fs::create_dir_all(&sub)?;
        for (name, bytes) in &seeds {
            std::fs::write(sub.join(name), bytes)?;
        }
        counts.push((t, seeds.len()));
    }
    Ok(counts)
}

/// The inputs in `dir` (every file, sorted by name; none if it does not exist).
pub fn read_dir(dir: &Path) -> Vec<Vec<u8>> {
    let Ok(rd) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut paths: Vec<PathBuf> = rd.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect();
    paths.sort();
    paths.into_iter().filter_map(|p| std::fs::read(p).ok()).collect()
}
