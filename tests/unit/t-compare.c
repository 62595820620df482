/*
 * t-compare.c - the maths of compare: the Mann-Whitney U test against
 * hand-counted and textbook values, matching, ratios, direction, noise
 * marks, regressions, pooling and the differences list.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compare.h"
#include "fmt-compare.h"
#include "result.h"
#include "stats.h"
#include "tap.h"
#include "util.h"

/* A row with n samples around v (spread by +-1 %, no ties). */
static void
mkrow(struct result *r, const char *bench, const char *cname, int better,
    double v, size_t n, enum result_status status)
{
	size_t i;

	memset(r, 0, sizeof(*r));
	strlcpy_bb(r->bench, bench, sizeof(r->bench));
	strlcpy_bb(r->case_name, cname, sizeof(r->case_name));
	strlcpy_bb(r->unit, better > 0 ? "flop/s" : "s", sizeof(r->unit));
	r->better = better;
	r->status = status;
	r->copies = 1;
	if (status != ST_OK)
		return;
	r->samples = xcalloc(n, sizeof(*r->samples));
	for (i = 0; i < n; i++)
		r->samples[i] = v * (1 + 0.01 * ((double)i / (double)n - 0.5));
	r->nsamples = n;
	stats_compute(&r->st, r->samples, n);
}

/*
 * Make each OK row of r[0..n-1] three pooled runs (run:0..2 about its
 * median, +-0.2 %): the unit an unpaired verdict needs, where one run a
 * side has none.
 */
static void
pooled(struct result *r, size_t n)
{
	static const double at[3] = { 0.998, 1.0, 1.002 };
	char name[32];
	size_t i, k;

	for (i = 0; i < n; i++)
		for (k = 0; k < 3 && r[i].status == ST_OK; k++) {
			snprintf(name, sizeof(name), "run:%zu", k);
			result_add_extra(&r[i], name, r[i].st.median * at[k]);
		}
}

/* Columns A and B of a comparison: a[0..na-1] and b[0..nb-1]. */
static void
two_cols(struct cmp_column cols[2], const struct result *a, size_t na,
    const struct result *b, size_t nb)
{
	cols[0].rows = a;
	cols[0].n = na;
	cols[1].rows = b;
	cols[1].n = nb;
}

static void
test_mann_whitney(void)
{
	double a[30], b[30], p, z;
	static const double lo[] = { 1, 2, 3, 4, 5 }, hi[] = { 6, 7, 8, 9, 10 };
	static const double x[] = { 1, 3 }, y[] = { 2, 4 };
	static const double same[] = { 1, 2, 3 };
	static const double withnan[] = { NAN, 1, 2, 3, 4, 5, NAN };
	size_t i;

	is_double(cmp_mann_whitney(lo, 5, hi, 5), 2.0 / 252, 1e-15,
	    "5 vs 5 fully apart: exact p = 2/C(10,5)");
	is_double(cmp_mann_whitney(hi, 5, lo, 5), 2.0 / 252, 1e-15,
	    "symmetric in its arguments");
	is_double(cmp_mann_whitney(x, 2, y, 2), 4.0 / 6, 1e-15,
	    "2 vs 2, U = 1: p = 2 x 2/6 (counted by hand)");
	is_double(cmp_mann_whitney(same, 3, same, 3), 1, 1e-15,
	    "equal samples (ties): p = 1");
	is_double(cmp_mann_whitney(withnan, 7, hi, 5), 2.0 / 252, 1e-15,
	    "NAN values are left out");
	ok(isnan(cmp_mann_whitney(lo, 0, hi, 5)), "an empty side: NAN");
	is_double(cmp_mann_whitney(lo, 1, hi, 5), 2.0 / 6, 1e-15,
	    "1 vs 5: the smallest p is 2/6, never significant");

	/* 30 vs 30: the normal approximation */
	for (i = 0; i < 30; i++) {
		a[i] = (double)i;
		b[i] = 100 + (double)i;
	}
	z = (450 - 0.5) / sqrt(30.0 * 30 * 61 / 12);
	p = cmp_mann_whitney(a, 30, b, 30);
	is_double(p, erfc(z / M_SQRT2), 1e-20,
	    "30 vs 30 apart: normal approximation, p = %g", p);
	/* interleaved: no difference */
	for (i = 0; i < 30; i++)
		b[i] = (double)i + 0.5;
	p = cmp_mann_whitney(a, 30, b, 30);
	ok(p > 0.5, "30 vs 30 interleaved: p = %g, not significant", p);
	/* 10 vs 10 apart, exact: 2 / C(20,10) */
	is_double(cmp_mann_whitney(a, 10, b + 15, 10), 2.0 / 184756, 1e-18,
	    "10 vs 10 apart: exact p = 2/C(20,10)");
}

