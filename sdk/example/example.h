/*
 * Private declarations of the example plugin. Everything here is hidden: the plugin exports only
 * g16k_plugin_entry (plugin.c). This plugin is a teaching example for plugin vendors: it is built
 * only from the installed g16k SDK (plugin.h) and links nothing of g16k's, so it carries its own
 * small BLS12-381 arithmetic (field.c, curve.c) and a plain bitwise MSM (msm.c).
 */
#ifndef G16K_EXAMPLE_H
#define G16K_EXAMPLE_H

#include <stdint.h>

#include <g16k/plugin.h>

/* ---- field.c: Montgomery arithmetic modulo Fr (4 limbs) or Fp (6 limbs), and Fp2 ---- */

/* A modulus with its Montgomery constants (R = 2^(64 n)). Filled once by field_init. */
typedef struct modulus {
    unsigned n;      /* limbs: 4 (Fr) or 6 (Fp) */
    uint64_t m[6];   /* the modulus, little-endian limbs */
    uint64_t inv;    /* -m^-1 mod 2^64 */
    uint64_t r2[6];  /* R^2 mod m, to enter Montgomery form */
    uint64_t one[6]; /* R mod m: 1 in Montgomery form */
} modulus;

extern modulus ex_fr, ex_fp;

/* A field element big enough for Fp2: Fp uses v[0..5]; Fp2 is c0 = v[0..5], c1 = v[6..11]. */
typedef struct fe {
    uint64_t v[12];
} fe;

/* The operations the curve code needs, for Fp (G1) or Fp2 (G2). Elements are in Montgomery
 * form; outputs may alias inputs. */
typedef struct field {
    unsigned degree; /* 1 = Fp, 2 = Fp2 */
    void (*add)(fe *out, const fe *a, const fe *b);
    void (*sub)(fe *out, const fe *a, const fe *b);
    void (*mul)(fe *out, const fe *a, const fe *b);
    void (*inv)(fe *out, const fe *a); /* a != 0 */
} field;

extern const field ex_fp_field, ex_fp2_field;

/* Compute the Montgomery constants of ex_fr and ex_fp. Idempotent; call once (pthread_once). */
void field_init(void);

/* out = a * b / R mod md (CIOS Montgomery multiplication); out may alias a or b. */
void mont_mul(const modulus *md, uint64_t *out, const uint64_t *a, const uint64_t *b);
/* 1 if the md->n-limb integer a is < md->m. */
int mod_is_reduced(const modulus *md, const uint64_t *a);
/* 1 if the first 6 * degree limbs of a are zero. */
int fe_is_zero(const field *f, const fe *a);

/* ---- curve.c: Jacobian points (X/Z^2, Y/Z^3) over a field; Z = 0 is infinity ---- */

typedef struct affine {
    fe x, y;
    int inf;
} affine;

typedef struct jacobian {
    fe x, y, z;
} jacobian;

void jac_set_inf(jacobian *p);
void jac_dbl(const field *f, jacobian *p);                         /* p = 2p */
void jac_add_affine(const field *f, jacobian *p, const affine *q); /* p = p + q, any p, q */
void jac_to_affine(const field *f, affine *out, const jacobian *p);

/* ---- plugin.c ---- */

/* The context made by create(): the [plugin.NAME] settings. Read-only after create. */
struct g16k_plugin_ctx {
    int log; /* log = yes: log creation and each bases_create */
};

/* Log one line at G16K_LOG_INFO through host->log. Thread-safe. */
void ex_log(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Report a one-line error through host->set_error and return status. Thread-safe. */
int ex_error(int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- msm.c ---- */
extern const g16k_msm_vtable ex_msm_vtable;

#endif
