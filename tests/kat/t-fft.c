/*
 * t-fft.c - known answers for the in-tree FFT: an impulse, a single
 * complex exponential, agreement with a direct DFT in double, the tone of
 * the benchmark in its bins, a conjugated spectrum (a sign error) failing
 * the check, round trips within the stated tolerance for every size,
 * verify() failing on a corrupted round trip, and the sizes; the copies
 * of the transform at 8 code placements (their offsets modulo 128 bytes,
 * the same result from each, the copy each fft.code setting runs, the
 * figure as the geometric mean over placements).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpu-fft.h"
#include "kat.h"
#include "registry.h"
#include "runner-int.h"
#include "tap.h"

extern const struct bench_info bench_fft_info;

#define PI 3.14159265358979323846

static float *
vec(int n)
{
	float *v = calloc(2 * (size_t)n, sizeof(float));

	if (v == NULL)
		bail("out of memory");
	return v;
}

/* Largest |X - DFT(x)| over all bins, the DFT in double. */
static double
dft_error(const float *x, const float *X, int n)
{
	double re, im, a, err = 0, e;
	int j, k;

	for (k = 0; k < n; k++) {
		re = im = 0;
		for (j = 0; j < n; j++) {
			a = -2 * PI * (double)(((long)j * k) % n) / n;
			re += x[2 * j] * cos(a) - x[2 * j + 1] * sin(a);
			im += x[2 * j] * sin(a) + x[2 * j + 1] * cos(a);
		}
		e = hypot(X[2 * k] - re, X[2 * k + 1] - im);
		if (e > err)
			err = e;
	}
	return err;
}

/* The address of code, as an integer (the Thumb bit included). */
#define ADDR(fn) ((uintptr_t)(fn))

/*
 * Every copy's code where bench/cpu/cpu-place.h says: it begins at
 * 16 x K modulo 128 bytes and the transform lies at the same
 * distance from that start as in copy 0; every copy transforms an input
 * to the very same bits as copy 0 (one source, one set of flags).
 */
static void
test_copies(void)
{
	const struct fft_copy *c0 = fft_copies[0], *c;
	struct fft_plan *p = fft_plan_new(256);
	float *x = vec(256), *X0 = vec(256), *X = vec(256);
	unsigned k, want, seen[PLACE_OFFSETS] = { 0 };
	int j;

	if (p == NULL)
		bail("no plan for n=256");
	for (j = 0; j < 2 * 256; j++)
		x[j] = (float)((j * 7919) % 1000) / 1000.0f - 0.5f;
	c0->transform(p, x, X0, 0);
	for (k = 0; k < PLACE_COPIES; k++) {
		c = fft_copies[k];
		want = k % PLACE_OFFSETS * PLACE_STEP;
		is_int(c->pad, want, "copy %u: its pad is %u bytes", k, want);
		is_int(place_code_offset(ADDR(c->code)), want, "copy %u: its "
		    "code begins at %u modulo 128", k, want);
		ok(ADDR(c->transform) - ADDR(c->code) ==
		    ADDR(c0->transform) - ADDR(c0->code) &&
		    ADDR(c->transform) >= ADDR(c->code) &&
		    ADDR(c->transform) - ADDR(c->code) < 4096,
		    "copy %u: the transform at copy 0's distance from the "
		    "code's start", k);
		seen[place_code_offset(ADDR(c->transform)) / PLACE_STEP]++;
		c->transform(p, x, X, 0);
		ok(memcmp(X, X0, 2 * 256 * sizeof(float)) == 0,
		    "copy %u: the same spectrum as copy 0, bit for bit", k);
	}
	for (k = 0; k < PLACE_OFFSETS; k++)
		is_int(seen[k], PLACE_COPIES / PLACE_OFFSETS, "offset %u: the "
		    "transform of %d copy", k * PLACE_STEP,
		    PLACE_COPIES / PLACE_OFFSETS);
	fft_plan_free(p);
	free(x);
	free(X0);
	free(X);
}

