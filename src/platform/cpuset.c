/*
 * cpuset.c - sets of CPUs as growing bit maps (cpuset.h), their cpulist
 * text, and the process's CPU affinity through sets sized to the kernel
 * (CPU_ALLOC), so that neither 64 nor glibc's 1024 is a limit.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "cpuset.h"
#include "util.h"

#define WORD_BITS 64

void
cpuset_init(struct cpuset *s)
{
	s->w = NULL;
	s->nw = 0;
}

void
cpuset_release(struct cpuset *s)
{
	free(s->w);
	cpuset_init(s);
}

void
cpuset_clear(struct cpuset *s)
{
	if (s->nw > 0)
		memset(s->w, 0, s->nw * sizeof(*s->w));
}

/* Room for word i (and those below it), the new words empty. */
static void
grow(struct cpuset *s, size_t i)
{
	if (i < s->nw)
		return;
	s->w = xreallocarray(s->w, i + 1, sizeof(*s->w));
	memset(s->w + s->nw, 0, (i + 1 - s->nw) * sizeof(*s->w));
	s->nw = i + 1;
}

int
cpuset_add(struct cpuset *s, int cpu)
{
	if (cpu < 0 || cpu >= CPUSET_MAX)
		return -1;
	grow(s, (size_t)cpu / WORD_BITS);
	s->w[cpu / WORD_BITS] |= 1ULL << (cpu % WORD_BITS);
	return 0;
}

int
cpuset_has(const struct cpuset *s, int cpu)
{
	if (cpu < 0 || (size_t)cpu / WORD_BITS >= s->nw)
		return 0;
	return (int)(s->w[cpu / WORD_BITS] >> (cpu % WORD_BITS) & 1);
}

int
cpuset_count(const struct cpuset *s)
{
	uint64_t m;
	size_t i;
	int n = 0;

	for (i = 0; i < s->nw; i++)
		for (m = s->w[i]; m != 0; m &= m - 1)
			n++;
	return n;
}

int
cpuset_empty(const struct cpuset *s)
{
	return cpuset_next(s, 0) < 0;
}

int
cpuset_next(const struct cpuset *s, int from)
{
	size_t i;
	uint64_t m;
	int b;

	if (from < 0)
		from = 0;
	for (i = (size_t)from / WORD_BITS; i < s->nw; i++) {
		m = s->w[i];
		if (i == (size_t)from / WORD_BITS)
			m &= ~0ULL << (from % WORD_BITS);
		if (m == 0)
			continue;
		for (b = 0; !(m >> b & 1); b++)
			;
		return (int)(i * WORD_BITS) + b;
	}
	return -1;
}

int
cpuset_end(const struct cpuset *s)
{
	size_t i = s->nw;
	int b;

	while (i > 0 && s->w[i - 1] == 0)
		i--;
	if (i == 0)
		return 0;
	for (b = WORD_BITS - 1; !(s->w[i - 1] >> b & 1); b--)
		;
	return (int)((i - 1) * WORD_BITS) + b + 1;
}

void
cpuset_copy(struct cpuset *dst, const struct cpuset *src)
{
	if (dst == src)
		return;
	cpuset_clear(dst);
	cpuset_or(dst, src);
}

void
cpuset_or(struct cpuset *a, const struct cpuset *b)
{
	size_t i;

	if (b->nw > 0)
		grow(a, b->nw - 1);
	for (i = 0; i < b->nw; i++)
		a->w[i] |= b->w[i];
}

void
cpuset_andnot(struct cpuset *a, const struct cpuset *b)
{
	size_t i;

	for (i = 0; i < a->nw && i < b->nw; i++)
		a->w[i] &= ~b->w[i];
}

int
cpuset_intersects(const struct cpuset *a, const struct cpuset *b)
{
	size_t i;

	for (i = 0; i < a->nw && i < b->nw; i++)
		if (a->w[i] & b->w[i])
			return 1;
	return 0;
}

int
cpuset_contains(const struct cpuset *a, const struct cpuset *b)
{
	size_t i;

	for (i = 0; i < b->nw; i++)
		if (b->w[i] & ~(i < a->nw ? a->w[i] : 0))
			return 0;
	return 1;
}

