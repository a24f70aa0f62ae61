import math
n=1<<15; S=15
def stage_diags(stride, last):
    d={0,stride}
    if not last: d.add((n-stride)%n)
    return d
def mult(a,b): return {(x+y)%n for x in a for y in b}
def bsgs(nd):
    if nd<=4: return nd,1
    if nd in (7,8,15,16): bs=4
    elif nd in (31,32,63,64): bs=8
    else: bs=1<<math.ceil(math.ceil(math.log2(nd))/2)
    return bs, -(-nd//bs)
fft=[stage_diags(1<<i, i==S-1) for i in range(S)]
ifft=[None]*S
for i in range(S): ifft[S-1-i]=stage_diags(1<<i, i==S-1)
def analyze(name, diags, bs, gs, pre):
    rots=sorted(((d-pre)%n) for d in diags)
    g=0
    for r in rots: g=math.gcd(g,r)
    gss=g*bs
    hm={}
    for r in rots:
        b=r%gss; hm.setdefault(r-b,set()).add(b)
    bsi=sorted({b for v in hm.values() for b in v}); gsi=sorted(hm)
    if len(hm)==1 and 0 in hm:
        bsi=[0]; gsi=sorted(hm[0])
    nb=len([b for b in bsi if b]); ng=len([x for x in gsi if x])
    print(f"{name}: diags={len(diags)} bs={bs} gs={gs} pre={pre} stride={g} #pt={len(rots)} bs_rots={nb} gs_rots={ng} bs_idx={bsi} gs_idx={gsi}")
    return nb,ng
# CtS
left=S; cum=0; P=4; tot=[0,0]
for i in range(P):
    ns = -(-left//P) if i==0 else left//(P-i)
    left-=ns
    m=ifft[cum]
    for j in range(cum+1,cum+ns): m=mult(ifft[j],m)
    nd=len(m)+(1 if i==P-1 else 0)
    bs,gs=bsgs(nd)
    if i==0: pre=1<<left
    elif i==P-1: pre=-(1<<ns)
    else: pre=-((1<<ns)-1)*(1<<left)
    a,b=analyze(f"CtS{i} stages={ns}",m,bs,gs,pre); tot[0]+=a; tot[1]+=b
    cum+=ns
print("CtS total bs/gs rotations",tot)
left=S; cum=0; P=3; tot=[0,0]
for i in range(P):
    ns=left//(P-i); left-=ns
    m=fft[cum]
    for j in range(cum+1,cum+ns): m=mult(fft[j],m)
    nd=len(m)+(1 if i==0 else 0)
    bs,gs=bsgs(nd)
    if i==0: pre=-(1<<ns)
    elif i==P-1: pre=1<<cum
    else: pre=-((1<<ns)-1)*(1<<cum)
    a,b=analyze(f"StC{i} stages={ns}",m,bs,gs,pre); tot[0]+=a; tot[1]+=b
    cum+=ns
print("StC total bs/gs rotations",tot)
cts_b=[2048,4096,6144,256,512,768]+list(range(16,113,16))+list(range(1,8))
cts_g=[8192,16384,24576,1024,2048,3072,128,256,384,8,16,24]
stc_b=list(range(1,8))+list(range(32,225,32))+list(range(1024,7169,1024))
stc_g=list(range(8,57,8))+list(range(256,1793,256))+[8192,16384,24576]
# key level: max level requested per index
lv={}
for i in cts_b+cts_g: lv[i]=25
for i in stc_b+stc_g: lv.setdefault(i,13)
import math
tot=0
for i,l in lv.items():
    L=l+1; beta=math.ceil(L/7); tot+=beta*2*(L+7)*0.5
print("distinct rotation keys",len(lv),"at top",sum(1 for v in lv.values() if v==25),"MiB total %.0f"%tot)
