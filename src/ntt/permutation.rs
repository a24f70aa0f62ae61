//! Galois automorphisms X → X^g as permutations of NTT-form positions.

use crate::ntt::tables::reverse_bits;

/// The permutation of NTT-form positions that applies X → X^g (g odd) to a polynomial of degree
/// `n`: `result[i] = input[table[i]]`. Position i holds the value at ζ^(2·rev(i) + 1), and
/// X → X^g sends it to ζ^(g·(2·rev(i) + 1)).
///
/// ```
/// use xehe::ntt::galois_permutation;
/// assert_eq!(galois_permutation(8, 1), (0..8).collect::<Vec<_>>()); // the identity
/// ```
pub fn galois_permutation(n: usize, g: u64) -> Vec<usize> {
    let bits = n.trailing_zeros();
    let m = 2 * n as u64;
    (0..n)
        .map(|i| {
            let e = (g * (2 * reverse_bits(i, bits) as u64 + 1)) % m;
            reverse_bits(((e - 1) / 2) as usize, bits)
        })
        .collect()
}
