//! One declaration per kernel. `kernel_args!` declares a kernel's parameters once, as a struct
//! with one named field per parameter in the order of the OpenCL C signature; `kernel!` binds an
//! entry point of a module to such a struct and to its Rust mirror. From that one place come:
//!
//! - the declared kinds (`Args::KINDS`), which the backends check launches against and
//!   `kernels::reflect` checks against the SPIR-V (the safety net for the one thing a macro
//!   cannot see, the .cl file);
//! - the host form `Args<'a>` (buffers as `&DeviceBuffer`), taken by the kernel's `launch`;
//! - the mirror form `Args<'a, Mirror>` (buffers as the simulator's [`Global`]),
//!   built by `Args::view` from a launch's arguments, so mirror bodies read parameters by name.
//!
//! Parameter kinds: `In` (`__global const word*`), `Out` (`__global word*` it writes), `U32`,
//! `U64`, `Local` (`__local word*`, its size in words per work-group), where the word is the
//! module's ([`KernelModule::word_bits`](super::KernelModule)). `word_kernel!` declares a kernel
//! built for both words.

use crate::exec::buffer::DeviceBuffer;
use crate::exec::workgroup::Global;

/// Which side of a launch an argument struct is on: what a buffer parameter is there.
pub trait Side {
    type Buf<'a>: Copy;
}

/// The host side: buffers are device handles.
pub enum Host {}
impl Side for Host {
    type Buf<'a> = &'a DeviceBuffer;
}

/// The mirror side: buffers are the simulator's shared words.
pub enum Mirror {}
impl Side for Mirror {
    type Buf<'a> = Global<'a>;
}

/// The field type of a parameter kind.
macro_rules! arg_type {
    (In, $s:ident, $a:lifetime) => { <$s as $crate::exec::Side>::Buf<$a> };
    (Out, $s:ident, $a:lifetime) => { <$s as $crate::exec::Side>::Buf<$a> };
    (U32, $s:ident, $a:lifetime) => { u32 };
    (U64, $s:ident, $a:lifetime) => { u64 };
    (Local, $s:ident, $a:lifetime) => { usize };
}

/// The declared kind of a parameter kind.
macro_rules! arg_kind {
    (In) => {
        $crate::exec::ArgKind::GlobalIn
    };
    (Out) => {
        $crate::exec::ArgKind::GlobalOut
    };
    (U32) => {
        $crate::exec::ArgKind::U32
    };
    (U64) => {
        $crate::exec::ArgKind::U64
    };
    (Local) => {
        $crate::exec::ArgKind::Local
    };
}

/// A host field as a positional launch argument.
macro_rules! host_arg {
    (In, $v:expr) => {
        $crate::exec::KernelArg::Buffer($v)
    };
    (Out, $v:expr) => {
        $crate::exec::KernelArg::Buffer($v)
    };
    (U32, $v:expr) => {
        $crate::exec::KernelArg::U32($v)
    };
    (U64, $v:expr) => {
        $crate::exec::KernelArg::U64($v)
    };
    (Local, $v:expr) => {
        $crate::exec::KernelArg::Local($v)
    };
}

/// A positional simulator argument as a mirror field.
macro_rules! mirror_arg {
    (In, $args:ident, $i:expr) => {
        $args.global($i)
    };
    (Out, $args:ident, $i:expr) => {
        $args.global($i)
    };
    (U32, $args:ident, $i:expr) => {
        $args.u32($i)
    };
    (U64, $args:ident, $i:expr) => {
        $args.u64($i)
    };
    (Local, $args:ident, $i:expr) => {
        $args.local($i)
    };
}

macro_rules! count_args {
    () => { 0usize };
    ($head:ident $($tail:ident)*) => { 1usize + $crate::exec::count_args!($($tail)*) };
}

