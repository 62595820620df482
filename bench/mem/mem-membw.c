/*
 * mem-membw.c - memory bandwidth by working-set size: read (a sum of
 * 64-bit words), write (a store loop), copy (memcpy), set (memset) and the
 * STREAM triad a[i] = b[i] + q * c[i] (McCalpin, "Memory Bandwidth and
 * Machine Balance in Current High Performance Computers", 1995).
 *
 * A size is the whole working set: the arrays an operation touches share
 * it (copy: two halves, triad: three thirds, each rounded down to whole
 * cache lines), so every operation at a size fits the same cache level.
 * Bytes are counted as STREAM counts them, the bytes the operation reads
 * plus the bytes it writes, with no allowance for write-allocate traffic:
 * copy moves 2 x its array, triad 3 x, read, write and set 1 x.
 *
 * verify() checks every element of the last output against a value
 * computed from the element's index alone: the sum of the read pass (in
 * closed form), the last value written or set, the copied pattern, and
 * the exact triad result (small integers, so exact in double).
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "mem.h"

#define BW_MAXSIZES	64
#define BW_GOLDEN	UINT64_C(0x9e3779b97f4a7c15)
#define BW_WRITE_BASE	UINT64_C(0x0123456789abcdef)
#define BW_TRIAD_Q	3.0

/* A compiler barrier: memory is read and written again after it. */
#define BW_BARRIER()	__asm__ __volatile__("" ::: "memory")

enum bw_op { BW_READ, BW_WRITE, BW_COPY, BW_SET, BW_TRIAD, BW_NOPS };

static const struct {
	const char *name;
	unsigned arrays;	/* arrays sharing the working set */
	unsigned moved;		/* arrays' worth of bytes moved per pass */
} bw_ops[BW_NOPS] = {
	[BW_READ] = { .name = "read", .arrays = 1, .moved = 1 },
	[BW_WRITE] = { .name = "write", .arrays = 1, .moved = 1 },
	[BW_COPY] = { .name = "copy", .arrays = 2, .moved = 2 },
	[BW_SET] = { .name = "set", .arrays = 1, .moved = 1 },
	[BW_TRIAD] = { .name = "triad", .arrays = 3, .moved = 3 },
};

struct bw_state {
	enum bw_op op;
	size_t bytes;		/* per array, a multiple of MEM_LINE */
	size_t n;		/* 8-byte elements per array */
	struct mem_block blk[3];	/* the allocations, placed */
	void *arr[3];		/* the arrays, staggered within them */
	uint64_t last;		/* read: last sum; write: last word; set: byte */
	uint64_t passes;
};

/* Bytes per array for an operation on a working set of `size` bytes. */
static size_t
bw_array_bytes(enum bw_op op, unsigned long long size)
{
	unsigned long long b = size / bw_ops[op].arrays / MEM_LINE * MEM_LINE;

	if (b < MEM_LINE)
		b = MEM_LINE;
	if (b > SIZE_MAX / 4)
		return 0;	/* a 32-bit build cannot hold it */
	return (size_t)b;
}

static int
bw_op_find(const char *name)
{
	int i;

	for (i = 0; i < BW_NOPS; i++)
		if (strcmp(bw_ops[i].name, name) == 0)
			return i;
	return -1;
}

/* Its parameters (bench_params()); see bw_params. */
struct membw_params {
	struct bench_list ops;
	struct bench_ints sizes;
	struct bench_list placement;	/* MEM_PARAM_PLACEMENT */
};

/*
 * plan(): one case per operation, size and placement, "copy/1MiB"
 * ("copy/1MiB/thp" when placements are asked for).  c->arg holds the
 * size's index in its low byte and the placement above it.
 */
