/*
 * fmt-text.c - the table for people: a header naming the build flag set
 * and the machine, then BENCH CASE VALUE UNIT ±CV% N FLAGS, one row per
 * case as it finishes; --classic reports after the table.
 */
#include "config.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "headline.h"
#include "registry.h"
#include "sysinfo-show.h"
#include "util.h"

#define W_VALUE 9
#define W_UNIT 10	/* MFLOPS/MHz; longer units take CV's padding */
#define W_CV 5
#define W_N 3
#define W_FLAGS 4
#define W_INDENT 4		/* a reason or a long name on its own line */

/* One letter per validity flag in the table; the legend follows it. */
static const struct { unsigned bit; char letter; const char *name; }
flag_letters[] = {
	{ RF_THROTTLED, 'T', "throttled" }, { RF_HOT, 'H', "hot" },
	{ RF_BUSY, 'B', "busy" }, { RF_NOISY, 'N', "noisy" },
	{ RF_NOCLOCK, 'C', "noclock" }, { RF_PREEMPTED, 'P', "preempted" },
	{ RF_MULTIPLEXED, 'M', "multiplexed" }, { RF_EMULATED, 'E', "emulated" },
	{ RF_DRIFTED, 'D', "drifted" }, { RF_LAYOUT, 'L', "layout" },
};

void
fmt_flag_abbrev(unsigned flags, char *buf, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < ARRAY_SIZE(flag_letters) && n + 1 < len; i++)
		if (flags & flag_letters[i].bit)
			buf[n++] = flag_letters[i].letter;
	buf[n] = '\0';
}

/* The optional columns (--columns), in the order they print. */
static const struct {
	unsigned bit;
	const char *name, *head;
	int width;
} text_columns[] = {
	{ FMT_COL_TEMP, "temp", "TEMP", 4 },
	{ FMT_COL_MHZ, "mhz", "MHz", 9 },
	{ FMT_COL_POWER, "power", "POWER", 6 },
};
const char *const fmt_column_names = "+temp, +mhz, +power";

int
fmt_columns_parse(const char *spec, unsigned *columns)
{
	const char *s = spec;
	unsigned cols = 0;
	size_t n, i;

	for (;;) {
		n = strcspn(s, ",");
		if (*s == '+') {
			s++;
			n--;
		}
		for (i = 0; i < ARRAY_SIZE(text_columns); i++)
			if (strlen(text_columns[i].name) == n &&
			    strncmp(s, text_columns[i].name, n) == 0)
				break;
		if (i == ARRAY_SIZE(text_columns))
			return -1;	/* unknown or empty */
		cols |= text_columns[i].bit;
		s += n;
		if (*s == '\0')
			break;
		s++;
	}
	*columns = cols;
	return 0;
}

/* The row's extra `name` when it is a finite number. */
static int
text_extra(const struct result *r, const char *name, double *v)
{
	return result_get_extra(r, name, v) == 0 && isfinite(*v);
}

/* One optional cell: "-" when the row lacks it, "?" when it is too wide. */
static void
text_cell(const struct result *r, size_t col, char *buf, size_t len)
{
	double a, b;
	int ha, hb;

	bufprintf(buf, len, "-");
	switch (text_columns[col].bit) {
	case FMT_COL_TEMP:
		if (text_extra(r, "mon.temp_max_c", &a))
			bufprintf(buf, len, "%.0fC", a);
		break;
	case FMT_COL_MHZ:
		ha = text_extra(r, "mon.mhz_min", &a);
		hb = text_extra(r, "mon.mhz_max", &b);
		if (ha && hb && lround(a) != lround(b))
			bufprintf(buf, len, "%.0f-%.0f", a, b);
		else if (ha || hb)
			bufprintf(buf, len, "%.0f", ha ? a : b);
		break;
	case FMT_COL_POWER:
		if (text_extra(r, "power:avg_w", &a))
			bufprintf(buf, len, "%.1fW", a);
		break;
	}
	if ((int)strlen(buf) > text_columns[col].width)
		bufprintf(buf, len, "?");
}

