//! The `[poly][rns][coeff]` layout of RNS polynomial arrays, on the host and on devices
//! (XeHE: `offset = rns_idx * n + poly_idx * n * q_base_size`).

use crate::error::{MathError, MathResult};

/// The shape of a contiguous array of `poly_count` polynomials, each with `rns_count` residue
/// polynomials of `n` u64 coefficients: the one description of that layout, shared by the
/// host code, the device runtime and the CKKS evaluator.
///
/// ```
/// use xehe::rns::RnsShape;
/// let shape = RnsShape::new(8, 3, 2)?; // a ciphertext: n = 8, 3 primes, 2 polynomials
/// let mut data = shape.zeroed();
/// shape.component_mut(&mut data, 1, 2)?[0] = 7;
/// assert_eq!(data[shape.offset(1, 2)], 7);
/// assert_eq!(shape.offset(1, 2), 1 * 3 * 8 + 2 * 8);
/// assert!(RnsShape::new(0, 1, 1).is_err());
/// # Ok::<(), xehe::MathError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RnsShape {
    pub n: usize,
    pub rns_count: usize,
    pub poly_count: usize,
}

impl RnsShape {
    /// `poly_count` polynomials of `rns_count` components of `n` coefficients. Refused: a zero
    /// size, an `n` or `rns_count` past 32 bits (the kernels index with 32-bit n and rns_count
    /// and a `size_t` offset), an array past the address space.
    pub fn new(n: usize, rns_count: usize, poly_count: usize) -> MathResult<Self> {
        if n == 0 || rns_count == 0 || poly_count == 0 {
            return Err(MathError::InvalidShape(format!(
                "n = {n}, rns_count = {rns_count}, poly_count = {poly_count}: all must be at least 1"
            )));
        }
        if u32::try_from(n).is_err() || u32::try_from(rns_count).is_err() {
            return Err(MathError::InvalidShape(format!(
                "n = {n}, rns_count = {rns_count} must fit 32 bits"
            )));
        }
        n.checked_mul(rns_count)
            .and_then(|x| x.checked_mul(poly_count))
            .and_then(|x| x.checked_mul(8))
            .ok_or_else(|| MathError::InvalidShape("array larger than the address space".into()))?;
        Ok(RnsShape {
            n,
            rns_count,
            poly_count,
        })
    }

    /// Words of the whole array.
    pub fn words(&self) -> usize {
        self.n * self.rns_count * self.poly_count
    }

    /// A zero-filled array of this shape.
    pub fn zeroed(&self) -> Vec<u64> {
        vec![0; self.words()]
    }

    /// Index of coefficient 0 of residue `rns` of polynomial `poly`.
    #[inline(always)]
    pub fn offset(&self, poly: usize, rns: usize) -> usize {
        rns * self.n + poly * self.n * self.rns_count
    }

    fn check(&self, data_len: usize, poly: usize, rns: usize) -> MathResult<()> {
        if data_len != self.words() {
            return Err(MathError::LengthMismatch {
                what: "RNS polynomial array",
                expected: self.words(),
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
