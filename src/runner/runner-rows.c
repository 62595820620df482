/*
 * runner-rows.c - the rows of a measured case: its statistics (over
 * samples, copies, processes and variants), its metric rows, its derived
 * rows (bench.h: struct bench_derived) and the rows of a case made of two
 * others (BENCH_SERIAL).  It starts no process (runner-measure.c).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner.h"
#include "runner-int.h"
#include "stats.h"
#include "sysinfo.h"
#include "util.h"

/* a sample whose CPU time is below this share of its wall time */
#define PREEMPTED_CPU 0.9

/* ---- assembling rows ------------------------------------------------- */

void
runner_row_init(struct result *r, const struct bench_ctx *ctx,
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
 * preempted; the row says how many ("preempted") and the median share of
 * CPU time ("cpu/wall"), and is flagged when more than a quarter were (a
 * median ignores a few).  a: the copies counted.
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
		if (runner_preempted(preempted, n))
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
 * and slowest as variant:fastest and variant:slowest; *within: the
 * robust spread (a CV) of the processes about their variant's median,
 * over the variants measured in two processes or more (NAN: none was).
 * Returns how many variants had a process (a variant without one is
 * left out).
 */
static size_t
row_variants(struct result *r, const double *pm, size_t np, unsigned nvar,
    double *vm, double *within)
{
	double *one = xcalloc(np ? np : 1, sizeof(*one));
	double *res = xcalloc(np ? np : 1, sizeof(*res));
	char name[sizeof(r->extra->name)];
	size_t k, n, i, nv = 0, nres = 0;
	unsigned v;

	for (v = 0; v < nvar; v++) {
		for (k = 0, n = 0; k < np; k++)
			if (runner_variant_of((unsigned)k, nvar) == v &&
			    pm[k] > 0)
				one[n++] = pm[k];
		if (n == 0)
			continue;
		vm[nv] = stats_median(one, n);
		for (i = 0; n > 1 && i < n; i++)
			res[nres++] = log(one[i] / vm[nv]);
		bufprintf(name, sizeof(name), "variant:%u", v);
		result_add_extra(r, name, vm[nv]);
		nv++;
	}
	if (nv > 0)
		result_set_variant_range(r, vm, nv);
	*within = stats_mad_sigma(res, nres);
	free(res);
	free(one);
	return nv;
}

/* runner-int.h: the placements in two groups, far apart for their noise */
double
runner_layout_gap(const double *vm, size_t nv, double within)
{
	double *l, gap = 0, span, g;
	size_t i;

	if (nv < 4)
		return 0;
	l = xcalloc(nv, sizeof(*l));
	for (i = 0; i < nv; i++)
		l[i] = vm[i] > 0 ? log(vm[i]) : 0;
	stats_sort(l, nv);
	span = l[nv - 1] - l[0];
	/* the widest gap between neighbours, each side two placements at
	 * least, so that one odd placement is not a group */
	for (i = 2; i + 2 <= nv; i++) {
		g = l[i] - l[i - 1];
		if (g > gap)
			gap = g;
	}
	free(l);
	if (gap < RUNNER_LAYOUT_GAP || gap < 0.5 * span ||
	    (isfinite(within) && gap < 4 * within))
		return 0;
	return exp(span) - 1;
}

/* runner-int.h: a row's statistics over its processes (and variants). */
void
runner_row_procs(struct result *r, const double *pm, size_t np,
    unsigned nvar)
{
	struct stats ps;
	double *vm, within, c;
	size_t nv;

	stats_compute(&ps, pm, np);
	result_set_units(r, RESULT_PROC_EXTRA, pm, np);
	result_add_extra(r, "cv:samples", r->st.cv);
	r->st.median = ps.median;
	r->st.mean = ps.mean;
	r->st.stddev = ps.stddev;
	r->st.cv = ps.sdcv;	/* a few processes: the classic CV */
	r->st.sdcv = ps.sdcv;
	r->flags &= ~(RF_NOISY | RF_LAYOUT);
	if (nvar > 1) {
		vm = xcalloc(nvar, sizeof(*vm));
		if ((nv = row_variants(r, pm, np, nvar, vm, &within)) > 0) {
			/* placements are a random factor: the figure is the
			 * expectation over them, each one's figure counted
			 * once however many processes it ran in */
			r->st.median = stats_geomean(vm, nv);
			if ((c = runner_layout_gap(vm, nv, within)) > 0) {
				r->flags |= RF_LAYOUT;
				result_add_extra(r, "layout:spread", c);
			}
		}
		free(vm);
	} else {
		within = stats_log_spread(pm, np);
	}
	/* noisy: the processes spread about their own placement's figure
	 * (the placements' own spread is the layout's, not noise) */
	if (isfinite(within) && within > RESULT_NOISY_CV)
		r->flags |= RF_NOISY;
	if (isfinite(within))
		result_add_extra(r, "cv:within", within);
	else	/* not the samples' spread (result_set_samples) */
		result_drop_extra(r, "cv:within");
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

int
runner_emit(runner_sink_fn sink, void *arg, struct result *r, int *bad, int *stop)
{
	if (r->status != ST_OK && r->status != ST_SKIPPED)
		*bad = 1;
	if (sink(arg, r) != 0)
		*stop = 1;
	result_release(r);
	return 0;
}

/* A planned case's rows were all given: the sink hears NULL (runner.h). */
void
runner_case_done(runner_sink_fn sink, void *arg, int *stop)
{
	if (sink(arg, NULL) != 0)
		*stop = 1;
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
/* Is extra `name` a total over samples (summed across processes)? */
int
runner_extra_is_total(const char *name)
{
	return strncmp(name, "phase:", 6) == 0 ||
	    strcmp(name, "overhead") == 0 || strcmp(name, "iters") == 0;
}

/*
 * One copy's row: its samples and counters and, run in processes, their
 * statistics and units (per CPU second too, when every process has it).
 */
static void
row_one_copy(struct result *r, const struct case_run *cr,
    const struct bench_case *c)
{
	result_set_samples(r, cr->acc[0].v, cr->acc[0].n);
	row_counters(r, &cr->acc[0], c);
	if (cr->np <= 1)
		return;
	runner_row_procs(r, cr->pmed, cr->np, c->variants);
	if (runner_cpu_units(cr))
		result_set_units(r, RESULT_PROCCPU_EXTRA, cr->pcmed, cr->np);
}

/* Turn a finished case into rows for the sink. */
void
runner_case_rows(const struct bench_ctx *ctx, const struct bench_case *c,
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

		runner_row_init(&r, ctx, c, NULL);
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
		runner_emit(sink, arg, &r, bad, stop);
	}

	runner_row_init(&r, ctx, c, NULL);
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
			row_one_copy(&r, cr, c);
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
	/* the later processes' counts over the calibrated: varied (1 to
	 * 1.5 times, unpaired; paired, scaled to --min-sample first, so
	 * possibly under 1); a count the kernel reports is not varied: none */
	if (cr->np > 1 && c->kind != BENCH_REPORTED &&
	    cr->acc[0].iters_most > 0)
		result_add_extra(&r, "iters:most", cr->acc[0].iters_most);
	if (cr->no_aslr)
		result_add_extra(&r, "no-aslr", 1);
	if (cr->cpu >= 0 && cr->status == ST_OK)
		result_add_extra(&r, "cpu", cr->cpu);
	cr->flags = r.flags;
	runner_emit(sink, arg, &r, bad, stop);

	/* metric rows: <case>/<metric>, only for results that verified */
	if (cr->status != ST_OK)
		return;
	for (i = 0; i < cr->acc[0].nm; i++) {
		const struct metric_acc *ma = &cr->acc[0].m[i];

		runner_row_init(&r, ctx, c, ma->name);
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
		runner_emit(sink, arg, &r, bad, stop);
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
	/* the same figure per CPU second, for paired comparisons */
	memset(&t, 0, sizeof(t));
	if (runner_cpu_units(cr) && runner_derived_fill(&t, d, c, cr->pcmed,
	    NULL, cr->np, 1, mhz, source) == 0)
		result_set_units(r, RESULT_PROCCPU_EXTRA, t.samples,
		    t.nsamples);
	result_release(&t);
}

/*
 * The derived rows of a verified case, from the aggregate samples (per
 * copy where a figure is per MHz or per cycle) and the cycles counted per
 * unit of work when every copy counted them.  A build that runs under a
 * user-mode emulator gets none from the clock: the clock is the host's,
 * not the emulated board's (SKIPPED, noclock, with that reason).
 */
void
runner_derived_rows(const struct runner_opts *o, int emulated,
    const struct bench_ctx *ctx,
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
	if (need_clock && !emulated)
		mhz = derived_clock(o, &source);
	for (d = c->derived; d->name != NULL && !*stop; d++) {
		runner_row_init(&r, ctx, c, d->name);
		r.copies = nc;
		r.seconds = cr->seconds;
		r.iters = cr->acc[0].iters;
		runner_derived_fill(&r, d, c, v, cyc, n, sum ? nc : 1, mhz,
		    source);
		if (emulated && r.status == ST_SKIPPED &&
		    (r.flags & RF_NOCLOCK))
			bufprintf(r.reason, sizeof(r.reason), "emulated: the "
			    "clock is the host's, not the board's, so no "
			    "figure per MHz or per cycle");
		if (cr->np > 1 && r.status == ST_OK &&
		    !(d->how == BENCH_D_CYCLES && cyc != NULL))
			derived_procs(&r, d, c, cr, mhz, source);
		r.flags |= cr->flags;	/* a figure of its case: every flag */
		runner_emit(sink, arg, &r, bad, stop);
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
		RESULT_PROCCPU_EXTRA,
		RESULT_RUN_EXTRA, "cv:", "processes", "cpu/wall",
		"preempted", RESULT_VARIANT_EXTRA, "layout:", NULL
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
	size_t na, nb, n, i, nvar;

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
	/* placements: process k of both parts ran variant k mod their
	 * number, so the pairs' values are each placement's own average */
	nvar = result_units(a, RESULT_VARIANT_EXTRA, ua, RESULT_UNITS_MAX);
	if (nvar != result_units(b, RESULT_VARIANT_EXTRA, ub,
	    RESULT_UNITS_MAX) || nvar < 2)
		nvar = 0;
	na = result_units(a, RESULT_PROC_EXTRA, ua, RESULT_UNITS_MAX);
	nb = result_units(b, RESULT_PROC_EXTRA, ub, RESULT_UNITS_MAX);
	if (na > 1 && nb > 1) {
		v = serial_values(ua, na, wa, ub, nb, wb, lower, &n);
		runner_row_procs(r, v, n, nvar <= n ? (unsigned)nvar : 0);
		free(v);
	}
	/* per CPU second, when both parts have it for the same processes */
	na = result_units(a, RESULT_PROCCPU_EXTRA, ua, RESULT_UNITS_MAX);
	nb = result_units(b, RESULT_PROCCPU_EXTRA, ub, RESULT_UNITS_MAX);
	if (na > 1 && nb > 1 && na == nb) {
		v = serial_values(ua, na, wa, ub, nb, wb, lower, &n);
		result_set_units(r, RESULT_PROCCPU_EXTRA, v, n);
		free(v);
	}
	free(ua);
	free(ub);
	/* the figure itself from theirs: always between the two (a
	 * median of the pairs need not be, nor a mean of each placement's
	 * average, whose placements are the extras variant:K) */
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
		if (runner_extra_is_total(a->extra[i].name))
			y += a->extra[i].value;
		else if (a->extra[i].value > y)
			y = a->extra[i].value;
		result_add_extra(r, a->extra[i].name, y);
	}
}
