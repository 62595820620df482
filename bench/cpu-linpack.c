/*
 * cpu-linpack.c - Linpack: solve a dense system by LU factorisation with
 * partial pivoting (dgefa) and forward and back substitution (dgesl) over
 * the BLAS level-1 routines daxpy, ddot, dscal and idamax, written from the
 * published algorithm (Dongarra, Bunch, Moler and Stewart, "LINPACK Users'
 * Guide", SIAM 1979; the "Linpack 100" benchmark on the classic matrix).
 *
 * One case per precision (double, single) and BLAS style (rolled loops,
 * or unrolled by four): the classic report averages the two styles, we
 * keep them apart.  One iteration restores the matrix and right-hand side
 * from the saved matgen output (prepare: the untimed OVERHEAD), then
 * factors (phase dgefa) and solves (phase dgesl); only the phases are
 * timed, and each solve counts 2n^3/3 + 2n^2 floating-point operations,
 * as the classic does.
 *
 * verify() checks the last solution against the original matrix with
 * code of its own, in double: the normalised residual
 *     max|A x - b| / (n * max|a(i,j)| * max|x| * eps)
 * must be at most LINPACK_RESID_BOUND (100: a correct solve gives about 1
 * at n = 10 and 10 at n = 1000; LAPACK's tests allow 30), the error
 * max|x(i) - 1| at
 * most LINPACK_FERR_BOUND (100) times cond(A) * eps, cond estimated from
 * the factors (LAPACK's forward-error test); nothing may be NaN.  The
 * forward error test needs the condition number because the classic
 * matrix is singular or nearly so for many even n (its generator repeats
 * every 16384 values; e.g. n = 128, 256, 384, 512, 1024, 2000, 5000),
 * where the residual is still small but x is far from all ones.  Odd n
 * are safe.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cpu-linpack.h"
#include "result.h"

#define LP_NMIN		10
#define LP_NMAX		5000
/*
 * A deliberately low rate for the slowest boards (an ARM11 Pi 1 with the
 * matrix out of cache), so that a large n gets the time it needs
 * (bench_case.iter_seconds): n = 5000 is 8.3e10 flop an iteration.
 */
#define LP_SLOW_FLOPS	20e6
#define LP_ALIGN	64

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

/* Indexed by case id: 2 * single + unrolled. */
static const struct lp_ops *const lp_variants[] = {
	&lp_ops_rolled_d, &lp_ops_unrolled_d,
	&lp_ops_rolled_s, &lp_ops_unrolled_s,
};

/* The state of one case between setup() and teardown(). */
struct lp_state {
	const struct lp_ops *ops;
	int n, lda;
	void *a;		/* working matrix; the LU factors after dgefa */
	void *a0;		/* matgen's matrix, or NULL: regenerate instead */
	void *b;		/* right-hand side, then the solution */
	void *b0;		/* matgen's right-hand side */
	double *r, *w;		/* scratch for verify() */
	int *ipvt;		/* pivot rows */
	int solved;		/* b holds the solution of (a0, b0) */
};

int linpack_test_fault;

static int lp_plan(struct bench_ctx *);
static int lp_setup(struct bench_ctx *, const struct bench_case *);
static int lp_prepare(struct bench_ctx *, const struct bench_case *);
static int lp_run(struct bench_ctx *, const struct bench_case *, uint64_t);
static const struct bench_phase *lp_phases(const struct bench_case *);
static int lp_verify(struct bench_ctx *, const struct bench_case *);
static void lp_teardown(struct bench_ctx *, const struct bench_case *);
static void lp_classic(FILE *, const struct bench_info *,
    const struct result *const *, size_t);

/* Operations per solve as the classic counts them: 2n^3/3 + 2n^2. */
static double
lp_flops(int n)
{
	double dn = (double)n;

	return 2.0 * dn * dn * dn / 3.0 + 2.0 * dn * dn;
}

static void *
lp_alloc(size_t size)
{
	void *p;

	if (posix_memalign(&p, LP_ALIGN, size) != 0)
		return NULL;
	return p;
}

