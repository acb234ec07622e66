/*
 * Section-table reader of the iden3 binary container (binfile.h, docs/formats.md, "The binary container").
 * The table is walked once from byte 12; every entry is checked before its size is used, so a
 * hostile size can neither read past the mapping nor wrap the 64-bit offset.
 */
#include "binfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "g16k/plugin.h"
#include "util/atomic_write.h"
#include "util/error.h"
#include "util/input_file.h"

#define HEADER_BYTES 12u /* magic + version + nSections */
#define ENTRY_BYTES 12u  /* id + size */

int binfile_map(const char *path, const uint8_t **data, uint64_t *size)
{
    *data = NULL;
    *size = 0;
    struct stat st;
    int fd = input_open(path, &st);
    if (fd < 0)
        return G16K_EIO;
    if (st.st_size > 0) {
        void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (m == MAP_FAILED) {
            int e = errno;
            close(fd);
            /* ENOMEM: no address space left for the mapping (ulimit -v, a 32-bit process):
             * out of memory, exit 7, not an I/O error */
            return err_set(e == ENOMEM ? G16K_ENOMEM : G16K_EIO, "%s: cannot map %llu bytes: %s",
                           path, (unsigned long long)st.st_size,
                           e == ENOMEM ? "out of memory (address space)" : strerror(e));
        }
        /* One forward pass over the payloads follows. */
        (void)madvise(m, (size_t)st.st_size, MADV_SEQUENTIAL);
        *data = m;
        *size = (uint64_t)st.st_size;
    }
    close(fd);
    return G16K_OK;
}

void binfile_unmap(const uint8_t *data, uint64_t size)
{
    if (data)
        munmap((void *)data, (size_t)size);
}

static int map_file(binfile *bf, const char *path)
{
    int rc = binfile_map(path, &bf->data, &bf->size);
    bf->mapped = bf->data != NULL;
    return rc;
}

/* Where the table's bytes come from: the mapped file (data), pieces in memory (image) or pread
 * on fd. */
typedef struct source {
    const uint8_t *data;
    const binfile_image *image;
    int fd;
} source;

