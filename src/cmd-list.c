/*
 * cmd-list.c - `boardbench list`: benchmarks with group, unit, direction,
 * availability and, with -l, their parameters.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "registry.h"
#include "util.h"

static const char list_usage[] =
"usage: boardbench list [-l|--long] [NAME|GROUP...]\n"
"\n"
"Lists benchmarks: name, group, unit of the main figure, whether higher or\n"
"lower is better, and why a benchmark is unavailable in this build.\n"
"  -l, --long   also each parameter: type, default (quick/full when they\n"
"               differ), allowed range or words, and what it does\n"
"  -h, --help   this text\n";

static const char *const type_names[] = {
	[BENCH_P_INT] = "int", [BENCH_P_REAL] = "real",
	[BENCH_P_BOOL] = "bool", [BENCH_P_STR] = "text",
	[BENCH_P_CHOICE] = "choice", [BENCH_P_LIST] = "list",
	[BENCH_P_INTLIST] = "int-list",
};

static void
list_params(const struct bench_info *b)
{
	const struct bench_param *p;
	char allowed[256];

	for (p = b->params; p != NULL && p->name != NULL; p++) {
		if (p->type == BENCH_P_INT || p->type == BENCH_P_INTLIST)
			snprintf(allowed, sizeof(allowed), "%.0f..%.0f",
			    p->min, p->max);
		else if (p->type == BENCH_P_REAL)
			snprintf(allowed, sizeof(allowed), "%g..%g", p->min,
			    p->max);
		else if (p->choices != NULL)
			snprintf(allowed, sizeof(allowed), "%s", p->choices);
		else if (p->type == BENCH_P_BOOL)
			snprintf(allowed, sizeof(allowed), "yes|no");
		else
			snprintf(allowed, sizeof(allowed), "text");
		printf("    %s.%s (%s) = %s", b->name, p->name,
		    type_names[p->type], p->def ? p->def : "");
		if (p->quick != NULL)
			printf(" [quick: %s]", p->quick);
		if (p->full != NULL)
			printf(" [full: %s]", p->full);
		printf("\n        allowed: %s\n        %s\n", allowed,
		    p->help ? p->help : "");
	}
}

int
cmd_list(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "long", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const struct bench_info **bl;
	size_t n, i;
	int c, lng = 0;
	char why[160];

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "lh", opts, NULL)) != -1) {
		switch (c) {
		case 'l':
			lng = 1;
			break;
		case 'h':
			cmd_usage(stdout, list_usage);
			return EXIT_OK;
		default:
			return cmd_getopt_error("list", argc, argv, optopt);
		}
	}
	if (optind == argc) {
		/* everything, the selftest group included */
		char *all[] = { "all" };

		if (registry_select(all, 1, &bl, &n) != 0)
			return EXIT_USAGE;
	} else if (registry_select(argv + optind, (size_t)(argc - optind),
	    &bl, &n) != 0) {
		return EXIT_USAGE;
	}
	printf("%-12s %-9s %-8s %-6s %s\n", "NAME", "GROUP", "UNIT", "BETTER",
	    "DESCRIPTION");
	for (i = 0; i < n; i++) {
		const struct bench_info *b = bl[i];

		printf("%-12s %-9s %-8s %-6s %s", b->name, b->group, b->unit,
		    b->better == BENCH_LOWER ? "lower" : "higher",
		    b->description);
		if (registry_unavailable(b, why, sizeof(why)))
			printf(" (unavailable: %s)", why);
		putchar('\n');
		if (lng)
			list_params(b);
	}
	printf("\nGroups: ");
	for (i = 0; registry_groups[i] != NULL; i++)
		if (registry_is_group(registry_groups[i]))
			printf("%s%s", i ? ", " : "", registry_groups[i]);
	printf("; profiles: quick, standard, full\n");
	free(bl);
	return EXIT_OK;
}
