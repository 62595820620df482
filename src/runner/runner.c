/*
 * runner.c - the parent side of the runner, the run loop: profiles and
 * their plans, the signals, --cpu, progress on a terminal, and
 * runner_run(), which plans every benchmark and goes through its cases
 * (skipped, serial and paired ones too).  Measuring one case is in
 * runner-measure.c, the rows made of it in runner-rows.c.
 */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpuset.h"
#include "runner.h"
#include "runner-int.h"
#include "runner-wire.h"
#include "spawn.h"
#include "stopflag.h"
#include "util.h"

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

/* ---- progress -------------------------------------------------------- */

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

/*
 * The rows so far of the benchmark being run, for its BENCH_SERIAL cases:
 * every copy-0 row that went to one build's sink, copied after the
 * watch (runner_watch_row) finished it.
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
		runner_row_init(&r, ctx, c, sfx);
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
		runner_emit(sink, arg, &r, bad, stop);
	}
}

static void
skipped_rows(const struct bench_ctx *ctx, const char *why,
    runner_sink_fn sink, void *arg, int *bad, int *stop)
{
	struct result r;
	size_t i;

	if (ctx->ncases == 0) {
		runner_row_init(&r, ctx, NULL, NULL);
		r.status = ST_SKIPPED;
		strlcpy_bb(r.reason, why, sizeof(r.reason));
		runner_emit(sink, arg, &r, bad, stop);
		runner_case_done(sink, arg, stop);
		return;
	}
	for (i = 0; i < ctx->ncases; i++) {
		runner_row_init(&r, ctx, &ctx->cases[i], NULL);
		r.status = ST_SKIPPED;
		strlcpy_bb(r.reason, why, sizeof(r.reason));
		runner_emit(sink, arg, &r, bad, stop);
		runner_case_done(sink, arg, stop);
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
    size_t nb, size_t ncases, int energy)
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
			if (energy) {
				bufprintf(name, sizeof(name), "%s/energy",
				    c->name);
				h->plan_name(h->arg, ctxs[i]->info->name, name,
				    0);
			}
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
    runner_sink_fn sink, void *arg, int *bad, int *stop)
{
	struct result r;

	runner_row_init(&r, ctx, c, NULL);
	r.status = ST_FAILED;
	bufprintf(r.reason, sizeof(r.reason), "the paired builds' own "
	    "parameters (-p X:...) plan other cases of %s", ctx->info->name);
	runner_emit(sink, arg, &r, bad, stop);
	runner_case_done(sink, arg, stop);
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

/* What runner_run()'s phases share: the options, the progress line, a
 * paired run's builds, the rows kept for serial cases, the outcome. */
struct run_loop {
	const struct runner_opts *o;
	struct child_plan base;
	struct progress pg;
	int paired;
	size_t nbuilds;			/* 1 unpaired */
	struct case_run *pcr;		/* a case's processes, per build */
	int *pcpus;			/* a paired run's CPUs */
	size_t npcpus;
	struct bench_ctx **bctx;	/* per build: the benchmark's context */
	struct kept *keep;		/* per build: its sink, rows kept */
	unsigned procs;
	struct runner_watch watch;	/* the monitor around each case */
	struct runner_watch_sink *ws;	/* per build: its sink, behind the
					 * watch */
	int bad, stop;
};

/*
 * Plan every benchmark into ctxs[0..nb) (NULL where planning failed: bad)
 * with the CPUs a case's process will have (all of --cpu), so that a plan
 * made from the affinity (wakeup, the pingpong matrix) is the one a
 * re-exec'd child makes again; the estimate of the time it all takes
 * into the progress line.  Returns the count of cases.
 */
static size_t
plan_all(struct run_loop *r, const struct bench_info *const *bl, size_t nb,
    struct bench_ctx **ctxs)
{
	const struct runner_opts *o = r->o;
	struct child_plan cp;
	struct cpuset saved;
	size_t i, j, n, total = 0;
	int have_saved;

