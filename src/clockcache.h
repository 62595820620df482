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
 * ~/.cache/boardbench/clock.json.  It depends on sysfs.h, cpuset.h and
 * util.h only.
 */
#ifndef BOARDBENCH_CLOCKCACHE_H
#define BOARDBENCH_CLOCKCACHE_H

#include <jansson.h>

/* The cache file's path (owned), or NULL when there is no home at all. */
char *clockcache_path(void);

/*
 * Keep a clock_measure_all() report as this machine's entry (it must name
 * the boot it was measured in, "boot_id").  0, or -1 with one warning.
 */
int clockcache_save(const json_t *report);

/* This machine's report when it belongs to this boot, else NULL. */
json_t *clockcache_load(void);

/*
 * The clusters of this machine's report for this boot, without JSON: the
 * CPUs of each (*cpus, owned, each to be released) and its measured clock
 * (*mhz, owned), and in when (may be NULL) its "measured_at" ("" when
 * none).  The count, or -1 when there is no report for this boot.
 */
struct cpuset;
int clockcache_clusters(struct cpuset **cpus, double **mhz, char *when,
    size_t wlen);

/* The measured clock of cpu from this machine's report; 0 found, -1 not. */
int clockcache_mhz(int cpu, double *mhz);

#endif
