/*
 * fmt-html.c - `boardbench report`'s page (fmt-html.h): one self-contained
 * HTML file (inline CSS and SVG, no script, nothing fetched).  Every text
 * from the data is escaped (html_escape); the comparison is the table the
 * command built with compare.c; charts are drawn by svg.c.
 */
#include "config.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "fmt.h"
#include "fmt-html.h"
#include "headline.h"
#include "registry.h"
#include "result.h"
#include "svg.h"
#include "sysinfo-show.h"
#include "util.h"

static const char css[] =
"body{font-family:sans-serif;margin:0 auto;max-width:60em;padding:.5em;"
"color:#222;line-height:1.35}"
"h1{font-size:1.4em}h2{font-size:1.2em;border-bottom:1px solid #ccc;"
"margin-top:1.5em}h3{font-size:1.05em}"
".scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}"
"table{border-collapse:collapse;font-size:.85em;margin:.5em 0}"
"th,td{border:1px solid #ddd;padding:.2em .45em;text-align:left;"
"vertical-align:top}th{background:#f2f2f2}"
"td.n{text-align:right;font-variant-numeric:tabular-nums;"
"white-space:nowrap}"
"tr.bad td{background:#fdecea}tr.skip td{color:#777}"
"th.b{background:#e8eef6;text-align:left}"
".warn{background:#fff4e5;border-left:4px solid #e65100;padding:.3em .6em}"
"div.warn ul{margin:0;padding-left:1.2em}"
".noise{color:#777}.better{color:#1a7f37}.worse{color:#c62828}"
"svg{max-width:100%;height:auto;display:block;margin:.5em 0}"
"dl{display:grid;grid-template-columns:max-content 1fr;gap:.1em .8em;"
"font-size:.9em}dt{font-weight:bold}dd{margin:0;word-break:break-word}"
"details{margin:.4em 0}code{word-break:break-all}"
"@media(max-width:40em){body{padding:.3em}table{font-size:.75em}"
"dl{grid-template-columns:1fr}}";

static void
esc(struct strbuf *sb, const char *s)
{
	html_escape(sb, s);
}

/* "Tag: text" row of a definition list, text escaped. */
static void
dl_item(struct strbuf *sb, const char *key, const char *val)
{
	strbuf_addf(sb, "<dt>");
	esc(sb, key);
	strbuf_addf(sb, "</dt><dd>");
	esc(sb, val);
	strbuf_addf(sb, "</dd>\n");
}

/* Every leaf of a JSON object as table rows "a.b.c | value". */
static void
json_leaves(struct strbuf *sb, const char *prefix, json_t *v, int depth)
{
	const char *k;
	json_t *x;
	size_t i;
	char key[256], num[64];

	if (depth > 8)
		return;
	if (json_is_object(v)) {
		json_object_foreach(v, k, x) {
			bufprintf(key, sizeof(key), "%s%s%s", prefix,
			    prefix[0] ? "." : "", k);
			json_leaves(sb, key, x, depth + 1);
		}
		return;
	}
	if (json_is_array(v)) {
		json_array_foreach(v, i, x) {
			bufprintf(key, sizeof(key), "%s[%zu]", prefix, i);
			json_leaves(sb, key, x, depth + 1);
		}
		return;
	}
	strbuf_addf(sb, "<tr><td><code>");
	esc(sb, prefix);
	strbuf_addf(sb, "</code></td><td>");
	if (json_is_string(v))
		esc(sb, json_string_value(v));
	else if (json_is_integer(v))
		strbuf_addf(sb, "%lld", (long long)json_integer_value(v));
	else if (json_is_real(v)) {
		bufprintf(num, sizeof(num), "%g", json_real_value(v));
		esc(sb, num);
	} else
		strbuf_addf(sb, "%s", json_is_true(v) ? "true" :
		    json_is_false(v) ? "false" : "null");
	strbuf_addf(sb, "</td></tr>\n");
}

