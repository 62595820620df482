/*
 * sync-wakeup.c - real-time wake-up latency, the figure cyclictest gives:
 * a thread sleeps to an absolute deadline with
 * clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME) every `interval` and
 * records how late it woke (the time read just after waking minus the
 * deadline).  One case per CPU of the run (--cpu picks them), the thread
 * pinned to it.
 *
 * As real-time programs do, setup() locks the process's memory
 * (mlockall(MCL_CURRENT | MCL_FUTURE)), touches a stretch of stack so that
 * no page fault lands inside the loop, and raises the thread to SCHED_FIFO
 * at `priority`.  Each may be refused (an unprivileged user, a container):
 * the case then runs at what it got, and the row says so in its extras
 * (sched_fifo, priority, mlockall, stack_prefaulted); --classic prints it
 * in words.  With `load=yes` a thread on every other CPU of the run keeps
 * memory and the CPU busy with boardbench's own MD5 kernel (fill a buffer
 * larger than the caches, digest it, again) at normal priority.
 *
 * Self-timed: a sample is `loops` wake-ups (or `duration` seconds of
 * them); its value is the mean lateness (s, lower is better), and the
 * rows <case>/min, /p99, /p99.9 and /max give that sample's spread.  Over
 * all wake-ups of all samples verify() attaches the pooled min, avg, p99,
 * p99.9 and max (extras lat:*).  A deadline already past when the thread
 * got to sleep (an overrun) is counted in `overruns` and the next deadline
 * moves past the present, as cyclictest does.
 *
 * Verification: every wake-up was measured, and none came before its
 * deadline (clock_nanosleep with TIMER_ABSTIME never returns early).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "bench.h"
#include "cpu-md5ref.h"
#include "mem.h"
#include "result.h"
#include "sync.h"

#define WK_STACK	(128 * 1024)		/* bytes of stack touched */
#define WK_LOAD_BYTES	(8u << 20)		/* each load thread's buffer */
#define WK_MAXCPU	256

int wakeup_test_fault;

struct wk_load {
	pthread_t th;
	int cpu;
	_Atomic int *stop;
	unsigned char *buf;
	size_t len;
};

struct wk_state {
	int cpu;
	uint64_t interval_ns, loops;
	int priority;

	/* what setup() got */
	int fifo, fifo_err;		/* SCHED_FIFO taken; else its errno */
	int locked, lock_err;		/* mlockall */
	int prefaulted;
	int old_policy;
	struct sched_param old_param;
	int have_old;
	cpu_set_t saved;
	int have_saved;

	/* load */
	struct wk_load *load;
	size_t nload;
	_Atomic int stop;

	/* this sample and the pool of every sample */
	double *lat;			/* loops entries */
	struct sync_pool pool;
	uint64_t early, overruns;
};

/* ---- load: memory and CPU stress on the other CPUs ------------------- */

static void *
wk_load_main(void *arg)
{
	struct wk_load *l = arg;
	unsigned char out[MD5REF_DIGEST];
	uint64_t seed = (uint64_t)l->cpu;

	while (!atomic_load_explicit(l->stop, memory_order_relaxed)) {
		md5ref_fill(l->buf, l->len, seed++);
		md5ref_buffer(l->buf, l->len, out);
		bench_sink(out[0]);
	}
	return NULL;
}

static void
wk_load_stop(struct wk_state *s)
{
	size_t i;

	atomic_store(&s->stop, 1);
	for (i = 0; i < s->nload; i++) {
		pthread_join(s->load[i].th, NULL);
		free(s->load[i].buf);
	}
	free(s->load);
	s->load = NULL;
	s->nload = 0;
}

