//! Key switching at a level that is a window of the key level's data primes, not a prefix (the
//! 32-bit tier's levels): `ks_mac`, `ks_mac_steps` and ModUp's fused load take the key's digits
//! that overlap the window, in both word sizes, on cpu-sim (racing), PoCL (the OpenCL C) and
//! Intel's CPU runtime (the SPIR-V) where OpenCL opens. Every result is compared word for word
//! with sums of products the test computes in u128 from the window's definition (which key
//! prime each level prime is, which key digit holds it), never through the mirrors.

mod common;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use xehe::arith::{Modulus, Word};
use xehe::device_ops::ntt::rns::{self as ntt_rns, Load, Rows, Store};
use xehe::device_ops::ntt::{DeviceNttTables, NttPlan, NttVariant};
use xehe::exec::word::{pack_u32, unpack_u32};
use xehe::exec::WordSize;
use xehe::kernels::key_switch::{MacArgs, MacStepsArgs, HOISTED_STEPS, KS_MAC, KS_MAC_STEPS};
use xehe::ntt::NttTables;
use xehe::primes::CoeffModulus;
use xehe::rns::RnsShape;
use xehe::runtime::{Backend, DeviceBuffer, NdRange};

const WORDS: [WordSize; 2] = [WordSize::W64, WordSize::W32];

fn upload(b: &dyn Backend, word: WordSize, words: &[u64]) -> DeviceBuffer {
    let buf = b.alloc(0, word.storage_words(words.len().max(1))).unwrap();
    let packed = match word {
        WordSize::W64 => words.to_vec(),
        WordSize::W32 => {
            let narrow: Vec<u32> = words.iter().map(|&w| w as u32).collect();
            pack_u32(&narrow)
        }
    };
    if !packed.is_empty() {
        b.write(&buf, 0, &packed).unwrap();
    }
    buf
}

fn download(b: &dyn Backend, word: WordSize, buf: &DeviceBuffer, count: usize) -> Vec<u64> {
    let mut out = vec![0; word.storage_words(count)];
    b.read(buf, 0, &mut out).unwrap();
    match word {
        WordSize::W64 => out,
        WordSize::W32 => unpack_u32(&out, count).into_iter().map(u64::from).collect(),
    }
}

/// A word that no result can be: rows that must be neither read nor written hold it.
fn poison(word: WordSize) -> u64 {
    match word {
        WordSize::W64 => u64::MAX,
        WordSize::W32 => u32::MAX as u64,
    }
}

fn moduli_rows(word: WordSize, q: &[Modulus]) -> Vec<u64> {
    match word {
        WordSize::W64 => q.iter().flat_map(<u64 as Word>::modulus_row).collect(),
        WordSize::W32 => q
            .iter()
            .flat_map(<u32 as Word>::modulus_row)
            .map(u64::from)
            .collect(),
    }
}

/// Primes for degree n: 30 bits and below for 32-bit words, 50 to 60 bits for 64-bit ones.
fn primes(word: WordSize, n: usize, count: usize) -> Vec<Modulus> {
    let bits: Vec<u32> = (0..count)
        .map(|i| match word {
            WordSize::W64 => 50 + (i % 11) as u32,
            WordSize::W32 => 25 + (i % 6) as u32,
        })
        .collect();
    CoeffModulus::create(n as u64, &bits).unwrap()
}

fn below(rng: &mut StdRng, q: &Modulus, count: usize) -> Vec<u64> {
    (0..count).map(|_| rng.gen_range(0..q.value())).collect()
}

/// Σ a_k·b_k mod q in u128.
fn dot(q: &Modulus, terms: impl Iterator<Item = (u64, u64)>) -> u64 {
    let s = terms.fold(0u128, |s, (a, b)| {
        (s + a as u128 * b as u128) % q.value() as u128
    });
    s as u64
}

fn what(b: &dyn Backend, word: WordSize, s: &str) -> String {
    format!("{s}, {}-bit words, on {}", word.bits(), b.device_name())
}

/// A key level of `key_primes` data primes after `specials` special ones, in digits of
/// alpha = specials primes, and a level of `level` of its data primes from key prime `start`.
#[derive(Clone, Copy, Debug)]
struct Window {
    specials: usize,
    key_primes: usize,
    start: usize,
    level: usize,
}

