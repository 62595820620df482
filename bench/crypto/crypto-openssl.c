/*
 * crypto-openssl.c - the OpenSSL libcrypto backend of the crypto
 * benchmarks: hashes and ciphers through EVP, public keys through
 * EVP_PKEY.  With OpenSSL 3 the default provider and, when it is
 * installed, the legacy provider (MD4, Whirlpool, DES, Blowfish, CAST5,
 * SEED, IDEA, RC4) are loaded.  Built without OpenSSL, only the
 * descriptor with its reason remains.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "crypto-common.h"
#include "util.h"

#ifdef HAVE_OPENSSL

#define CRYPTO_KEYS_PEM
#include "crypto-keys.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/err.h>
#include <openssl/opensslv.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#include <openssl/objects.h>
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#define OSSL3 1
#else
#include <openssl/hmac.h>
#define OSSL3 0
#endif

static int legacy_loaded;

#if OSSL3
static OSSL_PROVIDER *prov_default, *prov_legacy;

/* At exit: unload the providers (leak checkers see them freed). */
static void
ossl_release(void)
{
	if (prov_legacy != NULL)
		OSSL_PROVIDER_unload(prov_legacy);
	if (prov_default != NULL)
		OSSL_PROVIDER_unload(prov_default);
	prov_legacy = prov_default = NULL;
}
#endif

static int
ossl_init(char *why, size_t len)
{
#if OSSL3
	prov_default = OSSL_PROVIDER_load(NULL, "default");
	if (prov_default == NULL) {
		snprintf(why, len, "cannot load the OpenSSL default provider");
		return -1;
	}
	prov_legacy = OSSL_PROVIDER_load(NULL, "legacy");
	legacy_loaded = prov_legacy != NULL;
	atexit(ossl_release);
	ERR_clear_error();
#else
	(void)why;
	(void)len;
	legacy_loaded = 1;
#endif
	return 0;
}

static const char *
ossl_version(void)
{
	return OpenSSL_version(OPENSSL_VERSION);
}

/* The reason an algorithm is missing, for the SKIPPED row. */
static int
ossl_na(char *why, size_t len, const char *name)
{
	ERR_clear_error();
	snprintf(why, len, "OpenSSL has no %s%s", name, legacy_loaded ? "" :
	    " (legacy provider not loaded)");
	return CRYPTO_NA;
}

/* ---- hashes ------------------------------------------------------------- */

static const char *const ossl_md_names[H_COUNT] = {
	[H_MD4] = "MD4", [H_MD5] = "MD5", [H_SHA1] = "SHA1",
	[H_SHA224] = "SHA224", [H_SHA256] = "SHA256", [H_SHA384] = "SHA384",
	[H_SHA512] = "SHA512", [H_SHA3_256] = "SHA3-256",
	[H_RIPEMD160] = "RIPEMD160", [H_BLAKE2B512] = "BLAKE2B512",
	[H_BLAKE2S256] = "BLAKE2S256", [H_WHIRLPOOL] = "WHIRLPOOL",
	[H_HMAC_SHA256] = "SHA256",
};

struct crypto_hash {
	const EVP_MD *md;
	EVP_MD *fetched;
	EVP_MD_CTX *ctx;
#if OSSL3
	EVP_MAC *mac;
	EVP_MAC_CTX *mctx;
#else
	HMAC_CTX *hctx;
#endif
};

static void
ossl_hash_close(struct crypto_hash *h)
{
	if (h == NULL)
		return;
	EVP_MD_CTX_free(h->ctx);
#if OSSL3
	EVP_MD_free(h->fetched);
	EVP_MAC_CTX_free(h->mctx);
	EVP_MAC_free(h->mac);
#else
	HMAC_CTX_free(h->hctx);
#endif
	free(h);
}