/* One normal-priority load thread on every CPU of the run but ours. */
static int
wk_load_start(struct bench_ctx *ctx, struct wk_state *s)
{
	struct sched_param sp = { .sched_priority = 0 };
	uint64_t avail = mem_available_bytes();
	size_t len = WK_LOAD_BYTES;
	pthread_attr_t attr;
	struct wk_load *l;
	cpu_set_t one;
	int c, rc, n = CPU_COUNT(&s->saved);

	if (avail > 0 && len > avail / 16 / (uint64_t)n)
		len = (size_t)(avail / 16 / (uint64_t)n);
	if (len < 65536)
		len = 65536;
	s->load = calloc((size_t)n, sizeof(*s->load));
	if (s->load == NULL)
		return bench_fail(ctx, "out of memory");
	for (c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, &s->saved) || c == s->cpu)
			continue;
		l = &s->load[s->nload];
		l->cpu = c;
		l->stop = &s->stop;
		l->len = len;
		l->buf = mem_alloc(len);
		if (l->buf == NULL)
			return bench_fail(ctx, "out of memory for the load");
		CPU_ZERO(&one);
		CPU_SET(c, &one);
		if ((rc = pthread_attr_init(&attr)) != 0) {
			free(l->buf);
			return bench_fail(ctx, "pthread_attr_init: %s",
			    strerror(rc));
		}
		/* normal priority, whatever the creating thread has */
		rc = pthread_attr_setinheritsched(&attr,
		    PTHREAD_EXPLICIT_SCHED);
		if (rc == 0)
			rc = pthread_attr_setschedpolicy(&attr, SCHED_OTHER);
		if (rc == 0)
			rc = pthread_attr_setschedparam(&attr, &sp);
		if (rc == 0)
			rc = pthread_attr_setaffinity_np(&attr, sizeof(one),
			    &one);
		if (rc == 0)
			rc = pthread_create(&l->th, &attr, wk_load_main, l);
		pthread_attr_destroy(&attr);
		if (rc != 0) {
			free(l->buf);
			return bench_fail(ctx, "cannot start a load thread on "
			    "CPU %d: %s", c, strerror(rc));
		}
		s->nload++;
	}
	if (s->nload == 0)
		return bench_skip(ctx, "load=yes needs a CPU other than CPU "
		    "%d in the run", s->cpu);
	return 0;
}

/* ---- setup and teardown ---------------------------------------------- */

/* Touch `WK_STACK` bytes of stack now, so the loop never faults on it. */
static __attribute__((noinline)) int
wk_prefault_stack(void)
{
	volatile unsigned char buf[WK_STACK];
	size_t i;

	for (i = 0; i < sizeof(buf); i += 256)
		buf[i] = (unsigned char)i;
	return buf[sizeof(buf) - 256] == (unsigned char)(sizeof(buf) - 256);
}

static void
wk_free(struct wk_state *s)
{
	if (s == NULL)
		return;
	wk_load_stop(s);
	if (s->fifo && s->have_old)
		pthread_setschedparam(pthread_self(), s->old_policy,
		    &s->old_param);
	if (s->locked)
		munlockall();
	if (s->have_saved)
		pthread_setaffinity_np(pthread_self(), sizeof(s->saved),
		    &s->saved);
	free(s->lat);
	sync_pool_free(&s->pool);
	free(s);
}

/* Its parameters (bench_params()); see wk_params. */
struct wk_params {
	long long interval;		/* microseconds */
	long long loops;
	double duration;		/* seconds; 0: loops */
	long long priority;
	int load;
};

