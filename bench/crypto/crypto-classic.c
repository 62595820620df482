/*
 * crypto-classic.c - the crypto benchmarks' --classic views (see
 * crypto-common.h): the `openssl speed`-style table of bytes per second
 * and the lines of libgcrypt's tests/benchmark, made from finished rows.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crypto-common.h"
#include "fmt.h"
#include "result.h"
#include "util.h"

/* ---- --classic ------------------------------------------------------------ */

const char *
crypto_backend_title(const struct crypto_ops *b, char *buf, size_t len)
{
	const char *v = b->unavailable == NULL ? b->version() : NULL;

	if (v == NULL)
		snprintf(buf, len, "%s", b->label);
	else if (strncmp(v, b->label, strlen(b->label)) == 0)
		snprintf(buf, len, "%s", v);
	else
		snprintf(buf, len, "%s %s", b->label, v);
	return buf;
}

/* Split "type/backend/.../size": type (with "/decrypt" kept), size. */
static int
split_case(const char *cname, const char *backend, char *type, size_t tlen,
    long *size)
{
	const char *b, *last = strrchr(cname, '/');
	size_t bl = strlen(backend);
	char *end;

	b = strchr(cname, '/');
	if (b == NULL || last == NULL || strncmp(b + 1, backend, bl) != 0 ||
	    b[1 + bl] != '/')
		return -1;
	*size = strtol(last + 1, &end, 10);
	if (end == last + 1 || *end != '\0')
		return -1;
	if (last > b + 1 + bl)
		snprintf(type, tlen, "%.*s%.*s", (int)(b - cname), cname,
		    (int)(last - (b + 1 + bl)), b + 1 + bl);
	else
		snprintf(type, tlen, "%.*s", (int)(b - cname), cname);
	/* "aes-128-cbc/encrypt" reads better as "aes-128-cbc enc" */
	end = strchr(type, '/');
	if (end != NULL) {
		end[0] = ' ';
		if (strlen(end) > 4)
			end[4] = '\0';
	}
	return 0;
}

void
crypto_classic_bytes(FILE *fp, const char *what,
    const struct result *const *rows, size_t nrows)
{
	char types[512][40], t[40], reason[512][80], title[96];
	long sizes[CRYPTO_MAXSIZES], sz;
	size_t nt, ns, i, j, k, bi;

	for (bi = 0; bi < CB_COUNT; bi++) {
		const struct crypto_ops *b = crypto_backends[bi];

		nt = ns = 0;
		for (i = 0; i < nrows; i++) {
			if (rows[i]->copy != 0 || split_case(rows[i]->case_name,
			    b->name, t, sizeof(t), &sz) != 0)
				continue;
			for (j = 0; j < nt && strcmp(types[j], t) != 0; j++)
				;
			if (j == nt && nt < 512) {
				memcpy(types[nt], t, sizeof(t));
				reason[nt][0] = '\0';
				nt++;
			}
			if (j < 512 && rows[i]->status != ST_OK)
				snprintf(reason[j], sizeof(reason[j]), "%.79s",
				    rows[i]->reason);
			for (k = 0; k < ns && sizes[k] != sz; k++)
				;
			if (k == ns && ns < CRYPTO_MAXSIZES)
				sizes[ns++] = sz;
		}
		if (nt == 0)
			continue;
		/* sizes ascending */
		for (i = 1; i < ns; i++)
			for (j = i; j > 0 && sizes[j - 1] > sizes[j]; j--) {
				sz = sizes[j];
				sizes[j] = sizes[j - 1];
				sizes[j - 1] = sz;
			}
		fprintf(fp, "%s (%s)\n", crypto_backend_title(b, title,
		    sizeof(title)), what);
		fprintf(fp, "The 'numbers' are in 1000s of bytes per second "
		    "processed.\n");
		fprintf(fp, "%-20s", "type");
		for (k = 0; k < ns; k++)
			fprintf(fp, " %7ld bytes", sizes[k]);
		fputc('\n', fp);
		for (j = 0; j < nt; j++) {
			int any = 0;
			char line[1024];
			size_t used;
			char safe_type[FMT_SAFE(40)], safe_why[FMT_SAFE(80)];

			fmt_safe(safe_type, sizeof(safe_type), types[j]);
			used = (size_t)snprintf(line, sizeof(line), "%-20s",
			    safe_type);
			for (k = 0; k < ns; k++) {
				const struct result *r = NULL;
				char cell[32];

				for (i = 0; i < nrows; i++) {
					if (rows[i]->copy == 0 &&
					    split_case(rows[i]->case_name,
					    b->name, t, sizeof(t), &sz) == 0 &&
					    sz == sizes[k] &&
					    strcmp(t, types[j]) == 0)
						r = rows[i];
				}
				if (r != NULL && r->status == ST_OK) {
					snprintf(cell, sizeof(cell), "%.2fk",
					    r->st.median / 1000.0);
					any = 1;
				} else {
					snprintf(cell, sizeof(cell), "%s",
					    r == NULL ? "" : "n/a");
				}
				used += (size_t)snprintf(line + used,
				    used < sizeof(line) ? sizeof(line) - used :
				    0, " %13s", cell);
			}
			if (any)
				fprintf(fp, "%s\n", line);
			else
				fprintf(fp, "%-20s (%s)\n", safe_type,
				    fmt_safe(safe_why, sizeof(safe_why),
				    reason[j][0] ? reason[j] : "not measured"));
		}
		fputc('\n', fp);
	}
}

