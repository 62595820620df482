/*
 * sysinfo-show.h - identity for people: the one-line labels of a build
 * and a machine, and `info`'s summary and detail.
 */
#ifndef BOARDBENCH_SYSINFO_SHOW_H
#define BOARDBENCH_SYSINFO_SHOW_H

#include <stddef.h>
#include <stdio.h>
#include <jansson.h>

#include "sysinfo.h"

/* One line naming a build flag set. */
void buildinfo_label(const json_t *build, const char *tag, char *buf,
    size_t len);
/* One line naming the machine. */
void sysinfo_label(const json_t *sys, char *buf, size_t len);

/* Print a JSON object as aligned "key: value" lines (nested with dots). */
void print_kv(FILE *fp, const char *prefix, const json_t *obj);

#endif
