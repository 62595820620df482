/*
 * t-runner.c - the runner on the null benchmark: OK rows with statistics,
 * and each way a case can go wrong (crash, hang, bad result, failure,
 * skip) becoming a row with its status and no number; copies; a case
 * with per-process variants; the monitor's verdicts in the rows the
 * runner hands out, for run's cases and exec's program alike.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "monitor.h"
#include "perfctr.h"
#include "registry.h"
#include "runner.h"
#include "runner-int.h"
#include "sysfs.h"
#include "kat/kat.h"
#include "tap.h"
#include "util.h"

/* The monitor's options run_null_with() gives the runner (NULL: none). */
static const struct monitor_opts *null_monitor;

/*
 * Run null with mode=<mode> (and settings more, more2 unless NULL);
 * returns runner_run's value.
 */
static int
run_null_with(const char *mode, const char *more, const char *more2,
    unsigned copies,
    double timeout, double min_sample, struct kat_rows *rs)
{
	const struct bench_info *b = registry_find("null");
	struct runner_opts ro;
	struct param_set ps;
	char spec[64];
	int intr = 0, rc;

	memset(&ro, 0, sizeof(ro));
	ro.profile = profile_find("quick");
	ro.min_sample = min_sample;
	ro.budget = 0.05;
	ro.warmup = 0;
	ro.timeout = timeout;
	ro.copies = copies;
	param_set_init(&ps);
	snprintf(spec, sizeof(spec), "null.mode=%s", mode);
	if (param_set_add(&ps, spec) != 0)
		bail("cannot set %s", spec);
	if (more != NULL && param_set_add(&ps, more) != 0)
		bail("cannot set %s", more);
	if (more2 != NULL && param_set_add(&ps, more2) != 0)
		bail("cannot set %s", more2);
	ro.params = &ps;
	ro.monitor = null_monitor;
	rc = runner_run(&ro, &b, 1, kat_collect, rs, &intr);
	param_set_release(&ps);
	return rc;
}

static int
run_null(const char *mode, unsigned copies, double timeout,
    struct kat_rows *rs)
{
	return run_null_with(mode, NULL, NULL, copies, timeout, 0.005, rs);
}

/* A benchmark whose setup() fails on request; its hooks are counted. */
static int lc_setups, lc_teardowns, lc_fail;

static int
lc_plan(struct bench_ctx *ctx)
{
	return bench_add_case(ctx, "one", "op/s", BENCH_RATE, 1) ? 0 : -1;
}

static int
lc_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	lc_setups++;
	return lc_fail ? bench_fail(ctx, "failed on purpose") : 0;
}

static int
lc_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	(void)ctx;
	(void)c;
	bench_sink(iters);
	return 0;
}

static void
lc_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)ctx;
	(void)c;
	lc_teardowns++;
}

static const struct bench_info lc_info = {
	.name = "lifecycle", .group = "selftest", .unit = "op/s",
	.better = BENCH_HIGHER, .plan = lc_plan, .setup = lc_setup,
	.run = lc_run, .teardown = lc_teardown,
};

/* bench.h: teardown() follows every setup() that worked, and only those. */
static void
test_lifecycle(void)
{
	struct bench_ctx *ctx = bench_ctx_new(&lc_info, "quick", NULL);
	int vf;

	if (ctx == NULL)
		bail("lifecycle: bench_ctx_new failed");
	ok(bench_ctx_exercise(ctx, 0, 2, &vf) == 0 && lc_setups == 1 &&
	    lc_teardowns == 1, "a setup() that worked is followed by "
	    "teardown()");
	lc_fail = 1;
	ok(bench_ctx_exercise(ctx, 0, 2, &vf) != 0 && lc_setups == 2 &&
	    lc_teardowns == 1, "a failed setup() is not followed by "
	    "teardown()");
	bench_ctx_free(ctx);
}

/*
 * A CPU case with four per-process variants (bench.h), each reporting a
 * value of its own: 100 x (variant + 1), whatever the machine's speed.
 */
static int
var_plan(struct bench_ctx *ctx)
{
	struct bench_case *c = bench_add_case(ctx, "four", "op/s",
	    BENCH_REPORTED, 1);

	if (c == NULL)
		return -1;
	c->variants = 4;
	return 0;
}

