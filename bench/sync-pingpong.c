/*
 * sync-pingpong.c - hand-off latency between two threads: one thread
 * (the caller of run(), "ping") sends a message, the other ("pong")
 * receives it and answers, ping receives the answer; half a round trip is
 * one hand-off.  Mechanisms: a pipe each way, an eventfd each way, a futex
 * word each way, a POSIX semaphore each way, one mutex with a condition
 * variable each way, a POSIX message queue each way, and a cache line
 * both threads spin on (C11 atomics).  The threads are pinned to one CPU
 * ("same-core") or to two ("cross-core"); with `matrix` every pair of
 * CPUs gets a row.  This is the pthreads counterpart of the RTOS
 * queue / event flag / semaphore / mutex hand-off test of seed 004.
 *
 * Self-timed: a sample is `trips` round trips, each timestamped with
 * bench_now(); the sample's value is the mean one-way hand-off, and the
 * rows <case>/min, <case>/p99 and <case>/max give the shortest, the 99th
 * percentile (nearest rank) and the longest half round trip of the sample.
 * The runner's cycle and instruction counters, where the machine has
 * them, count the ping thread in user space; the case declares 2 x trips
 * hand-offs of work (BENCH_COUNT_WORK) so that they come out per hand-off.
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
#include <fcntl.h>
#include <mqueue.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_SYS_EVENTFD_H
#include <sys/eventfd.h>
#endif
#ifdef HAVE_LINUX_FUTEX_H
#include <linux/futex.h>
#include <sys/syscall.h>
#endif

#include "bench.h"
#include "sync.h"

#define PP_STOP		(UINT64_C(1) << 63)	/* ends the pong thread */
#define PP_REPLY	(UINT64_C(1) << 40)	/* marks an answer */
#define PP_SAME		(-1)			/* case arg: one CPU */
#define PP_CROSS	(-2)			/* case arg: two CPUs */
#define PP_PAIR(a, b)	((intptr_t)(a) * 4096 + (b))	/* matrix pair */
#define PP_TRIPS_MAX	1000000
#define PP_WARMUP	200			/* round trips in setup */
#define PP_SPIN_YIELD	4096
#define PP_LINE		64

int pingpong_test_fault;

enum pp_mech {
	PP_PIPE, PP_EVENTFD, PP_FUTEX, PP_SEM, PP_CONDVAR, PP_MQUEUE, PP_SPIN,
	PP_NMECH
};

/* The words the futex and spin mechanisms share, one cache line. */
struct pp_line {
	_Atomic uint64_t spin[2];	/* spin: the message itself */
	_Atomic uint32_t fw[2];		/* futex: bumped on each message */
	uint64_t payload[2];		/* futex: the message */
};

struct pp_state {
	enum pp_mech mech;
	int cpu[2];			/* ping's and pong's CPU */
	int same;			/* one CPU for both */
	uint64_t trips;

	/* the mechanisms; index = direction, 0 ping->pong, 1 pong->ping */
	int fd[2][2];			/* pipe ends; eventfd in fd[d][0] */
	mqd_t mq[2];
	sem_t sem[2];
	pthread_mutex_t mtx;
	pthread_cond_t cond[2];
	uint64_t slot[2];		/* sem and condvar messages */
	uint64_t seen[2];		/* receiver's last message */
	uint32_t fseen[2];		/* receiver's last futex count */
	struct pp_line *line;
	int opened;			/* bit per resource to close */

	pthread_t pong;
	int pong_started;
	cpu_set_t saved;		/* ping's affinity before setup */
	int have_saved;

	/* ping's side */
	double *rt;			/* this sample's round trips */
	uint64_t sent, got, bad, bad_seq, bad_val;
	/* pong's side */
	_Atomic uint64_t served, pong_bad;
	_Atomic int pong_err;
	char pong_why[96];
};

#define OPEN_FD0	0x01
#define OPEN_FD1	0x02
#define OPEN_MQ		0x04
#define OPEN_SEM	0x08
#define OPEN_CV		0x10

