/*
 * fuzz-iperf3.c - the iperf3 benchmark's reader of `iperf3 -J` output.
 * The first byte picks the test (its low two bits: up, down, bidir, udp),
 * the rest is the document.
 */
#include "config.h"

#include <string.h>

#include "fuzz.h"
#include "net-iperf3.h"
#include "runner-int.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const tests[] = { "up", "down", "bidir", "udp" };
	struct bench_ctx ctx;
	double value = 0;

	if (size < 1)
		return 0;
	memset(&ctx, 0, sizeof(ctx));
	ctx.info = registry_find("iperf3");
	(void)iperf3_parse_json(&ctx, tests[data[0] & 3],
	    (const char *)data + 1, size - 1, &value);
	return 0;
}
