//! Files grundy writes and later reads back: tables kept between runs (the cakes cache),
//! and the checkpoints of long computations; and every file read whole, up to a limit
//! ([`read_named`] for what a user names, [`read_kept`] for what grundy keeps itself).
//!
//! Every such file is one container: a fixed header, a label saying what it holds, then
//! the payload.
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `GRUNDYst` |
//! | 4 | format version, little-endian |
//! | 4 | label length, at most [`MAX_LABEL`] |
//! | 8 | payload length |
//! | 4 | CRC-32 of the label and the payload |
//! | … | the label (UTF-8), then the payload |
//!
//! Reading trusts nothing in the file. Only a regular file is read: a FIFO, a device or a
//! directory at the path is refused without waiting on it. The sizes the header promises
//! are checked against the caller's bound and the file's real size before anything is
//! allocated, and the read stops at the promised size even if the file grows meanwhile.
//!
//! Writing is atomic: the bytes go to a temporary file beside the target, named after the
//! target and the writing process and locked while it is written, which is synced and
//! renamed over the target. A process that is stopped by a signal calls
//! [`abandon_unfinished`] to remove the temporary files of its saves in flight; those of
//! processes killed outright are removed by the next save to the same place.
//!
//! ```
//! use grundy::store;
//!
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("squares.bin");
//! store::write(&path, "squares", &[0, 1, 4, 9])?;
//! assert_eq!(store::read(&path, "squares", 4)?, Some(vec![0, 1, 4, 9]));
//! // Another label, or more data than the caller allows, is refused as damaged.
//! assert!(store::read(&path, "cubes", 4).unwrap_err().is_damaged());
//! assert!(store::read(&path, "squares", 3).unwrap_err().is_damaged());
//! // No file at all is not an error.
//! assert_eq!(store::read(&dir.path().join("none.bin"), "squares", 4)?, None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use thiserror::Error;

use crate::parse::{escaped, escaped_path};

const MAGIC: &[u8; 8] = b"GRUNDYst";
const VERSION: u32 = 1;
const HEADER: usize = 28;
/// The longest label a file may carry.
pub const MAX_LABEL: usize = 256;

/// Why a stored file could not be read or written.
#[derive(Debug, Error)]
pub enum StoreError {
    /// Something other than a regular file sits at the path.
    #[error("{} is {what}, not a regular file", escaped_path(path))]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What it is instead ("a directory", "a FIFO", ...).
        what: &'static str,
    },
    /// The file is there but is not a complete, intact file of the kind expected.
    #[error("{} is damaged: {why}", escaped_path(path))]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// An intact file of another kind (another game, another shape).
    #[error("{} holds '{found}', not '{wanted}'", escaped_path(path))]
    Mislabeled {
        /// The file.
        path: PathBuf,
        /// What it holds, by its label (escaped).
        found: String,
        /// What was asked for.
        wanted: String,
    },
    /// The operating system refused to read or write.
    #[error("cannot {action} {}: {error}", escaped_path(path))]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What was being done: "read", "write", "create the folder".
        action: &'static str,
        /// The operating system's error (shown in the message, not chained again).
        error: io::Error,
    },
    /// Another process holds the file for its own run (see [`lock`]).
    #[error(
        "{} is in use by another run (process {holder}); wait for it to end or stop it",
        escaped_path(path)
    )]
    InUse {
        /// The file.
        path: PathBuf,
        /// The process holding it, as its lock file says (`unknown` if unreadable).
        holder: String,
    },
    /// A signal is ending the process: no save may start or finish.
    #[error("not saving {}: the process is being stopped", escaped_path(path))]
    Stopping {
        /// The file that would have been written.
        path: PathBuf,
    },
}

impl StoreError {
    /// `true` when the file exists but is not a valid file of the expected kind (as opposed
    /// to a file that could not be reached at all).
    pub fn is_damaged(&self) -> bool {
        matches!(
            self,
            StoreError::Damaged { .. }
                | StoreError::NotAFile { .. }
                | StoreError::Mislabeled { .. }
        )
    }
}

