/*
 * t-derived.c - the runner's derived rows (bench.h, struct
 * bench_derived): a scale, a per-MHz figure with a known clock and with
 * none, cycles from the clock and from the counter, per copy; a row's
 * statistics over its processes, with and without variants.
 */
#include "config.h"

#include <math.h>
#include <string.h>

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
	ok(r.st.median == 25.5, "four variants: the median of the variants' "
	    "medians (%g)", r.st.median);
	for (k = 0, n = 0; k < 4; k++) {
		snprintf(name, sizeof(name), "variant:%zu", k);
		n += result_get_extra(&r, name, &x) == 0 && x == vm[k];
	}
	is_int((long long)n, 4, "each variant's median over its processes "
	    "(variant:K)");
	ok(r.st.cv == ps.sdcv && r.st.mean == ps.mean,
	    "CV and mean over all processes: the variants' spread is in it");
	ok(r.flags & RF_NOISY, "a spread above 5 %%: noisy");
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
	ok(r.st.median == 21 && result_get_extra(&r, "variant:5", &x) == 0 &&
	    result_get_extra(&r, "variant:6", &x) != 0, "eight variants, six "
	    "processes: the six that ran, none for the others");
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
	int rc;

	memset(&r, 0, sizeof(r));
	fresh(&r);
	rc = runner_derived_fill(&r, &dmips, &rate, v, NULL, 3, 1, 0, NULL);
	ok(rc == 0 && r.status == ST_OK, "a scaled row needs no clock");
	is_str(r.unit, "DMIPS", "its unit");
	ok(r.nsamples == 3 && r.samples[0] == 1000 && r.samples[2] == 3000 &&
	    r.st.median == 2000, "value * scale, sample by sample");
	ok(r.nextra == 0, "no clock named");

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
	test_procs();
	return done_testing();
}
