/*
 * ratio.h - the ratio of two builds' figures with a 95 % confidence
 * interval, at the level where the variance lives (doc/DESIGN.md
 * section 4, "Compare").  Pure maths: numbers in, numbers out.
 *
 * Units.  Samples within one process, and processes within one run, are
 * correlated (the machine's state drifts over seconds), so a raw sample
 * is never the unit of a comparison:
 *   - paired runs (`run --against`): the pair, one process of each build
 *     measured one after the other on the same CPU; the figure and its
 *     interval are Yuen's 20 % trimmed mean of the pairs' log ratios and
 *     its t interval (the middle 60 % of the pairs: a pair that a slow
 *     spell of the host hit on one side moves neither much; with fewer
 *     than 5 pairs nothing is trimmed: the geometric mean and a Student
 *     t interval);
 *   - unpaired runs: the run when several were pooled (its median); the
 *     figure is the ratio of the geometric means, the interval Welch's t
 *     interval of the difference of the mean logs (compare gives one
 *     unpaired run a side no interval: its processes share the run's
 *     moment and cannot show the drift between runs).
 * Many cases at once: Benjamini-Hochberg keeps the expected share of
 * false differences among those called different at most alpha.
 */
#ifndef BOARDBENCH_RATIO_H
#define BOARDBENCH_RATIO_H

#include <stddef.h>

#define RATIO_LEVEL	0.95	/* the intervals' confidence */
#define RATIO_TRIM	0.2	/* paired: the share trimmed from each end */

struct ratio_ci {
	double ratio;		/* b / a: the (trimmed) geometric mean ratio */
	double lo, hi;		/* its 95 % interval; NAN: none */
	double p;		/* two-sided p of "no difference"; NAN: none */
	size_t n;		/* pairs, or units on the smaller side */
	int floored;		/* unpaired: the drift between runs widened it */
	int spread;		/* ... by its processes' spread, not the floor */
	double drift_pct;	/* ... by this much (95 % half-width, %) */
};

/*
 * Student's t distribution: the upper tail P(T > t) with df degrees of
 * freedom (df may be fractional, Welch's), and the quantile q (0 < q < 1).
 */
double ratio_t_sf(double t, double df);
double ratio_t_quantile(double q, double df);

/*
 * Paired: a[i] and b[i] were measured as a pair (both > 0).  Fewer than
 * 2 usable pairs: ratio only (lo, hi, p NAN).  Returns 0, -1 when there
 * is no usable pair.
 */
int ratio_paired(const double *a, const double *b, size_t n,
    struct ratio_ci *out);

/*
 * Paired in the runner's alternating order (pair i ran build a first
 * when i is even, b first when odd: a crossover): the effect of going
 * first, half the difference between the two orders' trimmed means, is
 * taken off each pair's log ratio, then Yuen's trimmed mean and its t
 * interval as ratio_paired() (one degree of freedom less).  An effect of
 * running first (a warmer cache, a CPU still at speed) falls on both
 * builds alike and cancels in the mean; this keeps it out of the
 * interval too, where the pairs' plain spread would count it as noise
 * (97.8 % coverage instead of 95 % with an order effect of 1 %:
 * tests/unit/t-coverage.c).  With fewer than RATIO_CROSSOVER_MIN usable
 * pairs, or 2 in an order, it is ratio_paired(): with few pairs the
 * degree of freedom it costs widens the interval more than the order
 * effect would (6 pairs: t's 95 % quantile from 3.18 to 4.30).
 */
#define RATIO_CROSSOVER_MIN	10
int ratio_paired_crossover(const double *a, const double *b, size_t n,
    struct ratio_ci *out);

/*
 * Paired, in strata: pair i belongs to stratum i mod nstrata (a case's
 * variants, such as Dhrystone's code placements: pair k of every build
 * ran variant k mod N, each placement in both orders).  Placements are a
 * random factor: between two different builds, copy k is not the same
 * layout in both, and which layouts each build drew is part of the
 * uncertainty, so the stratum is the unit.  The figure is the mean over
 * the strata of each one's mean log ratio (the ratio of the figures,
 * which are geometric means over the placements); the interval Student's
 * t over the strata's means, with strata - 1 degrees of freedom, so it
 * holds both the pairs' noise and how differently the builds meet the
 * placements; p is its two-sided t test.  Strata without a usable pair
 * take no part; with one stratum left: ratio only.  With fewer than 2
 * strata it is ratio_paired_crossover().  Returns as ratio_paired().
 */
int ratio_paired_strata(const double *a, const double *b, size_t n,
    size_t nstrata, struct ratio_ci *out);

/*
 * Several paired sessions of the same builds, pooled (compare --pool):
 * s[0..k-1] each session's paired result (ratio_paired_strata()).  A
 * disturbance that lasts a whole case and slows one build's code more
 * than the other's moves a session's ratio itself, where its own pairs
 * cannot show it; so the session is the unit: the figure is the
 * geometric mean of the sessions' ratios, the interval Student's t with
 * k - 1 degrees of freedom of their logs' mean, its standard error the
 * larger of the sessions' spread (sd / sqrt(k)) and what their own
 * intervals give (the root mean square of their standard errors, read
 * from their 95 % intervals, / sqrt(k)), so that sessions that agree by
 * chance claim no more than their pairs.  Sessions without a ratio take
 * no part.  Returns 0, -1 with fewer than 2 sessions.
 */
int ratio_sessions(const struct ratio_ci *s, size_t k, struct ratio_ci *out);

/*
 * Unpaired: units a[0..na-1] of one side, b[0..nb-1] of the other (each
 * > 0).  floor_pct: the machine's drift between runs, in per cent (a
 * 95 % half-width; 0: none), given by the caller only when a side is one
 * run, whose level then counts as uncertain by the drift between runs:
 * the larger of the floor and the spread of one unit (the variance of
 * the units' logs, pooled over the sides of two or more; one process of
 * a run drifts from the next about as a run drifts from the next run
 * made minutes later, where the floor, measured for well under a second,
 * sees only the drift within it), added in quadrature in log space;
 * drift_pct says how much, spread which.  One unit on a side and no
 * floor: ratio only.  Returns 0, -1 when a side has none.
 */
int ratio_unpaired(const double *a, size_t na, const double *b, size_t nb,
    double floor_pct, struct ratio_ci *out);

/*
 * Benjamini-Hochberg at level q over p[0..n-1] (NAN entries take no
 * part): reject[i] set to 1 for the discoveries, else 0.  Returns the
 * number of discoveries.
 */
size_t ratio_bh(const double *p, size_t n, double q, int *reject);

#endif
