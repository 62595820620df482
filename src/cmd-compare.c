/*
 * cmd-compare.c - `boardbench compare A B [C...]`: build flag sets side by
 * side.  Each input (a run id, uuid, tag or exported JSON file) becomes a
 * column; each case a row; each cell the ratio of its median to the
 * baseline's, direction-aware, with a noise mark from a Mann-Whitney U
 * test on the raw samples (compare.c).  Optionally a bar chart drawn by
 * gnuplot, run with an argument vector and fed its script on a pipe.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmd.h"
#include "compare.h"
#include "export.h"
#include "fmt.h"
#include "registry.h"
#include "result.h"
#include "runspec.h"
#include "spawn.h"
#include "store.h"
#include "sysinfo-show.h"
#include "util.h"

static const char compare_usage[] =
"usage: boardbench compare [OPTIONS] A B [C...]\n"
"       boardbench compare [OPTIONS] FILE\n"
"\n"
"Compares build flag sets side by side: one column per input, one row per\n"
"case, each cell the ratio to the baseline with its 95 % interval,\n"
"turned so that above 1 is better (rates: value / baseline; times:\n"
"baseline / value).  The unit of the statistics is never a raw sample:\n"
"runs of one paired session (run --against) compare pair by pair (Yuen's\n"
"20 % trimmed mean of the pairs' log ratios and its t interval, so that a\n"
"pair a slow spell hit on one side moves it little); others compare the\n"
"medians of their measuring processes (of their runs with --pool) with\n"
"Welch's t interval, widened by the larger noise floor the two runs\n"
"recorded (5 % when unknown) when a side is a single run, since one run\n"
"cannot show the drift between runs.  A cell marked ~ shows no\n"
"difference: its interval holds 1, or Benjamini-Hochberg at the --alpha\n"
"level (over each column's cases) does not keep it; ? has too few units\n"
"for an interval; n/c is not comparable: a side is flagged busy,\n"
"preempted or throttled, or is emulated and the other not, and gets no\n"
"verdict.  Above the table: how many cases were compared, how many\n"
"called different and how many chance alone would give, and the\n"
"machines' drift.\n"
"Above the table, the fields in which the builds and systems differ: the\n"
"compiler and its version, CFLAGS, float ABI, FPU, NEON and architecture\n"
"first and in full, then up to three others (long ones shortened) and how\n"
"many more --verbose shows.  Text fits $COLUMNS, else the terminal's\n"
"width, else 80 columns; a case name longer than its column is on a line\n"
"of its own, and when the columns do not fit beside the names each case's\n"
"cells are on the line under its name.\n"
"\n"
"A, B ... are run ids, run uuids, 'last', tags (the latest run with the tag;\n"
"tag:T forces the tag meaning) or files written by 'boardbench export' or\n"
"'run --format json' (each run in a file is a column, so one FILE of several\n"
"runs, such as a whole store's export, is enough).\n"
"\n"
"  --baseline X            the column the others are divided by (default the\n"
"                          first); X is one of the inputs, or another input\n"
"                          that is then added as the first column\n"
"  --pool                  a tag stands for every complete run with it (sweep\n"
"                          rounds): their raw samples are pooled; runs not\n"
"                          complete are left out and named above the table\n"
"  --alpha P               the false discovery rate of the verdicts (default\n"
"                          0.05); the intervals stay 95 %\n"
"  --ignore-params         match cases by benchmark and case name alone (runs\n"
"                          measured with other parameters, such as a paired\n"
"                          run's -p B:NAME.PARAM=VALUE)\n"
"  --fail-on-regression PCT  exit 3 when a case is worse than the baseline by\n"
"                          more than PCT percent (5 or 5%) over its whole\n"
"                          interval (and called different),\n"
"                          failed where the baseline did not, or is missing,\n"
"                          SKIPPED or INTERRUPTED where the baseline has it\n"
"                          OK; counted once per measured case (derived rows\n"
"                          <case>/<name> follow their case)\n"
"  --allow-missing         with --fail-on-regression: a missing or SKIPPED\n"
"                          case is reported but is not a regression\n"
"  --plot FILE             also draw the ratios as bar charts with gnuplot:\n"
"                          FILE.svg, FILE.png or FILE.pdf; one chart per\n"
"                          benchmark group (at most 48 bars each, a big group\n"
"                          in parts): pages of one PDF, or FILE-2.svg ...;\n"
"                          a case with no ratio gets no slot; bars within\n"
"                          the noise are hatched; the 95 % intervals are\n"
"                          error bars\n"
"  --log                   with --plot: a logarithmic ratio axis, bars from\n"
"                          1 (for ratios that span 10x or more)\n"
"  --format F              text | csv | tsv | json (default text)\n"
"  -v, --verbose           text: every build and system field that differs,\n"
"                          each value in full\n"
"  --db FILE               results store (default\n"
"                          $XDG_DATA_HOME/boardbench/results.db)\n"
"  -h, --help              this text\n"
"\n"
"Exit status: 0 compared, 2 bad input (unknown run or tag, no case in\n"
"common, a file that is not a boardbench export, no gnuplot for --plot,\n"
"a --plot extension other than .svg, .png or .pdf),\n"
"3 a regression with --fail-on-regression.\n";

enum {
	O_BASELINE = 256, O_POOL, O_ALPHA, O_FAIL, O_PLOT, O_FORMAT, O_DB,
	O_ALLOW_MISSING, O_LOG, O_IGNORE_PARAMS
};

/* One column: one run, or the pooled runs of one tag. */
struct column {
	char name[64];		/* header: the tag, else "run N" or the file */
	char source[160];	/* where it came from, for the legend */
	struct run_info ri;	/* the latest run: tag, build, system */
	char **uuids;
	int64_t *ids;		/* 0 for runs read from a file */
	size_t nruns;
	struct result *rows;
	size_t nrows;
	json_t *build, *system;
	char *left_out;		/* pooled: runs not complete, left out */
	char *pair_key;		/* every run paired: their sessions' ids */
};

struct columns {
	struct column *v;
	size_t n;
};

static void column_free(struct column *);
static struct column *column_new(struct columns *);
static void column_take(struct column *, struct spec_run *,
    const size_t *pick, size_t m, size_t named);
static int add_store_run(struct columns *, struct store *, const char *,
    struct spec_runs *, int pool);
static int add_file_runs(struct columns *, const char *, struct spec_runs *,
    int pool);
static void unique_names(struct columns *);
static void print_text(FILE *, const struct columns *,
    const struct cmp_table *, const struct cmp_opts *, int width,
    int verbose);
static void print_sep(FILE *, const struct columns *,
    const struct cmp_table *, char sep);
static void print_json(FILE *, const struct columns *,
    const struct cmp_table *, const struct cmp_opts *);
static int plot(const char *path, const struct columns *,
    const struct cmp_table *);

static void
column_free(struct column *c)
{
	size_t i;

	run_info_release(&c->ri);
	for (i = 0; i < c->nruns; i++)
		free(c->uuids[i]);
	free(c->uuids);
	free(c->ids);
	for (i = 0; i < c->nrows; i++)
		result_release(&c->rows[i]);
	free(c->rows);
	json_decref(c->build);
	json_decref(c->system);
	free(c->left_out);
	free(c->pair_key);
}

static struct column *
column_new(struct columns *cs)
{
	return XAPPEND(cs->v, cs->n);
}

/*
 * column_take: the column's runs are v[pick[0..m)]: their uuids and ids
 * are recorded and their rows taken over (several runs are pooled into
 * one set of rows).  v[pick[named]]'s identity becomes c->ri (taken over;
 * SIZE_MAX: the caller has set c->ri); build and system come from c->ri.
 */
static void
column_take(struct column *c, struct spec_run *v, const size_t *pick,
    size_t m, size_t named)
{
	struct result **rows = xcalloc(m, sizeof(*rows));
	size_t *nrows = xcalloc(m, sizeof(*nrows));
	size_t k;

	c->uuids = xcalloc(m, sizeof(*c->uuids));
	c->ids = xcalloc(m, sizeof(*c->ids));
	c->nruns = m;
	for (k = 0; k < m; k++) {
		struct spec_run *r = &v[pick[k]];

		c->uuids[k] = xstrdup(r->ri.uuid);
		c->ids[k] = r->id;
		rows[k] = r->rows;
		nrows[k] = r->n;
		r->rows = NULL;
		r->n = 0;
	}
	if (named != SIZE_MAX) {
		run_info_release(&c->ri);
		c->ri = v[pick[named]].ri;
		memset(&v[pick[named]].ri, 0, sizeof(v[pick[named]].ri));
	}
	if (m == 1) {
		c->rows = rows[0];
		c->nrows = nrows[0];
	} else {
		cmp_pool((const struct result *const *)rows, nrows, m,
		    &c->rows, &c->nrows);
		for (k = 0; k < m; k++)
			result_free_rows(rows[k], nrows[k]);
	}
	free(rows);
	free(nrows);
	c->build = c->ri.build_json ? json_incref(c->ri.build_json) : NULL;
	c->system = c->ri.system_json ? json_incref(c->ri.system_json) : NULL;
}

/*
 * pool_complete_only: of the runs ids[0..*n) pooled under one tag, keep
 * the complete ones (in order) and name the others in c->left_out, e.g.
 * "run 7 (interrupted), run 9 (running)".  When none is complete the
 * latest run stays, as without --pool, and is named too.
 */
static int
pool_complete_only(struct store *st, const char *spec, struct column *c,
    int64_t *ids, size_t *n)
{
	struct strbuf sb;
	size_t i, k = 0;
	int64_t last = ids[*n - 1];

	strbuf_init(&sb);
	for (i = 0; i < *n; i++) {
		struct run_info ri;

		memset(&ri, 0, sizeof(ri));
		if (store_run_get(st, ids[i], &ri) != 0) {
			strbuf_release(&sb);
			return -1;
		}
		if (strcmp(ri.status, "complete") == 0)
			ids[k++] = ids[i];
		else {
			warning("%s: run %lld is %s: left out of the pool",
			    spec, (long long)ids[i], ri.status);
			strbuf_addf(&sb, "%srun %lld (%s)", sb.len ? ", " : "",
			    (long long)ids[i], ri.status);
		}
		run_info_release(&ri);
	}
	if (k == 0) {
		ids[k++] = last;
		strbuf_addf(&sb, "; no complete run: the latest is used");
	}
	*n = k;
	if (sb.len > 0)
		c->left_out = strbuf_detach(&sb);
	else
		strbuf_release(&sb);
	return 0;
}

