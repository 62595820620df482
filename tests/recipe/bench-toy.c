/*
 * bench-toy.c - a benchmark added as bench/bench.h's recipe says, for
 * tests/unit/t-recipe.c: this file and one X(toy) line in a copy of
 * bench/bench-list.h (tests/recipe/bench-list.h, made by src/core/core.am),
 * and nothing in src/.  It is never run (no plan or run hook): its
 * descriptor says what the program shows of its rows (headline, quoted
 * unit, case names).
 */
#include "config.h"

#include <string.h>

#include "bench.h"
#include "util.h"

/* Its one headline row: the largest work size, "toy work" beside it. */
static const struct bench_headline toy_headlines[] = {
	{ "work/", "*", "", "toy work", 1 },
	{ NULL }
};

/* Ticks per second quoted in millions, as "MTPS". */
static const struct bench_quote toy_quotes[] = {
	{ "tick/s", NULL, 1e6, "MTPS", 0 },
	{ NULL }
};

/*
 * Its case names "work/SIZE", stored at first with SIZE in bytes
 * ("work/65536"), today in KiB/MiB ("work/64KiB"): the old ones in
 * today's form; returns buf, or name when it is not an old one.
 */
static const char *
toy_case_key(const char *name, char *buf, size_t len)
{
	char num[32];
	long long v;

	if (strncmp(name, "work/", 5) != 0 ||
	    strspn(name + 5, "0123456789") != strlen(name + 5) ||
	    parse_ll(name + 5, &v) != 0 || v < 0)
		return name;
	bufprintf(buf, len, "work/%s", size_name(num, sizeof(num),
	    (unsigned long long)v));
	return buf;
}

const struct bench_info bench_toy_info = {
	.name = "toy",
	.group = "selftest",
	.description = "a benchmark added by bench/ alone (tests only)",
	.unit = "tick/s",
	.better = BENCH_HIGHER,
	.headlines = toy_headlines,
	.headline_rank = 95,	/* after storage (90), before iperf3 (100) */
	.quotes = toy_quotes,
	.case_key = toy_case_key,
};
