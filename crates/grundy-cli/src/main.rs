//! `grundy`: solve and explain impartial games from the command line.
//!
//! Owns the exit code: 0 success, 2 bad input or usage, 1 any other failure. Every error
//! is one line on standard error, with whatever came from inputs, arguments or file names
//! escaped.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;
use grundy::parse::{escaped, escaped_str};
use grundy_cli::cli::Cli;
use grundy_cli::commands;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: to stdout, status 0.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let line = if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                "error: a subcommand is required: solve, analyze, sequence, explore, table, gen, judge, serve or picture (see --help)".into()
            } else {
                one_line(&e.render().to_string(), std::env::args_os())
            };
            let _ = writeln!(io::stderr(), "{}", escaped_str(&line));
            return ExitCode::from(2);
        }
    };
    if stdout_is_closed() {
        let _ = writeln!(
            io::stderr(),
            "error: standard output is closed; the results would be lost"
        );
        return ExitCode::FAILURE;
    }
    grundy_cli::signals::install();
    match commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) if is_broken_pipe(&f.error) => ExitCode::SUCCESS,
        Err(f) if f.is_quiet() => ExitCode::from(f.status),
        Err(f) => {
            let message = format!("{:#}", f.error);
            let _ = writeln!(io::stderr(), "error: {}", escaped_str(&message));
            ExitCode::from(f.status)
        }
    }
}

/// clap's usage error on one line, like every other error: its message and tips joined,
/// the usage block dropped (`--help` shows it). Arguments that hold line breaks or other
/// controls are escaped first, so their breaks are not taken for clap's.
fn one_line(rendered: &str, args: impl Iterator<Item = OsString>) -> String {
    let mut text = rendered.to_string();
    for arg in args {
        let raw = arg.to_string_lossy();
        let shown = escaped(raw.as_bytes());
        if shown != raw && !raw.is_empty() {
            text = text.replace(raw.as_ref(), &shown);
        }
    }
    let kept: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:"))
        .filter(|l| !l.is_empty())
        .collect();
    format!("{} (see --help)", kept.join(" "))
}

/// A reader that stopped listening (`grundy ... | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// `grundy ... >&-`: the Rust runtime reopens a closed standard descriptor on /dev/null
/// before `main`, so every write would vanish and the work be done for nothing. It opens
/// it read-write, which a shell's `> /dev/null` never does: that pair is the sign.
fn stdout_is_closed() -> bool {
    #[cfg(unix)]
    {
        use rustix::fs::{FileType, OFlags};
        let out = io::stdout();
        let (Ok(flags), Ok(stat), Ok(null)) = (
            rustix::fs::fcntl_getfl(&out),
            rustix::fs::fstat(&out),
            rustix::fs::stat("/dev/null"),
        ) else {
            return false;
        };
        FileType::from_raw_mode(stat.st_mode) == FileType::CharacterDevice
            && stat.st_rdev == null.st_rdev
            && flags & OFlags::ACCMODE == OFlags::RDWR
    }
    #[cfg(not(unix))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_errors_keep_arguments_on_one_line() {
        let rendered =
            "error: unexpected argument 'a\nb' found\n\n  tip: try '--x'\n\nUsage: grundy\n";
        let line = one_line(rendered, ["grundy".into(), "a\nb".into()].into_iter());
        assert_eq!(
            line,
            "error: unexpected argument 'a\\nb' found tip: try '--x' (see --help)"
        );
    }
}
