/*
 * sync-common.c - what pingpong and wakeup share: a pool of every
 * measured value of a case (over all its samples) giving min, mean, max
 * and nearest-rank percentiles.  Room is reserved before a measuring loop
 * so that adding never allocates inside it.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "sync.h"

int
sync_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double
sync_rank(const double *v, uint64_t n, double q)
{
	uint64_t r = (uint64_t)ceil(q * (double)n - 1e-9);

	if (n == 0)
		return NAN;
	if (r < 1)
		r = 1;
	if (r > n)
		r = n;
	return v[r - 1];
}

void
sync_pool_reserve(struct sync_pool *p, uint64_t more)
{
	uint64_t cap = p->nv + more;
	double *v;

	if (cap > SYNC_POOL_MAX)
		cap = SYNC_POOL_MAX;
	if (cap <= p->cap)
		return;
	v = realloc(p->v, cap * sizeof(*v));
	if (v != NULL) {	/* else percentiles cover what was kept */
		p->v = v;
		p->cap = cap;
	}
	p->sorted = 0;
}

void
sync_pool_add(struct sync_pool *p, double x)
{
	if (p->n++ == 0 || x < p->min)
		p->min = x;
	if (p->n == 1 || x > p->max)
		p->max = x;
	p->sum += x;
	if (p->nv < p->cap) {
		p->v[p->nv++] = x;
		p->sorted = 0;
	}
}

double
sync_pool_rank(struct sync_pool *p, double q)
{
	if (!p->sorted && p->nv > 0) {
		qsort(p->v, p->nv, sizeof(*p->v), sync_cmp_double);
		p->sorted = 1;
	}
	return sync_rank(p->v, p->nv, q);
}

void
sync_pool_free(struct sync_pool *p)
{
	free(p->v);
	p->v = NULL;
	p->nv = p->cap = p->n = 0;
}
