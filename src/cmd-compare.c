/*
 * cmd-compare.c - `boardbench compare` (issue: build flag sets, sweeps and
 * comparison).  Not written yet: says so and exits 2.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "util.h"

int
cmd_compare(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--help") == 0) {
		printf("usage: boardbench compare A B [C...]\n\n"
		    "Not available in this version yet.\n");
		return EXIT_OK;
	}
	return cmd_bad_usage("compare", "not available in this version yet");
}
