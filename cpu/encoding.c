/*
 * Bulk Fr conversions at the plugin boundary: buffers in a g16k_encoding (canonical or
 * Montgomery, 32-byte little-endian elements, possibly unaligned) to and from the fr_t Montgomery
 * form the arithmetic uses, and to canonical limbs for MSM scalars. Values >= r are rejected
 * with the index of the first bad element. Element-wise, so work is split over threads.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "internal.h"
#include "platform/parallel.h"

#define MIN_GRAIN 4096

typedef struct conv {
    void *dst;
    const uint8_t *src;
    uint32_t enc;
    atomic_uint_fast64_t first_bad; /* smallest index of a value >= r, or UINT64_MAX */
} conv;

static void note_bad(conv *c, uint64_t i)
{
    uint_fast64_t cur = atomic_load(&c->first_bad);
    while (i < cur && !atomic_compare_exchange_weak(&c->first_bad, &cur, i)) {
    }
}

/* Decode one element; returns 0, or -1 when >= r. in is copied first so dst may alias it. */
static int decode(fr_t *out, const uint8_t *in, uint32_t enc)
{
    uint8_t tmp[FR_BYTES];
    memcpy(tmp, in, sizeof tmp);
    return enc == G16K_ENC_CANONICAL ? fr_from_bytes_canon(out, tmp) : fr_from_bytes_mont(out, tmp);
}

static void load_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    conv *c = arg;
    fr_t *dst = c->dst;
    for (uint64_t i = begin; i < end; i++) {
        fr_t v;
        if (decode(&v, c->src + i * FR_BYTES, c->enc) != 0) {
            note_bad(c, i);
            return;
        }
        dst[i] = v;
    }
}

/* The 32 bytes at in as little-endian limbs l; 1 when that integer is below r. The range check
 * of an element used as it is stored (canonical MSM scalars, a Montgomery witness read in place). */
static int limbs_below_r(uint64_t l[FR_LIMBS], const uint8_t *in)
{
    memcpy(l, in, FR_BYTES);
    return bigint_cmp(l, FR_MODULUS.l, FR_LIMBS) < 0;
}

static void load_canon_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    conv *c = arg;
    uint64_t(*dst)[4] = c->dst;
    for (uint64_t i = begin; i < end; i++) {
        fr_t v;
        if (c->enc == G16K_ENC_CANONICAL) {
            /* Only a range check: the integer itself is what the MSM needs. */
            if (!limbs_below_r(v.l, c->src + i * FR_BYTES)) {
                note_bad(c, i);
                return;
            }
        } else {
            fr_t m;
            if (decode(&m, c->src + i * FR_BYTES, c->enc) != 0) {
                note_bad(c, i);
                return;
            }
            fr_to_canon(&v, &m);
        }
        memcpy(dst[i], v.l, sizeof dst[i]);
    }
}

/* Montgomery elements used where they lie (cpu_fr_in_place): the range check alone. */
static void check_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    conv *c = arg;
    for (uint64_t i = begin; i < end; i++) {
        uint64_t l[FR_LIMBS];
        if (!limbs_below_r(l, c->src + i * FR_BYTES)) {
            note_bad(c, i);
            return;
        }
    }
}

static void store_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    conv *c = arg;
    uint8_t *dst = c->dst;
    const fr_t *src = (const fr_t *)c->src;
    for (uint64_t i = begin; i < end; i++) {
        uint8_t tmp[FR_BYTES];
        fr_t v = src[i];
        if (c->enc == G16K_ENC_CANONICAL)
            fr_to_bytes_canon(tmp, &v);
        else
            fr_to_bytes_mont(tmp, &v);
        memcpy(dst + i * FR_BYTES, tmp, sizeof tmp);
    }
}

static int run_load(par_range_fn *fn, void *dst, const void *src, uint64_t n, uint32_t enc,
                    uint32_t threads, const char *what)
{
    conv c = { .dst = dst, .src = src, .enc = enc };
    atomic_init(&c.first_bad, UINT64_MAX);
    par_for(threads, n, par_grain(n, threads, MIN_GRAIN), fn, &c);
    uint64_t bad = atomic_load(&c.first_bad);
    if (bad != UINT64_MAX)
        return cpu_error(G16K_EINVAL, "%s[%llu] is not below r (%s encoding)", what,
                         (unsigned long long)bad,
                         enc == G16K_ENC_CANONICAL ? "canonical" : "Montgomery");
    return G16K_OK;
}

int cpu_fr_load(fr_t *dst, const void *src, uint64_t n, uint32_t enc, uint32_t threads,
                const char *what)
{
    return run_load(load_range, dst, src, n, enc, threads, what);
}

const fr_t *cpu_fr_in_place(const void *src, uint64_t n, uint32_t enc, uint32_t threads,
                            const char *what, int *st)
{
    *st = G16K_OK;
    if (__BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__ || enc != G16K_ENC_MONTGOMERY ||
        (uintptr_t)src % _Alignof(fr_t) != 0)
        return NULL;
    *st = run_load(check_range, NULL, src, n, enc, threads, what);
    return *st == G16K_OK ? src : NULL;
}

int cpu_fr_load_canon(uint64_t (*dst)[4], const void *src, uint64_t n, uint32_t enc,
                      uint32_t threads, const char *what)
{
    return run_load(load_canon_range, dst, src, n, enc, threads, what);
}

void cpu_fr_store(void *dst, const fr_t *src, uint64_t n, uint32_t enc, uint32_t threads)
{
    conv c = { .dst = dst, .src = (const uint8_t *)src, .enc = enc };
    atomic_init(&c.first_bad, UINT64_MAX);
    par_for(threads, n, par_grain(n, threads, MIN_GRAIN), store_range, &c);
}
