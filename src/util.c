/*
 * util.c - allocation, messages, strings, time, number parsing.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util.h"

const char *progname = "boardbench";

static void
oom(void)
{
	fprintf(stderr, "%s: out of memory\n", progname);
	exit(EXIT_BENCH);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		oom();
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		oom();
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		oom();
	return p;
}

void *
xreallocarray(void *p, size_t n, size_t size)
{
	if (size != 0 && n > SIZE_MAX / size)
		oom();
	return xrealloc(p, n * size);
}

char *
xstrdup(const char *s)
{
	char *p = strdup(s);

	if (p == NULL)
		oom();
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&p, fmt, ap);
	va_end(ap);
	if (n < 0)
		oom();
	return p;
}

static void
vreport(const char *prefix, const char *fmt, va_list ap)
{
	char msg[1024];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	fprintf(stderr, "%s: %s%s\n", progname, prefix, msg);
}

int
error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("", fmt, ap);
	va_end(ap);
	return -1;
}

void
warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning: ", fmt, ap);
	va_end(ap);
}

void
die(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("", fmt, ap);
	va_end(ap);
	exit(status);
}

void
bug_at(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	char msg[512];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: BUG: %s:%d: %s\n", progname, file, line, msg);
	abort();
}

size_t
strlcpy_bb(char *dst, const char *src, size_t size)
{
	size_t n = strlen(src);

	if (size > 0) {
		size_t c = n < size - 1 ? n : size - 1;

		memcpy(dst, src, c);
		dst[c] = '\0';
	}
	return n;
}

char *
bufprintf(char *dst, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(dst, size, fmt, ap);
	va_end(ap);
	return dst;
}

double
now_mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void
iso_utc_now(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int
parse_ll(const char *s, long long *out)
{
	char *end;
	long long v, mul = 1;

	/* decimal only: no sign but '-', no space, no 0x or leading-0 octal */
	if (s == NULL || !(isdigit((unsigned char)s[0]) ||
	    (s[0] == '-' && isdigit((unsigned char)s[1]))))
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno != 0 || end == s)
		return -1;
	if (*end != '\0') {
		int bin = end[1] == 'i' || end[0] == 'K';

		switch (end[0]) {
		case 'k': case 'K': mul = bin ? 1024LL : 1000LL; break;
		case 'M': mul = bin ? 1024LL * 1024 : 1000000LL; break;
		case 'G': mul = bin ? 1024LL * 1024 * 1024 : 1000000000LL; break;
		default: return -1;
		}
		end += 1 + (end[1] == 'i');
		if (*end == 'B')
			end++;
		if (*end != '\0')
			return -1;
		if (v > LLONG_MAX / mul || v < LLONG_MIN / mul)
			return -1;
		v *= mul;
	}
	*out = v;
	return 0;
}

int
parse_double(const char *s, double *out)
{
	char *end;
	double v;

	if (s == NULL || *s == '\0')
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || end == s || *end != '\0' || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

int
levenshtein(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	int *row, prev, tmp, best;

	if (la > 64 || lb > 64)
		return 99;
	row = xcalloc(lb + 1, sizeof(*row));
	for (j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (i = 1; i <= la; i++) {
		prev = row[0];
		row[0] = (int)i;
		for (j = 1; j <= lb; j++) {
			tmp = row[j];
			best = prev + (a[i - 1] != b[j - 1]);
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			prev = tmp;
		}
	}
	best = row[lb];
	free(row);
	return best;
}

void
strbuf_init(struct strbuf *sb)
{
	sb->alloc = 64;
	sb->len = 0;
	sb->buf = xmalloc(sb->alloc);
	sb->buf[0] = '\0';
}

static void
strbuf_grow(struct strbuf *sb, size_t extra)
{
	if (sb->len + extra + 1 <= sb->alloc)
		return;
	while (sb->len + extra + 1 > sb->alloc)
		sb->alloc *= 2;
	sb->buf = xrealloc(sb->buf, sb->alloc);
}

void
strbuf_add(struct strbuf *sb, const char *s, size_t n)
{
	strbuf_grow(sb, n);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void
strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	strbuf_grow(sb, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

void
strbuf_release(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->alloc = 0;
}

char *
strbuf_detach(struct strbuf *sb)
{
	char *p = sb->buf;

	sb->buf = NULL;
	sb->len = sb->alloc = 0;
	return p;
}

void
numeric_locale_c(void)
{
	setlocale(LC_NUMERIC, "C");
}
