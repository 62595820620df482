/*
 * cmd-show.c - `boardbench show` and `boardbench export`: stored runs in
 * any output format.  They differ only in their defaults: show prints the
 * last run as a table, export every run as JSON.
 */
#include "config.h"

#include <getopt.h>
#include <unistd.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "cmd-opt.h"
#include "export.h"
#include "fmt.h"
#include "runinfo.h"
#include "runspec.h"
#include "store.h"
#include "sysinfo-show.h"
#include "util.h"

enum { O_LAST = OPT_OWN, O_ALL, O_LIST };

static const char tag_text[] = "every run tagged T";

/*
 * show and export take the same options (one body); each lists those
 * its defaults make useful.
 */
static const struct cmd_opt show_opt[] = {
	{ "last", 0, CMD_OPT_NOARG, NULL, O_LAST,
	    "the last run" },
	CMD_OPT_TAG("T", tag_text),
	{ "all", 0, CMD_OPT_NOARG, NULL, O_ALL,
	    "every run" },
	{ "list", 0, CMD_OPT_NOARG, NULL, O_LIST,
	    "one line per run: id, date, status, profile, tag, build\n"
	    "(a running run whose process is gone shows 'interrupted');\n"
	    "with --format csv, tsv or json, for scripts: also uuid and\n"
	    "end, every field whole" },
	CMD_OPT_FORMAT(cmd_opt_format_text),
	CMD_OPT_CLASSIC("also the classic reports (text format)"),
	CMD_OPT_NO_HEADLINE("no block of the quoted figures after each run"),
	CMD_OPT_VERBOSE(
	    "text view: every row, also the per-MHz rows SKIPPED for\n"
	    "want of a clock (otherwise one line after the table)"),
	CMD_OPT_COLUMNS("L",
	    "text view: more columns per row from the monitor, a comma\n"
	    "list of +temp (highest, 71C), +mhz (lowest and highest\n"
	    "clock, 600-1500), +power (mean supply watts); '-' where\n"
	    "the row has none"),
	CMD_OPT_DB,
	CMD_OPT_HELP,
	{ NULL, 'o', CMD_OPT_ARG, "FILE", 'o', NULL },
	CMD_OPT_END
};

static const struct cmd_opt export_opt[] = {
	CMD_OPT_FORMAT("json (default) | csv | tsv"),
	CMD_OPT_TAG("T", tag_text),
	{ NULL, 'o', CMD_OPT_ARG, "FILE", 'o',
	    "write to FILE instead of standard output (replaced only\n"
	    "when written in full; never the store or another store)" },
	CMD_OPT_DB,
	CMD_OPT_HELP,
	{ "last", 0, CMD_OPT_NOARG, NULL, O_LAST, NULL },
	{ "all", 0, CMD_OPT_NOARG, NULL, O_ALL, NULL },
	{ "list", 0, CMD_OPT_NOARG, NULL, O_LIST, NULL },
	CMD_OPT_CLASSIC(NULL),
	CMD_OPT_NO_HEADLINE(NULL),
	CMD_OPT_VERBOSE(NULL),
	CMD_OPT_COLUMNS("L", NULL),
	CMD_OPT_END
};

const struct cmd_opts cmd_show_opts = {
	.head =
"usage: boardbench show [OPTIONS] [RUN...]\n"
"\n"
"Prints stored runs (default: the last one).  RUN is a run id, a run uuid,\n"
"'last', or a tag (the latest run with it; tag:T forces the tag meaning).\n",
	.opt = show_opt,
	.col = 16
};

const struct cmd_opts cmd_export_opts = {
	.head =
"usage: boardbench export [OPTIONS] [RUN...]\n"
"\n"
"Writes stored runs (default: all) with build identity, system snapshot and\n"
"raw samples, for 'boardbench import' on another machine or for scripts.\n"
"RUN is as for 'boardbench show'.\n",
	.opt = export_opt,
	.col = 16
};

/*
 * Print s in at most room columns: cut (between characters) and ended by
 * "..." when longer.  A UTF-8 character is one column.
 */
static void
print_cut(const char *s, int room)
{
	size_t i, cut = 0;
	int cols = 0, total = 0;

	for (i = 0; s[i] != '\0'; i++)
		total += ((unsigned char)s[i] & 0xc0) != 0x80;
	if (total <= room) {
		fputs(s, stdout);
		return;
	}
	for (i = 0; s[i] != '\0'; i++) {
		if (((unsigned char)s[i] & 0xc0) != 0x80 && cols++ == room - 3)
			break;
		cut = i + 1;
	}
	printf("%.*s...", (int)(room > 3 ? cut : 0), s);
}

/*
 * The text list's BUILD: what tells builds apart, short enough for 80
 * columns: the compiler without its target triplet and its major
 * version, the -O level, the float ABI when not the machine's native
 * one, e.g. "gcc12 O3 hard", "clang16 O1" (the whole label is in the
 * CSV, TSV and JSON list and in `show RUN`).  Empty when nothing is known.
 */
