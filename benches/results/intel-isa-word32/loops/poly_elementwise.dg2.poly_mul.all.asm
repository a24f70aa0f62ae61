// poly_elementwise.dg2.poly_mul: all, instructions 0..872 of OCL_asma33995b2fb420f8a_simd32_entry_0004.asm (no loop: the whole kernel): {'insts': 873, 'mul': 289, 'q64': 0, 'send': 15, 'scratch': 0, 'lanes': 8047, 'mul_lanes': 2279}
(W)  mov (8|M0)  r127.0<1>:ud  0x0:ud  //
(W)  and (1|M0)  r127.2<1>:ud  r0.0<0;1,0>:ud  0xFFFFFFC0:ud  //
(W)  and (1|M0)  r127.0<1>:uw  r0.4<0;1,0>:uw  0xFF:uw  //
(W)  add (1|M0)  r127.2<1>:ud  r127.2<0;1,0>:ud  0x40:uw  {I@2}  //
(W)  mad (1|M0)  r127.2<1>:ud  r127.2<0;0>:ud  r127.0<0;0>:uw  0xC0:uw  {I@1} //
(W)  mov (8|M0)  r7.0<1>:ud  r1.0<1;1,0>:ud  //
(W)  send.dc0 (8|M0)  r1  r127  null:0  0x0  0x024844FD  {A@1,$0} // wr:1h+0, rd:4; oword aligned block read x8 // $627
(W)  add (1|M0)  r127.2<1>:ud  r127.2<0;1,0>:ud  0x80:uw  {$0.src}  //
(W)  send.dc0 (8|M0)  r5  r127  null:0  0x0  0x022843FD  {A@1,$1} // wr:1h+0, rd:2; oword aligned block read x4 // $627
  nop  //
  nop  //
  nop  //
(W)  mov (8|M0)  r127.0<1>:ud  0x0:ud  {$1.src}  //
(W)  and (1|M0)  r127.2<1>:ud  r0.0<0;1,0>:ud  0xFFFFFFC0:ud  //
(W)  send.dc0 (8|M0)  r8  r127  null:0  0x0  0x022843FD  {A@1,$2} // wr:1h+0, rd:2; oword aligned block read x4 // $627
(W)  mov (8|M0)  r124.0<1>:ud  r0.0<1;1,0>:ud  // $1
(W)  or (1|M0)  cr0.0<1>:ud  cr0.0<0;1,0>:ud  0x4C0:uw  {A@1}  // $1
  sync.nop  null  {Compacted,A@1}  // $2
  sync.nop  null  {Compacted,$2.dst}  // $2
(W)  mul (1|M0)  acc0.0<1>:d  r9.7<0;1,0>:d  r124.14<0;1,0>:uw {A@1}  // $2
(W)  mach (1|M0)  r8.0<1>:d  r9.7<0;1,0>:d  r124.7<0;1,0>:d  // $5
(W)  mov (8|M0)  r127.0<1>:f  r124.0<1;1,0>:f  {Compacted}  // $627
  sync.nop  null  {Compacted,$1.dst}  // $5
  add3 (16|M0)  r10.0<1>:d  r8.0<0;0>:d  r5.0<1;0>:uw  r7.2<0>:d  {I@1} // $5
  mul (8|M0)  acc0.0<1>:ud  r10.0<1;1,0>:ud  r9.0<0;1,0>:uw  {I@1}  // $7
  mach (8|M0)  r14.0<1>:ud  r10.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn,Compacted} //
  add3 (16|M16)  r12.0<1>:d  r8.0<0;0>:d  r6.0<1;0>:uw  r7.2<0>:d  // $6 R{} IR{}{E:2,O:1,O:1,},  R{r8,r6,r7,} IR{} {BC=1}
  mov (8|M0)  r16.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r11.0<1;1,0>:ud  r9.0<0;1,0>:uw  // $7
  mach (8|M8)  r15.0<1>:ud  r11.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn}  // $14
  mov (8|M8)  r17.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $14
  mul (8|M16)  acc0.0<1>:ud  r12.0<1;1,0>:ud  r9.0<0;1,0>:uw  {I@5}  // $14
  mach (8|M16)  r18.0<1>:ud  r12.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn}  //
  mov (8|M16)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r13.0<1;1,0>:ud  r9.0<0;1,0>:uw  // $14
  mach (8|M24)  r19.0<1>:ud  r13.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn}  // $21
  mov (8|M24)  r21.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $21
  mul (8|M0)  acc0.0<1>:ud  r16.0<1;1,0>:ud  r9.2<0;1,0>:uw  {I@7}  // $21
  mach (8|M0)  r5.0<1>:ud  r16.0<1;1,0>:ud  r9.1<0;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r22.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r17.0<1;1,0>:ud  r9.2<0;1,0>:uw  {I@7}  // $21
  mach (8|M8)  r6.0<1>:ud  r17.0<1;1,0>:ud  r9.1<0;1,0>:ud  {AccWrEn}  // $22
  mov (8|M8)  r23.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $22
(W)  mul (8|M0)  acc0.0<1>:d  r9.1<0;1,0>:ud  r14.0<2;1,0>:uw  // $26
  mach (8|M0)  r24.0<1>:d  r9.1<0;1,0>:ud  r14.0<1;1,0>:d  // $26
(W)  mul (8|M8)  acc0.0<1>:d  r9.1<0;1,0>:ud  r15.0<2;1,0>:uw  // $26
  mach (8|M8)  r25.0<1>:d  r9.1<0;1,0>:ud  r15.0<1;1,0>:d  // $27
  mul (8|M16)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r9.2<0;1,0>:uw  // $28
  mach (8|M16)  r26.0<1>:ud  r20.0<1;1,0>:ud  r9.1<0;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r10.0<1>:f  r22.0<1;1,0>:f  {Compacted,A@7}  // $22
  mov (8|M16)  r28.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r9.2<0;1,0>:uw  // $28
  mach (8|M24)  r27.0<1>:ud  r21.0<1;1,0>:ud  r9.1<0;1,0>:ud  {AccWrEn}  // $29
  add (16|M0)  r12.0<1>:d  r5.0<1;1,0>:d  r24.0<1;1,0>:d  {Compacted,I@6}  // $27
  mov (8|M24)  r29.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $29
(W)  mul (8|M16)  acc0.0<1>:d  r9.1<0;1,0>:ud  r18.0<2;1,0>:uw  // $33
  mach (8|M16)  r22.0<1>:d  r9.1<0;1,0>:ud  r18.0<1;1,0>:d  {F@1}  // $33
(W)  mul (8|M24)  acc0.0<1>:d  r9.1<0;1,0>:ud  r19.0<2;1,0>:uw  // $33
  mach (8|M24)  r23.0<1>:d  r9.1<0;1,0>:ud  r19.0<1;1,0>:d  // $34
(W)  mul (1|M0)  acc0.0<1>:d  r9.6<0;1,0>:d  r124.12<0;1,0>:uw {Compacted}  // $35
(W)  mach (1|M0)  r5.0<1>:d  r9.6<0;1,0>:d  r124.6<0;1,0>:d  {Compacted}  // $38
  add (16|M16)  r14.0<1>:d  r26.0<1;1,0>:d  r22.0<1;1,0>:d  {Compacted,I@3}  // $34
  sync.nop  null  {Compacted,$0.dst}  // $38
  add3 (16|M0)  r24.0<1>:d  r5.0<0;0>:d  r3.0<1;0>:uw  r7.1<0>:d  {I@2} // $38
  mul (8|M0)  acc0.0<1>:ud  r24.0<1;1,0>:ud  r9.0<0;1,0>:uw  {I@1}  // $40
  mach (8|M0)  r20.0<1>:ud  r24.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn,Compacted} //
  add3 (16|M16)  r30.0<1>:d  r5.0<0;0>:d  r4.0<1;0>:uw  r7.1<0>:d  // $39 R{} IR{}{E:1,E:1,O:1,},  R{r5,r4,r7,} IR{} {BC=1}
  mov (8|M0)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r25.0<1;1,0>:ud  r9.0<0;1,0>:uw  // $40
  mach (8|M8)  r21.0<1>:ud  r25.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn}  // $41
  mov (16|M16)  r16.0<1>:f  r28.0<1;1,0>:f  {Compacted}  // $29
  mov (8|M8)  r33.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $41
  mul (8|M16)  acc0.0<1>:ud  r30.0<1;1,0>:ud  r9.0<0;1,0>:uw  {I@5}  // $47
  mach (8|M16)  r22.0<1>:ud  r30.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r18.0<1>:f  r32.0<1;1,0>:f  {Compacted,A@3}  // $41
  mov (8|M16)  r26.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r31.0<1;1,0>:ud  r9.0<0;1,0>:uw  // $47
  mach (8|M24)  r23.0<1>:ud  r31.0<1;1,0>:ud  r9.0<0;1,0>:ud  {AccWrEn}  // $48
  mov (16|M0)  r28.0<1>:f  r20.0<1;1,0>:f  {Compacted}  // $46
  mov (8|M24)  r27.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $48
  addc (8|M0)  r34.0<1>:ud  r10.0<1;1,0>:ud  r18.0<1;1,0>:ud  {AccWrEn,Compacted,F@2} // $54
  mov (16|M16)  r3.0<1>:f  r26.0<1;1,0>:f  {Compacted,A@2}  // $48
  mov (8|M0)  r8.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $54
  addc (8|M8)  r35.0<1>:ud  r11.0<1;1,0>:ud  r19.0<1;1,0>:ud  {AccWrEn}  // $56
  mov (16|M16)  r5.0<1>:f  r22.0<1;1,0>:f  {Compacted}  // $53
  mov (8|M8)  r20.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@3}  // $56
  addc (8|M16)  r32.0<1>:ud  r16.0<1;1,0>:ud  r3.0<1;1,0>:ud  {AccWrEn,F@2}  // $58
  add3 (8|M0)  r36.0<1>:ud  r8.0<1;0>:ud  r12.0<1;0>:ud  r28.0<1>:ud  {I@4} // $55 R{} IR{}{E:2,E:3,E:7,},  {BC=1}
  mov (8|M16)  r21.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $58
  addc (8|M24)  r33.0<1>:ud  r17.0<1;1,0>:ud  r4.0<1;1,0>:ud  {AccWrEn}  // $60
  add3 (8|M16)  r38.0<1>:ud  r21.0<1;0>:ud  r14.0<1;0>:ud  r5.0<1>:ud  {A@1} // $59
  mov (8|M24)  r40.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $60
(W)  mul (1|M0)  acc0.0<1>:d  r9.5<0;1,0>:d  r124.2<0;1,0>:uw  // $62
(W)  mach (1|M0)  r22.0<1>:d  r9.5<0;1,0>:d  r124.1<0;1,0>:d  // $65
  add3 (8|M24)  r39.0<1>:ud  r40.0<1;0>:ud  r15.0<1;0>:ud  r6.0<1>:ud  {I@3} // $61
  add3 (16|M0)  r26.0<1>:d  r22.0<0;0>:d  r1.0<1;0>:uw  r7.0<0>:d  {I@2} // $65
  add (16|M0)  r18.0<1>:d  r34.0<1;1,0>:d  r26.0<1;1,0>:d  {Compacted,I@1}  // $67
  shl (16|M0)  r16.0<1>:d  r18.0<1;1,0>:d  3:w  {Compacted,I@1}  // $73
  add3 (16|M16)  r10.0<1>:d  r22.0<0;0>:d  r2.0<1;0>:uw  r7.0<0>:d  // $66 R{} IR{}{O:5,O:0,O:1,},  R{r22,r2,r7,} IR{} {BC=1}
  add (16|M0)  r14.0<1>:d  r16.0<1;1,0>:d  r9.2<0;1,0>:d  {Compacted,I@2}  // $75
  add (16|M0)  r7.0<1>:d  r16.0<1;1,0>:d  r9.3<0;1,0>:d  {Compacted}  // $81
  send.dc1 (16|M0)  r40  r14  null:0  0x0  0x04405C00  {A@2,$3} // wr:2+0, rd:4; untyped surface read with xy // $78
  add3 (8|M8)  r37.0<1>:ud  r20.0<1;0>:ud  r13.0<1;0>:ud  r29.0<1>:ud  // $57 R{} IR{}{E:5,E:3,E:7,},  {BC=1}
  add (16|M16)  r12.0<1>:d  r32.0<1;1,0>:d  r10.0<1;1,0>:d  {Compacted}  // $68
  send.dc1 (16|M0)  r32  r7  null:0  0x0  0x04405C01  {A@1,$4} // wr:2+0, rd:4; untyped surface read with xy // $84
  shl (16|M16)  r5.0<1>:d  r12.0<1;1,0>:d  3:w  {Compacted}  // $74
  add (16|M16)  r38.0<1>:d  r5.0<1;1,0>:d  r9.2<0;1,0>:d  {Compacted,I@1}  // $76
  add (16|M16)  r22.0<1>:d  r5.0<1;1,0>:d  r9.3<0;1,0>:d  {Compacted}  // $82
  send.dc1 (16|M16)  r44  r38  null:0  0x0  0x04405C00  {A@2,$5} // wr:2+0, rd:4; untyped surface read with xy // $80
  mul (16|M0)  r28.0<1>:ud  r24.0<1;1,0>:ud  0x3:uw  // $69
  send.dc1 (16|M16)  r24  r22  null:0  0x0  0x04405C01  {A@1,$6} // wr:2+0, rd:4; untyped surface read with xy // $86
  mul (16|M16)  r36.0<1>:ud  r30.0<1;1,0>:ud  0x3:uw  // $70
  shl (16|M16)  r3.0<1>:d  r36.0<1;1,0>:d  3:w  {Compacted,I@1}  // $72
  send.dc1 (16|M16)  r56  r3  null:0  0x0  0x04805003  {A@1,$7} // wr:2+0, rd:8; untyped surface read with xyzw // $90
  add (16|M16)  r18.0<1>:d  r3.0<1;1,0>:d  16:w  {Compacted}  // $92
  send.dc1 (16|M16)  r64  r18  null:0  0x0  0x04405C03  {A@1,$8} // wr:2+0, rd:4; untyped surface read with xy // $96
  shl (16|M0)  r20.0<1>:d  r28.0<1;1,0>:d  3:w  {Compacted}  // $71
  add (16|M0)  r10.0<1>:d  r20.0<1;1,0>:d  16:w  {Compacted,I@1}  // $91
  send.dc1 (16|M0)  r28  r10  null:0  0x0  0x04405C03  {A@1,$9} // wr:2+0, rd:4; untyped surface read with xy // $94
  send.dc1 (16|M0)  r48  r20  null:0  0x0  0x04805003  {$10} // wr:2+0, rd:8; untyped surface read with xyzw // $88
