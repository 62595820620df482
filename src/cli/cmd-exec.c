/*
 * cmd-exec.c - `boardbench exec`: measure any program the way `run`
 * measures a benchmark.  The runner runs it once per repetition
 * (runner_exec(): spawn, the figure, the monitor); here its options, its
 * row's names, and the finished rows stored with the build and system
 * identity and printed by the same formatters, comparable like any row.
 */
#include "config.h"

#include <getopt.h>
#include <jansson.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "cmd-measure.h"
#include "cmd-opt.h"
#include "fmt.h"
#include "monitor.h"
#include "noise.h"
#include "runinfo.h"
#include "runner.h"
#include "spawn.h"
#include "store.h"
#include "sysinfo-json.h"
#include "util.h"

#define EXEC_REPEAT_MAX	100
#define EXEC_TIMEOUT	600.0		/* seconds per repetition */

enum { O_NAME = OPT_OWN, O_PARSE, O_UNIT, O_BETTER, O_REPEAT };

static const struct cmd_opt exec_opt[] = {
	{ "name", 0, CMD_OPT_ARG, "NAME", O_NAME,
	    "case name (default: PROGRAM's base name)" },
	{ "parse", 0, CMD_OPT_ARG, "REGEX", O_PARSE,
	    "POSIX extended regex; its first group is the\n"
	    "figure, searched in stdout, then stderr; needs\n"
	    "--unit and --better" },
	{ "unit", 0, CMD_OPT_ARG, "UNIT", O_UNIT,
	    "unit of the parsed figure, e.g. MIPS" },
	{ "better", 0, CMD_OPT_ARG, "higher|lower", O_BETTER,
	    "direction of the parsed figure" },
	{ "repeat", 0, CMD_OPT_ARG, "N", O_REPEAT,
	    "runs of the program, the row's samples (default 3;\n"
	    "1 to 100)" },
	CMD_OPT_TIMEOUT(
	    "a run still going after SEC is stopped (whole\n"
	    "process group) and the row is TIMEOUT (default 600)"),
	CMD_OPT_TAG("TEXT", "label this run"),
	CMD_OPT_FORMAT(cmd_opt_format_stdout_text),
	CMD_OPT_DB,
	CMD_OPT_NO_SAVE("do not store the result"),
	CMD_OPT_HOT_TEMP("flag the row 'hot' above C degrees (default 80)"),
	CMD_OPT_NO_MONITOR("no sampling: no throttled/hot/busy flags"),
	CMD_OPT_HELP,
	CMD_OPT_END
};

const struct cmd_opts cmd_exec_opts = {
	.head =
"usage: boardbench exec [OPTIONS] -- PROGRAM [ARGS...]\n"
"\n"
"Runs PROGRAM with ARGS (no shell) --repeat times, each in its own process\n"
"group with a time limit, and records one result row (benchmark 'exec')\n"
"like 'run' does: samples, median/min/max/CV, validity flags, build and\n"
"system identity, stored and comparable.  The figure is the wall time of\n"
"each run (unit s, lower is better), or the number --parse captures.\n"
"\n",
	.opt = exec_opt,
	.tail =
"\n"
"A run that exits non-zero or is killed, or output --parse does not match\n"
"(the reason shows the output's last line), makes the row FAILED.\n"
"Exit status: 0 the row is OK, 1 it is not, 2 bad input (a program not\n"
"found, a bad regex; nothing ran), 130 interrupted.\n",
	.col = 23,
	.in_order = 1
};


struct exec_opts {
	const char *name, *parse, *unit, *better, *tag;
	long long repeat;
	struct measure_args m;		/* shared with run: --format, --db,
					 * --timeout, --hot-temp, ... */
	regex_t re;
	int have_re;
};

