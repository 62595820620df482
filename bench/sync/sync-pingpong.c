/*
 * sync-pingpong.c - hand-off latency between two threads (or two
 * processes): one (the caller of run(), "ping") sends a message, the other
 * ("pong") receives it and answers, ping receives the answer; half a round
 * trip is one hand-off.  Mechanisms: a pipe each way, an eventfd each way,
 * a futex word each way, a POSIX semaphore each way, one mutex with a
 * condition variable each way, three mutexes handed back and forth, a
 * POSIX message queue each way, and a cache line both spin on (C11
 * atomics).  Ping and pong are pinned to one CPU ("same-core") or to two
 * ("cross-core"); the placements same-procs and cross-procs put pong in a
 * child process instead of a thread (everything shared lives in a shared
 * mapping); with `matrix` every pair of CPUs gets a row.  This is the
 * POSIX counterpart of the RTOS queue / event flag / semaphore / mutex
 * hand-off test of seed 004.
 *
 * The mutex mechanism: a pthread mutex must be unlocked by the thread that
 * locked it, so a message cannot travel by unlocking the partner's mutex.
 * Three mutexes rotate instead: in round k ping unlocks M[k%3] (pong,
 * blocked locking it, wakes: one hand-off) and then locks M[(k+2)%3],
 * which pong unlocks after taking M[k%3] (the hand-off back).  Ping starts
 * holding M0 and M1, pong M2; each round moves one mutex to each side.
 *
 * Self-timed: a sample is `passes` round trips, each timed on its own
 * with bench_now(); the sample's value is the mean one-way hand-off, and
 * the rows <case>/min, <case>/p99 and <case>/max give the shortest, the
 * 99th percentile (nearest rank) and the longest half round trip of the
 * sample.  Over all passes of all samples verify() attaches the pooled
 * min/avg/p99/max (extras handoff:*), which --classic prints in the seed's
 * layout.
 *
 * Counters: where perf_event_open works, ping opens its own cycle and
 * instruction counters (kernel mode too when perf_event_paranoid allows)
 * and reads them right around each round trip (just outside its two
 * clock reads): the sort of the samples and the bookkeeping are not
 * counted.  A round trip's counts halved are one hand-off's; min, max
 * and mean go to extras (cycles:*, instr:*, cpi).  When the kernel
 * multiplexed the counters they are scaled by time_enabled/time_running
 * (extra counters:scaled, row flagged multiplexed); a failed read drops
 * the counter figures of the row altogether.  Only ping is counted.
 *
 * Every message carries a sequence number; the answer carries the same
 * number with a marker bit.  pong checks that requests arrive in order,
 * ping checks every answer, and verify() requires no mismatch and equal
 * counts sent, served and answered.
 *
 * On one CPU a spinning waiter would spin away its whole time slice, so
 * there the spin waiter yields (sched_yield) after each look at the line;
 * across CPUs it spins with the CPU's pause hint and yields only every
 * PP_SPIN_YIELD looks, in case its partner was preempted.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "perfctr.h"
#include "result.h"
#include "sync.h"
#include "sync-pingpong.h"

static const char *const pp_names[PP_NMECH] = {
	[PP_PIPE] = "pipe", [PP_EVENTFD] = "eventfd", [PP_FUTEX] = "futex",
	[PP_SEM] = "sem", [PP_CONDVAR] = "condvar", [PP_MUTEX] = "mutex",
	[PP_MQUEUE] = "mqueue", [PP_SPIN] = "spin",
};

/* ---- the two sides --------------------------------------------------- */

