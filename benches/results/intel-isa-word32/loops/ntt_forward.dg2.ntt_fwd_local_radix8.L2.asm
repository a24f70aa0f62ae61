// ntt_forward.dg2.ntt_fwd_local_radix8: L2, instructions 174..1644 of OCL_asm9a233c204def88fe_simd16_entry_0008.asm (the innermost loop with the most multiplies): {'insts': 1471, 'mul': 480, 'q64': 0, 'send': 24, 'scratch': 0, 'lanes': 13609, 'mul_lanes': 3840}
  shr (16|M0)  r16.0<1>:d  r96.0<1;1,0>:ud  r57.1<0;1,0>:d  {$10.src}  // $154
  sync.nop  null  {Compacted,$9.src}  // $155
  shl (16|M0)  r2.0<1>:d  r16.0<1;1,0>:d  1:w  {Compacted,I@1}  // $155
  add3 (16|M0)  r94.0<1>:d  r57.7<0;0>:d  r16.0<1;0>:d  r6.4<0>:d  // $175
  bfn.(s0&(s1^s2)) (16|M0)  r18.0<1>:ud  r96.0<1;0>:ud  r57.6<0;0>:ud  r6.2<0>:ud  // $157
  shl (16|M0)  r2.0<1>:d  r2.0<1;1,0>:d  r57.0<0;1,0>:d  {Compacted,I@3}  // $156
  shl (16|M0)  r16.0<1>:d  r94.0<1;1,0>:d  3:w  {Compacted,I@3}  // $176
  add (16|M0)  r2.0<1>:d  r2.0<1;1,0>:d  r18.0<1;1,0>:d  {Compacted,I@2}  // $158
  add3 (16|M0)  r18.0<1>:d  r14.0<1;0>:d  r7.1<0;0>:d  r16.0<1>:d  {I@2} // $177
  send.dc1 (16|M0)  r20  r18  null:0  0x0  0x04405C01  {A@1,$11} // wr:2+0, rd:4; untyped surface read with xy // $179
  shl (16|M0)  r2.0<1>:d  r2.0<1;1,0>:d  3:w  {Compacted}  // $159
  send.dc1 (16|M0)  r52  r2  null:0  0x0  0x04405CFE  {A@1,$12} // wr:2+0, rd:4; untyped surface read with xy // $160
  add3 (16|M0)  r16.0<1>:d  r14.0<1;0>:d  r7.2<0;0>:d  r16.0<1>:d  // $180
  send.dc1 (16|M0)  r16  r16  null:0  0x0  0x04405C02  {A@1,$13} // wr:2+0, rd:4; untyped surface read with xy // $182
  add (16|M0)  r104.0<1>:d  r2.0<1;1,0>:d  r7.6<0;1,0>:d  {Compacted}  // $167
  cmp (16|M0)  (lt)f1.1  null<1>:d  r52.0<1;1,0>:ud  r8.0<1;1,0>:ud  {$12.dst}  // $183
  send.dc1 (16|M0)  r36  r104  null:0  0x0  0x04405CFE  {A@2,$14} // wr:2+0, rd:4; untyped surface read with xy // $168
(f1.1)  cmp (16|M0)  (eq)f1.1  null<1>:d  r54.0<1;1,0>:d  r4.0<1;1,0>:d  // $184
(W)  mov (1|M0)  r6.0<1>:hf  0x0:hf  // $228
  add (16|M0)  r98.0<1>:d  r2.0<1;1,0>:d  r57.3<0;1,0>:d  {Compacted}  // $161
(~f1.1) cmp (16|M0)  (lt)f1.1  null<1>:d  r54.0<1;1,0>:ud  r4.0<1;1,0>:ud  // $186
  send.dc1 (16|M0)  r48  r98  null:0  0x0  0x04405CFE  {A@2,$15} // wr:2+0, rd:4; untyped surface read with xy // $162
(~f1.1) sel (16|M0)  r64.0<1>:d  r8.0<1;1,0>:d  0:w  // $188
  subb (8|M0)  r60.0<1>:ud  r52.0<1;1,0>:ud  r64.0<1;1,0>:ud  {AccWrEn,Compacted,I@1} // $190
(~f1.1) sel (16|M0)  r62.0<1>:d  r4.0<1;1,0>:d  0:w  // $189
  mov (8|M0)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $190
  subb (8|M8)  r61.0<1>:ud  r53.0<1;1,0>:ud  r65.0<1;1,0>:ud  {AccWrEn}  // $192
  add3 (8|M0)  r58.0<1>:ud  -r52.0<1;0>:ud  r54.0<1;0>:ud  -r62.0<1>:ud  {I@2} // $191
  mov (8|M8)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $192
  cmp (16|M0)  (lt)f1.0  null<1>:d  r48.0<1;1,0>:ud  r8.0<1;1,0>:ud  {$15.dst}  // $266
  sync.nop  null  {Compacted,$14.dst}  // $194
  mul (8|M0)  acc0.0<1>:ud  r36.0<1;1,0>:ud  r20.0<2;1,0>:uw  {$11.dst}  // $194
  mach (8|M0)  r54.0<1>:ud  r36.0<1;1,0>:ud  r20.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add3 (8|M8)  r59.0<1>:ud  -r52.0<1;0>:ud  r55.0<1;0>:ud  -r63.0<1>:ud  {I@4} // $193
  mov (8|M0)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r37.0<1;1,0>:ud  r21.0<2;1,0>:uw  // $194
  mach (8|M8)  r55.0<1>:ud  r37.0<1;1,0>:ud  r21.0<1;1,0>:ud  {AccWrEn}  // $195
(f1.0)  cmp (16|M0)  (eq)f1.0  null<1>:d  r50.0<1;1,0>:d  r4.0<1;1,0>:d  // $267
  mov (8|M8)  r53.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $195
(W)  mul (8|M0)  acc0.0<1>:d  r36.0<1;1,0>:ud  r22.0<2;1,0>:uw  // $197
  mov (16|M0)  r72.0<1>:f  r52.0<1;1,0>:f  {Compacted,A@2}  // $195
  mach (8|M0)  r52.0<1>:d  r36.0<1;1,0>:ud  r22.0<1;1,0>:d  {F@1}  // $197
(W)  mul (8|M8)  acc0.0<1>:d  r37.0<1;1,0>:ud  r23.0<2;1,0>:uw  // $197
  mach (8|M8)  r53.0<1>:d  r37.0<1;1,0>:ud  r23.0<1;1,0>:d  // $198
(W)  mul (8|M0)  acc0.0<1>:d  r20.0<1;1,0>:ud  r38.0<2;1,0>:uw  // $199
  add (16|M0)  r54.0<1>:d  r54.0<1;1,0>:d  r52.0<1;1,0>:d  {Compacted,I@2}  // $198
  mach (8|M0)  r52.0<1>:d  r20.0<1;1,0>:ud  r38.0<1;1,0>:d  // $199
(W)  mul (8|M8)  acc0.0<1>:d  r21.0<1;1,0>:ud  r39.0<2;1,0>:uw  // $199
  mach (8|M8)  r53.0<1>:d  r21.0<1;1,0>:ud  r39.0<1;1,0>:d  // $200
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r38.0<2;1,0>:uw  {$13.dst}  // $201
  add (16|M0)  r70.0<1>:d  r54.0<1;1,0>:d  r52.0<1;1,0>:d  {Compacted,I@2}  // $200
  mach (8|M0)  r52.0<1>:ud  r18.0<1;1,0>:ud  r38.0<1;1,0>:ud  {AccWrEn,Compacted} //
(~f1.0) cmp (16|M0)  (lt)f1.0  null<1>:d  r50.0<1;1,0>:ud  r4.0<1;1,0>:ud  // $269
  mov (8|M0)  r54.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r39.0<2;1,0>:uw  // $201
  mach (8|M8)  r53.0<1>:ud  r19.0<1;1,0>:ud  r39.0<1;1,0>:ud  {AccWrEn}  // $202
  add (16|M0)  r106.0<1>:d  r2.0<1;1,0>:d  r6.7<0;1,0>:d  {Compacted}  // $169
  mov (8|M8)  r55.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $202
  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r38.0<2;1,0>:uw  // $208
  mov (16|M0)  r66.0<1>:f  r52.0<1;1,0>:f  {Compacted,A@4}  // $207
  mach (8|M0)  r52.0<1>:ud  r16.0<1;1,0>:ud  r38.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
  mov (16|M0)  r68.0<1>:f  r54.0<1;1,0>:f  {Compacted,I@3}  // $202
  mov (8|M0)  r54.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r39.0<2;1,0>:uw  // $208
  mach (8|M8)  r53.0<1>:ud  r17.0<1;1,0>:ud  r39.0<1;1,0>:ud  {AccWrEn}  // $209
  send.dc1 (16|M0)  r32  r106  null:0  0x0  0x04405CFE  {$0} // wr:2+0, rd:4; untyped surface read with xy // $170
  mov (8|M8)  r55.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $209
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r36.0<2;1,0>:uw  // $215
  mov (16|M0)  r62.0<1>:f  r52.0<1;1,0>:f  {Compacted,A@3}  // $214
  mach (8|M0)  r52.0<1>:ud  r18.0<1;1,0>:ud  r36.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
  mov (16|M0)  r64.0<1>:f  r54.0<1;1,0>:f  {Compacted,I@3}  // $209
  mov (8|M0)  r54.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r37.0<2;1,0>:uw  // $215
  mach (8|M8)  r53.0<1>:ud  r19.0<1;1,0>:ud  r37.0<1;1,0>:ud  {AccWrEn}  // $216
  add (16|M0)  r100.0<1>:d  r2.0<1;1,0>:d  r57.2<0;1,0>:d  {Compacted}  // $163
  mov (8|M8)  r55.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $216
(W)  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r36.0<2;1,0>:uw  // $222
  mach (8|M0)  r74.0<1>:d  r16.0<1;1,0>:ud  r36.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r37.0<2;1,0>:uw  // $222
  mach (8|M8)  r75.0<1>:d  r17.0<1;1,0>:ud  r37.0<1;1,0>:ud  {AccWrEn}  // $226
  addc (8|M0)  r38.0<1>:ud  r54.0<1;1,0>:ud  r64.0<1;1,0>:ud  {AccWrEn,Compacted,I@7} // $227
  mov (8|M0)  r36.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $227
  addc (8|M8)  r39.0<1>:ud  r55.0<1;1,0>:ud  r65.0<1;1,0>:ud  {AccWrEn,I@7}  // $229
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $229
  add3 (8|M0)  acc2.0<1>:ud  r36.0<1;0>:ud  r6.0<0;0>:uw  r62.0<1>:ud  {I@3} // $228
  add3 (8|M8)  r37.0<1>:ud  acc0.0<1;0>:ud  r6.0<0;0>:uw  r63.0<1>:ud  // $230
  addc (8|M0)  r54.0<1>:ud  r38.0<1;1,0>:ud  r74.0<1;1,0>:ud  {AccWrEn,Compacted} // $231
  send.dc1 (16|M0)  r44  r100  null:0  0x0  0x04405CFE  {$1} // wr:2+0, rd:4; untyped surface read with xy // $164
  mov (8|M0)  r54.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $231
  addc (8|M8)  r55.0<1>:ud  r39.0<1;1,0>:ud  r75.0<1;1,0>:ud  {AccWrEn,I@6}  // $233
  add (8|M0)  r62.0<1>:ud  r54.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $232
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $233
  add (16|M0)  r108.0<1>:d  r2.0<1;1,0>:d  r6.6<0;1,0>:d  {Compacted}  // $171
  add (8|M8)  r63.0<1>:ud  acc0.0<1;1,0>:ud  r37.0<1;1,0>:ud  // $234
  addc (8|M0)  r38.0<1>:ud  r52.0<1;1,0>:ud  r68.0<1;1,0>:ud  {AccWrEn,Compacted} // $235
  cmp (16|M0)  (lt)f1.1  null<1>:d  r44.0<1;1,0>:ud  r8.0<1;1,0>:ud  {$1.dst}  // $349
  mov (8|M0)  r36.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $235
  addc (8|M8)  r39.0<1>:ud  r53.0<1;1,0>:ud  r69.0<1;1,0>:ud  {AccWrEn}  // $237
  add3 (8|M0)  acc2.0<1>:ud  r36.0<1;0>:ud  r6.0<0;0>:uw  r66.0<1>:ud  {I@2} // $236
  mov (8|M8)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $237
  addc (8|M0)  r54.0<1>:ud  r38.0<1;1,0>:ud  r62.0<1;1,0>:ud  {AccWrEn,Compacted} // $239
  add3 (8|M8)  r37.0<1>:ud  r52.0<1;0>:ud  r6.0<0;0>:uw  r67.0<1>:ud  {I@2} // $238
  mov (8|M0)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $239
  addc (8|M8)  r55.0<1>:ud  r39.0<1;1,0>:ud  r63.0<1;1,0>:ud  {AccWrEn}  // $241
  add (8|M0)  r52.0<1>:ud  r52.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $240
  mov (8|M8)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $241
  mul (8|M0)  acc0.0<1>:ud  r54.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $243
  mach (8|M0)  r36.0<1>:ud  r54.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add (8|M8)  r53.0<1>:ud  r38.0<1;1,0>:ud  r37.0<1;1,0>:ud  {Compacted,I@3}  // $242
  mov (8|M0)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r55.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $243
  mach (8|M8)  r37.0<1>:ud  r55.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $244
(f1.1)  cmp (16|M0)  (eq)f1.1  null<1>:d  r46.0<1;1,0>:d  r4.0<1;1,0>:d  // $350
  mov (8|M8)  r39.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $244
(W)  mul (8|M0)  acc0.0<1>:d  r54.0<1;1,0>:ud  r12.0<2;1,0>:uw  // $246
  mov (16|M0)  r62.0<1>:f  r38.0<1;1,0>:f  {Compacted,A@2}  // $244
  mach (8|M0)  r38.0<1>:d  r54.0<1;1,0>:ud  r12.0<1;1,0>:d  {F@1}  // $246
(W)  mul (8|M8)  acc0.0<1>:d  r55.0<1;1,0>:ud  r13.0<2;1,0>:uw  // $246
  mach (8|M8)  r39.0<1>:d  r55.0<1;1,0>:ud  r13.0<1;1,0>:d  // $247
(W)  mul (8|M0)  acc0.0<1>:d  r10.0<1;1,0>:ud  r52.0<2;1,0>:uw  // $248
  add (16|M0)  r36.0<1>:d  r36.0<1;1,0>:d  r38.0<1;1,0>:d  {Compacted,I@2}  // $247
  mach (8|M0)  r38.0<1>:d  r10.0<1;1,0>:ud  r52.0<1;1,0>:d  // $248
(W)  mul (8|M8)  acc0.0<1>:d  r11.0<1;1,0>:ud  r53.0<2;1,0>:uw  // $248
  mach (8|M8)  r39.0<1>:d  r11.0<1;1,0>:ud  r53.0<1;1,0>:d  // $249
(~f1.1) cmp (16|M0)  (lt)f1.1  null<1>:d  r46.0<1;1,0>:ud  r4.0<1;1,0>:ud  // $352
  add (16|M0)  r52.0<1>:d  r36.0<1;1,0>:d  r38.0<1;1,0>:d  {Compacted,I@2}  // $249
  subb (8|M0)  r38.0<1>:ud  r72.0<1;1,0>:ud  r62.0<1;1,0>:ud  {AccWrEn,Compacted} // $250
  send.dc1 (16|M0)  r28  r108  null:0  0x0  0x04405CFE  {$2} // wr:2+0, rd:4; untyped surface read with xy // $172
  mov (8|M0)  r36.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $250
  subb (8|M8)  r39.0<1>:ud  r73.0<1;1,0>:ud  r63.0<1;1,0>:ud  {AccWrEn}  // $252
  add3 (8|M0)  r36.0<1>:ud  -r36.0<1;0>:ud  r70.0<1;0>:ud  -r52.0<1>:ud  {I@2} // $251
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $252
  add (16|M0)  r102.0<1>:d  r2.0<1;1,0>:d  r7.7<0;1,0>:d  {Compacted}  // $165
  add3 (8|M8)  r37.0<1>:ud  -acc0.0<1;0>:ud  r71.0<1;0>:ud  -r53.0<1>:ud  // $253
  addc (8|M0)  r54.0<1>:ud  r60.0<1;1,0>:ud  r38.0<1;1,0>:ud  {AccWrEn,Compacted} // $254
  send.dc1 (16|M0)  r40  r102  null:0  0x0  0x04405CFE  {A@3,$3} // wr:2+0, rd:4; untyped surface read with xy // $166
  mov (8|M0)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $254
  addc (8|M8)  r55.0<1>:ud  r61.0<1;1,0>:ud  r39.0<1;1,0>:ud  {AccWrEn}  // $256
  add3 (8|M0)  r52.0<1>:ud  r52.0<1;0>:ud  r58.0<1;0>:ud  r36.0<1>:ud  {I@2} // $255
  mov (8|M8)  r62.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $256
  subb (8|M0)  r80.0<1>:ud  r60.0<1;1,0>:ud  r38.0<1;1,0>:ud  {AccWrEn,Compacted} // $258
  add3 (8|M8)  r53.0<1>:ud  r62.0<1;0>:ud  r59.0<1;0>:ud  r37.0<1>:ud  {I@2} // $257
  mov (8|M0)  r62.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $258
  subb (8|M8)  r81.0<1>:ud  r61.0<1;1,0>:ud  r39.0<1;1,0>:ud  {AccWrEn}  // $260
  add3 (8|M0)  r68.0<1>:ud  -r62.0<1;0>:ud  r58.0<1;0>:ud  -r36.0<1>:ud  {I@2} // $259
  mov (8|M8)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $260
  addc (8|M0)  r92.0<1>:ud  r80.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn,Compacted} // $262
(~f1.0) sel (16|M0)  r62.0<1>:d  r8.0<1;1,0>:d  0:w  // $271
  mov (8|M0)  r36.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $262
  addc (8|M8)  r93.0<1>:ud  r81.0<1;1,0>:ud  r9.0<1;1,0>:ud  {AccWrEn,I@6}  // $264
  add3 (8|M8)  r69.0<1>:ud  -r38.0<1;0>:ud  r59.0<1;0>:ud  -r37.0<1>:ud  {I@5} // $261
  mov (8|M8)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $264
  subb (8|M0)  r60.0<1>:ud  r48.0<1;1,0>:ud  r62.0<1;1,0>:ud  {AccWrEn,Compacted,I@5} // $273
  add3 (8|M8)  r37.0<1>:ud  r38.0<1;0>:ud  r69.0<1;0>:ud  r5.0<1>:ud  {I@2} // $265 R{} IR{}{O:9,E:1,E:1,},  {BC=1}
(~f1.0) sel (16|M0)  r38.0<1>:d  r4.0<1;1,0>:d  0:w  // $272
  mov (8|M0)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $273
  subb (8|M8)  r61.0<1>:ud  r49.0<1;1,0>:ud  r63.0<1;1,0>:ud  {AccWrEn}  // $275
  add3 (8|M0)  r58.0<1>:ud  -r48.0<1;0>:ud  r50.0<1;0>:ud  -r38.0<1>:ud  {I@2} // $274
  mov (8|M8)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $275
  mul (8|M0)  acc0.0<1>:ud  r32.0<1;1,0>:ud  r20.0<2;1,0>:uw  {$0.dst}  // $277
  add3 (8|M8)  r59.0<1>:ud  -r48.0<1;0>:ud  r51.0<1;0>:ud  -r39.0<1>:ud  {I@2} // $276
  mach (8|M0)  r48.0<1>:ud  r32.0<1;1,0>:ud  r20.0<1;1,0>:ud  {AccWrEn,Compacted} //
  cmp (16|M0)  (lt)f1.0  null<1>:d  r40.0<1;1,0>:ud  r8.0<1;1,0>:ud  {$3.dst}  // $432
  mov (8|M0)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r33.0<1;1,0>:ud  r21.0<2;1,0>:uw  // $277
  mach (8|M8)  r49.0<1>:ud  r33.0<1;1,0>:ud  r21.0<1;1,0>:ud  {AccWrEn}  // $278
(f1.0)  cmp (16|M0)  (eq)f1.0  null<1>:d  r42.0<1;1,0>:d  r4.0<1;1,0>:d  // $433
  mov (8|M8)  r39.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $278
