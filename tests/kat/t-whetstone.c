/*
 * t-whetstone.c - known answers for Whetstone: each module's results at
 * LOOP = 1 and the classic LOOP = 1000 (computed independently), the
 * expected values verify() uses, the case and its per-module phases,
 * verify() failing on a corrupted integer module, and the loops range;
 * for Longbottom's MWIPS program, the result column its published output
 * prints after one pass, its module counts, and verify() failing on a
 * corrupted procedure-call module.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpu-whetstone.h"
#include "registry.h"
#include "runner-int.h"
#include "kat.h"
#include "tap.h"

extern const struct bench_info bench_whetstone_info;

/* Known results of the three iterated floating-point modules. */
static const struct {
	long loops;
	double m2[4], m3[4], m7[2];
} known[] = {
	{ 1,
	  { -0.06682108153759841, -0.4662713010907264, -0.7329765200218058,
	    -1.1323916609285205 },
	  { -0.065513281746192, -0.4646922083220843, -0.7310674393684174,
	    -1.1302716215293103 },
	  { 0.49903830801545246, 0.4990231564852849 } },
	{ 1000,
	  { -0.13190019026862837, -0.1821842652313853, -0.43145469173117945,
	    -0.4817261291725731 },
	  { 0.022103236783458147, -0.027271430544597332, -0.03791389135974695,
	    -0.08729008077685999 },
	  { 0.09117603722430284, 0.09117373889982543 } },
};

static const char *const module_names[] = {
	"array-elements", "array-param", "cond-jumps", "integer-arith",
	"trig-funcs", "proc-calls", "array-refs", "std-funcs"
};
static const double module_work[] = {	/* per LOOP */
	12 * 16, 14 * 96, 345 * 3, 210 * 15, 32 * 10, 899 * 6, 616 * 3, 93 * 3
};

static int
near(double got, double want)
{
	return fabs(got - want) <= 1e-12 * (fabs(want) > 1 ? fabs(want) : 1);
}

static void
check_known(size_t i)
{
	struct whet_results r;
	int j, good;

	whetstone_test_pass(known[i].loops, &r);
	for (j = 0, good = 1; j < 4; j++)
		good &= near(r.m2[j], known[i].m2[j]);
	ok(good, "loops=%ld: array elements E1 = %.6f %.6f %.6f %.6f",
	    known[i].loops, r.m2[0], r.m2[1], r.m2[2], r.m2[3]);
	for (j = 0, good = 1; j < 4; j++)
		good &= near(r.m3[j], known[i].m3[j]);
	ok(good, "loops=%ld: array as parameter E1 = %.6f %.6f %.6f %.6f",
	    known[i].loops, r.m3[0], r.m3[1], r.m3[2], r.m3[3]);
	ok(near(r.m7_x, known[i].m7[0]) && near(r.m7_y, known[i].m7[1]),
	    "loops=%ld: trigonometric X, Y = %.8f %.8f", known[i].loops,
	    r.m7_x, r.m7_y);
}

/*
 * The result column of Longbottom's published double precision output
 * (one pass of x100 = 100): N1 to N8.  N5 and N8 go through the maths
 * library, whose last digits differ between libraries (the published
 * outputs differ there too), hence the tolerance.
 */
static const double mwips_published[8] = {
	-1.12398255667391900, -1.12187079889284425, 1.0, 12.0,
	0.49902937281518273, 0.99999987890802811, 3.0, 0.75100163018458932
};

/* The MWIPS program's modules and the operation counts it divides by. */
static void
check_mwips_phases(const struct bench_phase *ph)
{
	static const char *const names[8] = {
		"n1-float", "n2-float", "n3-if", "n4-fixed", "n5-trig",
		"n6-float", "n7-assign", "n8-exp"
	};
	static const double work[8] = {	/* per pass of x100 = 100 */
		1200 * 16, 1400 * 96, 34500 * 3, 21000 * 15, 3200 * 26,
		89900 * 6, 61600 * 3, 9300 * 4
	};
	static const char *const units[8] = {
		"flop/s", "flop/s", "op/s", "op/s", "op/s", "flop/s", "op/s",
		"op/s"
	};
	size_t i;

	for (i = 0; i < 8; i++)
		ok(ph[i].name != NULL && strcmp(ph[i].name, names[i]) == 0 &&
		    ph[i].row && ph[i].work == work[i] &&
		    strcmp(ph[i].unit, units[i]) == 0,
		    "MWIPS module %zu is phase %s, %g %s per pass", i + 1,
		    names[i], work[i], units[i]);
	ok(ph[8].name == NULL, "MWIPS: eight phases");
}