/* Options; 0, or the exit status of bad usage (printed). */
static int
exec_parse_args(int argc, char **argv, struct exec_opts *o)
{
	char what[300], err[200];
	int c, rc;
	struct cmd_getopt g;

	/* in order: options end at PROGRAM, whose own options stay its own */
	cmd_opt_start(&g, &cmd_exec_opts);
	while ((c = cmd_opt_next(&g, argc, argv)) != -1) {
		if ((rc = measure_opt_one(&o->m, c, optarg)) <= 0) {
			if (rc < 0)
				return EXIT_USAGE;
			continue;
		}
		switch (c) {
		case O_NAME:
			o->name = optarg;
			if (*optarg == '\0' || strlen(optarg) >= 96)
				return cmd_bad_usage("exec", "--name must be 1 "
				    "to 95 characters");
			break;
		case O_PARSE:
			o->parse = optarg;
			break;
		case O_UNIT:
			o->unit = optarg;
			if (*optarg == '\0' || strlen(optarg) >= 16)
				return cmd_bad_usage("exec", "--unit must be 1 "
				    "to 15 characters");
			break;
		case O_BETTER:
			o->better = optarg;
			if (strcmp(optarg, "higher") != 0 &&
			    strcmp(optarg, "lower") != 0) {
				snprintf(what, sizeof(what), "bad --better '%.40s'"
				    " (allowed: higher, lower)", optarg);
				return cmd_bad_usage("exec", what);
			}
			break;
		case O_REPEAT:
			if (parse_ll(optarg, &o->repeat) != 0 || o->repeat < 1 ||
			    o->repeat > EXEC_REPEAT_MAX) {
				snprintf(what, sizeof(what), "bad --repeat '%.40s' "
				    "(allowed: 1 to %d)", optarg,
				    EXEC_REPEAT_MAX);
				return cmd_bad_usage("exec", what);
			}
			break;
		case OPT_TAG:
			o->tag = optarg;
			if (strlen(optarg) >= 128)
				return cmd_bad_usage("exec", "--tag is longer "
				    "than 127 characters");
			break;
		case 'h':
			cmd_opt_usage(stdout, &cmd_exec_opts);
			return -1;
		default:
			return cmd_getopt_error("exec", argc, argv, optopt);
		}
	}
	if (measure_args_check(&o->m) != 0)
		return EXIT_USAGE;
	if (o->parse != NULL && (o->unit == NULL || o->better == NULL))
		return cmd_bad_usage("exec", "--parse needs --unit and --better");
	if (o->parse == NULL && (o->unit != NULL || o->better != NULL))
		return cmd_bad_usage("exec", "--unit and --better go with "
		    "--parse (the wall time is in s, lower is better)");
	if (optind >= argc)
		return cmd_bad_usage("exec", "no program given (exec [OPTIONS] "
		    "-- PROGRAM [ARGS...])");
	if (!spawn_find(argv[optind])) {
		fmt_safe(err, sizeof(err), argv[optind]);
		snprintf(what, sizeof(what), "program '%.60s' not found or not "
		    "executable", err);
		return cmd_bad_usage("exec", what);
	}
	if (o->parse != NULL) {
		if ((rc = regcomp(&o->re, o->parse, REG_EXTENDED)) != 0) {
			regerror(rc, &o->re, err, sizeof(err));
			snprintf(what, sizeof(what), "bad --parse regex: %s",
			    err);
			return cmd_bad_usage("exec", what);
		}
		o->have_re = 1;
		if (o->re.re_nsub < 1)
			return cmd_bad_usage("exec", "--parse needs a group "
			    "( ) around the number");
	}
	return 0;
}

/* The row before its runs: names, unit, direction (the rest is the
 * runner's). */
static void
exec_row_init(const struct exec_opts *o, const char *prog, struct result *r)
{
	const char *base = strrchr(prog, '/');

	memset(r, 0, sizeof(*r));
	strlcpy_bb(r->bench, "exec", sizeof(r->bench));
	strlcpy_bb(r->group, "exec", sizeof(r->group));
	strlcpy_bb(r->case_name, o->name != NULL ? o->name :
	    base != NULL && base[1] != '\0' ? base + 1 : prog,
	    sizeof(r->case_name));
	strlcpy_bb(r->unit, o->have_re ? o->unit : "s", sizeof(r->unit));
	r->better = o->have_re && strcmp(o->better, "higher") == 0 ? 1 : -1;
}

/* The finished rows of the one case: its own, its energy row (at most 2). */
struct exec_rows {
	struct result row[2];
	size_t n;
};

static int
exec_keep(void *arg, struct result *r)
{
	struct exec_rows *k = arg;

	if (r != NULL && k->n < 2)
		result_copy(&k->row[k->n++], r);
	return 0;
}

/*
 * The run's record: identity of the build and the system, checks, and the
 * jitter and pace at the start (the pace checks' reference: drifted).
 */
static void
exec_run_info(const struct exec_opts *o, int argc, char **argv,
    struct run_info *ri)
{
	struct si_run noise;
	json_t *j;

