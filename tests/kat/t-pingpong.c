/*
 * t-pingpong.c - known answers for pingpong: its cases and their units,
 * every mechanism handing messages over and verifying on one CPU and on
 * two, between threads and between processes, the reported mean and
 * min <= p99 <= max, the figures pooled over every pass, the per-hand-off
 * counters from a fake counter source (exact, multiplexed, failed),
 * verify() rejecting a corrupted answer, the core-pair matrix, ping's CPUs
 * given back, the --classic table, and the parameter table refusing bad
 * values.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perfctr.h"
#include "perfctr-fake.h"
#include "registry.h"
#include "result.h"
#include "runner-int.h"
#include "sync.h"
#include "kat.h"
#include "sync-kat.h"
#include "tap.h"

static const char *const mechs[] = {
	"pipe", "eventfd", "futex", "sem", "condvar", "mutex", "mqueue", "spin"
};
#define NMECH (sizeof(mechs) / sizeof(mechs[0]))

static struct bench_ctx *
ctx_with(const char *spec1, const char *spec2)
{
	const char *spec[] = { spec1, spec2 };

	return kat_ctx(&bench_pingpong_info, spec, 2);
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

/* The pooled figures: every pass counted, min <= avg, p99 <= max. */
static void
pooled_ok(const struct bench_ctx *ctx, size_t ci, double passes)
{
	double n = 0, mn = 0, avg = 0, p99 = 0, mx = 0;

	int got = extra(ctx, "passes", &n) && extra(ctx, "handoff:min", &mn) &&
	    extra(ctx, "handoff:avg", &avg) && extra(ctx, "handoff:p99", &p99) &&
	    extra(ctx, "handoff:max", &mx);

	ok(got && n == passes && mn > 0 &&
	    mn <= avg && avg <= mx && mn <= p99 && p99 <= mx &&
	    fabs(avg - ctx->reported) <= 1e-12 + 1e-9 * avg,
	    "%s pools %g passes: min %g <= avg %g (= the sample's mean) "
	    "<= max %g, p99 %g", ctx->cases[ci].name, n, mn, avg, mx, p99);
}

/* One case with the fake counters: 0 when it ran and verified. */
static int
with_fake(struct fake *f, struct bench_ctx *ctx, uint64_t iters)
{
	int vf, rc;

	perfctr_test_source = fake_read;
	perfctr_test_arg = f;
	rc = bench_ctx_exercise(ctx, 0, iters, &vf);
	perfctr_test_source = NULL;
	perfctr_test_arg = NULL;
	return rc;
}

/* --classic of rows r[0..n-1] into buf. */
static void
classic_text(struct result *r, size_t n, char *buf, size_t len)
{
	const struct result *rows[4];
	FILE *fp = fmemopen(buf, len, "w");
	size_t i;

	if (fp == NULL)
		bail("fmemopen failed");
	for (i = 0; i < n && i < 4; i++)
		rows[i] = &r[i];
	bench_pingpong_info.classic(fp, &bench_pingpong_info, rows, n);
	if (fclose(fp) != 0)
		bail("fclose failed");
}

static void
counters(void)
{
	struct bench_ctx *ctx;
	struct fake f;
	double v = 0, w = 0, x = 0;
	int rc;

	/* exact: 600 cycles and 300 instructions per round trip window */
	ctx = ctx_with("pingpong.passes=50", "pingpong.mech=pipe");
	memset(&f, 0, sizeof(f));
	f.en = f.run = 1000;
	f.cyc = 600;
	f.ins = 300;
	ok(with_fake(&f, ctx, 2) == 0, "pipe runs with fake counters%s%s",
	    ctx->reason[0] ? ": " : "", ctx->reason);
	rc = extra(ctx, "cycles:min", &v) && extra(ctx, "cycles:max", &w) &&
	    extra(ctx, "cycles:avg", &x);
	ok(rc && v == 300 && w == 300 && x == 300,
	    "per hand-off: half the round trip's 600 cycles (%g %g %g)", v, w,
	    x);
	ok(extra(ctx, "instr:avg", &v) && v == 150 && extra(ctx, "cpi", &w) &&
	    w == 2, "150 instructions per hand-off, CPI 2");
	ok(!extra(ctx, "counters:scaled", &v), "not multiplexed");

	/* multiplexed: ran a quarter of each window, scaled x4 */
	memset(&f, 0, sizeof(f));
	f.en = 1000;
	f.run = 250;
	f.cyc = 600;
	f.ins = 300;
	ok(with_fake(&f, ctx, 2) == 0, "multiplexed run verifies");
	rc = extra(ctx, "cycles:avg", &v) && extra(ctx, "counters:scaled", &w);
	ok(rc && v == 1200 && w == 100,
	    "multiplexed: scaled to 1200 cycles, 100 windows scaled (%g, %g)",
	    v, w);

	/* a read fails now and then: no counter figure at all */
	memset(&f, 0, sizeof(f));
	f.en = f.run = 1000;
	f.cyc = 600;
	f.ins = 300;
	f.fail_every = 37;
	ok(with_fake(&f, ctx, 2) == 0, "failed reads do not fail the case");
	rc = !extra(ctx, "cycles:min", &v) && !extra(ctx, "cpi", &v) &&
	    extra(ctx, "counters:failed", &w);
	ok(rc && w > 0,
	    "a failed read: no cycles or CPI, counters:failed %g", w);
	ok(extra(ctx, "handoff:avg", &v) && v > 0, "times still pooled");
	bench_ctx_free(ctx);

}