static void
identity(struct strbuf *sb, const struct rrun *r)
{
	char label[512];

	strbuf_addf(sb, "<dl>\n");
	sysinfo_label(r->ri.system, label, sizeof(label));
	dl_item(sb, "Board", label);
	buildinfo_label(r->ri.build, NULL, label, sizeof(label));
	dl_item(sb, "Build", label);
	dl_item(sb, "Run", r->ri.uuid);
	dl_item(sb, "Started", r->ri.started);
	dl_item(sb, "Finished", r->ri.finished[0] ? r->ri.finished : "-");
	dl_item(sb, "Status", r->ri.status);
	dl_item(sb, "Profile", r->ri.profile[0] ? r->ri.profile : "-");
	dl_item(sb, "Tag", r->ri.tag[0] ? r->ri.tag : "-");
	dl_item(sb, "Tool", r->ri.tool_version);
	dl_item(sb, "Command", r->ri.argv ? r->ri.argv : "-");
	/* the run's CPU, as the text header says it */
	if (r->ri.system != NULL && sysinfo_run_cpu_line(&r->ri.system->run,
	    label, sizeof(label))[0] != '\0')
		dl_item(sb, "CPU kernels", label + strlen("== CPU kernels "));
	strbuf_addf(sb, "</dl>\n");
	strbuf_addf(sb, "<details><summary>Build identity (all fields)"
	    "</summary><div class=\"scroll\"><table>\n");
	if (r->ri.build_json)
		json_leaves(sb, "", r->ri.build_json, 0);
	strbuf_addf(sb, "</table></div></details>\n<details><summary>System "
	    "snapshot (all fields)</summary><div class=\"scroll\"><table>\n");
	if (r->ri.system_json)
		json_leaves(sb, "", r->ri.system_json, 0);
	strbuf_addf(sb, "</table></div></details>\n");
}

static const struct extra *
find_extra(const struct result *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->nextra; i++)
		if (strcmp(r->extra[i].name, name) == 0)
			return &r->extra[i];
	return NULL;
}

static double
extra_v(const struct result *r, const char *name)
{
	const struct extra *x = find_extra(r, name);

	return x ? x->value : NAN;
}

/* A numeric cell with prec decimals and a suffix; "-" for NAN. */
static void
num_cell(struct strbuf *sb, double v, int prec, const char *suffix)
{
	if (isnan(v))
		strbuf_addf(sb, "<td class=\"n\">-</td>");
	else
		strbuf_addf(sb, "<td class=\"n\">%.*f%s</td>", prec, v,
		    suffix);
}

/*
 * A case name that may break after each '/' on a narrow screen, and
 * "[N copies]" for the aggregate of several copies (copies > 1).
 */
static void
case_cell(struct strbuf *sb, const char *name, unsigned copies)
{
	struct strbuf e;
	const char *p, *slash;

	strbuf_init(&e);
	esc(&e, name);		/* escaping never makes a '/' */
	strbuf_addf(sb, "<td>");
	for (p = e.buf; (slash = strchr(p, '/')) != NULL; p = slash + 1) {
		strbuf_add(sb, p, (size_t)(slash - p) + 1);
		strbuf_addf(sb, "<wbr>");
	}
	strbuf_addf(sb, "%s", p);
	if (copies > 1)
		strbuf_addf(sb, " [%u copies]", copies);
	strbuf_addf(sb, "</td>");
	strbuf_release(&e);
}

/*
 * A value in the unit people quote (MFLOPS, MWIPS, MB/s), one cell; a
 * note (the row's flags), when there is one, small under it.
 */
static void
value_cell(struct strbuf *sb, const struct result *r, double v,
    const char *note)
{
	char num[32], unit[24];

	fmt_quote_row(r, v, num, sizeof(num), unit, sizeof(unit));
	strbuf_addf(sb, "<td class=\"n\">");
	esc(sb, num);
	strbuf_addf(sb, " ");
	esc(sb, unit);
	if (note != NULL && note[0] != '\0') {
		strbuf_addf(sb, "<br><small>");
		esc(sb, note);
		strbuf_addf(sb, "</small>");
	}
	strbuf_addf(sb, "</td>");
}

/* A header row naming the benchmark of the rows below it. */
static void
bench_row(struct strbuf *sb, const char *bench, size_t ncols)
{
	strbuf_addf(sb, "<tr><th class=\"b\" colspan=\"%zu\">", ncols);
	esc(sb, bench[0] ? bench : "-");
	strbuf_addf(sb, "</th></tr>\n");
}

/*
 * The headline: the figures people quote, a row each, a column per run
 * (value in the quoted unit, the row's validity flags under it).
 */
