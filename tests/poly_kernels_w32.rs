//! The 32-bit builds of the coefficient-wise, CKKS product, Galois, division, encryption and
//! decryption kernels (`poly_elementwise_w32`, `ckks_multiply_w32`, `galois_permute_w32`,
//! `divide_round_w32`, `encrypt_w32`, `decrypt_w32`) on cpu-sim (racing), PoCL (the OpenCL C
//! with XEHE_WORD_BITS=32) and Intel's CPU runtime (the SPIR-V): every kernel, launched
//! directly on random residues over random primes in (2^24, 2^30) (and the primes next to both
//! ends), gives every output word that u128 arithmetic on the host gives (the encryption's
//! draws: the ChaCha20 stream as rand_chacha gives it). The 64-bit builds of the same sources
//! run the same checks over primes up to 2^61 − 1, as the control.

mod common;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use xehe::arith::{Modulus, Word};
use xehe::exec::word::{pack_u32, unpack_u32};
use xehe::exec::{WordKernel, WordSize};
use xehe::kernels::ckks_multiply::{
    self as cm, AddPlainArgs, ConstSumArgs, PlainSumArgs, ProductArgs, PLAIN_SUM_TERMS,
};
use xehe::kernels::decrypt::{self as dec, HornerArgs};
use xehe::kernels::divide_round::{self as dr, ExtractArgs, FinishArgs, SpreadArgs, TruncateArgs};
use xehe::kernels::encrypt::{
    self as enc, CombineArgs, NoiseArgs, SampleArgs, SymmetricCombineArgs,
};
use xehe::kernels::galois_permute::{self as gp, PermuteArgs};
use xehe::kernels::poly_elementwise::{self as pe, BinaryArgs, MadArgs, UnaryArgs};
use xehe::runtime::{Backend, DeviceBuffer, NdRange};

const WORDS: [WordSize; 2] = [WordSize::W32, WordSize::W64];

/// Trial division below 2^40 (every 32-bit-tier prime), the library's Miller–Rabin above.
fn is_prime(v: u64) -> bool {
    if v < 1 << 40 {
        v >= 2
            && (2..)
                .take_while(|d| d * d <= v)
                .all(|d| !v.is_multiple_of(d))
    } else {
        xehe::arith::is_prime(v)
    }
}

/// The first prime from `start` on, stepping by `step` (±1).
fn prime_from(mut v: u64, step: i64) -> u64 {
    while !is_prime(v) {
        v = v.wrapping_add_signed(step);
    }
    v
}

/// `count` random primes of `lo_bits + 1 ..= hi_bits` bits, then the primes next to both ends
/// of that range when `ends` is set.
fn primes(seed: u64, count: usize, lo_bits: u32, hi_bits: u32, ends: bool) -> Vec<u64> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut q: Vec<u64> = Vec::new();
    while q.len() < count {
        let p = prime_from(rng.gen_range(1u64 << lo_bits..1 << hi_bits) | 1, 2);
        if p < 1 << hi_bits && !q.contains(&p) {
            q.push(p);
        }
    }
    if ends {
        q.push(prime_from((1 << hi_bits) - 1, -1));
        q.push(prime_from((1 << lo_bits) + 1, 1));
    }
    q
}

/// The primes each word's kernels are checked over: (2^24, 2^30) for 32-bit words; up to
/// 2^61 − 1, the largest modulus of the 64-bit tier, for 64-bit words.
fn tier_primes(w: WordSize, seed: u64) -> Vec<u64> {
    match w {
        WordSize::W32 => primes(seed, 4, 24, 30, true),
        WordSize::W64 => {
            let mut q = primes(seed, 3, 30, 61, false);
            q.push((1 << 61) - 1);
            q
        }
    }
}

/// One backend and one word size: buffers hold host words (u64) narrowed to the word.
struct Dev<'a> {
    b: &'a dyn Backend,
    w: WordSize,
}

