//! Prime families for the 32-bit word tier: levels of one or more primes below 2^30 whose
//! rescale factors are rational (Cheddar's and BitPacker's layout), chosen so that every level's
//! default scale stays near one target scale.
//!
//! A family has three kinds of primes, all NTT-friendly (≡ 1 mod 2N) and all in (2^24, 2^30):
//!
//! - **mains**, primes just below 2^30;
//! - **terminals**, primes near 2^25 (on either side): a level may trade two mains for four
//!   terminals or three mains for two terminals, which is how 30-bit primes reach a 40-bit
//!   rescale;
//! - **specials**, which key switching divides by: the largest primes below 2^30 that the
//!   mains left.
//!
//! Mains cannot pass 2^30 (the tier's lazy arithmetic keeps values below 4q < 2^32), so a
//! ladder of 40-bit steps, whose mains must average 30 bits over each period of the ladder,
//! needs mains within a few hundredths of a bit of 2^30: the search starts there.
//!
//! The key level's primes are ordered terminals reversed, then mains, then specials, and a level
//! of layout (m, t) is the window `[T − t, T + m)` of that list (T terminals in all). The rescale
//! from level i to level i − 1 divides by the primes it drops (D) and multiplies by the ones it
//! restores (R): the factor is the rational Q_i / Q_{i−1}, and level i's default scale is
//! Δ_i = √(Δ_{i−1}·Q_i/Q_{i−1}) with Δ_0 the target, so that a product at level i, rescaled,
//! lands exactly on level i − 1's scale.

use super::coeff_modulus::{check_degree, CoeffModulus, SecurityLevel};
use super::{POLY_MOD_DEGREE_MAX, POLY_MOD_DEGREE_MIN};
use crate::arith::{is_prime, Modulus};
use crate::error::{MathError, MathResult};
use std::ops::Range;

/// Most primes (data and special) in one 32-bit-tier chain. SEAL's
/// [`crate::primes::COEFF_MOD_COUNT_MAX`] (64) stays for SEAL chains; a 2^16 family of 40-bit
/// levels needs about 60 primes of 30 bits.
pub const TIER32_COEFF_MOD_COUNT_MAX: usize = 96;
/// Smallest target scale, in bits, that [`level_family`] accepts.
pub const TIER32_SCALE_BITS_MIN: u32 = 30;
/// Largest target scale, in bits, that [`level_family`] accepts.
pub const TIER32_SCALE_BITS_MAX: u32 = 50;
/// Every rescale factor Q_i / Q_{i−1} of a family is within 2^±this of the target scale.
pub const TIER32_RATIO_BOUND_BITS: f64 = 0.25;
/// Every level's default scale is within 2^±this of the target.
///
/// With d_i = log2 Δ_i − target and e_i the factor's deviation, d_i = (d_{i−1} + e_i)/2 and
/// d_0 = 0: factors within the ratio bound alone would allow scales up to 2^±0.25 off, so the
/// search holds the scales to this bound directly.
pub const TIER32_SCALE_BOUND_BITS: f64 = 0.125;
/// Primes of the two sizes that the search draws from, per size: enough for any layout within
/// [`TIER32_COEFF_MOD_COUNT_MAX`] and a wide choice of replacements, few enough that the search
/// stays cheap at small degrees (where the supply is in the tens of thousands).
const POOL_MAX: usize = 1024;
/// The main range, (2^29.5, 2^30), and the terminal range, (2^24.5, 2^25.5), as bounds.
const MAIN_RANGE: (u64, u64) = (759_250_125, 1 << 30);
const TERMINAL_RANGE: (u64, u64) = (23_726_566, 47_453_133);
const MAIN_BITS: u32 = 30;
const TERMINAL_BITS: u32 = 25;

/// The primes of one level of a 32-bit-tier family: the first `main` mains and the first
/// `terminal` terminals.
///
/// ```
/// use xehe::primes::LevelLayout;
/// let ladder = LevelLayout::ladder40(4);
/// assert_eq!(ladder[0], LevelLayout { main: 0, terminal: 2 });
/// assert_eq!(ladder[4], LevelLayout { main: 7, terminal: 0 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelLayout {
    /// How many mains (primes below 2^30) the level holds.
    pub main: u16,
    /// How many terminals (primes below 2^25) the level holds.
    pub terminal: u16,
}

