"""xehe: CKKS homomorphic encryption on GPUs (OpenCL, Level Zero; a cpu-sim backend anywhere),
bit-exact with Microsoft SEAL and speaking its files.

The core API follows SEAL's vocabulary::

    import xehe
    parms = xehe.EncryptionParameters(8192, [60, 40, 40, 60])
    context = xehe.Context(parms, backend="auto")     # or "cpu-sim", "opencl", "level-zero", "host"
    keygen = xehe.KeyGenerator(context)
    encoder = xehe.CKKSEncoder(context)
    encryptor = xehe.Encryptor(context, keygen.create_public_key())
    evaluator = xehe.Evaluator(context)
    x = encryptor.encrypt(encoder.encode([1.5, 2.0], 2.0**40))
    y = evaluator.rescale_to_next(evaluator.relinearize(evaluator.square(x), keygen.create_relin_keys()))
    print(encoder.decode(xehe.Decryptor(context, keygen.secret_key()).decrypt(y))[:2])

``xehe.tenseal`` is a drop-in for TenSEAL's CKKS API (``import xehe.tenseal as ts``).
Errors are exceptions of the ``xehe.Error`` hierarchy.
"""

from xehe._xehe import (
    BootstrapKeys,
    BootstrapPreset,
    Bootstrapper,
    Ciphertext,
    CKKSEncoder,
    Context,
    Decryptor,
    DeviceError,
    EncryptionParameters,
    Encryptor,
    Error,
    Evaluator,
    GaloisKeys,
    InternalError,
    InvalidTypeError,
    KeyGenerator,
    LoadError,
    MissingKeyError,
    OperandError,
    ParameterError,
    Plaintext,
    PublicKey,
    RelinKeys,
    SecretKey,
    UnsupportedError,
)

__version__ = "0.1.0"

__all__ = [
    "BootstrapKeys",
    "BootstrapPreset",
    "Bootstrapper",
    "CKKSEncoder",
    "Ciphertext",
    "Context",
    "Decryptor",
    "DeviceError",
    "EncryptionParameters",
    "Encryptor",
    "Error",
    "Evaluator",
    "GaloisKeys",
    "InternalError",
    "InvalidTypeError",
    "KeyGenerator",
    "LoadError",
    "MissingKeyError",
    "OperandError",
    "ParameterError",
    "Plaintext",
    "PublicKey",
    "RelinKeys",
    "SecretKey",
    "UnsupportedError",
    "__version__",
]
