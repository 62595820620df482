/*
 * cmd-run-opts.c - `boardbench run`'s command line: its option table and
 * --help, each option parsed and checked into struct run_args, then the
 * options checked together, before anything is probed or run
 * (cmd-run.c).
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "cmd-opt.h"
#include "cmd-run.h"
#include "fmt.h"
#include "monitor.h"
#include "util.h"

enum {
	O_PROFILE = OPT_OWN, O_AGAINST, O_PREFIX, O_COPIES, O_PROCESSES,
	O_NO_ASLR, O_CPU, O_MIN_SAMPLE, O_BUDGET, O_WARMUP, O_NO_PROGRESS
};

_Static_assert(RUNNER_PROCESSES_MAX == 100,
    "--processes' help below says 1 to 100");

static const struct cmd_opt run_opt[] = {
	{ "profile", 0, CMD_OPT_ARG, "P", O_PROFILE,
	    "quick | standard | full (default standard)" },
	/* --param: -p's long name, not listed */
	{ "param", 0, CMD_OPT_ARG, NULL, 'p', NULL },
	{ NULL, 'p', CMD_OPT_ARG, "NAME.PARAM=VALUE", 'p',
	    "set a parameter of a benchmark or a whole group,\n"
	    "e.g. -p linpack.n=500 (see 'boardbench list -l');\n"
	    "integers are decimal with k/M/G or K/Ki/Mi/Gi, and\n"
	    "stored and shown canonical (1k as 1000); with\n"
	    "--against, -p B:NAME.PARAM=VALUE is build B's own (A\n"
	    "this build, B the first --against ...): it may change\n"
	    "what a case does, not which cases there are" },
	CMD_OPT_TAG("TEXT",
	    "label this build flag set / run (with --against:\n"
	    "the first --tag names this build, the next ones the\n"
	    "--against builds in order; a build without one is\n"
	    "labelled from its compiler and -O level)"),
	{ "against", 0, CMD_OPT_ARG, "PATH", O_AGAINST,
	    "another build of boardbench (another flag set,\n"
	    "compiler, float ABI) measured in pairs with this\n"
	    "one, case by case: their processes alternate (A B,\n"
	    "B A, ...), each pair on one CPU, so drift hits both\n"
	    "alike; each build's rows are stored as a run of its\n"
	    "own, and the comparison with 95 % intervals from\n"
	    "the pairs follows the table.  Up to 8; the build\n"
	    "must be the same boardbench version" },
	{ "prefix", 0, CMD_OPT_ARG, "WORDS", O_PREFIX,
	    "run the build named last before it (this build when\n"
	    "none) under a command, split at spaces, no shell:\n"
	    "'taskset -c 2', 'qemu-arm -L /usr/arm-linux-gnueabi'" },
	{ "copies", 0, CMD_OPT_ARG, "N", O_COPIES,
	    "run N copies of each CPU benchmark at once (per-copy\n"
	    "rows and an aggregate row; at most 4 x CPUs); they\n"
	    "start at a barrier and measure common windows" },
	{ "processes", 0, CMD_OPT_ARG, "N", O_PROCESSES,
	    "sample each CPU case in N fresh processes, each\n"
	    "with its own address layout (profile: 2 / 3 / 5;\n"
	    "1 to 100); value = median over processes, CV = spread\n"
	    "between them; up to 3 x N while they disagree; a\n"
	    "case with variants (dhrystone's 8 code placements)\n"
	    "runs at least as many, value = their geometric mean" },
	{ "no-aslr", 0, CMD_OPT_NOARG, NULL, O_NO_ASLR,
	    "measuring processes run without address space\n"
	    "randomisation: a figure that repeats, from one\n"
	    "layout that may be biased (to chase a layout effect,\n"
	    "not for A/B verdicts; recorded as the extra no-aslr)" },
	{ "cpu", 0, CMD_OPT_ARG, "LIST", O_CPU,
	    "pin to these CPUs, e.g. 0 or 2-3 (copy i runs on the\n"
	    "i-th CPU of the list); without it, CPU kernels run\n"
	    "on one CPU, the fastest at the start (the header\n"
	    "names it)" },
	CMD_OPT_CLASSIC("also print the classic reports (Linpack table, ...)"),
	CMD_OPT_NO_HEADLINE("no block of the quoted figures after the table"),
	CMD_OPT_VERBOSE(
	    "text view: every row, also the per-MHz rows SKIPPED\n"
	    "for want of a clock (otherwise one line after the\n"
	    "table)"),
	CMD_OPT_COLUMNS("LIST",
	    "text view: more columns per row from the monitor,\n"
	    "a comma list of +temp (highest, 71C), +mhz (lowest\n"
	    "and highest clock, 600-1500), +power (mean supply\n"
	    "watts); '-' where the row has none"),
	CMD_OPT_FORMAT(cmd_opt_format_stdout_text),
	CMD_OPT_DB,
	CMD_OPT_NO_SAVE("do not store the results"),
	{ "min-sample", 0, CMD_OPT_ARG, "SEC", O_MIN_SAMPLE,
	    "a sample lasts at least SEC (default 0.05)" },
	{ "budget", 0, CMD_OPT_ARG, "SEC", O_BUDGET,
	    "sampling time per case (profile: 0.4 / 3 / 10)" },
	{ "warmup", 0, CMD_OPT_ARG, "SEC", O_WARMUP,
	    "discarded warm-up per case (0.05 / 0.3 / 1)" },
	CMD_OPT_TIMEOUT("a case still running after SEC is TIMEOUT"),
	{ "no-progress", 0, CMD_OPT_NOARG, NULL, O_NO_PROGRESS,
	    "no progress line on stderr (it shows only on a\n"
	    "terminal anyway)" },
	CMD_OPT_HOT_TEMP(
	    "flag rows 'hot' above C degrees (default 80;\n"
	    "30 to 130)"),
	{ "cool-down", 0, CMD_OPT_ARG, "C", OPT_COOL_DOWN,
	    "before each benchmark wait until the SoC is below\n"
	    "C degrees (20 to 110)" },
	{ "wait-idle", 0, CMD_OPT_NOARG, NULL, OPT_WAIT_IDLE,
	    "before starting, wait until other processes use\n"
	    "less than 5 % of a core" },
	{ "wait-max", 0, CMD_OPT_ARG, "SEC", OPT_WAIT_MAX,
	    "longest wait for --wait-idle and --cool-down\n"
	    "(default 600)" },
	CMD_OPT_MEASURE_CLOCK(
	    "measure each cluster's clock first (kept until\n"
	    "reboot; used for per-MHz figures)"),
	CMD_OPT_NO_MONITOR(
	    "no sampling, no pace checks: rows get no\n"
	    "throttled/hot/busy/drifted flags,\n"
	    "no power:* / energy:* extras and no CASE/energy\n"
	    "rows (supply power, where an hwmon sensor or the\n"
	    "Pi 5 PMIC shows it)"),
	CMD_OPT_HELP,
	CMD_OPT_END
};