(W)  mul (8|M0)  acc0.0<1>:d  r32.0<1;1,0>:ud  r22.0<2;1,0>:uw  // $280
  mov (16|M0)  r72.0<1>:f  r38.0<1;1,0>:f  {Compacted,A@2}  // $278
  mach (8|M0)  r38.0<1>:d  r32.0<1;1,0>:ud  r22.0<1;1,0>:d  {F@1}  // $280
(W)  mul (8|M8)  acc0.0<1>:d  r33.0<1;1,0>:ud  r23.0<2;1,0>:uw  // $280
  mach (8|M8)  r39.0<1>:d  r33.0<1;1,0>:ud  r23.0<1;1,0>:d  // $281
(W)  mul (8|M0)  acc0.0<1>:d  r20.0<1;1,0>:ud  r34.0<2;1,0>:uw  // $282
  add (16|M0)  r48.0<1>:d  r48.0<1;1,0>:d  r38.0<1;1,0>:d  {Compacted,I@2}  // $281
  mach (8|M0)  r38.0<1>:d  r20.0<1;1,0>:ud  r34.0<1;1,0>:d  // $282
(W)  mul (8|M8)  acc0.0<1>:d  r21.0<1;1,0>:ud  r35.0<2;1,0>:uw  // $282
  mach (8|M8)  r39.0<1>:d  r21.0<1;1,0>:ud  r35.0<1;1,0>:d  // $283
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r34.0<2;1,0>:uw  // $284
  add (16|M0)  r70.0<1>:d  r48.0<1;1,0>:d  r38.0<1;1,0>:d  {Compacted,I@2}  // $283
  mach (8|M0)  r38.0<1>:ud  r18.0<1;1,0>:ud  r34.0<1;1,0>:ud  {AccWrEn,Compacted} //
(~f1.0) cmp (16|M0)  (lt)f1.0  null<1>:d  r42.0<1;1,0>:ud  r4.0<1;1,0>:ud  // $435
  mov (8|M0)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r35.0<2;1,0>:uw  // $284
  mach (8|M8)  r39.0<1>:ud  r19.0<1;1,0>:ud  r35.0<1;1,0>:ud  {AccWrEn}  // $285
  add (16|M0)  r110.0<1>:d  r2.0<1;1,0>:d  r6.3<0;1,0>:d  {Compacted}  // $173
  mov (8|M8)  r49.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $285
  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r34.0<2;1,0>:uw  // $291
  mov (16|M0)  r64.0<1>:f  r38.0<1;1,0>:f  {Compacted,A@4}  // $290
  mach (8|M0)  r38.0<1>:ud  r16.0<1;1,0>:ud  r34.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
  mov (16|M0)  r66.0<1>:f  r48.0<1;1,0>:f  {Compacted,I@3}  // $285
  mov (8|M0)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r35.0<2;1,0>:uw  // $291
  mach (8|M8)  r39.0<1>:ud  r17.0<1;1,0>:ud  r35.0<1;1,0>:ud  {AccWrEn}  // $292
  send.dc1 (16|M0)  r24  r110  null:0  0x0  0x04405CFE  {$4} // wr:2+0, rd:4; untyped surface read with xy // $174
  mov (8|M8)  r49.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $292
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r32.0<2;1,0>:uw  // $298
  mov (16|M0)  r50.0<1>:f  r38.0<1;1,0>:f  {Compacted,A@3}  // $297
  mach (8|M0)  r38.0<1>:ud  r18.0<1;1,0>:ud  r32.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
  mov (16|M0)  r62.0<1>:f  r48.0<1;1,0>:f  {Compacted,I@3}  // $292
  mov (8|M0)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r33.0<2;1,0>:uw  // $298
  mach (8|M8)  r39.0<1>:ud  r19.0<1;1,0>:ud  r33.0<1;1,0>:ud  {AccWrEn}  // $299
  add3 (8|M0)  r36.0<1>:ud  r36.0<1;0>:ud  r68.0<1;0>:ud  r4.0<1>:ud  // $263 R{} IR{}{E:9,E:1,E:1,},  {BC=1}
  mov (8|M8)  r49.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $299
(W)  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r32.0<2;1,0>:uw  // $305
  mach (8|M0)  r74.0<1>:d  r16.0<1;1,0>:ud  r32.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r33.0<2;1,0>:uw  // $305
  mach (8|M8)  r75.0<1>:d  r17.0<1;1,0>:ud  r33.0<1;1,0>:ud  {AccWrEn}  // $309
  addc (8|M0)  r34.0<1>:ud  r48.0<1;1,0>:ud  r62.0<1;1,0>:ud  {AccWrEn,Compacted,I@7} // $310
  mov (8|M0)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $310
  addc (8|M8)  r35.0<1>:ud  r49.0<1;1,0>:ud  r63.0<1;1,0>:ud  {AccWrEn,I@7}  // $312
  add3 (8|M0)  r32.0<1>:ud  r32.0<1;0>:ud  r6.0<0;0>:uw  r50.0<1>:ud  {I@2} // $311
  mov (8|M8)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $312
  addc (8|M0)  r50.0<1>:ud  r34.0<1;1,0>:ud  r74.0<1;1,0>:ud  {AccWrEn,Compacted} // $314
  add3 (8|M8)  acc2.0<1>:ud  r48.0<1;0>:ud  r6.0<0;0>:uw  r51.0<1>:ud  {I@2} // $313
  mov (8|M0)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $314
  addc (8|M8)  r51.0<1>:ud  r35.0<1;1,0>:ud  r75.0<1;1,0>:ud  {AccWrEn}  // $316
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $316
  add (8|M0)  r48.0<1>:ud  r48.0<1;1,0>:ud  r32.0<1;1,0>:ud  {Compacted,I@3}  // $315
  add (8|M8)  r49.0<1>:ud  acc0.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $317
  addc (8|M0)  r34.0<1>:ud  r38.0<1;1,0>:ud  r66.0<1;1,0>:ud  {AccWrEn,Compacted} // $318
  mov (8|M0)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $318
  addc (8|M8)  r35.0<1>:ud  r39.0<1;1,0>:ud  r67.0<1;1,0>:ud  {AccWrEn}  // $320
  add3 (8|M0)  acc2.0<1>:ud  r32.0<1;0>:ud  r6.0<0;0>:uw  r64.0<1>:ud  {I@2} // $319
  mov (8|M8)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $320
  addc (8|M0)  r50.0<1>:ud  r34.0<1;1,0>:ud  r48.0<1;1,0>:ud  {AccWrEn,Compacted} // $322
  add3 (8|M8)  r33.0<1>:ud  r38.0<1;0>:ud  r6.0<0;0>:uw  r65.0<1>:ud  {I@2} // $321
  mov (8|M0)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $322
  addc (8|M8)  r51.0<1>:ud  r35.0<1;1,0>:ud  r49.0<1;1,0>:ud  {AccWrEn}  // $324
  add (8|M0)  r38.0<1>:ud  r38.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $323
  mov (8|M8)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $324
  mul (8|M0)  acc0.0<1>:ud  r50.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $326
  mach (8|M0)  r32.0<1>:ud  r50.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add (8|M8)  r39.0<1>:ud  r34.0<1;1,0>:ud  r33.0<1;1,0>:ud  {Compacted,I@3}  // $325
  mov (8|M0)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r51.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $326
  mach (8|M8)  r33.0<1>:ud  r51.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $327
(W)  mov (1|M0)  r6.0<1>:hf  0x0:hf  // $394
  mov (8|M8)  r35.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $327
(W)  mul (8|M0)  acc0.0<1>:d  r50.0<1;1,0>:ud  r12.0<2;1,0>:uw  // $329
  mov (16|M0)  r48.0<1>:f  r34.0<1;1,0>:f  {Compacted,A@2}  // $327
  mach (8|M0)  r34.0<1>:d  r50.0<1;1,0>:ud  r12.0<1;1,0>:d  {F@1}  // $329
(W)  mul (8|M8)  acc0.0<1>:d  r51.0<1;1,0>:ud  r13.0<2;1,0>:uw  // $329
  mach (8|M8)  r35.0<1>:d  r51.0<1;1,0>:ud  r13.0<1;1,0>:d  // $330
(W)  mul (8|M0)  acc0.0<1>:d  r10.0<1;1,0>:ud  r38.0<2;1,0>:uw  // $331
  add (16|M0)  r32.0<1>:d  r32.0<1;1,0>:d  r34.0<1;1,0>:d  {Compacted,I@2}  // $330
  mach (8|M0)  r34.0<1>:d  r10.0<1;1,0>:ud  r38.0<1;1,0>:d  // $331
(W)  mul (8|M8)  acc0.0<1>:d  r11.0<1;1,0>:ud  r39.0<2;1,0>:uw  // $331
  mach (8|M8)  r35.0<1>:d  r11.0<1;1,0>:ud  r39.0<1;1,0>:d  // $332
  add (16|M0)  r38.0<1>:d  r32.0<1;1,0>:d  r34.0<1;1,0>:d  {Compacted,I@1}  // $332
  subb (8|M0)  r34.0<1>:ud  r72.0<1;1,0>:ud  r48.0<1;1,0>:ud  {AccWrEn,Compacted} // $333
  mov (8|M0)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $333
  subb (8|M8)  r35.0<1>:ud  r73.0<1;1,0>:ud  r49.0<1;1,0>:ud  {AccWrEn}  // $335
  add3 (8|M0)  r32.0<1>:ud  -r32.0<1;0>:ud  r70.0<1;0>:ud  -r38.0<1>:ud  {I@2} // $334
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $335
  add3 (8|M8)  r33.0<1>:ud  -acc0.0<1;0>:ud  r71.0<1;0>:ud  -r39.0<1>:ud  // $336
  addc (8|M0)  r48.0<1>:ud  r60.0<1;1,0>:ud  r34.0<1;1,0>:ud  {AccWrEn,Compacted} // $337
  mov (8|M0)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $337
  addc (8|M8)  r49.0<1>:ud  r61.0<1;1,0>:ud  r35.0<1;1,0>:ud  {AccWrEn,I@6}  // $339
  add3 (8|M0)  r38.0<1>:ud  r38.0<1;0>:ud  r58.0<1;0>:ud  r32.0<1>:ud  {I@2} // $338
  mov (8|M8)  r50.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $339
  subb (8|M0)  r74.0<1>:ud  r60.0<1;1,0>:ud  r34.0<1;1,0>:ud  {AccWrEn,Compacted} // $341
  add3 (8|M8)  r39.0<1>:ud  r50.0<1;0>:ud  r59.0<1;0>:ud  r33.0<1>:ud  {I@2} // $340
  mov (8|M0)  r50.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $341
  subb (8|M8)  r75.0<1>:ud  r61.0<1;1,0>:ud  r35.0<1;1,0>:ud  {AccWrEn}  // $343
  add3 (8|M0)  r72.0<1>:ud  -r50.0<1;0>:ud  r58.0<1;0>:ud  -r32.0<1>:ud  {I@2} // $342
  mov (8|M8)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $343
  addc (8|M0)  r90.0<1>:ud  r74.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn,Compacted} // $345
  add3 (8|M8)  r73.0<1>:ud  -r34.0<1;0>:ud  r59.0<1;0>:ud  -r33.0<1>:ud  {I@2} // $344
  mov (8|M0)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $345
(~f1.1) sel (16|M0)  r58.0<1>:d  r8.0<1;1,0>:d  0:w  // $354
  addc (8|M8)  r91.0<1>:ud  r75.0<1;1,0>:ud  r9.0<1;1,0>:ud  {AccWrEn}  // $347
  add3 (8|M0)  r70.0<1>:ud  r32.0<1;0>:ud  r72.0<1;0>:ud  r4.0<1>:ud  {I@3} // $346 R{} IR{}{E:8,E:2,E:1,},  {BC=1}
  mov (8|M8)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $347
  subb (8|M0)  r34.0<1>:ud  r44.0<1;1,0>:ud  r58.0<1;1,0>:ud  {AccWrEn,Compacted,I@4} // $356
  add3 (8|M8)  r71.0<1>:ud  r32.0<1;0>:ud  r73.0<1;0>:ud  r5.0<1>:ud  {I@2} // $348 R{} IR{}{E:8,E:2,E:1,},  {BC=1}
  mov (8|M0)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $356
  subb (8|M8)  r35.0<1>:ud  r45.0<1;1,0>:ud  r59.0<1;1,0>:ud  {AccWrEn}  // $358
(~f1.1) sel (16|M0)  r50.0<1>:d  r4.0<1;1,0>:d  0:w  // $355
  mov (8|M8)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $358
  mul (8|M0)  acc0.0<1>:ud  r28.0<1;1,0>:ud  r20.0<2;1,0>:uw  {$2.dst}  // $360
  add3 (8|M0)  r32.0<1>:ud  -r32.0<1;0>:ud  r46.0<1;0>:ud  -r50.0<1>:ud  {I@3} // $357
  mach (8|M0)  r46.0<1>:ud  r28.0<1;1,0>:ud  r20.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add3 (8|M8)  r33.0<1>:ud  -r44.0<1;0>:ud  r47.0<1;0>:ud  -r51.0<1>:ud  {I@4} // $359
  mov (8|M0)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r29.0<1;1,0>:ud  r21.0<2;1,0>:uw  // $360
  mach (8|M8)  r47.0<1>:ud  r29.0<1;1,0>:ud  r21.0<1;1,0>:ud  {AccWrEn}  // $361
  cmp (16|M0)  (lt)f1.1  null<1>:d  r54.0<1;1,0>:ud  r8.0<1;1,0>:ud  // $522
  mov (8|M8)  r45.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $361
(W)  mul (8|M0)  acc0.0<1>:d  r28.0<1;1,0>:ud  r22.0<2;1,0>:uw  // $363
  mov (16|M0)  r66.0<1>:f  r44.0<1;1,0>:f  {Compacted,A@2}  // $361
  mach (8|M0)  r44.0<1>:d  r28.0<1;1,0>:ud  r22.0<1;1,0>:d  {F@1}  // $363
(W)  mul (8|M8)  acc0.0<1>:d  r29.0<1;1,0>:ud  r23.0<2;1,0>:uw  // $363
  mach (8|M8)  r45.0<1>:d  r29.0<1;1,0>:ud  r23.0<1;1,0>:d  // $364
(W)  mul (8|M0)  acc0.0<1>:d  r20.0<1;1,0>:ud  r30.0<2;1,0>:uw  // $365
  add (16|M0)  r46.0<1>:d  r46.0<1;1,0>:d  r44.0<1;1,0>:d  {Compacted,I@2}  // $364
  mach (8|M0)  r44.0<1>:d  r20.0<1;1,0>:ud  r30.0<1;1,0>:d  // $365
(W)  mul (8|M8)  acc0.0<1>:d  r21.0<1;1,0>:ud  r31.0<2;1,0>:uw  // $365
  mach (8|M8)  r45.0<1>:d  r21.0<1;1,0>:ud  r31.0<1;1,0>:d  // $366
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r30.0<2;1,0>:uw  // $367
  add (16|M0)  r64.0<1>:d  r46.0<1;1,0>:d  r44.0<1;1,0>:d  {Compacted,I@2}  // $366
  mach (8|M0)  r44.0<1>:ud  r18.0<1;1,0>:ud  r30.0<1;1,0>:ud  {AccWrEn,Compacted} //
(f1.1)  cmp (16|M0)  (eq)f1.1  null<1>:d  r52.0<1;1,0>:d  r4.0<1;1,0>:d  // $523
  mov (8|M0)  r46.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r31.0<2;1,0>:uw  // $367
  mach (8|M8)  r45.0<1>:ud  r19.0<1;1,0>:ud  r31.0<1;1,0>:ud  {AccWrEn}  // $368
(~f1.1) cmp (16|M0)  (lt)f1.1  null<1>:d  r52.0<1;1,0>:ud  r4.0<1;1,0>:ud  // $525
  mov (8|M8)  r47.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $368
  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r30.0<2;1,0>:uw  // $374
  mov (16|M0)  r60.0<1>:f  r44.0<1;1,0>:f  {Compacted,A@4}  // $373
  mach (8|M0)  r44.0<1>:ud  r16.0<1;1,0>:ud  r30.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
  mov (16|M0)  r62.0<1>:f  r46.0<1;1,0>:f  {Compacted,I@3}  // $368
  mov (8|M0)  r46.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r31.0<2;1,0>:uw  // $374
  mach (8|M8)  r45.0<1>:ud  r17.0<1;1,0>:ud  r31.0<1;1,0>:ud  {AccWrEn}  // $375
  mov (8|M8)  r47.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $375
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r28.0<2;1,0>:uw  // $381
  mov (16|M0)  r50.0<1>:f  r44.0<1;1,0>:f  {Compacted,A@3}  // $380
  mach (8|M0)  r44.0<1>:ud  r18.0<1;1,0>:ud  r28.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
  mov (16|M0)  r58.0<1>:f  r46.0<1;1,0>:f  {Compacted,I@3}  // $375
  mov (8|M0)  r46.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r29.0<2;1,0>:uw  // $381
  mach (8|M8)  r45.0<1>:ud  r19.0<1;1,0>:ud  r29.0<1;1,0>:ud  {AccWrEn}  // $382
  mov (8|M8)  r47.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $382
(W)  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r28.0<2;1,0>:uw  // $388
  mach (8|M0)  r76.0<1>:d  r16.0<1;1,0>:ud  r28.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r29.0<2;1,0>:uw  // $388
  mach (8|M8)  r77.0<1>:d  r17.0<1;1,0>:ud  r29.0<1;1,0>:ud  {AccWrEn}  // $392
  addc (8|M0)  r30.0<1>:ud  r46.0<1;1,0>:ud  r58.0<1;1,0>:ud  {AccWrEn,Compacted,I@7} // $393
  mov (8|M0)  r28.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $393
  addc (8|M8)  r31.0<1>:ud  r47.0<1;1,0>:ud  r59.0<1;1,0>:ud  {AccWrEn,I@7}  // $395
  add3 (8|M0)  r28.0<1>:ud  r28.0<1;0>:ud  r6.0<0;0>:uw  r50.0<1>:ud  {I@2} // $394
  mov (8|M8)  r46.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $395
  addc (8|M0)  r50.0<1>:ud  r30.0<1;1,0>:ud  r76.0<1;1,0>:ud  {AccWrEn,Compacted} // $397
  add3 (8|M8)  acc2.0<1>:ud  r46.0<1;0>:ud  r6.0<0;0>:uw  r51.0<1>:ud  {I@2} // $396 R{} IR{}{O:11,O:1,O:12,},  {BC=1}
  mov (8|M0)  r46.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $397
  addc (8|M8)  r51.0<1>:ud  r31.0<1;1,0>:ud  r77.0<1;1,0>:ud  {AccWrEn}  // $399
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $399
  add (8|M0)  r46.0<1>:ud  r46.0<1;1,0>:ud  r28.0<1;1,0>:ud  {Compacted,I@3}  // $398
  add (8|M8)  r47.0<1>:ud  acc0.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $400
  addc (8|M0)  r30.0<1>:ud  r44.0<1;1,0>:ud  r62.0<1;1,0>:ud  {AccWrEn,Compacted} // $401
  mov (8|M0)  r28.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $401
  addc (8|M8)  r31.0<1>:ud  r45.0<1;1,0>:ud  r63.0<1;1,0>:ud  {AccWrEn}  // $403
  add3 (8|M0)  acc2.0<1>:ud  r28.0<1;0>:ud  r6.0<0;0>:uw  r60.0<1>:ud  {I@2} // $402
  mov (8|M8)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $403
  addc (8|M0)  r50.0<1>:ud  r30.0<1;1,0>:ud  r46.0<1;1,0>:ud  {AccWrEn,Compacted} // $405
  add3 (8|M8)  r29.0<1>:ud  r44.0<1;0>:ud  r6.0<0;0>:uw  r61.0<1>:ud  {I@2} // $404
  mov (8|M0)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $405
  addc (8|M8)  r51.0<1>:ud  r31.0<1;1,0>:ud  r47.0<1;1,0>:ud  {AccWrEn}  // $407
  add (8|M0)  r44.0<1>:ud  r44.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $406
  mov (8|M8)  r30.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $407
  mul (8|M0)  acc0.0<1>:ud  r50.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $409
  add (8|M8)  r45.0<1>:ud  r30.0<1;1,0>:ud  r29.0<1;1,0>:ud  {Compacted,I@2}  // $408
  mach (8|M0)  r30.0<1>:ud  r50.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r28.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r51.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $409
  mach (8|M8)  r31.0<1>:ud  r51.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $410
  mov (8|M8)  r29.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $410