(W)  mov (1|M0)  r9.0<1>:hf  0x0:hf  // $164
  sync.nop  null  {Compacted,$4.dst}  // $97
  mul (8|M0)  acc0.0<1>:ud  r40.0<1;1,0>:ud  r32.0<2;1,0>:uw  {$3.dst}  // $97
  mach (8|M0)  r12.0<1>:ud  r40.0<1;1,0>:ud  r32.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (8|M0)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r41.0<1;1,0>:ud  r33.0<2;1,0>:uw  // $97
  mach (8|M8)  r13.0<1>:ud  r41.0<1;1,0>:ud  r33.0<1;1,0>:ud  {AccWrEn}  // $98
  mov (8|M8)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $98
(W)  mul (8|M0)  acc0.0<1>:d  r40.0<1;1,0>:ud  r34.0<2;1,0>:uw  // $100
  mach (8|M0)  r22.0<1>:d  r40.0<1;1,0>:ud  r34.0<1;1,0>:d  {$6.src}  // $100
(W)  mul (8|M8)  acc0.0<1>:d  r41.0<1;1,0>:ud  r35.0<2;1,0>:uw  // $100
  mach (8|M8)  r23.0<1>:d  r41.0<1;1,0>:ud  r35.0<1;1,0>:d  // $101
(W)  mul (8|M0)  acc0.0<1>:d  r32.0<1;1,0>:ud  r42.0<2;1,0>:uw  // $102
  sync.nop  null  {Compacted,$7.src}  // $101
  add (16|M0)  r2.0<1>:d  r12.0<1;1,0>:d  r22.0<1;1,0>:d  {Compacted,I@2}  // $101
  mach (8|M0)  r22.0<1>:d  r32.0<1;1,0>:ud  r42.0<1;1,0>:d  // $102
(W)  mul (8|M8)  acc0.0<1>:d  r33.0<1;1,0>:ud  r43.0<2;1,0>:uw  // $102
  mach (8|M8)  r23.0<1>:d  r33.0<1;1,0>:ud  r43.0<1;1,0>:d  // $103
  sync.nop  null  {Compacted,$6.dst}  // $104
  mul (8|M16)  acc0.0<1>:ud  r44.0<1;1,0>:ud  r24.0<2;1,0>:uw  {$5.dst}  // $104
  mach (8|M16)  r18.0<1>:ud  r44.0<1;1,0>:ud  r24.0<1;1,0>:ud  {AccWrEn,$8.src}  //
  mov (16|M0)  r7.0<1>:f  r14.0<1;1,0>:f  {Compacted}  // $98
  mov (8|M16)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M24)  acc0.0<1>:ud  r45.0<1;1,0>:ud  r25.0<2;1,0>:uw  // $104
  mach (8|M24)  r19.0<1>:ud  r45.0<1;1,0>:ud  r25.0<1;1,0>:ud  {AccWrEn}  // $105
  sync.nop  null  {Compacted,$9.src}  // $103
  add (16|M0)  r10.0<1>:d  r2.0<1;1,0>:d  r22.0<1;1,0>:d  {Compacted,I@6}  // $103
  mov (8|M24)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $105
(W)  mul (8|M16)  acc0.0<1>:d  r44.0<1;1,0>:ud  r26.0<2;1,0>:uw  // $107
  mach (8|M16)  r12.0<1>:d  r44.0<1;1,0>:ud  r26.0<1;1,0>:d  // $107
(W)  mul (8|M24)  acc0.0<1>:d  r45.0<1;1,0>:ud  r27.0<2;1,0>:uw  // $107
  mach (8|M24)  r13.0<1>:d  r45.0<1;1,0>:ud  r27.0<1;1,0>:d  // $108
(W)  mul (8|M16)  acc0.0<1>:d  r24.0<1;1,0>:ud  r46.0<2;1,0>:uw  // $109
  add (16|M16)  r36.0<1>:d  r18.0<1;1,0>:d  r12.0<1;1,0>:d  {Compacted,I@2}  // $108
  mach (8|M16)  r12.0<1>:d  r24.0<1;1,0>:ud  r46.0<1;1,0>:d  // $109
(W)  mul (8|M24)  acc0.0<1>:d  r25.0<1;1,0>:ud  r47.0<2;1,0>:uw  // $109
  mach (8|M24)  r13.0<1>:d  r25.0<1;1,0>:ud  r47.0<1;1,0>:d  // $110
  mul (8|M0)  acc0.0<1>:ud  r34.0<1;1,0>:ud  r42.0<2;1,0>:uw  // $111
  mach (8|M0)  r22.0<1>:ud  r34.0<1;1,0>:ud  r42.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M16)  r20.0<1>:f  r14.0<1;1,0>:f  {Compacted,$10.src}  // $105
  mov (8|M0)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r35.0<1;1,0>:ud  r43.0<2;1,0>:uw  // $111
  mach (8|M8)  r23.0<1>:ud  r35.0<1;1,0>:ud  r43.0<1;1,0>:ud  {AccWrEn}  // $112
  add (16|M16)  r2.0<1>:d  r36.0<1;1,0>:d  r12.0<1;1,0>:d  {Compacted,I@6}  // $110
  mov (8|M8)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $112
  mul (8|M16)  acc0.0<1>:ud  r26.0<1;1,0>:ud  r46.0<2;1,0>:uw  // $118
  mach (8|M16)  r68.0<1>:ud  r26.0<1;1,0>:ud  r46.0<1;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r18.0<1>:f  r22.0<1;1,0>:f  {Compacted,A@5}  // $117
  mov (8|M16)  r70.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r27.0<1;1,0>:ud  r47.0<2;1,0>:uw  // $118
  mach (8|M24)  r69.0<1>:ud  r27.0<1;1,0>:ud  r47.0<1;1,0>:ud  {AccWrEn}  // $119
  mov (16|M0)  r38.0<1>:f  r14.0<1;1,0>:f  {Compacted,I@6}  // $112
  mov (8|M24)  r71.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $119
  mul (8|M0)  acc0.0<1>:ud  r32.0<1;1,0>:ud  r42.0<2;1,0>:uw  // $125
  mach (8|M0)  r72.0<1>:ud  r32.0<1;1,0>:ud  r42.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M16)  r36.0<1>:f  r68.0<1;1,0>:f  {Compacted,A@4}  // $124
  mov (8|M0)  r74.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r33.0<1;1,0>:ud  r43.0<2;1,0>:uw  // $125
  mach (8|M8)  r73.0<1>:ud  r33.0<1;1,0>:ud  r43.0<1;1,0>:ud  {AccWrEn}  // $126
  mov (16|M16)  r12.0<1>:f  r70.0<1;1,0>:f  {Compacted,I@6}  // $119
  mov (8|M8)  r75.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $126
  mul (8|M16)  acc0.0<1>:ud  r24.0<1;1,0>:ud  r46.0<2;1,0>:uw  // $132
  mach (8|M16)  r76.0<1>:ud  r24.0<1;1,0>:ud  r46.0<1;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r22.0<1>:f  r72.0<1;1,0>:f  {Compacted,A@4}  // $131
  mov (8|M16)  r78.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r25.0<1;1,0>:ud  r47.0<2;1,0>:uw  // $132
  mach (8|M24)  r77.0<1>:ud  r25.0<1;1,0>:ud  r47.0<1;1,0>:ud  {AccWrEn}  // $133
  mov (16|M0)  r14.0<1>:f  r74.0<1;1,0>:f  {Compacted,I@6}  // $126
  mov (8|M24)  r79.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $133
  mul (8|M0)  acc0.0<1>:ud  r34.0<1;1,0>:ud  r40.0<2;1,0>:uw  // $139
  mach (8|M0)  r80.0<1>:ud  r34.0<1;1,0>:ud  r40.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M16)  r70.0<1>:f  r76.0<1;1,0>:f  {Compacted,A@4}  // $138
  mov (8|M0)  r82.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r35.0<1;1,0>:ud  r41.0<2;1,0>:uw  // $139
  mach (8|M8)  r81.0<1>:ud  r35.0<1;1,0>:ud  r41.0<1;1,0>:ud  {AccWrEn}  // $140
  mov (16|M16)  r68.0<1>:f  r78.0<1;1,0>:f  {Compacted,I@6}  // $133
  mov (8|M8)  r83.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $140
  mul (8|M16)  acc0.0<1>:ud  r26.0<1;1,0>:ud  r44.0<2;1,0>:uw  // $146
  mach (8|M16)  r84.0<1>:ud  r26.0<1;1,0>:ud  r44.0<1;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r72.0<1>:f  r82.0<1;1,0>:f  {Compacted,A@3}  // $140
  mov (8|M16)  r86.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r27.0<1;1,0>:ud  r45.0<2;1,0>:uw  // $146
  mach (8|M24)  r85.0<1>:ud  r27.0<1;1,0>:ud  r45.0<1;1,0>:ud  {AccWrEn}  // $147
  mov (16|M0)  r74.0<1>:f  r80.0<1;1,0>:f  {Compacted}  // $145
  mov (8|M24)  r87.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $147
(W)  mul (8|M0)  acc0.0<1>:ud  r32.0<1;1,0>:ud  r40.0<2;1,0>:uw  // $153
  mach (8|M0)  r88.0<1>:d  r32.0<1;1,0>:ud  r40.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r33.0<1;1,0>:ud  r41.0<2;1,0>:uw  // $153
  mach (8|M8)  r89.0<1>:d  r33.0<1;1,0>:ud  r41.0<1;1,0>:ud  {AccWrEn}  // $157
