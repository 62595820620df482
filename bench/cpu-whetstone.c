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
 * KIPS = 100 LOOP ITERATIONS / seconds; the main row is in WI/s (MWIPS
 * = WI/s / 10^6).  Each module is a phase, timed on its own, so each has a
 * row of its own (flop/s or op/s, with the counts above): what a compiler
 * did to one module shows there.
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
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cpu-whetstone.h"
#include "result.h"

#define WHET_T		0.499975
#define WHET_T1		0.50025
#define WHET_T2		2.0
#define WHET_WI_PER_LOOP 100000.0	/* Whetstone instructions per LOOP */
#define WHET_LOOPS_MAX	100000L
#define WHET_TOL	1e-9		/* relative, at least absolute */

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
	double e[4] = { 1.0, -1.0, -1.0, -1.0 }, t = s->t;
	long i, n = 12 * s->loops;

	for (i = 0; i < n; i++) {
		e[0] = (e[0] + e[1] + e[2] - e[3]) * t;
		e[1] = (e[0] + e[1] - e[2] + e[3]) * t;
		e[2] = (e[0] - e[1] + e[2] + e[3]) * t;
		e[3] = (-e[0] + e[1] + e[2] + e[3]) * t;
	}
	memcpy(s->res.m2, e, sizeof(e));
}

/* The procedure PA of module 3: six rounds on the array it is given. */
static void
whet_pa(double e[4], double t, double t2)
{
	int j;

	for (j = 0; j < 6; j++) {
		e[0] = (e[0] + e[1] + e[2] - e[3]) * t;
		e[1] = (e[0] + e[1] - e[2] + e[3]) * t;
		e[2] = (e[0] - e[1] + e[2] + e[3]) * t;
		e[3] = (-e[0] + e[1] + e[2] + e[3]) / t2;
	}
}

/* Module 3, array as parameter: continues from module 2's array. */
static void
whet_array_param(struct whet_state *s)
{
	double e[4], t = s->t, t2 = s->t2;
	long i, n = 14 * s->loops;

	memcpy(e, s->res.m2, sizeof(e));
	for (i = 0; i < n; i++)
		whet_pa(e, t, t2);
	memcpy(s->res.m3, e, sizeof(e));
}

