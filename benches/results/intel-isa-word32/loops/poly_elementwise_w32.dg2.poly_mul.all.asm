// poly_elementwise_w32.dg2.poly_mul: all, instructions 0..221 of OCL_asm66cbc41976e9f6ab_simd32_entry_0004.asm (no loop: the whole kernel): {'insts': 222, 'mul': 65, 'q64': 0, 'send': 13, 'scratch': 0, 'lanes': 2600, 'mul_lanes': 487}
(W)  mov (8|M0)  r127.0<1>:ud  0x0:ud  //
(W)  and (1|M0)  r127.2<1>:ud  r0.0<0;1,0>:ud  0xFFFFFFC0:ud  //
(W)  and (1|M0)  r127.0<1>:uw  r0.4<0;1,0>:uw  0xFF:uw  //
(W)  add (1|M0)  r127.2<1>:ud  r127.2<0;1,0>:ud  0x40:uw  {I@2}  //
(W)  mad (1|M0)  r127.2<1>:ud  r127.2<0;0>:ud  r127.0<0;0>:uw  0xC0:uw  {I@1} //
(W)  mov (8|M0)  r7.0<1>:ud  r1.0<1;1,0>:ud  //
(W)  send.dc0 (8|M0)  r1  r127  null:0  0x0  0x024844FD  {A@1,$0} // wr:1h+0, rd:4; oword aligned block read x8 // $193
(W)  add (1|M0)  r127.2<1>:ud  r127.2<0;1,0>:ud  0x80:uw  {$0.src}  //
(W)  send.dc0 (8|M0)  r5  r127  null:0  0x0  0x022843FD  {A@1,$1} // wr:1h+0, rd:2; oword aligned block read x4 // $193
  nop  //
  nop  //
  nop  //
(W)  mov (8|M0)  r127.0<1>:ud  0x0:ud  {$1.src}  //
(W)  and (1|M0)  r127.2<1>:ud  r0.0<0;1,0>:ud  0xFFFFFFC0:ud  //
(W)  send.dc0 (8|M0)  r8  r127  null:0  0x0  0x022843FD  {A@1,$2} // wr:1h+0, rd:2; oword aligned block read x4 // $193
(W)  mov (8|M0)  r82.0<1>:ud  r0.0<1;1,0>:ud  // $1
(W)  or (1|M0)  cr0.0<1>:ud  cr0.0<0;1,0>:ud  0x4C0:uw  {A@1}  // $1
  sync.nop  null  {Compacted,A@1}  // $2
  sync.nop  null  {Compacted,$2.dst}  // $2
(W)  mul (1|M0)  acc0.0<1>:d  r9.7<0;1,0>:d  r82.14<0;1,0>:uw {A@1}  // $2
(W)  mach (1|M0)  r8.0<1>:d  r9.7<0;1,0>:d  r82.7<0;1,0>:d  // $5
  sync.nop  null  {Compacted,$1.dst}  // $5
  add3 (16|M0)  r10.0<1>:d  r8.0<0;0>:d  r5.0<1;0>:uw  r7.2<0>:d  {I@1} // $5
  mul (8|M0)  acc0.0<1>:ud  r10.0<1;1,0>:ud  r9.0<0;1,0>:uw  {I@1}  // $7
  mach (8|M0)  r12.0<1>:ud  r10.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn,Compacted} //
  add3 (16|M16)  r16.0<1>:d  r8.0<0;0>:d  r6.0<1;0>:uw  r7.2<0>:d  // $6 R{} IR{}{E:2,O:1,O:1,},  R{r8,r6,r7,} IR{} {BC=1}
  mov (8|M0)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r11.0<1;1,0>:ud  r9.0<0;1,0>:uw  // $7
  mach (8|M8)  r13.0<1>:ud  r11.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn}  // $14
  mov (8|M8)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $14
  mul (8|M16)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r9.0<0;1,0>:uw  {I@5}  // $14
  mach (8|M16)  r18.0<1>:ud  r16.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn}  //
  mov (8|M16)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r9.0<0;1,0>:uw  // $14
  mach (8|M24)  r19.0<1>:ud  r17.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn}  // $21
  mov (8|M24)  r21.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $21
  mul (8|M0)  acc0.0<1>:ud  r14.0<1;1,0>:ud  r9.2<0;1,0>:uw  {I@7}  // $21
  mach (8|M0)  r22.0<1>:ud  r14.0<1;1,0>:ud  r9.1<0;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r24.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r15.0<1;1,0>:ud  r9.2<0;1,0>:uw  {I@7}  // $21
  mach (8|M8)  r23.0<1>:ud  r15.0<1;1,0>:ud  r9.1<0;1,0>:ud  {AccWrEn}  // $22
  mov (8|M8)  r25.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $22
