//! Rust mirrors of kernels-cl/key_switch.cl: the RNS broadcast of the decomposed polynomial, the
//! fast base conversion of hybrid key switching's ModDown and the multiply-accumulate with the
//! key-switching keys, in key-switch order (components c < K are the special primes,
//! component c ≥ K the level's prime q_(c−K)).

use super::mod_arith::{add_mod, modulus_row, mul_hi, mul_mod, reduce_128, sub_mod};
use crate::exec::{kernel, kernel_args, KernelModule, SimArgs, SimKernel, WorkGroup};

pub static MODULE: KernelModule = KernelModule {
    name: "key_switch",
    source: include_str!("../../kernels-cl/key_switch.cl"),
    spirv: include_bytes!("../../spirv-kernels/key_switch.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
};

kernel_args! {
    /// `ks_decompose(c2, ext, ks_moduli, n, decomp)`: every component j of `c2` reduced modulo
    /// each key-switch prime; ND-range (n, decomp + 1, decomp).
    pub struct DecomposeArgs { c2: In, ext: Out, ks_moduli: In, n: U32, decomp: U32 }
}
kernel_args! {
    /// `ks_mac(ext, key, acc_special, acc_data, ks_moduli, perm, ct, ct_first, n, digits,
    /// level, specials, alpha, key_rns, permuted)`: ND-range (n, specials + level), both key
    /// polynomials' sums per work-item. The 128-bit sums are kept as two words with an explicit
    /// carry, as the OpenCL C does; `perm` is read only when `permuted` is set; each digit's own
    /// rows come from `ct`'s rows from `ct_first`, not from `ext`.
    pub struct MacArgs {
        ext: In, key: In, acc_special: Out, acc_data: Out, ks_moduli: In, perm: In,
        ct: In, ct_first: U32,
        n: U32, digits: U32, level: U32, specials: U32, alpha: U32, key_rns: U32,
        permuted: U32,
    }
}
kernel_args! {
    /// `ks_mod_down_convert(special, out, ks_moduli, consts, n, level, specials, data_primes)`:
    /// ND-range (n, polys).
    pub struct ModDownArgs {
        special: In, out: Out, ks_moduli: In, consts: In,
        n: U32, level: U32, specials: U32, data_primes: U32,
    }
}
kernel! {
    pub static KS_DECOMPOSE: DecomposeArgs = "ks_decompose" in MODULE, mirror KsDecompose;
    pub static KS_MAC: MacArgs = "ks_mac" in MODULE, mirror KsMac;
    pub static KS_MOD_DOWN_CONVERT: ModDownArgs =
        "ks_mod_down_convert" in MODULE, mirror KsModDownConvert;
}

pub struct KsDecompose;
impl SimKernel for KsDecompose {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = DecomposeArgs::view(args);
        let (c2, ext, moduli) = (a.c2, a.ext, a.ks_moduli);
        let (n, decomp) = (a.n as usize, a.decomp as usize);
        wg.phase(|it, _, _| {
            let [t, c, j] = it.global_id;
            let (q, m0, m1) = modulus_row(moduli, c);
            let x = c2.load(j * n + t);
            ext.store((j * (decomp + 1) + c) * n + t, reduce_128(x, 0, q, m0, m1));
        });
    }
}

pub struct KsMac;
impl SimKernel for KsMac {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = MacArgs::view(args);
        let (ext, key, acc_special, acc_data) = (a.ext, a.key, a.acc_special, a.acc_data);
        let moduli = a.ks_moduli;
        let [n, digits, level, specials, alpha, key_rns, ct_first] = [
            a.n, a.digits, a.level, a.specials, a.alpha, a.key_rns, a.ct_first,
        ]
        .map(|v| v as usize);
        let (perm, permuted, ct) = (a.perm, a.permuted != 0, a.ct);
        let rows = specials + level;
        wg.phase(|it, _, _| {
            let [t, c, _] = it.global_id;
            let src = if permuted { perm.load(t) as usize } else { t };
            let own = if c >= specials {
                (c - specials) / alpha
            } else {
                digits
            };
            let (q, m0, m1) = modulus_row(moduli, c);
            let key_poly = key_rns * n;
            let mut sums = [(0u64, 0u64); 2];
            for j in 0..digits {
                let x = if j == own {
                    ct.load((ct_first + c - specials) * n + src)
                } else {
                    ext.load((j * rows + c) * n + src)
                };
                let y_at = j * 2 * key_poly + c * n + t;
                for (k, (lo, hi)) in sums.iter_mut().enumerate() {
                    let y = key.load(y_at + k * key_poly);
                    let p_lo = x.wrapping_mul(y);
                    *lo = lo.wrapping_add(p_lo);
                    *hi = hi
                        .wrapping_add(mul_hi(x, y))
                        .wrapping_add((*lo < p_lo) as u64);
                    if j & 31 == 31 {
                        *lo = reduce_128(*lo, *hi, q, m0, m1);
                        *hi = 0;
                    }
                }
            }
            for (k, (lo, hi)) in sums.into_iter().enumerate() {
                let r = reduce_128(lo, hi, q, m0, m1);
                if c < specials {
                    acc_special.store((k * specials + c) * n + t, r);
                } else {
                    acc_data.store((k * level + c - specials) * n + t, r);
                }
            }
        });
    }
}

/// `XEHE_DIGIT_MAX`: the most primes of one digit (and special primes) a work-item keeps.
const DIGIT_MAX: usize = 16;

pub struct KsModDownConvert;
impl SimKernel for KsModDownConvert {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = ModDownArgs::view(args);
        let (special, out, moduli, consts) = (a.special, a.out, a.ks_moduli, a.consts);
        let [n, level, specials, data_primes] =
            [a.n, a.level, a.specials, a.data_primes].map(|v| v as usize);
        wg.phase(|it, _, _| {
            let [t, p, _] = it.global_id;
            let mut v = [0u64; DIGIT_MAX];
            for (k, vk) in v.iter_mut().enumerate().take(specials) {
                let (pk, pk0, pk1) = modulus_row(moduli, k);
                let r = add_mod(
                    special.load((p * specials + k) * n + t),
                    consts.load(specials + k),
                    pk,
                );
                *vk = mul_mod(r, consts.load(k), pk, pk0, pk1);
            }
            for c in 0..level {
                let (q, m0, m1) = modulus_row(moduli, specials + c);
                let (mut lo, mut hi) = (0u64, 0u64);
                for (k, &vk) in v.iter().enumerate().take(specials) {
                    let w = consts.load(2 * specials + data_primes + k * data_primes + c);
                    let p_lo = vk.wrapping_mul(w);
                    lo = lo.wrapping_add(p_lo);
                    hi = hi
                        .wrapping_add(mul_hi(vk, w))
                        .wrapping_add((lo < p_lo) as u64);
                }
                let x = reduce_128(lo, hi, q, m0, m1);
                out.store(
                    (p * level + c) * n + t,
                    sub_mod(x, consts.load(2 * specials + c), q),
                );
            }
        });
    }
}
