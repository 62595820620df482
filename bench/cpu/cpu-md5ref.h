/*
 * cpu-md5ref.h - the portable MD5 of the md5ref benchmark (RFC 1321), for
 * its known-answer test.
 */
#ifndef BOARDBENCH_CPU_MD5REF_H
#define BOARDBENCH_CPU_MD5REF_H

#include <stddef.h>
#include <stdint.h>

#define MD5REF_DIGEST 16

struct md5ref_ctx {
	uint32_t h[4];
	uint64_t len;			/* bytes so far */
	unsigned char buf[64];		/* the partial block */
};

void md5ref_init(struct md5ref_ctx *);
void md5ref_update(struct md5ref_ctx *, const void *data, size_t len);
void md5ref_final(struct md5ref_ctx *, unsigned char out[MD5REF_DIGEST]);
/* The whole of data at once (util-linux's md5_buffer() of seed 000). */
void md5ref_buffer(const void *data, size_t len,
    unsigned char out[MD5REF_DIGEST]);

/* The benchmark's input: `len` bytes of text-like data from `seed`. */
void md5ref_fill(unsigned char *p, size_t len, uint64_t seed);

/*
 * MD5 of data by OpenSSL (which = 0) or libgcrypt (which = 1) when built
 * in: 0, else -1.
 */
int md5ref_library(int which, const void *data, size_t len,
    unsigned char out[MD5REF_DIGEST]);

/* The RFC 1321 test suite through md5ref_buffer(): 0 when all pass. */
int md5ref_rfc1321(char *why, size_t len);

/* For tests: when set, verify() sees a corrupted digest. */
extern int md5ref_test_fault;

#endif