static int
var_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	(void)c;
	(void)iters;
	bench_report(ctx, 100.0 * (bench_variant(ctx) + 1));
	return 0;
}

static const struct bench_info var_info = {
	.name = "variants", .group = "selftest", .unit = "op/s",
	.better = BENCH_HIGHER, .flags = BENCH_CPU, .plan = var_plan,
	.run = var_run,
};

/*
 * The runner with variants: at least as many processes as variants (a
 * multiple of them at the start), process K runs variant K mod 4 (its
 * median is proc:K), each variant's figure is an extra and the row's is
 * their geometric mean; with --processes 5, at least 8 processes.
 */
static void
test_variants(unsigned processes, unsigned least)
{
	struct kat_rows rs = { .n = 0 };
	double x, procs = 0;
	char name[32];
	size_t k, n = 0, bad = 0;
	int rc;

	rc = kat_run_processes(&var_info, NULL, 0, processes, &rs);
	is_int(rc, 0, "variants (--processes %u): a good run", processes);
	if (rs.n != 1 || rs.r[0].status != ST_OK) {
		skip(5, "no row");
		kat_rows_release(&rs);
		return;
	}
	if (result_get_extra(&rs.r[0], "processes", &x) == 0)
		procs = x;
	ok(procs >= least, "at least %u processes (%.0f)", least, procs);
	for (k = 0; k < (size_t)procs; k++) {
		snprintf(name, sizeof(name), "proc:%zu", k);
		if (result_get_extra(&rs.r[0], name, &x) != 0 ||
		    x != 100.0 * (k % 4 + 1))
			bad++;
	}
	is_int((long long)bad, 0, "process K ran variant K mod 4");
	for (k = 0; k < 4; k++) {
		snprintf(name, sizeof(name), "variant:%zu", k);
		if (result_get_extra(&rs.r[0], name, &x) == 0 &&
		    x == 100.0 * (k + 1))
			n++;
	}
	is_int((long long)n, 4, "each variant's figure is an extra");
	/* 100, 200, 300, 400: the geometric mean is 24^(1/4) x 100 */
	ok(fabs(rs.r[0].st.median - 100 * pow(24, 0.25)) < 1e-9,
	    "the figure is the geometric mean over the variants (%g)",
	    rs.r[0].st.median);
	ok(result_get_extra(&rs.r[0], "variant:fastest", &x) == 0 &&
	    x == 400 && result_get_extra(&rs.r[0], "variant:slowest", &x) == 0 &&
	    x == 100, "fastest and slowest variant");
	kat_rows_release(&rs);
}

/*
 * The rule for an unpaired CPU case's processes: its first ones, more
 * while they spread and time is left, and a third past its time when two
 * disagree beyond the noisy bound (the row's figure otherwise their
 * midpoint, flagged noisy for one disturbed process).
 */
static void
test_proc_more(void)
{
	double same[3] = { 1000, 1000, 1000 }, near[2] = { 1000, 1020 },
	    apart[2] = { 1606, 1313 }, edge[2] = { 1000, 1000 * exp(0.0676) },
	    under[2] = { 1000, 1000 * exp(0.0673) }, three[3] = { 1000, 1300,
	    1010 };
	double t = 0.01;

	ok(runner_proc_more(same, 1, 2, 6, t, 9, 0.45),
	    "processes: fewer than the first 2, another (time spent or not)");
	ok(!runner_proc_more(same, 2, 2, 6, t, 0.1, 0.45),
	    "processes: 2 that agree, none more");
	ok(runner_proc_more(near, 2, 2, 6, t, 0.1, 0.45),
	    "processes: 2 %% apart with time left: another");
	ok(!runner_proc_more(near, 2, 2, 6, t, 0.5, 0.45),
	    "processes: 2 %% apart, the time spent: none (not noisy)");
	ok(runner_proc_more(apart, 2, 2, 6, t, 0.5, 0.45),
	    "processes: 1606 and 1313 (SHA-256, one disturbed), the time "
	    "spent: a third to outvote one");
	ok(runner_proc_more(edge, 2, 2, 6, t, 0.5, 0.45) &&
	    !runner_proc_more(under, 2, 2, 6, t, 0.5, 0.45),
	    "processes: the third from a log ratio of 0.0676 (noisy's 5 %% "
	    "robust spread: 1.4826 x 0.0676 / 2), not at 0.0673");
	ok(!runner_proc_more(three, 3, 2, 6, t, 0.5, 0.45),
	    "processes: 3, the time spent: none more (one is outvoted)");
	ok(!runner_proc_more(apart, 2, 2, 2, t, 0.5, 0.45),
	    "processes: never beyond the most");
}

