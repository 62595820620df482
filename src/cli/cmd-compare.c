/*
 * cmd-compare.c - `boardbench compare A B [C...]`: build flag sets side by
 * side.  Parses the options, makes each input (a run id, uuid, tag or
 * exported JSON file, loaded by runspec.c) a column, has compare.c build
 * the table (each cell the ratio of its median to the baseline's,
 * direction-aware, with its interval and verdict), hands it to a compare
 * formatter (fmt-compare-*.c: text, CSV/TSV, JSON, the gnuplot chart) and
 * returns the exit status.
 */
#include "config.h"

#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "cmd-opt.h"
#include "compare.h"
#include "fmt.h"
#include "fmt-compare.h"
#include "registry.h"
#include "result.h"
#include "runspec.h"
#include "store.h"
#include "sysinfo-show.h"
#include "util.h"

enum {
	O_BASELINE = OPT_OWN, O_POOL, O_FAIL, O_PLOT, O_ALLOW_MISSING, O_LOG,
	O_IGNORE_PARAMS, O_INTERVALS
};

static const struct cmd_opt compare_opt[] = {
	{ "baseline", 0, CMD_OPT_ARG, "X", O_BASELINE,
	    "the column the others are divided by (default the\n"
	    "first); X is one of the inputs, or another input\n"
	    "that is then added as the first column" },
	{ "pool", 0, CMD_OPT_NOARG, NULL, O_POOL,
	    "a tag stands for every complete run with it (sweep\n"
	    "rounds, paired sessions): their raw samples are\n"
	    "pooled, and paired sessions compare session by\n"
	    "session; runs not complete are left out and named\n"
	    "above the table" },
	CMD_OPT_ALPHA(
	    "the false discovery rate of the verdicts (default\n"
	    "0.05); the intervals stay 95 %"),
	{ "ignore-params", 0, CMD_OPT_NOARG, NULL, O_IGNORE_PARAMS,
	    "match cases by benchmark and case name alone (runs\n"
	    "measured with other parameters, such as a paired\n"
	    "run's -p B:NAME.PARAM=VALUE)" },
	{ "fail-on-regression", 0, CMD_OPT_ARG, "PCT", O_FAIL,
	    "exit 3 when a case is worse than the baseline by\n"
	    "more than PCT percent (5 or 5%) over its whole\n"
	    "interval (and called different),\n"
	    "failed where the baseline did not, or is missing,\n"
	    "SKIPPED or INTERRUPTED where the baseline has it\n"
	    "OK; counted once per measured case (derived rows\n"
	    "<case>/<name> follow their case)" },
	{ "allow-missing", 0, CMD_OPT_NOARG, NULL, O_ALLOW_MISSING,
	    "with --fail-on-regression: a missing or SKIPPED\n"
	    "case is reported but is not a regression" },
	{ "plot", 0, CMD_OPT_ARG, "FILE", O_PLOT,
	    "also draw the ratios as bar charts with gnuplot:\n"
	    "FILE.svg, FILE.png or FILE.pdf; one chart per\n"
	    "benchmark group (at most 48 bars each, a big group\n"
	    "in parts): pages of one PDF, or FILE-2.svg ...;\n"
	    "a case with no ratio gets no slot; bars within\n"
	    "the noise are hatched; the 95 % intervals are\n"
	    "error bars" },
	{ "log", 0, CMD_OPT_NOARG, NULL, O_LOG,
	    "with --plot: a logarithmic ratio axis, bars from\n"
	    "1 (for ratios that span 10x or more)" },
	CMD_OPT_FORMAT(cmd_opt_format_text),
	{ "intervals", 0, CMD_OPT_NOARG, NULL, O_INTERVALS,
	    "text: when the cells are compact (their intervals\n"
	    "do not fit the width), the intervals as a second\n"
	    "table" },
	{ "verbose", 'v', CMD_OPT_NOARG, NULL, 'v',
	    "text: every build and system field that differs,\n"
	    "each value in full" },
	CMD_OPT_DB,
	CMD_OPT_HELP,
	CMD_OPT_END
};