static int
wk_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	const struct wk_params *p = bench_params(ctx);
	struct sched_param sp;
	struct wk_state *s;
	double duration;
	long long v;
	cpu_set_t one;
	int rc;

	s = calloc(1, sizeof(*s));
	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	s->cpu = (int)c->arg;
	v = p->interval;
	if (v < WK_INTERVAL_MIN || v > WK_INTERVAL_MAX) {
		rc = bench_fail(ctx, "interval=%lld is out of range", v);
		goto fail;
	}
	s->interval_ns = (uint64_t)v * 1000;
	duration = p->duration;
	s->loops = duration > 0 ?
	    (uint64_t)ceil(duration * 1e9 / (double)s->interval_ns) :
	    (uint64_t)p->loops;
	if (s->loops < 1 || s->loops > WK_LOOPS_MAX) {
		rc = bench_fail(ctx, "%llu wake-ups per sample is out of "
		    "range (1 to %d)", (unsigned long long)s->loops,
		    WK_LOOPS_MAX);
		goto fail;
	}
	s->priority = (int)p->priority;
	s->lat = calloc(s->loops, sizeof(*s->lat));
	if (s->lat == NULL) {
		rc = bench_fail(ctx, "out of memory");
		goto fail;
	}
	if (pthread_getaffinity_np(pthread_self(), sizeof(s->saved),
	    &s->saved) != 0) {
		rc = bench_fail(ctx, "pthread_getaffinity_np failed");
		goto fail;
	}
	s->have_saved = 1;
	if (s->cpu < 0 || s->cpu >= CPU_SETSIZE ||
	    !CPU_ISSET(s->cpu, &s->saved)) {
		rc = bench_skip(ctx, "CPU %d is not available to this run",
		    s->cpu);
		goto fail;
	}
	CPU_ZERO(&one);
	CPU_SET(s->cpu, &one);
	if (pthread_setaffinity_np(pthread_self(), sizeof(one), &one) != 0) {
		rc = bench_fail(ctx, "cannot pin to CPU %d", s->cpu);
		goto fail;
	}
	/* the load first: its threads must not inherit SCHED_FIFO */
	if (p->load &&
	    (rc = wk_load_start(ctx, s)) != 0)
		goto fail;

	if (mlockall(MCL_CURRENT | MCL_FUTURE) == 0)
		s->locked = 1;
	else
		s->lock_err = errno;
	s->prefaulted = wk_prefault_stack();

	if (pthread_getschedparam(pthread_self(), &s->old_policy,
	    &s->old_param) == 0)
		s->have_old = 1;
	memset(&sp, 0, sizeof(sp));
	sp.sched_priority = s->priority;
	rc = wakeup_test_fault == 2 ? EPERM :
	    pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
	if (rc == 0)
		s->fifo = 1;
	else
		s->fifo_err = rc;
	bench_set_priv(ctx, s);
	return 0;
fail:
	wk_free(s);
	return rc;
}

static void
wk_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	wk_free(bench_priv(ctx));
	bench_set_priv(ctx, NULL);
}

/* ---- the loop -------------------------------------------------------- */

static void
ts_add_ns(struct timespec *t, uint64_t ns)
{
	uint64_t x = (uint64_t)t->tv_nsec + ns;

	t->tv_sec += (time_t)(x / 1000000000u);
	t->tv_nsec = (long)(x % 1000000000u);
}

static double
ts_diff(const struct timespec *a, const struct timespec *b)
{
	return (double)(a->tv_sec - b->tv_sec) +
	    (double)(a->tv_nsec - b->tv_nsec) * 1e-9;
}

/*
 * run(): `loops` wake-ups per iteration; reports the mean lateness with
 * its min and max, and p99 and p99.9 of the last iteration's (the runner
 * gives self-timed cases one iteration a sample).
 */
static int
wk_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct wk_state *s = bench_priv(ctx);
	struct timespec next, now;
	double sum = 0, lat, mn = 0, mx = 0;
	uint64_t it, k;
	int rc;

	(void)c;
	if (iters == 0)
		iters = 1;
	sync_pool_reserve(&s->pool, s->loops * iters);
	for (it = 0; it < iters; it++) {
		if (clock_gettime(CLOCK_MONOTONIC, &next) != 0)
			return bench_fail(ctx, "clock_gettime: %s",
			    strerror(errno));
		for (k = 0; k < s->loops; k++) {
			ts_add_ns(&next, s->interval_ns);
			while ((rc = clock_nanosleep(CLOCK_MONOTONIC,
			    TIMER_ABSTIME, &next, NULL)) == EINTR)
				;
			if (rc != 0)
				return bench_fail(ctx, "clock_nanosleep: %s",
				    strerror(rc));
			if (clock_gettime(CLOCK_MONOTONIC, &now) != 0)
				return bench_fail(ctx, "clock_gettime: %s",
				    strerror(errno));
			lat = ts_diff(&now, &next);
			if (wakeup_test_fault == 1 && k == 3)
				lat = -lat - 1e-6;
			s->lat[k] = lat;
			sum += lat;
			if ((it == 0 && k == 0) || lat < mn)
				mn = lat;
			if ((it == 0 && k == 0) || lat > mx)
				mx = lat;
			s->early += lat < 0;
			sync_pool_add(&s->pool, lat);
			/* overran a whole interval: skip to the present */
			if (lat * 1e9 >= (double)s->interval_ns) {
				s->overruns++;
				while (ts_diff(&now, &next) * 1e9 >=
				    (double)s->interval_ns)
					ts_add_ns(&next, s->interval_ns);
			}
		}
	}
	bench_report(ctx, sum / (double)(s->loops * iters));
	qsort(s->lat, s->loops, sizeof(*s->lat), sync_cmp_double);
	bench_metric_spread(ctx, "min", "s", BENCH_LOWER, mn);
	bench_metric_spread(ctx, "p99", "s", BENCH_LOWER,
	    sync_rank(s->lat, s->loops, 0.99));
	bench_metric_spread(ctx, "p99.9", "s", BENCH_LOWER,
	    sync_rank(s->lat, s->loops, 0.999));
	bench_metric_spread(ctx, "max", "s", BENCH_LOWER, mx);
	return 0;
}

