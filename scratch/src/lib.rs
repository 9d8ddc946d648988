//! Temporary paths of a run: staged outputs and build folders that must not outlive it.
//!
//! Outputs are written whole or not at all: a file is staged under a temporary name beside
//! its target and renamed over it, a folder is built beside its target and swapped in. A
//! run stopped half-way must not leave those stages behind. Two mechanisms cover the ways a
//! run can stop:
//!
//! - **Signals it can catch** (SIGINT, SIGTERM, SIGHUP): every staged path is [`register`]ed
//!   while it exists; the binary's signal thread calls [`remove_all`] and then dies of the
//!   same signal. Registration is a [`Guard`]; dropping it (the path was renamed into place
//!   or removed) takes the path off the list.
//! - **SIGKILL**, which no handler sees: a staged file is first an unnamed file
//!   ([`unnamed_file_in`], Linux `O_TMPFILE`) that the kernel frees with the process; it gets
//!   its temporary name only for the instant before the rename.
//!
//! The list is a process-wide mutex; the signal thread is an ordinary thread (not a signal
//! handler), so taking the lock and removing files there is safe.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The paths to remove on an interrupt, with the id of the guard that registered each.
static STAGED: Mutex<Vec<(u64, PathBuf)>> = Mutex::new(Vec::new());
/// The next guard id.
static NEXT: Mutex<u64> = Mutex::new(0);

/// Keeps a path on the interrupt list until dropped.
#[derive(Debug)]
#[must_use = "the path is taken off the list when the guard is dropped"]
pub struct Guard {
    id: u64,
}

/// Puts `path` (a file or a folder) on the list of paths [`remove_all`] removes.
pub fn register(path: &Path) -> Guard {
    let id = {
        let mut next = NEXT.lock().unwrap_or_else(|e| e.into_inner());
        *next += 1;
        *next
    };
    STAGED.lock().unwrap_or_else(|e| e.into_inner()).push((id, path.to_path_buf()));
    Guard { id }
}

impl Drop for Guard {
    fn drop(&mut self) {
        STAGED.lock().unwrap_or_else(|e| e.into_inner()).retain(|(id, _)| *id != self.id);
    }
}

/// Removes every registered path (files and whole folders) and empties the list. Called on
/// an interrupt, before the process dies; errors are ignored (the path may be gone).
pub fn remove_all() {
    let staged = std::mem::take(&mut *STAGED.lock().unwrap_or_else(|e| e.into_inner()));
    for (_, p) in staged {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.is_dir() => {
                let _ = std::fs::remove_dir_all(&p);
            }
            Ok(_) => {
                let _ = std::fs::remove_file(&p);
            }
            Err(_) => {}
        }
    }
}

/// The number of registered paths (for tests).
pub fn registered() -> usize {
    STAGED.lock().unwrap_or_else(|e| e.into_inner()).len()
}

/// A file in `dir` with no name (Linux `O_TMPFILE`, mode 0o666 less the umask): nothing is
/// left if the process is killed. `None` where the kernel or file system cannot make one;
/// the caller then stages under a name.
#[cfg(target_os = "linux")]
pub fn unnamed_file_in(dir: &Path) -> Option<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_TMPFILE)
        .mode(0o666)
        .open(dir)
        .ok()
}

/// Elsewhere there are no unnamed files: always `None`.
#[cfg(not(target_os = "linux"))]
pub fn unnamed_file_in(_dir: &Path) -> Option<File> {
    None
}

/// Gives an unnamed file from [`unnamed_file_in`] the name `path` (which must not exist),
/// through `/proc/self/fd`.
#[cfg(target_os = "linux")]
pub fn link_unnamed(file: &File, path: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::io::AsRawFd;
    let from = CString::new(format!("/proc/self/fd/{}", file.as_raw_fd())).map_err(io::Error::other)?;
    let to = CString::new(path.as_os_str().as_bytes()).map_err(io::Error::other)?;
    // SAFETY: both are valid NUL-terminated strings that live across the call.
    let r = unsafe {
        libc::linkat(libc::AT_FDCWD, from.as_ptr(), libc::AT_FDCWD, to.as_ptr(), libc::AT_SYMLINK_FOLLOW)
    };
    if r == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// Elsewhere there are no unnamed files to name.
#[cfg(not(target_os = "linux"))]
pub fn link_unnamed(_file: &File, _path: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Seek, Write};

    #[test]
    fn registered_paths_are_removed_and_dropped_guards_forgotten() {
        let d = tempfile_dir();
        let f = d.join("staged.sv");
        let sub = d.join("build");
        std::fs::write(&f, "x").unwrap();
        std::fs::create_dir_all(sub.join("deep")).unwrap();
        std::fs::write(sub.join("deep/log"), "y").unwrap();
        let kept = d.join("kept");
        std::fs::write(&kept, "z").unwrap();
        let g1 = register(&f);
        let g2 = register(&sub);
        {
            let _g3 = register(&kept);
        }
        remove_all();
        assert!(!f.exists() && !sub.exists(), "registered paths removed");
        assert!(kept.exists(), "a dropped guard's path is not removed");
        drop((g1, g2));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn an_unnamed_file_gets_its_name_with_its_contents() {
        let d = tempfile_dir();
        let Some(mut f) = unnamed_file_in(&d) else {
            // The file system cannot (some overlay and network file systems): nothing to test.
            return;
        };
        f.write_all(b"whole").unwrap();
        assert_eq!(std::fs::read_dir(&d).unwrap().count(), 0, "no name before linking");
        link_unnamed(&f, &d.join("named")).unwrap();
        assert_eq!(std::fs::read_to_string(d.join("named")).unwrap(), "whole");
        f.rewind().unwrap();
        let mut s = String::new();
        f.read_to_string(&mut s).unwrap();
        assert_eq!(s, "whole");
        let _ = std::fs::remove_dir_all(&d);
    }

    fn tempfile_dir() -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "scratch-test-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }
}