(W)  mul (8|M0)  acc0.0<1>:d  r9.1<0;1,0>:ud  r12.0<2;1,0>:uw  // $26
  mach (8|M0)  r26.0<1>:d  r9.1<0;1,0>:ud  r12.0<1;1,0>:d  // $26
(W)  mul (8|M8)  acc0.0<1>:d  r9.1<0;1,0>:ud  r13.0<2;1,0>:uw  // $26
  mach (8|M8)  r27.0<1>:d  r9.1<0;1,0>:ud  r13.0<1;1,0>:d  // $27
  mul (8|M16)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r9.2<0;1,0>:uw  // $28
  mach (8|M16)  r28.0<1>:ud  r20.0<1;1,0>:ud  r9.1<0;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r47.0<1>:f  r24.0<1;1,0>:f  {Compacted,A@7}  // $22
  mov (8|M16)  r30.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r9.2<0;1,0>:uw  // $28
  mach (8|M24)  r29.0<1>:ud  r21.0<1;1,0>:ud  r9.1<0;1,0>:ud  {AccWrEn}  // $29
  mov (8|M24)  r31.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $29
(W)  mul (8|M16)  acc0.0<1>:d  r9.1<0;1,0>:ud  r18.0<2;1,0>:uw  // $33
  mach (8|M16)  r32.0<1>:d  r9.1<0;1,0>:ud  r18.0<1;1,0>:d  // $33
(W)  mul (8|M24)  acc0.0<1>:d  r9.1<0;1,0>:ud  r19.0<2;1,0>:uw  // $33
  mach (8|M24)  r33.0<1>:d  r9.1<0;1,0>:ud  r19.0<1;1,0>:d  // $34
(W)  mul (1|M0)  acc0.0<1>:d  r9.6<0;1,0>:d  r82.12<0;1,0>:uw {Compacted}  // $35
(W)  mach (1|M0)  r34.0<1>:d  r9.6<0;1,0>:d  r82.6<0;1,0>:d  {Compacted}  // $38
  mov (16|M16)  r53.0<1>:f  r30.0<1;1,0>:f  {Compacted,A@7}  // $29
  sync.nop  null  {Compacted,$0.dst}  // $38
  add3 (16|M0)  r35.0<1>:d  r34.0<0;0>:d  r3.0<1;0>:uw  r7.1<0>:d  {I@1} // $38 R{} IR{}{O:8,O:0,O:1,},  R{r34,r3,r7,} IR{} {BC=1}
  mul (8|M0)  acc0.0<1>:ud  r35.0<1;1,0>:ud  r9.0<0;1,0>:uw  {I@1}  // $40
  mach (8|M0)  r37.0<1>:ud  r35.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn,Compacted} //
  add3 (16|M16)  r41.0<1>:d  r34.0<0;0>:d  r4.0<1;0>:uw  r7.1<0>:d  // $39
  mov (8|M0)  r39.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r36.0<1;1,0>:ud  r9.0<0;1,0>:uw  // $40
  mach (8|M8)  r38.0<1>:ud  r36.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn}  // $41
  mul (16|M0)  r10.0<1>:d  r35.0<1;1,0>:d  20:w  {Compacted}  // $69
  mov (8|M8)  r40.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $41
  mul (8|M16)  acc0.0<1>:ud  r41.0<1;1,0>:ud  r9.0<0;1,0>:uw  {I@6}  // $47
  mach (8|M16)  r43.0<1>:ud  r41.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r49.0<1>:f  r39.0<1;1,0>:f  {Compacted,A@3}  // $41
  mov (8|M16)  r45.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r42.0<1;1,0>:ud  r9.0<0;1,0>:uw  // $47
  mach (8|M24)  r44.0<1>:ud  r42.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn}  // $48
  mul (16|M16)  r12.0<1>:d  r41.0<1;1,0>:d  20:w  {Compacted}  // $70
  mov (8|M24)  r46.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $48
  addc (8|M0)  r51.0<1>:ud  r47.0<1;1,0>:ud  r49.0<1;1,0>:ud  {AccWrEn,Compacted,A@1} // $54
  mov (16|M16)  r55.0<1>:f  r45.0<1;1,0>:f  {Compacted,A@2}  // $48
  mov (8|M0)  r57.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $54
  addc (8|M8)  r52.0<1>:ud  r48.0<1;1,0>:ud  r50.0<1;1,0>:ud  {AccWrEn}  // $56
  send.dc1 (16|M0)  r87  r10  null:0  0x0  0x04605803  {$3} // wr:2+0, rd:6; untyped surface read with xyz // $86
  mov (8|M8)  r58.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $56
  addc (8|M16)  r59.0<1>:ud  r53.0<1;1,0>:ud  r55.0<1;1,0>:ud  {AccWrEn,F@1}  // $58
  send.dc1 (16|M16)  r93  r12  null:0  0x0  0x04605803  {$4} // wr:2+0, rd:6; untyped surface read with xyz // $88
  mov (8|M16)  r61.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $58
  addc (8|M24)  r60.0<1>:ud  r54.0<1;1,0>:ud  r56.0<1;1,0>:ud  {AccWrEn}  // $60
  add (16|M0)  r34.0<1>:d  r22.0<1;1,0>:d  r26.0<1;1,0>:d  {Compacted}  // $27
  mov (8|M24)  r62.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $60