static void
headline(struct strbuf *sb, const struct rruns *rs)
{
	struct headline_item (*it)[HEADLINE_MAX];
	size_t *k, nl = 0, c, i, j;
	const char **labels;
	char flags[128], note[192];

	it = xcalloc(rs->n, sizeof(*it));
	k = xcalloc(rs->n, sizeof(*k));
	labels = xcalloc(rs->n * HEADLINE_MAX, sizeof(*labels));
	for (c = 0; c < rs->n; c++) {
		k[c] = headline_pick(rs->v[c].rows, rs->v[c].n, it[c],
		    HEADLINE_MAX);
		for (i = 0; i < k[c]; i++) {
			for (j = 0; j < nl; j++)
				if (strcmp(labels[j], it[c][i].label) == 0)
					break;
			if (j == nl)
				labels[nl++] = it[c][i].label;
		}
	}
	strbuf_addf(sb, "<h2 id=\"headline\">Headline</h2>\n");
	if (nl == 0)
		strbuf_addf(sb, "<p>None of the figures people quote was "
		    "measured.</p>\n");
	else {
		strbuf_addf(sb, "<div class=\"scroll\"><table><tr>"
		    "<th>figure</th>");
		for (c = 0; c < rs->n; c++) {
			strbuf_addf(sb, "<th>");
			esc(sb, rs->v[c].name);
			strbuf_addf(sb, "</th>");
		}
		strbuf_addf(sb, "</tr>\n");
	}
	for (j = 0; j < nl; j++) {
		strbuf_addf(sb, "<tr><td>");
		esc(sb, labels[j]);
		strbuf_addf(sb, "</td>");
		for (c = 0; c < rs->n; c++) {
			for (i = 0; i < k[c]; i++)
				if (strcmp(it[c][i].label, labels[j]) == 0)
					break;
			if (i == k[c]) {
				strbuf_addf(sb, "<td class=\"n\">-</td>");
				continue;
			}
			result_flags_str(it[c][i].flags, flags,
			    sizeof(flags));
			bufprintf(note, sizeof(note), "%s%s%s", it[c][i].size,
			    it[c][i].size[0] && flags[0] ? ", " : "", flags);
			value_cell(sb, it[c][i].r, it[c][i].r->st.median,
			    note);
		}
		strbuf_addf(sb, "</tr>\n");
	}
	if (nl > 0)
		strbuf_addf(sb, "</table></div>\n");
	free(labels);
	free(k);
	free(it);
}

/*
 * The monitor: a sample-by-sample timeline is not stored (only each
 * case's summary), so the page charts the per-case readings in run order
 * (highest temperature; lowest and highest clock) and keeps the numbers
 * in a folded table.  A machine with no sensor gets one sentence.
 */
static void
monitor(struct strbuf *sb, const struct rrun *r)
{
	size_t i, k = 0, nt = 0, nm = 0, nb = 0;
	double *x, *t, *lo, *hi;
	const char *bench = NULL;

	strbuf_addf(sb, "<h3>Monitor</h3>\n");
	x = xcalloc(r->n + 1, sizeof(*x));
	t = xcalloc(r->n + 1, sizeof(*t));
	lo = xcalloc(r->n + 1, sizeof(*lo));
	hi = xcalloc(r->n + 1, sizeof(*hi));
	for (i = 0; i < r->n; i++) {
		const struct result *q = &r->rows[i];

		if (find_extra(q, "mon.samples") == NULL)
			continue;
		x[k] = (double)(k + 1);
		t[k] = extra_v(q, "mon.temp_max_c");
		lo[k] = extra_v(q, "mon.mhz_min");
		hi[k] = extra_v(q, "mon.mhz_max");
		nt += !isnan(t[k]);
		nm += !isnan(lo[k]) || !isnan(hi[k]);
		nb += !isnan(extra_v(q, "mon.throttle_bits"));
		k++;
	}
	if (k == 0)
		strbuf_addf(sb, "<p>The monitor's timeline is not recorded "
		    "in this run (no monitor readings stored).</p>\n");
	else if (nt + nm + nb == 0)
		strbuf_addf(sb, "<p>The monitor watched %zu case%s but found "
		    "no temperature, clock or throttle reading on this "
		    "machine.</p>\n", k, k == 1 ? "" : "s");
	if (k == 0 || nt + nm + nb == 0)
		goto out;
	strbuf_addf(sb, "<p>The monitor's timeline (sample by sample) is "
	    "not recorded; its summary per case, in run order (case number "
	    "as in the table below).</p>\n");
	if (nt > 0) {
		struct svg_series s = { "highest temperature", x, t, k };
		struct svg_lines l = { "Temperature per case, in run order",
		    "case number", "\xc2\xb0" "C", &s, 1, 0, 0, 0, NULL,
		    NULL };

		svg_line_chart(sb, &l);
	}
	if (nm > 0) {
		struct svg_series s[2] = {
			{ "lowest clock", x, lo, k },
			{ "highest clock", x, hi, k },
		};
		struct svg_lines l = { "CPU clock per case, in run order",
		    "case number", "MHz", s, 2, 0, 0, 0, NULL, NULL };

		svg_line_chart(sb, &l);
	}
	strbuf_addf(sb, "<details><summary>Per case (%zu)</summary>"
	    "<div class=\"scroll\"><table><tr><th>#</th><th>case</th>"
	    "<th>max &#176;C</th><th>MHz</th><th>throttle bits</th></tr>\n",
	    k);
	for (i = k = 0; i < r->n; i++) {
		const struct result *q = &r->rows[i];
		double tb, l0, h0;

		if (find_extra(q, "mon.samples") == NULL)
			continue;
		if (bench == NULL || strcmp(bench, q->bench) != 0) {
			bench = q->bench;
			bench_row(sb, bench, 5);
		}
		strbuf_addf(sb, "<tr><td class=\"n\">%zu</td>", ++k);
		case_cell(sb, q->case_name, 0);
		num_cell(sb, extra_v(q, "mon.temp_max_c"), 1, "");
		l0 = extra_v(q, "mon.mhz_min");
		h0 = extra_v(q, "mon.mhz_max");
		if (isnan(l0) && isnan(h0))
			strbuf_addf(sb, "<td class=\"n\">-</td>");
		else if (isnan(l0) || isnan(h0) || l0 == h0)
			strbuf_addf(sb, "<td class=\"n\">%.0f</td>",
			    isnan(l0) ? h0 : l0);
		else
			strbuf_addf(sb, "<td class=\"n\">%.0f-%.0f</td>", l0,
			    h0);
		tb = extra_v(q, "mon.throttle_bits");
		if (isnan(tb) || !(tb >= 0 && tb < 1e18))
			strbuf_addf(sb, "<td class=\"n\">-</td>");
		else
			strbuf_addf(sb, "<td class=\"n\">0x%llx</td>",
			    (unsigned long long)tb);
		strbuf_addf(sb, "</tr>\n");
	}
	strbuf_addf(sb, "</table></div></details>\n");
out:
	free(x);
	free(t);
	free(lo);
	free(hi);
}

