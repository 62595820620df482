/*
 * cpu-whetstone.c - Whetstone, double precision: the eight modules of the
 * C-converted program (H. J. Curnow and B. A. Wichmann, "A Synthetic
 * Benchmark", The Computer Journal 19(1), 1976), written from the
 * published algorithm.  The constants are T = 0.499975, T1 = 0.50025,
 * T2 = 2.0; with LOOP = `loops` the modules run
 *     array elements        12 LOOP times     16 flop each
 *     array as parameter    14 LOOP calls     96 flop each (6 x 16)
 *     conditional jumps    345 LOOP times      3 op
 *     integer arithmetic   210 LOOP times     15 op
 *     trigonometric         32 LOOP times     10 op (sin, cos, atan calls)
 *     procedure calls      899 LOOP calls      6 flop
 *     array references     616 LOOP calls      3 op (assignments)
 *     standard functions    93 LOOP times      3 op (sqrt, exp, log calls)
 * and one pass is 100,000 LOOP Whetstone instructions, the classic's
 * KIPS = 100 LOOP ITERATIONS / seconds; the main row is in WI/s, shown
 * as the program prints it, "MIPS" (WI/s / 10^6; Longbottom's program
 * calls the same unit MWIPS).  Each module is a phase, timed on its own,
 * so each has a row of its own (flop/s or op/s, with the counts above):
 * what a compiler did to one module shows there.
 *
 * Nothing here can vanish: every module starts from values the compiler
 * cannot see (T, T1, T2 and the integers 1, 2, 3 come from the state that
 * setup() filled), leaves its final values in the state, and verify()
 * checks every one of them against expected values computed another way
 * (closed forms where they exist).  The classic program at -O2 lets gcc
 * delete the integer module, whose results it never uses, and report an
 * absurd rate for it; here its results are checked like the others.  The
 * procedure of the procedure-call module is kept out of line, since with
 * unchanged arguments each call gives the same result and an inlined
 * call would be hoisted out of the loop.
 *
 * The benchmark has one case per program (-p whetstone.variant=): this
 * one is case classic-double; Longbottom's MWIPS program, which keeps the
 * modules with other constants and counts, is case mwips-double, in
 * cpu-whetstone-mwips.c.  The loops both share are in
 * cpu-whetstone-kern.h.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cpu-classic.h"
#include "cpu-whetstone.h"
#include "cpu-whetstone-kern.h"
#include "result.h"

#define WHET_T		0.499975
#define WHET_T1		0.50025
#define WHET_T2		2.0
#define WHET_WI_PER_LOOP 100000.0	/* Whetstone instructions per LOOP */
#define WHET_LOOPS_MAX	100000L

#if defined(__has_attribute)
#if __has_attribute(noipa)
#define WHET_OUT_OF_LINE __attribute__((noipa))
#elif __has_attribute(noinline)
#define WHET_OUT_OF_LINE __attribute__((noinline))
#endif
#endif
#ifndef WHET_OUT_OF_LINE
#define WHET_OUT_OF_LINE
#endif

/* The state of the case: opaque inputs, and each module's results. */
struct whet_state {
	long loops;
	double t, t1, t2;
	int one, two, three;
	struct whet_results res;
};

int whetstone_test_fault;

/* ---- the modules ------------------------------------------------------- */

/* Module 2, array elements. */
static void
whet_array_elements(struct whet_state *s)
{
	double e[4] = { 1.0, -1.0, -1.0, -1.0 };

	whet_k_rounds(e, s->t, 12 * s->loops);
	memcpy(s->res.m2, e, sizeof(e));
}

/* Module 3, array as parameter: continues from module 2's array. */
static void
whet_array_param(struct whet_state *s)
{
	double e[4], t = s->t, t2 = s->t2;
	long i, n = 14 * s->loops;

	memcpy(e, s->res.m2, sizeof(e));
	for (i = 0; i < n; i++)
		whet_k_pa(e, t, t2);
	memcpy(s->res.m3, e, sizeof(e));
}

