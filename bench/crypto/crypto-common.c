/*
 * crypto-common.c - the tables, published test vectors, reference block
 * modes and parameter checks that the crypto benchmarks share; see
 * crypto-common.h.  Their --classic views are in crypto-classic.c.
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "crypto-common.h"
#include "util.h"

/*
 * Hashes, each with a published vector.  Sources: RFC 1320 and 1321
 * (MD4, MD5: "abc"); FIPS 180-4 examples (SHA-1, SHA-2: "abc"); FIPS 202
 * examples (SHA3-256: "abc"); the RIPEMD-160 page of Bosselaers
 * ("abc"); RFC 7693 appendices A and B (BLAKE2b-512, BLAKE2s-256: "abc");
 * ISO/IEC 10118-3 and NESSIE (Whirlpool: "abc"); Anderson and Biham's
 * Tiger page (Tiger/192: "abc"); the CRC catalogue check value of
 * CRC-32/ISO-HDLC ("123456789"); RFC 4231 test case 2 (HMAC-SHA-256).
 */
const struct bench_quote crypto_quotes[] = {
	{ "op/s", NULL, 1, "op/s", 0 },
	{ 0 }
};

const struct crypto_hash_alg crypto_hashes[H_COUNT] = {
	[H_MD4] = { "md4", "md4", 16, NULL, "abc",
	    "a448017aaf21d8525fc10ae87aa6729d", "RFC 1320" },
	[H_MD5] = { "md5", "md5", 16, NULL, "abc",
	    "900150983cd24fb0d6963f7d28e17f72", "RFC 1321" },
	[H_SHA1] = { "sha1", "sha1", 20, NULL, "abc",
	    "a9993e364706816aba3e25717850c26c9cd0d89d", "FIPS 180-4" },
	[H_SHA224] = { "sha224", "sha224", 28, NULL, "abc",
	    "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
	    "FIPS 180-4" },
	[H_SHA256] = { "sha256", "sha256", 32, NULL, "abc",
	    "ba7816bf8f01cfea414140de5dae2223"
	    "b00361a396177a9cb410ff61f20015ad", "FIPS 180-4" },
	[H_SHA384] = { "sha384", "sha384", 48, NULL, "abc",
	    "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded163"
	    "1a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
	    "FIPS 180-4" },
	[H_SHA512] = { "sha512", "sha512", 64, NULL, "abc",
	    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
	    "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
	    "FIPS 180-4" },
	[H_SHA3_256] = { "sha3-256", "sha3-256", 32, NULL, "abc",
	    "3a985da74fe225b2045c172d6bd390bd"
	    "855f086e3e9d525b46bfe24511431532", "FIPS 202" },
	[H_RIPEMD160] = { "ripemd160", "rmd160", 20, NULL, "abc",
	    "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc", "RIPEMD-160 page" },
	[H_BLAKE2B512] = { "blake2b512", "blake2b512", 64, NULL, "abc",
	    "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
	    "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923",
	    "RFC 7693" },
	[H_BLAKE2S256] = { "blake2s256", "blake2s256", 32, NULL, "abc",
	    "508c5e8c327c14e2e1a72ba34eeb452f"
	    "37458b209ed63a294d999b4c86675982", "RFC 7693" },
	[H_WHIRLPOOL] = { "whirlpool", "whirlpool", 64, NULL, "abc",
	    "4e2448a4c6f486bb16b6562c73b4020bf3043e3a731bce721ae1b303d97e6d4c"
	    "7181eebdb6c57e277d0e34957114cbd6c797fc9d95d8b582d225292076d4eef5",
	    "ISO/IEC 10118-3" },
	[H_TIGER] = { "tiger", "tiger", 24, NULL, "abc",
	    "2aab1484e8c158f2bfb8c5ff41b57a525129131c957b5f93",
	    "Tiger reference" },
	[H_CRC32] = { "crc32", "crc32", 4, NULL, "123456789",
	    "cbf43926", "CRC-32 check value" },
	[H_HMAC_SHA256] = { "hmac-sha256", "hmac(sha256)", 32, "Jefe",
	    "what do ya want for nothing?",
	    "5bdcc146bf60754e6a042426089575c7"
	    "5a003f089d2739839dec58b964ec3843", "RFC 4231" },
	/* CRC-32 of RFC 1510 (init 0, no final xor), output big-endian */
	[H_CRC32RFC1510] = { "crc32rfc1510", "crc32rfc1510", 4, NULL, "foo",
	    "7332bc33", "RFC 3961 A.5" },
	[H_CRC24RFC2440] = { "crc24rfc2440", "crc24rfc2440", 3, NULL,
	    "123456789", "21cf02", "CRC-24 of RFC 2440 (check value)" },
	/* Tiger with MD5-style padding (0x80) */
	[H_TIGER2] = { "tiger2", "tiger2", 24, NULL, "",
	    "4441be75f6018773c206c22745374b924aa8313fef919f41",
	    "Tiger2 of the empty message" },
};