static int
bw_plan(struct bench_ctx *ctx)
{
	const struct membw_params *p = bench_params(ctx);
	const long long *sizes = p->sizes.v;
	const char *const *ops = p->ops.items;
	char name[96], opn[16];
	int seen[BW_NOPS] = { 0 }, pl[MP_COUNT];
	size_t nsz = p->sizes.n, nops = p->ops.n, npl, i, j, k, m;
	struct bench_case *c;
	int op;

	npl = mem_placements(&p->placement, pl, MP_COUNT);
	if (nsz > BW_MAXSIZES)
		return bench_fail(ctx, "at most %d sizes", BW_MAXSIZES);
	if (nops > BW_NOPS * 2)
		nops = BW_NOPS * 2;
	for (i = 0; i < nops; i++) {
		op = bw_op_find(ops[i]);
		if (op < 0)
			return bench_fail(ctx, "unknown operation '%s'",
			    ops[i]);
		if (seen[op]++)
			continue;
		for (j = 0; j < nsz; j++) {
			for (k = 0; k < j && sizes[k] != sizes[j]; k++)
				;
			if (k < j)
				continue;	/* a size given twice */
			for (m = 0; m < npl; m++) {
				snprintf(opn, sizeof(opn), "%s/",
				    bw_ops[op].name);
				mem_case_name(name, sizeof(name), opn, sizes[j],
				    pl[m], npl);
				c = bench_add_case(ctx, name, "B/s",
				    BENCH_RATE, (double)bw_array_bytes(op,
				    (unsigned long long)sizes[j]) *
				    bw_ops[op].moved);
				if (c == NULL)
					return -1;
				c->id = op;
				c->arg = (intptr_t)j | (intptr_t)pl[m] << 8;
			}
		}
	}
	return 0;
}

static void
bw_state_free(struct bw_state *s)
{
	unsigned i;

	if (s == NULL)
		return;
	for (i = 0; i < 3; i++)
		mem_unplace(&s->blk[i]);
	free(s);
}

/* The value of element i of the read and copy source arrays. */
static uint64_t
bw_pattern(size_t i)
{
	return (uint64_t)i * BW_GOLDEN + 1;
}

/* Fill the arrays with their starting values, touching every page. */
static void
bw_fill(struct bw_state *s)
{
	uint64_t *u = s->arr[0];
	double *a = s->arr[0], *b = s->arr[1], *c = s->arr[2];
	size_t i;

	switch (s->op) {
	case BW_READ:
		for (i = 0; i < s->n; i++)
			u[i] = (uint64_t)i * BW_GOLDEN;
		break;
	case BW_WRITE:
	case BW_SET:
		memset(s->arr[0], 0, s->bytes);
		break;
	case BW_COPY:
		for (i = 0; i < s->n; i++)
			u[i] = bw_pattern(i);
		memset(s->arr[1], 0, s->bytes);
		break;
	case BW_TRIAD:
		for (i = 0; i < s->n; i++) {
			a[i] = -1.0;
			b[i] = (double)(i & 1023);
			c[i] = (double)(i % 7 + 1);
		}
		break;
	case BW_NOPS:
		break;
	}
}

/*
 * setup(): allocate and fill the arrays.  On failure nothing is left
 * behind (the runner calls teardown() only after a setup() that worked).
 */
static int
bw_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	const struct membw_params *p = bench_params(ctx);
	const long long *sizes = p->sizes.v;
	size_t nsz = p->sizes.n;
	size_t si = (size_t)(c->arg & 0xff);
	int pl = (int)(c->arg >> 8);
	struct bw_state *s;
	unsigned i, na;
	int rc;

	if (c->id < 0 || c->id >= BW_NOPS || c->arg < 0 || si >= nsz ||
	    si >= BW_MAXSIZES || pl >= MP_COUNT)
		return bench_fail(ctx, "unknown case '%s'", c->name);
	s = calloc(1, sizeof(*s));
	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	s->op = (enum bw_op)c->id;
	s->bytes = bw_array_bytes(s->op, (unsigned long long)sizes[si]);
	if (s->bytes == 0) {
		rc = bench_skip(ctx, "%lld bytes is too large for a 32-bit "
		    "build", sizes[si]);
		goto fail;
	}
	s->n = s->bytes / sizeof(uint64_t);
	na = bw_ops[s->op].arrays;
	if ((rc = mem_fits(ctx, (uint64_t)s->bytes * na)) != 0)
		goto fail;
	for (i = 0; i < na; i++) {
		/* stagger the arrays so that they do not alias in the caches */
		rc = mem_place(ctx, pl, s->bytes + 3 * MEM_LINE * na,
		    &s->blk[i]);
		if (rc != 0)
			goto fail;
		s->arr[i] = (char *)s->blk[i].p + 3 * MEM_LINE * i;
	}
	bw_fill(s);
	bench_set_priv(ctx, s);
	return 0;
fail:
	bw_state_free(s);
	return rc;
}

/*
 * The kernels: one pass each over the working set.  The arrays are whole
 * cache lines, so n is a multiple of 8 and each loop body handles one
 * line; written that way the compiler can use vector registers (SLP)
 * even at -O2, and the figure depends less on the build's flags.
 */

