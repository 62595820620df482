/*
 * store-read.c - reading the store: a run (and whether its writer is
 * gone), a run by UUID, the runs of a tag, a run's result rows.  It
 * writes nothing (store-write.c); opening the store is store.c's.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <sqlite3.h>

#include "export.h"
#include "result.h"
#include "runinfo.h"
#include "store.h"
#include "store-int.h"
#include "util.h"

static int64_t col_int(sqlite3_stmt *, int);
static double col_real(sqlite3_stmt *, int);
static void col_copy(sqlite3_stmt *, int, char *, size_t);
static char *col_strdup(sqlite3_stmt *, int);
static int col_json(sqlite3_stmt *, int, json_t **);
static int read_result(struct store *, sqlite3_stmt *, struct result *);

static int64_t
col_int(sqlite3_stmt *stmt, int col)
{
	return sqlite3_column_int64(stmt, col);
}

/* A NULL column is NAN, the value we stored it for. */
static double
col_real(sqlite3_stmt *stmt, int col)
{
	if (sqlite3_column_type(stmt, col) == SQLITE_NULL)
		return NAN;
	return sqlite3_column_double(stmt, col);
}

static void
col_copy(sqlite3_stmt *stmt, int col, char *dst, size_t size)
{
	const unsigned char *s;

	s = sqlite3_column_text(stmt, col);
	strlcpy_bb(dst, s != NULL ? (const char *)s : "", size);
}

static char *
col_strdup(sqlite3_stmt *stmt, int col)
{
	const unsigned char *s;

	s = sqlite3_column_text(stmt, col);
	return s != NULL ? xstrdup((const char *)s) : NULL;
}

/*
 * col_json: parse a JSON text column into *out (NULL for a NULL column).
 * Returns 0, or -1 when the text is not JSON.
 */
static int
col_json(sqlite3_stmt *stmt, int col, json_t **out)
{
	const unsigned char *s;

	*out = NULL;
	s = sqlite3_column_text(stmt, col);
	if (s == NULL)
		return 0;
	*out = json_loads((const char *)s, 0, NULL);
	return *out != NULL ? 0 : -1;
}

int
store_run_get(struct store *st, int64_t id, struct run_info *ri)
{
	json_t *build, *system;
	sqlite3_stmt *stmt;
	struct writer w;
	int rc;

	memset(ri, 0, sizeof(*ri));
	rc = sqlite3_prepare_v2(st->db, st->version >= 3 ?
	    "SELECT id, " RUN_COLS ", " WRITER_COLS ", " CASE_COLS
	    " FROM runs WHERE id = ?1" : st->version == 2 ?
	    "SELECT id, " RUN_COLS ", " WRITER_COLS ", " CASE_NULLS
	    " FROM runs WHERE id = ?1" :
	    "SELECT id, " RUN_COLS ", " WRITER_NULLS ", " CASE_NULLS
	    " FROM runs WHERE id = ?1", -1, &stmt, NULL);
	if (rc != SQLITE_OK)
		return store_err(st, "read a run");
	sqlite3_bind_int64(stmt, 1, id);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_DONE) {
		sqlite3_finalize(stmt);
		return 1;
	}
	if (rc != SQLITE_ROW) {
		store_err(st, "read a run");
		sqlite3_finalize(stmt);
		return -1;
	}
	ri->id = col_int(stmt, 0);
	col_copy(stmt, 1, ri->uuid, sizeof(ri->uuid));
	col_copy(stmt, 2, ri->started, sizeof(ri->started));
	col_copy(stmt, 3, ri->finished, sizeof(ri->finished));
	col_copy(stmt, 4, ri->status, sizeof(ri->status));
	col_copy(stmt, 5, ri->tag, sizeof(ri->tag));
	col_copy(stmt, 6, ri->profile, sizeof(ri->profile));
	col_copy(stmt, 7, ri->tool_version, sizeof(ri->tool_version));
	ri->argv = col_strdup(stmt, 8);
	/* the identity is parsed here, once; unreadable text is unknown */
	col_json(stmt, 9, &build);
	col_json(stmt, 10, &system);
	run_info_identity(ri, build, system);
	if (strcmp(ri->status, "running") == 0 &&
	    sqlite3_column_type(stmt, 11) != SQLITE_NULL) {
		w.pid = col_int(stmt, 11);
		col_copy(stmt, 12, w.boot_id, sizeof(w.boot_id));
		w.start = col_int(stmt, 13);
		/* gone: complete when every planned case is stored */
		if (store_writer_gone(&w))
			strlcpy_bb(ri->status, sqlite3_column_type(stmt, 14) !=
			    SQLITE_NULL && col_int(stmt, 15) >= col_int(stmt,
			    14) ? "complete" : "interrupted",
			    sizeof(ri->status));
	}
	sqlite3_finalize(stmt);
	return 0;
}

int
store_run_by_uuid(struct store *st, const char *uuid, int64_t *id)
{
	sqlite3_stmt *stmt;
	int rc, ret;

	rc = sqlite3_prepare_v2(st->db, "SELECT id FROM runs WHERE uuid = ?1",
	    -1, &stmt, NULL);
	if (rc != SQLITE_OK)
		return store_err(st, "look up a run");
	sqlite3_bind_text(stmt, 1, uuid, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		*id = sqlite3_column_int64(stmt, 0);
		ret = 0;
	} else if (rc == SQLITE_DONE) {
		ret = 1;
	} else {
		ret = store_err(st, "look up a run");
	}
	sqlite3_finalize(stmt);
	return ret;
}