/*
 * partial_run: a single run that is not complete (interrupted, killed,
 * incomplete) is used, with a warning that its results are partial.
 */
static int
partial_run(struct store *st, const char *spec, int64_t *ids,
    size_t *nids)
{
	struct run_info ri;

	memset(&ri, 0, sizeof(ri));
	if (*nids != 1 || store_run_get(st, ids[0], &ri) != 0) {
		run_info_release(&ri);
		return *nids == 1 ? -1 : 0;
	}
	if (strcmp(ri.status, "complete") != 0)
		warning("%s: run %lld is %s: its results are partial", spec,
		    (long long)ids[0], ri.status);
	run_info_release(&ri);
	return 0;
}

/*
 * add_store_run: the run a store spec named (one->v[0]) as one column.
 * With pool, a spec that names a tag takes every complete run with that
 * tag (the others are named in the column's left_out).
 */
static int
add_store_run(struct columns *cs, struct store *st, const char *spec,
    struct spec_runs *one, int pool)
{
	struct spec_runs more = { NULL, 0 };
	struct column *c;
	struct strbuf sb, pk;
	int64_t *ids = xcalloc(1, sizeof(*ids));
	size_t nids = 1, i, *pick;
	const char *tag = strncmp(spec, "tag:", 4) == 0 ? spec + 4 : spec;
	const char *rtag = one->v[0].ri.tag;
	int allp = 1, pooled = 0;

	ids[0] = one->v[0].id;
	c = column_new(cs);
	if (pool && rtag[0] != '\0' && strcmp(tag, rtag) == 0) {
		free(ids);
		ids = NULL;
		if (store_run_ids(st, rtag, &ids, &nids) != 0)
			return -1;
		pooled = 1;
	}
	if ((nids > 1 && pool_complete_only(st, spec, c, ids, &nids) != 0) ||
	    (nids == 1 && partial_run(st, spec, ids, &nids) != 0) ||
	    (pooled && runspec_load_ids(st, ids, nids, &more) != 0)) {
		free(ids);
		spec_runs_release(&more);
		return -1;
	}
	strbuf_init(&sb);
	strbuf_init(&pk);
	strbuf_addf(&sb, nids > 1 ? "runs" : "run");
	for (i = 0; i < nids; i++) {
		const struct system_info *si = pooled ? more.v[i].ri.system :
		    one->v[0].ri.system;

		strbuf_addf(&sb, "%s%lld", i ? "," : " ", (long long)ids[i]);
		/* pooled paired sessions: the same sessions pair up */
		if (si != NULL && si->run.pair_id != NULL)
			strbuf_addf(&pk, "%s%s", i ? "," : "", si->run.pair_id);
		else
			allp = 0;
	}
	c->pair_key = allp && nids > 1 ? strbuf_detach(&pk) : NULL;
	strbuf_release(&pk);
	pick = xcalloc(nids, sizeof(*pick));
	for (i = 0; i < nids; i++)
		pick[i] = i;
	/* the column is named by the run the spec resolved to */
	if (pooled) {
		c->ri = one->v[0].ri;
		memset(&one->v[0].ri, 0, sizeof(one->v[0].ri));
		column_take(c, more.v, pick, nids, SIZE_MAX);
	} else {
		column_take(c, one->v, pick, nids, 0);
	}
	if (c->ri.tag[0] != '\0')
		strlcpy_bb(c->name, c->ri.tag, sizeof(c->name));
	else
		bufprintf(c->name, sizeof(c->name), "run %lld",
		    (long long)ids[0]);
	strlcpy_bb(c->source, sb.buf, sizeof(c->source));
	strbuf_release(&sb);
	free(pick);
	free(ids);
	spec_runs_release(&more);
	return 0;
}

/*
 * add_file_runs: every run of an exported file (rs) is a column; with
 * pool, runs with the same tag in it are one.
 */
static int
add_file_runs(struct columns *cs, const char *path, struct spec_runs *rs,
    int pool)
{
	size_t n = rs->n, i, j, m;
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	struct spec_run *v = rs->v;
	int *used;
	size_t *pick;

	used = xcalloc(n, sizeof(*used));
	pick = xcalloc(n, sizeof(*pick));
	for (i = 0; i < n; i++) {
		struct column *c;

		if (used[i])
			continue;
		/* this run and, pooling, the later ones with its tag */
		for (m = 0, j = i; j < n; j++)
			if (j == i || (pool && v[i].ri.tag[0] != '\0' &&
			    strcmp(v[j].ri.tag, v[i].ri.tag) == 0)) {
				used[j] = 1;
				pick[m++] = j;
			}
		c = column_new(cs);
		/* the latest run of the column names it */
		column_take(c, v, pick, m, m - 1);
		if (c->ri.tag[0] != '\0')
			strlcpy_bb(c->name, c->ri.tag, sizeof(c->name));
		else if (n > 1)
			bufprintf(c->name, sizeof(c->name), "%s#%zu", base,
			    i + 1);
		else
			strlcpy_bb(c->name, base, sizeof(c->name));
		if (m > 1)
			bufprintf(c->source, sizeof(c->source), "%zu runs in %s",
			    m, base);
		else if (n > 1)
			bufprintf(c->source, sizeof(c->source), "run %zu of %s",
			    i + 1, base);
		else
			bufprintf(c->source, sizeof(c->source), "file %s", base);
	}
	free(pick);
	free(used);
	return 0;
}

/* Two columns with the same name get " (2)", " (3)" ... */
static void
unique_names(struct columns *cs)
{
	size_t i, j, k;
	char base[64];

	for (i = 1; i < cs->n; i++) {
		for (j = 0; j < i; j++)
			if (strcmp(cs->v[i].name, cs->v[j].name) == 0)
				break;
		if (j == i)
			continue;
		strlcpy_bb(base, cs->v[i].name, sizeof(base));
		for (k = 2;; k++) {
			bufprintf(cs->v[i].name, sizeof(cs->v[i].name),
			    "%.50s (%zu)", base, k);
			for (j = 0; j < cs->n; j++)
				if (j != i &&
				    strcmp(cs->v[i].name, cs->v[j].name) == 0)
					break;
			if (j == cs->n)
				break;
		}
	}
}

/* ---- output ---------------------------------------------------------- */

/* The case as people read it: "double-rolled [4 copies] (n=200)". */
static void
case_label(const struct cmp_table *t, size_t ri, char *buf, size_t len)
{
	const struct result *k = t->rows[ri].key;
	size_t i;
	int show_params = 0;
	char copies[32] = "";

	/* parameters only when they tell two rows of one case apart */
	for (i = 0; i < t->nrows; i++) {
		const struct result *o = t->rows[i].key;

		if (i != ri && strcmp(o->bench, k->bench) == 0 &&
		    strcmp(o->case_name, k->case_name) == 0 &&
		    strcmp(o->params, k->params) != 0)
			show_params = 1;
	}
	if (k->copies > 1)
		bufprintf(copies, sizeof(copies), " [%u copies]", k->copies);
	bufprintf(buf, len, "%s%s%s%s%s", k->case_name, copies,
	    show_params ? " (" : "", show_params ? k->params : "",
	    show_params ? ")" : "");
}

static char
col_letter(size_t i)
{
	return i < 26 ? (char)('A' + i) : '+';
}

/* A text cell: the baseline's value, else the ratio with its mark. */
static void
cell_text(const struct cmp_table *t, size_t ri, size_t c, char *buf,
    size_t len)
{
	const struct cmp_cell *cell = &t->rows[ri].cells[c];
	const char *mark;
	char num[32], unit[24], flags[16], safeunit[FMT_SAFE(sizeof(unit))];

	if (len > 0)
		buf[0] = '\0';

	if (cell->r == NULL) {
		bufprintf(buf, len, "-%s", cell->regression ? " !" : "");
		return;
	}
	if (cell->r->status != ST_OK) {
		bufprintf(buf, len, "%s%s", result_status_name(cell->r->status),
		    cell->regression ? " !" : "");
		return;
	}
	if (c == t->base || isnan(t->rows[ri].cells[t->base].value)) {
		/* the baseline's value; in brackets where it has none */
		fmt_quote_row(cell->r, cell->value, num, sizeof(num), unit,
		    sizeof(unit));
		/* an imported unit is text from outside */
		bufprintf(buf, len, c == t->base ? "%s %s" : "(%s %s)", num,
		    fmt_safe(safeunit, sizeof(safeunit), unit));
	} else if (isnan(cell->speedup)) {
		bufprintf(buf, len, "?");
	} else {
		mark = cell->regression ? " !" : cell->mark == CMP_NOISE ?
		    " ~" : cell->mark == CMP_UNKNOWN ? " ?" : "";
		if (!isnan(cell->lo))
			bufprintf(buf, len, "%.3f [%.3f, %.3f]%s",
			    cell->speedup, cell->lo, cell->hi, mark);
		else
			bufprintf(buf, len, "%.3f%s", cell->speedup, mark);
		if (cell->mark == CMP_NOTCOMP && strlen(buf) + 16 < len)
			bufprintf(buf + strlen(buf), len - strlen(buf),
			    " n/c %s", cell->why);
	}
	/* the row's validity flags, lettered as in the run's table */
	fmt_flag_abbrev(cell->r->flags, flags, sizeof(flags));
	if (flags[0] != '\0' && strlen(buf) + strlen(flags) + 2 <= len)
		strcat(strcat(buf, " "), flags);
}

/*
 * The build and system fields that matter, first and in this order; then
 * at most DIFF_OTHERS others (all with --verbose), those in the *_last
 * lists after the rest: they repeat a field above (the compiler's name,
 * version macro, -O level and the macros it sets) or change from one run
 * to the next on the same machine (load, free memory, temperatures).
 */
