/*
 * cpu-linpack.c - Linpack: solve a dense system by LU factorisation with
 * partial pivoting (dgefa) and forward and back substitution (dgesl) over
 * the BLAS level-1 routines daxpy, ddot, dscal and idamax, written from the
 * published algorithm (Dongarra, Bunch, Moler and Stewart, "LINPACK Users'
 * Guide", SIAM 1979; the "Linpack 100" benchmark on the classic matrix).
 *
 * The default is what the classic C program people run measures with its
 * default "array size 200": a system of order n = 100 stored with leading
 * dimension lda = 200 (the C program takes the array size as lda and
 * solves n = lda / 2; the Fortran original pairs n = 100 with lda = 201).
 * Larger n stay available (-p linpack.n=); lda is 2n unless given.
 *
 * Cases per precision (double, single) and BLAS style: rolled loops,
 * unrolled by four, and "average", the figure the classic prints ("Average
 * rolled and unrolled performance"): the classic solves nreps times with
 * rolled and nreps times with unrolled BLAS and divides the operations of
 * all 2 nreps solves by the summed dgefa + dgesl time, that is
 *     KFLOPS = 2 nreps ops / (1000 (t_rolled + t_unrolled)),
 * the harmonic mean of the rolled and unrolled rates (equal work each).
 * The average case is that figure made from the same solves: a case of
 * kind BENCH_SERIAL whose parts are the rolled and the unrolled case, so
 * the runner makes its rows from theirs and it always lies between them
 * (asking for it measures both styles).
 *
 * One iteration restores the matrix and right-hand side from the saved
 * matgen output (prepare: the untimed OVERHEAD), then factors (phase dgefa)
 * and solves (phase dgesl); only the phases are timed, and each solve
 * counts 2n^3/3 + 2n^2 floating-point operations, as the classic does.
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
#include "cpu-classic.h"
#include "cpu-linpack.h"
#include "cpu-linpack-kern.h"
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

/* The kernels: every copy's (cpu-linpack-kern.c), copy K is lp_copies[K]. */
PLACE_TABLE(struct lp_copy, lp_copies, lp_kernel);

/* The BLAS styles of a case; a case's id is 3 * single + style. */
enum lp_style { LP_ROLLED, LP_UNROLLED, LP_AVERAGE, LP_NSTYLES };

static const char *const lp_style_names[LP_NSTYLES] = {
	"rolled", "unrolled", "average"
};

/* One solver: a working copy of the system and the kernels it uses. */
struct lp_solver {
	const struct lp_ops *ops;
	void *a;		/* working matrix; the LU factors after dgefa */
	void *b;		/* right-hand side, then the solution */
	int *ipvt;		/* pivot rows */
	int solved;		/* b holds the solution of (a0, b0) */
};

/* The state of one case between setup() and teardown(). */
struct lp_state {
	int n, lda;
	size_t size;		/* bytes per element */
	void *a0;		/* matgen's matrix, or NULL: regenerate instead */
	void *b0;		/* matgen's right-hand side */
	double *r, *w;		/* scratch for verify() */
	unsigned copy;		/* the kernels' copy (lp_copies) */
	struct lp_solver sol;
};

int linpack_test_fault;
int linpack_test_copy = -1;

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
	free(s->sol.a);
	free(s->sol.b);
	free(s->sol.ipvt);
	free(s->a0);
	free(s->b0);
	free(s->r);
	free(s->w);
	free(s);
}

/*
 * Allocate the arrays for order n, leading dimension lda, a solver with
 * the kernels ops, and generate the matrix.  The saved copy of the matrix
 * is optional: without it (n large and memory short) prepare()
 * regenerates the matrix instead of copying.
 */
static struct lp_state *
lp_state_new(const struct lp_ops *ops, int n, int lda)
{
	struct lp_state *s = calloc(1, sizeof(*s));
	size_t vec, mat;

	if (s == NULL)
		return NULL;
	s->n = n;
	s->lda = lda;
	s->size = ops->size;
	vec = (size_t)n * s->size;
	mat = (size_t)lda * (size_t)n * s->size;
	s->sol.ops = ops;
	s->sol.a = lp_alloc(mat);
	s->sol.b = lp_alloc(vec);
	s->sol.ipvt = lp_alloc((size_t)n * sizeof(int));
	s->b0 = lp_alloc(vec);
	s->r = lp_alloc((size_t)n * sizeof(double));
	s->w = lp_alloc((size_t)n * sizeof(double));
	if (s->sol.a == NULL || s->sol.b == NULL || s->sol.ipvt == NULL ||
	    s->b0 == NULL || s->r == NULL || s->w == NULL) {
		lp_state_free(s);
		return NULL;
	}
	s->a0 = lp_alloc(mat);
	ops->matgen(s->a0 != NULL ? s->a0 : s->sol.a, lda, n, s->b0);
	return s;
}

