/*
 * crypto-mbedtls.c - the mbed TLS (libmbedcrypto) backend of the crypto
 * benchmarks, the third library of seed 001: hashes through the md layer
 * (MD4, MD5, SHA-1, SHA-2, RIPEMD-160, HMAC-SHA-256), AES in ECB, CBC,
 * CFB (128-bit), OFB, CTR and GCM and ChaCha20-Poly1305 through their own
 * modules, and RSA 1024..4096 (PKCS#1 v1.5 sign, verify, encrypt,
 * decrypt, key generation) and ECDSA P-256/384/521.  What boardbench does
 * not measure through mbed TLS gives CRYPTO_NA with that said.  Works with
 * mbed TLS 2.16 and later, 3.x included.  Built without it, only the
 * descriptor with its reason remains.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "crypto-common.h"
#include "util.h"

#ifdef HAVE_MBEDTLS

#define CRYPTO_KEYS_PEM
#include "crypto-keys.h"

#include <mbedtls/aes.h>
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/entropy.h>
#include <mbedtls/gcm.h>
#include <mbedtls/md.h>
#include <mbedtls/pk.h>
#include <mbedtls/rsa.h>
#include <mbedtls/version.h>
#ifdef MBEDTLS_CHACHAPOLY_C
#include <mbedtls/chachapoly.h>
#endif

#if MBEDTLS_VERSION_MAJOR >= 3
#define MB3 1
#else
#define MB3 0
#endif

static char mb_version_text[64];

static int
mb_init(char *why, size_t len)
{
	(void)why;
	(void)len;
	return 0;
}

static const char *
mb_version(void)
{
	snprintf(mb_version_text, sizeof(mb_version_text), "mbed TLS %s",
	    MBEDTLS_VERSION_STRING);
	return mb_version_text;
}

static int
mb_na(char *why, size_t len, const char *name)
{
	snprintf(why, len, "mbed TLS has no %s (or boardbench does not "
	    "measure it through mbed TLS)", name);
	return CRYPTO_NA;
}

/* ---- hashes ------------------------------------------------------------- */

static const mbedtls_md_type_t mb_md[H_COUNT] = {
	[H_MD4] = MBEDTLS_MD_MD4, [H_MD5] = MBEDTLS_MD_MD5,
	[H_SHA1] = MBEDTLS_MD_SHA1, [H_SHA224] = MBEDTLS_MD_SHA224,
	[H_SHA256] = MBEDTLS_MD_SHA256, [H_SHA384] = MBEDTLS_MD_SHA384,
	[H_SHA512] = MBEDTLS_MD_SHA512, [H_RIPEMD160] = MBEDTLS_MD_RIPEMD160,
	[H_HMAC_SHA256] = MBEDTLS_MD_SHA256,
};

struct crypto_hash {
	mbedtls_md_context_t md;
	int hmac;
};

static void
mb_hash_close(struct crypto_hash *h)
{
	if (h == NULL)
		return;
	mbedtls_md_free(&h->md);
	free(h);
}

static int
mb_hash_open(struct crypto_hash **out, enum crypto_hash_id id, char *why,
    size_t len)
{
	const char *key = crypto_hashes[id].key;
	const mbedtls_md_info_t *info;
	struct crypto_hash *h;

	*out = NULL;
	info = mb_md[id] == MBEDTLS_MD_NONE ? NULL :
	    mbedtls_md_info_from_type(mb_md[id]);
	if (info == NULL)
		return mb_na(why, len, crypto_hashes[id].name);
	h = xcalloc(1, sizeof(*h));
	mbedtls_md_init(&h->md);
	h->hmac = key != NULL;
	if (mbedtls_md_setup(&h->md, info, h->hmac) != 0 ||
	    (h->hmac && mbedtls_md_hmac_starts(&h->md,
	    (const unsigned char *)key, strlen(key)) != 0)) {
		mb_hash_close(h);
		snprintf(why, len, "mbed TLS cannot open %s",
		    crypto_hashes[id].name);
		return -1;
	}
	*out = h;
	return 0;
}

