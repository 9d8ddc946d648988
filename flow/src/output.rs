//! Writing outputs whole or not at all.
//!
//! A file is written to a temporary file in the same directory and renamed over the
//! target; a directory (the rust-sim crate) is built beside the target and swapped in. A
//! failed run leaves an existing output untouched.
//!
//! A file written anew gets the usual mode, `0o666` less the umask (a temporary file would
//! be `0o600`); a file written over keeps its mode.
//!
//! A run stopped half-way leaves nothing beside the target: the file is first unnamed
//! (Linux `O_TMPFILE`, gone with a killed process) and named only for the instant before the
//! rename, and every staged name or folder is on [`scratch`]'s list, which the binary's
//! signal thread removes on SIGINT, SIGTERM and SIGHUP.
//!
//! A path that names a device, FIFO or socket (`-o /dev/null`, `-o /dev/stdout`, a named
//! pipe) is written in place: renaming a temporary file over it would replace the device
//! node with a regular file, breaking every later reader of, say, `/dev/null`.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::Path;

fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Whether `path` exists and is neither a regular file nor a directory (after symlinks):
/// a device, FIFO or socket, which only an in-place write can reach.
fn is_special(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir())
}

/// Writes to `path` atomically what `write` writes to the (buffered) writer it is given,
/// as it is written: the text need not be in memory whole.
pub fn write_file_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), String> {
    let err = |e: io::Error| format!("cannot write '{}': {e}", path.display());
    if is_special(path) {
        let file = fs::OpenOptions::new().write(true).open(path).map_err(err)?;
        let mut w = BufWriter::with_capacity(1 << 16, file);
        return write(&mut w).and_then(|()| w.flush()).map_err(err);
    }
    let dir = parent_of(path);
    let existing = fs::metadata(path).ok().filter(|m| m.is_file()).map(|m| m.permissions());
    let mut builder = tempfile::Builder::new();
    builder.prefix(".rmlir-hls-");
    if let Some(mut file) = scratch::unnamed_file_in(dir) {
        if let Some(perms) = &existing {
            file.set_permissions(perms.clone()).map_err(err)?;
        }
        let mut w = BufWriter::with_capacity(1 << 16, &mut file);
        write(&mut w).and_then(|()| w.flush()).map_err(err)?;
        drop(w);
        let named = builder.make_in(dir, |p| scratch::link_unnamed(&file, p).map(|()| p.to_path_buf()));
        if let Ok(named) = named {
            let _staged = scratch::register(named.path());
            named.persist(path).map_err(|e| err(e.error))?;
            return Ok(());
        }
        // No /proc to name it through: stage under a name instead, from what was written.
        use std::io::Seek;
        file.rewind().map_err(err)?;
        return write_named(path, dir, existing, builder, |w| io::copy(&mut file, w).map(drop));
    }
    write_named(path, dir, existing, builder, write)
}

/// [`write_file_with`] through a named temporary file in `dir`.
fn write_named(
    path: &Path,
    dir: &Path,
    existing: Option<fs::Permissions>,
    mut builder: tempfile::Builder,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), String> {
    let err = |e: io::Error| format!("cannot write '{}': {e}", path.display());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // Created with this mode less the umask, as `open(2)` would create the target.
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir).map_err(err)?;
    let _staged = scratch::register(tmp.path());
    if let Some(perms) = existing {
        tmp.as_file().set_permissions(perms).map_err(err)?;
    }
    let mut w = BufWriter::with_capacity(1 << 16, tmp.as_file_mut());
    write(&mut w).and_then(|()| w.flush()).map_err(err)?;
    drop(w);
    tmp.persist(path).map_err(|e| err(e.error))?;
    Ok(())
}

