/*
 * crypto-pubkey.c - public-key operations through OpenSSL EVP_PKEY and
 * libgcrypt, side by side: one case per key type, library and operation,
 * e.g. rsa2048/openssl/sign.  Operations per second.
 *
 * RSA and DSA use fixed keys (crypto-keys.h) so that every run signs
 * with the same numbers; curve keys are made in setup.  RSA signs a
 * SHA-256 digest with PKCS #1 v1.5 and encrypts 32 bytes with PKCS #1
 * v1.5 padding; DSA and ECDSA sign a digest of the curve's size
 * (SHA-256, -384, -512); Ed25519 signs a 64-byte message; X25519 derives
 * the secret shared with a fixed peer.  keygen makes a fresh key pair of
 * the same kind each time (DSA within the fixed domain): RSA keygen takes
 * seconds on a small board, so calibration starts at one key and a
 * sample may be one key long; `-p pubkey.operations=...` leaves it out.
 *
 * verify(): a round trip for what the timed loop made: the last signature
 * verifies, every timed verification accepted, the last ciphertext
 * decrypts to the message, the last decryption is the message, the last
 * key made signs and verifies (or derives the peer's secret), and the
 * derived secret equals the one the peer derives.  Under
 * crypto_test_fault (tests only) each check first flips a bit of what it
 * looks at (signature, ciphertext, plaintext, secret) and must fail.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "crypto-common.h"
#include "result.h"

#define OP_SHIFT 4

/*
 * The longest one key generation may take on the slowest board boardbench
 * runs on (an ARM11 Raspberry Pi, loaded): an RSA key is a search for two
 * primes, about bits^3 in time and several times its mean when unlucky;
 * 4096 bits take seconds on a Pi 4 and may take two minutes there.  DSA
 * (one exponentiation in the fixed domain) and curve keys are short (0).
 * The runner makes the case's time limit fit its keys (bench_case
 * .iter_seconds): 60 s + (fewest samples + 3) times this.
 */
#define PK_RSA4096_KEYGEN_SECONDS	120.0

static double
pk_keygen_seconds(enum crypto_pk_id id)
{
	double r;

	if (id > P_RSA4096)
		return 0;
	r = crypto_pks[id].bits / 4096.0;
	return PK_RSA4096_KEYGEN_SECONDS * r * r * r;
}

struct pk_state {
	const struct crypto_ops *b;
	struct crypto_pk *p;
	uint8_t msg[64];
	size_t n;
	uint64_t rejected;
};

/* Its parameters (bench_params()); see pk_params. */
struct pk_params {
	struct bench_list algorithms, operations, backends;
};

static int
pk_plan(struct bench_ctx *ctx)
{
	const struct pk_params *p = bench_params(ctx);
	unsigned mask = crypto_param_backends(&p->backends);
	const char *const *ops = p->operations.items;
	char name[96];
	size_t nops = p->operations.n, i, bi, k;
	struct bench_case *c;
	int op, want;

	if (nops > OP_COUNT + 2)
		nops = OP_COUNT + 2;
	for (i = 0; i < P_COUNT; i++) {
		if (!crypto_param_wants(&p->algorithms, crypto_pks[i].name,
		    NULL))
			continue;
		for (bi = 0; bi < CB_COUNT; bi++) {
			if (!(mask & (1u << bi)))
				continue;
			for (op = 0; op < OP_COUNT; op++) {
				if (!(crypto_pks[i].ops & (1u << op)))
					continue;
				for (k = 0, want = 0; k < nops; k++)
					if (strcmp(ops[k], "all") == 0 ||
					    strcmp(ops[k],
					    crypto_op_names[op]) == 0)
						want = 1;
				if (!want)
					continue;
				snprintf(name, sizeof(name), "%s/%s/%s",
				    crypto_pks[i].name,
				    crypto_backends[bi]->name,
				    crypto_op_names[op]);
				c = bench_add_case(ctx, name, "op/s",
				    BENCH_RATE, 1);
				if (c == NULL)
					return -1;
				c->id = (int)i;
				c->arg = (intptr_t)(bi | (size_t)op << OP_SHIFT);
				if (op == OP_KEYGEN)
					c->iter_seconds = pk_keygen_seconds(
					    (enum crypto_pk_id)i);
			}
		}
	}
	return 0;
}