const struct cmd_opts cmd_compare_opts = {
	.head =
"usage: boardbench compare [OPTIONS] A B [C...]\n"
"       boardbench compare [OPTIONS] FILE\n"
"\n"
"Compares build flag sets side by side: one column per input, one row per\n"
"case, each cell the ratio to the baseline with its 95 % interval,\n"
"turned so that above 1 is better (rates: value / baseline; times:\n"
"baseline / value).  The unit of the statistics is never a raw sample:\n"
"runs of one paired session (run --against) compare pair by pair (a CPU\n"
"kernel's processes by their work per CPU second; Yuen's\n"
"20 % trimmed mean of the pairs' log ratios and its t interval, with the\n"
"effect of running first taken off, so that a pair a slow spell hit on\n"
"one side moves it little; a case measured in code placements, as\n"
"Dhrystone's, placement by placement: the mean of their mean log ratios,\n"
"Student's t over the placements, so which layouts each build drew is\n"
"part of the interval); paired sessions of the same builds pooled with\n"
"--pool (each build's runs tagged alike) compare session by session:\n"
"each session's paired ratio is one unit, with Student's t over the\n"
"sessions; unpaired runs pooled with --pool compare their runs' medians\n"
"with Welch's t interval; one unpaired run a side has the ratio alone\n"
"and no verdict (n/c 1 run/side: its processes cannot show how far the\n"
"next run differs).  A paired cell keeps its verdict whatever its sides'\n"
"flags: the pairs met the load alike.  A cell marked ~ shows no\n"
"difference: its interval holds 1, or Benjamini-Hochberg at the --alpha\n"
"level (over each column's cases, not their derived rows) does not keep\n"
"it; ? has too few units for an interval; n/c has no verdict: unpaired\n"
"and a side flagged busy, preempted, throttled or drifted, one run a\n"
"side, or emulated against native.  Above the table: how many cases\n"
"were compared, how many called different and how many chance alone\n"
"would give, which have no verdict and what to do, and how many paired\n"
"cases drifted (their verdict stands: repeat the session to tell).\n"
"Above the table, the fields in which the builds and systems differ: the\n"
"compiler and its version, CFLAGS, float ABI, FPU, NEON and architecture\n"
"first and in full, then up to three others (long ones shortened) and how\n"
"many more --verbose shows.  Text fits $COLUMNS, else the terminal's\n"
"width, else 80 columns, one line per case: its cells with their\n"
"intervals when they fit beside the names, else compact (the ratio and\n"
"its mark, each case under its benchmark's line; --intervals adds their\n"
"intervals as a second table), the columns in blocks, each with the\n"
"baseline, when even those do not fit; a case name longer than its column\n"
"is on a line of its own.  A case measured in code placements has their\n"
"range, slowest to fastest, on a line under it; per-MHz rows SKIPPED for\n"
"want of a clock in every column are one line under the table.\n"
"\n"
"A, B ... are run ids, run uuids, 'last', tags (the latest run with the tag;\n"
"tag:T forces the tag meaning) or files written by 'boardbench export' or\n"
"'run --format json' (each run in a file is a column, so one FILE of several\n"
"runs, such as a whole store's export, is enough).\n"
"\n",
	.opt = compare_opt,
	.tail =
"\n"
"Exit status: 0 compared, 2 bad input (unknown run or tag, no case in\n"
"common, a file that is not a boardbench export, no gnuplot for --plot,\n"
"a --plot extension other than .svg, .png or .pdf),\n"
"3 a regression with --fail-on-regression.\n",
	.col = 26
};

static void column_free(struct cmp_input *);
static struct cmp_input *column_new(struct cmp_inputs *);
static void column_take(struct cmp_input *, struct spec_run *,
    const size_t *pick, size_t m, size_t named);
static int add_store_run(struct cmp_inputs *, struct store *, const char *,
    struct spec_runs *, int pool);
static int add_file_runs(struct cmp_inputs *, const char *, struct spec_runs *,
    int pool);
static void unique_names(struct cmp_inputs *);

static void
column_free(struct cmp_input *c)
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

