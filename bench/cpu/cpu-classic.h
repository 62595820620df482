/*
 * cpu-classic.h - what the --classic formatters of the CPU kernels share:
 * finding the rows made from a case and printing its per-MHz figure.
 * Formatters only: nothing here measures.
 */
#ifndef BOARDBENCH_CPU_CLASSIC_H
#define BOARDBENCH_CPU_CLASSIC_H

#include <stddef.h>
#include <stdio.h>

#include "result.h"

/* The row `<r's case>/<name>` of r's copy among rows, or NULL. */
const struct result *classic_sub_row(const struct result *r,
    const char *name, const struct result *const *rows, size_t nrows);

/*
 * One line "<label> <figure>  (clock N MHz, source)" from r's derived row
 * `<case>/<name>` when that row is OK (a per-MHz figure known); nothing
 * when it is missing or SKIPPED.  The label is padded to width.
 */
void classic_per_mhz(FILE *fp, const struct result *r, const char *name,
    const char *label, int width, const struct result *const *rows,
    size_t nrows);

/*
 * An integer parameter of a row's canonical "n=100,lda=0,...", as the
 * kernel used it (result_params_used: the extra param:lda when there is
 * one), or -1 when it is absent, not a number or outside 0..max.
 */
long classic_row_param(const struct result *r, const char *name, long max);

#endif
