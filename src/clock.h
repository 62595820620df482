/*
 * clock.h - the real CPU clock, measured: a chain of dependent integer
 * adds (one cycle of latency each on every ARM core and on x86) timed with
 * CLOCK_MONOTONIC_RAW, per cluster, beside the clock cpufreq claims.
 * `info --measure-clock` and `run --measure-clock` keep the result in
 * the clock cache (clockcache.h), valid until the next boot.
 */
#ifndef BOARDBENCH_CLOCK_H
#define BOARDBENCH_CLOCK_H

#include <stddef.h>
#include <jansson.h>

#define CLOCK_DIFF_FLAG 0.03	/* measured vs claimed: flag above 3 % */

/*
 * Measure on the calling thread as it is pinned now.  mhz: the clock;
 * spread: relative spread of the repeats; perf_mhz: cycles per second
 * from the hardware counters, or NAN with why_perf filled.  0 on success,
 * -1 with why filled (e.g. an architecture without a known loop).
 */
int clock_measure_here(double *mhz, double *spread, double *perf_mhz,
    char *why_perf, size_t plen, char *why, size_t len);

/*
 * Measure every cluster (one CPU of each cpufreq policy, else of each
 * core type, else CPU 0) and return the report as JSON: clusters with
 * cpus, cpu, measured_mhz, claimed_mhz (cpufreq's current clock during
 * the measurement), max_mhz, diff (relative), flagged, perf_mhz, notes.
 */
json_t *clock_measure_all(void);

#endif
