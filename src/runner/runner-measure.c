/*
 * runner-measure.c - the parent side of measuring one case: one child
 * process per case (or N copies started together), a time limit, crash
 * and signal capture, the children's messages collected, several fresh
 * processes for a CPU case and the rounds of paired builds.  It makes no
 * row (runner-rows.c) and plans nothing (runner.c).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ratio.h"
#include "cpuset.h"
#include "runner.h"
#include "runner-int.h"
#include "runner-wire.h"
#include "stats.h"
#include "stopflag.h"
#include "util.h"

/* ---- signal names ---------------------------------------------------- */

static const char *
signal_name(int sig)
{
	static char buf[16];

	switch (sig) {
	case SIGILL: return "SIGILL";
	case SIGSEGV: return "SIGSEGV";
	case SIGFPE: return "SIGFPE";
	case SIGBUS: return "SIGBUS";
	case SIGABRT: return "SIGABRT";
	case SIGKILL: return "SIGKILL";
	case SIGTERM: return "SIGTERM";
	case SIGINT: return "SIGINT";
	case SIGPIPE: return "SIGPIPE";
	case SIGTRAP: return "SIGTRAP";
	case SIGSYS: return "SIGSYS";
	case SIGXCPU: return "SIGXCPU";
	default:
		snprintf(buf, sizeof(buf), "signal %d", sig);
		return buf;
	}
}

/* ---- collecting one case's messages ---------------------------------- */

static void
copy_acc_release(struct copy_acc *a)
{
	size_t i;

	free(a->v);
	free(a->secs);
	free(a->cyc);
	free(a->ins);
	free(a->cpu);
	free(a->wall);
	free(a->wv);
	free(a->ws);
	free(a->we);
	free(a->wn);
	for (i = 0; i < a->nm; i++) {
		free(a->m[i].v);
		free(a->m[i].pm);
	}
	free(a->m);
	free(a->x);
}

static void
push(double **v, size_t n, double x)
{
	*v = xreallocarray(*v, n + 1, sizeof(**v));
	(*v)[n] = x;
}

static void
acc_message(struct copy_acc *a, const struct wire_msg *m)
{
	size_t i;

	switch (m->type) {
	case WIRE_READY:
		a->ready = 1;
		a->iters = (uint64_t)m->v[0];
		break;
	case WIRE_SAMPLE:
		push(&a->v, a->n, m->v[0]);
		push(&a->secs, a->n, m->v[1]);
		push(&a->cyc, a->n, m->v[2]);
		push(&a->ins, a->n, m->v[3]);
		a->n++;
		break;
	case WIRE_CPU:
		push(&a->cpu, a->ncpu, m->v[0]);
		push(&a->wall, a->ncpu, m->v[1]);
		a->ncpu++;
		break;
	case WIRE_WINDOW:
		if (m->status != (int32_t)a->nw)
			break;
		push(&a->wv, a->nw, m->v[0]);
		push(&a->wn, a->nw, m->v[1] >= 1 ? m->v[1] : 1);
		push(&a->ws, a->nw, m->v[2]);
		push(&a->we, a->nw, m->v[3]);
		a->nw++;
		break;
	case WIRE_METRIC:
		for (i = 0; i < a->nm; i++)
			if (strncmp(a->m[i].name, m->name,
			    sizeof(a->m[i].name)) == 0)
				break;
		if (i == a->nm) {
			a->m = xreallocarray(a->m, a->nm + 1, sizeof(*a->m));
			memset(&a->m[i], 0, sizeof(a->m[i]));
			memcpy(a->m[i].name, m->name, sizeof(m->name));
			memcpy(a->m[i].unit, m->unit, sizeof(m->unit));
			a->m[i].name[sizeof(a->m[i].name) - 1] = '\0';
			a->m[i].unit[sizeof(a->m[i].unit) - 1] = '\0';
			a->m[i].better = m->status;
			a->m[i].spread = m->v[1] != 0;
			a->nm++;
		}
		push(&a->m[i].v, a->m[i].n++, m->v[0]);
		break;
	case WIRE_EXTRA:
		a->x = xreallocarray(a->x, a->nx + 1, sizeof(*a->x));
		memcpy(a->x[a->nx].name, m->name, sizeof(a->x[a->nx].name));
		a->x[a->nx].name[sizeof(a->x[a->nx].name) - 1] = '\0';
		a->x[a->nx].value = m->v[0];
		a->nx++;
		break;
	case WIRE_STATUS:
		a->done = 1;
		a->status = (enum result_status)m->status;
		memcpy(a->reason, m->text, sizeof(a->reason));
		a->reason[sizeof(a->reason) - 1] = '\0';
		break;
	}
}

