/*
 * sync.h - what the known-answer tests of the sync benchmarks may reach.
 */
#ifndef BOARDBENCH_SYNC_H
#define BOARDBENCH_SYNC_H

#include "bench.h"

extern const struct bench_info bench_pingpong_info;

/*
 * Known-answer tests only: when set, the answering thread of pingpong
 * corrupts its reply to message 3, which verify() must reject.
 */
extern int pingpong_test_fault;

#endif