(W)  mul (8|M0)  acc0.0<1>:d  r50.0<1;1,0>:ud  r12.0<2;1,0>:uw  // $412
  mach (8|M0)  r46.0<1>:d  r50.0<1;1,0>:ud  r12.0<1;1,0>:d  // $412
(W)  mul (8|M8)  acc0.0<1>:d  r51.0<1;1,0>:ud  r13.0<2;1,0>:uw  // $412
  mach (8|M8)  r47.0<1>:d  r51.0<1;1,0>:ud  r13.0<1;1,0>:d  // $413
(W)  mul (8|M0)  acc0.0<1>:d  r10.0<1;1,0>:ud  r44.0<2;1,0>:uw  // $414
  add (16|M0)  r30.0<1>:d  r30.0<1;1,0>:d  r46.0<1;1,0>:d  {Compacted,I@2}  // $413
  mach (8|M0)  r46.0<1>:d  r10.0<1;1,0>:ud  r44.0<1;1,0>:d  // $414
(W)  mul (8|M8)  acc0.0<1>:d  r11.0<1;1,0>:ud  r45.0<2;1,0>:uw  // $414
  mach (8|M8)  r47.0<1>:d  r11.0<1;1,0>:ud  r45.0<1;1,0>:d  // $415
  subb (8|M0)  r58.0<1>:ud  r66.0<1;1,0>:ud  r28.0<1;1,0>:ud  {AccWrEn,Compacted} // $416
  add (16|M0)  r30.0<1>:d  r30.0<1;1,0>:d  r46.0<1;1,0>:d  {Compacted,I@2}  // $415
  mov (8|M0)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $416
  subb (8|M8)  r59.0<1>:ud  r67.0<1;1,0>:ud  r29.0<1;1,0>:ud  {AccWrEn}  // $418
  add3 (8|M0)  r50.0<1>:ud  -r44.0<1;0>:ud  r64.0<1;0>:ud  -r30.0<1>:ud  {I@2} // $417
  mov (8|M8)  r28.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $418
  addc (8|M0)  r46.0<1>:ud  r34.0<1;1,0>:ud  r58.0<1;1,0>:ud  {AccWrEn,Compacted} // $420
  add3 (8|M8)  r51.0<1>:ud  -r28.0<1;0>:ud  r65.0<1;0>:ud  -r31.0<1>:ud  {I@2} // $419
  mov (8|M0)  r28.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $420
  addc (8|M8)  r47.0<1>:ud  r35.0<1;1,0>:ud  r59.0<1;1,0>:ud  {AccWrEn}  // $422
  add3 (8|M0)  r44.0<1>:ud  r28.0<1;0>:ud  r32.0<1;0>:ud  r50.0<1>:ud  {I@2} // $421
  mov (8|M8)  r28.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $422
  subb (8|M0)  r30.0<1>:ud  r34.0<1;1,0>:ud  r58.0<1;1,0>:ud  {AccWrEn,Compacted} // $424
  add3 (8|M8)  r45.0<1>:ud  r28.0<1;0>:ud  r33.0<1;0>:ud  r51.0<1>:ud  {I@2} // $423
  mov (8|M0)  r28.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $424
  subb (8|M8)  r31.0<1>:ud  r35.0<1;1,0>:ud  r59.0<1;1,0>:ud  {AccWrEn}  // $426
  add3 (8|M0)  acc2.0<1>:ud  -r28.0<1;0>:ud  r32.0<1;0>:ud  -r50.0<1>:ud  {I@2} // $425
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $426
(~f1.0) sel (16|M0)  r58.0<1>:d  r8.0<1;1,0>:d  0:w  // $437
  add3 (8|M8)  r29.0<1>:ud  -acc0.0<1;0>:ud  r33.0<1;0>:ud  -r51.0<1>:ud  // $427
  addc (8|M0)  r34.0<1>:ud  r30.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn,Compacted} // $428
(~f1.0) sel (16|M0)  r50.0<1>:d  r4.0<1;1,0>:d  0:w  // $438
  mov (8|M0)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $428
  addc (8|M8)  r35.0<1>:ud  r31.0<1;1,0>:ud  r9.0<1;1,0>:ud  {AccWrEn,I@7}  // $430
  add3 (8|M0)  r32.0<1>:ud  r32.0<1;0>:ud  acc2.0<1;0>:ud  r4.0<1>:ud  {I@2} // $429
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $430
  cmp (16|M0)  (lt)f1.0  null<1>:d  r48.0<1;1,0>:ud  r8.0<1;1,0>:ud  // $605
  add3 (8|M8)  r33.0<1>:ud  acc0.0<1;0>:ud  r29.0<1;0>:ud  r5.0<1>:ud  // $431
  subb (8|M0)  r30.0<1>:ud  r40.0<1;1,0>:ud  r58.0<1;1,0>:ud  {AccWrEn,Compacted} // $439
(f1.0)  cmp (16|M0)  (eq)f1.0  null<1>:d  r38.0<1;1,0>:d  r4.0<1;1,0>:d  // $606
  mov (8|M0)  r28.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $439
  subb (8|M8)  r31.0<1>:ud  r41.0<1;1,0>:ud  r59.0<1;1,0>:ud  {AccWrEn}  // $441
  add3 (8|M0)  r28.0<1>:ud  -r28.0<1;0>:ud  r42.0<1;0>:ud  -r50.0<1>:ud  {I@2} // $440
  mov (8|M8)  r40.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $441
  mul (8|M0)  acc0.0<1>:ud  r24.0<1;1,0>:ud  r20.0<2;1,0>:uw  {$4.dst}  // $443
  mach (8|M0)  r50.0<1>:ud  r24.0<1;1,0>:ud  r20.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add3 (8|M8)  r29.0<1>:ud  -r40.0<1;0>:ud  r43.0<1;0>:ud  -r51.0<1>:ud  {I@3} // $442
  mov (8|M0)  r40.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r25.0<1;1,0>:ud  r21.0<2;1,0>:uw  // $443
  mach (8|M8)  r51.0<1>:ud  r25.0<1;1,0>:ud  r21.0<1;1,0>:ud  {AccWrEn}  // $444
(~f1.0) cmp (16|M0)  (lt)f1.0  null<1>:d  r38.0<1;1,0>:ud  r4.0<1;1,0>:ud  // $608
  mov (8|M8)  r41.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $444
(W)  mul (8|M0)  acc0.0<1>:d  r24.0<1;1,0>:ud  r22.0<2;1,0>:uw  // $446
  mach (8|M0)  r42.0<1>:d  r24.0<1;1,0>:ud  r22.0<1;1,0>:d  // $446
(W)  mul (8|M8)  acc0.0<1>:d  r25.0<1;1,0>:ud  r23.0<2;1,0>:uw  // $446
  mach (8|M8)  r43.0<1>:d  r25.0<1;1,0>:ud  r23.0<1;1,0>:d  // $447
(W)  mul (8|M0)  acc0.0<1>:d  r20.0<1;1,0>:ud  r26.0<2;1,0>:uw  // $448
  add (16|M0)  r50.0<1>:d  r50.0<1;1,0>:d  r42.0<1;1,0>:d  {Compacted,I@2}  // $447
  mach (8|M0)  r42.0<1>:d  r20.0<1;1,0>:ud  r26.0<1;1,0>:d  // $448
(W)  mul (8|M8)  acc0.0<1>:d  r21.0<1;1,0>:ud  r27.0<2;1,0>:uw  // $448
  mach (8|M8)  r43.0<1>:d  r21.0<1;1,0>:ud  r27.0<1;1,0>:d  // $449
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r26.0<2;1,0>:uw  // $450
  mach (8|M0)  r20.0<1>:ud  r18.0<1;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add (16|M0)  r62.0<1>:d  r50.0<1;1,0>:d  r42.0<1;1,0>:d  {Compacted,I@3}  // $449
  mov (8|M0)  r22.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r27.0<2;1,0>:uw  // $450
  mach (8|M8)  r21.0<1>:ud  r19.0<1;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn}  // $451
  mov (8|M8)  r23.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $451
  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r26.0<2;1,0>:uw  // $457
  mov (16|M0)  r58.0<1>:f  r20.0<1;1,0>:f  {Compacted,A@3}  // $456
  mach (8|M0)  r20.0<1>:ud  r16.0<1;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
  mov (16|M0)  r60.0<1>:f  r22.0<1;1,0>:f  {Compacted,I@3}  // $451
  mov (8|M0)  r22.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r27.0<2;1,0>:uw  // $457
  mach (8|M8)  r21.0<1>:ud  r17.0<1;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn}  // $458
  mov (8|M8)  r23.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $458
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r24.0<2;1,0>:uw  // $464
  mov (16|M0)  r42.0<1>:f  r20.0<1;1,0>:f  {Compacted,A@3}  // $463
  mach (8|M0)  r20.0<1>:ud  r18.0<1;1,0>:ud  r24.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
  mov (16|M0)  r50.0<1>:f  r22.0<1;1,0>:f  {Compacted,I@3}  // $458
  mov (8|M0)  r22.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r25.0<2;1,0>:uw  // $464
  mach (8|M8)  r21.0<1>:ud  r19.0<1;1,0>:ud  r25.0<1;1,0>:ud  {AccWrEn}  // $465
  mov (8|M8)  r23.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $465
(W)  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r24.0<2;1,0>:uw  // $471
  mach (8|M0)  r18.0<1>:d  r16.0<1;1,0>:ud  r24.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r25.0<2;1,0>:uw  // $471
  mach (8|M8)  r19.0<1>:d  r17.0<1;1,0>:ud  r25.0<1;1,0>:ud  {AccWrEn}  // $475
  mov (16|M0)  r24.0<1>:f  r18.0<1;1,0>:f  {Compacted,A@1}  // $475
  addc (8|M0)  r18.0<1>:ud  r22.0<1;1,0>:ud  r50.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $476
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $476
  addc (8|M8)  r19.0<1>:ud  r23.0<1;1,0>:ud  r51.0<1;1,0>:ud  {AccWrEn}  // $478
  add3 (8|M0)  r16.0<1>:ud  r16.0<1;0>:ud  r6.0<0;0>:uw  r42.0<1>:ud  {I@2} // $477
  mov (8|M8)  r22.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $478
  addc (8|M0)  r26.0<1>:ud  r18.0<1;1,0>:ud  r24.0<1;1,0>:ud  {AccWrEn,Compacted} // $480
  add3 (8|M8)  acc2.0<1>:ud  r22.0<1;0>:ud  r6.0<0;0>:uw  r43.0<1>:ud  {I@2} // $479 R{} IR{}{O:5,O:1,O:10,},  {BC=1}
  mov (8|M0)  r22.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $480
  addc (8|M8)  r27.0<1>:ud  r19.0<1;1,0>:ud  r25.0<1;1,0>:ud  {AccWrEn}  // $482
  add (8|M0)  r22.0<1>:ud  r22.0<1;1,0>:ud  r16.0<1;1,0>:ud  {Compacted,I@2}  // $481
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $482
  add (8|M8)  r23.0<1>:ud  acc0.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $483
  addc (8|M0)  r18.0<1>:ud  r20.0<1;1,0>:ud  r60.0<1;1,0>:ud  {AccWrEn,Compacted} // $484
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $484
  addc (8|M8)  r19.0<1>:ud  r21.0<1;1,0>:ud  r61.0<1;1,0>:ud  {AccWrEn}  // $486
  add3 (8|M0)  acc2.0<1>:ud  r16.0<1;0>:ud  r6.0<0;0>:uw  r58.0<1>:ud  {I@2} // $485
  mov (8|M8)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $486
  addc (8|M0)  r24.0<1>:ud  r18.0<1;1,0>:ud  r22.0<1;1,0>:ud  {AccWrEn,Compacted} // $488
  add3 (8|M8)  r17.0<1>:ud  r20.0<1;0>:ud  r6.0<0;0>:uw  r59.0<1>:ud  {I@2} // $487
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $488
  addc (8|M8)  r25.0<1>:ud  r19.0<1;1,0>:ud  r23.0<1;1,0>:ud  {AccWrEn}  // $490
  add (8|M0)  r20.0<1>:ud  r20.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $489
  mov (8|M8)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $490
  mul (8|M0)  acc0.0<1>:ud  r24.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $492
  add (8|M8)  r21.0<1>:ud  r18.0<1;1,0>:ud  r17.0<1;1,0>:ud  {Compacted,I@2}  // $491
  mach (8|M0)  r18.0<1>:ud  r24.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
(~f1.1) sel (16|M0)  r60.0<1>:d  r4.0<1;1,0>:d  0:w  // $528
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r25.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $492
  mach (8|M8)  r19.0<1>:ud  r25.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $493
(W)  mov (1|M0)  r6.0<1>:hf  0x0:hf  // $567
  mov (8|M8)  r17.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $493
(W)  mul (8|M0)  acc0.0<1>:d  r24.0<1;1,0>:ud  r12.0<2;1,0>:uw  // $495
  mach (8|M0)  r22.0<1>:d  r24.0<1;1,0>:ud  r12.0<1;1,0>:d  // $495
(W)  mul (8|M8)  acc0.0<1>:d  r25.0<1;1,0>:ud  r13.0<2;1,0>:uw  // $495
  mach (8|M8)  r23.0<1>:d  r25.0<1;1,0>:ud  r13.0<1;1,0>:d  // $496
(W)  mul (8|M0)  acc0.0<1>:d  r10.0<1;1,0>:ud  r20.0<2;1,0>:uw  // $497
  add (16|M0)  r18.0<1>:d  r18.0<1;1,0>:d  r22.0<1;1,0>:d  {Compacted,I@2}  // $496
  mach (8|M0)  r22.0<1>:d  r10.0<1;1,0>:ud  r20.0<1;1,0>:d  // $497
(W)  mul (8|M8)  acc0.0<1>:d  r11.0<1;1,0>:ud  r21.0<2;1,0>:uw  // $497
  mach (8|M8)  r23.0<1>:d  r11.0<1;1,0>:ud  r21.0<1;1,0>:d  // $498
  add (16|M0)  r18.0<1>:d  r18.0<1;1,0>:d  r22.0<1;1,0>:d  {Compacted,I@1}  // $498
  subb (8|M0)  r22.0<1>:ud  r40.0<1;1,0>:ud  r16.0<1;1,0>:ud  {AccWrEn,Compacted} // $499
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $499
  subb (8|M8)  r23.0<1>:ud  r41.0<1;1,0>:ud  r17.0<1;1,0>:ud  {AccWrEn}  // $501
  add3 (8|M0)  r20.0<1>:ud  -r20.0<1;0>:ud  r62.0<1;0>:ud  -r18.0<1>:ud  {I@2} // $500
  mov (8|M8)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $501
  addc (8|M0)  r76.0<1>:ud  r30.0<1;1,0>:ud  r22.0<1;1,0>:ud  {AccWrEn,Compacted} // $503
  add3 (8|M8)  r21.0<1>:ud  -r16.0<1;0>:ud  r63.0<1;0>:ud  -r19.0<1>:ud  {I@2} // $502
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $503
  addc (8|M8)  r77.0<1>:ud  r31.0<1;1,0>:ud  r23.0<1;1,0>:ud  {AccWrEn}  // $505
  add3 (8|M0)  r50.0<1>:ud  r16.0<1;0>:ud  r28.0<1;0>:ud  r20.0<1>:ud  {I@2} // $504 R{} IR{}{E:4,E:7,E:5,},  {BC=1}
  mov (8|M8)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $505
  subb (8|M0)  r18.0<1>:ud  r30.0<1;1,0>:ud  r22.0<1;1,0>:ud  {AccWrEn,Compacted} // $507
  add3 (8|M8)  r51.0<1>:ud  r16.0<1;0>:ud  r29.0<1;0>:ud  r21.0<1>:ud  {I@2} // $506 R{} IR{}{E:4,E:7,E:5,},  {BC=1}
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $507
  subb (8|M8)  r19.0<1>:ud  r31.0<1;1,0>:ud  r23.0<1;1,0>:ud  {AccWrEn}  // $509
  add3 (8|M0)  acc2.0<1>:ud  -r16.0<1;0>:ud  r28.0<1;0>:ud  -r20.0<1>:ud  {I@2} // $508 R{} IR{}{E:4,E:7,E:5,},  {BC=1}
  mov (8|M8)  r22.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $509
  addc (8|M0)  r42.0<1>:ud  r18.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn,Compacted} // $511
  add3 (8|M8)  r17.0<1>:ud  -r22.0<1;0>:ud  r29.0<1;0>:ud  -r21.0<1>:ud  {I@2} // $510
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $511
  addc (8|M8)  r43.0<1>:ud  r19.0<1;1,0>:ud  r9.0<1;1,0>:ud  {AccWrEn}  // $513
  add3 (8|M0)  r40.0<1>:ud  r20.0<1;0>:ud  acc2.0<1;0>:ud  r4.0<1>:ud  {I@2} // $512
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $513
(~f1.1) sel (16|M0)  r62.0<1>:d  r8.0<1;1,0>:d  0:w  // $527
  add3 (8|M8)  r41.0<1>:ud  acc0.0<1;0>:ud  r17.0<1;0>:ud  r5.0<1>:ud  // $514
  shl (16|M0)  r16.0<1>:d  r94.0<1;1,0>:d  4:w  {Compacted}  // $515
  add3 (16|M0)  r18.0<1>:d  r14.0<1;0>:d  r7.1<0;0>:d  r16.0<1>:d  {I@1} // $516
  send.dc1 (16|M0)  r24  r18  null:0  0x0  0x04805001  {A@1,$5} // wr:2+0, rd:8; untyped surface read with xyzw // $518
  add3 (16|M0)  r16.0<1>:d  r14.0<1;0>:d  r7.2<0;0>:d  r16.0<1>:d  // $519
  send.dc1 (16|M0)  r16  r16  null:0  0x0  0x04805002  {A@1,$6} // wr:2+0, rd:8; untyped surface read with xyzw // $521
  subb (8|M0)  r78.0<1>:ud  r54.0<1;1,0>:ud  r62.0<1;1,0>:ud  {AccWrEn,Compacted} // $529
  cmp (16|M0)  (lt)f1.1  null<1>:d  r92.0<1;1,0>:ud  r8.0<1;1,0>:ud  // $688
  mov (8|M0)  r58.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $529
  subb (8|M8)  r79.0<1>:ud  r55.0<1;1,0>:ud  r63.0<1;1,0>:ud  {AccWrEn}  // $531
  add3 (8|M0)  r58.0<1>:ud  -r58.0<1;0>:ud  r52.0<1;0>:ud  -r60.0<1>:ud  {I@2} // $530
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $531
(f1.1)  cmp (16|M0)  (eq)f1.1  null<1>:d  r36.0<1;1,0>:d  r4.0<1;1,0>:d  // $689
  add3 (8|M8)  r59.0<1>:ud  -acc0.0<1;0>:ud  r53.0<1;0>:ud  -r61.0<1>:ud  // $532
(~f1.1) cmp (16|M0)  (lt)f1.1  null<1>:d  r36.0<1;1,0>:ud  r4.0<1;1,0>:ud  // $691
  mul (8|M0)  acc0.0<1>:ud  r46.0<1;1,0>:ud  r24.0<2;1,0>:uw  {$5.dst}  // $533
  mach (8|M0)  r52.0<1>:ud  r46.0<1;1,0>:ud  r24.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r54.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r47.0<1;1,0>:ud  r25.0<2;1,0>:uw  // $533
  mach (8|M8)  r53.0<1>:ud  r47.0<1;1,0>:ud  r25.0<1;1,0>:ud  {AccWrEn}  // $534
  mov (8|M8)  r55.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $534
(W)  mul (8|M0)  acc0.0<1>:d  r46.0<1;1,0>:ud  r26.0<2;1,0>:uw  // $536
  mov (16|M0)  r86.0<1>:f  r54.0<1;1,0>:f  {Compacted,A@2}  // $534
  mach (8|M0)  r54.0<1>:d  r46.0<1;1,0>:ud  r26.0<1;1,0>:d  {F@1}  // $536
