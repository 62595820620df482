/*
 * mem-memlat.c - load-to-use latency by working-set size: a chase of
 * dependent loads through a random cyclic permutation of the cache lines
 * of the working set, so that neither the prefetchers nor out-of-order
 * execution can overlap two loads.  Each line holds the address of the
 * next; the order is one cycle through every line, drawn with Sattolo's
 * algorithm (S. Sattolo, "An algorithm to generate a random cyclic
 * permutation", Information Processing Letters 22, 1986) from a fixed seed,
 * so every run chases the same order.
 *
 * The working set lives in ordinary (4 KiB) pages: beyond the reach of the
 * TLBs the figure includes page-walk time, as a program's would.
 *
 * One iteration is ML_LOADS loads; the chase goes on from where the last
 * one stopped.  verify() walks the lines with code of its own: the links
 * must form a single cycle through all of them, the kernel's pointer must
 * stand where (total loads mod lines) steps from the start lead, and the
 * kernel chasing lines x k steps must come back to the start.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "mem.h"

#define ML_MAXSIZES	64
#define ML_LOADS	1024		/* loads per iteration */
#define ML_SEED		UINT64_C(0x2545f4914f6cdd1d)

struct ml_line {
	struct ml_line *next;
	char pad[MEM_LINE - sizeof(struct ml_line *)];
};

struct ml_state {
	struct ml_line *lines;
	struct mem_block blk;	/* where the lines live */
	size_t n;		/* lines in the working set */
	struct ml_line *p;	/* where the chase stands */
	uint64_t loads;		/* loads done since setup */
};

/* splitmix64: the fixed-seed generator for Sattolo's shuffle */
static uint64_t
ml_rand(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* Its parameters (bench_params()); see ml_params. */
struct memlat_params {
	struct bench_ints sizes;
	struct bench_list placement;	/* MEM_PARAM_PLACEMENT */
};

/*
 * plan(): one case per size and placement, named by its size ("64KiB",
 * "64KiB/hugetlb" when placements are asked for); c->arg holds the size's
 * index in its low byte and the placement above it.
 */
static int
ml_plan(struct bench_ctx *ctx)
{
	const struct memlat_params *p = bench_params(ctx);
	const long long *sizes = p->sizes.v;
	size_t n = p->sizes.n, i, k, npl, m;
	struct bench_case *c;
	char name[96];
	int pl[MP_COUNT];

	npl = mem_placements(&p->placement, pl, MP_COUNT);
	if (n > ML_MAXSIZES)
		return bench_fail(ctx, "at most %d sizes", ML_MAXSIZES);
	for (i = 0; i < n; i++) {
		for (k = 0; k < i && sizes[k] != sizes[i]; k++)
			;
		if (k < i)
			continue;
		for (m = 0; m < npl; m++) {
			mem_case_name(name, sizeof(name), "", sizes[i], pl[m],
			    npl);
			c = bench_add_case(ctx, name, "s", BENCH_TIME,
			    ML_LOADS);
			if (c == NULL)
				return -1;
			c->better = BENCH_LOWER;
			c->arg = (intptr_t)i | (intptr_t)pl[m] << 8;
		}
	}
	return 0;
}

/*
 * Link n lines into one random cycle: Sattolo's shuffle of the identity
 * gives a permutation with a single cycle; line i points to line perm[i].
 */
static int
ml_link(struct ml_line *lines, size_t n)
{
	uint32_t *perm = malloc(n * sizeof(*perm)), t;
	uint64_t seed = ML_SEED;
	size_t i, j;

	if (perm == NULL)
		return -1;
	for (i = 0; i < n; i++)
		perm[i] = (uint32_t)i;
	for (i = n - 1; i > 0; i--) {
		j = (size_t)(ml_rand(&seed) % i);	/* j < i: Sattolo */
		t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	for (i = 0; i < n; i++)
		lines[i].next = &lines[perm[i]];
	free(perm);
	return 0;
}

static void
ml_state_free(struct ml_state *s)
{
	if (s != NULL)
		mem_unplace(&s->blk);
	free(s);
}

/*
 * setup(): allocate the lines and link them.  On failure nothing is left
 * behind (the runner calls teardown() only after a setup() that worked).
 */
static int
ml_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	const struct memlat_params *p = bench_params(ctx);
	const long long *sizes = p->sizes.v;
	size_t nsz = p->sizes.n;
	size_t si = (size_t)(c->arg & 0xff);
	int pl = (int)(c->arg >> 8);
	unsigned long long size;
	struct ml_state *s;
	int rc;

	if (c->arg < 0 || si >= nsz || si >= ML_MAXSIZES || pl >= MP_COUNT)
		return bench_fail(ctx, "unknown case '%s'", c->name);
	size = (unsigned long long)sizes[si];
	if (size / MEM_LINE > UINT32_MAX || size > SIZE_MAX / 2)
		return bench_skip(ctx, "%llu bytes is too large for this "
		    "build", size);
	if (size / MEM_LINE < 2)
		return bench_fail(ctx, "%llu bytes is less than two lines",
		    size);
	s = calloc(1, sizeof(*s));
	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	s->n = (size_t)(size / MEM_LINE);
	/* the lines, plus the shuffle's index array for a moment */
	if ((rc = mem_fits(ctx, (uint64_t)s->n * (MEM_LINE + 4))) != 0)
		goto fail;
	if ((rc = mem_place(ctx, pl, s->n * sizeof(struct ml_line),
	    &s->blk)) != 0)
		goto fail;
	s->lines = s->blk.p;
	if (ml_link(s->lines, s->n) != 0) {
		rc = bench_fail(ctx, "cannot allocate %llu bytes: out of "
		    "memory", size);
		goto fail;
	}
	s->p = &s->lines[0];
	bench_set_priv(ctx, s);
	return 0;
fail:
	ml_state_free(s);
	return rc;
}

/* The kernel: k dependent loads from p; returns where they lead. */
static struct ml_line *
ml_chase(struct ml_line *p, uint64_t k)
{
	while (k >= 8) {
		p = p->next;
		p = p->next;
		p = p->next;
		p = p->next;
		p = p->next;
		p = p->next;
		p = p->next;
		p = p->next;
		k -= 8;
	}
	while (k-- > 0)
		p = p->next;
	return p;
}

static int
ml_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct ml_state *s = bench_priv(ctx);

	(void)c;
	s->p = ml_chase(s->p, iters * ML_LOADS);
	s->loads += iters * ML_LOADS;
	return 0;
}

