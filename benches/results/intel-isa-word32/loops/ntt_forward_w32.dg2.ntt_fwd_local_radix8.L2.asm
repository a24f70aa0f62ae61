// ntt_forward_w32.dg2.ntt_fwd_local_radix8: L2, instructions 176..451 of OCL_asm852f7430b2843d8d_simd16_entry_0008.asm (the innermost loop with the most multiplies): {'insts': 276, 'mul': 144, 'q64': 0, 'send': 22, 'scratch': 0, 'lanes': 3099, 'mul_lanes': 1152}
  sync.nop  null  {Compacted,$15.src}  // $149
  shr (16|M0)  r10.0<1>:d  r110.0<1;1,0>:ud  r2.1<0;1,0>:d  {F@1}  // $149
  sync.allrd  ($0,$5)  // $170
  add3 (16|M0)  r12.0<1>:d  r117.2<0;0>:d  r10.0<1;0>:d  r6.4<0>:d  {I@1} // $170
  sync.nop  null  {Compacted,$14.src}  // $171
  shl (16|M0)  r14.0<1>:d  r12.0<1;1,0>:d  2:w  {Compacted,I@1}  // $171
  sync.nop  null  {Compacted,$1.src}  // $172
  add3 (16|M0)  r16.0<1>:d  r108.0<1;0>:d  r7.1<0;0>:d  r14.0<1>:d  {I@1} // $172
  sync.nop  null  {Compacted,$11.src}  // $174
  send.dc1 (16|M0)  r18  r16  null:0  0x0  0x04205E01  {A@1,$2} // wr:2+0, rd:2; untyped surface read with x // $174
  add3 (16|M0)  r14.0<1>:d  r108.0<1;0>:d  r7.2<0;0>:d  r14.0<1>:d  // $175
  send.dc1 (16|M0)  r20  r14  null:0  0x0  0x04205E02  {A@1,$3} // wr:2+0, rd:2; untyped surface read with x // $177
  shl (16|M0)  r22.0<1>:d  r10.0<1;1,0>:d  1:w  {Compacted}  // $150
  bfn.(s0&(s1^s2)) (16|M0)  r24.0<1>:ud  r110.0<1;0>:ud  r117.1<0;0>:ud  r2.2<0>:ud  // $152
  shl (16|M0)  r22.0<1>:d  r22.0<1;1,0>:d  r2.0<0;1,0>:d  {Compacted,I@2}  // $151
  add (16|M0)  r22.0<1>:d  r22.0<1;1,0>:d  r24.0<1;1,0>:d  {Compacted,I@1}  // $153
  sync.nop  null  {Compacted,$13.src}  // $154
  shl (16|M0)  r26.0<1>:d  r22.0<1;1,0>:d  2:w  {Compacted,I@1}  // $154
  shl (16|M0)  r24.0<1>:d  r12.0<1;1,0>:d  3:w  {Compacted}  // $232
  sync.nop  null  {Compacted,$9.src}  // $162
  add (16|M0)  r28.0<1>:d  r26.0<1;1,0>:d  r2.4<0;1,0>:d  {Compacted,I@2}  // $162
  send.dc1 (16|M0)  r30  r28  null:0  0x0  0x04205EFE  {A@1,$4} // wr:2+0, rd:2; untyped surface read with x // $163
  add3 (16|M0)  r36.0<1>:d  r108.0<1;0>:d  r7.1<0;0>:d  r24.0<1>:d  // $233
  send.dc1 (16|M0)  r40  r36  null:0  0x0  0x04405C01  {A@1,$6} // wr:2+0, rd:4; untyped surface read with xy // $235
  add3 (16|M0)  r44.0<1>:d  r108.0<1;0>:d  r7.2<0;0>:d  r24.0<1>:d  // $236
  send.dc1 (16|M0)  r46  r44  null:0  0x0  0x04405C02  {A@1,$7} // wr:2+0, rd:4; untyped surface read with xy // $238
  add (16|M0)  r10.0<1>:d  r26.0<1;1,0>:d  r2.7<0;1,0>:d  {Compacted}  // $164
  sync.nop  null  {Compacted,$2.src}  // $165
  send.dc1 (16|M0)  r16  r10  null:0  0x0  0x04205EFE  {A@1,$12} // wr:2+0, rd:2; untyped surface read with x // $165
  add (16|M0)  r44.0<1>:d  r26.0<1;1,0>:d  r2.6<0;1,0>:d  {Compacted,$7.src} // $158
  sync.nop  null  {Compacted,$4.dst}  // $181
(W)  mul (8|M0)  acc0.0<1>:d  r30.0<1;1,0>:d  r18.0<2;1,0>:uw  {Compacted,$2.dst} // $181
  mach (8|M0)  r32.0<1>:d  r30.0<1;1,0>:d  r18.0<1;1,0>:d  {Compacted}  // $181
(W)  mul (8|M8)  acc0.0<1>:d  r31.0<1;1,0>:d  r19.0<2;1,0>:uw  // $181
  mach (8|M8)  r33.0<1>:d  r31.0<1;1,0>:d  r19.0<1;1,0>:d  {Compacted}  // $182