/*
 * Ciphers: key and block sizes, and a published vector for the raw block
 * function (one ECB block) or the stream.  Sources: FIPS-197 appendix C
 * (AES); RFC 8439 section A.2 test vector 1 (ChaCha20) and section 2.8.2
 * (ChaCha20-Poly1305, checked separately); NIST SP 800-67 (3DES);
 * FIPS 81 appendix B (DES); Schneier's Blowfish vectors; RFC 2144 B.1
 * (CAST5); RFC 3713 appendix A (Camellia); RFC 4269 appendix B (SEED);
 * the Twofish paper's ECB table; NESSIE (Serpent); Lai's thesis (IDEA);
 * RFC 6229 (ARCFOUR, 128-bit key, offset 0).
 */
const struct crypto_cipher_alg crypto_ciphers[C_COUNT] = {
	[C_AES128] = { "aes-128", 16, 16, 0, 0,
	    "000102030405060708090a0b0c0d0e0f",
	    "00112233445566778899aabbccddeeff",
	    "69c4e0d86a7b0430d8cdb78070b4c55a", "FIPS-197 C.1" },
	[C_AES192] = { "aes-192", 24, 16, 0, 0,
	    "000102030405060708090a0b0c0d0e0f1011121314151617",
	    "00112233445566778899aabbccddeeff",
	    "dda97ca4864cdfe06eaf70a0ec0d7191", "FIPS-197 C.2" },
	[C_AES256] = { "aes-256", 32, 16, 0, 0,
	    "000102030405060708090a0b0c0d0e0f"
	    "101112131415161718191a1b1c1d1e1f",
	    "00112233445566778899aabbccddeeff",
	    "8ea2b7ca516745bfeafc49904b496089", "FIPS-197 C.3" },
	[C_CHACHA20] = { "chacha20", 32, 1, CRYPTO_NONCELEN, CIPHER_STREAM,
	    "0000000000000000000000000000000000000000000000000000000000000000",
	    "0000000000000000000000000000000000000000000000000000000000000000"
	    "0000000000000000000000000000000000000000000000000000000000000000",
	    "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
	    "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586",
	    "RFC 8439 A.2" },
	[C_CHACHA20_POLY1305] = { "chacha20-poly1305", 32, 1, CRYPTO_NONCELEN,
	    CIPHER_STREAM | CIPHER_AEAD, NULL, NULL, NULL, "RFC 8439 2.8.2" },
	[C_3DES] = { "des-ede3", 24, 8, 0, 0,
	    "0123456789abcdef23456789abcdef01456789abcdef0123",
	    "54686520717566636b2062726f776e20666f78206a756d70",
	    "a826fd8ce53b855fcce21c8112256fe668d5c05dd9b6b900",
	    "NIST SP 800-67" },
	[C_DES] = { "des", 8, 8, 0, 0, "0123456789abcdef",
	    "4e6f772069732074", "3fa40e8a984d4815", "FIPS 81 B" },
	[C_BLOWFISH] = { "bf", 16, 8, 0, 0, "0000000000000000",
	    "0000000000000000", "4ef997456198dd78", "Schneier's vectors" },
	[C_CAST5] = { "cast5", 16, 8, 0, 0,
	    "0123456712345678234567893456789a", "0123456789abcdef",
	    "238b4fe5847e44b2", "RFC 2144 B.1" },
	[C_CAMELLIA128] = { "camellia-128", 16, 16, 0, 0,
	    "0123456789abcdeffedcba9876543210",
	    "0123456789abcdeffedcba9876543210",
	    "67673138549669730857065648eabe43", "RFC 3713 A" },
	[C_CAMELLIA256] = { "camellia-256", 32, 16, 0, 0,
	    "0123456789abcdeffedcba9876543210"
	    "00112233445566778899aabbccddeeff",
	    "0123456789abcdeffedcba9876543210",
	    "9acc237dff16d76c20ef7c919e3a7509", "RFC 3713 A" },
	[C_SEED] = { "seed", 16, 16, 0, 0,
	    "00000000000000000000000000000000",
	    "000102030405060708090a0b0c0d0e0f",
	    "5ebac6e0054e166819aff1cc6d346cdb", "RFC 4269 B.1" },
	[C_TWOFISH] = { "twofish-128", 16, 16, 0, 0,
	    "00000000000000000000000000000000",
	    "00000000000000000000000000000000",
	    "9f589f5cf6122c32b6bfec2f2ae8c35a", "Twofish paper, ECB I=1" },
	[C_SERPENT] = { "serpent-128", 16, 16, 0, 0,
	    "00000000000000000000000000000000",
	    "80000000000000000000000000000000",
	    "a3b35de7c358ddd82644678c64b8bcbb", "NESSIE set 2, vector 0" },
	[C_IDEA] = { "idea", 16, 8, 0, 0,
	    "00010002000300040005000600070008", "0000000100020003",
	    "11fbed2b01986de5", "Lai's thesis" },
	[C_RC4] = { "rc4", 16, 1, 0, CIPHER_STREAM,
	    "0102030405060708090a0b0c0d0e0f10",
	    "00000000000000000000000000000000",
	    "9ac7cc9a609d1ef7b2932899cde41b97", "RFC 6229" },
};

