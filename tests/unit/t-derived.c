/*
 * t-derived.c - the runner's derived rows (bench.h, struct
 * bench_derived): a scale, a per-MHz figure with a known clock and with
 * none, cycles from the clock and from the counter, per copy; the rows
 * of a case made from two others (BENCH_SERIAL, Linpack's average), on
 * made-up rows: always between its parts; and a row's statistics over its
 * processes, with and without variants.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "runner.h"
#include "runner-int.h"
#include "stats.h"
#include "tap.h"

static void
fresh(struct result *r)
{
	result_release(r);
	memset(r, 0, sizeof(*r));
	r->cycles = r->instructions = NAN;
}

/* An OK row of bench linpack, case cname, with samples v[0..n). */
static void
part(struct result *r, const char *cname, const char *unit, int better,
    const double *v, size_t n)
{
	fresh(r);
	snprintf(r->bench, sizeof(r->bench), "linpack");
	snprintf(r->case_name, sizeof(r->case_name), "%s", cname);
	snprintf(r->unit, sizeof(r->unit), "%s", unit);
	r->better = better;
	r->copies = 1;
	r->status = ST_OK;
	result_set_samples(r, v, n);
}

/* Is x between a and b (either order)? */
static int
between(double x, double a, double b)
{
	return a < b ? x >= a && x <= b : x >= b && x <= a;
}

/*
 * Linpack's average from the rolled and unrolled rows (issue 27: a
 * separately measured average read 2474.4 MFLOPS above rolled 1613.7 and
 * unrolled 1784.5): the harmonic mean of their figures, flags, totals.
 */
