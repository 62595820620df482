/*
 * cmd-import.c - `boardbench import FILE...`: add exported runs to the
 * store.  Every file is read and checked before anything is written; a run
 * already in the store (same uuid) is left as it is.  Files are streamed,
 * run by run, twice (check, then store), so memory follows the largest
 * run; each run is one transaction, in the store whole or not at all.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "cmd-opt.h"
#include "export.h"
#include "store.h"
#include "util.h"

static const struct cmd_opt import_opt[] = {
	CMD_OPT_DB,
	CMD_OPT_HELP,
	CMD_OPT_END
};

const struct cmd_opts cmd_import_opts = {
	.head =
"usage: boardbench import [--db FILE] FILE...\n"
"\n"
"Adds the runs in files written by 'boardbench export' (or run --format\n"
"json) to the store.  All files are checked first; a file that is not a\n"
"boardbench export, or is truncated, stops the import before anything is\n"
"written.  Each run is added whole or not at all (one transaction), so an\n"
"interrupted import can simply be repeated.  Runs already in the store\n"
"(same uuid) are skipped.\n",
	.opt = import_opt,
	.col = 15
};

struct import_ctx {
	struct store *st;
	const char *path;
	size_t added, skipped;
	char failed[48];	/* the run not added (its uuid), if any */
	const char *failed_path;
};

/* The first pass: export_scan_file checks each run; nothing to add. */
static int
check_run(void *arg, struct loaded_run *lr)
{
	(void)arg;
	(void)lr;
	return 0;
}

/* The second pass: one transaction per run, the uuid looked up inside. */
static int
import_run(void *arg, struct loaded_run *lr)
{
	struct import_ctx *ic = arg;
	int64_t id;
	size_t k;
	int rc;

	if (store_begin(ic->st) != 0)
		return -1;
	rc = store_run_by_uuid(ic->st, lr->ri.uuid, &id);
	if (rc == 0) {
		store_rollback(ic->st);
		ic->skipped++;
		return 0;
	}
	if (rc < 0 || store_run_add(ic->st, &lr->ri) != 0)
		goto fail;
	for (k = 0; k < lr->n; k++)
		if (store_result_add(ic->st, lr->ri.id, &lr->rows[k]) != 0)
			goto fail;
	if (store_run_finish(ic->st, &lr->ri) != 0 ||
	    store_commit(ic->st) != 0)
		goto fail;
	ic->added++;
	return 0;
fail:
	/* the store said why, in one line; the summary says which run */
	store_rollback(ic->st);
	strlcpy_bb(ic->failed, lr->ri.uuid, sizeof(ic->failed));
	ic->failed_path = ic->path;
	return -1;
}

int
cmd_import(int argc, char **argv)
{
	struct import_ctx ic;
	const char *db = NULL;
	int c, i, rc = EXIT_OK;
	struct cmd_getopt g;

	cmd_opt_start(&g, &cmd_import_opts);
	while ((c = cmd_opt_next(&g, argc, argv)) != -1) {
		switch (c) {
		case OPT_DB:
			db = optarg;
			break;
		case 'h':
			cmd_opt_usage(stdout, &cmd_import_opts);
			return EXIT_OK;
		default:
			return cmd_getopt_error("import", argc, argv, optopt);
		}
	}
	if (optind == argc)
		return cmd_bad_usage("import", "no file given");
	for (i = optind; i < argc; i++)
		if (export_scan_file(argv[i], check_run, NULL) != 0)
			return EXIT_USAGE;
	memset(&ic, 0, sizeof(ic));
	if ((ic.st = store_open_db(db, 1)) == NULL)
		return store_open_exit();
	for (i = optind; i < argc && rc == EXIT_OK; i++) {
		ic.path = argv[i];
		if (export_scan_file(argv[i], import_run, &ic) != 0)
			rc = EXIT_BENCH;
	}
	store_close(ic.st);
	fprintf(stderr, "imported %zu run%s", ic.added,
	    ic.added == 1 ? "" : "s");
	if (ic.skipped)
		fprintf(stderr, ", skipped %zu already in the store",
		    ic.skipped);
	if (ic.failed[0] != '\0')
		fprintf(stderr, "; run %s of '%s' was not added (the runs "
		    "before it were)", ic.failed, ic.failed_path);
	fputc('\n', stderr);
	return rc;
}
