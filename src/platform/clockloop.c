/*
 * clockloop.c - the CPU clock measured on the calling thread (clockloop.h).
 * A chain of dependent register adds retires one add per cycle on every
 * ARM core (ARM11 to Cortex-X) and on x86.  Timing a loop of 256 adds and
 * the same loop with 512 adds and subtracting cancels the loop overhead
 * exactly: the difference is k x 256 cycles.  The best (shortest) of
 * several rounds is used, so an interrupt or a busy neighbour only makes
 * a round slower and is dropped.  Machine access, as the counters are:
 * which CPUs to measure and what cpufreq claims is identity's (clock.c).
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "clockloop.h"
#include "perfctr.h"
#include "util.h"

#define ROUNDS 101
#define SHORT_ADDS 256
#define LONG_ADDS 512
#define TARGET_S 0.0005		/* one short loop: fits between preemptions */
#define WARM_S 0.15		/* let the governor raise the clock first */

#if defined(__x86_64__) || defined(__i386__)
#define ADD_CHAIN(n, acc, inc) __asm__ volatile(".rept " #n "\n\t" \
	"add %1, %0\n\t.endr" : "+r"(acc) : "r"(inc))
#define HAVE_CHAIN 1
#elif defined(__aarch64__) || (defined(__arm__) && !(defined(__thumb__) && \
    !defined(__thumb2__)))
/*
 * The adds written out rather than with .rept: the compiler sizes an asm
 * block by its lines, and on 32-bit ARM a 2 KiB block it takes for one
 * instruction puts branches (Thumb-2) and literal pools out of range.
 */
#define ADD_1 "add %0, %0, %1\n\t"
#define ADD_8 ADD_1 ADD_1 ADD_1 ADD_1 ADD_1 ADD_1 ADD_1 ADD_1
#define ADD_64 ADD_8 ADD_8 ADD_8 ADD_8 ADD_8 ADD_8 ADD_8 ADD_8
#define ADD_256 ADD_64 ADD_64 ADD_64 ADD_64
#define ADD_512 ADD_256 ADD_256
#define ADD_CHAIN(n, acc, inc) __asm__ volatile(ADD_##n : "+r"(acc) : "r"(inc))
#define HAVE_CHAIN 1
#else
#define HAVE_CHAIN 0
#endif

#if HAVE_CHAIN
static volatile unsigned long chain_sink;

/* Seconds for k loops of the short (256) or long (512) add chain. */
static double
chain_time(unsigned long k, int longer)
{
	unsigned long acc = 0, inc = 1, i;
	double t0 = now_mono(), t;

	if (longer)
		for (i = 0; i < k; i++)
			ADD_CHAIN(512, acc, inc);
	else
		for (i = 0; i < k; i++)
			ADD_CHAIN(256, acc, inc);
	t = now_mono() - t0;
	chain_sink = acc;
	return t;
}
#endif

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int
clock_measure_here(double *mhz, double *spread, double *perf_mhz,
    char *why_perf, size_t plen, char *why, size_t len)
{
#if HAVE_CHAIN
	double ts[ROUNDS], tl[ROUNDS], est[ROUNDS], t, tmin_s, tmin_l;
	double total_t = 0, warm;
	unsigned long k = 1024;
	uint64_t c0 = 0, c1 = 0, i0, i1;
	struct perfctr pc;
	int i, have_perf;

	*perf_mhz = NAN;
	/* calibrate k so that a short loop lasts about TARGET_S */
	while ((t = chain_time(k, 0)) < TARGET_S / 4 && k < (1UL << 30))
		k *= 2;
	if (t > 0)
		k = (unsigned long)((double)k * TARGET_S / t) + 1;
	for (warm = 0; warm < WARM_S; )
		warm += chain_time(k, 0);
	have_perf = perfctr_open(&pc, why_perf, plen) == 0;
	if (have_perf && perfctr_read(&pc, &c0, &i0) != 0)
		have_perf = 0;
	for (i = 0; i < ROUNDS; i++) {
		ts[i] = chain_time(k, 0);
		tl[i] = chain_time(k, 1);
		total_t += ts[i] + tl[i];
	}
	if (have_perf && perfctr_read(&pc, &c1, &i1) == 0 && total_t > 0)
		*perf_mhz = (double)(c1 - c0) / total_t / 1e6;
	if (have_perf)
		perfctr_close(&pc);
	tmin_s = ts[0];
	tmin_l = tl[0];
	for (i = 0; i < ROUNDS; i++) {
		if (ts[i] < tmin_s)
			tmin_s = ts[i];
		if (tl[i] < tmin_l)
			tmin_l = tl[i];
		est[i] = tl[i] > ts[i] ? (double)k * (LONG_ADDS - SHORT_ADDS) /
		    (tl[i] - ts[i]) / 1e6 : NAN;
	}
	if (tmin_l <= tmin_s) {
		snprintf(why, len, "the longer chain was not slower: the "
		    "timer or the CPU misbehaves");
		return -1;
	}
	*mhz = (double)k * (LONG_ADDS - SHORT_ADDS) / (tmin_l - tmin_s) / 1e6;
	qsort(est, ROUNDS, sizeof(est[0]), cmp_double);
	*spread = (est[ROUNDS * 9 / 10] - est[ROUNDS / 10]) / *mhz;
	return 0;
#else
	(void)mhz;
	(void)spread;
	*perf_mhz = NAN;
	snprintf(why_perf, plen, "not measured");
	snprintf(why, len, "no dependent-add loop for this architecture");
	return -1;
#endif
}