/// Reads the payload of the file at `path`, which must carry `label` and at most
/// `max_payload` bytes. `Ok(None)` when there is no file.
pub fn read(path: &Path, label: &str, max_payload: u64) -> Result<Option<Vec<u8>>, StoreError> {
    let io_err = |error| StoreError::Io {
        path: path.to_path_buf(),
        action: "read",
        error,
    };
    let damaged = |why: String| StoreError::Damaged {
        path: path.to_path_buf(),
        why,
    };
    let mut file = match open_regular(path) {
        Ok(f) => f,
        Err(Opened::Missing) => return Ok(None),
        Err(Opened::NotAFile(what)) => {
            return Err(StoreError::NotAFile {
                path: path.to_path_buf(),
                what,
            });
        }
        Err(Opened::Io(e)) => return Err(io_err(e)),
    };
    let size = file.metadata().map_err(io_err)?.len();
    if size < HEADER as u64 {
        return Err(damaged(format!(
            "{size} bytes, shorter than the {HEADER}-byte header"
        )));
    }
    let mut header = [0u8; HEADER];
    file.read_exact(&mut header).map_err(io_err)?;
    if &header[..8] != MAGIC {
        return Err(damaged("not a file grundy wrote (no header)".to_string()));
    }
    let word = |at: usize| {
        u32::from_le_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]])
    };
    let version = word(8);
    if version != VERSION {
        return Err(damaged(format!(
            "format version {version}, this grundy reads version {VERSION}"
        )));
    }
    let label_len = u64::from(word(12));
    let mut len_bytes = [0u8; 8];
    len_bytes.copy_from_slice(&header[16..24]);
    let payload_len = u64::from_le_bytes(len_bytes);
    let crc = word(24);
    if label_len > MAX_LABEL as u64 {
        return Err(damaged(format!(
            "the header promises a label of {label_len} bytes, more than {MAX_LABEL}"
        )));
    }
    if payload_len > max_payload {
        return Err(damaged(format!(
            "the header promises {payload_len} bytes of data, at most {max_payload} expected"
        )));
    }
    let promised = HEADER as u64 + label_len + payload_len;
    if promised != size {
        return Err(damaged(format!(
            "the header promises {promised} bytes in all, the file has {size}"
        )));
    }
    let mut found = vec![0u8; label_len as usize];
    file.read_exact(&mut found).map_err(io_err)?;
    if found != label.as_bytes() {
        return Err(StoreError::Mislabeled {
            path: path.to_path_buf(),
            found: escaped(&found),
            wanted: escaped(label.as_bytes()),
        });
    }
    // Bounded by max_payload and by the file's size, both checked above.
    let mut payload = Vec::with_capacity(payload_len as usize);
    (&mut file)
        .take(payload_len)
        .read_to_end(&mut payload)
        .map_err(io_err)?;
    if payload.len() as u64 != payload_len {
        return Err(damaged(
            "the file ended early (shortened while read)".to_string(),
        ));
    }
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(&found);
    hasher.update(&payload);
    if hasher.finalize() != crc {
        return Err(damaged("checksum mismatch".to_string()));
    }
    Ok(Some(payload))
}

