/*
 * Private structures of the Groth16 pipeline (core/prover/). Not installed.
 */
#ifndef G16K_PROVER_INTERNAL_H
#define G16K_PROVER_INTERNAL_H

#include <pthread.h>

#include "g16k/g16k.h"
#include "bls12_381/curve.h"
#include "formats/json_io.h"
#include "formats/zkey.h"
#include "plugin/config.h"

struct g16k_prover {
    prover_config *cfg;
};

/* Provider-owned handles of one key for one set of plugins (primary or fallback). */
typedef struct key_handles {
    g16k_circuit *circuit;
    g16k_ntt_domain *domain;
    g16k_msm_bases *bases[MSM_COUNT];
    /* 1: bases[m] was lent the zkey's array of MSM m (bases_borrow), which must then live
     * until the handle is destroyed */
    int lent[MSM_COUNT];
    /* 1: circuit was lent the zkey's coefficients (circuit_borrow), which must then live until
     * the circuit is destroyed */
    int coefs_lent;
    int ready; /* 1 once every handle was created */
} key_handles;

struct g16k_key {
    g16k_prover *prover;
    /* the slots' providers on the key's curve, [slot][0 primary, 1 fallback or NULL] */
    const provider *prov[SLOT_COUNT][2];
    zkey *zk; /* header and IC always; the big arrays are dropped once uploaded unless a
               * fallback may need them later or a provider borrowed them (key_handles.lent);
               * freed (zkey_free) only after every handle is destroyed */
    int keep_arrays;
    int cached; /* the verdict cache vouched for the points (g16k_key_cached) */
    key_handles primary;
    key_handles fallback; /* created on first use, under fallback_lock */
    pthread_mutex_t fallback_lock;
    const g16k_key_opts *loading; /* during g16k_key_load*: its progress callback, or NULL */
    const char *loading_path;     /* during the load: the key's name in messages */
};

struct g16k_proof {
    groth16_proof pt; /* affine, Montgomery coordinates, of curve pt.cv */
    fr_t *pub;        /* n_pub canonical values w[1..P] */
    size_t n_pub;
};

/* An embedder's options struct `given` (NULL, or starting with uint32_t struct_size) over the
 * defaults in dst (size bytes): the fields its struct_size covers are copied, the others keep
 * their defaults (an older caller). G16K_EINVAL when struct_size is 0 (type names it). */
int opts_copy(void *dst, size_t size, const void *given, const char *type);

/* Phase times of one key load (key_load). */
typedef struct key_load_stats {
    zkey_load_stats zk; /* read, decode, digest, subgroup tests (formats/zkey.h) */
    double handles;     /* the providers' circuit_create (or _borrow), domain_create and
                         * bases_create (or _borrow) */
    double total;       /* the whole load */
} key_load_stats;

/* g16k_key_load_file and _buffer after their argument checks, and g16k bench load: the zkey of
 * args (a path or a buffer; key.c fills in threads, cache, progress and stats), then the
 * providers' handles. opts: the embedder's options (not NULL), borrowed during the call; phase
 * times in st (may be NULL). */
int key_load(g16k_prover *prover, zkey_load_args *args, const g16k_key_opts *opts,
             key_load_stats *st /* OUT */, g16k_key **out);

/* Create the handles of `which` (0 primary, 1 fallback) for key; G16K_OK or error. */
int key_handles_create(g16k_key *key, int which);
void key_handles_destroy(g16k_key *key, key_handles *h, int which);
/* The handles of `which`, creating the fallback set on first use (thread-safe). NULL on error. */
key_handles *key_handles_get(g16k_key *key, int which);
/* The provider of slot on key's curve for `which` (0 primary, 1 fallback: NULL if none). */
const provider *slot_provider(const g16k_key *key, int slot, int which);

#endif
