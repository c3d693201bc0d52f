//! Running someone else's program on one input, under limits.
//!
//! The program gets the input on standard input and runs in a process group of its own,
//! with an address-space limit, a CPU-time backstop and no core files. Its standard output
//! is handed, as it comes, to the caller (who compares it and keeps what it needs), so
//! the judge holds a bounded amount of it whatever the output limit and the number of runs
//! at a time. When it runs past the wall-clock limit, prints too much, or the judge is told
//! to stop, it is killed.
//!
//! Every process the run started is gone when [`run`] returns: the ones in its process
//! group, and the ones that left it (a `setsid` child, a fork bomb's), found by a mark in
//! their environment that every descendant inherits, `GRUNDY_JUDGE_RUN`. They are killed
//! until none is left. The pipes, the program and the clock are watched from the calling
//! thread alone: a run starts no thread, so a program that uses up the process limit
//! cannot make the judge fail to start one.

use std::cell::Cell;
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
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
    /// The start of its standard error (for a crash's message).
    pub stderr: Vec<u8>,
    /// Bytes of standard output, in all.
    pub printed: u64,
    /// Wall-clock time from start to end.
    pub elapsed: Duration,
}

/// The name of the mark every process of a run carries in its environment.
pub const MARK: &str = "GRUNDY_JUDGE_RUN";
/// How much of standard error is kept.
const STDERR_KEPT: usize = 4096;
/// How long the judge reads what is left in the pipes once the program and everything it
/// started are killed (the kernel closes their ends at once; this only bounds the wait).
const DRAIN_GRACE: Duration = Duration::from_secs(1);
/// How often the program is checked for its end and the judge for a stop request.
const TICK: Duration = Duration::from_millis(20);
/// How long a start refused for lack of processes is tried again (a run killed just
/// before may still be counted against the limit for a moment).
const START_RETRY: Duration = Duration::from_secs(2);

/// A mark no other run of this judge carries.
fn new_mark() -> String {
    static RUNS: AtomicU64 = AtomicU64::new(0);
    format!(
        "{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    )
}

/// Starts `command` with the limits set in the child before it runs.
fn spawn(command: &[OsString], limits: &Limits, mark: &str) -> io::Result<Child> {
    let mut cmd = Command::new(&command[0]);
    cmd.args(&command[1..])
        .env(MARK, mark)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use rustix::process::{Resource, Rlimit, setrlimit};
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
        let memory = limits.memory;
        // A CPU-time backstop, should the wall clock ever fail to stop it. CPU time adds
        // up over threads, so a program busy on every core for the whole time limit uses
        // the cores times the limit: the backstop is past that.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
        let cpu = cpu_backstop(limits.time, cores);
        // SAFETY: between fork and exec the closure only makes setrlimit and prctl system
        // calls (rustix calls the kernel directly): nothing allocates, locks or unwinds.
        unsafe {
            cmd.pre_exec(move || {
                let limit = |v| Rlimit {
                    current: Some(v),
                    maximum: Some(v),
                };
                setrlimit(Resource::As, limit(memory))?;
                setrlimit(Resource::Core, limit(0))?;
                setrlimit(Resource::Cpu, limit(cpu))?;
                // A judge killed outright (SIGKILL, the out-of-memory killer) takes the
                // program with it: the thread that started it waits for it to the end.
                #[cfg(target_os = "linux")]
                rustix::process::set_parent_process_death_signal(Some(
                    rustix::process::Signal::KILL,
                ))?;
                Ok(())
            });
        }
    }
    let started = Instant::now();
    loop {
        match cmd.spawn() {
            // Out of processes (EAGAIN): what an earlier run left may still be exiting.
            Err(e) if e.raw_os_error() == Some(11) && started.elapsed() < START_RETRY => {
                std::thread::sleep(Duration::from_millis(20));
            }
            other => return other,
        }
    }
}

/// The CPU-time limit, in seconds, of a run with wall-clock limit `time` on a machine of
/// `cores` cores: more than a program busy on every core for the whole of `time` can use.
pub fn cpu_backstop(time: Duration, cores: u64) -> u64 {
    (time.as_secs_f64().ceil() as u64).saturating_mul(cores.max(1)) + 2
}

