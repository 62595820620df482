/*
 * cmd-report.c - `boardbench report`: stored or exported runs (loaded by
 * runspec.c) as one self-contained HTML file to keep or share.  Parses the
 * options, builds the comparison of the runs with the first (compare.c),
 * has fmt-html.c write the page and writes it through out_file: whole or
 * not at all.
 */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "cmd-opt.h"
#include "compare.h"
#include "fmt-compare.h"
#include "fmt-html.h"
#include "result.h"
#include "runspec.h"
#include "store.h"
#include "sysinfo.h"
#include "util.h"

enum { O_POOL = OPT_OWN };

static const struct cmd_opt report_opt[] = {
	{ NULL, 'o', CMD_OPT_ARG, "FILE", 'o',
	    "the HTML file (required; replaced only when written in full)" },
	{ "pool", 0, CMD_OPT_NOARG, NULL, O_POOL,
	    "a tag stands for every complete run with it,\n"
	    "pooled as 'compare --pool' pools them (a sweep's\n"
	    "rounds: the sweep's own numbers)" },
	CMD_OPT_ALPHA("level of the comparison's noise test (default 0.05)"),
	CMD_OPT_DB,
	CMD_OPT_HELP,
	CMD_OPT_END
};

const struct cmd_opts cmd_report_opts = {
	.head =
"usage: boardbench report [OPTIONS] [RUN|TAG|FILE...] -o FILE.html\n"
"\n"
"Writes one self-contained HTML file (inline CSS and SVG charts, no script,\n"
"nothing fetched from the network; readable on a phone) with, first, a\n"
"warning when the runs' profiles differ or when more than half of a run's\n"
"headline is flagged busy, noisy or preempted (not fit to publish), the\n"
"headline (the figures people quote, a column per run), for two or more\n"
"runs the comparison to the first: ratios (above 1 is better) with noise\n"
"marks, as 'compare', charts per benchmark group (memory latency by size\n"
"on log axes, bandwidth by size) where there are any, and per run the\n"
"board and build identity, the monitor's charts (temperature, clock) and\n"
"every table (value in the unit people quote: MFLOPS, MIPS, MWIPS, MB/s;\n"
"CV, N, flags).\n"
"RUN is as for 'boardbench show' (default: the last run); FILE is a file\n"
"written by 'boardbench export' or 'run --format json' (each run in it).\n",
	.opt = report_opt,
	.tail =
"\n"
"Exit status: 0 written, 1 the file could not be written, 2 bad input.\n",
	.col = 16
};

static struct rrun *
rrun_new(struct rruns *rs)
{
	return XAPPEND(rs->v, rs->n);
}

/*
 * add_runs: the runs one spec loaded (rs, taken over) as report runs,
 * each named by its tag, else by where it came from: "run N", or the file
 * (FILE#K when it holds several).
 */
static void
add_runs(struct rruns *rs, const char *spec, int file, struct spec_runs *in)
{
	const char *base = strrchr(spec, '/') ? strrchr(spec, '/') + 1 : spec;
	char src[160];
	size_t i;

	for (i = 0; i < in->n; i++) {
		struct rrun *r = rrun_new(rs);

		r->ri = in->v[i].ri;
		memset(&in->v[i].ri, 0, sizeof(in->v[i].ri));
		r->rows = in->v[i].rows;
		r->n = in->v[i].n;
		in->v[i].rows = NULL;
		in->v[i].n = 0;
		if (!file)
			bufprintf(src, sizeof(src), "run %lld",
			    (long long)in->v[i].id);
		else if (in->n > 1)
			bufprintf(src, sizeof(src), "%.100s#%zu", base, i + 1);
		else
			bufprintf(src, sizeof(src), "%.100s", base);
		if (r->ri.tag[0] != '\0')
			bufprintf(r->name, sizeof(r->name), "%s", r->ri.tag);
		else
			bufprintf(r->name, sizeof(r->name), "%s", src);
	}
}

/*
 * add_pooled: the columns compare --pool makes of one spec (each a run,
 * or the complete runs of a tag pooled) as report runs, taken over.
 */
static int
add_pooled(struct rruns *rs, const char *spec, const char *db,
    struct store **st)
{
	struct cmp_inputs cs = { NULL, 0 };
	size_t i;

