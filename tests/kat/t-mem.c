/*
 * t-mem.c - known answers for the memory benchmarks: membw's cases, the
 * bytes each operation moves, every operation verifying at odd and even
 * sizes, and verify() rejecting a corrupted output; memlat's cases, the
 * chase verifying (a single cycle, the pointer where the load count says)
 * and rejecting a wrong pointer and a cycle cut in two; the size limits;
 * data placements (a case each, 4k and thp running and verifying where
 * the kernel has them, hugetlb and the memory nodes SKIPPED with the
 * reason exactly when the system cannot give them, as the test checks on
 * its own) and their --classic table from fixed rows.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "mem.h"
#include "registry.h"
#include "result.h"
#include "runner-int.h"
#include "kat.h"
#include "tap.h"

static const char *const ops[] = { "read", "write", "copy", "set", "triad" };

static struct bench_ctx *
ctx_with(const struct bench_info *b, const char *spec1, const char *spec2)
{
	const char *spec[] = { spec1, spec2 };

	return kat_ctx(b, spec, 2);
}

/* Bytes an operation moves per pass over a working set of `size`. */
static double
moved(const char *op, long long size)
{
	long long arrays = strcmp(op, "copy") == 0 ? 2 :
	    strcmp(op, "triad") == 0 ? 3 : 1;
	long long per = size / arrays - (size / arrays) % 64;

	return (double)(per * arrays);
}

static void
test_membw(void)
{
	static const long long quick[] = { 32768, 1048576, 33554432 };
	static const char *const qname[] = { "32KiB", "1MiB", "32MiB" };
	struct bench_ctx *ctx;
	char name[64];
	size_t i, j, k;
	int vf, rc;

	/* quick defaults: five operations by three sizes, in that order */
	ctx = bench_ctx_new(&bench_membw_info, "quick", NULL);
	if (ctx == NULL)
		bail("membw: bench_ctx_new failed");
	is_int((long long)ctx->ncases, 15, "membw quick: 15 cases");
	for (i = 0, k = 0; i < 5 && k < ctx->ncases; i++) {
		for (j = 0; j < 3 && k < ctx->ncases; j++, k++) {
			snprintf(name, sizeof(name), "%s/%s", ops[i],
			    qname[j]);
			is_str(ctx->cases[k].name, name, "case %zu name", k);
			ok(strcmp(ctx->cases[k].unit, "B/s") == 0 &&
			    ctx->cases[k].kind == BENCH_RATE &&
			    ctx->cases[k].better == BENCH_HIGHER,
			    "%s is a rate in B/s, higher better", name);
			is_double(ctx->cases[k].work, moved(ops[i], quick[j]),
			    0, "%s moves %.0f bytes per pass", name,
			    moved(ops[i], quick[j]));
		}
	}
	bench_ctx_free(ctx);

	/* STREAM's counting: copy reads and writes, triad three arrays */
	ctx = ctx_with(&bench_membw_info, "membw.sizes=6144,6Ki,12Ki", NULL);
	ok(ctx->ncases == 10, "a size given twice is one case (%zu)",
	    ctx->ncases);
	ok(ctx->ncases == 10 && ctx->cases[0].work == 6144 &&
	    ctx->cases[4].work == 6144 && ctx->cases[8].work == 6144,
	    "6 KiB: read 6144, copy 2 x 3072, triad 3 x 2048 bytes");
	bench_ctx_free(ctx);

	/* every operation verifies, at line-multiple and odd sizes */
	ctx = ctx_with(&bench_membw_info, "membw.sizes=4Ki,5000,64Ki,1Mi",
	    NULL);
	kat_exercise_all(ctx, 1, "membw");
	kat_exercise_all(ctx, 3, "membw");
	bench_ctx_free(ctx);

	/* a corrupted output fails verify(), for every operation */
	ctx = ctx_with(&bench_membw_info, "membw.sizes=64Ki", NULL);
	membw_test_fault = 1;
	for (i = 0; i < ctx->ncases; i++) {
		rc = bench_ctx_exercise(ctx, i, 2, &vf);
		ok(rc == -1 && vf == 1 && ctx->reason[0] != '\0',
		    "%s: corrupted output fails verify: %s",
		    ctx->cases[i].name, ctx->reason);
	}
	membw_test_fault = 0;
	rc = bench_ctx_exercise(ctx, 0, 2, &vf);
	ok(rc == 0 && vf == 0, "and passes again without the fault");
	bench_ctx_free(ctx);

	/* ops select the cases */
	ctx = ctx_with(&bench_membw_info, "membw.ops=triad,copy,triad",
	    "membw.sizes=4Ki");
	ok(ctx->ncases == 2 && strcmp(ctx->cases[0].name, "triad/4KiB") == 0 &&
	    strcmp(ctx->cases[1].name, "copy/4KiB") == 0,
	    "ops=triad,copy,triad gives triad/4KiB then copy/4KiB");
	bench_ctx_free(ctx);
}

