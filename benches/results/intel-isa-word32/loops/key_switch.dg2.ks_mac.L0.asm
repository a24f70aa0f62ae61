// key_switch.dg2.ks_mac: L0, instructions 154..453 of OCL_asm4cf4d300bac166b8_simd16_entry_0002.asm (the innermost loop with the most multiplies): {'insts': 300, 'mul': 80, 'q64': 0, 'send': 3, 'scratch': 0, 'lanes': 2845, 'mul_lanes': 612}
  cmp (16|M0)  (eq)f0.1  null<1>:d  r7.1<0;1,0>:d  r82.0<1;1,0>:d  {I@3}  // $128
(~f0.1) goto (16|M0)  _0_031  _0_031  // $129
  mov (16|M0)  r16.0<1>:f  r82.0<1;1,0>:f  {Compacted}  // $131
  mov (16|M0)  r38.0<1>:f  r116.0<1;1,0>:f  {Compacted}  // $132
  mov (16|M0)  r36.0<1>:d  r114.0<1;1,0>:d  // $133
  goto (16|M0)  _0_031  _0_033  // $134
  join (16|M0)  _0_033  //
(W)  mul (1|M0)  acc0.0<1>:ud  r84.0<0;1,0>:ud  r7.2<0;1,0>:uw  // $136
(W)  mach (1|M0)  r10.0<1>:ud  r84.0<0;1,0>:ud  r7.1<0;1,0>:ud  {AccWrEn,F@4}  //
(W)  mov (1|M0)  r9.0<1>:ud  acc0.0<0;1,0>:ud  {Compacted}  //
(W)  mul (1|M0)  acc0.0<1>:d  r7.1<0;1,0>:ud  r2.0<0;1,0>:uw  // $141
(W)  mach (1|M0)  r3.0<1>:d  r7.1<0;1,0>:ud  r2.0<0;1,0>:d  // $142
  addc (8|M0)  r12.0<1>:ud  r9.0<0;1,0>:ud  r110.0<1;1,0>:ud {AccWrEn,Compacted,I@3} // $143
(W)  add (1|M0)  r5.2<1>:d  r10.0<0;1,0>:d  r3.0<0;1,0>:d  {Compacted,I@2}  // $142
  mov (8|M0)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $143
  addc (8|M8)  r13.0<1>:ud  r9.0<0;1,0>:ud  r111.0<1;1,0>:ud {AccWrEn}  // $145
  add (8|M0)  r16.0<1>:ud  r14.0<1;1,0>:ud  r5.2<0;1,0>:ud  {Compacted,A@2}  // $144
  mov (8|M8)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $145
  mul (8|M0)  acc0.0<1>:ud  r12.0<1;1,0>:ud  r6.10<0;1,0>:uw  // $147
  mach (8|M0)  r20.0<1>:ud  r12.0<1;1,0>:ud  r6.5<0;1,0>:ud  {AccWrEn,Compacted} //
  add (8|M8)  r17.0<1>:ud  r18.0<1;1,0>:ud  r5.2<0;1,0>:ud  {Compacted,I@3}  // $146
  mov (8|M0)  r22.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r13.0<1;1,0>:ud  r6.10<0;1,0>:uw  // $147
  mach (8|M8)  r21.0<1>:ud  r13.0<1;1,0>:ud  r6.5<0;1,0>:ud  {AccWrEn}  // $152
  mov (8|M8)  r23.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $152
(W)  mul (8|M0)  acc0.0<1>:d  r6.5<0;1,0>:ud  r16.0<2;1,0>:uw  // $152
  mach (8|M0)  r24.0<1>:d  r6.5<0;1,0>:ud  r16.0<1;1,0>:d  // $152
