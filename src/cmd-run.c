/*
 * cmd-run.c - `boardbench run`: check every input, open the store, run,
 * commit each row as it is measured, print it.
 */
#include "config.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "fmt.h"
#include "registry.h"
#include "runner.h"
#include "store.h"
#include "sysinfo.h"
#include "util.h"

static const char run_usage[] =
"usage: boardbench run [OPTIONS] [NAME|GROUP...]\n"
"\n"
"Runs benchmarks (default: every group, standard profile), commits each\n"
"result row to the store as it is measured, and prints the rows.\n"
"\n"
"  --profile P          quick | standard | full (default standard)\n"
"  -p NAME.PARAM=VALUE  set a parameter of a benchmark or a whole group,\n"
"                       e.g. -p linpack.n=500 (see 'boardbench list -l')\n"
"  --tag TEXT           label this build flag set / run\n"
"  --copies N           run N copies of each CPU benchmark at once (per-copy\n"
"                       rows and an aggregate row; at most 4 x CPUs)\n"
"  --cpu LIST           pin to these CPUs, e.g. 0 or 2-3 (copy i runs on the\n"
"                       i-th CPU of the list)\n"
"  --classic            also print the classic reports (Linpack table, ...)\n"
"  --format F           text | csv | tsv | json on stdout (default text)\n"
"  --db FILE            results store (default\n"
"                       $XDG_DATA_HOME/boardbench/results.db)\n"
"  --no-save            do not store the results\n"
"  --min-sample SEC     a sample lasts at least SEC (default 0.05)\n"
"  --budget SEC         sampling time per case (profile: 0.4 / 3 / 10)\n"
"  --warmup SEC         discarded warm-up per case (0.05 / 0.3 / 1)\n"
"  --timeout SEC        a case still running after SEC is TIMEOUT\n"
"  --no-progress        no progress line on stderr (it shows only on a\n"
"                       terminal anyway)\n"
"  -h, --help           this text\n"
"\n"
"Exit status: 0 every case ran (skips allowed), 1 a case FAILED, CRASHED,\n"
"timed out or gave a BADRESULT, 2 bad input (nothing ran), 130 interrupted\n"
"(rows already measured are kept).\n";

enum {
	OPT_PROFILE = 256, OPT_TAG, OPT_COPIES, OPT_CPU, OPT_CLASSIC,
	OPT_FORMAT, OPT_DB, OPT_NO_SAVE, OPT_MIN_SAMPLE, OPT_BUDGET,
	OPT_WARMUP, OPT_TIMEOUT, OPT_NO_PROGRESS
};

static const struct option run_options[] = {
	{ "profile", required_argument, NULL, OPT_PROFILE },
	{ "param", required_argument, NULL, 'p' },
	{ "tag", required_argument, NULL, OPT_TAG },
	{ "copies", required_argument, NULL, OPT_COPIES },
	{ "cpu", required_argument, NULL, OPT_CPU },
	{ "classic", no_argument, NULL, OPT_CLASSIC },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "db", required_argument, NULL, OPT_DB },
	{ "no-save", no_argument, NULL, OPT_NO_SAVE },
	{ "min-sample", required_argument, NULL, OPT_MIN_SAMPLE },
	{ "budget", required_argument, NULL, OPT_BUDGET },
	{ "warmup", required_argument, NULL, OPT_WARMUP },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "no-progress", no_argument, NULL, OPT_NO_PROGRESS },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

struct run_sink {
	struct store *st;
	struct fmt *fmt;
	struct run_info *ri;
	int store_failed;
};

