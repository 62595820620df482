/*
 * crypto-common.h - what the crypto benchmarks (hash, cipher, pubkey)
 * share: the algorithm tables, the published test vectors, and one small
 * interface that each library backend (crypto-openssl.c, crypto-gcrypt.c)
 * implements, so that every case runs the same way through either library
 * and the rows sit side by side under the same names and units.
 *
 * Case names: <algorithm>/<backend>/<size> for hashes,
 * <algorithm>-<mode>/<backend>/<encrypt|decrypt>/<size> for ciphers and
 * <algorithm>/<backend>/<operation> for public keys, e.g.
 * sha256/openssl/8192, aes-128-cbc/gcrypt/encrypt/8192, rsa2048/gcrypt/sign.
 */
#ifndef BOARDBENCH_CRYPTO_COMMON_H
#define BOARDBENCH_CRYPTO_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bench.h"

#define CRYPTO_MAX_SIZE	(64L * 1024 * 1024)	/* largest message: 64 MiB */
#define CRYPTO_NA	(-2)	/* not in this library (build): SKIPPED */
#define CRYPTO_SIZES	"16,256,1024,8192,16384"	/* standard */
#define CRYPTO_SIZES_FULL	"16,64,256,1024,8192,16384"
/*
 * The standard profile: the figures people quote (`openssl speed` and
 * the like); every other algorithm, mode and operation is in full.
 */
#define CRYPTO_STD_HASHES	"md5,sha1,sha256,sha512,sha3-256"
#define CRYPTO_STD_CIPHERS	"aes-128-cbc,aes-256-cbc,aes-128-ctr," \
	"aes-256-ctr,aes-128-gcm,aes-256-gcm,chacha20-poly1305"
#define CRYPTO_STD_PKS		"rsa2048,rsa4096,ecdsa-p256,ed25519,x25519"
#define CRYPTO_MAXSIZES	32		/* sizes a run may list */

/*
 * Sampling of the hash and cipher cases (bench_info overrides): hundreds
 * of cases of microseconds per message need short samples to keep a run
 * in minutes; 10 ms is still ten thousand clock ticks.
 */
#define CRYPTO_MIN_SAMPLE	0.010
#define CRYPTO_BUDGET		0.100
#define CRYPTO_WARMUP		0.020	/* calibration has warmed up too */
/* public keys: milliseconds per operation; keygen seconds */
#define CRYPTO_PK_MIN_SAMPLE	0.020
#define CRYPTO_PK_BUDGET	0.300

/* bench_info.unavailable of hash, cipher and pubkey: NULL with a library */
#if !defined(HAVE_OPENSSL) && !defined(HAVE_GCRYPT) && !defined(HAVE_MBEDTLS)
#define CRYPTO_UNAVAILABLE	"built without OpenSSL, libgcrypt and mbed TLS"
#else
#define CRYPTO_UNAVAILABLE	NULL
#endif

/* bench_info.quotes of every crypto benchmark: op/s as a plain count */
extern const struct bench_quote crypto_quotes[];

/* ---- backends --------------------------------------------------------- */

enum crypto_backend_id { CB_OPENSSL = 0, CB_GCRYPT, CB_MBEDTLS, CB_COUNT };

/* ---- hashes ----------------------------------------------------------- */

enum crypto_hash_id {
	H_MD4 = 0, H_MD5, H_SHA1, H_SHA224, H_SHA256, H_SHA384, H_SHA512,
	H_SHA3_256, H_RIPEMD160, H_BLAKE2B512, H_BLAKE2S256, H_WHIRLPOOL,
	H_TIGER, H_CRC32, H_HMAC_SHA256,
	H_CRC32RFC1510, H_CRC24RFC2440, H_TIGER2,	/* libgcrypt only */
	H_COUNT
};

struct crypto_hash_alg {
	const char *name;	/* case name: "sha256" */
	const char *label;	/* classic table: "sha256" as openssl speed */
	size_t dlen;		/* digest bytes */
	const char *key;	/* HMAC key (text), NULL for plain hashes */
	const char *msg;	/* the published vector: message ... */
	const char *digest;	/* ... and its digest, in hex */
	const char *source;	/* where the vector is published */
};
extern const struct crypto_hash_alg crypto_hashes[H_COUNT];

/* ---- ciphers ---------------------------------------------------------- */

