/*
 * svg.c - the report's small SVG writer (see svg.h).  Sizes are in CSS
 * pixels with a viewBox, so a chart scales down to a phone's width.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "svg.h"
#include "util.h"

/* Series colours (solid) and their light tints (hatched bars). */
static const char *const colours[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
	"#e377c2", "#17becf"
};

void
html_escape(struct strbuf *sb, const char *s)
{
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '&': strbuf_add(sb, "&amp;", 5); break;
		case '<': strbuf_add(sb, "&lt;", 4); break;
		case '>': strbuf_add(sb, "&gt;", 4); break;
		case '"': strbuf_add(sb, "&quot;", 6); break;
		case '\'': strbuf_add(sb, "&#39;", 5); break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				strbuf_add(sb, " ", 1);
			else
				strbuf_add(sb, (const char *)p, 1);
		}
	}
}

static void
text_el(struct strbuf *sb, double x, double y, const char *anchor,
    const char *extra, const char *s)
{
	strbuf_addf(sb, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>",
	    x, y, anchor, extra);
	html_escape(sb, s);
	strbuf_addf(sb, "</text>\n");
}

static void
svg_open(struct strbuf *sb, int w, int h, const char *title)
{
	strbuf_addf(sb, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "viewBox=\"0 0 %d %d\" width=\"%d\" role=\"img\" "
	    "font-family=\"sans-serif\" font-size=\"12\"><title>", w, h, w);
	html_escape(sb, title);
	strbuf_addf(sb, "</title>\n<rect width=\"%d\" height=\"%d\" "
	    "fill=\"#fff\"/>\n", w, h);
	text_el(sb, w / 2.0, 18, "middle", " font-weight=\"bold\"", title);
}

