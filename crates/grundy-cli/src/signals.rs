//! SIGINT and SIGTERM: end the process at once (removing the temporary files of saves in
//! flight), or — while a computation that checkpoints is running — let it save first.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// A computation that saves and stops on request is running.
static DEFERRING: AtomicBool = AtomicBool::new(false);
/// The signal received while deferring, or 0.
static PENDING: AtomicI32 = AtomicI32::new(0);

/// Starts the thread that waits for SIGINT and SIGTERM. The handlers are registered by
/// that thread, and this waits until they are: when the system will not start a thread (a
/// limit on processes), none is registered and both signals keep their default action.
pub fn install() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGINT, SIGTERM};
        let (ready, registered) = std::sync::mpsc::sync_channel::<()>(1);
        let started = std::thread::Builder::new()
            .name("grundy-signals".into())
            .spawn(move || {
                let signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]);
                let _ = ready.send(());
                let Ok(mut signals) = signals else {
                    return;
                };
                for signal in signals.forever() {
                    // The first signal while deferring is left to the computation; a
                    // second one ends the process anyway.
                    if DEFERRING.load(Ordering::SeqCst)
                        && PENDING
                            .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
                            .is_ok()
                    {
                        continue;
                    }
                    end_by(signal);
                }
            });
        if started.is_ok() {
            let _ = registered.recv();
        }
    }
}

/// Ends the process by `signal`, as if it had not been caught, after removing the
/// temporary files of saves in flight.
pub fn end_by(signal: i32) -> ! {
    grundy::store::abandon_unfinished();
    #[cfg(unix)]
    {
        let _ = signal_hook::low_level::emulate_default_handler(signal);
    }
    std::process::exit(128 + signal);
}

/// While the guard lives, a first SIGINT or SIGTERM is only recorded: see [`Deferring::pending`].
pub struct Deferring(());

impl Deferring {
    /// Starts deferring.
    pub fn start() -> Deferring {
        DEFERRING.store(true, Ordering::SeqCst);
        Deferring(())
    }

    /// The signal received since, if any.
    pub fn pending(&self) -> Option<i32> {
        match PENDING.load(Ordering::SeqCst) {
            0 => None,
            s => Some(s),
        }
    }
}

impl Drop for Deferring {
    fn drop(&mut self) {
        DEFERRING.store(false, Ordering::SeqCst);
        // A signal that came in the meantime still ends the process.
        let s = PENDING.swap(0, Ordering::SeqCst);
        if s != 0 {
            end_by(s);
        }
    }
}
