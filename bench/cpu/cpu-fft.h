/*
 * cpu-fft.h - the in-tree radix-2 complex float32 FFT of the fft
 * benchmark, for its known-answer test, and the copies of its transform
 * at different code placements (cpu-place.h).
 */
#ifndef BOARDBENCH_CPU_FFT_H
#define BOARDBENCH_CPU_FFT_H

#include <stddef.h>

#include "cpu-place.h"

/* Twiddle factors and the bit-reversal permutation for n points. */
struct fft_plan {
	int n, log2n;
	float *tw;		/* n/2 complex: exp(-2 pi i k / n), re, im */
	unsigned *rev;		/* n: bit-reversed index */
};

/* A plan for n = 2^k points, 2 <= n <= 65536; NULL when out of memory. */
struct fft_plan *fft_plan_new(int n);
void fft_plan_free(struct fft_plan *);
/*
 * Out of place, interleaved complex (re, im) of n points: forward
 * sum x(j) exp(-2 pi i jk / n), or inverse with exp(+...) and 1/n.
 */
void fft_transform(const struct fft_plan *, const float *in, float *out,
    int inverse);

/*
 * One copy of the transform (cpu-fft-kern.c, built with -DFFT_COPY=K as
 * fft_kernel_cK): where its code begins, PLACE_PAD_OF(K) bytes past a
 * PLACE_ALIGN-byte boundary, and the transform, as fft_transform().
 * fft_transform() is copy 0.
 */
struct fft_copy {
	unsigned pad;
	const char *code;
	void (*transform)(const struct fft_plan *, const float *, float *,
	    int);
};
/* cpu-fft.c: every copy, in order (copy K is fft_copies[K]). */
extern const struct fft_copy *const fft_copies[PLACE_COPIES];

/* The benchmark's tone: cos(2 pi k j / n + pi/4), real, amplitude 1. */
int fft_tone_bin(int n);
void fft_tone(float *x, int n, int k);

/*
 * The checks of verify(): the spectrum of the tone (magnitudes, the
 * complex value of its bins, a direct DFT at a few bins) and the round
 * trip.
 * 0 when both hold, else -1 with the reason in why.
 */
int fft_check(const float *in, const float *spec, const float *out, int n,
    int k, char *why, size_t len);
/* Largest |out - in| the round trip may show for n points. */
double fft_round_trip_tol(int n);

/*
 * For tests: when set, verify() sees a corrupted round trip; the copy
 * the last verify() checked (-1: none yet).
 */
extern int fft_test_fault;
extern int fft_test_copy;

#endif
