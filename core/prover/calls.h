/*
 * The one layer through which the core calls providers (prove.c, tune.c, key.c, g16k bench).
 * Each call_* function clears the thread's error, calls one vtable entry of the plugin pv,
 * checks what came back (an MSM result must be a point of its group), and on failure prefixes
 * the plugin's message with "plugin NAME: WHAT" (the creates: "plugin NAME (PATH): WHAT").
 * Fallbacks and retries are the caller's business (prove.c); this layer only makes one call.
 * Tracing: when the calling thread has a trace bound (util/trace.h), each call adds one
 * event (category "call") named after it ("MSM A", "synthesize", "H chain", "NTT inverse",
 * "bases_create B_G2", ...) with the provider, its device and the call's sizes in its args;
 * the plugin's own inner events (plugin.h trace_begin/trace_end) nest inside it.
 *
 * Arguments are those of the vtable entry in plugin.h (shapes, encodings, ownership); field
 * elements here are fr_t arrays, Montgomery unless an argument says otherwise. Thread-safety:
 * that of the entry (plugin.h). Errors: the provider's negative g16k_status, or G16K_EINTERNAL
 * for a result that is not what the entry promises.
 */
#ifndef G16K_PROVER_CALLS_H
#define G16K_PROVER_CALLS_H

#include <stdint.h>

#include "bls12_381/curve.h"
#include "curve/curve.h"
#include "formats/zkey.h"
#include "plugin/config.h"

/* An MSM result: raw as the provider wrote it (Montgomery; a G1 or G2 point of the provider's
 * curve, curve.h g1_bytes or g2_bytes, the rest of raw zero for G1) and decoded into the point
 * of its group. */
typedef struct msm_result {
    uint8_t raw[192]; /* the largest point: BLS12-381's G2 */
    curve_g1 g1;      /* group G16K_G1 */
    curve_g2 g2;      /* group G16K_G2 */
} msm_result;

/* The inputs of Groth16 MSM m (MSM_*) for one proof (docs/proving.md, "The prover"): A, B_G1, B_G2 take
 * the witness w[0 .. n_vars), L its private part w[n_public + 1 .. n_vars), all canonical; H
 * takes h (domain_size values, Montgomery; may be NULL for the others). */
void msm_scalars(const zkey *zk, int m, const fr_t *w, const fr_t *h, const void **scalars,
                 uint64_t *n, uint32_t *enc);
/* The key's points of Groth16 MSM m (Montgomery affine, zk's arrays) and their count. */
void msm_points(const zkey *zk, int m, const void **points, uint64_t *n);

/* Handles: circuit_create, domain_create and bases_create of plugin.h, and their destroys
 * (NULL handles are no-ops). what names the handle in errors. */
/* zk's coefficients (Montgomery, in the file's order) into *out. lend = 1: the caller keeps
 * zk's coefficients (coef_records and coefs) valid and unchanged until
 * call_circuit_destroy(*out), so pv's circuit_borrow_records (plugin ABI 1.7) takes zk's
 * records when both are there, else its circuit_borrow (ABI 1.4) takes zk->coefs (decoded here
 * from the records first when zk has none: zkey_decode_coefs); either may keep the pointer.
 * Else, and with lend = 0, circuit_create copies zk->coefs (decoded the same way). The trace
 * event names the entry. *lent (may be NULL) = 1 when a borrowing entry ran. Errors: the
 * entry's, G16K_ENOMEM (the decode). */
int call_circuit_create(const provider *pv, zkey *zk, int lend, g16k_circuit **out, int *lent);
int call_domain_create(const provider *pv, uint32_t log_n, g16k_ntt_domain **out);
/* n Montgomery points of group (each coordinate < p, on the curve, in the subgroup; any
 * alignment) into *out. lend = 1: the caller keeps points valid and unchanged until
 * call_bases_destroy(*out), so pv's bases_borrow (plugin ABI 1.3) takes them when pv has it
 * (call_has_borrow) and they are 8-byte aligned, its bases_borrow_unaligned (ABI 1.7) when pv
 * has it (call_has_borrow_unaligned) and they are not; either may keep the pointer. Else, and
 * with lend = 0, bases_create copies them (from an aligned copy made here when they are off an
 * 8-byte boundary). *lent (may be NULL) = 1 when a borrowing entry ran. The trace event is
 * "ENTRY WHAT". Errors: the entry's, G16K_ENOMEM (the aligned copy). */
int call_bases_create(const provider *pv, uint32_t group, const void *points, uint64_t n, int lend,
                      const char *what, g16k_msm_bases **out, int *lent);
/* 1 when pv's MSM vtable has bases_borrow (ABI 1.3, not NULL). */
int call_has_borrow(const provider *pv);
/* 1 when pv's MSM vtable has bases_borrow_unaligned (ABI 1.7, not NULL). */
int call_has_borrow_unaligned(const provider *pv);
void call_circuit_destroy(const provider *pv, g16k_circuit *c);
void call_domain_destroy(const provider *pv, g16k_ntt_domain *d);
void call_bases_destroy(const provider *pv, g16k_msm_bases *b);

/* a, b, c (n_domain values each) = synthesize(w); w canonical, n_vars values, for a circuit
 * made by call_circuit_create from a zkey (whose matrices are scaled by R: zkey.h). */
int call_synthesize(const provider *pv, g16k_circuit *circuit, const fr_t *w, uint64_t n_vars,
                    fr_t *a, fr_t *b, fr_t *c);
/* One in-place transform of n values (plugin.h g16k_ntt_dir). */
int call_transform(const provider *pv, g16k_ntt_domain *d, fr_t *x, uint32_t dir);
/* The H chain of plugin.h compute_h: h (n values) from a, b, c (overwritten as scratch),
 * through compute_h when the plugin has it, else composed from transform(). */
int call_h_chain(const provider *pv, g16k_ntt_domain *d, fr_t *a, fr_t *b, fr_t *c, uint64_t n,
                 fr_t *h);
/* Whether pv has the ABI 1.1 entry compute_h_msm (its vtable is long enough and sets it). */
int call_has_h_msm(const provider *pv);
/* compute_h_msm (only when call_has_h_msm): the H chain and the H MSM in one call on n values
 * (the domain size); bases is pv's own G1 handle of the H points. Errors are prefixed
 * "plugin NAME: NTT and MSM H". */
int call_h_msm(const provider *pv, g16k_ntt_domain *d, fr_t *a, fr_t *b, fr_t *c, uint64_t n,
               g16k_msm_bases *bases, const g16k_msm_params *params, msm_result *out);
/* One msm() of n scalars in enc on bases of group; params as plugin.h (its msm_id names the
 * MSM in errors: "MSM A", or "MSM" for G16K_MSM_GENERIC). */
int call_msm(const provider *pv, g16k_msm_bases *bases, uint32_t group, const void *scalars,
             uint64_t n, uint32_t enc, const g16k_msm_params *params, msm_result *out);

#endif