/// Kills every process of the run: its group, and every process carrying its mark, until
/// none is left alive. Returns how many passes over the process table that took.
///
/// A process killed but not yet reaped (a zombie: the program itself until [`run`] waits
/// for it, or an orphan until init does) still counts as a member of its group, so a
/// group kill that "succeeds" proves nothing. A pass counts only the living: the ones
/// whose state in `/proc/PID/stat` is not `Z` or `X`, in the run's group or carrying its
/// mark.
fn kill_all(pid: u32, mark: &str) -> usize {
    #[cfg(unix)]
    {
        use rustix::process::{Pid, Signal, kill_process, kill_process_group};
        let needle = format!("{MARK}={mark}\0");
        // A fork bomb forks while it is being killed: go round until a pass finds nobody.
        for pass in 1..=1000 {
            if let Some(group) = Pid::from_raw(pid as i32) {
                let _ = kill_process_group(group, Signal::KILL);
            }
            let Ok(entries) = std::fs::read_dir("/proc") else {
                return pass;
            };
            let mut found = false;
            for entry in entries.flatten() {
                let Some(other) = entry
                    .file_name()
                    .to_str()
                    .and_then(|n| n.parse::<i32>().ok())
                    .and_then(Pid::from_raw)
                else {
                    continue;
                };
                if other.as_raw_nonzero().get() as u32 == std::process::id() {
                    continue;
                }
                let Some((state, group)) = state_and_group(&entry.path()) else {
                    continue;
                };
                if matches!(state, b'Z' | b'X') {
                    continue;
                }
                let ours = group == pid as i64 || {
                    // Every entry of `environ` ends in a NUL, the last one too.
                    std::fs::read(entry.path().join("environ"))
                        .is_ok_and(|env| env.windows(needle.len()).any(|w| w == needle.as_bytes()))
                };
                if ours {
                    let _ = kill_process(other, Signal::KILL);
                    found = true;
                }
            }
            if !found {
                return pass;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        1000
    }
    #[cfg(not(unix))]
    {
        let _ = (pid, mark);
        1
    }
}

/// The state letter and process group of a process, from its `/proc/PID/stat`: the fields
/// after the command name, which ends at the last `)` (a name may hold spaces and
/// parentheses).
#[cfg(unix)]
fn state_and_group(dir: &std::path::Path) -> Option<(u8, i64)> {
    let stat = std::fs::read(dir.join("stat")).ok()?;
    let close = stat.iter().rposition(|&b| b == b')')?;
    let rest = std::str::from_utf8(stat.get(close + 1..)?).ok()?;
    let mut fields = rest.split_ascii_whitespace();
    let state = *fields.next()?.as_bytes().first()?;
    let _parent = fields.next()?;
    let group = fields.next()?.parse().ok()?;
    Some((state, group))
}

/// Reads what is ready on a non-blocking pipe; `false` once it is closed.
fn read_ready(from: &mut impl Read, buf: &mut [u8], mut take: impl FnMut(&[u8])) -> bool {
    loop {
        match from.read(buf) {
            Ok(0) => return false,
            Ok(n) => take(&buf[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return true,
            Err(_) => return false,
        }
    }
}

/// The pipes still open, and what is left to write.
struct Pipes<'i> {
    stdin: Option<ChildStdin>,
    input: &'i [u8],
    stdout: Option<ChildStdout>,
    stderr: Option<ChildStderr>,
}

impl Pipes<'_> {
    /// Waits up to `wait` for a pipe to be ready, then moves what it can.
    fn pump(
        &mut self,
        wait: Duration,
        buf: &mut [u8],
        on_stdout: &mut dyn FnMut(&[u8]),
        stderr: &mut Vec<u8>,
    ) {
        #[cfg(unix)]
        {
            use rustix::event::{PollFd, PollFlags, Timespec, poll};
            let mut fds = Vec::with_capacity(3);
            if let Some(p) = &self.stdin {
                fds.push(PollFd::new(p, PollFlags::OUT));
            }
            if let Some(p) = &self.stdout {
                fds.push(PollFd::new(p, PollFlags::IN));
            }
            if let Some(p) = &self.stderr {
                fds.push(PollFd::new(p, PollFlags::IN));
            }
            if fds.is_empty() {
                std::thread::sleep(wait);
                return;
            }
            let timeout = Timespec {
                tv_sec: wait.as_secs() as i64,
                tv_nsec: i64::from(wait.subsec_nanos()),
            };
            let _ = poll(&mut fds, Some(&timeout));
        }
        if let Some(p) = &mut self.stdin {
            loop {
                if self.input.is_empty() {
                    self.stdin = None;
                    break;
                }
                match p.write(self.input) {
                    Ok(n) => self.input = &self.input[n..],
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                    // It stopped reading its input: not an error of the judge's.
                    Err(_) => {
                        self.stdin = None;
                        break;
                    }
                }
            }
        }
        if let Some(p) = &mut self.stdout
            && !read_ready(p, buf, &mut *on_stdout)
        {
            self.stdout = None;
        }
        if let Some(p) = &mut self.stderr
            && !read_ready(p, buf, |b| {
                let room = STDERR_KEPT.saturating_sub(stderr.len());
                stderr.extend_from_slice(&b[..b.len().min(room)]);
            })
        {
            self.stderr = None;
        }
    }

    fn open(&self) -> bool {
        self.stdout.is_some() || self.stderr.is_some()
    }
}

fn nonblocking<F: std::os::fd::AsFd>(pipe: Option<F>) -> io::Result<Option<F>> {
    if let Some(p) = &pipe {
        rustix::io::ioctl_fionbio(p, true)?;
    }
    Ok(pipe)
}

/// Runs `command` on `input`, handing its standard output to `on_stdout` as it comes (at
/// most the output limit of it). `stop` is asked every few milliseconds whether to give up
/// (the run then ends as [`End::Stopped`]). An error means the program could not be
/// started at all.
pub fn run(
    command: &[OsString],
    input: &[u8],
    limits: &Limits,
    stop: &(dyn Fn() -> bool + Sync),
    on_stdout: &mut dyn FnMut(&[u8]),
) -> io::Result<Outcome> {
    let mark = new_mark();
    let started = Instant::now();
    let mut child = spawn(command, limits, &mark)?;
    let pid = child.id();
    let pipes = (|| {
        Ok::<_, io::Error>(Pipes {
            stdin: nonblocking(child.stdin.take())?,
            input,
            stdout: nonblocking(child.stdout.take())?,
            stderr: nonblocking(child.stderr.take())?,
        })
    })();
    let mut pipes = match pipes {
        Ok(p) => p,
        Err(e) => {
            kill_all(pid, &mark);
            let _ = child.wait();
            return Err(e);
        }
    };
    let mut buf = vec![0u8; 64 * 1024];
    let mut stderr = Vec::new();
    let printed = Cell::new(0u64);
    let over = Cell::new(false);
    let output = limits.output as u64;
    let mut take = |b: &[u8]| {
        let before = printed.get();
        printed.set(before + b.len() as u64);
        if before < output {
            let room = (output - before) as usize;
            on_stdout(&b[..b.len().min(room)]);
        }
        if printed.get() > output {
            over.set(true);
        }
    };

    let deadline = started + limits.time;
    let mut end = None;
    let status: io::Result<ExitStatus> = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Ok(status),
            Ok(None) => {}
            Err(e) => break Err(e),
        }
        let now = Instant::now();
        if now >= deadline {
            end = Some(End::TimedOut);
        } else if stop() {
            end = Some(End::Stopped);
        }
        if end.is_some() {
            kill_all(pid, &mark);
            break child.wait();
        }
        pipes.pump(TICK.min(deadline - now), &mut buf, &mut take, &mut stderr);
        if over.get() {
            end = Some(End::TooMuchOutput);
            kill_all(pid, &mark);
            break child.wait();
        }
    };
    let elapsed = started.elapsed();
    // Whatever it started and left behind goes too, in its group or out of it; then the
    // pipes are read to their end. What the program printed is all in them: a write
    // returns only once its bytes are in the pipe.
    pipes.stdin = None;
    kill_all(pid, &mark);
    let grace = Instant::now() + DRAIN_GRACE;
    while pipes.open() && !over.get() && Instant::now() < grace {
        pipes.pump(TICK, &mut buf, &mut take, &mut stderr);
    }
    if over.get() && end.is_none() {
        end = Some(End::TooMuchOutput);
    }
    let status = status?;
    let end = end.unwrap_or_else(|| ended_by(status));
    Ok(Outcome {
        end,
        stderr,
        printed: printed.get(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn killing_a_run_ends_after_a_pass_that_finds_only_the_dead() {
        // The program and a child of it, both in the run's group; neither is reaped when
        // the kill is made, so both stay zombies in the group while `kill_all` goes round.
        let limits = Limits {
            time: Duration::from_secs(30),
            memory: 1 << 30,
            output: 1 << 20,
        };
        let mark = new_mark();
        let command: Vec<OsString> = ["sh", "-c", "sleep 30 & sleep 30"]
            .iter()
            .map(OsString::from)
            .collect();
        let mut child = spawn(&command, &limits, &mark).unwrap();
        std::thread::sleep(Duration::from_millis(100));
        let passes = kill_all(child.id(), &mark);
        assert!(
            passes <= 3,
            "{passes} passes over /proc to kill two processes"
        );
        assert_eq!(ended_by(child.wait().unwrap()), End::Signalled(9));
    }

    #[cfg(unix)]
    #[test]
    fn a_process_table_line_gives_its_state_and_group_whatever_its_name() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("stat"), "42 (a ) b (c) S 1 77 77 0 -1").unwrap();
        assert_eq!(state_and_group(dir.path()), Some((b'S', 77)));
        std::fs::write(dir.path().join("stat"), "42 (zombie) Z 1 9").unwrap();
        assert_eq!(state_and_group(dir.path()), Some((b'Z', 9)));
        std::fs::write(dir.path().join("stat"), "42 (cut").unwrap();
        assert_eq!(state_and_group(dir.path()), None);
    }

    #[test]
    fn the_cpu_backstop_never_cuts_a_program_inside_its_time_limit() {
        for cores in 1..=64 {
            for tenths in 1..=100 {
                let time = Duration::from_millis(100 * tenths);
                // Every core busy for the whole limit, and a little more.
                let busiest = time.as_secs_f64() * cores as f64;
                assert!(
                    cpu_backstop(time, cores) as f64 > busiest,
                    "{cores} cores, {time:?}"
                );
            }
        }
    }
}
