//! Rust mirrors of kernels-cl/key_switch.cl: the RNS broadcast of the decomposed polynomial, the
//! scaling of the special rows for hybrid key switching's ModDown and the multiply-accumulate with the
//! key-switching keys, in key-switch order (components c < K are the special primes,
//! component c ≥ K the level's prime q_(c−K)).

use super::mod_arith::{add_mod, DeviceWord, Row};
use crate::exec::{kernel_args, word_kernel, Global, KernelModule, SimArgs, SimKernel, WorkGroup};
use std::marker::PhantomData;

pub static MODULE: KernelModule = KernelModule {
    name: "key_switch",
    source: include_str!("../../kernels-cl/key_switch.cl"),
    spirv: include_bytes!("../../spirv-kernels/key_switch.spv"),
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[
        &KS_DECOMPOSE.w64.spec,
        &KS_MAC.w64.spec,
        &KS_MAC_STEPS.w64.spec,
        &KS_MOD_DOWN_SCALE.w64.spec,
    ],
};

/// The 32-bit build of the same source (`XEHE_WORD_BITS=32`).
pub static MODULE_W32: KernelModule = KernelModule {
    name: "key_switch_w32",
    source: include_str!("../../kernels-cl/key_switch.cl"),
    spirv: include_bytes!("../../spirv-kernels/key_switch_w32.spv"),
    prelude: "#define XEHE_WORD_BITS 32\n",
    shuffle_size: None,
    fp64: false,
    word_bits: 32,
    kernels: &[
        &KS_DECOMPOSE.w32.spec,
        &KS_MAC.w32.spec,
        &KS_MAC_STEPS.w32.spec,
        &KS_MOD_DOWN_SCALE.w32.spec,
    ],
};

kernel_args! {
    /// `ks_decompose(c2, ext, ks_moduli, n, decomp)`: every component j of `c2` reduced modulo
    /// each key-switch prime; ND-range (n, decomp + 1, decomp).
    pub struct DecomposeArgs { c2: In, ext: Out, ks_moduli: In, n: U32, decomp: U32 }
}
kernel_args! {
    /// `ks_mac(ext, key, acc_special, acc_data, ks_moduli, ct, ct_first, n, digits, level,
    /// specials, alpha, key_rns, accumulate, lead, key_digit0)`: ND-range (n, specials + level),
    /// both key polynomials' sums per work-item, in the word's double-word accumulators folded
    /// every `XEHE_MAC_TERMS` products, as the OpenCL C does; each digit's own rows come from
    /// `ct`'s rows from `ct_first`, not from `ext`. With `accumulate` nonzero the sums are added
    /// to the accumulators' words (a sum of key switches divided by P once). A level that is a
    /// window of the key level's data primes starting at key prime `key_digit0`·alpha + `lead`
    /// (`lead` < alpha) uses the key's digits from `key_digit0`: level digit j is key digit
    /// `key_digit0` + j, covering the level's primes
    /// [max(j·alpha − lead, 0), min((j + 1)·alpha − lead, level)), and `digits` is
    /// ceil((level + lead) / alpha); both 0 for a level that is a prefix.
    pub struct MacArgs {
        ext: In, key: In, acc_special: Out, acc_data: Out, ks_moduli: In,
        ct: In, ct_first: U32,
        n: U32, digits: U32, level: U32, specials: U32, alpha: U32, key_rns: U32,
        accumulate: U32, lead: U32, key_digit0: U32,
    }
}
kernel_args! {
    /// `ks_mac_steps`: [`MacArgs`]'s products for up to [`HOISTED_STEPS`] steps of one hoisted
    /// rotation, step s with `key<s>` through `perm<s>` (source positions below n, in the
    /// module's word) into `acc_special[s]`
    /// (`[steps][2][specials][n]`) and `acc_data<s>` (the arguments past the launch's steps are
    /// bound but not read). ND-range
    /// (n, steps, specials + level).
    pub struct MacStepsArgs {
        ext: In, ct: In, ks_moduli: In,
        key0: In, key1: In, key2: In, key3: In, key4: In, key5: In, key6: In, key7: In,
        perm0: In, perm1: In, perm2: In, perm3: In, perm4: In, perm5: In, perm6: In, perm7: In,
        acc_special: Out,
        acc_data0: Out, acc_data1: Out, acc_data2: Out, acc_data3: Out,
        acc_data4: Out, acc_data5: Out, acc_data6: Out, acc_data7: Out,
        ct_first: U32, n: U32, digits: U32, level: U32, specials: U32, alpha: U32, key_rns: U32,
        lead: U32, key_digit0: U32,
    }
}
kernel_args! {
    /// `ks_mod_down_scale(special, ks_moduli, consts, n, specials)`: the special rows scaled in
    /// place for ModDown's base conversion; ND-range (n, specials, polys).
    pub struct ModDownScaleArgs {
        special: Out, ks_moduli: In, consts: In, n: U32, specials: U32,
    }
}
word_kernel! {
    pub static KS_DECOMPOSE: DecomposeArgs = "ks_decompose" in MODULE | MODULE_W32,
        mirror KsDecompose;
    pub static KS_MAC: MacArgs = "ks_mac" in MODULE | MODULE_W32, mirror KsMac;
    pub static KS_MAC_STEPS: MacStepsArgs = "ks_mac_steps" in MODULE | MODULE_W32,
        mirror KsMacSteps;
    pub static KS_MOD_DOWN_SCALE: ModDownScaleArgs =
        "ks_mod_down_scale" in MODULE | MODULE_W32, mirror KsModDownScale;
}

