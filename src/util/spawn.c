/*
 * spawn.c - starting external programs safely (see spawn.h).  The child
 * side between fork() and exec() uses async-signal-safe calls only: the
 * parent may have threads (the monitor's sampler).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "spawn.h"

#define SPAWN_TICK_MS	100	/* longest poll: how soon a stop is seen */
#define SPAWN_DEF_LIMIT	60.0

static volatile sig_atomic_t interrupted;

void
spawn_interrupt(void)
{
	interrupted = 1;
}

void
spawn_init(struct spawn *sp)
{
	memset(sp, 0, sizeof(*sp));
	sp->out_fd = sp->err_fd = SPAWN_NULL;
	sp->limit = SPAWN_DEF_LIMIT;
}

void
spawn_release(struct spawn *sp)
{
	strbuf_release(&sp->out);
	strbuf_release(&sp->err);
}

static double
mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void
sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* Every descriptor from 3 up: close on exec (async-signal-safe). */
static void
cloexec_from3(void)
{
	struct rlimit rl;
	long fd, max = 65536;

#if defined(SYS_close_range) && defined(CLOSE_RANGE_CLOEXEC)
	if (syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) == 0)
		return;
#endif
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    (long)rl.rlim_cur < max)
		max = (long)rl.rlim_cur;
	for (fd = 3; fd < max; fd++)
		fcntl((int)fd, F_SETFD, FD_CLOEXEC);
}

/*
 * A copy of fd at 3 or above (so that wiring 0, 1 and 2 cannot overwrite
 * a source that happens to be one of them), close-on-exec; or fd itself
 * when it is not a descriptor.
 */
static int
lift(int fd)
{
	return fd >= 0 ? fcntl(fd, F_DUPFD_CLOEXEC, 3) : fd;
}

/*
 * The child: own group, death signal, signals as a new program expects
 * them, descriptors wired, then exec.  On failure errno goes to ep.
 */
static void __attribute__((noreturn))
child(char *const argv[], pid_t parent, int in, int out, int err, int ep)
{
	static const int sigs[] = { SIGPIPE, SIGXFSZ, SIGINT, SIGTERM,
	    SIGHUP, SIGQUIT, SIGCHLD };
	struct sigaction sa;
	sigset_t none;
	int nul, e;
	size_t i;

	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (err == SPAWN_KEEP)
		err = 2;
	nul = open("/dev/null", O_RDWR | O_CLOEXEC);
	in = lift(in >= 0 ? in : nul);
	out = lift(out >= 0 ? out : nul);
	err = lift(err >= 0 ? err : nul);
	if (nul < 0 || in < 0 || out < 0 || err < 0 || dup2(in, 0) != 0 ||
	    dup2(out, 1) != 1 || dup2(err, 2) != 2)
		goto fail;
	cloexec_from3();
	execvp(argv[0], argv);
fail:
	e = errno;
	if (write(ep, &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

/*
 * The guard: a process of nothing but signals in the program's group.
 * If the thread that started the program dies, even of SIGKILL, its
 * death signal (SIGUSR1) wakes the guard, which kills the group with
 * SIGKILL, itself included: what the program's own death signal does to
 * the program, done to everything it started (a wrapper script's
 * children), which PR_SET_PDEATHSIG alone would leave running.  There
 * is no one left to wait for a grace period.  Otherwise the guard
 * ignores SIGTERM and goes with the group's SIGKILL when the program ends
 * or is stopped.
 */
static volatile sig_atomic_t guard_woken;

static void
guard_wake(int sig)
{
	(void)sig;
	guard_woken = 1;
}

static void __attribute__((noreturn))
guard_main(pid_t parent, pid_t pg)
{
	struct sigaction sa;
	sigset_t all, wait;
	long fd;

	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, NULL);
#if defined(SYS_close_range)
	if (syscall(SYS_close_range, 0U, ~0U, 0U) != 0)
#endif
		for (fd = 0; fd < 1024; fd++)
			close((int)fd);
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = guard_wake;
	sigaction(SIGUSR1, &sa, NULL);
	if (setpgid(0, pg) != 0)
		_exit(0);		/* the group is gone already */
	prctl(PR_SET_PDEATHSIG, SIGUSR1);
	sigfillset(&wait);
	sigdelset(&wait, SIGUSR1);
	while (!guard_woken && getppid() == parent)
		sigsuspend(&wait);
	kill(-pg, SIGKILL);
	_exit(0);
}

/* Guards of the groups still running, by group. */
static struct {
	pid_t pg, guard;
} guards[16];

/* Start the guard of group pg (best effort: without it, the death signal
 * still takes the program). */
static void
guard_start(pid_t pg)
{
	pid_t parent = getpid(), g;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(guards) && guards[i].pg != 0; i++)
		;
	if (i == ARRAY_SIZE(guards))
		return;
	g = fork();
	if (g == 0)
		guard_main(parent, pg);
	if (g < 0)
		return;
	setpgid(g, pg);
	guards[i].pg = pg;
	guards[i].guard = g;
}

/* Reap the guard of group pg, which the group's SIGKILL has ended. */
static void
guard_reap(pid_t pg)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(guards); i++) {
		if (guards[i].pg != pg)
			continue;
		kill(guards[i].guard, SIGKILL);
		while (waitpid(guards[i].guard, NULL, 0) < 0 && errno == EINTR)
			;
		guards[i].pg = guards[i].guard = 0;
	}
}