static int
mb_hash_stream(struct crypto_hash *h, const uint8_t *in, size_t n,
    size_t step, uint8_t *out)
{
	size_t off, k;
	int rc;

	rc = h->hmac ? mbedtls_md_hmac_reset(&h->md) :
	    mbedtls_md_starts(&h->md);
	for (off = 0; rc == 0 && off < n; off += k) {
		k = n - off < step ? n - off : step;
		rc = h->hmac ? mbedtls_md_hmac_update(&h->md, in + off, k) :
		    mbedtls_md_update(&h->md, in + off, k);
	}
	if (rc == 0)
		rc = h->hmac ? mbedtls_md_hmac_finish(&h->md, out) :
		    mbedtls_md_finish(&h->md, out);
	return rc == 0 ? 0 : -1;
}

static int
mb_hash_once(struct crypto_hash *h, const uint8_t *in, size_t n,
    uint8_t *out)
{
	return mb_hash_stream(h, in, n, n > 0 ? n : 1, out);
}

/* ---- ciphers ------------------------------------------------------------ */

struct crypto_cipher {
	enum crypto_cipher_id alg;
	enum crypto_mode mode;
	int encrypt;
	mbedtls_aes_context aes;
	mbedtls_gcm_context gcm;
#ifdef MBEDTLS_CHACHAPOLY_C
	mbedtls_chachapoly_context cp;
#endif
	uint8_t key[32], iv0[16];
	size_t klen;
	/* the running state of the streaming modes */
	uint8_t iv[16], block[16];
	size_t off;
	const uint8_t *aad;
	size_t aadlen;
};

static int
is_aes(enum crypto_cipher_id a)
{
	return a == C_AES128 || a == C_AES192 || a == C_AES256;
}

static void
mb_cipher_close(struct crypto_cipher *c)
{
	if (c == NULL)
		return;
	mbedtls_aes_free(&c->aes);
	mbedtls_gcm_free(&c->gcm);
#ifdef MBEDTLS_CHACHAPOLY_C
	mbedtls_chachapoly_free(&c->cp);
#endif
	free(c);
}

/* Key and IV (or counter) as given at open. */
static int
mb_cipher_reset(struct crypto_cipher *c)
{
	unsigned bits = (unsigned)c->klen * 8;
	int dec_key = !c->encrypt && (c->mode == M_ECB || c->mode == M_CBC);

	memcpy(c->iv, c->iv0, sizeof(c->iv));
	memset(c->block, 0, sizeof(c->block));
	c->off = 0;
	if (c->alg == C_CHACHA20_POLY1305) {
#ifdef MBEDTLS_CHACHAPOLY_C
		return mbedtls_chachapoly_setkey(&c->cp, c->key) ? -1 : 0;
#else
		return -1;
#endif
	}
	if (c->mode == M_GCM)
		return mbedtls_gcm_setkey(&c->gcm, MBEDTLS_CIPHER_ID_AES,
		    c->key, bits) ? -1 : 0;
	return (dec_key ? mbedtls_aes_setkey_dec(&c->aes, c->key, bits) :
	    mbedtls_aes_setkey_enc(&c->aes, c->key, bits)) ? -1 : 0;
}

static int
mb_cipher_open(struct crypto_cipher **out,
    const struct crypto_cipher_spec *s, char *why, size_t len)
{
	struct crypto_cipher *c;
	char name[48];
	int ok = is_aes(s->alg) && s->mode != M_NONE;

#ifdef MBEDTLS_CHACHAPOLY_C
	ok = ok || s->alg == C_CHACHA20_POLY1305;
#endif
#ifndef MBEDTLS_CIPHER_MODE_OFB
	ok = ok && s->mode != M_OFB;
#endif
	*out = NULL;
	crypto_cipher_name(s->alg, s->mode, name, sizeof(name));
	if (!ok || s->klen > sizeof(c->key))
		return mb_na(why, len, name);
	c = xcalloc(1, sizeof(*c));
	c->alg = s->alg;
	c->mode = s->mode;
	c->encrypt = s->encrypt;
	c->klen = s->klen;
	c->aad = s->aad;
	c->aadlen = s->aadlen;
	memcpy(c->key, s->key, s->klen);
	if (c->mode == M_GCM || c->alg == C_CHACHA20_POLY1305)
		memcpy(c->iv0, s->iv, CRYPTO_NONCELEN);
	else if (c->mode != M_ECB)
		memcpy(c->iv0, s->iv, 16);
	mbedtls_aes_init(&c->aes);
	mbedtls_gcm_init(&c->gcm);
#ifdef MBEDTLS_CHACHAPOLY_C
	mbedtls_chachapoly_init(&c->cp);
#endif
	if (mb_cipher_reset(c) != 0) {
		mb_cipher_close(c);
		snprintf(why, len, "mbed TLS cannot set up %s", name);
		return -1;
	}
	*out = c;
	return 0;
}

