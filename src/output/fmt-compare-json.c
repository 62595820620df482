/*
 * fmt-compare-json.c - compare's JSON document (fmt-compare.h): the
 * columns with their identity, the fields that differ, and per case the
 * cells with their ratios, intervals and verdicts.
 */
#include "config.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "export.h"
#include "fmt-compare.h"
#include "result.h"
#include "util.h"


static json_t *
jnum(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/* The columns: their letters, names, runs, build and system. */
static json_t *
json_columns(const struct cmp_inputs *cs)
{
	json_t *cols;
	size_t c, j;
	char name[8];

	cols = json_array();
	for (c = 0; c < cs->n; c++) {
		json_t *col = json_object(), *uu = json_array();

		bufprintf(name, sizeof(name), "%c", fmt_cmp_letter(c));
		json_object_set_new(col, "column", json_string(name));
		json_object_set_new(col, "name", json_string(cs->v[c].name));
		json_object_set_new(col, "source",
		    json_string(cs->v[c].source));
		json_object_set_new(col, "tag", json_string(cs->v[c].ri.tag));
		for (j = 0; j < cs->v[c].nruns; j++)
			json_array_append_new(uu,
			    json_string(cs->v[c].uuids[j]));
		json_object_set_new(col, "runs", uu);
		json_object_set_new(col, "left_out", cs->v[c].left_out ?
		    json_string(cs->v[c].left_out) : json_null());
		json_object_set_new(col, "build", cs->v[c].build ?
		    json_incref(cs->v[c].build) : json_null());
		json_object_set_new(col, "system", cs->v[c].system ?
		    json_incref(cs->v[c].system) : json_null());
		json_array_append_new(cols, col);
	}
	return cols;
}

/* What differs between the columns' builds, and between their systems. */
static json_t *
json_differences(const struct cmp_inputs *cs)
{
	json_t *diff, *d, *vals;
	json_t **objs;
	struct cmp_diff *dl;
	size_t i, c, nd;
	int pass;

	diff = json_object();
	objs = xcalloc(cs->n, sizeof(*objs));
	for (pass = 0; pass < 2; pass++) {
		for (c = 0; c < cs->n; c++)
			objs[c] = pass ? cs->v[c].system : cs->v[c].build;
		nd = cmp_differences(objs, cs->n, &dl);
		d = json_object();
		for (i = 0; i < nd; i++) {
			vals = json_array();
			for (c = 0; c < cs->n; c++)
				json_array_append_new(vals,
				    json_string(dl[i].values[c]));
			json_object_set_new(d, dl[i].key, vals);
		}
		cmp_differences_free(dl, nd, cs->n);
		json_object_set_new(diff, pass ? "system" : "build", d);
	}
	free(objs);
	return diff;
}

/* One cell: its status, value, ratio, interval and verdict. */
static json_t *
json_cell(const struct cmp_cell *cell)
{
	json_t *o2 = json_object();

	json_object_set_new(o2, "status", json_string(cell->r ?
	    result_status_name(cell->r->status) : "ABSENT"));
	json_object_set_new(o2, "value", jnum(cell->value));
	json_object_set_new(o2, "n", json_integer(cell->r ?
	    (json_int_t)cell->r->nsamples : 0));
	json_object_set_new(o2, "ratio", jnum(cell->ratio));
	json_object_set_new(o2, "speedup",
	    jnum(cell->speedup));
	json_object_set_new(o2, "ci_low", jnum(cell->lo));
	json_object_set_new(o2, "ci_high", jnum(cell->hi));
	json_object_set_new(o2, "unit_of_test",
	    cell->unit == CMP_U_NONE ? json_null() :
	    json_string(fmt_cmp_unit_names[cell->unit]));
	json_object_set_new(o2, "units",
	    json_integer((json_int_t)cell->n));
	json_object_set_new(o2, "why", cell->why != NULL ?
	    json_string(cell->why) : json_null());
	json_object_set_new(o2, "p_value", jnum(cell->p));
	json_object_set_new(o2, "mark", cell->mark == CMP_NONE ?
	    json_null() : json_string(fmt_cmp_mark_names[cell->mark]));
	json_object_set_new(o2, "regression",
	    json_boolean(cell->regression));
	json_object_set_new(o2, "missing",
	    json_boolean(cell->missing));
	return o2;
}

/* One object per case, its cells in the columns' order. */
static json_t *
json_cases(const struct cmp_inputs *cs, const struct cmp_table *t)
{
	json_t *cases = json_array();
	size_t i, c;

	for (i = 0; i < t->nrows; i++) {
		const struct result *k = t->rows[i].key;
		json_t *row = json_object(), *cells = json_array();

		json_object_set_new(row, "bench", json_string(k->bench));
		json_object_set_new(row, "case", json_string(k->case_name));
		json_object_set_new(row, "params", json_string(k->params));
		json_object_set_new(row, "copies",
		    json_integer(k->copies ? k->copies : 1));
		json_object_set_new(row, "unit", json_string(k->unit));
		json_object_set_new(row, "better", json_integer(k->better));
		for (c = 0; c < cs->n; c++)
			json_array_append_new(cells,
			    json_cell(&t->rows[i].cells[c]));
		json_object_set_new(row, "cells", cells);
		json_array_append_new(cases, row);
	}
	return cases;
}

static void
print_json(FILE *fp, const struct cmp_inputs *cs, const struct cmp_table *t,
    const struct cmp_opts *o)
{
	json_t *doc;
	char *nt;

	doc = export_header("compare");
	nt = xasprintf("t interval of the log ratio, 95 %%, then "
	    "Benjamini-Hochberg over the cases (paired: Yuen's 20 %% trimmed "
	    "mean of the pairs' log ratios, the order effect taken off from "
	    "10 pairs, or with code placements the mean over the placements "
	    "of each one's mean log ratio and Student's t over the "
	    "placements; pooled unpaired runs: the ratio of the geometric "
	    "means of the run figures and Welch's t; one unpaired run a "
	    "side: the ratio alone, no interval)%s",
	    t->sessions ? "; pooled paired sessions (unit session): the "
	    "geometric mean of the sessions' paired ratios, Student's t over "
	    "the sessions" : "");
	json_object_set_new(doc, "noise_test", json_string(nt));
	free(nt);
	json_object_set_new(doc, "compared", json_integer((json_int_t)
	    t->ntested));
	json_object_set_new(doc, "different", json_integer((json_int_t)
	    t->ndifferent));
	json_object_set_new(doc, "not_comparable", json_integer((json_int_t)
	    t->nnotcomp));
	json_object_set_new(doc, "drifted_paired", json_integer((json_int_t)
	    t->ndrifted));
	json_object_set_new(doc, "drift_pct", jnum(t->drift));
	json_object_set_new(doc, "alpha", json_real(o->alpha));
	json_object_set_new(doc, "fail_on_regression",
	    o->fail_pct >= 0 ? json_real(o->fail_pct) : json_null());
	json_object_set_new(doc, "baseline", json_integer((json_int_t)t->base));
	json_object_set_new(doc, "columns", json_columns(cs));
	json_object_set_new(doc, "differences", json_differences(cs));
	json_object_set_new(doc, "cases", json_cases(cs, t));
	json_object_set_new(doc, "regressions",
	    json_integer((json_int_t)t->nregressions));
	json_object_set_new(doc, "missing",
	    json_integer((json_int_t)t->nmissing));
	/* a failed write is reported once, where the output is closed */
	export_dump(doc, fp);
	json_decref(doc);
}


void
fmt_compare_json(FILE *fp, const struct comparison *cmp)
{
	print_json(fp, cmp->in, cmp->t, cmp->o);
}
