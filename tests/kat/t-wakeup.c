/*
 * t-wakeup.c - known answers for wakeup: one case per CPU of the run,
 * a case that sleeps, wakes no earlier than its deadlines and verifies,
 * the per-sample spread (min <= p99 <= p99.9 <= max) and the pooled one,
 * the row recording policy, priority, mlockall and the pre-faulted stack,
 * normal priority when SCHED_FIFO is refused, an early wake-up rejected by
 * verify(), the load threads started and stopped (SKIPPED with the reason
 * without another CPU), the thread's CPUs and policy given back, --classic,
 * and the parameter table refusing bad values.
 */
#include "config.h"

#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "result.h"
#include "runner-int.h"
#include "sync.h"
#include "kat.h"
#include "sync-kat.h"
#include "tap.h"

static struct bench_ctx *
ctx_with(const char *spec1, const char *spec2)
{
	const char *spec[] = { "wakeup.interval=200", spec1, spec2 };

	return kat_ctx(&bench_wakeup_info, spec, 3);
}

static double
metric_value(const struct bench_ctx *ctx, const char *name)
{
	const struct ctx_metric *m = metric(ctx, name);

	return m != NULL ? m->value : -1;
}

/* Threads of this process, from /proc/self/task. */
static int
nthreads(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	if (closedir(d) != 0)
		return -1;
	return n;
}