enum crypto_cipher_id {
	C_AES128 = 0, C_AES192, C_AES256, C_CHACHA20, C_CHACHA20_POLY1305,
	C_3DES, C_DES, C_BLOWFISH, C_CAST5, C_CAMELLIA128, C_CAMELLIA256,
	C_SEED, C_TWOFISH, C_SERPENT, C_IDEA, C_RC4, C_COUNT
};

enum crypto_mode {
	M_NONE = 0,	/* stream ciphers and the AEAD ChaCha20-Poly1305 */
	M_ECB, M_CBC, M_CFB, M_OFB, M_CTR, M_GCM, M_COUNT
};

#define CIPHER_STREAM	0x01u	/* no block modes */
#define CIPHER_AEAD	0x02u	/* authenticated: a tag per message */

struct crypto_cipher_alg {
	const char *name;	/* "aes-128", "chacha20" */
	size_t klen, blen;	/* key bytes; block bytes (1: a stream) */
	size_t ivlen;		/* IV/nonce bytes for the stream ciphers */
	unsigned flags;
	/* published vector for the raw block function (or the stream) */
	const char *kat_key, *kat_in, *kat_out, *source;
};
extern const struct crypto_cipher_alg crypto_ciphers[C_COUNT];
extern const char *const crypto_mode_names[M_COUNT];

/* Does the algorithm have this mode at all (in any library)? */
int crypto_cipher_has_mode(enum crypto_cipher_id, enum crypto_mode);
/* "aes-128-cbc", "chacha20", "des-ede3-ofb" */
void crypto_cipher_name(enum crypto_cipher_id, enum crypto_mode, char *buf,
    size_t len);

#define CRYPTO_TAGLEN	16	/* AEAD tag bytes */
#define CRYPTO_NONCELEN	12	/* GCM IV, ChaCha20 nonce (counter 0) */

/* What a cipher context is opened for. */
struct crypto_cipher_spec {
	enum crypto_cipher_id alg;
	enum crypto_mode mode;
	int encrypt;
	const uint8_t *key;
	size_t klen;			/* the algorithm's, or a vector's */
	const uint8_t *iv;		/* blen bytes, or CRYPTO_NONCELEN */
	const uint8_t *aad;		/* AEAD: data authenticated per message */
	size_t aadlen;
};

/* ---- public keys ------------------------------------------------------ */

enum crypto_pk_id {
	P_RSA1024 = 0, P_RSA2048, P_RSA3072, P_RSA4096,
	P_DSA1024, P_DSA2048, P_DSA3072,
	P_ECDSA_P192, P_ECDSA_P224, P_ECDSA_P256, P_ECDSA_P384, P_ECDSA_P521, P_ED25519, P_X25519,
	P_COUNT
};

enum crypto_pk_op {
	OP_KEYGEN = 0, OP_SIGN, OP_VERIFY, OP_ENCRYPT, OP_DECRYPT, OP_DERIVE,
	OP_COUNT
};

struct crypto_pk_alg {
	const char *name;	/* "rsa2048" */
	const char *label;	/* classic: "rsa 2048 bits" */
	unsigned ops;		/* 1u << OP_* this kind of key can do */
	int bits;
	int qbits;		/* DSA: bits of the subgroup order q */
};
extern const struct crypto_pk_alg crypto_pks[P_COUNT];

static inline int
crypto_pk_is_dsa(enum crypto_pk_id id)
{
	return id >= P_DSA1024 && id <= P_DSA3072;
}
extern const char *const crypto_op_names[OP_COUNT];

/* ---- the backend interface --------------------------------------------- */

struct crypto_hash;
struct crypto_cipher;
struct crypto_pk;

/*
 * Every function that can fail returns 0, or CRYPTO_NA with `why` set
 * when the library (as built and loaded here) lacks the algorithm, or -1
 * with `why` set on an error.
 */
struct crypto_ops {
	const char *name;		/* "openssl", in case names */
	const char *label;		/* "OpenSSL", for people */
	const char *unavailable;	/* "built without OpenSSL", or NULL */
	int (*init)(char *why, size_t len);
	const char *(*version)(void);