static void
lp_state_free(struct lp_state *s)
{
	if (s == NULL)
		return;
	free(s->a);
	free(s->a0);
	free(s->b);
	free(s->b0);
	free(s->r);
	free(s->w);
	free(s->ipvt);
	free(s);
}

/*
 * Allocate the arrays for order n with the given kernels and generate the
 * matrix.  The saved copy of the matrix is optional: without it (n large
 * and memory short) prepare() regenerates the matrix instead of copying.
 */
static struct lp_state *
lp_state_new(const struct lp_ops *ops, int n)
{
	struct lp_state *s = calloc(1, sizeof(*s));
	size_t vec, mat;

	if (s == NULL)
		return NULL;
	s->ops = ops;
	s->n = n;
	s->lda = n + 1;		/* as the classic's 201 for n = 200 */
	vec = (size_t)n * ops->size;
	mat = (size_t)s->lda * (size_t)n * ops->size;
	s->a = lp_alloc(mat);
	s->b = lp_alloc(vec);
	s->b0 = lp_alloc(vec);
	s->r = lp_alloc((size_t)n * sizeof(double));
	s->w = lp_alloc((size_t)n * sizeof(double));
	s->ipvt = lp_alloc((size_t)n * sizeof(int));
	if (s->a == NULL || s->b == NULL || s->b0 == NULL || s->r == NULL ||
	    s->w == NULL || s->ipvt == NULL) {
		lp_state_free(s);
		return NULL;
	}
	s->a0 = lp_alloc(mat);
	ops->matgen(s->a0 != NULL ? s->a0 : s->a, s->lda, n, s->b0);
	return s;
}

/* Put matgen's matrix and right-hand side back into a and b. */
static void
lp_restore(struct lp_state *s)
{
	if (s->a0 != NULL)
		memcpy(s->a, s->a0, (size_t)s->lda * (size_t)s->n *
		    s->ops->size);
	else
		s->ops->matgen(s->a, s->lda, s->n, s->b0);
	memcpy(s->b, s->b0, (size_t)s->n * s->ops->size);
	s->solved = 0;
}

/* Factor a; a zero pivot fails the case, suggesting an odd n. */
static int
lp_factor(struct bench_ctx *ctx, struct lp_state *s)
{
	int info = s->ops->dgefa(s->a, s->lda, s->n, s->ipvt);
	int alt = s->n % 2 ? s->n + 2 : s->n + 1;

	if (info == 0)
		return 0;
	if (alt > LP_NMAX)
		alt -= 4;
	return bench_fail(ctx, "dgefa: zero pivot in column %d: the classic "
	    "matrix is singular for n=%d, try n=%d", info, s->n, alt);
}

static void
lp_solve(struct lp_state *s)
{
	s->ops->dgesl(s->a, s->lda, s->n, s->ipvt, s->b, 0);
	s->solved = 1;
}

/* MFLOPS per MHz of the clock, beside each case's flop/s. */
static const struct bench_derived lp_derived[] = {
	{ .name = "mflops-per-mhz", .unit = "MFLOPS/MHz",
	  .how = BENCH_D_PER_MHZ, .scale = 1e-6 },
	{ .name = NULL }
};

/*
 * plan(): one case per precision and BLAS style, in the order the lists
 * give; a word given twice adds no second case.
 */