(W)  mul (1|M0)  acc0.0<1>:d  r9.5<0;1,0>:d  r82.2<0;1,0>:uw  // $62
(W)  mach (1|M0)  r63.0<1>:d  r9.5<0;1,0>:d  r82.1<0;1,0>:d  // $65
  add (16|M16)  r39.0<1>:d  r28.0<1;1,0>:d  r32.0<1;1,0>:d  {Compacted}  // $34
  add3 (16|M0)  r64.0<1>:d  r63.0<0;0>:d  r1.0<1;0>:uw  r7.0<0>:d  {I@2} // $65
  add (16|M0)  r66.0<1>:d  r51.0<1;1,0>:d  r64.0<1;1,0>:d  {Compacted,I@1}  // $67
  shl (16|M0)  r83.0<1>:d  r66.0<1;1,0>:d  2:w  {Compacted,I@1}  // $71
  add3 (16|M16)  r68.0<1>:d  r63.0<0;0>:d  r2.0<1;0>:uw  r7.0<0>:d  // $66 R{} IR{}{O:15,O:0,O:1,},  R{r63,r2,r7,} IR{} {BC=1}
  add (16|M0)  r70.0<1>:d  r83.0<1;1,0>:d  r9.2<0;1,0>:d  {Compacted,I@2}  // $73
  add (16|M0)  r72.0<1>:d  r83.0<1;1,0>:d  r9.3<0;1,0>:d  {Compacted}  // $79
  send.dc1 (16|M0)  r76  r70  null:0  0x0  0x04205E00  {A@2,$5} // wr:2+0, rd:2; untyped surface read with x // $76
  send.dc1 (16|M0)  r78  r72  null:0  0x0  0x04205E01  {A@1,$6} // wr:2+0, rd:2; untyped surface read with x // $82
  add (16|M16)  r74.0<1>:d  r59.0<1;1,0>:d  r68.0<1;1,0>:d  {Compacted}  // $68
  shl (16|M16)  r85.0<1>:d  r74.0<1;1,0>:d  2:w  {Compacted,I@1}  // $72
  add (16|M16)  r80.0<1>:d  r85.0<1;1,0>:d  r9.2<0;1,0>:d  {Compacted,I@1}  // $74
  add (16|M16)  r2.0<1>:d  r85.0<1;1,0>:d  r9.3<0;1,0>:d  {Compacted}  // $80
  send.dc1 (16|M16)  r4  r80  null:0  0x0  0x04205E00  {A@2,$7} // wr:2+0, rd:2; untyped surface read with x // $78
  send.dc1 (16|M16)  r6  r2  null:0  0x0  0x04205E01  {A@1,$8} // wr:2+0, rd:2; untyped surface read with x // $84
  add (16|M0)  r20.0<1>:d  r91.0<1;1,0>:d  62:w  {Compacted,$3.dst} // $103
  add (16|M16)  r24.0<1>:d  r97.0<1;1,0>:d  62:w  {Compacted,$4.dst} // $104
  and (16|M0)  (ne)f0.0  r107.0<1>:d  r20.0<1;1,0>:d  63:w  {Compacted,I@2}  // $105
  and (16|M16)  (ne)f0.0  r109.0<1>:d  r24.0<1;1,0>:d  63:w  {I@2}  // $106
  mov (16|M0)  r41.0<1>:f  r37.0<1;1,0>:f  {Compacted}  // $46
  mov (16|M16)  r45.0<1>:f  r43.0<1;1,0>:f  {Compacted}  // $53
  add3 (8|M0)  r47.0<1>:ud  r57.0<1;0>:ud  r34.0<1;0>:ud  r41.0<1>:ud  {F@2} // $55
  add3 (8|M8)  r48.0<1>:ud  r58.0<1;0>:ud  r35.0<1;0>:ud  r42.0<1>:ud  // $57 R{} IR{}{O:14,O:8,O:10,},  {BC=1}
  add3 (8|M16)  r49.0<1>:ud  r61.0<1;0>:ud  r39.0<1;0>:ud  r45.0<1>:ud  {F@1} // $59
  add3 (8|M24)  r50.0<1>:ud  r62.0<1;0>:ud  r40.0<1;0>:ud  r46.0<1>:ud  // $61
  sync.nop  null  {Compacted,$6.dst}  // $89
  mul (8|M0)  acc0.0<1>:ud  r76.0<1;1,0>:ud  r78.0<2;1,0>:uw  {$5.dst}  // $89
  mach (8|M0)  r14.0<1>:ud  r76.0<1;1,0>:ud  r78.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r77.0<1;1,0>:ud  r79.0<2;1,0>:uw  // $89
  mach (8|M8)  r15.0<1>:ud  r77.0<1;1,0>:ud  r79.0<1;1,0>:ud  {AccWrEn}  // $90
  mov (8|M8)  r17.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $90
  mov (16|M0)  r103.0<1>:f  r14.0<1;1,0>:f  {Compacted,A@2}  // $95
  mov (16|M0)  r99.0<1>:f  r16.0<1;1,0>:f  {Compacted,I@1}  // $90
  sync.nop  null  {Compacted,$8.dst}  // $96
  mul (8|M16)  acc0.0<1>:ud  r4.0<1;1,0>:ud  r6.0<2;1,0>:uw  {$7.dst}  // $96
  mach (8|M16)  r18.0<1>:ud  r4.0<1;1,0>:ud  r6.0<1;1,0>:ud  {AccWrEn}  //
  mov (8|M16)  r30.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r5.0<1;1,0>:ud  r7.0<2;1,0>:uw  // $96
  mach (8|M24)  r19.0<1>:ud  r5.0<1;1,0>:ud  r7.0<1;1,0>:ud  {AccWrEn}  // $97
  mov (8|M24)  r31.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $97
  mov (16|M16)  r105.0<1>:f  r18.0<1;1,0>:f  {Compacted,A@2}  // $102
  mov (16|M16)  r101.0<1>:f  r30.0<1;1,0>:f  {Compacted,I@1}  // $97
