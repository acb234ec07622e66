/*
 * The iden3 binary container shared by .zkey, .wtns, .r1cs and .ptau (docs/formats.md, "The binary container",
 * @iden3/binfileutils): magic (4 ASCII bytes), u32 version, u32 nSections, then nSections times
 * { u32 id, u64 size, size bytes of payload }, all little-endian, sections in any order.
 *
 * binfile_open maps the whole file read-only (mmap; the kernel pages it in on demand, so a
 * multi-GB proving key costs no copy), binfile_open_mem takes bytes already in memory (an
 * embedder's buffer, borrowed), binfile_read_table reads only the table of an open file, for a
 * reader that reads the payloads into its own buffer (zkey_load.c). All validate the
 * container: magic, version, every table entry inside the file, sizes that do not overflow 64
 * bits, no id of 1..max_id twice (snarkjs' startReadUniqueSection rejects repeats too), no
 * bytes after the last section.
 * Unknown section ids (0, or above max_id) are skipped, as snarkjs' readBinFile does: a file
 * with an extra section (a newer writer's, a tool's annotation) still loads. Their entries are
 * checked like any other (inside the file), and a known section whose id was damaged into an
 * unknown one is then reported missing by the reader that needs it.
 * It says nothing about what the payloads mean; zkey.c and wtns.c do that.
 * As with any mapping, a file truncated by someone else while mapped raises SIGBUS on access;
 * readers keep the mapping only for the duration of one load.
 *
 * Errors: negative g16k_status (G16K_EIO for open/stat/mmap/pread, G16K_ENOMEM when mmap finds no
 * address space, G16K_EFORMAT for content; nothing is allocated) and the thread-local core
 * error (util/error.h), one line:
 * "PATH: section table entry K at byte OFFSET: what is wrong". Thread-safe (no shared state).
 */
#ifndef G16K_FORMATS_BINFILE_H
#define G16K_FORMATS_BINFILE_H

#include <stddef.h>
#include <stdint.h>

/* Highest section id any reader of ours accepts (zkey uses 1..10). */
#define BINFILE_MAX_ID 15

typedef struct binfile_section {
    uint64_t offset; /* file offset of the first payload byte */
    uint64_t size;   /* payload bytes */
    int present;     /* 0 if the table has no section with this id */
} binfile_section;

/* The file's bytes held in pieces apart in memory (zkey_load.c starts each point section on a
 * cache line so that its points are used where they lie): piece k holds the file bytes
 * [off[k], off[k + 1]) from at[k] on; off[0] = 0, off[n] = the file size. A piece never begins
 * inside a section's table entry or payload other than at the payload's first byte, so every
 * entry and payload lies wholly in one piece. */
#define BINFILE_MAX_PIECES 8

typedef struct binfile_image {
    int n;
    uint64_t off[BINFILE_MAX_PIECES + 1];
    uint8_t *at[BINFILE_MAX_PIECES];
} binfile_image;

/* Where file byte off lies (off < off[n]); the bytes after it up to the piece's end follow. */
static inline uint8_t *binfile_image_at(const binfile_image *im, uint64_t off)
{
    int k = 0;
    while (k + 1 < im->n && off >= im->off[k + 1])
        k++;
    return im->at[k] + (off - im->off[k]);
}

typedef struct binfile {
    const char *path;           /* borrowed from the caller: used in messages only */
    const uint8_t *data;        /* the mapped file or the borrowed buffer (NULL when empty, or when
                          * image holds the bytes) */
    const binfile_image *image; /* the bytes in pieces (borrowed), or NULL: they are at data */
    uint64_t size;              /* file bytes */
    int mapped;                 /* 1: data is our mapping (unmapped by binfile_close) */
    uint32_t version;
    binfile_section sec[BINFILE_MAX_ID + 1]; /* indexed by id; sec[0] unused */
} binfile;

/* Map path and validate the container. magic: 4 bytes; version: the only accepted version;
 * max_id: highest section id the caller reads (<= BINFILE_MAX_ID); others are skipped.
 * path must outlive *bf.
 * On success the caller releases with binfile_close; on error nothing is left mapped. */
int binfile_open(binfile *bf /* OUT */, const char *path, const char magic[4], uint32_t version,
                 uint32_t max_id);

/* The same over size bytes at data, borrowed (they must outlive *bf); name stands for the path in
 * messages. Never G16K_EIO. */
int binfile_open_mem(binfile *bf /* OUT */, const char *name, const void *data, uint64_t size,
                     const char magic[4], uint32_t version, uint32_t max_id);

/* Map the regular file at path read-only, whatever it holds (*data NULL when it is empty);
 * release with binfile_unmap. Errors: G16K_EIO naming the file. */
int binfile_map(const char *path, const uint8_t **data /* OUT */, uint64_t *size /* OUT */);
void binfile_unmap(const uint8_t *data, uint64_t size); /* NULL is a no-op */
/* Validate the container of the open file fd (size bytes) like binfile_open, reading only the
 * 12-byte header and table entries (pread), for a reader that fills its own buffer: bf->data
 * stays NULL. Errors as binfile_open (a failed pread is G16K_EIO). */
int binfile_read_table(binfile *bf /* OUT */, int fd, uint64_t size, const char *path,
                       const char magic[4], uint32_t version, uint32_t max_id);

/* 1 if bf->image (the whole file) holds the table that bf describes, else 0: a reader that read
 * the table apart from the payloads checks the two came from one file. */
int binfile_same_table(const binfile *bf, const char magic[4], uint32_t max_id);

/* The payload bytes at file offset off (a section's, or a table entry's): in bf->image when the
 * file is held in pieces, else at bf->data + off. */
static inline const uint8_t *binfile_at(const binfile *bf, uint64_t off)
{
    return bf->image != NULL ? binfile_image_at(bf->image, off) : bf->data + off;
}

/* Writing: one section's table entry (u32 id, u64 payload size, little-endian) to a stream of
 * util/atomic_write.h, for the writers of .zkey and .ptau files. G16K_OK or G16K_EIO. */
struct atomic_stream;
int binfile_put_section_head(struct atomic_stream *s, uint32_t id, uint64_t size);

/* Unmap. Safe on a zeroed or already closed binfile. */
void binfile_close(binfile *bf);

/* The section with this id; if missing, sets the error "PATH: section ID (NAME) missing" and
 * returns G16K_EFORMAT. name is used in messages only. */
int binfile_section_get(const binfile *bf, uint32_t id, const char *name,
                        const binfile_section **out /* OUT: points into bf */);

/* Little-endian loads from the mapped bytes (no alignment needed). */
static inline uint32_t binfile_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t binfile_le64(const uint8_t *p)
{
    return (uint64_t)binfile_le32(p) | (uint64_t)binfile_le32(p + 4) << 32;
}

/* Load n little-endian 64-bit limbs (8n bytes). */
static inline void binfile_limbs(uint64_t *out, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = binfile_le64(p + 8 * i);
}

#endif
