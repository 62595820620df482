/*
 * cmd-import.c - `boardbench import FILE...`: add exported runs to the
 * store.  Every file is read and checked before anything is written; a run
 * already in the store (same uuid) is left as it is.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "export.h"
#include "store.h"
#include "util.h"

static const char import_usage[] =
"usage: boardbench import [--db FILE] FILE...\n"
"\n"
"Adds the runs in files written by 'boardbench export' (or run --format\n"
"json) to the store.  All files are checked first; a file that is not a\n"
"boardbench export, or is truncated, stops the import before anything is\n"
"written.  Runs already in the store (same uuid) are skipped.\n"
"  --db FILE    results store (default $XDG_DATA_HOME/boardbench/results.db)\n"
"  -h, --help   this text\n";

int
cmd_import(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct loaded_run **runs;
	size_t *nruns, nfiles, i, j, k, added = 0, skipped = 0;
	const char *db = NULL;
	struct store *st;
	int c, rc = EXIT_OK;
	int64_t id;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			db = optarg;
			break;
		case 'h':
			cmd_usage(stdout, import_usage);
			return EXIT_OK;
		default:
			return cmd_getopt_error("import", argc, argv, optopt);
		}
	}
	if (optind == argc)
		return cmd_bad_usage("import", "no file given");
	nfiles = (size_t)(argc - optind);
	runs = xcalloc(nfiles, sizeof(*runs));
	nruns = xcalloc(nfiles, sizeof(*nruns));
	for (i = 0; i < nfiles; i++)
		if (export_load_file(argv[optind + (int)i], &runs[i],
		    &nruns[i]) != 0) {
			rc = EXIT_USAGE;
			goto out;
		}
	if ((st = cmd_open_store(db, 1)) == NULL) {
		rc = EXIT_USAGE;
		goto out;
	}
	for (i = 0; i < nfiles && rc == EXIT_OK; i++) {
		for (j = 0; j < nruns[i]; j++) {
			struct loaded_run *lr = &runs[i][j];

			if (store_run_by_uuid(st, lr->ri.uuid, &id) == 0) {
				skipped++;
				continue;
			}
			if (store_run_begin(st, &lr->ri) != 0) {
				rc = EXIT_BENCH;
				break;
			}
			for (k = 0; k < lr->n; k++)
				if (store_result_add(st, lr->ri.id,
				    &lr->rows[k]) != 0) {
					rc = EXIT_BENCH;
					break;
				}
			if (rc != EXIT_OK ||
			    store_run_finish(st, &lr->ri) != 0) {
				rc = EXIT_BENCH;
				break;
			}
			added++;
		}
	}
	store_close(st);
	fprintf(stderr, "imported %zu run%s%s", added, added == 1 ? "" : "s",
	    skipped ? "" : "\n");
	if (skipped)
		fprintf(stderr, ", skipped %zu already in the store\n",
		    skipped);
out:
	for (i = 0; i < nfiles; i++)
		loaded_runs_free(runs[i], nruns[i]);
	free(runs);
	free(nruns);
	return rc;
}
