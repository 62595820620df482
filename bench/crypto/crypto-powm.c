/*
 * crypto-powm.c - modular exponentiation b^e mod m through libgcrypt
 * (gcry_mpi_powm) and OpenSSL (BN_mod_exp): one case per library and
 * modulus size, e.g. powm/gcrypt/2048, in operations per second.
 *
 * The numbers are fixed per size, the same bytes for both libraries.
 * Sizes 1024, 2048 and 4096 use deterministic filler: an odd modulus with
 * its top bit set and a base below it.  Sizes 498, 1010 and 2022 are the
 * operands of libgcrypt's tests/benchmark (its `powm` line, 1000 calls
 * per column): even moduli of those bits and bases a little longer than
 * the modulus (500, 1024, 2048 bits), the longer ones made by repeating
 * the shorter digits as that program writes them.  The exponent
 * (parameter `exponent`) is `full` (as many bytes as the modulus, top bit
 * set: the default), `small` (41, the program's), or N bits of filler
 * with the top bit set.  mbed TLS is not asked (libgcrypt's program
 * compares libgcrypt alone; OpenSSL is the second opinion).
 *
 * verify(): the library gives three known answers (4^13 mod 497 = 445,
 * 3^(p-1) mod p = 1 for the Mersenne prime p = 2^127 - 1, Fermat, and
 * the program's 498-bit operands to the 41st power, computed apart), a
 * timed result of those operands and exponent equals that answer, and
 * the last timed result equals what the other library computes from the
 * same numbers (a fresh one from the same library when only one is
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
#define PM_SMALL_EXP	41	/* tests/benchmark's exponent, 0x29 */

/*
 * libgcrypt tests/benchmark's powm operands in hex, as it writes them:
 * the first column's modulus and base, and the digits the second
 * column appends to each; the third column is the second's digits twice.
 */
static const char pm_gc_mod[] =
	"20A94417D4D5EF2B2DA99165C7DC87DADB3979B72961AF90D09D59BA24CB9A1016"
	"6FDCCC9C659F2B9626EC23F3FA425F564A072BA941B03FA81767CC289E4";
static const char pm_gc_mod_more[] =
	"1071F0246879A442658FBD18C1771571E7073EEEB2160BA0CBFB3404D627069A"
	"6CFBD53867AD2D9D40231648000787B5C84176B4336144644AE71A403CA40716";
static const char pm_gc_base[] =
	"B870187A323F1ECD5B8A0B4249507335A1C4CE8394F38FD76B08C78A42C58F6EA1"
	"36ACF90DFE8603697B1694A3D81114D6117AC1811979C51C4DD013D52F8";
static const char pm_gc_base_more[] =
	"FC4EE4BB446B83E48ABED7DB81CBF5E81DE4759E8D68AC985846D999F96B0D8A8"
	"0E5C69D272C766AB8A23B40D50A4FA889FBC2BD2624222D8EB297F4BAEF8593847";
/*
 * base^41 mod modulus of the first column, computed apart (Python's
 * pow): a known answer that neither library produced
 */
static const char pm_gc_kat[] =
	"0001B1CE9A1B281DA271334D7E8B17D1244C3F32FD62A5CCF0903F649EC22933"
	"3F2FA0FD3FAC0EF5212D36E2637D00C349FE750AC91F831D6B88AB360D3024";

/* The program's column of a modulus size: 1, 2, 3, or 0 (not one). */
static int
pm_gc_column(int bits)
{
	return bits == 498 ? 1 : bits == 1010 ? 2 : bits == 2022 ? 3 : 0;
}

/*
 * The digits of column col (1..3), modulus or base, into out (big-endian
 * bytes, at most max): the byte count, or -1.
 */
static long
pm_gc_number(int col, int base, uint8_t *out, size_t max)
{
	const char *head = base ? pm_gc_base : pm_gc_mod;
	const char *more = base ? pm_gc_base_more : pm_gc_mod_more;
	char hex[2 * PM_MAXBYTES + 2];
	size_t n;

	n = strlen(head) + (col > 1 ? strlen(more) : 0);
	if (col > 2)
		n *= 2;
	if (col < 1 || col > 3 || n + 2 > sizeof(hex))
		return -1;
	/* an odd count of digits gets a leading zero */
	snprintf(hex, sizeof(hex), "%s%s%s%s%s", n % 2 ? "0" : "", head,
	    col > 1 ? more : "", col > 2 ? head : "", col > 2 ? more : "");
	return crypto_unhex(hex, out, max);
}

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

/*
 * The known answer of the program's first column to the small exponent
 * through lib: 0, or -1 with why.
 */
