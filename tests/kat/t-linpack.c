/*
 * t-linpack.c - known answers for the Linpack benchmark: its cases and
 * operation counts, solves that pass verify() at several orders, rolled
 * and unrolled BLAS agreeing, the transposed solve (ddot), and verify()
 * failing on a corrupted solution; the copies of the kernels at 8 code
 * placements (their offsets modulo 64 bytes, the same factors from each,
 * the copy each linpack.code setting runs, the figure as the median over
 * placements).
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpu-linpack.h"
#include "cpu-linpack-kern.h"
#include "registry.h"
#include "result.h"
#include "runner-int.h"
#include "kat.h"
#include "tap.h"

static const char *const case_names[] = {
	"double-rolled", "double-unrolled", "double-average",
	"single-rolled", "single-unrolled", "single-average"
};
#define NCASES (sizeof(case_names) / sizeof(case_names[0]))

/* 2n^3/3 + 2n^2 written out differently from the benchmark. */
static double
flops(long long n)
{
	return (double)(2 * n * n * n + 6 * n * n) / 3.0;
}

static struct bench_ctx *
ctx_with(const char *spec)
{
	return kat_ctx(&bench_linpack_info, &spec, 1);
}

/*
 * The six cases, their names, units and work for order n: one solve per
 * iteration; the average case is not measured but made from the rolled
 * and unrolled cases before it (their work: two solves).
 */
static void
check_cases(struct bench_ctx *ctx, long long n)
{
	double w;
	size_t i;

	if (!is_int((long long)ctx->ncases, (long long)NCASES,
	    "n=%lld: six cases", n))
		return;
	for (i = 0; i < NCASES; i++) {
		w = (i % 3 == 2 ? 2 : 1) * flops(n);
		is_str(ctx->cases[i].name, case_names[i], "case %zu name", i);
		is_str(ctx->cases[i].unit, "flop/s", "%s unit",
		    case_names[i]);
		if (i % 3 == 2)
			ok(ctx->cases[i].kind == BENCH_SERIAL &&
			    ctx->cases[i].part[0] == (int)i - 2 &&
			    ctx->cases[i].part[1] == (int)i - 1, "%s is made "
			    "from the rolled and unrolled cases before it",
			    case_names[i]);
		else
			ok(ctx->cases[i].kind == BENCH_RATE, "%s is a rate",
			    case_names[i]);
		is_double(ctx->cases[i].work, w, 1e-9 * w,
		    "%s work at n=%lld is %s(2n^3/3 + 2n^2)", case_names[i], n,
		    i % 3 == 2 ? "2 " : "");
	}
}

/*
 * Rolled and unrolled BLAS give the same solution (up to a few ulps, as
 * contraction into fused multiply-adds may differ), and every solve of
 * op(A) x = b passes the verdict verify() applies.
 */
static void
check_solves(int n)
{
	struct linpack_acc acc[2];
	double *x[2], d, dmax, eps;
	int single, trans, u, i, same;
	char why[160];

	x[0] = calloc((size_t)n, sizeof(double));
	x[1] = calloc((size_t)n, sizeof(double));
	if (x[0] == NULL || x[1] == NULL)
		bail("out of memory");
	for (single = 0; single < 2; single++) {
		eps = single ? FLT_EPSILON : DBL_EPSILON;
		for (trans = 0; trans < 2; trans++) {
			for (u = 0; u < 2; u++) {
				if (linpack_test_solve(single, u, n, trans,
				    x[u], &acc[u]) != 0) {
					ok(0, "n=%d solve failed", n);
					continue;
				}
				ok(linpack_judge(&acc[u], n, why,
				    sizeof(why)) == 0 &&
				    acc[u].resid <= 20 && acc[u].ferr <= 1,
				    "n=%d %s %s%s: resid %.2f, |x-1| %.2g",
				    n, single ? "single" : "double",
				    u ? "unrolled" : "rolled",
				    trans ? " transposed" : "",
				    acc[u].resid, acc[u].xerr);
			}
			dmax = 0;
			same = 1;
			for (i = 0; i < n; i++) {
				d = fabs(x[0][i] - x[1][i]);
				if (d > dmax)
					dmax = d;
				same &= x[0][i] == x[1][i];
			}
			ok(dmax <= 64 * n * eps, "n=%d %s%s: rolled and "
			    "unrolled agree (%s, max diff %.2g)", n,
			    single ? "single" : "double",
			    trans ? " transposed" : "",
			    same ? "bit-identical" : "not bit-identical",
			    dmax);
		}
	}
	free(x[0]);
	free(x[1]);
}

/* The address of code, as an integer (the Thumb bit included). */
#define ADDR(fn) ((uintptr_t)(fn))

