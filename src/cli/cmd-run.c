/*
 * cmd-run.c - `boardbench run`: check every input, open the store, run,
 * commit each row as it is measured, print it.
 */
#include "config.h"

#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "clockcache.h"
#include "cmd.h"
#include "cmd-opt.h"
#include "cpuset.h"
#include "fmt.h"
#include "monitor.h"
#include "noise.h"
#include "pair.h"
#include "registry.h"
#include "runner.h"
#include "stopflag.h"
#include "store.h"
#include "sysinfo-json.h"
#include "sysinfo-show.h"
#include "util.h"

enum {
	O_PROFILE = OPT_OWN, O_AGAINST, O_PREFIX, O_COPIES, O_PROCESSES,
	O_NO_ASLR, O_CPU, O_MIN_SAMPLE, O_BUDGET, O_WARMUP, O_NO_PROGRESS,
	O_COOL_DOWN, O_WAIT_IDLE, O_WAIT_MAX
};

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
	    "own, and the comparison with 95 %% intervals from\n"
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
	    "1 to 20); value = median over processes, CV = spread\n"
	    "between them; up to 3 x N while they disagree; a\n"
	    "case with variants (dhrystone's 8 code placements)\n"
	    "runs at least as many, value = median over them" },
	{ "no-aslr", 0, CMD_OPT_NOARG, NULL, O_NO_ASLR,
	    "measuring processes run without address space\n"
	    "randomisation (reproducible A/B work; recorded with\n"
	    "the row as the extra no-aslr)" },
	{ "cpu", 0, CMD_OPT_ARG, "LIST", O_CPU,
	    "pin to these CPUs, e.g. 0 or 2-3 (copy i runs on the\n"
	    "i-th CPU of the list)" },
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
	{ "cool-down", 0, CMD_OPT_ARG, "C", O_COOL_DOWN,
	    "before each benchmark wait until the SoC is below\n"
	    "C degrees (20 to 110)" },
	{ "wait-idle", 0, CMD_OPT_NOARG, NULL, O_WAIT_IDLE,
	    "before starting, wait until other processes use\n"
	    "less than 5 % of a core" },
	{ "wait-max", 0, CMD_OPT_ARG, "SEC", O_WAIT_MAX,
	    "longest wait for --wait-idle and --cool-down\n"
	    "(default 600)" },
	CMD_OPT_MEASURE_CLOCK(
	    "measure each cluster's clock first (kept until\n"
	    "reboot; used for per-MHz figures)"),
	CMD_OPT_NO_MONITOR(
	    "no sampling: rows get no throttled/hot/busy flags,\n"
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

struct run_sink {
	struct store *st;
	struct fmt *fmt;
	struct run_info *ri;
	int store_failed;
	struct monitor *mon;		/* NULL with --no-monitor */
	struct monitor_summary sum;	/* of the case whose rows come next */
	double cool_down, wait_max;	/* --cool-down (0: off), --wait-max */
	int tty;			/* stderr is a terminal */
	unsigned copies;		/* --copies */
	int no_sensor_said;		/* --cool-down without a sensor: told */
	int begun;			/* fmt_begin called */
	char cname[96];		/* the case whose rows come next */
	struct run_sink *lead;		/* a paired build's rows: the monitor
					 * and case of this build's sink */
	struct result *rows;		/* the case's rows, kept until its end */
	size_t nrows, arows;
	size_t planned;			/* cases the runner plans (lead's) */
	size_t done;			/* of them stored whole */
};

/* Monitoring options and what the checks before the run found. */
struct watch_opts {
	double hot_temp, cool_down, wait_max;
	int wait_idle, measure_clock, no_monitor;
};

/* Before each case: cool down before a new benchmark, start watching. */
static void
hook_case_begin(void *arg, const struct bench_info *b, size_t ci,
    const char *cname)
{
	struct run_sink *s = arg;
	double waited, t;
	int rc;

	strlcpy_bb(s->cname, cname, sizeof(s->cname));
	if (ci == 0 && s->cool_down > 0) {
		t = monitor_soc_temp();
		if (s->tty && !isnan(t) && t >= s->cool_down)
			fprintf(stderr, "\r\033[Kcooling down before '%s': "
			    "%.1f C, waiting for < %.0f C\n", b->name, t,
			    s->cool_down);
		rc = monitor_cool_down(s->cool_down, s->wait_max, &waited, &t);
		if (rc == 1 && !s->no_sensor_said) {
			s->no_sensor_said = 1;
			warning("--cool-down: no SoC temperature sensor on this "
			    "machine; not waiting");
		}
		if (rc < 0 && s->tty)
			warning("still %.1f C after %.0f s of --cool-down; "
			    "running '%s' anyway", t, waited, b->name);
	}
	monitor_case_begin(s->mon);
}

/* After each case: what the monitor saw, for the case's rows. */
static void
hook_case_end(void *arg)
{
	struct run_sink *s = arg;

	monitor_case_end(s->mon, &s->sum);
}

/*
 * Before rows made from earlier rows (Linpack's average): no monitor
 * summary is theirs, and no energy row follows them.
 */
static void
hook_case_combined(void *arg)
{
	struct run_sink *s = arg;

	s->sum.valid = 0;
	s->cname[0] = '\0';
}

/*
 * The plan's row names size the text columns (with a power sensor, each
 * case's energy row too); then the header.
 */
static void
hook_plan_name(void *arg, const char *bench, const char *name, int is_case)
{
	struct run_sink *s = arg;
	char e[200];

	fmt_size_name(s->fmt, bench, name, s->copies);
	if (is_case && monitor_has_power(s->mon)) {
		bufprintf(e, sizeof(e), "%s/energy", name);
		fmt_size_name(s->fmt, bench, e, s->copies);
	}
}

/* Keep a copy of a row of the case in progress (r itself with own). */
static void
sink_keep(struct run_sink *s, struct result *r, int own)
{
	if (s->nrows == s->arows) {
		s->arows = s->arows ? 2 * s->arows : 8;
		s->rows = xreallocarray(s->rows, s->arows, sizeof(*s->rows));
	}
	if (own)
		s->rows[s->nrows++] = *r;
	else
		result_copy(&s->rows[s->nrows++], r);
}

/*
 * A case's rows are all in: commit them whole, with the run's count of
 * cases stored (a case a SIGINT or SIGTERM cut short is not counted),
 * then print them; -1 when the store failed (they are not printed).
 * counted: 0 for rows that are no case's end (after the run).
 */
static int
sink_case_end(struct run_sink *s, int counted)
{
	struct run_sink *m = s->lead != NULL ? s->lead : s;
	size_t i;
	int rc = 0;

	counted = counted && !stopflag_requested();
	if (s->st != NULL && !s->store_failed && (s->nrows > 0 || counted) &&
	    store_case_add(s->st, s->ri->id, s->rows, s->nrows,
	    (int64_t)m->planned, counted ? (int64_t)s->done + 1 : -1) != 0) {
		s->store_failed = 1;
		rc = -1;
	} else if (counted)
		s->done++;
	for (i = 0; i < s->nrows; i++) {
		if (rc == 0 && s->fmt != NULL)
			fmt_result(s->fmt, &s->rows[i]);
		result_release(&s->rows[i]);
	}
	s->nrows = 0;
	return rc;
}

static void
sink_release(struct run_sink *s)
{
	result_free_rows(s->rows, s->nrows);
	s->rows = NULL;
	s->nrows = s->arows = 0;
}

static void
hook_planned(void *arg, size_t ncases)
{
	struct run_sink *s = arg;

	s->planned = ncases;
	fmt_begin(s->fmt, s->ri);
	s->begun = 1;
}

/*
 * Each finished row is kept until its case ends (NULL), then the case's
 * rows are committed, then printed; a case's own row with supply power
 * is followed by its energy row.
 */
static int
sink_row(void *arg, struct result *r)
{
	struct run_sink *s = arg, *m = s->lead != NULL ? s->lead : s;
	struct result e;

	if (r == NULL)
		return sink_case_end(s, 1);
	if (m->mon != NULL)
		monitor_apply(&m->sum, r);
	monitor_run_flags(s->ri, r);
	sink_keep(s, r, 0);
	if (m->mon != NULL && strcmp(r->case_name, m->cname) == 0 &&
	    monitor_energy_row(r, &e) == 0)
		sink_keep(s, &e, 1);
	return 0;
}

/* A seconds option: a number in (lo, hi]. */
static int
seconds_opt(const char *name, const char *v, double lo, double hi,
    double *out)
{
	char what[160];

	if (parse_double(v, out) != 0 || *out < lo || *out > hi) {
		snprintf(what, sizeof(what), "bad %s '%s' (allowed: %g to %g "
		    "seconds)", name, v, lo, hi);
		return cmd_bad_usage("run", what);
	}
	return 0;
}

/* A temperature option: degrees C in [lo, hi]. */
static int
temp_opt(const char *name, const char *v, double lo, double hi, double *out)
{
	char what[160];

	if (parse_double(v, out) != 0 || !(*out >= lo && *out <= hi)) {
		snprintf(what, sizeof(what), "bad %s '%s' (allowed: %g to %g "
		    "degrees C)", name, v, lo, hi);
		return cmd_bad_usage("run", what);
	}
	return 0;
}

/*
 * Before the run: measure the clock when asked, warn about the governor
 * and a busy machine (on a terminal, like progress), wait for idle when
 * asked.  What was found goes into the snapshot as "run_checks".
 */
static void
run_checks(const struct watch_opts *w, const struct cpuset *cpus, int tty,
    json_t *sys)
{
	json_t *c = json_object(), *warn = json_array();
	struct clock_report clk;
	char msg[400], text[512];
	double busy = NAN, waited = 0;
	int rc;

	if (w->measure_clock) {
		if (tty)
			fprintf(stderr, "measuring the clock of each "
			    "cluster...\n");
		clock_measure_all(&clk);
		clockcache_save(&clk);
		json_object_set_new(sys, "clock_measurement",
		    clockcache_report_json(&clk));
		clockcache_report_release(&clk);
	}
	if (monitor_governor_check(cpus, msg, sizeof(msg))) {
		snprintf(text, sizeof(text), "CPU governor is not 'performance': "
		    "%s; clocks may vary during the run", msg);
		json_array_append_new(warn, json_string(text));
	}
	if (w->wait_idle) {
		if (tty)
			fprintf(stderr, "waiting for the machine to become "
			    "idle (at most %.0f s)...\n", w->wait_max);
		rc = monitor_wait_idle(w->wait_max, &waited, &busy);
		json_object_set_new(c, "waited_s", json_real(waited));
		json_object_set_new(c, "idle", json_boolean(rc == 0));
	} else if (tty)
		busy = monitor_busy_probe(0.2);
	if (!isnan(busy)) {
		json_object_set_new(c, "busy_cores", json_real(busy));
		if (busy > MONITOR_BUSY_CORES + 0.1) {
			snprintf(text, sizeof(text), "machine is busy: other "
			    "processes use %.2f cores%s", busy,
			    w->wait_idle ? " (after --wait-idle)" :
			    "; try --wait-idle");
			json_array_append_new(warn, json_string(text));
		}
	}
	json_object_set_new(c, "monitor", json_boolean(!w->no_monitor));
	json_object_set_new(c, "hot_temp_c", json_real(w->hot_temp));
	if (w->cool_down > 0)
		json_object_set_new(c, "cool_down_c", json_real(w->cool_down));
	if (tty) {
		size_t i;
		json_t *e;

		json_array_foreach(warn, i, e)
			warning("%s", json_string_value(e));
	}
	json_object_set_new(c, "warnings", warn);
	json_object_set_new(sys, "run_checks", c);
}

static char *
join_argv(int argc, char **argv)
{
	struct strbuf sb;
	int i;

	strbuf_init(&sb);
	strbuf_addf(&sb, "boardbench");
	for (i = 0; i < argc; i++)
		strbuf_addf(&sb, " %s", argv[i]);
	return strbuf_detach(&sb);
}

void
cmd_run_checks(double hot_temp, int no_monitor, int tty, json_t *sys)
{
	struct watch_opts w = { .hot_temp = hot_temp, .wait_max = 600,
	    .no_monitor = no_monitor };

	run_checks(&w, NULL, tty, sys);
}

void
cmd_identity(struct run_info *ri, json_t *checks)
{
	json_t *sys;

	ri->build = xmalloc(sizeof(*ri->build));
	buildinfo_get(ri->build);
	ri->build_json = json_sorted(buildinfo_to_json(ri->build));
	ri->system = xmalloc(sizeof(*ri->system));
	sysinfo_probe(ri->system);
	sys = sysinfo_to_json(ri->system);
	if (json_object_update(sys, checks) != 0)
		die(EXIT_BENCH, "out of memory");
	json_decref(checks);
	ri->system_json = json_sorted(sys);
}

char *
cmd_join_argv(int argc, char **argv)
{
	return join_argv(argc, argv);
}

/* One build of a paired run: this one (0) or an --against build. */
#define PAIR_PREFIX_MAX	32
struct pair_build {
	const char *exe;		/* NULL: this program */
	char *words;			/* --prefix, owned, cut at spaces */
	char *prefix[PAIR_PREFIX_MAX];
	size_t nprefix;
	json_t *build, *system;		/* its identity (--against) */
	struct run_info ri;
	struct run_sink sink;
	struct param_set params;	/* with its own -p X:... */
	int own;			/* it has some */
};

/* A -p setting: for every build (-1) or for one (-p B:...). */
struct pspec {
	int build;
	const char *text;
};
#define MAX_PSPECS	256

/*
 * Each build's parameters: the settings for all, in order, with its own
 * (-p X:...) among them; a letter past the builds is bad usage.
 */
static int
pair_params(const struct pspec *ps, size_t n, size_t npb,
    struct pair_build *pb)
{
	char what[160];
	size_t i, b;

	for (i = 0; i < n; i++)
		if (ps[i].build >= 0 && (size_t)ps[i].build >= npb) {
			bufprintf(what, sizeof(what), "-p %c:%.60s: there is "
			    "no build %c (A is this build, B the first "
			    "--against, ...)", 'A' + ps[i].build, ps[i].text,
			    'A' + ps[i].build);
			return cmd_bad_usage("run", what);
		}
	for (b = 0; b < npb; b++) {
		param_set_init(&pb[b].params);
		for (i = 0; i < n; i++) {
			if (ps[i].build >= 0 && (size_t)ps[i].build != b)
				continue;
			if (param_set_add(&pb[b].params, ps[i].text) != 0)
				return EXIT_USAGE;
			if (ps[i].build >= 0)
				pb[b].own = 1;
		}
	}
	return 0;
}

static int
pair_any_own(const struct pair_build *pb, size_t n)
{
	size_t b;

	for (b = 0; b < n; b++)
		if (pb[b].own)
			return 1;
	return 0;
}

/* --prefix WORDS: split at spaces and tabs, no quoting, no shell. */
static int
prefix_opt(struct pair_build *b, const char *arg)
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

/*
 * A run's own facts into its snapshot, struct and object: the noise
 * floor measured at the start and, paired, the session and the build.
 */
static void
run_facts(struct run_info *ri, const struct si_run *noise, const char *pid,
    size_t build, size_t nbuilds)
{
	struct si_run *r = &ri->system->run;

	r->noise_pct = noise->noise_pct;
	r->noise_ncpus = noise->noise_ncpus;
	memcpy(r->noise_cpu, noise->noise_cpu, sizeof(r->noise_cpu));
	memcpy(r->noise_cv, noise->noise_cv, sizeof(r->noise_cv));
	if (pid != NULL) {
		free(r->pair_id);
		r->pair_id = xstrdup(pid);
		r->pair_build = (long long)build;
		r->pair_builds = (long long)nbuilds;
	}
	sysinfo_run_to_json(r, ri->system_json);
	ri->system_json = json_sorted(ri->system_json);
}

/*
 * A paired build's tag when --tag gave none: its compiler and -O level
 * ("gcc 12.2.0 -O2"), numbered when an earlier build has the same.
 */
static void
pair_tag(struct pair_build *pb, size_t b)
{
	char label[256], *bar;
	size_t k, same = 1;

	buildinfo_label(pb[b].ri.build, NULL, label, sizeof(label));
	if ((bar = strstr(label, " | ")) != NULL)
		*bar = '\0';
	for (k = 0; k < b; k++)
		if (strncmp(pb[k].ri.tag, label, strlen(label)) == 0)
			same++;
	if (same > 1)
		bufprintf(pb[b].ri.tag, sizeof(pb[b].ri.tag), "%.100s (%zu)",
		    label, same);
	else
		strlcpy_bb(pb[b].ri.tag, label, sizeof(pb[b].ri.tag));
}

static void
pair_builds_free(struct pair_build *pb)
{
	size_t b;

	for (b = 0; b < PAIR_MAX_BUILDS; b++) {
		free(pb[b].words);
		param_set_release(&pb[b].params);
		json_decref(pb[b].build);
		json_decref(pb[b].system);
		run_info_release(&pb[b].ri);
		sink_release(&pb[b].sink);
	}
	free(pb);
}

/*
 * After a paired run, on the text view: the builds compared from their
 * pairs, as `boardbench compare` prints it.
 */
static void
pair_compare(struct store *st, struct pair_build *pb, size_t n,
    int ignore_params)
{
	char *av[PAIR_MAX_BUILDS + 5];
	size_t b;
	int ac = 0;

	av[ac++] = (char *)"compare";
	av[ac++] = (char *)"--db";
	av[ac++] = (char *)store_path(st);
	if (ignore_params)
		av[ac++] = (char *)"--ignore-params";
	for (b = 0; b < n; b++)
		av[ac++] = pb[b].ri.uuid;
	av[ac] = NULL;
	printf("\n== paired comparison (boardbench compare");
	for (b = 0; b < n; b++)
		printf(" %.8s", pb[b].ri.uuid);
	printf(")\n");
	fflush(stdout);
	cmd_compare(ac, av);
}

int
cmd_run(int argc, char **argv)
{
	const char *profile = "standard", *format = "text", *db = NULL;
	const char *tag = "", *cpulist = NULL;
	int nosave = 0, classic = 0, noheadline = 0, noprogress = 0, c, rc, interrupted = 0;
	int verbose = 0;
	long long copies = 1, procs = 0;
	struct runner_opts ro;
	struct clock_report clock;
	struct param_set ps;
	const struct bench_info **bl = NULL;
	size_t nb = 0;
	struct run_info ri;
	struct run_sink sink;
	json_t *j;
	char what[200];
	int full_argc = argc;
	char **full_argv = argv;
	struct watch_opts wo = { .hot_temp = MONITOR_HOT_DEFAULT,
	    .wait_max = 600 };
	struct monitor_opts mo;
	struct runner_hooks hooks;
	struct cpuset cpuset;
	int finish_failed;
	size_t ci, b, npb = 1, ntags = 0;
	unsigned columns = 0;
	struct pair_build *pb = xcalloc(PAIR_MAX_BUILDS, sizeof(*pb));
	struct runner_build rb[PAIR_MAX_BUILDS];
	const char *tags[PAIR_MAX_BUILDS];
	struct si_run noise;
	char pid[40];
	struct pspec pspec[MAX_PSPECS];
	size_t npspec = 0;
	struct param_set scratch;
	struct cmd_getopt g;

	memset(&ro, 0, sizeof(ro));
	cpuset_init(&cpuset);
	param_set_init(&scratch);
	ro.warmup = -1;
	param_set_init(&ps);
	cmd_opt_start(&g, &cmd_run_opts);
	while ((c = cmd_opt_next(&g, argc, argv)) != -1) {
		if (c == 'p' && npspec == MAX_PSPECS) {
			cmd_bad_usage("run", "more than 256 -p settings");
			goto usage_fail;
		}
		switch (c) {
		case O_PROFILE:
			profile = optarg;
			break;
		case 'p':
			if (optarg[0] >= 'A' && optarg[0] <= 'Z' &&
			    optarg[1] == ':') {
				/* -p B:NAME.PARAM=VALUE: one build's own */
				if (param_set_add(&scratch, optarg + 2) != 0)
					goto usage_fail;
				pspec[npspec].build = optarg[0] - 'A';
				pspec[npspec++].text = optarg + 2;
				break;
			}
			if (param_set_add(&ps, optarg) != 0)
				goto usage_fail;
			if (npspec < MAX_PSPECS) {
				pspec[npspec].build = -1;
				pspec[npspec++].text = optarg;
			}
			break;
		case OPT_TAG:
			tag = optarg;
			if (strlen(tag) >= sizeof(ri.tag)) {
				cmd_bad_usage("run", "--tag is longer than "
				    "127 characters");
				goto usage_fail;
			}
			if (ntags == PAIR_MAX_BUILDS) {
				cmd_bad_usage("run", "more --tag than builds");
				goto usage_fail;
			}
			tags[ntags++] = optarg;
			break;
		case O_AGAINST:
			if (npb == PAIR_MAX_BUILDS) {
				cmd_bad_usage("run", "more than 8 --against "
				    "builds");
				goto usage_fail;
			}
			pb[npb++].exe = optarg;
			break;
		case O_PREFIX:
			if (prefix_opt(&pb[npb - 1], optarg) != 0)
				goto usage_fail;
			break;
		case O_COPIES:
			if (parse_ll(optarg, &copies) != 0 || copies < 1 ||
			    copies > 4LL * cpu_online_count()) {
				snprintf(what, sizeof(what), "bad --copies '%s' "
				    "(allowed: 1 to %d, 4 x the %d online CPUs)",
				    optarg, 4 * cpu_online_count(),
				    cpu_online_count());
				cmd_bad_usage("run", what);
				goto usage_fail;
			}
			break;
		case O_CPU:
			cpulist = optarg;
			break;
		case OPT_CLASSIC:
			classic = 1;
			break;
		case OPT_FORMAT:
			format = optarg;
			break;
		case OPT_DB:
			db = optarg;
			break;
		case OPT_NO_SAVE:
			nosave = 1;
			break;
		case O_MIN_SAMPLE:
			if (seconds_opt("--min-sample", optarg, 0.001, 10,
			    &ro.min_sample) != 0)
				goto usage_fail;
			break;
		case O_BUDGET:
			if (seconds_opt("--budget", optarg, 0.01, 3600,
			    &ro.budget) != 0)
				goto usage_fail;
			break;
		case O_WARMUP:
			if (seconds_opt("--warmup", optarg, 0, 600,
			    &ro.warmup) != 0)
				goto usage_fail;
			break;
		case OPT_TIMEOUT:
			if (seconds_opt("--timeout", optarg, 1, 86400,
			    &ro.timeout) != 0)
				goto usage_fail;
			break;
		case O_NO_PROGRESS:
			noprogress = 1;
			break;
		case OPT_HOT_TEMP:
			if (temp_opt("--hot-temp", optarg, 30, 130,
			    &wo.hot_temp) != 0)
				goto usage_fail;
			break;
		case O_COOL_DOWN:
			if (temp_opt("--cool-down", optarg, 20, 110,
			    &wo.cool_down) != 0)
				goto usage_fail;
			break;
		case O_WAIT_IDLE:
			wo.wait_idle = 1;
			break;
		case O_WAIT_MAX:
			if (seconds_opt("--wait-max", optarg, 1, 86400,
			    &wo.wait_max) != 0)
				goto usage_fail;
			break;
		case OPT_MEASURE_CLOCK:
			wo.measure_clock = 1;
			break;
		case OPT_NO_MONITOR:
			wo.no_monitor = 1;
			break;
		case O_PROCESSES:
			if (parse_ll(optarg, &procs) != 0 || procs < 1 ||
			    procs > 20) {
				snprintf(what, sizeof(what), "bad --processes "
				    "'%s' (allowed: 1 to 20)", optarg);
				cmd_bad_usage("run", what);
				goto usage_fail;
			}
			break;
		case O_NO_ASLR:
			ro.no_aslr = 1;
			break;
		case OPT_VERBOSE:
			verbose = 1;
			break;
		case OPT_NO_HEADLINE:
			noheadline = 1;
			break;
		case OPT_COLUMNS:
			if (cmd_columns_opt("run", optarg, &columns) != 0)
				goto usage_fail;
			break;
		case 'h':
			cmd_opt_usage(stdout, &cmd_run_opts);
			param_set_release(&ps);
			param_set_release(&scratch);
			pair_builds_free(pb);
			return EXIT_OK;
		default:
			cmd_getopt_error("run", argc, argv, optopt);
			goto usage_fail;
		}
	}
	if ((ro.profile = profile_find(profile)) == NULL) {
		snprintf(what, sizeof(what), "unknown profile '%s' (allowed: "
		    "quick, standard, full)", profile);
		cmd_bad_usage("run", what);
		goto usage_fail;
	}
	if (!fmt_known(format)) {
		snprintf(what, sizeof(what), "unknown format '%s' (allowed: "
		    "%s)", format, fmt_names);
		cmd_bad_usage("run", what);
		goto usage_fail;
	}
	if (nosave && db != NULL) {
		cmd_bad_usage("run", "--db and --no-save contradict each "
		    "other");
		goto usage_fail;
	}
	if (cpulist != NULL && cpu_list_parse(cpulist, &ro.cpus, &ro.ncpus))
		goto usage_fail;
	tag = ntags > 0 ? tags[0] : "";
	if (npb == 1 && pb[0].nprefix > 0) {
		cmd_bad_usage("run", "--prefix goes with --against (to run "
		    "this build alone under a command, start it under it)");
		goto usage_fail;
	}
	if (npb > 1 && (nosave || copies > 1 || ntags > npb)) {
		cmd_bad_usage("run", nosave ? "--against keeps each build's "
		    "rows as a run in the store: not with --no-save" :
		    copies > 1 ? "--against and --copies contradict each "
		    "other (pairs are single processes)" : "more --tag than "
		    "builds (one for this build, one per --against)");
		goto usage_fail;
	}
	if (pair_params(pspec, npspec, npb, pb) != 0)
		goto usage_fail;
	/* every other build answers first: nothing runs otherwise */
	for (b = 1; b < npb; b++)
		if (pair_probe(pb[b].exe, pb[b].prefix, pb[b].nprefix,
		    &pb[b].build, &pb[b].system, what, sizeof(what)) != 0) {
			cmd_bad_usage("run", what);
			goto usage_fail;
		}
	if (registry_select(argv + optind, (size_t)(argc - optind), &bl,
	    &nb) != 0)
		goto usage_fail;
	ro.params = pb[0].own ? &pb[0].params : &ps;
	ro.copies = (unsigned)copies;
	ro.processes = (unsigned)procs;
	ro.exec_self = 1;
	ro.progress = !noprogress && isatty(STDERR_FILENO);

	memset(&sink, 0, sizeof(sink));
	if (!nosave && (sink.st = cmd_open_store(db, 1)) == NULL)
		goto usage_fail;
	sink.fmt = fmt_new(format, stdout);
	sink.fmt->classic = classic;
	sink.fmt->no_headline = noheadline;
	sink.fmt->verbose = verbose;
	sink.fmt->columns = columns;
	sink.fmt->width = fmt_term_width(STDOUT_FILENO);
	sink.copies = ro.copies;

	memset(&ri, 0, sizeof(ri));
	iso_utc_now(ri.started, sizeof(ri.started));
	strlcpy_bb(ri.status, "running", sizeof(ri.status));
	strlcpy_bb(ri.tag, tag, sizeof(ri.tag));
	strlcpy_bb(ri.profile, ro.profile->name, sizeof(ri.profile));
	strlcpy_bb(ri.tool_version, PACKAGE_VERSION, sizeof(ri.tool_version));
	ri.argv = join_argv(full_argc, full_argv);
	for (ci = 0; ci < ro.ncpus; ci++)
		cpuset_add(&cpuset, ro.cpus[ci]);
	sink.tty = isatty(STDERR_FILENO);
	j = json_object();
	run_checks(&wo, &cpuset, sink.tty && !noprogress, j);
	cmd_identity(&ri, j);
	noise_measure(ro.cpus, ro.ncpus, &noise);
	if (store_make_uuid(ri.uuid, sizeof(ri.uuid)) != 0 ||
	    (npb > 1 && store_make_uuid(pid, sizeof(pid)) != 0)) {
		rc = EXIT_BENCH;
		goto out;
	}
	run_facts(&ri, &noise, npb > 1 ? pid : NULL, 0, npb);
	if (npb > 1 && ntags < 1) {
		pb[0].ri.build = ri.build;
		pair_tag(pb, 0);
		strlcpy_bb(ri.tag, pb[0].ri.tag, sizeof(ri.tag));
		pb[0].ri.build = NULL;
	}
	strlcpy_bb(pb[0].ri.tag, ri.tag, sizeof(pb[0].ri.tag));
	for (b = 1; b < npb; b++) {
		struct run_info *r = &pb[b].ri;

		memcpy(r->started, ri.started, sizeof(r->started));
		strlcpy_bb(r->status, "running", sizeof(r->status));
		strlcpy_bb(r->profile, ri.profile, sizeof(r->profile));
		strlcpy_bb(r->tool_version, ri.tool_version,
		    sizeof(r->tool_version));
		r->argv = xstrdup(ri.argv);
		json_object_set(pb[b].system, "run_checks",
		    json_object_get(ri.system_json, "run_checks"));
		run_info_identity(r, pb[b].build, pb[b].system);
		pb[b].build = pb[b].system = NULL;
		if (b < ntags)
			strlcpy_bb(r->tag, tags[b], sizeof(r->tag));
		else
			pair_tag(pb, b);
		run_facts(r, &noise, pid, b, npb);
		if (store_make_uuid(r->uuid, sizeof(r->uuid)) != 0) {
			rc = EXIT_BENCH;
			goto out;
		}
	}
	if (sink.st != NULL && store_run_begin(sink.st, &ri) != 0) {
		rc = EXIT_BENCH;
		goto out;
	}
	for (b = 1; b < npb; b++)
		if (store_run_begin(sink.st, &pb[b].ri) != 0) {
			rc = EXIT_BENCH;
			goto out;
		}
	memcpy(pb[0].ri.uuid, ri.uuid, sizeof(ri.uuid));
	sink.ri = &ri;
	if (!wo.no_monitor) {
		memset(&mo, 0, sizeof(mo));
		mo.hot_temp = wo.hot_temp;
		mo.cpus = &cpuset;
		mo.sample = 1;
		sink.mon = monitor_new(&mo);
	}
	sink.cool_down = wo.cool_down;
	sink.wait_max = wo.wait_max;
	memset(&hooks, 0, sizeof(hooks));
	hooks.case_begin = hook_case_begin;
	hooks.case_end = hook_case_end;
	hooks.case_combined = hook_case_combined;
	hooks.plan_name = hook_plan_name;
	hooks.planned = hook_planned;
	hooks.arg = &sink;
	ro.hooks = &hooks;
	if (npb > 1) {
		memset(rb, 0, sizeof(rb));
		for (b = 0; b < npb; b++) {
			rb[b].exe = pb[b].exe;
			rb[b].prefix = pb[b].prefix;
			rb[b].nprefix = pb[b].nprefix;
			rb[b].params = pb[b].own ? &pb[b].params : NULL;
			if (b == 0)
				continue;
			pb[b].sink.st = sink.st;
			pb[b].sink.ri = &pb[b].ri;
			pb[b].sink.copies = 1;
			pb[b].sink.lead = &sink;
			rb[b].sink = sink_row;
			rb[b].arg = &pb[b].sink;
		}
		rb[0].sink = sink_row;
		rb[0].arg = &sink;
		ro.builds = rb;
		ro.nbuilds = npb;
	}

	runner_signals_install();
	/* the measured clock for per-MHz rows, once for the whole run */
	ro.clock = clockcache_load(&clock) == 0 ? &clock : NULL;
	rc = runner_run(&ro, bl, nb, sink_row, &sink, &interrupted);
	clockcache_report_release(&clock);
	/* rows no case's end took (none are expected) */
	if (!sink.begun)
		fmt_begin(sink.fmt, &ri);
	sink_case_end(&sink, 0);
	for (b = 1; b < npb; b++)
		sink_case_end(&pb[b].sink, 0);
	iso_utc_now(ri.finished, sizeof(ri.finished));
	strlcpy_bb(ri.status, interrupted ? "interrupted" :
	    sink.store_failed ? "incomplete" : "complete", sizeof(ri.status));
	/*
	 * The final status; when it cannot be written (a full disk) the
	 * run's case counts tell readers whether it is complete, and one
	 * line says so (the other builds' would fail alike: not tried).
	 */
	finish_failed = sink.st != NULL && store_run_finish(sink.st, &ri) != 0;
	for (b = 1; b < npb; b++) {
		struct run_info *r = &pb[b].ri;

		memcpy(r->finished, ri.finished, sizeof(r->finished));
		strlcpy_bb(r->status, interrupted ? "interrupted" :
		    pb[b].sink.store_failed ? "incomplete" : "complete",
		    sizeof(r->status));
		if (!finish_failed && store_run_finish(sink.st, r) != 0)
			finish_failed = 1;
		if (pb[b].sink.store_failed)
			sink.store_failed = 1;
	}
	if (finish_failed)
		rc = 1;
	fmt_end(sink.fmt, &ri);
	if (npb > 1 && !interrupted && !sink.store_failed &&
	    strcmp(format, "text") == 0)
		pair_compare(sink.st, pb, npb, npspec > 0 &&
		    pair_any_own(pb, npb));
	if (sink.store_failed)
		error("run %lld stopped: a result could not be stored "
		    "(rows stored so far are kept)", (long long)ri.id);
	rc = interrupted ? EXIT_INTERRUPTED :
	    rc || sink.store_failed ? EXIT_BENCH : EXIT_OK;
out:
	monitor_free(sink.mon);
	sink_release(&sink);
	fmt_free(sink.fmt);
	if (sink.st != NULL)
		store_close(sink.st);
	run_info_release(&ri);
	pair_builds_free(pb);
	param_set_release(&scratch);
	free(bl);
	free(ro.cpus);
	cpuset_release(&cpuset);
	param_set_release(&ps);
	return rc;

usage_fail:
	pair_builds_free(pb);
	param_set_release(&scratch);
	free(bl);
	free(ro.cpus);
	param_set_release(&ps);
	return EXIT_USAGE;
}
