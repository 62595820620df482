/*
 * compare.c - the maths of `boardbench compare`: matching cases across
 * columns, ratios of medians, direction, the Mann-Whitney U test for the
 * noise mark, and pooling several runs of one build flag set (the fields
 * in which builds and systems differ: compare-diff.c).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compare.h"
#include "ratio.h"
#include "registry.h"
#include "result.h"
#include "stats.h"
#include "util.h"

/* Exact U distribution up to this many values in both samples together. */
#define MW_EXACT_MAX	50
#define CMP_VARIANTS_MAX 64	/* variants a row may give (bench.h) */

struct entry {
	const struct result *r;
	size_t col, idx;
};

struct ranked {
	double v;
	int from_a;
};

static int key_cmp(const struct result *, const struct result *);
static int entry_cmp(const void *, const void *);
static int ranked_cmp(const void *, const void *);
static double mw_exact_cdf(size_t m, size_t n, double u);
static int is_failure(enum result_status);
static void fill_cell(struct cmp_cell *, const struct cmp_cell *base,
    const struct result *key, const struct cmp_column *col,
    const struct cmp_column *bcol, const struct cmp_opts *);

/*
 * The case name to match on: as its benchmark gives it (bench_info.
 * case_key: runs stored before memory sizes were named in KiB/MiB,
 * "read/33554432", match the names of today, "read/32MiB").
 */
static const char *
case_key(const struct result *r, char *buf, size_t len)
{
	const struct bench_info *b = registry_find(r->bench);

	return b != NULL && b->case_key != NULL ?
	    b->case_key(r->case_name, buf, len) : r->case_name;
}

/*
 * Whether cases match on their parameters too (compare --ignore-params
 * turns it off for one cmp_build: a row's parameters then are its
 * column's own).
 */
static int match_params = 1;

/* Order of cases: bench, case, params, copies. */
static int
key_cmp(const struct result *a, const struct result *b)
{
	char ka[128], kb[128];
	int c;

	if ((c = strcmp(a->bench, b->bench)) != 0)
		return c;
	if ((c = strcmp(case_key(a, ka, sizeof(ka)),
	    case_key(b, kb, sizeof(kb)))) != 0)
		return c;
	if (match_params && (c = strcmp(a->params, b->params)) != 0)
		return c;
	return (a->copies > b->copies) - (a->copies < b->copies);
}

/* By case, then by where it first appeared. */
static int
entry_cmp(const void *pa, const void *pb)
{
	const struct entry *a = pa, *b = pb;
	int c;

	if ((c = key_cmp(a->r, b->r)) != 0)
		return c;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return (a->idx > b->idx) - (a->idx < b->idx);
}

static int
ranked_cmp(const void *pa, const void *pb)
{
	const struct ranked *a = pa, *b = pb;

	return (a->v > b->v) - (a->v < b->v);
}

/*
 * mw_exact_cdf: P(U <= u) for samples of m and n values without ties.
 * The number of arrangements with U = k is the coefficient of q^k in the
 * Gaussian binomial [m+n choose m]_q, built as the product over
 * i = 1..m of (1 - q^(n+i)) / (1 - q^i); after each step the polynomial is
 * [n+i choose i]_q, so the counts stay exact integers in a double.
 */
static double
mw_exact_cdf(size_t m, size_t n, double u)
{
	double *c, total = 0, below = 0;
	size_t i, j, deg = 0, k, top;

	c = xcalloc(m * n + m + 1, sizeof(*c));
	c[0] = 1;
	for (i = 1; i <= m; i++) {
		k = n + i;
		top = deg + k;
		for (j = top; j >= k; j--)	/* times (1 - q^k) */
			c[j] -= c[j - k];
		for (j = i; j <= top; j++)	/* over (1 - q^i) */
			c[j] += c[j - i];
		deg = top - i;
	}
	for (j = 0; j <= deg; j++) {
		total += c[j];
		if ((double)j <= u)
			below += c[j];
	}
	free(c);
	return below / total;
}