(W)  mul (8|M8)  acc0.0<1>:d  r47.0<1;1,0>:ud  r27.0<2;1,0>:uw  // $536
  mach (8|M8)  r55.0<1>:d  r47.0<1;1,0>:ud  r27.0<1;1,0>:d  // $537
(W)  mul (8|M0)  acc0.0<1>:d  r24.0<1;1,0>:ud  r44.0<2;1,0>:uw  // $538
  add (16|M0)  r52.0<1>:d  r52.0<1;1,0>:d  r54.0<1;1,0>:d  {Compacted,I@2}  // $537
  mach (8|M0)  r54.0<1>:d  r24.0<1;1,0>:ud  r44.0<1;1,0>:d  // $538
(W)  mul (8|M8)  acc0.0<1>:d  r25.0<1;1,0>:ud  r45.0<2;1,0>:uw  // $538
  mach (8|M8)  r55.0<1>:d  r25.0<1;1,0>:ud  r45.0<1;1,0>:d  // $539
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r44.0<2;1,0>:uw  {$6.dst}  // $540
  add (16|M0)  r84.0<1>:d  r52.0<1;1,0>:d  r54.0<1;1,0>:d  {Compacted,I@2}  // $539
  mach (8|M0)  r52.0<1>:ud  r18.0<1;1,0>:ud  r44.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r54.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r45.0<2;1,0>:uw  // $540
  mach (8|M8)  r53.0<1>:ud  r19.0<1;1,0>:ud  r45.0<1;1,0>:ud  {AccWrEn}  // $541
  mov (8|M8)  r55.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $541
  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r44.0<2;1,0>:uw  // $547
  mov (16|M0)  r66.0<1>:f  r52.0<1;1,0>:f  {Compacted,A@3}  // $546
  mach (8|M0)  r52.0<1>:ud  r16.0<1;1,0>:ud  r44.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
  mov (16|M0)  r82.0<1>:f  r54.0<1;1,0>:f  {Compacted,I@3}  // $541
  mov (8|M0)  r54.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r45.0<2;1,0>:uw  // $547
  mach (8|M8)  r53.0<1>:ud  r17.0<1;1,0>:ud  r45.0<1;1,0>:ud  {AccWrEn}  // $548
  mov (8|M8)  r55.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $548
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r46.0<2;1,0>:uw  // $554
  mach (8|M0)  r44.0<1>:ud  r18.0<1;1,0>:ud  r46.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M0)  r60.0<1>:f  r54.0<1;1,0>:f  {Compacted,A@3}  // $548
  mov (16|M0)  r54.0<1>:f  r52.0<1;1,0>:f  {Compacted}  // $553
  mov (8|M0)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r47.0<2;1,0>:uw  // $554
  mach (8|M8)  r45.0<1>:ud  r19.0<1;1,0>:ud  r47.0<1;1,0>:ud  {AccWrEn}  // $555
  mov (8|M8)  r53.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $555
(W)  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r46.0<2;1,0>:uw  // $561
  mach (8|M0)  r62.0<1>:d  r16.0<1;1,0>:ud  r46.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r47.0<2;1,0>:uw  // $561
  mach (8|M8)  r63.0<1>:d  r17.0<1;1,0>:ud  r47.0<1;1,0>:ud  {AccWrEn}  // $565
  mov (16|M0)  r64.0<1>:f  r62.0<1;1,0>:f  {Compacted,A@1}  // $565
  addc (8|M0)  r62.0<1>:ud  r52.0<1;1,0>:ud  r60.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $566
  mov (8|M0)  r46.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $566
  addc (8|M8)  r63.0<1>:ud  r53.0<1;1,0>:ud  r61.0<1;1,0>:ud  {AccWrEn}  // $568
  add3 (8|M0)  r46.0<1>:ud  r46.0<1;0>:ud  r6.0<0;0>:uw  r54.0<1>:ud  {I@2} // $567 R{} IR{}{O:11,O:1,O:13,},  {BC=1}
  mov (8|M8)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $568
  addc (8|M0)  r54.0<1>:ud  r62.0<1;1,0>:ud  r64.0<1;1,0>:ud  {AccWrEn,Compacted} // $570
  add3 (8|M8)  acc2.0<1>:ud  r52.0<1;0>:ud  r6.0<0;0>:uw  r55.0<1>:ud  {I@2} // $569
  mov (8|M0)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $570
  addc (8|M8)  r55.0<1>:ud  r63.0<1;1,0>:ud  r65.0<1;1,0>:ud  {AccWrEn}  // $572
  add (8|M0)  r52.0<1>:ud  r52.0<1;1,0>:ud  r46.0<1;1,0>:ud  {Compacted,I@2}  // $571
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $572
  add (8|M8)  r53.0<1>:ud  acc0.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $573
  addc (8|M0)  r54.0<1>:ud  r44.0<1;1,0>:ud  r82.0<1;1,0>:ud  {AccWrEn,Compacted} // $574
  mov (8|M0)  r46.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $574
  addc (8|M8)  r55.0<1>:ud  r45.0<1;1,0>:ud  r83.0<1;1,0>:ud  {AccWrEn}  // $576
  add3 (8|M0)  acc2.0<1>:ud  r46.0<1;0>:ud  r6.0<0;0>:uw  r66.0<1>:ud  {I@2} // $575 R{} IR{}{O:11,O:1,O:0,},  {BC=1}
  mov (8|M8)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $576
  addc (8|M0)  r60.0<1>:ud  r54.0<1;1,0>:ud  r52.0<1;1,0>:ud  {AccWrEn,Compacted} // $578
  add3 (8|M8)  r47.0<1>:ud  r44.0<1;0>:ud  r6.0<0;0>:uw  r67.0<1>:ud  {I@2} // $577
  mov (8|M0)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $578
  addc (8|M8)  r61.0<1>:ud  r55.0<1;1,0>:ud  r53.0<1;1,0>:ud  {AccWrEn}  // $580
  add (8|M0)  r44.0<1>:ud  r44.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $579
  mov (8|M8)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $580
  mul (8|M0)  acc0.0<1>:ud  r60.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $582
  mach (8|M0)  r46.0<1>:ud  r60.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add (8|M8)  r45.0<1>:ud  r52.0<1;1,0>:ud  r47.0<1;1,0>:ud  {Compacted,I@3}  // $581
  mov (8|M0)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r61.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $582
  mach (8|M8)  r47.0<1>:ud  r61.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $583
  mov (8|M8)  r53.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $583
(W)  mul (8|M0)  acc0.0<1>:d  r60.0<1;1,0>:ud  r12.0<2;1,0>:uw  // $585
  mach (8|M0)  r54.0<1>:d  r60.0<1;1,0>:ud  r12.0<1;1,0>:d  // $585
(W)  mul (8|M8)  acc0.0<1>:d  r61.0<1;1,0>:ud  r13.0<2;1,0>:uw  // $585
  mach (8|M8)  r55.0<1>:d  r61.0<1;1,0>:ud  r13.0<1;1,0>:d  // $586
(W)  mul (8|M0)  acc0.0<1>:d  r10.0<1;1,0>:ud  r44.0<2;1,0>:uw  // $587
  add (16|M0)  r46.0<1>:d  r46.0<1;1,0>:d  r54.0<1;1,0>:d  {Compacted,I@2}  // $586
  mach (8|M0)  r54.0<1>:d  r10.0<1;1,0>:ud  r44.0<1;1,0>:d  // $587
(W)  mul (8|M8)  acc0.0<1>:d  r11.0<1;1,0>:ud  r45.0<2;1,0>:uw  // $587
  mach (8|M8)  r55.0<1>:d  r11.0<1;1,0>:ud  r45.0<1;1,0>:d  // $588
  add (16|M0)  r54.0<1>:d  r46.0<1;1,0>:d  r54.0<1;1,0>:d  {Compacted,I@1}  // $588
  subb (8|M0)  r46.0<1>:ud  r86.0<1;1,0>:ud  r52.0<1;1,0>:ud  {AccWrEn,Compacted} // $589
  mov (8|M0)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $589
  subb (8|M8)  r47.0<1>:ud  r87.0<1;1,0>:ud  r53.0<1;1,0>:ud  {AccWrEn}  // $591
  add3 (8|M0)  r44.0<1>:ud  -r44.0<1;0>:ud  r84.0<1;0>:ud  -r54.0<1>:ud  {I@2} // $590
  mov (8|M8)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $591
  addc (8|M0)  r66.0<1>:ud  r78.0<1;1,0>:ud  r46.0<1;1,0>:ud  {AccWrEn,Compacted} // $593
  add3 (8|M8)  r45.0<1>:ud  -r52.0<1;0>:ud  r85.0<1;0>:ud  -r55.0<1>:ud  {I@2} // $592
  mov (8|M0)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $593
  addc (8|M8)  r67.0<1>:ud  r79.0<1;1,0>:ud  r47.0<1;1,0>:ud  {AccWrEn}  // $595
  add3 (8|M0)  r64.0<1>:ud  r52.0<1;0>:ud  r58.0<1;0>:ud  r44.0<1>:ud  {I@2} // $594
  mov (8|M8)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $595
  subb (8|M0)  r62.0<1>:ud  r78.0<1;1,0>:ud  r46.0<1;1,0>:ud  {AccWrEn,Compacted} // $597
  add3 (8|M8)  r65.0<1>:ud  r52.0<1;0>:ud  r59.0<1;0>:ud  r45.0<1>:ud  {I@2} // $596
  mov (8|M0)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $597
  subb (8|M8)  r63.0<1>:ud  r79.0<1;1,0>:ud  r47.0<1;1,0>:ud  {AccWrEn}  // $599
(~f1.0) sel (16|M0)  r54.0<1>:d  r8.0<1;1,0>:d  0:w  // $610
  mov (8|M8)  r46.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $599
  addc (8|M0)  r84.0<1>:ud  r62.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn,Compacted,I@6} // $601
  add3 (8|M0)  r60.0<1>:ud  -r52.0<1;0>:ud  r58.0<1;0>:ud  -r44.0<1>:ud  {I@5} // $598
  mov (8|M0)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $601
  addc (8|M8)  r85.0<1>:ud  r63.0<1;1,0>:ud  r9.0<1;1,0>:ud  {AccWrEn,I@6}  // $603
  add3 (8|M8)  r61.0<1>:ud  -r46.0<1;0>:ud  r59.0<1;0>:ud  -r45.0<1>:ud  {I@5} // $600
  add3 (8|M0)  r58.0<1>:ud  r44.0<1;0>:ud  r60.0<1;0>:ud  r4.0<1>:ud  {I@3} // $602 R{} IR{}{E:11,E:15,E:1,},  {BC=1}
  mov (8|M8)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $603
  subb (8|M0)  r46.0<1>:ud  r48.0<1;1,0>:ud  r54.0<1;1,0>:ud  {AccWrEn,Compacted} // $612
  add3 (8|M8)  r59.0<1>:ud  r44.0<1;0>:ud  r61.0<1;0>:ud  r5.0<1>:ud  {I@2} // $604 R{} IR{}{E:11,E:15,E:1,},  {BC=1}
  mov (8|M0)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $612
  subb (8|M8)  r47.0<1>:ud  r49.0<1;1,0>:ud  r55.0<1;1,0>:ud  {AccWrEn}  // $614
(~f1.0) sel (16|M0)  r52.0<1>:d  r4.0<1;1,0>:d  0:w  // $611
  mov (8|M8)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $614
  mul (8|M0)  acc0.0<1>:ud  r76.0<1;1,0>:ud  r24.0<2;1,0>:uw  // $616
  add3 (8|M0)  r44.0<1>:ud  -r44.0<1;0>:ud  r38.0<1;0>:ud  -r52.0<1>:ud  {I@3} // $613
  mach (8|M0)  r38.0<1>:ud  r76.0<1;1,0>:ud  r24.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add3 (8|M8)  r45.0<1>:ud  -r48.0<1;0>:ud  r39.0<1;0>:ud  -r53.0<1>:ud  {I@4} // $615
  mov (8|M0)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r77.0<1;1,0>:ud  r25.0<2;1,0>:uw  // $616
  mach (8|M8)  r39.0<1>:ud  r77.0<1;1,0>:ud  r25.0<1;1,0>:ud  {AccWrEn}  // $617
  cmp (16|M0)  (lt)f1.0  null<1>:d  r90.0<1;1,0>:ud  r8.0<1;1,0>:ud  // $767
  mov (8|M8)  r49.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $617
(W)  mul (8|M0)  acc0.0<1>:d  r76.0<1;1,0>:ud  r26.0<2;1,0>:uw  // $619
  mov (16|M0)  r88.0<1>:f  r48.0<1;1,0>:f  {Compacted,A@2}  // $617
  mach (8|M0)  r48.0<1>:d  r76.0<1;1,0>:ud  r26.0<1;1,0>:d  {F@1}  // $619
(W)  mul (8|M8)  acc0.0<1>:d  r77.0<1;1,0>:ud  r27.0<2;1,0>:uw  // $619
  mach (8|M8)  r49.0<1>:d  r77.0<1;1,0>:ud  r27.0<1;1,0>:d  // $620
(W)  mul (8|M0)  acc0.0<1>:d  r24.0<1;1,0>:ud  r50.0<2;1,0>:uw  // $621
  add (16|M0)  r38.0<1>:d  r38.0<1;1,0>:d  r48.0<1;1,0>:d  {Compacted,I@2}  // $620
  mach (8|M0)  r48.0<1>:d  r24.0<1;1,0>:ud  r50.0<1;1,0>:d  // $621
(W)  mul (8|M8)  acc0.0<1>:d  r25.0<1;1,0>:ud  r51.0<2;1,0>:uw  // $621
  mach (8|M8)  r49.0<1>:d  r25.0<1;1,0>:ud  r51.0<1;1,0>:d  // $622
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r50.0<2;1,0>:uw  // $623
  add (16|M0)  r86.0<1>:d  r38.0<1;1,0>:d  r48.0<1;1,0>:d  {Compacted,I@2}  // $622
  mach (8|M0)  r38.0<1>:ud  r18.0<1;1,0>:ud  r50.0<1;1,0>:ud  {AccWrEn,Compacted} //
(f1.0)  cmp (16|M0)  (eq)f1.0  null<1>:d  r70.0<1;1,0>:d  r4.0<1;1,0>:d  // $768
  mov (8|M0)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r51.0<2;1,0>:uw  // $623
  mach (8|M8)  r39.0<1>:ud  r19.0<1;1,0>:ud  r51.0<1;1,0>:ud  {AccWrEn}  // $624
(~f1.0) cmp (16|M0)  (lt)f1.0  null<1>:d  r70.0<1;1,0>:ud  r4.0<1;1,0>:ud  // $770
  mov (8|M8)  r49.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $624
  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r50.0<2;1,0>:uw  // $630
  mov (16|M0)  r78.0<1>:f  r38.0<1;1,0>:f  {Compacted,A@4}  // $629
  mach (8|M0)  r38.0<1>:ud  r16.0<1;1,0>:ud  r50.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
  mov (16|M0)  r82.0<1>:f  r48.0<1;1,0>:f  {Compacted,I@3}  // $624
  mov (8|M0)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r51.0<2;1,0>:uw  // $630
  mach (8|M8)  r39.0<1>:ud  r17.0<1;1,0>:ud  r51.0<1;1,0>:ud  {AccWrEn}  // $631
  mov (8|M8)  r49.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $631
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r76.0<2;1,0>:uw  // $637
  mach (8|M0)  r50.0<1>:ud  r18.0<1;1,0>:ud  r76.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r77.0<2;1,0>:uw  // $637
  mach (8|M8)  r51.0<1>:ud  r19.0<1;1,0>:ud  r77.0<1;1,0>:ud  {AccWrEn}  // $638
  mov (8|M8)  r53.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $638
(W)  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r76.0<2;1,0>:uw  // $644
  mov (16|M0)  r54.0<1>:f  r50.0<1;1,0>:f  {Compacted,A@3}  // $643
  mach (8|M0)  r50.0<1>:d  r16.0<1;1,0>:ud  r76.0<1;1,0>:ud  {AccWrEn,F@1}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r77.0<2;1,0>:uw  // $644
  mov (16|M0)  r18.0<1>:f  r52.0<1;1,0>:f  {Compacted,I@4}  // $638
  mach (8|M8)  r51.0<1>:d  r17.0<1;1,0>:ud  r77.0<1;1,0>:ud  {AccWrEn}  // $648
  mov (16|M0)  r52.0<1>:f  r50.0<1;1,0>:f  {Compacted,A@1}  // $648
  addc (8|M0)  r50.0<1>:ud  r18.0<1;1,0>:ud  r48.0<1;1,0>:ud  {AccWrEn,Compacted,A@1} // $649
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $649
  addc (8|M8)  r51.0<1>:ud  r19.0<1;1,0>:ud  r49.0<1;1,0>:ud  {AccWrEn}  // $651
  add3 (8|M0)  r16.0<1>:ud  r16.0<1;0>:ud  r6.0<0;0>:uw  r38.0<1>:ud  {I@2} // $650
  mov (8|M8)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $651
  addc (8|M0)  r38.0<1>:ud  r50.0<1;1,0>:ud  r52.0<1;1,0>:ud  {AccWrEn,Compacted} // $653
  add3 (8|M8)  acc2.0<1>:ud  r18.0<1;0>:ud  r6.0<0;0>:uw  r39.0<1>:ud  {I@2} // $652 R{} IR{}{O:4,O:1,O:9,},  {BC=1}
  mov (8|M0)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $653
  addc (8|M8)  r39.0<1>:ud  r51.0<1;1,0>:ud  r53.0<1;1,0>:ud  {AccWrEn}  // $655
  add (8|M0)  r18.0<1>:ud  r18.0<1;1,0>:ud  r16.0<1;1,0>:ud  {Compacted,I@2}  // $654
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $655
  add (8|M8)  r19.0<1>:ud  acc0.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $656
  addc (8|M0)  r38.0<1>:ud  r54.0<1;1,0>:ud  r82.0<1;1,0>:ud  {AccWrEn,Compacted} // $657
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $657
  addc (8|M8)  r39.0<1>:ud  r55.0<1;1,0>:ud  r83.0<1;1,0>:ud  {AccWrEn}  // $659
  add3 (8|M0)  acc2.0<1>:ud  r16.0<1;0>:ud  r6.0<0;0>:uw  r78.0<1>:ud  {I@2} // $658
  mov (8|M8)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $659
  addc (8|M0)  r50.0<1>:ud  r38.0<1;1,0>:ud  r18.0<1;1,0>:ud  {AccWrEn,Compacted} // $661
  add3 (8|M8)  r17.0<1>:ud  r48.0<1;0>:ud  r6.0<0;0>:uw  r79.0<1>:ud  {I@2} // $660
  mov (8|M0)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $661
  addc (8|M8)  r51.0<1>:ud  r39.0<1;1,0>:ud  r19.0<1;1,0>:ud  {AccWrEn}  // $663
  add (8|M0)  r48.0<1>:ud  r48.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $662
  mov (8|M8)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $663
  mul (8|M0)  acc0.0<1>:ud  r50.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $665
  add (8|M8)  r49.0<1>:ud  r18.0<1;1,0>:ud  r17.0<1;1,0>:ud  {Compacted,I@2}  // $664
  mach (8|M0)  r18.0<1>:ud  r50.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r51.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $665
  mach (8|M8)  r19.0<1>:ud  r51.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $666
  mov (8|M8)  r17.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $666
(W)  mul (8|M0)  acc0.0<1>:d  r50.0<1;1,0>:ud  r12.0<2;1,0>:uw  // $668
  mach (8|M0)  r38.0<1>:d  r50.0<1;1,0>:ud  r12.0<1;1,0>:d  // $668
(W)  mul (8|M8)  acc0.0<1>:d  r51.0<1;1,0>:ud  r13.0<2;1,0>:uw  // $668
  mach (8|M8)  r39.0<1>:d  r51.0<1;1,0>:ud  r13.0<1;1,0>:d  // $669
(W)  mul (8|M0)  acc0.0<1>:d  r10.0<1;1,0>:ud  r48.0<2;1,0>:uw  // $670
  add (16|M0)  r18.0<1>:d  r18.0<1;1,0>:d  r38.0<1;1,0>:d  {Compacted,I@2}  // $669
  mach (8|M0)  r38.0<1>:d  r10.0<1;1,0>:ud  r48.0<1;1,0>:d  // $670
