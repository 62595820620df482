/*
 * t-registry.c - invariants of the benchmark table.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "tap.h"
#include "util.h"

/* A group's benchmarks stand together in the table: the groups' order
 * (registry_group_next) is then the table's, as `list` shows it. */
static int
group_together(size_t i)
{
	size_t j;

	for (j = 0; j + 1 < i; j++)
		if (strcmp(registry_table[j]->group,
		    registry_table[i]->group) == 0 &&
		    strcmp(registry_table[j + 1]->group,
		    registry_table[i]->group) != 0)
			return 0;
	return 1;
}

int
main(void)
{
	size_t i, j, n;
	const struct bench_info **bl;
	char *names[] = { "selftest" }, *bad[] = { "linpak" };
	char sugg[160], err[256];

	ok(registry_count >= 2, "the table has benchmarks");
	for (i = 0; i < registry_count; i++) {
		const struct bench_info *b = registry_table[i];
		const struct bench_param *p;
		int fine = 1;

		ok(b->name && *b->name && b->group && *b->group &&
		    b->description && *b->description && b->unit && *b->unit,
		    "%s: name, group, description and unit set", b->name);
		ok(group_together(i), "%s: group '%s' stands together in "
		    "the table", b->name, b->group);
		ok(b->better == BENCH_HIGHER || b->better == BENCH_LOWER,
		    "%s: better-direction set", b->name);
		ok(b->unavailable != NULL || (b->plan != NULL &&
		    (b->run != NULL || b->phases != NULL)),
		    "%s: plan and run/phases, or an unavailable reason",
		    b->name);
		for (j = i + 1; j < registry_count; j++)
			if (strcmp(b->name, registry_table[j]->name) == 0)
				fine = 0;
		ok(fine, "%s: name is unique", b->name);
		/* storage is both, as doc/DESIGN.md section 2 names it */
		ok(!registry_is_group(b->name) ||
		    strcmp(b->name, b->group) == 0,
		    "%s: not the name of another group", b->name);
		for (p = b->params; p != NULL && p->name != NULL; p++)
			ok(p->help != NULL && p->def != NULL &&
			    param_check(p, p->def, err, sizeof(err)) == 0 &&
			    (p->quick == NULL || param_check(p, p->quick,
			    err, sizeof(err)) == 0) &&
			    (p->full == NULL || param_check(p, p->full,
			    err, sizeof(err)) == 0),
			    "%s.%s: help, and defaults that pass their own "
			    "check", b->name, p->name);
	}
	/* a storage sample spans enough I/Os that a device's own queues
	 * and flushes average out in it, whatever the profile */
	ok(registry_find("storage") != NULL &&
	    registry_find("storage")->min_sample >= 0.2,
	    "storage: samples of 0.2 s at least");
	ok(registry_select(names, 1, &bl, &n) == 0 && n >= 1 &&
	    strcmp(bl[0]->group, "selftest") == 0, "select by group");
	free(bl);
	ok(registry_select(NULL, 0, &bl, &n) == 0, "select all");
	for (i = 0, j = 0; i < n; i++)
		j += strcmp(bl[i]->group, "selftest") == 0;
	is_int((long long)j, 0, "the default selection leaves out selftest");
	free(bl);
	ok(registry_select(bad, 1, &bl, &n) != 0, "unknown name refused");
	registry_suggest("linpak", sugg, sizeof(sugg));
	ok(strstr(sugg, "'linpack'") != NULL, "linpak suggests linpack (%s)",
	    sugg);
	{
		const char *g, *seen[32];
		size_t at = 0, ng = 0, k;
		int once = 1;

		while ((g = registry_group_next(&at)) != NULL && ng < 32) {
			for (k = 0; k < ng; k++)
				if (strcmp(seen[k], g) == 0)
					once = 0;
			seen[ng++] = g;
		}
		ok(ng >= 2 && once && strcmp(seen[0], "cpu") == 0 &&
		    strcmp(seen[ng - 1], "selftest") == 0 &&
		    registry_is_group(seen[1]), "the groups from the table, "
		    "each once, in its order: cpu first, selftest last (%zu)",
		    ng);
		ok(registry_group_next(&at) == NULL, "... and NULL again "
		    "after the last");
	}
	return done_testing();
}