(W)  mul (8|M0)  acc0.0<1>:ud  r24.0<1;1,0>:ud  r44.0<2;1,0>:uw  // $158
  mach (8|M16)  r82.0<1>:d  r24.0<1;1,0>:ud  r44.0<1;1,0>:ud  {AccWrEn,F@2}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r25.0<1;1,0>:ud  r45.0<2;1,0>:uw  // $158
  mach (8|M24)  r83.0<1>:d  r25.0<1;1,0>:ud  r45.0<1;1,0>:ud  {AccWrEn}  // $162
  addc (8|M0)  r92.0<1>:ud  r72.0<1;1,0>:ud  r14.0<1;1,0>:ud  {AccWrEn,Compacted} // $163
  mov (16|M16)  r76.0<1>:f  r86.0<1;1,0>:f  {Compacted,I@7}  // $147
  mov (8|M0)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $163
  addc (8|M8)  r93.0<1>:ud  r73.0<1;1,0>:ud  r15.0<1;1,0>:ud  {AccWrEn}  // $165
  mov (16|M0)  r80.0<1>:f  r88.0<1;1,0>:f  {Compacted,A@7}  // $157
  mov (8|M8)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $165
  addc (8|M16)  r33.0<1>:ud  r76.0<1;1,0>:ud  r68.0<1;1,0>:ud  {AccWrEn,F@2}  // $167
  mov (16|M16)  r90.0<1>:f  r82.0<1;1,0>:f  {Compacted,A@6}  // $162
  mov (8|M16)  r35.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $167
  addc (8|M24)  r34.0<1>:ud  r77.0<1;1,0>:ud  r69.0<1;1,0>:ud  {AccWrEn}  // $169
  mov (16|M16)  r78.0<1>:f  r84.0<1;1,0>:f  {Compacted}  // $152
  mov (8|M24)  r24.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $169
  addc (8|M0)  r25.0<1>:ud  r92.0<1;1,0>:ud  r80.0<1;1,0>:ud  {AccWrEn,Compacted,A@3} // $171
  add3 (8|M0)  r84.0<1>:ud  r4.0<1;0>:ud  r9.0<0;0>:uw  r22.0<1>:ud  {A@1} // $164
  mov (8|M0)  r27.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $171
  addc (8|M8)  r26.0<1>:ud  r93.0<1;1,0>:ud  r81.0<1;1,0>:ud  {AccWrEn,I@7}  // $173
  add3 (8|M8)  r85.0<1>:ud  r32.0<1;0>:ud  r9.0<0;0>:uw  r23.0<1>:ud  {I@7} // $166
  mov (8|M8)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $173
  addc (8|M16)  r14.0<1>:ud  r33.0<1;1,0>:ud  r90.0<1;1,0>:ud  {AccWrEn,I@7}  // $175
  add3 (8|M24)  r41.0<1>:ud  r24.0<1;0>:ud  r9.0<0;0>:uw  r71.0<1>:ud  {I@7} // $170
  mov (8|M16)  r22.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $175
  addc (8|M24)  r15.0<1>:ud  r34.0<1;1,0>:ud  r91.0<1;1,0>:ud  {AccWrEn}  // $177
  add3 (8|M16)  acc2.0<1>:ud  r35.0<1;0>:ud  r9.0<0;0>:uw  r70.0<1>:ud  // $168
  mov (8|M24)  r23.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $177
  addc (8|M0)  r46.0<1>:ud  r74.0<1;1,0>:ud  r38.0<1;1,0>:ud  {AccWrEn,Compacted} // $179
  add (8|M0)  r42.0<1>:ud  r27.0<1;1,0>:ud  r84.0<1;1,0>:ud  {Compacted,I@7}  // $172
  mov (8|M0)  r24.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $179
  addc (8|M8)  r47.0<1>:ud  r75.0<1;1,0>:ud  r39.0<1;1,0>:ud  {AccWrEn}  // $181
  add (8|M8)  r43.0<1>:ud  r4.0<1;1,0>:ud  r85.0<1;1,0>:ud  {Compacted,I@7}  // $174
  mov (8|M8)  r25.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $181
  addc (8|M16)  r26.0<1>:ud  r78.0<1;1,0>:ud  r12.0<1;1,0>:ud  {AccWrEn}  // $183
  add (8|M16)  r44.0<1>:ud  r22.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@7}  // $176
  mov (8|M16)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $183
  addc (8|M24)  r27.0<1>:ud  r79.0<1;1,0>:ud  r13.0<1;1,0>:ud  {AccWrEn}  // $185
  add (8|M24)  r45.0<1>:ud  r23.0<1;1,0>:ud  r41.0<1;1,0>:ud  {Compacted,I@7}  // $178
  mov (8|M24)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $185
  addc (8|M0)  r22.0<1>:ud  r46.0<1;1,0>:ud  r42.0<1;1,0>:ud  {AccWrEn,Compacted,I@7} // $187
  add3 (8|M0)  acc2.0<1>:ud  r24.0<1;0>:ud  r9.0<0;0>:uw  r18.0<1>:ud  {I@7} // $180
  mov (8|M0)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $187
  addc (8|M8)  r23.0<1>:ud  r47.0<1;1,0>:ud  r43.0<1;1,0>:ud  {AccWrEn,I@7}  // $189
  add3 (8|M8)  r69.0<1>:ud  r25.0<1;0>:ud  r9.0<0;0>:uw  r19.0<1>:ud  {I@7} // $182
  mov (8|M8)  r24.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $189
  addc (8|M16)  r18.0<1>:ud  r26.0<1;1,0>:ud  r44.0<1;1,0>:ud  {AccWrEn,I@7}  // $191
  add3 (8|M16)  r70.0<1>:ud  r4.0<1;0>:ud  r9.0<0;0>:uw  r36.0<1>:ud  {I@7} // $184 R{} IR{}{E:1,E:2,E:9,},  {BC=1}
  mov (8|M16)  r25.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $191
  addc (8|M24)  r19.0<1>:ud  r27.0<1;1,0>:ud  r45.0<1;1,0>:ud  {AccWrEn,I@7}  // $193
  add3 (8|M24)  r71.0<1>:ud  r14.0<1;0>:ud  r9.0<0;0>:uw  r37.0<1>:ud  {I@7} // $186
  mov (8|M24)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $193
  mul (8|M0)  acc0.0<1>:ud  r54.0<1;1,0>:ud  r10.0<2;1,0>:uw  {$10.dst}  // $195
  mach (8|M0)  r12.0<1>:ud  r54.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add (8|M0)  r32.0<1>:ud  r15.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $188
  mov (8|M0)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r55.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $195
  mach (8|M8)  r13.0<1>:ud  r55.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $196
  add (8|M8)  r33.0<1>:ud  r24.0<1;1,0>:ud  r69.0<1;1,0>:ud  {Compacted}  // $190
  mov (8|M8)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $196
  mul (8|M16)  acc0.0<1>:ud  r62.0<1;1,0>:ud  r2.0<2;1,0>:uw  {$7.dst}  // $202
  mach (8|M16)  r24.0<1>:ud  r62.0<1;1,0>:ud  r2.0<1;1,0>:ud  {AccWrEn}  //
  add (8|M16)  r34.0<1>:ud  r25.0<1;1,0>:ud  r70.0<1;1,0>:ud  {Compacted}  // $192
  mov (8|M16)  r26.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r63.0<1;1,0>:ud  r3.0<2;1,0>:uw  // $202
  mach (8|M24)  r25.0<1>:ud  r63.0<1;1,0>:ud  r3.0<1;1,0>:ud  {AccWrEn}  // $203
  add (8|M24)  r35.0<1>:ud  r4.0<1;1,0>:ud  r71.0<1;1,0>:ud  {Compacted}  // $194
  mov (8|M24)  r27.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $203
  mul (8|M0)  acc0.0<1>:ud  r52.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $209
  mach (8|M0)  r44.0<1>:ud  r52.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M0)  r38.0<1>:f  r12.0<1;1,0>:f  {Compacted}  // $201
  mov (8|M0)  r46.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r53.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $209
  mach (8|M8)  r45.0<1>:ud  r53.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $210
  mov (16|M0)  r36.0<1>:f  r14.0<1;1,0>:f  {Compacted}  // $196
  mov (8|M8)  r47.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $210
  mul (8|M16)  acc0.0<1>:ud  r60.0<1;1,0>:ud  r2.0<2;1,0>:uw  // $216
  mach (8|M16)  r68.0<1>:ud  r60.0<1;1,0>:ud  r2.0<1;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r14.0<1>:f  r44.0<1;1,0>:f  {Compacted,A@4}  // $215
  mov (8|M16)  r70.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r61.0<1;1,0>:ud  r3.0<2;1,0>:uw  // $216
  mach (8|M24)  r69.0<1>:ud  r61.0<1;1,0>:ud  r3.0<1;1,0>:ud  {AccWrEn}  // $217
  mov (16|M0)  r12.0<1>:f  r46.0<1;1,0>:f  {Compacted,I@6}  // $210
  mov (8|M24)  r71.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $217
  mul (8|M0)  acc0.0<1>:ud  r54.0<1;1,0>:ud  r7.0<2;1,0>:uw  // $223
  mach (8|M0)  r72.0<1>:ud  r54.0<1;1,0>:ud  r7.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M16)  r42.0<1>:f  r24.0<1;1,0>:f  {Compacted}  // $208
  mov (8|M0)  r74.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r55.0<1;1,0>:ud  r8.0<2;1,0>:uw  // $223
  mach (8|M8)  r73.0<1>:ud  r55.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn}  // $224
  mov (16|M16)  r40.0<1>:f  r26.0<1;1,0>:f  {Compacted}  // $203
  mov (8|M8)  r75.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $224
  mul (8|M16)  acc0.0<1>:ud  r62.0<1;1,0>:ud  r20.0<2;1,0>:uw  // $230
  mach (8|M16)  r76.0<1>:ud  r62.0<1;1,0>:ud  r20.0<1;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r44.0<1>:f  r74.0<1;1,0>:f  {Compacted,A@3}  // $224
  mov (8|M16)  r78.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r63.0<1;1,0>:ud  r21.0<2;1,0>:uw  // $230
  mach (8|M24)  r77.0<1>:ud  r63.0<1;1,0>:ud  r21.0<1;1,0>:ud  {AccWrEn}  // $231
  mov (16|M16)  r24.0<1>:f  r70.0<1;1,0>:f  {Compacted}  // $217
  mov (8|M24)  r79.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $231
(W)  mul (8|M0)  acc0.0<1>:ud  r52.0<1;1,0>:ud  r7.0<2;1,0>:uw  // $237
  mach (8|M0)  r80.0<1>:d  r52.0<1;1,0>:ud  r7.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r53.0<1;1,0>:ud  r8.0<2;1,0>:uw  // $237
  mach (8|M8)  r81.0<1>:d  r53.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn}  // $241