impl Dev<'_> {
    fn up(&self, words: &[u64]) -> DeviceBuffer {
        let buf = self.b.alloc(0, self.w.storage_words(words.len())).unwrap();
        match self.w {
            WordSize::W64 => self.b.write(&buf, 0, words).unwrap(),
            WordSize::W32 => {
                let narrow: Vec<u32> = words.iter().map(|&v| u32::try_from(v).unwrap()).collect();
                self.b.write(&buf, 0, &pack_u32(&narrow)).unwrap()
            }
        };
        buf
    }

    /// An output buffer of `count` words, each set to a value no kernel writes (above every
    /// prime), so that a word the kernel leaves alone fails the comparison.
    fn out(&self, count: usize) -> DeviceBuffer {
        let poison = match self.w {
            WordSize::W32 => 0xDEAD_BEEF,
            WordSize::W64 => 0xDEAD_BEEF_DEAD_BEEF,
        };
        self.up(&vec![poison; count])
    }

    fn down(&self, buf: &DeviceBuffer, count: usize) -> Vec<u64> {
        let mut words = vec![0; self.w.storage_words(count)];
        self.b.read(buf, 0, &mut words).unwrap();
        match self.w {
            WordSize::W64 => words,
            WordSize::W32 => unpack_u32(&words, count)
                .into_iter()
                .map(u64::from)
                .collect(),
        }
    }

    /// The device `moduli` table of `q` in this word's rows.
    fn moduli(&self, q: &[u64]) -> DeviceBuffer {
        let rows: Vec<u64> = q
            .iter()
            .flat_map(|&p| {
                let m = Modulus::new(p).unwrap();
                match self.w {
                    WordSize::W32 => <u32 as Word>::modulus_row(&m)
                        .into_iter()
                        .map(u64::from)
                        .collect::<Vec<_>>(),
                    WordSize::W64 => <u64 as Word>::modulus_row(&m),
                }
            })
            .collect();
        self.up(&rows)
    }

    /// Compares every word of `buf` with `want`.
    fn check(&self, what: &str, buf: &DeviceBuffer, want: &[u64]) {
        let got = self.down(buf, want.len());
        for (i, (g, w)) in got.iter().zip(want).enumerate() {
            assert_eq!(
                g,
                w,
                "{what}, word {i} of {}, {}-bit words on {}",
                want.len(),
                self.w.bits(),
                self.b.device_name()
            );
        }
    }
}

/// Runs `body` on cpu-sim (racing) and on OpenCL where it opens, for both words.
fn each(body: impl Fn(&Dev<'_>)) {
    let mut backends: Vec<Arc<dyn Backend>> = vec![common::sim(1, true)];
    if let Some(cl) = common::opencl(None) {
        backends.push(cl);
    }
    for b in &backends {
        for w in WORDS {
            body(&Dev { b: b.as_ref(), w });
        }
    }
}

fn range(n: usize, rns: usize, polys: usize) -> NdRange {
    NdRange {
        global: [n, rns, polys],
        local: None,
    }
}

/// `[poly][rns][coeff]` residues, component r modulo q[r], with 0, 1, q − 1 and q − 2 at the
/// start of every component.
fn residues(n: usize, q: &[u64], polys: usize, seed: u64) -> Vec<u64> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (0..n * q.len() * polys)
        .map(|i| {
            let m = q[(i / n) % q.len()];
            match i % n {
                0 => 0,
                1 => 1,
                2 => m - 1,
                3 => m - 2,
                _ => rng.gen_range(0..m),
            }
        })
        .collect()
}

fn mul(a: u64, b: u64, q: u64) -> u64 {
    (a as u128 * b as u128 % q as u128) as u64
}

fn pow(a: u64, mut e: u64, q: u64) -> u64 {
    let (mut base, mut r) = (a % q, 1 % q);
    while e > 0 {
        if e & 1 == 1 {
            r = mul(r, base, q);
        }
        base = mul(base, base, q);
        e >>= 1;
    }
    r
}

fn add(a: u64, b: u64, q: u64) -> u64 {
    ((a as u128 + b as u128) % q as u128) as u64
}

fn sub(a: u64, b: u64, q: u64) -> u64 {
    ((a as u128 + q as u128 - b as u128 % q as u128) % q as u128) as u64
}

