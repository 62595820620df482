/*
 * cpu-whetstone-mwips.c - Roy Longbottom's MWIPS Whetstone (the C/C++
 * "whets" program of 1996, revised 2010, which UnixBench and most published
 * Raspberry Pi tables use), written from its published description.  It
 * keeps the eight modules of Curnow and Wichmann but differs from the
 * C-converted program (cpu-whetstone.c) in what it runs:
 *   - the constants are T = 0.49999975, T1 = 0.50000025, T2 = 2.0 (values
 *     closer to 1/2, so that no module decays towards zero);
 *   - each module runs `x100` (100) times its classic count per pass:
 *         N1 floating point   12 x100   16 flop  (run 10 times over, one
 *                                                 tenth of its time counted)
 *         N2 floating point   14 x100   96 flop  (procedure PA on the array)
 *         N3 if then else    345 x100    3 op
 *         N4 fixed point     210 x100   15 op    (accumulates into E1)
 *         N5 sin,cos etc.     32 x100   26 op    (runs one iteration fewer)
 *         N6 floating point  899 x100    6 flop  (P3 takes X, Y, Z by pointer)
 *         N7 assignments     616 x100    3 op    (procedure PO)
 *         N8 exp,sqrt etc.    93 x100    4 op
 *     and one pass is 10 million Whetstone instructions: MWIPS = passes *
 *     x100 / (10 * seconds), the seconds being the sum of the eight module
 *     times with N1's divided by ten;
 *   - its result column shows, per module, one value after one pass (the
 *     first calibration pass); here every pass starts from the same inputs,
 *     so every pass ends on those values, and verify() checks all of them.
 *
 * N1's "ten times over, a tenth counted" is kept exactly: prepare() (the
 * untimed overhead of an iteration) runs the first nine tenths of N1's
 * iterations and the timed phase the last tenth, so the values are those
 * of the published program and the time counted is one tenth of N1's.
 * Each module is a phase with a row of its own in flop/s or op/s using the
 * program's own operation counts, i.e. its per-module MFLOPS/MOPS table.
 *
 * As in cpu-whetstone.c nothing can vanish: the constants and the integers
 * come from the state, every module leaves its values in the state, and
 * verify() compares them with values computed another way.  The procedures
 * PA, PO and P3 are ordinary functions the compiler may inline, as it may
 * in the published program (one file): each call changes what the next
 * one sees, so no call can be hoisted out of its loop.  The loops both
 * programs share are in cpu-whetstone-kern.h.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cpu-whetstone.h"
#include "cpu-whetstone-kern.h"

#define MW_T		0.49999975
#define MW_T1		0.50000025
#define MW_T2		2.0
#define MW_X100		100L
#define MW_N1MULT	10L

/* Iterations per pass of each module, and of N1's untimed part. */
#define MW_N1	(12 * MW_X100)
#define MW_N2	(14 * MW_X100)
#define MW_N3	(345 * MW_X100)
#define MW_N4	(210 * MW_X100)
#define MW_N5	(32 * MW_X100)
#define MW_N6	(899 * MW_X100)
#define MW_N7	(616 * MW_X100)
#define MW_N8	(93 * MW_X100)
#define MW_N1_UNTIMED	(MW_N1 * (MW_N1MULT - 1))

struct mwips_state {
	double t, t1, t2;
	long zero, one, two, three;
	double e[4];		/* E1, shared by N1, N2, N4 and N7 */
	struct mwips_results res;
	int passes;		/* complete passes so far */
};

int mwips_test_fault;

/* ---- the modules ------------------------------------------------------- */

/* The untimed nine tenths of N1, from E1 = 1, -1, -1, -1. */
static void
mw_n1_untimed(struct mwips_state *s)
{
	s->e[0] = (double)s->one;
	s->e[1] = s->e[2] = s->e[3] = -(double)s->one;
	whet_k_rounds(s->e, s->t, MW_N1_UNTIMED);
}

/* N1, the timed tenth. */
static void
mw_n1(struct mwips_state *s)
{
	whet_k_rounds(s->e, s->t, MW_N1);
	memcpy(s->res.n1, s->e, sizeof(s->e));
}

/*
 * N2, array as parameter: the procedure PA on N1's array.  The modules
 * work on local copies of the state, as the program's modules work on its
 * local variables (which matters at -O0).
 */
static void
mw_n2(struct mwips_state *s)
{
	double e[4], t = s->t, t2 = s->t2;
	long i;

	memcpy(e, s->e, sizeof(e));
	for (i = 0; i < MW_N2; i++)
		whet_k_pa(e, t, t2);
	memcpy(s->e, e, sizeof(e));
	memcpy(s->res.n2, e, sizeof(e));
}

/* N3, if then else. */
static void
mw_n3(struct mwips_state *s)
{
	s->res.n3_j = whet_k_jumps(s->one, MW_N3);
}

