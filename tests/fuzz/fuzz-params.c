/*
 * fuzz-params.c - the -p NAME.PARAM=VALUE parser and the canonical values.
 * Each input line is a -p setting, a value for every parameter of every
 * benchmark, and a stored params string of every benchmark; every
 * benchmark's parameters are then resolved with the settings accepted.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "registry.h"
#include "result.h"
#include "util.h"

#define FUZZ_MAX_LINES 8

static void
one_line(struct param_set *ps, const char *line)
{
	char err[256], stored[sizeof(((struct result *)0)->params)], *c;
	const struct bench_param *p;
	long long v;
	double d;
	size_t i;

	(void)param_set_add(ps, line);
	(void)parse_ll(line, &v);
	(void)parse_double(line, &d);
	for (i = 0; i < registry_count; i++) {
		const struct bench_info *b = registry_table[i];

		for (p = b->params; p != NULL && p->name != NULL; p++) {
			c = param_canonical(p, line, err, sizeof(err));
			free(c);
		}
		strlcpy_bb(stored, line, sizeof(stored));
		param_canon_stored(b->name, stored, sizeof(stored));
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct param_set ps;
	char *text = xmalloc(size + 1), *line, *nl;
	const struct bench_param *p;
	size_t i, nlines = 0;

	memcpy(text, data, size);
	text[size] = '\0';
	param_set_init(&ps);
	for (line = text; line != NULL && nlines < FUZZ_MAX_LINES;
	    line = nl, nlines++) {
		nl = strchr(line, '\n');
		if (nl != NULL)
			*nl++ = '\0';
		one_line(&ps, line);
	}
	/* a setting once accepted resolves for every benchmark it reaches */
	for (i = 0; i < registry_count; i++) {
		const struct bench_info *b = registry_table[i];

		for (p = b->params; p != NULL && p->name != NULL; p++)
			free(param_resolve(&ps, b, p, "standard"));
	}
	param_set_release(&ps);
	free(text);
	return 0;
}