#[test]
fn elementwise_kernels_equal_wide_arithmetic() {
    each(|d| {
        let (n, polys) = (256usize, 2usize);
        let q = tier_primes(d.w, 1);
        let rns = q.len();
        let words = n * rns * polys;
        let prime = |i: usize| q[(i / n) % rns];
        let (x, y, z) = (
            residues(n, &q, polys, 2),
            residues(n, &q, polys, 3),
            residues(n, &q, polys, 4),
        );
        let scalars: Vec<u64> = q
            .iter()
            .enumerate()
            .map(|(r, &m)| m - 1 - r as u64)
            .collect();
        let (bx, by, bz, bs) = (d.up(&x), d.up(&y), d.up(&z), d.up(&scalars));
        let moduli = d.moduli(&q);
        let (nn, rr) = (n as u32, rns as u32);
        let r = range(n, rns, polys);
        type Want<'a> = &'a dyn Fn(usize) -> u64;
        let binary: [(&str, &WordKernel<BinaryArgs<'static>>, bool, Want<'_>); 4] = [
            ("poly_add", &pe::POLY_ADD, false, &|i| {
                add(x[i], y[i], prime(i))
            }),
            ("poly_sub", &pe::POLY_SUB, false, &|i| {
                sub(x[i], y[i], prime(i))
            }),
            ("poly_mul", &pe::POLY_MUL, false, &|i| {
                mul(x[i], y[i], prime(i))
            }),
            ("poly_mul_scalar", &pe::POLY_MUL_SCALAR, true, &|i| {
                mul(x[i], scalars[(i / n) % rns], prime(i))
            }),
        ];
        for (name, k, scalar, want) in binary {
            let out = d.out(words);
            let args = BinaryArgs {
                a: &bx,
                b: if scalar { &bs } else { &by },
                out: &out,
                moduli: &moduli,
                n: nn,
                rns_count: rr,
            };
            // SAFETY: work-item (i, j, p) touches word p·rns·n + j·n + i of a and out (and of b,
            // or word j of the rns scalars), and row j of the moduli table.
            unsafe { k.word(d.w).launch(d.b, 0, &r, args).unwrap() };
            d.check(name, &out, &(0..words).map(want).collect::<Vec<_>>());
            d.b.free(out).unwrap();
        }
        let out = d.out(words);
        let args = UnaryArgs {
            a: &bx,
            out: &out,
            moduli: &moduli,
            n: nn,
            rns_count: rr,
        };
        // SAFETY: as above, without b.
        unsafe { pe::POLY_NEGATE.word(d.w).launch(d.b, 0, &r, args).unwrap() };
        let want: Vec<u64> = (0..words).map(|i| sub(0, x[i], prime(i))).collect();
        d.check("poly_negate", &out, &want);
        let args = MadArgs {
            a: &bx,
            b: &by,
            c: &bz,
            out: &out,
            moduli: &moduli,
            n: nn,
            rns_count: rr,
        };
        // SAFETY: as above, with c like a.
        unsafe { pe::POLY_MAD.word(d.w).launch(d.b, 0, &r, args).unwrap() };
        let want: Vec<u64> = (0..words)
            .map(|i| add(mul(x[i], y[i], prime(i)), z[i], prime(i)))
            .collect();
        d.check("poly_mad", &out, &want);
        for buf in [out, bx, by, bz, bs, moduli] {
            d.b.free(buf).unwrap();
        }
    });
}

#[test]
fn ckks_products_equal_wide_arithmetic() {
    each(|d| {
        let n = 128usize;
        let q = tier_primes(d.w, 10);
        let rns = q.len();
        let w = n * rns;
        let prime = |i: usize| q[(i / n) % rns];
        let moduli = d.moduli(&q);
        let (nn, rr) = (n as u32, rns as u32);
        // The tensor product of two size-2 ciphertexts, and the square (a == b).
        let (a, b) = (residues(n, &q, 2, 11), residues(n, &q, 2, 12));
        let (ba, bb) = (d.up(&a), d.up(&b));
        for (name, y, by) in [("ckks_tensor", &b, &bb), ("ckks_tensor square", &a, &ba)] {
            let out = d.out(3 * w);
            let args = ProductArgs {
                x: &ba,
                y: by,
                out: &out,
                moduli: &moduli,
                n: nn,
                rns_count: rr,
            };
            // SAFETY: work-item (i, j, 0) reads words j·n + i of both polynomials of x and y
            // and writes that word of the three of out.
            unsafe {
                cm::CKKS_TENSOR
                    .word(d.w)
                    .launch(d.b, 0, &range(n, rns, 1), args)
                    .unwrap()
            };
            let want: Vec<u64> = (0..3 * w)
                .map(|o| {
                    let (i, m) = (o % w, prime(o % w));
                    let (a0, a1, b0, b1) = (a[i], a[w + i], y[i], y[w + i]);
                    match o / w {
                        0 => mul(a0, b0, m),
                        1 => add(mul(a0, b1, m), mul(a1, b0, m), m),
                        _ => mul(a1, b1, m),
                    }
                })
                .collect();
            d.check(name, &out, &want);
            d.b.free(out).unwrap();
        }
        // A size-3 ciphertext times and plus/minus a plaintext.
        let polys = 3;
        let ct = residues(n, &q, polys, 13);
        let pt = residues(n, &q, 1, 14);
        let (bct, bpt) = (d.up(&ct), d.up(&pt));
        let r = range(n, rns, polys);
        let out = d.out(polys * w);
        let args = ProductArgs {
            x: &bct,
            y: &bpt,
            out: &out,
            moduli: &moduli,
            n: nn,
            rns_count: rr,
        };
        // SAFETY: work-item (i, j, p) reads word p·w + j·n + i of ct, j·n + i of pt, writes
        // word p·w + j·n + i of out.
        unsafe {
            cm::CKKS_MUL_PLAIN
                .word(d.w)
                .launch(d.b, 0, &r, args)
                .unwrap()
        };
        let want: Vec<u64> = (0..polys * w)
            .map(|i| mul(ct[i], pt[i % w], prime(i)))
            .collect();
        d.check("ckks_mul_plain", &out, &want);
        for subtract in [0u32, 1] {
            let args = AddPlainArgs {
                ct: &bct,
                pt: &bpt,
                out: &out,
                moduli: &moduli,
                n: nn,
                rns_count: rr,
                subtract,
            };
            // SAFETY: as for ckks_mul_plain.
            unsafe {
                cm::CKKS_ADD_PLAIN
                    .word(d.w)
                    .launch(d.b, 0, &r, args)
                    .unwrap()
            };
            let want: Vec<u64> = (0..polys * w)
                .map(|i| match (i < w, subtract) {
                    (false, _) => ct[i],
                    (true, 0) => add(ct[i], pt[i], prime(i)),
                    (true, _) => sub(ct[i], pt[i], prime(i)),
                })
                .collect();
            d.check(
                &format!("ckks_add_plain subtract = {subtract}"),
                &out,
                &want,
            );
        }
        for buf in [out, bct, bpt, ba, bb, moduli] {
            d.b.free(buf).unwrap();
        }
    });
}

