//! The ranks of an MPI job as a [`Transport`] (the `mpi` feature): the library's
//! distributed solve exchanges batches through `MPI_Alltoallv`, agrees on counts through
//! `MPI_Allreduce`, and posts batches that no rank waits for through `MPI_Isend`, taken
//! with `MPI_Improbe` and `MPI_Mrecv`. Before each collective the ranks meet at an
//! `MPI_Ibarrier` that a waiting rank tests between sleeps, so no rank spins while it waits.

use grundy::solve::distributed::{Backoff, Transport};
use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::environment::Universe;
use mpi::point_to_point::MatchedReceiveVec;
use mpi::request::{Request, StaticScope};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;

/// Variables an MPI launcher (`mpirun` of Open MPI or MPICH, Slurm's `srun`) sets in each
/// process it starts.
const LAUNCHED: [&str; 4] = [
    "OMPI_COMM_WORLD_SIZE",
    "PMI_SIZE",
    "PMIX_RANK",
    "SLURM_STEP_ID",
];

/// This process's place in an MPI job.
pub struct Mpi {
    /// Batches posted and not yet known to have left, each with the buffer MPI reads.
    posted: Vec<Posted>,
    // Finalises MPI when dropped, after the world is gone.
    world: SimpleCommunicator,
    _universe: Universe,
}

/// A batch on its way: MPI reads `buffer` until `request` completes.
struct Posted {
    request: Request<'static, [u8], StaticScope>,
    buffer: *mut [u8],
}

impl Posted {
    /// Starts sending `batch` to rank `to`.
    fn new(world: &SimpleCommunicator, to: usize, batch: Vec<u8>) -> Posted {
        let buffer = Box::into_raw(batch.into_boxed_slice());
        // SAFETY: `buffer` is a live allocation that nothing frees or writes until the
        // request completes (`Posted::done`, `Posted::wait`), so MPI may read it until then.
        let data: &'static [u8] = unsafe { &*buffer };
        let request = world
            .process_at_rank(to as i32)
            .immediate_send(StaticScope, data);
        Posted { request, buffer }
    }

    /// Frees the buffer of a completed request.
    fn free(buffer: *mut [u8]) {
        // SAFETY: made by `Box::into_raw` in `Posted::new`, freed once, after MPI is done
        // with it.
        drop(unsafe { Box::from_raw(buffer) });
    }

    /// `None` once the batch has left (its buffer freed), else the batch still on its way.
    fn done(self) -> Option<Posted> {
        match self.request.test() {
            Ok(_) => {
                Self::free(self.buffer);
                None
            }
            Err(request) => Some(Posted {
                request,
                buffer: self.buffer,
            }),
        }
    }

    /// Waits until the batch has left.
    fn wait(self) {
        self.request.wait();
        Self::free(self.buffer);
    }
}

impl Drop for Mpi {
    fn drop(&mut self) {
        // Every batch posted is taken by its rank in the same phase, so these complete.
        for p in self.posted.drain(..) {
            p.wait();
        }
    }
}

impl Mpi {
    /// The job this process belongs to, when a launcher started it; `None` for a process
    /// started by hand (which then runs as the default build does).
    pub fn job() -> Option<Mpi> {
        if !LAUNCHED.iter().any(|v| std::env::var_os(v).is_some()) {
            return None;
        }
        let universe = mpi::initialize()?;
        let world = universe.world();
        Some(Mpi {
            posted: Vec::new(),
            world,
            _universe: universe,
        })
    }
}

/// Where each rank's batch starts in one buffer.
fn starts(counts: &[i32]) -> Vec<i32> {
    counts
        .iter()
        .scan(0i32, |at, &n| {
            let start = *at;
            *at += n;
            Some(start)
        })
        .collect()
}

impl Mpi {
    /// Waits until every rank has come this far, sleeping between looks
    /// ([`Backoff`]). MPI's blocking collectives poll without pause while they wait, and
    /// a rank that reaches one early would spin its core all the while the others work;
    /// after this meeting the collective that follows waits for nobody.
    fn meet(&self) {
        if self.world.size() == 1 {
            return;
        }
        let mut request = Some(self.world.immediate_barrier());
        Backoff::until(|| match request.take().map(|r| r.test()) {
            Some(Err(r)) => {
                request = Some(r);
                false
            }
            _ => true,
        });
    }
}

impl Transport for Mpi {
    fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    fn ranks(&self) -> usize {
        self.world.size() as usize
    }

    fn exchange(&mut self, out: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        let ranks = self.ranks();
        // A batch is bounded by the solve's rounds (tens of MiB), far below 2 GiB.
        let sent: Vec<i32> = out
            .iter()
            .map(|b| i32::try_from(b.len()).expect("a batch under 2 GiB"))
            .collect();
        let mut got = vec![0i32; ranks];
        self.meet();
        self.world.all_to_all_into(&sent[..], &mut got[..]);
        // Never an empty allocation: the dangling address of an empty Vec is 1, which MPI
        // reads as MPI_IN_PLACE.
        let mut flat: Vec<u8> = Vec::with_capacity(out.iter().map(Vec::len).sum::<usize>().max(1));
        for batch in &out {
            flat.extend_from_slice(batch);
        }
        let total: usize = got.iter().map(|&n| n as usize).sum();
        let mut into = vec![0u8; total.max(1)];
        {
            let (sent_at, got_at) = (starts(&sent), starts(&got));
            let send = Partition::new(&flat[..], &sent[..], &sent_at[..]);
            let mut recv = PartitionMut::new(&mut into[..total], &got[..], &got_at[..]);
            self.world.all_to_all_varcount_into(&send, &mut recv);
        }
        let mut rest = &into[..];
        got.iter()
            .map(|&n| {
                let (batch, tail) = rest.split_at(n as usize);
                rest = tail;
                batch.to_vec()
            })
            .collect()
    }

    fn max(&mut self, x: u64) -> u64 {
        let mut m = 0u64;
        self.meet();
        self.world
            .all_reduce_into(&x, &mut m, SystemOperation::max());
        m
    }

    fn post(&mut self, to: usize, batch: Vec<u8>) {
        self.posted.push(Posted::new(&self.world, to, batch));
    }

    fn poll(&mut self) -> Option<Vec<u8>> {
        self.posted = std::mem::take(&mut self.posted)
            .into_iter()
            .filter_map(Posted::done)
            .collect();
        let matched = self.world.any_process().immediate_matched_probe()?;
        Some(matched.matched_receive_vec::<u8>().0)
    }
}