impl LevelLayout {
    /// Cheddar's ladder of 40-bit rescales from a 50-bit level 0, levels `0..=top`: (0, 2), then
    /// in turn (4k + 3, 0), (4k + 1, 4), (4k + 4, 2). Each step either drops three mains and
    /// restores two terminals (2^90 / 2^50) or drops four terminals and restores two mains
    /// (2^100 / 2^60); four terminals serve every level.
    pub fn ladder40(top: usize) -> Vec<LevelLayout> {
        (0..=top)
            .map(|i| {
                let k = (i.max(1) - 1) / 3;
                let (main, terminal) = match i {
                    0 => (0, 2),
                    _ => match (i - 1) % 3 {
                        0 => (4 * k + 3, 0),
                        1 => (4 * k + 1, 4),
                        _ => (4 * k + 4, 2),
                    },
                };
                LevelLayout {
                    main: u16::try_from(main).unwrap_or(u16::MAX),
                    terminal,
                }
            })
            .collect()
    }
}

/// One level of a [`LevelFamily`], with its modulus and default scale.
#[derive(Clone, Debug, PartialEq)]
pub struct FamilyLevel {
    /// The level's layout.
    pub layout: LevelLayout,
    /// Its primes as a window of [`LevelFamily::key_primes`].
    pub window: Range<usize>,
    /// log2 of the product of its primes.
    pub modulus_log2: f64,
    /// log2 of the rescale factor Q_i / Q_{i−1} (none at level 0).
    pub ratio_log2: Option<f64>,
    /// log2 of the default scale Δ_i = √(Δ_{i−1}·Q_i/Q_{i−1}), Δ_0 the target.
    pub scale_log2: f64,
}

/// The primes of a 32-bit-tier family and its levels, level 0 (the last) first.
#[derive(Clone, Debug)]
pub struct LevelFamily {
    n: u64,
    scale_bits: u32,
    terminals: Vec<Modulus>,
    mains: Vec<Modulus>,
    specials: Vec<Modulus>,
    levels: Vec<FamilyLevel>,
}

impl LevelFamily {
    /// The polynomial degree N.
    pub fn degree(&self) -> u64 {
        self.n
    }
    /// The target scale, in bits.
    pub fn scale_bits(&self) -> u32 {
        self.scale_bits
    }
    /// The mains, in the order levels take them.
    pub fn mains(&self) -> &[Modulus] {
        &self.mains
    }
    /// The terminals, in the order levels take them.
    pub fn terminals(&self) -> &[Modulus] {
        &self.terminals
    }
    /// The special (key-switching) primes.
    pub fn specials(&self) -> &[Modulus] {
        &self.specials
    }
    /// Every level, level 0 (the last, the smallest modulus) first.
    pub fn levels(&self) -> &[FamilyLevel] {
        &self.levels
    }
    /// The key level's primes: terminals reversed, then mains, then specials. Each level is a
    /// contiguous window of this list.
    pub fn key_primes(&self) -> Vec<Modulus> {
        let mut v: Vec<Modulus> = self.terminals.iter().rev().copied().collect();
        v.extend_from_slice(&self.mains);
        v.extend_from_slice(&self.specials);
        v
    }
    /// The primes of level `i` (level 0 the last), if it exists.
    pub fn level_primes(&self, i: usize) -> Option<Vec<Modulus>> {
        let w = self.levels.get(i)?.window.clone();
        Some(self.key_primes()[w].to_vec())
    }
    /// Bits of the product of every prime, data and special (log2 QP as the security bound
    /// reads it: SEAL's `total_coeff_modulus_bit_count` of the key level).
    pub fn key_bit_count(&self) -> u32 {
        self.key_primes()
            .iter()
            .fold(num_bigint::BigUint::from(1u32), |acc, m| acc * m.value())
            .bits() as u32
    }
    /// The largest |log2 Δ_i − target| over the levels.
    pub fn max_scale_deviation(&self) -> f64 {
        self.levels
            .iter()
            .map(|l| (l.scale_log2 - f64::from(self.scale_bits)).abs())
            .fold(0.0, f64::max)
    }
    /// The largest |log2(Q_i/Q_{i−1}) − target| over the levels above 0.
    pub fn max_ratio_deviation(&self) -> f64 {
        self.levels
            .iter()
            .filter_map(|l| l.ratio_log2)
            .map(|r| (r - f64::from(self.scale_bits)).abs())
            .fold(0.0, f64::max)
    }
    /// Whether log2 QP is within the HE standard's bound for `level` at this degree.
    pub fn is_secure(&self, level: SecurityLevel) -> bool {
        CoeffModulus::max_bit_count_for(self.n, level)
            .is_some_and(|max| self.key_bit_count() <= max)
    }
}

