/* memfd-backed inputs for the fuzz targets (fuzz_input.h). */
#include "fuzz_input.h"

#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

int fuzz_input_open(const uint8_t *data, size_t size, char *path, size_t path_len)
{
    int fd = memfd_create("g16k_fuzz", MFD_CLOEXEC);
    if (fd < 0)
        return -1;
    size_t done = 0;
    while (done < size) {
        ssize_t n = write(fd, data + done, size - done);
        if (n <= 0) {
            close(fd);
            return -1;
        }
        done += (size_t)n;
    }
    snprintf(path, path_len, "/proc/self/fd/%d", fd);
    return fd;
}

void fuzz_input_close(int fd)
{
    if (fd >= 0)
        close(fd);
}
