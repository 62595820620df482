/*
 * mem-placement.c - where a benchmark's data lives (seeds 000 and 001
 * compare one kernel with its data in ROM, RAM, SRAM or external flash; on
 * a Linux board the placements that matter are these):
 *
 *   default  the allocator's choice, as before placements existed
 *   4k       ordinary 4 KiB pages: mmap with MADV_NOHUGEPAGE
 *   thp      transparent huge pages: an aligned mmap with MADV_HUGEPAGE
 *   hugetlb  explicit huge pages from the reserved pool (MAP_HUGETLB)
 *   local    the memory node of the CPU the case runs on (libnuma)
 *   remote   another memory node (libnuma)
 *
 * A placement the system cannot give is SKIPPED with the reason (THP
 * switched off, no huge pages reserved, one memory node, built without
 * libnuma).  Whether a `thp` buffer really got huge pages is the kernel's
 * choice; the row records the THP mode it asked under.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifdef HAVE_NUMA
#include <numa.h>
#endif

#include "fmt.h"
#include "mem.h"
#include "result.h"
#include "sysfs.h"
#include "util.h"

const char *const mem_placement_names[MP_COUNT] = {
	[MP_DEFAULT] = "default", [MP_4K] = "4k", [MP_THP] = "thp",
	[MP_HUGETLB] = "hugetlb", [MP_LOCAL] = "local",
	[MP_REMOTE] = "remote",
};

#define THP_MODE "/sys/kernel/mm/transparent_hugepage/enabled"
#define THP_SIZE "/sys/kernel/mm/transparent_hugepage/hpage_pmd_size"
#define NR_HUGE	 "/proc/sys/vm/nr_hugepages"

int
mem_placement_find(const char *name)
{
	int i;

	for (i = 0; i < MP_COUNT; i++)
		if (strcmp(mem_placement_names[i], name) == 0)
			return i;
	return -1;
}

size_t
mem_placements(const struct bench_list *value, int *pl, size_t max)
{
	size_t i, j, k = 0;
	int p;

	for (i = 0; i < value->n && i < MP_COUNT * 2 && k < max; i++) {
		p = mem_placement_find(value->items[i]);
		if (p < 0)
			continue;	/* the parameter's choices refuse it */
		for (j = 0; j < k && pl[j] != p; j++)
			;
		if (j == k)
			pl[k++] = p;
	}
	if (k == 0 && max > 0)
		pl[k++] = MP_DEFAULT;
	return k;
}

void
mem_placement_suffix(int pl, size_t npl, char *buf, size_t len)
{
	if (npl == 1 && pl == MP_DEFAULT)
		buf[0] = '\0';
	else
		snprintf(buf, len, "/%s", mem_placement_names[pl]);
}

void
mem_case_name(char *buf, size_t len, const char *op, long long bytes, int pl,
    size_t npl)
{
	char size[32], suf[16];

	mem_placement_suffix(pl, npl, suf, sizeof(suf));
	bufprintf(buf, len, "%s%s%s", op,
	    size_name(size, sizeof(size), (unsigned long long)bytes), suf);
}

const char *
mem_case_key(const char *name, char *buf, size_t len)
{
	const char *s = name;
	char num[32];
	size_t n, at = 0;
	int w;

	/* each "/"-separated part; a bare byte count becomes its size name */
	for (;;) {
		n = strcspn(s, "/");
		if (n > 0 && n < 20 && strspn(s, "0123456789") == n)
			w = snprintf(buf + at, len - at, "%s", size_name(num,
			    sizeof(num), strtoull(s, NULL, 10)));
		else
			w = snprintf(buf + at, len - at, "%.*s", (int)n, s);
		if (w < 0 || (size_t)w + 1 >= len - at)
			return name;	/* too long to be a size */
		at += (size_t)w;
		if (s[n] == '\0')
			return buf;
		buf[at++] = '/';
		s += n + 1;
	}
}