/*
 * store_run_ids: ids in insertion order.  The started time is not used
 * for ordering: a board without a real-time clock may have a wrong one.
 */
int
store_run_ids(struct store *st, const char *tag, int64_t **ids, size_t *n)
{
	sqlite3_stmt *stmt;
	int64_t *v = NULL;
	size_t count = 0, alloc = 0;
	int rc;

	*ids = NULL;
	*n = 0;
	rc = sqlite3_prepare_v2(st->db, tag != NULL ?
	    "SELECT id FROM runs WHERE tag = ?1 ORDER BY id" :
	    "SELECT id FROM runs ORDER BY id", -1, &stmt, NULL);
	if (rc != SQLITE_OK)
		return store_err(st, "list runs");
	if (tag != NULL)
		sqlite3_bind_text(stmt, 1, tag, -1, SQLITE_TRANSIENT);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		if (count == alloc) {
			alloc = alloc != 0 ? alloc * 2 : 16;
			v = xreallocarray(v, alloc, sizeof(*v));
		}
		v[count++] = sqlite3_column_int64(stmt, 0);
	}
	if (rc != SQLITE_DONE) {
		store_err(st, "list runs");
		sqlite3_finalize(stmt);
		free(v);
		return -1;
	}
	sqlite3_finalize(stmt);
	*ids = v;
	*n = count;
	return 0;
}

/*
 * read_result: fill r from the current row of a "SELECT id, RESULT_COLS"
 * statement.  Damaged samples or extra text is reported; r stays freeable.
 */
static int
read_result(struct store *st, sqlite3_stmt *stmt, struct result *r)
{
	char status[32], flags[128];
	json_t *samples, *extra;
	int ret = 0;

	memset(r, 0, sizeof(*r));
	r->id = col_int(stmt, 0);
	r->seq = (uint32_t)col_int(stmt, 1 + COL_SEQ);
	col_copy(stmt, 1 + COL_BENCH, r->bench, sizeof(r->bench));
	col_copy(stmt, 1 + COL_GRP, r->group, sizeof(r->group));
	col_copy(stmt, 1 + COL_CASE, r->case_name, sizeof(r->case_name));
	col_copy(stmt, 1 + COL_PARAMS, r->params, sizeof(r->params));
	col_copy(stmt, 1 + COL_UNIT, r->unit, sizeof(r->unit));
	r->better = (int)col_int(stmt, 1 + COL_BETTER);
	col_copy(stmt, 1 + COL_STATUS, status, sizeof(status));
	col_copy(stmt, 1 + COL_REASON, r->reason, sizeof(r->reason));
	r->st.median = col_real(stmt, 1 + COL_MEDIAN);
	r->st.mean = col_real(stmt, 1 + COL_MEAN);
	r->st.stddev = col_real(stmt, 1 + COL_STDDEV);
	r->st.cv = col_real(stmt, 1 + COL_CV);
	r->st.min = col_real(stmt, 1 + COL_MIN);
	r->st.max = col_real(stmt, 1 + COL_MAX);
	r->st.n = (uint32_t)col_int(stmt, 1 + COL_N);
	r->iters = (uint64_t)col_int(stmt, 1 + COL_ITERS);
	r->cycles = col_real(stmt, 1 + COL_CYCLES);
	r->instructions = col_real(stmt, 1 + COL_INSTR);
	col_copy(stmt, 1 + COL_FLAGS, flags, sizeof(flags));
	r->flags = result_flags_parse(flags);
	r->copies = (uint32_t)col_int(stmt, 1 + COL_COPIES);
	r->copy = (uint32_t)col_int(stmt, 1 + COL_COPY);
	r->seconds = col_real(stmt, 1 + COL_SECONDS);

	if (result_status_parse(status, &r->status) == -1)
		ret = error("store '%s': result %lld has an unknown status "
		    "'%s'", st->path, (long long)r->id, status);
	if (col_json(stmt, 1 + COL_SAMPLES, &samples) == -1 ||
	    (samples != NULL && export_parse_samples(samples, r) == -1))
		ret = error("store '%s': result %lld has damaged samples",
		    st->path, (long long)r->id);
	if (col_json(stmt, 1 + COL_EXTRA, &extra) == -1 ||
	    (extra != NULL && export_parse_extra(extra, r) == -1))
		ret = error("store '%s': result %lld has damaged extra "
		    "figures", st->path, (long long)r->id);
	json_decref(samples);
	json_decref(extra);
	return ret;
}

int
store_results_get(struct store *st, int64_t run_id, struct result **rows,
    size_t *n)
{
	sqlite3_stmt *stmt;
	struct result *v = NULL;
	size_t count = 0, alloc = 0, i;
	int rc;

	*rows = NULL;
	*n = 0;
	rc = sqlite3_prepare_v2(st->db, "SELECT id, " RESULT_COLS
	    " FROM results WHERE run_id = ?1 ORDER BY seq, id", -1, &stmt,
	    NULL);
	if (rc != SQLITE_OK)
		return store_err(st, "read results");
	sqlite3_bind_int64(stmt, 1, run_id);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		if (count == alloc) {
			alloc = alloc != 0 ? alloc * 2 : 16;
			v = xreallocarray(v, alloc, sizeof(*v));
		}
		if (read_result(st, stmt, &v[count++]) == -1)
			break;
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		store_err(st, "read results");
	sqlite3_finalize(stmt);
	if (rc != SQLITE_DONE) {
		for (i = 0; i < count; i++)
			result_release(&v[i]);
		free(v);
		return -1;
	}
	*rows = v;
	*n = count;
	return 0;
}
