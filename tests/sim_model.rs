//! The cpu-sim execution model: barriers as phase boundaries, local memory, sub-group shuffles,
//! race hunting that exposes a missing barrier, kernel faults as typed errors, launch checks.

use xehe::exec::workgroup::{SimArgs, SimKernel, WorkGroup, LOCAL_POISON};
use xehe::kernels::{copy_u64, ArgKind, KernelSpec};
use xehe::runtime::sim::{SimBackend, SimOptions};
use xehe::runtime::{Backend, KernelArg, NdRange, RuntimeError};

const IO: &[ArgKind] = &[ArgKind::GlobalIn, ArgKind::GlobalOut];

/// Reverses each work-group's slice through local memory, with a barrier between the write and
/// the read: `local[lid] = in[gid]; barrier; out[gid] = local[size - 1 - lid]`.
struct ReverseWithBarrier;
impl SimKernel for ReverseWithBarrier {
    fn local_words(&self, local_size: [usize; 3], _: &SimArgs<'_>) -> usize {
        local_size[0]
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (src, dst) = (args.global(0), args.global(1));
        wg.phase(|it, local, _| local[it.local_id[0]] = src.load(it.global_id[0]));
        wg.phase(|it, local, _| {
            dst.store(
                it.global_id[0],
                local[it.local_size[0] - 1 - it.local_id[0]],
            )
        });
    }
}
static REVERSE: KernelSpec = KernelSpec {
    name: "reverse",
    module: &copy_u64::MODULE,
    args: IO,
    sim: &ReverseWithBarrier,
};

/// The same with the barrier forgotten: reads other work-items' local words in the same phase.
struct ReverseRacy;
impl SimKernel for ReverseRacy {
    fn local_words(&self, local_size: [usize; 3], _: &SimArgs<'_>) -> usize {
        local_size[0]
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (src, dst) = (args.global(0), args.global(1));
        wg.phase(|it, local, _| {
            local[it.local_id[0]] = src.load(it.global_id[0]);
            dst.store(
                it.global_id[0],
                local[it.local_size[0] - 1 - it.local_id[0]],
            );
        });
    }
}
static RACY: KernelSpec = KernelSpec {
    name: "reverse_racy",
    module: &copy_u64::MODULE,
    args: IO,
    sim: &ReverseRacy,
};

/// `x = in[gid]; x = sub_group_shuffle_xor(x, mask); out[gid] = x` with the mask as argument 2.
struct ShuffleXor;
impl SimKernel for ShuffleXor {
    fn private_words(&self) -> usize {
        1
    }
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (src, dst, mask) = (args.global(0), args.global(1), args.u32(2) as usize);
        wg.phase(|it, _, p| p[0] = src.load(it.global_id[0]));
        wg.sub_group_shuffle_xor(0, mask);
        wg.phase(|it, _, p| dst.store(it.global_id[0], p[0]));
    }
}
static SHUFFLE: KernelSpec = KernelSpec {
    name: "shuffle_xor",
    module: &copy_u64::MODULE,
    args: &[ArgKind::GlobalIn, ArgKind::GlobalOut, ArgKind::U32],
    sim: &ShuffleXor,
};

/// Reads one word past the end of its input.
struct OutOfRange;
impl SimKernel for OutOfRange {
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>) {
        let (src, dst) = (args.global(0), args.global(1));
        wg.phase(|it, _, _| dst.store(it.global_id[0], src.load(it.global_id[0] + 1)));
    }
}
static OUT_OF_RANGE: KernelSpec = KernelSpec {
    name: "out_of_range",
    module: &copy_u64::MODULE,
    args: IO,
    sim: &OutOfRange,
};

fn sim(race: bool, seed: u64) -> SimBackend {
    SimBackend::new(SimOptions {
        race_hunting: race,
        seed,
        sub_group_size: 8,
        ..Default::default()
    })
    .unwrap()
}