/* ---- one case -------------------------------------------------------- */

static void
kill_all(struct copy_acc *acc, unsigned n, int sig)
{
	unsigned k;

	for (k = 0; k < n; k++)
		if (acc[k].pid > 0 && !acc[k].waited)
			kill(acc[k].pid, sig);
}

static void
reap(struct copy_acc *acc, unsigned n, int block)
{
	unsigned k;
	pid_t p;

	for (k = 0; k < n; k++) {
		if (acc[k].pid <= 0 || acc[k].waited)
			continue;
		do
			p = waitpid(acc[k].pid, &acc[k].wstatus,
			    block ? 0 : WNOHANG);
		while (p < 0 && errno == EINTR);
		if (p == acc[k].pid || p < 0)
			acc[k].waited = 1;
	}
}

void
child_setup_cpu(const struct runner_opts *o, unsigned copy, unsigned ncopies,
    int pin)
{
	struct cpuset set;
	size_t i;

	/* (the CPUs were checked usable when the run began; a CPU taken
	 * offline since leaves the child where it was) */
	if (pin >= 0) {
		/* a paired round: both builds' processes on this CPU */
		(void)cpuset_pin(pin);
		return;
	}
	if (o->cpus == NULL || o->ncpus == 0)
		return;
	cpuset_init(&set);
	if (ncopies > 1)
		cpuset_add(&set, o->cpus[copy % o->ncpus]);
	else
		for (i = 0; i < o->ncpus; i++)
			cpuset_add(&set, o->cpus[i]);
	(void)cpuset_set_affinity(&set);
	cpuset_release(&set);
}

/*
 * This program's path, argv[0] of re-exec'd children ("" when /proc is
 * not there: no re-exec).  They execute /proc/self/exe, which still names
 * this program when its file was replaced during the run.
 */
char runner_self_exe[4096];

static void
hex_encode(const void *p, size_t len, char *out)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < len; i++)
		snprintf(out + 2 * i, 3, "%02x", b[i]);
}

/*
 * In a forked child: exec this program again (runner_child_main() in
 * runner-child.c), so that the measuring process gets an address layout
 * of its own, without randomisation when no_aslr; or, for a paired build
 * bd, that build (under its prefix, looked up on PATH).  Returns only
 * when the exec failed.
 */
static void
child_exec(const struct runner_opts *o, const struct bench_ctx *ctx,
    size_t ci, const struct child_plan *cp, int fd, int go_fd, unsigned copy,
    const struct runner_build *bd)
{
	char sfd[24], sgo[24], scopy[24], sci[24];
	char hex[2 * sizeof(*cp) + 1];
	char **av, **a;
	size_t i, np = bd != NULL ? bd->nprefix : 0;
	int pers;

	av = xcalloc(np + ctx->nvalues + 11, sizeof(*av));
	snprintf(sfd, sizeof(sfd), "%d", fd);
	snprintf(sgo, sizeof(sgo), "%d", go_fd);
	snprintf(scopy, sizeof(scopy), "%u", copy);
	snprintf(sci, sizeof(sci), "%zu", ci);
	hex_encode(cp, sizeof(*cp), hex);
	for (i = 0; i < np; i++)
		av[i] = bd->prefix[i];
	a = av + np;
	a[0] = bd != NULL && bd->exe != NULL ? (char *)bd->exe : runner_self_exe;
	a[1] = (char *)RUNNER_CHILD_ARG;
	a[2] = sfd;
	a[3] = sgo;
	a[4] = scopy;
	a[5] = (char *)ctx->info->name;
	a[6] = (char *)ctx->profile;
	a[7] = sci;
	a[8] = ctx->cases[ci].name;
	a[9] = hex;
	for (i = 0; i < ctx->nvalues; i++)
		a[10 + i] = ctx->values[i];
	if (o->no_aslr && (pers = personality(0xffffffff)) != -1)
		personality((unsigned long)pers | ADDR_NO_RANDOMIZE);
	/* the wire and the barrier are opened close-on-exec: keep these two */
	if (fcntl(fd, F_SETFD, 0) != 0 ||
	    (go_fd >= 0 && fcntl(go_fd, F_SETFD, 0) != 0)) {
		free(av);
		return;
	}
	/*
	 * Another build speaks only through the wire: what it prints would
	 * reach our output raw, so its standard output and error are
	 * discarded (kept when the wire itself is one of them).
	 */
	if (bd != NULL && bd->exe != NULL && fd > STDERR_FILENO &&
	    go_fd != STDOUT_FILENO && go_fd != STDERR_FILENO) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0) {
			dup2(null, STDOUT_FILENO);
			dup2(null, STDERR_FILENO);
			if (null > STDERR_FILENO)
				close(null);
		}
	}
	/* a prefix or another build: looked up on PATH, as pair_probe() did */
	if (np > 0 || (bd != NULL && bd->exe != NULL))
		execvp(av[0], av);
	else
		execv("/proc/self/exe", av);
	free(av);
}