/// Why a file could not be read whole ([`read_named`], [`read_kept`], [`read_bounded`]).
#[derive(Debug, Error)]
pub enum ReadError {
    /// The operating system refused.
    #[error("cannot read: {0}")]
    Io(io::Error),
    /// More bytes than the caller allows: refused as soon as that is known, never read in
    /// full (a device or a pipe that never ends is cut off at the limit).
    #[error("larger than the {limit} bytes allowed")]
    TooLarge {
        /// The limit, bytes.
        limit: u64,
    },
    /// Not a regular file, where only one is read (a file grundy keeps in its folders).
    #[error("{0}, not a regular file")]
    NotAFile(&'static str),
    /// Refused from its first bytes by the caller's check (a graph whose first line
    /// claims more vertices than are allowed), before the rest was read.
    #[error("{0}")]
    Refused(String),
}

/// How many bytes a head check ([`read_named_checked`]) sees at most.
pub const HEAD: usize = 4096;

/// What a head check is given: the first bytes of the input, at most [`HEAD`]; when the
/// input goes on past them, cut after their last whitespace, so that no number is seen
/// cut short (a cut number would read smaller than it is).
pub fn head_of(bytes: &[u8], complete: bool) -> &[u8] {
    let bytes = &bytes[..bytes.len().min(HEAD)];
    if complete && bytes.len() < HEAD {
        return bytes;
    }
    match bytes.iter().rposition(u8::is_ascii_whitespace) {
        Some(i) => &bytes[..=i],
        None => &[],
    }
}

/// Reads all of `reader`, refusing past `limit` bytes: at once when its `size` is known,
/// else as soon as the limit is passed, never holding more than the limit. The buffer is
/// grown by hand, not by `read_to_end`'s doubling, which could reserve twice the limit.
pub fn read_bounded(
    reader: impl Read,
    size: Option<u64>,
    limit: u64,
) -> Result<Vec<u8>, ReadError> {
    read_bounded_checked(reader, size, limit, &mut |_| Ok(()))
}

/// Reads all of `reader` as [`read_bounded`] does, first showing `check` its head (see
/// [`head_of`]) as soon as [`HEAD`] bytes or the whole input are in: an input its first
/// line refuses is refused before the rest is read.
pub fn read_bounded_checked(
    mut reader: impl Read,
    size: Option<u64>,
    limit: u64,
    check: &mut dyn FnMut(&[u8]) -> Result<(), String>,
) -> Result<Vec<u8>, ReadError> {
    let mut checked = false;
    let mut check_once = |bytes: &[u8], complete: bool| {
        if checked {
            return Ok(());
        }
        checked = true;
        check(head_of(bytes, complete)).map_err(ReadError::Refused)
    };
    let cap = usize::try_from(limit).unwrap_or(usize::MAX);
    let first = size.map_or(1 << 16, |s| s as usize).min(cap);
    let mut bytes = Vec::with_capacity(first.saturating_add(1));
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadError::Io(e)),
        };
        if (bytes.len() + n) as u64 > limit {
            check_once(&bytes, false)?;
            return Err(ReadError::TooLarge { limit });
        }
        if bytes.capacity() - bytes.len() < n {
            let room = bytes.capacity().max(n).min(cap - bytes.len());
            bytes.reserve_exact(room);
        }
        bytes.extend_from_slice(&chunk[..n]);
        if bytes.len() >= HEAD {
            check_once(&bytes, false)?;
        }
    }
    check_once(&bytes, true)?;
    Ok(bytes)
}

/// Reads the file a user named, up to `limit` bytes. A regular file larger than that is
/// refused before a byte is read; a FIFO (`<(...)`), a device or a pipe is read as a
/// stream and cut off at the limit.
pub fn read_named(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    read_named_checked(path, limit, &mut |_| Ok(()))
}

/// Reads the file a user named as [`read_named`] does, refusing it from its head when
/// `check` does (see [`read_bounded_checked`]).
pub fn read_named_checked(
    path: &Path,
    limit: u64,
    check: &mut dyn FnMut(&[u8]) -> Result<(), String>,
) -> Result<Vec<u8>, ReadError> {
    let file = File::open(path).map_err(ReadError::Io)?;
    let meta = file.metadata().map_err(ReadError::Io)?;
    if meta.is_dir() {
        return Err(ReadError::NotAFile("a directory"));
    }
    read_bounded_checked(file, meta.is_file().then_some(meta.len()), limit, check)
}

