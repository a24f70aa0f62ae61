//! Rust mirrors of kernels-cl/ntt_forward.cl: the forward negacyclic NTT kernels (SEAL's
//! `transform_to_rev` with Harvey's lazy butterflies) run by cpu-sim.

use super::mod_arith::{guard, mul_shoup_lazy, reduce_4q, MODULUS_WORDS};
use super::{ArgKind, KernelModule, KernelSpec};
use crate::runtime::sim::workgroup::{Global, SimArgs, SimKernel, WorkGroup, WorkItem};

pub static MODULE: KernelModule = KernelModule {
    name: "ntt_forward",
    source: include_str!("../../kernels-cl/ntt_forward.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_forward.spv"),
};

use ArgKind::{GlobalIn as In, GlobalOut as Out, Local, U32};

/// `xehe_ct_butterfly`.
#[inline(always)]
pub(crate) fn ct_butterfly(x: &mut u64, y: &mut u64, w: u64, ws: u64, q: u64, two_q: u64) {
    let u = guard(*x, two_q);
    let v = mul_shoup_lazy(*y, w, ws, q);
    *x = u.wrapping_add(v);
    *y = u.wrapping_sub(v).wrapping_add(two_q);
}

/// `xehe_poly_base`.
#[inline(always)]
pub(crate) fn poly_base(it: &WorkItem, n: u32, rns_count: u32) -> usize {
    it.global_id[2] * n as usize * rns_count as usize + it.global_id[1] * n as usize
}

/// `ntt_fwd_radix2(data, roots, roots_shoup, moduli, n, rns_count, m, reduce)`.
pub struct NttFwdRadix2;
pub static NTT_FWD_RADIX2: KernelSpec = KernelSpec {
    name: "ntt_fwd_radix2",
    module: &MODULE,
    args: &[Out, In, In, In, U32, U32, U32, U32],
    sim: &NttFwdRadix2,
};
impl SimKernel for NttFwdRadix2 {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (data, roots, roots_shoup, moduli) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
        );
        let (n, rns_count, m, reduce) = (args.u32(4), args.u32(5), args.u32(6), args.u32(7));
        wg.phase(|it, _, _| {
            let k = it.global_id[0] as u32;
            let rns = it.global_id[1] as u32;
            let p = poly_base(it, n, rns_count);
            let t = n / (2 * m);
            let i = k >> (31 - t.leading_zeros());
            let j = (2 * i * t + (k & (t - 1))) as usize;
            let q = moduli.load(rns as usize * MODULUS_WORDS);
            let two_q = 2 * q;
            let wi = rns as usize * n as usize + (m + i) as usize;
            let mut x = data.load(p + j);
            let mut y = data.load(p + j + t as usize);
            ct_butterfly(
                &mut x,
                &mut y,
                roots.load(wi),
                roots_shoup.load(wi),
                q,
                two_q,
            );
            if reduce != 0 {
                x = reduce_4q(x, q, two_q);
                y = reduce_4q(y, q, two_q);
            }
            data.store(p + j, x);
            data.store(p + j + t as usize, y);
        });
    }
}

/// `ntt_reduce_4q(data, moduli, n, rns_count)`.
pub struct NttReduce4q;
pub static NTT_REDUCE_4Q: KernelSpec = KernelSpec {
    name: "ntt_reduce_4q",
    module: &MODULE,
    args: &[Out, In, U32, U32],
    sim: &NttReduce4q,
};
impl SimKernel for NttReduce4q {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (data, moduli) = (args.global(0), args.global(1));
        let (n, rns_count) = (args.u32(2), args.u32(3));
        wg.phase(|it, _, _| {
            let i = poly_base(it, n, rns_count) + it.global_id[0];
            let q = moduli.load(it.global_id[1] * MODULUS_WORDS);
            data.store(i, reduce_4q(data.load(i), q, 2 * q));
        });
    }
}