(W)  mul (8|M8)  acc0.0<1>:d  r11.0<1;1,0>:ud  r49.0<2;1,0>:uw  // $670
  mach (8|M8)  r39.0<1>:d  r11.0<1;1,0>:ud  r49.0<1;1,0>:d  // $671
  subb (8|M0)  r48.0<1>:ud  r88.0<1;1,0>:ud  r16.0<1;1,0>:ud  {AccWrEn,Compacted} // $672
  add (16|M0)  r18.0<1>:d  r18.0<1;1,0>:d  r38.0<1;1,0>:d  {Compacted,I@2}  // $671
  mov (8|M0)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $672
  subb (8|M8)  r49.0<1>:ud  r89.0<1;1,0>:ud  r17.0<1;1,0>:ud  {AccWrEn}  // $674
  add3 (8|M0)  r38.0<1>:ud  -r38.0<1;0>:ud  r86.0<1;0>:ud  -r18.0<1>:ud  {I@2} // $673 R{} IR{}{O:9,O:5,O:4,},  {BC=1}
  mov (8|M8)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $674
  addc (8|M0)  r54.0<1>:ud  r46.0<1;1,0>:ud  r48.0<1;1,0>:ud  {AccWrEn,Compacted} // $676
  add3 (8|M8)  r39.0<1>:ud  -r16.0<1;0>:ud  r87.0<1;0>:ud  -r19.0<1>:ud  {I@2} // $675
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $676
  addc (8|M8)  r55.0<1>:ud  r47.0<1;1,0>:ud  r49.0<1;1,0>:ud  {AccWrEn}  // $678
  add3 (8|M0)  r52.0<1>:ud  r16.0<1;0>:ud  r44.0<1;0>:ud  r38.0<1>:ud  {I@2} // $677
  mov (8|M8)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $678
  subb (8|M0)  r18.0<1>:ud  r46.0<1;1,0>:ud  r48.0<1;1,0>:ud  {AccWrEn,Compacted} // $680
  add3 (8|M8)  r53.0<1>:ud  r16.0<1;0>:ud  r45.0<1;0>:ud  r39.0<1>:ud  {I@2} // $679
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $680
  subb (8|M8)  r19.0<1>:ud  r47.0<1;1,0>:ud  r49.0<1;1,0>:ud  {AccWrEn}  // $682
  add3 (8|M0)  acc2.0<1>:ud  -r16.0<1;0>:ud  r44.0<1;0>:ud  -r38.0<1>:ud  {I@2} // $681
  mov (8|M8)  r46.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $682
  addc (8|M0)  r50.0<1>:ud  r18.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn,Compacted} // $684
  add3 (8|M8)  r17.0<1>:ud  -r46.0<1;0>:ud  r45.0<1;0>:ud  -r39.0<1>:ud  {I@2} // $683
  mov (8|M0)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $684
  addc (8|M8)  r51.0<1>:ud  r19.0<1;1,0>:ud  r9.0<1;1,0>:ud  {AccWrEn}  // $686
  add3 (8|M0)  r48.0<1>:ud  r38.0<1;0>:ud  acc2.0<1;0>:ud  r4.0<1>:ud  {I@2} // $685
  mov (8|M8)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $686
  mul (8|M0)  acc0.0<1>:ud  r34.0<1;1,0>:ud  r28.0<2;1,0>:uw  // $695
  add3 (8|M8)  r49.0<1>:ud  r18.0<1;0>:ud  r17.0<1;0>:ud  r5.0<1>:ud  {I@2} // $687
(f1.1)  sel (16|M0)  r18.0<1>:d  r36.0<1;1,0>:d  r68.0<1;1,0>:d  {Compacted}  // $694
  mach (8|M0)  r36.0<1>:ud  r34.0<1;1,0>:ud  r28.0<1;1,0>:ud  {AccWrEn,Compacted} //
(f1.1)  sel (16|M0)  r16.0<1>:d  r92.0<1;1,0>:d  r80.0<1;1,0>:d  {Compacted}  // $693
  mov (8|M0)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r35.0<1;1,0>:ud  r29.0<2;1,0>:uw  // $695
  mach (8|M8)  r37.0<1>:ud  r35.0<1;1,0>:ud  r29.0<1;1,0>:ud  {AccWrEn}  // $696
  cmp (16|M0)  (lt)f1.1  null<1>:d  r66.0<1;1,0>:ud  r8.0<1;1,0>:ud  // $853
  mov (8|M8)  r39.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $696
(W)  mul (8|M0)  acc0.0<1>:d  r34.0<1;1,0>:ud  r30.0<2;1,0>:uw  // $698
  mov (16|M0)  r82.0<1>:f  r38.0<1;1,0>:f  {Compacted,A@2}  // $696
  mach (8|M0)  r38.0<1>:d  r34.0<1;1,0>:ud  r30.0<1;1,0>:d  {F@1}  // $698
(W)  mul (8|M8)  acc0.0<1>:d  r35.0<1;1,0>:ud  r31.0<2;1,0>:uw  // $698
  mach (8|M8)  r39.0<1>:d  r35.0<1;1,0>:ud  r31.0<1;1,0>:d  // $699
(W)  mul (8|M0)  acc0.0<1>:d  r28.0<1;1,0>:ud  r32.0<2;1,0>:uw  // $700
  add (16|M0)  r36.0<1>:d  r36.0<1;1,0>:d  r38.0<1;1,0>:d  {Compacted,I@2}  // $699
  mach (8|M0)  r38.0<1>:d  r28.0<1;1,0>:ud  r32.0<1;1,0>:d  // $700
(W)  mul (8|M8)  acc0.0<1>:d  r29.0<1;1,0>:ud  r33.0<2;1,0>:uw  // $700
  mach (8|M8)  r39.0<1>:d  r29.0<1;1,0>:ud  r33.0<1;1,0>:d  // $701
  mul (8|M0)  acc0.0<1>:ud  r22.0<1;1,0>:ud  r32.0<2;1,0>:uw  // $702
  add (16|M0)  r80.0<1>:d  r36.0<1;1,0>:d  r38.0<1;1,0>:d  {Compacted,I@2}  // $701
  mach (8|M0)  r36.0<1>:ud  r22.0<1;1,0>:ud  r32.0<1;1,0>:ud  {AccWrEn,Compacted} //
(f1.1)  cmp (16|M0)  (eq)f1.1  null<1>:d  r64.0<1;1,0>:d  r4.0<1;1,0>:d  // $854
  mov (8|M0)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r23.0<1;1,0>:ud  r33.0<2;1,0>:uw  // $702
  mach (8|M8)  r37.0<1>:ud  r23.0<1;1,0>:ud  r33.0<1;1,0>:ud  {AccWrEn}  // $703
(~f1.1) cmp (16|M0)  (lt)f1.1  null<1>:d  r64.0<1;1,0>:ud  r4.0<1;1,0>:ud  // $856
  mov (8|M8)  r39.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $703
  mul (8|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r32.0<2;1,0>:uw  // $709
  mov (16|M0)  r76.0<1>:f  r36.0<1;1,0>:f  {Compacted,A@4}  // $708
  mach (8|M0)  r36.0<1>:ud  r20.0<1;1,0>:ud  r32.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
  mov (16|M0)  r78.0<1>:f  r38.0<1;1,0>:f  {Compacted,I@3}  // $703
  mov (8|M0)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r33.0<2;1,0>:uw  // $709
  mach (8|M8)  r37.0<1>:ud  r21.0<1;1,0>:ud  r33.0<1;1,0>:ud  {AccWrEn}  // $710
  mov (8|M8)  r39.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $710
  mul (8|M0)  acc0.0<1>:ud  r22.0<1;1,0>:ud  r34.0<2;1,0>:uw  // $716
  mach (8|M0)  r32.0<1>:ud  r22.0<1;1,0>:ud  r34.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M0)  r44.0<1>:f  r38.0<1;1,0>:f  {Compacted,A@3}  // $710
  mov (16|M0)  r38.0<1>:f  r36.0<1;1,0>:f  {Compacted}  // $715
  mov (8|M0)  r36.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r23.0<1;1,0>:ud  r35.0<2;1,0>:uw  // $716
  mach (8|M8)  r33.0<1>:ud  r23.0<1;1,0>:ud  r35.0<1;1,0>:ud  {AccWrEn}  // $717
  mov (8|M8)  r37.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $717
(W)  mul (8|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r34.0<2;1,0>:uw  // $723
  mach (8|M0)  r46.0<1>:d  r20.0<1;1,0>:ud  r34.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r35.0<2;1,0>:uw  // $723
  mach (8|M8)  r47.0<1>:d  r21.0<1;1,0>:ud  r35.0<1;1,0>:ud  {AccWrEn}  // $727
  mov (16|M0)  r68.0<1>:f  r46.0<1;1,0>:f  {Compacted,A@1}  // $727
  addc (8|M0)  r46.0<1>:ud  r36.0<1;1,0>:ud  r44.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $728
  mov (8|M0)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $728
  addc (8|M8)  r47.0<1>:ud  r37.0<1;1,0>:ud  r45.0<1;1,0>:ud  {AccWrEn}  // $730
  add3 (8|M0)  acc2.0<1>:ud  r34.0<1;0>:ud  r6.0<0;0>:uw  r38.0<1>:ud  {I@2} // $729 R{} IR{}{O:8,O:1,O:9,},  {BC=1}
  mov (8|M8)  r36.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $730
  addc (8|M0)  r38.0<1>:ud  r46.0<1;1,0>:ud  r68.0<1;1,0>:ud  {AccWrEn,Compacted} // $732
  add3 (8|M8)  r35.0<1>:ud  r36.0<1;0>:ud  r6.0<0;0>:uw  r39.0<1>:ud  {I@2} // $731
  mov (8|M0)  r36.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $732
  addc (8|M8)  r39.0<1>:ud  r47.0<1;1,0>:ud  r69.0<1;1,0>:ud  {AccWrEn}  // $734
  add (8|M0)  r36.0<1>:ud  r36.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $733
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $734
(W)  mov (1|M0)  r6.0<1>:hf  0x0:hf  // $737
  add (8|M8)  r37.0<1>:ud  acc0.0<1;1,0>:ud  r35.0<1;1,0>:ud  // $735
  addc (8|M0)  r38.0<1>:ud  r32.0<1;1,0>:ud  r78.0<1;1,0>:ud  {AccWrEn,Compacted} // $736
  mov (8|M0)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $736
  addc (8|M8)  r39.0<1>:ud  r33.0<1;1,0>:ud  r79.0<1;1,0>:ud  {AccWrEn}  // $738
  add3 (8|M0)  acc2.0<1>:ud  r34.0<1;0>:ud  r6.0<0;0>:uw  r76.0<1>:ud  {A@1} // $737
  mov (8|M8)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $738
  addc (8|M0)  r44.0<1>:ud  r38.0<1;1,0>:ud  r36.0<1;1,0>:ud  {AccWrEn,Compacted} // $740
  add3 (8|M8)  r35.0<1>:ud  r32.0<1;0>:ud  r6.0<0;0>:uw  r77.0<1>:ud  {I@2} // $739
  mov (8|M0)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $740
  addc (8|M8)  r45.0<1>:ud  r39.0<1;1,0>:ud  r37.0<1;1,0>:ud  {AccWrEn}  // $742
  add (8|M0)  r32.0<1>:ud  r32.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $741
  mov (8|M8)  r36.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $742
  mul (8|M0)  acc0.0<1>:ud  r44.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $744
  add (8|M8)  r33.0<1>:ud  r36.0<1;1,0>:ud  r35.0<1;1,0>:ud  {Compacted,I@2}  // $743
  mach (8|M0)  r36.0<1>:ud  r44.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
(~f1.1) sel (16|M0)  r78.0<1>:d  r8.0<1;1,0>:d  0:w  // $858
  mov (8|M0)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r45.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $744
  mach (8|M8)  r37.0<1>:ud  r45.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $745
(~f1.1) sel (16|M0)  r76.0<1>:d  r4.0<1;1,0>:d  0:w  // $859
  mov (8|M8)  r35.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $745
(W)  mul (8|M0)  acc0.0<1>:d  r44.0<1;1,0>:ud  r12.0<2;1,0>:uw  // $747
  mach (8|M0)  r38.0<1>:d  r44.0<1;1,0>:ud  r12.0<1;1,0>:d  // $747
(W)  mul (8|M8)  acc0.0<1>:d  r45.0<1;1,0>:ud  r13.0<2;1,0>:uw  // $747
  mach (8|M8)  r39.0<1>:d  r45.0<1;1,0>:ud  r13.0<1;1,0>:d  // $748
(W)  mul (8|M0)  acc0.0<1>:d  r10.0<1;1,0>:ud  r32.0<2;1,0>:uw  // $749
  add (16|M0)  r36.0<1>:d  r36.0<1;1,0>:d  r38.0<1;1,0>:d  {Compacted,I@2}  // $748
  mach (8|M0)  r38.0<1>:d  r10.0<1;1,0>:ud  r32.0<1;1,0>:d  // $749
(W)  mul (8|M8)  acc0.0<1>:d  r11.0<1;1,0>:ud  r33.0<2;1,0>:uw  // $749
  mach (8|M8)  r39.0<1>:d  r11.0<1;1,0>:ud  r33.0<1;1,0>:d  // $750
  subb (8|M0)  r44.0<1>:ud  r82.0<1;1,0>:ud  r34.0<1;1,0>:ud  {AccWrEn,Compacted} // $751
  add (16|M0)  r36.0<1>:d  r36.0<1;1,0>:d  r38.0<1;1,0>:d  {Compacted,I@2}  // $750
  mov (8|M0)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $751
  subb (8|M8)  r45.0<1>:ud  r83.0<1;1,0>:ud  r35.0<1;1,0>:ud  {AccWrEn}  // $753
  add3 (8|M0)  r32.0<1>:ud  -r32.0<1;0>:ud  r80.0<1;0>:ud  -r36.0<1>:ud  {I@2} // $752 R{} IR{}{E:8,E:4,E:9,},  {BC=1}
  mov (8|M8)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $753
  addc (8|M0)  r38.0<1>:ud  r16.0<1;1,0>:ud  r44.0<1;1,0>:ud  {AccWrEn,Compacted} // $755
  add3 (8|M8)  r33.0<1>:ud  -r34.0<1;0>:ud  r81.0<1;0>:ud  -r37.0<1>:ud  {I@2} // $754
  mov (8|M0)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $755
  addc (8|M8)  r39.0<1>:ud  r17.0<1;1,0>:ud  r45.0<1;1,0>:ud  {AccWrEn}  // $757
  add3 (8|M0)  r36.0<1>:ud  r34.0<1;0>:ud  r18.0<1;0>:ud  r32.0<1>:ud  {I@2} // $756
  mov (8|M8)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $757
  subb (8|M0)  r68.0<1>:ud  r16.0<1;1,0>:ud  r44.0<1;1,0>:ud  {AccWrEn,Compacted} // $759
  add3 (8|M8)  r37.0<1>:ud  r34.0<1;0>:ud  r19.0<1;0>:ud  r33.0<1>:ud  {I@2} // $758
  mov (8|M0)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $759
  subb (8|M8)  r69.0<1>:ud  r17.0<1;1,0>:ud  r45.0<1;1,0>:ud  {AccWrEn}  // $761
  add3 (8|M0)  r34.0<1>:ud  -r34.0<1;0>:ud  r18.0<1;0>:ud  -r32.0<1>:ud  {I@2} // $760
  mov (8|M8)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $761
  addc (8|M0)  r82.0<1>:ud  r68.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn,Compacted} // $763
  add3 (8|M8)  r35.0<1>:ud  -r16.0<1;0>:ud  r19.0<1;0>:ud  -r33.0<1>:ud  {I@2} // $762
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $763
  addc (8|M8)  r83.0<1>:ud  r69.0<1;1,0>:ud  r9.0<1;1,0>:ud  {AccWrEn}  // $765
  add3 (8|M0)  r32.0<1>:ud  r16.0<1;0>:ud  r34.0<1;0>:ud  r4.0<1>:ud  {I@2} // $764
  mov (8|M8)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $765
  mul (8|M0)  acc0.0<1>:ud  r42.0<1;1,0>:ud  r28.0<2;1,0>:uw  // $774
  mach (8|M0)  r44.0<1>:ud  r42.0<1;1,0>:ud  r28.0<1;1,0>:ud  {AccWrEn,Compacted} //
(f1.0)  sel (16|M0)  r18.0<1>:d  r70.0<1;1,0>:d  r72.0<1;1,0>:d  {Compacted}  // $773
  mov (8|M0)  r46.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r43.0<1;1,0>:ud  r29.0<2;1,0>:uw  // $774
  mach (8|M8)  r45.0<1>:ud  r43.0<1;1,0>:ud  r29.0<1;1,0>:ud  {AccWrEn}  // $775
  add3 (8|M8)  r33.0<1>:ud  r16.0<1;0>:ud  r35.0<1;0>:ud  r5.0<1>:ud  {I@7} // $766
  mov (8|M8)  r47.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $775
(W)  mul (8|M0)  acc0.0<1>:d  r42.0<1;1,0>:ud  r30.0<2;1,0>:uw  // $777
  mov (16|M0)  r70.0<1>:f  r46.0<1;1,0>:f  {Compacted,A@2}  // $775
  mach (8|M0)  r46.0<1>:d  r42.0<1;1,0>:ud  r30.0<1;1,0>:d  {F@1}  // $777
(W)  mul (8|M8)  acc0.0<1>:d  r43.0<1;1,0>:ud  r31.0<2;1,0>:uw  // $777
  mach (8|M8)  r47.0<1>:d  r43.0<1;1,0>:ud  r31.0<1;1,0>:d  // $778
(W)  mul (8|M0)  acc0.0<1>:d  r28.0<1;1,0>:ud  r40.0<2;1,0>:uw  // $779
  add (16|M0)  r44.0<1>:d  r44.0<1;1,0>:d  r46.0<1;1,0>:d  {Compacted,I@2}  // $778
  mach (8|M0)  r46.0<1>:d  r28.0<1;1,0>:ud  r40.0<1;1,0>:d  // $779
(W)  mul (8|M8)  acc0.0<1>:d  r29.0<1;1,0>:ud  r41.0<2;1,0>:uw  // $779
  mach (8|M8)  r47.0<1>:d  r29.0<1;1,0>:ud  r41.0<1;1,0>:d  // $780
  mul (8|M0)  acc0.0<1>:ud  r22.0<1;1,0>:ud  r40.0<2;1,0>:uw  // $781
  mach (8|M0)  r24.0<1>:ud  r22.0<1;1,0>:ud  r40.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add (16|M0)  r28.0<1>:d  r44.0<1;1,0>:d  r46.0<1;1,0>:d  {Compacted,I@3}  // $780
  mov (8|M0)  r26.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r23.0<1;1,0>:ud  r41.0<2;1,0>:uw  // $781
  mach (8|M8)  r25.0<1>:ud  r23.0<1;1,0>:ud  r41.0<1;1,0>:ud  {AccWrEn}  // $782