static void
check_serial(void)
{
	const double w = 686666.0 + 2.0 / 3.0;
	const double rolled[3] = { 1590e6, 1613.7e6, 1650e6 };
	const double unrolled[3] = { 1784.5e6, 1700e6, 1900e6 };
	/* index by index these pairs would give an average outside */
	const double anti_a[3] = { 1e6, 10e6, 5e6 }, anti_b[3] = { 10e6, 1e6,
	    5e6 };
	const double procs_a[3] = { 1600e6, 1613.7e6, 1620e6 };
	const double procs_b[3] = { 1790e6, 1784.5e6, 1770e6 };
	const double cost_a[2] = { 2.0, 2.0 }, cost_b[2] = { 4.0, 4.0 };
	const double even_a[2] = { 2.0, 6.0 }, even_b[2] = { 1.0, 100.0 };
	struct result a, b, r;
	double x, u[3];

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	memset(&r, 0, sizeof(r));
	part(&a, "double-rolled", "flop/s", BENCH_HIGHER, rolled, 3);
	part(&b, "double-unrolled", "flop/s", BENCH_HIGHER, unrolled, 3);
	a.flags |= RF_BUSY;
	b.flags |= RF_PREEMPTED;
	result_add_extra(&a, "phase:dgefa", 0.9);
	result_add_extra(&b, "phase:dgefa", 0.8);
	result_add_extra(&a, "iters", 700);
	result_add_extra(&b, "iters", 800);
	result_add_extra(&a, "resid", 1.5);
	result_add_extra(&b, "resid", 1.7);
	result_add_extra(&a, "mon.temp_max_c", 60);
	result_add_extra(&b, "mon.temp_max_c", 61);
	fresh(&r);
	runner_serial_fill(&r, &a, w, &b, w);
	ok(r.status == ST_OK && strcmp(r.unit, "flop/s") == 0 &&
	    r.better == BENCH_HIGHER, "both OK: OK, in their unit");
	is_double(r.st.median, 2 / (1 / 1613.7e6 + 1 / 1784.5e6), 1e-3,
	    "the value is the harmonic mean of theirs (the classic's "
	    "2 ops / (t_rolled + t_unrolled))");
	ok(between(r.st.median, a.st.median, b.st.median), "between rolled "
	    "%.1f and unrolled %.1f: %.1f", a.st.median / 1e6,
	    b.st.median / 1e6, r.st.median / 1e6);
	ok(r.nsamples == 3 && between(r.samples[0], 1590e6, 1784.5e6) &&
	    between(r.samples[2], 1650e6, 1900e6), "its samples pair theirs "
	    "in order (the spread)");
	ok((r.flags & (RF_BUSY | RF_PREEMPTED)) == (RF_BUSY | RF_PREEMPTED),
	    "it carries both rows' flags");
	ok(result_get_extra(&r, "phase:dgefa", &x) == 0 &&
	    fabs(x - 1.7) < 1e-12 && result_get_extra(&r, "iters", &x) == 0 &&
	    x == 1500, "phase times and iterations add up");
	ok(result_get_extra(&r, "resid", &x) == 0 && x == 1.7,
	    "a residual: the larger");
	ok(result_get_extra(&r, "mon.temp_max_c", &x) != 0,
	    "no monitor reading of one part");

	/* samples whose pairs' median, 1.8, lies outside */
	part(&a, "double-rolled", "flop/s", BENCH_HIGHER, anti_a, 3);
	part(&b, "double-unrolled", "flop/s", BENCH_HIGHER, anti_b, 3);
	fresh(&r);
	runner_serial_fill(&r, &a, w, &b, w);
	ok(r.status == ST_OK && fabs(r.st.median - 5e6) < 1e-3,
	    "anti-correlated samples: still between (%g)", r.st.median);

	/* an even count: the figure is still theirs combined, exactly */
	part(&a, "double-rolled", "flop/s", BENCH_HIGHER, even_a, 2);
	part(&b, "double-unrolled", "flop/s", BENCH_HIGHER, even_b, 2);
	fresh(&r);
	runner_serial_fill(&r, &a, w, &b, w);
	is_double(r.st.median, 2 / (1 / a.st.median + 1 / b.st.median),
	    1e-9, "two samples each: the harmonic mean of their medians "
	    "(%g and %g)", a.st.median, b.st.median);

	/* several processes: the figure from theirs, units paired */
	part(&a, "double-rolled", "flop/s", BENCH_HIGHER, rolled, 3);
	part(&b, "double-unrolled", "flop/s", BENCH_HIGHER, unrolled, 3);
	result_set_units(&a, RESULT_PROC_EXTRA, procs_a, 3);
	result_set_units(&b, RESULT_PROC_EXTRA, procs_b, 3);
	a.st.median = 1613.7e6;
	b.st.median = 1784.5e6;
	fresh(&r);
	runner_serial_fill(&r, &a, w, &b, w);
	ok(result_units(&r, RESULT_PROC_EXTRA, u, 3) == 3 &&
	    between(u[0], 1600e6, 1790e6) && between(u[2], 1620e6, 1770e6),
	    "process medians paired in order (process K with process K)");
	ok(between(r.st.median, 1613.7e6, 1784.5e6), "the figure between "
	    "theirs: %.1f", r.st.median / 1e6);

	/* unequal work, and a cost per unit (lower is better) */
	part(&a, "x", "cycle/B", BENCH_LOWER, cost_a, 2);
	part(&b, "y", "cycle/B", BENCH_LOWER, cost_b, 2);
	fresh(&r);
	runner_serial_fill(&r, &a, 1, &b, 3);
	is_double(r.st.median, 3.5, 1e-12, "costs: weighted by work, "
	    "(1 x 2 + 3 x 4) / 4");
	is_int(r.better, BENCH_LOWER, "lower is better, as theirs");
	part(&a, "x", "flop/s", BENCH_HIGHER, cost_a, 2);
	part(&b, "y", "flop/s", BENCH_HIGHER, cost_b, 2);
	fresh(&r);
	runner_serial_fill(&r, &a, 1, &b, 3);
	is_double(r.st.median, 4.0 / (1 / 2.0 + 3 / 4.0), 1e-12, "rates: all "
	    "the work over all the time");

	/* a part without a figure */
	fresh(&b);
	snprintf(b.case_name, sizeof(b.case_name), "double-unrolled");
	b.status = ST_SKIPPED;
	b.flags = RF_NOCLOCK;
	snprintf(b.reason, sizeof(b.reason), "CPU clock unknown");
	fresh(&r);
	runner_serial_fill(&r, &a, w, &b, w);
	ok(r.status == ST_SKIPPED && (r.flags & RF_NOCLOCK) &&
	    strcmp(r.reason, "CPU clock unknown") == 0 && r.nsamples == 0,
	    "a part SKIPPED for want of a clock: SKIPPED the same way");
	b.status = ST_FAILED;
	b.flags = 0;
	fresh(&r);
	runner_serial_fill(&r, &a, w, &b, w);
	ok(r.status == ST_SKIPPED && strcmp(r.reason, "no figure: "
	    "double-unrolled is FAILED") == 0, "a part FAILED: no figure, "
	    "and why: %s", r.reason);
	result_release(&a);
	result_release(&b);
	result_release(&r);
}