/* The optional columns' header, or a row's cells: " TEMP      MHz". */
static void
text_cells(const struct fmt *f, const struct result *r, char *buf,
    size_t len)
{
	char cell[48];
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(text_columns) && used + 1 < len; i++) {
		if (!(f->columns & text_columns[i].bit))
			continue;
		if (r != NULL)
			text_cell(r, i, cell, sizeof(cell));
		bufprintf(buf + used, len - used, " %*s",
		    text_columns[i].width, r != NULL ? cell :
		    text_columns[i].head);
		used += strlen(buf + used);
	}
}

/* The widths of BENCH and CASE: from the plan or rows, within the width. */
static void
text_layout(const struct fmt *f, int *bw, int *cw)
{
	int width = f->width > 0 ? f->width : 80;
	int room;
	size_t i;

	*bw = f->bench_w > 5 ? f->bench_w : 5;
	if (*bw > 12)
		*bw = 12;
	room = width - *bw - (1 + W_VALUE) - (1 + W_UNIT) - (1 + W_CV) -
	    (1 + W_N) - (2 + W_FLAGS) - 1;
	for (i = 0; i < ARRAY_SIZE(text_columns); i++)
		if (f->columns & text_columns[i].bit)
			room -= 1 + text_columns[i].width;
	/* at least 24: rows a benchmark adds while it runs (metrics
	 * such as cpu0/p99) are not in the plan */
	*cw = f->case_w > 24 ? f->case_w : 24;
	if (*cw > room)
		*cw = room > 4 ? room : 4;
}

static void text_wrapped(struct fmt *, const char *, int, int);

static void
text_begin(struct fmt *f, const struct run_info *ri)
{
	char label[512], machine[512], runid[40], line[FMT_SAFE(512) + 16];
	char e_label[FMT_SAFE(512)], e_machine[FMT_SAFE(512)];
	char e_started[FMT_SAFE(32)], e_profile[FMT_SAFE(16)];
	char e_status[FMT_SAFE(16)], cells[64];
	int done = strcmp(ri->status, "complete") == 0 ||
	    strcmp(ri->status, "running") == 0;
	int bw, cw;

	buildinfo_label(ri->build, ri->tag, label, sizeof(label));
	sysinfo_label(ri->system, machine, sizeof(machine));
	if (f->header_done)
		fputc('\n', f->fp);
	f->header_done = 1;
	/* a long build line (a sanitizer build's CFLAGS) wraps to the width */
	bufprintf(line, sizeof(line), "== build: %s", fmt_safe(e_label,
	    sizeof(e_label), label));
	text_wrapped(f, line, 0, 3);
	bufprintf(line, sizeof(line), "== machine: %s", fmt_safe(e_machine,
	    sizeof(e_machine), machine));
	text_wrapped(f, line, 0, 3);
	if (ri->system != NULL && !isnan(ri->system->run.noise_pct)) {
		sysinfo_noise_line(&ri->system->run, line, sizeof(line));
		text_wrapped(f, line, 0, 3);
		if (sysinfo_run_cpu_line(&ri->system->run, line,
		    sizeof(line))[0])
			text_wrapped(f, line, 0, 3);
	}
	if (ri->id > 0)
		snprintf(runid, sizeof(runid), "run %lld", (long long)ri->id);
	else
		snprintf(runid, sizeof(runid), "run not saved");
	fprintf(f->fp, "== %s  %s  profile %s%s%s\n", runid,
	    fmt_safe(e_started, sizeof(e_started), ri->started),
	    ri->profile[0] ? fmt_safe(e_profile, sizeof(e_profile),
	    ri->profile) : "-", done ? "" : "  ",
	    done ? "" : fmt_safe(e_status, sizeof(e_status), ri->status));
	text_layout(f, &bw, &cw);
	/* "±" is two bytes and one column: one byte more of padding */
	text_cells(f, NULL, cells, sizeof(cells));
	fprintf(f->fp, "%-*s %-*s %*s %-*s %*s %*s%s  %s\n", bw, "BENCH", cw,
	    "CASE", W_VALUE, "VALUE", W_UNIT, "UNIT", W_CV + 1, "±CV%", W_N,
	    "N", cells, "FLAG");
}