(W)  mul (8|M0)  acc0.0<1>:ud  r60.0<1;1,0>:ud  r20.0<2;1,0>:uw  // $242
  mach (8|M16)  r74.0<1>:d  r60.0<1;1,0>:ud  r20.0<1;1,0>:ud  {AccWrEn,F@2}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r61.0<1;1,0>:ud  r21.0<2;1,0>:uw  // $242
  mach (8|M24)  r75.0<1>:d  r61.0<1;1,0>:ud  r21.0<1;1,0>:ud  {AccWrEn}  // $246
  addc (8|M0)  r84.0<1>:ud  r44.0<1;1,0>:ud  r12.0<1;1,0>:ud  {AccWrEn,Compacted} // $247
  mov (16|M16)  r26.0<1>:f  r68.0<1;1,0>:f  {Compacted}  // $222
  mov (8|M0)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $247
  mov (16|M16)  r68.0<1>:f  r78.0<1;1,0>:f  {Compacted,I@7}  // $231
  addc (8|M8)  r85.0<1>:ud  r45.0<1;1,0>:ud  r13.0<1;1,0>:ud  {AccWrEn}  // $249
  mov (16|M0)  r46.0<1>:f  r72.0<1;1,0>:f  {Compacted}  // $229
  mov (8|M8)  r78.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@2}  // $249
  addc (8|M16)  r86.0<1>:ud  r68.0<1;1,0>:ud  r24.0<1;1,0>:ud  {AccWrEn}  // $251
  mov (16|M0)  r72.0<1>:f  r80.0<1;1,0>:f  {Compacted,I@7}  // $241
  mov (8|M16)  r79.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $251
  addc (8|M24)  r87.0<1>:ud  r69.0<1;1,0>:ud  r25.0<1;1,0>:ud  {AccWrEn}  // $253
  mov (16|M16)  r82.0<1>:f  r74.0<1;1,0>:f  {Compacted,A@7}  // $246
  mov (8|M24)  r88.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $253
  addc (8|M0)  r74.0<1>:ud  r84.0<1;1,0>:ud  r72.0<1;1,0>:ud  {AccWrEn,Compacted,A@1} // $255
  mov (16|M16)  r70.0<1>:f  r76.0<1;1,0>:f  {Compacted}  // $236
  mov (8|M0)  r89.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $255
  addc (8|M8)  r75.0<1>:ud  r85.0<1;1,0>:ud  r73.0<1;1,0>:ud  {AccWrEn,I@7}  // $257
  add3 (8|M0)  acc2.0<1>:ud  r4.0<1;0>:ud  r9.0<0;0>:uw  r14.0<1>:ud  // $248
  mov (8|M8)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $257
  addc (8|M16)  r12.0<1>:ud  r86.0<1;1,0>:ud  r82.0<1;1,0>:ud  {AccWrEn,I@7}  // $259
  add3 (8|M8)  r77.0<1>:ud  r78.0<1;0>:ud  r9.0<0;0>:uw  r15.0<1>:ud  {F@1} // $250 R{} IR{}{O:3,E:2,O:3,},  {BC=1}
  mov (8|M16)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $259
  addc (8|M24)  r13.0<1>:ud  r87.0<1;1,0>:ud  r83.0<1;1,0>:ud  {AccWrEn,I@7}  // $261
  add3 (8|M16)  r80.0<1>:ud  r79.0<1;0>:ud  r9.0<0;0>:uw  r26.0<1>:ud  // $252
  mov (8|M24)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $261
  addc (8|M0)  r24.0<1>:ud  r46.0<1;1,0>:ud  r36.0<1;1,0>:ud  {AccWrEn,Compacted} // $263
  add3 (8|M24)  r81.0<1>:ud  r88.0<1;0>:ud  r9.0<0;0>:uw  r27.0<1>:ud  // $254
  mov (8|M0)  r26.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $263
  addc (8|M8)  r25.0<1>:ud  r47.0<1;1,0>:ud  r37.0<1;1,0>:ud  {AccWrEn}  // $265
  add (8|M0)  r90.0<1>:ud  r89.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $256
  mov (8|M8)  r27.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $265
  addc (8|M16)  r72.0<1>:ud  r70.0<1;1,0>:ud  r40.0<1;1,0>:ud  {AccWrEn}  // $267
  add (8|M8)  r91.0<1>:ud  r4.0<1;1,0>:ud  r77.0<1;1,0>:ud  {Compacted}  // $258
  mov (8|M16)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $267
  addc (8|M24)  r73.0<1>:ud  r71.0<1;1,0>:ud  r41.0<1;1,0>:ud  {AccWrEn}  // $269
  add (8|M16)  r44.0<1>:ud  r14.0<1;1,0>:ud  r80.0<1;1,0>:ud  {Compacted}  // $260
  mov (8|M24)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $269
  addc (8|M0)  r13.0<1>:ud  r24.0<1;1,0>:ud  r90.0<1;1,0>:ud  {AccWrEn,Compacted,I@7} // $271
  add (8|M24)  r45.0<1>:ud  r15.0<1;1,0>:ud  r81.0<1;1,0>:ud  {Compacted}  // $262
  mov (8|M0)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $271
  addc (8|M8)  r14.0<1>:ud  r25.0<1;1,0>:ud  r91.0<1;1,0>:ud  {AccWrEn,I@7}  // $273
  add3 (8|M0)  r68.0<1>:ud  r26.0<1;0>:ud  r9.0<0;0>:uw  r38.0<1>:ud  // $264
  mov (8|M8)  r26.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $273
  addc (8|M16)  r36.0<1>:ud  r72.0<1;1,0>:ud  r44.0<1;1,0>:ud  {AccWrEn,I@7}  // $275
  add3 (8|M8)  acc2.0<1>:ud  r27.0<1;0>:ud  r9.0<0;0>:uw  r39.0<1>:ud  // $266
  mov (8|M16)  r27.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $275
  addc (8|M24)  r37.0<1>:ud  r73.0<1;1,0>:ud  r45.0<1;1,0>:ud  {AccWrEn,I@7}  // $277
  add3 (8|M16)  r74.0<1>:ud  r4.0<1;0>:ud  r9.0<0;0>:uw  r42.0<1>:ud  // $268
  mov (8|M24)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $277
  mul (8|M0)  acc0.0<1>:ud  r7.0<1;1,0>:ud  r28.0<2;1,0>:uw  {$9.dst}  // $279
  mach (8|M0)  r40.0<1>:ud  r7.0<1;1,0>:ud  r28.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add3 (8|M24)  r75.0<1>:ud  r12.0<1;0>:ud  r9.0<0;0>:uw  r43.0<1>:ud  // $270
  mov (8|M0)  r42.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r8.0<1;1,0>:ud  r29.0<2;1,0>:uw  // $279
  mach (8|M8)  r41.0<1>:ud  r8.0<1;1,0>:ud  r29.0<1;1,0>:ud  {AccWrEn}  // $280
  add (8|M8)  r77.0<1>:ud  r26.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $274
  mov (8|M8)  r43.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $280
(W)  mul (8|M0)  acc0.0<1>:d  r7.0<1;1,0>:ud  r30.0<2;1,0>:uw  // $282
  mach (8|M0)  r26.0<1>:d  r7.0<1;1,0>:ud  r30.0<1;1,0>:d  // $282
(W)  mul (8|M8)  acc0.0<1>:d  r8.0<1;1,0>:ud  r31.0<2;1,0>:uw  // $282
  add (8|M16)  r38.0<1>:ud  r27.0<1;1,0>:ud  r74.0<1;1,0>:ud  {Compacted}  // $276
  mach (8|M8)  r27.0<1>:d  r8.0<1;1,0>:ud  r31.0<1;1,0>:d  // $283
(W)  mul (8|M0)  acc0.0<1>:d  r28.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $284
  add (16|M0)  r44.0<1>:d  r40.0<1;1,0>:d  r26.0<1;1,0>:d  {Compacted,I@2}  // $283
  mach (8|M0)  r26.0<1>:d  r28.0<1;1,0>:ud  r10.0<1;1,0>:d  // $284
(W)  mul (8|M8)  acc0.0<1>:d  r29.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $284
  mach (8|M8)  r27.0<1>:d  r29.0<1;1,0>:ud  r11.0<1;1,0>:d  // $285
  mul (8|M16)  acc0.0<1>:ud  r20.0<1;1,0>:ud  r64.0<2;1,0>:uw  {$8.dst}  // $286
  add (8|M0)  r76.0<1>:ud  r15.0<1;1,0>:ud  r68.0<1;1,0>:ud  {Compacted}  // $272
  mach (8|M16)  r68.0<1>:ud  r20.0<1;1,0>:ud  r64.0<1;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r24.0<1>:f  r42.0<1;1,0>:f  {Compacted}  // $280
  mov (8|M16)  r42.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M24)  acc0.0<1>:ud  r21.0<1;1,0>:ud  r65.0<2;1,0>:uw  // $286
  mach (8|M24)  r69.0<1>:ud  r21.0<1;1,0>:ud  r65.0<1;1,0>:ud  {AccWrEn}  // $287
  add (16|M0)  r46.0<1>:d  r44.0<1;1,0>:d  r26.0<1;1,0>:d  {Compacted,I@7}  // $285
  mov (8|M24)  r43.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $287
(W)  mul (8|M16)  acc0.0<1>:d  r20.0<1;1,0>:ud  r66.0<2;1,0>:uw  // $289
  mach (8|M16)  r40.0<1>:d  r20.0<1;1,0>:ud  r66.0<1;1,0>:d  // $289
(W)  mul (8|M24)  acc0.0<1>:d  r21.0<1;1,0>:ud  r67.0<2;1,0>:uw  // $289
  mach (8|M24)  r41.0<1>:d  r21.0<1;1,0>:ud  r67.0<1;1,0>:d  // $290
(W)  mul (8|M16)  acc0.0<1>:d  r64.0<1;1,0>:ud  r2.0<2;1,0>:uw  // $291
  add (16|M16)  r72.0<1>:d  r68.0<1;1,0>:d  r40.0<1;1,0>:d  {Compacted,I@2}  // $290
  mach (8|M16)  r40.0<1>:d  r64.0<1;1,0>:ud  r2.0<1;1,0>:d  // $291
(W)  mul (8|M24)  acc0.0<1>:d  r65.0<1;1,0>:ud  r3.0<2;1,0>:uw  // $291
  mach (8|M24)  r41.0<1>:d  r65.0<1;1,0>:ud  r3.0<1;1,0>:d  // $292
  mul (8|M0)  acc0.0<1>:ud  r30.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $293
  mach (8|M0)  r44.0<1>:ud  r30.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M16)  r70.0<1>:f  r42.0<1;1,0>:f  {Compacted}  // $287
  mov (8|M0)  r42.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r31.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $293
  mach (8|M8)  r45.0<1>:ud  r31.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $294
  add (8|M24)  r39.0<1>:ud  r4.0<1;1,0>:ud  r75.0<1;1,0>:ud  {Compacted}  // $278
  mov (8|M8)  r43.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $294
  mul (8|M16)  acc0.0<1>:ud  r66.0<1;1,0>:ud  r2.0<2;1,0>:uw  // $300 R{} IR{}{O:0,O:0,},  {BC=1}
  mach (8|M16)  r78.0<1>:ud  r66.0<1;1,0>:ud  r2.0<1;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r68.0<1>:f  r44.0<1;1,0>:f  {Compacted,A@5}  // $299
  mov (8|M16)  r80.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r67.0<1;1,0>:ud  r3.0<2;1,0>:uw  // $300 R{} IR{}{O:0,O:0,},  {BC=1}
  mach (8|M24)  r79.0<1>:ud  r67.0<1;1,0>:ud  r3.0<1;1,0>:ud  {AccWrEn}  // $301
  mov (16|M0)  r74.0<1>:f  r42.0<1;1,0>:f  {Compacted,I@6}  // $294
  mov (8|M24)  r81.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $301
  mul (8|M0)  acc0.0<1>:ud  r28.0<1;1,0>:ud  r10.0<2;1,0>:uw  // $307
  mach (8|M0)  r82.0<1>:ud  r28.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add (16|M16)  r26.0<1>:d  r72.0<1;1,0>:d  r40.0<1;1,0>:d  {Compacted}  // $292
  mov (8|M0)  r84.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r29.0<1;1,0>:ud  r11.0<2;1,0>:uw  // $307
  mach (8|M8)  r83.0<1>:ud  r29.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $308
  mov (16|M16)  r40.0<1>:f  r80.0<1;1,0>:f  {Compacted,A@4}  // $301
  mov (8|M8)  r85.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $308
  mul (8|M16)  acc0.0<1>:ud  r64.0<1;1,0>:ud  r2.0<2;1,0>:uw  // $314
  mach (8|M16)  r86.0<1>:ud  r64.0<1;1,0>:ud  r2.0<1;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r44.0<1>:f  r82.0<1;1,0>:f  {Compacted,I@4}  // $313
  mov (8|M16)  r88.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r65.0<1;1,0>:ud  r3.0<2;1,0>:uw  // $314
  mach (8|M24)  r87.0<1>:ud  r65.0<1;1,0>:ud  r3.0<1;1,0>:ud  {AccWrEn}  // $315
  mov (16|M0)  r42.0<1>:f  r84.0<1;1,0>:f  {Compacted,I@6}  // $308
  mov (8|M24)  r89.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $315
  mul (8|M0)  acc0.0<1>:ud  r30.0<1;1,0>:ud  r7.0<2;1,0>:uw  // $321
  mach (8|M0)  r90.0<1>:ud  r30.0<1;1,0>:ud  r7.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M16)  r72.0<1>:f  r78.0<1;1,0>:f  {Compacted}  // $306
  mov (8|M0)  r92.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r31.0<1;1,0>:ud  r8.0<2;1,0>:uw  // $321
  mach (8|M8)  r91.0<1>:ud  r31.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn}  // $322
  mov (16|M16)  r80.0<1>:f  r86.0<1;1,0>:f  {Compacted,A@7}  // $320
  mov (8|M8)  r93.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $322
  mul (8|M16)  acc0.0<1>:ud  r66.0<1;1,0>:ud  r20.0<2;1,0>:uw  // $328
  mach (8|M16)  r94.0<1>:ud  r66.0<1;1,0>:ud  r20.0<1;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r82.0<1>:f  r92.0<1;1,0>:f  {Compacted,A@3}  // $322
  mov (8|M16)  r96.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r67.0<1;1,0>:ud  r21.0<2;1,0>:uw  // $328
  mach (8|M24)  r95.0<1>:ud  r67.0<1;1,0>:ud  r21.0<1;1,0>:ud  {AccWrEn}  // $329
  mov (16|M16)  r78.0<1>:f  r88.0<1;1,0>:f  {Compacted}  // $315
  mov (8|M24)  r97.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $329
(W)  mul (8|M0)  acc0.0<1>:ud  r28.0<1;1,0>:ud  r7.0<2;1,0>:uw  // $335
  mach (8|M0)  r98.0<1>:d  r28.0<1;1,0>:ud  r7.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r29.0<1;1,0>:ud  r8.0<2;1,0>:uw  // $335
  mach (8|M8)  r99.0<1>:d  r29.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn}  // $339
