//! Where no Level Zero loader exists, xehe still works and says so: the Level Zero backend
//! answers a typed "no Level Zero driver" error and `auto` moves on to OpenCL or cpu-sim.
//!
//! Its own test binary because the absence is made with `ZE_LOADER_PATH` pointing nowhere,
//! which counts only if it is set before the process's first Level Zero call, which any other
//! test in the process could make first (so one test in this file).

use xehe::runtime::level_zero::{discover, LevelZeroBackend, LevelZeroOptions};
use xehe::runtime::{open, BackendChoice, BackendKind, OpenOptions, RuntimeError};

#[test]
fn without_a_loader_level_zero_is_a_typed_error_and_auto_falls_back() {
    std::env::set_var("ZE_LOADER_PATH", "/nonexistent/libze_loader.so.1");
    let e = LevelZeroBackend::open(&LevelZeroOptions::default())
        .err()
        .expect("no loader, no backend");
    assert!(matches!(e, RuntimeError::NoLevelZero(_)), "{e}");
    let text = e.to_string();
    assert!(text.starts_with("no Level Zero driver"), "{text}");
    assert!(text.contains("/nonexistent/libze_loader.so.1"), "{text}");
    assert!(matches!(
        discover::root_devices(),
        Err(RuntimeError::NoLevelZero(_))
    ));
    let asked = open(&OpenOptions {
        backend: BackendChoice::LevelZero,
        ..Default::default()
    });
    assert!(matches!(asked, Err(RuntimeError::NoLevelZero(_))));
    let auto = open(&OpenOptions::default()).unwrap();
    assert_ne!(auto.kind(), BackendKind::LevelZero);
    assert_eq!(
        BackendChoice::parse("level-zero").unwrap(),
        BackendChoice::LevelZero
    );
}
