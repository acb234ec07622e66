/* g16k prove: one proof from a zkey and a witness, written atomically after it verified. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "g16k/g16k.h"
#include "bls12_381/field.h"
#include "util/clock.h"

/* "R,S" in decimal -> canonical limbs. */
static int parse_rs(const char *arg, uint64_t r[4], uint64_t s[4])
{
    char buf[256];
    char *comma;
    if (strlen(arg) >= sizeof(buf))
        return -1;
    strcpy(buf, arg);
    comma = strchr(buf, ',');
    if (!comma)
        return -1;
    *comma = '\0';
    if (bigint_from_dec(r, 4, buf) != 0 || bigint_from_dec(s, 4, comma + 1) != 0)
        return -1;
    if (bigint_cmp(r, FR_MODULUS.l, 4) >= 0 || bigint_cmp(s, FR_MODULUS.l, 4) >= 0)
        return -1;
    return 0;
}

static void print_timings(const g16k_timings *t, double load_key)
{
    fprintf(stderr,
            "timings (s): load_key %.3f  load_witness %.3f  synth %.3f  ntt %.3f\n"
            "             msm A %.3f  B_G1 %.3f  B_G2 %.3f  L %.3f  H %.3f (sum %.3f)\n"
            "             assemble %.3f  verify %.3f  prove_total %.3f\n",
            load_key, t->load_witness, t->synth, t->ntt, t->msm_a, t->msm_b_g1, t->msm_b_g2,
            t->msm_l, t->msm_h, t->msm_total, t->assemble, t->verify, t->total);
}

static int cmd_prove(int argc, char **argv)
{
    const char *config = NULL, *zkey = NULL, *wtns = NULL, *proof_out = NULL, *public_out = NULL,
               *rs = NULL, *trace_path = NULL, *threads = NULL, *pos[4];
    size_t n_pos;
    int timings = 0, no_verify = 0, progress = 0, quiet = 0;
    const cli_opt opts[] = {
        { "--config", &config, NULL },     { "--zkey", &zkey, NULL },
        { "--witness", &wtns, NULL },      { "--proof", &proof_out, NULL },
        { "--public", &public_out, NULL }, { "--insecure-rs", &rs, NULL },
        { "--timings", NULL, &timings },   { "--no-verify", NULL, &no_verify },
        { "--progress", NULL, &progress }, { "--quiet", NULL, &quiet },
        { "--trace", &trace_path, NULL },  { "--threads", &threads, NULL },
    };
    g16k_prove_opts po;
    g16k_timings tm;
    g16k_prover *p = NULL;
    g16k_key *key = NULL;
    g16k_proof *proof = NULL;
    g16k_trace *trace = NULL;
    int rc;

    if ((rc = cli_parse_pos(argc, argv, opts, sizeof(opts) / sizeof(opts[0]), pos, 4, &n_pos)))
        return rc;
    if (n_pos) { /* the rapidsnark-style shorthand: prove ZKEY WTNS PROOF PUBLIC */
        if (n_pos != 4)
            return cli_usage_error("%s: give all four of ZKEY WTNS PROOF PUBLIC, or use "
                                   "--zkey, --witness, --proof and --public",
                                   "prove");
        if (zkey || wtns || proof_out || public_out)
            return cli_usage_error("%s: ZKEY WTNS PROOF PUBLIC given twice: as arguments and "
                                   "as --zkey/--witness/--proof/--public",
                                   "prove");
        zkey = pos[0];
        wtns = pos[1];
        proof_out = pos[2];
        public_out = pos[3];
    }
    if (!zkey || !wtns || !proof_out || !public_out)
        return cli_usage_error("%s: --zkey, --witness, --proof and --public are required", "prove");
    if (progress && quiet)
        return cli_usage_error("%s: --progress and --quiet exclude each other", "prove");
    if ((rc = cli_threads_opt(threads)))
        return rc;
    const cli_file files[] = {
        { n_pos ? "ZKEY" : "--zkey", zkey, 0 },
        { n_pos ? "WTNS" : "--witness", wtns, 0 },
        { "--config", config, 0 },
        { n_pos ? "PROOF" : "--proof", proof_out, 1 },
        { n_pos ? "PUBLIC" : "--public", public_out, 1 },
        { "--trace", trace_path, 1 },
    };
    if ((rc = cli_check_outputs(files, sizeof files / sizeof files[0])))
        return rc;
    memset(&po, 0, sizeof(po));
    po.struct_size = sizeof(po);
    po.verify = no_verify ? 0 : -1;
    po.timings = &tm;
    if (rs) {
        if (parse_rs(rs, po.r, po.s) != 0)
            return cli_usage_error("--insecure-rs '%s': expected R,S as decimal integers below r",
                                   rs);
        po.insecure_fixed_rs = 1;
        fprintf(
            stderr,
            "g16k: warning: --insecure-rs: fixed blinding values, the proof reveals the witness\n");
    }

    if ((rc = cli_trace_start(trace_path, "prove", &trace)) != G16K_OK)
        return cli_fail(rc);
    po.trace = trace;
    if ((rc = cli_open_prover(config, &p)) != G16K_OK)
        goto out;
    double t0 = clock_now();
    key_progress_state kp;
    cli_key_progress_init(&kp, zkey, progress ? 1 : quiet ? -1 : 0);
    g16k_key_opts ko = { .struct_size = sizeof(ko),
                         .progress = cli_key_progress,
                         .progress_user = &kp,
                         .trace = trace,
                         .flags = G16K_KEY_MAP_FILE }; /* the process ends with the key */
    rc = g16k_key_load_file(p, zkey, &ko, &key);
    cli_key_progress_end(&kp, rc == G16K_OK ? key : NULL);
    if (rc != G16K_OK)
        goto out;
    double load_key = clock_now() - t0;
    if ((rc = g16k_prove(p, key, wtns, &po, &proof)) != G16K_OK)
        goto out;
    if ((rc = g16k_proof_write(proof, proof_out, public_out)) != G16K_OK)
        goto out;
    if (timings)
        print_timings(&tm, load_key);
out:
    if (rc == G16K_EVERIFY) { /* one line still, with the way to find the broken constraint */
        fprintf(stderr,
                "g16k: error: %s; `g16k check --r1cs CIRCUIT.r1cs --witness %s --sym "
                "CIRCUIT.sym` names the constraints the witness breaks (if it finds none, a "
                "provider is wrong: compare with conf/cpu.ini)\n",
                g16k_last_error(), wtns);
        rc = cli_exit_code(rc);
    } else if (rc != G16K_OK) {
        rc = cli_fail(rc);
    }
    g16k_proof_free(proof);
    g16k_key_free(key);
    g16k_prover_close(p);
    return cli_trace_finish(trace, rc);
}

