//! NTTs fused with their RNS neighbours (`device_ops::ntt::rns`), word for word against the host
//! computation of the unfused steps (`xehe::ntt` for the transforms), on cpu-sim (racing too),
//! PoCL and wherever OpenCL runs, across degrees and local blocks (one stage up to four), plus
//! the errors for short buffers.

mod common;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use xehe::arith::{Modulus, ShoupOperand};
use xehe::device_ops::ntt::rns::{self as ntt_rns, FinishSteps, Load, Rows, Store};
use xehe::device_ops::ntt::{DeviceNttTables, NttPlan, NttVariant};
use xehe::ntt::NttTables;
use xehe::primes::CoeffModulus;
use xehe::rns::RnsShape;
use xehe::runtime::{Backend, DeviceBuffer, RuntimeError};

fn upload(b: &dyn Backend, words: &[u64]) -> DeviceBuffer {
    let buf = b.alloc(0, words.len()).unwrap();
    b.write(&buf, 0, words).unwrap();
    buf
}

fn read(b: &dyn Backend, buf: &DeviceBuffer) -> Vec<u64> {
    let mut v = vec![0; buf.words()];
    b.read(buf, 0, &mut v).unwrap();
    v
}

fn below(rng: &mut impl Rng, q: &Modulus, count: usize) -> Vec<u64> {
    (0..count).map(|_| rng.gen_range(0..q.value())).collect()
}

fn transform(n: usize, q: &Modulus, row: &mut [u64], inverse: bool) {
    let t = NttTables::new(n as u64, q).unwrap();
    if inverse {
        t.inverse(row).unwrap();
    } else {
        t.forward(row).unwrap();
    }
}

