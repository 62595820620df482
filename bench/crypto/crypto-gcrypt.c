/*
 * crypto-gcrypt.c - the libgcrypt backend of the crypto benchmarks:
 * gcry_md handles for hashes and HMAC, gcry_cipher handles for ciphers,
 * gcry_pk S-expressions for public keys (X25519 through
 * gcry_ecc_mul_point).  Built without libgcrypt, only the descriptor with
 * its reason remains.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "crypto-common.h"
#include "util.h"

#ifdef HAVE_GCRYPT

#define CRYPTO_KEYS_SEXP
#include "crypto-keys.h"

#include <gcrypt.h>

/* gcry_ecc_mul_point came with 1.9 */
#define HAVE_ECC_MUL (GCRYPT_VERSION_NUMBER >= 0x010900)

static int
gc_init(char *why, size_t len)
{
	if (gcry_check_version("1.8.0") == NULL) {
		snprintf(why, len, "libgcrypt %s is older than 1.8.0",
		    gcry_check_version(NULL));
		return -1;
	}
	if (!gcry_control(GCRYCTL_INITIALIZATION_FINISHED_P)) {
		gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
		gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
	}
	return 0;
}

static const char *
gc_version(void)
{
	return gcry_check_version(NULL);
}

static int
gc_na(char *why, size_t len, const char *name)
{
	snprintf(why, len, "libgcrypt has no %s", name);
	return CRYPTO_NA;
}

/* ---- hashes ------------------------------------------------------------- */

static const int gc_md[H_COUNT] = {
	[H_MD4] = GCRY_MD_MD4, [H_MD5] = GCRY_MD_MD5, [H_SHA1] = GCRY_MD_SHA1,
	[H_SHA224] = GCRY_MD_SHA224, [H_SHA256] = GCRY_MD_SHA256,
	[H_SHA384] = GCRY_MD_SHA384, [H_SHA512] = GCRY_MD_SHA512,
	[H_SHA3_256] = GCRY_MD_SHA3_256, [H_RIPEMD160] = GCRY_MD_RMD160,
	[H_BLAKE2B512] = GCRY_MD_BLAKE2B_512,
	[H_BLAKE2S256] = GCRY_MD_BLAKE2S_256,
	[H_WHIRLPOOL] = GCRY_MD_WHIRLPOOL, [H_TIGER] = GCRY_MD_TIGER1,
	[H_CRC32] = GCRY_MD_CRC32, [H_HMAC_SHA256] = GCRY_MD_SHA256,
	[H_CRC32RFC1510] = GCRY_MD_CRC32_RFC1510,
	[H_CRC24RFC2440] = GCRY_MD_CRC24_RFC2440, [H_TIGER2] = GCRY_MD_TIGER2,
};

struct crypto_hash {
	gcry_md_hd_t h;
	int algo;
	size_t dlen;
};

static void
gc_hash_close(struct crypto_hash *h)
{
	if (h == NULL)
		return;
	gcry_md_close(h->h);
	free(h);
}

static int
gc_hash_open(struct crypto_hash **out, enum crypto_hash_id id, char *why,
    size_t len)
{
	const char *key = crypto_hashes[id].key;
	struct crypto_hash *h;

	*out = NULL;
	if (gc_md[id] == 0 || gcry_md_test_algo(gc_md[id]) != 0)
		return gc_na(why, len, crypto_hashes[id].name);
	h = xcalloc(1, sizeof(*h));
	h->algo = gc_md[id];
	h->dlen = crypto_hashes[id].dlen;
	if (gcry_md_open(&h->h, h->algo, key ? GCRY_MD_FLAG_HMAC : 0) != 0 ||
	    (key != NULL && gcry_md_setkey(h->h, key, strlen(key)) != 0)) {
		gc_hash_close(h);
		snprintf(why, len, "libgcrypt cannot open %s",
		    crypto_hashes[id].name);
		return -1;
	}
	*out = h;
	return 0;
}

/* Finish the digest written into h and copy it to out: 0, or -1. */
static int
gc_hash_read(struct crypto_hash *h, uint8_t *out)
{
	const unsigned char *d;

	gcry_md_final(h->h);
	d = gcry_md_read(h->h, h->algo);
	if (d == NULL)
		return -1;
	memcpy(out, d, h->dlen);
	return 0;
}