/* Bytes from a size ("32768", "32MiB"); NaN when it is not one. */
static double
size_bytes(const char *s)
{
	long long v;

	return parse_ll(s, &v) == 0 && v >= 0 ? (double)v : NAN;
}

double
mem_case_size(const char *name, char *series, size_t len)
{
	char buf[sizeof(((struct result *)0)->case_name)], *part[3], *p = buf;
	size_t n = 0, pl;
	double bytes;

	if (strlen(name) >= sizeof(buf))
		return NAN;
	bufprintf(buf, sizeof(buf), "%s", name);
	/* at most three parts: [OP/]SIZE[/PLACEMENT] */
	for (;;) {
		if (n == 3)
			return NAN;
		part[n++] = p;
		if ((p = strchr(p, '/')) == NULL)
			break;
		*p++ = '\0';
	}
	/* the last part is a placement when a size stands before it */
	pl = n > 1 && mem_placement_find(part[n - 1]) >= 0 &&
	    !isnan(size_bytes(part[n - 2])) ? n - 1 : n;
	if (pl > 2 || isnan(bytes = size_bytes(part[pl - 1])))
		return NAN;
	if (series != NULL)
		bufprintf(series, len, "%s%s%s", pl == 2 ? part[0] : "",
		    pl == 2 && pl < n ? " " : "", pl < n ? part[pl] : "");
	return bytes;
}

/* The selected word of a sysfs choice list: "always [madvise] never". */
static int
thp_mode(char *mode, size_t len)
{
	char buf[128], *a, *b;

	if (sysfs_read_str(THP_MODE, buf, sizeof(buf)) != SYSFS_OK)
		return -1;
	a = strchr(buf, '[');
	b = a ? strchr(a, ']') : NULL;
	if (a == NULL || b == NULL)
		return -1;
	*b = '\0';
	snprintf(mode, len, "%s", a + 1);
	return 0;
}

/* Hugepagesize from /proc/meminfo in bytes, or 0. */
static size_t
huge_page_bytes(void)
{
	long long kb;

	if (sysfs_meminfo_kb("Hugepagesize", &kb) != SYSFS_OK || kb <= 0)
		return 0;
	return (size_t)kb * 1024;
}

static size_t
round_up(size_t v, size_t to)
{
	return to == 0 ? v : (v + to - 1) / to * to;
}

static int
map_anon(struct mem_block *b, size_t len, int flags)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);

	if (p == MAP_FAILED)
		return -1;
	b->map = p;
	b->maplen = len;
	return 0;
}

#ifdef HAVE_NUMA
static int
place_node(struct bench_ctx *ctx, struct mem_block *b, size_t bytes)
{
	int cpu = sched_getcpu(), here, node = -1, i, max;

	if (numa_available() < 0)
		return bench_skip(ctx, "%s: the kernel has no NUMA support",
		    mem_placement_names[b->pl]);
	max = numa_max_node();
	if (max < 1)
		return bench_skip(ctx, "%s: this machine has one memory node",
		    mem_placement_names[b->pl]);
	here = cpu >= 0 ? numa_node_of_cpu(cpu) : 0;
	if (here < 0)
		here = 0;
	if (b->pl == MP_LOCAL)
		node = here;
	for (i = 0; i <= max && node < 0; i++)
		if (i != here && numa_node_size64(i, NULL) > 0)
			node = i;
	if (node < 0)
		return bench_skip(ctx, "remote: no other memory node has "
		    "memory");
	b->map = numa_alloc_onnode(bytes, node);
	if (b->map == NULL)
		return bench_fail(ctx, "cannot allocate %zu bytes on memory "
		    "node %d", bytes, node);
	b->maplen = bytes;
	b->numa = 1;
	b->node = node;
	return 0;
}
#endif

