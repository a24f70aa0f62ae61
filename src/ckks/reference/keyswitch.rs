//! Key switching on the host: SEAL's with one special prime (one decomposition digit per prime
//! of the ciphertext's level, a final division by the special prime P with rounding, "mod
//! down"), and the hybrid key switching of Han–Ki with K special primes: digits of K primes,
//! each raised to the other primes by fast base conversion (ModUp), and a division by their
//! product P through the same conversion (ModDown). With K = 1 the two are the same
//! arithmetic, so one code path serves both and gives SEAL's words there. This is the host
//! reference the device evaluator is checked against.
//!
//! A level's primes are a window of the key level's (`first..first + l`, `0..l` in a SEAL
//! chain); its digits are the keys' digits that meet the window
//! ([`Context::window_digits`]), so one set of keys serves every window.

use crate::arith::{Modulus, ShoupOperand};
use crate::ckks::ciphertext::Ciphertext;
use crate::ckks::context::Context;
use crate::ckks::error::{CkksError, CkksResult};
use crate::ckks::keyswitch::KSwitchKeys;
use crate::ckks::params::ParmsId;
use crate::ntt::NttTables;
use crate::rns::{
    divide_round_consts_product, half_product_mod, mod_down_shift_mod, BaseConverter,
};
use rayon::prelude::*;
use std::ops::Range;

/// Digits summed in 128 bits before a reduction: each product is below q² < 2^122 (primes
/// below 2^61), so 32 of them and a reduced remainder stay below 2^128.
const LAZY_TERMS: usize = 32;

/// Switches `target` (`[rns][coeff]`, NTT form, at the level of `ct`) to the key the
/// `ksk` lead to, adding the result to `ct`'s first two polynomials.
pub(crate) fn switch_key_add(
    context: &Context,
    ct: &mut Ciphertext,
    target: &[u64],
    ksk: &KSwitchKeys,
) -> CkksResult<()> {
    let (n, l) = (ct.n, ct.rns_count);
    let win = window_of(context, ct.parms_id)?;
    let data = ct.storage.host_mut()?;
    let kq = context.key_context_data().coeff_modulus();
    // Each destination's NTT of a digit is made where the sums need it (no digit is kept).
    let split = Split::new(context, target, n, win.clone())?;
    let switched = mac_divide(context, ksk, n, win.clone(), |d, j, t| split.digit(d, j, t))?;
    for (p, d) in switched.iter().enumerate() {
        data[p * l * n..(p + 1) * l * n]
            .par_chunks_mut(n)
            .zip(d.par_chunks(n))
            .zip(&kq[win.clone()])
            .for_each(|((out, v), m)| {
                for (o, &x) in out.iter_mut().zip(v) {
                    *o = m.add_mod(*o, x);
                }
            });
    }
    Ok(())
}

/// `ct` (size 2) switched with `ksk` from the key it is encrypted under to the key `ksk` lead
/// to: (c0 + ks0(c1), ks1(c1)), at `ct`'s level and scale.
pub fn switch_key(context: &Context, ct: &Ciphertext, ksk: &KSwitchKeys) -> CkksResult<Ciphertext> {
    if ct.size() != 2 {
        return Err(CkksError::WrongCiphertextSize {
            op: "switch_key",
            expected: 2,
            given: ct.size(),
        });
    }
    context.data_level(ct.parms_id(), "ciphertext")?;
    let w = ct.n * ct.rns_count;
    let data = ct.storage.read()?;
    let mut words = data[..2 * w].to_vec();
    words[w..].fill(0);
    let mut out = ct.with_host(words);
    switch_key_add(context, &mut out, &data[w..2 * w], ksk)?;
    Ok(out)
}

/// The key-level window of the level `parms_id` names.
pub(crate) fn window_of(context: &Context, parms_id: ParmsId) -> CkksResult<Range<usize>> {
    Ok(context
        .get_context_data(parms_id)
        .ok_or(CkksError::ForeignParameters { what: "ciphertext" })?
        .window())
}

/// The destination primes of a key switch at a level whose primes are `win`, as indices into
/// the key level's primes: the level's primes, then the special primes (the last of the key
/// level).
fn destinations(context: &Context, win: &Range<usize>) -> Vec<usize> {
    let key_rns = context.key_context_data().coeff_modulus().len();
    win.clone()
        .chain(key_rns - context.special_prime_count()..key_rns)
        .collect()
}

