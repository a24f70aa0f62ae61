//! NTTs fused with the RNS steps around them (kernels-cl/ntt_rns.cl): the four-step sequence of
//! local-memory stages (column stages, then the row stage; radix-8 chunks) whose first stage
//! reads its rows through a prologue and whose last stage writes through an epilogue.
//!
//! - [`forward_rns`] with [`Load::Reduce`] from one row per polynomial is key switching's
//!   broadcast and forward NTT in one pass over the broadcast rows ([`Load::Broadcast`] skips
//!   each digit's own row, which the switched polynomial already holds in NTT form);
//! - [`forward_rns`] with [`Load::ModUp`] is hybrid key switching's ModUp (the fast base
//!   conversion of each digit to the other primes) and forward NTT in one pass;
//! - [`forward_rns`] with [`Load::ModDown`] and [`Store::Finish`] is hybrid key switching's
//!   division by the special primes' product after the scaling of the special rows: the base
//!   conversion to the level's primes, the forward NTT and the finish in the same launches;
//! - [`forward_rns`] with [`Load::Spread`] and [`Store::Finish`] is a whole division with
//!   rounding after the inverse NTT of the divisor's rows (the spread, the forward NTT and the
//!   subtraction, multiplication by the inverse and addition in the same launches);
//! - [`inverse_rns`] reads any rows, e.g. the last component of every polynomial (rescale).
//!
//! Every result is word for word that of the unfused kernels ([`crate::device_ops::ntt::launch::forward`] and
//! friends with `ks_decompose`, `rns_extract`, `divide_round_spread`, `divide_round_finish`).
//! A plan's `local_block` and `group_size` apply; its variant does not (the sequence is always
//! four-step's). Every launch takes the build of the tables' word ([`DeviceNttTables::word`]),
//! and every buffer is counted in that word.
//!
//! ```
//! use xehe::primes::CoeffModulus;
//! use xehe::runtime::{open, BackendChoice, OpenOptions};
//! use xehe::device_ops::ntt::{self, DeviceNttTables, NttPlan};
//! use xehe::device_ops::ntt::rns::{self as ntt_rns, Load, Rows, Store};
//! use xehe::device_ops::poly;
//! use xehe::rns::RnsShape;
//! let dev = open(&OpenOptions { backend: BackendChoice::CpuSim, ..Default::default() })?;
//! let q = CoeffModulus::create(256, &[40, 40, 40])?;
//! let tables = DeviceNttTables::upload(&dev, 0, 256, &q)?;
//! // Three components of one polynomial; transform the third alone, out of place.
//! let shape3 = RnsShape::new(256, 3, 1)?;
//! let input: Vec<u64> = (0..768).map(|i| i % 11).collect();
//! let data = poly::upload(dev.as_ref(), 0, shape3, tables.moduli(), &input)?;
//! let plan = NttPlan::auto(dev.as_ref(), shape3)?;
//! let one = RnsShape::new(256, 1, 1)?;
//! let row = dev.alloc(0, 256)?;
//! ntt_rns::forward_rns(dev.as_ref(), &tables, one, Rows::own(&data, one), Load::Plain, &row,
//!     Store::Reduce, &plan)?;
//! ntt_rns::inverse_rns(dev.as_ref(), &tables, one, Rows::own(&row, one), &row, &plan)?;
//! let mut back = vec![0; 256];
//! dev.read(&row, 0, &mut back)?;
//! assert_eq!(back, input[..256]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::schedule::{column_stages, Tiles};
use crate::device_ops::ntt::plan::NttPlan;
use crate::device_ops::ntt::tables::DeviceNttTables;
use crate::device_ops::poly::checked_shape;
use crate::exec::WordSize;
use crate::kernels::key_switch::HOISTED_STEPS;
use crate::kernels::ntt_core::NTT_CONST_WORDS;
use crate::kernels::ntt_rns::{
    self as k, FwdStageFinishStepsArgs, FwdStageModDownArgs, FwdStageRnsArgs, InvStageRnsArgs,
    LoadMode, StoreMode,
};
use crate::rns::RnsShape;
use crate::runtime::{Backend, DeviceBuffer, NdRange};
use crate::runtime::{RuntimeError, RuntimeResult};

/// Rows of a buffer that a stage reads: row `p·poly + i·comp + first` (n words each) for
/// polynomial p, component i of the transform's shape.
#[derive(Clone, Copy, Debug)]
pub struct Rows<'a> {
    pub buffer: &'a DeviceBuffer,
    pub poly: usize,
    pub comp: usize,
    pub first: usize,
}

impl<'a> Rows<'a> {
    /// `buffer` laid out as `shape` (`[poly][rns][n]`).
    pub fn own(buffer: &'a DeviceBuffer, shape: RnsShape) -> Self {
        Rows {
            buffer,
            poly: shape.rns_count,
            comp: 1,
            first: 0,
        }
    }

    /// One row per polynomial, read by every component (`[poly][n]`).
    pub fn broadcast(buffer: &'a DeviceBuffer) -> Self {
        Rows {
            buffer,
            poly: 1,
            comp: 0,
            first: 0,
        }
    }

    /// Component `comp` of each polynomial of a `[poly][rns][n]` buffer.
    pub fn component(buffer: &'a DeviceBuffer, rns: usize, comp: usize) -> Self {
        Rows {
            buffer,
            poly: rns,
            comp: 0,
            first: comp,
        }
    }