static int
mb_aead(struct crypto_cipher *c, const uint8_t *in, uint8_t *out, size_t n,
    uint8_t *tag)
{
	if (c->mode == M_GCM) {
		if (c->encrypt)
			return mbedtls_gcm_crypt_and_tag(&c->gcm,
			    MBEDTLS_GCM_ENCRYPT, n, c->iv0, CRYPTO_NONCELEN,
			    c->aad, c->aadlen, in, out, CRYPTO_TAGLEN, tag) ?
			    -1 : 0;
		return mbedtls_gcm_auth_decrypt(&c->gcm, n, c->iv0,
		    CRYPTO_NONCELEN, c->aad, c->aadlen, tag, CRYPTO_TAGLEN,
		    in, out) ? -1 : 0;
	}
#ifdef MBEDTLS_CHACHAPOLY_C
	if (c->encrypt)
		return mbedtls_chachapoly_encrypt_and_tag(&c->cp, n, c->iv0,
		    c->aad, c->aadlen, in, out, tag) ? -1 : 0;
	return mbedtls_chachapoly_auth_decrypt(&c->cp, n, c->iv0, c->aad,
	    c->aadlen, tag, in, out) ? -1 : 0;
#else
	return -1;
#endif
}

static int
mb_cipher_msg(struct crypto_cipher *c, const uint8_t *in, uint8_t *out,
    size_t n, uint8_t *tag)
{
	int dir = c->encrypt ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT;
	size_t i;

	if (c->mode == M_GCM || c->alg == C_CHACHA20_POLY1305)
		return mb_aead(c, in, out, n, tag);
	switch (c->mode) {
	case M_ECB:
		if (n % 16 != 0)
			return -1;
		for (i = 0; i < n; i += 16)
			if (mbedtls_aes_crypt_ecb(&c->aes, dir, in + i,
			    out + i) != 0)
				return -1;
		return 0;
	case M_CBC:
		return mbedtls_aes_crypt_cbc(&c->aes, dir, n, c->iv, in,
		    out) ? -1 : 0;
	case M_CFB:
		return mbedtls_aes_crypt_cfb128(&c->aes, dir, n, &c->off,
		    c->iv, in, out) ? -1 : 0;
#ifdef MBEDTLS_CIPHER_MODE_OFB
	case M_OFB:
		return mbedtls_aes_crypt_ofb(&c->aes, n, &c->off, c->iv, in,
		    out) ? -1 : 0;
#endif
	case M_CTR:
		return mbedtls_aes_crypt_ctr(&c->aes, n, &c->off, c->iv,
		    c->block, in, out) ? -1 : 0;
	default:
		return -1;
	}
}

/* ---- public keys -------------------------------------------------------- */

struct crypto_pk {
	enum crypto_pk_id id;
	mbedtls_entropy_context entropy;
	mbedtls_ctr_drbg_context drbg;
	mbedtls_rsa_context rsa, rsa_gen;
	mbedtls_ecdsa_context ec, ec_gen;
	int have_gen;
	mbedtls_md_type_t md;
	const uint8_t *msg;
	size_t n;
	uint8_t sig[1024], ct[512], pt[512];
	size_t siglen, ctlen, ptlen;
};

static const char *const mb_pem[P_COUNT] = {
	[P_RSA1024] = crypto_rsa1024_pem, [P_RSA2048] = crypto_rsa2048_pem,
	[P_RSA3072] = crypto_rsa3072_pem, [P_RSA4096] = crypto_rsa4096_pem,
};