/// The decomposition of a key switch's target kept whole: each digit modulo every destination
/// prime, NTT form. A hoisted rotation makes it once and permutes it for each Galois element
/// (the permutation of an NTT-form row is the same for every prime).
pub(crate) struct Digits {
    n: usize,
    win: Range<usize>,
    /// Per destination (the level's primes, then the special primes): `[digits][n]`.
    rows: Vec<Vec<u64>>,
}

/// The target of a key switch in coefficient form, from which [`Split::digit`] makes any digit
/// modulo any destination prime: the target's own row where the destination is one of the
/// digit's primes, otherwise the fast base conversion of the digit's residues (with one prime
/// per digit, SEAL's reduction of the residue).
struct Split<'a> {
    context: &'a Context,
    target: &'a [u64],
    coeff: Vec<u64>,
    n: usize,
    /// The level's first prime among the key level's.
    first: usize,
    /// Per digit of the level: the key's digit index and the level's primes in it.
    digits: Vec<(usize, Range<usize>)>,
    /// Destination d as a key-level prime index.
    dest: Vec<usize>,
    /// Per digit: its conversion to every destination prime.
    convert: Vec<BaseConverter>,
}

impl<'a> Split<'a> {
    /// The inverse NTT of every row of `target` (`[l][n]`, NTT form, the level's primes
    /// `win` among the key level's), one prime per core.
    fn new(
        context: &'a Context,
        target: &'a [u64],
        n: usize,
        win: Range<usize>,
    ) -> CkksResult<Self> {
        let key = context.key_context_data();
        let (q, tables) = (key.coeff_modulus(), key.ntt_tables());
        let mut coeff = target[..win.len() * n].to_vec();
        coeff
            .par_chunks_mut(n)
            .zip(&tables[win.clone()])
            .try_for_each(|(c, t)| t.inverse(c))?;
        let dest = destinations(context, &win);
        let targets: Vec<Modulus> = dest.iter().map(|&k| q[k]).collect();
        let first = win.start;
        let digits = context.window_digits(win);
        let convert = digits
            .iter()
            .map(|(_, p)| BaseConverter::new(&q[first + p.start..first + p.end], &targets))
            .collect::<Result<_, _>>()?;
        Ok(Split {
            context,
            target,
            coeff,
            n,
            first,
            digits,
            dest,
            convert,
        })
    }

    /// The level's digit j modulo destination d, NTT form, into `out`.
    fn digit(&self, d: usize, j: usize, out: &mut [u64]) -> CkksResult<()> {
        let n = self.n;
        let k = self.dest[d];
        let primes = self.digits[j].1.clone();
        if k >= self.first && primes.contains(&(k - self.first)) {
            let i = k - self.first;
            out.copy_from_slice(&self.target[i * n..(i + 1) * n]);
            return Ok(());
        }
        let rows: Vec<&[u64]> = primes.map(|i| &self.coeff[i * n..(i + 1) * n]).collect();
        self.convert[j].convert_rows(&rows, d, out);
        Ok(self.context.key_context_data().ntt_tables()[k].forward(out)?)
    }
}

/// [`Digits`] of `target` (`[l][n]`, NTT form, the level's primes `win`), one destination
/// prime per core.
pub(crate) fn decompose(
    context: &Context,
    target: &[u64],
    n: usize,
    win: Range<usize>,
) -> CkksResult<Digits> {
    let split = Split::new(context, target, n, win.clone())?;
    let digits = split.digits.len();
    let rows = (0..split.dest.len())
        .into_par_iter()
        .map(|d| -> CkksResult<Vec<u64>> {
            let mut row = vec![0u64; digits * n];
            for (j, r) in row.chunks_mut(n).enumerate() {
                split.digit(d, j, r)?;
            }
            Ok(row)
        })
        .collect::<CkksResult<_>>()?;
    Ok(Digits { n, win, rows })
}

/// The key switch of the target whose [`Digits`] are given, after X → X^g (`perm`, the NTT-form
/// permutation of g): `[2][l][n]`, to be added to the permuted ciphertext. Digit j of the
/// permuted target is the permuted digit up to a multiple of q_j (the automorphism negates
/// some coefficients, and the digit is lifted before, not after), so the result is a valid key
/// switch of the rotated target with noise of the same size, not SEAL's words.
pub(crate) fn switch_hoisted(
    context: &Context,
    digits: &Digits,
    perm: &[usize],
    ksk: &KSwitchKeys,
) -> CkksResult<[Vec<u64>; 2]> {
    let n = digits.n;
    mac_divide(context, ksk, n, digits.win.clone(), |d, j, t| {
        let row = &digits.rows[d][j * n..(j + 1) * n];
        for (x, &src) in t.iter_mut().zip(perm) {
            *x = row[src];
        }
        Ok(())
    })
}