(f1.0)  sel (16|M0)  r16.0<1>:d  r90.0<1;1,0>:d  r74.0<1;1,0>:d  {Compacted}  // $772
  mov (8|M8)  r27.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $782
  mul (8|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r40.0<2;1,0>:uw  // $788
  mach (8|M0)  r30.0<1>:ud  r20.0<1;1,0>:ud  r40.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r41.0<2;1,0>:uw  // $788
  mach (8|M8)  r31.0<1>:ud  r21.0<1;1,0>:ud  r41.0<1;1,0>:ud  {AccWrEn}  // $789
  mov (8|M8)  r45.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $789
  mul (8|M0)  acc0.0<1>:ud  r22.0<1;1,0>:ud  r42.0<2;1,0>:uw  // $795
  mov (16|M0)  r46.0<1>:f  r44.0<1;1,0>:f  {Compacted,A@2}  // $789
  mov (16|M0)  r44.0<1>:f  r30.0<1;1,0>:f  {Compacted}  // $794
  mach (8|M0)  r30.0<1>:ud  r22.0<1;1,0>:ud  r42.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
  shl (16|M0)  r74.0<1>:d  r94.0<1;1,0>:d  5:w  {Compacted}  // $846
  mov (8|M0)  r40.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r23.0<1;1,0>:ud  r43.0<2;1,0>:uw  // $795
  mach (8|M8)  r31.0<1>:ud  r23.0<1;1,0>:ud  r43.0<1;1,0>:ud  {AccWrEn}  // $796
  cmp (16|M0)  (lt)f1.0  null<1>:d  r84.0<1;1,0>:ud  r8.0<1;1,0>:ud  // $936
  mov (8|M8)  r41.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $796
(W)  mul (8|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r42.0<2;1,0>:uw  // $802
  mach (8|M0)  r22.0<1>:d  r20.0<1;1,0>:ud  r42.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r43.0<2;1,0>:uw  // $802
  mach (8|M8)  r23.0<1>:d  r21.0<1;1,0>:ud  r43.0<1;1,0>:ud  {AccWrEn}  // $806
  mov (16|M0)  r42.0<1>:f  r22.0<1;1,0>:f  {Compacted,A@1}  // $806
  addc (8|M0)  r22.0<1>:ud  r40.0<1;1,0>:ud  r46.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $807
(f1.0)  cmp (16|M0)  (eq)f1.0  null<1>:d  r58.0<1;1,0>:d  r4.0<1;1,0>:d  // $937
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $807
  addc (8|M8)  r23.0<1>:ud  r41.0<1;1,0>:ud  r47.0<1;1,0>:ud  {AccWrEn}  // $809
  add3 (8|M0)  acc2.0<1>:ud  r20.0<1;0>:ud  r6.0<0;0>:uw  r44.0<1>:ud  {I@2} // $808
  mov (8|M8)  r40.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $809
  addc (8|M0)  r44.0<1>:ud  r22.0<1;1,0>:ud  r42.0<1;1,0>:ud  {AccWrEn,Compacted} // $811
  add3 (8|M8)  r21.0<1>:ud  r40.0<1;0>:ud  r6.0<0;0>:uw  r45.0<1>:ud  {I@2} // $810
  mov (8|M0)  r40.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $811
  addc (8|M8)  r45.0<1>:ud  r23.0<1;1,0>:ud  r43.0<1;1,0>:ud  {AccWrEn}  // $813
  add (8|M0)  r40.0<1>:ud  r40.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $812
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $813
(~f1.0) cmp (16|M0)  (lt)f1.0  null<1>:d  r58.0<1;1,0>:ud  r4.0<1;1,0>:ud  // $939
  add (8|M8)  r41.0<1>:ud  acc0.0<1;1,0>:ud  r21.0<1;1,0>:ud  // $814
  addc (8|M0)  r22.0<1>:ud  r30.0<1;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,Compacted} // $815
  cmp (16|M0)  (lt)f1.1  null<1>:d  r38.0<1;1,0>:ud  r8.0<1;1,0>:ud  // $1022
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $815
  addc (8|M8)  r23.0<1>:ud  r31.0<1;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn}  // $817
  add3 (8|M0)  acc2.0<1>:ud  r20.0<1;0>:ud  r6.0<0;0>:uw  r24.0<1>:ud  {I@2} // $816
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $817
(f1.1)  cmp (16|M0)  (eq)f1.1  null<1>:d  r36.0<1;1,0>:d  r4.0<1;1,0>:d  // $1023
  add3 (8|M8)  r21.0<1>:ud  acc0.0<1;0>:ud  r6.0<0;0>:uw  r25.0<1>:ud  // $818
  addc (8|M0)  r26.0<1>:ud  r22.0<1;1,0>:ud  r40.0<1;1,0>:ud  {AccWrEn,Compacted} // $819
(~f1.1) cmp (16|M0)  (lt)f1.1  null<1>:d  r36.0<1;1,0>:ud  r4.0<1;1,0>:ud  // $1025
  mov (8|M0)  r24.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $819
  addc (8|M8)  r27.0<1>:ud  r23.0<1;1,0>:ud  r41.0<1;1,0>:ud  {AccWrEn,I@7}  // $821
  add (8|M0)  r24.0<1>:ud  r24.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $820
  mov (8|M8)  r22.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $821
  mul (8|M0)  acc0.0<1>:ud  r26.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $823
  add (8|M8)  r25.0<1>:ud  r22.0<1;1,0>:ud  r21.0<1;1,0>:ud  {Compacted,I@2}  // $822
  mach (8|M0)  r22.0<1>:ud  r26.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r27.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $823
  mach (8|M8)  r23.0<1>:ud  r27.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $824
  mov (8|M8)  r21.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $824
(W)  mul (8|M0)  acc0.0<1>:d  r26.0<1;1,0>:ud  r12.0<2;1,0>:uw  // $826
  mach (8|M0)  r30.0<1>:d  r26.0<1;1,0>:ud  r12.0<1;1,0>:d  // $826
(W)  mul (8|M8)  acc0.0<1>:d  r27.0<1;1,0>:ud  r13.0<2;1,0>:uw  // $826
  mach (8|M8)  r31.0<1>:d  r27.0<1;1,0>:ud  r13.0<1;1,0>:d  // $827
(W)  mul (8|M0)  acc0.0<1>:d  r10.0<1;1,0>:ud  r24.0<2;1,0>:uw  // $828
  add (16|M0)  r22.0<1>:d  r22.0<1;1,0>:d  r30.0<1;1,0>:d  {Compacted,I@2}  // $827
  mach (8|M0)  r30.0<1>:d  r10.0<1;1,0>:ud  r24.0<1;1,0>:d  // $828
(W)  mul (8|M8)  acc0.0<1>:d  r11.0<1;1,0>:ud  r25.0<2;1,0>:uw  // $828
  mach (8|M8)  r31.0<1>:d  r11.0<1;1,0>:ud  r25.0<1;1,0>:d  // $829
  subb (8|M0)  r26.0<1>:ud  r70.0<1;1,0>:ud  r20.0<1;1,0>:ud  {AccWrEn,Compacted} // $830
  add (16|M0)  r22.0<1>:d  r22.0<1;1,0>:d  r30.0<1;1,0>:d  {Compacted,I@2}  // $829
  mov (8|M0)  r24.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $830
  subb (8|M8)  r27.0<1>:ud  r71.0<1;1,0>:ud  r21.0<1;1,0>:ud  {AccWrEn}  // $832
  add3 (8|M0)  r24.0<1>:ud  -r24.0<1;0>:ud  r28.0<1;0>:ud  -r22.0<1>:ud  {I@2} // $831
  mov (8|M8)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $832
  addc (8|M0)  r46.0<1>:ud  r16.0<1;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,Compacted} // $834
  add3 (8|M8)  r25.0<1>:ud  -r20.0<1;0>:ud  r29.0<1;0>:ud  -r23.0<1>:ud  {I@2} // $833
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $834
  addc (8|M8)  r47.0<1>:ud  r17.0<1;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn}  // $836
  add3 (8|M0)  r44.0<1>:ud  r20.0<1;0>:ud  r18.0<1;0>:ud  r24.0<1>:ud  {I@2} // $835
  mov (8|M8)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $836
  subb (8|M0)  r22.0<1>:ud  r16.0<1;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,Compacted} // $838
  add3 (8|M8)  r45.0<1>:ud  r20.0<1;0>:ud  r19.0<1;0>:ud  r25.0<1>:ud  {I@2} // $837
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $838
  subb (8|M8)  r23.0<1>:ud  r17.0<1;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn}  // $840
  add3 (8|M0)  acc2.0<1>:ud  -r20.0<1;0>:ud  r18.0<1;0>:ud  -r24.0<1>:ud  {I@2} // $839
  mov (8|M8)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $840
  addc (8|M0)  r42.0<1>:ud  r22.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn,Compacted} // $842
  add3 (8|M8)  r21.0<1>:ud  -r16.0<1;0>:ud  r19.0<1;0>:ud  -r25.0<1>:ud  {I@2} // $841
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $842
  addc (8|M8)  r43.0<1>:ud  r23.0<1;1,0>:ud  r9.0<1;1,0>:ud  {AccWrEn}  // $844
  add3 (8|M0)  r40.0<1>:ud  r16.0<1;0>:ud  acc2.0<1;0>:ud  r4.0<1>:ud  {I@2} // $843
  mov (8|M8)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $844
  subb (8|M0)  r72.0<1>:ud  r66.0<1;1,0>:ud  r78.0<1;1,0>:ud  {AccWrEn,Compacted} // $860
  add3 (8|M8)  r41.0<1>:ud  r16.0<1;0>:ud  r21.0<1;0>:ud  r5.0<1>:ud  {I@2} // $845 R{} IR{}{E:4,E:5,E:1,},  {BC=1}
  add3 (16|M0)  r16.0<1>:d  r14.0<1;0>:d  r7.1<0;0>:d  r74.0<1>:d  // $847 R{} IR{}{O:3,O:1,O:2,},  R{r7,} IR{}{O:3,O:2,},  {BC=1}
  send.dc1 (16|M0)  r24  r16  null:0  0x0  0x04805001  {A@1,$7} // wr:2+0, rd:8; untyped surface read with xyzw // $849
  add3 (16|M0)  r16.0<1>:d  r14.0<1;0>:d  r7.2<0;0>:d  r74.0<1>:d  {$7.src} // $850 R{} IR{}{O:3,O:1,O:2,},  R{r7,} IR{}{O:3,O:2,},  {BC=1}
  send.dc1 (16|M0)  r16  r16  null:0  0x0  0x04805002  {A@1,$8} // wr:2+0, rd:8; untyped surface read with xyzw // $852
  mov (8|M0)  r70.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $860
  subb (8|M8)  r73.0<1>:ud  r67.0<1;1,0>:ud  r79.0<1;1,0>:ud  {AccWrEn}  // $862
  add3 (8|M0)  r70.0<1>:ud  -r70.0<1;0>:ud  r64.0<1;0>:ud  -r76.0<1>:ud  {I@2} // $861
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $862
  add3 (8|M8)  r71.0<1>:ud  -acc0.0<1;0>:ud  r65.0<1;0>:ud  -r77.0<1>:ud  // $863
  mul (8|M0)  acc0.0<1>:ud  r54.0<1;1,0>:ud  r24.0<2;1,0>:uw  {$7.dst}  // $864
  mach (8|M0)  r64.0<1>:ud  r54.0<1;1,0>:ud  r24.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r66.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r55.0<1;1,0>:ud  r25.0<2;1,0>:uw  // $864
  mach (8|M8)  r65.0<1>:ud  r55.0<1;1,0>:ud  r25.0<1;1,0>:ud  {AccWrEn}  // $865
  mov (8|M8)  r67.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $865
(W)  mul (8|M0)  acc0.0<1>:d  r54.0<1;1,0>:ud  r26.0<2;1,0>:uw  // $867
  mov (16|M0)  r88.0<1>:f  r66.0<1;1,0>:f  {Compacted,A@2}  // $865
  mach (8|M0)  r66.0<1>:d  r54.0<1;1,0>:ud  r26.0<1;1,0>:d  {F@1}  // $867
(W)  mul (8|M8)  acc0.0<1>:d  r55.0<1;1,0>:ud  r27.0<2;1,0>:uw  // $867
  mach (8|M8)  r67.0<1>:d  r55.0<1;1,0>:ud  r27.0<1;1,0>:d  // $868
(W)  mul (8|M0)  acc0.0<1>:d  r24.0<1;1,0>:ud  r52.0<2;1,0>:uw  // $869
  add (16|M0)  r64.0<1>:d  r64.0<1;1,0>:d  r66.0<1;1,0>:d  {Compacted,I@2}  // $868
  mach (8|M0)  r66.0<1>:d  r24.0<1;1,0>:ud  r52.0<1;1,0>:d  // $869
(W)  mul (8|M8)  acc0.0<1>:d  r25.0<1;1,0>:ud  r53.0<2;1,0>:uw  // $869
  mach (8|M8)  r67.0<1>:d  r25.0<1;1,0>:ud  r53.0<1;1,0>:d  // $870
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r52.0<2;1,0>:uw  {$8.dst}  // $871
  add (16|M0)  r86.0<1>:d  r64.0<1;1,0>:d  r66.0<1;1,0>:d  {Compacted,I@2}  // $870
  mach (8|M0)  r64.0<1>:ud  r18.0<1;1,0>:ud  r52.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r66.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r53.0<2;1,0>:uw  // $871
  mach (8|M8)  r65.0<1>:ud  r19.0<1;1,0>:ud  r53.0<1;1,0>:ud  {AccWrEn}  // $872
  mov (8|M8)  r67.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $872
  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r52.0<2;1,0>:uw  // $878
  mov (16|M0)  r80.0<1>:f  r66.0<1;1,0>:f  {Compacted,A@2}  // $872
  mach (8|M0)  r66.0<1>:ud  r16.0<1;1,0>:ud  r52.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
  mov (16|M0)  r78.0<1>:f  r64.0<1;1,0>:f  {Compacted}  // $877
  mov (8|M0)  r64.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r53.0<2;1,0>:uw  // $878
  mach (8|M8)  r67.0<1>:ud  r17.0<1;1,0>:ud  r53.0<1;1,0>:ud  {AccWrEn}  // $879
  mov (8|M8)  r65.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $879
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r54.0<2;1,0>:uw  // $885
  mov (16|M0)  r52.0<1>:f  r66.0<1;1,0>:f  {Compacted,A@3}  // $884
  mach (8|M0)  r66.0<1>:ud  r18.0<1;1,0>:ud  r54.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
  mov (8|M0)  r76.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r55.0<2;1,0>:uw  // $885
  mach (8|M8)  r67.0<1>:ud  r19.0<1;1,0>:ud  r55.0<1;1,0>:ud  {AccWrEn}  // $886
  mov (8|M8)  r77.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $886
(W)  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r54.0<2;1,0>:uw  // $892
  mov (16|M0)  r18.0<1>:f  r76.0<1;1,0>:f  {Compacted,A@2}  // $886
  mov (16|M0)  r76.0<1>:f  r66.0<1;1,0>:f  {Compacted}  // $891
  mach (8|M0)  r66.0<1>:d  r16.0<1;1,0>:ud  r54.0<1;1,0>:ud  {AccWrEn,F@1}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r55.0<2;1,0>:uw  // $892
  mach (8|M8)  r67.0<1>:d  r17.0<1;1,0>:ud  r55.0<1;1,0>:ud  {AccWrEn}  // $896
  addc (8|M0)  r54.0<1>:ud  r18.0<1;1,0>:ud  r64.0<1;1,0>:ud  {AccWrEn,Compacted} // $897
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $897
  addc (8|M8)  r55.0<1>:ud  r19.0<1;1,0>:ud  r65.0<1;1,0>:ud  {AccWrEn}  // $899
  add3 (8|M0)  acc2.0<1>:ud  r16.0<1;0>:ud  r6.0<0;0>:uw  r52.0<1>:ud  {I@2} // $898
  mov (8|M8)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $899
  addc (8|M0)  r52.0<1>:ud  r54.0<1;1,0>:ud  r66.0<1;1,0>:ud  {AccWrEn,Compacted} // $901
  add3 (8|M8)  r17.0<1>:ud  r18.0<1;0>:ud  r6.0<0;0>:uw  r53.0<1>:ud  {I@2} // $900
  mov (8|M0)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $901
  addc (8|M8)  r53.0<1>:ud  r55.0<1;1,0>:ud  r67.0<1;1,0>:ud  {AccWrEn}  // $903
  add (8|M0)  r18.0<1>:ud  r18.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $902
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $903
(W)  mov (1|M0)  r6.0<1>:hf  0x0:hf  // $906
  add (8|M8)  r19.0<1>:ud  acc0.0<1;1,0>:ud  r17.0<1;1,0>:ud  // $904
  addc (8|M0)  r52.0<1>:ud  r76.0<1;1,0>:ud  r80.0<1;1,0>:ud  {AccWrEn,Compacted} // $905
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $905
  addc (8|M8)  r53.0<1>:ud  r77.0<1;1,0>:ud  r81.0<1;1,0>:ud  {AccWrEn}  // $907
  add3 (8|M0)  acc2.0<1>:ud  r16.0<1;0>:ud  r6.0<0;0>:uw  r78.0<1>:ud  {A@1} // $906
  mov (8|M8)  r54.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $907
  addc (8|M0)  r64.0<1>:ud  r52.0<1;1,0>:ud  r18.0<1;1,0>:ud  {AccWrEn,Compacted} // $909
  add3 (8|M8)  r17.0<1>:ud  r54.0<1;0>:ud  r6.0<0;0>:uw  r79.0<1>:ud  {I@2} // $908 R{} IR{}{O:13,O:1,O:3,},  {BC=1}
  mov (8|M0)  r54.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $909
  addc (8|M8)  r65.0<1>:ud  r53.0<1;1,0>:ud  r19.0<1;1,0>:ud  {AccWrEn}  // $911
  add (8|M0)  r54.0<1>:ud  r54.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $910
  mov (8|M8)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $911
  mul (8|M0)  acc0.0<1>:ud  r64.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $913
  mach (8|M0)  r16.0<1>:ud  r64.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add (8|M8)  r55.0<1>:ud  r18.0<1;1,0>:ud  r17.0<1;1,0>:ud  {Compacted,I@3}  // $912
  mov (8|M0)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r65.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $913
  mach (8|M8)  r17.0<1>:ud  r65.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $914
  mov (8|M8)  r19.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $914
(W)  mul (8|M0)  acc0.0<1>:d  r64.0<1;1,0>:ud  r12.0<2;1,0>:uw  // $916
  mov (16|M0)  r52.0<1>:f  r18.0<1;1,0>:f  {Compacted,A@2}  // $914
  mach (8|M0)  r18.0<1>:d  r64.0<1;1,0>:ud  r12.0<1;1,0>:d  {F@1}  // $916
(W)  mul (8|M8)  acc0.0<1>:d  r65.0<1;1,0>:ud  r13.0<2;1,0>:uw  // $916
  mach (8|M8)  r19.0<1>:d  r65.0<1;1,0>:ud  r13.0<1;1,0>:d  // $917
(W)  mul (8|M0)  acc0.0<1>:d  r10.0<1;1,0>:ud  r54.0<2;1,0>:uw  // $918
  add (16|M0)  r16.0<1>:d  r16.0<1;1,0>:d  r18.0<1;1,0>:d  {Compacted,I@2}  // $917
  mach (8|M0)  r18.0<1>:d  r10.0<1;1,0>:ud  r54.0<1;1,0>:d  // $918
(W)  mul (8|M8)  acc0.0<1>:d  r11.0<1;1,0>:ud  r55.0<2;1,0>:uw  // $918
  mach (8|M8)  r19.0<1>:d  r11.0<1;1,0>:ud  r55.0<1;1,0>:d  // $919
(~f1.1) sel (16|M0)  r64.0<1>:d  r8.0<1;1,0>:d  0:w  // $1027
  add (16|M0)  r54.0<1>:d  r16.0<1;1,0>:d  r18.0<1;1,0>:d  {Compacted,I@2}  // $919
  subb (8|M0)  r18.0<1>:ud  r88.0<1;1,0>:ud  r52.0<1;1,0>:ud  {AccWrEn,Compacted} // $920
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $920
  subb (8|M8)  r19.0<1>:ud  r89.0<1;1,0>:ud  r53.0<1;1,0>:ud  {AccWrEn}  // $922
  add3 (8|M0)  r16.0<1>:ud  -r16.0<1;0>:ud  r86.0<1;0>:ud  -r54.0<1>:ud  {I@2} // $921
  mov (8|M8)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $922
  addc (8|M0)  r80.0<1>:ud  r72.0<1;1,0>:ud  r18.0<1;1,0>:ud  {AccWrEn,Compacted} // $924
  add3 (8|M8)  r17.0<1>:ud  -r52.0<1;0>:ud  r87.0<1;0>:ud  -r55.0<1>:ud  {I@2} // $923
  mov (8|M0)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $924
  addc (8|M8)  r81.0<1>:ud  r73.0<1;1,0>:ud  r19.0<1;1,0>:ud  {AccWrEn}  // $926
  add3 (8|M0)  r86.0<1>:ud  r52.0<1;0>:ud  r70.0<1;0>:ud  r16.0<1>:ud  {I@2} // $925
  mov (8|M8)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $926
  subb (8|M0)  r54.0<1>:ud  r72.0<1;1,0>:ud  r18.0<1;1,0>:ud  {AccWrEn,Compacted} // $928
  add3 (8|M8)  r87.0<1>:ud  r52.0<1;0>:ud  r71.0<1;0>:ud  r17.0<1>:ud  {I@2} // $927
  mov (8|M0)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $928
  subb (8|M8)  r55.0<1>:ud  r73.0<1;1,0>:ud  r19.0<1;1,0>:ud  {AccWrEn}  // $930
  add3 (8|M0)  acc2.0<1>:ud  -r52.0<1;0>:ud  r70.0<1;0>:ud  -r16.0<1>:ud  {I@2} // $929
  mov (8|M8)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $930
  addc (8|M0)  r76.0<1>:ud  r54.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn,Compacted} // $932
  add3 (8|M8)  r53.0<1>:ud  -r18.0<1;0>:ud  r71.0<1;0>:ud  -r17.0<1>:ud  {I@2} // $931
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $932
  addc (8|M8)  r77.0<1>:ud  r55.0<1;1,0>:ud  r9.0<1;1,0>:ud  {AccWrEn}  // $934
  add3 (8|M0)  r78.0<1>:ud  r16.0<1;0>:ud  acc2.0<1;0>:ud  r4.0<1>:ud  {I@2} // $933
  mov (8|M8)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $934
  mul (8|M0)  acc0.0<1>:ud  r50.0<1;1,0>:ud  r28.0<2;1,0>:uw  // $943