static void
test_build(void)
{
	struct result base[4], other[4];
	struct cmp_column cols[2];
	struct cmp_table t;
	struct cmp_opts o = { .alpha = 0.05, .fail_pct = 10 };
	const struct cmp_cell *c;

	memset(cols, 0, sizeof(cols));
	mkrow(&base[0], "lp", "rate", 1, 100, 10, ST_OK);
	mkrow(&base[1], "lp", "time", -1, 2, 10, ST_OK);
	mkrow(&base[2], "lp", "crashy", 1, 50, 10, ST_OK);
	mkrow(&base[3], "lp", "same", 1, 70, 10, ST_OK);
	/* other order, and a case the baseline lacks */
	mkrow(&other[0], "lp", "only-b", 1, 5, 10, ST_OK);
	mkrow(&other[1], "lp", "time", -1, 4, 10, ST_OK);
	mkrow(&other[2], "lp", "rate", 1, 200, 10, ST_OK);
	mkrow(&other[3], "lp", "crashy", 1, 0, 0, ST_CRASHED);
	pooled(base, 4);
	pooled(other, 4);
	two_cols(cols, base, 4, other, 4);
	cmp_build(&t, cols, 2, 0, &o);
	is_int((long long)t.nrows, 5, "one row per case in any column");
	ok(strcmp(t.rows[0].key->case_name, "rate") == 0 &&
	    strcmp(t.rows[3].key->case_name, "same") == 0 &&
	    strcmp(t.rows[4].key->case_name, "only-b") == 0,
	    "rows in order of first appearance, baseline first");
	is_int((long long)t.common[1], 3, "three cases in common");

	c = &t.rows[0].cells[1];
	is_double(c->ratio, 2, 1e-12, "rate doubled: ratio 2");
	is_double(c->speedup, 2, 1e-12, "higher is better: speedup 2");
	ok(c->mark == CMP_SIGNIFICANT && c->p < 0.001,
	    "10 vs 10 apart: significant (p = %g)", c->p);
	ok(!c->regression, "faster is no regression");
	ok(t.rows[0].cells[0].mark == CMP_BASE &&
	    t.rows[0].cells[0].speedup == 1, "the baseline cell: 1, marked");

	c = &t.rows[1].cells[1];
	is_double(c->ratio, 2, 1e-12, "time doubled: ratio 2");
	is_double(c->speedup, 0.5, 1e-12, "lower is better: speedup 0.5");
	ok(c->regression, "twice the time is a regression at 10 %%");

	c = &t.rows[2].cells[1];
	ok(c->regression && isnan(c->speedup),
	    "crashed where the baseline was OK: a regression, no ratio");
	c = &t.rows[3].cells[1];
	ok(c->r == NULL && c->mark == CMP_NONE, "absent case: no cell");
	ok(c->missing && c->regression,
	    "absent where the baseline is OK: missing, a regression");
	c = &t.rows[4].cells[1];
	ok(isnan(c->speedup) && fabs(c->value - 5) < 0.1 && !c->missing,
	    "case without baseline: value kept, no ratio, not missing");
	is_int((long long)t.nregressions, 3,
	    "three regressions: slower, crashed, missing");
	is_int((long long)t.nmissing, 1, "one missing case");
	cmp_release(&t);

	/* within the noise; no threshold asked */
	result_release(&other[2]);
	mkrow(&other[2], "lp", "rate", 1, 100.01, 10, ST_OK);
	pooled(&other[2], 1);
	o.fail_pct = -1;
	cmp_build(&t, cols, 2, 0, &o);
	c = &t.rows[0].cells[1];
	ok(c->mark == CMP_NOISE && c->p > 0.05,
	    "the same spread shifted 0.01 %%: within the noise (p = %g)",
	    c->p);
	is_int((long long)t.nregressions, 0,
	    "no regressions without --fail-on-regression");
	cmp_release(&t);

	/* the other column as baseline: its order, the ratios turn over */
	o.fail_pct = 10;
	cmp_build(&t, cols, 2, 1, &o);
	ok(strcmp(t.rows[0].key->case_name, "only-b") == 0 &&
	    strcmp(t.rows[1].key->case_name, "time") == 0,
	    "baseline B: rows in B's order");
	is_double(t.rows[1].cells[0].speedup, 2, 1e-12,
	    "baseline B: A takes half the time, speedup 2");
	ok(t.rows[3].cells[0].mark == CMP_NONE && !t.rows[3].cells[0].regression,
	    "baseline B crashed: A's case has no ratio and is no regression");
	cmp_release(&t);

	/* per-copy rows are left out, the aggregate compared */
	base[3].copies = 2;
	base[3].copy = 1;
	cmp_build(&t, cols, 2, 0, &o);
	is_int((long long)t.nrows, 4, "a per-copy row is no case");
	cmp_release(&t);
	for (int i = 0; i < 4; i++) {
		result_release(&base[i]);
		result_release(&other[i]);
	}
}

/*
 * The gate: a slower case with two derived rows counts once; a missing
 * case and a SKIPPED one count unless allow_missing; derived rows that
 * the baseline has and the column lacks do not count on their own.
 */
