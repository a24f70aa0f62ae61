// ntt_forward.pvc.ntt_fwd_local_radix8: L2-nest, instructions 160..560 of OCL_asm9a233c204def88fe_1_simd32_entry_0008.asm (the loop nest around the hot loop L5): {'insts': 401, 'mul': 88, 'q64': 34, 'send': 38, 'scratch': 0, 'lanes': 6974, 'mul_lanes': 1412}
  shr (32|M0)  r26.0<1>:d  r72.0<1;1,0>:ud  r4.5<0;1,0>:d  {A@1}  // $139
(W)  mov (1|M0)  r4.1<1>:hf  0xFFFF:hf  {I@2}  // $142
  shl (32|M0)  r2.0<1>:d  r26.0<1;1,0>:d  1:w  {Compacted,I@1}  // $140
(W)  shl (1|M0)  r4.2<1>:d  r4.1<0;1,0>:w  r4.5<0;1,0>:d  {F@1}  // $142
  sync.nop  null  {Compacted,I@2}  // $141
  sync.nop  null  {Compacted,$8.src}  // $141
  shl (32|M0)  r14.0<1>:d  r2.0<1;1,0>:d  r4.4<0;1,0>:d  {Compacted,$4.src} // $141
  sync.nop  null  {Compacted,I@2}  // $143
  bfn.(s0&(s1^s2)) (32|M0)  r6.0<1>:ud  r72.0<1;0>:ud  r4.2<0;0>:ud  r4.7<0>:ud  {$10.src} // $143
  add (32|M0)  r6.0<1>:d  r14.0<1;1,0>:d  r6.0<1;1,0>:d  {Compacted,I@1}  // $144
(W)  mov (1|M0)  r4.2<1>:hf  0x8:hf  // $147
(W)  mov (1|M0)  r4.0<1>:hf  0x20:hf  // $177
  shl (32|M0)  r68.0<1>:d  r6.0<1;1,0>:d  3:w  {Compacted,I@1}  // $145
(W)  mov (1|M0)  r4.3<1>:hf  0x10:hf  // $164
(W)  shl (1|M0)  r4.3<1>:d  r4.2<0;1,0>:w  r4.5<0;1,0>:d  {F@3}  // $147
  mul (32|M0)  r8.0<1>:d  r4.0<0;1,0>:w  24:w  {F@2}  // $177
(W)  mov (1|M0)  r4.30<1>:hf  0x18:hf  // $167
  add (32|M0)  r16.0<1>:d  r108.0<1;1,0>:d  32:w  {Compacted}  // $156
(W)  shl (1|M0)  r4.14<1>:d  r4.3<0;1,0>:w  r4.5<0;1,0>:d  {F@2}  // $164
  add (32|M0)  r96.0<1>:d  r68.0<1;1,0>:d  r4.3<0;1,0>:d  {Compacted,I@4}  // $148
  add (32|M0)  r90.0<1>:d  r8.0<1;1,0>:d  r28.0<1;1,0>:d  {Compacted,I@4}  // $178
(W)  shl (1|M0)  r4.15<1>:d  r4.30<0;1,0>:w  r4.5<0;1,0>:d  {F@1}  // $167
  load.slm.d64.a32 (32|M0)  r6:4  [r68:2]  {I@2,$12} // ex_desc:0x0; desc:0x4400700 // $146
(W)  mov (1|M0)  r5.2<1>:hf  0x28:hf  // $187
  shl (32|M0)  r86.0<1>:d  r16.0<1;1,0>:d  3:w  {Compacted}  // $157
  add (32|M0)  r98.0<1>:d  r68.0<1;1,0>:d  r4.14<0;1,0>:d  {Compacted}  // $165 R{} IR{}{E:2,E:2,},  R{r4,} IR{} {BC=1}
  load.slm.d64.a32 (32|M0)  r14:4  [r96:2]  {I@2,$13} // ex_desc:0x0; desc:0x4400700 // $149
(W)  mov (1|M0)  r5.4<1>:hf  0x30:hf  // $204
(W)  shl (1|M0)  r5.0<1>:d  r4.0<0;1,0>:w  r4.5<0;1,0>:d  // $184
  add (32|M0)  r100.0<1>:d  r68.0<1;1,0>:d  r4.15<0;1,0>:d  // $168
(W)  shl (1|M0)  r5.1<1>:d  r5.2<0;1,0>:w  r4.5<0;1,0>:d  {F@2}  // $187
  load.slm.d64.a32 (32|M0)  r44:4  [r98:2]  {I@4,$14} // ex_desc:0x0; desc:0x4400700 // $166
(W)  shl (1|M0)  r4.1<1>:d  r5.4<0;1,0>:w  r4.5<0;1,0>:d  {F@1}  // $204
  add (32|M0)  r102.0<1>:d  r68.0<1;1,0>:d  r5.0<0;1,0>:d  {Compacted,I@4}  // $185
(W)  shr (1|M0)  r5.2<1>:ud  r0.5<0;1,0>:ud  0x4:uw  // $154
  load.slm.d64.a32 (32|M0)  r34:4  [r100:2]  {I@5,$15} // ex_desc:0x0; desc:0x4400700 // $169
  add (32|M0)  r104.0<1>:d  r68.0<1;1,0>:d  r5.1<0;1,0>:d  {Compacted,I@4}  // $188
