//! The 32-bit builds of the key-switching kernels (`key_switch_w32`) and of the NTT stages fused
//! with their RNS neighbours (`ntt_rns_w32`) on cpu-sim (racing), PoCL (the OpenCL C with
//! XEHE_WORD_BITS=32) and Intel's CPU runtime (the SPIR-V): every kernel, launched directly with
//! 32-bit words over primes in (2^24, 2^30), gives word for word what the host computes on its
//! own in u64 and u128 (`xehe::arith::Modulus`, `xehe::ntt`), never through the mirrors. The
//! sums of products also run past the 16 products a 64-bit accumulator holds (20 digits, ModUp
//! digits of 18 primes, ModDown from 16 special primes plus the fused rescale's term) with
//! residues just below 30-bit primes, where a sum that is not folded overflows. With the real
//! constants of `xehe::rns`, the scaling and the ModDown stage divide by the special primes'
//! product as the host's big integers say.

mod common;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use xehe::arith::{Modulus, Word};
use xehe::exec::word::{pack_u32, unpack_u32};
use xehe::exec::WordSize;
use xehe::kernels::key_switch::{
    DecomposeArgs, MacArgs, MacStepsArgs, ModDownScaleArgs, HOISTED_STEPS, KS_DECOMPOSE, KS_MAC,
    KS_MAC_STEPS, KS_MOD_DOWN_SCALE,
};
use xehe::kernels::ntt_rns::{
    FwdStageFinishStepsArgs, FwdStageModDownArgs, FwdStageRnsArgs, InvStageRnsArgs, LoadMode,
    ModDownLastRowArgs, ModDownRescaleBaseArgs, StoreMode, MOD_DOWN_LAST_ROW,
    MOD_DOWN_RESCALE_BASE, NTT_FWD_STAGE_FINISH_STEPS, NTT_FWD_STAGE_MOD_DOWN, NTT_FWD_STAGE_RNS,
    NTT_INV_STAGE_RNS,
};
use xehe::ntt::NttTables;
use xehe::primes::CoeffModulus;
use xehe::runtime::{Backend, DeviceBuffer, NdRange};

const W: WordSize = WordSize::W32;
/// Work-items per group of the NTT stages (fewer where a tile has fewer than twice as many words).
const GROUP: usize = 16;

fn upload(b: &dyn Backend, words: &[u32]) -> DeviceBuffer {
    let buf = b.alloc(0, W.storage_words(words.len().max(1))).unwrap();
    if !words.is_empty() {
        b.write(&buf, 0, &pack_u32(words)).unwrap();
    }
    buf
}

fn download(b: &dyn Backend, buf: &DeviceBuffer, count: usize) -> Vec<u32> {
    let mut out = vec![0; W.storage_words(count)];
    b.read(buf, 0, &mut out).unwrap();
    unpack_u32(&out, count)
}

fn backends() -> Vec<Arc<dyn Backend>> {
    common::sim_and_opencl(true)
}

/// Primes of `bits` for degree n, each checked to lie in (2^24, 2^30).
fn primes(n: usize, bits: &[u32]) -> Vec<Modulus> {
    let q = CoeffModulus::create(n as u64, bits).unwrap();
    assert!(q.iter().all(|m| m.value() > 1 << 24 && m.value() < 1 << 30));
    q
}

/// `count` residues of q: uniform, or (`top`) among the 4096 largest, where products are
/// largest and an unfolded sum of more than 16 of them overflows 64 bits.
fn residues(rng: &mut StdRng, q: &Modulus, count: usize, top: bool) -> Vec<u32> {
    let low = if top { q.value() - 4096 } else { 0 };
    (0..count)
        .map(|_| rng.gen_range(low..q.value()) as u32)
        .collect()
}

fn rows_of(q: &[Modulus]) -> Vec<u32> {
    q.iter().flat_map(<u32 as Word>::modulus_row).collect()
}

/// Σ a_k·b_k mod q in u128.
fn dot(q: &Modulus, terms: impl Iterator<Item = (u32, u32)>) -> u64 {
    let s: u128 = terms.map(|(a, b)| a as u128 * b as u128).sum();
    (s % q.value() as u128) as u64
}

fn transform(n: usize, q: &Modulus, row: &mut [u64], inverse: bool) {
    let t = NttTables::new(n as u64, q).unwrap();
    if inverse {
        t.inverse(row).unwrap();
    } else {
        t.forward(row).unwrap();
    }
}

fn narrow(words: Vec<u64>) -> Vec<u32> {
    words
        .into_iter()
        .map(|v| u32::try_from(v).unwrap())
        .collect()
}

/// The 32-bit NTT tables and moduli rows of `q`, as the stage kernels read them.
struct Tables {
    roots: DeviceBuffer,
    roots_shoup: DeviceBuffer,
    inv_roots: DeviceBuffer,
    inv_roots_shoup: DeviceBuffer,
    consts: DeviceBuffer,
    moduli: DeviceBuffer,
}

impl Tables {
    fn new(b: &dyn Backend, n: usize, q: &[Modulus]) -> Self {
        let host: Vec<NttTables> = q
            .iter()
            .map(|m| NttTables::new(n as u64, m).unwrap())
            .collect();
        let powers = |inverse: bool, shoup: bool| -> Vec<u32> {
            host.iter()
                .flat_map(|t| {
                    let p = if inverse {
                        t.inv_root_powers()
                    } else {
                        t.root_powers()
                    };
                    p.iter()
                        .map(|s| {
                            if shoup {
                                <u32 as Word>::shoup(s.operand, t.modulus())
                            } else {
                                s.operand as u32
                            }
                        })
                        .collect::<Vec<_>>()
                })
                .collect()
        };
        let consts: Vec<u32> = host
            .iter()
            .flat_map(|t| {
                let q = t.modulus();
                let inv_n = t.inv_degree().operand;
                let w = q.mul_mod(inv_n, t.inv_root_powers()[n - 1].operand);
                [
                    inv_n as u32,
                    <u32 as Word>::shoup(inv_n, q),
                    w as u32,
                    <u32 as Word>::shoup(w, q),
                ]
            })
            .collect();
        Tables {
            roots: upload(b, &powers(false, false)),
            roots_shoup: upload(b, &powers(false, true)),
            inv_roots: upload(b, &powers(true, false)),
            inv_roots_shoup: upload(b, &powers(true, true)),
            consts: upload(b, &consts),
            moduli: upload(b, &rows_of(q)),
        }
    }
}

/// One local-memory stage: `2^log_rows` rows of `2^log_cols` columns from round m.
#[derive(Clone, Copy, Debug)]
struct Tiles {
    m: usize,
    log_rows: u32,
    log_cols: u32,
}

impl Tiles {
    fn words(&self) -> usize {
        1 << (self.log_rows + self.log_cols)
    }
}

/// The forward stages of degree n with rows of `block` words: the column stages, then the row
/// stage (the sequence `device_ops::ntt::rns` launches; block = n is one stage).
fn stages(n: usize, block: usize) -> Vec<Tiles> {
    let (log_n, log_b) = (n.trailing_zeros(), block.trailing_zeros());
    let mut s = Vec::new();
    let mut done = 0;
    while done < log_n - log_b {
        let log_rows = (log_n - log_b - done).min(log_b);
        let log_s = log_n - done - log_rows;
        s.push(Tiles {
            m: 1 << done,
            log_rows,
            log_cols: (log_b - log_rows).min(log_s),
        });
        done += log_rows;
    }
    s.push(Tiles {
        m: n / block,
        log_rows: log_b,
        log_cols: 0,
    });
    s
}

