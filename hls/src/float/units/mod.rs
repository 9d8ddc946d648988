//! Floating-point hardware units, each built inline as word-level `comb` cells.

pub mod ds_float;
pub mod ds_iter;
pub mod ds_net;
pub mod ds_unit;
pub mod fcmp;
pub mod fconv;
pub mod fdiv;
pub mod fsqrt;