/* Text at indent, cut into lines at spaces to fit the width. */
static void
text_wrapped(struct fmt *f, const char *text, int indent, int more)
{
	if (*text == '\0')
		return;
	fprintf(f->fp, "%*s", indent, "");
	fmt_wrap(f->fp, f->width > 0 ? f->width : 80, text, indent,
	    indent + more);
}

/*
 * A long reason is printed in full once per run: a later row of the same
 * status and reason (every per-MHz row of a board with no clock) says
 * AS_ABOVE instead.  f->rows ends with r itself.
 */
#define AS_ABOVE	"(reason as above)"

static int
reason_said(const struct fmt *f, const struct result *r)
{
	size_t i;

	for (i = 0; i + 1 < f->nrows; i++)
		if (f->rows[i].status == r->status &&
		    strcmp(f->rows[i].reason, r->reason) == 0)
			return 1;
	return 0;
}

/*
 * A per-MHz or per-cycle row SKIPPED for want of a clock: on a board
 * without cpufreq about twenty of them per CPU run, folded into one line
 * after the table unless f->verbose.
 */
static int
text_folded(const struct fmt *f, const struct result *r)
{
	return !f->verbose && r->status == ST_SKIPPED &&
	    (r->flags & RF_NOCLOCK);
}

static void
text_result(struct fmt *f, const struct result *r)
{
	char cname[160], num[32], unit[24], cv[16], flags[16], cells[64];
	char text[160], e_text[FMT_SAFE(160)];
	char e_bench[FMT_SAFE(32)], e_case[FMT_SAFE(160)];
	char e_unit[FMT_SAFE(24)], e_reason[FMT_SAFE(160)], nbuf[16];
	const char *shown;
	int bw, cw, width = f->width > 0 ? f->width : 80, rest;
	int over, take, cvw, nw;

	if (text_folded(f, r))
		return;
	text_layout(f, &bw, &cw);
	if (r->copies > 1 && r->copy > 0)
		snprintf(cname, sizeof(cname), "%s [copy %u/%u]", r->case_name,
		    r->copy, r->copies);
	else if (r->copies > 1)
		snprintf(cname, sizeof(cname), "%s [%u copies]", r->case_name,
		    r->copies);
	else
		snprintf(cname, sizeof(cname), "%s", r->case_name);
	fmt_flag_abbrev(r->flags, flags, sizeof(flags));
	fmt_safe(e_bench, sizeof(e_bench), r->bench);
	fmt_safe(e_case, sizeof(e_case), cname);
	shown = e_case;
	if ((int)strlen(e_bench) > bw || (int)strlen(e_case) > cw) {
		/* a name longer than its column: on a line of its own */
		fprintf(f->fp, "%s %s\n", e_bench, e_case);
		shown = "";
		e_bench[0] = '\0';
	}
	if (r->status != ST_OK) {
		fmt_safe(e_reason, sizeof(e_reason), r->reason);
		rest = width - (bw + 1 + cw + 1 + W_VALUE + 2);
		if ((int)strlen(e_reason) <= rest) {
			fprintf(f->fp, "%-*s %-*s %*s  %s\n", bw, e_bench, cw,
			    shown, W_VALUE, result_status_name(r->status),
			    e_reason);
			return;
		}
		if (reason_said(f, r) && rest >= (int)strlen(AS_ABOVE)) {
			fprintf(f->fp, "%-*s %-*s %*s  %s\n", bw, e_bench, cw,
			    shown, W_VALUE, result_status_name(r->status),
			    AS_ABOVE);
			return;
		}
		fprintf(f->fp, "%-*s %-*s %*s\n", bw, e_bench, cw, shown,
		    W_VALUE, result_status_name(r->status));
		text_wrapped(f, e_reason, W_INDENT, 0);
		return;
	}
	fmt_quote_row(r, r->st.median, num, sizeof(num), unit, sizeof(unit));
	snprintf(cv, sizeof(cv), r->st.cv * 100 < 1000 ? "%.1f" : ">999",
	    r->st.cv * 100);
	text_cells(f, r, cells, sizeof(cells));
	fmt_safe(e_unit, sizeof(e_unit), unit);
	/* a unit wider than its column (ktransform/s) takes the padding of
	 * CV and N, so that the columns after it stay where they are */
	over = (int)strlen(e_unit) - W_UNIT;
	snprintf(nbuf, sizeof(nbuf), "%u", r->st.n);
	cvw = W_CV;
	nw = W_N;
	if (over > 0) {
		take = W_CV - (int)strlen(cv);
		take = take < over ? take : over;
		cvw -= take;
		over -= take;
		take = W_N - (int)strlen(nbuf);
		nw -= take < over ? take : over;
	}
	fprintf(f->fp, "%-*s %-*s %*s %-*s %*s %*s%s  %s\n", bw, e_bench, cw,
	    shown, W_VALUE, num, W_UNIT, e_unit, cvw, cv, nw, nbuf, cells,
	    flags);
	/* placements are a random factor: the figure is their mean, so
	 * the range it stands for goes with it */
	if (fmt_placement_range(r, text, sizeof(text)))
		text_wrapped(f, fmt_safe(e_text, sizeof(e_text), text),
		    W_INDENT, 0);
}

