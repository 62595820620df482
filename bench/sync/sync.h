/*
 * sync.h - what the known-answer tests of the sync benchmarks may reach.
 */
#ifndef BOARDBENCH_SYNC_H
#define BOARDBENCH_SYNC_H

#include <stdint.h>

#include "bench.h"

extern const struct bench_info bench_pingpong_info;
extern const struct bench_info bench_wakeup_info;

/*
 * Every value a case measured, over all its samples (sync-common.c):
 * min, max and sum of all; the first SYNC_POOL_MAX kept for percentiles.
 * Reserve room before a measuring loop: adding never allocates.
 */
#define SYNC_POOL_MAX	(UINT64_C(1) << 21)
struct sync_pool {
	double *v;
	uint64_t nv, cap;	/* kept, room */
	uint64_t n;		/* added */
	double min, max, sum;
	int sorted;
};
void sync_pool_reserve(struct sync_pool *, uint64_t more);
void sync_pool_add(struct sync_pool *, double x);
/* Nearest-rank percentile q (0..1) of what was kept (sorts it). */
double sync_pool_rank(struct sync_pool *, double q);
void sync_pool_free(struct sync_pool *);
/* qsort() order of doubles; nearest-rank q of n sorted values. */
int sync_cmp_double(const void *, const void *);
double sync_rank(const double *sorted, uint64_t n, double q);

/* pingpong.passes: round trips per sample */
#define PP_PASSES_MIN	10
#define PP_PASSES_MAX	1000000

/*
 * wakeup: interval in microseconds, wake-ups per sample, seconds per
 * sample; the longest duration at the shortest interval fits the loops.
 */
#define WK_INTERVAL_MIN		50
#define WK_INTERVAL_MAX		1000000
#define WK_DURATION_MAX		60
#define WK_LOOPS_MAX		(WK_DURATION_MAX * (1000000 / WK_INTERVAL_MIN))

/*
 * Known-answer tests only: 1, wakeup records one wake-up as early, which
 * verify() must reject; 2, SCHED_FIFO is refused as for an unprivileged
 * user.
 */
extern int wakeup_test_fault;

/*
 * Known-answer tests only: 1, the answering side of pingpong corrupts its
 * reply to message 3, which verify() must reject; 2, mq_open fails with
 * ENOSYS as on a kernel without POSIX message queues.
 */
extern int pingpong_test_fault;

#endif
