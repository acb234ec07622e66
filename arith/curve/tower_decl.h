/*
 * The declarations of one tower Fp6 = Fp2[v]/(v^3 - xi), Fp12 = Fp6[w]/(w^2 - v), written once
 * for every curve (BLS12-381: xi = 1 + u; BN254: xi = 9 + u); tower_impl.h holds the one
 * definition. A curve's header defines the names below and includes this file; the file
 * undefines them at its end (no include guard on purpose).
 *
 *   T6_FN(name), T12_FN(name)   the public names, e.g. #define T6_FN(n) fp6_##n
 *   T6_T, T12_T                 struct { Fp2 c0, c1, c2; } (c0 + c1 v + c2 v^2) and
 *                               struct { Fp6 c0, c1; } (c0 + c1 w)
 *
 * Contracts: coefficients in Montgomery form, fully reduced; output first, inputs const,
 * outputs may alias inputs; pure and thread-safe.
 */
#ifndef T6_FN
#error "define T6_FN, T12_FN, T6_T and T12_T before including curve/tower_decl.h"
#endif

void T6_FN(add)(T6_T *out, const T6_T *a, const T6_T *b);
void T6_FN(sub)(T6_T *out, const T6_T *a, const T6_T *b);
void T6_FN(neg)(T6_T *out, const T6_T *a);
void T6_FN(mul)(T6_T *out, const T6_T *a, const T6_T *b);
void T6_FN(sqr)(T6_T *out, const T6_T *a);
void T6_FN(inv)(T6_T *out, const T6_T *a);   /* 0 -> 0 */
void T6_FN(mul_v)(T6_T *out, const T6_T *a); /* a * v */
void T6_FN(set_one)(T6_T *out);
void T6_FN(set_zero)(T6_T *out);
int T6_FN(is_zero)(const T6_T *a);
int T6_FN(eq)(const T6_T *a, const T6_T *b);

void T12_FN(mul)(T12_T *out, const T12_T *a, const T12_T *b);
void T12_FN(sqr)(T12_T *out, const T12_T *a);
void T12_FN(inv)(T12_T *out, const T12_T *a);       /* 0 -> 0 */
void T12_FN(conj)(T12_T *out, const T12_T *a);      /* c0 - c1 w (= a^(p^6)) */
void T12_FN(frobenius)(T12_T *out, const T12_T *a); /* a^p */
void T12_FN(set_one)(T12_T *out);
int T12_FN(is_one)(const T12_T *a);
int T12_FN(eq)(const T12_T *a, const T12_T *b);

#undef T6_FN
#undef T12_FN
#undef T6_T
#undef T12_T