(W)  mul (8|M8)  acc0.0<1>:d  r6.5<0;1,0>:ud  r17.0<2;1,0>:uw  {I@7}  // $152
  shl (16|M0)  r14.0<1>:d  r22.0<1;1,0>:d  3:w  {Compacted,I@4}  // $154
  mach (8|M8)  r25.0<1>:d  r6.5<0;1,0>:ud  r17.0<1;1,0>:d  // $153
  addc (8|M0)  r26.0<1>:ud  r88.0<1;1,0>:ud  r14.0<1;1,0>:ud  {AccWrEn,Compacted,I@2} // $158
  add (16|M0)  r10.0<1>:d  r20.0<1;1,0>:d  r24.0<1;1,0>:d  {Compacted,I@2}  // $153
  shr (16|M0)  r18.0<1>:d  r22.0<1;1,0>:ud  29:w  {Compacted}  // $155
  mov (8|M0)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $158
  shl (16|M0)  r10.0<1>:d  r10.0<1;1,0>:d  3:w  {Compacted,I@3}  // $156
  addc (8|M8)  r27.0<1>:ud  r89.0<1;1,0>:ud  r15.0<1;1,0>:ud  {AccWrEn}  // $160
  or (16|M0)  r10.0<1>:d  r10.0<1;1,0>:d  r18.0<1;1,0>:d  {Compacted,I@2}  // $157
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $160
  add3 (8|M0)  r28.0<1>:ud  r12.0<1;0>:ud  r86.0<1;0>:ud  r10.0<1>:ud  {I@2} // $159
  add3 (8|M8)  r29.0<1>:ud  acc0.0<1;0>:ud  r87.0<1;0>:ud  r11.0<1>:ud  // $161
  mov (16|M0)  r16.0<1>:d  r7.1<0;1,0>:d  // $162
  mov (16|M0)  r38.0<1>:f  r26.0<1;1,0>:f  {Compacted}  // $163
  mov (16|M0)  r36.0<1>:f  r28.0<1;1,0>:f  {Compacted,A@2}  // $164
  join (16|M0)  _0_029  //
  shl (16|M0)  r10.0<1>:d  r16.0<1;1,0>:d  1:w  {Compacted,I@2}  // $169
  mul (8|M0)  acc0.0<1>:ud  r10.0<1;1,0>:ud  r7.4<0;1,0>:uw  {I@1}  // $171
  mach (8|M0)  r12.0<1>:ud  r10.0<1;1,0>:ud  r7.2<0;1,0>:ud  {AccWrEn,Compacted} //
  shr (16|M0)  r16.0<1>:d  r16.0<1;1,0>:ud  31:w  {Compacted}  // $170
  mov (8|M0)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r11.0<1;1,0>:ud  r7.4<0;1,0>:uw  // $171
  mach (8|M8)  r13.0<1>:ud  r11.0<1;1,0>:ud  r7.2<0;1,0>:ud  {AccWrEn}  // $172
  mov (8|M0)  r32.0<2>:d  r38.0<1;1,0>:d  {F@2}  // $166
  mov (8|M8)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $172
(W)  mul (8|M0)  acc0.0<1>:d  r10.0<1;1,0>:ud  r7.8<0;1,0>:uw  // $174
  mach (8|M0)  r18.0<1>:d  r10.0<1;1,0>:ud  r7.4<0;1,0>:d  // $174
(W)  mul (8|M8)  acc0.0<1>:d  r11.0<1;1,0>:ud  r7.8<0;1,0>:uw  // $174
  mach (8|M8)  r19.0<1>:d  r11.0<1;1,0>:ud  r7.4<0;1,0>:d  // $175
  mov (16|M0)  r20.0<1>:f  r14.0<1;1,0>:f  {Compacted,A@5}  // $172
(W)  mul (8|M0)  acc0.0<1>:d  r7.2<0;1,0>:ud  r16.0<2;1,0>:uw  // $176
  add (16|M0)  r22.0<1>:d  r12.0<1;1,0>:d  r18.0<1;1,0>:d  {Compacted,I@2}  // $175
  mach (8|M0)  r18.0<1>:d  r7.2<0;1,0>:ud  r16.0<1;1,0>:d  // $176
