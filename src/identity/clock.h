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

#include "cpuset.h"

#define CLOCK_DIFF_FLAG 0.03	/* measured vs claimed: flag above 3 % */

/* How far the measurement of a cluster went. */
enum clock_reach {
	CLOCK_NO_CPU = 0,	/* none of its CPUs is available to us */
	CLOCK_NO_PIN,		/* the CPU could not be pinned */
	CLOCK_RAN		/* measured: ok tells whether it worked */
};

/* One cluster's measurement; unknown reals are NAN. */
struct clock_cluster {
	struct cpuset cpus;
	int cpu;			/* the CPU measured, -1: none */
	int policy;			/* cpufreq policyN, -1: none */
	enum clock_reach reach;
	int ok;				/* CLOCK_RAN and measured_mhz known */
	double measured_mhz, spread;
	double claimed_mhz;		/* cpufreq's current clock meanwhile */
	double max_mhz;			/* cpufreq's cpuinfo_max_freq */
	double perf_mhz;		/* cycles per second from the counters */
	char error[160];		/* why it failed; "" when it did not */
	char perf_why[200];		/* why perf_mhz is unknown */
};

/* The measured clock of every cluster, for one boot. */
struct clock_report {
	char measured_at[64];		/* ISO 8601 UTC; "" unknown */
	char boot_id[64];		/* the boot measured in; "" unknown */
	struct clock_cluster *clusters;	/* owned */
	size_t n;
};

/* The method, as the report names it. */
#define CLOCK_METHOD "dependent register adds (1 cycle each), 512 minus " \
	"256 per loop, best of 101, CLOCK_MONOTONIC_RAW"

/*
 * Measure every cluster (one CPU of each cpufreq policy, else of each
 * core type, else CPU 0) into r, which clockcache_report_release()
 * frees.
 */
void clock_measure_all(struct clock_report *r);

#endif