static int
ossl_hash_open(struct crypto_hash **out, enum crypto_hash_id id, char *why,
    size_t len)
{
	const char *name = ossl_md_names[id];
	struct crypto_hash *h;
	const char *key = crypto_hashes[id].key;

	*out = NULL;
	if (name == NULL)
		return ossl_na(why, len, crypto_hashes[id].name);
	h = xcalloc(1, sizeof(*h));
#if OSSL3
	h->fetched = EVP_MD_fetch(NULL, name, NULL);
	h->md = h->fetched;
#else
	h->md = EVP_get_digestbyname(name);
#endif
	if (h->md == NULL) {
		ossl_hash_close(h);
		return ossl_na(why, len, crypto_hashes[id].name);
	}
	if (key != NULL) {
#if OSSL3
		OSSL_PARAM p[2];

		h->mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
		h->mctx = h->mac ? EVP_MAC_CTX_new(h->mac) : NULL;
		p[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
		    (char *)name, 0);
		p[1] = OSSL_PARAM_construct_end();
		if (h->mctx == NULL || EVP_MAC_init(h->mctx,
		    (const unsigned char *)key, strlen(key), p) != 1) {
#else
		h->hctx = HMAC_CTX_new();
		if (h->hctx == NULL || HMAC_Init_ex(h->hctx, key,
		    (int)strlen(key), h->md, NULL) != 1) {
#endif
			ossl_hash_close(h);
			snprintf(why, len, "OpenSSL HMAC setup failed");
			return -1;
		}
		*out = h;
		return 0;
	}
	h->ctx = EVP_MD_CTX_new();
	if (h->ctx == NULL) {
		ossl_hash_close(h);
		snprintf(why, len, "OpenSSL EVP_MD_CTX_new failed");
		return -1;
	}
	*out = h;
	return 0;
}

/* EVP_DigestUpdate, or the MAC's update for HMAC: 1 on success */
static int
ossl_hash_update(struct crypto_hash *h, const uint8_t *in, size_t n)
{
	if (h->ctx != NULL)
		return EVP_DigestUpdate(h->ctx, in, n);
#if OSSL3
	return EVP_MAC_update(h->mctx, in, n);
#else
	return HMAC_Update(h->hctx, in, n);
#endif
}

static int
ossl_hash_stream(struct crypto_hash *h, const uint8_t *in, size_t n,
    size_t step, uint8_t *out)
{
	unsigned int dl;
	size_t off, k;
	int ok;
#if OSSL3
	size_t ml;

	ok = h->ctx != NULL ? EVP_DigestInit_ex(h->ctx, h->md, NULL) :
	    EVP_MAC_init(h->mctx, NULL, 0, NULL);
#else
	ok = h->ctx != NULL ? EVP_DigestInit_ex(h->ctx, h->md, NULL) :
	    HMAC_Init_ex(h->hctx, NULL, 0, NULL, NULL);
#endif
	for (off = 0; ok == 1 && off < n; off += k) {
		k = n - off < step ? n - off : step;
		ok = ossl_hash_update(h, in + off, k);
	}
	if (ok != 1)
		return -1;
	if (h->ctx != NULL)
		ok = EVP_DigestFinal_ex(h->ctx, out, &dl);
	else
#if OSSL3
		ok = EVP_MAC_final(h->mctx, out, &ml, 64);
#else
		ok = HMAC_Final(h->hctx, out, &dl);
#endif
	return ok == 1 ? 0 : -1;
}

static int
ossl_hash_once(struct crypto_hash *h, const uint8_t *in, size_t n,
    uint8_t *out)
{
	unsigned int dl;

	if (h->ctx == NULL)
		return ossl_hash_stream(h, in, n, n > 0 ? n : 1, out);
	/* one-shot, as `openssl speed -evp` digests each block */
	return EVP_Digest(in, n, out, &dl, h->md, NULL) == 1 ? 0 : -1;
}

/* ---- ciphers ------------------------------------------------------------ */

static const char *const ossl_cipher_names[C_COUNT] = {
	[C_AES128] = "aes-128", [C_AES192] = "aes-192",
	[C_AES256] = "aes-256", [C_CHACHA20] = "chacha20",
	[C_CHACHA20_POLY1305] = "chacha20-poly1305",
	[C_3DES] = "des-ede3", [C_DES] = "des", [C_BLOWFISH] = "bf",
	[C_CAST5] = "cast5", [C_CAMELLIA128] = "camellia-128",
	[C_CAMELLIA256] = "camellia-256", [C_SEED] = "seed",
	[C_IDEA] = "idea", [C_RC4] = "rc4",
};

struct crypto_cipher {
	EVP_CIPHER_CTX *ctx;
	EVP_CIPHER *fetched;
	int aead, encrypt;
	uint8_t key[32], iv[16];
	const uint8_t *aad;
	size_t aadlen;
};

static void
ossl_cipher_close(struct crypto_cipher *c)
{
	if (c == NULL)
		return;
	EVP_CIPHER_CTX_free(c->ctx);
#if OSSL3
	EVP_CIPHER_free(c->fetched);
#endif
	free(c);
}

static int
ossl_cipher_open(struct crypto_cipher **out,
    const struct crypto_cipher_spec *s, char *why, size_t len)
{
	const struct crypto_cipher_alg *a = &crypto_ciphers[s->alg];
	const EVP_CIPHER *ci;
	struct crypto_cipher *c;
	char name[48];

	*out = NULL;
	crypto_cipher_name(s->alg, s->mode, name, sizeof(name));
	if (ossl_cipher_names[s->alg] == NULL)
		return ossl_na(why, len, name);
	if (s->mode == M_NONE)
		snprintf(name, sizeof(name), "%s", ossl_cipher_names[s->alg]);
	else
		snprintf(name, sizeof(name), "%s-%s",
		    ossl_cipher_names[s->alg], crypto_mode_names[s->mode]);
	c = xcalloc(1, sizeof(*c));
#if OSSL3
	c->fetched = EVP_CIPHER_fetch(NULL, name, NULL);
	ci = c->fetched;
#else
	ci = EVP_get_cipherbyname(name);
#endif
	if (ci == NULL) {
		ossl_cipher_close(c);
		crypto_cipher_name(s->alg, s->mode, name, sizeof(name));
		return ossl_na(why, len, name);
	}
	c->aead = s->mode == M_GCM || (a->flags & CIPHER_AEAD);
	c->encrypt = s->encrypt;
	c->aad = s->aad;
	c->aadlen = s->aadlen;
	memcpy(c->key, s->key, s->klen);
	if (s->alg == C_CHACHA20)	/* counter 0, then the nonce */
		memcpy(c->iv + 4, s->iv, CRYPTO_NONCELEN);
	else if (s->iv != NULL && s->mode != M_ECB && s->alg != C_RC4)
		memcpy(c->iv, s->iv, c->aead ? CRYPTO_NONCELEN : a->blen);
	c->ctx = EVP_CIPHER_CTX_new();
	if (c->ctx == NULL ||
	    EVP_CipherInit_ex(c->ctx, ci, NULL, NULL, NULL, s->encrypt) != 1 ||
	    EVP_CIPHER_CTX_set_key_length(c->ctx, (int)s->klen) != 1 ||
	    (c->aead && EVP_CIPHER_CTX_ctrl(c->ctx, EVP_CTRL_AEAD_SET_IVLEN,
	    CRYPTO_NONCELEN, NULL) != 1) ||
	    EVP_CipherInit_ex(c->ctx, NULL, NULL, c->key, c->iv,
	    s->encrypt) != 1) {
		ossl_cipher_close(c);
		ERR_clear_error();
		snprintf(why, len, "OpenSSL cannot set up %s", name);
		return -1;
	}
	EVP_CIPHER_CTX_set_padding(c->ctx, 0);
	*out = c;
	return 0;
}

static int
ossl_cipher_reset(struct crypto_cipher *c)
{
	return EVP_CipherInit_ex(c->ctx, NULL, NULL, c->key, c->iv, -1) == 1 ?
	    0 : -1;
}

static int
ossl_cipher_msg(struct crypto_cipher *c, const uint8_t *in, uint8_t *out,
    size_t n, uint8_t *tag)
{
	int l, l2;

	if (!c->aead)
		return EVP_CipherUpdate(c->ctx, out, &l, in, (int)n) == 1 ?
		    0 : -1;
	if (EVP_CipherInit_ex(c->ctx, NULL, NULL, NULL, c->iv, -1) != 1)
		return -1;
	if (!c->encrypt && EVP_CIPHER_CTX_ctrl(c->ctx, EVP_CTRL_AEAD_SET_TAG,
	    CRYPTO_TAGLEN, tag) != 1)
		return -1;
	if (c->aadlen > 0 && EVP_CipherUpdate(c->ctx, NULL, &l, c->aad,
	    (int)c->aadlen) != 1)
		return -1;
	if (EVP_CipherUpdate(c->ctx, out, &l, in, (int)n) != 1 ||
	    EVP_CipherFinal_ex(c->ctx, out + l, &l2) != 1)
		return -1;
	if (c->encrypt && EVP_CIPHER_CTX_ctrl(c->ctx, EVP_CTRL_AEAD_GET_TAG,
	    CRYPTO_TAGLEN, tag) != 1)
		return -1;
	return 0;
}

/* ---- public keys -------------------------------------------------------- */

#define PK_BUF 1024

struct crypto_pk {
	enum crypto_pk_id id;
	EVP_PKEY *key, *peer, *gen;
	EVP_PKEY_CTX *kctx, *sctx, *vctx, *ectx, *dctx, *xctx;
	EVP_MD_CTX *mds, *mdv;		/* EdDSA signs through these */
	const EVP_MD *md;
	const uint8_t *msg;
	size_t n;
	uint8_t sig[PK_BUF], ct[PK_BUF], pt[PK_BUF], secret[128];
	size_t siglen, ctlen, ptlen, slen;
};

static const char *const ossl_pem[P_COUNT] = {
	[P_RSA1024] = crypto_rsa1024_pem, [P_RSA2048] = crypto_rsa2048_pem,
	[P_RSA3072] = crypto_rsa3072_pem, [P_RSA4096] = crypto_rsa4096_pem,
	[P_DSA1024] = crypto_dsa1024_pem, [P_DSA2048] = crypto_dsa2048_pem,
	[P_DSA3072] = crypto_dsa3072_pem,
};

static int
is_rsa(enum crypto_pk_id id)
{
	return id <= P_RSA4096;
}

static int
is_ecdsa(enum crypto_pk_id id)
{
	return id >= P_ECDSA_P192 && id <= P_ECDSA_P521;
}

static int
ec_nid(enum crypto_pk_id id)
{
	return id == P_ECDSA_P192 ? NID_X9_62_prime192v1 :
	    id == P_ECDSA_P224 ? NID_secp224r1 :
	    id == P_ECDSA_P256 ? NID_X9_62_prime256v1 :
	    id == P_ECDSA_P384 ? NID_secp384r1 : NID_secp521r1;
}

static void
pk_free_ctx(struct crypto_pk *p)
{
	EVP_PKEY_CTX_free(p->sctx);
	EVP_PKEY_CTX_free(p->vctx);
	EVP_PKEY_CTX_free(p->ectx);
	EVP_PKEY_CTX_free(p->dctx);
	EVP_PKEY_CTX_free(p->xctx);
	EVP_MD_CTX_free(p->mds);
	EVP_MD_CTX_free(p->mdv);
	p->sctx = p->vctx = p->ectx = p->dctx = p->xctx = NULL;
	p->mds = p->mdv = NULL;
}

static void
ossl_pk_close(struct crypto_pk *p)
{
	if (p == NULL)
		return;
	pk_free_ctx(p);
	EVP_PKEY_CTX_free(p->kctx);
	EVP_PKEY_free(p->key);
	EVP_PKEY_free(p->peer);
	EVP_PKEY_free(p->gen);
	free(p);
}

/* A context that makes fresh keys of this kind. */
static EVP_PKEY_CTX *
keygen_ctx(struct crypto_pk *p)
{
	EVP_PKEY_CTX *k = NULL;
	enum crypto_pk_id id = p->id;

	if (is_rsa(id))
		k = EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, NULL);
	else if (crypto_pk_is_dsa(id))
		k = EVP_PKEY_CTX_new(p->key, NULL);	/* its domain */
	else if (is_ecdsa(id))
		k = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, NULL);
	else if (id == P_ED25519)
		k = EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, NULL);
	else
		k = EVP_PKEY_CTX_new_id(EVP_PKEY_X25519, NULL);
	if (k == NULL || EVP_PKEY_keygen_init(k) != 1)
		goto fail;
	if (is_rsa(id) && EVP_PKEY_CTX_set_rsa_keygen_bits(k,
	    crypto_pks[id].bits) != 1)
		goto fail;
	if (is_ecdsa(id) && EVP_PKEY_CTX_set_ec_paramgen_curve_nid(k,
	    ec_nid(id)) != 1)
		goto fail;
	return k;