static void
test_gate(void)
{
	struct result base[6], other[5];
	struct cmp_column cols[2];
	struct cmp_table t;
	struct cmp_opts o = { .alpha = 0.05, .fail_pct = 5 };
	size_t i;

	memset(cols, 0, sizeof(cols));
	mkrow(&base[0], "dhry", "dhrystone", 1, 100, 10, ST_OK);
	mkrow(&base[1], "dhry", "dhrystone/dmips", 1, 0.1, 10, ST_OK);
	mkrow(&base[2], "dhry", "dhrystone/dmips-per-mhz", 1, 0.01, 10,
	    ST_OK);
	mkrow(&base[3], "dhry", "gone", 1, 5, 10, ST_OK);
	mkrow(&base[4], "dhry", "skipped", 1, 5, 10, ST_OK);
	mkrow(&base[5], "dhry", "fine", 1, 5, 10, ST_OK);
	mkrow(&other[0], "dhry", "dhrystone", 1, 50, 10, ST_OK);
	mkrow(&other[1], "dhry", "dhrystone/dmips", 1, 0.05, 10, ST_OK);
	mkrow(&other[2], "dhry", "dhrystone/dmips-per-mhz", 1, 0, 0,
	    ST_SKIPPED);
	mkrow(&other[3], "dhry", "skipped", 1, 0, 0, ST_SKIPPED);
	mkrow(&other[4], "dhry", "fine", 1, 5, 10, ST_OK);
	pooled(base, 6);
	pooled(other, 5);
	two_cols(cols, base, 6, other, 5);
	cmp_build(&t, cols, 2, 0, &o);
	ok(t.rows[1].main == 0 && t.rows[2].main == 0 && t.rows[0].main == 0 &&
	    t.rows[3].main == 3, "derived rows follow their case's row");
	ok(t.rows[0].cells[1].regression && t.rows[1].cells[1].regression &&
	    t.rows[2].cells[1].regression,
	    "the derived rows carry their case's regression mark");
	ok(!t.rows[2].cells[1].missing,
	    "a derived row SKIPPED is not a missing case");
	ok(t.rows[3].cells[1].missing && t.rows[4].cells[1].missing &&
	    !t.rows[5].cells[1].missing, "absent and SKIPPED: missing");
	is_int((long long)t.nregressions, 3,
	    "slower (once, not three times), absent, SKIPPED: 3");
	cmp_release(&t);

	o.allow_missing = 1;
	cmp_build(&t, cols, 2, 0, &o);
	is_int((long long)t.nregressions, 1,
	    "allow_missing: only the slower case");
	is_int((long long)t.nmissing, 2, "and two missing ones reported");
	cmp_release(&t);

	/* a case that is itself a prefix only with another bench: own row */
	strlcpy_bb(other[1].bench, "other", sizeof(other[1].bench));
	cmp_build(&t, cols, 2, 0, &o);
	for (i = 0; i < t.nrows; i++)
		if (strcmp(t.rows[i].key->bench, "other") == 0)
			ok(t.rows[i].main == i,
			    "another bench's row follows nothing");
	cmp_release(&t);
	for (i = 0; i < 6; i++)
		result_release(&base[i]);
	for (i = 0; i < 5; i++)
		result_release(&other[i]);
}

/*
 * A derived row whose own interval excludes 1 under a case not called
 * different is CMP_BY_CASE, not "~" (no difference seen); under a case
 * called different it is called too.
 */
static void
test_by_case(void)
{
	struct result base[2], other[2];
	struct cmp_column cols[2];
	struct cmp_table t;
	struct cmp_opts o = { .alpha = 0.05, .fail_pct = -1 };
	size_t i;

	memset(cols, 0, sizeof(cols));
	mkrow(&base[0], "wh", "mwips", 1, 100, 10, ST_OK);
	mkrow(&base[1], "wh", "mwips/n1", 1, 10, 10, ST_OK);
	mkrow(&other[0], "wh", "mwips", 1, 100.01, 10, ST_OK);
	mkrow(&other[1], "wh", "mwips/n1", 1, 5, 10, ST_OK);
	pooled(base, 2);
	pooled(other, 2);
	two_cols(cols, base, 2, other, 2);
	cmp_build(&t, cols, 2, 0, &o);
	ok(t.rows[0].cells[1].mark == CMP_NOISE &&
	    t.rows[1].cells[1].mark == CMP_BY_CASE &&
	    t.rows[1].cells[1].hi < 1,
	    "a module at half under a case within the noise: by its case, "
	    "not ~ (%s)", fmt_cmp_mark_names[t.rows[1].cells[1].mark]);
	ok(strcmp(fmt_cmp_mark_names[CMP_BY_CASE], "by-case") == 0,
	    "its name in the machine formats: by-case");
	cmp_release(&t);
	result_release(&other[0]);
	mkrow(&other[0], "wh", "mwips", 1, 50, 10, ST_OK);
	pooled(other, 1);
	cmp_build(&t, cols, 2, 0, &o);
	ok(t.rows[0].cells[1].mark == CMP_SIGNIFICANT &&
	    t.rows[1].cells[1].mark == CMP_SIGNIFICANT,
	    "under a case called different, the module is called too");
	cmp_release(&t);
	for (i = 0; i < 2; i++) {
		result_release(&base[i]);
		result_release(&other[i]);
	}
}

