/*
 * The CPU plugin's NTT (plugin.h semantics) against a naive O(n^2) evaluation written here with
 * fr_* arithmetic, for n = 1 .. 64 in both encodings and all four directions; inverse(forward)
 * and inverse_coset(forward_coset) = identity for n = 2^12; compute_h = the composition of
 * transforms; root-of-unity convention checked against the constants of docs/proving.md, "The domain";
 * argument errors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plugin_host.h"
#include "test_util.h"

static const g16k_ntt_vtable *ntt(void)
{
    return TU_VT(th_plugin(), ntt);
}

#define BN254_ROOTS                                                                                \
    { 28, "0x2a3c09f0a58a7e8500e0a7eb8ef62abc402d111e41112ed49bd61b6e725b19f0" },                  \
        { 16, "0x00eeb2cb5981ed45649abebde081dcff16c8601de4347e7dd1628ba2daac43b7" },              \
        { 14, "0x2d965651cdd9e4811f4e51b80ddca8a8b4a93ee17420aae6adaa01c2617c6e85" },              \
        { 2, "0x30644e72e131a029048b6e193fd841045cea24f6fd736bec231204708f703636" },

static void test_roots_follow_snarkjs_convention(void **state)
{
    (void)state;
    static const struct {
        unsigned k;
        const char *hex;
    } w[] = {
#ifdef CPU_CURVE_BN254
        /* w[28] = 5^t, t = (r - 1) / 2^28, and its squares (Python pow(5, t, r), as
         * ffjavascript's bn128 Fr finds them) */
        BN254_ROOTS
#else
        /* docs/proving.md, "The domain": w[32] = 5^t, w[16], w[14], w[2], w[1] = r - 1. */
        { 32, "0x0212d79e5b416b6f0fd56dc8d168d6c0c4024ff270b3e0941b788f500b912f1f" },
        { 16, "0x6709c6cd56aa725b0409ee987a02402c0caba63a29c01b06137b458acfc35f7a" },
        { 14, "0x50646ac81fe1959577e48bf529ca9f2a82c057275306243d13e96ade69583404" },
        { 2, "0x8d51ccce760304d0ec030002760300000001000000000000" },
#endif
    };
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
        fr_t want, got, canon;
        tu_hex(&want, w[i].hex);
        fr_root_of_unity(&got, w[i].k);
        fr_to_canon(&canon, &got);
        assert_memory_equal(canon.l, want.l, sizeof want.l);
    }
    fr_t got, canon, want;
    fr_root_of_unity(&got, 1);
    fr_to_canon(&canon, &got);
    tu_r_minus_1(&want);
    assert_memory_equal(canon.l, want.l, sizeof want.l);
}

/* out[i] = scale * shift^i... naive: out[i] = s_i * sum_j x[j] * (h * root^i)^j, where for the
 * inverse directions h and root are inverted and s_i includes 1/n. */
static void naive(fr_t *out, const fr_t *x, uint32_t log_n, uint32_t dir)
{
    uint64_t n = (uint64_t)1 << log_n;
    fr_t root, g, one = FR_ONE, ninv;
    fr_root_of_unity(&root, log_n);
    fr_root_of_unity(&g, log_n + 1);
    fr_set_u64(&ninv, n);
    fr_inv(&ninv, &ninv);
    int inverse = dir == G16K_NTT_INVERSE || dir == G16K_NTT_INVERSE_COSET;
    int coset = dir == G16K_NTT_FORWARD_COSET || dir == G16K_NTT_INVERSE_COSET;
    if (inverse)
        fr_inv(&root, &root);
    for (uint64_t i = 0; i < n; i++) {
        fr_t acc = { { 0 } }, pt, pw = one;
        fr_pow(&pt, &root, &i, 1); /* root^i */
        if (coset && !inverse)
            fr_mul(&pt, &pt, &g); /* evaluation point g * omega^i */
        for (uint64_t j = 0; j < n; j++) {
            fr_t t;
            fr_mul(&t, &x[j], &pw);
            fr_add(&acc, &acc, &t);
            fr_mul(&pw, &pw, &pt);
        }
        if (inverse) {
            fr_mul(&acc, &acc, &ninv);
            if (coset) { /* unshift coefficient i by g^-i */
                fr_t gi;
                fr_inv(&gi, &g);
                fr_pow(&gi, &gi, &i, 1);
                fr_mul(&acc, &acc, &gi);
            }
        }
        out[i] = acc;
    }
}

static void encode(uint8_t *buf, const fr_t *x, uint64_t n, uint32_t enc)
{
    for (uint64_t i = 0; i < n; i++) {
        if (enc == G16K_ENC_CANONICAL)
            fr_to_bytes_canon(buf + 32 * i, &x[i]);
        else
            fr_to_bytes_mont(buf + 32 * i, &x[i]);
    }
}

