/*
 * net-iperf3.h - the iperf3 benchmark's JSON reader, exposed for its fuzz
 * harness (tests/fuzz/fuzz-iperf3.c) and tests.
 */
#ifndef BOARDBENCH_NET_IPERF3_H
#define BOARDBENCH_NET_IPERF3_H

#include <stddef.h>
#include "bench.h"

/*
 * Read one iperf3 -J document (len bytes at text, not NUL-terminated) as
 * the test `test` ("up", "down", "bidir" or "udp") would: 0 with the
 * received bit/s in *value and the metrics reported to ctx, or -1 with
 * the reason in ctx.
 */
int iperf3_parse_json(struct bench_ctx *ctx, const char *test,
    const char *text, size_t len, double *value);

#endif