/* Module 4, conditional jumps. */
static void
whet_cond_jumps(struct whet_state *s)
{
	s->res.m4_j = (int)whet_k_jumps(s->one, 345 * s->loops);
}

/* Module 6, integer arithmetic (the one gcc deletes from the classic). */
static void
whet_integer(struct whet_state *s)
{
	double e[4] = { 0.0, 0.0, 0.0, 0.0 };
	int j = s->one, k = s->two, l = s->three;
	long i, n = 210 * s->loops;

	for (i = 0; i < n; i++) {
		j = j * (k - j) * (l - k);
		k = l * k - (l - j) * k;
		l = (l - k) * (k + j);
		e[l - 2] = j + k + l;
		e[k - 2] = j * k * l;
	}
	s->res.m6_j = j;
	s->res.m6_k = k;
	s->res.m6_l = l;
	memcpy(s->res.m6_e, e, sizeof(e));
}

/* Module 7, trigonometric functions. */
static void
whet_trig(struct whet_state *s)
{
	double x = 0.5, y = 0.5;

	whet_k_trig(&x, &y, s->t, s->t2, 32 * s->loops);
	s->res.m7_x = x;
	s->res.m7_y = y;
}

/* The procedure P3 of module 8; x and y are values, z a reference. */
static WHET_OUT_OF_LINE void
whet_p3(double x, double y, double *z, double t, double t2)
{
	double x1 = x, y1 = y;

	x1 = t * (x1 + y1);
	y1 = t * (x1 + y1);
	*z = (x1 + y1) / t2;
}

/* Module 8, procedure calls. */
static void
whet_proc_calls(struct whet_state *s)
{
	double x = 1.0, y = 1.0, z = 1.0, t = s->t, t2 = s->t2;
	long i, n = 899 * s->loops;

	for (i = 0; i < n; i++)
		whet_p3(x, y, &z, t, t2);
	s->res.m8_z = z;
}

/* Module 9, array references: the procedure P0 on E1 = 1, 2, 3. */
static void
whet_array_refs(struct whet_state *s)
{
	double e[4] = { 1.0, 2.0, 3.0, 0.0 };
	long i, n = 616 * s->loops;
	long j = s->one - 1, k = s->two - 1, l = s->three - 1;

	for (i = 0; i < n; i++)
		whet_k_p0(e, j, k, l);
	memcpy(s->res.m9, e, sizeof(e));
}

/* Module 11, standard functions. */
static void
whet_std_funcs(struct whet_state *s)
{
	s->res.m11_x = whet_k_std(0.75, s->t1, 93 * s->loops);
}

/* The modules as phases: each on the case's state. */
WHET_PHASE(whet_array_elements)
WHET_PHASE(whet_array_param)
WHET_PHASE(whet_cond_jumps)
WHET_PHASE(whet_integer)
WHET_PHASE(whet_trig)
WHET_PHASE(whet_proc_calls)
WHET_PHASE(whet_array_refs)
WHET_PHASE(whet_std_funcs)

/*
 * The modules in the classic's order, with the work per LOOP of each (the
 * counts in the comment at the top); phases() scales them by the case's
 * loops into a table of its own.
 */
static const struct bench_phase whet_modules[] = {
	{ .name = "array-elements", .fn = whet_array_elements_phase,
	  .work = 12 * 16, .unit = "flop/s", .row = 1 },
	{ .name = "array-param", .fn = whet_array_param_phase,
	  .work = 14 * 96, .unit = "flop/s", .row = 1 },
	{ .name = "cond-jumps", .fn = whet_cond_jumps_phase,
	  .work = 345 * 3, .unit = "op/s", .row = 1 },
	{ .name = "integer-arith", .fn = whet_integer_phase,
	  .work = 210 * 15, .unit = "op/s", .row = 1 },
	{ .name = "trig-funcs", .fn = whet_trig_phase,
	  .work = 32 * 10, .unit = "op/s", .row = 1 },
	{ .name = "proc-calls", .fn = whet_proc_calls_phase,
	  .work = 899 * 6, .unit = "flop/s", .row = 1 },
	{ .name = "array-refs", .fn = whet_array_refs_phase,
	  .work = 616 * 3, .unit = "op/s", .row = 1 },
	{ .name = "std-funcs", .fn = whet_std_funcs_phase,
	  .work = 93 * 3, .unit = "op/s", .row = 1 },
};
#define WHET_NMODULES (sizeof(whet_modules) / sizeof(whet_modules[0]))

