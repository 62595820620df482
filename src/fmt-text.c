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
#include "registry.h"
#include "sysinfo.h"
#include "util.h"

#define W_BENCH 10
#define W_CASE 30

static void
text_begin(struct fmt *f, const struct run_info *ri)
{
	json_t *b = ri->build ? json_loads(ri->build, 0, NULL) : NULL;
	json_t *s = ri->system ? json_loads(ri->system, 0, NULL) : NULL;
	char label[512], machine[512], runid[40];
	char e_label[FMT_SAFE(512)], e_machine[FMT_SAFE(512)];
	char e_started[FMT_SAFE(32)], e_profile[FMT_SAFE(16)];
	char e_status[FMT_SAFE(16)];
	int done = strcmp(ri->status, "complete") == 0 ||
	    strcmp(ri->status, "running") == 0;

	buildinfo_label(b, ri->tag, label, sizeof(label));
	sysinfo_label(s, machine, sizeof(machine));
	if (f->header_done)
		fputc('\n', f->fp);
	f->header_done = 1;
	fprintf(f->fp, "== build: %s\n", fmt_safe(e_label, sizeof(e_label),
	    label));
	fprintf(f->fp, "== machine: %s\n", fmt_safe(e_machine,
	    sizeof(e_machine), machine));
	if (ri->id > 0)
		snprintf(runid, sizeof(runid), "run %lld", (long long)ri->id);
	else
		snprintf(runid, sizeof(runid), "run not saved");
	fprintf(f->fp, "== %s  %s  profile %s%s%s\n", runid,
	    fmt_safe(e_started, sizeof(e_started), ri->started),
	    ri->profile[0] ? fmt_safe(e_profile, sizeof(e_profile),
	    ri->profile) : "-", done ? "" : "  ",
	    done ? "" : fmt_safe(e_status, sizeof(e_status), ri->status));
	fprintf(f->fp, "%-*s %-*s %10s %-11s %6s %4s  %s\n", W_BENCH, "BENCH",
	    W_CASE, "CASE", "VALUE", "UNIT", "±CV%", "N", "FLAGS");
	json_decref(b);
	json_decref(s);
}

static void
text_result(struct fmt *f, const struct result *r)
{
	char cname[160], num[32], unit[24], cv[16], flags[96];
	char e_bench[FMT_SAFE(32)], e_case[FMT_SAFE(160)];
	char e_unit[FMT_SAFE(24)], e_reason[FMT_SAFE(160)];

	if (r->copies > 1 && r->copy > 0)
		snprintf(cname, sizeof(cname), "%s [copy %u/%u]", r->case_name,
		    r->copy, r->copies);
	else if (r->copies > 1)
		snprintf(cname, sizeof(cname), "%s [%u copies]", r->case_name,
		    r->copies);
	else
		snprintf(cname, sizeof(cname), "%s", r->case_name);
	result_flags_str(r->flags, flags, sizeof(flags));
	fmt_safe(e_bench, sizeof(e_bench), r->bench);
	fmt_safe(e_case, sizeof(e_case), cname);
	if (r->status != ST_OK) {
		fprintf(f->fp, "%-*s %-*s %10s %-11s %6s %4s  %s\n", W_BENCH,
		    e_bench, W_CASE, e_case, result_status_name(r->status),
		    "", "", "", fmt_safe(e_reason, sizeof(e_reason),
		    r->reason));
		return;
	}
	fmt_human(r->st.median, r->unit, num, sizeof(num), unit,
	    sizeof(unit));
	snprintf(cv, sizeof(cv), "%.1f%%", r->st.cv * 100);
	fprintf(f->fp, "%-*s %-*s %10s %-11s %6s %4u  %s\n", W_BENCH, e_bench,
	    W_CASE, e_case, num, fmt_safe(e_unit, sizeof(e_unit), unit), cv,
	    r->st.n, flags);
}

/* --classic: each benchmark's traditional report from its rows. */
static void
text_end(struct fmt *f, const struct run_info *ri)
{
	size_t i, j, n;
	const struct result **rows;

	/* the parameters each benchmark ran with, as stored (canonical) */
	for (i = 0; i < f->nrows; i++) {
		const char *c;

		for (j = 0; j < i; j++)
			if (strcmp(f->rows[j].bench, f->rows[i].bench) == 0)
				break;
		if (j < i || f->rows[i].params[0] == '\0')
			continue;
		fprintf(f->fp, "== %s parameters: ", f->rows[i].bench);
		for (c = f->rows[i].params; *c != '\0'; c++)
			fputc((unsigned char)*c < 0x20 || *c == 0x7f ? '?' : *c,
			    f->fp);
		fputc('\n', f->fp);
	}
	if (strcmp(ri->status, "interrupted") == 0)
		fprintf(f->fp, "== run interrupted: the rows above are kept\n");
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
	}
	free(rows);
}

const struct fmt_ops fmt_text_ops = {
	.name = "text",
	.begin = text_begin,
	.result = text_result,
	.end = text_end,
};