static void decode(fr_t *x, const uint8_t *buf, uint64_t n, uint32_t enc)
{
    for (uint64_t i = 0; i < n; i++) {
        int rc = enc == G16K_ENC_CANONICAL ? fr_from_bytes_canon(&x[i], buf + 32 * i)
                                           : fr_from_bytes_mont(&x[i], buf + 32 * i);
        assert_int_equal(rc, 0);
    }
}

static void test_transform_matches_naive(void **state)
{
    (void)state;
    uint64_t seed = 1;
    for (uint32_t log_n = 0; log_n <= 6; log_n++) {
        uint64_t n = (uint64_t)1 << log_n;
        g16k_ntt_domain *d = NULL;
        assert_int_equal(ntt()->domain_create(th_ctx(), log_n, &d), G16K_OK);
        fr_t *x = malloc(n * sizeof *x), *want = malloc(n * sizeof *want);
        fr_t *got = malloc(n * sizeof *got);
        uint64_t *buf = malloc(n * 32);
        for (uint32_t dir = G16K_NTT_FORWARD; dir <= G16K_NTT_INVERSE_COSET; dir++) {
            for (uint32_t enc = G16K_ENC_CANONICAL; enc <= G16K_ENC_MONTGOMERY; enc++) {
                for (uint64_t i = 0; i < n; i++)
                    tu_rand_fr(&x[i], &seed);
                naive(want, x, log_n, dir);
                encode((uint8_t *)buf, x, n, enc);
                assert_int_equal(ntt()->transform(d, buf, dir, enc), G16K_OK);
                decode(got, (uint8_t *)buf, n, enc);
                for (uint64_t i = 0; i < n; i++)
                    if (!fr_eq(&got[i], &want[i]))
                        fail_msg("log_n %u dir %u enc %u: element %llu differs", log_n, dir, enc,
                                 (unsigned long long)i);
            }
        }
        free(x);
        free(want);
        free(got);
        free(buf);
        ntt()->domain_destroy(d);
    }
}

static void test_roundtrip_4096(void **state)
{
    (void)state;
    const uint32_t log_n = 12;
    const uint64_t n = (uint64_t)1 << log_n;
    g16k_ntt_domain *d = NULL;
    assert_int_equal(ntt()->domain_create(th_ctx(), log_n, &d), G16K_OK);
    fr_t *x = malloc(n * sizeof *x);
    fr_t *y = malloc(n * sizeof *y);
    uint64_t seed = 7;
    for (uint64_t i = 0; i < n; i++)
        tu_rand_fr(&x[i], &seed);
    const uint32_t pairs[2][2] = { { G16K_NTT_FORWARD, G16K_NTT_INVERSE },
                                   { G16K_NTT_FORWARD_COSET, G16K_NTT_INVERSE_COSET } };
    for (int p = 0; p < 2; p++) {
        memcpy(y, x, n * sizeof *x);
        assert_int_equal(ntt()->transform(d, y, pairs[p][0], G16K_ENC_MONTGOMERY), G16K_OK);
        assert_memory_not_equal(y, x, n * sizeof *x);
        assert_int_equal(ntt()->transform(d, y, pairs[p][1], G16K_ENC_MONTGOMERY), G16K_OK);
        assert_memory_equal(y, x, n * sizeof *x);
    }
    /* Spot-check the forward transform at a few points against a naive evaluation. */
    memcpy(y, x, n * sizeof *x);
    assert_int_equal(ntt()->transform(d, y, G16K_NTT_FORWARD, G16K_ENC_MONTGOMERY), G16K_OK);
    fr_t root;
    fr_root_of_unity(&root, log_n);
    const uint64_t idx[] = { 0, 1, 2047, 4095 };
    for (size_t k = 0; k < 4; k++) {
        fr_t pt, pw = FR_ONE, acc = { { 0 } };
        fr_pow(&pt, &root, &idx[k], 1);
        for (uint64_t j = 0; j < n; j++) {
            fr_t t;
            fr_mul(&t, &x[j], &pw);
            fr_add(&acc, &acc, &t);
            fr_mul(&pw, &pw, &pt);
        }
        assert_true(fr_eq(&acc, &y[idx[k]]));
    }
    free(x);
    free(y);
    ntt()->domain_destroy(d);
}