static int
is_rsa(enum crypto_pk_id id)
{
	return id == P_RSA1024 || id == P_RSA2048 || id == P_RSA3072 ||
	    id == P_RSA4096;
}

static mbedtls_ecp_group_id
ec_group(enum crypto_pk_id id)
{
	return id == P_ECDSA_P192 ? MBEDTLS_ECP_DP_SECP192R1 :
	    id == P_ECDSA_P224 ? MBEDTLS_ECP_DP_SECP224R1 :
	    id == P_ECDSA_P256 ? MBEDTLS_ECP_DP_SECP256R1 :
	    id == P_ECDSA_P384 ? MBEDTLS_ECP_DP_SECP384R1 :
	    id == P_ECDSA_P521 ? MBEDTLS_ECP_DP_SECP521R1 : MBEDTLS_ECP_DP_NONE;
}

static void
rsa_init(mbedtls_rsa_context *r)
{
#if MB3
	mbedtls_rsa_init(r);
	mbedtls_rsa_set_padding(r, MBEDTLS_RSA_PKCS_V15, MBEDTLS_MD_NONE);
#else
	mbedtls_rsa_init(r, MBEDTLS_RSA_PKCS_V15, 0);
#endif
}

static void
mb_pk_close(struct crypto_pk *p)
{
	if (p == NULL)
		return;
	mbedtls_rsa_free(&p->rsa);
	mbedtls_rsa_free(&p->rsa_gen);
	mbedtls_ecdsa_free(&p->ec);
	mbedtls_ecdsa_free(&p->ec_gen);
	mbedtls_ctr_drbg_free(&p->drbg);
	mbedtls_entropy_free(&p->entropy);
	free(p);
}

/* The fixed RSA key, from its PKCS#8 PEM. */
static int
load_rsa(struct crypto_pk *p)
{
	mbedtls_pk_context pk;
	const char *pem = mb_pem[p->id];
	int rc;

	mbedtls_pk_init(&pk);
#if MB3
	rc = mbedtls_pk_parse_key(&pk, (const unsigned char *)pem,
	    strlen(pem) + 1, NULL, 0, mbedtls_ctr_drbg_random, &p->drbg);
#else
	rc = mbedtls_pk_parse_key(&pk, (const unsigned char *)pem,
	    strlen(pem) + 1, NULL, 0);
#endif
	if (rc == 0 && mbedtls_pk_get_type(&pk) == MBEDTLS_PK_RSA)
		rc = mbedtls_rsa_copy(&p->rsa, mbedtls_pk_rsa(pk));
	else if (rc == 0)
		rc = -1;
	mbedtls_pk_free(&pk);
	return rc;
}