/*
 * The rule for a paired CPU case's rounds beyond its first: more only
 * while the interval is too wide and time is left, where time left counts
 * from whichever is longer, the case's budget for every build or what the
 * first rounds took (a quick profile's first rounds alone exceed it).
 */
static void
test_pair_more(void)
{
	double t = 0.01;	/* CV target: more while hw > 1 % */

	ok(!runner_pair_more(6, 12, NAN, t, 0.1, 0.1, 1.0),
	    "pairs: no interval yet, no more rounds");
	ok(!runner_pair_more(6, 12, 0.0099, t, 0.1, 0.1, 1.0),
	    "pairs: an interval within the target, no more rounds");
	ok(runner_pair_more(6, 12, 0.015, t, 0.1, 0.1, 1.0),
	    "pairs: a half-width of 0.015 against a target of 0.01: "
	    "another round");
	ok(runner_pair_more(6, 12, 0.03, t, 0.5, 0.5, 1.0),
	    "pairs: too wide, within the budget: another round");
	ok(!runner_pair_more(6, 12, 0.03, t, 1.0, 0.5, 1.0),
	    "pairs: too wide, the budget spent (first rounds within it): "
	    "no more");
	ok(runner_pair_more(7, 12, 0.03, t, 4.0, 3.0, 0.9),
	    "pairs: first rounds took 3 s of a 0.9 s budget: more while "
	    "under 6 s");
	ok(!runner_pair_more(9, 12, 0.03, t, 6.0, 3.0, 0.9),
	    "pairs: ... and none once as long again as the first rounds");
	ok(!runner_pair_more(12, 12, 0.03, t, 0.1, 0.1, 100),
	    "pairs: never beyond the most rounds");
}

/*
 * Paired rounds cross the variants with the CPUs: every variant meets
 * every CPU within as many of its turns as there are CPUs.
 */
static void
test_pair_cpu(void)
{
	static const size_t nv[] = { 8, 8, 8, 3, 4 }, nc[] = { 2, 3, 4, 2, 4 };
	size_t t, v, k, seen;
	int all = 1;

	for (t = 0; t < sizeof(nv) / sizeof(nv[0]); t++)
		for (v = 0; v < nv[t]; v++) {
			seen = 0;
			for (k = 0; k < nc[t]; k++)
				seen |= (size_t)1 << runner_pair_cpu(v +
				    k * nv[t], nv[t], nc[t]);
			if (seen != ((size_t)1 << nc[t]) - 1) {
				diag("%zu variants, %zu CPUs: variant %zu "
				    "met CPUs %#zx", nv[t], nc[t], v, seen);
				all = 0;
			}
		}
	ok(all, "pairs: each variant on each CPU in turn (8 on 2, 3, 4 "
	    "CPUs; 3 on 2; 4 on 4)");
	ok(runner_pair_cpu(0, 8, 2) == 0 && runner_pair_cpu(1, 8, 2) == 1 &&
	    runner_pair_cpu(8, 8, 2) == 1 && runner_pair_cpu(9, 8, 2) == 0,
	    "pairs: 8 variants on 2 CPUs: rounds 0, 1 on CPUs 0, 1; rounds "
	    "8, 9 (variants 0, 1 again) on CPUs 1, 0");
	ok(runner_pair_cpu(5, 1, 3) == 2 && runner_pair_cpu(5, 0, 3) == 2 &&
	    runner_pair_cpu(5, 8, 0) == 0,
	    "pairs: no variants: round r on CPU r mod n; no CPUs: 0");
}

/*
 * Paired rounds turn the builds' order so that every variant meets both
 * orders: an order effect is not tied to a placement.
 */