/// `xehe_fwd_tree`: rounds m, 2m, … on one work-item's 2^log_r words (`w`: the component's
/// offset in the tables).
#[allow(clippy::too_many_arguments)]
fn fwd_tree(
    x: &mut [u64; 16],
    roots: Global<'_>,
    roots_shoup: Global<'_>,
    w: usize,
    q: u64,
    two_q: u64,
    m: u32,
    i: u32,
    log_r: u32,
) {
    let r = 1u32 << log_r;
    for s in 0..log_r {
        let h = r >> (s + 1);
        let blocks = 1u32 << s;
        for b in 0..blocks {
            let wi = w + ((m << s) + i * blocks + b) as usize;
            let (wv, wsv) = (roots.load(wi), roots_shoup.load(wi));
            for e in 0..h {
                let c = (b * 2 * h + e) as usize;
                let (lo, hi) = x.split_at_mut(c + h as usize);
                ct_butterfly(&mut lo[c], &mut hi[0], wv, wsv, q, two_q);
            }
        }
    }
}

/// `xehe_ntt_fwd_pass` for one work-item.
#[allow(clippy::too_many_arguments)]
fn fwd_pass(
    it: &WorkItem,
    data: Global<'_>,
    roots: Global<'_>,
    roots_shoup: Global<'_>,
    moduli: Global<'_>,
    n: u32,
    rns_count: u32,
    m: u32,
    log_r: u32,
) {
    let r = 1u32 << log_r;
    let k = it.global_id[0] as u32;
    let rns = it.global_id[1];
    let t = n / (2 * m);
    let t_min = t >> (log_r - 1);
    let i = k >> (31 - t_min.leading_zeros());
    let o = k & (t_min - 1);
    let p = poly_base(it, n, rns_count) + (2 * i * t + o) as usize;
    let w = rns * n as usize;
    let q = moduli.load(rns * MODULUS_WORDS);
    let two_q = 2 * q;
    let mut x = [0u64; 16];
    for c in 0..r {
        x[c as usize] = data.load(p + (c * t_min) as usize);
    }
    fwd_tree(&mut x, roots, roots_shoup, w, q, two_q, m, i, log_r);
    for c in 0..r {
        data.store(p + (c * t_min) as usize, x[c as usize]);
    }
}

macro_rules! fwd_pass_kernel {
    ($ty:ident, $spec:ident, $name:literal, $log_r:literal) => {
        #[doc = concat!("`", $name, "(data, roots, roots_shoup, moduli, n, rns_count, m)`.")]
        pub struct $ty;
        pub static $spec: KernelSpec = KernelSpec {
            name: $name,
            module: &MODULE,
            args: &[Out, In, In, In, U32, U32, U32],
            sim: &$ty,
        };
        impl SimKernel for $ty {
            fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
                let (data, roots, roots_shoup, moduli) = (
                    args.global(0),
                    args.global(1),
                    args.global(2),
                    args.global(3),
                );
                let (n, rns_count, m) = (args.u32(4), args.u32(5), args.u32(6));
                wg.phase(|it, _, _| {
                    fwd_pass(
                        it,
                        data,
                        roots,
                        roots_shoup,
                        moduli,
                        n,
                        rns_count,
                        m,
                        $log_r,
                    )
                });
            }
        }
    };
}
fwd_pass_kernel!(NttFwdRadix4, NTT_FWD_RADIX4, "ntt_fwd_radix4", 2);
fwd_pass_kernel!(NttFwdRadix8, NTT_FWD_RADIX8, "ntt_fwd_radix8", 3);
fwd_pass_kernel!(NttFwdRadix16, NTT_FWD_RADIX16, "ntt_fwd_radix16", 4);

/// The first phase of the local-memory kernels (both directions):
/// `for (e = lid; e < block; e += g_size) buf[e] = p[e];` with `p = base(item)`.
pub(crate) fn load_block(
    wg: &mut WorkGroup<'_>,
    data: Global<'_>,
    block: u32,
    base: impl Fn(&WorkItem) -> usize,
) {
    wg.phase(|it, buf, _| {
        let p = base(it);
        for e in (it.local_id[0]..block as usize).step_by(it.local_size[0]) {
            buf[e] = data.load(p + e);
        }
    });
}

/// The last phase of the local-memory kernels: `p[e] = map(buf[e])`.
pub(crate) fn store_block(
    wg: &mut WorkGroup<'_>,
    data: Global<'_>,
    block: u32,
    base: impl Fn(&WorkItem) -> usize,
    map: impl Fn(&WorkItem, u64) -> u64,
) {
    wg.phase(|it, buf, _| {
        let p = base(it);
        for e in (it.local_id[0]..block as usize).step_by(it.local_size[0]) {
            data.store(p + e, map(it, buf[e]));
        }
    });
}