static void
pk_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct pk_state *s = bench_priv(ctx);

	(void)c;
	if (s == NULL)
		return;
	if (s->p != NULL)
		s->b->pk_close(s->p);
	free(s);
	bench_set_priv(ctx, NULL);
}

static int
pk_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	const struct crypto_ops *b = crypto_backends[c->arg & 0x0f];
	enum crypto_pk_id id = (enum crypto_pk_id)c->id;
	struct pk_state *s;
	char why[160];
	int rc;

	if ((rc = crypto_backend_ready(b, why, sizeof(why))) != 0)
		return crypto_skip_or_fail(ctx, rc, why);
	s = calloc(1, sizeof(*s));
	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	bench_set_priv(ctx, s);
	s->b = b;
	s->n = id == P_ECDSA_P384 ? 48 : id == P_ECDSA_P521 ||
	    id == P_ED25519 ? 64 : 32;
	crypto_fill(s->msg, s->n, 0x4d534700u + (uint32_t)id);
	rc = b->pk_open(&s->p, id, s->msg, s->n, why, sizeof(why));
	if (rc != 0) {
		pk_teardown(ctx, c);
		return crypto_skip_or_fail(ctx, rc, why);
	}
	return 0;
}

static int
pk_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct pk_state *s = bench_priv(ctx);
	enum crypto_pk_op op = (enum crypto_pk_op)(c->arg >> OP_SHIFT);
	uint64_t i;
	int rc;

	for (i = 0; i < iters; i++) {
		rc = s->b->pk_op(s->p, op);
		if (rc < 0)
			return bench_fail(ctx, "%s %s failed", s->b->label,
			    crypto_op_names[op]);
		if (rc > 0)
			s->rejected++;
	}
	return 0;
}

/* The last decryption (or secret) must be `want`. */
static int
check_output(struct bench_ctx *ctx, struct pk_state *s, const uint8_t *want,
    size_t wn, const char *what)
{
	uint8_t got[256];
	size_t gn = sizeof(got);

	if (s->b->pk_output(s->p, got, &gn) != 0 || gn != wn ||
	    memcmp(got, want, wn) != 0)
		return bench_fail(ctx, "%s", what);
	return 0;
}

/*
 * Tests only (crypto_test_fault): corrupt what a check is about to look
 * at, so that the check itself must catch it.
 */
static int
fault(struct pk_state *s, enum crypto_pk_op what)
{
	return crypto_test_fault ? s->b->pk_corrupt(s->p, what) : 0;
}

static int
pk_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct pk_state *s = bench_priv(ctx);
	enum crypto_pk_op op = (enum crypto_pk_op)(c->arg >> OP_SHIFT);
	const struct crypto_ops *b = s->b;
	uint8_t peer[128];
	size_t pn = sizeof(peer);

	if (s->rejected > 0)
		return bench_fail(ctx, "%llu timed verifications rejected a "
		    "good signature", (unsigned long long)s->rejected);
	switch (op) {
	case OP_KEYGEN:
		if (b->pk_adopt(s->p) != 0)
			return bench_fail(ctx, "the last key made is not "
			    "usable");
		if (c->id == P_X25519)
			goto derive;
		if (b->pk_op(s->p, OP_SIGN) != 0)
			return bench_fail(ctx, "the new key cannot sign");
		/* FALLTHROUGH */
	case OP_SIGN:
	case OP_VERIFY:
		if (fault(s, OP_SIGN) != 0)
			return bench_fail(ctx, "cannot corrupt the signature");
		if (b->pk_op(s->p, OP_VERIFY) != 0)
			return bench_fail(ctx, "the signature does not verify");
		return 0;
	case OP_ENCRYPT:
		if (fault(s, OP_ENCRYPT) != 0)
			return bench_fail(ctx, "cannot corrupt the ciphertext");
		if (b->pk_op(s->p, OP_DECRYPT) != 0)
			return bench_fail(ctx, "the ciphertext does not "
			    "decrypt");
		return check_output(ctx, s, s->msg, s->n, "decryption does "
		    "not give back the message");
	case OP_DECRYPT:
		if (fault(s, OP_DECRYPT) != 0)
			return bench_fail(ctx, "cannot corrupt the plaintext");
		return check_output(ctx, s, s->msg, s->n, "decryption does "
		    "not give back the message");
	case OP_DERIVE:
	derive:
		if (b->pk_op(s->p, OP_DERIVE) != 0 ||
		    fault(s, OP_DERIVE) != 0 ||
		    b->pk_peer_derive(s->p, peer, &pn) != 0)
			return bench_fail(ctx, "cannot derive the secret");
		return check_output(ctx, s, peer, pn, "the two sides derive "
		    "different secrets");
	default:
		return bench_fail(ctx, "unknown operation");
	}
}

