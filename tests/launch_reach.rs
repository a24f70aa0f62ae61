//! The safe entry points that launch kernels check what the kernels will reach before any
//! launch: the NTT transforms keep inside their buffers for every valid plan (cpu-sim notes any
//! access past a buffer as a fault), and plans, row layouts and sequences built by hand with
//! sizes that do not fit are typed errors.

use std::sync::Arc;
use xehe::device_ops::ntt::rns::{self as ntt_rns, Load, Rows, Store};
use xehe::device_ops::ntt::{self, unfused, DeviceNttTables, NttPlan, NttVariant};
use xehe::device_ops::poly;
use xehe::primes::CoeffModulus;
use xehe::rns::RnsShape;
use xehe::runtime::sim::{SimBackend, SimOptions};
use xehe::runtime::{Backend, RuntimeError};

fn sim() -> Arc<dyn Backend> {
    Arc::new(SimBackend::new(SimOptions::default()).unwrap())
}

/// Every variant, block and work-group size of a plan runs the forward and inverse transforms
/// and the fused product of a small batch without a word past its buffers (a fault would be
/// the launch's error) and gives the input back.
#[test]
fn transforms_stay_inside_their_buffers_for_any_valid_plan() {
    let dev = sim();
    let b = dev.as_ref();
    let n = 64;
    let q = CoeffModulus::create(n as u64, &[30, 30]).unwrap();
    let tables = DeviceNttTables::upload(&dev, 0, n, &q).unwrap();
    let shape = RnsShape::new(n, 2, 2).unwrap();
    let input: Vec<u64> = (0..shape.words() as u64).map(|i| i % 13).collect();
    let data = poly::upload(b, 0, shape, tables.moduli(), &input).unwrap();
    let other = poly::upload(b, 0, shape, tables.moduli(), &input).unwrap();
    let mut back = vec![0; shape.words()];
    for variant in [
        NttVariant::Radix2,
        NttVariant::LocalRadix8,
        NttVariant::FourStep,
    ] {
        for block in [2, 4, 16, 64, 256] {
            for group in [1, 3, 32, 1024] {
                let plan = NttPlan::new(variant, block, group).unwrap();
                let what = format!("{plan:?}");
                ntt::forward(b, &tables, shape, &data, &plan).expect(&what);
                ntt::inverse(b, &tables, shape, &data, &plan).expect(&what);
                b.read(&data, 0, &mut back).unwrap();
                assert_eq!(back, input, "{what}");
                ntt::multiply(b, &tables, shape, &data, &other, &plan).expect(&what);
                b.write(&data, 0, &input).unwrap();
                let one = RnsShape::new(n, 1, 2).unwrap();
                let rows = Rows::component(&data, 2, 1);
                ntt_rns::forward_rns(
                    b,
                    &tables,
                    one,
                    rows,
                    Load::Plain,
                    &other,
                    Store::Reduce,
                    &plan,
                )
                .expect(&what);
                let own = Rows::own(&other, one);
                ntt_rns::inverse_rns(b, &tables, one, own, &other, &plan).expect(&what);
                b.write(&other, 0, &input).unwrap();
            }
        }
    }
}

/// A plan built field by field (its fields are public) with a block that is not a power of two
/// or no work-items is refused by every transform, before any launch.
#[test]
fn hand_built_plans_are_checked() {
    let dev = sim();
    let b = dev.as_ref();
    let n = 64;
    let q = CoeffModulus::create(n as u64, &[30]).unwrap();
    let tables = DeviceNttTables::upload(&dev, 0, n, &q).unwrap();
    let shape = RnsShape::new(n, 1, 1).unwrap();
    let data = b.alloc(0, n).unwrap();
    let good = NttPlan::new(NttVariant::FourStep, 16, 8).unwrap();
    for plan in [
        NttPlan {
            local_block: 24,
            ..good
        },
        NttPlan {
            local_block: 0,
            ..good
        },
        NttPlan {
            group_size: 0,
            ..good
        },
    ] {
        let invalid = |r: Result<(), RuntimeError>| {
            assert!(
                matches!(r, Err(RuntimeError::InvalidShape(_))),
                "{plan:?}: {r:?}"
            )
        };
        invalid(ntt::forward(b, &tables, shape, &data, &plan));
        invalid(ntt::inverse(b, &tables, shape, &data, &plan));
        invalid(ntt::multiply(b, &tables, shape, &data, &data, &plan));
        let rows = Rows::own(&data, shape);
        invalid(ntt_rns::forward_rns(
            b,
            &tables,
            shape,
            rows,
            Load::Plain,
            &data,
            Store::Reduce,
            &plan,
        ));
        invalid(ntt_rns::inverse_rns(b, &tables, shape, rows, &data, &plan));
        // The schedules for reports list nothing rather than panic.
        assert!(ntt::forward_launches(n, &plan).is_empty(), "{plan:?}");
        assert!(ntt::inverse_launches(n, &plan).is_empty(), "{plan:?}");
        assert!(ntt::multiply_launches(n, &plan).is_empty(), "{plan:?}");
        assert_eq!(ntt_rns::launches(n, &plan), 0, "{plan:?}");
        assert!(!ntt_rns::finishes_steps(n, &plan), "{plan:?}");
    }
    assert!(ntt::forward_launches(0, &good).is_empty());
    assert!(ntt::forward_launches(48, &good).is_empty());
}