/// The primes of a 32-bit-tier family for degree `n`, target scale 2^`scale_bits` (30 … 50),
/// the level `layouts` (level 0, the last, first) and `special` key-switching primes.
///
/// Mains start as the largest primes below 2^30 after the specials and terminals as the largest
/// below 2^25; a local search then replaces or swaps primes (steepest descent on
/// Σ (e_i / b)^8, e_i each rescale factor's deviation from the target in bits) until no move
/// helps. The result has every factor within 2^±[`TIER32_RATIO_BOUND_BITS`] of the target and
/// every default scale within 2^±[`TIER32_SCALE_BOUND_BITS`]; where the primes cannot get
/// there (a layout whose factors are not near the target, too few primes of a size), the
/// search fails with [`MathError::ScaleUnreachable`] naming the worst level. The search is
/// deterministic. Security is the caller's to check ([`LevelFamily::is_secure`]).
///
/// ```
/// use xehe::primes::{level_family, LevelLayout, TIER32_SCALE_BOUND_BITS};
/// let f = level_family(4096, 40, &LevelLayout::ladder40(5), 2)?;
/// assert_eq!(f.mains().len(), 7); // level 4 is (7, 0)
/// assert_eq!(f.terminals().len(), 4);
/// assert!(f.max_scale_deviation() <= TIER32_SCALE_BOUND_BITS);
/// assert_eq!(f.level_primes(1).unwrap(), f.mains()[..3].to_vec());
/// # Ok::<(), xehe::MathError>(())
/// ```
pub fn level_family(
    n: u64,
    scale_bits: u32,
    layouts: &[LevelLayout],
    special: usize,
) -> MathResult<LevelFamily> {
    check_degree(n, POLY_MOD_DEGREE_MIN, POLY_MOD_DEGREE_MAX)?;
    if !(TIER32_SCALE_BITS_MIN..=TIER32_SCALE_BITS_MAX).contains(&scale_bits) {
        return Err(MathError::InvalidLevelLayout(format!(
            "target scale 2^{scale_bits}: use 2^{TIER32_SCALE_BITS_MIN} … 2^{TIER32_SCALE_BITS_MAX}"
        )));
    }
    if layouts.is_empty() {
        return Err(MathError::InvalidLevelLayout(
            "no levels: give at least level 0".into(),
        ));
    }
    if let Some(i) = layouts.iter().position(|l| l.main == 0 && l.terminal == 0) {
        return Err(MathError::InvalidLevelLayout(format!(
            "level {i} holds no prime"
        )));
    }
    if special == 0 {
        return Err(MathError::InvalidLevelLayout(
            "at least one special prime is needed for key switching".into(),
        ));
    }
    let main_count = usize::from(layouts.iter().map(|l| l.main).max().unwrap_or(0));
    let terminal_count = usize::from(layouts.iter().map(|l| l.terminal).max().unwrap_or(0));
    let total = main_count + terminal_count + special;
    if total > TIER32_COEFF_MOD_COUNT_MAX {
        return Err(MathError::InvalidBitSizeCount {
            len: total,
            max: TIER32_COEFF_MOD_COUNT_MAX,
        });
    }
    let factor = 2 * n;
    let top = primes_in(factor, MAIN_RANGE, POOL_MAX + special);
    if top.len() < special + main_count {
        return Err(MathError::NotEnoughPrimes {
            bits: MAIN_BITS,
            factor,
            requested: special + main_count,
            found: top.len(),
        });
    }
    let low = primes_in(factor, TERMINAL_RANGE, POOL_MAX);
    if low.len() < terminal_count {
        return Err(MathError::NotEnoughPrimes {
            bits: TERMINAL_BITS,
            factor,
            requested: terminal_count,
            found: low.len(),
        });
    }
    let mut search = Search::new(
        f64::from(scale_bits),
        layouts,
        [top.clone(), low],
        [main_count, terminal_count],
    );
    search.run();
    let [mains, terminals] = search.chosen();
    let specials: Vec<u64> = top
        .iter()
        .copied()
        .filter(|p| !mains.contains(p))
        .take(special)
        .collect();
    let family = assemble(n, scale_bits, layouts, mains, terminals, specials)?;
    let s = f64::from(scale_bits);
    for (i, l) in family.levels.iter().enumerate() {
        let ratio_off = l.ratio_log2.map_or(0.0, |r| (r - s).abs());
        let scale_off = (l.scale_log2 - s).abs();
        if ratio_off > TIER32_RATIO_BOUND_BITS || scale_off > TIER32_SCALE_BOUND_BITS {
            return Err(MathError::ScaleUnreachable {
                level: i,
                scale_bits,
                ratio_log2: l.ratio_log2.unwrap_or(f64::NAN).to_string(),
                scale_log2: l.scale_log2.to_string(),
            });
        }
    }
    if family.levels[0].modulus_log2 <= s + 1.0 {
        return Err(MathError::InvalidLevelLayout(format!(
            "level 0 has {:.1} bits, too few for a 2^{scale_bits} scale (it needs more than {})",
            family.levels[0].modulus_log2,
            scale_bits + 1
        )));
    }
    Ok(family)
}

