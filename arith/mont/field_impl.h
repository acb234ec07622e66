/*
 * The definitions of one prime field (contracts in field_decl.h), instantiated by one .c file
 * per field: bls12_381/fp.c and fr.c, bn254/fp.c and fr.c. The including file has included its
 * curve's field.h (the type and the public declarations) and defines:
 *
 *   FIELD_FN(name), FIELD_CONST(name), FIELD_T   as for field_decl.h
 *   FIELD_LIMBS      4 or 6 (the mulx/adx assembly exists for these two widths)
 *   FIELD_MINV       -m^-1 mod 2^64, an integer constant
 *   FIELD_M          a file-local static const uint64_t[FIELD_LIMBS], m (the assembly reads
 *                    its memory operands RIP-relative, so a local array, not the extern const)
 *   FIELD_M_MINUS_2  a file-local uint64_t[FIELD_LIMBS], the Fermat inversion exponent
 *   FIELD_SQRT_EXP   (optional) (m + 1) / 4, for m = 3 mod 4: defines sqrt
 *   FIELD_CUSTOM_INV (optional) inv comes from elsewhere (mont/inv_bgcd_impl.h, included next)
 *   FIELD_TWO_ADICITY, FIELD_ODD_PART, FIELD_NQR
 *                    (optional, together) s, t = (m - 1) / 2^s as uint64_t[FIELD_LIMBS], and
 *                    the smallest quadratic non-residue: defines root_of_unity
 *
 * and then defines the three public constants FIELD_CONST(MODULUS/ONE/R2) itself. Every
 * function's limb loop is mont/mont.h's portable C or mont/mont_adx.h's assembly, chosen at load
 * time (mont/mont_select.h); both compute the same values. Bounds: mont.h's no-carry CIOS needs
 * the top limb of m below 2^63 - 1, which both curves' moduli satisfy (BLS12-381: p < 2^381,
 * r < 2^255; BN254: p, r < 2^254).
 */
#include <stdatomic.h>
#include <string.h>

#include "mont/bigint.h"
#include "mont/mont.h"
#include "mont/mont_select.h"

#define FIELD_CAT_(a, b) a##b
#define FIELD_CAT(a, b) FIELD_CAT_(a, b)
#define FIELD_STATIC(name) FIELD_CAT(field_, FIELD_FN(name)) /* file-local helpers */

void FIELD_FN(add)(FIELD_T *out, const FIELD_T *a, const FIELD_T *b)
{
    mont_add(out->l, a->l, b->l, FIELD_M, FIELD_LIMBS);
}

void FIELD_FN(sub)(FIELD_T *out, const FIELD_T *a, const FIELD_T *b)
{
    mont_sub(out->l, a->l, b->l, FIELD_M, FIELD_LIMBS);
}

void FIELD_FN(neg)(FIELD_T *out, const FIELD_T *a)
{
    mont_neg(out->l, a->l, FIELD_M, FIELD_LIMBS);
}

void FIELD_FN(dbl)(FIELD_T *out, const FIELD_T *a)
{
    mont_add(out->l, a->l, a->l, FIELD_M, FIELD_LIMBS);
}

/* The multiplication both mul and sqr run: mulx/adcx/adox assembly when the CPU has BMI2 and
 * ADX (mont_select.c), else the portable C of mont.h. */
MONT_INLINE void FIELD_STATIC(mul_dispatch)(uint64_t *out, const uint64_t *a, const uint64_t *b)
{
#if MONT_HAVE_ADX_ASM
    static const uint64_t minv = FIELD_MINV;
    if (MONT_USE_ADX) {
#if FIELD_LIMBS == 4
        mont_mul4_adx(out, a, b, FIELD_M, &minv);
#elif FIELD_LIMBS == 6
        mont_mul6_adx(out, a, b, FIELD_M, &minv);
#else
#error "mont_adx.h has 4- and 6-limb multiplications only"
#endif
        return;
    }
#endif
    mont_mul(out, a, b, FIELD_M, FIELD_MINV, FIELD_LIMBS);
}

void FIELD_FN(mul)(FIELD_T *out, const FIELD_T *a, const FIELD_T *b)
{
    FIELD_STATIC(mul_dispatch)(out->l, a->l, b->l);
}

/* A dedicated squaring (half the cross products) does not fit the register file as a
 * double-width product in this form; it is left for the IFMA/assembly work. */