/* Module 4, conditional jumps. */
static void
whet_cond_jumps(struct whet_state *s)
{
	long i, n = 345 * s->loops;
	int j = s->one;

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
	s->res.m4_j = j;
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
	double x = 0.5, y = 0.5, t = s->t, t2 = s->t2;
	long i, n = 32 * s->loops;

	for (i = 0; i < n; i++) {
		x = t * atan(t2 * sin(x) * cos(x) /
		    (cos(x + y) + cos(x - y) - 1.0));
		y = t * atan(t2 * sin(y) * cos(y) /
		    (cos(x + y) + cos(x - y) - 1.0));
	}
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

/* The procedure P0 of module 9: three assignments between elements. */
static void
whet_p0(double *e, int j, int k, int l)
{
	e[j] = e[k];
	e[k] = e[l];
	e[l] = e[j];
}

/* Module 9, array references. */
static void
whet_array_refs(struct whet_state *s)
{
	double e[4] = { 1.0, 2.0, 3.0, 0.0 };
	int j = s->one - 1, k = s->two - 1, l = s->three - 1;
	long i, n = 616 * s->loops;

	for (i = 0; i < n; i++)
		whet_p0(e, j, k, l);
	memcpy(s->res.m9, e, sizeof(e));
}

/* Module 11, standard functions. */
static void
whet_std_funcs(struct whet_state *s)
{
	double x = 0.75, t1 = s->t1;
	long i, n = 93 * s->loops;

	for (i = 0; i < n; i++)
		x = sqrt(exp(log(x) / t1));
	s->res.m11_x = x;
}

/* The modules as phases: each on the case's state. */
#define WHET_PHASE(fn)							\
	static int							\
	fn##_phase(struct bench_ctx *ctx, const struct bench_case *c)	\
	{								\
		(void)c;						\
		fn(bench_priv(ctx));					\
		return 0;						\
	}
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

/* The signs of the four statements of modules 2 and 3, row by row. */
static const double whet_signs[4][4] = {
	{ 1, 1, 1, -1 }, { 1, 1, -1, 1 }, { 1, -1, 1, 1 }, { -1, 1, 1, 1 },
};

/* One round of the four statements, the last divided by d when d != 0. */
static void
whet_ref_round(double e[4], double t, double d)
{
	double acc;
	int r, k;

	for (r = 0; r < 4; r++) {
		acc = 0.0;
		for (k = 0; k < 4; k++)
			acc += whet_signs[r][k] * e[k];
		e[r] = r == 3 && d != 0 ? acc / d : acc * t;
	}
}

/* One statement of module 7: T atan(T2 sin a cos a / (...)). */
static double
whet_ref_trig(double a, double x, double y)
{
	double num = WHET_T2 * sin(a) * cos(a);

	return WHET_T * atan(num / (cos(x + y) + cos(x - y) - 1.0));
}

void
whetstone_expected(long loops, struct whet_results *w)
{
	double x1, y1, x, y, c;
	long i, n;

	memset(w, 0, sizeof(*w));
	w->m2[0] = 1.0;
	w->m2[1] = w->m2[2] = w->m2[3] = -1.0;
	for (i = 0; i < 12 * loops; i++)
		whet_ref_round(w->m2, WHET_T, 0);
	memcpy(w->m3, w->m2, sizeof(w->m3));
	for (i = 0; i < 6 * 14 * loops; i++)
		whet_ref_round(w->m3, WHET_T, WHET_T2);
	/* J goes 1 -> 0 -> 1: back to 1 after an even count */
	w->m4_j = (345 * loops) % 2 == 0 ? 1 : 0;
	/* J, K, L = 1, 2, 3 is a fixed point; E(2) = E(1) = 6 */
	w->m6_j = 1;
	w->m6_k = 2;
	w->m6_l = 3;
	w->m6_e[0] = 6.0;
	w->m6_e[1] = 6.0;
	x = y = 0.5;
	for (i = 0; i < 32 * loops; i++) {
		x = whet_ref_trig(x, x, y);
		y = whet_ref_trig(y, x, y);
	}
	w->m7_x = x;
	w->m7_y = y;
	/* every call gives the same Z from X = Y = 1 */
	x1 = WHET_T * 2.0;
	y1 = WHET_T * (x1 + 1.0);
	w->m8_z = (x1 + y1) / WHET_T2;
	/* (1, 2, 3) -> (2, 3, 2) -> (3, 2, 3) -> (2, 3, 2) ... */
	n = 616 * loops;
	w->m9[0] = n % 2 ? 2.0 : 3.0;
	w->m9[1] = n % 2 ? 3.0 : 2.0;
	w->m9[2] = w->m9[0];
	/* x -> x^(1 / (2 T1)) each time: log x scales by c per step */
	c = 1.0 / (2.0 * WHET_T1);
	w->m11_x = exp(log(0.75) * pow(c, (double)(93 * loops)));
}

static int
whet_close(double got, double want)
{
	double tol = WHET_TOL * (fabs(want) > 1.0 ? fabs(want) : 1.0);

	return fabs(got - want) <= tol;
}

/* Compare n doubles of one module; describe the first that differs. */
static int
whet_cmp(const char *what, const double *got, const double *want, size_t n,
    char *why, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!whet_close(got[i], want[i])) {
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

static const struct bench_derived whet_derived[] = {
	{ .name = "mwips-per-mhz", .unit = "MWIPS/MHz",
	  .how = BENCH_D_PER_MHZ, .scale = 1e-6 },
	{ .name = NULL }
};

static int
whet_plan(struct bench_ctx *ctx)
{
	long long loops = bench_param_int(ctx, "loops");
	struct bench_case *c;

	c = bench_add_case(ctx, "double", "WI/s", BENCH_RATE,
	    WHET_WI_PER_LOOP * (double)loops);
	if (c == NULL)
		return -1;
	c->arg = (intptr_t)loops;
	c->derived = whet_derived;
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
	struct whet_state *s;

	if (c->arg < 1 || c->arg > WHET_LOOPS_MAX)
		return bench_fail(ctx, "loops=%ld is out of range 1..%ld",
		    (long)c->arg, WHET_LOOPS_MAX);
	s = whet_state_new((long)c->arg);
	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	bench_set_priv(ctx, s);
	return 0;
}

/* The modules scaled by the case's loops (one case per process). */
static const struct bench_phase *
whet_phases(const struct bench_case *c)
{
	static struct bench_phase tab[WHET_NMODULES + 1];
	size_t i;

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
	struct whet_state *s = bench_priv(ctx);
	uint64_t it;

	(void)c;
	for (it = 0; it < iters; it++)
		whet_pass(s);
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

	(void)c;
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

/* loops from a row's canonical parameters "loops=1000", or -1. */
static long
whet_row_loops(const struct result *r)
{
	const char *p = strstr(r->params, "loops=");
	char *end;
	long v;

	if (p == NULL || (p != r->params && p[-1] != ','))
		return -1;
	v = strtol(p + 6, &end, 10);
	return end != p + 6 && v >= 1 ? v : -1;
}

/* The classic's two closing lines from the totals of the timed passes. */
static void
whet_classic_row(FILE *fp, const struct result *r,
    const struct result *const *rows, size_t nrows)
{
	char prefix[sizeof(r->case_name) + 1];
	double it, dur = 0, v;
	long loops = whet_row_loops(r);
	size_t i, plen;

	if (r->status != ST_OK) {
		fprintf(fp, "Whetstone %s: %s%s%s\n\n", r->case_name,
		    result_status_name(r->status),
		    r->reason[0] != '\0' ? ": " : "", r->reason);
		return;
	}
	for (i = 0; i < r->nextra; i++)
		if (strncmp(r->extra[i].name, "phase:", 6) == 0)
			dur += r->extra[i].value;
	if (result_get_extra(r, "iters", &it) < 0 || !(dur > 0) ||
	    loops < 1) {
		fprintf(fp, "Whetstone %s: no pass totals recorded\n\n",
		    r->case_name);
		return;
	}
	fprintf(fp, "Loops: %ld, Iterations: %.0f, Duration: %.3f sec.\n",
	    loops, it, dur);
	fprintf(fp, "C Converted Double Precision Whetstones: %.1f MIPS\n",
	    WHET_WI_PER_LOOP * (double)loops * it / dur / 1e6);
	/* and each module, as the phase rows have it */
	plen = (size_t)snprintf(prefix, sizeof(prefix), "%s/", r->case_name);
	for (i = 0; i < nrows; i++) {
		const struct result *m = rows[i];

		if (m->copy != 0 || strncmp(m->case_name, prefix, plen) != 0 ||
		    m->status != ST_OK)
			continue;
		v = m->st.median / 1e6;
		fprintf(fp, "  %-16s %12.3f %s\n", m->case_name + plen, v,
		    strcmp(m->unit, "flop/s") == 0 ? "MFLOPS" :
		    strcmp(m->unit, "op/s") == 0 ? "MOPS" : m->unit);
	}
	fputc('\n', fp);
}

static void
whet_classic(FILE *fp, const struct bench_info *info,
    const struct result *const *rows, size_t nrows)
{
	size_t i;

	(void)info;
	for (i = 0; i < nrows; i++)
		if (rows[i]->copy == 0 && strchr(rows[i]->case_name, '/') ==
		    NULL)
			whet_classic_row(fp, rows[i], rows, nrows);
}

static const struct bench_param whet_params[] = {
	{
		.name = "loops", .type = BENCH_P_INT,
		.min = 1, .max = WHET_LOOPS_MAX, .def = "1000",
		.help = "LOOP of the classic: one pass is 100,000 x loops "
		    "Whetstone instructions",
	},
	{ .name = NULL }
};

const struct bench_info bench_whetstone_info = {
	.name = "whetstone",
	.group = "cpu",
	.description = "Whetstone double precision, the eight classic "
	    "modules each timed and checked; MWIPS",
	.unit = "WI/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = whet_params,
	.plan = whet_plan,
	.setup = whet_setup,
	.run = whet_run,
	.phases = whet_phases,
	.verify = whet_verify,
	.teardown = whet_teardown,
	.classic = whet_classic,
};
