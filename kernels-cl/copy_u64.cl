// Plain word copy: the bandwidth roofline every benchmark compares itself with; and a fill.
// One work-item per word over a 1-D range. Rust mirror: src/kernels/copy_u64.rs.

__kernel void copy_u64(__global const ulong* src, __global ulong* dst) {
    size_t i = get_global_id(0);
    dst[i] = src[i];
}

// dst[dst_offset + i] = src[src_offset + i]: moves one item of a batch (many plaintexts or
// ciphertexts laid end to end, which one launch sequence computes) into a buffer of its own,
// or gathers items into a batch, without the host.
__kernel void copy_u64_span(__global const ulong* src, __global ulong* dst, ulong src_offset,
                            ulong dst_offset) {
    size_t i = get_global_id(0);
    dst[dst_offset + i] = src[src_offset + i];
}

// dst[i] = value: wipes a buffer on the device before the memory cache hands it out again.
__kernel void fill_u64(__global ulong* dst, ulong value) {
    dst[get_global_id(0)] = value;
}