/* Put matgen's matrix and right-hand side back into the solver. */
static void
lp_restore(struct lp_state *s)
{
	struct lp_solver *v = &s->sol;

	if (s->a0 != NULL)
		memcpy(v->a, s->a0, (size_t)s->lda * (size_t)s->n * s->size);
	else
		v->ops->matgen(v->a, s->lda, s->n, s->b0);
	memcpy(v->b, s->b0, (size_t)s->n * s->size);
	v->solved = 0;
}

/* Factor a; a zero pivot fails the case, suggesting an n. */
static int
lp_factor(struct bench_ctx *ctx, struct lp_state *s)
{
	int alt = s->n % 2 ? s->n + 2 : s->n + 1;
	int info;

	info = s->sol.ops->dgefa(s->sol.a, s->lda, s->n, s->sol.ipvt);
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
	s->sol.ops->dgesl(s->sol.a, s->lda, s->n, s->sol.ipvt, s->sol.b, 0);
	s->sol.solved = 1;
}

/* MFLOPS per MHz of the clock, beside each case's flop/s. */
static const struct bench_derived lp_derived[] = {
	{ .name = "mflops-per-mhz", .unit = "MFLOPS/MHz",
	  .how = BENCH_D_PER_MHZ, .scale = 1e-6 },
	{ .name = NULL }
};

/* The leading dimension for order n: the lda parameter, 0 meaning 2n. */
static long long
lp_lda(const struct bench_ctx *ctx, long long n)
{
	const struct linpack_params *p = bench_params(ctx);

	return p->lda == 0 ? 2 * n : p->lda;
}

/* n and lda of a context, checked; -1 after bench_fail(). */
static int
lp_dims(struct bench_ctx *ctx, int *n, int *lda)
{
	const struct linpack_params *p = bench_params(ctx);
	long long vn = p->n, vl = lp_lda(ctx, vn);

	if (vn < LP_NMIN || vn > LP_NMAX)
		return bench_fail(ctx, "n=%lld is out of range %d..%d", vn,
		    LP_NMIN, LP_NMAX);
	if (vl < vn || vl > 2 * LP_NMAX)
		return bench_fail(ctx, "lda=%lld must be at least n=%lld "
		    "(and at most %d)", vl, vn, 2 * LP_NMAX);
	*n = (int)vn;
	*lda = (int)vl;
	return 0;
}

/*
 * Add case id (LP_NSTYLES * single + style) to the plan unless it is
 * there; at[id] is its index in the plan (-1: not yet), *ncases the
 * cases so far.  The average case comes after its parts, the rolled and
 * the unrolled case, which it adds first when they are not there yet.
 */
static int
lp_add(struct bench_ctx *ctx, int id, int n, int *at, int *ncases)
{
	const struct linpack_params *p = bench_params(ctx);
	int st = id % LP_NSTYLES, base = id - st;
	struct bench_case *c;
	char name[96];

	if (at[id] >= 0)
		return 0;
	if (st == LP_AVERAGE &&
	    (lp_add(ctx, base + LP_ROLLED, n, at, ncases) < 0 ||
	    lp_add(ctx, base + LP_UNROLLED, n, at, ncases) < 0))
		return -1;
	snprintf(name, sizeof(name), "%s-%s", id >= LP_NSTYLES ? "single" :
	    "double", lp_style_names[st]);
	c = bench_add_case(ctx, name, "flop/s", st == LP_AVERAGE ?
	    BENCH_SERIAL : BENCH_RATE, (st == LP_AVERAGE ? 2.0 : 1.0) *
	    lp_flops(n));
	if (c == NULL)
		return -1;
	c->id = id;
	c->derived = lp_derived;
	if (st == LP_AVERAGE) {
		c->part[0] = at[base + LP_ROLLED];
		c->part[1] = at[base + LP_UNROLLED];
	} else {
		c->iter_seconds = lp_flops(n) / LP_SLOW_FLOPS;
		if (place_choice(p->code) < 0)
			c->variants = PLACE_COPIES;
	}
	at[id] = (*ncases)++;
	return 0;
}

/*
 * plan(): one case per precision and BLAS style, in the order the lists
 * give (the average after the two it is made of); a word given twice adds
 * no second case.
 */
static int
lp_plan(struct bench_ctx *ctx)
{
	const struct linpack_params *p = bench_params(ctx);
	const struct bench_list *prec = &p->precision, *roll = &p->unroll;
	int at[2 * LP_NSTYLES];
	size_t i, j;
	int n, lda, st, ncases = 0;

	if (lp_dims(ctx, &n, &lda) < 0)
		return -1;
	for (i = 0; i < 2 * LP_NSTYLES; i++)
		at[i] = -1;
	for (i = 0; i < prec->n; i++) {
		for (j = 0; j < roll->n; j++) {
			for (st = 0; st < LP_NSTYLES - 1 &&
			    strcmp(roll->items[j], lp_style_names[st]) != 0;
			    st++)
				;
			if (lp_add(ctx, LP_NSTYLES * (strcmp(prec->items[i],
			    "single") == 0) + st, n, at, &ncases) < 0)
				return -1;
		}
	}
	return 0;
}

