/*
 * clockcache.h - where a measured CPU clock is kept until the next boot.
 *
 * One small JSON file holds one entry per machine, keyed by the machine's
 * identity (/etc/machine-id, and the sysroot when BOARDBENCH_SYSROOT is
 * set), each valid only for the boot it was measured in.  So a fixture
 * sysroot never replaces or invalidates the real machine's entry, and a
 * store given with --db has nothing to do with it.
 *
 * The file: $BOARDBENCH_CLOCK_CACHE when set, else
 * $XDG_CACHE_HOME/boardbench/clock.json, else
 * ~/.cache/boardbench/clock.json.  It depends on clock.h (the report),
 * sysfs.h, cpuset.h and util.h only.
 */
#ifndef BOARDBENCH_CLOCKCACHE_H
#define BOARDBENCH_CLOCKCACHE_H

#include <jansson.h>

/* The cache file's path (owned), or NULL when there is no home at all. */
char *clockcache_path(void);

struct clock_report;

/*
 * A report as JSON, the form the cache file and the run's identity
 * ("clock_measurement", info's "clock") keep: measured_at, boot_id,
 * method, and clusters with cpus, cpu, policy, measured_mhz, spread or
 * error, claimed_mhz (cpufreq's current clock during the measurement),
 * max_mhz, diff (relative), flagged, perf_mhz, and perf_diff or
 * perf_why.  New reference.
 */
json_t *clockcache_report_json(const struct clock_report *r);

/*
 * Keep a clock_measure_all() report as this machine's entry (it must name
 * the boot it was measured in).  0, or -1 with one warning.
 */
int clockcache_save(const struct clock_report *r);

/*
 * This machine's report into r when it belongs to this boot: its boot
 * id, measured_at ("" when none) and the clusters whose CPUs it names,
 * each with its measured clock (ok and measured_mhz; NAN when not a
 * number); the other figures are unknown.  0, to be released with
 * clockcache_report_release(); -1 (r empty) when there is none for this boot.
 */
int clockcache_load(struct clock_report *r);

/* Free what a report owns (from clock_measure_all or clockcache_load). */
void clockcache_report_release(struct clock_report *r);

/*
 * The measured clock of cpu from r (NULL: none): 0 with *mhz, -1 when
 * no cluster of r has cpu with a measured clock above 0.
 */
int clockcache_report_mhz(const struct clock_report *r, int cpu,
    double *mhz);

#endif
