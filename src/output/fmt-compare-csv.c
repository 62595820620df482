/*
 * fmt-compare-csv.c - compare's long format (fmt-compare.h): one line per
 * case and column, fixed columns, values in base units; CSV or TSV.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "fmt.h"
#include "fmt-compare.h"
#include "result.h"
#include "util.h"

/* One CSV/TSV field (fmt_sep_field: quoting, no formula). */
static void
sep_field(FILE *fp, const char *s, char sep, int first)
{
	fmt_sep_field(fp, s, sep, first);
}

/* A number: exact (%.17g), or with 6 digits for p-values. */
static void
sep_num(FILE *fp, double v, int digits6, char sep)
{
	char buf[48] = "";

	if (!isnan(v) && digits6)
		bufprintf(buf, sizeof(buf), "%.6g", v);
	else if (!isnan(v))
		bufprintf(buf, sizeof(buf), "%.17g", v);
	sep_field(fp, buf, sep, 0);
}

/* Long format: one line per case and column, fixed columns, base units. */
static void
print_sep(FILE *fp, const struct cmp_inputs *cs, const struct cmp_table *t,
    char sep)
{
	static const char *const head[] = {
		"bench", "case", "params", "copies", "unit", "better",
		"column", "name", "baseline", "status", "value", "n", "ratio",
		"speedup", "ci_low", "ci_high", "unit_of_test", "units",
		"p_value", "mark", "regression",
	};
	char buf[32];
	size_t i, c;

	for (i = 0; i < ARRAY_SIZE(head); i++)
		sep_field(fp, head[i], sep, i == 0);
	fputc('\n', fp);
	for (i = 0; i < t->nrows; i++) {
		const struct result *k = t->rows[i].key;

		for (c = 0; c < cs->n; c++) {
			const struct cmp_cell *cell = &t->rows[i].cells[c];

			sep_field(fp, k->bench, sep, 1);
			sep_field(fp, k->case_name, sep, 0);
			sep_field(fp, k->params, sep, 0);
			bufprintf(buf, sizeof(buf), "%u",
			    k->copies ? k->copies : 1);
			sep_field(fp, buf, sep, 0);
			sep_field(fp, k->unit, sep, 0);
			bufprintf(buf, sizeof(buf), "%d", k->better);
			sep_field(fp, buf, sep, 0);
			bufprintf(buf, sizeof(buf), "%c", fmt_cmp_letter(c));
			sep_field(fp, buf, sep, 0);
			sep_field(fp, cs->v[c].name, sep, 0);
			sep_field(fp, c == t->base ? "1" : "0", sep, 0);
			sep_field(fp, cell->r ?
			    result_status_name(cell->r->status) : "ABSENT",
			    sep, 0);
			sep_num(fp, cell->value, 0, sep);
			bufprintf(buf, sizeof(buf), "%zu",
			    cell->r ? cell->r->nsamples : 0);
			sep_field(fp, buf, sep, 0);
			sep_num(fp, cell->ratio, 0, sep);
			sep_num(fp, cell->speedup, 0, sep);
			sep_num(fp, cell->lo, 0, sep);
			sep_num(fp, cell->hi, 0, sep);
			sep_field(fp, fmt_cmp_unit_names[cell->unit], sep, 0);
			bufprintf(buf, sizeof(buf), "%zu", cell->n);
			sep_field(fp, buf, sep, 0);
			sep_num(fp, cell->p, 1, sep);
			sep_field(fp, fmt_cmp_mark_names[cell->mark], sep, 0);
			sep_field(fp, cell->regression ? "1" : "0", sep, 0);
			fputc('\n', fp);
		}
	}
}

void
fmt_compare_csv(FILE *fp, const struct comparison *cmp)
{
	print_sep(fp, cmp->in, cmp->t, ',');
}

void
fmt_compare_tsv(FILE *fp, const struct comparison *cmp)
{
	print_sep(fp, cmp->in, cmp->t, '\t');
}
