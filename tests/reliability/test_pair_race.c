/*
 * proof.json + public.json under concurrent writers and readers, in one process through the
 * embedding API (formats/json_pair.c): two proofs of one key with different public signals
 * (poseidon2 with two witnesses; the second made by snarkjs from another input, see
 * pair_race.sh), written again and again by two threads to the same two paths while two
 * threads verify whatever is there with g16k_verify_files. Every read must verify (a reader
 * sees one writer's pair, never a mix) and so must the final pair. Without the folder lock
 * the readers see mixed pairs within a few hundred writes.
 * usage: test_pair_race CONFIG ZKEY WTNS1 WTNS2 VK OUTDIR [WRITES]
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "g16k/g16k.h"

static const char *proof_path, *public_path, *vk_path;
static atomic_int writers_done;
static atomic_long reads, bad_reads;
static char bad_msg[1024];
static pthread_mutex_t msg_lock = PTHREAD_MUTEX_INITIALIZER;
static long writes = 800;

typedef struct writer {
    const g16k_proof *proof;
    int rc;
    char err[512];
} writer;

static void *write_loop(void *arg)
{
    writer *w = arg;
    for (long i = 0; i < writes; i++) {
        if ((w->rc = g16k_proof_write(w->proof, proof_path, public_path)) != G16K_OK) {
            snprintf(w->err, sizeof w->err, "%s", g16k_last_error());
            break;
        }
    }
    atomic_fetch_add(&writers_done, 1);
    return NULL;
}

static void *read_loop(void *arg)
{
    (void)arg;
    while (atomic_load(&writers_done) < 2) {
        int rc = g16k_verify_files(vk_path, public_path, proof_path);
        atomic_fetch_add(&reads, 1);
        if (rc != G16K_OK) {
            pthread_mutex_lock(&msg_lock);
            if (atomic_fetch_add(&bad_reads, 1) == 0)
                snprintf(bad_msg, sizeof bad_msg, "%s", g16k_last_error());
            pthread_mutex_unlock(&msg_lock);
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 7) {
        fprintf(stderr, "usage: test_pair_race CONFIG ZKEY WTNS1 WTNS2 VK OUTDIR [WRITES]\n");
        return 2;
    }
    static char pp[4096], pq[4096];
    snprintf(pp, sizeof pp, "%s/proof.json", argv[6]);
    snprintf(pq, sizeof pq, "%s/public.json", argv[6]);
    proof_path = pp;
    public_path = pq;
    vk_path = argv[5];
    if (argc > 7)
        writes = atol(argv[7]);
    g16k_prover *p;
    g16k_key *key;
    g16k_proof *pf[2] = { NULL, NULL };
    if (g16k_prover_open(argv[1], &p) != G16K_OK || g16k_key_load(p, argv[2], &key) != G16K_OK ||
        g16k_prove(p, key, argv[3], NULL, &pf[0]) != G16K_OK ||
        g16k_prove(p, key, argv[4], NULL, &pf[1]) != G16K_OK) {
        fprintf(stderr, "FAIL: setup: %s\n", g16k_last_error());
        return 1;
    }
    /* The two proofs must be distinguishable: a mixed pair fails verification. */
    if (g16k_proof_write(pf[0], proof_path, NULL) != G16K_OK ||
        g16k_proof_write(pf[1], NULL, public_path) != G16K_OK ||
        g16k_verify_files(vk_path, public_path, proof_path) != G16K_EVERIFY) {
        fprintf(stderr, "FAIL: a mixed pair does not fail verification: %s\n", g16k_last_error());
        return 1;
    }
    if (g16k_proof_write(pf[0], proof_path, public_path) != G16K_OK) {
        fprintf(stderr, "FAIL: write: %s\n", g16k_last_error());
        return 1;
    }
    writer w[2] = { { .proof = pf[0] }, { .proof = pf[1] } };
    pthread_t tw[2], tr[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&tr[i], NULL, read_loop, NULL);
    for (int i = 0; i < 2; i++)
        pthread_create(&tw[i], NULL, write_loop, &w[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(tw[i], NULL);
    for (int i = 0; i < 2; i++)
        pthread_join(tr[i], NULL);
    int fails = 0;
    for (int i = 0; i < 2; i++)
        if (w[i].rc != G16K_OK) {
            fprintf(stderr, "FAIL: writer %d: %s\n", i, w[i].err);
            fails++;
        }
    if (atomic_load(&bad_reads)) {
        fprintf(stderr, "FAIL: %ld of %ld concurrent reads did not verify; first: %s\n",
                atomic_load(&bad_reads), atomic_load(&reads), bad_msg);
        fails++;
    }
    if (g16k_verify_files(vk_path, public_path, proof_path) != G16K_OK) {
        fprintf(stderr, "FAIL: the final pair does not verify: %s\n", g16k_last_error());
        fails++;
    }
    printf("%ld writes by each of 2 threads, %ld concurrent reads: %s\n", writes,
           atomic_load(&reads), fails ? "FAILED" : "every read and the final pair verified");
    for (int i = 0; i < 2; i++)
        g16k_proof_free(pf[i]);
    g16k_key_free(key);
    g16k_prover_close(p);
    return fails ? 1 : 0;
}