/* pong: answer every request until PP_STOP; count what it served. */
static void *
pp_pong_main(void *arg)
{
	struct pp_state *s = arg;
	struct pp_shared *sh = s->sh;
	uint64_t v, expect = 1, answer;

	/* mutex: pong starts holding rot[2] */
	if (s->mech == PP_MUTEX && pthread_mutex_lock(&sh->rot[2]) != 0) {
		snprintf(sh->pong_why, sizeof(sh->pong_why), "cannot lock");
		atomic_store(&sh->pong_err, 1);
	}
	atomic_store(&sh->ready, 1);
	while (!atomic_load(&sh->pong_err)) {
		if (pp_recv(s, 0, &v) != 0) {
			snprintf(sh->pong_why, sizeof(sh->pong_why),
			    "receive: %s", strerror(errno));
			atomic_store(&sh->pong_err, 1);
			break;
		}
		if (v == PP_STOP) {
			if (s->mech == PP_MUTEX) {	/* let go of both */
				pthread_mutex_unlock(&sh->rot[sh->round[1] %
				    3]);
				pthread_mutex_unlock(&sh->rot[(sh->round[1] +
				    2) % 3]);
			}
			break;
		}
		if (v != expect)
			atomic_fetch_add_explicit(&sh->pong_bad, 1,
			    memory_order_relaxed);
		expect = v + 1;
		answer = v | PP_REPLY;
		if (pingpong_test_fault == 1 && v == 3)
			answer ^= UINT64_C(1) << 20;
		atomic_fetch_add_explicit(&sh->served, 1,
		    memory_order_relaxed);
		if (pp_send(s, 1, answer) != 0) {
			snprintf(sh->pong_why, sizeof(sh->pong_why),
			    "send: %s", strerror(errno));
			atomic_store(&sh->pong_err, 1);
			break;
		}
	}
	return NULL;
}

/* Add one pass's counter window (counts of a round trip). */
static void
pp_pool_count(struct pp_pool *p, const struct perfctr_snap *a,
    const struct perfctr_snap *b)
{
	double c, i;
	int rc = perfctr_delta(a, b, &c, &i);

	if (rc == PERFCTR_NONE) {
		p->failed++;
		return;
	}
	p->scaled += rc == PERFCTR_SCALED;
	c /= 2;
	i /= 2;
	if (p->nc++ == 0 || c < p->cmin)
		p->cmin = c;
	if (c > p->cmax)
		p->cmax = c;
	if (p->nc == 1 || i < p->imin)
		p->imin = i;
	if (i > p->imax)
		p->imax = i;
	p->csum += c;
	p->isum += i;
}

/*
 * ping: n round trips; rt[k] gets each one's seconds when rt is given
 * (then they also go to the pool, with their counts).  Returns the
 * seconds of all of them, or -1 on a failed send or receive.
 */
static double
pp_trips(struct bench_ctx *ctx, struct pp_state *s, uint64_t n, double *rt)
{
	struct perfctr_snap c0, c1;
	int count = rt != NULL && s->have_pc, got0 = 0;
	double t0, t1, sum = 0;
	uint64_t k, seq, v;

	for (k = 0; k < n; k++) {
		seq = ++s->sent;
		if (count)
			got0 = perfctr_snap(&s->pc, &c0) == 0;
		t0 = bench_now();
		if (pp_send(s, 0, seq) != 0)
			return bench_fail(ctx, "%s: send: %s",
			    pp_names[s->mech], strerror(errno));
		if (pp_recv(s, 1, &v) != 0)
			return bench_fail(ctx, "%s: receive: %s",
			    pp_names[s->mech], strerror(errno));
		t1 = bench_now();
		if (count) {
			if (got0 && perfctr_snap(&s->pc, &c1) == 0)
				pp_pool_count(&s->pool, &c0, &c1);
			else
				s->pool.failed++;
		}
		sum += t1 - t0;
		if (rt != NULL) {
			rt[k] = t1 - t0;
			sync_pool_add(&s->pool.t, rt[k] / 2);
		}
		s->got++;
		if (v != (seq | PP_REPLY) && s->bad++ == 0) {
			s->bad_seq = seq;
			s->bad_val = v;
		}
	}
	return sum;
}

/* ---- hooks ----------------------------------------------------------- */

static int
pp_mech_find(const char *name)
{
	int i;

	for (i = 0; i < PP_NMECH; i++)
		if (strcmp(pp_names[i], name) == 0)
			return i;
	return -1;
}

static int
pp_add(struct bench_ctx *ctx, int mech, const char *where, intptr_t arg)
{
	struct bench_case *c;
	char name[96];

	snprintf(name, sizeof(name), "%s/%s", pp_names[mech], where);
	c = bench_add_case(ctx, name, "s", BENCH_REPORTED, 1);
	if (c == NULL)
		return -1;
	c->id = mech;
	c->arg = arg;
	c->better = BENCH_LOWER;
	return 0;
}

static const struct {
	const char *word, *where;
	intptr_t arg;
} pp_places[] = {
	{ "same", "same-core", PP_SAME },
	{ "cross", "cross-core", PP_CROSS },
	{ "same-procs", "same-core-procs", PP_SAME_PROC },
	{ "cross-procs", "cross-core-procs", PP_CROSS_PROC },
};
#define PP_NPLACES (sizeof(pp_places) / sizeof(pp_places[0]))

