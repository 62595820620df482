/*
 * clockcache.c - the measured-clock cache (clockcache.h): one JSON file
 *     {"version": 1, "machines": {KEY: REPORT, ...}}
 * where REPORT is a clock_measure_all() report naming its "boot_id" and
 * KEY names the machine.  Reads are bounded and a damaged file is simply
 * no cache; writes go to a temporary file (mkstemp, in the same folder)
 * renamed over the old one.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clockcache.h"
#include "cpuset.h"
#include "sysfs.h"
#include "util.h"

#define CACHE_MAX_BYTES (1 << 20)	/* a bigger file is not ours */
#define CACHE_MAX_MACHINES 32		/* entries kept; the oldest go */

char *
clockcache_path(void)
{
	const char *env = getenv("BOARDBENCH_CLOCK_CACHE");
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	if (env != NULL && env[0] != '\0')
		return xstrdup(env);
	/* the XDG rule: a relative XDG_CACHE_HOME is ignored */
	if (xdg != NULL && xdg[0] == '/')
		return xasprintf("%s/boardbench/clock.json", xdg);
	if (home != NULL && home[0] != '\0')
		return xasprintf("%s/.cache/boardbench/clock.json", home);
	return NULL;
}

/*
 * The machine's key: its /etc/machine-id (through the sysroot), and the
 * sysroot itself when one is set, so a fixture tree has an entry of its
 * own even when it carries a copy of a real machine-id.
 */
static char *
machine_key(void)
{
	char id[128];

	if (sysfs_read_str("/etc/machine-id", id, sizeof(id)) != SYSFS_OK)
		strlcpy_bb(id, "unknown", sizeof(id));
	if (sysfs_is_real())
		return xasprintf("machine-id:%s", id);
	return xasprintf("sysroot:%s machine-id:%s", sysfs_root(), id);
}

/* The whole cache file, parsed, or NULL (missing, too big, damaged). */
static json_t *
cache_read(const char *path)
{
	struct stat sb;
	json_t *j = NULL;
	char *buf;
	ssize_t got;
	size_t len = 0;
	int fd;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) ||
	    sb.st_size > CACHE_MAX_BYTES) {
		close(fd);
		return NULL;
	}
	buf = xmalloc((size_t)sb.st_size + 1);
	while (len < (size_t)sb.st_size) {
		got = read(fd, buf + len, (size_t)sb.st_size - len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		len += (size_t)got;
	}
	if (close(fd) == 0 && len == (size_t)sb.st_size)
		j = json_loadb(buf, len, 0, NULL);
	free(buf);
	if (j != NULL && !json_is_object(json_object_get(j, "machines"))) {
		json_decref(j);
		j = NULL;
	}
	return j;
}

/* mkdir -p of the folder part of path. */
static int
make_parent(const char *path)
{
	char *d = xstrdup(path), *p;

	for (p = d + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		if (mkdir(d, 0777) != 0 && errno != EEXIST) {
			free(d);
			return -1;
		}
		*p = '/';
	}
	free(d);
	return 0;
}

/* Keep at most CACHE_MAX_MACHINES entries: drop the oldest measurements. */
static void
prune(json_t *machines)
{
	const char *key, *oldest_key, *when, *oldest;
	json_t *v;

	while (json_object_size(machines) > CACHE_MAX_MACHINES) {
		oldest_key = NULL;
		oldest = NULL;
		json_object_foreach(machines, key, v) {
			when = json_string_value(json_object_get(v,
			    "measured_at"));
			if (when == NULL)
				when = "";
			if (oldest_key == NULL || strcmp(when, oldest) < 0) {
				oldest_key = key;
				oldest = when;
			}
		}
		json_object_del(machines, oldest_key);
	}
}

