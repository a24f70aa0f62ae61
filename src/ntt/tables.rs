//! `NttTables`: everything a negacyclic NTT of one size and one prime needs, laid out exactly as
//! SEAL's `util::NTTTables` lays it out, so that device kernels can take the same arrays.

use crate::arith::{Modulus, ShoupOperand};
use crate::error::MathResult;
use crate::primes::{check_degree, minimal_primitive_root};

/// Smallest transform size supported.
pub const NTT_MIN_DEGREE: u64 = 2;
/// Largest transform size supported (SEAL's largest polynomial degree).
pub const NTT_MAX_DEGREE: u64 = 1 << 17;

/// Reverses the low `bits` bits of `i`.
#[inline]
pub fn reverse_bits(i: usize, bits: u32) -> usize {
    if bits == 0 {
        0
    } else {
        i.reverse_bits() >> (usize::BITS - bits)
    }
}

/// Root-power tables for the negacyclic NTT of size n modulo a prime q ≡ 1 (mod 2n).
///
/// - `root_powers[reverse_bits(i)] = ψ^i` (ψ the minimal primitive 2n-th root), with
///   `root_powers[0] = 1`: the forward transform reads them in order 1, 2, …, n − 1.
/// - `inv_root_powers[reverse_bits(i − 1) + 1] = ψ^{-i}` for i ≥ 1, `inv_root_powers[0] = 1`:
///   the inverse transform reads them in order 1, 2, …, n − 1.
/// - every entry carries its Shoup quotient.
///
/// ```
/// use xehe::{arith::Modulus, ntt::NttTables};
/// let q = Modulus::new(132_120_577)?; // 2^27 - 2^21 + 1 ≡ 1 mod 2^21
/// let tables = NttTables::new(1024, &q)?;
/// let mut a: Vec<u64> = (0..1024).collect();
/// let original = a.clone();
/// tables.forward(&mut a)?;
/// tables.inverse(&mut a)?;
/// assert_eq!(a, original);
/// # Ok::<(), xehe::MathError>(())
/// ```
#[derive(Clone, Debug)]
pub struct NttTables {
    n: usize,
    log_n: u32,
    modulus: Modulus,
    root: u64,
    inv_root: u64,
    root_powers: Vec<ShoupOperand>,
    inv_root_powers: Vec<ShoupOperand>,
    inv_degree: ShoupOperand,
}

impl NttTables {
    /// Builds the tables; fails for n outside [2, 2^17] or not a power of two, and for q that is
    /// not a prime ≡ 1 (mod 2n).
    pub fn new(n: u64, modulus: &Modulus) -> MathResult<Self> {
        check_degree(n, NTT_MIN_DEGREE, NTT_MAX_DEGREE)?;
        let q = *modulus;
        let root = minimal_primitive_root(2 * n, &q)?;
        let inv_root = q.inv_mod(root)?;
        let n = n as usize;
        let log_n = n.trailing_zeros();

        let mut root_powers = vec![ShoupOperand::new(1, &q); n];
        let mut power = root;
        for i in 1..n {
            root_powers[reverse_bits(i, log_n)] = ShoupOperand::new(power, &q);
            power = q.mul_mod(power, root);
        }

        let mut inv_root_powers = vec![ShoupOperand::new(1, &q); n];
        let mut power = inv_root;
        for i in 1..n {
            inv_root_powers[reverse_bits(i - 1, log_n) + 1] = ShoupOperand::new(power, &q);
            power = q.mul_mod(power, inv_root);
        }

        let inv_degree = ShoupOperand::new(q.inv_mod(n as u64)?, &q);
        Ok(Self {
            n,
            log_n,
            modulus: q,
            root,
            inv_root,
            root_powers,
            inv_root_powers,
            inv_degree,
        })
    }

    /// Transform size n.
    pub fn degree(&self) -> usize {
        self.n
    }

    /// log2(n).
    pub fn log_degree(&self) -> u32 {
        self.log_n
    }

    /// The prime q.
    pub fn modulus(&self) -> &Modulus {
        &self.modulus
    }

    /// ψ, the minimal primitive 2n-th root of unity modulo q.
    pub fn root(&self) -> u64 {
        self.root
    }

    /// ψ^{-1} mod q.
    pub fn inv_root(&self) -> u64 {
        self.inv_root
    }

    /// Forward twiddles in SEAL's bit-reversed order.
    pub fn root_powers(&self) -> &[ShoupOperand] {
        &self.root_powers
    }

    /// Inverse twiddles in SEAL's order (see the type's documentation).
    pub fn inv_root_powers(&self) -> &[ShoupOperand] {
        &self.inv_root_powers
    }

    /// n^{-1} mod q with its Shoup quotient.
    pub fn inv_degree(&self) -> ShoupOperand {
        self.inv_degree
    }
}
