/*
 * curve.cl: short-Weierstrass y^2 = x^3 + b (a = 0) point arithmetic in XYZZ coordinates, a
 * template included once per group with
 *   CURVE = g1 | g2   (prefix of the generated names)
 *   FE    = fp | fp2  (coordinate field; FE_LIMBS = FP_WORDS | 2 FP_WORDS 64-bit limbs in
 *                      kernel buffers)
 * XYZZ (X, Y, ZZ, ZZZ) stands for the affine point (X/ZZ, Y/ZZZ) with ZZ^3 = ZZZ^2; ZZ = 0 is
 * infinity. Affine points use (0, 0) for infinity, the ABI encoding. Coordinates are Montgomery.
 * Formulas: Explicit-Formulas Database, "xyzz" for a = 0: add-2008-s, madd-2008-s, dbl-2008-s-1,
 * mdbl-2008-s-1 (Sutherland). The add functions are complete: they detect P == Q (double) and
 * P == -Q (infinity), which Pippenger buckets hit whenever a point repeats.
 */

#define FEOP(op) G16K_CAT(FE, op)
#define PT(name) G16K_CAT(CURVE, name)

typedef struct { FE x, y; } PT(affine);
typedef struct { FE x, y, zz, zzz; } PT(xyzz);

G16K_DEV void PT(xyzz_set_inf)(PT(xyzz) *o)
{
    FEOP(set_zero)(&o->x);
    FEOP(set_zero)(&o->y);
    FEOP(set_zero)(&o->zz);
    FEOP(set_zero)(&o->zzz);
}

G16K_DEV int PT(xyzz_is_inf)(const PT(xyzz) *p)
{
    return FEOP(is_zero)(&p->zz);
}

G16K_DEV int PT(affine_is_inf)(const PT(affine) *p)
{
    return FEOP(is_zero)(&p->x) && FEOP(is_zero)(&p->y);
}

/* o = 2 * (x, y), affine input (mdbl-2008-s-1); y != 0 on these curves of prime order */
G16K_DEV void PT(xyzz_dbl_affine)(PT(xyzz) *o, const PT(affine) *p)
{
    FE u, v, w, s, m, t;
    FEOP(dbl)(&u, &p->y);              /* U = 2Y */
    FEOP(sqr)(&v, &u);                 /* V = U^2 */
    FEOP(mul)(&w, &u, &v);             /* W = U V */
    FEOP(mul)(&s, &p->x, &v);          /* S = X V */
    FEOP(sqr)(&m, &p->x);
    FEOP(dbl)(&t, &m);
    FEOP(add)(&m, &m, &t);             /* M = 3 X^2 */
    FEOP(sqr)(&o->x, &m);
    FEOP(dbl)(&t, &s);
    FEOP(sub)(&o->x, &o->x, &t);       /* X3 = M^2 - 2S */
    FEOP(sub)(&t, &s, &o->x);
    FEOP(mul)(&t, &m, &t);
    FEOP(mul)(&s, &w, &p->y);
    FEOP(sub)(&o->y, &t, &s);          /* Y3 = M (S - X3) - W Y */
    o->zz = v;
    o->zzz = w;
}

/* o = 2 p (dbl-2008-s-1); o may alias p */
G16K_DEV void PT(xyzz_dbl)(PT(xyzz) *o, const PT(xyzz) *p)
{
    FE u, v, w, s, m, t, x3;
    if (PT(xyzz_is_inf)(p)) {
        *o = *p;
        return;
    }
    FEOP(dbl)(&u, &p->y);
    FEOP(sqr)(&v, &u);
    FEOP(mul)(&w, &u, &v);
    FEOP(mul)(&s, &p->x, &v);
    FEOP(sqr)(&m, &p->x);
    FEOP(dbl)(&t, &m);
    FEOP(add)(&m, &m, &t);
    FEOP(sqr)(&x3, &m);
    FEOP(dbl)(&t, &s);
    FEOP(sub)(&x3, &x3, &t);
    FEOP(sub)(&t, &s, &x3);
    FEOP(mul)(&t, &m, &t);
    FEOP(mul)(&s, &w, &p->y);
    FEOP(sub)(&o->y, &t, &s);
    o->x = x3;
    FEOP(mul)(&o->zz, &v, &p->zz);
    FEOP(mul)(&o->zzz, &w, &p->zzz);
}