double
cmp_mann_whitney(const double *a, size_t na, const double *b, size_t nb)
{
	struct ranked *v;
	size_t i, j, n = 0, m1 = 0, m2 = 0;
	double r1 = 0, ties = 0, u1, umin, mu, var, z, p, t, rank;

	v = xcalloc(na + nb + 1, sizeof(*v));
	for (i = 0; i < na; i++)
		if (!isnan(a[i])) {
			v[n].v = a[i];
			v[n++].from_a = 1;
			m1++;
		}
	for (i = 0; i < nb; i++)
		if (!isnan(b[i])) {
			v[n].v = b[i];
			v[n++].from_a = 0;
			m2++;
		}
	if (m1 == 0 || m2 == 0) {
		free(v);
		return NAN;
	}
	qsort(v, n, sizeof(*v), ranked_cmp);
	/* mid-ranks: the values i..j-1 are equal and share ranks i+1..j */
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && v[j].v == v[i].v; j++)
			;
		rank = (double)(i + 1 + j) / 2;
		t = (double)(j - i);
		ties += t * t * t - t;
		for (size_t k = i; k < j; k++)
			if (v[k].from_a)
				r1 += rank;
	}
	free(v);
	u1 = r1 - (double)m1 * (double)(m1 + 1) / 2;
	umin = fmin(u1, (double)m1 * (double)m2 - u1);
	if (ties == 0 && n <= MW_EXACT_MAX) {
		p = 2 * mw_exact_cdf(m1, m2, umin);
		return p > 1 ? 1 : p;
	}
	mu = (double)m1 * (double)m2 / 2;
	var = (double)m1 * (double)m2 / 12 *
	    ((double)n + 1 - ties / ((double)n * (double)(n - 1)));
	if (var <= 0)
		return 1;	/* every value equal */
	z = (fabs(u1 - mu) - 0.5) / sqrt(var);
	if (z < 0)
		z = 0;
	return erfc(z / M_SQRT2);
}

static int
is_failure(enum result_status s)
{
	return s == ST_FAILED || s == ST_BADRESULT || s == ST_CRASHED ||
	    s == ST_TIMEOUT;
}

/* Flags that leave a row's figure not fit to judge: why, or NULL. */
static const char *
not_comparable(unsigned flags)
{
	if (flags & RF_THROTTLED)
		return "throttled";
	if (flags & RF_BUSY)
		return "busy";
	if (flags & RF_PREEMPTED)
		return "preempted";
	return NULL;
}

/*
 * A row's units for an unpaired comparison: its run medians (pooled),
 * else its process medians, else its one median.  *v owned.
 */
static size_t
row_units(const struct result *r, double **v, enum cmp_unit *unit)
{
	size_t n;

	*v = xcalloc(RESULT_UNITS_MAX, sizeof(**v));
	if ((n = result_units(r, RESULT_RUN_EXTRA, *v,
	    RESULT_UNITS_MAX)) > 0) {
		*unit = CMP_U_RUN;
		return n;
	}
	if ((n = result_units(r, RESULT_PROC_EXTRA, *v,
	    RESULT_UNITS_MAX)) > 1) {
		*unit = CMP_U_PROCESS;
		return n;
	}
	(*v)[0] = r->st.median;
	*unit = CMP_U_PROCESS;
	return 1;
}

/*
 * How many variants both rows were measured in (their extras variant:K,
 * bench.h's bench_variant()): pair k ran variant k mod that number in
 * both builds; 0 when they have none or differ.
 */
static size_t
row_nvariants(const struct result *a, const struct result *b)
{
	double v[CMP_VARIANTS_MAX];
	size_t na = result_units(a, RESULT_VARIANT_EXTRA, v, ARRAY_SIZE(v)),
	    nb = result_units(b, RESULT_VARIANT_EXTRA, v, ARRAY_SIZE(v));

	return na == nb ? na : 0;
}

/*
 * Pooled paired sessions (both rows carry session:K for each of the k
 * runs pooled): each session's pairs give its ratio (ratio_paired_strata),
 * and the sessions are the units (ratio_sessions).  ua, ub: the rows'
 * process medians, na and nb of them.  0, or -1 when the rows do not
 * split into the same k sessions of 2 pairs or more (two at least).
 */