static int
wk_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct wk_state *s = bench_priv(ctx);
	struct sync_pool *p = &s->pool;

	(void)c;
	if (p->n == 0 || p->n % s->loops != 0)
		return bench_fail(ctx, "%llu wake-ups measured, not a whole "
		    "number of samples of %llu", (unsigned long long)p->n,
		    (unsigned long long)s->loops);
	if (s->early > 0)
		return bench_fail(ctx, "%llu wake-ups came before their "
		    "deadline (by up to %.3f us): the clock or the sleep is "
		    "broken", (unsigned long long)s->early, -p->min * 1e6);
	bench_extra(ctx, "wakeups", (double)p->n);
	bench_extra(ctx, "lat:min", p->min);
	bench_extra(ctx, "lat:avg", p->sum / (double)p->n);
	bench_extra(ctx, "lat:max", p->max);
	if (p->nv > 0) {
		bench_extra(ctx, "lat:p99", sync_pool_rank(p, 0.99));
		bench_extra(ctx, "lat:p99.9", sync_pool_rank(p, 0.999));
		if (p->nv < p->n)
			bench_extra(ctx, "lat:p99_wakeups", (double)p->nv);
	}
	bench_extra(ctx, "overruns", (double)s->overruns);
	bench_extra(ctx, "cpu", s->cpu);
	bench_extra(ctx, "interval_us", (double)s->interval_ns / 1000);
	bench_extra(ctx, "sched_fifo", s->fifo);
	bench_extra(ctx, "priority", s->fifo ? s->priority : 0);
	if (!s->fifo)
		bench_extra(ctx, "sched_fifo_errno", s->fifo_err);
	bench_extra(ctx, "mlockall", s->locked);
	if (!s->locked)
		bench_extra(ctx, "mlockall_errno", s->lock_err);
	bench_extra(ctx, "stack_prefaulted", s->prefaulted);
	bench_extra(ctx, "load_threads", (double)s->nload);
	return 0;
}

/* ---- plan ------------------------------------------------------------ */

static int
wk_plan(struct bench_ctx *ctx)
{
	struct bench_case *c;
	char name[32];
	cpu_set_t set;
	int cpu;

	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return bench_fail(ctx, "sched_getaffinity: %s",
		    strerror(errno));
	for (cpu = 0; cpu < CPU_SETSIZE && cpu < WK_MAXCPU; cpu++) {
		if (!CPU_ISSET(cpu, &set))
			continue;
		snprintf(name, sizeof(name), "cpu%d", cpu);
		c = bench_add_case(ctx, name, "s", BENCH_REPORTED, 1);
		if (c == NULL)
			return -1;
		c->arg = cpu;
		c->better = BENCH_LOWER;
	}
	return 0;
}

/* ---- --classic: cyclictest's lines ----------------------------------- */

static double
wk_x(const struct result *r, const char *name)
{
	double v;

	return result_get_extra(r, name, &v) == 0 ? v : NAN;
}

/*
 * One line per CPU in cyclictest's layout (microseconds), with the
 * percentiles it lacks, then how the thread ran.
 */
