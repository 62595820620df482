/*
 * sync-pingpong-mech.c - pingpong's mechanisms (sync-pingpong.h): for each
 * of pipe, eventfd, futex, sem, condvar, mutex, mqueue and spin, how it is
 * opened and closed and how one message goes each way.  What is measured
 * and why is told in sync-pingpong.c.
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

#include "sync-pingpong.h"

/* tests/kat/t-pingpong.c's faults (sync.h): defined with the mechanisms
 * that read them, so that this file calls nothing of sync-pingpong.c */
int pingpong_test_fault;

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
pp_futex(const struct pp_state *s, _Atomic uint32_t *w, int op, uint32_t val)
{
	return syscall(SYS_futex, (uint32_t *)w,
	    op | (s->procs ? 0 : FUTEX_PRIVATE_FLAG), val, NULL, NULL, 0);
}
#endif

/* ---- the mechanisms -------------------------------------------------- */

/* Mutex and condition variables, shared between processes if need be. */
static int
pp_open_locks(struct pp_state *s, int rotation)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	int pshared = s->procs ? PTHREAD_PROCESS_SHARED :
	    PTHREAD_PROCESS_PRIVATE, ok, i, n = 0;

	if (pthread_mutexattr_init(&ma) != 0)
		return -1;
	if (pthread_condattr_init(&ca) != 0) {
		pthread_mutexattr_destroy(&ma);
		return -1;
	}
	ok = pthread_mutexattr_setpshared(&ma, pshared) == 0 &&
	    pthread_condattr_setpshared(&ca, pshared) == 0;
	if (ok && rotation) {
		for (n = 0; n < 3 && ok; n++)
			ok = pthread_mutex_init(&s->sh->rot[n], &ma) == 0;
		if (!ok)
			for (i = 0; i < n - 1; i++)
				pthread_mutex_destroy(&s->sh->rot[i]);
		else
			s->opened |= OPEN_ROT;
	} else if (ok) {
		ok = pthread_mutex_init(&s->sh->mtx, &ma) == 0;
		if (ok && pthread_cond_init(&s->sh->cond[0], &ca) != 0) {
			pthread_mutex_destroy(&s->sh->mtx);
			ok = 0;
		}
		if (ok && pthread_cond_init(&s->sh->cond[1], &ca) != 0) {
			pthread_cond_destroy(&s->sh->cond[0]);
			pthread_mutex_destroy(&s->sh->mtx);
			ok = 0;
		}
		if (ok)
			s->opened |= OPEN_CV;
	}
	pthread_condattr_destroy(&ca);
	pthread_mutexattr_destroy(&ma);
	return ok ? 0 : -1;
}

/* Ping locks or unlocks rot[i], remembering what it holds. */
static int
pp_rot(struct pp_state *s, unsigned i, int lock)
{
	int rc;

	if (lock) {
		rc = pthread_mutex_lock(&s->sh->rot[i]);
		if (rc == 0)
			s->held |= 1u << i;
	} else {
		rc = pthread_mutex_unlock(&s->sh->rot[i]);
		if (rc == 0)
			s->held &= ~(1u << i);
	}
	if (rc != 0)
		errno = rc;
	return rc == 0 ? 0 : -1;
}

/*
 * Create what mechanism s->mech needs.  0; -1 with why filled; or
 * BENCH_SKIP when the system does not offer it.
 */