static void
test_pair_order(void)
{
	static const size_t nv[] = { 8, 4, 3, 2, 1, 0 };
	size_t t, v, first, second;
	int all = 1;

	for (t = 0; t < sizeof(nv) / sizeof(nv[0]); t++) {
		size_t n = nv[t] > 1 ? nv[t] : 1;

		for (v = 0; v < n; v++) {
			first = (size_t)runner_pair_reversed(v, nv[t]);
			second = (size_t)runner_pair_reversed(v + n, nv[t]);
			if (first == second) {
				diag("%zu variants: variant %zu in one order "
				    "in rounds %zu and %zu", nv[t], v, v, v + n);
				all = 0;
			}
		}
	}
	ok(all, "pairs: each variant in both orders over two of its turns "
	    "(8, 4, 3, 2 variants; none)");
	ok(!runner_pair_reversed(0, 8) && runner_pair_reversed(1, 8) &&
	    runner_pair_reversed(8, 8) && !runner_pair_reversed(9, 8),
	    "pairs: 8 variants: rounds 0, 1 A B then B A; rounds 8, 9 the "
	    "other way round");
	ok(!runner_pair_reversed(0, 0) && runner_pair_reversed(1, 0) &&
	    !runner_pair_reversed(2, 1), "pairs: no variants: A B, B A, "
	    "A B ...");
}

/* An accumulator of one sample: iters per sample, its cycles and ins. */
static void
acc_one(struct copy_acc *a, uint64_t iters, double cyc, double ins)
{
	memset(a, 0, sizeof(*a));
	a->iters = iters;
	a->n = 1;
	a->v = xcalloc(1, sizeof(double));
	a->secs = xcalloc(1, sizeof(double));
	a->cyc = xcalloc(1, sizeof(double));
	a->ins = xcalloc(1, sizeof(double));
	a->cyc[0] = cyc;
	a->ins[0] = ins;
}

static void
acc_free(struct copy_acc *a)
{
	free(a->v);
	free(a->secs);
	free(a->cyc);
	free(a->ins);
}

/*
 * Processes after the first run the calibrated count times 1 to 1.5,
 * at least one iteration; their counter readings are scaled to the count
 * the row reports.
 */
static void
test_vary_iters(void)
{
	struct copy_acc dst, src;
	size_t i;
	int in = 1;

	ok(runner_vary_iters(1000, 0) == 1000 &&
	    runner_vary_iters(1000, 0.5) == 1225 &&
	    runner_vary_iters(1000, 0.999999) == 1500,
	    "iterations: 1000 x 1.5^u (u 0, 0.5, 1-): 1000, 1225, 1500");
	ok(runner_vary_iters(1, 0) == 1 && runner_vary_iters(0, 0.5) == 1,
	    "iterations: at least one");
	for (i = 0; i < 1000; i++) {
		uint64_t n = runner_vary_iters(40000, (double)i / 1000);

		in &= n >= 40000 && n <= 60000;
	}
	ok(in, "iterations: 1 to 1.5 times over u in [0, 1), never fewer "
	    "than calibrated (a sample lasts at least --min-sample)");

	acc_one(&dst, 100, 200, 300);
	acc_one(&src, 150, 300, 450);
	runner_acc_append(&dst, &src);
	ok(dst.n == 2 && dst.iters == 100 && dst.cyc[1] == 200 &&
	    dst.ins[1] == 300,
	    "a process of 150 iterations appended to a row of 100: its "
	    "counts scaled by 100/150, the row's count kept");
	is_double(dst.iters_most, 1.5, 1e-12, "... and the largest count "
	    "over the row's kept (1.5)");
	acc_free(&dst);
	acc_free(&src);
}

/*
 * The runner itself varies the later processes' counts: null's spin
 * mode (1 us a call: about 5000 calls a 5 ms sample, whatever the load)
 * in 4 processes; the row says the largest later count over the
 * calibrated one, above 1 and at most 1.5.
 */
/*
 * Paired builds after the first round: counts that make every build's
 * samples last as long as the longest, and at least --min-sample.
 */