void FIELD_FN(sqr)(FIELD_T *out, const FIELD_T *a)
{
    FIELD_STATIC(mul_dispatch)(out->l, a->l, a->l);
}

void FIELD_FN(pow)(FIELD_T *out, const FIELD_T *a, const uint64_t *e, size_t e_limbs)
{
    /* Exponents of one limb (NTT twiddle offsets, small powers): plain left-to-right
     * square-and-multiply. Longer ones (inversion, square roots): fixed 4-bit windows, about
     * 1 multiplication per 4 exponent bits instead of 1 per 2 (fp_inv 27 -> 21 us). */
    if (e_limbs <= 1) {
        FIELD_T base = *a, acc = FIELD_CONST(ONE);
        uint64_t v = e_limbs ? e[0] : 0;
        for (int bit = 63; bit >= 0; bit--) {
            FIELD_FN(sqr)(&acc, &acc);
            if ((v >> bit) & 1)
                FIELD_FN(mul)(&acc, &acc, &base);
        }
        *out = acc;
        /* the base may be a secret (ptau contribute's tau): no copy of it or its powers is
         * left on a stack that the next task reuses */
        explicit_bzero(&base, sizeof base);
        explicit_bzero(&acc, sizeof acc);
        return;
    }
    FIELD_T tab[16], acc = FIELD_CONST(ONE);
    tab[0] = FIELD_CONST(ONE);
    tab[1] = *a;
    for (int k = 2; k < 16; k++)
        FIELD_FN(mul)(&tab[k], &tab[k - 1], a);
    int started = 0;
    for (size_t i = e_limbs; i-- > 0;) {
        for (int sh = 60; sh >= 0; sh -= 4) {
            unsigned nib = (unsigned)(e[i] >> sh) & 15;
            if (started) {
                FIELD_FN(sqr)(&acc, &acc);
                FIELD_FN(sqr)(&acc, &acc);
                FIELD_FN(sqr)(&acc, &acc);
                FIELD_FN(sqr)(&acc, &acc);
                if (nib)
                    FIELD_FN(mul)(&acc, &acc, &tab[nib]);
            } else if (nib) {
                acc = tab[nib];
                started = 1;
            }
        }
    }
    *out = acc;
    explicit_bzero(tab, sizeof tab); /* as above: powers of a secret base */
    explicit_bzero(&acc, sizeof acc);
}

void FIELD_FN(inv_fermat)(FIELD_T *out, const FIELD_T *a)
{
    FIELD_FN(pow)(out, a, FIELD_M_MINUS_2, FIELD_LIMBS); /* 0^(m-2) = 0 */
}

#ifndef FIELD_CUSTOM_INV
void FIELD_FN(inv)(FIELD_T *out, const FIELD_T *a)
{
    FIELD_FN(inv_fermat)(out, a);
}
#endif

int FIELD_FN(is_zero)(const FIELD_T *a)
{
    return mont_is_zero(a->l, FIELD_LIMBS);
}

int FIELD_FN(eq)(const FIELD_T *a, const FIELD_T *b)
{
    return memcmp(a->l, b->l, sizeof a->l) == 0;
}

void FIELD_FN(set_u64)(FIELD_T *out, uint64_t v)
{
    FIELD_T c = { { v } };
    FIELD_FN(mul)(out, &c, &FIELD_CONST(R2));
}

int FIELD_FN(from_canon)(FIELD_T *out, const FIELD_T *canon)
{
    if (mont_geq(canon->l, FIELD_M, FIELD_LIMBS))
        return -1;
    FIELD_FN(mul)(out, canon, &FIELD_CONST(R2));
    return 0;
}

void FIELD_FN(to_canon)(FIELD_T *canon, const FIELD_T *a)
{
    static const FIELD_T one_raw = { { 1 } };
    FIELD_FN(mul)(canon, a, &one_raw);
}

void FIELD_FN(mont_reduce)(FIELD_T *out, const FIELD_T *a)
{
    /* a * 1 / R. CIOS needs a < m for a reduced result; reduce first if a is not. */
    static const FIELD_T one_raw = { { 1 } };
    FIELD_T t = *a;
    while (mont_geq(t.l, FIELD_M, FIELD_LIMBS))
        mont_sub_raw(t.l, t.l, FIELD_M, FIELD_LIMBS);
    FIELD_FN(mul)(out, &t, &one_raw);
}