/*
 * Start the copies together: the common start time for every copy (which
 * each reads through the barrier pipe), then the barrier opens.  A copy
 * that died makes the write fail with EPIPE, never a SIGPIPE here.
 */
static void
open_barrier(int fd, unsigned ncopies)
{
	double *t = xcalloc(ncopies, sizeof(*t));
	sigset_t pipe_set, old;
	struct timespec zero = { 0, 0 };
	unsigned k;
	ssize_t w;

	t[0] = now_mono();
	for (k = 1; k < ncopies; k++)
		t[k] = t[0];
	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	sigprocmask(SIG_BLOCK, &pipe_set, &old);
	do
		w = write(fd, t, ncopies * sizeof(*t));
	while (w < 0 && errno == EINTR);
	if (w < 0 && errno == EPIPE)
		sigtimedwait(&pipe_set, NULL, &zero);
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(fd);
	free(t);
}

/* A case's processes watched: the deadline and an interruption. */
struct case_watch {
	double start, deadline;
	int stopped, timed_out;
};

/* On an interruption or past the deadline, every copy killed (once). */
static void
watch_check(struct case_watch *w, struct copy_acc *acc, unsigned ncopies)
{
	if (stopflag_requested() && !w->stopped) {
		w->stopped = 1;
		kill_all(acc, ncopies, SIGKILL);
	}
	if (now_mono() > w->deadline && !w->timed_out && !w->stopped) {
		w->timed_out = 1;
		kill_all(acc, ncopies, SIGKILL);
	}
}

/*
 * Fork the ncopies processes of case ci onto the wire fds[1] (and the
 * barrier gofds[0]): each execs this program or the build bd, or measures
 * in the fork; a fork that fails is that copy's FAILED.
 */
static void
fork_copies(const struct runner_opts *o, struct bench_ctx *ctx, size_t ci,
    const struct child_plan *cp, unsigned ncopies, struct case_run *cr,
    const struct runner_build *bd, int pin, const int *fds, const int *gofds)
{
	int other = bd != NULL && (bd->exe != NULL || bd->nprefix > 0);
	unsigned k;

	fflush(NULL);
	for (k = 0; k < ncopies; k++) {
		pid_t pid = fork();

		if (pid < 0) {
			cr->acc[k].done = 1;
			cr->acc[k].status = ST_FAILED;
			bufprintf(cr->acc[k].reason, sizeof(cr->acc[k].reason),
			    "fork: %s", strerror(errno));
			continue;
		}
		if (pid == 0) {
			signal(SIGINT, SIG_DFL);
			signal(SIGTERM, SIG_DFL);
			signal(SIGHUP, SIG_DFL);
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			close(fds[0]);
			if (gofds[1] >= 0)
				close(gofds[1]);
			child_setup_cpu(o, k, ncopies, pin);
			if (other) {
				char why[160];

				child_exec(o, ctx, ci, cp, fds[1], gofds[0],
				    k + 1, bd);
				bufprintf(why, sizeof(why), "cannot run %s: %s",
				    bd->nprefix > 0 ? bd->prefix[0] : bd->exe,
				    strerror(errno));
				child_fail(fds[1], k + 1, why);
				_exit(0);
			}
			if (o->exec_self && runner_self_exe[0] != '\0') {
				child_exec(o, ctx, ci, cp, fds[1], gofds[0],
				    k + 1, NULL);
				if (o->no_aslr) {
					child_fail(fds[1], k + 1, "--no-aslr: "
					    "cannot re-exec this program");
					_exit(0);
				}
			}
			child_measure(ctx, ci, cp, fds[1], gofds[0], k + 1);
			_exit(0);
		}
		cr->acc[k].pid = pid;
	}
}

