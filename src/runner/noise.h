/*
 * noise.h - the machine's noise floor: how steady a fixed loop runs on
 * each CPU for a moment (doc/DESIGN.md section 4, "Compare").  A run
 * measures it at its start and keeps it in its snapshot; `info` shows
 * it; `compare` widens an unpaired comparison of single runs by it.
 */
#ifndef BOARDBENCH_NOISE_H
#define BOARDBENCH_NOISE_H

#include <stddef.h>

#include "sysinfo.h"

/* Seconds of the fixed loop per CPU, and the length of one chunk. */
#define NOISE_SECONDS	0.12
#define NOISE_CHUNK	0.002

/*
 * On each CPU of cpus[0..n-1] (n 0: every CPU this process may use; at
 * most SI_NOISE_CPUS), pinned there in turn: time a fixed loop in chunks
 * of about NOISE_CHUNK seconds for NOISE_SECONDS, and keep the chunks'
 * robust CV (interquartile range / 1.349 / median).  r->noise_pct is a
 * 95 % band, 2 x the largest CV, in per cent.  The affinity is restored.
 * Returns 0, -1 when nothing could be measured (noise_pct stays NAN).
 */
int noise_measure(const int *cpus, size_t n, struct si_run *r);

#endif
