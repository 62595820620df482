/*
 * runner.c - the parent side of the runner: one child process per case
 * (or N copies started together), a time limit, crash and signal capture,
 * rows assembled from the children's samples, progress on a terminal.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <sched.h>
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
#include "spawn.h"
#include "stats.h"
#include "stopflag.h"
#include "sysinfo.h"
#include "util.h"

/* a sample whose CPU time is below this share of its wall time */
#define PREEMPTED_CPU 0.9
/* copies: common windows per case, and the shortest in min samples */
#define COPY_WINDOWS 5
#define COPY_WINDOW_SAMPLES 5

const struct profile profiles[] = {
	{ "quick",    0.050, 0.05, 0.40,  5,  20, 0.01, 2 },
	{ "standard", 0.050, 0.30, 3.00,  5, 100, 0.01, 3 },
	{ "full",     0.100, 1.00, 10.0, 10, 400, 0.005, 5 },
	{ NULL, 0, 0, 0, 0, 0, 0, 0 }
};

const struct profile *
profile_find(const char *name)
{
	const struct profile *p;

	for (p = profiles; p->name != NULL; p++)
		if (strcmp(p->name, name) == 0)
			return p;
	return NULL;
}

/* ---- signals --------------------------------------------------------- */

static void
on_stop(int sig)
{
	stopflag_set(sig);
	spawn_interrupt();	/* a program the parent runs stops too */
}

void
runner_signals_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* ---- CPUs ------------------------------------------------------------ */

int
cpu_online_count(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (int)n : 1;
}

/* Is cpu online (and one this process may run on)? */
static int
cpu_usable(int cpu)
{
	struct cpuset set;
	int rc;

	if (cpu < 0 || cpu >= CPUSET_MAX)
		return 0;
	cpuset_init(&set);
	rc = cpuset_get_affinity(&set) != 0 ? cpu < cpu_online_count() :
	    cpuset_has(&set, cpu);
	cpuset_release(&set);
	return rc;
}

/*
 * Why cpu cannot be used, for --cpu's message: outside this process's
 * affinity (taskset, a cgroup's cpuset), or no such online CPU; with the
 * CPUs this process may run on.
 */
static void
cpu_unusable_why(int cpu, char *buf, size_t len)
{
	struct cpuset set;
	char *list;

	cpuset_init(&set);
	if (cpuset_get_affinity(&set) != 0) {
		cpuset_release(&set);
		bufprintf(buf, len, "does not exist or is offline (online: "
		    "0-%d)", cpu_online_count() - 1);
		return;
	}
	list = cpuset_format(&set);
	bufprintf(buf, len, cpu >= 0 && cpu < CPUSET_MAX &&
	    cpu < sysconf(_SC_NPROCESSORS_CONF) ? "is outside this "
	    "process's CPU affinity (allowed: %s)" : "does not exist or is "
	    "offline (this process may run on: %s)", list);
	free(list);
	cpuset_release(&set);
}

int
cpu_list_parse(const char *s, int **cpus, size_t *n)
{
	const char *p = s;
	int *v = NULL;
	size_t k = 0;
	long lo, hi, c;
	char *end;

	if (*s == '\0')
		return error("bad --cpu '': expected a list such as 0,2-3");
	while (*p != '\0') {
		lo = strtol(p, &end, 10);
		if (end == p || lo < 0)
			goto bad;
		hi = lo;
		if (*end == '-') {
			p = end + 1;
			hi = strtol(p, &end, 10);
			if (end == p || hi < lo)
				goto bad;
		}
		if (*end != ',' && *end != '\0')
			goto bad;
		for (c = lo; c <= hi; c++) {
			if (!cpu_usable((int)c)) {
				char why[160];

				free(v);
				cpu_unusable_why((int)c, why, sizeof(why));
				return error("bad --cpu '%s': CPU %ld %s", s, c,
				    why);
			}
			v = xreallocarray(v, k + 1, sizeof(*v));
			v[k++] = (int)c;
		}
		p = *end == ',' ? end + 1 : end;
	}
	*cpus = v;
	*n = k;
	return 0;
bad:
	free(v);
	return error("bad --cpu '%s': expected a list such as 0,2-3", s);
}

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

/* ---- progress -------------------------------------------------------- */

struct progress {
	int on;
	size_t i, n;
	double start, est_total, est_done;
	const char *bench, *cname;
};

static void
fmt_dur(double s, char *buf, size_t len)
{
	if (s < 0)
		s = 0;
	if (s < 60)
		snprintf(buf, len, "%.0fs", s);
	else if (s < 3600)
		snprintf(buf, len, "%dm%02ds", (int)s / 60, (int)s % 60);
	else
		snprintf(buf, len, "%dh%02dm", (int)s / 3600,
		    ((int)s % 3600) / 60);
}

static void
progress_show(const struct progress *p, double case_elapsed)
{
	char el[32], left[32];
	double done = p->est_done + case_elapsed;

	if (!p->on)
		return;
	fmt_dur(now_mono() - p->start, el, sizeof(el));
	fmt_dur(p->est_total - done, left, sizeof(left));
	fprintf(stderr, "\r\033[K[%zu/%zu] %s %s  %s elapsed, ~%s left",
	    p->i + 1, p->n, p->bench, p->cname, el, left);
	fflush(stderr);
}

static void
progress_clear(const struct progress *p)
{
	if (p->on) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
}

/* Rough seconds one case takes, for "time left". */
static double
case_estimate(const struct child_plan *cp)
{
	return cp->warmup + cp->budget + 2 * cp->min_sample + 0.05;
}

/* ---- collecting one case's messages ---------------------------------- */

struct metric_acc {
	char name[48], unit[16];
	int better;
	int spread;		/* no noise verdict: bench_metric_spread() */
	double *v;
	size_t n;
	double *pm;		/* several processes: each one's median */
	size_t npm;
};

struct copy_acc {
	pid_t pid;
	int done, waited, wstatus, ready;
	enum result_status status;
	char reason[160];
	double *v, *secs, *cyc, *ins;
	size_t n;
	double *cpu, *wall;		/* per sample: CPU and wall seconds */
	size_t ncpu;
	double *wv, *wn, *ws, *we;	/* per common window (copies): mean
					 * value, samples, start and end */
	size_t nw;
	uint64_t iters;
	struct metric_acc *m;
	size_t nm;
	struct extra *x;
	size_t nx;
};

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

/* ---- assembling rows ------------------------------------------------- */

static void
row_init(struct result *r, const struct bench_ctx *ctx,
    const struct bench_case *c, const char *suffix)
{
	memset(r, 0, sizeof(*r));
	strlcpy_bb(r->bench, ctx->info->name, sizeof(r->bench));
	strlcpy_bb(r->group, ctx->info->group, sizeof(r->group));
	if (c != NULL) {
		char full[sizeof(c->name) + 64];

		snprintf(full, sizeof(full), "%s%s%s", c->name,
		    suffix ? "/" : "", suffix ? suffix : "");
		strlcpy_bb(r->case_name, full, sizeof(r->case_name));
	} else
		strlcpy_bb(r->case_name, "-", sizeof(r->case_name));
	strlcpy_bb(r->unit, c ? c->unit : ctx->info->unit, sizeof(r->unit));
	strlcpy_bb(r->params, ctx->params, sizeof(r->params));
	r->better = c ? c->better : ctx->info->better;
	r->cycles = r->instructions = NAN;
	r->copies = 1;
	stats_compute(&r->st, NULL, 0);
}

