/*
 * registry.c - the benchmark table, expanded from bench/bench-list.h, and
 * lookups by name and group.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "bench-list.h"
#include "util.h"

#define DECLARE(name) extern const struct bench_info bench_##name##_info;
BENCHMARKS(DECLARE)
#undef DECLARE

#define ENTRY(name) &bench_##name##_info,
const struct bench_info *const registry_table[] = { BENCHMARKS(ENTRY) };
#undef ENTRY
const size_t registry_count = ARRAY_SIZE(registry_table);

const char *
registry_group_next(size_t *at)
{
	size_t i, j;

	for (i = *at; i < registry_count; i++) {
		for (j = 0; j < i && strcmp(registry_table[j]->group,
		    registry_table[i]->group) != 0; j++)
			;
		if (j == i) {
			*at = i + 1;
			return registry_table[i]->group;
		}
	}
	*at = registry_count;
	return NULL;
}

const struct bench_info *
registry_find(const char *name)
{
	size_t i;

	for (i = 0; i < registry_count; i++)
		if (strcmp(registry_table[i]->name, name) == 0)
			return registry_table[i];
	return NULL;
}

const struct bench_info *
registry_next_ranked(int (*rank)(const struct bench_info *), size_t *at)
{
	size_t i, best = registry_count;
	int r, br = 0, cur = *at < registry_count ? rank(registry_table[*at]) :
	    0;

	for (i = 0; i < registry_count; i++) {
		if ((r = rank(registry_table[i])) <= 0)
			continue;
		/* after the current one in (rank, index) order */
		if (*at < registry_count && (r < cur || (r == cur && i <= *at)))
			continue;
		if (best == registry_count || r < br) {
			best = i;
			br = r;
		}
	}
	*at = best;
	return best < registry_count ? registry_table[best] : NULL;
}

int
registry_is_group(const char *name)
{
	size_t i;

	for (i = 0; i < registry_count; i++)
		if (strcmp(registry_table[i]->group, name) == 0)
			return 1;
	return 0;
}

int
registry_unavailable(const struct bench_info *b, char *why, size_t len)
{
	if (b->unavailable != NULL) {
		strlcpy_bb(why, b->unavailable, len);
		return 1;
	}
	if (b->supported != NULL) {
		why[0] = '\0';
		if (b->supported(why, len) != 0) {
			if (why[0] == '\0')
				strlcpy_bb(why, "not supported here", len);
			return 1;
		}
	}
	return 0;
}

/*
 * Up to three names within a small edit distance of `name`, or sharing
 * its prefix, as "'a', 'b'".
 */
void
registry_suggest(const char *name, char *buf, size_t len)
{
	const char *cand[64];
	int dist[64];
	size_t n = 0, i, j, used = 0;
	int limit = (int)strlen(name) / 3 + 1;

	buf[0] = '\0';
	/* every name, then every group (named once: see below) */
	for (i = 0; i < 2 * registry_count; i++) {
		const char *c = i < registry_count ? registry_table[i]->name :
		    registry_table[i - registry_count]->group;
		int d = levenshtein(name, c);

		if (strlen(name) >= 3 && strncmp(name, c, strlen(name)) == 0)
			d = 1;
		if (d > limit || n >= ARRAY_SIZE(cand))
			continue;
		for (j = 0; j < n; j++)
			if (strcmp(cand[j], c) == 0)
				break;
		if (j < n)
			continue;
		cand[n] = c;
		dist[n++] = d;
	}
	for (i = 0; i < 3 && i < n; i++) {
		size_t best = i;

		for (j = i + 1; j < n; j++)
			if (dist[j] < dist[best])
				best = j;
		if (best != i) {
			const char *tc = cand[i];
			int td = dist[i];

			cand[i] = cand[best];
			dist[i] = dist[best];
			cand[best] = tc;
			dist[best] = td;
		}
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
		    "%s'%s'", i ? ", " : "", cand[i]);
		if (used >= len)
			break;
	}
}

int
registry_select(char *const *names, size_t n, const struct bench_info ***out,
    size_t *nout)
{
	unsigned char *taken = xcalloc(registry_count, 1);
	const struct bench_info **list;
	size_t i, j, k = 0;
	char sugg[160];

	list = xcalloc(registry_count + 1, sizeof(*list));
	/* in the order given; a group's members (and "all") in table order */
	for (i = 0; i < n; i++) {
		int found = 0;

		for (j = 0; j < registry_count; j++)
			if (strcmp(registry_table[j]->name, names[i]) == 0 ||
			    strcmp(registry_table[j]->group, names[i]) == 0 ||
			    strcmp(names[i], "all") == 0) {
				found = 1;
				if (!taken[j]) {
					taken[j] = 1;
					list[k++] = registry_table[j];
				}
			}
		if (!found) {
			registry_suggest(names[i], sugg, sizeof(sugg));
			if (sugg[0] != '\0')
				error("unknown benchmark or group '%s' "
				    "(did you mean %s? see 'boardbench list')",
				    names[i], sugg);
			else
				error("unknown benchmark or group '%s' "
				    "(see 'boardbench list')", names[i]);
			free(taken);
			free(list);
			return -1;
		}
	}
	if (n == 0)
		for (j = 0; j < registry_count; j++)
			if (strcmp(registry_table[j]->group, "selftest") != 0)
				list[k++] = registry_table[j];
	free(taken);
	*out = list;
	*nout = k;
	return 0;
}

const struct bench_param *
registry_param(const struct bench_info *b, const char *name)
{
	const struct bench_param *p;

	for (p = b->params; p != NULL && p->name != NULL; p++)
		if (strcmp(p->name, name) == 0)
			return p;
	return NULL;
}

size_t
registry_nparams(const struct bench_info *b)
{
	size_t n = 0;

	while (b->params != NULL && b->params[n].name != NULL)
		n++;
	return n;
}