(W)  mul (8|M8)  acc0.0<1>:d  r7.2<0;1,0>:ud  r17.0<2;1,0>:uw  // $176
  mach (8|M8)  r19.0<1>:d  r7.2<0;1,0>:ud  r17.0<1;1,0>:d  // $177
  addc (8|M0)  r24.0<1>:ud  r20.0<1;1,0>:ud  r92.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $178
  mov (8|M8)  r34.0<2>:d  r39.0<1;1,0>:d  // $166
  mov (8|M0)  r26.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $178
  addc (8|M8)  r25.0<1>:ud  r21.0<1;1,0>:ud  r93.0<1;1,0>:ud  {AccWrEn}  // $180
  mov (8|M0)  r32.1<2>:d  r36.0<1;1,0>:d  // $167
  mov (8|M8)  r28.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $180
  addc (8|M0)  r30.0<1>:ud  r24.0<1;1,0>:ud  r112.0<1;1,0>:ud {AccWrEn,Compacted,I@6} // $182
  mov (8|M8)  r34.1<2>:d  r37.0<1;1,0>:d  // $167
  mov (8|M0)  r10.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $182
  addc (8|M8)  r31.0<1>:ud  r25.0<1;1,0>:ud  r113.0<1;1,0>:ud {AccWrEn,I@6}  // $184
  send.dc1 (16|M0)  r36  r32  null:0  0x0  0x084415FF  {A@3,$4} // wr:4+0, rd:4; a64 dword gathering read // $168
  shl (16|M0)  r14.0<1>:d  r30.0<1;1,0>:d  3:w  {Compacted,I@1}  // $186
  add (16|M0)  r14.0<1>:d  r14.0<1;1,0>:d  r7.6<0;1,0>:d  {Compacted,I@1}  // $187
  send.dc1 (16|M0)  r40  r14  null:0  0x0  0x04405C01  {A@1,$5} // wr:2+0, rd:4; untyped surface read with xy // $189
  add (16|M0)  r24.0<1>:d  r30.0<1;1,0>:d  r7.2<0;1,0>:d  {Compacted}  // $232
  shl (16|M0)  r24.0<1>:d  r24.0<1;1,0>:d  3:w  {Compacted,I@1}  // $233
  mov (8|M8)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $184
  add (16|M0)  r24.0<1>:d  r24.0<1;1,0>:d  r7.6<0;1,0>:d  {Compacted,I@2}  // $234
  send.dc1 (16|M0)  r32  r24  null:0  0x0  0x04405C01  {A@1,$6} // wr:2+0, rd:4; untyped surface read with xy // $236
(W)  mov (1|M0)  r3.0<1>:hf  0x0:hf  // $217
(W)  mov (1|M0)  r3.1<1>:hf  0xFFFF:hf  // $295
(W)  mov (1|M0)  r3.1<1>:f  0x0:f  {Compacted}  //  (0x00000000:f); $296
(W)  add (1|M0)  r7.1<1>:d  r7.1<0;1,0>:d  1:w  {Compacted}  // $337
(W)  cmp (16|M0)  (lt)f1.1  null<1>:d  r7.1<0;1,0>:ud  r6.6<0;1,0>:ud  {I@1}  // $338
  sync.nop  null  {Compacted,$5.dst}  // $190
  mul (8|M0)  acc0.0<1>:ud  r42.0<1;1,0>:ud  r38.0<2;1,0>:uw  {$4.dst}  // $190
  mach (8|M0)  r16.0<1>:ud  r42.0<1;1,0>:ud  r38.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r43.0<1;1,0>:ud  r39.0<2;1,0>:uw  // $190
  mach (8|M8)  r17.0<1>:ud  r43.0<1;1,0>:ud  r39.0<1;1,0>:ud  {AccWrEn}  // $191
  mov (8|M8)  r21.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $191
  mul (8|M0)  acc0.0<1>:ud  r40.0<1;1,0>:ud  r38.0<2;1,0>:uw  // $197
  mach (8|M0)  r44.0<1>:ud  r40.0<1;1,0>:ud  r38.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M0)  r62.0<1>:f  r20.0<1;1,0>:f  {Compacted,A@3}  // $191
  mov (8|M0)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r41.0<1;1,0>:ud  r39.0<2;1,0>:uw  // $197
  mach (8|M8)  r45.0<1>:ud  r41.0<1;1,0>:ud  r39.0<1;1,0>:ud  {AccWrEn}  // $198
  mov (8|M8)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $198
  mul (8|M0)  acc0.0<1>:ud  r42.0<1;1,0>:ud  r36.0<2;1,0>:uw  // $204
  mach (8|M0)  r30.0<1>:ud  r42.0<1;1,0>:ud  r36.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M0)  r50.0<1>:f  r14.0<1;1,0>:f  {Compacted,A@3}  // $198
  mov (8|M0)  r46.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r43.0<1;1,0>:ud  r37.0<2;1,0>:uw  // $204
  mach (8|M8)  r31.0<1>:ud  r43.0<1;1,0>:ud  r37.0<1;1,0>:ud  {AccWrEn}  // $205
  mov (16|M0)  r64.0<1>:f  r44.0<1;1,0>:f  {Compacted}  // $203
  mov (8|M8)  r47.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $205
