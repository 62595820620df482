/*
 * cpu-whetstone.h - the Whetstone module results of both programs (the
 * C-converted Curnow-Wichmann program and Longbottom's MWIPS program), for
 * the benchmark's verify() and its known-answer test.
 */
#ifndef BOARDBENCH_CPU_WHETSTONE_H
#define BOARDBENCH_CPU_WHETSTONE_H

#include <stddef.h>

#include "bench.h"

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

/*
 * Longbottom's MWIPS program (cpu-whetstone-mwips.c): what its modules
 * leave after one pass of x100 = 100.
 */
#define MWIPS_NMODULES 8
struct mwips_results {
	double n1[4], n2[4];	/* E1(1..4) after N1 and after N2 */
	long n3_j;		/* N3: J */
	long n4_j, n4_k, n4_l;	/* N4: J, K, L */
	double n4_x;		/* N4: (E1(1) + E1(2)) / its count */
	double n5_x, n5_y;	/* N5: X, Y */
	double n6_x, n6_y, n6_z;	/* N6: X, Y, Z */
	double n7[3];		/* N7: E1(1..3) */
	double n8_x;		/* N8: X */
};

struct mwips_state;

/* The eight modules as phases, with the program's operation counts. */
extern const struct bench_phase mwips_phases[];
/* The program's labels of the modules ("N1 floating point", ...). */
extern const char *const mwips_labels[MWIPS_NMODULES];

struct mwips_state *mwips_state_new(void);	/* free() it */
/* The untimed part of a pass: the first nine tenths of N1. */
void mwips_prepare(struct mwips_state *);
/* One whole pass (prepare and the eight modules). */
void mwips_pass(struct mwips_state *);
int mwips_passes(const struct mwips_state *);
/* The values the last pass left (corrupted when mwips_test_fault). */
void mwips_results(const struct mwips_state *, struct mwips_results *);
/* The expected values, computed another way. */
void mwips_expected(struct mwips_results *);
/* 0 when every value is within tolerance, else -1 with why filled. */
int mwips_compare(const struct mwips_results *got,
    const struct mwips_results *want, char *why, size_t len);
/* The program's result column: N1 E1(4), N2 E1(4), J, ..., N8 X. */
void mwips_column(const struct mwips_results *, double col[MWIPS_NMODULES]);
/* For tests: one pass on a fresh state. */
void mwips_test_pass(struct mwips_results *);
extern int mwips_test_fault;

#endif
