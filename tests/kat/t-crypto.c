/*
 * t-crypto.c - known answers for the crypto benchmarks through one
 * library (KAT_BACKEND: 0 OpenSSL, 1 libgcrypt; exit 77 when that library
 * is not built): every hash and every cipher mode against its published
 * vector or the reference mode, the reference GCM against published
 * AES-GCM vectors, the public-key round trips, the benchmarks' own hooks
 * end to end, verify() catching a corrupted output, and, when both
 * libraries are built, the two giving the same bytes.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "crypto-common.h"
#include "registry.h"
#include "runner-int.h"
#include "kat.h"
#include "tap.h"

#ifndef KAT_BACKEND
#define KAT_BACKEND 0
#endif

extern const struct bench_info bench_hash_info, bench_cipher_info,
    bench_pubkey_info;

/* What each library is known to lack (anything else must be there). */
static int
may_lack_hash(int backend, enum crypto_hash_id id)
{
	if (backend == CB_OPENSSL)
		return id == H_TIGER || id == H_CRC32 || id == H_MD4 ||
		    id == H_WHIRLPOOL || id == H_RIPEMD160;
	if (backend == CB_MBEDTLS)	/* the md layer's algorithms only */
		return id == H_SHA3_256 || id == H_BLAKE2B512 ||
		    id == H_BLAKE2S256 || id == H_WHIRLPOOL || id == H_TIGER ||
		    id == H_CRC32 || id == H_MD4;
	return 0;
}

static int
may_lack_cipher(int backend, enum crypto_cipher_id id, enum crypto_mode m)
{
	if (backend == CB_GCRYPT)
		return id == C_IDEA;	/* disabled in some builds */
	if (backend == CB_MBEDTLS)	/* measured: AES, ChaCha20-Poly1305 */
		return !(id == C_AES128 || id == C_AES192 || id == C_AES256 ||
		    id == C_CHACHA20_POLY1305);
	if (id == C_TWOFISH || id == C_SERPENT)
		return 1;
	/* the legacy provider's ciphers, and modes OpenSSL never had */
	if (id == C_DES || id == C_BLOWFISH || id == C_CAST5 ||
	    id == C_SEED || id == C_IDEA || id == C_RC4)
		return 1;
	return m == M_CTR || m == M_GCM;
}

/* Published AES-GCM vectors (McGrew and Viega, GCM spec, cases 2, 14). */
static void
check_reference_gcm(const struct crypto_ops *b)
{
	static const struct {
		enum crypto_cipher_id id;
		const char *ct, *tag, *name;
	} v[] = {
		{ C_AES128, "0388dace60b6a392f328c2b971b2fe78",
		  "ab6e47d42cec13bdf53a67b21257bddf", "test case 2" },
		{ C_AES256, "cea7403d4d606b6e074ec5d3baf39d18",
		  "d0d1c8a799996bf0265b98b5d48ab919", "test case 14" },
	};
	uint8_t key[32] = { 0 }, iv[16] = { 0 }, in[16] = { 0 }, out[16],
	    tag[16], want[16], wtag[16];
	char why[160];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		rc = crypto_ref_mode(b, v[i].id, M_GCM, key,
		    crypto_ciphers[v[i].id].klen, iv, in, out, 16, tag, why,
		    sizeof(why));
		crypto_unhex(v[i].ct, want, sizeof(want));
		crypto_unhex(v[i].tag, wtag, sizeof(wtag));
		ok(rc == 0 && memcmp(out, want, 16) == 0 &&
		    memcmp(tag, wtag, 16) == 0, "reference GCM over %s %s "
		    "gives the GCM spec's %s", b->label,
		    crypto_ciphers[v[i].id].name, v[i].name);
	}
}

static void
check_hashes(const struct crypto_ops *b, int bi)
{
	char why[160];
	int rc;
	size_t i;

	for (i = 0; i < H_COUNT; i++) {
		rc = crypto_hash_kat(b, (enum crypto_hash_id)i, why,
		    sizeof(why));
		if (rc == CRYPTO_NA && may_lack_hash(bi, i)) {
			skip(1, "%s", why);
			continue;
		}
		ok(rc == 0, "%s %s matches %s%s%s", b->label,
		    crypto_hashes[i].name, crypto_hashes[i].source,
		    rc ? ": " : "", rc ? why : "");
	}
}

static void
check_ciphers(const struct crypto_ops *b, int bi)
{
	char why[160], name[48];
	size_t i;
	int m, rc;

	for (i = 0; i < C_COUNT; i++) {
		for (m = M_NONE; m < M_COUNT; m++) {
			if (!crypto_cipher_has_mode(i, m))
				continue;
			crypto_cipher_name(i, m, name, sizeof(name));
			rc = crypto_cipher_kat(b, i, m, why, sizeof(why));
			if (rc == CRYPTO_NA && may_lack_cipher(bi, i, m)) {
				skip(1, "%s", why);
				continue;
			}
			ok(rc == 0, "%s %s: %s vector, reference mode, round "
			    "trip%s%s", b->label, name,
			    crypto_ciphers[i].source, rc ? ": " : "",
			    rc ? why : "");
		}
	}
}

