/*
 * null.c - the framework's own self-test (fio's null engine): a kernel
 * that does a known amount of trivial work, plus cases that crash, hang,
 * fail verification or skip on purpose when asked, so the runner's
 * isolation can be tested on any machine.
 *
 * mode=spin and mode=sleep make it a calibration device with a known
 * truth: each unit of work lasts null.ns nanoseconds, so the true rate is
 * 1e9/ns units per second (and the true time ns nanoseconds per unit).
 * This is the one kernel that reads a clock inside run(): it is the
 * documented exception to the rule that kernels never time themselves,
 * since its work IS a span of time.
 *   spin   busy-waits: each unit ends ns after the previous one ended on
 *          CLOCK_MONOTONIC_RAW, or, when the process lost the CPU in
 *          between, ns after it got it back: CPU-bound, so copies beyond
 *          the CPUs cannot add up to more than the CPUs give.
 *   sleep  clock_nanosleep() to absolute deadlines ns apart on
 *          CLOCK_MONOTONIC from the start of run(): wall-clock exact even
 *          on a busy machine, and it uses no CPU (copies do not compete).
 * null.kind picks the cases: rate (op/s, with a scale and a per-MHz
 * derived row), time (s per op), reported (self-timed: the kernel times
 * about 100 ms of units itself), phases (an untimed prepare() of three
 * units, then phase a of one unit and phase b of two, each with its own
 * row: the truth is 1e9/(3 ns) iterations per second).
 * null.vary makes every second measuring process of a CPU case slower by
 * that many per cent, to test what the runner does when its processes
 * disagree (more of them run while the budget lasts); null.jitter makes
 * every second call slower, so a process's own samples disagree and it
 * samples until its share of the budget is spent.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

struct null_state {
	uint64_t acc, iters;
	uint64_t units;			/* spin/sleep: units of ns done */
	int sleep;			/* mode=sleep */
	uint64_t ns;
	uint64_t calls;			/* mode=spread, null.jitter */
	uint64_t jitter;		/* null.jitter */
};

/* Its parameters (bench_params()); see null_params. */
struct null_params {
	const char *mode;
	long long work, ns, vary, jitter;
	struct bench_list kind;
};

static const struct bench_param null_params[] = {
	{ BENCH_PARAM_CHOICE(struct null_params, mode),
	  .choices = "ok|crash|hang|bad|fail|skip|slow|spread|spin|sleep",
	  .def = "ok",
	  .help = "what the second case does: ok, or crash (SIGSEGV), hang, "
	    "bad (fails verification), fail, skip, slow (1 s per call), "
	    "spread (metric rows plain and tail whose values vary by "
	    "design: plain is flagged noisy, tail, a spread figure, is "
	    "not); "
	    "spin or sleep: known-truth cases instead, each unit lasting "
	    "null.ns" },
	{ BENCH_PARAM_INT(struct null_params, work), .min = 1, .max = 1000000,
	  .def = "1000", .help = "additions per iteration" },
	{ BENCH_PARAM_INT(struct null_params, ns),
	  .min = 1000, .max = 1000000000,
	  .def = "10000", .help = "spin/sleep: nanoseconds per unit of work "
	    "(true rate 1e9/ns op/s)" },
	{ BENCH_PARAM_INT(struct null_params, vary), .min = 0, .max = 100,
	  .def = "0", .help = "spin/sleep: units last this many per cent "
	    "longer in every second measuring process (the 2nd, 4th, ...), "
	    "so the processes of a CPU case disagree on purpose" },
	{ BENCH_PARAM_INT(struct null_params, jitter), .min = 0, .max = 100,
	  .def = "0", .help = "spin/sleep rate and time cases: every second "
	    "call of the kernel lasts this many per cent longer, so a "
	    "process's samples disagree and it samples until its budget" },
	{ BENCH_PARAM_LIST(struct null_params, kind),
	  .choices = "rate|time|reported|phases",
	  .def = "rate,time,reported,phases",
	  .help = "spin/sleep: which cases (RATE, TIME, self-timed REPORTED, "
	    "phased)" },
	{ .name = NULL }
};

/* Derived rows of the rate case: a scale and a per-MHz figure. */
static const struct bench_derived null_derived[] = {
	{ "kops", "kop/s", BENCH_D_SCALE, 1e-3 },
	{ "per-mhz", "op/s/MHz", BENCH_D_PER_MHZ, 1 },
	{ NULL, NULL, 0, 0 }
};