    pub(super) fn check(&self, shape: RnsShape, what: &str) -> RuntimeResult<()> {
        self.check_in(shape, WordSize::W64, what)
    }

    /// [`Rows::check`] for rows of `word`-sized words.
    fn check_in(&self, shape: RnsShape, word: WordSize, what: &str) -> RuntimeResult<()> {
        let shape = checked_shape(shape)?;
        self.strides()?;
        let last = (shape.poly_count - 1)
            .checked_mul(self.poly)
            .zip((shape.rns_count - 1).checked_mul(self.comp))
            .and_then(|(p, c)| p.checked_add(c)?.checked_add(self.first));
        let needed = last
            .and_then(|l| l.checked_add(1)?.checked_mul(shape.n))
            .map(|w| word.storage_words(w));
        let available = self.buffer.words();
        match needed {
            Some(needed) if needed <= available => Ok(()),
            needed => Err(RuntimeError::BufferTooSmall {
                what: what.into(),
                needed: needed.unwrap_or(usize::MAX),
                available,
            }),
        }
    }

    /// `src_poly, src_comp, src_first` as the kernels take them (32 bits).
    fn strides(&self) -> RuntimeResult<[u32; 3]> {
        let mut out = [0; 3];
        for (o, v) in out.iter_mut().zip([self.poly, self.comp, self.first]) {
            *o = u32::try_from(v).map_err(|_| {
                RuntimeError::InvalidShape(format!(
                    "row strides {}, {}, {} must fit 32 bits",
                    self.poly, self.comp, self.first
                ))
            })?;
        }
        Ok(out)
    }
}

/// What the first forward stage does to the words it reads (values below every prime of the
/// target for `Plain`, below `q_src` otherwise).
#[derive(Clone, Copy, Debug)]
pub enum Load<'a> {
    Plain,
    /// Reduced modulo the component's prime: key switching's broadcast (`ks_decompose`).
    Reduce,
    /// Division with rounding's spread (`divide_round_spread`): centred modulo `q_src`, reduced,
    /// minus floor(q_src / 2) mod q_i (`consts`: (q_src^-1, floor(q_src / 2)) mod q_i per
    /// component).
    Spread {
        q_src: u64,
        consts: &'a DeviceBuffer,
    },
    /// SEAL's key-switching digits (one special prime first in the tables): `Reduce` of one row
    /// per digit ([`Rows::broadcast`]), with each digit's own row (component 1 + p of digit p)
    /// skipped: never read nor written.
    Broadcast,
    /// Hybrid key switching's ModUp and digits: polynomial p of the transform is digit p, the
    /// primes `[max(p·alpha − lead, 0), min((p + 1)·alpha − lead, level))` of a level of
    /// `level = rns_count − specials` (`lead` < alpha: the level starts that many primes into
    /// a key digit, as a window of the key level's primes may; 0 for a prefix), so there are
    /// ceil((level + lead) / alpha) digits; its component
    /// i ≠ its own primes is Σ_k v_k · (Q_p / q_k) mod m_i over those primes. The source rows are
    /// v, `[level][n]` in coefficient form with v_k = [x_k · (Q_p / q_k)^-1]_(q_k) (the first
    /// `level` words of `consts`, the level's ModUp constants, then (Q_p / q_k) mod m_i as
    /// `[level][rns_count]`). The digit's own rows are skipped.
    ModUp {
        consts: &'a DeviceBuffer,
        specials: usize,
        alpha: usize,
        lead: usize,
    },
    /// Hybrid key switching's ModDown: component i of polynomial p is the fast base conversion
    /// of the polynomial's `specials` scaled special residues,
    /// Σ_k v_k · (P / p_k) − s mod q_i, s = ⌊P/2⌋ + ⌊(K − 1)/2⌋·P (centring the conversion's
    /// own multiple of P: [`crate::rns::mod_down_shift_mod`]). The source rows give polynomial
    /// p's first residue at row `p·poly + first` and the others after it (their `comp` is not
    /// read); v_k is [(r_k + ⌊P/2⌋) · (P / p_k)^-1]_(p_k) in coefficient form. `convert`:
    /// (P / p_k)^-1 and ⌊P/2⌋ mod p_k, `[specials]` each, then s mod q_i, `[data_primes]`, then
    /// (P / p_k) mod q_i, `[specials][data_primes]`; the transform's components are the first
    /// of the data primes. It runs its own first-stage kernel (`ntt_fwd_stage_mod_down`), so
    /// that it can be followed by a division's finish.
    ModDown {
        convert: &'a DeviceBuffer,
        specials: usize,
        data_primes: usize,
        /// With a rescale fused into the division: P times its spread added to every word.
        rescale: Option<ModDownRescale<'a>>,
    },
}

