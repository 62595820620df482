/*
 * cpu-whetstone.h - the Whetstone module results, for the benchmark's
 * verify() and its known-answer test.
 */
#ifndef BOARDBENCH_CPU_WHETSTONE_H
#define BOARDBENCH_CPU_WHETSTONE_H

#include <stddef.h>

/* What each module leaves after one pass with `loops` (the classic LOOP). */
struct whet_results {
	double m2[4];		/* array elements: E1(1..4) */
	double m3[4];		/* array as parameter: E1(1..4) after PA */
	int m4_j;		/* conditional jumps: J */
	int m6_j, m6_k, m6_l;	/* integer arithmetic: J, K, L */
	double m6_e[4];		/* and the E1 elements it stores */
	double m7_x, m7_y;	/* trigonometric functions: X, Y */
	double m8_z;		/* procedure calls: Z */
	double m9[4];		/* array references: E1(1..4) */
	double m11_x;		/* standard functions: X */
};

/* One pass of the eight modules as the benchmark times them. */
void whetstone_test_pass(long loops, struct whet_results *out);
/* The expected results, from a separate formulation (closed forms). */
void whetstone_expected(long loops, struct whet_results *out);
/*
 * Compare: 0 when every result is within tolerance, else -1 with the
 * first module that is not described in why.
 */
int whetstone_compare(const struct whet_results *got,
    const struct whet_results *want, char *why, size_t len);

/* For tests: when set, verify() sees a corrupted module result. */
extern int whetstone_test_fault;

#endif
