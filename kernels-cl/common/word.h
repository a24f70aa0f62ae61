// The word every residue, table entry and moduli row is stored and computed in (the first
// common header: mod_arith.h, ntt_core.h and the kernels are written in word_t). 64-bit words
// unless the module is built with XEHE_WORD_BITS=32 (ci/build-kernels.sh: a "// xehe-build:"
// build with -DXEHE_WORD_BITS=32; drivers that build from source: the module's prelude).
// Rust side: xehe::exec::WordSize, KernelModule::word_bits.

#ifndef XEHE_WORD_BITS
#define XEHE_WORD_BITS 64
#endif

#if XEHE_WORD_BITS == 64
typedef ulong word_t;
#elif XEHE_WORD_BITS == 32
typedef uint word_t;
#else
#error "XEHE_WORD_BITS must be 32 or 64"
#endif