/// Declares a kernel's parameters: see the module documentation.
macro_rules! kernel_args {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident { $($(#[$fmeta:meta])* $field:ident : $kind:ident),* $(,)? }
    ) => {
        $(#[$meta])*
        $vis struct $name<'a, S: $crate::exec::Side = $crate::exec::Host> {
            $($(#[$fmeta])* pub $field: $crate::exec::arg_type!($kind, S, 'a),)*
        }

        impl<'a> $name<'a, $crate::exec::Host> {
            /// The declared parameter kinds, in signature order.
            pub const KINDS: &'static [$crate::exec::ArgKind] = &[$($crate::exec::arg_kind!($kind)),*];

            /// The arguments in signature order.
            pub fn to_args(&self) -> [$crate::exec::KernelArg<'a>; $crate::exec::count_args!($($field)*)] {
                [$($crate::exec::host_arg!($kind, self.$field)),*]
            }
        }

        impl<'a> $name<'a, $crate::exec::Mirror> {
            /// A launch's arguments by name, for the kernel's Rust mirror (the launch was
            /// checked against [`Self::KINDS`](#associatedconstant.KINDS) before).
            pub fn view(args: &$crate::exec::SimArgs<'a>) -> Self {
                let mut next = 0usize..;
                let mut at = move || next.next().unwrap_or_default();
                $name { $($field: $crate::exec::mirror_arg!($kind, args, at()),)* }
            }
        }

        impl $crate::exec::Kernel<$name<'static, $crate::exec::Host>> {
            /// Enqueues the kernel on `tile` of `on` over `range`. The declaration is checked
            /// (argument kinds, tiles, range), the reach is not.
            ///
            /// # Safety
            ///
            /// Every word a work-item of `range` reads or writes through a buffer of `args`
            /// (given the scalars and the contents of the buffers the kernel indexes through)
            /// lies inside that buffer, as `Launcher::launch_kernel` requires.
            pub unsafe fn launch<L: $crate::exec::Launcher + ?Sized>(
                &'static self,
                on: &L,
                tile: usize,
                range: &$crate::exec::NdRange,
                args: $name<'_, $crate::exec::Host>,
            ) -> L::Output {
                // SAFETY: the caller keeps this function's contract, which is the same.
                unsafe { on.launch_kernel(tile, &self.spec, range, &args.to_args()) }
            }
        }
    };
}

/// Declares a kernel: `static NAME: Args = "entry_point" in MODULE, mirror Body;` where `Args`
/// came from `kernel_args!` and `Body` implements [`SimKernel`](super::SimKernel).
macro_rules! kernel {
    ($(
        $(#[$meta:meta])*
        $vis:vis static $spec:ident : $args:ident = $name:literal in $module:path, mirror $sim:expr;
    )*) => {$(
        $(#[$meta])*
        $vis static $spec: $crate::exec::Kernel<$args<'static>> =
            $crate::exec::Kernel::new($crate::exec::KernelSpec {
                name: $name,
                module: &$module,
                args: <$args<'static>>::KINDS,
                sim: &$sim,
            });
    )*};
}

/// Declares a kernel built for both words: `static NAME: Args = "entry_point" in MODULE |
/// MODULE_W32, mirror Body::<G..>;`, where `Body`'s first generic parameter is the word
/// (`Body<W, G..>(PhantomData<W>)`): the 64-bit build runs `Body::<u64, G..>`, the 32-bit one
/// `Body::<u32, G..>`.
macro_rules! word_kernel {
    ($(
        $(#[$meta:meta])*
        $vis:vis static $spec:ident : $args:ident = $name:literal in $m64:path | $m32:path,
            mirror $sim:ident $(::<$($g:tt),*>)?;
    )*) => {$(
        $(#[$meta])*
        $vis static $spec: $crate::exec::WordKernel<$args<'static>> = $crate::exec::WordKernel {
            w64: $crate::exec::Kernel::new($crate::exec::KernelSpec {
                name: $name,
                module: &$m64,
                args: <$args<'static>>::KINDS,
                sim: &$sim::<u64 $($(, $g)*)?>(::std::marker::PhantomData),
            }),
            w32: $crate::exec::Kernel::new($crate::exec::KernelSpec {
                name: $name,
                module: &$m32,
                args: <$args<'static>>::KINDS,
                sim: &$sim::<u32 $($(, $g)*)?>(::std::marker::PhantomData),
            }),
        };
    )*};
}

pub(crate) use {
    arg_kind, arg_type, count_args, host_arg, kernel, kernel_args, mirror_arg, word_kernel,
};
