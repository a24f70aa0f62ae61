//! SEAL's seeded pseudo-random generators, reproduced bit for bit so that the uniform half of a
//! ciphertext or key can travel as a 64-byte seed (SEAL's `Serializable<T>` forms) and be
//! regenerated on either side.
//!
//! A generator is a 512-bit seed and a block counter. Each 4096-byte block is
//! BLAKE2Xb(key = seed, message = counter as 8 little-endian bytes, output 4096 bytes) — SEAL's
//! default — or SHAKE256(seed ‖ counter), and the counter then advances. [`sample_poly_uniform`]
//! turns the stream into residues exactly as SEAL's function of that name does, rejection
//! sampling included, so both libraries draw the same polynomial from the same seed.

use crate::arith::Modulus;
use blake2b_simd::Params;
use sha3::digest::{ExtendableOutput, Update, XofReader};

/// 64-bit words in a seed (SEAL's `prng_seed_uint64_count`).
pub const SEED_WORDS: usize = 8;
/// Bytes SEAL's generators produce per block (`UniformRandomGenerator::buffer_size_`).
const BLOCK_BYTES: usize = 4096;
/// BLAKE2b's full output; BLAKE2Xb's node length.
const BLAKE2B_OUT: usize = 64;

/// Which generator a seed is for (SEAL's `prng_type`, stored as one byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrngType {
    /// BLAKE2Xb, SEAL's default.
    Blake2xb = 1,
    /// SHAKE256.
    Shake256 = 2,
}

impl PrngType {
    /// The type of a stored byte, if SEAL knows it.
    pub fn from_byte(b: u8) -> Option<Self> {
        match b {
            1 => Some(PrngType::Blake2xb),
            2 => Some(PrngType::Shake256),
            _ => None,
        }
    }
}

/// What regenerates a polynomial: SEAL's `UniformRandomGeneratorInfo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrngInfo {
    pub kind: PrngType,
    pub seed: [u64; SEED_WORDS],
}

impl PrngInfo {
    /// A fresh BLAKE2Xb seed from the operating system's CSPRNG.
    pub fn random(rng: &mut impl rand::RngCore) -> Self {
        let mut seed = [0u64; SEED_WORDS];
        for w in seed.iter_mut() {
            *w = rng.next_u64();
        }
        PrngInfo {
            kind: PrngType::Blake2xb,
            seed,
        }
    }

    fn seed_bytes(&self) -> [u8; SEED_WORDS * 8] {
        let mut out = [0u8; SEED_WORDS * 8];
        for (chunk, w) in out.chunks_exact_mut(8).zip(self.seed) {
            chunk.copy_from_slice(&w.to_le_bytes());
        }
        out
    }
}

/// A seeded stream: SEAL's `Blake2xbPRNG` / `Shake256PRNG` with its 4096-byte buffer.
pub struct SealPrng {
    info: PrngInfo,
    counter: u64,
    block: Vec<u8>,
    pos: usize,
}

impl SealPrng {
    pub fn new(info: PrngInfo) -> Self {
        SealPrng {
            info,
            counter: 0,
            block: vec![0; BLOCK_BYTES],
            pos: BLOCK_BYTES,
        }
    }

    /// Fills `out` with the next bytes of the stream.
    pub fn fill(&mut self, mut out: &mut [u8]) {
        while !out.is_empty() {
            if self.pos == BLOCK_BYTES {
                self.refill();
            }
            let take = out.len().min(BLOCK_BYTES - self.pos);
            out[..take].copy_from_slice(&self.block[self.pos..self.pos + take]);
            self.pos += take;
            out = &mut out[take..];
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        self.fill(&mut b);
        u64::from_le_bytes(b)
    }

    fn refill(&mut self) {
        let seed = self.info.seed_bytes();
        match self.info.kind {
            PrngType::Blake2xb => blake2xb(&seed, &self.counter.to_le_bytes(), &mut self.block),
            PrngType::Shake256 => {
                let mut h = sha3::Shake256::default();
                h.update(&seed);
                h.update(&self.counter.to_le_bytes());
                h.finalize_xof().read(&mut self.block);
            }
        }
        self.counter += 1;
        self.pos = 0;
    }
}

/// BLAKE2Xb (the BLAKE2X construction over BLAKE2b) with a key, as in the BLAKE2 reference code
/// SEAL ships: a keyed root hash whose parameter block carries the output length, then one
/// unkeyed BLAKE2b of the root per 64-byte output node. BLAKE2X's 32-bit node offset and 32-bit
/// output length share BLAKE2b's 64-bit node-offset field.
fn blake2xb(key: &[u8], message: &[u8], out: &mut [u8]) {
    let xof_len = (out.len() as u64) << 32;
    let root = Params::new()
        .hash_length(BLAKE2B_OUT)
        .key(key)
        .fanout(1)
        .max_depth(1)
        .max_leaf_length(0)
        .node_offset(xof_len)
        .to_state()
        .update(message)
        .finalize();
    for (i, chunk) in out.chunks_mut(BLAKE2B_OUT).enumerate() {
        let node = Params::new()
            .hash_length(chunk.len())
            .fanout(0)
            .max_depth(0)
            .max_leaf_length(BLAKE2B_OUT as u32)
            .node_offset(xof_len | i as u64)
            .node_depth(0)
            .inner_hash_length(BLAKE2B_OUT)
            .hash(root.as_bytes());
        chunk.copy_from_slice(node.as_bytes());
    }
}

/// Uniform residues `[rns][coeff]` for `moduli` from `prng`, SEAL's `sample_poly_uniform`: one
/// word per coefficient and prime, drawn in that order, each redrawn while it lies in the
/// incomplete last multiple of the prime below 2^64, then reduced.
pub fn sample_poly_uniform(prng: &mut SealPrng, moduli: &[Modulus], n: usize) -> Vec<u64> {
    let mut bytes = vec![0u8; moduli.len() * n * 8];
    prng.fill(&mut bytes);
    let mut out: Vec<u64> = bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect();
    for (row, m) in out.chunks_mut(n).zip(moduli) {
        let max_multiple = u64::MAX - m.reduce(u64::MAX) - 1;
        for w in row.iter_mut() {
            while *w >= max_multiple {
                *w = prng.next_u64();
            }
            *w = m.reduce(*w);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SEAL's `Blake2xbPRNG(seed).generate()` and `Shake256PRNG`, 32-bit words 0..4 and 1024
    /// (the first of the second block), from tenseal.sealapi for seed i·0x9E3779B97F4A7C15 + 7.
    #[test]
    fn streams_match_seal() {
        let mut seed = [0u64; SEED_WORDS];
        for (i, w) in seed.iter_mut().enumerate() {
            *w = (i as u64)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(7);
        }
        for (kind, expect) in [
            (
                PrngType::Blake2xb,
                [
                    0x2e0d4f95u32,
                    0xcf0b63dc,
                    0x86f6253b,
                    0x51583cd8,
                    0xa8945ae1,
                ],
            ),
            (
                PrngType::Shake256,
                [0x08d3b0f3, 0xc476c0aa, 0xa96a879e, 0xd764bdad, 0xda0f7344],
            ),
        ] {
            let mut p = SealPrng::new(PrngInfo { kind, seed });
            let mut words = vec![0u8; 4 * 1025];
            p.fill(&mut words);
            let w = |i: usize| u32::from_le_bytes(words[4 * i..4 * i + 4].try_into().unwrap());
            assert_eq!([w(0), w(1), w(2), w(3), w(1024)], expect, "{kind:?}");
        }
    }
}