static void
test_pair_lengths(void)
{
	uint64_t a[2] = { 50000, 59000 }, b[2] = { 1000, 2000 },
	    c[3] = { 0, 4000, 7 }, d[1] = { 1 };
	double sa[2] = { 0.043, 0.059 }, sb[2] = { 0.02, 0.04 },
	    sc[3] = { 0.09, 0.06, NAN }, sd[1] = { 10 };

	runner_common_length(a, sa, 2, 0.05);
	ok(a[0] == 58140 && a[1] == 50000,
	    "pair lengths: samples of 43 and 59 ms both made 50 ms long "
	    "(50000 -> 58140 iterations, 59000 -> 50000)");
	runner_common_length(b, sb, 2, 0.05);
	ok(b[0] == 2500 && b[1] == 2500,
	    "pair lengths: both shorter than 50 ms: both made 50 ms");
	runner_common_length(c, sc, 3, 0.05);
	ok(c[0] == 0 && c[1] == 3333 && c[2] == 7,
	    "pair lengths: a build with no count or no length keeps its "
	    "count; the others are scaled");
	runner_common_length(d, sd, 1, 0.05);
	ok(d[0] == 1, "pair lengths: never fewer than one iteration");
	d[0] = 40000;
	sd[0] = 0.04;
	runner_common_length(d, sd, 1, 0.05);
	ok(d[0] == 50000, "sample length: one process's 40 ms samples made "
	    "50 ms (a calibration cut short)");
	d[0] = 1;
	sd[0] = 1e-12;
	runner_common_length(d, sd, 1, 1e9);
	ok(d[0] == 1, "pair lengths: a count past 2^64 keeps the old one");
}

static void
test_vary_runner(void)
{
	static const char *const specs[] = { "null.mode=spin", "null.ns=1000" };
	struct kat_rows rs = { .n = 0 };
	double x = 0, procs = 0;
	int rc;

	rc = kat_run_processes(registry_find("null"), specs, 2, 4, &rs);
	ok(rc == 0 && rs.n >= 1 && rs.r[0].status == ST_OK, "spin in 4 "
	    "processes: a good run");
	if (rs.n >= 1) {
		(void)result_get_extra(&rs.r[0], "processes", &procs);
		(void)result_get_extra(&rs.r[0], "iters:most", &x);
	}
	ok(procs >= 4 && x > 1, "the later processes ran varied counts, "
	    "never fewer than calibrated: the largest %.3f times the "
	    "calibrated %llu over %.0f processes", x, rs.n >= 1 ? (unsigned long long)
	    rs.r[0].iters : 0ULL, procs);
	kat_rows_release(&rs);
}

/*
 * Rows rs[0..n) carry the monitor's verdict: each one the RF_HOT flag
 * (hot 1) or not (0), and the hottest zone as mon.temp_max_c (mon 1) or
 * no mon.* extra at all (0).  1 when every row does.
 */
static int
rows_watched(const struct kat_rows *rs, int hot, int mon)
{
	double t;
	size_t i;

	for (i = 0; i < rs->n; i++) {
		if (!!(rs->r[i].flags & RF_HOT) != hot)
			return 0;
		if ((result_get_extra(&rs->r[i], "mon.temp_max_c", &t) == 0 &&
		    t == 51.121) != mon)
			return 0;
	}
	return rs->n > 0;
}

/*
 * The runner drives the monitor: given its options (a Pi 4 at 51 C),
 * the rows it hands the sink are finished, flagged hot above --hot-temp
 * and with the mon.* extras, and without it they are not; exec's program
 * (runner_exec) is watched the same way.
 */
