/*
 * kat.h - what the known-answer tests share.
 */
#ifndef BOARDBENCH_KAT_H
#define BOARDBENCH_KAT_H

#include <stddef.h>

struct bench_info;
struct bench_ctx;

/*
 * A context for b in the quick profile with the -p settings specs[0..n-1]
 * (NULL entries are left out), planned; bails out when a setting is
 * refused or planning fails.
 */
struct bench_ctx *kat_ctx(const struct bench_info *b,
    const char *const *specs, size_t n);

#endif
