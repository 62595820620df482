/*
 * t-ratio.c - the statistics of comparisons (src/compare/ratio.c): Student's t
 * against tabulated values, the paired and unpaired intervals on known
 * inputs, Benjamini-Hochberg on a textbook example, and, on synthetic
 * data with a known ratio and a drifting machine (a fixed seed: no
 * clock, no timing), the intervals' coverage and the A/A false positive
 * rate with the right unit and with the raw samples as the unit.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "ratio.h"
#include "tap.h"
#include "util.h"

/* xorshift64*: a fixed stream, the same on every machine */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static double
rnd(void)
{
	return rnd_unit(&rng_state);
}

/* A standard normal deviate. */
static double
gauss(void)
{
	return rnd_normal(&rng_state);
}

/*
 * The machine's speed factor at step k of a session: a slow random walk
 * (drift over seconds: sd `walk` per step) plus a level that jumps now
 * and then by up to +-`jump` (another state of the host), as the
 * development VM shows.
 */
struct machine {
	double level, walk, jump;
};

static double
machine_step(struct machine *m)
{
	m->level += m->walk * gauss();
	if (rnd() < 0.05)
		m->level = m->jump * (2 * rnd() - 1);
	return exp(m->level);
}

/* One process of a build whose true speed is `truth`: its median. */
static double
process(struct machine *m, double truth, double *samples, size_t ns)
{
	double speed = machine_step(m), v[64];
	size_t i;

	for (i = 0; i < ns; i++) {
		v[i] = truth * speed * (1 + 0.01 * gauss());
		if (samples != NULL)
			samples[i] = v[i];
	}
	/* the median of a few: sort in place */
	for (i = 1; i < ns; i++)
		for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return ns % 2 ? v[ns / 2] : (v[ns / 2 - 1] + v[ns / 2]) / 2;
}

#define PAIRS 8
#define SESSIONS 2000
#define STRATA 8