static void
test_watch(void)
{
	struct monitor_opts mo = { .hot_temp = 50, .sample = 1 };
	struct runner_opts ro;
	struct runner_program prog;
	struct kat_rows rs = { .n = 0 };
	struct result r;
	char root[1024], *argv[] = { (char *)"true", NULL };
	const char *top = getenv("top_srcdir");

	snprintf(root, sizeof(root), "%s/tests/fixtures/rpi4",
	    top != NULL ? top : ".");
	setenv("BOARDBENCH_SYSROOT", root, 1);
	sysfs_reset();
	null_monitor = &mo;
	run_null("ok", 1, 30, &rs);
	ok(rs.n == 2 && rows_watched(&rs, 1, 1), "the runner's rows carry "
	    "the monitor's verdict: hot above --hot-temp 50, mon.temp_max_c "
	    "(%zu rows)", rs.n);
	kat_rows_release(&rs);
	mo.hot_temp = 80;
	run_null("ok", 1, 30, &rs);
	ok(rs.n == 2 && rows_watched(&rs, 0, 1), "... not hot at 80, still "
	    "watched");
	kat_rows_release(&rs);
	null_monitor = NULL;
	run_null("ok", 1, 30, &rs);
	ok(rs.n == 2 && rows_watched(&rs, 0, 0), "... and no monitor "
	    "(--no-monitor): no verdict, no mon.* extras");
	kat_rows_release(&rs);

	mo.hot_temp = 50;
	memset(&ro, 0, sizeof(ro));
	ro.monitor = &mo;
	memset(&prog, 0, sizeof(prog));
	prog.argv = argv;
	prog.repeat = 2;
	prog.timeout = 30;
	memset(&r, 0, sizeof(r));
	strlcpy_bb(r.bench, "exec", sizeof(r.bench));
	strlcpy_bb(r.case_name, "true", sizeof(r.case_name));
	strlcpy_bb(r.unit, "s", sizeof(r.unit));
	r.better = -1;
	is_int(runner_exec(&ro, &prog, &r, kat_collect, &rs), 0,
	    "exec's program through the runner: OK");
	ok(rs.n == 1 && rs.ends == 1 && rs.r[0].nsamples == 2 &&
	    rows_watched(&rs, 1, 1), "its row: 2 samples, one case's end, "
	    "hot and watched like a benchmark's");
	kat_rows_release(&rs);
	unsetenv("BOARDBENCH_SYSROOT");
	sysfs_reset();
}