/// Every fused sequence at degree n with `plan`, `polys` polynomials over the primes `q`
/// (the last one is the divisor of division with rounding).
fn check(dev: &Arc<dyn Backend>, n: usize, polys: usize, plan: &NttPlan, seed: u64) {
    let b = dev.as_ref();
    let all = CoeffModulus::create(n as u64, &[50, 36, 60, 40]).unwrap();
    let (q, q_last) = (&all[..3], all[3]);
    let l = q.len();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let tables = DeviceNttTables::upload(dev, 0, n, q).unwrap();
    let last_tables = DeviceNttTables::upload(dev, 0, n, &[q_last]).unwrap();
    let what = |s: &str| format!("{s}: n = {n}, {plan:?} on {}", b.device_name());

    // Inverse from the last component of [polys][l + 1][n] (rescale's extraction).
    let ct: Vec<u64> = (0..polys * (l + 1))
        .flat_map(|r| below(&mut rng, &all[r % (l + 1)], n))
        .collect();
    let ct_buf = upload(b, &ct);
    let last_buf = b.alloc(0, polys * n).unwrap();
    let one = RnsShape::new(n, 1, polys).unwrap();
    let rows = Rows::component(&ct_buf, l + 1, l);
    ntt_rns::inverse_rns(b, &last_tables, one, rows, &last_buf, plan).unwrap();
    let mut last = Vec::new();
    for p in 0..polys {
        let mut row = ct[(p * (l + 1) + l) * n..][..n].to_vec();
        transform(n, &q_last, &mut row, true);
        last.extend(row);
    }
    assert_eq!(
        read(b, &last_buf),
        last,
        "{}",
        what("inverse of a component")
    );

    // Broadcast (key switching): row p reduced modulo every q_i, then the forward NTT.
    let shape = RnsShape::new(n, l, polys).unwrap();
    let ext = b.alloc(0, shape.words()).unwrap();
    let src = Rows::broadcast(&last_buf);
    ntt_rns::forward_rns(
        b,
        &tables,
        shape,
        src,
        Load::Reduce,
        &ext,
        Store::Reduce,
        plan,
    )
    .unwrap();
    let mut expect = Vec::new();
    for p in 0..polys {
        for m in q {
            let mut row: Vec<u64> = last[p * n..][..n].iter().map(|&v| m.reduce(v)).collect();
            transform(n, m, &mut row, false);
            expect.extend(row);
        }
    }
    assert_eq!(read(b, &ext), expect, "{}", what("broadcast"));

    // The same as key switching's digits with one special prime (component 0): digit p's own
    // row, component 1 + p, is neither read nor written.
    let sentinel = vec![u64::MAX; shape.words()];
    let digits = upload(b, &sentinel);
    let load = Load::Broadcast;
    ntt_rns::forward_rns(b, &tables, shape, src, load, &digits, Store::Reduce, plan).unwrap();
    for (r, row) in expect.chunks_mut(n).enumerate() {
        if r % l == 1 + r / l {
            row.fill(u64::MAX);
        }
    }
    assert_eq!(read(b, &digits), expect, "{}", what("digits' broadcast"));
    b.free(digits).unwrap();
    mod_up(dev, n, plan, seed);
    mod_down(dev, n, plan, seed);
    finish_steps(dev, n, plan, seed);

    // Division with rounding by q_last into [polys][l][n], the dividend read from ct (l + 1
    // components), polynomial 0 adding base.
    let consts: Vec<u64> = q
        .iter()
        .flat_map(|m| {
            [
                m.inv_mod(m.reduce(q_last.value())).unwrap(),
                m.reduce(q_last.value() >> 1),
            ]
        })
        .collect();
    let consts_buf = upload(b, &consts);
    let base: Vec<u64> = (0..polys * l)
        .flat_map(|r| below(&mut rng, &q[r % l], n))
        .collect();
    let base_buf = upload(b, &base);
    let out = b.alloc(0, shape.words()).unwrap();
    let load = Load::Spread {
        q_src: q_last.value(),
        consts: &consts_buf,
    };
    let store = Store::Finish {
        consts: &consts_buf,
        x: &ct_buf,
        x_rns: l + 1,
        base: &base_buf,
        base_rns: l,
        add_mask: 0b01,
    };
    ntt_rns::forward_rns(b, &tables, shape, src, load, &out, store, plan).unwrap();
    let mut expect = Vec::new();
    for p in 0..polys {
        for (i, m) in q.iter().enumerate() {
            let half = consts[2 * i + 1];
            let mut t: Vec<u64> = last[p * n..][..n]
                .iter()
                .map(|&v| m.sub_mod(m.reduce(q_last.add_mod(v, q_last.value() >> 1)), half))
                .collect();
            transform(n, m, &mut t, false);
            for (k, tv) in t.iter().enumerate() {
                let x = ct[(p * (l + 1) + i) * n + k];
                let mut v = m.mul_mod(m.sub_mod(x, *tv), consts[2 * i]);
                if p == 0 {
                    v = m.add_mod(base[(p * l + i) * n + k], v);
                }
                expect.push(v);
            }
        }
    }
    assert_eq!(read(b, &out), expect, "{}", what("division with rounding"));

    // Plain in place, both directions: SEAL's transforms.
    let data: Vec<u64> = (0..polys * l)
        .flat_map(|r| below(&mut rng, &q[r % l], n))
        .collect();
    let buf = upload(b, &data);
    let own = Rows::own(&buf, shape);
    ntt_rns::forward_rns(
        b,
        &tables,
        shape,
        own,
        Load::Plain,
        &buf,
        Store::Reduce,
        plan,
    )
    .unwrap();
    let mut expect = data.clone();
    for (r, row) in expect.chunks_mut(n).enumerate() {
        transform(n, &q[r % l], row, false);
    }
    assert_eq!(read(b, &buf), expect, "{}", what("forward in place"));
    // The inverse with scaled last-round constants out of place: each component times its
    // scale; then the plain inverse in place.
    let scales: Vec<u64> = q.iter().map(|m| rng.gen_range(0..m.value())).collect();
    let scaled_consts = upload(b, &tables.scaled_inverse_consts(&scales).unwrap());
    let scaled = b.alloc(0, shape.words()).unwrap();
    ntt_rns::inverse_rns_scaled(b, &tables, &scaled_consts, shape, own, &scaled, plan).unwrap();
    let expect: Vec<u64> = data
        .chunks(n)
        .enumerate()
        .flat_map(|(r, row)| {
            let (m, scale) = (&q[r % l], scales[r % l]);
            row.iter().map(move |&v| m.mul_mod(v, scale))
        })
        .collect();
    assert_eq!(read(b, &scaled), expect, "{}", what("scaled inverse"));
    ntt_rns::inverse_rns(b, &tables, shape, own, &buf, plan).unwrap();
    assert_eq!(read(b, &buf), data, "{}", what("round trip"));
    // Scales past the tables or not below their modulus, and constants for fewer components
    // than the transform, are refused.
    let e = tables.scaled_inverse_consts(&[1; 4]);
    assert!(matches!(e, Err(RuntimeError::InvalidShape(_))), "{e:?}");
    let e = tables.scaled_inverse_consts(&[1, q[1].value(), 1]);
    assert!(matches!(e, Err(RuntimeError::InvalidShape(_))), "{e:?}");
    let short = upload(b, &tables.scaled_inverse_consts(&scales[..l - 1]).unwrap());
    let e = ntt_rns::inverse_rns_scaled(b, &tables, &short, shape, own, &scaled, plan);
    assert!(
        matches!(e, Err(RuntimeError::BufferTooSmall { .. })),
        "{e:?}"
    );
    for buf in [scaled_consts, scaled, short] {
        b.free(buf).unwrap();
    }

    for buf in [ct_buf, last_buf, ext, consts_buf, base_buf, out, buf] {
        b.free(buf).unwrap();
    }
    drop((tables, last_tables));
}