static const char *const pp_names[PP_NMECH] = {
	[PP_PIPE] = "pipe", [PP_EVENTFD] = "eventfd", [PP_FUTEX] = "futex",
	[PP_SEM] = "sem", [PP_CONDVAR] = "condvar", [PP_MQUEUE] = "mqueue",
	[PP_SPIN] = "spin",
};

/* The pause hint of a spin-wait loop. */
static inline void
pp_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__) || (defined(__ARM_ARCH) && __ARM_ARCH >= 7)
	__asm__ __volatile__("yield" ::: "memory");
#else
	__asm__ __volatile__("" ::: "memory");
#endif
}

/* ---- byte streams: pipe, eventfd ------------------------------------- */

static int
pp_write8(int fd, uint64_t v)
{
	ssize_t n;

	do
		n = write(fd, &v, sizeof(v));
	while (n < 0 && errno == EINTR);
	if (n != (ssize_t)sizeof(v)) {
		if (n >= 0)
			errno = EIO;
		return -1;
	}
	return 0;
}

static int
pp_read8(int fd, uint64_t *v)
{
	char *p = (char *)v;
	size_t got = 0;
	ssize_t n;

	while (got < sizeof(*v)) {
		n = read(fd, p + got, sizeof(*v) - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = EPIPE;
			return -1;
		}
		got += (size_t)n;
	}
	return 0;
}

/* ---- futex ----------------------------------------------------------- */

#ifdef HAVE_LINUX_FUTEX_H
static long
pp_futex(_Atomic uint32_t *w, int op, uint32_t val)
{
	return syscall(SYS_futex, (uint32_t *)w, op | FUTEX_PRIVATE_FLAG,
	    val, NULL, NULL, 0);
}
#endif

/* ---- the mechanisms -------------------------------------------------- */

/*
 * Create what mechanism s->mech needs.  0; -1 with why filled; or
 * BENCH_SKIP when the system does not offer it.
 */
static int
pp_open(struct pp_state *s, char *why, size_t len)
{
	static unsigned serial;
	struct mq_attr attr;
	char name[64];
	int d;

	switch (s->mech) {
	case PP_PIPE:
		for (d = 0; d < 2; d++) {
			if (pipe2(s->fd[d], O_CLOEXEC) != 0) {
				snprintf(why, len, "pipe: %s", strerror(errno));
				return -1;
			}
			s->opened |= d ? OPEN_FD1 : OPEN_FD0;
		}
		return 0;
	case PP_EVENTFD:
#ifdef HAVE_SYS_EVENTFD_H
		for (d = 0; d < 2; d++) {
			s->fd[d][0] = eventfd(0, EFD_CLOEXEC);
			if (s->fd[d][0] < 0) {
				snprintf(why, len, "eventfd: %s",
				    strerror(errno));
				return errno == ENOSYS ? BENCH_SKIP : -1;
			}
			s->fd[d][1] = -1;
			s->opened |= d ? OPEN_FD1 : OPEN_FD0;
		}
		return 0;
#else
		snprintf(why, len, "built without sys/eventfd.h");
		return BENCH_SKIP;
#endif
	case PP_FUTEX:
#ifdef HAVE_LINUX_FUTEX_H
		return 0;	/* the line is allocated with the state */
#else
		snprintf(why, len, "built without linux/futex.h");
		return BENCH_SKIP;
#endif
	case PP_SPIN:
		return 0;
	case PP_SEM:
		if (sem_init(&s->sem[0], 0, 0) != 0) {
			snprintf(why, len, "sem_init: %s", strerror(errno));
			return -1;
		}
		if (sem_init(&s->sem[1], 0, 0) != 0) {
			snprintf(why, len, "sem_init: %s", strerror(errno));
			sem_destroy(&s->sem[0]);
			return -1;
		}
		s->opened |= OPEN_SEM;
		return 0;
	case PP_CONDVAR:
		if (pthread_mutex_init(&s->mtx, NULL) != 0 ||
		    pthread_cond_init(&s->cond[0], NULL) != 0 ||
		    pthread_cond_init(&s->cond[1], NULL) != 0) {
			snprintf(why, len, "cannot make a mutex and condition "
			    "variables");
			return -1;
		}
		s->opened |= OPEN_CV;
		return 0;
	case PP_MQUEUE:
		memset(&attr, 0, sizeof(attr));
		attr.mq_maxmsg = 1;
		attr.mq_msgsize = sizeof(uint64_t);
		for (d = 0; d < 2; d++) {
			/* a private name, unlinked at once: nothing is left */
			snprintf(name, sizeof(name), "/boardbench-%ld-%u-%d",
			    (long)getpid(), serial++, d);
			s->mq[d] = mq_open(name, O_RDWR | O_CREAT | O_EXCL,
			    0600, &attr);
			if (s->mq[d] == (mqd_t)-1) {
				snprintf(why, len, "POSIX message queues are "
				    "not available: mq_open: %s",
				    strerror(errno));
				if (d == 1)
					mq_close(s->mq[0]);
				return BENCH_SKIP;
			}
			mq_unlink(name);
		}
		s->opened |= OPEN_MQ;
		return 0;
	case PP_NMECH:
		break;
	}
	snprintf(why, len, "unknown mechanism");
	return -1;
}

