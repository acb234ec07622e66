/*
 * g16k submit: check a witness against a key's header, store it in the queue with the key's
 * content digest (and file name as a hint), print the job id. The key's points are not read
 * (the worker checks them when it loads the key); the witness is checked in full (wtns.h: the
 * prime, every value below r, w[0] = 1, its length equal to the key's nVars).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "queue_cli.h"
#include "g16k/g16k.h"
#include "queue/queue.h"
#include "formats/binfile.h"
#include "formats/wtns.h"
#include "formats/zkey.h"

/* A file mapped read-only (binfile_map). */
typedef struct mapped {
    const uint8_t *data;
    uint64_t size;
} mapped;

static void unmap_file(mapped *m)
{
    binfile_unmap(m->data, m->size);
    m->data = NULL;
}

static int cmd_submit(int argc, char **argv)
{
    const char *url = NULL, *zkey_path = NULL, *wtns_path = NULL, *prio_s = NULL, *label = NULL;
    const cli_opt opts[] = { { "--queue", &url, NULL },
                             { "--zkey", &zkey_path, NULL },
                             { "--witness", &wtns_path, NULL },
                             { "--priority", &prio_s, NULL },
                             { "--label", &label, NULL } };
    char digest[QUEUE_DIGEST_HEX];
    mapped zk = { 0 }, wt = { 0 };
    queue_settings set;
    queue_new_job job;
    queue *q = NULL;
    zkey hdr;
    wtns *w = NULL;
    long long prio = 0;
    int64_t id;
    int rc;

    if ((rc = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0])))
        return rc;
    if (!(url = queue_cli_url(url)))
        return cli_usage_error("%s: --queue is required (or set G16K_QUEUE)", "submit");
    if (!zkey_path || !wtns_path)
        return cli_usage_error("%s: --zkey and --witness are required", "submit");
    if (prio_s && queue_cli_int("--priority", prio_s, INT32_MIN, INT32_MAX, &prio))
        return 2;

    if ((rc = queue_open(url, 0, &q)) != QUEUE_OK || (rc = queue_settings_get(q, &set)) != QUEUE_OK)
        goto queue_fail;
    if ((rc = binfile_map(zkey_path, &zk.data, &zk.size)) != G16K_OK ||
        (rc = zkey_read_header(zkey_path, zk.data, zk.size, &hdr)) != G16K_OK)
        goto fail;
    queue_key_digest(zk.data, (size_t)zk.size, digest);
    unmap_file(&zk);
    if ((rc = binfile_map(wtns_path, &wt.data, &wt.size)) != G16K_OK)
        goto fail;
    if ((int64_t)wt.size > set.max_witness_bytes) {
        fprintf(stderr,
                "g16k: error: %s: %llu bytes is over the queue's limit of %lld bytes "
                "(g16k queue init --max-witness MiB)\n",
                wtns_path, (unsigned long long)wt.size, (long long)set.max_witness_bytes);
        unmap_file(&wt);
        queue_close(q);
        return CLI_EXIT_QUEUE;
    }
    if ((rc = wtns_load_mem(wtns_path, wt.data, wt.size, hdr.cv, hdr.n_vars, &w)) != G16K_OK)
        goto fail;
    wtns_free(w);

    memset(&job, 0, sizeof job);
    job.key_digest = digest;
    job.key_hint = strrchr(zkey_path, '/') ? strrchr(zkey_path, '/') + 1 : zkey_path;
    job.witness = wt.data;
    job.witness_len = (size_t)wt.size;
    job.n_vars = hdr.n_vars;
    job.priority = (int32_t)prio;
    job.label = label;
    if ((rc = queue_submit(q, &job, &id)) != QUEUE_OK)
        goto queue_fail;
    unmap_file(&wt);
    queue_close(q);
    printf("%" PRId64 "\n", id);
    return fflush(stdout) == 0 ? 0 : 5;

fail:
    unmap_file(&zk);
    unmap_file(&wt);
    queue_close(q);
    return cli_fail(rc);
queue_fail:
    rc = queue_cli_fail(rc);
    unmap_file(&wt);
    queue_close(q);
    return rc;
}

const cli_command cli_cmd_submit = {
    "submit",
    cmd_submit,
    "submit   --queue URL --zkey PATH --witness FILE [--priority N] [--label TEXT]\n"
    "         Check the witness against the key's header, store it in the queue, print the job\n"
    "         id; the key is named by its content digest (docs/queue.md).\n",
};