/// Row layouts whose last row lies past the buffer, or whose size overflows the address
/// space, or whose strides do not fit the kernels' 32 bits, are refused.
#[test]
fn row_layouts_past_their_buffer_are_refused() {
    let dev = sim();
    let b = dev.as_ref();
    let n = 64;
    let q = CoeffModulus::create(n as u64, &[30, 30]).unwrap();
    let tables = DeviceNttTables::upload(&dev, 0, n, &q).unwrap();
    let shape = RnsShape::new(n, 2, 2).unwrap();
    let plan = NttPlan::new(NttVariant::FourStep, 16, 8).unwrap();
    let (src, dst) = (
        b.alloc(0, shape.words()).unwrap(),
        b.alloc(0, shape.words()).unwrap(),
    );
    for (rows, overflow) in [
        // Row (1·4 + 1·1 + 0) of 64 words: 384 words needed, 256 held.
        (
            Rows {
                buffer: &src,
                poly: 4,
                comp: 1,
                first: 0,
            },
            false,
        ),
        (
            Rows {
                buffer: &src,
                poly: usize::MAX / 2,
                comp: 1,
                first: 0,
            },
            true,
        ),
        (
            Rows {
                buffer: &src,
                poly: 0,
                comp: 0,
                first: usize::MAX,
            },
            true,
        ),
        (
            Rows {
                buffer: &src,
                poly: 0,
                comp: 0,
                first: 1 << 32,
            },
            true,
        ),
    ] {
        let r = ntt_rns::forward_rns(
            b,
            &tables,
            shape,
            rows,
            Load::Plain,
            &dst,
            Store::Reduce,
            &plan,
        );
        match r {
            Err(RuntimeError::BufferTooSmall {
                needed,
                available: 256,
                ..
            }) if !overflow => {
                assert_eq!(needed, 384)
            }
            Err(RuntimeError::BufferTooSmall { .. } | RuntimeError::InvalidShape(_))
                if overflow => {}
            r => panic!("{rows:?}: {r:?}"),
        }
        let r = ntt_rns::inverse_rns(b, &tables, shape, rows, &dst, &plan);
        assert!(r.is_err(), "{rows:?}");
    }
}

/// The unfused sequences check their buffers like the fused ones: a component past the
/// polynomial, rows past the source, a destination too small.
#[test]
fn unfused_sequences_check_their_buffers() {
    let dev = sim();
    let b = dev.as_ref();
    let n = 64;
    let (src, dst) = (b.alloc(0, 2 * 3 * n).unwrap(), b.alloc(0, 2 * n).unwrap());
    unfused::extract(b, (&src, 3, 2), &dst, n, 2).unwrap();
    for r in [
        unfused::extract(b, (&src, 3, 3), &dst, n, 2),
        unfused::extract(b, (&src, 4, 3), &dst, n, 2),
        unfused::extract(b, (&src, 3, 0), &dst, n, 3),
        unfused::extract(b, (&src, 1, 0), &dst, 3 * n, 1),
    ] {
        assert!(
            matches!(
                r,
                Err(RuntimeError::BufferTooSmall { .. } | RuntimeError::InvalidShape(_))
            ),
            "{r:?}"
        );
    }
    let q = CoeffModulus::create(n as u64, &[30, 30, 30]).unwrap();
    let tables = DeviceNttTables::upload(&dev, 0, n, &q).unwrap();
    let plan = NttPlan::new(NttVariant::FourStep, 16, 8).unwrap();
    // Two digits to three primes: the digits' rows need ((2 − 1)·3 + 3)·n words.
    let shape = RnsShape::new(n, 3, 2).unwrap();
    let target = b.alloc(0, 2 * n).unwrap();
    let ext = b.alloc(0, shape.words()).unwrap();
    unfused::broadcast_forward(b, &tables, shape, &target, &ext, &plan).unwrap();
    let short = b.alloc(0, n).unwrap();
    let r = unfused::broadcast_forward(b, &tables, shape, &short, &ext, &plan);
    assert!(
        matches!(r, Err(RuntimeError::BufferTooSmall { .. })),
        "{r:?}"
    );
}
