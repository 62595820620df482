/*
 * runner-procs.c - the arithmetic of a case's measuring processes and
 * paired rounds, pure: which CPU and order a round takes, the counts
 * later processes run, when paired rounds go on, and a process's figure
 * per CPU second (runner-int.h, runner.h).
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "bench.h"
#include "result.h"
#include "runner.h"
#include "runner-int.h"
#include "stats.h"
#include "util.h"

int
runner_proc_more(const double *pm, size_t np, size_t procs, size_t most,
    double target_cv, double spent, double budget)
{
	struct stats st;

	if (np >= most)
		return 0;
	if (np < procs)
		return 1;
	stats_compute(&st, pm, np);
	if (!(st.sdcv > target_cv))
		return 0;
	if (spent < budget)
		return 1;
	/* two whose spread would flag the row noisy */
	return np == 2 && pm[0] > 0 && pm[1] > 0 &&
	    stats_log_spread(pm, np) > RESULT_NOISY_CV;
}

size_t
runner_pair_cpu(size_t r, size_t nvar, size_t ncpus)
{
	if (ncpus == 0)
		return 0;
	if (nvar < 2)
		return r % ncpus;
	return (r % nvar + r / nvar) % ncpus;
}

int
runner_pair_reversed(size_t r, size_t nvar)
{
	size_t cycle = nvar > 1 && nvar % 2 == 0 ? r / nvar : 0;

	return (int)((r + cycle) % 2);
}

/* iters times f, rounded, at least 1; iters itself past 2^64 */
static uint64_t
scale_count(uint64_t iters, double f)
{
	double x = floor((double)iters * f + 0.5);

	return x < 1 ? 1 : x >= 18446744073709549568.0 ? iters : (uint64_t)x;
}

uint64_t
runner_vary_iters(uint64_t iters, double u)
{
	return scale_count(iters, pow(1.5, u < 0 ? 0 : u >= 1 ? 1 : u));
}

void
runner_common_length(uint64_t *iters, const double *secs, size_t n, double t)
{
	size_t b;

	for (b = 0; b < n; b++)
		if (iters[b] != 0 && secs[b] > 0)
			iters[b] = scale_count(iters[b], t / secs[b]);
}

int
runner_pair_more(size_t r, size_t most, double log_hw, double target_cv,
    double spent, double spent_first, double budget_all)
{
	double limit = budget_all > 2 * spent_first ? budget_all :
	    2 * spent_first;

	return r < most && !isnan(log_hw) && log_hw > target_cv &&
	    spent < limit;
}

/*
 * A process's figure per CPU second: the median over its samples of each
 * one's value with its wall time replaced by its CPU time (a rate over
 * the CPU share, a time under it), for a CPU kernel timed by the runner
 * that does not wait by design; NAN otherwise or when a sample has no
 * CPU time.  Paired builds compare these: a process that shared its CPU
 * with other work ran at its share for a while, and which share a
 * process got is the scheduler's, not the build's.
 */
double
runner_proc_cpu_median(const struct copy_acc *a, const struct bench_case *c)
{
	double *v, share, m;
	size_t i, n = 0;

	if (!(c->flags & BENCH_CPU) || (c->flags & BENCH_WAITS) ||
	    c->kind == BENCH_REPORTED || a->n == 0 || a->ncpu != a->n)
		return NAN;
	v = xcalloc(a->n, sizeof(*v));
	for (i = 0; i < a->n; i++) {
		share = a->wall[i] > 0 ? a->cpu[i] / a->wall[i] : NAN;
		if (!(share > 0) || isnan(a->cpu[i]))
			break;
		v[n++] = c->kind == BENCH_TIME ? a->v[i] * share :
		    a->v[i] / share;
	}
	m = n == a->n ? stats_median(v, n) : NAN;
	free(v);
	return m;
}

int
runner_cpu_units(const struct case_run *cr)
{
	size_t i;

	if (cr->pcmed == NULL || cr->np == 0)
		return 0;
	for (i = 0; i < cr->np; i++)
		if (!isfinite(cr->pcmed[i]) || !(cr->pcmed[i] > 0))
			return 0;
	return 1;
}