static int
session_interval(const struct result *a, const struct result *b,
    const double *ua, size_t na, const double *ub, size_t nb, size_t k,
    size_t nvar, struct ratio_ci *ci)
{
	double *ca, *cb;
	struct ratio_ci *s;
	size_t i, at_a = 0, at_b = 0, ns = 0, ma, mb, m;
	int rc = -1;

	if (k < 2)
		return -1;
	ca = xcalloc(k, sizeof(*ca));
	cb = xcalloc(k, sizeof(*cb));
	s = xcalloc(k, sizeof(*s));
	if (result_units(a, RESULT_SESSION_EXTRA, ca, k) != k ||
	    result_units(b, RESULT_SESSION_EXTRA, cb, k) != k)
		goto out;
	for (i = 0; i < k; i++) {
		ma = (size_t)ca[i];
		mb = (size_t)cb[i];
		if (at_a + ma > na || at_b + mb > nb)
			goto out;
		m = ma < mb ? ma : mb;
		if (m >= 2 && ratio_paired_strata(ua + at_a, ub + at_b, m,
		    nvar, &s[ns]) == 0)
			ns++;
		at_a += ma;
		at_b += mb;
	}
	rc = ns >= 2 ? ratio_sessions(s, ns, ci) : -1;
out:
	free(s);
	free(cb);
	free(ca);
	return rc;
}

/*
 * The interval of one cell against its baseline: pairs when both columns
 * are builds of one paired session and both rows carry their processes
 * (sessions, when both columns pool the same paired sessions), else
 * runs, when both sides pooled two or more; 0, or -1 when there is
 * nothing to compare.  A side that is one unpaired run cannot show how
 * far a run differs from the next (its processes share the run's
 * moment; the spread between runs has no degree of freedom there):
 * *one_run set, and no interval.
 */
static int
cell_interval(struct cmp_cell *c, const struct result *b,
    const struct cmp_column *col, const struct cmp_column *bcol,
    struct ratio_ci *ci, int *one_run)
{
	const struct result *r = c->r;
	double *ua, *ub;
	size_t na, nb;
	enum cmp_unit unit_a, unit_b;
	int rc;

	*one_run = 0;
	if (col != NULL && bcol != NULL && col->pair_id != NULL &&
	    bcol->pair_id != NULL && strcmp(col->pair_id, bcol->pair_id) == 0) {
		ua = xcalloc(RESULT_UNITS_MAX, sizeof(*ua));
		ub = xcalloc(RESULT_UNITS_MAX, sizeof(*ub));
		na = result_units(b, RESULT_PROC_EXTRA, ua, RESULT_UNITS_MAX);
		nb = result_units(r, RESULT_PROC_EXTRA, ub, RESULT_UNITS_MAX);
		/* CPU kernels: their processes per CPU second, when both
		 * rows have that for every process (the share of the CPU a
		 * process got is the scheduler's, not the build's) */
		if (na > 1 && nb > 1 && result_units(b, RESULT_PROCCPU_EXTRA,
		    ua, RESULT_UNITS_MAX) == na && result_units(r,
		    RESULT_PROCCPU_EXTRA, ub, RESULT_UNITS_MAX) == nb) {
			c->cpu_time = 1;
		} else {
			c->cpu_time = 0;
			(void)result_units(b, RESULT_PROC_EXTRA, ua,
			    RESULT_UNITS_MAX);
			(void)result_units(r, RESULT_PROC_EXTRA, ub,
			    RESULT_UNITS_MAX);
		}
		rc = -1;
		if (col->runs > 1 && col->runs == bcol->runs &&
		    session_interval(b, r, ua, na, ub, nb, col->runs,
		    row_nvariants(b, r), ci) == 0) {
			rc = 0;
			c->unit = CMP_U_SESSION;
		} else if (na > 1 && nb > 1) {
			rc = ratio_paired_strata(ua, ub, na < nb ? na : nb,
			    row_nvariants(b, r), ci);
			c->unit = CMP_U_PAIR;
		}
		free(ua);
		free(ub);
		if (rc == 0)
			return 0;
	}
	na = row_units(b, &ua, &unit_a);
	nb = row_units(r, &ub, &unit_b);
	c->unit = unit_a == CMP_U_RUN && unit_b == CMP_U_RUN ? CMP_U_RUN :
	    CMP_U_PROCESS;
	rc = -1;
	if (c->unit == CMP_U_RUN && na >= 2 && nb >= 2)
		rc = ratio_unpaired(ua, na, ub, nb, 0, ci);
	else
		*one_run = 1;
	free(ua);
	free(ub);
	return rc;
}

