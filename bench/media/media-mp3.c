/*
 * media-mp3.c - MP3 decoding with libmpg123 (seed 001's "MP3 decoding"
 * task on a Linux board).
 *
 * The input is made here, never downloaded: setup() generates a test
 * signal (two tones per channel and a little noise, 44.1 kHz stereo,
 * `mp3.seconds` long) and encodes it once with libmp3lame at
 * `mp3.bitrate` kbit/s CBR, LAME tag included so the decoder can trim the
 * encoder delay and padding (gapless).  run() decodes the whole file from
 * memory `iters` times through a reused mpg123 handle reading with our own
 * read/seek callbacks (no copies, no allocation per decode).  verify()
 * checks the last decode: exactly as many samples as the source had, and
 * a signal-to-noise ratio against the source above MP3_MIN_SNR_DB.
 *
 * The value is seconds of audio decoded per second (the real-time
 * factor); a derived row gives MPEG audio frames (1152 samples) per second.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "bench.h"

#if defined(HAVE_MPG123) && defined(HAVE_LAME)
#include <lame/lame.h>
#include <mpg123.h>
#define MP3_BUILT 1
#else
#define MP3_BUILT 0
#endif

#define MP3_RATE	44100
#define MP3_FRAME	1152		/* samples per MPEG-1 Layer III frame */
/*
 * The decoded signal against the source: the test signal comes back at
 * 25 dB (64 kbit/s) to 43 dB (320 kbit/s) here; a decoder that loses a channel, swaps them, shifts
 * the signal or garbles it lands near 0 dB or below.
 */
#define MP3_MIN_SNR_DB	15.0

/* Set by the known-answer test: corrupt the decoded signal once. */
int mp3_test_fault;

static int
bitrate_check(const char *value, char *err, size_t errlen)
{
	static const int ok[] = { 32, 40, 48, 56, 64, 80, 96, 112, 128, 160,
	    192, 224, 256, 320 };
	long v = strtol(value, NULL, 10);
	size_t i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		if (v == ok[i])
			return 0;
	snprintf(err, errlen, "%s is not an MPEG-1 Layer III bit rate "
	    "(32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256 or 320)",
	    value);
	return -1;
}

/* Its parameters (bench_params()); see mp3_params. */
struct mp3_params {
	long long seconds, bitrate;
};

static const struct bench_param mp3_params[] = {
	{ BENCH_PARAM_INT(struct mp3_params, seconds), .min = 1, .max = 60,
	  .def = "5", .quick = "2",
	  .help = "length of the generated test signal, seconds" },
	{ BENCH_PARAM_INT(struct mp3_params, bitrate), .min = 32, .max = 320,
	  .def = "128", .check = bitrate_check,
	  .help = "bit rate the test signal is encoded at, kbit/s (CBR)" },
	{ .name = NULL }
};

static const struct bench_derived mp3_derived[] = {
	{ "frames", "frame/s", BENCH_D_SCALE, (double)MP3_RATE / MP3_FRAME },
	{ NULL, NULL, 0, 0 }
};

static int
mp3_plan(struct bench_ctx *ctx)
{
	const struct mp3_params *p = bench_params(ctx);
	char name[64];
	struct bench_case *c;

	snprintf(name, sizeof(name), "decode/%lldkbps", p->bitrate);
	c = bench_add_case(ctx, name, "s/s", BENCH_RATE, (double)p->seconds);
	if (c == NULL)
		return -1;
	c->derived = mp3_derived;
	return 0;
}

#if MP3_BUILT

struct mp3_state {
	int16_t *src;		/* the source signal, interleaved */
	size_t nsamples;	/* per channel */
	unsigned char *mp3;	/* the encoded file */
	size_t mp3len;
	int16_t *out;		/* the last decode */
	size_t outcap, outlen;	/* in int16 values */
	size_t pos;		/* read position of the callbacks */
	mpg123_handle *mh;
};

/* A small deterministic noise source (xorshift32), in [-1, 1). */
static double
noise(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return (double)*s / 2147483648.0 - 1.0;
}

static void
make_signal(int16_t *pcm, size_t n)
{
	const double w = 2.0 * M_PI / MP3_RATE;
	uint32_t seed = 0x2545f491u;
	double l, r;
	size_t i;

	for (i = 0; i < n; i++) {
		l = 0.40 * sin(w * 440.0 * (double)i) +
		    0.15 * sin(w * 2500.0 * (double)i) + 0.01 * noise(&seed);
		r = 0.30 * sin(w * 1000.0 * (double)i) +
		    0.20 * sin(w * 330.0 * (double)i) + 0.01 * noise(&seed);
		pcm[2 * i] = (int16_t)lrint(l * 32767.0);
		pcm[2 * i + 1] = (int16_t)lrint(r * 32767.0);
	}
}