/* Its parameters (bench_params()); see pp_params. */
struct pp_params {
	struct bench_list mech, placement;
	int matrix;
	long long passes;
};

/*
 * plan(): for each mechanism, each placement asked for; with `matrix`,
 * one row per pair of CPUs this process may use (a CPU with itself too).
 */
static int
pp_plan(struct bench_ctx *ctx)
{
	const struct pp_params *p = bench_params(ctx);
	const char *const *mech = p->mech.items, *const *place =
	    p->placement.items;
	char where[32];
	int seen[PP_NMECH] = { 0 }, want[PP_NPLACES] = { 0 }, m, a, b;
	size_t nm = p->mech.n, np = p->placement.n, i, j;
	cpu_set_t set;

	if (nm > PP_NMECH * 2)
		nm = PP_NMECH * 2;
	if (np > PP_NPLACES * 2)
		np = PP_NPLACES * 2;
	for (j = 0; j < np; j++)
		for (i = 0; i < PP_NPLACES; i++)
			want[i] |= strcmp(place[j], pp_places[i].word) == 0;
	CPU_ZERO(&set);
	if (p->matrix &&
	    sched_getaffinity(0, sizeof(set), &set) != 0)
		return bench_fail(ctx, "sched_getaffinity: %s",
		    strerror(errno));
	for (i = 0; i < nm; i++) {
		m = pp_mech_find(mech[i]);
		if (m < 0)
			return bench_fail(ctx, "unknown mechanism '%s'",
			    mech[i]);
		if (seen[m]++)
			continue;
		for (j = 0; j < PP_NPLACES; j++)
			if (want[j] && pp_add(ctx, m, pp_places[j].where,
			    pp_places[j].arg) != 0)
				return -1;
		for (a = 0; a < CPU_SETSIZE && a < 4096; a++) {
			if (!CPU_ISSET(a, &set))
				continue;
			for (b = a; b < CPU_SETSIZE && b < 4096; b++) {
				if (!CPU_ISSET(b, &set))
					continue;
				snprintf(where, sizeof(where), "cpu%d-cpu%d",
				    a, b);
				if (pp_add(ctx, m, where, PP_PAIR(a, b)) != 0)
					return -1;
			}
		}
	}
	return 0;
}

/* Pick ping's and pong's CPUs from the ones this thread may use. */
static int
pp_cpus(struct bench_ctx *ctx, struct pp_state *s, intptr_t arg)
{
	int first = -1, second = -1, c, n = CPU_COUNT(&s->saved);

	for (c = 0; c < CPU_SETSIZE && second < 0; c++) {
		if (!CPU_ISSET(c, &s->saved))
			continue;
		if (first < 0)
			first = c;
		else
			second = c;
	}
	if (first < 0)
		return bench_fail(ctx, "no CPU to run on");
	s->procs = arg == PP_SAME_PROC || arg == PP_CROSS_PROC;
	if (arg == PP_SAME || arg == PP_SAME_PROC) {
		s->cpu[0] = s->cpu[1] = first;
	} else if (arg == PP_CROSS || arg == PP_CROSS_PROC) {
		if (second < 0)
			return bench_skip(ctx, "only %d CPU to run on: "
			    "cross-core needs two", n);
		s->cpu[0] = first;
		s->cpu[1] = second;
	} else {
		s->cpu[0] = (int)(arg / 4096);
		s->cpu[1] = (int)(arg % 4096);
		for (c = 0; c < 2; c++)
			if (s->cpu[c] < 0 || s->cpu[c] >= CPU_SETSIZE ||
			    !CPU_ISSET(s->cpu[c], &s->saved))
				return bench_skip(ctx, "CPU %d is not "
				    "available to this run", s->cpu[c]);
	}
	s->same = s->cpu[0] == s->cpu[1];
	return 0;
}

/* Stop pong and wait for it; a pong that cannot be told is killed. */
static void
pp_stop(struct pp_state *s)
{
	int st;

	if (!s->pong_started)
		return;
	s->pong_started = 0;
	if (!s->procs) {
		if (pp_send(s, 0, PP_STOP) == 0)
			pthread_join(s->pong, NULL);
		else
			pthread_detach(s->pong);
		return;
	}
	if (atomic_load(&s->sh->pong_err) || pp_send(s, 0, PP_STOP) != 0)
		kill(s->pong_pid, SIGKILL);
	while (waitpid(s->pong_pid, &st, 0) < 0 && errno == EINTR)
		;
}

