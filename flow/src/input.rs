//! Reading the input: a file or standard input, decoded as UTF-8 (a bad byte is an error
//! located at it).

use crate::error::{Error, Result};
use crate::options::Input;
use mlir_text::SourceFile;
use std::io::Read;

/// Reads `input` into a source file named as the user named it (`<stdin>` for standard
/// input).
pub fn read_source(input: &Input) -> Result<SourceFile> {
    let (name, bytes) = match input {
        Input::Stdin => {
            let mut b = Vec::new();
            std::io::stdin()
                .read_to_end(&mut b)
                .map_err(|e| Error::user(format!("cannot read standard input: {e}")))?;
            ("<stdin>".to_string(), b)
        }
        Input::File(path) => {
            let name = path.to_string_lossy().into_owned();
            let b = std::fs::read(path).map_err(|e| Error::user(format!("cannot read '{name}': {e}")))?;
            (name, b)
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
}
