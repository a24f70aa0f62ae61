//! The 32-bit builds of the forward and inverse NTT kernels (`ntt_forward_w32`,
//! `ntt_inverse_w32`) on cpu-sim (racing), PoCL (the OpenCL C with XEHE_WORD_BITS=32) and
//! Intel's CPU runtime (the SPIR-V): each kernel sequence, launched directly with 32-bit tables
//! and moduli rows, gives word for word SEAL's transform of `xehe::ntt` over primes in
//! (2^24, 2^30).

mod common;

use rand::{Rng, SeedableRng};
use std::sync::Arc;
use xehe::arith::{Modulus, Word};
use xehe::exec::word::{pack_u32, unpack_u32};
use xehe::exec::WordSize;
use xehe::kernels::ntt_core::{FwdLocalArgs, FwdRadix2Args, InvLocalArgs, PassArgs};
use xehe::kernels::ntt_forward as fwd;
use xehe::kernels::ntt_inverse::{self as inv, InvLastArgs};
use xehe::ntt::NttTables;
use xehe::primes::CoeffModulus;
use xehe::runtime::{Backend, DeviceBuffer, NdRange};

const W: WordSize = WordSize::W32;

/// A 32-bit buffer holding `words`.
fn upload(b: &dyn Backend, words: &[u32]) -> DeviceBuffer {
    let buf = b.alloc(0, W.storage_words(words.len())).unwrap();
    b.write(&buf, 0, &pack_u32(words)).unwrap();
    buf
}

fn download(b: &dyn Backend, buf: &DeviceBuffer, count: usize) -> Vec<u32> {
    let mut out = vec![0; W.storage_words(count)];
    b.read(buf, 0, &mut out).unwrap();
    unpack_u32(&out, count)
}

/// The tables of one direction and the moduli rows, as the kernels read them.
struct Tables {
    roots: DeviceBuffer,
    roots_shoup: DeviceBuffer,
    inv_roots: DeviceBuffer,
    inv_roots_shoup: DeviceBuffer,
    consts: DeviceBuffer,
    moduli: DeviceBuffer,
}

fn tables(b: &dyn Backend, n: usize, q: &[Modulus]) -> (Tables, Vec<NttTables>) {
    let host: Vec<NttTables> = q
        .iter()
        .map(|m| NttTables::new(n as u64, m).unwrap())
        .collect();
    let ops = |f: &dyn Fn(&NttTables) -> Vec<u32>| host.iter().flat_map(f).collect::<Vec<u32>>();
    let shoup = |t: &NttTables, inverse: bool| -> Vec<u32> {
        let p = if inverse {
            t.inv_root_powers()
        } else {
            t.root_powers()
        };
        p.iter()
            .map(|s| <u32 as Word>::shoup(s.operand, t.modulus()))
            .collect()
    };
    let consts: Vec<u32> = host
        .iter()
        .flat_map(|t| {
            let q = t.modulus();
            let inv_n = t.inv_degree().operand;
            let w = q.mul_mod(inv_n, t.inv_root_powers()[n - 1].operand);
            [
                inv_n,
                <u32 as Word>::shoup(inv_n, q) as u64,
                w,
                <u32 as Word>::shoup(w, q) as u64,
            ]
        })
        .map(|v| v as u32)
        .collect();
    let t = Tables {
        roots: upload(
            b,
            &ops(&|t| t.root_powers().iter().map(|s| s.operand as u32).collect()),
        ),
        roots_shoup: upload(b, &ops(&|t| shoup(t, false))),
        inv_roots: upload(
            b,
            &ops(&|t| {
                t.inv_root_powers()
                    .iter()
                    .map(|s| s.operand as u32)
                    .collect()
            }),
        ),
        inv_roots_shoup: upload(b, &ops(&|t| shoup(t, true))),
        consts: upload(b, &consts),
        moduli: upload(
            b,
            &q.iter()
                .flat_map(<u32 as Word>::modulus_row)
                .collect::<Vec<_>>(),
        ),
    };
    (t, host)
}

