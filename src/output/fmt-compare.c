/*
 * fmt-compare.c - what the compare formatters share (fmt-compare.h): the
 * columns' letters, the cases' labels, the names of marks and units.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "fmt-compare.h"
#include "util.h"

/* The case as people read it: "double-rolled [4 copies] (n=200)". */
void
fmt_cmp_case_label(const struct cmp_table *t, size_t ri, char *buf, size_t len)
{
	const struct result *k = t->rows[ri].key;
	size_t i;
	int show_params = 0;
	char copies[32] = "";

	/* parameters only when they tell two rows of one case apart */
	for (i = 0; i < t->nrows; i++) {
		const struct result *o = t->rows[i].key;

		if (i != ri && strcmp(o->bench, k->bench) == 0 &&
		    strcmp(o->case_name, k->case_name) == 0 &&
		    strcmp(o->params, k->params) != 0)
			show_params = 1;
	}
	if (k->copies > 1)
		bufprintf(copies, sizeof(copies), " [%u copies]", k->copies);
	bufprintf(buf, len, "%s%s%s%s%s", k->case_name, copies,
	    show_params ? " (" : "", show_params ? k->params : "",
	    show_params ? ")" : "");
}

char
fmt_cmp_letter(size_t i)
{
	return i < 26 ? (char)('A' + i) : '+';
}


const char *const fmt_cmp_mark_names[] = {
	[CMP_NONE] = "", [CMP_BASE] = "baseline",
	[CMP_SIGNIFICANT] = "significant", [CMP_NOISE] = "noise",
	[CMP_UNKNOWN] = "unknown", [CMP_NOTCOMP] = "not-comparable",
	[CMP_BY_CASE] = "by-case",
};

const char *const fmt_cmp_unit_names[] = {
	[CMP_U_NONE] = "", [CMP_U_PAIR] = "pair", [CMP_U_PROCESS] = "process",
	[CMP_U_RUN] = "run", [CMP_U_SESSION] = "session",
};