/* Stop pong, close the mechanism, give ping its CPUs back, free. */
static void
pp_free(struct pp_state *s)
{
	if (s == NULL)
		return;
	if (s->sh != NULL) {
		pp_stop(s);
		pp_close(s);
		munmap(s->sh, sizeof(*s->sh));
	}
	if (s->have_pc)
		perfctr_close(&s->pc);
	if (s->have_saved)
		pthread_setaffinity_np(pthread_self(), sizeof(s->saved),
		    &s->saved);
	free(s->rt);
	sync_pool_free(&s->pool.t);
	free(s);
}

/* Start pong on its CPU, as a thread or a process. 0 or an error number. */
static int
pp_start(struct pp_state *s)
{
	pthread_attr_t attr;
	cpu_set_t set;
	pid_t pid;
	int rc;

	CPU_ZERO(&set);
	CPU_SET(s->cpu[1], &set);
	if (s->procs) {
		pid = fork();
		if (pid < 0)
			return errno;
		if (pid == 0) {
			/* pong: dies with its parent, touches nothing else */
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			if (sched_setaffinity(0, sizeof(set), &set) != 0)
				_exit(1);
			pp_pong_main(s);
			_exit(0);
		}
		s->pong_pid = pid;
		s->pong_started = 1;
		return 0;
	}
	if ((rc = pthread_attr_init(&attr)) != 0)
		return rc;
	rc = pthread_attr_setaffinity_np(&attr, sizeof(set), &set);
	if (rc == 0)
		rc = pthread_create(&s->pong, &attr, pp_pong_main, s);
	pthread_attr_destroy(&attr);
	s->pong_started = rc == 0;
	return rc;
}

/* Wait until pong holds what it must before the first message. */
static int
pp_wait_ready(struct pp_state *s)
{
	int st;

	while (!atomic_load(&s->sh->ready)) {
		if (s->procs && waitpid(s->pong_pid, &st, WNOHANG) ==
		    s->pong_pid) {
			s->pong_started = 0;
			return -1;
		}
		sched_yield();
	}
	return atomic_load(&s->sh->pong_err) ? -1 : 0;
}

/*
 * setup(): pin ping, open the mechanism, start pong, open ping's
 * counters, warm up.  On any failure everything made so far is undone
 * (the runner calls teardown() only after a setup() that succeeded).
 */
static int
pp_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct pp_state *s;
	cpu_set_t set;
	char why[160];
	int rc;

	if (c->id < 0 || c->id >= PP_NMECH)
		return bench_fail(ctx, "unknown case '%s'", c->name);
	s = calloc(1, sizeof(*s));
	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	s->mech = (enum pp_mech)c->id;
	s->passes = (uint64_t)((const struct pp_params *)
	    bench_params(ctx))->passes;
	if (s->passes < PP_PASSES_MIN || s->passes > PP_PASSES_MAX) {
		rc = bench_fail(ctx, "passes=%llu is out of range",
		    (unsigned long long)s->passes);
		goto fail;
	}
	if (pthread_getaffinity_np(pthread_self(), sizeof(s->saved),
	    &s->saved) != 0) {
		rc = bench_fail(ctx, "pthread_getaffinity_np failed");
		goto fail;
	}
	s->have_saved = 1;
	if ((rc = pp_cpus(ctx, s, c->arg)) != 0)
		goto fail;
	s->rt = calloc(s->passes, sizeof(*s->rt));
	s->sh = mmap(NULL, sizeof(*s->sh), PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s->sh == MAP_FAILED)
		s->sh = NULL;
	if (s->rt == NULL || s->sh == NULL) {
		rc = bench_fail(ctx, "out of memory");
		goto fail;
	}
	memset(s->sh, 0, sizeof(*s->sh));

	CPU_ZERO(&set);
	CPU_SET(s->cpu[0], &set);
	if (pthread_setaffinity_np(pthread_self(), sizeof(set), &set) != 0) {
		rc = bench_fail(ctx, "cannot pin to CPU %d", s->cpu[0]);
		goto fail;
	}
	if ((rc = pp_open(s, why, sizeof(why))) != 0) {
		rc = rc == BENCH_SKIP ? bench_skip(ctx, "%s", why) :
		    bench_fail(ctx, "%s", why);
		goto fail;
	}
	if ((rc = pp_start(s)) != 0) {
		rc = bench_fail(ctx, "cannot start the answering %s on CPU "
		    "%d: %s", s->procs ? "process" : "thread", s->cpu[1],
		    strerror(rc));
		goto fail;
	}
	if (pp_wait_ready(s) != 0) {
		rc = bench_fail(ctx, "%s: the answering side did not start%s%s",
		    pp_names[s->mech], s->sh->pong_why[0] ? ": " : "",
		    s->sh->pong_why);
		goto fail;
	}
	s->have_pc = perfctr_open_ex(&s->pc, PERFCTR_TRY_KERNEL, why,
	    sizeof(why)) == 0;
	/* untimed warm-up; its messages count for verify() too */
	if (pp_trips(ctx, s, PP_WARMUP, NULL) < 0) {
		rc = -1;
		goto fail;
	}
	bench_set_priv(ctx, s);
	return 0;
