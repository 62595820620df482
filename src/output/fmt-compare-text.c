/*
 * fmt-compare-text.c - compare's view for people (fmt-compare.h): what was
 * compared and where the builds and systems differ, the verdicts' counts
 * and the machines' drift, the table of ratios fitted to the width, and
 * the legend.  Text from the inputs is made safe before it is printed.
 */
#include "config.h"

#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "fmt.h"
#include "fmt-compare.h"
#include "sysinfo-show.h"
#include "util.h"

/*
 * How a table shows its cells: V_FULL the ratio with its interval and why
 * it has no verdict; V_COMPACT the ratio and its mark alone (N flag sets
 * on one line); V_INTERVAL the interval alone (compare --intervals, the
 * second view of a compact table).
 */
enum view { V_FULL, V_COMPACT, V_INTERVAL };

/* A text cell: the baseline's value, else the ratio with its mark. */
static void
cell_text(const struct cmp_table *t, size_t ri, size_t c, enum view v,
    char *buf, size_t len)
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
		    " ~" : cell->mark == CMP_BY_CASE ? " ^" :
		    cell->mark == CMP_UNKNOWN ? " ?" : "";
		if (v == V_INTERVAL) {
			/* the interval alone: its flags are in the ratios' */
			if (!isnan(cell->lo))
				bufprintf(buf, len, "[%.3f, %.3f]%s", cell->lo,
				    cell->hi, mark);
			else
				bufprintf(buf, len, "none%s", cell->mark ==
				    CMP_NOTCOMP ? " n/c" : mark);
			return;
		}
		if (!isnan(cell->lo) && v == V_FULL)
			bufprintf(buf, len, "%.3f [%.3f, %.3f]%s",
			    cell->speedup, cell->lo, cell->hi, mark);
		else
			bufprintf(buf, len, "%.3f%s", cell->speedup, mark);
		if (cell->mark == CMP_NOTCOMP && strlen(buf) + 16 < len)
			bufprintf(buf + strlen(buf), len - strlen(buf),
			    " n/c%s%s", v == V_FULL ? " " : "",
			    v == V_FULL ? cell->why : "");
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
    const struct cmp_inputs *cs, json_t *const *objs,
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
		fprintf(fp, "  %c%-*s", fmt_cmp_letter(c), c + 1 < n ? vw - 1 : 0,
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
			    fmt_cmp_letter(c));
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
print_machines(FILE *fp, int width, const struct cmp_inputs *cs, int differ)
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
		    fmt_cmp_letter(c), fmt_safe(e, sizeof(e), other)));
	}
}

/* Per column, the cases OK in the baseline that it did not measure. */
static void
print_missing(FILE *fp, int width, const struct cmp_inputs *cs,
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
				    "%s):", fmt_cmp_letter(c), o->fail_pct >= 0 &&
				    !o->allow_missing ? ", a regression" : "");
			fmt_cmp_case_label(t, i, buf, sizeof(buf));
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
column_head(const struct cmp_inputs *cs, size_t c, char *buf, size_t len)
{
	char e[FMT_SAFE(64)];

	bufprintf(buf, len, "%c %s", fmt_cmp_letter(c), fmt_safe(e, sizeof(e),
	    cs->v[c].name));
}

/*
 * A row left out of the table: SKIPPED for want of a clock (a per-MHz or
 * per-cycle figure, RF_NOCLOCK) in every column that has it, as `run`
 * folds it; verbose keeps it.
 */
static int
row_folded(const struct cmp_table *t, size_t i, int verbose)
{
	const struct result *r;
	size_t c;
	int any = 0;

	for (c = 0; c < t->ncols && !verbose; c++) {
		if ((r = t->rows[i].cells[c].r) == NULL)
			continue;
		if (r->status != ST_SKIPPED || !(r->flags & RF_NOCLOCK))
			return 0;
		any = 1;
	}
	return any;
}