/* Ratio, direction, interval and failures of one non-base cell. */
static void
fill_cell(struct cmp_cell *c, const struct cmp_cell *base,
    const struct result *key, const struct cmp_column *col,
    const struct cmp_column *bcol, const struct cmp_opts *o)
{
	const struct result *r = c->r, *b = base->r;
	int base_ok = b != NULL && b->status == ST_OK && !isnan(base->value);
	int one_run;
	struct ratio_ci ci;

	c->ratio = c->speedup = c->p = c->lo = c->hi = c->drift = NAN;
	c->mark = CMP_NONE;
	c->unit = CMP_U_NONE;
	c->cpu_time = 0;
	if (r == NULL)
		return;
	if (base_ok && o->fail_pct >= 0 && is_failure(r->status))
		c->regression = 1;
	if (!base_ok || r->status != ST_OK || isnan(c->value))
		return;
	c->ratio = base->value != 0 ? c->value / base->value : NAN;
	if (cell_interval(c, b, col, bcol, &ci, &one_run) == 0 &&
	    isfinite(ci.ratio)) {
		c->ratio = ci.ratio;
		c->p = ci.p;
		c->n = ci.n;
		c->lo = key->better < 0 ? 1 / ci.hi : ci.lo;
		c->hi = key->better < 0 ? 1 / ci.lo : ci.hi;
	}
	c->speedup = key->better < 0 ? 1 / c->ratio : c->ratio;
	c->mark = isnan(c->p) ? CMP_UNKNOWN : CMP_NOISE;
	/*
	 * Pairs met the machine alike, whatever its load: a paired cell's
	 * flags are shown, never a reason to withhold its verdict.  An
	 * unpaired side's figure is off by what disturbed it, and a side
	 * that is one run cannot show the drift between runs at all.
	 */
	if (!CMP_UNIT_PAIRED(c->unit)) {
		if ((c->why = not_comparable(b->flags)) != NULL ||
		    (c->why = not_comparable(r->flags)) != NULL)
			c->mark = CMP_NOTCOMP;
		else if ((b->flags | r->flags) & RF_DRIFTED) {
			c->why = "drifted";
			c->mark = CMP_NOTCOMP;
		} else if (one_run) {
			c->why = CMP_WHY_ONE_RUN;
			c->mark = CMP_NOTCOMP;
		}
	}
	/* an emulator's timings are not the board's: none against native */
	if ((b->flags ^ r->flags) & RF_EMULATED) {
		c->why = "emulated";
		c->mark = CMP_NOTCOMP;
	}
}

/*
 * Benjamini-Hochberg over column c's tested cells of cases (main rows:
 * a case's derived rows are the same hypothesis, not more of them), then
 * each cell's verdict and regression; a derived row is called different
 * when its case is and its own interval excludes 1, and is CMP_BY_CASE
 * when only its own interval does (not tested on its own: no "~" that
 * would say no difference was seen).
 */