static void
wk_classic(FILE *fp, const struct bench_info *info,
    const struct result *const *rows, size_t nrows)
{
	const struct result *r;
	double fifo, prio, lk, pf, ld, e;
	size_t i, t = 0;

	(void)info;
	fprintf(fp, "wakeup: clock_nanosleep(TIMER_ABSTIME) lateness in "
	    "microseconds, cyclictest layout\n");
	for (i = 0; i < nrows; i++) {
		r = rows[i];
		if (r->copy != 0 || strchr(r->case_name, '/') != NULL)
			continue;
		if (r->status != ST_OK) {
			fprintf(fp, "T:%2zu (%6s) %s%s%s\n", t++,
			    r->case_name, result_status_name(r->status),
			    r->reason[0] ? ": " : "", r->reason);
			continue;
		}
		fifo = wk_x(r, "sched_fifo");
		prio = wk_x(r, "priority");
		fprintf(fp, "T:%2zu (%6s) P:%2.0f I:%.0f C:%8.0f Min:%7.0f "
		    "Avg:%7.0f P99:%7.0f P99.9:%7.0f Max:%7.0f\n", t++,
		    r->case_name, fifo > 0 ? prio : 0,
		    wk_x(r, "interval_us"), wk_x(r, "wakeups"),
		    wk_x(r, "lat:min") * 1e6, wk_x(r, "lat:avg") * 1e6,
		    wk_x(r, "lat:p99") * 1e6, wk_x(r, "lat:p99.9") * 1e6,
		    wk_x(r, "lat:max") * 1e6);
		lk = wk_x(r, "mlockall");
		pf = wk_x(r, "stack_prefaulted");
		ld = wk_x(r, "load_threads");
		if (fifo > 0) {
			fprintf(fp, "        SCHED_FIFO priority %.0f", prio);
		} else {
			e = wk_x(r, "sched_fifo_errno");
			fprintf(fp, "        normal priority (SCHED_FIFO "
			    "refused: %s)", isnan(e) ? "?" :
			    strerror((int)e));
		}
		fprintf(fp, ", mlockall %s", lk > 0 ? "ok" : "failed");
		if (!(lk > 0) && !isnan(e = wk_x(r, "mlockall_errno")))
			fprintf(fp, " (%s)", strerror((int)e));
		fprintf(fp, ", stack %s, %s\n", pf > 0 ? "pre-faulted" :
		    "not pre-faulted", ld > 0 ? "load on the other CPUs" :
		    "no load");
	}
}

static const struct bench_param wk_params[] = {
	{
		BENCH_PARAM_INT(struct wk_params, interval),
		.min = WK_INTERVAL_MIN, .max = WK_INTERVAL_MAX,
		.def = "1000",
		.help = "microseconds between deadlines (cyclictest -i)",
	},
	{
		BENCH_PARAM_INT(struct wk_params, loops),
		.min = 10, .max = WK_LOOPS_MAX,
		.def = "1000", .quick = "200", .full = "10000",
		.help = "wake-ups per sample (cyclictest -l)",
	},
	{
		BENCH_PARAM_REAL(struct wk_params, duration),
		.min = 0, .max = WK_DURATION_MAX, .def = "0",
		.help = "seconds per sample instead of loops (0: use loops)",
	},
	{
		BENCH_PARAM_INT(struct wk_params, priority),
		.min = 1, .max = 99,
		.def = "80",
		.help = "SCHED_FIFO priority when permitted (cyclictest -p)",
	},
	{
		BENCH_PARAM_BOOL(struct wk_params, load), .def = "no",
		.help = "keep the other CPUs of the run busy with memory and "
		    "CPU work (boardbench's MD5 kernel) meanwhile",
	},
	{ .name = NULL }
};

const struct bench_info bench_wakeup_info = {
	.name = "wakeup",
	.group = "sync",
	.description = "real-time wake-up latency: how late a SCHED_FIFO "
	    "thread wakes from clock_nanosleep(TIMER_ABSTIME), per CPU",
	.unit = "s",
	.better = BENCH_LOWER,
	.flags = BENCH_NO_COPIES,
	.params = wk_params,
	.params_size = sizeof(struct wk_params),
	.plan = wk_plan,
	.setup = wk_setup,
	.run = wk_run,
	.verify = wk_verify,
	.teardown = wk_teardown,
	.classic = wk_classic,
	.budget = 3,
	.min_samples = 3,
};