/* The rows row_folded() left out, in one line after the table. */
static void
print_folded(FILE *fp, int width, const struct cmp_table *t, int verbose)
{
	const struct result *first = NULL;
	char e[FMT_SAFE(160)];
	size_t i, c, n = 0;

	for (i = 0; i < t->nrows; i++) {
		if (!row_folded(t, i, verbose))
			continue;
		for (c = 0; c < t->ncols && first == NULL; c++)
			first = t->rows[i].cells[c].r;
		n++;
	}
	if (n > 0)
		wrap_free(fp, width, 3, xasprintf("== %zu row%s per MHz or per "
		    "cycle SKIPPED in every column (--verbose lists them): %s",
		    n, n == 1 ? "" : "s", fmt_safe(e, sizeof(e),
		    first->reason)));
}

/*
 * Under a case measured in code placements (fmt_placement_range()): each
 * column's slowest and fastest placement, one short note line, the unit
 * said once when the columns share it (a derived row: its case's only).
 */
static void
print_placements(FILE *fp, int width, const struct cmp_table *t, size_t i,
    int indent)
{
	const struct result *r;
	struct strbuf sb;
	char range[160], ns[32], nf[32], us[24], uf[24], first[24] = "";
	char e[FMT_SAFE(24)];
	double slow, fast;
	size_t c, k;
	int pass, same = 1;

	if (t->rows[i].main != i)
		return;
	strbuf_init(&sb);
	/* the units looked at first, then the line written */
	for (pass = 0; pass < 2; pass++)
		for (c = 0, k = 0; c < t->ncols; c++) {
			r = t->rows[i].cells[c].r;
			if (r == NULL ||
			    !fmt_placement_range(r, range, sizeof(range)) ||
			    result_get_extra(r, "variant:slowest", &slow) != 0 ||
			    result_get_extra(r, "variant:fastest", &fast) != 0)
				continue;
			fmt_quote_row(r, slow, ns, sizeof(ns), us, sizeof(us));
			fmt_quote_row(r, fast, nf, sizeof(nf), uf, sizeof(uf));
			if (pass == 0) {
				if (k++ == 0)
					strlcpy_bb(first, us, sizeof(first));
				same &= strcmp(first, us) == 0 &&
				    strcmp(first, uf) == 0;
				continue;
			}
			strbuf_addf(&sb, "%s%c %s", k++ ? ", " : "placements: ",
			    fmt_cmp_letter(c), ns);
			if (!same)
				strbuf_addf(&sb, " %s", fmt_safe(e, sizeof(e),
				    us));
			strbuf_addf(&sb, "-%s", nf);
			if (!same)
				strbuf_addf(&sb, " %s", fmt_safe(e, sizeof(e),
				    uf));
		}
	if (sb.len > 0) {
		if (same)
			strbuf_addf(&sb, " %s", fmt_safe(e, sizeof(e), first));
		fprintf(fp, "%*s", indent, "");
		fmt_wrap(fp, width, sb.buf, indent, indent + 2);
	}
	strbuf_release(&sb);
}

/* Cells cols[0..n) of row i (SIZE_MAX: the column headers). */
static void
print_cells(FILE *fp, const struct cmp_inputs *cs, const struct cmp_table *t,
    size_t i, const int *w, const size_t *cols, size_t n, enum view v)
{
	char buf[FMT_SAFE(64) + 48];
	size_t k, c;

	for (k = 0; k < n; k++) {
		c = cols[k];
		if (i == SIZE_MAX) {
			/* the name cut to the cells, or the letter alone */
			column_head(cs, c, buf, sizeof(buf));
			if ((int)strlen(buf) > w[c])
				cut_text(buf, w[c] >= 10 ? (size_t)w[c] : 1);
		} else {
			cell_text(t, i, c, v, buf, sizeof(buf));
		}
		fprintf(fp, "  %-*s", k + 1 < n ? w[c] : 0, buf);
	}
	fputc('\n', fp);
}

/* The widest cell of each column in view v, its header counted up to
 * head (0: not at all). */
