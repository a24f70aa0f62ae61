// key_switch_w32.dg2.ks_mac: L0, instructions 247..590 of OCL_asm5f8869084129b23e_simd32_entry_0002.asm (the innermost loop with the most multiplies): {'insts': 344, 'mul': 124, 'q64': 0, 'send': 10, 'scratch': 0, 'lanes': 3755, 'mul_lanes': 964}
  cmp (16|M0)  (eq)f1.0  null<1>:d  r10.2<0;1,0>:d  r72.0<1;1,0>:d  {I@3}  // $202
  cmp (16|M16)  (eq)f1.0  null<1>:d  r10.2<0;1,0>:d  r36.0<1;1,0>:d  // $203
(~f1.0) goto (32|M0)  _0_034  _0_034  // $204
  mov (16|M0)  r22.0<1>:f  r72.0<1;1,0>:f  {Compacted,I@5}  // $206
  mov (16|M16)  r40.0<1>:f  r36.0<1;1,0>:f  {Compacted}  // $207
  mov (16|M0)  r28.0<1>:f  r104.0<1;1,0>:f  {Compacted}  // $208
  mov (16|M16)  r52.0<1>:d  r99.0<1;1,0>:d  // $209
  mov (16|M0)  r24.0<1>:d  r102.0<1;1,0>:d  // $210
  mov (16|M16)  r50.0<1>:d  r97.0<1;1,0>:d  // $211
  goto (32|M0)  _0_034  _0_036  // $212
  join (32|M0)  _0_036  //
(W)  mul (1|M0)  acc0.0<1>:ud  r95.0<0;1,0>:ud  r10.4<0;1,0>:uw  // $214
(W)  mach (1|M0)  r12.0<1>:ud  r95.0<0;1,0>:ud  r10.2<0;1,0>:ud  {AccWrEn}  //
  mov (16|M16)  r40.0<1>:d  r10.2<0;1,0>:d  {F@2}  // $260
(W)  mov (1|M0)  r11.0<1>:ud  acc0.0<0;1,0>:ud  {Compacted}  //
(W)  mul (1|M0)  acc0.0<1>:d  r10.2<0;1,0>:ud  r10.10<0;1,0>:uw  // $219
(W)  mach (1|M0)  r13.0<1>:d  r10.2<0;1,0>:ud  r10.5<0;1,0>:d  // $220
  addc (8|M0)  r26.0<1>:ud  r11.0<0;1,0>:ud  r18.0<1;1,0>:ud  {AccWrEn,Compacted,I@3} // $221
(W)  add (1|M0)  r95.1<1>:d  r12.0<0;1,0>:d  r13.0<0;1,0>:d  {Compacted,I@2}  // $220 R{} IR{}{E:3,E:3,},  {BC=1}
  mov (8|M0)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $221
  addc (8|M8)  r27.0<1>:ud  r11.0<0;1,0>:ud  r19.0<1;1,0>:ud  {AccWrEn}  // $223
  add (8|M0)  r22.0<1>:ud  r14.0<1;1,0>:ud  r95.1<0;1,0>:ud  {Compacted,I@2}  // $222
  mov (8|M8)  r13.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $223
  addc (8|M16)  r54.0<1>:ud  r11.0<0;1,0>:ud  r38.0<1;1,0>:ud  {AccWrEn}  // $225
  add (8|M8)  r23.0<1>:ud  r13.0<1;1,0>:ud  r95.1<0;1,0>:ud  {Compacted,I@2}  // $224
  mov (8|M16)  r13.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $225
  addc (8|M24)  r55.0<1>:ud  r11.0<0;1,0>:ud  r39.0<1;1,0>:ud  {AccWrEn}  // $227
  add (8|M16)  r34.0<1>:ud  r13.0<1;1,0>:ud  r95.1<0;1,0>:ud  {Compacted,I@2}  // $226
  mov (8|M24)  r11.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $227
  mul (8|M0)  acc0.0<1>:ud  r26.0<1;1,0>:ud  r9.10<0;1,0>:uw  // $229
  mach (8|M0)  r24.0<1>:ud  r26.0<1;1,0>:ud  r9.5<0;1,0>:ud  {AccWrEn,Compacted} //
  add (8|M24)  r35.0<1>:ud  r11.0<1;1,0>:ud  r95.1<0;1,0>:ud  {Compacted,I@3}  // $228
  mov (8|M0)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r27.0<1;1,0>:ud  r9.10<0;1,0>:uw  // $229
  mach (8|M8)  r25.0<1>:ud  r27.0<1;1,0>:ud  r9.5<0;1,0>:ud  {AccWrEn}  // $234
  mov (8|M8)  r13.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $234
(W)  mul (8|M0)  acc0.0<1>:d  r9.5<0;1,0>:ud  r22.0<2;1,0>:uw  // $234
  mach (8|M0)  r26.0<1>:d  r9.5<0;1,0>:ud  r22.0<1;1,0>:d  // $234
