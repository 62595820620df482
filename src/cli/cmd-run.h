/*
 * cmd-run.h - `boardbench run` inside src/cli/: its command line, parsed
 * and checked into struct run_args (cmd-run-opts.c), for the run itself
 * (cmd-run.c).
 */
#ifndef BOARDBENCH_CMD_RUN_H
#define BOARDBENCH_CMD_RUN_H

#include <stddef.h>

#include "cmd-measure.h"
#include "pair.h"
#include "registry.h"
#include "runner.h"

/* A -p setting: for every build (-1) or for one (-p B:...). */
struct pspec {
	int build;
	const char *text;
};
#define MAX_PSPECS	256

/* Where one build runs: this one (0) or an --against build. */
#define PAIR_PREFIX_MAX	32
struct run_target {
	const char *exe;		/* NULL: this program */
	char *words;			/* --prefix, owned, cut at spaces */
	char *prefix[PAIR_PREFIX_MAX];
	size_t nprefix;
};

/* The command line of `run`. */
struct run_args {
	const char *profile, *cpulist;
	const char *tags[PAIR_MAX_BUILDS];	/* --tag, build by build */
	size_t ntags;
	int classic, noheadline, noprogress, verbose;
	long long copies, procs;
	unsigned columns;			/* --columns: FMT_COL_* */
	struct measure_args m;		/* shared with exec: --format, --db,
					 * --timeout, the monitor's options */
	struct runner_opts ro;		/* timing, profile, CPUs, no-aslr */
	struct param_set ps;		/* -p for every build */
	struct pspec pspec[MAX_PSPECS];
	size_t npspec;
	struct run_target tg[PAIR_MAX_BUILDS];
	size_t ntg;			/* builds: 1 + --against */
	int first;			/* argv index of the first NAME */
};

/*
 * Parse argv into a (initialised here; run_args_release it in any case):
 * 0, -1 after --help was printed, or EXIT_USAGE (said on stderr).
 */
int run_args_parse(struct run_args *a, int argc, char **argv);
/* The options together (profile, format, contradictions): 0 or EXIT_USAGE. */
int run_args_check(struct run_args *a);
void run_args_release(struct run_args *a);

#endif
