/*
 * export.c - the boardbench JSON document (DESIGN.md section 4): runs with
 * their build identity, system snapshot and raw samples, written for
 * `export` and `--format json` and loaded back for `import` and `compare`.
 */
#include "config.h"

#include <errno.h>
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
#define OBJECT_FLAGS	(JSON_COMPACT | JSON_SORT_KEYS)

static json_t *jnum(double);
static json_t *jstr(const char *);
static json_t *jobject_text(const char *);
static json_t *export_flags(unsigned);
static double get_num(const json_t *, const char *);
static long long get_int(const json_t *, const char *, long long);
static void get_str(const json_t *, const char *, char *, size_t);
static char *get_strdup(const json_t *, const char *);
static char *get_object_text(const json_t *, const char *);
static int get_flags(const json_t *, unsigned *);
static int load_result(const json_t *, struct result *, char *, size_t);
static int load_run(const json_t *, struct loaded_run *, char *, size_t);

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
 * jstr: a JSON string, null for NULL.  Text that is not valid UTF-8 (a
 * name cut inside a character, say) gets '?' for every non-ASCII byte.
 */
static json_t *
jstr(const char *s)
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

/* The JSON object in text, or null when there is none or it is not one. */
static json_t *
jobject_text(const char *text)
{
	json_t *v;

	if (text == NULL)
		return json_null();
	v = json_loads(text, 0, NULL);
	if (!json_is_object(v)) {
		json_decref(v);
		return json_null();
	}
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

/* Add the object's name -> number pairs to r's extras, null as NAN. */
int
export_parse_extra(const json_t *o, struct result *r)
{
	const char *name;
	json_t *v;
	double x;

	if (!json_is_object(o))
		return -1;
	json_object_foreach((json_t *)o, name, v) {
		if (unjnum(v, &x) != 0)
			return -1;
		result_add_extra(r, name, x);
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
	json_object_set_new(o, "bench", jstr(r->bench));
	json_object_set_new(o, "group", jstr(r->group));
	json_object_set_new(o, "case", jstr(r->case_name));
	json_object_set_new(o, "params", jstr(r->params));
	json_object_set_new(o, "unit", jstr(r->unit));
	json_object_set_new(o, "better", json_integer(r->better));
	json_object_set_new(o, "status",
	    json_string(result_status_name(r->status)));
	json_object_set_new(o, "reason", jstr(r->reason));
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
	json_object_set_new(o, "uuid", jstr(ri->uuid));
	json_object_set_new(o, "started", jstr(ri->started));
	json_object_set_new(o, "finished", jstr(ri->finished));
	json_object_set_new(o, "status", jstr(ri->status));
	json_object_set_new(o, "tag", jstr(ri->tag));
	json_object_set_new(o, "profile", jstr(ri->profile));
	json_object_set_new(o, "tool_version", jstr(ri->tool_version));
	json_object_set_new(o, "argv", jstr(ri->argv));
	json_object_set_new(o, "build", jobject_text(ri->build));
	json_object_set_new(o, "system", jobject_text(ri->system));
	results = json_array();
	for (i = 0; i < n; i++)
		json_array_append_new(results, export_result(&rows[i]));
	json_object_set_new(o, "results", results);
	return o;
}

json_t *
export_document(void)
{
	json_t *doc;

	doc = json_object();
	json_object_set_new(doc, "schema_version",
	    json_integer(EXPORT_SCHEMA_VERSION));
	json_object_set_new(doc, "tool", json_string("boardbench"));
	json_object_set_new(doc, "tool_version", json_string(PACKAGE_VERSION));
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

/* Missing and null are NAN; so is anything that is not a number. */
static double
get_num(const json_t *o, const char *key)
{
	json_t *v;

	v = json_object_get(o, key);
	return json_is_number(v) ? json_number_value(v) : NAN;
}

static long long
get_int(const json_t *o, const char *key, long long dflt)
{
	json_t *v;

	v = json_object_get(o, key);
	return json_is_integer(v) ? (long long)json_integer_value(v) : dflt;
}

static void
get_str(const json_t *o, const char *key, char *dst, size_t size)
{
	json_t *v;

	v = json_object_get(o, key);
	strlcpy_bb(dst, json_is_string(v) ? json_string_value(v) : "", size);
}

static char *
get_strdup(const json_t *o, const char *key)
{
	json_t *v;

	v = json_object_get(o, key);
	return json_is_string(v) ? xstrdup(json_string_value(v)) : NULL;
}

/*
 * get_object_text: an object member back to compact text with sorted
 * keys, as the store keeps it; NULL when missing or not an object.
 */
static char *
get_object_text(const json_t *o, const char *key)
{
	json_t *v;
	char *text, *s;

	v = json_object_get(o, key);
	if (!json_is_object(v))
		return NULL;
	text = json_dumps(v, OBJECT_FLAGS);
	if (text == NULL)
		return NULL;
	s = xstrdup(text);
	free(text);
	return s;
}

/* Flags as an array of names or a comma string; unknown names ignored. */
static int
get_flags(const json_t *o, unsigned *flags)
{
	json_t *v, *name;
	size_t i;

	*flags = 0;
	v = json_object_get(o, "flags");
	if (v == NULL || json_is_null(v))
		return 0;
	if (json_is_string(v)) {
		*flags = result_flags_parse(json_string_value(v));
		return 0;
	}
	if (!json_is_array(v))
		return -1;
	json_array_foreach(v, i, name) {
		if (!json_is_string(name))
			return -1;
		*flags |= result_flags_parse(json_string_value(name));
	}
	return 0;
}

/*
 * load_result: one row from its object.  bench, case and status are
 * required; on error why says what is wrong and r stays freeable.
 */
static int
load_result(const json_t *o, struct result *r, char *why, size_t len)
{
	static const char *const required[] = { "bench", "case", "status" };
	json_t *v;
	size_t i;

	memset(r, 0, sizeof(*r));
	if (!json_is_object(o)) {
		bufprintf(why, len, "not an object");
		return -1;
	}
	for (i = 0; i < ARRAY_SIZE(required); i++)
		if (!json_is_string(json_object_get(o, required[i]))) {
			bufprintf(why, len, "no %s", required[i]);
			return -1;
		}
	v = json_object_get(o, "status");
	if (result_status_parse(json_string_value(v), &r->status) == -1) {
		bufprintf(why, len, "unknown status '%s'",
		    json_string_value(v));
		return -1;
	}
	r->id = get_int(o, "id", 0);
	r->seq = (uint32_t)get_int(o, "seq", 0);
	get_str(o, "bench", r->bench, sizeof(r->bench));
	get_str(o, "group", r->group, sizeof(r->group));
	get_str(o, "case", r->case_name, sizeof(r->case_name));
	get_str(o, "params", r->params, sizeof(r->params));
	get_str(o, "unit", r->unit, sizeof(r->unit));
	r->better = (int)get_int(o, "better", 0);
	get_str(o, "reason", r->reason, sizeof(r->reason));
	r->st.median = get_num(o, "median");
	r->st.mean = get_num(o, "mean");
	r->st.stddev = get_num(o, "stddev");
	r->st.cv = get_num(o, "cv");
	r->st.min = get_num(o, "min");
	r->st.max = get_num(o, "max");
	r->st.n = (uint32_t)get_int(o, "n", 0);
	r->iters = (uint64_t)get_int(o, "iters", 0);
	r->cycles = get_num(o, "cycles");
	r->instructions = get_num(o, "instructions");
	r->copies = (uint32_t)get_int(o, "copies", 0);
	r->copy = (uint32_t)get_int(o, "copy", 0);
	r->seconds = get_num(o, "seconds");
	if (get_flags(o, &r->flags) == -1) {
		bufprintf(why, len, "bad flags");
		return -1;
	}
	v = json_object_get(o, "samples");
	if (v != NULL && !json_is_null(v) && export_parse_samples(v, r) == -1) {
		bufprintf(why, len, "bad samples");
		return -1;
	}
	v = json_object_get(o, "extra");
	if (v != NULL && !json_is_null(v) && export_parse_extra(v, r) == -1) {
		bufprintf(why, len, "bad extra");
		return -1;
	}
	return 0;
}

/*
 * load_run: one run and its rows.  uuid and a results array are required;
 * on error why says what is wrong and lr stays freeable.
 */
static int
load_run(const json_t *o, struct loaded_run *lr, char *why, size_t len)
{
	json_t *v, *results;
	char sub[128];
	size_t i;

	if (!json_is_object(o)) {
		bufprintf(why, len, "not an object");
		return -1;
	}
	v = json_object_get(o, "uuid");
	if (!json_is_string(v) || json_string_length(v) == 0) {
		bufprintf(why, len, "no uuid");
		return -1;
	}
	if (json_string_length(v) >= sizeof(lr->ri.uuid)) {
		bufprintf(why, len, "uuid too long");
		return -1;
	}
	results = json_object_get(o, "results");
	if (!json_is_array(results)) {
		bufprintf(why, len, "no results array");
		return -1;
	}
	lr->ri.id = get_int(o, "id", 0);
	get_str(o, "uuid", lr->ri.uuid, sizeof(lr->ri.uuid));
	get_str(o, "started", lr->ri.started, sizeof(lr->ri.started));
	get_str(o, "finished", lr->ri.finished, sizeof(lr->ri.finished));
	get_str(o, "status", lr->ri.status, sizeof(lr->ri.status));
	get_str(o, "tag", lr->ri.tag, sizeof(lr->ri.tag));
	get_str(o, "profile", lr->ri.profile, sizeof(lr->ri.profile));
	get_str(o, "tool_version", lr->ri.tool_version,
	    sizeof(lr->ri.tool_version));
	lr->ri.argv = get_strdup(o, "argv");
	lr->ri.build = get_object_text(o, "build");
	lr->ri.system = get_object_text(o, "system");
	if (json_array_size(results) == 0)
		return 0;
	lr->rows = xcalloc(json_array_size(results), sizeof(*lr->rows));
	json_array_foreach(results, i, v) {
		lr->n = i + 1;
		if (load_result(v, &lr->rows[i], sub, sizeof(sub)) == -1) {
			bufprintf(why, len, "result %zu: %s", i + 1, sub);
			return -1;
		}
	}
	return 0;
}

/*
 * export_load_file: every run of a document.  Runs and results are
 * counted from 1 in messages; unknown members are ignored.
 */
int
export_load_file(const char *path, struct loaded_run **runs, size_t *n)
{
	FILE *fp;
	int ret;

	*runs = NULL;
	*n = 0;
	fp = fopen(path, "r");
	if (fp == NULL)
		return error("cannot import '%s': %s", path, strerror(errno));
	ret = export_load_fp(fp, path, runs, n);
	fclose(fp);
	return ret;
}

int
export_parse_buffer(const char *buf, size_t len, const char *name,
    struct loaded_run **runs, size_t *n)
{
	FILE *fp;
	int ret;

	*runs = NULL;
	*n = 0;
	if (len == 0)
		return error("cannot import '%s': empty", name);
	fp = fmemopen((void *)buf, len, "r");
	if (fp == NULL)
		return error("cannot import '%s': %s", name, strerror(errno));
	ret = export_load_fp(fp, name, runs, n);
	fclose(fp);
	return ret;
}

int
export_load_fp(FILE *fp, const char *path, struct loaded_run **runs,
    size_t *n)
{
	json_error_t jerr;
	json_t *doc, *tool, *version, *jruns, *v;
	struct loaded_run *out = NULL;
	char why[192];
	size_t i, count = 0;
	int ret = -1;

	*runs = NULL;
	*n = 0;
	doc = json_loadf(fp, 0, &jerr);
	if (doc == NULL && ferror(fp))
		return error("cannot import '%s': %s", path, strerror(errno));
	if (doc == NULL)
		return error("cannot import '%s': not JSON (line %d: %s)",
		    path, jerr.line, jerr.text);

	tool = json_object_get(doc, "tool");
	version = json_object_get(doc, "schema_version");
	jruns = json_object_get(doc, "runs");
	if (!json_is_string(tool) ||
	    strcmp(json_string_value(tool), "boardbench") != 0 ||
	    !json_is_integer(version) || json_integer_value(version) < 1 ||
	    !json_is_array(jruns)) {
		error("cannot import '%s': not a boardbench export", path);
		goto out;
	}
	if (json_integer_value(version) > EXPORT_SCHEMA_VERSION) {
		error("cannot import '%s': schema version %lld is newer than "
		    "this boardbench (%d)", path,
		    (long long)json_integer_value(version),
		    EXPORT_SCHEMA_VERSION);
		goto out;
	}
	if (json_array_size(jruns) != 0)
		out = xcalloc(json_array_size(jruns), sizeof(*out));
	json_array_foreach(jruns, i, v) {
		count = i + 1;
		if (load_run(v, &out[i], why, sizeof(why)) == -1) {
			error("cannot import '%s': run %zu: %s", path, i + 1,
			    why);
			loaded_runs_free(out, count);
			goto out;
		}
	}
	*runs = out;
	*n = count;
	ret = 0;
out:
	json_decref(doc);
	return ret;
}

void
loaded_runs_free(struct loaded_run *runs, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		run_info_release(&runs[i].ri);
		for (j = 0; j < runs[i].n; j++)
			result_release(&runs[i].rows[j]);
		free(runs[i].rows);
	}
	free(runs);
}