(W)  mul (8|M8)  acc0.0<1>:d  r9.5<0;1,0>:ud  r23.0<2;1,0>:uw  // $234
  mach (8|M8)  r27.0<1>:d  r9.5<0;1,0>:ud  r23.0<1;1,0>:d  // $235
  mul (8|M16)  acc0.0<1>:ud  r54.0<1;1,0>:ud  r9.10<0;1,0>:uw  // $236
  add (16|M0)  r22.0<1>:d  r24.0<1;1,0>:d  r26.0<1;1,0>:d  {Compacted,I@2}  // $235
  mach (8|M16)  r26.0<1>:ud  r54.0<1;1,0>:ud  r9.5<0;1,0>:ud  {AccWrEn}  //
  shr (16|M0)  r24.0<1>:d  r12.0<1;1,0>:ud  30:w  {Compacted}  // $245
  mov (8|M16)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r55.0<1;1,0>:ud  r9.10<0;1,0>:uw  // $236
  mach (8|M24)  r27.0<1>:ud  r55.0<1;1,0>:ud  r9.5<0;1,0>:ud  {AccWrEn}  // $241
  shl (16|M0)  r22.0<1>:d  r22.0<1;1,0>:d  2:w  {Compacted,I@6}  // $247
  mov (8|M24)  r33.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $241
(W)  mul (8|M16)  acc0.0<1>:d  r9.5<0;1,0>:ud  r34.0<2;1,0>:uw  // $241
  mach (8|M16)  r60.0<1>:d  r9.5<0;1,0>:ud  r34.0<1;1,0>:d  // $241
(W)  mul (8|M24)  acc0.0<1>:d  r9.5<0;1,0>:ud  r35.0<2;1,0>:uw  // $241
  mach (8|M24)  r61.0<1>:d  r9.5<0;1,0>:ud  r35.0<1;1,0>:d  // $242
  or (16|M0)  r22.0<1>:d  r22.0<1;1,0>:d  r24.0<1;1,0>:d  {Compacted,I@6}  // $249
  add (16|M16)  r54.0<1>:d  r26.0<1;1,0>:d  r60.0<1;1,0>:d  {Compacted,I@2}  // $242
  shl (16|M0)  r26.0<1>:d  r12.0<1;1,0>:d  2:w  {Compacted}  // $243
  shl (16|M16)  r54.0<1>:d  r54.0<1;1,0>:d  2:w  {Compacted,I@2}  // $248
  shr (16|M16)  r11.0<1>:d  r32.0<1;1,0>:ud  30:w  {Compacted}  // $246
  addc (8|M0)  r24.0<1>:ud  r76.0<1;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,Compacted,I@3} // $251
  shl (16|M16)  r34.0<1>:d  r32.0<1;1,0>:d  2:w  {Compacted}  // $244
  or (16|M16)  r54.0<1>:d  r54.0<1;1,0>:d  r11.0<1;1,0>:d  {Compacted,I@3}  // $250
  mov (8|M0)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $251
  addc (8|M8)  r25.0<1>:ud  r77.0<1;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn}  // $253
  add3 (8|M0)  r12.0<1>:ud  r12.0<1;0>:ud  r74.0<1;0>:ud  r22.0<1>:ud  {I@2} // $252
  mov (8|M8)  r11.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $253
  addc (8|M16)  r32.0<1>:ud  r58.0<1;1,0>:ud  r34.0<1;1,0>:ud  {AccWrEn}  // $255
  add3 (8|M8)  r13.0<1>:ud  r11.0<1;0>:ud  r75.0<1;0>:ud  r23.0<1>:ud  {I@2} // $254 R{} IR{}{O:2,O:2,O:5,},  {BC=1}
  mov (8|M16)  r11.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $255
  addc (8|M24)  r33.0<1>:ud  r59.0<1;1,0>:ud  r35.0<1;1,0>:ud  {AccWrEn}  // $257
  add3 (8|M16)  r26.0<1>:ud  r11.0<1;0>:ud  r56.0<1;0>:ud  r54.0<1>:ud  {I@2} // $256
  mov (8|M24)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $257
  mov (16|M0)  r28.0<1>:f  r24.0<1;1,0>:f  {Compacted}  // $261
  add3 (8|M24)  r27.0<1>:ud  acc0.0<1;0>:ud  r57.0<1;0>:ud  r55.0<1>:ud  // $258
  mov (16|M0)  r22.0<1>:d  r10.2<0;1,0>:d  // $259
  mov (16|M16)  r52.0<1>:f  r32.0<1;1,0>:f  {Compacted,I@5}  // $262
  mov (16|M0)  r24.0<1>:f  r12.0<1;1,0>:f  {Compacted}  // $263
  mov (16|M16)  r50.0<1>:f  r26.0<1;1,0>:f  {Compacted,A@2}  // $264
  join (32|M0)  _0_032  //
  shl (16|M0)  r34.0<1>:d  r22.0<1;1,0>:d  1:w  {Compacted,I@2}  // $272
  mul (8|M0)  acc0.0<1>:ud  r34.0<1;1,0>:ud  r10.2<0;1,0>:uw  {I@1}  // $276
  mach (8|M0)  r26.0<1>:ud  r34.0<1;1,0>:ud  r10.1<0;1,0>:ud  {AccWrEn,Compacted,F@1} //
  shr (16|M0)  r32.0<1>:d  r22.0<1;1,0>:ud  31:w  {Compacted}  // $274
  mov (8|M0)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r35.0<1;1,0>:ud  r10.2<0;1,0>:uw  // $276
  mach (8|M8)  r27.0<1>:ud  r35.0<1;1,0>:ud  r10.1<0;1,0>:ud  {AccWrEn}  // $277
  shl (16|M16)  r62.0<1>:d  r40.0<1;1,0>:d  1:w  {Compacted}  // $273
  mov (8|M8)  r13.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $277
