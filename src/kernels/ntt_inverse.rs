//! Rust mirrors of kernels-cl/ntt_inverse.cl: the inverse negacyclic NTT kernels (SEAL's
//! `transform_from_rev`, last round merged with the scaling by n^-1) run by cpu-sim.

use super::mod_arith::{guard, mul_shoup_lazy, sub_if_ge, MODULUS_WORDS};
use super::ntt_forward::{load_block, poly_base, store_block};
use super::{ArgKind, KernelModule, KernelSpec};
use crate::runtime::sim::workgroup::{Global, SimArgs, SimKernel, WorkGroup, WorkItem};

pub static MODULE: KernelModule = KernelModule {
    name: "ntt_inverse",
    source: include_str!("../../kernels-cl/ntt_inverse.cl"),
    spirv: include_bytes!("../../spirv-kernels/ntt_inverse.spv"),
};

/// Words per RNS component in the `consts` table: n^-1, its Shoup quotient,
/// n^-1 · inv_roots[n-1], its quotient.
pub const NTT_CONST_WORDS: usize = 4;

use ArgKind::{GlobalIn as In, GlobalOut as Out, Local, U32};

/// `xehe_gs_butterfly`.
#[inline(always)]
fn gs_butterfly(x: &mut u64, y: &mut u64, w: u64, ws: u64, q: u64, two_q: u64) {
    let (u, v) = (*x, *y);
    *x = guard(u.wrapping_add(v), two_q);
    *y = mul_shoup_lazy(u.wrapping_sub(v).wrapping_add(two_q), w, ws, q);
}

/// `xehe_gs_last`.
#[inline(always)]
fn gs_last(x: &mut u64, y: &mut u64, consts: Global<'_>, c: usize, q: u64, two_q: u64) {
    let u = guard(*x, two_q);
    let v = *y;
    *x = sub_if_ge(
        mul_shoup_lazy(
            guard(u.wrapping_add(v), two_q),
            consts.load(c),
            consts.load(c + 1),
            q,
        ),
        q,
    );
    *y = sub_if_ge(
        mul_shoup_lazy(
            u.wrapping_sub(v).wrapping_add(two_q),
            consts.load(c + 2),
            consts.load(c + 3),
            q,
        ),
        q,
    );
}

/// `xehe_inv_root_index`.
#[inline(always)]
fn inv_root_index(n: u32, m: u32, i: u32) -> u32 {
    n - 2 * m + 1 + i
}

/// `ntt_inv_radix2(data, roots, roots_shoup, moduli, n, rns_count, m)`.
pub struct NttInvRadix2;
pub static NTT_INV_RADIX2: KernelSpec = KernelSpec {
    name: "ntt_inv_radix2",
    module: &MODULE,
    args: &[Out, In, In, In, U32, U32, U32],
    sim: &NttInvRadix2,
};
impl SimKernel for NttInvRadix2 {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (data, roots, roots_shoup, moduli) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
        );
        let (n, rns_count, m) = (args.u32(4), args.u32(5), args.u32(6));
        wg.phase(|it, _, _| {
            let k = it.global_id[0] as u32;
            let rns = it.global_id[1];
            let p = poly_base(it, n, rns_count);
            let t = n / (2 * m);
            let i = k >> (31 - t.leading_zeros());
            let j = (2 * i * t + (k & (t - 1))) as usize;
            let q = moduli.load(rns * MODULUS_WORDS);
            let wi = rns * n as usize + inv_root_index(n, m, i) as usize;
            let mut x = data.load(p + j);
            let mut y = data.load(p + j + t as usize);
            gs_butterfly(
                &mut x,
                &mut y,
                roots.load(wi),
                roots_shoup.load(wi),
                q,
                2 * q,
            );
            data.store(p + j, x);
            data.store(p + j + t as usize, y);
        });
    }
}