/*
 * One run's rows as a table per benchmark group, a header row per
 * benchmark; five narrow columns so that a phone shows them whole.
 */
static void
rows_table(struct strbuf *sb, const struct rrun *r)
{
	size_t i, nfolded = 0;
	char flags[128], range[160];
	const char *group = NULL, *bench = NULL, *folded = NULL;

	for (i = 0; i < r->n; i++) {
		const struct result *q = &r->rows[i];

		/* as run folds them: one line after the tables */
		if (q->status == ST_SKIPPED && (q->flags & RF_NOCLOCK)) {
			if (nfolded++ == 0)
				folded = q->reason;
			continue;
		}
		if (group == NULL || strcmp(group, q->group) != 0) {
			if (group != NULL)
				strbuf_addf(sb, "</table></div>\n");
			group = q->group;
			bench = NULL;
			strbuf_addf(sb, "<h4>Group ");
			esc(sb, group[0] ? group : "-");
			strbuf_addf(sb, "</h4>\n<div class=\"scroll\"><table>"
			    "<tr><th>case</th><th>value</th><th>CV</th>"
			    "<th>N</th><th>flags</th></tr>\n");
		}
		if (bench == NULL || strcmp(bench, q->bench) != 0) {
			bench = q->bench;
			bench_row(sb, bench, 5);
		}
		strbuf_addf(sb, "<tr class=\"%s\">", q->status == ST_OK ?
		    "ok" : q->status == ST_SKIPPED ? "skip" : "bad");
		case_cell(sb, q->case_name, q->copy == 0 ? q->copies : 0);
		if (q->status != ST_OK) {
			strbuf_addf(sb, "<td colspan=\"4\">");
			esc(sb, result_status_name(q->status));
			if (q->reason[0]) {
				strbuf_addf(sb, ": ");
				esc(sb, q->reason);
			}
			strbuf_addf(sb, "</td></tr>\n");
			continue;
		}
		/* under the value, its placements' range (none: "") */
		fmt_placement_range(q, range, sizeof(range));
		value_cell(sb, q, q->st.median, range);
		num_cell(sb, q->st.cv * 100, 2, "%");
		strbuf_addf(sb, "<td class=\"n\">%u</td>", q->st.n);
		result_flags_str(q->flags, flags, sizeof(flags));
		strbuf_addf(sb, "<td>");
		esc(sb, flags);
		strbuf_addf(sb, "</td></tr>\n");
	}
	if (group != NULL)
		strbuf_addf(sb, "</table></div>\n");
	if (nfolded > 0) {
		strbuf_addf(sb, "<p>%zu row%s per MHz or per cycle SKIPPED: ",
		    nfolded, nfolded == 1 ? "" : "s");
		esc(sb, folded);
		strbuf_addf(sb, "</p>\n");
	}
}

