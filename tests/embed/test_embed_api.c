/*
 * The embedding API as an embedder uses it: this program includes only <g16k/g16k.h> and links
 * libg16k.so (no core internals), so it also proves that the library exports what it needs.
 *   - g16k_status_name spells every status of plugin.h;
 *   - proof and public JSON strings equal, byte for byte, the fixture's reference proof
 *     (ref_proof_r0_s0.json, made by an independent BigInt prover in snarkjs's layout) and
 *     snarkjs's own public.json, with snprintf-style lengths and truncation;
 *   - a key from memory (misaligned, freed right after the load) and a .wtns from memory give the
 *     reference proof; bad buffers, a witness of another circuit, NULL and struct_size 0 fail
 *     with their status and a message naming the buffer;
 *   - the verdict cache, on by default: a key from memory is digested and recorded as a file is
 *     (one entry for the same bytes whichever way they came, served to both), a key with a bad
 *     point or a cancelled load records nothing;
 *   - progress: stages, monotone counts, the exact number of points of the key, steps of a proof;
 *   - cancellation: at every stage of a load and a proof it returns G16K_ECANCELED, leaves the
 *     output NULL, never calls back again, and leaks nothing (the sanitizer build's leak check);
 *     the prover and key still work after it; on sha256_64 a cancelled load or proof returns
 *     before the work it skipped could have been done;
 *   - phase traces through the options: one file for a load and its proofs, MSMs named with
 *     their provider, ignored for a caller whose struct_size predates the field;
 *   - verification from memory (g16k_verify_json) beside the files (g16k_verify_files, the same
 *     bytes written out): on mult, nopub, poseidon2 and manypub both accept snarkjs's proof and
 *     the reference proof, both refuse (G16K_EVERIFY) a changed public signal, pi_a or pi_c of
 *     another valid proof, a point off the curve and another circuit's proof, and both call a
 *     malformed text G16K_EFORMAT (a vk_gamma_2 at infinity, a non-canonical signal, broken
 *     JSON, an empty text, a missing member), with the same message where the buffer's name
 *     ("verification key buffer", "public signals buffer", "proof buffer") stands for the path;
 *     only len bytes are read;
 *   - NULL arguments: every G16K_API function of g16k.h (the list is checked against the header)
 *     with each pointer argument NULL returns G16K_EINVAL or its documented harmless result;
 *   - the log: a key before phase 2 (delta = 1) loads and proves with nothing on stderr by
 *     default, even with $G16K_LOG=debug; a g16k_set_log callback gets the warning once, at
 *     G16K_LOG_WARN, as a bare line; levels filter (info adds the key cache's lines, error drops
 *     the warning); NULL silences again; g16k_set_log waits for a callback in flight.
 * Fixtures: mult, nopub, poseidon2, poseidon_chain, sha256_64 under G16K_FIXTURES; config
 * conf/cpu.ini (G16K_CONFIG, the default key cache), each test with an empty cache home of its
 * own ($XDG_CACHE_HOME), so that its first load of a key tests every point.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>
#include <json-c/json.h>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "g16k/g16k.h"

static char *fixture(const char *fx, const char *file)
{
    static char path[4][1024];
    static int next;
    char *p = path[next++ % 4];
    snprintf(p, sizeof(path[0]), "%s/%s/%s", G16K_FIXTURES, fx, file);
    return p;
}

/* The whole file, malloc'ed at offset `shift` (to misalign it); *len its size. */
static uint8_t *slurp(const char *path, size_t shift, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf;
    long n;
    if (!f)
        fail_msg("cannot open %s", path);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    n = ftell(f);
    assert_true(n >= 0);
    rewind(f);
    buf = malloc((size_t)n + shift + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf + shift, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    buf[shift + (size_t)n] = 0; /* text files can be compared as strings */
    *len = (size_t)n;
    return buf;
}

/* CPU seconds of the whole process, every thread: the work a call did. The cancel tests compare
 * work, not wall time, which other load on the machine stretches (a wall-clock comparison
 * failed when both cores were busy with other work). */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The cache home of the running test (fresh_cache_home, drop_cache_home) and its key cache,
 * the default $XDG_CACHE_HOME/g16k. */
static char cache_home[64], key_cache[80];

static int fresh_cache_home(void **state)
{
    (void)state;
    snprintf(cache_home, sizeof(cache_home), "/tmp/g16k-embed-XXXXXX");
    if (!mkdtemp(cache_home) || setenv("XDG_CACHE_HOME", cache_home, 1) != 0)
        return -1;
    snprintf(key_cache, sizeof(key_cache), "%s/g16k", cache_home);
    return 0;
}

/* Verdict entries in the key cache (files named *.verified); with rm, removes every file. */
static int cache_entries(int rm)
{
    DIR *d = opendir(key_cache);
    struct dirent *e;
    char path[1024];
    int n = 0;
    while (d && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        n += len > 9 && strcmp(e->d_name + len - 9, ".verified") == 0;
        snprintf(path, sizeof(path), "%s/%s", key_cache, e->d_name);
        if (rm && e->d_name[0] != '.')
            unlink(path);
    }
    if (d)
        closedir(d);
    return n;
}

static int drop_cache_home(void **state)
{
    (void)state;
    cache_entries(1);
    rmdir(key_cache);
    rmdir(cache_home);
    return 0;
}

static g16k_prover *open_prover(void)
{
    g16k_prover *p = NULL;
    if (g16k_prover_open(G16K_CONFIG, &p) != G16K_OK)
        fail_msg("g16k_prover_open: %s", g16k_last_error());
    return p;
}

static g16k_key *load(g16k_prover *p, const char *fx)
{
    g16k_key *k = NULL;
    if (g16k_key_load(p, fixture(fx, "circuit_final.zkey"), &k) != G16K_OK)
        fail_msg("g16k_key_load %s: %s", fx, g16k_last_error());
    return k;
}

static g16k_prove_opts fixed_rs(void)
{
    g16k_prove_opts o;
    memset(&o, 0, sizeof(o));
    o.struct_size = sizeof(o);
    o.insecure_fixed_rs = 1; /* r = s = 0: the reference proof */
    o.verify = 1;
    return o;
}

/* The JSON texts of pf equal the fixture's reference files. */
static void expect_reference(const g16k_proof *pf, const char *fx)
{
    size_t n, ref_len;
    char *ref = (char *)slurp(fixture(fx, "ref_proof_r0_s0.json"), 0, &ref_len);
    char buf[4096];
    n = g16k_proof_json(pf, buf, sizeof(buf));
    assert_int_equal(n, ref_len);
    assert_string_equal(buf, ref);
    free(ref);
    ref = (char *)slurp(fixture(fx, "public.json"), 0, &ref_len); /* snarkjs's own */
    n = g16k_public_json(pf, buf, sizeof(buf));
    assert_int_equal(n, ref_len);
    assert_string_equal(buf, ref);
    free(ref);
}

static void test_status_names(void **state)
{
    static const struct {
        int status;
        const char *name;
    } all[] = {
        { G16K_OK, "G16K_OK" },
        { G16K_EINVAL, "G16K_EINVAL" },
        { G16K_ENOMEM, "G16K_ENOMEM" },
        { G16K_ENODEV, "G16K_ENODEV" },
        { G16K_EIO, "G16K_EIO" },
        { G16K_EUNSUPPORTED, "G16K_EUNSUPPORTED" },
        { G16K_ECONFIG, "G16K_ECONFIG" },
        { G16K_EINTERNAL, "G16K_EINTERNAL" },
        { G16K_EFORMAT, "G16K_EFORMAT" },
        { G16K_EVERIFY, "G16K_EVERIFY" },
        { G16K_ECANCELED, "G16K_ECANCELED" },
    };
    (void)state;
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        assert_string_equal(g16k_status_name(all[i].status), all[i].name);
    /* the values are the header's: G16K_OK 0 to G16K_ECANCELED -10, nothing else has a name */
    assert_int_equal(G16K_ECANCELED, -10);
    assert_string_equal(g16k_status_name(1), "unknown");
    assert_string_equal(g16k_status_name(-11), "unknown");
}

static void test_json_strings(void **state)
{
    g16k_prover *p = open_prover();
    g16k_key *k = load(p, "poseidon2");
    g16k_prove_opts o = fixed_rs();
    g16k_proof *pf = NULL;
    char small[10];
    size_t need;
    (void)state;

    assert_int_equal(g16k_prove(p, k, fixture("poseidon2", "witness.wtns"), &o, &pf), G16K_OK);
    expect_reference(pf, "poseidon2");
    need = g16k_proof_json(pf, NULL, 0);
    assert_true(need > 1000 && need < 1200);
    memset(small, 'x', sizeof(small));
    assert_int_equal(g16k_proof_json(pf, small, sizeof(small)), need);
    assert_string_equal(small, "{\n \"pi_a\""); /* 9 bytes and the NUL */
    assert_int_equal(g16k_public_json(pf, small, 1), g16k_public_json(pf, NULL, 0));
    assert_string_equal(small, "");
    g16k_proof_free(pf);
    g16k_key_free(k);

    /* no public signals: "[\n]", as snarkjs writes it */
    k = load(p, "nopub");
    pf = NULL;
    assert_int_equal(g16k_prove(p, k, fixture("nopub", "witness.wtns"), &o, &pf), G16K_OK);
    expect_reference(pf, "nopub");
    assert_int_equal(g16k_public_json(pf, NULL, 0), 3);
    g16k_proof_free(pf);
    g16k_key_free(k);
    g16k_prover_close(p);
}

static void test_buffers(void **state)
{
    g16k_prover *p = open_prover();
    g16k_key *k = NULL;
    g16k_proof *pf = NULL;
    g16k_prove_opts o = fixed_rs();
    g16k_key_opts ko;
    size_t zlen, wlen;
    (void)state;

    /* at offset 3: nothing of the key may assume alignment; freed right after the load */
    uint8_t *zbuf = slurp(fixture("poseidon2", "circuit_final.zkey"), 3, &zlen);
    assert_int_equal(g16k_key_load_buffer(p, zbuf + 3, zlen, NULL, &k), G16K_OK);
    free(zbuf);
    uint8_t *wbuf = slurp(fixture("poseidon2", "witness.wtns"), 1, &wlen);
    assert_int_equal(g16k_prove_wtns_buffer(p, k, wbuf + 1, wlen, &o, &pf), G16K_OK);
    expect_reference(pf, "poseidon2");
    g16k_proof_free(pf);

    /* a witness of another circuit (mult's) */
    size_t mlen;
    uint8_t *mult = slurp(fixture("mult", "witness.wtns"), 0, &mlen);
    pf = (g16k_proof *)1;
    assert_int_equal(g16k_prove_wtns_buffer(p, k, mult, mlen, &o, &pf), G16K_EFORMAT);
    assert_null(pf);
    assert_non_null(strstr(g16k_last_error(), "wtns buffer: section 1 (header)"));
    assert_non_null(strstr(g16k_last_error(), "4 witness values, the proving key has 520"));
    /* a truncated witness, a zkey given as a witness, none */
    assert_int_equal(g16k_prove_wtns_buffer(p, k, wbuf + 1, wlen - 32, &o, &pf), G16K_EFORMAT);
    assert_non_null(strstr(g16k_last_error(), "wtns buffer: section table entry 1 at byte 64: "
                                              "section 2 size 16640 goes past the end"));
    zbuf = slurp(fixture("poseidon2", "circuit_final.zkey"), 0, &zlen);
    assert_int_equal(g16k_prove_wtns_buffer(p, k, zbuf, zlen, &o, &pf), G16K_EFORMAT);
    assert_non_null(
        strstr(g16k_last_error(), "wtns buffer: header at byte 0: magic is not \"wtns\""));
    assert_int_equal(g16k_prove_wtns_buffer(p, k, NULL, wlen, &o, &pf), G16K_EINVAL);
    g16k_key_free(k);

    /* bad keys in memory: named in the message, nothing made */
    memset(&ko, 0, sizeof(ko));
    ko.struct_size = sizeof(ko);
    ko.name = "poseidon2 (memory)";
    k = (g16k_key *)1;
    assert_int_equal(g16k_key_load_buffer(p, zbuf, zlen - 96, &ko, &k), G16K_EFORMAT);
    assert_null(k);
    assert_non_null(strstr(g16k_last_error(), "poseidon2 (memory): "));
    assert_int_equal(g16k_key_load_buffer(p, wbuf + 1, wlen, NULL, &k), G16K_EFORMAT);
    assert_non_null(
        strstr(g16k_last_error(), "zkey buffer: header at byte 0: magic is not \"zkey\""));
    assert_int_equal(g16k_key_load_buffer(p, zbuf, 0, NULL, &k), G16K_EFORMAT);
    assert_int_equal(g16k_key_load_buffer(p, NULL, zlen, NULL, &k), G16K_EINVAL);
    ko.struct_size = 0;
    assert_int_equal(g16k_key_load_buffer(p, zbuf, zlen, &ko, &k), G16K_EINVAL);
    assert_non_null(strstr(g16k_last_error(), "struct_size"));
    assert_null(k);
    assert_int_equal(g16k_key_load_file(p, "/nonexistent/x.zkey", NULL, &k), G16K_EIO);
    assert_non_null(strstr(g16k_last_error(), "/nonexistent/x.zkey: cannot open"));
    free(zbuf);
    free(wbuf);
    free(mult);
    g16k_prover_close(p);
}

/* A progress log: the calls a callback saw, and when to cancel. */
typedef struct call {
    char stage[16];
    uint64_t done, total;
} call;
typedef struct progress_log {
    call calls[4096];
    size_t n;
    const char *cancel_stage; /* cancel at the first call of this stage with done >= cancel_at */
    uint64_t cancel_at;
    double cancel_cpu;   /* cpu_now() when it asked to stop */
    size_t cancel_index; /* calls[] index of that call, or SIZE_MAX */
} progress_log;

static int on_progress(void *user, const char *stage, uint64_t done, uint64_t total)
{
    progress_log *log = user;
    if (log->n < sizeof(log->calls) / sizeof(log->calls[0])) {
        call *c = &log->calls[log->n];
        snprintf(c->stage, sizeof(c->stage), "%s", stage);
        c->done = done;
        c->total = total;
    }
    log->n++;
    if (log->cancel_stage && strcmp(stage, log->cancel_stage) == 0 && done >= log->cancel_at) {
        log->cancel_index = log->n - 1;
        log->cancel_cpu = cpu_now();
        return 1;
    }
    return 0;
}

static void log_init(progress_log *log, const char *cancel_stage, uint64_t cancel_at)
{
    memset(log, 0, sizeof(*log));
    log->cancel_stage = cancel_stage;
    log->cancel_at = cancel_at;
    log->cancel_index = SIZE_MAX;
}

/* The calls of each stage in `stages` come in that order, each stage starting at 0 with done
 * never decreasing and never above total; returns the last call of stage `last_of`. */
static call check_log(const progress_log *log, const char *const *stages, size_t n_stages,
                      const char *last_of)
{
    size_t s = 0;
    call last;
    memset(&last, 0, sizeof(last));
    assert_true(log->n > 0 && log->n <= sizeof(log->calls) / sizeof(log->calls[0]));
    for (size_t i = 0; i < log->n; i++) {
        const call *c = &log->calls[i];
        if (i == 0 || strcmp(c->stage, log->calls[i - 1].stage) != 0) {
            while (s < n_stages && strcmp(stages[s], c->stage) != 0)
                s++;
            if (s == n_stages)
                fail_msg("call %zu: stage '%s' out of order", i, c->stage);
            assert_int_equal(c->done, 0);
        } else {
            assert_true(c->done >= log->calls[i - 1].done);
        }
        assert_true(c->done <= c->total);
        if (strcmp(c->stage, last_of) == 0)
            last = *c;
    }
    return last;
}

static void test_progress(void **state)
{
    static const char *const key_stages[] = { "check", "upload" };
    static const char *const prove_stages[] = { "prove" };
    g16k_prover *p = open_prover();
    g16k_key *k = NULL;
    g16k_proof *pf = NULL;
    progress_log *log = malloc(sizeof(*log));
    g16k_key_opts ko = { .struct_size = sizeof(ko), .progress = on_progress };
    g16k_prove_opts o = fixed_rs();
    call last;
    (void)state;

    assert_non_null(log);
    log_init(log, NULL, 0);
    ko.progress_user = log;
    assert_int_equal(g16k_key_load_file(p, fixture("poseidon2", "circuit_final.zkey"), &ko, &k),
                     G16K_OK);
    assert_int_equal(g16k_key_cached(k), 0); /* an empty cache: every point was tested */
    /* poseidon2: 520 wires, 1 public signal, domain 2^10 (fixtures README): IC 2, A, B1, B2 520
     * each, C 520 - 2, H 1024 */
    last = check_log(log, key_stages, 2, "check");
    assert_int_equal(last.total, 2 + 3 * 520 + 518 + 1024);
    assert_int_equal(last.done, last.total);
    last = check_log(log, key_stages, 2, "upload");
    assert_int_equal(last.total, 7); /* circuit, domain, five MSM bases */
    assert_int_equal(last.done, 7);

    log_init(log, NULL, 0);
    o.progress = on_progress;
    o.progress_user = log;
    assert_int_equal(g16k_prove(p, k, fixture("poseidon2", "witness.wtns"), &o, &pf), G16K_OK);
    expect_reference(pf, "poseidon2");
    last = check_log(log, prove_stages, 1, "prove");
    assert_int_equal(last.total, 8); /* synthesis, NTT chain, five MSMs, pairing check */
    assert_int_equal(last.done, 8);
    g16k_proof_free(pf);
    g16k_key_free(k);
    g16k_prover_close(p);
    free(log);
}

/* Cancel a load of fx at (stage, at): G16K_ECANCELED, nothing made, no call after the cancel. */
static void cancel_load(g16k_prover *p, const char *fx, const char *stage, uint64_t at)
{
    progress_log *log = malloc(sizeof(*log));
    g16k_key_opts ko = { .struct_size = sizeof(ko), .progress = on_progress, .progress_user = log };
    g16k_key *k = (g16k_key *)1;
    assert_non_null(log);
    log_init(log, stage, at);
    assert_int_equal(g16k_key_load_file(p, fixture(fx, "circuit_final.zkey"), &ko, &k),
                     G16K_ECANCELED);
    assert_null(k);
    assert_non_null(strstr(g16k_last_error(), "cancelled"));
    assert_int_equal(log->cancel_index, log->n - 1);
    free(log);
}

static void test_cancel_load(void **state)
{
    g16k_prover *p = open_prover();
    g16k_key *k;
    (void)state;
    cancel_load(p, "poseidon2", "check", 0);
    cancel_load(p, "poseidon_chain", "check", 1); /* after a first chunk of points */
    assert_int_equal(cache_entries(0), 0);        /* a cancelled check records nothing */
    for (uint64_t at = 0; at <= 7; at++)
        cancel_load(p, "poseidon2", "upload", at); /* with 0..7 provider handles made */
    /* the prover still loads and proves */
    k = load(p, "poseidon2");
    g16k_prove_opts o = fixed_rs();
    g16k_proof *pf = NULL;
    assert_int_equal(g16k_prove(p, k, fixture("poseidon2", "witness.wtns"), &o, &pf), G16K_OK);
    expect_reference(pf, "poseidon2");
    g16k_proof_free(pf);
    g16k_key_free(k);
    g16k_prover_close(p);
}

/* The bytes of section `id` of a container (iden3 binfile: magic, version, count, then
 * {u32 id, u64 size, payload} entries), or NULL. */
static uint8_t *section(uint8_t *buf, size_t len, uint32_t id)
{
    size_t pos = 12;
    while (pos + 12 <= len) {
        uint32_t sid = (uint32_t)buf[pos] | (uint32_t)buf[pos + 1] << 8 |
                       (uint32_t)buf[pos + 2] << 16 | (uint32_t)buf[pos + 3] << 24;
        uint64_t size = 0;
        for (int b = 7; b >= 0; b--)
            size = size << 8 | buf[pos + 4 + b];
        if (sid == id)
            return buf + pos + 12;
        pos += 12 + size;
    }
    return NULL;
}

/* Load fx from a buffer (misaligned) or its file; whether the cache served it. */
static int load_cached(g16k_prover *p, const char *fx, int from_buffer, const char *prove_fx)
{
    g16k_key *k = NULL;
    g16k_proof *pf = NULL;
    g16k_prove_opts o = fixed_rs();
    size_t len;
    if (from_buffer) {
        uint8_t *buf = slurp(fixture(fx, "circuit_final.zkey"), 5, &len);
        assert_int_equal(g16k_key_load_buffer(p, buf + 5, len, NULL, &k), G16K_OK);
        free(buf);
    } else {
        assert_int_equal(g16k_key_load_file(p, fixture(fx, "circuit_final.zkey"), NULL, &k),
                         G16K_OK);
    }
    if (prove_fx) {
        assert_int_equal(g16k_prove(p, k, fixture(prove_fx, "witness.wtns"), &o, &pf), G16K_OK);
        expect_reference(pf, prove_fx);
        g16k_proof_free(pf);
    }
    int cached = g16k_key_cached(k);
    g16k_key_free(k);
    return cached;
}

/* A key from memory goes through the verdict cache as a file does: the digest is of the
 * content, so the same bytes have one entry, recorded and served whichever way they came. */
static void test_buffer_cache(void **state)
{
    g16k_prover *p = open_prover();
    g16k_key *k = (g16k_key *)1;
    size_t len;
    (void)state;

    assert_int_equal(load_cached(p, "poseidon2", 1, "poseidon2"), 0); /* tested, recorded */
    assert_int_equal(cache_entries(0), 1);
    assert_int_equal(load_cached(p, "poseidon2", 0, "poseidon2"), 1); /* the file: served */
    assert_int_equal(load_cached(p, "poseidon2", 1, "poseidon2"), 1);
    assert_int_equal(cache_entries(0), 1);
    assert_int_equal(load_cached(p, "mult", 0, NULL), 0); /* the other way round */
    assert_int_equal(load_cached(p, "mult", 1, NULL), 1);
    assert_int_equal(cache_entries(0), 2);

    /* one byte of a point changed (A, point 1: x's low byte, still below p): another digest, so
     * the points are tested, and the one off the curve is refused; nothing is recorded */
    uint8_t *buf = slurp(fixture("poseidon2", "circuit_final.zkey"), 0, &len);
    uint8_t *a = section(buf, len, 5);
    assert_non_null(a);
    a[96] ^= 1;
    assert_int_equal(g16k_key_load_buffer(p, buf, len, NULL, &k), G16K_EFORMAT);
    assert_null(k);
    assert_non_null(strstr(g16k_last_error(), "zkey buffer: section 5 (A) at byte "));
    assert_non_null(strstr(g16k_last_error(), "point 1: point not on the curve"));
    assert_int_equal(cache_entries(0), 2);
    free(buf);

    /* a cached load reports its stages as an uncached one does, points and handles in full */
    static const char *const key_stages[] = { "check", "upload" };
    progress_log *log = malloc(sizeof(*log));
    g16k_key_opts ko = { .struct_size = sizeof(ko), .progress = on_progress, .progress_user = log };
    assert_non_null(log);
    log_init(log, NULL, 0);
    buf = slurp(fixture("poseidon2", "circuit_final.zkey"), 0, &len);
    assert_int_equal(g16k_key_load_buffer(p, buf, len, &ko, &k), G16K_OK);
    assert_int_equal(g16k_key_cached(k), 1);
    call last = check_log(log, key_stages, 2, "check");
    assert_int_equal(last.total, 2 + 3 * 520 + 518 + 1024);
    assert_int_equal(last.done, last.total);
    last = check_log(log, key_stages, 2, "upload");
    assert_int_equal(last.done, 7);
    g16k_key_free(k);
    free(buf);
    free(log);
    g16k_prover_close(p);
}

static void test_cancel_prove(void **state)
{
    g16k_prover *p = open_prover();
    g16k_key *k = load(p, "poseidon2");
    progress_log *log = malloc(sizeof(*log));
    g16k_prove_opts o = fixed_rs();
    g16k_proof *pf;
    (void)state;
    assert_non_null(log);
    o.progress = on_progress;
    o.progress_user = log;
    for (uint64_t at = 0; at < 8; at++) { /* before each step; 8 = after the last: no cancel */
        log_init(log, "prove", at);
        pf = (g16k_proof *)1;
        int rc = g16k_prove(p, k, fixture("poseidon2", "witness.wtns"), &o, &pf);
        if (rc == G16K_OK) {
            /* a cancel asked once the last step was done changes nothing */
            assert_true(log->cancel_index == SIZE_MAX || log->calls[log->cancel_index].done == 8);
            expect_reference(pf, "poseidon2");
            g16k_proof_free(pf);
            continue;
        }
        assert_int_equal(rc, G16K_ECANCELED);
        assert_null(pf);
        assert_non_null(strstr(g16k_last_error(), "cancelled"));
        assert_int_equal(log->cancel_index, log->n - 1);
    }
    /* the key still proves */
    log_init(log, NULL, 0);
    pf = NULL;
    assert_int_equal(g16k_prove(p, k, fixture("poseidon2", "witness.wtns"), &o, &pf), G16K_OK);
    expect_reference(pf, "poseidon2");
    g16k_proof_free(pf);
    g16k_key_free(k);
    g16k_prover_close(p);
    free(log);
}

/* sha256_64, about 250 000 points (tens of seconds to check on two cores): cancelled once 5% of
 * the points are checked, the load must spend less work (CPU time) after the cancel than it
 * took to check those 5%: every thread stops at its next chunk of 1024 points. A proof
 * cancelled after its first step must cost less than half a full proof (the remaining MSMs
 * and the NTT chain are skipped). */
static void test_cancel_long(void **state)
{
    g16k_prover *p = open_prover();
    progress_log *log = malloc(sizeof(*log));
    g16k_key_opts ko = { .struct_size = sizeof(ko), .progress = on_progress, .progress_user = log };
    g16k_key *k = NULL;
    const uint64_t points = 3 + 4 * 59170ull - 3 + 65536; /* IC, A, B1, B2, C, H */
    double t0, before, after;
    (void)state;
    assert_non_null(log);

    log_init(log, "check", points / 20);
    t0 = cpu_now();
    assert_int_equal(g16k_key_load_file(p, fixture("sha256_64", "circuit_final.zkey"), &ko, &k),
                     G16K_ECANCELED);
    after = cpu_now() - log->cancel_cpu;
    before = log->cancel_cpu - t0;
    print_message("sha256_64 load: cancelled at %llu of %llu points after %.2f CPU s, returned "
                  "after %.3f CPU s more\n",
                  (unsigned long long)log->calls[log->cancel_index].done,
                  (unsigned long long)points, before, after);
    assert_int_equal(log->calls[log->cancel_index].total, points);
    assert_true(after < before);

    k = load(p, "sha256_64");
    g16k_prove_opts o = fixed_rs();
    g16k_proof *pf = NULL;
    double full = 1e9;
    for (int i = 0; i < 2; i++) {
        t0 = cpu_now();
        assert_int_equal(g16k_prove(p, k, fixture("sha256_64", "witness.wtns"), &o, &pf), G16K_OK);
        double used = cpu_now() - t0;
        full = used < full ? used : full;
        expect_reference(pf, "sha256_64");
        g16k_proof_free(pf);
    }
    o.progress = on_progress;
    o.progress_user = log;
    log_init(log, "prove", 1);
    t0 = cpu_now();
    pf = NULL;
    assert_int_equal(g16k_prove(p, k, fixture("sha256_64", "witness.wtns"), &o, &pf),
                     G16K_ECANCELED);
    double cancelled = cpu_now() - t0;
    print_message("sha256_64 proof: %.3f CPU s in full, %.3f CPU s cancelled after its first "
                  "step\n",
                  full, cancelled);
    assert_null(pf);
    assert_true(cancelled < full / 2);
    g16k_key_free(k);
    g16k_prover_close(p);
    free(log);
}

/* Events named name in the trace document doc (with args.provider == provider when not NULL). */
static int trace_count(json_object *doc, const char *name, const char *provider)
{
    json_object *arr, *v;
    int k = 0;
    assert_true(json_object_object_get_ex(doc, "traceEvents", &arr));
    for (size_t i = 0; i < json_object_array_length(arr); i++) {
        json_object *e = json_object_array_get_idx(arr, i), *args;
        if (!json_object_object_get_ex(e, "name", &v) || strcmp(json_object_get_string(v), name))
            continue;
        if (provider && !(json_object_object_get_ex(e, "args", &args) &&
                          json_object_object_get_ex(args, "provider", &v) &&
                          !strcmp(json_object_get_string(v), provider)))
            continue;
        k++;
    }
    return k;
}

/* A trace through the options (g16k_key_opts.trace, g16k_prove_opts.trace): one file with the
 * load and both proofs, each MSM named with its provider, and the CPU plugin's inner phases; a
 * caller built before the field (struct_size short of it) records nothing; a folder that does
 * not exist is refused at open. (tests/trace checks the format and nesting in depth.) */
static void test_trace(void **state)
{
    (void)state;
    g16k_trace *t = NULL;
    assert_int_equal(g16k_trace_open("/nonexistent-g16k-dir/t.json", &t), G16K_EIO);
    assert_null(t);
    assert_non_null(strstr(g16k_last_error(), "/nonexistent-g16k-dir"));

    char path[128];
    snprintf(path, sizeof(path), "%s/trace.json", cache_home);
    assert_int_equal(g16k_trace_open(path, &t), G16K_OK);
    g16k_prover *p = open_prover();
    g16k_key *k = NULL;
    g16k_key_opts ko = { .struct_size = sizeof(ko), .trace = t };
    assert_int_equal(g16k_key_load_file(p, fixture("poseidon2", "circuit_final.zkey"), &ko, &k),
                     G16K_OK);
    g16k_prove_opts po = fixed_rs();
    po.trace = t;
    for (int i = 0; i < 2; i++) {
        g16k_proof *pf = NULL;
        assert_int_equal(g16k_prove(p, k, fixture("poseidon2", "witness.wtns"), &po, &pf), G16K_OK);
        expect_reference(pf, "poseidon2");
        g16k_proof_free(pf);
    }
    po.struct_size = offsetof(g16k_prove_opts, trace); /* an older caller: no trace field */
    g16k_proof *pf = NULL;
    assert_int_equal(g16k_prove(p, k, fixture("poseidon2", "witness.wtns"), &po, &pf), G16K_OK);
    g16k_proof_free(pf);
    g16k_key_free(k);
    g16k_prover_close(p);
    assert_int_equal(g16k_trace_close(t), G16K_OK);

    json_object *doc = json_object_from_file(path);
    assert_non_null(doc);
    assert_int_equal(trace_count(doc, "load key", NULL), 1);
    assert_int_equal(trace_count(doc, "proof", NULL), 2);
    static const char *const msms[] = { "MSM A", "MSM B_G1", "MSM B_G2", "MSM L", "MSM H" };
    for (size_t i = 0; i < sizeof(msms) / sizeof(msms[0]); i++)
        assert_int_equal(trace_count(doc, msms[i], "cpu"), 2);
    assert_int_equal(trace_count(doc, "bases_borrow B_G2", "cpu"), 1);
    /* a key from a file: its section 4 records lent where the file has them (ABI 1.7) */
    assert_int_equal(trace_count(doc, "circuit_borrow_records", "cpu"), 1);
    assert_int_equal(trace_count(doc, "circuit_borrow", "cpu"), 0);
    assert_int_equal(trace_count(doc, "circuit_create", "cpu"), 0);
    assert_int_equal(trace_count(doc, "window reduction", NULL), 10);
    json_object_put(doc);
}

/* Where section id's bytes start in a zkey file (the container of docs/formats.md: magic,
 * version, count, then id u32 and size u64 before each section's bytes); 0 when absent. */
static uint64_t section_start(const uint8_t *z, size_t len, uint32_t id)
{
    uint32_t n, sid;
    uint64_t size;
    memcpy(&n, z + 8, 4);
    for (size_t at = 12; n-- > 0 && at + 12 <= len; at += 12 + (size_t)size) {
        memcpy(&sid, z + at, 4);
        memcpy(&size, z + at + 4, 8);
        if (sid == id)
            return at + 12;
    }
    return 0;
}

/* A key loaded with G16K_KEY_MAP_FILE lends its point sections where the mapping has them, those
 * off an 8-byte boundary through bases_borrow_unaligned (plugin ABI 1.7; the CPU plugin has it),
 * and proves as one read into memory (the reference proof); a
 * new file renamed over its path leaves it alone; a rewrite in place, even of the same bytes,
 * makes every later proof fail with G16K_EIO rather than use bytes that were not tested. The
 * copy's mtime is set far back first, so the rewrite moves it whatever the kernel's time
 * granularity. */
static void test_mapped_key(void **state)
{
    (void)state;
    size_t len;
    uint8_t *zbuf = slurp(fixture("poseidon2", "circuit_final.zkey"), 0, &len);
    char path[4200], next[4200];
    snprintf(path, sizeof path, "%s/mapped.zkey", cache_home);
    snprintf(next, sizeof next, "%s/next.zkey", cache_home);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(zbuf, 1, len, f), len);
    fclose(f);
    const struct timespec old[2] = { { 1000000000, 0 }, { 1000000000, 0 } };
    assert_int_equal(utimensat(AT_FDCWD, path, old, 0), 0);

    g16k_prover *p = open_prover();
    g16k_key *k = NULL;
    char tpath[4200];
    snprintf(tpath, sizeof tpath, "%s/mapped-trace.json", cache_home);
    g16k_trace *t = NULL;
    assert_int_equal(g16k_trace_open(tpath, &t), G16K_OK);
    g16k_key_opts ko = { .struct_size = sizeof ko, .flags = G16K_KEY_MAP_FILE, .trace = t };
    assert_int_equal(g16k_key_load_file(p, path, &ko, &k), G16K_OK);
    ko.trace = NULL;
    assert_int_equal(g16k_trace_close(t), G16K_OK);
    json_object *doc = json_object_from_file(tpath);
    assert_non_null(doc);
    static const char *const msm_names[] = { "A", "B_G1", "B_G2", "L", "H" };
    int off8 = 0;
    for (uint32_t id = 5; id <= 9; id++) {
        uint64_t at = section_start(zbuf, len, id);
        assert_true(at > 0);
        char name[64];
        snprintf(name, sizeof name, "bases_borrow%s %s", at % 8 ? "_unaligned" : "",
                 msm_names[id - 5]);
        assert_int_equal(trace_count(doc, name, "cpu"), 1);
        snprintf(name, sizeof name, "bases_create %s", msm_names[id - 5]);
        assert_int_equal(trace_count(doc, name, NULL), 0);
        off8 += at % 8 != 0;
    }
    assert_true(off8 > 0); /* snarkjs puts some 4 bytes off: the entry ran */
    json_object_put(doc);
    g16k_prove_opts o = fixed_rs();
    g16k_proof *pf = NULL;
    char wtns[4200]; /* fixture's buffers are reused */
    snprintf(wtns, sizeof wtns, "%s", fixture("poseidon2", "witness.wtns"));
    assert_int_equal(g16k_prove(p, k, wtns, &o, &pf), G16K_OK);
    expect_reference(pf, "poseidon2");
    g16k_proof_free(pf);

    f = fopen(next, "wb"); /* renamed over: the mapped file stays whole */
    assert_non_null(f);
    assert_int_equal(fwrite(zbuf, 1, len, f), len);
    fclose(f);
    assert_int_equal(rename(next, path), 0);
    pf = NULL;
    assert_int_equal(g16k_prove(p, k, wtns, &o, &pf), G16K_OK);
    expect_reference(pf, "poseidon2");
    g16k_proof_free(pf);
    g16k_key_free(k);

    k = NULL; /* mapped again, then rewritten in place */
    assert_int_equal(utimensat(AT_FDCWD, path, old, 0), 0);
    assert_int_equal(g16k_key_load_file(p, path, &ko, &k), G16K_OK);
    int fd = open(path, O_WRONLY);
    assert_true(fd >= 0);
    assert_int_equal(pwrite(fd, zbuf, 64, 0), 64);
    close(fd);
    pf = NULL;
    int rc = g16k_prove(p, k, wtns, &o, &pf);
    if (rc != G16K_EIO)
        fail_msg("status %d: %s", rc, g16k_last_error());
    assert_null(pf);
    assert_non_null(strstr(g16k_last_error(), "mapped.zkey: the key file changed in place"));
    g16k_key_free(k);
    g16k_prover_close(p);
    unlink(path);
    free(zbuf);
}

