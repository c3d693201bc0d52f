//! `grundy`: solve and explain impartial games from the command line.
//!
//! Owns the exit code: 0 success, 2 bad input or usage, 1 any other failure. Every error
//! is one line on standard error, with whatever came from inputs, arguments or file names
//! escaped.
//!
//! On Unix the program starts at a C `main` of its own (`no_main`): Rust's usual start
//! reopens a closed standard output on /dev/null before any code runs, after which a
//! closed output can no longer be told from a /dev/null opened on purpose. Starting here,
//! a closed output stays closed, and the first write to it fails.

#![cfg_attr(all(unix, not(test)), no_main)]

use std::ffi::OsString;
use std::io::{self, Write};

use clap::Parser;
use clap::error::ErrorKind;
use grundy::parse::{escaped, escaped_str};
use grundy_cli::cli::Cli;
use grundy_cli::commands;

/// The entry point the C runtime calls. It does the two things Rust's own start would
/// have done that matter here: a closed pipe is an error to write to, not a signal that
/// kills (`grundy ... | head` ends quietly), and standard output is flushed at the end.
#[cfg(all(unix, not(test)))]
#[unsafe(no_mangle)]
pub extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    // SAFETY: setting a signal's disposition to SIG_IGN installs no handler of ours; it is
    // what Rust's runtime does before `main` on every Unix.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let status = run();
    let _ = io::stdout().flush();
    i32::from(status)
}

#[cfg(any(not(unix), test))]
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(run())
}

fn run() -> u8 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: to stdout, status 0.
            let _ = e.print();
            return 0;
        }
        Err(e) => {
            let line = if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                format!(
                    "error: a subcommand is required: {} (see --help)",
                    subcommand_names()
                )
            } else {
                one_line(&e.render().to_string(), std::env::args_os())
            };
            let _ = writeln!(io::stderr(), "{}", escaped_str(&line));
            return 2;
        }
    };
    if stdout_is_closed() {
        let _ = writeln!(
            io::stderr(),
            "error: standard output is closed; the results would be lost"
        );
        return 1;
    }
    grundy_cli::progress::set_quiet(cli.quiet);
    grundy_cli::signals::install();
    // Under an MPI launcher (the `mpi` feature), every rank runs the command; rank 0 alone
    // speaks for the job.
    #[cfg(feature = "mpi")]
    let mut job = grundy_cli::mpi::Mpi::job();
    #[cfg(feature = "mpi")]
    let job = job
        .as_mut()
        .map(|j| j as &mut dyn grundy::solve::distributed::Transport);
    #[cfg(not(feature = "mpi"))]
    let job: Option<&mut dyn grundy::solve::distributed::Transport> = None;
    let speaks = job.as_ref().is_none_or(|j| j.rank() == 0);
    match commands::run(cli, job) {
        Ok(()) => 0,
        Err(f) if is_broken_pipe(&f.error) => 0,
        Err(f) if f.is_quiet() || !speaks => f.status,
        Err(f) => {
            let message = format!("{:#}", f.error);
            let _ = writeln!(io::stderr(), "error: {}", escaped_str(&message));
            f.status
        }
    }
}

/// Every subcommand clap knows, in the order of `--help`: "a, b or c".
fn subcommand_names() -> String {
    use clap::CommandFactory;
    let command = Cli::command();
    let names: Vec<&str> = command
        .get_subcommands()
        .filter(|c| !c.is_hide_set() && c.get_name() != "help")
        .map(|c| c.get_name())
        .collect();
    match names.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
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
        // clap's own pointer to the help is said once, the house's way, below.
        .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
        .collect();
    let line = kept.join(" ");
    if line.contains("--help") {
        line
    } else {
        format!("{line} (see --help)")
    }
}

/// A reader that stopped listening (`grundy ... | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// `grundy ... >&-`: standard output is closed (see the module's note on `no_main`), and
/// the results would be lost. Found by a write of nothing, which fails on a closed
/// descriptor and does nothing on any open one: /dev/null opened for reading and writing,
/// as Python's `subprocess.DEVNULL` and service managers open it, is written to as asked.
fn stdout_is_closed() -> bool {
    #[cfg(unix)]
    {
        rustix::io::write(io::stdout(), &[]).is_err_and(|e| e == rustix::io::Errno::BADF)
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
        let rendered = "error: invalid value 'abc' for '--upto <N>': invalid digit found in string\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(rendered, ["grundy".into()].into_iter()),
            "error: invalid value 'abc' for '--upto <N>': invalid digit found in string (see --help)"
        );
    }

    #[test]
    fn a_bare_call_names_every_subcommand() {
        use clap::CommandFactory;
        let names = subcommand_names();
        for sub in Cli::command().get_subcommands() {
            if sub.get_name() != "help" {
                assert!(
                    names.contains(sub.get_name()),
                    "{} not in {names}",
                    sub.get_name()
                );
            }
        }
        for sub in ["quotient", "verify", "survey", "serve"]
            .into_iter()
            .filter(|&s| cfg!(feature = "web") || s != "serve")
        {
            assert!(names.contains(sub), "{names}");
        }
    }
}