static void
test_pool(void)
{
	struct result r1[2], r2[2], r3[1], *out;
	const struct result *runs[3] = { r1, r2, r3 };
	size_t nr[3] = { 2, 2, 1 }, n, i;

	mkrow(&r1[0], "lp", "a", 1, 10, 5, ST_OK);
	mkrow(&r1[1], "lp", "b", 1, 10, 5, ST_OK);
	mkrow(&r2[0], "lp", "a", 1, 20, 5, ST_OK);
	mkrow(&r2[1], "lp", "b", 1, 10, 0, ST_BADRESULT);
	mkrow(&r3[0], "lp", "c", 1, 0, 0, ST_INTERRUPTED);
	cmp_pool(runs, nr, 3, &out, &n);
	is_int((long long)n, 3, "pool: one row per case");
	ok(strcmp(out[0].case_name, "a") == 0 && out[0].nsamples == 10,
	    "pool: the samples of both runs");
	is_double(out[0].st.median, (10 * 1.003 + 20 * 0.995) / 2, 1e-9,
	    "pool: median recomputed over them");
	{
		double u[4];

		ok(result_units(&out[0], RESULT_RUN_EXTRA, u, 4) == 2 &&
		    u[0] == r1[0].st.median && u[1] == r2[0].st.median,
		    "pool: each run's median is a unit, run:0 and run:1");
	}
	ok(out[1].status == ST_BADRESULT,
	    "pool: a bad result in any run wins over OK");
	ok(out[2].status == ST_INTERRUPTED,
	    "pool: interrupted only where nothing else ran");
	for (i = 0; i < n; i++)
		result_release(&out[i]);
	free(out);
	result_release(&r1[0]);
	result_release(&r1[1]);
	result_release(&r2[0]);
	result_release(&r2[1]);
	result_release(&r3[0]);
}

static void
test_differences(void)
{
	json_t *o[3];
	struct cmp_diff *d;
	size_t n;

	o[0] = json_loads("{\"cc\":\"gcc\",\"cflags\":\"-O2\","
	    "\"libs\":{\"ssl\":\"3.0\",\"z\":1}}", 0, NULL);
	o[1] = json_loads("{\"cc\":\"gcc\",\"cflags\":\"-O3\","
	    "\"libs\":{\"ssl\":\"3.0\",\"z\":1},\"neon\":true}", 0, NULL);
	o[2] = NULL;
	n = cmp_differences(o, 2, &d);
	is_int((long long)n, 2, "two fields differ");
	ok(n == 2 && strcmp(d[0].key, "cflags") == 0 &&
	    strcmp(d[0].values[0], "-O2") == 0 &&
	    strcmp(d[0].values[1], "-O3") == 0, "cflags: -O2 vs -O3");
	ok(n == 2 && strcmp(d[1].key, "neon") == 0 &&
	    strcmp(d[1].values[0], "-") == 0 &&
	    strcmp(d[1].values[1], "true") == 0,
	    "a field only one side has: '-' for the other");
	cmp_differences_free(d, n, 2);
	n = cmp_differences(o, 1, &d);
	is_int((long long)n, 0, "one object: no differences");
	cmp_differences_free(d, n, 1);
	n = cmp_differences(o + 1, 2, &d);
	is_int((long long)n, 5, "against a missing object every leaf differs");
	cmp_differences_free(d, n, 2);
	json_decref(o[0]);
	json_decref(o[1]);
}

static void
test_rank(void)
{
	static const char *const first[] = { "cflags", "cc_version", NULL };
	static const char *const last[] = { "macros.", "opt_level", NULL };
	json_t *o[2];
	struct cmp_diff *d;
	size_t n, k;

	o[0] = json_loads("{\"arch\":\"a\",\"cc_version\":\"gcc 12\","
	    "\"cflags\":\"-O2\",\"host\":\"x\",\"macros\":{\"__O__\":1},"
	    "\"opt_level\":\"-O2\",\"zz\":1}", 0, NULL);
	o[1] = json_loads("{\"arch\":\"b\",\"cc_version\":\"clang 16\","
	    "\"cflags\":\"-O3\",\"host\":\"y\",\"macros\":{\"__O__\":2},"
	    "\"opt_level\":\"-O3\",\"zz\":2}", 0, NULL);
	n = cmp_differences(o, 2, &d);
	k = cmp_differences_rank(d, n, first, last);
	is_int((long long)k, 2, "rank: two fields that matter");
	ok(n == 7 && strcmp(d[0].key, "cflags") == 0 &&
	    strcmp(d[1].key, "cc_version") == 0 &&
	    strcmp(d[2].key, "arch") == 0 && strcmp(d[3].key, "host") == 0 &&
	    strcmp(d[4].key, "zz") == 0 &&
	    strcmp(d[5].key, "macros.__O__") == 0 &&
	    strcmp(d[6].key, "opt_level") == 0,
	    "rank: first in the list's order, then the rest as they were, "
	    "then the late ones (a prefix matches)");
	ok(n == 7 && strcmp(d[1].values[1], "clang 16") == 0,
	    "rank: the values move with their key");
	cmp_differences_free(d, n, 2);
	n = cmp_differences(o, 2, &d);
	k = cmp_differences_rank(d, n, NULL, NULL);
	ok(k == 0 && strcmp(d[0].key, "arch") == 0 &&
	    strcmp(d[6].key, "zz") == 0, "rank: no lists, no change");
	cmp_differences_free(d, n, 2);
	json_decref(o[0]);
	json_decref(o[1]);
}

/* Give r the process medians v[0..n-1] as its extras proc:K. */
static void
set_procs(struct result *r, const double *v, size_t n)
{
	char name[32];
	size_t k;

	for (k = 0; k < n; k++) {
		snprintf(name, sizeof(name), "proc:%zu", k);
		result_add_extra(r, name, v[k]);
	}
}

/*
 * The unit of the statistics: two columns of one paired session compare
 * pair by pair (a drift common to a pair cancels); the same rows unpaired
 * compare process medians with the drift floor; a flagged row gets no
 * verdict; the gate needs the whole interval beyond the percentage;
 * --ignore-params matches rows of other parameters.
 */
