/*
 * Scratch folders for the loader tests: a fresh mkdtemp folder per test, files written into it,
 * removed recursively afterwards. Test helpers: they fail the running cmocka test on any error.
 */
#ifndef G16K_TEST_TMPDIR_H
#define G16K_TEST_TMPDIR_H

#include <limits.h>

/* Create /tmp/g16k-loader-XXXXXX; writes its path into dir (PATH_MAX bytes). */
void tmpdir_create(char *dir);
/* Remove dir and everything under it. */
void tmpdir_remove(const char *dir);
/* Write printf-formatted text to dir/name (creating dir/name's parent if it is one level deep);
 * path (PATH_MAX bytes, may be NULL) receives the file's path. */
void tmpdir_write(const char *dir, const char *name, char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Copy the file src to dir/name (parent folder created as above). */
void tmpdir_copy(const char *src, const char *dir, const char *name);

#endif