(W)  mov (1|M0)  a0.2<1>:ud  r5.2<0;1,0>:ud  {Compacted,I@2}  // $155
  load.slm.d64.a32 (32|M0)  r22:4  [r102:2]  {$0} // ex_desc:0x0; desc:0x4400700 // $186
  load.slm.d64.a32 (32|M0)  r18:4  [r104:2]  {I@2,$1} // ex_desc:0x0; desc:0x4400700 // $189
  sync.nop  null  {Compacted,$11.src}  // $150
  mov (16|M0)  r48.0<1>:d  r6.0<2;1,0>:d  {Compacted,$12.dst}  // $150
  mov (16|M16)  r49.0<1>:d  r8.0<2;1,0>:d  {Compacted}  // $151
  mov (16|M0)  r50.0<1>:d  r6.1<2;1,0>:d  {Compacted}  // $152
  mov (16|M16)  r51.0<1>:d  r8.1<2;1,0>:d  {Compacted}  // $153
  mov (16|M0)  r6.0<1>:d  r14.0<2;1,0>:d  {Compacted,$13.dst}  // $158
  mov (16|M16)  r7.0<1>:d  r16.0<2;1,0>:d  {Compacted}  // $159
  mov (16|M0)  r8.0<1>:d  r14.1<2;1,0>:d  {Compacted}  // $160
  mov (16|M16)  r9.0<1>:d  r16.1<2;1,0>:d  {Compacted}  // $161
  store.ugm.d32x2.a32.wb.wb (32|M0)  ss[a0.2][r28:2] r48:4  {ExBSO,A@5,$11} // ex_desc:a0.2; desc:0x440E1504 // $155
  add (32|M0)  r88.0<1>:d  r28.0<1;1,0>:d  512:w  {Compacted}  // $170
  store.ugm.d32x2.a32.wb.wb (32|M0)  ss[a0.2][r86:2] r6:4  {ExBSO,A@2,$2} // ex_desc:a0.2; desc:0x440E1504 // $163
  mul (32|M0)  r2.0<1>:d  r4.0<0;1,0>:w  40:w  // $197
  mov (16|M0)  r14.0<1>:d  r44.0<2;1,0>:d  {Compacted,$14.dst}  // $171
  mov (16|M16)  r15.0<1>:d  r46.0<2;1,0>:d  {Compacted}  // $172
  mov (16|M0)  r16.0<1>:d  r44.1<2;1,0>:d  {Compacted}  // $173
  mov (16|M16)  r17.0<1>:d  r46.1<2;1,0>:d  {Compacted}  // $174
  sync.nop  null  {Compacted,$2.src}  // $178
  mov (16|M0)  r6.0<1>:d  r34.0<2;1,0>:d  {Compacted,$15.dst}  // $178
  mov (16|M16)  r7.0<1>:d  r36.0<2;1,0>:d  {Compacted}  // $179
  mov (16|M0)  r8.0<1>:d  r34.1<2;1,0>:d  {Compacted}  // $180
  mov (16|M16)  r9.0<1>:d  r36.1<2;1,0>:d  {Compacted}  // $181
  store.ugm.d32x2.a32.wb.wb (32|M0)  ss[a0.2][r88:2] r14:4  {ExBSO,A@5,$3} // ex_desc:a0.2; desc:0x440E1504 // $176
  add (32|M0)  r92.0<1>:d  r28.0<1;1,0>:d  1024:w  {Compacted}  // $190
  store.ugm.d32x2.a32.wb.wb (32|M0)  ss[a0.2][r90:2] r6:4  {ExBSO,A@2,$5} // ex_desc:a0.2; desc:0x440E1504 // $183
  add (32|M0)  r94.0<1>:d  r2.0<1;1,0>:d  r28.0<1;1,0>:d  {Compacted}  // $198
  sync.nop  null  {Compacted,$3.src}  // $191
  mov (16|M0)  r14.0<1>:d  r22.0<2;1,0>:d  {Compacted,$0.dst}  // $191
  mov (16|M16)  r15.0<1>:d  r24.0<2;1,0>:d  {Compacted}  // $192
  mov (16|M0)  r16.0<1>:d  r22.1<2;1,0>:d  {Compacted}  // $193
  mov (16|M16)  r17.0<1>:d  r24.1<2;1,0>:d  {Compacted}  // $194
  sync.nop  null  {Compacted,$5.src}  // $198
  mov (16|M0)  r6.0<1>:d  r18.0<2;1,0>:d  {Compacted,$1.dst}  // $198
  mov (16|M16)  r7.0<1>:d  r20.0<2;1,0>:d  {Compacted}  // $199
  mov (16|M0)  r8.0<1>:d  r18.1<2;1,0>:d  {Compacted}  // $200
  mov (16|M16)  r9.0<1>:d  r20.1<2;1,0>:d  {Compacted}  // $201
  store.ugm.d32x2.a32.wb.wb (32|M0)  ss[a0.2][r92:2] r14:4  {ExBSO,A@5,$6} // ex_desc:a0.2; desc:0x440E1504 // $196
  store.ugm.d32x2.a32.wb.wb (32|M0)  ss[a0.2][r94:2] r6:4  {ExBSO,A@1,$7} // ex_desc:a0.2; desc:0x440E1504 // $203
(W)  mov (1|M0)  r4.1<1>:hf  0x38:hf  // $207
  add (32|M0)  r84.0<1>:d  r68.0<1;1,0>:d  r4.1<0;1,0>:d  {Compacted}  // $205 R{} IR{}{E:2,E:2,},  R{r4,} IR{} {BC=1}
  mul (32|M0)  r2.0<1>:d  r4.0<0;1,0>:w  56:w  // $217
  mul (32|M0)  r6.0<1>:d  r4.0<0;1,0>:w  48:w  {$7.src}  // $210
(W)  shl (1|M0)  r4.0<1>:d  r4.1<0;1,0>:w  r4.5<0;1,0>:d  {F@1}  // $207
  load.slm.d64.a32 (32|M0)  r18:4  [r84:2]  {I@4,$12} // ex_desc:0x0; desc:0x4400700 // $206
  add (32|M0)  r82.0<1>:d  r68.0<1;1,0>:d  r4.0<0;1,0>:d  {Compacted,I@1}  // $208 R{} IR{}{E:2,E:2,},  R{r4,} IR{} {BC=1}
  sync.nop  null  {Compacted,$6.src}  // $209
  load.slm.d64.a32 (32|M0)  r14:4  [r82:2]  {I@1,$13} // ex_desc:0x0; desc:0x4400700 // $209
  add (32|M0)  r78.0<1>:d  r6.0<1;1,0>:d  r28.0<1;1,0>:d  {Compacted}  // $211
  mov (16|M0)  r8.0<1>:d  r18.1<2;1,0>:d  {Compacted,$12.dst}  // $213
  mov (16|M16)  r9.0<1>:d  r20.1<2;1,0>:d  {Compacted}  // $214
  mov (16|M0)  r6.0<1>:d  r18.0<2;1,0>:d  {Compacted}  // $211
  mov (16|M16)  r7.0<1>:d  r20.0<2;1,0>:d  {Compacted}  // $212
  store.ugm.d32x2.a32.wb.wb (32|M0)  ss[a0.2][r78:2] r6:4  {ExBSO,A@1,$14} // ex_desc:a0.2; desc:0x440E1504 // $216
  add (32|M0)  r80.0<1>:d  r2.0<1;1,0>:d  r28.0<1;1,0>:d  {Compacted}  // $218
  sync.nop  null  {Compacted,$14.src}  // $218
  mov (16|M0)  r6.0<1>:d  r14.0<2;1,0>:d  {Compacted,$13.dst}  // $218
  mov (16|M16)  r7.0<1>:d  r16.0<2;1,0>:d  {Compacted}  // $219
  mov (16|M0)  r8.0<1>:d  r14.1<2;1,0>:d  {Compacted}  // $220
  mov (16|M16)  r9.0<1>:d  r16.1<2;1,0>:d  {Compacted}  // $221
  store.ugm.d32x2.a32.wb.wb (32|M0)  ss[a0.2][r80:2] r6:4  {ExBSO,A@1,$15} // ex_desc:a0.2; desc:0x440E1504 // $223