/*
 * A CPU kernel's pairs per CPU second (proc-cpu:K) when both rows have
 * them for every process: under a CPU burner each process got half the
 * CPU or all of it, so the wall units swing twofold; per CPU second B is
 * 10 % slower throughout.
 */
static void
test_cpu_units(const struct cmp_opts *o)
{
	double wa[8], wb[8], qa[8], qb[8];
	struct result a, b;
	struct cmp_column cols[2];
	struct cmp_table t;
	const struct cmp_cell *c;
	size_t k;

	memset(cols, 0, sizeof(cols));
	for (k = 0; k < 8; k++) {
		qa[k] = 100 * (1 + 0.001 * (double)(k % 3));
		qb[k] = 90 * (1 + 0.001 * (double)((k + 1) % 3));
		wa[k] = qa[k] * (k % 2 ? 1.0 : 0.5);
		wb[k] = qb[k] * (k % 3 ? 0.5 : 1.0);
	}
	mkrow(&a, "lp", "rate", 1, 100, 10, ST_OK);
	mkrow(&b, "lp", "rate", 1, 90, 10, ST_OK);
	set_procs(&a, wa, 8);
	set_procs(&b, wb, 8);
	result_set_units(&a, RESULT_PROCCPU_EXTRA, qa, 8);
	result_set_units(&b, RESULT_PROCCPU_EXTRA, qb, 8);
	two_cols(cols, &a, 1, &b, 1);
	cols[0].pair_id = cols[1].pair_id = "session-1";
	cmp_build(&t, cols, 2, 0, o);
	c = &t.rows[0].cells[1];
	ok(c->unit == CMP_U_PAIR && c->cpu_time && fabs(c->speedup - 0.9) <
	    0.002 && c->lo > 0.89 && c->hi < 0.91 && c->mark ==
	    CMP_SIGNIFICANT, "paired CPU kernels: the pairs per CPU second, "
	    "%.4f [%.4f, %.4f], whatever share of the CPU each process got",
	    c->speedup, c->lo, c->hi);
	cmp_release(&t);
	/* one side without them for every process: the wall pairs */
	result_set_units(&b, RESULT_PROCCPU_EXTRA, qb, 7);
	cmp_build(&t, cols, 2, 0, o);
	c = &t.rows[0].cells[1];
	ok(c->unit == CMP_U_PAIR && !c->cpu_time && c->hi - c->lo > 0.1,
	    "... one side short of a process's: the wall pairs, wide "
	    "[%.3f, %.3f]", c->lo, c->hi);
	cmp_release(&t);
	result_release(&a);
	result_release(&b);
}

