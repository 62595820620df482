/*
 * crypto-powm.c - modular exponentiation b^e mod m of 1024-, 2048- and
 * 4096-bit numbers through libgcrypt (gcry_mpi_powm) and OpenSSL
 * (BN_mod_exp), as libgcrypt's tests/benchmark measures it: one case per
 * library and size, e.g. powm/gcrypt/2048, in operations per second.
 *
 * The numbers are fixed per size (deterministic filler): an odd modulus
 * with its top bit set, a base below it and an exponent of the full size,
 * the same bytes for both libraries.  mbed TLS is not asked (libgcrypt's
 * program compares libgcrypt alone; OpenSSL is the second opinion).
 *
 * verify(): the library gives two known answers (4^13 mod 497 = 445,
 * and 3^(p-1) mod p = 1 for the Mersenne prime p = 2^127 - 1, Fermat),
 * and the last timed result equals what the other library computes from
 * the same numbers (a fresh one from the same library when only one is
 * built).  Under crypto_test_fault (tests only) the timed result has a
 * bit flipped before the comparison and must fail.
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
#include <openssl/bn.h>
#endif

#define PM_MAXBYTES	512	/* 4096 bits */

/* One library's numbers: base, exponent, modulus and the result. */
struct pm_nums {
	int lib;			/* CB_OPENSSL or CB_GCRYPT */
#ifdef HAVE_GCRYPT
	gcry_mpi_t gb, ge, gm, gr;
#endif
#ifdef HAVE_OPENSSL
	BIGNUM *ob, *oe, *om, *or;
	BN_CTX *octx;
#endif
};

static void
pm_close(struct pm_nums *p)
{
#ifdef HAVE_GCRYPT
	gcry_mpi_release(p->gb);
	gcry_mpi_release(p->ge);
	gcry_mpi_release(p->gm);
	gcry_mpi_release(p->gr);
#endif
#ifdef HAVE_OPENSSL
	BN_free(p->ob);
	BN_free(p->oe);
	BN_free(p->om);
	BN_free(p->or);
	BN_CTX_free(p->octx);
#endif
	memset(p, 0, sizeof(*p));
}

/* Load big-endian numbers into library lib: 0, or -1 with why. */
static int
pm_open(struct pm_nums *p, int lib, const uint8_t *b, size_t bn,
    const uint8_t *e, size_t en, const uint8_t *m, size_t mn, char *why,
    size_t len)
{
	memset(p, 0, sizeof(*p));
	p->lib = lib;
#ifdef HAVE_GCRYPT
	if (lib == CB_GCRYPT) {
		if (gcry_mpi_scan(&p->gb, GCRYMPI_FMT_USG, b, bn, NULL) ||
		    gcry_mpi_scan(&p->ge, GCRYMPI_FMT_USG, e, en, NULL) ||
		    gcry_mpi_scan(&p->gm, GCRYMPI_FMT_USG, m, mn, NULL) ||
		    (p->gr = gcry_mpi_new((unsigned)mn * 8)) == NULL) {
			pm_close(p);
			snprintf(why, len, "libgcrypt cannot load the numbers");
			return -1;
		}
		return 0;
	}
#endif
#ifdef HAVE_OPENSSL
	if (lib == CB_OPENSSL) {
		p->ob = BN_bin2bn(b, (int)bn, NULL);
		p->oe = BN_bin2bn(e, (int)en, NULL);
		p->om = BN_bin2bn(m, (int)mn, NULL);
		p->or = BN_new();
		p->octx = BN_CTX_new();
		if (p->ob == NULL || p->oe == NULL || p->om == NULL ||
		    p->or == NULL || p->octx == NULL) {
			pm_close(p);
			snprintf(why, len, "OpenSSL cannot load the numbers");
			return -1;
		}
		return 0;
	}
#endif
	(void)b, (void)bn, (void)e, (void)en, (void)m, (void)mn;
	snprintf(why, len, "no such library for powm");
	return -1;
}

/* One b^e mod m into the result: 0, or -1. */
static int
pm_once(struct pm_nums *p)
{
#ifdef HAVE_GCRYPT
	if (p->lib == CB_GCRYPT) {
		gcry_mpi_powm(p->gr, p->gb, p->ge, p->gm);
		return 0;
	}
#endif
#ifdef HAVE_OPENSSL
	if (p->lib == CB_OPENSSL)
		return BN_mod_exp(p->or, p->ob, p->oe, p->om, p->octx) == 1 ?
		    0 : -1;
#endif
	return -1;
}

/* The result, big-endian, left-padded to n bytes: 0, or -1. */
static int
pm_result(struct pm_nums *p, uint8_t *out, size_t n)
{
#ifdef HAVE_GCRYPT
	if (p->lib == CB_GCRYPT) {
		size_t got = 0;

		if (gcry_mpi_print(GCRYMPI_FMT_USG, NULL, 0, &got, p->gr) ||
		    got > n)
			return -1;
		memset(out, 0, n);
		return gcry_mpi_print(GCRYMPI_FMT_USG, out + (n - got), got,
		    &got, p->gr) ? -1 : 0;
	}
#endif
#ifdef HAVE_OPENSSL
	if (p->lib == CB_OPENSSL)
		return BN_bn2binpad(p->or, out, (int)n) == (int)n ? 0 : -1;
#endif
	(void)out, (void)n;
	return -1;
}