/*
 * libgcrypt's rsa_bench, dsa_bench and ecc_bench: per key one key made,
 * 100 signatures, 100 verifications.  The program makes no DSA key (its
 * `-`); boardbench's keygen in the fixed domain fills the column when it
 * was measured.
 */
#define GC_PK_ITERATIONS 100

static void
pk_classic_gcrypt(FILE *fp, const struct result *const *rows, size_t nrows)
{
	char names[3][96], pre[64], label[80];
	struct crypto_cell cells[3] = {
		{ names[0], 1, "   " },
		{ names[1], GC_PK_ITERATIONS, "   " },
		{ names[2], GC_PK_ITERATIONS, "     " },
	};
	int id, shown = 0;

	for (id = 0; id < P_COUNT; id++) {
		const struct crypto_pk_alg *a = &crypto_pks[id];

		if (id == P_ED25519 || id == P_X25519)
			continue;	/* not in the program's table */
		snprintf(pre, sizeof(pre), "%s/gcrypt/", a->name);
		if (!crypto_classic_has(rows, nrows, pre))
			continue;
		if (!shown) {
			crypto_classic_gcrypt_title(fp, "public key");
			fprintf(fp, "Algorithm         generate %4d*sign "
			    "%4d*verify\n", GC_PK_ITERATIONS,
			    GC_PK_ITERATIONS);
			fprintf(fp, "%.48s\n", "------------------------------"
			    "------------------");
			shown = 1;
		}
		snprintf(names[0], sizeof(names[0]), "%skeygen", pre);
		snprintf(names[1], sizeof(names[1]), "%ssign", pre);
		snprintf(names[2], sizeof(names[2]), "%sverify", pre);
		if (crypto_pk_is_dsa((enum crypto_pk_id)id))
			snprintf(pre, sizeof(pre), "DSA %d/%d", a->bits,
			    a->qbits);
		else
			snprintf(pre, sizeof(pre), "%s %3d bit",
			    id <= P_RSA4096 ? "RSA" : "ECDSA", a->bits);
		snprintf(label, sizeof(label), "%-16s", pre);
		crypto_classic_line(fp, label, cells, 3, rows, nrows);
	}
	if (shown)
		crypto_classic_gcrypt_note(fp, "1 key, 100 signatures, 100 "
		    "verifications per line");
}