/*
 * Above the comparison: paired or not, how many cases were compared and
 * called different and how many chance alone would give, and each run's
 * jitter at start.
 */
static void
comparison_verdicts(struct strbuf *sb, const struct rruns *rs,
    const struct cmp_table *t, double alpha)
{
	char nb[32];
	size_t c;

	strbuf_addf(sb, "<p class=\"verdicts\">");
	if (t->paired)
		strbuf_addf(sb, "Paired: the builds were measured in pairs, "
		    "case by case, so drift fell on both alike. ");
	strbuf_addf(sb, "%zu case%s compared: %zu called different, the false "
	    "discovery rate held at %g (Benjamini-Hochberg); at p &lt; %g "
	    "each, about %.1f would be by chance alone.", t->ntested,
	    t->ntested == 1 ? "" : "s", t->ndifferent, alpha, alpha,
	    alpha * (double)t->ntested);
	if (t->nnotcomp > 0)
		strbuf_addf(sb, " %zu with no verdict (n/c: unpaired and "
		    "flagged busy, preempted, throttled or drifted on a side, "
		    "one run a side, or emulated against native)%s.",
		    t->nnotcomp, t->paired ? "" : "; pair the builds (run "
		    "--against) for a verdict under load, or pool runs "
		    "(--pool)");
	if (t->ndrifted > 0)
		strbuf_addf(sb, " %zu paired drifted (the pairs met the "
		    "machine's change of pace alike, so the verdict stands; a "
		    "change that slows one build's code more than the other's "
		    "would move the ratio itself: repeat the session to "
		    "tell).", t->ndrifted);
	for (c = 0; c < rs->n; c++) {
		/* report --pool: which runs each column pooled */
		if (rs->v[c].pooled == NULL)
			continue;
		strbuf_addf(sb, " ");
		esc(sb, rs->v[c].name);
		strbuf_addf(sb, ": ");
		esc(sb, rs->v[c].pooled);
		strbuf_addf(sb, " pooled.");
	}
	strbuf_addf(sb, " Jitter at start: ");
	for (c = 0; c < rs->n; c++) {
		const struct system_info *si = rs->v[c].ri.system;

		if (c > 0)
			strbuf_addf(sb, ", ");
		esc(sb, rs->v[c].name);
		strbuf_addf(sb, " %s", si != NULL ? sysinfo_noise_text(&si->run, nb,
		    sizeof(nb)) : "unknown");
		if (si != NULL && si->run.run_cpu >= 0)
			strbuf_addf(sb, " (CPU kernels on CPU %d)",
			    si->run.run_cpu);
	}
	strbuf_addf(sb, " (a short look at each machine, not the drift "
	    "between runs)");
	strbuf_addf(sb, ".</p>\n");
}

/*
 * The comparison of every run with the first (t, built by the command
 * from the runs in order, the first the baseline): table, then bar charts.
 */
/*
 * One cell of the comparison table; n[0] counts the ~ ones, n[1] the ^
 * ones (a derived row whose case is not called different).
 */
static void
comparison_cell(struct strbuf *sb, const struct cmp_row *row, size_t c,
    size_t n[2])
{
	const struct cmp_cell *cell = &row->cells[c];

	if (cell->r == NULL)
		strbuf_addf(sb, "<td class=\"n\">-</td>");
	else if (cell->r->status != ST_OK)
		strbuf_addf(sb, "<td class=\"n\">%s</td>",
		    result_status_name(cell->r->status));
	else if (c == 0 || isnan(row->cells[0].value))
		value_cell(sb, cell->r, cell->value, NULL);
	else if (isnan(cell->speedup))
		strbuf_addf(sb, "<td class=\"n\">?</td>");
	else {
		int noise = cell->mark == CMP_NOISE;
		int bycase = cell->mark == CMP_BY_CASE;

		n[0] += noise;
		n[1] += bycase;
		strbuf_addf(sb, "<td class=\"n %s\">%.3f",
		    noise || bycase || cell->mark == CMP_NOTCOMP ?
		    "noise" : cell->speedup >= 1 ? "better" :
		    "worse", cell->speedup);
		if (!isnan(cell->lo))
			strbuf_addf(sb, " <small>[%.3f, %.3f]"
			    "</small>", cell->lo, cell->hi);
		strbuf_addf(sb, "%s%s</td>", noise ? " ~" : bycase ? " ^" :
		    cell->mark == CMP_UNKNOWN ? " ?" : "",
		    cell->mark == CMP_NOTCOMP ? " n/c" : "");
	}
}