(W)  mul (8|M0)  acc0.0<1>:d  r34.0<1;1,0>:ud  r10.8<0;1,0>:uw  // $279
  mach (8|M0)  r22.0<1>:d  r34.0<1;1,0>:ud  r10.4<0;1,0>:d  // $279
(W)  mul (8|M8)  acc0.0<1>:d  r35.0<1;1,0>:ud  r10.8<0;1,0>:uw  // $279
  mach (8|M8)  r23.0<1>:d  r35.0<1;1,0>:ud  r10.4<0;1,0>:d  // $280
(W)  mul (8|M0)  acc0.0<1>:d  r10.1<0;1,0>:ud  r32.0<2;1,0>:uw  {I@7}  // $281
  add (16|M0)  r64.0<1>:d  r26.0<1;1,0>:d  r22.0<1;1,0>:d  {Compacted,I@2}  // $280
  mach (8|M0)  r22.0<1>:d  r10.1<0;1,0>:ud  r32.0<1;1,0>:d  // $281
(W)  mul (8|M8)  acc0.0<1>:d  r10.1<0;1,0>:ud  r33.0<2;1,0>:uw  // $281
  mach (8|M8)  r23.0<1>:d  r10.1<0;1,0>:ud  r33.0<1;1,0>:d  // $282
  mul (8|M16)  acc0.0<1>:ud  r62.0<1;1,0>:ud  r10.2<0;1,0>:uw  // $283
  mach (8|M16)  r54.0<1>:ud  r62.0<1;1,0>:ud  r10.1<0;1,0>:ud  {AccWrEn}  //
  shr (16|M16)  r60.0<1>:d  r40.0<1;1,0>:ud  31:w  {Compacted}  // $275
  mov (8|M16)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r63.0<1;1,0>:ud  r10.2<0;1,0>:uw  // $283
  mach (8|M24)  r55.0<1>:ud  r63.0<1;1,0>:ud  r10.1<0;1,0>:ud  {AccWrEn}  // $284
  mov (16|M0)  r26.0<1>:f  r12.0<1;1,0>:f  {Compacted,I@7}  // $277
  mov (8|M24)  r33.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $284
(W)  mul (8|M16)  acc0.0<1>:d  r62.0<1;1,0>:ud  r10.8<0;1,0>:uw  // $286
  mach (8|M16)  r34.0<1>:d  r62.0<1;1,0>:ud  r10.4<0;1,0>:d  // $286
(W)  mul (8|M24)  acc0.0<1>:d  r63.0<1;1,0>:ud  r10.8<0;1,0>:uw  // $286
  mach (8|M24)  r35.0<1>:d  r63.0<1;1,0>:ud  r10.4<0;1,0>:d  // $287
(W)  mul (8|M16)  acc0.0<1>:d  r10.1<0;1,0>:ud  r60.0<2;1,0>:uw  {I@7}  // $288
  add (16|M16)  r40.0<1>:d  r54.0<1;1,0>:d  r34.0<1;1,0>:d  {Compacted,I@2}  // $287
  mach (8|M16)  r34.0<1>:d  r10.1<0;1,0>:ud  r60.0<1;1,0>:d  // $288
(W)  mul (8|M24)  acc0.0<1>:d  r10.1<0;1,0>:ud  r61.0<2;1,0>:uw  // $288
  mach (8|M24)  r35.0<1>:d  r10.1<0;1,0>:ud  r61.0<1;1,0>:d  // $289
  addc (8|M0)  r12.0<1>:ud  r26.0<1;1,0>:ud  r84.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $290
  mov (16|M16)  r54.0<1>:f  r32.0<1;1,0>:f  {Compacted,I@5}  // $284
  mov (8|M0)  r96.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $290
  addc (8|M8)  r13.0<1>:ud  r27.0<1;1,0>:ud  r85.0<1;1,0>:ud  {AccWrEn}  // $292
(W)  and (1|M0)  r95.1<1>:d  r10.2<0;1,0>:d  15:w  // $368
  mov (8|M8)  r90.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $292
  addc (8|M16)  r60.0<1>:ud  r54.0<1;1,0>:ud  r80.0<1;1,0>:ud  {AccWrEn,F@1}  // $294
(W)  cmp (16|M0)  (eq)f0.0  null<1>:d  r95.1<0;1,0>:d  15:w  {Compacted,I@3}  // $369
  mov (8|M16)  r71.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $294
  addc (8|M24)  r61.0<1>:ud  r55.0<1;1,0>:ud  r81.0<1;1,0>:ud  {AccWrEn}  // $296