/* One pass: the eight modules in order. */
static void
whet_pass(struct whet_state *s)
{
	whet_array_elements(s);
	whet_array_param(s);
	whet_cond_jumps(s);
	whet_integer(s);
	whet_trig(s);
	whet_proc_calls(s);
	whet_array_refs(s);
	whet_std_funcs(s);
}

/* ---- expected values --------------------------------------------------- */

void
whetstone_expected(long loops, struct whet_results *w)
{
	double x1, y1;

	memset(w, 0, sizeof(*w));
	w->m2[0] = 1.0;
	w->m2[1] = w->m2[2] = w->m2[3] = -1.0;
	whet_ref_rounds(w->m2, WHET_T, 0, 12 * loops);
	memcpy(w->m3, w->m2, sizeof(w->m3));
	whet_ref_rounds(w->m3, WHET_T, WHET_T2, 6 * 14 * loops);
	/* J goes 1 -> 0 -> 1: back to 1 after an even count */
	w->m4_j = (345 * loops) % 2 == 0 ? 1 : 0;
	/* J, K, L = 1, 2, 3 is a fixed point; E(2) = E(1) = 6 */
	w->m6_j = 1;
	w->m6_k = 2;
	w->m6_l = 3;
	w->m6_e[0] = 6.0;
	w->m6_e[1] = 6.0;
	w->m7_x = w->m7_y = 0.5;
	whet_ref_trig(&w->m7_x, &w->m7_y, WHET_T, WHET_T2, 32 * loops);
	/* every call gives the same Z from X = Y = 1 */
	x1 = WHET_T * 2.0;
	y1 = WHET_T * (x1 + 1.0);
	w->m8_z = (x1 + y1) / WHET_T2;
	whet_ref_p0(w->m9, 616 * loops);
	w->m11_x = whet_ref_std(0.75, WHET_T1, 93 * loops);
}

/* Compare n doubles of one module; describe the first that differs. */
static int
whet_cmp(const char *what, const double *got, const double *want, size_t n,
    char *why, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!whet_near(got[i], want[i])) {
			snprintf(why, len, "%s: value %zu is %.17g, should be "
			    "%.17g", what, i + 1, got[i], want[i]);
			return -1;
		}
	return 0;
}

int
whetstone_compare(const struct whet_results *g, const struct whet_results *w,
    char *why, size_t len)
{
	double gi[4] = { g->m4_j, g->m6_j, g->m6_k, g->m6_l };
	double wi[4] = { w->m4_j, w->m6_j, w->m6_k, w->m6_l };
	double g7[2] = { g->m7_x, g->m7_y }, w7[2] = { w->m7_x, w->m7_y };

	if (whet_cmp("array-elements", g->m2, w->m2, 4, why, len) ||
	    whet_cmp("array-param", g->m3, w->m3, 4, why, len) ||
	    whet_cmp("cond-jumps", gi, wi, 1, why, len) ||
	    whet_cmp("integer-arith (J, K, L)", gi + 1, wi + 1, 3, why,
	    len) ||
	    whet_cmp("integer-arith (E1)", g->m6_e, w->m6_e, 4, why, len) ||
	    whet_cmp("trig-funcs", g7, w7, 2, why, len) ||
	    whet_cmp("proc-calls", &g->m8_z, &w->m8_z, 1, why, len) ||
	    whet_cmp("array-refs", g->m9, w->m9, 4, why, len) ||
	    whet_cmp("std-funcs", &g->m11_x, &w->m11_x, 1, why, len))
		return -1;
	return 0;
}