/// Writes a directory of `files` (relative path, contents) at `path`, replacing any
/// existing directory there only once every file is written.
pub fn write_dir(path: &Path, files: &[(String, String)]) -> Result<(), String> {
    let err = |e: std::io::Error| format!("cannot write '{}': {e}", path.display());
    let dir = parent_of(path);
    fs::create_dir_all(dir).map_err(err)?;
    let staging = tempfile::Builder::new().prefix(".rmlir-hls-").tempdir_in(dir).map_err(err)?;
    let staged_guard = scratch::register(staging.path());
    for (rel, text) in files {
        let p = staging.path().join(rel);
        if let Some(parent) = p.parent() {
            fs::create_dir_all(parent).map_err(err)?;
        }
        fs::write(&p, text).map_err(err)?;
    }
    // Off the interrupt list before the swap, which moves the old folder aside.
    drop(staged_guard);
    let staged = staging.keep();
    if path.exists() {
        if !path.is_dir() {
            let _ = fs::remove_dir_all(&staged);
            return Err(format!("cannot write '{}': it exists and is not a directory", path.display()));
        }
        let old = tempfile::Builder::new().prefix(".rmlir-hls-old-").tempdir_in(dir).map_err(err)?.keep();
        fs::remove_dir(&old).map_err(err)?;
        fs::rename(path, &old).map_err(err)?;
        if let Err(e) = fs::rename(&staged, path) {
            let _ = fs::rename(&old, path);
            let _ = fs::remove_dir_all(&staged);
            return Err(err(e));
        }
        let _ = fs::remove_dir_all(&old);
    } else if let Err(e) = fs::rename(&staged, path) {
        let _ = fs::remove_dir_all(&staged);
        return Err(err(e));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_file(path: &Path, contents: &[u8]) -> Result<(), String> {
        write_file_with(path, |w| w.write_all(contents))
    }

    #[test]
    fn replaces_file_and_directory() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("out.sv");
        write_file(&f, b"one").unwrap();
        write_file(&f, b"two").unwrap();
        assert_eq!(fs::read_to_string(&f).unwrap(), "two");
        let crate_dir = d.path().join("sim");
        write_dir(&crate_dir, &[("a/b.txt".into(), "x".into())]).unwrap();
        write_dir(&crate_dir, &[("c.txt".into(), "y".into())]).unwrap();
        assert!(!crate_dir.join("a").exists());
        assert_eq!(fs::read_to_string(crate_dir.join("c.txt")).unwrap(), "y");
        let leftovers: Vec<_> = fs::read_dir(d.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 2, "no staging directories left behind");
    }

    #[cfg(unix)]
    #[test]
    fn new_files_get_the_usual_mode_and_old_ones_keep_theirs() {
        use std::os::unix::fs::PermissionsExt;
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("out.sv");
        write_file(&f, b"one").unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        // 0o666 less the umask, whatever it is here; never the tempfile's 0o600 unless the
        // umask says so.
        let created = fs::File::create(d.path().join("plain")).unwrap();
        drop(created);
        assert_eq!(mode(&f), mode(&d.path().join("plain")));
        fs::set_permissions(&f, fs::Permissions::from_mode(0o640)).unwrap();
        write_file(&f, b"two").unwrap();
        assert_eq!(mode(&f), 0o640);
        assert_eq!(fs::read_to_string(&f).unwrap(), "two");
    }

    /// `-o /dev/null` and named pipes are written in place, never replaced by a file
    /// (renaming over `/dev/null` once broke every later tool on the machine).
    #[cfg(unix)]
    #[test]
    fn devices_and_fifos_are_written_in_place() {
        use std::os::unix::fs::FileTypeExt;
        write_file(Path::new("/dev/null"), b"discarded").unwrap();
        assert!(fs::metadata("/dev/null").unwrap().file_type().is_char_device());
        let d = tempfile::tempdir().unwrap();
        let fifo = d.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
        };
        write_file(&fifo, b"through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), "through the pipe");
        assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
        assert_eq!(fs::read_dir(d.path()).unwrap().count(), 1, "no temporary file left behind");
    }

    /// While a file is written it has no name (Linux `O_TMPFILE`), so a killed run leaves
    /// nothing beside the target; only the finished file appears.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_file_being_written_has_no_name() {
        let d = tempfile::tempdir().unwrap();
        if scratch::unnamed_file_in(d.path()).is_none() {
            return; // this file system cannot; the named path is tested elsewhere
        }
        let f = d.path().join("out.sv");
        write_file_with(&f, |w| {
            w.write_all(b"half")?;
            assert_eq!(fs::read_dir(d.path()).unwrap().count(), 0, "nothing named while writing");
            w.write_all(b" and whole")
        })
        .unwrap();
        assert_eq!(fs::read_to_string(&f).unwrap(), "half and whole");
        assert_eq!(fs::read_dir(d.path()).unwrap().count(), 1);
    }

    #[test]
    fn failed_write_leaves_the_old_file() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("out.sv");
        write_file(&f, b"two").unwrap();
        let failed = write_file_with(&f, |w| {
            w.write_all(b"partial")?;
            Err(io::Error::other("stopped"))
        });
        assert!(failed.unwrap_err().contains("stopped"));
        assert_eq!(fs::read_to_string(&f).unwrap(), "two", "a failed write leaves the old file");
        assert_eq!(fs::read_dir(d.path()).unwrap().count(), 1, "no temporary file left behind");
    }
}
