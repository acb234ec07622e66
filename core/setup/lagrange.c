/*
 * Lagrange basis polynomials of a multiplicative subgroup, evaluated at one point tau. For the
 * subgroup H of order N and x_i in H: L_i(X) = (X^N - 1) / (N * (X - x_i)) * x_i, because
 * X^N - 1 = prod_{h in H} (X - h) and its derivative at x_i is N * x_i^(N-1) = N / x_i.
 * The random-toxic-waste setup uses the n-point domain (x_i = omega^i) for A, B, C and the odd
 * points of the 2n-point domain (x_i = omega_2n * omega_n^i) for H, as zkey_new.js reads them
 * from ptau section 12. One inversion for all points (Montgomery's trick); single-threaded:
 * about 6 field multiplications per point, far below the cost of the group operations.
 */
#include <stdlib.h>

#include "g16k/plugin.h"
#include "internal.h"
#include "util/error.h"

int lagrange_eval(fr_t *out, uint64_t count, const fr_t *tau, const fr_t *g, const fr_t *omega,
                  uint64_t N)
{
    if (count == 0)
        return G16K_OK;
    fr_t *pre = malloc(count * sizeof(*pre));
    if (!pre)
        return err_set(G16K_ENOMEM, "setup: no memory for %llu Lagrange values",
                       (unsigned long long)count);
    /* c = (tau^N - 1) / N */
    fr_t c, n_inv, one = FR_ONE;
    fr_pow(&c, tau, &N, 1);
    fr_sub(&c, &c, &one);
    fr_set_u64(&n_inv, N);
    fr_inv(&n_inv, &n_inv);
    fr_mul(&c, &c, &n_inv);
    /* Forward: out[i] = x_i, pre[i] = prod_{j <= i} (tau - x_j). */
    fr_t x = *g, prod = one;
    for (uint64_t i = 0; i < count; i++) {
        fr_t d;
        out[i] = x;
        fr_sub(&d, tau, &x);
        if (fr_is_zero(&d)) {
            free(pre);
            return err_set(G16K_EINVAL, "setup: tau is a point of the evaluation domain");
        }
        fr_mul(&prod, &prod, &d);
        pre[i] = prod;
        fr_mul(&x, &x, omega);
    }
    /* Backward: inv = 1 / pre[i] on entry to step i. */
    fr_t inv;
    fr_inv(&inv, &prod);
    for (uint64_t i = count; i-- > 0;) {
        fr_t di_inv, d;
        if (i > 0)
            fr_mul(&di_inv, &inv, &pre[i - 1]);
        else
            di_inv = inv;
        fr_sub(&d, tau, &out[i]);
        fr_mul(&inv, &inv, &d);
        fr_mul(&out[i], &out[i], &di_inv);
        fr_mul(&out[i], &out[i], &c);
    }
    free(pre);
    return G16K_OK;
}
