/*
 * sysfs.c - reads of /proc, /sys and /etc under one movable root, so that
 * the tests can point the whole tool at a fixture tree of a board it does
 * not run on.  Readers never fail loudly: they return a code that the
 * caller turns into "unknown" and, for malformed text, a note.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpuset.h"
#include "sysfs.h"
#include "util.h"

static char root[512];
static int root_known;

const char *
sysfs_root(void)
{
	const char *env;
	size_t n;

	if (root_known)
		return root;
	root_known = 1;
	root[0] = '\0';
	env = getenv("BOARDBENCH_SYSROOT");
	if (env == NULL || *env == '\0')
		return root;
	strlcpy_bb(root, env, sizeof(root));
	n = strlen(root);
	while (n > 0 && root[n - 1] == '/')
		root[--n] = '\0';
	return root;
}

int
sysfs_is_real(void)
{
	return sysfs_root()[0] == '\0';
}

void
sysfs_reset(void)
{
	root_known = 0;
}

char *
sysfs_path(char *buf, size_t len, const char *path)
{
	snprintf(buf, len, "%s%s", sysfs_root(), path);
	return buf;
}

/*
 * Open a file that should be a small regular one, for reading, without
 * ever blocking: a FIFO, a device or a socket under the root is refused
 * before it is opened (stat) and after (fstat, should it have been
 * swapped); O_NONBLOCK keeps the open itself from waiting; a symlink
 * loop fails with ELOOP.  The descriptor, or -1 with errno set.
 */
static int
open_regular(const char *full)
{
	struct stat st;
	int fd;

	if (stat(full, &st) != 0)
		return -1;
	if (!S_ISREG(st.st_mode)) {
		errno = EINVAL;
		return -1;
	}
	fd = open(full, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = EINVAL;
		return -1;
	}
	return fd;
}