static const char *const build_first[] = {
	"cc_version", "cflags", "float_abi", "fpu", "neon", "arch", NULL
};
static const char *const build_last[] = {
	"cc", "compiler_macro_version", "opt_level", "macros.",
	"tool_version", NULL
};
static const char *const system_first[] = {
	"board", "soc", "cpu_model", "machine", "cpus_online", "cpu_max_mhz",
	"governor", "memory.total_mb", "mem_total_mb", "kernel",
	"distribution", NULL
};
static const char *const system_last[] = {
	"hostname", "loadavg", "memory.available_mb", "memory.swap_free_mb",
	"soc_temp_c", "thermal", "clusters", NULL
};
#define DIFF_OTHERS	3	/* other fields shown without --verbose */

#define TAB_BENCH_MAX	12	/* a longer benchmark name: on its own line */
#define TAB_CASE_MIN	16	/* narrowest case column beside the cells */
#define TAB_HEAD_MAX	12	/* a column header is cut to its cells or this */

/* s cut to at most n bytes, never inside a UTF-8 character; "..." ends
 * it when cut and there is room for it. */
static void
cut_text(char *s, size_t n)
{
	int dots = n >= 6;

	if (strlen(s) <= n)
		return;
	if (dots)
		n -= 3;
	while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	strcpy(s + n, dots ? "..." : "");
}

/* Text from outside made safe, in an allocated buffer. */
static char *
safe_dup(const char *raw)
{
	size_t len = FMT_SAFE(strlen(raw));
	char *s = xmalloc(len);

	return fmt_safe(s, len, raw);
}

/* A line wrapped to the width, the lines after the first indented. */
static void
wrap_free(FILE *fp, int width, int indent, char *line)
{
	fmt_wrap(fp, width, line, 0, indent);
	free(line);
}

/*
 * The fields in which the builds (or systems) differ: the ones that
 * matter first, in full; then a few others, and how many more --verbose
 * shows.  A field whose values all fit a column is on one line, side by
 * side under the letters; else one line per column, the value wrapped
 * under itself (a field that matters, or any with --verbose) or cut.
 */
static void
print_differences(FILE *fp, int width, int verbose, const char *what,
    const struct columns *cs, json_t *const *objs,
    const char *const *first, const char *const *last)
{
	struct cmp_diff *d;
	size_t nd, nimp, shown, i, c, n = cs->n;
	int kw = (int)strlen(what), kk = 0, cap, vw = 0, vc, room;
	char **v, **k, *p;
	int *side;

	nd = cmp_differences(objs, n, &d);
	if (nd == 0)
		return;
	nimp = cmp_differences_rank(d, nd, first, last);
	shown = verbose || nd < nimp + DIFF_OTHERS ? nd : nimp + DIFF_OTHERS;
	k = xcalloc(shown, sizeof(*k));
	v = xcalloc(shown * n, sizeof(*v));
	side = xcalloc(shown, sizeof(*side));
	for (i = 0; i < shown; i++) {
		k[i] = safe_dup(d[i].key);
		if ((int)strlen(k[i]) > kk)
			kk = (int)strlen(k[i]);
		for (c = 0; c < n; c++) {
			for (p = d[i].values[c]; *p == ' '; p++)
				;
			v[i * n + c] = safe_dup(p);
		}
	}
	/* at least 20 columns for a value; a longer key: on its own line */
	if (kk + 2 > kw)
		kw = kk + 2;
	if (kw > width - 25)
		kw = width - 25;
	cap = (width - kw) / (int)n - 2;
	for (i = 0; i < shown; i++) {
		side[i] = (int)strlen(k[i]) <= kw - 2;
		for (c = 0; c < n && side[i]; c++)
			side[i] = (int)strlen(v[i * n + c]) <= cap;
		for (c = 0; c < n && side[i]; c++)
			if ((int)strlen(v[i * n + c]) > vw)
				vw = (int)strlen(v[i * n + c]);
	}
	if (vw > 0 && (int)strlen(what) > kw)
		fprintf(fp, "%s\n%-*s", what, kw, "");
	else
		fprintf(fp, "%-*s", vw > 0 ? kw : 0, what);
	for (c = 0; c < n && vw > 0; c++)
		fprintf(fp, "  %c%-*s", col_letter(c), c + 1 < n ? vw - 1 : 0,
		    "");
	fputc('\n', fp);
	vc = kw + 5;
	room = width - vc < 20 ? 20 : width - vc;
	for (i = 0; i < shown; i++) {
		if (side[i]) {
			fprintf(fp, "  %-*s", kw - 2, k[i]);
			for (c = 0; c < n; c++)
				fprintf(fp, "  %-*s", c + 1 < n ? vw : 0,
				    v[i * n + c]);
			fputc('\n', fp);
			continue;
		}
		if ((int)strlen(k[i]) > kw - 2)
			fmt_wrap(fp, width, k[i], 0, 4);
		for (c = 0; c < n; c++) {
			fprintf(fp, "  %-*s  %c  ", kw - 2, c == 0 &&
			    (int)strlen(k[i]) <= kw - 2 ? k[i] : "",
			    col_letter(c));
			if (!verbose && i >= nimp)
				cut_text(v[i * n + c], (size_t)room);
			fmt_wrap(fp, width, v[i * n + c], vc, vc);
		}
	}
	if (shown < nd)
		fprintf(fp, "  (%zu more difference%s: --verbose)\n",
		    nd - shown, nd - shown == 1 ? "" : "s");
	for (i = 0; i < shown; i++) {
		free(k[i]);
		for (c = 0; c < n; c++)
			free(v[i * n + c]);
	}
	free(k);
	free(v);
	free(side);
	cmp_differences_free(d, nd, n);
}

/*
 * The machine line: one when every column ran on the same machine, else
 * one per column naming its machine.
 */
static void
print_machines(FILE *fp, int width, const struct columns *cs, int differ)
{
	char first[512], other[512], e[FMT_SAFE(512)];
	size_t c;
	int same = 1;

	sysinfo_label(cs->v[0].ri.system, first, sizeof(first));
	for (c = 1; c < cs->n && same; c++) {
		sysinfo_label(cs->v[c].ri.system, other, sizeof(other));
		same = strcmp(first, other) == 0;
	}
	if (same) {
		wrap_free(fp, width, 3, xasprintf("== machine: %s%s",
		    fmt_safe(e, sizeof(e), first), differ ?
		    " (see the system differences)" : ""));
		return;
	}
	for (c = 0; c < cs->n; c++) {
		sysinfo_label(cs->v[c].ri.system, other, sizeof(other));
		wrap_free(fp, width, 3, xasprintf("== machine %c: %s",
		    col_letter(c), fmt_safe(e, sizeof(e), other)));
	}
}

/* Per column, the cases OK in the baseline that it did not measure. */
static void
print_missing(FILE *fp, int width, const struct columns *cs,
    const struct cmp_table *t, const struct cmp_opts *o)
{
	size_t i, c, k;
	char buf[160], e_b[FMT_SAFE(32)], e_c[FMT_SAFE(160)];
	struct strbuf sb;

	for (c = 0; c < cs->n; c++) {
		strbuf_init(&sb);
		for (i = k = 0; i < t->nrows; i++) {
			if (!t->rows[i].cells[c].missing)
				continue;
			if (k++ == 0)
				strbuf_addf(&sb, "- missing in %c (OK in the "
				    "baseline; absent, SKIPPED or INTERRUPTED"
				    "%s):", col_letter(c), o->fail_pct >= 0 &&
				    !o->allow_missing ? ", a regression" : "");
			case_label(t, i, buf, sizeof(buf));
			strbuf_addf(&sb, "%s %s %s", k > 1 ? "," : "",
			    fmt_safe(e_b, sizeof(e_b), t->rows[i].key->bench),
			    fmt_safe(e_c, sizeof(e_c), buf));
		}
		if (k > 0)
			fmt_wrap(fp, width, sb.buf, 0, 2);
		strbuf_release(&sb);
	}
}

/* The header of cell column c: its letter and name, cut to its width. */
static void
column_head(const struct columns *cs, size_t c, char *buf, size_t len)
{
	char e[FMT_SAFE(64)];

	bufprintf(buf, len, "%c %s", col_letter(c), fmt_safe(e, sizeof(e),
	    cs->v[c].name));
}

/* Cells from..to of row i (SIZE_MAX: the column headers). */
static void
print_cells(FILE *fp, const struct columns *cs, const struct cmp_table *t,
    size_t i, const int *w, size_t from, size_t to)
{
	char buf[FMT_SAFE(64) + 48];
	size_t c;

	for (c = from; c < to; c++) {
		if (i == SIZE_MAX) {
			/* the name cut to the cells, or the letter alone */
			column_head(cs, c, buf, sizeof(buf));
			if ((int)strlen(buf) > w[c])
				cut_text(buf, w[c] >= 10 ? (size_t)w[c] : 1);
		} else {
			cell_text(t, i, c, buf, sizeof(buf));
		}
		fprintf(fp, "  %-*s", c + 1 < to ? w[c] : 0, buf);
	}
	fputc('\n', fp);
}

/*
 * The table: BENCH, CASE, then one cell per column, in the width.  The
 * case column is as wide as the longest name, or what is left beside the
 * cells (a longer name is then on a line of its own above its row).  When
 * the cells leave less than TAB_CASE_MIN for it, every case's name is on
 * its own line and its cells on the line(s) under it, said once above.
 */