int
pp_open(struct pp_state *s, char *why, size_t len)
{
	static unsigned serial;
	struct pp_shared *sh = s->sh;
	struct mq_attr attr;
	char name[64];
	int d;

	switch (s->mech) {
	case PP_PIPE:
		for (d = 0; d < 2; d++) {
			if (pipe2(sh->fd[d], O_CLOEXEC) != 0) {
				snprintf(why, len, "pipe: %s", strerror(errno));
				return -1;
			}
			s->opened |= d ? OPEN_FD1 : OPEN_FD0;
		}
		return 0;
	case PP_EVENTFD:
#ifdef HAVE_SYS_EVENTFD_H
		for (d = 0; d < 2; d++) {
			sh->fd[d][0] = eventfd(0, EFD_CLOEXEC);
			if (sh->fd[d][0] < 0) {
				snprintf(why, len, "eventfd: %s",
				    strerror(errno));
				return errno == ENOSYS ? BENCH_SKIP : -1;
			}
			sh->fd[d][1] = -1;
			s->opened |= d ? OPEN_FD1 : OPEN_FD0;
		}
		return 0;
#else
		snprintf(why, len, "built without sys/eventfd.h");
		return BENCH_SKIP;
#endif
	case PP_FUTEX:
#ifdef HAVE_LINUX_FUTEX_H
		return 0;	/* the line is in the shared mapping */
#else
		snprintf(why, len, "built without linux/futex.h");
		return BENCH_SKIP;
#endif
	case PP_SPIN:
		return 0;
	case PP_SEM:
		if (sem_init(&sh->sem[0], s->procs, 0) != 0) {
			snprintf(why, len, "sem_init: %s", strerror(errno));
			return -1;
		}
		if (sem_init(&sh->sem[1], s->procs, 0) != 0) {
			snprintf(why, len, "sem_init: %s", strerror(errno));
			sem_destroy(&sh->sem[0]);
			return -1;
		}
		s->opened |= OPEN_SEM;
		return 0;
	case PP_CONDVAR:
	case PP_MUTEX:
		if (pp_open_locks(s, s->mech == PP_MUTEX) != 0) {
			snprintf(why, len, "cannot make %s", s->mech ==
			    PP_MUTEX ? "three mutexes" : "a mutex and "
			    "condition variables");
			return -1;
		}
		/* mutex: ping starts holding rot[0] and rot[1] */
		if (s->mech == PP_MUTEX && (pp_rot(s, 0, 1) != 0 ||
		    pp_rot(s, 1, 1) != 0)) {
			snprintf(why, len, "pthread_mutex_lock: %s",
			    strerror(errno));
			return -1;
		}
		return 0;
	case PP_MQUEUE:
		memset(&attr, 0, sizeof(attr));
		attr.mq_maxmsg = 1;
		attr.mq_msgsize = sizeof(uint64_t);
		for (d = 0; d < 2; d++) {
			/* a private name, unlinked at once: nothing is left */
			snprintf(name, sizeof(name), "/boardbench-%ld-%u-%d",
			    (long)getpid(), serial++, d);
			if (pingpong_test_fault == 2) {	/* as if absent */
				errno = ENOSYS;
				sh->mq[d] = (mqd_t)-1;
			} else {
				sh->mq[d] = mq_open(name, O_RDWR | O_CREAT |
				    O_EXCL, 0600, &attr);
			}
			if (sh->mq[d] == (mqd_t)-1) {
				snprintf(why, len, "POSIX message queues are "
				    "not available: mq_open: %s",
				    strerror(errno));
				if (d == 1)
					mq_close(sh->mq[0]);
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

void
pp_close(struct pp_state *s)
{
	struct pp_shared *sh = s->sh;
	unsigned i;
	int d;

	for (d = 0; d < 2; d++) {
		if (!(s->opened & (d ? OPEN_FD1 : OPEN_FD0)))
			continue;
		close(sh->fd[d][0]);
		if (sh->fd[d][1] >= 0)
			close(sh->fd[d][1]);
	}
	if (s->opened & OPEN_MQ) {
		mq_close(sh->mq[0]);
		mq_close(sh->mq[1]);
	}
	if (s->opened & OPEN_SEM) {
		sem_destroy(&sh->sem[0]);
		sem_destroy(&sh->sem[1]);
	}
	if (s->opened & OPEN_CV) {
		pthread_cond_destroy(&sh->cond[0]);
		pthread_cond_destroy(&sh->cond[1]);
		pthread_mutex_destroy(&sh->mtx);
	}
	if (s->opened & OPEN_ROT) {
		for (i = 0; i < 3; i++)
			if (s->held & (1u << i))
				pp_rot(s, i, 0);
		/* a mutex a killed pong still holds is left alone */
		for (i = 0; i < 3; i++)
			if (pthread_mutex_trylock(&sh->rot[i]) == 0) {
				pthread_mutex_unlock(&sh->rot[i]);
				pthread_mutex_destroy(&sh->rot[i]);
			}
	}
	s->opened = 0;
}

/* Send message v in direction d (0: to pong, 1: to ping). 0 or -1. */
int
pp_send(struct pp_state *s, int d, uint64_t v)
{
	struct pp_shared *sh = s->sh;
	int rc;

	switch (s->mech) {
	case PP_PIPE:
		return pp_write8(sh->fd[d][1], v);
	case PP_EVENTFD:
		return pp_write8(sh->fd[d][0], v);
	case PP_FUTEX:
#ifdef HAVE_LINUX_FUTEX_H
		sh->line.payload[d] = v;
		atomic_fetch_add_explicit(&sh->line.fw[d], 1,
		    memory_order_release);
		return pp_futex(s, &sh->line.fw[d], FUTEX_WAKE, 1) < 0 ?
		    -1 : 0;
#else
		break;
#endif
	case PP_SEM:
		sh->slot[d] = v;
		return sem_post(&sh->sem[d]);
	case PP_CONDVAR:
		pthread_mutex_lock(&sh->mtx);
		sh->slot[d] = v;
		rc = pthread_cond_signal(&sh->cond[d]);
		pthread_mutex_unlock(&sh->mtx);
		return rc == 0 ? 0 : -1;
	case PP_MUTEX:
		sh->slot[d] = v;
		if (d == 0)	/* ping: give M[k] to pong */
			return pp_rot(s, (unsigned)(sh->round[0] % 3), 0);
		/* pong: give M[k+2] back, next round */
		rc = pthread_mutex_unlock(&sh->rot[(sh->round[1] + 2) % 3]);
		sh->round[1]++;
		if (rc != 0)
			errno = rc;
		return rc == 0 ? 0 : -1;
	case PP_MQUEUE:
		do
			rc = mq_send(sh->mq[d], (const char *)&v, sizeof(v), 0);
		while (rc != 0 && errno == EINTR);
		return rc;
	case PP_SPIN:
		atomic_store_explicit(&sh->line.spin[d], v,
		    memory_order_release);
		return 0;
	case PP_NMECH:
		break;
	}
	errno = EINVAL;
	return -1;
}

/* Wait for the next message in direction d. 0 or -1. */
int
pp_recv(struct pp_state *s, int d, uint64_t *v)
{
	struct pp_shared *sh = s->sh;
	unsigned spins = 0;
	uint64_t x;
	ssize_t n;
	int rc;

	switch (s->mech) {
	case PP_PIPE:
		return pp_read8(sh->fd[d][0], v);
	case PP_EVENTFD:
		return pp_read8(sh->fd[d][0], v);
	case PP_FUTEX:
#ifdef HAVE_LINUX_FUTEX_H
		for (;;) {
			uint32_t c = atomic_load_explicit(&sh->line.fw[d],
			    memory_order_acquire);

			if (c != sh->fseen[d]) {
				sh->fseen[d] = c;
				break;
			}
			if (pp_futex(s, &sh->line.fw[d], FUTEX_WAIT, c) < 0 &&
			    errno != EAGAIN && errno != EINTR)
				return -1;
		}
		*v = sh->line.payload[d];
		return 0;
#else
		break;
#endif
	case PP_SEM:
		while ((rc = sem_wait(&sh->sem[d])) != 0 && errno == EINTR)
			;
		if (rc != 0)
			return -1;
		*v = sh->slot[d];
		return 0;
	case PP_CONDVAR:
		pthread_mutex_lock(&sh->mtx);
		while (sh->slot[d] == sh->seen[d])
			pthread_cond_wait(&sh->cond[d], &sh->mtx);
		*v = sh->seen[d] = sh->slot[d];
		pthread_mutex_unlock(&sh->mtx);
		return 0;
	case PP_MUTEX:
		if (d == 1) {	/* ping: take M[k+2] back, next round */
			if (pp_rot(s, (unsigned)((sh->round[0] + 2) % 3),
			    1) != 0)
				return -1;
			sh->round[0]++;
		} else {	/* pong: take M[k] */
			rc = pthread_mutex_lock(&sh->rot[sh->round[1] % 3]);
			if (rc != 0) {
				errno = rc;
				return -1;
			}
		}
		*v = sh->slot[d];
		return 0;
	case PP_MQUEUE:
		do
			n = mq_receive(sh->mq[d], (char *)v, sizeof(*v), NULL);
		while (n < 0 && errno == EINTR);
		if (n != (ssize_t)sizeof(*v)) {
			if (n >= 0)
				errno = EIO;
			return -1;
		}
		return 0;
	case PP_SPIN:
		while ((x = atomic_load_explicit(&sh->line.spin[d],
		    memory_order_acquire)) == sh->seen[d]) {
			if (s->same || ++spins >= PP_SPIN_YIELD) {
				sched_yield();
				spins = 0;
			} else {
				pp_relax();
			}
		}
		*v = sh->seen[d] = x;
		return 0;
	case PP_NMECH:
		break;
	}
	errno = EINVAL;
	return -1;
}