(W)  cmp (16|M16)  (eq)f0.0  null<1>:d  r95.1<0;1,0>:d  15:w  // $370
  mov (8|M24)  r70.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $296
  addc (8|M0)  r26.0<1>:ud  r12.0<1;1,0>:ud  r16.0<1;1,0>:ud  {AccWrEn,Compacted} // $298
  mov (8|M0)  r11.0<2>:d  r28.0<1;1,0>:d  // $266
  mov (8|M0)  r94.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $298
  addc (8|M8)  r27.0<1>:ud  r13.0<1;1,0>:ud  r17.0<1;1,0>:ud  {AccWrEn}  // $300
  mov (8|M0)  r11.1<2>:d  r24.0<1;1,0>:d  // $267
  shl (16|M0)  r32.0<1>:d  r26.0<1;1,0>:d  2:w  {Compacted,I@2}  // $306
  mov (8|M8)  r13.0<2>:d  r29.0<1;1,0>:d  // $266
  mov (8|M8)  r89.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $300
  add (16|M0)  r32.0<1>:d  r32.0<1;1,0>:d  r10.6<0;1,0>:d  {Compacted,I@3}  // $308
  mov (8|M8)  r13.1<2>:d  r25.0<1;1,0>:d  // $267
  addc (8|M16)  r54.0<1>:ud  r60.0<1;1,0>:ud  r30.0<1;1,0>:ud  {AccWrEn}  // $302
  send.dc1 (16|M0)  r28  r32  null:0  0x0  0x04205E01  {A@3,$4} // wr:2+0, rd:2; untyped surface read with x // $311
  send.dc1 (16|M0)  r24  r11  null:0  0x0  0x082411FF  {A@2,$5} // wr:4+0, rd:2; a64 dword gathering read // $270
  mov (8|M16)  r88.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $302
  addc (8|M24)  r55.0<1>:ud  r61.0<1;1,0>:ud  r31.0<1;1,0>:ud  {AccWrEn}  // $304
  mov (8|M16)  r11.0<2>:d  r52.0<1;1,0>:d  {$5.src}  // $268
  sync.nop  null  {Compacted,$4.src}  // $307
  shl (16|M16)  r32.0<1>:d  r54.0<1;1,0>:d  2:w  {Compacted,I@2}  // $307
  mov (8|M24)  r13.0<2>:d  r53.0<1;1,0>:d  // $268
  mov (8|M16)  r11.1<2>:d  r50.0<1;1,0>:d  // $269
  add (16|M16)  r32.0<1>:d  r32.0<1;1,0>:d  r10.6<0;1,0>:d  {Compacted,I@3}  // $309
  mov (8|M24)  r13.1<2>:d  r51.0<1;1,0>:d  // $269
  send.dc1 (16|M16)  r62  r32  null:0  0x0  0x04205E01  {A@2,$6} // wr:2+0, rd:2; untyped surface read with x // $313
  send.dc1 (16|M16)  r52  r11  null:0  0x0  0x082411FF  {A@1,$7} // wr:4+0, rd:2; a64 dword gathering read // $271
  add (16|M0)  r12.0<1>:d  r26.0<1;1,0>:d  r10.1<0;1,0>:d  {Compacted,$7.src} // $336
  shl (16|M0)  r12.0<1>:d  r12.0<1;1,0>:d  2:w  {Compacted,I@1}  // $338
  add (16|M0)  r12.0<1>:d  r12.0<1;1,0>:d  r10.6<0;1,0>:d  {Compacted,I@1}  // $340
  send.dc1 (16|M0)  r26  r12  null:0  0x0  0x04205E01  {A@1,$8} // wr:2+0, rd:2; untyped surface read with x // $343
  add (16|M16)  r32.0<1>:d  r54.0<1;1,0>:d  r10.1<0;1,0>:d  {Compacted,$6.src} // $337
  shl (16|M16)  r32.0<1>:d  r32.0<1;1,0>:d  2:w  {Compacted,I@1}  // $339
  add (16|M16)  r32.0<1>:d  r32.0<1;1,0>:d  r10.6<0;1,0>:d  {Compacted,I@1}  // $341
  send.dc1 (16|M16)  r54  r32  null:0  0x0  0x04205E01  {A@1,$9} // wr:2+0, rd:2; untyped surface read with x // $345
  mov (8|M24)  r91.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $304
  sync.nop  null  {Compacted,$5.dst}  // $314
  mul (8|M0)  acc0.0<1>:ud  r24.0<1;1,0>:ud  r28.0<2;1,0>:uw  {$4.dst}  // $314
  mach (8|M0)  r12.0<1>:ud  r24.0<1;1,0>:ud  r28.0<1;1,0>:ud  {AccWrEn,Compacted,$8.src} //
  mov (8|M0)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,$9.src}  //
  mul (8|M8)  acc0.0<1>:ud  r25.0<1;1,0>:ud  r29.0<2;1,0>:uw  // $314
  mach (8|M8)  r13.0<1>:ud  r25.0<1;1,0>:ud  r29.0<1;1,0>:ud  {AccWrEn}  // $315
  mov (8|M8)  r33.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $315
  mov (16|M0)  r50.0<1>:f  r32.0<1;1,0>:f  {Compacted,A@1}  // $315
  sync.nop  null  {Compacted,$7.dst}  // $321
  mul (8|M16)  acc0.0<1>:ud  r52.0<1;1,0>:ud  r62.0<2;1,0>:uw  {$6.dst}  // $321
  mach (8|M16)  r60.0<1>:ud  r52.0<1;1,0>:ud  r62.0<1;1,0>:ud  {AccWrEn}  //
  mov (8|M16)  r66.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r53.0<1;1,0>:ud  r63.0<2;1,0>:uw  // $321
  mach (8|M24)  r61.0<1>:ud  r53.0<1;1,0>:ud  r63.0<1;1,0>:ud  {AccWrEn}  // $322
  mov (8|M24)  r67.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $322
  addc (8|M0)  r28.0<1>:ud  r2.0<1;1,0>:ud  r50.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $328
  mov (16|M16)  r32.0<1>:f  r66.0<1;1,0>:f  {Compacted,A@2}  // $322
  mov (8|M0)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $328
  addc (8|M8)  r29.0<1>:ud  r3.0<1;1,0>:ud  r51.0<1;1,0>:ud  {AccWrEn}  // $330
  add (16|M0)  r2.0<1>:d  r64.0<1;1,0>:d  r22.0<1;1,0>:d  {Compacted}  // $282
  mov (8|M8)  r51.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $330
  addc (8|M16)  r68.0<1>:ud  r44.0<1;1,0>:ud  r32.0<1;1,0>:ud  {AccWrEn,F@1}  // $332
  add3 (8|M0)  acc2.0<1>:ud  r96.0<1;0>:ud  r2.0<1;0>:ud  r82.0<1>:ud  {I@3} // $291
  mov (8|M16)  r50.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $332
  addc (8|M24)  r69.0<1>:ud  r45.0<1;1,0>:ud  r33.0<1;1,0>:ud  {AccWrEn}  // $334
  add3 (8|M8)  r23.0<1>:ud  r90.0<1;0>:ud  r3.0<1;0>:ud  r83.0<1>:ud  // $293 R{} IR{}{O:6,O:0,O:4,},  {BC=1}
  mov (16|M0)  r2.0<1>:f  r12.0<1;1,0>:f  {Compacted,A@1}  // $320
  mov (8|M24)  r62.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $334
  mul (8|M0)  acc0.0<1>:ud  r24.0<1;1,0>:ud  r26.0<2;1,0>:uw  {$8.dst}  // $346
  mov (16|M16)  r11.0<1>:f  r60.0<1;1,0>:f  {Compacted}  // $327
  add3 (8|M0)  r6.0<1>:ud  r14.0<1;0>:ud  r6.0<1;0>:ud  r2.0<1>:ud  {F@2} // $329 R{} IR{}{O:3,O:1,O:0,},  {BC=1}
  mach (8|M0)  r2.0<1>:ud  r24.0<1;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add3 (8|M24)  r43.0<1>:ud  r62.0<1;0>:ud  r43.0<1;0>:ud  r12.0<1>:ud  {A@1} // $335
  mov (8|M0)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r25.0<1;1,0>:ud  r27.0<2;1,0>:uw  // $346
  add3 (8|M8)  r7.0<1>:ud  r51.0<1;0>:ud  r7.0<1;0>:ud  r3.0<1>:ud  // $331 R{} IR{}{O:12,O:1,O:0,},  {BC=1}
  mach (8|M8)  r3.0<1>:ud  r25.0<1;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn}  // $347
  add (16|M16)  r32.0<1>:d  r40.0<1;1,0>:d  r34.0<1;1,0>:d  {Compacted}  // $289
  mov (8|M8)  r13.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $347
  mul (8|M16)  acc0.0<1>:ud  r52.0<1;1,0>:ud  r54.0<2;1,0>:uw  {$9.dst}  // $353
  mach (8|M16)  r24.0<1>:ud  r52.0<1;1,0>:ud  r54.0<1;1,0>:ud  {AccWrEn}  //
  add3 (8|M16)  r34.0<1>:ud  r71.0<1;0>:ud  r32.0<1;0>:ud  r78.0<1>:ud  {I@4} // $295
  add (8|M0)  r32.0<1>:ud  r94.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $299
  mov (8|M16)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r53.0<1;1,0>:ud  r55.0<2;1,0>:uw  // $353
  add3 (8|M24)  acc2.0<1>:ud  r70.0<1;0>:ud  r33.0<1;0>:ud  r79.0<1>:ud  // $297
  mach (8|M24)  r25.0<1>:ud  r53.0<1;1,0>:ud  r55.0<1;1,0>:ud  {AccWrEn}  // $354
  add (8|M8)  r33.0<1>:ud  r89.0<1;1,0>:ud  r23.0<1;1,0>:ud  {Compacted}  // $301
  mov (16|M0)  r22.0<1>:f  r12.0<1;1,0>:f  {Compacted,A@1}  // $347
  mov (8|M24)  r33.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $354
  addc (8|M0)  r26.0<1>:ud  r4.0<1;1,0>:ud  r22.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $360
  mov (16|M16)  r13.0<1>:f  r32.0<1;1,0>:f  {Compacted,I@2}  // $354
  mov (8|M0)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $360
  addc (8|M8)  r27.0<1>:ud  r5.0<1;1,0>:ud  r23.0<1;1,0>:ud  {AccWrEn}  // $362
  add3 (8|M16)  r42.0<1>:ud  r50.0<1;0>:ud  r42.0<1;0>:ud  r11.0<1>:ud  // $333 R{} IR{}{O:12,O:10,O:2,},  {BC=1}
  mov (8|M8)  r23.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $362
  addc (8|M16)  r64.0<1>:ud  r48.0<1;1,0>:ud  r13.0<1;1,0>:ud  {AccWrEn,F@1}  // $364
  mov (16|M0)  r4.0<1>:f  r2.0<1;1,0>:f  {Compacted,A@4}  // $352
  mov (8|M16)  r22.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $364
  addc (8|M24)  r65.0<1>:ud  r49.0<1;1,0>:ud  r14.0<1;1,0>:ud  {AccWrEn}  // $366
  mov (16|M16)  r13.0<1>:f  r24.0<1;1,0>:f  {Compacted,A@1}  // $359
  mov (8|M24)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $366
  add (8|M16)  r40.0<1>:ud  r88.0<1;1,0>:ud  r34.0<1;1,0>:ud  {Compacted}  // $303
  add (8|M24)  r41.0<1>:ud  r91.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $305
  add3 (8|M0)  r20.0<1>:ud  r12.0<1;0>:ud  r20.0<1;0>:ud  r4.0<1>:ud  {F@2} // $361 R{} IR{}{E:3,E:5,E:1,},  {BC=1}
  add3 (8|M8)  r21.0<1>:ud  r23.0<1;0>:ud  r21.0<1;0>:ud  r5.0<1>:ud  // $363
  add3 (8|M16)  r46.0<1>:ud  r22.0<1;0>:ud  r46.0<1;0>:ud  r13.0<1>:ud  {F@1} // $365
  add3 (8|M24)  r47.0<1>:ud  acc0.0<1;0>:ud  r47.0<1;0>:ud  r14.0<1>:ud  // $367