static void
column_verdicts(struct cmp_table *t, size_t c, const struct cmp_opts *o)
{
	double *p = xcalloc(t->nrows + 1, sizeof(*p));
	int *keep = xcalloc(t->nrows + 1, sizeof(*keep));
	size_t i;
	double worse;

	for (i = 0; i < t->nrows; i++) {
		const struct cmp_cell *cell = &t->rows[i].cells[c];

		p[i] = cell->mark == CMP_NOISE && t->rows[i].main == i ?
		    cell->p : NAN;
	}
	ratio_bh(p, t->nrows, o->alpha, keep);
	for (i = 0; i < t->nrows; i++) {
		struct cmp_cell *cell = &t->rows[i].cells[c];
		const struct result *key = t->rows[i].key;
		size_t m = t->rows[i].main;

		/* one run a side has no interval: the gate reads the ratio
		 * itself, as a gate of single figures must */
		if (cell->mark == CMP_NOTCOMP && cell->why != NULL &&
		    strcmp(cell->why, CMP_WHY_ONE_RUN) == 0 &&
		    o->fail_pct >= 0 && key->better != 0 &&
		    (1 - cell->speedup) * 100 > o->fail_pct)
			cell->regression = 1;
		if (cell->mark != CMP_NOISE)
			continue;
		if ((cell->lo > 1 || cell->hi < 1) && keep[m] &&
		    (t->rows[m].cells[c].lo > 1 || t->rows[m].cells[c].hi < 1))
			cell->mark = CMP_SIGNIFICANT;
		else if ((cell->lo > 1 || cell->hi < 1) && m != i)
			cell->mark = CMP_BY_CASE;	/* not "no difference" */
		if (o->fail_pct < 0 || cell->mark != CMP_SIGNIFICANT ||
		    key->better == 0)
			continue;
		/* the least it is worse by: the interval's better end */
		worse = 1 - cell->hi;
		if (worse * 100 > o->fail_pct)
			cell->regression = 1;
	}
	free(p);
	free(keep);
}

/* A case OK in the baseline that this column did not measure. */
static int
is_missing(const struct result *base, const struct result *r)
{
	return base != NULL && base->status == ST_OK && (r == NULL ||
	    r->status == ST_SKIPPED || r->status == ST_INTERRUPTED);
}

/*
 * find_mains: each row's case row.  A row `<case>/<name>` follows the row
 * of `<case>` with the same bench, params and copies (the longest such
 * case name when several match); every other row is its own.
 */
static void
find_mains(struct cmp_table *t)
{
	size_t i, j, best, bestlen, len;

	for (i = 0; i < t->nrows; i++) {
		const struct result *k = t->rows[i].key;

		best = i;
		bestlen = 0;
		for (j = 0; j < t->nrows; j++) {
			const struct result *m = t->rows[j].key;

			len = strlen(m->case_name);
			if (j == i || len <= bestlen ||
			    strncmp(k->case_name, m->case_name, len) != 0 ||
			    k->case_name[len] != '/' ||
			    strcmp(k->bench, m->bench) != 0 ||
			    strcmp(k->params, m->params) != 0 ||
			    k->copies != m->copies)
				continue;
			best = j;
			bestlen = len;
		}
		t->rows[i].main = best;
	}
	/* a chain a/b/c follows a, the measured case */
	for (i = 0; i < t->nrows; i++)
		while (t->rows[t->rows[i].main].main != t->rows[i].main)
			t->rows[i].main = t->rows[t->rows[i].main].main;
}

/*
 * The table's rows: every column's case rows (not per-copy rows) matched
 * by key, one row per key (a column's later duplicate wins), in the order
 * the cases first appeared, the baseline's first.
 */