static void
cell_widths(const struct cmp_inputs *cs, const struct cmp_table *t,
    int verbose, enum view v, int head, int *w)
{
	char buf[FMT_SAFE(64) + 48];
	size_t i, c;

	for (c = 0; c < cs->n; c++) {
		column_head(cs, c, buf, sizeof(buf));
		w[c] = (int)strlen(buf) < head ? (int)strlen(buf) : head;
		for (i = 0; i < t->nrows; i++) {
			if (row_folded(t, i, verbose))
				continue;
			cell_text(t, i, c, v, buf, sizeof(buf));
			if ((int)strlen(buf) > w[c])
				w[c] = (int)strlen(buf);
		}
	}
}

/*
 * The full table: BENCH, CASE, then one cell per column with its
 * interval, on one line; 0 when it does not fit the width with at least
 * TAB_CASE_MIN for the case names (or the longest), and nothing printed.
 * The case column is as wide as the longest name, or what is left beside
 * the cells (a longer name is then on a line of its own above its row).
 */
static int
print_full(FILE *fp, int width, const struct cmp_inputs *cs,
    const struct cmp_table *t, int verbose, int wb, int wcmax)
{
	char raw[160], e_b[FMT_SAFE(32)], e_c[FMT_SAFE(160)];
	int *w, cells = 0, wc, pass;
	size_t i, c, *all;

	w = xcalloc(cs->n, sizeof(*w));
	/* the headers as wide as TAB_HEAD_MAX; as the cells when the case
	 * names need the room */
	for (pass = 0; pass < 2; pass++) {
		cell_widths(cs, t, verbose, V_FULL, pass == 0 ? TAB_HEAD_MAX :
		    0, w);
		for (c = 0, cells = 0; c < cs->n; c++)
			cells += 2 + w[c];
		if (width - wb - 2 - cells >= wcmax)
			break;
	}
	wc = width - wb - 2 - cells;
	if (wc < (wcmax < TAB_CASE_MIN ? wcmax : TAB_CASE_MIN)) {
		free(w);
		return 0;
	}
	if (wc > wcmax)
		wc = wcmax;
	all = xcalloc(cs->n, sizeof(*all));
	for (c = 0; c < cs->n; c++)
		all[c] = c;
	fprintf(fp, "%-*s  %-*s", wb, "BENCH", wc, "CASE");
	print_cells(fp, cs, t, SIZE_MAX, w, all, cs->n, V_FULL);
	for (i = 0; i < t->nrows; i++) {
		if (row_folded(t, i, verbose))
			continue;
		fmt_safe(e_b, sizeof(e_b), t->rows[i].key->bench);
		fmt_cmp_case_label(t, i, raw, sizeof(raw));
		fmt_safe(e_c, sizeof(e_c), raw);
		if ((int)strlen(e_b) > wb || (int)strlen(e_c) > wc) {
			/* the name on a line of its own */
			wrap_free(fp, width, 2, xasprintf("%s %s", e_b, e_c));
			e_b[0] = e_c[0] = '\0';
		}
		fprintf(fp, "%-*s  %-*s", wb, e_b, wc, e_c);
		print_cells(fp, cs, t, i, w, all, cs->n, V_FULL);
		print_placements(fp, width, t, i, wb + 2);
	}
	free(all);
	free(w);
	return 1;
}

/*
 * The next block of a compact table's columns, from *from on: the
 * baseline (not for V_INTERVAL), then the others while they fit in room
 * (at least one).  Returns how many (0: none left); *cells their width.
 */
static size_t
next_block(const struct cmp_table *t, const int *w, int room, enum view v,
    size_t *from, size_t *cols, int *cells)
{
	size_t n = 0, c, lead = v != V_INTERVAL;

	*cells = 0;
	if (lead) {
		cols[n++] = t->base;
		*cells += 2 + w[t->base];
	}
	for (c = *from; c < t->ncols; c++) {
		if (c == t->base)
			continue;
		if (n > lead && *cells + 2 + w[c] > room)
			break;
		cols[n++] = c;
		*cells += 2 + w[c];
	}
	*from = c;
	return n > lead ? n : 0;
}

/* One block of a compact table: its columns cols[0..n), the case names
 * wc wide; "(block 2 of 3: columns A, D, E)" above it when there are more. */