/* ---- the benchmark ------------------------------------------------------- */

/*
 * The two programs, one case each: the row's name says which.  Case ids
 * index this table.
 */
enum { WHET_CLASSIC, WHET_MWIPS };

static const char *const whet_case_names[] = {
	"classic-double", "mwips-double"
};

#define MWIPS_WI_PER_PASS 1e7	/* x100 = 100: 100 x 100,000 */

/*
 * Per MHz in each program's own unit: MIPS/MHz for the C-converted
 * classic, MWIPS/MHz for Longbottom's (the two are never mixed).
 */
static const struct bench_derived whet_derived_classic[] = {
	{ .name = "mips-per-mhz", .unit = "MIPS/MHz",
	  .how = BENCH_D_PER_MHZ, .scale = 1e-6 },
	{ .name = NULL }
};

static const struct bench_derived whet_derived_mwips[] = {
	{ .name = "mwips-per-mhz", .unit = "MWIPS/MHz",
	  .how = BENCH_D_PER_MHZ, .scale = 1e-6 },
	{ .name = NULL }
};

/*
 * compare's key: runs stored before the classic's per-MHz row was named
 * in MIPS call it "classic-double/mwips-per-mhz" (the same figure, WI/s
 * / 10^6 per MHz).
 */
static const char *
whet_case_key(const char *name, char *buf, size_t len)
{
	if (strcmp(name, "classic-double/mwips-per-mhz") != 0)
		return name;
	snprintf(buf, len, "classic-double/mips-per-mhz");
	return buf;
}

/* Its parameters (bench_params()); see whet_params. */
struct whet_params {
	const char *variant;		/* classic, mwips, both */
	long long loops;
};

static int
whet_plan(struct bench_ctx *ctx)
{
	const struct whet_params *p = bench_params(ctx);
	long long loops = p->loops;
	const char *variant = p->variant;
	struct bench_case *c;
	int id;

	for (id = WHET_CLASSIC; id <= WHET_MWIPS; id++) {
		if (strcmp(variant, "both") != 0 &&
		    strcmp(variant, id == WHET_CLASSIC ? "classic" : "mwips"))
			continue;
		c = bench_add_case(ctx, whet_case_names[id], "WI/s",
		    BENCH_RATE, id == WHET_CLASSIC ? WHET_WI_PER_LOOP *
		    (double)loops : MWIPS_WI_PER_PASS);
		if (c == NULL)
			return -1;
		c->id = id;
		c->arg = (intptr_t)loops;
		c->derived = id == WHET_CLASSIC ? whet_derived_classic :
		    whet_derived_mwips;
	}
	return 0;
}

static struct whet_state *
whet_state_new(long loops)
{
	struct whet_state *s = calloc(1, sizeof(*s));

	if (s == NULL)
		return NULL;
	s->loops = loops;
	s->t = WHET_T;
	s->t1 = WHET_T1;
	s->t2 = WHET_T2;
	s->one = 1;
	s->two = 2;
	s->three = 3;
	return s;
}

static int
whet_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	void *s;

	if (c->id == WHET_MWIPS)
		s = mwips_state_new();
	else if (c->arg < 1 || c->arg > WHET_LOOPS_MAX)
		return bench_fail(ctx, "loops=%ld is out of range 1..%ld",
		    (long)c->arg, WHET_LOOPS_MAX);
	else
		s = whet_state_new((long)c->arg);
	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	bench_set_priv(ctx, s);
	return 0;
}

/* The untimed part of an MWIPS pass (nine tenths of N1); none else. */
static int
whet_prepare(struct bench_ctx *ctx, const struct bench_case *c)
{
	if (c->id == WHET_MWIPS)
		mwips_prepare(bench_priv(ctx));
	return 0;
}

