/*
 * crypto-cipher.c - symmetric ciphers through OpenSSL EVP, libgcrypt and
 * mbed TLS side by side: one case per algorithm and mode, library,
 * direction and message size, e.g. aes-128-cbc/gcrypt/decrypt/8192.  Bytes
 * per second.
 *
 * One unit of work is one message.  Block modes and stream ciphers keep
 * their state from one message to the next (the context is set back to
 * its key and IV once per sample), as `openssl speed -evp` and
 * libgcrypt's benchmark do; GCM and ChaCha20-Poly1305 start every message
 * afresh from the IV and produce or check its tag, as a protocol would.
 * ECB and CBC take whole blocks only: a size that is not a multiple of
 * the block is SKIPPED for them.
 *
 * verify() checks the algorithm in that library against its published
 * vector and the mode against the same mode built from the library's
 * block function (crypto-common.c), then the timed output itself: the
 * first message of the last sample starts from the key and IV, so
 * decrypting it (encrypt cases) gives back the input, and a decrypt
 * case's first message is the original input.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "crypto-common.h"

#define DIR_ENCRYPT	0x10

struct cipher_state {
	const struct crypto_ops *b;
	struct crypto_cipher *c;
	struct crypto_cipher_spec spec;
	uint8_t key[32], iv[16], tag[16];
	uint8_t *plain, *in, *out, *first;
	size_t n;
	uint64_t bad;		/* decryptions whose tag did not match */
};

/* Its parameters (bench_params()); see cipher_params. */
struct cipher_params {
	struct bench_list algorithms;
	struct bench_ints sizes;
	struct bench_list directions;	/* encrypt, decrypt */
	struct bench_list backends;
};

static int
cipher_plan(struct bench_ctx *ctx)
{
	const struct cipher_params *p = bench_params(ctx);
	long long sizes[CRYPTO_MAXSIZES];
	unsigned mask = crypto_param_backends(&p->backends);
	const char *const *dirs = p->directions.items;
	char name[48], cname[96];
	size_t ns, nd = p->directions.n, i, k, bi, di;
	struct bench_case *c;
	int m, enc;

	ns = crypto_param_sizes(&p->sizes, sizes, CRYPTO_MAXSIZES);
	if (nd > 4)
		nd = 4;
	for (i = 0; i < C_COUNT; i++) {
		for (m = M_NONE; m < M_COUNT; m++) {
			if (!crypto_cipher_has_mode(i, m))
				continue;
			crypto_cipher_name(i, m, name, sizeof(name));
			if (!crypto_param_wants(&p->algorithms, name,
			    crypto_ciphers[i].name))
				continue;
			for (bi = 0; bi < CB_COUNT; bi++) {
				if (!(mask & (1u << bi)))
					continue;
				for (di = 0; di < nd; di++) {
					enc = strcmp(dirs[di], "encrypt") == 0;
					for (k = 0; k < ns; k++) {
						snprintf(cname, sizeof(cname),
						    "%s/%s/%s/%lld", name,
						    crypto_backends[bi]->name,
						    enc ? "encrypt" : "decrypt",
						    sizes[k]);
						c = bench_add_case(ctx, cname,
						    "B/s", BENCH_RATE,
						    (double)sizes[k]);
						if (c == NULL)
							return -1;
						c->id = (int)(i * M_COUNT +
						    (size_t)m);
						c->arg = (intptr_t)(bi |
						    (enc ? DIR_ENCRYPT : 0));
					}
				}
			}
		}
	}
	return 0;
}

static void
cipher_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct cipher_state *s = bench_priv(ctx);

	(void)c;
	if (s == NULL)
		return;
	if (s->c != NULL)
		s->b->cipher_close(s->c);
	free(s->plain);
	free(s->in);
	free(s->out);
	free(s->first);
	free(s);
	bench_set_priv(ctx, NULL);
}

/* One message through a fresh context of spec (direction as given). */
static int
one_message(struct cipher_state *s, int encrypt, const uint8_t *in,
    uint8_t *out, uint8_t *tag, char *why, size_t len)
{
	struct crypto_cipher_spec sp = s->spec;

	sp.encrypt = encrypt;
	return crypto_cipher_once(s->b, &sp, in, out, s->n, tag, why, len);
}