impl Window {
    fn alpha(&self) -> usize {
        self.specials
    }
    fn key_digits(&self) -> usize {
        self.key_primes.div_ceil(self.alpha())
    }
    fn key_rns(&self) -> usize {
        self.specials + self.key_primes
    }
    fn key_digit0(&self) -> usize {
        self.start / self.alpha()
    }
    fn lead(&self) -> usize {
        self.start % self.alpha()
    }
    /// The level's digits: the key digits from the one holding its first prime to the one
    /// holding its last.
    fn digits(&self) -> usize {
        (self.start + self.level - 1) / self.alpha() + 1 - self.key_digit0()
    }
    /// The key row of key-switch row c: a special prime's own, else its key data prime's.
    fn key_row(&self, c: usize) -> usize {
        if c < self.specials {
            c
        } else {
            self.specials + self.start + c - self.specials
        }
    }
    /// The level's digit holding data row c (none for a special prime).
    fn own(&self, c: usize) -> Option<usize> {
        (c >= self.specials)
            .then(|| (self.start + c - self.specials) / self.alpha() - self.key_digit0())
    }
    fn rows(&self) -> usize {
        self.specials + self.level
    }
}

/// The key primes (specials first) and one switch's operands: ext `[digits][rows][n]` (the
/// own rows poisoned: they must not be read), key `[key_digits][2][key_rns][n]`, ct
/// `[2][level][n]` (its second polynomial is the switched one).
struct MacData {
    ext: Vec<u64>,
    key: Vec<u64>,
    ct: Vec<u64>,
}

impl MacData {
    fn new(rng: &mut StdRng, w: &Window, word: WordSize, key_q: &[Modulus], n: usize) -> Self {
        let ks = ks_moduli(w, key_q);
        let mut ext = Vec::new();
        for j in 0..w.digits() {
            for (c, m) in ks.iter().enumerate() {
                if w.own(c) == Some(j) {
                    ext.extend(vec![poison(word); n]);
                } else {
                    ext.extend(below(rng, m, n));
                }
            }
        }
        let mut key = Vec::new();
        for _ in 0..w.key_digits() * 2 {
            for m in key_q {
                key.extend(below(rng, m, n));
            }
        }
        let ct = (0..2 * w.level)
            .flat_map(|r| below(rng, &ks[w.specials + r % w.level], n))
            .collect();
        MacData { ext, key, ct }
    }

    /// Σ_j x_j[src] · key[key_digit0 + j][k][key_row(c)][t] mod m_c.
    fn sum(&self, w: &Window, m: &Modulus, n: usize, [k, c, t, src]: [usize; 4]) -> u64 {
        let (rows, key_rns) = (w.rows(), w.key_rns());
        dot(
            m,
            (0..w.digits()).map(|j| {
                let x = if w.own(c) == Some(j) {
                    self.ct[(w.level + c - w.specials) * n + src]
                } else {
                    self.ext[(j * rows + c) * n + src]
                };
                let d = w.key_digit0() + j;
                (x, self.key[((d * 2 + k) * key_rns + w.key_row(c)) * n + t])
            }),
        )
    }
}

/// The key-switch primes of the window's level: the specials, then its window of the key's
/// data primes.
fn ks_moduli(w: &Window, key_q: &[Modulus]) -> Vec<Modulus> {
    let mut ks = key_q[..w.specials].to_vec();
    ks.extend_from_slice(&key_q[w.specials + w.start..][..w.level]);
    ks
}

/// K = 3 specials, a key of 8 data primes in 3 digits: windows from key prime 4 (digit 1, one
/// prime in) of 3 and 4 primes, from prime 2 (digit 0, two in: a first digit of one prime), and
/// a prefix; K = 2 and a key of 7 primes (a last key digit of one): a window of 4 from prime 3
/// over three digits.
const WINDOWS: [Window; 5] = [
    Window {
        specials: 3,
        key_primes: 8,
        start: 4,
        level: 4,
    },
    Window {
        specials: 3,
        key_primes: 8,
        start: 4,
        level: 3,
    },
    Window {
        specials: 3,
        key_primes: 8,
        start: 2,
        level: 6,
    },
    Window {
        specials: 3,
        key_primes: 8,
        start: 0,
        level: 5,
    },
    Window {
        specials: 2,
        key_primes: 7,
        start: 3,
        level: 4,
    },
];