static void
match_rows(struct cmp_table *t, const struct cmp_column *cols, size_t ncols,
    size_t base)
{
	struct entry *e;
	struct cmp_row *row;
	size_t ne = 0, i, j, k, c;
	size_t *first;

	for (c = 0; c < ncols; c++)
		ne += cols[c].n;
	e = xcalloc(ne + 1, sizeof(*e));
	ne = 0;
	for (c = 0; c < ncols; c++)
		for (i = 0; i < cols[c].n; i++) {
			if (cols[c].rows[i].copy != 0)
				continue;	/* a per-copy row */
			e[ne].r = &cols[c].rows[i];
			e[ne].col = c;
			e[ne++].idx = i;
		}
	qsort(e, ne, sizeof(*e), entry_cmp);

	/* one row per run of equal keys; a column's later duplicate wins */
	t->rows = xcalloc(ne + 1, sizeof(*t->rows));
	first = xcalloc(ne + 1, sizeof(*first));
	for (i = 0; i < ne; i = j) {
		for (j = i + 1; j < ne && key_cmp(e[i].r, e[j].r) == 0; j++)
			;
		row = &t->rows[t->nrows];
		row->key = e[i].r;
		row->cells = xcalloc(ncols, sizeof(*row->cells));
		/* the baseline's rows lead, then the columns in order */
		first[t->nrows] = (size_t)-1;
		for (k = i; k < j; k++) {
			size_t rank = (e[k].col == base ? 0 : e[k].col + 1) *
			    (ne + 1) + e[k].idx;

			row->cells[e[k].col].r = e[k].r;
			if (rank < first[t->nrows])
				first[t->nrows] = rank;
		}
		t->nrows++;
	}
	free(e);

	/* back to the order in which the cases first appeared */
	for (i = 1; i < t->nrows; i++) {
		struct cmp_row tmp = t->rows[i];
		size_t f = first[i];

		for (k = i; k > 0 && first[k - 1] > f; k--) {
			t->rows[k] = t->rows[k - 1];
			first[k] = first[k - 1];
		}
		t->rows[k] = tmp;
		first[k] = f;
	}
	free(first);

}

/* Each row's cells: values, ratios and intervals against the baseline. */
static void
fill_cells(struct cmp_table *t, const struct cmp_column *cols, size_t ncols,
    size_t base, const struct cmp_opts *o)
{
	struct cmp_row *row;
	size_t i, c;

	for (i = 0; i < t->nrows; i++) {
		row = &t->rows[i];
		for (c = 0; c < ncols; c++) {
			struct cmp_cell *cell = &row->cells[c];

			cell->value = cell->r != NULL &&
			    cell->r->status == ST_OK ? cell->r->st.median : NAN;
			if (cell->r != NULL && row->cells[base].r != NULL)
				t->common[c]++;
		}
		for (c = 0; c < ncols; c++) {
			struct cmp_cell *cell = &row->cells[c];

			if (c == base) {
				cell->ratio = cell->speedup =
				    isnan(cell->value) ? NAN : 1;
				cell->p = NAN;
				cell->mark = cell->r != NULL ? CMP_BASE :
				    CMP_NONE;
				continue;
			}
			fill_cell(cell, &row->cells[base], row->key,
			    &cols[c], &cols[base], o);
			if (cell->unit == CMP_U_PAIR)
				t->paired = 1;
			if (cell->unit == CMP_U_SESSION)
				t->sessions = 1;
			if (!isnan(cell->drift) && (isnan(t->drift) ||
			    cell->drift > t->drift))
				t->drift = cell->drift;
		}
	}
}

/* The tallies over the cases' cells; derived rows follow their case. */
static void
count_cells(struct cmp_table *t, size_t ncols, size_t base,
    const struct cmp_opts *o)
{
	struct cmp_row *row;
	size_t i, c;

	/* each case's cell counts once */
	for (i = 0; i < t->nrows; i++) {
		row = &t->rows[i];
		for (c = 0; c < ncols; c++) {
			struct cmp_cell *cell = &row->cells[c];

			if (c == base)
				continue;
			if (row->main != i) {
				cell->regression =
				    t->rows[row->main].cells[c].regression;
				continue;
			}
			if (!isnan(cell->p) && cell->mark != CMP_NOTCOMP) {
				t->ntested++;
				if (cell->mark == CMP_SIGNIFICANT)
					t->ndifferent++;
			}
			if (cell->mark == CMP_NOTCOMP)
				t->nnotcomp++;
			else if (CMP_UNIT_PAIRED(cell->unit) &&
			    ((cell->r->flags | row->cells[base].r->flags) &
			    RF_DRIFTED))
				t->ndrifted++;
			if (is_missing(row->cells[base].r, cell->r)) {
				cell->missing = 1;
				t->nmissing++;
				if (o->fail_pct >= 0 && !o->allow_missing)
					cell->regression = 1;
			}
			if (cell->regression)
				t->nregressions++;
		}
	}
}

