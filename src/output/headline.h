/*
 * headline.h - which rows of a run are the figures people quote: those
 * each benchmark names in its bench_info.headlines (Linpack MFLOPS,
 * Dhrystone DMIPS, AES-128-CBC at 8 KiB per library, memcpy, ...).
 * Selection only: the text view and the HTML report print the items.
 */
#ifndef BOARDBENCH_HEADLINE_H
#define BOARDBENCH_HEADLINE_H

#include <stddef.h>
#include "result.h"

struct headline_item {
	char label[160];	/* "AES-128-CBC 8 KiB (openssl)", raw text */
	char size[32];		/* "64MiB": the working set of a figure
				   taken at the largest size ("memcpy"),
				   else "" */
	const struct result *r;	/* the row, one of the rows given */
	unsigned flags;		/* RF_*: the row's and, for a derived row
				   (v2.1/dmips), those of its case's row:
				   never fewer than the row shows */
};

/* The longest headline there can be: more rows are never picked. */
#define HEADLINE_MAX	64

/*
 * The headline of rows[0..n): at most max items, in the headline's order
 * (one per library where a figure has several).  Only OK rows of copy 0
 * are picked.  Returns the number of items.
 */
size_t headline_pick(const struct result *rows, size_t n,
    struct headline_item *out, size_t max);

/*
 * The flags that say a figure was taken on a busy machine, and how many
 * of it[0..k) carry one.  When more than half of a run's headline does
 * (HEADLINE_UNFIT), the report says once, plainly, that its figures are
 * not fit to publish.
 */
#define HEADLINE_DISTURBED	(RF_BUSY | RF_NOISY | RF_PREEMPTED)
size_t headline_disturbed(const struct headline_item *it, size_t k);
#define HEADLINE_UNFIT(ndisturbed, k)	(2 * (ndisturbed) > (k))

#endif