static void
test_units(void)
{
	/* the machine drifts +-20 % from pair to pair; B is 2 % slower */
	static const double drift[8] = { 1.0, 1.2, 0.85, 1.1, 0.9, 1.15,
	    0.8, 1.05 };
	double pa[8], pb[8];
	struct result a[3], b[3];
	struct cmp_column cols[2];
	struct cmp_table t;
	struct cmp_opts o = { .alpha = 0.05, .fail_pct = 1 };
	const struct cmp_cell *c;
	size_t k;

	memset(cols, 0, sizeof(cols));
	for (k = 0; k < 8; k++) {
		pa[k] = 100 * drift[k] * (1 + 0.001 * (double)(k % 3));
		pb[k] = 98 * drift[k] * (1 + 0.001 * (double)((k + 1) % 3));
	}
	mkrow(&a[0], "lp", "rate", 1, 100, 10, ST_OK);
	mkrow(&b[0], "lp", "rate", 1, 98, 10, ST_OK);
	set_procs(&a[0], pa, 8);
	set_procs(&b[0], pb, 8);
	mkrow(&a[1], "lp", "busy", 1, 100, 10, ST_OK);
	mkrow(&b[1], "lp", "busy", 1, 50, 10, ST_OK);
	b[1].flags = RF_BUSY;
	mkrow(&a[2], "lp", "other", 1, 100, 10, ST_OK);
	mkrow(&b[2], "lp", "other", 1, 100, 10, ST_OK);
	strlcpy_bb(b[2].params, "n=2", sizeof(b[2].params));
	two_cols(cols, a, 3, b, 3);
	cols[0].pair_id = cols[1].pair_id = "session-1";
	cmp_build(&t, cols, 2, 0, &o);
	c = &t.rows[0].cells[1];
	ok(c->unit == CMP_U_PAIR && c->n == 8, "paired columns: 8 pairs");
	is_double(c->speedup, 0.98, 0.002, "paired: B 2 %% slower under "
	    "+-20 %% drift");
	ok(c->lo > 0.97 && c->hi < 0.99 && c->mark == CMP_SIGNIFICANT,
	    "paired: a narrow interval [%.4f, %.4f] below 1, different",
	    c->lo, c->hi);
	ok(c->regression, "paired: the whole interval is over 1 %% worse: "
	    "a regression");
	ok(!c->cpu_time, "... wall pairs: the rows have none per CPU "
	    "second");
	c = &t.rows[1].cells[1];
	ok(c->mark == CMP_NOTCOMP && c->why != NULL &&
	    strcmp(c->why, "busy") == 0 && !c->regression,
	    "a busy row: not comparable, no regression, although half as fast");
	ok(!c->cpu_time, "... rows with no units at all: not per CPU second "
	    "either");
	is_int((long long)t.nrows, 4, "other parameters: rows of their own");
	is_int((long long)t.ntested, 1, "one case compared");
	is_int((long long)t.nnotcomp, 1, "one not comparable");
	/* a percentage the point is beyond but the interval's better end
	 * is not: no regression */
	c = &t.rows[0].cells[1];
	o.fail_pct = ((1 - c->hi) + (1 - c->speedup)) / 2 * 100;
	cmp_release(&t);
	cmp_build(&t, cols, 2, 0, &o);
	ok(!t.rows[0].cells[1].regression, "paired: worse by more than %.2f "
	    "%% at the point, not over the whole interval: no regression",
	    o.fail_pct);
	o.fail_pct = 1;
	cmp_release(&t);
	/* the flag on the baseline's side */
	b[1].flags = 0;
	a[1].flags = RF_THROTTLED;
	cmp_build(&t, cols, 2, 0, &o);
	ok(t.rows[1].cells[1].mark == CMP_NOTCOMP &&
	    strcmp(t.rows[1].cells[1].why, "throttled") == 0,
	    "a throttled baseline row: not comparable");
	cmp_release(&t);
	/* an emulated run against a native one: no verdict; two emulated */
	a[1].flags = RF_EMULATED;
	cmp_build(&t, cols, 2, 0, &o);
	ok(t.rows[1].cells[1].mark == CMP_NOTCOMP &&
	    strcmp(t.rows[1].cells[1].why, "emulated") == 0,
	    "emulated against native: not comparable");
	cmp_release(&t);
	b[1].flags = RF_EMULATED;
	cmp_build(&t, cols, 2, 0, &o);
	ok(t.rows[1].cells[1].why == NULL ||
	    strcmp(t.rows[1].cells[1].why, "emulated") != 0, "emulated "
	    "against emulated: compared");
	cmp_release(&t);
	a[1].flags = b[1].flags = 0;
	/* drifted, paired: the pairs met the drift alike, the verdict
	 * stands and is counted */
	b[0].flags = RF_DRIFTED;
	cmp_build(&t, cols, 2, 0, &o);
	c = &t.rows[0].cells[1];
	ok(c->unit == CMP_U_PAIR && c->mark == CMP_SIGNIFICANT &&
	    c->why == NULL && c->regression, "a drifted paired row keeps its "
	    "verdict");
	is_int((long long)t.ndrifted, 1, "... and counts as drifted");
	ok(c->mark != CMP_NOTCOMP, "... not as without a verdict");
	cmp_release(&t);
	b[0].flags = 0;
	test_cpu_units(&o);

	/* the same rows in columns of no one session: unpaired */
	cols[0].pair_id = NULL;
	cmp_build(&t, cols, 2, 0, &o);
	c = &t.rows[0].cells[1];
	ok(c->unit == CMP_U_PROCESS && c->mark == CMP_NOTCOMP &&
	    c->why != NULL && strcmp(c->why, CMP_WHY_ONE_RUN) == 0 &&
	    isnan(c->lo) && isnan(c->p) && fabs(c->speedup - 0.98) < 1e-9,
	    "unpaired, one run a side: the ratio alone (%.3f), no interval, "
	    "no verdict (1 run/side)", c->speedup);
	ok(c->regression, "unpaired, one run a side: the gate reads the "
	    "ratio itself, 2 %% worse than the 1 %% asked: a regression");
	cmp_release(&t);
	o.fail_pct = 5;
	cmp_build(&t, cols, 2, 0, &o);
	ok(!t.rows[0].cells[1].regression, "... and none at 5 %%");
	cmp_release(&t);
	o.fail_pct = 1;
	/* drifted, unpaired: a single run's figure is off by the drift */
	a[0].flags = RF_DRIFTED;
	cmp_build(&t, cols, 2, 0, &o);
	c = &t.rows[0].cells[1];
	ok(c->mark == CMP_NOTCOMP && c->why != NULL &&
	    strcmp(c->why, "drifted") == 0 && t.ndrifted == 0,
	    "unpaired, a drifted baseline row: not comparable (drifted)");
	cmp_release(&t);
	a[0].flags = 0;

	/* --ignore-params: the third row matches */
	o.ignore_params = 1;
	cmp_build(&t, cols, 2, 0, &o);
	is_int((long long)t.nrows, 3, "--ignore-params: other parameters "
	    "match");
	cmp_release(&t);
	for (k = 0; k < 3; k++) {
		result_release(&a[k]);
		result_release(&b[k]);
	}
}

/*
 * A paired row with variants (code placements): pair k ran variant k mod
 * 4 in both builds; placement 1 runs build A at 0.7 of its speed only,
 * so the builds' figures (geometric means over the placements) are
 * 100 x 0.7^(1/4) and 110: B is 1.203 times A.  Compare takes the
 * placements as the units (each one's mean log ratio, Student's t over
 * them): 1.203, as the figures say, with an interval that holds how
 * differently the builds meet the placements (1.10 at three, 1.57 at
 * one: wide); without the variants' extras, the pairs are the units.
 */
