/*
 * t-md5ref.c - known answers for the portable MD5: the RFC 1321 suite,
 * the digest of the benchmark's 22,073-byte block (computed with another
 * implementation), every length around the block boundaries whole and in
 * pieces, OpenSSL's and libgcrypt's MD5 where built in, both cases
 * verifying, a corrupted digest failing, and the parameter ranges.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu-md5ref.h"
#include "registry.h"
#include "runner-int.h"
#include "tap.h"

extern const struct bench_info bench_md5ref_info;

static void
hex(const unsigned char *d, char *out)
{
	int i;

	for (i = 0; i < MD5REF_DIGEST; i++)
		sprintf(out + 2 * i, "%02x", d[i]);
}

int
main(void)
{
	static const char *const libs[] = { "OpenSSL", "libgcrypt" };
	unsigned char *buf, d1[MD5REF_DIGEST], d2[MD5REF_DIGEST];
	struct md5ref_ctx m;
	struct bench_ctx *ctx;
	struct param_set ps;
	char h[33], why[160];
	size_t len, off, i;
	int which, good, vf, rc;

	ok(md5ref_rfc1321(why, sizeof(why)) == 0, "RFC 1321 test suite");

	buf = malloc(22073);
	if (buf == NULL)
		bail("out of memory");
	md5ref_fill(buf, 22073, 1);
	ok(buf[0] == '\\' && buf[1] == 'j' && buf[2] == 's',
	    "the block starts as it should");
	md5ref_buffer(buf, 22073, d1);
	hex(d1, h);
	is_str(h, "37f4921b34c69b48e835f77404f6a5be",
	    "MD5 of the 22,073-byte block (hashlib's answer)");
	md5ref_fill(buf, 1000, 2);
	md5ref_buffer(buf, 1000, d1);
	hex(d1, h);
	is_str(h, "953527851ef30a4d7e22ec43d97e4b78",
	    "MD5 of the first 1000 bytes of the cold region");

	/* whole and in pieces of 1 and 7 bytes agree at every length */
	md5ref_fill(buf, 300, 3);
	for (len = 0, good = 1; len <= 300; len++) {
		md5ref_buffer(buf, len, d1);
		md5ref_init(&m);
		for (off = 0; off < len; off += 7)
			md5ref_update(&m, buf + off, len - off < 7 ? len - off :
			    7);
		md5ref_final(&m, d2);
		good &= memcmp(d1, d2, sizeof(d1)) == 0;
		md5ref_init(&m);
		for (off = 0; off < len; off++)
			md5ref_update(&m, buf + off, 1);
		md5ref_final(&m, d2);
		good &= memcmp(d1, d2, sizeof(d1)) == 0;
	}
	ok(good, "lengths 0 to 300: whole and in pieces agree");

	for (which = 0; which < 2; which++) {
		if (md5ref_library(which, "abc", 3, d2) != 0) {
			skip(1, "built without %s", libs[which]);
			continue;
		}
		md5ref_fill(buf, 22073, 1);
		for (len = 0, good = 1; len <= 22073; len += len < 200 ? 1 :
		    997) {
			md5ref_buffer(buf, len, d1);
			good &= md5ref_library(which, buf, len, d2) == 0 &&
			    memcmp(d1, d2, sizeof(d1)) == 0;
		}
		ok(good, "%s agrees on every length tried", libs[which]);
	}
	free(buf);

	/* the benchmark: both cases verify, on a small region */
	param_set_init(&ps);
	if (param_set_add(&ps, "md5ref.region_mib=1") != 0)
		bail("cannot set region_mib");
	ctx = bench_ctx_new(&bench_md5ref_info, "quick", &ps);
	param_set_release(&ps);
	if (ctx == NULL)
		bail("bench_ctx_new failed");
	is_int((long long)ctx->ncases, 2, "two cases");
	is_str(ctx->cases[0].name, "hot", "hot");
	is_str(ctx->cases[1].name, "cold", "cold");
	is_double(ctx->cases[0].work, 22073, 0, "22,073 bytes per iteration");
	ok(ctx->cases[0].derived != NULL &&
	    ctx->cases[0].derived[0].how == BENCH_D_CYCLES &&
	    strcmp(ctx->cases[0].derived[0].unit, "cycle/B") == 0 &&
	    ctx->cases[0].derived[1].scale == 0,
	    "derived rows: cycles per byte and per block");
	for (i = 0; i < ctx->ncases; i++) {
		rc = bench_ctx_exercise(ctx, i, 100, &vf);
		ok(rc == 0 && vf == 0, "%s: 100 blocks verify%s%s",
		    ctx->cases[i].name, ctx->reason[0] ? ": " : "",
		    ctx->reason);
	}
	md5ref_test_fault = 1;
	for (i = 0; i < ctx->ncases; i++) {
		rc = bench_ctx_exercise(ctx, i, 3, &vf);
		ok(rc == -1 && vf == 1 && strstr(ctx->reason, "MD5") != NULL,
		    "%s: a corrupted digest fails verify: %s",
		    ctx->cases[i].name, ctx->reason);
	}
	md5ref_test_fault = 0;
	bench_ctx_free(ctx);

	param_set_init(&ps);
	ok(param_set_add(&ps, "md5ref.size=0") != 0, "size=0 refused");
	ok(param_set_add(&ps, "md5ref.size=17M") != 0, "size=17M refused");
	ok(param_set_add(&ps, "md5ref.region_mib=1025") != 0,
	    "region_mib=1025 refused");
	ok(param_set_add(&ps, "md5ref.cases=warm") != 0, "cases=warm refused");
	ok(param_set_add(&ps, "md5ref.size=64") == 0, "size=64 accepted");
	param_set_release(&ps);
	return done_testing();
}