/* Through the runner: pingpong's own multiplexed counts flag its row. */
static void
runner_flag(void)
{
	/* pong a process: under qemu-user a forked child may not start a thread */
	const char *spec[] = { "pingpong.mech=pipe",
	    "pingpong.placement=same-procs", "pingpong.passes=20" };
	struct kat_rows rs = { .n = 0 };
	struct fake f;
	double v = 0;
	int got;

	memset(&f, 0, sizeof(f));
	f.en = 1000;
	f.run = 500;
	f.cyc = 600;
	f.ins = 300;
	perfctr_test_source = fake_read;
	perfctr_test_arg = &f;
	kat_run(&bench_pingpong_info, spec, 3, &rs);
	perfctr_test_source = NULL;
	perfctr_test_arg = NULL;
	got = rs.n >= 1 && rs.r[0].status == ST_OK &&
	    result_get_extra(&rs.r[0], "cycles:avg", &v) == 0;
	ok(got && (rs.r[0].flags & RF_MULTIPLEXED) && v == 600,
	    "runner: a multiplexed pingpong row is flagged, its counts "
	    "scaled x2 (%g cycles per hand-off)", v);
	kat_rows_release(&rs);
}

/*
 * --classic: one row with counters, one without, one skipped; the note's
 * reason from the run (with_errno 1: ENOSYS; 2: ENOENT on instructions,
 * as on QEMU's PMU) or, as info gives it, from here.
 */