(f0.0)  goto (32|M0)  _0_037  _0_037  // $371
  mov (16|M0)  r2.0<1>:f  r28.0<1;1,0>:f  {Compacted}  // $373
  mov (16|M16)  r44.0<1>:f  r68.0<1;1,0>:f  {Compacted}  // $374
  mov (16|M0)  r4.0<1>:d  r26.0<1;1,0>:d  // $375
  mov (16|M16)  r48.0<1>:d  r64.0<1;1,0>:d  // $376
  goto (32|M0)  _0_037  _0_039  // $377
  join (32|M0)  _0_039  //
  send.dc1 (16|M0)  r24  r108  null:0  0x0  0x04205E04  {$10} // wr:2+0, rd:2; untyped surface read with x // $384
  send.dc1 (16|M16)  r40  r106  null:0  0x0  0x04205E04  {A@7,$11} // wr:2+0, rd:2; untyped surface read with x // $386
  send.dc1 (16|M0)  r2  r92  null:0  0x0  0x04405604  {A@2,$12} // wr:2+0, rd:4; untyped surface read with xw // $380
  send.dc1 (16|M16)  r11  r86  null:0  0x0  0x04405604  {$13} // wr:2+0, rd:4; untyped surface read with xw // $382
(W)  mul (8|M0)  acc0.0<1>:d  r24.0<1;1,0>:d  r6.0<2;1,0>:uw  {Compacted,$10.dst} // $387
  mach (8|M0)  r32.0<1>:d  r24.0<1;1,0>:d  r6.0<1;1,0>:d  {Compacted}  // $387
