/*
 * stats.c - median, mean, standard deviation (sample, n-1), the robust CV
 * (interquartile range / 1.349 / median) and the classic one, min, max;
 * the geometric mean; the median absolute deviation's spread.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "util.h"

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Quantile q of sorted s[0..n-1], interpolating between neighbours. */
static double
sorted_quantile(const double *s, size_t n, double q)
{
	double pos = q * (double)(n - 1);
	size_t lo = (size_t)floor(pos);

	if (lo + 1 >= n)
		return s[n - 1];
	return s[lo] + (pos - (double)lo) * (s[lo + 1] - s[lo]);
}

static double *
sorted_copy(const double *v, size_t n)
{
	double *s = xmalloc(n * sizeof(*s));

	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	return s;
}

double
stats_quantile(const double *v, size_t n, double q)
{
	double *s, r;

	if (n == 0)
		return NAN;
	s = sorted_copy(v, n);
	r = sorted_quantile(s, n, q);
	free(s);
	return r;
}

void
stats_sort(double *v, size_t n)
{
	if (n > 1)
		qsort(v, n, sizeof(*v), cmp_double);
}

double
stats_geomean(const double *v, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!(v[i] > 0))
			return NAN;
		s += log(v[i]);
	}
	return n > 0 ? exp(s / (double)n) : NAN;
}

double
stats_mad_sigma(double *v, size_t n)
{
	size_t i;

	if (n == 0)
		return NAN;
	for (i = 0; i < n; i++)
		v[i] = fabs(v[i]);
	return STATS_MAD_SIGMA * stats_median(v, n);
}

double
stats_log_spread(const double *v, size_t n)
{
	double med = n > 1 ? stats_median(v, n) : 0, *res, w;
	size_t i;

	if (!(med > 0))
		return NAN;
	res = xcalloc(n, sizeof(*res));
	for (i = 0; i < n; i++)
		res[i] = v[i] > 0 ? log(v[i] / med) : 0;
	w = stats_mad_sigma(res, n);
	free(res);
	return w;
}

double
stats_median(const double *v, size_t n)
{
	return stats_quantile(v, n, 0.5);
}

void
stats_compute(struct stats *st, const double *v, size_t n)
{
	double sum = 0, ss = 0, mn, mx, iqr, *s;
	size_t i;

	st->n = (uint32_t)n;
	if (n == 0) {
		st->median = st->mean = st->stddev = st->cv = NAN;
		st->sdcv = NAN;
		st->min = st->max = NAN;
		return;
	}
	mn = mx = v[0];
	for (i = 0; i < n; i++) {
		sum += v[i];
		if (v[i] < mn)
			mn = v[i];
		if (v[i] > mx)
			mx = v[i];
	}
	st->mean = sum / (double)n;
	for (i = 0; i < n; i++)
		ss += (v[i] - st->mean) * (v[i] - st->mean);
	st->stddev = n > 1 ? sqrt(ss / (double)(n - 1)) : 0.0;
	st->sdcv = st->mean != 0 ? st->stddev / fabs(st->mean) : 0.0;
	st->min = mn;
	st->max = mx;
	s = sorted_copy(v, n);
	st->median = sorted_quantile(s, n, 0.5);
	/* 1.349: the interquartile range of a standard normal distribution */
	iqr = sorted_quantile(s, n, 0.75) - sorted_quantile(s, n, 0.25);
	free(s);
	st->cv = st->median != 0 ? iqr / 1.349 / fabs(st->median) : 0.0;
}