/* 12 bytes at pos (pos + 12 <= file size). 0, or -1 after a failed pread (errno set). */
static int fetch12(const source *src, uint64_t pos, uint8_t out[12])
{
    if (src->data != NULL || src->image != NULL) {
        memcpy(out, src->image ? binfile_image_at(src->image, pos) : src->data + pos, 12);
        return 0;
    }
    size_t got = 0;
    while (got < 12) {
        ssize_t n = pread(src->fd, out + got, 12 - got, (off_t)(pos + got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            return -1;
        }
        got += (size_t)n;
    }
    return 0;
}

/* What the four bytes at the start of a file say it is: the formats a user may swap for one
 * another ("g16k prove WTNS ZKEY ..."), so that a wrong magic can say what the file is. */
static const struct {
    char magic[4];
    const char *what;
} known_magics[] = {
    { { 'z', 'k', 'e', 'y' }, "a proving key (.zkey)" },
    { { 'w', 't', 'n', 's' }, "a witness (.wtns)" },
    { { 'r', '1', 'c', 's' }, "a constraint system (.r1cs)" },
    { { 'p', 't', 'a', 'u' }, "a powers of tau file (.ptau)" },
};

/* "; the file is a witness (.wtns), not a proving key (.zkey): arguments swapped?" for a known
 * magic other than want, "" else (the text is written into buf). */
static const char *magic_hint(char *buf, size_t cap, const uint8_t got[4], const char want[4])
{
    const char *is = NULL, *not = NULL;
    for (size_t i = 0; i < sizeof known_magics / sizeof known_magics[0]; i++) {
        if (memcmp(got, known_magics[i].magic, 4) == 0)
            is = known_magics[i].what;
        if (memcmp(want, known_magics[i].magic, 4) == 0)
            not = known_magics[i].what;
    }
    if (!is && (got[0] == '{' || got[0] == '['))
        is = "a JSON file";
    if (!is || !not )
        return "";
    snprintf(buf, cap, "; the file is %s, not %s: arguments swapped?", is, not );
    return buf;
}

static int read_table(binfile *bf, const source *src, const char magic[4], uint32_t version,
                      uint32_t max_id)
{
    const char *path = bf->path;
    uint8_t e[12];
    if (max_id > BINFILE_MAX_ID)
        max_id = BINFILE_MAX_ID;
    if (bf->size < HEADER_BYTES)
        return err_set(G16K_EFORMAT, "%s: header at byte 0: file is %llu bytes, need %u", path,
                       (unsigned long long)bf->size, HEADER_BYTES);
    if (fetch12(src, 0, e) != 0)
        return err_set(G16K_EIO, "%s: cannot read: %s", path, strerror(errno));
    if (memcmp(e, magic, 4) != 0) {
        char hint[160];
        return err_set(G16K_EFORMAT, "%s: header at byte 0: magic is not \"%.4s\"%s", path, magic,
                       magic_hint(hint, sizeof hint, e, magic));
    }
    bf->version = binfile_le32(e + 4);
    if (bf->version != version)
        return err_set(G16K_EFORMAT, "%s: header at byte 4: version %u, expected %u", path,
                       bf->version, version);
    uint32_t n = binfile_le32(e + 8);

    uint64_t pos = HEADER_BYTES;
    for (uint32_t k = 0; k < n; k++) {
        if (bf->size - pos < ENTRY_BYTES)
            return err_set(G16K_EFORMAT,
                           "%s: section table entry %u at byte %llu: file ends (%llu bytes): "
                           "truncated, its table needs at least %llu bytes (a copy or download "
                           "cut short?)",
                           path, k, (unsigned long long)pos, (unsigned long long)bf->size,
                           (unsigned long long)(pos + ENTRY_BYTES));
        if (fetch12(src, pos, e) != 0)
            return err_set(G16K_EIO, "%s: cannot read: %s", path, strerror(errno));
        uint32_t id = binfile_le32(e);
        uint64_t size = binfile_le64(e + 4);
        uint64_t start = pos + ENTRY_BYTES;
        int known = id >= 1 && id <= max_id;
        if (known && bf->sec[id].present)
            return err_set(G16K_EFORMAT,
                           "%s: section table entry %u at byte %llu: duplicate section %u "
                           "(first at byte %llu)",
                           path, k, (unsigned long long)pos, id,
                           (unsigned long long)(bf->sec[id].offset - ENTRY_BYTES));
        /* start <= size here, so size - start cannot wrap; comparing this way also rules out
         * start + size overflowing 64 bits. */
        if (size > bf->size - start)
            return err_set(G16K_EFORMAT,
                           "%s: section table entry %u at byte %llu: section %u size %llu goes "
                           "past the end of the file (%llu bytes): %s %llu bytes",
                           path, k, (unsigned long long)pos, id, (unsigned long long)size,
                           (unsigned long long)bf->size,
                           size - (bf->size - start) <= bf->size
                               ? "truncated (a copy or download cut short?), it needs at least"
                               : "a corrupt table (or a truncated file), it would need",
                           size > UINT64_MAX - start ? (unsigned long long)UINT64_MAX
                                                     : (unsigned long long)(start + size));
        if (known) { /* an unknown id is skipped (binfile.h), its size checked above */
            bf->sec[id].present = 1;
            bf->sec[id].offset = start;
            bf->sec[id].size = size;
        }
        pos = start + size;
    }
    if (pos != bf->size)
        return err_set(G16K_EFORMAT, "%s: byte %llu: %llu bytes after the last section", path,
                       (unsigned long long)pos, (unsigned long long)(bf->size - pos));
    return G16K_OK;
}

/* The table of bytes already in bf (mapped or borrowed); closes bf when it is bad. */
static int open_table(binfile *bf, const char magic[4], uint32_t version, uint32_t max_id)
{
    source src = { .data = bf->data, .fd = -1 };
    int rc = read_table(bf, &src, magic, version, max_id);
    if (rc != G16K_OK)
        binfile_close(bf);
    return rc;
}

int binfile_open(binfile *bf, const char *path, const char magic[4], uint32_t version,
                 uint32_t max_id)
{
    memset(bf, 0, sizeof(*bf));
    bf->path = path;
    int rc = map_file(bf, path);
    if (rc != G16K_OK)
        return rc;
    return open_table(bf, magic, version, max_id);
}

int binfile_open_mem(binfile *bf, const char *name, const void *data, uint64_t size,
                     const char magic[4], uint32_t version, uint32_t max_id)
{
    memset(bf, 0, sizeof(*bf));
    bf->path = name;
    bf->data = size > 0 ? data : NULL;
    bf->size = bf->data ? size : 0;
    return open_table(bf, magic, version, max_id);
}

int binfile_read_table(binfile *bf, int fd, uint64_t size, const char *path, const char magic[4],
                       uint32_t version, uint32_t max_id)
{
    memset(bf, 0, sizeof(*bf));
    bf->path = path;
    bf->size = size;
    source src = { .data = NULL, .fd = fd };
    return read_table(bf, &src, magic, version, max_id);
}

int binfile_same_table(const binfile *bf, const char magic[4], uint32_t max_id)
{
    binfile again;
    memset(&again, 0, sizeof(again));
    again.path = bf->path;
    again.size = bf->size;
    source src = { .image = bf->image, .fd = -1 };
    if (read_table(&again, &src, magic, bf->version, max_id) != G16K_OK)
        return 0;
    return memcmp(again.sec, bf->sec, sizeof(bf->sec)) == 0;
}

void binfile_close(binfile *bf)
{
    if (bf->data != NULL && bf->mapped)
        munmap((void *)bf->data, (size_t)bf->size);
    bf->data = NULL;
    bf->size = 0;
    bf->mapped = 0;
}

int binfile_section_get(const binfile *bf, uint32_t id, const char *name,
                        const binfile_section **out)
{
    if (id == 0 || id > BINFILE_MAX_ID || !bf->sec[id].present)
        return err_set(G16K_EFORMAT, "%s: section %u (%s) missing", bf->path, id, name);
    *out = &bf->sec[id];
    return G16K_OK;
}

int binfile_put_section_head(atomic_stream *s, uint32_t id, uint64_t size)
{
    uint8_t b[12];
    for (int i = 0; i < 4; i++) {
        b[i] = (uint8_t)(id >> (8 * i));
        b[4 + i] = (uint8_t)(size >> (8 * i));
        b[8 + i] = (uint8_t)(size >> (32 + 8 * i));
    }
    return atomic_stream_write(s, b, sizeof b);
}
