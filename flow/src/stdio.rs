//! Standard output and standard error without panics: `print!` panics when standard output
//! is full (`> /dev/full`), `eprint!` when standard error is, and the tool never panics.

use crate::error::{Error, Result};
use std::io::{self, Write};

/// Writes `text` to standard output. A closed pipe (`| head`) is not an error of ours; any
/// other failure (a full device) is a user error, so the run does not exit 0 with its output
/// lost.
pub fn out(text: &str) -> Result<()> {
    let mut so = io::stdout().lock();
    checked(so.write_all(text.as_bytes()).and_then(|()| so.flush()))
}

/// The result of a write to standard output, as [`out`] judges it.
pub fn checked(r: io::Result<()>) -> Result<()> {
    match r {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(Error::user(format!("cannot write to standard output: {e}")))
        }
        _ => Ok(()),
    }
}

/// Writes `text` to standard error; a closed or full standard error is ignored (there is
/// nowhere left to say so).
pub fn err(text: &str) {
    let mut se = io::stderr().lock();
    let _ = se.write_all(text.as_bytes()).and_then(|()| se.flush());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_fine_and_a_full_device_is_an_error() {
        assert!(checked(Err(io::Error::from(io::ErrorKind::BrokenPipe))).is_ok());
        let full = checked(Err(io::Error::from_raw_os_error(28))).unwrap_err();
        assert_eq!(full.kind(), crate::ErrorKind::User);
        assert!(full.render().contains("cannot write to standard output"), "{}", full.render());
    }
}