/// Eight terms of q − 1 and an accumulator of q − 1: the largest sum each word's accumulator
/// must hold (2^63 for 30-bit primes, 2^125 for 61-bit ones) besides random ones.
#[test]
fn ckks_sums_equal_wide_arithmetic() {
    each(|d| {
        let (n, polys) = (64usize, 2usize);
        let q = tier_primes(d.w, 20);
        // Terms of the constant sum are read with up to two more components than the output.
        let rns = q.len() - 2;
        let w = n * rns;
        let prime = |i: usize| q[(i / n) % rns];
        let moduli = d.moduli(&q[..rns]);
        let (nn, rr) = (n as u32, rns as u32);
        let r = range(n, rns, polys);
        for (case, extreme) in [("random", false), ("all q - 1", true)] {
            let words = |rns_t: usize, p: usize, seed: u64| -> Vec<u64> {
                let v = residues(n, &q[..rns_t], p, seed);
                if extreme {
                    (0..v.len()).map(|i| q[(i / n) % rns_t] - 1).collect()
                } else {
                    v
                }
            };
            let cts: Vec<Vec<u64>> = (0..PLAIN_SUM_TERMS)
                .map(|t| words(rns, polys, 30 + t as u64))
                .collect();
            let pts: Vec<Vec<u64>> = (0..PLAIN_SUM_TERMS)
                .map(|t| words(rns, 1, 40 + t as u64))
                .collect();
            let acc = words(rns, polys, 50);
            let rns_t: Vec<usize> = (0..PLAIN_SUM_TERMS).map(|t| rns + t % 3).collect();
            let wide: Vec<Vec<u64>> = (0..PLAIN_SUM_TERMS)
                .map(|t| words(rns_t[t], polys, 60 + t as u64))
                .collect();
            let scalars = words(rns, PLAIN_SUM_TERMS, 70)
                .into_iter()
                .step_by(n)
                .collect::<Vec<_>>();
            assert_eq!(scalars.len(), PLAIN_SUM_TERMS * rns);
            let up = |v: &[Vec<u64>]| v.iter().map(|x| d.up(x)).collect::<Vec<_>>();
            let (bct, bpt, bwide) = (up(&cts), up(&pts), up(&wide));
            let (bacc, bsc) = (d.up(&acc), d.up(&scalars));
            let out = d.out(polys * w);
            for terms in [1usize, 3, 8] {
                for accumulate in [0u32, 1] {
                    // Terms past `terms` are bound to the last term's buffers, as the host does.
                    let t = |k: usize| k.min(terms - 1);
                    let args = PlainSumArgs {
                        ct0: &bct[t(0)],
                        ct1: &bct[t(1)],
                        ct2: &bct[t(2)],
                        ct3: &bct[t(3)],
                        ct4: &bct[t(4)],
                        ct5: &bct[t(5)],
                        ct6: &bct[t(6)],
                        ct7: &bct[t(7)],
                        pt0: &bpt[t(0)],
                        pt1: &bpt[t(1)],
                        pt2: &bpt[t(2)],
                        pt3: &bpt[t(3)],
                        pt4: &bpt[t(4)],
                        pt5: &bpt[t(5)],
                        pt6: &bpt[t(6)],
                        pt7: &bpt[t(7)],
                        acc: &bacc,
                        out: &out,
                        moduli: &moduli,
                        n: nn,
                        rns_count: rr,
                        terms: terms as u32,
                        accumulate,
                    };
                    // SAFETY: work-item (i, j, p) reads word p·w + j·n + i of the first
                    // `terms` ct and of acc, word j·n + i of those pt, writes that of out.
                    unsafe {
                        cm::CKKS_MUL_PLAIN_SUM
                            .word(d.w)
                            .launch(d.b, 0, &r, args)
                            .unwrap()
                    };
                    let want: Vec<u64> = (0..polys * w)
                        .map(|i| {
                            let m = prime(i) as u128;
                            let mut s = if accumulate == 1 { acc[i] as u128 } else { 0 };
                            for k in 0..terms {
                                s += cts[k][i] as u128 * pts[k][i % w] as u128;
                            }
                            (s % m) as u64
                        })
                        .collect();
                    d.check(
                        &format!("ckks_mul_plain_sum {case}, {terms} terms, acc {accumulate}"),
                        &out,
                        &want,
                    );
                    let [r0, r1, r2, r3, r4, r5, r6, r7] =
                        std::array::from_fn(|k| rns_t[t(k)] as u32);
                    let args = ConstSumArgs {
                        ct0: &bwide[t(0)],
                        ct1: &bwide[t(1)],
                        ct2: &bwide[t(2)],
                        ct3: &bwide[t(3)],
                        ct4: &bwide[t(4)],
                        ct5: &bwide[t(5)],
                        ct6: &bwide[t(6)],
                        ct7: &bwide[t(7)],
                        scalars: &bsc,
                        acc: &bacc,
                        out: &out,
                        moduli: &moduli,
                        n: nn,
                        rns_count: rr,
                        terms: terms as u32,
                        accumulate,
                        rns0: r0,
                        rns1: r1,
                        rns2: r2,
                        rns3: r3,
                        rns4: r4,
                        rns5: r5,
                        rns6: r6,
                        rns7: r7,
                    };
                    // SAFETY: work-item (i, j, p) reads word (p·rns_t + j)·n + i of term t
                    // (j < rns ≤ rns_t), scalar t·rns + j, word p·w + j·n + i of acc, and
                    // writes that of out.
                    unsafe {
                        cm::CKKS_CONST_SUM
                            .word(d.w)
                            .launch(d.b, 0, &r, args)
                            .unwrap()
                    };
                    let want: Vec<u64> = (0..polys * w)
                        .map(|i| {
                            let (p, j, c) = (i / w, (i / n) % rns, i % n);
                            let m = q[j] as u128;
                            let mut s = if accumulate == 1 { acc[i] as u128 } else { 0 };
                            for k in 0..terms {
                                let x = wide[k][(p * rns_t[k] + j) * n + c];
                                s += x as u128 * scalars[k * rns + j] as u128;
                            }
                            (s % m) as u64
                        })
                        .collect();
                    d.check(
                        &format!("ckks_const_sum {case}, {terms} terms, acc {accumulate}"),
                        &out,
                        &want,
                    );
                }
            }
            for buf in bct.into_iter().chain(bpt).chain(bwide) {
                d.b.free(buf).unwrap();
            }
            for buf in [bacc, bsc, out] {
                d.b.free(buf).unwrap();
            }
        }
        d.b.free(moduli).unwrap();
    });
}

