/*
 * cpu-linpack.h - the Linpack descriptor and the hooks its known-answer
 * test uses (tests/kat/t-linpack.c).  Nothing else needs this header.
 */
#ifndef BOARDBENCH_CPU_LINPACK_H
#define BOARDBENCH_CPU_LINPACK_H

#include "bench.h"

extern const struct bench_info bench_linpack_info;

/* Its parameters (bench_params()); see lp_params in cpu-linpack.c. */
struct linpack_params {
	long long n;
	long long lda;			/* 0: 2n */
	struct bench_list precision;	/* double, single */
	struct bench_list unroll;	/* rolled, unrolled, average */
	const char *code;		/* PLACE_PARAM */
};

/*
 * verify() fails when the normalised residual exceeds LINPACK_RESID_BOUND
 * or when max |x(i) - 1| exceeds LINPACK_FERR_BOUND * cond * eps.
 */
#define LINPACK_RESID_BOUND 100.0
#define LINPACK_FERR_BOUND 100.0

/* How good a solution is; see verify() in cpu-linpack.c. */
struct linpack_acc {
	double resid;		/* max|r| / (n * max|a| * max|x| * eps) */
	double xerr;		/* max |x(i) - 1| */
	double anorm;		/* ||A||_inf */
	double cond;		/* estimated ||A||_inf * ||A^-1||_inf */
	double ferr;		/* xerr / (cond * eps) */
};

/*
 * Test hook: when set, verify() moves x(0) of the solution by 0.25 before
 * checking it, so the check must fail.
 */
extern int linpack_test_fault;
/* Test hook: the copy of the kernels (cpu-place.h) the last verify() used. */
extern int linpack_test_copy;

/*
 * Test hook: generate the classic matrix of order n (1 .. 5000), factor
 * it and solve A x = b (trans 0) or trans(A) x = b (trans != 0), where b
 * makes the exact solution all ones, in single or double precision with
 * rolled or unrolled BLAS.  Fills x[0..n-1] and *acc.  Returns 0, or -1
 * when out of memory or the matrix is exactly singular.
 */
int linpack_test_solve(int single, int unroll, int n, int trans, double *x,
    struct linpack_acc *acc);

/* The verdict of verify() on acc: 0 = good, else -1 with why filled. */
int linpack_judge(const struct linpack_acc *acc, int n, char *why,
    size_t len);

#endif