/*
 * The headline: the figures people quote (headline.c picks them), each
 * with its flags as letters on its line (at most 10: "  " label 32,
 * figure 9, unit 7 and 10 letters fit 80), their legend below.
 */
static void
text_headline(struct fmt *f)
{
	struct headline_item it[HEADLINE_MAX];
	char num[32], unit[24], flags[16], text[200], e_text[FMT_SAFE(200)];
	size_t i, k = headline_pick(f->rows, f->nrows, it, ARRAY_SIZE(it));
	int width = f->width > 0 ? f->width : 80;
	unsigned all = 0;

	if (k == 0)
		return;
	fprintf(f->fp, "== headline (figures people quote; flags as in "
	    "the table)\n");
	for (i = 0; i < k; i++) {
		const struct result *r = it[i].r;

		fmt_quote_row(r, r->st.median, num, sizeof(num), unit,
		    sizeof(unit));
		fmt_flag_abbrev(it[i].flags, flags, sizeof(flags));
		all |= it[i].flags;
		if (it[i].size[0] != '\0')
			bufprintf(text, sizeof(text), "%s (%s)", it[i].label,
			    it[i].size);
		else
			bufprintf(text, sizeof(text), "%s", it[i].label);
		fmt_safe(e_text, sizeof(e_text), text);
		if (flags[0] != '\0')
			fprintf(f->fp, "  %-32s %9s %-7s %s\n", e_text, num,
			    unit, flags);
		else
			fprintf(f->fp, "  %-32s %9s %s\n", e_text, num, unit);
		if (fmt_placement_range(r, text, sizeof(text)))
			fprintf(f->fp, "    %s\n", fmt_safe(e_text,
			    sizeof(e_text), text));
	}
	fmt_flag_legend(f->fp, width, all);
}

/* Raspberry Pi firmware bits (get_throttled): now, and since boot. */
#define FW_UNDERVOLT	0x10001L
#define FW_THROTTLE	0xe000eL	/* capped, throttled, soft limit */

