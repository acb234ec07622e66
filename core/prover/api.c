/*
 * The rest of the embedding API (include/g16k/g16k.h): opening a prover from prover.ini,
 * describing it, writing proofs, verifying proofs as snarkjs does (from files or from memory),
 * and phase traces (util/trace.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "util/trace.h"
#include "util/error.h"
#include "util/same_file.h"

const char *g16k_version(void)
{
    return G16K_VERSION;
}

const char *g16k_last_error(void)
{
    return err_get();
}

int opts_copy(void *dst, size_t size, const void *given, const char *type)
{
    uint32_t n;
    if (!given)
        return G16K_OK;
    memcpy(&n, given, sizeof(n));
    if (n == 0)
        return err_set(G16K_EINVAL, "%s.struct_size is 0: set it to sizeof(%s)", type, type);
    memcpy(dst, given, n < size ? n : size);
    return G16K_OK;
}

const char *g16k_status_name(int status)
{
#define STATUS_CASE(name, value)                                                                   \
    case name: return #name;
    switch (status) {
        G16K_STATUS_LIST(STATUS_CASE)
    default: return "unknown";
    }
#undef STATUS_CASE
}

/* config_path NULL: the built-in configuration. */
static int prover_open(const char *config_path, g16k_prover **out)
{
    g16k_prover *p;
    int rc;

    *out = NULL;
    p = calloc(1, sizeof(*p));
    if (!p)
        return err_set(G16K_ENOMEM, "out of memory");
    rc = config_path ? config_load(config_path, &p->cfg) : config_load_builtin(&p->cfg);
    if (rc != G16K_OK) {
        free(p);
        return rc;
    }
    *out = p;
    return G16K_OK;
}

int g16k_prover_open(const char *config_path, g16k_prover **out)
{
    if (out)
        *out = NULL;
    if (!config_path || !out)
        return err_set(G16K_EINVAL, "g16k_prover_open: NULL argument");
    return prover_open(config_path, out);
}

int g16k_prover_open_default(g16k_prover **out)
{
    if (!out)
        return err_set(G16K_EINVAL, "g16k_prover_open_default: NULL argument");
    return prover_open(NULL, out);
}

void g16k_prover_close(g16k_prover *prover)
{
    if (!prover)
        return;
    config_free(prover->cfg);
    free(prover);
}

static void caps_string(char *buf, size_t len, uint32_t caps)
{
    snprintf(buf, len, "%s%s%s%s", caps & G16K_CAP_SYNTH ? " synth" : "",
             caps & G16K_CAP_NTT ? " ntt" : "", caps & G16K_CAP_MSM_G1 ? " msm.g1" : "",
             caps & G16K_CAP_MSM_G2 ? " msm.g2" : "");
}

size_t g16k_prover_describe(const g16k_prover *prover, char *buf, size_t len)
{
    if (!prover) {
        if (buf && len > 0)
            buf[0] = '\0';
        err_set(G16K_EINVAL, "g16k_prover_describe: prover is NULL");
        return 0;
    }
    const prover_config *cfg = prover->cfg;
    size_t used = 0;
    char caps[64];

    char dummy[1];
    /* snprintf-style: with buf == NULL only the length is counted. */
#define APPEND(...)                                                                                \
    do {                                                                                           \
        char *dst_ = buf && used < len ? buf + used : dummy;                                       \
        size_t cap_ = buf && used < len ? len - used : 0;                                          \
        int k_ = snprintf(dst_, cap_, __VA_ARGS__);                                                \
        if (k_ > 0)                                                                                \
            used += (size_t)k_;                                                                    \
    } while (0)

    APPEND("config: %s\nthreads: %u\nverify: %s\n", cfg->file, cfg->threads,
           cfg->verify ? "always" : "never");
    APPEND("plugins:\n");
    for (unsigned i = 0; i < cfg->n_plugins; i++) {
        const loaded_plugin *pl = &cfg->plugins[i];
        APPEND("  %-8s %s %s (ABI %u.%u) %s\n", pl->name, pl->desc->name, pl->desc->version,
               pl->desc->abi_major, pl->desc->abi_minor, pl->path);
        for (unsigned c = 0; c < pl->n_on; c++) {
            caps_string(caps, sizeof(caps), pl->on[c].caps);
            APPEND("           capabilities on %s:%s\n", abi_curve_str(pl->on[c].curve), caps);
        }
        if (pl->info[0])
            APPEND("           device: %s\n", pl->info);
    }
    APPEND("slots:\n");
    for (int s = 0; s < SLOT_COUNT; s++) {
        const provider_slot *sl = &cfg->slot[s];
        APPEND("  %-12s %s", config_slot_name(s), sl->primary ? sl->primary->name : "(none)");
        if (sl->fallback)
            APPEND(" (fallback %s)", sl->fallback->name);
        APPEND("\n");
    }
    APPEND("windows:");
    for (int w = 0; w < MSM_COUNT; w++) {
        if (cfg->window[w])
            APPEND(" %s=%u", groth16_msms[w].window_key, cfg->window[w]);
        else
            APPEND(" %s=auto", groth16_msms[w].window_key);
    }
    APPEND("\n");
#undef APPEND
    return used;
}