static int
lp_plan(struct bench_ctx *ctx)
{
	char prec[4][64], roll[4][64], name[96];
	int seen[4] = { 0 };
	size_t np, nr, i, j;
	struct bench_case *c;
	long long n = bench_param_int(ctx, "n");
	int id;

	if (n < LP_NMIN || n > LP_NMAX)
		return bench_fail(ctx, "n=%lld is out of range %d..%d", n,
		    LP_NMIN, LP_NMAX);
	np = bench_param_words(ctx, "precision", prec, 4);
	nr = bench_param_words(ctx, "unroll", roll, 4);
	if (np > 4)
		np = 4;
	if (nr > 4)
		nr = 4;
	for (i = 0; i < np; i++) {
		for (j = 0; j < nr; j++) {
			id = 2 * (strcmp(prec[i], "single") == 0) +
			    (strcmp(roll[j], "unrolled") == 0);
			if (seen[id]++)
				continue;
			snprintf(name, sizeof(name), "%s-%s",
			    id >= 2 ? "single" : "double",
			    id % 2 ? "unrolled" : "rolled");
			c = bench_add_case(ctx, name, "flop/s", BENCH_RATE,
			    lp_flops((int)n));
			if (c == NULL)
				return -1;
			c->id = id;
			c->derived = lp_derived;
			c->iter_seconds = lp_flops((int)n) / LP_SLOW_FLOPS;
		}
	}
	return 0;
}

static int
lp_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	long long n = bench_param_int(ctx, "n");
	struct lp_state *s;

	if (c->id < 0 || (size_t)c->id >= sizeof(lp_variants) /
	    sizeof(lp_variants[0]))
		return bench_fail(ctx, "unknown case '%s'", c->name);
	if (n < LP_NMIN || n > LP_NMAX)
		return bench_fail(ctx, "n=%lld is out of range %d..%d", n,
		    LP_NMIN, LP_NMAX);
	s = lp_state_new(lp_variants[c->id], (int)n);
	if (s == NULL)
		return bench_fail(ctx, "cannot allocate the arrays for "
		    "n=%lld: out of memory", n);
	bench_set_priv(ctx, s);
	return 0;
}

/* The untimed part of an iteration: matgen's output back in place. */
static int
lp_prepare(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	lp_restore(bench_priv(ctx));
	return 0;
}

static int
lp_phase_dgefa(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	return lp_factor(ctx, bench_priv(ctx));
}

static int
lp_phase_dgesl(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	lp_solve(bench_priv(ctx));
	return 0;
}

static const struct bench_phase lp_phase_list[] = {
	{ .name = "dgefa", .fn = lp_phase_dgefa },
	{ .name = "dgesl", .fn = lp_phase_dgesl },
	{ .name = NULL }
};

static const struct bench_phase *
lp_phases(const struct bench_case *c)
{
	(void)c;
	return lp_phase_list;
}

/*
 * run(): the same iterations without per-phase timing, for a runner that
 * does not use phases; the restore is then inside the timed interval.
 */
static int
lp_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct lp_state *s = bench_priv(ctx);
	uint64_t i;

	(void)c;
	for (i = 0; i < iters; i++) {
		lp_restore(s);
		if (lp_factor(ctx, s) < 0)
			return -1;
		lp_solve(s);
	}
	return 0;
}

/* The verdict on a solution, shared by verify() and the tests. */
int
linpack_judge(const struct linpack_acc *acc, int n, char *why, size_t len)
{
	if (isnan(acc->resid) || isnan(acc->xerr)) {
		snprintf(why, len, "solution is not finite (NaN or infinity)%s",
		    n % 2 ? "" : ": the classic matrix may be singular for "
		    "this n, try an odd one");
		return -1;
	}
	if (!(acc->resid <= LINPACK_RESID_BOUND)) {
		snprintf(why, len, "normalised residual %.3g exceeds %g",
		    acc->resid, LINPACK_RESID_BOUND);
		return -1;
	}
	if (!(acc->ferr <= LINPACK_FERR_BOUND)) {
		snprintf(why, len, "max |x(i) - 1| = %.3g is %.3g times cond * "
		    "eps (cond %.3g), more than %g", acc->xerr, acc->ferr,
		    acc->cond, LINPACK_FERR_BOUND);
		return -1;
	}
	return 0;
}

/*
 * Measure the solution in b of op(A) x = b0 with the factors in a, where
 * orig is the original matrix (may be a itself once the factors are no
 * longer needed: the estimate of cond comes first).
 */