#[test]
fn ks_mac_reads_the_key_digits_of_a_window() {
    for dev in common::sim_and_opencl(true) {
        let b = dev.as_ref();
        for word in WORDS {
            for (i, w) in WINDOWS.iter().enumerate() {
                let n = 32;
                let accumulate = i % 2 == 0;
                let key_q = primes(word, n, w.key_rns());
                let ks = ks_moduli(w, &key_q);
                let mut rng = StdRng::seed_from_u64(20 + i as u64);
                let d = MacData::new(&mut rng, w, word, &key_q, n);
                let (k, l) = (w.specials, w.level);
                let special0: Vec<u64> = (0..2 * k)
                    .flat_map(|r| below(&mut rng, &ks[r % k], n))
                    .collect();
                let data0: Vec<u64> = (0..2 * l)
                    .flat_map(|r| below(&mut rng, &ks[k + r % l], n))
                    .collect();
                let up = |v: &[u64]| upload(b, word, v);
                let [ext, key, ct, moduli, acc_special, acc_data] = [
                    &d.ext,
                    &d.key,
                    &d.ct,
                    &moduli_rows(word, &ks),
                    &special0,
                    &data0,
                ]
                .map(|v| up(v));
                let args = MacArgs {
                    ext: &ext,
                    key: &key,
                    acc_special: &acc_special,
                    acc_data: &acc_data,
                    ks_moduli: &moduli,
                    ct: &ct,
                    ct_first: l as u32,
                    n: n as u32,
                    digits: (l + w.lead()).div_ceil(w.alpha()) as u32,
                    level: l as u32,
                    specials: k as u32,
                    alpha: w.alpha() as u32,
                    key_rns: w.key_rns() as u32,
                    accumulate: u32::from(accumulate),
                    lead: w.lead() as u32,
                    key_digit0: w.key_digit0() as u32,
                };
                assert_eq!(args.digits as usize, w.digits(), "{w:?}");
                let rg = NdRange {
                    global: [n, k + l, 1],
                    local: None,
                };
                // SAFETY: ext [digits][K + l][n], the key [key_digits][2][key_rns][n] with
                // key_digit0 + digits ≤ key_digits and every key row read below key_rns, ct
                // [2][l][n], the accumulators [2][K][n] and [2][l][n].
                unsafe { KS_MAC.word(word).launch(b, 0, &rg, args).unwrap() };
                let (mut special, mut data) = (Vec::new(), Vec::new());
                for poly in 0..2 {
                    for (c, m) in ks.iter().enumerate() {
                        for t in 0..n {
                            let mut r = d.sum(w, m, n, [poly, c, t, t]);
                            let (out, before) = if c < k {
                                (&mut special, special0[(poly * k + c) * n + t])
                            } else {
                                (&mut data, data0[(poly * l + c - k) * n + t])
                            };
                            if accumulate {
                                r = m.add_mod(r, before);
                            }
                            out.push(r);
                        }
                    }
                }
                let what = what(b, word, &format!("ks_mac over {w:?}"));
                assert_eq!(
                    download(b, word, &acc_special, 2 * k * n),
                    special,
                    "{what}"
                );
                assert_eq!(download(b, word, &acc_data, 2 * l * n), data, "{what}");
            }
        }
    }
}