fn run(
    b: &SimBackend,
    k: &'static KernelSpec,
    input: &[u64],
    range: NdRange,
    extra: Option<u32>,
) -> Result<Vec<u64>, RuntimeError> {
    let src = b.alloc(0, input.len())?;
    let dst = b.alloc(0, input.len())?;
    b.write(&src, 0, input)?;
    let mut args = vec![KernelArg::Buffer(&src), KernelArg::Buffer(&dst)];
    if let Some(v) = extra {
        args.push(KernelArg::U32(v));
    }
    let r = b.launch_checked(0, k, &range, &args);
    let mut out = vec![0; input.len()];
    b.read(&dst, 0, &mut out)?;
    b.free(src)?;
    b.free(dst)?;
    r.map(|_| out)
}

fn reversed_groups(input: &[u64], group: usize) -> Vec<u64> {
    input
        .chunks(group)
        .flat_map(|c| c.iter().rev().copied())
        .collect()
}

#[test]
fn barrier_separates_phases_in_any_order() {
    let input: Vec<u64> = (0..1024).collect();
    let range = NdRange {
        global: [1024, 1, 1],
        local: Some([64, 1, 1]),
    };
    for seed in 0..4 {
        for race in [false, true] {
            let out = run(&sim(race, seed), &REVERSE, &input, range, None).unwrap();
            assert_eq!(out, reversed_groups(&input, 64));
        }
    }
}

#[test]
fn race_hunting_exposes_a_missing_barrier() {
    let input: Vec<u64> = (1..=1024).collect();
    let range = NdRange {
        global: [1024, 1, 1],
        local: Some([64, 1, 1]),
    };
    let expected = reversed_groups(&input, 64);
    let out = run(&sim(true, 1), &RACY, &input, range, None).unwrap();
    assert_ne!(
        out, expected,
        "a racy kernel must not pass in race-hunting mode"
    );
    assert!(
        out.contains(&LOCAL_POISON),
        "reads of unwritten local memory see the poison"
    );
    let other = run(&sim(true, 2), &RACY, &input, range, None).unwrap();
    assert_ne!(out, other, "the result of a race changes with the schedule");
}

#[test]
fn sub_group_shuffle_xor_exchanges_lanes() {
    let input: Vec<u64> = (0..256).map(|i| i * 3 + 1).collect();
    let range = NdRange {
        global: [256, 1, 1],
        local: Some([32, 1, 1]),
    };
    for mask in [1u32, 2, 4, 7] {
        let out = run(&sim(true, 3), &SHUFFLE, &input, range, Some(mask)).unwrap();
        // Sub-groups of 8 lanes: lane l reads lane l ^ mask of its own sub-group.
        let expected: Vec<u64> = (0..256)
            .map(|i| input[(i & !7) | ((i & 7) ^ mask as usize)])
            .collect();
        assert_eq!(out, expected, "mask {mask}");
    }
}

#[test]
fn a_faulting_kernel_body_is_a_typed_error() {
    let input = vec![5u64; 64];
    let e = run(
        &sim(false, 0),
        &OUT_OF_RANGE,
        &input,
        NdRange::new([64, 1, 1]),
        None,
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            RuntimeError::SimFault {
                kernel: "out_of_range",
                ..
            }
        ),
        "{e}"
    );
    // The access is named: the first argument, one word past its 64.
    let text = e.to_string();
    assert!(
        text.contains("argument 0") && text.contains("64 words") && text.contains("word 64"),
        "{text}"
    );
}

/// A kernel whose range reaches past its buffers (the reported crash: 8-word buffers, 4096
/// work-items) is a typed fault on cpu-sim, found by the buffers' accessors without a panic;
/// the words inside the buffers are written as far as the body got, and the device works on.
#[test]
fn a_launch_past_its_buffers_is_a_sim_fault_not_a_panic() {
    let b = sim(false, 0);
    let (src, dst) = (b.alloc(0, 8).unwrap(), b.alloc(0, 8).unwrap());
    b.write(&src, 0, &[9; 8]).unwrap();
    let args = [KernelArg::Buffer(&src), KernelArg::Buffer(&dst)];
    let e = b
        .launch_checked(0, &copy_u64::COPY_U64, &NdRange::new([4096, 1, 1]), &args)
        .unwrap_err();
    // The accessors' words ("past its end"), not a caught index panic's.
    match &e {
        RuntimeError::SimFault { kernel, reason } => {
            assert_eq!(*kernel, "copy_u64");
            assert!(
                reason.contains("8 words") && reason.contains("past its end"),
                "{e}"
            );
        }
        other => panic!("{other:?}"),
    }
    let mut out = [0; 8];
    b.read(&dst, 0, &mut out).unwrap();
    assert_eq!(out, [9; 8]);
    b.launch_checked(0, &copy_u64::COPY_U64, &NdRange::new([8, 1, 1]), &args)
        .unwrap();
}

