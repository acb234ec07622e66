/*
 * verification_key.json reader (docs/formats.md, "JSON files"; snarkjs zkey_export_verificationkey.js,
 * groth16Vk). Checks protocol "groth16", curve "bls12381" or "bn128" (the curve every point is
 * read on), nPublic an integer in [0, 2^32 - 1)
 * and IC of exactly nPublic + 1 points. vk_alphabeta_12 is not read (the verifier recomputes
 * e(alpha1, beta2)). Every point must be on its curve and in its prime-order subgroup, and
 * alpha1, beta2, gamma2 and delta2 must not be the point at infinity; any other key is
 * malformed (G16K_EFORMAT naming the field), never a verdict on a proof.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"
#include "json_internal.h"
#include "json_io.h"
#include "util/error.h"

static int check_string(const char *path, json_object *root, const char *key, const char *want)
{
    json_object *v;
    int rc = json_member(path, "", root, key, json_type_string, &v);
    if (rc != G16K_OK)
        return rc;
    if (strcmp(json_object_get_string(v), want) != 0)
        return err_set(G16K_EFORMAT, "%s: %s: \"%.60s\", expected \"%s\"", path, key,
                       json_object_get_string(v), want);
    return G16K_OK;
}

/* Groth16's alpha, beta, gamma and delta are non-zero toxic waste, so no setup makes these
 * points at infinity; a key that has one is forged or corrupt. With gamma2 at infinity the
 * check's e(vk_x, gamma2) is 1 whatever the public signals are, so (pi_a, pi_b, pi_c) = (alpha1,
 * beta2, infinity) verifies for any statement; with delta2 at infinity pi_c drops out the same
 * way. snarkjs refuses such proofs; so does g16k, by refusing the key. IC points may be
 * infinity: a public signal in no constraint has IC = 0. */
static int vk_inf(const char *path, const char *at, int is_inf)
{
    if (!is_inf)
        return G16K_OK;
    return err_set(G16K_EFORMAT,
                   "%s: %s: the point at infinity, which no Groth16 setup makes (a forged or "
                   "corrupt verification key: with it a forged proof would verify)",
                   path, at);
}

/* A point of the key off its curve or outside its subgroup is a malformed key (G16K_EFORMAT),
 * where the same in a proof makes the proof invalid (json_g1's G16K_EVERIFY). */
static int as_format(int rc)
{
    return rc == G16K_EVERIFY ? G16K_EFORMAT : rc;
}

/* A key point read as not a point, with a coordinate not below p: most likely a key of the other
 * curve under a wrong "curve" member (BLS12-381's coordinates exceed BN254's p); the message
 * says which curve the key named. rc otherwise unchanged. */
static int key_point(int rc, const curve *cv)
{
    rc = as_format(rc);
    if (rc != G16K_EFORMAT || strstr(err_get(), "(not below p)") == NULL)
        return rc;
    char msg[G16K_ERR_MAX];
    snprintf(msg, sizeof(msg), "%s", err_get());
    return err_set(rc, "%s; the key says \"curve\": \"%s\" (%s): is that the curve it was made on?",
                   msg, cv->snarkjs, cv->name);
}

static int read_curve(const char *path, json_object *root, const curve **cv)
{
    json_object *v;
    int rc = json_member(path, "", root, "curve", json_type_string, &v);
    if (rc != G16K_OK)
        return rc;
    if ((*cv = curve_by_snarkjs(json_object_get_string(v))) == NULL)
        return err_set(G16K_EFORMAT, "%s: curve: \"%.60s\", expected %s", path,
                       json_object_get_string(v), curve_snarkjs_names());
    return G16K_OK;
}

