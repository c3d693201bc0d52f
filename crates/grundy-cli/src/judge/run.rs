//! Running someone else's program on one input, under limits.
//!
//! The program gets the input on standard input and runs in a process group of its own,
//! with an address-space limit, a CPU-time backstop and no core files. Its output is read
//! up to the output limit. When it runs past the wall-clock limit, prints too much, or
//! the judge is told to stop, the whole group is killed; when it ends, anything it left
//! running in its group is killed too. Every child is waited for: no zombies.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// The limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Wall-clock time.
    pub time: Duration,
    /// Address space, bytes.
    pub memory: u64,
    /// Standard output, bytes.
    pub output: usize,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// It exited with this status.
    Exited(i32),
    /// A signal ended it (not one of the judge's).
    Signalled(i32),
    /// It ran past the time limit and was killed.
    TimedOut,
    /// It printed more than the output limit and was killed.
    TooMuchOutput,
    /// The judge was told to stop (Ctrl-C) and killed it.
    Stopped,
}

/// What one run did.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// How it ended.
    pub end: End,
    /// Its standard output, at most the output limit.
    pub stdout: Vec<u8>,
    /// The start of its standard error (for a crash's message).
    pub stderr: Vec<u8>,
    /// Wall-clock time from start to end.
    pub elapsed: Duration,
}

/// How much of standard error is kept.
const STDERR_KEPT: usize = 4096;
/// How long the judge waits for the output pipes to close once the program has ended and
/// its group is killed (a descendant that left the group may hold them open).
const DRAIN_GRACE: Duration = Duration::from_secs(1);
/// How often a running program is checked for a stop request.
const TICK: Duration = Duration::from_millis(20);

/// Starts `command` with the limits set in the child before it runs.
fn spawn(command: &[OsString], limits: &Limits) -> io::Result<Child> {
    let mut cmd = Command::new(&command[0]);
    cmd.args(&command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use rustix::process::{Resource, Rlimit, setrlimit};
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
        let memory = limits.memory;
        // A CPU-time backstop, should the wall clock ever fail to stop it.
        let cpu = limits.time.as_secs() + 2;
        // SAFETY: between fork and exec the closure only makes setrlimit system calls
        // (rustix calls the kernel directly): nothing allocates, locks or unwinds.
        unsafe {
            cmd.pre_exec(move || {
                let limit = |v| Rlimit {
                    current: Some(v),
                    maximum: Some(v),
                };
                setrlimit(Resource::As, limit(memory))?;
                setrlimit(Resource::Core, limit(0))?;
                setrlimit(Resource::Cpu, limit(cpu))?;
                Ok(())
            });
        }
    }
    cmd.spawn()
}

/// Kills the process group led by `pid`; one already gone is no error.
fn kill_group(pid: u32) {
    #[cfg(unix)]
    {
        use rustix::process::{Pid, Signal, kill_process_group};
        if let Some(pid) = Pid::from_raw(pid as i32) {
            let _ = kill_process_group(pid, Signal::KILL);
        }
    }
}

/// Reads `from` to its end, keeping the first `keep` bytes; on passing `limit` (when
/// given) sends on `over` once.
fn drain(
    mut from: impl Read,
    keep: usize,
    limit: Option<usize>,
    over: mpsc::Sender<Event>,
) -> Vec<u8> {
    let mut kept = Vec::new();
    let mut total = 0usize;
    let mut buf = [0u8; 64 * 1024];
    loop {
        match from.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                if kept.len() < keep {
                    let room = keep - kept.len();
                    kept.extend_from_slice(&buf[..n.min(room)]);
                }
                let before = total;
                total = total.saturating_add(n);
                if let Some(limit) = limit
                    && before <= limit
                    && total > limit
                {
                    let _ = over.send(Event::OutputLimit);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    kept
}

enum Event {
    Exited(io::Result<ExitStatus>),
    OutputLimit,
}

/// Runs `command` on `input`. `stop` is asked every few milliseconds whether to give up
/// (the run then ends as [`End::Stopped`]). An error means the program could not be
/// started at all.
pub fn run(
    command: &[OsString],
    input: &[u8],
    limits: &Limits,
    stop: &(dyn Fn() -> bool + Sync),
) -> io::Result<Outcome> {
    let started = Instant::now();
    let mut child = spawn(command, limits)?;
    let pid = child.id();
    let (tx, rx) = mpsc::channel();
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let stdout = child.stdout.take().expect("stdout is piped");
    let stderr = child.stderr.take().expect("stderr is piped");

    // Detached threads: a descendant that escaped the group may hold a pipe open for
    // ever, and the judge does not wait on it past DRAIN_GRACE.
    let input = input.to_vec();
    thread::spawn(move || {
        // A program that stops reading its input early is not an error of the judge's.
        let _ = stdin.write_all(&input);
    });
    let (out_tx, out_rx) = mpsc::channel();
    let (err_tx, err_rx) = mpsc::channel();
    let over = tx.clone();
    let output = limits.output;
    thread::spawn(move || {
        let _ = out_tx.send(drain(stdout, output, Some(output), over));
    });
    let ignored = tx.clone();
    thread::spawn(move || {
        let _ = err_tx.send(drain(stderr, STDERR_KEPT, None, ignored));
    });
    thread::spawn(move || {
        let _ = tx.send(Event::Exited(child.wait()));
    });

    let deadline = started + limits.time;
    let mut end = None;
    let status = loop {
        let wait = TICK.min(deadline.saturating_duration_since(Instant::now()));
        match rx.recv_timeout(wait) {
            Ok(Event::Exited(status)) => break status,
            Ok(Event::OutputLimit) => {
                end.get_or_insert(End::TooMuchOutput);
                kill_group(pid);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if end.is_none() && Instant::now() >= deadline {
                    end = Some(End::TimedOut);
                    kill_group(pid);
                } else if end.is_none() && stop() {
                    end = Some(End::Stopped);
                    kill_group(pid);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Err(io::Error::other("the thread waiting for the program ended"));
            }
        }
    };
    let elapsed = started.elapsed();
    // Whatever it started and left behind in its group goes too.
    kill_group(pid);
    let status = status?;
    let stdout = out_rx.recv_timeout(DRAIN_GRACE).unwrap_or_default();
    let stderr = err_rx.recv_timeout(DRAIN_GRACE).unwrap_or_default();
    let end = end.unwrap_or_else(|| ended_by(status));
    Ok(Outcome {
        end,
        stdout,
        stderr,
        elapsed,
    })
}

fn ended_by(status: ExitStatus) -> End {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return End::Signalled(signal);
        }
    }
    End::Exited(status.code().unwrap_or(-1))
}