static struct cmp_input *
column_new(struct cmp_inputs *cs)
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
column_take(struct cmp_input *c, struct spec_run *v, const size_t *pick,
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
pool_complete_only(struct store *st, const char *spec, struct cmp_input *c,
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
add_store_run(struct cmp_inputs *cs, struct store *st, const char *spec,
    struct spec_runs *one, int pool)
{
	struct spec_runs more = { NULL, 0 };
	struct cmp_input *c;
	struct strbuf sb, pk;
	int64_t *ids = xcalloc(1, sizeof(*ids));
	size_t nids = 1, i, *pick;
	const char *tag = strncmp(spec, "tag:", 4) == 0 ? spec + 4 : spec;
	const char *rtag = one->v[0].ri.tag;
	int allp = 1, pooled = 0;

	ids[0] = one->v[0].id;
	c = column_new(cs);
	/* a bare tag stands for its one NAME@FINGERPRINT (a sweep's) */
	if (pool && rtag[0] != '\0' && (strcmp(tag, rtag) == 0 ||
	    (strncmp(rtag, tag, strlen(tag)) == 0 &&
	    rtag[strlen(tag)] == '@' && strchr(tag, '@') == NULL))) {
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
add_file_runs(struct cmp_inputs *cs, const char *path, struct spec_runs *rs,
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
		struct cmp_input *c;

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
unique_names(struct cmp_inputs *cs)
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

int
cmd_compare_inputs(struct cmp_inputs *cs, const char *spec, unsigned flags,
    const char *db, struct store **st, int pool)
{
	struct spec_runs rs = { NULL, 0 };
	int file, c;

	c = runspec_load(spec, flags, db, st, &rs, &file);
	if (c == 0)
		c = file ? add_file_runs(cs, spec, &rs, pool) :
		    add_store_run(cs, *st, spec, &rs, pool);
	spec_runs_release(&rs);
	return c;
}

void
cmd_compare_inputs_release(struct cmp_inputs *cs)
{
	size_t i;

	for (i = 0; i < cs->n; i++)
		column_free(&cs->v[i]);
	free(cs->v);
	cs->v = NULL;
	cs->n = 0;
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

/* compare's options, as parsed */
struct compare_args {
	const char *format, *db, *baseline, *plotfile;
	struct cmp_opts o;
	fmt_compare_fn *print;
	int pool, verbose, intervals, plot_log;
};

/*
 * The options into a (optind past them): -1 to go on, else the exit
 * status (--help, or bad usage said in one line).
 */
static int
compare_parse(int argc, char **argv, struct compare_args *a)
{
	struct cmd_getopt g;
	char what[200];
	int c;

	cmd_opt_start(&g, &cmd_compare_opts);
	while ((c = cmd_opt_next(&g, argc, argv)) != -1) {
		switch (c) {
		case O_BASELINE: a->baseline = optarg; break;
		case O_POOL: a->pool = 1; break;
		case OPT_ALPHA:
			if (parse_double(optarg, &a->o.alpha) != 0 ||
			    !(a->o.alpha > 0 && a->o.alpha < 1)) {
				snprintf(what, sizeof(what), "bad --alpha '%s' "
				    "(allowed: above 0 and below 1)", optarg);
				return cmd_bad_usage("compare", what);
			}
			break;
		case O_ALLOW_MISSING: a->o.allow_missing = 1; break;
		case O_IGNORE_PARAMS: a->o.ignore_params = 1; break;
		case O_FAIL:
			if (parse_percent(optarg, &a->o.fail_pct) != 0 ||
			    !(a->o.fail_pct >= 0 && a->o.fail_pct <= 1000)) {
				snprintf(what, sizeof(what), "bad "
				    "--fail-on-regression '%s' (allowed: a "
				    "percentage from 0 to 1000)", optarg);
				return cmd_bad_usage("compare", what);
			}
			break;
		case O_PLOT: a->plotfile = optarg; break;
		case O_LOG: a->plot_log = 1; break;
		case OPT_FORMAT: a->format = optarg; break;
		case OPT_DB: a->db = optarg; break;
		case 'v': a->verbose = 1; break;
		case O_INTERVALS: a->intervals = 1; break;
		case 'h':
			cmd_opt_usage(stdout, &cmd_compare_opts);
			return EXIT_OK;
		default:
			return cmd_getopt_error("compare", argc, argv, optopt);
		}
	}
	if ((a->print = fmt_compare_format(a->format)) == NULL) {
		snprintf(what, sizeof(what), "unknown format '%s' (allowed: "
		    "%s)", a->format, fmt_names);
		return cmd_bad_usage("compare", what);
	}
	if (a->plotfile != NULL && a->plotfile[0] == '\0')
		return cmd_bad_usage("compare", "--plot needs a file name");
	if (a->plotfile != NULL) {
		char tb[64];

		if (fmt_compare_plot_terminal(a->plotfile, 640, 520, tb,
		    sizeof(tb)) == NULL) {
			snprintf(what, sizeof(what), "--plot '%.120s': unknown "
			    "extension (allowed: .svg, .png, .pdf)",
			    a->plotfile);
			return cmd_bad_usage("compare", what);
		}
	}
	if (a->plotfile != NULL && store_output_check(a->plotfile, a->db) != 0)
		return EXIT_USAGE;
	return -1;
}

/*
 * The inputs named after the options (a --baseline not among them goes
 * first) read into cs, *base the baseline's column: 0, or -1 with the
 * error said.
 */
static int
compare_read(int argc, char **argv, const struct compare_args *a,
    struct cmp_inputs *cs, size_t *base)
{
	char **specs;
	struct store *st = NULL;
	size_t nspecs = 0, i, base_spec = 0, before;
	int rc = 0;

	specs = xcalloc((size_t)(argc - optind) + 1, sizeof(*specs));
	if (a->baseline != NULL) {
		for (i = (size_t)optind; i < (size_t)argc; i++)
			if (strcmp(argv[i], a->baseline) == 0)
				break;
		if (i == (size_t)argc)
			specs[nspecs++] = (char *)a->baseline;
		else
			base_spec = i - (size_t)optind;
	}
	for (i = (size_t)optind; i < (size_t)argc; i++)
		specs[nspecs++] = argv[i];
	*base = 0;
	for (i = 0; i < nspecs && rc == 0; i++) {
		before = cs->n;
		if (cmd_compare_inputs(cs, specs[i], RUNSPEC_LOOSE, a->db, &st,
		    a->pool) != 0)
			rc = -1;
		else if (i == base_spec)
			*base = before;
	}
	/* everything is read: gnuplot must not inherit the store */
	if (st != NULL)
		store_close(st);
	free(specs);
	return rc;
}

/* cmd.h */
void
cmd_cmp_column(struct cmp_column *cc, const struct result *rows, size_t n,
    size_t runs, const char *pair_key, const struct system_info *si)
{
	cc->rows = rows;
	cc->n = n;
	cc->runs = runs;
	cc->pair_id = pair_key != NULL ? pair_key :
	    si != NULL && runs <= 1 ? si->run.pair_id : NULL;
}

/* The table of cs against column base: 0, or -1 with the error said. */
static int
compare_table(struct cmp_table *t, const struct cmp_inputs *cs,
    size_t base, const struct cmp_opts *o)
{
	struct cmp_column *cc = xcalloc(cs->n, sizeof(*cc));
	char e_a[FMT_SAFE(64)], e_b[FMT_SAFE(64)];
	size_t i;

	for (i = 0; i < cs->n; i++)
		cmd_cmp_column(&cc[i], cs->v[i].rows, cs->v[i].nrows,
		    cs->v[i].nruns, cs->v[i].pair_key, cs->v[i].ri.system);
	cmp_build(t, cc, cs->n, base, o);
	free(cc);
	for (i = 0; i < cs->n; i++)
		if (i != base && t->common[i] == 0) {
			error("'%s' has no case in common with the baseline "
			    "'%s'", fmt_safe(e_a, sizeof(e_a), cs->v[i].name),
			    fmt_safe(e_b, sizeof(e_b), cs->v[base].name));
			cmp_release(t);
			return -1;
		}
	return 0;
}

int
cmd_compare(int argc, char **argv)
{
	struct compare_args a = { .format = "text",
	    .o = { .alpha = CMP_ALPHA_DEFAULT, .fail_pct = -1 } };
	struct cmp_inputs cs = { NULL, 0 };
	struct cmp_table t;
	struct comparison cmp = { 0 };
	size_t base;
	int c, rc, ninputs;

	if ((rc = compare_parse(argc, argv, &a)) >= 0)
		return rc;
	/* one input is enough when it is a file of several runs */
	ninputs = argc - optind + (a.baseline != NULL);
	if (ninputs < 1 || (ninputs == 1 &&
	    !runspec_is_file(a.baseline != NULL ? a.baseline :
	    argv[optind], RUNSPEC_LOOSE)))
		return cmd_bad_usage("compare", "give at least two runs, tags "
		    "or files, or one file of several runs");
	rc = EXIT_USAGE;
	if (compare_read(argc, argv, &a, &cs, &base) != 0)
		goto out;
	if (cs.n < 2) {
		cmd_bad_usage("compare", "the inputs hold only one run; give "
		    "at least two");
		goto out;
	}
	unique_names(&cs);
	if (compare_table(&t, &cs, base, &a.o) != 0)
		goto out;
	cmp.in = &cs;
	cmp.t = &t;
	cmp.o = &a.o;
	cmp.width = fmt_term_width(STDOUT_FILENO);
	cmp.verbose = a.verbose;
	cmp.intervals = a.intervals;
	a.print(stdout, &cmp);
	fflush(stdout);

	rc = EXIT_OK;
	if (a.plotfile != NULL && (c = fmt_compare_plot(a.plotfile, &cmp,
	    a.plot_log)) != 0)
		rc = c == -2 ? EXIT_BENCH : EXIT_USAGE;
	if (a.o.fail_pct >= 0 && t.nregressions > 0) {
		error("%zu regression%s against '%s' (worse by more than %g%% "
		    "over its interval, or in its ratio when one run a side, "
		    "failed%s)%s", t.nregressions,
		    t.nregressions == 1 ? "" : "s", cs.v[base].name,
		    a.o.fail_pct, a.o.allow_missing ? "" : ", or missing",
		    t.nmissing > 0 && !a.o.allow_missing ? "; --allow-missing "
		    "lets missing or SKIPPED cases pass" : "");
		rc = EXIT_REGRESSION;
	}
	cmp_release(&t);
out:
	cmd_compare_inputs_release(&cs);
	return rc;
}

