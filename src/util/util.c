/*
 * util.c - allocation, messages, strings, time, number parsing.
 */
#include "config.h"

#include <ctype.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

void *
xappend_zero(void *p, size_t n, size_t size)
{
	p = xreallocarray(p, n + 1, size);
	memset((char *)p + n * size, 0, size);
	return p;
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
xstrndup(const char *s, size_t max)
{
	char *p = strndup(s, max);

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

/* Length of the UTF-8 sequence at s, or 0 when it is not one. */
static size_t
utf8_len(const unsigned char *s)
{
	size_t n, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	/* overlong forms, surrogates, beyond U+10FFFF */
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] > 0x8f))
		return 0;
	return n;
}

char *
fmt_safe(char *buf, size_t len, const char *text)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t used = 0, n, k;
	char esc[16];

	if (len == 0)
		return buf;
	while (*s != '\0') {
		n = utf8_len(s);
		if (n == 1 && *s >= 0x20 && *s != 0x7f) {
			esc[0] = (char)*s;
			esc[1] = '\0';
		} else if (n == 1 && (*s == '\n' || *s == '\t' ||
		    *s == '\r')) {
			bufprintf(esc, sizeof(esc), "\\%c", *s == '\n' ? 'n' :
			    *s == '\t' ? 't' : 'r');
		} else if (n == 2 && s[0] == 0xc2 && s[1] < 0xa0) {
			/* C1 control (U+0080..U+009F): CSI and friends */
			bufprintf(esc, sizeof(esc), "\\x%02x\\x%02x", s[0],
			    s[1]);
		} else if (n > 1) {
			memcpy(esc, s, n);
			esc[n] = '\0';
		} else {
			/* a C0 control, DEL, or a byte that is not UTF-8 */
			bufprintf(esc, sizeof(esc), "\\x%02x", *s);
			n = 1;
		}
		k = strlen(esc);
		if (used + k >= len)
			break;		/* never half an escape */
		memcpy(buf + used, esc, k);
		used += k;
		s += n;
	}
	buf[used] = '\0';
	return buf;
}

static void vreport(const char *, const char *, va_list)
    __attribute__((format(printf, 2, 0)));