#[test]
fn galois_permutation_moves_every_word() {
    each(|d| {
        let (n, polys) = (512usize, 2usize);
        let q = tier_primes(d.w, 80);
        let rns = q.len();
        let src = residues(n, &q, polys, 81);
        let mut perm: Vec<u64> = (0..n as u64).collect();
        perm.shuffle(&mut rand::rngs::StdRng::seed_from_u64(82));
        let (bsrc, bperm) = (d.up(&src), d.up(&perm));
        let dst = d.out(src.len());
        let args = PermuteArgs {
            src: &bsrc,
            dst: &dst,
            perm: &bperm,
            n: n as u32,
            rns_count: rns as u32,
        };
        // SAFETY: work-item (t, i, p) reads perm[t] < n and word perm[t] of row (p, i) of src,
        // writes word t of that row of dst.
        unsafe {
            gp::GALOIS_PERMUTE_NTT
                .word(d.w)
                .launch(d.b, 0, &range(n, rns, polys), args)
                .unwrap()
        };
        let want: Vec<u64> = (0..src.len())
            .map(|i| src[i - i % n + perm[i % n] as usize])
            .collect();
        d.check("galois_permute_ntt", &dst, &want);
        for buf in [bsrc, bperm, dst] {
            d.b.free(buf).unwrap();
        }
    });
}

/// x mod Π q from its residues (Garner's mixed radix; Π q < 2^127).
fn crt(residues: &[u64], q: &[u64]) -> u128 {
    let (mut x, mut prod) = (0u128, 1u128);
    for (&r, &m) in residues.iter().zip(q) {
        let x_mod = (x % m as u128) as u64;
        let k = mul(
            sub(r, x_mod, m),
            pow((prod % m as u128) as u64, m - 2, m),
            m,
        );
        x += k as u128 * prod;
        prod *= m as u128;
    }
    x
}