/*
 * Every copy's code where bench/cpu/cpu-place.h says: it begins at
 * 16 x (K mod 4) modulo 64 bytes, and each kernel (the rolled and
 * unrolled LU of both precisions) lies at the same distance from that
 * start as in copy 0; every copy factors a matrix to the very same bits
 * as copy 0 (one source, one set of flags).
 */
static void
test_copies(void)
{
	const struct lp_copy *c0 = lp_copies[0], *c;
	enum { N = 40, LDA = 41 };
	double a0[LDA * N], a[LDA * N], b[N];
	int ipvt0[N], ipvt[N], rc0, rc;
	unsigned k, j, want, same, bits;

	for (k = 0; k < PLACE_COPIES; k++) {
		c = lp_copies[k];
		want = k % PLACE_OFFSETS * PLACE_STEP;
		is_int(place_code_offset(ADDR(c->code)), want, "copy %u: its "
		    "code begins at %u modulo 128", k, want);
		for (j = 0, same = 1; j < 4; j++)
			same = same && ADDR(c->ops[j]->dgefa) - ADDR(c->code) ==
			    ADDR(c0->ops[j]->dgefa) - ADDR(c0->code) &&
			    ADDR(c->ops[j]->dgefa) > ADDR(c->code);
		ok(same, "copy %u: every LU kernel at copy 0's distance from "
		    "the code's start", k);
		for (j = 0, bits = 1; j < 2; j++) {
			c0->ops[j]->matgen(a0, LDA, N, b);
			memcpy(a, a0, sizeof(a));
			rc0 = c0->ops[j]->dgefa(a0, LDA, N, ipvt0);
			rc = c->ops[j]->dgefa(a, LDA, N, ipvt);
			bits = bits && rc == rc0 &&
			    memcmp(a, a0, sizeof(a)) == 0 &&
			    memcmp(ipvt, ipvt0, sizeof(ipvt)) == 0;
		}
		ok(bits, "copy %u: the same double factors as copy 0 (rolled "
		    "and unrolled), bit for bit", k);
	}
}

