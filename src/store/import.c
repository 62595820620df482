/*
 * import.c - the boardbench JSON document (doc/DESIGN.md section 4, made
 * by export.c) loaded back for `import` and `compare`: streamed run by
 * run, every field of a run and its rows checked before it is stored.  It
 * writes no document (export.c); its functions keep export.h's names.
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "export.h"
#include "result.h"
#include "runinfo.h"
#include "util.h"

#define OBJECT_FLAGS	(JSON_COMPACT | JSON_SORT_KEYS)
/* argv, build and system of an imported run: at most this many bytes */
#define IMPORT_TEXT_MAX	(1 << 20)

static int get_flags(const json_t *, unsigned *);
static int load_result(const json_t *, struct result *, char *, size_t);
static int load_run(const json_t *, struct loaded_run *, char *, size_t);
static void loaded_runs_free_one(struct loaded_run *);

/*
 * Field readers for import: every field is checked before it is stored.
 * The first problem is kept in a field_check and later ones ignored; a
 * missing member or null is the default (NAN, 0, "", NULL).
 */
struct field_check {
	char *why;
	size_t len;
	int bad;
};

static void
field_bad(struct field_check *fc, const char *key, const char *what)
{
	if (fc->bad++)
		return;
	bufprintf(fc->why, fc->len, "%s %s", key, what);
}

/* A number or null (NAN); anything else is refused. */
static double
get_num(struct field_check *fc, const json_t *o, const char *key)
{
	json_t *v;

	v = json_object_get(o, key);
	if (v == NULL || json_is_null(v))
		return NAN;
	if (!json_is_number(v)) {
		field_bad(fc, key, "is not a number");
		return NAN;
	}
	return json_number_value(v);
}

/* An integer in [lo, hi]. */
static long long
get_int(struct field_check *fc, const json_t *o, const char *key,
    long long lo, long long hi)
{
	json_t *v;
	long long x;
	char what[64];

	v = json_object_get(o, key);
	if (v == NULL || json_is_null(v))
		return 0;
	if (!json_is_integer(v)) {
		field_bad(fc, key, "is not an integer");
		return 0;
	}
	x = (long long)json_integer_value(v);
	if (x < lo || x > hi) {
		bufprintf(what, sizeof(what), "is out of range (%lld)", x);
		field_bad(fc, key, what);
		return 0;
	}
	return x;
}

/*
 * A string that fits dst whole: a longer one is refused, never cut (a cut
 * could fall inside a UTF-8 sequence).  jansson has checked the UTF-8.
 */
static void
get_str(struct field_check *fc, const json_t *o, const char *key, char *dst,
    size_t size)
{
	json_t *v;
	char what[64];

	dst[0] = '\0';
	v = json_object_get(o, key);
	if (v == NULL || json_is_null(v))
		return;
	if (!json_is_string(v)) {
		field_bad(fc, key, "is not a string");
		return;
	}
	if (json_string_length(v) >= size ||
	    strlen(json_string_value(v)) != json_string_length(v)) {
		bufprintf(what, sizeof(what), "is longer than %zu bytes or "
		    "holds a NUL", size - 1);
		field_bad(fc, key, what);
		return;
	}
	strlcpy_bb(dst, json_string_value(v), size);
}

/* A string of at most max bytes, owned by the caller; NULL when missing. */
static char *
get_strdup(struct field_check *fc, const json_t *o, const char *key,
    size_t max)
{
	json_t *v;
	char what[64];

	v = json_object_get(o, key);
	if (v == NULL || json_is_null(v))
		return NULL;
	if (!json_is_string(v) || json_string_length(v) > max ||
	    strlen(json_string_value(v)) != json_string_length(v)) {
		bufprintf(what, sizeof(what), "is not a string of at most %zu "
		    "bytes", max);
		field_bad(fc, key, what);
		return NULL;
	}
	return xstrdup(json_string_value(v));
}

/*
 * get_object: an object member (a new reference) when its compact text,
 * as the store keeps it, is at most max bytes; NULL when missing.
 */
static json_t *
get_object(struct field_check *fc, const json_t *o, const char *key,
    size_t max)
{
	json_t *v;
	char *text, what[64];

	v = json_object_get(o, key);
	if (v == NULL || json_is_null(v))
		return NULL;
	if (!json_is_object(v)) {
		field_bad(fc, key, "is not an object");
		return NULL;
	}
	text = json_dumps(v, OBJECT_FLAGS);
	if (text == NULL)
		die(EXIT_BENCH, "out of memory");
	if (strlen(text) > max) {
		bufprintf(what, sizeof(what), "is larger than %zu bytes", max);
		field_bad(fc, key, what);
		free(text);
		return NULL;
	}
	free(text);
	return json_incref(v);
}

