/*
 * cmd-run.c - `boardbench run`: check every input, open the store, run,
 * commit each row as it is measured, print it.
 */
#include "config.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "clockcache.h"
#include "cmd.h"
#include "cmd-run.h"
#include "cpuset.h"
#include "fmt.h"
#include "monitor.h"
#include "noise.h"
#include "pair.h"
#include "registry.h"
#include "runinfo.h"
#include "runner.h"
#include "stopflag.h"
#include "store.h"
#include "sysinfo-json.h"
#include "sysinfo-show.h"
#include "util.h"

struct run_sink {
	struct store *st;
	struct fmt *fmt;
	struct run_info *ri;
	int store_failed;
	int tty;			/* stderr is a terminal */
	unsigned copies;		/* --copies */
	int begun;			/* fmt_begin called */
	struct run_sink *lead;		/* a paired build's rows: the count
					 * of cases planned is this build's */
	struct result *rows;		/* the case's rows, kept until its end */
	size_t nrows, arows;
	size_t planned;			/* cases the runner plans (lead's) */
	size_t done;			/* of them stored whole */
};

/* The plan's row names size the text columns; then the header. */
static void
hook_plan_name(void *arg, const char *bench, const char *name, int is_case)
{
	struct run_sink *s = arg;

	(void)is_case;
	fmt_size_name(s->fmt, bench, name, s->copies);
}

