/*
 * The group cases of the known-answer files (vectors/g1.txt, g2.txt, bn254_g1.txt, bn254_g2.txt),
 * written once for every group as curve/jac_impl.h writes the group: GROUP_CASES defines a
 * vec_for_each callback NAME for the group whose functions are named P##name (P: g1_, g2_,
 * bn254_g1_, ...), with affine and Jacobian types AFF and JAC, a parser PARSE of C tokens, the
 * coordinate field's one ONE, and r as 4 limbs R. Cases:
 *   mul k P kP      [k] P by double-and-add, checked on the curve
 *   add P Q P+Q     with a non-trivial Z (2P - P), full and mixed additions, aliasing
 *   sub P member    the subgroup test, cross-checked by [r] P = O; ctx counts the outcomes
 *                   (int[2]: non-members, members)
 */
#ifndef G16K_TESTS_ARITH_GROUP_CASES_H
#define G16K_TESTS_ARITH_GROUP_CASES_H

#include <string.h>

#include "vectors.h"

#define GROUP_CASES(NAME, P, AFF, JAC, PARSE, C, ONE, R)                                           \
    static void NAME(char **tok, int ntok, void *ctx)                                              \
    {                                                                                              \
        int *nsub = ctx;                                                                           \
        if (strcmp(tok[0], "mul") == 0) {                                                          \
            assert_int_equal(ntok, 2 + 2 * (C));                                                   \
            uint64_t k[4];                                                                         \
            AFF p, want, got;                                                                      \
            JAC j;                                                                                 \
            vec_scalar(k, tok[1]);                                                                 \
            PARSE(&p, tok + 2);                                                                    \
            PARSE(&want, tok + 2 + (C));                                                           \
            P##jac_from_affine(&j, &p);                                                            \
            P##jac_mul(&j, &j, k, 4);                                                              \
            P##jac_to_affine(&got, &j);                                                            \
            assert_true(P##affine_eq(&got, &want));                                                \
            assert_true(P##affine_is_on_curve(&got));                                              \
        } else if (strcmp(tok[0], "add") == 0) {                                                   \
            assert_int_equal(ntok, 1 + 3 * (C));                                                   \
            AFF a, b, want, got;                                                                   \
            JAC ja, jb, s, a2, na;                                                                 \
            PARSE(&a, tok + 1);                                                                    \
            PARSE(&b, tok + 1 + (C));                                                              \
            PARSE(&want, tok + 1 + 2 * (C));                                                       \
            P##jac_from_affine(&ja, &a);                                                           \
            P##jac_from_affine(&jb, &b);                                                           \
            /* a non-trivial Z for the Jacobian paths: 2a - a */                                   \
            P##jac_dbl(&a2, &ja);                                                                  \
            P##jac_neg(&na, &ja);                                                                  \
            P##jac_add(&ja, &a2, &na);                                                             \
            assert_true(P##jac_eq(&ja, &(JAC){ a.x, a.y, ONE }) || P##affine_is_inf(&a));          \
            P##jac_add(&s, &ja, &jb);                                                              \
            P##jac_to_affine(&got, &s);                                                            \
            assert_true(P##affine_eq(&got, &want));                                                \
            P##jac_add_affine(&s, &ja, &b);                                                        \
            P##jac_to_affine(&got, &s);                                                            \
            assert_true(P##affine_eq(&got, &want));                                                \
            P##jac_add(&jb, &jb, &ja); /* aliasing, other order */                                 \
            P##jac_to_affine(&got, &jb);                                                           \
            assert_true(P##affine_eq(&got, &want));                                                \
        } else if (strcmp(tok[0], "sub") == 0) {                                                   \
            assert_int_equal(ntok, 2 + (C));                                                       \
            AFF p;                                                                                 \
            PARSE(&p, tok + 1);                                                                    \
            int want = tok[1 + (C)][0] == '1';                                                     \
            assert_true(P##affine_is_on_curve(&p));                                                \
            assert_int_equal(P##affine_in_subgroup(&p), want);                                     \
            JAC j;                                                                                 \
            P##jac_from_affine(&j, &p);                                                            \
            P##jac_mul(&j, &j, (R), 4);                                                            \
            assert_int_equal(P##jac_is_inf(&j), want);                                             \
            nsub[want]++;                                                                          \
        } else {                                                                                   \
            fail_msg("unknown case %s", tok[0]);                                                   \
        }                                                                                          \
    }

#endif