/// Up to `limit` primes ≡ 1 (mod `factor`) in (lower, upper), the largest first.
fn primes_in(factor: u64, (lower, upper): (u64, u64), limit: usize) -> Vec<u64> {
    let mut v = Vec::new();
    let mut value = (upper - 2) / factor * factor + 1;
    while v.len() < limit && value > lower {
        if is_prime(value) {
            v.push(value);
        }
        value -= factor;
    }
    v
}

fn assemble(
    n: u64,
    scale_bits: u32,
    layouts: &[LevelLayout],
    mains: Vec<u64>,
    terminals: Vec<u64>,
    specials: Vec<u64>,
) -> MathResult<LevelFamily> {
    let modulus = |v: Vec<u64>| {
        v.into_iter()
            .map(Modulus::new)
            .collect::<MathResult<Vec<_>>>()
    };
    let (mains, terminals, specials) = (modulus(mains)?, modulus(terminals)?, modulus(specials)?);
    let t = terminals.len();
    let log = |m: &[Modulus]| m.iter().map(|p| (p.value() as f64).log2()).sum::<f64>();
    let s = f64::from(scale_bits);
    let mut levels: Vec<FamilyLevel> = Vec::with_capacity(layouts.len());
    for &layout in layouts {
        let (m, k) = (usize::from(layout.main), usize::from(layout.terminal));
        let modulus_log2 = log(&mains[..m]) + log(&terminals[..k]);
        let (ratio_log2, scale_log2) = match levels.last() {
            None => (None, s),
            Some(prev) => {
                let r = modulus_log2 - prev.modulus_log2;
                (Some(r), (prev.scale_log2 + r) / 2.0)
            }
        };
        levels.push(FamilyLevel {
            layout,
            window: t - k..t + m,
            modulus_log2,
            ratio_log2,
            scale_log2,
        });
    }
    Ok(LevelFamily {
        n,
        scale_bits,
        terminals,
        mains,
        specials,
        levels,
    })
}

/// The local search of [`level_family`]. Class 0 is the mains, class 1 the terminals.
struct Search {
    /// Candidate primes per class (largest first) and their log2.
    pool: [Vec<u64>; 2],
    pool_log: [Vec<f64>; 2],
    /// Index into the pool of the prime at each position, per class.
    chosen: [Vec<usize>; 2],
    used: [Vec<bool>; 2],
    /// For each class and position, the levels whose factor holds the prime: +1 where the
    /// level has it and the one below does not, −1 the other way.
    effect: [Vec<Vec<(usize, f64)>>; 2],
    /// Each level's factor minus the target, in bits (0 at level 0, which has none).
    err: Vec<f64>,
}

