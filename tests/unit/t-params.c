/*
 * t-params.c - parameter rows, -p parsing, ranges, defaults by profile.
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "result.h"
#include "runner-int.h"
#include "runner-wire.h"
#include "runner.h"
#include "tap.h"
#include "util.h"

static const struct bench_param rows[] = {
	{ .name = "n", .type = BENCH_P_INT, .min = 10, .max = 5000,
	  .def = "200", .quick = "100", .full = "1000" },
	{ .name = "r", .type = BENCH_P_REAL, .min = 0.5, .max = 2 , .def = "1" },
	{ .name = "b", .type = BENCH_P_BOOL, .def = "yes" },
	{ .name = "c", .type = BENCH_P_CHOICE, .choices = "tcp|udp",
	  .def = "tcp" },
	{ .name = "l", .type = BENCH_P_LIST, .choices = "double|single",
	  .def = "double,single" },
	{ .name = "s", .type = BENCH_P_INTLIST, .min = 1, .max = 1 << 26,
	  .def = "16,64" },
	{ .name = "t", .type = BENCH_P_STR, .def = "" },
	{ .name = NULL }
};

static int
bad(int i, const char *v)
{
	char err[256];

	return param_check(&rows[i], v, err, sizeof(err)) != 0;
}

/* p's value as typed gives the canonical text want. */
static void
canon(int i, const char *typed, const char *want)
{
	char err[256], *c = param_canonical(&rows[i], typed, err,
	    sizeof(err));

	is_str(c ? c : err, want, "%s=%s is %s", rows[i].name, typed, want);
	free(c);
}

/* A stored params string of bench reads canonically as want. */
static void
stored(const char *bench, const char *params, const char *want)
{
	char buf[256];

	strlcpy_bb(buf, params, sizeof(buf));
	param_canon_stored(bench, buf, sizeof(buf));
	is_str(buf, want, "stored %s '%s' reads as '%s'", bench, params, want);
}

/* The resolved value of b's parameter name (want NULL: decimal digits). */
static void
resolved(const struct param_set *ps, const struct bench_info *b,
    const char *name, const char *want, const char *what)
{
	char *c = param_resolve(ps, b, registry_param(b, name), "standard");

	if (want != NULL)
		is_str(c, want, "%s", what);
	else
		ok(strspn(c, "0123456789,") == strlen(c), "%s (%s)", what, c);
	free(c);
}

