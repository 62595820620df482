/*
 * mem-common.c - what membw and memlat share: how much memory the machine
 * has and has free, the check that keeps a `sizes` list within a quarter
 * of RAM, and page-aligned buffers.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mem.h"
#include "sysfs.h"
#include "util.h"

const struct bench_quote mem_quotes[] = {
	{ "s", NULL, 1e-9, "ns", 0 },
	{ 0 }
};

int membw_test_fault;
int memlat_test_fault;

uint64_t
mem_total_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);

	if (pages <= 0 || psize <= 0)
		return 0;
	return (uint64_t)pages * (uint64_t)psize;
}

/* MemAvailable from /proc/meminfo (kB there), or 0. */
uint64_t
mem_available_bytes(void)
{
	long long kb;

	return sysfs_meminfo_kb("MemAvailable", &kb) == SYSFS_OK ?
	    (uint64_t)kb * 1024 : 0;
}

void
mem_size_text(uint64_t bytes, char *buf, size_t len)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	double v = (double)bytes;
	size_t i = 0;

	while (v >= 1024 && i + 1 < sizeof(unit) / sizeof(unit[0])) {
		v /= 1024;
		i++;
	}
	if (v == (double)(uint64_t)v)
		snprintf(buf, len, "%.0f %s", v, unit[i]);
	else
		snprintf(buf, len, "%.1f %s", v, unit[i]);
}

int
mem_check_sizes(const char *value, char *err, size_t len)
{
	uint64_t limit = mem_total_bytes() / MEM_RAM_SHARE;
	const char *s = value;
	char word[64], ram[32];
	long long v;
	size_t n;

	if (limit == 0)
		return 0;		/* unknown: the static range applies */
	while (*s != '\0') {
		n = strcspn(s, ",");
		if (n >= sizeof(word))
			n = sizeof(word) - 1;
		memcpy(word, s, n);
		word[n] = '\0';
		if (parse_ll(word, &v) == 0 && v > 0 && (uint64_t)v > limit) {
			mem_size_text(limit * MEM_RAM_SHARE, ram, sizeof(ram));
			snprintf(err, len, "%s is more than a quarter of this "
			    "machine's %s of RAM", word, ram);
			return -1;
		}
		s += strcspn(s, ",");
		if (*s == ',')
			s++;
	}
	return 0;
}

int
mem_fits(struct bench_ctx *ctx, uint64_t need)
{
	uint64_t avail = mem_available_bytes();
	char a[32], b[32];

	if (avail == 0 || need <= avail / MEM_RAM_SHARE)
		return 0;
	mem_size_text(need, a, sizeof(a));
	mem_size_text(avail, b, sizeof(b));
	return bench_skip(ctx, "needs %s, more than a quarter of the %s "
	    "available", a, b);
}

void *
mem_alloc(size_t bytes)
{
	long ps = sysconf(_SC_PAGESIZE);
	void *p;

	if (posix_memalign(&p, ps > 0 ? (size_t)ps : 4096,
	    bytes ? bytes : 1) != 0)
		return NULL;
	return p;
}
