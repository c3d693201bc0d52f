//! Engines for one-parameter heap families: the plain table loop and periods.

mod period;
pub mod sparse;
pub(crate) mod table_loop;

pub use period::{Period, proven_period};
