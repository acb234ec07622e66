/*
 * g16k check --r1cs circuit.r1cs --witness w.wtns [--sym circuit.sym] [--max N]
 *
 * Evaluates every R1CS constraint <A_c, w> * <B_c, w> = <C_c, w> over Fr on the witness, as
 * `snarkjs wtns check` does (snarkjs 0.7.6 src/wtns_check.js; it stops at the first failure and
 * reports its 0-based index). Here every constraint is evaluated; the first N unsatisfied ones
 * (default 10) are printed to stdout with the values of A, B and C and, for each signal they
 * use, its wire, value and names from the .sym file; then the count. A proof made from a witness
 * that breaks a constraint fails the prover's pairing check (exit 6), which cannot say which
 * constraint: this command can. The curve is the files' (their prime: BLS12-381 or BN254, the
 * same in both), its Fr through core/curve's operations.
 *
 * Exit 0: every constraint holds ("OK: ..."); 1: some do not; 2 usage; 4 a malformed file or
 * files of different circuits (the message names file, section and byte offset); 5 I/O; 7 memory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "formats/r1cs.h"
#include "formats/sym.h"
#include "formats/wtns.h"
#include "util/error.h"

#define MAX_NAMES 3 /* names printed per wire; the rest are counted */

static void print_wire(const curve *cv, uint32_t wire, const curve_scalar *w_mont, const sym *names)
{
    char dec[CURVE_FR_DEC_MAX];
    cv->fr_to_dec(dec, &w_mont[wire]);
    printf("    wire %u = %s", wire, dec);
    if (!names) {
        printf("\n");
        return;
    }
    uint64_t b = names->start[wire], e = names->start[wire + 1];
    if (b == e)
        printf("  (no name in the .sym file)");
    for (uint64_t i = b; i < e && i < b + MAX_NAMES; i++)
        printf("%s%s", i == b ? "  " : ", ", names->names[i]);
    if (e - b > MAX_NAMES)
        printf(" (+%llu more)", (unsigned long long)(e - b - MAX_NAMES));
    printf("\n");
}

/* The report of one unsatisfied constraint: A, B, C, then each wire once, in term order. */
static void print_constraint(const r1cs *cs, const curve_scalar *w_mont, uint64_t c,
                             const curve_scalar abc[3], const sym *names, uint8_t *seen)
{
    static const char *const lc_name[3] = { "A", "B", "C" };
    char dec[CURVE_FR_DEC_MAX];
    printf("constraint %llu is not satisfied: A * B != C\n", (unsigned long long)c);
    for (int L = 0; L < 3; L++) {
        cs->cv->fr_to_dec(dec, &abc[L]);
        uint64_t n = cs->lc[3 * c + L + 1] - cs->lc[3 * c + L];
        printf("  %s = %s  (%llu term%s)\n", lc_name[L], dec, (unsigned long long)n,
               n == 1 ? "" : "s");
    }
    printf("  signals:\n");
    for (int pass = 0; pass < 2; pass++) { /* print each wire once, then clear the marks */
        for (uint64_t j = 3 * c; j < 3 * c + 3; j++) {
            const uint8_t *p = r1cs_lc_terms(cs, j);
            for (uint64_t t = cs->lc[j]; t < cs->lc[j + 1]; t++, p += R1CS_TERM_BYTES) {
                uint32_t wire = r1cs_term_wire(p);
                if (pass == 1)
                    seen[wire] = 0;
                else if (wire != 0 && !seen[wire]) { /* wire 0 is the constant 1 */
                    seen[wire] = 1;
                    print_wire(cs->cv, wire, w_mont, names);
                }
            }
        }
    }
}

