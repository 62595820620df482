/*
 * crypto-hash.c - message digests (and HMAC-SHA-256) through OpenSSL EVP,
 * libgcrypt and mbed TLS, side by side: one case per algorithm, library,
 * message size and write pattern, e.g. sha256/openssl/8192.  One unit of
 * work is one whole digest (init, update, final) of a message of that
 * size, as `openssl speed -evp` counts it; the value is bytes per second
 * of message.  The `writes` parameter feeds the message in one write (the
 * default, names as above), in writes of N bytes (sha256/gcrypt/1000000/
 * w100) or a byte at a time through gcry_md_putc (.../putc, libgcrypt
 * only), the patterns libgcrypt's tests/benchmark times.
 *
 * verify() checks the algorithm in that library against its published
 * vector (in one write, in 1-byte writes and by putc), and the last timed
 * digest against a fresh one-shot digest of the same message.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "crypto-common.h"

/* The `writes` of a case: one write, writes of N > 0 bytes, or putc. */
#define HW_WHOLE	0
#define HW_PUTC		(-1)
#define HASH_MAXWRITES	16	/* write patterns a run may list */
/* one iteration on the slowest board: per write, and per byte */
#define HASH_SLOW_WRITE	1e-6
#define HASH_SLOW_BYTE	1e-7

struct hash_state {
	const struct crypto_ops *b;
	struct crypto_hash *h;
	uint8_t *in;
	size_t n;
	long long writes;	/* HW_WHOLE, HW_PUTC or bytes per write */
	uint8_t out[64];
};

/* bench_case.arg: the backend and the write pattern together */
static intptr_t
hash_arg(size_t bi, long long writes)
{
	return (intptr_t)(writes + 1) * CB_COUNT + (intptr_t)bi;
}

static size_t
arg_backend(intptr_t arg)
{
	return (size_t)(arg % CB_COUNT);
}

static long long
arg_writes(intptr_t arg)
{
	return (long long)(arg / CB_COUNT) - 1;
}

/* One word of `writes`: HW_WHOLE, HW_PUTC, N, or -2 when not one. */
static long long
writes_word(const char *w, size_t n)
{
	long long v = 0;
	size_t i;

	if (n == 5 && strncmp(w, "whole", 5) == 0)
		return HW_WHOLE;
	if (n == 4 && strncmp(w, "putc", 4) == 0)
		return HW_PUTC;
	if (n == 0 || n > 9 || w[0] == '0')
		return -2;
	for (i = 0; i < n; i++) {
		if (w[i] < '0' || w[i] > '9')
			return -2;
		v = v * 10 + (w[i] - '0');
	}
	return v <= CRYPTO_MAX_SIZE ? v : -2;
}

static int
hash_check_writes(const char *value, char *err, size_t len)
{
	size_t n, count = 0;

	for (;; value += n + 1) {
		n = strcspn(value, ",");
		if (writes_word(value, n) < HW_PUTC) {
			snprintf(err, len, "'%.*s' is not whole, putc or a "
			    "number of bytes from 1 to %ld without leading "
			    "zeros", (int)(n < 40 ? n : 40), value,
			    (long)CRYPTO_MAX_SIZE);
			return -1;
		}
		if (++count > HASH_MAXWRITES) {
			snprintf(err, len, "more than %d write patterns",
			    HASH_MAXWRITES);
			return -1;
		}
		if (value[n] == '\0')
			return 0;
	}
}

/* The case name's tail for a write pattern: "", "/w100", "/putc". */
static void
writes_suffix(long long writes, char *buf, size_t len)
{
	if (writes == HW_WHOLE)
		buf[0] = '\0';
	else if (writes == HW_PUTC)
		snprintf(buf, len, "/putc");
	else
		snprintf(buf, len, "/w%lld", writes);
}

/* The case of hash i through backend bi, size bytes fed in `writes`. */
static int
hash_case(struct bench_ctx *ctx, size_t i, size_t bi, long long size,
    long long writes)
{
	struct bench_case *c;
	char name[96], tail[24];

	writes_suffix(writes, tail, sizeof(tail));
	snprintf(name, sizeof(name), "%s/%s/%lld%s", crypto_hashes[i].name,
	    crypto_backends[bi]->name, size, tail);
	c = bench_add_case(ctx, name, "B/s", BENCH_RATE, (double)size);
	if (c == NULL)
		return -1;
	c->id = (int)i;
	c->arg = hash_arg(bi, writes);
	/* a million 1-byte writes are no longer short on a slow board */
	if (writes != HW_WHOLE)
		c->iter_seconds = (double)size * (HASH_SLOW_BYTE +
		    HASH_SLOW_WRITE / (writes > 0 ? (double)writes : 1.0));
	return 0;
}

/* Its parameters (bench_params()); see hash_params. */
struct hash_params {
	struct bench_list algorithms;
	struct bench_ints sizes;
	struct bench_list backends;
	struct bench_list writes;	/* whole, N, putc */
};

