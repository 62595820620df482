/*
 * placement-check.c - how much a small kernel's speed depends on where
 * its code lies: the variants of a benchmark's case (bench.h, per-process
 * variants; Dhrystone's are copies of its code at 8 distinct offsets,
 * 16 bytes apart modulo 128) measured paired within one process, pinned
 * to one CPU, in interleaved rounds (0 1 ... N-1, then N-1 ... 0, ...), each
 * variant set up, warmed, timed, verified and torn down in its turn.
 * Per variant: its median figure, and its figure relative to the median
 * of the variants in the same round, with a 95 % interval (the paired
 * ratio of src/compare/ratio.h over the rounds).
 *
 * For the lead's measurements on a quiet machine; a figure from a loaded
 * machine says little.  Built by make, not installed:
 *     build/scripts/placement-check [OPTIONS] BENCH
 * Whetstone and md5ref have no copies: measured with builds whose code
 * lies 16, 32 and 48 bytes further, they did not move (doc/guide.md).
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu-dhrystone.h"
#include "cpu-fft.h"
#include "cpu-linpack-kern.h"
#include "ratio.h"
#include "registry.h"
#include "runner-int.h"
#include "stats.h"
#include "util.h"

static const char usage_text[] =
"usage: placement-check [OPTIONS] BENCH\n"
"\n"
"Measures each variant of BENCH's first case (dhrystone, fft, linpack: its\n"
"code at 8 placements, 16 bytes apart modulo 128) in interleaved\n"
"rounds in this one process, pinned to one CPU, and prints\n"
"each one's figure relative to the median of its round, with a 95 %\n"
"interval.\n"
"Run it on a quiet machine: a loaded one moves the figures.\n"
"  --cpu N          the CPU to run on (default: the one it starts on)\n"
"  --rounds N       rounds, each variant once per round (2..10000,\n"
"                   default 20)\n"
"  --min-sample S   seconds one timed run lasts at least (0.0001..10,\n"
"                   default 0.05)\n"
"  -p NAME.PARAM=V  a benchmark parameter, as for 'boardbench run'\n"
"  -h, --help       this text\n"
"Exit status: 0 done, 1 a variant failed or output failed, 2 bad input.\n";

/* Where variant v's code lies, for the table ("" when not known). */
static void
where(const struct bench_info *b, unsigned v, char *buf, size_t len)
{
	buf[0] = '\0';
	if (strcmp(b->name, "dhrystone") == 0 && v < PLACE_COPIES)
		bufprintf(buf, len, "loop at %u mod %d",
		    place_code_offset((uintptr_t)dhry_copies[v]->loop),
		    PLACE_ALIGN);
	if (strcmp(b->name, "linpack") == 0 && v < PLACE_COPIES)
		bufprintf(buf, len, "LU at %u mod %d",
		    place_code_offset((uintptr_t)lp_copies[v]->ops[0]->dgefa),
		    PLACE_ALIGN);
	if (strcmp(b->name, "fft") == 0 && v < PLACE_COPIES)
		bufprintf(buf, len, "transform at %u mod %d",
		    place_code_offset((uintptr_t)fft_copies[v]->transform),
		    PLACE_ALIGN);
}

/*
 * One timed run of variant v: setup, a warm-up run of a quarter of the
 * iterations, the timed run, verify, teardown.  The figure in the case's
 * unit into *value; 0, or -1 with the reason printed.
 */
static int
measure(struct bench_ctx *ctx, const struct bench_case *c, unsigned v,
    uint64_t iters, double *value, double *secs)
{
	const struct bench_info *b = ctx->info;
	double t0, t1, work = c->work * (double)iters;
	int rc = 0;

	ctx->process = v;
	ctx->variant = v;
	ctx->reason[0] = '\0';
	ctx->nextras = 0;
	if (b->setup != NULL && b->setup(ctx, c) != 0)
		return error("%s: variant %u: setup failed: %s", b->name, v,
		    ctx->reason);
	if (b->run(ctx, c, iters / 4 + 1) != 0)
		rc = -1;
	t0 = now_mono();
	if (rc == 0 && b->run(ctx, c, iters) != 0)
		rc = -1;
	t1 = now_mono();
	if (rc == 0 && b->verify != NULL && b->verify(ctx, c) != 0)
		rc = -1;
	if (b->teardown != NULL)
		b->teardown(ctx, c);
	if (rc != 0)
		return error("%s: variant %u failed: %s", b->name, v,
		    ctx->reason[0] ? ctx->reason : "no reason given");
	*secs = t1 - t0;
	if (!(*secs > 0) || !(work > 0))
		return error("%s: variant %u: the run took no time", b->name,
		    v);
	*value = c->kind == BENCH_TIME ? *secs / work : work / *secs;
	return 0;
}