static int cmd_check(int argc, char **argv)
{
    const char *r1cs_path = NULL, *wtns_path = NULL, *sym_path = NULL, *max_s = NULL;
    const cli_opt opts[] = {
        { "--r1cs", &r1cs_path, NULL },
        { "--witness", &wtns_path, NULL },
        { "--sym", &sym_path, NULL },
        { "--max", &max_s, NULL },
    };
    int rc = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0]);
    if (rc)
        return rc;
    if (!r1cs_path || !wtns_path)
        return cli_usage_error("%s: --r1cs and --witness are required", "check");
    unsigned long max = 10;
    if (max_s) {
        char *end;
        max = strtoul(max_s, &end, 10);
        if (!*max_s || *end || max > 1000000)
            return cli_usage_error("check: --max '%s': expected 0..1000000", max_s);
    }

    r1cs cs;
    wtns *w = NULL;
    sym names = { 0 };
    curve_scalar *w_mont = NULL;
    uint8_t *seen = NULL;
    uint64_t bad = 0;
    if ((rc = r1cs_load(r1cs_path, NULL, &cs)) != G16K_OK)
        goto out;
    if ((rc = wtns_load(wtns_path, NULL, 0, &w)) != G16K_OK)
        goto out;
    const curve *cv = cs.cv;
    if (w->cv != cv) {
        rc = err_set(G16K_EFORMAT,
                     "%s: section 1 (header): a %s witness, the circuit %s is %s's (files of two "
                     "circuits, or one compiled with another --prime?)",
                     wtns_path, w->cv->name, r1cs_path, cv->name);
        goto out;
    }
    if (w->n != cs.n_wires) {
        rc = err_set(G16K_EFORMAT,
                     "%s: section 1 (header): %u witness values, the circuit %s "
                     "has %u wires (a witness of another circuit?)",
                     wtns_path, w->n, r1cs_path, cs.n_wires);
        goto out;
    }
    if (sym_path && (rc = sym_load(sym_path, cs.n_wires, cs.n_labels, &names)) != G16K_OK)
        goto out;
    w_mont = malloc((size_t)cs.n_wires * sizeof *w_mont);
    seen = calloc(cs.n_wires, 1);
    if (!w_mont || !seen) {
        rc = err_set(G16K_ENOMEM, "out of memory for %u witness values", cs.n_wires);
        goto out;
    }
    for (uint32_t i = 0; i < cs.n_wires; i++)
        cv->fr_from_canon(&w_mont[i], &w->values[i]); /* < r: checked by wtns_load */
    curve_scalar one = { { 1, 0, 0, 0 } };
    cv->fr_from_canon(&one, &one);
    if (memcmp(&w_mont[0], &one, sizeof(one)) != 0)
        printf("note: wire 0 (the constant 1 of every constraint) is not 1 in %s\n", wtns_path);

    for (uint64_t c = 0; c < cs.n_constraints; c++) {
        curve_scalar abc[3];
        const uint8_t *terms[3];
        uint64_t n[3];
        for (int L = 0; L < 3; L++) {
            terms[L] = r1cs_lc_terms(&cs, 3 * c + L);
            n[L] = cs.lc[3 * c + L + 1] - cs.lc[3 * c + L];
        }
        if (cv->fr_constraint(abc, terms, n, w_mont))
            continue;
        if (bad++ < max)
            print_constraint(&cs, w_mont, c, abc, sym_path ? &names : NULL, seen);
    }
    if (bad)
        printf("%llu of %u constraints not satisfied%s\n", (unsigned long long)bad,
               cs.n_constraints, bad > max ? " (see --max for more)" : "");
    else
        printf("OK: the witness satisfies all %u constraints\n", cs.n_constraints);
out:;
    int code = rc != G16K_OK ? cli_fail(rc) : bad ? 1 : 0;
    free(seen);
    free(w_mont);
    sym_free(&names);
    wtns_free(w);
    r1cs_free(&cs);
    return code;
}

const cli_command cli_cmd_check = {
    "check",
    cmd_check,
    "check    --r1cs circuit.r1cs --witness w.wtns [--sym circuit.sym] [--max N]\n"
    "         Evaluates every constraint A * B = C of the circuit on the witness (as `snarkjs\n"
    "         wtns check`) and names the first N (default 10) it breaks: the constraint's\n"
    "         0-based index, the values of A, B and C, and each signal's wire, value and\n"
    "         names from the .sym file. Exit 0 when all hold, 1 when some do not.\n"
    "         BLS12-381 or BN254 (bn128) circuits, as the files' prime says.\n",
};