#[test]
fn ks_mac_steps_read_the_key_digits_of_a_window() {
    for dev in common::sim_and_opencl(true) {
        let b = dev.as_ref();
        for word in WORDS {
            for (i, w) in WINDOWS.iter().enumerate() {
                let (n, steps) = (32, 1 + i % 3);
                let key_q = primes(word, n, w.key_rns());
                let ks = ks_moduli(w, &key_q);
                let mut rng = StdRng::seed_from_u64(40 + i as u64);
                let (k, l) = (w.specials, w.level);
                let d = MacData::new(&mut rng, w, word, &key_q, n);
                let keys: Vec<MacData> = (0..steps)
                    .map(|_| MacData::new(&mut rng, w, word, &key_q, n))
                    .collect();
                let perms: Vec<Vec<u64>> = (0..steps)
                    .map(|_| {
                        let mut p: Vec<u64> = (0..n as u64).collect();
                        p.shuffle(&mut rng);
                        p
                    })
                    .collect();
                let up = |v: &[u64]| upload(b, word, v);
                let [ext, ct, moduli] = [&d.ext, &d.ct, &moduli_rows(word, &ks)].map(|v| up(v));
                let key_bufs: Vec<DeviceBuffer> = keys.iter().map(|m| up(&m.key)).collect();
                let perm_bufs: Vec<DeviceBuffer> = perms.iter().map(|p| up(p)).collect();
                let acc_special = up(&vec![poison(word); steps * 2 * k * n]);
                let data_bufs: Vec<DeviceBuffer> = (0..steps)
                    .map(|_| up(&vec![poison(word); 2 * l * n]))
                    .collect();
                // The arguments past the launch's steps are bound to its last step's.
                let key = |s: usize| &key_bufs[s.min(steps - 1)];
                let perm = |s: usize| &perm_bufs[s.min(steps - 1)];
                let data = |s: usize| &data_bufs[s.min(steps - 1)];
                let args = MacStepsArgs {
                    ext: &ext,
                    ct: &ct,
                    ks_moduli: &moduli,
                    key0: key(0),
                    key1: key(1),
                    key2: key(2),
                    key3: key(3),
                    key4: key(4),
                    key5: key(5),
                    key6: key(6),
                    key7: key(7),
                    perm0: perm(0),
                    perm1: perm(1),
                    perm2: perm(2),
                    perm3: perm(3),
                    perm4: perm(4),
                    perm5: perm(5),
                    perm6: perm(6),
                    perm7: perm(7),
                    acc_special: &acc_special,
                    acc_data0: data(0),
                    acc_data1: data(1),
                    acc_data2: data(2),
                    acc_data3: data(3),
                    acc_data4: data(4),
                    acc_data5: data(5),
                    acc_data6: data(6),
                    acc_data7: data(7),
                    ct_first: l as u32,
                    n: n as u32,
                    digits: w.digits() as u32,
                    level: l as u32,
                    specials: k as u32,
                    alpha: w.alpha() as u32,
                    key_rns: w.key_rns() as u32,
                    lead: w.lead() as u32,
                    key_digit0: w.key_digit0() as u32,
                };
                assert!(steps <= HOISTED_STEPS);
                let rg = NdRange {
                    global: [n, steps, k + l],
                    local: None,
                };
                // SAFETY: as in ks_mac's test, per step; the permutations' entries are below n,
                // acc_special [steps][2][K][n].
                unsafe { KS_MAC_STEPS.word(word).launch(b, 0, &rg, args).unwrap() };
                let mut special = Vec::new();
                for s in 0..steps {
                    let step = MacData {
                        ext: d.ext.clone(),
                        key: keys[s].key.clone(),
                        ct: d.ct.clone(),
                    };
                    let mut data = Vec::new();
                    for poly in 0..2 {
                        for (c, m) in ks.iter().enumerate() {
                            for (t, &src) in perms[s].iter().enumerate() {
                                let r = step.sum(w, m, n, [poly, c, t, src as usize]);
                                if c < k { &mut special } else { &mut data }.push(r);
                            }
                        }
                    }
                    let what = what(b, word, &format!("ks_mac_steps step {s} over {w:?}"));
                    assert_eq!(download(b, word, &data_bufs[s], 2 * l * n), data, "{what}");
                }
                let what = what(b, word, &format!("ks_mac_steps' special rows over {w:?}"));
                assert_eq!(
                    download(b, word, &acc_special, steps * 2 * k * n),
                    special,
                    "{what}"
                );
            }
        }
    }
}

