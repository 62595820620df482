/*
 * fmt.c - the formatter table and what all formats share: keeping the
 * rows of the current run, and scaling figures for people.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "fmt.h"
#include "registry.h"
#include "util.h"

static const struct fmt_ops *const fmt_table[] = {
	&fmt_text_ops, &fmt_csv_ops, &fmt_tsv_ops, &fmt_json_ops,
};
const char *const fmt_names = "text|csv|tsv|json";

int
fmt_known(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fmt_table); i++)
		if (strcmp(fmt_table[i]->name, name) == 0)
			return 1;
	return 0;
}

struct fmt *
fmt_new(const char *name, FILE *fp)
{
	struct fmt *f;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fmt_table); i++)
		if (strcmp(fmt_table[i]->name, name) == 0)
			break;
	if (i == ARRAY_SIZE(fmt_table))
		return NULL;
	numeric_locale_c();
	f = xcalloc(1, sizeof(*f));
	f->ops = fmt_table[i];
	f->fp = fp;
	return f;
}

static void
fmt_drop_rows(struct fmt *f)
{
	result_free_rows(f->rows, f->nrows);
	f->rows = NULL;
	f->nrows = f->arows = 0;
}

void
fmt_begin(struct fmt *f, const struct run_info *ri)
{
	fmt_drop_rows(f);
	if (f->ops->begin)
		f->ops->begin(f, ri);
	fflush(f->fp);
}

void
fmt_result(struct fmt *f, const struct result *r)
{
	/* doubled: a store of thousands of rows is one copy each, not n */
	if (f->nrows == f->arows) {
		f->arows = f->arows ? 2 * f->arows : 64;
		f->rows = xreallocarray(f->rows, f->arows, sizeof(*f->rows));
	}
	result_copy(&f->rows[f->nrows++], r);
	if (f->ops->result)
		f->ops->result(f, r);
	fflush(f->fp);
}

void
fmt_end(struct fmt *f, const struct run_info *ri)
{
	if (f->ops->end)
		f->ops->end(f, ri);
	fmt_drop_rows(f);
	fflush(f->fp);
}

void
fmt_free(struct fmt *f)
{
	if (f == NULL)
		return;
	if (f->ops->finish)
		f->ops->finish(f);
	fflush(f->fp);
	fmt_drop_rows(f);
	free(f);
}

static void
fmt_num(double v, char *num, size_t nlen)
{
	double a = fabs(v);

	snprintf(num, nlen, a >= 100 ? "%.1f" : a >= 10 ? "%.2f" : "%.3f", v);
}

/*
 * Scale v for people: rates ("X/s") and bytes in powers of 1000 (MB/s is
 * 10^6 bytes per second, as `openssl speed` and doc/DESIGN.md use), seconds
 * down to ns, energy ("J", "J/X") down to pJ.  Other units are left as
 * they are.
 */
void
fmt_human(double v, const char *unit, char *num, size_t nlen, char *u,
    size_t ulen)
{
	static const char *const pre[] = { "", "k", "M", "G", "T", "P" };
	static const struct { double f; const char *n; } tsc[] = {
		{ 1, "s" }, { 1e-3, "ms" }, { 1e-6, "us" }, { 1e-9, "ns" },
	};
	static const char *const sub[] = { "", "m", "u", "n", "p" };
	size_t i = 0, ul = strlen(unit);
	double a = fabs(v);

	if (isnan(v)) {
		snprintf(num, nlen, "-");
		snprintf(u, ulen, "%s", unit);
		return;
	}
	if (strcmp(unit, "s") == 0) {
		for (i = 0; i + 1 < ARRAY_SIZE(tsc) && a < tsc[i].f && a != 0;
		    i++)
			;
		v /= tsc[i].f;
		snprintf(u, ulen, "%s", tsc[i].n);
	} else if (unit[0] == 'J' && (unit[1] == '\0' || unit[1] == '/')) {
		while (a < 1 && a != 0 && i + 1 < ARRAY_SIZE(sub)) {
			a *= 1000;
			v *= 1000;
			i++;
		}
		snprintf(u, ulen, "%s%s", sub[i], unit);
	} else if ((ul > 2 && strcmp(unit + ul - 2, "/s") == 0) ||
	    strcmp(unit, "B") == 0 || strcmp(unit, "flop") == 0) {
		while (a >= 1000 && i + 1 < ARRAY_SIZE(pre)) {
			a /= 1000;
			v /= 1000;
			i++;
		}
		snprintf(u, ulen, "%s%s", pre[i], unit);
	} else {
		snprintf(u, ulen, "%s", unit);
	}
	fmt_num(v, num, nlen);
}

