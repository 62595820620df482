/*
 * t-dhrystone.c - known answers for Dhrystone: the end-of-run values of
 * every variable after 1, 2 and many runs, in every copy of the kernel,
 * verify() failing on a corrupted value; the copies' code placements
 * (their offsets modulo 64 bytes, read from the functions' addresses);
 * the copy each placement setting runs; and through the runner: a
 * BADRESULT row without a number, the derived DMIPS rows of a good run,
 * the figure as the median over placements, and one placement when
 * fixed.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpu-dhrystone.h"
#include "registry.h"
#include "runner.h"
#include "runner-int.h"
#include "kat.h"
#include "stats.h"
#include "tap.h"

extern const struct bench_info bench_dhrystone_info;

/* The address of code at fn, as an integer (the Thumb bit included). */
#define ADDR(fn) ((uintptr_t)(fn))

/*
 * Every copy's code where bench/cpu/cpu-dhrystone.h says: each unit's code
 * begins at its offset 16 x K modulo 128 (PLACE_PAD_OF), and the hot
 * functions (the main loop, Proc_8) lie at the same distance from it in
 * every copy, so they sit at copy 0's offset plus the copy's, modulo 128:
 * every copy a layout of its own.
 */
static void
test_placements(void)
{
	const struct dhry_copy *c0 = dhry_copies[0], *c;
	unsigned k, seen[PLACE_OFFSETS] = { 0 }, want, loop0, p80;
	int same;

	loop0 = place_code_offset(ADDR(c0->loop));
	p80 = place_code_offset(ADDR(c0->proc_8));
	diag("copy 0: main loop at %u, Proc_8 at %u modulo %d", loop0, p80,
	    PLACE_ALIGN);
	for (k = 0; k < PLACE_COPIES; k++) {
		c = dhry_copies[k];
		want = PLACE_PAD_OF(k);
		is_int(c->pad, want, "copy %u: its pad is %u bytes", k, want);
		ok(place_code_offset(ADDR(c->code_1)) == want &&
		    place_code_offset(ADDR(c->code_2)) == want,
		    "copy %u: both units' code begins at %u modulo 128 "
		    "(%u, %u)", k, want, place_code_offset(ADDR(c->code_1)),
		    place_code_offset(ADDR(c->code_2)));
		same = ADDR(c->loop) - ADDR(c->code_1) ==
		    ADDR(c0->loop) - ADDR(c0->code_1) &&
		    ADDR(c->proc_8) - ADDR(c->code_2) ==
		    ADDR(c0->proc_8) - ADDR(c0->code_2) &&
		    ADDR(c->loop) > ADDR(c->code_1) &&
		    ADDR(c->loop) - ADDR(c->code_1) < 4096;
		ok(same, "copy %u: its code has copy 0's layout", k);
		is_int(place_code_offset(ADDR(c->loop)),
		    (loop0 + want) % PLACE_ALIGN, "copy %u: main loop at %u "
		    "modulo 128", k, (loop0 + want) % PLACE_ALIGN);
		is_int(place_code_offset(ADDR(c->proc_8)),
		    (p80 + want) % PLACE_ALIGN, "copy %u: Proc_8 at %u modulo "
		    "128", k, (p80 + want) % PLACE_ALIGN);
		seen[place_code_offset(ADDR(c->loop)) / PLACE_STEP]++;
	}
	for (k = 0; k < PLACE_OFFSETS; k++)
		is_int(seen[k], PLACE_COPIES / PLACE_OFFSETS, "offset %u: the "
		    "main loop of %d copy", k * PLACE_STEP,
		    PLACE_COPIES / PLACE_OFFSETS);
}

static int
run_dhry(struct kat_rows *rs)
{
	const struct bench_info *b = &bench_dhrystone_info;
	struct runner_opts ro;
	int intr = 0;

	memset(&ro, 0, sizeof(ro));
	ro.profile = profile_find("quick");
	ro.min_sample = 0.002;
	ro.budget = 0.02;
	ro.warmup = 0;
	ro.timeout = 30;
	ro.copies = 1;
	return runner_run(&ro, &b, 1, kat_collect, rs, &intr);
}

