/*
 * Short Weierstrass curves y^2 = x^3 + b (a = 0) in Jacobian coordinates over a field given as
 * an operation table, so the same code serves G1 (over Fp) and G2 (over Fp2). b never appears in
 * the addition and doubling formulas, so it is not needed here.
 * Formulas: doubling "dbl-2009-l" and the textbook mixed addition (Cohen, Miyaji, Ono 1998), as
 * listed in the Explicit-Formulas Database (hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html).
 */
#include <string.h>

#include "example.h"

void jac_set_inf(jacobian *p)
{
    memset(p, 0, sizeof(*p));
}

void jac_dbl(const field *f, jacobian *p)
{
    fe a, b, c, d, e, t;
    if (fe_is_zero(f, &p->z))
        return;               /* 2 * infinity = infinity */
    f->mul(&a, &p->x, &p->x); /* A = X^2 */
    f->mul(&b, &p->y, &p->y); /* B = Y^2 */
    f->mul(&c, &b, &b);       /* C = B^2 */
    f->add(&t, &p->x, &b);
    f->mul(&t, &t, &t);
    f->sub(&t, &t, &a);
    f->sub(&t, &t, &c);
    f->add(&d, &t, &t); /* D = 2((X + B)^2 - A - C) */
    f->add(&e, &a, &a);
    f->add(&e, &e, &a); /* E = 3A */
    f->mul(&t, &e, &e); /* F = E^2 */
    f->mul(&p->z, &p->y, &p->z);
    f->add(&p->z, &p->z, &p->z); /* Z3 = 2 Y Z (before Y changes) */
    f->sub(&t, &t, &d);
    f->sub(&p->x, &t, &d); /* X3 = F - 2D */
    f->sub(&t, &d, &p->x);
    f->mul(&t, &e, &t);
    f->add(&c, &c, &c);
    f->add(&c, &c, &c);
    f->add(&c, &c, &c);    /* 8C */
    f->sub(&p->y, &t, &c); /* Y3 = E (D - X3) - 8C */
}

void jac_add_affine(const field *f, jacobian *p, const affine *q)
{
    fe z2, u2, s2, h, r, h2, h3, t;
    if (q->inf)
        return;
    if (fe_is_zero(f, &p->z)) { /* infinity + q = q, with Z = 1 */
        p->x = q->x;
        p->y = q->y;
        memset(&p->z, 0, sizeof(p->z));
        memcpy(p->z.v, ex_fp.one, sizeof(ex_fp.one));
        return;
    }
    f->mul(&z2, &p->z, &p->z);
    f->mul(&u2, &q->x, &z2); /* U2 = x2 Z1^2 */
    f->mul(&s2, &q->y, &z2);
    f->mul(&s2, &s2, &p->z); /* S2 = y2 Z1^3 */
    f->sub(&h, &u2, &p->x);  /* H = U2 - X1 */
    f->sub(&r, &s2, &p->y);  /* R = S2 - Y1 */
    if (fe_is_zero(f, &h)) { /* same x: p == q or p == -q */
        if (fe_is_zero(f, &r))
            jac_dbl(f, p);
        else
            jac_set_inf(p);
        return;
    }
    f->mul(&h2, &h, &h);
    f->mul(&h3, &h2, &h);
    f->mul(&u2, &p->x, &h2); /* X1 H^2 (U2 is free again) */
    f->mul(&t, &r, &r);
    f->sub(&t, &t, &h3);
    f->sub(&t, &t, &u2);
    f->sub(&p->x, &t, &u2); /* X3 = R^2 - H^3 - 2 X1 H^2 */
    f->sub(&t, &u2, &p->x);
    f->mul(&t, &r, &t);
    f->mul(&h3, &p->y, &h3);
    f->sub(&p->y, &t, &h3);   /* Y3 = R (X1 H^2 - X3) - Y1 H^3 */
    f->mul(&p->z, &p->z, &h); /* Z3 = Z1 H */
}

void jac_to_affine(const field *f, affine *out, const jacobian *p)
{
    fe zi, zi2;
    memset(out, 0, sizeof(*out));
    if (fe_is_zero(f, &p->z)) {
        out->inf = 1;
        return;
    }
    f->inv(&zi, &p->z);
    f->mul(&zi2, &zi, &zi);
    f->mul(&out->x, &p->x, &zi2); /* x = X / Z^2 */
    f->mul(&zi2, &zi2, &zi);
    f->mul(&out->y, &p->y, &zi2); /* y = Y / Z^3 */
}
