/*
 * t-mp3.c - known answers for the MP3 decoding benchmark: the case names
 * and units, every bit rate's decode verifying (exact length, SNR above
 * the bound, recorded as an extra), a decode with its channels swapped
 * failing verify(), a bit rate MPEG-1 does not have refused, and, in a
 * build without the libraries, the benchmark unavailable with the reason
 * (the test then checks that configure really did not find them).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "kat.h"
#include "registry.h"
#include "runner-int.h"
#include "tap.h"

extern const struct bench_info bench_mp3_info;
extern int mp3_test_fault;

static double
extra(const struct bench_ctx *ctx, const char *name)
{
	size_t i;

	for (i = 0; i < ctx->nextras; i++)
		if (strcmp(ctx->extras[i].name, name) == 0)
			return ctx->extras[i].value;
	return -1;
}

int
main(void)
{
	static const char *const rates[] = { "mp3.bitrate=64",
	    "mp3.bitrate=128", "mp3.bitrate=320" };
	const char *spec[2];
	struct bench_ctx *ctx;
	char why[160];
	size_t i;
	int vf = 0, rc;

	if (registry_unavailable(&bench_mp3_info, why, sizeof(why))) {
#if defined(HAVE_MPG123) && defined(HAVE_LAME)
		bail("built with libmpg123 and libmp3lame, yet: %s", why);
#else
		skip_all("%s", why);
#endif
	}
	spec[0] = "mp3.seconds=2";
	for (i = 0; i < sizeof(rates) / sizeof(rates[0]); i++) {
		spec[1] = rates[i];
		ctx = kat_ctx(&bench_mp3_info, spec, 2);
		is_int((long long)ctx->ncases, 1, "%s: one case", rates[i]);
		is_str(ctx->cases[0].unit, "s/s", "audio seconds per second");
		ok(ctx->cases[0].work == 2, "work is the signal's length");
		rc = bench_ctx_exercise(ctx, 0, 2, &vf);
		ok(rc == 0, "%s: decodes and verifies%s%s", rates[i],
		    rc ? ": " : "", rc ? ctx->reason : "");
		ok(extra(ctx, "snr_db") >= 15, "%s: SNR %.1f dB recorded",
		    rates[i], extra(ctx, "snr_db"));
		ok(extra(ctx, "mp3_bytes") > 2 * 64000 / 8 * 0.9,
		    "%s: the encoded file has a plausible size (%.0f bytes)",
		    rates[i], extra(ctx, "mp3_bytes"));
		bench_ctx_free(ctx);
	}

	spec[1] = "mp3.bitrate=128";
	ctx = kat_ctx(&bench_mp3_info, spec, 2);
	is_str(ctx->cases[0].name, "decode/128kbps", "case name");
	ok(ctx->cases[0].derived != NULL &&
	    strcmp(ctx->cases[0].derived[0].unit, "frame/s") == 0,
	    "a derived frames/s row");
	mp3_test_fault = 1;
	rc = bench_ctx_exercise(ctx, 0, 1, &vf);
	ok(rc != 0 && vf, "swapped channels fail verify (%s)", ctx->reason);
	bench_ctx_free(ctx);

	{
		struct param_set ps;

		param_set_init(&ps);
		ok(param_set_add(&ps, "mp3.bitrate=100") != 0,
		    "100 kbit/s is refused");
		ok(param_set_add(&ps, "mp3.bitrate=160") == 0,
		    "160 kbit/s is taken");
		param_set_release(&ps);
	}
	return done_testing();
}
