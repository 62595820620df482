/*
 * svg.h - a small SVG writer for the HTML report: horizontal bar charts
 * and line charts (linear or log axes), appended to a strbuf as inline
 * <svg> elements.  Every text given here is escaped for HTML/XML; no
 * caller-supplied text reaches the output unescaped.
 */
#ifndef BOARDBENCH_SVG_H
#define BOARDBENCH_SVG_H

#include <stddef.h>
#include "util.h"

/* Append s with & < > " ' replaced by entities and control bytes dropped. */
void html_escape(struct strbuf *, const char *s);

/*
 * A horizontal bar chart: one group of bars per label, one bar per
 * series; values[i * nseries + s] (NAN: no bar, the slot is not drawn
 * when every series of a label is NAN).  hatched (may be NULL), same
 * layout: a bar drawn lighter and hatched, SVG_HATCH_NOISE within the
 * noise (~), SVG_HATCH_NC no verdict (n/c); the legend names only the
 * kinds drawn.  ref > 0 draws a dashed reference line at that value (1
 * for ratios).  The axis is bounded by the figures: it reaches an
 * interval's end at most twice the largest of the values and ref; an
 * interval beyond is clipped at the axis and marked (its end drawn as an
 * arrow, "clipped" in the legend).
 */
#define SVG_HATCH_NOISE	1
#define SVG_HATCH_NC	2
struct svg_bars {
	const char *title;
	const char *const *labels;
	size_t nlabels;
	const char *const *series;
	size_t nseries;
	const double *values;
	const int *hatched;
	double ref;
	/* each value's 95 % interval, same layout (NULL, or NAN: none):
	 * an error bar across the bar's end */
	const double *lo, *hi;
};
void svg_bar_chart(struct strbuf *, const struct svg_bars *);

/* A line chart: one line per series, points (x[i], y[i]). */
struct svg_series {
	const char *name;
	const double *x, *y;
	size_t n;
};
struct svg_lines {
	const char *title, *xlabel, *ylabel;
	const struct svg_series *series;
	size_t nseries;
	int logx, logy;
	int xpow2;	/* log x ticks at powers of 2 (sizes in bytes) */
	/* tick text for a value on each axis (may be NULL: %g) */
	void (*xfmt)(double, char *, size_t);
	void (*yfmt)(double, char *, size_t);
};
void svg_line_chart(struct strbuf *, const struct svg_lines *);

#endif