(W)  mov (1|M0)  r4.3<1>:d  0:w  {Compacted}  // $224
(W)  mov (1|M0)  r4.0<1>:hf  0x4:hf  // $226
(W)  mov (1|M0)  r4.2<1>:d  0:w  {Compacted}  // $227
(W)  shr (1|M0)  r4.1<1>:d  r4.0<0;1,0>:uw  r4.3<0;1,0>:d  {A@1}  // $226
(W)  cmp (32|M0)  (gt)f3.0  null<1>:ud  r4.3<0;1,0>:ud  0x2:uw  // $229
(W&f3.0) jmpi  _0_070  // $230
  add3 (32|M0)  r2.0<1>:d  r4.6<0;0>:d  r26.0<1;0>:d  r5.4<0>:d  {$4.src} // $232
  shl (32|M0)  r2.0<1>:d  r2.0<1;1,0>:d  r4.3<0;1,0>:d  {Compacted,I@1}  // $233
  sync.nop  null  {Compacted,I@1}  // $234
  add (32|M0)  r8.0<1>:d  r2.0<1;1,0>:d  r4.2<0;1,0>:d  {Compacted,$15.src} // $234
  mov (16|M0)  r6.0<2>:ud  r8.0<1;1,0>:ud  {Compacted,I@1}  // $236
  mov (16|M16)  r2.0<2>:ud  r9.0<1;1,0>:ud  {Compacted}  // $236
  shl (16|M0)  r14.0<1>:q  r6.0<2;1,0>:ud  3:w  {Compacted,I@2}  // $236
  shl (16|M16)  r16.0<1>:q  r2.0<2;1,0>:ud  3:w  {Compacted,I@2}  // $236
  add (16|M0)  r6.0<1>:q  r66.0<1;1,0>:q  r14.0<1;1,0>:q  {Compacted,I@2}  // $237
  add (16|M0)  r18.0<1>:q  r42.0<1;1,0>:q  r14.0<1;1,0>:q  {Compacted}  // $239
  add (16|M16)  r8.0<1>:q  r38.0<1;1,0>:q  r16.0<1;1,0>:q  {Compacted,I@3}  // $237
  add (16|M16)  r20.0<1>:q  r40.0<1;1,0>:q  r16.0<1;1,0>:q  {Compacted}  // $239
  load.ugm.d64.a64 (32|M0)  r14:4  [r6:4]  {A@1,$2} // ex_desc:0x0; desc:0x8400780 // $238
  load.ugm.d64.a64 (32|M0)  r6:4  [r18:4]  {$3} // ex_desc:0x0; desc:0x8400780 // $240
(W)  mov (1|M0)  r4.0<1>:d  0:w  {Compacted}  // $247
  mov (16|M0)  r24.0<1>:d  r14.0<2;1,0>:d  {Compacted,$2.dst}  // $241
  mov (16|M16)  r25.0<1>:d  r16.0<2;1,0>:d  {Compacted}  // $242
  mov (16|M0)  r22.0<1>:d  r14.1<2;1,0>:d  {Compacted}  // $243
  mov (16|M16)  r23.0<1>:d  r16.1<2;1,0>:d  {Compacted}  // $244
  mov (16|M0)  r20.0<1>:d  r6.0<2;1,0>:d  {Compacted,$3.dst}  // $245
  mov (16|M16)  r21.0<1>:d  r8.0<2;1,0>:d  {Compacted}  // $246
(W)  shl (1|M0)  r4.14<1>:d  r4.2<0;1,0>:d  1:w  // $249
(W)  mul (1|M0)  acc0.0<1>:d  r4.14<0;1,0>:d  r4.2<0;1,0>:uw  {I@1}  // $250
(W)  macl (1|M0)  r5.0<1>:d  r4.14<0;1,0>:d  r4.1<0;1,0>:d  // $251
(W)  add (1|M0)  r4.14<1>:d  r5.0<0;1,0>:d  r4.0<0;1,0>:d  {I@1}  // $251
(W)  mul (1|M0)  r4.14<1>:d  r4.14<0;1,0>:d  256:w  {I@1}  // $252
  add (32|M0)  r18.0<1>:d  r28.0<1;1,0>:d  r4.14<0;1,0>:d  {Compacted,I@1}  // $253
(W)  add3 (1|M0)  r4.14<1>:d  r5.0<0;0>:d  r4.0<0;0>:d  r4.1<0>:d  // $254
(W)  add (1|M0)  r4.0<1>:d  r4.0<0;1,0>:d  1:w  {Compacted}  // $398
(W)  mul (1|M0)  r4.14<1>:d  r4.14<0;1,0>:d  256:w  {I@2}  // $255
(W)  cmp (32|M0)  (lt)f1.0  null<1>:ud  r4.0<0;1,0>:ud  r4.1<0;1,0>:ud  {I@2}  // $399
  sync.nop  null  {Compacted,I@2}  // $256
  add (32|M0)  r2.0<1>:d  r28.0<1;1,0>:d  r4.14<0;1,0>:d  {Compacted,$4.src} // $256
(W)  shr (1|M0)  r4.14<1>:ud  r0.5<0;1,0>:ud  0x4:uw  // $257
(W)  mov (1|M0)  a0.2<1>:ud  r4.14<0;1,0>:ud  {I@1}  // $258
  load.ugm.d64.a32.ca.ca (32|M0)  r14:4  ss[a0.2][r18:2]  {ExBSO,$5} // ex_desc:a0.2; desc:0x44480700 // $258
  mov (16|M0)  r36.0<1>:d  r14.0<2;1,0>:d  {Compacted,$5.dst}  // $259
  mov (16|M16)  r37.0<1>:d  r16.0<2;1,0>:d  {Compacted}  // $260
  cmp (32|M0)  (lt)f3.0  null<1>:ud  r36.0<1;1,0>:ud  r32.0<1;1,0>:ud  {I@1}  // $263
  mov (16|M0)  r34.0<1>:d  r14.1<2;1,0>:d  {Compacted}  // $261
  mov (16|M16)  r35.0<1>:d  r16.1<2;1,0>:d  {Compacted}  // $262