/*
 * The table of ratios, a row per case (rows SKIPPED in every run left
 * out), under a line per benchmark; its counts below it.
 */
static void
comparison_table(struct strbuf *sb, const struct rruns *rs,
    const struct cmp_table *t)
{
	size_t i, c, n[2] = { 0, 0 }, nskip = 0;
	const char *bench = NULL;

	strbuf_addf(sb, "<div class=\"scroll\"><table><tr><th>case</th>");
	for (c = 0; c < rs->n; c++) {
		strbuf_addf(sb, "<th>");
		esc(sb, rs->v[c].name);
		strbuf_addf(sb, "%s</th>", c == 0 ? " (baseline)" : "");
	}
	strbuf_addf(sb, "</tr>\n");
	for (i = 0; i < t->nrows; i++) {
		const struct cmp_row *row = &t->rows[i];

		for (c = 0; c < rs->n; c++)
			if (row->cells[c].r == NULL ||
			    row->cells[c].r->status != ST_SKIPPED)
				break;
		if (c == rs->n) {
			nskip++;	/* nothing to compare: left out */
			continue;
		}
		if (bench == NULL || strcmp(bench, row->key->bench) != 0) {
			bench = row->key->bench;
			bench_row(sb, bench, rs->n + 1);
		}
		strbuf_addf(sb, "<tr>");
		case_cell(sb, row->key->case_name, 0);
		for (c = 0; c < rs->n; c++)
			comparison_cell(sb, row, c, n);
		strbuf_addf(sb, "</tr>\n");
	}
	strbuf_addf(sb, "</table></div>\n<p>%zu cell%s within the noise; "
	    "%zu row%s SKIPPED in every run left out.", n[0],
	    n[0] == 1 ? "" : "s", nskip, nskip == 1 ? "" : "s");
	if (n[1] > 0)
		strbuf_addf(sb, " ^ (%zu cell%s): a row under a case whose own "
		    "interval excludes 1 while its case is not called "
		    "different; the case's verdict holds.", n[1],
		    n[1] == 1 ? "" : "s");
	strbuf_addf(sb, "</p>\n");
}

/* The bar chart of the ratios of the group of row g (its first row). */
static void
comparison_chart(struct strbuf *sb, const struct rruns *rs,
    const struct cmp_table *t, size_t g)
{
	const char *group = t->rows[g].key->group;
	const char **labels, **series;
	double *vals, *los, *his;
	int *hat;
	size_t nl = 0, j, c, ncols = rs->n - 1;
	char title[160];
	struct svg_bars b;

	labels = xcalloc(t->nrows, sizeof(*labels));
	vals = xcalloc(t->nrows * ncols, sizeof(*vals));
	los = xcalloc(t->nrows * ncols, sizeof(*los));
	his = xcalloc(t->nrows * ncols, sizeof(*his));
	hat = xcalloc(t->nrows * ncols, sizeof(*hat));
	series = xcalloc(ncols, sizeof(*series));
	for (c = 1; c < rs->n; c++)
		series[c - 1] = rs->v[c].name;
	for (j = g; j < t->nrows; j++) {
		const struct cmp_row *row = &t->rows[j];
		int any = 0;

		if (strcmp(row->key->group, group) != 0)
			continue;
		for (c = 1; c < rs->n; c++) {
			double v = row->cells[c].speedup;

			if (row->cells[c].r == NULL ||
			    row->cells[c].r->status != ST_OK)
				v = NAN;
			vals[nl * ncols + c - 1] = v;
			los[nl * ncols + c - 1] = isnan(v) ? NAN :
			    row->cells[c].lo;
			his[nl * ncols + c - 1] = isnan(v) ? NAN :
			    row->cells[c].hi;
			hat[nl * ncols + c - 1] =
			    row->cells[c].mark == CMP_NOISE ?
			    SVG_HATCH_NOISE : row->cells[c].mark ==
			    CMP_NOTCOMP ? SVG_HATCH_NC : 0;
			any |= !isnan(v);
		}
		if (!any)
			continue;
		labels[nl++] = xasprintf("%.30s %.60s", row->key->bench,
		    row->key->case_name);
	}
	if (nl > 0) {
		bufprintf(title, sizeof(title), "Ratio to %.60s, group "
		    "%.30s (above 1 is better)", rs->v[0].name,
		    group[0] ? group : "-");
		b = (struct svg_bars){ .title = title, .labels = labels,
		    .nlabels = nl, .series = series, .nseries = ncols,
		    .values = vals, .hatched = hat, .ref = 1, .lo = los,
		    .hi = his };
		svg_bar_chart(sb, &b);
	}
	for (j = 0; j < nl; j++)
		free((char *)labels[j]);
	free(labels);
	free(vals);
	free(los);
	free(his);
	free(hat);
	free(series);
}