static void
print_block(FILE *fp, int width, const struct cmp_inputs *cs,
    const struct cmp_table *t, int verbose, enum view v, const int *w,
    const size_t *cols, size_t n, int wc, size_t block, size_t total)
{
	char raw[160], e_b[FMT_SAFE(32)], e_c[FMT_SAFE(160)], prev[32];
	size_t i, k;

	if (total > 1) {
		fprintf(fp, "%s(block %zu of %zu: columns", block > 1 ? "\n" :
		    "", block, total);
		for (k = 0; k < n; k++)
			fprintf(fp, "%s %c", k > 0 ? "," : "",
			    fmt_cmp_letter(cols[k]));
		fprintf(fp, ")\n");
	}
	/* the names stand above their cells when the column is too narrow */
	fprintf(fp, "%-*s", 2 + wc, 2 + wc >= 10 ? "BENCH CASE" : "");
	print_cells(fp, cs, t, SIZE_MAX, w, cols, n, v);
	prev[0] = '\0';
	for (i = 0; i < t->nrows; i++) {
		if (row_folded(t, i, verbose))
			continue;
		fmt_safe(e_b, sizeof(e_b), t->rows[i].key->bench);
		if (strcmp(e_b, prev) != 0)
			fprintf(fp, "%s\n", e_b);
		strlcpy_bb(prev, e_b, sizeof(prev));
		fmt_cmp_case_label(t, i, raw, sizeof(raw));
		fmt_safe(e_c, sizeof(e_c), raw);
		if ((int)strlen(e_c) > wc) {
			/* the name on a line of its own */
			wrap_free(fp, width, 4, xasprintf("  %s", e_c));
			e_c[0] = '\0';
		}
		fprintf(fp, "  %-*s", wc, e_c);
		print_cells(fp, cs, t, i, w, cols, n, v);
		if (v == V_COMPACT && block == 1)
			print_placements(fp, width, t, i, 4);
	}
}

/*
 * A compact table (v: V_COMPACT or V_INTERVAL): each benchmark's name on
 * a line of its own, then one line per case, its name indented, with one
 * cell per column.  When the columns do not fit the width beside the
 * names (at least TAB_CASE_MIN), they are split into blocks, each block a
 * table of its own that starts with the baseline; a column is never
 * wrapped under another.  V_INTERVAL leaves the baseline out.
 */
static void
print_compact(FILE *fp, int width, const struct cmp_inputs *cs,
    const struct cmp_table *t, int verbose, int wcmax, enum view v)
{
	int *w, wmin = wcmax < TAB_CASE_MIN ? wcmax : TAB_CASE_MIN, cells, wc;
	size_t c, n, from, *cols, nblocks, total = 0, block;

	w = xcalloc(cs->n, sizeof(*w));
	cell_widths(cs, t, verbose, v, 0, w);
	for (c = 0; c < cs->n; c++)
		if (w[c] < 7)	/* room for the letter and a short name */
			w[c] = 7;
	cols = xcalloc(cs->n, sizeof(*cols));
	/* the blocks counted, then printed */
	for (block = 0; block < 2; block++)
		for (from = 0, nblocks = 0; (n = next_block(t, w, width - 2 -
		    wmin, v, &from, cols, &cells)) > 0; nblocks++) {
			if (block == 0) {
				total++;
				continue;
			}
			/* one column wider than the width: names above */
			wc = width - 2 - cells < 0 ? 0 : width - 2 - cells;
			print_block(fp, width, cs, t, verbose, v, w, cols, n,
			    wcmax < wc ? wcmax : wc, nblocks + 1, total);
		}
	free(cols);
	free(w);
}

/*
 * The table, in the width: full cells when they fit on one line beside
 * the names, else compact ones (V_COMPACT), and with intervals a second
 * table of the compact cells' intervals.  Counts the cells within the
 * noise (nmark[0]) and the derived rows left to their case (nmark[1]),
 * and ORs the OK rows' flags.  Returns 1 when compact.
 */
