/*
 * fuzz-common.c - what the harnesses share: their start (error lines
 * quiet).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"

/*
 * The code under test reports bad input on stderr, once per input; while
 * fuzzing that is millions of lines.  Point the stdio stream elsewhere but
 * keep descriptor 2, where the sanitizers and libFuzzer write.
 */
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	FILE *null;

	(void)argc;
	(void)argv;
	if (getenv("FUZZ_VERBOSE") != NULL)
		return 0;
	null = fopen("/dev/null", "w");
	if (null != NULL)
		stderr = null;
	return 0;
}
