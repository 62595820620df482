/*
 * t-params.c - parameter rows, -p parsing, ranges, defaults by profile.
 */
#include "config.h"

#include <string.h>

#include "registry.h"
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
	{ .name = NULL }
};

static int
bad(int i, const char *v)
{
	char err[256];

	return param_check(&rows[i], v, err, sizeof(err)) != 0;
}

int
main(void)
{
	struct param_set ps;
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
	is_str(param_set_value(&ps, lp, registry_param(lp, "work"), "quick"),
	    "500", "a setting overrides the profile default");
	is_str(param_set_value(&ps, lp, registry_param(lp, "mode"), "quick"),
	    "bad", "a group setting reaches its benchmarks");
	ok(param_set_add(&ps, "null.mode=ok") == 0, "name setting added");
	is_str(param_set_value(&ps, lp, registry_param(lp, "mode"), "quick"),
	    "ok", "a benchmark setting beats a group setting");
	param_set_release(&ps);
	return done_testing();
}