static void
test_variants(void)
{
	double pa[8], pb[8];
	struct result a, b;
	struct cmp_column cols[2];
	struct cmp_table t;
	struct cmp_opts o = { .alpha = 0.05, .fail_pct = 1 };
	const struct cmp_cell *c;
	char name[32];
	size_t k;

	memset(cols, 0, sizeof(cols));
	for (k = 0; k < 8; k++) {
		double jit = 1 + 0.002 * (double)((k * 7) % 5) - 0.004;

		pa[k] = 100 * (k % 4 == 1 ? 0.7 : 1.0);
		pb[k] = 110 * jit;
	}
	mkrow(&a, "dh", "run", 1, 100, 10, ST_OK);
	mkrow(&b, "dh", "run", 1, 110, 10, ST_OK);
	set_procs(&a, pa, 8);
	set_procs(&b, pb, 8);
	two_cols(cols, &a, 1, &b, 1);
	cols[0].pair_id = cols[1].pair_id = "session-1";
	cmp_build(&t, cols, 2, 0, &o);
	c = &t.rows[0].cells[1];
	ok(c->unit == CMP_U_PAIR && c->n == 8, "paired, no variants given: "
	    "the 8 pairs as units [%.3f, %.3f]", c->lo, c->hi);
	cmp_release(&t);
	for (k = 0; k < 4; k++) {
		snprintf(name, sizeof(name), "variant:%zu", k);
		result_add_extra(&a, name, k == 1 ? 70 : 100);
		result_add_extra(&b, name, 110);
	}
	cmp_build(&t, cols, 2, 0, &o);
	c = &t.rows[0].cells[1];
	ok(c->unit == CMP_U_PAIR && c->n == 8, "paired with 4 variants: "
	    "placement by placement, 8 pairs");
	is_double(c->speedup, 110 / (100 * pow(0.7, 0.25)), 0.003,
	    "paired with variants: 1.203, as the figures say");
	ok(c->lo < 1.10 && c->hi > 1.40 && c->mark == CMP_NOISE,
	    "paired with variants: the placements' disagreement is in the "
	    "interval [%.4f, %.4f] (3 degrees of freedom)", c->lo, c->hi);
	cmp_release(&t);
	result_release(&a);
	result_release(&b);
}

/*
 * Pooling the processes per CPU second (proc-cpu:K): kept when every run
 * gave one for each of its processes, dropped when the runs' counts differ
 * even though their sums agree (the values would pair across runs).
 */
static void
test_pool_cpu(void)
{
	struct result r[2], *out;
	const struct result *runs[2] = { &r[0], &r[1] };
	size_t one[2] = { 1, 1 }, n, k;
	double v[4] = { 100, 101, 102, 103 }, u[8];

	for (k = 0; k < 2; k++) {
		mkrow(&r[k], "lp", "rate", 1, 100, 4, ST_OK);
		set_procs(&r[k], v, 3);
		result_set_units(&r[k], RESULT_PROCCPU_EXTRA, v, 3);
	}
	cmp_pool(runs, one, 2, &out, &n);
	ok(n == 1 && result_units(&out[0], RESULT_PROCCPU_EXTRA, u, 8) == 6,
	    "pool: each run's processes per CPU second, 3 and 3");
	result_release(&out[0]);
	free(out);
	result_set_units(&r[0], RESULT_PROCCPU_EXTRA, v, 2);
	result_set_units(&r[1], RESULT_PROCCPU_EXTRA, v, 4);
	cmp_pool(runs, one, 2, &out, &n);
	ok(n == 1 && result_units(&out[0], RESULT_PROCCPU_EXTRA, u, 8) == 0 &&
	    result_units(&out[0], RESULT_PROC_EXTRA, u, 8) == 6,
	    "... none when the runs gave 2 and 4 for 3 processes each, the "
	    "wall time's 6 kept");
	result_release(&out[0]);
	free(out);
	result_release(&r[0]);
	result_release(&r[1]);
}

/*
 * Pooling runs in code placements: the figure is the geometric mean over
 * the placements of each one's geometric mean over the runs, as a run's
 * own is, and the placement range is the pooled placements'; the
 * samples' median lies between the modes (issue 39), a speed no
 * placement runs at.
 */
