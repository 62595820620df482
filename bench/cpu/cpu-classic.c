/*
 * cpu-classic.c - helpers of the --classic formatters of the CPU kernels
 * (see cpu-classic.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cpu-classic.h"

const struct result *
classic_sub_row(const struct result *r, const char *name,
    const struct result *const *rows, size_t nrows)
{
	size_t i, len = strlen(r->case_name);

	for (i = 0; i < nrows; i++)
		if (rows[i]->copy == r->copy &&
		    strncmp(rows[i]->case_name, r->case_name, len) == 0 &&
		    rows[i]->case_name[len] == '/' &&
		    strcmp(rows[i]->case_name + len + 1, name) == 0)
			return rows[i];
	return NULL;
}

void
classic_per_mhz(FILE *fp, const struct result *r, const char *name,
    const char *label, int width, const struct result *const *rows,
    size_t nrows)
{
	const struct result *d = classic_sub_row(r, name, rows, nrows);
	size_t i;

	if (d == NULL || d->status != ST_OK)
		return;
	fprintf(fp, "%-*s %.4f", width, label, d->st.median);
	for (i = 0; i < d->nextra; i++)
		if (strncmp(d->extra[i].name, "clock:", 6) == 0) {
			fprintf(fp, "  (clock %.0f MHz, %s)", d->extra[i].value,
			    d->extra[i].name + 6);
			break;
		}
	fputc('\n', fp);
}

long
classic_row_param(const struct result *r, const char *name, long max)
{
	size_t len = strlen(name);
	char used[sizeof(r->params) + 64], *end;
	const char *p = result_params_used(r, used, sizeof(used));
	long v;

	while (p != NULL && *p != '\0') {
		if (strncmp(p, name, len) == 0 && p[len] == '=') {
			v = strtol(p + len + 1, &end, 10);
			if (end != p + len + 1 && (*end == ',' || *end == '\0')
			    && v >= 0 && v <= max)
				return v;
		}
		p = strchr(p, ',');
		if (p != NULL)
			p++;
	}
	return -1;
}