int
main(void)
{
	static const int orders[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 37,
	    100, 200 };
	static const uint64_t place_runs[] = { 1, 2, 3 };
	struct kat_rows rk = { .n = 0 };
	struct param_set ps;
	struct bench_ctx *ctx;
	struct linpack_acc acc;
	double x[16];
	size_t i;
	int vf, rc;

	/* defaults: the classic's array size 200: n = 100, lda = 200 */
	ctx = bench_ctx_new(&bench_linpack_info, "quick", NULL);
	if (ctx == NULL)
		bail("bench_ctx_new failed");
	check_cases(ctx, 100);
	is_double(ctx->cases[0].work, 686666.0 + 2.0 / 3.0, 1e-6,
	    "n=100: 686666.67 operations per solve, as the classic counts");
	is_double(ctx->cases[2].work, 2 * (686666.0 + 2.0 / 3.0), 1e-6,
	    "double-average: the work of one rolled and one unrolled solve");
	{
		const struct linpack_params *p = bench_params(ctx);

		is_int(p->n, 100, "default n is 100");
		is_int(p->lda, 0, "default lda is 0 (= 2n)");
	}
	kat_exercise_all(ctx, 2, "n=100 lda=200");

	/* a corrupted solution must fail verify() in both precisions and
	 * both styles */
	linpack_test_fault = 1;
	for (i = 0; i < ctx->ncases; i++) {
		if (i % 3 == 2)
			continue;	/* the average: nothing measured */
		rc = bench_ctx_exercise(ctx, i, 1, &vf);
		ok(rc == -1 && vf == 1, "%s: corrupted x fails verify",
		    ctx->cases[i].name);
		ok(strstr(ctx->reason, "residual") != NULL,
		    "%s: the reason names the residual: %s",
		    ctx->cases[i].name, ctx->reason);
	}
	linpack_test_fault = 0;
	rc = bench_ctx_exercise(ctx, 2, 1, &vf);
	ok(rc == -1 && vf == 0 && strstr(ctx->reason, "nothing to measure") !=
	    NULL, "the average case is not exercised: %s", ctx->reason);
	bench_ctx_free(ctx);

	/* the Fortran original's lda = 201 with n = 100 */
	ctx = ctx_with("linpack.lda=201");
	if (ctx == NULL)
		bail("lda=201 refused");
	check_cases(ctx, 100);
	kat_exercise_all(ctx, 1, "n=100 lda=201");
	bench_ctx_free(ctx);

	/* the previous default, n = 200 (lda 400) */
	ctx = ctx_with("linpack.n=200");
	if (ctx == NULL)
		bail("n=200 refused");
	is_double(ctx->cases[0].work, 5413333.0 + 1.0 / 3.0, 1e-6,
	    "n=200: 5413333.33 operations per solve");
	kat_exercise_all(ctx, 1, "n=200");
	bench_ctx_free(ctx);

	/* the smallest order */
	ctx = ctx_with("linpack.n=10");
	if (ctx == NULL)
		bail("n=10 refused");
	check_cases(ctx, 10);
	kat_exercise_all(ctx, 5, "n=10");
	bench_ctx_free(ctx);

	/* a larger order, one precision and style */
	ctx = ctx_with("linpack.n=500");
	if (ctx == NULL)
		bail("n=500 refused");
	check_cases(ctx, 500);
	rc = bench_ctx_exercise(ctx, 1, 1, &vf);
	ok(rc == 0 && vf == 0, "n=500 double-unrolled verifies%s%s",
	    ctx->reason[0] ? ": " : "", ctx->reason);
	bench_ctx_free(ctx);

	/*
	 * The classic generator repeats every 16384 values: at n = 256 two
	 * columns are equal and the factorisation meets a zero pivot; at
	 * n = 128 the matrix is singular to working precision, x is far from
	 * all ones, yet the solve is as good as the conditioning allows.
	 */
	ctx = ctx_with("linpack.n=256");
	if (ctx == NULL)
		bail("n=256 refused");
	rc = bench_ctx_exercise(ctx, 0, 1, &vf);
#if defined(__FP_FAST_FMA)
	/*
	 * Where the compiler fuses multiply-adds (aarch64), elimination
	 * leaves a tiny pivot instead of an exact zero: then the solve must
	 * still verify (its backward error is fine), or fail as singular.
	 */
	ok(vf == 0 && (rc == 0 || strstr(ctx->reason, "singular") != NULL),
	    "n=256 (fused multiply-add) is singular or verifies: %s",
	    ctx->reason[0] ? ctx->reason : "verified");
#else
	ok(rc == -1 && vf == 0 && strstr(ctx->reason, "singular") != NULL,
	    "n=256 fails in dgefa, not in verify: %s", ctx->reason);
#endif
	bench_ctx_free(ctx);
	ctx = ctx_with("linpack.n=128");
	if (ctx == NULL)
		bail("n=128 refused");
	kat_exercise_all(ctx, 1, "n=128 (nearly singular)");
	bench_ctx_free(ctx);

	/* lists select the cases */
	param_set_init(&ps);
	if (param_set_add(&ps, "linpack.precision=single") != 0 ||
	    param_set_add(&ps, "linpack.unroll=unrolled") != 0)
		bail("cannot set precision and unroll");
	ctx = bench_ctx_new(&bench_linpack_info, "quick", &ps);
	param_set_release(&ps);
	ok(ctx != NULL && ctx->ncases == 1 &&
	    strcmp(ctx->cases[0].name, "single-unrolled") == 0,
	    "precision=single unroll=unrolled gives one case");
	bench_ctx_free(ctx);
	/* the average alone brings its parts, before it */
	ctx = ctx_with("linpack.unroll=average,rolled");
	ok(ctx->ncases == 6 && strcmp(ctx->cases[0].name, "double-rolled") ==
	    0 && strcmp(ctx->cases[1].name, "double-unrolled") == 0 &&
	    strcmp(ctx->cases[2].name, "double-average") == 0 &&
	    ctx->cases[2].part[0] == 0 && ctx->cases[2].part[1] == 1,
	    "unroll=average,rolled: rolled, unrolled, then the average made "
	    "from them");
	bench_ctx_free(ctx);

	/* the parameter table refuses what is out of range */
	param_set_init(&ps);
	ok(param_set_add(&ps, "linpack.n=9") != 0, "n=9 is refused");
	ok(param_set_add(&ps, "linpack.n=5001") != 0, "n=5001 is refused");
	ok(param_set_add(&ps, "linpack.precision=quad") != 0,
	    "precision=quad is refused");
	ok(param_set_add(&ps, "linpack.unroll=rolled,twice") != 0,
	    "unroll=twice is refused");
	param_set_release(&ps);

	/* small orders run every clean-up path of the unrolled loops */
	for (i = 0; i < sizeof(orders) / sizeof(orders[0]); i++)
		check_solves(orders[i]);

	/* known answers at n = 1: a(1,1) = (11857 - 32768) / 16384 */
	rc = linpack_test_solve(0, 0, 1, 0, x, &acc);
	ok(rc == 0 && x[0] == 1.0 && acc.resid == 0,
	    "n=1: x = 1 exactly");

	test_copies();
	kat_place_settings(&bench_linpack_info, "code", &linpack_test_copy,
	    place_runs, sizeof(place_runs) / sizeof(place_runs[0]));
	kat_place_runner(&bench_linpack_info, "code", &rk);
	kat_rows_release(&rk);
	return done_testing();
}