(W)  mul (8|M0)  acc0.0<1>:ud  r40.0<1;1,0>:ud  r36.0<2;1,0>:uw  // $211
  sync.nop  null  {Compacted,$6.src}  // $205
  mov (16|M0)  r24.0<1>:f  r46.0<1;1,0>:f  {Compacted,A@2}  // $205
  mach (8|M0)  r48.0<1>:d  r40.0<1;1,0>:ud  r36.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r41.0<1;1,0>:ud  r37.0<2;1,0>:uw  // $211
  mach (8|M8)  r49.0<1>:d  r41.0<1;1,0>:ud  r37.0<1;1,0>:ud  {AccWrEn}  // $215
  addc (8|M0)  r52.0<1>:ud  r24.0<1;1,0>:ud  r50.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $216
  mov (16|M0)  r54.0<1>:f  r48.0<1;1,0>:f  {Compacted,A@2}  // $215
  mov (8|M0)  r56.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $216
  addc (8|M8)  r53.0<1>:ud  r25.0<1;1,0>:ud  r51.0<1;1,0>:ud  {AccWrEn}  // $218
  mov (16|M0)  r66.0<1>:f  r30.0<1;1,0>:f  {Compacted}  // $210
  mov (8|M8)  r58.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $218
  addc (8|M0)  r60.0<1>:ud  r52.0<1;1,0>:ud  r54.0<1;1,0>:ud  {AccWrEn,Compacted,A@2} // $220
  add3 (8|M0)  acc2.0<1>:ud  r56.0<1;0>:ud  r3.0<0;0>:uw  r64.0<1>:ud  {I@4} // $217
  mov (8|M0)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $220
  addc (8|M8)  r61.0<1>:ud  r53.0<1;1,0>:ud  r55.0<1;1,0>:ud  {AccWrEn,I@5}  // $222
  add3 (8|M8)  r47.0<1>:ud  r58.0<1;0>:ud  r3.0<0;0>:uw  r65.0<1>:ud  {I@5} // $219
  mov (8|M8)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $222
  addc (8|M0)  r68.0<1>:ud  r66.0<1;1,0>:ud  r62.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $224
  add (8|M0)  r24.0<1>:ud  r14.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@5}  // $221
  mov (8|M0)  r50.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $224
  addc (8|M8)  r69.0<1>:ud  r67.0<1;1,0>:ud  r63.0<1;1,0>:ud  {AccWrEn}  // $226
  add (8|M8)  r25.0<1>:ud  r48.0<1;1,0>:ud  r47.0<1;1,0>:ud  {Compacted,I@5}  // $223
  mov (8|M8)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $226
  addc (8|M0)  r30.0<1>:ud  r68.0<1;1,0>:ud  r24.0<1;1,0>:ud  {AccWrEn,Compacted,I@5} // $228
  mov (8|M0)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $228
  addc (8|M8)  r31.0<1>:ud  r69.0<1;1,0>:ud  r25.0<1;1,0>:ud  {AccWrEn,I@4}  // $230
  mov (8|M8)  r52.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $230
  mul (8|M0)  acc0.0<1>:ud  r34.0<1;1,0>:ud  r38.0<2;1,0>:uw  {$6.dst}  // $237
  mach (8|M0)  r54.0<1>:ud  r34.0<1;1,0>:ud  r38.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r56.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r35.0<1;1,0>:ud  r39.0<2;1,0>:uw  // $237
  mach (8|M8)  r55.0<1>:ud  r35.0<1;1,0>:ud  r39.0<1;1,0>:ud  {AccWrEn}  // $238
  mov (8|M8)  r57.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $238
  mul (8|M0)  acc0.0<1>:ud  r32.0<1;1,0>:ud  r38.0<2;1,0>:uw  // $244
  mach (8|M0)  r14.0<1>:ud  r32.0<1;1,0>:ud  r38.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M0)  r74.0<1>:f  r56.0<1;1,0>:f  {Compacted,A@3}  // $238
  mov (8|M0)  r46.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r33.0<1;1,0>:ud  r39.0<2;1,0>:uw  // $244
  mach (8|M8)  r15.0<1>:ud  r33.0<1;1,0>:ud  r39.0<1;1,0>:ud  {AccWrEn}  // $245
  mov (8|M8)  r47.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $245
  mul (8|M0)  acc0.0<1>:ud  r34.0<1;1,0>:ud  r36.0<2;1,0>:uw  // $251
  mach (8|M0)  r24.0<1>:ud  r34.0<1;1,0>:ud  r36.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M0)  r60.0<1>:f  r46.0<1;1,0>:f  {Compacted,A@3}  // $245
  mov (8|M0)  r48.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r35.0<1;1,0>:ud  r37.0<2;1,0>:uw  // $251
  mach (8|M8)  r25.0<1>:ud  r35.0<1;1,0>:ud  r37.0<1;1,0>:ud  {AccWrEn}  // $252
  mov (16|M0)  r76.0<1>:f  r14.0<1;1,0>:f  {Compacted}  // $250
  mov (8|M8)  r49.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $252