int g16k_proof_write(const g16k_proof *proof, const char *proof_path, const char *public_path)
{
    if (!proof)
        return err_set(G16K_EINVAL, "g16k_proof_write: proof is NULL");
    if (path_same_file(proof_path, public_path))
        return err_set(G16K_EINVAL,
                       "g16k_proof_write: %s and %s are the same file: the public signals would "
                       "replace the proof; give each its own path",
                       proof_path, public_path);
    /* one pair, also under concurrent writers (formats/json_pair.c) */
    return json_pair_write(proof_path, &proof->pt, public_path, proof->pub, proof->n_pub);
}

/* snprintf-style copy of text (n bytes, freed here) into buf; 0 when rc says it was not made
 * (then buf, if it has room, holds ""). */
static size_t copy_text(int rc, char *text, size_t n, char *buf, size_t len)
{
    if (rc != G16K_OK) {
        if (buf && len > 0)
            buf[0] = '\0';
        return 0;
    }
    if (buf && len > 0) {
        size_t k = n < len ? n : len - 1;
        memcpy(buf, text, k);
        buf[k] = '\0';
    }
    free(text);
    return n;
}

size_t g16k_proof_json(const g16k_proof *proof, char *buf, size_t len)
{
    char *text = NULL;
    size_t n = 0;
    int rc = proof ? proof_json_string(&proof->pt, &text, &n)
                   : err_set(G16K_EINVAL, "g16k_proof_json: proof is NULL");
    return copy_text(rc, text, n, buf, len);
}

size_t g16k_public_json(const g16k_proof *proof, char *buf, size_t len)
{
    char *text = NULL;
    size_t n = 0;
    int rc = proof ? public_json_string(proof->pt.cv, proof->pub, proof->n_pub, &text, &n)
                   : err_set(G16K_EINVAL, "g16k_public_json: proof is NULL");
    return copy_text(rc, text, n, buf, len);
}

/* Point p of G1 (deg 1) or G2 (deg 2) of cv into out (len bytes, NULL: skipped) as canonical
 * little-endian coordinates x || y (G2: c0 then c1), the rest of out zero; infinity all zero. */
static void point_bytes_canon(const curve *cv, int deg, uint8_t *out, size_t len, const void *p)
{
    uint64_t c[3][2 * CURVE_FP_MAX_LIMBS];
    size_t limbs = (size_t)deg * cv->fp_limbs;
    if (!out)
        return;
    memset(out, 0, len);
    curve_to_xyz(cv, deg, c, p);
    int inf = 1;
    for (size_t i = 0; i < limbs; i++)
        inf &= c[2][i] == 0;
    if (inf)
        return;
    for (size_t k = 0; k < 2; k++)
        for (size_t i = 0; i < limbs; i++)
            for (size_t b = 0; b < 8; b++)
                out[(k * limbs + i) * 8 + b] = (uint8_t)(c[k][i] >> (8 * b));
}

