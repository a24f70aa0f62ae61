//! The `[poly][rns][coeff]` layout of RNS polynomial arrays, shared with the device kernels
//! (XeHE: `offset = rns_idx * n + poly_idx * n * q_base_size`).

use crate::error::{MathError, MathResult};

/// Shape of a contiguous array of `poly_count` polynomials, each with `rns_count` residue
/// polynomials of `n` u64 coefficients.
///
/// ```
/// use xehe::rns::RnsPolyLayout;
/// let layout = RnsPolyLayout::new(2, 3, 8); // a ciphertext: 2 polys, 3 primes, n = 8
/// let mut data = layout.zeroed();
/// layout.component_mut(&mut data, 1, 2)?[0] = 7;
/// assert_eq!(data[layout.offset(1, 2)], 7);
/// assert_eq!(layout.offset(1, 2), 1 * 3 * 8 + 2 * 8);
/// # Ok::<(), xehe::MathError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RnsPolyLayout {
    pub poly_count: usize,
    pub rns_count: usize,
    pub n: usize,
}

impl RnsPolyLayout {
    pub fn new(poly_count: usize, rns_count: usize, n: usize) -> Self {
        Self {
            poly_count,
            rns_count,
            n,
        }
    }

    /// Total number of u64 words.
    pub fn len(&self) -> usize {
        self.poly_count * self.rns_count * self.n
    }

    /// Whether the layout holds no words.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A zero-filled array of this shape.
    pub fn zeroed(&self) -> Vec<u64> {
        vec![0; self.len()]
    }

    /// Index of coefficient 0 of residue `rns` of polynomial `poly`.
    #[inline(always)]
    pub fn offset(&self, poly: usize, rns: usize) -> usize {
        rns * self.n + poly * self.n * self.rns_count
    }

    fn check(&self, data_len: usize, poly: usize, rns: usize) -> MathResult<()> {
        if data_len != self.len() {
            return Err(MathError::LengthMismatch {
                what: "RNS polynomial array",
                expected: self.len(),
                actual: data_len,
            });
        }
        if poly >= self.poly_count || rns >= self.rns_count {
            return Err(MathError::OutOfRange {
                what: "(poly, rns) index",
                value: format!("({poly}, {rns})"),
                bound: format!("({}, {})", self.poly_count, self.rns_count),
            });
        }
        Ok(())
    }

    /// The n coefficients of residue `rns` of polynomial `poly`.
    pub fn component<'a>(&self, data: &'a [u64], poly: usize, rns: usize) -> MathResult<&'a [u64]> {
        self.check(data.len(), poly, rns)?;
        let o = self.offset(poly, rns);
        Ok(&data[o..o + self.n])
    }

    /// Mutable access to the n coefficients of residue `rns` of polynomial `poly`.
    pub fn component_mut<'a>(
        &self,
        data: &'a mut [u64],
        poly: usize,
        rns: usize,
    ) -> MathResult<&'a mut [u64]> {
        self.check(data.len(), poly, rns)?;
        let o = self.offset(poly, rns);
        Ok(&mut data[o..o + self.n])
    }
}
