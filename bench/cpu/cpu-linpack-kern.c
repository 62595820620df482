/*
 * cpu-linpack-kern.c - Linpack's kernels (cpu-linpack-impl.h) for both
 * precisions and BLAS styles, built once per copy of their code
 * (-DLP_COPY=K, bench/cpu/cpu-linpack.am; cpu-place.h), every copy from this
 * source, so the benchmark can measure them across code placements.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "cpu-linpack-kern.h"

#ifndef LP_COPY
#error "built once per copy with -DLP_COPY=K (bench/cpu/cpu-linpack.am)"
#endif

#define lp_code_k	PLACE_CAT(lp_code, LP_COPY)
#define lp_kernel_k	PLACE_CAT(lp_kernel, LP_COPY)

/* before the first function: where this copy's code begins */
PLACE_CODE(lp_code_k, LP_COPY);
extern const char lp_code_k[];

/* Names inside cpu-linpack-impl.h: LP_FN(axpy_r) is lp_axpy_r_d, ... */
#define LP_PASTE(a, b)		a##_##b
#define LP_XPASTE(a, b)		LP_PASTE(a, b)
#define LP_FN(name)		LP_XPASTE(lp_##name, LP_SFX)
#define LP_COL(a, lda, j)	((a) + (size_t)(lda) * (size_t)(j))

#define LP_REAL		double
#define LP_SFX		d
#define LP_EPS		DBL_EPSILON
#define LP_FABS		fabs
#include "cpu-linpack-impl.h"

#define LP_REAL		float
#define LP_SFX		s
#define LP_EPS		FLT_EPSILON
#define LP_FABS		fabsf
#include "cpu-linpack-impl.h"

const struct lp_copy lp_kernel_k = {
	.pad = PLACE_PAD_OF(LP_COPY),
	.code = lp_code_k,
	.ops = { &lp_ops_rolled_d, &lp_ops_unrolled_d, &lp_ops_rolled_s,
	    &lp_ops_unrolled_s },
};