(f3.0)  cmp (32|M0)  (eq)f3.0  null<1>:d  r34.0<1;1,0>:d  r30.0<1;1,0>:d  {I@1}  // $264
(~f3.0) cmp (32|M0)  (lt)f3.0  null<1>:ud  r34.0<1;1,0>:ud  r30.0<1;1,0>:ud  // $266
(~f3.0) sel (32|M0)  r36.0<1>:d  r32.0<1;1,0>:d  0:w  // $268
(~f3.0) sel (32|M0)  r34.0<1>:d  r30.0<1;1,0>:d  0:w  // $269
  mov (16|M0)  r46.0<2>:d  r36.0<1;1,0>:d  {I@2}  // $272
  mov (16|M16)  r44.0<2>:d  r37.0<1;1,0>:d  // $273
  mov (16|M0)  r46.1<2>:d  r34.0<1;1,0>:d  {I@3}  // $274
  mov (16|M16)  r44.1<2>:d  r35.0<1;1,0>:d  // $275
  load.ugm.d64.a32.ca.ca (32|M0)  r34:4  ss[a0.2][r2:2]  {ExBSO,A@1,$6} // ex_desc:a0.2; desc:0x44480700 // $278
  add (16|M0)  r52.0<1>:q  r14.0<1;1,0>:q  -r46.0<1;1,0>:q  {Compacted}  // $276 R{} IR{}{E:7,E:7,},  R{} IR{}{O:7,O:7,},  {BC=2}
  add (16|M16)  r50.0<1>:q  r16.0<1;1,0>:q  -r44.0<1;1,0>:q  {Compacted,$11.src} // $276
  mov (16|M0)  r14.0<1>:d  r34.0<2;1,0>:d  {Compacted,$6.dst}  // $279
  mov (16|M16)  r15.0<1>:d  r36.0<2;1,0>:d  {Compacted}  // $280
(W)  mul (16|M0)  acc0.0<1>:ud  r14.0<1;1,0>:ud  r24.0<2;1,0>:uw  {I@2}  // $283
  macl (16|M0)  r44.0<1>:ud  r14.0<1;1,0>:ud  r24.0<1;1,0>:ud  // $283
(W)  mul (16|M16)  acc0.0<1>:ud  r15.0<1;1,0>:ud  r25.0<2;1,0>:uw  {I@3}  // $283
  macl (16|M16)  r45.0<1>:ud  r15.0<1;1,0>:ud  r25.0<1;1,0>:ud  // $284
(W)  mul (16|M0)  acc0.0<1>:ud  r14.0<1;1,0>:ud  r24.0<2;1,0>:uw  // $284
  mach (16|M0)  r46.0<1>:d  r14.0<1;1,0>:ud  r24.0<1;1,0>:ud  //
(W)  mul (16|M0)  acc0.0<1>:ud  r15.0<1;1,0>:ud  r25.0<2;1,0>:uw  // $284
  mach (16|M16)  r47.0<1>:d  r15.0<1;1,0>:ud  r25.0<1;1,0>:ud  // $285
(W)  mul (16|M0)  acc0.0<1>:d  r14.0<1;1,0>:ud  r22.0<2;1,0>:uw  // $285
  macl (16|M0)  r16.0<1>:d  r14.0<1;1,0>:ud  r22.0<1;1,0>:d  // $285
(W)  mul (16|M16)  acc0.0<1>:d  r15.0<1;1,0>:ud  r23.0<2;1,0>:uw  // $285
  mov (16|M0)  r48.0<1>:d  r34.1<2;1,0>:d  {Compacted}  // $281
  macl (16|M16)  r17.0<1>:d  r15.0<1;1,0>:ud  r23.0<1;1,0>:d  // $286
  mov (16|M16)  r49.0<1>:d  r36.1<2;1,0>:d  {Compacted}  // $282
  add (32|M0)  r46.0<1>:d  r46.0<1;1,0>:d  r16.0<1;1,0>:d  {Compacted,I@2}  // $286
(W)  mul (16|M0)  acc0.0<1>:d  r24.0<1;1,0>:ud  r48.0<2;1,0>:uw  // $287
  macl (16|M0)  r16.0<1>:d  r24.0<1;1,0>:ud  r48.0<1;1,0>:d  // $287
(W)  mul (16|M16)  acc0.0<1>:d  r25.0<1;1,0>:ud  r49.0<2;1,0>:uw  {I@4}  // $287
  macl (16|M16)  r17.0<1>:d  r25.0<1;1,0>:ud  r49.0<1;1,0>:d  // $288
  add (32|M0)  r16.0<1>:d  r46.0<1;1,0>:d  r16.0<1;1,0>:d  {Compacted,I@1}  // $288
  mov (16|M0)  r60.0<2>:d  r44.0<1;1,0>:d  // $291
  mov (16|M16)  r58.0<2>:d  r45.0<1;1,0>:d  // $292
  shr (16|M0)  r44.0<1>:q  r34.0<1;1,0>:uq  32:w  // $295
  shr (16|M0)  r46.0<1>:q  r6.0<1;1,0>:uq  32:w  // $300
  mov (16|M0)  r60.1<2>:d  r16.0<1;1,0>:d  {I@5}  // $293
  mov (16|M16)  r58.1<2>:d  r17.0<1;1,0>:d  // $294
  mov (16|M0)  r48.0<1>:d  r44.0<2;1,0>:d  {Compacted,I@4}  // $296
  shr (16|M16)  r16.0<1>:q  r36.0<1;1,0>:uq  32:w  // $295
  mov (16|M0)  r36.0<1>:d  r44.1<2;1,0>:d  {Compacted}  // $298
  shr (16|M16)  r44.0<1>:q  r8.0<1;1,0>:uq  32:w  // $300
  mov (16|M0)  r34.0<1>:d  r46.0<2;1,0>:d  {Compacted,I@7}  // $301
  mov (16|M16)  r49.0<1>:d  r16.0<2;1,0>:d  {Compacted,I@4}  // $297
  mov (16|M16)  r35.0<1>:d  r44.0<2;1,0>:d  {Compacted,I@3}  // $302
(W)  mul (16|M0)  acc0.0<1>:ud  r34.0<1;1,0>:ud  r48.0<2;1,0>:uw  {I@3}  // $305
  mov (16|M16)  r37.0<1>:d  r16.1<2;1,0>:d  {Compacted}  // $299
  mov (16|M0)  r16.0<1>:d  r46.1<2;1,0>:d  {Compacted}  // $303
  macl (16|M0)  r46.0<1>:ud  r34.0<1;1,0>:ud  r48.0<1;1,0>:ud  // $305
