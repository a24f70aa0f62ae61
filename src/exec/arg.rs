//! Kernel arguments: how a parameter is declared, and a value passed for it at launch.

use crate::exec::buffer::DeviceBuffer;

/// How a kernel parameter is declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// `__global const word*` (the module's word): read only.
    GlobalIn,
    /// `__global word*` the kernel writes.
    GlobalOut,
    /// `uint`.
    U32,
    /// `ulong`.
    U64,
    /// `__local word*`, sized at launch ([`KernelArg::Local`]).
    Local,
}

impl ArgKind {
    /// Whether `arg` may be passed for a parameter declared so.
    pub fn accepts(self, arg: &KernelArg<'_>) -> bool {
        matches!(
            (self, arg),
            (ArgKind::GlobalIn | ArgKind::GlobalOut, KernelArg::Buffer(_))
                | (ArgKind::U32, KernelArg::U32(_))
                | (ArgKind::U64, KernelArg::U64(_))
                | (ArgKind::Local, KernelArg::Local(_))
        )
    }
}

/// One kernel argument.
#[derive(Clone, Copy, Debug)]
pub enum KernelArg<'a> {
    Buffer(&'a DeviceBuffer),
    U32(u32),
    U64(u64),
    /// A `__local` buffer of this many words (of the kernel module's word) per work-group.
    Local(usize),
}
