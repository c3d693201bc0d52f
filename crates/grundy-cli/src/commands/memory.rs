//! `--memory`: how much an engine may hold, as the command line writes it.

use anyhow::anyhow;

use crate::Failure;

/// How much memory a board may use: `--memory`, or half of what is available.
#[derive(Clone, Copy, Debug)]
pub struct Memory(pub u64);

impl Memory {
    /// Parses `--memory`: a number of bytes with an optional K, M, G or T (powers of
    /// 1024), refused when it is under 1 MiB or more than the machine has available.
    pub fn parse(text: Option<&str>) -> Result<Memory, Failure> {
        let available = grundy::work::memory_available();
        let Some(text) = text else {
            return Ok(Memory(available.map_or(1 << 30, |a| a / 2).max(1 << 20)));
        };
        let bytes = super::parse_size("--memory", text, 1 << 20)?;
        if let Some(a) = available
            && bytes > a
        {
            return Err(Failure::input(anyhow!(
                "--memory {}: more than the {} MiB this machine has available",
                grundy::parse::escaped_str(text),
                a >> 20
            )));
        }
        Ok(Memory(bytes))
    }
}