(W)  mul (16|M16)  acc0.0<1>:ud  r35.0<1;1,0>:ud  r49.0<2;1,0>:uw  {I@5}  // $305
  macl (16|M16)  r47.0<1>:ud  r35.0<1;1,0>:ud  r49.0<1;1,0>:ud  // $306
(W)  mul (16|M0)  acc0.0<1>:ud  r34.0<1;1,0>:ud  r48.0<2;1,0>:uw  // $306
  mach (16|M0)  r62.0<1>:d  r34.0<1;1,0>:ud  r48.0<1;1,0>:ud  //
(W)  mul (16|M0)  acc0.0<1>:ud  r35.0<1;1,0>:ud  r49.0<2;1,0>:uw  // $306
  mach (16|M16)  r63.0<1>:d  r35.0<1;1,0>:ud  r49.0<1;1,0>:ud  // $307
(W)  mul (16|M0)  acc0.0<1>:d  r34.0<1;1,0>:ud  r36.0<2;1,0>:uw  // $307
  mov (16|M16)  r17.0<1>:d  r44.1<2;1,0>:d  {Compacted}  // $304
  macl (16|M0)  r44.0<1>:d  r34.0<1;1,0>:ud  r36.0<1;1,0>:d  // $307
(W)  mul (16|M16)  acc0.0<1>:d  r35.0<1;1,0>:ud  r37.0<2;1,0>:uw  // $307
  macl (16|M16)  r45.0<1>:d  r35.0<1;1,0>:ud  r37.0<1;1,0>:d  // $308
  add (32|M0)  r62.0<1>:d  r62.0<1;1,0>:d  r44.0<1;1,0>:d  {Compacted,I@1}  // $308
(W)  mul (16|M0)  acc0.0<1>:d  r48.0<1;1,0>:ud  r16.0<2;1,0>:uw  // $309 R{} IR{}{E:8,E:8,},  {BC=1}
  macl (16|M0)  r44.0<1>:d  r48.0<1;1,0>:ud  r16.0<1;1,0>:d  // $309
(W)  mul (16|M16)  acc0.0<1>:d  r49.0<1;1,0>:ud  r17.0<2;1,0>:uw  // $309 R{} IR{}{O:8,O:8,},  {BC=1}
  macl (16|M16)  r45.0<1>:d  r49.0<1;1,0>:ud  r17.0<1;1,0>:d  // $310
  add (32|M0)  r44.0<1>:d  r62.0<1;1,0>:d  r44.0<1;1,0>:d  {Compacted,I@1}  // $310