/*
 * Fork and exec with the given descriptors (-1: /dev/null; err may be
 * SPAWN_KEEP).  The pid, or -1 with *error: the exec's errno too, since
 * a close-on-exec pipe reports it.
 */
static pid_t
start(char *const argv[], int in, int out, int err, int *error)
{
	pid_t parent = getpid(), pid;
	int ep[2], e = 0;
	ssize_t k;

	if (pipe2(ep, O_CLOEXEC) != 0) {
		*error = errno;
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		*error = errno;
		close(ep[0]);
		close(ep[1]);
		return -1;
	}
	if (pid == 0)
		child(argv, parent, in, out, err, ep[1]);
	setpgid(pid, pid);	/* both sides: whichever runs first */
	close(ep[1]);
	while ((k = read(ep[0], &e, sizeof(e))) < 0 && errno == EINTR)
		;
	close(ep[0]);
	if (k == (ssize_t)sizeof(e)) {
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		*error = e;
		return -1;
	}
	guard_start(pid);
	return pid;
}

pid_t
spawn_start(char *const argv[], int out, int err, int *error)
{
	return start(argv, SPAWN_NULL, out, err, error);
}

int
spawn_exited(pid_t pid)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) != 0)
		return errno != EINTR;
	return si.si_pid == pid;
}

/* Reap pid, the group's leader, and its guard; the leader's status. */
static int
reap(pid_t pid)
{
	int status = 0;

	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	guard_reap(pid);
	return status;
}

/*
 * SIGTERM to the group, up to SPAWN_GRACE for its leader to go, then
 * SIGKILL to what is left.  The leader is not reaped yet, so the group
 * id cannot have been reused.
 */
static void
stop_group(pid_t pid)
{
	double end = mono() + SPAWN_GRACE;

	kill(-pid, SIGTERM);
	while (!spawn_exited(pid) && mono() < end)
		sleep_ms(10);
	kill(-pid, SIGKILL);
}

void
spawn_stop(pid_t pid, int *status)
{
	int st;

	if (pid <= 0)
		return;
	stop_group(pid);
	st = reap(pid);
	if (status != NULL)
		*status = st;
}

/* Make fd non-blocking; 0 or -1. */
static int
nonblock(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	return fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) != 0 ? -1 : 0;
}

static void
close_pair(int p[2])
{
	if (p[0] >= 0)
		close(p[0]);
	if (p[1] >= 0)
		close(p[1]);
	p[0] = p[1] = -1;
}

/* Pipes for what is fed or captured; 0 or -1 with errno. */
static int
make_pipes(const struct spawn *sp, int pin[2], int pout[2], int perr[2])
{
	pin[0] = pin[1] = pout[0] = pout[1] = perr[0] = perr[1] = -1;
	if ((sp->input != NULL && pipe2(pin, O_CLOEXEC) != 0) ||
	    (sp->capture_out && pipe2(pout, O_CLOEXEC) != 0) ||
	    (sp->capture_err && pipe2(perr, O_CLOEXEC) != 0) ||
	    (pin[1] >= 0 && nonblock(pin[1]) != 0)) {
		int e = errno;

		close_pair(pin);
		close_pair(pout);
		close_pair(perr);
		errno = e;
		return -1;
	}
	return 0;
}

