/*
 * t-storage.c - known answers for the storage benchmark: the page pattern
 * (a stamped page checks, every kind of damage is caught), the nameless
 * test file (nothing in the folder, with O_TMPFILE and with mkstemp), every
 * case running and verifying on tiny sizes, buffered and O_DIRECT, and
 * verify() failing on a page corrupted on the medium.
 */
/* the sparse 5 GiB file needs 64-bit offsets on 32-bit builds too */
#define _FILE_OFFSET_BITS 64
#include "config.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io-storage.h"
#include "registry.h"
#include "runner-int.h"
#include "kat.h"
#include "tap.h"
#include "util.h"

/* Entries in dir other than . and .., or -1 when it cannot be read. */
static int
dir_entries(const char *dir)
{
	struct dirent *e;
	DIR *d = opendir(dir);
	int n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

/* A context for storage with these -p settings (NULL-terminated). */
static struct bench_ctx *
ctx_with(const char *const *specs)
{
	size_t n = 0;

	while (specs[n] != NULL)
		n++;
	return kat_ctx(&bench_storage_info, specs, n);
}

/* The pattern: one good page, then each kind of damage. */
static void
check_pattern(void)
{
	static unsigned char page[STORAGE_PAGE], bad[STORAGE_PAGE];
	unsigned char payload[STORAGE_PAYLOAD], other[STORAGE_PAYLOAD];
	uint64_t tag = UINT64_C(0x0123456789abcdef);
	size_t where;

	storage_payload(tag, payload);
	storage_payload(tag + 1, other);
	ok(memcmp(payload, other, sizeof(payload)) != 0,
	    "payloads of two tags differ");
	memcpy(page + STORAGE_HDR, payload, STORAGE_PAYLOAD);
	storage_page_stamp(page, 42, 7, tag);
	is_int(page[0], 'B', "the page starts with the magic 'B'");
	is_int(page[8], 42, "page number, little-endian, at byte 8");
	is_int(page[16], 7, "generation at byte 16");
	is_int(storage_page_check(page, 42, 7, tag, payload, &where),
	    STORAGE_OK, "a stamped page checks");

	memcpy(bad, page, sizeof(bad));
	bad[STORAGE_HDR + 1000] ^= 1;
	is_int(storage_page_check(bad, 42, 7, tag, NULL, &where), STORAGE_OK,
	    "a header-only check does not read the payload");
	is_int(storage_page_check(bad, 42, 7, tag, payload, &where),
	    STORAGE_BAD_PAYLOAD, "a flipped payload bit is caught");
	is_int((long long)where, STORAGE_HDR + 1000, "at the right byte");
	is_int(storage_page_check(page, 43, 7, tag, payload, &where),
	    STORAGE_BAD_PAGE, "another page's data is caught");
	is_int(storage_page_check(page, 42, 6, tag, payload, &where),
	    STORAGE_BAD_GEN, "an older write is caught");
	is_int(storage_page_check(page, 42, 7, tag + 1, payload, &where),
	    STORAGE_BAD_TAG, "another file's data is caught");
	memset(bad, 0, sizeof(bad));
	is_int(storage_page_check(bad, 0, 0, 0, NULL, &where),
	    STORAGE_BAD_MAGIC, "a page of zeros is caught");
	ok(strcmp(storage_bad_text(STORAGE_BAD_PAYLOAD), "has corrupted data")
	    == 0, "the reason reads well");
}

/* The test file has no name in the folder, either way it is made. */
static void
check_tmpfile(const char *dir)
{
	char err[256];
	int fd, way;

	for (way = 0; way < 2; way++) {
		fd = storage_open_tmp(dir, way, err, sizeof(err));
		if (!ok(fd >= 0, "%s: a file is made%s%s",
		    way ? "mkstemp" : "O_TMPFILE", fd < 0 ? ": " : "",
		    fd < 0 ? err : "")) {
			ok(0, "skipped");
			continue;
		}
		ok(write(fd, "x", 1) == 1 && dir_entries(dir) == 0,
		    "%s: it is writable and the folder stays empty",
		    way ? "mkstemp" : "O_TMPFILE");
		close(fd);
	}
	fd = storage_open_tmp("/nonexistent/boardbench", 0, err,
	    sizeof(err));
	ok(fd < 0 && strstr(err, "cannot create a file in "
	    "'/nonexistent/boardbench'") != NULL, "a bad folder: %s", err);
}

/* Every case of a context runs a few iterations and verifies. */
static void
exercise_all(struct bench_ctx *ctx, const char *dir, const char *what)
{
	kat_exercise_all(ctx, 40, what);
	is_int(dir_entries(dir), 0, "%s: the folder is empty afterwards",
	    what);
}

/*
 * Does a file in dir take O_DIRECT?  (This test's own probe.)  The file
 * is made first and O_DIRECT set after: an open with O_CREAT | O_DIRECT
 * that the filesystem refuses (tmpfs before Linux 6.6, the initramfs of
 * scripts/arm-vm) still leaves the file it made.
 */
static int
dir_takes_direct(const char *dir)
{
	char *path = xasprintf("%s/direct-probe", dir);
	int fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600), fl, st;

	if (fd < 0)
		bail("cannot create '%s'", path);
	fl = fcntl(fd, F_GETFL);
	st = fl != -1 && fcntl(fd, F_SETFL, fl | O_DIRECT) == 0;
	if (close(fd) != 0)
		bail("cannot close '%s'", path);
	if (unlink(path) != 0)
		bail("cannot remove '%s'", path);
	free(path);
	return st;
}