static void
print_table(FILE *fp, int width, const struct columns *cs,
    const struct cmp_table *t, size_t *nnoise, unsigned *flags)
{
	char buf[FMT_SAFE(64) + 48], raw[160], e_b[FMT_SAFE(32)];
	char e_c[FMT_SAFE(160)];
	int wb = 5, wcmax = 4, wc, cells = 0, *w, cur, two, pass, hw;
	size_t i, c, *start, nl = 0, l;

	w = xcalloc(cs->n, sizeof(*w));
	for (i = 0; i < t->nrows; i++) {
		fmt_safe(e_b, sizeof(e_b), t->rows[i].key->bench);
		if ((int)strlen(e_b) > wb)
			wb = (int)strlen(e_b);
		case_label(t, i, raw, sizeof(raw));
		fmt_safe(e_c, sizeof(e_c), raw);
		if ((int)strlen(e_c) > wcmax)
			wcmax = (int)strlen(e_c);
		for (c = 0; c < cs->n; c++) {
			cell_text(t, i, c, buf, sizeof(buf));
			if ((int)strlen(buf) > w[c])
				w[c] = (int)strlen(buf);
			if (t->rows[i].cells[c].mark == CMP_NOISE)
				(*nnoise)++;
			if (t->rows[i].cells[c].r != NULL &&
			    t->rows[i].cells[c].r->status == ST_OK)
				*flags |= t->rows[i].cells[c].r->flags;
		}
	}
	if (wb > TAB_BENCH_MAX)
		wb = TAB_BENCH_MAX;
	/* the headers as wide as TAB_HEAD_MAX; as the cells when the case
	 * names need the room (the names are in the lines above) */
	for (pass = 0; pass < 2; pass++) {
		for (c = 0, cells = 0; c < cs->n; c++) {
			column_head(cs, c, buf, sizeof(buf));
			hw = (int)strlen(buf) < TAB_HEAD_MAX ?
			    (int)strlen(buf) : TAB_HEAD_MAX;
			cells += 2 + (pass == 0 && hw > w[c] ? hw : w[c]);
		}
		if (pass == 0 && width - wb - 2 - cells >= wcmax)
			break;
	}
	if (pass == 0)
		for (c = 0; c < cs->n; c++) {
			column_head(cs, c, buf, sizeof(buf));
			hw = (int)strlen(buf) < TAB_HEAD_MAX ?
			    (int)strlen(buf) : TAB_HEAD_MAX;
			if (hw > w[c])
				w[c] = hw;
		}
	wc = width - wb - 2 - cells;
	two = wc < (wcmax < TAB_CASE_MIN ? wcmax : TAB_CASE_MIN);
	if (wc > wcmax)
		wc = wcmax;
	/* the lines of cells: all on the row's line, else broken to fit */
	start = xcalloc(cs->n + 1, sizeof(*start));
	start[nl++] = 0;
	if (two) {
		for (c = 0, cur = 2; c < cs->n; c++) {
			if (cur + 2 + w[c] > width && c > start[nl - 1]) {
				start[nl++] = c;
				cur = 2;
			}
			cur += 2 + w[c];
		}
		wrap_free(fp, width, 1, xasprintf("(%zu columns do not fit "
		    "beside the case names in %d columns: each case's name is "
		    "on a line of its own, its cells under it)", cs->n,
		    width));
	}
	start[nl] = cs->n;
	if (!two) {
		fprintf(fp, "%-*s  %-*s", wb, "BENCH", wc, "CASE");
		print_cells(fp, cs, t, SIZE_MAX, w, 0, cs->n);
	} else {
		fprintf(fp, "BENCH CASE\n");
		for (l = 0; l < nl; l++) {
			fprintf(fp, "  ");
			print_cells(fp, cs, t, SIZE_MAX, w, start[l],
			    start[l + 1]);
		}
	}
	for (i = 0; i < t->nrows; i++) {
		fmt_safe(e_b, sizeof(e_b), t->rows[i].key->bench);
		case_label(t, i, raw, sizeof(raw));
		fmt_safe(e_c, sizeof(e_c), raw);
		if (two || (int)strlen(e_b) > wb ||
		    (int)strlen(e_c) > wc) {
			/* the name on a line of its own */
			wrap_free(fp, width, 2, xasprintf("%s %s", e_b, e_c));
			e_b[0] = e_c[0] = '\0';
		}
		if (!two) {
			fprintf(fp, "%-*s  %-*s", wb, e_b, wc, e_c);
			print_cells(fp, cs, t, i, w, 0, cs->n);
			continue;
		}
		for (l = 0; l < nl; l++) {
			fprintf(fp, "  ");
			print_cells(fp, cs, t, i, w, start[l], start[l + 1]);
		}
	}
	free(start);
	free(w);
}

/*
 * Above the table: how the cells were judged, how many cases were
 * compared and called different, how many differences chance alone would
 * give, and how much the machines drift.
 */
static void
print_verdicts(FILE *fp, int width, const struct columns *cs,
    const struct cmp_table *t, const struct cmp_opts *o)
{
	char nb[32];
	size_t c;
	double known;

	for (c = 0; c < cs->n; c++) {
		const struct system_info *si = cs->v[c].ri.system;
		char e[FMT_SAFE(64)];

		if (si == NULL || !sysinfo_emulated(si))
			continue;
		wrap_free(fp, width, 3, xasprintf("== %c is emulated (%s): its "
		    "timings are the emulator's, not the board's; no verdict "
		    "against a native run", col_letter(c), fmt_safe(e,
		    sizeof(e), si->emulator)));
	}
	if (t->paired)
		wrap_free(fp, width, 3, xasprintf("== paired: builds of one "
		    "session compare pair by pair (one process of each, "
		    "alternating on one CPU), so drift falls on both alike"));
	wrap_free(fp, width, 3, xasprintf("== %zu case%s compared: %zu "
	    "called different, the false discovery rate held at %g "
	    "(Benjamini-Hochberg); at p < %g each, about %.1f would be by "
	    "chance alone", t->ntested, t->ntested == 1 ? "" : "s",
	    t->ndifferent, o->alpha, o->alpha,
	    o->alpha * (double)t->ntested));
	if (t->nnotcomp > 0)
		wrap_free(fp, width, 3, xasprintf("== %zu case%s not "
		    "comparable (flagged busy, preempted or throttled on a "
		    "side, or emulated against native): no verdict",
		    t->nnotcomp, t->nnotcomp == 1 ? "" : "s"));
	known = NAN;
	for (c = 0; c < cs->n; c++) {
		const struct system_info *si = cs->v[c].ri.system;

		if (si != NULL && !isnan(si->run.noise_pct) &&
		    (isnan(known) || si->run.noise_pct > known))
			known = si->run.noise_pct;
	}
	if (!isnan(t->drift) || !isnan(known)) {
		struct strbuf sb;

		strbuf_init(&sb);
		for (c = 0; c < cs->n; c++) {
			const struct system_info *si = cs->v[c].ri.system;

			strbuf_addf(&sb, "%s%c %s", c ? ", " : "",
			    col_letter(c), si != NULL ? sysinfo_noise_text(&si->run,
			    nb, sizeof(nb)) : "unknown");
		}
		if (!isnan(t->drift))
			wrap_free(fp, width, 3, xasprintf("== these machines "
			    "drift +-%.1f %% (%s; unknown counts as +-%.0f %%): "
			    "a single run on each side cannot show a difference "
			    "below that, so such intervals are widened by it; "
			    "pair the builds (run --against) or pool several "
			    "runs (--pool) to see less", t->drift, sb.buf,
			    CMP_DRIFT_UNKNOWN));
		else
			wrap_free(fp, width, 3, xasprintf("== these machines "
			    "drift +-%.1f %% (%s): a single run cannot show a "
			    "difference below that", known, sb.buf));
		strbuf_release(&sb);
	}
}

/* Columns measured with different profiles: one plain line. */
static void
profile_warning(FILE *fp, int width, const struct columns *cs)
{
	const char **names = xcalloc(cs->n, sizeof(*names));
	const char **profiles = xcalloc(cs->n, sizeof(*profiles));
	char (*letters)[2] = xcalloc(cs->n, sizeof(*letters));
	char text[1024], e[FMT_SAFE(1024)];
	size_t c;

	for (c = 0; c < cs->n; c++) {
		letters[c][0] = col_letter(c);
		names[c] = letters[c];
		profiles[c] = cs->v[c].ri.profile;
	}
	if (cmd_profiles_differ(names, profiles, cs->n, text, sizeof(text)))
		wrap_free(fp, width, 3, xasprintf("== warning: %s",
		    fmt_safe(e, sizeof(e), text)));
	free(names);
	free(profiles);
	free(letters);
}

static void
print_text(FILE *fp, const struct columns *cs, const struct cmp_table *t,
    const struct cmp_opts *o, int width, int verbose)
{
	json_t **objs, **sys;
	struct cmp_diff *d;
	char label[512], e_name[FMT_SAFE(64)], e_src[FMT_SAFE(160)];
	char e[FMT_SAFE(512)], *left;
	size_t c, nd, nnoise = 0;
	unsigned flags = 0;

	objs = xcalloc(cs->n, sizeof(*objs));
	wrap_free(fp, width, 3, xasprintf("== compare: %zu build flag sets, "
	    "%zu cases; ratios to %c, above 1 is better", cs->n, t->nrows,
	    col_letter(t->base)));
	for (c = 0; c < cs->n; c++) {
		buildinfo_label(cs->v[c].ri.build, NULL, label, sizeof(label));
		wrap_free(fp, width, 3, xasprintf("== %c %s: %s | %s%s",
		    col_letter(c), fmt_safe(e_name, sizeof(e_name),
		    cs->v[c].name), fmt_safe(e_src, sizeof(e_src),
		    cs->v[c].source), fmt_safe(e, sizeof(e), label),
		    c == t->base ? "  (baseline)" : ""));
	}
	for (c = 0; c < cs->n; c++) {
		if (cs->v[c].left_out == NULL)
			continue;
		left = safe_dup(cs->v[c].left_out);
		wrap_free(fp, width, 3, xasprintf("== %c %s: pooled complete "
		    "runs only; left out %s", col_letter(c), fmt_safe(e_name,
		    sizeof(e_name), cs->v[c].name), left));
		free(left);
	}
	profile_warning(fp, width, cs);
	/* the run's own facts are said above the table, not as differences */
	sys = xcalloc(cs->n, sizeof(*sys));
	for (c = 0; c < cs->n; c++) {
		sys[c] = cs->v[c].system != NULL ?
		    json_copy(cs->v[c].system) : NULL;
		json_object_del(sys[c], "pairing");
		json_object_del(sys[c], "noise_floor");
		objs[c] = sys[c];
	}
	nd = cmp_differences(objs, cs->n, &d);
	cmp_differences_free(d, nd, cs->n);
	print_machines(fp, width, cs, nd > 0);
	fputc('\n', fp);
	for (c = 0; c < cs->n; c++)
		objs[c] = cs->v[c].build;
	print_differences(fp, width, verbose, "build differences", cs, objs,
	    build_first, build_last);
	print_differences(fp, width, verbose, "system differences", cs, sys,
	    system_first, system_last);
	for (c = 0; c < cs->n; c++)
		json_decref(sys[c]);
	free(sys);
	free(objs);

	fputc('\n', fp);
	print_verdicts(fp, width, cs, t, o);
	fputc('\n', fp);
	print_table(fp, width, cs, t, &nnoise, &flags);
	fputc('\n', fp);
	fmt_wrap(fp, width, "ratio [95 % interval]: the column over the "
	    "baseline for rates, the baseline over the column for times; "
	    "paired runs: Yuen's 20 % trimmed mean of the pairs' log ratios "
	    "and its t interval; others: the ratio of the "
	    "geometric means of the process (or pooled run) medians, with "
	    "Welch's t interval, widened by the machine's drift when a side "
	    "is a single run", 0, 2);
	wrap_free(fp, width, 2, xasprintf("~ no difference shown: the "
	    "interval holds 1, or the difference does not survive "
	    "Benjamini-Hochberg at %g (%zu cell%s); ? too few units for an "
	    "interval", o->alpha, nnoise, nnoise == 1 ? "" : "s"));
	if (t->nnotcomp > 0)
		fmt_wrap(fp, width, "n/c not comparable: a side is flagged "
		    "busy, preempted or throttled, or one side is emulated and "
		    "the other not; no verdict", 0, 2);
	if (o->fail_pct >= 0)
		wrap_free(fp, width, 2, xasprintf("! regression: the whole "
		    "interval is worse than the baseline by more than %g%%, "
		    "or failed%s (%zu case%s; derived rows follow their case)",
		    o->fail_pct, o->allow_missing ? "" : " or missing",
		    t->nregressions, t->nregressions == 1 ? "" : "s"));
	fmt_flag_legend(fp, width, flags);
	print_missing(fp, width, cs, t, o);
}

