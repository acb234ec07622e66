/*
 * proof.json and public.json as one pair (json_io.h json_pair_write / json_pair_read).
 *
 * Each file alone is replaced atomically (temporary + rename), but two provers writing the same
 * two paths could interleave their renames and leave the proof of one beside the public signals
 * of the other. So a writer first writes and fsyncs both temporaries, then takes an exclusive
 * advisory lock on the folder(s) of the two paths (dir_lock.c) and renames both under it:
 * public.json first, so a proof.json never appears without its signals. A reader
 * (g16k verify) holds the shared lock while it reads both. Guarantees, among g16k processes
 * and libg16k callers that use these two functions:
 *   - after any set of concurrent writers finished, the pair on disk is one writer's pair;
 *   - a reader sees one writer's pair, old or new, never a mix.
 * Other readers (snarkjs, cp) take no lock: they may read the two files in the instant between
 * the two renames and see a mixed pair. Where such readers matter, give each writer its own
 * paths. A writer killed between its two renames leaves its new public.json beside the old
 * proof.json (the renames cannot be one operation).
 */
#include "json_internal.h"

#include <stdio.h>
#include <stdlib.h>

#include "g16k/plugin.h"
#include "util/atomic_write.h"

int json_pair_write(const char *proof_path, const groth16_proof *proof, const char *public_path,
                    const curve_scalar *canon, size_t n)
{
    strbuf tp = { 0 }, tq = { 0 };
    atomic_file fp = { 0 }, fq = { 0 };
    int rc = G16K_OK;
    if (public_path && (rc = public_json_text(&tq, public_path, proof->cv, canon, n)) != G16K_OK)
        goto out;
    if (proof_path && (rc = proof_json_text(&tp, proof_path, proof)) != G16K_OK)
        goto out;
    if (public_path && (rc = atomic_stage(&fq, public_path, tq.data, tq.len)) != G16K_OK)
        goto out;
    if (proof_path && (rc = atomic_stage(&fp, proof_path, tp.data, tp.len)) != G16K_OK)
        goto out;
    dir_lock lk;
    dir_lock_acquire(&lk, public_path, proof_path, 1);
    if (public_path)
        rc = atomic_commit(&fq);
    if (rc == G16K_OK && proof_path && (rc = atomic_commit(&fp)) != G16K_OK && public_path)
        remove(public_path); /* no public.json without its proof */
    dir_lock_release(&lk);
    if (rc == G16K_OK) {
        if (public_path)
            atomic_sync_dir(public_path);
        if (proof_path)
            atomic_sync_dir(proof_path);
    }
out:
    atomic_discard(&fq);
    atomic_discard(&fp);
    strbuf_free(&tq);
    strbuf_free(&tp);
    return rc;
}

int json_pair_read(const char *public_path, const curve *cv, curve_scalar **canon, size_t *n,
                   const char *proof_path, groth16_proof *proof)
{
    dir_lock lk;
    dir_lock_acquire(&lk, public_path, proof_path, 0);
    curve_scalar *v = NULL;
    size_t nv = 0;
    int rc = public_json_read(public_path, cv, &v, &nv);
    if (rc == G16K_OK)
        rc = proof_json_read(proof_path, cv, proof);
    dir_lock_release(&lk);
    if (rc != G16K_OK) {
        free(v);
        return rc;
    }
    *canon = v;
    *n = nv;
    return G16K_OK;
}
