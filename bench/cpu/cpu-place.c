/*
 * cpu-place.c - picking a copy of a small kernel's code (cpu-place.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cpu-place.h"

int
place_choice(const char *v)
{
	if (strcmp(v, "all") == 0)
		return -1;
	return strcmp(v, "fixed") == 0 ? 0 : atoi(v);
}

unsigned
place_copy(const struct bench_ctx *ctx, const char *value)
{
	int k = place_choice(value);

	return k >= 0 ? (unsigned)k : bench_variant(ctx) % PLACE_COPIES;
}

unsigned
place_code_offset(uintptr_t fn)
{
#ifdef __arm__
	fn &= ~(uintptr_t)1;	/* the Thumb bit */
#endif
	return (unsigned)(fn % PLACE_ALIGN);
}
