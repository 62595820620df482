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

enum { O_MAN = OPT_OWN };

static const struct cmd_opt list_opt[] = {
	{ "long", 'l', CMD_OPT_NOARG, NULL, 'l',
	    "also each parameter: type, default (quick/full when they\n"
	    "differ), allowed range or words, and what it does" },
	{ "man", 0, CMD_OPT_NOARG, NULL, O_MAN,
	    "each benchmark's entry of the man page's BENCHMARKS\n"
	    "section, in roff, from its descriptor (for\n"
	    "scripts/gen-man-benchmarks)" },
	CMD_OPT_HELP,
	CMD_OPT_END
};

const struct cmd_opts cmd_list_opts = {
	.head =
"usage: boardbench list [-l|--long|--man] [NAME|GROUP...]\n"
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

/* What a parameter allows: "10..5000", "a|b|c", "yes|no" or "text". */
static void
param_allowed(const struct bench_param *p, char *allowed, size_t len)
{
	if (p->type == BENCH_P_INT || p->type == BENCH_P_INTLIST)
		snprintf(allowed, len, "%.0f..%.0f", p->min, p->max);
	else if (p->type == BENCH_P_REAL)
		snprintf(allowed, len, "%g..%g", p->min, p->max);
	else if (p->choices != NULL)
		snprintf(allowed, len, "%s", p->choices);
	else if (p->type == BENCH_P_BOOL)
		snprintf(allowed, len, "yes|no");
	else
		snprintf(allowed, len, "text");
}

/* Each parameter: name, type, defaults; allowed values; help; wrapped. */
static void
list_params(const struct bench_info *b, int width)
{
	const struct bench_param *p;
	char allowed[256];
	struct strbuf sb;

	for (p = b->params; p != NULL && p->name != NULL; p++) {
		param_allowed(p, allowed, sizeof(allowed));
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

/* Text as roff on one line: backslashes and minus signs escaped, a
 * leading '.' or '\'' kept text, a break allowed after '|' and ','. */
static void
roff_text(const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", stdout);
	for (; *s != '\0'; s++) {
		if (*s == '\\')
			fputs("\\e", stdout);
		else if (*s == '-')
			fputs("\\-", stdout);
		else if (*s == '|' || *s == ',')
			printf("%c\\:", *s);	/* a line may break after it */
		else if (*s != '\n')
			putchar(*s);
	}
}

/*
 * The entry of b in the man page's BENCHMARKS section: its name,
 * description, unit and direction, and each parameter as `list -l`
 * gives it, between the comments scripts/gen-man-benchmarks replaces.
 */
static void
list_man(const struct bench_info *b)
{
	const struct bench_param *p;
	char allowed[256];

	printf(".\\\" {{ boardbench list --man %s: generated from the "
	    "descriptor, do not edit\n.TP\n.ad l\n.B ", b->name);
	roff_text(b->name);
	putchar('\n');
	roff_text(b->description);
	printf("\n(unit ");
	roff_text(b->unit);
	printf(", %s is better).\n", b->better == BENCH_LOWER ? "lower" :
	    "higher");
	for (p = b->params; p != NULL && p->name != NULL; p++) {
		param_allowed(p, allowed, sizeof(allowed));
		if (p == b->params)
			printf("Parameters:\n");
		printf(".br\n.BR ");
		roff_text(b->name);
		putchar('.');
		roff_text(p->name);
		printf(" \" (%s, default ", type_names[p->type]);
		roff_text(p->def != NULL && p->def[0] != '\0' ? p->def :
		    "none");
		if (p->quick != NULL) {
			printf(", quick ");
			roff_text(p->quick);
		}
		if (p->full != NULL) {
			printf(", full ");
			roff_text(p->full);
		}
		printf("; ");
		roff_text(allowed);
		printf("):\"\n");
		roff_text(p->help != NULL ? p->help : "");
		printf("%s\n", p[1].name != NULL ? ";" : ".");
	}
	/* left-adjusted (long lists of words), then the hand-written text */
	printf(".ad\n.sp\n.\\\" }}\n");
}

int
cmd_list(int argc, char **argv)
{
	const struct bench_info **bl;
	size_t n, i;
	int c, lng = 0, man = 0, col, width = fmt_term_width(STDOUT_FILENO);
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
		case O_MAN:
			man = 1;
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
	if (man) {
		for (i = 0; i < n; i++)
			list_man(bl[i]);
		free(bl);
		return fflush(stdout) == 0 && !ferror(stdout) ? EXIT_OK :
		    EXIT_BENCH;
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
