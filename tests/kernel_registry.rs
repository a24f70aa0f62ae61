//! The kernel registry against the shipped SPIR-V (read with rspirv) and OpenCL C sources.

use std::collections::HashSet;
use xehe::kernels::reflect::ReflectError;
use xehe::kernels::reflect::{check_all, check_kernel, entry_points};
use xehe::kernels::{all, poly_elementwise, ArgKind, KernelSpec, MODULES};

#[test]
fn every_kernel_matches_its_spirv_entry_point() {
    check_all().unwrap();
    for k in all() {
        check_kernel(k).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn every_entry_point_has_a_declaration_and_a_source() {
    for m in MODULES {
        let eps: HashSet<String> = entry_points(m).unwrap().into_keys().collect();
        let declared: HashSet<String> = m.kernels.iter().map(|k| k.name.to_string()).collect();
        assert_eq!(
            declared.len(),
            m.kernels.len(),
            "module {} lists a kernel twice",
            m.name
        );
        assert_eq!(eps, declared, "module {}", m.name);
        for name in &declared {
            // ntt_subgroup.cl is built once per sub-group size: its entry points are pasted
            // together from a stem and the XEHE_SG its prelude defines.
            let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
            let suffix = &name[stem.len()..];
            let pasted = m.source.contains(&format!("XEHE_CAT({stem}, XEHE_SG)("))
                && m.prelude == format!("#define XEHE_SG {suffix}\n");
            assert!(
                m.source.contains(&format!("__kernel void {name}(")) || pasted,
                "{name} in {}.cl",
                m.name
            );
        }
    }
}

/// A module compiled by ci/build-kernels.sh but left out of `MODULES` would ship no kernel and
/// escape every check above: each spirv-kernels/*.spv must be a registered module, and each
/// registered module's SPIR-V must be that file.
#[test]
fn every_shipped_spirv_file_is_a_registered_module() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spirv-kernels");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".spv"))
        .collect();
    files.sort();
    let mut registered: Vec<String> = MODULES.iter().map(|m| format!("{}.spv", m.name)).collect();
    registered.sort();
    assert_eq!(files, registered, "spirv-kernels/ against kernels::MODULES");
    for m in MODULES {
        let on_disk = std::fs::read(dir.join(format!("{}.spv", m.name))).unwrap();
        assert!(
            on_disk == m.spirv,
            "module {} embeds another file's SPIR-V",
            m.name
        );
    }
}

/// Every registered kernel is listed by the module it is declared in.
#[test]
fn every_kernel_is_listed_by_its_own_module() {
    for m in MODULES {
        for k in m.kernels {
            assert!(
                std::ptr::eq(k.module, *m),
                "{} listed by {}",
                k.name,
                m.name
            );
        }
    }
    assert_eq!(
        all().count(),
        MODULES.iter().map(|m| m.kernels.len()).sum::<usize>()
    );
    assert!(
        all().count() >= 60,
        "the registry lost kernels: {}",
        all().count()
    );
}

#[test]
fn signature_mismatches_are_load_errors() {
    use ArgKind::*;
    static WRONG_COUNT: KernelSpec = KernelSpec {
        name: "poly_add",
        module: &poly_elementwise::MODULE,
        args: &[GlobalIn, GlobalIn, GlobalOut],
        sim: &poly_elementwise::PolyAdd::<u64>(std::marker::PhantomData),
    };
    static WRONG_TYPE: KernelSpec = KernelSpec {
        name: "poly_add",
        module: &poly_elementwise::MODULE,
        args: &[GlobalIn, GlobalIn, GlobalOut, GlobalIn, U64, U32],
        sim: &poly_elementwise::PolyAdd::<u64>(std::marker::PhantomData),
    };
    static WRONG_ACCESS: KernelSpec = KernelSpec {
        name: "poly_add",
        module: &poly_elementwise::MODULE,
        args: &[GlobalIn, GlobalOut, GlobalOut, GlobalIn, U32, U32],
        sim: &poly_elementwise::PolyAdd::<u64>(std::marker::PhantomData),
    };
    static MISSING: KernelSpec = KernelSpec {
        name: "poly_divide",
        module: &poly_elementwise::MODULE,
        args: &[],
        sim: &poly_elementwise::PolyAdd::<u64>(std::marker::PhantomData),
    };
    for (k, needle) in [
        (&WRONG_COUNT, "declares 6 parameters"),
        (&WRONG_TYPE, "parameter 4"),
        (&WRONG_ACCESS, "parameter 1"),
        (&MISSING, "no such entry point"),
    ] {
        match check_kernel(k) {
            Err(e @ ReflectError::Signature { .. }) => {
                assert!(e.to_string().contains(needle), "{e}")
            }
            other => panic!("expected a signature error, got {other:?}"),
        }
    }
}

// That the embedded SPIR-V is what the committed OpenCL C compiles to is checked by
// `ci/build-kernels.sh --check` (it rebuilds every module and compares), not here: a comparison of
// the embedded bytes with the same files read at run time could only fail on a stale build.

/// The uniform-sampling mirror's BLAKE2Xb nodes are the host generator's stream (blake2b_simd,
/// SEAL's generator), word for word, over the first blocks.
#[test]
fn uniform_nodes_are_seals_blake2xb_stream() {
    use xehe::ckks::prng::{PrngInfo, PrngType, SealPrng};
    use xehe::kernels::uniform::{node, root, NODES};
    let seed: [u64; 8] =
        std::array::from_fn(|i| (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut prng = SealPrng::new(PrngInfo {
        kind: PrngType::Blake2xb,
        seed,
    });
    for b in 0..3u64 {
        let r = root(&seed, b);
        for j in 0..NODES as u64 {
            let want: [u64; 8] = std::array::from_fn(|_| prng.next_u64());
            assert_eq!(node(&r, j), want, "block {b} node {j}");
        }
    }
}
