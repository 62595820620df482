/*
 * cpu-fft.c - fft: an in-tree radix-2 complex float32 FFT (iterative
 * Cooley-Tukey, decimation in time: a bit-reversed copy, then log2(n)
 * stages of butterflies with a table of twiddle factors), 1024 points as
 * in seed 001, compiled with this build's flags.
 *
 * One iteration transforms the generated signal forward into the
 * spectrum, then the spectrum back (inverse, scaled by 1/n): two
 * transforms.  Both are out of place, so the input is never overwritten
 * and every iteration does the same work.  The row is in transform/s;
 * derived rows give flop/s by the usual count of 5 n log2(n) per complex
 * transform and, where the clock is known, MFLOPS/MHz.
 *
 * The transform's code is built 8 times (cpu-fft-kern.c; cpu-place.h):
 * -p fft.code=all (the default) makes the copies the case's per-process
 * variants, so each measuring process runs another copy and the figure
 * is the geometric mean over 8 code offsets modulo 128 bytes;
 * fixed runs copy 0 in every process, 0..7 that copy.
 *
 * The signal is a pure tone, cos(2 pi k j / n + pi/4) with k = 100 for
 * n = 1024 (100 waves over the 1024 points, as the seed's), so verify()
 * knows the spectrum: n/2 exp(+-i pi/4) in bins k and n - k (the phase
 * catches a sign error, which magnitudes cannot), nothing elsewhere, and
 * a direct DFT of the input agrees at a few bins; the round trip must give
 * the input back within fft_round_trip_tol(n).
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "mem.h"
#include "cpu-fft.h"
#include "result.h"

#define FFT_ALIGN	64
#define FFT_PI		3.14159265358979323846
/* tone bins within this fraction of n/2, all others below it */
#define FFT_SPEC_TOL	1e-4
/*
 * The tone's phase: pi/4, so that its bins are not real and a conjugated
 * spectrum (a forward transform with the inverse's sign) differs from the
 * right one; a plain cosine's spectrum is its own conjugate.
 */
#define FFT_TONE_PHASE	(FFT_PI / 4)

int fft_test_fault;
int fft_test_copy = -1;

/* ---- the transform ------------------------------------------------------- */

static void *
fft_alloc(size_t size)
{
	void *p;

	if (posix_memalign(&p, FFT_ALIGN, size) != 0)
		return NULL;
	return p;
}

void
fft_plan_free(struct fft_plan *p)
{
	if (p == NULL)
		return;
	free(p->tw);
	free(p->rev);
	free(p);
}

struct fft_plan *
fft_plan_new(int n)
{
	struct fft_plan *p;
	unsigned i, r, b;
	int k;

	if (n < 2 || n > 65536 || (n & (n - 1)) != 0)
		return NULL;
	p = calloc(1, sizeof(*p));
	if (p == NULL)
		return NULL;
	p->n = n;
	for (p->log2n = 0; (1 << p->log2n) < n; p->log2n++)
		;
	p->tw = fft_alloc((size_t)n * sizeof(float));
	p->rev = fft_alloc((size_t)n * sizeof(unsigned));
	if (p->tw == NULL || p->rev == NULL) {
		fft_plan_free(p);
		return NULL;
	}
	for (k = 0; k < n / 2; k++) {
		p->tw[2 * k] = (float)cos(2.0 * FFT_PI * k / n);
		p->tw[2 * k + 1] = (float)-sin(2.0 * FFT_PI * k / n);
	}
	for (i = 0; i < (unsigned)n; i++) {
		for (r = 0, b = 0; b < (unsigned)p->log2n; b++)
			r |= ((i >> b) & 1u) << (p->log2n - 1 - b);
		p->rev[i] = r;
	}
	return p;
}

/*
 * The copies of the transform (cpu-fft-kern.c, one per placement;
 * cpu-place.h), in order: copy K is fft_copies[K].
 */