/* acc += q, q affine (madd-2008-s), complete; q may be infinity */
G16K_DEV void PT(xyzz_add_affine)(PT(xyzz) *acc, const PT(affine) *q)
{
    FE u2, s2, pp, ppp, r, qq, t;
    if (PT(affine_is_inf)(q))
        return;
    if (PT(xyzz_is_inf)(acc)) {
        acc->x = q->x;
        acc->y = q->y;
        FEOP(set_one)(&acc->zz);
        FEOP(set_one)(&acc->zzz);
        return;
    }
    FEOP(mul)(&u2, &q->x, &acc->zz);
    FEOP(mul)(&s2, &q->y, &acc->zzz);
    FEOP(sub)(&u2, &u2, &acc->x);      /* P = U2 - X1 */
    FEOP(sub)(&r, &s2, &acc->y);       /* R = S2 - Y1 */
    if (FEOP(is_zero)(&u2)) {
        if (FEOP(is_zero)(&r))
            PT(xyzz_dbl_affine)(acc, q);
        else
            PT(xyzz_set_inf)(acc);
        return;
    }
    FEOP(sqr)(&pp, &u2);
    FEOP(mul)(&ppp, &u2, &pp);
    FEOP(mul)(&qq, &acc->x, &pp);      /* Q = X1 PP */
    FEOP(sqr)(&t, &r);
    FEOP(sub)(&t, &t, &ppp);
    FEOP(sub)(&t, &t, &qq);
    FEOP(sub)(&acc->x, &t, &qq);       /* X3 = R^2 - PPP - 2Q */
    FEOP(sub)(&t, &qq, &acc->x);
    FEOP(mul)(&t, &r, &t);
    FEOP(mul)(&s2, &acc->y, &ppp);
    FEOP(sub)(&acc->y, &t, &s2);       /* Y3 = R (Q - X3) - Y1 PPP */
    FEOP(mul)(&acc->zz, &acc->zz, &pp);
    FEOP(mul)(&acc->zzz, &acc->zzz, &ppp);
}

/* acc += q (add-2008-s), complete */
G16K_DEV void PT(xyzz_add)(PT(xyzz) *acc, const PT(xyzz) *q)
{
    FE u1, u2, s1, s2, p, r, pp, ppp, qq, t;
    if (PT(xyzz_is_inf)(q))
        return;
    if (PT(xyzz_is_inf)(acc)) {
        *acc = *q;
        return;
    }
    FEOP(mul)(&u1, &acc->x, &q->zz);
    FEOP(mul)(&u2, &q->x, &acc->zz);
    FEOP(mul)(&s1, &acc->y, &q->zzz);
    FEOP(mul)(&s2, &q->y, &acc->zzz);
    FEOP(sub)(&p, &u2, &u1);
    FEOP(sub)(&r, &s2, &s1);
    if (FEOP(is_zero)(&p)) {
        if (FEOP(is_zero)(&r))
            PT(xyzz_dbl)(acc, acc);
        else
            PT(xyzz_set_inf)(acc);
        return;
    }
    FEOP(sqr)(&pp, &p);
    FEOP(mul)(&ppp, &p, &pp);
    FEOP(mul)(&qq, &u1, &pp);
    FEOP(sqr)(&t, &r);
    FEOP(sub)(&t, &t, &ppp);
    FEOP(sub)(&t, &t, &qq);
    FEOP(sub)(&acc->x, &t, &qq);       /* X3 = R^2 - PPP - 2Q */
    FEOP(sub)(&t, &qq, &acc->x);
    FEOP(mul)(&t, &r, &t);
    FEOP(mul)(&s1, &s1, &ppp);
    FEOP(sub)(&acc->y, &t, &s1);       /* Y3 = R (Q - X3) - S1 PPP */
    FEOP(mul)(&acc->zz, &acc->zz, &q->zz);
    FEOP(mul)(&acc->zz, &acc->zz, &pp);
    FEOP(mul)(&acc->zzz, &acc->zzz, &q->zzz);
    FEOP(mul)(&acc->zzz, &acc->zzz, &ppp);
}

/* Points in kernel buffers: the coordinates one after another, FE_LIMBS 64-bit limbs each. */
G16K_DEV void PT(affine_load)(PT(affine) *o, G16K_GLOBAL const u64 *src)
{
    FEOP(load)(&o->x, src);
    FEOP(load)(&o->y, src + FE_LIMBS);
}

G16K_DEV void PT(xyzz_load)(PT(xyzz) *o, G16K_GLOBAL const u64 *src)
{
    FEOP(load)(&o->x, src);
    FEOP(load)(&o->y, src + FE_LIMBS);
    FEOP(load)(&o->zz, src + 2 * FE_LIMBS);
    FEOP(load)(&o->zzz, src + 3 * FE_LIMBS);
}

G16K_DEV void PT(xyzz_store)(G16K_GLOBAL u64 *dst, const PT(xyzz) *p)
{
    FEOP(store)(dst, &p->x);
    FEOP(store)(dst + FE_LIMBS, &p->y);
    FEOP(store)(dst + 2 * FE_LIMBS, &p->zz);
    FEOP(store)(dst + 3 * FE_LIMBS, &p->zzz);
}

#undef FEOP
#undef PT