const cli_command cli_cmd_prove = {
    "prove",
    cmd_prove,
    "prove    [--config INI] --zkey FILE --witness FILE --proof OUT.json --public OUT.json\n"
    "         [--timings] [--no-verify] [--insecure-rs R,S] [--progress | --quiet]\n"
    "         [--trace TRACE.json] [--threads T]\n"
    "prove    [options] ZKEY WTNS PROOF PUBLIC        (the same, as positional arguments)\n"
    "         Groth16 proof of a snarkjs .zkey and a circom .wtns (BLS12-381), written in\n"
    "         snarkjs's JSON. The proof is checked with a pairing before it is written (unless\n"
    "         [core] verify = never or --no-verify); both files are written atomically.\n"
    "         --config defaults to $G16K_CONFIG, else to the built-in conf/cpu.ini (every slot\n"
    "         on the CPU plugin). --timings prints the phase times on stderr. --insecure-rs\n"
    "         fixes the blinding values (decimal): for tests only, such a proof reveals the\n"
    "         witness. Exit 6 when the proof fails its own check: `g16k check` then names the\n"
    "         constraints the witness breaks. A key load that takes over a second shows its\n"
    "         progress on stderr when it is a terminal (points checked, total, rate, time\n"
    "         left); --progress shows it anyway, --quiet never. --trace writes a phase trace\n"
    "         (Trace Event Format: open it in https://ui.perfetto.dev or chrome://tracing): the\n"
    "         key load, each phase and provider call, the MSMs with window, size, provider and\n"
    "         device, on a track per thread; written also when the proof fails. --threads T\n"
    "         bounds the threads of the proof and its key load (0: all cores; sets\n"
    "         $G16K_THREADS, which overrides [core] threads).\n",
};