fail:
	pp_free(s);
	return rc;
}

/*
 * run(): `passes` round trips per iteration; reports the mean hand-off
 * over all of them with their min and max, and the p99 of the last
 * iteration's (the runner gives self-timed cases one iteration a sample).
 */
static int
pp_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct pp_state *s = bench_priv(ctx);
	double secs = 0, t, mn = 0, mx = 0;
	uint64_t it, k, n = s->passes;

	(void)c;
	if (iters == 0)
		iters = 1;
	sync_pool_reserve(&s->pool.t, n * iters);
	for (it = 0; it < iters; it++) {
		t = pp_trips(ctx, s, n, s->rt);
		if (t < 0)
			return -1;
		secs += t;
		for (k = 0; k < n; k++) {
			if ((it == 0 && k == 0) || s->rt[k] < mn)
				mn = s->rt[k];
			if ((it == 0 && k == 0) || s->rt[k] > mx)
				mx = s->rt[k];
		}
	}
	bench_report(ctx, secs / (2.0 * (double)n * (double)iters));
	qsort(s->rt, n, sizeof(*s->rt), sync_cmp_double);
	bench_metric_spread(ctx, "min", "s", BENCH_LOWER, mn / 2);
	bench_metric_spread(ctx, "p99", "s", BENCH_LOWER,
	    sync_rank(s->rt, n, 0.99) / 2);
	bench_metric_spread(ctx, "max", "s", BENCH_LOWER, mx / 2);
	return 0;
}

/* The pooled figures of every pass, as extras of the row. */
static void
pp_pool_extras(struct bench_ctx *ctx, struct pp_state *s)
{
	struct pp_pool *p = &s->pool;
	struct sync_pool *t = &p->t;

	if (t->n == 0)
		return;
	bench_extra(ctx, "passes", (double)t->n);
	bench_extra(ctx, "handoff:min", t->min);
	bench_extra(ctx, "handoff:avg", t->sum / (double)t->n);
	bench_extra(ctx, "handoff:max", t->max);
	if (t->nv > 0) {
		bench_extra(ctx, "handoff:p99", sync_pool_rank(t, 0.99));
		if (t->nv < t->n)	/* p99 of the first SYNC_POOL_MAX */
			bench_extra(ctx, "handoff:p99_passes", (double)t->nv);
	}
	/* counters: all passes counted, or no figure at all */
	if (!s->have_pc && s->pc.err > 0) {	/* why, for --classic */
		bench_extra(ctx, "counters:errno", s->pc.err);
		if (s->pc.err_instr)	/* cycles opened, instructions not */
			bench_extra(ctx, "counters:instr_refused", 1);
	}
	if (!s->have_pc || p->failed > 0 || p->nc != t->n || p->nc == 0) {
		if (s->have_pc)
			bench_extra(ctx, "counters:failed", (double)(p->failed +
			    t->n - p->nc));
		return;
	}
	bench_extra(ctx, "cycles:min", p->cmin);
	bench_extra(ctx, "cycles:max", p->cmax);
	bench_extra(ctx, "cycles:avg", p->csum / (double)p->nc);
	bench_extra(ctx, "instr:min", p->imin);
	bench_extra(ctx, "instr:max", p->imax);
	bench_extra(ctx, "instr:avg", p->isum / (double)p->nc);
	if (p->isum > 0)
		bench_extra(ctx, "cpi", p->csum / p->isum);
	bench_extra(ctx, "counters:kernel", s->pc.kernel);
	if (p->scaled > 0)
		bench_extra(ctx, "counters:scaled", (double)p->scaled);
}

