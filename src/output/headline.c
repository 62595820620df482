/*
 * headline.c - pick the figures people quote out of a run's rows: each
 * benchmark's headline rows (bench_info.headlines), benchmarks in the
 * order of their headline_rank.
 */
#include "config.h"

#include <string.h>

#include "headline.h"
#include "registry.h"
#include "util.h"

/* A size as in a case name: 4096, 32KiB, 32MiB; -1 when not one. */
static double
case_size(const char *s)
{
	long long v;

	return parse_ll(s, &v) == 0 && v >= 0 ? (double)v : -1;
}

/* Does r, a row of b, match b's headline row h?  The middle goes to mid. */
static int
match(const struct bench_info *b, const struct bench_headline *h,
    const struct result *r, char *mid, size_t len)
{
	size_t pl = strlen(h->prefix), sl = strlen(h->suffix);
	size_t cl = strlen(r->case_name), ml;

	if (r->status != ST_OK || r->copy > 0 ||
	    strcmp(r->bench, b->name) != 0 || cl < pl + sl ||
	    strncmp(r->case_name, h->prefix, pl) != 0 ||
	    strcmp(r->case_name + cl - sl, h->suffix) != 0)
		return 0;
	ml = cl - pl - sl;
	if (ml >= len)
		return 0;
	memcpy(mid, r->case_name + pl, ml);
	mid[ml] = '\0';
	if (h->mid == NULL)
		return ml == 0;
	if (strcmp(h->mid, "*") == 0)
		return ml > 0 && strchr(mid, '/') == NULL &&
		    (!h->largest || case_size(mid) >= 0);
	return ml == 0 || strcmp(mid, h->mid) == 0;
}

/*
 * "label (middle)"; a size middle (a bare byte count is named as one)
 * goes to the item's size instead.
 */
static void
item(struct headline_item *it, const char *label, const char *mid,
    const struct result *r)
{
	double size = case_size(mid);

	if (mid[0] == '-')
		mid++;
	it->size[0] = '\0';
	if (size >= 0) {	/* also a run stored before sizes were named */
		size_name(it->size, sizeof(it->size),
		    (unsigned long long)size);
		mid = "";
	}
	if (mid[0] != '\0')
		bufprintf(it->label, sizeof(it->label), "%s (%s)", label, mid);
	else
		bufprintf(it->label, sizeof(it->label), "%s", label);
	it->r = r;
}

/*
 * r's flags and those of the row it derives from: the row of the same
 * benchmark whose case is the longest "/"-prefix of r's (v2.1 for
 * v2.1/dmips).  A run stored before derived rows carried their case's
 * flags loses none in the headline so.
 */
static unsigned
item_flags(const struct result *rows, size_t n, const struct result *r)
{
	size_t i, l, best = 0, rl = strlen(r->case_name);
	unsigned from = 0;

	for (i = 0; i < n; i++) {
		l = strlen(rows[i].case_name);
		if (rows[i].copy == 0 && rows[i].status == ST_OK &&
		    l > best && l < rl && r->case_name[l] == '/' &&
		    strncmp(r->case_name, rows[i].case_name, l) == 0 &&
		    strcmp(rows[i].bench, r->bench) == 0) {
			best = l;
			from = rows[i].flags;
		}
	}
	return r->flags | from;
}

/* A benchmark's place in the headline: its rank, 0 when it has none. */
static int
headline_rank(const struct bench_info *b)
{
	return b->headlines != NULL ? b->headline_rank : 0;
}

/* The items of b's headline row h among rows[0..n), from out[k]. */
static size_t
pick_row(const struct bench_info *b, const struct bench_headline *h,
    const struct result *rows, size_t n, struct headline_item *out,
    size_t k, size_t max)
{
	char mid[96];
	size_t i, best = n;
	double size, best_size = -1;

	for (i = 0; i < n && k < max; i++) {
		if (!match(b, h, &rows[i], mid, sizeof(mid)))
			continue;
		if (!h->largest) {
			item(&out[k++], h->label, mid, &rows[i]);
			continue;
		}
		size = case_size(mid);
		if (size > best_size) {
			best_size = size;
			best = i;
		}
	}
	if (best < n && k < max) {
		match(b, h, &rows[best], mid, sizeof(mid));
		item(&out[k++], h->label, mid, &rows[best]);
	}
	return k;
}

size_t
headline_pick(const struct result *rows, size_t n,
    struct headline_item *out, size_t max)
{
	const struct bench_info *b;
	const struct bench_headline *h;
	size_t i, at = registry_count, k = 0;

	while (k < max &&
	    (b = registry_next_ranked(headline_rank, &at)) != NULL)
		for (h = b->headlines; h->prefix != NULL && k < max; h++)
			k = pick_row(b, h, rows, n, out, k, max);
	for (i = 0; i < k; i++)
		out[i].flags = item_flags(rows, n, out[i].r);
	return k;
}

size_t
headline_disturbed(const struct headline_item *it, size_t k)
{
	size_t i, n = 0;

	for (i = 0; i < k; i++)
		n += (it[i].flags & HEADLINE_DISTURBED) != 0;
	return n;
}
