/*
 * jfield.c - the one walker of identity's field tables (jfield.h): a
 * struct to its JSON object and back, row by row.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jfield.h"
#include "util.h"

#define AT(base, f, type)	((type *)((char *)(base) + (f)->offset))
#define CAT(base, f, type)	((const type *)((const char *)(base) + \
				    (f)->offset))
#define COUNT(base, f)		((int *)((char *)(base) + (f)->count))
#define CCOUNT(base, f)		(*(const int *)((const char *)(base) + \
				    (f)->count))

/* Is row f's value in base known (not what stands for unknown)? */
static int
known(const struct jfield *f, const void *base)
{
	long long least = f->flags & JF_ZERO ? 1 : 0;

	switch (f->type) {
	case JF_STR:
		return *CAT(base, f, char *) != NULL;
	case JF_REAL:
		return !isnan(*CAT(base, f, double));
	case JF_COUNT:
	case JF_HEX:
		return *CAT(base, f, long long) >= least;
	case JF_INT:
	case JF_BOOL:
	case JF_NAMED:
		return *CAT(base, f, int) >= least;
	case JF_TRUE:
		return *CAT(base, f, int) != 0;
	case JF_STRS:
	case JF_ARRAY:
		return CCOUNT(base, f) > 0;
	default:
		return 1;
	}
}

/* Does row f's `when` let it be written? */
static int
gate_open(const struct jfield *t, const struct jfield *f, const void *base)
{
	const struct jfield *g;

	if (f->when == NULL)
		return 1;
	for (g = t; g->key != NULL && strcmp(g->key, f->when) != 0; g++)
		;
	if (g->key == NULL)
		BUG("jfield: row '%s' waits for no row '%s'", f->key, f->when);
	return known(g, base) != ((f->flags & JF_UNLESS) != 0);
}

/* Row f's known value as JSON. */
static json_t *
value(const struct jfield *f, const void *base)
{
	char buf[64];
	json_t *a;
	int i, n;

	switch (f->type) {
	case JF_STR:
		return json_string(*CAT(base, f, char *));
	case JF_REAL:
		return json_real(*CAT(base, f, double));
	case JF_COUNT:
		return json_integer(*CAT(base, f, long long));
	case JF_INT:
		return json_integer(*CAT(base, f, int));
	case JF_HEX:
		snprintf(buf, sizeof(buf), "0x%0*llx", (int)f->max,
		    *CAT(base, f, long long));
		return json_string(buf);
	case JF_BOOL:
		return json_boolean(*CAT(base, f, int));
	case JF_TRUE:
		return json_true();
	case JF_NAMED:
		snprintf(buf, sizeof(buf), "%s%d", f->key, *CAT(base, f, int));
		return json_string(buf);
	default:
		break;
	}
	a = json_array();
	n = CCOUNT(base, f);
	for (i = 0; i < n; i++)
		if (f->type == JF_STRS)
			json_array_append_new(a, json_string(
			    CAT(base, f, char *)[i]));
		else {
			json_t *o = json_object();
			const char *e = f->flags & JF_ALLOC ?
			    *CAT(base, f, char *) : CAT(base, f, char);

			jfield_to_json(f->sub, e + (size_t)i * f->size, o);
			json_array_append_new(a, o);
		}
	return a;
}

void
jfield_to_json(const struct jfield *t, const void *base, json_t *obj)
{
	const struct jfield *f;
	json_t *o;

	for (f = t; f->key != NULL; f++) {
		if (!gate_open(t, f, base)) {
			if (f->flags & JF_ELSE_NULL)
				json_object_set_new(obj, f->key, json_null());
			continue;
		}
		switch (f->type) {
		case JF_HOOK:
			f->to(base, obj);
			continue;
		case JF_INLINE:
			jfield_to_json(f->sub, CAT(base, f, char), obj);
			continue;
		case JF_OBJECT:
			o = json_object();
			jfield_to_json(f->sub, CAT(base, f, char), o);
			json_object_set_new(obj, f->key, o);
			continue;
		default:
			break;
		}
		if (known(f, base) || (f->flags & JF_ALWAYS))
			json_object_set_new(obj, f->key, value(f, base));
		else if (!(f->flags & JF_OPT))
			json_object_set_new(obj, f->key, json_null());
	}
}