int
clockcache_save(const json_t *report)
{
	char *path = clockcache_path(), *tmp, *key;
	json_t *doc, *machines;
	int rc = -1, saved_errno, fd;
	mode_t mask;

	if (path == NULL) {
		warning("the measured clock is not kept: no HOME, "
		    "XDG_CACHE_HOME or BOARDBENCH_CLOCK_CACHE");
		return -1;
	}
	doc = cache_read(path);
	if (doc == NULL) {
		doc = json_object();
		json_object_set_new(doc, "machines", json_object());
	}
	json_object_set_new(doc, "version", json_integer(1));
	machines = json_object_get(doc, "machines");
	key = machine_key();
	json_object_set_new(machines, key, json_deep_copy(report));
	free(key);
	prune(machines);
	/* a new file of a name no one can guess, never through a link */
	tmp = xasprintf("%s.tmpXXXXXX", path);
	fd = make_parent(path) == 0 ? mkostemp(tmp, O_CLOEXEC) : -1;
	if (fd != -1) {
		mask = umask(0);
		umask(mask);
		errno = EIO;
		if (fchmod(fd, 0666 & ~mask) == 0 && json_dumpfd(doc, fd,
		    JSON_INDENT(2) | JSON_SORT_KEYS) == 0 && fsync(fd) == 0)
			rc = 0;
		saved_errno = errno;
		if (close(fd) != 0 && rc == 0) {
			rc = -1;
			saved_errno = errno;
		}
		if (rc == 0 && rename(tmp, path) != 0) {
			rc = -1;
			saved_errno = errno;
		}
		if (rc != 0)
			unlink(tmp);
	} else
		saved_errno = errno;
	if (rc != 0)
		warning("cannot keep the measured clock in '%s': %s", path,
		    strerror(saved_errno));
	json_decref(doc);
	free(tmp);
	free(path);
	return rc;
}

json_t *
clockcache_load(void)
{
	char *path = clockcache_path(), *key, boot[64];
	json_t *doc, *r;
	const char *cached;

	if (path == NULL)
		return NULL;
	doc = cache_read(path);
	free(path);
	if (doc == NULL)
		return NULL;
	key = machine_key();
	r = json_object_get(json_object_get(doc, "machines"), key);
	free(key);
	cached = json_string_value(json_object_get(r, "boot_id"));
	if (cached == NULL || sysfs_boot_id(boot, sizeof(boot)) != SYSFS_OK ||
	    strcmp(cached, boot) != 0) {
		json_decref(doc);
		return NULL;
	}
	json_incref(r);
	json_decref(doc);
	return r;
}

int
clockcache_clusters(struct cpuset **cpus, double **mhz, char *when,
    size_t wlen)
{
	json_t *j = clockcache_load(), *cl, *m, *a;
	const char *s;
	size_t i;
	int n = 0;

	*cpus = NULL;
	*mhz = NULL;
	if (when != NULL && wlen > 0)
		when[0] = '\0';
	if (j == NULL)
		return -1;
	s = json_string_value(json_object_get(j, "measured_at"));
	if (s != NULL && when != NULL)
		strlcpy_bb(when, s, wlen);
	a = json_object_get(j, "clusters");
	*cpus = xcalloc(json_array_size(a) + 1, sizeof(**cpus));
	*mhz = xcalloc(json_array_size(a) + 1, sizeof(**mhz));
	json_array_foreach(a, i, cl) {
		s = json_string_value(json_object_get(cl, "cpus"));
		m = json_object_get(cl, "measured_mhz");
		cpuset_init(&(*cpus)[n]);
		if (s == NULL || !json_is_number(m) ||
		    cpuset_parse(s, &(*cpus)[n]) != CPUSET_OK) {
			cpuset_release(&(*cpus)[n]);
			continue;
		}
		(*mhz)[n++] = json_number_value(m);
	}
	json_decref(j);
	return n;
}

int
clockcache_mhz(int cpu, double *mhz)
{
	json_t *j, *cl, *m;
	struct cpuset cpus;
	const char *s;
	size_t i;
	int rc = -1;

	j = clockcache_load();
	cpuset_init(&cpus);
	json_array_foreach(json_object_get(j, "clusters"), i, cl) {
		s = json_string_value(json_object_get(cl, "cpus"));
		m = json_object_get(cl, "measured_mhz");
		if (s == NULL || cpuset_parse(s, &cpus) != CPUSET_OK ||
		    !cpuset_has(&cpus, cpu) || !json_is_number(m) ||
		    !(json_number_value(m) > 0))
			continue;
		*mhz = json_number_value(m);
		rc = 0;
		break;
	}
	cpuset_release(&cpus);
	json_decref(j);
	return rc;
}
