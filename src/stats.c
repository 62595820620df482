/*
 * stats.c - median, mean, standard deviation (sample, n-1), CV, min, max.
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

double
stats_quantile(const double *v, size_t n, double q)
{
	double *s, pos, r;
	size_t lo;

	if (n == 0)
		return NAN;
	s = xmalloc(n * sizeof(*s));
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	pos = q * (double)(n - 1);
	lo = (size_t)floor(pos);
	if (lo + 1 >= n)
		r = s[n - 1];
	else
		r = s[lo] + (pos - (double)lo) * (s[lo + 1] - s[lo]);
	free(s);
	return r;
}

double
stats_median(const double *v, size_t n)
{
	return stats_quantile(v, n, 0.5);
}

void
stats_compute(struct stats *st, const double *v, size_t n)
{
	double sum = 0, ss = 0, mn, mx;
	size_t i;

	st->n = (uint32_t)n;
	if (n == 0) {
		st->median = st->mean = st->stddev = st->cv = NAN;
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
	st->cv = st->mean != 0 ? st->stddev / fabs(st->mean) : 0.0;
	st->min = mn;
	st->max = mx;
	st->median = stats_median(v, n);
}