(W)  mul (8|M8)  acc0.0<1>:d  r25.0<1;1,0>:d  r7.0<2;1,0>:uw  // $387
  mach (8|M8)  r33.0<1>:d  r25.0<1;1,0>:d  r7.0<1;1,0>:d  {Compacted}  // $388
(W)  mul (8|M16)  acc0.0<1>:d  r40.0<1;1,0>:d  r42.0<2;1,0>:uw  {$11.dst}  // $388
  mach (8|M16)  r54.0<1>:d  r40.0<1;1,0>:d  r42.0<1;1,0>:d  {Compacted}  // $388
(W)  mul (8|M24)  acc0.0<1>:d  r41.0<1;1,0>:d  r43.0<2;1,0>:uw  // $388
  mach (8|M24)  r55.0<1>:d  r41.0<1;1,0>:d  r43.0<1;1,0>:d  {Compacted}  // $389
(W)  mul (8|M0)  acc0.0<1>:ud  r6.0<1;1,0>:ud  r4.0<2;1,0>:uw  {$12.dst}  // $389
  mach (8|M0)  r22.0<1>:d  r6.0<1;1,0>:ud  r4.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r7.0<1;1,0>:ud  r5.0<2;1,0>:uw  // $389
  mach (8|M8)  r23.0<1>:d  r7.0<1;1,0>:ud  r5.0<1;1,0>:ud  {AccWrEn}  // $394
(W)  mul (8|M0)  acc0.0<1>:ud  r42.0<1;1,0>:ud  r13.0<2;1,0>:uw  {$13.dst}  // $394
  mach (8|M16)  r52.0<1>:d  r42.0<1;1,0>:ud  r13.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r43.0<1;1,0>:ud  r14.0<2;1,0>:uw  // $394
  mach (8|M24)  r53.0<1>:d  r43.0<1;1,0>:ud  r14.0<1;1,0>:ud  {AccWrEn}  // $399
(W)  mul (8|M0)  acc0.0<1>:ud  r28.0<1;1,0>:ud  r24.0<2;1,0>:uw  // $399
  mach (8|M0)  r6.0<1>:d  r28.0<1;1,0>:ud  r24.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r29.0<1;1,0>:ud  r25.0<2;1,0>:uw  // $399
  mach (8|M8)  r7.0<1>:d  r29.0<1;1,0>:ud  r25.0<1;1,0>:ud  {AccWrEn}  // $404
(W)  mul (8|M0)  acc0.0<1>:ud  r68.0<1;1,0>:ud  r40.0<2;1,0>:uw  // $404
  mach (8|M16)  r50.0<1>:d  r68.0<1;1,0>:ud  r40.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r69.0<1;1,0>:ud  r41.0<2;1,0>:uw  // $404
  add3 (16|M0)  r34.0<1>:d  r32.0<1;0>:d  r22.0<1;0>:d  r6.0<1>:d  {I@4} // $409
  mach (8|M24)  r51.0<1>:d  r69.0<1;1,0>:ud  r41.0<1;1,0>:ud  {AccWrEn}  // $409
(W)  mul (8|M0)  acc0.0<1>:d  r34.0<1;1,0>:d  r2.0<2;1,0>:uw  {Compacted,I@2}  // $411
  add3 (16|M16)  r66.0<1>:d  r54.0<1;0>:d  r52.0<1;0>:d  r50.0<1>:d  {I@2} // $410
  mach (8|M0)  r34.0<1>:d  r34.0<1;1,0>:d  r2.0<1;1,0>:d  {Compacted}  // $411