/// Hybrid key switching's ModUp fused into the forward NTT: two special primes, then a level of
/// three primes in digits of two (one whole, one partial), against the host's fast base
/// conversion and transforms; the digits' own rows stay as they were.
fn mod_up(dev: &Arc<dyn Backend>, n: usize, plan: &NttPlan, seed: u64) {
    let b = dev.as_ref();
    let ks = CoeffModulus::create(n as u64, &[58, 59, 50, 36, 40]).unwrap();
    let (specials, alpha) = (2, 2);
    let (data, rows) = (&ks[specials..], ks.len());
    let (level, digits) = (data.len(), data.len().div_ceil(alpha));
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed ^ 0x5eed);
    let tables = DeviceNttTables::upload(dev, 0, n, &ks).unwrap();
    // (Q_j / q_i) mod m for prime i of digit j.
    let punct = |i: usize, m: &Modulus| {
        let j = i / alpha;
        (j * alpha..((j + 1) * alpha).min(level))
            .filter(|&k| k != i)
            .fold(1, |acc, k| m.mul_mod(acc, m.reduce(data[k].value())))
    };
    let mut consts: Vec<u64> = (0..level)
        .map(|i| data[i].inv_mod(punct(i, &data[i])).unwrap())
        .collect();
    for i in 0..level {
        consts.extend(ks.iter().map(|m| punct(i, m)));
    }
    let v: Vec<u64> = (0..level)
        .flat_map(|i| below(&mut rng, &data[i], n))
        .collect();
    let (v_buf, consts_buf) = (upload(b, &v), upload(b, &consts));
    let shape = RnsShape::new(n, rows, digits).unwrap();
    let ext = upload(b, &vec![u64::MAX; shape.words()]);
    let load = Load::ModUp {
        consts: &consts_buf,
        specials,
        alpha,
        lead: 0,
    };
    let src = Rows::own(&v_buf, RnsShape::new(n, level, 1).unwrap());
    ntt_rns::forward_rns(b, &tables, shape, src, load, &ext, Store::Reduce, plan).unwrap();
    let mut expect = Vec::new();
    for j in 0..digits {
        for (c, m) in ks.iter().enumerate() {
            let digit = j * alpha..((j + 1) * alpha).min(level);
            if digit.contains(&(c.wrapping_sub(specials))) {
                expect.extend(vec![u64::MAX; n]);
                continue;
            }
            let mut row: Vec<u64> = (0..n)
                .map(|t| {
                    digit.clone().fold(0, |acc, k| {
                        let term = m.mul_mod(m.reduce(v[k * n + t]), punct(k, m));
                        m.add_mod(acc, term)
                    })
                })
                .collect();
            transform(n, m, &mut row, false);
            expect.extend(row);
        }
    }
    let what = format!("ModUp: n = {n}, {plan:?} on {}", b.device_name());
    assert_eq!(read(b, &ext), expect, "{what}");

    // One digit too many, and constants for a shorter level, are refused.
    let wrong = RnsShape::new(n, rows, digits + 1).unwrap();
    let big = b.alloc(0, wrong.words()).unwrap();
    let e = ntt_rns::forward_rns(b, &tables, wrong, src, load, &big, Store::Reduce, plan);
    assert!(matches!(e, Err(RuntimeError::InvalidShape(_))), "{e:?}");
    // ModUp's constants fill the kernels' one table, so a division's finish cannot follow.
    let finish = Store::Finish {
        consts: &consts_buf,
        x: &ext,
        x_rns: rows,
        base: &ext,
        base_rns: rows,
        add_mask: 0,
    };
    let e = ntt_rns::forward_rns(b, &tables, shape, src, load, &big, finish, plan);
    assert!(matches!(e, Err(RuntimeError::InvalidShape(_))), "{e:?}");
    let short = upload(b, &consts[..consts.len() - 1]);
    let load = Load::ModUp {
        consts: &short,
        specials,
        alpha,
        lead: 0,
    };
    let e = ntt_rns::forward_rns(b, &tables, shape, src, load, &ext, Store::Reduce, plan);
    assert!(
        matches!(e, Err(RuntimeError::BufferTooSmall { .. })),
        "{e:?}"
    );
    for buf in [v_buf, consts_buf, ext, big, short] {
        b.free(buf).unwrap();
    }
}

