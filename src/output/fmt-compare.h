/*
 * fmt-compare.h - the formatters of `boardbench compare`: text, CSV/TSV,
 * JSON and the gnuplot chart, all fed by one struct comparison: the
 * columns (the runs each stands for, their names and identity) and the
 * table compare.c built from them.  They print; they compute nothing
 * (doc/DESIGN.md section 1).
 */
#ifndef BOARDBENCH_FMT_COMPARE_H
#define BOARDBENCH_FMT_COMPARE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <jansson.h>

#include "compare.h"
#include "result.h"

/* One column of a comparison: one run, or the pooled runs of one tag. */
struct cmp_input {
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

/* The columns, in order (the baseline is one of them). */
struct cmp_inputs {
	struct cmp_input *v;
	size_t n;
};


/* One comparison, as every compare formatter reads it. */
struct comparison {
	const struct cmp_inputs *in;	/* the columns */
	const struct cmp_table *t;	/* their ratios and verdicts (compare.c) */
	const struct cmp_opts *o;	/* the options the table was built with */
	/* the text view's: */
	int width;		/* columns to fit */
	int verbose;		/* every difference, every SKIPPED row */
	int intervals;		/* a compact table's intervals below it */
};

/*
 * A compare format by its name (fmt_names: text, csv, tsv, json): the
 * function that prints a comparison in it, NULL for an unknown name.
 */
typedef void fmt_compare_fn(FILE *, const struct comparison *);
fmt_compare_fn *fmt_compare_format(const char *name);

/*
 * The text view for people, fitted to width columns (fmt-compare-text.c):
 * one line per case, its cells with their intervals when they fit, else
 * compact (the ratio and its mark; the columns in blocks when they do not
 * fit either); verbose: every build and system field that differs, in
 * full, and the per-MHz rows SKIPPED for want of a clock; intervals: a
 * compact table's intervals as a second table.
 */
fmt_compare_fn fmt_compare_text;
/* The long format, one line per case and column: CSV, TSV
 * (fmt-compare-csv.c). */
fmt_compare_fn fmt_compare_csv, fmt_compare_tsv;
/* The JSON document (fmt-compare-json.c); a write error is printed. */
fmt_compare_fn fmt_compare_json;

/*
 * The gnuplot terminal and size for a chart file, chosen by its
 * extension (.svg, .png, .pdf, any case), into buf; NULL for any other
 * extension (fmt-compare-plot.c).
 */
const char *fmt_compare_plot_terminal(const char *path, int width,
    int height, char *buf, size_t len);
/*
 * The ratios as bar charts drawn by gnuplot into path (log: a logarithmic
 * ratio axis): 0, or with one error line -1 (gnuplot cannot be run, or
 * nothing to draw) or -2 (it failed, or the write) (fmt-compare-plot.c).
 */
int fmt_compare_plot(const char *path, const struct comparison *, int log);

/* Shared by the compare formatters (fmt-compare.c). */
/* A column's letter: A, B, ... Z, then '+'. */
char fmt_cmp_letter(size_t i);
/* The case of table row ri as people read it:
 * "double-rolled [4 copies] (n=200)". */
void fmt_cmp_case_label(const struct cmp_table *, size_t ri, char *buf,
    size_t len);
/* The names of the marks and of the units of the test, as CSV and JSON
 * write them. */
extern const char *const fmt_cmp_mark_names[];
extern const char *const fmt_cmp_unit_names[];

#endif
