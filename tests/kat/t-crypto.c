/*
 * t-crypto.c - known answers for the crypto benchmarks through one
 * library (KAT_BACKEND: 0 OpenSSL, 1 libgcrypt, 2 mbed TLS; exit 77 when
 * that library is not built): every hash and every cipher mode against its published
 * vector or the reference mode, every hash fed in writes of many sizes
 * (and by putc) against its one-shot digest, the reference GCM against
 * published AES-GCM vectors, the public-key round trips, the benchmarks' own hooks
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
#include "util.h"

#if KAT_BACKEND == 0 && defined(HAVE_OPENSSL)
#include <openssl/bn.h>
#include <openssl/dsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#define CRYPTO_KEYS_PEM
#include "crypto-keys.h"
#elif KAT_BACKEND == 1 && defined(HAVE_GCRYPT)
#include <gcrypt.h>
#define CRYPTO_KEYS_SEXP
#include "crypto-keys.h"
#elif KAT_BACKEND == 2 && defined(HAVE_MBEDTLS)
#include <mbedtls/md.h>
#include <mbedtls/version.h>
#endif

#ifndef KAT_BACKEND
#define KAT_BACKEND 0
#endif

extern const struct bench_info bench_hash_info, bench_cipher_info,
    bench_pubkey_info, bench_powm_info, bench_random_info;

/*
 * What the library lacks, asked of the library itself by this test (not
 * through the backend under test), so that a broken backend cannot hide
 * behind a SKIPPED row.  mbed TLS is measured for AES, ChaCha20-Poly1305,
 * RSA and ECDSA and the md layer's hashes only: that scope is a fixed
 * list (doc/guide.md); its hashes are asked of mbedtls_md_info_from_type.
 */
#if KAT_BACKEND == 0 && defined(HAVE_OPENSSL)
static const char *const t_ossl_md[H_COUNT] = {
	"MD4", "MD5", "SHA1", "SHA224", "SHA256", "SHA384", "SHA512",
	"SHA3-256", "RIPEMD160", "BLAKE2B512", "BLAKE2S256", "WHIRLPOOL",
	"TIGER", "CRC32", "SHA256",
	/* not in OpenSSL: a fetch of these names must fail */
	"CRC32RFC1510", "CRC24RFC2440", "TIGER2",
};
static const char *const t_ossl_cipher[C_COUNT] = {
	"aes-128", "aes-192", "aes-256", "chacha20", "chacha20-poly1305",
	"des-ede3", "des", "bf", "cast5", "camellia-128", "camellia-256",
	"seed", "twofish", "serpent", "idea", "rc4",
};

static int
lib_lacks_hash(enum crypto_hash_id id)
{
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
	EVP_MD *md = EVP_MD_fetch(NULL, t_ossl_md[id], NULL);

	EVP_MD_free(md);
	ERR_clear_error();
	return md == NULL;
#else
	return EVP_get_digestbyname(t_ossl_md[id]) == NULL;
#endif
}

static int
lib_lacks_cipher(enum crypto_cipher_id id, enum crypto_mode m)
{
	char name[64];

	if (m == M_NONE)
		snprintf(name, sizeof(name), "%s", t_ossl_cipher[id]);
	else
		snprintf(name, sizeof(name), "%s-%s", t_ossl_cipher[id],
		    m == M_ECB ? "ecb" : m == M_CBC ? "cbc" : m == M_CFB ?
		    "cfb" : m == M_OFB ? "ofb" : m == M_CTR ? "ctr" : "gcm");
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
	{
		EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);

		EVP_CIPHER_free(c);
		ERR_clear_error();
		return c == NULL;
	}
#else
	return EVP_get_cipherbyname(name) == NULL;
#endif
}