fn range(rns: usize, polys: usize, items: usize, group: Option<usize>) -> NdRange {
    NdRange {
        global: [items, rns, polys],
        local: group.map(|g| [g, 1, 1]),
    }
}

/// Runs `body` for every backend and degree with 32-bit primes of 30, 28 and 25 bits.
fn each(body: impl Fn(&dyn Backend, usize, &[Modulus], &Tables, &[NttTables], usize)) {
    let mut backends: Vec<Arc<dyn Backend>> = vec![common::sim(1, true)];
    if let Some(cl) = common::opencl(None) {
        backends.push(cl);
    }
    for dev in &backends {
        for n in [16usize, 256, 2048] {
            let q = CoeffModulus::create(n as u64, &[30, 28, 25]).unwrap();
            assert!(q.iter().all(|m| m.value() > 1 << 24 && m.value() < 1 << 30));
            let (t, host) = tables(dev.as_ref(), n, &q);
            body(dev.as_ref(), n, &q, &t, &host, 2);
        }
    }
}

fn random(n: usize, q: &[Modulus], polys: usize, seed: u64) -> Vec<u32> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (0..n * q.len() * polys)
        .map(|i| rng.gen_range(0..q[(i / n) % q.len()].value()) as u32)
        .collect()
}

fn host(n: usize, host: &[NttTables], data: &[u32], inverse: bool) -> Vec<u32> {
    let mut words: Vec<u64> = data.iter().map(|&v| v as u64).collect();
    for (k, row) in words.chunks_mut(n).enumerate() {
        let t = &host[k % host.len()];
        if inverse {
            t.inverse(row).unwrap()
        } else {
            t.forward(row).unwrap()
        }
    }
    words
        .into_iter()
        .map(|v| u32::try_from(v).unwrap())
        .collect()
}

#[test]
fn forward_radix2_rounds_equal_the_host() {
    each(|b, n, q, t, h, polys| {
        let x = random(n, q, polys, 1);
        let data = upload(b, &x);
        let (nn, rns) = (n as u32, q.len() as u32);
        let mut m = 1;
        while m < n {
            let args = FwdRadix2Args {
                data: &data,
                roots: &t.roots,
                roots_shoup: &t.roots_shoup,
                moduli: &t.moduli,
                n: nn,
                rns_count: rns,
                m: m as u32,
                reduce: u32::from(2 * m == n),
            };
            // SAFETY: n/2 work-items per row touch words of their row; tables hold rns·n words.
            unsafe {
                fwd::NTT_FWD_RADIX2
                    .word(W)
                    .launch(b, 0, &range(q.len(), polys, n / 2, None), args)
                    .unwrap()
            };
            m *= 2;
        }
        assert_eq!(
            download(b, &data, x.len()),
            host(n, h, &x, false),
            "n = {n} on {}",
            b.device_name()
        );
        b.free(data).unwrap();
    });
}