fail:
	EVP_PKEY_CTX_free(k);
	return NULL;
}

/* The per-operation contexts for the working key. */
static int
pk_make_ctx(struct crypto_pk *p)
{
	pk_free_ctx(p);
	if (p->id == P_ED25519) {
		p->mds = EVP_MD_CTX_new();
		p->mdv = EVP_MD_CTX_new();
		if (p->mds == NULL || p->mdv == NULL ||
		    EVP_DigestSignInit(p->mds, NULL, NULL, NULL, p->key) != 1 ||
		    EVP_DigestVerifyInit(p->mdv, NULL, NULL, NULL,
		    p->key) != 1)
			return -1;
		return 0;
	}
	if (p->id == P_X25519) {
		p->xctx = EVP_PKEY_CTX_new(p->key, NULL);
		if (p->xctx == NULL || EVP_PKEY_derive_init(p->xctx) != 1 ||
		    EVP_PKEY_derive_set_peer(p->xctx, p->peer) != 1)
			return -1;
		return 0;
	}
	p->sctx = EVP_PKEY_CTX_new(p->key, NULL);
	p->vctx = EVP_PKEY_CTX_new(p->key, NULL);
	if (p->sctx == NULL || p->vctx == NULL ||
	    EVP_PKEY_sign_init(p->sctx) != 1 ||
	    EVP_PKEY_verify_init(p->vctx) != 1 ||
	    EVP_PKEY_CTX_set_signature_md(p->sctx, p->md) != 1 ||
	    EVP_PKEY_CTX_set_signature_md(p->vctx, p->md) != 1)
		return -1;
	if (!is_rsa(p->id))
		return 0;
	p->ectx = EVP_PKEY_CTX_new(p->key, NULL);
	p->dctx = EVP_PKEY_CTX_new(p->key, NULL);
	if (EVP_PKEY_CTX_set_rsa_padding(p->sctx, RSA_PKCS1_PADDING) != 1 ||
	    EVP_PKEY_CTX_set_rsa_padding(p->vctx, RSA_PKCS1_PADDING) != 1 ||
	    p->ectx == NULL || p->dctx == NULL ||
	    EVP_PKEY_encrypt_init(p->ectx) != 1 ||
	    EVP_PKEY_decrypt_init(p->dctx) != 1 ||
	    EVP_PKEY_CTX_set_rsa_padding(p->ectx, RSA_PKCS1_PADDING) != 1 ||
	    EVP_PKEY_CTX_set_rsa_padding(p->dctx, RSA_PKCS1_PADDING) != 1)
		return -1;
	return 0;
}

