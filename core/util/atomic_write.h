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

#endif