int
main(void)
{
	static const char *const names[] = {
		"seq-write-buffered", "seq-read-buffered",
		"rand-write-4k-buffered", "rand-read-4k-buffered", "fsync"
	};
	const char *dir = tap_tmpdir();
	char *sdir, *sdev, *sbs;
	const char *specs[8];
	struct bench_ctx *ctx;
	size_t i;
	int vf, rc;

	check_pattern();
	check_tmpfile(dir);

	sdir = xasprintf("storage.dir=%s", dir);
	sbs = xasprintf("storage.bs=64Ki");
	specs[0] = sdir;
	specs[1] = "storage.size=1Mi";
	specs[2] = sbs;
	specs[3] = "storage.direct=no";
	specs[4] = NULL;
	ctx = ctx_with(specs);
	if (is_int((long long)ctx->ncases, 5, "buffered: five cases"))
		for (i = 0; i < 5; i++)
			is_str(ctx->cases[i].name, names[i], "case %zu", i);
	is_str(ctx->cases[0].unit, "B/s", "sequential: B/s");
	is_double(ctx->cases[0].work, 65536, 0, "work: one block");
	is_str(ctx->cases[2].unit, "op/s", "random: op/s");
	is_str(ctx->cases[4].unit, "s", "fsync: seconds");
	ok(ctx->cases[4].kind == BENCH_TIME &&
	    ctx->cases[4].better == BENCH_LOWER, "fsync: a time, lower "
	    "is better");
	exercise_all(ctx, dir, "buffered");

	/* damage on the medium is caught by verify() */
	storage_test_fault = 1;
	for (i = 0; i < 5; i++) {
		rc = bench_ctx_exercise(ctx, i, 8, &vf);
		ok(rc == -1 && vf == 1 && strstr(ctx->reason,
		    "has corrupted data") != NULL, "%s: a corrupted page "
		    "fails verify: %s", ctx->cases[i].name, ctx->reason);
	}
	storage_test_fault = 0;
	bench_ctx_free(ctx);

	/* O_DIRECT where the folder has it (names without -buffered) */
	specs[3] = "storage.direct=auto";
	ctx = ctx_with(specs);
	is_int((long long)ctx->ncases, 5, "auto: five cases (%s)",
	    ctx->ncases ? ctx->cases[0].name : "none");
	if (dir_takes_direct(dir)) {
		/* every case but fsync uses it: named so, and set up so */
		for (i = 0; i + 1 < ctx->ncases; i++)
			ok(strstr(ctx->cases[i].name, "-buffered") == NULL &&
			    ctx->cases[i].arg == 1, "auto: %s uses O_DIRECT, "
			    "which the folder offers", ctx->cases[i].name);
	} else
		skip(1, "the folder does not take O_DIRECT: auto is "
		    "buffered here");
	exercise_all(ctx, dir, "auto");
	bench_ctx_free(ctx);

	/* a file standing in for a device: read-only cases */
	{
		static unsigned char buf[65536];
		char *dev = xasprintf("%s/dev.img", dir);
		FILE *f = fopen(dev, "wb");

		for (i = 0; i < sizeof(buf); i++)
			buf[i] = (unsigned char)(i * 7);
		for (i = 0; f != NULL && i < 16; i++)
			fwrite(buf, 1, sizeof(buf), f);
		if (f == NULL || fclose(f) != 0)
			bail("cannot write '%s'", dev);
		/* sparse up to 5 GiB: offsets past 2 and 4 GiB (32-bit ARM) */
		if (truncate(dev, (off_t)5 << 30) != 0)
			bail("cannot extend '%s'", dev);
		sdev = xasprintf("storage.device=%s", dev);
		specs[3] = sdev;
		specs[4] = "storage.tests=dev-seq-read,dev-rand-read-4k";
		specs[5] = NULL;
		ctx = ctx_with(specs);
		is_int((long long)ctx->ncases, 2, "device: two cases");
		for (i = 0; i < ctx->ncases; i++) {
			rc = bench_ctx_exercise(ctx, i, 40, &vf);
			ok(rc == 0 && vf == 0, "5 GiB device %s reads and "
			    "verifies%s%s", ctx->cases[i].name,
			    ctx->reason[0] ? ": " : "", ctx->reason);
		}
		bench_ctx_free(ctx);
		unlink(dev);
		free(dev);
		free(sdev);
	}

	/* tests= picks cases; a device that is not readable is skipped */
	specs[3] = "storage.tests=fsync,dev-seq-read";
	specs[4] = NULL;
	ctx = ctx_with(specs);
	ok(ctx->ncases == 1 && strcmp(ctx->cases[0].name, "fsync") == 0,
	    "tests=fsync,dev-seq-read without a device: fsync only");
	bench_ctx_free(ctx);
	if (geteuid() != 0 && access("/etc/shadow", F_OK) == 0) {
		specs[3] = "storage.device=/etc/shadow";
		specs[4] = "storage.tests=dev-seq-read";
		specs[5] = NULL;
		ctx = ctx_with(specs);
		rc = ctx->ncases == 1 ? bench_ctx_exercise(ctx, 0, 1, &vf) : 0;
		ok(rc == BENCH_SKIP && strstr(ctx->reason, "cannot read") !=
		    NULL, "an unreadable device is skipped: %s", ctx->reason);
		bench_ctx_free(ctx);
	} else {
		skip(1, "running as root or no /etc/shadow");
	}

	free(sdir);
	free(sbs);
	return done_testing();
}