/// The ND-range of a stage over `polys` polynomials of `rns` components: prime-major, or
/// polynomial-major (ntt_fwd_stage_mod_down).
fn stage_range(n: usize, polys: usize, rns: usize, t: Tiles, poly_major: bool) -> NdRange {
    let group = GROUP.min(t.words() / 2).max(1);
    let g0 = (n / t.words()) * group;
    NdRange {
        global: if poly_major {
            [g0, rns, polys]
        } else {
            [g0, polys, rns]
        },
        local: Some([group, 1, 1]),
    }
}

/// Degrees and row blocks: one stage, and column stages before the row stage.
const PLANS: [(usize, usize); 3] = [(64, 64), (64, 16), (256, 32)];

/// A forward transform through ntt_fwd_stage_rns: the first stage reads `src` rows
/// (p·poly + i·comp + first) through `load`, the last stores through `store`.
struct Forward<'a> {
    src: &'a DeviceBuffer,
    rows: [u32; 3],
    load: LoadMode,
    q_src: u64,
    consts: &'a DeviceBuffer,
    store: StoreMode,
    x: &'a DeviceBuffer,
    x_rns: u32,
    base: &'a DeviceBuffer,
    base_rns: u32,
    add_mask: u32,
    /// (specials, alpha, lead) of key switching's digits.
    digits: (u32, u32, u32),
}

impl<'a> Forward<'a> {
    fn plain(src: &'a DeviceBuffer, rows: [u32; 3], load: LoadMode) -> Self {
        Forward {
            src,
            rows,
            load,
            q_src: 0,
            consts: src,
            store: StoreMode::Reduce,
            x: src,
            x_rns: 0,
            base: src,
            base_rns: 0,
            add_mask: 0,
            digits: (0, 0, 0),
        }
    }

    /// The stage's arguments; `first`/`last` pick the load and store.
    #[allow(clippy::too_many_arguments)]
    fn args<'b>(
        &'b self,
        t: &'b Tables,
        dst: &'b DeviceBuffer,
        n: usize,
        rns: usize,
        tiles: Tiles,
        first: bool,
        last: bool,
    ) -> FwdStageRnsArgs<'b> {
        let rows = if first { self.rows } else { [rns as u32, 1, 0] };
        FwdStageRnsArgs {
            src: if first { self.src } else { dst },
            dst,
            roots: &t.roots,
            roots_shoup: &t.roots_shoup,
            moduli: &t.moduli,
            n: n as u32,
            rns_count: rns as u32,
            m: tiles.m as u32,
            log_rows: tiles.log_rows,
            log_cols: tiles.log_cols,
            src_poly: rows[0],
            src_comp: rows[1],
            src_first: rows[2],
            load_mode: if first { self.load } else { LoadMode::Plain } as u32,
            q_src: self.q_src,
            consts: self.consts,
            store_mode: if last { self.store } else { StoreMode::Plain } as u32,
            x: self.x,
            x_rns: self.x_rns,
            base: self.base,
            base_rns: self.base_rns,
            add_mask: self.add_mask,
            specials: self.digits.0,
            alpha: self.digits.1,
            lead: self.digits.2,
            buf: tiles.words(),
        }
    }

    /// Every stage into `dst` (`[polys][rns][n]`).
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        b: &dyn Backend,
        t: &Tables,
        dst: &DeviceBuffer,
        (n, rns, polys): (usize, usize, usize),
        block: usize,
    ) {
        let all = stages(n, block);
        for (s, &tiles) in all.iter().enumerate() {
            let args = self.args(t, dst, n, rns, tiles, s == 0, s + 1 == all.len());
            let rg = stage_range(n, polys, rns, tiles, false);
            // SAFETY: the tiles cover [polys][rns][n] of dst; the callers size the source rows,
            // the constants and the finish's rows for the shape.
            unsafe { NTT_FWD_STAGE_RNS.word(W).launch(b, 0, &rg, args).unwrap() };
        }
    }
}

/// The host's forward NTT of every row of `rows` (`[..][q.len()][n]`, row r modulo q[r % len]).
fn forward_rows(n: usize, q: &[Modulus], rows: &[u64]) -> Vec<u64> {
    let mut out = rows.to_vec();
    for (r, row) in out.chunks_mut(n).enumerate() {
        transform(n, &q[r % q.len()], row, false);
    }
    out
}

/// Step s's buffer of a launch of `v.len()` steps: the arguments past them are bound to the last
/// step's, as the device code binds them (not read).
fn step_buffer(v: &[DeviceBuffer], s: usize) -> &DeviceBuffer {
    &v[s.min(v.len() - 1)]
}

fn what(b: &dyn Backend, s: &str) -> String {
    format!("{s} on {}", b.device_name())
}

#[test]
fn ks_decompose_reduces_every_digit_modulo_every_prime() {
    for dev in backends() {
        let b = dev.as_ref();
        let (n, decomp) = (64usize, 3usize);
        // Digits of 30-bit primes reduced modulo smaller ones too.
        let q = primes(n, &[30, 30, 29, 25]);
        let mut rng = StdRng::seed_from_u64(1);
        let c2: Vec<u32> = (0..decomp)
            .flat_map(|j| residues(&mut rng, &q[j], n, j == 0))
            .collect();
        let (c2_buf, moduli) = (upload(b, &c2), upload(b, &rows_of(&q)));
        let count = decomp * (decomp + 1) * n;
        let ext = upload(b, &vec![u32::MAX; count]);
        let args = DecomposeArgs {
            c2: &c2_buf,
            ext: &ext,
            ks_moduli: &moduli,
            n: n as u32,
            decomp: decomp as u32,
        };
        let rg = NdRange {
            global: [n, decomp + 1, decomp],
            local: None,
        };
        // SAFETY: c2 holds [decomp][n], ext [decomp][decomp + 1][n], moduli decomp + 1 rows.
        unsafe { KS_DECOMPOSE.word(W).launch(b, 0, &rg, args).unwrap() };
        let mut expect = Vec::new();
        for j in 0..decomp {
            for m in &q {
                expect.extend((0..n).map(|t| m.reduce(c2[j * n + t] as u64) as u32));
            }
        }
        assert_eq!(
            download(b, &ext, count),
            expect,
            "{}",
            what(b, "ks_decompose")
        );
    }
}

/// A key switch's operands: key-switch order (the specials first), digits of alpha primes.
struct MacCase {
    specials: usize,
    level: usize,
    alpha: usize,
    top: bool,
}

impl MacCase {
    fn rows(&self) -> usize {
        self.specials + self.level
    }
    fn digits(&self) -> usize {
        self.level.div_ceil(self.alpha)
    }
    /// The digit whose own prime component c is (none: `digits`).
    fn own(&self, c: usize) -> usize {
        if c >= self.specials {
            (c - self.specials) / self.alpha
        } else {
            self.digits()
        }
    }
    fn primes(&self, n: usize) -> Vec<Modulus> {
        let bits: Vec<u32> = (0..self.rows())
            .map(|i| if self.top { 30 } else { 25 + (i % 6) as u32 })
            .collect();
        primes(n, &bits)
    }
}

/// The products' operands of one switch: ext `[digits][rows][n]` (the own rows u32::MAX: they
/// must not be read), key `[digits][2][rows + 1][n]`, ct `[2][level][n]` (read from its second
/// polynomial).
struct MacData {
    ext: Vec<u32>,
    key: Vec<u32>,
    ct: Vec<u32>,
    key_rns: usize,
    ct_first: usize,
}

