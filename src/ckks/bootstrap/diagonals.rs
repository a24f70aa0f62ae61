//! Slot matrices as diagonals, and the special FFT of CKKS's embedding factored into sparse
//! butterfly stages: the plain (unencrypted) algebra behind CoeffToSlot and SlotToCoeff.
//!
//! A matrix on n slots is Σ_d diag_d ⊙ rot_d(x), where rot_d(x)_p = x_((p + d) mod n) is the
//! evaluator's left rotation by d. SEAL's slot j sits at ζ^(3^j); with its odd slots
//! conjugated it sits at ζ^(g^j), g = 2N − 3 ≡ 5 (mod 8), which generates the roots ≡ 1 (mod 4),
//! so the slot vector z' of a real polynomial t is U'·(t_lo + i·t_hi), U'[j][k] = ζ^(g^j·k) on
//! n = N/2 slots, and U' = S_(L−1) ⋯ S_0 · R with R the bit reversal and S_s the radix-2
//! butterfly stage of half-length 2^s (HEAAN's `fftSpecial` with generator g).

use num_complex::Complex64;
use std::collections::BTreeMap;

/// A slot matrix by its nonzero diagonals (offsets in [0, n)).
#[derive(Clone, Debug, PartialEq)]
pub struct Diagonals {
    n: usize,
    diags: BTreeMap<usize, Vec<Complex64>>,
}

impl Diagonals {
    /// The n × n identity.
    pub fn identity(n: usize) -> Self {
        Self::diagonal(vec![Complex64::new(1.0, 0.0); n])
    }

    /// The diagonal matrix with `d` on its diagonal.
    pub fn diagonal(d: Vec<Complex64>) -> Self {
        let n = d.len();
        Diagonals {
            n,
            diags: BTreeMap::from([(0, d)]),
        }
    }

    /// A matrix from its diagonals: `diags` maps an offset (reduced modulo n) to n entries.
    pub fn from_diagonals(n: usize, diags: BTreeMap<usize, Vec<Complex64>>) -> Self {
        assert!(
            diags.iter().all(|(&d, v)| d < n && v.len() == n),
            "diagonals of an n × n matrix"
        );
        Diagonals { n, diags }
    }

    /// The slot count n.
    pub fn slots(&self) -> usize {
        self.n
    }

    /// The diagonals, offset → entries.
    pub fn diagonals(&self) -> &BTreeMap<usize, Vec<Complex64>> {
        &self.diags
    }

    /// A·B: (Σ_a D_a rot_a)(Σ_b E_b rot_b) = Σ_(a,b) (D_a ⊙ rot_a(E_b)) rot_(a+b).
    pub fn compose(&self, b: &Diagonals) -> Diagonals {
        assert_eq!(self.n, b.n);
        let n = self.n;
        let mut out: BTreeMap<usize, Vec<Complex64>> = BTreeMap::new();
        for (&da, va) in &self.diags {
            for (&db, vb) in &b.diags {
                let entry = out
                    .entry((da + db) % n)
                    .or_insert_with(|| vec![Complex64::new(0.0, 0.0); n]);
                for p in 0..n {
                    entry[p] += va[p] * vb[(p + da) % n];
                }
            }
        }
        Diagonals { n, diags: out }
    }

    /// Every entry times `c`.
    pub fn scaled(mut self, c: Complex64) -> Self {
        self.diags.values_mut().flatten().for_each(|v| *v *= c);
        self
    }

    /// The entrywise conjugate: conj(M·x) = conj(M)·conj(x).
    pub fn conj(mut self) -> Self {
        self.diags
            .values_mut()
            .flatten()
            .for_each(|v| *v = v.conj());
        self
    }

    /// The same matrix on `total` slots holding `total / n` copies of an n-slot vector (sparse
    /// packing): every diagonal repeated, each offset d read as the nearer of d and d − n,
    /// which rotate an n-periodic vector alike.
    pub fn replicate(&self, total: usize) -> Diagonals {
        assert!(total.is_multiple_of(self.n), "whole copies");
        let n = self.n;
        let diags = self
            .diags
            .iter()
            .map(|(&d, v)| {
                let offset = if d > n / 2 { total + d - n } else { d } % total;
                (offset, (0..total).map(|p| v[p % n]).collect())
            })
            .collect();
        Diagonals { n: total, diags }
    }