(W)  mul (8|M0)  acc0.0<1>:ud  r64.0<1;1,0>:ud  r20.0<2;1,0>:uw  // $340
  mach (8|M16)  r92.0<1>:d  r64.0<1;1,0>:ud  r20.0<1;1,0>:ud  {AccWrEn,F@2}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r65.0<1;1,0>:ud  r21.0<2;1,0>:uw  // $340
  mach (8|M24)  r93.0<1>:d  r65.0<1;1,0>:ud  r21.0<1;1,0>:ud  {AccWrEn}  // $344
  addc (8|M0)  r102.0<1>:ud  r82.0<1;1,0>:ud  r42.0<1;1,0>:ud  {AccWrEn,Compacted} // $345
  mov (16|M16)  r86.0<1>:f  r96.0<1;1,0>:f  {Compacted,I@7}  // $329
  mov (8|M0)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $345
  addc (8|M8)  r103.0<1>:ud  r83.0<1;1,0>:ud  r43.0<1;1,0>:ud  {AccWrEn}  // $347
  mov (16|M0)  r84.0<1>:f  r90.0<1;1,0>:f  {Compacted}  // $327
  mov (8|M8)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $347
  addc (8|M16)  r96.0<1>:ud  r86.0<1;1,0>:ud  r78.0<1;1,0>:ud  {AccWrEn,F@2}  // $349
  mov (16|M0)  r90.0<1>:f  r98.0<1;1,0>:f  {Compacted,I@7}  // $339
  mov (8|M16)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $349
  addc (8|M24)  r97.0<1>:ud  r87.0<1;1,0>:ud  r79.0<1;1,0>:ud  {AccWrEn}  // $351
  mov (16|M16)  r100.0<1>:f  r92.0<1;1,0>:f  {Compacted,A@7}  // $344
  mov (8|M24)  r104.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $351
  addc (8|M0)  r92.0<1>:ud  r102.0<1;1,0>:ud  r90.0<1;1,0>:ud  {AccWrEn,Compacted,A@1} // $353
(W)  mov (1|M0)  r9.0<1>:hf  0x0:hf  // $346
  mov (8|M0)  r105.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $353
  addc (8|M8)  r93.0<1>:ud  r103.0<1;1,0>:ud  r91.0<1;1,0>:ud  {AccWrEn,I@7}  // $355
  mov (16|M16)  r88.0<1>:f  r94.0<1;1,0>:f  {Compacted}  // $334
  add3 (8|M0)  acc2.0<1>:ud  r4.0<1;0>:ud  r9.0<0;0>:uw  r44.0<1>:ud  {F@2} // $346 R{} IR{}{E:1,E:2,E:11,},  {BC=1}
  mov (8|M8)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $355
  addc (8|M16)  r42.0<1>:ud  r96.0<1;1,0>:ud  r100.0<1;1,0>:ud {AccWrEn,I@7}  // $357
  add3 (8|M8)  r95.0<1>:ud  r12.0<1;0>:ud  r9.0<0;0>:uw  r45.0<1>:ud  {F@1} // $348 R{} IR{}{E:3,E:2,E:11,},  {BC=1}
  mov (8|M16)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $357
  addc (8|M24)  r43.0<1>:ud  r97.0<1;1,0>:ud  r101.0<1;1,0>:ud {AccWrEn,I@7}  // $359
  add3 (8|M16)  r98.0<1>:ud  r15.0<1;0>:ud  r9.0<0;0>:uw  r80.0<1>:ud  // $350
  mov (8|M24)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $359
  addc (8|M0)  r78.0<1>:ud  r84.0<1;1,0>:ud  r74.0<1;1,0>:ud  {AccWrEn,Compacted} // $361
  add (8|M0)  r106.0<1>:ud  r105.0<1;1,0>:ud  acc2.0<1;1,0>:ud {I@7}  // $354
  mov (8|M0)  r80.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $361
  addc (8|M8)  r79.0<1>:ud  r85.0<1;1,0>:ud  r75.0<1;1,0>:ud  {AccWrEn}  // $363
  add (8|M8)  r107.0<1>:ud  r4.0<1;1,0>:ud  r95.0<1;1,0>:ud  {Compacted,I@7}  // $356
  mov (8|M8)  r83.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $363
  addc (8|M16)  r86.0<1>:ud  r88.0<1;1,0>:ud  r40.0<1;1,0>:ud  {AccWrEn}  // $365
  add3 (8|M24)  acc2.0<1>:ud  r104.0<1;0>:ud  r9.0<0;0>:uw  r81.0<1>:ud  // $352 R{} IR{}{E:10,E:2,E:4,},  {BC=1}
  mov (8|M16)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $365
  addc (8|M24)  r87.0<1>:ud  r89.0<1;1,0>:ud  r41.0<1;1,0>:ud  {AccWrEn}  // $367
  add (8|M16)  r44.0<1>:ud  r12.0<1;1,0>:ud  r98.0<1;1,0>:ud  {Compacted}  // $358
  mov (8|M24)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $367
  addc (8|M0)  r42.0<1>:ud  r78.0<1;1,0>:ud  r106.0<1;1,0>:ud {AccWrEn,Compacted,I@7} // $369
  add (8|M24)  r45.0<1>:ud  r15.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $360
  mov (8|M0)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $369
  addc (8|M8)  r43.0<1>:ud  r79.0<1;1,0>:ud  r107.0<1;1,0>:ud {AccWrEn,I@7}  // $371
  add3 (8|M0)  r81.0<1>:ud  r80.0<1;0>:ud  r9.0<0;0>:uw  r68.0<1>:ud  // $362 R{} IR{}{E:4,E:2,E:1,},  {BC=1}
  mov (8|M8)  r74.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $371
  addc (8|M16)  r68.0<1>:ud  r86.0<1;1,0>:ud  r44.0<1;1,0>:ud  {AccWrEn,I@7}  // $373
  add3 (8|M8)  acc2.0<1>:ud  r83.0<1;0>:ud  r9.0<0;0>:uw  r69.0<1>:ud  // $364
  mov (8|M16)  r75.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $373
  addc (8|M24)  r69.0<1>:ud  r87.0<1;1,0>:ud  r45.0<1;1,0>:ud  {AccWrEn,I@7}  // $375
  add3 (8|M16)  r90.0<1>:ud  r4.0<1;0>:ud  r9.0<0;0>:uw  r72.0<1>:ud  // $366 R{} IR{}{E:1,E:2,E:2,},  {BC=1}
  mov (8|M24)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $375
  mul (8|M0)  acc0.0<1>:ud  r22.0<1;1,0>:ud  r52.0<2;1,0>:uw  // $377
  mach (8|M0)  r40.0<1>:ud  r22.0<1;1,0>:ud  r52.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add3 (8|M24)  r91.0<1>:ud  r12.0<1;0>:ud  r9.0<0;0>:uw  r73.0<1>:ud  // $368 R{} IR{}{E:3,E:2,E:2,},  {BC=1}
  mov (8|M0)  r72.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r23.0<1;1,0>:ud  r53.0<2;1,0>:uw  // $377
  mach (8|M8)  r41.0<1>:ud  r23.0<1;1,0>:ud  r53.0<1;1,0>:ud  {AccWrEn}  // $378
  add (8|M8)  r93.0<1>:ud  r74.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $372
  mov (8|M8)  r73.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $378
(W)  mul (8|M0)  acc0.0<1>:d  r22.0<1;1,0>:ud  r54.0<2;1,0>:uw  // $380
  mach (8|M0)  r74.0<1>:d  r22.0<1;1,0>:ud  r54.0<1;1,0>:d  // $380
(W)  mul (8|M8)  acc0.0<1>:d  r23.0<1;1,0>:ud  r55.0<2;1,0>:uw  // $380
  add (8|M16)  r83.0<1>:ud  r75.0<1;1,0>:ud  r90.0<1;1,0>:ud  {Compacted}  // $374
  mach (8|M8)  r75.0<1>:d  r23.0<1;1,0>:ud  r55.0<1;1,0>:d  // $381
(W)  mul (8|M0)  acc0.0<1>:d  r52.0<1;1,0>:ud  r32.0<2;1,0>:uw  // $382
  add (16|M0)  r44.0<1>:d  r40.0<1;1,0>:d  r74.0<1;1,0>:d  {Compacted,I@2}  // $381
  mach (8|M0)  r74.0<1>:d  r52.0<1;1,0>:ud  r32.0<1;1,0>:d  // $382
(W)  mul (8|M8)  acc0.0<1>:d  r53.0<1;1,0>:ud  r33.0<2;1,0>:uw  // $382
  mach (8|M8)  r75.0<1>:d  r53.0<1;1,0>:ud  r33.0<1;1,0>:d  // $383
  mul (8|M16)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r60.0<2;1,0>:uw  // $384
  mach (8|M16)  r85.0<1>:ud  r18.0<1;1,0>:ud  r60.0<1;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r78.0<1>:f  r72.0<1;1,0>:f  {Compacted}  // $378
  mov (8|M16)  r72.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M24)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r61.0<2;1,0>:uw  // $384
  mach (8|M24)  r86.0<1>:ud  r19.0<1;1,0>:ud  r61.0<1;1,0>:ud  {AccWrEn}  // $385
  add (8|M0)  r92.0<1>:ud  r15.0<1;1,0>:ud  r81.0<1;1,0>:ud  {Compacted}  // $370
  mov (8|M24)  r73.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $385
(W)  mul (8|M16)  acc0.0<1>:d  r18.0<1;1,0>:ud  r62.0<2;1,0>:uw  // $387
  mach (8|M16)  r40.0<1>:d  r18.0<1;1,0>:ud  r62.0<1;1,0>:d  // $387
(W)  mul (8|M24)  acc0.0<1>:d  r19.0<1;1,0>:ud  r63.0<2;1,0>:uw  // $387
  mach (8|M24)  r41.0<1>:d  r19.0<1;1,0>:ud  r63.0<1;1,0>:d  // $388
(W)  mul (8|M16)  acc0.0<1>:d  r60.0<1;1,0>:ud  r34.0<2;1,0>:uw  // $389
  add (16|M16)  r89.0<1>:d  r85.0<1;1,0>:d  r40.0<1;1,0>:d  {Compacted,I@2}  // $388
  mach (8|M16)  r40.0<1>:d  r60.0<1;1,0>:ud  r34.0<1;1,0>:d  // $389
(W)  mul (8|M24)  acc0.0<1>:d  r61.0<1;1,0>:ud  r35.0<2;1,0>:uw  // $389
  mach (8|M24)  r41.0<1>:d  r61.0<1;1,0>:ud  r35.0<1;1,0>:d  // $390
  mul (8|M0)  acc0.0<1>:ud  r54.0<1;1,0>:ud  r32.0<2;1,0>:uw  // $391
  add (16|M0)  r80.0<1>:d  r44.0<1;1,0>:d  r74.0<1;1,0>:d  {Compacted}  // $383
  mach (8|M0)  r74.0<1>:ud  r54.0<1;1,0>:ud  r32.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M16)  r87.0<1>:f  r72.0<1;1,0>:f  {Compacted}  // $385
  mov (8|M0)  r72.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted,F@1}  //
  mul (8|M8)  acc0.0<1>:ud  r55.0<1;1,0>:ud  r33.0<2;1,0>:uw  // $391
  mach (8|M8)  r75.0<1>:ud  r55.0<1;1,0>:ud  r33.0<1;1,0>:ud  {AccWrEn}  // $392
  add (8|M24)  r84.0<1>:ud  r4.0<1;1,0>:ud  r91.0<1;1,0>:ud  {Compacted}  // $376
  mov (8|M8)  r73.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $392
  mul (8|M16)  acc0.0<1>:ud  r62.0<1;1,0>:ud  r34.0<2;1,0>:uw  // $398
  mach (8|M16)  r96.0<1>:ud  r62.0<1;1,0>:ud  r34.0<1;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r85.0<1>:f  r74.0<1;1,0>:f  {Compacted,A@5}  // $397
  mov (8|M16)  r98.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r63.0<1;1,0>:ud  r35.0<2;1,0>:uw  // $398
  mach (8|M24)  r97.0<1>:ud  r63.0<1;1,0>:ud  r35.0<1;1,0>:ud  {AccWrEn}  // $399
  mov (16|M0)  r94.0<1>:f  r72.0<1;1,0>:f  {Compacted,I@6}  // $392
  mov (8|M24)  r99.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $399
  mul (8|M0)  acc0.0<1>:ud  r52.0<1;1,0>:ud  r32.0<2;1,0>:uw  // $405
  mach (8|M0)  r100.0<1>:ud  r52.0<1;1,0>:ud  r32.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add (16|M16)  r44.0<1>:d  r89.0<1;1,0>:d  r40.0<1;1,0>:d  {Compacted}  // $390
  mov (8|M0)  r102.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r53.0<1;1,0>:ud  r33.0<2;1,0>:uw  // $405
  mach (8|M8)  r101.0<1>:ud  r53.0<1;1,0>:ud  r33.0<1;1,0>:ud  {AccWrEn}  // $406
  mov (16|M16)  r40.0<1>:f  r98.0<1;1,0>:f  {Compacted,A@4}  // $399
  mov (8|M8)  r103.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $406
  mul (8|M16)  acc0.0<1>:ud  r60.0<1;1,0>:ud  r34.0<2;1,0>:uw  // $412
  mach (8|M16)  r104.0<1>:ud  r60.0<1;1,0>:ud  r34.0<1;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r74.0<1>:f  r100.0<1;1,0>:f  {Compacted,I@4}  // $411
  mov (8|M16)  r106.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r61.0<1;1,0>:ud  r35.0<2;1,0>:uw  // $412
  mach (8|M24)  r105.0<1>:ud  r61.0<1;1,0>:ud  r35.0<1;1,0>:ud  {AccWrEn}  // $413
  mov (16|M0)  r72.0<1>:f  r102.0<1;1,0>:f  {Compacted,I@6}  // $406
  mov (8|M24)  r107.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $413
  mul (8|M0)  acc0.0<1>:ud  r54.0<1;1,0>:ud  r22.0<2;1,0>:uw  // $419
  mach (8|M0)  r108.0<1>:ud  r54.0<1;1,0>:ud  r22.0<1;1,0>:ud  {AccWrEn,Compacted} //
  mov (16|M16)  r89.0<1>:f  r96.0<1;1,0>:f  {Compacted}  // $404
  mov (8|M0)  r110.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r55.0<1;1,0>:ud  r23.0<2;1,0>:uw  // $419
  mach (8|M8)  r109.0<1>:ud  r55.0<1;1,0>:ud  r23.0<1;1,0>:ud  {AccWrEn}  // $420
  mov (16|M16)  r98.0<1>:f  r104.0<1;1,0>:f  {Compacted,A@7}  // $418
  mov (8|M8)  r111.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $420
  mul (8|M16)  acc0.0<1>:ud  r62.0<1;1,0>:ud  r18.0<2;1,0>:uw  // $426
  mach (8|M16)  r112.0<1>:ud  r62.0<1;1,0>:ud  r18.0<1;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r100.0<1>:f  r110.0<1;1,0>:f  {Compacted,A@3}  // $420
  mov (8|M16)  r114.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r63.0<1;1,0>:ud  r19.0<2;1,0>:uw  // $426
  mach (8|M24)  r113.0<1>:ud  r63.0<1;1,0>:ud  r19.0<1;1,0>:ud  {AccWrEn}  // $427
  mov (16|M16)  r96.0<1>:f  r106.0<1;1,0>:f  {Compacted}  // $413
  mov (8|M24)  r115.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $427