impl MacData {
    fn new(rng: &mut StdRng, c: &MacCase, q: &[Modulus], n: usize) -> Self {
        let rows = c.rows();
        let key_rns = rows + 1;
        let mut ext = Vec::new();
        for j in 0..c.digits() {
            for (r, m) in q.iter().enumerate() {
                if c.own(r) == j {
                    ext.extend(vec![u32::MAX; n]);
                } else {
                    ext.extend(residues(rng, m, n, c.top));
                }
            }
        }
        let mut key = Vec::new();
        for _ in 0..c.digits() * 2 {
            for r in 0..key_rns {
                key.extend(residues(rng, &q[r % rows], n, c.top));
            }
        }
        let ct: Vec<u32> = (0..2 * c.level)
            .flat_map(|r| residues(rng, &q[c.specials + r % c.level], n, c.top))
            .collect();
        MacData {
            ext,
            key,
            ct,
            key_rns,
            ct_first: c.level,
        }
    }

    /// Σ_j x_j[src] · key[j][k][comp][t] mod m_comp.
    fn sum(
        &self,
        c: &MacCase,
        q: &[Modulus],
        n: usize,
        (k, comp, t, src): (usize, usize, usize, usize),
    ) -> u64 {
        let rows = c.rows();
        dot(
            &q[comp],
            (0..c.digits()).map(|j| {
                let x = if j == c.own(comp) {
                    self.ct[(self.ct_first + comp - c.specials) * n + src]
                } else {
                    self.ext[(j * rows + comp) * n + src]
                };
                let y = self.key[((j * 2 + k) * self.key_rns + comp) * n + t];
                (x, y)
            }),
        )
    }
}

#[test]
fn ks_mac_sums_every_digit_and_accumulates() {
    let cases = [
        // A partial last digit, two special primes, added to what the accumulators hold.
        (
            MacCase {
                specials: 2,
                level: 5,
                alpha: 2,
                top: false,
            },
            true,
        ),
        // 20 digits of one prime each near 2^30: more products than one accumulator holds.
        (
            MacCase {
                specials: 1,
                level: 20,
                alpha: 1,
                top: true,
            },
            false,
        ),
    ];
    for dev in backends() {
        let b = dev.as_ref();
        for (case, accumulate) in &cases {
            let n = 64;
            let q = case.primes(n);
            let mut rng = StdRng::seed_from_u64(2 + case.level as u64);
            let d = MacData::new(&mut rng, case, &q, n);
            let (k, l) = (case.specials, case.level);
            let special0: Vec<u32> = (0..2 * k)
                .flat_map(|r| residues(&mut rng, &q[r % k], n, false))
                .collect();
            let data0: Vec<u32> = (0..2 * l)
                .flat_map(|r| residues(&mut rng, &q[k + r % l], n, false))
                .collect();
            let [ext, key, ct, moduli, acc_special, acc_data] =
                [&d.ext, &d.key, &d.ct, &rows_of(&q), &special0, &data0].map(|w| upload(b, w));
            let args = MacArgs {
                ext: &ext,
                key: &key,
                acc_special: &acc_special,
                acc_data: &acc_data,
                ks_moduli: &moduli,
                ct: &ct,
                ct_first: d.ct_first as u32,
                n: n as u32,
                digits: case.digits() as u32,
                level: l as u32,
                specials: k as u32,
                alpha: case.alpha as u32,
                key_rns: d.key_rns as u32,
                accumulate: u32::from(*accumulate),
                lead: 0,
                key_digit0: 0,
            };
            let rg = NdRange {
                global: [n, k + l, 1],
                local: None,
            };
            // SAFETY: ext, key and ct hold the rows the case reads; the accumulators
            // [2][specials][n] and [2][level][n].
            unsafe { KS_MAC.word(W).launch(b, 0, &rg, args).unwrap() };
            let (mut special, mut data) = (Vec::new(), Vec::new());
            for poly in 0..2 {
                for comp in 0..k + l {
                    for t in 0..n {
                        let mut r = d.sum(case, &q, n, (poly, comp, t, t));
                        let (out, before) = if comp < k {
                            (&mut special, special0[(poly * k + comp) * n + t])
                        } else {
                            (&mut data, data0[(poly * l + comp - k) * n + t])
                        };
                        if *accumulate {
                            r = q[comp].add_mod(r, before as u64);
                        }
                        out.push(r as u32);
                    }
                }
            }
            let what = what(b, &format!("ks_mac, {} digits", case.digits()));
            assert_eq!(download(b, &acc_special, 2 * k * n), special, "{what}");
            assert_eq!(download(b, &acc_data, 2 * l * n), data, "{what}");
        }
    }
}

#[test]
fn ks_mac_steps_reads_each_step_through_its_permutation() {
    let cases = [
        (
            MacCase {
                specials: 2,
                level: 4,
                alpha: 2,
                top: false,
            },
            3usize,
        ),
        (
            MacCase {
                specials: 1,
                level: 18,
                alpha: 1,
                top: true,
            },
            2,
        ),
    ];
    for dev in backends() {
        let b = dev.as_ref();
        for (case, steps) in &cases {
            let (n, steps) = (64, *steps);
            let q = case.primes(n);
            let mut rng = StdRng::seed_from_u64(3 + steps as u64);
            let (k, l) = (case.specials, case.level);
            let d = MacData::new(&mut rng, case, &q, n);
            let keys: Vec<MacData> = (0..steps)
                .map(|_| MacData::new(&mut rng, case, &q, n))
                .collect();
            let perms: Vec<Vec<u32>> = (0..steps)
                .map(|_| {
                    let mut p: Vec<u32> = (0..n as u32).collect();
                    p.shuffle(&mut rng);
                    p
                })
                .collect();
            let [ext, ct, moduli] = [&d.ext, &d.ct, &rows_of(&q)].map(|w| upload(b, w));
            let key_bufs: Vec<DeviceBuffer> = keys.iter().map(|m| upload(b, &m.key)).collect();
            let perm_bufs: Vec<DeviceBuffer> = perms.iter().map(|p| upload(b, p)).collect();
            let acc_special = upload(b, &vec![u32::MAX; steps * 2 * k * n]);
            let data_bufs: Vec<DeviceBuffer> = (0..steps)
                .map(|_| upload(b, &vec![u32::MAX; 2 * l * n]))
                .collect();
            let pick = step_buffer;
            let args = MacStepsArgs {
                ext: &ext,
                ct: &ct,
                ks_moduli: &moduli,
                key0: pick(&key_bufs, 0),
                key1: pick(&key_bufs, 1),
                key2: pick(&key_bufs, 2),
                key3: pick(&key_bufs, 3),
                key4: pick(&key_bufs, 4),
                key5: pick(&key_bufs, 5),
                key6: pick(&key_bufs, 6),
                key7: pick(&key_bufs, 7),
                perm0: pick(&perm_bufs, 0),
                perm1: pick(&perm_bufs, 1),
                perm2: pick(&perm_bufs, 2),
                perm3: pick(&perm_bufs, 3),
                perm4: pick(&perm_bufs, 4),
                perm5: pick(&perm_bufs, 5),
                perm6: pick(&perm_bufs, 6),
                perm7: pick(&perm_bufs, 7),
                acc_special: &acc_special,
                acc_data0: pick(&data_bufs, 0),
                acc_data1: pick(&data_bufs, 1),
                acc_data2: pick(&data_bufs, 2),
                acc_data3: pick(&data_bufs, 3),
                acc_data4: pick(&data_bufs, 4),
                acc_data5: pick(&data_bufs, 5),
                acc_data6: pick(&data_bufs, 6),
                acc_data7: pick(&data_bufs, 7),
                ct_first: d.ct_first as u32,
                n: n as u32,
                digits: case.digits() as u32,
                level: l as u32,
                specials: k as u32,
                alpha: case.alpha as u32,
                key_rns: d.key_rns as u32,
                lead: 0,
                key_digit0: 0,
            };
            assert!(steps <= HOISTED_STEPS);
            let rg = NdRange {
                global: [n, steps, k + l],
                local: None,
            };
            // SAFETY: every step's key, permutation (positions below n) and accumulators hold
            // the rows the case reads and writes; acc_special [steps][2][specials][n].
            unsafe { KS_MAC_STEPS.word(W).launch(b, 0, &rg, args).unwrap() };
            let mut special = Vec::new();
            for s in 0..steps {
                let mut data = Vec::new();
                // The step's products: the shared digits through its permutation, its own key.
                let step = MacData {
                    ext: d.ext.clone(),
                    key: keys[s].key.clone(),
                    ct: d.ct.clone(),
                    key_rns: d.key_rns,
                    ct_first: d.ct_first,
                };
                for poly in 0..2 {
                    for comp in 0..k + l {
                        for (t, &src) in perms[s].iter().enumerate() {
                            let r = step.sum(case, &q, n, (poly, comp, t, src as usize)) as u32;
                            if comp < k { &mut special } else { &mut data }.push(r);
                        }
                    }
                }
                let what = what(b, &format!("ks_mac_steps step {s} of {steps}"));
                assert_eq!(download(b, &data_bufs[s], 2 * l * n), data, "{what}");
            }
            let what = what(b, &format!("ks_mac_steps' special rows, {steps} steps"));
            assert_eq!(
                download(b, &acc_special, steps * 2 * k * n),
                special,
                "{what}"
            );
        }
    }
}

