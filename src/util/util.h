/*
 * util.h - allocation that cannot fail, messages, small string and time
 * helpers.  Messages follow git's rules: lowercase, what failed first,
 * the subject quoted, no full stop, on stderr.
 */
#ifndef BOARDBENCH_UTIL_H
#define BOARDBENCH_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Exit statuses (doc/DESIGN.md section 6; man page EXIT STATUS). */
#define EXIT_OK		0
#define EXIT_BENCH	1	/* a benchmark failed, crashed or was wrong */
#define EXIT_USAGE	2	/* bad input: nothing was run or changed */
#define EXIT_REGRESSION	3	/* compare found a regression */
#define EXIT_INTERRUPTED 130	/* SIGINT/SIGTERM: finished rows are kept */

void *xmalloc(size_t);
void *xcalloc(size_t, size_t);
void *xrealloc(void *, size_t);
void *xreallocarray(void *, size_t, size_t);
/* The array p of n elements of size bytes grown by one zeroed element. */
void *xappend_zero(void *p, size_t n, size_t size);
/* Array v of n elements: one zeroed element appended (n counts it);
 * evaluates to a pointer to it. */
#define XAPPEND(v, n) \
	((v) = xappend_zero((v), (n), sizeof(*(v))), &(v)[(n)++])
char *xstrdup(const char *);
/* At most max bytes of s, terminated (hostile text kept bounded). */
char *xstrndup(const char *s, size_t max);
char *xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));

/* The program name used as the message prefix. */
extern const char *progname;

/* error(): print "boardbench: msg" and return -1. */
int error(const char *, ...) __attribute__((format(printf, 1, 2)));
void warning(const char *, ...) __attribute__((format(printf, 1, 2)));
/* die(): print and exit(status). */
void die(int status, const char *, ...)
    __attribute__((format(printf, 2, 3), noreturn));
#define BUG(...) bug_at(__FILE__, __LINE__, __VA_ARGS__)
void bug_at(const char *, int, const char *, ...)
    __attribute__((format(printf, 3, 4), noreturn));

/* Bounded copy that always terminates; returns strlen(src). */
size_t strlcpy_bb(char *dst, const char *src, size_t size);
/* Printf into a fixed buffer, truncating; returns dst. */
char *bufprintf(char *dst, size_t size, const char *, ...)
    __attribute__((format(printf, 3, 4)));

/* Seconds from CLOCK_MONOTONIC_RAW. */
double now_mono(void);
/*
 * The next number in [0, 1) of the xorshift64* stream in *state (not
 * 0): the same seed, the same stream, on every machine.
 */
double rnd_unit(uint64_t *state);
/* A standard normal deviate from the same stream (Box-Muller). */
double rnd_normal(uint64_t *state);
/* Current UTC time as "2026-11-30T11:22:33Z". */
void iso_utc_now(char *buf, size_t len);

/*
 * Number parsing with the whole string checked. Integers are decimal
 * (an optional '-', digits: 010 is ten, 0x10 is refused) and take k/M/G
 * (powers of 1000) or K/Ki/M/Mi/G/Gi ... (powers of 1024 when 'i' follows
 * or for K); 0 on success, -1 if not a number or out of long long range.
 */
int parse_ll(const char *s, long long *out);
int parse_double(const char *s, double *out);

/*
 * A byte count as it names a case: the largest binary unit it is an exact
 * multiple of ("4KiB", "32MiB", "1GiB"), else plain bytes ("1000").
 * parse_ll() reads it back.  Returns buf.
 */
char *size_name(char *buf, size_t len, unsigned long long bytes);

/* Edit distance, for "did you mean" suggestions. */
int levenshtein(const char *a, const char *b);

/* A growable string. */
struct strbuf {
	char *buf;
	size_t len, alloc;
};
void strbuf_init(struct strbuf *);
void strbuf_addf(struct strbuf *, const char *, ...)
    __attribute__((format(printf, 2, 3)));
void strbuf_add(struct strbuf *, const char *, size_t);
void strbuf_release(struct strbuf *);
char *strbuf_detach(struct strbuf *);

/*
 * Text from outside (tags, case names, reasons, file names, system
 * fields) made safe for a terminal: control characters (C0, DEL, C1) and
 * bytes that are not UTF-8 become visible escapes, \n \t \r or \x1b;
 * the rest is kept.  The one escape: every error and warning line goes
 * through it, scripts reach it as `boardbench __safe TEXT`.  For text
 * formats only: CSV, TSV and JSON quote in their own ways.  At most
 * len - 1 bytes (FMT_SAFE(n) holds all of a string of n bytes), never
 * half an escape.  Returns buf.
 */
#define FMT_SAFE(n)	(4 * (n) + 1)
char *fmt_safe(char *buf, size_t len, const char *s);

/* Is the locale-independent "." used in %g output? Formatters call this. */
void numeric_locale_c(void);

/*
 * close_stdout_status: flush and close standard output at the end of a
 * command (as gnulib's close_stdout does).  A write that failed at any
 * time, or fails now, is one error line; returns rc, or EXIT_BENCH when
 * rc was EXIT_OK and the output is incomplete.
 */
int close_stdout_status(int rc);

/*
 * An output file written in full or not at all: the text goes to a
 * temporary next to path (same folder, so the rename is atomic) that
 * replaces path only when every write, flush, sync and close succeeded.
 * On failure, abort or a SIGINT/SIGTERM/SIGHUP the temporary is removed.
 */
struct out_file {
	FILE *fp;
	char *path, *tmp;
};
/* 0, or -1 with one error line. */
int out_file_open(struct out_file *, const char *path);
/* 0, or -1 with one error line (path is then left as it was). */
int out_file_commit(struct out_file *);
void out_file_abort(struct out_file *);

#endif
