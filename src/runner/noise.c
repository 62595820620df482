/*
 * noise.c - the machine's jitter at start and its pace (noise.h): a fixed
 * integer loop,
 * timed in short chunks on each CPU, pinned.
 */
#include "config.h"

#include <math.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpuset.h"
#include "noise.h"
#include "result.h"
#include "stats.h"
#include "util.h"

#define NOISE_MAX_CHUNKS	4096

static volatile uint64_t noise_sink;

/* The fixed loop: n rounds of a linear congruential step. */
static void
noise_loop(uint64_t n)
{
	uint64_t x = 88172645463325252ull, i;

	for (i = 0; i < n; i++)
		x = x * 6364136223846793005ull + 1442695040888963407ull;
	noise_sink += x;
}

/* noise.h */
double
noise_window_rate(const double *begin, const double *end, size_t n,
    uint64_t rounds)
{
	double wall = n > 0 ? end[n - 1] - begin[0] : 0;

	return wall > 0 ? (double)rounds * n / wall / 1e6 : 0;
}

/*
 * On the CPU this thread is on: the robust CV of the chunk times (NAN
 * with fewer than 5) and the loop's pace, rounds a microsecond, as the
 * median of its windows (0: none).
 */
static double
noise_cpu(double *rate)
{
	double *t0 = xcalloc(NOISE_MAX_CHUNKS, sizeof(*t0));
	double *t1 = xcalloc(NOISE_MAX_CHUNKS, sizeof(*t1));
	double *dt = xcalloc(NOISE_MAX_CHUNKS, sizeof(*dt));
	double *w = xcalloc(NOISE_MAX_CHUNKS / NOISE_PACE_CHUNKS, sizeof(*w));
	double a, b, start, cv;
	uint64_t rounds = 1000;
	struct stats st;
	size_t n = 0, i, nw = 0;

	/* calibrate: double until one chunk lasts NOISE_CHUNK */
	for (;;) {
		a = now_mono();
		noise_loop(rounds);
		b = now_mono();
		if (b - a >= NOISE_CHUNK || rounds > (1ull << 40))
			break;
		rounds *= 2;
	}
	start = now_mono();
	while (n < NOISE_MAX_CHUNKS && (n < 16 ||
	    now_mono() - start < NOISE_SECONDS)) {
		t0[n] = now_mono();
		noise_loop(rounds);
		t1[n] = now_mono();
		dt[n] = t1[n] - t0[n];
		n++;
	}
	stats_compute(&st, dt, n);
	cv = n >= 5 ? st.cv : NAN;
	for (i = 0; i + NOISE_PACE_CHUNKS <= n; i += NOISE_PACE_CHUNKS)
		w[nw++] = noise_window_rate(t0 + i, t1 + i,
		    NOISE_PACE_CHUNKS, rounds);
	*rate = n >= 5 && nw > 0 ? stats_median(w, nw) : 0;
	free(t0);
	free(t1);
	free(dt);
	free(w);
	return cv;
}

int
noise_measure(const int *cpus, size_t n, struct si_run *r)
{
	struct cpuset saved;
	int list[SI_NOISE_CPUS], c;
	size_t i, k = 0;
	double cv, rate, worst = -1;

	r->noise_pct = NAN;
	r->noise_ncpus = 0;
	r->run_cpu = -1;
	cpuset_init(&saved);
	if (cpuset_get_affinity(&saved) != 0) {
		cpuset_release(&saved);
		return -1;
	}
	if (n > 0) {
		for (i = 0; i < n && k < SI_NOISE_CPUS; i++)
			list[k++] = cpus[i];
	} else {
		for (c = cpuset_next(&saved, 0); c >= 0 && k < SI_NOISE_CPUS;
		    c = cpuset_next(&saved, c + 1))
			list[k++] = c;
	}
	for (i = 0; i < k; i++) {
		if (cpuset_pin(list[i]) != 0)
			continue;
		cv = noise_cpu(&rate);
		if (isnan(cv))
			continue;
		r->noise_cpu[r->noise_ncpus] = list[i];
		r->noise_rate[r->noise_ncpus] = rate;
		r->noise_cv[r->noise_ncpus++] = cv;
		if (cv > worst)
			worst = cv;
	}
	(void)cpuset_set_affinity(&saved);
	cpuset_release(&saved);
	if (r->noise_ncpus == 0)
		return -1;
	r->noise_pct = 2 * worst * 100;
	return 0;
}