#[test]
fn forward_passes_and_local_kernels_equal_the_host() {
    each(|b, n, q, t, h, polys| {
        let (nn, rns) = (n as u32, q.len() as u32);
        for log_r in 1..=4u32 {
            let x = random(n, q, polys, 10 + log_r as u64);
            let data = upload(b, &x);
            // One global pass of log_r ≥ 2 rounds, then the rest in local memory.
            let mut m = 1;
            if log_r >= 2 && n >= 1 << (log_r + 2) {
                let args = PassArgs {
                    data: &data,
                    roots: &t.roots,
                    roots_shoup: &t.roots_shoup,
                    moduli: &t.moduli,
                    n: nn,
                    rns_count: rns,
                    m: 1,
                };
                let k = [
                    &fwd::NTT_FWD_RADIX4,
                    &fwd::NTT_FWD_RADIX8,
                    &fwd::NTT_FWD_RADIX16,
                ][log_r as usize - 2];
                // SAFETY: n / 2^log_r work-items per row, each on 2^log_r words of its row.
                unsafe {
                    k.word(W)
                        .launch(b, 0, &range(q.len(), polys, n >> log_r, None), args)
                        .unwrap()
                };
                m = 1 << log_r;
            }
            let block = n / m;
            let group = (block / 2).min(32);
            let args = FwdLocalArgs {
                data: &data,
                roots: &t.roots,
                roots_shoup: &t.roots_shoup,
                moduli: &t.moduli,
                n: nn,
                rns_count: rns,
                m: m as u32,
                reduce: 1,
                buf: block,
            };
            let k = [
                &fwd::NTT_FWD_LOCAL,
                &fwd::NTT_FWD_LOCAL_RADIX4,
                &fwd::NTT_FWD_LOCAL_RADIX8,
                &fwd::NTT_FWD_LOCAL_RADIX16,
            ][log_r as usize - 1];
            // SAFETY: one work-group per block of n / m words of a row.
            unsafe {
                k.word(W)
                    .launch(b, 0, &range(q.len(), polys, m * group, Some(group)), args)
                    .unwrap()
            };
            assert_eq!(
                download(b, &data, x.len()),
                host(n, h, &x, false),
                "n = {n}, log_r = {log_r} on {}",
                b.device_name()
            );
            b.free(data).unwrap();
        }
    });
}

#[test]
fn inverse_kernels_equal_the_host() {
    each(|b, n, q, t, h, polys| {
        let (nn, rns) = (n as u32, q.len() as u32);
        // Radix-2 rounds n/2 … 2, then the merged last round.
        let x = random(n, q, polys, 20);
        let data = upload(b, &x);
        let mut m = n / 2;
        while m > 1 {
            let args = PassArgs {
                data: &data,
                roots: &t.inv_roots,
                roots_shoup: &t.inv_roots_shoup,
                moduli: &t.moduli,
                n: nn,
                rns_count: rns,
                m: m as u32,
            };
            // SAFETY: n/2 work-items per row, each on two words of its row.
            unsafe {
                inv::NTT_INV_RADIX2
                    .word(W)
                    .launch(b, 0, &range(q.len(), polys, n / 2, None), args)
                    .unwrap()
            };
            m /= 2;
        }
        let args = InvLastArgs {
            data: &data,
            consts: &t.consts,
            moduli: &t.moduli,
            n: nn,
            rns_count: rns,
        };
        // SAFETY: as above; consts hold 4 words per component.
        unsafe {
            inv::NTT_INV_LAST
                .word(W)
                .launch(b, 0, &range(q.len(), polys, n / 2, None), args)
                .unwrap()
        };
        assert_eq!(
            download(b, &data, x.len()),
            host(n, h, &x, true),
            "radix-2 n = {n} on {}",
            b.device_name()
        );
        b.free(data).unwrap();
        // Every round in local memory, blocks of n words (the last round merged).
        for log_r in 1..=4u32 {
            let x = random(n, q, polys, 30 + log_r as u64);
            let data = upload(b, &x);
            let group = (n / 2).min(32);
            let args = InvLocalArgs {
                data: &data,
                roots: &t.inv_roots,
                roots_shoup: &t.inv_roots_shoup,
                moduli: &t.moduli,
                consts: &t.consts,
                n: nn,
                rns_count: rns,
                block: nn,
                buf: n,
            };
            let k = [
                &inv::NTT_INV_LOCAL,
                &inv::NTT_INV_LOCAL_RADIX4,
                &inv::NTT_INV_LOCAL_RADIX8,
                &inv::NTT_INV_LOCAL_RADIX16,
            ][log_r as usize - 1];
            // SAFETY: one work-group per row of n words.
            unsafe {
                k.word(W)
                    .launch(b, 0, &range(q.len(), polys, group, Some(group)), args)
                    .unwrap()
            };
            assert_eq!(
                download(b, &data, x.len()),
                host(n, h, &x, true),
                "local n = {n}, log_r = {log_r} on {}",
                b.device_name()
            );
            b.free(data).unwrap();
        }
    });
}