/*
 * noisy, for a row of one process: its samples' robust spread about
 * their median (cv:within), so one disturbed sample of three (iperf3's
 * three runs on this VM: 16.8 of 21 Gbit/s) does not flag the figure,
 * their median, which it did not move; five that spread evenly do.  A
 * row run in processes is judged on theirs instead.
 */
static void
test_noisy(void)
{
	static const double burst3[] = { 21.009e9, 21.179e9, 16.776e9 };
	static const double spread5[] = { 2539.6, 2072.9, 2202.6, 1840.9,
	    1889.2 };
	static const double pm[3] = { 100, 101, 99 };
	struct result r;
	double x;

	memset(&r, 0, sizeof(r));
	part(&r, "up", "bit/s", BENCH_HIGHER, burst3, 3);
	x = result_get_extra(&r, "cv:within", &x) == 0 ? x : NAN;
	ok(!(r.flags & RF_NOISY) && x < 0.02, "one disturbed sample of "
	    "three: not noisy (cv:within %.4f, the CV column %.3f)", x,
	    r.st.cv);
	result_release(&r);
	part(&r, "seq-read", "B/s", BENCH_HIGHER, spread5, 5);
	x = result_get_extra(&r, "cv:within", &x) == 0 ? x : NAN;
	ok((r.flags & RF_NOISY) && x > 0.05, "five that spread: noisy "
	    "(cv:within %.3f)", x);
	/* the same samples from three steady processes */
	runner_row_procs(&r, pm, 3, 0);
	x = result_get_extra(&r, "cv:within", &x) == 0 ? x : NAN;
	ok(!(r.flags & RF_NOISY) && x < 0.02, "in processes: judged on "
	    "theirs (cv:within %.4f)", x);
	result_release(&r);
}

/*
 * runner_row_procs: six processes, four variants (process K runs variant
 * K mod 4), so variants 0 and 1 have two processes and 2 and 3 one: the
 * median over the variants' medians (11, 21, 30, 1000: 25.5) is not the
 * median over the processes (21).
 */
static void
test_procs(void)
{
	static const double pm[6] = { 10, 20, 30, 1000, 12, 22 };
	static const double vm[4] = { 11, 21, 30, 1000 };
	struct result r;
	struct stats ps;
	double x;
	char name[32];
	size_t k, n;

	stats_compute(&ps, pm, 6);
	memset(&r, 0, sizeof(r));
	fresh(&r);
	r.better = BENCH_HIGHER;
	runner_row_procs(&r, pm, 6, 0);
	ok(r.st.median == 21, "no variants: the median over processes");
	ok(result_get_extra(&r, "variant:0", &x) != 0 &&
	    result_get_extra(&r, "variant:fastest", &x) != 0,
	    "no variants: no variants' extras");
	ok(result_get_extra(&r, "proc:5", &x) == 0 && x == 22,
	    "each process's median kept (proc:K)");

	fresh(&r);
	r.better = BENCH_HIGHER;
	runner_row_procs(&r, pm, 6, 4);
	ok(fabs(r.st.median / stats_geomean(vm, 4) - 1) < 1e-12,
	    "four variants: the geometric mean of the variants' "
	    "medians (%g)", r.st.median);
	for (k = 0, n = 0; k < 4; k++) {
		snprintf(name, sizeof(name), "variant:%zu", k);
		n += result_get_extra(&r, name, &x) == 0 && x == vm[k];
	}
	is_int((long long)n, 4, "each variant's median over its processes "
	    "(variant:K)");
	ok(r.st.cv == ps.sdcv && r.st.mean == ps.mean,
	    "CV and mean over all processes: the variants' spread is in it");
	ok(r.flags & RF_NOISY, "processes 10 %% apart within their variant: "
	    "noisy");
	ok(!(r.flags & RF_LAYOUT), "variants at 11, 21, 30 and 1000: no two "
	    "groups of two apart");
	ok(result_get_extra(&r, "variant:fastest", &x) == 0 && x == 1000 &&
	    result_get_extra(&r, "variant:slowest", &x) == 0 && x == 11,
	    "higher is better: fastest the highest, slowest the lowest");

	fresh(&r);
	r.better = BENCH_LOWER;
	runner_row_procs(&r, pm, 6, 4);
	ok(result_get_extra(&r, "variant:fastest", &x) == 0 && x == 11 &&
	    result_get_extra(&r, "variant:slowest", &x) == 0 && x == 1000,
	    "lower is better: fastest the lowest");

	fresh(&r);
	r.better = BENCH_HIGHER;
	runner_row_procs(&r, pm, 6, 8);
	ok(fabs(r.st.median / stats_geomean(pm, 6) - 1) < 1e-12 &&
	    result_get_extra(&r, "variant:5", &x) == 0 &&
	    result_get_extra(&r, "variant:6", &x) != 0, "eight variants, six "
	    "processes: the six that ran, none for the others");
	result_release(&r);
}