/// `ks_decompose`.
pub struct KsDecompose<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for KsDecompose<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = DecomposeArgs::view(args);
        let (c2, ext, moduli) = (a.c2, a.ext, a.ks_moduli);
        let (n, decomp) = (a.n as usize, a.decomp as usize);
        wg.phase(|it, _, _| {
            let [t, c, j] = it.global_id;
            let row = Row::<W>::load(moduli, c);
            let x = c2.load_as::<W>(j * n + t);
            ext.store_as(
                (j * (decomp + 1) + c) * n + t,
                W::reduce_word(x, row.words()),
            );
        });
    }
}

/// `XEHE_HOISTED_STEPS` (common/steps.h): the most steps one `ks_mac_steps` or
/// `ntt_fwd_stage_finish_steps` launch takes.
pub const HOISTED_STEPS: usize = 8;

/// One key switch's buffers, as `xehe_ks_mac_item` takes them.
#[derive(Clone, Copy)]
struct MacBuffers<'a> {
    ext: Global<'a>,
    key: Global<'a>,
    acc_special: Global<'a>,
    /// Where the item's switch's special rows start in `acc_special`.
    special_at: usize,
    acc_data: Global<'a>,
    moduli: Global<'a>,
    ct: Global<'a>,
}

/// The sizes `xehe_ks_mac_item` takes: n, digits, level, specials, alpha, key_rns, ct_first,
/// whether it adds to the accumulators, and where the level starts in the key's digits.
#[derive(Clone, Copy)]
struct MacDims {
    n: usize,
    digits: usize,
    level: usize,
    specials: usize,
    alpha: usize,
    key_rns: usize,
    ct_first: usize,
    accumulate: bool,
    lead: usize,
    key_digit0: usize,
}

/// `xehe_ks_mac_item`: work-item (t, c)'s sums, the digits read at `src`.
fn mac_item<W: DeviceWord>(b: MacBuffers<'_>, d: MacDims, t: usize, c: usize, src: usize) {
    let rows = d.specials + d.level;
    let own = if c >= d.specials {
        (c - d.specials + d.lead) / d.alpha
    } else {
        d.digits
    };
    let row = Row::<W>::load(b.moduli, c);
    let (q, m) = (row.q(), row.words());
    let key_poly = d.key_rns * d.n;
    let key_row = if c < d.specials {
        c
    } else {
        c + d.key_digit0 * d.alpha + d.lead
    };
    let key_at = d.key_digit0 * 2 * key_poly + key_row * d.n + t;
    let zero = W::default();
    let mut sums = [W::mac_init(zero, zero); 2];
    let (mut j, mut end) = (0, W::MAC_TERMS);
    loop {
        while j < end.min(d.digits) {
            let x = if j == own {
                b.ct.load_as::<W>((d.ct_first + c - d.specials) * d.n + src)
            } else {
                b.ext.load_as::<W>((j * rows + c) * d.n + src)
            };
            let y_at = j * 2 * key_poly + key_at;
            for (k, acc) in sums.iter_mut().enumerate() {
                W::mac(acc, x, b.key.load_as::<W>(y_at + k * key_poly));
            }
            j += 1;
        }
        if j == d.digits {
            break;
        }
        for acc in &mut sums {
            W::mac_fold(acc, m);
        }
        end += W::MAC_TERMS;
    }
    for (k, acc) in sums.iter().enumerate() {
        let r = W::mac_reduce(acc, m);
        let (out, at) = if c < d.specials {
            (b.acc_special, b.special_at + (k * d.specials + c) * d.n + t)
        } else {
            (b.acc_data, (k * d.level + c - d.specials) * d.n + t)
        };
        let r = if d.accumulate {
            add_mod(r, out.load_as::<W>(at), q)
        } else {
            r
        };
        out.store_as(at, r);
    }
}