/* A benchmark or group name: letters, digits, '_', '-', '.'. */
static int
is_name(const char *s)
{
	return s[0] != '\0' && strspn(s, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") == strlen(s);
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
 * A unit that is a rate or a time ("s", "op/s", "B/s", ...) or a count
 * of cycles: nothing measured in it is below zero.  (exec --parse may
 * capture a figure in any other unit, which may be.)
 */
static int
unit_never_negative(const char *unit)
{
	size_t n = strlen(unit);

	return strcmp(unit, "s") == 0 || (n > 2 &&
	    strcmp(unit + n - 2, "/s") == 0) || strncmp(unit, "cycle", 5) == 0;
}

/*
 * check_figures: a row's own arithmetic, as every row boardbench measures
 * keeps it.  Its figures are finite where given; none of a rate or a time
 * below zero (nor the case's seconds); min <= max, and the median within
 * [min, max] and within its samples' range; n the count of samples given;
 * cv not below zero.  0, or -1 with why.
 */
static int
check_figures(const struct result *r, char *why, size_t len)
{
	const struct {
		const char *name;
		double v;
	} f[] = {
		{ "median", r->st.median }, { "mean", r->st.mean },
		{ "min", r->st.min }, { "max", r->st.max },
	};
	double lo = NAN, hi = NAN;
	int signed_ok = !unit_never_negative(r->unit);
	size_t i;

	for (i = 0; i < ARRAY_SIZE(f); i++)
		if (!isnan(f[i].v) && !signed_ok && f[i].v < 0) {
			bufprintf(why, len, "%s %g %s is below zero",
			    f[i].name, f[i].v, r->unit);
			return -1;
		}
	if (r->seconds < 0) {
		bufprintf(why, len, "seconds %g is below zero", r->seconds);
		return -1;
	}
	if (r->st.cv < 0 || r->st.stddev < 0) {
		bufprintf(why, len, "%s %g is below zero", r->st.cv < 0 ?
		    "cv" : "stddev", r->st.cv < 0 ? r->st.cv : r->st.stddev);
		return -1;
	}
	for (i = 0; i < r->nsamples; i++) {
		if (isnan(r->samples[i]) && r->status != ST_OK)
			continue;
		if (!isfinite(r->samples[i])) {
			bufprintf(why, len, "sample %zu is not a number", i + 1);
			return -1;
		}
		if (!signed_ok && r->samples[i] < 0) {
			bufprintf(why, len, "sample %zu (%g %s) is below zero",
			    i + 1, r->samples[i], r->unit);
			return -1;
		}
		if (isnan(lo) || r->samples[i] < lo)
			lo = r->samples[i];
		if (isnan(hi) || r->samples[i] > hi)
			hi = r->samples[i];
	}
	if (!isnan(r->st.min) && !isnan(r->st.max) && r->st.min > r->st.max) {
		bufprintf(why, len, "min %g is above max %g", r->st.min,
		    r->st.max);
		return -1;
	}
	if (!isnan(r->st.median) && ((!isnan(r->st.min) &&
	    r->st.median < r->st.min) || (!isnan(r->st.max) &&
	    r->st.median > r->st.max))) {
		bufprintf(why, len, "median %g is outside min %g to max %g",
		    r->st.median, r->st.min, r->st.max);
		return -1;
	}
	if (!isnan(r->st.median) && !isnan(lo) &&
	    (r->st.median < lo || r->st.median > hi)) {
		bufprintf(why, len, "median %g is outside its samples' range "
		    "%g to %g", r->st.median, lo, hi);
		return -1;
	}
	if (r->nsamples > 0 && r->st.n != r->nsamples) {
		bufprintf(why, len, "n %lu but %zu samples given",
		    (unsigned long)r->st.n, r->nsamples);
		return -1;
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
	struct field_check fc;
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
	fc.why = why;
	fc.len = len;
	fc.bad = 0;
	r->id = get_int(&fc, o, "id", 0, INT64_MAX);
	r->seq = (uint32_t)get_int(&fc, o, "seq", 0, UINT32_MAX);
	get_str(&fc, o, "bench", r->bench, sizeof(r->bench));
	get_str(&fc, o, "group", r->group, sizeof(r->group));
	get_str(&fc, o, "case", r->case_name, sizeof(r->case_name));
	get_str(&fc, o, "params", r->params, sizeof(r->params));
	get_str(&fc, o, "unit", r->unit, sizeof(r->unit));
	r->better = (int)get_int(&fc, o, "better", -1, 1);
	get_str(&fc, o, "reason", r->reason, sizeof(r->reason));
	r->st.median = get_num(&fc, o, "median");
	r->st.mean = get_num(&fc, o, "mean");
	r->st.stddev = get_num(&fc, o, "stddev");
	r->st.cv = get_num(&fc, o, "cv");
	r->st.min = get_num(&fc, o, "min");
	r->st.max = get_num(&fc, o, "max");
	r->st.n = (uint32_t)get_int(&fc, o, "n", 0, UINT32_MAX);
	/* written as a signed 64-bit integer: UINT64_MAX comes back as -1 */
	r->iters = (uint64_t)get_int(&fc, o, "iters", INT64_MIN, INT64_MAX);
	r->cycles = get_num(&fc, o, "cycles");
	r->instructions = get_num(&fc, o, "instructions");
	r->copies = (uint32_t)get_int(&fc, o, "copies", 0, UINT32_MAX);
	r->copy = (uint32_t)get_int(&fc, o, "copy", 0, UINT32_MAX);
	r->seconds = get_num(&fc, o, "seconds");
	if (fc.bad)
		return -1;
	if (!is_name(r->bench) || (r->group[0] != '\0' &&
	    !is_name(r->group))) {
		bufprintf(why, len, "bad benchmark or group name");
		return -1;
	}
	if (r->case_name[0] == '\0') {
		bufprintf(why, len, "empty case name");
		return -1;
	}
	/* a measured row has a value; only failed or skipped ones lack it */
	if (r->status == ST_OK && !isfinite(r->st.median)) {
		bufprintf(why, len, "an OK result without a finite median");
		return -1;
	}
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
	return check_figures(r, why, len);
}

/*
 * load_run: one run and its rows.  uuid and a results array are required;
 * on error why says what is wrong and lr stays freeable.
 */
static int
load_run(const json_t *o, struct loaded_run *lr, char *why, size_t len)
{
	static const char *const run_statuses[] = {
		"running", "complete", "interrupted", "incomplete"
	};
	struct field_check fc;
	json_t *v, *results, *build, *sys;
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
	fc.why = why;
	fc.len = len;
	fc.bad = 0;
	lr->ri.id = get_int(&fc, o, "id", 0, INT64_MAX);
	get_str(&fc, o, "uuid", lr->ri.uuid, sizeof(lr->ri.uuid));
	get_str(&fc, o, "started", lr->ri.started, sizeof(lr->ri.started));
	get_str(&fc, o, "finished", lr->ri.finished, sizeof(lr->ri.finished));
	get_str(&fc, o, "status", lr->ri.status, sizeof(lr->ri.status));
	get_str(&fc, o, "tag", lr->ri.tag, sizeof(lr->ri.tag));
	get_str(&fc, o, "profile", lr->ri.profile, sizeof(lr->ri.profile));
	get_str(&fc, o, "tool_version", lr->ri.tool_version,
	    sizeof(lr->ri.tool_version));
	lr->ri.argv = get_strdup(&fc, o, "argv", IMPORT_TEXT_MAX);
	/* the identity is parsed here, once, for everything that shows it */
	build = get_object(&fc, o, "build", IMPORT_TEXT_MAX);
	sys = get_object(&fc, o, "system", IMPORT_TEXT_MAX);
	run_info_identity(&lr->ri, build, sys);
	if (fc.bad)
		return -1;
	for (i = 0; i < ARRAY_SIZE(run_statuses); i++)
		if (strcmp(lr->ri.status, run_statuses[i]) == 0)
			break;
	if (i == ARRAY_SIZE(run_statuses)) {
		bufprintf(why, len, "unknown run status '%s'", lr->ri.status);
		return -1;
	}
	/*
	 * A run still running when it was exported has no writer here, and
	 * never will: it is read as the store reads a running run whose
	 * writer is gone.
	 */
	if (strcmp(lr->ri.status, "running") == 0)
		strlcpy_bb(lr->ri.status, "interrupted", sizeof(lr->ri.status));
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
 * The reader streams: the top level of a document is scanned here byte by
 * byte, and only one member value (one run) at a time is handed to
 * jansson, so memory follows the largest run, not the file.
 */
#define SCAN_DEPTH	1024		/* deeper nesting is refused */
#define SCAN_HEADER_MAX	(1 << 20)	/* a member other than runs */
#define SCAN_KEY_MAX	64

struct scanner {
	FILE *fp;
	const char *path;
	long line;
	int c;			/* the byte under the cursor, EOF at the end */
	int err;		/* a read error (errno) */
};

static void
scan_next(struct scanner *sc)
{
	sc->c = getc(sc->fp);
	if (sc->c == '\n')
		sc->line++;
	else if (sc->c == EOF && ferror(sc->fp) && sc->err == 0)
		sc->err = errno != 0 ? errno : EIO;
}

static void
scan_ws(struct scanner *sc)
{
	while (sc->c == ' ' || sc->c == '\t' || sc->c == '\n' || sc->c == '\r')
		scan_next(sc);
}

/* "not JSON" at the cursor's line; -1. */
static int
scan_bad(struct scanner *sc, const char *what)
{
	if (sc->err != 0)
		return error("cannot import '%s': %s", sc->path,
		    strerror(sc->err));
	return error("cannot import '%s': not JSON (line %ld: %s)", sc->path,
	    sc->line, what);
}

static void
scan_keep(struct strbuf *cap, int c)
{
	char ch = (char)c;

	if (cap != NULL)
		strbuf_add(cap, &ch, 1);
}

/*
 * scan_value: move over one JSON value, copying its bytes to cap (when
 * not NULL).  Brackets are matched and strings followed; the value's own
 * grammar is checked later by jansson on the copy.  0, or -1 printed.
 */
static int
scan_value(struct scanner *sc, struct strbuf *cap, size_t max)
{
	char stack[SCAN_DEPTH];
	size_t depth = 0;
	int in_str = 0, esc = 0;

	if (sc->c == ',' || sc->c == ':' || sc->c == ']' || sc->c == '}')
		return scan_bad(sc, "a value was expected");
	for (;;) {
		if (sc->c == EOF)
			return scan_bad(sc, "unexpected end of file");
		if (cap != NULL && cap->len >= max)
			return error("cannot import '%s': a member near line "
			    "%ld is larger than %zu bytes", sc->path, sc->line,
			    max);
		scan_keep(cap, sc->c);
		if (in_str) {
			if (esc)
				esc = 0;
			else if (sc->c == '\\')
				esc = 1;
			else if (sc->c == '"')
				in_str = 0;
			scan_next(sc);
			if (!in_str && depth == 0)
				return 0;
			continue;
		}
		switch (sc->c) {
		case '"':
			in_str = 1;
			break;
		case '[':
		case '{':
			if (depth == sizeof(stack))
				return scan_bad(sc, "nested too deeply");
			stack[depth++] = (char)(sc->c == '[' ? ']' : '}');
			break;
		case ']':
		case '}':
			if (depth == 0 || stack[depth - 1] != sc->c)
				return scan_bad(sc, "unbalanced brackets");
			depth--;
			break;
		default:
			break;
		}
		scan_next(sc);
		if (depth == 0 && !in_str) {
			/* a scalar ends where a delimiter starts */
			if (sc->c == ',' || sc->c == ']' || sc->c == '}' ||
			    sc->c == ' ' || sc->c == '\t' || sc->c == '\n' ||
			    sc->c == '\r' || sc->c == EOF)
				return 0;
		}
	}
}

/* A member name, at most SCAN_KEY_MAX bytes kept (longer: not ours). */
static int
scan_key(struct scanner *sc, char *key, size_t len)
{
	struct strbuf sb;
	json_t *v;
	int ret = 0;

	if (sc->c != '"')
		return scan_bad(sc, "a member name was expected");
	strbuf_init(&sb);
	if (scan_value(sc, &sb, SCAN_HEADER_MAX) != 0) {
		strbuf_release(&sb);
		return -1;
	}
	v = json_loadb(sb.buf, sb.len, JSON_DECODE_ANY, NULL);
	if (!json_is_string(v))
		ret = scan_bad(sc, "bad member name");
	else
		strlcpy_bb(key, json_string_value(v), len);
	json_decref(v);
	strbuf_release(&sb);
	return ret;
}

/* Parse a copied value; -1 printed with the file's line number. */
static json_t *
scan_parse(struct scanner *sc, const struct strbuf *sb, long first_line)
{
	json_error_t jerr;
	json_t *v;

	v = json_loadb(sb->buf, sb->len, JSON_DECODE_ANY, &jerr);
	if (v == NULL)
		error("cannot import '%s': not JSON (line %ld: %s)", sc->path,
		    first_line + (jerr.line > 0 ? jerr.line - 1 : 0),
		    jerr.text);
	return v;
}

/* The runs array from the cursor: each run loaded and handed to fn. */
static int
scan_runs(struct scanner *sc, export_run_fn fn, void *arg)
{
	struct loaded_run lr;
	struct strbuf sb;
	json_t *v;
	char why[192];
	size_t i = 0;
	long first;
	int rc;

	if (sc->c != '[') {
		error("cannot import '%s': not a boardbench export", sc->path);
		return -1;
	}
	scan_next(sc);
	scan_ws(sc);
	if (sc->c == ']') {
		scan_next(sc);
		return 0;
	}
	for (;;) {
		strbuf_init(&sb);
		first = sc->line;
		if (scan_value(sc, &sb, SIZE_MAX) != 0) {
			strbuf_release(&sb);
			return -1;
		}
		v = scan_parse(sc, &sb, first);
		strbuf_release(&sb);
		if (v == NULL)
			return -1;
		memset(&lr, 0, sizeof(lr));
		rc = load_run(v, &lr, why, sizeof(why));
		json_decref(v);
		i++;
		if (rc == -1) {
			error("cannot import '%s': run %zu: %s", sc->path, i,
			    why);
			loaded_runs_free_one(&lr);
			return -1;
		}
		rc = fn(arg, &lr);
		loaded_runs_free_one(&lr);
		if (rc != 0)
			return -1;
		scan_ws(sc);
		if (sc->c == ']') {
			scan_next(sc);
			return 0;
		}
		if (sc->c != ',')
			return scan_bad(sc, "',' or ']' was expected");
		scan_next(sc);
		scan_ws(sc);
	}
}

/*
 * scan_header: the top-level object: tool and schema_version checked,
 * other members skipped, the runs array left for later (its offset in
 * *runs_at, -1 when there is none).
 */
static int
scan_header(struct scanner *sc, off_t *runs_at, long *runs_line)
{
	char key[SCAN_KEY_MAX];
	struct strbuf sb;
	json_t *v;
	int tool = 0, have_version = 0;
	long long version = 0;

	*runs_at = -1;
	scan_ws(sc);
	if (sc->c != '{')
		return sc->c == EOF && sc->err == 0 ?
		    scan_bad(sc, "an empty file") :
		    error("cannot import '%s': not a boardbench export",
		    sc->path);
	scan_next(sc);
	scan_ws(sc);
	while (sc->c != '}') {
		if (scan_key(sc, key, sizeof(key)) != 0)
			return -1;
		scan_ws(sc);
		if (sc->c != ':')
			return scan_bad(sc, "':' was expected");
		scan_next(sc);
		scan_ws(sc);
		if (strcmp(key, "runs") == 0) {
			if (*runs_at != -1)
				return error("cannot import '%s': two runs "
				    "arrays", sc->path);
			/* getc has read the byte at the cursor already */
			*runs_at = ftello(sc->fp) - 1;
			*runs_line = sc->line;
			if (sc->c != '[')
				return error("cannot import '%s': not a "
				    "boardbench export", sc->path);
			if (scan_value(sc, NULL, 0) != 0)
				return -1;
		} else if (strcmp(key, "tool") == 0 ||
		    strcmp(key, "schema_version") == 0) {
			strbuf_init(&sb);
			if (scan_value(sc, &sb, SCAN_HEADER_MAX) != 0) {
				strbuf_release(&sb);
				return -1;
			}
			v = scan_parse(sc, &sb, sc->line);
			strbuf_release(&sb);
			if (v == NULL)
				return -1;
			if (key[0] == 't')
				tool = json_is_string(v) && strcmp(
				    json_string_value(v), "boardbench") == 0;
			else if ((have_version = json_is_integer(v)))
				version = (long long)json_integer_value(v);
			json_decref(v);
		} else if (scan_value(sc, NULL, 0) != 0) {
			return -1;
		}
		scan_ws(sc);
		if (sc->c == ',') {
			scan_next(sc);
			scan_ws(sc);
			if (sc->c == '}')
				return scan_bad(sc, "a member was expected");
		} else if (sc->c != '}') {
			return scan_bad(sc, "',' or '}' was expected");
		}
	}
	scan_next(sc);
	scan_ws(sc);
	if (sc->c != EOF || sc->err != 0)
		return scan_bad(sc, "end of file expected");
	if (!tool || !have_version || version < 1 || *runs_at == -1)
		return error("cannot import '%s': not a boardbench export",
		    sc->path);
	if (version > EXPORT_SCHEMA_VERSION)
		return error("cannot import '%s': schema version %lld is "
		    "newer than this boardbench (%d)", sc->path, version,
		    EXPORT_SCHEMA_VERSION);
	return 0;
}

/*
 * Scan a seekable stream: the header first, then the runs again from
 * their offset, each handed to fn as it is parsed.
 */
static int
scan_fp(FILE *fp, const char *name, export_run_fn fn, void *arg)
{
	struct scanner sc;
	off_t runs_at;
	long runs_line = 1;

	memset(&sc, 0, sizeof(sc));
	sc.path = name;
	sc.line = 1;
	sc.fp = fp;
	scan_next(&sc);
	if (scan_header(&sc, &runs_at, &runs_line) != 0)
		return -1;
	if (fseeko(sc.fp, runs_at, SEEK_SET) != 0)
		return error("cannot import '%s': %s", name, strerror(errno));
	sc.line = runs_line;
	scan_next(&sc);
	return scan_runs(&sc, fn, arg);
}

int
export_scan_file(const char *path, export_run_fn fn, void *arg)
{
	struct stat sb;
	FILE *fp;
	int fd, ret = -1;

	/*
	 * A FIFO or a device is refused before it is opened (opening a FIFO
	 * waits for a writer), and what was opened, without waiting, is
	 * checked again (the name may have changed in between).
	 */
	if (stat(path, &sb) == -1)
		return error("cannot import '%s': %s", path, strerror(errno));
	if (!S_ISREG(sb.st_mode))
		return error("cannot import '%s': not a regular file", path);
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd == -1)
		return error("cannot import '%s': %s", path, strerror(errno));
	if (fstat(fd, &sb) == -1 || !S_ISREG(sb.st_mode)) {
		close(fd);
		return error("cannot import '%s': not a regular file", path);
	}
	/* a regular file: reads may block as usual */
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == -1 ||
	    (fp = fdopen(fd, "r")) == NULL) {
		error("cannot import '%s': %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	ret = scan_fp(fp, path, fn, arg);
	fclose(fp);
	return ret;
}

/* Collects every run for export_load_file and export_load_fp. */
struct collect {
	struct loaded_run *v;
	size_t n, alloc;
};

static int
collect_run(void *arg, struct loaded_run *lr)
{
	struct collect *c = arg;

	if (c->n == c->alloc) {
		c->alloc = c->alloc != 0 ? c->alloc * 2 : 8;
		c->v = xreallocarray(c->v, c->alloc, sizeof(*c->v));
	}
	c->v[c->n++] = *lr;
	memset(lr, 0, sizeof(*lr));	/* now owned by the collection */
	return 0;
}

/* The collected runs into *runs, *n; on failure none. */
static int
collected(int rc, struct collect *c, struct loaded_run **runs, size_t *n)
{
	if (rc != 0) {
		loaded_runs_free(c->v, c->n);
		return -1;
	}
	*runs = c->v;
	*n = c->n;
	return 0;
}

int
export_load_file(const char *path, struct loaded_run **runs, size_t *n)
{
	struct collect c;

	memset(&c, 0, sizeof(c));
	*runs = NULL;
	*n = 0;
	return collected(export_scan_file(path, collect_run, &c), &c, runs, n);
}

int
export_load_fp(FILE *fp, const char *name, struct loaded_run **runs,
    size_t *n)
{
	struct collect c;

	memset(&c, 0, sizeof(c));
	*runs = NULL;
	*n = 0;
	return collected(scan_fp(fp, name, collect_run, &c), &c, runs, n);
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

static void
loaded_runs_free_one(struct loaded_run *lr)
{
	run_info_release(&lr->ri);
	result_free_rows(lr->rows, lr->n);
	memset(lr, 0, sizeof(*lr));
}

void
loaded_runs_free(struct loaded_run *runs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		loaded_runs_free_one(&runs[i]);
	free(runs);
}
