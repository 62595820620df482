/*
 * replay.c - a fuzz harness without libFuzzer, for `make check`: every file
 * in $top_srcdir/tests/fuzz/regress/FUZZ_NAME/ and .../corpus/FUZZ_NAME/
 * goes through LLVMFuzzerTestOneInput() once, one TAP line each.  A crash
 * kills the test; under ./configure --enable-debug the sanitizers report
 * what a fuzzer would.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "tap.h"
#include "util.h"

#define REPLAY_MAX (1 << 20)	/* larger seeds are a mistake */

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Read path whole; NULL with a diagnostic when it cannot. */
static unsigned char *
slurp(const char *path, size_t *len)
{
	unsigned char *buf = xmalloc(REPLAY_MAX + 1);
	FILE *fp = fopen(path, "rb");
	size_t n;

	if (fp == NULL) {
		diag("%s: %s", path, strerror(errno));
		free(buf);
		return NULL;
	}
	n = fread(buf, 1, REPLAY_MAX + 1, fp);
	if (ferror(fp) || n > REPLAY_MAX) {
		diag("%s: %s", path, ferror(fp) ? "read error" : "too large");
		fclose(fp);
		free(buf);
		return NULL;
	}
	fclose(fp);
	*len = n;
	return buf;
}

/* Replay every file of dir; returns how many.  missing_ok: may be absent. */
static size_t
replay_dir(const char *dir, int missing_ok)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL, *path;
	size_t n = 0, i, len;
	unsigned char *buf;

	if (d == NULL) {
		if (errno != ENOENT || !missing_ok)
			ok(0, "open %s: %s", dir, strerror(errno));
		return 0;
	}
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		names = xreallocarray(names, n + 1, sizeof(*names));
		names[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	if (n > 0)
		qsort(names, n, sizeof(*names), name_cmp);
	for (i = 0; i < n; i++) {
		path = xasprintf("%s/%s", dir, names[i]);
		buf = slurp(path, &len);
		if (buf != NULL)
			LLVMFuzzerTestOneInput(buf, len);
		ok(buf != NULL, "%s", path);
		free(buf);
		free(path);
		free(names[i]);
	}
	free(names);
	return n;
}

int
main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir");
	char *dir;
	size_t n;

	LLVMFuzzerInitialize(&argc, &argv);
	if (top == NULL)
		top = ".";
	dir = xasprintf("%s/tests/fuzz/regress/%s", top, FUZZ_NAME);
	n = replay_dir(dir, 1);
	free(dir);
	dir = xasprintf("%s/tests/fuzz/corpus/%s", top, FUZZ_NAME);
	ok(replay_dir(dir, 0) > 0, "the %s corpus has seeds", FUZZ_NAME);
	free(dir);
	diag("%zu regression inputs", n);
	return done_testing();
}
