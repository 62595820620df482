/*
 * sysinfo.h - build identity (what this binary was built as) and the
 * system snapshot (what it runs on).  Every machine file is read through
 * sysfs.h, so BOARDBENCH_SYSROOT moves all of it.
 */
#ifndef BOARDBENCH_SYSINFO_H
#define BOARDBENCH_SYSINFO_H

#include <stddef.h>
#include <stdio.h>
#include <jansson.h>

/*
 * Build identity: compiler, flags, configure args, ABI macros, libraries,
 * and the running executable's ELF machine and ARM build attributes with
 * whether they agree with the macros ("abi_check").
 */
json_t *buildinfo_json(void);
/* One line naming a build flag set, from a build identity object. */
void buildinfo_label(const json_t *build, const char *tag, char *buf,
    size_t len);

/*
 * System snapshot: board, SoC, cores, clusters and cpufreq policies,
 * caches, memory and swap, thermal zones, throttling bits, kernel,
 * distribution, load.  Unknown values are null; unusable ones are also
 * explained in "notes".  Never fails.
 */
json_t *sysinfo_json(void);
/* One line naming the machine, from a snapshot object. */
void sysinfo_label(const json_t *sys, char *buf, size_t len);

/*
 * The clock of CPU `cpu` in MHz for per-MHz figures: the clock measured
 * by `info --measure-clock` or `run --measure-clock` when one was
 * measured since the last boot (cached in clock.json beside the default
 * store), else cpufreq's maximum for that CPU (scaling_max_freq, else
 * cpuinfo_max_freq).  0 with *source set to "measured" or "cpufreq";
 * -1 when unknown.  It never measures by itself.
 */
int sysinfo_cpu_mhz(int cpu, double *mhz, const char **source);

/* "Cortex-A72" from MIDR implementer and part numbers. */
void sysinfo_core_name(unsigned impl, unsigned part, char *buf, size_t len);

/* cpufreq policies: numbers and CPU masks (first 64 CPUs); the count. */
int sysinfo_policies(int *nums, unsigned long long *masks, int max);
/* thermal_zoneN numbers, sorted; the count. */
int sysinfo_thermal_zones(int *nums, int max);

/*
 * Raspberry Pi firmware throttling bits: `vcgencmd get_throttled` on the
 * real machine when it is on PATH, else the firmware's sysfs node, else
 * the rpi_volt hwmon under-voltage alarm.  0 with *source set; -1 when
 * none is there.  notes (may be NULL) gets malformed values.
 * The _sysfs variant never runs a program (the sampler uses it).
 */
int sysinfo_throttled(unsigned long *bits, const char **source,
    json_t *notes);
int sysinfo_throttled_sysfs(unsigned long *bits, const char **source,
    json_t *notes);
int sysinfo_have_vcgencmd(void);
/* {"raw", "now": {under_voltage, ...}, "since_boot": {...}} */
json_t *sysinfo_throttle_decode(unsigned long bits);

/* Print a JSON object as aligned "key: value" lines (nested with dots). */
void print_kv(FILE *fp, const char *prefix, const json_t *obj);

#endif
