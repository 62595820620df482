/*
 * cpu-whetstone-kern.h - the loops both Whetstone programs share (the
 * C-converted classic in cpu-whetstone.c and Longbottom's MWIPS program in
 * cpu-whetstone-mwips.c), which differ in their constants and counts, and
 * the reference formulation of the array modules used for their expected
 * values.  Included by those two files only.
 */
#ifndef BOARDBENCH_CPU_WHETSTONE_KERN_H
#define BOARDBENCH_CPU_WHETSTONE_KERN_H

#include <math.h>
#include <string.h>

#include "bench.h"

/*
 * A phase (bench.h) running module fn on the case's state: defines
 * fn_phase.
 */
#define WHET_PHASE(fn)							\
	static int							\
	fn##_phase(struct bench_ctx *ctx, const struct bench_case *c)	\
	{								\
		(void)c;						\
		fn(bench_priv(ctx));					\
		return 0;						\
	}

/*
 * The four array statements, n times, each multiplied by t, on a local
 * copy of E1 (the programs' E1 is a variable of their own, not reached
 * through a pointer, which matters at -O0).
 */
static inline void
whet_k_rounds(double e1[4], double t, long n)
{
	double e[4];
	long i;

	memcpy(e, e1, sizeof(e));
	for (i = 0; i < n; i++) {
		e[0] = (e[0] + e[1] + e[2] - e[3]) * t;
		e[1] = (e[0] + e[1] - e[2] + e[3]) * t;
		e[2] = (e[0] - e[1] + e[2] + e[3]) * t;
		e[3] = (-e[0] + e[1] + e[2] + e[3]) * t;
	}
	memcpy(e1, e, sizeof(e));
}

/* The procedure PA: six rounds, the last statement divided by t2. */
static inline void
whet_k_pa(double e[4], double t, double t2)
{
	int j;

	for (j = 0; j < 6; j++) {
		e[0] = (e[0] + e[1] + e[2] - e[3]) * t;
		e[1] = (e[0] + e[1] - e[2] + e[3]) * t;
		e[2] = (e[0] - e[1] + e[2] + e[3]) * t;
		e[3] = (-e[0] + e[1] + e[2] + e[3]) / t2;
	}
}

/* The conditional jumps, n times from j; returns the final J. */
static inline long
whet_k_jumps(long j, long n)
{
	long i;

	for (i = 0; i < n; i++) {
		if (j == 1)
			j = 2;
		else
			j = 3;
		if (j > 2)
			j = 0;
		else
			j = 1;
		if (j < 1)
			j = 1;
		else
			j = 0;
	}
	return j;
}

/* The trigonometric statements, n times on X and Y. */
static inline void
whet_k_trig(double *px, double *py, double t, double t2, long n)
{
	double x = *px, y = *py;
	long i;

	for (i = 0; i < n; i++) {
		x = t * atan(t2 * sin(x) * cos(x) /
		    (cos(x + y) + cos(x - y) - 1.0));
		y = t * atan(t2 * sin(y) * cos(y) /
		    (cos(x + y) + cos(x - y) - 1.0));
	}
	*px = x;
	*py = y;
}

/* The procedure of the array references: three assignments. */
static inline void
whet_k_p0(double *e, long j, long k, long l)
{
	e[j] = e[k];
	e[k] = e[l];
	e[l] = e[j];
}

/* The standard functions, n times from x; returns the final X. */
static inline double
whet_k_std(double x, double t1, long n)
{
	long i;

	for (i = 0; i < n; i++)
		x = sqrt(exp(log(x) / t1));
	return x;
}

/* ---- reference formulations, for the expected values ------------------ */

/* verify()'s tolerance: 1e-9 relative, at least absolute. */
static inline int
whet_near(double got, double want)
{
	double tol = 1e-9 * (fabs(want) > 1.0 ? fabs(want) : 1.0);

	return fabs(got - want) <= tol;
}

/*
 * n rounds of the four array statements written as a sign matrix, each
 * multiplied by t, except the last divided by d when d != 0.
 */
static inline void
whet_ref_rounds(double e[4], double t, double d, long n)
{
	static const double signs[4][4] = {
		{ 1, 1, 1, -1 }, { 1, 1, -1, 1 }, { 1, -1, 1, 1 },
		{ -1, 1, 1, 1 },
	};
	double acc;
	long i;
	int r, k;

	for (i = 0; i < n; i++)
		for (r = 0; r < 4; r++) {
			acc = 0.0;
			for (k = 0; k < 4; k++)
				acc += signs[r][k] * e[k];
			e[r] = r == 3 && d != 0 ? acc / d : acc * t;
		}
}

/*
 * The trigonometric statements, n times on X and Y, each written as one
 * statement of its own: T atan(T2 sin a cos a / (cos(x+y) + cos(x-y) - 1)).
 */
static inline double
whet_ref_trig1(double a, double x, double y, double t, double t2)
{
	double num = t2 * sin(a) * cos(a);

	return t * atan(num / (cos(x + y) + cos(x - y) - 1.0));
}

static inline void
whet_ref_trig(double *x, double *y, double t, double t2, long n)
{
	long i;

	for (i = 0; i < n; i++) {
		*x = whet_ref_trig1(*x, *x, *y, t, t2);
		*y = whet_ref_trig1(*y, *x, *y, t, t2);
	}
}

/* X after n steps x -> x^(1 / (2 t1)) from x0: log x scales each step. */
static inline double
whet_ref_std(double x0, double t1, long n)
{
	return exp(log(x0) * pow(1.0 / (2.0 * t1), (double)n));
}

/* The array references' E1 (1..3) after n calls from (1, 2, 3). */
static inline void
whet_ref_p0(double e[3], long n)
{
	/* (1, 2, 3) -> (2, 3, 2) -> (3, 2, 3) -> (2, 3, 2) ... */
	e[0] = n % 2 ? 2.0 : 3.0;
	e[1] = n % 2 ? 3.0 : 2.0;
	e[2] = e[0];
}

#endif