(W)  mul (8|M0)  acc0.0<1>:ud  r32.0<1;1,0>:ud  r36.0<2;1,0>:uw  // $258
  mov (16|M0)  r62.0<1>:f  r48.0<1;1,0>:f  {Compacted,A@2}  // $252
  mach (8|M0)  r58.0<1>:d  r32.0<1;1,0>:ud  r36.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r33.0<1;1,0>:ud  r37.0<2;1,0>:uw  // $258
  mach (8|M8)  r59.0<1>:d  r33.0<1;1,0>:ud  r37.0<1;1,0>:ud  {AccWrEn}  // $262
  addc (8|M0)  r64.0<1>:ud  r62.0<1;1,0>:ud  r60.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $263
  mov (16|M0)  r66.0<1>:f  r58.0<1;1,0>:f  {Compacted,A@2}  // $262
  mov (8|M0)  r68.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $263
  addc (8|M8)  r65.0<1>:ud  r63.0<1;1,0>:ud  r61.0<1;1,0>:ud  {AccWrEn}  // $265
  mov (16|M0)  r78.0<1>:f  r24.0<1;1,0>:f  {Compacted}  // $257
  mov (8|M8)  r70.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $265
  addc (8|M0)  r72.0<1>:ud  r64.0<1;1,0>:ud  r66.0<1;1,0>:ud  {AccWrEn,Compacted,A@2} // $267
  add3 (8|M0)  acc2.0<1>:ud  r68.0<1;0>:ud  r3.0<0;0>:uw  r76.0<1>:ud  {I@4} // $264
  mov (8|M0)  r46.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $267
  addc (8|M8)  r73.0<1>:ud  r65.0<1;1,0>:ud  r67.0<1;1,0>:ud  {AccWrEn,I@5}  // $269
  add3 (8|M8)  r49.0<1>:ud  r70.0<1;0>:ud  r3.0<0;0>:uw  r77.0<1>:ud  {I@5} // $266
  mov (8|M8)  r80.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $269
  addc (8|M0)  r58.0<1>:ud  r78.0<1;1,0>:ud  r74.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $271
  add (8|M0)  r60.0<1>:ud  r46.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@5}  // $268
  mov (8|M0)  r62.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $271
  addc (8|M8)  r59.0<1>:ud  r79.0<1;1,0>:ud  r75.0<1;1,0>:ud  {AccWrEn}  // $273
  add (8|M8)  r61.0<1>:ud  r80.0<1;1,0>:ud  r49.0<1;1,0>:ud  {Compacted,I@5}  // $270
  mov (8|M8)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $273
  addc (8|M0)  r24.0<1>:ud  r58.0<1;1,0>:ud  r60.0<1;1,0>:ud  {AccWrEn,Compacted,I@5} // $275
  mov (16|M0)  r70.0<1>:f  r54.0<1;1,0>:f  {Compacted}  // $243
  mov (8|M0)  r56.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $275
  addc (8|M8)  r25.0<1>:ud  r59.0<1;1,0>:ud  r61.0<1;1,0>:ud  {AccWrEn,I@4}  // $277
  mov (16|M0)  r60.0<1>:f  r16.0<1;1,0>:f  {Compacted,A@1}  // $196
  mov (8|M8)  r64.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $277
  mul (8|M0)  acc0.0<1>:ud  r36.0<1;1,0>:ud  r32.0<2;1,0>:uw  // $279
  mach (8|M0)  r66.0<1>:ud  r36.0<1;1,0>:ud  r32.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add3 (8|M0)  r74.0<1>:ud  r50.0<1;0>:ud  r3.0<0;0>:uw  r60.0<1>:ud  {F@1} // $225
  mov (8|M0)  r68.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r37.0<1;1,0>:ud  r33.0<2;1,0>:uw  // $279
  mach (8|M8)  r67.0<1>:ud  r37.0<1;1,0>:ud  r33.0<1;1,0>:ud  {AccWrEn}  // $280
  add3 (8|M8)  r77.0<1>:ud  r14.0<1;0>:ud  r3.0<0;0>:uw  r71.0<1>:ud  // $274 R{} IR{}{O:3,O:0,O:1,},  {BC=1}
  mov (8|M8)  r69.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $280
