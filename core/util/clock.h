/* Wall-clock seconds for phase timings (CLOCK_MONOTONIC: never jumps with the date). */
#ifndef G16K_UTIL_CLOCK_H
#define G16K_UTIL_CLOCK_H

/* Seconds since an arbitrary fixed point; differences are durations. Thread-safe. */
double g16k_now(void);

#endif