int
main(void)
{
	struct bench_ctx *ctx;
	struct sched_param sp;
	cpu_set_t before, after;
	double v[8] = { 0 }, mn, p99, p999, mx;
	char name[32], buf[2048];
	int vf, rc, ncpu, policy, i, found, th0;
	size_t c;

	if (sched_getaffinity(0, sizeof(before), &before) != 0)
		bail("sched_getaffinity failed");
	ncpu = CPU_COUNT(&before);

	/* one case per CPU: cpuN, in seconds, lower better */
	ctx = ctx_with(NULL, NULL);
	is_int((long long)ctx->ncases, ncpu, "one case per CPU (%d)", ncpu);
	for (i = 0, c = 0, found = 1; i < CPU_SETSIZE; i++) {
		if (!CPU_ISSET(i, &before))
			continue;
		snprintf(name, sizeof(name), "cpu%d", i);
		found &= c < ctx->ncases && strcmp(ctx->cases[c].name,
		    name) == 0 && strcmp(ctx->cases[c].unit, "s") == 0 &&
		    ctx->cases[c].better == BENCH_LOWER &&
		    ctx->cases[c].kind == BENCH_REPORTED;
		c++;
	}
	ok(found, "cases cpuN in seconds, self-timed, lower better");
	bench_ctx_free(ctx);

	/* two samples of 50 wake-ups at 200 us */
	ctx = ctx_with("wakeup.loops=50", NULL);
	rc = bench_ctx_exercise(ctx, 0, 2, &vf);
	ok(rc == 0 && vf == 0, "%s wakes and verifies%s%s",
	    ctx->cases[0].name, ctx->reason[0] ? ": " : "", ctx->reason);
	mn = metric_value(ctx, "min");
	p99 = metric_value(ctx, "p99");
	p999 = metric_value(ctx, "p99.9");
	mx = metric_value(ctx, "max");
	ok(ctx->have_reported && mn >= 0 && mn <= p99 && p99 <= p999 &&
	    p999 <= mx && mn <= ctx->reported && ctx->reported <= mx,
	    "sample: 0 <= min %g <= p99 %g <= p99.9 %g <= max %g, mean %g "
	    "within", mn, p99, p999, mx, ctx->reported);
	found = extra(ctx, "wakeups", &v[0]) && extra(ctx, "lat:min", &v[1]) &&
	    extra(ctx, "lat:avg", &v[2]) && extra(ctx, "lat:p99", &v[3]) &&
	    extra(ctx, "lat:p99.9", &v[4]) && extra(ctx, "lat:max", &v[5]);
	ok(found && v[0] == 100 && v[1] >= 0 && v[1] <= v[2] &&
	    v[2] <= v[5] && v[1] <= v[3] && v[3] <= v[4] && v[4] <= v[5] &&
	    v[5] >= mx, "pooled over both samples: %g wake-ups, min %g avg "
	    "%g p99 %g p99.9 %g max %g", v[0], v[1], v[2], v[3], v[4], v[5]);
	found = extra(ctx, "sched_fifo", &v[0]) && extra(ctx, "priority",
	    &v[1]) && extra(ctx, "mlockall", &v[2]) &&
	    extra(ctx, "stack_prefaulted", &v[3]) && extra(ctx,
	    "interval_us", &v[4]);
	ok(found && (v[0] == 0 || v[0] == 1) && v[1] == (v[0] ? 80 : 0) &&
	    (v[2] == 0 || v[2] == 1) && v[3] == 1 && v[4] == 200,
	    "the row records policy (fifo %g), priority %g, mlockall %g, "
	    "the pre-faulted stack and the interval", v[0], v[1], v[2]);
	if (sched_getaffinity(0, sizeof(after), &after) != 0)
		bail("sched_getaffinity failed");
	ok(CPU_EQUAL(&before, &after), "the thread's CPUs are given back");
	ok(pthread_getschedparam(pthread_self(), &policy, &sp) == 0 &&
	    policy == SCHED_OTHER, "and its normal policy");

	/* SCHED_FIFO refused: normal priority, and the row says so */
	wakeup_test_fault = 2;
	rc = bench_ctx_exercise(ctx, 0, 1, &vf);
	wakeup_test_fault = 0;
	ok(rc == 0 && extra(ctx, "sched_fifo", &v[0]) && v[0] == 0 &&
	    extra(ctx, "priority", &v[1]) && v[1] == 0 &&
	    extra(ctx, "sched_fifo_errno", &v[2]) && v[2] > 0,
	    "SCHED_FIFO refused: runs at normal priority, the row says so");

	/* an early wake-up fails verify() */
	wakeup_test_fault = 1;
	rc = bench_ctx_exercise(ctx, 0, 1, &vf);
	wakeup_test_fault = 0;
	ok(rc == -1 && vf == 1 && strstr(ctx->reason, "before their "
	    "deadline") != NULL, "an early wake-up fails verify: %s",
	    ctx->reason);
	bench_ctx_free(ctx);

	/* duration instead of loops: 0.01 s at 200 us = 50 wake-ups */
	ctx = ctx_with("wakeup.duration=0.01", NULL);
	rc = bench_ctx_exercise(ctx, 0, 1, &vf);
	ok(rc == 0 && extra(ctx, "wakeups", &v[0]) && v[0] == 50,
	    "duration=0.01 at 200 us: 50 wake-ups");
	bench_ctx_free(ctx);

	/* load on the other CPUs: started, measured under, stopped */
	ctx = ctx_with("wakeup.loops=20", "wakeup.load=yes");
	th0 = nthreads();
	rc = bench_ctx_exercise(ctx, 0, 1, &vf);
	if (ncpu < 2) {
		ok(rc == BENCH_SKIP && strstr(ctx->reason, "needs a CPU "
		    "other than") != NULL, "load=yes on one CPU: SKIPPED: %s",
		    ctx->reason);
	} else {
		ok(rc == 0 && extra(ctx, "load_threads", &v[0]) &&
		    v[0] == ncpu - 1, "load=yes: one load thread on each of "
		    "the %d other CPUs", ncpu - 1);
	}
	is_int(nthreads(), th0, "the load threads are gone afterwards");
	bench_ctx_free(ctx);

	/* --classic: cyclictest's line and how the thread ran */
	{
		struct result r;
		const struct result *rows[1] = { &r };
		FILE *fp = fmemopen(buf, sizeof(buf), "w");

		if (fp == NULL)
			bail("fmemopen failed");
		memset(&r, 0, sizeof(r));
		r.status = ST_OK;
		strcpy(r.case_name, "cpu1");
		result_add_extra(&r, "wakeups", 1000);
		result_add_extra(&r, "interval_us", 1000);
		result_add_extra(&r, "lat:min", 4e-6);
		result_add_extra(&r, "lat:avg", 7e-6);
		result_add_extra(&r, "lat:p99", 20e-6);
		result_add_extra(&r, "lat:p99.9", 35e-6);
		result_add_extra(&r, "lat:max", 41e-6);
		result_add_extra(&r, "sched_fifo", 0);
		result_add_extra(&r, "sched_fifo_errno", 1);	/* EPERM */
		result_add_extra(&r, "priority", 0);
		result_add_extra(&r, "mlockall", 1);
		result_add_extra(&r, "stack_prefaulted", 1);
		result_add_extra(&r, "load_threads", 0);
		bench_wakeup_info.classic(fp, &bench_wakeup_info, rows, 1);
		if (fclose(fp) != 0)
			bail("fclose failed");
		result_release(&r);
		ok(strstr(buf, "(  cpu1) P: 0 I:1000 C:    1000 Min:      4 "
		    "Avg:      7 P99:     20 P99.9:     35 Max:     41") != NULL,
		    "classic: cyclictest's line in microseconds");
		ok(strstr(buf, "normal priority (SCHED_FIFO refused") != NULL &&
		    strstr(buf, "mlockall ok") != NULL &&
		    strstr(buf, "stack pre-faulted") != NULL,
		    "classic: policy, mlockall, stack in words");
	}

	/* the parameter table refuses what is out of range */
	{
		struct param_set ps;

		param_set_init(&ps);
		ok(param_set_add(&ps, "wakeup.interval=49") != 0,
		    "interval=49 is refused");
		ok(param_set_add(&ps, "wakeup.interval=1000001") != 0,
		    "interval=1000001 is refused");
		ok(param_set_add(&ps, "wakeup.loops=9") != 0,
		    "loops=9 is refused");
		ok(param_set_add(&ps, "wakeup.duration=61") != 0,
		    "duration=61 is refused");
		ok(param_set_add(&ps, "wakeup.priority=100") != 0,
		    "priority=100 is refused");
		ok(param_set_add(&ps, "wakeup.load=maybe") != 0,
		    "load=maybe is refused");
		ok(param_set_add(&ps, "wakeup.interval=50") == 0 &&
		    param_set_add(&ps, "wakeup.duration=60") == 0,
		    "interval=50 with duration=60 is taken (fits the loops)");
		param_set_release(&ps);
	}
	return done_testing();
}