static int
cipher_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	const struct crypto_ops *b = crypto_backends[c->arg & 0x0f];
	enum crypto_cipher_id alg = (enum crypto_cipher_id)(c->id / M_COUNT);
	enum crypto_mode mode = (enum crypto_mode)(c->id % M_COUNT);
	const struct crypto_cipher_alg *a = &crypto_ciphers[alg];
	struct cipher_state *s;
	char why[160];
	int rc;

	if ((rc = crypto_backend_ready(b, why, sizeof(why))) != 0)
		return crypto_skip_or_fail(ctx, rc, why);
	if ((mode == M_ECB || mode == M_CBC) &&
	    (size_t)c->work % a->blen != 0)
		return bench_skip(ctx, "%s takes whole %zu-byte blocks: size "
		    "%.0f is not a multiple", crypto_mode_names[mode], a->blen,
		    c->work);
	s = calloc(1, sizeof(*s));
	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	bench_set_priv(ctx, s);
	s->b = b;
	s->n = (size_t)c->work;
	crypto_fill(s->key, sizeof(s->key), 0x4b455900u + (uint32_t)alg);
	crypto_fill(s->iv, sizeof(s->iv), 0x49560000u);
	s->spec.alg = alg;
	s->spec.mode = mode;
	s->spec.encrypt = (c->arg & DIR_ENCRYPT) != 0;
	s->spec.key = s->key;
	s->spec.klen = a->klen;
	s->spec.iv = s->iv;
	s->plain = crypto_buf(s->n);
	s->out = crypto_buf(s->n);
	s->first = crypto_buf(s->n);
	crypto_fill(s->plain, s->n, 0x504c4149u);
	if (s->spec.encrypt) {
		s->in = crypto_buf(s->n);
		memcpy(s->in, s->plain, s->n);
	} else {
		/* the ciphertext of the input from the key and IV (and tag) */
		s->in = crypto_buf(s->n);
		rc = one_message(s, 1, s->plain, s->in, s->tag, why,
		    sizeof(why));
		if (rc != 0)
			goto fail;
	}
	rc = b->cipher_open(&s->c, &s->spec, why, sizeof(why));
	if (rc != 0)
		goto fail;
	return 0;
fail:
	cipher_teardown(ctx, c);
	return crypto_skip_or_fail(ctx, rc, why);
}

static int
cipher_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct cipher_state *s = bench_priv(ctx);
	uint64_t i;

	(void)c;
	if (s->b->cipher_reset(s->c) != 0)
		return bench_fail(ctx, "%s: cannot reset the cipher",
		    s->b->label);
	for (i = 0; i < iters; i++) {
		if (s->b->cipher_msg(s->c, s->in, i == 0 ? s->first : s->out,
		    s->n, s->tag) != 0) {
			if (s->spec.encrypt)
				return bench_fail(ctx, "%s encryption failed",
				    s->b->label);
			s->bad++;
		}
	}
	bench_sink(s->out[0]);
	return 0;
}

static int
cipher_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct cipher_state *s = bench_priv(ctx);
	uint8_t *back;
	char why[160];
	int rc;

	(void)c;
	if (crypto_cipher_kat(s->b, s->spec.alg, s->spec.mode, why,
	    sizeof(why)) != 0)
		return bench_fail(ctx, "%s", why);
	if (crypto_test_fault)
		s->first[0] ^= 1;
	if (s->bad > 0)
		return bench_fail(ctx, "%llu timed decryptions rejected "
		    "their tag", (unsigned long long)s->bad);
	if (!s->spec.encrypt) {
		if (memcmp(s->first, s->plain, s->n) != 0)
			return bench_fail(ctx, "the timed decryption does not "
			    "give back the input");
		return 0;
	}
	back = crypto_buf(s->n);
	rc = one_message(s, 0, s->first, back, s->tag, why, sizeof(why));
	if (rc == 0 && memcmp(back, s->plain, s->n) != 0) {
		snprintf(why, sizeof(why), "decrypting the timed encryption "
		    "does not give back the input");
		rc = -1;
	}
	free(back);
	return rc == 0 ? 0 : bench_fail(ctx, "%s", why);
}

/*
 * libgcrypt's cipher_bench: its ciphers in the order of their libgcrypt
 * numbers, under libgcrypt's names; per mode (ECB, CBC, CFB, OFB, CTR; a
 * stream cipher has one pair) 1000 calls encrypting 1024 bytes, then
 * 1000 decrypting, each through one context that carries on from call
 * to call, as boardbench's 1024-byte cases do.
 */
static const struct {
	enum crypto_cipher_id id;
	const char *name;
} gc_cipher_order[] = {
	{ C_IDEA, "IDEA" }, { C_3DES, "3DES" }, { C_CAST5, "CAST5" },
	{ C_BLOWFISH, "BLOWFISH" }, { C_AES128, "AES" },
	{ C_AES192, "AES192" }, { C_AES256, "AES256" },
	{ C_RC4, "ARCFOUR" }, { C_DES, "DES" },
	{ C_TWOFISH, "TWOFISH128" }, { C_SERPENT, "SERPENT128" },
	{ C_SEED, "SEED" }, { C_CAMELLIA128, "CAMELLIA128" },
	{ C_CAMELLIA256, "CAMELLIA256" }, { C_CHACHA20, "CHACHA20" },
};

#define GC_CIPHER_BYTES	1024		/* per call */
#define GC_CIPHER_CALLS	1000

