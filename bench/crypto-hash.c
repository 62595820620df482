/*
 * crypto-hash.c - message digests (and HMAC-SHA-256) through OpenSSL EVP
 * and libgcrypt, side by side: one case per algorithm, library and
 * message size, e.g. sha256/openssl/8192.  One unit of work is one whole
 * digest (init, update, final) of a message of that size, as `openssl
 * speed -evp` counts it; the value is bytes per second.
 *
 * verify() checks the algorithm in that library against its published
 * vector, and the last timed digest against a fresh one of the same
 * message.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "crypto-common.h"

struct hash_state {
	const struct crypto_ops *b;
	struct crypto_hash *h;
	uint8_t *in;
	size_t n;
	uint8_t out[64];
};

static int
hash_plan(struct bench_ctx *ctx)
{
	long long sizes[CRYPTO_MAXSIZES];
	unsigned mask = crypto_param_backends(ctx);
	size_t ns, i, k, bi;
	struct bench_case *c;
	char name[96];

	ns = crypto_param_sizes(ctx, sizes, CRYPTO_MAXSIZES);
	for (i = 0; i < H_COUNT; i++) {
		if (!crypto_param_wants(ctx, crypto_hashes[i].name, NULL))
			continue;
		for (bi = 0; bi < CB_COUNT; bi++) {
			if (!(mask & (1u << bi)))
				continue;
			for (k = 0; k < ns; k++) {
				snprintf(name, sizeof(name), "%s/%s/%lld",
				    crypto_hashes[i].name,
				    crypto_backends[bi]->name, sizes[k]);
				c = bench_add_case(ctx, name, "B/s", BENCH_RATE,
				    (double)sizes[k]);
				if (c == NULL)
					return -1;
				c->id = (int)i;
				c->arg = (intptr_t)bi;
			}
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
	const struct crypto_ops *b = crypto_backends[c->arg];
	struct hash_state *s;
	char why[160];
	int rc;

	if ((rc = crypto_backend_ready(b, why, sizeof(why))) != 0)
		return crypto_skip_or_fail(ctx, rc, why);
	s = calloc(1, sizeof(*s));
	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	bench_set_priv(ctx, s);
	s->b = b;
	s->n = (size_t)c->work;
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

	(void)c;
	for (i = 0; i < iters; i++)
		if (s->b->hash_once(s->h, s->in, s->n, s->out) != 0)
			return bench_fail(ctx, "%s digest failed",
			    s->b->label);
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
		    "fresh one of the same %zu bytes", a->name, s->n);
	return 0;
}

/*
 * libgcrypt's md_bench: its hashes in the order of their libgcrypt
 * numbers, under libgcrypt's names.  Every column hashes 1,000,000 bytes:
 * 1000 writes of 1000 bytes into one digest; 10000 of 100; a million of
 * 1; 1000 x 1000 gcry_md_putc; 100 gcry_md_hash_buffer of 10000 bytes.
 * boardbench hashes whole messages of one size, so the first column is
 * the 1000000-byte case (one digest of the same bytes) and the last the
 * 10000-byte case (the same 100 digests); the writes of 100 and 1 byte
 * and putc have no case.
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
	char whole[96], buffer[96], pre[64], label[32];
	struct crypto_cell cells[5] = {
		{ whole, 1e6, " " }, { NULL, 1e6, " " }, { NULL, 1e6, " " },
		{ NULL, 1e6, " " }, { buffer, 1e6, " " },
	};
	size_t i;
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
		snprintf(whole, sizeof(whole), "%s1000000", pre);
		snprintf(buffer, sizeof(buffer), "%s10000", pre);
		snprintf(label, sizeof(label), "%-12s", gc_md_order[i].name);
		crypto_classic_line(fp, label, cells, 5, rows, nrows);
	}
	if (shown)
		crypto_classic_gcrypt_note(fp, "1,000,000 bytes per column; "
		    "1st from the case of 1000000 bytes, 5th of 10000; "
		    "100-byte and 1-byte writes and putc have no case");
}

static const struct bench_param hash_params[] = {
	{
		.name = "algorithms", .type = BENCH_P_LIST,
		.def = CRYPTO_STD_HASHES, .quick = "sha256,md5",
		.full = "all",
		.check = crypto_check_algorithms,
		.help = "hashes to measure, or all (standard: the ones people "
		    "quote, " CRYPTO_STD_HASHES "): md4, md5, sha1, sha224, "
		    "sha256, sha384, sha512, sha3-256, ripemd160, blake2b512, "
		    "blake2s256, whirlpool, tiger, crc32, hmac-sha256, "
		    "crc32rfc1510, crc24rfc2440, tiger2 (libgcrypt only)",
	},
	CRYPTO_PARAM_SIZES,
	CRYPTO_PARAM_BACKENDS,
	{ .name = NULL }
};

const struct bench_info bench_hash_info = {
	.name = "hash",
	.group = "crypto",
	.description = "message digests and HMAC-SHA-256 through OpenSSL "
	    "EVP and libgcrypt, per message size",
	.unit = "B/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = hash_params,
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
};
