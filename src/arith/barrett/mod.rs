//! The three Barrett reductions of Shivdikar et al. 2022 (`seeds/shivdikar-2022-...`, §II-B),
//! each for 32-bit words (x < 2^64) and 64-bit words (x < 2^128).
//!
//! With m = len(q) and x < 2^(2m), every variant estimates ⌊x/q⌋ as
//! `((x >> (m - pre)) · µ) >> (m + post)` with µ = ⌊2^(2m + extra) / q⌋ and then corrects the
//! remainder with conditional subtractions. The variants differ in (pre, post, extra), in how much
//! narrower than the word q must be (so that µ and c stay word-sized), and in how many corrections
//! they can need:
//!
//! | variant | file | pre | post | extra | len(q) ≤ | corrections |
//! |---|---|---|---|---|---|---|
//! | classical (Alg. 2) | `classic.rs` | 1 | 1 | 0 | β − 2 | ≤ 2 |
//! | Dhem–Quisquater (Alg. 3) | `dhem_quisquater.rs` | 2 | 5 | 3 | β − 4 | ≤ 1 |
//! | proposed (Alg. 4) | `proposed.rs` | 2 | 3 | 1 | β − 2 | ≤ 1 |
//!
//! ```
//! use xehe::arith::barrett::{ProposedBarrett32, ClassicBarrett64};
//! let r = ProposedBarrett32::new(994_705_409)?;
//! assert_eq!(r.mul_mod(994_674_970, 994_705_408), 30_439);
//! assert!(ProposedBarrett32::new((1 << 31) - 1).is_err()); // 31 bits > β - 2
//! let r = ClassicBarrett64::new((1 << 62) - 57)?;
//! assert_eq!(r.mul_mod(3, 5), 15);
//! # Ok::<(), xehe::MathError>(())
//! ```

mod classic;
mod dhem_quisquater;
mod proposed;
mod variant;

pub use crate::arith::word::Word;
pub use classic::Classic;
pub use dhem_quisquater::DhemQuisquater;
pub use proposed::Proposed;
pub use variant::Variant;

use crate::error::{MathError, MathResult};
use std::marker::PhantomData;

/// A Barrett reducer for modulus q, for word type `W`, following variant `V`.
#[derive(Clone, Copy, Debug)]
pub struct Barrett<W: Word, V: Variant> {
    q: W,
    m: u32,
    mu: W,
    _variant: PhantomData<V>,
}

pub type ClassicBarrett32 = Barrett<u32, Classic>;
pub type ClassicBarrett64 = Barrett<u64, Classic>;
pub type DhemQuisquaterBarrett32 = Barrett<u32, DhemQuisquater>;
pub type DhemQuisquaterBarrett64 = Barrett<u64, DhemQuisquater>;
pub type ProposedBarrett32 = Barrett<u32, Proposed>;
pub type ProposedBarrett64 = Barrett<u64, Proposed>;

impl<W: Word, V: Variant> Barrett<W, V> {
    /// Largest modulus bit length this variant accepts for this word size.
    pub const MAX_BITS: u32 = W::BITS - V::WORD_MARGIN;

    /// Builds the reducer; fails when q < 2 or len(q) exceeds [`Self::MAX_BITS`].
    pub fn new(q: u64) -> MathResult<Self> {
        if q < 2 {
            return Err(MathError::InvalidModulus {
                value: q,
                reason: "must be at least 2",
            });
        }
        let m = 64 - q.leading_zeros();
        if m > Self::MAX_BITS {
            return Err(MathError::ModulusTooWide {
                algorithm: V::NAME,
                word_bits: W::BITS,
                max_bits: Self::MAX_BITS,
                value: q,
                bits: m,
            });
        }
        // 2m + EXTRA ≤ 2β − 1 for every variant within its margin, so the power fits in u128.
        let mu = (1u128 << (2 * m + V::EXTRA)) / q as u128;
        // Only q = 2^(m-1) at the widest m reaches µ = 2^β; odd moduli never do.
        if mu >> W::BITS != 0 {
            return Err(MathError::InvalidModulus {
                value: q,
                reason: "a power of two this wide makes µ overflow its word",
            });
        }
        Ok(Self {
            q: W::from_u64(q),
            m,
            mu: W::from_u128(mu),
            _variant: PhantomData,
        })
    }

    /// The modulus.
    pub fn modulus(&self) -> W {
        self.q
    }

    /// µ as the paper defines it for this variant.
    pub fn mu(&self) -> W {
        self.mu
    }

    /// x − quot · q before any correction: the quantity the conditional subtractions fix.
    #[inline(always)]
    fn estimate(&self, x: W::Wide) -> W::Wide {
        debug_assert!(
            W::wide_bits(x) <= 2 * self.m,
            "Barrett input must be below 2^(2·len(q))"
        );
        let c = W::narrow(W::shr(x, self.m - V::PRE));
        let quot = W::narrow(W::shr(W::mul_wide(c, self.mu), self.m + V::POST));
        W::wide_sub(x, W::mul_wide(quot, self.q))
    }

    /// x mod q for 0 ≤ x < 2^(2·len(q)) (checked in debug builds).
    #[inline(always)]
    pub fn reduce(&self, x: W::Wide) -> W {
        let mut rem = W::narrow(self.estimate(x));
        for _ in 0..V::MAX_CORRECTIONS {
            if rem >= self.q {
                rem = rem.wrapping_sub(self.q);
            }
        }
        rem
    }

    /// (a · b) mod q for a, b < q.
    #[inline(always)]
    pub fn mul_mod(&self, a: W, b: W) -> W {
        self.reduce(W::mul_wide(a, b))
    }

    /// How many conditional subtractions the uncorrected remainder of x needs: ⌊(x − quot·q)/q⌋.
    /// The paper's claims are about this number (classical ≤ 2, the other two ≤ 1).
    pub fn corrections_needed(&self, x: W::Wide) -> u32 {
        W::wide_to_u128(self.estimate(x)).div_euclid(W::to_u64(self.q) as u128) as u32
    }
}
