/*
 * cmd-list.c - `boardbench list`: benchmarks with group, unit, direction,
 * availability and, with -l, their parameters.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "cmd-opt.h"
#include "fmt.h"
#include "registry.h"
#include "util.h"

static const struct cmd_opt list_opt[] = {
	{ "long", 'l', CMD_OPT_NOARG, NULL, 'l',
	    "also each parameter: type, default (quick/full when they\n"
	    "differ), allowed range or words, and what it does" },
	CMD_OPT_HELP,
	CMD_OPT_END
};

const struct cmd_opts cmd_list_opts = {
	.head =
"usage: boardbench list [-l|--long] [NAME|GROUP...]\n"
"\n"
"Lists benchmarks: name, group, unit of the main figure, whether higher or\n"
"lower is better, and why a benchmark is unavailable in this build.\n",
	.opt = list_opt,
	.col = 15
};

static const char *const type_names[] = {
	[BENCH_P_INT] = "int", [BENCH_P_REAL] = "real",
	[BENCH_P_BOOL] = "bool", [BENCH_P_STR] = "text",
	[BENCH_P_CHOICE] = "choice", [BENCH_P_LIST] = "list",
	[BENCH_P_INTLIST] = "int-list",
};

/* Each parameter: name, type, defaults; allowed values; help; wrapped. */
static void
list_params(const struct bench_info *b, int width)
{
	const struct bench_param *p;
	char allowed[256];
	struct strbuf sb;

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
		strbuf_init(&sb);
		strbuf_addf(&sb, "%s.%s (%s) = %s", b->name, p->name,
		    type_names[p->type], p->def ? p->def : "");
		if (p->quick != NULL)
			strbuf_addf(&sb, " [quick: %s]", p->quick);
		if (p->full != NULL)
			strbuf_addf(&sb, " [full: %s]", p->full);
		printf("    ");
		fmt_wrap(stdout, width, sb.buf, 4, 8);
		strbuf_release(&sb);
		printf("        allowed: ");
		fmt_wrap(stdout, width, allowed, 17, 17);
		printf("        ");
		fmt_wrap(stdout, width, p->help ? p->help : "", 8, 8);
	}
}

int
cmd_list(int argc, char **argv)
{
	const struct bench_info **bl;
	size_t n, i;
	int c, lng = 0, col, width = fmt_term_width(STDOUT_FILENO);
	char why[160];
	const char *grp, *sep;
	struct strbuf sb;
	struct cmd_getopt g;

	cmd_opt_start(&g, &cmd_list_opts);
	while ((c = cmd_opt_next(&g, argc, argv)) != -1) {
		switch (c) {
		case 'l':
			lng = 1;
			break;
		case 'h':
			cmd_opt_usage(stdout, &cmd_list_opts);
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

		/* the description wraps under its column */
		col = printf("%-12s %-9s %-8s %-6s ", b->name, b->group,
		    b->unit, b->better == BENCH_LOWER ? "lower" : "higher");
		strbuf_init(&sb);
		strbuf_addf(&sb, "%s", b->description);
		if (registry_unavailable(b, why, sizeof(why)))
			strbuf_addf(&sb, " (unavailable: %s)", why);
		fmt_wrap(stdout, width, sb.buf, col > 0 ? col : 0, 39);
		strbuf_release(&sb);
		if (lng)
			list_params(b, width);
	}
	strbuf_init(&sb);
	strbuf_addf(&sb, "Groups: ");
	for (i = 0, sep = ""; (grp = registry_group_next(&i)) != NULL;
	    sep = ", ")
		strbuf_addf(&sb, "%s%s", sep, grp);
	strbuf_addf(&sb, "; profiles: quick, standard, full");
	putchar('\n');
	fmt_wrap(stdout, width, sb.buf, 0, 2);
	strbuf_release(&sb);
	free(bl);
	return EXIT_OK;
}