void g16k_proof_points(const g16k_proof *proof, uint8_t a[96], uint8_t b[192], uint8_t c[96])
{
    if (!proof) {
        err_set(G16K_EINVAL, "g16k_proof_points: proof is NULL");
        if (a)
            memset(a, 0, 96);
        if (b)
            memset(b, 0, 192);
        if (c)
            memset(c, 0, 96);
        return;
    }
    point_bytes_canon(proof->pt.cv, 1, a, 96, &proof->pt.a);
    point_bytes_canon(proof->pt.cv, 2, b, 192, &proof->pt.b);
    point_bytes_canon(proof->pt.cv, 1, c, 96, &proof->pt.c);
}

/* The verdict on a statement read by g16k_verify_files or g16k_verify_json, named in messages
 * as given (paths or buffer names). public_json_read / _parse took each signal only in canonical
 * decimal below r, and proof_json_read / _parse each point only on the curve and in its
 * prime-order subgroup (else G16K_EVERIFY already). The statement is the key's n_public signals
 * exactly (snarkjs reads a short list as if the missing signals were 0). */
static int verify_statement(const char *vk_name, const groth16_vk *vk, const char *public_name,
                            const curve_scalar *pub, size_t n_pub, const groth16_proof *pf)
{
    if (n_pub != vk->n_public)
        return err_set(G16K_EVERIFY, "%s: %zu public signals, the verification key %s has %u",
                       public_name, n_pub, vk_name, vk->n_public);
    if (!vk->cv->groth16_check(&pf->a, &pf->b, &pf->c, &vk->alpha1, &vk->beta2, &vk->gamma2,
                               &vk->delta2, vk->ic, sizeof(*vk->ic), vk->n_public + 1, pub, n_pub))
        return err_set(G16K_EVERIFY, "invalid proof: the pairing check failed");
    return G16K_OK;
}

int g16k_verify_files(const char *vk_path, const char *public_path, const char *proof_path)
{
    groth16_vk vk;
    groth16_proof pf;
    curve_scalar *pub = NULL;
    size_t n_pub = 0;
    int rc;

    if (!vk_path || !public_path || !proof_path)
        return err_set(G16K_EINVAL, "g16k_verify_files: NULL argument");
    memset(&vk, 0, sizeof(vk));
    if ((rc = vk_json_read(vk_path, &vk)) != G16K_OK)
        return rc;
    if ((rc = json_pair_read(public_path, vk.cv, &pub, &n_pub, proof_path, &pf)) == G16K_OK)
        rc = verify_statement(vk_path, &vk, public_path, pub, n_pub, &pf);
    free(pub);
    vk_free(&vk);
    return rc;
}

int g16k_verify_json(const char *vk_json, size_t vk_len, const char *public_json, size_t public_len,
                     const char *proof_json, size_t proof_len)
{
    static const char vk_name[] = "verification key buffer",
                      public_name[] = "public signals buffer", proof_name[] = "proof buffer";
    groth16_vk vk;
    groth16_proof pf;
    curve_scalar *pub = NULL;
    size_t n_pub = 0;
    int rc;

    if (!vk_json || !public_json || !proof_json)
        return err_set(G16K_EINVAL, "g16k_verify_json: NULL argument");
    memset(&vk, 0, sizeof(vk));
    if ((rc = vk_json_parse(vk_name, vk_json, vk_len, &vk)) != G16K_OK)
        return rc;
    /* the order of the files: the key, the public signals, the proof */
    if ((rc = public_json_parse(public_name, public_json, public_len, vk.cv, &pub, &n_pub)) ==
            G16K_OK &&
        (rc = proof_json_parse(proof_name, proof_json, proof_len, vk.cv, &pf)) == G16K_OK)
        rc = verify_statement(vk_name, &vk, public_name, pub, n_pub, &pf);
    free(pub);
    vk_free(&vk);
    return rc;
}

int g16k_trace_open(const char *path, g16k_trace **out)
{
    if (!out)
        return err_set(G16K_EINVAL, "g16k_trace_open: NULL argument");
    return trace_open(path, out);
}

int g16k_trace_close(g16k_trace *trace)
{
    return trace_close(trace);
}