/*
 * The copies' messages from the wire fd until it closes, into cr; the
 * barrier *go_fd opened once every copy is warm (-1 after); the progress
 * line kept up; w watched.
 */
static void
read_wire(struct case_run *cr, unsigned ncopies, int fd, int *go_fd,
    struct case_watch *w, struct progress *pg)
{
	struct wire_msg m;
	struct pollfd pfd;
	double last_pg = 0;
	unsigned k, nready, ndone;
	size_t got = 0;
	ssize_t r;

	pfd.fd = fd;
	pfd.events = POLLIN;
	for (;;) {
		int pr = poll(&pfd, 1, 200);
		double now = now_mono();

		watch_check(w, cr->acc, ncopies);
		if (now - last_pg > 0.5) {
			runner_progress_show(pg, now - w->start);
			last_pg = now;
		}
		if (pr <= 0)
			continue;
		r = read(fd, (char *)&m + got, sizeof(m) - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return;
		got += (size_t)r;
		if (got < sizeof(m))
			continue;
		got = 0;
		if (m.copy >= 1 && m.copy <= ncopies)
			acc_message(&cr->acc[m.copy - 1], &m);
		for (k = 0, nready = 0, ndone = 0; k < ncopies; k++) {
			nready += cr->acc[k].ready;
			ndone += cr->acc[k].done;
		}
		/* start the copies together once all are warm */
		if (*go_fd >= 0 && nready + ndone >= ncopies) {
			open_barrier(*go_fd, ncopies);
			*go_fd = -1;
		}
	}
}

/*
 * Each copy's status from how it ended (interrupted, timed out, crashed,
 * without a result), and the case's from the first that is not OK.
 */
static void
copy_verdicts(struct case_run *cr, const struct child_plan *cp,
    const struct case_watch *w)
{
	unsigned k;

	cr->status = ST_OK;
	for (k = 0; k < cr->ncopies; k++) {
		struct copy_acc *a = &cr->acc[k];
		int ws = a->wstatus;

		if (w->stopped) {
			a->status = ST_INTERRUPTED;
			bufprintf(a->reason, sizeof(a->reason),
			    "interrupted by %s", signal_name(stopflag_signal()));
		} else if (w->timed_out && !a->done) {
			a->status = ST_TIMEOUT;
			bufprintf(a->reason, sizeof(a->reason),
			    "no result within %.0f s", cp->timeout);
		} else if (WIFSIGNALED(ws) && !a->done) {
			a->status = ST_CRASHED;
			bufprintf(a->reason, sizeof(a->reason), "%s",
			    signal_name(WTERMSIG(ws)));
		} else if (WIFSIGNALED(ws)) {
			/* died after reporting (in teardown): still a crash */
			a->status = ST_CRASHED;
			bufprintf(a->reason, sizeof(a->reason), "%s after "
			    "the result", signal_name(WTERMSIG(ws)));
		} else if (!a->done) {
			a->status = ST_FAILED;
			bufprintf(a->reason, sizeof(a->reason),
			    "child exited (status %d) without a result",
			    WIFEXITED(ws) ? WEXITSTATUS(ws) : -1);
		}
		if (a->status != ST_OK && (cr->status == ST_OK ||
		    cr->status == ST_SKIPPED)) {
			cr->status = a->status;
			memcpy(cr->reason, a->reason, sizeof(cr->reason));
		}
	}
}

/*
 * One measuring process of case ci (or ncopies of them together): of
 * this program, or of the paired build bd (NULL: this program), pinned
 * to CPU pin (-1: as --cpu says).
 */
static void
run_case(const struct runner_opts *o, struct bench_ctx *ctx, size_t ci,
    const struct child_plan *cp, unsigned ncopies, struct case_run *cr,
    struct progress *pg, const struct runner_build *bd, int pin)
{
	int fds[2], gofds[2] = { -1, -1 };
	struct case_watch w;
	unsigned k;

