/*
 * sync.h - what the known-answer tests of the sync benchmarks may reach.
 */
#ifndef BOARDBENCH_SYNC_H
#define BOARDBENCH_SYNC_H

#include "bench.h"

extern const struct bench_info bench_pingpong_info;
extern const struct bench_info bench_wakeup_info;

/* pingpong.passes: round trips per sample */
#define PP_PASSES_MIN	10
#define PP_PASSES_MAX	1000000

/*
 * Known-answer tests only: 1, the answering side of pingpong corrupts its
 * reply to message 3, which verify() must reject; 2, mq_open fails with
 * ENOSYS as on a kernel without POSIX message queues.
 */
extern int pingpong_test_fault;

#endif