#[test]
fn ks_mod_down_scale_centres_and_scales_the_special_rows() {
    for dev in backends() {
        let b = dev.as_ref();
        let (n, k, polys) = (64usize, 3usize, 2usize);
        let q = primes(n, &[30, 29, 26]);
        let mut rng = StdRng::seed_from_u64(4);
        let special: Vec<u32> = (0..polys * k)
            .flat_map(|r| residues(&mut rng, &q[r % k], n, r % 2 == 0))
            .collect();
        let consts: Vec<u32> = (0..2 * k)
            .map(|i| residues(&mut rng, &q[i % k], 1, true)[0])
            .collect();
        let [buf, moduli, consts_buf] = [&special, &rows_of(&q), &consts].map(|w| upload(b, w));
        let args = ModDownScaleArgs {
            special: &buf,
            ks_moduli: &moduli,
            consts: &consts_buf,
            n: n as u32,
            specials: k as u32,
        };
        let rg = NdRange {
            global: [n, k, polys],
            local: None,
        };
        // SAFETY: special holds [polys][specials][n], consts 2·specials words.
        unsafe { KS_MOD_DOWN_SCALE.word(W).launch(b, 0, &rg, args).unwrap() };
        let expect: Vec<u32> = special
            .iter()
            .enumerate()
            .map(|(at, &r)| {
                let c = (at / n) % k;
                let m = &q[c];
                let centred = m.add_mod(r as u64, consts[k + c] as u64);
                m.mul_mod(centred, consts[c] as u64) as u32
            })
            .collect();
        let got = download(b, &buf, special.len());
        assert_eq!(got, expect, "{}", what(b, "ks_mod_down_scale"));
    }
}

#[test]
fn forward_stages_load_and_store_through_their_modes() {
    for dev in backends() {
        let b = dev.as_ref();
        for (n, block) in PLANS {
            // The divisor of the spread first: a 30-bit prime whose words exceed the others.
            let all = primes(n, &[30, 29, 27, 25]);
            let (q_last, q) = (all[0], &all[1..]);
            let (l, polys) = (q.len(), 2usize);
            let shape = (n, l, polys);
            let t = Tables::new(b, n, q);
            let mut rng = StdRng::seed_from_u64(5 + n as u64 + block as u64);
            let plan = |s: &str| what(b, &format!("{s}: n = {n}, block {block}"));

            // Plain, in the stage's own layout.
            let data: Vec<u32> = (0..polys * l)
                .flat_map(|r| residues(&mut rng, &q[r % l], n, false))
                .collect();
            let buf = upload(b, &data);
            Forward::plain(&buf, [l as u32, 1, 0], LoadMode::Plain).run(b, &t, &buf, shape, block);
            let wide: Vec<u64> = data.iter().map(|&v| v as u64).collect();
            let expect = narrow(forward_rows(n, q, &wide));
            assert_eq!(download(b, &buf, data.len()), expect, "{}", plan("plain"));

            // Key switching's broadcast: one row per polynomial modulo every prime.
            let last: Vec<u32> = (0..polys)
                .flat_map(|_| residues(&mut rng, &q_last, n, true))
                .collect();
            let last_buf = upload(b, &last);
            let out = upload(b, &vec![0; polys * l * n]);
            Forward::plain(&last_buf, [1, 0, 0], LoadMode::Reduce).run(b, &t, &out, shape, block);
            let mut reduced = Vec::new();
            for p in 0..polys {
                for m in q {
                    reduced.extend((0..n).map(|w| m.reduce(last[p * n + w] as u64)));
                }
            }
            let expect = narrow(forward_rows(n, q, &reduced));
            assert_eq!(
                download(b, &out, expect.len()),
                expect,
                "{}",
                plan("broadcast")
            );

            // Division with rounding by q_last: the spread and the finish, polynomial 0 adding
            // the base.
            let consts: Vec<u32> = q
                .iter()
                .flat_map(|m| {
                    let inv = m.inv_mod(m.reduce(q_last.value())).unwrap();
                    [inv as u32, m.reduce(q_last.value() >> 1) as u32]
                })
                .collect();
            let x: Vec<u32> = (0..polys * (l + 1))
                .flat_map(|r| {
                    let m = if r % (l + 1) == l {
                        &q_last
                    } else {
                        &q[r % (l + 1)]
                    };
                    residues(&mut rng, m, n, false)
                })
                .collect();
            let base: Vec<u32> = (0..polys * l)
                .flat_map(|r| residues(&mut rng, &q[r % l], n, true))
                .collect();
            let [consts_buf, x_buf, base_buf] = [&consts, &x, &base].map(|w| upload(b, w));
            let division = Forward {
                q_src: q_last.value(),
                consts: &consts_buf,
                store: StoreMode::Finish,
                x: &x_buf,
                x_rns: (l + 1) as u32,
                base: &base_buf,
                base_rns: l as u32,
                add_mask: 0b01,
                ..Forward::plain(&last_buf, [1, 0, 0], LoadMode::Spread)
            };
            division.run(b, &t, &out, shape, block);
            let mut spread = Vec::new();
            for p in 0..polys {
                for (i, m) in q.iter().enumerate() {
                    spread.extend((0..n).map(|w| {
                        let centred = q_last.add_mod(last[p * n + w] as u64, q_last.value() >> 1);
                        m.sub_mod(m.reduce(centred), consts[2 * i + 1] as u64)
                    }));
                }
            }
            let spread = forward_rows(n, q, &spread);
            let mut expect = Vec::new();
            for p in 0..polys {
                for (i, m) in q.iter().enumerate() {
                    for w in 0..n {
                        let xv = x[(p * (l + 1) + i) * n + w] as u64;
                        let v = spread[(p * l + i) * n + w];
                        let mut o = m.mul_mod(m.sub_mod(xv, v), consts[2 * i] as u64);
                        if p == 0 {
                            o = m.add_mod(base[(p * l + i) * n + w] as u64, o);
                        }
                        expect.push(o as u32);
                    }
                }
            }
            let got = download(b, &out, expect.len());
            assert_eq!(got, expect, "{}", plan("division with rounding"));
        }
    }
}