const char *const crypto_mode_names[M_COUNT] = {
	[M_NONE] = "", [M_ECB] = "ecb", [M_CBC] = "cbc", [M_CFB] = "cfb",
	[M_OFB] = "ofb", [M_CTR] = "ctr", [M_GCM] = "gcm",
};

#define PK_SIG	((1u << OP_KEYGEN) | (1u << OP_SIGN) | (1u << OP_VERIFY))
#define PK_RSA	(PK_SIG | (1u << OP_ENCRYPT) | (1u << OP_DECRYPT))
#define PK_KEX	((1u << OP_KEYGEN) | (1u << OP_DERIVE))

const struct crypto_pk_alg crypto_pks[P_COUNT] = {
	[P_RSA1024] = { "rsa1024", "rsa 1024 bits", PK_RSA, 1024, 0 },
	[P_RSA2048] = { "rsa2048", "rsa 2048 bits", PK_RSA, 2048, 0 },
	[P_RSA3072] = { "rsa3072", "rsa 3072 bits", PK_RSA, 3072, 0 },
	[P_RSA4096] = { "rsa4096", "rsa 4096 bits", PK_RSA, 4096, 0 },
	[P_DSA1024] = { "dsa1024", "dsa 1024 bits", PK_SIG, 1024, 160 },
	[P_DSA2048] = { "dsa2048", "dsa 2048 bits", PK_SIG, 2048, 224 },
	[P_DSA3072] = { "dsa3072", "dsa 3072 bits", PK_SIG, 3072, 256 },
	[P_ECDSA_P192] = { "ecdsa-p192", "192 bits ecdsa (nistp192)",
	    PK_SIG, 192, 0 },
	[P_ECDSA_P224] = { "ecdsa-p224", "224 bits ecdsa (nistp224)",
	    PK_SIG, 224, 0 },
	[P_ECDSA_P256] = { "ecdsa-p256", "256 bits ecdsa (nistp256)",
	    PK_SIG, 256, 0 },
	[P_ECDSA_P384] = { "ecdsa-p384", "384 bits ecdsa (nistp384)",
	    PK_SIG, 384, 0 },
	[P_ECDSA_P521] = { "ecdsa-p521", "521 bits ecdsa (nistp521)",
	    PK_SIG, 521, 0 },
	[P_ED25519] = { "ed25519", "253 bits EdDSA (Ed25519)", PK_SIG, 253, 0 },
	[P_X25519] = { "x25519", "253 bits ecdh (X25519)", PK_KEX, 253, 0 },
};

