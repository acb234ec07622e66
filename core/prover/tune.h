/*
 * The core half of `g16k tune`: the real inputs of the five Groth16 MSMs
 * of one key and one witness (msm_scalars, calls.h), and one timed MSM call on the configured
 * provider. Every call goes to the primary provider of its slot and the bases handles the key
 * already holds (key->primary), through calls.h, so the timings are those a proof sees, without
 * its fallbacks, and each result passes the checks a proof's does.
 * Errors: negative g16k_status with the core error set and prefixed with the plugin name.
 * Thread-safety: as the providers' calls (plugin.h): concurrent calls are allowed, but timings
 * are only meaningful when nothing else runs.
 */
#ifndef G16K_PROVER_TUNE_H
#define G16K_PROVER_TUNE_H

#include "calls.h"
#include "internal.h"

/* h (caller-allocated, domain_size Fr, Montgomery) = H chain of synthesize(w) on the primary
 * synthesizer and NTT providers; w canonical, n_vars values, already checked against the key.
 * Errors: G16K_ENOMEM, or the provider's status (message prefixed with its name). */
int tune_compute_h(g16k_key *key, const fr_t *w, fr_t *h);

/* One call of MSM m with the given window (0 = the plugin's auto) on the primary provider:
 * *seconds = wall time of the call, *out = its result (raw: 96 B G1 then zeros, or 192 B G2).
 * Errors: the provider's status, or G16K_EINTERNAL for a result off its curve; the message
 * names the plugin, the MSM and the window. */
int tune_time_msm(g16k_key *key, int m, const void *scalars, uint64_t n, uint32_t enc,
                  uint32_t window, double *seconds, msm_result *out);

#endif
