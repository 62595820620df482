/*
 * bench-toy.c - a benchmark added as bench/bench.h's recipe says, for
 * tests/unit/t-recipe.c: this file and one X(toy) line in a copy of
 * bench/bench-list.h (tests/recipe/bench-list.h, made by src/core/core.am),
 * and nothing in src/.  t-recipe runs it through the runner (its two
 * cases, each a sum over a buffer of its size, checked) and reads what the
 * program shows of its rows (headline, quoted unit, case names).
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
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

/* Its cases: work over 4 KiB and 64 KiB, a tick a byte. */
static int
toy_plan(struct bench_ctx *ctx)
{
	static const size_t sizes[] = { 4096, 65536 };
	char name[32], num[16];
	struct bench_case *c;
	size_t i;

	for (i = 0; i < 2; i++) {
		bufprintf(name, sizeof(name), "work/%s",
		    size_name(num, sizeof(num), sizes[i]));
		if ((c = bench_add_case(ctx, name, "tick/s", BENCH_RATE,
		    (double)sizes[i])) == NULL)
			return -1;
		c->arg = (intptr_t)sizes[i];
	}
	return 0;
}

/* A case's buffer: bytes 0, 1, ..., 255, 0, ... and the last sum. */
struct toy_state {
	unsigned char *buf;
	uint64_t sum;
};

static int
toy_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct toy_state *s = calloc(1, sizeof(*s));
	size_t i, n = (size_t)c->arg;

	if (s == NULL || (s->buf = malloc(n)) == NULL) {
		free(s);
		return bench_fail(ctx, "out of memory");
	}
	for (i = 0; i < n; i++)
		s->buf[i] = (unsigned char)i;
	bench_set_priv(ctx, s);
	return 0;
}

static int
toy_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct toy_state *s = bench_priv(ctx);
	size_t i, n = (size_t)c->arg;
	uint64_t k, sum = 0;

	for (k = 0; k < iters; k++)
		for (i = 0; i < n; i++)
			sum += s->buf[i];
	s->sum = iters > 0 ? sum / iters : 0;
	return 0;
}

/* One pass sums 0..255 once per 256 bytes: 32640 each. */
static int
toy_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct toy_state *s = bench_priv(ctx);

	return s->sum == (uint64_t)c->arg / 256 * 32640 ? 0 :
	    bench_fail(ctx, "sum %llu", (unsigned long long)s->sum);
}

static void
toy_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct toy_state *s = bench_priv(ctx);

	(void)c;
	if (s != NULL)
		free(s->buf);
	free(s);
	bench_set_priv(ctx, NULL);
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
	.plan = toy_plan,
	.setup = toy_setup,
	.run = toy_run,
	.verify = toy_verify,
	.teardown = toy_teardown,
};
