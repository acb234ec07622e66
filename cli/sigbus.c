/*
 * The CLI's guard for the files it maps (g16k_key_opts G16K_KEY_MAP_FILE, and the witness,
 * which formats/binfile.c maps): a mapped file that another process truncates raises SIGBUS at
 * the next read of a page past its new end (BUS_ADRERR). The default action kills the process
 * with a core dump and no word of why; this guard names the cause and exits 5 (an I/O error).
 * No output file can be half-written then: every output is written after the last read of an
 * input's mapping, and atomically (util/atomic_write.c). Any other SIGBUS (a misaligned
 * access, a memory error) keeps its default action.
 */
#include "cli.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static void on_sigbus(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    if (si->si_code == BUS_ADRERR) {
        static const char msg[] =
            "g16k: error: an input file got shorter while it was in use (SIGBUS on its "
            "mapping): replace keys and witnesses by renaming a new file over the old one, "
            "never by rewriting them in place\n";
        ssize_t n = write(STDERR_FILENO, msg, sizeof msg - 1);
        (void)n;
        _exit(CLI_EXIT_IO);
    }
    /* The default action, at once for a signal sent (blocked here, it is delivered on return)
     * and for a fault (which also repeats on return). Both calls are async-signal-safe. */
    signal(sig, SIG_DFL);
    raise(sig);
}

void cli_guard_mapped_files(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_sigbus;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    (void)sigaction(SIGBUS, &sa, NULL);
}