/// `ntt_inv_last(data, consts, moduli, n, rns_count)`.
pub struct NttInvLast;
pub static NTT_INV_LAST: KernelSpec = KernelSpec {
    name: "ntt_inv_last",
    module: &MODULE,
    args: &[Out, In, In, U32, U32],
    sim: &NttInvLast,
};
impl SimKernel for NttInvLast {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (data, consts, moduli) = (args.global(0), args.global(1), args.global(2));
        let (n, rns_count) = (args.u32(3), args.u32(4));
        wg.phase(|it, _, _| {
            let k = it.global_id[0];
            let rns = it.global_id[1];
            let p = poly_base(it, n, rns_count);
            let q = moduli.load(rns * MODULUS_WORDS);
            let half = n as usize / 2;
            let mut x = data.load(p + k);
            let mut y = data.load(p + k + half);
            gs_last(&mut x, &mut y, consts, rns * NTT_CONST_WORDS, q, 2 * q);
            data.store(p + k, x);
            data.store(p + k + half, y);
        });
    }
}

/// `xehe_inv_tree`: rounds m, m/2, … on one work-item's 2^log_r words (`w`: the component's
/// offset in the tables).
#[allow(clippy::too_many_arguments)]
fn inv_tree(
    x: &mut [u64; 16],
    roots: Global<'_>,
    roots_shoup: Global<'_>,
    w: usize,
    q: u64,
    two_q: u64,
    n: u32,
    m: u32,
    i: u32,
    log_r: u32,
) {
    let r = 1u32 << log_r;
    for s in 0..log_r {
        let h = 1u32 << s;
        let blocks = r >> (s + 1);
        for b in 0..blocks {
            let wi = w + inv_root_index(n, m >> s, i * blocks + b) as usize;
            let (wv, wsv) = (roots.load(wi), roots_shoup.load(wi));
            for e in 0..h {
                let c = (b * 2 * h + e) as usize;
                let (lo, hi) = x.split_at_mut(c + h as usize);
                gs_butterfly(&mut lo[c], &mut hi[0], wv, wsv, q, two_q);
            }
        }
    }
}

/// `xehe_ntt_inv_pass` for one work-item.
#[allow(clippy::too_many_arguments)]
fn inv_pass(
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
    let t_max = t << (log_r - 1);
    let i = k >> (31 - t.leading_zeros());
    let o = k & (t - 1);
    let p = poly_base(it, n, rns_count) + (2 * i * t_max + o) as usize;
    let w = rns * n as usize;
    let q = moduli.load(rns * MODULUS_WORDS);
    let two_q = 2 * q;
    let mut x = [0u64; 16];
    for c in 0..r {
        x[c as usize] = data.load(p + (c * t) as usize);
    }
    inv_tree(&mut x, roots, roots_shoup, w, q, two_q, n, m, i, log_r);
    for c in 0..r {
        data.store(p + (c * t) as usize, x[c as usize]);
    }
}