/// Reads a file grundy keeps in its own folders (a journal, a lock), up to `limit` bytes;
/// `Ok(None)` when there is none. Only a regular file is read: anything else there (a
/// FIFO would block the read for ever) is refused without waiting on it.
pub fn read_kept(path: &Path, limit: u64) -> Result<Option<Vec<u8>>, ReadError> {
    let file = match open_regular(path) {
        Ok(f) => f,
        Err(Opened::Missing) => return Ok(None),
        Err(Opened::NotAFile(what)) => return Err(ReadError::NotAFile(what)),
        Err(Opened::Io(e)) => return Err(ReadError::Io(e)),
    };
    let size = file.metadata().map_err(ReadError::Io)?.len();
    read_bounded(file, Some(size), limit).map(Some)
}

/// Why [`open_regular`] did not give a file.
enum Opened {
    Missing,
    NotAFile(&'static str),
    Io(io::Error),
}

/// Opens `path` for reading only if it is a regular file (following symbolic links).
/// The open itself never blocks: a FIFO is opened non-blocking, then refused.
fn open_regular(path: &Path) -> Result<File, Opened> {
    #[cfg(unix)]
    let file = {
        use rustix::fs::{Mode, OFlags};
        let flags = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC;
        match rustix::fs::open(path, flags, Mode::empty()) {
            Ok(fd) => File::from(fd),
            Err(e) => {
                let e = io::Error::from(e);
                return Err(if e.kind() == io::ErrorKind::NotFound {
                    Opened::Missing
                } else {
                    Opened::Io(e)
                });
            }
        }
    };
    #[cfg(not(unix))]
    let file = {
        match fs::metadata(path) {
            Ok(m) if !m.is_file() => return Err(Opened::NotAFile(kind_of(&m.file_type()))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(Opened::Missing),
            _ => {}
        }
        File::open(path).map_err(Opened::Io)?
    };
    // Checked on the opened file, so the path cannot be swapped in between.
    let kind = file.metadata().map_err(Opened::Io)?.file_type();
    if !kind.is_file() {
        return Err(Opened::NotAFile(kind_of(&kind)));
    }
    Ok(file)
}

fn kind_of(kind: &fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// The temporary files of saves in flight, so a signal handler can remove them.
struct InFlight {
    paths: Vec<PathBuf>,
    /// Set once the process is being stopped: no save starts or finishes after that.
    stopping: bool,
}

struct Registry(Mutex<InFlight>);

impl Registry {
    const fn new() -> Registry {
        Registry(Mutex::new(InFlight {
            paths: Vec::new(),
            stopping: false,
        }))
    }

    fn lock(&self) -> MutexGuard<'_, InFlight> {
        // A panic elsewhere while holding the lock leaves the list as valid as before.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn abandon(&self) {
        let mut in_flight = self.lock();
        in_flight.stopping = true;
        for p in in_flight.paths.drain(..) {
            let _ = fs::remove_file(p);
        }
    }

    fn write(&self, path: &Path, label: &str, parts: &[&[u8]]) -> Result<(), StoreError> {
        let (dir, name) = split(path);
        let err = |action, error| StoreError::Io {
            path: path.to_path_buf(),
            action,
            error,
        };
        if label.len() > MAX_LABEL {
            return Err(err(
                "write",
                io::Error::new(io::ErrorKind::InvalidInput, "label too long"),
            ));
        }
        fs::create_dir_all(dir).map_err(|e| StoreError::Io {
            path: dir.to_path_buf(),
            action: "create the folder",
            error: e,
        })?;
        remove_stale(dir, &name);
        let stopping = || StoreError::Stopping {
            path: path.to_path_buf(),
        };
        let tmp = {
            let mut in_flight = self.lock();
            if in_flight.stopping {
                return Err(stopping());
            }
            let tmp = tempfile::Builder::new()
                .prefix(&temp_prefix(&name, std::process::id()))
                .tempfile_in(dir)
                .map_err(|e| err("write", e))?;
            in_flight.paths.push(tmp.path().to_path_buf());
            tmp
        };
        let tmp_path = tmp.path().to_path_buf();
        let forget = |in_flight: &mut InFlight| in_flight.paths.retain(|p| *p != tmp_path);
        // Held until the file is closed: the next save takes a free lock as a sign that
        // the file's writer is gone. Where locks are unsupported, the process id decides.
        let _ = tmp.as_file().try_lock();
        let mut crc = crc32fast::Hasher::new();
        crc.update(label.as_bytes());
        for part in parts {
            crc.update(part);
        }
        let written = (|| {
            let mut out = BufWriter::new(tmp.as_file());
            out.write_all(MAGIC)?;
            out.write_all(&VERSION.to_le_bytes())?;
            out.write_all(&(label.len() as u32).to_le_bytes())?;
            let len: usize = parts.iter().map(|p| p.len()).sum();
            out.write_all(&(len as u64).to_le_bytes())?;
            out.write_all(&crc.finalize().to_le_bytes())?;
            out.write_all(label.as_bytes())?;
            for part in parts {
                out.write_all(part)?;
            }
            out.flush()?;
            drop(out);
            tmp.as_file().sync_all()
        })();
        let mut in_flight = self.lock();
        forget(&mut in_flight);
        if in_flight.stopping {
            // Dropping the temporary file removes it.
            return Err(stopping());
        }
        written.map_err(|e| err("write", e))?;
        tmp.persist(path).map_err(|e| err("write", e.error))?;
        drop(in_flight);
        // Make the rename itself durable; a folder that cannot be synced changes nothing.
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    }
}

static IN_FLIGHT: Registry = Registry::new();

/// Writes `payload` to `path` atomically, labelled with what it holds (at most
/// [`MAX_LABEL`] bytes); creates the folder if needed and first removes temporary files
/// that dead processes left beside `path`.
pub fn write(path: &Path, label: &str, payload: &[u8]) -> Result<(), StoreError> {
    IN_FLIGHT.write(path, label, &[payload])
}

/// [`write()`] with the payload given in parts, written one after the other (no copy of a
/// large table to join them).
pub fn write_parts(path: &Path, label: &str, parts: &[&[u8]]) -> Result<(), StoreError> {
    IN_FLIGHT.write(path, label, parts)
}

/// A file held for one run: while it lives, [`lock`] on the same path fails in every other
/// process (and in this one). Dropping it releases the file.
#[derive(Debug)]
pub struct Lock {
    file: File,
    path: PathBuf,
}

/// Holds `path` for this run, so that two runs never save over each other's work: the
/// second is refused with [`StoreError::InUse`] at once, without waiting. The hold is an
/// advisory lock on a file beside the target, `NAME.lock`, holding the process id; the
/// operating system releases it when the process ends however it ends, and the lock file
/// is removed when the [`Lock`] is dropped.
pub fn lock(path: &Path) -> Result<Lock, StoreError> {
    let (dir, name) = split(path);
    let lock_path = dir.join(format!("{name}.lock"));
    let err = |action, error| StoreError::Io {
        path: lock_path.clone(),
        action,
        error,
    };
    fs::create_dir_all(dir).map_err(|e| StoreError::Io {
        path: dir.to_path_buf(),
        action: "create the folder",
        error: e,
    })?;
    loop {
        let mut file = fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock_path)
            .map_err(|e| err("open", e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = (&file).take(32).read_to_string(&mut holder);
                let holder = holder.trim();
                let holder = if !holder.is_empty() && holder.bytes().all(|b| b.is_ascii_digit()) {
                    holder.to_string()
                } else {
                    "unknown".to_string()
                };
                return Err(StoreError::InUse {
                    path: path.to_path_buf(),
                    holder,
                });
            }
            Err(fs::TryLockError::Error(e)) => return Err(err("lock", e)),
        }
        // The holder before us may have removed the file between our open and our lock:
        // then we would hold a name nobody else can find. Start again on the new file.
        if !same_file(&file, &lock_path) {
            continue;
        }
        file.set_len(0).map_err(|e| err("write", e))?;
        writeln!(file, "{}", std::process::id()).map_err(|e| err("write", e))?;
        return Ok(Lock {
            file,
            path: lock_path,
        });
    }
}

#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.ino() == b.ino() && a.dev() == b.dev(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: &File, path: &Path) -> bool {
    path.exists()
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still held, so that nobody locks the old file after we let go.
        let _ = fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

/// Removes the temporary files of every save in flight and refuses any later save: for a
/// handler of SIGINT or SIGTERM, just before the process ends.
pub fn abandon_unfinished() {
    IN_FLIGHT.abandon();
}

fn split(path: &Path) -> (&Path, String) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    (dir, name)
}