/* The modules; the classic's scaled by the case's loops. */
static const struct bench_phase *
whet_phases(const struct bench_case *c)
{
	static struct bench_phase tab[WHET_NMODULES + 1];
	size_t i;

	if (c->id == WHET_MWIPS)
		return mwips_phases;
	for (i = 0; i < WHET_NMODULES; i++) {
		tab[i] = whet_modules[i];
		tab[i].work = whet_modules[i].work * (double)c->arg;
	}
	memset(&tab[WHET_NMODULES], 0, sizeof(tab[WHET_NMODULES]));
	return tab;
}

/* run(): whole passes, for a runner that does not time phases. */
static int
whet_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	void *s = bench_priv(ctx);
	uint64_t it;

	for (it = 0; it < iters; it++) {
		if (c->id == WHET_MWIPS)
			mwips_pass(s);
		else
			whet_pass(s);
	}
	return 0;
}

/* verify() for Longbottom's program: every value, and its result column. */
static int
whet_verify_mwips(struct bench_ctx *ctx, struct mwips_state *s)
{
	static const char *const names[MWIPS_NMODULES] = {
		"result:n1", "result:n2", "result:n3", "result:n4",
		"result:n5", "result:n6", "result:n7", "result:n8"
	};
	struct mwips_results got, want;
	double col[MWIPS_NMODULES], sum = 0;
	char why[160];
	size_t i;

	if (mwips_passes(s) == 0)
		mwips_pass(s);
	mwips_results(s, &got);
	mwips_expected(&want);
	if (mwips_compare(&got, &want, why, sizeof(why)) != 0)
		return bench_fail(ctx, "%s", why);
	mwips_column(&got, col);
	for (i = 0; i < MWIPS_NMODULES; i++) {
		bench_extra(ctx, names[i], col[i]);
		sum += col[i];
	}
	bench_extra(ctx, "checksum", sum);
	return 0;
}

static int
whet_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct whet_state *s = bench_priv(ctx);
	struct whet_results want, got;
	char why[160];
	double sum;
	size_t i;

	if (c->id == WHET_MWIPS)
		return whet_verify_mwips(ctx, bench_priv(ctx));
	if (s->res.m11_x == 0.0)	/* no pass yet */
		whet_pass(s);
	got = s->res;
	if (whetstone_test_fault)
		got.m6_e[1] += 1.0;
	whetstone_expected(s->loops, &want);
	if (whetstone_compare(&got, &want, why, sizeof(why)) != 0)
		return bench_fail(ctx, "%s", why);
	sum = got.m4_j + got.m6_j + got.m6_k + got.m6_l + got.m7_x +
	    got.m7_y + got.m8_z + got.m11_x;
	for (i = 0; i < 4; i++)
		sum += got.m2[i] + got.m3[i] + got.m6_e[i] + got.m9[i];
	bench_extra(ctx, "checksum", sum);
	return 0;
}

static void
whet_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	free(bench_priv(ctx));
	bench_set_priv(ctx, NULL);
}

void
whetstone_test_pass(long loops, struct whet_results *out)
{
	struct whet_state *s = whet_state_new(loops);

	memset(out, 0, sizeof(*out));
	if (s == NULL)
		return;
	whet_pass(s);
	*out = s->res;
	free(s);
}

/* --classic ------------------------------------------------------------ */

static const char whet_classic_note[] =
    "Note: the classic programs lose modules to the compiler at -O1 and "
    "above\n(their inputs are constants), while boardbench keeps every "
    "module: compare\nwith a classic's figure built at -O0, or module by "
    "module.\n";

/* The total seconds of the row's phases, or 0. */
static double
whet_phase_total(const struct result *r)
{
	double dur = 0;
	size_t i;

	for (i = 0; i < r->nextra; i++)
		if (strncmp(r->extra[i].name, "phase:", 6) == 0)
			dur += r->extra[i].value;
	return dur;
}

/*
 * The figures of a --classic block are those of the rows beside it: the
 * main row's median (the program's MIPS or MWIPS) and each module row's
 * median (its MFLOPS or MOPS), in the program's units and layout.  The
 * pass count and the seconds are totals over every timed pass (the
 * row's extras "iters" and "phase:*"), as the programs print theirs; the
 * block's last lines say which is which.
 */