static void
pp_close(struct pp_state *s)
{
	int d;

	for (d = 0; d < 2; d++) {
		if (!(s->opened & (d ? OPEN_FD1 : OPEN_FD0)))
			continue;
		close(s->fd[d][0]);
		if (s->fd[d][1] >= 0)
			close(s->fd[d][1]);
	}
	if (s->opened & OPEN_MQ) {
		mq_close(s->mq[0]);
		mq_close(s->mq[1]);
	}
	if (s->opened & OPEN_SEM) {
		sem_destroy(&s->sem[0]);
		sem_destroy(&s->sem[1]);
	}
	if (s->opened & OPEN_CV) {
		pthread_cond_destroy(&s->cond[0]);
		pthread_cond_destroy(&s->cond[1]);
		pthread_mutex_destroy(&s->mtx);
	}
	s->opened = 0;
}

/* Send message v in direction d (0: to pong, 1: to ping). 0 or -1. */
static int
pp_send(struct pp_state *s, int d, uint64_t v)
{
	int rc;

	switch (s->mech) {
	case PP_PIPE:
		return pp_write8(s->fd[d][1], v);
	case PP_EVENTFD:
		return pp_write8(s->fd[d][0], v);
	case PP_FUTEX:
#ifdef HAVE_LINUX_FUTEX_H
		s->line->payload[d] = v;
		atomic_fetch_add_explicit(&s->line->fw[d], 1,
		    memory_order_release);
		return pp_futex(&s->line->fw[d], FUTEX_WAKE, 1) < 0 ? -1 : 0;
#else
		break;
#endif
	case PP_SEM:
		s->slot[d] = v;
		return sem_post(&s->sem[d]);
	case PP_CONDVAR:
		pthread_mutex_lock(&s->mtx);
		s->slot[d] = v;
		rc = pthread_cond_signal(&s->cond[d]);
		pthread_mutex_unlock(&s->mtx);
		return rc == 0 ? 0 : -1;
	case PP_MQUEUE:
		do
			rc = mq_send(s->mq[d], (const char *)&v, sizeof(v), 0);
		while (rc != 0 && errno == EINTR);
		return rc;
	case PP_SPIN:
		atomic_store_explicit(&s->line->spin[d], v,
		    memory_order_release);
		return 0;
	case PP_NMECH:
		break;
	}
	errno = EINVAL;
	return -1;
}