/* ---- --classic: libgcrypt's tests/benchmark ------------------------------ */

#define GC_CELL_WIDTH	7	/* the program's "%5.0fms" */
#define GC_REASON	40	/* a skip reason is cut to this */

const struct result *
crypto_classic_row(const struct result *const *rows, size_t nrows,
    const char *cname)
{
	size_t i;

	for (i = 0; i < nrows; i++)
		if (rows[i]->copy == 0 &&
		    strcmp(rows[i]->case_name, cname) == 0)
			return rows[i];
	return NULL;
}

int
crypto_classic_has(const struct result *const *rows, size_t nrows,
    const char *prefix)
{
	size_t i, n = strlen(prefix);

	for (i = 0; i < nrows; i++)
		if (rows[i]->copy == 0 &&
		    strncmp(rows[i]->case_name, prefix, n) == 0)
			return 1;
	return 0;
}

/* A row's reason, cut short and safe for a terminal (it may be imported). */
static const char *
gc_reason(const struct result *r, char *buf, size_t len)
{
	char cut[GC_REASON + 1];

	snprintf(cut, sizeof(cut), "%.*s", GC_REASON, r->reason);
	return fmt_safe(buf, len, cut);
}

/* The text of one cell: milliseconds for `work` at r's median rate. */
static void
gc_cell(const struct result *r, double work, char *buf, size_t len)
{
	char why[FMT_SAFE(GC_REASON)];
	double ms;

	if (r == NULL) {
		snprintf(buf, len, "-");
	} else if (r->status == ST_SKIPPED) {
		snprintf(buf, len, "(%s)", gc_reason(r, why, sizeof(why)));
	} else if (r->status != ST_OK || !(r->st.median > 0)) {
		snprintf(buf, len, "n/a");
	} else {
		ms = work / r->st.median * 1000.0;
		snprintf(buf, len, ms >= 10 ? "%.0fms" : "%.2fms", ms);
	}
}

void
crypto_classic_line(FILE *fp, const char *label,
    const struct crypto_cell *cells, size_t ncells,
    const struct result *const *rows, size_t nrows)
{
	const struct result *r, *skipped = NULL;
	char cell[FMT_SAFE(GC_REASON) + 8], why[FMT_SAFE(GC_REASON)];
	size_t i, found = 0, nskip = 0;

	for (i = 0; i < ncells; i++) {
		r = cells[i].cname != NULL ?
		    crypto_classic_row(rows, nrows, cells[i].cname) : NULL;
		if (r == NULL)
			continue;
		found++;
		if (r->status == ST_SKIPPED) {
			nskip++;
			if (skipped == NULL)
				skipped = r;
		}
	}
	if (found > 0 && nskip == found) {
		fprintf(fp, "%s (%s)\n", label, gc_reason(skipped, why,
		    sizeof(why)));
		return;
	}
	fputs(label, fp);
	for (i = 0; i < ncells; i++) {
		r = cells[i].cname != NULL ?
		    crypto_classic_row(rows, nrows, cells[i].cname) : NULL;
		gc_cell(r, cells[i].work, cell, sizeof(cell));
		fprintf(fp, "%s%*s", cells[i].sep, GC_CELL_WIDTH, cell);
	}
	fputc('\n', fp);
}

void
crypto_classic_gcrypt_title(FILE *fp, const char *what)
{
	char title[96];

	fprintf(fp, "%s (tests/benchmark: %s)\n", crypto_backend_title(
	    &crypto_gcrypt_ops, title, sizeof(title)), what);
}

void
crypto_classic_gcrypt_note(FILE *fp, const char *work)
{
	fprintf(fp, "(ms for the work libgcrypt's tests/benchmark times, "
	    "converted from boardbench's median rates: %s; -: no such case "
	    "measured)\n", work);
}