/* Iterations for one timed run of at least min_sample seconds. */
static int
calibrate(struct bench_ctx *ctx, const struct bench_case *c,
    double min_sample, uint64_t *iters)
{
	uint64_t it = 1;
	double v, secs, scale;

	for (;;) {
		if (measure(ctx, c, 0, it, &v, &secs) != 0)
			return -1;
		if (secs >= min_sample || it > UINT64_MAX / 200)
			break;
		scale = min_sample / secs * 1.2;
		scale = scale < 2 ? 2 : scale > 100 ? 100 : scale;
		it = (uint64_t)((double)it * scale);
	}
	*iters = it;
	return 0;
}

static int
pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) != 0)
		return error("cannot run on CPU %d: %s", cpu, strerror(errno));
	return 0;
}

/* The options into the arguments; 0, 1 for --help, -1 on bad input. */
static int
parse_args(int argc, char **argv, struct param_set *ps, long long *cpu,
    long long *rounds, double *min_sample)
{
	static const struct option opts[] = {
		{ "cpu", required_argument, NULL, 'c' },
		{ "rounds", required_argument, NULL, 'r' },
		{ "min-sample", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int o;

	opterr = 0;
	while ((o = getopt_long(argc, argv, "+p:h", opts, NULL)) != -1) {
		switch (o) {
		case 'c':
			if (parse_ll(optarg, cpu) != 0 || *cpu < 0 ||
			    *cpu >= CPU_SETSIZE)
				return error("bad --cpu '%s' (a CPU number)",
				    optarg);
			break;
		case 'r':
			if (parse_ll(optarg, rounds) != 0 || *rounds < 2 ||
			    *rounds > 10000)
				return error("bad --rounds '%s' (2..10000)",
				    optarg);
			break;
		case 'm':
			if (parse_double(optarg, min_sample) != 0 ||
			    !(*min_sample >= 0.0001 && *min_sample <= 10))
				return error("bad --min-sample '%s' "
				    "(0.0001..10 seconds)", optarg);
			break;
		case 'p':
			if (param_set_add(ps, optarg) != 0)
				return -1;
			break;
		case 'h':
			return 1;
		default:
			return error("unknown option or missing value '%s' "
			    "(see --help)", argv[optind - 1]);
		}
	}
	if (optind != argc - 1)
		return error("expected one benchmark name (see --help)");
	return 0;
}

/*
 * The table: per variant its median figure, and the paired ratio of its
 * figure to its round's median over the rounds.
 */
static void
report(const struct bench_info *b, const struct bench_case *c, unsigned nv,
    size_t nr, double *const *val, const double *med)
{
	struct ratio_ci ci;
	double lo = INFINITY, hi = -INFINITY, fig[PLACE_COPIES], gm;
	unsigned v, vlo = 0, vhi = 0;
	size_t n;
	char at[48];

	printf("%7s  %-22s %14s  %8s  %s\n", "variant", "where", c->unit,
	    "/ median", "95 % interval");
	for (v = 0; v < nv; v++) {
		where(b, v, at, sizeof(at));
		if (ratio_paired(med, val[v], nr, &ci) != 0) {
			printf("%7u  %-22s %14s\n", v, at, "-");
			continue;
		}
		printf("%7u  %-22s %14.6g  %8.4f  [%.4f, %.4f]\n", v, at,
		    stats_median(val[v], nr), ci.ratio, ci.lo, ci.hi);
		if (ci.ratio < lo) {
			lo = ci.ratio;
			vlo = v;
		}
		if (ci.ratio > hi) {
			hi = ci.ratio;
			vhi = v;
		}
	}
	if (lo > 0 && isfinite(hi))
		printf("spread: variant %u / variant %u = %.4f (%s is "
		    "better)\n", vhi, vlo, hi / lo, c->better == BENCH_LOWER ?
		    "lower" : "higher");
	for (v = 0, n = 0; v < nv && n < PLACE_COPIES; v++)
		if ((fig[n] = stats_median(val[v], nr)) > 0)
			n++;
	gm = stats_geomean(fig, n);
	if (n < 2 || !(gm > 0))
		return;
	stats_sort(fig, n);
	printf("boardbench's figure: %.6g %s, the geometric mean of the %zu "
	    "placements (their expectation over layouts)\n", gm, c->unit, n);
	printf("a classic binary runs one placement, wherever its linker put "
	    "it: from %.6g to %.6g,\n%+.1f %% to %+.1f %% of boardbench's "
	    "figure, with the same instructions\n", fig[0], fig[n - 1],
	    (fig[0] / gm - 1) * 100, (fig[n - 1] / gm - 1) * 100);
}

int
main(int argc, char **argv)
{
	struct param_set ps;
	const struct bench_info *b;
	const struct bench_case *c;
	struct bench_ctx *ctx = NULL;
	long long cpu = -1, rounds = 20;
	double min_sample = 0.05, **val = NULL, *med = NULL, *one = NULL;
	double secs;
	uint64_t iters = 1;
	unsigned nv = 0, v, k;
	size_t r;
	int rc = EXIT_BENCH;

	progname = "placement-check";
	numeric_locale_c();
	param_set_init(&ps);
	if ((rc = parse_args(argc, argv, &ps, &cpu, &rounds,
	    &min_sample)) != 0) {
		param_set_release(&ps);
		if (rc < 0)
			return EXIT_USAGE;
		fputs(usage_text, stdout);
		return close_stdout_status(EXIT_OK);
	}
	rc = EXIT_BENCH;
	if ((b = registry_find(argv[optind])) == NULL) {
		error("unknown benchmark '%s' (see 'boardbench list')",
		    argv[optind]);
		param_set_release(&ps);
		return EXIT_USAGE;
	}
	ctx = bench_ctx_new(b, "standard", &ps);
	param_set_release(&ps);
	if (ctx == NULL)
		return EXIT_USAGE;
	if (ctx->ncases == 0 || ctx->cases[0].variants <= 1 ||
	    ctx->cases[0].kind == BENCH_REPORTED || b->run == NULL) {
		error("%s: its case has no variants to compare (one placement; "
		    "dhrystone, fft and linpack have them by default)", b->name);
		bench_ctx_free(ctx);
		return EXIT_USAGE;
	}
	c = &ctx->cases[0];
	nv = c->variants;
	if (cpu < 0)
		cpu = sched_getcpu();
	if (cpu < 0 || pin((int)cpu) != 0) {
		if (cpu < 0)
			error("cannot tell which CPU this is: %s",
			    strerror(errno));
		bench_ctx_free(ctx);
		return EXIT_USAGE;
	}
	val = xcalloc(nv, sizeof(*val));
	for (v = 0; v < nv; v++)
		val[v] = xcalloc((size_t)rounds, sizeof(**val));
	med = xcalloc((size_t)rounds, sizeof(*med));
	one = xcalloc(nv, sizeof(*one));
	if (calibrate(ctx, c, min_sample, &iters) != 0)
		goto out;
	printf("%s %s (%s): %u variants, %lld rounds of %llu iterations on "
	    "CPU %lld\n", b->name, c->name, ctx->params, nv, rounds,
	    (unsigned long long)iters, cpu);
	for (r = 0; r < (size_t)rounds; r++) {
		for (k = 0; k < nv; k++) {
			v = r % 2 == 0 ? k : nv - 1 - k;
			if (measure(ctx, c, v, iters, &val[v][r], &secs) != 0)
				goto out;
			one[v] = val[v][r];
		}
		med[r] = stats_median(one, nv);
	}
	report(b, c, nv, (size_t)rounds, val, med);
	rc = EXIT_OK;
out:
	for (v = 0; val != NULL && v < nv; v++)
		free(val[v]);
	free(val);
	free(med);
	free(one);
	bench_ctx_free(ctx);
	return close_stdout_status(rc);
}
