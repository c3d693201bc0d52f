//! `grundy verify --checkpoint`: how far the check of a Node-Kayles certificate has got,
//! kept between runs so that an hour's check survives a stop.
//!
//! The file holds one JSON object: the certificate's length and CRC-32 as read, its entry
//! count, and the first line still to be checked. A run that finds it goes on from that
//! line only when the certificate it has just read has the same length, CRC-32 and count.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::anyhow;
use grundy::games::node_kayles::certificate::{Digest, Resumption, VerifyError};
use grundy::parse::escaped_path;
use serde::{Deserialize, Serialize};

use crate::Failure;
use crate::signals::Deferring;

/// The label the store gives the file, and the format the object names.
const FORMAT: &str = "grundy-verify-checkpoint/1";

/// Time between two saves while checking.
const SAVE_EVERY: Duration = Duration::from_secs(60);

/// Where a check has got to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Place {
    format: String,
    certificate: Digest,
    entries: u64,
    next_line: u64,
}

/// A checkpoint held for this run.
pub(super) struct Kept {
    path: PathBuf,
    _held: grundy::store::Lock,
    /// What an earlier run saved.
    earlier: Option<Place>,
    /// Where this run is, once the certificate is read.
    now: Option<Place>,
    saved_at: Instant,
    /// From the first line checked: a first Ctrl-C or SIGTERM saves and stops.
    deferring: Option<Deferring>,
    /// Why the check cannot go on (another certificate's checkpoint, a save that failed).
    failed: Option<Failure>,
}

impl Kept {
    /// Holds `path` for this run and reads what an earlier run kept there.
    pub(super) fn open(path: &Path) -> Result<Kept, Failure> {
        let refused = |e: grundy::store::StoreError| {
            if e.is_damaged() || matches!(e, grundy::store::StoreError::InUse { .. }) {
                Failure::input(anyhow!("checkpoint refused: {e}"))
            } else {
                Failure::other(e)
            }
        };
        let held = grundy::store::lock(path).map_err(refused)?;
        let earlier = match grundy::store::read(path, FORMAT, 4096).map_err(refused)? {
            None => None,
            Some(bytes) => Some(serde_json::from_slice::<Place>(&bytes).map_err(|e| {
                Failure::input(anyhow!(
                    "checkpoint refused: {}: not a checkpoint of `grundy verify`: {e}",
                    escaped_path(path)
                ))
            })?),
        };
        Ok(Kept {
            path: path.to_path_buf(),
            _held: held,
            earlier,
            now: None,
            saved_at: Instant::now(),
            deferring: None,
            failed: None,
        })
    }

    /// Writes where the check is, atomically.
    fn save(&mut self) -> bool {
        let Some(now) = &self.now else {
            return true;
        };
        let text = serde_json::to_string(now).expect("a place is plain data");
        self.saved_at = Instant::now();
        match grundy::store::write(&self.path, FORMAT, text.as_bytes()) {
            Ok(()) => true,
            Err(e) => {
                self.failed = Some(Failure::other(anyhow!("checkpoint not saved: {e}")));
                false
            }
        }
    }

    /// After the check returned: a save that failed on the way is the error.
    pub(super) fn saved(&mut self) -> Result<(), Failure> {
        match self.failed.take() {
            Some(f) => Err(f),
            None => Ok(()),
        }
    }

    /// The certificate holds: a signal that came meanwhile still ends the process (the
    /// place saved, so the same command only checks the position again); otherwise the
    /// checkpoint has served and is removed.
    pub(super) fn finished(&mut self) -> Result<(), Failure> {
        drop(self.deferring.take());
        match std::fs::remove_file(&self.path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(Failure::other(anyhow!(
                "{}: the certificate holds, but the checkpoint could not be removed: {e}",
                escaped_path(&self.path)
            ))),
            _ => Ok(()),
        }
    }

    /// Stopped by a signal, the place saved: says where and ends the process by it.
    pub(super) fn stopped(&mut self) -> ! {
        let signal = self
            .deferring
            .as_ref()
            .and_then(Deferring::pending)
            .unwrap_or(15);
        let next = self.now.as_ref().map_or(2, |p| p.next_line);
        eprintln!(
            "grundy: stopped; lines 2 to {} are checked and saved in {}, and the same command goes on from line {next}",
            next - 1,
            escaped_path(&self.path)
        );
        crate::signals::end_by(signal)
    }

    /// The failure to report for a refusal: this checkpoint's own, if it is why.
    pub(super) fn refused(&mut self, certificate: Failure) -> Failure {
        self.failed.take().unwrap_or(certificate)
    }

    /// Refuses the checkpoint, `why` following its path: the reason is kept for
    /// [`refused`](Self::refused), and the checker is stopped with a placeholder.
    fn refuse(&mut self, why: String) -> VerifyError {
        self.failed = Some(Failure::input(anyhow!(
            "checkpoint refused: {}{why}",
            escaped_path(&self.path)
        )));
        VerifyError {
            line: 0,
            message: "the checkpoint was refused".into(),
        }
    }
}

impl Resumption for Kept {
    fn start(&mut self, digest: Digest, entries: u64) -> Result<u64, VerifyError> {
        let next_line = match &self.earlier {
            None => 2,
            Some(p) if p.format == FORMAT && p.certificate == digest && p.entries == entries => {
                if !(2..=entries + 2).contains(&p.next_line) {
                    let why = format!(
                        ": line {} is not in the certificate (its entries are on lines 2 to {})",
                        p.next_line,
                        entries + 1
                    );
                    return Err(self.refuse(why));
                }
                p.next_line
            }
            Some(p) => {
                let why = format!(
                    " was kept for another certificate ({} bytes, CRC-32 {:08x}; this one is {} bytes, CRC-32 {:08x}); remove it to check this one from the start",
                    p.certificate.bytes, p.certificate.crc32, digest.bytes, digest.crc32
                );
                return Err(self.refuse(why));
            }
        };
        self.now = Some(Place {
            format: FORMAT.into(),
            certificate: digest,
            entries,
            next_line,
        });
        self.deferring = Some(Deferring::start());
        Ok(next_line)
    }

    fn checked(&mut self, next: u64) -> bool {
        if let Some(now) = &mut self.now {
            now.next_line = next;
        }
        let asked = self
            .deferring
            .as_ref()
            .is_some_and(|d| d.pending().is_some());
        if asked || self.saved_at.elapsed() >= SAVE_EVERY {
            let saved = self.save();
            return asked || !saved;
        }
        false
    }
}
