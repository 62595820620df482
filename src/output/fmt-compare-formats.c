/*
 * fmt-compare-formats.c - compare's formats by name: the table that
 * cmd-compare.c picks its formatter from, as fmt.c's is for run's.  Its
 * own file, above the formatters, so that calls go one way (the
 * formatters call fmt-compare.c's shared helpers).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "fmt-compare.h"
#include "util.h"

/* fmt-compare.h: the formats by name, in fmt_names's order */
fmt_compare_fn *
fmt_compare_format(const char *name)
{
	static const struct {
		const char *name;
		fmt_compare_fn *print;
	} formats[] = {
		{ "text", fmt_compare_text }, { "csv", fmt_compare_csv },
		{ "tsv", fmt_compare_tsv }, { "json", fmt_compare_json },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(formats); i++)
		if (strcmp(formats[i].name, name) == 0)
			return formats[i].print;
	return NULL;
}
