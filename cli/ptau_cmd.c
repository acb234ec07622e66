/*
 * g16k ptau: the powers-of-tau ceremony (phase 1) in snarkjs's .ptau format, at native speed
 * (core/setup/setup.h, "powers of tau"): `new` starts a ceremony, `prepare` adds the Lagrange
 * sections that `g16k setup` and `snarkjs groth16 setup` read. Progress goes to stderr when it
 * is a terminal, or with --progress.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "curve/curve.h"
#include "g16k/g16k.h"
#include "setup/setup.h"
#include "util/error.h"

static int printable_ascii(const char *s)
{
    for (; *s; s++)
        if (*s < 0x20 || *s > 0x7e)
            return 0;
    return 1;
}

/* 1..255 bytes of hex (even digit count, optional 0x) into out; 0 or -1. */
static int parse_hex(const char *s, uint8_t *out, size_t *n)
{
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
    size_t len = strlen(s);
    if (len == 0 || len % 2 || len / 2 > 255)
        return -1;
    for (size_t i = 0; i < len; i += 2) {
        unsigned v;
        char b[3] = { s[i], s[i + 1], 0 };
        if (!isxdigit((unsigned char)b[0]) || !isxdigit((unsigned char)b[1]) ||
            sscanf(b, "%2x", &v) != 1)
            return -1;
        out[i / 2] = (uint8_t)v;
    }
    *n = len / 2;
    return 0;
}

static int cmd_ptau(int argc, char **argv)
{
    const char *threads = NULL, *name = NULL, *entropy = NULL, *beacon_max = NULL, *pos[4];
    int progress = 0, quiet = 0;
    size_t n_pos;
    const cli_opt opts[] = {
        { "--threads", &threads, NULL },   { "--name", &name, NULL },
        { "--entropy", &entropy, NULL },   { "--beacon-max-exp", &beacon_max, NULL },
        { "--progress", NULL, &progress }, { "--quiet", NULL, &quiet }
    };
    if (argc >= 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
        cli_print_help(stdout, &cli_cmd_ptau);
        return 0;
    }
    int rc;
    if (argc >= 3 && argv[2][0] == '-' &&
        (rc = cli_parse_pos(argc, argv, opts, sizeof opts / sizeof opts[0], pos, 4, &n_pos)))
        return rc == CLI_HELP ? 0 : rc; /* an unknown option before the step */
    if (argc < 3 || argv[2][0] == '-')
        return cli_usage_error("ptau: expected a step: new, contribute, beacon or prepare%s", "");
    const char *step = argv[2];
    /* cli_parse_pos reads argv[2..]: skip the step */
    rc = cli_parse_pos(argc - 1, argv + 1, opts, sizeof opts / sizeof opts[0], pos, 4, &n_pos);
    if (rc)
        return rc == CLI_HELP ? 0 : rc;
    ptau_opts o = { 0 };
    if ((rc = cli_threads_value(threads, &o.threads)))
        return rc;
    o.progress = !quiet && (progress || isatty(STDERR_FILENO));
    if (beacon_max) {
        char *end;
        unsigned long e = strtoul(beacon_max, &end, 10);
        if (strcmp(step, "verify") != 0)
            return cli_usage_error("ptau %s: --beacon-max-exp is for verify", step);
        if (!*beacon_max || *end || e < 1 || e > 63)
            return cli_usage_error("ptau verify: --beacon-max-exp '%s' is not 1..63 (the most "
                                   "SHA-256 iterations of a beacon to compute, as a power of 2)",
                                   beacon_max);
        o.beacon_max_exp = (unsigned)e;
    }
    if (strcmp(step, "new") == 0) {
        if (n_pos == 3) { /* snarkjs's order: `powersoftau new CURVE POWER OUT` */
            const curve *cv = curve_by_snarkjs(pos[0]);
            if (cv == NULL)
                return cli_usage_error("ptau new: CURVE '%s' is not one g16k serves: bls12381 or "
                                       "bn128",
                                       pos[0]);
            o.curve = cv->id;
            pos[0] = pos[1];
            pos[1] = pos[2];
        } else if (n_pos != 2) {
            return cli_usage_error("%s: expected `g16k ptau new [CURVE] POWER OUT`", "ptau new");
        }
        char *end;
        unsigned long p = strtoul(pos[0], &end, 10);
        if (!*pos[0] || *end || p < 1 || p > 28)
            return cli_usage_error("ptau new: POWER '%s' is not 1..28 (the file holds 2^POWER "
                                   "powers; a circuit of m constraints needs 2^POWER > m)",
                                   pos[0]);
        o.power = (unsigned)p;
        o.out_path = pos[1];
        rc = ptau_new(&o);
    } else if (strcmp(step, "prepare") == 0) {
        if (n_pos != 2)
            return cli_usage_error("%s: expected `g16k ptau prepare IN OUT`", "ptau prepare");
        const cli_file files[] = { { "IN", pos[0], 0 }, { "OUT", pos[1], 1 } };
        if ((rc = cli_check_outputs(files, 2)))
            return rc;
        o.in_path = pos[0];
        o.out_path = pos[1];
        rc = ptau_prepare(&o);
    } else if (strcmp(step, "contribute") == 0 || strcmp(step, "beacon") == 0) {
        int beacon = step[0] == 'b';
        if (n_pos != (beacon ? 4u : 2u))
            return cli_usage_error(beacon ? "%s: expected `g16k ptau beacon IN OUT HEX "
                                            "ITERATIONS_EXP`"
                                          : "%s: expected `g16k ptau contribute IN OUT`",
                                   beacon ? "ptau beacon" : "ptau contribute");
        if (name && (strlen(name) > 64 || !printable_ascii(name)))
            return cli_usage_error("ptau: --name '%s': at most 64 printable ASCII characters",
                                   name);
        if (entropy && beacon)
            return cli_usage_error("%s: --entropy is for contribute (a beacon's randomness is "
                                   "its hash)",
                                   "ptau beacon");
        const cli_file files[] = { { "IN", pos[0], 0 }, { "OUT", pos[1], 1 } };
        if ((rc = cli_check_outputs(files, 2)))
            return rc;
        uint8_t hash[255];
        ptau_hashes h;
        o.in_path = pos[0];
        o.out_path = pos[1];
        o.name = name;
        o.hashes = &h;
        if (beacon) {
            size_t n = 0;
            if (parse_hex(pos[2], hash, &n))
                return cli_usage_error("ptau beacon: HEX '%s' is not 1..255 bytes of "
                                       "hexadecimal (an even number of digits, 0x allowed)",
                                       pos[2]);
            char *end;
            unsigned long e = strtoul(pos[3], &end, 10);
            if (!*pos[3] || *end || e < 10 || e > 63)
                return cli_usage_error("ptau beacon: ITERATIONS_EXP '%s' is not 10..63 (the "
                                       "beacon hash goes through SHA-256 2^ITERATIONS_EXP times)",
                                       pos[3]);
            o.beacon_hash = hash;
            o.beacon_hash_len = n;
            o.beacon_exp = (unsigned)e;
        }
        /* the entropy leaves argv, which other users read in /proc/PID/cmdline while we run;
         * our copy is wiped after use like the secrets it seeds */
        char *ent = NULL;
        size_t ent_len = entropy ? strlen(entropy) : 0;
        if (entropy) {
            if (!(ent = strdup(entropy)))
                return cli_fail(err_set(G16K_ENOMEM, "ptau contribute: out of memory"));
            explicit_bzero((char *)entropy, ent_len);
            o.entropy = ent;
        }
        rc = ptau_contribute(&o);
        if (ent) {
            explicit_bzero(ent, ent_len);
            free(ent);
        }
        if (rc == G16K_OK) {
            char t[PTAU_HASH_TEXT];
            ptau_format_hash(t, h.response);
            printf("Contribution Response Hash:\n%s\n", t);
            ptau_format_hash(t, h.next_challenge);
            printf("Next Challenge Hash:\n%s\n", t);
        }
    } else if (strcmp(step, "verify") == 0) {
        if (n_pos != 1)
            return cli_usage_error("%s: expected `g16k ptau verify FILE`", "ptau verify");
        o.in_path = pos[0];
        ptau_verify_report rep;
        rc = ptau_verify(&o, &rep);
        if (rc == G16K_OK) {
            char t[PTAU_HASH_TEXT];
            printf("power %u (ceremony power %u), %u contribution%s%s\n", rep.power,
                   rep.ceremony_power, rep.count, rep.count == 1 ? "" : "s",
                   rep.prepared ? ", prepared for phase 2" : "");
            for (uint32_t i = 0; rep.valid && i < rep.count; i++) {
                const ptau_contribution_info *c = &rep.contribs[i];
                printf("Contribution #%u: %s%s\n", i + 1, c->name, c->beacon ? " (beacon)" : "");
                ptau_format_hash(t, c->response);
                printf("Response Hash:\n%s\n", t);
                ptau_format_hash(t, c->next_challenge);
                printf("Next Challenge:\n%s\n", t);
            }
            if (rep.valid) {
                printf("OK\n");
            } else {
                printf("INVALID: %s\n", g16k_last_error());
                rc = 1;
            }
        }
        free(rep.contribs);
        if (rc == 1)
            return 1;
    } else {
        return cli_usage_error("ptau: unknown step '%s' (new, contribute, beacon, prepare or "
                               "verify)",
                               step);
    }
    return rc == G16K_OK ? 0 : cli_fail(rc);
}