enum { NULL_ADD = 0, NULL_RATE, NULL_TIME, NULL_REPORTED, NULL_PHASES };

static int
null_plan_truth(struct bench_ctx *ctx, const char *mode)
{
	static const char *const kinds[] = { "rate", "time", "reported",
	    "phases" };
	const struct bench_list *kind = &((const struct null_params *)
	    bench_params(ctx))->kind;
	const char *const *words = kind->items;
	char name[32];
	struct bench_case *c;
	size_t n = kind->n, i, k;

	for (k = 0; k < 4; k++) {
		for (i = 0; i < n && i < 8; i++)
			if (strcmp(words[i], kinds[k]) == 0)
				break;
		if (i == n || i == 8)
			continue;
		snprintf(name, sizeof(name), "%s%s%s", mode, k ? "-" : "",
		    k ? kinds[k] : "");
		c = bench_add_case(ctx, name, k == 1 ? "s" : "op/s",
		    k == 1 ? BENCH_TIME : k == 2 ? BENCH_REPORTED : BENCH_RATE,
		    1);
		if (c == NULL)
			return -1;
		c->id = NULL_RATE + (int)k;
		if (k == 1)
			c->better = BENCH_LOWER;
		if (k == 0)
			c->derived = null_derived;
		if (strcmp(mode, "sleep") == 0)
			c->flags |= BENCH_WAITS;
	}
	return 0;
}

static int
null_plan(struct bench_ctx *ctx)
{
	const struct null_params *p = bench_params(ctx);
	const char *mode = p->mode;
	double w = (double)p->work;

	if (strcmp(mode, "spin") == 0 || strcmp(mode, "sleep") == 0)
		return null_plan_truth(ctx, mode);
	if (bench_add_case(ctx, "add", "op/s", BENCH_RATE, w) == NULL)
		return -1;
	if (bench_add_case(ctx, mode, "op/s", BENCH_RATE, w) == NULL)
		return -1;
	return 0;
}

static int
null_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	const struct null_params *p = bench_params(ctx);
	struct null_state *s = calloc(1, sizeof(*s));

	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	bench_set_priv(ctx, s);
	s->ns = (uint64_t)p->ns;
	if (bench_process(ctx) % 2 == 1)
		s->ns += s->ns * (uint64_t)p->vary / 100;
	s->jitter = (uint64_t)p->jitter;
	s->sleep = strcmp(p->mode, "sleep") == 0;
	/* wake at the deadline, not up to 50 us after it (timer slack) */
	if (s->sleep && prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL) != 0)
		return bench_fail(ctx, "cannot set the timer slack");
	if (strcmp(c->name, "skip") == 0 || strcmp(c->name, "fail") == 0) {
		/* no teardown() follows a setup() that did not work */
		bench_set_priv(ctx, NULL);
		free(s);
		if (strcmp(c->name, "skip") == 0)
			return bench_skip(ctx, "skipped on purpose");
		return bench_fail(ctx, "failed on purpose");
	}
	return 0;
}

static uint64_t
ts_ns(const struct timespec *ts)
{
	return (uint64_t)ts->tv_sec * 1000000000u + (uint64_t)ts->tv_nsec;
}

/*
 * A gap between two clock reads of the spin loop longer than this was
 * time without the CPU (a read costs well under a microsecond).
 */
#define SPIN_GAP_NS 10000u

/*
 * spin: n units of s->ns each on CLOCK_MONOTONIC_RAW, CPU-bound: time the
 * process spent without the CPU (a gap between two reads) is not work and
 * moves the deadline on.
 */
static void
spin_units(struct null_state *s, uint64_t n)
{
	struct timespec ts;
	uint64_t deadline, t, prev, i;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	deadline = prev = ts_ns(&ts);
	for (i = 0; i < n; i++) {
		deadline += s->ns;
		do {
			clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
			t = ts_ns(&ts);
			if (t - prev > SPIN_GAP_NS)
				deadline += t - prev;
			prev = t;
		} while (t < deadline);
	}
	s->units += n;
}

/*
 * sleep: n units of s->ns each to absolute CLOCK_MONOTONIC deadlines from
 * the start of the call, so that a late wake-up is made up in the next
 * unit: only the last one's lateness lengthens the call.
 */
static void
sleep_units(struct null_state *s, uint64_t n)
{
	struct timespec ts;
	uint64_t deadline, i;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	deadline = ts_ns(&ts);
	for (i = 0; i < n; i++) {
		deadline += s->ns;
		ts.tv_sec = (time_t)(deadline / 1000000000u);
		ts.tv_nsec = (long)(deadline % 1000000000u);
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts,
		    NULL) == EINTR)
			;
	}
	s->units += n;
}