int
main(void)
{
	struct kat_rows rs = { .n = 0 };
	struct perfctr pc;
	uint64_t c0, c1, i0, i1;
	char why[200];
	size_t i;
	int rc;

	rc = run_null("ok", 1, 30, &rs);
	is_int(rc, 0, "all OK: runner returns 0");
	is_int((long long)rs.n, 2, "two cases, two rows");
	ok(rs.ends == 2 && rs.end_at[0] == 1 && rs.end_at[1] == 2,
	    "each case's end follows its row (%zu ends)", rs.ends);
	is_str(result_status_name(rs.r[0].status), "OK", "first row OK");
	ok(rs.r[0].nsamples >= 5, "at least 5 samples (%zu)",
	    rs.r[0].nsamples);
	ok(rs.r[0].st.median > 0 && rs.r[0].st.min <= rs.r[0].st.median &&
	    rs.r[0].st.median <= rs.r[0].st.max, "min <= median <= max");
	ok(rs.r[0].iters >= 1, "iterations per sample recorded");
	is_str(rs.r[0].params, "mode=ok,work=1000,ns=10000,vary=0,jitter=0,"
	    "kind=rate,time,reported,phases", "canonical parameters");
	is_str(rs.r[0].unit, "op/s", "unit from the case");
	ok(isnan(rs.r[0].cycles) || rs.r[0].cycles > 0,
	    "cycles empty or positive");
	kat_rows_release(&rs);

	rc = run_null("crash", 1, 30, &rs);
	is_int(rc, 1, "a crash makes the run return 1");
	is_int((long long)rs.n, 2, "the run goes on after the crash");
	is_str(result_status_name(rs.r[0].status), "OK", "case before is OK");
	is_str(result_status_name(rs.r[1].status), "CRASHED", "crash: CRASHED");
	is_str(rs.r[1].reason, "SIGSEGV", "the signal is named");
	ok(rs.r[1].nsamples == 0 && isnan(rs.r[1].st.median),
	    "a crashed row has no number");
	kat_rows_release(&rs);

	rc = run_null("hang", 1, 2, &rs);
	is_str(result_status_name(rs.r[1].status), "TIMEOUT", "hang: TIMEOUT");
	ok(rs.r[1].nsamples == 0, "a timed-out row has no number");
	kat_rows_release(&rs);

	rc = run_null("bad", 1, 30, &rs);
	is_str(result_status_name(rs.r[1].status), "BADRESULT",
	    "failed verification: BADRESULT");
	ok(rs.r[1].nsamples == 0 && isnan(rs.r[1].st.median),
	    "a BADRESULT row has no number");
	is_str(rs.r[1].reason, "wrong on purpose", "the reason is kept");
	kat_rows_release(&rs);

	rc = run_null("fail", 1, 30, &rs);
	is_str(result_status_name(rs.r[1].status), "FAILED", "setup failure");
	kat_rows_release(&rs);

	rc = run_null("skip", 1, 30, &rs);
	is_int(rc, 0, "a skip is not a failure");
	is_int((long long)rs.ends, 2, "a skipped case ends too");
	is_str(result_status_name(rs.r[1].status), "SKIPPED", "SKIPPED row");
	is_str(rs.r[1].reason, "skipped on purpose", "with its reason");
	kat_rows_release(&rs);

	rc = run_null("ok", 2, 30, &rs);
	is_int((long long)rs.n, 6, "two copies: 2 per-copy rows + aggregate, "
	    "per case");
	ok(rs.ends == 2 && rs.end_at[0] == 3 && rs.end_at[1] == 6,
	    "a case's end follows all its copies' rows");
	ok(rs.r[0].copy == 1 && rs.r[1].copy == 2 && rs.r[2].copy == 0 &&
	    rs.r[2].copies == 2, "copy numbering: 1, 2, then 0 = aggregate");
	for (i = 0; i < 3; i++)
		is_str(result_status_name(rs.r[i].status), "OK",
		    "copy row %zu OK", i);
	kat_rows_release(&rs);

	/*
	 * copies of a known rate (sleep: 1 ms per op, 1000 op/s, no CPU
	 * needed, so copies never compete).  A sleep ends late, never early,
	 * so above the truth is impossible; below it is only a busy machine
	 * (wake-ups come late), so the rule is checked, not a figure: each
	 * copy at most 1000 op/s, the aggregate at most 2000 op/s and the
	 * copies' total, not one copy's (half of it) nor twice it
	 */
	rc = run_null_with("sleep", "null.ns=1000000", "null.kind=rate", 2, 30,
	    0.05, &rs);
	is_int(rc, 0, "sleep copies: OK");
	for (i = 0; i < 2 && rs.n >= 3; i++)
		ok(rs.r[i].st.median > 0 && rs.r[i].st.median <= 1010,
		    "copy %zu: at most 1000 op/s (%.1f)", i + 1,
		    rs.r[i].st.median);
	ok(rs.n >= 3 && rs.r[2].copy == 0 && rs.r[2].st.median > 0 &&
	    rs.r[2].st.median <= 2020, "aggregate of 2 copies: at most "
	    "2000 op/s (%.1f)", rs.n >= 3 ? rs.r[2].st.median : 0);
	/*
	 * (windows weigh a late sample by its length, medians do not: the
	 * bounds are the geometric midpoints between 1/2, 1 and 2)
	 */
	ok(rs.n >= 3 && rs.r[2].st.median / (rs.r[0].st.median +
	    rs.r[1].st.median) > 0.707 && rs.r[2].st.median /
	    (rs.r[0].st.median + rs.r[1].st.median) < 1.414, "the aggregate "
	    "is the copies' total, not one copy's nor twice it");
	kat_rows_release(&rs);

	if (perfctr_open(&pc, why, sizeof(why)) != 0) {
		ok(strlen(why) > 0, "counters unavailable, and why: %s", why);
		skip(1, "no hardware counters here");
	} else {
		volatile unsigned x = 0;

		perfctr_read(&pc, &c0, &i0);
		for (i = 0; i < 1000000; i++)
			x += (unsigned)i;
		perfctr_read(&pc, &c1, &i1);
		ok(c1 > c0, "cycles count up");
		ok(i1 - i0 >= 1000000, "at least one instruction per loop");
		perfctr_close(&pc);
	}
	test_lifecycle();
	test_variants(0, 4);
	test_variants(5, 8);
	test_vary_runner();
	test_pair_more();
	test_proc_more();
	test_pair_cpu();
	test_pair_order();
	test_vary_iters();
	test_pair_lengths();
	test_watch();
	return done_testing();
}