static void
check_mwips_known(void)
{
	struct mwips_results got, want;
	double col[MWIPS_NMODULES];
	char why[160];
	size_t i;
	int rc;

	mwips_test_pass(&got);
	mwips_column(&got, col);
	for (i = 0; i < MWIPS_NMODULES; i++)
		ok(fabs(col[i] - mwips_published[i]) <= 1e-12,
		    "MWIPS %s: %.17f, published %.17f", mwips_labels[i],
		    col[i], mwips_published[i]);
	ok(got.n4_j == 1 && got.n4_k == 2 && got.n4_l == 3,
	    "MWIPS N4: J, K, L = 1, 2, 3");
	ok(got.n7[0] == 3 && got.n7[1] == 2 && got.n7[2] == 3,
	    "MWIPS N7: E1 = 3 2 3 after 61600 (even) calls");
	mwips_expected(&want);
	rc = mwips_compare(&got, &want, why, sizeof(why));
	ok(rc == 0, "MWIPS: every module as expected%s%s", rc ? ": " : "",
	    rc ? why : "");
	got.n4_k = 4;
	ok(mwips_compare(&got, &want, why, sizeof(why)) != 0 &&
	    strstr(why, "n4-fixed") != NULL,
	    "MWIPS: a wrong integer result is caught: %s", why);
}

static struct bench_ctx *
ctx_loops(const char *spec)
{
	return kat_ctx(&bench_whetstone_info, &spec, 1);
}