int
main(void)
{
	struct param_set ps;
	struct bench_ctx *ctx;
	char err[256];
	const struct bench_info *lp = registry_find("null");
	long long v;

	ok(!bad(0, "200"), "int in range");
	ok(!bad(0, "10") && !bad(0, "5000"), "int range is inclusive");
	ok(bad(0, "9"), "int below range refused");
	ok(bad(0, "5001"), "int above range refused");
	ok(bad(0, "abc"), "non-number refused");
	ok(bad(0, "12x"), "trailing junk refused");
	ok(bad(0, ""), "empty refused");
	ok(bad(0, "2.5"), "real for an int refused");
	ok(!bad(0, "1k"), "1k = 1000 accepted");
	ok(parse_ll("4Ki", &v) == 0 && v == 4096, "4Ki = 4096");
	ok(parse_ll("1M", &v) == 0 && v == 1000000, "1M = 10^6");
	ok(parse_ll("1MiB", &v) == 0 && v == 1048576, "1MiB = 2^20");
	ok(parse_ll("99999999999999999999", &v) != 0, "overflow refused");
	ok(parse_ll("9223372036854775807", &v) == 0 && v == LLONG_MAX &&
	    parse_ll("9223372036854775807k", &v) != 0 &&
	    parse_ll("9007199254740993Ki", &v) != 0, "overflow by a suffix refused");
	ok(parse_ll("0200", &v) == 0 && v == 200, "0200 is decimal 200");
	ok(parse_ll("010", &v) == 0 && v == 10, "010 is ten");
	ok(parse_ll("0x10", &v) != 0 && parse_ll("0X10", &v) != 0,
	    "hexadecimal refused");
	ok(parse_ll(" 10", &v) != 0 && parse_ll("+10", &v) != 0 &&
	    parse_ll("-", &v) != 0 && parse_ll("k", &v) != 0,
	    "space, plus, a bare sign or suffix refused");
	ok(parse_ll("-16", &v) == 0 && v == -16, "a minus sign is allowed");
	{
		/* a size as it names a memory case, read back by parse_ll */
		static const struct { unsigned long long b; const char *s; }
		    sz[] = { { 4096, "4KiB" }, { 33554432, "32MiB" },
		    { 1073741824, "1GiB" }, { 68719476736ULL, "64GiB" },
		    { 5000, "5000" }, { 1536, "1536" }, { 1572864, "1536KiB" },
		    { 0, "0" } };
		char nb[32];
		size_t k;

		for (k = 0; k < sizeof(sz) / sizeof(sz[0]); k++) {
			size_name(nb, sizeof(nb), sz[k].b);
			ok(strcmp(nb, sz[k].s) == 0 && parse_ll(nb, &v) == 0 &&
			    (unsigned long long)v == sz[k].b,
			    "size_name(%llu) = %s, and back", sz[k].b, sz[k].s);
		}
	}
	ok(!bad(0, "0200") && !bad(0, "010"), "leading zeros are decimal");
	ok(bad(0, "0x10"), "hexadecimal parameter refused");
	ok(!bad(1, "1.5") && bad(1, "3") && bad(1, "nan"), "real range");
	ok(!bad(2, "no") && !bad(2, "TRUE") && bad(2, "maybe"), "booleans");
	ok(!bad(3, "udp") && bad(3, "sctp"), "choices");
	ok(!bad(4, "single") && bad(4, "single,quad") && bad(4, "double,"),
	    "lists: every item checked, no empty item");
	ok(!bad(5, "16,8192") && bad(5, "0") && bad(5, "-16") &&
	    bad(5, "16,x") && bad(5, "134217728"), "int lists: each in range");

	is_str(param_default(&rows[0], "quick"), "100", "quick default");
	is_str(param_default(&rows[0], "standard"), "200", "standard default");
	is_str(param_default(&rows[0], "full"), "1000", "full default");
	is_str(param_default(&rows[1], "quick"), "1", "no quick: the default");

	canon(0, "0200", "200");
	canon(0, "1k", "1000");
	canon(0, "2Ki", "2048");
	canon(1, "1.50", "1.5");
	canon(1, "0.7", "0.7");
	canon(1, "1e0", "1");
	canon(2, "TRUE", "yes");
	canon(2, "0", "no");
	canon(2, "off", "no");
	canon(3, "udp", "udp");
	canon(4, "single,double,single", "single,double");
	canon(5, "16Ki,16384,1M,64", "16384,1000000,64");
	canon(5, "0016", "16");
	canon(6, "a b,c", "a b,c");
	ok(param_canonical(&rows[0], "0x10", err, sizeof(err)) == NULL &&
	    strstr(err, "0x10") != NULL, "an invalid value: NULL and why");

	stored("null", "mode=ok,work=1k", "mode=ok,work=1000");
	stored("membw", "ops=read,copy,read,sizes=16Ki,1Mi",
	    "ops=read,copy,sizes=16384,1048576");
	stored("null", "mode=ok,work=0200", "mode=ok,work=0200");
	stored("null", "mode=ok,work=0x10", "mode=ok,work=0x10");
	stored("null", "mode=nope,work=1k", "mode=nope,work=1k");
	stored("null", "junk,work=1k", "junk,work=1k");
	stored("nosuch", "work=1k", "work=1k");
	stored("null", "", "");
	{
		char small[16] = "mode=ok,work=1k";

		param_canon_stored("null", small, 15);
		is_str(small, "mode=ok,work=1k", "too long for the buffer: "
		    "left as it is");
	}

	/* every benchmark's defaults resolve and fit the stored field */
	{
		size_t i, j, k, len, worst = 0;
		static const char *const prof[] = { "quick", "standard",
		    "full" };
		int allok = 1;

		for (i = 0; i < registry_count; i++)
			for (k = 0; k < ARRAY_SIZE(prof); k++) {
				const struct bench_info *b = registry_table[i];

				len = 0;
				for (j = 0; j < registry_nparams(b); j++) {
					char *c = param_resolve(NULL, b,
					    &b->params[j], prof[k]);

					len += strlen(b->params[j].name) + 2 +
					    strlen(c);
					free(c);
				}
				if (len > worst)
					worst = len;
				if (len >= sizeof(((struct result *)0)->params)) {
					diag("%s %s: %zu bytes", b->name,
					    prof[k], len);
					allok = 0;
				}
			}
		ok(allok, "canonical defaults fit the stored params (longest "
		    "%zu)", worst);
	}

	param_set_init(&ps);
	ok(lp != NULL, "the null benchmark is registered");
	ok(param_set_add(&ps, "null.work=500") == 0, "null.work=500 accepted");
	ok(param_set_add(&ps, "selftest.mode=bad") == 0,
	    "a group setting is accepted");
	ok(param_set_add(&ps, "null.work=0") != 0, "out of range refused");
	ok(param_set_add(&ps, "null.work=lots") != 0, "non-number refused");
	ok(param_set_add(&ps, "null.nope=1") != 0, "unknown parameter refused");
	ok(param_set_add(&ps, "nosuch.n=1") != 0, "unknown benchmark refused");
	ok(param_set_add(&ps, "null") != 0 && param_set_add(&ps, "null.=1")
	    != 0 && param_set_add(&ps, ".work=1") != 0, "malformed refused");
	is_int((long long)ps.n, 2, "only good settings were kept");
	resolved(&ps, lp, "work", "500", "a setting overrides the profile "
	    "default");
	resolved(&ps, lp, "mode", "bad", "a group setting reaches its "
	    "benchmarks");
	ok(param_set_add(&ps, "null.mode=ok") == 0, "name setting added");
	resolved(&ps, lp, "mode", "ok", "a benchmark setting beats a group "
	    "setting");
	ok(param_set_add(&ps, "null.work=2k") == 0, "null.work=2k accepted");
	resolved(&ps, lp, "work", "2000", "resolved to the canonical 2000");
	ctx = bench_ctx_new(lp, "quick", &ps);
	ok(ctx != NULL && strncmp(ctx->params, "mode=ok,work=2000,", 18) == 0 &&
	    strcmp(ctx->values[1], "2000") == 0,
	    "the run's stored params and values are canonical");
	{
		const struct bench_param *w = registry_param(lp, "work");
		long long work = 0;

		if (ctx != NULL)
			memcpy(&work, (const char *)bench_params(ctx) +
			    w->offset, sizeof(work));
		is_int(work, 2000, "and the benchmark reads work as 2000");
	}
	bench_ctx_free(ctx);
	resolved(NULL, registry_find("membw"), "sizes", NULL,
	    "a default with suffixes resolves to decimal");
	param_set_release(&ps);

	/* powm.exponent: full, small or a number of bits, nothing else */
	if (registry_find("powm") != NULL) {
		static const char *const good[] = {
			"full", "small", "1", "41", "4096", NULL
		}, *const bad[] = {
			"0", "041", "+41", "4097", "41x", "", "Small", NULL
		};
		char set[64];
		size_t i;

		param_set_init(&ps);
		for (i = 0; good[i] != NULL; i++) {
			snprintf(set, sizeof(set), "powm.exponent=%s", good[i]);
			ok(param_set_add(&ps, set) == 0, "%s accepted", set);
		}
		for (i = 0; bad[i] != NULL; i++) {
			snprintf(set, sizeof(set), "powm.exponent=%s", bad[i]);
			ok(param_set_add(&ps, set) != 0, "%s refused", set);
		}
		param_set_release(&ps);
	}

	/* linpack.n=5000, the documented maximum, gets the time it needs */
	{
		const struct bench_info *lk = registry_find("linpack");
		struct runner_opts ro;
		struct child_plan cp;
		double t5000, t200;

		memset(&ro, 0, sizeof(ro));
		memset(&cp, 0, sizeof(cp));
		cp.min_samples = 5;
		cp.timeout = 93;	/* the standard profile's */
		param_set_init(&ps);
		ok(param_set_add(&ps, "linpack.n=5000") == 0, "n=5000 allowed");
		ctx = bench_ctx_new(lk, "standard", &ps);
		ok(ctx != NULL && ctx->ncases > 0, "linpack n=5000 plans");
		t5000 = ctx ? runner_case_timeout(&ro, &cp, &ctx->cases[0]) : 0;
		ok(ctx && t5000 >= 8 * ctx->cases[0].work / 50e6,
		    "its time limit (%.0f s) fits 8 iterations at 50 Mflop/s",
		    t5000);
		ro.timeout = cp.timeout = 100;	/* --timeout 100 */
		ok(ctx && runner_case_timeout(&ro, &cp, &ctx->cases[0]) == 100,
		    "--timeout still rules");
		ro.timeout = 0;
		cp.timeout = 93;
		bench_ctx_free(ctx);
		param_set_release(&ps);
		ctx = bench_ctx_new(lk, "standard", NULL);
		t200 = ctx ? runner_case_timeout(&ro, &cp, &ctx->cases[0]) : 0;
		is_double(t200, 93, 0, "the default n keeps the profile's limit");
		bench_ctx_free(ctx);
	}

	/*
	 * RSA key generation gets the time its keys need (seconds each on a
	 * Pi, two minutes when unlucky); other operations and curve keys
	 * keep the profile's limit
	 */
	{
		struct runner_opts ro;
		struct child_plan cp;
		size_t i;
		int seen = 0;

		memset(&ro, 0, sizeof(ro));
		memset(&cp, 0, sizeof(cp));
		cp.min_samples = 5;
		cp.timeout = 93;
		param_set_init(&ps);
		ok(param_set_add(&ps, "pubkey.algorithms=rsa1024,rsa4096,"
		    "ecdsa-p256") == 0 && param_set_add(&ps,
		    "pubkey.operations=keygen,sign") == 0 && param_set_add(&ps,
		    "crypto.backends=all") == 0, "pubkey keygen settings");
		ctx = bench_ctx_new(registry_find("pubkey"), "standard", &ps);
		for (i = 0; ctx != NULL && i < ctx->ncases; i++) {
			const struct bench_case *c = &ctx->cases[i];
			double t = runner_case_timeout(&ro, &cp, c);

			if (strncmp(c->name, "rsa4096/", 8) == 0 &&
			    strstr(c->name, "/keygen") != NULL) {
				seen++;
				ok(t >= 60 + 8 * 120.0, "%s: its limit (%.0f s) "
				    "fits 8 keys of two minutes", c->name, t);
			} else if (strncmp(c->name, "rsa1024/", 8) == 0 &&
			    strstr(c->name, "/keygen") != NULL) {
				ok(t > 93 - 1e-9 && t < 200, "%s: about the "
				    "profile's limit (%.0f s)", c->name,
				    t);
			} else {
				is_double(t, 93, 0, "%s keeps the profile's "
				    "limit", c->name);
			}
		}
		if (ctx == NULL || ctx->ncases == 0)
			skip(1, "built without a crypto library");
		else
			ok(seen > 0, "rsa4096 keygen cases planned (%d)", seen);
		bench_ctx_free(ctx);
		param_set_release(&ps);
	}
	return done_testing();
}