/* Wait for the next message in direction d. 0 or -1. */
static int
pp_recv(struct pp_state *s, int d, uint64_t *v)
{
	unsigned spins = 0;
	uint64_t x;
	ssize_t n;
	int rc;

	switch (s->mech) {
	case PP_PIPE:
		return pp_read8(s->fd[d][0], v);
	case PP_EVENTFD:
		return pp_read8(s->fd[d][0], v);
	case PP_FUTEX:
#ifdef HAVE_LINUX_FUTEX_H
		for (;;) {
			uint32_t c = atomic_load_explicit(&s->line->fw[d],
			    memory_order_acquire);

			if (c != s->fseen[d]) {
				s->fseen[d] = c;
				break;
			}
			if (pp_futex(&s->line->fw[d], FUTEX_WAIT, c) < 0 &&
			    errno != EAGAIN && errno != EINTR)
				return -1;
		}
		*v = s->line->payload[d];
		return 0;
#else
		break;
#endif
	case PP_SEM:
		while ((rc = sem_wait(&s->sem[d])) != 0 && errno == EINTR)
			;
		if (rc != 0)
			return -1;
		*v = s->slot[d];
		return 0;
	case PP_CONDVAR:
		pthread_mutex_lock(&s->mtx);
		while (s->slot[d] == s->seen[d])
			pthread_cond_wait(&s->cond[d], &s->mtx);
		*v = s->seen[d] = s->slot[d];
		pthread_mutex_unlock(&s->mtx);
		return 0;
	case PP_MQUEUE:
		do
			n = mq_receive(s->mq[d], (char *)v, sizeof(*v), NULL);
		while (n < 0 && errno == EINTR);
		if (n != (ssize_t)sizeof(*v)) {
			if (n >= 0)
				errno = EIO;
			return -1;
		}
		return 0;
	case PP_SPIN:
		while ((x = atomic_load_explicit(&s->line->spin[d],
		    memory_order_acquire)) == s->seen[d]) {
			if (s->same || ++spins >= PP_SPIN_YIELD) {
				sched_yield();
				spins = 0;
			} else {
				pp_relax();
			}
		}
		*v = s->seen[d] = x;
		return 0;
	case PP_NMECH:
		break;
	}
	errno = EINVAL;
	return -1;
}

/* ---- the two threads ------------------------------------------------- */

/* pong: answer every request until PP_STOP; count what it served. */
static void *
pp_pong_main(void *arg)
{
	struct pp_state *s = arg;
	uint64_t v, expect = 1, answer;

	for (;;) {
		if (pp_recv(s, 0, &v) != 0) {
			snprintf(s->pong_why, sizeof(s->pong_why),
			    "receive: %s", strerror(errno));
			atomic_store(&s->pong_err, 1);
			break;
		}
		if (v == PP_STOP)
			break;
		if (v != expect)
			atomic_fetch_add_explicit(&s->pong_bad, 1,
			    memory_order_relaxed);
		expect = v + 1;
		answer = v | PP_REPLY;
		if (pingpong_test_fault && v == 3)
			answer ^= UINT64_C(1) << 20;
		atomic_fetch_add_explicit(&s->served, 1, memory_order_relaxed);
		if (pp_send(s, 1, answer) != 0) {
			snprintf(s->pong_why, sizeof(s->pong_why),
			    "send: %s", strerror(errno));
			atomic_store(&s->pong_err, 1);
			break;
		}
	}
	return NULL;
}

/*
 * ping: n round trips; rt[k] gets each one's seconds when rt is given.
 * Returns the seconds of all of them, or -1 on a failed send or receive.
 */