static int
gc_hash_stream(struct crypto_hash *h, const uint8_t *in, size_t n,
    size_t step, uint8_t *out)
{
	size_t off;

	gcry_md_reset(h->h);
	for (off = 0; off < n; off += step)
		gcry_md_write(h->h, in + off, n - off < step ? n - off : step);
	return gc_hash_read(h, out);
}

static int
gc_hash_once(struct crypto_hash *h, const uint8_t *in, size_t n,
    uint8_t *out)
{
	return gc_hash_stream(h, in, n, n > 0 ? n : 1, out);
}

/* tests/benchmark's 4th column: gcry_md_putc, a macro filling the buffer */
static int
gc_hash_putc(struct crypto_hash *h, const uint8_t *in, size_t n,
    uint8_t *out)
{
	size_t i;

	gcry_md_reset(h->h);
	for (i = 0; i < n; i++)
		gcry_md_putc(h->h, in[i]);
	return gc_hash_read(h, out);
}

/* ---- ciphers ------------------------------------------------------------ */

static const int gc_cipher[C_COUNT] = {
	[C_AES128] = GCRY_CIPHER_AES128, [C_AES192] = GCRY_CIPHER_AES192,
	[C_AES256] = GCRY_CIPHER_AES256, [C_CHACHA20] = GCRY_CIPHER_CHACHA20,
	[C_CHACHA20_POLY1305] = GCRY_CIPHER_CHACHA20,
	[C_3DES] = GCRY_CIPHER_3DES, [C_DES] = GCRY_CIPHER_DES,
	[C_BLOWFISH] = GCRY_CIPHER_BLOWFISH, [C_CAST5] = GCRY_CIPHER_CAST5,
	[C_CAMELLIA128] = GCRY_CIPHER_CAMELLIA128,
	[C_CAMELLIA256] = GCRY_CIPHER_CAMELLIA256, [C_SEED] = GCRY_CIPHER_SEED,
	[C_TWOFISH] = GCRY_CIPHER_TWOFISH128,
	[C_SERPENT] = GCRY_CIPHER_SERPENT128, [C_IDEA] = GCRY_CIPHER_IDEA,
	[C_RC4] = GCRY_CIPHER_ARCFOUR,
};

static const int gc_mode[M_COUNT] = {
	[M_ECB] = GCRY_CIPHER_MODE_ECB, [M_CBC] = GCRY_CIPHER_MODE_CBC,
	[M_CFB] = GCRY_CIPHER_MODE_CFB, [M_OFB] = GCRY_CIPHER_MODE_OFB,
	[M_CTR] = GCRY_CIPHER_MODE_CTR, [M_GCM] = GCRY_CIPHER_MODE_GCM,
};

struct crypto_cipher {
	gcry_cipher_hd_t h;
	enum crypto_mode mode;
	int aead, encrypt;
	uint8_t key[32], iv[16];
	size_t klen, ivlen;
	const uint8_t *aad;
	size_t aadlen;
};

static void
gc_cipher_close(struct crypto_cipher *c)
{
	if (c == NULL)
		return;
	gcry_cipher_close(c->h);
	free(c);
}

/* Key and IV (or counter) as given at open. */
static int
gc_cipher_reset(struct crypto_cipher *c)
{
	if (gcry_cipher_reset(c->h) != 0 ||
	    gcry_cipher_setkey(c->h, c->key, c->klen) != 0)
		return -1;
	if (c->ivlen == 0)
		return 0;
	if (c->mode == M_CTR)
		return gcry_cipher_setctr(c->h, c->iv, c->ivlen) ? -1 : 0;
	return gcry_cipher_setiv(c->h, c->iv, c->ivlen) ? -1 : 0;
}