static int
encode(struct bench_ctx *ctx, struct mp3_state *s, int kbps)
{
	size_t cap = s->nsamples * 5 / 4 + 7200, len = 0, i, chunk;
	lame_global_flags *gf = lame_init();
	int n = 0;

	if (gf == NULL)
		return bench_fail(ctx, "lame_init failed");
	s->mp3 = malloc(cap);
	if (s->mp3 == NULL) {
		lame_close(gf);
		return bench_fail(ctx, "out of memory");
	}
	lame_set_in_samplerate(gf, MP3_RATE);
	lame_set_out_samplerate(gf, MP3_RATE);
	lame_set_num_channels(gf, 2);
	lame_set_mode(gf, JOINT_STEREO);
	lame_set_VBR(gf, vbr_off);
	lame_set_brate(gf, kbps);
	lame_set_quality(gf, 7);		/* fast: this is set-up */
	lame_set_bWriteVbrTag(gf, 1);		/* the LAME tag: gapless */
	if (lame_init_params(gf) < 0) {
		lame_close(gf);
		return bench_fail(ctx, "lame_init_params failed at %d kbit/s",
		    kbps);
	}
	/* in pieces, as the encoder's int sample count wants */
	for (i = 0; i < s->nsamples; i += chunk) {
		chunk = s->nsamples - i < 65536 ? s->nsamples - i : 65536;
		n = lame_encode_buffer_interleaved(gf, s->src + 2 * i,
		    (int)chunk, s->mp3 + len, (int)(cap - len));
		if (n < 0)
			break;
		len += (size_t)n;
	}
	n = n < 0 ? n : lame_encode_flush(gf, s->mp3 + len, (int)(cap - len));
	if (n < 0) {
		lame_close(gf);
		return bench_fail(ctx, "lame encoding failed (%d)", n);
	}
	len += (size_t)n;
	/* the tag goes into the first frame, which the encoder left for it */
	if (lame_get_lametag_frame(gf, s->mp3, len) == 0) {
		lame_close(gf);
		return bench_fail(ctx, "lame gave no LAME tag frame");
	}
	lame_close(gf);
	s->mp3len = len;
	return 0;
}

static mpg123_ssize_t
cb_read(void *h, void *buf, size_t n)
{
	struct mp3_state *s = h;

	if (n > s->mp3len - s->pos)
		n = s->mp3len - s->pos;
	memcpy(buf, s->mp3 + s->pos, n);
	s->pos += n;
	return (mpg123_ssize_t)n;
}

static off_t
cb_lseek(void *h, off_t off, int whence)
{
	struct mp3_state *s = h;
	off_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ?
	    (off_t)s->pos : (off_t)s->mp3len;

	if (whence != SEEK_SET && whence != SEEK_CUR && whence != SEEK_END)
		return -1;
	if (base + off < 0 || base + off > (off_t)s->mp3len)
		return -1;
	s->pos = (size_t)(base + off);
	return (off_t)s->pos;
}

static void mp3_teardown(struct bench_ctx *, const struct bench_case *);

/* setup() proper; mp3_setup() cleans up after a failure. */
static int
mp3_setup_state(struct bench_ctx *ctx, const struct bench_case *c)
{
	const struct mp3_params *p = bench_params(ctx);
	struct mp3_state *s = calloc(1, sizeof(*s));
	int err = MPG123_OK, rc;

	(void)c;
	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	bench_set_priv(ctx, s);
	s->nsamples = (size_t)p->seconds * MP3_RATE;
	s->src = malloc(s->nsamples * 2 * sizeof(*s->src));
	/* room for the encoder's delay and padding, should gapless fail */
	s->outcap = (s->nsamples + 4 * MP3_FRAME) * 2;
	s->out = malloc(s->outcap * sizeof(*s->out));
	if (s->src == NULL || s->out == NULL)
		return bench_fail(ctx, "out of memory");
	make_signal(s->src, s->nsamples);
	rc = encode(ctx, s, (int)p->bitrate);
	if (rc != 0)
		return rc;
#if MPG123_API_VERSION < 46
	mpg123_init();
#endif
	s->mh = mpg123_new(NULL, &err);
	if (s->mh == NULL)
		return bench_fail(ctx, "mpg123_new: %s",
		    mpg123_plain_strerror(err));
	if (mpg123_param(s->mh, MPG123_ADD_FLAGS, MPG123_QUIET, 0) !=
	    MPG123_OK ||
	    mpg123_format_none(s->mh) != MPG123_OK ||
	    mpg123_format(s->mh, MP3_RATE, MPG123_STEREO,
	    MPG123_ENC_SIGNED_16) != MPG123_OK ||
	    mpg123_replace_reader_handle(s->mh, cb_read, cb_lseek, NULL) !=
	    MPG123_OK)
		return bench_fail(ctx, "mpg123 set-up: %s",
		    mpg123_strerror(s->mh));
	return 0;
}