/* At most cap bytes of fd into buf; the count, or -1. */
static ssize_t
read_upto(int fd, char *buf, size_t cap)
{
	size_t got = 0;
	ssize_t r;

	while (got < cap) {
		r = read(fd, buf + got, cap - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

/* A stream over the first SYSFS_FILE_CAP bytes of the file full. */
static FILE *
snapshot(const char *full)
{
	char *buf;
	ssize_t n;
	FILE *fp = NULL;
	int fd = open_regular(full);

	if (fd < 0)
		return NULL;
	buf = xmalloc(SYSFS_FILE_CAP);
	n = read_upto(fd, buf, SYSFS_FILE_CAP);
	close(fd);
	if (n >= 0 && (fp = fmemopen(NULL, (size_t)n + 1, "w+")) != NULL &&
	    ((n > 0 && fwrite(buf, 1, (size_t)n, fp) != (size_t)n) ||
	    fseek(fp, 0, SEEK_SET) != 0)) {
		fclose(fp);
		fp = NULL;
	}
	free(buf);
	return fp;
}

FILE *
sysfs_fopen(const char *path)
{
	char p[1024];

	return snapshot(sysfs_path(p, sizeof(p), path));
}

FILE *
sysfs_fopen_live(const char *path)
{
	return snapshot(path);
}

DIR *
sysfs_opendir(const char *path)
{
	char p[1024];

	return opendir(sysfs_path(p, sizeof(p), path));
}

int
sysfs_exists(const char *path)
{
	char p[1024];
	struct stat st;

	return stat(sysfs_path(p, sizeof(p), path), &st) == 0;
}

/*
 * Read a small file with open/read (no stdio: the sampler thread uses
 * this too and must stay cheap), then tidy the text.
 */
static int
read_str_full(const char *full, char *buf, size_t len)
{
	size_t got = 0, i;
	ssize_t r;
	int fd;

	if (len == 0)
		return SYSFS_MISSING;
	buf[0] = '\0';
	fd = open_regular(full);
	if (fd < 0)
		return SYSFS_MISSING;
	r = read_upto(fd, buf, len - 1);
	close(fd);
	if (r < 0) {
		buf[0] = '\0';
		return SYSFS_MISSING;
	}
	got = (size_t)r;
	while (got > 0 && (buf[got - 1] == '\0' ||
	    isspace((unsigned char)buf[got - 1])))
		got--;
	buf[got] = '\0';
	for (i = 0; i < got; i++)
		if (buf[i] == '\0')
			buf[i] = '\n';
	return got > 0 ? SYSFS_OK : SYSFS_EMPTY;
}

int
sysfs_read_str(const char *path, char *buf, size_t len)
{
	char p[1024];

	return read_str_full(sysfs_path(p, sizeof(p), path), buf, len);
}

int
sysfs_read_ll(const char *path, int hex, long long *out, char *raw,
    size_t rawlen)
{
	char buf[128], *s, *end;
	long long v;
	int rc;

	rc = sysfs_read_str(path, buf, sizeof(buf));
	if (raw != NULL && rawlen > 0)
		strlcpy_bb(raw, buf, rawlen);
	if (rc != SYSFS_OK)
		return rc;
	s = buf;
	while (isspace((unsigned char)*s))
		s++;
	errno = 0;
	v = strtoll(s, &end, hex ? 16 : 10);
	if (end == s || errno != 0)
		return SYSFS_MALFORMED;
	while (isspace((unsigned char)*end))
		end++;
	if (*end != '\0')
		return SYSFS_MALFORMED;
	*out = v;
	return SYSFS_OK;
}

int
sysfs_read_strf(char *buf, size_t len, const char *fmt, ...)
{
	char path[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	return sysfs_read_str(path, buf, len);
}

int
sysfs_read_llf(long long *out, const char *fmt, ...)
{
	char path[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	return sysfs_read_ll(path, 0, out, NULL, 0);
}

int
sysfs_meminfo_kb(const char *key, long long *kb)
{
	char text[8192], *p, *end;
	size_t kl = strlen(key);
	int rc = sysfs_read_str("/proc/meminfo", text, sizeof(text));

	if (rc != SYSFS_OK)
		return rc;
	for (p = text; p != NULL; p = strchr(p, '\n'), p = p ? p + 1 : p) {
		if (strncmp(p, key, kl) != 0 || p[kl] != ':')
			continue;
		errno = 0;
		*kb = strtoll(p + kl + 1, &end, 10);
		return end == p + kl + 1 || errno != 0 || *kb < 0 ?
		    SYSFS_MALFORMED : SYSFS_OK;
	}
	return SYSFS_MISSING;
}

const char *
sysfs_strerror(int rc)
{
	switch (rc) {
	case SYSFS_OK:
		return "ok";
	case SYSFS_EMPTY:
		return "empty";
	case SYSFS_MALFORMED:
		return "not a number";
	case SYSFS_TOO_BIG:
		return "a CPU beyond " CPUSET_LAST_TEXT " (more than boardbench "
		    "handles)";
	default:
		return "missing or unreadable";
	}
}

/* A CPU list of every CPU a kernel can have, cpufreq's way: "0 1 2 ..." */
#define CPULIST_TEXT_MAX	(CPUSET_MAX * 5 + 64)

int
sysfs_read_cpulist(const char *path, struct cpuset *out)
{
	char *buf = xmalloc(CPULIST_TEXT_MAX + 1);
	int rc;

	cpuset_clear(out);
	/* one byte more than a list can take: a longer file is no list */
	rc = sysfs_read_str(path, buf, CPULIST_TEXT_MAX + 1);
	if (rc == SYSFS_OK && strlen(buf) >= CPULIST_TEXT_MAX)
		rc = SYSFS_MALFORMED;
	if (rc == SYSFS_OK)
		switch (cpuset_parse(buf, out)) {
		case CPUSET_OK:
			rc = cpuset_empty(out) ? SYSFS_EMPTY : SYSFS_OK;
			break;
		case CPUSET_TOO_BIG:
			rc = SYSFS_TOO_BIG;
			break;
		default:
			rc = SYSFS_MALFORMED;
		}
	if (rc != SYSFS_OK)
		cpuset_clear(out);
	free(buf);
	return rc;
}

/* ---- this boot and processes ------------------------------------------- */

#define BOOT_ID_PATH "/proc/sys/kernel/random/boot_id"

int
sysfs_boot_id(char *buf, size_t len)
{
	return sysfs_read_str(BOOT_ID_PATH, buf, len);
}

int
sysfs_boot_id_live(char *buf, size_t len)
{
	return read_str_full(BOOT_ID_PATH, buf, len);
}

int
sysfs_proc_start_time(long long pid, unsigned long long *start)
{
	char path[64], buf[1024], *p;
	int field, rc;

	snprintf(path, sizeof(path), "/proc/%lld/stat", pid);
	rc = read_str_full(path, buf, sizeof(buf));
	if (rc != SYSFS_OK)
		return rc;
	/* the name in parentheses may hold anything: count after the last ) */
	p = strrchr(buf, ')');
	if (p == NULL)
		return SYSFS_MALFORMED;
	for (field = 2; field < 22 && p != NULL; field++)
		p = strchr(p + 1, ' ');
	if (p == NULL || sscanf(p + 1, "%llu", start) != 1)
		return SYSFS_MALFORMED;
	return SYSFS_OK;
}

int
sysfs_proc_stat_cpu(const char *line, long *cpu, unsigned long long v[8])
{
	const char *p;
	char *end;
	unsigned long idx;

	if (strncmp(line, "cpu", 3) != 0)
		return -1;
	if (line[3] == ' ') {
		*cpu = -1;
		p = line + 3;
	} else {
		idx = strtoul(line + 3, &end, 10);
		if (end == line + 3 || idx > LONG_MAX)
			return -1;
		*cpu = (long)idx;
		p = end;
	}
	memset(v, 0, 8 * sizeof(v[0]));
	if (sscanf(p, "%llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1],
	    &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) < 4)
		return -1;
	return 0;
}