static int
lib_lacks_pk(enum crypto_pk_id id)
{
	(void)id;	/* every key type is in OpenSSL 1.1.1 and later */
	return 0;
}
#elif KAT_BACKEND == 1 && defined(HAVE_GCRYPT)
static const int t_gc_md[H_COUNT] = {
	GCRY_MD_MD4, GCRY_MD_MD5, GCRY_MD_SHA1, GCRY_MD_SHA224,
	GCRY_MD_SHA256, GCRY_MD_SHA384, GCRY_MD_SHA512, GCRY_MD_SHA3_256,
	GCRY_MD_RMD160, GCRY_MD_BLAKE2B_512, GCRY_MD_BLAKE2S_256,
	GCRY_MD_WHIRLPOOL, GCRY_MD_TIGER1, GCRY_MD_CRC32, GCRY_MD_SHA256,
	GCRY_MD_CRC32_RFC1510, GCRY_MD_CRC24_RFC2440, GCRY_MD_TIGER2,
};
static const int t_gc_cipher[C_COUNT] = {
	GCRY_CIPHER_AES128, GCRY_CIPHER_AES192, GCRY_CIPHER_AES256,
	GCRY_CIPHER_CHACHA20, GCRY_CIPHER_CHACHA20, GCRY_CIPHER_3DES,
	GCRY_CIPHER_DES, GCRY_CIPHER_BLOWFISH, GCRY_CIPHER_CAST5,
	GCRY_CIPHER_CAMELLIA128, GCRY_CIPHER_CAMELLIA256, GCRY_CIPHER_SEED,
	GCRY_CIPHER_TWOFISH128, GCRY_CIPHER_SERPENT128, GCRY_CIPHER_IDEA,
	GCRY_CIPHER_ARCFOUR,
};

static int
lib_lacks_hash(enum crypto_hash_id id)
{
	return gcry_md_test_algo(t_gc_md[id]) != 0;
}

static int
lib_lacks_cipher(enum crypto_cipher_id id, enum crypto_mode m)
{
	(void)m;
	return gcry_cipher_test_algo(t_gc_cipher[id]) != 0;
}

static int
lib_lacks_pk(enum crypto_pk_id id)
{
	if (id == P_X25519)	/* gcry_ecc_mul_point: 1.9 and later */
		return GCRYPT_VERSION_NUMBER < 0x010900 ||
		    gcry_pk_test_algo(GCRY_PK_ECC) != 0;
	return gcry_pk_test_algo(crypto_pk_is_dsa(id) ? GCRY_PK_DSA :
	    id <= P_RSA4096 ? GCRY_PK_RSA : GCRY_PK_ECC) != 0;
}
#elif KAT_BACKEND == 2 && defined(HAVE_MBEDTLS)
static int
lib_lacks_hash(enum crypto_hash_id id)
{
	mbedtls_md_type_t t;

	switch (id) {
	case H_MD4:
#if MBEDTLS_VERSION_NUMBER < 0x03000000
		t = MBEDTLS_MD_MD4;
		break;
#else
		return 1;
#endif
	case H_MD5: t = MBEDTLS_MD_MD5; break;
	case H_SHA1: t = MBEDTLS_MD_SHA1; break;
	case H_SHA224: t = MBEDTLS_MD_SHA224; break;
	case H_SHA256: case H_HMAC_SHA256: t = MBEDTLS_MD_SHA256; break;
	case H_SHA384: t = MBEDTLS_MD_SHA384; break;
	case H_SHA512: t = MBEDTLS_MD_SHA512; break;
	case H_RIPEMD160: t = MBEDTLS_MD_RIPEMD160; break;
	default:
		return 1;	/* not in the md layer boardbench measures */
	}
	return mbedtls_md_info_from_type(t) == NULL;
}

static int
lib_lacks_cipher(enum crypto_cipher_id id, enum crypto_mode m)
{
	(void)m;	/* the documented scope: AES, ChaCha20-Poly1305 */
	return !(id == C_AES128 || id == C_AES192 || id == C_AES256 ||
	    id == C_CHACHA20_POLY1305);
}

static int
lib_lacks_pk(enum crypto_pk_id id)
{
	/* the documented scope: RSA and ECDSA */
	return crypto_pk_is_dsa(id) || id == P_ED25519 || id == P_X25519;
}
#else
static int lib_lacks_hash(enum crypto_hash_id id) { (void)id; return 1; }
static int
lib_lacks_cipher(enum crypto_cipher_id id, enum crypto_mode m)
{
	(void)id;
	(void)m;
	return 1;
}
static int lib_lacks_pk(enum crypto_pk_id id) { (void)id; return 1; }
#endif

/*
 * The sizes of a fixed key as the library reads it: the bits of the RSA
 * modulus (q 0), or of the DSA p and q.  0, or -1 when it cannot be read.
 */