/// Hybrid key switching's ModDown fused into the division's forward NTT: the base conversion of
/// two special primes' scaled residues to the first two of three data primes in the first load
/// (two polynomials read from an offset), the finish in the last store, against the host's
/// conversion, transform and finish; then the errors for bad shapes and short tables.
fn mod_down(dev: &Arc<dyn Backend>, n: usize, plan: &NttPlan, seed: u64) {
    let b = dev.as_ref();
    let all = CoeffModulus::create(n as u64, &[58, 59, 50, 36, 40]).unwrap();
    let (specials, data) = (&all[..2], &all[2..]);
    let (k, d, l, polys) = (specials.len(), data.len(), 2, 2);
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed ^ 0xd0);
    let tables = DeviceNttTables::upload(dev, 0, n, &data[..l]).unwrap();
    let p = specials[0].value() as u128 * specials[1].value() as u128;
    let modq = |x: u128, m: &Modulus| (x % m.value() as u128) as u64;
    // (P / p_k)^-1 mod p_k and ⌊P/2⌋ mod p_k (not read by the load), ⌊P/2⌋ mod q_i,
    // (P / p_k) mod q_i.
    let cofactor = |pk: &Modulus| p / pk.value() as u128;
    let mut convert: Vec<u64> = specials
        .iter()
        .map(|pk| pk.inv_mod(modq(cofactor(pk), pk)).unwrap())
        .collect();
    convert.extend(specials.iter().map(|m| modq(p / 2, m)));
    convert.extend(data.iter().map(|m| modq(p / 2, m)));
    for pk in specials {
        convert.extend(data.iter().map(|m| modq(cofactor(pk), m)));
    }
    let division: Vec<u64> = data[..l]
        .iter()
        .flat_map(|m| [m.inv_mod(modq(p, m)).unwrap(), modq(p / 2, m)])
        .collect();
    // Three polynomials' scaled residues; the division converts the last two.
    let v: Vec<u64> = (0..(polys + 1) * k)
        .flat_map(|r| below(&mut rng, &specials[r % k], n))
        .collect();
    let x: Vec<u64> = (0..polys * l)
        .flat_map(|r| below(&mut rng, &data[r % l], n))
        .collect();
    let base: Vec<u64> = (0..polys * l)
        .flat_map(|r| below(&mut rng, &data[r % l], n))
        .collect();
    let [v_buf, convert_buf, division_buf, x_buf, base_buf] =
        [&v, &convert, &division, &x, &base].map(|w| upload(b, w));
    let shape = RnsShape::new(n, l, polys).unwrap();
    let out = b.alloc(0, shape.words()).unwrap();
    let src = Rows {
        buffer: &v_buf,
        poly: k,
        comp: 0,
        first: k,
    };
    let load = Load::ModDown {
        convert: &convert_buf,
        specials: k,
        data_primes: d,
        rescale: None,
    };
    let store = Store::Finish {
        consts: &division_buf,
        x: &x_buf,
        x_rns: l,
        base: &base_buf,
        base_rns: l,
        add_mask: 0b10,
    };
    ntt_rns::forward_rns(b, &tables, shape, src, load, &out, store, plan).unwrap();
    let mut expect = Vec::new();
    for poly in 0..polys {
        for (i, m) in data[..l].iter().enumerate() {
            let mut t: Vec<u64> = (0..n)
                .map(|w| {
                    let sum = (0..k).fold(0u128, |acc, j| {
                        let vk = v[((poly + 1) * k + j) * n + w] as u128;
                        acc + vk * cofactor(&specials[j])
                    });
                    m.sub_mod(modq(sum, m), modq(p / 2, m))
                })
                .collect();
            transform(n, m, &mut t, false);
            for (w, tv) in t.iter().enumerate() {
                let at = (poly * l + i) * n + w;
                let mut o = m.mul_mod(m.sub_mod(x[at], *tv), division[2 * i]);
                if poly == 1 {
                    o = m.add_mod(base[at], o);
                }
                expect.push(o);
            }
        }
    }
    let what = format!("ModDown: n = {n}, {plan:?} on {}", b.device_name());
    assert_eq!(read(b, &out), expect, "{what}");

    // No special prime, more components than data primes, residues past the buffer and a
    // short constants table are refused.
    let bad = |load: Load<'_>, shape: RnsShape, src: Rows<'_>| {
        ntt_rns::forward_rns(b, &tables, shape, src, load, &out, store, plan)
    };
    let no_special = Load::ModDown {
        convert: &convert_buf,
        specials: 0,
        data_primes: d,
        rescale: None,
    };
    let e = bad(no_special, shape, src);
    assert!(matches!(e, Err(RuntimeError::InvalidShape(_))), "{e:?}");
    let few_primes = Load::ModDown {
        convert: &convert_buf,
        specials: k,
        data_primes: 1,
        rescale: None,
    };
    let e = bad(few_primes, shape, src);
    assert!(matches!(e, Err(RuntimeError::InvalidShape(_))), "{e:?}");
    let past = Rows {
        first: 2 * k,
        ..src
    };
    let e = bad(load, shape, past);
    assert!(
        matches!(e, Err(RuntimeError::BufferTooSmall { .. })),
        "{e:?}"
    );
    let short = upload(b, &convert[..convert.len() - 1]);
    let short_load = Load::ModDown {
        convert: &short,
        specials: k,
        data_primes: d,
        rescale: None,
    };
    let e = bad(short_load, shape, src);
    assert!(
        matches!(e, Err(RuntimeError::BufferTooSmall { .. })),
        "{e:?}"
    );
    // A fused rescale divides by a nonzero prime and reads a last row per polynomial and two
    // constants per component.
    let rescale = |last, q_last, consts| Load::ModDown {
        convert: &convert_buf,
        specials: k,
        data_primes: d,
        rescale: Some(ntt_rns::ModDownRescale {
            last,
            q_last,
            consts,
        }),
    };
    let e = bad(rescale(&x_buf, 0, &division_buf), shape, src);
    assert!(matches!(e, Err(RuntimeError::InvalidShape(_))), "{e:?}");
    let e = bad(rescale(&short, 3, &division_buf), shape, src);
    assert!(
        matches!(e, Err(RuntimeError::BufferTooSmall { .. })),
        "{e:?}"
    );
    let one_word = upload(b, &[1]);
    let e = bad(rescale(&x_buf, 3, &one_word), shape, src);
    assert!(
        matches!(e, Err(RuntimeError::BufferTooSmall { .. })),
        "{e:?}"
    );
    b.free(one_word).unwrap();
    for buf in [
        v_buf,
        convert_buf,
        division_buf,
        x_buf,
        base_buf,
        out,
        short,
    ] {
        b.free(buf).unwrap();
    }
}

