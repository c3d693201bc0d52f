//! Checkpoints of a heap table: the values computed so far, in one [`crate::store`] file
//! labelled with the game, so that a long computation can stop and go on later.
//!
//! The payload is one byte giving the width of a value (2 or 4 bytes), then the values of
//! heaps 0, 1, 2, … little-endian.
//!
//! ```
//! use grundy::games::TakeBreak;
//! use grundy::solve::heap::{Values, ValuesRef, checkpoint};
//!
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("kayles.ckpt");
//! let kayles: TakeBreak = "0.77".parse()?;
//! checkpoint::save(&path, &kayles, ValuesRef::Narrow(&[0, 1, 2, 3, 1]))?;
//! assert_eq!(checkpoint::load(&path, &kayles)?, Some(Values::Narrow(vec![0, 1, 2, 3, 1])));
//! // Another game's checkpoint is refused, never mixed in.
//! let dawson: TakeBreak = "0.07".parse()?;
//! assert!(checkpoint::load(&path, &dawson).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::Path;

use super::{Values, ValuesRef};
use crate::games::TakeBreak;
use crate::store::{self, StoreError};

/// The most heaps a checkpoint may hold: 2^32 + 1.
const MAX_HEAPS: u64 = (1 << 32) + 1;

/// What a checkpoint of `game` is labelled: the family's name, or for a long code its
/// shortened name and a CRC-32 of the whole.
pub fn label(game: &TakeBreak) -> String {
    let name = game.name();
    if name.len() <= 160 {
        format!("heap values of {name}")
    } else {
        format!(
            "heap values of {} [crc32 {:08x}]",
            game.short_name(),
            crc32fast::hash(name.as_bytes())
        )
    }
}

/// Saves the values atomically (see [`store::write`]).
pub fn save(path: &Path, game: &TakeBreak, values: ValuesRef<'_>) -> Result<(), StoreError> {
    let label = label(game);
    match values {
        ValuesRef::Narrow(v) => write(path, &label, v, |x| x.to_le_bytes()),
        ValuesRef::Wide(v) => write(path, &label, v, |x| x.to_le_bytes()),
    }
}

/// The width byte, then the values little-endian: as they lie in memory on a
/// little-endian machine (no copy), converted elsewhere.
fn write<T: bytemuck::NoUninit, const W: usize>(
    path: &Path,
    label: &str,
    values: &[T],
    le: impl Fn(&T) -> [u8; W],
) -> Result<(), StoreError> {
    let width = [W as u8];
    if cfg!(target_endian = "little") {
        store::write_parts(path, label, &[&width, bytemuck::cast_slice(values)])
    } else {
        let bytes: Vec<u8> = values.iter().flat_map(le).collect();
        store::write_parts(path, label, &[&width, &bytes])
    }
}

/// The values saved for `game` at `path`; `Ok(None)` when there is no file. A file of
/// another game, a damaged one, or one whose contents do not decode is an error.
pub fn load(path: &Path, game: &TakeBreak) -> Result<Option<Values>, StoreError> {
    let Some(payload) = store::read(path, &label(game), 1 + 4 * MAX_HEAPS)? else {
        return Ok(None);
    };
    let damaged = |why: String| StoreError::Damaged {
        path: path.to_path_buf(),
        why,
    };
    let (&width, bytes) = payload
        .split_first()
        .ok_or_else(|| damaged("no values width".to_string()))?;
    match width {
        2 if bytes.len() % 2 == 0 => Ok(Some(Values::Narrow(
            bytes
                .chunks_exact(2)
                .map(|b| u16::from_le_bytes([b[0], b[1]]))
                .collect(),
        ))),
        4 if bytes.len() % 4 == 0 => Ok(Some(Values::Wide(
            bytes
                .chunks_exact(4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect(),
        ))),
        _ => Err(damaged(format!(
            "values of {width} bytes in {} bytes of data",
            bytes.len()
        ))),
    }
}