/* N4, fixed point: as revised in 2010, E1(1) and E1(2) accumulate. */
static void
mw_n4(struct mwips_state *s)
{
	long i, j = s->one, k = s->two, l = s->three;
	double e[4];

	memcpy(e, s->e, sizeof(e));
	e[0] = e[1] = 0.0;
	for (i = 0; i < MW_N4; i++) {
		j = j * (k - j) * (l - k);
		k = l * k - (l - j) * k;
		l = (l - k) * (k + j);
		e[l - 2] = e[l - 2] + (double)(j + k + l);
		e[k - 2] = e[k - 2] + (double)(j * k * l);
	}
	s->res.n4_j = j;
	s->res.n4_k = k;
	s->res.n4_l = l;
	s->res.n4_x = (e[0] + e[1]) / (double)MW_N4;
	memcpy(s->e, e, sizeof(e));
}

/* N5, sin, cos etc.: one iteration fewer than its count, as published. */
static void
mw_n5(struct mwips_state *s)
{
	double x = 0.5, y = 0.5;

	whet_k_trig(&x, &y, s->t, s->t2, MW_N5 - 1);
	s->res.n5_x = x;
	s->res.n5_y = y;
}

/* The procedure P3 of N6, by pointer: X, Y and Z carry over calls. */
static void
mw_p3(double *x, double *y, double *z, double t, double t1, double t2)
{
	*x = *y;
	*y = *z;
	*x = t * (*x + *y);
	*y = t1 * (*x + *y);
	*z = (*x + *y) / t2;
}

/* N6, procedure calls. */
static void
mw_n6(struct mwips_state *s)
{
	double x = 1.0, y = 1.0, z = 1.0, t = s->t, t1 = s->t1, t2 = s->t2;
	long i;

	for (i = 0; i < MW_N6; i++)
		mw_p3(&x, &y, &z, t, t1, t2);
	s->res.n6_x = x;
	s->res.n6_y = y;
	s->res.n6_z = z;
}

/* N7, assignments, on E1 = 1, 2, 3 (E1(4) kept from N2). */
static void
mw_n7(struct mwips_state *s)
{
	long i, j = s->zero, k = s->one, l = s->two;
	double e[4] = { 1.0, 2.0, 3.0, 0.0 };

	e[3] = s->e[3];
	for (i = 0; i < MW_N7; i++)
		whet_k_p0(e, j, k, l);
	memcpy(s->e, e, sizeof(e));
	memcpy(s->res.n7, e, sizeof(s->res.n7));
}

/* N8, exp, sqrt etc. */
static void
mw_n8(struct mwips_state *s)
{
	s->res.n8_x = whet_k_std(0.75, s->t1, MW_N8);
	s->passes++;
}

WHET_PHASE(mw_n1)
WHET_PHASE(mw_n2)
WHET_PHASE(mw_n3)
WHET_PHASE(mw_n4)
WHET_PHASE(mw_n5)
WHET_PHASE(mw_n6)
WHET_PHASE(mw_n7)
WHET_PHASE(mw_n8)

/* The modules with the operation counts the program divides by. */
const struct bench_phase mwips_phases[] = {
	{ .name = "n1-float", .fn = mw_n1_phase,
	  .work = MW_N1 * 16, .unit = "flop/s", .row = 1 },
	{ .name = "n2-float", .fn = mw_n2_phase,
	  .work = MW_N2 * 96, .unit = "flop/s", .row = 1 },
	{ .name = "n3-if", .fn = mw_n3_phase,
	  .work = MW_N3 * 3, .unit = "op/s", .row = 1 },
	{ .name = "n4-fixed", .fn = mw_n4_phase,
	  .work = MW_N4 * 15, .unit = "op/s", .row = 1 },
	{ .name = "n5-trig", .fn = mw_n5_phase,
	  .work = MW_N5 * 26, .unit = "op/s", .row = 1 },
	{ .name = "n6-float", .fn = mw_n6_phase,
	  .work = MW_N6 * 6, .unit = "flop/s", .row = 1 },
	{ .name = "n7-assign", .fn = mw_n7_phase,
	  .work = MW_N7 * 3, .unit = "op/s", .row = 1 },
	{ .name = "n8-exp", .fn = mw_n8_phase,
	  .work = MW_N8 * 4, .unit = "op/s", .row = 1 },
	{ .name = NULL }
};

/* The program's own labels of the modules, for --classic. */
const char *const mwips_labels[MWIPS_NMODULES] = {
	"N1 floating point", "N2 floating point", "N3 if then else",
	"N4 fixed point", "N5 sin,cos etc.", "N6 floating point",
	"N7 assignments", "N8 exp,sqrt etc."
};

struct mwips_state *
mwips_state_new(void)
{
	struct mwips_state *s = calloc(1, sizeof(*s));

	if (s == NULL)
		return NULL;
	s->t = MW_T;
	s->t1 = MW_T1;
	s->t2 = MW_T2;
	s->zero = 0;
	s->one = 1;
	s->two = 2;
	s->three = 3;
	return s;
}

