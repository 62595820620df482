/*
 * spawn.h - the one way boardbench starts an external program (gnuplot,
 * vcgencmd, iperf3): fork and execvp with an argument vector, never a
 * shell; the child in a process group of its own; every descriptor but
 * the ones wired to its stdin, stdout and stderr closed on exec; killed
 * (SIGKILL) when the thread that started it dies (PR_SET_PDEATHSIG); a
 * time limit; output captured up to a cap; and on a time-out, an
 * over-long output or an interruption the whole group stopped: SIGTERM,
 * SPAWN_GRACE seconds, then SIGKILL.  A group's leftovers are killed when
 * its first process exits, so nothing the program started outlives it.
 * A guard process in the group kills it when the starting thread dies,
 * even of SIGKILL.  One thread at a time may use these functions.
 */
#ifndef BOARDBENCH_SPAWN_H
#define BOARDBENCH_SPAWN_H

#include <stddef.h>
#include <sys/types.h>

#include "util.h"

#define SPAWN_GRACE	1.0	/* seconds between SIGTERM and SIGKILL */
#define SPAWN_CAP	(64 * 1024)	/* default cap of a capture, bytes */

/* Return codes of spawn_run(). */
#define SPAWN_OK		0
#define SPAWN_NOEXEC		-1	/* could not be started; errno in .error */
#define SPAWN_TIMEOUT		-2	/* still running at the time limit */
#define SPAWN_TOOBIG		-3	/* printed more than the cap */
#define SPAWN_INTERRUPTED	-4	/* spawn_interrupt() was called */
#define SPAWN_SYSERR		-5	/* pipe, fork or poll failed; .error */

/* Descriptor choices for spawn_start() besides a descriptor to wire. */
#define SPAWN_NULL	-1	/* /dev/null */
#define SPAWN_KEEP	-2	/* this process's own (stderr only) */

/* One run of a program: settings in, results out. */
struct spawn {
	/* settings */
	const char *input;	/* fed to its stdin; NULL: /dev/null */
	size_t input_len;
	int out_fd, err_fd;	/* where stdout/stderr go unless captured:
				 * a descriptor, SPAWN_NULL or SPAWN_KEEP */
	int capture_out, capture_err;	/* collect into .out / .err */
	size_t out_cap, err_cap;	/* bytes; 0: SPAWN_CAP */
	double limit;		/* seconds; <= 0: 60 */
	/* results */
	struct strbuf out, err;	/* captured text, NUL-terminated */
	int status;		/* waitpid() status, when it ran */
	int error;		/* errno for SPAWN_NOEXEC and SPAWN_SYSERR */
	size_t input_done;	/* bytes of input it read */
	size_t over;		/* SPAWN_TOOBIG: the cap it went over */
	double elapsed;		/* seconds from start to its end */
	int exit_late;		/* 1: its exit was seen only when a wait
				 * timed out (a kernel without pidfd: up
				 * to 100 ms late), 0: at once */
};

/* Default settings: stdin, stdout and stderr on /dev/null, 60 s. */
void spawn_init(struct spawn *);
void spawn_release(struct spawn *);

/*
 * Run argv[0] (looked up on PATH as execvp does) to its end within
 * sp->limit seconds: SPAWN_OK with sp->status set (whatever its exit
 * status), or one of the SPAWN_* failures, the group stopped.
 */
int spawn_run(struct spawn *sp, char *const argv[]);

/*
 * Would spawn_run() find prog (as execvp does: a name with a '/' as it
 * is, else the first executable file in a PATH folder)?  1 yes, 0 no.
 */
int spawn_find(const char *prog);

/* A phrase for a failure of spawn_run(): "timed out after 30 s" ... */
const char *spawn_strerror(const struct spawn *sp, int rc, char *buf,
    size_t len);

/*
 * Start argv[0] in the background with stdin on /dev/null and stdout and
 * stderr on out and err (descriptors, SPAWN_NULL or SPAWN_KEEP).  Its
 * pid, which is also its process group, or -1 with *error set.
 */
pid_t spawn_start(char *const argv[], int out, int err, int *error);

/* Has the program started by spawn_start() exited?  (Not reaped.) */
int spawn_exited(pid_t pid);

/* Stop a group from spawn_start(): SIGTERM, grace, SIGKILL; reap it. */
void spawn_stop(pid_t pid, int *status);

/*
 * From a signal handler: make every spawn_run() in progress stop its
 * group and return SPAWN_INTERRUPTED, and later ones not start.
 * Async-signal-safe.
 */
void spawn_interrupt(void);

#endif