/*
 * Cycles and instructions per unit of work, medians over samples; a
 * self-timed case gets them only when it says its work is real.
 */
static void
row_counters(struct result *r, const struct copy_acc *a,
    const struct bench_case *c)
{
	double work = c->work * (double)a->iters;
	double *pc, *pi;
	size_t i, k = 0;

	/* the runner's counts or a benchmark's own were scaled */
	for (i = 0; i < a->nx; i++)
		if (strcmp(a->x[i].name, "counters:scaled") == 0)
			r->flags |= RF_MULTIPLEXED;
	if (a->n == 0 || work <= 0 ||
	    (c->kind == BENCH_REPORTED && !(c->flags & BENCH_COUNT_WORK)))
		return;
	/* a sample without counts (a failed read): no figure for the row */
	for (i = 0; i < a->n; i++)
		if (isnan(a->cyc[i]) || isnan(a->ins[i]))
			return;
	pc = xcalloc(a->n, sizeof(*pc));
	pi = xcalloc(a->n, sizeof(*pi));
	for (i = 0; i < a->n; i++) {
		pc[k] = a->cyc[i] / work;
		pi[k++] = a->ins[i] / work;
	}
	r->cycles = stats_median(pc, k);
	r->instructions = stats_median(pi, k);
	free(pc);
	free(pi);
}

/*
 * CPU time beside wall time: samples of a CPU case (one that does not
 * wait by design) whose CPU time fell well below their wall time were
 * preempted; the row says how many ("preempted", and the flag) and the
 * median share of CPU time ("cpu/wall").  a: the copies counted.
 */
static void
row_cpu(struct result *r, const struct copy_acc *a, unsigned na,
    const struct bench_case *c)
{
	double *share;
	size_t i, n = 0, preempted = 0, tot = 0;
	unsigned k;

	for (k = 0; k < na; k++)
		tot += a[k].ncpu;
	if (tot == 0)
		return;
	share = xcalloc(tot, sizeof(*share));
	for (k = 0; k < na; k++)
		for (i = 0; i < a[k].ncpu; i++) {
			if (isnan(a[k].cpu[i]) || !(a[k].wall[i] > 0))
				continue;
			share[n] = a[k].cpu[i] / a[k].wall[i];
			if (share[n++] < PREEMPTED_CPU)
				preempted++;
		}
	if (n > 0)
		result_add_extra(r, "cpu/wall", stats_median(share, n));
	if ((c->flags & BENCH_CPU) && !(c->flags & BENCH_WAITS) && n > 0) {
		result_add_extra(r, "preempted", (double)preempted);
		if (preempted > 0)
			r->flags |= RF_PREEMPTED;
	}
	free(share);
}

/*
 * Each process's median, in the order they ran, is kept as the extras
 * proc:0, proc:1 ... (result_set_units): the units of a comparison
 * (src/compare/ratio.h), and the pairs of a paired run (process k of each build
 * is pair k).
 */
/*
 * Variants (bench.h, bench_variant): each variant's median over its
 * processes into vm (nvar entries), as the extras variant:K; the fastest
 * and slowest as variant:fastest and variant:slowest.  Returns how many
 * variants had a process (a variant without one is left out).
 */
static size_t
row_variants(struct result *r, const double *pm, size_t np, unsigned nvar,
    double *vm)
{
	double *one = xcalloc(np ? np : 1, sizeof(*one)), lo = 0, hi = 0;
	char name[sizeof(r->extra->name)];
	size_t k, n, nv = 0;
	unsigned v;

	for (v = 0; v < nvar; v++) {
		for (k = 0, n = 0; k < np; k++)
			if (runner_variant_of((unsigned)k, nvar) == v)
				one[n++] = pm[k];
		if (n == 0)
			continue;
		vm[nv] = stats_median(one, n);
		bufprintf(name, sizeof(name), "variant:%u", v);
		result_add_extra(r, name, vm[nv]);
		if (nv == 0 || vm[nv] < lo)
			lo = vm[nv];
		if (nv == 0 || vm[nv] > hi)
			hi = vm[nv];
		nv++;
	}
	if (nv > 0) {
		result_add_extra(r, "variant:fastest",
		    r->better == BENCH_LOWER ? lo : hi);
		result_add_extra(r, "variant:slowest",
		    r->better == BENCH_LOWER ? hi : lo);
	}
	free(one);
	return nv;
}

/* runner-int.h: a row's statistics over its processes (and variants). */
void
runner_row_procs(struct result *r, const double *pm, size_t np,
    unsigned nvar)
{
	struct stats ps;
	double *vm;
	size_t nv;

	stats_compute(&ps, pm, np);
	result_set_units(r, RESULT_PROC_EXTRA, pm, np);
	result_add_extra(r, "cv:samples", r->st.cv);
	r->st.median = ps.median;
	r->st.mean = ps.mean;
	r->st.stddev = ps.stddev;
	r->st.cv = ps.sdcv;	/* a few processes: the classic CV */
	r->st.sdcv = ps.sdcv;
	r->flags &= ~RF_NOISY;
	if (ps.sdcv > RESULT_NOISY_CV)
		r->flags |= RF_NOISY;
	if (nvar > 1) {
		vm = xcalloc(nvar, sizeof(*vm));
		if ((nv = row_variants(r, pm, np, nvar, vm)) > 0)
			r->st.median = stats_median(vm, nv);
		free(vm);
	}
}

/*
 * Copies over one window: per common window (`window` seconds; every
 * copy samples without a pause from the common start to the same
 * deadlines, so all of them run through all of it), the copies' total
 * work over the window: the sum of their rates in it, each counted for
 * the share of the window it measured when that is less than the window
 * minus a sample (a copy that stalled); times: the mean of their values.
 * NULL when a copy reported no windows.
 */
static double *
combine_windows(const struct copy_acc *acc, unsigned nc, int sum,
    double window, size_t *nout)
{
	size_t n = SIZE_MAX, j;
	double *v, share;
	unsigned k;

	for (k = 0; k < nc; k++)
		if (acc[k].nw < n)
			n = acc[k].nw;
	if (n == 0 || n == SIZE_MAX || !(window > 0))
		return NULL;
	v = xcalloc(n, sizeof(*v));
	for (j = 0; j < n; j++)
		for (k = 0; k < nc; k++) {
			/* measured seconds, plus one sample's slack */
			share = (acc[k].we[j] - acc[k].ws[j]) *
			    (1 + 1.0 / acc[k].wn[j]) / window;
			v[j] += sum ? acc[k].wv[j] * (share < 1 ? share : 1) :
			    acc[k].wv[j] / nc;
		}
	*nout = n;
	return v;
}

/*
 * Combine copies sample by sample: rates add up (aggregate throughput),
 * times and latencies average.
 */