/// cpu-sim checks the range of its copies itself, so that even the unchecked backend side of
/// a copy (what `Backend::read` and `write_with` call after their own check) answers a typed
/// error there, not an index panic.
#[test]
fn cpu_sims_unchecked_copies_check_their_range_too() {
    let b = sim(false, 0);
    let buf = b.alloc(0, 8).unwrap();
    let mut out = [0u64; 4];
    // SAFETY: the contract is broken on purpose; cpu-sim documents that it checks anyway.
    let r = unsafe { b.enqueue_read(&buf, 6, &mut out) };
    assert!(
        matches!(
            r,
            Err(RuntimeError::BufferTooSmall {
                needed: 10,
                available: 8,
                ..
            })
        ),
        "{r:?}"
    );
    // SAFETY: as above.
    let r = unsafe { b.enqueue_write_with(&buf, usize::MAX, 2, &mut |_| true) };
    assert!(
        matches!(r, Err(RuntimeError::BufferTooSmall { .. })),
        "{r:?}"
    );
}

#[test]
fn launches_are_checked_against_the_declaration() {
    let b = sim(false, 0);
    let x = b.alloc(0, 64).unwrap();
    let y = b.alloc(0, 64).unwrap();
    let k = &copy_u64::COPY_U64;
    let r = NdRange::new([64, 1, 1]);
    let bad = |e: RuntimeError| {
        matches!(
            e,
            RuntimeError::BadLaunch {
                kernel: "copy_u64",
                ..
            }
        )
    };
    assert!(bad(b
        .launch_checked(0, k, &r, &[KernelArg::Buffer(&x)])
        .unwrap_err()));
    assert!(bad(b
        .launch_checked(0, k, &r, &[KernelArg::Buffer(&x), KernelArg::U32(1)])
        .unwrap_err()));
    let args = [KernelArg::Buffer(&x), KernelArg::Buffer(&y)];
    assert!(bad(b
        .launch_checked(0, k, &NdRange::new([0, 1, 1]), &args)
        .unwrap_err()));
    assert!(bad(b
        .launch_checked(
            0,
            k,
            &NdRange {
                global: [64, 1, 1],
                local: Some([48, 1, 1])
            },
            &args
        )
        .unwrap_err()));
    assert!(matches!(
        b.launch_checked(1, k, &r, &args),
        Err(RuntimeError::NoSuchTile {
            index: 1,
            available: 1
        })
    ));
    b.launch_checked(0, k, &r, &args).unwrap();
}

#[test]
fn local_memory_past_the_simulated_limit_is_refused() {
    // 64 work-items take 64 words (512 bytes) of local memory: within 512 bytes, past 256.
    let input: Vec<u64> = (0..128).collect();
    let range = NdRange {
        global: [128, 1, 1],
        local: Some([64, 1, 1]),
    };
    for (bytes, fits) in [(512, true), (256, false)] {
        let b = SimBackend::new(SimOptions {
            local_mem_bytes: bytes,
            ..Default::default()
        })
        .unwrap();
        assert_eq!(b.limits().local_mem_bytes, bytes);
        let r = run(&b, &REVERSE, &input, range, None);
        if fits {
            assert_eq!(r.unwrap(), reversed_groups(&input, 64));
        } else {
            let e = r.unwrap_err();
            assert!(
                matches!(
                    e,
                    RuntimeError::BadLaunch {
                        kernel: "reverse",
                        ..
                    }
                ),
                "{e}"
            );
            assert!(e.to_string().contains("512 bytes of local memory"), "{e}");
        }
    }
}
