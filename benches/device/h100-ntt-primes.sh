#!/usr/bin/env bash
# Does a batch's prime count change the NTT's speed on the H100? 2^16 with 324 rows as one prime
# × 324 polynomials, 4 × 81, 36 × 9 (key switching's digits: each row its own prime's twiddle
# tables, 40 MB for 40 primes, against the 50 MB L2), forward and inverse, two plans. One
# device call; needs device-bin/. Writes $OUT/primes.md.
SHAPES="40x1 324;40x4 81;40x36 9" PLANS="4096 256;512 64" NAME=primes \
  exec bash "$(dirname "$0")/h100-keyswitch-ntt-sweep.sh"