/*
 * One read of a capture: 0, or SPAWN_TOOBIG with sp->over set; *open
 * cleared at its end.
 */
static int
take(struct spawn *sp, int fd, struct strbuf *sb, size_t cap, int *open)
{
	char buf[16384];
	ssize_t n;

	n = read(fd, buf, sizeof(buf));
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (n <= 0) {
		*open = 0;
		return 0;
	}
	if ((size_t)n > cap - sb->len) {
		sp->over = cap;
		return SPAWN_TOOBIG;
	}
	strbuf_add(sb, buf, (size_t)n);
	return 0;
}

/*
 * A descriptor that becomes readable when pid exits (pidfd_open(2),
 * Linux 5.3), -1 when the kernel has none: the wait for an exit then
 * wakes on SPAWN_TICK_MS.
 */
static int
exit_fd(pid_t pid)
{
#ifdef SYS_pidfd_open
	long fd = syscall(SYS_pidfd_open, pid, 0);

	return fd >= 0 ? (int)fd : -1;
#else
	(void)pid;
	return -1;
#endif
}

/*
 * Feed the program's input on in_fd (when in_open) and take its output
 * and errors from out_fd and err_fd (-1: not captured) until it has
 * exited and both are closed, the time limit from t0 is up or an
 * interruption: SPAWN_OK or why it stopped.  in_fd is closed.
 */
static int
pump(struct spawn *sp, pid_t pid, int in_fd, int in_open, int out_fd,
    int err_fd, double t0, double limit)
{
	size_t out_cap = sp->out_cap ? sp->out_cap : SPAWN_CAP;
	size_t err_cap = sp->err_cap ? sp->err_cap : SPAWN_CAP;
	int rc = SPAWN_OK, exited = 0, r = 1, n;
	int out_open = out_fd >= 0, err_open = err_fd >= 0;
	/* its exit wakes the wait as its output does: a program that closed
	 * its output, or whose pipes close before it is a zombie, is not
	 * timed up to a tick long */
	int efd = exit_fd(pid);
	struct pollfd pfd[4];
	double left;
	ssize_t k;

	for (;;) {
		if (interrupted) {
			rc = SPAWN_INTERRUPTED;
			break;
		}
		left = t0 + limit - mono();
		if (left <= 0) {
			rc = SPAWN_TIMEOUT;
			break;
		}
		if (!exited && spawn_exited(pid)) {
			/* what it left behind in its group goes too */
			exited = 1;
			sp->exit_late = r == 0;
			kill(-pid, SIGKILL);
		}
		if (exited && !out_open && !err_open)
			break;
		n = 0;
		if (in_open) {
			pfd[n].fd = in_fd;
			pfd[n++].events = POLLOUT;
		}
		if (out_open) {
			pfd[n].fd = out_fd;
			pfd[n++].events = POLLIN;
		}
		if (err_open) {
			pfd[n].fd = err_fd;
			pfd[n++].events = POLLIN;
		}
		if (!exited && efd >= 0) {
			pfd[n].fd = efd;
			pfd[n++].events = POLLIN;
		}
		r = poll(pfd, (nfds_t)n, left * 1000 < SPAWN_TICK_MS ?
		    (int)(left * 1000) + 1 : SPAWN_TICK_MS);
		if (r < 0 && errno != EINTR) {
			sp->error = errno;
			rc = SPAWN_SYSERR;
			break;
		}
		if (r <= 0)
			continue;
		n = 0;
		if (in_open && pfd[n++].revents != 0) {
			k = write(in_fd, sp->input + sp->input_done,
			    sp->input_len - sp->input_done);
			if (k > 0)
				sp->input_done += (size_t)k;
			if ((k < 0 && errno != EINTR && errno != EAGAIN) ||
			    sp->input_done == sp->input_len) {
				close(in_fd);
				in_open = 0;
			}
		}
		if (out_open && pfd[n++].revents != 0 &&
		    (rc = take(sp, out_fd, &sp->out, out_cap, &out_open)) != 0)
			break;
		if (err_open && pfd[n++].revents != 0 &&
		    (rc = take(sp, err_fd, &sp->err, err_cap, &err_open)) != 0)
			break;
	}
	if (in_open)
		close(in_fd);
	if (efd >= 0)
		close(efd);
	return rc;
}