static int
rsa_op(struct crypto_pk *p, enum crypto_pk_op op)
{
	int rc;

	switch (op) {
	case OP_KEYGEN:
		mbedtls_rsa_free(&p->rsa_gen);
		rsa_init(&p->rsa_gen);
		p->have_gen = mbedtls_rsa_gen_key(&p->rsa_gen,
		    mbedtls_ctr_drbg_random, &p->drbg,
		    (unsigned)crypto_pks[p->id].bits, 65537) == 0;
		return p->have_gen ? 0 : -1;
	case OP_SIGN:
#if MB3
		rc = mbedtls_rsa_pkcs1_sign(&p->rsa, mbedtls_ctr_drbg_random,
		    &p->drbg, p->md, (unsigned)p->n, p->msg, p->sig);
#else
		rc = mbedtls_rsa_pkcs1_sign(&p->rsa, mbedtls_ctr_drbg_random,
		    &p->drbg, MBEDTLS_RSA_PRIVATE, p->md, (unsigned)p->n,
		    p->msg, p->sig);
#endif
		p->siglen = mbedtls_rsa_get_len(&p->rsa);
		return rc ? -1 : 0;
	case OP_VERIFY:
#if MB3
		rc = mbedtls_rsa_pkcs1_verify(&p->rsa, p->md, (unsigned)p->n,
		    p->msg, p->sig);
#else
		rc = mbedtls_rsa_pkcs1_verify(&p->rsa, NULL, NULL,
		    MBEDTLS_RSA_PUBLIC, p->md, (unsigned)p->n, p->msg, p->sig);
#endif
		return rc == 0 ? 0 : rc == MBEDTLS_ERR_RSA_VERIFY_FAILED ||
		    rc == MBEDTLS_ERR_RSA_INVALID_PADDING ? 1 : -1;
	case OP_ENCRYPT:
#if MB3
		rc = mbedtls_rsa_pkcs1_encrypt(&p->rsa,
		    mbedtls_ctr_drbg_random, &p->drbg, p->n, p->msg, p->ct);
#else
		rc = mbedtls_rsa_pkcs1_encrypt(&p->rsa,
		    mbedtls_ctr_drbg_random, &p->drbg, MBEDTLS_RSA_PUBLIC,
		    p->n, p->msg, p->ct);
#endif
		p->ctlen = mbedtls_rsa_get_len(&p->rsa);
		return rc ? -1 : 0;
	case OP_DECRYPT:
#if MB3
		rc = mbedtls_rsa_pkcs1_decrypt(&p->rsa,
		    mbedtls_ctr_drbg_random, &p->drbg, &p->ptlen, p->ct, p->pt,
		    sizeof(p->pt));
#else
		rc = mbedtls_rsa_pkcs1_decrypt(&p->rsa,
		    mbedtls_ctr_drbg_random, &p->drbg, MBEDTLS_RSA_PRIVATE,
		    &p->ptlen, p->ct, p->pt, sizeof(p->pt));
#endif
		return rc ? -1 : 0;
	default:
		return -1;
	}
}

static int
ec_op(struct crypto_pk *p, enum crypto_pk_op op)
{
	int rc;

	switch (op) {
	case OP_KEYGEN:
		mbedtls_ecdsa_free(&p->ec_gen);
		mbedtls_ecdsa_init(&p->ec_gen);
		p->have_gen = mbedtls_ecdsa_genkey(&p->ec_gen, ec_group(p->id),
		    mbedtls_ctr_drbg_random, &p->drbg) == 0;
		return p->have_gen ? 0 : -1;
	case OP_SIGN:
#if MB3
		rc = mbedtls_ecdsa_write_signature(&p->ec, p->md, p->msg, p->n,
		    p->sig, sizeof(p->sig), &p->siglen,
		    mbedtls_ctr_drbg_random, &p->drbg);
#else
		rc = mbedtls_ecdsa_write_signature(&p->ec, p->md, p->msg, p->n,
		    p->sig, &p->siglen, mbedtls_ctr_drbg_random, &p->drbg);
#endif
		return rc ? -1 : 0;
	case OP_VERIFY:
		rc = mbedtls_ecdsa_read_signature(&p->ec, p->msg, p->n, p->sig,
		    p->siglen);
		return rc == 0 ? 0 : rc == MBEDTLS_ERR_ECP_VERIFY_FAILED ||
		    rc == MBEDTLS_ERR_ECP_BAD_INPUT_DATA ||
		    rc == MBEDTLS_ERR_ECP_SIG_LEN_MISMATCH ? 1 : -1;
	default:
		return -1;
	}
}

static int
mb_pk_op(struct crypto_pk *p, enum crypto_pk_op op)
{
	return is_rsa(p->id) ? rsa_op(p, op) : ec_op(p, op);
}