(W)  mul (8|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r30.0<2;1,0>:uw  {$3.dst}  // $182
  mach (8|M0)  r14.0<1>:d  r20.0<1;1,0>:ud  r30.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r31.0<2;1,0>:uw  // $182
  mach (8|M8)  r15.0<1>:d  r21.0<1;1,0>:ud  r31.0<1;1,0>:ud  {AccWrEn}  // $187
(W)  mul (8|M0)  acc0.0<1>:d  r104.0<1;1,0>:d  r14.0<2;1,0>:uw  {Compacted,I@3}  // $187
  add (16|M0)  r30.0<1>:d  r26.0<1;1,0>:d  r6.0<0;1,0>:d  {Compacted}  // $166
  mach (8|M0)  r22.0<1>:d  r104.0<1;1,0>:d  r14.0<1;1,0>:d  {Compacted}  // $187
(W)  mul (8|M8)  acc0.0<1>:d  r105.0<1;1,0>:d  r15.0<2;1,0>:uw  {I@4}  // $187
  mach (8|M8)  r23.0<1>:d  r105.0<1;1,0>:d  r15.0<1;1,0>:d  {Compacted}  // $188
  send.dc1 (16|M0)  r14  r30  null:0  0x0  0x04205EFE  {A@1,$2} // wr:2+0, rd:2; untyped surface read with x // $167
(W)  mul (8|M0)  acc0.0<1>:d  r16.0<1;1,0>:d  r18.0<2;1,0>:uw  {Compacted,$12.dst} // $195
  mach (8|M0)  r34.0<1>:d  r16.0<1;1,0>:d  r18.0<1;1,0>:d  {Compacted}  // $195
(W)  mul (8|M8)  acc0.0<1>:d  r17.0<1;1,0>:d  r19.0<2;1,0>:uw  // $195
  mach (8|M8)  r35.0<1>:d  r17.0<1;1,0>:d  r19.0<1;1,0>:d  {Compacted}  // $196
(W)  mul (8|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r16.0<2;1,0>:uw  // $196
  mach (8|M0)  r38.0<1>:d  r20.0<1;1,0>:ud  r16.0<1;1,0>:ud  {AccWrEn,$10.src}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r17.0<2;1,0>:uw  // $196
  mach (8|M8)  r39.0<1>:d  r21.0<1;1,0>:ud  r17.0<1;1,0>:ud  {AccWrEn}  // $201
(W)  mul (8|M0)  acc0.0<1>:d  r104.0<1;1,0>:d  r38.0<2;1,0>:uw  {Compacted,I@3}  // $201
  mach (8|M0)  r50.0<1>:d  r104.0<1;1,0>:d  r38.0<1;1,0>:d  {Compacted}  // $201
(W)  mul (8|M8)  acc0.0<1>:d  r105.0<1;1,0>:d  r39.0<2;1,0>:uw  {I@3}  // $201
  mach (8|M8)  r51.0<1>:d  r105.0<1;1,0>:d  r39.0<1;1,0>:d  {Compacted}  // $202
(W)  mul (8|M0)  acc0.0<1>:d  r14.0<1;1,0>:d  r18.0<2;1,0>:uw  {Compacted,$2.dst} // $209
  add (16|M0)  r24.0<1>:d  r26.0<1;1,0>:d  r6.1<0;1,0>:d  {Compacted}  // $168
  mach (8|M0)  r52.0<1>:d  r14.0<1;1,0>:d  r18.0<1;1,0>:d  {Compacted}  // $209
(W)  mul (8|M8)  acc0.0<1>:d  r15.0<1;1,0>:d  r19.0<2;1,0>:uw  // $209
  send.dc1 (16|M0)  r38  r44  null:0  0x0  0x04205EFE  {A@5,$3} // wr:2+0, rd:2; untyped surface read with x // $159
  mach (8|M8)  r53.0<1>:d  r15.0<1;1,0>:d  r19.0<1;1,0>:d  {Compacted}  // $210
(W)  mul (8|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r14.0<2;1,0>:uw  // $210
  send.dc1 (16|M0)  r16  r24  null:0  0x0  0x04205EFE  {A@5,$4} // wr:2+0, rd:2; untyped surface read with x // $169
  mach (8|M0)  r36.0<1>:d  r20.0<1;1,0>:ud  r14.0<1;1,0>:ud  {AccWrEn,$6.src}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r15.0<2;1,0>:uw  // $210
  mach (8|M8)  r37.0<1>:d  r21.0<1;1,0>:ud  r15.0<1;1,0>:ud  {AccWrEn}  // $215
(W)  mul (8|M0)  acc0.0<1>:d  r104.0<1;1,0>:d  r36.0<2;1,0>:uw  {Compacted,I@3}  // $215
  mach (8|M0)  r54.0<1>:d  r104.0<1;1,0>:d  r36.0<1;1,0>:d  {Compacted}  // $215
(W)  mul (8|M8)  acc0.0<1>:d  r105.0<1;1,0>:d  r37.0<2;1,0>:uw  {I@3}  // $215
  mach (8|M8)  r55.0<1>:d  r105.0<1;1,0>:d  r37.0<1;1,0>:d  {Compacted}  // $216
  add (16|M0)  r36.0<1>:d  r26.0<1;1,0>:d  r2.5<0;1,0>:d  {Compacted}  // $160
  send.dc1 (16|M0)  r62  r36  null:0  0x0  0x04205EFE  {A@1,$2} // wr:2+0, rd:2; untyped surface read with x // $161
  cmp (16|M0)  (lt)f0.1  null<1>:d  r38.0<1;1,0>:ud  r106.0<1;1,0>:ud {$3.dst}  // $206
(W)  mul (8|M0)  acc0.0<1>:d  r16.0<1;1,0>:d  r18.0<2;1,0>:uw  {Compacted,$4.dst} // $222
  mach (8|M0)  r56.0<1>:d  r16.0<1;1,0>:d  r18.0<1;1,0>:d  {Compacted}  // $222
(W)  mul (8|M8)  acc0.0<1>:d  r17.0<1;1,0>:d  r19.0<2;1,0>:uw  // $222
  shl (16|M0)  r82.0<1>:d  r12.0<1;1,0>:d  4:w  {Compacted}  // $291
  mach (8|M8)  r57.0<1>:d  r17.0<1;1,0>:d  r19.0<1;1,0>:d  {Compacted}  // $223
(W)  mul (8|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r16.0<2;1,0>:uw  // $223
  add (16|M0)  r52.0<1>:d  r52.0<1;1,0>:d  -r54.0<1;1,0>:d  {Compacted}  // $216
(~f0.1) sel (16|M0)  r58.0<1>:d  r106.0<1;1,0>:d  0:w  // $207
  mach (8|M0)  r14.0<1>:d  r20.0<1;1,0>:ud  r16.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r17.0<2;1,0>:uw  // $223
  add3 (16|M0)  r84.0<1>:d  r108.0<1;0>:d  r7.1<0;0>:d  r82.0<1>:d  {I@7} // $292
  mach (8|M8)  r15.0<1>:d  r21.0<1;1,0>:ud  r17.0<1;1,0>:ud  {AccWrEn}  // $228
  add3 (16|M0)  r60.0<1>:d  r38.0<1;0>:d  -r58.0<1;0>:d  r52.0<1>:d  {I@5} // $217
(W)  mul (8|M0)  acc0.0<1>:d  r104.0<1;1,0>:d  r14.0<2;1,0>:uw  {Compacted,I@5}  // $228
  send.dc1 (16|M0)  r86  r84  null:0  0x0  0x04805001  {A@4,$3} // wr:2+0, rd:8; untyped surface read with xyzw // $294
  cmp (16|M0)  (lt)f1.1  null<1>:d  r62.0<1;1,0>:ud  r106.0<1;1,0>:ud {$2.dst}  // $219
  add3 (16|M0)  r94.0<1>:d  r108.0<1;0>:d  r7.2<0;0>:d  r82.0<1>:d  // $295
  mach (8|M0)  r18.0<1>:d  r104.0<1;1,0>:d  r14.0<1;1,0>:d  {Compacted}  // $228
(W)  mul (8|M8)  acc0.0<1>:d  r105.0<1;1,0>:d  r15.0<2;1,0>:uw  {I@6}  // $228
  mach (8|M8)  r19.0<1>:d  r105.0<1;1,0>:d  r15.0<1;1,0>:d  {Compacted}  // $229
  sync.nop  null  {Compacted,$6.dst}  // $242
(W)  mul (8|M0)  acc0.0<1>:d  r60.0<1;1,0>:d  r40.0<2;1,0>:uw  {Compacted,I@7}  // $242
  send.dc1 (16|M0)  r96  r94  null:0  0x0  0x04805002  {A@5,$4} // wr:2+0, rd:8; untyped surface read with xyzw // $297
  mach (8|M0)  r64.0<1>:d  r60.0<1;1,0>:d  r40.0<1;1,0>:d  {Compacted}  // $242
(W)  mul (8|M8)  acc0.0<1>:d  r61.0<1;1,0>:d  r41.0<2;1,0>:uw  // $242
  add (16|M0)  r70.0<1>:d  r26.0<1;1,0>:d  r2.3<0;1,0>:d  {Compacted}  // $156
  mach (8|M8)  r65.0<1>:d  r61.0<1;1,0>:d  r41.0<1;1,0>:d  {Compacted}  // $243
(W)  mul (8|M0)  acc0.0<1>:ud  r46.0<1;1,0>:ud  r60.0<2;1,0>:uw  {$7.dst}  // $243
(~f1.1) sel (16|M0)  r20.0<1>:d  r106.0<1;1,0>:d  0:w  // $220
  add (16|M0)  r56.0<1>:d  r56.0<1;1,0>:d  -r18.0<1;1,0>:d  {Compacted,I@7}  // $229
  mach (8|M0)  r16.0<1>:d  r46.0<1;1,0>:ud  r60.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r47.0<1;1,0>:ud  r61.0<2;1,0>:uw  // $243
  send.dc1 (16|M0)  r74  r70  null:0  0x0  0x04205EFE  {A@7,$6} // wr:2+0, rd:2; untyped surface read with x // $157
  mach (8|M8)  r17.0<1>:d  r47.0<1;1,0>:ud  r61.0<1;1,0>:ud  {AccWrEn}  // $248
  add3 (16|M0)  r14.0<1>:d  r62.0<1;0>:d  -r20.0<1;0>:d  r56.0<1>:d  {I@4} // $230
(W)  mul (8|M0)  acc0.0<1>:d  r104.0<1;1,0>:d  r16.0<2;1,0>:uw  {Compacted,I@4}  // $248
  mach (8|M0)  r54.0<1>:d  r104.0<1;1,0>:d  r16.0<1;1,0>:d  {Compacted}  // $248
(W)  mul (8|M8)  acc0.0<1>:d  r105.0<1;1,0>:d  r17.0<2;1,0>:uw  {I@4}  // $248
  mach (8|M8)  r55.0<1>:d  r105.0<1;1,0>:d  r17.0<1;1,0>:d  {Compacted}  // $249
(W)  mul (8|M0)  acc0.0<1>:d  r14.0<1;1,0>:d  r40.0<2;1,0>:uw  {Compacted,I@5}  // $256
  mach (8|M0)  r66.0<1>:d  r14.0<1;1,0>:d  r40.0<1;1,0>:d  {Compacted}  // $256
(W)  mul (8|M8)  acc0.0<1>:d  r15.0<1;1,0>:d  r41.0<2;1,0>:uw  // $256
  mach (8|M8)  r67.0<1>:d  r15.0<1;1,0>:d  r41.0<1;1,0>:d  {Compacted}  // $257
(W)  mul (8|M0)  acc0.0<1>:ud  r46.0<1;1,0>:ud  r14.0<2;1,0>:uw  // $257
  send.dc1 (16|M0)  r78  r26  null:0  0x0  0x04205EFE  {$7} // wr:2+0, rd:2; untyped surface read with x // $155
  add (16|M0)  r60.0<1>:d  r38.0<1;1,0>:d  -r58.0<1;1,0>:d  {Compacted}  // $208
  mach (8|M0)  r18.0<1>:d  r46.0<1;1,0>:ud  r14.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r47.0<1;1,0>:ud  r15.0<2;1,0>:uw  // $257
  cmp (16|M0)  (lt)f1.0  null<1>:d  r74.0<1;1,0>:ud  r106.0<1;1,0>:ud {$6.dst}  // $192
  mach (8|M8)  r19.0<1>:d  r47.0<1;1,0>:ud  r15.0<1;1,0>:ud  {AccWrEn}  // $262
  add3 (16|M0)  r68.0<1>:d  r60.0<1;0>:d  -r52.0<1;0>:d  r106.0<1>:d  {I@5} // $218
(W)  mul (8|M0)  acc0.0<1>:d  r104.0<1;1,0>:d  r18.0<2;1,0>:uw  {Compacted,I@5}  // $262
  mach (8|M0)  r16.0<1>:d  r104.0<1;1,0>:d  r18.0<1;1,0>:d  {Compacted}  // $262
(W)  mul (8|M8)  acc0.0<1>:d  r105.0<1;1,0>:d  r19.0<2;1,0>:uw  {I@4}  // $262
  mach (8|M8)  r17.0<1>:d  r105.0<1;1,0>:d  r19.0<1;1,0>:d  {Compacted}  // $263
(W)  mul (8|M0)  acc0.0<1>:d  r68.0<1;1,0>:d  r42.0<2;1,0>:uw  {Compacted,I@5}  // $268
  add (16|M0)  r34.0<1>:d  r34.0<1;1,0>:d  -r50.0<1;1,0>:d  {Compacted}  // $202
(~f1.0) sel (16|M0)  r58.0<1>:d  r106.0<1;1,0>:d  0:w  // $193
  mach (8|M0)  r72.0<1>:d  r68.0<1;1,0>:d  r42.0<1;1,0>:d  {Compacted}  // $268
(W)  mul (8|M8)  acc0.0<1>:d  r69.0<1;1,0>:d  r43.0<2;1,0>:uw  // $268
  mach (8|M8)  r73.0<1>:d  r69.0<1;1,0>:d  r43.0<1;1,0>:d  {Compacted}  // $269
(W)  mul (8|M0)  acc0.0<1>:ud  r48.0<1;1,0>:ud  r68.0<2;1,0>:uw  // $269
  cmp (16|M0)  (lt)f1.1  null<1>:d  r78.0<1;1,0>:ud  r106.0<1;1,0>:ud {$7.dst}  // $178
  add3 (16|M0)  r60.0<1>:d  r74.0<1;0>:d  -r58.0<1;0>:d  r34.0<1>:d  {I@6} // $203 R{} IR{}{O:2,O:14,O:8,},  R{} IR{}{O:2,O:14,O:8,},  {BC=2}
  mach (8|M0)  r14.0<1>:d  r48.0<1;1,0>:ud  r68.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r49.0<1;1,0>:ud  r69.0<2;1,0>:uw  // $269
  mach (8|M8)  r15.0<1>:d  r49.0<1;1,0>:ud  r69.0<1;1,0>:ud  {AccWrEn}  // $274
  cmp (16|M0)  (lt)f1.0  null<1>:d  r60.0<1;1,0>:ud  r106.0<1;1,0>:ud {I@4}  // $253
(W)  mul (8|M0)  acc0.0<1>:d  r104.0<1;1,0>:d  r14.0<2;1,0>:uw  {Compacted,I@4}  // $274
  mach (8|M0)  r52.0<1>:d  r104.0<1;1,0>:d  r14.0<1;1,0>:d  {Compacted}  // $274
(W)  mul (8|M8)  acc0.0<1>:d  r105.0<1;1,0>:d  r15.0<2;1,0>:uw  {I@4}  // $274
  mach (8|M8)  r53.0<1>:d  r105.0<1;1,0>:d  r15.0<1;1,0>:d  {Compacted}  // $275
(~f1.1) sel (16|M0)  r14.0<1>:d  r106.0<1;1,0>:d  0:w  // $179
  add (16|M0)  r32.0<1>:d  r32.0<1;1,0>:d  -r22.0<1;1,0>:d  {Compacted}  // $188
  add (16|M0)  r38.0<1>:d  r62.0<1;1,0>:d  -r20.0<1;1,0>:d  {Compacted}  // $221
  add (16|M0)  r66.0<1>:d  r66.0<1;1,0>:d  -r16.0<1;1,0>:d  {Compacted}  // $263
  add (16|M0)  r80.0<1>:d  r78.0<1;1,0>:d  -r14.0<1;1,0>:d  {Compacted,I@4}  // $180 R{} IR{}{O:3,O:3,},  R{} IR{}{O:3,O:3,},  {BC=2}
(~f1.0) sel (16|M0)  r20.0<1>:d  r106.0<1;1,0>:d  0:w  // $254
  add (16|M0)  r68.0<1>:d  r74.0<1;1,0>:d  -r58.0<1;1,0>:d  {Compacted}  // $194
  add3 (16|M0)  r62.0<1>:d  r60.0<1;0>:d  -r20.0<1;0>:d  r66.0<1>:d  {I@2} // $264
  add3 (16|M0)  r60.0<1>:d  r80.0<1;0>:d  -r32.0<1;0>:d  r106.0<1>:d  // $191
  add3 (16|M0)  r18.0<1>:d  r38.0<1;0>:d  -r56.0<1;0>:d  r106.0<1>:d  // $231
  add3 (16|M0)  r38.0<1>:d  r68.0<1;0>:d  r34.0<1;0>:d  -r20.0<1>:d  {I@4} // $255
  cmp (16|M0)  (lt)f1.1  r20.0<1>:ud  r60.0<1;1,0>:ud  r106.0<1;1,0>:ud {I@3}  // $266
  add3 (16|M0)  r16.0<1>:d  r78.0<1;0>:d  -r14.0<1;0>:d  r32.0<1>:d  // $189 R{} IR{}{O:3,O:3,E:8,},  R{} IR{}{O:3,O:3,E:8,},  {BC=2}
(W)  mul (8|M0)  acc0.0<1>:d  r18.0<1;1,0>:d  r42.0<2;1,0>:uw  {Compacted,I@4}  // $281
  add3 (16|M0)  r56.0<1>:d  r38.0<1;0>:d  -r66.0<1;0>:d  r106.0<1>:d  {I@4} // $265 R{} IR{}{O:9,O:0,O:10,},  R{} IR{}{O:9,O:0,O:10,},  {BC=2}
  add3 (16|M0)  r38.0<1>:d  r78.0<1;0>:d  -r14.0<1;0>:d  -r32.0<1>:d  // $190 R{} IR{}{O:3,O:3,E:8,},  R{} IR{}{O:3,O:3,E:8,},  {BC=2}
  mach (8|M0)  r14.0<1>:d  r18.0<1;1,0>:d  r42.0<1;1,0>:d  {Compacted}  // $281
(W)  mul (8|M8)  acc0.0<1>:d  r19.0<1;1,0>:d  r43.0<2;1,0>:uw  // $281
  cmp (16|M0)  (lt)f0.1  null<1>:d  r16.0<1;1,0>:ud  r106.0<1;1,0>:ud {I@6}  // $239
  mach (8|M8)  r15.0<1>:d  r19.0<1;1,0>:d  r43.0<1;1,0>:d  {Compacted}  // $282
(W)  mul (8|M0)  acc0.0<1>:ud  r48.0<1;1,0>:ud  r18.0<2;1,0>:uw  // $282
  add3 (16|M0)  r50.0<1>:d  r74.0<1;0>:d  -r58.0<1;0>:d  -r34.0<1>:d  // $204 R{} IR{}{O:2,O:14,O:8,},  R{} IR{}{O:2,O:14,O:8,},  {BC=2}
  bfn.(s0&s1|~s0&s2) (16|M0)  r58.0<1>:ud  r20.0<1;0>:ud  r60.0<1;0>:ud  r38.0<1>:ud  {I@7} // $267
  mach (8|M0)  r20.0<1>:d  r48.0<1;1,0>:ud  r18.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r49.0<1;1,0>:ud  r19.0<2;1,0>:uw  // $282
  mach (8|M8)  r21.0<1>:d  r49.0<1;1,0>:ud  r19.0<1;1,0>:ud  {AccWrEn}  // $287
(W)  mul (8|M0)  acc0.0<1>:d  r104.0<1;1,0>:d  r20.0<2;1,0>:uw  {Compacted,I@3}  // $287
  add (16|M0)  r64.0<1>:d  r64.0<1;1,0>:d  -r54.0<1;1,0>:d  {Compacted}  // $249
  add3 (16|M0)  r76.0<1>:d  r68.0<1;0>:d  -r34.0<1;0>:d  r106.0<1>:d  // $205
  mach (8|M0)  r12.0<1>:d  r104.0<1;1,0>:d  r20.0<1;1,0>:d  {Compacted}  // $287
(~f0.1) sel (16|M0)  r34.0<1>:d  r106.0<1;1,0>:d  0:w  // $240
(W)  mul (8|M8)  acc0.0<1>:d  r105.0<1;1,0>:d  r21.0<2;1,0>:uw  {I@6}  // $287
  mach (8|M8)  r13.0<1>:d  r105.0<1;1,0>:d  r21.0<1;1,0>:d  {Compacted}  // $288
(W)  mul (8|M0)  acc0.0<1>:d  r62.0<1;1,0>:d  r86.0<2;1,0>:uw  {Compacted,$3.dst} // $301
  add3 (16|M0)  r68.0<1>:d  r16.0<1;0>:d  -r34.0<1;0>:d  r64.0<1>:d  {I@4} // $250
  add3 (16|M0)  r22.0<1>:d  r16.0<1;0>:d  -r34.0<1;0>:d  -r64.0<1>:d  // $251
  mach (8|M0)  r16.0<1>:d  r62.0<1;1,0>:d  r86.0<1;1,0>:d  {Compacted}  // $301
(W)  mul (8|M8)  acc0.0<1>:d  r63.0<1;1,0>:d  r87.0<2;1,0>:uw  // $301
  mach (8|M8)  r17.0<1>:d  r63.0<1;1,0>:d  r87.0<1;1,0>:d  {Compacted}  // $302
(W)  mul (8|M0)  acc0.0<1>:ud  r96.0<1;1,0>:ud  r62.0<2;1,0>:uw  {$4.dst}  // $302
  add3 (16|M0)  r66.0<1>:d  r80.0<1;0>:d  r32.0<1;0>:d  -r34.0<1>:d  // $241
  mach (8|M0)  r32.0<1>:d  r96.0<1;1,0>:ud  r62.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r97.0<1;1,0>:ud  r63.0<2;1,0>:uw  // $302
  mach (8|M8)  r33.0<1>:d  r97.0<1;1,0>:ud  r63.0<1;1,0>:ud  {AccWrEn}  // $307
(W)  mul (8|M0)  acc0.0<1>:d  r104.0<1;1,0>:d  r32.0<2;1,0>:uw  {Compacted,I@3}  // $307
  cmp (16|M0)  (lt)f1.0  r38.0<1>:ud  r76.0<1;1,0>:ud  r106.0<1;1,0>:ud {Compacted}  // $279
  mach (8|M0)  r18.0<1>:d  r104.0<1;1,0>:d  r32.0<1;1,0>:d  {Compacted}  // $307
(W)  mul (8|M8)  acc0.0<1>:d  r105.0<1;1,0>:d  r33.0<2;1,0>:uw  {I@4}  // $307
  mach (8|M8)  r19.0<1>:d  r105.0<1;1,0>:d  r33.0<1;1,0>:d  {Compacted}  // $308
(W)  mul (8|M0)  acc0.0<1>:d  r56.0<1;1,0>:d  r88.0<2;1,0>:uw  {Compacted}  // $313
  mach (8|M0)  r20.0<1>:d  r56.0<1;1,0>:d  r88.0<1;1,0>:d  {Compacted}  // $313
(W)  mul (8|M8)  acc0.0<1>:d  r57.0<1;1,0>:d  r89.0<2;1,0>:uw  // $313
  mach (8|M8)  r21.0<1>:d  r57.0<1;1,0>:d  r89.0<1;1,0>:d  {Compacted}  // $314
(W)  mul (8|M0)  acc0.0<1>:ud  r98.0<1;1,0>:ud  r56.0<2;1,0>:uw  // $314
  bfn.(s0&s1|~s0&s2) (16|M0)  r40.0<1>:ud  r38.0<1;0>:ud  r76.0<1;0>:ud  r50.0<1>:ud  {I@7} // $280
  mach (8|M0)  r34.0<1>:d  r98.0<1;1,0>:ud  r56.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r99.0<1;1,0>:ud  r57.0<2;1,0>:uw  // $314
  mach (8|M8)  r35.0<1>:d  r99.0<1;1,0>:ud  r57.0<1;1,0>:ud  {AccWrEn}  // $319
  add3 (16|M0)  r32.0<1>:d  r40.0<1;0>:d  r14.0<1;0>:d  -r12.0<1>:d  {I@4} // $289
(W)  mul (8|M0)  acc0.0<1>:d  r104.0<1;1,0>:d  r34.0<2;1,0>:uw  {Compacted,I@4}  // $319
  mach (8|M0)  r42.0<1>:d  r104.0<1;1,0>:d  r34.0<1;1,0>:d  {Compacted}  // $319
(W)  mul (8|M8)  acc0.0<1>:d  r105.0<1;1,0>:d  r35.0<2;1,0>:uw  {I@4}  // $319
  mach (8|M8)  r43.0<1>:d  r105.0<1;1,0>:d  r35.0<1;1,0>:d  {Compacted}  // $320
(W)  mul (8|M0)  acc0.0<1>:d  r32.0<1;1,0>:d  r90.0<2;1,0>:uw  {Compacted,I@5}  // $326
  mach (8|M0)  r46.0<1>:d  r32.0<1;1,0>:d  r90.0<1;1,0>:d  {Compacted}  // $326
(W)  mul (8|M8)  acc0.0<1>:d  r33.0<1;1,0>:d  r91.0<2;1,0>:uw  // $326
  mach (8|M8)  r47.0<1>:d  r33.0<1;1,0>:d  r91.0<1;1,0>:d  {Compacted}  // $327
(W)  mul (8|M0)  acc0.0<1>:ud  r100.0<1;1,0>:ud  r32.0<2;1,0>:uw  // $327
  add (16|M0)  r38.0<1>:d  r14.0<1;1,0>:d  -r12.0<1;1,0>:d  {Compacted}  // $288
  mach (8|M0)  r48.0<1>:d  r100.0<1;1,0>:ud  r32.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r101.0<1;1,0>:ud  r33.0<2;1,0>:uw  // $327
  mach (8|M8)  r49.0<1>:d  r101.0<1;1,0>:ud  r33.0<1;1,0>:ud  {AccWrEn}  // $332
  add3 (16|M0)  r50.0<1>:d  r40.0<1;0>:d  -r38.0<1;0>:d  r106.0<1>:d  {I@4} // $290
(W)  mul (8|M0)  acc0.0<1>:d  r104.0<1;1,0>:d  r48.0<2;1,0>:uw  {Compacted,I@4}  // $332
  mach (8|M0)  r34.0<1>:d  r104.0<1;1,0>:d  r48.0<1;1,0>:d  {Compacted}  // $332
(W)  mul (8|M8)  acc0.0<1>:d  r105.0<1;1,0>:d  r49.0<2;1,0>:uw  {I@4}  // $332
  mach (8|M8)  r35.0<1>:d  r105.0<1;1,0>:d  r49.0<1;1,0>:d  {Compacted}  // $333
(W)  mul (8|M0)  acc0.0<1>:d  r50.0<1;1,0>:d  r92.0<2;1,0>:uw  {Compacted,I@5}  // $338
  add (16|M0)  r14.0<1>:d  r72.0<1;1,0>:d  -r52.0<1;1,0>:d  {Compacted}  // $275
  add3 (16|M0)  r32.0<1>:d  r58.0<1;0>:d  r72.0<1;0>:d  -r52.0<1>:d  // $276
  mach (8|M0)  r54.0<1>:d  r50.0<1;1,0>:d  r92.0<1;1,0>:d  {Compacted}  // $338
(W)  mul (8|M8)  acc0.0<1>:d  r51.0<1;1,0>:d  r93.0<2;1,0>:uw  // $338
  mach (8|M8)  r55.0<1>:d  r51.0<1;1,0>:d  r93.0<1;1,0>:d  {Compacted}  // $339
(W)  mul (8|M0)  acc0.0<1>:ud  r102.0<1;1,0>:ud  r50.0<2;1,0>:uw  // $339
  add3 (16|M0)  r74.0<1>:d  r66.0<1;0>:d  -r64.0<1;0>:d  r106.0<1>:d  // $252
  cmp (16|M0)  (lt)f1.0  null<1>:d  r68.0<1;1,0>:ud  r106.0<1;1,0>:ud  // $298
  add3 (16|M0)  r38.0<1>:d  r58.0<1;0>:d  -r14.0<1;0>:d  r106.0<1>:d  {I@7} // $278 R{} IR{}{O:14,O:3,O:10,},  R{} IR{}{O:14,O:3,O:10,},  {BC=2}
  cmp (16|M0)  (lt)f0.1  null<1>:d  r32.0<1;1,0>:ud  r106.0<1;1,0>:ud {I@7}  // $323
  mach (8|M0)  r12.0<1>:d  r102.0<1;1,0>:ud  r50.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r103.0<1;1,0>:ud  r51.0<2;1,0>:uw  // $339
  mach (8|M8)  r13.0<1>:d  r103.0<1;1,0>:ud  r51.0<1;1,0>:ud  {AccWrEn}  // $344
  cmp (16|M0)  (lt)f1.1  r48.0<1>:ud  r74.0<1;1,0>:ud  r106.0<1;1,0>:ud {I@7}  // $311
(W)  mul (8|M0)  acc0.0<1>:d  r104.0<1;1,0>:d  r12.0<2;1,0>:uw  {Compacted,I@4}  // $344
  cmp (16|M0)  (lt)f1.1  r56.0<1>:ud  r38.0<1;1,0>:ud  r106.0<1;1,0>:ud  // $336
  mach (8|M0)  r40.0<1>:d  r104.0<1;1,0>:d  r12.0<1;1,0>:d  {Compacted}  // $344
(W)  mul (8|M8)  acc0.0<1>:d  r105.0<1;1,0>:d  r13.0<2;1,0>:uw  {I@5}  // $344
  add (16|M0)  r112.0<1>:d  r110.0<1;1,0>:d  r7.3<0;1,0>:d  {Compacted}  // $356
  add3 (16|M0)  r60.0<1>:d  r58.0<1;0>:d  -r72.0<1;0>:d  r52.0<1>:d  // $277
(~f1.0) sel (16|M0)  r62.0<1>:d  r106.0<1;1,0>:d  0:w  // $299
(~f0.1) sel (16|M0)  r76.0<1>:d  r106.0<1;1,0>:d  0:w  // $324
  mach (8|M8)  r41.0<1>:d  r105.0<1;1,0>:d  r13.0<1;1,0>:d  {Compacted}  // $345
  add (16|M0)  r16.0<1>:d  r16.0<1;1,0>:d  -r18.0<1;1,0>:d  {Compacted}  // $308
  add (16|M0)  r78.0<1>:d  r20.0<1;1,0>:d  -r42.0<1;1,0>:d  {Compacted}  // $320
  add (16|M0)  r46.0<1>:d  r46.0<1;1,0>:d  -r34.0<1;1,0>:d  {Compacted}  // $333
  bfn.(s0&s1|~s0&s2) (16|M0)  r84.0<1>:ud  r48.0<1;0>:ud  r74.0<1;0>:ud  r22.0<1>:ud  // $312
  bfn.(s0&s1|~s0&s2) (16|M0)  r52.0<1>:ud  r56.0<1;0>:ud  r38.0<1;0>:ud  r60.0<1>:ud  {I@7} // $337
  add3 (16|M0)  r50.0<1>:d  r66.0<1;0>:d  r64.0<1;0>:d  -r62.0<1>:d  {I@7} // $300
  add3 (16|M0)  r80.0<1>:d  r58.0<1;0>:d  r14.0<1;0>:d  -r76.0<1>:d  {I@7} // $325
  shr (16|M0)  (eq)f0.1  null<1>:d  r112.0<1;1,0>:ud  r117.3<0;1,0>:d  // $357
  add (16|M0)  r82.0<1>:d  r54.0<1;1,0>:d  -r40.0<1;1,0>:d  {Compacted,I@7}  // $345
  add3 (16|M0)  r72.0<1>:d  r68.0<1;0>:d  -r62.0<1;0>:d  r16.0<1>:d  {I@7} // $309
  add3 (16|M0)  r34.0<1>:d  r32.0<1;0>:d  -r76.0<1;0>:d  r46.0<1>:d  {I@7} // $334
  add3 (16|M0)  r18.0<1>:d  r84.0<1;0>:d  r20.0<1;0>:d  -r42.0<1>:d  {I@7} // $321 R{} IR{}{E:5,E:5,O:10,},  R{} IR{}{E:5,E:5,O:10,},  {BC=2}
  add3 (16|M0)  r38.0<1>:d  r52.0<1;0>:d  r54.0<1;0>:d  -r40.0<1>:d  {I@7} // $346
  add3 (16|M0)  r12.0<1>:d  r50.0<1;0>:d  -r16.0<1;0>:d  r106.0<1>:d  {I@7} // $310
  add3 (16|M0)  r14.0<1>:d  r84.0<1;0>:d  -r78.0<1;0>:d  r106.0<1>:d  // $322
  add3 (16|M0)  r22.0<1>:d  r80.0<1;0>:d  -r46.0<1;0>:d  r106.0<1>:d  {I@7} // $335
  add3 (16|M0)  r16.0<1>:d  r52.0<1;0>:d  -r82.0<1;0>:d  r106.0<1>:d  {I@7} // $347
  send.dc1 (16|M0)  null  r26  r72:2  0x0  0x04025EFE  {A@7,$13} // wr:2+2, rd:0; untyped surface write with x // $348
  send.dc1 (16|M0)  null  r70  r12:2  0x0  0x04025EFE  {A@4,$0} // wr:2+2, rd:0; untyped surface write with x // $349
  send.dc1 (16|M0)  null  r44  r18:2  0x0  0x04025EFE  {$11} // wr:2+2, rd:0; untyped surface write with x // $350
  send.dc1 (16|M0)  null  r36  r14:2  0x0  0x04025EFE  {A@3,$14} // wr:2+2, rd:0; untyped surface write with x // $351
  send.dc1 (16|M0)  null  r28  r34:2  0x0  0x04025EFE  {$9} // wr:2+2, rd:0; untyped surface write with x // $352
  send.dc1 (16|M0)  null  r10  r22:2  0x0  0x04025EFE  {A@2,$15} // wr:2+2, rd:0; untyped surface write with x // $353
  send.dc1 (16|M0)  null  r30  r38:2  0x0  0x04025EFE  {$10} // wr:2+2, rd:0; untyped surface write with x // $354
  send.dc1 (16|M0)  null  r24  r16:2  0x0  0x04025EFE  {A@1,$1} // wr:2+2, rd:0; untyped surface write with x // $355
(~f0.1) goto (16|M0)  _0_064  _0_064  // $359
  mov (16|M0)  r110.0<1>:f  r112.0<1;1,0>:f  {Compacted}  // $361
(W)  jmpi  _0_066  // $362