static int
pp_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct pp_state *s = bench_priv(ctx);
	struct pp_shared *sh = s->sh;
	uint64_t served = atomic_load(&sh->served);
	uint64_t pbad = atomic_load(&sh->pong_bad);

	(void)c;
	if (atomic_load(&sh->pong_err))
		return bench_fail(ctx, "%s: answering side: %s",
		    pp_names[s->mech], sh->pong_why);
	if (s->bad > 0)
		return bench_fail(ctx, "%s: %llu wrong answers; the first, to "
		    "message %llu, was %#llx, expected %#llx",
		    pp_names[s->mech], (unsigned long long)s->bad,
		    (unsigned long long)s->bad_seq,
		    (unsigned long long)s->bad_val,
		    (unsigned long long)(s->bad_seq | PP_REPLY));
	if (pbad > 0)
		return bench_fail(ctx, "%s: %llu messages arrived out of order",
		    pp_names[s->mech], (unsigned long long)pbad);
	if (s->sent == 0 || served != s->sent || s->got != s->sent)
		return bench_fail(ctx, "%s: %llu messages sent, %llu served, "
		    "%llu answers received", pp_names[s->mech],
		    (unsigned long long)s->sent, (unsigned long long)served,
		    (unsigned long long)s->got);
	bench_extra(ctx, "cpu_ping", s->cpu[0]);
	bench_extra(ctx, "cpu_pong", s->cpu[1]);
	bench_extra(ctx, "messages", (double)s->sent);
	pp_pool_extras(ctx, s);
	return 0;
}

static void
pp_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	pp_free(bench_priv(ctx));
	bench_set_priv(ctx, NULL);
}

/* ---- --classic: the seed 004 table ----------------------------------- */

static int
pp_x(const struct result *r, const char *name, double *v)
{
	return result_get_extra(r, name, v) == 0;
}

/*
 * One line per mechanism and placement, as seed 004 prints its services:
 * min and max cycles/instructions per hand-off, min/max/avg microseconds
 * and cycles per instruction.  Counter columns are "-" where the row has
 * none; the note under the table says why.
 */