/* ---- verification from memory (g16k_verify_json) beside the files (g16k_verify_files) ---- */

/* A copy of s with the first `from` replaced by `to`; fails the test when from is absent. */
static char *replaced(const char *s, const char *from, const char *to)
{
    const char *hit = strstr(s, from);
    if (!hit)
        fail_msg("\"%s\" not in the text", from);
    size_t pre = (size_t)(hit - s), lf = strlen(from), lt = strlen(to);
    char *o = malloc(strlen(s) - lf + lt + 1);
    assert_non_null(o);
    memcpy(o, s, pre);
    memcpy(o + pre, to, lt);
    strcpy(o + pre + lt, hit + lf);
    return o;
}

/* text (a proof.json) with the value of member key ("pi_a") taken from other, a proof.json of the
 * same layout (snarkjs's: the value ends at the first "\n ]"). */
static char *with_member_of(const char *text, const char *other, const char *key)
{
    char head[32];
    snprintf(head, sizeof head, "\"%s\": [", key);
    const char *a = strstr(text, head), *b = strstr(other, head);
    assert_non_null(a);
    assert_non_null(b);
    const char *a_end = strstr(a, "\n ]"), *b_end = strstr(b, "\n ]");
    assert_non_null(a_end);
    assert_non_null(b_end);
    size_t pre = (size_t)(a - text), mid = (size_t)(b_end - b);
    char *o = malloc(strlen(text) + mid + 1);
    assert_non_null(o);
    memcpy(o, text, pre);
    memcpy(o + pre, b, mid);
    strcpy(o + pre + mid, a_end);
    return o;
}