impl Search {
    fn new(target: f64, layouts: &[LevelLayout], pool: [Vec<u64>; 2], counts: [usize; 2]) -> Self {
        let pool_log = pool
            .clone()
            .map(|p| p.iter().map(|&v| (v as f64).log2()).collect::<Vec<_>>());
        let chosen = counts.map(|c| (0..c).collect::<Vec<_>>());
        let used = [0, 1].map(|c| {
            let mut u = vec![false; pool[c].len()];
            u[..counts[c]].iter_mut().for_each(|x| *x = true);
            u
        });
        let held =
            |l: &LevelLayout, c: usize| usize::from(if c == 0 { l.main } else { l.terminal });
        let effect = [0, 1].map(|c| {
            (0..counts[c])
                .map(|j| {
                    (1..layouts.len())
                        .filter_map(|i| {
                            let now = held(&layouts[i], c) > j;
                            let before = held(&layouts[i - 1], c) > j;
                            match (now, before) {
                                (true, false) => Some((i, 1.0)),
                                (false, true) => Some((i, -1.0)),
                                _ => None,
                            }
                        })
                        .collect()
                })
                .collect()
        });
        let mut s = Search {
            pool,
            pool_log,
            chosen,
            used,
            effect,
            err: vec![0.0; layouts.len()],
        };
        s.err[1..].iter_mut().for_each(|e| *e = -target);
        for (c, (chosen, effect)) in s.chosen.iter().zip(&s.effect).enumerate() {
            for (&u, levels) in chosen.iter().zip(effect) {
                let l = s.pool_log[c][u];
                for &(i, sign) in levels {
                    s.err[i] += sign * l;
                }
            }
        }
        s
    }

    /// (x / bound)^8: the eighth power weighs the worst level far above the others (close to
    /// minimizing the maximum) while staying smooth enough that a move which helps one of two
    /// equally bad levels still counts.
    fn cost(x: f64, bound: f64) -> f64 {
        let x = x / bound;
        let x2 = x * x;
        let x4 = x2 * x2;
        x4 * x4
    }

    /// The cost of factor errors `err`: each factor against the ratio bound and each scale
    /// (d_i = (d_{i−1} + e_i)/2) against the scale bound.
    fn total(err: &[f64]) -> f64 {
        let mut d = 0.0;
        let mut sum = 0.0;
        for &e in &err[1..] {
            d = (d + e) / 2.0;
            sum += Self::cost(e, TIER32_RATIO_BOUND_BITS) + Self::cost(d, TIER32_SCALE_BOUND_BITS);
        }
        sum
    }

    /// The cost if each level i in `delta` moved by its amount (`scratch` is reused).
    fn moved(&self, delta: &[(usize, f64)], scratch: &mut Vec<f64>) -> f64 {
        scratch.clear();
        scratch.extend_from_slice(&self.err);
        for &(i, d) in delta {
            scratch[i] += d;
        }
        Self::total(scratch)
    }

    fn run(&mut self) {
        // Each applied move lowers the total cost by a relative margin, so the loop ends; the
        // cap only bounds a pathological plateau walk.
        for _ in 0..10_000 {
            let total = Self::total(&self.err);
            let threshold = total * (1.0 - 1e-9);
            let mut best: Option<(f64, Move)> = None;
            let mut consider = |g: f64, m: Move| {
                if g < threshold && best.as_ref().is_none_or(|(b, _)| g < *b) {
                    best = Some((g, m));
                }
            };
            let (mut delta, mut scratch) = (Vec::new(), Vec::new());
            for c in 0..2 {
                for j in 0..self.chosen[c].len() {
                    if self.effect[c][j].is_empty() {
                        continue;
                    }
                    let cur = self.pool_log[c][self.chosen[c][j]];
                    for (u, &lu) in self.pool_log[c].iter().enumerate() {
                        if self.used[c][u] {
                            continue;
                        }
                        delta.clear();
                        delta.extend(self.effect[c][j].iter().map(|&(i, s)| (i, s * (lu - cur))));
                        consider(self.moved(&delta, &mut scratch), Move::Replace { c, j, u });
                    }
                    for k in j + 1..self.chosen[c].len() {
                        let lk = self.pool_log[c][self.chosen[c][k]];
                        delta.clear();
                        delta.extend(self.effect[c][j].iter().map(|&(i, s)| (i, s * (lk - cur))));
                        delta.extend(self.effect[c][k].iter().map(|&(i, s)| (i, s * (cur - lk))));
                        consider(self.moved(&delta, &mut scratch), Move::Swap { c, j, k });
                    }
                }
            }
            match best {
                None => return,
                Some((_, m)) => self.apply(m),
            }
        }
    }

    fn set(&mut self, c: usize, j: usize, u: usize) {
        let old = self.pool_log[c][self.chosen[c][j]];
        let new = self.pool_log[c][u];
        for &(i, s) in &self.effect[c][j] {
            self.err[i] += s * (new - old);
        }
        self.chosen[c][j] = u;
    }