/* One line: what the monitor saw over the run. */
static void
text_monitor(struct fmt *f)
{
	double tmax = NAN, lo = NAN, hi = NAN, v;
	const char *first_thr = NULL, *first_uv = NULL;
	char e[FMT_SAFE(96)], line[512];
	size_t i, nthr = 0, nuv = 0, used;
	int any = 0;
	long bits;

	for (i = 0; i < f->nrows; i++) {
		const struct result *r = &f->rows[i];

		if (result_get_extra(r, "mon.samples", &v) != 0)
			continue;
		any = 1;
		if (result_get_extra(r, "mon.temp_max_c", &v) == 0 &&
		    (isnan(tmax) || v > tmax))
			tmax = v;
		if (result_get_extra(r, "mon.mhz_min", &v) == 0 &&
		    (isnan(lo) || v < lo))
			lo = v;
		if (result_get_extra(r, "mon.mhz_max", &v) == 0 &&
		    (isnan(hi) || v > hi))
			hi = v;
		bits = result_get_extra(r, "mon.throttle_bits", &v) == 0 ?
		    (long)v : 0;
		if ((r->flags & RF_THROTTLED) || (bits & FW_THROTTLE)) {
			if (nthr++ == 0)
				first_thr = r->case_name;
		}
		if (bits & FW_UNDERVOLT) {
			if (nuv++ == 0)
				first_uv = r->case_name;
		}
	}
	if (!any)
		return;
	used = strlen(bufprintf(line, sizeof(line), "== monitor:"));
	if (!isnan(tmax))
		used += strlen(bufprintf(line + used, sizeof(line) - used,
		    " highest %.1f C,", tmax));
	else
		used += strlen(bufprintf(line + used, sizeof(line) - used,
		    " no temperature,"));
	if (!isnan(lo))
		used += strlen(bufprintf(line + used, sizeof(line) - used,
		    " clock %.0f-%.0f MHz,", lo, hi));
	else
		used += strlen(bufprintf(line + used, sizeof(line) - used,
		    " no clock reading,"));
	if (nthr > 0)
		used += strlen(bufprintf(line + used, sizeof(line) - used,
		    " throttled in %zu row%s (first %s),", nthr,
		    nthr == 1 ? "" : "s", fmt_safe(e, sizeof(e), first_thr)));
	if (nuv > 0)
		used += strlen(bufprintf(line + used, sizeof(line) - used,
		    " under-voltage in %zu row%s (first %s),", nuv,
		    nuv == 1 ? "" : "s", fmt_safe(e, sizeof(e), first_uv)));
	if (nthr == 0 && nuv == 0)
		used += strlen(bufprintf(line + used, sizeof(line) - used,
		    " no throttling or under-voltage seen,"));
	line[used - 1] = '\0';	/* the last comma */
	text_wrapped(f, line, 0, 3);
}

void
fmt_flag_legend(FILE *fp, int width, unsigned all)
{
	char line[160];
	size_t i, used;
	int n = 0;

	if (all == 0)
		return;
	used = strlen(bufprintf(line, sizeof(line), "== flags:"));
	for (i = 0; i < ARRAY_SIZE(flag_letters); i++)
		if (all & flag_letters[i].bit)
			used += strlen(bufprintf(line + used,
			    sizeof(line) - used, "%s %c %s", n++ ? "," : "",
			    flag_letters[i].letter, flag_letters[i].name));
	fmt_wrap(fp, width, line, 0, 3);
}

/* The rows text_folded() left out of the table, in one line. */
static void
text_fold_line(struct fmt *f)
{
	const struct result *first = NULL;
	char line[FMT_SAFE(160) + 128], e[FMT_SAFE(160)];
	size_t i, n = 0;

	for (i = 0; i < f->nrows; i++)
		if (text_folded(f, &f->rows[i]) && n++ == 0)
			first = &f->rows[i];
	if (n == 0)
		return;
	bufprintf(line, sizeof(line), "== %zu row%s per MHz or per cycle "
	    "SKIPPED (--verbose lists them): %s", n, n == 1 ? "" : "s",
	    fmt_safe(e, sizeof(e), first->reason));
	text_wrapped(f, line, 0, 3);
}

/* The flags of the OK rows, together. */
static unsigned
text_ok_flags(const struct fmt *f)
{
	unsigned all = 0;
	size_t i;

	for (i = 0; i < f->nrows; i++)
		if (f->rows[i].status == ST_OK)
			all |= f->rows[i].flags;
	return all;
}

/* The flag letters the table shows (on OK rows only), spelt out. */
static void
text_legend(struct fmt *f)
{
	fmt_flag_legend(f->fp, f->width > 0 ? f->width : 80, text_ok_flags(f));
}

/*
 * What each flag of the table rests on, in the rows' own numbers: the
 * extra that decided it (less the extra minus, when named), shown over
 * the flagged OK rows from its least to its largest (times scale), in
 * one wrapped block after the legend.
 */