const struct cmd_opts cmd_run_opts = {
	.head =
"usage: boardbench run [OPTIONS] [NAME|GROUP...]\n"
"\n"
"Runs benchmarks (default: every group, standard profile), commits each\n"
"result row to the store as it is measured, and prints the rows.\n"
"\n",
	.opt = run_opt,
	.tail =
"\n"
"Exit status: 0 every case ran (skips allowed), 1 a case FAILED, CRASHED,\n"
"timed out or gave a BADRESULT, or a row or the run's final status could\n"
"not be stored (a run whose every case is stored still reads as complete),\n"
"2 bad input (nothing ran), 130 interrupted (rows already measured are\n"
"kept).\n",
	.col = 23
};

/* A seconds option of run's own. */
static int
seconds_opt(const char *name, const char *v, double lo, double hi,
    double *out)
{
	return measure_seconds_opt("run", name, v, lo, hi, out);
}

/* --prefix WORDS: split at spaces and tabs, no quoting, no shell. */
static int
prefix_opt(struct run_target *b, const char *arg)
{
	char *w, *save = NULL;

	if (b->words != NULL || strlen(arg) > 4000) {
		cmd_bad_usage("run", b->words != NULL ? "one --prefix per build" :
		    "--prefix is longer than 4000 characters");
		return -1;
	}
	b->words = xstrdup(arg);
	for (w = strtok_r(b->words, " \t", &save); w != NULL;
	    w = strtok_r(NULL, " \t", &save)) {
		if (b->nprefix == PAIR_PREFIX_MAX) {
			cmd_bad_usage("run", "--prefix has more than 32 words");
			return -1;
		}
		b->prefix[b->nprefix++] = w;
	}
	if (b->nprefix == 0) {
		cmd_bad_usage("run", "--prefix is empty");
		return -1;
	}
	return 0;
}

