//! The edit log of a module: which cells were added, changed or removed since it was
//! started, so that a pass run again, or the verifier, can look only near them.
//!
//! Every edit of a cell goes through [`super::Module`]'s methods, and each records the
//! cell it touches: `add_cell`, `cell_mut` (whatever the caller then changes),
//! `set_operands`, `set_operand`, `remove_cell`, and `replace_all_uses` (each redirected
//! user). Port edits are not cells and are not logged. The log is off until started (the
//! builder does not pay for it) and gives up, turning into [`EditLog::Overflow`], when it
//! grows past a few entries per cell: then everything counts as edited.

use crate::ids::NetId;

/// The log of one module.
#[derive(Clone, Debug, Default)]
pub(crate) enum EditLog {
    /// Not recording.
    #[default]
    Off,
    /// The cells edited since the log started, in order, with repeats.
    On(Vec<NetId>),
    /// Too many edits to list: every cell counts as edited.
    Overflow,
}

impl EditLog {
    /// Records an edit of `id`; `cells` bounds the log's length (a few entries per cell).
    #[inline]
    pub(crate) fn record(&mut self, id: NetId, cells: usize) {
        if let EditLog::On(v) = self {
            if v.len() > 4 * cells + 1024 {
                *self = EditLog::Overflow;
            } else {
                v.push(id);
            }
        }
    }
}