double
noise_pace(const struct si_run *ref)
{
	return noise_pace_on(ref, -1, NULL);
}

double
noise_pace_confirm(double first, double again, double bound)
{
	if (isnan(again) || !(fabs(first - 1) > bound))
		return first;
	return fabs(again - 1) < fabs(first - 1) ? again : first;
}

int
noise_pace_reuse(double last, double age, double every, double bound)
{
	return isfinite(last) && age < every && !(fabs(last - 1) > bound);
}

/* One look at the pace on the CPU this thread is pinned to, against a
 * start of `rate` rounds a microsecond: the median of its windows. */
static double
pace_look(double rate)
{
	enum { N = NOISE_PACE_CHUNKS * NOISE_PACE_WINDOWS };
	double t0[N], t1[N], w[NOISE_PACE_WINDOWS];
	uint64_t rounds = (uint64_t)(rate * 1e6 * NOISE_CHUNK) + 1;
	size_t k;

	for (k = 0; k < N; k++) {
		t0[k] = now_mono();
		noise_loop(rounds);
		t1[k] = now_mono();
	}
	for (k = 0; k < NOISE_PACE_WINDOWS; k++)
		w[k] = noise_window_rate(t0 + k * NOISE_PACE_CHUNKS,
		    t1 + k * NOISE_PACE_CHUNKS, NOISE_PACE_CHUNKS, rounds);
	return stats_median(w, NOISE_PACE_WINDOWS) / rate;
}

double
noise_pace_on(const struct si_run *ref, int cpu, unsigned *looks)
{
	struct cpuset saved;
	double pace, bound, worst = NAN;
	unsigned nlook = 0;
	int i;

	if (looks != NULL)
		*looks = 0;
	if (ref == NULL || ref->noise_ncpus <= 0)
		return NAN;
	cpuset_init(&saved);
	if (cpuset_get_affinity(&saved) != 0) {
		cpuset_release(&saved);
		return NAN;
	}
	bound = noise_pace_bound(ref);
	for (i = 0; i < ref->noise_ncpus; i++) {
		if (!(ref->noise_rate[i] > 0) ||
		    (cpu >= 0 && ref->noise_cpu[i] != cpu) ||
		    cpuset_pin(ref->noise_cpu[i]) != 0)
			continue;
		pace = pace_look(ref->noise_rate[i]);
		nlook++;
		/* beyond the bound: look again at once, and keep the look
		 * nearer the start (a blip of a few ms is not drift) */
		if (fabs(pace - 1) > bound) {
			pace = noise_pace_confirm(pace,
			    pace_look(ref->noise_rate[i]), bound);
			nlook++;
		}
		if (pace > 0)
			worst = noise_pace_farther(worst, pace);
	}
	(void)cpuset_set_affinity(&saved);
	cpuset_release(&saved);
	if (looks != NULL)
		*looks = nlook;
	return worst;
}

int
noise_run_cpu(const struct si_run *ref)
{
	int i, n = 0, best = -1;

	if (ref == NULL)
		return -1;
	for (i = 0; i < ref->noise_ncpus && i < SI_NOISE_CPUS; i++)
		n += ref->noise_rate[i] > 0;
	if (n < 2)
		return -1;
	for (i = 0; i < ref->noise_ncpus && i < SI_NOISE_CPUS; i++)
		if (sysinfo_run_cpu_fast(ref, i) && ref->noise_cpu[i] > best)
			best = ref->noise_cpu[i];
	return best;
}

double
noise_pace_farther(double a, double b)
{
	if (isnan(a) || (isfinite(b) && fabs(b - 1) > fabs(a - 1)))
		return b;
	return a;
}

double
noise_pace_bound(const struct si_run *ref)
{
	double b = NOISE_PACE_BOUND;

	if (ref != NULL && isfinite(ref->noise_pct) && ref->noise_pct / 100 > b)
		b = ref->noise_pct / 100;
	return b < NOISE_PACE_BOUND_MAX ? b : NOISE_PACE_BOUND_MAX;
}
