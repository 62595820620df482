/*
 * kat.h - what the known-answer tests share.
 */
#ifndef BOARDBENCH_KAT_H
#define BOARDBENCH_KAT_H

#include <stddef.h>
#include <stdint.h>

#include "result.h"

struct bench_info;
struct bench_ctx;

/* Rows a test run collected: kat_collect() is a runner sink. */
#define KAT_MAX_ROWS 16
struct kat_rows {
	struct result r[KAT_MAX_ROWS];
	size_t n;
	size_t ends;		/* cases whose end (a NULL row) was heard */
	size_t end_at[KAT_MAX_ROWS];	/* rows in before each end */
};
int kat_collect(void *arg, struct result *r);
void kat_rows_release(struct kat_rows *);

/*
 * b through the runner, quick profile, samples of 2 ms, 0.02 s a case, no
 * warm-up, with the -p settings specs[0..n-1] (NULL entries left out);
 * rows to rs.  Returns runner_run()'s value.
 */
int kat_run(const struct bench_info *b, const char *const *specs, size_t n,
    struct kat_rows *rs);
/* The same with --processes (0: the profile's). */
int kat_run_processes(const struct bench_info *b, const char *const *specs,
    size_t n, unsigned processes, struct kat_rows *rs);

/*
 * A context for b in the quick profile with the -p settings specs[0..n-1]
 * (NULL entries are left out), planned; bails out when a setting is
 * refused or planning fails.
 */
struct bench_ctx *kat_ctx(const struct bench_info *b,
    const char *const *specs, size_t n);

/*
 * Every measured case of ctx through setup, `iters` iterations, verify
 * and teardown: one test each, passing only when the case runs and
 * verifies (a case made from others' rows, BENCH_SERIAL, has none).
 */
void kat_exercise_all(struct bench_ctx *ctx, uint64_t iters,
    const char *what);

/*
 * A kernel built in copies at several code placements (bench/cpu/cpu-place.h)
 * whose parameter pname picks the copy, and whose verify() stores the
 * copy it checked in *copy_seen: each setting 0..7 runs that copy
 * whatever the process's variant and verifies after each of runs[0..n-1]
 * iterations; all runs variant K's copy K; fixed runs copy 0 (kat-place.c).
 */
void kat_place_settings(const struct bench_info *b, const char *pname,
    int *copy_seen, const uint64_t *runs, size_t nruns);
/*
 * Through the runner with pname=all: every placement's figure is an
 * extra variant:K, the first row's figure their median, the fastest and
 * slowest named; the run's rows are left in rs for the caller's checks.
 * Then pname=fixed: no placements' figures, the row names its setting.
 */
void kat_place_runner(const struct bench_info *b, const char *pname,
    struct kat_rows *rs);

#endif