static double *
combine(const struct copy_acc *acc, unsigned ncopies, int metric, size_t mi,
    int sum, size_t *nout)
{
	size_t n = SIZE_MAX, i;
	unsigned k;
	double *v;

	for (k = 0; k < ncopies; k++) {
		size_t m = metric ? (mi < acc[k].nm ? acc[k].m[mi].n : 0) :
		    acc[k].n;

		if (m < n)
			n = m;
	}
	if (n == SIZE_MAX)
		n = 0;
	v = xcalloc(n ? n : 1, sizeof(*v));
	for (i = 0; i < n; i++) {
		for (k = 0; k < ncopies; k++)
			v[i] += metric ? acc[k].m[mi].v[i] : acc[k].v[i];
		if (!sum)
			v[i] /= ncopies;
	}
	*nout = n;
	return v;
}

static int
emit(runner_sink_fn sink, void *arg, struct result *r, int *bad, int *stop)
{
	if (r->status != ST_OK && r->status != ST_SKIPPED)
		*bad = 1;
	if (sink(arg, r) != 0)
		*stop = 1;
	result_release(r);
	return 0;
}

/* A planned case's rows were all given: the sink hears NULL (runner.h). */
static void
case_done(runner_sink_fn sink, void *arg, int *stop)
{
	if (sink(arg, NULL) != 0)
		*stop = 1;
}

/* ---- one case -------------------------------------------------------- */

struct case_run {
	struct copy_acc *acc;
	unsigned ncopies;
	double window;			/* copies: seconds of each window */
	double *pmed;			/* processes sampled: their medians */
	size_t np;
	int no_aslr;
	enum result_status status;	/* overall: worst of the copies */
	char reason[160];
	double seconds;
	unsigned flags;			/* the case's row's: its derived rows' */
};

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

