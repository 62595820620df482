/*
 * t-perfctr.c - the counter arithmetic with injected values (this kind of
 * machine often has no PMU): exact windows, multiplexed windows scaled by
 * time_enabled / time_running, windows that never ran or went backwards
 * giving no figure; then the runner's own per-sample counting through the
 * same fake source: a multiplexed case is scaled and flagged, a failed
 * read leaves the row without a counter figure (never zero).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "perfctr.h"
#include "perfctr-fake.h"
#include "registry.h"
#include "runner.h"
#include "kat/kat.h"
#include "tap.h"

/*
 * null's cases in mode (ok: "add"; spin: with derived rows) faked, in
 * one measuring process.
 */
static int
run_mode(struct fake *f, struct kat_rows *rs, const char *mode)
{
	const char *spec[] = { mode, "null.kind=rate" };
	int rc;

	perfctr_test_source = fake_read;
	perfctr_test_arg = f;
	/* one process: the fake counts the same in every window, where
	 * later processes' samples run other iterations (t-runner) */
	rc = kat_run_processes(registry_find("null"), spec, 2, 1, rs);
	perfctr_test_source = NULL;
	perfctr_test_arg = NULL;
	return rc;
}

/* One null "add" case through the runner with the fake installed. */
static int
run_null(struct fake *f, struct kat_rows *rs)
{
	return run_mode(f, rs, "null.mode=ok");
}

#define NULL_WORK 1000.0	/* null's default work per iteration */

/* Cycles of the row times its work: the counts of one window. */
static double
per_window(const struct result *r, double per_unit)
{
	return per_unit * (double)r->iters * NULL_WORK;
}