static int
print_table(FILE *fp, int width, const struct cmp_inputs *cs,
    const struct cmp_table *t, int verbose, int intervals, size_t nmark[2],
    unsigned *flags)
{
	char raw[160], e_b[FMT_SAFE(32)], e_c[FMT_SAFE(160)];
	int wb = 5, wcmax = 4;
	size_t i, c;

	for (i = 0; i < t->nrows; i++) {
		if (row_folded(t, i, verbose))
			continue;
		fmt_safe(e_b, sizeof(e_b), t->rows[i].key->bench);
		if ((int)strlen(e_b) > wb)
			wb = (int)strlen(e_b);
		fmt_cmp_case_label(t, i, raw, sizeof(raw));
		fmt_safe(e_c, sizeof(e_c), raw);
		if ((int)strlen(e_c) > wcmax)
			wcmax = (int)strlen(e_c);
		for (c = 0; c < cs->n; c++) {
			nmark[0] += t->rows[i].cells[c].mark == CMP_NOISE;
			nmark[1] += t->rows[i].cells[c].mark == CMP_BY_CASE;
			if (t->rows[i].cells[c].r != NULL &&
			    t->rows[i].cells[c].r->status == ST_OK)
				*flags |= t->rows[i].cells[c].r->flags;
		}
	}
	if (wb > TAB_BENCH_MAX)
		wb = TAB_BENCH_MAX;
	if (print_full(fp, width, cs, t, verbose, wb, wcmax))
		return 0;
	print_compact(fp, width, cs, t, verbose, wcmax, V_COMPACT);
	if (intervals) {
		fprintf(fp, "\n95 %% intervals of the ratios above:\n");
		print_compact(fp, width, cs, t, verbose, wcmax, V_INTERVAL);
	}
	return 1;
}

/*
 * Above the table, once: which columns ran under a user-mode emulator.
 * When every one did, they are compared with each other (the same kind
 * of timings: fair), and only a native run is out of their reach.
 */
static void
print_emulated(FILE *fp, int width, const struct cmp_inputs *cs)
{
	const struct system_info *si, *first = NULL;
	char letters[160], e[FMT_SAFE(64)];	/* "A, C, ..." */
	size_t c, n = 0, len = 0;

	letters[0] = '\0';
	for (c = 0; c < cs->n; c++) {
		si = cs->v[c].ri.system;
		if (si == NULL || !sysinfo_emulated(si))
			continue;
		if (first == NULL)
			first = si;
		if (len + 4 < sizeof(letters))	/* else the first ones */
			len += (size_t)snprintf(letters + len,
			    sizeof(letters) - len, "%s%c", n > 0 ? ", " : "",
			    fmt_cmp_letter(c));
		n++;
	}
	if (first == NULL)
		return;
	fmt_safe(e, sizeof(e), first->emulator);
	if (n == cs->n && n > 1)
		wrap_free(fp, width, 3, xasprintf("== every column is emulated "
		    "(%s): the timings are the emulator's, not a board's; they "
		    "compare with each other, not with a native run", e));
	else
		wrap_free(fp, width, 3, xasprintf("== %s %s emulated (%s): %s "
		    "timings are the emulator's, not the board's; no verdict "
		    "against a native run", letters, n > 1 ? "are" : "is", e,
		    n > 1 ? "their" : "its"));
}

/*
 * Above the table: how the cells were judged, how many cases were
 * compared and called different, how many differences chance alone would
 * give, and which cells have no verdict and why.
 */