    fn apply(&mut self, m: Move) {
        match m {
            Move::Replace { c, j, u } => {
                self.used[c][self.chosen[c][j]] = false;
                self.used[c][u] = true;
                self.set(c, j, u);
            }
            Move::Swap { c, j, k } => {
                let (a, b) = (self.chosen[c][j], self.chosen[c][k]);
                self.set(c, j, b);
                self.set(c, k, a);
            }
        }
    }

    fn chosen(&self) -> [Vec<u64>; 2] {
        [0, 1].map(|c| self.chosen[c].iter().map(|&u| self.pool[c][u]).collect())
    }
}

#[derive(Clone, Copy)]
enum Move {
    Replace { c: usize, j: usize, u: usize },
    Swap { c: usize, j: usize, k: usize },
}

/// The 32-bit-tier families xehe defines: 40-bit ladders ([`LevelLayout::ladder40`]) sized to
/// the HE standard's bound at their degree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FamilyPreset {
    /// N = 2^16: 31 levels (the top one (40, 2), log2 Q ≈ 1250), 44 data primes and 12
    /// specials (log2 QP = 1658 of the 1747 allowed), so dnum = ⌈44/12⌉ = 4.
    N16W32,
    /// N = 2^15: 16 levels (the top one (20, 2), log2 Q ≈ 650), 24 data primes and 6 specials
    /// (log2 QP = 880 of 881), dnum = 4.
    N15W32,
    /// N = 2^12, insecure (log2 QP = 400 against 109): 7 levels, 12 data primes, 2 specials;
    /// for tests.
    InsecureN12W32,
}

impl FamilyPreset {
    /// Every preset.
    pub const ALL: [FamilyPreset; 3] = [Self::N16W32, Self::N15W32, Self::InsecureN12W32];

    /// The name the command line takes.
    pub fn name(self) -> &'static str {
        match self {
            Self::N16W32 => "n16-w32-s40",
            Self::N15W32 => "n15-w32-s40",
            Self::InsecureN12W32 => "insecure-n12-w32-s40",
        }
    }

    /// The preset of `name`, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }

    /// (degree, scale bits, top level of the ladder, special primes, security level).
    fn shape(self) -> (u64, u32, usize, usize, SecurityLevel) {
        // No rung of the ladder holds every prime, so the key level carries primes its top
        // data level lacks. A (4k + 4, 2) top leaves two terminals out (50 bits of log2 QP
        // that buy no level); a (4k + 1, 4) top would leave two mains (60).
        match self {
            Self::N16W32 => (1 << 16, 40, 30, 12, SecurityLevel::Tc128),
            Self::N15W32 => (1 << 15, 40, 15, 6, SecurityLevel::Tc128),
            Self::InsecureN12W32 => (1 << 12, 40, 6, 2, SecurityLevel::None),
        }
    }

    /// The security level the preset is meant for (`None` for the insecure one).
    pub fn security_level(self) -> SecurityLevel {
        self.shape().4
    }

    /// The preset's level layouts, level 0 first.
    pub fn layouts(self) -> Vec<LevelLayout> {
        LevelLayout::ladder40(self.shape().2)
    }

    /// The preset's primes.
    ///
    /// ```
    /// use xehe::primes::{FamilyPreset, SecurityLevel};
    /// let f = FamilyPreset::N15W32.family()?;
    /// assert!(f.is_secure(SecurityLevel::Tc128));
    /// assert_eq!(f.levels().len(), 16);
    /// # Ok::<(), xehe::MathError>(())
    /// ```
    pub fn family(self) -> MathResult<LevelFamily> {
        let (n, bits, _, special, _) = self.shape();
        level_family(n, bits, &self.layouts(), special)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ladder_steps_are_forty_bits_nominally() {
        let l = LevelLayout::ladder40(9);
        for w in l.windows(2) {
            let bits = |x: &LevelLayout| 30 * i64::from(x.main) + 25 * i64::from(x.terminal);
            assert_eq!(bits(&w[1]) - bits(&w[0]), 40, "{:?}", w);
        }
    }

    #[test]
    fn windows_are_contiguous_in_the_key_list() {
        let f = level_family(4096, 40, &LevelLayout::ladder40(5), 2).unwrap();
        let key = f.key_primes();
        for l in f.levels() {
            let mut want: Vec<Modulus> = f.terminals()[..usize::from(l.layout.terminal)].to_vec();
            want.reverse();
            want.extend_from_slice(&f.mains()[..usize::from(l.layout.main)]);
            assert_eq!(key[l.window.clone()].to_vec(), want);
        }
    }
}