static int
gc_cipher_open(struct crypto_cipher **out,
    const struct crypto_cipher_spec *s, char *why, size_t len)
{
	const struct crypto_cipher_alg *a = &crypto_ciphers[s->alg];
	struct crypto_cipher *c;
	int algo = gc_cipher[s->alg], mode;
	char name[48];

	*out = NULL;
	crypto_cipher_name(s->alg, s->mode, name, sizeof(name));
	if (algo == 0 || gcry_cipher_test_algo(algo) != 0)
		return gc_na(why, len, name);
	if (s->alg == C_CHACHA20_POLY1305)
		mode = GCRY_CIPHER_MODE_POLY1305;
	else if (a->flags & CIPHER_STREAM)
		mode = GCRY_CIPHER_MODE_STREAM;
	else
		mode = gc_mode[s->mode];
	c = xcalloc(1, sizeof(*c));
	c->mode = s->mode;
	c->aead = s->mode == M_GCM || (a->flags & CIPHER_AEAD);
	c->encrypt = s->encrypt;
	c->aad = s->aad;
	c->aadlen = s->aadlen;
	c->klen = s->klen;
	memcpy(c->key, s->key, s->klen);
	if (c->aead || s->alg == C_CHACHA20)
		c->ivlen = CRYPTO_NONCELEN;
	else if (s->mode != M_ECB && s->alg != C_RC4)
		c->ivlen = a->blen;
	if (c->ivlen > 0)
		memcpy(c->iv, s->iv, c->ivlen);
	if (gcry_cipher_open(&c->h, algo, mode, 0) != 0 ||
	    gc_cipher_reset(c) != 0) {
		gc_cipher_close(c);
		snprintf(why, len, "libgcrypt cannot set up %s", name);
		return -1;
	}
	*out = c;
	return 0;
}

static int
gc_cipher_msg(struct crypto_cipher *c, const uint8_t *in, uint8_t *out,
    size_t n, uint8_t *tag)
{
	gcry_error_t e;

	if (!c->aead) {
		e = c->encrypt ? gcry_cipher_encrypt(c->h, out, n, in, n) :
		    gcry_cipher_decrypt(c->h, out, n, in, n);
		return e == 0 ? 0 : -1;
	}
	if (gcry_cipher_setiv(c->h, c->iv, c->ivlen) != 0)
		return -1;
	if (c->aadlen > 0 && gcry_cipher_authenticate(c->h, c->aad,
	    c->aadlen) != 0)
		return -1;
	gcry_cipher_final(c->h);
	if (c->encrypt) {
		if (gcry_cipher_encrypt(c->h, out, n, in, n) != 0 ||
		    gcry_cipher_gettag(c->h, tag, CRYPTO_TAGLEN) != 0)
			return -1;
		return 0;
	}
	if (gcry_cipher_decrypt(c->h, out, n, in, n) != 0 ||
	    gcry_cipher_checktag(c->h, tag, CRYPTO_TAGLEN) != 0)
		return -1;
	return 0;
}

/* ---- public keys -------------------------------------------------------- */

struct crypto_pk {
	enum crypto_pk_id id;
	gcry_sexp_t key, pub, gen;	/* key pair, public part, last made */
	gcry_sexp_t kparms;		/* genkey parameters */
	gcry_sexp_t sdata, edata;	/* what sign and encrypt work on */
	gcry_sexp_t sig, ct;
	gcry_sexp_t ctd;		/* ct as decrypt wants it (padding) */
	int ct_new;			/* ct changed since ctd was made */
	uint8_t pt[1024];
	size_t ptlen;
	/* X25519: scalars and points as RFC 7748 bytes */
	uint8_t x_priv[32], x_pub[32], x_peer_priv[32], x_peer_pub[32];
	uint8_t x_gen[32], secret[32];
	int have_gen;
};

static const char *const gc_keys[P_COUNT] = {
	[P_RSA1024] = crypto_rsa1024_sexp, [P_RSA2048] = crypto_rsa2048_sexp,
	[P_RSA3072] = crypto_rsa3072_sexp, [P_RSA4096] = crypto_rsa4096_sexp,
	[P_DSA1024] = crypto_dsa1024_sexp, [P_DSA2048] = crypto_dsa2048_sexp,
	[P_DSA3072] = crypto_dsa3072_sexp,
};

static const char *const gc_curve[P_COUNT] = {
	[P_ECDSA_P192] = "NIST P-192", [P_ECDSA_P224] = "NIST P-224",
	[P_ECDSA_P256] = "NIST P-256", [P_ECDSA_P384] = "NIST P-384",
	[P_ECDSA_P521] = "NIST P-521",
};

static void
sx_free(gcry_sexp_t *s)
{
	gcry_sexp_release(*s);
	*s = NULL;
}

static void
gc_pk_close(struct crypto_pk *p)
{
	if (p == NULL)
		return;
	sx_free(&p->key);
	sx_free(&p->pub);
	sx_free(&p->gen);
	sx_free(&p->kparms);
	sx_free(&p->sdata);
	sx_free(&p->edata);
	sx_free(&p->sig);
	sx_free(&p->ct);
	sx_free(&p->ctd);
	free(p);
}

/*
 * The public key of a key pair: from genkey's "(key-data (public-key
 * ...) (private-key ...))", or rebuilt from a private key's numbers.
 */
