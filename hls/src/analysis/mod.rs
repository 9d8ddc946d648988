//! Analyses of the HLS IR that transforms, the scheduler and the generator read (kept
//! apart from the transforms that use them): [`ranges`], the value ranges narrowing takes
//! its widths from; [`deps`], the memory dependences of a basic block, through the
//! dependence test of [`deptest`]; [`divwidth`], how wide a divisor can be; [`scope`], what
//! a region defines, reads and touches in memory.

pub mod deps;
pub mod deptest;
pub mod divwidth;
pub mod ranges;
pub mod scope;
