/*
 * Whether two paths name one file, so that a command can refuse an output that would replace
 * one of its inputs (or another output) before it does any work.
 */
#ifndef G16K_UTIL_SAME_FILE_H
#define G16K_UTIL_SAME_FILE_H

/* 1 when a and b name the same file, else 0. Where a path names an existing file (after every
 * symlink), the file is its device and inode: hard links and symlinks to one file are the same.
 * Where it does not (an output not written yet), it is the resolved path: dangling symlinks
 * followed (at most 40), then the folder's realpath(3) and the last component; where the folder
 * does not exist either, the path as written. An existing and a missing path are never the
 * same. Either may be NULL (0). Reads only the file system's metadata; thread-safe. */
int path_same_file(const char *a, const char *b);

#endif
