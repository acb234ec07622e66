/*
 * gpu_ntt_tables.c: twiddles and scale tables of a GPU NTT domain, computed once per domain with
 * the reference Fr arithmetic of the unit's curve (gpu_curve_sel.h: arith/bls12_381, or
 * arith/bn254 in gpu/common/bn254/), n/2 multiplications per direction.
 */
#include "gpu_curve_sel.h" /* first: the unit's curve */

#include "gpu_ntt_tables.h"

#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"
#include "gpu_plugin_util.h"

static void powers(uint64_t *out, const fr_t *w, uint64_t count)
{
    fr_t acc = FR_ONE;
    for (uint64_t k = 0; k < count; k++) {
        memcpy(out + 4 * k, acc.l, 32);
        fr_mul(&acc, &acc, w);
    }
}

static void scale_table(uint64_t *tab, const fr_t *factor, const fr_t *g)
{
    fr_t p = *g;
    memcpy(tab, factor->l, 32);
    for (int b = 0; b < 32; b++) {
        memcpy(tab + 4 * (1 + b), p.l, 32);
        fr_sqr(&p, &p);
    }
}

int gpu_ntt_tables_init(gpu_ntt_tables *t, uint32_t log_n)
{
    memset(t, 0, sizeof *t);
    if (log_n >= GPU_FR_TWO_ADICITY)
        return gpu_fail(G16K_EUNSUPPORTED, "ntt: a domain of 2^%u on %s (its largest is 2^%u)",
                        log_n, GPU_CURVE_NAME, GPU_FR_TWO_ADICITY - 1);
    t->log_n = log_n;
    t->n = (uint64_t)1 << log_n;
    t->n_tw = t->n / 2 ? t->n / 2 : 1;
    t->tw = malloc(t->n_tw * 32);
    t->itw = malloc(t->n_tw * 32);
    if (!t->tw || !t->itw) {
        gpu_ntt_tables_cleanup(t);
        return gpu_fail(G16K_ENOMEM, "ntt: no memory for 2 x %llu twiddles",
                        (unsigned long long)t->n_tw);
    }
    fr_t w, iw, g, ig, ninv, one = FR_ONE;
    fr_root_of_unity(&w, log_n);
    fr_inv(&iw, &w);
    fr_root_of_unity(&g, log_n + 1);
    fr_inv(&ig, &g);
    fr_set_u64(&ninv, t->n);
    fr_inv(&ninv, &ninv);
    powers(t->tw, &w, t->n_tw);
    powers(t->itw, &iw, t->n_tw);
    scale_table(t->coset, &one, &g);
    scale_table(t->inv, &ninv, &one);
    scale_table(t->inv_coset, &ninv, &ig);
    return G16K_OK;
}

void gpu_ntt_tables_cleanup(gpu_ntt_tables *t)
{
    free(t->tw);
    free(t->itw);
    t->tw = NULL;
    t->itw = NULL;
}