int
main(void)
{
	struct ratio_ci ci, ci2;
	double a[PAIRS], b[PAIRS];
	size_t s, i, cover, cover_floor, fp, fp_raw;
	struct machine m;

	/* Student's t: tabulated two-sided 95 % points and tails */
	is_double(ratio_t_quantile(0.975, 1), 12.7062, 1e-3, "t(0.975, 1)");
	is_double(ratio_t_quantile(0.975, 5), 2.5706, 1e-4, "t(0.975, 5)");
	is_double(ratio_t_quantile(0.975, 30), 2.0423, 1e-4, "t(0.975, 30)");
	is_double(ratio_t_quantile(0.975, 1e8), 1.95996, 1e-4,
	    "t(0.975, inf) is the normal's");
	is_double(ratio_t_sf(2.0, 10), 0.036694, 1e-5, "P(T10 > 2)");
	is_double(ratio_t_sf(-1.0, 3), 1 - 0.195501, 1e-5, "P(T3 > -1)");
	is_double(ratio_t_quantile(0.025, 7), -2.3646, 1e-4, "t(0.025, 7)");

	/* paired: ratios 1.1, 1.1, 1.1: exactly 1.1, a zero-width interval */
	{
		double x[3] = { 1, 2, 4 }, y[3] = { 1.1, 2.2, 4.4 };

		ratio_paired(x, y, 3, &ci);
		is_double(ci.ratio, 1.1, 1e-12, "paired: the pairs' ratio");
		is_double(ci.lo, 1.1, 1e-12, "paired: no spread, lo = ratio");
		is_double(ci.p, 0, 0, "paired: no spread, p = 0");
	}
	/* paired, by hand: log ratios 0.1, 0.2, 0.3 -> mean 0.2, sd 0.1 */
	{
		double x[3] = { 1, 1, 1 }, y[3];

		y[0] = exp(0.1);
		y[1] = exp(0.2);
		y[2] = exp(0.3);
		ratio_paired(x, y, 3, &ci);
		is_double(ci.ratio, exp(0.2), 1e-12, "paired: geometric mean");
		is_double(log(ci.hi) - 0.2, 4.302653 * 0.1 / sqrt(3), 1e-5,
		    "paired: t(0.975, 2) * sd / sqrt(n)");
		is_int((long long)ci.n, 3, "paired: three pairs");
	}
	/*
	 * paired, five pairs: Yuen's 20 % trimmed mean, by hand.  Log ratios
	 * 0.1 0.2 0.3 0.4 and an outlier 5.0: one cut from each end, mean
	 * 0.3 of the middle three; winsorised 0.2 0.2 0.3 0.4 0.4 (sum of
	 * squares 0.04), se = sqrt(4 * 0.01 / (3 * 2)), t with 2 df
	 */
	{
		double x[5] = { 1, 1, 1, 1, 1 }, y[5];
		static const double lr[5] = { 0.4, 0.1, 5.0, 0.3, 0.2 };

		for (i = 0; i < 5; i++)
			y[i] = exp(lr[i]);
		ratio_paired(x, y, 5, &ci);
		is_double(log(ci.ratio), 0.3, 1e-12, "paired, 5 pairs: the "
		    "trimmed mean, the outlier cut");
		is_double(log(ci.hi) - 0.3, 4.302653 * sqrt(0.04 / 6), 1e-5,
		    "paired, 5 pairs: Yuen's winsorised error, 2 df");
	}
	/* paired: one pair gives a ratio and no interval */
	{
		double x = 2, y = 3;

		ratio_paired(&x, &y, 1, &ci);
		ok(ci.ratio == 1.5 && isnan(ci.lo) && isnan(ci.p),
		    "paired: one pair, no interval");
	}
	/* unpaired, Welch by hand: logs {0, 0.2} against {0.1, 0.5, 0.3} */
	{
		double x[2] = { 1, exp(0.2) };
		double y[3] = { exp(0.1), exp(0.5), exp(0.3) };
		double vx = 0.02, vy = 0.04, se2 = vx / 2 + vy / 3;
		double df = se2 * se2 / ((vx / 2) * (vx / 2) + (vy / 3) *
		    (vy / 3) / 2);

		ratio_unpaired(x, 2, y, 3, 0, &ci);
		is_double(ci.ratio, exp(0.2), 1e-12, "unpaired: ratio of "
		    "geometric means");
		is_double(log(ci.hi) - 0.2, ratio_t_quantile(0.975, df) *
		    sqrt(se2), 1e-9, "unpaired: Welch's half-width");
		ok(!ci.floored, "unpaired: no floor asked, none used");
		ratio_unpaired(x, 2, y, 3, 10, &ci);
		ok(ci.floored && log(ci.hi) - 0.2 > ratio_t_quantile(0.975,
		    df) * sqrt(se2), "unpaired: a drift floor widens it");
		/* a side of one run: the pooled variance of one unit,
		 * (1 x 0.02 + 2 x 0.04) / 3, is above a 1 % floor */
		ratio_unpaired(x, 2, y, 3, 1, &ci);
		is_double(log(ci.hi) - 0.2, ratio_t_quantile(0.975, df) *
		    sqrt(se2 + 0.1 / 3), 1e-9, "unpaired, one run a side: "
		    "widened by one unit's spread, pooled, when above the "
		    "floor");
		ok(ci.spread && fabs(ci.drift_pct - 100 * expm1(
		    1.959963984540054 * sqrt(0.1 / 3))) < 1e-9,
		    "unpaired: the drift used is the spread's (%.1f %%)",
		    ci.drift_pct);
		ratio_unpaired(x, 2, y, 3, 50, &ci);
		ok(!ci.spread && fabs(ci.drift_pct - 50) < 1e-9,
		    "unpaired: a floor above the spread is used as it is");
	}
	/* unpaired, one unit a side: only the floor makes an interval */
	{
		double x = 100, y = 104;

		ratio_unpaired(&x, 1, &y, 1, 0, &ci);
		ok(isnan(ci.lo) && isnan(ci.p), "unpaired 1:1, no floor: no "
		    "interval");
		ratio_unpaired(&x, 1, &y, 1, 5, &ci);
		ok(ci.lo < 1 && ci.hi > 1.08 && ci.p > 0.05, "unpaired 1:1, "
		    "5 %% floor: 1.04 is within it [%.3f, %.3f]", ci.lo,
		    ci.hi);
		is_double(log(ci.hi / ci.ratio), log(1.05), 1e-9,
		    "unpaired 1:1: the half-width is the floor");
	}

	/*
	 * Benjamini-Hochberg at q = 0.05: nine p-values (a NAN takes no
	 * part); 0.01 <= 3/9 * 0.05 is the largest rank that passes
	 */
	{
		double p[10] = { 0.01, 0.001, 0.05, 0.041, 0.042, 0.06, 0.074,
		    0.205, 0.0001, NAN };
		int rej[10];

		is_int((long long)ratio_bh(p, 10, 0.05, rej), 3,
		    "BH: three discoveries");
		ok(rej[0] && rej[1] && rej[8] && !rej[3] && !rej[4] &&
		    !rej[9], "BH: the three smallest, NAN never");
	}

	/*
	 * Coverage under drift: builds with a true ratio of 1.10, measured
	 * in PAIRS alternating pairs on a drifting machine; the 95 %
	 * interval holds the truth in about 95 % of sessions.
	 */
	m.level = 0;
	m.walk = 0.01;
	m.jump = 0.15;
	cover = 0;
	for (s = 0; s < SESSIONS; s++) {
		for (i = 0; i < PAIRS; i++) {
			if (i % 2 == 0) {
				a[i] = process(&m, 1.0, NULL, 5);
				b[i] = process(&m, 1.1, NULL, 5);
			} else {
				b[i] = process(&m, 1.1, NULL, 5);
				a[i] = process(&m, 1.0, NULL, 5);
			}
		}
		ratio_paired(a, b, PAIRS, &ci);
		cover += ci.lo <= 1.1 && 1.1 <= ci.hi;
	}
	ok(cover >= SESSIONS * 92 / 100 && cover <= SESSIONS * 99 / 100,
	    "paired, drift: 95 %% intervals cover the truth 1.10 in %zu of "
	    "%d sessions", cover, SESSIONS);

	/*
	 * A/A, unpaired: two runs of the same build, 3 processes each, one
	 * run after the other on the drifting machine.  With the process as
	 * the unit and the drift floor the machine shows, few sessions are
	 * called different; with the raw samples as the unit (the old test)
	 * most are.
	 */
	m.level = 0;
	fp = fp_raw = 0;
	for (s = 0; s < SESSIONS; s++) {
		double ra[15], rb[15], pa[3], pb[3];

		for (i = 0; i < 3; i++)
			pa[i] = process(&m, 1.0, ra + 5 * i, 5);
		for (i = 0; i < 3; i++)
			pb[i] = process(&m, 1.0, rb + 5 * i, 5);
		ratio_unpaired(pa, 3, pb, 3, 30, &ci);
		fp += ci.p < 0.05;
		fp_raw += cmp_mann_whitney(ra, 15, rb, 15) < 0.05;
	}
	ok(fp <= SESSIONS * 5 / 100, "A/A unpaired, process units and the "
	    "floor: %zu of %d called different", fp, SESSIONS);
	ok(fp_raw >= SESSIONS / 2, "A/A unpaired, raw samples as units: %zu "
	    "of %d called different (pseudo-replication)", fp_raw,
	    SESSIONS);

	/*
	 * Known truth 1.10, unpaired: one run of 8 processes a side, one
	 * after the other on the drifting machine, whose noise floor (a
	 * look of well under a second) shows only +-1 %.  The floor alone
	 * gives intervals far too narrow for the drift between the runs;
	 * the spread of one process, which ratio_unpaired() takes when it
	 * is larger, holds the truth about as often as it claims.
	 */
	m.level = 0;
	cover = cover_floor = 0;
	for (s = 0; s < SESSIONS; s++) {
		double pa[8], pb[8];
		struct ratio_ci cf;

		for (i = 0; i < 8; i++)
			pa[i] = process(&m, 1.0, NULL, 5);
		for (i = 0; i < 8; i++)
			pb[i] = process(&m, 1.1, NULL, 5);
		ratio_unpaired(pa, 8, pb, 8, 1, &ci);
		cover += ci.lo <= 1.1 && 1.1 <= ci.hi;
		/* Welch alone (what a floor of 1 % barely widens) */
		ratio_unpaired(pa, 8, pb, 8, 0, &cf);
		cover_floor += cf.lo <= 1.1 && 1.1 <= cf.hi;
	}
	ok(cover_floor <= SESSIONS * 60 / 100, "unpaired, truth 1.10, one "
	    "run a side, the processes' Welch interval alone: holds it in "
	    "only %zu of %d sessions", cover_floor, SESSIONS);
	ok(cover >= SESSIONS * 80 / 100, "unpaired, one run a side, widened "
	    "by one process's spread: holds it in %zu of %d sessions (a "
	    "jump of the level just between the two runs stays unseen)",
	    cover, SESSIONS);

	/* A/A, paired: the same build on both sides */
	m.level = 0;
	fp = 0;
	for (s = 0; s < SESSIONS; s++) {
		for (i = 0; i < PAIRS; i++) {
			a[i] = process(&m, 1.0, NULL, 5);
			b[i] = process(&m, 1.0, NULL, 5);
		}
		ratio_paired(a, b, PAIRS, &ci);
		fp += ci.p < 0.05;
	}
	ok(fp <= SESSIONS * 7 / 100, "A/A paired: %zu of %d called "
	    "different (5 %% expected)", fp, SESSIONS);
	/*
	 * Paired in strata (a case's variants): 8 code placements, 2 pairs
	 * each.  First the placements change both builds alike (each its
	 * own speed, up to +-8 %): the interval covers the truth 1.10.
	 * Then two placements run build A at 0.69 of its speed while B is
	 * unaffected, as Linpack's rolled kernel at 16 mod 64 did: the
	 * figures (geometric means over the placements) then say B is
	 * 1.10 / 0.69^(2/8) = 1.2067 times A, and so does the strata's
	 * ratio.
	 */
	{
		double sa[STRATA * 2], sb[STRATA * 2], eff[STRATA], off = 0;
		size_t np = STRATA * 2, k;

		m.level = 0;
		cover = 0;
		for (s = 0; s < SESSIONS / 4; s++) {
			for (k = 0; k < STRATA; k++)
				eff[k] = 1 + 0.16 * (rnd() - 0.5);
			for (k = 0; k < np; k++) {
				sa[k] = process(&m, eff[k % STRATA], NULL, 5);
				sb[k] = process(&m, 1.1 * eff[k % STRATA],
				    NULL, 5);
			}
			ratio_paired_strata(sa, sb, np, STRATA, &ci);
			cover += ci.lo <= 1.1 && 1.1 <= ci.hi;
		}
		ok(cover >= SESSIONS / 4 * 93 / 100 &&
		    cover <= SESSIONS / 4 * 995 / 1000,
		    "paired in strata, placements that change both builds: "
		    "95 %% intervals cover the truth 1.10 in %zu of %d "
		    "sessions", cover, SESSIONS / 4);
		for (s = 0; s < SESSIONS / 4; s++) {
			for (k = 0; k < np; k++) {
				double slow = k % STRATA == 2 ||
				    k % STRATA == 5 ? 0.69 : 1.0;

				sa[k] = process(&m, slow, NULL, 5);
				sb[k] = process(&m, 1.1, NULL, 5);
			}
			ratio_paired_strata(sa, sb, np, STRATA, &ci);
			off += log(ci.ratio);
		}
		ok(fabs(exp(off / (SESSIONS / 4)) / (1.1 / pow(0.69, 0.25)) -
		    1) < 0.01, "paired in strata, one build slow at 2 of 8 "
		    "placements: the figures' 1.2067 on average (%.4f)",
		    exp(off / (SESSIONS / 4)));

		/* by hand: strata means 0.1 0.2 0.3 (+-0.05 within) */
		for (k = 0; k < 6; k++) {
			sa[k] = 1;
			sb[k] = exp(0.1 * (double)(k % 3 + 1) +
			    (k < 3 ? 0.05 : -0.05));
		}
		ratio_paired_strata(sa, sb, 6, 3, &ci);
		is_double(log(ci.ratio), 0.2, 1e-12, "paired in strata: the "
		    "mean of the strata's mean log ratios");
		is_double(log(ci.hi) - 0.2, 4.302653 * 0.1 / sqrt(3), 1e-5,
		    "paired in strata: Student's t over the 3 strata (2 "
		    "degrees of freedom), not over the 6 pairs");
		ok(ci.n == 6, "paired in strata: 6 pairs");
		/* strata 0.10 0.11 0.12 and 0.60 (+-0.01): one placement far
		 * out is part of what the builds drew */
		for (k = 0; k < 8; k++) {
			static const double lv[4] = { 0.10, 0.11, 0.12, 0.60 };

			sa[k] = 1;
			sb[k] = exp(lv[k % 4] + (k < 4 ? 0.01 : -0.01));
		}
		ratio_paired_strata(sa, sb, 8, 4, &ci);
		is_double(log(ci.ratio), 0.2325, 1e-12, "paired in strata: "
		    "an outlying stratum counts as one of four");
		ok(ci.p > 0.05 && ci.lo < 1 && ci.hi > exp(0.6),
		    "paired in strata: placements that disagree that much "
		    "make no claim [%.4f, %.4f]", log(ci.lo), log(ci.hi));
		/* a stratum of one pair takes part with its one pair */
		ratio_paired_strata(sa, sb, 7, 4, &ci);
		is_double(log(ci.ratio), (0.10 + 0.11 + 0.12 + 0.61) / 4,
		    1e-12, "paired in strata, a stratum of one pair (0.61): "
		    "its pair is its mean");
		/* fewer than 2 strata: pairs in the builds' order */
		ratio_paired_strata(sa, sb, 7, 1, &ci);
		ratio_paired_crossover(sa, sb, 7, &ci2);
		ok(ci.ratio == ci2.ratio && ci.lo == ci2.lo,
		    "paired in one stratum: the pairs, by order");

		/* A/A in strata: few called different */
		m.level = 0;
		fp = 0;
		for (s = 0; s < SESSIONS / 4; s++) {
			for (k = 0; k < STRATA; k++)
				eff[k] = k == 3 ? 0.7 : 1 + 0.16 * (rnd() - 0.5);
			for (k = 0; k < np; k++) {
				sa[k] = process(&m, eff[k % STRATA], NULL, 5);
				sb[k] = process(&m, eff[k % STRATA], NULL, 5);
			}
			ratio_paired_strata(sa, sb, np, STRATA, &ci);
			fp += ci.p < 0.05;
		}
		ok(fp <= SESSIONS / 4 * 6 / 100, "A/A paired in strata: %zu "
		    "of %d called different (5 %% expected)", fp,
		    SESSIONS / 4);
	}

	/*
	 * Pooled paired sessions: 4 sessions of 8 pairs, where each
	 * session's own ratio is off the truth by a disturbance that
	 * lasted it and slowed one build more than the other (sd 3 %), as
	 * Linpack's rolled LU on the development VM.  The pairs of all
	 * sessions pooled give an interval far too narrow; the sessions as
	 * units hold the truth about as often as they claim.
	 */
	{
		double pa[4 * PAIRS], pb[4 * PAIRS], eff;
		struct ratio_ci ss[4];
		size_t k, cover_pool = 0, tries = SESSIONS / 4;

		m.level = 0;
		cover = 0;
		for (s = 0; s < tries; s++) {
			for (k = 0; k < 4; k++) {
				eff = 1.1 * exp(0.03 * gauss());
				for (i = 0; i < PAIRS; i++) {
					pa[k * PAIRS + i] = process(&m, 1.0,
					    NULL, 5);
					pb[k * PAIRS + i] = process(&m, eff,
					    NULL, 5);
				}
				ratio_paired(pa + k * PAIRS, pb + k * PAIRS,
				    PAIRS, &ss[k]);
			}
			ratio_paired(pa, pb, 4 * PAIRS, &ci);
			cover_pool += ci.lo <= 1.1 && 1.1 <= ci.hi;
			ratio_sessions(ss, 4, &ci);
			cover += ci.lo <= 1.1 && 1.1 <= ci.hi;
		}
		ok(cover_pool <= tries * 75 / 100, "pooled sessions, the pairs "
		    "of all as one: the truth 1.10 in only %zu of %zu", cover_pool,
		    tries);
		ok(cover >= tries * 92 / 100 && cover <= tries * 99 / 100,
		    "pooled sessions, each session a unit: the truth 1.10 in "
		    "%zu of %zu", cover, tries);

		/* A/A with the same disturbances: few called different */
		fp = 0;
		for (s = 0; s < tries; s++) {
			for (k = 0; k < 4; k++) {
				eff = exp(0.03 * gauss());
				for (i = 0; i < PAIRS; i++) {
					pa[i] = process(&m, 1.0, NULL, 5);
					pb[i] = process(&m, eff, NULL, 5);
				}
				ratio_paired(pa, pb, PAIRS, &ss[k]);
			}
			ratio_sessions(ss, 4, &ci);
			fp += ci.p < 0.05;
		}
		ok(fp <= tries * 7 / 100, "A/A pooled sessions: %zu of %zu "
		    "called different (5 %% expected)", fp, tries);

		/* by hand: ratios e^0.1, e^0.2, e^0.3, no interval of their own */
		for (k = 0; k < 3; k++) {
			memset(&ss[k], 0, sizeof(ss[k]));
			ss[k].ratio = exp(0.1 * (double)(k + 1));
			ss[k].lo = ss[k].hi = NAN;
		}
		ok(ratio_sessions(ss, 3, &ci) == 0 && ci.n == 3,
		    "sessions by hand: three units");
		is_double(log(ci.ratio), 0.2, 1e-12, "sessions: the geometric "
		    "mean of their ratios");
		is_double(log(ci.hi) - 0.2, 4.302653 * 0.1 / sqrt(3), 1e-5,
		    "sessions: Student's t, 2 degrees of freedom");
		/* three sessions that agree exactly, each +-10 % of its own */
		for (k = 0; k < 3; k++) {
			ss[k].ratio = 1.2;
			ss[k].lo = 1.2 / 1.1;
			ss[k].hi = 1.2 * 1.1;
		}
		ratio_sessions(ss, 3, &ci);
		is_double(log(ci.hi / 1.2), 4.302653 * log(1.1) /
		    1.959964 / sqrt(3), 1e-4, "sessions that agree by chance: "
		    "no narrower than their own intervals allow");
		ss[1].ratio = NAN;
		ss[2].ratio = 0;
		ok(ratio_sessions(ss, 3, &ci) == -1, "sessions: one with a "
		    "ratio is not enough (-1)");
	}
	return done_testing();
}