	memset(ri, 0, sizeof(*ri));
	iso_utc_now(ri->started, sizeof(ri->started));
	strlcpy_bb(ri->status, "running", sizeof(ri->status));
	strlcpy_bb(ri->tag, o->tag, sizeof(ri->tag));
	strlcpy_bb(ri->profile, "exec", sizeof(ri->profile));
	strlcpy_bb(ri->tool_version, PACKAGE_VERSION,
	    sizeof(ri->tool_version));
	ri->argv = cmd_join_argv(argc, argv);
	j = json_object();
	cmd_run_checks(o->m.wo.hot_temp, o->m.wo.no_monitor,
	    isatty(STDERR_FILENO), j);
	cmd_identity(ri, j);
	memset(&noise, 0, sizeof(noise));
	noise_measure(NULL, 0, &noise);
	cmd_run_facts(ri, &noise, NULL, 0, 1);
}

int
cmd_exec(int argc, char **argv)
{
	struct exec_opts o = { .tag = "", .repeat = 3 };
	struct store *st = NULL;
	struct fmt *f = NULL;
	struct monitor_opts mo;
	struct runner_opts ro;
	struct runner_program prog;
	struct run_info ri;
	struct result r;
	struct exec_rows rows = { .n = 0 };
	size_t i;
	int rc, failed;

	measure_args_init(&o.m, "exec", EXEC_TIMEOUT);
	rc = exec_parse_args(argc, argv, &o);
	if (rc != 0) {
		if (o.have_re)
			regfree(&o.re);
		return rc < 0 ? EXIT_OK : rc;
	}
	if (!o.m.nosave && (st = store_open_db(o.m.db, 1)) == NULL) {
		if (o.have_re)
			regfree(&o.re);
		return store_open_exit();
	}
	f = fmt_new(o.m.format, stdout);
	exec_run_info(&o, argc, argv, &ri);
	if (store_make_uuid(ri.uuid, sizeof(ri.uuid)) != 0 ||
	    (st != NULL && store_run_begin(st, &ri) != 0)) {
		rc = EXIT_BENCH;
		goto out;
	}
	exec_row_init(&o, argv[optind], &r);
	memset(&mo, 0, sizeof(mo));
	mo.hot_temp = o.m.wo.hot_temp;
	mo.sample = 1;
	/* the checks before and after the repetitions: drifted */
	mo.pace_ref = &ri.system->run;
	memset(&ro, 0, sizeof(ro));
	ro.monitor = o.m.wo.no_monitor ? NULL : &mo;
	ro.run = &ri;
	memset(&prog, 0, sizeof(prog));
	prog.argv = argv + optind;
	prog.repeat = (unsigned)o.repeat;
	prog.timeout = o.m.timeout;
	prog.figure = o.have_re ? &o.re : NULL;
	runner_signals_install();	/* also stops the program */
	fmt_begin(f, &ri);
	failed = runner_exec(&ro, &prog, &r, exec_keep, &rows);
	/*
	 * The row (with supply power, the energy of one run of the program
	 * after it) stored whole with the run's one case counted, so that
	 * the run reads as complete even when its final status cannot be
	 * written; then printed.
	 */
	if (rows.n < 1 || (st != NULL && store_case_add(st, ri.id, rows.row,
	    rows.n, 1, rows.row[0].status == ST_INTERRUPTED ? -1 : 1) != 0))
		failed = 2;
	for (i = 0; i < rows.n; i++)
		fmt_result(f, &rows.row[i]);
	iso_utc_now(ri.finished, sizeof(ri.finished));
	rc = rows.n > 0 && rows.row[0].status == ST_INTERRUPTED;
	strlcpy_bb(ri.status, rc ? "interrupted" : failed == 2 ?
	    "incomplete" : "complete", sizeof(ri.status));
	rc = rc ? EXIT_INTERRUPTED : failed ? EXIT_BENCH : EXIT_OK;
	if (st != NULL && store_run_finish(st, &ri) != 0 && rc == EXIT_OK)
		rc = EXIT_BENCH;
	fmt_end(f, &ri);
	if (failed == 2)
		error("exec: the result could not be stored");
	for (i = 0; i < rows.n; i++)
		result_release(&rows.row[i]);
out:
	fmt_free(f);
	if (st != NULL)
		store_close(st);
	run_info_release(&ri);
	if (o.have_re)
		regfree(&o.re);
	return rc;
}