static void
test_memlat(void)
{
	static const char *const quick[] = { "4KiB", "32KiB", "256KiB",
	    "2MiB", "16MiB", "64MiB" };
	struct bench_ctx *ctx;
	size_t i;
	int vf, rc;

	ctx = bench_ctx_new(&bench_memlat_info, "quick", NULL);
	if (ctx == NULL)
		bail("memlat: bench_ctx_new failed");
	is_int((long long)ctx->ncases, 6, "memlat quick: 6 cases");
	for (i = 0; i < ctx->ncases && i < 6; i++) {
		is_str(ctx->cases[i].name, quick[i], "memlat case %zu", i);
		ok(strcmp(ctx->cases[i].unit, "s") == 0 &&
		    ctx->cases[i].kind == BENCH_TIME &&
		    ctx->cases[i].better == BENCH_LOWER &&
		    ctx->cases[i].work == 1024,
		    "%s: seconds per load, lower better, 1024 loads an "
		    "iteration", quick[i]);
	}
	bench_ctx_free(ctx);

	/*
	 * 64 lines (1024 loads: whole cycles), 78 lines (1024 mod 78 = 10:
	 * the pointer must stand 10 steps on), and larger sets
	 */
	ctx = ctx_with(&bench_memlat_info,
	    "memlat.sizes=4Ki,5000,64Ki,1Mi", NULL);
	kat_exercise_all(ctx, 1, "memlat");
	kat_exercise_all(ctx, 7, "memlat");
	bench_ctx_free(ctx);

	ctx = ctx_with(&bench_memlat_info, "memlat.sizes=5000,256Ki", NULL);
	for (i = 0; i < ctx->ncases; i++) {
		memlat_test_fault = 1;
		rc = bench_ctx_exercise(ctx, i, 3, &vf);
		ok(rc == -1 && vf == 1 && strstr(ctx->reason, "stands at"),
		    "%s: a pointer one step off fails verify: %s",
		    ctx->cases[i].name, ctx->reason);
		memlat_test_fault = 2;
		rc = bench_ctx_exercise(ctx, i, 3, &vf);
		ok(rc == -1 && vf == 1 && strstr(ctx->reason, "not one cycle"),
		    "%s: a cycle cut in two fails verify: %s",
		    ctx->cases[i].name, ctx->reason);
	}
	memlat_test_fault = 0;
	bench_ctx_free(ctx);
}

