/*
 * sysinfo.h - build identity (what this binary was built as) and the
 * system snapshot (what it runs on).
 */
#ifndef BOARDBENCH_SYSINFO_H
#define BOARDBENCH_SYSINFO_H

#include <stddef.h>
#include <stdio.h>
#include <jansson.h>

/* Build identity: compiler, flags, configure args, ABI macros, libraries. */
json_t *buildinfo_json(void);
/* One line naming a build flag set, from a build identity object. */
void buildinfo_label(const json_t *build, const char *tag, char *buf,
    size_t len);

/* System snapshot: board, CPU, clocks, governor, memory, kernel, load. */
json_t *sysinfo_json(void);
/* One line naming the machine, from a snapshot object. */
void sysinfo_label(const json_t *sys, char *buf, size_t len);

/*
 * The clock of CPU `cpu` in MHz for per-MHz figures: the measured clock
 * when one was measured, else cpufreq's maximum.  0 with *source set to
 * "cpufreq" or "measured"; -1 when unknown.
 */
int sysinfo_cpu_mhz(int cpu, double *mhz, const char **source);

/* Print a JSON object as aligned "key: value" lines (nested with dots). */
void print_kv(FILE *fp, const char *prefix, const json_t *obj);

#endif