static void test_compute_h_matches_transforms(void **state)
{
    (void)state;
    const uint32_t log_n = 5;
    const uint64_t n = (uint64_t)1 << log_n;
    g16k_ntt_domain *d = NULL;
    assert_int_equal(ntt()->domain_create(th_ctx(), log_n, &d), G16K_OK);
    assert_non_null(ntt()->compute_h);
    uint64_t seed = 11;
    for (uint32_t enc = G16K_ENC_CANONICAL; enc <= G16K_ENC_MONTGOMERY; enc++) {
        fr_t v[3][32], ref[3][32], want[32];
        uint64_t buf[3][32 * 4], h[32 * 4];
        for (int k = 0; k < 3; k++) {
            for (uint64_t i = 0; i < n; i++)
                tu_rand_fr(&v[k][i], &seed);
            memcpy(ref[k], v[k], sizeof ref[k]);
            assert_int_equal(ntt()->transform(d, ref[k], G16K_NTT_INVERSE, G16K_ENC_MONTGOMERY),
                             G16K_OK);
            assert_int_equal(
                ntt()->transform(d, ref[k], G16K_NTT_FORWARD_COSET, G16K_ENC_MONTGOMERY), G16K_OK);
            encode((uint8_t *)buf[k], v[k], n, enc);
        }
        for (uint64_t i = 0; i < n; i++) {
            fr_mul(&want[i], &ref[0][i], &ref[1][i]);
            fr_sub(&want[i], &want[i], &ref[2][i]);
        }
        /* h in canonical, written over a (allowed to alias). */
        assert_int_equal(
            ntt()->compute_h(d, buf[0], buf[1], buf[2], enc, buf[0], G16K_ENC_CANONICAL), G16K_OK);
        fr_t got[32];
        decode(got, (uint8_t *)buf[0], n, G16K_ENC_CANONICAL);
        for (uint64_t i = 0; i < n; i++)
            assert_true(fr_eq(&got[i], &want[i]));
        /* And h in Montgomery into its own buffer. */
        for (int k = 0; k < 3; k++)
            encode((uint8_t *)buf[k], v[k], n, enc);
        assert_int_equal(ntt()->compute_h(d, buf[0], buf[1], buf[2], enc, h, G16K_ENC_MONTGOMERY),
                         G16K_OK);
        decode(got, (uint8_t *)h, n, G16K_ENC_MONTGOMERY);
        for (uint64_t i = 0; i < n; i++)
            assert_true(fr_eq(&got[i], &want[i]));
    }
    ntt()->domain_destroy(d);
}

/* Reference transform for the larger sizes, independent of the plugin's blocking: textbook
 * iterative radix-2 (bit-reversal, then Cooley-Tukey stages with twiddles from fr_pow), plus the
 * same scalings as naive(). O(n log n). */
static void reference(fr_t *x, uint32_t log_n, uint32_t dir)
{
    uint64_t n = (uint64_t)1 << log_n;
    fr_t root, g, ninv;
    fr_root_of_unity(&root, log_n);
    fr_root_of_unity(&g, log_n + 1);
    fr_set_u64(&ninv, n);
    fr_inv(&ninv, &ninv);
    int inverse = dir == G16K_NTT_INVERSE || dir == G16K_NTT_INVERSE_COSET;
    int coset = dir == G16K_NTT_FORWARD_COSET || dir == G16K_NTT_INVERSE_COSET;
    if (inverse)
        fr_inv(&root, &root);
    if (coset && !inverse) {
        fr_t f = FR_ONE;
        for (uint64_t j = 0; j < n; j++) {
            fr_mul(&x[j], &x[j], &f);
            fr_mul(&f, &f, &g);
        }
    }
    for (uint64_t i = 0; i < n; i++) {
        uint64_t j = 0;
        for (uint32_t b = 0; b < log_n; b++)
            j |= ((i >> b) & 1) << (log_n - 1 - b);
        if (i < j) {
            fr_t t = x[i];
            x[i] = x[j];
            x[j] = t;
        }
    }
    for (uint64_t half = 1; half < n; half *= 2) {
        fr_t wm;
        uint64_t e = n / (2 * half);
        fr_pow(&wm, &root, &e, 1);
        for (uint64_t grp = 0; grp < n; grp += 2 * half) {
            fr_t w = FR_ONE;
            for (uint64_t j = 0; j < half; j++) {
                fr_t t, u = x[grp + j];
                fr_mul(&t, &x[grp + j + half], &w);
                fr_add(&x[grp + j], &u, &t);
                fr_sub(&x[grp + j + half], &u, &t);
                fr_mul(&w, &w, &wm);
            }
        }
    }
    if (inverse) {
        fr_t f = ninv, gi;
        fr_inv(&gi, &g);
        for (uint64_t j = 0; j < n; j++) {
            fr_mul(&x[j], &x[j], &f);
            if (coset)
                fr_mul(&f, &f, &gi);
        }
    }
}

