/*
 * clockloop.h - the CPU clock measured on the calling thread: a chain of
 * dependent integer adds (one cycle of latency each on every ARM core and
 * on x86) timed with the monotonic clock, and the cycle counter beside it
 * (perfctr.h).  Which CPU and what cpufreq claims is identity's (clock.h).
 */
#ifndef BOARDBENCH_CLOCKLOOP_H
#define BOARDBENCH_CLOCKLOOP_H

#include <stddef.h>

/*
 * Measure on the calling thread as it is pinned now.  mhz: the clock;
 * spread: relative spread of the repeats; perf_mhz: cycles per second
 * from the hardware counters, or NAN with why_perf filled.  0 on success,
 * -1 with why filled (e.g. an architecture without a known loop).
 */
int clock_measure_here(double *mhz, double *spread, double *perf_mhz,
    char *why_perf, size_t plen, char *why, size_t len);

#endif