/* The module row `name` of r in millions (MFLOPS, MOPS), or NAN. */
static double
whet_module_rate(const struct result *r, const char *name,
    const struct result *const *rows, size_t nrows)
{
	const struct result *m = classic_sub_row(r, name, rows, nrows);

	return m != NULL && m->status == ST_OK ? m->st.median / 1e6 : NAN;
}

/* The C-converted program's two closing lines, then each module. */
static void
whet_classic_cconv(FILE *fp, const struct result *r,
    const struct result *const *rows, size_t nrows)
{
	double it, dur = whet_phase_total(r), v;
	long loops = classic_row_param(r, "loops", WHET_LOOPS_MAX);
	size_t i;

	if (result_get_extra(r, "iters", &it) < 0 || !(dur > 0) ||
	    loops < 1) {
		fprintf(fp, "Whetstone %s: no pass totals recorded\n\n",
		    r->case_name);
		return;
	}
	fprintf(fp, "Loops: %ld, Iterations: %.0f, Duration: %.3f sec.\n",
	    loops, it, dur);
	fprintf(fp, "C Converted Double Precision Whetstones: %.1f MIPS\n",
	    r->st.median / 1e6);
	for (i = 0; i < WHET_NMODULES; i++) {
		v = whet_module_rate(r, whet_modules[i].name, rows, nrows);
		if (isnan(v))
			continue;
		fprintf(fp, "  %-16s %12.3f %s\n", whet_modules[i].name, v,
		    strcmp(whet_modules[i].unit, "flop/s") == 0 ? "MFLOPS" :
		    "MOPS");
	}
	classic_per_mhz(fp, r, "mips-per-mhz", "MIPS/MHz", 18, rows, nrows);
	fprintf(fp, "boardbench: MIPS and the module rates are the rows' "
	    "medians; Iterations and\nDuration total every timed pass. "
	    "LOOP = loops = %ld per pass (the classic's\nfigure drifts "
	    "with it).\n", loops);
}

/*
 * Longbottom's table: per module the result of one pass, MFLOPS or MOPS
 * (its row's median) and seconds (over all timed passes, N1's being its
 * timed tenth), then MWIPS (the main row's median) and the total seconds.
 */
static void
whet_classic_mwips(FILE *fp, const struct result *r,
    const struct result *const *rows, size_t nrows)
{
	double it, dur = whet_phase_total(r), secs, res, rate;
	char name[48], cell[16];
	size_t i;

	if (result_get_extra(r, "iters", &it) < 0 || !(dur > 0)) {
		fprintf(fp, "Whetstone %s: no pass totals recorded\n\n",
		    r->case_name);
		return;
	}
	fprintf(fp, "          Double Precision C/C++ Whetstone Benchmark "
	    "(MWIPS)\n\n");
	fprintf(fp, "Loop content                  Result              MFLOPS"
	    "      MOPS   Seconds\n\n");
	for (i = 0; i < MWIPS_NMODULES; i++) {
		snprintf(name, sizeof(name), "phase:%s", mwips_phases[i].name);
		if (result_get_extra(r, name, &secs) < 0)
			secs = 0;
		snprintf(name, sizeof(name), "result:n%zu", i + 1);
		if (result_get_extra(r, name, &res) < 0)
			res = NAN;
		rate = whet_module_rate(r, mwips_phases[i].name, rows, nrows);
		if (isnan(rate))
			snprintf(cell, sizeof(cell), "%9s", "-");
		else
			snprintf(cell, sizeof(cell), "%9.3f", rate);
		fprintf(fp, "%-17s %24.17f    ", mwips_labels[i], res);
		if (strcmp(mwips_phases[i].unit, "flop/s") == 0)
			fprintf(fp, " %s          %9.3f\n", cell, secs);
		else
			fprintf(fp, "           %s%9.3f\n", cell, secs);
	}
	fprintf(fp, "\n%-17s%39.3f%19.3f\n", "MWIPS", r->st.median / 1e6,
	    dur);
	classic_per_mhz(fp, r, "mwips-per-mhz", "MWIPS/MHz", 17, rows, nrows);
	fprintf(fp, "boardbench: MFLOPS, MOPS and MWIPS are the rows' medians; "
	    "Seconds total every\ntimed pass (x100 = 100 per pass, %.0f "
	    "passes). Every pass starts from the same\ninputs, so the "
	    "results are those of the program's one-pass column.\n", it);
}