(W)  mul (8|M0)  acc0.0<1>:d  r36.0<1;1,0>:ud  r34.0<2;1,0>:uw  // $282
  mach (8|M0)  r46.0<1>:d  r36.0<1;1,0>:ud  r34.0<1;1,0>:d  // $282
(W)  mul (8|M8)  acc0.0<1>:d  r37.0<1;1,0>:ud  r35.0<2;1,0>:uw  // $282
  mach (8|M8)  r47.0<1>:d  r37.0<1;1,0>:ud  r35.0<1;1,0>:d  // $283
  mov (16|M0)  r48.0<1>:f  r68.0<1;1,0>:f  {Compacted,A@5}  // $280
(W)  mul (8|M0)  acc0.0<1>:d  r32.0<1;1,0>:ud  r38.0<2;1,0>:uw  // $284
  add (16|M0)  r58.0<1>:d  r66.0<1;1,0>:d  r46.0<1;1,0>:d  {Compacted,I@2}  // $283
  mach (8|M0)  r46.0<1>:d  r32.0<1;1,0>:ud  r38.0<1;1,0>:d  // $284
(W)  mul (8|M8)  acc0.0<1>:d  r33.0<1;1,0>:ud  r39.0<2;1,0>:uw  // $284
  mach (8|M8)  r47.0<1>:d  r33.0<1;1,0>:ud  r39.0<1;1,0>:d  // $285
  addc (8|M0)  r50.0<1>:ud  r100.0<1;1,0>:ud  r48.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $286
  add (16|M0)  r72.0<1>:d  r22.0<1;1,0>:d  r18.0<1;1,0>:d  {Compacted}  // $177
  mov (8|M0)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $286
  addc (8|M8)  r51.0<1>:ud  r101.0<1;1,0>:ud  r49.0<1;1,0>:ud  {AccWrEn}  // $288
  add3 (8|M8)  r75.0<1>:ud  r20.0<1;0>:ud  r3.0<0;0>:uw  r61.0<1>:ud  // $227
  add (16|M0)  r18.0<1>:d  r58.0<1;1,0>:d  r46.0<1;1,0>:d  {Compacted,I@6}  // $285
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $288
  cmp (16|M0)  (lt)f1.0  null<1>:d  r50.0<1;1,0>:ud  r48.0<1;1,0>:ud  {I@4}  // $290
  add3 (8|M0)  r96.0<1>:ud  r14.0<1;0>:ud  r96.0<1;0>:ud  r18.0<1>:ud  {I@3} // $287
  add3 (8|M8)  r97.0<1>:ud  acc0.0<1;0>:ud  r97.0<1;0>:ud  r19.0<1>:ud  // $289
  add3 (8|M0)  acc0.0<1>:ud  r26.0<1;0>:ud  r72.0<1;0>:ud  r90.0<1>:ud  // $179 R{} IR{}{O:6,E:2,O:6,},  {BC=1}
(f1.0)  cmp (16|M0)  (eq)f1.0  null<1>:d  r96.0<1;1,0>:d  r18.0<1;1,0>:d  {I@2}  // $291
  add3 (8|M8)  acc2.0<1>:ud  r28.0<1;0>:ud  r73.0<1;0>:ud  r91.0<1>:ud  // $181
  add (8|M0)  r16.0<1>:ud  r10.0<1;1,0>:ud  acc0.0<1;1,0>:ud  // $183
(~f1.0) cmp (16|M0)  (lt)f1.0  null<1>:d  r96.0<1;1,0>:ud  r18.0<1;1,0>:ud  // $293
  add (8|M8)  r17.0<1>:ud  r12.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $185
  add (8|M8)  r81.0<1>:ud  r52.0<1;1,0>:ud  r75.0<1;1,0>:ud  {Compacted}  // $231