/// For each destination prime (on every core): Σ_j digit_j · key_j, the products summed in 128
/// bits and reduced once per LAZY_TERMS digits (SEAL's lazy reduction; the same residue as
/// reducing every term), then both components divided by P with rounding: `[2][l][n]`.
/// `digit(d, j, out)` writes digit j modulo destination d (NTT form) into `out`.
fn mac_divide(
    context: &Context,
    ksk: &KSwitchKeys,
    n: usize,
    win: Range<usize>,
    digit: impl Fn(usize, usize, &mut [u64]) -> CkksResult<()> + Sync,
) -> CkksResult<[Vec<u64>; 2]> {
    let rows = mac(context, ksk, n, win.clone(), digit)?;
    divide_by_specials(context, &rows, n, win)
}

/// The sum over `terms` of each target's key switch (`[l][n]`, NTT form, with its key), the
/// products summed over PQ and divided by P once: `[2][l][n]`, the host reference of the
/// device's `switch_sum`. Each term's products are reduced as [`mac_divide`] reduces them and
/// added modulo each prime, so the words do not depend on the terms' order.
pub(crate) fn switch_sum(
    context: &Context,
    terms: &[(&[u64], &KSwitchKeys)],
    n: usize,
    win: Range<usize>,
) -> CkksResult<[Vec<u64>; 2]> {
    let key = context.key_context_data();
    let kq = key.coeff_modulus();
    let dest = destinations(context, &win);
    let mut total: Option<[Vec<u64>; 2]> = None;
    for &(target, ksk) in terms {
        let split = Split::new(context, target, n, win.clone())?;
        let rows = mac(context, ksk, n, win.clone(), |d, j, t| split.digit(d, j, t))?;
        total = Some(match total {
            None => rows,
            Some(mut acc) => {
                for (a, r) in acc.iter_mut().zip(&rows) {
                    a.par_chunks_mut(n)
                        .zip(r.par_chunks(n))
                        .zip(dest.par_iter())
                        .for_each(|((a, r), &k)| {
                            for (x, &y) in a.iter_mut().zip(r) {
                                *x = kq[k].add_mod(*x, y);
                            }
                        });
                }
                acc
            }
        });
    }
    let rows = total.ok_or(CkksError::WrongSize {
        what: "count of key switches in a sum (at least one)",
        expected: 1,
        given: 0,
    })?;
    divide_by_specials(context, &rows, n, win)
}

/// For each destination prime (on every core): Σ_j digit_j · key_j, as [`mac_divide`] makes
/// them, before the division: `[2][dest][n]` in destination order.
fn mac(
    context: &Context,
    ksk: &KSwitchKeys,
    n: usize,
    win: Range<usize>,
    digit: impl Fn(usize, usize, &mut [u64]) -> CkksResult<()> + Sync,
) -> CkksResult<[Vec<u64>; 2]> {
    crate::ckks::validate::switching_keys_in(context, ksk, win.clone())?;
    let key = context.key_context_data();
    let kq = key.coeff_modulus();
    let dest = destinations(context, &win);
    let (l, first) = (win.len(), win.start);
    // The key's digit index for each of the level's digits.
    let key_digits: Vec<usize> = context.window_digits(win).iter().map(|(j, _)| *j).collect();
    // The key's rows: its level's data primes, then the special primes (the key level's rows
    // for keys over the whole chain, fewer for a key made at a lower level).
    let kr = ksk.rows();
    let key_row = |d: usize| {
        if d < l {
            first + d
        } else {
            kr - (dest.len() - d)
        }
    };
    // Rows in destination order per component (the level's primes, then the special primes),
    // written in place; each thread keeps its 128-bit sums and digit row from one destination
    // to the next, where fresh buffers cost page faults (about 6% of a relinearization).
    let mut rows = [vec![0u64; dest.len() * n], vec![0u64; dest.len() * n]];
    let [rows0, rows1] = &mut rows;
    rows0
        .par_chunks_mut(n)
        .zip(rows1.par_chunks_mut(n))
        .zip(dest.par_iter())
        .enumerate()
        .try_for_each_init(
            || ([vec![0u128; n], vec![0u128; n]], vec![0u64; n]),
            |(sums, t), (d, ((out0, out1), &k))| -> CkksResult<()> {
                let m = kq[k];
                let row = key_row(d);
                sums.iter_mut().for_each(|s| s.fill(0));
                for (j, &key_digit) in key_digits.iter().enumerate() {
                    digit(d, j, t)?;
                    let key_j = &ksk.keys[key_digit];
                    for (p, sum) in sums.iter_mut().enumerate() {
                        let kp = &key_j[(p * kr + row) * n..(p * kr + row + 1) * n];
                        for ((s, &x), &w) in sum.iter_mut().zip(t.iter()).zip(kp) {
                            *s += u128::from(x) * u128::from(w);
                        }
                        if j % LAZY_TERMS == LAZY_TERMS - 1 {
                            for s in sum.iter_mut() {
                                *s = u128::from(m.reduce_u128(*s));
                            }
                        }
                    }
                }
                for (out, sum) in [out0, out1].into_iter().zip(sums.iter()) {
                    for (o, &s) in out.iter_mut().zip(sum) {
                        *o = m.reduce_u128(s);
                    }
                }
                Ok(())
            },
        )?;
    Ok(rows)
}