/// A rescale fused into a division by P ([`Load::ModDown`]): the division's result y at a level
/// of L primes is to be divided with rounding by its last prime q_(L−1) as well, the transform
/// covering the other L − 1. Since (y − s)·q^-1 = ((x − (u + P·s))·P^-1 + c)·q^-1 for the
/// rescale's spread s of y's last row, the load adds P·s to ModDown's conversion u (one more
/// term of its sum, and one constant subtracted in place of another), and the finish takes
/// (P·q)^-1 as its constants and c·q^-1 as its base ([`mod_down_rescale_base`]): the words of
/// the division followed by the rescale, without the rescale's own forward transform.
#[derive(Clone, Copy, Debug)]
pub struct ModDownRescale<'a> {
    /// y's last row in coefficient form plus ⌊q/2⌋ mod q, `[poly][n]` ([`mod_down_last_row`]).
    pub last: &'a DeviceBuffer,
    /// q_(L−1), the rescale's divisor (nonzero).
    pub q_last: u64,
    /// Modulo each of the transform's components q_i, `[2]` each: ModDown's shift plus
    /// P·⌊q/2⌋ (subtracted in place of the shift), and P.
    pub consts: &'a DeviceBuffer,
}

/// The most special primes [`Load::ModDown`] converts from: its 128-bit sums of products below
/// 2^122 stay exact up to 16 terms, as ModUp's do.
pub const MOD_DOWN_SPECIALS_MAX: usize = 16;

/// What the last forward stage does to the words it writes (NTT form in [0, q)).
#[derive(Clone, Copy, Debug)]
pub enum Store<'a> {
    Reduce,
    /// Division with rounding's finish (`divide_round_finish`): out = (x − v) · q_src^-1, plus
    /// `base` for the polynomials whose bit is set in `add_mask`; x and base are `[poly][x_rns
    /// or base_rns][n]` and `consts` is [`Load::Spread`]'s.
    Finish {
        consts: &'a DeviceBuffer,
        x: &'a DeviceBuffer,
        x_rns: usize,
        base: &'a DeviceBuffer,
        base_rns: usize,
        add_mask: u32,
    },
}

/// The stages of the fused sequence for degree `n`, forward order: the column stages, then the
/// row stage of `block` words.
/// None for a degree that is not a power of two or a plan [`NttPlan::new`] refuses (the
/// transforms check both before they launch).
fn stages(n: usize, plan: &NttPlan) -> Vec<Tiles> {
    if !n.is_power_of_two() || plan.check().is_err() {
        return Vec::new();
    }
    let block = plan.local_block.min(n);
    let mut s = column_stages(n, block);
    s.push(Tiles {
        m: n / block,
        log_rows: block.trailing_zeros(),
        log_cols: 0,
    });
    s
}

fn tile_range(shape: RnsShape, t: Tiles, group: usize) -> NdRange {
    let words = t.words();
    let group = group.min(words / 2).max(1);
    NdRange {
        // Prime-major (ntt_rns.cl): the groups of one prime run together and share its tables.
        global: [(shape.n / words) * group, shape.poly_count, shape.rns_count],
        local: Some([group, 1, 1]),
    }
}

/// The kernels one [`forward_rns`] (or [`inverse_rns`]) launches for degree `n`.
pub fn launches(n: usize, plan: &NttPlan) -> usize {
    stages(n, plan).len()
}

/// Enqueues the forward NTT of `src`'s rows through `load` into `dst` (laid out as `shape`)
/// through `store`. `dst` holds the intermediate stages too, so it must not overlap `src`
/// unless `src` is `dst`'s own layout; `x` and `base` may be `src`.
#[allow(clippy::too_many_arguments)]
pub fn forward_rns(
    backend: &dyn Backend,
    t: &DeviceNttTables,
    shape: RnsShape,
    src: Rows<'_>,
    load: Load<'_>,
    dst: &DeviceBuffer,
    store: Store<'_>,
    plan: &NttPlan,
) -> RuntimeResult<()> {
    let all = stages(shape.n, plan).len();
    forward_stages(backend, t, shape, src, load, dst, store, plan, all)
}