/* One -p setting: for every build, or build B's own (-p B:...). */
static int
param_opt(struct run_args *a, struct param_set *scratch, const char *arg)
{
	if (arg[0] >= 'A' && arg[0] <= 'Z' && arg[1] == ':') {
		/* checked now; the build's set is made when it is known */
		if (param_set_add(scratch, arg + 2) != 0)
			return -1;
		a->pspec[a->npspec].build = arg[0] - 'A';
		a->pspec[a->npspec++].text = arg + 2;
		return 0;
	}
	if (param_set_add(&a->ps, arg) != 0)
		return -1;
	if (a->npspec < MAX_PSPECS) {
		a->pspec[a->npspec].build = -1;
		a->pspec[a->npspec++].text = arg;
	}
	return 0;
}

/*
 * One of run's own options (key c, its argument arg; the measuring
 * options are measure_opt_one()'s): 0, or non-zero when bad (said).
 */
static int
run_opt_one(struct run_args *a, struct param_set *scratch, int c,
    const char *arg)
{
	struct runner_opts *ro = &a->ro;
	char what[200];

	switch (c) {
	case O_PROFILE:
		a->profile = arg;
		break;
	case 'p':
		return param_opt(a, scratch, arg);
	case OPT_TAG:
		/* it must fit the run row's tag */
		if (strlen(arg) >= sizeof(((struct run_info *)NULL)->tag)) {
			cmd_bad_usage("run", "--tag is longer than 127 "
			    "characters");
			return -1;
		}
		if (a->ntags == PAIR_MAX_BUILDS) {
			cmd_bad_usage("run", "more --tag than builds");
			return -1;
		}
		a->tags[a->ntags++] = arg;
		break;
	case O_AGAINST:
		if (a->ntg == PAIR_MAX_BUILDS) {
			cmd_bad_usage("run", "more than 8 --against builds");
			return -1;
		}
		a->tg[a->ntg++].exe = arg;
		break;
	case O_PREFIX:
		return prefix_opt(&a->tg[a->ntg - 1], arg);
	case O_COPIES:
		if (parse_ll(arg, &a->copies) != 0 || a->copies < 1 ||
		    a->copies > 4LL * cpu_online_count()) {
			snprintf(what, sizeof(what), "bad --copies '%s' "
			    "(allowed: 1 to %d, 4 x the %d online CPUs)",
			    arg, 4 * cpu_online_count(), cpu_online_count());
			cmd_bad_usage("run", what);
			return -1;
		}
		break;
	case O_CPU:
		a->cpulist = arg;
		break;
	case OPT_CLASSIC:
		a->classic = 1;
		break;
	case O_MIN_SAMPLE:
		return seconds_opt("--min-sample", arg, 0.001, 10,
		    &ro->min_sample);
	case O_BUDGET:
		return seconds_opt("--budget", arg, 0.01, 3600, &ro->budget);
	case O_WARMUP:
		return seconds_opt("--warmup", arg, 0, 600, &ro->warmup);
	case O_NO_PROGRESS:
		a->noprogress = 1;
		break;
	case O_PROCESSES:
		if (parse_ll(arg, &a->procs) != 0 || a->procs < 1 ||
		    a->procs > RUNNER_PROCESSES_MAX) {
			snprintf(what, sizeof(what), "bad --processes '%s' "
			    "(allowed: 1 to %d)", arg, RUNNER_PROCESSES_MAX);
			cmd_bad_usage("run", what);
			return -1;
		}
		break;
	case O_NO_ASLR:
		ro->no_aslr = 1;
		break;
	case OPT_VERBOSE:
		a->verbose = 1;
		break;
	case OPT_NO_HEADLINE:
		a->noheadline = 1;
		break;
	case OPT_COLUMNS:
		return cmd_columns_opt("run", arg, &a->columns) != 0 ? -1 : 0;
	}
	return 0;
}