int
main(void)
{
	struct perfctr_snap a = { 1000, 500, 10000, 10000 }, b;
	struct kat_rows rs = { .n = 0 };
	struct fake f;
	struct perfctr pc;
	uint64_t cyc, ins;
	double c, i;
	int rc;

	/* exact: counted all the window */
	b = a;
	b.cycles += 3000;
	b.instr += 1500;
	b.enabled += 700;
	b.running += 700;
	is_int(perfctr_delta(&a, &b, &c, &i), PERFCTR_EXACT, "exact window");
	ok(c == 3000 && i == 1500, "exact counts 3000/1500 (got %g/%g)", c, i);

	/* multiplexed: ran a quarter of the time, counts x4 */
	b.running = a.running + 175;
	is_int(perfctr_delta(&a, &b, &c, &i), PERFCTR_SCALED,
	    "multiplexed window is scaled");
	ok(c == 12000 && i == 6000, "scaled by enabled/running = 4: "
	    "12000/6000 (got %g/%g)", c, i);

	/* never ran in the window: no figure, not zero */
	b.running = a.running;
	is_int(perfctr_delta(&a, &b, &c, &i), PERFCTR_NONE,
	    "a window the counters never ran in gives no figure");
	ok(isnan(c) && isnan(i), "and the counts are NAN, not 0");

	/* backwards (a stale or swapped snapshot): no figure */
	b.running = a.running + 700;
	b.cycles = a.cycles - 1;
	is_int(perfctr_delta(&a, &b, &c, &i), PERFCTR_NONE,
	    "counts going backwards give no figure");
	b.cycles = a.cycles + 10;
	b.running = b.enabled + 1;
	is_int(perfctr_delta(&a, &b, &c, &i), PERFCTR_NONE,
	    "running longer than enabled gives no figure");

	/* perfctr_read: totals since open, scaled */
	memset(&f, 0, sizeof(f));
	f.en = 100;
	f.run = 50;
	f.cyc = 1000;
	f.ins = 400;
	perfctr_open_fake(&pc, fake_read, &f);
	cyc = ins = 0;
	rc = perfctr_read(&pc, &cyc, &ins);
	ok(rc == 0 && cyc == 2000 && ins == 800,
	    "perfctr_read scales totals by enabled/running (%llu/%llu)",
	    (unsigned long long)cyc, (unsigned long long)ins);
	f.fail_every = 1;
	ok(perfctr_read(&pc, &cyc, &ins) == -1, "a failed read is -1");
	perfctr_close(&pc);
	ok(perfctr_snap(&pc, &b) == -1, "closed: no snapshot");

	/* the reason in words, from a recorded errno */
	{
		char why[200], again[200];
		struct perfctr real;

		perfctr_why(ENOSYS, 0, why, sizeof(why));
		ok(strstr(why, "(not in this kernel or emulator)") != NULL,
		    "ENOSYS reads: %s", why);
		/* QEMU's PMU on an arm64 kernel: cycles, no instructions */
		perfctr_why(ENOENT, 1, why, sizeof(why));
		ok(strncmp(why, "perf_event_open(instructions): ", 31) == 0 &&
		    strstr(why, "(the PMU has no instruction counter)") !=
		    NULL, "ENOENT on instructions reads: %s", why);
		if (perfctr_open(&real, why, sizeof(why)) == 0) {
			perfctr_close(&real);
			skip(1, "counters work here: nothing refused");
		} else if (real.err > 0) {
			perfctr_why(real.err, real.err_instr, again,
			    sizeof(again));
			ok(strcmp(why, again) == 0, "the recorded errno and "
			    "counter give open's words: %s", again);
		} else {
			skip(1, "refused without an errno: %s", why);
		}
	}

	/* the runner: an exact case */
	memset(&f, 0, sizeof(f));
	f.en = f.run = 1000;
	f.cyc = 600;
	f.ins = 300;
	run_null(&f, &rs);
	ok(rs.n >= 1 && rs.r[0].status == ST_OK, "null/add OK");
	ok(rs.n >= 1 && !(rs.r[0].flags & RF_MULTIPLEXED),
	    "exact counts: not flagged multiplexed");
	ok(rs.n >= 1 && fabs(per_window(&rs.r[0], rs.r[0].cycles) - 600) <
	    1e-6 && fabs(per_window(&rs.r[0], rs.r[0].instructions) - 300) <
	    1e-6, "cycles and instructions per unit of work come from one "
	    "window (%g, %g)", rs.n ? per_window(&rs.r[0], rs.r[0].cycles) :
	    0, rs.n ? per_window(&rs.r[0], rs.r[0].instructions) : 0);
	kat_rows_release(&rs);

	/* the runner: multiplexed, counters ran a third of each window */
	memset(&f, 0, sizeof(f));
	f.en = 900;
	f.run = 300;
	f.cyc = 600;
	f.ins = 300;
	run_null(&f, &rs);
	ok(rs.n >= 1 && (rs.r[0].flags & RF_MULTIPLEXED),
	    "multiplexed counts flag the row");
	ok(rs.n >= 1 && fabs(per_window(&rs.r[0], rs.r[0].cycles) - 1800) <
	    1e-6 && fabs(per_window(&rs.r[0], rs.r[0].instructions) - 900) <
	    1e-6, "and are scaled x3 (%g)",
	    rs.n ? per_window(&rs.r[0], rs.r[0].cycles) : 0);
	{
		char buf[64];

		ok(rs.n >= 1 && strstr(result_flags_str(rs.r[0].flags, buf,
		    sizeof(buf)), "multiplexed") != NULL,
		    "the flag prints as multiplexed");
	}
	kat_rows_release(&rs);

	/* a derived row carries every flag of its case (issue 27) */
	run_mode(&f, &rs, "null.mode=spin");
	{
		unsigned main_f = 0, kops_f = 0;
		size_t k;

		for (k = 0; k < rs.n; k++) {
			if (strcmp(rs.r[k].case_name, "spin") == 0)
				main_f = rs.r[k].flags;
			if (strcmp(rs.r[k].case_name, "spin/kops") == 0)
				kops_f = rs.r[k].flags;
		}
		ok((main_f & RF_MULTIPLEXED) && (kops_f & main_f) == main_f,
		    "the derived spin/kops has its case's flags (%#x of %#x)",
		    kops_f, main_f);
	}
	kat_rows_release(&rs);

	/* the runner: every 7th read fails (at least 5 samples: one hits) */
	memset(&f, 0, sizeof(f));
	f.en = f.run = 1000;
	f.cyc = 600;
	f.ins = 300;
	f.fail_every = 7;
	run_null(&f, &rs);
	ok(rs.n >= 1 && rs.r[0].status == ST_OK, "a failed counter read "
	    "does not fail the case");
	ok(rs.n >= 1 && isnan(rs.r[0].cycles) && isnan(rs.r[0].instructions),
	    "but the row has no counter figure (not zero)");
	kat_rows_release(&rs);

	/* the runner: counters that never run */
	memset(&f, 0, sizeof(f));
	f.en = 1000;
	f.cyc = 600;
	run_null(&f, &rs);
	ok(rs.n >= 1 && isnan(rs.r[0].cycles) && !(rs.r[0].flags &
	    RF_MULTIPLEXED), "counters that never ran: no figure, no flag");
	kat_rows_release(&rs);
	return done_testing();
}