/* Separators of a cpulist: "0-3,6" and cpufreq's "0 1 2 3". */
static int
is_sep(char c)
{
	return c == ',' || c == ' ' || c == '\n' || c == '\t';
}

/* A CPU number at *p: CPUSET_OK, CPUSET_BAD or CPUSET_TOO_BIG. */
static int
cpu_number(const char **p, long *v)
{
	char *end;

	if (!isdigit((unsigned char)**p))
		return CPUSET_BAD;
	errno = 0;
	*v = strtol(*p, &end, 10);
	*p = end;
	return errno != 0 || *v >= CPUSET_MAX ? CPUSET_TOO_BIG : CPUSET_OK;
}

int
cpuset_parse(const char *s, struct cpuset *out)
{
	long lo, hi, c;
	int rc = CPUSET_OK;

	cpuset_clear(out);
	while (rc == CPUSET_OK && *s != '\0') {
		while (is_sep(*s))
			s++;
		if (*s == '\0')
			break;
		rc = cpu_number(&s, &lo);
		hi = lo;
		if (rc == CPUSET_OK && *s == '-') {
			s++;
			rc = cpu_number(&s, &hi);
		}
		if (rc == CPUSET_OK && (hi < lo || (*s != '\0' && !is_sep(*s))))
			rc = CPUSET_BAD;
		for (c = lo; rc == CPUSET_OK && c <= hi; c++)
			cpuset_add(out, (int)c);
	}
	if (rc != CPUSET_OK)
		cpuset_clear(out);
	return rc;
}

char *
cpuset_format(const struct cpuset *s)
{
	struct strbuf sb;
	int c, start;

	strbuf_init(&sb);
	for (c = cpuset_next(s, 0); c >= 0; c = cpuset_next(s, c + 1)) {
		start = c;
		while (cpuset_has(s, c + 1))
			c++;
		strbuf_addf(&sb, start == c ? "%s%d" : "%s%d-%d",
		    sb.len > 0 ? "," : "", start, c);
	}
	return strbuf_detach(&sb);
}

int
cpuset_get_affinity(struct cpuset *out)
{
	cpu_set_t *set;
	size_t size;
	int n, c, rc;

	cpuset_clear(out);
	for (n = CPU_SETSIZE; ; n *= 2) {
		if ((set = CPU_ALLOC(n)) == NULL) {
			errno = ENOMEM;
			return -1;
		}
		size = CPU_ALLOC_SIZE(n);
		rc = sched_getaffinity(0, size, set);
		if (rc == 0)
			break;
		CPU_FREE(set);
		/* EINVAL: the kernel's set is larger than this one */
		if (errno != EINVAL || n >= CPUSET_MAX)
			return -1;
	}
	for (c = 0; c < n && c < CPUSET_MAX; c++)
		if (CPU_ISSET_S(c, size, set))
			cpuset_add(out, c);
	CPU_FREE(set);
	return 0;
}

int
cpuset_set_affinity(const struct cpuset *s)
{
	int n = cpuset_end(s), c, rc, saved;
	cpu_set_t *set;
	size_t size;

	if ((set = CPU_ALLOC(n > 0 ? n : 1)) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	size = CPU_ALLOC_SIZE(n > 0 ? n : 1);
	CPU_ZERO_S(size, set);
	for (c = cpuset_next(s, 0); c >= 0; c = cpuset_next(s, c + 1))
		CPU_SET_S(c, size, set);
	rc = sched_setaffinity(0, size, set);
	saved = errno;
	CPU_FREE(set);
	errno = saved;
	return rc;
}

int
cpuset_pin(int cpu)
{
	struct cpuset one;
	int rc, saved;

	cpuset_init(&one);
	if (cpuset_add(&one, cpu) != 0) {
		errno = EINVAL;
		return -1;
	}
	rc = cpuset_set_affinity(&one);
	saved = errno;
	cpuset_release(&one);
	errno = saved;
	return rc;
}