int
main(void)
{
	static const long loops[] = { 1, 2, 3, 10, 1000 };
	struct whet_results got, want;
	const struct bench_phase *ph;
	struct bench_ctx *ctx;
	struct param_set ps;
	char why[160];
	size_t i;
	int vf, rc;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		check_known(i);

	/* the closed forms at LOOP = 1 */
	whetstone_test_pass(1, &got);
	is_int(got.m4_j, 0, "conditional jumps: J = 0 after 345 (odd) passes");
	ok(got.m6_j == 1 && got.m6_k == 2 && got.m6_l == 3,
	    "integer arithmetic: J, K, L = 1, 2, 3");
	ok(got.m6_e[0] == 6 && got.m6_e[1] == 6 && got.m6_e[2] == 0,
	    "integer arithmetic: E1(1) = E1(2) = 6");
	ok(near(got.m8_z, 0.999937500625), "procedure calls: Z = %.12f",
	    got.m8_z);
	ok(got.m9[0] == 3 && got.m9[1] == 2 && got.m9[2] == 3,
	    "array references: E1 = 3 2 3 after 616 (even) calls");
	ok(near(got.m11_x, 0.7598651448882464),
	    "standard functions: X = %.12f", got.m11_x);
	whetstone_test_pass(2, &got);
	is_int(got.m4_j, 1, "conditional jumps: J = 1 after 690 passes");

	/* verify()'s expected values agree with a real pass */
	for (i = 0; i < sizeof(loops) / sizeof(loops[0]); i++) {
		whetstone_test_pass(loops[i], &got);
		whetstone_expected(loops[i], &want);
		rc = whetstone_compare(&got, &want, why, sizeof(why));
		ok(rc == 0, "loops=%ld: every module as expected%s%s",
		    loops[i], rc ? ": " : "", rc ? why : "");
	}
	whetstone_test_pass(5, &got);
	whetstone_expected(5, &want);
	got.m6_k = 4;
	ok(whetstone_compare(&got, &want, why, sizeof(why)) != 0 &&
	    strstr(why, "integer-arith") != NULL,
	    "a wrong integer result is caught: %s", why);

	/* the cases, their work and their module phases */
	ctx = ctx_loops(NULL);
	is_int((long long)ctx->ncases, 2, "two cases by default (both)");
	is_str(ctx->cases[0].name, "classic-double", "the classic's case");
	is_str(ctx->cases[1].name, "mwips-double", "the MWIPS program's case");
	is_str(ctx->cases[0].unit, "WI/s", "unit: Whetstone instructions/s");
	is_double(ctx->cases[0].work, 1e8, 0, "one pass at loops=1000 is "
	    "100 million Whetstone instructions");
	is_double(ctx->cases[1].work, 1e7, 0, "one MWIPS pass (x100 = 100) "
	    "is 10 million Whetstone instructions");
	/* per MHz in each program's own unit, never mixed */
	for (i = 0; i < 2; i++)
		ok(ctx->cases[i].derived != NULL &&
		    strcmp(ctx->cases[i].derived[0].unit,
		    i == 0 ? "MIPS/MHz" : "MWIPS/MHz") == 0 &&
		    strcmp(ctx->cases[i].derived[0].name,
		    i == 0 ? "mips-per-mhz" : "mwips-per-mhz") == 0 &&
		    ctx->cases[i].derived[0].how == BENCH_D_PER_MHZ,
		    "%s: a %s derived row", ctx->cases[i].name,
		    i == 0 ? "MIPS/MHz" : "MWIPS/MHz");
	ph = bench_whetstone_info.phases(&ctx->cases[0]);
	for (i = 0; i < 8; i++) {
		ok(ph[i].name != NULL && strcmp(ph[i].name,
		    module_names[i]) == 0 && ph[i].row &&
		    ph[i].work == module_work[i] * 1000,
		    "module %zu is phase %s with a row, %g units per pass", i,
		    module_names[i], module_work[i] * 1000);
	}
	ok(ph[8].name == NULL, "eight phases");
	check_mwips_phases(bench_whetstone_info.phases(&ctx->cases[1]));
	rc = bench_ctx_exercise(ctx, 0, 2, &vf);
	ok(rc == 0 && vf == 0, "two passes at loops=1000 verify%s%s",
	    ctx->reason[0] ? ": " : "", ctx->reason);
	rc = bench_ctx_exercise(ctx, 1, 3, &vf);
	ok(rc == 0 && vf == 0, "three MWIPS passes verify%s%s",
	    ctx->reason[0] ? ": " : "", ctx->reason);
	whetstone_test_fault = 1;
	rc = bench_ctx_exercise(ctx, 0, 1, &vf);
	ok(rc == -1 && vf == 1 && strstr(ctx->reason, "integer-arith") !=
	    NULL, "a corrupted module fails verify: %s", ctx->reason);
	whetstone_test_fault = 0;
	mwips_test_fault = 1;
	rc = bench_ctx_exercise(ctx, 1, 1, &vf);
	ok(rc == -1 && vf == 1 && strstr(ctx->reason, "n6-float") != NULL,
	    "a corrupted MWIPS module fails verify: %s", ctx->reason);
	mwips_test_fault = 0;
	bench_ctx_free(ctx);

	/* variant selects the program */
	ctx = ctx_loops("whetstone.variant=mwips");
	ok(ctx->ncases == 1 && strcmp(ctx->cases[0].name, "mwips-double") ==
	    0, "variant=mwips: the MWIPS case only");
	bench_ctx_free(ctx);
	ctx = ctx_loops("whetstone.variant=classic");
	ok(ctx->ncases == 1 && strcmp(ctx->cases[0].name, "classic-double")
	    == 0, "variant=classic: the classic case only");
	bench_ctx_free(ctx);

	check_mwips_known();

	ctx = ctx_loops("whetstone.loops=7");
	rc = bench_ctx_exercise(ctx, 0, 3, &vf);
	ok(rc == 0 && vf == 0, "loops=7 verifies%s%s",
	    ctx->reason[0] ? ": " : "", ctx->reason);
	bench_ctx_free(ctx);

	param_set_init(&ps);
	ok(param_set_add(&ps, "whetstone.loops=0") != 0, "loops=0 refused");
	ok(param_set_add(&ps, "whetstone.loops=100001") != 0,
	    "loops=100001 refused");
	ok(param_set_add(&ps, "whetstone.variant=dhrystone") != 0,
	    "variant=dhrystone refused");
	param_set_release(&ps);
	return done_testing();
}