/* The verdict on three texts from memory, and from files holding the same bytes: both give
 * want, and the same message where the files' paths stand for the buffers' names; the message
 * holds piece (unless NULL). */
static void expect_verdict(const char *vk, const char *pub, const char *proof, int want,
                           const char *piece)
{
    char msg[2048], path[3][128], fmsg[2048];
    const char *text[3] = { vk, pub, proof };
    static const char *const file[3] = { "vk.json", "public.json", "proof.json" };
    static const char *const name[3] = { "verification key buffer", "public signals buffer",
                                         "proof buffer" };
    int rc = g16k_verify_json(vk, strlen(vk), pub, strlen(pub), proof, strlen(proof));
    snprintf(msg, sizeof msg, "%s", rc == G16K_OK ? "" : g16k_last_error());
    if (rc != want)
        fail_msg("g16k_verify_json: status %s, want %s: %s", g16k_status_name(rc),
                 g16k_status_name(want), msg);
    if (piece && !strstr(msg, piece))
        fail_msg("g16k_verify_json: message \"%s\" lacks \"%s\"", msg, piece);
    for (int i = 0; i < 3; i++) {
        snprintf(path[i], sizeof path[i], "%s/%s", cache_home, file[i]);
        FILE *f = fopen(path[i], "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(text[i], 1, strlen(text[i]), f), strlen(text[i]));
        fclose(f);
    }
    int frc = g16k_verify_files(path[0], path[1], path[2]);
    if (frc != want)
        fail_msg("g16k_verify_files: status %s, want %s: %s", g16k_status_name(frc),
                 g16k_status_name(want), g16k_last_error());
    if (frc == G16K_OK)
        return;
    /* the files' message with each path replaced by its buffer's name */
    snprintf(fmsg, sizeof fmsg, "%s", g16k_last_error());
    for (int i = 0; i < 3; i++) {
        char *at;
        while ((at = strstr(fmsg, path[i])) != NULL) {
            char rest[2048];
            snprintf(rest, sizeof rest, "%s", at + strlen(path[i]));
            snprintf(at, sizeof fmsg - (size_t)(at - fmsg), "%s%s", name[i], rest);
        }
    }
    if (strcmp(fmsg, msg) != 0)
        fail_msg("files: \"%s\"\nmemory: \"%s\"", fmsg, msg);
}

/* The last digit of the first public signal changed (still canonical and below r). */
static char *tampered_public(const char *pub)
{
    char *o = strdup(pub);
    char *q = strchr(o, '"');
    assert_non_null(q);
    char *end = strchr(q + 1, '"');
    assert_non_null(end);
    end[-1] = (char)('0' + (end[-1] - '0' + 1) % 10);
    return o;
}

static void test_verify_json(void **state)
{
    static const char *const fxs[] = { "mult", "nopub", "poseidon2", "manypub" };
    size_t len;
    (void)state;
    for (size_t i = 0; i < sizeof fxs / sizeof fxs[0]; i++) {
        const char *fx = fxs[i], *other = fxs[(i + 2) % 4]; /* mult <-> poseidon2 (1 public) */
        char *vk = (char *)slurp(fixture(fx, "verification_key.json"), 0, &len);
        char *pub = (char *)slurp(fixture(fx, "public.json"), 0, &len);
        char *proof = (char *)slurp(fixture(fx, "proof.json"), 0, &len);
        char *ref = (char *)slurp(fixture(fx, "ref_proof_r0_s0.json"), 0, &len);
        char *foreign = (char *)slurp(fixture(other, "proof.json"), 0, &len);
        char *t;

        /* snarkjs's own proof and the reference proof (r = s = 0) of the same statement */
        expect_verdict(vk, pub, proof, G16K_OK, NULL);
        expect_verdict(vk, pub, ref, G16K_OK, NULL);
        /* a public signal changed (nopub has none: one added) */
        t = strcmp(fx, "nopub") == 0 ? strdup("[\n \"1\"\n]") : tampered_public(pub);
        expect_verdict(vk, t, proof, G16K_EVERIFY,
                       strcmp(fx, "nopub") == 0 ? "1 public signals, the verification key"
                                                : "the pairing check failed");
        free(t);
        /* pi_a, then pi_c, of the other valid proof: each point valid, the proof not */
        t = with_member_of(proof, ref, "pi_a");
        expect_verdict(vk, pub, t, G16K_EVERIFY, "the pairing check failed");
        free(t);
        t = with_member_of(proof, ref, "pi_c");
        expect_verdict(vk, pub, t, G16K_EVERIFY, "the pairing check failed");
        free(t);
        /* a coordinate of pi_a changed: off the curve */
        t = with_member_of(proof, "\"pi_a\": [\n  \"1\",\n  \"2\",\n  \"1\"\n ]", "pi_a");
        expect_verdict(vk, pub, t, G16K_EVERIFY, "proof buffer: pi_a: point not on the curve");
        free(t);
        /* another circuit's proof */
        expect_verdict(vk, pub, foreign, G16K_EVERIFY, NULL);

        /* malformed: each text named */
        t = replaced(vk, "\"vk_gamma_2\": [",
                     "\"vk_gamma_2\": [[\"0\", \"0\"], [\"1\", \"0\"], [\"0\", \"0\"]], \"x\": [");
        expect_verdict(t, pub, proof, G16K_EFORMAT,
                       "verification key buffer: vk_gamma_2: the point at infinity");
        free(t);
        expect_verdict(vk, "[\n \"033\"\n]", proof, G16K_EFORMAT,
                       "public signals buffer: [0]: \"033\" is not a canonical decimal integer");
        t = replaced(proof, "\"protocol\"", "\"protocol\" \"");
        expect_verdict(vk, pub, t, G16K_EFORMAT, "proof buffer: byte ");
        free(t);
        expect_verdict(vk, pub, "", G16K_EFORMAT, "proof buffer: byte 0: invalid JSON");
        expect_verdict("{}", pub, proof, G16K_EFORMAT,
                       "verification key buffer: protocol: missing");

        /* only len bytes are read: a text followed by garbage, no NUL */
        char *padded = malloc(strlen(pub) + 4);
        memcpy(padded, pub, strlen(pub));
        memcpy(padded + strlen(pub), "xyz!", 4);
        assert_int_equal(
            g16k_verify_json(vk, strlen(vk), padded, strlen(pub), proof, strlen(proof)), G16K_OK);
        assert_int_equal(
            g16k_verify_json(vk, strlen(vk), padded, strlen(pub) + 1, proof, strlen(proof)),
            G16K_EFORMAT);
        assert_non_null(strstr(g16k_last_error(), "public signals buffer: byte "));
        free(padded);
        free(vk);
        free(pub);
        free(proof);
        free(ref);
        free(foreign);
    }
}

/* ---- NULL arguments: every exported function ---- */

/* The functions test_null_args calls with NULL arguments, which must be every G16K_API function
 * of g16k.h (read at run time, so that a new function without its NULL test fails here). */
static const char *const null_tested[] = {
    "g16k_version",
    "g16k_last_error",
    "g16k_status_name",
    "g16k_prover_open",
    "g16k_prover_open_default",
    "g16k_prover_close",
    "g16k_prover_describe",
    "g16k_trace_open",
    "g16k_trace_close",
    "g16k_key_load_file",
    "g16k_key_load_buffer",
    "g16k_key_load",
    "g16k_key_free",
    "g16k_key_n_public",
    "g16k_key_cached",
    "g16k_zkey_digest",
    "g16k_prove",
    "g16k_prove_wtns_buffer",
    "g16k_prove_witness",
    "g16k_proof_free",
    "g16k_proof_write",
    "g16k_proof_json",
    "g16k_public_json",
    "g16k_proof_points",
    "g16k_verify_files",
    "g16k_verify_json",
    "g16k_set_log",
};

static int null_tested_has(const char *name)
{
    for (size_t i = 0; i < sizeof null_tested / sizeof null_tested[0]; i++)
        if (strcmp(null_tested[i], name) == 0)
            return 1;
    return 0;
}

/* Every G16K_API function of the header is in null_tested, and nothing else is. */
static void check_null_list_is_the_api(void)
{
    size_t len, n = 0;
    char *h = (char *)slurp(G16K_HEADER, 0, &len);
    for (char *line = h; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, "G16K_API ", 9) != 0)
            continue;
        char *paren = strchr(line, '('), *start = paren;
        assert_non_null(paren);
        while (start > line && (start[-1] == '_' || (start[-1] >= 'a' && start[-1] <= 'z') ||
                                (start[-1] >= '0' && start[-1] <= '9')))
            start--;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(paren - start), start);
        if (!null_tested_has(name))
            fail_msg("%s (g16k.h) is not in test_null_args's list", name);
        n++;
    }
    free(h);
    assert_int_equal(n, sizeof null_tested / sizeof null_tested[0]);
}