(W)  mul (8|M8)  acc0.0<1>:d  r35.0<1;1,0>:d  r3.0<2;1,0>:uw  // $411
  mach (8|M8)  r35.0<1>:d  r35.0<1;1,0>:d  r3.0<1;1,0>:d  {Compacted}  // $412
(W)  mul (8|M16)  acc0.0<1>:d  r66.0<1;1,0>:d  r11.0<2;1,0>:uw  {I@4}  // $412
  mach (8|M16)  r66.0<1>:d  r66.0<1;1,0>:d  r11.0<1;1,0>:d  {Compacted}  // $412
(W)  mul (8|M24)  acc0.0<1>:d  r67.0<1;1,0>:d  r12.0<2;1,0>:uw  // $412
  mach (8|M24)  r67.0<1>:d  r67.0<1;1,0>:d  r12.0<1;1,0>:d  {Compacted}  // $413
(W)  mul (8|M0)  acc0.0<1>:d  r24.0<1;1,0>:d  r20.0<2;1,0>:uw  {Compacted}  // $429
  mach (8|M0)  r22.0<1>:d  r24.0<1;1,0>:d  r20.0<1;1,0>:d  {Compacted}  // $429
(W)  mul (8|M8)  acc0.0<1>:d  r25.0<1;1,0>:d  r21.0<2;1,0>:uw  // $429
  mach (8|M8)  r23.0<1>:d  r25.0<1;1,0>:d  r21.0<1;1,0>:d  {Compacted}  // $430
(W)  mul (8|M16)  acc0.0<1>:d  r40.0<1;1,0>:d  r46.0<2;1,0>:uw  // $430
  mach (8|M16)  r52.0<1>:d  r40.0<1;1,0>:d  r46.0<1;1,0>:d  {Compacted}  // $430
(W)  mul (8|M24)  acc0.0<1>:d  r41.0<1;1,0>:d  r47.0<2;1,0>:uw  // $430
  mach (8|M24)  r53.0<1>:d  r41.0<1;1,0>:d  r47.0<1;1,0>:d  {Compacted}  // $431