static void
comparison(struct strbuf *sb, const struct rruns *rs,
    const struct cmp_table *t, double alpha)
{
	size_t g, j;

	strbuf_addf(sb, "<h2 id=\"comparison\">Comparison</h2>\n<p>Each cell "
	    "is the ratio to the baseline <b>");
	esc(sb, rs->v[0].name);
	strbuf_addf(sb, "</b> with its 95 %% interval, turned so that above 1 "
	    "is better (rates: value / baseline; times: baseline / value). "
	    "Runs measured in pairs (run --against) compare pair by pair "
	    "(a case in code placements, placement by placement: which "
	    "layouts the builds drew is part of the interval; a CPU kernel "
	    "by its work per CPU second); pooled runs "
	    "by their run medians; one unpaired run a side has the ratio "
	    "alone (n/c 1 run/side). "
	    "<span class=\"noise\">~</span> marks no difference shown: the "
	    "interval holds 1, or the difference does not survive "
	    "Benjamini-Hochberg at %g; n/c a cell with no verdict (unpaired "
	    "and a side flagged busy, preempted, throttled or drifted, one "
	    "run a side, or emulated against native).</p>\n", alpha);
	comparison_verdicts(sb, rs, t, alpha);
	comparison_table(sb, rs, t);
	/* one bar chart of ratios per benchmark group */
	for (g = 0; g < t->nrows; g++) {
		for (j = 0; j < g; j++)
			if (strcmp(t->rows[j].key->group,
			    t->rows[g].key->group) == 0)
				break;
		if (j == g)	/* not drawn yet */
			comparison_chart(sb, rs, t, g);
	}
}

/*
 * Above the tables: a run under an emulator (its timings are the
 * emulator's) or in a virtual machine (its figures drift), by name.
 */
static void
virt_notice(struct strbuf *sb, const struct rrun *r, int emulator,
    const char *open, const char *close)
{
	const struct system_info *s = r->ri.system;

	if (emulator && sysinfo_emulated(s)) {
		strbuf_addf(sb, "%s<strong>Emulated:</strong> ", open);
		esc(sb, r->name);
		strbuf_addf(sb, " ran under ");
		esc(sb, s->emulator);
		strbuf_addf(sb, ": its timings are the emulator's, not the "
		    "board's; do not compare them with a native run.%s\n",
		    close);
	}
	if (sysinfo_in_vm(s)) {
		strbuf_addf(sb, "%s<strong>Virtual machine:</strong> ", open);
		esc(sb, r->name);
		strbuf_addf(sb, " ran in a virtual machine (");
		esc(sb, s->vm);
		strbuf_addf(sb, "): its figures drift more than on bare "
		    "metal.%s\n", close);
	}
}

/*
 * At the top: the runs under an emulator, once for all when every run
 * was (they compare with each other, not with a native run), and those
 * in a virtual machine.
 */
static void
virt_notices(struct strbuf *sb, const struct rruns *rs)
{
	size_t i, n = 0;

	for (i = 0; i < rs->n; i++)
		n += sysinfo_emulated(rs->v[i].ri.system) != 0;
	if (rs->n > 1 && n == rs->n) {
		strbuf_addf(sb, "<li><strong>Emulated:</strong> "
		    "every run here ran under ");
		esc(sb, rs->v[0].ri.system->emulator);
		strbuf_addf(sb, ": the timings are the emulator's, not a "
		    "board's; they compare with each other, not with a native "
		    "run.</li>\n");
	}
	for (i = 0; i < rs->n; i++)
		virt_notice(sb, &rs->v[i], rs->n == 1 || n != rs->n, "<li>",
		    "</li>");
}

/*
 * At the top, plainly: runs measured with different profiles (their
 * figures may differ by that alone), and a run whose headline is mostly
 * flagged busy, noisy or preempted (taken on a busy machine).
 */