static void
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
static char self_exe[4096];

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
	a[0] = bd != NULL && bd->exe != NULL ? (char *)bd->exe : self_exe;
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
	int other = bd != NULL && (bd->exe != NULL || bd->nprefix > 0);

	int fds[2], gofds[2] = { -1, -1 };
	struct wire_msg m;
	struct pollfd pfd;
	double start = now_mono(), deadline, last_pg = 0;
	unsigned k, nready, ndone;
	int eof = 0, go_sent = 0, timed_out = 0, stopped = 0;
	size_t got = 0;
	ssize_t r;

	memset(cr, 0, sizeof(*cr));
	cr->ncopies = ncopies;
	cr->acc = xcalloc(ncopies, sizeof(*cr->acc));
	deadline = start + cp->timeout;
	if (pipe2(fds, O_CLOEXEC) != 0 ||
	    (ncopies > 1 && pipe2(gofds, O_CLOEXEC) != 0)) {
		cr->status = ST_FAILED;
		bufprintf(cr->reason, sizeof(cr->reason), "pipe: %s",
		    strerror(errno));
		return;
	}
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
			if (o->exec_self && self_exe[0] != '\0') {
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
	close(fds[1]);
	if (gofds[0] >= 0)
		close(gofds[0]);

	pfd.fd = fds[0];
	pfd.events = POLLIN;
	while (!eof) {
		int pr = poll(&pfd, 1, 200);
		double now = now_mono();

		if (stopflag_requested() && !stopped) {
			stopped = 1;
			kill_all(cr->acc, ncopies, SIGKILL);
		}
		if (now > deadline && !timed_out && !stopped) {
			timed_out = 1;
			kill_all(cr->acc, ncopies, SIGKILL);
		}
		if (now - last_pg > 0.5) {
			progress_show(pg, now - start);
			last_pg = now;
		}
		if (pr <= 0)
			continue;
		r = read(fds[0], (char *)&m + got, sizeof(m) - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			eof = 1;
			break;
		}
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
		if (!go_sent && gofds[1] >= 0 && nready + ndone >= ncopies) {
			open_barrier(gofds[1], ncopies);
			gofds[1] = -1;
			go_sent = 1;
		}
	}
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
		if (stopflag_requested() && !stopped) {
			stopped = 1;
			kill_all(cr->acc, ncopies, SIGKILL);
		}
		if (now_mono() > deadline && !timed_out && !stopped) {
			timed_out = 1;
			kill_all(cr->acc, ncopies, SIGKILL);
		}
		poll(NULL, 0, 10);
	}
	cr->seconds = now_mono() - start;

	cr->status = ST_OK;
	for (k = 0; k < ncopies; k++) {
		struct copy_acc *a = &cr->acc[k];
		int ws = a->wstatus;

		if (stopped) {
			a->status = ST_INTERRUPTED;
			bufprintf(a->reason, sizeof(a->reason),
			    "interrupted by %s", signal_name(stopflag_signal()));
		} else if (timed_out && !a->done) {
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
 * The values behind a verified case's main row: the only copy's samples,
 * the copies' common windows, or (no windows) their sample-by-sample
 * combination.  Always a new array.
 */
static double *
main_values(const struct case_run *cr, const struct bench_case *c,
    size_t *n)
{
	int sum = c->better != BENCH_LOWER;
	double *v;

	if (cr->ncopies > 1 &&
	    (v = combine_windows(cr->acc, cr->ncopies, sum, cr->window,
	    n)) != NULL)
		return v;
	return combine(cr->acc, cr->ncopies, 0, 0, sum, n);
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

/* Is extra `name` a total over samples (summed across processes)? */
static int
extra_is_total(const char *name)
{
	return strncmp(name, "phase:", 6) == 0 ||
	    strcmp(name, "overhead") == 0 || strcmp(name, "iters") == 0;
}

/* Add one process's samples, metrics and extras (src) to dst. */
static void
acc_append(struct copy_acc *dst, const struct copy_acc *src)
{
	size_t i, j;

	append(&dst->v, dst->n, src->v, src->n);
	append(&dst->secs, dst->n, src->secs, src->n);
	append(&dst->cyc, dst->n, src->cyc, src->n);
	append(&dst->ins, dst->n, src->ins, src->n);
	dst->n += src->n;
	append(&dst->cpu, dst->ncpu, src->cpu, src->ncpu);
	append(&dst->wall, dst->ncpu, src->wall, src->ncpu);
	dst->ncpu += src->ncpu;
	dst->iters = src->iters;
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
		} else if (extra_is_total(src->x[i].name))
			dst->x[j].value += src->x[i].value;
		else
			dst->x[j].value = src->x[i].value;
	}
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

static void
case_run_release(struct case_run *cr)
{
	unsigned k;

	for (k = 0; k < cr->ncopies; k++)
		copy_acc_release(&cr->acc[k]);
	free(cr->acc);
	free(cr->pmed);
	cr->acc = NULL;
	cr->pmed = NULL;
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
 * A CPU case measured alone: its samples come from several fresh
 * processes (each re-exec'd when the runner may, so each has its own
 * address layout), at least `procs` of them; the first calibrates and the
 * others reuse its iterations.  Each process gets its share of the
 * warm-up and half the budget's share: the first `procs` spend half the
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
static void
measure_case(const struct runner_opts *o, struct bench_ctx *ctx, size_t ci,
    const struct child_plan *cp, unsigned ncopies, unsigned procs,
    struct case_run *cr, struct progress *pg)
{
	const struct bench_case *c = &ctx->cases[ci];
	struct child_plan rp = *cp;
	struct case_run one;
	struct stats st;
	double spent = 0;

	procs = case_processes(c, procs);
	if (ncopies > 1 || procs <= 1 || !(c->flags & BENCH_CPU)) {
		run_case(o, ctx, ci, cp, ncopies, cr, pg, NULL, -1);
		cr->window = cp->window;
		cr->no_aslr = o->no_aslr && o->exec_self;
		return;
	}
	rp.budget = cp->budget / (2.0 * procs);
	rp.warmup = cp->warmup / procs;
	rp.process = 0;
	run_case(o, ctx, ci, &rp, 1, cr, pg, NULL, -1);
	cr->no_aslr = o->no_aslr && o->exec_self;
	if (cr->status != ST_OK)
		return;
	cr->pmed = xcalloc(3 * procs, sizeof(*cr->pmed));
	cr->pmed[cr->np++] = stats_median(cr->acc[0].v, cr->acc[0].n);
	acc_first_process(&cr->acc[0]);
	spent = cr->seconds;
	if (c->kind != BENCH_REPORTED)
		rp.fixed_iters = cr->acc[0].iters;
	while (cr->np < 3 * procs && !stopflag_requested()) {
		if (cr->np >= procs) {
			stats_compute(&st, cr->pmed, cr->np);
			if (st.sdcv <= cp->target_cv ||
			    spent >= cp->budget + cp->warmup)
				break;
		}
		rp.process = cr->np;
		run_case(o, ctx, ci, &rp, 1, &one, pg, NULL, -1);
		spent += one.seconds;
		if (one.status != ST_OK) {
			/* a process that failed decides the row */
			case_run_release(cr);
			*cr = one;
			cr->no_aslr = o->no_aslr && o->exec_self;
			return;
		}
		cr->pmed[cr->np++] = stats_median(one.acc[0].v,
		    one.acc[0].n);
		acc_append(&cr->acc[0], &one.acc[0]);
		case_run_release(&one);
	}
	cr->seconds = spent;
}

int
runner_pair_more(size_t r, size_t most, double log_hw, double target_cv,
    double spent, double spent_first, double budget_all)
{
	double limit = budget_all > 2 * spent_first ? budget_all :
	    2 * spent_first;

	return r < most && !isnan(log_hw) && log_hw > 2 * target_cv &&
	    spent < limit;
}

/*
 * Paired builds (run --against): the case's measuring processes of every
 * build alternate in rounds, the order turned round every other round
 * (A B, B A, A B ...), and each round's processes run on one CPU (the
 * rounds go round `cpus`; any CPU for a case that is not a CPU kernel),
 * so that the machine's drift, over seconds and between CPUs, falls on
 * every build alike; process k of each build is pair k.  A CPU case runs
 * at least RUNNER_PAIR_ROUNDS rounds (or --processes; with variants, a
 * multiple of their number and two per variant at least, round k running
 * variant k mod it in every build, so a pair compares one placement) on
 * half of each build's budget, then more, up to twice as many, while the
 * pairs' ratios of build 1 to build 0 (by placement, as compare reads
 * them: ratio_paired_strata()) give an interval wider than twice the CV
 * target and time is left (runner_pair_more()); any other case runs two
 * rounds.  The
 * first process of a build calibrates, its later ones reuse the count.
 * A process that fails decides its build's row and ends the rounds.
 */
static void
measure_paired(const struct runner_opts *o, struct bench_ctx *const *bctx,
    size_t ci, const struct child_plan *cp, unsigned procs, const int *cpus,
    size_t ncpus, struct case_run *cr, struct progress *pg)
{
	const struct bench_case *c = &bctx[0]->cases[ci];
	int cpu_case = (c->flags & BENCH_CPU) != 0;
	size_t nb = o->nbuilds, k, b, r, rounds, most;
	struct child_plan rp = *cp;
	struct case_run one;
	struct ratio_ci ci95;
	uint64_t *iters = xcalloc(nb, sizeof(*iters));
	double spent = 0, spent_first = 0, med, hw;
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
	}
	for (r = 0; r < most && !failed && !stopflag_requested(); r++) {
		if (r == rounds)
			spent_first = spent;
		if (r >= rounds) {
			hw = ratio_paired_strata(cr[0].pmed, cr[1].pmed,
			    cr[0].np < cr[1].np ? cr[0].np : cr[1].np, nvar,
			    &ci95) != 0 || isnan(ci95.lo) ? NAN :
			    log(ci95.hi / ci95.lo) / 2;
			if (!runner_pair_more(r, most, hw, cp->target_cv, spent,
			    spent_first, (double)nb * (cp->budget +
			    cp->warmup)))
				break;
		}
		pin = cpu_case && ncpus > 0 ? cpus[r % ncpus] : -1;
		for (k = 0; k < nb && !stopflag_requested(); k++) {
			b = r % 2 == 0 ? k : nb - 1 - k;
			rp.process = (uint32_t)r;
			rp.fixed_iters = c->kind != BENCH_REPORTED ? iters[b] : 0;
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
			if (cr[b].acc == NULL) {
				double *pm = cr[b].pmed;

				cr[b] = one;
				cr[b].pmed = pm;
				iters[b] = one.acc[0].iters;
				acc_first_process(&cr[b].acc[0]);
			} else {
				acc_append(&cr[b].acc[0], &one.acc[0]);
				cr[b].seconds += one.seconds;
				case_run_release(&one);
			}
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

/* Turn a finished case into rows for the sink. */
static void
case_rows(const struct bench_ctx *ctx, const struct bench_case *c,
    struct case_run *cr, runner_sink_fn sink, void *arg, int *bad,
    int *stop)
{
	struct result r;
	unsigned k, nc = cr->ncopies;
	size_t i, n;
	double *v;

	/* per-copy rows first when several copies ran */
	for (k = 0; nc > 1 && k < nc; k++) {
		struct copy_acc *a = &cr->acc[k];

		row_init(&r, ctx, c, NULL);
		r.copies = nc;
		r.copy = k + 1;
		r.status = a->status;
		r.seconds = cr->seconds;
		r.iters = a->iters;
		if (a->status == ST_OK) {
			result_set_samples(&r, a->v, a->n);
			row_counters(&r, a, c);
			row_cpu(&r, a, 1, c);
		} else {
			strlcpy_bb(r.reason, a->reason, sizeof(r.reason));
		}
		emit(sink, arg, &r, bad, stop);
	}

	row_init(&r, ctx, c, NULL);
	r.copies = nc;
	r.copy = 0;
	r.status = cr->status;
	r.seconds = cr->seconds;
	r.iters = cr->acc[0].iters;
	if (cr->status == ST_OK) {
		if (nc > 1) {
			v = main_values(cr, c, &n);
			result_set_samples(&r, v, n);
			free(v);
		} else {
			result_set_samples(&r, cr->acc[0].v, cr->acc[0].n);
			row_counters(&r, &cr->acc[0], c);
			if (cr->np > 1)
				runner_row_procs(&r, cr->pmed, cr->np,
				    c->variants);
		}
		row_cpu(&r, cr->acc, nc, c);
	} else {
		strlcpy_bb(r.reason, cr->reason, sizeof(r.reason));
	}
	/* extras are context (phase times, a residual), kept on any row */
	for (i = 0; i < cr->acc[0].nx; i++)
		result_add_extra(&r, cr->acc[0].x[i].name,
		    cr->acc[0].x[i].value);
	if (cr->np > 1)
		result_add_extra(&r, "processes", (double)cr->np);
	if (cr->no_aslr)
		result_add_extra(&r, "no-aslr", 1);
	cr->flags = r.flags;
	emit(sink, arg, &r, bad, stop);

	/* metric rows: <case>/<metric>, only for results that verified */
	if (cr->status != ST_OK)
		return;
	for (i = 0; i < cr->acc[0].nm; i++) {
		const struct metric_acc *ma = &cr->acc[0].m[i];

		row_init(&r, ctx, c, ma->name);
		strlcpy_bb(r.unit, ma->unit, sizeof(r.unit));
		r.better = ma->better ? ma->better : BENCH_HIGHER;
		r.copies = nc;
		r.status = ST_OK;
		r.seconds = cr->seconds;
		r.iters = cr->acc[0].iters;
		if (nc > 1) {
			v = combine(cr->acc, nc, 1, i, r.better != BENCH_LOWER,
			    &n);
			result_set_samples(&r, v, n);
			free(v);
		} else {
			result_set_samples(&r, ma->v, ma->n);
			if (ma->npm > 1)
				result_set_units(&r, RESULT_PROC_EXTRA,
				    ma->pm, ma->npm);
		}
		if (ma->spread)
			r.flags &= ~RF_NOISY;
		emit(sink, arg, &r, bad, stop);
	}
}

/* ---- derived rows (bench.h: struct bench_derived) --------------------- */

/*
 * The clock for per-MHz figures: the first --cpu CPU's, else the fastest
 * CPU's; 0 when unknown.
 */
static double
derived_clock(const struct runner_opts *o, const char **source)
{
	const char *src;
	double mhz, best = 0;
	long cpu, n = sysconf(_SC_NPROCESSORS_CONF);

	*source = NULL;
	if (o->cpus != NULL && o->ncpus > 0) {
		if (sysinfo_cpu_mhz(o->clock, o->cpus[0], &mhz, &src) != 0 ||
		    !(mhz > 0))
			return 0;
		*source = src;
		return mhz;
	}
	for (cpu = 0; cpu < n; cpu++)
		if (sysinfo_cpu_mhz(o->clock, (int)cpu, &mhz, &src) == 0 &&
		    mhz > best) {
			best = mhz;
			*source = src;
		}
	return best;
}

/* One derived row from the main samples (see runner-int.h). */
int
runner_derived_fill(struct result *r, const struct bench_derived *d,
    const struct bench_case *c, const double *v, const double *cyc,
    size_t n, double div, double mhz, const char *source)
{
	double *out, *hz, x, scale = d->scale;
	int counted = d->how == BENCH_D_CYCLES && cyc != NULL;
	char name[sizeof(r->extra->name)];
	size_t i;

	strlcpy_bb(r->unit, d->unit, sizeof(r->unit));
	r->better = d->how == BENCH_D_CYCLES ? BENCH_LOWER : c->better;
	if (d->how == BENCH_D_CYCLES && scale == 0)
		scale = c->work;
	if (d->how != BENCH_D_SCALE && !counted && !(mhz > 0)) {
		r->status = ST_SKIPPED;
		r->flags |= RF_NOCLOCK;
		bufprintf(r->reason, sizeof(r->reason), "CPU clock unknown "
		    "(no cpufreq and not measured%s): run 'boardbench info "
		    "--measure-clock' first (kept until reboot)", d->how ==
		    BENCH_D_CYCLES ? ", no cycle counter" : "");
		return -1;
	}
	out = xcalloc(n ? n : 1, sizeof(*out));
	hz = xcalloc(n ? n : 1, sizeof(*hz));
	for (i = 0; i < n; i++) {
		x = v[i] / div;
		if (d->how == BENCH_D_SCALE)
			out[i] = v[i] * scale;
		else if (d->how == BENCH_D_PER_MHZ)
			out[i] = x * scale / mhz;
		else if (counted) {
			out[i] = cyc[i] * scale;
			hz[i] = c->kind == BENCH_TIME ? cyc[i] / x : cyc[i] * x;
		} else
			out[i] = scale * (c->kind == BENCH_TIME ?
			    x * mhz * 1e6 : mhz * 1e6 / x);
	}
	r->status = ST_OK;
	result_set_samples(r, out, n);
	if (counted)
		result_add_extra(r, "clock:counter", stats_median(hz, n) / 1e6);
	else if (d->how != BENCH_D_SCALE) {
		bufprintf(name, sizeof(name), "clock:%s",
		    source != NULL ? source : "unknown");
		result_add_extra(r, name, mhz);
	}
	free(out);
	free(hz);
	return 0;
}

/* Several processes: a derived row's statistics over their medians. */
static void
derived_procs(struct result *r, const struct bench_derived *d,
    const struct bench_case *c, const struct case_run *cr, double mhz,
    const char *source)
{
	struct result t;

	memset(&t, 0, sizeof(t));
	if (runner_derived_fill(&t, d, c, cr->pmed, NULL, cr->np, 1, mhz,
	    source) == 0)
		runner_row_procs(r, t.samples, t.nsamples, c->variants);
	result_release(&t);
}

/*
 * The derived rows of a verified case, from the aggregate samples (per
 * copy where a figure is per MHz or per cycle) and the cycles counted per
 * unit of work when every copy counted them.
 */
static void
derived_rows(const struct runner_opts *o, const struct bench_ctx *ctx,
    const struct bench_case *c, const struct case_run *cr,
    runner_sink_fn sink, void *arg, int *bad, int *stop)
{
	const struct bench_derived *d;
	const char *source = NULL;
	double *v, *cyc, mhz = 0, work;
	unsigned k, nc = cr->ncopies;
	int sum = c->better != BENCH_LOWER, need_clock = 0;
	struct result r;
	size_t i, n;

	if (c->derived == NULL || cr->status != ST_OK)
		return;
	v = main_values(cr, c, &n);
	cyc = xcalloc(n ? n : 1, sizeof(*cyc));
	for (k = 0; k < nc && cyc != NULL; k++) {
		work = c->work * (double)cr->acc[k].iters;
		for (i = 0; i < n && cyc != NULL; i++) {
			if (c->kind == BENCH_REPORTED || !(work > 0) ||
			    isnan(cr->acc[k].cyc[i])) {
				free(cyc);
				cyc = NULL;
			} else
				cyc[i] += cr->acc[k].cyc[i] / work / nc;
		}
	}
	for (d = c->derived; d->name != NULL; d++)
		if (d->how == BENCH_D_PER_MHZ ||
		    (d->how == BENCH_D_CYCLES && cyc == NULL))
			need_clock = 1;
	if (need_clock)
		mhz = derived_clock(o, &source);
	for (d = c->derived; d->name != NULL && !*stop; d++) {
		row_init(&r, ctx, c, d->name);
		r.copies = nc;
		r.seconds = cr->seconds;
		r.iters = cr->acc[0].iters;
		runner_derived_fill(&r, d, c, v, cyc, n, sum ? nc : 1, mhz,
		    source);
		if (cr->np > 1 && r.status == ST_OK &&
		    !(d->how == BENCH_D_CYCLES && cyc != NULL))
			derived_procs(&r, d, c, cr, mhz, source);
		r.flags |= cr->flags;	/* a figure of its case: every flag */
		emit(sink, arg, &r, bad, stop);
	}
	free(v);
	free(cyc);
}

/* ---- cases done one after another (bench.h: BENCH_SERIAL) ------------ */

/* The figure of work wa at x and work wb at y, one after the other. */
static double
serial_value(double x, double wa, double y, double wb, int lower)
{
	if (lower)
		return (wa * x + wb * y) / (wa + wb);
	return (wa + wb) / (wa / x + wb / y);
}

/*
 * The values of a and b paired in order (the i-th of each; for process
 * medians process K of each, in a paired run pair K), as many as the
 * fewer of them, each pair combined; NULL when either has none.
 */
static double *
serial_values(const double *a, size_t na, double wa, const double *b,
    size_t nb, double wb, int lower, size_t *n)
{
	double *out;
	size_t i;

	*n = na < nb ? na : nb;
	if (*n == 0)
		return NULL;
	out = xcalloc(*n, sizeof(*out));
	for (i = 0; i < *n; i++)
		out[i] = serial_value(a[i], wa, b[i], wb, lower);
	return out;
}

/*
 * Extras that describe one case's own measuring (the monitor's, the
 * processes', a comparison's units): a serial row does not take its
 * parts'.
 */
static int
serial_extra_own(const char *name)
{
	static const char *const own[] = {
		"mon.", "power:", "energy:", RESULT_PROC_EXTRA,
		RESULT_RUN_EXTRA, "cv:samples", "processes", "cpu/wall",
		"preempted", NULL
	};
	size_t i;

	for (i = 0; own[i] != NULL; i++)
		if (strncmp(name, own[i], strlen(own[i])) == 0)
			return 1;
	return 0;
}

void
runner_serial_fill(struct result *r, const struct result *a, double wa,
    const struct result *b, double wb)
{
	const struct result *bad = a->status != ST_OK ? a :
	    b->status != ST_OK ? b : NULL;
	int lower = a->better == BENCH_LOWER;
	double *ua, *ub, *v, y;
	size_t na, nb, n, i;

	strlcpy_bb(r->unit, a->unit, sizeof(r->unit));
	r->better = a->better;
	r->copies = a->copies;
	r->seconds = a->seconds + b->seconds;
	r->iters = 0;
	if (bad != NULL) {
		r->status = ST_SKIPPED;
		if (bad->status == ST_SKIPPED) {
			r->flags |= bad->flags & RF_NOCLOCK;
			strlcpy_bb(r->reason, bad->reason, sizeof(r->reason));
		} else
			bufprintf(r->reason, sizeof(r->reason), "no figure: "
			    "%s is %s", bad->case_name,
			    result_status_name(bad->status));
		return;
	}
	r->status = ST_OK;
	v = serial_values(a->samples, a->nsamples, wa, b->samples,
	    b->nsamples, wb, lower, &n);
	result_set_samples(r, v, n);
	free(v);
	ua = xcalloc(RESULT_UNITS_MAX, sizeof(*ua));
	ub = xcalloc(RESULT_UNITS_MAX, sizeof(*ub));
	na = result_units(a, RESULT_PROC_EXTRA, ua, RESULT_UNITS_MAX);
	nb = result_units(b, RESULT_PROC_EXTRA, ub, RESULT_UNITS_MAX);
	if (na > 1 && nb > 1) {
		v = serial_values(ua, na, wa, ub, nb, wb, lower, &n);
		runner_row_procs(r, v, n, 0);
		free(v);
	}
	free(ua);
	free(ub);
	/* the figure itself from theirs: always between the two (a
	 * median of the pairs need not be) */
	r->st.median = serial_value(a->st.median, wa, b->st.median, wb,
	    lower);
	r->flags |= a->flags | b->flags;
	if (isfinite(a->cycles) && isfinite(b->cycles))
		r->cycles = serial_value(a->cycles, wa, b->cycles, wb, 1);
	if (isfinite(a->instructions) && isfinite(b->instructions))
		r->instructions = serial_value(a->instructions, wa,
		    b->instructions, wb, 1);
	/* phase times and iterations add up; the rest (a residual): the
	 * larger */
	for (i = 0; i < a->nextra; i++) {
		if (serial_extra_own(a->extra[i].name) ||
		    result_get_extra(b, a->extra[i].name, &y) != 0)
			continue;
		if (extra_is_total(a->extra[i].name))
			y += a->extra[i].value;
		else if (a->extra[i].value > y)
			y = a->extra[i].value;
		result_add_extra(r, a->extra[i].name, y);
	}
}

/*
 * The rows so far of the benchmark being run, for its BENCH_SERIAL cases:
 * every copy-0 row that went to one build's sink, copied after the sink
 * (which adds the monitor's flags to it).
 */
struct kept {
	runner_sink_fn sink;
	void *arg;
	struct result *rows;
	size_t n;
};

static int
keep_row(void *arg, struct result *r)
{
	struct kept *k = arg;
	int rc = k->sink(k->arg, r);

	/* (NULL: a case's rows were all given) */
	if (r != NULL && r->copy == 0) {
		k->rows = xreallocarray(k->rows, k->n + 1, sizeof(*k->rows));
		result_copy(&k->rows[k->n++], r);
	}
	return rc;
}

static void
kept_release(struct kept *k)
{
	result_free_rows(k->rows, k->n);
	k->rows = NULL;
	k->n = 0;
}

/* The kept row of case `cname` (its latest), or NULL. */
static const struct result *
kept_find(const struct kept *k, const char *cname)
{
	size_t i;

	for (i = k->n; i > 0; i--)
		if (strcmp(k->rows[i - 1].case_name, cname) == 0)
			return &k->rows[i - 1];
	return NULL;
}

/*
 * The rows of BENCH_SERIAL case ci (its own, then its derived rows), each
 * from the same rows of its parts, kept in k.
 */
static void
serial_rows(const struct bench_ctx *ctx, size_t ci, const struct kept *k,
    runner_sink_fn sink, void *arg, int *bad, int *stop)
{
	const struct bench_case *c = &ctx->cases[ci], *p[2];
	const struct result *pr[2];
	const char *sfx;
	char name[2][sizeof(c->name) + 64];
	struct result r;
	size_t i, j, nd = 0;

	for (i = 0; c->derived != NULL && c->derived[i].name != NULL; i++)
		nd++;
	for (i = 0; i <= nd && !*stop; i++) {
		sfx = i > 0 ? c->derived[i - 1].name : NULL;
		row_init(&r, ctx, c, sfx);
		for (j = 0; j < 2; j++) {
			pr[j] = NULL;
			if (c->part[j] < 0 || (size_t)c->part[j] >= ci)
				continue;
			p[j] = &ctx->cases[c->part[j]];
			bufprintf(name[j], sizeof(name[j]), "%s%s%s",
			    p[j]->name, sfx ? "/" : "", sfx ? sfx : "");
			pr[j] = kept_find(k, name[j]);
		}
		if (pr[0] != NULL && pr[1] != NULL) {
			runner_serial_fill(&r, pr[0], p[0]->work, pr[1],
			    p[1]->work);
		} else {
			r.status = ST_FAILED;
			bufprintf(r.reason, sizeof(r.reason), "its parts were "
			    "not measured before it (a plan that names no "
			    "earlier cases)");
		}
		emit(sink, arg, &r, bad, stop);
	}
}

static void
skipped_rows(const struct bench_ctx *ctx, const char *why,
    runner_sink_fn sink, void *arg, int *bad, int *stop)
{
	struct result r;
	size_t i;

	if (ctx->ncases == 0) {
		row_init(&r, ctx, NULL, NULL);
		r.status = ST_SKIPPED;
		strlcpy_bb(r.reason, why, sizeof(r.reason));
		emit(sink, arg, &r, bad, stop);
		case_done(sink, arg, stop);
		return;
	}
	for (i = 0; i < ctx->ncases; i++) {
		row_init(&r, ctx, &ctx->cases[i], NULL);
		r.status = ST_SKIPPED;
		strlcpy_bb(r.reason, why, sizeof(r.reason));
		emit(sink, arg, &r, bad, stop);
		case_done(sink, arg, stop);
	}
}

static void
make_plan(const struct runner_opts *o, struct child_plan *cp)
{
	const struct profile *p = o->profile;

	memset(cp, 0, sizeof(*cp));
	cp->min_sample = o->min_sample > 0 ? o->min_sample : p->min_sample;
	cp->warmup = o->warmup >= 0 ? o->warmup : p->warmup;
	cp->budget = o->budget > 0 ? o->budget : p->budget;
	cp->target_cv = p->target_cv;
	cp->min_samples = p->min_samples;
	cp->max_samples = p->max_samples;
	cp->timeout = o->timeout > 0 ? o->timeout :
	    60 + 10 * (cp->budget + cp->warmup);
}

/*
 * The plan for one benchmark's cases: the run's, with the benchmark's own
 * sampling overrides where the user gave none (bench.h).
 */
static void
bench_plan(const struct runner_opts *o, const struct child_plan *base,
    const struct bench_info *b, struct child_plan *cp)
{
	*cp = *base;
	if (b->min_sample > 0 && o->min_sample <= 0)
		cp->min_sample = b->min_sample;
	if (b->budget > 0 && o->budget <= 0)
		cp->budget = b->budget;
	if (b->min_samples > 0 && b->min_samples <= cp->max_samples)
		cp->min_samples = b->min_samples;
	if (b->warmup > 0 && o->warmup < 0)
		cp->warmup = b->warmup;
}

double
runner_case_timeout(const struct runner_opts *o, const struct child_plan *cp,
    const struct bench_case *c)
{
	/* calibration, warm-up, the samples, one more for setup and verify */
	double need = 60 + (cp->min_samples + 3) * c->iter_seconds;

	return o->timeout <= 0 && need > cp->timeout ? need : cp->timeout;
}

/*
 * Tell the hooks each row name the plan holds, then that it is done, with
 * how many cases it holds.
 */
static void
announce_plan(const struct runner_hooks *h, struct bench_ctx *const *ctxs,
    size_t nb, size_t ncases)
{
	const struct bench_derived *d;
	const struct bench_phase *ph;
	const struct bench_case *c;
	char name[200];
	size_t i, j;

	for (i = 0; i < nb && h->plan_name != NULL; i++) {
		for (j = 0; ctxs[i] != NULL && j < ctxs[i]->ncases; j++) {
			c = &ctxs[i]->cases[j];
			h->plan_name(h->arg, ctxs[i]->info->name, c->name, 1);
			for (d = c->derived; d != NULL && d->name != NULL;
			    d++) {
				bufprintf(name, sizeof(name), "%s/%s", c->name,
				    d->name);
				h->plan_name(h->arg, ctxs[i]->info->name, name,
				    0);
			}
			ph = ctxs[i]->info->phases ?
			    ctxs[i]->info->phases(c) : NULL;
			for (; ph != NULL && ph->name != NULL; ph++) {
				if (!ph->row)
					continue;
				bufprintf(name, sizeof(name), "%s/%s", c->name,
				    ph->name);
				h->plan_name(h->arg, ctxs[i]->info->name, name,
				    0);
			}
		}
	}
	if (h->planned != NULL)
		h->planned(h->arg, ncases);
}

/*
 * Paired build k's context for the benchmark of ctx: ctx itself, or one
 * planned with the build's own parameters, which must give the same
 * cases (names and order); NULL when they do not (or planning failed).
 */
static struct bench_ctx *
build_ctx(const struct runner_opts *o, size_t k, struct bench_ctx *ctx,
    int *bad)
{
	struct bench_ctx *b;
	size_t i;

	if (o->builds[k].params == NULL)
		return ctx;
	b = bench_ctx_new(ctx->info, o->profile->name, o->builds[k].params);
	if (b == NULL) {
		*bad = 1;
		return NULL;
	}
	for (i = 0; i < ctx->ncases && b->ncases == ctx->ncases; i++)
		if (strcmp(b->cases[i].name, ctx->cases[i].name) != 0)
			break;
	if (b->ncases != ctx->ncases || i < ctx->ncases) {
		bench_ctx_free(b);
		return NULL;
	}
	return b;
}

/* A FAILED row for case c of build k: its parameters plan other cases. */
static void
other_cases_row(const struct bench_ctx *ctx, const struct bench_case *c,
    const struct runner_opts *o, size_t k, runner_sink_fn sink, void *arg,
    int *bad, int *stop)
{
	struct result r;

	row_init(&r, ctx, c, NULL);
	r.status = ST_FAILED;
	bufprintf(r.reason, sizeof(r.reason), "the paired builds' own "
	    "parameters (-p X:...) plan other cases of %s", ctx->info->name);
	emit(k ? o->builds[k].sink : sink, k ? o->builds[k].arg : arg, &r,
	    bad, stop);
	case_done(k ? o->builds[k].sink : sink, k ? o->builds[k].arg : arg,
	    stop);
}

/*
 * The CPUs paired rounds go round: the --cpu list, else every CPU this
 * process may run on.  Returns how many (*out owned).
 */
static size_t
pair_cpus(const struct runner_opts *o, int **out)
{
	struct cpuset set;
	size_t n = 0;
	int c;

	if (o->cpus != NULL && o->ncpus > 0) {
		*out = xcalloc(o->ncpus, sizeof(**out));
		memcpy(*out, o->cpus, o->ncpus * sizeof(**out));
		return o->ncpus;
	}
	cpuset_init(&set);
	if (cpuset_get_affinity(&set) != 0 || cpuset_empty(&set)) {
		*out = xcalloc(1, sizeof(**out));
		cpuset_release(&set);
		return 0;
	}
	*out = xcalloc((size_t)cpuset_count(&set), sizeof(**out));
	for (c = cpuset_next(&set, 0); c >= 0; c = cpuset_next(&set, c + 1))
		(*out)[n++] = c;
	cpuset_release(&set);
	return n;
}

int
runner_run(const struct runner_opts *o, const struct bench_info *const *bl,
    size_t nb, runner_sink_fn sink, void *arg, int *interrupted)
{
	struct bench_ctx **ctxs = xcalloc(nb ? nb : 1, sizeof(*ctxs));
	struct child_plan base, cp;
	struct progress pg;
	int paired = o->builds != NULL && o->nbuilds >= 2;
	struct case_run *pcr = xcalloc(paired ? o->nbuilds : 1, sizeof(*pcr));
	int *pcpus = NULL;
	struct bench_ctx **bctx = xcalloc(paired ? o->nbuilds : 1,
	    sizeof(*bctx));
	size_t nbuilds = paired ? o->nbuilds : 1;
	struct kept *keep = xcalloc(nbuilds, sizeof(*keep));
	size_t i, j, k, n, total = 0, npcpus = 0;
	int bad = 0, stop = 0, have_saved, serial;
	char why[160];
	unsigned procs;
	struct cpuset saved;

	make_plan(o, &base);
	procs = o->processes > 0 ? o->processes : o->profile->processes;
	self_exe[0] = '\0';
	if (o->exec_self) {
		ssize_t len = readlink("/proc/self/exe", self_exe,
		    sizeof(self_exe) - 1);

		self_exe[len > 0 ? len : 0] = '\0';
	}
	memset(&pg, 0, sizeof(pg));
	/*
	 * Plan with the CPUs a case's process will have (all of --cpu), so
	 * that a plan made from the affinity (wakeup, the pingpong matrix) is
	 * the one a re-exec'd child makes again.
	 */
	cpuset_init(&saved);
	have_saved = o->cpus != NULL && o->ncpus > 0 &&
	    cpuset_get_affinity(&saved) == 0;
	if (have_saved)
		child_setup_cpu(o, 0, 1, -1);
	for (i = 0; i < nb; i++) {
		ctxs[i] = bench_ctx_new(bl[i], o->profile->name, o->params);
		if (ctxs[i] == NULL) {
			bad = 1;
			continue;
		}
		n = ctxs[i]->ncases ? ctxs[i]->ncases : 1;
		total += n;
		for (j = 0; j < ctxs[i]->ncases; j++)
			n -= ctxs[i]->cases[j].kind == BENCH_SERIAL;
		bench_plan(o, &base, bl[i], &cp);
		pg.est_total += (double)n * case_estimate(&cp) *
		    (o->copies > 1 ? 1.3 : 1.0);
	}
	if (have_saved)
		(void)cpuset_set_affinity(&saved);
	cpuset_release(&saved);
	if (paired)
		npcpus = pair_cpus(o, &pcpus);
	if (o->hooks != NULL)
		announce_plan(o->hooks, ctxs, nb, total);
	pg.on = o->progress;
	pg.n = total;
	pg.start = now_mono();

	for (i = 0; i < nb && !stop && !stopflag_requested(); i++) {
		struct bench_ctx *ctx = ctxs[i];
		unsigned nc = 1;

		if (ctx == NULL)
			continue;
		if (registry_unavailable(ctx->info, why, sizeof(why)) ||
		    ctx->ncases == 0) {
			if (ctx->ncases == 0 && why[0] == '\0')
				strlcpy_bb(why, "no cases selected",
				    sizeof(why));
			skipped_rows(ctx, why, sink, arg, &bad, &stop);
			for (k = 1; paired && k < o->nbuilds; k++)
				skipped_rows(ctx, why, o->builds[k].sink,
				    o->builds[k].arg, &bad, &stop);
			pg.i += ctx->ncases ? ctx->ncases : 1;
			continue;
		}
		bctx[0] = ctx;
		for (k = 1; paired && k < o->nbuilds; k++)
			bctx[k] = build_ctx(o, k, ctx, &bad);
		/* a case made from others: each build's rows are kept */
		for (j = 0, serial = 0; j < ctx->ncases; j++)
			serial |= ctx->cases[j].kind == BENCH_SERIAL;
		for (k = 0; k < nbuilds; k++) {
			keep[k].sink = k ? o->builds[k].sink : sink;
			keep[k].arg = k ? o->builds[k].arg : arg;
		}
		for (j = 0; j < ctx->ncases && !stop &&
		    !stopflag_requested(); j++) {
			const struct bench_case *c = &ctx->cases[j];

			for (k = 1; paired && k < o->nbuilds; k++)
				if (bctx[k] == NULL)
					break;
			if (paired && k < o->nbuilds) {
				/* a build's parameters planned other cases */
				for (k = 0; k < o->nbuilds; k++)
					other_cases_row(ctx, c, o, k, sink, arg,
					    &bad, &stop);
				pg.i++;
				continue;
			}
			if (c->kind == BENCH_SERIAL) {
				/* rows from rows: nothing is measured */
				if (o->hooks != NULL &&
				    o->hooks->case_combined != NULL)
					o->hooks->case_combined(o->hooks->arg);
				for (k = 0; k < nbuilds; k++) {
					serial_rows(paired ? bctx[k] : ctx, j,
					    &keep[k], keep[k].sink, keep[k].arg,
					    &bad, &stop);
					case_done(keep[k].sink, keep[k].arg,
					    &stop);
				}
				pg.i++;
				continue;
			}

			bench_plan(o, &base, ctx->info, &cp);
			nc = (c->flags & BENCH_CPU) &&
			    !(c->flags & BENCH_NO_COPIES) ? o->copies : 1;
			if (nc > 1) {
				/* copies: common windows, each long enough
				 * for several samples */
				cp.windows = COPY_WINDOWS;
				cp.window = cp.budget / COPY_WINDOWS;
				if (cp.window < COPY_WINDOW_SAMPLES *
				    cp.min_sample)
					cp.window = COPY_WINDOW_SAMPLES *
					    cp.min_sample;
			}
			cp.timeout = runner_case_timeout(o, &cp, c);
			if (o->hooks != NULL && o->hooks->case_begin != NULL)
				o->hooks->case_begin(o->hooks->arg, ctx->info,
				    j, c->name);
			pg.bench = ctx->info->name;
			pg.cname = c->name;
			progress_show(&pg, 0);
			if (paired) {
				measure_paired(o, bctx, j, &cp, procs, pcpus,
				    npcpus, pcr, &pg);
			} else {
				measure_case(o, ctx, j, &cp, nc, procs, &pcr[0],
				    &pg);
			}
			progress_clear(&pg);
			if (o->hooks != NULL && o->hooks->case_end != NULL)
				o->hooks->case_end(o->hooks->arg);
			for (k = 0; k < nbuilds; k++) {
				runner_sink_fn bs = serial ? keep_row :
				    keep[k].sink;
				void *ba = serial ? (void *)&keep[k] :
				    keep[k].arg;
				struct bench_ctx *kc = paired ? bctx[k] : ctx;

				pcr[k].no_aslr = o->no_aslr && o->exec_self;
				case_rows(kc, &kc->cases[j], &pcr[k], bs, ba,
				    &bad, &stop);
				derived_rows(o, kc, &kc->cases[j], &pcr[k], bs,
				    ba, &bad, &stop);
				case_done(bs, ba, &stop);
				case_run_release(&pcr[k]);
			}
			pg.i++;
			pg.est_done += case_estimate(&cp);
		}
		for (k = 1; paired && k < o->nbuilds; k++) {
			if (bctx[k] != ctx)
				bench_ctx_free(bctx[k]);
			bctx[k] = NULL;
		}
		for (k = 0; k < nbuilds; k++)
			kept_release(&keep[k]);
	}
	progress_clear(&pg);
	for (i = 0; i < nb; i++)
		bench_ctx_free(ctxs[i]);
	free(ctxs);
	free(pcr);
	free(pcpus);
	free(bctx);
	free(keep);
	*interrupted = stopflag_requested();
	return bad;
}