static int
public_of(struct crypto_pk *p)
{
	gcry_sexp_t pk = gcry_sexp_find_token(p->key, "public-key", 0);
	gcry_sexp_t sk;
	gcry_mpi_t n = NULL, e = NULL, q = NULL, g = NULL, y = NULL,
	    pp = NULL;
	gcry_error_t err;

	sx_free(&p->pub);
	if (pk != NULL) {
		p->pub = pk;
		sk = gcry_sexp_find_token(p->key, "private-key", 0);
		if (sk == NULL)
			return -1;
		sx_free(&p->key);
		p->key = sk;
		return 0;
	}
	if (p->id <= P_RSA4096) {
		if (gcry_sexp_extract_param(p->key, NULL, "ne", &n, &e,
		    NULL) != 0)
			return -1;
		err = gcry_sexp_build(&p->pub, NULL,
		    "(public-key(rsa(n %m)(e %m)))", n, e);
	} else {
		if (gcry_sexp_extract_param(p->key, NULL, "pqgy", &pp, &q, &g,
		    &y, NULL) != 0)
			return -1;
		err = gcry_sexp_build(&p->pub, NULL,
		    "(public-key(dsa(p %m)(q %m)(g %m)(y %m)))", pp, q, g, y);
	}
	gcry_mpi_release(n);
	gcry_mpi_release(e);
	gcry_mpi_release(pp);
	gcry_mpi_release(q);
	gcry_mpi_release(g);
	gcry_mpi_release(y);
	return err == 0 ? 0 : -1;
}

/* Parameters for gcry_pk_genkey. */
static int
genkey_parms(struct crypto_pk *p)
{
	gcry_mpi_t pp = NULL, q = NULL, g = NULL;
	gcry_error_t err;

	switch (p->id) {
	case P_RSA1024: case P_RSA2048: case P_RSA3072: case P_RSA4096:
		return gcry_sexp_build(&p->kparms, NULL,
		    "(genkey(rsa(nbits %d)))", crypto_pks[p->id].bits) ? -1 : 0;
	case P_DSA1024: case P_DSA2048: case P_DSA3072:
		if (gcry_sexp_extract_param(p->key, NULL, "pqg", &pp, &q, &g,
		    NULL) != 0)
			return -1;
		err = gcry_sexp_build(&p->kparms, NULL,
		    "(genkey(dsa(domain(p %m)(q %m)(g %m))))",
		    pp, q, g);
		gcry_mpi_release(pp);
		gcry_mpi_release(q);
		gcry_mpi_release(g);
		return err ? -1 : 0;
	case P_ECDSA_P192: case P_ECDSA_P224:
	case P_ECDSA_P256: case P_ECDSA_P384: case P_ECDSA_P521:
		return gcry_sexp_build(&p->kparms, NULL,
		    "(genkey(ecc(curve %s)))", gc_curve[p->id]) ? -1 : 0;
	case P_ED25519:
		return gcry_sexp_build(&p->kparms, NULL,
		    "(genkey(ecc(curve Ed25519)(flags eddsa)))") ? -1 : 0;
	default:
		return 0;
	}
}

#if HAVE_ECC_MUL
/* X25519 key pair: a random scalar and its multiple of the base point. */
static int
x25519_pair(uint8_t priv[32], uint8_t pub[32])
{
	gcry_randomize(priv, 32, GCRY_STRONG_RANDOM);
	return gcry_ecc_mul_point(GCRY_ECC_CURVE25519, pub, priv, NULL) ?
	    -1 : 0;
}
#endif

/*
 * gcry_pk_encrypt's result names no padding; decryption must be told
 * (flags pkcs1) to take it off.  Made once per new ciphertext, outside
 * the timed decryptions of one ciphertext.
 */
static int
decrypt_form(struct crypto_pk *p)
{
	gcry_mpi_t a = NULL;
	gcry_error_t err;

	sx_free(&p->ctd);
	if (gcry_sexp_extract_param(p->ct, "enc-val!rsa", "a", &a,
	    NULL) != 0)
		return -1;
	err = gcry_sexp_build(&p->ctd, NULL,
	    "(enc-val(flags pkcs1)(rsa(a %m)))", a);
	gcry_mpi_release(a);
	p->ct_new = 0;
	return err ? -1 : 0;
}