	memset(cr, 0, sizeof(*cr));
	cr->ncopies = ncopies;
	cr->acc = xcalloc(ncopies, sizeof(*cr->acc));
	memset(&w, 0, sizeof(w));
	w.start = now_mono();
	w.deadline = w.start + cp->timeout;
	if (pipe2(fds, O_CLOEXEC) != 0 ||
	    (ncopies > 1 && pipe2(gofds, O_CLOEXEC) != 0)) {
		cr->status = ST_FAILED;
		bufprintf(cr->reason, sizeof(cr->reason), "pipe: %s",
		    strerror(errno));
		return;
	}
	fork_copies(o, ctx, ci, cp, ncopies, cr, bd, pin, fds, gofds);
	close(fds[1]);
	if (gofds[0] >= 0)
		close(gofds[0]);
	read_wire(cr, ncopies, fds[0], &gofds[1], &w, pg);
	if (gofds[1] >= 0)
		close(gofds[1]);
	close(fds[0]);
	/*
	 * The pipe is closed; a child that closed it and lives on is still
	 * held to the deadline (and to an interruption).
	 */
	for (;;) {
		reap(cr->acc, ncopies, 0);
		for (k = 0; k < ncopies && (cr->acc[k].pid <= 0 ||
		    cr->acc[k].waited); k++)
			;
		if (k == ncopies)
			break;
		watch_check(&w, cr->acc, ncopies);
		poll(NULL, 0, 10);
	}
	cr->seconds = now_mono() - w.start;
	copy_verdicts(cr, cp, &w);
}

/* Append array src[0..n-1] to *dst holding dn values. */
static void
append(double **dst, size_t dn, const double *src, size_t n)
{
	if (n == 0)
		return;
	*dst = xreallocarray(*dst, dn + n, sizeof(**dst));
	memcpy(*dst + dn, src, n * sizeof(**dst));
}

void
runner_acc_append(struct copy_acc *dst, const struct copy_acc *src)
{
	double scale = 1;
	size_t i, j;

	if (dst->iters == 0)
		dst->iters = src->iters;
	else if (src->iters != 0 && src->iters != dst->iters)
		scale = (double)dst->iters / (double)src->iters;
	if (dst->iters != 0 && src->iters != 0 &&
	    (double)src->iters / (double)dst->iters > dst->iters_most)
		dst->iters_most = (double)src->iters / (double)dst->iters;
	append(&dst->v, dst->n, src->v, src->n);
	append(&dst->secs, dst->n, src->secs, src->n);
	append(&dst->cyc, dst->n, src->cyc, src->n);
	append(&dst->ins, dst->n, src->ins, src->n);
	for (i = dst->n; i < dst->n + src->n; i++) {
		dst->cyc[i] *= scale;
		dst->ins[i] *= scale;
	}
	dst->n += src->n;
	append(&dst->cpu, dst->ncpu, src->cpu, src->ncpu);
	append(&dst->wall, dst->ncpu, src->wall, src->ncpu);
	dst->ncpu += src->ncpu;
	for (i = 0; i < src->nm; i++) {
		for (j = 0; j < dst->nm; j++)
			if (strcmp(dst->m[j].name, src->m[i].name) == 0)
				break;
		if (j == dst->nm) {
			dst->m = xreallocarray(dst->m, dst->nm + 1,
			    sizeof(*dst->m));
			dst->m[j] = src->m[i];
			dst->m[j].v = NULL;
			dst->m[j].n = 0;
			dst->nm++;
		}
		append(&dst->m[j].v, dst->m[j].n, src->m[i].v, src->m[i].n);
		dst->m[j].n += src->m[i].n;
		push(&dst->m[j].pm, dst->m[j].npm++,
		    stats_median(src->m[i].v, src->m[i].n));
	}
	for (i = 0; i < src->nx; i++) {
		for (j = 0; j < dst->nx; j++)
			if (strcmp(dst->x[j].name, src->x[i].name) == 0)
				break;
		if (j == dst->nx) {
			dst->x = xreallocarray(dst->x, dst->nx + 1,
			    sizeof(*dst->x));
			dst->x[j] = src->x[i];
			dst->nx++;
		} else if (runner_extra_is_total(src->x[i].name))
			dst->x[j].value += src->x[i].value;
		else
			dst->x[j].value = src->x[i].value;
	}
}

/*
 * u in [0, 1) for runner_vary_iters(): xorshift64*, seeded once per
 * runner from the clock and the pid (each session draws other lengths).
 */
static double
vary_rnd(void)
{
	static uint64_t st;

	if (st == 0)
		st = ((uint64_t)(now_mono() * 1e9) ^ ((uint64_t)getpid() <<
		    32)) | 1;
	return rnd_unit(&st);
}

/* The first of several processes: each metric's median so far is its. */
static void
acc_first_process(struct copy_acc *a)
{
	size_t i;

	for (i = 0; i < a->nm; i++)
		if (a->m[i].npm == 0)
			push(&a->m[i].pm, a->m[i].npm++,
			    stats_median(a->m[i].v, a->m[i].n));
}

void
case_run_release(struct case_run *cr)
{
	unsigned k;

	for (k = 0; k < cr->ncopies; k++)
		copy_acc_release(&cr->acc[k]);
	free(cr->acc);
	free(cr->pmed);
	free(cr->pcmed);
	cr->acc = NULL;
	cr->pmed = NULL;
	cr->pcmed = NULL;
}

/*
 * The measuring processes of case c when the run asks for procs: procs,
 * or for a case with variants (bench.h) the smallest multiple of their
 * number not below procs, so every variant runs alike.
 */
static unsigned
case_processes(const struct bench_case *c, unsigned procs)
{
	unsigned nv = c->variants;

	if (nv <= 1)
		return procs;
	return procs <= nv ? nv : (procs + nv - 1) / nv * nv;
}

/*
 * How long the calibrating (first) process's median sample lasted, in
 * seconds; 0 when it gave none.  Read before later processes' samples
 * are appended.
 */
static double
calib_secs(const struct case_run *cr)
{
	return cr->acc != NULL && cr->acc[0].n > 0 ?
	    stats_median(cr->acc[0].secs, cr->acc[0].n) : 0;
}

/*
 * A CPU case measured alone: its samples come from several fresh
 * processes (each re-exec'd when the runner may, so each has its own
 * address layout), at least `procs` of them; the first calibrates and the
 * others run its iterations (raised so that its median sample lasts
 * --min-sample at least: runner_common_length()) times a random factor
 * (runner_vary_iters()).
 * Each process gets its share of the warm-up and half the budget's
 * share: the first `procs` spend half the
 * budget, and the other half is kept for where the spread is.  While the
 * spread between the processes' medians is above the target and budget is
 * left, more processes run (up to 3 x procs), so a kernel whose speed
 * depends on the layout (Dhrystone) is sampled in more layouts, and its
 * median over them moves less from one run to the next.  A case with
 * variants (bench.h) runs in at least as many processes as it has
 * variants (case_processes), process k running variant k mod their
 * number.
 * Any other case: one child (or the copies together).
 */
int
runner_case_cpu(const struct runner_opts *o, const struct bench_case *c,
    unsigned ncopies)
{
	return o->run_pinned && o->run_cpu >= 0 &&
	    (o->cpus == NULL || o->ncpus == 0) && ncopies <= 1 &&
	    (c->flags & BENCH_CPU) ? o->run_cpu : -1;
}

void
measure_case(const struct runner_opts *o, struct bench_ctx *ctx, size_t ci,
    const struct child_plan *cp, unsigned ncopies, unsigned procs,
    struct case_run *cr, struct progress *pg)
{
	const struct bench_case *c = &ctx->cases[ci];
	struct child_plan rp = *cp;
	struct case_run one;
	double spent = 0, secs;
	uint64_t iters;
	int pin = runner_case_cpu(o, c, ncopies);