static int
ossl_pk_op(struct crypto_pk *p, enum crypto_pk_op op)
{
	size_t l;
	int r;

	switch (op) {
	case OP_KEYGEN:
		EVP_PKEY_free(p->gen);
		p->gen = NULL;
		return EVP_PKEY_keygen(p->kctx, &p->gen) == 1 ? 0 : -1;
	case OP_SIGN:
		l = sizeof(p->sig);
		if (p->mds != NULL)
			r = EVP_DigestSign(p->mds, p->sig, &l, p->msg, p->n);
		else
			r = EVP_PKEY_sign(p->sctx, p->sig, &l, p->msg, p->n);
		p->siglen = l;
		return r == 1 ? 0 : -1;
	case OP_VERIFY:
		if (p->mdv != NULL)
			r = EVP_DigestVerify(p->mdv, p->sig, p->siglen,
			    p->msg, p->n);
		else
			r = EVP_PKEY_verify(p->vctx, p->sig, p->siglen,
			    p->msg, p->n);
		if (r < 0)
			ERR_clear_error();
		return r == 1 ? 0 : r == 0 ? 1 : -1;
	case OP_ENCRYPT:
		l = sizeof(p->ct);
		r = EVP_PKEY_encrypt(p->ectx, p->ct, &l, p->msg, p->n);
		p->ctlen = l;
		return r == 1 ? 0 : -1;
	case OP_DECRYPT:
		l = sizeof(p->pt);
		r = EVP_PKEY_decrypt(p->dctx, p->pt, &l, p->ct, p->ctlen);
		p->ptlen = l;
		return r == 1 ? 0 : -1;
	case OP_DERIVE:
		l = sizeof(p->secret);
		r = EVP_PKEY_derive(p->xctx, p->secret, &l);
		p->slen = l;
		return r == 1 ? 0 : -1;
	default:
		return -1;
	}
}

