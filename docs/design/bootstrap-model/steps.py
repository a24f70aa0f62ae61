import math
exec(open(__import__('os').path.join(__import__('os').path.dirname(__file__), 'model.py')).read().split('print("MulLin')[0])
def rot(L,K): return ks(L,K)+6*L*row
def resc(L): return 2*(t_inv + L*t_md)
def lt(L,K,bs,gs,npt,gsf,dh,fr):
    b=math.ceil(L/K); R=L+K
    t = L*t_inv + b*L*t_fwd
    if dh:
        t += (bs-1)*(b*R*t_mac+2*R*row)
        t += (2*bs+npt+2*gs)*R*row if gsf else npt*11*R*row
        t += (gs-1)*(K*t_sp+L*t_md+L*t_inv+b*L*t_fwd+b*R*t_mac+6*R*row) + gs*R*row
        t += 2*(K+1)*t_sp+2*(L-1)*t_md
        if not fr: t+=resc(L)-2*t_sp  # approx
    else:
        t += (bs-1)*(b*R*t_mac+2*L*t_md)+2*K*t_sp
        t += (2*bs+npt+2*gs)*L*row if gsf else npt*11*L*row
        t += (gs-1)*(rot(L,K)+6*L*row)
        t += 0 if fr else resc(L)
    return t
def boot(K,Ltop,em_levels,em_relin,pairs,gsf,dh,fr,user):
    cL=[Ltop-i for i in range(4)]
    cts=[(cL[0],4,4,16),(cL[1],4,4,15),(cL[2],8,4,31),(cL[3],8,4,31)]
    s0=user+3+1
    stc=[(s0,8,8,63),(s0-1,8,8,63),(s0-2,8,4,32)]
    if pairs: cts=[cts[0]]+cts; stc=stc+[stc[-1]]
    t=sum(lt(L,K,*r,gsf,dh,fr) for L,*r in cts+stc)
    nconj=3 if pairs else 1
    t+=nconj*rot(Ltop-4,K)
    em=0
    for L in range(Ltop-4, Ltop-4-em_levels, -1):
        em+=(em_relin/em_levels)*(5*L*row+ks(L,K,fr)+(0 if fr else resc(L)))+10*L*row
    return (t+2*em)/1e3
print("A current xehe (K3,L27,EM11,16 relin,pairs): %.1f"%boot(3,27,11,16,True,False,False,False,8))
print("B +params K7,L26,EM8/12relin,10 user lvls: %.1f"%boot(7,26,8,12,True,False,False,False,10))
print("C +GS fusion: %.1f"%boot(7,26,8,12,True,True,False,False,10))
print("D +double hoisting: %.1f"%boot(7,26,8,12,True,True,True,False,10))
print("E +rescale fused in ModDown: %.1f"%boot(7,26,8,12,True,True,True,True,10))
print("F +no SEAL-order pairs: %.1f"%boot(7,26,8,12,False,True,True,True,10))
print("--- single items from A ---")
base=boot(3,27,11,16,True,False,False,False,8)
print("params only (K7 etc) at 8 user lvls L=24: %.1f"%(base-boot(7,24,8,12,True,False,False,False,8)))
print("K 3->7 only: %.1f"%(base-boot(7,27,11,16,True,False,False,False,8)))
print("GS fusion only: %.1f"%(base-boot(3,27,11,16,True,True,False,False,8)))
print("fused rescale only: %.1f"%(base-boot(3,27,11,16,True,False,False,True,8)))
print("no pairs only: %.1f"%(base-boot(3,27,11,16,False,False,False,False,8)))
print("dh+gsf only: %.1f"%(base-boot(3,27,11,16,True,True,True,False,8)))