static void
pp_classic(FILE *fp, const struct bench_info *info,
    const struct result *const *rows, size_t nrows)
{
	double cmin, cmax, imin, imax, tmin, tmax, tavg, cpi, passes, k;
	int nocount = 0, scaled = 0, kernel = -1, err = 0, err_instr = 0;
	char cmn[48], cmx[48], cpis[16], why[200];
	const struct result *r;
	struct perfctr pc;
	size_t i;

	(void)info;
	fprintf(fp, "Performance info pingpong: one-way hand-off, "
	    "seed 004 layout\n");
	fprintf(fp, "%-24s %-17s %-17s %9s %9s %9s %6s\n", "service_name",
	    "min[cyc/inst]", "max[cyc/inst]", "min[uS]", "max[uS]",
	    "avg[uS]", "cpi");
	for (i = 0; i < nrows; i++) {
		r = rows[i];
		if (r->copy != 0 || strchr(strchr(r->case_name, '/') ?
		    strchr(r->case_name, '/') + 1 : "", '/') != NULL)
			continue;	/* metric rows: <case>/min ... */
		if (r->status != ST_OK) {
			fprintf(fp, "%-24s %s%s%s\n", r->case_name,
			    result_status_name(r->status),
			    r->reason[0] ? ": " : "", r->reason);
			continue;
		}
		if (!pp_x(r, "handoff:min", &tmin) ||
		    !pp_x(r, "handoff:max", &tmax) ||
		    !pp_x(r, "handoff:avg", &tavg) ||
		    !pp_x(r, "passes", &passes))
			continue;
		if (pp_x(r, "cycles:min", &cmin) &&
		    pp_x(r, "cycles:max", &cmax) &&
		    pp_x(r, "instr:min", &imin) &&
		    pp_x(r, "instr:max", &imax) && pp_x(r, "cpi", &cpi)) {
			snprintf(cmn, sizeof(cmn), "%.0f/%.0f", cmin, imin);
			snprintf(cmx, sizeof(cmx), "%.0f/%.0f", cmax, imax);
			snprintf(cpis, sizeof(cpis), "%.3f", cpi);
			if (pp_x(r, "counters:kernel", &k))
				kernel = k > 0;
		} else {
			snprintf(cmn, sizeof(cmn), "-");
			snprintf(cmx, sizeof(cmx), "-");
			snprintf(cpis, sizeof(cpis), "-");
			nocount = 1;
			if (err == 0 && pp_x(r, "counters:errno", &k) &&
			    k > 0 && k < 4096) {
				err = (int)k;
				err_instr = pp_x(r, "counters:instr_refused",
				    &k) && k > 0;
			}
		}
		if (pp_x(r, "counters:scaled", &k) && k > 0)
			scaled = 1;
		fprintf(fp, "%-24s %-17s %-17s %9.3f %9.3f %9.3f %6s%s  "
		    "(%.0f passes)\n", r->case_name, cmn, cmx, tmin * 1e6,
		    tmax * 1e6, tavg * 1e6, cpis, pp_x(r, "counters:scaled",
		    &k) ? " *" : "", passes);
	}
	fprintf(fp, "Times from the clock over every pass of every sample "
	    "(a pass is a round trip; a hand-off is half of one).\n");
	if (kernel >= 0)
		fprintf(fp, "Cycles and instructions: the sending thread only, "
		    "%s, per hand-off.\n", kernel ? "user and kernel mode" :
		    "user mode only (perf_event_paranoid keeps the kernel "
		    "out)");
	if (scaled)
		fprintf(fp, "* counters multiplexed by the kernel: scaled by "
		    "time enabled / time running.\n");
	if (nocount) {
		if (err > 0) {	/* as the run found it */
			perfctr_why(err, err_instr, why, sizeof(why));
			fprintf(fp, "- no counter figures: %s.\n", why);
		} else if (perfctr_open(&pc, why, sizeof(why)) == 0) {
			perfctr_close(&pc);
			fprintf(fp, "- no counter figures: a counter read "
			    "failed during the run (extra counters:failed).\n");
		} else {
			fprintf(fp, "- no counter figures: %s.\n", why);
		}
	}
}

static const struct bench_param pp_params[] = {
	{
		BENCH_PARAM_LIST(struct pp_params, mech),
		.choices = "pipe|eventfd|futex|sem|condvar|mutex|mqueue|spin",
		.def = "pipe,eventfd,futex,sem,condvar,mutex,mqueue,spin",
		.help = "mechanisms: pipe, eventfd, futex, sem (POSIX "
		    "semaphore), condvar (mutex + condition variable), mutex "
		    "(three mutexes handed back and forth), mqueue (POSIX "
		    "message queue), spin (atomics on a cache line)",
	},
	{
		BENCH_PARAM_LIST(struct pp_params, placement),
		.choices = "same|cross|same-procs|cross-procs",
		.def = "same,cross",
		.help = "both sides on one CPU (same), or on the first two "
		    "CPUs of the run (cross); -procs: the answering side is "
		    "a process, not a thread",
	},
	{
		BENCH_PARAM_BOOL(struct pp_params, matrix), .def = "no",
		.help = "also one row per pair of CPUs, <mech>/cpuA-cpuB",
	},
	{
		BENCH_PARAM_INT(struct pp_params, passes),
		.min = PP_PASSES_MIN, .max = PP_PASSES_MAX,
		.def = "1000", .quick = "256", .full = "5000",
		.help = "round trips (passes) per sample, each timed on its "
		    "own; seed 004 used 64",
	},
	{ .name = NULL }
};

const struct bench_info bench_pingpong_info = {
	.name = "pingpong",
	.group = "sync",
	.description = "hand-off latency between two threads or processes: "
	    "pipe, eventfd, futex, semaphore, condvar, mutex, message queue, "
	    "spinning",
	.unit = "s",
	.better = BENCH_LOWER,
	.flags = BENCH_NO_COPIES,
	.params = pp_params,
	.params_size = sizeof(struct pp_params),
	.plan = pp_plan,
	.setup = pp_setup,
	.run = pp_run,
	.verify = pp_verify,
	.teardown = pp_teardown,
	.classic = pp_classic,
	.budget = 0.25,
};
