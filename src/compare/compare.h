/*
 * compare.h - the maths of `boardbench compare` (doc/DESIGN.md section 4):
 * cases matched across build flag sets, the ratio to a baseline with its
 * 95 % interval from the right unit (src/compare/ratio.h: the pairs of a paired
 * run, else pooled runs; one unpaired run a side has no interval), the
 * direction taken from each row's `better`, and
 * the verdicts, with Benjamini-Hochberg over the cases.  Nothing here
 * prints; the compare formatters (fmt-compare-*.c) do.
 */
#ifndef BOARDBENCH_COMPARE_H
#define BOARDBENCH_COMPARE_H

#include <stddef.h>
#include <jansson.h>
#include "result.h"

#define CMP_ALPHA_DEFAULT	0.05
/* Why an unpaired cell of one run a side has no verdict. */
#define CMP_WHY_ONE_RUN	"1 run/side"

struct cmp_opts {
	double alpha;		/* level of the noise test, e.g. 0.05 */
	double fail_pct;	/* --fail-on-regression PCT; < 0: not asked */
	int allow_missing;	/* --allow-missing: a missing case passes */
	int ignore_params;	/* --ignore-params: match cases without
				 * their parameters */
};

/* What a cell says about its difference to the baseline. */
enum cmp_mark {
	CMP_NONE = 0,		/* no ratio: case absent or not OK */
	CMP_BASE,		/* the baseline column itself */
	CMP_SIGNIFICANT,	/* a difference: the interval excludes 1 and
				 * Benjamini-Hochberg keeps it */
	CMP_NOISE,		/* no difference shown: within the interval */
	CMP_UNKNOWN,		/* no interval: too few units */
	CMP_NOTCOMP,		/* no verdict: a side is flagged (why) */
	CMP_BY_CASE		/* a derived row whose own interval excludes
				 * 1 under a case not called different: the
				 * case's verdict holds, no "~" */
};

/* How a cell's interval was made (src/compare/ratio.h). */
enum cmp_unit {
	CMP_U_NONE = 0,
	CMP_U_PAIR,		/* pairs of one paired session */
	CMP_U_PROCESS,		/* process medians */
	CMP_U_RUN,		/* run medians (pooled runs) */
	CMP_U_SESSION		/* paired sessions pooled: each one's ratio */
};
/* A unit of paired builds: pairs, or pooled paired sessions. */
#define CMP_UNIT_PAIRED(u)	((u) == CMP_U_PAIR || (u) == CMP_U_SESSION)

struct cmp_cell {
	const struct result *r;	/* this column's row; NULL when absent */
	double value;		/* its median; NAN when absent or not OK */
	double ratio;		/* value / baseline value */
	double speedup;		/* direction-aware ratio: above 1 is better */
	double lo, hi;		/* speedup's 95 % interval; NAN: none */
	double p;		/* two-sided p; NAN untested */
	enum cmp_unit unit;
	int cpu_time;		/* paired, from processes per CPU second */
	size_t n;		/* pairs, or units on the smaller side */
	double drift;		/* the drift between runs (per cent) it was
				 * widened by; NAN: not widened */
	const char *why;	/* CMP_NOTCOMP: "busy", "preempted",
				 * "throttled", "drifted", "emulated" */
	enum cmp_mark mark;
	int regression;		/* see cmp_build */
	int missing;		/* OK in the baseline; absent, SKIPPED or
				 * INTERRUPTED here (main rows only) */
};

struct cmp_row {
	const struct result *key;	/* bench, case, params, unit, better */
	struct cmp_cell *cells;		/* one per column */
	size_t main;		/* a derived or phase row `<case>/<name>`:
				 * the index of its case's row; else its own */
};

struct cmp_table {
	size_t ncols, base, nrows;
	struct cmp_row *rows;		/* in order of first appearance */
	size_t *common;		/* per column: cases it shares with the base */
	size_t nregressions;	/* cells of measured cases (main rows) */
	size_t nmissing;	/* main-row cells with missing set */
	size_t ntested;		/* main-row cells with a p */
	size_t ndifferent;	/* ... of them CMP_SIGNIFICANT */
	size_t nnotcomp;	/* main-row cells CMP_NOTCOMP */
	size_t ndrifted;	/* paired main-row cells with a side drifted */
	double drift;		/* largest drift between runs used (floor or
				 * process spread), per cent; NAN */
	int paired;		/* some cell used pairs */
	int sessions;		/* some cell used pooled paired sessions */
};

