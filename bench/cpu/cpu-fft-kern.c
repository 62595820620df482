/*
 * cpu-fft-kern.c - the transform of the fft benchmark: a radix-2
 * decimation-in-time FFT (a bit-reversed copy, then log2(n) stages of
 * butterflies with the plan's twiddle factors).  Built once per copy of
 * its code (-DFFT_COPY=K, bench/cpu/cpu.am; cpu-place.h), every copy from
 * this source, so the benchmark can measure it across code placements.
 */
#include "config.h"

#include "cpu-fft.h"

#ifndef FFT_COPY
#error "built once per copy with -DFFT_COPY=K (bench/cpu/cpu.am)"
#endif

#define fft_transform_k	PLACE_CAT(fft_transform, FFT_COPY)
#define fft_code_k	PLACE_CAT(fft_code, FFT_COPY)
#define fft_kernel_k	PLACE_CAT(fft_kernel, FFT_COPY)

/* before the first function: where this copy's code begins */
PLACE_CODE(fft_code_k, FFT_COPY);
extern const char fft_code_k[];

/*
 * The butterflies of every stage on x in bit-reversed order; conj is 1
 * for the forward transform, -1 for the inverse (conjugate twiddles).
 * Inlined twice, so each direction gets its own constant.
 */
static inline void
fft_stages(const struct fft_plan *p, float *x, float conj)
{
	int n = p->n, len, half, step, i, j;
	const float *w;
	float *a, *b, wr, wi, tr, ti;

	for (len = 2, step = n / 2; len <= n; len *= 2, step /= 2) {
		half = len / 2;
		for (i = 0; i < n; i += len) {
			for (j = 0; j < half; j++) {
				w = p->tw + 2 * j * step;
				wr = w[0];
				wi = conj * w[1];
				a = x + 2 * (i + j);
				b = a + 2 * half;
				tr = wr * b[0] - wi * b[1];
				ti = wr * b[1] + wi * b[0];
				b[0] = a[0] - tr;
				b[1] = a[1] - ti;
				a[0] += tr;
				a[1] += ti;
			}
		}
	}
}

static void
fft_transform_k(const struct fft_plan *p, const float *in, float *out,
    int inverse)
{
	int i, n = p->n;
	unsigned r;
	float scale;

	for (i = 0; i < n; i++) {
		r = p->rev[i];
		out[2 * r] = in[2 * i];
		out[2 * r + 1] = in[2 * i + 1];
	}
	if (!inverse) {
		fft_stages(p, out, 1.0f);
		return;
	}
	fft_stages(p, out, -1.0f);
	scale = 1.0f / (float)n;	/* a power of two: exact */
	for (i = 0; i < 2 * n; i++)
		out[i] *= scale;
}

const struct fft_copy fft_kernel_k = {
	.pad = PLACE_PAD_OF(FFT_COPY),
	.code = fft_code_k,
	.transform = fft_transform_k,
};