/// [`forward_rns`]'s first `count` stages (the last of them stores through `store` only if it
/// is the transform's last).
#[allow(clippy::too_many_arguments)]
fn forward_stages(
    backend: &dyn Backend,
    t: &DeviceNttTables,
    shape: RnsShape,
    src: Rows<'_>,
    load: Load<'_>,
    dst: &DeviceBuffer,
    store: Store<'_>,
    plan: &NttPlan,
    count: usize,
) -> RuntimeResult<()> {
    t.check_words(shape, dst)?;
    plan.check()?;
    let word = t.word();
    match load {
        Load::ModUp { consts, .. } => check_mod_up(shape, word, src.buffer, consts, load.digits())?,
        Load::ModDown {
            convert,
            specials,
            data_primes,
            rescale,
        } => {
            check_mod_down(shape, word, src, convert, specials, data_primes)?;
            if let Some(r) = rescale {
                check_mod_down_rescale(shape, word, r)?;
            }
        }
        _ => src.check_in(shape, word, "NTT source rows")?,
    }
    let (load_mode, q_src, load_consts) = match load {
        Load::Plain | Load::ModDown { .. } => (LoadMode::Plain, 0, None),
        Load::Reduce | Load::Broadcast => (LoadMode::Reduce, 0, None),
        Load::Spread { q_src, consts } => {
            check_division_consts(shape, word, consts)?;
            (LoadMode::Spread, q_src, Some(consts))
        }
        Load::ModUp { consts, .. } => (LoadMode::ModUp, 0, Some(consts)),
    };
    let (store_mode, finish) = match store {
        Store::Reduce => (StoreMode::Reduce, None),
        Store::Finish {
            consts,
            x,
            x_rns,
            base,
            base_rns,
            add_mask,
        } => {
            // The kernels take one constants table, which ModUp's load already fills.
            if let Load::ModUp { .. } = load {
                return Err(RuntimeError::InvalidShape(
                    "ModUp's digits are stored as they are, not through a division's finish".into(),
                ));
            }
            check_finish_in(shape, word, consts, (x, x_rns), (base, base_rns), add_mask)?;
            (
                StoreMode::Finish,
                Some((consts, x, x_rns, base, base_rns, add_mask)),
            )
        }
    };
    let consts = load_consts.or(finish.map(|f| f.0)).unwrap_or(dst);
    let digits = load.digits();
    let (x, x_rns, base, base_rns, add_mask) = match finish {
        Some((_, x, x_rns, base, base_rns, mask)) => (x, x_rns, base, base_rns, mask),
        None => (dst, 0, dst, 0, 0),
    };
    let stages = stages(shape.n, plan);
    let own = Rows::own(dst, shape);
    for (s, &tiles) in stages.iter().enumerate().take(count) {
        let first = s == 0;
        let last = s + 1 == stages.len();
        let rows = if first { src } else { own };
        let [src_poly, src_comp, src_first] = rows.strides()?;
        let args = FwdStageRnsArgs {
            src: rows.buffer,
            dst,
            roots: &*t.roots,
            roots_shoup: &*t.roots_shoup,
            moduli: t.moduli().buffer(),
            n: shape.n as u32,
            rns_count: shape.rns_count as u32,
            m: tiles.m as u32,
            log_rows: tiles.log_rows,
            log_cols: tiles.log_cols,
            src_poly,
            src_comp,
            src_first,
            load_mode: if first { load_mode } else { LoadMode::Plain } as u32,
            q_src,
            consts,
            store_mode: if last { store_mode } else { StoreMode::Plain } as u32,
            x,
            x_rns: x_rns as u32,
            base,
            base_rns: base_rns as u32,
            add_mask,
            specials: digits.0 as u32,
            alpha: digits.1 as u32,
            lead: digits.2 as u32,
            buf: tiles.words(),
        };
        let rg = tile_range(shape, tiles, plan.group_size);
        match load {
            Load::ModDown {
                convert,
                specials,
                data_primes,
                rescale,
            } if first => {
                let (last, q_last, rescale) = match rescale {
                    Some(r) => (r.last, r.q_last, r.consts),
                    None => (dst, 0, dst),
                };
                let mod_down = FwdStageModDownArgs {
                    v: src.buffer,
                    dst,
                    roots: args.roots,
                    roots_shoup: args.roots_shoup,
                    moduli: args.moduli,
                    n: args.n,
                    rns_count: args.rns_count,
                    m: args.m,
                    log_rows: args.log_rows,
                    log_cols: args.log_cols,
                    v_poly: src_poly,
                    v_first: src_first,
                    convert,
                    specials: specials as u32,
                    data_primes: data_primes as u32,
                    last,
                    q_last,
                    rescale,
                    store_mode: args.store_mode,
                    consts,
                    x,
                    x_rns: args.x_rns,
                    base,
                    base_rns: args.base_rns,
                    add_mask,
                    buf: args.buf,
                };
                // Polynomial-major (ntt_fwd_stage_mod_down says why).
                let rg = NdRange {
                    global: [rg.global[0], shape.rns_count, shape.poly_count],
                    ..rg
                };
                // SAFETY: the tiles of a checked plan cover `dst` (checked for the shape); the
                // residues and constants were checked by `check_mod_down`, `x` and `base` with
                // the finish's rows above.
                unsafe {
                    k::NTT_FWD_STAGE_MOD_DOWN.word(word).launch(
                        backend,
                        dst.tile(),
                        &rg,
                        mod_down,
                    )?
                };
            }
            // SAFETY: the tiles of a checked plan cover `dst` (checked for the shape); the
            // first stage reads the rows `src` was checked for (or ModUp's, checked by
            // `check_mod_up`), the last writes through the finish's rows checked above.
            _ => unsafe {
                k::NTT_FWD_STAGE_RNS
                    .word(word)
                    .launch(backend, dst.tile(), &rg, args)?
            },
        }
    }
    Ok(())
}

/// The divisions by P of the steps of one hoisted rotation (up to [`HOISTED_STEPS`], two
/// polynomials each) finished by one last stage ([`forward_rns_steps`]): step s's result is
/// `out[s]` (`[2][rns_count][n]`, NTT form), (x − v) · q_src^-1 with its products `x[s]`
/// (`[2][x_rns][n]`, NTT form), plus on the first polynomial `c0` (the rotated ciphertext's c0,
/// `[rns_count][n]` from the buffer's first word, NTT form) read through the step's Galois
/// permutation `perms[s]` (n source positions, each below n: the kernel gathers through it
/// unchecked, as the tables [`crate::ntt::galois_permutation`] makes are).
#[derive(Clone, Copy, Debug)]
pub struct FinishSteps<'a> {
    /// [`Store::Finish`]'s constants: q_src^-1 modulo each component first of each pair.
    pub consts: &'a DeviceBuffer,
    /// Shoup's quotient of each component's q_src^-1, ⌊q_src^-1 · 2^64 / q_i⌋ (the finish
    /// multiplies with it; a wrong quotient gives wrong words, not a fault).
    pub inv_shoup: &'a DeviceBuffer,
    pub c0: &'a DeviceBuffer,
    pub perms: &'a [&'a DeviceBuffer],
    pub x: &'a [&'a DeviceBuffer],
    pub x_rns: usize,
    pub out: &'a [&'a DeviceBuffer],
}