	cpuset_init(&saved);
	have_saved = o->cpus != NULL && o->ncpus > 0 &&
	    cpuset_get_affinity(&saved) == 0;
	if (have_saved)
		child_setup_cpu(o, 0, 1, -1);
	for (i = 0; i < nb; i++) {
		ctxs[i] = bench_ctx_new(bl[i], o->profile->name, o->params);
		if (ctxs[i] == NULL) {
			r->bad = 1;
			continue;
		}
		n = ctxs[i]->ncases ? ctxs[i]->ncases : 1;
		total += n;
		for (j = 0; j < ctxs[i]->ncases; j++)
			n -= ctxs[i]->cases[j].kind == BENCH_SERIAL;
		bench_plan(o, &r->base, bl[i], &cp);
		r->pg.est_total += (double)n * case_estimate(&cp) *
		    (o->copies > 1 ? 1.3 : 1.0);
	}
	if (have_saved)
		(void)cpuset_set_affinity(&saved);
	cpuset_release(&saved);
	return total;
}

/*
 * Case j of ctx measured (in each build of a paired run) and its rows,
 * derived rows and end handed to each build's sink (through keep_row when
 * the benchmark has serial cases).
 */
static void
measure_one(struct run_loop *r, struct bench_ctx *ctx, size_t j, int serial)
{
	const struct runner_opts *o = r->o;
	const struct bench_case *c = &ctx->cases[j];
	struct child_plan cp;
	unsigned nc;
	size_t k;
	int cpu;

	bench_plan(o, &r->base, ctx->info, &cp);
	nc = (c->flags & BENCH_CPU) && !(c->flags & BENCH_NO_COPIES) ?
	    o->copies : 1;
	cpu = r->paired ? -1 : runner_case_cpu(o, c, nc);
	if (nc > 1) {
		/* copies: common windows, each long enough for several
		 * samples */
		cp.windows = COPY_WINDOWS;
		cp.window = cp.budget / COPY_WINDOWS;
		if (cp.window < COPY_WINDOW_SAMPLES * cp.min_sample)
			cp.window = COPY_WINDOW_SAMPLES * cp.min_sample;
	}
	cp.timeout = runner_case_timeout(o, &cp, c);
	runner_watch_begin(&r->watch, ctx->info->name, j, c->name, cpu);
	r->pg.bench = ctx->info->name;
	r->pg.cname = c->name;
	runner_progress_show(&r->pg, 0);
	if (r->paired)
		measure_paired(o, r->bctx, j, &cp, r->procs, r->pcpus,
		    r->npcpus, r->pcr, &r->pg);
	else
		measure_case(o, ctx, j, &cp, nc, r->procs, &r->pcr[0], &r->pg);
	progress_clear(&r->pg);
	runner_watch_end(&r->watch);
	for (k = 0; k < r->nbuilds; k++) {
		runner_sink_fn bs = serial ? keep_row : r->keep[k].sink;
		void *ba = serial ? (void *)&r->keep[k] : r->keep[k].arg;
		struct bench_ctx *kc = r->paired ? r->bctx[k] : ctx;

		r->pcr[k].no_aslr = o->no_aslr && o->exec_self;
		r->pcr[k].cpu = cpu;
		runner_case_rows(kc, &kc->cases[j], &r->pcr[k], bs, ba,
		    &r->bad, &r->stop);
		runner_derived_rows(o, r->paired ? o->builds[k].emulated :
		    o->emulated, kc, &kc->cases[j], &r->pcr[k], bs, ba,
		    &r->bad, &r->stop);
		runner_case_done(bs, ba, &r->stop);
		case_run_release(&r->pcr[k]);
	}
	r->pg.i++;
	r->pg.est_done += case_estimate(&cp);
}

/* Serial case j of ctx: its rows made from the kept rows, in each build. */
static void
serial_one(struct run_loop *r, struct bench_ctx *ctx, size_t j)
{
	size_t k;

	/* rows from rows: nothing is measured */
	runner_watch_combined(&r->watch);
	for (k = 0; k < r->nbuilds; k++) {
		serial_rows(r->paired ? r->bctx[k] : ctx, j, &r->keep[k],
		    r->keep[k].sink, r->keep[k].arg, &r->bad, &r->stop);
		runner_case_done(r->keep[k].sink, r->keep[k].arg, &r->stop);
	}
	r->pg.i++;
}