/* Index of the line p points into, or -1 when p is not a line start. */
static long long
ml_index(const struct ml_state *s, const struct ml_line *p)
{
	uintptr_t off = (uintptr_t)p - (uintptr_t)s->lines;

	if ((uintptr_t)p < (uintptr_t)s->lines || off % MEM_LINE != 0 ||
	    off / MEM_LINE >= s->n)
		return -1;
	return (long long)(off / MEM_LINE);
}

/* Known-answer tests: a wrong final pointer, or a cycle cut in two. */
static void
ml_corrupt(struct ml_state *s)
{
	struct ml_line *a, *b, *t;

	if (memlat_test_fault == 1) {
		s->p = s->p->next;
	} else if (memlat_test_fault == 2 && s->n >= 3) {
		/* swapping the successors of two lines splits the cycle */
		a = &s->lines[0];
		b = a->next->next;
		t = a->next;
		a->next = b->next;
		b->next = t;
	}
}

static int
ml_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct ml_state *s = bench_priv(ctx);
	const struct ml_line *q = &s->lines[0];
	unsigned char *seen;
	uint64_t k, at;
	long long ix;

	(void)c;
	if (s->loads == 0)
		return bench_fail(ctx, "no load was run");
	if (memlat_test_fault)
		ml_corrupt(s);
	seen = calloc(s->n, 1);
	if (seen == NULL)
		return bench_fail(ctx, "out of memory");
	/* one cycle through every line: n steps, each line once */
	for (k = 0; k < s->n; k++) {
		ix = ml_index(s, q);
		if (ix < 0 || seen[ix]) {
			free(seen);
			return bench_fail(ctx, "the chain is not one cycle: "
			    "step %llu of %zu reaches %s", (unsigned long long)k,
			    s->n, ix < 0 ? "a bad address" :
			    "a line already visited");
		}
		seen[ix] = 1;
		q = q->next;
	}
	free(seen);
	if (q != &s->lines[0])
		return bench_fail(ctx, "the chain does not return to its start "
		    "after %zu steps", s->n);
	/* the kernel's pointer: total loads mod n steps from the start */
	at = s->loads % s->n;
	for (q = &s->lines[0], k = 0; k < at; k++)
		q = q->next;
	if (q != s->p)
		return bench_fail(ctx, "after %llu loads the chase stands at "
		    "line %lld, expected line %lld",
		    (unsigned long long)s->loads, ml_index(s, s->p),
		    ml_index(s, q));
	/* the kernel itself: 2 x n loads from the start come back to it */
	if (ml_chase(&s->lines[0], 2 * (uint64_t)s->n) != &s->lines[0])
		return bench_fail(ctx, "%zu loads from the start do not come "
		    "back to it", 2 * s->n);
	bench_extra(ctx, "lines", (double)s->n);
	mem_place_note(ctx, &s->blk);
	return 0;
}