static void
truth_units(struct null_state *s, uint64_t n)
{
	if (s->sleep)
		sleep_units(s, n);
	else
		spin_units(s, n);
}

static int
null_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct null_state *s = bench_priv(ctx);
	uint64_t i, j, w = (uint64_t)c->work, k;
	volatile uint64_t acc = s->acc;
	double t0;

	if (c->id == NULL_RATE || c->id == NULL_TIME) {
		uint64_t ns = s->ns;

		if (s->jitter > 0 && s->calls++ % 2 == 1)
			s->ns += s->ns * s->jitter / 100;
		truth_units(s, iters);
		s->ns = ns;
		s->iters += iters;
		return 0;
	}
	if (c->id == NULL_REPORTED) {
		/* self-timed: about 100 ms of units, timed here */
		k = (100000000u + s->ns - 1) / s->ns;
		t0 = bench_now();
		truth_units(s, k);
		bench_report(ctx, (double)k / (bench_now() - t0));
		s->iters += k;
		return 0;
	}
	if (strcmp(c->name, "crash") == 0) {
		/* the default action, even under a sanitizer's handler */
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
	}
	if (strcmp(c->name, "hang") == 0)
		for (;;)
			pause();
	if (strcmp(c->name, "slow") == 0)
		sleep(1);
	if (strcmp(c->name, "spread") == 0) {
		/* 1, 2, 3, 1, ...: a CV of about 40 % whatever the machine */
		double v = (double)(1 + s->calls++ % 3);

		bench_metric(ctx, "plain", "op", BENCH_LOWER, v);
		bench_metric_spread(ctx, "tail", "op", BENCH_LOWER, v);
	}
	for (i = 0; i < iters; i++)
		for (j = 0; j < w; j++)
			acc = acc + 1;
	s->acc = acc;
	s->iters += iters;
	return 0;
}

/*
 * phases: three untimed units (as long as the timed ones: timing them
 * would halve the rate), then a (one unit) and b (two units)
 */
static int
null_prepare(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	truth_units(bench_priv(ctx), 3);
	return 0;
}

static int
null_phase_a(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct null_state *s = bench_priv(ctx);

	(void)c;
	truth_units(s, 1);
	s->iters++;
	return 0;
}

static int
null_phase_b(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	truth_units(bench_priv(ctx), 2);
	return 0;
}

static const struct bench_phase null_phase_list[] = {
	{ "a", null_phase_a, 1, "op/s", 1 },
	{ "b", null_phase_b, 1, "op/s", 1 },
	{ NULL, NULL, 0, NULL, 0 }
};

static const struct bench_phase *
null_phases(const struct bench_case *c)
{
	return c->id == NULL_PHASES ? null_phase_list : NULL;
}

static int
null_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct null_state *s = bench_priv(ctx);
	uint64_t want;

	if (strcmp(c->name, "bad") == 0)
		return bench_fail(ctx, "wrong on purpose");
	if (c->id != NULL_ADD) {
		/* every unit that was asked for was done */
		want = c->id == NULL_PHASES ? 6 * s->iters : s->iters;
		if (s->units != want)
			return bench_fail(ctx, "%llu units, expected %llu",
			    (unsigned long long)s->units,
			    (unsigned long long)want);
		bench_extra(ctx, "units", (double)s->units);
		return 0;
	}
	if (s->acc != s->iters * (uint64_t)c->work)
		return bench_fail(ctx, "sum %llu, expected %llu",
		    (unsigned long long)s->acc,
		    (unsigned long long)(s->iters * (uint64_t)c->work));
	bench_extra(ctx, "iterations", (double)s->iters);
	return 0;
}

static void
null_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	free(bench_priv(ctx));
	bench_set_priv(ctx, NULL);
}

const struct bench_info bench_null_info = {
	.name = "null",
	.group = "selftest",
	.description = "framework self-test: counts additions; can crash, "
	    "hang, fail or give a bad result on purpose; spin/sleep modes "
	    "have a known true rate",
	.unit = "op/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = null_params,
	.params_size = sizeof(struct null_params),
	.plan = null_plan,
	.setup = null_setup,
	.prepare = null_prepare,
	.run = null_run,
	.phases = null_phases,
	.verify = null_verify,
	.teardown = null_teardown,
};