void
mwips_prepare(struct mwips_state *s)
{
	mw_n1_untimed(s);
}

void
mwips_pass(struct mwips_state *s)
{
	mw_n1_untimed(s);
	mw_n1(s);
	mw_n2(s);
	mw_n3(s);
	mw_n4(s);
	mw_n5(s);
	mw_n6(s);
	mw_n7(s);
	mw_n8(s);
}

int
mwips_passes(const struct mwips_state *s)
{
	return s->passes;
}

void
mwips_results(const struct mwips_state *s, struct mwips_results *out)
{
	*out = s->res;
	if (mwips_test_fault)
		out->n6_z += 1e-6;
}

void
mwips_test_pass(struct mwips_results *out)
{
	struct mwips_state *s = mwips_state_new();

	memset(out, 0, sizeof(*out));
	if (s == NULL)
		return;
	mwips_pass(s);
	*out = s->res;
	free(s);
}

/* ---- expected values, formulated another way ------------------------- */

void
mwips_expected(struct mwips_results *w)
{
	double e[4] = { 1.0, -1.0, -1.0, -1.0 }, x, y, z, a, b, c;
	long i;

	memset(w, 0, sizeof(*w));
	whet_ref_rounds(e, MW_T, 0, MW_N1 * MW_N1MULT);
	memcpy(w->n1, e, sizeof(e));
	whet_ref_rounds(e, MW_T, MW_T2, 6 * MW_N2);
	memcpy(w->n2, e, sizeof(e));
	/* J goes 1 -> 0 -> 1: back to 1 after an even count */
	w->n3_j = MW_N3 % 2 == 0 ? 1 : 0;
	/* J, K, L = 1, 2, 3 is a fixed point adding 6 to E1(2) and E1(1) */
	w->n4_j = 1;
	w->n4_k = 2;
	w->n4_l = 3;
	w->n4_x = 12.0;
	w->n5_x = w->n5_y = 0.5;
	whet_ref_trig(&w->n5_x, &w->n5_y, MW_T, MW_T2, MW_N5 - 1);
	/* P3 as a map of (Y, Z): X' = T (Y + Z), Y' = T1 (X' + Z) */
	y = z = 1.0;
	x = 1.0;
	for (i = 0; i < MW_N6; i++) {
		a = MW_T * (y + z);
		b = MW_T1 * (a + z);
		c = (a + b) / MW_T2;
		x = a;
		y = b;
		z = c;
	}
	w->n6_x = x;
	w->n6_y = y;
	w->n6_z = z;
	whet_ref_p0(w->n7, MW_N7);
	w->n8_x = whet_ref_std(0.75, MW_T1, MW_N8);
}

int
mwips_compare(const struct mwips_results *g, const struct mwips_results *w,
    char *why, size_t len)
{
	const struct {
		const char *what;
		const double *got, *want;
		size_t n;
	} v[] = {
		{ "n1-float", g->n1, w->n1, 4 },
		{ "n2-float", g->n2, w->n2, 4 },
		{ "n4-fixed", &g->n4_x, &w->n4_x, 1 },
		{ "n5-trig (X)", &g->n5_x, &w->n5_x, 1 },
		{ "n5-trig (Y)", &g->n5_y, &w->n5_y, 1 },
		{ "n6-float (X)", &g->n6_x, &w->n6_x, 1 },
		{ "n6-float (Y)", &g->n6_y, &w->n6_y, 1 },
		{ "n6-float (Z)", &g->n6_z, &w->n6_z, 1 },
		{ "n7-assign", g->n7, w->n7, 3 },
		{ "n8-exp", &g->n8_x, &w->n8_x, 1 },
	};
	size_t i, k;

	if (g->n3_j != w->n3_j) {
		snprintf(why, len, "n3-if: J is %ld, should be %ld", g->n3_j,
		    w->n3_j);
		return -1;
	}
	if (g->n4_j != w->n4_j || g->n4_k != w->n4_k || g->n4_l != w->n4_l) {
		snprintf(why, len, "n4-fixed: J, K, L are %ld, %ld, %ld, should "
		    "be %ld, %ld, %ld", g->n4_j, g->n4_k, g->n4_l, w->n4_j,
		    w->n4_k, w->n4_l);
		return -1;
	}
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		for (k = 0; k < v[i].n; k++)
			if (!whet_near(v[i].got[k], v[i].want[k])) {
				snprintf(why, len, "%s: value %zu is %.17g, "
				    "should be %.17g", v[i].what, k + 1,
				    v[i].got[k], v[i].want[k]);
				return -1;
			}
	return 0;
}

/* The result column of the program: one value per module. */
void
mwips_column(const struct mwips_results *r, double col[MWIPS_NMODULES])
{
	col[0] = r->n1[3];
	col[1] = r->n2[3];
	col[2] = (double)r->n3_j;
	col[3] = r->n4_x;
	col[4] = r->n5_y;
	col[5] = r->n6_z;
	col[6] = r->n7[2];
	col[7] = r->n8_x;
}