PLACE_TABLE(struct fft_copy, fft_copies, fft_kernel);

void
fft_transform(const struct fft_plan *p, const float *in, float *out,
    int inverse)
{
	fft_copies[0]->transform(p, in, out, inverse);
}

/* ---- the signal and the checks ------------------------------------------ */

int
fft_tone_bin(int n)
{
	int k = (int)((long)n * 100 / 1024);

	if (k < 1)
		k = 1;
	if (k > n / 2 - 1)
		k = n / 2 - 1;
	return k;
}

void
fft_tone(float *x, int n, int k)
{
	long m;
	int j;

	for (j = 0; j < n; j++) {
		m = (long)k * j % n;	/* reduced first: exact phase */
		x[2 * j] = (float)cos(2.0 * FFT_PI * (double)m / n +
		    FFT_TONE_PHASE);
		x[2 * j + 1] = 0.0f;
	}
}

double
fft_round_trip_tol(int n)
{
	int log2n = 0;

	while ((1 << log2n) < n)
		log2n++;
	/* a few float roundings per stage, on values up to 1 */
	return 4.0 * FLT_EPSILON * (log2n + 1);
}

/* Bin b of the DFT of in, directly in double: *re, *im. */
static void
direct_bin(const float *in, int n, int b, double *re, double *im)
{
	double a, sr = 0, si = 0;
	long m;
	int j;

	for (j = 0; j < n; j++) {
		m = (long)b * j % n;	/* reduced first: exact angle */
		a = -2.0 * FFT_PI * (double)m / n;
		sr += in[2 * j] * cos(a) - in[2 * j + 1] * sin(a);
		si += in[2 * j] * sin(a) + in[2 * j + 1] * cos(a);
	}
	*re = sr;
	*im = si;
}

/*
 * The complex value of bins k and n - k (the tone's phase), and a few
 * more bins against a direct DFT of the input: catches a sign or phase
 * error that magnitudes cannot see.
 */
static int
check_phase(const float *in, const float *spec, int n, int k, char *why,
    size_t len)
{
	const int bins[] = { k, n - k, 0, 1, n / 2, n - 1 };
	double half = n / 2.0, re, im, wre, wim;
	size_t i;
	int b;

	for (i = 0; i < sizeof(bins) / sizeof(bins[0]); i++) {
		b = bins[i];
		re = spec[2 * b];
		im = spec[2 * b + 1];
		if (i < 2) {	/* the tone: n/2 exp(+-i phase) */
			wre = half * cos(FFT_TONE_PHASE);
			wim = (i == 0 ? half : -half) * sin(FFT_TONE_PHASE);
			if (!(hypot(re - wre, im - wim) <=
			    FFT_SPEC_TOL * half)) {
				snprintf(why, len, "X(%d) is %.6g%+.6gi, the "
				    "tone should give %.6g%+.6gi", b, re, im,
				    wre, wim);
				return -1;
			}
		}
		direct_bin(in, n, b, &wre, &wim);
		if (!(hypot(re - wre, im - wim) <= FFT_SPEC_TOL * half)) {
			snprintf(why, len, "X(%d) is %.6g%+.6gi, a direct DFT "
			    "gives %.6g%+.6gi", b, re, im, wre, wim);
			return -1;
		}
	}
	return 0;
}