static int
hash_plan(struct bench_ctx *ctx)
{
	const struct hash_params *p = bench_params(ctx);
	long long sizes[CRYPTO_MAXSIZES], writes[HASH_MAXWRITES];
	const char *const *words = p->writes.items;
	unsigned mask = crypto_param_backends(&p->backends);
	size_t ns, nw = p->writes.n, i, k, bi, wi;

	ns = crypto_param_sizes(&p->sizes, sizes, CRYPTO_MAXSIZES);
	if (nw > HASH_MAXWRITES)
		nw = HASH_MAXWRITES;
	for (wi = 0; wi < nw; wi++)
		writes[wi] = writes_word(words[wi], strlen(words[wi]));
	for (i = 0; i < H_COUNT; i++) {
		if (!crypto_param_wants(&p->algorithms, crypto_hashes[i].name,
		    NULL))
			continue;
		for (bi = 0; bi < CB_COUNT; bi++) {
			if (!(mask & (1u << bi)))
				continue;
			for (k = 0; k < ns * nw; k++)
				if (hash_case(ctx, i, bi, sizes[k / nw],
				    writes[k % nw]) != 0)
					return -1;
		}
	}
	return 0;
}

static void
hash_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct hash_state *s = bench_priv(ctx);

	(void)c;
	if (s == NULL)
		return;
	if (s->h != NULL)
		s->b->hash_close(s->h);
	free(s->in);
	free(s);
	bench_set_priv(ctx, NULL);
}

static int
hash_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	const struct crypto_ops *b = crypto_backends[arg_backend(c->arg)];
	long long writes = arg_writes(c->arg);
	struct hash_state *s;
	char why[160];
	int rc;

	if ((rc = crypto_backend_ready(b, why, sizeof(why))) != 0)
		return crypto_skip_or_fail(ctx, rc, why);
	if (writes == HW_PUTC && b->hash_putc == NULL)
		return bench_skip(ctx, "putc is libgcrypt's gcry_md_putc");
	s = calloc(1, sizeof(*s));
	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	bench_set_priv(ctx, s);
	s->b = b;
	s->n = (size_t)c->work;
	s->writes = writes;
	rc = b->hash_open(&s->h, (enum crypto_hash_id)c->id, why, sizeof(why));
	if (rc != 0) {
		hash_teardown(ctx, c);
		return crypto_skip_or_fail(ctx, rc, why);
	}
	s->in = crypto_buf(s->n);
	crypto_fill(s->in, s->n, 0x48415348u);
	return 0;
}

static int
hash_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct hash_state *s = bench_priv(ctx);
	uint64_t i;
	int rc;

	(void)c;
	for (i = 0; i < iters; i++) {
		if (s->writes == HW_WHOLE)
			rc = s->b->hash_once(s->h, s->in, s->n, s->out);
		else if (s->writes == HW_PUTC)
			rc = s->b->hash_putc(s->h, s->in, s->n, s->out);
		else
			rc = s->b->hash_stream(s->h, s->in, s->n,
			    (size_t)s->writes, s->out);
		if (rc != 0)
			return bench_fail(ctx, "%s digest failed",
			    s->b->label);
	}
	bench_sink(s->out[0]);
	return 0;
}

static int
hash_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct hash_state *s = bench_priv(ctx);
	const struct crypto_hash_alg *a = &crypto_hashes[c->id];
	struct crypto_hash *h = NULL;
	uint8_t want[64];
	char why[160];
	int rc;

	if (crypto_hash_kat(s->b, (enum crypto_hash_id)c->id, why,
	    sizeof(why)) != 0)
		return bench_fail(ctx, "%s", why);
	rc = s->b->hash_open(&h, (enum crypto_hash_id)c->id, why, sizeof(why));
	if (rc != 0)
		return bench_fail(ctx, "%s", why);
	rc = s->b->hash_once(h, s->in, s->n, want);
	s->b->hash_close(h);
	if (crypto_test_fault)
		s->out[0] ^= 1;
	if (rc != 0 || memcmp(want, s->out, a->dlen) != 0)
		return bench_fail(ctx, "%s: the timed digest differs from a "
		    "fresh one-shot digest of the same %zu bytes", a->name,
		    s->n);
	return 0;
}

/*
 * libgcrypt's md_bench: its hashes in the order of their libgcrypt
 * numbers, under libgcrypt's names.  Every column hashes 1,000,000 bytes:
 * 1000 writes of 1000 bytes into one digest; 10000 of 100; a million of
 * 1; 1000 x 1000 gcry_md_putc; 100 gcry_md_hash_buffer of 10000 bytes.
 * The columns come from the 1000000-byte cases .../w1000 (else the one
 * write of the same bytes), .../w100, .../w1 and .../putc, and the last
 * from the 10000-byte case (the same 100 digests).
 */
