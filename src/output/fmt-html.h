/*
 * fmt-html.h - the report as one self-contained HTML page (fmt-html.c):
 * inline CSS and SVG charts, no script, nothing fetched.  It prints the
 * runs it is given and the comparison the command built; it computes no
 * statistics (doc/DESIGN.md section 1).
 */
#ifndef BOARDBENCH_FMT_HTML_H
#define BOARDBENCH_FMT_HTML_H

#include <stddef.h>

#include "compare.h"
#include "result.h"

/* One run of the report and the name it goes by (its tag, else where it
 * came from). */
struct rrun {
	struct run_info ri;
	struct result *rows;
	size_t n;
	char name[160];
	/* report --pool: how many runs were pooled into rows (0 or 1: one),
	 * what they were ("runs 3,5,7"; NULL: one run) and, every one
	 * paired, their sessions' ids (NULL: not) */
	size_t runs;
	char *pooled, *pair_key;
};

struct rruns {
	struct rrun *v;
	size_t n;
};

/*
 * fmt_html_report: the page for the runs rs (at least one); t is the
 * comparison of every run with the first (cmp_build, the first the
 * baseline, at alpha), used when there are two runs or more.  Returns the
 * page (owned).
 */
char *fmt_html_report(const struct rruns *rs, const struct cmp_table *t,
    double alpha);

/*
 * The charts by size of every run in rs (fmt-html-size.c), one per
 * benchmark with a chart, by its rank, appended to sb.
 */
struct strbuf;
void fmt_html_size_charts(struct strbuf *sb, const struct rruns *rs);

#endif
