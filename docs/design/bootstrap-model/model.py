import math
# xehe measured rates (performance.md, 2^16, 37 primes, K=4 MulLin breakdown)
t_inv=84/37; t_fwd=661/370; t_mac=212/(10*41); t_sp=(16.1+11.8)/8; t_md=(90.5+101.5)/74
row=0.2  # us per 512KB row access at ~2.6TB/s
def ks(L,K,rescale=False):
    b=math.ceil(L/K)
    return L*t_inv + b*L*t_fwd + b*(L+K)*t_mac + 2*(K+rescale)*t_sp + 2*L*t_md
def mullin(L,K): return 5*L*row + ks(L,K)
print("MulLin 37/4 model %.0f  26/7 model %.0f  26/4 %.0f 26/3 %.0f"%(mullin(37,4),mullin(26,7),mullin(26,4),mullin(26,3)))
def lt(L,K,bs,gs,npt):
    b=math.ceil(L/K); R=L+K
    t = L*t_inv + b*L*t_fwd + b*R*row                      # ModUp(a) once
    t += (bs-1)*(b*R*t_mac + 2*R*row)                        # BS fused
    t += (2*bs+npt+2*gs)*R*row                               # GS fused
    t += (gs-1)*(K*t_sp + L*t_md + L*t_inv + b*L*t_fwd + b*R*t_mac + 6*R*row)
    t += gs*R*row + 2*(K+1)*t_sp + 2*(L-1)*t_md              # PermuteAccum + ModDownAndRescale
    return t
K=7
cts=[(26,4,4,16),(25,4,4,15),(24,8,4,31),(23,8,4,31)]
stc=[(14,8,8,63),(13,8,8,63),(12,8,4,32)]
tc=sum(lt(L,K,*r) for L,*r in cts); ts=sum(lt(L,K,*r) for L,*r in stc)
# EvalMod: per half ~11 relin+rescale from L=22 down to 14, plus cheap ops
em=0
for L in range(22,14,-1):
    em+= (11/8)*(5*L*row + ks(L,K,True)) + 6*L*2*row  # relins spread + CAccum/adds
em*=2
conj=ks(22,K); sse=ks(26,K)*0.3
print("CtS %.1f ms StC %.1f ms EvalMod(2 halves) %.1f ms conj %.1f SSE %.1f total %.1f ms"%(tc/1e3,ts/1e3,em/1e3,conj/1e3,sse/1e3,(tc+ts+em+conj+sse)/1e3))
for K in (3,4,7):
  tc=sum(lt(L,K,*r) for L,*r in cts); ts=sum(lt(L,K,*r) for L,*r in stc)
  em=sum((11/8)*(5*L*row+ks(L,K,True))+12*L*row for L in range(22,14,-1))*2
  print("K=%d total %.1f ms"%(K,(tc+ts+em+ks(22,K))/1e3))
print("--- xehe current structure model ---")
def rot(L,K): return ks(L,K)+2*L*row*3  # + galois permute
def resc(L): return 2*(t_inv + L*t_md)
def lt_x(L,K,bs,gs,npt):
    b=math.ceil(L/K); R=L+K
    t = L*t_inv + b*L*t_fwd                               # decompose once
    t += (bs-1)*(b*R*t_mac + 2*L*t_md) + 2*K*t_sp         # steps' mac + per-step ModDown
    t += npt*(5*L*row) + npt*(6*L*row)                    # mul_plain + add per diagonal
    t += (gs-1)*(rot(L,K)+6*L*row)
    return t
K=3
cts=[(27,4,4,16),(27,4,4,16),(26,4,4,15),(25,8,4,31),(24,8,4,31)]
stc=[(13,8,8,63),(12,8,8,63),(11,8,4,32),(11,8,4,32)]
t=sum(lt_x(L,K,*r)+resc(L) for L,*r in cts)+sum(lt_x(L,K,*r)+resc(L) for L,*r in stc)
t+= rot(27,K)+rot(23,K)+rot(11,K)   # 3 conjugations
em=sum((16/11)*(5*L*row+ks(L,K)+resc(L))+10*L*row for L in range(23,12,-1))*2
print("xehe-structure model: LTs %.1f ms, EvalMod %.1f ms, total %.1f ms"%(t/1e3,em/1e3,(t+em)/1e3))
