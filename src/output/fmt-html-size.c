/*
 * fmt-html-size.c - the report's charts by size (fmt-html.h): a
 * benchmark whose case names carry a size (memory latency by working
 * set, bandwidth by block) gets one line chart, a line per run and
 * series, drawn by svg.c.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "fmt-html.h"
#include "registry.h"
#include "result.h"
#include "svg.h"
#include "util.h"

static void
fmt_bytes(double v, char *buf, size_t len)
{
	if (v >= 1024.0 * 1024 * 1024)
		bufprintf(buf, len, "%gGiB", v / (1024.0 * 1024 * 1024));
	else if (v >= 1024.0 * 1024)
		bufprintf(buf, len, "%gMiB", v / (1024.0 * 1024));
	else if (v >= 1024)
		bufprintf(buf, len, "%gKiB", v / 1024);
	else
		bufprintf(buf, len, "%gB", v);
}

/* A benchmark's place among the charts: its rank, 0 when it has none. */
static int
chart_rank(const struct bench_info *b)
{
	return b->chart != NULL && b->case_size != NULL ? b->chart->rank : 0;
}

/*
 * The charts of every run, one per benchmark with a chart (by its rank):
 * its figure by the size its case names carry (memory latency in ns by
 * working set on log axes, bandwidth in MB/s by size), one line per run
 * and series (operation and placement).
 */
/* fmt-html.h */
void
fmt_html_size_charts(struct strbuf *sb, const struct rruns *rs)
{
	struct svg_series *ser = NULL;
	double **xs = NULL, **ys = NULL;
	char **names = NULL;
	size_t ns = 0, i, j, k, at = registry_count;
	const struct bench_info *b;

	while ((b = registry_next_ranked(chart_rank, &at)) != NULL) {
		const struct bench_chart *c = b->chart;

		for (i = 0; i < rs->n; i++) {
			const struct rrun *r = &rs->v[i];
			/* one series per operation and placement */
			for (j = 0; j < r->n; j++) {
				const struct result *q = &r->rows[j];
				char op[64];
				double bytes;
				size_t m;

				if (strcmp(q->bench, b->name) != 0 ||
				    q->status != ST_OK || q->copy != 0)
					continue;
				/* "copy/1MiB/thp": series "copy thp" */
				bytes = b->case_size(q->case_name, op,
				    sizeof(op));
				if (isnan(bytes))
					continue;
				if (rs->n > 1)
					bufprintf(op + strlen(op), sizeof(op) -
					    strlen(op), "%s%.40s", op[0] ? " " :
					    "", r->name);
				if (op[0] == '\0')
					bufprintf(op, sizeof(op), "%s",
					    b->name);
				for (k = 0; k < ns; k++)
					if (strcmp(names[k], op) == 0)
						break;
				if (k == ns) {
					ser = xreallocarray(ser, ns + 1,
					    sizeof(*ser));
					xs = xreallocarray(xs, ns + 1,
					    sizeof(*xs));
					ys = xreallocarray(ys, ns + 1,
					    sizeof(*ys));
					names = xreallocarray(names, ns + 1,
					    sizeof(*names));
					names[ns] = xstrdup(op);
					xs[ns] = ys[ns] = NULL;
					memset(&ser[ns], 0, sizeof(ser[ns]));
					ns++;
				}
				m = ser[k].n;
				xs[k] = xreallocarray(xs[k], m + 1,
				    sizeof(double));
				ys[k] = xreallocarray(ys[k], m + 1,
				    sizeof(double));
				xs[k][m] = bytes;
				/* in the chart's unit (ns, MB/s) */
				ys[k][m] = q->st.median * c->ymul / c->ydiv;
				ser[k].n = m + 1;
			}
		}
		if (ns > 0) {
			struct svg_lines l;

			for (k = 0; k < ns; k++) {
				ser[k].name = names[k];
				ser[k].x = xs[k];
				ser[k].y = ys[k];
			}
			memset(&l, 0, sizeof(l));
			l.series = ser;
			l.nseries = ns;
			l.logx = 1;
			l.xpow2 = 1;
			l.xlabel = "working set";
			l.xfmt = fmt_bytes;
			l.title = c->title;
			l.ylabel = c->ylabel;
			l.logy = c->logy;
			l.yfmt = c->yfmt;
			strbuf_addf(sb, "<h3>%s</h3>\n", c->heading);
			svg_line_chart(sb, &l);
		}
		for (k = 0; k < ns; k++) {
			free(xs[k]);
			free(ys[k]);
			free(names[k]);
		}
		free(xs);
		free(ys);
		free(names);
		free(ser);
		xs = ys = NULL;
		names = NULL;
		ser = NULL;
		ns = 0;
	}
}