    /// M·x on plain slots.
    pub fn apply(&self, x: &[Complex64]) -> Vec<Complex64> {
        assert_eq!(x.len(), self.n);
        let mut out = vec![Complex64::new(0.0, 0.0); self.n];
        for (&d, v) in &self.diags {
            for p in 0..self.n {
                out[p] += v[p] * x[(p + d) % self.n];
            }
        }
        out
    }
}

/// ζ^k for ζ = e^(iπ/N), M = 2N.
fn root(k: u64, m: u64) -> Complex64 {
    Complex64::from_polar(1.0, 2.0 * std::f64::consts::PI * (k % m) as f64 / m as f64)
}

/// The twiddle of butterfly j in the stage of half-length `half` (HEAAN's
/// ζ_M^((g^j mod 4·len)·M/(4·len)), len = 2·half).
fn twiddle(j: usize, half: usize, big_n: usize) -> Complex64 {
    let m = 2 * big_n as u64;
    let g = m - 3;
    let lenq = 8 * half as u64;
    let mut gj = 1u64;
    for _ in 0..j {
        gj = gj * g % m;
    }
    root((gj % lenq) * (m / lenq), m)
}

/// Butterfly stage s of the special FFT on n = N/2 slots (half-length 2^s), or its inverse.
pub fn fft_stage(s: u32, big_n: usize, inverse: bool) -> Diagonals {
    let n = big_n / 2;
    let half = 1usize << s;
    let zero = Complex64::new(0.0, 0.0);
    let (mut d0, mut up, mut down) = (vec![zero; n], vec![zero; n], vec![zero; n]);
    for block in (0..n).step_by(2 * half) {
        for j in 0..half {
            let w = twiddle(j, half, big_n);
            let (lo, hi) = (block + j, block + j + half);
            if inverse {
                // u = (a + b)/2, v = (a − b)/(2w).
                d0[lo] = Complex64::new(0.5, 0.0);
                up[lo] = Complex64::new(0.5, 0.0);
                let iw = (2.0 * w).inv();
                down[hi] = iw;
                d0[hi] = -iw;
            } else {
                // a = u + w·v, b = u − w·v.
                d0[lo] = Complex64::new(1.0, 0.0);
                up[lo] = w;
                down[hi] = Complex64::new(1.0, 0.0);
                d0[hi] = -w;
            }
        }
    }
    let mut diags = BTreeMap::from([(0, d0), (half % n, up)]);
    // With half = n/2 both off-diagonals are the same one: their entries do not overlap.
    let entry = diags.entry((n - half) % n).or_insert_with(|| vec![zero; n]);
    for (e, d) in entry.iter_mut().zip(down) {
        *e += d;
    }
    Diagonals { n, diags }
}

/// Splits `stages` stages into `groups` consecutive runs as evenly as possible, the larger
/// runs first.
pub fn split_stages(stages: u32, groups: usize) -> Vec<std::ops::Range<u32>> {
    let groups = groups.clamp(1, stages as usize) as u32;
    let (base, extra) = (stages / groups, stages % groups);
    let mut start = 0;
    (0..groups)
        .map(|g| {
            let len = base + u32::from(g < extra);
            let r = start..start + len;
            start += len;
            r
        })
        .collect()
}

/// CoeffToSlot's factors in the order they apply: z' ↦ R·U'^(-1)·z' as `groups` matrices,
/// each the product of consecutive inverse stages (the largest half-length first).
pub fn coeff_to_slot_factors(big_n: usize, groups: usize) -> Vec<Diagonals> {
    let stages = (big_n / 2).trailing_zeros();
    let mut out: Vec<Diagonals> = split_stages(stages, groups)
        .into_iter()
        .map(|r| {
            // Applied first: S_(hi)^-1, then down to S_(lo)^-1: the product S_lo^-1 ⋯ S_hi^-1.
            r.clone().fold(Diagonals::identity(big_n / 2), |acc, s| {
                acc.compose(&fft_stage(s, big_n, true))
            })
        })
        .collect();
    out.reverse();
    out
}

