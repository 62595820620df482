/*
 * kat.c - a benchmark context with parameters, for the known-answer tests.
 */
#include "config.h"

#include <string.h>

#include "kat.h"
#include "registry.h"
#include "runner.h"
#include "runner-int.h"
#include "tap.h"

int
kat_collect(void *arg, struct result *r)
{
	struct kat_rows *rs = arg;

	if (r == NULL) {
		if (rs->ends < KAT_MAX_ROWS)
			rs->end_at[rs->ends] = rs->n;
		rs->ends++;
		return 0;
	}
	if (rs->n < KAT_MAX_ROWS)
		result_copy(&rs->r[rs->n++], r);
	return 0;
}

void
kat_rows_release(struct kat_rows *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		result_release(&rs->r[i]);
	rs->n = 0;
	rs->ends = 0;
}

int
kat_run(const struct bench_info *b, const char *const *specs, size_t n,
    struct kat_rows *rs)
{
	return kat_run_processes(b, specs, n, 0, rs);
}

int
kat_run_processes(const struct bench_info *b, const char *const *specs,
    size_t n, unsigned processes, struct kat_rows *rs)
{
	struct runner_opts ro;
	struct param_set ps;
	size_t i;
	int intr = 0, rc;

	memset(&ro, 0, sizeof(ro));
	ro.profile = profile_find("quick");
	ro.min_sample = 0.002;
	ro.budget = 0.02;
	ro.warmup = 0;
	ro.timeout = 60;
	ro.copies = 1;
	ro.processes = processes;
	param_set_init(&ps);
	for (i = 0; i < n; i++)
		if (specs[i] != NULL && param_set_add(&ps, specs[i]) != 0)
			bail("cannot set '%s'", specs[i]);
	ro.params = &ps;
	rc = runner_run(&ro, &b, 1, kat_collect, rs, &intr);
	param_set_release(&ps);
	return rc;
}

struct bench_ctx *
kat_ctx(const struct bench_info *b, const char *const *specs, size_t n)
{
	struct param_set ps;
	struct bench_ctx *ctx;
	size_t i;

	param_set_init(&ps);
	for (i = 0; i < n; i++)
		if (specs[i] != NULL && param_set_add(&ps, specs[i]) != 0)
			bail("cannot set '%s'", specs[i]);
	ctx = bench_ctx_new(b, "quick", &ps);
	param_set_release(&ps);
	if (ctx == NULL)
		bail("cannot plan %s", b->name);
	return ctx;
}

void
kat_exercise_all(struct bench_ctx *ctx, uint64_t iters, const char *what)
{
	size_t i;
	int vf, rc;

	for (i = 0; i < ctx->ncases; i++) {
		if (ctx->cases[i].kind == BENCH_SERIAL)
			continue;	/* made from others' rows */
		rc = bench_ctx_exercise(ctx, i, iters, &vf);
		ok(rc == 0 && vf == 0, "%s %s x%llu runs and verifies%s%s",
		    what, ctx->cases[i].name, (unsigned long long)iters,
		    ctx->reason[0] ? ": " : "", ctx->reason);
	}
}