static void
test_pool_variants(void)
{
	/* two placements, one fast and one slow, in each of two runs */
	static const double va[2] = { 4000, 2500 }, vb[2] = { 3600, 2400 };
	struct result r[2], *out;
	const struct result *runs[2] = { &r[0], &r[1] };
	size_t one[2] = { 1, 1 }, n;
	double u[4], f, s, x;

	mkrow(&r[0], "lp", "rolled", 1, 3200, 6, ST_OK);
	mkrow(&r[1], "lp", "rolled", 1, 2900, 6, ST_OK);
	result_set_units(&r[0], RESULT_VARIANT_EXTRA, va, 2);
	result_set_units(&r[1], RESULT_VARIANT_EXTRA, vb, 2);
	result_add_extra(&r[0], "variant:fastest", 4000);
	result_add_extra(&r[0], "variant:slowest", 2500);
	r[0].st.median = sqrt(4000.0 * 2500);
	r[1].st.median = sqrt(3600.0 * 2400);
	cmp_pool(runs, one, 2, &out, &n);
	x = sqrt(sqrt(4000.0 * 3600) * sqrt(2500.0 * 2400));
	ok(n == 1 && fabs(out[0].st.median / x - 1) < 1e-12, "pool in "
	    "placements: the geometric mean of each placement's, %g (%g)",
	    x, n == 1 ? out[0].st.median : NAN);
	ok(result_units(&out[0], RESULT_VARIANT_EXTRA, u, 4) == 2 &&
	    fabs(u[0] / sqrt(4000.0 * 3600) - 1) < 1e-12 &&
	    fabs(u[1] / sqrt(2500.0 * 2400) - 1) < 1e-12, "... each "
	    "placement's figure over the runs");
	ok(result_get_extra(&out[0], "variant:fastest", &f) == 0 &&
	    result_get_extra(&out[0], "variant:slowest", &s) == 0 &&
	    f == u[0] && s == u[1], "... the fastest and slowest of them, "
	    "not one run's");
	result_release(&out[0]);
	free(out);
	/* placements that differ between the runs: the samples, as before */
	result_set_units(&r[1], RESULT_VARIANT_EXTRA, vb, 1);
	cmp_pool(runs, one, 2, &out, &n);
	ok(n == 1 && out[0].st.median > 2900 && out[0].st.median < 3200 &&
	    out[0].st.median == stats_median(out[0].samples,
	    out[0].nsamples), "... runs in different placements: the pooled "
	    "samples' median (%g)", n == 1 ? out[0].st.median : NAN);
	result_release(&out[0]);
	free(out);
	result_release(&r[0]);
	result_release(&r[1]);
}

/*
 * Pooled paired sessions (compare --pool of runs made with --against):
 * three sessions of 6 pairs each, B 10 % faster in every pair of a
 * session, but by 1.05, 1.10 and 1.15 in the three (a disturbance that
 * lasted a session moved its ratio).  Each session is a unit: the
 * geometric mean 1.10 with Student's t over 3 sessions; the pairs of all
 * three as one would claim about +-1 %.
 */
static void
test_sessions(void)
{
	static const double eff[3] = { 1.05, 1.10, 1.15 };
	struct result ra[3], rb[3], *pa, *pb;
	const struct result *runs_a[3] = { &ra[0], &ra[1], &ra[2] },
	    *runs_b[3] = { &rb[0], &rb[1], &rb[2] };
	size_t one[3] = { 1, 1, 1 }, na, nb, s, k;
	struct cmp_column cols[2];
	struct cmp_table t;
	struct cmp_opts o = { .alpha = 0.05, .fail_pct = -1 };
	const struct cmp_cell *c;
	double v[6], w[6], lm;

	for (s = 0; s < 3; s++) {
		mkrow(&ra[s], "lp", "rate", 1, 100, 6, ST_OK);
		mkrow(&rb[s], "lp", "rate", 1, 100 * eff[s], 6, ST_OK);
		for (k = 0; k < 6; k++) {
			v[k] = 100 * (1 + 0.05 * (double)(k % 3));
			w[k] = v[k] * eff[s] * (1 + 0.002 * (double)(k % 2));
		}
		set_procs(&ra[s], v, 6);
		set_procs(&rb[s], w, 6);
	}
	cmp_pool(runs_a, one, 3, &pa, &na);
	cmp_pool(runs_b, one, 3, &pb, &nb);
	{
		double u[4];

		ok(result_units(&pa[0], RESULT_SESSION_EXTRA, u, 4) == 3 &&
		    u[0] == 6 && u[1] == 6 && u[2] == 6,
		    "pool: how many processes each session gave, session:0..2");
	}
	memset(cols, 0, sizeof(cols));
	two_cols(cols, pa, na, pb, nb);
	cols[0].pair_id = cols[1].pair_id = "s1,s2,s3";
	cols[0].runs = cols[1].runs = 3;
	cmp_build(&t, cols, 2, 0, &o);
	c = &t.rows[0].cells[1];
	ok(c->unit == CMP_U_SESSION && c->n == 3 && t.sessions,
	    "pooled paired sessions: 3 sessions are the units");
	lm = (log(1.05) + log(1.10) + log(1.15)) / 3 + log(1.001);
	is_double(log(c->speedup), lm, 2e-3, "... their geometric mean "
	    "ratio");
	ok(c->lo < 1.02 && c->hi > 1.18, "... an interval that holds how "
	    "far the sessions differ [%.4f, %.4f]", c->lo, c->hi);
	cmp_release(&t);
	/* a session missing on one side: pairs, as before */
	cols[1].runs = 2;
	cmp_build(&t, cols, 2, 0, &o);
	c = &t.rows[0].cells[1];
	ok(c->unit == CMP_U_PAIR && c->n == 18 && c->hi - c->lo < 0.1,
	    "sessions that do not match: the pairs of all (%zu)", c->n);
	cmp_release(&t);
	for (s = 0; s < na; s++)
		result_release(&pa[s]);
	for (s = 0; s < nb; s++)
		result_release(&pb[s]);
	free(pa);
	free(pb);
	for (s = 0; s < 3; s++) {
		result_release(&ra[s]);
		result_release(&rb[s]);
	}
}

int
main(void)
{
	test_mann_whitney();
	test_build();
	test_gate();
	test_by_case();
	test_pool();
	test_differences();
	test_rank();
	test_units();
	test_variants();
	test_sessions();
	test_pool_cpu();
	test_pool_variants();
	return done_testing();
}
