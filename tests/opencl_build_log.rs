//! Driver build failures on OpenCL come back as typed errors with the build log.
//!
//! Its own test binary because spawning its child process from a process where other tests run
//! PoCL crashed PoCL 3.1's worker thread there now and then; here the parent opens no device.
//!
//! The test runs in a child process (PoCL's compiler prints straight to stderr). In
//! tests/device_runtime.rs, next to tests that run PoCL in the parent process, the parent
//! crashed in `clReleaseEvent` (SIGSEGV, in 2 to 3 runs of 16 with a cold kernel cache on a
//! 2-core machine, and in a CI run; in none of 16 without this test, none of 16 with two busy
//! loops as load in its place, none of 24 after the move). Spawning `sleep 3` from that test
//! instead was enough (1 of 16); a test thread sleeping 3 s was not (0 of 16).

mod common;

use xehe::kernels::{copy_u64, KernelModule};
use xehe::runtime::opencl::discover::KernelFormat;
use xehe::runtime::opencl::{OpenClBackend, OpenClOptions};
use xehe::runtime::RuntimeError;

static BROKEN: KernelModule = KernelModule {
    name: "broken",
    source: "__kernel void broken(__global ulong* a) { a[0] = undeclared_identifier; }",
    // Any valid module: "broken" lists no kernel, so the signature check passes and the source
    // build is what fails.
    spirv: copy_u64::MODULE.spirv,
    prelude: "",
    shuffle_size: None,
    fp64: false,
    word_bits: 64,
    kernels: &[],
};

#[test]
fn failed_builds_carry_the_driver_log() {
    // PoCL's compiler prints "1 error generated." straight to stderr: run in a child process.
    if common::in_child("failed_builds_carry_the_driver_log").is_some() {
        return;
    }
    let Some(_) = common::opencl(None) else {
        return;
    };
    let cl = OpenClBackend::open(&OpenClOptions {
        device: common::opencl_device(),
        tiles: None,
        kernel_format: Some(KernelFormat::OpenClC),
        profile: false,
    })
    .unwrap();
    match cl.program(&BROKEN) {
        Err(RuntimeError::KernelBuild {
            module: "broken",
            log,
            format: "opencl-c",
            ..
        }) => {
            assert!(log.contains("undeclared_identifier"), "build log: {log}");
        }
        other => panic!("expected a build error, got {:?}", other.map(|_| ())),
    }
    cl.build_all().unwrap();
}