/// Both components of a key switch's products (`[2][dest][n]`, destination order) divided by
/// P with rounding: `[2][l][n]`.
fn divide_by_specials(
    context: &Context,
    rows: &[Vec<u64>; 2],
    n: usize,
    win: Range<usize>,
) -> CkksResult<[Vec<u64>; 2]> {
    let key = context.key_context_data();
    let (kq, tables) = (key.coeff_modulus(), key.ntt_tables());
    let dest = destinations(context, &win);
    let moduli: Vec<&Modulus> = dest.iter().map(|&k| &kq[k]).collect();
    let ntt: Vec<&NttTables> = dest.iter().map(|&k| &tables[k]).collect();
    let tail = context.special_prime_count();
    Ok([
        divide_round_by_tail(&rows[0], n, &moduli, &ntt, tail)?,
        divide_round_by_tail(&rows[1], n, &moduli, &ntt, tail)?,
    ])
}

/// Divides a polynomial of l + 1 residue components (`[rns][coeff]`, NTT form) by the prime
/// of its last component with rounding, giving l components: SEAL's "mod down" after key
/// switching and its rescale.
pub(crate) fn divide_round_by_last(
    poly: &[u64],
    n: usize,
    moduli: &[&Modulus],
    tables: &[&NttTables],
) -> CkksResult<Vec<u64>> {
    divide_round_by_tail(poly, n, moduli, tables, 1)
}