static void
cipher_classic(FILE *fp, const struct bench_info *info,
    const struct result *const *rows, size_t nrows)
{
	static const enum crypto_mode modes[] = {
		M_ECB, M_CBC, M_CFB, M_OFB, M_CTR
	};
	static const char *const heads[] = {
		"   ECB/Stream", "      CBC", "      CFB", "      OFB",
		"      CTR"
	};
	char names[10][96], mode[48], pre[64], label[32];
	struct crypto_cell cells[10];
	size_t i, k, n;
	int shown = 0, any;
	enum crypto_cipher_id id;

	(void)info;
	crypto_classic_bytes(fp, "ciphers", rows, nrows);
	for (i = 0; i < sizeof(gc_cipher_order) / sizeof(gc_cipher_order[0]);
	    i++) {
		id = gc_cipher_order[i].id;
		n = 0;
		any = 0;
		for (k = 0; k < sizeof(modes) / sizeof(modes[0]) + 1; k++) {
			enum crypto_mode m = k == 0 ? M_NONE : modes[k - 1];

			if (!crypto_cipher_has_mode(id, m))
				continue;
			crypto_cipher_name(id, m, mode, sizeof(mode));
			/* rows of this mode (any size) through libgcrypt */
			snprintf(pre, sizeof(pre), "%s/gcrypt/", mode);
			any |= crypto_classic_has(rows, nrows, pre);
			snprintf(names[n], sizeof(names[n]), "%s/gcrypt/"
			    "encrypt/%d", mode, GC_CIPHER_BYTES);
			snprintf(names[n + 1], sizeof(names[n + 1]),
			    "%s/gcrypt/decrypt/%d", mode, GC_CIPHER_BYTES);
			n += 2;
		}
		for (k = 0; k < n; k++) {
			cells[k].cname = names[k];
			cells[k].work = (double)GC_CIPHER_BYTES *
			    GC_CIPHER_CALLS;
			cells[k].sep = " ";
		}
		if (!any)
			continue;
		if (!shown) {
			crypto_classic_gcrypt_title(fp, "ciphers");
			fprintf(fp, "%-12s", "");
			for (k = 0; k < 5; k++)
				fprintf(fp, " %-15s", heads[k]);
			fprintf(fp, "\n%-12s", "");
			for (k = 0; k < 5; k++)
				fprintf(fp, " ---------------");
			fputc('\n', fp);
			shown = 1;
		}
		snprintf(label, sizeof(label), "%-12s", gc_cipher_order[i].name);
		crypto_classic_line(fp, label, cells, n, rows, nrows);
	}
	if (shown)
		crypto_classic_gcrypt_note(fp, "1000 calls of 1024 bytes per "
		    "cell, encrypt then decrypt per mode, from the cases of "
		    "1024 bytes");
}

static const struct bench_param cipher_params[] = {
	{
		BENCH_PARAM_LIST(struct cipher_params, algorithms),
		.def = CRYPTO_STD_CIPHERS,
		.quick = "aes-128-cbc,aes-128-gcm,chacha20", .full = "all",
		.check = crypto_check_algorithms,
		.help = "ciphers to measure: a name with its mode "
		    "(aes-128-cbc), a cipher with all its modes (aes-128, "
		    "aes-192, aes-256, chacha20, chacha20-poly1305, "
		    "des-ede3, des, bf, cast5, camellia-128, camellia-256, "
		    "seed, twofish-128, serpent-128, idea, rc4), or all "
		    "(standard: AES-128/256 CBC, CTR, GCM and "
		    "ChaCha20-Poly1305)",
	},
	CRYPTO_PARAM_SIZES(struct cipher_params, sizes),
	{
		BENCH_PARAM_LIST(struct cipher_params, directions),
		.def = "encrypt,decrypt", .choices = "encrypt|decrypt",
		.help = "encrypt, decrypt or both",
	},
	CRYPTO_PARAM_BACKENDS(struct cipher_params, backends),
	{ .name = NULL }
};

/* The figures people quote from this benchmark (bench.h, headlines). */
static const struct bench_headline cipher_headlines[] = {
	{ "aes-128-cbc/", "*", "/encrypt/8192", "AES-128-CBC 8 KiB", 0 },
	{ 0 }
};

const struct bench_info bench_cipher_info = {
	.name = "cipher",
	.group = "crypto",
	.description = "symmetric ciphers in ECB, CBC, CFB, OFB, CTR and GCM "
	    "(and streams) through OpenSSL EVP, libgcrypt and mbed TLS, "
	    "encrypt and decrypt, per message size",
	.unit = "B/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = cipher_params,
	.params_size = sizeof(struct cipher_params),
	.plan = cipher_plan,
	.setup = cipher_setup,
	.run = cipher_run,
	.verify = cipher_verify,
	.teardown = cipher_teardown,
	.classic = cipher_classic,
	.unavailable = CRYPTO_UNAVAILABLE,
	.min_sample = CRYPTO_MIN_SAMPLE,
	.budget = CRYPTO_BUDGET,
	.warmup = CRYPTO_WARMUP,
	.headlines = cipher_headlines,
	.headline_rank = 40,
	.quotes = crypto_quotes,
};
