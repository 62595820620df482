/*
 * clockcache.c - the measured-clock cache (clockcache.h): one JSON file
 *     {"version": 1, "machines": {KEY: REPORT, ...}}
 * where REPORT is a struct clock_report as clockcache_report_json()
 * writes it, naming its "boot_id", and KEY names the machine.  Reads are
 * bounded and a damaged file is simply no cache; so is one that someone
 * else could have written (not the user's, or writable by others, or in
 * such a folder) or that holds a clock no machine has, with one note;
 * writes go to a temporary file (mkstemp, in the same folder, the user's
 * alone) renamed over the old one.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "clockcache.h"
#include "cpuset.h"
#include "sysfs.h"
#include "util.h"

#define CACHE_MAX_BYTES (1 << 20)	/* a bigger file is not ours */
#define CACHE_MAX_MACHINES 32		/* entries kept; the oldest go */
/* a clock a machine may have (sysinfo.h's SI_MHZ_MIN to SI_MHZ_MAX) */
#define CACHE_MHZ_MIN	1.0
#define CACHE_MHZ_MAX	100000.0

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

/*
 * The cache is ours only when no one else could have written it: the file
 * and its folder owned by this user and writable by no group or other.
 * Anything else is no cache, with one note (the first time).
 */
static void
cache_note(const char *path, const char *why)
{
	static int noted;

	if (!noted)
		warning("the clock cache '%s' is ignored: %s", path, why);
	noted = 1;
}

static const char *
not_ours(const struct stat *sb)
{
	if (sb->st_uid != geteuid())
		return "owned by another user";
	if (sb->st_mode & (S_IWGRP | S_IWOTH))
		return "writable by others";
	return NULL;
}

static int
folder_ours(const char *path, int quiet)
{
	struct stat sb;
	const char *slash = strrchr(path, '/'), *why;
	char *dir, buf[96];

	dir = slash == NULL ? xstrdup(".") : slash == path ? xstrdup("/") :
	    xstrndup(path, (size_t)(slash - path));
	why = stat(dir, &sb) != 0 ? "its folder cannot be read" : not_ours(&sb);
	free(dir);
	if (why != NULL && !quiet) {
		bufprintf(buf, sizeof(buf), "its folder is %s", why);
		cache_note(path, strncmp(why, "its", 3) == 0 ? why : buf);
	}
	return why == NULL;
}

/*
 * The whole cache file, parsed, or NULL (missing, too big, damaged, not
 * ours: noted unless quiet).
 */