/// ModUp's constants and residues: `[level]` inverses (not read by the load), then
/// (Q_p / q_k) mod m_i as `[level][rows]`; v `[level][n]`. The level starts `lead` primes into
/// its first digit (a window of a key level's primes).
fn mod_up_case(
    b: &dyn Backend,
    (n, block): (usize, usize),
    (specials, level, alpha, lead, top): (usize, usize, usize, usize, bool),
    seed: u64,
) {
    let rows = specials + level;
    let bits: Vec<u32> = (0..rows)
        .map(|i| if top { 30 } else { 25 + (i % 6) as u32 })
        .collect();
    let ks = primes(n, &bits);
    let data = &ks[specials..];
    let digits = (level + lead).div_ceil(alpha);
    let mut rng = StdRng::seed_from_u64(seed);
    let t = Tables::new(b, n, &ks);
    let mut consts: Vec<u32> = (0..level)
        .map(|i| residues(&mut rng, &data[i], 1, false)[0])
        .collect();
    for _ in 0..level {
        for m in &ks {
            consts.push(residues(&mut rng, m, 1, top)[0]);
        }
    }
    let v: Vec<u32> = (0..level)
        .flat_map(|i| residues(&mut rng, &data[i], n, top))
        .collect();
    let (v_buf, consts_buf) = (upload(b, &v), upload(b, &consts));
    let count = digits * rows * n;
    let ext = upload(b, &vec![u32::MAX; count]);
    let f = Forward {
        consts: &consts_buf,
        digits: (specials as u32, alpha as u32, lead as u32),
        ..Forward::plain(&v_buf, [0, 0, 0], LoadMode::ModUp)
    };
    f.run(b, &t, &ext, (n, rows, digits), block);
    let mut expect = Vec::new();
    for j in 0..digits {
        // Digit j's key primes, from the window's start lead primes into digit 0.
        let digit = (j * alpha).max(lead) - lead..((j + 1) * alpha - lead).min(level);
        for (c, m) in ks.iter().enumerate() {
            if digit.contains(&c.wrapping_sub(specials)) {
                expect.extend(vec![u32::MAX as u64; n]);
                continue;
            }
            let mut row: Vec<u64> = (0..n)
                .map(|w| {
                    dot(
                        m,
                        digit
                            .clone()
                            .map(|k| (v[k * n + w], consts[level + k * rows + c])),
                    )
                })
                .collect();
            transform(n, m, &mut row, false);
            expect.extend(row);
        }
    }
    let what = what(
        b,
        &format!(
            "ModUp: n = {n}, block {block}, digits of {alpha} of {level} primes from {lead} in"
        ),
    );
    assert_eq!(download(b, &ext, count), narrow(expect), "{what}");
}

#[test]
fn forward_stages_convert_mod_up_digits() {
    for dev in backends() {
        let b = dev.as_ref();
        for (n, block) in PLANS {
            // Two special primes, a whole digit and a partial one.
            mod_up_case(b, (n, block), (2, 3, 2, 0, false), 6);
            // Three special primes, a level of four starting one prime into its first digit:
            // two digits of two primes.
            mod_up_case(b, (n, block), (3, 4, 3, 1, false), 8);
            // The level's first digit a single prime, its last whole.
            mod_up_case(b, (n, block), (3, 4, 3, 2, false), 9);
        }
        // A digit of 18 primes near 2^30, and one of 2.
        mod_up_case(b, (64, 16), (1, 20, 18, 0, true), 7);
        // The same from 5 primes into a digit: digits of 13 and 7.
        mod_up_case(b, (64, 16), (1, 20, 18, 5, true), 10);
    }
}

/// ModDown's operands: v (scaled special residues, `[polys + 1][specials][n]`, the first
/// polynomial's rows skipped), convert (`[specials]` twice, not read; the shifts `[data]`; the
/// cofactors `[specials][data]`), the rescale's last rows `[polys][n]` and constants `[data][2]`.
struct ModDown {
    specials: Vec<Modulus>,
    data: Vec<Modulus>,
    v: Vec<u32>,
    convert: Vec<u32>,
    last: Vec<u32>,
    rescale: Vec<u32>,
}

impl ModDown {
    fn new(n: usize, polys: usize, k: usize, top: bool, seed: u64) -> Self {
        // With `top`, every prime near 2^30, so that the products are near 2^60.
        let mut bits: Vec<u32> = vec![30; k];
        bits.extend(if top { [30, 30, 30] } else { [29, 28, 26] });
        let all = primes(n, &bits);
        let (specials, data) = (all[..k].to_vec(), all[k..].to_vec());
        let d = data.len();
        let mut rng = StdRng::seed_from_u64(seed);
        let v: Vec<u32> = (0..(polys + 1) * k)
            .flat_map(|r| residues(&mut rng, &specials[r % k], n, top))
            .collect();
        let mut convert: Vec<u32> = (0..2 * k)
            .map(|i| residues(&mut rng, &specials[i % k], 1, false)[0])
            .collect();
        convert.extend(data.iter().map(|m| residues(&mut rng, m, 1, false)[0]));
        for _ in 0..k {
            for m in &data {
                convert.push(residues(&mut rng, m, 1, top)[0]);
            }
        }
        // The last rows modulo a 30-bit prime: residues up to the largest words.
        let last: Vec<u32> = (0..polys)
            .flat_map(|_| residues(&mut rng, &specials[0], n, top))
            .collect();
        let rescale: Vec<u32> = (0..2 * d)
            .map(|i| residues(&mut rng, &data[i / 2], 1, top)[0])
            .collect();
        ModDown {
            specials,
            data,
            v,
            convert,
            last,
            rescale,
        }
    }

    /// Σ_k v[row + k][w]·(P / p_k) (+ last[p][w]·rescale[2i + 1]) − sub mod q_i.
    fn word(&self, n: usize, (v_row, w, i): (usize, usize, usize), extra: Option<usize>) -> u64 {
        let (k, d, m) = (self.specials.len(), self.data.len(), &self.data[i]);
        let punct = 2 * k + d;
        let mut terms: Vec<(u32, u32)> = (0..k)
            .map(|j| (self.v[(v_row + j) * n + w], self.convert[punct + j * d + i]))
            .collect();
        let sub = match extra {
            Some(p) => {
                terms.push((self.last[p * n + w], self.rescale[2 * i + 1]));
                self.rescale[2 * i]
            }
            None => self.convert[2 * k + i],
        };
        m.sub_mod(dot(m, terms.into_iter()), sub as u64)
    }
}