static uint64_t
bw_sum(const uint64_t *restrict a, size_t n)
{
	uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0,
	    s7 = 0;
	size_t i;

	for (i = 0; i < n; i += 8) {
		s0 += a[i];
		s1 += a[i + 1];
		s2 += a[i + 2];
		s3 += a[i + 3];
		s4 += a[i + 4];
		s5 += a[i + 5];
		s6 += a[i + 6];
		s7 += a[i + 7];
	}
	return s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7;
}

static void
bw_store(uint64_t *restrict a, size_t n, uint64_t v)
{
	size_t i;

	for (i = 0; i < n; i += 8) {
		a[i] = v;
		a[i + 1] = v;
		a[i + 2] = v;
		a[i + 3] = v;
		a[i + 4] = v;
		a[i + 5] = v;
		a[i + 6] = v;
		a[i + 7] = v;
	}
}

static void
bw_triad(double *restrict a, const double *restrict b,
    const double *restrict c, double q, size_t n)
{
	size_t i;

	for (i = 0; i < n; i += 8) {
		a[i] = b[i] + q * c[i];
		a[i + 1] = b[i + 1] + q * c[i + 1];
		a[i + 2] = b[i + 2] + q * c[i + 2];
		a[i + 3] = b[i + 3] + q * c[i + 3];
		a[i + 4] = b[i + 4] + q * c[i + 4];
		a[i + 5] = b[i + 5] + q * c[i + 5];
		a[i + 6] = b[i + 6] + q * c[i + 6];
		a[i + 7] = b[i + 7] + q * c[i + 7];
	}
}

/* The value `write` stores in pass p (never one repeated byte). */
static uint64_t
bw_write_value(uint64_t p)
{
	return BW_WRITE_BASE ^ (p * BW_GOLDEN);
}

/* The byte `set` stores in pass p: 1 to 255, never the starting 0. */
static uint64_t
bw_set_value(uint64_t p)
{
	return p % 255 + 1;
}

static int
bw_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct bw_state *s = bench_priv(ctx);
	uint64_t it, sum = 0;

	(void)c;
	switch (s->op) {
	case BW_READ:
		for (it = 0; it < iters; it++) {
			sum = bw_sum(s->arr[0], s->n);
			BW_BARRIER();
		}
		bench_sink(sum);
		s->last = sum;
		break;
	case BW_WRITE:
		for (it = 0; it < iters; it++) {
			s->last = bw_write_value(++s->passes);
			bw_store(s->arr[0], s->n, s->last);
			BW_BARRIER();
		}
		break;
	case BW_COPY:
		for (it = 0; it < iters; it++) {
			memcpy(s->arr[1], s->arr[0], s->bytes);
			BW_BARRIER();
		}
		break;
	case BW_SET:
		for (it = 0; it < iters; it++) {
			s->last = bw_set_value(++s->passes);
			memset(s->arr[0], (int)s->last, s->bytes);
			BW_BARRIER();
		}
		break;
	case BW_TRIAD:
		for (it = 0; it < iters; it++) {
			bw_triad(s->arr[0], s->arr[1], s->arr[2], BW_TRIAD_Q,
			    s->n);
			BW_BARRIER();
		}
		break;
	case BW_NOPS:
		return bench_fail(ctx, "unknown operation");
	}
	s->passes += s->op == BW_WRITE || s->op == BW_SET ? 0 : iters;
	return 0;
}

/* sum of i * BW_GOLDEN for i < n, modulo 2^64, in closed form */
static uint64_t
bw_read_answer(size_t n)
{
	uint64_t m = n, t;

	t = m % 2 == 0 ? (m / 2) * (m - 1) : m * ((m - 1) / 2);
	return t * BW_GOLDEN;
}

/* Corrupt the output of the last pass (known-answer tests only). */
static void
bw_corrupt(struct bw_state *s)
{
	size_t h = s->n / 2;

	switch (s->op) {
	case BW_READ:
		s->last ^= 1;
		break;
	case BW_WRITE:
		((uint64_t *)s->arr[0])[h] ^= 1;
		break;
	case BW_COPY:
		((uint64_t *)s->arr[1])[h] += 1;
		break;
	case BW_SET:
		((unsigned char *)s->arr[0])[s->bytes / 2] ^= 0x40;
		break;
	case BW_TRIAD:
		((double *)s->arr[0])[h] += 1.0;
		break;
	case BW_NOPS:
		break;
	}
}