(W)  mul (8|M0)  acc0.0<1>:ud  r52.0<1;1,0>:ud  r22.0<2;1,0>:uw  // $433
  mach (8|M0)  r116.0<1>:d  r52.0<1;1,0>:ud  r22.0<1;1,0>:ud  {AccWrEn}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r53.0<1;1,0>:ud  r23.0<2;1,0>:uw  // $433
  mach (8|M8)  r117.0<1>:d  r53.0<1;1,0>:ud  r23.0<1;1,0>:ud  {AccWrEn}  // $437
(W)  mul (8|M0)  acc0.0<1>:ud  r60.0<1;1,0>:ud  r18.0<2;1,0>:uw  // $438
  mach (8|M16)  r110.0<1>:d  r60.0<1;1,0>:ud  r18.0<1;1,0>:ud  {AccWrEn,F@2}  //
(W)  mul (8|M0)  acc0.0<1>:ud  r61.0<1;1,0>:ud  r19.0<2;1,0>:uw  // $438
  mach (8|M24)  r111.0<1>:d  r61.0<1;1,0>:ud  r19.0<1;1,0>:ud  {AccWrEn}  // $442
  addc (8|M0)  r120.0<1>:ud  r100.0<1;1,0>:ud  r72.0<1;1,0>:ud  {AccWrEn,Compacted} // $443
  mov (16|M16)  r104.0<1>:f  r114.0<1;1,0>:f  {Compacted,I@7}  // $427
  mov (8|M0)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $443
  addc (8|M8)  r121.0<1>:ud  r101.0<1;1,0>:ud  r73.0<1;1,0>:ud  {AccWrEn}  // $445
  mov (16|M0)  r102.0<1>:f  r108.0<1;1,0>:f  {Compacted}  // $425
  mov (8|M8)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $445
  addc (8|M16)  r114.0<1>:ud  r104.0<1;1,0>:ud  r96.0<1;1,0>:ud  {AccWrEn,F@2}  // $447
  mov (16|M0)  r108.0<1>:f  r116.0<1;1,0>:f  {Compacted,I@7}  // $437
  mov (8|M16)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $447
  addc (8|M24)  r115.0<1>:ud  r105.0<1;1,0>:ud  r97.0<1;1,0>:ud  {AccWrEn}  // $449
  mov (16|M16)  r118.0<1>:f  r110.0<1;1,0>:f  {Compacted,A@7}  // $442
  mov (8|M24)  r82.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $449
  addc (8|M0)  r110.0<1>:ud  r120.0<1;1,0>:ud  r108.0<1;1,0>:ud {AccWrEn,Compacted,A@1} // $451
  mov (16|M16)  r106.0<1>:f  r112.0<1;1,0>:f  {Compacted}  // $432
  mov (8|M0)  r91.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $451
  addc (8|M8)  r111.0<1>:ud  r121.0<1;1,0>:ud  r109.0<1;1,0>:ud {AccWrEn,I@7}  // $453
  add3 (8|M0)  acc2.0<1>:ud  r4.0<1;0>:ud  r9.0<0;0>:uw  r74.0<1>:ud  // $444
  mov (8|M8)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $453
  addc (8|M16)  r72.0<1>:ud  r114.0<1;1,0>:ud  r118.0<1;1,0>:ud {AccWrEn,I@7}  // $455
  add3 (8|M8)  r113.0<1>:ud  r12.0<1;0>:ud  r9.0<0;0>:uw  r75.0<1>:ud  {F@1} // $446
  mov (8|M16)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $455
  addc (8|M24)  r73.0<1>:ud  r115.0<1;1,0>:ud  r119.0<1;1,0>:ud {AccWrEn,I@7}  // $457
  add3 (8|M16)  r116.0<1>:ud  r15.0<1;0>:ud  r9.0<0;0>:uw  r98.0<1>:ud  // $448
  mov (8|M24)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $457
  addc (8|M0)  r96.0<1>:ud  r102.0<1;1,0>:ud  r94.0<1;1,0>:ud  {AccWrEn,Compacted} // $459
  add3 (8|M24)  r117.0<1>:ud  r82.0<1;0>:ud  r9.0<0;0>:uw  r99.0<1>:ud  // $450
  mov (8|M0)  r82.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $459
  addc (8|M8)  r97.0<1>:ud  r103.0<1;1,0>:ud  r95.0<1;1,0>:ud  {AccWrEn}  // $461
  add (8|M0)  r122.0<1>:ud  r91.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $452
  mov (8|M8)  r91.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $461
  addc (8|M16)  r100.0<1>:ud  r106.0<1;1,0>:ud  r40.0<1;1,0>:ud  {AccWrEn}  // $463
  add (8|M8)  r123.0<1>:ud  r4.0<1;1,0>:ud  r113.0<1;1,0>:ud {Compacted}  // $454
  mov (8|M16)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $463
  addc (8|M24)  r101.0<1>:ud  r107.0<1;1,0>:ud  r41.0<1;1,0>:ud  {AccWrEn}  // $465
  add (8|M16)  r74.0<1>:ud  r12.0<1;1,0>:ud  r116.0<1;1,0>:ud {Compacted}  // $456
  mov (8|M24)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $465
  addc (8|M0)  r72.0<1>:ud  r96.0<1;1,0>:ud  r122.0<1;1,0>:ud {AccWrEn,Compacted,I@7} // $467
  add (8|M24)  r75.0<1>:ud  r15.0<1;1,0>:ud  r117.0<1;1,0>:ud {Compacted}  // $458
  mov (8|M0)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $467
  addc (8|M8)  r73.0<1>:ud  r97.0<1;1,0>:ud  r123.0<1;1,0>:ud {AccWrEn,I@7}  // $469
  add3 (8|M0)  acc2.0<1>:ud  r82.0<1;0>:ud  r9.0<0;0>:uw  r85.0<1>:ud  // $460
  mov (8|M8)  r82.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $469
  addc (8|M16)  r85.0<1>:ud  r100.0<1;1,0>:ud  r74.0<1;1,0>:ud  {AccWrEn,I@7}  // $471
  add3 (8|M8)  r99.0<1>:ud  r91.0<1;0>:ud  r9.0<0;0>:uw  r86.0<1>:ud  // $462
  mov (8|M16)  r91.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $471
  addc (8|M24)  r86.0<1>:ud  r101.0<1;1,0>:ud  r75.0<1;1,0>:ud  {AccWrEn,I@7}  // $473
  add3 (8|M16)  r104.0<1>:ud  r4.0<1;0>:ud  r9.0<0;0>:uw  r89.0<1>:ud  // $464 R{} IR{}{E:1,E:2,E:6,},  {BC=1}
  mov (8|M24)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $473
  addc (8|M0)  r40.0<1>:ud  r24.0<1;1,0>:ud  r78.0<1;1,0>:ud  {AccWrEn,Compacted} // $475
  add3 (8|M24)  r105.0<1>:ud  r12.0<1;0>:ud  r9.0<0;0>:uw  r90.0<1>:ud  // $466
  mov (8|M0)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $475
  addc (8|M8)  r41.0<1>:ud  r25.0<1;1,0>:ud  r79.0<1;1,0>:ud  {AccWrEn}  // $477
  add (8|M0)  r108.0<1>:ud  r15.0<1;1,0>:ud  acc2.0<1;1,0>:ud  // $468
  mov (8|M8)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $477
  cmp (16|M0)  (lt)f0.0  null<1>:d  r40.0<1;1,0>:ud  r24.0<1;1,0>:ud  {I@3}  // $483
  addc (8|M16)  r96.0<1>:ud  r70.0<1;1,0>:ud  r87.0<1;1,0>:ud  {AccWrEn}  // $479
  add (8|M8)  r109.0<1>:ud  r82.0<1;1,0>:ud  r99.0<1;1,0>:ud  {Compacted}  // $470
  add3 (8|M0)  r89.0<1>:ud  r12.0<1;0>:ud  r46.0<1;0>:ud  r80.0<1>:ud  // $476
  add3 (8|M8)  r90.0<1>:ud  r15.0<1;0>:ud  r47.0<1;0>:ud  r81.0<1>:ud  {I@5} // $478
  mov (8|M16)  r82.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $479
  addc (8|M24)  r97.0<1>:ud  r71.0<1;1,0>:ud  r88.0<1;1,0>:ud  {AccWrEn}  // $481
(f0.0)  cmp (16|M0)  (eq)f0.0  null<1>:d  r89.0<1;1,0>:d  r46.0<1;1,0>:d  {I@3}  // $485
  mov (8|M24)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $481
  cmp (16|M16)  (lt)f0.0  null<1>:d  r96.0<1;1,0>:ud  r70.0<1;1,0>:ud  {I@3}  // $484
  add3 (8|M16)  r98.0<1>:ud  r82.0<1;0>:ud  r26.0<1;0>:ud  r44.0<1>:ud  // $480
  add3 (8|M24)  r99.0<1>:ud  acc0.0<1;0>:ud  r27.0<1;0>:ud  r45.0<1>:ud  // $482
  not (16|M0)  r70.0<1>:d  r40.0<1;1,0>:d  // $503
(~f0.0) cmp (16|M0)  (lt)f0.0  null<1>:d  r89.0<1;1,0>:ud  r46.0<1;1,0>:ud  // $489
(f0.0)  cmp (16|M16)  (eq)f0.0  null<1>:d  r98.0<1;1,0>:d  r26.0<1;1,0>:d  {I@3}  // $487
  cmp (16|M0)  (gt)f1.0  null<1>:d  r13.0<1;1,0>:ud  r70.0<1;1,0>:ud  {I@3}  // $507
  add (8|M24)  r95.0<1>:ud  r4.0<1;1,0>:ud  r105.0<1;1,0>:ud {Compacted}  // $474
  not (16|M0)  r100.0<1>:d  r89.0<1;1,0>:d  // $505
  not (16|M16)  r74.0<1>:d  r96.0<1;1,0>:d  // $504
(W)  mov (1|M0)  r4.0<1>:hf  0xFFFF:hf  {I@3}  // $493
(~f0.0) cmp (16|M16)  (lt)f0.0  null<1>:d  r98.0<1;1,0>:ud  r26.0<1;1,0>:ud  // $491
(W)  mov (1|M0)  r4.1<1>:f  0x0:f  {Compacted}  //  (0x00000000:f); $495
(f1.0)  cmp (16|M0)  (eq)f1.0  null<1>:d  r76.0<1;1,0>:d  r100.0<1;1,0>:d  {I@3}  // $509
  cmp (16|M16)  (gt)f1.0  null<1>:d  r36.0<1;1,0>:ud  r74.0<1;1,0>:ud  {I@3}  // $508