static int
ossl_pk_open(struct crypto_pk **out, enum crypto_pk_id id,
    const uint8_t *msg, size_t n, char *why, size_t len)
{
	struct crypto_pk *p = xcalloc(1, sizeof(*p));
	BIO *bio;

	*out = NULL;
	p->id = id;
	p->msg = msg;
	p->n = n;
	p->md = is_rsa(id) || crypto_pk_is_dsa(id) || id == P_ECDSA_P192 ||
	    id == P_ECDSA_P224 || id == P_ECDSA_P256 ?
	    EVP_sha256() : id == P_ECDSA_P384 ? EVP_sha384() : EVP_sha512();
	if (ossl_pem[id] != NULL) {
		bio = BIO_new_mem_buf(ossl_pem[id], -1);
		p->key = bio ? PEM_read_bio_PrivateKey(bio, NULL, NULL,
		    NULL) : NULL;
		BIO_free(bio);
		if (p->key == NULL)
			goto fail;
	}
	p->kctx = keygen_ctx(p);
	if (p->kctx == NULL)
		goto fail;
	if (p->key == NULL) {
		if (EVP_PKEY_keygen(p->kctx, &p->key) != 1)
			goto fail;
		if (id == P_X25519 && EVP_PKEY_keygen(p->kctx, &p->peer) != 1)
			goto fail;
	}
	if (pk_make_ctx(p) != 0)
		goto fail;
	/* something for verify and decrypt to work on */
	if (id != P_X25519 && ossl_pk_op(p, OP_SIGN) != 0)
		goto fail;
	if (is_rsa(id) && ossl_pk_op(p, OP_ENCRYPT) != 0)
		goto fail;
	*out = p;
	return 0;
fail:
	ossl_pk_close(p);
	ERR_clear_error();
	snprintf(why, len, "OpenSSL cannot set up %s", crypto_pks[id].name);
	return -1;
}