#if KAT_BACKEND == 0 && defined(HAVE_OPENSSL)
static const char *const t_keys[P_COUNT] = {
	crypto_rsa1024_pem, crypto_rsa2048_pem, crypto_rsa3072_pem,
	crypto_rsa4096_pem, crypto_dsa1024_pem, crypto_dsa2048_pem,
	crypto_dsa3072_pem,
};

static int
key_sizes(enum crypto_pk_id id, int *pbits, int *qbits)
{
	BIO *bio = BIO_new_mem_buf(t_keys[id], -1);
	EVP_PKEY *k = bio ? PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL) :
	    NULL;
	BIGNUM *q = NULL;

	BIO_free(bio);
	if (k == NULL)
		return -1;
	*pbits = EVP_PKEY_get_bits(k);
	*qbits = 0;
	if (crypto_pk_is_dsa(id)) {
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
		if (EVP_PKEY_get_bn_param(k, "q", &q) == 1)
			*qbits = BN_num_bits(q);
#else
		const BIGNUM *p0, *q0, *g0;

		DSA_get0_pqg(EVP_PKEY_get0_DSA(k), &p0, &q0, &g0);
		*qbits = q0 ? BN_num_bits(q0) : 0;
#endif
	}
	BN_free(q);
	EVP_PKEY_free(k);
	return 0;
}
#elif KAT_BACKEND == 1 && defined(HAVE_GCRYPT)
static const char *const t_keys[P_COUNT] = {
	crypto_rsa1024_sexp, crypto_rsa2048_sexp, crypto_rsa3072_sexp,
	crypto_rsa4096_sexp, crypto_dsa1024_sexp, crypto_dsa2048_sexp,
	crypto_dsa3072_sexp,
};

static int
key_sizes(enum crypto_pk_id id, int *pbits, int *qbits)
{
	gcry_sexp_t k;
	gcry_mpi_t p = NULL, q = NULL;
	int dsa = crypto_pk_is_dsa(id);

	if (gcry_sexp_new(&k, t_keys[id], 0, 1) != 0)
		return -1;
	if (gcry_sexp_extract_param(k, NULL, dsa ? "pq" : "n", &p,
	    dsa ? &q : NULL, NULL) != 0) {
		gcry_sexp_release(k);
		return -1;
	}
	*pbits = (int)gcry_mpi_get_nbits(p);
	*qbits = q ? (int)gcry_mpi_get_nbits(q) : 0;
	gcry_mpi_release(p);
	gcry_mpi_release(q);
	gcry_sexp_release(k);
	return 0;
}
#endif

/*
 * The fixed keys are the sizes their names promise, read by the library
 * itself: DSA 1024/160, 2048/224 and 3072/256 as libgcrypt's
 * tests/benchmark has them (seed 003).
 */
static void
check_key_sizes(void)
{
#if (KAT_BACKEND == 0 && defined(HAVE_OPENSSL)) || \
    (KAT_BACKEND == 1 && defined(HAVE_GCRYPT))
	int id, pb, qb, rc;

	for (id = 0; id <= P_DSA3072; id++) {
		pb = qb = -1;
		rc = key_sizes((enum crypto_pk_id)id, &pb, &qb);
		ok(rc == 0 && pb == crypto_pks[id].bits &&
		    qb == crypto_pks[id].qbits,
		    "%s: the fixed key is %d/%d bits (wanted %d/%d)",
		    crypto_pks[id].name, pb, qb, crypto_pks[id].bits,
		    crypto_pks[id].qbits);
	}
	is_int(crypto_pks[P_DSA2048].qbits, 224, "dsa2048 is DSA 2048/224");
#endif
}

/* What must run and verify in every library built, whatever it says. */
static int
must_have_hash(enum crypto_hash_id id)
{
	return id == H_SHA224 || id == H_SHA256 || id == H_SHA384 ||
	    id == H_SHA512;
}

static int
must_have_cipher(enum crypto_cipher_id id, enum crypto_mode m)
{
	return (id == C_AES128 || id == C_AES192 || id == C_AES256) &&
	    (m == M_CBC || m == M_CTR || m == M_GCM);
}

static int
must_have_pk(enum crypto_pk_id id)
{
	return id <= P_RSA4096;
}

