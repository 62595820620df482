/*
 * fmt-csv.c - CSV (RFC 4180) and TSV: fixed columns, base units, '.' as
 * the decimal separator whatever the locale, one header line per output.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "util.h"

static const char *const columns[] = {
	"run_id", "run_uuid", "tag", "bench", "group", "case", "params",
	"status", "value", "unit", "better", "mean", "stddev", "cv", "min",
	"max", "n", "iters", "cycles_per_unit", "instructions_per_unit",
	"copies", "copy", "flags", "reason",
};
#define NCOLUMNS ARRAY_SIZE(columns)

struct sep_state {
	const struct run_info *ri;
};

static void
field_str(struct fmt *f, const char *s, int first)
{
	fmt_sep_field(f->fp, s, f->ops == &fmt_tsv_ops ? '\t' : ',', first);
}

static void
field_num(struct fmt *f, double v)
{
	char buf[40];

	if (isnan(v))
		buf[0] = '\0';
	else
		snprintf(buf, sizeof(buf), "%.17g", v);
	field_str(f, buf, 0);
}

static void
field_int(struct fmt *f, long long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", v);
	field_str(f, buf, 0);
}

static void
sep_begin(struct fmt *f, const struct run_info *ri)
{
	size_t i;

	f->state = (void *)ri;
	if (f->header_done)
		return;
	f->header_done = 1;
	for (i = 0; i < NCOLUMNS; i++)
		field_str(f, columns[i], i == 0);
	fputc('\n', f->fp);
}

static void
sep_result(struct fmt *f, const struct result *r)
{
	const struct run_info *ri = f->state;
	char buf[96];
	int ok = r->status == ST_OK;

	snprintf(buf, sizeof(buf), "%lld", (long long)ri->id);
	field_str(f, buf, 1);
	field_str(f, ri->uuid, 0);
	field_str(f, ri->tag, 0);
	field_str(f, r->bench, 0);
	field_str(f, r->group, 0);
	field_str(f, r->case_name, 0);
	field_str(f, r->params, 0);
	field_str(f, result_status_name(r->status), 0);
	/* a number the tool has not verified is never shown */
	field_num(f, ok ? r->st.median : NAN);
	field_str(f, r->unit, 0);
	field_str(f, r->better < 0 ? "lower" : "higher", 0);
	field_num(f, ok ? r->st.mean : NAN);
	field_num(f, ok ? r->st.stddev : NAN);
	field_num(f, ok ? r->st.cv : NAN);
	field_num(f, ok ? r->st.min : NAN);
	field_num(f, ok ? r->st.max : NAN);
	field_int(f, ok ? r->st.n : 0);
	field_int(f, (long long)r->iters);
	field_num(f, ok ? r->cycles : NAN);
	field_num(f, ok ? r->instructions : NAN);
	field_int(f, r->copies);
	field_int(f, r->copy);
	field_str(f, result_flags_str(r->flags, buf, sizeof(buf)), 0);
	field_str(f, r->reason, 0);
	fputc('\n', f->fp);
}

const struct fmt_ops fmt_csv_ops = {
	.name = "csv",
	.begin = sep_begin,
	.result = sep_result,
};

const struct fmt_ops fmt_tsv_ops = {
	.name = "tsv",
	.begin = sep_begin,
	.result = sep_result,
};