(f1.0)  sel (16|M0)  r18.0<1>:d  r58.0<1;1,0>:d  r60.0<1;1,0>:d  {Compacted}  // $942
  mach (8|M0)  r58.0<1>:ud  r50.0<1;1,0>:ud  r28.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add3 (8|M8)  r79.0<1>:ud  r16.0<1;0>:ud  r53.0<1;0>:ud  r5.0<1>:ud  {I@4} // $935 R{} IR{}{E:4,E:13,E:1,},  {BC=1}
  mov (8|M0)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r51.0<1;1,0>:ud  r29.0<2;1,0>:uw  // $943
  mach (8|M8)  r59.0<1>:ud  r51.0<1;1,0>:ud  r29.0<1;1,0>:ud  {AccWrEn}  // $944
(f1.0)  sel (16|M0)  r16.0<1>:d  r84.0<1;1,0>:d  r62.0<1;1,0>:d  {Compacted}  // $941
  mov (8|M8)  r53.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $944
(W)  mul (8|M0)  acc0.0<1>:d  r50.0<1;1,0>:ud  r30.0<2;1,0>:uw  // $946
  mach (8|M0)  r54.0<1>:d  r50.0<1;1,0>:ud  r30.0<1;1,0>:d  // $946
(W)  mul (8|M8)  acc0.0<1>:d  r51.0<1;1,0>:ud  r31.0<2;1,0>:uw  // $946
  mach (8|M8)  r55.0<1>:d  r51.0<1;1,0>:ud  r31.0<1;1,0>:d  // $947
(W)  mul (8|M0)  acc0.0<1>:d  r28.0<1;1,0>:ud  r48.0<2;1,0>:uw  // $948
  add (16|M0)  r58.0<1>:d  r58.0<1;1,0>:d  r54.0<1;1,0>:d  {Compacted,I@2}  // $947
  mach (8|M0)  r54.0<1>:d  r28.0<1;1,0>:ud  r48.0<1;1,0>:d  // $948
(W)  mul (8|M8)  acc0.0<1>:d  r29.0<1;1,0>:ud  r49.0<2;1,0>:uw  // $948
  mach (8|M8)  r55.0<1>:d  r29.0<1;1,0>:ud  r49.0<1;1,0>:d  // $949
  mul (8|M0)  acc0.0<1>:ud  r22.0<1;1,0>:ud  r48.0<2;1,0>:uw  // $950
  mach (8|M0)  r24.0<1>:ud  r22.0<1;1,0>:ud  r48.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add (16|M0)  r28.0<1>:d  r58.0<1;1,0>:d  r54.0<1;1,0>:d  {Compacted,I@3}  // $949
  mov (8|M0)  r26.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r23.0<1;1,0>:ud  r49.0<2;1,0>:uw  // $950
  mach (8|M8)  r25.0<1>:ud  r23.0<1;1,0>:ud  r49.0<1;1,0>:ud  {AccWrEn}  // $951
  mov (8|M8)  r27.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $951
  mul (8|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r48.0<2;1,0>:uw  // $957
  mach (8|M0)  r30.0<1>:ud  r20.0<1;1,0>:ud  r48.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r54.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r49.0<2;1,0>:uw  // $957
  mach (8|M8)  r31.0<1>:ud  r21.0<1;1,0>:ud  r49.0<1;1,0>:ud  {AccWrEn}  // $958
  mov (8|M8)  r55.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $958
  mul (8|M0)  acc0.0<1>:ud  r22.0<1;1,0>:ud  r50.0<2;1,0>:uw  // $964
  mov (16|M0)  r58.0<1>:f  r54.0<1;1,0>:f  {Compacted,A@2}  // $958
  mov (16|M0)  r54.0<1>:f  r30.0<1;1,0>:f  {Compacted}  // $963
  mach (8|M0)  r30.0<1>:ud  r22.0<1;1,0>:ud  r50.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
(~f1.1) sel (16|M0)  r62.0<1>:d  r4.0<1;1,0>:d  0:w  // $1028
  mov (8|M0)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r23.0<1;1,0>:ud  r51.0<2;1,0>:uw  // $964
  mach (8|M8)  r31.0<1>:ud  r23.0<1;1,0>:ud  r51.0<1;1,0>:ud  {AccWrEn}  // $965
  cmp (16|M0)  (lt)f1.0  null<1>:d  r82.0<1;1,0>:ud  r8.0<1;1,0>:ud  // $1105
  mov (8|M8)  r49.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $965
(W)  mul (8|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r50.0<2;1,0>:uw  // $971
  mach (8|M0)  r22.0<1>:d  r20.0<1;1,0>:ud  r50.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r51.0<2;1,0>:uw  // $971
  mach (8|M8)  r23.0<1>:d  r21.0<1;1,0>:ud  r51.0<1;1,0>:ud  {AccWrEn}  // $975
  mov (16|M0)  r50.0<1>:f  r22.0<1;1,0>:f  {Compacted,A@1}  // $975
  addc (8|M0)  r22.0<1>:ud  r48.0<1;1,0>:ud  r58.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $976
(f1.0)  cmp (16|M0)  (eq)f1.0  null<1>:d  r32.0<1;1,0>:d  r4.0<1;1,0>:d  // $1106
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $976
  addc (8|M8)  r23.0<1>:ud  r49.0<1;1,0>:ud  r59.0<1;1,0>:ud  {AccWrEn}  // $978
  add3 (8|M0)  acc2.0<1>:ud  r20.0<1;0>:ud  r6.0<0;0>:uw  r54.0<1>:ud  {I@2} // $977
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $978
(~f1.0) cmp (16|M0)  (lt)f1.0  null<1>:d  r32.0<1;1,0>:ud  r4.0<1;1,0>:ud  // $1108
  add3 (8|M8)  r21.0<1>:ud  acc0.0<1;0>:ud  r6.0<0;0>:uw  r55.0<1>:ud  // $979
  addc (8|M0)  r48.0<1>:ud  r22.0<1;1,0>:ud  r50.0<1;1,0>:ud  {AccWrEn,Compacted} // $980
(f1.0)  sel (16|M0)  r32.0<1>:d  r32.0<1;1,0>:d  r34.0<1;1,0>:d  {Compacted}  // $1111
  mov (8|M0)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $980
  addc (8|M8)  r49.0<1>:ud  r23.0<1;1,0>:ud  r51.0<1;1,0>:ud  {AccWrEn,I@7}  // $982
  add (8|M0)  r54.0<1>:ud  r48.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $981
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $982
  add (8|M8)  r55.0<1>:ud  acc0.0<1;1,0>:ud  r21.0<1;1,0>:ud  // $983
  addc (8|M0)  r22.0<1>:ud  r30.0<1;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,Compacted} // $984
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $984
  addc (8|M8)  r23.0<1>:ud  r31.0<1;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn}  // $986
  add3 (8|M0)  acc2.0<1>:ud  r20.0<1;0>:ud  r6.0<0;0>:uw  r24.0<1>:ud  {I@2} // $985
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $986
  add3 (8|M8)  r21.0<1>:ud  acc0.0<1;0>:ud  r6.0<0;0>:uw  r25.0<1>:ud  // $987
  addc (8|M0)  r26.0<1>:ud  r22.0<1;1,0>:ud  r54.0<1;1,0>:ud  {AccWrEn,Compacted} // $988
  mov (8|M0)  r24.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $988
  addc (8|M8)  r27.0<1>:ud  r23.0<1;1,0>:ud  r55.0<1;1,0>:ud  {AccWrEn,I@6}  // $990
  add (8|M0)  r24.0<1>:ud  r24.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $989
  mov (8|M8)  r22.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $990
  mul (8|M0)  acc0.0<1>:ud  r26.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $992
  add (8|M8)  r25.0<1>:ud  r22.0<1;1,0>:ud  r21.0<1;1,0>:ud  {Compacted,I@2}  // $991
  mach (8|M0)  r22.0<1>:ud  r26.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r27.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $992
  mach (8|M8)  r23.0<1>:ud  r27.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $993
  mov (8|M8)  r21.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $993
(W)  mul (8|M0)  acc0.0<1>:d  r26.0<1;1,0>:ud  r12.0<2;1,0>:uw  // $995
  mach (8|M0)  r30.0<1>:d  r26.0<1;1,0>:ud  r12.0<1;1,0>:d  // $995
(W)  mul (8|M8)  acc0.0<1>:d  r27.0<1;1,0>:ud  r13.0<2;1,0>:uw  // $995
  mach (8|M8)  r31.0<1>:d  r27.0<1;1,0>:ud  r13.0<1;1,0>:d  // $996
(W)  mul (8|M0)  acc0.0<1>:d  r10.0<1;1,0>:ud  r24.0<2;1,0>:uw  // $997
  add (16|M0)  r22.0<1>:d  r22.0<1;1,0>:d  r30.0<1;1,0>:d  {Compacted,I@2}  // $996
  mach (8|M0)  r30.0<1>:d  r10.0<1;1,0>:ud  r24.0<1;1,0>:d  // $997
(W)  mul (8|M8)  acc0.0<1>:d  r11.0<1;1,0>:ud  r25.0<2;1,0>:uw  // $997
  mach (8|M8)  r31.0<1>:d  r11.0<1;1,0>:ud  r25.0<1;1,0>:d  // $998
  subb (8|M0)  r26.0<1>:ud  r52.0<1;1,0>:ud  r20.0<1;1,0>:ud  {AccWrEn,Compacted} // $999
  add (16|M0)  r22.0<1>:d  r22.0<1;1,0>:d  r30.0<1;1,0>:d  {Compacted,I@2}  // $998
  mov (8|M0)  r24.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $999
  subb (8|M8)  r27.0<1>:ud  r53.0<1;1,0>:ud  r21.0<1;1,0>:ud  {AccWrEn}  // $1001
  add3 (8|M0)  r24.0<1>:ud  -r24.0<1;0>:ud  r28.0<1;0>:ud  -r22.0<1>:ud  {I@2} // $1000
  mov (8|M8)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1001
  addc (8|M0)  r54.0<1>:ud  r16.0<1;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,Compacted} // $1003
  add3 (8|M8)  r25.0<1>:ud  -r20.0<1;0>:ud  r29.0<1;0>:ud  -r23.0<1>:ud  {I@2} // $1002
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1003
  addc (8|M8)  r55.0<1>:ud  r17.0<1;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn}  // $1005
  add3 (8|M0)  r52.0<1>:ud  r20.0<1;0>:ud  r18.0<1;0>:ud  r24.0<1>:ud  {I@2} // $1004
  mov (8|M8)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1005
  subb (8|M0)  r22.0<1>:ud  r16.0<1;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,Compacted} // $1007
  add3 (8|M8)  r53.0<1>:ud  r20.0<1;0>:ud  r19.0<1;0>:ud  r25.0<1>:ud  {I@2} // $1006
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1007
  subb (8|M8)  r23.0<1>:ud  r17.0<1;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn}  // $1009
  add3 (8|M0)  acc2.0<1>:ud  -r20.0<1;0>:ud  r18.0<1;0>:ud  -r24.0<1>:ud  {I@2} // $1008
  mov (8|M8)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1009
  addc (8|M0)  r50.0<1>:ud  r22.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn,Compacted} // $1011
  add3 (8|M8)  r21.0<1>:ud  -r16.0<1;0>:ud  r19.0<1;0>:ud  -r25.0<1>:ud  {I@2} // $1010
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1011
  addc (8|M8)  r51.0<1>:ud  r23.0<1;1,0>:ud  r9.0<1;1,0>:ud  {AccWrEn}  // $1013
  add3 (8|M0)  r48.0<1>:ud  r16.0<1;0>:ud  acc2.0<1;0>:ud  r4.0<1>:ud  {I@2} // $1012
  mov (8|M8)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1013
  subb (8|M0)  r60.0<1>:ud  r38.0<1;1,0>:ud  r64.0<1;1,0>:ud  {AccWrEn,Compacted} // $1029
  add3 (8|M8)  r49.0<1>:ud  r16.0<1;0>:ud  r21.0<1;0>:ud  r5.0<1>:ud  {I@2} // $1014 R{} IR{}{E:4,E:5,E:1,},  {BC=1}
  add (16|M0)  r16.0<1>:d  r74.0<1;1,0>:d  16:w  {Compacted}  // $1015
  add3 (16|M0)  r18.0<1>:d  r14.0<1;0>:d  r7.1<0;0>:d  r16.0<1>:d  {I@1} // $1016
  send.dc1 (16|M0)  r24  r18  null:0  0x0  0x04805001  {A@1,$11} // wr:2+0, rd:8; untyped surface read with xyzw // $1018
  add3 (16|M0)  r16.0<1>:d  r14.0<1;0>:d  r7.2<0;0>:d  r16.0<1>:d  // $1019
  send.dc1 (16|M0)  r16  r16  null:0  0x0  0x04805002  {A@1,$12} // wr:2+0, rd:8; untyped surface read with xyzw // $1021
  mov (8|M0)  r58.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1029
  subb (8|M8)  r61.0<1>:ud  r39.0<1;1,0>:ud  r65.0<1;1,0>:ud  {AccWrEn}  // $1031
  add3 (8|M0)  r58.0<1>:ud  -r58.0<1;0>:ud  r36.0<1;0>:ud  -r62.0<1>:ud  {I@2} // $1030
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $1031
  add3 (8|M8)  r59.0<1>:ud  -acc0.0<1;0>:ud  r37.0<1;0>:ud  -r63.0<1>:ud  // $1032
  mul (8|M0)  acc0.0<1>:ud  r46.0<1;1,0>:ud  r24.0<2;1,0>:uw  {$11.dst}  // $1033
  mach (8|M0)  r38.0<1>:ud  r46.0<1;1,0>:ud  r24.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r36.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r47.0<1;1,0>:ud  r25.0<2;1,0>:uw  // $1033
  mach (8|M8)  r39.0<1>:ud  r47.0<1;1,0>:ud  r25.0<1;1,0>:ud  {AccWrEn}  // $1034
  mov (8|M8)  r37.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1034
(W)  mul (8|M0)  acc0.0<1>:d  r46.0<1;1,0>:ud  r26.0<2;1,0>:uw  // $1036
  mov (16|M0)  r64.0<1>:f  r36.0<1;1,0>:f  {Compacted,A@2}  // $1034
  mach (8|M0)  r36.0<1>:d  r46.0<1;1,0>:ud  r26.0<1;1,0>:d  {F@1}  // $1036
(W)  mul (8|M8)  acc0.0<1>:d  r47.0<1;1,0>:ud  r27.0<2;1,0>:uw  // $1036
  mach (8|M8)  r37.0<1>:d  r47.0<1;1,0>:ud  r27.0<1;1,0>:d  // $1037
(W)  mul (8|M0)  acc0.0<1>:d  r24.0<1;1,0>:ud  r44.0<2;1,0>:uw  // $1038
  add (16|M0)  r38.0<1>:d  r38.0<1;1,0>:d  r36.0<1;1,0>:d  {Compacted,I@2}  // $1037
  mach (8|M0)  r36.0<1>:d  r24.0<1;1,0>:ud  r44.0<1;1,0>:d  // $1038
(W)  mul (8|M8)  acc0.0<1>:d  r25.0<1;1,0>:ud  r45.0<2;1,0>:uw  // $1038
  mach (8|M8)  r37.0<1>:d  r25.0<1;1,0>:ud  r45.0<1;1,0>:d  // $1039
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r44.0<2;1,0>:uw  {$12.dst}  // $1040
  add (16|M0)  r62.0<1>:d  r38.0<1;1,0>:d  r36.0<1;1,0>:d  {Compacted,I@2}  // $1039
  mach (8|M0)  r36.0<1>:ud  r18.0<1;1,0>:ud  r44.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r45.0<2;1,0>:uw  // $1040
  mach (8|M8)  r37.0<1>:ud  r19.0<1;1,0>:ud  r45.0<1;1,0>:ud  {AccWrEn}  // $1041
  mov (8|M8)  r39.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1041
  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r44.0<2;1,0>:uw  // $1047
  mach (8|M0)  r66.0<1>:ud  r16.0<1;1,0>:ud  r44.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r70.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r45.0<2;1,0>:uw  // $1047
  mach (8|M8)  r67.0<1>:ud  r17.0<1;1,0>:ud  r45.0<1;1,0>:ud  {AccWrEn}  // $1048
  mov (8|M8)  r71.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1048
  mul (8|M0)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r46.0<2;1,0>:uw  // $1054
  mach (8|M0)  r72.0<1>:ud  r18.0<1;1,0>:ud  r46.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r47.0<2;1,0>:uw  // $1054
  mach (8|M8)  r73.0<1>:ud  r19.0<1;1,0>:ud  r47.0<1;1,0>:ud  {AccWrEn}  // $1055
  mov (8|M8)  r45.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1055
(W)  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r46.0<2;1,0>:uw  // $1061
  mov (16|M0)  r18.0<1>:f  r72.0<1;1,0>:f  {Compacted,A@3}  // $1060
  mach (8|M0)  r72.0<1>:d  r16.0<1;1,0>:ud  r46.0<1;1,0>:ud  {AccWrEn,F@1}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r47.0<2;1,0>:uw  // $1061
  mach (8|M8)  r73.0<1>:d  r17.0<1;1,0>:ud  r47.0<1;1,0>:ud  {AccWrEn}  // $1065
  addc (8|M0)  r46.0<1>:ud  r44.0<1;1,0>:ud  r70.0<1;1,0>:ud  {AccWrEn,Compacted} // $1066
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1066
  addc (8|M8)  r47.0<1>:ud  r45.0<1;1,0>:ud  r71.0<1;1,0>:ud  {AccWrEn,I@7}  // $1068
  add3 (8|M0)  r16.0<1>:ud  r16.0<1;0>:ud  r6.0<0;0>:uw  r66.0<1>:ud  {I@2} // $1067
  mov (8|M8)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1068
  addc (8|M0)  r66.0<1>:ud  r46.0<1;1,0>:ud  r72.0<1;1,0>:ud  {AccWrEn,Compacted} // $1070
  add3 (8|M8)  acc2.0<1>:ud  r44.0<1;0>:ud  r6.0<0;0>:uw  r67.0<1>:ud  {I@2} // $1069
  mov (8|M0)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1070
  addc (8|M8)  r67.0<1>:ud  r47.0<1;1,0>:ud  r73.0<1;1,0>:ud  {AccWrEn}  // $1072
