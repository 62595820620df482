/*
 * kat-place.c - what the known-answer tests of a kernel built in copies
 * at several code placements (bench/cpu/cpu-place.h) check alike: the copy
 * each setting of its placement parameter runs, and through the runner
 * the figure as the median over the placements.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cpu-place.h"
#include "kat.h"
#include "registry.h"
#include "runner-int.h"
#include "stats.h"
#include "tap.h"

void
kat_place_settings(const struct bench_info *b, const char *pname,
    int *copy_seen, const uint64_t *runs, size_t nruns)
{
	struct bench_ctx *ctx;
	char spec[64];
	const char *sp = spec;
	unsigned k;
	size_t i;
	int vf, rc, good;

	for (k = 0; k < PLACE_COPIES; k++) {
		snprintf(spec, sizeof(spec), "%s.%s=%u", b->name, pname, k);
		ctx = kat_ctx(b, &sp, 1);
		good = ctx->cases[0].variants <= 1;
		for (i = 0; i < nruns && good; i++) {
			*copy_seen = -1;
			ctx->variant = (k + 3) % PLACE_COPIES;
			rc = bench_ctx_exercise(ctx, 0, runs[i], &vf);
			good = rc == 0 && vf == 0 && *copy_seen == (int)k;
		}
		ok(good, "%s=%u: one placement, copy %u, verifies after "
		    "%zu run counts%s%s", pname, k, k, nruns,
		    ctx->reason[0] ? ": " : "", ctx->reason);
		bench_ctx_free(ctx);
	}

	snprintf(spec, sizeof(spec), "%s.%s=all", b->name, pname);
	ctx = kat_ctx(b, &sp, 1);
	is_int(ctx->cases[0].variants, PLACE_COPIES, "%s=all: %d variants",
	    pname, PLACE_COPIES);
	for (k = 0, good = 1; k < PLACE_COPIES && good; k++) {
		*copy_seen = -1;
		ctx->variant = k;
		rc = bench_ctx_exercise(ctx, 0, runs[nruns - 1], &vf);
		good = rc == 0 && vf == 0 && *copy_seen == (int)k;
	}
	ok(good, "%s=all: variant K runs copy K, and every copy verifies",
	    pname);
	bench_ctx_free(ctx);

	snprintf(spec, sizeof(spec), "%s.%s=fixed", b->name, pname);
	ctx = kat_ctx(b, &sp, 1);
	good = ctx->cases[0].variants <= 1;
	for (k = 0; k < PLACE_COPIES && good; k++) {
		*copy_seen = -1;
		ctx->variant = k;
		rc = bench_ctx_exercise(ctx, 0, runs[0], &vf);
		good = rc == 0 && vf == 0 && *copy_seen == 0;
	}
	ok(good, "%s=fixed: no variants, copy 0 in every process", pname);
	bench_ctx_free(ctx);
}

void
kat_place_runner(const struct bench_info *b, const char *pname,
    struct kat_rows *rs)
{
	struct kat_rows fx = { .n = 0 };
	double v[PLACE_COPIES], x, lo = 0, hi = 0, procs = 0;
	char spec[64], name[32];
	const char *sp = spec;
	size_t k, n = 0;
	int rc;

	snprintf(spec, sizeof(spec), "%s.%s=all", b->name, pname);
	rc = kat_run(b, &sp, 1, rs);
	is_int(rc, 0, "%s=all: a good run", pname);
	for (k = 0; rs->n > 0 && k < PLACE_COPIES; k++) {
		snprintf(name, sizeof(name), "variant:%zu", k);
		if (result_get_extra(&rs->r[0], name, &v[n]) == 0)
			n++;
	}
	is_int((long long)n, PLACE_COPIES, "every placement has its figure");
	if (rs->n > 0 && result_get_extra(&rs->r[0], "processes", &x) == 0)
		procs = x;
	ok(procs >= PLACE_COPIES, "measured in at least %d processes (%.0f)",
	    PLACE_COPIES, procs);
	if (n == PLACE_COPIES) {
		ok(fabs(rs->r[0].st.median / stats_geomean(v, n) - 1) < 1e-12,
		    "the figure is "
		    "the geometric mean of the placements' figures");
		for (k = 0; k < n; k++) {
			lo = k == 0 || v[k] < lo ? v[k] : lo;
			hi = k == 0 || v[k] > hi ? v[k] : hi;
		}
		ok(result_get_extra(&rs->r[0], "variant:fastest", &x) == 0 &&
		    x == hi && result_get_extra(&rs->r[0], "variant:slowest",
		    &x) == 0 && x == lo, "the fastest and slowest placement "
		    "are extras");
	} else {
		skip(2, "no placements' figures");
	}

	snprintf(spec, sizeof(spec), "%s.%s=fixed", b->name, pname);
	rc = kat_run(b, &sp, 1, &fx);
	is_int(rc, 0, "%s=fixed: a good run", pname);
	ok(fx.n > 0 && result_get_extra(&fx.r[0], "variant:0", &x) != 0 &&
	    result_get_extra(&fx.r[0], "variant:fastest", &x) != 0,
	    "%s=fixed: one placement, no placements' figures", pname);
	snprintf(name, sizeof(name), "%s=fixed", pname);
	ok(fx.n > 0 && strstr(fx.r[0].params, name) != NULL,
	    "the row names its placement setting (%s)",
	    fx.n > 0 ? fx.r[0].params : "no row");
	kat_rows_release(&fx);
}