#[test]
fn mod_down_stage_converts_and_finishes_the_division() {
    for dev in backends() {
        let b = dev.as_ref();
        let cases = [
            (64, 64, 2, false),
            (64, 16, 3, false),
            (256, 32, 2, false),
            (64, 16, 16, true),
        ];
        for (n, block, k, top) in cases {
            let (l, polys) = (2usize, 2usize);
            let md = ModDown::new(n, polys, k, top, 8 + k as u64);
            let q = &md.data[..l];
            let t = Tables::new(b, n, q);
            let mut rng = StdRng::seed_from_u64(9);
            let division: Vec<u32> = q
                .iter()
                .flat_map(|m| residues(&mut rng, m, 2, false))
                .collect();
            let x: Vec<u32> = (0..polys * l)
                .flat_map(|r| residues(&mut rng, &q[r % l], n, false))
                .collect();
            let base: Vec<u32> = (0..polys * l)
                .flat_map(|r| residues(&mut rng, &q[r % l], n, false))
                .collect();
            let [v, convert, last, rescale, division_buf, x_buf, base_buf] = [
                &md.v,
                &md.convert,
                &md.last,
                &md.rescale,
                &division,
                &x,
                &base,
            ]
            .map(|w| upload(b, w));
            for fused_rescale in [false, true] {
                let out = upload(b, &vec![0; polys * l * n]);
                let q_last = if fused_rescale {
                    md.specials[0].value()
                } else {
                    0
                };
                let all = stages(n, block);
                for (s, &tiles) in all.iter().enumerate() {
                    let store = if s + 1 == all.len() {
                        StoreMode::Finish
                    } else {
                        StoreMode::Plain
                    } as u32;
                    if s > 0 {
                        let f = Forward {
                            consts: &division_buf,
                            store: StoreMode::Finish,
                            x: &x_buf,
                            x_rns: l as u32,
                            base: &base_buf,
                            base_rns: l as u32,
                            add_mask: 0b10,
                            ..Forward::plain(&out, [l as u32, 1, 0], LoadMode::Plain)
                        };
                        let args = f.args(&t, &out, n, l, tiles, false, s + 1 == all.len());
                        let rg = stage_range(n, polys, l, tiles, false);
                        // SAFETY: the tiles cover [polys][l][n] of out; x and base hold
                        // [polys][l][n], the constants 2·l words.
                        unsafe { NTT_FWD_STAGE_RNS.word(W).launch(b, 0, &rg, args).unwrap() };
                        continue;
                    }
                    let args = FwdStageModDownArgs {
                        v: &v,
                        dst: &out,
                        roots: &t.roots,
                        roots_shoup: &t.roots_shoup,
                        moduli: &t.moduli,
                        n: n as u32,
                        rns_count: l as u32,
                        m: tiles.m as u32,
                        log_rows: tiles.log_rows,
                        log_cols: tiles.log_cols,
                        v_poly: k as u32,
                        v_first: k as u32,
                        convert: &convert,
                        specials: k as u32,
                        data_primes: md.data.len() as u32,
                        last: &last,
                        q_last,
                        rescale: &rescale,
                        store_mode: store,
                        consts: &division_buf,
                        x: &x_buf,
                        x_rns: l as u32,
                        base: &base_buf,
                        base_rns: l as u32,
                        add_mask: 0b10,
                        buf: tiles.words(),
                    };
                    let rg = stage_range(n, polys, l, tiles, true);
                    // SAFETY: v holds (polys + 1)·specials rows, last polys rows, the constants
                    // their tables; the tiles cover [polys][l][n] of out.
                    unsafe {
                        NTT_FWD_STAGE_MOD_DOWN
                            .word(W)
                            .launch(b, 0, &rg, args)
                            .unwrap()
                    };
                }
                let mut expect = Vec::new();
                for p in 0..polys {
                    for (i, m) in q.iter().enumerate() {
                        let extra = fused_rescale.then_some(p);
                        let mut row: Vec<u64> = (0..n)
                            .map(|w| md.word(n, ((p + 1) * k, w, i), extra))
                            .collect();
                        transform(n, m, &mut row, false);
                        for (w, tv) in row.iter().enumerate() {
                            let at = (p * l + i) * n + w;
                            let xv = x[at] as u64;
                            let mut o = m.mul_mod(m.sub_mod(xv, *tv), division[2 * i] as u64);
                            if p == 1 {
                                o = m.add_mod(base[at] as u64, o);
                            }
                            expect.push(o as u32);
                        }
                    }
                }
                let what = what(
                    b,
                    &format!(
                        "ModDown from {k} special primes (rescale {fused_rescale}): n = {n}, \
                         block {block}"
                    ),
                );
                assert_eq!(download(b, &out, expect.len()), expect, "{what}");
            }
        }
    }
}

#[test]
fn mod_down_last_row_subtracts_the_conversion_and_centres() {
    for dev in backends() {
        let b = dev.as_ref();
        for (k, top) in [(3usize, false), (16, true)] {
            let (n, polys) = (64usize, 3usize);
            // Polynomial p's special rows start at row p·k: the first polys of v.
            let md = ModDown::new(n, polys, k, top, 10 + k as u64);
            let i = 1usize;
            let m = &md.data[i];
            let mut rng = StdRng::seed_from_u64(11);
            let y: Vec<u32> = (0..polys)
                .flat_map(|_| residues(&mut rng, m, n, top))
                .collect();
            let consts: Vec<u32> = md
                .data
                .iter()
                .flat_map(|d| residues(&mut rng, d, 2, top))
                .collect();
            let [v, y_buf, convert, consts_buf, moduli] =
                [&md.v, &y, &md.convert, &consts, &rows_of(&md.data)].map(|w| upload(b, w));
            let args = ModDownLastRowArgs {
                v: &v,
                y: &y_buf,
                convert: &convert,
                consts: &consts_buf,
                moduli: &moduli,
                n: n as u32,
                specials: k as u32,
                data_primes: md.data.len() as u32,
                i: i as u32,
            };
            let rg = NdRange {
                global: [n, polys, 1],
                local: None,
            };
            // SAFETY: v holds polys·specials rows, y [polys][n], the constants their tables.
            unsafe { MOD_DOWN_LAST_ROW.word(W).launch(b, 0, &rg, args).unwrap() };
            let mut expect = Vec::new();
            for p in 0..polys {
                for w in 0..n {
                    let u = md.word(n, (p * k, w, i), None);
                    let d = m.sub_mod(y[p * n + w] as u64, m.mul_mod(u, consts[2 * i] as u64));
                    expect.push(m.add_mod(d, m.value() >> 1) as u32);
                }
            }
            let what = what(b, &format!("mod_down_last_row from {k} special primes"));
            assert_eq!(download(b, &y_buf, y.len()), expect, "{what}");
        }
    }
}

#[test]
fn mod_down_rescale_base_scales_the_rows_and_adds_the_last() {
    for dev in backends() {
        let b = dev.as_ref();
        let (n, polys) = (64usize, 2usize);
        let q = primes(n, &[30, 29, 27, 25]);
        let rns = q.len();
        let mut rng = StdRng::seed_from_u64(12);
        let gen = |rng: &mut StdRng| -> Vec<u32> {
            (0..polys * rns)
                .flat_map(|r| residues(rng, &q[r % rns], n, r % 2 == 1))
                .collect()
        };
        let (c, x) = (gen(&mut rng), gen(&mut rng));
        let scales: Vec<u32> = q
            .iter()
            .map(|m| residues(&mut rng, m, 1, true)[0])
            .collect();
        let [c_buf, x_buf, scales_buf, moduli] =
            [&c, &x, &scales, &rows_of(&q)].map(|w| upload(b, w));
        let out = upload(b, &vec![0; c.len()]);
        let args = ModDownRescaleBaseArgs {
            c: &c_buf,
            x: &x_buf,
            out: &out,
            scales: &scales_buf,
            moduli: &moduli,
            n: n as u32,
            rns_count: rns as u32,
        };
        let rg = NdRange {
            global: [n, rns, polys],
            local: None,
        };
        // SAFETY: c, x and out hold [polys][rns][n], scales rns words.
        unsafe {
            MOD_DOWN_RESCALE_BASE
                .word(W)
                .launch(b, 0, &rg, args)
                .unwrap()
        };
        let expect: Vec<u32> = (0..c.len())
            .map(|at| {
                let i = (at / n) % rns;
                let m = &q[i];
                let s = scales[i] as u64;
                if i + 1 == rns {
                    m.add_mod(m.mul_mod(x[at] as u64, s), c[at] as u64) as u32
                } else {
                    m.mul_mod(c[at] as u64, s) as u32
                }
            })
            .collect();
        let got = download(b, &out, c.len());
        assert_eq!(got, expect, "{}", what(b, "mod_down_rescale_base"));
    }
}