(W)  mov (1|M0)  r6.0<1>:hf  0x0:hf  {I@3}  // $1075
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $1072
  add (8|M0)  r44.0<1>:ud  r44.0<1;1,0>:ud  r16.0<1;1,0>:ud  {Compacted,I@3}  // $1071
  add (8|M8)  r45.0<1>:ud  acc0.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $1073
  addc (8|M0)  r46.0<1>:ud  r18.0<1;1,0>:ud  r38.0<1;1,0>:ud  {AccWrEn,Compacted} // $1074
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1074
  addc (8|M8)  r47.0<1>:ud  r19.0<1;1,0>:ud  r39.0<1;1,0>:ud  {AccWrEn}  // $1076
  add3 (8|M0)  acc2.0<1>:ud  r16.0<1;0>:ud  r6.0<0;0>:uw  r36.0<1>:ud  {A@1} // $1075
  mov (8|M8)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1076
  addc (8|M0)  r36.0<1>:ud  r46.0<1;1,0>:ud  r44.0<1;1,0>:ud  {AccWrEn,Compacted} // $1078
  add3 (8|M8)  r17.0<1>:ud  r18.0<1;0>:ud  r6.0<0;0>:uw  r37.0<1>:ud  {I@2} // $1077
  mov (8|M0)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1078
  addc (8|M8)  r37.0<1>:ud  r47.0<1;1,0>:ud  r45.0<1;1,0>:ud  {AccWrEn}  // $1080
  add (8|M0)  r18.0<1>:ud  r18.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $1079
  mov (8|M8)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1080
  mul (8|M0)  acc0.0<1>:ud  r36.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $1082
  mach (8|M0)  r16.0<1>:ud  r36.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add (8|M8)  r19.0<1>:ud  r38.0<1;1,0>:ud  r17.0<1;1,0>:ud  {Compacted,I@3}  // $1081
  mov (8|M0)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r37.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $1082
  mach (8|M8)  r17.0<1>:ud  r37.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $1083
  mov (8|M8)  r39.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1083
(W)  mul (8|M0)  acc0.0<1>:d  r36.0<1;1,0>:ud  r12.0<2;1,0>:uw  // $1085
  mov (16|M0)  r44.0<1>:f  r38.0<1;1,0>:f  {Compacted,A@2}  // $1083
  mach (8|M0)  r38.0<1>:d  r36.0<1;1,0>:ud  r12.0<1;1,0>:d  {F@1}  // $1085
(W)  mul (8|M8)  acc0.0<1>:d  r37.0<1;1,0>:ud  r13.0<2;1,0>:uw  // $1085
  mach (8|M8)  r39.0<1>:d  r37.0<1;1,0>:ud  r13.0<1;1,0>:d  // $1086
(W)  mul (8|M0)  acc0.0<1>:d  r10.0<1;1,0>:ud  r18.0<2;1,0>:uw  // $1087
  add (16|M0)  r16.0<1>:d  r16.0<1;1,0>:d  r38.0<1;1,0>:d  {Compacted,I@2}  // $1086
  mach (8|M0)  r38.0<1>:d  r10.0<1;1,0>:ud  r18.0<1;1,0>:d  // $1087
(W)  mul (8|M8)  acc0.0<1>:d  r11.0<1;1,0>:ud  r19.0<2;1,0>:uw  // $1087
  mach (8|M8)  r39.0<1>:d  r11.0<1;1,0>:ud  r19.0<1;1,0>:d  // $1088
  subb (8|M0)  r18.0<1>:ud  r64.0<1;1,0>:ud  r44.0<1;1,0>:ud  {AccWrEn,Compacted} // $1089
  add (16|M0)  r36.0<1>:d  r16.0<1;1,0>:d  r38.0<1;1,0>:d  {Compacted,I@2}  // $1088
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1089
  subb (8|M8)  r19.0<1>:ud  r65.0<1;1,0>:ud  r45.0<1;1,0>:ud  {AccWrEn}  // $1091
  add3 (8|M0)  r16.0<1>:ud  -r16.0<1;0>:ud  r62.0<1;0>:ud  -r36.0<1>:ud  {I@2} // $1090
  mov (8|M8)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1091
  addc (8|M0)  r46.0<1>:ud  r60.0<1;1,0>:ud  r18.0<1;1,0>:ud  {AccWrEn,Compacted} // $1093
  add3 (8|M8)  r17.0<1>:ud  -r38.0<1;0>:ud  r63.0<1;0>:ud  -r37.0<1>:ud  {I@2} // $1092
  mov (8|M0)  r36.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1093
  addc (8|M8)  r47.0<1>:ud  r61.0<1;1,0>:ud  r19.0<1;1,0>:ud  {AccWrEn}  // $1095
  add3 (8|M0)  r44.0<1>:ud  r36.0<1;0>:ud  r58.0<1;0>:ud  r16.0<1>:ud  {I@2} // $1094
  mov (8|M8)  r36.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1095
  subb (8|M0)  r38.0<1>:ud  r60.0<1;1,0>:ud  r18.0<1;1,0>:ud  {AccWrEn,Compacted} // $1097
  add3 (8|M8)  r45.0<1>:ud  r36.0<1;0>:ud  r59.0<1;0>:ud  r17.0<1>:ud  {I@2} // $1096
  mov (8|M0)  r36.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1097
  subb (8|M8)  r39.0<1>:ud  r61.0<1;1,0>:ud  r19.0<1;1,0>:ud  {AccWrEn}  // $1099
  add3 (8|M0)  acc2.0<1>:ud  -r36.0<1;0>:ud  r58.0<1;0>:ud  -r16.0<1>:ud  {I@2} // $1098
  mov (8|M8)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1099
  addc (8|M0)  r60.0<1>:ud  r38.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn,Compacted} // $1101
  add3 (8|M8)  r37.0<1>:ud  -r18.0<1;0>:ud  r59.0<1;0>:ud  -r17.0<1>:ud  {I@2} // $1100
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1101
  addc (8|M8)  r61.0<1>:ud  r39.0<1;1,0>:ud  r9.0<1;1,0>:ud  {AccWrEn}  // $1103
  add3 (8|M0)  r58.0<1>:ud  r16.0<1;0>:ud  acc2.0<1;0>:ud  r4.0<1>:ud  {I@2} // $1102
  mov (8|M8)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1103
  mul (8|M0)  acc0.0<1>:ud  r42.0<1;1,0>:ud  r28.0<2;1,0>:uw  // $1112
  mach (8|M0)  r36.0<1>:ud  r42.0<1;1,0>:ud  r28.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add3 (8|M8)  r59.0<1>:ud  r16.0<1;0>:ud  r37.0<1;0>:ud  r5.0<1>:ud  {I@3} // $1104 R{} IR{}{E:4,E:9,E:1,},  {BC=1}
  mov (8|M0)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r43.0<1;1,0>:ud  r29.0<2;1,0>:uw  // $1112
  mach (8|M8)  r37.0<1>:ud  r43.0<1;1,0>:ud  r29.0<1;1,0>:ud  {AccWrEn}  // $1113
(f1.0)  sel (16|M0)  r16.0<1>:d  r82.0<1;1,0>:d  r68.0<1;1,0>:d  {Compacted}  // $1110
  mov (8|M8)  r19.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1113
(W)  mul (8|M0)  acc0.0<1>:d  r42.0<1;1,0>:ud  r30.0<2;1,0>:uw  // $1115
  mach (8|M0)  r34.0<1>:d  r42.0<1;1,0>:ud  r30.0<1;1,0>:d  // $1115
(W)  mul (8|M8)  acc0.0<1>:d  r43.0<1;1,0>:ud  r31.0<2;1,0>:uw  // $1115
  mach (8|M8)  r35.0<1>:d  r43.0<1;1,0>:ud  r31.0<1;1,0>:d  // $1116
(W)  mul (8|M0)  acc0.0<1>:d  r28.0<1;1,0>:ud  r40.0<2;1,0>:uw  // $1117
  add (16|M0)  r36.0<1>:d  r36.0<1;1,0>:d  r34.0<1;1,0>:d  {Compacted,I@2}  // $1116
  mach (8|M0)  r34.0<1>:d  r28.0<1;1,0>:ud  r40.0<1;1,0>:d  // $1117
(W)  mul (8|M8)  acc0.0<1>:d  r29.0<1;1,0>:ud  r41.0<2;1,0>:uw  // $1117
  mach (8|M8)  r35.0<1>:d  r29.0<1;1,0>:ud  r41.0<1;1,0>:d  // $1118
  mul (8|M0)  acc0.0<1>:ud  r22.0<1;1,0>:ud  r40.0<2;1,0>:uw  // $1119
  mach (8|M0)  r24.0<1>:ud  r22.0<1;1,0>:ud  r40.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add (16|M0)  r28.0<1>:d  r36.0<1;1,0>:d  r34.0<1;1,0>:d  {Compacted,I@3}  // $1118
  mov (8|M0)  r26.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r23.0<1;1,0>:ud  r41.0<2;1,0>:uw  // $1119
  mach (8|M8)  r25.0<1>:ud  r23.0<1;1,0>:ud  r41.0<1;1,0>:ud  {AccWrEn}  // $1120
  mov (8|M8)  r27.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1120
  mul (8|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r40.0<2;1,0>:uw  // $1126
  mach (8|M0)  r30.0<1>:ud  r20.0<1;1,0>:ud  r40.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r41.0<2;1,0>:uw  // $1126
  mach (8|M8)  r31.0<1>:ud  r21.0<1;1,0>:ud  r41.0<1;1,0>:ud  {AccWrEn}  // $1127
  mov (8|M8)  r35.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1127
  mul (8|M0)  acc0.0<1>:ud  r22.0<1;1,0>:ud  r42.0<2;1,0>:uw  // $1133
  mov (16|M0)  r36.0<1>:f  r30.0<1;1,0>:f  {Compacted,A@3}  // $1132
  mach (8|M0)  r30.0<1>:ud  r22.0<1;1,0>:ud  r42.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} //
  mov (16|M0)  r38.0<1>:f  r34.0<1;1,0>:f  {Compacted,I@3}  // $1127
  mov (8|M0)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r23.0<1;1,0>:ud  r43.0<2;1,0>:uw  // $1133
  mach (8|M8)  r31.0<1>:ud  r23.0<1;1,0>:ud  r43.0<1;1,0>:ud  {AccWrEn}  // $1134
  mov (8|M8)  r35.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1134
(W)  mul (8|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r42.0<2;1,0>:uw  // $1140
  mach (8|M0)  r22.0<1>:d  r20.0<1;1,0>:ud  r42.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r43.0<2;1,0>:uw  // $1140
  mach (8|M8)  r23.0<1>:d  r21.0<1;1,0>:ud  r43.0<1;1,0>:ud  {AccWrEn}  // $1144
  mov (16|M0)  r40.0<1>:f  r22.0<1;1,0>:f  {Compacted,A@1}  // $1144
  addc (8|M0)  r22.0<1>:ud  r34.0<1;1,0>:ud  r38.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $1145
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1145
  addc (8|M8)  r23.0<1>:ud  r35.0<1;1,0>:ud  r39.0<1;1,0>:ud  {AccWrEn}  // $1147
  add3 (8|M0)  acc2.0<1>:ud  r20.0<1;0>:ud  r6.0<0;0>:uw  r36.0<1>:ud  {I@2} // $1146
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $1147
  add3 (8|M8)  r21.0<1>:ud  acc0.0<1;0>:ud  r6.0<0;0>:uw  r37.0<1>:ud  // $1148
  addc (8|M0)  r34.0<1>:ud  r22.0<1;1,0>:ud  r40.0<1;1,0>:ud  {AccWrEn,Compacted} // $1149
  mov (8|M0)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1149
  addc (8|M8)  r35.0<1>:ud  r23.0<1;1,0>:ud  r41.0<1;1,0>:ud  {AccWrEn,I@6}  // $1151
  add (8|M0)  r36.0<1>:ud  r34.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $1150
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $1151
  add (8|M8)  r37.0<1>:ud  acc0.0<1;1,0>:ud  r21.0<1;1,0>:ud  // $1152
  addc (8|M0)  r22.0<1>:ud  r30.0<1;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,Compacted} // $1153
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1153
  addc (8|M8)  r23.0<1>:ud  r31.0<1;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn}  // $1155
  add3 (8|M0)  acc2.0<1>:ud  r20.0<1;0>:ud  r6.0<0;0>:uw  r24.0<1>:ud  {I@2} // $1154
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $1155
  add3 (8|M8)  r21.0<1>:ud  acc0.0<1;0>:ud  r6.0<0;0>:uw  r25.0<1>:ud  // $1156
  addc (8|M0)  r26.0<1>:ud  r22.0<1;1,0>:ud  r36.0<1;1,0>:ud  {AccWrEn,Compacted} // $1157
  mov (8|M0)  r24.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1157
  addc (8|M8)  r27.0<1>:ud  r23.0<1;1,0>:ud  r37.0<1;1,0>:ud  {AccWrEn,I@6}  // $1159
  add (8|M0)  r24.0<1>:ud  r24.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@2}  // $1158
  mov (8|M8)  r22.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1159
  mul (8|M0)  acc0.0<1>:ud  r26.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $1161
  add (8|M8)  r25.0<1>:ud  r22.0<1;1,0>:ud  r21.0<1;1,0>:ud  {Compacted,I@2}  // $1160
  mach (8|M0)  r22.0<1>:ud  r26.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r27.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $1161
  mach (8|M8)  r23.0<1>:ud  r27.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $1162
  mov (8|M8)  r21.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1162
(W)  mul (8|M0)  acc0.0<1>:d  r26.0<1;1,0>:ud  r12.0<2;1,0>:uw  // $1164
  mach (8|M0)  r30.0<1>:d  r26.0<1;1,0>:ud  r12.0<1;1,0>:d  // $1164
(W)  mul (8|M8)  acc0.0<1>:d  r27.0<1;1,0>:ud  r13.0<2;1,0>:uw  // $1164
  mach (8|M8)  r31.0<1>:d  r27.0<1;1,0>:ud  r13.0<1;1,0>:d  // $1165
(W)  mul (8|M0)  acc0.0<1>:d  r10.0<1;1,0>:ud  r24.0<2;1,0>:uw  // $1166
  add (16|M0)  r22.0<1>:d  r22.0<1;1,0>:d  r30.0<1;1,0>:d  {Compacted,I@2}  // $1165
  mach (8|M0)  r30.0<1>:d  r10.0<1;1,0>:ud  r24.0<1;1,0>:d  // $1166
(W)  mul (8|M8)  acc0.0<1>:d  r11.0<1;1,0>:ud  r25.0<2;1,0>:uw  // $1166
  mach (8|M8)  r31.0<1>:d  r11.0<1;1,0>:ud  r25.0<1;1,0>:d  // $1167
  subb (8|M0)  r26.0<1>:ud  r18.0<1;1,0>:ud  r20.0<1;1,0>:ud  {AccWrEn,Compacted} // $1168
  add (16|M0)  r22.0<1>:d  r22.0<1;1,0>:d  r30.0<1;1,0>:d  {Compacted,I@2}  // $1167
  mov (8|M0)  r24.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1168
  subb (8|M8)  r27.0<1>:ud  r19.0<1;1,0>:ud  r21.0<1;1,0>:ud  {AccWrEn}  // $1170
  add3 (8|M0)  r24.0<1>:ud  -r24.0<1;0>:ud  r28.0<1;0>:ud  -r22.0<1>:ud  {I@2} // $1169
  mov (8|M8)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1170
  addc (8|M0)  r22.0<1>:ud  r16.0<1;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,Compacted} // $1172
  add3 (8|M8)  r25.0<1>:ud  -r18.0<1;0>:ud  r29.0<1;0>:ud  -r23.0<1>:ud  {I@2} // $1171
  mov (8|M0)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1172
  addc (8|M8)  r23.0<1>:ud  r17.0<1;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn}  // $1174
  add3 (8|M0)  r20.0<1>:ud  r18.0<1;0>:ud  r32.0<1;0>:ud  r24.0<1>:ud  {I@2} // $1173
  mov (8|M8)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1174
  subb (8|M0)  r28.0<1>:ud  r16.0<1;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,Compacted} // $1176
  add3 (8|M8)  r21.0<1>:ud  r18.0<1;0>:ud  r33.0<1;0>:ud  r25.0<1>:ud  {I@2} // $1175
  mov (8|M0)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1176
  subb (8|M8)  r29.0<1>:ud  r17.0<1;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn}  // $1178
  add3 (8|M0)  r18.0<1>:ud  -r18.0<1;0>:ud  r32.0<1;0>:ud  -r24.0<1>:ud  {I@2} // $1177
  mov (8|M8)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1178
  addc (8|M0)  r26.0<1>:ud  r28.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn,Compacted} // $1180
  add3 (8|M8)  acc2.0<1>:ud  -r16.0<1;0>:ud  r33.0<1;0>:ud  -r25.0<1>:ud  {I@2} // $1179 R{} IR{}{E:4,E:8,E:6,},  {BC=1}
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $1180
  addc (8|M8)  r27.0<1>:ud  r29.0<1;1,0>:ud  r9.0<1;1,0>:ud  {AccWrEn}  // $1182
  add3 (8|M0)  r24.0<1>:ud  r16.0<1;0>:ud  r18.0<1;0>:ud  r4.0<1>:ud  {I@2} // $1181
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $1182
  add3 (8|M8)  r25.0<1>:ud  acc0.0<1;0>:ud  acc2.0<1;0>:ud  r5.0<1>:ud  // $1183
  mov (16|M0)  r16.0<1>:f  r80.0<1;1,0>:f  {Compacted,I@3}  // $1184
  mov (16|M0)  r18.0<1>:f  r86.0<1;1,0>:f  {Compacted}  // $1185
  send.dc1 (16|M0)  null  r2  r16:4  0x0  0x04025CFE  {A@1,$13} // wr:2+4, rd:0; untyped surface write with xy // $1186
  mov (16|M0)  r16.0<1>:f  r76.0<1;1,0>:f  {Compacted,$13.src}  // $1187
  mov (16|M0)  r18.0<1>:f  r78.0<1;1,0>:f  {Compacted}  // $1188
  send.dc1 (16|M0)  null  r98  r16:4  0x0  0x04025CFE  {A@1,$14} // wr:2+4, rd:0; untyped surface write with xy // $1189
  mov (16|M0)  r16.0<1>:f  r54.0<1;1,0>:f  {Compacted,$14.src}  // $1190
  mov (16|M0)  r18.0<1>:f  r52.0<1;1,0>:f  {Compacted}  // $1191
  send.dc1 (16|M0)  null  r100  r16:4  0x0  0x04025CFE  {A@1,$15} // wr:2+4, rd:0; untyped surface write with xy // $1192
  mov (16|M0)  r16.0<1>:f  r50.0<1;1,0>:f  {Compacted,$15.src}  // $1193
  mov (16|M0)  r18.0<1>:f  r48.0<1;1,0>:f  {Compacted}  // $1194
  send.dc1 (16|M0)  null  r102  r16:4  0x0  0x04025CFE  {A@1,$0} // wr:2+4, rd:0; untyped surface write with xy // $1195
  mov (16|M0)  r16.0<1>:f  r46.0<1;1,0>:f  {Compacted,$0.src}  // $1196
  mov (16|M0)  r18.0<1>:f  r44.0<1;1,0>:f  {Compacted}  // $1197
  send.dc1 (16|M0)  null  r104  r16:4  0x0  0x04025CFE  {A@1,$1} // wr:2+4, rd:0; untyped surface write with xy // $1198
  add (16|M0)  r2.0<1>:d  r96.0<1;1,0>:d  r7.3<0;1,0>:d  {Compacted}  // $1208
  mov (16|M0)  r16.0<1>:f  r60.0<1;1,0>:f  {Compacted,$1.src}  // $1199
  mov (16|M0)  r18.0<1>:f  r58.0<1;1,0>:f  {Compacted}  // $1200
  send.dc1 (16|M0)  null  r106  r16:4  0x0  0x04025CFE  {A@1,$2} // wr:2+4, rd:0; untyped surface write with xy // $1201
  shr (16|M0)  (eq)f1.0  null<1>:d  r2.0<1;1,0>:ud  r116.0<0;1,0>:d  {I@1}  // $1209
  mov (16|M0)  r16.0<1>:f  r22.0<1;1,0>:f  {Compacted,$2.src}  // $1202
  mov (16|M0)  r18.0<1>:f  r20.0<1;1,0>:f  {Compacted}  // $1203
  send.dc1 (16|M0)  null  r108  r16:4  0x0  0x04025CFE  {A@1,$3} // wr:2+4, rd:0; untyped surface write with xy // $1204
  mov (16|M0)  r16.0<1>:f  r26.0<1;1,0>:f  {Compacted,$3.src}  // $1205
  mov (16|M0)  r18.0<1>:f  r24.0<1;1,0>:f  {Compacted}  // $1206
  send.dc1 (16|M0)  null  r110  r16:4  0x0  0x04025CFE  {A@1,$10} // wr:2+4, rd:0; untyped surface write with xy // $1207
(~f1.0) goto (16|M0)  _0_064  _0_064  // $1211
  mov (16|M0)  r96.0<1>:f  r2.0<1;1,0>:f  {Compacted}  // $1213
(W)  jmpi  _0_066  // $1214
