/*
 * cpuset.h - a set of CPUs of any size a Linux kernel can have: a bit map
 * that grows as CPUs are added, bounded by CPUSET_MAX (the kernel's
 * largest NR_CPUS).  Every set of CPUs the program holds (online CPUs,
 * a cpufreq policy's, a cache's sharing, --cpu, the process's affinity)
 * is one of these; a CPU number beyond the bound is an error, never
 * silently dropped.  The parser and the formatter speak the kernel's
 * cpulist text ("0-3,6", or cpufreq's "0 1 2 3").
 */
#ifndef BOARDBENCH_CPUSET_H
#define BOARDBENCH_CPUSET_H

#include <stddef.h>
#include <stdint.h>

#define CPUSET_MAX	8192	/* CPUs 0 to 8191 */
#define CPUSET_LAST_TEXT "8191"	/* the highest, for messages */

/* Zeroed (or cpuset_init) is the empty set; cpuset_release frees it. */
struct cpuset {
	uint64_t *w;			/* owned; NULL when nothing was added */
	size_t nw;			/* words in w */
};

void cpuset_init(struct cpuset *);
void cpuset_release(struct cpuset *);	/* empty again */
void cpuset_clear(struct cpuset *);	/* empty, keeping the memory */

/* Add cpu: 0, or -1 when cpu is outside 0 to CPUSET_MAX - 1. */
int cpuset_add(struct cpuset *, int cpu);
int cpuset_has(const struct cpuset *, int cpu);
int cpuset_count(const struct cpuset *);
int cpuset_empty(const struct cpuset *);
/* The lowest CPU >= from in the set, or -1.  Iterate with
 * for (c = cpuset_next(s, 0); c >= 0; c = cpuset_next(s, c + 1)). */
int cpuset_next(const struct cpuset *, int from);
/* The highest CPU + 1 (0 for the empty set): the size of a per-CPU array. */
int cpuset_end(const struct cpuset *);

void cpuset_copy(struct cpuset *dst, const struct cpuset *src);
void cpuset_or(struct cpuset *a, const struct cpuset *b);	/* a |= b */
void cpuset_andnot(struct cpuset *a, const struct cpuset *b);	/* a &= ~b */
int cpuset_intersects(const struct cpuset *a, const struct cpuset *b);
int cpuset_contains(const struct cpuset *a, const struct cpuset *b); /* b in a */

/* What cpuset_parse returns. */
#define CPUSET_OK	0
#define CPUSET_BAD	-1	/* not a CPU list */
#define CPUSET_TOO_BIG	-2	/* a CPU at or beyond CPUSET_MAX */

/*
 * The CPUs of a list such as "0-3,6" or "0 1 2 3\n" into out (emptied
 * first; left empty on error).  An empty text is the empty set.
 */
int cpuset_parse(const char *s, struct cpuset *out);
/* The set as "0-3,6" ("" when empty); owned. */
char *cpuset_format(const struct cpuset *);

/*
 * The CPUs this process may run on (sched_getaffinity with a set as
 * large as the kernel's); 0, or -1 with errno set.
 */
int cpuset_get_affinity(struct cpuset *out);
/* Run on the CPUs of s (only on cpu: cpuset_pin); 0, or -1 with errno. */
int cpuset_set_affinity(const struct cpuset *s);
int cpuset_pin(int cpu);

#endif
