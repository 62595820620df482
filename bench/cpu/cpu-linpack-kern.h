/*
 * cpu-linpack-kern.h - what cpu-linpack.c and the copies of Linpack's
 * kernels (cpu-linpack-kern.c) share: the kernels of one precision and
 * BLAS style as a table, and the copies of that code at different code
 * placements (cpu-place.h).
 */
#ifndef BOARDBENCH_CPU_LINPACK_KERN_H
#define BOARDBENCH_CPU_LINPACK_KERN_H

#include <stddef.h>

#include "cpu-linpack.h"
#include "cpu-place.h"

/*
 * The kernels of one precision and BLAS style.  Matrices and vectors are
 * void * here; each implementation knows its element type.
 */
struct lp_ops {
	size_t size;		/* bytes per element */
	double eps;		/* machine epsilon */
	void (*matgen)(void *a, int lda, int n, void *b);
	void (*rhs)(const void *a, int lda, int n, void *b, int trans);
	int (*dgefa)(void *a, int lda, int n, int *ipvt);
	void (*dgesl)(const void *a, int lda, int n, const int *ipvt,
	    void *b, int job);
	void (*check)(const void *a, int lda, int n, const void *b,
	    const void *x, double *r, double *w, int trans,
	    struct linpack_acc *acc);
	double (*invnorm)(const void *lu, int lda, int n, const int *ipvt,
	    int trans, void *v, void *z);
	void (*widen)(const void *x, int n, double *out);
	void (*nudge)(void *x, double d);
};

/*
 * One copy of the kernels (cpu-linpack-kern.c, built with -DLP_COPY=K as
 * lp_kernel_cK): where its code begins, PLACE_PAD_OF(K) bytes past a
 * PLACE_ALIGN-byte boundary, and its kernels indexed by
 * 2 * single + unrolled.
 */
struct lp_copy {
	unsigned pad;
	const char *code;
	const struct lp_ops *ops[4];
};
/* cpu-linpack.c: every copy, in order (copy K is lp_copies[K]). */
extern const struct lp_copy *const lp_copies[PLACE_COPIES];

#endif
