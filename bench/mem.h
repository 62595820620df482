/*
 * mem.h - shared by the memory benchmarks (membw, memlat) and their
 * known-answer tests: memory limits, the `sizes` parameter check, buffer
 * allocation, and the hooks the tests use to corrupt a result on purpose.
 */
#ifndef BOARDBENCH_MEM_H
#define BOARDBENCH_MEM_H

#include <stddef.h>
#include <stdint.h>

#include "bench.h"

#define MEM_LINE	64		/* bytes per cache line we assume */
#define MEM_SIZE_MIN	4096		/* smallest working set */
#define MEM_SIZE_MAX	68719476736.0	/* 64 GiB: the static range limit */
#define MEM_RAM_SHARE	4		/* a size may be at most RAM / 4 */

/* Physical memory and MemAvailable in bytes; 0 when unknown. */
uint64_t mem_total_bytes(void);
uint64_t mem_available_bytes(void);

/*
 * The `check` hook of a sizes parameter: every size at most a quarter of
 * this machine's RAM.  0, or -1 with err filled.
 */
int mem_check_sizes(const char *value, char *err, size_t len);

/*
 * setup(): BENCH_SKIP with a reason when `need` bytes are more than a
 * quarter of MemAvailable, else 0.
 */
int mem_fits(struct bench_ctx *ctx, uint64_t need);

/* A page-aligned buffer, or NULL; free() it. */
void *mem_alloc(size_t bytes);

/* Human size for reasons: "64 MiB", "1.5 GiB". */
void mem_size_text(uint64_t bytes, char *buf, size_t len);

extern const struct bench_info bench_membw_info, bench_memlat_info;

/* Known-answer tests only: make verify() see a corrupted result. */
extern int membw_test_fault;
extern int memlat_test_fault;	/* 1: wrong final pointer, 2: split cycle */

#endif