static int
may_lack_hash(enum crypto_hash_id id)
{
	return !must_have_hash(id) && lib_lacks_hash(id);
}

static int
may_lack_cipher(enum crypto_cipher_id id, enum crypto_mode m)
{
	return !must_have_cipher(id, m) && lib_lacks_cipher(id, m);
}

/*
 * May this benchmark case (by its name) be SKIPPED?  Only when this test
 * confirms the library lacks it, or the size is not whole blocks of a
 * mode that takes whole blocks.
 */
static int
case_may_skip(const char *name)
{
	char first[64], mode[64];
	const char *slash = strchr(name, '/'), *last = strrchr(name, '/');
	size_t i, n;
	int m;
	long size;

	n = slash != NULL ? (size_t)(slash - name) : strlen(name);
	if (n >= sizeof(first))
		return 0;
	memcpy(first, name, n);
	first[n] = '\0';
	size = last != NULL ? strtol(last + 1, NULL, 10) : 0;
	for (i = 0; i < H_COUNT; i++)
		if (strcmp(first, crypto_hashes[i].name) == 0)
			return may_lack_hash(i);
	for (i = 0; i < P_COUNT; i++)
		if (strcmp(first, crypto_pks[i].name) == 0)
			return !must_have_pk(i) && lib_lacks_pk(i);
	for (i = 0; i < C_COUNT; i++)
		for (m = M_NONE; m < M_COUNT; m++) {
			if (!crypto_cipher_has_mode(i, m))
				continue;
			crypto_cipher_name(i, m, mode, sizeof(mode));
			if (strcmp(first, mode) != 0)
				continue;
			if ((m == M_ECB || m == M_CBC) && size > 0 &&
			    (size_t)size % crypto_ciphers[i].blen != 0)
				return 1;
			return may_lack_cipher(i, m);
		}
	return 0;
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
check_hashes(const struct crypto_ops *b)
{
	char why[160];
	int rc;
	size_t i;

	for (i = 0; i < H_COUNT; i++) {
		rc = crypto_hash_kat(b, (enum crypto_hash_id)i, why,
		    sizeof(why));
		if (rc == CRYPTO_NA && may_lack_hash(i)) {
			skip(1, "%s", why);
			continue;
		}
		ok(rc == 0, "%s %s matches %s%s%s", b->label,
		    crypto_hashes[i].name, crypto_hashes[i].source,
		    rc ? ": " : "", rc ? why : "");
	}
}

/*
 * Streaming: 1001 bytes fed in writes of 1, 7, 64, 100, 1000 (the last
 * write short), 1001 and 5000 bytes, and by putc where the library has
 * it, give the one-shot digest of the same bytes.
 */
static void
check_streaming(const struct crypto_ops *b)
{
	static const size_t steps[] = { 1, 7, 64, 100, 1000, 1001, 5000 };
	struct crypto_hash *h;
	uint8_t msg[1001], want[64], got[64];
	char why[160], bad[64];
	size_t i, k, dlen;
	int rc;

	crypto_fill(msg, sizeof(msg), 0x53545245u);
	for (i = 0; i < H_COUNT; i++) {
		rc = b->hash_open(&h, (enum crypto_hash_id)i, why,
		    sizeof(why));
		if (rc == CRYPTO_NA && may_lack_hash(i)) {
			skip(1, "%s", why);
			continue;
		}
		if (!ok(rc == 0, "%s %s opens%s%s", b->label,
		    crypto_hashes[i].name, rc ? ": " : "", rc ? why : ""))
			continue;
		dlen = crypto_hashes[i].dlen;
		bad[0] = '\0';
		rc = b->hash_once(h, msg, sizeof(msg), want);
		for (k = 0; rc == 0 && !bad[0] && k < ARRAY_SIZE(steps);
		    k++) {
			memset(got, 0xee, sizeof(got));
			rc = b->hash_stream(h, msg, sizeof(msg), steps[k],
			    got);
			if (rc == 0 && memcmp(got, want, dlen) != 0)
				snprintf(bad, sizeof(bad), "writes of %zu "
				    "bytes differ", steps[k]);
		}
		if (rc == 0 && !bad[0] && b->hash_putc != NULL) {
			memset(got, 0xee, sizeof(got));
			rc = b->hash_putc(h, msg, sizeof(msg), got);
			if (rc == 0 && memcmp(got, want, dlen) != 0)
				snprintf(bad, sizeof(bad), "putc differs");
		}
		b->hash_close(h);
		ok(rc == 0 && !bad[0], "%s %s: 1001 bytes streamed in writes "
		    "of 1 to 5000 bytes%s give the one-shot digest%s%s",
		    b->label, crypto_hashes[i].name, b->hash_putc != NULL ?
		    " and by putc" : "", bad[0] ? ": " : "", rc ? "failed" :
		    bad);
	}
}

static void
check_ciphers(const struct crypto_ops *b)
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
			if (rc == CRYPTO_NA && may_lack_cipher(i, m)) {
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
			crypto_cipher_name(i, m, name, sizeof(name));
			if (rb == CRYPTO_NA && !may_lack_cipher(i, m)) {
				ok(0, "%s: %s has it (%s)", name, g->label,
				    why);
				continue;
			}
			if (ra == CRYPTO_NA || rb == CRYPTO_NA)
				continue;
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
		if (rc == BENCH_SKIP && case_may_skip(ctx->cases[i].name)) {
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

/*
 * Every public-key case: its round-trip check must fail on a corrupted
 * signature, ciphertext, plaintext or secret, with that check's reason.
 */
static void
check_pk_faults(struct bench_ctx *ctx)
{
	const char *name, *op, *want, *alt;
	size_t i;
	int vf, rc;

	for (i = 0; i < ctx->ncases; i++) {
		name = ctx->cases[i].name;
		op = strrchr(name, '/');
		op = op != NULL ? op + 1 : name;
		if (bench_ctx_exercise(ctx, i, 1, &vf) == BENCH_SKIP)
			continue;	/* reported (and allowed) above */
		want = alt = "the signature does not verify";
		if (strcmp(op, "encrypt") == 0) {
			want = "the ciphertext does not decrypt";
			alt = "decryption does not give back the message";
		} else if (strcmp(op, "decrypt") == 0) {
			want = alt = "decryption does not give back the "
			    "message";
		} else if (strcmp(op, "derive") == 0 ||
		    strncmp(name, "x25519/", 7) == 0) {
			want = alt = "the two sides derive different secrets";
		}
		vf = 0;
		crypto_test_fault = 1;
		rc = bench_ctx_exercise(ctx, i, 1, &vf);
		crypto_test_fault = 0;
		ok(rc != 0 && vf && (strstr(ctx->reason, want) != NULL ||
		    strstr(ctx->reason, alt) != NULL), "%s: a corrupted "
		    "result fails its check (%s)", name, ctx->reason);
	}
}

/*
 * hash.writes: a case per write pattern, named by it; each runs and
 * verifies (the streamed digest against a one-shot one), putc only in
 * libgcrypt (SKIPPED elsewhere with the reason); verify() catches a
 * corrupted streamed digest.
 */
static void
check_hash_writes(const struct crypto_ops *b, const char *be)
{
	static const char *const tails[4] = { "", "/w100", "/w1", "/putc" };
	const char *spec[4] = { be, "hash.algorithms=sha256,hmac-sha256",
	    "hash.sizes=1000,10", "hash.writes=whole,100,1,putc" };
	struct bench_ctx *ctx = kat_ctx(&bench_hash_info, spec, 4);
	char name[96];
	size_t i;
	int vf, rc;

	is_int((long long)ctx->ncases, 2 * 2 * 4, "hash.writes: a case per "
	    "algorithm, size and write pattern");
	for (i = 0; i < 4 && i < ctx->ncases; i++) {
		snprintf(name, sizeof(name), "sha256/%s/1000%s", b->name,
		    tails[i]);
		is_str(ctx->cases[i].name, name, "hash.writes: case %zu is "
		    "named by its pattern", i);
	}
	for (i = 0; i < ctx->ncases; i++) {
		rc = bench_ctx_exercise(ctx, i, 2, &vf);
		if (strstr(ctx->cases[i].name, "/putc") != NULL &&
		    b->hash_putc == NULL) {
			ok(rc == BENCH_SKIP && strcmp(ctx->reason, "putc is "
			    "libgcrypt's gcry_md_putc") == 0, "%s is SKIPPED "
			    "(%s)", ctx->cases[i].name, ctx->reason);
			continue;
		}
		ok(rc == 0, "hash %s runs and verifies%s%s",
		    ctx->cases[i].name, rc ? ": " : "", rc ? ctx->reason : "");
	}
	/* case 2: sha256 at 1000 bytes in 1-byte writes */
	vf = 0;
	crypto_test_fault = 1;
	rc = bench_ctx_exercise(ctx, 2, 2, &vf);
	crypto_test_fault = 0;
	ok(rc != 0 && vf, "%s: a corrupted streamed digest fails verify "
	    "(%s)", ctx->cases[2].name, ctx->reason);
	bench_ctx_free(ctx);
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

	check_hash_writes(b, be);

	ctx = ctx_with(&bench_cipher_info, be, "cipher.algorithms=all",
	    "cipher.sizes=64,100");
	exercise_all(ctx, 3);
	check_fault(ctx);
	bench_ctx_free(ctx);

	ctx = ctx_with(&bench_pubkey_info, be, "pubkey.algorithms=rsa1024,"
	    "dsa1024,dsa2048,dsa3072,ecdsa-p192,ecdsa-p224,ecdsa-p256,ecdsa-p384,ecdsa-p521,ed25519,x25519",
	    "pubkey.operations=all");
	exercise_all(ctx, 2);
	check_pk_faults(ctx);
	bench_ctx_free(ctx);

	/* powm through OpenSSL and libgcrypt only (mbed TLS: no cases) */
	ctx = ctx_with(&bench_powm_info, be, "powm.bits=1024,2048,4096",
	    "powm.bits=1024,2048,4096");
	is_int((long long)ctx->ncases, b == &crypto_mbedtls_ops ? 0 : 3,
	    "powm: one case per size through %s", b->name);
	if (ctx->ncases > 0) {
		exercise_all(ctx, 2);
		check_fault(ctx);
	}
	bench_ctx_free(ctx);

	/*
	 * powm with libgcrypt tests/benchmark's operands and exponent 41:
	 * the 498-bit case must give the known answer computed apart, and
	 * the two libraries agree on all three; an exponent of N bits too
	 */
	ctx = ctx_with(&bench_powm_info, be, "powm.bits=498,1010,2022",
	    "powm.exponent=small");
	is_int((long long)ctx->ncases, b == &crypto_mbedtls_ops ? 0 : 3,
	    "powm exponent=small: one case per program column through %s",
	    b->name);
	if (ctx->ncases > 0) {
		exercise_all(ctx, 2);
		check_fault(ctx);
	}
	bench_ctx_free(ctx);
	ctx = ctx_with(&bench_powm_info, be, "powm.bits=1024,1010",
	    "powm.exponent=17");
	if (ctx->ncases > 0)
		exercise_all(ctx, 2);
	bench_ctx_free(ctx);

	/*
	 * random: libgcrypt's nonce, weak and strong levels, OpenSSL's
	 * RAND_bytes; a repeated output must fail the (weak) check
	 */
	ctx = ctx_with(&bench_random_info, be, "random.size=128",
	    "random.size=128");
	is_int((long long)ctx->ncases, b == &crypto_gcrypt_ops ? 3 :
	    b == &crypto_openssl_ops ? 1 : 0, "random: one case per level "
	    "through %s", b->name);
	if (ctx->ncases > 0) {
		exercise_all(ctx, 3);
		check_fault(ctx);
	}
	bench_ctx_free(ctx);
}

int
main(void)
{
	const struct crypto_ops *b = crypto_backends[KAT_BACKEND];
	char why[160];

	if (b->unavailable != NULL)
		skip_all("%s", b->unavailable);
	if (crypto_backend_ready(b, why, sizeof(why)) != 0)
		bail("%s is built but does not start: %s", b->label, why);
	check_hashes(b);
	check_streaming(b);
	check_ciphers(b);
	check_reference_gcm(b);
	check_key_sizes();
	check_benchmarks(b);
	if (KAT_BACKEND != CB_OPENSSL && crypto_backend_ready(
	    &crypto_openssl_ops, why, sizeof(why)) == 0)
		check_agreement(&crypto_openssl_ops, b);
	return done_testing();
}
