/*
 * crypto-random.c - random bytes from the libraries' generators: libgcrypt
 * at its nonce level (gcry_create_nonce) and through gcry_randomize at
 * GCRY_WEAK_RANDOM and GCRY_STRONG_RANDOM, and OpenSSL's RAND_bytes;
 * one case per library, level and size, e.g. random/gcrypt/strong, in
 * bytes per second, `size` bytes per call (libgcrypt's tests/benchmark
 * `random` line).  With one size the names are as above; with several
 * each ends in its size: random/gcrypt/strong/8.  GCRY_VERY_STRONG_RANDOM
 * is left out: it may wait for entropy.
 *
 * verify() can only make a weak check, and says no more: the last two
 * timed outputs are not all zero and not equal, a fresh one differs from
 * both, and (64 bytes and more) the count of one bits of the last output
 * is within 8 standard deviations of half.  It catches a generator that
 * returns nothing, a constant or a repeat, not a poor generator.  Under
 * crypto_test_fault (tests only) the last output repeats the one before
 * and must fail.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "crypto-common.h"
#include "result.h"

#ifdef HAVE_GCRYPT
#include <gcrypt.h>
#endif
#ifdef HAVE_OPENSSL
#include <openssl/rand.h>
#endif

#define RND_MAXSIZE	(1024L * 1024)
#define RND_MAXSIZES	16	/* sizes a run may list */

enum rnd_level { R_NONCE = 0, R_WEAK, R_STRONG, R_OPENSSL, R_COUNT };

static const struct {
	const char *name;	/* case name: random/<backend>/<name> */
	int lib;
} rnd_levels[R_COUNT] = {
	{ "nonce", CB_GCRYPT },
	{ "weak", CB_GCRYPT },
	{ "strong", CB_GCRYPT },
	{ "rand_bytes", CB_OPENSSL },
};

struct rnd_state {
	enum rnd_level level;
	uint8_t *buf[2];	/* the last two outputs, alternately */
	unsigned last;		/* index of the last one written */
	size_t n;
};

/* n bytes from the generator of level into out: 0, or -1. */
static int
rnd_fill(enum rnd_level level, uint8_t *out, size_t n)
{
	switch (level) {
#ifdef HAVE_GCRYPT
	case R_NONCE:
		gcry_create_nonce(out, n);
		return 0;
	case R_WEAK:
		gcry_randomize(out, n, GCRY_WEAK_RANDOM);
		return 0;
	case R_STRONG:
		gcry_randomize(out, n, GCRY_STRONG_RANDOM);
		return 0;
#endif
#ifdef HAVE_OPENSSL
	case R_OPENSSL:
		return n <= (size_t)RND_MAXSIZE &&
		    RAND_bytes(out, (int)n) == 1 ? 0 : -1;
#endif
	default:
		(void)out, (void)n;
		return -1;
	}
}

/* Its parameters (bench_params()); see rnd_params. */
struct rnd_params {
	struct bench_ints size;
	struct bench_list backends;
};

static int
rnd_plan(struct bench_ctx *ctx)
{
	const struct rnd_params *p = bench_params(ctx);
	unsigned mask = crypto_param_backends(&p->backends);
	const long long *sizes = p->size.v;
	struct bench_case *c;
	char name[96];
	size_t ns = p->size.n, k;
	int i;

	if (ns > RND_MAXSIZES)
		ns = RND_MAXSIZES;
	for (i = 0; i < R_COUNT; i++) {
		if (!(mask & (1u << rnd_levels[i].lib)))
			continue;
		for (k = 0; k < ns; k++) {
			snprintf(name, sizeof(name), "random/%s/%s",
			    crypto_backends[rnd_levels[i].lib]->name,
			    rnd_levels[i].name);
			if (ns > 1)
				snprintf(name + strlen(name), sizeof(name) -
				    strlen(name), "/%lld", sizes[k]);
			c = bench_add_case(ctx, name, "B/s", BENCH_RATE,
			    (double)sizes[k]);
			if (c == NULL)
				return -1;
			c->id = i;
		}
	}
	return 0;
}

static void
rnd_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct rnd_state *s = bench_priv(ctx);

	(void)c;
	if (s == NULL)
		return;
	free(s->buf[0]);
	free(s->buf[1]);
	free(s);
	bench_set_priv(ctx, NULL);
}

static int
rnd_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	const struct crypto_ops *b = crypto_backends[rnd_levels[c->id].lib];
	struct rnd_state *s;
	char why[160];
	int rc;

	if ((rc = crypto_backend_ready(b, why, sizeof(why))) != 0)
		return crypto_skip_or_fail(ctx, rc, why);
	s = calloc(1, sizeof(*s));
	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	bench_set_priv(ctx, s);
	s->level = (enum rnd_level)c->id;
	s->n = (size_t)c->work;
	s->buf[0] = crypto_buf(s->n);
	s->buf[1] = crypto_buf(s->n);
	if (rnd_fill(s->level, s->buf[0], s->n) != 0 ||
	    rnd_fill(s->level, s->buf[1], s->n) != 0) {
		rnd_teardown(ctx, c);
		return bench_fail(ctx, "%s gives no random bytes", b->label);
	}
	return 0;
}

static int
rnd_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct rnd_state *s = bench_priv(ctx);
	uint64_t i;

	(void)c;
	for (i = 0; i < iters; i++) {
		s->last ^= 1;
		if (rnd_fill(s->level, s->buf[s->last], s->n) != 0)
			return bench_fail(ctx, "the generator failed");
	}
	return 0;
}