/* One benchmark: its rows SKIPPED when it cannot run, else each case. */
static void
run_bench(struct run_loop *r, struct bench_ctx *ctx)
{
	const struct runner_opts *o = r->o;
	char why[160];
	size_t j, k;
	int serial;

	if (registry_unavailable(ctx->info, why, sizeof(why)) ||
	    ctx->ncases == 0) {
		if (ctx->ncases == 0 && why[0] == '\0')
			strlcpy_bb(why, "no cases selected", sizeof(why));
		for (k = 0; k < r->nbuilds; k++)
			skipped_rows(ctx, why, runner_watch_row, &r->ws[k],
			    &r->bad, &r->stop);
		r->pg.i += ctx->ncases ? ctx->ncases : 1;
		return;
	}
	r->bctx[0] = ctx;
	for (k = 1; r->paired && k < o->nbuilds; k++)
		r->bctx[k] = build_ctx(o, k, ctx, &r->bad);
	/* a case made from others: each build's rows are kept */
	for (j = 0, serial = 0; j < ctx->ncases; j++)
		serial |= ctx->cases[j].kind == BENCH_SERIAL;
	for (k = 0; k < r->nbuilds; k++) {
		r->keep[k].sink = runner_watch_row;
		r->keep[k].arg = &r->ws[k];
	}
	for (j = 0; j < ctx->ncases && !r->stop && !stopflag_requested();
	    j++) {
		const struct bench_case *c = &ctx->cases[j];

		for (k = 1; r->paired && k < o->nbuilds; k++)
			if (r->bctx[k] == NULL)
				break;
		if (r->paired && k < o->nbuilds) {
			/* a build's parameters planned other cases */
			for (k = 0; k < o->nbuilds; k++)
				other_cases_row(ctx, c, runner_watch_row,
				    &r->ws[k], &r->bad, &r->stop);
			r->pg.i++;
		} else if (c->kind == BENCH_SERIAL) {
			serial_one(r, ctx, j);
		} else {
			measure_one(r, ctx, j, serial);
		}
	}
	for (k = 1; r->paired && k < o->nbuilds; k++) {
		if (r->bctx[k] != ctx)
			bench_ctx_free(r->bctx[k]);
		r->bctx[k] = NULL;
	}
	for (k = 0; k < r->nbuilds; k++)
		kept_release(&r->keep[k]);
}

int
runner_run(const struct runner_opts *o, const struct bench_info *const *bl,
    size_t nb, runner_sink_fn sink, void *arg, int *interrupted)
{
	struct bench_ctx **ctxs = xcalloc(nb ? nb : 1, sizeof(*ctxs));
	struct run_loop r;
	size_t i, total;

	memset(&r, 0, sizeof(r));
	r.o = o;
	r.paired = o->builds != NULL && o->nbuilds >= 2;
	r.nbuilds = r.paired ? o->nbuilds : 1;
	r.pcr = xcalloc(r.nbuilds, sizeof(*r.pcr));
	r.bctx = xcalloc(r.nbuilds, sizeof(*r.bctx));
	r.keep = xcalloc(r.nbuilds, sizeof(*r.keep));
	r.ws = xcalloc(r.nbuilds, sizeof(*r.ws));
	runner_watch_init(&r.watch, o);
	for (i = 0; i < r.nbuilds; i++) {
		r.ws[i].w = &r.watch;
		r.ws[i].sink = i ? o->builds[i].sink : sink;
		r.ws[i].arg = i ? o->builds[i].arg : arg;
		r.ws[i].run = i ? o->builds[i].run : o->run;
	}
	make_plan(o, &r.base);
	r.procs = o->processes > 0 ? o->processes : o->profile->processes;
	runner_self_exe[0] = '\0';
	if (o->exec_self) {
		ssize_t len = readlink("/proc/self/exe", runner_self_exe,
		    sizeof(runner_self_exe) - 1);

		runner_self_exe[len > 0 ? len : 0] = '\0';
	}
	total = plan_all(&r, bl, nb, ctxs);
	if (r.paired)
		r.npcpus = pair_cpus(o, &r.pcpus);
	if (o->hooks != NULL)
		announce_plan(o->hooks, ctxs, nb, total,
		    runner_watch_has_power(&r.watch));
	r.pg.on = o->progress;
	r.pg.n = total;
	r.pg.start = now_mono();
	for (i = 0; i < nb && !r.stop && !stopflag_requested(); i++)
		if (ctxs[i] != NULL)
			run_bench(&r, ctxs[i]);
	progress_clear(&r.pg);
	for (i = 0; i < nb; i++)
		bench_ctx_free(ctxs[i]);
	free(ctxs);
	free(r.pcr);
	free(r.pcpus);
	free(r.bctx);
	free(r.keep);
	free(r.ws);
	runner_watch_release(&r.watch);
	*interrupted = stopflag_requested();
	return r.bad;
}