(~f0.0) goto (32|M0)  _0_013  _0_013  // $109
  cmp (16|M0)  (lt)f1.0  null<1>:d  r107.0<1;1,0>:ud  0x20:uw  // $111
  cmp (16|M16)  (lt)f1.0  null<1>:d  r109.0<1;1,0>:ud  0x20:uw  // $112
(f1.0)  goto (32|M0)  _0_015  _0_015  // $113
  add (16|M0)  r2.0<1>:d  r107.0<1;1,0>:d  -32:w  {Compacted}  // $115
  add (16|M16)  r4.0<1>:d  r109.0<1;1,0>:d  -32:w  {Compacted}  // $116
  shr (16|M0)  r111.0<1>:d  r103.0<1;1,0>:ud  r2.0<1;1,0>:d  {A@2}  // $117
  shr (16|M16)  r113.0<1>:d  r105.0<1;1,0>:ud  r4.0<1;1,0>:d  {A@2}  // $118
  goto (32|M0)  _0_015  _0_017  // $119
  join (32|M0)  _0_013  //
  add (16|M0)  r2.0<1>:d  -r107.0<1;1,0>:d  32:w  {Compacted}  // $121
  add (16|M16)  r4.0<1>:d  -r109.0<1;1,0>:d  32:w  {Compacted}  // $122
  shr (16|M0)  r6.0<1>:d  r99.0<1;1,0>:ud  r107.0<1;1,0>:d  // $125
  shr (16|M16)  r10.0<1>:d  r101.0<1;1,0>:ud  r109.0<1;1,0>:d  {F@1}  // $126
  shl (16|M0)  r2.0<1>:d  r103.0<1;1,0>:d  r2.0<1;1,0>:d  {Compacted,I@4}  // $123
  shl (16|M16)  r4.0<1>:d  r105.0<1;1,0>:d  r4.0<1;1,0>:d  {Compacted,I@4}  // $124
  or (16|M0)  r111.0<1>:d  r6.0<1;1,0>:d  r2.0<1;1,0>:d  {Compacted,I@2}  // $127
  or (16|M16)  r113.0<1>:d  r10.0<1;1,0>:d  r4.0<1;1,0>:d  {Compacted,I@2}  // $128
  goto (32|M0)  _0_013  _0_017  // $131
  join (32|M0)  _0_017  //
  mov (16|M0)  r111.0<1>:f  r99.0<1;1,0>:f  {Compacted,I@4}  // $133
  mov (16|M16)  r113.0<1>:d  r101.0<1;1,0>:d  // $134
  join (32|M0)  L1992  //
  mul (8|M0)  acc0.0<1>:ud  r111.0<1;1,0>:ud  r89.0<2;1,0>:uw  {F@1}  // $136
  mach (8|M0)  r2.0<1>:ud  r111.0<1;1,0>:ud  r89.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add (16|M0)  r12.0<1>:d  r91.0<1;1,0>:d  3:w  {Compacted}  // $150
  mov (8|M0)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r112.0<1;1,0>:ud  r90.0<2;1,0>:uw  // $136
  mach (8|M8)  r3.0<1>:ud  r112.0<1;1,0>:ud  r90.0<1;1,0>:ud  {AccWrEn}  // $137
  add (16|M16)  r14.0<1>:d  r97.0<1;1,0>:d  3:w  {Compacted}  // $151
  mov (8|M8)  r5.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $137
  mul (8|M16)  acc0.0<1>:ud  r113.0<1;1,0>:ud  r95.0<2;1,0>:uw  {I@7}  // $143
  mach (8|M16)  r6.0<1>:ud  r113.0<1;1,0>:ud  r95.0<1;1,0>:ud  {AccWrEn}  //
  and (16|M0)  (ne)f0.0  r123.0<1>:d  r12.0<1;1,0>:d  63:w  {Compacted,I@7}  // $152
  mov (8|M16)  r10.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r114.0<1;1,0>:ud  r96.0<2;1,0>:uw  // $143
  and (16|M16)  (ne)f0.0  r125.0<1>:d  r14.0<1;1,0>:d  63:w  {I@7}  // $153
  mach (8|M24)  r7.0<1>:ud  r114.0<1;1,0>:ud  r96.0<1;1,0>:ud  {AccWrEn}  // $144
  mov (16|M0)  r119.0<1>:f  r2.0<1;1,0>:f  {Compacted}  // $142
  mov (8|M24)  r11.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $144
  mov (16|M0)  r115.0<1>:f  r4.0<1;1,0>:f  {Compacted,I@7}  // $137
  mov (16|M16)  r121.0<1>:f  r6.0<1;1,0>:f  {Compacted,A@2}  // $149
  mov (16|M16)  r117.0<1>:f  r10.0<1;1,0>:f  {Compacted,I@1}  // $144