	int (*hash_open)(struct crypto_hash **, enum crypto_hash_id,
	    char *why, size_t len);
	/* one whole digest (init, update, final) of n bytes into out */
	int (*hash_once)(struct crypto_hash *, const uint8_t *in, size_t n,
	    uint8_t *out);
	/*
	 * The same digest with the message fed in writes of `step` bytes
	 * (step > 0; the last write may be shorter): one init, n / step
	 * updates, one final.
	 */
	int (*hash_stream)(struct crypto_hash *, const uint8_t *in, size_t n,
	    size_t step, uint8_t *out);
	/*
	 * The same digest fed a byte at a time through the library's putc
	 * (libgcrypt's gcry_md_putc); NULL in a library without one.
	 */
	int (*hash_putc)(struct crypto_hash *, const uint8_t *in, size_t n,
	    uint8_t *out);
	void (*hash_close)(struct crypto_hash *);

	/*
	 * A cipher context for one direction.  Block modes stream: each
	 * message continues from the state the last one left (as `openssl
	 * speed` and libgcrypt's benchmark do); reset() returns to the key
	 * and IV given here.  AEAD modes start afresh with the IV for every
	 * message and produce (encrypt) or check (decrypt) the tag.
	 */
	int (*cipher_open)(struct crypto_cipher **,
	    const struct crypto_cipher_spec *, char *why, size_t len);
	int (*cipher_reset)(struct crypto_cipher *);
	/* 0, or -1 on an error or (decrypt) a tag that does not match */
	int (*cipher_msg)(struct crypto_cipher *, const uint8_t *in,
	    uint8_t *out, size_t n, uint8_t *tag);
	void (*cipher_close)(struct crypto_cipher *);

	/*
	 * A key (fixed, or made afresh for curves) and a message of n bytes
	 * that sign/encrypt work on; results are kept inside.
	 */
	int (*pk_open)(struct crypto_pk **, enum crypto_pk_id,
	    const uint8_t *msg, size_t n, char *why, size_t len);
	/* 0 fine; -1 error; for verify 1 = signature rejected */
	int (*pk_op)(struct crypto_pk *, enum crypto_pk_op);
	/* the last decryption (or derived secret) into out */
	int (*pk_output)(struct crypto_pk *, uint8_t *out, size_t *n);
	/* make the last generated key the working key */
	int (*pk_adopt)(struct crypto_pk *);
	/* X25519: the secret as the peer derives it */
	int (*pk_peer_derive)(struct crypto_pk *, uint8_t *out, size_t *n);
	/*
	 * Tests only: flip one bit of what the last operation kept: the
	 * signature (OP_SIGN), the ciphertext (OP_ENCRYPT), the decryption
	 * (OP_DECRYPT) or the derived secret (OP_DERIVE); 0, or -1.
	 */
	int (*pk_corrupt)(struct crypto_pk *, enum crypto_pk_op);
	void (*pk_close)(struct crypto_pk *);
};

extern const struct crypto_ops crypto_openssl_ops, crypto_gcrypt_ops,
    crypto_mbedtls_ops;
extern const struct crypto_ops *const crypto_backends[CB_COUNT];

/* ---- shared helpers ---------------------------------------------------- */

/* Tests only: when set, verify() sees a corrupted timed output. */
extern int crypto_test_fault;

/* Initialise a backend once per process; 0, CRYPTO_NA or -1 with why. */
int crypto_backend_ready(const struct crypto_ops *, char *why, size_t len);
/* A setup that cannot go on: SKIPPED when rc is CRYPTO_NA, else FAILED. */
int crypto_skip_or_fail(struct bench_ctx *, int rc, const char *why);
/* Parse hex text into out (at most max bytes); returns bytes or -1. */
long crypto_unhex(const char *hex, uint8_t *out, size_t max);
/* Deterministic filler for inputs (xorshift from a fixed seed). */
void crypto_fill(uint8_t *buf, size_t n, uint32_t seed);
/* Aligned buffer of n bytes (at least 64), from xmalloc & co. */
uint8_t *crypto_buf(size_t n);

/*
 * The reference modes over a backend's raw block function, for checking
 * a library's CBC, CFB, OFB, CTR and GCM: encrypts n bytes of in with key
 * and iv into out (and the tag for GCM).  0, CRYPTO_NA, or -1.
 */
int crypto_ref_mode(const struct crypto_ops *, enum crypto_cipher_id,
    enum crypto_mode, const uint8_t *key, size_t klen, const uint8_t *iv,
    const uint8_t *in, uint8_t *out, size_t n, uint8_t *tag,
    char *why, size_t len);

/*
 * One message of n bytes through a fresh context opened for spec: 0, or
 * the error of cipher_open, or -1 with why naming the failed direction.
 */