static void
short_build(const struct build_info *b, char *buf, size_t len)
{
	const char *cc = "", *p, *end, *ver = "", *opt = "", *abi = "";
	int cclen, verlen;

	buf[0] = '\0';
	if (b == NULL)
		return;
	if (b->cc != NULL) {
		/* "/usr/bin/arm-linux-gnueabihf-gcc --sysroot=...": "gcc" */
		end = b->cc + strcspn(b->cc, " ");
		cc = b->cc;
		for (p = cc; p < end; p++)
			if (*p == '-' || *p == '/')
				cc = p + 1;
		cclen = (int)(end - cc);
	} else
		cclen = 0;
	if (b->compiler_macro_version != NULL)
		ver = b->compiler_macro_version;
	verlen = (int)strcspn(ver, ".");
	if (b->opt_level != NULL)
		opt = b->opt_level[0] == '-' ? b->opt_level + 1 : b->opt_level;
	if (b->float_abi != NULL && strcmp(b->float_abi, "native") != 0)
		abi = b->float_abi;
	bufprintf(buf, len, "%.*s%.*s%s%s%s%s", cclen, cc, verlen, ver,
	    opt[0] != '\0' && cclen > 0 ? " " : "", opt,
	    abi[0] != '\0' ? " " : "", abi);
}

/* The fields of `show --list`, in order, for every format. */
static const char *const list_fields[] = {
	"run", "uuid", "started", "finished", "status", "profile", "tag",
	"build"
};

/*
 * One line per run for people: the build's short label (short_build),
 * cut when still too long for the width (`show RUN` prints the build
 * whole).  Scripts read the CSV, TSV or JSON list instead.
 */
static void
list_text(FILE *fp, const struct run_info *ri, int width)
{
	char label[64];
	char e_label[FMT_SAFE(512)], e_tag[FMT_SAFE(128)];
	char e_started[FMT_SAFE(32)], e_status[FMT_SAFE(16)];
	char e_profile[FMT_SAFE(16)];
	int col;

	short_build(ri->build, label, sizeof(label));
	col = fprintf(fp, "%-5lld %-20s %-11s %-8s %-16s ", (long long)ri->id,
	    fmt_safe(e_started, sizeof(e_started), ri->started),
	    fmt_safe(e_status, sizeof(e_status), ri->status),
	    fmt_safe(e_profile, sizeof(e_profile), ri->profile),
	    ri->tag[0] ? fmt_safe(e_tag, sizeof(e_tag), ri->tag) : "-");
	print_cut(fmt_safe(e_label, sizeof(e_label), label),
	    width - (col > 0 ? col : 0));
	putc('\n', fp);
}

/* One run of the list as a CSV or TSV line (sep) or a JSON object. */
static int
list_one(FILE *fp, const char *format, const struct run_info *ri,
    const char *label, json_t *arr)
{
	char id[32];
	const char *v[ARRAY_SIZE(list_fields)];
	size_t k;
	json_t *o;

	snprintf(id, sizeof(id), "%lld", (long long)ri->id);
	v[0] = id; v[1] = ri->uuid; v[2] = ri->started; v[3] = ri->finished;
	v[4] = ri->status; v[5] = ri->profile; v[6] = ri->tag; v[7] = label;
	if (arr == NULL) {
		for (k = 0; k < ARRAY_SIZE(list_fields); k++)
			fmt_sep_field(fp, v[k], strcmp(format, "tsv") == 0 ?
			    '\t' : ',', k == 0);
		putc('\n', fp);
		return 0;
	}
	if ((o = json_object()) == NULL ||
	    json_array_append_new(arr, o) != 0 ||
	    json_object_set_new(o, list_fields[0],
	    json_integer((json_int_t)ri->id)) != 0)
		return -1;
	for (k = 1; k < ARRAY_SIZE(list_fields); k++)
		if (json_object_set_new(o, list_fields[k],
		    export_jstr(v[k][0] != '\0' ? v[k] : NULL)) != 0)
			return -1;
	return 0;
}

/*
 * `show --list`: one line per run (text, the default), or for scripts the
 * same fields as CSV or TSV with a header line, or as a JSON array of
 * objects (an empty field is null).  0, or -1 when the list could not be
 * made or written (said on stderr).
 */