/* b^e mod m once through lib into out (n bytes): 0, or -1. */
static int
pm_compute(int lib, const uint8_t *b, size_t bn, const uint8_t *e,
    size_t en, const uint8_t *m, size_t mn, uint8_t *out, size_t n)
{
	struct pm_nums p;
	char why[96];
	int rc;

	if (pm_open(&p, lib, b, bn, e, en, m, mn, why, sizeof(why)) != 0)
		return -1;
	rc = pm_once(&p) == 0 && pm_result(&p, out, n) == 0 ? 0 : -1;
	pm_close(&p);
	return rc;
}

/* The two known answers through lib: 0, or -1 with why. */
static int
pm_kat(int lib, char *why, size_t len)
{
	static const uint8_t b1[] = { 4 }, e1[] = { 13 }, m1[] = { 0x01, 0xf1 };
	uint8_t m2[16], e2[16], three = 3, out[16];

	if (pm_compute(lib, b1, 1, e1, 1, m1, 2, out, 2) != 0 ||
	    out[0] != 0x01 || out[1] != 0xbd) {	/* 445 */
		snprintf(why, len, "4^13 mod 497 is not 445");
		return -1;
	}
	memset(m2, 0xff, sizeof(m2));
	m2[0] = 0x7f;			/* 2^127 - 1, a prime */
	memcpy(e2, m2, sizeof(e2));
	e2[15] = 0xfe;			/* p - 1 */
	if (pm_compute(lib, &three, 1, e2, 16, m2, 16, out, 16) != 0 ||
	    out[15] != 1 || memcmp(out, (const uint8_t[15]){ 0 }, 15) != 0) {
		snprintf(why, len, "3^(p-1) mod p is not 1 for p = 2^127-1");
		return -1;
	}
	return 0;
}

struct pm_state {
	struct pm_nums p;
	uint8_t b[PM_MAXBYTES], e[PM_MAXBYTES], m[PM_MAXBYTES];
	size_t n;
};

/* The fixed numbers of one size: modulus odd, top bit set; base < m. */
static void
pm_numbers(struct pm_state *s, size_t n)
{
	s->n = n;
	crypto_fill(s->m, n, 0x504f574du + (uint32_t)n);
	s->m[0] |= 0x80;
	s->m[n - 1] |= 0x01;
	crypto_fill(s->b, n, 0x42415345u + (uint32_t)n);
	s->b[0] &= 0x7f;
	crypto_fill(s->e, n, 0x45585030u + (uint32_t)n);
	s->e[0] |= 0x80;
}

static int
pm_plan(struct bench_ctx *ctx)
{
	unsigned mask = crypto_param_backends(ctx);
	static const int libs[] = { CB_GCRYPT, CB_OPENSSL };
	char bits[4][64], name[96];
	size_t nb, i, k;
	struct bench_case *c;

	nb = bench_param_words(ctx, "bits", bits, 4);
	if (nb > 4)
		nb = 4;
	for (i = 0; i < sizeof(libs) / sizeof(libs[0]); i++) {
		if (!(mask & (1u << libs[i])))
			continue;
		for (k = 0; k < nb; k++) {
			snprintf(name, sizeof(name), "powm/%s/%s",
			    crypto_backends[libs[i]]->name, bits[k]);
			c = bench_add_case(ctx, name, "op/s", BENCH_RATE, 1);
			if (c == NULL)
				return -1;
			c->id = atoi(bits[k]);
			c->arg = libs[i];
		}
	}
	return 0;
}

static void
pm_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct pm_state *s = bench_priv(ctx);

	(void)c;
	if (s == NULL)
		return;
	pm_close(&s->p);
	free(s);
	bench_set_priv(ctx, NULL);
}

static int
pm_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	const struct crypto_ops *b = crypto_backends[c->arg];
	struct pm_state *s;
	char why[160];
	int rc;

	if ((rc = crypto_backend_ready(b, why, sizeof(why))) != 0)
		return crypto_skip_or_fail(ctx, rc, why);
	if (c->id < 64 || c->id > PM_MAXBYTES * 8 || c->id % 8 != 0)
		return bench_fail(ctx, "bad size %d bits", c->id);
	s = calloc(1, sizeof(*s));
	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	pm_numbers(s, (size_t)c->id / 8);
	if (pm_open(&s->p, (int)c->arg, s->b, s->n, s->e, s->n, s->m, s->n,
	    why, sizeof(why)) != 0) {
		free(s);
		return bench_fail(ctx, "%s", why);
	}
	bench_set_priv(ctx, s);
	return 0;
}