/* --classic: `openssl speed` style, one block per library. */
static void
pk_classic(FILE *fp, const struct bench_info *info,
    const struct result *const *rows, size_t nrows)
{
	size_t bi, i, j, used;
	int op, id, any, shown;
	char line[256], cell[32], pre[96];

	(void)info;
	for (bi = 0; bi < CB_COUNT; bi++) {
		const struct crypto_ops *b = crypto_backends[bi];

		shown = 0;
		for (id = 0; id < P_COUNT; id++) {
			used = (size_t)snprintf(line, sizeof(line), "%-28s",
			    crypto_pks[id].label);
			any = 0;
			for (op = 0; op < OP_COUNT; op++) {
				const struct result *r = NULL;

				snprintf(pre, sizeof(pre), "%s/%s/%s",
				    crypto_pks[id].name, b->name,
				    crypto_op_names[op]);
				for (i = 0; i < nrows; i++)
					if (rows[i]->copy == 0 && strcmp(
					    rows[i]->case_name, pre) == 0)
						r = rows[i];
				if (r != NULL && r->status == ST_OK) {
					snprintf(cell, sizeof(cell), "%.1f",
					    r->st.median);
					any = 1;
				} else {
					snprintf(cell, sizeof(cell), "%s",
					    r == NULL ? "" : "n/a");
				}
				used += (size_t)snprintf(line + used,
				    used < sizeof(line) ? sizeof(line) - used :
				    0, " %10s", cell);
			}
			if (!any)
				continue;
			if (!shown) {
				fprintf(fp, "%s (public key)\n",
				    crypto_backend_title(b, pre,
				    sizeof(pre)));
				fprintf(fp, "%-28s", "");
				for (j = 0; j < OP_COUNT; j++) {
					snprintf(cell, sizeof(cell), "%.6s/s",
					    crypto_op_names[j]);
					fprintf(fp, " %10s", cell);
				}
				fputc('\n', fp);
				shown = 1;
			}
			fprintf(fp, "%s\n", line);
		}
		if (shown)
			fputc('\n', fp);
	}
	pk_classic_gcrypt(fp, rows, nrows);
}

static const struct bench_param pk_params[] = {
	{
		BENCH_PARAM_LIST(struct pk_params, algorithms),
		.def = CRYPTO_STD_PKS, .quick = "rsa2048,ecdsa-p256,ed25519",
		.full = "all",
		.check = crypto_check_algorithms,
		.help = "keys to measure, or all (standard: " CRYPTO_STD_PKS
		    "): rsa1024, rsa2048, rsa3072, "
		    "rsa4096, dsa1024, dsa2048, dsa3072, ecdsa-p192, ecdsa-p224, ecdsa-p256, ecdsa-p384, ecdsa-p521, "
		    "ed25519, x25519",
	},
	{
		BENCH_PARAM_LIST(struct pk_params, operations),
		.def = "sign,verify,derive", .quick = "sign,verify,derive",
		.full = "all",
		.choices = "all|keygen|sign|verify|encrypt|decrypt|derive",
		.help = "operations to measure where the key can do them; "
		    "keygen (an RSA-4096 key: seconds, up to two minutes on a "
		    "slow board; its time limit grows to fit), encrypt and "
		    "decrypt are in full only",
	},
	CRYPTO_PARAM_BACKENDS(struct pk_params, backends),
	{ .name = NULL }
};

/* The figures people quote from this benchmark (bench.h, headlines). */
static const struct bench_headline pk_headlines[] = {
	{ "rsa2048/", "*", "/sign", "RSA-2048 sign", 0 },
	{ "rsa2048/", "*", "/verify", "RSA-2048 verify", 0 },
	{ 0 }
};

const struct bench_info bench_pubkey_info = {
	.name = "pubkey",
	.group = "crypto",
	.description = "RSA, DSA, ECDSA, Ed25519 and X25519 key generation, "
	    "sign, verify, encrypt, decrypt and derive through OpenSSL, "
	    "libgcrypt and mbed TLS",
	.unit = "op/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = pk_params,
	.params_size = sizeof(struct pk_params),
	.plan = pk_plan,
	.setup = pk_setup,
	.run = pk_run,
	.verify = pk_verify,
	.teardown = pk_teardown,
	.classic = pk_classic,
	.unavailable = CRYPTO_UNAVAILABLE,
	.min_sample = CRYPTO_PK_MIN_SAMPLE,
	.budget = CRYPTO_PK_BUDGET,
	.warmup = CRYPTO_WARMUP,
	.headlines = pk_headlines,
	.headline_rank = 60,
	.quotes = crypto_quotes,
};