/* ---- JSON to struct ------------------------------------------------------ */

long long
jfield_hex(const char *s)
{
	char *end;
	long long v;

	if (s == NULL || strncmp(s, "0x", 2) != 0)
		return -1;
	v = strtoll(s + 2, &end, 16);
	return end != s + 2 && *end == '\0' && v >= 0 ? v : -1;
}

/* An integer >= 0 (at most max when max > 0), else -1. */
static long long
count_of(const json_t *v, long long max)
{
	long long n;

	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return -1;
	n = (long long)json_integer_value(v);
	return max > 0 && n > max ? max : n;
}

/* "policy2" for row key "policy": 2; else -1. */
static int
named(const char *s, const char *key)
{
	size_t len = strlen(key);
	int n;

	return s != NULL && strncmp(s, key, len) == 0 &&
	    sscanf(s + len, "%d", &n) == 1 && n >= 0 ? n : -1;
}

/* The objects of array a into row f's entries (counted at f->count). */
static void
array_from(const struct jfield *f, const json_t *a, void *base)
{
	int *n = COUNT(base, f);
	size_t i, most = (size_t)f->max;
	char *room = AT(base, f, char);
	json_t *e;

	if (f->flags & JF_ALLOC) {
		if (json_array_size(a) < most)
			most = json_array_size(a);
		room = xcalloc(most > 0 ? most : 1, f->size);
		*AT(base, f, char *) = room;
	}
	json_array_foreach(a, i, e) {
		/* allocated: the first `most` entries; else `most` objects */
		if ((f->flags & JF_ALLOC ? i : (size_t)*n) >= most)
			break;
		if (json_is_object(e))
			jfield_from_json(f->sub, e, room +
			    (size_t)(*n)++ * f->size);
	}
}

/* The strings of array a into row f's (counted at f->count). */
static void
strings_from(const struct jfield *f, const json_t *a, void *base)
{
	int *n = COUNT(base, f);
	const char *s;
	json_t *e;
	size_t i;

	json_array_foreach(a, i, e)
		if (*n < f->max && (s = json_string_value(e)) != NULL)
			AT(base, f, char *)[(*n)++] = xstrndup(s, f->len);
}

void
jfield_from_json(const struct jfield *t, const json_t *obj, void *base)
{
	const struct jfield *f;
	const char *s;
	json_t *v;

	for (f = t; f->key != NULL; f++) {
		v = json_object_get(obj, f->key);
		s = json_string_value(v);
		switch (f->type) {
		case JF_STR:
			*AT(base, f, char *) = s != NULL ?
			    xstrndup(s, f->len) : NULL;
			break;
		case JF_REAL:
			*AT(base, f, double) = json_is_number(v) ?
			    json_number_value(v) : NAN;
			break;
		case JF_COUNT:
			*AT(base, f, long long) = count_of(v, 0);
			break;
		case JF_INT:
			*AT(base, f, int) = (int)count_of(v, f->max);
			break;
		case JF_HEX:
			*AT(base, f, long long) = jfield_hex(s);
			break;
		case JF_BOOL:
			*AT(base, f, int) = json_is_boolean(v) ?
			    json_is_true(v) : -1;
			break;
		case JF_TRUE:
			*AT(base, f, int) = json_is_true(v);
			break;
		case JF_NAMED:
			*AT(base, f, int) = named(s, f->key);
			break;
		case JF_STRS:
			strings_from(f, v, base);
			break;
		case JF_ARRAY:
			array_from(f, v, base);
			break;
		case JF_OBJECT:
			jfield_from_json(f->sub, v, AT(base, f, char));
			break;
		case JF_INLINE:
			jfield_from_json(f->sub, obj, AT(base, f, char));
			break;
		case JF_HOOK:
			f->from(obj, base);
			break;
		}
	}
}
