//! `--emit mlir` of a register with an enable and an initial value. `seq.firreg` (which
//! carries other registers' power-on value as `preset`) has no enable, so such a register
//! is written as CIRCT writes it: `seq.compreg.ce ... initial %v` after a `seq.initial` that
//! yields the value (CIRCT since 2024), or, under an explicit `--dialect circt`,
//! `seq.compreg.ce ... powerOn %c` after an `hw.constant` (CIRCT 1.62, the PyPI release
//! that the interop tests run, which has no `seq.initial`). Both read back.

use crate::mlir_circt::Fresh;
use comb::Bits;

/// The op(s) giving `value` in custom form, and the name of the value to put after
/// `initial` (or `powerOn` when `power_on`).
pub(crate) fn initial_op(value: &Bits, power_on: bool, fresh: &mut Fresh) -> (String, String) {
    let attr = super::mlir::int_attr(value);
    if power_on {
        let c = fresh.take();
        return (format!("{c} = hw.constant {attr}"), c);
    }
    let (init, c) = (fresh.take(), fresh.take());
    let w = value.width();
    let text = format!(
        "{init} = seq.initial() {{\n      {c} = hw.constant {attr}\n      seq.yield {c} : i{w}\n    }} : () -> !seq.immutable<i{w}>"
    );
    (text, init)
}

/// The op giving `value` in generic form, the name of its result and that result's type:
/// a `seq.initial` (`!seq.immutable<iW>`), or when `power_on` (CIRCT 1.62's form, whose
/// register takes a plain power-on value) an `hw.constant` (`iW`).
pub(crate) fn generic_initial_op(
    value: &Bits,
    power_on: bool,
    fresh: &mut Fresh,
) -> (String, String, String) {
    let w = value.width();
    let attr = super::mlir::int_attr(value);
    if power_on {
        let c = fresh.take();
        return (format!("{c} = \"hw.constant\"() {{value = {attr}}} : () -> i{w}"), c, format!("i{w}"));
    }
    let (init, c) = (fresh.take(), fresh.take());
    let text = format!(
        "{init} = \"seq.initial\"() ({{\n      {c} = \"hw.constant\"() {{value = {attr}}} : () -> i{w}\n      \"seq.yield\"({c}) : (i{w}) -> ()\n    }}) : () -> !seq.immutable<i{w}>"
    );
    (text, init, format!("!seq.immutable<i{w}>"))
}