static int
all_zero(const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != 0)
			return 0;
	return 1;
}

static int
rnd_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct rnd_state *s = bench_priv(ctx);
	uint8_t *last = s->buf[s->last], *prev = s->buf[s->last ^ 1], *fresh;
	unsigned long ones = 0;
	double half, dev;
	size_t i;
	int rc;

	(void)c;
	if (crypto_test_fault)
		memcpy(last, prev, s->n);
	if (all_zero(last, s->n))
		return bench_fail(ctx, "the last output is all zero");
	if (memcmp(last, prev, s->n) == 0)
		return bench_fail(ctx, "the generator repeated its output");
	fresh = crypto_buf(s->n);
	rc = rnd_fill(s->level, fresh, s->n);
	if (rc == 0 && (memcmp(fresh, last, s->n) == 0 ||
	    memcmp(fresh, prev, s->n) == 0))
		rc = 1;
	free(fresh);
	if (rc != 0)
		return bench_fail(ctx, rc < 0 ? "the generator failed" :
		    "a fresh output repeats a timed one");
	if (s->n >= 64) {
		for (i = 0; i < s->n; i++)
			ones += (unsigned long)__builtin_popcount(last[i]);
		half = (double)s->n * 4.0;
		dev = (double)ones - half;
		/* the count of 8n fair bits has sd sqrt(2n) */
		if (dev * dev > 64.0 * 2.0 * (double)s->n)
			return bench_fail(ctx, "%lu one bits in %zu bytes is "
			    "far from half", ones, s->n);
	}
	return 0;
}

/* The value of `size` in a row's canonical parameters, or -1. */
static long
row_size(const struct result *r)
{
	const char *p = r->params;

	for (;;) {
		if (strncmp(p, "size=", 5) == 0)
			return strtol(p + 5, NULL, 10);
		p = strchr(p, ',');
		if (p == NULL)
			return -1;
		p++;
	}
}

/*
 * The strong level's row at `size` bytes per call: random/gcrypt/strong/
 * SIZE from a run of several sizes, else random/gcrypt/strong when its
 * run had that one size; NULL when none.
 */
static const struct result *
strong_row(const struct result *const *rows, size_t nrows, long size)
{
	const struct result *r;
	char name[64];

	snprintf(name, sizeof(name), "random/gcrypt/strong/%ld", size);
	if ((r = crypto_classic_row(rows, nrows, name)) != NULL)
		return r;
	r = crypto_classic_row(rows, nrows, "random/gcrypt/strong");
	return r != NULL && row_size(r) == size ? r : NULL;
}

/*
 * --classic: libgcrypt's random_bench line: 100 gcry_randomize calls of
 * 128 bytes, then of 8 bytes, at GCRY_STRONG_RANDOM, in ms, each from the
 * strong level's case of that size (-p random.size=128,8 runs both).
 */
static void
rnd_classic(FILE *fp, const struct bench_info *info,
    const struct result *const *rows, size_t nrows)
{
	static const long sizes[2] = { 128, 8 };
	const struct result *r;
	struct crypto_cell cells[2];
	size_t k, found = 0;

	(void)info;
	for (k = 0; k < 2; k++) {
		r = strong_row(rows, nrows, sizes[k]);
		found += r != NULL;
		cells[k].cname = r != NULL ? r->case_name : NULL;
		cells[k].work = 100.0 * (double)sizes[k];
		cells[k].sep = " ";
	}
	if (found == 0 && !crypto_classic_has(rows, nrows,
	    "random/gcrypt/strong"))
		return;
	crypto_classic_line(fp, "random    ", cells, 2, rows, nrows);
	crypto_classic_gcrypt_note(fp, "100 calls of 128 bytes, then of 8, "
	    "from random/gcrypt/strong at that size (-p random.size=128,8 "
	    "for both)");
}

static int
rnd_check_sizes(const char *value, char *err, size_t len)
{
	size_t n = 1;

	for (; *value != '\0'; value++)
		n += *value == ',';
	if (n <= RND_MAXSIZES)
		return 0;
	snprintf(err, len, "more than %d sizes", RND_MAXSIZES);
	return -1;
}

static const struct bench_param rnd_params[] = {
	{
		BENCH_PARAM_INTLIST(struct rnd_params, size),
		.min = 1, .max = (double)RND_MAXSIZE,
		.def = "128",
		.check = rnd_check_sizes,
		.help = "bytes asked of the generator per call, a case per "
		    "size (at most 1 MiB; with several sizes the case names "
		    "end in /SIZE)",
	},
	CRYPTO_PARAM_BACKENDS(struct rnd_params, backends),
	{ .name = NULL }
};

const struct bench_info bench_random_info = {
	.name = "random",
	.group = "crypto",
	.description = "random bytes: libgcrypt's nonce, weak and strong "
	    "levels and OpenSSL's RAND_bytes",
	.unit = "B/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = rnd_params,
	.params_size = sizeof(struct rnd_params),
	.plan = rnd_plan,
	.setup = rnd_setup,
	.run = rnd_run,
	.verify = rnd_verify,
	.teardown = rnd_teardown,
	.classic = rnd_classic,
	.unavailable = CRYPTO_UNAVAILABLE,
	.min_sample = CRYPTO_MIN_SAMPLE,
	.budget = CRYPTO_BUDGET,
	.warmup = CRYPTO_WARMUP,
	.quotes = crypto_quotes,
};