/* One CSV/TSV field (fmt_sep_field: quoting, no formula). */
static void
sep_field(FILE *fp, const char *s, char sep, int first)
{
	fmt_sep_field(fp, s, sep, first);
}

/* A number: exact (%.17g), or with 6 digits for p-values. */
static void
sep_num(FILE *fp, double v, int digits6, char sep)
{
	char buf[48] = "";

	if (!isnan(v) && digits6)
		bufprintf(buf, sizeof(buf), "%.6g", v);
	else if (!isnan(v))
		bufprintf(buf, sizeof(buf), "%.17g", v);
	sep_field(fp, buf, sep, 0);
}

static const char *const mark_names[] = {
	[CMP_NONE] = "", [CMP_BASE] = "baseline",
	[CMP_SIGNIFICANT] = "significant", [CMP_NOISE] = "noise",
	[CMP_UNKNOWN] = "unknown", [CMP_NOTCOMP] = "not-comparable",
};

static const char *const unit_names[] = {
	[CMP_U_NONE] = "", [CMP_U_PAIR] = "pair", [CMP_U_PROCESS] = "process",
	[CMP_U_RUN] = "run",
};

/* Long format: one line per case and column, fixed columns, base units. */
static void
print_sep(FILE *fp, const struct columns *cs, const struct cmp_table *t,
    char sep)
{
	static const char *const head[] = {
		"bench", "case", "params", "copies", "unit", "better",
		"column", "name", "baseline", "status", "value", "n", "ratio",
		"speedup", "ci_low", "ci_high", "unit_of_test", "units",
		"p_value", "mark", "regression",
	};
	char buf[32];
	size_t i, c;

	for (i = 0; i < ARRAY_SIZE(head); i++)
		sep_field(fp, head[i], sep, i == 0);
	fputc('\n', fp);
	for (i = 0; i < t->nrows; i++) {
		const struct result *k = t->rows[i].key;

		for (c = 0; c < cs->n; c++) {
			const struct cmp_cell *cell = &t->rows[i].cells[c];

			sep_field(fp, k->bench, sep, 1);
			sep_field(fp, k->case_name, sep, 0);
			sep_field(fp, k->params, sep, 0);
			bufprintf(buf, sizeof(buf), "%u",
			    k->copies ? k->copies : 1);
			sep_field(fp, buf, sep, 0);
			sep_field(fp, k->unit, sep, 0);
			bufprintf(buf, sizeof(buf), "%d", k->better);
			sep_field(fp, buf, sep, 0);
			bufprintf(buf, sizeof(buf), "%c", col_letter(c));
			sep_field(fp, buf, sep, 0);
			sep_field(fp, cs->v[c].name, sep, 0);
			sep_field(fp, c == t->base ? "1" : "0", sep, 0);
			sep_field(fp, cell->r ?
			    result_status_name(cell->r->status) : "ABSENT",
			    sep, 0);
			sep_num(fp, cell->value, 0, sep);
			bufprintf(buf, sizeof(buf), "%zu",
			    cell->r ? cell->r->nsamples : 0);
			sep_field(fp, buf, sep, 0);
			sep_num(fp, cell->ratio, 0, sep);
			sep_num(fp, cell->speedup, 0, sep);
			sep_num(fp, cell->lo, 0, sep);
			sep_num(fp, cell->hi, 0, sep);
			sep_field(fp, unit_names[cell->unit], sep, 0);
			bufprintf(buf, sizeof(buf), "%zu", cell->n);
			sep_field(fp, buf, sep, 0);
			sep_num(fp, cell->p, 1, sep);
			sep_field(fp, mark_names[cell->mark], sep, 0);
			sep_field(fp, cell->regression ? "1" : "0", sep, 0);
			fputc('\n', fp);
		}
	}
}