static json_t *
cache_read(const char *path, int quiet)
{
	struct stat sb;
	json_t *j = NULL;
	const char *why;
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
	if ((why = not_ours(&sb)) != NULL || !folder_ours(path, quiet)) {
		if (why != NULL && !quiet)
			cache_note(path, why);
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

/* mkdir -p of the folder part of path, private to the user (XDG). */
static int
make_parent(const char *path)
{
	char *d = xstrdup(path), *p;

	for (p = d + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		if (mkdir(d, 0700) != 0 && errno != EEXIST) {
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

static json_t *
num_or_null(double v)
{
	return isnan(v) ? json_null() : json_real(v);
}

/* One cluster of a report as the cache and the identity keep it. */
static json_t *
cluster_json(const struct clock_cluster *c)
{
	json_t *o = json_object();
	char *list = cpuset_format(&c->cpus), name[32];

	json_object_set_new(o, "cpus", json_string(list));
	free(list);
	if (c->reach == CLOCK_NO_CPU) {
		json_object_set_new(o, "cpu", json_null());
		json_object_set_new(o, "measured_mhz", json_null());
		json_object_set_new(o, "error", json_string(c->error));
		return o;
	}
	json_object_set_new(o, "cpu", json_integer(c->cpu));
	if (c->policy >= 0) {
		snprintf(name, sizeof(name), "policy%d", c->policy);
		json_object_set_new(o, "policy", json_string(name));
	}
	if (c->reach == CLOCK_NO_PIN) {
		json_object_set_new(o, "measured_mhz", json_null());
		json_object_set_new(o, "error", json_string(c->error));
		return o;
	}
	json_object_set_new(o, "measured_mhz", c->ok ?
	    json_real(c->measured_mhz) : json_null());
	if (!c->ok)
		json_object_set_new(o, "error", json_string(c->error));
	else
		json_object_set_new(o, "spread", json_real(c->spread));
	json_object_set_new(o, "claimed_mhz", num_or_null(c->claimed_mhz));
	json_object_set_new(o, "max_mhz", num_or_null(c->max_mhz));
	if (c->ok && !isnan(c->claimed_mhz)) {
		json_object_set_new(o, "diff", json_real(c->measured_mhz /
		    c->claimed_mhz - 1));
		json_object_set_new(o, "flagged", json_boolean(
		    fabs(c->measured_mhz / c->claimed_mhz - 1) >
		    CLOCK_DIFF_FLAG));
	} else {
		json_object_set_new(o, "diff", json_null());
		json_object_set_new(o, "flagged", json_false());
	}
	json_object_set_new(o, "perf_mhz", num_or_null(c->perf_mhz));
	if (isnan(c->perf_mhz))
		json_object_set_new(o, "perf_why", json_string(c->perf_why));
	else if (c->ok)
		json_object_set_new(o, "perf_diff", json_real(c->measured_mhz /
		    c->perf_mhz - 1));
	return o;
}

json_t *
clockcache_report_json(const struct clock_report *r)
{
	json_t *o = json_object(), *a = json_array();
	size_t i;

	json_object_set_new(o, "measured_at", json_string(r->measured_at));
	if (r->boot_id[0] != '\0')
		json_object_set_new(o, "boot_id", json_string(r->boot_id));
	json_object_set_new(o, "method", json_string(CLOCK_METHOD));
	for (i = 0; i < r->n; i++)
		json_array_append_new(a, cluster_json(&r->clusters[i]));
	json_object_set_new(o, "clusters", a);
	return o;
}

int
clockcache_save(const struct clock_report *report)
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
	doc = cache_read(path, 1);
	if (doc == NULL) {
		doc = json_object();
		json_object_set_new(doc, "machines", json_object());
	}
	json_object_set_new(doc, "version", json_integer(1));
	machines = json_object_get(doc, "machines");
	key = machine_key();
	json_object_set_new(machines, key, clockcache_report_json(report));
	free(key);
	prune(machines);
	/* a new file of a name no one can guess, never through a link */
	tmp = xasprintf("%s.tmpXXXXXX", path);
	fd = make_parent(path) == 0 ? mkostemp(tmp, O_CLOEXEC) : -1;
	if (fd != -1) {
		/* the user's alone, whatever the umask: read back only so */
		mask = umask(0);
		umask(mask);
		errno = EIO;
		if (fchmod(fd, 0644 & ~mask) == 0 && json_dumpfd(doc, fd,
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

int
clockcache_load(struct clock_report *r)
{
	char *path = clockcache_path(), *key;
	json_t *doc, *j, *cl, *m;
	struct clock_cluster *c;
	const char *s;
	size_t i;

	memset(r, 0, sizeof(*r));
	if (path == NULL)
		return -1;
	doc = cache_read(path, 0);
	if (doc == NULL) {
		free(path);
		return -1;
	}
	key = machine_key();
	j = json_object_get(json_object_get(doc, "machines"), key);
	free(key);
	s = json_string_value(json_object_get(j, "boot_id"));
	if (s == NULL || sysfs_boot_id(r->boot_id, sizeof(r->boot_id)) !=
	    SYSFS_OK || strcmp(s, r->boot_id) != 0) {
		json_decref(doc);
		free(path);
		r->boot_id[0] = '\0';
		return -1;
	}
	s = json_string_value(json_object_get(j, "measured_at"));
	if (s != NULL)
		strlcpy_bb(r->measured_at, s, sizeof(r->measured_at));
	r->clusters = xcalloc(json_array_size(json_object_get(j,
	    "clusters")) + 1, sizeof(*r->clusters));
	json_array_foreach(json_object_get(j, "clusters"), i, cl) {
		c = &r->clusters[r->n];
		memset(c, 0, sizeof(*c));
		cpuset_init(&c->cpus);
		s = json_string_value(json_object_get(cl, "cpus"));
		if (s == NULL || cpuset_parse(s, &c->cpus) != CPUSET_OK) {
			cpuset_release(&c->cpus);
			continue;
		}
		m = json_object_get(cl, "measured_mhz");
		c->cpu = -1;
		c->policy = -1;
		c->reach = CLOCK_RAN;
		c->ok = json_is_number(m);
		c->measured_mhz = c->ok ? json_number_value(m) : NAN;
		c->spread = c->claimed_mhz = c->max_mhz = c->perf_mhz = NAN;
		r->n++;
		/* no clock this machine could have: the entry is not ours */
		if (c->ok && !(c->measured_mhz >= CACHE_MHZ_MIN &&
		    c->measured_mhz <= CACHE_MHZ_MAX)) {
			char why[128];

			bufprintf(why, sizeof(why), "a measured clock of %g MHz "
			    "is outside %g to %g MHz", c->measured_mhz,
			    CACHE_MHZ_MIN, CACHE_MHZ_MAX);
			cache_note(path, why);
			json_decref(doc);
			free(path);
			clockcache_report_release(r);
			return -1;
		}
	}
	json_decref(doc);
	free(path);
	return 0;
}

void
clockcache_report_release(struct clock_report *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		cpuset_release(&r->clusters[i].cpus);
	free(r->clusters);
	memset(r, 0, sizeof(*r));
}

int
clockcache_report_mhz(const struct clock_report *r, int cpu, double *mhz)
{
	size_t i;

	for (i = 0; r != NULL && i < r->n; i++)
		if (cpuset_has(&r->clusters[i].cpus, cpu) &&
		    r->clusters[i].ok && r->clusters[i].measured_mhz > 0) {
			*mhz = r->clusters[i].measured_mhz;
			return 0;
		}
	return -1;
}