/// A hoisted rotation's divisions by P finished in one last stage (`forward_rns_steps`): three
/// steps (the launch binds the last step's buffers past them) with ModDown's conversion from two
/// special primes, then eight (the most) with the spread from one, against the host's
/// conversion or spread, transforms and finish, each step's c0 read through a permutation of
/// its own; then the refusals. A plan of one stage is refused whole.
fn finish_steps(dev: &Arc<dyn Backend>, n: usize, plan: &NttPlan, seed: u64) {
    let b = dev.as_ref();
    let all = CoeffModulus::create(n as u64, &[58, 59, 50, 36, 40]).unwrap();
    let (specials, data) = (&all[..2], &all[2..]);
    let (d, l) = (data.len(), 2);
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed ^ 0x5e);
    let tables = DeviceNttTables::upload(dev, 0, n, &data[..l]).unwrap();
    let modq = |x: u128, m: &Modulus| (x % m.value() as u128) as u64;
    let what = |s: &str| format!("{s}: n = {n}, {plan:?} on {}", b.device_name());
    for (k, steps) in [(2usize, 3usize), (1, 8)] {
        let sp = &specials[..k];
        let p: u128 = sp.iter().map(|m| m.value() as u128).product();
        let polys = 2 * steps;
        let shape = RnsShape::new(n, l, polys).unwrap();
        let division: Vec<u64> = data[..l]
            .iter()
            .flat_map(|m| [m.inv_mod(modq(p, m)).unwrap(), modq(p / 2, m)])
            .collect();
        let cofactor = |pk: &Modulus| p / pk.value() as u128;
        let mut convert: Vec<u64> = sp
            .iter()
            .map(|pk| pk.inv_mod(modq(cofactor(pk), pk)).unwrap())
            .collect();
        convert.extend(sp.iter().map(|m| modq(p / 2, m)));
        convert.extend(data.iter().map(|m| modq(p / 2, m)));
        for pk in sp {
            convert.extend(data.iter().map(|m| modq(cofactor(pk), m)));
        }
        let v: Vec<u64> = (0..polys * k)
            .flat_map(|r| below(&mut rng, &sp[r % k], n))
            .collect();
        let xs: Vec<Vec<u64>> = (0..steps)
            .map(|_| {
                (0..2 * l)
                    .flat_map(|r| below(&mut rng, &data[r % l], n))
                    .collect()
            })
            .collect();
        let c0: Vec<u64> = (0..l).flat_map(|i| below(&mut rng, &data[i], n)).collect();
        let perms: Vec<Vec<u64>> = (0..steps)
            .map(|_| {
                let mut p: Vec<u64> = (0..n as u64).collect();
                p.shuffle(&mut rng);
                p
            })
            .collect();
        let shoup: Vec<u64> = data[..l]
            .iter()
            .enumerate()
            .map(|(i, m)| ShoupOperand::new(division[2 * i], m).quotient)
            .collect();
        let [v_buf, convert_buf, division_buf, c0_buf, shoup_buf] =
            [&v, &convert, &division, &c0, &shoup].map(|w| upload(b, w));
        let x_bufs: Vec<DeviceBuffer> = xs.iter().map(|x| upload(b, x)).collect();
        let perm_bufs: Vec<DeviceBuffer> = perms.iter().map(|p| upload(b, p)).collect();
        let sentinel = vec![u64::MAX; 2 * l * n];
        let out_bufs: Vec<DeviceBuffer> = (0..steps).map(|_| upload(b, &sentinel)).collect();
        let temp = b.alloc(0, shape.words()).unwrap();
        let (rows, load) = if k > 1 {
            let rows = Rows {
                buffer: &v_buf,
                poly: k,
                comp: 0,
                first: 0,
            };
            let load = Load::ModDown {
                convert: &convert_buf,
                specials: k,
                data_primes: d,
                rescale: None,
            };
            (rows, load)
        } else {
            let load = Load::Spread {
                q_src: sp[0].value(),
                consts: &division_buf,
            };
            (Rows::broadcast(&v_buf), load)
        };
        let [x_refs, perm_refs, out_refs] =
            [&x_bufs, &perm_bufs, &out_bufs].map(|v| v.iter().collect::<Vec<_>>());
        let finish = FinishSteps {
            consts: &division_buf,
            inv_shoup: &shoup_buf,
            c0: &c0_buf,
            perms: &perm_refs,
            x: &x_refs,
            x_rns: l,
            out: &out_refs,
        };
        let run = |shape: RnsShape, load: Load<'_>, f: FinishSteps<'_>, plan: &NttPlan| {
            // SAFETY: every permutation uploaded is a shuffle of 0..n.
            unsafe { ntt_rns::forward_rns_steps(b, &tables, shape, rows, load, &temp, f, plan) }
        };
        if !ntt_rns::finishes_steps(n, plan) {
            let e = run(shape, load, finish, plan);
            assert!(matches!(e, Err(RuntimeError::InvalidShape(_))), "{e:?}");
        } else {
            run(shape, load, finish, plan).unwrap();
            // The words each step's own division gives: the conversion (or spread) of its
            // polynomials' special rows, the transform, (x − t) · P^-1, plus c0 permuted on
            // the first polynomial.
            let converted = |poly: usize, i: usize, m: &Modulus| -> Vec<u64> {
                (0..n)
                    .map(|w| {
                        if k > 1 {
                            let sum = (0..k).fold(0u128, |acc, j| {
                                acc + v[(poly * k + j) * n + w] as u128 * cofactor(&sp[j])
                            });
                            m.sub_mod(modq(sum, m), modq(p / 2, m))
                        } else {
                            let c = sp[0].add_mod(v[poly * n + w], sp[0].value() >> 1);
                            m.sub_mod(m.reduce(c), division[2 * i + 1])
                        }
                    })
                    .collect()
            };
            for s in 0..steps {
                let mut expect = Vec::new();
                for j in 0..2 {
                    for (i, m) in data[..l].iter().enumerate() {
                        let mut t = converted(2 * s + j, i, m);
                        transform(n, m, &mut t, false);
                        for (w, tv) in t.iter().enumerate() {
                            let x = xs[s][(j * l + i) * n + w];
                            let mut o = m.mul_mod(m.sub_mod(x, *tv), division[2 * i]);
                            if j == 0 {
                                o = m.add_mod(c0[i * n + perms[s][w] as usize], o);
                            }
                            expect.push(o);
                        }
                    }
                }
                let label = what(&format!("hoisted division, K = {k}, step {s} of {steps}"));
                assert_eq!(read(b, &out_bufs[s]), expect, "{label}");
            }
        }
        // Refused: nine steps, polynomials that are not two a step, products of fewer rows
        // than the level, a short permutation, too few Shoup quotients, ModUp's load, and a
        // plan of one stage.
        let nine: Vec<&DeviceBuffer> = std::iter::repeat_n(&out_bufs[0], 9).collect();
        let many = FinishSteps {
            perms: &nine,
            x: &nine,
            out: &nine,
            ..finish
        };
        let nine_shape = RnsShape::new(n, l, 18).unwrap();
        let e = run(nine_shape, load, many, plan);
        assert!(matches!(e, Err(RuntimeError::InvalidShape(_))), "{e:?}");
        let odd = RnsShape::new(n, l, polys - 1).unwrap();
        let e = run(odd, load, finish, plan);
        assert!(matches!(e, Err(RuntimeError::InvalidShape(_))), "{e:?}");
        let thin = FinishSteps { x_rns: 1, ..finish };
        let e = run(shape, load, thin, plan);
        assert!(matches!(e, Err(RuntimeError::InvalidShape(_))), "{e:?}");
        let short = b.alloc(0, n - 1).unwrap();
        let mut short_perms = perm_refs.clone();
        short_perms[steps - 1] = &short;
        let cut = FinishSteps {
            perms: &short_perms,
            ..finish
        };
        let e = run(shape, load, cut, plan);
        assert!(
            matches!(e, Err(RuntimeError::BufferTooSmall { .. })),
            "{e:?}"
        );
        let few = b.alloc(0, l - 1).unwrap();
        let few_quotients = FinishSteps {
            inv_shoup: &few,
            ..finish
        };
        let e = run(shape, load, few_quotients, plan);
        assert!(
            matches!(e, Err(RuntimeError::BufferTooSmall { .. })),
            "{e:?}"
        );
        let mod_up = Load::ModUp {
            consts: &convert_buf,
            specials: k,
            alpha: 1,
            lead: 0,
        };
        let e = run(shape, mod_up, finish, plan);
        assert!(matches!(e, Err(RuntimeError::InvalidShape(_))), "{e:?}");
        let whole = NttPlan::new(NttVariant::FourStep, n, plan.group_size).unwrap();
        let e = run(shape, load, finish, &whole);
        assert!(matches!(e, Err(RuntimeError::InvalidShape(_))), "{e:?}");
        drop((x_refs, perm_refs, out_refs, short_perms));
        for buf in [
            v_buf,
            convert_buf,
            division_buf,
            c0_buf,
            shoup_buf,
            temp,
            short,
            few,
        ]
        .into_iter()
        .chain(x_bufs)
        .chain(perm_bufs)
        .chain(out_bufs)
        {
            b.free(buf).unwrap();
        }
    }
}