impl FinishSteps<'_> {
    fn check(&self, shape: RnsShape, word: WordSize) -> RuntimeResult<usize> {
        let shape = checked_shape(shape)?;
        let steps = self.out.len();
        if steps == 0
            || steps > HOISTED_STEPS
            || self.perms.len() != steps
            || self.x.len() != steps
            || shape.poly_count != 2 * steps
        {
            return Err(RuntimeError::InvalidShape(format!(
                "a hoisted division finishes 1 to {HOISTED_STEPS} steps of two polynomials: {} \
                 results, {} permutations, {} products for {} polynomials",
                steps,
                self.perms.len(),
                self.x.len(),
                shape.poly_count
            )));
        }
        if self.x_rns < shape.rns_count || u32::try_from(self.x_rns).is_err() {
            return Err(RuntimeError::InvalidShape(format!(
                "products of {} rows a polynomial for a division at {} primes",
                self.x_rns, shape.rns_count
            )));
        }
        check_division_consts(shape, word, self.consts)?;
        let n = shape.n;
        let mut needs = vec![
            ("rotated c0", self.c0, shape.rns_count * n),
            (
                "division's Shoup quotients",
                self.inv_shoup,
                shape.rns_count,
            ),
        ];
        needs.extend(self.perms.iter().map(|&b| ("Galois permutation", b, n)));
        let products = self.x_rns.checked_mul(2 * n).ok_or_else(|| {
            RuntimeError::InvalidShape("step products past the address space".into())
        })?;
        needs.extend(self.x.iter().map(|&b| ("step products", b, products)));
        needs.extend(
            self.out
                .iter()
                .map(|&b| ("step result", b, 2 * shape.rns_count * n)),
        );
        check_words(word, &needs)?;
        Ok(steps)
    }
}

/// Whether [`forward_rns_steps`] can run `plan` at degree `n`: its last stage must be a stage of
/// its own, after at least one other (a plan whose row stage is the whole transform has one).
pub fn finishes_steps(n: usize, plan: &NttPlan) -> bool {
    stages(n, plan).len() >= 2
}

/// The divisions by P of a hoisted rotation's steps in one transform: [`forward_rns`]'s stages
/// but the last on every step's polynomials at once (`shape`'s 2·steps polynomials, `src`
/// through `load`, into `temp`, laid out as `shape`), then one last stage that writes each
/// step's result through [`FinishSteps`]. The words are those of each step's own
/// [`forward_rns`] with `load`, [`Store::Finish`] and its rotated c0 as the base. Plans with one
/// stage are refused ([`finishes_steps`]). Every size is checked; the permutations' contents
/// cannot be, hence `unsafe`.
///
/// # Safety
///
/// The first n words of every buffer of `f.perms` are below n (as the tables
/// [`crate::ntt::galois_permutation`] makes are): the last stage gathers through them without
/// looking.
#[allow(clippy::too_many_arguments)]
pub unsafe fn forward_rns_steps(
    backend: &dyn Backend,
    t: &DeviceNttTables,
    shape: RnsShape,
    src: Rows<'_>,
    load: Load<'_>,
    temp: &DeviceBuffer,
    f: FinishSteps<'_>,
    plan: &NttPlan,
) -> RuntimeResult<()> {
    let steps = f.check(shape, t.word())?;
    plan.check()?;
    if let Load::ModUp { .. } | Load::Broadcast = load {
        return Err(RuntimeError::InvalidShape(
            "key switching's digits are not divided by P".into(),
        ));
    }
    let all = stages(shape.n, plan);
    let Some((&last, earlier)) = all.split_last().filter(|(_, e)| !e.is_empty()) else {
        return Err(RuntimeError::InvalidShape(format!(
            "a hoisted division needs a plan of two stages or more at n = {} (block {})",
            shape.n, plan.local_block
        )));
    };
    forward_stages(
        backend,
        t,
        shape,
        src,
        load,
        temp,
        Store::Reduce,
        plan,
        earlier.len(),
    )?;
    let pick = |s: usize| s.min(steps - 1);
    let perm = |s: usize| f.perms[pick(s)];
    let x = |s: usize| f.x[pick(s)];
    let out = |s: usize| f.out[pick(s)];
    let args = FwdStageFinishStepsArgs {
        src: temp,
        roots: &*t.roots,
        roots_shoup: &*t.roots_shoup,
        moduli: t.moduli().buffer(),
        n: shape.n as u32,
        rns_count: shape.rns_count as u32,
        m: last.m as u32,
        log_rows: last.log_rows,
        log_cols: last.log_cols,
        consts: f.consts,
        inv_shoup: f.inv_shoup,
        c0: f.c0,
        perm0: perm(0),
        perm1: perm(1),
        perm2: perm(2),
        perm3: perm(3),
        perm4: perm(4),
        perm5: perm(5),
        perm6: perm(6),
        perm7: perm(7),
        x0: x(0),
        x1: x(1),
        x2: x(2),
        x3: x(3),
        x4: x(4),
        x5: x(5),
        x6: x(6),
        x7: x(7),
        x_rns: f.x_rns as u32,
        dst0: out(0),
        dst1: out(1),
        dst2: out(2),
        dst3: out(3),
        dst4: out(4),
        dst5: out(5),
        dst6: out(6),
        dst7: out(7),
        buf: last.words(),
    };
    let rg = tile_range(shape, last, plan.group_size);
    // SAFETY: the last stage's tiles (a checked plan) cover `temp`, checked for the shape by
    // the earlier stages; `f.check` sized every step's buffers and the constants; the
    // permutations' entries are below n, the caller's contract.
    unsafe {
        k::NTT_FWD_STAGE_FINISH_STEPS
            .word(t.word())
            .launch(backend, temp.tile(), &rg, args)
    }
}