/// Extract, spread, finish and truncate, each word against wide arithmetic, and the three in
/// sequence (in coefficient form, so no NTT between spread and finish) against the division
/// itself: out_i = ⌊(x + ⌊q_last/2⌋) / q_last⌋ mod q_i with x rebuilt from its residues.
#[test]
fn divide_round_kernels_equal_wide_arithmetic() {
    each(|d| {
        let (n, polys) = (128usize, 2usize);
        // Targets and the divisor multiply to below 2^127, so that x fits a u128.
        let all = match d.w {
            WordSize::W32 => primes(90, 4, 24, 30, false),
            WordSize::W64 => {
                let mut q = primes(90, 2, 29, 35, false);
                q.push(prime_from((1 << 50) + 1, 2));
                q
            }
        };
        let (targets, q_last) = (&all[..all.len() - 1], all[all.len() - 1]);
        let (rns, src_rns) = (targets.len(), all.len());
        let half = q_last / 2;
        let src = residues(n, &all, polys, 91);
        let base = residues(n, &all, polys, 92);
        let consts: Vec<u64> = targets
            .iter()
            .flat_map(|&m| [pow(q_last, m - 2, m), half % m])
            .collect();
        let (bsrc, bbase, bconsts) = (d.up(&src), d.up(&base), d.up(&consts));
        let moduli = d.moduli(targets);
        let nn = n as u32;

        let last = d.out(polys * n);
        let args = ExtractArgs {
            src: &bsrc,
            dst: &last,
            n: nn,
            src_rns: src_rns as u32,
            comp: (src_rns - 1) as u32,
        };
        // SAFETY: work-item (t, 0, p) reads word (p·src_rns + comp)·n + t, writes p·n + t.
        unsafe {
            dr::RNS_EXTRACT
                .word(d.w)
                .launch(d.b, 0, &range(n, 1, polys), args)
                .unwrap()
        };
        let last_words: Vec<u64> = (0..polys * n)
            .map(|i| src[((i / n) * src_rns + src_rns - 1) * n + i % n])
            .collect();
        d.check("rns_extract", &last, &last_words);

        let r = range(n, rns, polys);
        let tmp = d.out(polys * rns * n);
        let args = SpreadArgs {
            last: &last,
            tmp: &tmp,
            moduli: &moduli,
            consts: &bconsts,
            q_last,
            n: nn,
            rns_count: rns as u32,
        };
        // SAFETY: work-item (t, i, p) reads word p·n + t of last, consts 2i + 1 and row i of
        // moduli, writes word (p·rns + i)·n + t of tmp.
        unsafe {
            dr::DIVIDE_ROUND_SPREAD
                .word(d.w)
                .launch(d.b, 0, &r, args)
                .unwrap()
        };
        let tmp_words: Vec<u64> = (0..polys * rns * n)
            .map(|o| {
                let (p, i, t) = (o / (rns * n), (o / n) % rns, o % n);
                let m = targets[i];
                let centred = add(last_words[p * n + t], half, q_last);
                sub(centred % m, half % m, m)
            })
            .collect();
        d.check("divide_round_spread", &tmp, &tmp_words);

        let add_mask = 0b01;
        let out = d.out(polys * rns * n);
        let args = FinishArgs {
            x: &bsrc,
            tmp: &tmp,
            base: &bbase,
            out: &out,
            moduli: &moduli,
            consts: &bconsts,
            n: nn,
            rns_count: rns as u32,
            x_rns: src_rns as u32,
            base_rns: src_rns as u32,
            add_mask,
        };
        // SAFETY: work-item (t, i, p) reads word (p·src_rns + i)·n + t of x and base, word
        // (p·rns + i)·n + t of tmp and writes it in out, consts 2i and row i of moduli.
        unsafe {
            dr::DIVIDE_ROUND_FINISH
                .word(d.w)
                .launch(d.b, 0, &r, args)
                .unwrap()
        };
        let want: Vec<u64> = (0..polys * rns * n)
            .map(|o| {
                let (p, i, t) = (o / (rns * n), (o / n) % rns, o % n);
                let m = targets[i];
                let x = src[(p * src_rns + i) * n + t];
                let mut v = mul(sub(x, tmp_words[o], m), consts[2 * i], m);
                if add_mask >> p & 1 == 1 {
                    v = add(base[(p * src_rns + i) * n + t], v, m);
                }
                v
            })
            .collect();
        d.check("divide_round_finish", &out, &want);
        // The same words from the division itself.
        for (o, &word) in want.iter().enumerate() {
            let (p, i, t) = (o / (rns * n), (o / n) % rns, o % n);
            let m = targets[i];
            let res: Vec<u64> = (0..src_rns)
                .map(|j| src[(p * src_rns + j) * n + t])
                .collect();
            let quotient = (crt(&res, &all) + half as u128) / q_last as u128;
            let mut v = (quotient % m as u128) as u64;
            if add_mask >> p & 1 == 1 {
                v = add(base[(p * src_rns + i) * n + t], v, m);
            }
            assert_eq!(word, v, "the division's word {o}");
        }

        let args = TruncateArgs {
            src: &bsrc,
            dst: &out,
            n: nn,
            src_rns: src_rns as u32,
            rns_count: rns as u32,
        };
        // SAFETY: work-item (t, i, p) reads word (p·src_rns + i)·n + t, writes (p·rns + i)·n + t.
        unsafe { dr::RNS_TRUNCATE.word(d.w).launch(d.b, 0, &r, args).unwrap() };
        let want: Vec<u64> = (0..polys * rns * n)
            .map(|o| src[((o / (rns * n)) * src_rns + (o / n) % rns) * n + o % n])
            .collect();
        d.check("rns_truncate", &out, &want);
        for buf in [bsrc, bbase, bconsts, moduli, last, tmp, out] {
            d.b.free(buf).unwrap();
        }
    });
}