int
mem_place(struct bench_ctx *ctx, int pl, size_t bytes, struct mem_block *b)
{
	char mode[32], n[32];
	size_t hp, len;
#ifdef HAVE_NUMA
	int rc;
#endif

	memset(b, 0, sizeof(*b));
	b->pl = pl;
	b->node = -1;
	if (bytes == 0)
		bytes = 1;
	switch (pl) {
	case MP_DEFAULT:
		b->p = mem_alloc(bytes);
		if (b->p == NULL)
			return bench_fail(ctx, "cannot allocate %zu bytes: out "
			    "of memory", bytes);
		return 0;
	case MP_4K:
		if (map_anon(b, round_up(bytes, 4096), 0) != 0)
			return bench_fail(ctx, "cannot map %zu bytes: %s",
			    bytes, strerror(errno));
#ifdef MADV_NOHUGEPAGE
		if (madvise(b->map, b->maplen, MADV_NOHUGEPAGE) != 0 &&
		    errno != EINVAL)
			return bench_fail(ctx, "madvise(MADV_NOHUGEPAGE): %s",
			    strerror(errno));
#endif
		b->p = b->map;
		return 0;
	case MP_THP:
#ifdef MADV_HUGEPAGE
		if (thp_mode(mode, sizeof(mode)) != 0)
			return bench_skip(ctx, "thp: this kernel has no "
			    "transparent huge pages (no %s)", THP_MODE);
		if (strcmp(mode, "never") == 0)
			return bench_skip(ctx, "thp: transparent huge pages "
			    "are off (%s is 'never')", THP_MODE);
		hp = 0;
		if (sysfs_read_str(THP_SIZE, n, sizeof(n)) == SYSFS_OK)
			hp = (size_t)strtoull(n, NULL, 10);
		if (hp == 0 || hp > ((size_t)1 << 30))
			hp = (size_t)2 << 20;
		/* room to align the start to a huge page */
		len = round_up(bytes, hp);
		if (map_anon(b, len + hp, 0) != 0)
			return bench_fail(ctx, "cannot map %zu bytes: %s",
			    len + hp, strerror(errno));
		b->p = (void *)round_up((size_t)(uintptr_t)b->map, hp);
		if (madvise(b->p, len, MADV_HUGEPAGE) != 0)
			return bench_skip(ctx, "thp: madvise(MADV_HUGEPAGE) "
			    "refused: %s", strerror(errno));
		b->thp_always = strcmp(mode, "always") == 0;
		return 0;
#else
		return bench_skip(ctx, "thp: no MADV_HUGEPAGE here");
#endif
	case MP_HUGETLB:
#ifdef MAP_HUGETLB
		hp = huge_page_bytes();
		if (hp == 0)
			return bench_skip(ctx, "hugetlb: this kernel has no "
			    "huge pages (no Hugepagesize in /proc/meminfo)");
		len = round_up(bytes, hp);
		if (map_anon(b, len, MAP_HUGETLB) != 0) {
			int e = errno;

			if (sysfs_read_str(NR_HUGE, n, sizeof(n)) != SYSFS_OK)
				snprintf(n, sizeof(n), "unknown");
			/* a pool, yet refused for another reason than its
			 * size (qemu-user, a pool of another page size) */
			if (e != ENOMEM && atol(n) > 0)
				return bench_skip(ctx, "hugetlb: mmap with "
				    "MAP_HUGETLB of %zu bytes: %s (%s is %s)",
				    len, strerror(e), NR_HUGE, n);
			return bench_skip(ctx, "hugetlb: no huge pages for "
			    "%zu bytes (%s): %s is %s; reserve some, e.g. "
			    "sysctl vm.nr_hugepages=%zu", len, strerror(e),
			    NR_HUGE, n, len / hp + 1);
		}
		b->p = b->map;
		return 0;
#else
		return bench_skip(ctx, "hugetlb: no MAP_HUGETLB here");
#endif
	case MP_LOCAL:
	case MP_REMOTE:
#ifdef HAVE_NUMA
		if ((rc = place_node(ctx, b, bytes)) != 0)
			return rc;
		b->p = b->map;
		return 0;
#else
		return bench_skip(ctx, "%s: built without libnuma",
		    mem_placement_names[pl]);
#endif
	default:
		return bench_fail(ctx, "unknown placement %d", pl);
	}
}