static int
ossl_pk_output(struct crypto_pk *p, uint8_t *out, size_t *n)
{
	const uint8_t *src = p->id == P_X25519 ? p->secret : p->pt;
	size_t l = p->id == P_X25519 ? p->slen : p->ptlen;

	if (l > *n)
		return -1;
	memcpy(out, src, l);
	*n = l;
	return 0;
}

static int
ossl_pk_adopt(struct crypto_pk *p)
{
	if (p->gen == NULL)
		return -1;
	EVP_PKEY_free(p->key);
	p->key = p->gen;
	p->gen = NULL;
	return pk_make_ctx(p);
}

static int
ossl_pk_peer_derive(struct crypto_pk *p, uint8_t *out, size_t *n)
{
	EVP_PKEY_CTX *x = EVP_PKEY_CTX_new(p->peer, NULL);
	int ok;

	ok = x != NULL && EVP_PKEY_derive_init(x) == 1 &&
	    EVP_PKEY_derive_set_peer(x, p->key) == 1 &&
	    EVP_PKEY_derive(x, out, n) == 1;
	EVP_PKEY_CTX_free(x);
	return ok ? 0 : -1;
}

static int
ossl_pk_corrupt(struct crypto_pk *p, enum crypto_pk_op op)
{
	uint8_t *b = op == OP_SIGN ? p->sig : op == OP_ENCRYPT ? p->ct :
	    op == OP_DECRYPT ? p->pt : op == OP_DERIVE ? p->secret : NULL;
	size_t n = op == OP_SIGN ? p->siglen : op == OP_ENCRYPT ? p->ctlen :
	    op == OP_DECRYPT ? p->ptlen : op == OP_DERIVE ? p->slen : 0;

	if (b == NULL || n == 0)
		return -1;
	b[n - 1] ^= 0x01;
	return 0;
}

const struct crypto_ops crypto_openssl_ops = {
	.name = "openssl",
	.label = "OpenSSL",
	.init = ossl_init,
	.version = ossl_version,
	.hash_open = ossl_hash_open,
	.hash_once = ossl_hash_once,
	.hash_stream = ossl_hash_stream,
	.hash_close = ossl_hash_close,
	.cipher_open = ossl_cipher_open,
	.cipher_reset = ossl_cipher_reset,
	.cipher_msg = ossl_cipher_msg,
	.cipher_close = ossl_cipher_close,
	.pk_open = ossl_pk_open,
	.pk_op = ossl_pk_op,
	.pk_output = ossl_pk_output,
	.pk_adopt = ossl_pk_adopt,
	.pk_peer_derive = ossl_pk_peer_derive,
	.pk_corrupt = ossl_pk_corrupt,
	.pk_close = ossl_pk_close,
};

#else /* !HAVE_OPENSSL */

const struct crypto_ops crypto_openssl_ops = {
	.name = "openssl",
	.label = "OpenSSL",
	.unavailable = "built without OpenSSL",
};

#endif
