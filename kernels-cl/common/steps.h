// The steps of one hoisted rotation in one launch (prepended after ntt_core.h to every module,
// like it): ks_mac_steps makes up to XEHE_HOISTED_STEPS steps' products, and
// ntt_fwd_stage_finish_steps finishes their divisions by P. A kernel binds each step's buffers
// as arguments p0 … p7 (OpenCL 1.2 has no arrays of pointers) and picks step s's with
// XEHE_STEP(s, p); s is a global id of a dimension other than 0, so the choice is the same for
// every work-item of a group. Rust mirror: src/kernels/key_switch.rs (HOISTED_STEPS).
#define XEHE_HOISTED_STEPS 8
#define XEHE_STEP(s, p) \
    ((s) == 0 ? p##0 : (s) == 1 ? p##1 : (s) == 2 ? p##2 : (s) == 3 ? p##3 \
     : (s) == 4 ? p##4 : (s) == 5 ? p##5 : (s) == 6 ? p##6 : p##7)