static int
pm_kat_small(int lib, char *why, size_t len)
{
	uint8_t m[PM_MAXBYTES], b[PM_MAXBYTES], want[PM_MAXBYTES],
	    got[PM_MAXBYTES], e = PM_SMALL_EXP;
	long mn = pm_gc_number(1, 0, m, sizeof(m)),
	    bn = pm_gc_number(1, 1, b, sizeof(b)),
	    wn = crypto_unhex(pm_gc_kat, want, sizeof(want));

	if (mn <= 0 || bn <= 0 || wn != mn ||
	    pm_compute(lib, b, (size_t)bn, &e, 1, m, (size_t)mn, got,
	    (size_t)mn) != 0 || memcmp(got, want, (size_t)mn) != 0) {
		snprintf(why, len, "tests/benchmark's 498-bit operands to "
		    "the 41st power are not the known answer");
		return -1;
	}
	return 0;
}

/* The three known answers through lib: 0, or -1 with why. */
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
	return pm_kat_small(lib, why, len);
}

struct pm_state {
	struct pm_nums p;
	uint8_t b[PM_MAXBYTES], e[PM_MAXBYTES], m[PM_MAXBYTES];
	size_t bn, en, n;	/* bytes of base, exponent, modulus */
	int small;		/* the exponent is PM_SMALL_EXP */
};

/*
 * The `exponent` parameter: 0 full, PM_EXP_SMALL, or bits (1..4096);
 * -1 when it is none of these.
 */
#define PM_EXP_SMALL	(-2)

static int
pm_exponent_mode(const char *v)
{
	char *end;
	long n;

	if (strcmp(v, "full") == 0)
		return 0;
	if (strcmp(v, "small") == 0)
		return PM_EXP_SMALL;
	if (v[0] < '1' || v[0] > '9')	/* no sign, no leading zero */
		return -1;
	n = strtol(v, &end, 10);
	return *end == '\0' && n >= 1 && n <= PM_MAXBYTES * 8 ? (int)n : -1;
}

static int
pm_check_exponent(const char *v, char *err, size_t len)
{
	if (pm_exponent_mode(v) != -1)
		return 0;
	snprintf(err, len, "'%.40s' is not an exponent (allowed: full, "
	    "small, or a number of bits from 1 to %d)", v, PM_MAXBYTES * 8);
	return -1;
}

/*
 * The fixed numbers of one size (bits) and exponent mode: 0, or -1 when
 * the size is not one powm knows.  Filler sizes: modulus odd, top bit
 * set, base below it; the program's sizes: its numbers.
 */
static int
pm_numbers(struct pm_state *s, int bits, int mode)
{
	int col = pm_gc_column(bits);
	long mn, bn;

	if (col > 0) {
		mn = pm_gc_number(col, 0, s->m, sizeof(s->m));
		bn = pm_gc_number(col, 1, s->b, sizeof(s->b));
		if (mn <= 0 || bn <= 0)
			return -1;
		s->n = (size_t)mn;
		s->bn = (size_t)bn;
	} else {
		if (bits < 64 || bits > PM_MAXBYTES * 8 || bits % 8 != 0)
			return -1;
		s->n = s->bn = (size_t)bits / 8;
		crypto_fill(s->m, s->n, 0x504f574du + (uint32_t)s->n);
		s->m[0] |= 0x80;
		s->m[s->n - 1] |= 0x01;
		crypto_fill(s->b, s->n, 0x42415345u + (uint32_t)s->n);
		s->b[0] &= 0x7f;
	}
	s->small = mode == PM_EXP_SMALL;
	if (s->small) {
		s->en = 1;
		s->e[0] = PM_SMALL_EXP;
		return 0;
	}
	s->en = mode > 0 ? ((size_t)mode + 7) / 8 : s->n;
	crypto_fill(s->e, s->en, 0x45585030u + (uint32_t)s->n);
	if (mode > 0 && mode % 8 != 0)	/* exactly `mode` bits */
		s->e[0] &= (uint8_t)((1u << (mode % 8)) - 1);
	s->e[0] |= (uint8_t)(mode > 0 && mode % 8 != 0 ?
	    1u << (mode % 8 - 1) : 0x80);
	return 0;
}

/* Its parameters (bench_params()); see pm_params. */
struct pm_params {
	struct bench_list bits;
	const char *exponent;		/* full, small or a number of bits */
	struct bench_list backends;
};

