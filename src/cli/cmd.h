/*
 * cmd.h - subcommands (one file each) and what they share.  Every
 * subcommand has the signature cmd_<name>(argc, argv) and returns the
 * exit status; only subcommands and main.c exit.
 */
#ifndef BOARDBENCH_CMD_H
#define BOARDBENCH_CMD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct store;
struct fmt;
struct json_t;

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
};
extern const struct command commands[];

int cmd_list(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_import(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_exec(int argc, char **argv);

/*
 * compare's columns, shared with `report --pool` (cmd-compare.c): the runs
 * one spec names appended to cs as columns (with pool, a tag: every
 * complete run with it, pooled); 0, or -1 with the error printed.
 */
struct cmp_inputs;
int cmd_compare_inputs(struct cmp_inputs *cs, const char *spec,
    unsigned flags, const char *db, struct store **st, int pool);
void cmd_compare_inputs_release(struct cmp_inputs *cs);
/*
 * One column of the comparison table from a column's rows, as compare
 * and report set it: its paired session is the pooled pair_key, else
 * the one run's own pairing.
 */
struct cmp_column;
struct result;
struct system_info;
void cmd_cmp_column(struct cmp_column *cc, const struct result *rows,
    size_t n, size_t runs, const char *pair_key,
    const struct system_info *si);

/* Each command's option table and --help (cmd-opt.h). */
struct cmd_opts;
extern const struct cmd_opts cmd_list_opts, cmd_info_opts, cmd_run_opts,
    cmd_show_opts, cmd_export_opts, cmd_compare_opts, cmd_import_opts,
    cmd_report_opts, cmd_exec_opts;

/*
 * run's checks before a run (governor, a busy machine) with its defaults
 * and this monitoring, into the system snapshot sys; warnings on stderr
 * when tty.  And the command line as stored with a run.
 */
void cmd_run_checks(double hot_temp, int no_monitor, int tty,
    struct json_t *sys);
char *cmd_join_argv(int argc, char **argv);
/*
 * This build's identity and this machine's snapshot, probed, as ri's
 * structs and as the objects stored with the run (keys sorted, as the
 * store keeps them); checks (taken over) joins the snapshot object.
 */
struct run_info;
void cmd_identity(struct run_info *ri, struct json_t *checks);
/*
 * A run's own facts into ri's snapshot, struct and object: the jitter and
 * pace measured at its start (noise_measure's) and, paired (pid not NULL),
 * the session and which of nbuilds builds this one is.
 */
struct si_run;
void cmd_run_facts(struct run_info *ri, const struct si_run *noise,
    const char *pid, size_t build, size_t nbuilds);

/* Print the runs with their rows through f; -1 on a store error. */
int cmd_print_runs(struct store *, const int64_t *ids, size_t n,
    struct fmt *f);

/* show and export: one body, different defaults (export: all runs, JSON). */
int cmd_show_runs(int argc, char **argv, int is_export);

/* Bad usage: one line "boardbench: CMD: what", returns exit status 2. */
int cmd_bad_usage(const char *cmd, const char *what);
/* --columns ARG of run and show into FMT_COL_* bits: 0, or the one line
 * and exit status 2. */
int cmd_columns_opt(const char *cmd, const char *arg, unsigned *columns);
/* After getopt_long returned '?' or ':' (opterr = 0): the one line. */
int cmd_getopt_error(const char *cmd, int argc, char **argv, int optopt_c);

#endif
