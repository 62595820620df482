/*
 * null.c - the framework's own self-test (fio's null engine): a kernel
 * that does a known amount of trivial work, plus cases that crash, hang,
 * fail verification or skip on purpose when asked, so the runner's
 * isolation can be tested on any machine.
 */
#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

struct null_state {
	uint64_t acc, iters;
};

static const struct bench_param null_params[] = {
	{ .name = "mode", .type = BENCH_P_CHOICE,
	  .choices = "ok|crash|hang|bad|fail|skip|slow", .def = "ok",
	  .help = "what the second case does: ok, or crash (SIGSEGV), hang, "
	    "bad (fails verification), fail, skip, slow (1 s per call)" },
	{ .name = "work", .type = BENCH_P_INT, .min = 1, .max = 1000000,
	  .def = "1000", .help = "additions per iteration" },
	{ .name = NULL }
};

static int
null_plan(struct bench_ctx *ctx)
{
	double w = (double)bench_param_int(ctx, "work");

	if (bench_add_case(ctx, "add", "op/s", BENCH_RATE, w) == NULL)
		return -1;
	if (bench_add_case(ctx, bench_param_str(ctx, "mode"), "op/s",
	    BENCH_RATE, w) == NULL)
		return -1;
	return 0;
}

static int
null_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct null_state *s = calloc(1, sizeof(*s));

	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	bench_set_priv(ctx, s);
	if (strcmp(c->name, "skip") == 0)
		return bench_skip(ctx, "skipped on purpose");
	if (strcmp(c->name, "fail") == 0)
		return bench_fail(ctx, "failed on purpose");
	return 0;
}

static int
null_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct null_state *s = bench_priv(ctx);
	uint64_t i, j, w = (uint64_t)c->work;
	volatile uint64_t acc = s->acc;

	if (strcmp(c->name, "crash") == 0) {
		/* the default action, even under a sanitizer's handler */
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
	}
	if (strcmp(c->name, "hang") == 0)
		for (;;)
			pause();
	if (strcmp(c->name, "slow") == 0)
		sleep(1);
	for (i = 0; i < iters; i++)
		for (j = 0; j < w; j++)
			acc = acc + 1;
	s->acc = acc;
	s->iters += iters;
	return 0;
}

static int
null_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct null_state *s = bench_priv(ctx);

	if (strcmp(c->name, "bad") == 0)
		return bench_fail(ctx, "wrong on purpose");
	if (s->acc != s->iters * (uint64_t)c->work)
		return bench_fail(ctx, "sum %llu, expected %llu",
		    (unsigned long long)s->acc,
		    (unsigned long long)(s->iters * (uint64_t)c->work));
	bench_extra(ctx, "iterations", (double)s->iters);
	return 0;
}

static void
null_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	free(bench_priv(ctx));
	bench_set_priv(ctx, NULL);
}

const struct bench_info bench_null_info = {
	.name = "null",
	.group = "selftest",
	.description = "framework self-test: counts additions; can crash, "
	    "hang, fail or give a bad result on purpose",
	.unit = "op/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = null_params,
	.plan = null_plan,
	.setup = null_setup,
	.run = null_run,
	.verify = null_verify,
	.teardown = null_teardown,
};
