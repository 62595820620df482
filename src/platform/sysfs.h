/*
 * sysfs.h - every read of /proc, /sys and /etc about the machine goes
 * through one root: $BOARDBENCH_SYSROOT when set (a fixture tree in the
 * tests), else "/".  Small files only; values are trimmed text.  What is
 * read is hostile: only regular files are opened (a FIFO, a device or a
 * socket is refused, a symlink loop fails), never in a way that can
 * block, close-on-exec, and at most SYSFS_FILE_CAP bytes of each.
 */
#ifndef BOARDBENCH_SYSFS_H
#define BOARDBENCH_SYSFS_H

#include <dirent.h>
#include <stddef.h>
#include <stdio.h>

/* Return codes of the readers. */
#define SYSFS_OK	 0
#define SYSFS_MISSING	-1	/* no such file, or unreadable */
#define SYSFS_EMPTY	-2	/* readable but empty (or only whitespace) */
#define SYSFS_MALFORMED	-3	/* text where a number belongs */
#define SYSFS_TOO_BIG	-4	/* a CPU number beyond CPUSET_MAX */

/* The root prefix: "" for the real machine, else the fixture folder. */
const char *sysfs_root(void);
/* Is this the real machine (no BOARDBENCH_SYSROOT)? */
int sysfs_is_real(void);
/* Forget the cached root (tests change the environment). */
void sysfs_reset(void);

/* root + path into buf; path starts with '/'. Returns buf. */
char *sysfs_path(char *buf, size_t len, const char *path);

/* Bytes read at most from one file by sysfs_fopen(). */
#define SYSFS_FILE_CAP	(4 << 20)

/*
 * A read-only stream over the file's first SYSFS_FILE_CAP bytes, read at
 * once; NULL when it is missing or not a regular file.
 */
FILE *sysfs_fopen(const char *path);
/*
 * The same for a file about this process itself (/proc/net/tcp for a
 * server it started), which a fixture tree cannot stand in for: the
 * root is not applied.
 */
FILE *sysfs_fopen_live(const char *path);
DIR *sysfs_opendir(const char *path);
int sysfs_exists(const char *path);

/*
 * The whole file (at most len - 1 bytes) with trailing whitespace and NUL
 * bytes trimmed and inner NULs (device-tree string lists) turned into
 * '\n'.  SYSFS_OK, SYSFS_MISSING or SYSFS_EMPTY.
 */
int sysfs_read_str(const char *path, char *buf, size_t len);

/*
 * A decimal integer (base 16 with hex set, "0x" allowed).  Also
 * SYSFS_MALFORMED; with raw non-NULL the text read is copied there for
 * a note.
 */
int sysfs_read_ll(const char *path, int hex, long long *out, char *raw,
    size_t rawlen);

/* Printf-style path helpers for the common cases. */
int sysfs_read_strf(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int sysfs_read_llf(long long *out, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A /proc/meminfo value in kB ("MemAvailable"): SYSFS_OK or a code. */
int sysfs_meminfo_kb(const char *key, long long *kb);

/*
 * What a return code means, for notes: "missing or unreadable", "empty",
 * "not a number", "a CPU beyond 8191 (more than boardbench handles)".
 */
const char *sysfs_strerror(int rc);

/*
 * A CPU list file ("0-3,6", cpufreq's "0 1 2 3"), read whole (a list of
 * every CPU a kernel can have fits), into out: SYSFS_OK (out non-empty),
 * SYSFS_MISSING, SYSFS_EMPTY, SYSFS_MALFORMED or SYSFS_TOO_BIG; out is
 * empty unless SYSFS_OK.
 */
struct cpuset;
int sysfs_read_cpulist(const char *path, struct cpuset *out);

/*
 * This boot's id (/proc/sys/kernel/random/boot_id, a new one at every
 * boot) into buf: SYSFS_OK or a code, buf "" unless SYSFS_OK.  Through
 * the root (a measurement of the machine under it); the _live variant at
 * the real root (the process writing a run, which no fixture stands in
 * for).
 */
int sysfs_boot_id(char *buf, size_t len);
int sysfs_boot_id_live(char *buf, size_t len);

/*
 * The start time of process pid in clock ticks after boot (field 22 of
 * /proc/PID/stat, at the real root), so that a reused pid is not taken
 * for another process: SYSFS_OK, SYSFS_MISSING (no such process) or
 * SYSFS_MALFORMED.
 */
int sysfs_proc_start_time(long long pid, unsigned long long *start);

/*
 * One "cpu" line of /proc/stat (the text from its start; the numbers
 * end at the first word that is not one): *cpu is -1 for the sum of all CPUs
 * ("cpu "), N for "cpuN"; v gets its jiffies, user nice system idle
 * iowait irq softirq steal (guest time is inside user), 0 where the
 * line stops early.  0, or -1 when it is not a cpu line or has fewer
 * than four numbers.
 */
int sysfs_proc_stat_cpu(const char *line, long *cpu, unsigned long long v[8]);

#endif