(W)  mul (8|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r4.0<2;1,0>:uw  // $431
  mach (8|M0)  r6.0<1>:d  r20.0<1;1,0>:ud  r4.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r5.0<2;1,0>:uw  // $431
  mach (8|M8)  r7.0<1>:d  r21.0<1;1,0>:ud  r5.0<1;1,0>:ud  {AccWrEn}  // $436
(W)  mul (8|M0)  acc0.0<1>:ud  r46.0<1;1,0>:ud  r13.0<2;1,0>:uw  // $436
  mach (8|M16)  r50.0<1>:d  r46.0<1;1,0>:ud  r13.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r47.0<1;1,0>:ud  r14.0<2;1,0>:uw  // $436
  mach (8|M24)  r51.0<1>:d  r47.0<1;1,0>:ud  r14.0<1;1,0>:ud  {AccWrEn}  // $441
(W)  mul (8|M0)  acc0.0<1>:ud  r26.0<1;1,0>:ud  r24.0<2;1,0>:uw  // $441
  mach (8|M0)  r20.0<1>:d  r26.0<1;1,0>:ud  r24.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r27.0<1;1,0>:ud  r25.0<2;1,0>:uw  // $441
  mach (8|M8)  r21.0<1>:d  r27.0<1;1,0>:ud  r25.0<1;1,0>:ud  {AccWrEn}  // $446
(W)  mul (8|M0)  acc0.0<1>:ud  r64.0<1;1,0>:ud  r40.0<2;1,0>:uw  // $446
  mach (8|M16)  r24.0<1>:d  r64.0<1;1,0>:ud  r40.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r65.0<1;1,0>:ud  r41.0<2;1,0>:uw  // $446
  add3 (16|M0)  r32.0<1>:d  r22.0<1;0>:d  r6.0<1;0>:d  r20.0<1>:d  {I@4} // $451
  mach (8|M24)  r25.0<1>:d  r65.0<1;1,0>:ud  r41.0<1;1,0>:ud  {AccWrEn}  // $451
(W)  mul (8|M0)  acc0.0<1>:d  r32.0<1;1,0>:d  r2.0<2;1,0>:uw  {Compacted,I@2}  // $453
  add3 (16|M16)  r62.0<1>:d  r52.0<1;0>:d  r50.0<1;0>:d  r24.0<1>:d  {I@2} // $452
  mach (8|M0)  r32.0<1>:d  r32.0<1;1,0>:d  r2.0<1;1,0>:d  {Compacted}  // $453
(W)  mul (8|M8)  acc0.0<1>:d  r33.0<1;1,0>:d  r3.0<2;1,0>:uw  // $453
  mach (8|M8)  r33.0<1>:d  r33.0<1;1,0>:d  r3.0<1;1,0>:d  {Compacted}  // $454
(W)  mul (8|M16)  acc0.0<1>:d  r62.0<1;1,0>:d  r11.0<2;1,0>:uw  {I@4}  // $454
  mach (8|M16)  r62.0<1>:d  r62.0<1;1,0>:d  r11.0<1;1,0>:d  {Compacted}  // $454
(W)  mul (8|M24)  acc0.0<1>:d  r63.0<1;1,0>:d  r12.0<2;1,0>:uw  // $454
  mach (8|M24)  r63.0<1>:d  r63.0<1;1,0>:d  r12.0<1;1,0>:d  {Compacted}  // $455
  shl (16|M16)  r70.0<1>:d  r11.0<1;1,0>:d  1:w  {Compacted}  // $416
  add (16|M16)  r54.0<1>:d  r68.0<1;1,0>:d  -r66.0<1;1,0>:d  {Compacted}  // $414
  shl (16|M0)  r40.0<1>:d  r2.0<1;1,0>:d  1:w  {Compacted}  // $415
  add (16|M0)  r24.0<1>:d  r28.0<1;1,0>:d  -r34.0<1;1,0>:d  {Compacted}  // $413
  add (16|M0)  r20.0<1>:d  r26.0<1;1,0>:d  -r32.0<1;1,0>:d  {Compacted,I@7}  // $455
  add (16|M16)  r50.0<1>:d  r64.0<1;1,0>:d  -r62.0<1;1,0>:d  {Compacted,I@6}  // $456
  cmp (16|M16)  (lt)f0.0  null<1>:d  r54.0<1;1,0>:ud  r70.0<1;1,0>:ud  {I@5}  // $418
  cmp (16|M0)  (lt)f0.0  null<1>:d  r24.0<1;1,0>:ud  r40.0<1;1,0>:ud  {I@4}  // $417
  cmp (16|M0)  (lt)f1.0  null<1>:d  r20.0<1;1,0>:ud  r40.0<1;1,0>:ud  {I@4}  // $457
  cmp (16|M16)  (lt)f1.0  null<1>:d  r50.0<1;1,0>:ud  r70.0<1;1,0>:ud  {I@4}  // $458
(~f0.0) sel (16|M16)  r52.0<1>:d  r70.0<1;1,0>:d  0:w  // $420
(~f0.0) sel (16|M0)  r22.0<1>:d  r40.0<1;1,0>:d  0:w  // $419
(~f1.0) sel (16|M0)  r6.0<1>:d  r40.0<1;1,0>:d  0:w  // $459
(~f1.0) sel (16|M16)  r60.0<1>:d  r70.0<1;1,0>:d  0:w  // $460
  add3 (16|M0)  r40.0<1>:d  r28.0<1;0>:d  -r34.0<1;0>:d  -r22.0<1>:d  {I@3} // $421
  add3 (16|M16)  r34.0<1>:d  r68.0<1;0>:d  -r66.0<1;0>:d  -r52.0<1>:d  // $422
  add3 (16|M0)  r28.0<1>:d  r26.0<1;0>:d  -r32.0<1;0>:d  -r6.0<1>:d  {I@4} // $461
  add3 (16|M16)  r26.0<1>:d  r64.0<1;0>:d  -r62.0<1;0>:d  -r60.0<1>:d  {I@4} // $462
  cmp (16|M0)  (lt)f1.0  null<1>:d  r40.0<1;1,0>:ud  r2.0<1;1,0>:ud  {I@4}  // $423
  cmp (16|M16)  (lt)f1.0  null<1>:d  r34.0<1;1,0>:ud  r11.0<1;1,0>:ud  {I@4}  // $424
  cmp (16|M0)  (lt)f0.0  null<1>:d  r28.0<1;1,0>:ud  r2.0<1;1,0>:ud  {I@4}  // $463
  cmp (16|M16)  (lt)f0.0  null<1>:d  r26.0<1;1,0>:ud  r11.0<1;1,0>:ud  {I@4}  // $464
(~f1.0) sel (16|M0)  r28.0<1>:d  r2.0<1;1,0>:d  0:w  // $425
(~f1.0) sel (16|M16)  r32.0<1>:d  r11.0<1;1,0>:d  0:w  // $426
(~f0.0) sel (16|M0)  r26.0<1>:d  r2.0<1;1,0>:d  0:w  // $465
(~f0.0) sel (16|M16)  r34.0<1>:d  r11.0<1;1,0>:d  0:w  // $466
  mov (16|M16)  r42.0<1>:d  0:w  // $470
  mov (16|M16)  r46.0<1>:d  0:w  // $472
  add3 (16|M16)  r44.0<1>:d  r54.0<1;0>:d  -r52.0<1;0>:d  -r32.0<1>:d  {A@1} // $428
  add3 (16|M0)  r2.0<1>:d  r24.0<1;0>:d  -r22.0<1;0>:d  -r28.0<1>:d  // $427
  add3 (16|M0)  r4.0<1>:d  r20.0<1;0>:d  -r6.0<1;0>:d  -r26.0<1>:d  {I@6} // $467
  add3 (16|M16)  r48.0<1>:d  r50.0<1;0>:d  -r60.0<1;0>:d  -r34.0<1>:d  {I@6} // $468
  mov (16|M0)  r6.0<1>:d  0:w  // $469
  mov (16|M0)  r20.0<1>:d  0:w  // $471
  join (32|M0)  _0_032  //
(W)  add (1|M0)  r10.2<1>:d  r10.2<0;1,0>:d  1:w  // $474
(W)  cmp (16|M0)  (lt)f1.0  null<1>:d  r10.2<0;1,0>:ud  r9.6<0;1,0>:ud  {I@1}  // $475
(W)  cmp (16|M16)  (lt)f1.0  null<1>:d  r10.2<0;1,0>:ud  r9.6<0;1,0>:ud  // $476
(f1.0)  goto.b (32|M0)  _0_032  _0_033  // $477