impl Load<'_> {
    /// The kernels' (specials, alpha, lead): the digits whose own rows the transform skips, or
    /// (0, 0, 0).
    fn digits(&self) -> (usize, usize, usize) {
        match *self {
            Load::Broadcast => (1, 1, 0),
            Load::ModUp {
                specials,
                alpha,
                lead,
                ..
            } => (specials, alpha, lead),
            _ => (0, 0, 0),
        }
    }
}

/// [`Load::ModDown`]'s shapes: 1 to [`MOD_DOWN_SPECIALS_MAX`] special residues per polynomial
/// in the source rows, no more components than data primes, and the whole constants table.
fn check_mod_down(
    shape: RnsShape,
    word: WordSize,
    src: Rows<'_>,
    convert: &DeviceBuffer,
    specials: usize,
    data_primes: usize,
) -> RuntimeResult<()> {
    if specials == 0
        || specials > MOD_DOWN_SPECIALS_MAX
        || shape.rns_count > data_primes
        || u32::try_from(data_primes).is_err()
    {
        return Err(RuntimeError::InvalidShape(format!(
            "ModDown from {specials} special primes (1 to {MOD_DOWN_SPECIALS_MAX}) to {} of {data_primes} data primes",
            shape.rns_count
        )));
    }
    let residues = Rows { comp: 1, ..src };
    let special_shape = RnsShape {
        rns_count: specials,
        ..shape
    };
    residues.check_in(special_shape, word, "ModDown residues")?;
    // Below 2^32 · 18 with data_primes in 32 bits: no overflow on 64-bit targets.
    let needed = (2 * specials as u64 + data_primes as u64 * (1 + specials as u64))
        .try_into()
        .unwrap_or(usize::MAX);
    check_words(word, &[("ModDown constants", convert, needed)])
}

/// [`ModDownRescale`]'s reads: one last row per polynomial and two constants per component.
fn check_mod_down_rescale(
    shape: RnsShape,
    word: WordSize,
    r: ModDownRescale<'_>,
) -> RuntimeResult<()> {
    if r.q_last == 0 {
        return Err(RuntimeError::InvalidShape(
            "a rescale fused into ModDown divides by a nonzero prime".into(),
        ));
    }
    check_words(
        word,
        &[
            (
                "fused rescale's last rows",
                r.last,
                shape.poly_count * shape.n,
            ),
            ("fused rescale's constants", r.consts, 2 * shape.rns_count),
        ],
    )
}

/// A division by P's row `i` of every polynomial in coefficient form, centred for the rescale
/// by q_i that follows it ([`ModDownRescale`]'s last rows): `y` (`[polys][n]`) holds
/// x·P^-1 + c of that row inverse-transformed ([`mod_down_rescale_base`] makes it) and becomes
/// y − u·P^-1 + ⌊q_i/2⌋ modulo q_i, u being ModDown's conversion of polynomial p's scaled
/// special rows (`special`, `[polys][specials][n]`, coefficient form, as [`Load::ModDown`] reads
/// them). `consts`: the division's finish constants (P^-1 modulo data prime i at word 2i, as
/// the level's). The inverse transform of the division's own row i, word for word, without the
/// other rows.
#[allow(clippy::too_many_arguments)]
pub fn mod_down_last_row(
    backend: &dyn Backend,
    t: &DeviceNttTables,
    (n, polys, i): (usize, usize, usize),
    special: &DeviceBuffer,
    convert: &DeviceBuffer,
    specials: usize,
    consts: &DeviceBuffer,
    y: &DeviceBuffer,
) -> RuntimeResult<()> {
    let word = t.word();
    let data_primes = t.moduli().moduli().len();
    let shape = RnsShape::new(n, data_primes, polys)?;
    if i >= data_primes {
        return Err(RuntimeError::InvalidShape(format!(
            "ModDown's row {i} of a level of {data_primes} primes"
        )));
    }
    let special_rows = RnsShape {
        rns_count: specials,
        ..shape
    };
    check_mod_down(
        shape,
        word,
        Rows::own(special, special_rows),
        convert,
        specials,
        data_primes,
    )?;
    check_words(
        word,
        &[
            ("ModDown's last rows", y, polys * n),
            ("ModDown's finish constants", consts, 2 * i + 1),
        ],
    )?;
    let args = k::ModDownLastRowArgs {
        v: special,
        y,
        convert,
        consts,
        moduli: t.moduli().buffer(),
        n: n as u32,
        specials: specials as u32,
        data_primes: data_primes as u32,
        i: i as u32,
    };
    // SAFETY: every item reads word w < n of polynomial p < polys of `special` (its specials
    // rows) and `y`, the constants of prime i < data_primes (all checked above), and writes the
    // word of y it read.
    unsafe {
        k::MOD_DOWN_LAST_ROW.word(word).launch(
            backend,
            y.tile(),
            &NdRange::new([n, polys, 1]),
            args,
        )?
    };
    Ok(())
}