/*
 * Linpack's average of two placement cases: its variant:K are each
 * placement's own average of rolled and unrolled (not the larger of the
 * two, as the parts' other extras), and its figure the average of the
 * two figures, always between them.
 */
static void
test_serial_variants(void)
{
	const double w = 1000;
	double ra[8], ua[8], x, y, z, vm[8];
	char name[32];
	size_t k, good = 0;
	struct result a, b, r;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	memset(&r, 0, sizeof(r));
	for (k = 0; k < 8; k++) {
		ra[k] = (k % 2 ? 4000 : 2500) * 1e6;
		ua[k] = (3000 + 100 * (double)k) * 1e6;
	}
	part(&a, "double-rolled", "flop/s", BENCH_HIGHER, ra, 8);
	runner_row_procs(&a, ra, 8, 8);
	part(&b, "double-unrolled", "flop/s", BENCH_HIGHER, ua, 8);
	runner_row_procs(&b, ua, 8, 8);
	fresh(&r);
	runner_serial_fill(&r, &a, w, &b, w);
	for (k = 0; k < 8; k++) {
		snprintf(name, sizeof(name), "variant:%zu", k);
		/* the harmonic mean of the two rates, equal work each */
		vm[k] = 2 / (1 / ra[k] + 1 / ua[k]);
		if (result_get_extra(&r, name, &x) == 0 &&
		    fabs(x / vm[k] - 1) < 1e-12)
			good++;
	}
	is_int((long long)good, 8, "average: variant:K is placement K's "
	    "own average of rolled and unrolled");
	ok(fabs(r.st.median / (2 / (1 / a.st.median + 1 / b.st.median)) -
	    1) < 1e-12 && between(r.st.median, a.st.median, b.st.median),
	    "average: the figure is the average of the two figures, between "
	    "them (%.1f)", r.st.median / 1e6);
	ok(result_get_extra(&r, "variant:fastest", &x) == 0 &&
	    result_get_extra(&r, "variant:slowest", &y) == 0 &&
	    result_get_extra(&r, "variant:7", &z) == 0 && x == z &&
	    y == vm[0], "average: its own fastest and slowest placement");
	result_release(&a);
	result_release(&b);
	result_release(&r);
}

/*
 * Placements in two groups, each placement's processes close together:
 * layout, not noisy; the same spread as noise (processes apart within
 * their placement): noisy.  Plain processes: one disturbed process of
 * three is not noise, two of four apart are.
 */