static int
mp3_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	int rc = mp3_setup_state(ctx, c);

	if (rc != 0)		/* no teardown() follows a failed setup() */
		mp3_teardown(ctx, c);
	return rc;
}

/* One whole decode into s->out; 0, or -1 with the reason. */
static int
decode_once(struct bench_ctx *ctx, struct mp3_state *s)
{
	size_t done, have = 0, cap = s->outcap * sizeof(*s->out);
	unsigned char *out = (unsigned char *)s->out;
	int rc;

	s->pos = 0;
	if (mpg123_open_handle(s->mh, s) != MPG123_OK)
		return bench_fail(ctx, "mpg123_open_handle: %s",
		    mpg123_strerror(s->mh));
	do {
		done = 0;
		rc = mpg123_read(s->mh, out + have, cap - have, &done);
		have += done;
	} while ((rc == MPG123_OK || rc == MPG123_NEW_FORMAT) && have < cap);
	mpg123_close(s->mh);
	if (rc != MPG123_DONE && !(rc == MPG123_OK && have == cap))
		return bench_fail(ctx, "mpg123_read: %s", rc == MPG123_ERR ?
		    mpg123_strerror(s->mh) : mpg123_plain_strerror(rc));
	s->outlen = have / sizeof(*s->out);
	return 0;
}

static int
mp3_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct mp3_state *s = bench_priv(ctx);
	uint64_t i;

	(void)c;
	for (i = 0; i < iters; i++)
		if (decode_once(ctx, s) != 0)
			return -1;
	bench_sink((uint64_t)s->out[s->outlen / 2]);
	return 0;
}

static int
mp3_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct mp3_state *s = bench_priv(ctx);
	double sig = 0, err = 0, d, snr;
	size_t i, n = s->nsamples * 2;

	(void)c;
	if (mp3_test_fault && s->outlen > 0) {
		/* the channels swapped, as a broken decoder might */
		for (i = 0; i + 1 < s->outlen; i += 2) {
			int16_t t = s->out[i];

			s->out[i] = s->out[i + 1];
			s->out[i + 1] = t;
		}
		mp3_test_fault = 0;
	}
	if (s->outlen != n)
		return bench_fail(ctx, "decoded %zu samples per channel, the "
		    "source has %zu (gapless trimming failed?)",
		    s->outlen / 2, s->nsamples);
	for (i = 0; i < n; i++) {
		d = (double)s->out[i] - (double)s->src[i];
		sig += (double)s->src[i] * (double)s->src[i];
		err += d * d;
	}
	snr = err > 0 ? 10.0 * log10(sig / err) : 200.0;
	bench_extra(ctx, "snr_db", snr);
	bench_extra(ctx, "mp3_bytes", (double)s->mp3len);
	if (!(snr >= MP3_MIN_SNR_DB))
		return bench_fail(ctx, "decoded signal is %.1f dB from the "
		    "source (at least %.0f dB expected)", snr, MP3_MIN_SNR_DB);
	return 0;
}

static void
mp3_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct mp3_state *s = bench_priv(ctx);

	(void)c;
	if (s == NULL)
		return;
	if (s->mh != NULL)
		mpg123_delete(s->mh);
	free(s->src);
	free(s->mp3);
	free(s->out);
	free(s);
	bench_set_priv(ctx, NULL);
}

#endif /* MP3_BUILT */

/* The real-time factor: "1027.4x realtime" (bench.h, quotes). */
static const struct bench_quote mp3_quotes[] = {
	{ "s/s", NULL, 1, "realtime", BENCH_Q_TIMES },
	{ 0 }
};

const struct bench_info bench_mp3_info = {
	.name = "mp3",
	.group = "media",
	.description = "MP3 decoding with libmpg123 of a test signal the "
	    "tool encodes itself (libmp3lame); seconds of audio per second",
	.unit = "s/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = mp3_params,
	.params_size = sizeof(struct mp3_params),
	.plan = mp3_plan,
#if MP3_BUILT
	.setup = mp3_setup,
	.run = mp3_run,
	.verify = mp3_verify,
	.teardown = mp3_teardown,
#else
	.unavailable =
#ifndef HAVE_MPG123
	    "built without libmpg123",
#else
	    "built without libmp3lame (it makes the test signal)",
#endif
#endif
	.quotes = mp3_quotes,
};