static void
print_verdicts(FILE *fp, int width, const struct cmp_inputs *cs,
    const struct cmp_table *t, const struct cmp_opts *o)
{
	size_t i, c;
	int cpu_time = 0;

	for (i = 0; i < t->nrows; i++)
		for (c = 0; c < t->ncols; c++)
			cpu_time |= t->rows[i].cells[c].cpu_time;
	print_emulated(fp, width, cs);
	if (t->paired)
		wrap_free(fp, width, 3, xasprintf("== paired: builds of one "
		    "session compare pair by pair (one process of each, "
		    "alternating on one CPU), so drift falls on both alike%s",
		    cpu_time ? "; CPU kernels by their work per CPU second, "
		    "so the share of the CPU a process got does not count" :
		    ""));
	if (t->sessions)
		wrap_free(fp, width, 3, xasprintf("== pooled paired sessions: "
		    "each session's ratio, from its own pairs, is one unit; "
		    "the interval (Student's t over the sessions) holds how "
		    "far the sessions differ"));
	if (t->ntested > 0 || t->nnotcomp == 0)
		wrap_free(fp, width, 3, xasprintf("== %zu case%s compared: "
		    "%zu called different, the false discovery rate held at "
		    "%g (Benjamini-Hochberg); at p < %g each, about %.1f "
		    "would be by chance alone", t->ntested,
		    t->ntested == 1 ? "" : "s", t->ndifferent, o->alpha,
		    o->alpha, o->alpha * (double)t->ntested));
	if (t->nnotcomp > 0)
		wrap_free(fp, width, 3, xasprintf("== %zu case%s with no "
		    "verdict (n/c: unpaired and flagged busy, preempted, "
		    "throttled or drifted on a side, one run a side, or "
		    "emulated against native)%s", t->nnotcomp,
		    t->nnotcomp == 1 ? "" : "s", t->paired ? "" :
		    ": pair the builds (run --against) for a verdict under "
		    "load, or pool runs (--pool)"));
	if (t->ndrifted > 0)
		wrap_free(fp, width, 3, xasprintf("== %zu paired case%s "
		    "drifted: the pairs met the machine's change of pace "
		    "alike, so the verdict stands; a change that slows one "
		    "build's code more than the other's would move the ratio "
		    "itself: repeat the session to tell", t->ndrifted,
		    t->ndrifted == 1 ? "" : "s"));
}

/* Columns measured with different profiles: one plain line. */
static void
profile_warning(FILE *fp, int width, const struct cmp_inputs *cs)
{
	const char **names = xcalloc(cs->n, sizeof(*names));
	const char **profiles = xcalloc(cs->n, sizeof(*profiles));
	char (*letters)[2] = xcalloc(cs->n, sizeof(*letters));
	char text[1024], e[FMT_SAFE(1024)];
	size_t c;

	for (c = 0; c < cs->n; c++) {
		letters[c][0] = fmt_cmp_letter(c);
		names[c] = letters[c];
		profiles[c] = cs->v[c].ri.profile;
	}
	if (fmt_profiles_differ(names, profiles, cs->n, text, sizeof(text)))
		wrap_free(fp, width, 3, xasprintf("== warning: %s",
		    fmt_safe(e, sizeof(e), text)));
	free(names);
	free(profiles);
	free(letters);
}

/* Above the table: the columns, what was left out, the machines and the
 * differences between the builds and between the systems. */