	if (cmd_compare_inputs(&cs, spec, 0, db, st, 1) != 0) {
		cmd_compare_inputs_release(&cs);
		return -1;
	}
	for (i = 0; i < cs.n; i++) {
		struct cmp_input *c = &cs.v[i];
		struct rrun *r = rrun_new(rs);

		r->ri = c->ri;
		memset(&c->ri, 0, sizeof(c->ri));
		r->rows = c->rows;
		r->n = c->nrows;
		c->rows = NULL;
		c->nrows = 0;
		strlcpy_bb(r->name, c->name, sizeof(r->name));
		r->runs = c->nruns;
		r->pooled = c->nruns > 1 ? xstrdup(c->source) : NULL;
		r->pair_key = c->pair_key;
		c->pair_key = NULL;
	}
	cmd_compare_inputs_release(&cs);
	return 0;
}

static void
rruns_free(struct rruns *rs)
{
	size_t i, j;

	for (i = 0; i < rs->n; i++) {
		struct rrun *r = &rs->v[i];

		run_info_release(&r->ri);
		for (j = 0; j < r->n; j++)
			result_release(&r->rows[j]);
		free(r->rows);
		free(r->pooled);
		free(r->pair_key);
	}
	free(rs->v);
}

/*
 * report_page: the page for the runs; with two or more, the comparison of
 * each with the first is built here (compare.c) for the page to show.
 */
static char *
report_page(const struct rruns *rs, double alpha)
{
	struct cmp_column *cc;
	struct cmp_opts o = { .alpha = alpha, .fail_pct = -1 };
	struct cmp_table t;
	size_t c;
	char *html;

	if (rs->n < 2)
		return fmt_html_report(rs, NULL, alpha);
	cc = xcalloc(rs->n, sizeof(*cc));
	for (c = 0; c < rs->n; c++)
		cmd_cmp_column(&cc[c], rs->v[c].rows, rs->v[c].n,
		    rs->v[c].runs, rs->v[c].pair_key, rs->v[c].ri.system);
	cmp_build(&t, cc, rs->n, 0, &o);
	html = fmt_html_report(rs, &t, alpha);
	cmp_release(&t);
	free(cc);
	return html;
}

int
cmd_report(int argc, char **argv)
{
	const char *db = NULL, *out = NULL;
	double alpha = CMP_ALPHA_DEFAULT;
	struct rruns rs = { NULL, 0 };
	struct store *st = NULL;
	struct out_file of;
	char *html, what[200], *lastspec[] = { "last" };
	char **specs;
	size_t nspecs, i;
	int c, rc = EXIT_USAGE, pool = 0;
	struct cmd_getopt g;

	cmd_opt_start(&g, &cmd_report_opts);
	while ((c = cmd_opt_next(&g, argc, argv)) != -1) {
		switch (c) {
		case OPT_DB: db = optarg; break;
		case 'o': out = optarg; break;
		case O_POOL: pool = 1; break;
		case OPT_ALPHA:
			if (parse_double(optarg, &alpha) != 0 ||
			    !(alpha > 0 && alpha < 1)) {
				snprintf(what, sizeof(what), "bad --alpha '%.60s'"
				    " (allowed: above 0 and below 1)", optarg);
				return cmd_bad_usage("report", what);
			}
			break;
		case 'h':
			cmd_opt_usage(stdout, &cmd_report_opts);
			return EXIT_OK;
		default:
			return cmd_getopt_error("report", argc, argv, optopt);
		}
	}
	if (out == NULL || out[0] == '\0')
		return cmd_bad_usage("report", "give the HTML file with -o FILE");
	if (store_output_check(out, db) != 0)
		return EXIT_USAGE;
	specs = optind < argc ? argv + optind : lastspec;
	nspecs = optind < argc ? (size_t)(argc - optind) : 1;
	for (i = 0; i < nspecs; i++) {
		struct spec_runs in = { NULL, 0 };
		int file;

		if (pool) {
			if (add_pooled(&rs, specs[i], db, &st) != 0)
				goto out;
			continue;
		}
		c = runspec_load(specs[i], 0, db, &st, &in, &file);
		if (c == 0)
			add_runs(&rs, specs[i], file, &in);
		spec_runs_release(&in);
		if (c != 0)
			goto out;
	}
	if (rs.n == 0) {
		cmd_bad_usage("report", "no run to report");
		goto out;
	}
	html = report_page(&rs, alpha);
	rc = EXIT_BENCH;
	if (out_file_open(&of, out) == 0) {
		if (fwrite(html, 1, strlen(html), of.fp) != strlen(html)) {
			error("cannot write '%s': %m", out);
			out_file_abort(&of);
		} else if (out_file_commit(&of) == 0)
			rc = EXIT_OK;
	}
	free(html);
out:
	rruns_free(&rs);
	if (st != NULL)
		store_close(st);
	return rc;
}
