//! Analyses of the HLS IR that transforms and the generator read (kept apart from the
//! transforms that use them): [`ranges`], the value ranges narrowing takes its widths from.

pub mod ranges;