/* "Nice" tick step for a linear axis from 0 to max. */
static double
tick_step(double max)
{
	double raw = max / 5, p = pow(10, floor(log10(raw))), f = raw / p;

	return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

/*
 * Bar k of b (value, and its 95 % interval when b has one) at y, from x
 * left, bar pixels high, scale pixels a unit, the axis ending at max, in
 * colour col; hatched when within the noise or not compared.  An
 * interval past the axis ends in an arrow there, its end written as
 * "(to X)".
 */
static void
bar_one(struct strbuf *sb, const struct svg_bars *b, size_t k, int left,
    double y, int bar, double scale, double max, const char *col)
{
	double v = b->values[k];
	double lo = b->lo != NULL ? b->lo[k] : NAN;
	double hi = b->hi != NULL ? b->hi[k] : NAN;
	int hat = b->hatched != NULL ? b->hatched[k] : 0;
	char num[40];

	strbuf_addf(sb, "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%d\" fill=\"%s\" stroke=\"%s\"%s/>\n", left, y,
	    v * scale, bar - 2, hat ? "url(#hatch)" : col, col,
	    hat ? " stroke-width=\"2\"" : "");
	bufprintf(num, sizeof(num), "%.3g%s", v, hat == SVG_HATCH_NC ?
	    " n/c" : hat ? " ~" : "");
	if (!isfinite(lo) || !isfinite(hi)) {
		text_el(sb, left + v * scale + 3, y + bar - 4, "start",
		    " font-size=\"10\"", num);
		return;
	}
	{
		double yc = y + (bar - 2) / 2.0;
		double xe = left + (hi > max ? max : hi) * scale;

		/* a clipped end: an arrow at the axis */
		strbuf_addf(sb, "<path d=\"M%.1f %.1fH%.1f M%.1f %.1fV%.1f "
		    "M%.1f %.1f%s\" stroke=\"#222\" stroke-width=\"1.5\" "
		    "fill=\"none\"><title>95 %% interval %.3f to %.3f"
		    "</title></path>\n", left + lo * scale, yc, xe,
		    left + lo * scale, yc - 4, yc + 4,
		    hi > max ? xe - 5 : xe, yc - 4,
		    hi > max ? "l5 4l-5 4" : "v8", lo, hi);
		if (hi > max)
			bufprintf(num + strlen(num), sizeof(num) - strlen(num),
			    " (to %.3g)", hi);
		text_el(sb, hi > max ? left + v * scale + 3 :
		    (hi > v ? xe : left + v * scale) + 3,
		    hi > max ? y - 1 : y + bar - 4, "start",
		    " font-size=\"10\"", num);
	}
}

/*
 * The bar chart's legend, its first line at y: the series, then only the
 * marks drawn (kinds[SVG_HATCH_*]) and the clipped interval's arrow.
 */
static void
bars_legend(struct strbuf *sb, const struct svg_bars *b, double y,
    const int *kinds, int clipped)
{
	size_t s;

	for (s = 0; s < b->nseries; s++) {
		double x = 20 + (double)(s % 2) * 300;

		if (s % 2 == 0)
			y += 18;
		strbuf_addf(sb, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" "
		    "height=\"12\" fill=\"%s\"/>\n", x, y - 10,
		    colours[s % ARRAY_SIZE(colours)]);
		text_el(sb, x + 16, y, "start", "", b->series[s]);
	}
	for (s = SVG_HATCH_NOISE; s <= SVG_HATCH_NC; s++) {
		if (!kinds[s])
			continue;
		y += 18;
		strbuf_addf(sb, "<rect x=\"20\" y=\"%.1f\" width=\"12\" "
		    "height=\"12\" fill=\"url(#hatch)\" stroke=\"#777\"/>\n",
		    y - 10);
		text_el(sb, 36, y, "start", "", s == SVG_HATCH_NOISE ?
		    "hatched, ~: within the noise" :
		    "hatched, n/c: no verdict (see the table)");
	}
	if (clipped) {
		y += 18;
		strbuf_addf(sb, "<path d=\"M20 %.1fH30l-5 -4M30 %.1fl-5 4\" "
		    "stroke=\"#222\" stroke-width=\"1.5\" fill=\"none\"/>\n",
		    y - 4, y - 4);
		text_el(sb, 36, y, "start", "", "an interval clipped at the "
		    "axis: its end given as (to X)");
	}
}

/*
 * The bar chart's axis end: the largest bar (or the reference line), an
 * interval's end at most twice that (*clipped when one went further: the
 * axis is then that cap), which marks are drawn (kinds), how many labels
 * have a bar (*nshown).
 */
static double
bars_max(const struct svg_bars *b, int *kinds, int *clipped,
    size_t *nshown)
{
	double max = b->ref > 0 ? b->ref : 0, v, hi, cap;
	size_t i, s;

	for (i = 0; i < b->nlabels * b->nseries; i++) {
		v = b->values[i];
		if (!isnan(v) && v > max)
			max = v;
		if (!isnan(v) && b->hatched != NULL && b->hatched[i] > 0 &&
		    b->hatched[i] < 3)
			kinds[b->hatched[i]] = 1;
	}
	/* an interval's end stretches the axis at most to twice the bars */
	cap = 2 * (max > 0 ? max : 1);
	*clipped = 0;
	for (i = 0; i < b->nlabels * b->nseries && b->hi != NULL; i++) {
		hi = b->hi[i];
		if (isnan(b->values[i]) || !isfinite(hi))
			continue;
		if (hi > cap)
			*clipped = 1;
		else if (hi > max)
			max = hi;
	}
	if (*clipped)
		max = cap;
	*nshown = 0;
	for (i = 0; i < b->nlabels; i++)
		for (s = 0; s < b->nseries; s++)
			if (!isnan(b->values[i * b->nseries + s])) {
				(*nshown)++;
				break;
			}
	return max > 0 ? max : 1;
}

void
svg_bar_chart(struct strbuf *sb, const struct svg_bars *b)
{
	const int W = 640, left = 230, right = 56, top = 30, bar = 14;
	size_t i, s, nshown;
	double max, step, v, y, scale;
	int h, legend_h, bottom = 40, kinds[3] = { 0, 0, 0 }, clipped;
	char num[40];

	max = bars_max(b, kinds, &clipped, &nshown);
	step = tick_step(max);
	max = ceil(max / step) * step;
	legend_h = 18 * (int)((b->nseries + 1) / 2) +
	    18 * (kinds[SVG_HATCH_NOISE] + kinds[SVG_HATCH_NC] + clipped);
	h = top + (int)nshown * (bar * (int)b->nseries + 8) + bottom +
	    legend_h;
	scale = (W - left - right) / max;
	svg_open(sb, W, h, b->title);
	strbuf_addf(sb, "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" "
	    "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
	    "<rect width=\"6\" height=\"6\" fill=\"#fff\"/>"
	    "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#777\" "
	    "stroke-width=\"3\"/></pattern></defs>\n");
	/* grid and ticks */
	for (v = 0; v <= max * 1.0001; v += step) {
		double x = left + v * scale;

		strbuf_addf(sb, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
		    "y2=\"%d\" stroke=\"#ddd\"/>\n", x, top, x,
		    h - bottom - legend_h);
		bufprintf(num, sizeof(num), "%g", v);
		text_el(sb, x, h - bottom - legend_h + 14, "middle", "", num);
	}
	y = top;
	for (i = 0; i < b->nlabels; i++) {
		int any = 0;

		for (s = 0; s < b->nseries; s++)
			any |= !isnan(b->values[i * b->nseries + s]);
		if (!any)
			continue;	/* no empty slot for a case not measured */
		text_el(sb, left - 6, y + bar * b->nseries / 2.0 + 4, "end", "",
		    b->labels[i]);
		for (s = 0; s < b->nseries; s++) {
			size_t k = i * b->nseries + s;
			const char *col = colours[s % ARRAY_SIZE(colours)];

			if (!isnan(b->values[k]))
				bar_one(sb, b, k, left, y, bar, scale, max,
				    col);
			y += bar;
		}
		y += 8;
	}
	if (b->ref > 0) {
		double x = left + b->ref * scale;

		strbuf_addf(sb, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
		    "y2=\"%d\" stroke=\"#333\" stroke-dasharray=\"4 3\"/>\n", x,
		    top, x, h - bottom - legend_h);
	}
	bars_legend(sb, b, h - legend_h - 8, kinds, clipped);
	strbuf_addf(sb, "</svg>\n");
}

static double
axis_v(double v, int logv)
{
	return logv ? log10(v) : v;
}

/*
 * The axes' ranges of l, on their scales (log10 where logarithmic), the
 * x ticks' step for powers of 2 in *xstep: -1 when no point can be drawn.
 */
static int
line_ranges(const struct svg_lines *l, double *x0, double *x1, double *y0,
    double *y1, double *xstep)
{
	double step;
	size_t s, i;

	*x0 = *y0 = INFINITY;
	*x1 = *y1 = -INFINITY;
	*xstep = 1;
	for (s = 0; s < l->nseries; s++)
		for (i = 0; i < l->series[s].n; i++) {
			double x = l->series[s].x[i], y = l->series[s].y[i];

			if (isnan(x) || isnan(y) || (l->logx && x <= 0) ||
			    (l->logy && y <= 0))
				continue;
			x = axis_v(x, l->logx);
			y = axis_v(y, l->logy);
			*x0 = x < *x0 ? x : *x0;
			*x1 = x > *x1 ? x : *x1;
			*y0 = y < *y0 ? y : *y0;
			*y1 = y > *y1 ? y : *y1;
		}
	if (!(*x0 <= *x1) || !(*y0 <= *y1))
		return -1;
	if (l->logx && l->xpow2) {
		/* whole powers of 2, at most about 8 ticks */
		double k0 = floor(*x0 / log10(2)), k1 = ceil(*x1 / log10(2));

		if (k1 <= k0)
			k1 = k0 + 1;
		*xstep = ceil((k1 - k0) / 8);
		k1 = k0 + ceil((k1 - k0) / *xstep) * *xstep;
		*x0 = k0 * log10(2);
		*x1 = k1 * log10(2);
		*xstep *= log10(2);
	} else if (l->logx) {
		*x0 = floor(*x0);
		*x1 = ceil(*x1);
	}
	if (l->logy) {
		*y0 = floor(*y0);
		*y1 = ceil(*y1);
	} else {
		*y0 = 0;
		step = tick_step(*y1 > 0 ? *y1 : 1);
		*y1 = ceil((*y1 > 0 ? *y1 : 1) / step) * step;
	}
	if (*x1 - *x0 < 1e-12)
		*x1 = *x0 + 1;
	if (*y1 - *y0 < 1e-12)
		*y1 = *y0 + 1;
	return 0;
}

void
svg_line_chart(struct strbuf *sb, const struct svg_lines *l)
{
	const int W = 640, H = 360, left = 70, right = 20, top = 30;
	const int bottom = 50 + 18 * (int)((l->nseries + 1) / 2);
	double x0, x1, y0, y1, px, py, v, step, xstep;
	size_t s, i;
	int first, H2 = H + bottom - 50;
	char num[32];

	if (line_ranges(l, &x0, &x1, &y0, &y1, &xstep) != 0)
		return;
	svg_open(sb, W, H2, l->title);
#define PX(x) (left + ((x) - x0) / (x1 - x0) * (W - left - right))
#define PY(y) (top + (1 - ((y) - y0) / (y1 - y0)) * (H - 50 - top))
	/* y ticks */
	step = l->logy ? 1 : tick_step(y1);
	for (v = y0; v <= y1 + 1e-9; v += step) {
		double real = l->logy ? pow(10, v) : v;

		strbuf_addf(sb, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" "
		    "y2=\"%.1f\" stroke=\"#ddd\"/>\n", left, PY(v), W - right,
		    PY(v));
		if (l->yfmt)
			l->yfmt(real, num, sizeof(num));
		else
			bufprintf(num, sizeof(num), "%g", real);
		text_el(sb, left - 4, PY(v) + 4, "end", " font-size=\"10\"",
		    num);
	}
	step = l->logx ? xstep : tick_step(x1);
	for (v = l->logx ? x0 : 0; v <= x1 + 1e-9; v += step) {
		double real = l->logx ? pow(10, v) : v;

		strbuf_addf(sb, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
		    "y2=\"%d\" stroke=\"#ddd\"/>\n", PX(v), top, PX(v),
		    H - 50);
		if (l->xfmt)
			l->xfmt(real, num, sizeof(num));
		else
			bufprintf(num, sizeof(num), "%g", real);
		text_el(sb, PX(v), H - 36, "middle", " font-size=\"10\"", num);
	}
	text_el(sb, (left + W - right) / 2.0, H - 18, "middle", "", l->xlabel);
	strbuf_addf(sb, "<g transform=\"translate(14,%d) rotate(-90)\">",
	    (top + H - 50) / 2);
	text_el(sb, 0, 0, "middle", "", l->ylabel);
	strbuf_addf(sb, "</g>\n");
	for (s = 0; s < l->nseries; s++) {
		const char *col = colours[s % ARRAY_SIZE(colours)];

		strbuf_addf(sb, "<polyline fill=\"none\" stroke=\"%s\" "
		    "stroke-width=\"2\" points=\"", col);
		for (i = 0, first = 1; i < l->series[s].n; i++) {
			double x = l->series[s].x[i], y = l->series[s].y[i];

			if (isnan(x) || isnan(y) || (l->logx && x <= 0) ||
			    (l->logy && y <= 0))
				continue;
			strbuf_addf(sb, "%s%.1f,%.1f", first ? "" : " ",
			    PX(axis_v(x, l->logx)), PY(axis_v(y, l->logy)));
			first = 0;
		}
		strbuf_addf(sb, "\"/>\n");
		for (i = 0; i < l->series[s].n; i++) {
			double x = l->series[s].x[i], y = l->series[s].y[i];

			if (isnan(x) || isnan(y) || (l->logx && x <= 0) ||
			    (l->logy && y <= 0))
				continue;
			px = PX(axis_v(x, l->logx));
			py = PY(axis_v(y, l->logy));
			strbuf_addf(sb, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" "
			    "fill=\"%s\"/>\n", px, py, col);
		}
		px = 20 + (double)(s % 2) * 300;
		py = H - 50 + 44 + 18 * (double)(s / 2);
		strbuf_addf(sb, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" "
		    "height=\"12\" fill=\"%s\"/>\n", px, py - 10, col);
		text_el(sb, px + 16, py, "start", "", l->series[s].name);
	}
#undef PX
#undef PY
	strbuf_addf(sb, "</svg>\n");
}