static int
bw_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct bw_state *s = bench_priv(ctx);
	const uint64_t *u = s->arr[0], *d = s->arr[1];
	const unsigned char *bytes = s->arr[0];
	const double *a = s->arr[0];
	double want;
	size_t i;

	(void)c;
	if (s->passes == 0)
		return bench_fail(ctx, "no pass was run");
	if (membw_test_fault)
		bw_corrupt(s);
	switch (s->op) {
	case BW_READ:
		if (s->last != bw_read_answer(s->n))
			return bench_fail(ctx, "sum of %zu words is %#" PRIx64
			    ", expected %#" PRIx64, s->n, s->last,
			    bw_read_answer(s->n));
		break;
	case BW_WRITE:
		for (i = 0; i < s->n; i++)
			if (u[i] != s->last)
				return bench_fail(ctx, "word %zu is %#" PRIx64
				    ", expected %#" PRIx64 " written last", i,
				    u[i], s->last);
		break;
	case BW_COPY:
		for (i = 0; i < s->n; i++)
			if (d[i] != bw_pattern(i) || u[i] != bw_pattern(i))
				return bench_fail(ctx, "copied word %zu is %#"
				    PRIx64 ", expected %#" PRIx64, i, d[i],
				    bw_pattern(i));
		break;
	case BW_SET:
		for (i = 0; i < s->bytes; i++)
			if (bytes[i] != s->last)
				return bench_fail(ctx, "byte %zu is %#x, "
				    "expected %#x set last", i, bytes[i],
				    (unsigned)s->last);
		break;
	case BW_TRIAD:
		for (i = 0; i < s->n; i++) {
			want = (double)(i & 1023) +
			    BW_TRIAD_Q * (double)(i % 7 + 1);
			if (a[i] != want)
				return bench_fail(ctx, "triad element %zu is "
				    "%.17g, expected %.17g", i, a[i], want);
		}
		break;
	case BW_NOPS:
		return bench_fail(ctx, "unknown operation");
	}
	bench_extra(ctx, "array_bytes", (double)s->bytes);
	mem_place_note(ctx, &s->blk[0]);
	return 0;
}

static void
bw_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	bw_state_free(bench_priv(ctx));
	bench_set_priv(ctx, NULL);
}

static const struct bench_param bw_params[] = {
	{
		BENCH_PARAM_LIST(struct membw_params, ops),
		.choices = "read|write|copy|set|triad",
		.def = "read,write,copy,set,triad",
		.help = "operations: read (sum of words), write (store loop), "
		    "copy (memcpy), set (memset), triad (STREAM a=b+q*c)",
	},
	{
		BENCH_PARAM_INTLIST(struct membw_params, sizes),
		.min = MEM_SIZE_MIN, .max = MEM_SIZE_MAX,
		.def = "16Ki,64Ki,256Ki,1Mi,4Mi,16Mi,64Mi",
		.quick = "32Ki,1Mi,32Mi",
		.full = "16Ki,32Ki,64Ki,128Ki,256Ki,512Ki,1Mi,2Mi,4Mi,8Mi,"
		    "16Mi,32Mi,64Mi,128Mi,256Mi",
		.help = "working-set sizes in bytes (all arrays of an "
		    "operation together), each at most a quarter of RAM",
		.check = mem_check_sizes,
	},
	MEM_PARAM_PLACEMENT(struct membw_params, placement),
	{ .name = NULL }
};

/* The figures people quote from this benchmark (bench.h, headlines). */
static const struct bench_headline bw_headlines[] = {
	{ "copy/", "*", "", "memcpy", 1 },
	{ 0 }
};

/* The report's chart: bandwidth by size, after memlat's. */
static const struct bench_chart bw_chart = {
	.rank = 2,
	.heading = "Memory bandwidth",
	.title = "Memory bandwidth by size",
	.ylabel = "MB/s",
	.ymul = 1, .ydiv = 1e6,		/* B/s to MB/s */
};

const struct bench_info bench_membw_info = {
	.name = "membw",
	.group = "memory",
	.description = "memory bandwidth by working-set size: read, write, "
	    "memcpy, memset, STREAM triad",
	.unit = "B/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = bw_params,
	.params_size = sizeof(struct membw_params),
	.plan = bw_plan,
	.setup = bw_setup,
	.run = bw_run,
	.verify = bw_verify,
	.classic = mem_classic_placements,
	.teardown = bw_teardown,
	.min_sample = 0.02,
	.budget = 0.25,
	.headlines = bw_headlines,
	.headline_rank = 70,
	.quotes = mem_quotes,
	.case_key = mem_case_key,
	.case_size = mem_case_size,
	.chart = &bw_chart,
};
