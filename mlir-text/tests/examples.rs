//! Parses every shared example (the HLS ones too: the reader knows their custom forms).
//! Then truncates and mutates them and checks the reader never panics.

mod common;
use common::Rng;

use mlir_text::{parse, SourceFile};
use std::path::PathBuf;

fn examples() -> Option<Vec<(String, String)>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/examples");
    let dir = if dir.is_dir() { dir } else { PathBuf::from("/work/shared/examples") };
    let Ok(rd) = std::fs::read_dir(&dir) else {
        println!("skipping: no shared examples at {}", dir.display());
        return None;
    };
    let mut v: Vec<(String, String)> = rd
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .filter_map(|p| {
            Some((p.file_name()?.to_string_lossy().into_owned(), std::fs::read_to_string(&p).ok()?))
        })
        .collect();
    v.sort();
    Some(v)
}

#[test]
fn parses_every_example() {
    let Some(ex) = examples() else { return };
    assert!(!ex.is_empty());
    for (name, text) in ex {
        let src = SourceFile::new(name.clone(), text);
        match parse(&src) {
            Ok(f) => assert!(!f.ops.is_empty(), "{name}"),
            Err(d) => panic!("{name}: {}", d.render(&src)),
        }
    }
}

#[test]
fn truncations_and_mutations_never_panic() {
    let Some(ex) = examples() else { return };
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    const BYTES: &[u8] = b"%@#!^\"(){}[]<>,:=-x0189ai \n/.\\";
    for (name, text) in ex {
        for cut in 0..=text.len() {
            if !text.is_char_boundary(cut) {
                continue;
            }
            let src = SourceFile::new(name.clone(), &text[..cut]);
            if let Err(d) = parse(&src) {
                let _ = d.render(&src);
            }
        }
        for _ in 0..2000 {
            let mut b = text.as_bytes().to_vec();
            for _ in 0..1 + rng.next() % 4 {
                let i = (rng.next() as usize) % b.len();
                match rng.next() % 3 {
                    0 => b[i] = BYTES[(rng.next() as usize) % BYTES.len()],
                    1 => {
                        b.remove(i);
                    }
                    _ => b.insert(i, BYTES[(rng.next() as usize) % BYTES.len()]),
                }
            }
            let (src, bad) = mlir_text::decode_source(&name, &b);
            if bad.is_none() {
                if let Err(d) = parse(&src) {
                    let _ = d.render(&src);
                }
            }
        }
    }
}