static void
test_limits(void)
{
	uint64_t ram = mem_total_bytes(), big;
	struct param_set ps;
	struct bench_ctx *ctx;
	char spec[96], err[160];
	int rc;

	ok(ram > 0, "physical memory is known (%" PRIu64 " bytes)", ram);
	ok(mem_available_bytes() > 0, "MemAvailable is known");
	param_set_init(&ps);
	ok(param_set_add(&ps, "membw.sizes=0") != 0, "sizes=0 is refused");
	ok(param_set_add(&ps, "memlat.sizes=4Ki,0") != 0,
	    "a 0 in the list is refused");
	ok(param_set_add(&ps, "membw.sizes=lots") != 0,
	    "sizes=lots is refused");
	ok(param_set_add(&ps, "memlat.sizes=4Ki,,8Ki") != 0,
	    "an empty item is refused");
	ok(param_set_add(&ps, "memory.sizes=4095") != 0,
	    "4095 (below 4 KiB) is refused for the group");
	ok(param_set_add(&ps, "membw.sizes=128Gi") != 0,
	    "128 GiB is beyond the range");
	ok(param_set_add(&ps, "membw.ops=read,fly") != 0, "ops=fly is refused");
	big = ram / 4 + 4096;
	snprintf(spec, sizeof(spec), "memlat.sizes=%" PRIu64, big);
	ok(param_set_add(&ps, spec) != 0, "a quarter of RAM plus 4 KiB is "
	    "refused");
	snprintf(spec, sizeof(spec), "%" PRIu64, big);
	rc = mem_check_sizes(spec, err, sizeof(err));
	ok(rc == -1 && strstr(err, "quarter") != NULL,
	    "the check says why: %s", err);
	snprintf(spec, sizeof(spec), "4Ki,%" PRIu64, ram / 4);
	ok(mem_check_sizes(spec, err, sizeof(err)) == 0,
	    "a quarter of RAM itself passes the check");
	ok(param_set_add(&ps, "memory.sizes=4Ki,16Mi") == 0,
	    "memory.sizes=4Ki,16Mi is accepted");
	param_set_release(&ps);

	ctx = bench_ctx_new(&bench_memlat_info, "quick", NULL);
	if (ctx == NULL)
		bail("memlat: bench_ctx_new failed");
	rc = mem_fits(ctx, UINT64_MAX / 2);
	ok(rc == BENCH_SKIP && strstr(ctx->reason, "available") != NULL,
	    "more than a quarter of MemAvailable is skipped: %s",
	    ctx->reason);
	ok(mem_fits(ctx, 4096) == 0, "4 KiB fits");
	bench_ctx_free(ctx);
}

/* Read a small /proc or /sys file straight, for the test's own checks. */
static int
read_small(const char *path, char *buf, size_t len)
{
	FILE *fp = fopen(path, "r");
	size_t n;

	if (fp == NULL)
		return -1;
	n = fread(buf, 1, len - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return 0;
}

/* 1 when this process can map one huge page itself (2 MiB or larger) */
static int
hugetlb_maps(void)
{
#ifdef MAP_HUGETLB
	size_t len = 1UL << 21;
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE |
	    MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);

	if (p == MAP_FAILED)
		return 0;
	return munmap(p, len) == 0;
#else
	return 0;
#endif
}