#[test]
fn inverse_stages_read_any_rows() {
    for dev in backends() {
        let b = dev.as_ref();
        for (n, block) in PLANS {
            let q = primes(n, &[30, 28, 25]);
            let l = q.len();
            let polys = 2usize;
            let mut rng = StdRng::seed_from_u64(13 + block as u64);
            let ct: Vec<u32> = (0..polys * l)
                .flat_map(|r| residues(&mut rng, &q[r % l], n, r == 0))
                .collect();
            let src = upload(b, &ct);
            // The whole layout, then the last component of each polynomial alone.
            for (comps, rows, tables) in [
                (l, [l as u32, 1, 0], q.clone()),
                (1, [l as u32, 0, (l - 1) as u32], vec![q[l - 1]]),
            ] {
                let t = Tables::new(b, n, &tables);
                let dst = upload(b, &vec![0; polys * comps * n]);
                for (s, &tiles) in stages(n, block).iter().rev().enumerate() {
                    let r = if s == 0 { rows } else { [comps as u32, 1, 0] };
                    let args = InvStageRnsArgs {
                        src: if s == 0 { &src } else { &dst },
                        dst: &dst,
                        roots: &t.inv_roots,
                        roots_shoup: &t.inv_roots_shoup,
                        moduli: &t.moduli,
                        consts: &t.consts,
                        n: n as u32,
                        rns_count: comps as u32,
                        m: tiles.m as u32,
                        log_rows: tiles.log_rows,
                        log_cols: tiles.log_cols,
                        src_poly: r[0],
                        src_comp: r[1],
                        src_first: r[2],
                        buf: tiles.words(),
                    };
                    let rg = stage_range(n, polys, comps, tiles, false);
                    // SAFETY: the tiles cover [polys][comps][n] of dst; the first stage reads
                    // rows p·l + i·comp + first of src, all inside it.
                    unsafe { NTT_INV_STAGE_RNS.word(W).launch(b, 0, &rg, args).unwrap() };
                }
                let mut expect = Vec::new();
                for p in 0..polys {
                    for (i, m) in tables.iter().enumerate() {
                        let src_row =
                            p * rows[0] as usize + i * rows[1] as usize + rows[2] as usize;
                        let mut row: Vec<u64> =
                            ct[src_row * n..][..n].iter().map(|&v| v as u64).collect();
                        transform(n, m, &mut row, true);
                        expect.extend(row);
                    }
                }
                let what = what(
                    b,
                    &format!("inverse of {comps} components: n = {n}, block {block}"),
                );
                assert_eq!(download(b, &dst, expect.len()), narrow(expect), "{what}");
            }
        }
    }
}

#[test]
fn finish_steps_divide_each_step_and_add_its_rotated_c0() {
    for dev in backends() {
        let b = dev.as_ref();
        for ((n, block), steps) in PLANS.into_iter().zip([3usize, 8, 2]) {
            let q = primes(n, &[30, 29, 26]);
            let l = q.len();
            let polys = 2 * steps;
            let t = Tables::new(b, n, &q);
            let mut rng = StdRng::seed_from_u64(14 + steps as u64);
            let src: Vec<u32> = (0..polys * l)
                .flat_map(|r| residues(&mut rng, &q[r % l], n, r % 3 == 0))
                .collect();
            let src_buf = upload(b, &src);
            let inv: Vec<u64> = q
                .iter()
                .map(|m| residues(&mut rng, m, 1, true)[0] as u64)
                .collect();
            let consts: Vec<u32> = inv.iter().flat_map(|&v| [v as u32, 0]).collect();
            let inv_shoup: Vec<u32> = q
                .iter()
                .zip(&inv)
                .map(|(m, &v)| <u32 as Word>::shoup(v, m))
                .collect();
            let c0: Vec<u32> = (0..l)
                .flat_map(|i| residues(&mut rng, &q[i], n, true))
                .collect();
            let xs: Vec<Vec<u32>> = (0..steps)
                .map(|_| {
                    (0..2 * l)
                        .flat_map(|r| residues(&mut rng, &q[r % l], n, false))
                        .collect()
                })
                .collect();
            let perms: Vec<Vec<u32>> = (0..steps)
                .map(|_| {
                    let mut p: Vec<u32> = (0..n as u32).collect();
                    p.shuffle(&mut rng);
                    p
                })
                .collect();
            let [consts_buf, shoup_buf, c0_buf] = [&consts, &inv_shoup, &c0].map(|w| upload(b, w));
            let x_bufs: Vec<DeviceBuffer> = xs.iter().map(|x| upload(b, x)).collect();
            let perm_bufs: Vec<DeviceBuffer> = perms.iter().map(|p| upload(b, p)).collect();
            let dst_bufs: Vec<DeviceBuffer> =
                (0..steps).map(|_| upload(b, &vec![0; 2 * l * n])).collect();
            // The earlier stages into a temporary in the last stage's layout, as the division
            // sequence runs them on every step's rows at once.
            let all = stages(n, block);
            let temp = upload(b, &vec![0; polys * l * n]);
            let stage_src = if all.len() > 1 {
                for (s, &tiles) in all[..all.len() - 1].iter().enumerate() {
                    let f = Forward::plain(&src_buf, [l as u32, 1, 0], LoadMode::Plain);
                    let args = f.args(&t, &temp, n, l, tiles, s == 0, false);
                    let rg = stage_range(n, polys, l, tiles, false);
                    // SAFETY: the tiles cover [polys][l][n] of temp and of src.
                    unsafe { NTT_FWD_STAGE_RNS.word(W).launch(b, 0, &rg, args).unwrap() };
                }
                &temp
            } else {
                &src_buf
            };
            let tiles = *all.last().unwrap();
            let [x, p, d] = [&x_bufs, &perm_bufs, &dst_bufs].map(|v| {
                (0..HOISTED_STEPS)
                    .map(|s| step_buffer(v, s))
                    .collect::<Vec<_>>()
            });
            let args = FwdStageFinishStepsArgs {
                src: stage_src,
                roots: &t.roots,
                roots_shoup: &t.roots_shoup,
                moduli: &t.moduli,
                n: n as u32,
                rns_count: l as u32,
                m: tiles.m as u32,
                log_rows: tiles.log_rows,
                log_cols: tiles.log_cols,
                consts: &consts_buf,
                inv_shoup: &shoup_buf,
                c0: &c0_buf,
                perm0: p[0],
                perm1: p[1],
                perm2: p[2],
                perm3: p[3],
                perm4: p[4],
                perm5: p[5],
                perm6: p[6],
                perm7: p[7],
                x0: x[0],
                x1: x[1],
                x2: x[2],
                x3: x[3],
                x4: x[4],
                x5: x[5],
                x6: x[6],
                x7: x[7],
                x_rns: l as u32,
                dst0: d[0],
                dst1: d[1],
                dst2: d[2],
                dst3: d[3],
                dst4: d[4],
                dst5: d[5],
                dst6: d[6],
                dst7: d[7],
                buf: tiles.words(),
            };
            let rg = stage_range(n, polys, l, tiles, false);
            // SAFETY: the source holds [2·steps][l][n]; every step's x and dst [2][l][n], its
            // permutation n positions below n; c0 [l][n], the constants l pairs and l quotients.
            unsafe {
                NTT_FWD_STAGE_FINISH_STEPS
                    .word(W)
                    .launch(b, 0, &rg, args)
                    .unwrap()
            };
            let wide: Vec<u64> = src.iter().map(|&v| v as u64).collect();
            let v = forward_rows(n, &q, &wide);
            for s in 0..steps {
                let mut expect = Vec::new();
                for second in 0..2 {
                    for (i, m) in q.iter().enumerate() {
                        for w in 0..n {
                            let tv = v[((2 * s + second) * l + i) * n + w];
                            let xv = xs[s][(second * l + i) * n + w] as u64;
                            let mut o = m.mul_mod(m.sub_mod(xv, tv), inv[i]);
                            if second == 0 {
                                let from = perms[s][w] as usize;
                                o = m.add_mod(c0[i * n + from] as u64, o);
                            }
                            expect.push(o as u32);
                        }
                    }
                }
                let what = what(
                    b,
                    &format!("finish of step {s} of {steps}: n = {n}, block {block}"),
                );
                assert_eq!(download(b, &dst_bufs[s], expect.len()), expect, "{what}");
            }
        }
    }
}