/* Keep a copy of a row of the case in progress. */
static void
sink_keep(struct run_sink *s, const struct result *r)
{
	if (s->nrows == s->arows) {
		s->arows = s->arows ? 2 * s->arows : 8;
		s->rows = xreallocarray(s->rows, s->arows, sizeof(*s->rows));
	}
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
 * Each finished row (the runner's: monitored, flagged, a case's energy
 * row after its own) is kept until its case ends (NULL), then the case's
 * rows are committed, then printed.
 */
static int
sink_row(void *arg, struct result *r)
{
	struct run_sink *s = arg;

	if (r == NULL)
		return sink_case_end(s, 1);
	sink_keep(s, r);
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
	struct runner_checks rc;
	char text[512];

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
	runner_checks(cpus, w->wait_idle, w->wait_max, tty, &rc);
	if (rc.governor) {
		snprintf(text, sizeof(text), "CPU governor is not 'performance': "
		    "%s; clocks may vary during the run", rc.governor_msg);
		json_array_append_new(warn, json_string(text));
	}
	if (w->wait_idle) {
		json_object_set_new(c, "waited_s", json_real(rc.waited));
		json_object_set_new(c, "idle", json_boolean(rc.idle));
	}
	if (!isnan(rc.busy)) {
		json_object_set_new(c, "busy_cores", json_real(rc.busy));
		if (rc.busy_warn) {
			snprintf(text, sizeof(text), "machine is busy: other "
			    "processes use %.2f cores%s", rc.busy,
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
	if (ri->system->clock_unset != NULL)
		warning("clock unset (%.10s): this run's dates are not real",
		    ri->system->clock_unset);
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
struct pair_build {
	json_t *build, *system;		/* its identity (--against) */
	struct run_info ri;
	struct run_sink sink;
	struct param_set params;	/* with its own -p X:... */
	int own;			/* it has some */
};

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

void
cmd_run_facts(struct run_info *ri, const struct si_run *noise,
    const char *pid, size_t build, size_t nbuilds)
{
	struct si_run *r = &ri->system->run;

	r->noise_pct = noise->noise_pct;
	r->noise_ncpus = noise->noise_ncpus;
	memcpy(r->noise_cpu, noise->noise_cpu, sizeof(r->noise_cpu));
	memcpy(r->noise_cv, noise->noise_cv, sizeof(r->noise_cv));
	memcpy(r->noise_rate, noise->noise_rate, sizeof(r->noise_rate));
	r->run_cpu = noise->run_cpu;
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

/* One run of `run`: its options, builds, benchmarks, run row and sink. */
struct run_ctx {
	struct run_args a;
	struct pair_build *pb;		/* PAIR_MAX_BUILDS, a.ntg used */
	const struct bench_info **bl;
	size_t nb;
	struct run_info ri;
	struct run_sink sink;
	struct cpuset cpuset;
	char pid[40];			/* the pairing id (--against) */
	int interrupted;
};

/*
 * What will run: each build's parameters, every other build asked who it
 * is (nothing runs when one does not answer), the benchmarks named.
 * 0 or EXIT_USAGE.
 */
static int
run_plan(struct run_ctx *x, int argc, char **argv)
{
	struct run_args *a = &x->a;
	char what[200];
	size_t b;

	if (pair_params(a->pspec, a->npspec, a->ntg, x->pb) != 0)
		return EXIT_USAGE;
	for (b = 1; b < a->ntg; b++)
		if (pair_probe(a->tg[b].exe, a->tg[b].prefix, a->tg[b].nprefix,
		    &x->pb[b].build, &x->pb[b].system, what,
		    sizeof(what)) != 0)
			return cmd_bad_usage("run", what);
	if (registry_select(argv + a->first, (size_t)(argc - a->first),
	    &x->bl, &x->nb) != 0)
		return EXIT_USAGE;
	return 0;
}

/* An --against build's run row (b > 0), from this build's. */
static int
pair_run_row(struct run_ctx *x, size_t b, const struct si_run *noise)
{
	struct pair_build *pb = x->pb;
	struct run_info *r = &pb[b].ri;

	memcpy(r->started, x->ri.started, sizeof(r->started));
	strlcpy_bb(r->status, "running", sizeof(r->status));
	strlcpy_bb(r->profile, x->ri.profile, sizeof(r->profile));
	strlcpy_bb(r->tool_version, x->ri.tool_version,
	    sizeof(r->tool_version));
	r->argv = xstrdup(x->ri.argv);
	json_object_set(pb[b].system, "run_checks",
	    json_object_get(x->ri.system_json, "run_checks"));
	run_info_identity(r, pb[b].build, pb[b].system);
	pb[b].build = pb[b].system = NULL;
	if (b < x->a.ntags)
		strlcpy_bb(r->tag, x->a.tags[b], sizeof(r->tag));
	else
		pair_tag(pb, b);
	cmd_run_facts(r, noise, x->pid, b, x->a.ntg);
	return store_make_uuid(r->uuid, sizeof(r->uuid));
}

/*
 * Before the first case: the store and the printer, the checks before
 * the run, each build's run row (identity, noise floor, tag) begun in
 * the store.  0, EXIT_USAGE (the store cannot be opened) or EXIT_BENCH.
 */
static int
run_begin(struct run_ctx *x, int argc, char **argv)
{
	struct run_args *a = &x->a;
	struct run_sink *sink = &x->sink;
	struct run_info *ri = &x->ri;
	struct si_run noise;
	size_t ci, b, npb = a->ntg;
	json_t *j;

	a->ro.params = x->pb[0].own ? &x->pb[0].params : &a->ps;
	a->ro.copies = (unsigned)a->copies;
	a->ro.processes = (unsigned)a->procs;
	a->ro.exec_self = 1;
	a->ro.progress = !a->noprogress && isatty(STDERR_FILENO);
	if (!a->m.nosave && (sink->st = store_open_db(a->m.db, 1)) == NULL)
		return store_open_exit();
	sink->fmt = fmt_new(a->m.format, stdout);
	sink->fmt->classic = a->classic;
	sink->fmt->no_headline = a->noheadline;
	sink->fmt->verbose = a->verbose;
	sink->fmt->columns = a->columns;
	sink->fmt->width = fmt_term_width(STDOUT_FILENO);
	sink->copies = a->ro.copies;

	iso_utc_now(ri->started, sizeof(ri->started));
	strlcpy_bb(ri->status, "running", sizeof(ri->status));
	strlcpy_bb(ri->tag, a->ntags > 0 ? a->tags[0] : "", sizeof(ri->tag));
	strlcpy_bb(ri->profile, a->ro.profile->name, sizeof(ri->profile));
	strlcpy_bb(ri->tool_version, PACKAGE_VERSION,
	    sizeof(ri->tool_version));
	ri->argv = join_argv(argc, argv);
	for (ci = 0; ci < a->ro.ncpus; ci++)
		cpuset_add(&x->cpuset, a->ro.cpus[ci]);
	sink->tty = isatty(STDERR_FILENO);
	j = json_object();
	run_checks(&a->m.wo, &x->cpuset, sink->tty && !a->noprogress, j);
	cmd_identity(ri, j);
	noise_measure(a->ro.cpus, a->ro.ncpus, &noise);
	/* unpinned, one build, one copy: the CPU kernels on one CPU, the
	 * fastest at the start, so that a case's processes meet one CPU
	 * (paired rounds go round the CPUs: each pair meets one) */
	if (a->ro.ncpus == 0 && a->ro.copies <= 1 && npb <= 1)
		noise.run_cpu = noise_run_cpu(&noise);
	a->ro.run_pinned = noise.run_cpu >= 0;
	a->ro.run_cpu = noise.run_cpu;
	if (store_make_uuid(ri->uuid, sizeof(ri->uuid)) != 0 ||
	    (npb > 1 && store_make_uuid(x->pid, sizeof(x->pid)) != 0))
		return EXIT_BENCH;
	cmd_run_facts(ri, &noise, npb > 1 ? x->pid : NULL, 0, npb);
	if (npb > 1 && a->ntags < 1) {
		x->pb[0].ri.build = ri->build;
		pair_tag(x->pb, 0);
		strlcpy_bb(ri->tag, x->pb[0].ri.tag, sizeof(ri->tag));
		x->pb[0].ri.build = NULL;
	}
	strlcpy_bb(x->pb[0].ri.tag, ri->tag, sizeof(x->pb[0].ri.tag));
	for (b = 1; b < npb; b++)
		if (pair_run_row(x, b, &noise) != 0)
			return EXIT_BENCH;
	if (sink->st != NULL && store_run_begin(sink->st, ri) != 0)
		return EXIT_BENCH;
	for (b = 1; b < npb; b++)
		if (store_run_begin(sink->st, &x->pb[b].ri) != 0)
			return EXIT_BENCH;
	memcpy(x->pb[0].ri.uuid, ri->uuid, sizeof(ri->uuid));
	sink->ri = ri;
	return 0;
}

/*
 * The run: the monitor's options and the sink's hooks, each paired
 * build's sink, then the runner.  runner_run's status.
 */
static int
run_measure(struct run_ctx *x)
{
	struct run_args *a = &x->a;
	struct run_sink *sink = &x->sink;
	struct pair_build *pb = x->pb;
	struct runner_build rb[PAIR_MAX_BUILDS];
	struct runner_hooks hooks;
	struct monitor_opts mo;
	struct clock_report clock;
	size_t b;
	int rc;

	memset(&mo, 0, sizeof(mo));
	mo.hot_temp = a->m.wo.hot_temp;
	mo.cpus = &x->cpuset;
	mo.sample = 1;
	mo.pace_ref = &x->ri.system->run;
	a->ro.monitor = a->m.wo.no_monitor ? NULL : &mo;
	a->ro.cool_down = a->m.wo.cool_down;
	a->ro.wait_max = a->m.wo.wait_max;
	a->ro.tty = sink->tty;
	a->ro.run = &x->ri;
	memset(&hooks, 0, sizeof(hooks));
	hooks.plan_name = hook_plan_name;
	hooks.planned = hook_planned;
	hooks.arg = sink;
	a->ro.hooks = &hooks;
	if (a->ntg > 1) {
		memset(rb, 0, sizeof(rb));
		for (b = 0; b < a->ntg; b++) {
			rb[b].exe = a->tg[b].exe;
			rb[b].prefix = a->tg[b].prefix;
			rb[b].nprefix = a->tg[b].nprefix;
			rb[b].params = pb[b].own ? &pb[b].params : NULL;
			rb[b].emulated = run_emulated(b == 0 ? &x->ri :
			    &pb[b].ri);
			rb[b].run = b == 0 ? &x->ri : &pb[b].ri;
			if (b == 0)
				continue;
			pb[b].sink.st = sink->st;
			pb[b].sink.ri = &pb[b].ri;
			pb[b].sink.copies = 1;
			pb[b].sink.lead = sink;
			rb[b].sink = sink_row;
			rb[b].arg = &pb[b].sink;
		}
		rb[0].sink = sink_row;
		rb[0].arg = sink;
		a->ro.builds = rb;
		a->ro.nbuilds = a->ntg;
	}

	runner_signals_install();
	a->ro.emulated = run_emulated(&x->ri);
	/* the measured clock for per-MHz rows, once for the whole run */
	a->ro.clock = clockcache_load(&clock) == 0 ? &clock : NULL;
	rc = runner_run(&a->ro, x->bl, x->nb, sink_row, sink, &x->interrupted);
	clockcache_report_release(&clock);
	a->ro.hooks = NULL;
	a->ro.builds = NULL;
	a->ro.clock = NULL;
	a->ro.monitor = NULL;
	a->ro.run = NULL;
	return rc;
}

/*
 * After the run: the last rows, each run row's final status, the
 * classic reports, a paired run's comparison; the exit status (rc:
 * runner_run's).
 */
static int
run_report(struct run_ctx *x, int rc)
{
	struct run_sink *sink = &x->sink;
	struct run_info *ri = &x->ri;
	struct pair_build *pb = x->pb;
	size_t b, npb = x->a.ntg;
	int finish_failed, interrupted = x->interrupted;

	/* rows no case's end took (none are expected) */
	if (!sink->begun)
		fmt_begin(sink->fmt, ri);
	sink_case_end(sink, 0);
	for (b = 1; b < npb; b++)
		sink_case_end(&pb[b].sink, 0);
	iso_utc_now(ri->finished, sizeof(ri->finished));
	strlcpy_bb(ri->status, interrupted ? "interrupted" :
	    sink->store_failed ? "incomplete" : "complete",
	    sizeof(ri->status));
	/*
	 * The final status; when it cannot be written (a full disk) the
	 * run's case counts tell readers whether it is complete, and one
	 * line says so (the other builds' would fail alike: not tried).
	 */
	finish_failed = sink->st != NULL && store_run_finish(sink->st, ri) != 0;
	for (b = 1; b < npb; b++) {
		struct run_info *r = &pb[b].ri;

		memcpy(r->finished, ri->finished, sizeof(r->finished));
		strlcpy_bb(r->status, interrupted ? "interrupted" :
		    pb[b].sink.store_failed ? "incomplete" : "complete",
		    sizeof(r->status));
		if (!finish_failed && store_run_finish(sink->st, r) != 0)
			finish_failed = 1;
		if (pb[b].sink.store_failed)
			sink->store_failed = 1;
	}
	if (finish_failed)
		rc = 1;
	fmt_end(sink->fmt, ri);
	if (npb > 1 && !interrupted && !sink->store_failed &&
	    strcmp(x->a.m.format, "text") == 0)
		pair_compare(sink->st, pb, npb, x->a.npspec > 0 &&
		    pair_any_own(pb, npb));
	if (sink->store_failed)
		error("run %lld stopped: a result could not be stored "
		    "(rows stored so far are kept)", (long long)ri->id);
	return interrupted ? EXIT_INTERRUPTED :
	    rc || sink->store_failed ? EXIT_BENCH : EXIT_OK;
}

int
cmd_run(int argc, char **argv)
{
	struct run_ctx x;
	int rc;

	memset(&x, 0, sizeof(x));
	x.pb = xcalloc(PAIR_MAX_BUILDS, sizeof(*x.pb));
	cpuset_init(&x.cpuset);
	rc = run_args_parse(&x.a, argc, argv);
	if (rc == 0)
		rc = run_args_check(&x.a);
	if (rc == 0)
		rc = run_plan(&x, argc, argv);
	if (rc == 0)
		rc = run_begin(&x, argc, argv);
	if (rc == 0)
		rc = run_report(&x, run_measure(&x));
	sink_release(&x.sink);
	fmt_free(x.sink.fmt);
	if (x.sink.st != NULL)
		store_close(x.sink.st);
	run_info_release(&x.ri);
	pair_builds_free(x.pb);
	free(x.bl);
	cpuset_release(&x.cpuset);
	run_args_release(&x.a);
	return rc < 0 ? EXIT_OK : rc;
}
