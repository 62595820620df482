/*
 * t-dhrystone.c - known answers for Dhrystone: the end-of-run values of
 * every variable after 1, 2 and many runs, verify() failing on a
 * corrupted value, and through the runner: a BADRESULT row without a
 * number, and the derived DMIPS rows of a good run.
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
#include "tap.h"

extern const struct bench_info bench_dhrystone_info;

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
	return done_testing();
}
