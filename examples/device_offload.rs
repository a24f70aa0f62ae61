//! The same computation on a device: ciphertexts marked `.gpu()` are uploaded at first use and
//! evaluated there (cpu-sim, OpenCL or Level Zero, as `XEHE_BACKEND` or auto chooses); the
//! result is checked against the host evaluator word for word, and the per-operation device
//! profile is written to a folder (profile.md, profile.json, profile.csv, trace.json for
//! chrome://tracing). Profiling is opt-in, so the backend is opened with it on; a profile
//! without a row for each operation run fails the example.
//!
//! ```sh
//! cargo run --release --example device_offload -- target/offload-profile
//! XEHE_BACKEND=opencl cargo run --release --example device_offload -- target/offload-profile
//! ```

use xehe::ckks::device::DeviceContext;
use xehe::ckks::{
    CkksEncoder, Context, Decryptor, EncryptionParameters, Encryptor, Evaluator, KeyGenerator,
};
use xehe::primes::SecurityLevel;
use xehe::runtime::profiler::DataProcessor;
use xehe::runtime::{open, OpenOptions};

/// The device operations the computation runs, each of which the profile must show.
const OPERATIONS: [&str; 4] = ["square", "relinearize", "rescale_to_next", "rotate_vector"];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "target/offload-profile".into());
    let parms = EncryptionParameters::with_bit_sizes(8192, &[60, 40, 40, 60])?;
    let context = Context::new(&parms, SecurityLevel::Tc128)?;
    let mut keygen = KeyGenerator::new(&context);
    let public_key = keygen.create_public_key();
    let relin_keys = keygen.create_relin_keys()?;
    let galois_keys = keygen.create_galois_keys_for_steps(&[1], false)?;
    let encoder = CkksEncoder::new(&context);
    let encryptor = Encryptor::new(&context, &public_key)?;
    let decryptor = Decryptor::new(&context, keygen.secret_key())?;

    // The XEHE_* settings choose the device; the profile is this example's point.
    let backend = open(&OpenOptions {
        profile: true,
        ..OpenOptions::from_env()?
    })?;
    println!("device: {} [{}]", backend.device_name(), backend.kind());
    let device =
        Evaluator::with_device(&context, DeviceContext::new(&context, backend.clone(), 0)?)?;
    let host = Evaluator::new(&context);

    let values: Vec<f64> = (0..4096).map(|i| (i % 100) as f64 / 100.0).collect();
    let x = encryptor.encrypt(&encoder.encode(&values, 2f64.powi(40))?)?;

    // x² rotated by one slot, on the device and on the host.
    let square_rotate = |eval: &Evaluator, x: &xehe::ckks::Ciphertext| {
        let sq = eval.rescale_to_next(&eval.relinearize(&eval.square(x)?, &relin_keys)?)?;
        eval.rotate_vector(&sq, 1, &galois_keys)
    };
    backend.profiler().clear();
    let mut on_device = square_rotate(&device, &x.clone().gpu())?;
    let on_host = square_rotate(&host, &x)?;
    on_device.download()?;
    if on_device.data()? != on_host.data()? {
        return Err("the device result differs from the host evaluator's".into());
    }

    let back = encoder.decode(&decryptor.decrypt(&on_device)?)?;
    let worst = (0..values.len())
        .map(|i| (values[(i + 1) % values.len()].powi(2) - back[i]).abs())
        .fold(0f64, f64::max);
    println!("x² rotated by one: device = host word for word, largest error {worst:.2e}");
    if worst > 1e-5 {
        return Err(format!("error {worst:e} exceeds 1e-5").into());
    }

    let report = DataProcessor::from_collector(backend.profiler());
    if report.kernel_stats().is_empty() {
        return Err("the device profile is empty: no launch was recorded".into());
    }
    let operations = report.operation_stats();
    for op in OPERATIONS {
        if !operations
            .iter()
            .any(|o| o.operation == op && o.invocations > 0)
        {
            return Err(format!("the device profile has no row for {op}").into());
        }
    }
    std::fs::create_dir_all(&dir)?;
    std::fs::write(format!("{dir}/profile.md"), report.to_markdown())?;
    std::fs::write(format!("{dir}/profile.json"), report.to_json())?;
    std::fs::write(format!("{dir}/profile.csv"), report.to_csv())?;
    std::fs::write(format!("{dir}/trace.json"), report.to_chrome_trace())?;
    println!("{}", report.to_markdown());
    println!("profile written to {dir}/");
    Ok(())
}