static void
verdicts(struct strbuf *sb, const struct rruns *rs)
{
	struct headline_item it[HEADLINE_MAX];
	const char **names = xcalloc(rs->n, sizeof(*names));
	const char **profiles = xcalloc(rs->n, sizeof(*profiles));
	char text[1024];
	size_t i, k, nd;

	for (i = 0; i < rs->n; i++) {
		names[i] = rs->v[i].name;
		profiles[i] = rs->v[i].ri.profile;
	}
	if (fmt_profiles_differ(names, profiles, rs->n, text, sizeof(text))) {
		strbuf_addf(sb, "<li><strong>Profiles differ:</strong> ");
		esc(sb, text);
		strbuf_addf(sb, ".</li>\n");
	}
	for (i = 0; i < rs->n; i++) {
		k = headline_pick(rs->v[i].rows, rs->v[i].n, it, HEADLINE_MAX);
		nd = headline_disturbed(it, k);
		if (!HEADLINE_UNFIT(nd, k))
			continue;
		strbuf_addf(sb, "<li><strong>Not fit to publish:</strong> ");
		if (rs->n > 1) {
			esc(sb, rs->v[i].name);
			strbuf_addf(sb, ": t");
		} else
			strbuf_addf(sb, "T");
		strbuf_addf(sb, "hese figures were taken on a busy machine "
		    "(%zu of the %zu headline figures flagged busy, noisy or "
		    "preempted). Measure again on an idle machine.</li>\n", nd,
		    k);
	}
	free(names);
	free(profiles);
}

char *
fmt_html_report(const struct rruns *rs, const struct cmp_table *t,
    double alpha)
{
	struct strbuf sb, charts, warn;
	size_t i;
	char now[32];

	iso_utc_now(now, sizeof(now));
	strbuf_init(&sb);
	strbuf_addf(&sb, "<!DOCTYPE html>\n<html lang=\"en\"><head>"
	    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
	    "content=\"width=device-width, initial-scale=1\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\""
	    "default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n"
	    "<title>boardbench report: ");
	esc(&sb, rs->v[0].name);
	if (rs->n > 1)
		strbuf_addf(&sb, " and %zu more", rs->n - 1);
	strbuf_addf(&sb, "</title>\n<style>%s</style></head><body>\n", css);
	strbuf_addf(&sb, "<h1>boardbench report</h1>\n<p>%zu run%s; written "
	    "%s by boardbench %s.</p>\n<ul>\n<li><a href=\"#headline\">"
	    "Headline</a></li>\n", rs->n, rs->n == 1 ? "" : "s", now,
	    PACKAGE_VERSION);
	for (i = 0; i < rs->n; i++) {
		strbuf_addf(&sb, "<li><a href=\"#run%zu\">", i + 1);
		esc(&sb, rs->v[i].name);
		strbuf_addf(&sb, "</a> (%zu rows)</li>\n", rs->v[i].n);
	}
	if (rs->n > 1)
		strbuf_addf(&sb, "<li><a href=\"#comparison\">Comparison</a>"
		    "</li>\n");
	strbuf_addf(&sb, "</ul>\n");
	/* every warning in one box, before any figure */
	strbuf_init(&warn);
	virt_notices(&warn, rs);
	verdicts(&warn, rs);
	if (warn.len > 0) {
		strbuf_addf(&sb, "<div class=\"warn\"><ul>\n");
		strbuf_add(&sb, warn.buf, warn.len);
		strbuf_addf(&sb, "</ul></div>\n");
	}
	strbuf_release(&warn);
	headline(&sb, rs);
	if (rs->n > 1)
		comparison(&sb, rs, t, alpha);
	/* a heading only over charts there are (none for a CPU run) */
	strbuf_init(&charts);
	fmt_html_size_charts(&charts, rs);
	if (charts.len > 0) {
		strbuf_addf(&sb, "<h2>Charts</h2>\n");
		strbuf_add(&sb, charts.buf, charts.len);
	}
	strbuf_release(&charts);
	for (i = 0; i < rs->n; i++) {
		strbuf_addf(&sb, "<h2 id=\"run%zu\">Run: ", i + 1);
		esc(&sb, rs->v[i].name);
		strbuf_addf(&sb, "</h2>\n<h3>Board and build</h3>\n");
		identity(&sb, &rs->v[i]);
		monitor(&sb, &rs->v[i]);
		strbuf_addf(&sb, "<h3>Results</h3>\n");
		virt_notice(&sb, &rs->v[i], 1, "<p class=\"warn\">", "</p>");
		rows_table(&sb, &rs->v[i]);
	}
	strbuf_addf(&sb, "</body></html>\n");
	return strbuf_detach(&sb);
}
