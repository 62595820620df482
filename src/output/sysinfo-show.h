/*
 * sysinfo-show.h - identity for people: the one-line labels of a build
 * and a machine, and `info`'s summary and detail.
 */
#ifndef BOARDBENCH_SYSINFO_SHOW_H
#define BOARDBENCH_SYSINFO_SHOW_H

#include <stddef.h>
#include <stdio.h>
#include <jansson.h>

#include "buildinfo.h"
#include "sysinfo.h"

/* One line naming a build flag set; b NULL: "unknown build". */
void buildinfo_label(const struct build_info *b, const char *tag,
    char *buf, size_t len);
/* One line naming the machine; s NULL: "unknown machine". */
void sysinfo_label(const struct system_info *s, char *buf, size_t len);

/*
 * `info`'s summary: board, SoC, cores and clocks, memory, OS and kernel,
 * the build's ABI, and warnings (past under-voltage, throttling, a
 * governor other than performance, an emulator), and the VM; each line
 * wrapped to width columns.
 */
void info_summary(FILE *fp, int width, const struct build_info *b,
    const struct system_info *s);

/*
 * The jitter at r's start (a short look at the machine, not its drift):
 * above this, +- per cent, it says only that the machine was busy.
 */
#define SI_JITTER_BUSY	20.0
/* r's jitter at start: "+-3.2 %", "busy at start" or "unknown"; buf. */
const char *sysinfo_noise_text(const struct si_run *r, char *buf,
    size_t len);
/*
 * "== jitter at start: +-3.2 % (CPU 0 +-1.1 %, CPU 1 +-1.6 %): a fixed
 * loop's 2 ms chunks, a short look at the machine", or above
 * SI_JITTER_BUSY "== machine busy at start: ..." (no newline), or ""
 * when r has none; returns buf.
 */
const char *sysinfo_noise_line(const struct si_run *r, char *buf,
    size_t len);
/*
 * "== CPU kernels ran on CPU 3, the fastest at the start (CPU 0 at 0.66
 * of its pace); --cpu to choose", or "... CPU 3 (the CPUs within 5 % of
 * each other at the start) ...", or "" when r's run chose no CPU (no
 * newline); returns buf.
 */
const char *sysinfo_run_cpu_line(const struct si_run *r, char *buf,
    size_t len);

/*
 * Print a JSON object as aligned "key value" lines (nested with dots); a
 * value too long for width columns wraps onto indented lines.
 */
void print_kv(FILE *fp, int width, const char *prefix, const json_t *obj);

#endif