/// The added base of a division by P fused with the rescale by the level's last prime
/// ([`ModDownRescale`]), `shape` being the level's (`[polys][l][n]`): `out` = `c`·scales\[i\]
/// on rows i < l − 1 (scales\[i\] = q_(l−1)^-1 mod q_i: the finish adds c/q_(l−1)) and
/// `x`·scales\[l − 1\] + `c` on the last (scales\[l − 1\] = P^-1 mod q_(l−1): the divided row
/// but for ModDown's conversion, for [`mod_down_last_row`] after its inverse transform). `c`
/// may be a longer ciphertext's first polynomials.
pub fn mod_down_rescale_base(
    backend: &dyn Backend,
    t: &DeviceNttTables,
    shape: RnsShape,
    c: &DeviceBuffer,
    x: &DeviceBuffer,
    scales: &DeviceBuffer,
    out: &DeviceBuffer,
) -> RuntimeResult<()> {
    let shape = checked_shape(shape)?;
    t.check_words(shape, out)?;
    let w = shape.words();
    check_words(
        t.word(),
        &[
            ("fused rescale's base", c, w),
            ("fused rescale's products", x, w),
            ("fused rescale's base scales", scales, shape.rns_count),
        ],
    )?;
    let args = k::ModDownRescaleBaseArgs {
        c,
        x,
        out,
        scales,
        moduli: t.moduli().buffer(),
        n: shape.n as u32,
        rns_count: shape.rns_count as u32,
    };
    let range = NdRange::new([shape.n, shape.rns_count, shape.poly_count]);
    // SAFETY: every item reads and writes word (p·l + i)·n + w of buffers of the shape's words
    // and scale i < l (checked above), with the moduli of the tables the shape was checked for.
    unsafe {
        k::MOD_DOWN_RESCALE_BASE
            .word(t.word())
            .launch(backend, out.tile(), &range, args)?
    };
    Ok(())
}

/// Each buffer holds at least its count of `word`-sized words.
fn check_words(word: WordSize, buffers: &[(&str, &DeviceBuffer, usize)]) -> RuntimeResult<()> {
    buffers.iter().try_for_each(|&(what, buffer, count)| {
        let needed = word.storage_words(count);
        if buffer.words() < needed {
            return Err(RuntimeError::BufferTooSmall {
                what: what.into(),
                needed,
                available: buffer.words(),
            });
        }
        Ok(())
    })
}

/// A division's finish reads: its constants, the dividend `x` (`[poly][x_rns][n]`, the
/// shape's components of each polynomial) and `base` (`[poly][base_rns][n]`) for the
/// polynomials whose bit is set in `add_mask`.
pub(super) fn check_finish(
    shape: RnsShape,
    consts: &DeviceBuffer,
    x: (&DeviceBuffer, usize),
    base: (&DeviceBuffer, usize),
    add_mask: u32,
) -> RuntimeResult<()> {
    check_finish_in(shape, WordSize::W64, consts, x, base, add_mask)
}

/// [`check_finish`] for buffers of `word`-sized words.
fn check_finish_in(
    shape: RnsShape,
    word: WordSize,
    consts: &DeviceBuffer,
    (x, x_rns): (&DeviceBuffer, usize),
    (base, base_rns): (&DeviceBuffer, usize),
    add_mask: u32,
) -> RuntimeResult<()> {
    check_division_consts(shape, word, consts)?;
    Rows {
        buffer: x,
        poly: x_rns,
        comp: 1,
        first: 0,
    }
    .check_in(shape, word, "dividend")?;
    // Only the polynomials whose bit is set are read: a plaintext added to c0 alone
    // (encryption) is one polynomial long.
    let read = (u32::BITS - add_mask.leading_zeros()) as usize;
    if read > 0 {
        let base_shape = RnsShape {
            poly_count: read.min(shape.poly_count),
            ..shape
        };
        Rows {
            buffer: base,
            poly: base_rns,
            comp: 1,
            first: 0,
        }
        .check_in(base_shape, word, "added ciphertext")?;
    }
    u32::try_from(base_rns).map_err(|_| {
        RuntimeError::InvalidShape(format!("{base_rns} rows a polynomial: past 32 bits"))
    })?;
    Ok(())
}

/// A division's constants: (q_src^-1, ⌊q_src / 2⌋) for every component.
fn check_division_consts(
    shape: RnsShape,
    word: WordSize,
    consts: &DeviceBuffer,
) -> RuntimeResult<()> {
    check_words(word, &[("division constants", consts, 2 * shape.rns_count)])
}