int crypto_cipher_once(const struct crypto_ops *,
    const struct crypto_cipher_spec *, const uint8_t *in, uint8_t *out,
    size_t n, uint8_t *tag, char *why, size_t len);

/*
 * Check one algorithm (and mode) of one backend against its published
 * vector and, for block modes, against the reference mode; 0 when right,
 * CRYPTO_NA when the backend lacks it, -1 with why when wrong.
 */
int crypto_hash_kat(const struct crypto_ops *, enum crypto_hash_id,
    char *why, size_t len);
int crypto_cipher_kat(const struct crypto_ops *, enum crypto_cipher_id,
    enum crypto_mode, char *why, size_t len);

/* ---- parameters -------------------------------------------------------- */

/*
 * The shared parameters' values, as parsed into each benchmark's own
 * parameter struct (bench_params()).
 */
/* Which backends a run asked for: bit i for crypto_backends[i]. */
unsigned crypto_param_backends(const struct bench_list *backends);
/* Is `name`, its `family` (or "all") among the algorithms asked for? */
int crypto_param_wants(const struct bench_list *algorithms, const char *name,
    const char *family);
/* The `sizes` parameter, in order, duplicates dropped; returns count. */
size_t crypto_param_sizes(const struct bench_ints *sizes, long long *v,
    size_t max);

/* check() hooks of the shared parameters */
int crypto_check_backends(const char *value, char *err, size_t len);
int crypto_check_algorithms(const char *value, char *err, size_t len);

/*
 * The `sizes` row of the hash and cipher parameter tables, field f (a
 * struct bench_ints) of their parameter struct T.
 */
#define CRYPTO_PARAM_SIZES(T, f) { \
		BENCH_PARAM_INTLIST(T, f), \
		.min = 1, .max = (double)CRYPTO_MAX_SIZE, \
		.def = CRYPTO_SIZES, .quick = "1024,8192", \
		.full = CRYPTO_SIZES_FULL, \
		.help = "message sizes in bytes (at most 64 MiB)", \
	}
/* The `backends` row of every crypto parameter table, likewise. */
#define CRYPTO_PARAM_BACKENDS(T, f) { \
		BENCH_PARAM_LIST(T, f), \
		.def = "all", .choices = "all|openssl|gcrypt|mbedtls", \
		.check = crypto_check_backends, \
		.help = "libraries: openssl, gcrypt, mbedtls or all (a " \
		    "library this build lacks gives SKIPPED rows under all)", \
	}

/* ---- --classic ---------------------------------------------------------- */

struct result;
/* "OpenSSL 3.0.22 ...", "libgcrypt 1.10.1": the library as loaded. */
const char *crypto_backend_title(const struct crypto_ops *, char *buf,
    size_t len);
/*
 * The `openssl speed` table: for each backend one block with a row per
 * type (case name without backend and size), a column per size, in 1000s
 * of bytes per second.
 */
void crypto_classic_bytes(FILE *, const char *what,
    const struct result *const *rows, size_t nrows);

/*
 * libgcrypt's tests/benchmark layout (the libgcrypt block follows the
 * `openssl speed` ones): each figure is milliseconds for the amount of
 * work that program times in that column, converted from the median rate
 * of the boardbench case that does the same work (work / rate), never
 * measured apart.  A cell names its case and its work; a case absent
 * from the rows prints `-`, a SKIPPED one its reason, shortly, another
 * status `n/a`.
 */
struct crypto_cell {
	const char *cname;	/* case name, or NULL: no boardbench case */
	double work;		/* units of the case's rate the column times */
	const char *sep;	/* printed before the cell */
};
/* The row of case cname (copy 0), or NULL. */
const struct result *crypto_classic_row(const struct result *const *rows,
    size_t nrows, const char *cname);
/* Is there a row whose case name starts with prefix? */
int crypto_classic_has(const struct result *const *rows, size_t nrows,
    const char *prefix);
/*
 * One line: label, then each cell; when every cell found is SKIPPED, the
 * label and the first reason instead.
 */
void crypto_classic_line(FILE *, const char *label,
    const struct crypto_cell *cells, size_t ncells,
    const struct result *const *rows, size_t nrows);
/* "<libgcrypt version> (tests/benchmark: what)" */
void crypto_classic_gcrypt_title(FILE *, const char *what);
/* The line under a part: how its figures were obtained. */
void crypto_classic_gcrypt_note(FILE *, const char *work);

#endif