const char *const crypto_op_names[OP_COUNT] = {
	[OP_KEYGEN] = "keygen", [OP_SIGN] = "sign", [OP_VERIFY] = "verify",
	[OP_ENCRYPT] = "encrypt", [OP_DECRYPT] = "decrypt",
	[OP_DERIVE] = "derive",
};

int crypto_test_fault;

const struct crypto_ops *const crypto_backends[CB_COUNT] = {
	[CB_OPENSSL] = &crypto_openssl_ops,
	[CB_GCRYPT] = &crypto_gcrypt_ops,
	[CB_MBEDTLS] = &crypto_mbedtls_ops,
};

int
crypto_cipher_has_mode(enum crypto_cipher_id a, enum crypto_mode m)
{
	const struct crypto_cipher_alg *c = &crypto_ciphers[a];

	if (c->flags & CIPHER_STREAM)
		return m == M_NONE;
	if (m == M_NONE)
		return 0;
	if (m == M_GCM)
		return c->blen == 16;
	return 1;
}

void
crypto_cipher_name(enum crypto_cipher_id a, enum crypto_mode m, char *buf,
    size_t len)
{
	if (m == M_NONE)
		snprintf(buf, len, "%s", crypto_ciphers[a].name);
	else
		snprintf(buf, len, "%s-%s", crypto_ciphers[a].name,
		    crypto_mode_names[m]);
}

/* ---- helpers ----------------------------------------------------------- */

int
crypto_backend_ready(const struct crypto_ops *b, char *why, size_t len)
{
	static int state[CB_COUNT];	/* 0 not yet, 1 ready, -1 failed */
	static char reason[CB_COUNT][160];
	size_t i;

	for (i = 0; i < CB_COUNT; i++)
		if (crypto_backends[i] == b)
			break;
	if (i == CB_COUNT)
		BUG("unknown crypto backend");
	if (b->unavailable != NULL) {
		snprintf(why, len, "%s", b->unavailable);
		return CRYPTO_NA;
	}
	if (state[i] == 0) {
		state[i] = b->init(reason[i], sizeof(reason[i])) == 0 ? 1 : -1;
	}
	if (state[i] < 0) {
		snprintf(why, len, "%s", reason[i]);
		return -1;
	}
	return 0;
}

int
crypto_skip_or_fail(struct bench_ctx *ctx, int rc, const char *why)
{
	return rc == CRYPTO_NA ? bench_skip(ctx, "%s", why) :
	    bench_fail(ctx, "%s", why);
}

long
crypto_unhex(const char *hex, uint8_t *out, size_t max)
{
	size_t n = 0;
	int hi, lo;

	while (hex[0] != '\0' && hex[1] != '\0') {
		if (!isxdigit((unsigned char)hex[0]) ||
		    !isxdigit((unsigned char)hex[1]) || n >= max)
			return -1;
		hi = isdigit((unsigned char)hex[0]) ? hex[0] - '0' :
		    tolower((unsigned char)hex[0]) - 'a' + 10;
		lo = isdigit((unsigned char)hex[1]) ? hex[1] - '0' :
		    tolower((unsigned char)hex[1]) - 'a' + 10;
		out[n++] = (uint8_t)(hi << 4 | lo);
		hex += 2;
	}
	return hex[0] == '\0' ? (long)n : -1;
}

void
crypto_fill(uint8_t *buf, size_t n, uint32_t seed)
{
	uint32_t x = seed ? seed : 0x9e3779b9u;
	size_t i;

	for (i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		buf[i] = (uint8_t)(x >> 24);
	}
}

uint8_t *
crypto_buf(size_t n)
{
	void *p;

	if (n < 64)
		n = 64;
	if (posix_memalign(&p, 64, n) != 0)
		die(1, "out of memory (%zu bytes)", n);
	memset(p, 0, n);
	return p;
}

/* ---- published vectors -------------------------------------------------- */

/* "got 1234..., want 5678..." for a mismatch, short. */
static void
mismatch(char *why, size_t len, const char *what, const uint8_t *got,
    const uint8_t *want, size_t n)
{
	char g[33], w[33];
	size_t i, k = n < 16 ? n : 16;

	for (i = 0; i < k; i++) {
		snprintf(g + 2 * i, 3, "%02x", got[i]);
		snprintf(w + 2 * i, 3, "%02x", want[i]);
	}
	snprintf(why, len, "%s: got %s%s, want %s%s", what, g,
	    n > k ? "..." : "", w, n > k ? "..." : "");
}