int
spawn_run(struct spawn *sp, char *const argv[])
{
	int pin[2], pout[2], perr[2], in_open, rc;
	double t0 = mono(), limit = sp->limit > 0 ? sp->limit :
	    SPAWN_DEF_LIMIT;
	struct sigaction ign, oldpipe;
	pid_t pid;

	strbuf_init(&sp->out);
	strbuf_init(&sp->err);
	sp->status = 0;
	sp->error = 0;
	sp->input_done = 0;
	sp->over = 0;
	sp->elapsed = 0;
	sp->exit_late = 0;
	if (interrupted)
		return SPAWN_INTERRUPTED;
	if (make_pipes(sp, pin, pout, perr) != 0) {
		sp->error = errno;
		return SPAWN_SYSERR;
	}
	pid = start(argv, sp->input != NULL ? pin[0] : SPAWN_NULL,
	    sp->capture_out ? pout[1] : sp->out_fd,
	    sp->capture_err ? perr[1] : sp->err_fd, &sp->error);
	if (pin[0] >= 0)
		close(pin[0]);
	if (pout[1] >= 0)
		close(pout[1]);
	if (perr[1] >= 0)
		close(perr[1]);
	if (pid < 0) {
		if (pin[1] >= 0)
			close(pin[1]);
		if (pout[0] >= 0)
			close(pout[0]);
		if (perr[0] >= 0)
			close(perr[0]);
		return SPAWN_NOEXEC;
	}
	in_open = pin[1] >= 0;
	if (in_open && sp->input_len == 0) {
		close(pin[1]);
		in_open = 0;
	}
	/* a program that stops reading is EPIPE here, not our death */
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &oldpipe);

	rc = pump(sp, pid, pin[1], in_open, pout[0], perr[0], t0, limit);
	sigaction(SIGPIPE, &oldpipe, NULL);
	if (pout[0] >= 0)
		close(pout[0]);
	if (perr[0] >= 0)
		close(perr[0]);
	if (rc != SPAWN_OK)
		stop_group(pid);
	sp->status = reap(pid);
	sp->elapsed = mono() - t0;
	return rc;
}

/* An executable regular file? */
static int
spawn_runnable(const char *file)
{
	struct stat sb;

	return stat(file, &sb) == 0 && S_ISREG(sb.st_mode) &&
	    access(file, X_OK) == 0;
}

int
spawn_find(const char *prog)
{
	const char *path = getenv("PATH"), *p, *colon;
	char file[4096];
	size_t dl;

	if (prog == NULL || *prog == '\0')
		return 0;
	if (strchr(prog, '/') != NULL)
		return spawn_runnable(prog);
	if (path == NULL)
		path = "/bin:/usr/bin";
	for (p = path; ; p = colon + 1) {
		colon = strchr(p, ':');
		dl = colon != NULL ? (size_t)(colon - p) : strlen(p);
		/* an empty entry is the current folder, as for execvp */
		if (snprintf(file, sizeof(file), "%.*s/%s", (int)dl,
		    dl ? p : ".", prog) < (int)sizeof(file) &&
		    spawn_runnable(file))
			return 1;
		if (colon == NULL)
			return 0;
	}
}

const char *
spawn_strerror(const struct spawn *sp, int rc, char *buf, size_t len)
{
	switch (rc) {
	case SPAWN_OK:
		bufprintf(buf, len, "ok");
		break;
	case SPAWN_NOEXEC:
		bufprintf(buf, len, "cannot run it: %s", strerror(sp->error));
		break;
	case SPAWN_TIMEOUT:
		bufprintf(buf, len, "no end within %.0f s: stopped",
		    sp->limit > 0 ? sp->limit : SPAWN_DEF_LIMIT);
		break;
	case SPAWN_TOOBIG:
		bufprintf(buf, len, "printed more than the %zu KiB allowed: "
		    "stopped", sp->over / 1024);
		break;
	case SPAWN_INTERRUPTED:
		bufprintf(buf, len, "interrupted: stopped");
		break;
	default:
		bufprintf(buf, len, "%s", strerror(sp->error));
		break;
	}
	return buf;
}