static int
pm_plan(struct bench_ctx *ctx)
{
	const struct pm_params *p = bench_params(ctx);
	unsigned mask = crypto_param_backends(&p->backends);
	static const int libs[] = { CB_GCRYPT, CB_OPENSSL };
	const char *const *bits = p->bits.items;
	char name[96];
	size_t nb = p->bits.n, i, k;
	struct bench_case *c;

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
	s = calloc(1, sizeof(*s));
	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	if (pm_numbers(s, c->id, pm_exponent_mode(((const struct pm_params *)
	    bench_params(ctx))->exponent)) != 0) {
		free(s);
		return bench_fail(ctx, "bad size %d bits", c->id);
	}
	if (pm_open(&s->p, (int)c->arg, s->b, s->bn, s->e, s->en, s->m, s->n,
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
	if (s->small && pm_gc_column(c->id) == 1 &&
	    (crypto_unhex(pm_gc_kat, want, sizeof(want)) != (long)s->n ||
	    memcmp(got, want, s->n) != 0))
		return bench_fail(ctx, "the timed result is not the known "
		    "answer of tests/benchmark's 498-bit operands");
	if (crypto_backend_ready(crypto_backends[other], why,
	    sizeof(why)) != 0)
		other = (int)c->arg;	/* only one library built */
	by = crypto_backends[other]->label;
	if (pm_compute(other, s->b, s->bn, s->e, s->en, s->m, s->n, want,
	    s->n) != 0)
		return bench_fail(ctx, "%s cannot compute the check", by);
	if (memcmp(got, want, s->n) != 0)
		return bench_fail(ctx, "the timed result differs from %s's "
		    "for the same numbers", by);
	return 0;
}

/*
 * --classic: libgcrypt's mpi_bench line (`powm`, 1000 calls per column,
 * in ms) from the cases that do its work: powm/gcrypt/498, 1010 and 2022
 * run with exponent=small (a case of another exponent shows `-`); then
 * OpenSSL's milliseconds per operation for each size measured.
 */
#define GC_POWM_CALLS	1000

static const char *const pm_gc_bits[] = { "498", "1010", "2022" };

/* Was row r measured with the program's exponent? */
static int
pm_row_small(const struct result *r)
{
	const char *p = r->params;

	for (;;) {
		if (strncmp(p, "exponent=small", 14) == 0 &&
		    (p[14] == ',' || p[14] == '\0'))
			return 1;
		if ((p = strchr(p, ',')) == NULL)
			return 0;
		p++;
	}
}

static void
pm_classic(FILE *fp, const struct bench_info *info,
    const struct result *const *rows, size_t nrows)
{
	static const int libs[] = { CB_OPENSSL };
	char names[3][32], bits[16];
	struct crypto_cell cells[3];
	const struct result *r;
	size_t i, k, j;
	int shown;

	(void)info;
	for (k = 0; k < 3; k++) {
		snprintf(names[k], sizeof(names[k]), "powm/gcrypt/%s",
		    pm_gc_bits[k]);
		r = crypto_classic_row(rows, nrows, names[k]);
		cells[k].cname = r != NULL && pm_row_small(r) ? names[k] :
		    NULL;
		cells[k].work = GC_POWM_CALLS;
		cells[k].sep = " ";
	}
	if (crypto_classic_has(rows, nrows, "powm/gcrypt/")) {
		crypto_classic_line(fp, "powm      ", cells, 3, rows, nrows);
		crypto_classic_gcrypt_note(fp, "1000 powm per column with the "
		    "program's operands: exponent 41, moduli of 498, 1010 "
		    "and 2022 bits (the cases powm/gcrypt/498, 1010, 2022 "
		    "under -p powm.exponent=small)");
	}
	for (i = 0; i < sizeof(libs) / sizeof(libs[0]); i++) {
		shown = 0;
		for (j = 0; j < nrows; j++) {
			const char *name = crypto_backends[libs[i]]->name;
			size_t nl = strlen(name);

			r = rows[j];
			if (r->copy != 0 || strncmp(r->case_name, "powm/", 5) ||
			    strncmp(r->case_name + 5, name, nl) != 0 ||
			    r->case_name[5 + nl] != '/')
				continue;
			snprintf(bits, sizeof(bits), "%s",
			    r->case_name + 6 + nl);
			if (!shown)
				fprintf(fp, "%-10s", crypto_backends[libs[i]]
				    ->label);
			shown = 1;
			if (r->status == ST_OK && r->st.median > 0)
				fprintf(fp, " %s:%.3fms", bits,
				    1000.0 / r->st.median);
			else
				fprintf(fp, " %s:n/a", bits);
		}
		if (shown)
			fputc('\n', fp);
	}
}

static const struct bench_param pm_params[] = {
	{
		BENCH_PARAM_LIST(struct pm_params, bits),
		.def = "1024,2048,4096", .quick = "1024,2048",
		.choices = "1024|2048|4096|498|1010|2022",
		.help = "sizes of the modulus in bits: 1024, 2048, 4096 "
		    "(filler), or 498, 1010, 2022 (libgcrypt "
		    "tests/benchmark's operands)",
	},
	{
		BENCH_PARAM_STR(struct pm_params, exponent),
		.def = "full",
		.check = pm_check_exponent,
		.help = "the exponent: full (as long as the modulus), small "
		    "(41, tests/benchmark's), or a number of bits (1 to 4096)",
	},
	CRYPTO_PARAM_BACKENDS(struct pm_params, backends),
	{ .name = NULL }
};

const struct bench_info bench_powm_info = {
	.name = "powm",
	.group = "crypto",
	.description = "modular exponentiation of 498- to 4096-bit numbers "
	    "through libgcrypt (gcry_mpi_powm) and OpenSSL (BN_mod_exp)",
	.unit = "op/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = pm_params,
	.params_size = sizeof(struct pm_params),
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
	.quotes = crypto_quotes,
};