/*
 * The published vector three ways: in one write, in writes of one byte
 * (hash_stream) and, where the library has it, through putc.
 */
int
crypto_hash_kat(const struct crypto_ops *b, enum crypto_hash_id id,
    char *why, size_t len)
{
	static const char *const how[3] = { "", " in 1-byte writes",
	    " by putc" };
	const struct crypto_hash_alg *a = &crypto_hashes[id];
	const uint8_t *msg = (const uint8_t *)a->msg;
	size_t n = strlen(a->msg);
	struct crypto_hash *h = NULL;
	uint8_t want[64], got[64];
	char what[128];
	int rc = 0, k;

	if ((rc = crypto_backend_ready(b, why, len)) != 0)
		return rc;
	if (crypto_unhex(a->digest, want, sizeof(want)) != (long)a->dlen)
		BUG("bad vector for %s", a->name);
	if ((rc = b->hash_open(&h, id, why, len)) != 0)
		return rc;
	for (k = 0; k < 3 && rc == 0; k++) {
		if (k == 2 && b->hash_putc == NULL)
			break;
		memset(got, 0, sizeof(got));
		rc = k == 0 ? b->hash_once(h, msg, n, got) :
		    k == 1 ? b->hash_stream(h, msg, n, 1, got) :
		    b->hash_putc(h, msg, n, got);
		if (rc != 0) {
			snprintf(why, len, "%s %s%s failed", b->label,
			    a->name, how[k]);
		} else if (memcmp(got, want, a->dlen) != 0) {
			snprintf(what, sizeof(what), "%s %s(\"%s\")%s (%s)",
			    b->label, a->name, a->msg, how[k], a->source);
			mismatch(why, len, what, got, want, a->dlen);
			rc = -1;
		}
	}
	b->hash_close(h);
	return rc != 0 ? -1 : 0;
}

int
crypto_cipher_once(const struct crypto_ops *b,
    const struct crypto_cipher_spec *s, const uint8_t *in, uint8_t *out,
    size_t n, uint8_t *tag, char *why, size_t len)
{
	struct crypto_cipher *c = NULL;
	int rc;

	if ((rc = b->cipher_open(&c, s, why, len)) != 0)
		return rc;
	rc = b->cipher_msg(c, in, out, n, tag);
	b->cipher_close(c);
	if (rc != 0)
		snprintf(why, len, "%s %s failed", b->label,
		    s->encrypt ? "encryption" : "decryption");
	return rc;
}

/* ---- reference modes over the raw block function ------------------------ */

/* 128-bit multiply in GF(2^128) as GCM defines it (SP 800-38D, alg. 1). */
static void
gf_mul(uint8_t x[16], const uint8_t y[16])
{
	uint8_t z[16] = { 0 }, v[16];
	int i, j, lsb;

	memcpy(v, y, 16);
	for (i = 0; i < 128; i++) {
		if (x[i / 8] & (0x80 >> (i % 8)))
			for (j = 0; j < 16; j++)
				z[j] ^= v[j];
		lsb = v[15] & 1;
		for (j = 15; j > 0; j--)
			v[j] = (uint8_t)(v[j] >> 1 | v[j - 1] << 7);
		v[0] >>= 1;
		if (lsb)
			v[0] ^= 0xe1;
	}
	memcpy(x, z, 16);
}

/* GHASH over data padded to whole blocks. */
static void
ghash_update(uint8_t y[16], const uint8_t h[16], const uint8_t *d, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i += 16) {
		for (k = 0; k < 16 && i + k < n; k++)
			y[k] ^= d[i + k];
		gf_mul(y, h);
	}
}

/* Increment the last `bytes` bytes of a counter block, big-endian. */
static void
ctr_inc(uint8_t *ctr, size_t blen, size_t bytes)
{
	size_t i;

	for (i = blen; i > blen - bytes; i--)
		if (++ctr[i - 1] != 0)
			break;
}