/// `ks_mac`.
pub struct KsMac<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for KsMac<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = MacArgs::view(args);
        let b = MacBuffers {
            ext: a.ext,
            key: a.key,
            acc_special: a.acc_special,
            special_at: 0,
            acc_data: a.acc_data,
            moduli: a.ks_moduli,
            ct: a.ct,
        };
        let [n, digits, level, specials, alpha, key_rns, ct_first, lead, key_digit0] = [
            a.n,
            a.digits,
            a.level,
            a.specials,
            a.alpha,
            a.key_rns,
            a.ct_first,
            a.lead,
            a.key_digit0,
        ]
        .map(|v| v as usize);
        let d = MacDims {
            n,
            digits,
            level,
            specials,
            alpha,
            key_rns,
            ct_first,
            accumulate: a.accumulate != 0,
            lead,
            key_digit0,
        };
        wg.phase(|it, _, _| {
            let [t, c, _] = it.global_id;
            mac_item::<W>(b, d, t, c, t);
        });
    }
}

/// `ks_mac_steps`.
pub struct KsMacSteps<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for KsMacSteps<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = MacStepsArgs::view(args);
        let keys = [
            a.key0, a.key1, a.key2, a.key3, a.key4, a.key5, a.key6, a.key7,
        ];
        let perms = [
            a.perm0, a.perm1, a.perm2, a.perm3, a.perm4, a.perm5, a.perm6, a.perm7,
        ];
        let data = [
            a.acc_data0,
            a.acc_data1,
            a.acc_data2,
            a.acc_data3,
            a.acc_data4,
            a.acc_data5,
            a.acc_data6,
            a.acc_data7,
        ];
        let d = MacDims {
            n: a.n as usize,
            digits: a.digits as usize,
            level: a.level as usize,
            specials: a.specials as usize,
            alpha: a.alpha as usize,
            key_rns: a.key_rns as usize,
            ct_first: a.ct_first as usize,
            accumulate: false,
            lead: a.lead as usize,
            key_digit0: a.key_digit0 as usize,
        };
        wg.phase(|it, _, _| {
            let [t, s, c] = it.global_id;
            // XEHE_STEP: the last arguments serve every step past the seventh.
            let special_at = s * 2 * d.specials * d.n;
            let s = s.min(HOISTED_STEPS - 1);
            let b = MacBuffers {
                ext: a.ext,
                key: keys[s],
                acc_special: a.acc_special,
                special_at,
                acc_data: data[s],
                moduli: a.ks_moduli,
                ct: a.ct,
            };
            mac_item::<W>(b, d, t, c, perms[s].load_as::<W>(t).to_u64() as usize);
        });
    }
}

/// `ks_mod_down_scale`.
pub struct KsModDownScale<W>(pub PhantomData<W>);
impl<W: DeviceWord> SimKernel for KsModDownScale<W> {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let a = ModDownScaleArgs::view(args);
        let (special, moduli, consts) = (a.special, a.ks_moduli, a.consts);
        let (n, specials) = (a.n as usize, a.specials as usize);
        wg.phase(|it, _, _| {
            let [t, k, p] = it.global_id;
            let row = Row::<W>::load(moduli, k);
            let at = (p * specials + k) * n + t;
            let r = add_mod(
                special.load_as::<W>(at),
                consts.load_as::<W>(specials + k),
                row.q(),
            );
            special.store_as(at, W::mul_mod_row(r, consts.load_as::<W>(k), row.words()));
        });
    }
}