const cli_command cli_cmd_ptau = {
    "ptau",
    cmd_ptau,
    "ptau     (new [CURVE] POWER OUT | contribute IN OUT [--name N] [--entropy TEXT]\n"
    "         | beacon IN OUT HEX ITERATIONS_EXP [--name N] | prepare IN OUT\n"
    "         | verify FILE [--beacon-max-exp E])\n"
    "         [--threads N] [--progress | --quiet]\n"
    "         Powers of tau (phase 1 of the trusted setup), snarkjs's .ptau format, on\n"
    "         BLS12-381 or BN254 (the input file's curve). new: an empty ceremony of 2^POWER\n"
    "         powers (POWER 1..28) on CURVE (bls12381, the default, or bn128), the bytes of\n"
    "         `snarkjs powersoftau new CURVE POWER`. contribute: your secret contribution,\n"
    "         drawn from the OS mixed with --entropy, never written and wiped after use;\n"
    "         snarkjs verifies it. beacon: a public final contribution from a beacon (HEX\n"
    "         hashed with SHA-256 2^ITERATIONS_EXP times), the bytes of `snarkjs powersoftau\n"
    "         beacon`. prepare: the Lagrange sections `g16k setup` needs, the bytes of\n"
    "         `snarkjs powersoftau prepare phase2`. verify: every contribution, point and hash\n"
    "         of the transcript (the Lagrange sections by a random combination); prints OK\n"
    "         (exit 0) or INVALID: why (exit 1); a beacon of over 2^E SHA-256 iterations is\n"
    "         refused unless E is raised (default 32: about 14 minutes; at most 63).\n"
    "         All cores; outputs appear only when complete;\n"
    "         progress on stderr when it is a terminal, or with --progress.\n",
};
