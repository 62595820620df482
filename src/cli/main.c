/*
 * main.c - boardbench: global options and the table of subcommands.
 */
#include "config.h"

#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "pair.h"
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

/*
 * `boardbench __safe TEXT...`: the texts, one a line, escaped as every
 * printer escapes text from outside (fmt_safe), for the scripts
 * (scripts/fleet), so that they share the one escape.  Not a user command.
 */
#define SAFE_ARG "__safe"
static int
safe_main(int argc, char **argv)
{
	size_t len;
	char *buf;
	int i;

	for (i = 2; i < argc; i++) {
		len = FMT_SAFE(strlen(argv[i]));
		buf = xmalloc(len);
		puts(fmt_safe(buf, len, argv[i]));
		free(buf);
	}
	return close_stdout_status(EXIT_OK);
}

/*
 * SIGINT, SIGTERM or SIGHUP: every command exits 130, as the man page
 * says.  A command that reads or imports stops where it is (an import's
 * open transaction is never committed: SQLite drops it), one that writes
 * an output file removes its temporary first (util.c, fmt-compare-plot.c),
 * and run and exec replace this with their own, which finish the case and
 * the run's status first (runner.c).
 */
static void
interrupted(int sig)
{
	(void)sig;
	_exit(EXIT_INTERRUPTED);
}

int
main(int argc, char **argv)
{
	static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	size_t i;
	const struct command *c;

	/*
	 * A closed pipe (`| head`) or a file size limit is a write error,
	 * reported once and exit 1 with every row stored and the run
	 * finished, never a silent death (spawn.c restores both for the
	 * programs it starts).
	 */
	signal(SIGPIPE, SIG_IGN);
	signal(SIGXFSZ, SIG_IGN);
	setlocale(LC_ALL, "");
	numeric_locale_c();
	/* a measuring child the runner re-exec'd (not a user command) */
	if (argc > 1 && strcmp(argv[1], RUNNER_CHILD_ARG) == 0)
		return runner_child_main(argc, argv);
	/* a paired run asking this build who it is (run --against) */
	if (argc == 2 && strcmp(argv[1], PAIR_IDENTITY_ARG) == 0)
		return close_stdout_status(pair_identity_main());
	if (argc > 1 && strcmp(argv[1], SAFE_ARG) == 0)
		return safe_main(argc, argv);
	/* (the user's commands only: a measuring child dies of a signal) */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = interrupted;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(stop_signals) / sizeof(stop_signals[0]); i++)
		sigaction(stop_signals[i], &sa, NULL);
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