static int
gc_pk_op(struct crypto_pk *p, enum crypto_pk_op op)
{
	gcry_sexp_t plain, v;
	gcry_error_t err;
	const char *d;
	size_t l;

	switch (op) {
	case OP_KEYGEN:
		if (p->id == P_X25519) {
#if HAVE_ECC_MUL
			uint8_t pub[32];

			p->have_gen = x25519_pair(p->x_gen, pub) == 0;
			return p->have_gen ? 0 : -1;
#else
			return -1;
#endif
		}
		sx_free(&p->gen);
		return gcry_pk_genkey(&p->gen, p->kparms) ? -1 : 0;
	case OP_SIGN:
		sx_free(&p->sig);
		return gcry_pk_sign(&p->sig, p->sdata, p->key) ? -1 : 0;
	case OP_VERIFY:
		err = gcry_pk_verify(p->sig, p->sdata, p->pub);
		if (err == 0)
			return 0;
		return gcry_err_code(err) == GPG_ERR_BAD_SIGNATURE ? 1 : -1;
	case OP_ENCRYPT:
		sx_free(&p->ct);
		p->ct_new = 1;
		return gcry_pk_encrypt(&p->ct, p->edata, p->pub) ? -1 : 0;
	case OP_DECRYPT:
		if (p->ct_new && decrypt_form(p) != 0)
			return -1;
		if (gcry_pk_decrypt(&plain, p->ctd, p->key) != 0)
			return -1;
		v = gcry_sexp_find_token(plain, "value", 0);
		d = v ? gcry_sexp_nth_data(v, 1, &l) : NULL;
		if (d != NULL && l <= sizeof(p->pt)) {
			memcpy(p->pt, d, l);
			p->ptlen = l;
		}
		gcry_sexp_release(v);
		gcry_sexp_release(plain);
		return d != NULL ? 0 : -1;
	case OP_DERIVE:
#if HAVE_ECC_MUL
		return gcry_ecc_mul_point(GCRY_ECC_CURVE25519, p->secret,
		    p->x_priv, p->x_peer_pub) ? -1 : 0;
#else
		return -1;
#endif
	default:
		return -1;
	}
}

static int
gc_pk_open(struct crypto_pk **out, enum crypto_pk_id id,
    const uint8_t *msg, size_t n, char *why, size_t len)
{
	struct crypto_pk *p;
	const char *hash = id == P_ECDSA_P384 ? "sha384" :
	    id == P_ECDSA_P521 ? "sha512" : "sha256";
	gcry_error_t err = 0;

	*out = NULL;
#if !HAVE_ECC_MUL
	if (id == P_X25519) {
		snprintf(why, len, "libgcrypt %s has no X25519 (needs 1.9)",
		    gcry_check_version(NULL));
		return CRYPTO_NA;
	}
#endif
	p = xcalloc(1, sizeof(*p));
	p->id = id;
	if (id == P_X25519) {
#if HAVE_ECC_MUL
		if (x25519_pair(p->x_priv, p->x_pub) != 0 ||
		    x25519_pair(p->x_peer_priv, p->x_peer_pub) != 0)
			goto fail;
#endif
		*out = p;
		return 0;
	}
	if (gc_keys[id] != NULL) {
		if (gcry_sexp_new(&p->key, gc_keys[id], 0, 1) != 0)
			goto fail;
	}
	if (genkey_parms(p) != 0)
		goto fail;
	if (p->key == NULL && gcry_pk_genkey(&p->key, p->kparms) != 0)
		goto fail;
	if (public_of(p) != 0)
		goto fail;
	if (id <= P_RSA4096) {
		err = gcry_sexp_build(&p->sdata, NULL,
		    "(data(flags pkcs1)(hash %s %b))", hash, (int)n, msg);
		if (!err)
			err = gcry_sexp_build(&p->edata, NULL,
			    "(data(flags pkcs1)(value %b))", (int)n, msg);
	} else if (id == P_ED25519) {
		err = gcry_sexp_build(&p->sdata, NULL,
		    "(data(flags eddsa)(hash-algo sha512)(value %b))", (int)n,
		    msg);
	} else {
		err = gcry_sexp_build(&p->sdata, NULL,
		    "(data(flags raw)(value %b))", (int)n, msg);
	}
	if (err != 0 || gc_pk_op(p, OP_SIGN) != 0)
		goto fail;
	if (id <= P_RSA4096 && gc_pk_op(p, OP_ENCRYPT) != 0)
		goto fail;
	*out = p;
	return 0;
fail:
	gc_pk_close(p);
	snprintf(why, len, "libgcrypt cannot set up %s", crypto_pks[id].name);
	return -1;
}