static void
test_placement(void)
{
	static const char *const want[] = { "4KiB/default", "4KiB/4k",
	    "4KiB/thp", "4KiB/hugetlb", "4KiB/local", "4KiB/remote" };
	char buf[256], mode[16] = "";
	struct bench_ctx *ctx;
	size_t i;
	int rc, vf, skip_ok;

	ctx = ctx_with(&bench_memlat_info, "memlat.sizes=4Ki",
	    "memlat.placement=default,4k,thp,hugetlb,local,remote");
	is_int((long long)ctx->ncases, 6, "memlat: a case per placement");
	for (i = 0; i < ctx->ncases && i < 6; i++)
		is_str(ctx->cases[i].name, want[i], "case %zu named by its "
		    "placement", i);
	if (read_small("/sys/kernel/mm/transparent_hugepage/enabled", buf,
	    sizeof(buf)) == 0 && strchr(buf, '[') != NULL)
		sscanf(strchr(buf, '[') + 1, "%15[a-z]", mode);
	for (i = 0; i < ctx->ncases; i++) {
		rc = bench_ctx_exercise(ctx, i, 3, &vf);
		switch (i) {
		case 0: case 1:
			skip_ok = 0;
			break;
		case 2:		/* thp: off, or missing, only then */
			skip_ok = mode[0] == '\0' || strcmp(mode, "never") == 0;
			break;
		case 3:		/* hugetlb: only with no pool, or where
				 * mmap refuses it here too (qemu-user) */
			skip_ok = read_small("/proc/sys/vm/nr_hugepages", buf,
			    sizeof(buf)) != 0 || atoi(buf) == 0 ||
			    !hugetlb_maps();
			if (rc == BENCH_SKIP)
				ok(strstr(ctx->reason, "nr_hugepages") != NULL,
				    "hugetlb skipped naming nr_hugepages: %s",
				    ctx->reason);
			break;
		default:	/* nodes: one node, or no libnuma */
#ifdef HAVE_NUMA
			skip_ok = access("/sys/devices/system/node/node1",
			    F_OK) != 0 || i == 4;
#else
			skip_ok = 1;
#endif
			break;
		}
		if (rc == BENCH_SKIP)
			ok(skip_ok, "%s skipped where the system cannot give "
			    "it: %s", ctx->cases[i].name, ctx->reason);
		else
			ok(rc == 0, "%s runs and verifies%s%s",
			    ctx->cases[i].name, rc ? ": " : "",
			    rc ? ctx->reason : "");
	}
	bench_ctx_free(ctx);

	ctx = ctx_with(&bench_membw_info, "membw.sizes=64Ki",
	    "membw.placement=4k,default,4k");
	is_int((long long)ctx->ncases, 10, "membw: a case per operation and "
	    "placement, repeats dropped");
	is_str(ctx->cases[0].name, "read/64KiB/4k", "in the order given");
	kat_exercise_all(ctx, 2, "membw placed");
	bench_ctx_free(ctx);
}

/* The --classic table from fixed rows: times relative to the fastest. */
static void
test_placement_classic(void)
{
	struct result r[4];
	const struct result *rows[4];
	char *text = NULL;
	size_t len = 0, i;
	FILE *fp;
	static const char *const names[] = { "copy/64KiB/default",
	    "copy/64KiB/4k", "copy/64KiB/thp", "copy/64KiB/hugetlb" };
	static const double v[] = { 2e9, 1e9, 4e9, 0 };

	memset(r, 0, sizeof(r));
	for (i = 0; i < 4; i++) {
		snprintf(r[i].bench, sizeof(r[i].bench), "membw");
		snprintf(r[i].case_name, sizeof(r[i].case_name), "%s",
		    names[i]);
		snprintf(r[i].unit, sizeof(r[i].unit), "B/s");
		r[i].better = 1;
		r[i].status = v[i] > 0 ? ST_OK : ST_SKIPPED;
		r[i].st.median = v[i];
		if (v[i] == 0)
			snprintf(r[i].reason, sizeof(r[i].reason), "no pool");
		rows[i] = &r[i];
	}
	fp = open_memstream(&text, &len);
	if (fp == NULL)
		bail("open_memstream failed");
	mem_classic_placements(fp, &bench_membw_info, rows, 4);
	fclose(fp);
	is_str(text,
	    "membw: data placements (time: how long the same work takes; "
	    "fastest = 1.00)\n"
	    "  case                   placement        value                 time\n"
	    "  copy/64KiB             default          2.000 GB/s            2.00\n"
	    "                         4k               1.000 GB/s            4.00\n"
	    "                         thp              4.000 GB/s            1.00\n"
	    "                         hugetlb        SKIPPED (no pool)\n",
	    "the placement table: default twice, 4k four times the time of "
	    "thp, the fastest; a skipped placement says why");
	free(text);
}

int
main(void)
{
	test_membw();
	test_memlat();
	test_limits();
	test_placement();
	test_placement_classic();
	return done_testing();
}