/// `xehe_fwd_local_chunk` for one work-item.
#[allow(clippy::too_many_arguments)]
fn fwd_local_chunk(
    it: &WorkItem,
    buf: &mut [u64],
    roots: Global<'_>,
    roots_shoup: Global<'_>,
    w: usize,
    q: u64,
    two_q: u64,
    block: u32,
    log_block: u32,
    g: u32,
    m: u32,
    log_t: u32,
    log_r: u32,
) {
    let r = 1u32 << log_r;
    let t = 1u32 << log_t;
    let log_t_min = log_t + 1 - log_r;
    let t_min = 1u32 << log_t_min;
    let i0 = g << (log_block - 1 - log_t);
    for b in (it.local_id[0] as u32..block >> log_r).step_by(it.local_size[0]) {
        let il = b >> log_t_min;
        let p = (2 * il * t + (b & (t_min - 1))) as usize;
        let mut x = [0u64; 16];
        for c in 0..r {
            x[c as usize] = buf[p + (c * t_min) as usize];
        }
        fwd_tree(&mut x, roots, roots_shoup, w, q, two_q, m, i0 + il, log_r);
        for c in 0..r {
            buf[p + (c * t_min) as usize] = x[c as usize];
        }
    }
}

/// `ntt_fwd_local[_radixR](data, roots, roots_shoup, moduli, n, rns_count, m, reduce, buf)`:
/// `xehe_ntt_fwd_local` with log_r = `LOG_R`.
pub struct NttFwdLocal<const LOG_R: u32>;
macro_rules! fwd_local_kernel {
    ($spec:ident, $name:literal, $log_r:literal) => {
        pub static $spec: KernelSpec = KernelSpec {
            name: $name,
            module: &MODULE,
            args: &[Out, In, In, In, U32, U32, U32, U32, Local],
            sim: &NttFwdLocal::<$log_r>,
        };
    };
}
fwd_local_kernel!(NTT_FWD_LOCAL, "ntt_fwd_local", 1);
fwd_local_kernel!(NTT_FWD_LOCAL_RADIX4, "ntt_fwd_local_radix4", 2);
fwd_local_kernel!(NTT_FWD_LOCAL_RADIX8, "ntt_fwd_local_radix8", 3);
fwd_local_kernel!(NTT_FWD_LOCAL_RADIX16, "ntt_fwd_local_radix16", 4);

impl<const LOG_R: u32> SimKernel for NttFwdLocal<LOG_R> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        args.local(8)
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (data, roots, roots_shoup, moduli) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
        );
        let (n, rns_count, m, reduce) = (args.u32(4), args.u32(5), args.u32(6), args.u32(7));
        let block = n / m;
        let log_block = 31 - block.leading_zeros();
        let base = |it: &WorkItem| poly_base(it, n, rns_count) + it.group_id[0] * block as usize;
        load_block(wg, data, block, base);
        // barrier(CLK_LOCAL_MEM_FENCE)
        let mut ms = m;
        let mut remaining = log_block;
        let chunk = |wg: &mut WorkGroup<'_>, ms: u32, log_t: u32, log_r: u32| {
            wg.phase(|it, buf, _| {
                let rns = it.global_id[1];
                let q = moduli.load(rns * MODULUS_WORDS);
                let g = it.group_id[0] as u32;
                fwd_local_chunk(
                    it,
                    buf,
                    roots,
                    roots_shoup,
                    rns * n as usize,
                    q,
                    2 * q,
                    block,
                    log_block,
                    g,
                    ms,
                    log_t,
                    log_r,
                );
            });
            // barrier(CLK_LOCAL_MEM_FENCE)
        };
        while remaining >= LOG_R {
            chunk(wg, ms, remaining - 1, LOG_R);
            ms <<= LOG_R;
            remaining -= LOG_R;
        }
        while remaining > 0 {
            chunk(wg, ms, remaining - 1, 1);
            ms <<= 1;
            remaining -= 1;
        }
        store_block(wg, data, block, base, |it, v| {
            let q = moduli.load(it.global_id[1] * MODULUS_WORDS);
            if reduce != 0 {
                reduce_4q(v, q, 2 * q)
            } else {
                v
            }
        });
    }
}
