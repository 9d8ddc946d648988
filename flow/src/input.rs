//! Reading the input: a file or standard input, decoded as UTF-8 (a bad byte is an error
//! located at it).

use crate::error::{Error, Result};
use crate::options::Input;
use mlir_text::SourceFile;
use std::io::Read;

/// The largest input read (2 GiB): source positions are 32-bit, and an input that never
/// ends (`/dev/zero`, a runaway pipe) must stop with an error, not exhaust memory.
pub const MAX_INPUT: u64 = 1 << 31;

/// Reads at most `limit` bytes of `r`; more is a user error naming `name`.
fn read_limited(r: impl Read, name: &str, limit: u64) -> Result<Vec<u8>> {
    let mut b = Vec::new();
    r.take(limit + 1).read_to_end(&mut b).map_err(|e| Error::user(format!("cannot read {name}: {e}")))?;
    if b.len() as u64 > limit {
        return Err(Error::user(format!(
            "{name} is larger than {limit} bytes{}, the most rmlir-hls reads",
            if limit == MAX_INPUT { " (2 GiB)" } else { "" }
        )));
    }
    Ok(b)
}

/// Reads `input` into a source file named as the user named it (`<stdin>` for standard
/// input).
pub fn read_source(input: &Input) -> Result<SourceFile> {
    let (name, bytes) = match input {
        Input::Stdin => {
            ("<stdin>".to_string(), read_limited(std::io::stdin().lock(), "standard input", MAX_INPUT)?)
        }
        Input::File(path) => {
            let name = path.to_string_lossy().into_owned();
            let f =
                std::fs::File::open(path).map_err(|e| Error::user(format!("cannot read '{name}': {e}")))?;
            (name.clone(), read_limited(f, &format!("'{name}'"), MAX_INPUT)?)
        }
    };
    match mlir_text::decode_source_owned(&name, bytes) {
        (src, None) => Ok(src),
        (src, Some(diag)) => Err(Error::input(&src, vec![diag])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_and_a_bad_byte_are_user_errors() {
        let e = read_source(&Input::File("/nonexistent/x.mlir".into())).unwrap_err();
        assert!(e.render().starts_with("rmlir-hls: error: cannot read '/nonexistent/x.mlir'"));
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("bad.mlir");
        std::fs::write(&p, b"hw.module @m() {\xff}").unwrap();
        let e = read_source(&Input::File(p)).unwrap_err();
        assert_eq!(e.diagnostics().len(), 1);
        assert_eq!(e.kind(), crate::ErrorKind::User);
    }

    #[test]
    fn an_input_that_never_ends_stops_at_the_limit() {
        let e = read_limited(std::io::repeat(b' '), "'/dev/zero'", 1000).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::User);
        assert!(e.render().contains("'/dev/zero' is larger than 1000 bytes"), "{}", e.render());
        assert_eq!(read_limited(&b"ab"[..], "x", 2).unwrap(), b"ab");
    }
}
