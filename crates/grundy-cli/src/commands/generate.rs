//! `grundy gen`: one valid contest input, the same for the same seed.

use std::io::{self, Write};

use anyhow::anyhow;
use grundy::contest::{Instance, Size};

use super::problem_named;
use crate::Failure;

pub fn run(name: &str, size: Size, seed: u64, cases: Option<usize>) -> Result<(), Failure> {
    let problem = problem_named(name)?;
    let limit = problem.case_limit();
    if let Some(c) = cases
        && !(1..=limit).contains(&c)
    {
        return Err(Failure::input(anyhow!(
            "--cases {c}: expected 1 to {limit} {} (the statement's limit for {})",
            problem.case_word(),
            problem.name()
        )));
    }
    let text = Instance::generate(problem, size, cases, seed).text();
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}