/// Degrees and blocks giving one stage (block = n) up to four (three column stages).
fn sweep(dev: &Arc<dyn Backend>) {
    for (n, block, group, polys) in [
        (64, 64, 8, 2),
        (256, 16, 4, 2),
        (1024, 8, 4, 1),
        (2048, 256, 64, 2),
        (4096, 4096, 256, 1),
    ] {
        let plan = NttPlan::new(NttVariant::FourStep, block, group).unwrap();
        assert_eq!(
            ntt_rns::launches(n, &plan),
            1 + (n.trailing_zeros() - block.min(n).trailing_zeros())
                .div_ceil(block.min(n).trailing_zeros()) as usize
        );
        check(dev, n, polys, &plan, n as u64 + block as u64);
    }
}

#[test]
fn cpu_sim_fused_sequences_match_the_unfused_steps() {
    sweep(&common::sim(1, false));
}

#[test]
fn cpu_sim_race_hunting() {
    let b = common::sim(1, true);
    check(
        &b,
        512,
        2,
        &NttPlan::new(NttVariant::FourStep, 32, 8).unwrap(),
        9,
    );
}

#[test]
fn opencl_fused_sequences_match_the_unfused_steps() {
    let Some(cl) = common::opencl(None) else {
        return;
    };
    let cl: Arc<dyn Backend> = cl;
    sweep(&cl);
    let shape = RnsShape::new(1 << 14, 3, 2).unwrap();
    check(
        &cl,
        1 << 14,
        2,
        &NttPlan::auto(cl.as_ref(), shape).unwrap(),
        14,
    );
}