int
crypto_ref_mode(const struct crypto_ops *b, enum crypto_cipher_id a,
    enum crypto_mode m, const uint8_t *key, size_t klen, const uint8_t *iv,
    const uint8_t *in, uint8_t *out, size_t n, uint8_t *tag, char *why,
    size_t len)
{
	const struct crypto_cipher_alg *c = &crypto_ciphers[a];
	struct crypto_cipher_spec s = { .alg = a, .mode = M_ECB, .encrypt = 1,
	    .key = key, .klen = klen };
	struct crypto_cipher *e = NULL;
	uint8_t reg[16], ks[16], h[16], y[16], j0[16], lens[16];
	size_t bl = c->blen, i, k, take;
	int rc;

	if (bl > 16 || (c->flags & CIPHER_STREAM))
		BUG("reference mode for a stream cipher");
	if ((rc = b->cipher_open(&e, &s, why, len)) != 0)
		return rc;
#define BLOCK(src, dst) do { \
		if (b->cipher_msg(e, (src), (dst), bl, NULL) != 0) \
			goto fail; \
	} while (0)
	switch (m) {
	case M_ECB:
		for (i = 0; i < n; i += bl)
			BLOCK(in + i, out + i);
		break;
	case M_CBC:
		memcpy(reg, iv, bl);
		for (i = 0; i < n; i += bl) {
			for (k = 0; k < bl; k++)
				reg[k] ^= in[i + k];
			BLOCK(reg, reg);
			memcpy(out + i, reg, bl);
		}
		break;
	case M_CFB:
	case M_OFB:
	case M_CTR:
		memcpy(reg, iv, bl);
		for (i = 0; i < n; i += bl) {
			take = n - i < bl ? n - i : bl;
			BLOCK(reg, ks);
			for (k = 0; k < take; k++)
				out[i + k] = in[i + k] ^ ks[k];
			if (m == M_CFB)
				memcpy(reg, out + i, take);
			else if (m == M_OFB)
				memcpy(reg, ks, bl);
			else
				ctr_inc(reg, bl, bl);
		}
		break;
	case M_GCM:
		memset(h, 0, sizeof(h));
		BLOCK(h, h);
		memset(j0, 0, sizeof(j0));
		memcpy(j0, iv, CRYPTO_NONCELEN);
		j0[15] = 1;
		memcpy(reg, j0, 16);
		for (i = 0; i < n; i += 16) {
			take = n - i < 16 ? n - i : 16;
			ctr_inc(reg, 16, 4);
			BLOCK(reg, ks);
			for (k = 0; k < take; k++)
				out[i + k] = in[i + k] ^ ks[k];
		}
		memset(y, 0, sizeof(y));
		ghash_update(y, h, out, n);
		memset(lens, 0, sizeof(lens));
		for (k = 0; k < 8; k++)
			lens[15 - k] = (uint8_t)(((uint64_t)n * 8) >> (8 * k));
		ghash_update(y, h, lens, 16);
		BLOCK(j0, ks);
		for (k = 0; k < 16; k++)
			tag[k] = y[k] ^ ks[k];
		break;
	default:
		BUG("no reference for mode %d", (int)m);
	}
#undef BLOCK
	b->cipher_close(e);
	return 0;
fail:
	b->cipher_close(e);
	snprintf(why, len, "%s %s block function failed", b->label, c->name);
	return -1;
}

/* ChaCha20-Poly1305 (RFC 8439 section 2.8.2): the text and its AAD. */
static const char aead_pt[] = "Ladies and Gentlemen of the class of '99: "
    "If I could offer you only one tip for the future, sunscreen would "
    "be it.";
#define AEAD_KEY "808182838485868788898a8b8c8d8e8f" \
	"909192939495969798999a9b9c9d9e9f"
#define AEAD_NONCE "070000004041424344454647"
#define AEAD_AAD "50515253c0c1c2c3c4c5c6c7"
#define AEAD_CT16 "d31a8d34648e60db7b86afbc53ef7ec2"
#define AEAD_TAG "1ae10b594f09e26a7e902ecbd0600691"