static double
pp_trips(struct bench_ctx *ctx, struct pp_state *s, uint64_t n, double *rt)
{
	double t0, prev, t;
	uint64_t k, seq, v;

	prev = t0 = bench_now();
	for (k = 0; k < n; k++) {
		seq = ++s->sent;
		if (pp_send(s, 0, seq) != 0)
			return bench_fail(ctx, "%s: send: %s",
			    pp_names[s->mech], strerror(errno));
		if (pp_recv(s, 1, &v) != 0)
			return bench_fail(ctx, "%s: receive: %s",
			    pp_names[s->mech], strerror(errno));
		t = bench_now();
		if (rt != NULL)
			rt[k] = t - prev;
		prev = t;
		s->got++;
		if (v != (seq | PP_REPLY) && s->bad++ == 0) {
			s->bad_seq = seq;
			s->bad_val = v;
		}
	}
	return prev - t0;
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
pp_add(struct bench_ctx *ctx, int mech, const char *where, intptr_t arg,
    double work)
{
	struct bench_case *c;
	char name[96];

	snprintf(name, sizeof(name), "%s/%s", pp_names[mech], where);
	c = bench_add_case(ctx, name, "s", BENCH_REPORTED, work);
	if (c == NULL)
		return -1;
	c->id = mech;
	c->arg = arg;
	c->better = BENCH_LOWER;
	return 0;
}

/*
 * plan(): for each mechanism, same-core and cross-core; with `matrix`,
 * one row per pair of CPUs this process may use (a CPU with itself too).
 */
static int
pp_plan(struct bench_ctx *ctx)
{
	char mech[PP_NMECH * 2][64], place[4][64], where[32];
	int seen[PP_NMECH] = { 0 }, same = 0, cross = 0, m, a, b;
	double work = 2.0 * (double)bench_param_int(ctx, "trips");
	size_t nm, np, i, j;
	cpu_set_t set;

	nm = bench_param_words(ctx, "mech", mech, PP_NMECH * 2);
	np = bench_param_words(ctx, "placement", place, 4);
	if (nm > PP_NMECH * 2)
		nm = PP_NMECH * 2;
	if (np > 4)
		np = 4;
	for (j = 0; j < np; j++) {
		same |= strcmp(place[j], "same") == 0;
		cross |= strcmp(place[j], "cross") == 0;
	}
	CPU_ZERO(&set);
	if (bench_param_bool(ctx, "matrix") &&
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
		if (same && pp_add(ctx, m, "same-core", PP_SAME, work) != 0)
			return -1;
		if (cross && pp_add(ctx, m, "cross-core", PP_CROSS, work) != 0)
			return -1;
		for (a = 0; a < CPU_SETSIZE && a < 4096; a++) {
			if (!CPU_ISSET(a, &set))
				continue;
			for (b = a; b < CPU_SETSIZE && b < 4096; b++) {
				if (!CPU_ISSET(b, &set))
					continue;
				snprintf(where, sizeof(where), "cpu%d-cpu%d",
				    a, b);
				if (pp_add(ctx, m, where, PP_PAIR(a, b),
				    work) != 0)
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
	if (arg == PP_SAME) {
		s->cpu[0] = s->cpu[1] = first;
	} else if (arg == PP_CROSS) {
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

/* Stop pong, close the mechanism, give ping its CPUs back, free. */
static void
pp_free(struct pp_state *s)
{
	if (s == NULL)
		return;
	if (s->pong_started) {
		if (pp_send(s, 0, PP_STOP) == 0)
			pthread_join(s->pong, NULL);
		else
			pthread_detach(s->pong);
	}
	pp_close(s);
	if (s->have_saved)
		pthread_setaffinity_np(pthread_self(), sizeof(s->saved),
		    &s->saved);
	free(s->rt);
	free(s->line);
	free(s);
}

/* Start pong on its CPU. 0 or an error number. */
static int
pp_start(struct pp_state *s)
{
	pthread_attr_t attr;
	cpu_set_t set;
	int rc;

	CPU_ZERO(&set);
	CPU_SET(s->cpu[1], &set);
	if ((rc = pthread_attr_init(&attr)) != 0)
		return rc;
	rc = pthread_attr_setaffinity_np(&attr, sizeof(set), &set);
	if (rc == 0)
		rc = pthread_create(&s->pong, &attr, pp_pong_main, s);
	pthread_attr_destroy(&attr);
	s->pong_started = rc == 0;
	return rc;
}

/*
 * setup(): pin ping, open the mechanism, start pong, warm up.  On any
 * failure everything made so far is undone (the runner calls teardown()
 * only after a setup() that succeeded).
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
	s->trips = (uint64_t)bench_param_int(ctx, "trips");
	if (s->trips < 1 || s->trips > PP_TRIPS_MAX) {
		rc = bench_fail(ctx, "trips=%llu is out of range",
		    (unsigned long long)s->trips);
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
	s->rt = calloc(s->trips, sizeof(*s->rt));
	if (posix_memalign((void **)&s->line, PP_LINE, sizeof(*s->line)) != 0)
		s->line = NULL;
	if (s->rt == NULL || s->line == NULL) {
		rc = bench_fail(ctx, "out of memory");
		goto fail;
	}
	memset(s->line, 0, sizeof(*s->line));

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
		rc = bench_fail(ctx, "cannot start a thread on CPU %d: %s",
		    s->cpu[1], strerror(rc));
		goto fail;
	}
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

static int
pp_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * run(): `trips` round trips per iteration; reports the mean hand-off
 * over all of them, and min, p99 and max of the last iteration's.
 */
static int
pp_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct pp_state *s = bench_priv(ctx);
	double secs = 0, t;
	uint64_t it, n = s->trips, rank;

	(void)c;
	if (iters == 0)
		iters = 1;
	for (it = 0; it < iters; it++) {
		t = pp_trips(ctx, s, n, s->rt);
		if (t < 0)
			return -1;
		secs += t;
	}
	bench_report(ctx, secs / (2.0 * (double)n * (double)iters));
	qsort(s->rt, n, sizeof(*s->rt), pp_cmp_double);
	rank = (99 * n + 99) / 100;	/* nearest rank: ceil(0.99 n) */
	bench_metric(ctx, "min", "s", BENCH_LOWER, s->rt[0] / 2);
	bench_metric(ctx, "p99", "s", BENCH_LOWER, s->rt[rank - 1] / 2);
	bench_metric(ctx, "max", "s", BENCH_LOWER, s->rt[n - 1] / 2);
	return 0;
}

static int
pp_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct pp_state *s = bench_priv(ctx);
	uint64_t served = atomic_load(&s->served);
	uint64_t pbad = atomic_load(&s->pong_bad);

	(void)c;
	if (atomic_load(&s->pong_err))
		return bench_fail(ctx, "%s: answering thread: %s",
		    pp_names[s->mech], s->pong_why);
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
	return 0;
}

static void
pp_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	pp_free(bench_priv(ctx));
	bench_set_priv(ctx, NULL);
}

static const struct bench_param pp_params[] = {
	{
		.name = "mech", .type = BENCH_P_LIST,
		.choices = "pipe|eventfd|futex|sem|condvar|mqueue|spin",
		.def = "pipe,eventfd,futex,sem,condvar,mqueue,spin",
		.help = "mechanisms: pipe, eventfd, futex, sem (POSIX "
		    "semaphore), condvar (mutex + condition variable), mqueue "
		    "(POSIX message queue), spin (atomics on a cache line)",
	},
	{
		.name = "placement", .type = BENCH_P_LIST,
		.choices = "same|cross", .def = "same,cross",
		.help = "both threads on one CPU (same), or on the first two "
		    "CPUs of the run (cross)",
	},
	{
		.name = "matrix", .type = BENCH_P_BOOL, .def = "no",
		.help = "also one row per pair of CPUs, <mech>/cpuA-cpuB",
	},
	{
		.name = "trips", .type = BENCH_P_INT,
		.min = 10, .max = PP_TRIPS_MAX,
		.def = "5000", .quick = "1000", .full = "20000",
		.help = "round trips per sample",
	},
	{ .name = NULL }
};

const struct bench_info bench_pingpong_info = {
	.name = "pingpong",
	.group = "sync",
	.description = "hand-off latency between two threads: pipe, eventfd, "
	    "futex, semaphore, condvar, message queue, spinning",
	.unit = "s",
	.better = BENCH_LOWER,
	.flags = BENCH_SELF_TIMED | BENCH_NO_COPIES | BENCH_COUNT_WORK,
	.params = pp_params,
	.plan = pp_plan,
	.setup = pp_setup,
	.run = pp_run,
	.verify = pp_verify,
	.teardown = pp_teardown,
	.budget = 0.25,
};