/// [`Load::ModUp`]'s shapes: digits of at least one prime that cover the level from `lead`
/// primes into the first (lead < alpha), no more digits than the level needs, and the scaled
/// residues and constants of the whole level.
fn check_mod_up(
    shape: RnsShape,
    word: WordSize,
    v: &DeviceBuffer,
    consts: &DeviceBuffer,
    (specials, alpha, lead): (usize, usize, usize),
) -> RuntimeResult<()> {
    let level = shape.rns_count.saturating_sub(specials);
    if alpha == 0
        || level == 0
        || lead >= alpha
        || shape.poly_count != (level + lead).div_ceil(alpha)
        || u32::try_from(alpha).is_err()
    {
        return Err(RuntimeError::InvalidShape(format!(
            "{} digits of {alpha} primes, the first short by {lead}, for a level of {} primes \
             after {specials} special",
            shape.poly_count, shape.rns_count
        )));
    }
    check_words(
        word,
        &[
            ("ModUp residues", v, level * shape.n),
            ("ModUp constants", consts, level + level * shape.rns_count),
        ],
    )
}

/// Enqueues the inverse NTT of `src`'s rows (NTT form in [0, q)) into `dst` (laid out as
/// `shape`; coefficient form in [0, q)). `dst` holds the intermediate stages, so it must not
/// overlap `src` unless `src` is `dst`'s own layout.
pub fn inverse_rns(
    backend: &dyn Backend,
    t: &DeviceNttTables,
    shape: RnsShape,
    src: Rows<'_>,
    dst: &DeviceBuffer,
    plan: &NttPlan,
) -> RuntimeResult<()> {
    inverse_rns_scaled(backend, t, &t.consts, shape, src, dst, plan)
}

/// [`inverse_rns`] with the last round's constants `last` instead of the tables' own: from
/// [`DeviceNttTables::scaled_inverse_consts`], each component's outputs come out multiplied by
/// its scale in the same launches (hybrid key switching's (Q_j / q_i)^-1 before ModUp).
pub fn inverse_rns_scaled(
    backend: &dyn Backend,
    t: &DeviceNttTables,
    last: &DeviceBuffer,
    shape: RnsShape,
    src: Rows<'_>,
    dst: &DeviceBuffer,
    plan: &NttPlan,
) -> RuntimeResult<()> {
    t.check_words(shape, dst)?;
    plan.check()?;
    let word = t.word();
    src.check_in(shape, word, "NTT source rows")?;
    check_words(
        word,
        &[(
            "inverse NTT last-round constants",
            last,
            NTT_CONST_WORDS * shape.rns_count,
        )],
    )?;
    let own = Rows::own(dst, shape);
    for (s, &tiles) in stages(shape.n, plan).iter().rev().enumerate() {
        let rows = if s == 0 { src } else { own };
        let [src_poly, src_comp, src_first] = rows.strides()?;
        let args = InvStageRnsArgs {
            src: rows.buffer,
            dst,
            roots: &*t.inv_roots,
            roots_shoup: &*t.inv_roots_shoup,
            moduli: t.moduli().buffer(),
            consts: last,
            n: shape.n as u32,
            rns_count: shape.rns_count as u32,
            m: tiles.m as u32,
            log_rows: tiles.log_rows,
            log_cols: tiles.log_cols,
            src_poly,
            src_comp,
            src_first,
            buf: tiles.words(),
        };
        let rg = tile_range(shape, tiles, plan.group_size);
        // SAFETY: the tiles of a checked plan cover `dst` (checked for the shape); the first
        // stage reads the rows `src` was checked for, the last the constants checked above.
        unsafe {
            k::NTT_INV_STAGE_RNS
                .word(word)
                .launch(backend, dst.tile(), &rg, args)?
        };
    }
    Ok(())
}

/// One division with rounding by a prime q_last (rescale, mod-down by P) into `out` (laid out
/// as the transform's shape, NTT form): out = (x − round(last)) · q_last^-1, plus `base`'s
/// polynomial p where bit p of `add_mask` is set.
#[derive(Clone, Copy, Debug)]
pub struct DivideRound<'a> {
    /// Residues modulo q_last, coefficient form: polynomial p's is row `last_row + p` of `last`
    /// (`[..][n]`).
    pub last: &'a DeviceBuffer,
    pub last_row: usize,
    pub q_last: u64,
    /// (q_last^-1, ⌊q_last / 2⌋) modulo each target prime ([`crate::rns::divide_round_consts`]).
    pub consts: &'a DeviceBuffer,
    /// The dividend's target residues, NTT form, `x_rns` components per polynomial.
    pub x: &'a DeviceBuffer,
    pub x_rns: usize,
    pub base: &'a DeviceBuffer,
    pub base_rns: usize,
    pub add_mask: u32,
    pub out: &'a DeviceBuffer,
}

/// Enqueues a [`DivideRound`]: the spread, the forward NTT over the target primes and the
/// finish fused into the NTT's stages ([`forward_rns`] with [`Load::Spread`] and
/// [`Store::Finish`]).
pub fn divide_round(
    backend: &dyn Backend,
    t: &DeviceNttTables,
    shape: RnsShape,
    d: &DivideRound<'_>,
    plan: &NttPlan,
) -> RuntimeResult<()> {
    forward_rns(
        backend,
        t,
        shape,
        Rows {
            first: d.last_row,
            ..Rows::broadcast(d.last)
        },
        Load::Spread {
            q_src: d.q_last,
            consts: d.consts,
        },
        d.out,
        Store::Finish {
            consts: d.consts,
            x: d.x,
            x_rns: d.x_rns,
            base: d.base,
            base_rns: d.base_rns,
            add_mask: d.add_mask,
        },
        plan,
    )
}