static int
list_runs(struct store *st, const int64_t *ids, size_t n,
    const char *format, int width)
{
	FILE *fp = stdout;
	struct run_info ri;
	char label[512];
	json_t *arr = NULL;
	size_t i, k;
	int text = strcmp(format, "text") == 0, rc = 0;

	if (strcmp(format, "json") == 0 && (arr = json_array()) == NULL)
		return error("out of memory"), -1;
	if (text)
		fprintf(fp, "%-5s %-20s %-11s %-8s %-16s %s\n", "RUN",
		    "STARTED", "STATUS", "PROFILE", "TAG", "BUILD");
	else if (arr == NULL) {
		for (k = 0; k < ARRAY_SIZE(list_fields); k++)
			fmt_sep_field(fp, list_fields[k], strcmp(format,
			    "tsv") == 0 ? '\t' : ',', k == 0);
		putc('\n', fp);
	}
	for (i = 0; i < n && rc == 0; i++) {
		memset(&ri, 0, sizeof(ri));
		if (store_run_get(st, ids[i], &ri) != 0)
			continue;
		buildinfo_label(ri.build, NULL, label, sizeof(label));
		if (text)
			list_text(fp, &ri, width);
		else if (list_one(fp, format, &ri, label, arr) != 0) {
			error("out of memory");
			rc = -1;
		}
		run_info_release(&ri);
	}
	if (arr != NULL && rc == 0 && (json_dumpf(arr, fp, JSON_INDENT(2)) != 0 ||
	    putc('\n', fp) == EOF))
		rc = -1;
	json_decref(arr);
	return rc;
}

/*
 * The runs show or export prints into *ids (*n of them): those the specs
 * name, else those tagged tag (at least one), else every run when all,
 * else the last; -1 with a message.
 */
static int
select_runs(struct store *st, char **specs, size_t nspecs, const char *tag,
    int all, int64_t **ids, size_t *n)
{
	char *lastspec[] = { "last" };
	int rc;

	if (nspecs > 0)
		return runspec_resolve(st, specs, nspecs, ids, n);
	if (tag != NULL) {
		rc = store_run_ids(st, tag, ids, n);
		if (rc == 0 && *n == 0)
			return error("no run with tag '%s'", tag);
		return rc;
	}
	if (all)
		return store_run_ids(st, NULL, ids, n);
	return runspec_resolve(st, lastspec, 1, ids, n);
}

int
cmd_show_runs(int argc, char **argv, int is_export)
{
	const char *cmd = is_export ? "export" : "show";
	const char *format = is_export ? "json" : "text", *db = NULL;
	const char *tag = NULL, *out = NULL;
	int c, last = 0, all = is_export, list = 0, classic = 0, rc;
	int noheadline = 0, verbose = 0;
	unsigned columns = 0;
	int64_t *ids = NULL;
	size_t n = 0;
	struct store *st;
	struct fmt *f;
	FILE *fp = stdout;
	struct out_file of;
	char what[200];
	const struct cmd_opts *opts = is_export ? &cmd_export_opts :
	    &cmd_show_opts;
	struct cmd_getopt g;

	cmd_opt_start(&g, opts);
	while ((c = cmd_opt_next(&g, argc, argv)) != -1) {
		switch (c) {
		case O_LAST: last = 1; break;
		case OPT_TAG: tag = optarg; break;
		case O_ALL: all = 1; break;
		case O_LIST: list = 1; break;
		case OPT_FORMAT: format = optarg; break;
		case OPT_CLASSIC: classic = 1; break;
		case OPT_NO_HEADLINE: noheadline = 1; break;
		case OPT_VERBOSE: verbose = 1; break;
		case OPT_COLUMNS:
			if (cmd_columns_opt(cmd, optarg, &columns) != 0)
				return EXIT_USAGE;
			break;
		case OPT_DB: db = optarg; break;
		case 'o': out = optarg; break;
		case 'h':
			cmd_opt_usage(stdout, opts);
			return EXIT_OK;
		default:
			return cmd_getopt_error(cmd, argc, argv, optopt);
		}
	}
	if (!fmt_known(format)) {
		snprintf(what, sizeof(what), "unknown format '%s' (allowed: "
		    "%s)", format, fmt_names);
		return cmd_bad_usage(cmd, what);
	}
	if (out != NULL && store_output_check(out, db) != 0)
		return EXIT_USAGE;
	if ((st = store_open_db(db, 0)) == NULL)
		return store_open_exit();
	if (select_runs(st, argv + optind, (size_t)(argc - optind), tag,
	    (all || list) && !last, &ids, &n) != 0) {
		store_close(st);
		return EXIT_USAGE;
	}
	if (list) {
		rc = list_runs(st, ids, n, format,
		    fmt_term_width(STDOUT_FILENO));
		free(ids);
		store_close(st);
		return rc == 0 ? EXIT_OK : EXIT_BENCH;
	}
	if (out != NULL) {
		if (out_file_open(&of, out) != 0) {
			free(ids);
			store_close(st);
			return EXIT_BENCH;
		}
		fp = of.fp;
	}
	f = fmt_new(format, fp);
	f->classic = classic;
	f->no_headline = noheadline;
	f->verbose = verbose;
	f->columns = columns;
	f->width = out == NULL ? fmt_term_width(STDOUT_FILENO) : 80;
	rc = cmd_print_runs(st, ids, n, f);
	fmt_free(f);
	if (out != NULL) {
		/* the file replaces what was there only when whole */
		if (rc == 0)
			rc = out_file_commit(&of);
		else
			out_file_abort(&of);
	}
	free(ids);
	store_close(st);
	return rc == 0 ? EXIT_OK : EXIT_BENCH;
}

int
cmd_show(int argc, char **argv)
{
	return cmd_show_runs(argc, argv, 0);
}