static int
mb_pk_open(struct crypto_pk **out, enum crypto_pk_id id,
    const uint8_t *msg, size_t n, char *why, size_t len)
{
	static const unsigned char pers[] = "boardbench pubkey";
	struct crypto_pk *p;

	*out = NULL;
	if (!is_rsa(id) && ec_group(id) == MBEDTLS_ECP_DP_NONE)
		return mb_na(why, len, crypto_pks[id].name);
	p = xcalloc(1, sizeof(*p));
	p->id = id;
	p->msg = msg;
	p->n = n;
	p->md = id == P_ECDSA_P384 ? MBEDTLS_MD_SHA384 :
	    id == P_ECDSA_P521 ? MBEDTLS_MD_SHA512 : MBEDTLS_MD_SHA256;
	mbedtls_entropy_init(&p->entropy);
	mbedtls_ctr_drbg_init(&p->drbg);
	rsa_init(&p->rsa);
	rsa_init(&p->rsa_gen);
	mbedtls_ecdsa_init(&p->ec);
	mbedtls_ecdsa_init(&p->ec_gen);
	if (mbedtls_ctr_drbg_seed(&p->drbg, mbedtls_entropy_func, &p->entropy,
	    pers, sizeof(pers) - 1) != 0)
		goto fail;
	if (is_rsa(id)) {
		if (load_rsa(p) != 0)
			goto fail;
	} else if (mbedtls_ecdsa_genkey(&p->ec, ec_group(id),
	    mbedtls_ctr_drbg_random, &p->drbg) != 0)
		goto fail;
	/* something for verify and decrypt to work on */
	if (mb_pk_op(p, OP_SIGN) != 0)
		goto fail;
	if (is_rsa(id) && mb_pk_op(p, OP_ENCRYPT) != 0)
		goto fail;
	*out = p;
	return 0;
fail:
	mb_pk_close(p);
	snprintf(why, len, "mbed TLS cannot set up %s", crypto_pks[id].name);
	return -1;
}

static int
mb_pk_output(struct crypto_pk *p, uint8_t *out, size_t *n)
{
	if (!is_rsa(p->id) || p->ptlen > *n)
		return -1;
	memcpy(out, p->pt, p->ptlen);
	*n = p->ptlen;
	return 0;
}

static int
mb_pk_adopt(struct crypto_pk *p)
{
	int rc;

	if (!p->have_gen)
		return -1;
	if (is_rsa(p->id)) {
		/* into a fresh context: a copy over a used one cannot sign */
		mbedtls_rsa_free(&p->rsa);
		rsa_init(&p->rsa);
		rc = mbedtls_rsa_copy(&p->rsa, &p->rsa_gen);
	} else {
		mbedtls_ecdsa_free(&p->ec);
		mbedtls_ecdsa_init(&p->ec);
		rc = mbedtls_ecdsa_from_keypair(&p->ec, &p->ec_gen);
	}
	p->have_gen = 0;
	return rc ? -1 : 0;
}

static int
mb_pk_peer_derive(struct crypto_pk *p, uint8_t *out, size_t *n)
{
	(void)p;
	(void)out;
	(void)n;
	return -1;
}

static int
mb_pk_corrupt(struct crypto_pk *p, enum crypto_pk_op op)
{
	uint8_t *b = op == OP_SIGN ? p->sig : op == OP_ENCRYPT ? p->ct :
	    op == OP_DECRYPT ? p->pt : NULL;
	size_t n = op == OP_SIGN ? p->siglen : op == OP_ENCRYPT ? p->ctlen :
	    op == OP_DECRYPT ? p->ptlen : 0;

	if (b == NULL || n == 0)
		return -1;
	b[n - 1] ^= 0x01;
	return 0;
}

const struct crypto_ops crypto_mbedtls_ops = {
	.name = "mbedtls",
	.label = "mbed TLS",
	.init = mb_init,
	.version = mb_version,
	.hash_open = mb_hash_open,
	.hash_once = mb_hash_once,
	.hash_stream = mb_hash_stream,
	.hash_close = mb_hash_close,
	.cipher_open = mb_cipher_open,
	.cipher_reset = mb_cipher_reset,
	.cipher_msg = mb_cipher_msg,
	.cipher_close = mb_cipher_close,
	.pk_open = mb_pk_open,
	.pk_op = mb_pk_op,
	.pk_output = mb_pk_output,
	.pk_adopt = mb_pk_adopt,
	.pk_peer_derive = mb_pk_peer_derive,
	.pk_corrupt = mb_pk_corrupt,
	.pk_close = mb_pk_close,
};

#else /* !HAVE_MBEDTLS */

const struct crypto_ops crypto_mbedtls_ops = {
	.name = "mbedtls",
	.label = "mbed TLS",
	.unavailable = "built without mbed TLS",
};

#endif