static void
test_layout(void)
{
	/* 8 placements, 2 processes each (process k runs placement k % 8) */
	double pm[16], three[3] = { 100, 101, 60 }, four[4] = { 100, 80, 100,
	    80 }, x, vm[8];
	struct result r;
	size_t k;

	for (k = 0; k < 16; k++)
		pm[k] = (k % 8 < 4 ? 4000 : 2500) * (k < 8 ? 1.0 : 1.01);
	memset(&r, 0, sizeof(r));
	fresh(&r);
	r.better = BENCH_HIGHER;
	runner_row_procs(&r, pm, 16, 8);
	for (k = 0; k < 8; k++)
		vm[k] = pm[k] * 1.005;
	ok(fabs(r.st.median / stats_geomean(vm, 8) - 1) < 1e-9,
	    "two groups of placements: the figure is their geometric mean "
	    "(%.1f), no placement's speed", r.st.median);
	ok(r.flags & RF_LAYOUT, "4000 and 2500 with 1 %% within: layout");
	ok(result_get_extra(&r, "layout:spread", &x) == 0 &&
	    fabs(x - (4040.0 / 2525 - 1)) < 1e-9, "layout:spread is slowest "
	    "to fastest (%.3f)", x);
	ok(!(r.flags & RF_NOISY), "1 %% apart within a placement: not noisy");
	ok(result_get_extra(&r, "cv:within", &x) == 0 && x < 0.01,
	    "cv:within is the spread within placements (%.4f)", x);

	/* the same placements' figures, their processes 30 % apart */
	for (k = 0; k < 16; k++)
		pm[k] = (k % 8 < 4 ? 4000 : 2500) * (k < 8 ? 1.0 : 1.3);
	fresh(&r);
	r.better = BENCH_HIGHER;
	runner_row_procs(&r, pm, 16, 8);
	ok(r.flags & RF_NOISY, "30 %% apart within a placement: noisy");
	ok(!(r.flags & RF_LAYOUT), "... and no groups beyond that noise");

	/* one group only: 8 placements 1 % apart */
	for (k = 0; k < 16; k++)
		pm[k] = 3000 * (1 + 0.01 * (double)(k % 8));
	fresh(&r);
	r.better = BENCH_HIGHER;
	runner_row_procs(&r, pm, 16, 8);
	ok(!(r.flags & (RF_LAYOUT | RF_NOISY)), "placements 1 %% apart, "
	    "each repeated exactly: neither layout nor noisy");

	fresh(&r);
	r.better = BENCH_HIGHER;
	runner_row_procs(&r, three, 3, 0);
	ok(!(r.flags & RF_NOISY), "one disturbed process of three (100, "
	    "101, 60): not noisy");
	fresh(&r);
	r.better = BENCH_HIGHER;
	runner_row_procs(&r, four, 4, 0);
	ok(r.flags & RF_NOISY, "processes at 100, 80, 100, 80: noisy");
	result_release(&r);
}