#define EXPECT_EINVAL(call)                                                                        \
    do {                                                                                           \
        int rc_ = (call);                                                                          \
        if (rc_ != G16K_EINVAL)                                                                    \
            fail_msg("%s: status %s, want G16K_EINVAL (%s)", #call, g16k_status_name(rc_),         \
                     g16k_last_error());                                                           \
    } while (0)

static void test_null_args(void **state)
{
    (void)state;
    check_null_list_is_the_api();
    /* no pointer arguments: g16k_version, g16k_last_error, g16k_status_name */
    assert_string_equal(g16k_version(), G16K_VERSION_STR);
    assert_non_null(g16k_last_error());
    assert_string_equal(g16k_status_name(G16K_EINVAL), "G16K_EINVAL");

    g16k_prover *p = (g16k_prover *)1;
    EXPECT_EINVAL(g16k_prover_open(NULL, &p));
    assert_null(p);
    EXPECT_EINVAL(g16k_prover_open(G16K_CONFIG, NULL));
    EXPECT_EINVAL(g16k_prover_open_default(NULL));
    g16k_prover_close(NULL);
    char buf[64];
    memset(buf, 'x', sizeof buf);
    assert_int_equal(g16k_prover_describe(NULL, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    assert_non_null(strstr(g16k_last_error(), "g16k_prover_describe"));
    assert_int_equal(g16k_prover_describe(NULL, NULL, 0), 0);

    g16k_trace *t = (g16k_trace *)1;
    EXPECT_EINVAL(g16k_trace_open(NULL, &t));
    assert_null(t);
    EXPECT_EINVAL(g16k_trace_open("/tmp/t.json", NULL));
    assert_int_equal(g16k_trace_close(NULL), G16K_OK);

    p = open_prover();
    /* the prover's description counts without a buffer, snprintf-style */
    size_t need = g16k_prover_describe(p, NULL, 0);
    assert_true(need > 0);
    assert_int_equal(g16k_prover_describe(p, NULL, 100), need);
    const char *zpath = fixture("mult", "circuit_final.zkey");
    size_t zlen, wlen;
    uint8_t *z = slurp(zpath, 0, &zlen);
    g16k_key *k = (g16k_key *)1;
    EXPECT_EINVAL(g16k_key_load_file(NULL, zpath, NULL, &k));
    assert_null(k);
    EXPECT_EINVAL(g16k_key_load_file(p, NULL, NULL, &k));
    EXPECT_EINVAL(g16k_key_load_file(p, zpath, NULL, NULL));
    EXPECT_EINVAL(g16k_key_load_buffer(NULL, z, zlen, NULL, &k));
    EXPECT_EINVAL(g16k_key_load_buffer(p, NULL, zlen, NULL, &k));
    EXPECT_EINVAL(g16k_key_load_buffer(p, z, zlen, NULL, NULL));
    EXPECT_EINVAL(g16k_key_load(NULL, zpath, &k));
    EXPECT_EINVAL(g16k_key_load(p, NULL, &k));
    EXPECT_EINVAL(g16k_key_load(p, zpath, NULL));
    assert_null(k);
    g16k_key_free(NULL);
    assert_int_equal(g16k_key_n_public(NULL), 0);
    assert_int_equal(g16k_key_cached(NULL), 0);
    char hex[65];
    EXPECT_EINVAL(g16k_zkey_digest(NULL, 5, hex));
    EXPECT_EINVAL(g16k_zkey_digest(z, zlen, NULL));
    /* no bytes: BLAKE3 of the empty input (the spec's test vector) */
    assert_int_equal(g16k_zkey_digest(NULL, 0, hex), G16K_OK);
    assert_string_equal(hex, "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262");

    k = load(p, "mult");
    const char *wpath = fixture("mult", "witness.wtns");
    uint8_t *w = slurp(wpath, 0, &wlen);
    uint8_t values[4 * 32];
    memcpy(values, w + wlen - sizeof values, sizeof values); /* mult: 4 values, the file's end */
    g16k_prove_opts o = fixed_rs();
    g16k_proof *pf = (g16k_proof *)1;
    EXPECT_EINVAL(g16k_prove(NULL, k, wpath, &o, &pf));
    assert_null(pf);
    EXPECT_EINVAL(g16k_prove(p, NULL, wpath, &o, &pf));
    EXPECT_EINVAL(g16k_prove(p, k, NULL, &o, &pf));
    EXPECT_EINVAL(g16k_prove(p, k, wpath, &o, NULL));
    EXPECT_EINVAL(g16k_prove_wtns_buffer(NULL, k, w, wlen, &o, &pf));
    EXPECT_EINVAL(g16k_prove_wtns_buffer(p, NULL, w, wlen, &o, &pf));
    EXPECT_EINVAL(g16k_prove_wtns_buffer(p, k, NULL, wlen, &o, &pf));
    EXPECT_EINVAL(g16k_prove_wtns_buffer(p, k, w, wlen, &o, NULL));
    EXPECT_EINVAL(g16k_prove_witness(NULL, k, values, 4, &o, &pf));
    EXPECT_EINVAL(g16k_prove_witness(p, NULL, values, 4, &o, &pf));
    EXPECT_EINVAL(g16k_prove_witness(p, k, NULL, 4, &o, &pf));
    EXPECT_EINVAL(g16k_prove_witness(p, k, values, 4, &o, NULL));
    assert_null(pf);
    g16k_proof_free(NULL);
    /* opts NULL is allowed: random r, s */
    assert_int_equal(g16k_prove_witness(p, k, values, 4, NULL, &pf), G16K_OK);
    g16k_proof_free(pf);
    assert_int_equal(g16k_prove_witness(p, k, values, 4, &o, &pf), G16K_OK);
    expect_reference(pf, "mult");

    EXPECT_EINVAL(g16k_proof_write(NULL, "/tmp/never-p.json", "/tmp/never-q.json"));
    assert_int_equal(access("/tmp/never-p.json", F_OK), -1);
    assert_int_equal(g16k_proof_write(pf, NULL, NULL), G16K_OK); /* both skipped */
    memset(buf, 'x', sizeof buf);
    assert_int_equal(g16k_proof_json(NULL, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    assert_non_null(strstr(g16k_last_error(), "g16k_proof_json: proof is NULL"));
    memset(buf, 'x', sizeof buf);
    assert_int_equal(g16k_public_json(NULL, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    assert_non_null(strstr(g16k_last_error(), "g16k_public_json: proof is NULL"));
    assert_true(g16k_proof_json(pf, NULL, 0) > 0);
    assert_true(g16k_public_json(pf, NULL, 0) > 0);
    uint8_t a[96], b[192], c[96], zero[192] = { 0 }, b2[192];
    memset(a, 0xaa, sizeof a);
    memset(b, 0xaa, sizeof b);
    memset(c, 0xaa, sizeof c);
    g16k_proof_points(NULL, a, b, c); /* zeroed */
    assert_memory_equal(a, zero, 96);
    assert_memory_equal(b, zero, 192);
    assert_memory_equal(c, zero, 96);
    g16k_proof_points(NULL, NULL, NULL, NULL);
    g16k_proof_points(pf, a, b, c);
    g16k_proof_points(pf, NULL, b2, NULL); /* only b */
    assert_memory_equal(b, b2, 192);
    g16k_proof_free(pf);

    const char *vk = fixture("mult", "verification_key.json");
    char vkp[1024], pubp[1024], prp[1024];
    snprintf(vkp, sizeof vkp, "%s", vk);
    snprintf(pubp, sizeof pubp, "%s", fixture("mult", "public.json"));
    snprintf(prp, sizeof prp, "%s", fixture("mult", "proof.json"));
    EXPECT_EINVAL(g16k_verify_files(NULL, pubp, prp));
    EXPECT_EINVAL(g16k_verify_files(vkp, NULL, prp));
    EXPECT_EINVAL(g16k_verify_files(vkp, pubp, NULL));
    assert_int_equal(g16k_verify_files(vkp, pubp, prp), G16K_OK);
    EXPECT_EINVAL(g16k_verify_json(NULL, 10, "[]", 2, "{}", 2));
    EXPECT_EINVAL(g16k_verify_json("{}", 2, NULL, 2, "{}", 2));
    EXPECT_EINVAL(g16k_verify_json("{}", 2, "[]", 2, NULL, 2));
    assert_non_null(strstr(g16k_last_error(), "g16k_verify_json: NULL argument"));

    g16k_set_log(NULL, NULL, G16K_LOG_DEBUG); /* no callback: lines dropped (the default) */
    g16k_key_free(k);
    g16k_prover_close(p);
    free(z);
    free(w);
}

/* ---- the library's log (g16k_set_log) ---- */

typedef struct log_lines {
    pthread_mutex_t lock;
    int n, n_delta, delta_level;
    char delta_line[1200];
    int info_cache; /* lines at G16K_LOG_INFO about the key cache */
    int sleep_ms;   /* the callback sleeps this long (test_log_switch) */
    atomic_int entered, left;
} log_lines;

static void on_log(void *user, int level, const char *line)
{
    log_lines *l = user;
    atomic_fetch_add(&l->entered, 1);
    pthread_mutex_lock(&l->lock);
    l->n++;
    if (strstr(line, "delta = 1")) {
        l->n_delta++;
        l->delta_level = level;
        snprintf(l->delta_line, sizeof l->delta_line, "%s", line);
    }
    if (level == G16K_LOG_INFO && strstr(line, "key cache"))
        l->info_cache++;
    pthread_mutex_unlock(&l->lock);
    if (l->sleep_ms) {
        struct timespec ts = { l->sleep_ms / 1000, (long)(l->sleep_ms % 1000) * 1000000L };
        nanosleep(&ts, NULL);
    }
    atomic_fetch_add(&l->left, 1);
}

/* Load the key before phase 2 (mult's circuit_0000.zkey, delta = 1) and prove mult's witness
 * with it (a valid proof: the pairing check runs) while the process's stderr goes to a file;
 * returns how many bytes reached stderr. */
static long prove_phase1_key_stderr(void)
{
    char err[128];
    snprintf(err, sizeof err, "%s/stderr.txt", cache_home);
    fflush(stderr);
    int saved = dup(2), fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(saved >= 0 && fd >= 0);
    dup2(fd, 2);
    close(fd);
    g16k_prover *p = NULL;
    g16k_key *k = NULL;
    g16k_proof *pf = NULL;
    g16k_prove_opts o = fixed_rs();
    int rc = g16k_prover_open(G16K_CONFIG, &p);
    if (rc == G16K_OK)
        rc = g16k_key_load(p, fixture("mult", "circuit_0000.zkey"), &k);
    if (rc == G16K_OK)
        rc = g16k_prove(p, k, fixture("mult", "witness.wtns"), &o, &pf);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    if (rc != G16K_OK)
        fail_msg("the key before phase 2: %s: %s", g16k_status_name(rc), g16k_last_error());
    g16k_proof_free(pf);
    g16k_key_free(k);
    g16k_prover_close(p);
    struct stat st;
    assert_int_equal(stat(err, &st), 0);
    unlink(err);
    return (long)st.st_size;
}

static void test_log(void **state)
{
    static log_lines l = { .lock = PTHREAD_MUTEX_INITIALIZER };
    (void)state;
    /* by default nothing, whatever $G16K_LOG says (the g16k command reads it, not the library) */
    setenv("G16K_LOG", "debug", 1);
    assert_int_equal(prove_phase1_key_stderr(), 0);

    /* a callback at warn: the warning, once, as a bare line; still nothing on stderr */
    g16k_set_log(on_log, &l, G16K_LOG_WARN);
    assert_int_equal(prove_phase1_key_stderr(), 0);
    assert_int_equal(l.n_delta, 1);
    assert_int_equal(l.delta_level, G16K_LOG_WARN);
    assert_non_null(strstr(l.delta_line, "circuit_0000.zkey: delta = 1: this key has had no "
                                         "phase-2 contribution, so anyone can forge its proofs"));
    assert_null(strchr(l.delta_line, '\n'));
    assert_int_equal(strncmp(l.delta_line, "g16k", 4) == 0, 0); /* no prefix: the path first */
    assert_int_equal(l.info_cache, 0);                          /* info is above warn */

    /* at info, the key cache's lines too (this test's cache home is fresh: the first load of
     * circuit_final.zkey tests every point and records it), and no delta warning for it */
    l.n_delta = 0;
    g16k_set_log(on_log, &l, G16K_LOG_INFO);
    g16k_prover *p = open_prover();
    g16k_key *k = load(p, "mult");
    g16k_key_free(k);
    assert_true(l.info_cache >= 1);
    assert_int_equal(l.n_delta, 0);

    /* at error: no warning */
    g16k_set_log(on_log, &l, G16K_LOG_ERROR);
    assert_int_equal(prove_phase1_key_stderr(), 0);
    assert_int_equal(l.n_delta, 0);

    /* NULL: silent again, the callback never called */
    g16k_set_log(NULL, NULL, G16K_LOG_DEBUG);
    int before = l.n;
    assert_int_equal(prove_phase1_key_stderr(), 0);
    assert_int_equal(l.n, before);
    g16k_prover_close(p);
    setenv("G16K_LOG", "warn", 1);
}

/* g16k_set_log returns only once the old callback is done: a load on another thread logs into
 * a callback that sleeps; the switch made meanwhile waits for it. */
static void *load_phase1_key(void *arg)
{
    g16k_prover *p = arg;
    g16k_key *k = NULL;
    if (g16k_key_load(p, fixture("mult", "circuit_0000.zkey"), &k) == G16K_OK)
        g16k_key_free(k);
    return NULL;
}

static void test_log_switch(void **state)
{
    static log_lines l = { .lock = PTHREAD_MUTEX_INITIALIZER };
    pthread_t th;
    (void)state;
    l.sleep_ms = 1500; /* the window for the check that the callback is still in it */
    g16k_prover *p = open_prover();
    g16k_set_log(on_log, &l, G16K_LOG_WARN);
    assert_int_equal(pthread_create(&th, NULL, load_phase1_key, p), 0);
    while (atomic_load(&l.entered) == 0) {
        struct timespec ts = { 0, 1000000 };
        nanosleep(&ts, NULL);
    }
    assert_int_equal(atomic_load(&l.left), 0); /* the callback is sleeping */
    g16k_set_log(NULL, NULL, G16K_LOG_DEBUG);
    assert_int_equal(atomic_load(&l.left), 1); /* it returned before the switch did */
    pthread_join(th, NULL);
    assert_int_equal(l.n_delta, 1);
    g16k_prover_close(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, fresh_cache_home, drop_cache_home)
        T(test_status_names), T(test_json_strings), T(test_buffers),      T(test_progress),
        T(test_cancel_load),  T(test_buffer_cache), T(test_cancel_prove), T(test_cancel_long),
        T(test_trace),        T(test_mapped_key),   T(test_verify_json),  T(test_null_args),
        T(test_log),          T(test_log_switch),
#undef T
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