static void
vreport(const char *prefix, const char *fmt, va_list ap)
{
	char msg[1024], safe[FMT_SAFE(sizeof(msg))];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	/* a message may quote text from outside: never raw to a terminal */
	fprintf(stderr, "%s: %s%s\n", progname, prefix,
	    fmt_safe(safe, sizeof(safe), msg));
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

/*
 * A warning fits 80 columns: it breaks at spaces, each further line
 * indented by two (a word longer than a line stays whole).  Errors stay
 * one line each (the exit status 2 rule: one line on stderr).
 */
void
warning(const char *fmt, ...)
{
	va_list ap;
	char msg[1024], safe[FMT_SAFE(sizeof(msg))], *p, *brk;
	size_t room, ind = 0, i;

	snprintf(msg, sizeof(msg), "%s: warning: ", progname);
	va_start(ap, fmt);
	i = strlen(msg);
	vsnprintf(msg + i, sizeof(msg) - i, fmt, ap);
	va_end(ap);
	p = fmt_safe(safe, sizeof(safe), msg);
	for (;;) {
		room = 80 - ind;
		if (strlen(p) <= room) {
			fprintf(stderr, "%*s%s\n", (int)ind, "", p);
			return;
		}
		brk = NULL;
		for (i = 1; i <= room; i++)
			if (p[i] == ' ')
				brk = p + i;
		if (brk == NULL)
			brk = strchr(p + room, ' ');
		if (brk == NULL) {
			fprintf(stderr, "%*s%s\n", (int)ind, "", p);
			return;
		}
		fprintf(stderr, "%*s%.*s\n", (int)ind, "", (int)(brk - p), p);
		p = brk + 1;
		ind = 2;
	}
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

double
rnd_unit(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return (double)((*state * 0x2545f4914f6cdd1dull) >> 11) /
	    9007199254740992.0;
}

double
rnd_normal(uint64_t *state)
{
	double u = rnd_unit(state), v = rnd_unit(state);

	if (u < 1e-300)
		u = 1e-300;
	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

void
iso_utc_now(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

char *
size_name(char *buf, size_t len, unsigned long long bytes)
{
	static const char *const unit[] = { "", "KiB", "MiB", "GiB" };
	size_t i = 0;

	while (bytes != 0 && bytes % 1024 == 0 && i + 1 < ARRAY_SIZE(unit)) {
		bytes /= 1024;
		i++;
	}
	return bufprintf(buf, len, "%llu%s", bytes, unit[i]);
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

int
close_stdout_status(int rc)
{
	int failed, pending, e;

	failed = ferror(stdout);
	pending = __fpending(stdout) != 0;
	errno = 0;
	if (fclose(stdout) != 0) {
		e = errno;
		/* a closed stdout that was never written to is no error */
		if (failed || pending || e != EBADF)
			failed = 1;
		errno = e;
	}
	if (!failed)
		return rc;
	if (errno != 0)
		error("cannot write standard output: %s", strerror(errno));
	else
		error("cannot write standard output");
	return rc == EXIT_OK ? EXIT_BENCH : rc;
}

/* The temporary an out_file is writing, for the signal handler. */
static char out_tmp[PATH_MAX];
static struct sigaction out_old[3];
static const int out_signals[3] = { SIGINT, SIGTERM, SIGHUP };

/* A signal while an output is written: no temporary left, exit 130. */
static void
out_signal(int sig)
{
	(void)sig;
	if (out_tmp[0] != '\0')
		unlink(out_tmp);
	_exit(EXIT_INTERRUPTED);
}

static void
out_signals_restore(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(out_signals); i++)
		sigaction(out_signals[i], &out_old[i], NULL);
	out_tmp[0] = '\0';
}

int
out_file_open(struct out_file *of, const char *path)
{
	struct sigaction sa;
	struct stat st;
	mode_t mask;
	size_t i;
	int fd;

	memset(of, 0, sizeof(*of));
	if (strlen(path) + 12 >= sizeof(out_tmp))
		return error("cannot write '%s': file name too long", path);
	/* the file is replaced by a rename: never a device, FIFO or folder */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return error("cannot write '%s': not a regular file (leave out "
		    "-o to write to standard output)", path);
	of->path = xstrdup(path);
	of->tmp = xasprintf("%s.tmpXXXXXX", path);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = out_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < ARRAY_SIZE(out_signals); i++)
		sigaddset(&sa.sa_mask, out_signals[i]);
	/* the name is known to the handler before the file exists */
	strlcpy_bb(out_tmp, of->tmp, sizeof(out_tmp));
	for (i = 0; i < ARRAY_SIZE(out_signals); i++)
		sigaction(out_signals[i], &sa, &out_old[i]);
	fd = mkostemp(of->tmp, O_CLOEXEC);
	if (fd == -1) {
		error("cannot write '%s': %s", path, strerror(errno));
		goto fail;
	}
	strlcpy_bb(out_tmp, of->tmp, sizeof(out_tmp));
	/* mkstemp makes 0600; the output gets what open(0666) would give */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) == -1 ||
	    (of->fp = fdopen(fd, "w")) == NULL) {
		error("cannot write '%s': %s", path, strerror(errno));
		close(fd);
		unlink(of->tmp);
		goto fail;
	}
	return 0;
fail:
	out_signals_restore();
	free(of->path);
	free(of->tmp);
	memset(of, 0, sizeof(*of));
	return -1;
}

/*
 * Why writes to fd failed earlier, when stdio no longer knows (its errno
 * was overwritten since): one byte more at the end tells (ENOSPC, EFBIG,
 * EDQUOT); EIO when it goes through.  Only for a file about to be
 * removed.
 */
static int
write_error_cause(int fd)
{
	struct stat sb;

	if (fstat(fd, &sb) != 0)
		return EIO;
	if (pwrite(fd, "", 1, sb.st_size) == 1)
		return EIO;
	return errno != 0 ? errno : EIO;
}

int
out_file_commit(struct out_file *of)
{
	int ret = 0, e = 0;

	if (of->fp == NULL)
		return -1;
	errno = 0;
	if (fflush(of->fp) != 0 || ferror(of->fp))
		e = errno != 0 ? errno : write_error_cause(fileno(of->fp));
	else if (fsync(fileno(of->fp)) != 0 && errno != EINVAL)
		e = errno;
	if (fclose(of->fp) != 0 && e == 0)
		e = errno;
	of->fp = NULL;
	if (e == 0 && rename(of->tmp, of->path) != 0)
		e = errno;
	if (e != 0) {
		unlink(of->tmp);
		ret = error("cannot write '%s': %s", of->path, strerror(e));
	}
	out_signals_restore();
	free(of->path);
	free(of->tmp);
	memset(of, 0, sizeof(*of));
	return ret;
}

void
out_file_abort(struct out_file *of)
{
	if (of->fp == NULL)
		return;
	fclose(of->fp);
	unlink(of->tmp);
	out_signals_restore();
	free(of->path);
	free(of->tmp);
	memset(of, 0, sizeof(*of));
}
