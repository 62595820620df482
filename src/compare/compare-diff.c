/*
 * compare-diff.c - the fields in which builds' and systems' identities
 * differ (compare.h: cmp_differences() and its ranking), for compare's
 * "build differences" block and the report.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compare.h"
#include "util.h"

/* A leaf value as short text: strings bare, the rest as compact JSON. */
static char *
leaf_text(const json_t *v)
{
	char *s, *copy;

	if (v == NULL)
		return xstrdup("-");
	if (json_is_string(v))
		return xstrdup(json_string_value(v));
	s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY |
	    JSON_REAL_PRECISION(6));
	if (s == NULL)
		return xstrdup("?");
	copy = xstrdup(s);
	free(s);
	return copy;
}

/* Append the dotted leaf paths of o under prefix to *keys (no repeats). */
static void
collect_keys(const json_t *o, const char *prefix, char ***keys, size_t *n)
{
	const char *k;
	json_t *v;
	char *path;
	size_t i;

	json_object_foreach((json_t *)o, k, v) {
		path = prefix[0] ? xasprintf("%s.%s", prefix, k) : xstrdup(k);
		if (json_is_object(v)) {
			collect_keys(v, path, keys, n);
			free(path);
			continue;
		}
		for (i = 0; i < *n; i++)
			if (strcmp((*keys)[i], path) == 0)
				break;
		if (i < *n) {
			free(path);
			continue;
		}
		*keys = xreallocarray(*keys, *n + 1, sizeof(**keys));
		(*keys)[(*n)++] = path;
	}
}

/* The value at a dotted path, or NULL. */
static json_t *
get_path(json_t *o, const char *path)
{
	char *copy, *part, *save;
	json_t *v = o;

	copy = xstrdup(path);
	for (part = strtok_r(copy, ".", &save); part != NULL && v != NULL;
	    part = strtok_r(NULL, ".", &save))
		v = json_is_object(v) ? json_object_get(v, part) : NULL;
	free(copy);
	return v;
}

size_t
cmp_differences(json_t *const *objs, size_t n, struct cmp_diff **out)
{
	char **keys = NULL;
	size_t nkeys = 0, i, c, nd = 0;
	struct cmp_diff *d = NULL;

	for (c = 0; c < n; c++)
		if (json_is_object(objs[c]))
			collect_keys(objs[c], "", &keys, &nkeys);
	for (i = 0; i < nkeys; i++) {
		json_t *v0 = get_path(objs[0], keys[i]);
		int same = 1;

		for (c = 1; c < n && same; c++) {
			json_t *v = get_path(objs[c], keys[i]);

			same = (v == NULL && v0 == NULL) ||
			    (v != NULL && v0 != NULL && json_equal(v, v0));
		}
		if (same) {
			free(keys[i]);
			continue;
		}
		d = xreallocarray(d, nd + 1, sizeof(*d));
		d[nd].key = keys[i];
		d[nd].values = xcalloc(n, sizeof(char *));
		for (c = 0; c < n; c++)
			d[nd].values[c] = leaf_text(get_path(objs[c], keys[i]));
		nd++;
	}
	free(keys);
	*out = d;
	return nd;
}

/* Does key match pattern p: the same, or p ends with '.' and starts it? */
static int
key_matches(const char *key, const char *p)
{
	size_t n = strlen(p);

	return n > 0 && p[n - 1] == '.' ? strncmp(key, p, n) == 0 :
	    strcmp(key, p) == 0;
}

/* Where key goes: 0 .. nfirst-1 its place in first, nfirst the rest,
 * nfirst + 1 the keys in last. */
static size_t
key_rank(const char *key, const char *const *first, size_t nfirst,
    const char *const *last)
{
	size_t i;

	for (i = 0; i < nfirst; i++)
		if (key_matches(key, first[i]))
			return i;
	for (i = 0; last != NULL && last[i] != NULL; i++)
		if (key_matches(key, last[i]))
			return nfirst + 1;
	return nfirst;
}

size_t
cmp_differences_rank(struct cmp_diff *d, size_t nd, const char *const *first,
    const char *const *last)
{
	size_t nfirst = 0, i, j, nimp = 0;
	size_t *rank;
	struct cmp_diff tmp;

	while (first != NULL && first[nfirst] != NULL)
		nfirst++;
	rank = xcalloc(nd ? nd : 1, sizeof(*rank));
	for (i = 0; i < nd; i++) {
		rank[i] = key_rank(d[i].key, first, nfirst, last);
		if (rank[i] < nfirst)
			nimp++;
	}
	/* insertion sort: stable, and the lists are short */
	for (i = 1; i < nd; i++) {
		size_t r = rank[i];

		tmp = d[i];
		for (j = i; j > 0 && rank[j - 1] > r; j--) {
			d[j] = d[j - 1];
			rank[j] = rank[j - 1];
		}
		d[j] = tmp;
		rank[j] = r;
	}
	free(rank);
	return nimp;
}

void
cmp_differences_free(struct cmp_diff *d, size_t count, size_t n)
{
	size_t i, c;

	for (i = 0; i < count; i++) {
		free(d[i].key);
		for (c = 0; c < n; c++)
			free(d[i].values[c]);
		free(d[i].values);
	}
	free(d);
}