/// Divides a polynomial of l + `tail` residue components (`[rns][coeff]`, NTT form) by the
/// product P of its last `tail` primes with rounding, giving l components. The tail rows are
/// brought to coefficient form and shifted by ⌊P/2⌋ (each row by its residue), converted to
/// each other prime by fast base conversion (exact reduction for one prime: SEAL's division),
/// and then for each other prime (x − (v − s)) · P^-1 with s = ⌊P/2⌋ + ⌊(tail − 1)/2⌋·P
/// ([`mod_down_shift_mod`]): the conversion's extra multiple of P (below `tail`) leaves the
/// quotient within ⌈(tail − 1)/2⌉ of the rounded one, centred on it (for odd `tail`; within
/// 1/2 for even).
pub(crate) fn divide_round_by_tail(
    poly: &[u64],
    n: usize,
    moduli: &[&Modulus],
    tables: &[&NttTables],
    tail: usize,
) -> CkksResult<Vec<u64>> {
    let l = moduli.len() - tail;
    let specials: Vec<Modulus> = moduli[l..].iter().map(|&m| *m).collect();
    let targets: Vec<Modulus> = moduli[..l].iter().map(|&m| *m).collect();
    // (P^-1, ⌊P/2⌋) modulo each target, and ⌊P/2⌋ modulo each special prime; the targets'
    // shift centres the fast conversion's multiple of P (`mod_down_shift_mod`).
    let consts = divide_round_consts_product(&specials, &targets)?;
    let shift = mod_down_shift_mod(&specials, &targets);
    let half_special = half_product_mod(&specials, &specials);
    let mut r = poly[l * n..].to_vec();
    r.par_chunks_mut(n)
        .zip(&specials)
        .zip(&half_special)
        .zip(&tables[l..])
        .try_for_each(|(((row, m), &h), t)| -> CkksResult<()> {
            t.inverse(row)?;
            for x in row.iter_mut() {
                *x = m.add_mod(*x, h);
            }
            Ok(())
        })?;
    let convert = BaseConverter::new(&specials, &targets)?;
    let rows: Vec<&[u64]> = r.chunks(n).collect();
    // One prime per core. The converted row t is made in the output row itself (no fresh
    // allocation per prime), transformed lazily to [0, 4q) as SEAL does, and the last step
    // takes x + 4q − t (below 5q < 2^64) times P^-1 in Shoup's form, fully reduced: the same
    // word as (x − t) · P^-1 mod q.
    let mut out = vec![0u64; l * n];
    out.par_chunks_mut(n)
        .enumerate()
        .try_for_each(|(k, out)| -> CkksResult<()> {
            let m = moduli[k];
            let (inv, half_k) = (ShoupOperand::new(consts[2 * k], m), shift[k]);
            convert.convert_rows(&rows, k, out);
            for x in out.iter_mut() {
                *x = m.sub_mod(*x, half_k);
            }
            tables[k].forward_lazy(out)?;
            let four_q = 4 * m.value();
            for (o, &x) in out.iter_mut().zip(&poly[k * n..(k + 1) * n]) {
                *o = inv.mul_mod(x + four_q - *o, m);
            }
            Ok(())
        })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primes::CoeffModulus;
    use crate::rns::RnsBase;
    use num_bigint::{BigInt, BigUint};
    use rand::{Rng, SeedableRng};

    /// A division by seven special primes' product returns the rounded quotient of each
    /// coefficient give or take the conversion's multiple of P, centred: over 4096 random
    /// coefficients the mean difference is near 0 (the uncentred fast conversion's was −3,
    /// the same in every coefficient) and none is more than 3 away.
    #[test]
    fn divisions_by_several_special_primes_are_not_biased() {
        let n = 1024;
        let q = CoeffModulus::create(n as u64, &[50, 40, 40, 60, 60, 60, 60, 60, 60, 60]).unwrap();
        let tail = 7;
        let l = q.len() - tail;
        let tables: Vec<NttTables> = q
            .iter()
            .map(|m| NttTables::new(n as u64, m).unwrap())
            .collect();
        let all = RnsBase::new(&q).unwrap();
        let p_base = RnsBase::new(&q[l..]).unwrap();
        let p = p_base.product().clone();
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let (mut sum, mut worst, mut count) = (0i64, 0i64, 0i64);
        for _ in 0..4 {
            let coeff: Vec<Vec<u64>> = q
                .iter()
                .map(|m| (0..n).map(|_| rng.gen_range(0..m.value())).collect())
                .collect();
            let mut poly: Vec<u64> = Vec::new();
            for (row, t) in coeff.iter().zip(&tables) {
                let mut r = row.clone();
                t.forward(&mut r).unwrap();
                poly.extend(r);
            }
            let moduli: Vec<&Modulus> = q.iter().collect();
            let ntt: Vec<&NttTables> = tables.iter().collect();
            let out = divide_round_by_tail(&poly, n, &moduli, &ntt, tail).unwrap();
            let mut first = out[..n].to_vec();
            tables[0].inverse(&mut first).unwrap();
            let q0 = q[0].value();
            for c in 0..n {
                let residues: Vec<u64> = coeff.iter().map(|r| r[c]).collect();
                let x = all.compose(&residues).unwrap();
                // The rounded quotient of the integer in [0, QP) the residues stand for.
                let want: BigUint = (&x + (&p >> 1u32)) / &p;
                let want = u64::try_from(want % q0).unwrap();
                let d = BigInt::from(first[c]) - BigInt::from(want);
                let d = i64::try_from(d).unwrap();
                let d = if d > (q0 / 2) as i64 {
                    d - q0 as i64
                } else if d < -((q0 / 2) as i64) {
                    d + q0 as i64
                } else {
                    d
                };
                sum += d;
                worst = worst.max(d.abs());
                count += 1;
            }
        }
        let mean = sum as f64 / count as f64;
        assert!(mean.abs() < 0.2, "mean quotient error {mean}");
        assert!(worst <= 3, "largest quotient error {worst}");
    }
}
