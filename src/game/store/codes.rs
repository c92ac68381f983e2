//! How machines and kind-deal situations are stored: small integer codes, their index in
//! [`MachineId::ALL`] and [`Situation::ALL`]. Every room that keys a row by machine uses these.

use crate::machine::MachineId;
use crate::pipeline::Situation;

/// A machine's code.
pub(crate) fn machine_code(machine: MachineId) -> i64 {
    MachineId::ALL.iter().position(|&m| m == machine).map_or(-1, |i| i as i64)
}

/// The machine of a code, if it is one.
pub(crate) fn machine_from_code(code: i64) -> Option<MachineId> {
    usize::try_from(code).ok().and_then(|i| MachineId::ALL.get(i).copied())
}

/// A situation's code.
pub(crate) fn situation_code(situation: Situation) -> i64 {
    Situation::ALL.iter().position(|&s| s == situation).map_or(-1, |i| i as i64)
}

/// The situation of a code, if it is one.
pub(crate) fn situation_from_code(code: i64) -> Option<Situation> {
    usize::try_from(code).ok().and_then(|i| Situation::ALL.get(i).copied())
}
