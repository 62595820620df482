/*
 * t-coverage.c - do compare's paired 95 % intervals hold the truth about
 * 95 % of the time, in the design the runner measures in?  10,000
 * simulated paired sessions at 12, 20 and 40 pairs, for a plain case
 * (ratio_paired_crossover: Yuen's trimmed mean of the pairs' log ratios
 * in each order of the builds) and a case
 * in 8 code placements (ratio_paired_strata: the placements as units),
 * each with and without what the development VM shows: an order effect
 * (the process that runs first in a pair 1 % faster), bursts (a process
 * slowed by 10 to 50 % now and then) and, for placements, builds that
 * react differently to them (each build's own effect per placement, as
 * Linpack's rolled kernel is slow at some offsets in one build only).
 * Round r runs placement r mod 8 and the builds in the order
 * runner_pair_reversed() gives, as measure_paired() does.  A fixed seed:
 * the same data on every machine, no clock, no timing.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "ratio.h"
#include "runner.h"
#include "tap.h"
#include "util.h"

#define SIMS		10000
#define PLACEMENTS	8
#define TRUTH		1.10
#define MAX_PAIRS	40

static uint64_t rng = 0x2545f4914f6cdd1dull;

static double
rnd(void)
{
	return rnd_unit(&rng);
}

/* A standard normal deviate. */
static double
gauss(void)
{
	return rnd_normal(&rng);
}

struct scenario {
	const char *name;
	int placements;		/* 0: a plain case */
	double react;		/* sd of each build's own placement effect */
	double order;		/* the first of a pair this much faster */
	double burst;		/* a process's chance of a burst */
};

/*
 * The machine's log speed: a slow random walk (sd 1 % a process) and a
 * level that jumps now and then by up to +-15 % (another state of the
 * host), as t-ratio's machine.
 */
static double
machine(double *level)
{
	*level += 0.01 * gauss();
	if (rnd() < 0.05)
		*level = 0.15 * (2 * rnd() - 1);
	return *level;
}

/* One process's log figure: its build's truth, placement and noise. */
static double
process(const struct scenario *sc, double *level, double truth,
    double place, int first)
{
	double v = truth + place + machine(level) + 0.006 * gauss();

	if (first)
		v += sc->order;
	if (rnd() < sc->burst)
		v -= log(1.1 + 0.4 * rnd());
	return exp(v);
}

/* How many of SIMS sessions of n pairs hold the truth. */
static size_t
coverage(const struct scenario *sc, size_t n)
{
	double a[MAX_PAIRS], b[MAX_PAIRS], common[PLACEMENTS];
	double ea[PLACEMENTS], eb[PLACEMENTS], level = 0, pa, pb;
	size_t s, r, k, held = 0;
	struct ratio_ci ci;
	int rev;

	for (s = 0; s < SIMS; s++) {
		/* the layouts this session's builds drew */
		for (k = 0; k < PLACEMENTS; k++) {
			common[k] = sc->placements ? 0.08 * gauss() : 0;
			ea[k] = sc->react * gauss();
			eb[k] = sc->react * gauss();
		}
		for (r = 0; r < n; r++) {
			k = sc->placements ? r % PLACEMENTS : 0;
			rev = runner_pair_reversed(r, sc->placements ?
			    PLACEMENTS : 0);
			pa = common[k] + ea[k];
			pb = common[k] + eb[k];
			if (!rev) {
				a[r] = process(sc, &level, 0, pa, 1);
				b[r] = process(sc, &level, log(TRUTH), pb, 0);
			} else {
				b[r] = process(sc, &level, log(TRUTH), pb, 1);
				a[r] = process(sc, &level, 0, pa, 0);
			}
		}
		/* as compare reads a paired row: by placement, or (one
		 * stratum) in the builds' alternating order */
		ratio_paired_strata(a, b, n, sc->placements ? PLACEMENTS : 1,
		    &ci);
		held += ci.lo <= TRUTH && TRUTH <= ci.hi;
	}
	return held;
}

int
main(void)
{
	static const struct scenario sc[] = {
		{ "plain", 0, 0, 0, 0 },
		{ "plain, order effect and bursts", 0, 0, 0.01, 0.05 },
		{ "placements, alike in both builds", PLACEMENTS, 0, 0, 0 },
		{ "placements, builds reacting differently", PLACEMENTS,
		    0.03, 0, 0 },
		{ "placements, reacting differently, order effect and "
		    "bursts", PLACEMENTS, 0.03, 0.01, 0.05 },
	};
	static const size_t npairs[] = { 12, 20, 40 };
	size_t i, j, held;
	double pct;

	for (i = 0; i < sizeof(sc) / sizeof(sc[0]); i++)
		for (j = 0; j < sizeof(npairs) / sizeof(npairs[0]); j++) {
			held = coverage(&sc[i], npairs[j]);
			pct = 100.0 * (double)held / SIMS;
			if (sc[i].placements)
				ok(pct >= 93 && pct <= 97.5, "%s, %zu pairs: "
				    "95 %% intervals hold the truth in %.2f %% "
				    "of %d sessions (93 %% at least)",
				    sc[i].name, npairs[j], pct, SIMS);
			else
				ok(pct >= 94 && pct <= 96, "%s, %zu pairs: "
				    "95 %% intervals hold the truth in %.2f %% "
				    "of %d sessions (94 to 96 %%)", sc[i].name,
				    npairs[j], pct, SIMS);
		}
	return done_testing();
}