static json_t *
jnum(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static void
print_json(FILE *fp, const struct columns *cs, const struct cmp_table *t,
    const struct cmp_opts *o)
{
	json_t *doc, *cols, *cases, *diff, *d, *vals;
	json_t **objs;
	struct cmp_diff *dl;
	size_t i, c, j, nd;
	char name[8];
	int pass;

	doc = json_object();
	json_object_set_new(doc, "schema_version",
	    json_integer(EXPORT_SCHEMA_VERSION));
	json_object_set_new(doc, "tool", json_string("boardbench"));
	json_object_set_new(doc, "tool_version", json_string(PACKAGE_VERSION));
	json_object_set_new(doc, "kind", json_string("compare"));
	json_object_set_new(doc, "noise_test", json_string("t interval of the "
	    "log ratio (paired: Yuen's 20 % trimmed mean of the pairs; "
	    "unpaired: Welch on process or run medians, widened by the drift "
	    "floor), 95 %, Benjamini-Hochberg"));
	json_object_set_new(doc, "compared", json_integer((json_int_t)
	    t->ntested));
	json_object_set_new(doc, "different", json_integer((json_int_t)
	    t->ndifferent));
	json_object_set_new(doc, "not_comparable", json_integer((json_int_t)
	    t->nnotcomp));
	json_object_set_new(doc, "drift_pct", jnum(t->drift));
	json_object_set_new(doc, "alpha", json_real(o->alpha));
	json_object_set_new(doc, "fail_on_regression",
	    o->fail_pct >= 0 ? json_real(o->fail_pct) : json_null());
	json_object_set_new(doc, "baseline", json_integer((json_int_t)t->base));
	cols = json_array();
	for (c = 0; c < cs->n; c++) {
		json_t *col = json_object(), *uu = json_array();

		bufprintf(name, sizeof(name), "%c", col_letter(c));
		json_object_set_new(col, "column", json_string(name));
		json_object_set_new(col, "name", json_string(cs->v[c].name));
		json_object_set_new(col, "source",
		    json_string(cs->v[c].source));
		json_object_set_new(col, "tag", json_string(cs->v[c].ri.tag));
		for (j = 0; j < cs->v[c].nruns; j++)
			json_array_append_new(uu,
			    json_string(cs->v[c].uuids[j]));
		json_object_set_new(col, "runs", uu);
		json_object_set_new(col, "left_out", cs->v[c].left_out ?
		    json_string(cs->v[c].left_out) : json_null());
		json_object_set_new(col, "build", cs->v[c].build ?
		    json_incref(cs->v[c].build) : json_null());
		json_object_set_new(col, "system", cs->v[c].system ?
		    json_incref(cs->v[c].system) : json_null());
		json_array_append_new(cols, col);
	}
	json_object_set_new(doc, "columns", cols);

	diff = json_object();
	objs = xcalloc(cs->n, sizeof(*objs));
	for (pass = 0; pass < 2; pass++) {
		for (c = 0; c < cs->n; c++)
			objs[c] = pass ? cs->v[c].system : cs->v[c].build;
		nd = cmp_differences(objs, cs->n, &dl);
		d = json_object();
		for (i = 0; i < nd; i++) {
			vals = json_array();
			for (c = 0; c < cs->n; c++)
				json_array_append_new(vals,
				    json_string(dl[i].values[c]));
			json_object_set_new(d, dl[i].key, vals);
		}
		cmp_differences_free(dl, nd, cs->n);
		json_object_set_new(diff, pass ? "system" : "build", d);
	}
	free(objs);
	json_object_set_new(doc, "differences", diff);

	cases = json_array();
	for (i = 0; i < t->nrows; i++) {
		const struct result *k = t->rows[i].key;
		json_t *row = json_object(), *cells = json_array();

		json_object_set_new(row, "bench", json_string(k->bench));
		json_object_set_new(row, "case", json_string(k->case_name));
		json_object_set_new(row, "params", json_string(k->params));
		json_object_set_new(row, "copies",
		    json_integer(k->copies ? k->copies : 1));
		json_object_set_new(row, "unit", json_string(k->unit));
		json_object_set_new(row, "better", json_integer(k->better));
		for (c = 0; c < cs->n; c++) {
			const struct cmp_cell *cell = &t->rows[i].cells[c];
			json_t *o2 = json_object();

			json_object_set_new(o2, "status", json_string(cell->r ?
			    result_status_name(cell->r->status) : "ABSENT"));
			json_object_set_new(o2, "value", jnum(cell->value));
			json_object_set_new(o2, "n", json_integer(cell->r ?
			    (json_int_t)cell->r->nsamples : 0));
			json_object_set_new(o2, "ratio", jnum(cell->ratio));
			json_object_set_new(o2, "speedup",
			    jnum(cell->speedup));
			json_object_set_new(o2, "ci_low", jnum(cell->lo));
			json_object_set_new(o2, "ci_high", jnum(cell->hi));
			json_object_set_new(o2, "unit_of_test",
			    cell->unit == CMP_U_NONE ? json_null() :
			    json_string(unit_names[cell->unit]));
			json_object_set_new(o2, "units",
			    json_integer((json_int_t)cell->n));
			json_object_set_new(o2, "why", cell->why != NULL ?
			    json_string(cell->why) : json_null());
			json_object_set_new(o2, "p_value", jnum(cell->p));
			json_object_set_new(o2, "mark", cell->mark == CMP_NONE ?
			    json_null() : json_string(mark_names[cell->mark]));
			json_object_set_new(o2, "regression",
			    json_boolean(cell->regression));
			json_object_set_new(o2, "missing",
			    json_boolean(cell->missing));
			json_array_append_new(cells, o2);
		}
		json_object_set_new(row, "cells", cells);
		json_array_append_new(cases, row);
	}
	json_object_set_new(doc, "cases", cases);
	json_object_set_new(doc, "regressions",
	    json_integer((json_int_t)t->nregressions));
	json_object_set_new(doc, "missing",
	    json_integer((json_int_t)t->nmissing));
	if (export_dump(doc, fp) != 0)
		error("cannot write the comparison: %m");
	json_decref(doc);
}

/* ---- plot ------------------------------------------------------------ */

/*
 * Every text that reaches gnuplot (tags, file names, benchmark and case
 * names) comes from the inputs and may be hostile.  gnuplot substitutes
 * `...` on a command line, even inside double quotes, and @name macros
 * outside quotes; single-quoted strings get neither, and no backslash
 * escapes.  So the script has two kinds of text only: labels in the data
 * block ($ratios), whose lines gnuplot stores without evaluating them and
 * whose strings reach the chart through xtic() and columnheader as data,
 * and the title in single quotes.  Both are also cleaned: no control
 * characters (a newline would end the data line or the command), no
 * double quote or backslash in the data (they end or escape a data
 * string), and a single quote doubled in the title.
 */
static char plot_tmp[4096];
static volatile sig_atomic_t plot_sig;

/* SIGINT, SIGTERM, SIGHUP while gnuplot draws: stop it (spawn), then plot()
 * removes the file and dies of the signal. */
static void
plot_signal(int sig)
{
	plot_sig = sig;
	spawn_interrupt();
}

/* One byte of label text for gnuplot: control characters become spaces. */
static char
gp_char(unsigned char c)
{
	return c < 0x20 || c == 0x7f ? ' ' : (char)c;
}

/* Text inside a double-quoted data-block string: no " or \. */
static void
gp_data(struct strbuf *sb, const char *s)
{
	char c;

	for (; *s; s++) {
		c = gp_char((unsigned char)*s);
		strbuf_add(sb, c == '"' || c == '\\' ? "'" : &c, 1);
	}
}

/* Text inside a single-quoted command string: ' doubled. */
static void
gp_single(struct strbuf *sb, const char *s)
{
	char c;

	for (; *s; s++) {
		c = gp_char((unsigned char)*s);
		strbuf_add(sb, c == '\'' ? "''" : &c, c == '\'' ? 2 : 1);
	}
}

/*
 * plot_terminal: the gnuplot terminal and size for a chart file, chosen
 * by its extension (.svg, .png through cairo, .pdf through cairo; any
 * case); NULL for any other extension.  width and height are in pixels
 * (points for PDF, 72 to the inch).
 */
static const char *
plot_terminal(const char *path, int width, int height, char *buf, size_t len)
{
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');

	if (dot == NULL || (slash != NULL && dot < slash))
		return NULL;
	if (strcasecmp(dot, ".svg") == 0)
		bufprintf(buf, len, "svg size %d,%d", width, height);
	else if (strcasecmp(dot, ".png") == 0)
		bufprintf(buf, len, "pngcairo size %d,%d", width, height);
	else if (strcasecmp(dot, ".pdf") == 0)
		bufprintf(buf, len, "pdfcairo size %.2fin,%.2fin",
		    width / 72.0, height / 72.0);
	else
		return NULL;
	return buf;
}

/* A bar's label on the x axis: "bench case". */
static void
plot_label(const struct cmp_table *t, size_t ri, char *buf, size_t len)
{
	char cname[160];

	case_label(t, ri, cname, sizeof(cname));
	bufprintf(buf, len, "%s %s", t->rows[ri].key->bench, cname);
}

/* Characters of UTF-8 text (bytes that start one). */
static size_t
text_chars(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* The chart file, for its terminal (set once the options are read). */
static const char *plot_file = "chart.svg";
/* --log: a logarithmic ratio axis, bars from 1 up or down. */
static int plot_log;

/*
 * A page of the chart: the rows of one benchmark group (or a part of a
 * group that has more than fits), so a chart has a bounded size whatever
 * the number of cases.  A row is drawn only when the baseline and at
 * least one other column have a ratio: SKIPPED or absent cases get no
 * empty slot.
 */
#define PLOT_MAX_BARS	48

struct plot_page {
	const char *group;
	size_t *rows, n;
	size_t part, nparts;
};

static int
plot_row_shown(const struct cmp_table *t, size_t ri)
{
	const struct cmp_row *row = &t->rows[ri];
	size_t c;

	if (isnan(row->cells[t->base].speedup))
		return 0;
	for (c = 0; c < t->ncols; c++)
		if (c != t->base && !isnan(row->cells[c].speedup))
			return 1;
	return 0;
}

static size_t
plot_pages(const struct cmp_table *t, struct plot_page **out)
{
	struct plot_page *pg = NULL;
	size_t np = 0, g, i, j, k, n, per, first;
	size_t bars = t->ncols > 1 ? t->ncols - 1 : 1;
	size_t *rows = xcalloc(t->nrows + 1, sizeof(*rows));

	per = PLOT_MAX_BARS / bars > 0 ? PLOT_MAX_BARS / bars : 1;
	for (g = 0; g < t->nrows; g++) {
		const char *group = t->rows[g].key->group;

		for (j = 0; j < g; j++)
			if (strcmp(t->rows[j].key->group, group) == 0)
				break;
		if (j < g)
			continue;	/* the group has its pages */
		for (n = 0, i = g; i < t->nrows; i++)
			if (strcmp(t->rows[i].key->group, group) == 0 &&
			    plot_row_shown(t, i))
				rows[n++] = i;
		first = np;
		for (k = 0; k < n; k += per) {
			pg = xreallocarray(pg, np + 1, sizeof(*pg));
			pg[np].group = group;
			pg[np].n = n - k < per ? n - k : per;
			pg[np].rows = xcalloc(pg[np].n, sizeof(size_t));
			memcpy(pg[np].rows, rows + k, pg[np].n * sizeof(size_t));
			pg[np].part = np - first + 1;
			np++;
		}
		for (k = first; k < np; k++)
			pg[k].nparts = np - first;
	}
	free(rows);
	*out = pg;
	return np;
}

static void
plot_pages_free(struct plot_page *pg, size_t np)
{
	size_t i;

	for (i = 0; i < np; i++)
		free(pg[i].rows);
	free(pg);
}

/*
 * The gnuplot script for pages [from, to): one plot each (a PDF gets one
 * page per plot).  Bars are boxes from the axis base (0, or 1 with --log)
 * to the ratio, one colour per column; a cell within the noise is the
 * same colour hatched and titled "~"; the 95 % interval is an error bar.
 */
static char *
plot_script(const struct columns *cs, const struct cmp_table *t,
    const struct plot_page *pg, size_t from, size_t to)
{
	struct strbuf sb;
	size_t i, c, k, p, maxn = 1, nb = cs->n - 1, first = 0, widest = 0, w;
	int width, height, lmargin, bmargin;
	double bw, lo, hi;
	char buf[256], tbuf[64];

	for (p = from; p < to; p++) {
		if (pg[p].n > maxn)
			maxn = pg[p].n;
		for (k = 0; k < pg[p].n; k++) {
			plot_label(t, pg[p].rows[k], buf, sizeof(buf));
			w = text_chars(buf);
			widest = w > widest ? w : widest;
			first = k == 0 && w > first ? w : first;
		}
	}
	/*
	 * A label turned by 30 degrees ends under its bar: the first reaches
	 * left of the plot by cos 30 of its length, the longest down by
	 * sin 30 of it.  gnuplot's margins count its character cells (about
	 * 1.4 glyphs wide, 2.4 high at 11 points): they hold the labels
	 * whole, and the chart grows by what they take.
	 */
	lmargin = (int)(0.65 * (double)first) + 3;
	if (lmargin < 10)
		lmargin = 10;
	bmargin = (int)(0.22 * (double)widest) + 4;
	if (bmargin < 10)
		bmargin = 10;
	width = 160 + (int)maxn * (int)(nb * 22 + 30) + 7 * (lmargin - 10);
	if (width < 640)
		width = 640;
	height = 520 + 17 * (bmargin - 10);
	bw = 0.8 / (double)nb;
	strbuf_init(&sb);
	strbuf_addf(&sb, "set terminal %s noenhanced font 'sans,11' "
	    "background rgb 'white'\n", plot_terminal(plot_file, width,
	    height, tbuf, sizeof(tbuf)));
	strbuf_addf(&sb, "set key outside top center horizontal "
	    "autotitle columnheader\n"
	    "set xtics rotate by 30 right scale 0 nomirror\n"
	    "set lmargin %d\nset rmargin 4\nset bmargin %d\nset grid ytics\n"
	    "set ylabel 'ratio to the baseline (above 1 is better)'\n"
	    "set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead "
	    "dt 2 lc rgb '#333333' front\n", lmargin, bmargin);
	if (plot_log)
		strbuf_addf(&sb, "set logscale y 2\nset format y '%%g'\n");
	for (p = from; p < to; p++) {
		const struct plot_page *pp = &pg[p];

		lo = hi = 1;
		strbuf_addf(&sb, "$p%zu << EOD\n\"i\" \"case\"", p);
		for (c = 0; c < cs->n; c++) {
			if (c == t->base)
				continue;
			/* the column's name reaches the key as data (the
			 * header line), never through the evaluator */
			strbuf_addf(&sb, " \"");
			gp_data(&sb, cs->v[c].name);
			strbuf_addf(&sb, "\" \"~\" \"r\" \"lo\" \"hi\"");
		}
		strbuf_addf(&sb, "\n");
		for (k = 0; k < pp->n; k++) {
			i = pp->rows[k];
			strbuf_addf(&sb, "%zu \"", k);
			plot_label(t, i, buf, sizeof(buf));
			gp_data(&sb, buf);
			strbuf_addf(&sb, "\"");
			for (c = 0; c < cs->n; c++) {
				const struct cmp_cell *cell =
				    &t->rows[i].cells[c];
				double v = cell->speedup;
				int noise = cell->mark == CMP_NOISE;

				if (c == t->base)
					continue;
				if (!isnan(v) && v > hi)
					hi = v;
				if (!isnan(v) && v < lo)
					lo = v;
				if (isnan(v) || (plot_log && !(v > 0)))
					strbuf_addf(&sb, " NaN NaN");
				else if (noise)
					strbuf_addf(&sb, " NaN %.6g", v);
				else
					strbuf_addf(&sb, " %.6g NaN", v);
				/* the 95 % interval: an error bar */
				if (isnan(v) || isnan(cell->lo) ||
				    (plot_log && !(cell->lo > 0))) {
					strbuf_addf(&sb, " NaN NaN NaN");
					continue;
				}
				strbuf_addf(&sb, " %.6g %.6g %.6g", v, cell->lo,
				    cell->hi);
				if (cell->hi > hi)
					hi = cell->hi;
				if (cell->lo < lo)
					lo = cell->lo;
			}
			strbuf_addf(&sb, "\n");
		}
		strbuf_addf(&sb, "EOD\nset title 'boardbench compare: ratio "
		    "to ");
		gp_single(&sb, cs->v[t->base].name);
		strbuf_addf(&sb, ", group ");
		gp_single(&sb, pp->group[0] ? pp->group : "-");
		if (pp->nparts > 1)
			strbuf_addf(&sb, " (part %zu of %zu)", pp->part,
			    pp->nparts);
		strbuf_addf(&sb, "'\nset xrange [-0.6:%zu.6]\n", pp->n - 1);
		if (plot_log)
			strbuf_addf(&sb, "set yrange [%.6g:%.6g]\n",
			    lo > 0 ? lo / 1.25 : 0.1, hi * 1.25);
		else
			strbuf_addf(&sb, "set yrange [0:%.6g]\n", hi * 1.1);
		strbuf_addf(&sb, "plot $p%zu using 1:(NaN):xtic(2) notitle",
		    p);
		for (c = 0, k = 0; c < cs->n; c++) {
			double off;

			if (c == t->base)
				continue;
			off = -0.4 + bw * ((double)k + 0.5);
			strbuf_addf(&sb, ", $p%zu using ($1%+.4f):%zu:($1%+.4f)"
			    ":($1%+.4f):(%s):%zu with boxxyerror fs solid 0.85 "
			    "lc %zu title columnhead(%zu)", p, off, 3 + 5 * k,
			    off - bw / 2 * 0.9, off + bw / 2 * 0.9,
			    plot_log ? "1" : "0", 3 + 5 * k, k + 1, 3 + 5 * k);
			strbuf_addf(&sb, ", $p%zu using ($1%+.4f):%zu:($1%+.4f)"
			    ":($1%+.4f):(%s):%zu with boxxyerror fs pattern 4 "
			    "lc %zu notitle", p, off, 4 + 5 * k,
			    off - bw / 2 * 0.9, off + bw / 2 * 0.9,
			    plot_log ? "1" : "0", 4 + 5 * k, k + 1);
			strbuf_addf(&sb, ", $p%zu using ($1%+.4f):%zu:%zu:%zu "
			    "with yerrorbars pt 0 lw 1.5 lc rgb '#222222' "
			    "notitle", p, off, 5 + 5 * k, 6 + 5 * k, 7 + 5 * k);
			k++;
		}
		strbuf_addf(&sb, ", NaN title '~ hatched: within the noise' "
		    "with boxes fs pattern 4 lc rgb '#555555', NaN title "
		    "'bar: 95 %% interval' with lines lw 1.5 lc rgb "
		    "'#222222'\n");
	}
	return strbuf_detach(&sb);
}

/*
 * run_gnuplot: prog through spawn, the script on its stdin, its stdout
 * into fd, its messages captured (its warnings are not ours to show), at
 * most PLOT_LIMIT seconds.  0 on success; -1 with *err set to errno when
 * prog could not be started, -2 when it failed (why: its first message,
 * its exit status or the time limit), -3 when it was interrupted.
 */
#define PLOT_LIMIT	120

static int
run_gnuplot(const char *prog, const char *script, int fd, int *err,
    char *why, size_t len)
{
	char *argv[2], *nl;
	struct spawn sp;
	int rc;

	argv[0] = (char *)prog;
	argv[1] = NULL;
	spawn_init(&sp);
	sp.input = script;
	sp.input_len = strlen(script);
	sp.out_fd = fd;
	sp.capture_err = 1;
	sp.err_cap = 64 * 1024;
	sp.limit = PLOT_LIMIT;
	rc = spawn_run(&sp, argv);
	*err = sp.error;
	why[0] = '\0';
	if (rc != SPAWN_OK && rc != SPAWN_NOEXEC && rc != SPAWN_INTERRUPTED)
		spawn_strerror(&sp, rc, why, len);
	if (rc == SPAWN_OK && (sp.input_done < sp.input_len ||
	    !WIFEXITED(sp.status) || WEXITSTATUS(sp.status) != 0)) {
		rc = -2;
		/* its last line says what went wrong (the first may be a
		 * warning) */
		while (sp.err.len > 0 && sp.err.buf[sp.err.len - 1] == '\n')
			sp.err.buf[--sp.err.len] = '\0';
		nl = sp.err.len > 0 ? strrchr(sp.err.buf, '\n') : NULL;
		if (sp.err.len > 0)
			bufprintf(why, len, "%s", nl != NULL ? nl + 1 :
			    sp.err.buf);
		else if (WIFEXITED(sp.status))
			bufprintf(why, len, "exit status %d",
			    WEXITSTATUS(sp.status));
		else
			bufprintf(why, len, "killed by signal %d",
			    WTERMSIG(sp.status));
	}
	spawn_release(&sp);
	return rc == SPAWN_OK ? 0 : rc == SPAWN_NOEXEC ? -1 :
	    rc == SPAWN_INTERRUPTED ? -3 : -2;
}

/*
 * plot: draw the chart into path, through a temporary file next to it
 * that is renamed when gnuplot succeeded and removed otherwise (on SIGINT
 * too, after which this process dies of the signal).  0, or with one
 * error line -1 (gnuplot cannot be run) or -2 (it failed, or the write).
 */
static int
plot_one(const char *path, const char *script)
{
	const char *env = getenv("BOARDBENCH_GNUPLOT");
	const char *progs[2];
	struct sigaction sa, old[3];
	static const int sigs[3] = { SIGINT, SIGTERM, SIGHUP };
	struct stat sb;
	size_t np = 0, i;
	int fd, rc = -1, err = 0, r = -1;
	char why[160];
	mode_t mask = umask(0);

	umask(mask);	/* mkstemp makes 0600; the chart gets the usual mode */

	if (env != NULL && env[0] != '\0') {
		progs[np++] = env;
	} else {
		progs[np++] = GNUPLOT_PATH;
		if (strcmp(GNUPLOT_PATH, "gnuplot") != 0)
			progs[np++] = "gnuplot";
	}
	if (bufprintf(plot_tmp, sizeof(plot_tmp), "%s.tmpXXXXXX", path),
	    strlen(path) + 10 >= sizeof(plot_tmp)) {
		plot_tmp[0] = '\0';
		return error("--plot: file name '%s' is too long", path);
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = plot_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < ARRAY_SIZE(sigs); i++)
		sigaction(sigs[i], &sa, &old[i]);
	fd = mkostemp(plot_tmp, O_CLOEXEC);
	if (fd < 0) {
		error("cannot write plot '%s': %m", path);
		plot_tmp[0] = '\0';
		goto out;
	}
	for (i = 0; i < np; i++) {
		r = run_gnuplot(progs[i], script, fd, &err, why,
		    sizeof(why));
		if (r != -1 || err != ENOENT)
			break;
	}
	if (r == -3 || plot_sig != 0)
		;	/* interrupted: removed below, then the signal */
	else if (r == -1)
		error("cannot run gnuplot '%s' for --plot: %s (install "
		    "gnuplot-nox, or name it in BOARDBENCH_GNUPLOT)",
		    progs[i < np ? i : np - 1], strerror(err));
	else if (r == -2)
		error("gnuplot failed to draw '%s': %s", path, why);
	else if (fstat(fd, &sb) != 0 || sb.st_size == 0)
		error("gnuplot wrote nothing for '%s'", path);
	else if (fchmod(fd, 0666 & ~mask) != 0 || close(fd) != 0 ||
	    (fd = -1, rename(plot_tmp, path) != 0))
		error("cannot write plot '%s': %m", path);
	else {
		plot_tmp[0] = '\0';
		rc = 0;
	}
	/* not a bad input: gnuplot or the write failed */
	if (rc != 0 && r != -1)
		rc = -2;
	if (fd >= 0)
		close(fd);
	if (plot_tmp[0] != '\0')
		unlink(plot_tmp);
	plot_tmp[0] = '\0';
out:
	for (i = 0; i < ARRAY_SIZE(sigs); i++)
		sigaction(sigs[i], &old[i], NULL);
	if (plot_sig != 0) {
		signal(plot_sig, SIG_DFL);
		raise(plot_sig);
	}
	return rc;
}

/*
 * plot: the chart, one page per benchmark group (or part of one): a PDF
 * holds every page; an SVG or PNG file holds the first and FILE-2.svg,
 * FILE-3.svg ... the others (named on stderr).  On a failure the pages
 * already written are removed.  0, or -1 or -2 (as plot_one) with one
 * error line.
 */
static int
plot(const char *path, const struct columns *cs, const struct cmp_table *t)
{
	struct plot_page *pg;
	size_t np = plot_pages(t, &pg), k, j;
	const char *dot = strrchr(path, '.');
	char **paths;
	char *script;
	int rc = 0;

	if (np == 0) {
		plot_pages_free(pg, np);
		return error("--plot: no case has a ratio to draw");
	}
	if (strcasecmp(dot, ".pdf") == 0 || np == 1) {
		script = plot_script(cs, t, pg, 0, np);
		rc = plot_one(path, script);
		free(script);
		plot_pages_free(pg, np);
		return rc;
	}
	paths = xcalloc(np, sizeof(*paths));
	for (k = 0; k < np && rc == 0; k++) {
		paths[k] = k == 0 ? xstrdup(path) : xasprintf("%.*s-%zu%s",
		    (int)(dot - path), path, k + 1, dot);
		script = plot_script(cs, t, pg, k, k + 1);
		rc = plot_one(paths[k], script);
		free(script);
		if (rc != 0)
			for (j = 0; j < k; j++)
				unlink(paths[j]);
	}
	if (rc == 0) {
		fprintf(stderr, "%s: --plot: %zu charts, one per benchmark "
		    "group or part of one:", progname, np);
		for (k = 0; k < np; k++)
			fprintf(stderr, " %s", paths[k]);
		fputc('\n', stderr);
	}
	for (k = 0; k < np; k++)
		free(paths[k]);
	free(paths);
	plot_pages_free(pg, np);
	return rc;
}

/* ---- the command ----------------------------------------------------- */

/* A percentage: "5", "5.5" or "5%". */
static int
parse_percent(const char *s, double *out)
{
	char buf[64];
	size_t n = strlen(s);

	if (n == 0 || n >= sizeof(buf))
		return -1;
	memcpy(buf, s, n + 1);
	if (buf[n - 1] == '%')
		buf[--n] = '\0';
	if (n == 0 || buf[n - 1] == '%')
		return -1;
	return parse_double(buf, out);
}

int
cmd_compare(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "baseline", required_argument, NULL, O_BASELINE },
		{ "pool", no_argument, NULL, O_POOL },
		{ "alpha", required_argument, NULL, O_ALPHA },
		{ "fail-on-regression", required_argument, NULL, O_FAIL },
		{ "allow-missing", no_argument, NULL, O_ALLOW_MISSING },
		{ "plot", required_argument, NULL, O_PLOT },
		{ "log", no_argument, NULL, O_LOG },
		{ "format", required_argument, NULL, O_FORMAT },
		{ "db", required_argument, NULL, O_DB },
		{ "ignore-params", no_argument, NULL, O_IGNORE_PARAMS },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *format = "text", *db = NULL, *baseline = NULL;
	const char *plotfile = NULL;
	struct cmp_opts o = { .alpha = CMP_ALPHA_DEFAULT, .fail_pct = -1 };
	struct columns cs = { NULL, 0 };
	struct cmp_column *cc = NULL;
	struct cmp_table t;
	struct store *st = NULL;
	char **specs;
	size_t nspecs = 0, i, base = 0, base_spec = 0, before;
	int c, pool = 0, verbose = 0, rc = EXIT_USAGE, ninputs;
	char what[200], e_a[FMT_SAFE(64)], e_b[FMT_SAFE(64)];

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "hv", opts, NULL)) != -1) {
		switch (c) {
		case O_BASELINE: baseline = optarg; break;
		case O_POOL: pool = 1; break;
		case O_ALPHA:
			if (parse_double(optarg, &o.alpha) != 0 ||
			    !(o.alpha > 0 && o.alpha < 1)) {
				snprintf(what, sizeof(what), "bad --alpha '%s' "
				    "(allowed: above 0 and below 1)", optarg);
				return cmd_bad_usage("compare", what);
			}
			break;
		case O_ALLOW_MISSING: o.allow_missing = 1; break;
		case O_IGNORE_PARAMS: o.ignore_params = 1; break;
		case O_FAIL:
			if (parse_percent(optarg, &o.fail_pct) != 0 ||
			    !(o.fail_pct >= 0 && o.fail_pct <= 1000)) {
				snprintf(what, sizeof(what), "bad "
				    "--fail-on-regression '%s' (allowed: a "
				    "percentage from 0 to 1000)", optarg);
				return cmd_bad_usage("compare", what);
			}
			break;
		case O_PLOT: plotfile = optarg; break;
		case O_LOG: plot_log = 1; break;
		case O_FORMAT: format = optarg; break;
		case O_DB: db = optarg; break;
		case 'v': verbose = 1; break;
		case 'h':
			cmd_usage(stdout, compare_usage);
			return EXIT_OK;
		default:
			return cmd_getopt_error("compare", argc, argv, optopt);
		}
	}
	if (!fmt_known(format)) {
		snprintf(what, sizeof(what), "unknown format '%s' (allowed: "
		    "%s)", format, fmt_names);
		return cmd_bad_usage("compare", what);
	}
	if (plotfile != NULL && plotfile[0] == '\0')
		return cmd_bad_usage("compare", "--plot needs a file name");
	if (plotfile != NULL) {
		char tb[64];

		if (plot_terminal(plotfile, 640, 520, tb, sizeof(tb)) == NULL) {
			snprintf(what, sizeof(what), "--plot '%.120s': unknown "
			    "extension (allowed: .svg, .png, .pdf)", plotfile);
			return cmd_bad_usage("compare", what);
		}
		plot_file = plotfile;
	}
	if (plotfile != NULL && store_output_check(plotfile, db) != 0)
		return EXIT_USAGE;
	/* one input is enough when it is a file of several runs */
	ninputs = argc - optind + (baseline != NULL);
	if (ninputs < 1 || (ninputs == 1 &&
	    !runspec_is_file(baseline != NULL ? baseline :
	    argv[optind], RUNSPEC_LOOSE)))
		return cmd_bad_usage("compare", "give at least two runs, tags "
		    "or files, or one file of several runs");

	/* the inputs; a --baseline that is not among them goes first */
	specs = xcalloc((size_t)(argc - optind) + 1, sizeof(*specs));
	if (baseline != NULL) {
		for (i = (size_t)optind; i < (size_t)argc; i++)
			if (strcmp(argv[i], baseline) == 0)
				break;
		if (i == (size_t)argc)
			specs[nspecs++] = (char *)baseline;
		else
			base_spec = i - (size_t)optind;
	}
	for (i = (size_t)optind; i < (size_t)argc; i++)
		specs[nspecs++] = argv[i];

	for (i = 0; i < nspecs; i++) {
		struct spec_runs rs = { NULL, 0 };
		int file;

		before = cs.n;
		c = runspec_load(specs[i], RUNSPEC_LOOSE, db, &st, &rs, &file);
		if (c == 0)
			c = file ? add_file_runs(&cs, specs[i], &rs, pool) :
			    add_store_run(&cs, st, specs[i], &rs, pool);
		spec_runs_release(&rs);
		if (c != 0)
			goto out;
		if (i == base_spec)
			base = before;
	}
	if (st != NULL) {
		/* everything is read: gnuplot must not inherit the store */
		store_close(st);
		st = NULL;
	}
	if (cs.n < 2) {
		cmd_bad_usage("compare", "the inputs hold only one run; give "
		    "at least two");
		goto out;
	}
	unique_names(&cs);

	cc = xcalloc(cs.n, sizeof(*cc));
	for (i = 0; i < cs.n; i++) {
		const struct system_info *si = cs.v[i].ri.system;

		cc[i].rows = cs.v[i].rows;
		cc[i].n = cs.v[i].nrows;
		cc[i].runs = cs.v[i].nruns;
		cc[i].noise_pct = si != NULL ? si->run.noise_pct : NAN;
		cc[i].pair_id = cs.v[i].pair_key != NULL ? cs.v[i].pair_key :
		    si != NULL && cs.v[i].nruns <= 1 ? si->run.pair_id : NULL;
	}
	cmp_build(&t, cc, cs.n, base, &o);
	for (i = 0; i < cs.n; i++)
		if (i != base && t.common[i] == 0) {
			error("'%s' has no case in common with the baseline "
			    "'%s'", fmt_safe(e_a, sizeof(e_a), cs.v[i].name),
			    fmt_safe(e_b, sizeof(e_b), cs.v[base].name));
			cmp_release(&t);
			goto out;
		}

	if (strcmp(format, "json") == 0)
		print_json(stdout, &cs, &t, &o);
	else if (strcmp(format, "csv") == 0)
		print_sep(stdout, &cs, &t, ',');
	else if (strcmp(format, "tsv") == 0)
		print_sep(stdout, &cs, &t, '\t');
	else
		print_text(stdout, &cs, &t, &o,
		    fmt_term_width(STDOUT_FILENO), verbose);
	fflush(stdout);

	rc = EXIT_OK;
	if (plotfile != NULL && (c = plot(plotfile, &cs, &t)) != 0)
		rc = c == -2 ? EXIT_BENCH : EXIT_USAGE;
	if (o.fail_pct >= 0 && t.nregressions > 0) {
		error("%zu regression%s against '%s' (worse by more than %g%% "
		    "over its whole interval, failed%s)%s", t.nregressions,
		    t.nregressions == 1 ? "" : "s", cs.v[base].name,
		    o.fail_pct, o.allow_missing ? "" : ", or missing",
		    t.nmissing > 0 && !o.allow_missing ? "; --allow-missing "
		    "lets missing or SKIPPED cases pass" : "");
		rc = EXIT_REGRESSION;
	}
	cmp_release(&t);
out:
	free(cc);
	for (i = 0; i < cs.n; i++)
		column_free(&cs.v[i]);
	free(cs.v);
	free(specs);
	if (st != NULL)
		store_close(st);
	return rc;
}
