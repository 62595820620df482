/*
 * store.h - the SQLite results store (doc/DESIGN.md section 4).  Every result
 * row is committed the moment it is measured.  A file that is not a
 * boardbench database, or is corrupt, is refused and never written.
 */
#ifndef BOARDBENCH_STORE_H
#define BOARDBENCH_STORE_H

#include <stddef.h>
#include <stdint.h>
#include "result.h"

#define STORE_SCHEMA_VERSION 3

struct store;

/* $XDG_DATA_HOME/boardbench/results.db, else ~/.local/share/...; owned. */
char *store_default_path(void);

/*
 * Open (create: also make the file and, for the default path only, its
 * folder).  Errors are printed once; returns NULL.
 */
struct store *store_open(const char *path, int create, int make_dirs);
/*
 * Open for reading only (SQLITE_OPEN_READONLY): the file must already be
 * a store; nothing is created, migrated or written, so a read-only file
 * or folder is fine.
 */
struct store *store_open_readonly(const char *path);
/*
 * Open the store named by --db (NULL: the default).  create: make it when
 * missing (the default path also gets its folder); else it is opened
 * read-only and must be a store already.  Errors are printed.
 */
struct store *store_open_db(const char *db, int create);
/*
 * The exit status for the last open that failed: EXIT_BENCH (1) when the
 * file system refused a write or a read (a full disk, a file size limit,
 * an I/O error, read-only media), as for any output; else EXIT_USAGE (2).
 */
int store_open_exit(void);
void store_close(struct store *);
const char *store_path(const struct store *);

/*
 * One transaction (import: one per run, so a run is there whole or not
 * at all).  begin waits for other writers; commit rolls back on failure.
 */
int store_begin(struct store *);
int store_commit(struct store *);
void store_rollback(struct store *);

/*
 * An output file (show and export -o, report -o, compare --plot) must not
 * be a file of the store db (NULL: the default one): the store, its -wal,
 * -shm or -journal, by name whether or not they exist, and known by
 * device and inode whatever the name; nor any other boardbench store or
 * its -wal, -shm, -journal; nor an existing FIFO, device or folder: one
 * error line and -1, else 0.
 */
int store_output_check(const char *out, const char *db);

/* A random (version 4) UUID for a new run; -1 with an error printed. */
int store_make_uuid(char *buf, size_t len);

/*
 * Insert the run (sets ri->id and ri->uuid when empty).  begin: a run this
 * process writes now (recorded as its writer); add: a finished run from
 * elsewhere (import), kept with the status it has.
 */
int store_run_begin(struct store *, struct run_info *ri);
int store_run_add(struct store *, struct run_info *ri);
/* Insert one row and commit; sets r->id. */
int store_result_add(struct store *, int64_t run_id, struct result *r);
/*
 * A case's rows, whole or not at all, in one transaction; with done >= 0
 * the run's counts go with them: planned cases and done (stored whole, this
 * one included).  0, or -1 with one error line (nothing stored).
 */
int store_case_add(struct store *, int64_t run_id, struct result *rows,
    size_t n, int64_t planned, int64_t done);
/* Update status and finished time; -1 with one error line. */
int store_run_finish(struct store *, const struct run_info *ri);

/*
 * 0 found, 1 no such run, -1 error.  A run still "running" whose writer
 * process is gone (killed, the board rebooted, or it could not write its
 * final status) reads as "complete" when every case it planned was stored
 * (store_case_add), else as "interrupted".
 */
int store_run_get(struct store *, int64_t id, struct run_info *ri);
int store_run_by_uuid(struct store *, const char *uuid, int64_t *id);
/* Run ids, oldest first: all (tag NULL) or with that tag. */
int store_run_ids(struct store *, const char *tag, int64_t **ids, size_t *n);
int store_results_get(struct store *, int64_t run_id, struct result **rows,
    size_t *n);

#endif