macro_rules! inv_pass_kernel {
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
                    inv_pass(
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
inv_pass_kernel!(NttInvRadix4, NTT_INV_RADIX4, "ntt_inv_radix4", 2);
inv_pass_kernel!(NttInvRadix8, NTT_INV_RADIX8, "ntt_inv_radix8", 3);
inv_pass_kernel!(NttInvRadix16, NTT_INV_RADIX16, "ntt_inv_radix16", 4);

/// `xehe_inv_local_chunk` for one work-item.
#[allow(clippy::too_many_arguments)]
fn inv_local_chunk(
    it: &WorkItem,
    buf: &mut [u64],
    roots: Global<'_>,
    roots_shoup: Global<'_>,
    w: usize,
    q: u64,
    two_q: u64,
    n: u32,
    block: u32,
    log_block: u32,
    g: u32,
    log_t: u32,
    log_r: u32,
) {
    let r = 1u32 << log_r;
    let t = 1u32 << log_t;
    let log_t_max = log_t + log_r - 1;
    let m = n >> (log_t + 1);
    let i0 = g << (log_block - 1 - log_t_max);
    for b in (it.local_id[0] as u32..block >> log_r).step_by(it.local_size[0]) {
        let il = b >> log_t;
        let p = (2 * il * (t << (log_r - 1)) + (b & (t - 1))) as usize;
        let mut x = [0u64; 16];
        for c in 0..r {
            x[c as usize] = buf[p + (c * t) as usize];
        }
        inv_tree(
            &mut x,
            roots,
            roots_shoup,
            w,
            q,
            two_q,
            n,
            m,
            i0 + il,
            log_r,
        );
        for c in 0..r {
            buf[p + (c * t) as usize] = x[c as usize];
        }
    }
}

/// `ntt_inv_local[_radixR](data, roots, roots_shoup, moduli, consts, n, rns_count, block, buf)`:
/// `xehe_ntt_inv_local` with log_r = `LOG_R`.
pub struct NttInvLocal<const LOG_R: u32>;
macro_rules! inv_local_kernel {
    ($spec:ident, $name:literal, $log_r:literal) => {
        pub static $spec: KernelSpec = KernelSpec {
            name: $name,
            module: &MODULE,
            args: &[Out, In, In, In, In, U32, U32, U32, Local],
            sim: &NttInvLocal::<$log_r>,
        };
    };
}
inv_local_kernel!(NTT_INV_LOCAL, "ntt_inv_local", 1);
inv_local_kernel!(NTT_INV_LOCAL_RADIX4, "ntt_inv_local_radix4", 2);
inv_local_kernel!(NTT_INV_LOCAL_RADIX8, "ntt_inv_local_radix8", 3);
inv_local_kernel!(NTT_INV_LOCAL_RADIX16, "ntt_inv_local_radix16", 4);

impl<const LOG_R: u32> SimKernel for NttInvLocal<LOG_R> {
    fn local_words(&self, _: [usize; 3], args: &SimArgs<'_>) -> usize {
        args.local(8)
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (data, roots, roots_shoup, moduli, consts) = (
            args.global(0),
            args.global(1),
            args.global(2),
            args.global(3),
            args.global(4),
        );
        let (n, rns_count, block) = (args.u32(5), args.u32(6), args.u32(7));
        let finish = block == n;
        let log_block = 31 - block.leading_zeros();
        let base = |it: &WorkItem| poly_base(it, n, rns_count) + it.group_id[0] * block as usize;
        load_block(wg, data, block, base);
        // barrier(CLK_LOCAL_MEM_FENCE)
        let mut log_t = 0;
        let mut remaining = if finish { log_block - 1 } else { log_block };
        let chunk = |wg: &mut WorkGroup<'_>, log_t: u32, log_r: u32| {
            wg.phase(|it, buf, _| {
                let rns = it.global_id[1];
                let q = moduli.load(rns * MODULUS_WORDS);
                let g = it.group_id[0] as u32;
                inv_local_chunk(
                    it,
                    buf,
                    roots,
                    roots_shoup,
                    rns * n as usize,
                    q,
                    2 * q,
                    n,
                    block,
                    log_block,
                    g,
                    log_t,
                    log_r,
                );
            });
            // barrier(CLK_LOCAL_MEM_FENCE)
        };
        while remaining >= LOG_R {
            chunk(wg, log_t, LOG_R);
            log_t += LOG_R;
            remaining -= LOG_R;
        }
        while remaining > 0 {
            chunk(wg, log_t, 1);
            log_t += 1;
            remaining -= 1;
        }
        if finish {
            wg.phase(|it, buf, _| {
                let rns = it.global_id[1];
                let q = moduli.load(rns * MODULUS_WORDS);
                let half = block as usize / 2;
                for b in (it.local_id[0]..half).step_by(it.local_size[0]) {
                    let (mut x, mut y) = (buf[b], buf[b + half]);
                    gs_last(&mut x, &mut y, consts, rns * NTT_CONST_WORDS, q, 2 * q);
                    buf[b] = x;
                    buf[b + half] = y;
                }
            });
            // barrier(CLK_LOCAL_MEM_FENCE)
        }
        store_block(wg, data, block, base, |_, v| v);
    }
}
