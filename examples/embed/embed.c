/*
 * g16k-embed: a program that embeds libg16k (include/g16k/g16k.h) the way a proving service
 * would: the proving key is read into memory and loaded once, then every witness is proved
 * with it, and each proof comes back as JSON text (here written next to the witness name in
 * OUTDIR; a service would send it on).
 *
 *   g16k-embed [--repeat K] CONFIG.ini KEY.zkey OUTDIR WITNESS.wtns...
 *
 * For each WITNESS, OUTDIR/NAME.proof.json and OUTDIR/NAME.public.json (NAME: the file name
 * without .wtns), as snarkjs writes them: `snarkjs groth16 verify verification_key.json
 * NAME.public.json NAME.proof.json` accepts them. --repeat K proves each witness K times (the
 * files hold the last proof), to measure proofs per minute with the key resident; the rate is
 * printed on stdout at the end.
 * On a terminal the key load and the proofs show their progress on stderr; Ctrl-C cancels the
 * running load or proof cleanly (G16K_ECANCELED) and exits with status 130.
 * Errors name their g16k status (g16k_status_name) and say why (g16k_last_error); exit 1. The
 * library's warnings (g16k_set_log) are printed on stderr too.
 *
 * Build it from an installed g16k, with CMake (find_package(g16k), target g16k::g16k: see
 * CMakeLists.txt beside this file) or with pkg-config:
 *   cc -std=c11 $(pkg-config --cflags g16k) -o g16k-embed embed.c $(pkg-config --libs g16k)
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <g16k/g16k.h>

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* The progress callback of the key load and of every proof: a one-line meter on a terminal,
 * and the way a Ctrl-C reaches libg16k (a non-zero return cancels). */
static int on_progress(void *user, const char *stage, uint64_t done, uint64_t total)
{
    const int *tty = user;
    if (*tty && total > 0)
        fprintf(stderr, "\r%-8s %3u%%", stage, (unsigned)(100 * done / total));
    return interrupted;
}

/* The library writes nothing by itself: its warnings (a key before phase 2, a provider that
 * fell back) come here, from any thread of a g16k call; one fprintf per line. */
static void on_log(void *user, int level, const char *line)
{
    (void)user;
    fprintf(stderr, "g16k-embed: %s: %s\n", level == G16K_LOG_ERROR ? "error" : "warn", line);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int fail(const char *what, int rc)
{
    fprintf(stderr, "\ng16k-embed: %s: %s: %s\n", what, g16k_status_name(rc), g16k_last_error());
    return rc == G16K_ECANCELED ? 130 : 1;
}

/* The whole file in memory (malloc'ed); NULL with errno on failure. */
static void *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;
    if (!f)
        return NULL;
    for (;;) {
        if (n == cap) {
            char *b = realloc(buf, cap = cap ? 2 * cap : 1 << 20);
            if (!b) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = b;
        }
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (k == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    *len = n;
    return buf;
}

/* text (from g16k_proof_json or g16k_public_json, which say how long it is) into dir/name.ext */
static int write_text(const char *dir, const char *name, const char *ext, const g16k_proof *pf,
                      size_t (*text)(const g16k_proof *, char *, size_t))
{
    char path[4096];
    size_t n = text(pf, NULL, 0);
    char *buf = n ? malloc(n + 1) : NULL;
    FILE *f;
    int ok;
    if (!buf)
        return -1;
    text(pf, buf, n + 1);
    snprintf(path, sizeof(path), "%s/%s.%s.json", dir, name, ext);
    f = fopen(path, "w");
    ok = f && fwrite(buf, 1, n, f) == n;
    if (f && fclose(f) != 0)
        ok = 0;
    if (!ok)
        fprintf(stderr, "g16k-embed: %s: %s\n", path, strerror(errno));
    free(buf);
    return ok ? 0 : -1;
}

/* "dir/abc.wtns" -> "abc" */
static void base_name(char *out, size_t len, const char *path)
{
    const char *b = strrchr(path, '/');
    snprintf(out, len, "%s", b ? b + 1 : path);
    size_t n = strlen(out);
    if (n > 5 && strcmp(out + n - 5, ".wtns") == 0)
        out[n - 5] = '\0';
}

int main(int argc, char **argv)
{
    int repeat = 1, tty = isatty(STDERR_FILENO), rc, status = 0;
    int a = 1;
    if (argc > 2 && strcmp(argv[1], "--repeat") == 0) {
        repeat = atoi(argv[2]);
        a = 3;
    }
    if (argc - a < 4 || repeat < 1) {
        fprintf(stderr,
                "usage: g16k-embed [--repeat K] CONFIG.ini KEY.zkey OUTDIR WITNESS.wtns...\n");
        return 2;
    }
    const char *config = argv[a], *zkey_path = argv[a + 1], *outdir = argv[a + 2];

    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_sigint;
    sigaction(SIGINT, &sa, NULL);

    g16k_set_log(on_log, NULL, G16K_LOG_WARN);
    g16k_prover *prover = NULL;
    g16k_key *key = NULL;
    if ((rc = g16k_prover_open(config, &prover)) != G16K_OK)
        return fail("open the prover", rc);
    fprintf(stderr, "g16k-embed: libg16k %s\n", g16k_version());

    /* The key from memory: a service may hold it from a database or the network. */
    size_t zlen = 0;
    void *zbuf = read_all(zkey_path, &zlen);
    if (!zbuf) {
        fprintf(stderr, "g16k-embed: %s: %s\n", zkey_path, strerror(errno));
        g16k_prover_close(prover);
        return 1;
    }
    g16k_key_opts ko = {
        .struct_size = sizeof(ko), .progress = on_progress, .progress_user = &tty, .name = zkey_path
    };
    double t0 = now();
    rc = g16k_key_load_buffer(prover, zbuf, zlen, &ko, &key);
    free(zbuf); /* the key keeps its own copy */
    if (rc != G16K_OK) {
        g16k_prover_close(prover);
        return fail("load the key", rc);
    }
    fprintf(stderr, "%sg16k-embed: key loaded in %.2f s (%u public signals)\n", tty ? "\r" : "",
            now() - t0, g16k_key_n_public(key));

    g16k_prove_opts po = {
        .struct_size = sizeof(po), .verify = -1, .progress = on_progress, .progress_user = &tty
    };
    int proofs = 0;
    t0 = now();
    for (int i = a + 3; i < argc && status == 0; i++) {
        char name[1024];
        base_name(name, sizeof(name), argv[i]);
        for (int k = 0; k < repeat && status == 0; k++) {
            g16k_proof *pf = NULL;
            if ((rc = g16k_prove(prover, key, argv[i], &po, &pf)) != G16K_OK) {
                status = fail("prove", rc);
                break;
            }
            proofs++;
            if (k + 1 == repeat && (write_text(outdir, name, "proof", pf, g16k_proof_json) != 0 ||
                                    write_text(outdir, name, "public", pf, g16k_public_json) != 0))
                status = 1;
            g16k_proof_free(pf);
        }
    }
    double dt = now() - t0;
    if (proofs > 0)
        printf("%d proofs in %.2f s: %.1f proofs per minute\n", proofs, dt, 60.0 * proofs / dt);
    g16k_key_free(key);
    g16k_prover_close(prover);
    return status;
}