static int
pm_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct pm_state *s = bench_priv(ctx);
	uint64_t i;

	for (i = 0; i < iters; i++)
		if (pm_once(&s->p) != 0)
			return bench_fail(ctx, "%s powm failed",
			    crypto_backends[c->arg]->label);
	return 0;
}

static int
pm_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct pm_state *s = bench_priv(ctx);
	uint8_t got[PM_MAXBYTES], want[PM_MAXBYTES];
	int other = (int)c->arg == CB_GCRYPT ? CB_OPENSSL : CB_GCRYPT;
	const char *by;
	char why[160];

	if (pm_kat((int)c->arg, why, sizeof(why)) != 0)
		return bench_fail(ctx, "%s: %s", crypto_backends[c->arg]->label,
		    why);
	if (pm_result(&s->p, got, s->n) != 0)
		return bench_fail(ctx, "cannot read the timed result");
	if (crypto_test_fault)
		got[s->n - 1] ^= 1;
	if (crypto_backend_ready(crypto_backends[other], why,
	    sizeof(why)) != 0)
		other = (int)c->arg;	/* only one library built */
	by = crypto_backends[other]->label;
	if (pm_compute(other, s->b, s->n, s->e, s->n, s->m, s->n, want,
	    s->n) != 0)
		return bench_fail(ctx, "%s cannot compute the check", by);
	if (memcmp(got, want, s->n) != 0)
		return bench_fail(ctx, "the timed result differs from %s's "
		    "for the same numbers", by);
	return 0;
}

/*
 * --classic: libgcrypt's mpi_bench line (`powm`, 1000 operations per
 * size, in ms) from the libgcrypt cases, then OpenSSL's milliseconds per
 * operation for each size measured.
 */
#define GC_POWM_CALLS	1000

static void
pm_classic(FILE *fp, const struct bench_info *info,
    const struct result *const *rows, size_t nrows)
{
	static const int libs[] = { CB_OPENSSL };
	static const char *const bits[] = { "1024", "2048", "4096" };
	char pre[96], names[3][32];
	struct crypto_cell cells[3];
	size_t i, k, j;
	int shown;

	(void)info;
	for (k = 0; k < 3; k++) {
		snprintf(names[k], sizeof(names[k]), "powm/gcrypt/%s",
		    bits[k]);
		cells[k].cname = names[k];
		cells[k].work = GC_POWM_CALLS;
		cells[k].sep = " ";
	}
	if (crypto_classic_has(rows, nrows, "powm/gcrypt/")) {
		crypto_classic_line(fp, "powm      ", cells, 3, rows, nrows);
		crypto_classic_gcrypt_note(fp, "1000 powm per size (1024, "
		    "2048, 4096 bits); boardbench's exponent is as long as "
		    "the modulus, the program's is 41, and its moduli are "
		    "about 500, 1000 and 2000 bits");
	}
	for (i = 0; i < sizeof(libs) / sizeof(libs[0]); i++) {
		shown = 0;
		for (k = 0; k < sizeof(bits) / sizeof(bits[0]); k++) {
			const struct result *r = NULL;

			snprintf(pre, sizeof(pre), "powm/%s/%s",
			    crypto_backends[libs[i]]->name, bits[k]);
			for (j = 0; j < nrows; j++)
				if (rows[j]->copy == 0 && strcmp(
				    rows[j]->case_name, pre) == 0)
					r = rows[j];
			if (r == NULL)
				continue;
			if (!shown)
				fprintf(fp, "%-10s", crypto_backends[libs[i]]
				    ->label);
			shown = 1;
			if (r->status == ST_OK && r->st.median > 0)
				fprintf(fp, " %s:%.3fms", bits[k],
				    1000.0 / r->st.median);
			else
				fprintf(fp, " %s:n/a", bits[k]);
		}
		if (shown)
			fputc('\n', fp);
	}
}

static const struct bench_param pm_params[] = {
	{
		.name = "bits", .type = BENCH_P_LIST,
		.def = "1024,2048,4096", .quick = "1024,2048",
		.choices = "1024|2048|4096",
		.help = "sizes of the numbers in bits: 1024, 2048, 4096",
	},
	CRYPTO_PARAM_BACKENDS,
	{ .name = NULL }
};

const struct bench_info bench_powm_info = {
	.name = "powm",
	.group = "crypto",
	.description = "modular exponentiation of 1024- to 4096-bit numbers "
	    "through libgcrypt (gcry_mpi_powm) and OpenSSL (BN_mod_exp)",
	.unit = "op/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = pm_params,
	.plan = pm_plan,
	.setup = pm_setup,
	.run = pm_run,
	.verify = pm_verify,
	.teardown = pm_teardown,
	.classic = pm_classic,
	.unavailable = CRYPTO_UNAVAILABLE,
	.min_sample = CRYPTO_PK_MIN_SAMPLE,
	.budget = CRYPTO_PK_BUDGET,
	.warmup = CRYPTO_WARMUP,
};