(~f0.0) goto (32|M0)  _0_018  _0_018  // $156
  cmp (16|M0)  (lt)f1.0  null<1>:d  r123.0<1;1,0>:ud  0x20:uw  // $158
  cmp (16|M16)  (lt)f1.0  null<1>:d  r125.0<1;1,0>:ud  0x20:uw  // $159
(f1.0)  goto (32|M0)  _0_020  _0_020  // $160
  add (16|M0)  r2.0<1>:d  r123.0<1;1,0>:d  -32:w  {Compacted,F@4} // $162
  add (16|M16)  r4.0<1>:d  r125.0<1;1,0>:d  -32:w  {Compacted,F@3} // $163
  shr (16|M0)  r115.0<1>:d  r119.0<1;1,0>:ud  r2.0<1;1,0>:d  {I@2}  // $164
  shr (16|M16)  r117.0<1>:d  r121.0<1;1,0>:ud  r4.0<1;1,0>:d  {A@1}  // $165
  goto (32|M0)  _0_020  _0_018  // $166
  join (32|M0)  _0_018  //
  add (16|M0)  r2.0<1>:d  -r123.0<1;1,0>:d  32:w  {Compacted}  // $168
  add (16|M16)  r4.0<1>:d  -r125.0<1;1,0>:d  32:w  {Compacted}  // $169
  shr (16|M0)  r6.0<1>:d  r115.0<1;1,0>:ud  r123.0<1;1,0>:d  {I@6}  // $172
  shr (16|M16)  r10.0<1>:d  r117.0<1;1,0>:ud  r125.0<1;1,0>:d  {I@6}  // $173
  shl (16|M0)  r2.0<1>:d  r119.0<1;1,0>:d  r2.0<1;1,0>:d  {Compacted,I@4}  // $170
  shl (16|M16)  r4.0<1>:d  r121.0<1;1,0>:d  r4.0<1;1,0>:d  {Compacted,I@4}  // $171
  or (16|M0)  r115.0<1>:d  r6.0<1;1,0>:d  r2.0<1;1,0>:d  {Compacted,I@2}  // $174
  or (16|M16)  r117.0<1>:d  r10.0<1;1,0>:d  r4.0<1;1,0>:d  {Compacted,I@2}  // $175
  join (32|M0)  L2456  //