int
main(void)
{
	static const struct bench_derived dmips = {
		.name = "dmips", .unit = "DMIPS", .how = BENCH_D_SCALE,
		.scale = 1.0 / 1757 };
	static const struct bench_derived permhz = {
		.name = "dmips-per-mhz", .unit = "DMIPS/MHz",
		.how = BENCH_D_PER_MHZ, .scale = 1.0 / 1757 };
	static const struct bench_derived cpb = {
		.name = "cycles-per-byte", .unit = "cycle/B",
		.how = BENCH_D_CYCLES, .scale = 1 };
	static const struct bench_derived cpblock = {
		.name = "cycles-per-block", .unit = "cycle",
		.how = BENCH_D_CYCLES, .scale = 0 };
	struct bench_case rate = { .kind = BENCH_RATE, .better = BENCH_HIGHER,
	    .work = 1000 };
	struct bench_case lat = { .kind = BENCH_TIME, .better = BENCH_LOWER,
	    .work = 1 };
	const double v[3] = { 1757e3, 3514e3, 5271e3 };
	const double bps[2] = { 2e9, 2e9 }, cyc[2] = { 1.5, 1.5 };
	const double secs[1] = { 2e-6 };
	struct result r;
	double x;
	size_t i;
	int rc;

	memset(&r, 0, sizeof(r));
	fresh(&r);
	rc = runner_derived_fill(&r, &dmips, &rate, v, NULL, 3, 1, 0, NULL);
	ok(rc == 0 && r.status == ST_OK, "a scaled row needs no clock");
	is_str(r.unit, "DMIPS", "its unit");
	ok(r.nsamples == 3 && r.samples[0] == 1000 && r.samples[2] == 3000 &&
	    r.st.median == 2000, "value * scale, sample by sample");
	for (i = 0; i < r.nextra; i++)
		if (strncmp(r.extra[i].name, "clock:", 6) == 0)
			break;
	ok(i == r.nextra, "no clock named");

	fresh(&r);
	rc = runner_derived_fill(&r, &permhz, &rate, v, NULL, 3, 1, 1000,
	    "cpufreq");
	ok(rc == 0 && r.status == ST_OK, "per MHz with a known clock");
	is_double(r.st.median, 2.0, 1e-12, "2000 DMIPS at 1000 MHz: 2 "
	    "DMIPS/MHz");
	ok(result_get_extra(&r, "clock:cpufreq", &x) == 0 && x == 1000,
	    "the row names the clock it used");
	is_int(r.better, BENCH_HIGHER, "higher is better, as the case");
	ok(!(r.flags & RF_NOCLOCK), "not flagged");

	fresh(&r);
	rc = runner_derived_fill(&r, &permhz, &rate, v, NULL, 3, 2, 500,
	    "measured");
	ok(rc == 0 && fabs(r.st.median - 2.0) < 1e-12 &&
	    result_get_extra(&r, "clock:measured", &x) == 0 && x == 500,
	    "two copies: per copy, 1000 DMIPS each at 500 MHz");

	fresh(&r);
	rc = runner_derived_fill(&r, &permhz, &rate, v, NULL, 3, 1, 0, NULL);
	ok(rc == -1 && r.status == ST_SKIPPED, "clock unknown: SKIPPED");
	ok(r.flags & RF_NOCLOCK, "flagged noclock");
	ok(r.nsamples == 0 && strstr(r.reason, "clock") != NULL,
	    "no number, and why: %s", r.reason);
	ok(strstr(r.reason, "--measure-clock") != NULL,
	    "and how to get a clock (--measure-clock)");

	fresh(&r);
	rc = runner_derived_fill(&r, &cpb, &rate, bps, NULL, 2, 1, 3000,
	    "cpufreq");
	ok(rc == 0 && fabs(r.st.median - 1.5) < 1e-12,
	    "cycles per byte from the clock: 3 GHz / 2 GB/s = 1.5");
	is_int(r.better, BENCH_LOWER, "fewer cycles are better");
	ok(result_get_extra(&r, "clock:cpufreq", &x) == 0, "names the clock");

	fresh(&r);
	rc = runner_derived_fill(&r, &cpblock, &rate, bps, NULL, 2, 1, 3000,
	    "cpufreq");
	ok(rc == 0 && fabs(r.st.median - 1500) < 1e-9,
	    "scale 0: per iteration (1000 bytes): 1500 cycles");

	fresh(&r);
	rc = runner_derived_fill(&r, &cpb, &rate, bps, cyc, 2, 1, 0, NULL);
	ok(rc == 0 && r.status == ST_OK && fabs(r.st.median - 1.5) < 1e-12,
	    "cycles from the counter need no clock");
	ok(result_get_extra(&r, "clock:counter", &x) == 0 &&
	    fabs(x - 3000) < 1e-6, "and give the clock they imply: %g MHz",
	    x);

	fresh(&r);
	rc = runner_derived_fill(&r, &cpb, &rate, bps, NULL, 2, 1, 0, NULL);
	ok(rc == -1 && r.status == ST_SKIPPED && (r.flags & RF_NOCLOCK),
	    "no counter and no clock: SKIPPED, noclock");

	fresh(&r);
	rc = runner_derived_fill(&r, &cpb, &lat, secs, NULL, 1, 1, 1000,
	    "cpufreq");
	ok(rc == 0 && fabs(r.st.median - 2000) < 1e-6,
	    "a time per op: 2 us at 1000 MHz is 2000 cycles");
	result_release(&r);
	check_serial();
	test_noisy();
	test_procs();
	test_layout();
	test_serial_variants();
	ok(!runner_preempted(1, 40) && !runner_preempted(10, 40) &&
	    runner_preempted(11, 40) && runner_preempted(1, 3),
	    "preempted: more than a quarter of the samples (11 of 40, not "
	    "10; 1 of 3)");
	return done_testing();
}
