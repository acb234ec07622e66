/*
 * Files replaced atomically: the data goes to a temporary file beside the target (same file
 * system, so rename(2) is atomic), is fsync'ed, renamed over the target, and the folder is
 * fsync'ed so that the new name survives a crash. On any error the temporary is removed and the
 * target left as it was. Errors: G16K_EIO with the path and the system's reason (util/error.h).
 * Thread-safe for distinct targets.
 */
#ifndef G16K_UTIL_ATOMIC_WRITE_H
#define G16K_UTIL_ATOMIC_WRITE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Write len bytes of data to path atomically. G16K_OK or G16K_EIO. */
int write_file_atomic(const char *path, const char *data, size_t len);

/* write_file_atomic in two halves, for writers of several files that rename them together
 * (formats/json_pair.c): atomic_stage writes and fsyncs a temporary beside path (path borrowed
 * until commit or discard); atomic_commit renames it over path (the temporary is removed if that
 * fails); atomic_discard removes it. atomic_sync_dir fsyncs the folder of path (errors
 * ignored). */
typedef struct atomic_file {
    const char *path;
    char *tmp; /* NULL once committed or discarded */
} atomic_file;
int atomic_stage(atomic_file *f /* OUT */, const char *path, const char *data, size_t len);
int atomic_commit(atomic_file *f);
void atomic_discard(atomic_file *f);
void atomic_sync_dir(const char *path);

/* A file written piece by piece and renamed into place only when complete (ptau files of many
 * GB): atomic_stream_open creates the temporary beside path (path borrowed until commit or
 * discard); atomic_stream_write appends (buffered; G16K_EIO naming path on failure);
 * atomic_stream_commit flushes, fsyncs, renames over path and fsyncs the folder;
 * atomic_stream_discard (after a failure; not after commit) removes the temporary. On any error of
 * commit the temporary is gone and path untouched. */
typedef struct atomic_stream {
    atomic_file f;
    FILE *out;
    uint64_t size; /* bytes written so far */
} atomic_stream;
int atomic_stream_open(atomic_stream *s /* OUT */, const char *path);
int atomic_stream_write(atomic_stream *s, const void *data, size_t len);
int atomic_stream_commit(atomic_stream *s);
void atomic_stream_discard(atomic_stream *s);
/* Flushes what was written so far and starts the kernel writing it to disk without waiting
 * (Linux sync_file_range; elsewhere only the flush), so that the fsync of commit has less left
 * to wait for: for a writer with more work before its commit. G16K_OK, or G16K_EIO naming the
 * path when the flush fails (the stream is then to be discarded); errors of the disk's own
 * writing are left to commit's fsync. */
int atomic_stream_writeback(atomic_stream *s);
/* Read back len bytes written at offset off (after flushing): for a writer that hashes what it
 * wrote. G16K_EIO naming the path. */
int atomic_stream_read_back(atomic_stream *s, uint64_t off, void *buf, size_t len);

#endif