/* Sizes around and above the blocking thresholds (one leaf of 2^10, one column split, and, in
 * the small-leaf test plugin, recursion), all directions; compute_h against reference chains.
 * Inputs include zeros and r - 1 (edge values) among random elements. */
static void test_blocked_sizes_match_reference(void **state)
{
    (void)state;
    static const uint32_t sizes[] = { 7, 9, 10, 11, 13, 14 };
    uint64_t seed = 99;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        uint32_t log_n = sizes[s];
        uint64_t n = (uint64_t)1 << log_n;
        g16k_ntt_domain *d = NULL;
        assert_int_equal(ntt()->domain_create(th_ctx(), log_n, &d), G16K_OK);
        fr_t *x = malloc(4 * n * sizeof *x), *want = malloc(4 * n * sizeof *want);
        assert_non_null(x);
        assert_non_null(want);
        for (uint64_t i = 0; i < 4 * n; i++)
            tu_rand_fr(&x[i], &seed);
        memset(&x[3], 0, sizeof x[3]);
        fr_t rm1;
        tu_r_minus_1(&rm1);
        fr_from_canon(&x[n - 1], &rm1);
        for (uint32_t dir = G16K_NTT_FORWARD; dir <= G16K_NTT_INVERSE_COSET; dir++) {
            memcpy(want, x, n * sizeof *x);
            reference(want, log_n, dir);
            memcpy(x + n, x, n * sizeof *x);
            assert_int_equal(ntt()->transform(d, x + n, dir, G16K_ENC_MONTGOMERY), G16K_OK);
            if (memcmp(x + n, want, n * sizeof *x) != 0)
                fail_msg("log_n %u dir %u differs from the reference", log_n, dir);
        }
        /* compute_h on x[0..n), x[n..2n), x[2n..3n) (x[n..2n) refreshed first). */
        for (uint64_t i = n; i < 2 * n; i++)
            tu_rand_fr(&x[i], &seed);
        memcpy(want, x, 3 * n * sizeof *x);
        for (int k = 0; k < 3; k++) {
            reference(want + k * n, log_n, G16K_NTT_INVERSE);
            reference(want + k * n, log_n, G16K_NTT_FORWARD_COSET);
        }
        for (uint64_t i = 0; i < n; i++) {
            fr_mul(&want[3 * n + i], &want[i], &want[n + i]);
            fr_sub(&want[3 * n + i], &want[3 * n + i], &want[2 * n + i]);
        }
        assert_int_equal(ntt()->compute_h(d, x, x + n, x + 2 * n, G16K_ENC_MONTGOMERY, x + 3 * n,
                                          G16K_ENC_MONTGOMERY),
                         G16K_OK);
        if (memcmp(x, want, 4 * n * sizeof *x) != 0)
            fail_msg("log_n %u: compute_h differs from the reference chain", log_n);
        free(x);
        free(want);
        ntt()->domain_destroy(d);
    }
}

static void test_ntt_rejects_bad_arguments(void **state)
{
    (void)state;
    g16k_ntt_domain *d = NULL;
    assert_int_equal(ntt()->domain_create(th_ctx(), 32, &d), G16K_EUNSUPPORTED);
    assert_null(d);
    assert_int_equal(ntt()->domain_create(th_ctx(), 2, &d), G16K_OK);
    uint64_t buf[4 * 4 + 1] = { 0 };
    assert_int_equal(ntt()->transform(d, buf, G16K_NTT_FORWARD, 0), G16K_EINVAL);
    assert_int_equal(ntt()->transform(d, buf, 0, G16K_ENC_CANONICAL), G16K_EINVAL);
    assert_int_equal(ntt()->transform(d, buf, 5, G16K_ENC_CANONICAL), G16K_EINVAL);
    assert_int_equal(ntt()->transform(d, NULL, G16K_NTT_FORWARD, G16K_ENC_CANONICAL), G16K_EINVAL);
    /* A value >= r is refused, naming the index. */
    memcpy(&buf[4 * 2], FR_MODULUS.l, 32);
    host_clear_error();
    assert_int_equal(ntt()->transform(d, buf, G16K_NTT_FORWARD, G16K_ENC_MONTGOMERY), G16K_EINVAL);
    assert_non_null(strstr(host_last_error(), "[2]"));
    ntt()->domain_destroy(d);
    ntt()->domain_destroy(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roots_follow_snarkjs_convention),
        cmocka_unit_test(test_transform_matches_naive),
        cmocka_unit_test(test_roundtrip_4096),
        cmocka_unit_test(test_compute_h_matches_transforms),
        cmocka_unit_test(test_blocked_sizes_match_reference),
        cmocka_unit_test(test_ntt_rejects_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
