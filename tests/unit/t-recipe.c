/*
 * t-recipe.c - bench/bench.h's recipe holds: a benchmark added in bench/
 * alone (tests/recipe/bench-toy.c and an X(toy) line in a copy of
 * bench/bench-list.h, with src/core/registry.c built against that copy) is in
 * the registry, runs through the runner (both cases measured and verified),
 * its headline row shows in the text view in its rank's place, its figure in its own quoted unit, and compare matches its old
 * case names to today's, with no change to src/.
 */
#include "config.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "fmt.h"
#include "headline.h"
#include "kat/kat.h"
#include "registry.h"
#include "runinfo.h"
#include "tap.h"
#include "util.h"

/* A row of bench's case with a median of v. */
static void
row(struct result *r, const char *bench, const char *group,
    const char *case_name, const char *unit, double v)
{
	memset(r, 0, sizeof(*r));
	bufprintf(r->bench, sizeof(r->bench), "%s", bench);
	bufprintf(r->group, sizeof(r->group), "%s", group);
	bufprintf(r->case_name, sizeof(r->case_name), "%s", case_name);
	bufprintf(r->unit, sizeof(r->unit), "%s", unit);
	r->better = 1;
	r->st.median = r->st.mean = v;
	r->st.n = 1;
	r->cycles = r->instructions = NAN;
	r->copies = 1;
}

/* The text view of rows[0..n) into *buf, newly allocated. */
static void
text_of(const struct result *rows, size_t n, char **buf)
{
	struct run_info ri;
	size_t len, i;
	FILE *fp = open_memstream(buf, &len);
	struct fmt *f;

	if (fp == NULL)
		bail("open_memstream");
	memset(&ri, 0, sizeof(ri));
	ri.id = 1;
	bufprintf(ri.status, sizeof(ri.status), "complete");
	bufprintf(ri.profile, sizeof(ri.profile), "quick");
	run_info_identity(&ri, json_object(), json_object());
	if ((f = fmt_new("text", fp)) == NULL)
		bail("fmt_new");
	fmt_begin(f, &ri);
	for (i = 0; i < n; i++)
		fmt_result(f, &rows[i]);
	fmt_end(f, &ri);
	fmt_free(f);
	fclose(fp);
	run_info_release(&ri);
}

int
main(void)
{
	struct result rows[4], old, now;
	struct headline_item it[HEADLINE_MAX];
	struct cmp_column cols[2];
	struct cmp_opts o = { .alpha = 0.05, .fail_pct = -1 };
	struct cmp_table t;
	struct kat_rows rs = { .n = 0 };
	const struct bench_info *toy;
	char num[32], unit[24], *buf, *a, *b;
	size_t k;

	ok(registry_find("toy") != NULL && registry_find("linpack") != NULL,
	    "the registry has toy beside the benchmarks of bench/");

	/* it runs: its two cases measured and verified, in its unit */
	if ((toy = registry_find("toy")) == NULL)
		bail("no toy");
	k = (size_t)kat_run(toy, NULL, 0, &rs);
	ok(k == 0 && rs.n == 2 &&
	    strcmp(rs.r[0].case_name, "work/4KiB") == 0 &&
	    strcmp(rs.r[1].case_name, "work/64KiB") == 0 &&
	    rs.r[0].status == ST_OK && rs.r[1].status == ST_OK &&
	    strcmp(rs.r[1].unit, "tick/s") == 0 && rs.r[1].st.median > 0,
	    "toy runs through the runner: two rows, verified (%zu rows, %s)",
	    rs.n, rs.n > 0 ? rs.r[0].reason : "");
	kat_rows_release(&rs);

	/* storage (rank 90), toy (95), iperf3 (100), given in another order */
	row(&rows[0], "iperf3", "network", "up", "bit/s", 941.2e6);
	row(&rows[1], "toy", "selftest", "work/4KiB", "tick/s", 2.5e6);
	row(&rows[2], "toy", "selftest", "work/64KiB", "tick/s", 1.5e6);
	row(&rows[3], "storage", "storage", "seq-read", "B/s", 80e6);
	k = headline_pick(rows, 4, it, HEADLINE_MAX);
	ok(k == 3 && it[0].r == &rows[3] && it[1].r == &rows[2] &&
	    it[2].r == &rows[0], "the headline: storage, toy (its largest "
	    "size), network, by rank");
	ok(k > 1 && strcmp(it[1].label, "toy work") == 0 &&
	    strcmp(it[1].size, "64KiB") == 0, "toy's item: its label, the "
	    "size beside it (%s, %s)", k > 1 ? it[1].label : "",
	    k > 1 ? it[1].size : "");

	fmt_quote_row(&rows[2], rows[2].st.median, num, sizeof(num), unit,
	    sizeof(unit));
	ok(strcmp(num, "1.500") == 0 && strcmp(unit, "MTPS") == 0,
	    "toy's figure in its quoted unit (got %s %s)", num, unit);

	text_of(rows, 4, &buf);
	/* toy's line, then the network's after it */
	a = strstr(buf, "toy work");
	b = a != NULL ? strstr(a, "network up") : NULL;
	if (!ok(b != NULL && strstr(a, "MTPS") != NULL,
	    "the text view's headline shows toy's row, in MTPS, before the "
	    "network's"))
		diag("%s", buf);
	free(buf);

	/* a run stored with byte counts matches today's names */
	row(&old, "toy", "selftest", "work/65536", "tick/s", 1.5e6);
	row(&now, "toy", "selftest", "work/64KiB", "tick/s", 1.6e6);
	memset(cols, 0, sizeof(cols));
	cols[0].rows = &old;
	cols[0].n = 1;
	cols[1].rows = &now;
	cols[1].n = 1;
	cmp_build(&t, cols, 2, 0, &o);
	ok(t.nrows == 1, "compare matches toy's work/65536 to work/64KiB "
	    "(%zu rows)", t.nrows);
	cmp_release(&t);
	return done_testing();
}
