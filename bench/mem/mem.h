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

/*
 * Placements (mem-placement.c): where a case's data lives.  The
 * `placement` parameter (PARAM row below) lists them; a case per
 * placement, its name suffixed "/thp" etc. unless the only one is
 * "default".
 */
enum mem_placement {
	MP_DEFAULT = 0, MP_4K, MP_THP, MP_HUGETLB, MP_LOCAL, MP_REMOTE,
	MP_COUNT
};
extern const char *const mem_placement_names[MP_COUNT];
#define MEM_PARAM_PLACEMENT(T, f) { \
		BENCH_PARAM_LIST(T, f), .def = "default", \
		.choices = "default|4k|thp|hugetlb|local|remote", \
		.help = "where the data lives: default (the allocator's " \
		    "choice), 4k pages, thp (transparent huge pages), " \
		    "hugetlb (reserved huge pages), local or remote " \
		    "memory node (libnuma); one case each" }

struct mem_block {
	void *p;		/* the buffer */
	void *map;		/* what was mapped or allocated, if not p */
	size_t maplen;
	int pl, numa, node, thp_always;
};
/* The placement's index, or -1. */
int mem_placement_find(const char *name);
/*
 * The value of a MEM_PARAM_PLACEMENT parameter as indexes, in order,
 * without repeats.
 */
size_t mem_placements(const struct bench_list *value, int *pl, size_t max);
/* "" for the lone default placement, else "/4k", "/thp", ... */
void mem_placement_suffix(int pl, size_t npl, char *buf, size_t len);
/*
 * A memory case's name: `op` ("copy/" or ""), the size in KiB/MiB/GiB when
 * it is an exact multiple (size_name in util.h), then the placement's
 * suffix: "copy/32MiB", "64KiB/thp", "1000".
 */
void mem_case_name(char *buf, size_t len, const char *op, long long bytes,
    int pl, size_t npl);
/*
 * bench_info.case_key of membw and memlat: a name stored before sizes
 * were named in KiB/MiB ("read/33554432") in today's form ("read/32MiB").
 */
const char *mem_case_key(const char *name, char *buf, size_t len);
/*
 * bench_info.case_size of membw and memlat: the size in a case name
 * [OP/]SIZE[/PLACEMENT] ("64KiB", "copy/1MiB", "copy/1MiB/thp") and, in
 * series, the operation and placement ("copy thp"); NaN for other names.
 */
double mem_case_size(const char *name, char *series, size_t len);
/*
 * setup(): a buffer of `bytes` (page-aligned) placed as asked.  0, or
 * BENCH_SKIP when the system cannot give that placement (the reason
 * says why and how to get it), or -1 on failure; mem_unplace() the block
 * in every case (it is safe on a failed one).
 */
int mem_place(struct bench_ctx *, int pl, size_t bytes, struct mem_block *);
void mem_unplace(struct mem_block *);
/*
 * --classic of membw and memlat: each case's placements side by side, as
 * the time the same work takes relative to the fastest placement (seeds
 * 000 and 001 show memories so).  Prints nothing without placements.
 */
struct result;
void mem_classic_placements(FILE *, const struct bench_info *,
    const struct result *const *rows, size_t n);
/* verify(): the placement's facts as extras (THP mode, memory node). */
void mem_place_note(struct bench_ctx *, const struct mem_block *);

/* Human size for reasons: "64 MiB", "1.5 GiB". */
void mem_size_text(uint64_t bytes, char *buf, size_t len);

/* bench_info.quotes of membw and memlat: seconds as ns */
extern const struct bench_quote mem_quotes[];

extern const struct bench_info bench_membw_info, bench_memlat_info;

/* Known-answer tests only: make verify() see a corrupted result. */
extern int membw_test_fault;
extern int memlat_test_fault;	/* 1: wrong final pointer, 2: split cycle */

#endif