/* The same key, IV and text through two libraries: the same bytes. */
static void
check_agreement(const struct crypto_ops *o, const struct crypto_ops *g)
{
	uint8_t key[32], iv[16], in[100], a[100], b[100], ta[16], tb[16];
	struct crypto_cipher_spec s = { .key = key, .iv = iv, .encrypt = 1 };
	struct crypto_cipher *c;
	char why[160], name[48];
	size_t i, n;
	int m, ra, rb;

	crypto_fill(key, sizeof(key), 1);
	crypto_fill(iv, sizeof(iv), 2);
	crypto_fill(in, sizeof(in), 3);
	for (i = 0; i < C_COUNT; i++) {
		for (m = M_NONE; m < M_COUNT; m++) {
			if (!crypto_cipher_has_mode(i, m))
				continue;
			s.alg = i;
			s.mode = m;
			s.klen = crypto_ciphers[i].klen;
			n = m == M_ECB || m == M_CBC ? 96 : 100;
			c = NULL;
			ra = o->cipher_open(&c, &s, why, sizeof(why));
			if (ra == 0) {
				ra = o->cipher_msg(c, in, a, n, ta);
				o->cipher_close(c);
			}
			c = NULL;
			rb = g->cipher_open(&c, &s, why, sizeof(why));
			if (rb == 0) {
				rb = g->cipher_msg(c, in, b, n, tb);
				g->cipher_close(c);
			}
			if (ra == CRYPTO_NA || rb == CRYPTO_NA)
				continue;
			crypto_cipher_name(i, m, name, sizeof(name));
			ok(ra == 0 && rb == 0 && memcmp(a, b, n) == 0 &&
			    (((crypto_ciphers[i].flags & CIPHER_AEAD) == 0 &&
			    m != M_GCM) || memcmp(ta, tb, 16) == 0),
			    "%s: %s and %s agree", name, o->label, g->label);
		}
	}
}

static struct bench_ctx *
ctx_with(const struct bench_info *info, const char *a, const char *b,
    const char *c)
{
	const char *spec[] = { a, b, c };

	return kat_ctx(info, spec, 3);
}

/* Every case of ctx through setup, run(iters), verify, teardown. */
static void
exercise_all(struct bench_ctx *ctx, uint64_t iters)
{
	size_t i;
	int vf, rc;

	for (i = 0; i < ctx->ncases; i++) {
		rc = bench_ctx_exercise(ctx, i, iters, &vf);
		if (rc == BENCH_SKIP) {
			skip(1, "%s: %s", ctx->cases[i].name, ctx->reason);
			continue;
		}
		ok(rc == 0, "%s %s runs and verifies%s%s", ctx->info->name,
		    ctx->cases[i].name, rc ? ": " : "", rc ? ctx->reason : "");
	}
}

/* verify() must turn a corrupted output into a failure. */
static void
check_fault(struct bench_ctx *ctx)
{
	int vf = 0, rc;

	crypto_test_fault = 1;
	rc = bench_ctx_exercise(ctx, 0, 3, &vf);
	crypto_test_fault = 0;
	ok(rc != 0 && vf, "%s %s: a corrupted output fails verify (%s)",
	    ctx->info->name, ctx->cases[0].name, ctx->reason);
}

static void
check_benchmarks(const struct crypto_ops *b)
{
	char be[64], name[96];
	struct bench_ctx *ctx;

	snprintf(be, sizeof(be), "crypto.backends=%s", b->name);
	ctx = ctx_with(&bench_hash_info, be, "hash.algorithms=all",
	    "hash.sizes=1,64,1000");
	is_int((long long)ctx->ncases, 3 * H_COUNT, "hash: one case per "
	    "algorithm and size");
	snprintf(name, sizeof(name), "sha256/%s/64", b->name);
	if (ctx->ncases > H_SHA256 * 3 + 1)
		is_str(ctx->cases[H_SHA256 * 3 + 1].name, name, "hash case "
		    "names are algorithm/backend/size");
	exercise_all(ctx, 3);
	check_fault(ctx);
	bench_ctx_free(ctx);

	ctx = ctx_with(&bench_cipher_info, be, "cipher.algorithms=all",
	    "cipher.sizes=64,100");
	exercise_all(ctx, 3);
	check_fault(ctx);
	bench_ctx_free(ctx);

	ctx = ctx_with(&bench_pubkey_info, be, "pubkey.algorithms=rsa1024,"
	    "dsa2048,ecdsa-p256,ecdsa-p384,ecdsa-p521,ed25519,x25519",
	    "pubkey.operations=all");
	exercise_all(ctx, 2);
	check_fault(ctx);
	bench_ctx_free(ctx);
}

int
main(void)
{
	const struct crypto_ops *b = crypto_backends[KAT_BACKEND];
	char why[160];

	if (crypto_backend_ready(b, why, sizeof(why)) != 0)
		skip_all("%s", why);
	check_hashes(b, KAT_BACKEND);
	check_ciphers(b, KAT_BACKEND);
	check_reference_gcm(b);
	check_benchmarks(b);
	if (KAT_BACKEND != CB_OPENSSL && crypto_backend_ready(
	    &crypto_openssl_ops, why, sizeof(why)) == 0)
		check_agreement(&crypto_openssl_ops, b);
	return done_testing();
}
