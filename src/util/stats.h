/*
 * stats.h - summary statistics of a sample set.
 */
#ifndef BOARDBENCH_STATS_H
#define BOARDBENCH_STATS_H

#include <stddef.h>
#include <stdint.h>

/*
 * cv is the robust spread that goes with the median: the interquartile
 * range over 1.349 times the median (the usual CV for normally
 * distributed samples; the few samples a disturbance slows down, up to a
 * quarter on either side, do not move it).  sdcv is the classic
 * stddev / mean.
 */
struct stats {
	double median, mean, stddev, cv, min, max;
	double sdcv;
	uint32_t n;
};

/* Fill st from v[0..n-1]; v is not modified. n == 0 gives NANs. */
void stats_compute(struct stats *st, const double *v, size_t n);
/* Median of v (copied and sorted internally). */
double stats_median(const double *v, size_t n);
/* Quantile q in [0,1] with linear interpolation between order statistics. */
double stats_quantile(const double *v, size_t n, double q);

/* Sort v[0..n-1] in place, ascending. */
void stats_sort(double *v, size_t n);
/* The geometric mean of v[0..n-1]; NAN when n is 0 or a value is not > 0. */
double stats_geomean(const double *v, size_t n);

/* 1.4826: the median absolute deviation of a standard normal, inverted */
#define STATS_MAD_SIGMA	1.4826
/*
 * The robust spread of v[0..n-1] (residuals about their centres, logs):
 * STATS_MAD_SIGMA times their median absolute value (v is overwritten by
 * the absolute values); NAN when n is 0.  One disturbed value of three
 * moves it no more than the other two do.
 */
double stats_mad_sigma(double *v, size_t n);
/*
 * The robust spread (a CV) of v[0..n-1] about their median: the
 * stats_mad_sigma() of their logs' residuals; a value not above 0 counts
 * as on the median.  NAN for fewer than 2 or a median not above 0.  The
 * spread a row is flagged noisy by, of its processes or of its samples.
 */
double stats_log_spread(const double *v, size_t n);

#endif
