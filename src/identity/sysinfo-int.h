/*
 * sysinfo-int.h - what the probe's files (sysinfo-probe.c, sysinfo-cpu.c)
 * share: the CPUs as read, and the helpers that read a value and note it
 * when unusable.  Not for use outside the probe (sysinfo.h is the
 * interface).
 */
#ifndef BOARDBENCH_SYSINFO_INT_H
#define BOARDBENCH_SYSINFO_INT_H

#include <stddef.h>
#include "sysinfo.h"

struct sysinfo_notes;

/* the CPUs as read (sysinfo-cpu.c) */

struct cpu_id {
	int present;
	long long impl, part, variant, revision;	/* -1 unknown */
	char name[48];
};

struct cpus {
	struct cpuset online;
	int n;				/* highest cpu + 1 seen */
	struct cpu_id *id;		/* id[0] to id[cap - 1] (allocated) */
	int cap;
	char model[128];		/* "model name" (x86) as a last resort */
	char features[512];		/* first "Features" line */
	char hardware[128];		/* "Hardware" (32-bit ARM kernels) */
	char pi_model[128];		/* "Model" (Raspberry Pi kernels) */
};

/* Read the CPUs into c (released with sysinfo_cpus_release()). */
void sysinfo_read_cpus(struct cpus *c, struct sysinfo_notes *notes);
void sysinfo_cpus_release(struct cpus *c);
/* "4 x Cortex-A55 + 4 x Cortex-A76" over the online CPUs. */
void sysinfo_cores_summary(const struct cpus *c, char *buf, size_t len);
/* The snapshot's cores, clusters (with this boot's measured clock, as
 * clockcache.c keeps it) and caches from c. */
void sysinfo_cores_fill(struct system_info *si, const struct cpus *c);
void sysinfo_clusters_fill(struct system_info *si, const struct cpus *c,
    struct sysinfo_notes *notes);
void sysinfo_caches_fill(struct system_info *si, const struct cpus *c,
    struct sysinfo_notes *notes);
/*
 * The numbers N (below limit) of the entries named <prefix>N in folder
 * dir, sorted, into *nums (owned; NULL when none); the count, 0 when the
 * folder cannot be read.
 */
int sysinfo_numbered_entries(const char *dir, const char *prefix, int limit,
    int **nums);

/* reading a value (sysinfo-probe.c) */

/* Note a value that was there but unusable (missing files are silent). */
void sysinfo_note_bad(struct sysinfo_notes *notes, const char *path, int rc,
    const char *raw);
/* A number from a file, noted when malformed; SYSFS_* code. */
int sysinfo_read_num(struct sysinfo_notes *notes, const char *path, int hex,
    long long *v);
/* s copied when rc is SYSFS_OK, else NULL. */
char *sysinfo_str_or_null(int rc, const char *s);

#endif