(f1.0)  sel (16|M0)  r10.0<1>:d  r3.1<0;1,0>:w  0:w  // $295
  subb (8|M0)  r12.0<1>:ud  r3.1<0;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted,I@1} // $296
  add (8|M0)  r80.0<1>:ud  r44.0<1;1,0>:ud  r74.0<1;1,0>:ud  {Compacted}  // $229
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $296
  subb (8|M8)  r13.0<1>:ud  r3.1<0;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $298
  add3 (8|M0)  acc2.0<1>:ud  r62.0<1;0>:ud  r3.0<0;0>:uw  r70.0<1>:ud  // $272 R{} IR{}{O:15,O:0,O:1,},  {BC=1}
  mov (8|M8)  r22.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $298
  addc (8|M0)  r26.0<1>:ud  r24.0<1;1,0>:ud  r12.0<1;1,0>:ud  {AccWrEn,Compacted,I@6} // $300
  add (8|M8)  r69.0<1>:ud  r64.0<1;1,0>:ud  r77.0<1;1,0>:ud  {Compacted}  // $278
  mov (8|M0)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $300
  addc (8|M8)  r27.0<1>:ud  r25.0<1;1,0>:ud  r13.0<1;1,0>:ud  {AccWrEn,I@6}  // $302
  add (8|M0)  acc2.0<1>:ud  r56.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $276
  mov (8|M8)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $302
  addc (8|M0)  r52.0<1>:ud  r104.0<1;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,Compacted,I@6} // $304
  mov (16|M0)  r100.0<1>:f  r50.0<1;1,0>:f  {Compacted}  // $339
  mov (8|M0)  r18.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $304
  addc (8|M8)  r53.0<1>:ud  r105.0<1;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn,I@5}  // $306
  mov (8|M8)  r28.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $306
  mul (8|M0)  acc0.0<1>:ud  r36.0<1;1,0>:ud  r40.0<2;1,0>:uw  // $308
  mach (8|M0)  r32.0<1>:ud  r36.0<1;1,0>:ud  r40.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M0)  r104.0<1>:f  r52.0<1;1,0>:f  {Compacted,A@4}  // $340
  mov (8|M0)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r37.0<1;1,0>:ud  r41.0<2;1,0>:uw  // $308
  mach (8|M8)  r33.0<1>:ud  r37.0<1;1,0>:ud  r41.0<1;1,0>:ud  {AccWrEn}  // $309
  mov (8|M8)  r35.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $309
(W)  mul (8|M0)  acc0.0<1>:d  r36.0<1;1,0>:ud  r42.0<2;1,0>:uw  // $311
  mach (8|M0)  r12.0<1>:d  r36.0<1;1,0>:ud  r42.0<1;1,0>:d  // $311
(W)  mul (8|M8)  acc0.0<1>:d  r37.0<1;1,0>:ud  r43.0<2;1,0>:uw  // $311
  mach (8|M8)  r13.0<1>:d  r37.0<1;1,0>:ud  r43.0<1;1,0>:d  // $312
  mov (16|M0)  r24.0<1>:f  r34.0<1;1,0>:f  {Compacted,A@5}  // $309
(W)  mul (8|M0)  acc0.0<1>:d  r40.0<1;1,0>:ud  r38.0<2;1,0>:uw  // $313
  add (16|M0)  r26.0<1>:d  r32.0<1;1,0>:d  r12.0<1;1,0>:d  {Compacted,I@2}  // $312
  mach (8|M0)  r12.0<1>:d  r40.0<1;1,0>:ud  r38.0<1;1,0>:d  // $313
(W)  mul (8|M8)  acc0.0<1>:d  r41.0<1;1,0>:ud  r39.0<2;1,0>:uw  // $313
  mach (8|M8)  r13.0<1>:d  r41.0<1;1,0>:ud  r39.0<1;1,0>:d  // $314
  addc (8|M0)  r8.0<1>:ud  r98.0<1;1,0>:ud  r24.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $315
  add (16|M0)  r46.0<1>:d  r26.0<1;1,0>:d  r12.0<1;1,0>:d  {Compacted,I@2}  // $314
  mov (8|M0)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $315
  addc (8|M8)  r9.0<1>:ud  r99.0<1;1,0>:ud  r25.0<1;1,0>:ud  {AccWrEn}  // $317
  add3 (8|M0)  r94.0<1>:ud  r44.0<1;0>:ud  r94.0<1;0>:ud  r46.0<1>:ud  {I@2} // $316
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $317
  cmp (16|M0)  (lt)f0.1  null<1>:d  r8.0<1;1,0>:ud  r24.0<1;1,0>:ud  {I@3}  // $319
  add3 (8|M8)  r95.0<1>:ud  acc0.0<1;0>:ud  r95.0<1;0>:ud  r47.0<1>:ud  // $318
  add3 (8|M0)  r40.0<1>:ud  -r16.0<1;0>:ud  r3.0<0;0>:uw  -r10.0<1>:ud  // $297