/*
 * Quote v as the benchmark's own quote for its unit and case says; 0, or
 * -1 when it has none.
 */
static int
bench_quote(double v, const char *bench, const char *case_name,
    const char *unit, char *num, size_t nlen, char *u, size_t ulen)
{
	const struct bench_info *b = registry_find(bench);
	const struct bench_quote *q;
	char n[32];

	if (b == NULL || b->quotes == NULL)
		return -1;
	for (q = b->quotes; q->unit != NULL; q++) {
		if (strcmp(unit, q->unit) != 0 || (q->case_name != NULL &&
		    (case_name == NULL || strcmp(case_name, q->case_name) != 0)))
			continue;
		v /= q->div;
		if (q->how & BENCH_Q_HUMAN) {
			fmt_human(v, q->name, num, nlen, u, ulen);
			return 0;
		}
		if (q->how & BENCH_Q_WHOLE)
			snprintf(n, sizeof(n), "%.0f", v);
		else
			fmt_num(v, n, sizeof(n));
		snprintf(num, nlen, "%s%s", n,
		    q->how & BENCH_Q_TIMES ? "x" : "");
		snprintf(u, ulen, "%s", q->name);
		return 0;
	}
	return -1;
}

void
fmt_quote(double v, const char *bench, const char *case_name,
    const char *unit, char *num, size_t nlen, char *u, size_t ulen)
{
	static const struct {
		const char *unit;
		double div;
		const char *name;
		double big;			/* from here on: big_name */
		const char *big_name;
	} q[] = {
		{ "flop/s", 1e6, "MFLOPS", 1e5, "GFLOPS" },
		{ "B/s", 1e6, "MB/s", 0, NULL },
		{ "bit/s", 1e6, "Mbit/s", 1e3, "Gbit/s" },
	};
	size_t i;

	if (isnan(v)) {
		fmt_human(v, unit, num, nlen, u, ulen);
		return;
	}
	if (bench_quote(v, bench, case_name, unit, num, nlen, u, ulen) == 0)
		return;
	for (i = 0; i < ARRAY_SIZE(q); i++) {
		if (strcmp(unit, q[i].unit) != 0)
			continue;
		v /= q[i].div;
		if (q[i].big_name != NULL && fabs(v) >= q[i].big) {
			v /= 1000;
			snprintf(u, ulen, "%s", q[i].big_name);
		} else {
			snprintf(u, ulen, "%s", q[i].name);
		}
		fmt_num(v, num, nlen);
		return;
	}
	fmt_human(v, unit, num, nlen, u, ulen);
}

void
fmt_quote_row(const struct result *r, double v, char *num, size_t nlen,
    char *u, size_t ulen)
{
	fmt_quote(v, r->bench, r->case_name, r->unit, num, nlen, u, ulen);
}

int
fmt_placement_range(const struct result *r, char *buf, size_t len)
{
	double slow, fast, v[RESULT_UNITS_MAX];
	char ns[32], nf[32], us[24], uf[24];
	size_t n;

	buf[0] = '\0';
	if (r->status != ST_OK ||
	    result_get_extra(r, "variant:slowest", &slow) != 0 ||
	    result_get_extra(r, "variant:fastest", &fast) != 0 ||
	    (n = result_units(r, RESULT_VARIANT_EXTRA, v, ARRAY_SIZE(v))) < 2)
		return 0;
	fmt_quote_row(r, slow, ns, sizeof(ns), us, sizeof(us));
	fmt_quote_row(r, fast, nf, sizeof(nf), uf, sizeof(uf));
	if (strcmp(us, uf) == 0)
		bufprintf(buf, len, "%zu placements: slowest %s, fastest %s %s%s",
		    n, ns, nf, uf, r->flags & RF_LAYOUT ? "; two groups" : "");
	else
		bufprintf(buf, len, "%zu placements: slowest %s %s, fastest "
		    "%s %s%s", n, ns, us, nf, uf,
		    r->flags & RF_LAYOUT ? "; two groups" : "");
	return 1;
}