/*
 * One block per program that ran: rows of their own made from a case
 * (modules, `<case>/mips-per-mhz`, `<case>/mwips-per-mhz`) only feed the
 * block of their case.
 */
static void
whet_classic(FILE *fp, const struct bench_info *info,
    const struct result *const *rows, size_t nrows)
{
	const struct result *r;
	size_t i;
	int any = 0;

	(void)info;
	for (i = 0; i < nrows; i++) {
		r = rows[i];
		if (r->copy != 0 || strchr(r->case_name, '/') != NULL)
			continue;
		any = 1;
		if (r->status != ST_OK)
			fprintf(fp, "Whetstone %s: %s%s%s\n", r->case_name,
			    result_status_name(r->status),
			    r->reason[0] != '\0' ? ": " : "", r->reason);
		else if (strncmp(r->case_name, "mwips", 5) == 0)
			whet_classic_mwips(fp, r, rows, nrows);
		else
			whet_classic_cconv(fp, r, rows, nrows);
		fputc('\n', fp);
	}
	if (any)
		fprintf(fp, "%s\n", whet_classic_note);
}

static const struct bench_param whet_params[] = {
	{
		BENCH_PARAM_CHOICE(struct whet_params, variant),
		.def = "both", .choices = "classic|mwips|both",
		.help = "classic: the classic C-converted Curnow-Wichmann "
		    "program (case classic-double, in MIPS as its \"C "
		    "Converted Double Precision Whetstones\" line); mwips: "
		    "Longbottom's MWIPS program (case mwips-double, in "
		    "MWIPS, the figure most Raspberry Pi tables and UnixBench "
		    "quote); both",
	},
	{
		BENCH_PARAM_INT(struct whet_params, loops),
		.min = 1, .max = WHET_LOOPS_MAX, .def = "1000",
		.help = "LOOP of the classic program: one pass is 100,000 x "
		    "loops Whetstone instructions (the MWIPS program's pass is "
		    "fixed: x100 = 100)",
	},
	{ .name = NULL }
};

/* The figures people quote from this benchmark (bench.h, headlines). */
static const struct bench_headline whet_headlines[] = {
	/* two programs: the figure each prints, MIPS and MWIPS */
	{ "classic-double", NULL, "", "Whetstone classic (C-converted)", 0 },
	{ "mwips-double", NULL, "", "Whetstone MWIPS (Longbottom)", 0 },
	{ 0 }
};

/*
 * Whetstone instructions per second as each program prints its figure:
 * the C-converted Whetstone in MIPS, Longbottom's in MWIPS (bench.h,
 * quotes).
 */
static const struct bench_quote whet_quotes[] = {
	{ "WI/s", "classic-double", 1e6, "MIPS", 0 },
	{ "WI/s", NULL, 1e6, "MWIPS", 0 },
	{ 0 }
};

const struct bench_info bench_whetstone_info = {
	.name = "whetstone",
	.group = "cpu",
	.description = "Whetstone double precision, the C-converted classic "
	    "and Longbottom's MWIPS program, every module timed and checked",
	.unit = "WI/s",
	.case_key = whet_case_key,
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = whet_params,
	.params_size = sizeof(struct whet_params),
	.plan = whet_plan,
	.setup = whet_setup,
	.prepare = whet_prepare,
	.run = whet_run,
	.phases = whet_phases,
	.verify = whet_verify,
	.teardown = whet_teardown,
	.classic = whet_classic,
	.headlines = whet_headlines,
	.headline_rank = 20,
	.quotes = whet_quotes,
};