/// Hybrid key switching's ModDown with the real constants over 30-bit primes: the special rows
/// scaled by ks_mod_down_scale, converted, transformed and finished by ntt_fwd_stage_mod_down,
/// divide X (random below Q·P) by P: transformed back and composed on the host (xehe::rns),
/// the result is ⌊(X + ⌊P/2⌋)/P⌋ + c − e modulo Q, c = ⌊(K − 1)/2⌋ the centring shift and
/// e ∈ [0, K − 1] the fast conversion's multiple of P. K = 16 sums 16 products near 2^60.
#[test]
fn mod_down_divides_by_the_special_primes_product() {
    use num_bigint::BigUint;
    use xehe::rns::{divide_round_consts_product, half_product_mod, mod_down_shift_mod, RnsBase};
    for dev in backends() {
        let b = dev.as_ref();
        for k in [3usize, 16] {
            let (n, l) = (64usize, 3usize);
            let all = primes(n, &vec![30; k + l]);
            let (specials, data) = (&all[..k], &all[k..]);
            let (p_base, q_base) = (RnsBase::new(specials).unwrap(), RnsBase::new(data).unwrap());
            let mut rng = StdRng::seed_from_u64(15 + k as u64);
            // X's residues: coefficient form, [specials] then [data] rows.
            let res: Vec<Vec<u32>> = all
                .iter()
                .map(|m| residues(&mut rng, m, n, k == 16))
                .collect();
            let p = p_base.product();
            let half = half_product_mod(specials, specials);
            let scale: Vec<u32> = p_base
                .inverse_punctured()
                .iter()
                .map(|&v| v as u32)
                .collect();
            let scale_consts: Vec<u32> = scale
                .iter()
                .copied()
                .chain(half.iter().map(|&v| v as u32))
                .collect();
            let mut convert = scale_consts.clone();
            convert.extend(mod_down_shift_mod(specials, data).iter().map(|&v| v as u32));
            for pk in p_base.punctured() {
                for m in data {
                    convert.push(u32::try_from(pk % m.value()).unwrap());
                }
            }
            let division: Vec<u32> = divide_round_consts_product(specials, data)
                .unwrap()
                .iter()
                .map(|&v| v as u32)
                .collect();
            let x: Vec<u64> = res[k..].iter().flatten().map(|&v| v as u64).collect();
            let x_ntt = narrow(forward_rows(n, data, &x));
            let special: Vec<u32> = res[..k].iter().flatten().copied().collect();
            let t = Tables::new(b, n, data);
            let [special_buf, ks_moduli, scale_buf, convert_buf, division_buf, x_buf] = [
                &special,
                &rows_of(specials),
                &scale_consts,
                &convert,
                &division,
                &x_ntt,
            ]
            .map(|w| upload(b, w));
            let args = ModDownScaleArgs {
                special: &special_buf,
                ks_moduli: &ks_moduli,
                consts: &scale_buf,
                n: n as u32,
                specials: k as u32,
            };
            let rg = NdRange {
                global: [n, k, 1],
                local: None,
            };
            // SAFETY: special holds [1][k][n], the constants 2k words.
            unsafe { KS_MOD_DOWN_SCALE.word(W).launch(b, 0, &rg, args).unwrap() };
            let out = upload(b, &vec![0; l * n]);
            let tiles = stages(n, n)[0];
            let args = FwdStageModDownArgs {
                v: &special_buf,
                dst: &out,
                roots: &t.roots,
                roots_shoup: &t.roots_shoup,
                moduli: &t.moduli,
                n: n as u32,
                rns_count: l as u32,
                m: tiles.m as u32,
                log_rows: tiles.log_rows,
                log_cols: tiles.log_cols,
                v_poly: k as u32,
                v_first: 0,
                convert: &convert_buf,
                specials: k as u32,
                data_primes: l as u32,
                last: &out,
                q_last: 0,
                rescale: &out,
                store_mode: StoreMode::Finish as u32,
                consts: &division_buf,
                x: &x_buf,
                x_rns: l as u32,
                base: &x_buf,
                base_rns: l as u32,
                add_mask: 0,
                buf: tiles.words(),
            };
            let rg = stage_range(n, 1, l, tiles, true);
            // SAFETY: one tile per row of out ([1][l][n]); v holds k rows, x l rows, the
            // constants their tables.
            unsafe {
                NTT_FWD_STAGE_MOD_DOWN
                    .word(W)
                    .launch(b, 0, &rg, args)
                    .unwrap()
            };
            let mut y: Vec<u64> = download(b, &out, l * n).iter().map(|&v| v as u64).collect();
            for (i, row) in y.chunks_mut(n).enumerate() {
                transform(n, &data[i], row, true);
            }
            let x_base = RnsBase::new(&all).unwrap();
            let q = q_base.product();
            let (c, spread) = ((k as u64 - 1) / 2, k as u64 - 1);
            for w in 0..n {
                let xw: Vec<u64> = res.iter().map(|r| r[w] as u64).collect();
                let big_x = x_base.compose(&xw).unwrap();
                let rounded = (&big_x + (p >> 1u32)) / p;
                let yw: Vec<u64> = (0..l).map(|i| y[i * n + w]).collect();
                let got = q_base.compose(&yw).unwrap();
                // (got − rounded + K − 1 − c) mod Q must be in [0, K − 1].
                let d = (got + q * 2u32 + BigUint::from(spread - c) - (rounded % q)) % q;
                assert!(
                    d <= BigUint::from(spread),
                    "ModDown from {k} special primes, word {w}: off by {d} − {} on {}",
                    spread - c,
                    b.device_name()
                );
            }
        }
    }
}
