//! The thread-safety contract documented on each public type, held by the compiler: these are
//! `Send + Sync` (shareable across threads; methods taking `&mut self` still need one thread
//! at a time, as in SEAL), and `SecretKey` is deliberately not `Clone`.

use xehe::ckks::device::DeviceContext;
use xehe::ckks::{
    Ciphertext, CkksEncoder, Context, ContextData, Decryptor, EncryptionParameters, Encryptor,
    Evaluator, GaloisKeys, KSwitchKeys, KeyGenerator, Plaintext, PublicKey, RelinKeys, SecretKey,
};
use xehe::runtime::level_zero::LevelZeroBackend;
use xehe::runtime::memcache::{HostAllocator, Memcache};
use xehe::runtime::opencl::OpenClBackend;
use xehe::runtime::profiler::{DataProcessor, EventCollector};
use xehe::runtime::sim::SimBackend;
use xehe::runtime::{Backend, DeviceBuffer};

fn send_sync<T: Send + Sync + ?Sized>() {}

#[test]
fn the_documented_types_are_send_and_sync() {
    send_sync::<Context>();
    send_sync::<ContextData>();
    send_sync::<EncryptionParameters>();
    send_sync::<CkksEncoder>();
    send_sync::<Encryptor<'static>>();
    send_sync::<Decryptor<'static>>();
    send_sync::<Evaluator<'static>>();
    send_sync::<KeyGenerator<'static>>();
    send_sync::<SecretKey>();
    send_sync::<PublicKey>();
    send_sync::<RelinKeys>();
    send_sync::<GaloisKeys>();
    send_sync::<KSwitchKeys>();
    send_sync::<Ciphertext>();
    send_sync::<Plaintext>();
    send_sync::<DeviceContext>();
    send_sync::<xehe::ckks::bootstrap::Bootstrapper<'static, 'static>>();
    send_sync::<xehe::ckks::bootstrap::BootstrapKeys>();
    send_sync::<xehe::ckks::bootstrap::BootstrapPreset>();
    send_sync::<xehe::ckks::bootstrap::LinearTransform>();
    send_sync::<xehe::ckks::bootstrap::Chebyshev>();
    send_sync::<xehe::ckks::bootstrap::Diagonals>();
    send_sync::<dyn Backend>();
    send_sync::<SimBackend>();
    send_sync::<OpenClBackend>();
    send_sync::<LevelZeroBackend>();
    send_sync::<DeviceBuffer>();
    send_sync::<EventCollector>();
    send_sync::<DataProcessor>();
    send_sync::<Memcache<HostAllocator>>();
}
