/*
 * fmt.h - output formats behind one interface.  Formatters print; they
 * never measure or compute statistics.
 */
#ifndef BOARDBENCH_FMT_H
#define BOARDBENCH_FMT_H

#include <stdio.h>
#include "result.h"

struct fmt;

struct fmt_ops {
	const char *name;
	void (*begin)(struct fmt *, const struct run_info *);
	void (*result)(struct fmt *, const struct result *);
	void (*end)(struct fmt *, const struct run_info *);
	void (*finish)(struct fmt *);	/* after the last run */
};

struct fmt {
	const struct fmt_ops *ops;
	FILE *fp;
	int classic;		/* --classic: traditional reports too */
	int header_done;	/* csv/tsv: column line printed */
	int no_headline;	/* text: no headline block after a run */
	int width;		/* text: columns to fit (0: 80 or $COLUMNS) */
	int bench_w, case_w;	/* text: widest names of the plan or rows */
	unsigned columns;	/* text: FMT_COL_* columns after N (--columns) */
	int verbose;		/* text: every row; else the rows SKIPPED for
				   want of a clock (noclock) are one line
				   after the table */
	void *state;
	/* rows of the current run, kept for --classic and json */
	struct result *rows;
	size_t nrows;
	size_t arows;			/* rows allocated */
};

/* NULL for an unknown name. */
struct fmt *fmt_new(const char *name, FILE *fp);
int fmt_known(const char *name);
extern const char *const fmt_names;	/* "text|csv|tsv|json" */
void fmt_begin(struct fmt *, const struct run_info *);
void fmt_result(struct fmt *, const struct result *);
void fmt_end(struct fmt *, const struct run_info *);
void fmt_free(struct fmt *);		/* calls finish */

/* Human scaling for the text view: "1.23 G" with unit. */
void fmt_human(double v, const char *unit, char *num, size_t nlen,
    char *u, size_t ulen);

/*
 * The unit people quote for a row of benchmark `bench` and case
 * `case_name` measured in base `unit` (text view only): as the
 * benchmark's quotes say (bench_info.quotes: storage op/s as IOPS, memory
 * seconds as ns, WI/s as MWIPS, ...), else flop/s as MFLOPS or GFLOPS,
 * B/s as MB/s, bit/s as Mbit/s or Gbit/s; anything else as fmt_human
 * does.
 */
void fmt_quote(double v, const char *bench, const char *case_name,
    const char *unit, char *num, size_t nlen, char *u, size_t ulen);
/* The same for a value v of row r. */
void fmt_quote_row(const struct result *r, double v, char *num, size_t nlen,
    char *u, size_t ulen);

/*
 * A row measured at several code placements (its extras variant:K,
 * variant:slowest, variant:fastest): "8 placements: slowest 2236.5,
 * fastest 3887.7 MFLOPS" (quoted as fmt_quote_row), with "; two groups"
 * when it is flagged layout.  Returns 1, or 0 (buf empty) for any other
 * row.
 */
int fmt_placement_range(const struct result *r, char *buf, size_t len);

/*
 * Text view: widen the BENCH and CASE columns for a row name, before
 * fmt_begin (from the plan, or from the stored rows).
 */
void fmt_size_name(struct fmt *, const char *bench, const char *case_name,
    unsigned copies);
/*
 * Text view: optional per-row columns from the monitor's extras, asked
 * for as "+temp,+mhz,+power" (--columns): the row's highest temperature
 * (71C), its lowest and highest clock (600-1500, or 1500 when one), its
 * mean supply power (4.2W); "-" where the row has none.
 */
#define FMT_COL_TEMP	0x1u
#define FMT_COL_MHZ	0x2u
#define FMT_COL_POWER	0x4u
extern const char *const fmt_column_names;	/* "+temp, +mhz, +power" */
/* A --columns value into FMT_COL_* bits: 0, or -1 when it is not one. */
int fmt_columns_parse(const char *spec, unsigned *columns);
/* The width to fit: COLUMNS, else the terminal of fd, else 80. */
int fmt_term_width(int fd);

/*
 * Text view: the validity flags (RF_*) as one letter each, T throttled,
 * H hot, B busy, N noisy, C noclock, P preempted, M multiplexed; and the
 * line "== flags: N noisy, ..." spelling out the letters in all, wrapped
 * to width (nothing when all is 0).
 */
void fmt_flag_abbrev(unsigned flags, char *buf, size_t len);
void fmt_flag_legend(FILE *fp, int width, unsigned all);

/*
 * Text view: text cut before a space or after a comma (else after a
 * '/') into lines that fit width columns (a word longer than a line is
 * cut).  The caller has printed col columns of
 * the first line; the lines after it start with indent spaces.  Every
 * line, the first too, is ended; empty text just ends the line.
 */
void fmt_wrap(FILE *fp, int width, const char *text, int col, int indent);

/*
 * One CSV (sep ',', RFC 4180 quoting) or TSV (sep '\t'; tabs and newlines
 * become spaces) field, the separator first unless first.  A cell that a
 * spreadsheet would run as a formula (it starts with = + - @, a tab or a
 * CR and is not a number) gets a leading ' (and, in CSV, quotes), as
 * OWASP's advice on CSV injection has it; numbers stay numbers.
 */
void fmt_sep_field(FILE *fp, const char *s, char sep, int first);

/* fmt_safe(), the one escape for text from outside, is in util.h. */

extern const struct fmt_ops fmt_text_ops, fmt_csv_ops, fmt_tsv_ops,
    fmt_json_ops;

/*
 * compare and report: when runs named names[0..n) were measured with
 * different profiles (profiles[i], "" unknown and never different), one
 * plain sentence saying so, naming each, in buf (raw text, to be escaped
 * by the caller); returns 1, else 0.
 */
int fmt_profiles_differ(const char *const *names, const char *const *profiles,
    size_t n, char *buf, size_t len);

#endif