/* Each finished row: commit it first, then print it. */
static int
sink_row(void *arg, struct result *r)
{
	struct run_sink *s = arg;

	if (s->st != NULL && !s->store_failed &&
	    store_result_add(s->st, s->ri->id, r) != 0) {
		s->store_failed = 1;
		return -1;
	}
	fmt_result(s->fmt, r);
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

int
cmd_run(int argc, char **argv)
{
	const char *profile = "standard", *format = "text", *db = NULL;
	const char *tag = "", *cpulist = NULL;
	int nosave = 0, classic = 0, noprogress = 0, c, rc, interrupted = 0;
	long long copies = 1;
	struct runner_opts ro;
	struct param_set ps;
	const struct bench_info **bl = NULL;
	size_t nb = 0;
	struct run_info ri;
	struct run_sink sink;
	json_t *j;
	char what[200];
	int full_argc = argc;
	char **full_argv = argv;

	memset(&ro, 0, sizeof(ro));
	ro.warmup = -1;
	param_set_init(&ps);
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "p:h", run_options, NULL)) != -1) {
		switch (c) {
		case OPT_PROFILE:
			profile = optarg;
			break;
		case 'p':
			if (param_set_add(&ps, optarg) != 0)
				goto usage_fail;
			break;
		case OPT_TAG:
			tag = optarg;
			if (strlen(tag) >= sizeof(ri.tag)) {
				cmd_bad_usage("run", "--tag is longer than "
				    "127 characters");
				goto usage_fail;
			}
			break;
		case OPT_COPIES:
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
		case OPT_CPU:
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
		case OPT_MIN_SAMPLE:
			if (seconds_opt("--min-sample", optarg, 0.001, 10,
			    &ro.min_sample) != 0)
				goto usage_fail;
			break;
		case OPT_BUDGET:
			if (seconds_opt("--budget", optarg, 0.01, 3600,
			    &ro.budget) != 0)
				goto usage_fail;
			break;
		case OPT_WARMUP:
			if (seconds_opt("--warmup", optarg, 0, 600,
			    &ro.warmup) != 0)
				goto usage_fail;
			break;
		case OPT_TIMEOUT:
			if (seconds_opt("--timeout", optarg, 1, 86400,
			    &ro.timeout) != 0)
				goto usage_fail;
			break;
		case OPT_NO_PROGRESS:
			noprogress = 1;
			break;
		case 'h':
			cmd_usage(stdout, run_usage);
			param_set_release(&ps);
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
	if (registry_select(argv + optind, (size_t)(argc - optind), &bl,
	    &nb) != 0)
		goto usage_fail;
	ro.params = &ps;
	ro.copies = (unsigned)copies;
	ro.progress = !noprogress && isatty(STDERR_FILENO);

	memset(&sink, 0, sizeof(sink));
	if (!nosave && (sink.st = cmd_open_store(db, 1)) == NULL)
		goto usage_fail;
	sink.fmt = fmt_new(format, stdout);
	sink.fmt->classic = classic;

	memset(&ri, 0, sizeof(ri));
	iso_utc_now(ri.started, sizeof(ri.started));
	strlcpy_bb(ri.status, "running", sizeof(ri.status));
	strlcpy_bb(ri.tag, tag, sizeof(ri.tag));
	strlcpy_bb(ri.profile, ro.profile->name, sizeof(ri.profile));
	strlcpy_bb(ri.tool_version, PACKAGE_VERSION, sizeof(ri.tool_version));
	ri.argv = join_argv(full_argc, full_argv);
	j = buildinfo_json();
	ri.build = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(j);
	j = sysinfo_json();
	ri.system = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(j);
	if (ri.build == NULL || ri.system == NULL)
		die(EXIT_BENCH, "out of memory");
	if (store_make_uuid(ri.uuid, sizeof(ri.uuid)) != 0) {
		rc = EXIT_BENCH;
		goto out;
	}
	if (sink.st != NULL && store_run_begin(sink.st, &ri) != 0) {
		rc = EXIT_BENCH;
		goto out;
	}
	sink.ri = &ri;

	runner_signals_install();
	fmt_begin(sink.fmt, &ri);
	rc = runner_run(&ro, bl, nb, sink_row, &sink, &interrupted);
	iso_utc_now(ri.finished, sizeof(ri.finished));
	strlcpy_bb(ri.status, interrupted ? "interrupted" :
	    sink.store_failed ? "incomplete" : "complete", sizeof(ri.status));
	if (sink.st != NULL && store_run_finish(sink.st, &ri) != 0)
		rc = 1;
	fmt_end(sink.fmt, &ri);
	if (sink.store_failed)
		error("run %lld stopped: a result could not be stored "
		    "(rows stored so far are kept)", (long long)ri.id);
	rc = interrupted ? EXIT_INTERRUPTED : rc ? EXIT_BENCH : EXIT_OK;
out:
	fmt_free(sink.fmt);
	if (sink.st != NULL)
		store_close(sink.st);
	run_info_release(&ri);
	free(bl);
	free(ro.cpus);
	param_set_release(&ps);
	return rc;

usage_fail:
	free(bl);
	free(ro.cpus);
	param_set_release(&ps);
	return EXIT_USAGE;
}