static const struct {
	unsigned flag;
	char letter;
	const char *extra, *minus;
	double scale;
	const char *before, *after;	/* around the range */
	int per_sample;			/* the extra counts samples */
	int procs;	/* noisy: the entry for rows run in processes */
} text_why_tab[] = {
	/* noisy: by the robust spread cv:within, a case run in processes
	 * (whose cv:samples keeps its samples' CV) of theirs, any other of
	 * its samples; a row stored before its samples had one: the CV */
	{ RF_NOISY, 'N', "cv:within", NULL, 100, "processes spread ",
	    " (over 5 %)", 0, 1 },
	{ RF_NOISY, 'N', "cv:within", NULL, 100, "samples spread ",
	    " (over 5 %)", 0, 0 },
	{ RF_DRIFTED, 'D', "mon.pace", NULL, 1, "pace ", " of the run's "
	    "start", 0, 0 },
	{ RF_BUSY, 'B', "mon.busy_cores", "mon.cpus_spare", 1, "", " cores "
	    "of other work beyond the CPUs they left spare", 0, 0 },
	{ RF_PREEMPTED, 'P', "preempted", NULL, 100, "", " of their samples "
	    "under 0.9 CPU/wall", 1, 0 },
	{ RF_LAYOUT, 'L', "layout:spread", NULL, 100, "placements ",
	    " apart, in two groups", 0, 0 },
};

static void
text_why(struct fmt *f)
{
	struct strbuf sb;
	char part[160], lo_s[32], hi_s[32], range[80];
	double v, m, lo, hi;
	size_t i, k, n;

	strbuf_init(&sb);
	for (k = 0; k < ARRAY_SIZE(text_why_tab); k++) {
		n = 0;
		lo = hi = NAN;
		for (i = 0; i < f->nrows; i++) {
			const struct result *r = &f->rows[i];

			if (r->status != ST_OK ||
			    !(r->flags & text_why_tab[k].flag))
				continue;
			if (text_why_tab[k].flag == RF_NOISY &&
			    (result_get_extra(r, "cv:samples", &v) == 0) !=
			    text_why_tab[k].procs)
				continue;	/* the other N entry's */
			n++;
			if (result_get_extra(r, text_why_tab[k].extra, &v) !=
			    0) {
				if (text_why_tab[k].flag != RF_NOISY)
					continue;
				v = r->st.cv;
			}
			/* an old row without the minus: as it was stored */
			if (text_why_tab[k].minus != NULL &&
			    result_get_extra(r, text_why_tab[k].minus, &m) == 0)
				v -= m;
			if (text_why_tab[k].per_sample)
				v = r->nsamples > 0 ? v / (double)r->nsamples :
				    NAN;
			if (!isfinite(v))
				continue;
			v *= text_why_tab[k].scale;
			lo = isnan(lo) || v < lo ? v : lo;
			hi = isnan(hi) || v > hi ? v : hi;
		}
		if (n == 0 || isnan(lo))
			continue;
		bufprintf(lo_s, sizeof(lo_s), "%.3g", lo);
		bufprintf(hi_s, sizeof(hi_s), "%.3g", hi);
		if (strcmp(lo_s, hi_s) == 0)
			bufprintf(range, sizeof(range), "%s", lo_s);
		else
			bufprintf(range, sizeof(range), "%s to %s", lo_s, hi_s);
		bufprintf(part, sizeof(part), "%s%s%s%s",
		    text_why_tab[k].before, range,
		    text_why_tab[k].scale == 100 ? " %" : "",
		    text_why_tab[k].after);
		strbuf_addf(&sb, "%s%c on %zu row%s: %s", sb.len > 0 ? "; " :
		    "== why flagged: ", text_why_tab[k].letter, n,
		    n == 1 ? "" : "s", part);
	}
	if (sb.len > 0)
		text_wrapped(f, sb.buf, 0, 3);
	strbuf_release(&sb);
}

/*
 * One line of what to do when rows are flagged for the machine's state:
 * a single figure wants a quiet machine; builds compared in pairs meet
 * the load alike and keep their verdicts.
 */
