/*
 * export.c - the boardbench JSON document (doc/DESIGN.md section 4): runs with
 * their build identity, system snapshot and raw samples, written for
 * `export` and `--format json`; the samples and extras of a row to and
 * from JSON.  Loading a document back for `import` and `compare` is
 * import.c's.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "export.h"
#include "result.h"
#include "util.h"

/* %.17g: every double prints as the text that reads back to it. */
#define DUMP_FLAGS	(JSON_INDENT(2) | JSON_REAL_PRECISION(17))

static json_t *jnum(double);
static json_t *export_flags(unsigned);

/* A number, or null for NAN and the infinities, which JSON cannot hold. */
static json_t *
jnum(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/* jnum's inverse: a number, or null as NAN; -1 for anything else. */
static int
unjnum(const json_t *v, double *out)
{
	if (json_is_number(v))
		*out = json_number_value(v);
	else if (json_is_null(v))
		*out = NAN;
	else
		return -1;
	return 0;
}

/*
 * export_jstr: a JSON string, null for NULL.  Text that is not valid
 * UTF-8 (a name cut inside a character, say) gets '?' for every non-ASCII
 * byte.
 */
json_t *
export_jstr(const char *s)
{
	json_t *v;
	char *copy, *p;

	if (s == NULL)
		return json_null();
	v = json_string(s);
	if (v != NULL)
		return v;
	copy = xstrdup(s);
	for (p = copy; *p != '\0'; p++)
		if ((unsigned char)*p >= 0x80)
			*p = '?';
	v = json_string(copy);
	free(copy);
	return v;
}

/* RF_* bits as an array of their names, in result_flags_str order. */
static json_t *
export_flags(unsigned flags)
{
	char buf[128], *name, *save;
	json_t *a;

	a = json_array();
	result_flags_str(flags, buf, sizeof(buf));
	for (name = strtok_r(buf, ",", &save); name != NULL;
	    name = strtok_r(NULL, ",", &save))
		json_array_append_new(a, json_string(name));
	return a;
}

json_t *
export_samples(const struct result *r)
{
	json_t *a;
	size_t i;

	a = json_array();
	for (i = 0; i < r->nsamples; i++)
		json_array_append_new(a, jnum(r->samples[i]));
	return a;
}

json_t *
export_extra(const struct result *r)
{
	json_t *o;
	size_t i;

	o = json_object();
	for (i = 0; i < r->nextra; i++)
		json_object_set_new(o, r->extra[i].name, jnum(r->extra[i].value));
	return o;
}

/*
 * export_parse_samples: replace r's samples with the array's numbers, null
 * read as NAN.  Anything else in the array makes it -1.
 */
int
export_parse_samples(const json_t *a, struct result *r)
{
	json_t *v;
	size_t i;

	if (!json_is_array(a))
		return -1;
	free(r->samples);
	r->samples = NULL;
	r->nsamples = 0;
	if (json_array_size(a) == 0)
		return 0;
	r->samples = xcalloc(json_array_size(a), sizeof(*r->samples));
	json_array_foreach(a, i, v) {
		if (unjnum(v, &r->samples[i]) != 0)
			return -1;
		r->nsamples = i + 1;
	}
	return 0;
}

/*
 * Add the object's name -> number pairs to r's extras, null as NAN.  The
 * names of an object are distinct, and one longer than an extra's name
 * field is refused (never cut, which could make two equal), so a row
 * without extras takes them all in one allocation: linear in the count.
 */
int
export_parse_extra(const json_t *o, struct result *r)
{
	const char *name;
	json_t *v;
	double x;
	size_t have;

	if (!json_is_object(o))
		return -1;
	have = r->nextra;
	if (have == 0 && json_object_size(o) != 0) {
		free(r->extra);
		r->extra = xcalloc(json_object_size(o), sizeof(*r->extra));
	}
	json_object_foreach((json_t *)o, name, v) {
		if (unjnum(v, &x) != 0 || strlen(name) >= sizeof(r->extra->name))
			return -1;
		if (have != 0) {
			result_add_extra(r, name, x);
			continue;
		}
		strlcpy_bb(r->extra[r->nextra].name, name,
		    sizeof(r->extra->name));
		r->extra[r->nextra++].value = x;
	}
	return 0;
}

json_t *
export_result(const struct result *r)
{
	json_t *o;

	o = json_object();
	json_object_set_new(o, "id", json_integer(r->id));
	json_object_set_new(o, "seq", json_integer(r->seq));
	json_object_set_new(o, "bench", export_jstr(r->bench));
	json_object_set_new(o, "group", export_jstr(r->group));
	json_object_set_new(o, "case", export_jstr(r->case_name));
	json_object_set_new(o, "params", export_jstr(r->params));
	json_object_set_new(o, "unit", export_jstr(r->unit));
	json_object_set_new(o, "better", json_integer(r->better));
	json_object_set_new(o, "status",
	    json_string(result_status_name(r->status)));
	json_object_set_new(o, "reason", export_jstr(r->reason));
	json_object_set_new(o, "median", jnum(r->st.median));
	json_object_set_new(o, "mean", jnum(r->st.mean));
	json_object_set_new(o, "stddev", jnum(r->st.stddev));
	json_object_set_new(o, "cv", jnum(r->st.cv));
	json_object_set_new(o, "min", jnum(r->st.min));
	json_object_set_new(o, "max", jnum(r->st.max));
	json_object_set_new(o, "n", json_integer(r->st.n));
	json_object_set_new(o, "iters", json_integer((json_int_t)r->iters));
	json_object_set_new(o, "cycles", jnum(r->cycles));
	json_object_set_new(o, "instructions", jnum(r->instructions));
	json_object_set_new(o, "flags", export_flags(r->flags));
	json_object_set_new(o, "copies", json_integer(r->copies));
	json_object_set_new(o, "copy", json_integer(r->copy));
	json_object_set_new(o, "seconds", jnum(r->seconds));
	json_object_set_new(o, "extra", export_extra(r));
	json_object_set_new(o, "samples", export_samples(r));
	return o;
}

json_t *
export_run(const struct run_info *ri, const struct result *rows, size_t n)
{
	json_t *o, *results;
	size_t i;

	o = json_object();
	json_object_set_new(o, "id", json_integer(ri->id));
	json_object_set_new(o, "uuid", export_jstr(ri->uuid));
	json_object_set_new(o, "started", export_jstr(ri->started));
	json_object_set_new(o, "finished", export_jstr(ri->finished));
	json_object_set_new(o, "status", export_jstr(ri->status));
	json_object_set_new(o, "tag", export_jstr(ri->tag));
	json_object_set_new(o, "profile", export_jstr(ri->profile));
	json_object_set_new(o, "tool_version", export_jstr(ri->tool_version));
	json_object_set_new(o, "argv", export_jstr(ri->argv));
	json_object_set_new(o, "build", ri->build_json != NULL ?
	    json_incref(ri->build_json) : json_null());
	json_object_set_new(o, "system", ri->system_json != NULL ?
	    json_incref(ri->system_json) : json_null());
	results = json_array();
	for (i = 0; i < n; i++)
		json_array_append_new(results, export_result(&rows[i]));
	json_object_set_new(o, "results", results);
	return o;
}

json_t *
export_header(const char *kind)
{
	json_t *doc = json_object();

	json_object_set_new(doc, "schema_version",
	    json_integer(EXPORT_SCHEMA_VERSION));
	json_object_set_new(doc, "tool", json_string("boardbench"));
	json_object_set_new(doc, "tool_version", json_string(PACKAGE_VERSION));
	if (kind != NULL)
		json_object_set_new(doc, "kind", json_string(kind));
	return doc;
}

json_t *
export_document(void)
{
	json_t *doc = export_header(NULL);

	json_object_set_new(doc, "runs", json_array());
	return doc;
}

/* Append run to the document's runs; the reference passes to doc. */
void
export_document_add(json_t *doc, json_t *run)
{
	json_array_append_new(json_object_get(doc, "runs"), run);
}

int
export_dump(const json_t *doc, FILE *fp)
{
	if (json_dumpf(doc, fp, DUMP_FLAGS) == -1)
		return -1;
	if (fputc('\n', fp) == EOF || fflush(fp) == EOF || ferror(fp))
		return -1;
	return 0;
}