(f0.0)  sel (16|M0)  r78.0<1>:d  r4.0<0;1,0>:w  0:w  {F@2}  // $493
  not (16|M16)  r102.0<1>:d  r98.0<1;1,0>:d  // $506
  subb (8|M0)  r87.0<1>:ud  r4.1<0;1,0>:ud  r78.0<1;1,0>:ud  {AccWrEn,Compacted,A@1} // $495
(f0.0)  sel (16|M16)  r80.0<1>:d  r4.0<0;1,0>:w  0:w  // $494
(~f1.0) cmp (16|M0)  (gt)f1.0  null<1>:d  r76.0<1;1,0>:ud  r100.0<1;1,0>:ud  // $513
(f1.0)  cmp (16|M16)  (eq)f1.0  null<1>:d  r38.0<1;1,0>:d  r102.0<1;1,0>:d  {I@4}  // $511 R{} IR{}{O:9,O:9,},  R{} IR{}{O:9,O:9,},  {BC=2}
  mov (8|M0)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $495
  subb (8|M8)  r88.0<1>:ud  r4.1<0;1,0>:ud  r79.0<1;1,0>:ud  {AccWrEn}  // $497
  add3 (8|M0)  r24.0<1>:ud  -r12.0<1;0>:ud  r9.0<0;0>:uw  -r78.0<1>:ud  {I@2} // $496
  mov (8|M8)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $497
  subb (8|M16)  r44.0<1>:ud  r4.1<0;1,0>:ud  r80.0<1;1,0>:ud  {AccWrEn}  // $499
(~f1.0) cmp (16|M16)  (gt)f1.0  null<1>:d  r38.0<1;1,0>:ud  r102.0<1;1,0>:ud  // $515 R{} IR{}{O:9,O:9,},  R{} IR{}{O:9,O:9,},  {BC=2}
  add3 (8|M8)  r25.0<1>:ud  -r15.0<1;0>:ud  r9.0<0;0>:uw  -r79.0<1>:ud  {I@3} // $498 R{} IR{}{O:3,E:2,O:3,},  {BC=1}
  mov (8|M16)  r26.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $499
(f1.0)  sel (16|M0)  r78.0<1>:d  r4.0<0;1,0>:w  0:w  // $517
  subb (8|M24)  r45.0<1>:ud  r4.1<0;1,0>:ud  r81.0<1;1,0>:ud  {AccWrEn}  // $501
  add3 (8|M16)  acc2.0<1>:ud  -r26.0<1;0>:ud  r9.0<0;0>:uw  -r80.0<1>:ud  {I@3} // $500
  mov (8|M24)  r27.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $501
  subb (8|M0)  r80.0<1>:ud  r4.1<0;1,0>:ud  r78.0<1;1,0>:ud  {AccWrEn,Compacted,I@4} // $519
  add3 (8|M24)  r47.0<1>:ud  -r27.0<1;0>:ud  r9.0<0;0>:uw  -r81.0<1>:ud  {I@2} // $502
(f1.0)  sel (16|M16)  r26.0<1>:d  r4.0<0;1,0>:w  0:w  // $518
  mov (8|M0)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $519
  subb (8|M8)  r81.0<1>:ud  r4.1<0;1,0>:ud  r79.0<1;1,0>:ud  {AccWrEn}  // $521
(W)  mov (1|M0)  r9.0<1>:hf  0x0:hf  {I@4}  // $520
  mov (8|M8)  r13.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $521
  subb (8|M16)  r14.0<1>:ud  r4.1<0;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,I@4}  // $523
  add3 (8|M0)  r40.0<1>:ud  -r12.0<1;0>:ud  r9.0<0;0>:uw  -r78.0<1>:ud  {A@1} // $520
  mov (8|M16)  r36.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $523
  subb (8|M24)  r15.0<1>:ud  r4.1<0;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn}  // $525
  add3 (8|M8)  r41.0<1>:ud  -r13.0<1;0>:ud  r9.0<0;0>:uw  -r79.0<1>:ud  {I@5} // $522
  mov (8|M24)  r39.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $525
  addc (8|M0)  r70.0<1>:ud  r87.0<1;1,0>:ud  r80.0<1;1,0>:ud  {AccWrEn,Compacted} // $527
  add3 (8|M16)  r37.0<1>:ud  -r36.0<1;0>:ud  r9.0<0;0>:uw  -r26.0<1>:ud  {I@5} // $524
  mov (8|M0)  r74.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $527
  addc (8|M8)  r71.0<1>:ud  r88.0<1;1,0>:ud  r81.0<1;1,0>:ud  {AccWrEn}  // $529
  add3 (8|M24)  r38.0<1>:ud  -r39.0<1;0>:ud  r9.0<0;0>:uw  -r27.0<1>:ud  {I@5} // $526
  mov (8|M8)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $529
  addc (8|M16)  r77.0<1>:ud  r44.0<1;1,0>:ud  r14.0<1;1,0>:ud  {AccWrEn}  // $531
  add3 (8|M8)  r76.0<1>:ud  r12.0<1;0>:ud  r25.0<1;0>:ud  r41.0<1>:ud  {I@2} // $530 R{} IR{}{E:3,E:6,E:10,},  {BC=1}
  mov (8|M16)  r13.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $531
  addc (8|M24)  r78.0<1>:ud  r45.0<1;1,0>:ud  r15.0<1;1,0>:ud  {AccWrEn}  // $533
  add3 (8|M16)  r89.0<1>:ud  r13.0<1;0>:ud  acc2.0<1;0>:ud  r37.0<1>:ud  {I@2} // $532
  mov (8|M24)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $533
  mul (8|M0)  acc0.0<1>:ud  r22.0<1;1,0>:ud  r28.0<2;1,0>:uw  // $535
  mach (8|M0)  r26.0<1>:ud  r22.0<1;1,0>:ud  r28.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add3 (8|M24)  r90.0<1>:ud  r4.0<1;0>:ud  r47.0<1;0>:ud  r38.0<1>:ud  {I@3} // $534
  mov (8|M0)  r96.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r23.0<1;1,0>:ud  r29.0<2;1,0>:uw  // $535
  mach (8|M8)  r27.0<1>:ud  r23.0<1;1,0>:ud  r29.0<1;1,0>:ud  {AccWrEn}  // $536
  add3 (8|M0)  r75.0<1>:ud  r74.0<1;0>:ud  r24.0<1;0>:ud  r40.0<1>:ud  // $528
  mov (8|M8)  r97.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $536
(W)  mul (8|M0)  acc0.0<1>:d  r22.0<1;1,0>:ud  r30.0<2;1,0>:uw  // $538
  mach (8|M0)  r12.0<1>:d  r22.0<1;1,0>:ud  r30.0<1;1,0>:d  // $538
(W)  mul (8|M8)  acc0.0<1>:d  r23.0<1;1,0>:ud  r31.0<2;1,0>:uw  // $538
  mach (8|M8)  r13.0<1>:d  r23.0<1;1,0>:ud  r31.0<1;1,0>:d  // $539
(W)  mul (8|M0)  acc0.0<1>:d  r28.0<1;1,0>:ud  r32.0<2;1,0>:uw  // $540
  add (16|M0)  r14.0<1>:d  r26.0<1;1,0>:d  r12.0<1;1,0>:d  {Compacted,I@2}  // $539
  mach (8|M0)  r12.0<1>:d  r28.0<1;1,0>:ud  r32.0<1;1,0>:d  // $540
(W)  mul (8|M8)  acc0.0<1>:d  r29.0<1;1,0>:ud  r33.0<2;1,0>:uw  // $540
  mach (8|M8)  r13.0<1>:d  r29.0<1;1,0>:ud  r33.0<1;1,0>:d  // $541
  mul (8|M16)  acc0.0<1>:ud  r18.0<1;1,0>:ud  r64.0<2;1,0>:uw  // $542
  mach (8|M16)  r38.0<1>:ud  r18.0<1;1,0>:ud  r64.0<1;1,0>:ud  {AccWrEn}  //
  add (16|M0)  r36.0<1>:d  r14.0<1;1,0>:d  r12.0<1;1,0>:d  {Compacted,I@3}  // $541
  mov (8|M16)  r40.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r19.0<1;1,0>:ud  r65.0<2;1,0>:uw  // $542
  mach (8|M24)  r39.0<1>:ud  r19.0<1;1,0>:ud  r65.0<1;1,0>:ud  {AccWrEn}  // $543
  mov (16|M0)  r24.0<1>:f  r96.0<1;1,0>:f  {Compacted}  // $536
  mov (8|M24)  r41.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $543
(W)  mul (8|M16)  acc0.0<1>:d  r18.0<1;1,0>:ud  r66.0<2;1,0>:uw  // $545
  mach (8|M16)  r26.0<1>:d  r18.0<1;1,0>:ud  r66.0<1;1,0>:d  // $545
(W)  mul (8|M24)  acc0.0<1>:d  r19.0<1;1,0>:ud  r67.0<2;1,0>:uw  // $545
  mach (8|M24)  r27.0<1>:d  r19.0<1;1,0>:ud  r67.0<1;1,0>:d  // $546
(W)  mul (8|M16)  acc0.0<1>:d  r64.0<1;1,0>:ud  r34.0<2;1,0>:uw  // $547
  add (16|M16)  r28.0<1>:d  r38.0<1;1,0>:d  r26.0<1;1,0>:d  {Compacted,I@2}  // $546
  mach (8|M16)  r26.0<1>:d  r64.0<1;1,0>:ud  r34.0<1;1,0>:d  // $547
(W)  mul (8|M24)  acc0.0<1>:d  r65.0<1;1,0>:ud  r35.0<2;1,0>:uw  // $547
  mach (8|M24)  r27.0<1>:d  r65.0<1;1,0>:ud  r35.0<1;1,0>:d  // $548
  addc (8|M0)  r14.0<1>:ud  r42.0<1;1,0>:ud  r72.0<1;1,0>:ud  {AccWrEn,Compacted} // $549
  add (16|M16)  r12.0<1>:d  r28.0<1;1,0>:d  r26.0<1;1,0>:d  {Compacted,I@2}  // $548
  mov (8|M0)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $549
  addc (8|M8)  r15.0<1>:ud  r43.0<1;1,0>:ud  r73.0<1;1,0>:ud  {AccWrEn}  // $551
  add3 (8|M0)  r30.0<1>:ud  r4.0<1;0>:ud  r92.0<1;0>:ud  r108.0<1>:ud  {I@2} // $550 R{} IR{}{E:1,E:7,E:11,},  {BC=1}
  mov (8|M8)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $551
  addc (8|M16)  r18.0<1>:ud  r68.0<1;1,0>:ud  r85.0<1;1,0>:ud  {AccWrEn}  // $553
  mov (16|M16)  r22.0<1>:f  r40.0<1;1,0>:f  {Compacted}  // $543
  mov (8|M16)  r33.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $553
  addc (8|M24)  r19.0<1>:ud  r69.0<1;1,0>:ud  r86.0<1;1,0>:ud  {AccWrEn}  // $555
  add3 (8|M8)  acc2.0<1>:ud  r32.0<1;0>:ud  r93.0<1;0>:ud  r109.0<1>:ud  {I@4} // $552 R{} IR{}{E:8,E:7,E:11,},  {BC=1}
  mov (8|M24)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $555
  addc (8|M0)  r26.0<1>:ud  r14.0<1;1,0>:ud  r70.0<1;1,0>:ud  {AccWrEn,Compacted} // $557
  add3 (8|M24)  r39.0<1>:ud  r34.0<1;0>:ud  r84.0<1;0>:ud  r95.0<1>:ud  {I@2} // $556
  mov (8|M0)  r28.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $557
  addc (8|M8)  r27.0<1>:ud  r15.0<1;1,0>:ud  r71.0<1;1,0>:ud  {AccWrEn}  // $559
  add3 (8|M0)  r40.0<1>:ud  r28.0<1;0>:ud  r30.0<1;0>:ud  r75.0<1>:ud  {A@1} // $558
  mov (8|M8)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $559
  addc (8|M16)  r42.0<1>:ud  r18.0<1;1,0>:ud  r77.0<1;1,0>:ud  {AccWrEn}  // $561
  add3 (8|M8)  r41.0<1>:ud  r4.0<1;0>:ud  acc2.0<1;0>:ud  r76.0<1>:ud  {I@2} // $560
  mov (8|M16)  r29.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $561
  addc (8|M24)  r43.0<1>:ud  r19.0<1;1,0>:ud  r78.0<1;1,0>:ud  {AccWrEn}  // $563
  add (8|M16)  r94.0<1>:ud  r91.0<1;1,0>:ud  r104.0<1;1,0>:ud {Compacted}  // $472
  mov (8|M24)  r35.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $563
  addc (8|M0)  r44.0<1>:ud  r24.0<1;1,0>:ud  r26.0<1;1,0>:ud  {AccWrEn,Compacted} // $565
  add3 (8|M16)  acc2.0<1>:ud  r33.0<1;0>:ud  r83.0<1;0>:ud  r94.0<1>:ud  {I@3} // $554
  mov (8|M0)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $565
  addc (8|M8)  r45.0<1>:ud  r25.0<1;1,0>:ud  r27.0<1;1,0>:ud  {AccWrEn}  // $567
  add3 (8|M0)  r46.0<1>:ud  r34.0<1;0>:ud  r36.0<1;0>:ud  r40.0<1>:ud  {I@2} // $566
  mov (8|M8)  r14.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $567
  addc (8|M16)  r30.0<1>:ud  r22.0<1;1,0>:ud  r42.0<1;1,0>:ud  {AccWrEn}  // $569
  add3 (8|M24)  r33.0<1>:ud  r35.0<1;0>:ud  r39.0<1;0>:ud  r90.0<1>:ud  // $564 R{} IR{}{O:8,O:9,O:6,},  {BC=1}
  mov (8|M16)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $569
  addc (8|M24)  r31.0<1>:ud  r23.0<1;1,0>:ud  r43.0<1;1,0>:ud  {AccWrEn}  // $571
  add3 (8|M16)  r32.0<1>:ud  r29.0<1;0>:ud  acc2.0<1;0>:ud  r89.0<1>:ud  // $562
  mov (8|M24)  r15.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $571
  mul (8|M0)  acc0.0<1>:ud  r44.0<1;1,0>:ud  r48.0<2;1,0>:uw  // $573
  mach (8|M0)  r18.0<1>:ud  r44.0<1;1,0>:ud  r48.0<1;1,0>:ud  {AccWrEn,Compacted} //
  add3 (8|M8)  r47.0<1>:ud  r14.0<1;0>:ud  r37.0<1;0>:ud  r41.0<1>:ud  {I@7} // $568
  mov (8|M0)  r34.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M8)  acc0.0<1>:ud  r45.0<1;1,0>:ud  r49.0<2;1,0>:uw  // $573
  mach (8|M8)  r19.0<1>:ud  r45.0<1;1,0>:ud  r49.0<1;1,0>:ud  {AccWrEn}  // $574
  add3 (8|M16)  r28.0<1>:ud  r4.0<1;0>:ud  r12.0<1;0>:ud  r32.0<1>:ud  {I@7} // $570 R{} IR{}{E:1,E:3,E:8,},  {BC=1}
  mov (8|M8)  r35.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $574