static const struct {
	enum crypto_hash_id id;
	const char *name;
} gc_md_order[] = {
	{ H_MD5, "MD5" }, { H_SHA1, "SHA1" }, { H_RIPEMD160, "RIPEMD160" },
	{ H_SHA256, "SHA256" }, { H_SHA384, "SHA384" },
	{ H_SHA512, "SHA512" }, { H_SHA224, "SHA224" }, { H_MD4, "MD4" },
	{ H_CRC32, "CRC32" }, { H_CRC32RFC1510, "CRC32RFC1510" },
	{ H_CRC24RFC2440, "CRC24RFC2440" }, { H_WHIRLPOOL, "WHIRLPOOL" },
	{ H_TIGER, "TIGER" }, { H_TIGER2, "TIGER2" },
	{ H_SHA3_256, "SHA3-256" }, { H_BLAKE2B512, "BLAKE2B_512" },
	{ H_BLAKE2S256, "BLAKE2S_256" },
};

static void
hash_classic(FILE *fp, const struct bench_info *info,
    const struct result *const *rows, size_t nrows)
{
	static const char *const tails[5] = {
		"1000000/w1000", "1000000/w100", "1000000/w1", "1000000/putc",
		"10000"
	};
	char names[5][96], pre[64], label[32];
	struct crypto_cell cells[5];
	size_t i, k;
	int shown = 0;

	(void)info;
	crypto_classic_bytes(fp, "hashes", rows, nrows);
	for (i = 0; i < sizeof(gc_md_order) / sizeof(gc_md_order[0]); i++) {
		const char *name = crypto_hashes[gc_md_order[i].id].name;

		snprintf(pre, sizeof(pre), "%s/gcrypt/", name);
		if (!crypto_classic_has(rows, nrows, pre))
			continue;
		if (!shown)
			crypto_classic_gcrypt_title(fp, "hashes");
		shown = 1;
		for (k = 0; k < 5; k++) {
			snprintf(names[k], sizeof(names[k]), "%s%s", pre,
			    tails[k]);
			cells[k].cname = names[k];
			cells[k].work = 1e6;
			cells[k].sep = " ";
		}
		if (crypto_classic_row(rows, nrows, names[0]) == NULL)
			snprintf(names[0], sizeof(names[0]), "%s1000000",
			    pre);
		snprintf(label, sizeof(label), "%-12s", gc_md_order[i].name);
		crypto_classic_line(fp, label, cells, 5, rows, nrows);
	}
	if (shown)
		crypto_classic_gcrypt_note(fp, "1,000,000 bytes per column "
		    "from the cases of 1000000 bytes: w1000 (else one write), "
		    "w100, w1, putc (-p hash.writes=whole,100,1,putc); the "
		    "5th, 100 digests, from the case of 10000");
}

static const struct bench_param hash_params[] = {
	{
		BENCH_PARAM_LIST(struct hash_params, algorithms),
		.def = CRYPTO_STD_HASHES, .quick = "sha256,md5",
		.full = "all",
		.check = crypto_check_algorithms,
		.help = "hashes to measure, or all (standard: the ones people "
		    "quote, " CRYPTO_STD_HASHES "): md4, md5, sha1, sha224, "
		    "sha256, sha384, sha512, sha3-256, ripemd160, blake2b512, "
		    "blake2s256, whirlpool, tiger, crc32, hmac-sha256, "
		    "crc32rfc1510, crc24rfc2440, tiger2 (libgcrypt only)",
	},
	CRYPTO_PARAM_SIZES(struct hash_params, sizes),
	CRYPTO_PARAM_BACKENDS(struct hash_params, backends),
	{
		BENCH_PARAM_LIST(struct hash_params, writes), .def = "whole",
		.check = hash_check_writes,
		.help = "how each message is fed, a case per item: whole "
		    "(one write; the plain case names), N (writes of N "
		    "bytes, the last shorter: <case>/wN) or putc (a byte at "
		    "a time by gcry_md_putc: <case>/putc, libgcrypt only)",
	},
	{ .name = NULL }
};

/* The figures people quote from this benchmark (bench.h, headlines). */
static const struct bench_headline hash_headlines[] = {
	{ "sha256/", "*", "/8192", "SHA-256 8 KiB", 0 },
	{ 0 }
};

const struct bench_info bench_hash_info = {
	.name = "hash",
	.group = "crypto",
	.description = "message digests and HMAC-SHA-256 through OpenSSL "
	    "EVP, libgcrypt and mbed TLS, per message size and write "
	    "pattern",
	.unit = "B/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = hash_params,
	.params_size = sizeof(struct hash_params),
	.plan = hash_plan,
	.setup = hash_setup,
	.run = hash_run,
	.verify = hash_verify,
	.teardown = hash_teardown,
	.classic = hash_classic,
	.unavailable = CRYPTO_UNAVAILABLE,
	.min_sample = CRYPTO_MIN_SAMPLE,
	.budget = CRYPTO_BUDGET,
	.warmup = CRYPTO_WARMUP,
	.headlines = hash_headlines,
	.headline_rank = 50,
	.quotes = crypto_quotes,
};