void
cmp_build(struct cmp_table *t, const struct cmp_column *cols, size_t ncols,
    size_t base, const struct cmp_opts *o)
{
	size_t c;

	memset(t, 0, sizeof(*t));
	t->ncols = ncols;
	t->base = base;
	t->drift = NAN;
	match_params = !o->ignore_params;
	t->common = xcalloc(ncols, sizeof(*t->common));
	match_rows(t, cols, ncols, base);
	find_mains(t);
	fill_cells(t, cols, ncols, base, o);
	for (c = 0; c < ncols; c++)
		if (c != base)
			column_verdicts(t, c, o);
	count_cells(t, ncols, base, o);
	match_params = 1;
}

void
cmp_release(struct cmp_table *t)
{
	size_t i;

	for (i = 0; i < t->nrows; i++)
		free(t->rows[i].cells);
	free(t->rows);
	free(t->common);
	memset(t, 0, sizeof(*t));
}

/*
 * The extras PREFIX0 ... of the OK rows e[0..n-1] one after another into
 * v (RESULT_UNITS_MAX at most), and how many each gave into per[i];
 * returns how many in all.
 */
static size_t
gather_units(const struct entry *e, size_t n, const char *prefix,
    double *v, double *per)
{
	size_t i, at = 0, got;

	for (i = 0; i < n; i++) {
		got = 0;
		if (e[i].r->status == ST_OK && at < RESULT_UNITS_MAX)
			got = result_units(e[i].r, prefix, v + at,
			    RESULT_UNITS_MAX - at);
		at += got;
		per[i] = (double)got;
	}
	return at;
}

/*
 * The pooled row d's process medians: those of its OK rows e[0..n-1], in
 * the order of their runs, numbered on (proc:0 ... of the first run, then
 * the second's ...), and how many came from each run (session:K, 0 for a
 * row not OK), so that pooled paired sessions pair up session by
 * session; and their medians per CPU second (proc-cpu:K) when every run
 * gave one for each of its processes, none otherwise.
 */
static void
pool_procs(struct result *d, const struct entry *e, size_t n)
{
	double *v = xcalloc(RESULT_UNITS_MAX, sizeof(*v)), *per, *perc;
	size_t at;

	per = xcalloc(n + 1, sizeof(*per));
	perc = xcalloc(n + 1, sizeof(*perc));
	at = gather_units(e, n, RESULT_PROC_EXTRA, v, per);
	result_set_units(d, RESULT_PROC_EXTRA, v, at);
	result_set_units(d, RESULT_SESSION_EXTRA, per, n);
	/* per CPU second: only when every run has it for each process (d
	 * began as a copy of the first run's row: none of its own kept) */
	if (gather_units(e, n, RESULT_PROCCPU_EXTRA, v, perc) != at ||
	    memcmp(per, perc, n * sizeof(*per)) != 0)
		at = 0;
	result_set_units(d, RESULT_PROCCPU_EXTRA, v, at);
	free(perc);
	free(per);
	free(v);
}

/*
 * A pooled row in code placements (every OK row of e[0..n-1] gave the
 * same two or more variant:K): each placement's figure is the geometric
 * mean of the runs' figures for it, and the row's figure the geometric
 * mean of those, as a run's own is (the expectation over layouts; the
 * pooled samples' median is a speed no placement runs at); its slowest
 * and fastest placement from the same.  0, or -1 (d untouched) when the
 * rows are not in placements alike.
 */