void
mem_place_note(struct bench_ctx *ctx, const struct mem_block *b)
{
	if (b->pl == MP_THP)
		bench_extra(ctx, b->thp_always ? "thp.mode:always" :
		    "thp.mode:madvise", 1);
	if (b->numa)
		bench_extra(ctx, "numa.node", (double)b->node);
}

void
mem_unplace(struct mem_block *b)
{
	if (b == NULL)
		return;
	if (b->pl == MP_DEFAULT)
		free(b->p);
#ifdef HAVE_NUMA
	else if (b->numa && b->map != NULL)
		numa_free(b->map, b->maplen);
#endif
	else if (b->map != NULL)
		munmap(b->map, b->maplen);
	memset(b, 0, sizeof(*b));
}

/* ---- --classic: each case's placements beside each other ---------------- */

/* The placement a case name ends in ("copy/1048576/thp"), or -1. */
static int
row_placement(const struct result *r, size_t *baselen)
{
	const char *slash = strrchr(r->case_name, '/');
	int pl;

	if (slash == NULL)
		return -1;
	pl = mem_placement_find(slash + 1);
	if (pl >= 0)
		*baselen = (size_t)(slash - r->case_name);
	return pl;
}

void
mem_classic_placements(FILE *fp, const struct bench_info *b,
    const struct result *const *rows, size_t n)
{
	char num[32], unit[24], base[96];
	const struct result *r, *q;
	size_t i, j, len, qlen;
	double best, t;
	int header = 0;

	for (i = 0; i < n; i++) {
		r = rows[i];
		if (r->copy != 0 || row_placement(r, &len) < 0)
			continue;
		/* the first row of its case starts the case's block */
		for (j = 0; j < i; j++) {
			q = rows[j];
			if (q->copy == 0 && row_placement(q, &qlen) >= 0 &&
			    qlen == len &&
			    strncmp(q->case_name, r->case_name, len) == 0)
				break;
		}
		if (j < i)
			continue;
		if (!header) {
			fprintf(fp, "%s: data placements (time: how long the "
			    "same work takes; fastest = 1.00)\n", b->name);
			fprintf(fp, "  %-22s %-9s %12s %-13s %6s\n", "case",
			    "placement", "value", "", "time");
			header = 1;
		}
		snprintf(base, sizeof(base), "%.*s", (int)len, r->case_name);
		best = NAN;
		for (j = i; j < n; j++) {
			q = rows[j];
			if (q->copy != 0 || q->status != ST_OK ||
			    row_placement(q, &qlen) < 0 || qlen != len ||
			    strncmp(q->case_name, base, len) != 0)
				continue;
			t = q->better == BENCH_LOWER ? q->st.median :
			    1.0 / q->st.median;
			if (isnan(best) || t < best)
				best = t;
		}
		for (j = i; j < n; j++) {
			q = rows[j];
			if (q->copy != 0 || row_placement(q, &qlen) < 0 ||
			    qlen != len || strncmp(q->case_name, base, len) != 0)
				continue;
			fprintf(fp, "  %-22s %-9s ", j == i ? base : "",
			    q->case_name + len + 1);
			if (q->status != ST_OK) {
				fprintf(fp, "%12s (%s)\n",
				    result_status_name(q->status), q->reason);
				continue;
			}
			fmt_human(q->st.median, q->unit, num, sizeof(num), unit,
			    sizeof(unit));
			t = q->better == BENCH_LOWER ? q->st.median :
			    1.0 / q->st.median;
			fprintf(fp, "%12s %-13s %6.2f\n", num, unit, t / best);
		}
	}
}