static int
kat_chacha_poly(const struct crypto_ops *b, char *why, size_t len)
{
	uint8_t key[32], nonce[12], aad[12], ct[128], back[128], tag[16],
	    want[16];
	struct crypto_cipher_spec s = { .alg = C_CHACHA20_POLY1305,
	    .encrypt = 1, .key = key, .klen = 32, .iv = nonce, .aad = aad,
	    .aadlen = sizeof(aad) };
	size_t n = sizeof(aead_pt) - 1;
	int rc;

	crypto_unhex(AEAD_KEY, key, sizeof(key));
	crypto_unhex(AEAD_NONCE, nonce, sizeof(nonce));
	crypto_unhex(AEAD_AAD, aad, sizeof(aad));
	if ((rc = crypto_cipher_once(b, &s, (const uint8_t *)aead_pt, ct, n,
	    tag, why, len)) != 0)
		return rc;
	crypto_unhex(AEAD_CT16, want, sizeof(want));
	if (memcmp(ct, want, 16) != 0) {
		mismatch(why, len, "chacha20-poly1305 ciphertext (RFC 8439)",
		    ct, want, 16);
		return -1;
	}
	crypto_unhex(AEAD_TAG, want, sizeof(want));
	if (memcmp(tag, want, 16) != 0) {
		mismatch(why, len, "chacha20-poly1305 tag (RFC 8439)", tag,
		    want, 16);
		return -1;
	}
	s.encrypt = 0;
	if ((rc = crypto_cipher_once(b, &s, ct, back, n, tag, why, len)) != 0)
		return rc;
	if (memcmp(back, aead_pt, n) != 0) {
		snprintf(why, len, "chacha20-poly1305: decryption does not "
		    "give the text back");
		return -1;
	}
	return 0;
}

#define KAT_MSG 50	/* bytes through a mode: three blocks and a part */

int
crypto_cipher_kat(const struct crypto_ops *b, enum crypto_cipher_id id,
    enum crypto_mode m, char *why, size_t len)
{
	const struct crypto_cipher_alg *a = &crypto_ciphers[id];
	uint8_t key[32], in[64], want[64], got[64], back[64], iv[16],
	    tag[16], reftag[16];
	struct crypto_cipher_spec s = { .alg = id, .mode = M_ECB,
	    .encrypt = 1, .key = key, .iv = iv };
	char what[128], name[48];
	long kl, nl;
	size_t n;
	int rc;

	if ((rc = crypto_backend_ready(b, why, len)) != 0)
		return rc;
	if (id == C_CHACHA20_POLY1305)
		return kat_chacha_poly(b, why, len);
	kl = crypto_unhex(a->kat_key, key, sizeof(key));
	nl = crypto_unhex(a->kat_in, in, sizeof(in));
	if (kl <= 0 || nl <= 0 || crypto_unhex(a->kat_out, want,
	    sizeof(want)) != nl)
		BUG("bad vector for %s", a->name);
	s.klen = (size_t)kl;
	memset(iv, 0, sizeof(iv));
	crypto_cipher_name(id, m, name, sizeof(name));
	/* 1. the published vector: one ECB block, or the stream */
	s.mode = (a->flags & CIPHER_STREAM) ? M_NONE : M_ECB;
	if ((rc = crypto_cipher_once(b, &s, in, got, (size_t)nl, NULL, why,
	    len)) != 0)
		return rc;
	if (memcmp(got, want, (size_t)nl) != 0) {
		snprintf(what, sizeof(what), "%s %s (%s)", b->label, a->name,
		    a->source);
		mismatch(why, len, what, got, want, (size_t)nl);
		return -1;
	}
	if (a->flags & CIPHER_STREAM)
		goto roundtrip;
	/* 2. the mode against the reference built on the block function */
	s.mode = m;
	n = m == M_ECB || m == M_CBC ? 48 / a->blen * a->blen : KAT_MSG;
	crypto_fill(in, n, 0x5eed0000u + (uint32_t)id);
	crypto_fill(iv, sizeof(iv), 0x1a2b3c4du);
	if ((rc = crypto_ref_mode(b, id, m, key, s.klen, iv, in, want, n, reftag,
	    why, len)) != 0)
		return rc;
	if ((rc = crypto_cipher_once(b, &s, in, got, n, tag, why, len)) != 0)
		return rc;
	if (memcmp(got, want, n) != 0) {
		snprintf(what, sizeof(what), "%s %s differs from %s built on "
		    "the block function", b->label, name, crypto_mode_names[m]);
		mismatch(why, len, what, got, want, n);
		return -1;
	}
	if (m == M_GCM && memcmp(tag, reftag, 16) != 0) {
		snprintf(what, sizeof(what), "%s %s tag", b->label, name);
		mismatch(why, len, what, tag, reftag, 16);
		return -1;
	}
	nl = (long)n;
roundtrip:
	/* 3. decryption gives the input back */
	s.encrypt = 0;
	memcpy(want, in, (size_t)nl);
	if ((rc = crypto_cipher_once(b, &s, got, back, (size_t)nl, tag, why,
	    len)) != 0)
		return rc;
	if (memcmp(back, want, (size_t)nl) != 0) {
		snprintf(what, sizeof(what), "%s %s decryption", b->label,
		    name);
		mismatch(why, len, what, back, want, (size_t)nl);
		return -1;
	}
	return 0;
}