static void
text_advice(struct fmt *f, const struct run_info *ri)
{
	unsigned all = text_ok_flags(f);
	int paired = ri->system != NULL && ri->system->run.pair_id != NULL;

	if (!(all & (RF_BUSY | RF_PREEMPTED | RF_DRIFTED | RF_NOISY |
	    RF_THROTTLED | RF_HOT)))
		return;
	text_wrapped(f, paired ? "== what to do: these builds ran in "
	    "pairs, so the flagged load fell on both alike: 'boardbench "
	    "compare' gives their verdicts; a single figure to quote wants "
	    "a quiet machine (--wait-idle)" : "== what to do: a figure to "
	    "quote wants a quiet machine (--wait-idle, --cool-down); to "
	    "compare builds under load, pair them (--against)", 0, 3);
}

/* Does r name a value its kernel resolved (an extra param:NAME)? */
static int
text_resolves(const struct result *r)
{
	size_t i;

	for (i = 0; i < r->nextra; i++)
		if (strncmp(r->extra[i].name, RESULT_PARAM_EXTRA,
		    strlen(RESULT_PARAM_EXTRA)) == 0)
			return 1;
	return 0;
}

/*
 * Under a classic view: the placements of its main rows, since a classic
 * binary runs one of them and the figure above is their mean.
 */
static void
text_classic_placements(struct fmt *f, const struct result **rows,
    size_t n)
{
	char text[160], line[256], e[FMT_SAFE(256)];
	size_t i;

	for (i = 0; i < n; i++) {
		if (strchr(rows[i]->case_name, '/') != NULL ||
		    !fmt_placement_range(rows[i], text, sizeof(text)))
			continue;
		bufprintf(line, sizeof(line), "%s %s: %s (a classic binary "
		    "runs one of them)", rows[i]->bench, rows[i]->case_name,
		    text);
		text_wrapped(f, fmt_safe(e, sizeof(e), line), 0, 2);
	}
}

/* --classic: each benchmark's traditional report from its rows. */
static void
text_end(struct fmt *f, const struct run_info *ri)
{
	size_t i, j, n;
	const struct result **rows;

	/*
	 * The parameters each benchmark ran with, canonical, with the value
	 * its kernel used for one given as "auto" (lda=0 is lda=200): from
	 * its first row that names one, else its first row.
	 */
	for (i = 0; i < f->nrows; i++) {
		char line[320], safe[FMT_SAFE(sizeof(line))], used[256];
		const struct result *p = &f->rows[i];

		for (j = 0; j < i; j++)
			if (strcmp(f->rows[j].bench, f->rows[i].bench) == 0)
				break;
		if (j < i || f->rows[i].params[0] == '\0')
			continue;
		for (j = i; j < f->nrows; j++)
			if (strcmp(f->rows[j].bench, p->bench) == 0 &&
			    text_resolves(&f->rows[j])) {
				p = &f->rows[j];
				break;
			}
		bufprintf(line, sizeof(line), "== %s parameters: %s",
		    p->bench, result_params_used(p, used, sizeof(used)));
		text_wrapped(f, fmt_safe(safe, sizeof(safe), line), 0, 3);
	}
	if (strcmp(ri->status, "interrupted") == 0)
		fprintf(f->fp, "== run interrupted: the rows above are kept\n");
	text_fold_line(f);
	text_legend(f);
	text_why(f);
	text_advice(f, ri);
	text_monitor(f);
	if (!f->no_headline)
		text_headline(f);
	if (!f->classic || f->nrows == 0)
		return;
	rows = xcalloc(f->nrows, sizeof(*rows));
	for (i = 0; i < registry_count; i++) {
		const struct bench_info *b = registry_table[i];

		if (b->classic == NULL)
			continue;
		for (j = 0, n = 0; j < f->nrows; j++)
			if (strcmp(f->rows[j].bench, b->name) == 0)
				rows[n++] = &f->rows[j];
		if (n == 0)
			continue;
		fputc('\n', f->fp);
		b->classic(f->fp, b, (const struct result *const *)rows, n);
		text_classic_placements(f, rows, n);
	}
	free(rows);
}

const struct fmt_ops fmt_text_ops = {
	.name = "text",
	.begin = text_begin,
	.result = text_result,
	.end = text_end,
};