static int read_vk(const char *path, json_object *root, groth16_vk *vk)
{
    json_object *np, *alpha, *beta, *gamma, *delta, *ic;
    int rc;
    if ((rc = check_string(path, root, "protocol", "groth16")) != G16K_OK ||
        (rc = read_curve(path, root, &vk->cv)) != G16K_OK ||
        (rc = json_member(path, "", root, "nPublic", json_type_int, &np)) != G16K_OK)
        return rc;
    const curve *cv = vk->cv;
    int64_t n = json_object_get_int64(np);
    /* json-c clamps out-of-range integers to INT64_MIN/MAX; both fail this test. */
    if (n < 0 || n >= (int64_t)UINT32_MAX)
        return err_set(G16K_EFORMAT, "%s: nPublic: %lld is out of range", path, (long long)n);
    vk->n_public = (uint32_t)n;
    if ((rc = json_member(path, "", root, "vk_alpha_1", json_type_array, &alpha)) != G16K_OK ||
        (rc = json_member(path, "", root, "vk_beta_2", json_type_array, &beta)) != G16K_OK ||
        (rc = json_member(path, "", root, "vk_gamma_2", json_type_array, &gamma)) != G16K_OK ||
        (rc = json_member(path, "", root, "vk_delta_2", json_type_array, &delta)) != G16K_OK ||
        (rc = json_member(path, "", root, "IC", json_type_array, &ic)) != G16K_OK ||
        (rc = json_expect_array(path, "IC", ic, (size_t)vk->n_public + 1)) != G16K_OK ||
        (rc = key_point(json_g1(path, "vk_alpha_1", alpha, cv, &vk->alpha1), cv)) != G16K_OK ||
        (rc = vk_inf(path, "vk_alpha_1", cv->g1_is_inf(&vk->alpha1))) != G16K_OK ||
        (rc = key_point(json_g2(path, "vk_beta_2", beta, cv, &vk->beta2), cv)) != G16K_OK ||
        (rc = vk_inf(path, "vk_beta_2", cv->g2_is_inf(&vk->beta2))) != G16K_OK ||
        (rc = key_point(json_g2(path, "vk_gamma_2", gamma, cv, &vk->gamma2), cv)) != G16K_OK ||
        (rc = vk_inf(path, "vk_gamma_2", cv->g2_is_inf(&vk->gamma2))) != G16K_OK ||
        (rc = key_point(json_g2(path, "vk_delta_2", delta, cv, &vk->delta2), cv)) != G16K_OK ||
        (rc = vk_inf(path, "vk_delta_2", cv->g2_is_inf(&vk->delta2))) != G16K_OK)
        return rc;
    /* The IC length was just matched against the parsed array, so this is bounded by the file. */
    /* zeroed: a BN254 point leaves the tail of its union unwritten */
    vk->ic = calloc((size_t)vk->n_public + 1, sizeof(curve_g1));
    if (vk->ic == NULL)
        return err_set(G16K_ENOMEM, "%s: out of memory for %u IC points", path, vk->n_public + 1);
    for (size_t i = 0; i <= vk->n_public; i++) {
        char at[32];
        snprintf(at, sizeof(at), "IC[%zu]", i);
        if ((rc = key_point(json_g1(path, at, json_object_array_get_idx(ic, i), cv, &vk->ic[i]),
                            cv)) != G16K_OK)
            return rc;
    }
    return G16K_OK;
}

/* vk_json_read and vk_json_parse: the file `name` when text is NULL (json_get). */
static int vk_read(const char *name, const char *text, size_t len, groth16_vk *out)
{
    json_object *root;
    int rc = json_get(name, text, len, JSON_MAX_VK, &root);
    if (rc != G16K_OK)
        return rc;
    groth16_vk vk;
    memset(&vk, 0, sizeof(vk));
    rc = read_vk(name, root, &vk);
    json_object_put(root);
    if (rc != G16K_OK) {
        vk_free(&vk);
        return rc;
    }
    *out = vk;
    return G16K_OK;
}

int vk_json_read(const char *path, groth16_vk *out)
{
    return vk_read(path, NULL, 0, out);
}

int vk_json_parse(const char *name, const char *text, size_t len, groth16_vk *out)
{
    return vk_read(name, text, len, out);
}

void vk_free(groth16_vk *vk)
{
    if (vk == NULL)
        return;
    free(vk->ic);
    vk->ic = NULL;
}