	procs = case_processes(c, procs);
	if (ncopies > 1 || procs <= 1 || !(c->flags & BENCH_CPU)) {
		run_case(o, ctx, ci, cp, ncopies, cr, pg, NULL, pin);
		cr->window = cp->window;
		cr->no_aslr = o->no_aslr && o->exec_self;
		return;
	}
	rp.budget = cp->budget / (2.0 * procs);
	rp.warmup = cp->warmup / procs;
	rp.process = 0;
	run_case(o, ctx, ci, &rp, 1, cr, pg, NULL, pin);
	cr->no_aslr = o->no_aslr && o->exec_self;
	if (cr->status != ST_OK)
		return;
	cr->pmed = xcalloc(3 * procs, sizeof(*cr->pmed));
	cr->pcmed = xcalloc(3 * procs, sizeof(*cr->pcmed));
	cr->pcmed[cr->np] = runner_proc_cpu_median(&cr->acc[0], c);
	cr->pmed[cr->np++] = stats_median(cr->acc[0].v, cr->acc[0].n);
	acc_first_process(&cr->acc[0]);
	spent = cr->seconds;
	/* at least --min-sample, should a preemption have cut the
	 * calibrating sample short */
	iters = cr->acc[0].iters;
	secs = calib_secs(cr);
	if (secs < cp->min_sample)
		runner_common_length(&iters, &secs, 1, cp->min_sample);
	while (!stopflag_requested() && runner_proc_more(cr->pmed, cr->np,
	    procs, 3 * procs, cp->target_cv, spent, cp->budget + cp->warmup)) {
		rp.process = cr->np;
		if (c->kind != BENCH_REPORTED && iters != 0)
			rp.fixed_iters = runner_vary_iters(iters, vary_rnd());
		run_case(o, ctx, ci, &rp, 1, &one, pg, NULL, pin);
		spent += one.seconds;
		if (one.status != ST_OK) {
			/* a process that failed decides the row */
			case_run_release(cr);
			*cr = one;
			cr->no_aslr = o->no_aslr && o->exec_self;
			return;
		}
		cr->pcmed[cr->np] = runner_proc_cpu_median(&one.acc[0], c);
		cr->pmed[cr->np++] = stats_median(one.acc[0].v,
		    one.acc[0].n);
		runner_acc_append(&cr->acc[0], &one.acc[0]);
		case_run_release(&one);
	}
	cr->seconds = spent;
}

/*
 * Paired builds after their first round: each build's count set so that
 * its samples last --min-sample (runner_common_length(), from the median
 * sample of its first process, which calibrated).  Each build calibrated
 * on its own, on one sample, so a preemption then left it shorter
 * samples than the other's for the whole session (under 43 ms at a 50 ms
 * --min-sample, against 59 ms), and a disturbance in bursts meets
 * samples of other lengths differently; and a calibration that
 * overshot (up to twice --min-sample) made every process of its build,
 * and so every pair, last longer, the pair's two sides further apart in
 * time for the machine's drift.
 */
static void
pair_common_length(const struct case_run *cr, uint64_t *iters, size_t nb,
    double min_sample)
{
	double *secs = xcalloc(nb, sizeof(*secs));
	size_t b;

	for (b = 0; b < nb; b++)
		secs[b] = calib_secs(&cr[b]);
	runner_common_length(iters, secs, nb, min_sample);
	free(secs);
}

/*
 * The half-width, in logs, of the interval of build 1 against build 0
 * from their pairs so far, as compare reads them: by placement
 * (ratio_paired_strata()), per CPU second when both have that for every
 * process; NAN: none yet.
 */
static double
pair_half_width(const struct case_run *cr, unsigned nvar)
{
	struct ratio_ci ci;
	int cpu = runner_cpu_units(&cr[0]) && runner_cpu_units(&cr[1]);

	if (ratio_paired_strata(cpu ? cr[0].pcmed : cr[0].pmed,
	    cpu ? cr[1].pcmed : cr[1].pmed, cr[0].np < cr[1].np ? cr[0].np :
	    cr[1].np, nvar, &ci) != 0 || isnan(ci.lo))
		return NAN;
	return log(ci.hi / ci.lo) / 2;
}

/*
 * Paired builds (run --against): the case's measuring processes of every
 * build alternate in rounds, the order turned round every other round
 * (A B, B A, A B ...; with variants, so that each one meets both orders:
 * runner_pair_reversed()), and each round's processes run on one CPU (the
 * rounds go round `cpus`, variants and CPUs crossed: runner_pair_cpu();
 * any CPU for a case that is not a CPU kernel),
 * so that the machine's drift, over seconds and between CPUs, falls on
 * every build alike; process k of each build is pair k.  A CPU case runs
 * at least RUNNER_PAIR_ROUNDS rounds (or --processes; with variants, a
 * multiple of their number and two per variant at least, round k running
 * variant k mod it in every build, so a pair compares one placement) on
 * half of each build's budget, then more, up to twice as many, while the
 * pairs' ratios of build 1 to build 0 (by placement, as compare reads
 * them: ratio_paired_strata()) give an interval whose half-width is over
 * the CV target and time is left (runner_pair_more()); any other case
 * runs two rounds.  The first process of a build calibrates; from the
 * second round a CPU case's builds run counts that make their samples last
 * alike (pair_common_length()), times a random factor drawn once a round,
 * so a round's processes run samples of one length (runner_vary_iters());
 * any other case's later processes run the count.
 * A process that fails decides its build's row and ends the rounds.
 */
void
measure_paired(const struct runner_opts *o, struct bench_ctx *const *bctx,
    size_t ci, const struct child_plan *cp, unsigned procs, const int *cpus,
    size_t ncpus, struct case_run *cr, struct progress *pg)
{
	const struct bench_case *c = &bctx[0]->cases[ci];
	int cpu_case = (c->flags & BENCH_CPU) != 0;
	size_t nb = o->nbuilds, k, b, r, rounds, most;
	struct child_plan rp = *cp;
	struct case_run one;
	uint64_t *iters = xcalloc(nb, sizeof(*iters));
	double spent = 0, spent_first = 0, med, pcm, u;
	int failed = 0, pin;
	unsigned nvar = 0;

	rounds = cpu_case ? (procs > RUNNER_PAIR_ROUNDS ? procs :
	    RUNNER_PAIR_ROUNDS) : 2;
	/* variants: as many rounds as the builds' cases need, and two
	 * pairs of each placement at least, so that each one's noise can be
	 * told from its placement (ratio_paired_strata()) */
	for (b = 0; cpu_case && b < nb; b++) {
		nvar = bctx[b]->cases[ci].variants;
		if (nvar > 1 && rounds < 2 * (size_t)nvar)
			rounds = 2 * (size_t)nvar;
		rounds = case_processes(&bctx[b]->cases[ci], (unsigned)rounds);
	}
	if (nvar < 2)
		nvar = 1;
	most = cpu_case ? 2 * rounds : rounds;
	rp.budget = cp->budget / (2.0 * (double)rounds);
	rp.warmup = cp->warmup / (double)rounds;
	for (b = 0; b < nb; b++) {
		memset(&cr[b], 0, sizeof(cr[b]));
		cr[b].pmed = xcalloc(most, sizeof(*cr[b].pmed));
		cr[b].pcmed = xcalloc(most, sizeof(*cr[b].pcmed));
	}
	for (r = 0; r < most && !failed && !stopflag_requested(); r++) {
		if (r == rounds)
			spent_first = spent;
		if (r >= rounds && !runner_pair_more(r, most,
		    pair_half_width(cr, nvar), cp->target_cv, spent,
		    spent_first, (double)nb * (cp->budget + cp->warmup)))
			break;
		pin = cpu_case && ncpus > 0 ?
		    cpus[runner_pair_cpu(r, nvar, ncpus)] : -1;
		if (r == 1 && cpu_case && c->kind != BENCH_REPORTED)
			pair_common_length(cr, iters, nb, cp->min_sample);
		u = vary_rnd();
		for (k = 0; k < nb && !stopflag_requested(); k++) {
			b = runner_pair_reversed(r, nvar) ? nb - 1 - k : k;
			rp.process = (uint32_t)r;
			rp.fixed_iters = c->kind == BENCH_REPORTED ? 0 :
			    cpu_case && iters[b] != 0 ?
			    runner_vary_iters(iters[b], u) : iters[b];
			run_case(o, bctx[b], ci, &rp, 1, &one, pg,
			    &o->builds[b], pin);
			spent += one.seconds;
			if (one.status != ST_OK) {
				/* its status and reason decide the row; the
				 * round's other builds still run, then no more
				 * rounds */
				case_run_release(&cr[b]);
				cr[b] = one;
				failed = 1;
				continue;
			}
			med = stats_median(one.acc[0].v, one.acc[0].n);
			pcm = runner_proc_cpu_median(&one.acc[0], c);
			if (cr[b].acc == NULL) {
				double *pm = cr[b].pmed, *pc = cr[b].pcmed;

				cr[b] = one;
				cr[b].pmed = pm;
				cr[b].pcmed = pc;
				iters[b] = one.acc[0].iters;
				acc_first_process(&cr[b].acc[0]);
			} else {
				runner_acc_append(&cr[b].acc[0], &one.acc[0]);
				cr[b].seconds += one.seconds;
				case_run_release(&one);
			}
			cr[b].pcmed[cr[b].np] = pcm;
			cr[b].pmed[cr[b].np++] = med;
		}
	}
	/* a build no process of which ran (interrupted first) */
	for (b = 0; b < nb; b++)
		if (cr[b].acc == NULL) {
			cr[b].ncopies = 1;
			cr[b].acc = xcalloc(1, sizeof(*cr[b].acc));
			cr[b].status = ST_INTERRUPTED;
			bufprintf(cr[b].reason, sizeof(cr[b].reason),
			    "interrupted before this build measured");
		}
	free(iters);
}
