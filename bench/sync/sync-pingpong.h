/*
 * sync-pingpong.h - what the pingpong benchmark (sync-pingpong.c: the two
 * sides, the hooks, --classic) and its mechanisms (sync-pingpong-mech.c:
 * opening, closing, sending and receiving over each one) share: the
 * state, the shared mapping's layout and the mechanism calls.  Private to
 * those two files.
 */
#ifndef BOARDBENCH_SYNC_PINGPONG_H
#define BOARDBENCH_SYNC_PINGPONG_H

#include <mqueue.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "bench.h"
#include "perfctr.h"
#include "sync.h"

#define PP_STOP		(UINT64_C(1) << 63)	/* ends the pong side */
#define PP_REPLY	(UINT64_C(1) << 40)	/* marks an answer */
#define PP_SAME		(-1)			/* case arg: one CPU */
#define PP_CROSS	(-2)			/* case arg: two CPUs */
#define PP_SAME_PROC	(-3)			/* ... pong a process */
#define PP_CROSS_PROC	(-4)
#define PP_PAIR(a, b)	((intptr_t)(a) * 4096 + (b))	/* matrix pair */
#define PP_WARMUP	200			/* round trips in setup */
#define PP_SPIN_YIELD	4096
#define PP_LINE		64

enum pp_mech {
	PP_PIPE, PP_EVENTFD, PP_FUTEX, PP_SEM, PP_CONDVAR, PP_MUTEX,
	PP_MQUEUE, PP_SPIN, PP_NMECH
};

/* The words the futex and spin mechanisms share, one cache line. */
struct pp_line {
	_Atomic uint64_t spin[2];	/* spin: the message itself */
	_Atomic uint32_t fw[2];		/* futex: bumped on each message */
	uint64_t payload[2];		/* futex: the message */
};

/*
 * Everything ping and pong share.  It lives in a shared anonymous mapping
 * so that pong may be a child process as well as a thread.
 */
struct pp_shared {
	_Alignas(PP_LINE) struct pp_line line;
	/* the mechanisms; index = direction, 0 ping->pong, 1 pong->ping */
	int fd[2][2];			/* pipe ends; eventfd in fd[d][0] */
	mqd_t mq[2];
	sem_t sem[2];
	pthread_mutex_t mtx;
	pthread_cond_t cond[2];
	pthread_mutex_t rot[3];		/* mutex: the three in rotation */
	uint64_t slot[2];		/* sem, condvar, mutex messages */
	uint64_t seen[2];		/* receiver's last message */
	uint32_t fseen[2];		/* receiver's last futex count */
	uint64_t round[2];		/* mutex: ping's and pong's round */
	/* pong's side */
	_Atomic int ready;		/* pong holds what it must */
	_Atomic uint64_t served, pong_bad;
	_Atomic int pong_err;
	char pong_why[96];
};

/* Pooled over all passes of all samples (one hand-off = half a pass). */
struct pp_pool {
	struct sync_pool t;		/* hand-off seconds */
	uint64_t nc;			/* passes with counts */
	double cmin, cmax, csum, imin, imax, isum;
	uint64_t scaled, failed;	/* counter windows scaled / unread */
};

struct pp_state {
	enum pp_mech mech;
	int cpu[2];			/* ping's and pong's CPU */
	int same;			/* one CPU for both */
	int procs;			/* pong is a process */
	uint64_t passes;
	struct pp_shared *sh;		/* shared mapping */
	int opened;			/* bit per resource to close */
	unsigned held;			/* mutex: bit per rot[] ping holds */

	pthread_t pong;
	pid_t pong_pid;
	int pong_started;
	cpu_set_t saved;		/* ping's affinity before setup */
	int have_saved;

	struct perfctr pc;		/* ping's own counters */
	int have_pc;

	/* ping's side */
	double *rt;			/* this sample's round trips */
	struct pp_pool pool;
	uint64_t sent, got, bad, bad_seq, bad_val;
};

#define OPEN_FD0	0x01
#define OPEN_FD1	0x02
#define OPEN_MQ		0x04
#define OPEN_SEM	0x08
#define OPEN_CV		0x10
#define OPEN_ROT	0x20

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

/*
 * Create what mechanism s->mech needs.  0; -1 with why filled; or
 * BENCH_SKIP when the system does not offer it.
 */
int pp_open(struct pp_state *s, char *why, size_t len);
/* Release what pp_open() made (s->opened says what). */
void pp_close(struct pp_state *s);
/* Send message v in direction d (0: to pong, 1: to ping). 0 or -1. */
int pp_send(struct pp_state *s, int d, uint64_t v);
/* Wait for the next message in direction d. 0 or -1. */
int pp_recv(struct pp_state *s, int d, uint64_t *v);

#endif