/// `.NAME.tmpPID.`: tempfile adds a random part after it.
fn temp_prefix(name: &str, pid: u32) -> String {
    format!(".{name}.tmp{pid}.")
}

/// Removes temporary files for `name` in `dir` whose writer is gone: its process no longer
/// runs and nobody holds its lock.
fn remove_stale(dir: &Path, name: &str) {
    let prefix = format!(".{name}.tmp");
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name.to_str().and_then(|n| n.strip_prefix(&prefix)) else {
            continue;
        };
        let Some(pid) = rest.split('.').next().and_then(|p| p.parse::<u32>().ok()) else {
            continue;
        };
        // Never open anything but a regular file (a FIFO would block the open).
        if !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        if pid == std::process::id() || process_runs(pid) {
            continue;
        }
        let Ok(file) = File::open(entry.path()) else {
            continue;
        };
        if file.try_lock().is_ok() {
            let _ = fs::remove_file(entry.path());
        }
    }
}

fn process_runs(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Some(pid) = i32::try_from(pid)
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        else {
            return false;
        };
        // EPERM: it runs, as another user.
        !matches!(
            rustix::process::test_kill_process(pid),
            Err(rustix::io::Errno::SRCH)
        )
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A head check sees whole numbers only: the head is cut after its last whitespace
    /// unless it is the whole input, and is shown once, before the rest is read.
    #[test]
    fn a_head_check_sees_whole_numbers_and_refuses_before_the_rest() {
        assert_eq!(head_of(b"12 34", true), b"12 34");
        assert_eq!(head_of(b"12 34", false), b"12 ");
        assert_eq!(head_of(b"1234", false), b"");
        let long = format!("5 {}", "9".repeat(HEAD));
        assert_eq!(head_of(long.as_bytes(), true), b"5 ");
        // A reader that fails past its first 64 KiB: a refused head stops the read there.
        struct Endless(u64);
        impl Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0 > 1 << 16 {
                    return Err(io::Error::other("read past the head"));
                }
                let line = b"1 2\n";
                for (i, b) in buf.iter_mut().enumerate() {
                    *b = line[(self.0 as usize + i) % line.len()];
                }
                self.0 += buf.len() as u64;
                Ok(buf.len())
            }
        }
        let mut seen = Vec::new();
        let refused = read_bounded_checked(Endless(0), None, 1 << 30, &mut |head| {
            seen.push(head.len());
            Err("no".to_string())
        });
        assert!(matches!(refused, Err(ReadError::Refused(m)) if m == "no"));
        assert_eq!(seen.len(), 1);
        assert!(seen[0] <= HEAD && seen[0] > HEAD - 4, "{seen:?}");
        // Accepted, the check is made once and the input read whole.
        let mut calls = 0;
        let read = read_bounded_checked(&b"3 1\n1 2\n"[..], None, 100, &mut |head| {
            calls += 1;
            assert_eq!(head, b"3 1\n1 2\n");
            Ok(())
        });
        assert_eq!(read.unwrap(), b"3 1\n1 2\n");
        assert_eq!(calls, 1);
    }

    fn temp_files(dir: &Path) -> Vec<String> {
        fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".tmp"))
            .collect()
    }

    fn with_header(label: &[u8], payload_len: u64, crc: u32) -> Vec<u8> {
        let mut b = MAGIC.to_vec();
        b.extend_from_slice(&VERSION.to_le_bytes());
        b.extend_from_slice(&(label.len() as u32).to_le_bytes());
        b.extend_from_slice(&payload_len.to_le_bytes());
        b.extend_from_slice(&crc.to_le_bytes());
        b.extend_from_slice(label);
        b
    }

    #[test]
    fn round_trip_and_every_kind_of_damage() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.bin");
        let payload: Vec<u8> = (0..=255).collect();
        write(&path, "bytes", &payload).unwrap();
        assert_eq!(read(&path, "bytes", 256).unwrap(), Some(payload.clone()));
        assert!(temp_files(dir.path()).is_empty());

        let good = fs::read(&path).unwrap();
        let damaged = |bytes: &[u8], fragment: &str| {
            fs::write(&path, bytes).unwrap();
            let e = read(&path, "bytes", 256).unwrap_err();
            assert!(e.is_damaged(), "{e}");
            assert!(e.to_string().contains(fragment), "{e} lacks {fragment}");
        };
        damaged(b"", "shorter than the");
        damaged(&[b'x'; 100], "no header");
        let mut flipped = good.clone();
        *flipped.last_mut().unwrap() ^= 1;
        damaged(&flipped, "checksum");
        damaged(&good[..good.len() - 1], "the file has");
        let mut longer = good.clone();
        longer.push(0);
        damaged(&longer, "the file has");
        let mut version = good.clone();
        version[8] = 9;
        damaged(&version, "format version 9");
        // A header promising far more than allowed is refused before any allocation.
        damaged(&with_header(b"bytes", 1 << 36, 0), "at most 256 expected");
        damaged(&with_header(&[b'a'; 300], 0, 0), "label of 300 bytes");
        fs::write(&path, &good).unwrap();
        let e = read(&path, "other", 256).unwrap_err();
        assert!(e.to_string().contains("holds 'bytes', not 'other'"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let e = read(dir.path(), "x", 1).unwrap_err();
        assert!(e.to_string().contains("is a directory"), "{e}");
        let link = dir.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        let e = read(&link, "x", 1).unwrap_err();
        assert!(e.to_string().contains("is a device"), "{e}");
        let fifo = dir.path().join("fifo");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(status.success());
        // Returns at once: nobody ever writes to this FIFO.
        let e = read(&fifo, "x", 1).unwrap_err();
        assert!(e.to_string().contains("is a FIFO"), "{e}");
        // A save replaces whatever non-directory was there.
        write(&fifo, "x", b"1").unwrap();
        assert_eq!(read(&fifo, "x", 1).unwrap(), Some(b"1".to_vec()));
    }

    #[cfg(unix)]
    #[test]
    fn a_held_file_is_refused_to_a_second_run_until_released() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.ckpt");
        let held = lock(&path).unwrap();
        let lock_file = dir.path().join("g.ckpt.lock");
        assert_eq!(
            fs::read_to_string(&lock_file).unwrap().trim(),
            std::process::id().to_string()
        );
        let e = lock(&path).unwrap_err();
        assert!(matches!(e, StoreError::InUse { .. }), "{e}");
        assert!(e.to_string().contains("in use by another run"), "{e}");
        assert!(
            e.to_string().contains(&std::process::id().to_string()),
            "{e}"
        );
        drop(held);
        assert!(!lock_file.exists());
        let again = lock(&path).unwrap();
        drop(again);
    }

    #[test]
    fn stale_temporary_files_of_dead_processes_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.bin");
        // A process that has certainly ended.
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        let stale = dir.path().join(format!("{}x1", temp_prefix("t.bin", dead)));
        fs::write(&stale, b"half").unwrap();
        // One of a process that runs (this one), and one for another file: both kept.
        let ours = dir
            .path()
            .join(format!("{}x2", temp_prefix("t.bin", std::process::id())));
        fs::write(&ours, b"half").unwrap();
        let other = dir.path().join(format!("{}x3", temp_prefix("u.bin", dead)));
        fs::write(&other, b"half").unwrap();
        write(&path, "t", b"data").unwrap();
        assert!(!stale.exists());
        assert!(ours.exists());
        assert!(other.exists());
    }

    #[test]
    fn abandoning_removes_files_in_flight_and_refuses_later_saves() {
        let registry = Registry::new();
        let dir = tempfile::tempdir().unwrap();
        let half = dir
            .path()
            .join(format!("{}x", temp_prefix("t.bin", std::process::id())));
        fs::write(&half, b"half").unwrap();
        registry.lock().paths.push(half.clone());
        registry.abandon();
        assert!(!half.exists());
        let path = dir.path().join("t.bin");
        let e = registry.write(&path, "t", &[b"data"]).unwrap_err();
        assert!(matches!(e, StoreError::Stopping { .. }), "{e}");
        assert!(!path.exists());
        assert!(temp_files(dir.path()).is_empty());
    }

    #[test]
    fn an_unwritable_place_is_an_io_error_naming_it_once() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("plain");
        fs::write(&file, b"").unwrap();
        // A folder under a plain file cannot be created.
        let e = write(&file.join("t.bin"), "t", b"x").unwrap_err();
        assert!(matches!(e, StoreError::Io { .. }), "{e}");
        assert!(std::error::Error::source(&e).is_none());
    }

    #[cfg(unix)]
    #[test]
    fn whole_reads_stop_at_their_limit_whatever_the_path_is() {
        let dir = tempfile::tempdir().unwrap();
        // A device never ends: cut off at the limit, not read on.
        let zero = Path::new("/dev/zero");
        assert!(matches!(
            read_named(zero, 1 << 20),
            Err(ReadError::TooLarge { limit }) if limit == 1 << 20
        ));
        assert!(matches!(
            read_kept(zero, 1 << 20),
            Err(ReadError::NotAFile(_))
        ));
        // A sparse file is refused by its size before a byte is read.
        let sparse = dir.path().join("sparse");
        File::create(&sparse).unwrap().set_len(1 << 40).unwrap();
        assert!(matches!(
            read_named(&sparse, 1 << 20),
            Err(ReadError::TooLarge { .. })
        ));
        assert!(matches!(
            read_kept(&sparse, 1 << 20),
            Err(ReadError::TooLarge { .. })
        ));
        // A FIFO the user names is read as a stream; one in grundy's folders is refused
        // without waiting for a writer.
        let fifo = dir.path().join("fifo");
        rustix::fs::mknodat(
            rustix::fs::CWD,
            &fifo,
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::from_raw_mode(0o600),
            0,
        )
        .unwrap();
        assert!(matches!(
            read_kept(&fifo, 10),
            Err(ReadError::NotAFile("a FIFO"))
        ));
        let writer = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::write(fifo, b"3 4 5\n").unwrap())
        };
        assert_eq!(read_named(&fifo, 10).unwrap(), b"3 4 5\n");
        writer.join().unwrap();
        // A regular file up to its limit, exactly; missing ones.
        let file = dir.path().join("file");
        fs::write(&file, b"0123456789").unwrap();
        assert_eq!(read_named(&file, 10).unwrap(), b"0123456789");
        assert!(matches!(
            read_named(&file, 9),
            Err(ReadError::TooLarge { limit: 9 })
        ));
        assert_eq!(read_kept(&file, 10).unwrap().unwrap(), b"0123456789");
        assert!(read_kept(&dir.path().join("none"), 10).unwrap().is_none());
        assert!(matches!(
            read_named(&dir.path().join("none"), 10),
            Err(ReadError::Io(_))
        ));
        assert!(matches!(
            read_named(dir.path(), 10),
            Err(ReadError::NotAFile(_))
        ));
        // A stream just past its limit, read in pieces.
        let stream = std::io::Read::chain(&[1u8; 70_000][..], &[2u8; 70_000][..]);
        assert!(matches!(
            read_bounded(stream, None, 139_999),
            Err(ReadError::TooLarge { .. })
        ));
        let stream = std::io::Read::chain(&[1u8; 70_000][..], &[2u8; 70_000][..]);
        assert_eq!(read_bounded(stream, None, 140_000).unwrap().len(), 140_000);
    }
}