int
main(void)
{
	static const uint64_t runs[] = { 1, 2, 3, 1000, 100000 };
	static const uint64_t placement_runs[] = { 1, 2, 1000 };
	struct bench_ctx *ctx;
	struct kat_rows rs = { .n = 0 };
	double v;
	size_t i;
	int vf, rc;

	ctx = bench_ctx_new(&bench_dhrystone_info, "quick", NULL);
	if (ctx == NULL)
		bail("bench_ctx_new failed");
	is_int((long long)ctx->ncases, 1, "one case");
	is_str(ctx->cases[0].name, "v2.1", "case v2.1");
	is_str(ctx->cases[0].unit, "dhry/s", "unit dhry/s");
	is_int(ctx->cases[0].variants, PLACE_COPIES, "by default every "
	    "placement: %d variants", PLACE_COPIES);
	ok(ctx->cases[0].derived != NULL &&
	    strcmp(ctx->cases[0].derived[0].name, "dmips") == 0 &&
	    fabs(ctx->cases[0].derived[0].scale * 1757 - 1) < 1e-15 &&
	    strcmp(ctx->cases[0].derived[1].name, "dmips-per-mhz") == 0 &&
	    ctx->cases[0].derived[1].how == BENCH_D_PER_MHZ,
	    "derived rows: DMIPS = dhry/s / 1757, and DMIPS/MHz");
	for (i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		rc = bench_ctx_exercise(ctx, 0, runs[i], &vf);
		ok(rc == 0 && vf == 0, "%llu runs: every end-of-run value as "
		    "expected%s%s", (unsigned long long)runs[i],
		    ctx->reason[0] ? ": " : "", ctx->reason);
	}
	dhrystone_test_fault = 1;
	rc = bench_ctx_exercise(ctx, 0, 10, &vf);
	ok(rc == -1 && vf == 1 && strstr(ctx->reason, "Int_Glob is 6, "
	    "should be 5") != NULL, "a corrupted global fails verify: %s",
	    ctx->reason);

	/* through the runner, the corrupted value is a BADRESULT row */
	rc = run_dhry(&rs);
	is_int(rc, 1, "the run reports a failure");
	is_int((long long)rs.n, 1, "one row, no derived rows");
	is_str(result_status_name(rs.r[0].status), "BADRESULT",
	    "the row is BADRESULT");
	ok(rs.r[0].nsamples == 0 && isnan(rs.r[0].st.median),
	    "and carries no number");
	ok(strstr(rs.r[0].reason, "Int_Glob") != NULL, "the reason: %s",
	    rs.r[0].reason);
	kat_rows_release(&rs);
	dhrystone_test_fault = 0;

	/* a good run: the main row and its derived rows */
	rc = run_dhry(&rs);
	is_int(rc, 0, "a good run");
	is_int((long long)rs.n, 3, "three rows");
	is_str(rs.r[0].case_name, "v2.1", "main row");
	is_str(rs.r[1].case_name, "v2.1/dmips", "DMIPS row");
	is_str(rs.r[1].unit, "DMIPS", "unit DMIPS");
	ok(rs.r[1].nsamples == rs.r[0].nsamples &&
	    fabs(rs.r[1].st.median * 1757 / rs.r[0].st.median - 1) < 1e-12,
	    "DMIPS = dhry/s / 1757, sample by sample");
	is_str(rs.r[2].case_name, "v2.1/dmips-per-mhz", "DMIPS/MHz row");
	if (rs.r[2].status == ST_OK)
		ok(result_get_extra(&rs.r[2], "clock:cpufreq", &v) == 0 ||
		    result_get_extra(&rs.r[2], "clock:measured", &v) == 0,
		    "with a clock, the row names it");
	else
		ok(rs.r[2].status == ST_SKIPPED &&
		    (rs.r[2].flags & RF_NOCLOCK) && rs.r[2].nsamples == 0,
		    "without a clock, SKIPPED and flagged noclock: %s",
		    rs.r[2].reason);
	kat_rows_release(&rs);
	bench_ctx_free(ctx);

	test_placements();
	kat_place_settings(&bench_dhrystone_info, "placement",
	    &dhrystone_test_copy, placement_runs,
	    sizeof(placement_runs) / sizeof(placement_runs[0]));
	kat_place_runner(&bench_dhrystone_info, "placement", &rs);
	ok(rs.n >= 2 && fabs(rs.r[1].st.median * 1757 / rs.r[0].st.median -
	    1) < 1e-12, "DMIPS: the same median over placements");
	kat_rows_release(&rs);
	return done_testing();
}