static void
lp_assess(struct lp_state *s, const void *orig, int trans,
    struct linpack_acc *acc)
{
	const struct lp_ops *ops = s->ops;
	double inv;

	inv = ops->invnorm(s->a, s->lda, s->n, s->ipvt, trans, s->r, s->w);
	if (orig == s->a)
		ops->matgen(s->a, s->lda, s->n, s->b0);
	ops->check(orig, s->lda, s->n, s->b0, s->b, s->r, s->w, trans, acc);
	acc->cond = acc->anorm * inv;
	acc->ferr = acc->xerr / (acc->cond * ops->eps);
	if (isinf(acc->cond))
		acc->ferr = 0;		/* singular: any x is as good */
}

/*
 * verify(): check the last solution the timed iterations produced (or a
 * fresh one when there is none) and attach the normalised residual, the
 * error of x and the estimated condition number to the row as "resid",
 * "xerr" and "cond".
 */
static int
lp_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct lp_state *s = bench_priv(ctx);
	struct linpack_acc acc;
	char why[160];

	(void)c;
	if (!s->solved) {
		lp_restore(s);
		if (lp_factor(ctx, s) < 0)
			return -1;
		lp_solve(s);
	}
	if (linpack_test_fault)
		s->ops->nudge(s->b, 0.25);
	/* without a saved copy the matrix is regenerated over the factors */
	lp_assess(s, s->a0 != NULL ? s->a0 : s->a, 0, &acc);
	if (s->a0 == NULL)
		s->solved = 0;		/* a no longer holds the factors */
	if (isfinite(acc.resid))
		bench_extra(ctx, "resid", acc.resid);
	if (isfinite(acc.xerr))
		bench_extra(ctx, "xerr", acc.xerr);
	if (isfinite(acc.cond))
		bench_extra(ctx, "cond", acc.cond);
	if (linpack_judge(&acc, s->n, why, sizeof(why)) < 0)
		return bench_fail(ctx, "%s", why);
	return 0;
}

static void
lp_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	lp_state_free(bench_priv(ctx));
	bench_set_priv(ctx, NULL);
}

int
linpack_test_solve(int single, int unroll, int n, int trans, double *x,
    struct linpack_acc *acc)
{
	const struct lp_ops *ops = lp_variants[2 * !!single + !!unroll];
	struct lp_state *s;
	int ret = -1;

	if (n < 1 || n > LP_NMAX)
		return -1;
	s = lp_state_new(ops, n);
	if (s == NULL)
		return -1;
	if (s->a0 == NULL)
		goto out;
	if (trans)
		ops->rhs(s->a0, s->lda, n, s->b0, 1);
	lp_restore(s);
	if (ops->dgefa(s->a, s->lda, n, s->ipvt) != 0)
		goto out;
	ops->dgesl(s->a, s->lda, n, s->ipvt, s->b, trans);
	lp_assess(s, s->a0, trans, acc);
	ops->widen(s->b, n, x);
	ret = 0;
out:
	lp_state_free(s);
	return ret;
}

/* --classic ----------------------------------------------------------- */

/* n from a row's canonical parameters "n=200,...", or -1. */
static int
lp_row_n(const struct result *r)
{
	const char *p = r->params;
	char *end;
	long v;

	while (p != NULL && *p != '\0') {
		if (strncmp(p, "n=", 2) == 0) {
			v = strtol(p + 2, &end, 10);
			if (end != p + 2 && (*end == ',' || *end == '\0') &&
			    v >= 1 && v <= LP_NMAX)
				return (int)v;
		}
		p = strchr(p, ',');
		if (p != NULL)
			p++;
	}
	return -1;
}

/*
 * One row as the classic prints its report: the banner, then the
 * "Reps Time(s) DGEFA DGESL OVERHEAD KFLOPS" line from the row's phase
 * totals, then the normalised residual.  The classic averages rolled and
 * unrolled; here each style has its own report.
 */