#[test]
fn short_buffers_are_typed_errors() {
    let b = common::sim(1, false);
    let q = CoeffModulus::create(64, &[40, 40]).unwrap();
    let tables = DeviceNttTables::upload(&b, 0, 64, &q).unwrap();
    let plan = NttPlan::new(NttVariant::FourStep, 64, 8).unwrap();
    let shape = RnsShape::new(64, 2, 2).unwrap();
    let dst = b.alloc(0, shape.words()).unwrap();
    let short = b.alloc(0, 64 * 3).unwrap();
    // Rows 0..3 of a [2][2] layout need four rows.
    let e = ntt_rns::forward_rns(
        b.as_ref(),
        &tables,
        shape,
        Rows::own(&short, shape),
        Load::Plain,
        &dst,
        Store::Reduce,
        &plan,
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            RuntimeError::BufferTooSmall {
                needed: 256,
                available: 192,
                ..
            }
        ),
        "{e}"
    );
    let e = ntt_rns::inverse_rns(
        b.as_ref(),
        &tables,
        shape,
        Rows::own(&dst, shape),
        &short,
        &plan,
    )
    .unwrap_err();
    assert!(matches!(e, RuntimeError::BufferTooSmall { .. }), "{e}");
    let consts = b.alloc(0, 2).unwrap();
    let e = ntt_rns::forward_rns(
        b.as_ref(),
        &tables,
        shape,
        Rows::broadcast(&dst),
        Load::Spread {
            q_src: 97,
            consts: &consts,
        },
        &dst,
        Store::Reduce,
        &plan,
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            RuntimeError::BufferTooSmall {
                needed: 4,
                available: 2,
                ..
            }
        ),
        "{e}"
    );
}