int FIELD_FN(from_bytes_canon)(FIELD_T *out, const uint8_t in[FIELD_LIMBS * 8])
{
    FIELD_T c;
    mont_load_le(c.l, in, FIELD_LIMBS);
    return FIELD_FN(from_canon)(out, &c);
}

int FIELD_FN(from_bytes_mont)(FIELD_T *out, const uint8_t in[FIELD_LIMBS * 8])
{
    FIELD_T c;
    mont_load_le(c.l, in, FIELD_LIMBS);
    if (mont_geq(c.l, FIELD_M, FIELD_LIMBS))
        return -1;
    *out = c;
    return 0;
}

void FIELD_FN(to_bytes_canon)(uint8_t out[FIELD_LIMBS * 8], const FIELD_T *a)
{
    FIELD_T c;
    FIELD_FN(to_canon)(&c, a);
    mont_store_le(out, c.l, FIELD_LIMBS);
}

void FIELD_FN(to_bytes_mont)(uint8_t out[FIELD_LIMBS * 8], const FIELD_T *a)
{
    mont_store_le(out, a->l, FIELD_LIMBS);
}

int FIELD_FN(from_dec)(FIELD_T *out, const char *s)
{
    FIELD_T c;
    if (bigint_from_dec(c.l, FIELD_LIMBS, s) != 0)
        return -1;
    return FIELD_FN(from_canon)(out, &c);
}

void FIELD_FN(to_dec)(char *buf, const FIELD_T *a)
{
    FIELD_T c;
    FIELD_FN(to_canon)(&c, a);
    bigint_to_dec(buf, c.l, FIELD_LIMBS); /* at most ceil(64 limbs log10 2) + 1 bytes */
}

#ifdef FIELD_SQRT_EXP
int FIELD_FN(sqrt)(FIELD_T *out, const FIELD_T *a)
{
    FIELD_T s, check;
    FIELD_FN(pow)(&s, a, FIELD_SQRT_EXP, FIELD_LIMBS);
    FIELD_FN(sqr)(&check, &s);
    if (!FIELD_FN(eq)(&check, a))
        return 0;
    *out = s;
    return 1;
}
#endif

#ifdef FIELD_TWO_ADICITY
/* w[0..s] computed once. State 0: not computed; 1: one thread is computing; 2: ready (the
 * release store publishes the table). A thread that finds state 1 derives its own root
 * instead of waiting, so there is no lock and no thread writes the table but the first. */
static FIELD_T FIELD_STATIC(root_table)[FIELD_TWO_ADICITY + 1];
static atomic_int FIELD_STATIC(root_state);

static void FIELD_STATIC(roots_derive)(FIELD_T w[FIELD_TWO_ADICITY + 1])
{
    /* Derived rather than tabulated, so the docs/formats.md values test the derivation:
     * w[s] = nqr^t, w[k] = w[k+1]^2. */
    FIELD_FN(set_u64)(&w[FIELD_TWO_ADICITY], FIELD_NQR);
    FIELD_FN(pow)(&w[FIELD_TWO_ADICITY], &w[FIELD_TWO_ADICITY], FIELD_ODD_PART, FIELD_LIMBS);
    for (int k = FIELD_TWO_ADICITY; k > 0; k--)
        FIELD_FN(sqr)(&w[k - 1], &w[k]);
}

void FIELD_FN(root_of_unity)(FIELD_T *out, unsigned k)
{
    if (k > FIELD_TWO_ADICITY)
        k = FIELD_TWO_ADICITY; /* no root of larger order; clamp */
    int st = atomic_load_explicit(&FIELD_STATIC(root_state), memory_order_acquire);
    if (st == 2) {
        *out = FIELD_STATIC(root_table)[k];
        return;
    }
    int expect = 0;
    if (st == 0 && atomic_compare_exchange_strong(&FIELD_STATIC(root_state), &expect, 1)) {
        FIELD_STATIC(roots_derive)(FIELD_STATIC(root_table));
        atomic_store_explicit(&FIELD_STATIC(root_state), 2, memory_order_release);
        *out = FIELD_STATIC(root_table)[k];
        return;
    }
    FIELD_T w[FIELD_TWO_ADICITY + 1];
    FIELD_STATIC(roots_derive)(w);
    *out = w[k];
}
#endif

#undef FIELD_STATIC
#undef FIELD_CAT
#undef FIELD_CAT_