(W)  mul (16|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r48.0<2;1,0>:uw  // $317
  mov (16|M0)  r64.0<2>:d  r46.0<1;1,0>:d  // $313
  mov (16|M0)  r64.1<2>:d  r44.0<1;1,0>:d  {I@3}  // $315
  macl (16|M0)  r44.0<1>:ud  r20.0<1;1,0>:ud  r48.0<1;1,0>:ud  // $317
(W)  mul (16|M16)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r49.0<2;1,0>:uw  // $317
  mov (16|M16)  r62.0<2>:d  r47.0<1;1,0>:d  // $314
  mov (16|M16)  r62.1<2>:d  r45.0<1;1,0>:d  // $316
  macl (16|M16)  r45.0<1>:ud  r21.0<1;1,0>:ud  r49.0<1;1,0>:ud  // $318
(W)  mul (16|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r48.0<2;1,0>:uw  // $318
  mach (16|M0)  r46.0<1>:d  r20.0<1;1,0>:ud  r48.0<1;1,0>:ud  //
(W)  mul (16|M0)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r49.0<2;1,0>:uw  // $318
  mach (16|M16)  r47.0<1>:d  r21.0<1;1,0>:ud  r49.0<1;1,0>:ud  // $319
(W)  mul (16|M0)  acc0.0<1>:d  r20.0<1;1,0>:ud  r36.0<2;1,0>:uw  // $319
  macl (16|M0)  r48.0<1>:d  r20.0<1;1,0>:ud  r36.0<1;1,0>:d  // $319
(W)  mul (16|M16)  acc0.0<1>:d  r21.0<1;1,0>:ud  r37.0<2;1,0>:uw  // $319
  macl (16|M16)  r49.0<1>:d  r21.0<1;1,0>:ud  r37.0<1;1,0>:d  // $320
  add (32|M0)  r46.0<1>:d  r46.0<1;1,0>:d  r48.0<1;1,0>:d  {Compacted,I@1}  // $320
  mov (32|M0)  r36.0<1>:f  r46.0<1;1,0>:f  {Compacted,I@1}  // $322
(W)  mul (16|M0)  acc0.0<1>:ud  r34.0<1;1,0>:ud  r14.0<2;1,0>:uw  // $329
  mov (16|M0)  r48.0<2>:d  r44.0<1;1,0>:d  // $325
  mov (16|M0)  r48.1<2>:d  r36.0<1;1,0>:d  {F@1}  // $327
  macl (16|M0)  r36.0<1>:ud  r34.0<1;1,0>:ud  r14.0<1;1,0>:ud  // $329
(W)  mul (16|M16)  acc0.0<1>:ud  r35.0<1;1,0>:ud  r15.0<2;1,0>:uw  // $329
  mov (16|M16)  r46.0<2>:d  r45.0<1;1,0>:d  // $326
  mov (16|M16)  r46.1<2>:d  r37.0<1;1,0>:d  // $328
  macl (16|M16)  r37.0<1>:ud  r35.0<1;1,0>:ud  r15.0<1;1,0>:ud  // $330
(W)  mul (16|M0)  acc0.0<1>:ud  r34.0<1;1,0>:ud  r14.0<2;1,0>:uw  // $330
  mach (16|M0)  r44.0<1>:d  r34.0<1;1,0>:ud  r14.0<1;1,0>:ud  //
(W)  mul (16|M0)  acc0.0<1>:ud  r35.0<1;1,0>:ud  r15.0<2;1,0>:uw  // $330
  mach (16|M16)  r45.0<1>:d  r35.0<1;1,0>:ud  r15.0<1;1,0>:ud  // $333
(W)  mul (16|M0)  acc0.0<1>:d  r14.0<1;1,0>:ud  r16.0<2;1,0>:uw  // $333
  macl (16|M0)  r34.0<1>:d  r14.0<1;1,0>:ud  r16.0<1;1,0>:d  // $333
(W)  mul (16|M16)  acc0.0<1>:d  r15.0<1;1,0>:ud  r17.0<2;1,0>:uw  // $333
  macl (16|M16)  r35.0<1>:d  r15.0<1;1,0>:ud  r17.0<1;1,0>:d  // $334
  add (32|M0)  r16.0<1>:d  r44.0<1;1,0>:d  r34.0<1;1,0>:d  {Compacted,I@1}  // $334
  mov (32|M0)  r34.0<1>:f  r36.0<1;1,0>:f  {Compacted,I@1}  // $335
(W)  mul (16|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r14.0<2;1,0>:uw  // $341
  mov (16|M0)  r70.0<2>:d  r34.0<1;1,0>:d  {F@1}  // $337
  mov (16|M0)  r70.1<2>:d  r16.0<1;1,0>:d  // $339
  macl (16|M0)  r16.0<1>:ud  r20.0<1;1,0>:ud  r14.0<1;1,0>:ud  // $341
(W)  mul (16|M16)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r15.0<2;1,0>:uw  // $341
  mov (16|M16)  r44.0<2>:d  r35.0<1;1,0>:d  // $338
  mov (16|M16)  r44.1<2>:d  r17.0<1;1,0>:d  // $340
  macl (16|M16)  r17.0<1>:ud  r21.0<1;1,0>:ud  r15.0<1;1,0>:ud  // $342
(W)  mul (16|M0)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r14.0<2;1,0>:uw  // $342
  mach (16|M0)  r36.0<1>:d  r20.0<1;1,0>:ud  r14.0<1;1,0>:ud  //
(W)  mul (16|M0)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r15.0<2;1,0>:uw  // $342
  mach (16|M16)  r37.0<1>:d  r21.0<1;1,0>:ud  r15.0<1;1,0>:ud  // $346
  mov (32|M0)  r14.0<1>:f  r36.0<1;1,0>:f  {Compacted,A@1}  // $346
  mov (16|M0)  r76.0<2>:d  r16.0<1;1,0>:d  // $349
  mov (16|M16)  r74.0<2>:d  r17.0<1;1,0>:d  // $350
  mov (16|M0)  r76.1<2>:d  r14.0<1;1,0>:d  {F@1}  // $351
  mov (16|M16)  r74.1<2>:d  r15.0<1;1,0>:d  // $352
  mov (32|M0)  r14.0<1>:d  0:w  {Compacted}  // $355
  shr (16|M0)  r36.0<1>:q  r76.0<1;1,0>:uq  32:w  {I@3}  // $353
  shr (16|M16)  r16.0<1>:q  r74.0<1;1,0>:uq  32:w  {I@3}  // $353
  mov (16|M0)  r76.0<2>:d  r34.0<1;1,0>:d  // $356
  mov (16|M16)  r74.0<2>:d  r35.0<1;1,0>:d  // $357
  mov (16|M0)  r76.1<2>:d  r14.0<1;1,0>:d  {I@5}  // $358
  mov (16|M16)  r74.1<2>:d  r15.0<1;1,0>:d  // $359
  add (16|M0)  r14.0<1>:q  r76.0<1;1,0>:q  r48.0<1;1,0>:q  {Compacted,I@2}  // $360
  add (16|M16)  r34.0<1>:q  r74.0<1;1,0>:q  r46.0<1;1,0>:q  {Compacted,I@2}  // $360
  add (16|M0)  r46.0<1>:q  r14.0<1;1,0>:q  r36.0<1;1,0>:q  {Compacted,I@2}  // $361
  add (16|M16)  r14.0<1>:q  r34.0<1;1,0>:q  r16.0<1;1,0>:q  {Compacted,I@2}  // $361
  shr (16|M16)  r34.0<1>:q  r14.0<1;1,0>:uq  32:w  {I@1}  // $362
  shr (16|M0)  r14.0<1>:q  r70.0<1;1,0>:uq  32:w  // $363
  shr (16|M16)  r36.0<1>:q  r44.0<1;1,0>:uq  32:w  // $363
  shr (16|M0)  r16.0<1>:q  r46.0<1;1,0>:uq  32:w  // $362
  add (16|M0)  r44.0<1>:q  r14.0<1;1,0>:q  r64.0<1;1,0>:q  {Compacted,I@3}  // $364
  add (16|M16)  r46.0<1>:q  r36.0<1;1,0>:q  r62.0<1;1,0>:q  {Compacted,I@3}  // $364
  add (16|M0)  r14.0<1>:q  r44.0<1;1,0>:q  r16.0<1;1,0>:q  {Compacted,I@2}  // $365
  add (16|M16)  r16.0<1>:q  r46.0<1;1,0>:q  r34.0<1;1,0>:q  {Compacted,I@2}  // $365
  mov (16|M0)  r44.0<1>:d  r14.0<2;1,0>:d  {Compacted,I@2}  // $366
  mov (16|M16)  r45.0<1>:d  r16.0<2;1,0>:d  {Compacted,I@2}  // $367
(W)  mul (16|M0)  acc0.0<1>:ud  r44.0<1;1,0>:ud  r12.0<2;1,0>:uw  {I@2}  // $370 R{} IR{}{E:6,E:6,},  {BC=1}
  mov (16|M0)  r36.0<1>:d  r14.1<2;1,0>:d  {Compacted}  // $368
  macl (16|M0)  r14.0<1>:ud  r44.0<1;1,0>:ud  r12.0<1;1,0>:ud  // $370 R{} IR{}{E:6,E:6,},  {BC=1}
(W)  mul (16|M16)  acc0.0<1>:ud  r45.0<1;1,0>:ud  r13.0<2;1,0>:uw  {I@4}  // $370 R{} IR{}{O:6,O:6,},  {BC=1}
  macl (16|M16)  r15.0<1>:ud  r45.0<1;1,0>:ud  r13.0<1;1,0>:ud  // $371
(W)  mul (16|M0)  acc0.0<1>:ud  r44.0<1;1,0>:ud  r12.0<2;1,0>:uw  // $371 R{} IR{}{E:6,E:6,},  {BC=1}
  mach (16|M0)  r34.0<1>:d  r44.0<1;1,0>:ud  r12.0<1;1,0>:ud  //
(W)  mul (16|M0)  acc0.0<1>:ud  r45.0<1;1,0>:ud  r13.0<2;1,0>:uw  // $371 R{} IR{}{O:6,O:6,},  {BC=1}
  mach (16|M16)  r35.0<1>:d  r45.0<1;1,0>:ud  r13.0<1;1,0>:ud  // $372
(W)  mul (16|M0)  acc0.0<1>:d  r44.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $372
  mov (16|M16)  r37.0<1>:d  r16.1<2;1,0>:d  {Compacted}  // $369
  macl (16|M0)  r16.0<1>:d  r44.0<1;1,0>:ud  r10.0<1;1,0>:d  // $372
(W)  mul (16|M16)  acc0.0<1>:d  r45.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $372
  macl (16|M16)  r17.0<1>:d  r45.0<1;1,0>:ud  r11.0<1;1,0>:d  // $373
  add (32|M0)  r34.0<1>:d  r34.0<1;1,0>:d  r16.0<1;1,0>:d  {Compacted,I@1}  // $373
(W)  mul (16|M0)  acc0.0<1>:d  r12.0<1;1,0>:ud  r36.0<2;1,0>:uw  // $374
  macl (16|M0)  r16.0<1>:d  r12.0<1;1,0>:ud  r36.0<1;1,0>:d  // $374
(W)  mul (16|M16)  acc0.0<1>:d  r13.0<1;1,0>:ud  r37.0<2;1,0>:uw  // $374
  macl (16|M16)  r17.0<1>:d  r13.0<1;1,0>:ud  r37.0<1;1,0>:d  // $375
  add (32|M0)  r16.0<1>:d  r34.0<1;1,0>:d  r16.0<1;1,0>:d  {Compacted,I@1}  // $375
  mov (16|M0)  r44.0<2>:d  r14.0<1;1,0>:d  // $378
  mov (16|M16)  r36.0<2>:d  r15.0<1;1,0>:d  // $379
  mov (16|M0)  r44.1<2>:d  r16.0<1;1,0>:d  {I@3}  // $380
  mov (16|M16)  r36.1<2>:d  r17.0<1;1,0>:d  // $381
  add (16|M0)  r34.0<1>:q  r60.0<1;1,0>:q  -r44.0<1;1,0>:q  {Compacted,I@2}  // $382
  add (16|M16)  r44.0<1>:q  r58.0<1;1,0>:q  -r36.0<1;1,0>:q  {Compacted,I@2}  // $382
  add (16|M0)  r46.0<1>:q  r52.0<1;1,0>:q  r34.0<1;1,0>:q  {Compacted,I@2}  // $383
  add (16|M16)  r36.0<1>:q  r50.0<1;1,0>:q  r44.0<1;1,0>:q  {Compacted,I@2}  // $383
  mov (16|M0)  r14.0<1>:d  r46.0<2;1,0>:d  {Compacted,I@2}  // $384
  mov (16|M0)  r16.0<1>:d  r46.1<2;1,0>:d  {Compacted}  // $386
  mov (16|M16)  r15.0<1>:d  r36.0<2;1,0>:d  {Compacted,I@3}  // $385
  mov (16|M16)  r17.0<1>:d  r36.1<2;1,0>:d  {Compacted}  // $387
  store.ugm.d32x2.a32.wb.wb (32|M0)  ss[a0.2][r18:2] r14:4  {ExBSO,A@1,$7} // ex_desc:a0.2; desc:0x440E1504 // $389
  add (16|M0)  r14.0<1>:q  r52.0<1;1,0>:q  -r34.0<1;1,0>:q  {Compacted,$7.src} // $390
  add (16|M16)  r16.0<1>:q  r50.0<1;1,0>:q  -r44.0<1;1,0>:q  {Compacted}  // $390
  add (16|M0)  r18.0<1>:q  r14.0<1;1,0>:q  r56.0<1;1,0>:q  {Compacted,I@2}  // $391
  add (16|M16)  r34.0<1>:q  r16.0<1;1,0>:q  r54.0<1;1,0>:q  {Compacted,I@2}  // $391
  mov (16|M0)  r14.0<1>:d  r18.0<2;1,0>:d  {Compacted,I@2}  // $392
  mov (16|M16)  r15.0<1>:d  r34.0<2;1,0>:d  {Compacted,I@2}  // $393
  mov (16|M0)  r16.0<1>:d  r18.1<2;1,0>:d  {Compacted}  // $394
  mov (16|M16)  r17.0<1>:d  r34.1<2;1,0>:d  {Compacted}  // $395
  store.ugm.d32x2.a32.wb.wb (32|M0)  ss[a0.2][r2:2] r14:4  {ExBSO,A@1,$4} // ex_desc:a0.2; desc:0x440E1504 // $397
(W&f1.0) jmpi  _0_072  // $400
(W)  add (1|M0)  r4.2<1>:d  r4.2<0;1,0>:d  1:w  {Compacted}  // $402
(W)  shr (1|M0)  r4.0<1>:d  r4.2<0;1,0>:ud  r4.3<0;1,0>:d  {I@1}  // $403
(W)  cmp (32|M0)  (eq)f2.0  null<1>:d  r4.0<0;1,0>:d  0:w  {I@1}  // $404
(W&f2.0) jmpi  _0_069  // $405
(W)  cmp (32|M0)  (lt)f1.0  null<1>:ud  r4.3<0;1,0>:ud  0x2:uw  // $407
(W&~f1.0) jmpi  _0_074  // $408
(W)  add (1|M0)  r4.3<1>:d  r4.3<0;1,0>:d  1:w  // $410
(W)  jmpi  _0_068  // $411
(W)  shr (1|M0)  r4.0<1>:ud  r0.5<0;1,0>:ud  0x4:uw  // $413
  add (32|M0)  r2.0<1>:d  r72.0<1;1,0>:d  r5.8<0;1,0>:d  {Compacted,$4.src} // $469
(W)  mov (1|M0)  a0.2<1>:ud  r4.0<0;1,0>:ud  {Compacted,I@2}  // $414
  shr (32|M0)  (eq)f2.0  null<1>:d  r2.0<1;1,0>:ud  r4.12<0;1,0>:d  {I@2}  // $470
  load.ugm.d64.a32.ca.ca (32|M0)  r14:4  ss[a0.2][r28:2]  {ExBSO,$12} // ex_desc:a0.2; desc:0x44480700 // $414
  load.ugm.d64.a32.ca.ca (32|M0)  r48:4  ss[a0.2][r86:2]  {ExBSO,$13} // ex_desc:a0.2; desc:0x44480700 // $421
  load.ugm.d64.a32.ca.ca (32|M0)  r44:4  ss[a0.2][r88:2]  {ExBSO,$14} // ex_desc:a0.2; desc:0x44480700 // $428
  load.ugm.d64.a32.ca.ca (32|M0)  r34:4  ss[a0.2][r90:2]  {ExBSO,$0} // ex_desc:a0.2; desc:0x44480700 // $435
  load.ugm.d64.a32.ca.ca (32|M0)  r22:4  ss[a0.2][r92:2]  {ExBSO,$1} // ex_desc:a0.2; desc:0x44480700 // $442
  load.ugm.d64.a32.ca.ca (32|M0)  r18:4  ss[a0.2][r94:2]  {ExBSO,$2} // ex_desc:a0.2; desc:0x44480700 // $449
  load.ugm.d64.a32.ca.ca (32|M0)  r58:4  ss[a0.2][r78:2]  {ExBSO,$3} // ex_desc:a0.2; desc:0x44480700 // $456
  load.ugm.d64.a32.ca.ca (32|M0)  r62:4  ss[a0.2][r80:2]  {ExBSO,$5} // ex_desc:a0.2; desc:0x44480700 // $463
  sync.nop  null  {Compacted,$15.src}  // $415
  mov (16|M0)  r6.0<1>:d  r14.0<2;1,0>:d  {Compacted,$12.dst}  // $415
  mov (16|M16)  r7.0<1>:d  r16.0<2;1,0>:d  {Compacted}  // $416
  mov (16|M0)  r8.0<1>:d  r14.1<2;1,0>:d  {Compacted}  // $417
  mov (16|M16)  r9.0<1>:d  r16.1<2;1,0>:d  {Compacted}  // $418
  mov (16|M0)  r14.0<1>:d  r48.0<2;1,0>:d  {Compacted,$13.dst}  // $422
  mov (16|M16)  r15.0<1>:d  r50.0<2;1,0>:d  {Compacted}  // $423
  mov (16|M0)  r16.0<1>:d  r48.1<2;1,0>:d  {Compacted}  // $424
  mov (16|M16)  r17.0<1>:d  r50.1<2;1,0>:d  {Compacted}  // $425
  store.slm.d32x2.a32 (32|M0)  [r68:2]  r6:4  {A@5,$6} // ex_desc:0x0; desc:0x4001504 // $419
  store.slm.d32x2.a32 (32|M0)  [r96:2]  r14:4  {A@1,$7} // ex_desc:0x0; desc:0x4001504 // $426
  sync.nop  null  {Compacted,$6.src}  // $429
  mov (16|M0)  r6.0<1>:d  r44.0<2;1,0>:d  {Compacted,$14.dst}  // $429
  mov (16|M16)  r7.0<1>:d  r46.0<2;1,0>:d  {Compacted}  // $430
  mov (16|M0)  r8.0<1>:d  r44.1<2;1,0>:d  {Compacted}  // $431
  mov (16|M16)  r9.0<1>:d  r46.1<2;1,0>:d  {Compacted}  // $432
  sync.nop  null  {Compacted,$7.src}  // $436
  mov (16|M0)  r14.0<1>:d  r34.0<2;1,0>:d  {Compacted,$0.dst}  // $436
  mov (16|M16)  r15.0<1>:d  r36.0<2;1,0>:d  {Compacted}  // $437
  mov (16|M0)  r16.0<1>:d  r34.1<2;1,0>:d  {Compacted}  // $438
  mov (16|M16)  r17.0<1>:d  r36.1<2;1,0>:d  {Compacted}  // $439
  store.slm.d32x2.a32 (32|M0)  [r98:2]  r6:4  {A@5,$15} // ex_desc:0x0; desc:0x4001504 // $433
  store.slm.d32x2.a32 (32|M0)  [r100:2]  r14:4  {A@1,$12} // ex_desc:0x0; desc:0x4001504 // $440
  sync.nop  null  {Compacted,$15.src}  // $443
  mov (16|M0)  r6.0<1>:d  r22.0<2;1,0>:d  {Compacted,$1.dst}  // $443
  mov (16|M16)  r7.0<1>:d  r24.0<2;1,0>:d  {Compacted}  // $444
  mov (16|M0)  r8.0<1>:d  r22.1<2;1,0>:d  {Compacted}  // $445
  mov (16|M16)  r9.0<1>:d  r24.1<2;1,0>:d  {Compacted}  // $446
  sync.nop  null  {Compacted,$12.src}  // $450
  mov (16|M0)  r14.0<1>:d  r18.0<2;1,0>:d  {Compacted,$2.dst}  // $450
  mov (16|M16)  r15.0<1>:d  r20.0<2;1,0>:d  {Compacted}  // $451
  mov (16|M0)  r16.0<1>:d  r18.1<2;1,0>:d  {Compacted}  // $452
  mov (16|M16)  r17.0<1>:d  r20.1<2;1,0>:d  {Compacted}  // $453
  store.slm.d32x2.a32 (32|M0)  [r102:2]  r6:4  {A@5,$13} // ex_desc:0x0; desc:0x4001504 // $447
  store.slm.d32x2.a32 (32|M0)  [r104:2]  r14:4  {A@1,$14} // ex_desc:0x0; desc:0x4001504 // $454
  sync.nop  null  {Compacted,$13.src}  // $457
  mov (16|M0)  r6.0<1>:d  r58.0<2;1,0>:d  {Compacted,$3.dst}  // $457
  mov (16|M16)  r7.0<1>:d  r60.0<2;1,0>:d  {Compacted}  // $458
  mov (16|M0)  r8.0<1>:d  r58.1<2;1,0>:d  {Compacted}  // $459
  mov (16|M16)  r9.0<1>:d  r60.1<2;1,0>:d  {Compacted}  // $460
  sync.nop  null  {Compacted,$14.src}  // $464
  mov (16|M0)  r14.0<1>:d  r62.0<2;1,0>:d  {Compacted,$5.dst}  // $464
  mov (16|M16)  r15.0<1>:d  r64.0<2;1,0>:d  {Compacted}  // $465
  mov (16|M0)  r16.0<1>:d  r62.1<2;1,0>:d  {Compacted}  // $466
  mov (16|M16)  r17.0<1>:d  r64.1<2;1,0>:d  {Compacted}  // $467
  store.slm.d32x2.a32 (32|M0)  [r84:2]  r6:4  {A@5,$10} // ex_desc:0x0; desc:0x4001504 // $461
  store.slm.d32x2.a32 (32|M0)  [r82:2]  r14:4  {A@1,$8} // ex_desc:0x0; desc:0x4001504 // $468
(~f2.0) goto (32|M0)  _0_065  _0_065  // $472
  mov (32|M0)  r72.0<1>:f  r2.0<1;1,0>:f  {Compacted}  // $474
(W)  jmpi  _0_067  // $475