static void
ml_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	ml_state_free(bench_priv(ctx));
	bench_set_priv(ctx, NULL);
}

static const struct bench_param ml_params[] = {
	{
		BENCH_PARAM_INTLIST(struct memlat_params, sizes),
		.min = MEM_SIZE_MIN, .max = MEM_SIZE_MAX,
		.def = "4Ki,8Ki,16Ki,32Ki,64Ki,128Ki,256Ki,512Ki,1Mi,2Mi,"
		    "4Mi,8Mi,16Mi,32Mi,64Mi,128Mi,256Mi",
		.quick = "4Ki,32Ki,256Ki,2Mi,16Mi,64Mi",
		.full = "4Ki,8Ki,16Ki,32Ki,64Ki,128Ki,256Ki,512Ki,1Mi,2Mi,"
		    "4Mi,8Mi,16Mi,32Mi,64Mi,128Mi,256Mi,512Mi,1Gi",
		.help = "working-set sizes in bytes (64-byte lines), each at "
		    "most a quarter of RAM; sizes over a quarter of the "
		    "memory available are skipped",
		.check = mem_check_sizes,
	},
	MEM_PARAM_PLACEMENT(struct memlat_params, placement),
	{ .name = NULL }
};

/* The figures people quote from this benchmark (bench.h, headlines). */
static const struct bench_headline ml_headlines[] = {
	{ "", "*", "", "DRAM latency", 1 },
	{ 0 }
};

/* A y tick of the report's chart: "95.5ns". */
static void
ml_chart_tick(double v, char *buf, size_t len)
{
	snprintf(buf, len, "%gns", v);
}

/* The report's chart: latency by working set, first of the charts. */
static const struct bench_chart ml_chart = {
	.rank = 1,
	.heading = "Memory latency",
	.title = "Memory latency by working set (log axes)",
	.ylabel = "ns per load",
	.ymul = 1e9, .ydiv = 1,		/* s per load to ns */
	.logy = 1,
	.yfmt = ml_chart_tick,
};

const struct bench_info bench_memlat_info = {
	.name = "memlat",
	.group = "memory",
	.description = "load latency by working-set size: a dependent random "
	    "pointer chase (the cache/DRAM staircase)",
	.unit = "s",
	.better = BENCH_LOWER,
	.params = ml_params,
	.params_size = sizeof(struct memlat_params),
	.plan = ml_plan,
	.setup = ml_setup,
	.run = ml_run,
	.verify = ml_verify,
	.classic = mem_classic_placements,
	.teardown = ml_teardown,
	.min_sample = 0.02,
	.budget = 0.25,
	.headlines = ml_headlines,
	.headline_rank = 80,
	.quotes = mem_quotes,
	.case_key = mem_case_key,
	.case_size = mem_case_size,
	.chart = &ml_chart,
};
