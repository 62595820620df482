/*
 * t-pingpong.c - known answers for pingpong: its cases and their units,
 * every mechanism handing messages over and verifying on one CPU and on
 * two, the reported mean and min <= p99 <= max, verify() rejecting a
 * corrupted answer, the core-pair matrix, ping's CPUs given back, and the
 * parameter table refusing bad values.
 */
#include "config.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "result.h"
#include "runner-int.h"
#include "sync.h"
#include "kat.h"
#include "tap.h"

static const char *const mechs[] = {
	"pipe", "eventfd", "futex", "sem", "condvar", "mqueue", "spin"
};
#define NMECH (sizeof(mechs) / sizeof(mechs[0]))

static struct bench_ctx *
ctx_with(const char *spec1, const char *spec2)
{
	const char *spec[] = { spec1, spec2 };

	return kat_ctx(&bench_pingpong_info, spec, 2);
}

static const struct ctx_metric *
metric(const struct bench_ctx *ctx, const char *name)
{
	size_t i;

	for (i = 0; i < ctx->nmetrics; i++)
		if (strcmp(ctx->metrics[i].name, name) == 0 &&
		    ctx->metrics[i].set)
			return &ctx->metrics[i];
	return NULL;
}

/* May this case be skipped here?  Cross-core on one CPU, no mqueue. */
static int
may_skip(const struct bench_ctx *ctx, size_t i, int ncpu)
{
	const char *n = ctx->cases[i].name;

	if (strstr(n, "cross-core") != NULL && ncpu < 2)
		return strstr(ctx->reason, "needs two") != NULL;
	if (strncmp(n, "mqueue/", 7) == 0)
		return strstr(ctx->reason, "message queues") != NULL;
	return 0;
}