(W)  mul (8|M0)  acc0.0<1>:d  r44.0<1;1,0>:ud  r50.0<2;1,0>:uw  // $576
  mach (8|M0)  r26.0<1>:d  r44.0<1;1,0>:ud  r50.0<1;1,0>:d  // $576
(W)  mul (8|M8)  acc0.0<1>:d  r45.0<1;1,0>:ud  r51.0<2;1,0>:uw  // $576
  mach (8|M8)  r27.0<1>:d  r45.0<1;1,0>:ud  r51.0<1;1,0>:d  // $577
(W)  mul (8|M0)  acc0.0<1>:d  r48.0<1;1,0>:ud  r46.0<2;1,0>:uw  // $578
  add3 (8|M24)  r29.0<1>:ud  r15.0<1;0>:ud  r13.0<1;0>:ud  r33.0<1>:ud  // $572
  add (16|M0)  r12.0<1>:d  r18.0<1;1,0>:d  r26.0<1;1,0>:d  {Compacted,I@3}  // $577
  mach (8|M0)  r26.0<1>:d  r48.0<1;1,0>:ud  r46.0<1;1,0>:d  // $578
(W)  mul (8|M8)  acc0.0<1>:d  r49.0<1;1,0>:ud  r47.0<2;1,0>:uw  // $578
  mach (8|M8)  r27.0<1>:d  r49.0<1;1,0>:ud  r47.0<1;1,0>:d  // $579
  mul (8|M16)  acc0.0<1>:ud  r30.0<1;1,0>:ud  r56.0<2;1,0>:uw  // $580
  mach (8|M16)  r22.0<1>:ud  r30.0<1;1,0>:ud  r56.0<1;1,0>:ud  {AccWrEn}  //
  mov (16|M0)  r24.0<1>:f  r34.0<1;1,0>:f  {Compacted}  // $574
  mov (8|M16)  r32.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  //
  mul (8|M24)  acc0.0<1>:ud  r31.0<1;1,0>:ud  r57.0<2;1,0>:uw  // $580
  mach (8|M24)  r23.0<1>:ud  r31.0<1;1,0>:ud  r57.0<1;1,0>:ud  {AccWrEn}  // $581
  add (16|M0)  r14.0<1>:d  r12.0<1;1,0>:d  r26.0<1;1,0>:d  {Compacted,I@6}  // $579
  mov (8|M24)  r33.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $581
(W)  mul (8|M16)  acc0.0<1>:d  r30.0<1;1,0>:ud  r58.0<2;1,0>:uw  // $583
  mach (8|M16)  r18.0<1>:d  r30.0<1;1,0>:ud  r58.0<1;1,0>:d  // $583
(W)  mul (8|M24)  acc0.0<1>:d  r31.0<1;1,0>:ud  r59.0<2;1,0>:uw  // $583
  mach (8|M24)  r19.0<1>:d  r31.0<1;1,0>:ud  r59.0<1;1,0>:d  // $584
(W)  mul (8|M16)  acc0.0<1>:d  r56.0<1;1,0>:ud  r28.0<2;1,0>:uw  // $585
  add (16|M16)  r36.0<1>:d  r22.0<1;1,0>:d  r18.0<1;1,0>:d  {Compacted,I@2}  // $584
  mach (8|M16)  r18.0<1>:d  r56.0<1;1,0>:ud  r28.0<1;1,0>:d  // $585
(W)  mul (8|M24)  acc0.0<1>:d  r57.0<1;1,0>:ud  r29.0<2;1,0>:uw  // $585
  mach (8|M24)  r19.0<1>:d  r57.0<1;1,0>:ud  r29.0<1;1,0>:d  // $586
  subb (8|M0)  r26.0<1>:ud  r7.0<1;1,0>:ud  r24.0<1;1,0>:ud  {AccWrEn,Compacted,F@1} // $587
  mov (16|M16)  r34.0<1>:f  r32.0<1;1,0>:f  {Compacted}  // $581
  mov (8|M0)  r4.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $587
  subb (8|M8)  r27.0<1>:ud  r8.0<1;1,0>:ud  r25.0<1;1,0>:ud  {AccWrEn}  // $589
  add3 (8|M0)  r32.0<1>:ud  -r4.0<1;0>:ud  r10.0<1;0>:ud  -r14.0<1>:ud  {A@1} // $588
  mov (8|M8)  r38.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $589
  cmp (16|M0)  (lt)f0.0  null<1>:d  r26.0<1;1,0>:ud  r48.0<1;1,0>:ud  {I@3}  // $595
  subb (8|M16)  r30.0<1>:ud  r20.0<1;1,0>:ud  r34.0<1;1,0>:ud  {AccWrEn}  // $591
  add3 (8|M8)  r33.0<1>:ud  -r38.0<1;0>:ud  r11.0<1;0>:ud  -r15.0<1>:ud  {I@3} // $590 R{} IR{}{O:9,O:2,O:3,},  {BC=1}
  mov (8|M16)  r22.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $591
  subb (8|M24)  r31.0<1>:ud  r21.0<1;1,0>:ud  r35.0<1;1,0>:ud  {AccWrEn}  // $593
  add (16|M16)  r12.0<1>:d  r36.0<1;1,0>:d  r18.0<1;1,0>:d  {Compacted}  // $586
(f0.0)  cmp (16|M0)  (eq)f0.0  null<1>:d  r32.0<1;1,0>:d  r50.0<1;1,0>:d  {I@4}  // $597
  mov (8|M24)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $593
  cmp (16|M16)  (lt)f0.0  null<1>:d  r30.0<1;1,0>:ud  r56.0<1;1,0>:ud  {I@4}  // $596
  add3 (8|M16)  r39.0<1>:ud  -r22.0<1;0>:ud  r2.0<1;0>:ud  -r12.0<1>:ud  {I@4} // $592
  add3 (8|M24)  r40.0<1>:ud  -acc0.0<1;0>:ud  r3.0<1;0>:ud  -r13.0<1>:ud  // $594
(~f0.0) cmp (16|M0)  (lt)f0.0  null<1>:d  r32.0<1;1,0>:ud  r50.0<1;1,0>:ud  // $601
(f0.0)  cmp (16|M16)  (eq)f0.0  null<1>:d  r39.0<1;1,0>:d  r58.0<1;1,0>:d  {I@2}  // $599
(~f0.0) sel (16|M0)  r7.0<1>:d  r48.0<1;1,0>:d  0:w  // $605
(~f0.0) cmp (16|M16)  (lt)f0.0  null<1>:d  r39.0<1;1,0>:ud  r58.0<1;1,0>:ud  // $603
  subb (8|M0)  r20.0<1>:ud  r26.0<1;1,0>:ud  r7.0<1;1,0>:ud  {AccWrEn,Compacted,I@2} // $609
(~f0.0) sel (16|M0)  r14.0<1>:d  r50.0<1;1,0>:d  0:w  // $607
(~f0.0) sel (16|M16)  r10.0<1>:d  r56.0<1;1,0>:d  0:w  // $606
  mov (8|M0)  r2.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $609
  subb (8|M8)  r21.0<1>:ud  r27.0<1;1,0>:ud  r8.0<1;1,0>:ud  {AccWrEn}  // $611
(~f0.0) sel (16|M16)  r18.0<1>:d  r58.0<1;1,0>:d  0:w  // $608
  mov (8|M8)  r12.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $611
  subb (8|M16)  r22.0<1>:ud  r30.0<1;1,0>:ud  r10.0<1;1,0>:ud  {AccWrEn,I@5}  // $613
  add3 (8|M0)  r3.0<1>:ud  -r2.0<1;0>:ud  r32.0<1;0>:ud  -r14.0<1>:ud  {I@5} // $610
  mov (8|M16)  r13.0<1>:ud  acc0.0<1;1,0>:ud  {Compacted}  // $613
  subb (8|M24)  r23.0<1>:ud  r31.0<1;1,0>:ud  r11.0<1;1,0>:ud  {AccWrEn}  // $615
  add3 (8|M8)  r4.0<1>:ud  -r12.0<1;0>:ud  r33.0<1;0>:ud  -r15.0<1>:ud  {I@5} // $612
  mov (8|M24)  acc0.0<1>:ud  acc0.0<1;1,0>:ud  // $615
  add3 (8|M16)  r24.0<1>:ud  -r13.0<1;0>:ud  r39.0<1;0>:ud  -r18.0<1>:ud  {I@4} // $614
  add3 (8|M24)  r25.0<1>:ud  -acc0.0<1;0>:ud  r40.0<1;0>:ud  -r19.0<1>:ud  // $616
  add (16|M0)  r34.0<1>:d  r16.0<1;1,0>:d  r9.4<0;1,0>:d  {Compacted}  // $617
  add (16|M16)  r36.0<1>:d  r5.0<1;1,0>:d  r9.4<0;1,0>:d  {Compacted}  // $618
  mov (16|M0)  r41.0<1>:f  r20.0<1;1,0>:f  {Compacted}  // $619
  mov (16|M16)  r45.0<1>:f  r22.0<1;1,0>:f  {Compacted,I@7}  // $620
  mov (16|M0)  r43.0<1>:f  r3.0<1;1,0>:f  {Compacted,I@6}  // $621
  mov (16|M16)  r47.0<1>:f  r24.0<1;1,0>:f  {Compacted,A@3}  // $622
  send.dc1 (16|M0)  null  r34  r41:4  0x0  0x04025C02  {A@2,$11} // wr:2+4, rd:0; untyped surface write with xy // $624
  send.dc1 (16|M16)  null  r36  r45:4  0x0  0x04025C02  {A@1,$12} // wr:2+4, rd:0; untyped surface write with xy // $626
(W)  send.ugm (1|M0)  r2  r124  null:0  0x0  0x0214031F  {$13} // wr:1+0, rd:1; fence.ugm.none.local // $627
(W)  mov (8|M0)  null<1>:ud  r2.0<1;1,0>:ud  {$13.dst}  //  memory fence commit; $627
(W)  send.gtwy (8|M0)  null  r127  null:0  0x0  0x02000010  {EOT,A@1} // wr:1+0, rd:0; end of thread // $627
  nop  // $627
