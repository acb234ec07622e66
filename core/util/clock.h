/* Wall-clock seconds for phase timings (CLOCK_MONOTONIC: never jumps with the date). */
#ifndef G16K_UTIL_CLOCK_H
#define G16K_UTIL_CLOCK_H

#include <time.h>

/* Seconds since an arbitrary fixed point; differences are durations. Thread-safe. */
double clock_now(void);

/* *ts = CLOCK_MONOTONIC now plus ms milliseconds: the deadline of a pthread_cond_timedwait on a
 * condition variable made with pthread_condattr_setclock(CLOCK_MONOTONIC). Thread-safe. */
void clock_deadline(struct timespec *ts, long ms);

#endif