/// SlotToCoeff's factors in the order they apply: R·w ↦ U'·w as `groups` matrices, each the
/// product of consecutive stages (the smallest half-length first).
pub fn slot_to_coeff_factors(big_n: usize, groups: usize) -> Vec<Diagonals> {
    let stages = (big_n / 2).trailing_zeros();
    split_stages(stages, groups)
        .into_iter()
        .map(|r| {
            r.fold(Diagonals::identity(big_n / 2), |acc, s| {
                fft_stage(s, big_n, false).compose(&acc)
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rev(i: usize, bits: u32) -> usize {
        i.reverse_bits() >> (usize::BITS - bits)
    }

    fn vector(n: usize, seed: u64) -> Vec<Complex64> {
        (0..n)
            .map(|i| {
                let a = ((i as u64 * 2654435761 + seed) % 1000) as f64 / 500.0 - 1.0;
                let b = ((i as u64 * 40503 + 3 * seed) % 1000) as f64 / 500.0 - 1.0;
                Complex64::new(a, b)
            })
            .collect()
    }

    /// U'·x evaluated directly.
    fn direct(x: &[Complex64], big_n: usize) -> Vec<Complex64> {
        let m = 2 * big_n as u64;
        let g = m - 3;
        let mut gj = 1u64;
        (0..x.len())
            .map(|_| {
                let v = x
                    .iter()
                    .enumerate()
                    .map(|(k, &xk)| xk * root(gj * k as u64 % m, m))
                    .sum();
                gj = gj * g % m;
                v
            })
            .collect()
    }

    #[test]
    fn the_stages_compose_to_the_embedding_for_every_grouping() {
        for big_n in [16usize, 64, 256] {
            let n = big_n / 2;
            let bits = n.trailing_zeros();
            let x = vector(n, big_n as u64);
            let want = direct(&x, big_n);
            let x_br: Vec<Complex64> = (0..n).map(|i| x[rev(i, bits)]).collect();
            for groups in 1..=bits as usize {
                let mut y = x_br.clone();
                for f in slot_to_coeff_factors(big_n, groups) {
                    y = f.apply(&y);
                }
                let err = y
                    .iter()
                    .zip(&want)
                    .map(|(a, b)| (a - b).norm())
                    .fold(0.0, f64::max);
                assert!(err < 1e-9, "N {big_n} groups {groups}: {err}");
                // CoeffToSlot undoes it, leaving x bit-reversed.
                let mut w = want.clone();
                for f in coeff_to_slot_factors(big_n, groups) {
                    w = f.apply(&w);
                }
                let err = w
                    .iter()
                    .zip(&x_br)
                    .map(|(a, b)| (a - b).norm())
                    .fold(0.0, f64::max);
                assert!(err < 1e-9, "N {big_n} groups {groups}: {err}");
            }
        }
    }

    #[test]
    fn a_group_of_r_stages_has_at_most_2_to_the_r_plus_1_minus_1_diagonals() {
        for (groups, r) in [(1usize, 7u32), (2, 4), (3, 3)] {
            for f in coeff_to_slot_factors(256, groups) {
                assert!(
                    f.diagonals().len() < 1 << (r + 1),
                    "{}",
                    f.diagonals().len()
                );
            }
        }
        assert_eq!(split_stages(11, 3), vec![0..4, 4..8, 8..11]);
    }

    #[test]
    fn compose_matches_applying_in_turn() {
        let (a, b) = (fft_stage(1, 32, false), fft_stage(2, 32, true));
        let x = vector(16, 5);
        let want = a.apply(&b.apply(&x));
        let got = a.compose(&b).apply(&x);
        assert!(want.iter().zip(&got).all(|(u, v)| (u - v).norm() < 1e-12));
    }
}
