/*
 * cmd-util.c - what the subcommands share: opening the store, usage
 * messages (run specs are resolved in runspec.c).
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "fmt.h"
#include "runinfo.h"
#include "store.h"
#include "util.h"

int
cmd_bad_usage(const char *cmd, const char *what)
{
	error("%s: %s (see 'boardbench %s --help')", cmd, what, cmd);
	return EXIT_USAGE;
}

int
cmd_columns_opt(const char *cmd, const char *arg, unsigned *columns)
{
	char what[200], e[FMT_SAFE(48)], cut[48];

	if (fmt_columns_parse(arg, columns) == 0)
		return 0;
	bufprintf(cut, sizeof(cut), "%s", arg);
	bufprintf(what, sizeof(what), "bad --columns '%s' (allowed: a comma "
	    "list of %s)", fmt_safe(e, sizeof(e), cut), fmt_column_names);
	return cmd_bad_usage(cmd, what);
}

int
cmd_getopt_error(const char *cmd, int argc, char **argv, int optopt_c)
{
	char what[160];
	const char *arg = optind - 1 < argc && optind >= 1 ?
	    argv[optind - 1] : "?";

	if (optopt_c != 0 && strchr(arg, '=') == NULL &&
	    strncmp(arg, "--", 2) != 0)
		snprintf(what, sizeof(what), "option '-%c' %s", optopt_c,
		    arg[0] == '-' && arg[1] == optopt_c && arg[2] == '\0' ?
		    "needs a value or is unknown" : "is unknown");
	else
		snprintf(what, sizeof(what), "bad option '%s'", arg);
	return cmd_bad_usage(cmd, what);
}

int
cmd_print_runs(struct store *st, const int64_t *ids, size_t n,
    struct fmt *f)
{
	struct run_info ri;
	struct result *rows;
	size_t i, j, nrows;
	int rc = 0;

	for (i = 0; i < n && rc == 0; i++) {
		memset(&ri, 0, sizeof(ri));
		if (store_run_get(st, ids[i], &ri) != 0 ||
		    store_results_get(st, ids[i], &rows, &nrows) != 0) {
			run_info_release(&ri);
			rc = -1;
			break;
		}
		for (j = 0; j < nrows; j++)
			fmt_size_name(f, rows[j].bench, rows[j].case_name,
			    rows[j].copies);
		fmt_begin(f, &ri);
		for (j = 0; j < nrows; j++) {
			fmt_result(f, &rows[j]);
			result_release(&rows[j]);
		}
		free(rows);
		fmt_end(f, &ri);
		run_info_release(&ri);
	}
	return rc;
}