static int
lp_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct lp_state *s;
	int n, lda, single, st;
	unsigned copy;

	if (c->id < 0 || c->id >= 2 * LP_NSTYLES ||
	    c->id % LP_NSTYLES == LP_AVERAGE)
		return bench_fail(ctx, "unknown case '%s'", c->name);
	if (lp_dims(ctx, &n, &lda) < 0)
		return -1;
	single = c->id / LP_NSTYLES;
	st = c->id % LP_NSTYLES;
	copy = place_copy(ctx, ((const struct linpack_params *)
	    bench_params(ctx))->code);
	s = lp_state_new(lp_copies[copy]->ops[2 * single + (st == LP_UNROLLED)],
	    n, lda);
	if (s == NULL)
		return bench_fail(ctx, "cannot allocate the arrays for "
		    "n=%d, lda=%d: out of memory", n, lda);
	s->copy = copy;
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
 * Measure the solution in v->b of op(A) x = b0 with the factors in v->a,
 * where orig is the original matrix (may be v->a itself once the factors
 * are no longer needed: the estimate of cond comes first).
 */
static void
lp_assess(struct lp_state *s, struct lp_solver *v, const void *orig,
    int trans, struct linpack_acc *acc)
{
	const struct lp_ops *ops = v->ops;
	double inv;

	inv = ops->invnorm(v->a, s->lda, s->n, v->ipvt, trans, s->r, s->w);
	if (orig == v->a)
		ops->matgen(v->a, s->lda, s->n, s->b0);
	ops->check(orig, s->lda, s->n, s->b0, v->b, s->r, s->w, trans, acc);
	acc->cond = acc->anorm * inv;
	acc->ferr = acc->xerr / (acc->cond * ops->eps);
	if (isinf(acc->cond))
		acc->ferr = 0;		/* singular: any x is as good */
}

/*
 * verify(): check the last solution the timed iterations produced (or a
 * fresh one when there is none) and attach the normalised residual, the
 * error of x and the estimated condition number to the row as "resid",
 * "xerr" and "cond", and the leading dimension used as "param:lda" (the
 * footer of the text view and --classic show it for lda=0).
 */
static int
lp_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct lp_state *s = bench_priv(ctx);
	struct lp_solver *v = &s->sol;
	struct linpack_acc acc;
	char why[160];

	(void)c;
	/* the leading dimension used, also when given as 0 (2n) */
	bench_extra(ctx, "param:lda", s->lda);
	if (!v->solved) {
		lp_restore(s);
		if (lp_factor(ctx, s) < 0)
			return -1;
		lp_solve(s);
	}
	if (linpack_test_fault)
		v->ops->nudge(v->b, 0.25);
	linpack_test_copy = (int)s->copy;
	/* without a saved copy the matrix is regenerated over a */
	lp_assess(s, v, s->a0 != NULL ? s->a0 : v->a, 0, &acc);
	if (s->a0 == NULL)
		v->solved = 0;	/* a no longer holds the factors */
	if (linpack_judge(&acc, s->n, why, sizeof(why)) < 0)
		return bench_fail(ctx, "%s", why);
	if (isfinite(acc.resid))
		bench_extra(ctx, "resid", acc.resid);
	if (isfinite(acc.xerr))
		bench_extra(ctx, "xerr", acc.xerr);
	if (isfinite(acc.cond))
		bench_extra(ctx, "cond", acc.cond);
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
	const struct lp_ops *ops = lp_copies[0]->ops[2 * !!single + !!unroll];
	struct lp_state *s;
	struct lp_solver *v;
	int ret = -1;

	if (n < 1 || n > LP_NMAX)
		return -1;
	s = lp_state_new(ops, n, n + 1);
	if (s == NULL)
		return -1;
	v = &s->sol;
	if (s->a0 == NULL)
		goto out;
	if (trans)
		ops->rhs(s->a0, s->lda, n, s->b0, 1);
	lp_restore(s);
	if (ops->dgefa(v->a, s->lda, n, v->ipvt) != 0)
		goto out;
	ops->dgesl(v->a, s->lda, n, v->ipvt, v->b, trans);
	lp_assess(s, v, s->a0, trans, acc);
	ops->widen(v->b, n, x);
	ret = 0;
out:
	lp_state_free(s);
	return ret;
}

/* --classic ----------------------------------------------------------- */