(W)  mul (8|M0)  acc0.0<1>:d  r87.0<1;1,0>:d  r115.0<2;1,0>:uw {Compacted,I@3}  // $177
  mach (8|M0)  r2.0<1>:d  r87.0<1;1,0>:d  r115.0<1;1,0>:d  {Compacted}  // $177
(W)  mul (8|M8)  acc0.0<1>:d  r88.0<1;1,0>:d  r116.0<2;1,0>:uw  // $177
  mach (8|M8)  r3.0<1>:d  r88.0<1;1,0>:d  r116.0<1;1,0>:d  {Compacted}  // $178
(W)  mul (8|M16)  acc0.0<1>:d  r93.0<1;1,0>:d  r117.0<2;1,0>:uw {I@6}  // $178
  mach (8|M16)  r4.0<1>:d  r93.0<1;1,0>:d  r117.0<1;1,0>:d  {Compacted}  // $178
(W)  mul (8|M24)  acc0.0<1>:d  r94.0<1;1,0>:d  r118.0<2;1,0>:uw  // $178
  mach (8|M24)  r5.0<1>:d  r94.0<1;1,0>:d  r118.0<1;1,0>:d  {Compacted}  // $179
  add (16|M0)  r6.0<1>:d  r99.0<1;1,0>:d  -r2.0<1;1,0>:d  {Compacted,I@5}  // $179
  add (16|M16)  r10.0<1>:d  r101.0<1;1,0>:d  -r4.0<1;1,0>:d  {Compacted,I@2}  // $180
  cmp (16|M0)  (lt)f0.0  null<1>:d  r6.0<1;1,0>:ud  r87.0<1;1,0>:ud  {I@2}  // $181
  cmp (16|M16)  (lt)f0.0  null<1>:d  r10.0<1;1,0>:ud  r93.0<1;1,0>:ud  {I@2}  // $182
(~f0.0) sel (16|M0)  r12.0<1>:d  r87.0<1;1,0>:d  0:w  // $183
(~f0.0) sel (16|M16)  r14.0<1>:d  r93.0<1;1,0>:d  0:w  // $184
  add (16|M0)  r16.0<1>:d  r83.0<1;1,0>:d  r9.4<0;1,0>:d  {Compacted}  // $187
  add (16|M16)  r18.0<1>:d  r85.0<1;1,0>:d  r9.4<0;1,0>:d  {Compacted}  // $188
  add3 (16|M0)  r12.0<1>:d  r99.0<1;0>:d  -r2.0<1;0>:d  -r12.0<1>:d  {I@4} // $185
  add3 (16|M16)  r14.0<1>:d  r101.0<1;0>:d  -r4.0<1;0>:d  -r14.0<1>:d  {I@4} // $186
  send.dc1 (16|M0)  null  r16  r12:2  0x0  0x04025E02  {A@2,$9} // wr:2+2, rd:0; untyped surface write with x // $190
  send.dc1 (16|M16)  null  r18  r14:2  0x0  0x04025E02  {A@1,$10} // wr:2+2, rd:0; untyped surface write with x // $192
(W)  mov (8|M0)  r127.0<1>:f  r82.0<1;1,0>:f  {Compacted}  // $193
(W)  send.ugm (1|M0)  r20  r82  null:0  0x0  0x0214031F  {$11} // wr:1+0, rd:1; fence.ugm.none.local // $193
(W)  mov (8|M0)  null<1>:ud  r20.0<1;1,0>:ud  {$11.dst}  //  memory fence commit; $193
(W)  send.gtwy (8|M0)  null  r127  null:0  0x0  0x02000010  {EOT,A@1} // wr:1+0, rd:0; end of thread // $193
  nop  // $193
