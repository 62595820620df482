/*
 * bench-gcrypt-direct.c - a plain loop over the same libgcrypt calls the
 * crypto benchmarks make, timed on its own, for scripts/crosscheck-openssl
 * --gcrypt: the yardstick that boardbench's libgcrypt rows are compared
 * with.  Not a test.  Prints "CASE VALUE UNIT" lines with the case names
 * boardbench uses:
 *     bench-gcrypt-direct SECONDS CASE...
 * CASE: sha256/gcrypt/1024, md5/gcrypt/8192, aes-128-cbc/gcrypt/encrypt/N,
 * rsa2048/gcrypt/sign, rsa2048/gcrypt/verify.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef HAVE_GCRYPT
#include <gcrypt.h>

#define CRYPTO_KEYS_SEXP
#include "crypto-keys.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Run op in batches until `secs` have passed; returns ops per second. */
#define TIMED(secs, op) __extension__ ({ \
	double t0_ = now(), t_; \
	unsigned long n_ = 0, k_; \
	do { \
		for (k_ = 0; k_ < 64; k_++) { op; } \
		n_ += 64; \
		t_ = now() - t0_; \
	} while (t_ < (secs)); \
	(double)n_ / t_; })

static int
one(const char *c, double secs)
{
	static unsigned char buf[1 << 16], out[1 << 16];
	char alg[32];
	long size = 0;
	double r;

	if (sscanf(c, "%31[^/]/gcrypt/%ld", alg, &size) == 2 &&
	    size > 0 && size <= (long)sizeof(buf)) {
		int a = strcmp(alg, "sha256") == 0 ? GCRY_MD_SHA256 :
		    strcmp(alg, "md5") == 0 ? GCRY_MD_MD5 : 0;
		gcry_md_hd_t h;

		if (a == 0 || gcry_md_open(&h, a, 0) != 0)
			return -1;
		r = TIMED(secs, (gcry_md_reset(h), gcry_md_write(h, buf,
		    (size_t)size), gcry_md_final(h), out[0] ^=
		    gcry_md_read(h, a)[0]));
		gcry_md_close(h);
		printf("%s %.0f B/s\n", c, r * (double)size);
		return 0;
	}
	if (sscanf(c, "aes-128-cbc/gcrypt/encrypt/%ld", &size) == 1 &&
	    size > 0 && size <= (long)sizeof(buf) && size % 16 == 0) {
		gcry_cipher_hd_t h;
		unsigned char key[16] = { 1 }, iv[16] = { 2 };

		if (gcry_cipher_open(&h, GCRY_CIPHER_AES128,
		    GCRY_CIPHER_MODE_CBC, 0) != 0 ||
		    gcry_cipher_setkey(h, key, 16) != 0 ||
		    gcry_cipher_setiv(h, iv, 16) != 0)
			return -1;
		r = TIMED(secs, gcry_cipher_encrypt(h, out, (size_t)size, buf,
		    (size_t)size));
		gcry_cipher_close(h);
		printf("%s %.0f B/s\n", c, r * (double)size);
		return 0;
	}
	if (strncmp(c, "rsa2048/gcrypt/", 15) == 0) {
		gcry_sexp_t key, pub, data, sig = NULL;
		gcry_mpi_t n, e;
		int sign = strcmp(c + 15, "sign") == 0;

		memset(buf, 7, 32);
		if (gcry_sexp_new(&key, crypto_rsa2048_sexp, 0, 1) != 0 ||
		    gcry_sexp_extract_param(key, NULL, "ne", &n, &e,
		    NULL) != 0 ||
		    gcry_sexp_build(&pub, NULL, "(public-key(rsa(n %m)(e %m)))",
		    n, e) != 0 ||
		    gcry_sexp_build(&data, NULL,
		    "(data(flags pkcs1)(hash sha256 %b))", 32, buf) != 0 ||
		    gcry_pk_sign(&sig, data, key) != 0)
			return -1;
		if (sign) {
			gcry_sexp_t s2 = NULL;

			r = TIMED(secs, (gcry_pk_sign(&s2, data, key),
			    gcry_sexp_release(s2)));
		} else {
			r = TIMED(secs, out[0] ^= (unsigned char)
			    gcry_pk_verify(sig, data, pub));
		}
		printf("%s %.1f op/s\n", c, r);
		return 0;
	}
	return -1;
}

int
main(int argc, char **argv)
{
	double secs;
	int i;

	if (argc < 3 || (secs = atof(argv[1])) <= 0) {
		fprintf(stderr, "usage: bench-gcrypt-direct SECONDS CASE...\n");
		return 2;
	}
	gcry_check_version(NULL);
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
	for (i = 2; i < argc; i++)
		if (one(argv[i], secs) != 0) {
			fprintf(stderr, "bench-gcrypt-direct: unknown case "
			    "'%s'\n", argv[i]);
			return 2;
		}
	return 0;
}

#else

int
main(void)
{
	fprintf(stderr, "bench-gcrypt-direct: built without libgcrypt\n");
	return 77;
}

#endif