static void
classic(int with_errno)
{
	struct result r[3];
	char buf[4096];
	size_t i;

	memset(r, 0, sizeof(r));
	for (i = 0; i < 3; i++) {
		strcpy(r[i].bench, "pingpong");
		r[i].status = ST_OK;
		result_add_extra(&r[i], "passes", 64);
		result_add_extra(&r[i], "handoff:min", 1.5e-6);
		result_add_extra(&r[i], "handoff:max", 4.25e-6);
		result_add_extra(&r[i], "handoff:avg", 2e-6);
	}
	strcpy(r[0].case_name, "mutex/same-core");
	result_add_extra(&r[0], "cycles:min", 324);
	result_add_extra(&r[0], "cycles:max", 548);
	result_add_extra(&r[0], "instr:min", 165);
	result_add_extra(&r[0], "instr:max", 170);
	result_add_extra(&r[0], "cpi", 2.115);
	result_add_extra(&r[0], "counters:kernel", 0);
	result_add_extra(&r[0], "counters:scaled", 3);
	strcpy(r[1].case_name, "mutex/cross-core");
	if (with_errno == 1)	/* what the run found: ENOSYS (qemu-user) */
		result_add_extra(&r[1], "counters:errno", ENOSYS);
	if (with_errno == 2) {	/* QEMU's PMU: cycles, but no instructions */
		result_add_extra(&r[1], "counters:errno", ENOENT);
		result_add_extra(&r[1], "counters:instr_refused", 1);
	}
	strcpy(r[2].case_name, "mqueue/same-core");
	r[2].status = ST_SKIPPED;
	strcpy(r[2].reason, "POSIX message queues are not available");
	setenv("BOARDBENCH_NO_PERF", "1", 1);
	classic_text(r, 3, buf, sizeof(buf));
	unsetenv("BOARDBENCH_NO_PERF");
	ok(strstr(buf, "service_name") != NULL &&
	    strstr(buf, "min[cyc/inst]") != NULL &&
	    strstr(buf, "avg[uS]") != NULL, "classic: the seed's header");
	ok(strstr(buf, "324/165") != NULL && strstr(buf, "548/170") !=
	    NULL && strstr(buf, "2.115 *") != NULL &&
	    strstr(buf, "1.500     4.250     2.000") != NULL,
	    "classic: cycles/instructions, microseconds, CPI, the "
	    "multiplexed mark");
	ok(strstr(buf, "mutex/cross-core         -                 -") !=
	    NULL, "classic: counter columns '-' without counters");
	if (with_errno == 2)
		ok(strstr(buf, "no counter figures: perf_event_open("
		    "instructions): ") != NULL && strstr(buf, "(the PMU has no "
		    "instruction counter)") != NULL, "classic: the note names "
		    "the counter the run found missing (instructions)");
	else if (with_errno)
		ok(strstr(buf, "no counter figures: perf_event_open(cycles): ")
		    != NULL && strstr(buf, "(not in this kernel or emulator)")
		    != NULL, "classic: the note gives the reason the run "
		    "recorded (ENOSYS)");
	else
		ok(strstr(buf, "no counter figures: disabled by "
		    "BOARDBENCH_NO_PERF") != NULL, "classic: the note says why "
		    "(the reason info gives)");
	ok(strstr(buf, "SKIPPED: POSIX message queues") != NULL,
	    "classic: a skipped row says why");
	ok(strstr(buf, "multiplexed by the kernel") != NULL &&
	    strstr(buf, "user mode only") != NULL,
	    "classic: notes on scaling and user mode");
	for (i = 0; i < 3; i++)
		result_release(&r[i]);
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

	/* quick defaults: eight mechanisms, same core and cross core */
	ctx = bench_ctx_new(&bench_pingpong_info, "quick", NULL);
	if (ctx == NULL)
		bail("bench_ctx_new failed");
	is_int((long long)ctx->ncases, 16, "16 cases");
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
		    !(ctx->cases[i].flags & BENCH_COUNT_WORK);
	ok(found, "all in seconds, self-timed, lower better, the runner's "
	    "counters not used (pingpong counts its own)");
	bench_ctx_free(ctx);

	/* every mechanism, every placement, hands over and verifies */
	ctx = ctx_with("pingpong.passes=200", "pingpong.placement=same,cross,"
	    "same-procs,cross-procs");
	is_int((long long)ctx->ncases, 32, "four placements: 32 cases");
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
		pooled_ok(ctx, i, 200);
	}
	if (sched_getaffinity(0, sizeof(after), &after) != 0)
		bail("sched_getaffinity failed");
	ok(CPU_EQUAL(&before, &after), "ping's CPUs are given back");
	bench_ctx_free(ctx);

	/* a corrupted answer fails verify(), for every mechanism */
	ctx = ctx_with("pingpong.passes=20", "pingpong.placement=same,"
	    "cross-procs");
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

	counters();
	runner_flag();
	classic(0);
	classic(1);
	classic(2);

	/* a kernel without POSIX message queues: SKIPPED with the reason */
	ctx = ctx_with("pingpong.mech=mqueue", "pingpong.placement=same");
	pingpong_test_fault = 2;
	rc = bench_ctx_exercise(ctx, 0, 1, &vf);
	pingpong_test_fault = 0;
	ok(rc == BENCH_SKIP && strstr(ctx->reason, "POSIX message queues are "
	    "not available") != NULL, "no mqueue: SKIPPED: %s", ctx->reason);
	bench_ctx_free(ctx);

	/* the parameter table refuses what is out of range */
	{
		struct param_set ps;

		param_set_init(&ps);
		ok(param_set_add(&ps, "pingpong.passes=9") != 0,
		    "passes=9 is refused");
		ok(param_set_add(&ps, "pingpong.passes=1000001") != 0,
		    "passes=1000001 is refused");
		ok(param_set_add(&ps, "pingpong.passes=many") != 0,
		    "passes=many is refused");
		ok(param_set_add(&ps, "pingpong.passes=10") == 0 &&
		    param_set_add(&ps, "pingpong.passes=1000000") == 0,
		    "passes=10 and 1000000 are taken");
		ok(param_set_add(&ps, "pingpong.placement=same-proc") != 0,
		    "placement=same-proc is refused");
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