/* ---- parameters ----------------------------------------------------------- */

/* Is the word w of length n (in a comma list) exactly `name`? */
static int
word_is(const char *w, size_t n, const char *name)
{
	return strlen(name) == n && strncmp(w, name, n) == 0;
}

/* Is `w` (length n) a name some crypto benchmark knows? */
static int
known_algorithm(const char *w, size_t n)
{
	char name[64];
	size_t i;
	int m;

	if (word_is(w, n, "all"))
		return 1;
	for (i = 0; i < H_COUNT; i++)
		if (word_is(w, n, crypto_hashes[i].name))
			return 1;
	for (i = 0; i < P_COUNT; i++)
		if (word_is(w, n, crypto_pks[i].name))
			return 1;
	for (i = 0; i < C_COUNT; i++) {
		if (word_is(w, n, crypto_ciphers[i].name))
			return 1;
		for (m = M_NONE; m < M_COUNT; m++) {
			if (!crypto_cipher_has_mode(i, m))
				continue;
			crypto_cipher_name(i, m, name, sizeof(name));
			if (word_is(w, n, name))
				return 1;
		}
	}
	return 0;
}

int
crypto_check_algorithms(const char *value, char *err, size_t len)
{
	const char *s = value;
	size_t n;

	for (;;) {
		n = strcspn(s, ",");
		if (!known_algorithm(s, n)) {
			snprintf(err, len, "unknown algorithm '%.*s' (see "
			    "'boardbench list -l crypto')", (int)n, s);
			return -1;
		}
		if (s[n] == '\0')
			return 0;
		s += n + 1;
	}
}

int
crypto_check_backends(const char *value, char *err, size_t len)
{
	const char *s = value;
	size_t n, i;

	for (;;) {
		n = strcspn(s, ",");
		for (i = 0; i < CB_COUNT; i++) {
			const struct crypto_ops *b = crypto_backends[i];

			if (word_is(s, n, b->name) && b->unavailable != NULL) {
				snprintf(err, len, "backend '%s' was asked for "
				    "but this boardbench was %s", b->name,
				    b->unavailable);
				return -1;
			}
		}
		if (s[n] == '\0')
			return 0;
		s += n + 1;
	}
}

unsigned
crypto_param_backends(const struct bench_list *backends)
{
	const char *const *w = backends->items;
	size_t i, j;
	unsigned mask = 0;

	for (i = 0; i < backends->n && i < CB_COUNT + 2; i++) {
		if (strcmp(w[i], "all") == 0)
			mask |= (1u << CB_COUNT) - 1;
		for (j = 0; j < CB_COUNT; j++)
			if (strcmp(w[i], crypto_backends[j]->name) == 0)
				mask |= 1u << j;
	}
	return mask;
}

int
crypto_param_wants(const struct bench_list *algorithms, const char *name,
    const char *family)
{
	const char *w;
	size_t i;

	for (i = 0; i < algorithms->n; i++) {
		w = algorithms->items[i];
		if (strcmp(w, "all") == 0 || strcmp(w, name) == 0 ||
		    (family != NULL && strcmp(w, family) == 0))
			return 1;
	}
	return 0;
}

size_t
crypto_param_sizes(const struct bench_ints *sizes, long long *v, size_t max)
{
	const long long *all = sizes->v;
	size_t n = sizes->n, i, j, k = 0;

	if (n > CRYPTO_MAXSIZES)
		n = CRYPTO_MAXSIZES;
	for (i = 0; i < n && k < max; i++) {
		for (j = 0; j < k; j++)
			if (v[j] == all[i])
				break;
		if (j == k)
			v[k++] = all[i];
	}
	return k;
}