int
main(void)
{
	struct bench_ctx *ctx;
	const struct ctx_metric *mn, *p99, *mx;
	cpu_set_t before, after;
	char name[96];
	size_t i, j, pairs;
	int vf, rc, ncpu, a, b, found;

	if (sched_getaffinity(0, sizeof(before), &before) != 0)
		bail("sched_getaffinity failed");
	ncpu = CPU_COUNT(&before);

	/* quick defaults: seven mechanisms, same core and cross core */
	ctx = bench_ctx_new(&bench_pingpong_info, "quick", NULL);
	if (ctx == NULL)
		bail("bench_ctx_new failed");
	is_int((long long)ctx->ncases, 14, "14 cases");
	for (i = 0; i < NMECH && 2 * i + 1 < ctx->ncases; i++) {
		snprintf(name, sizeof(name), "%s/same-core", mechs[i]);
		is_str(ctx->cases[2 * i].name, name, "case %zu", 2 * i);
		snprintf(name, sizeof(name), "%s/cross-core", mechs[i]);
		is_str(ctx->cases[2 * i + 1].name, name, "case %zu",
		    2 * i + 1);
	}
	for (i = 0, found = 1; i < ctx->ncases; i++)
		found &= strcmp(ctx->cases[i].unit, "s") == 0 &&
		    ctx->cases[i].kind == BENCH_REPORTED &&
		    ctx->cases[i].better == BENCH_LOWER &&
		    ctx->cases[i].work == 2000 &&
		    (ctx->cases[i].flags & BENCH_COUNT_WORK);
	ok(found, "all in seconds, self-timed, lower better, 2 x 1000 "
	    "hand-offs of work for the counters");
	bench_ctx_free(ctx);

	/* every mechanism, both placements, hands over and verifies */
	ctx = ctx_with("pingpong.trips=200", NULL);
	for (i = 0; i < ctx->ncases; i++) {
		rc = bench_ctx_exercise(ctx, i, 1, &vf);
		if (rc == BENCH_SKIP && may_skip(ctx, i, ncpu)) {
			skip(1, "%s: %s", ctx->cases[i].name, ctx->reason);
			continue;
		}
		ok(rc == 0 && vf == 0, "%s hands over and verifies%s%s",
		    ctx->cases[i].name, ctx->reason[0] ? ": " : "",
		    ctx->reason);
		mn = metric(ctx, "min");
		p99 = metric(ctx, "p99");
		mx = metric(ctx, "max");
		ok(ctx->have_reported && ctx->reported > 0 && mn && p99 && mx &&
		    mn->value > 0 && mn->value <= p99->value &&
		    p99->value <= mx->value && mn->value <= ctx->reported &&
		    ctx->reported <= mx->value &&
		    strcmp(mn->unit, "s") == 0 && mn->better == BENCH_LOWER,
		    "%s reports a mean within min <= p99 <= max",
		    ctx->cases[i].name);
	}
	if (sched_getaffinity(0, sizeof(after), &after) != 0)
		bail("sched_getaffinity failed");
	ok(CPU_EQUAL(&before, &after), "ping's CPUs are given back");
	bench_ctx_free(ctx);

	/* a corrupted answer fails verify(), for every mechanism */
	ctx = ctx_with("pingpong.trips=20", "pingpong.placement=same");
	pingpong_test_fault = 1;
	for (i = 0; i < ctx->ncases; i++) {
		rc = bench_ctx_exercise(ctx, i, 1, &vf);
		if (rc == BENCH_SKIP && may_skip(ctx, i, ncpu)) {
			skip(1, "%s: %s", ctx->cases[i].name, ctx->reason);
			continue;
		}
		ok(rc == -1 && vf == 1 && strstr(ctx->reason,
		    "to message 3") != NULL,
		    "%s: a wrong answer fails verify: %s",
		    ctx->cases[i].name, ctx->reason);
	}
	pingpong_test_fault = 0;
	bench_ctx_free(ctx);

	/* lists select and de-duplicate */
	ctx = ctx_with("pingpong.mech=futex,spin,futex",
	    "pingpong.placement=cross,cross");
	ok(ctx->ncases == 2 && strcmp(ctx->cases[0].name,
	    "futex/cross-core") == 0 && strcmp(ctx->cases[1].name,
	    "spin/cross-core") == 0, "mech=futex,spin,futex placement="
	    "cross,cross: two cases");
	bench_ctx_free(ctx);

	/* the matrix: every pair of usable CPUs, a CPU with itself too */
	ctx = ctx_with("pingpong.matrix=yes", "pingpong.mech=futex");
	pairs = (size_t)ncpu * (size_t)(ncpu + 1) / 2;
	is_int((long long)ctx->ncases, (long long)(2 + pairs),
	    "matrix: 2 + %zu pair cases on %d CPUs", pairs, ncpu);
	for (a = 0, j = 2, found = 1; a < CPU_SETSIZE; a++) {
		if (!CPU_ISSET(a, &before))
			continue;
		for (b = a; b < CPU_SETSIZE; b++) {
			if (!CPU_ISSET(b, &before))
				continue;
			snprintf(name, sizeof(name), "futex/cpu%d-cpu%d", a,
			    b);
			found &= j < ctx->ncases &&
			    strcmp(ctx->cases[j].name, name) == 0;
			j++;
		}
	}
	ok(found, "matrix rows are futex/cpuA-cpuB, A <= B");
	if (ctx->ncases > 2) {
		rc = bench_ctx_exercise(ctx, ctx->ncases - 1, 1, &vf);
		ok(rc == 0 && vf == 0, "%s verifies%s%s",
		    ctx->cases[ctx->ncases - 1].name,
		    ctx->reason[0] ? ": " : "", ctx->reason);
	}
	bench_ctx_free(ctx);

	/* the parameter table refuses what is out of range */
	{
		struct param_set ps;

		param_set_init(&ps);
		ok(param_set_add(&ps, "pingpong.trips=9") != 0,
		    "trips=9 is refused");
		ok(param_set_add(&ps, "pingpong.trips=2000000") != 0,
		    "trips=2000000 is refused");
		ok(param_set_add(&ps, "pingpong.trips=many") != 0,
		    "trips=many is refused");
		ok(param_set_add(&ps, "pingpong.mech=pipe,pigeon") != 0,
		    "mech=pigeon is refused");
		ok(param_set_add(&ps, "pingpong.placement=far") != 0,
		    "placement=far is refused");
		ok(param_set_add(&ps, "sync.matrix=maybe") != 0,
		    "matrix=maybe is refused");
		param_set_release(&ps);
	}
	return done_testing();
}