static void
print_head(FILE *fp, const struct cmp_inputs *cs, const struct cmp_table *t,
    int width, int verbose)
{
	json_t **objs, **sys;
	struct cmp_diff *d;
	char label[512], e_name[FMT_SAFE(64)], e_src[FMT_SAFE(160)];
	char e[FMT_SAFE(512)], *left;
	size_t c, nd;

	objs = xcalloc(cs->n, sizeof(*objs));
	wrap_free(fp, width, 3, xasprintf("== compare: %zu build flag sets, "
	    "%zu cases; ratios to %c, above 1 is better", cs->n, t->nrows,
	    fmt_cmp_letter(t->base)));
	for (c = 0; c < cs->n; c++) {
		buildinfo_label(cs->v[c].ri.build, NULL, label, sizeof(label));
		wrap_free(fp, width, 3, xasprintf("== %c %s: %s | %s%s",
		    fmt_cmp_letter(c), fmt_safe(e_name, sizeof(e_name),
		    cs->v[c].name), fmt_safe(e_src, sizeof(e_src),
		    cs->v[c].source), fmt_safe(e, sizeof(e), label),
		    c == t->base ? "  (baseline)" : ""));
	}
	for (c = 0; c < cs->n; c++) {
		if (cs->v[c].left_out == NULL)
			continue;
		left = safe_dup(cs->v[c].left_out);
		wrap_free(fp, width, 3, xasprintf("== %c %s: pooled complete "
		    "runs only; left out %s", fmt_cmp_letter(c), fmt_safe(e_name,
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
}

/* Under the table: what its numbers and marks mean. */
static void
print_notes(FILE *fp, const struct cmp_inputs *cs, const struct cmp_table *t,
    const struct cmp_opts *o, int width, int compact, int intervals,
    const size_t nmark[2])
{
	size_t nnoise = nmark[0];
	char range[160];
	int placed = 0;
	size_t i, c;

	if (compact && !intervals)
		fmt_wrap(fp, width, "compact cells: the ratio and its mark, "
		    "the columns not fitting the width with their intervals "
		    "(--intervals adds a table of them)", 0, 2);
	fmt_wrap(fp, width, "ratio [95 % interval]: the column over the "
	    "baseline for rates, the baseline over the column for times; "
	    "paired runs: Yuen's 20 % trimmed mean of the pairs' log ratios "
	    "and its t interval (a case in code placements: the mean over "
	    "the placements of each one's mean log ratio, Student's t over "
	    "the placements, so which layouts the builds drew is part of "
	    "the interval); pooled unpaired runs: the ratio of the "
	    "geometric means of the run figures, with Welch's t interval; "
	    "one unpaired run a side: the ratio alone (1 run/side)", 0, 2);
	if (t->sessions)
		fmt_wrap(fp, width, "pooled paired sessions (unit session): "
		    "the geometric mean of the sessions' paired ratios, with "
		    "Student's t interval over the sessions, never narrower "
		    "than their own intervals allow", 0, 2);
	wrap_free(fp, width, 2, xasprintf("~ no difference shown: the "
	    "interval holds 1, or the difference does not survive "
	    "Benjamini-Hochberg at %g (%zu cell%s); ? too few units for an "
	    "interval", o->alpha, nnoise, nnoise == 1 ? "" : "s"));
	if (nmark[1] > 0)
		wrap_free(fp, width, 2, xasprintf("^ a row under a case: its "
		    "own interval excludes 1, but its case is not called "
		    "different, and the case's verdict holds (%zu cell%s)",
		    nmark[1], nmark[1] == 1 ? "" : "s"));
	if (t->nnotcomp > 0)
		fmt_wrap(fp, width, "n/c no verdict: unpaired, and a side is "
		    "flagged busy, preempted, throttled or drifted, or is one "
		    "run (1 run/side: a run's processes cannot show how far "
		    "the next run differs); or one side is emulated and the "
		    "other not", 0, 2);
	if (o->fail_pct >= 0)
		wrap_free(fp, width, 2, xasprintf("! regression: the whole "
		    "interval is worse than the baseline by more than %g%%, "
		    "or failed%s (%zu case%s; derived rows follow their case)",
		    o->fail_pct, o->allow_missing ? "" : " or missing",
		    t->nregressions, t->nregressions == 1 ? "" : "s"));
	for (i = 0; i < t->nrows; i++)
		for (c = 0; c < cs->n && !placed; c++)
			placed = t->rows[i].cells[c].r != NULL &&
			    fmt_placement_range(t->rows[i].cells[c].r, range,
			    sizeof(range));
	if (placed)
		fmt_wrap(fp, width, "placements: a case measured in code "
		    "placements, each column's slowest and fastest placement",
		    0, 2);
}

/* fmt-compare.h */
void
fmt_compare_text(FILE *fp, const struct comparison *cmp)
{
	const struct cmp_inputs *cs = cmp->in;
	const struct cmp_table *t = cmp->t;
	size_t nmark[2] = { 0, 0 };
	unsigned flags = 0;
	int compact;

	print_head(fp, cs, t, cmp->width, cmp->verbose);
	fputc('\n', fp);
	print_verdicts(fp, cmp->width, cs, t, cmp->o);
	fputc('\n', fp);
	compact = print_table(fp, cmp->width, cs, t, cmp->verbose,
	    cmp->intervals, nmark, &flags);
	print_folded(fp, cmp->width, t, cmp->verbose);
	fputc('\n', fp);
	print_notes(fp, cs, t, cmp->o, cmp->width, compact, cmp->intervals,
	    nmark);
	fmt_flag_legend(fp, cmp->width, flags);
	print_missing(fp, cmp->width, cs, t, cmp->o);
}