int
fft_check(const float *in, const float *spec, const float *out, int n, int k,
    char *why, size_t len)
{
	double half = n / 2.0, mag, err, maxerr = 0;
	double tol = fft_round_trip_tol(n);
	int j, at = 0;

	if (check_phase(in, spec, n, k, why, len) != 0)
		return -1;
	for (j = 0; j < n; j++) {
		mag = hypot(spec[2 * j], spec[2 * j + 1]);
		if (j == k || j == n - k) {
			if (!(fabs(mag - half) <= FFT_SPEC_TOL * half)) {
				snprintf(why, len, "|X(%d)| is %.6g, the tone "
				    "should give %g", j, mag, half);
				return -1;
			}
		} else if (!(mag <= FFT_SPEC_TOL * half)) {
			snprintf(why, len, "|X(%d)| is %.6g: the tone should "
			    "be in bins %d and %d only", j, mag, k, n - k);
			return -1;
		}
	}
	for (j = 0; j < 2 * n; j++) {
		err = fabs((double)out[j] - (double)in[j]);
		if (isnan(err) || err > maxerr) {
			maxerr = err;
			at = j;
		}
	}
	if (!(maxerr <= tol)) {
		snprintf(why, len, "round trip error %.3g at point %d exceeds "
		    "%.3g", maxerr, at / 2, tol);
		return -1;
	}
	return 0;
}

/* ---- the benchmark ------------------------------------------------------- */

struct fft_state {
	struct fft_plan *plan;
	float *in, *spec, *out;		/* in one placed block */
	struct mem_block blk;
	int k;
	unsigned copy;			/* the transform's copy it runs */
	uint64_t iters;
};

/*
 * The derived rows per size: 5 n log2 n flops per transform (a transform
 * pair is two, the case's work), constant tables so that plan() writes no
 * global state.
 */
#define FFT_DERIVED(n, lg) { \
	{ .name = "flops", .unit = "flop/s", .how = BENCH_D_SCALE, \
	  .scale = 5.0 * (n) * (lg) }, \
	{ .name = "mflops-per-mhz", .unit = "MFLOPS/MHz", \
	  .how = BENCH_D_PER_MHZ, .scale = 5.0 * (n) * (lg) * 1e-6 }, \
	{ .name = NULL } }
static const struct bench_derived fft_derived[][3] = {
	FFT_DERIVED(1, 0), FFT_DERIVED(2, 1), FFT_DERIVED(4, 2),
	FFT_DERIVED(8, 3), FFT_DERIVED(16, 4), FFT_DERIVED(32, 5),
	FFT_DERIVED(64, 6), FFT_DERIVED(128, 7), FFT_DERIVED(256, 8),
	FFT_DERIVED(512, 9), FFT_DERIVED(1024, 10), FFT_DERIVED(2048, 11),
	FFT_DERIVED(4096, 12), FFT_DERIVED(8192, 13), FFT_DERIVED(16384, 14),
	FFT_DERIVED(32768, 15), FFT_DERIVED(65536, 16),
};

/* Its parameters (bench_params()); see fft_params. */
struct fft_params {
	const char *n;			/* a power of two, as text */
	struct bench_list placement;	/* MEM_PARAM_PLACEMENT */
	const char *code;		/* PLACE_PARAM */
};

static int
fft_plan_cases(struct bench_ctx *ctx)
{
	const struct fft_params *p = bench_params(ctx);
	int n = atoi(p->n), log2n = 0;
	struct bench_case *c;
	char name[32], suf[16];
	int pl[MP_COUNT];
	size_t npl, m;

	while ((1 << log2n) < n)
		log2n++;
	if (log2n >= (int)(sizeof(fft_derived) / sizeof(fft_derived[0])))
		return bench_fail(ctx, "n=%d: no derived table", n);
	npl = mem_placements(&p->placement, pl, MP_COUNT);
	for (m = 0; m < npl; m++) {
		mem_placement_suffix(pl[m], npl, suf, sizeof(suf));
		snprintf(name, sizeof(name), "f32-%d%s", n, suf);
		c = bench_add_case(ctx, name, "transform/s", BENCH_RATE, 2);
		if (c == NULL)
			return -1;
		c->arg = n;
		c->id = pl[m];
		c->derived = fft_derived[log2n];
		if (place_choice(p->code) < 0)
			c->variants = PLACE_COPIES;
	}
	return 0;
}

static void
fft_state_free(struct fft_state *s)
{
	if (s == NULL)
		return;
	fft_plan_free(s->plan);
	mem_unplace(&s->blk);
	free(s);
}