/* The rows of one column (one run, or several pooled by cmp_pool). */
struct cmp_column {
	const struct result *rows;
	size_t n;
	/*
	 * The paired session its run belongs to (NULL: none).  runs: how
	 * many runs were pooled into it (0 or 1: one).
	 */
	const char *pair_id;
	size_t runs;
};

/*
 * cmp_build: one table row per case (bench, case, params, copies; only
 * the aggregate row of several copies) present in any column.  Each
 * cell's interval: two columns of one paired session compare pair by
 * pair (the extras proc:K; by placement, ratio_paired_strata(), where
 * the rows carry variant:K); pooled runs by their run medians (run:K,
 * two or more a side); one unpaired run a side has the ratio alone, no
 * interval, and no verdict (CMP_NOTCOMP, why CMP_WHY_ONE_RUN).  A
 * paired cell keeps its verdict whatever its sides' flags (the pairs met
 * the machine alike; a drifted one counts in ndrifted); an unpaired cell
 * flagged busy, preempted, throttled or drifted on either side is
 * CMP_NOTCOMP, and so is any cell whose one side is flagged emulated and
 * the other not.  The p-values of each column's cases (main rows) are
 * put through Benjamini-Hochberg at opts->alpha; a case's cell is
 * CMP_SIGNIFICANT when it is kept and its interval excludes 1, and a
 * derived row's when its case's is and its own interval excludes 1.
 * A cell is a regression when opts->fail_pct >= 0, the baseline is OK and
 * the cell is either FAILED, BADRESULT, CRASHED or TIMEOUT, or
 * CMP_SIGNIFICANT with its whole interval worse than the baseline by more
 * than fail_pct percent (a rate lower by that share, a time higher), or
 * one run a side whose ratio itself is worse by more than that.  A case OK in the baseline
 * and absent, SKIPPED or INTERRUPTED in a column is `missing` there, and
 * a regression too unless opts->allow_missing.  A row `<case>/<name>`
 * (a derived figure or a phase) of a case with the same bench, params and
 * copies follows its case: its regression mark is the case's, and only
 * the cases' cells are counted in nregressions, so a slower case counts
 * once however many figures are derived from it.  The table points into
 * the columns' rows, which must outlive it.
 */
void cmp_build(struct cmp_table *, const struct cmp_column *cols,
    size_t ncols, size_t base, const struct cmp_opts *);
void cmp_release(struct cmp_table *);

/*
 * Two-sided p-value of the Mann-Whitney U (Wilcoxon rank-sum) test of a
 * against b; NAN values are left out.  Exact (the U distribution counted
 * with Gaussian binomial coefficients) when there are no ties and at most
 * 50 values, else the normal approximation with tie and continuity
 * correction.  NAN when either side is empty.
 */
double cmp_mann_whitney(const double *a, size_t na, const double *b,
    size_t nb);

/*
 * cmp_pool: merge the rows of several runs of one build flag set into
 * one row per case (aggregate rows only), the raw samples of its OK rows
 * concatenated and the statistics recomputed, each run's median kept as
 * the extra run:K (the units of the comparison).  A case that FAILED, gave a
 * BADRESULT, CRASHED or timed out in any run keeps that status; SKIPPED
 * and INTERRUPTED rows count only when no run has it OK.  *out is owned
 * (result_release each row, then free).
 */
void cmp_pool(const struct result *const *runs, const size_t *nrows,
    size_t nruns, struct result **out, size_t *nout);

/* One build or system field whose value differs between columns. */
struct cmp_diff {
	char *key;		/* dotted path: "cflags", "libraries.openssl" */
	char **values;		/* one per column, "-" when missing (owned) */
};
/*
 * cmp_differences: the leaves of the objects (NULL: treated as empty)
 * whose values are not all equal, in the first object's key order, then
 * keys only later objects have.  Returns the count; *out is owned.
 */
size_t cmp_differences(json_t *const *objs, size_t n,
    struct cmp_diff **out);
/*
 * cmp_differences_rank: reorder d (stable) so that the keys named in
 * first (a NULL-ended list, in its order) come first, then the others,
 * then those named in last (NULL-ended; may be NULL).  A name ending in
 * '.' stands for every key under it ("macros.").  Returns how many of d
 * are named in first.
 */
size_t cmp_differences_rank(struct cmp_diff *d, size_t nd,
    const char *const *first, const char *const *last);
void cmp_differences_free(struct cmp_diff *, size_t count, size_t n);

#endif