int
run_args_parse(struct run_args *a, int argc, char **argv)
{
	struct cmd_getopt g;
	struct param_set scratch;
	int c, m, rc = 0;

	memset(a, 0, sizeof(*a));
	a->profile = "standard";
	measure_args_init(&a->m, "run", 0);
	a->copies = 1;
	a->ro.warmup = -1;
	a->ntg = 1;
	param_set_init(&a->ps);
	param_set_init(&scratch);
	cmd_opt_start(&g, &cmd_run_opts);
	while (rc == 0 && (c = cmd_opt_next(&g, argc, argv)) != -1) {
		if (c == 'p' && a->npspec == MAX_PSPECS) {
			rc = cmd_bad_usage("run", "more than 256 -p settings");
		} else if (c == 'h') {
			cmd_opt_usage(stdout, &cmd_run_opts);
			rc = -1;
		} else if (c == '?' || c == ':') {
			rc = cmd_getopt_error("run", argc, argv, optopt);
		} else if ((m = measure_opt_one(&a->m, c, optarg)) < 0 ||
		    (m > 0 && run_opt_one(a, &scratch, c, optarg) != 0))
			rc = EXIT_USAGE;
	}
	param_set_release(&scratch);
	a->ro.timeout = a->m.timeout;
	a->first = optind;
	return rc;
}

int
run_args_check(struct run_args *a)
{
	char what[200];

	if ((a->ro.profile = profile_find(a->profile)) == NULL) {
		snprintf(what, sizeof(what), "unknown profile '%s' (allowed: "
		    "quick, standard, full)", a->profile);
		return cmd_bad_usage("run", what);
	}
	if (measure_args_check(&a->m) != 0)
		return EXIT_USAGE;
	if (a->cpulist != NULL &&
	    cpu_list_parse(a->cpulist, &a->ro.cpus, &a->ro.ncpus))
		return EXIT_USAGE;
	if (a->ntg == 1 && a->tg[0].nprefix > 0)
		return cmd_bad_usage("run", "--prefix goes with --against (to "
		    "run this build alone under a command, start it under "
		    "it)");
	if (a->ntg > 1 && (a->m.nosave || a->copies > 1 || a->ntags > a->ntg))
		return cmd_bad_usage("run", a->m.nosave ? "--against keeps each "
		    "build's rows as a run in the store: not with --no-save" :
		    a->copies > 1 ? "--against and --copies contradict each "
		    "other (pairs are single processes)" : "more --tag than "
		    "builds (one for this build, one per --against)");
	return 0;
}

void
run_args_release(struct run_args *a)
{
	size_t b;

	for (b = 0; b < PAIR_MAX_BUILDS; b++)
		free(a->tg[b].words);
	param_set_release(&a->ps);
	free(a->ro.cpus);
	a->ro.cpus = NULL;
}