/// ModUp fused into the digits' forward NTT (`forward_rns` with `Load::ModUp`) at a window
/// level, through the tables' word: digit j holds the level primes whose key primes are in key
/// digit key_digit0 + j; each other row is Σ_k v_k · (Q_j / q_k) mod m_i over the digit's
/// primes, transformed; the digit's own rows stay poisoned.
fn mod_up(dev: &Arc<dyn Backend>, word: WordSize, w: &Window, plan: &NttPlan, n: usize) {
    let b = dev.as_ref();
    let key_q = primes(word, n, w.key_rns());
    let ks = ks_moduli(w, &key_q);
    let (k, l, rows, digits) = (w.specials, w.level, w.rows(), w.digits());
    let data = &ks[k..];
    let digit_of = |i: usize| w.own(k + i).unwrap();
    let members = |j: usize| (0..l).filter(move |&i| digit_of(i) == j);
    // (Q_j / q_i) mod m for level prime i of digit j.
    let punct = |i: usize, m: &Modulus| {
        members(digit_of(i))
            .filter(|&h| h != i)
            .fold(1, |acc, h| m.mul_mod(acc, m.reduce(data[h].value())))
    };
    let mut consts: Vec<u64> = (0..l)
        .map(|i| data[i].inv_mod(punct(i, &data[i])).unwrap())
        .collect();
    for i in 0..l {
        consts.extend(ks.iter().map(|m| punct(i, m)));
    }
    let mut rng = StdRng::seed_from_u64(60 + w.start as u64 + l as u64);
    let v: Vec<u64> = (0..l).flat_map(|i| below(&mut rng, &data[i], n)).collect();
    let tables = DeviceNttTables::upload_word(dev, 0, n, &ks, word).unwrap();
    let (v_buf, consts_buf) = (upload(b, word, &v), upload(b, word, &consts));
    let shape = RnsShape::new(n, rows, digits).unwrap();
    let ext = upload(b, word, &vec![poison(word); shape.words()]);
    let load = Load::ModUp {
        consts: &consts_buf,
        specials: k,
        alpha: w.alpha(),
        lead: w.lead(),
    };
    let src = Rows::own(&v_buf, RnsShape::new(n, l, 1).unwrap());
    ntt_rns::forward_rns(b, &tables, shape, src, load, &ext, Store::Reduce, plan).unwrap();
    let mut expect = Vec::new();
    for j in 0..digits {
        for (c, m) in ks.iter().enumerate() {
            if w.own(c) == Some(j) {
                expect.extend(vec![poison(word); n]);
                continue;
            }
            let mut row: Vec<u64> = (0..n)
                .map(|t| dot(m, members(j).map(|h| (m.reduce(v[h * n + t]), punct(h, m)))))
                .collect();
            NttTables::new(n as u64, m)
                .unwrap()
                .forward(&mut row)
                .unwrap();
            expect.extend(row);
        }
    }
    let what = what(b, word, &format!("ModUp over {w:?}, n = {n}, {plan:?}"));
    assert_eq!(download(b, word, &ext, shape.words()), expect, "{what}");

    // A lead of a whole digit, and the digit count of the prefix level, are refused.
    let whole = Load::ModUp {
        consts: &consts_buf,
        specials: k,
        alpha: w.alpha(),
        lead: w.alpha(),
    };
    let e = ntt_rns::forward_rns(b, &tables, shape, src, whole, &ext, Store::Reduce, plan);
    assert!(e.is_err(), "{what}: a lead of alpha");
    if l.div_ceil(w.alpha()) != digits {
        let prefix = RnsShape::new(n, rows, l.div_ceil(w.alpha())).unwrap();
        let e = ntt_rns::forward_rns(b, &tables, prefix, src, load, &ext, Store::Reduce, plan);
        assert!(e.is_err(), "{what}: the prefix level's digits");
    }
    for buf in [v_buf, consts_buf, ext] {
        b.free(buf).unwrap();
    }
}

#[test]
fn mod_up_converts_the_digits_of_a_window() {
    for dev in common::sim_and_opencl(true) {
        for word in WORDS {
            // One stage, and column stages before the row stage.
            for (n, block, group) in [(64, 64, 8), (256, 16, 4)] {
                let plan = NttPlan::new(NttVariant::FourStep, block, group).unwrap();
                for w in &WINDOWS {
                    mod_up(&dev, word, w, &plan, n);
                }
            }
        }
    }
}
