/*
 * main.c - boardbench: global options and the table of subcommands.
 */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "runner-wire.h"
#include "util.h"

const struct command commands[] = {
	{ "list", cmd_list, "benchmarks, groups, parameters and units" },
	{ "info", cmd_info, "this board, its clocks and this build's flags" },
	{ "run", cmd_run, "run benchmarks and store the results" },
	{ "show", cmd_show, "print stored runs" },
	{ "compare", cmd_compare, "compare runs, tags or exported files" },
	{ "export", cmd_export, "write stored runs as JSON or CSV" },
	{ "import", cmd_import, "add exported runs to the store" },
	{ "report", cmd_report, "write runs and their comparison as one HTML file" },
	{ "exec", cmd_exec, "time any program, or a number it prints" },
	{ NULL, NULL, NULL }
};

static void
usage(FILE *fp)
{
	const struct command *c;

	fprintf(fp, "usage: boardbench [--version] [--help] COMMAND [ARGS]\n\n"
	    "Benchmarks a board and a build of itself, keeps the results and "
	    "compares builds.\n\nCommands:\n");
	for (c = commands; c->name != NULL; c++)
		fprintf(fp, "  %-9s %s\n", c->name, c->summary);
	fprintf(fp, "\n'boardbench COMMAND --help' describes a command; "
	    "'man boardbench' describes all.\n"
	    "Exit status: 0 all ran, 1 a benchmark failed, 2 usage error,\n"
	    "3 regression (compare), 130 interrupted.\n");
}

int
main(int argc, char **argv)
{
	const struct command *c;

	setlocale(LC_ALL, "");
	numeric_locale_c();
	/* a measuring child the runner re-exec'd (not a user command) */
	if (argc > 1 && strcmp(argv[1], RUNNER_CHILD_ARG) == 0)
		return runner_child_main(argc, argv);
	if (argc < 2) {
		error("no command given (commands: list, info, run, show, "
		    "compare, export, import, report, exec; see 'boardbench "
		    "--help')");
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
		printf("boardbench %s\n", PACKAGE_VERSION);
		return close_stdout_status(EXIT_OK);
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		if (argc > 2 && strcmp(argv[1], "help") == 0) {
			char *hv[] = { argv[2], "--help", NULL };

			for (c = commands; c->name != NULL; c++)
				if (strcmp(c->name, argv[2]) == 0)
					return close_stdout_status(
					    c->fn(2, hv));
		}
		usage(stdout);
		return close_stdout_status(EXIT_OK);
	}
	/* every command's output is checked once here, at the end */
	for (c = commands; c->name != NULL; c++)
		if (strcmp(c->name, argv[1]) == 0)
			return close_stdout_status(c->fn(argc - 1, argv + 1));
	error("unknown command '%s' (commands: list, info, run, show, "
	    "compare, export, import, report, exec; see 'boardbench "
	    "--help')", argv[1]);
	return EXIT_USAGE;
}
