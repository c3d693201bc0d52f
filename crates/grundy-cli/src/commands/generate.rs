//! `grundy gen`: one valid contest input, the same for the same seed.

use std::io::{self, Write};

use anyhow::anyhow;
use grundy::contest::{Instance, Size};

use super::problem_named;
use crate::Failure;

pub fn run(name: &str, size: Size, seed: u64, cases: Option<usize>) -> Result<(), Failure> {
    let problem = problem_named(name)?;
    if let Some(c) = cases {
        problem
            .check_cases(c)
            .map_err(|m| Failure::input(anyhow!("--cases {c}: {m}")))?;
    }
    let text = Instance::generate(problem, size, cases, seed).text();
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}
