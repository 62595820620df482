/*
 * tap.c - TAP output for the C tests.
 */
#include "config.h"

#include <ftw.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"

static int planned = -1, run, failed;
static char tmpdir[256];

static void
vline(int pass, const char *fmt, va_list ap)
{
	run++;
	if (!pass)
		failed++;
	printf("%sok %d - ", pass ? "" : "not ", run);
	vprintf(fmt, ap);
	putchar('\n');
	fflush(stdout);
}

void
plan(int n)
{
	planned = n;
	printf("1..%d\n", n);
}

int
ok(int cond, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vline(cond, fmt, ap);
	va_end(ap);
	return cond;
}

int
is_int(long long got, long long want, const char *fmt, ...)
{
	va_list ap;
	int pass = got == want;

	va_start(ap, fmt);
	vline(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		diag("got %lld, want %lld", got, want);
	return pass;
}

int
is_str(const char *got, const char *want, const char *fmt, ...)
{
	va_list ap;
	int pass;

	pass = got != NULL && want != NULL ? strcmp(got, want) == 0 :
	    got == want;
	va_start(ap, fmt);
	vline(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		diag("got '%s', want '%s'", got ? got : "(null)",
		    want ? want : "(null)");
	return pass;
}

int
is_double(double got, double want, double tol, const char *fmt, ...)
{
	va_list ap;
	int pass = fabs(got - want) <= tol || (isnan(got) && isnan(want));

	va_start(ap, fmt);
	vline(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		diag("got %.17g, want %.17g (tolerance %g)", got, want, tol);
	return pass;
}

void
diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

void
skip(int n, const char *fmt, ...)
{
	va_list ap;

	while (n-- > 0) {
		run++;
		printf("ok %d # SKIP ", run);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		putchar('\n');
	}
	fflush(stdout);
}

void
skip_all(const char *fmt, ...)
{
	va_list ap;

	printf("1..0 # SKIP ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	exit(77);
}

void
bail(const char *fmt, ...)
{
	va_list ap;

	printf("Bail out! ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	exit(99);
}

static int
rm_one(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
	(void)sb;
	(void)type;
	(void)ftw;
	remove(path);
	return 0;
}

static void
rm_tmpdir(void)
{
	if (tmpdir[0] != '\0')
		nftw(tmpdir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

const char *
tap_tmpdir(void)
{
	const char *base;

	if (tmpdir[0] != '\0')
		return tmpdir;
	base = getenv("TMPDIR");
	snprintf(tmpdir, sizeof(tmpdir), "%s/bbtest.XXXXXX",
	    base ? base : "/tmp");
	if (mkdtemp(tmpdir) == NULL)
		bail("cannot make a temporary folder in '%s'", tmpdir);
	atexit(rm_tmpdir);
	return tmpdir;
}

const char *
tap_many_cpus(const char *name, const char *clusters)
{
	static char root[512];
	const char *src = getenv("top_srcdir");
	char cmd[2048];

	snprintf(root, sizeof(root), "%s/%s", tap_tmpdir(), name);
	snprintf(cmd, sizeof(cmd), "sh '%s/tests/fixtures/many-cpus.sh' '%s' "
	    "%s", src != NULL ? src : ".", root, clusters);
	if (system(cmd) != 0)
		bail("cannot make the fixture: %s", cmd);
	if (setenv("BOARDBENCH_SYSROOT", root, 1) != 0)
		bail("cannot set BOARDBENCH_SYSROOT");
	return root;
}

int
done_testing(void)
{
	if (planned < 0)
		printf("1..%d\n", run);
	else if (planned != run)
		diag("planned %d tests but ran %d", planned, run);
	fflush(stdout);
	return failed || (planned >= 0 && planned != run) ? 1 : 0;
}
