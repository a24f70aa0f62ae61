//! Rust mirrors of kernels-cl/copy_u64.cl: the bandwidth reference kernel, and the fill that
//! wipes buffers on the device.
//!
//! One build, in 64-bit words, serves both word sizes: these kernels move storage, not
//! residues, so no word of theirs is reduced or compared. Every 32-bit array fills whole
//! 64-bit words (a row is n words, n a power of two ≥ 2), so a 32-bit span's offsets and
//! length are its [`WordSize::storage_words`](crate::exec::WordSize::storage_words), and a
//! 32-bit fill value v is `v | v << 32`. Copying 64 bits per work-item also keeps the roofline
//! at the widest load.

use crate::exec::{kernel, kernel_args, KernelModule, SimArgs, SimKernel, WorkGroup};

pub static MODULE: KernelModule = KernelModule {
    name: "copy_u64",
    source: include_str!("../../kernels-cl/copy_u64.cl"),
    spirv: include_bytes!("../../spirv-kernels/copy_u64.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[&COPY_U64.spec, &COPY_U64_SPAN.spec, &FILL_U64.spec],
};

kernel_args! {
    /// `copy_u64(src, dst)` over a 1-D range.
    pub struct CopyArgs { src: In, dst: Out }
}
kernel_args! {
    /// `copy_u64_span(src, dst, src_offset, dst_offset)` over a 1-D range of the words moved.
    pub struct SpanArgs { src: In, dst: Out, src_offset: U64, dst_offset: U64 }
}
kernel_args! {
    /// `fill_u64(dst, value)` over a 1-D range.
    pub struct FillArgs { dst: Out, value: U64 }
}
kernel! {
    pub static COPY_U64: CopyArgs = "copy_u64" in MODULE, mirror CopyU64;
    pub static COPY_U64_SPAN: SpanArgs = "copy_u64_span" in MODULE, mirror CopyU64Span;
    pub static FILL_U64: FillArgs = "fill_u64" in MODULE, mirror FillU64;
}

pub struct FillU64;
impl SimKernel for FillU64 {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let FillArgs { dst, value } = FillArgs::view(args);
        wg.phase(|it, _, _| dst.store(it.global_id[0], value));
    }
}

pub struct CopyU64;
impl SimKernel for CopyU64 {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let CopyArgs { src, dst } = CopyArgs::view(args);
        wg.phase(|it, _, _| {
            let i = it.global_id[0];
            dst.store(i, src.load(i));
        });
    }
}

pub struct CopyU64Span;
impl SimKernel for CopyU64Span {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = SpanArgs::view(args);
        let (src, dst) = (
            a.src.at(a.src_offset as usize),
            a.dst.at(a.dst_offset as usize),
        );
        wg.phase(|it, _, _| {
            let i = it.global_id[0];
            dst.store(i, src.load(i));
        });
    }
}