(f0.1)  cmp (16|M0)  (eq)f0.1  null<1>:d  r94.0<1;1,0>:d  r46.0<1;1,0>:d  {I@2}  // $320
  add3 (8|M8)  r41.0<1>:ud  -r22.0<1;0>:ud  r3.0<0;0>:uw  -r11.0<1>:ud  // $299 R{} IR{}{O:5,O:0,O:2,},  {BC=1}
  mov (16|M0)  r98.0<1>:f  r8.0<1;1,0>:f  {Compacted}  // $341
(~f0.1) cmp (16|M0)  (lt)f0.1  null<1>:d  r94.0<1;1,0>:ud  r46.0<1;1,0>:ud  // $322
  add3 (8|M0)  r46.0<1>:ud  r14.0<1;0>:ud  acc2.0<1;0>:ud  r40.0<1>:ud  {I@4} // $301
  add3 (8|M8)  r47.0<1>:ud  r20.0<1;0>:ud  r69.0<1;0>:ud  r41.0<1>:ud  {I@3} // $303 R{} IR{}{E:5,E:1,E:10,},  {BC=1}
(f0.1)  sel (16|M0)  r32.0<1>:d  r3.1<0;1,0>:w  0:w  // $324
  subb (8|M0)  r34.0<1>:ud  r3.1<0;1,0>:ud  r32.0<1;1,0>:ud  {AccWrEn,Compacted,I@1} // $325
  add3 (8|M0)  r108.0<1>:ud  r18.0<1;0>:ud  r108.0<1;0>:ud  r46.0<1>:ud  // $305
  mov (8|M0)  r36.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $325
  subb (8|M8)  r35.0<1>:ud  r3.1<0;1,0>:ud  r33.0<1;1,0>:ud  {AccWrEn}  // $327
  add3 (8|M0)  r42.0<1>:ud  -r36.0<1;0>:ud  r3.0<0;0>:uw  -r32.0<1>:ud  {I@2} // $326
  mov (8|M8)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $327
  addc (8|M0)  r12.0<1>:ud  r30.0<1;1,0>:ud  r34.0<1;1,0>:ud  {AccWrEn,Compacted} // $329
  add3 (8|M8)  r43.0<1>:ud  -r38.0<1;0>:ud  r3.0<0;0>:uw  -r33.0<1>:ud  {I@2} // $328
  mov (8|M0)  r26.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $329
  addc (8|M8)  r13.0<1>:ud  r31.0<1;1,0>:ud  r35.0<1;1,0>:ud  {AccWrEn}  // $331
  add3 (8|M0)  r30.0<1>:ud  r26.0<1;0>:ud  r80.0<1;0>:ud  r42.0<1>:ud  {I@2} // $330
  mov (8|M8)  r24.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $331
  addc (8|M0)  r48.0<1>:ud  r102.0<1;1,0>:ud  r12.0<1;1,0>:ud  {AccWrEn,Compacted} // $333
  add3 (8|M8)  r31.0<1>:ud  r24.0<1;0>:ud  r81.0<1;0>:ud  r43.0<1>:ud  {I@2} // $332
  mov (8|M0)  r44.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $333
  addc (8|M8)  r49.0<1>:ud  r103.0<1;1,0>:ud  r13.0<1;1,0>:ud  {AccWrEn}  // $335
  add3 (8|M8)  r109.0<1>:ud  r28.0<1;0>:ud  r109.0<1;0>:ud  r47.0<1>:ud  // $307
  mov (8|M8)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $335
  add3 (8|M0)  r106.0<1>:ud  r44.0<1;0>:ud  r106.0<1;0>:ud  r30.0<1>:ud  {I@4} // $334
  mov (16|M0)  r102.0<1>:f  r48.0<1;1,0>:f  {Compacted,I@4}  // $342
  add3 (8|M8)  r107.0<1>:ud  acc0.0<1;0>:ud  r107.0<1;0>:ud  r31.0<1>:ud  // $336
(~f1.1) goto (16|M0)  _0_029  _0_029  // $343
  mov (16|M0)  r102.0<1>:f  r48.0<1;1,0>:f  {Compacted}  // $345
  mov (16|M0)  r98.0<1>:f  r8.0<1;1,0>:f  {Compacted}  // $346
  mov (16|M0)  r104.0<1>:d  r52.0<1;1,0>:d  // $347
  mov (16|M0)  r100.0<1>:d  r50.0<1;1,0>:d  // $348
(W)  jmpi  _0_030  // $349