static int
pool_variants(struct result *d, const struct entry *e, size_t n)
{
	double v[CMP_VARIANTS_MAX], lsum[CMP_VARIANTS_MAX] = { 0 };
	size_t nv = 0, m, i, k, runs = 0;

	for (i = 0; i < n; i++) {
		const struct result *r = e[i].r;

		if (r->status != ST_OK)
			continue;
		m = result_units(r, RESULT_VARIANT_EXTRA, v, ARRAY_SIZE(v));
		if (m < 2 || (runs > 0 && m != nv))
			return -1;
		for (k = 0; k < m; k++) {
			if (!(v[k] > 0) || !isfinite(v[k]))
				return -1;
			lsum[k] += log(v[k]);
		}
		nv = m;
		runs++;
	}
	if (runs < 2)
		return -1;
	for (k = 0; k < nv; k++)
		v[k] = exp(lsum[k] / (double)runs);
	/* the prefix's units first: they drop variant:slowest and :fastest */
	result_set_units(d, RESULT_VARIANT_EXTRA, v, nv);
	result_set_variant_range(d, v, nv);
	d->st.median = stats_geomean(v, nv);
	return 0;
}

void
cmp_pool(const struct result *const *runs, const size_t *nrows,
    size_t nruns, struct result **out, size_t *nout)
{
	struct result *o = NULL, *d;
	struct entry *e;
	size_t ne = 0, i, j, k, no = 0, ns, *first;

	for (i = 0; i < nruns; i++)
		ne += nrows[i];
	e = xcalloc(ne + 1, sizeof(*e));
	ne = 0;
	for (i = 0; i < nruns; i++)
		for (j = 0; j < nrows[i]; j++)
			if (runs[i][j].copy == 0) {
				e[ne].r = &runs[i][j];
				e[ne].col = i;
				e[ne++].idx = j;
			}
	qsort(e, ne, sizeof(*e), entry_cmp);
	o = xcalloc(ne + 1, sizeof(*o));
	first = xcalloc(ne + 1, sizeof(*first));
	for (i = 0; i < ne; i = j) {
		const struct result *fail = NULL, *ok = NULL, *other = NULL;
		double *meds;
		size_t nmed = 0;

		for (j = i + 1; j < ne && key_cmp(e[i].r, e[j].r) == 0; j++)
			;
		ns = 0;
		for (k = i; k < j; k++) {
			const struct result *r = e[k].r;

			if (is_failure(r->status) && fail == NULL)
				fail = r;
			else if (r->status == ST_OK) {
				ok = r;
				ns += r->nsamples;
			} else
				other = r;
		}
		d = &o[no];
		first[no++] = e[i].col * (ne + 1) + e[i].idx;
		if (fail != NULL || ok == NULL) {
			result_copy(d, fail != NULL ? fail : other);
			continue;
		}
		result_copy(d, ok);
		free(d->samples);
		d->samples = xcalloc(ns + 1, sizeof(*d->samples));
		d->nsamples = 0;
		meds = xcalloc(j - i, sizeof(*meds));
		for (k = i; k < j; k++) {
			const struct result *r = e[k].r;

			if (r->status != ST_OK)
				continue;
			memcpy(d->samples + d->nsamples, r->samples,
			    r->nsamples * sizeof(*r->samples));
			d->nsamples += r->nsamples;
			meds[nmed++] = r->st.median;
		}
		/* the unit of a pooled comparison: each run's median */
		if (nmed > 1) {
			result_set_units(d, RESULT_RUN_EXTRA, meds, nmed);
			pool_procs(d, e + i, j - i);
		}
		if (d->nsamples > 0) {
			stats_compute(&d->st, d->samples, d->nsamples);
		} else {
			/* rows without raw samples: the median of medians */
			d->st.median = stats_median(meds, nmed);
		}
		/* after the samples' statistics: in placements, the figure
		 * is theirs */
		if (nmed > 1)
			(void)pool_variants(d, e + i, j - i);
		free(meds);
	}
	free(e);
	/* keep the order of first appearance */
	for (i = 1; i < no; i++) {
		struct result tmp = o[i];
		size_t f = first[i];

		for (k = i; k > 0 && first[k - 1] > f; k--) {
			o[k] = o[k - 1];
			first[k] = first[k - 1];
		}
		o[k] = tmp;
		first[k] = f;
	}
	free(first);
	*out = o;
	*nout = no;
}