int
main(void)
{
	static const uint64_t placement_runs[] = { 1, 2, 100 };
	struct kat_rows rs = { .n = 0 };
	struct fft_plan *p;
	struct bench_ctx *ctx;
	struct param_set ps;
	float *x, *X, *y;
	double err, maxerr;
	char why[160];
	int n, j, good, vf, rc, k;

	/* an impulse at 0 gives all ones; e^{2 pi i 3 j / n} gives n at 3 */
	n = 64;
	p = fft_plan_new(n);
	x = vec(n);
	X = vec(n);
	y = vec(n);
	x[0] = 1;
	fft_transform(p, x, X, 0);
	for (j = 0, good = 1; j < n; j++)
		good &= fabs(X[2 * j] - 1) < 1e-6 && fabs(X[2 * j + 1]) < 1e-6;
	ok(good, "impulse: a flat spectrum");
	for (j = 0; j < n; j++) {
		x[2 * j] = (float)cos(2 * PI * 3 * j / n);
		x[2 * j + 1] = (float)sin(2 * PI * 3 * j / n);
	}
	fft_transform(p, x, X, 0);
	for (j = 0, good = 1; j < n; j++)
		good &= fabs(hypot(X[2 * j], X[2 * j + 1]) - (j == 3 ? n : 0)) <
		    1e-4;
	ok(good, "a complex exponential lands in bin 3 with magnitude n");
	for (j = 0; j < n; j++) {
		x[2 * j] = (float)sin(0.37 * j * j) ;
		x[2 * j + 1] = (float)cos(1.3 * j);
	}
	fft_transform(p, x, X, 0);
	err = dft_error(x, X, n);
	ok(err < 1e-4, "n=64: agrees with a direct DFT (max error %.2g)", err);
	free(x);
	free(X);
	free(y);
	fft_plan_free(p);

	/* round trips and the tone at every size */
	for (n = 2; n <= 65536; n *= 2) {
		p = fft_plan_new(n);
		if (p == NULL)
			bail("no plan for n=%d", n);
		x = vec(n);
		X = vec(n);
		y = vec(n);
		for (j = 0; j < n; j++) {
			x[2 * j] = (float)sin(0.1 * j + 0.3 * (j % 7));
			x[2 * j + 1] = (float)cos(0.05 * j * (j % 3));
		}
		fft_transform(p, x, X, 0);
		fft_transform(p, X, y, 1);
		for (j = 0, maxerr = 0; j < 2 * n; j++)
			if (fabs(y[j] - x[j]) > maxerr)
				maxerr = fabs(y[j] - x[j]);
		ok(maxerr <= fft_round_trip_tol(n), "n=%d: round trip error "
		    "%.2g within %.2g", n, maxerr, fft_round_trip_tol(n));
		if (n >= 16) {
			k = fft_tone_bin(n);
			fft_tone(x, n, k);
			fft_transform(p, x, X, 0);
			fft_transform(p, X, y, 1);
			rc = fft_check(x, X, y, n, k, why, sizeof(why));
			ok(rc == 0, "n=%d: the tone is in bins %d and %d, and "
			    "comes back%s%s", n, k, n - k, rc ? ": " : "",
			    rc ? why : "");
			/* a sign error: the spectrum conjugated */
			for (j = 0; j < n; j++)
				X[2 * j + 1] = -X[2 * j + 1];
			rc = fft_check(x, X, y, n, k, why, sizeof(why));
			ok(rc != 0 && strstr(why, "X(") != NULL, "n=%d: a "
			    "conjugated spectrum fails the check (%s)", n,
			    why);
		}
		free(x);
		free(X);
		free(y);
		fft_plan_free(p);
	}
	is_int(fft_tone_bin(1024), 100, "n=1024: the seed's 100 waves");
	ok(fft_plan_new(1000) == NULL && fft_plan_new(1) == NULL,
	    "no plan for n that is not a power of two >= 2");

	/* the benchmark */
	ctx = bench_ctx_new(&bench_fft_info, "quick", NULL);
	if (ctx == NULL)
		bail("bench_ctx_new failed");
	is_str(ctx->cases[0].name, "f32-1024", "case f32-1024");
	is_str(ctx->cases[0].unit, "transform/s", "unit transform/s");
	is_double(ctx->cases[0].work, 2, 0, "forward + inverse: 2 per "
	    "iteration");
	ok(ctx->cases[0].derived != NULL &&
	    ctx->cases[0].derived[0].scale == 5.0 * 1024 * 10 &&
	    fabs(ctx->cases[0].derived[1].scale - 0.0512) < 1e-15,
	    "derived: 5 n log2 n flops per transform, and per MHz");
	rc = bench_ctx_exercise(ctx, 0, 10, &vf);
	ok(rc == 0 && vf == 0, "10 iterations verify%s%s",
	    ctx->reason[0] ? ": " : "", ctx->reason);
	fft_test_fault = 1;
	rc = bench_ctx_exercise(ctx, 0, 1, &vf);
	ok(rc == -1 && vf == 1 && strstr(ctx->reason, "round trip") != NULL,
	    "a corrupted round trip fails verify: %s", ctx->reason);
	fft_test_fault = 0;
	bench_ctx_free(ctx);

	param_set_init(&ps);
	ok(param_set_add(&ps, "fft.n=1000") != 0, "n=1000 refused");
	ok(param_set_add(&ps, "fft.n=131072") != 0, "n=131072 refused");
	ok(param_set_add(&ps, "fft.n=16") == 0, "n=16 accepted");
	ctx = bench_ctx_new(&bench_fft_info, "quick", &ps);
	param_set_release(&ps);
	rc = ctx ? bench_ctx_exercise(ctx, 0, 5, &vf) : -1;
	ok(rc == 0 && vf == 0, "n=16 verifies");
	bench_ctx_free(ctx);

	test_copies();
	kat_place_settings(&bench_fft_info, "code", &fft_test_copy,
	    placement_runs, sizeof(placement_runs) / sizeof(placement_runs[0]));
	kat_place_runner(&bench_fft_info, "code", &rs);
	ok(rs.n >= 2 && strcmp(rs.r[1].case_name, "f32-1024/flops") == 0 &&
	    fabs(rs.r[1].st.median / rs.r[0].st.median / 51200 - 1) < 1e-12,
	    "flop/s: the same median over placements");
	kat_rows_release(&rs);
	return done_testing();
}