#[test]
fn decrypt_horner_equals_wide_arithmetic() {
    each(|d| {
        let n = 128usize;
        let q = tier_primes(d.w, 100);
        // The key has more primes than the level: a level's primes are its first rows.
        let rns = q.len() - 1;
        let key = residues(n, &q, 1, 101);
        let (bkey, moduli) = (d.up(&key), d.moduli(&q[..rns]));
        for size in [2usize, 3] {
            let ct = residues(n, &q[..rns], size, 102 + size as u64);
            let bct = d.up(&ct);
            let out = d.out(rns * n);
            let args = HornerArgs {
                ct: &bct,
                s: &bkey,
                out: &out,
                moduli: &moduli,
                n: n as u32,
                rns_count: rns as u32,
                size: size as u32,
                key_first: 0,
            };
            // SAFETY: work-item (i, c, 0) reads word c·n + i of s and of each of the `size`
            // polynomials of ct, row c of moduli, and writes word c·n + i of out.
            unsafe {
                dec::DECRYPT_HORNER
                    .word(d.w)
                    .launch(d.b, 0, &range(n, rns, 1), args)
                    .unwrap()
            };
            let want: Vec<u64> = (0..rns * n)
                .map(|at| {
                    let m = q[at / n];
                    (0..size).fold(0, |acc, p| {
                        add(
                            acc,
                            mul(ct[p * rns * n + at], pow(key[at], p as u64, m), m),
                            m,
                        )
                    })
                })
                .collect();
            d.check(&format!("decrypt_horner size {size}"), &out, &want);
            for buf in [bct, out] {
                d.b.free(buf).unwrap();
            }
        }
        for buf in [bkey, moduli] {
            d.b.free(buf).unwrap();
        }
    });
}

/// The six stream words of coefficient i, drawn through rand_chacha (not the kernels' block
/// function): block i/2 of `stream`, words 6·(i mod 2) on.
fn stream_words(key: [u64; 4], stream: u64, i: usize) -> [u32; 6] {
    use rand::RngCore;
    let mut seed = [0u8; 32];
    for (j, k) in key.iter().enumerate() {
        seed[8 * j..8 * j + 8].copy_from_slice(&k.to_le_bytes());
    }
    let mut rng = rand_chacha::ChaCha20Rng::from_seed(seed);
    rng.set_stream(stream);
    rng.set_word_pos(16 * (i as u128 / 2) + 6 * (i as u128 % 2));
    std::array::from_fn(|_| rng.next_u32())
}

/// u = ⌊3t / 2^64⌋ − 1 of the first two words, centred binomial noise of 21 + 21 bits of the
/// next two and of the last two, as residues modulo q.
fn draw(words: [u32; 6], q: u64) -> [u64; 3] {
    let word = |j: usize| (words[j + 1] as u64) << 32 | words[j] as u64;
    let u = ((3 * word(0) as u128) >> 64) as u64;
    let noise = |w: u64| {
        let e = (w & 0x1F_FFFF).count_ones() as i64 - (w >> 21 & 0x1F_FFFF).count_ones() as i64;
        e.rem_euclid(q as i64) as u64
    };
    [(u + q - 1) % q, noise(word(2)), noise(word(4))]
}