static void
lp_classic_row(FILE *fp, const struct result *r)
{
	int single = strncmp(r->case_name, "single", 6) == 0;
	int unrolled = strstr(r->case_name, "unrolled") != NULL;
	size_t esz = single ? sizeof(float) : sizeof(double);
	double fa, sl, ov, it, total, resid;
	unsigned long long reps;
	int n = lp_row_n(r);

	fprintf(fp, "LINPACK benchmark, %s precision.\n",
	    single ? "Single" : "Double");
	fprintf(fp, "Machine precision:  %d digits.\n",
	    single ? FLT_DIG : DBL_DIG);
	if (n > 0) {
		fprintf(fp, "Array size %d X %d.\n", n, n);
		fprintf(fp, "Memory required:  %zuK.\n",
		    ((2 * (size_t)(n + 1) * (size_t)n + 2 * (size_t)n) * esz +
		    (size_t)n * (2 * sizeof(double) + sizeof(int)) + 1023) /
		    1024);
	}
	fprintf(fp, "%s performance:\n\n", unrolled ? "Unrolled" : "Rolled");
	if (r->status != ST_OK) {
		fprintf(fp, "    %s%s%s\n\n", result_status_name(r->status),
		    r->reason[0] != '\0' ? ": " : "", r->reason);
		return;
	}
	fprintf(fp, "    Reps Time(s) DGEFA   DGESL  OVERHEAD    KFLOPS\n");
	fprintf(fp, "----------------------------------------------------\n");
	if (result_get_extra(r, "phase:dgefa", &fa) < 0 ||
	    result_get_extra(r, "phase:dgesl", &sl) < 0 ||
	    result_get_extra(r, "overhead", &ov) < 0 ||
	    !(fa + sl + ov > 0)) {
		fprintf(fp, "    (no phase times recorded)  %9.3f\n",
		    r->st.median / 1000.0);
	} else {
		if (result_get_extra(r, "iters", &it) < 0)
			it = (double)r->iters * (double)r->nsamples;
		reps = (unsigned long long)it;
		total = fa + sl + ov;
		fprintf(fp, "%8llu %6.2f %6.2f%% %6.2f%% %6.2f%%  %9.3f\n",
		    reps, total, 100.0 * fa / total, 100.0 * sl / total,
		    100.0 * ov / total, r->st.median / 1000.0);
	}
	if (result_get_extra(r, "resid", &resid) == 0)
		fprintf(fp, "Norma. Resid  %.2f (at most %g)\n",
		    resid, LINPACK_RESID_BOUND);
	fputc('\n', fp);
}

static void
lp_classic(FILE *fp, const struct bench_info *info,
    const struct result *const *rows, size_t nrows)
{
	size_t i;

	(void)info;
	for (i = 0; i < nrows; i++)
		if (rows[i]->copy == 0)
			lp_classic_row(fp, rows[i]);
}

static const struct bench_param lp_params[] = {
	{
		.name = "n", .type = BENCH_P_INT,
		.min = LP_NMIN, .max = LP_NMAX, .def = "200",
		.help = "order of the system (the classic uses 200); the "
		    "classic matrix is singular for some even n such as 256, "
		    "odd n are safe",
	},
	{
		.name = "precision", .type = BENCH_P_LIST,
		.def = "double,single", .choices = "double|single",
		.help = "floating-point precisions to measure",
	},
	{
		.name = "unroll", .type = BENCH_P_LIST,
		.def = "rolled,unrolled", .choices = "rolled|unrolled",
		.help = "BLAS loops as written, or unrolled by four",
	},
	{ .name = NULL }
};

const struct bench_info bench_linpack_info = {
	.name = "linpack",
	.group = "cpu",
	.description = "LU factorisation and solve (dgefa/dgesl), the "
	    "classic Linpack 100 kernel",
	.unit = "flop/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = lp_params,
	.plan = lp_plan,
	.setup = lp_setup,
	.prepare = lp_prepare,
	.run = lp_run,
	.phases = lp_phases,
	.verify = lp_verify,
	.teardown = lp_teardown,
	.classic = lp_classic,
};