/* setup() proper; fft_setup() cleans up after a failure. */
static int
fft_setup_state(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct fft_state *s = calloc(1, sizeof(*s));
	int n = (int)c->arg;
	/* each buffer a whole number of 64-byte lines */
	size_t bytes = (2 * (size_t)n * sizeof(float) + 63) / 64 * 64;
	int rc;

	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	bench_set_priv(ctx, s);
	s->plan = fft_plan_new(n);
	if (s->plan == NULL)
		return bench_fail(ctx, "cannot make a plan for n=%d", n);
	if ((rc = mem_place(ctx, c->id, 3 * bytes, &s->blk)) != 0)
		return rc;
	s->in = s->blk.p;
	s->spec = (float *)((char *)s->blk.p + bytes);
	s->out = (float *)((char *)s->blk.p + 2 * bytes);
	s->k = fft_tone_bin(n);
	fft_tone(s->in, n, s->k);
	s->copy = place_copy(ctx, ((const struct fft_params *)
	    bench_params(ctx))->code);
	return 0;
}

static int
fft_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	int rc = fft_setup_state(ctx, c);

	if (rc != 0) {		/* no teardown() follows a failed setup() */
		fft_state_free(bench_priv(ctx));
		bench_set_priv(ctx, NULL);
	}
	return rc;
}

static int
fft_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct fft_state *s = bench_priv(ctx);
	const struct fft_copy *k = fft_copies[s->copy];
	uint64_t i;

	(void)c;
	for (i = 0; i < iters; i++) {
		k->transform(s->plan, s->in, s->spec, 0);
		k->transform(s->plan, s->spec, s->out, 1);
	}
	s->iters += iters;
	return 0;
}

static int
fft_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct fft_state *s = bench_priv(ctx);
	char why[160];
	float keep;
	int rc;

	if (s->iters == 0)
		fft_run(ctx, c, 1);
	keep = s->out[0];
	if (fft_test_fault)
		s->out[0] += 0.01f;
	rc = fft_check(s->in, s->spec, s->out, s->plan->n, s->k, why,
	    sizeof(why));
	s->out[0] = keep;
	fft_test_copy = (int)s->copy;
	if (rc != 0)
		return bench_fail(ctx, "copy %u: %s", s->copy, why);
	bench_extra(ctx, "round_trip_tol", fft_round_trip_tol(s->plan->n));
	mem_place_note(ctx, &s->blk);
	return 0;
}

static void
fft_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	fft_state_free(bench_priv(ctx));
	bench_set_priv(ctx, NULL);
}

static const struct bench_param fft_params[] = {
	{
		BENCH_PARAM_CHOICE(struct fft_params, n), .def = "1024",
		.choices = "16|32|64|128|256|512|1024|2048|4096|8192|16384|"
		    "32768|65536",
		.help = "points per transform, a power of two (seed 001: 1024)",
	},
	MEM_PARAM_PLACEMENT(struct fft_params, placement),
	PLACE_PARAM(struct fft_params, code, "transform's"),
	{ .name = NULL }
};

/* FFTs per second: "65.43 kFFT/s" fits the unit column (bench.h, quotes). */
static const struct bench_quote fft_quotes[] = {
	{ "transform/s", NULL, 1, "FFT/s", BENCH_Q_HUMAN },
	{ 0 }
};

const struct bench_info bench_fft_info = {
	.name = "fft",
	.group = "cpu",
	.description = "in-tree radix-2 complex float32 FFT, 1024 points, "
	    "forward then inverse; transforms/s, round trip checked",
	.unit = "transform/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = fft_params,
	.params_size = sizeof(struct fft_params),
	.plan = fft_plan_cases,
	.setup = fft_setup,
	.run = fft_run,
	.verify = fft_verify,
	.teardown = fft_teardown,
	.classic = mem_classic_placements,
	.quotes = fft_quotes,
};