void
fmt_size_name(struct fmt *f, const char *bench, const char *case_name,
    unsigned copies)
{
	char e[FMT_SAFE(160)];
	int n;

	n = (int)strlen(fmt_safe(e, sizeof(e), bench));
	if (n > f->bench_w)
		f->bench_w = n;
	n = (int)strlen(fmt_safe(e, sizeof(e), case_name));
	if (copies > 1)
		n += 16;	/* " [copy 12/16]" */
	if (n > f->case_w)
		f->case_w = n;
}

int
fmt_term_width(int fd)
{
	const char *c = getenv("COLUMNS");
	struct winsize ws;
	long n;
	char *end;

	if (c != NULL && *c != '\0') {
		n = strtol(c, &end, 10);
		if (*end == '\0' && n >= 40 && n <= 1000)
			return (int)n;
	}
	if (isatty(fd) && ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 40)
		return ws.ws_col;
	return 80;
}

void
fmt_wrap(FILE *fp, int width, const char *text, int col, int indent)
{
	int room = width - col, first = 1;
	size_t len = strlen(text), n;

	if (len == 0)
		fputc('\n', fp);
	while (len > 0) {
		/* a line after the first has at least 20 columns */
		if (!first && room < 20)
			room = 20;
		n = len;
		if ((int)n > room) {
			/* before a space or after a comma (a list of values) */
			n = room > 0 ? (size_t)room : 0;
			while (n > 0 && text[n] != ' ' && text[n - 1] != ',')
				n--;
			while (n > 0 && text[n - 1] == ' ')
				n--;
			/* else after a '/' (a long path) */
			if (n == 0)
				for (n = room > 0 ? (size_t)room : 0; n > 0 &&
				    text[n - 1] != '/'; n--)
					;
			if (n == 0 && first && col > indent) {
				/* nothing fits beside what is printed */
				fprintf(fp, "\n%*s", indent, "");
				room = width - indent;
				first = 0;
				continue;
			}
			if (n == 0) {
				/* one long word: cut, not inside a character */
				n = (size_t)(room > 20 ? room : 20);
				if (n > len)
					n = len;
				while (n > 1 && ((unsigned char)text[n] &
				    0xc0) == 0x80)
					n--;
			}
		}
		fprintf(fp, "%.*s\n", (int)n, text);
		text += n;
		len -= n;
		while (*text == ' ') {
			text++;
			len--;
		}
		if (len > 0)
			fprintf(fp, "%*s", indent, "");
		room = width - indent;
		first = 0;
	}
}

/* Is s all one finite number (as %g writes them)? */
static int
is_number(const char *s)
{
	char *end;
	double v;

	v = strtod(s, &end);
	return end != s && *end == '\0' && isfinite(v);
}

void
fmt_sep_field(FILE *fp, const char *s, char sep, int first)
{
	/* a spreadsheet runs a cell that starts so as a formula */
	int formula = s[0] != '\0' && strchr("=+-@\t\r", s[0]) != NULL &&
	    !is_number(s);
	const char *p;

	if (!first)
		fputc(sep, fp);
	if (sep == '\t') {
		if (formula)
			fputc('\'', fp);
		for (p = s; *p; p++)
			fputc(*p == '\t' || *p == '\n' || *p == '\r' ? ' ' : *p,
			    fp);
		return;
	}
	if (!formula && strpbrk(s, ",\"\r\n") == NULL) {
		fputs(s, fp);
		return;
	}
	fputc('"', fp);
	if (formula)
		fputc('\'', fp);
	for (p = s; *p; p++) {
		if (*p == '"')
			fputc('"', fp);
		fputc(*p, fp);
	}
	fputc('"', fp);
}

int
fmt_profiles_differ(const char *const *names, const char *const *profiles,
    size_t n, char *buf, size_t len)
{
	size_t i, used = 0;
	int differ = 0;

	for (i = 1; i < n; i++)
		differ |= profiles[i][0] != '\0' && profiles[0][0] != '\0' &&
		    strcmp(profiles[i], profiles[0]) != 0;
	if (!differ)
		return 0;
	used = strlen(bufprintf(buf, len, "the runs were measured with "
	    "different profiles ("));
	for (i = 0; i < n && used + 1 < len; i++)
		used += strlen(bufprintf(buf + used, len - used, "%s%s %s",
		    i ? ", " : "", names[i], profiles[i][0] ? profiles[i] :
		    "unknown"));
	bufprintf(buf + used, len - used, "): a profile "
	    "sets how long each case is sampled, so the figures may differ "
	    "by the profile alone; compare runs of one profile");
	return 1;
}