static int
gc_pk_output(struct crypto_pk *p, uint8_t *out, size_t *n)
{
	const uint8_t *src = p->id == P_X25519 ? p->secret : p->pt;
	size_t l = p->id == P_X25519 ? sizeof(p->secret) : p->ptlen;

	if (l > *n)
		return -1;
	memcpy(out, src, l);
	*n = l;
	return 0;
}

static int
gc_pk_adopt(struct crypto_pk *p)
{
	if (p->id == P_X25519) {
#if HAVE_ECC_MUL
		if (!p->have_gen)
			return -1;
		memcpy(p->x_priv, p->x_gen, 32);
		return gcry_ecc_mul_point(GCRY_ECC_CURVE25519, p->x_pub,
		    p->x_priv, NULL) ? -1 : 0;
#else
		return -1;
#endif
	}
	if (p->gen == NULL)
		return -1;
	sx_free(&p->key);
	p->key = p->gen;
	p->gen = NULL;
	return public_of(p);
}

static int
gc_pk_peer_derive(struct crypto_pk *p, uint8_t *out, size_t *n)
{
#if HAVE_ECC_MUL
	if (*n < 32 || gcry_ecc_mul_point(GCRY_ECC_CURVE25519, out,
	    p->x_peer_priv, p->x_pub) != 0)
		return -1;
	*n = 32;
	return 0;
#else
	(void)p;
	(void)out;
	(void)n;
	return -1;
#endif
}

/*
 * Flip the lowest bit of the last atom of *sx (the signature's s, the
 * RSA ciphertext's a): through its canonical form, the one place where
 * that atom's last byte sits just before the closing parentheses.
 */
static int
sx_corrupt(gcry_sexp_t *sx)
{
	gcry_sexp_t out = NULL;
	size_t n, end, i;
	char *buf;
	int rc = -1;

	if (*sx == NULL ||
	    (n = gcry_sexp_sprint(*sx, GCRYSEXP_FMT_CANON, NULL, 0)) == 0)
		return -1;
	if ((buf = malloc(n)) == NULL)
		return -1;
	if (gcry_sexp_sprint(*sx, GCRYSEXP_FMT_CANON, buf, n) != 0) {
		for (end = n; end > 0 && buf[end - 1] == 0;)
			end--;
		for (i = end; i > 0 && buf[i - 1] == ')';)
			i--;
		if (i > 0) {
			buf[i - 1] ^= 0x01;
			if (gcry_sexp_new(&out, buf, end, 0) == 0) {
				sx_free(sx);
				*sx = out;
				rc = 0;
			}
		}
	}
	free(buf);
	return rc;
}

static int
gc_pk_corrupt(struct crypto_pk *p, enum crypto_pk_op op)
{
	switch (op) {
	case OP_SIGN:
		return sx_corrupt(&p->sig);
	case OP_ENCRYPT:
		p->ct_new = 1;
		return sx_corrupt(&p->ct);
	case OP_DECRYPT:
		if (p->ptlen == 0)
			return -1;
		p->pt[p->ptlen - 1] ^= 0x01;
		return 0;
	case OP_DERIVE:
		p->secret[sizeof(p->secret) - 1] ^= 0x01;
		return 0;
	default:
		return -1;
	}
}

const struct crypto_ops crypto_gcrypt_ops = {
	.name = "gcrypt",
	.label = "libgcrypt",
	.init = gc_init,
	.version = gc_version,
	.hash_open = gc_hash_open,
	.hash_once = gc_hash_once,
	.hash_stream = gc_hash_stream,
	.hash_putc = gc_hash_putc,
	.hash_close = gc_hash_close,
	.cipher_open = gc_cipher_open,
	.cipher_reset = gc_cipher_reset,
	.cipher_msg = gc_cipher_msg,
	.cipher_close = gc_cipher_close,
	.pk_open = gc_pk_open,
	.pk_op = gc_pk_op,
	.pk_output = gc_pk_output,
	.pk_adopt = gc_pk_adopt,
	.pk_peer_derive = gc_pk_peer_derive,
	.pk_corrupt = gc_pk_corrupt,
	.pk_close = gc_pk_close,
};

#else /* !HAVE_GCRYPT */

const struct crypto_ops crypto_gcrypt_ops = {
	.name = "gcrypt",
	.label = "libgcrypt",
	.unavailable = "built without libgcrypt",
};

#endif