#[test]
fn encrypt_kernels_equal_the_stream_and_wide_arithmetic() {
    each(|d| {
        let (n, batch) = (64usize, 2usize);
        let q = tier_primes(d.w, 110);
        let rns = q.len() - 1;
        let row = rns * n;
        let moduli = d.moduli(&q[..rns]);
        let key = [0x0123_4567_89ab_cdef, 7, 1 << 63, 0xfeed_f00d];
        let stream = 5u64;

        let s = d.out(batch * 3 * row);
        let args = SampleArgs {
            s: &s,
            moduli: &moduli,
            k0: key[0],
            k1: key[1],
            k2: key[2],
            k3: key[3],
            stream,
            n: n as u32,
            rns_count: rns as u32,
        };
        // SAFETY: work-item (i, c, b) writes words b·3·row + p·row + c·n + i (p < 3) of s and
        // reads row c of moduli.
        unsafe {
            enc::ENCRYPT_SAMPLE
                .word(d.w)
                .launch(d.b, 0, &range(n, rns, batch), args)
                .unwrap()
        };
        let drawn: Vec<u64> = (0..batch * 3 * row)
            .map(|o| {
                let (b, p, c, i) = (o / (3 * row), (o / row) % 3, (o / n) % rns, o % n);
                draw(stream_words(key, stream + b as u64, i), q[c])[p]
            })
            .collect();
        d.check("encrypt_sample", &s, &drawn);

        let e = d.out(row);
        let args = NoiseArgs {
            e: &e,
            moduli: &moduli,
            k0: key[0],
            k1: key[1],
            k2: key[2],
            k3: key[3],
            n: n as u32,
        };
        // SAFETY: work-item (i, c, 0) writes word c·n + i of e and reads row c of moduli.
        unsafe {
            enc::ENCRYPT_NOISE
                .word(d.w)
                .launch(d.b, 0, &range(n, rns, 1), args)
                .unwrap()
        };
        let noise: Vec<u64> = (0..row)
            .map(|o| draw(stream_words(key, 0, o % n), q[o / n])[1])
            .collect();
        d.check("encrypt_noise", &e, &noise);

        // The combine on random residues (u, e0, e1 need not be small for the arithmetic),
        // with the tables' rows rotated by one special prime.
        let key_rns = q.len();
        let pk = residues(n, &q, 2, 111);
        let sv: Vec<u64> = (0..batch)
            .flat_map(|b| residues(n, &q[..rns], 3, 112 + b as u64))
            .collect();
        let (bpk, bs) = (d.up(&pk), d.up(&sv));
        let zero = d.out(batch * 2 * row);
        let shift = 1usize;
        let args = CombineArgs {
            s: &bs,
            pk: &bpk,
            zero: &zero,
            moduli: &moduli,
            n: n as u32,
            rns_count: rns as u32,
            key_rns: key_rns as u32,
            shift: shift as u32,
        };
        // SAFETY: work-item (i, c, b) reads and zeroes words b·3·row + p·row + c·n + i of s,
        // reads words p·key_rns·n + key of pk (key < key_rns·n), writes words b·2·row +
        // p·row + out of zero (out < row).
        unsafe {
            enc::ENCRYPT_COMBINE
                .word(d.w)
                .launch(d.b, 0, &range(n, rns, batch), args)
                .unwrap()
        };
        let mut want = vec![0; batch * 2 * row];
        for b in 0..batch {
            for (c, &m) in q[..rns].iter().enumerate() {
                for i in 0..n {
                    let key_at = ((c + key_rns - shift) % key_rns) * n + i;
                    let out = ((c + rns - shift) % rns) * n + i;
                    let s_at = b * 3 * row + c * n + i;
                    let u = sv[s_at];
                    for p in 0..2 {
                        want[b * 2 * row + p * row + out] = add(
                            mul(pk[p * key_rns * n + key_at], u, m),
                            sv[s_at + (p + 1) * row],
                            m,
                        );
                    }
                }
            }
        }
        d.check("encrypt_combine", &zero, &want);
        d.check("encrypt_combine's wiped s", &bs, &vec![0; sv.len()]);

        let sk = residues(n, &q, 1, 113);
        let (ev, av, plain) = (
            residues(n, &q[..rns], 1, 114),
            residues(n, &q[..rns], 1, 115),
            residues(n, &q[..rns], 1, 116),
        );
        let (be, ba, bsk, bplain) = (d.up(&ev), d.up(&av), d.up(&sk), d.up(&plain));
        let out = d.out(2 * row);
        let args = SymmetricCombineArgs {
            e: &be,
            a: &ba,
            s: &bsk,
            plain: &bplain,
            out: &out,
            moduli: &moduli,
            n: n as u32,
            rns_count: rns as u32,
            key_first: 0,
        };
        // SAFETY: work-item (i, c, 0) reads and zeroes word c·n + i of e and a, reads that
        // word of s and plain, writes words c·n + i and row + c·n + i of out.
        unsafe {
            enc::ENCRYPT_SYMMETRIC_COMBINE
                .word(d.w)
                .launch(d.b, 0, &range(n, rns, 1), args)
                .unwrap()
        };
        let want: Vec<u64> = (0..2 * row)
            .map(|o| {
                let (at, m) = (o % row, q[(o % row) / n]);
                if o < row {
                    add(sub(ev[at], mul(av[at], sk[at], m), m), plain[at], m)
                } else {
                    av[at]
                }
            })
            .collect();
        d.check("encrypt_symmetric_combine", &out, &want);
        d.check("encrypt_symmetric_combine's wiped e", &be, &vec![0; row]);
        d.check("encrypt_symmetric_combine's wiped a", &ba, &vec![0; row]);
        for buf in [s, e, bpk, bs, zero, be, ba, bsk, bplain, out, moduli] {
            d.b.free(buf).unwrap();
        }
    });
}
