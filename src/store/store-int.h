/*
 * store-int.h - what the store's files (store.c, store-write.c,
 * store-read.c, store-files.c) share: the handle, the file's marks, the
 * columns of its tables and the helpers every statement needs.  Not for
 * use outside src/store/ (store.h is the interface).
 */
#ifndef BOARDBENCH_STORE_INT_H
#define BOARDBENCH_STORE_INT_H

#include <stddef.h>
#include <stdint.h>
#include <sqlite3.h>

#define STORE_APPLICATION_ID	0x42424E43	/* "BBNC" */
#define SQLITE_HEADER_SIZE	100
#define SQLITE_APPID_OFFSET	68

struct store {
	sqlite3 *db;
	char *path, *wal;
	int readonly;
	/*
	 * Our own descriptor of the database file: a reader of the file
	 * alone (no -wal beside it, read as immutable) holds its locks on it
	 * (store.c); a writer asks through it whether such a reader is
	 * there before a checkpoint.  -1 when none.
	 */
	int lockfd;
	int64_t version;	/* user_version: 1 lacks the writer columns,
				 * 2 the case counts */
	/* waiting for another writer: what its files looked like, since when */
	double wait_since;
	char wait_sig[96];
};

/*
 * The columns of a result row after id and run_id.  The COL_* values are
 * their positions in this list: insert and select both follow it.
 */
#define RESULT_COLS \
	"seq, bench, grp, case_name, params, unit, better, status, reason, " \
	"median, mean, stddev, cv, min, max, n, iters, cycles, instructions, " \
	"flags, copies, copy, seconds, samples, extra"
enum {
	COL_SEQ, COL_BENCH, COL_GRP, COL_CASE, COL_PARAMS, COL_UNIT,
	COL_BETTER, COL_STATUS, COL_REASON, COL_MEDIAN, COL_MEAN, COL_STDDEV,
	COL_CV, COL_MIN, COL_MAX, COL_N, COL_ITERS, COL_CYCLES, COL_INSTR,
	COL_FLAGS, COL_COPIES, COL_COPY, COL_SECONDS, COL_SAMPLES, COL_EXTRA,
	COL_COUNT
};

/* The columns of a run after id, in struct run_info order. */
#define RUN_COLS \
	"uuid, started, finished, status, tag, profile, tool_version, argv, " \
	"build, system"
/* Schema 2: the process writing a run, to tell a killed run later. */
#define WRITER_COLS	"pid, boot_id, pid_start"
#define WRITER_NULLS	"NULL, NULL, NULL"
/*
 * Schema 3: the cases a run plans and how many of them are stored whole,
 * kept with each case's rows, so that a run whose final status could not
 * be written (a full disk) still reads as complete.
 */
#define CASE_COLS	"cases_planned, cases_done"
#define CASE_NULLS	"NULL, NULL"

/* The process writing a run: pid, boot and the pid's start time. */
struct writer {
	int64_t pid, start;
	char boot_id[40];
};

/*
 * store_step_write: sqlite3_step for a statement that writes, retried while
 * other writers progress (store.c); the SQLite result code.
 */
int store_step_write(struct store *st, sqlite3_stmt *stmt);
/*
 * store_err: report the SQLite error of the last call as "cannot <what>
 * in store '<path>': <why>"; returns -1.
 */
int store_err(struct store *st, const char *what);
/*
 * Is the process that wrote a run gone (store-write.c)?  Another boot,
 * no such pid, or the pid now another process: yes.  When unsure, no.
 */
int store_writer_gone(const struct writer *w);

#endif