/*
 * One case as the classic prints its report: the banner, then the
 * "Reps Time(s) DGEFA DGESL OVERHEAD KFLOPS" line from the row's phase
 * totals (Reps: iterations over all samples; Time: their phases and
 * overhead; KFLOPS: the row's median), the normalised residual, and the
 * MFLOPS per MHz when the derived row has it.  The classic prints only
 * the average of rolled and unrolled (the "-average" case, whose phase
 * totals and iterations are the sums of its parts'); the styles get a
 * block each.
 */
static void
lp_classic_case(FILE *fp, const struct result *r,
    const struct result *const *rows, size_t nrows)
{
	int single = strncmp(r->case_name, "single", 6) == 0;
	const char *style = strrchr(r->case_name, '-');
	double fa, sl, ov, it, total, resid;
	unsigned long long reps;
	long n = classic_row_param(r, "n", LP_NMAX);
	long lda = classic_row_param(r, "lda", 2 * LP_NMAX);

	if (lda == 0 && n > 0)	/* a row stored without param:lda */
		lda = 2 * n;
	fprintf(fp, "LINPACK benchmark, %s precision.\n",
	    single ? "Single" : "Double");
	fprintf(fp, "Machine precision:  %d digits.\n",
	    single ? FLT_DIG : DBL_DIG);
	if (n > 0 && lda > 0)
		fprintf(fp, "Array size %ld X %ld (n=%ld, lda=%ld).\n", lda, lda,
		    n, lda);
	if (style != NULL && strcmp(style, "-average") == 0)
		fprintf(fp, "Average rolled and unrolled performance:\n\n");
	else
		fprintf(fp, "%s performance:\n\n", style != NULL &&
		    strcmp(style, "-unrolled") == 0 ? "Unrolled" : "Rolled");
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
	classic_per_mhz(fp, r, "mflops-per-mhz", "MFLOPS/MHz", 13, rows,
	    nrows);
	fputc('\n', fp);
}

/*
 * One block per measured case (a precision and BLAS style); rows of
 * their own made from a case (`<case>/mflops-per-mhz`) never get one.
 */
static void
lp_classic(FILE *fp, const struct bench_info *info,
    const struct result *const *rows, size_t nrows)
{
	size_t i;

	(void)info;
	for (i = 0; i < nrows; i++)
		if (rows[i]->copy == 0 &&
		    strchr(rows[i]->case_name, '/') == NULL)
			lp_classic_case(fp, rows[i], rows, nrows);
}

static const struct bench_param lp_params[] = {
	{
		BENCH_PARAM_INT(struct linpack_params, n),
		.min = LP_NMIN, .max = LP_NMAX, .def = "100",
		.help = "order of the system (the classic's \"array size "
		    "200\" solves n=100); the classic matrix is singular for "
		    "some even n such as 256, odd n are safe",
	},
	{
		BENCH_PARAM_INT(struct linpack_params, lda),
		.min = 0, .max = 2 * LP_NMAX, .def = "0",
		.help = "leading dimension of the matrix, at least n; 0: 2n, "
		    "as the classic C program (its \"array size\"); the "
		    "Fortran original uses 201 with n=100",
	},
	{
		BENCH_PARAM_LIST(struct linpack_params, precision),
		.def = "double,single", .choices = "double|single",
		.help = "floating-point precisions to measure",
	},
	{
		BENCH_PARAM_LIST(struct linpack_params, unroll),
		.def = "rolled,unrolled,average",
		.choices = "rolled|unrolled|average",
		.help = "BLAS loops as written, unrolled by four, or average: "
		    "the classic's printed figure, the harmonic mean of the "
		    "rolled and unrolled rows, made from them (so it needs "
		    "and measures both)",
	},
	PLACE_PARAM(struct linpack_params, code, "LU kernels'"),
	{ .name = NULL }
};

/* The figures people quote from this benchmark (bench.h, headlines). */
static const struct bench_headline linpack_headlines[] = {
	{ "double-rolled", NULL, "", "Linpack double rolled", 0 },
	{ "double-unrolled", NULL, "", "Linpack double unrolled", 0 },
	{ "double-average", NULL, "", "Linpack double average", 0 },
	{ 0 }
};

const struct bench_info bench_linpack_info = {
	.name = "linpack",
	.group = "cpu",
	.description = "LU factorisation and solve (dgefa/dgesl), the "
	    "classic Linpack 100 kernel (n=100, lda=200 as the C program)",
	.unit = "flop/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = lp_params,
	.params_size = sizeof(struct linpack_params),
	.plan = lp_plan,
	.setup = lp_setup,
	.prepare = lp_prepare,
	.run = lp_run,
	.phases = lp_phases,
	.verify = lp_verify,
	.teardown = lp_teardown,
	.classic = lp_classic,
	.headlines = linpack_headlines,
	.headline_rank = 10,
};
