/*
 * store-write.c - writing to the store: a run (with the process writing
 * it, so that a killed run can be told later), its result rows, a case's
 * rows as one transaction, the run's end; a run's UUID.  Opening the
 * store and its schema are store.c's, reading store-read.c's.
 */
#include "config.h"

#include <sys/random.h>
#include <sys/types.h>

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>
#include <sqlite3.h>

#include "export.h"
#include "result.h"
#include "store.h"
#include "store-int.h"
#include "sysfs.h"
#include "util.h"

#define JSON_TEXT_FLAGS		(JSON_COMPACT | JSON_REAL_PRECISION(17))

/* Binds parameters one after another; the first failure sticks in rc. */
struct binder {
	sqlite3_stmt *stmt;
	int idx;
	int rc;
};

static int run_insert(struct store *, struct run_info *, int);
static void bind_text(struct binder *, const char *);
static void bind_int(struct binder *, int64_t);
static void bind_real(struct binder *, double);
static char *json_text(json_t *);

/*
 * A random (version 4) UUID.  getrandom must not block: a board
 * without a hardware RNG may lack entropy early in boot.
 */
int
store_make_uuid(char *buf, size_t len)
{
	unsigned char b[16];
	size_t have = 0;
	ssize_t got;
	FILE *fp;

	while (have < sizeof(b)) {
		got = getrandom(b + have, sizeof(b) - have, GRND_NONBLOCK);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		have += (size_t)got;
	}
	if (have < sizeof(b)) {
		fp = fopen("/dev/urandom", "rbe");
		if (fp == NULL || fread(b, 1, sizeof(b), fp) != sizeof(b)) {
			error("cannot make a run id: cannot read "
			    "'/dev/urandom': %s", strerror(errno));
			if (fp != NULL)
				fclose(fp);
			return -1;
		}
		fclose(fp);
	}
	b[6] = (unsigned char)((b[6] & 0x0f) | 0x40);
	b[8] = (unsigned char)((b[8] & 0x3f) | 0x80);
	bufprintf(buf, len, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
	    "%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2], b[3], b[4], b[5],
	    b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
	return 0;
}

/* The boot id (changes with every boot); "" when unknown. */
static void
boot_id(char *buf, size_t len)
{
	sysfs_boot_id_live(buf, len);
}

/*
 * process_start: the start time of pid in clock ticks after boot, so
 * that a reused pid is not taken for the writer; 0 when unknown.
 */
static int64_t
process_start(int64_t pid)
{
	unsigned long long start;

	if (sysfs_proc_start_time((long long)pid, &start) != SYSFS_OK)
		return 0;
	return (int64_t)start;
}

static int
self_writer(struct writer *w)
{
	w->pid = (int64_t)getpid();
	w->start = process_start(w->pid);
	boot_id(w->boot_id, sizeof(w->boot_id));
	return 0;
}

/*
 * store_writer_gone: is the process that wrote a "running" run gone?  Another
 * boot, no such pid, or the pid now another process: yes.  When unsure
 * (no /proc, say), no.
 */
int
store_writer_gone(const struct writer *w)
{
	char now[sizeof(w->boot_id)];
	int64_t start;

	boot_id(now, sizeof(now));
	if (w->boot_id[0] != '\0' && now[0] != '\0' &&
	    strcmp(w->boot_id, now) != 0)
		return 1;
	if (w->pid <= 0 || w->pid > INT32_MAX)
		return 0;
	if (kill((pid_t)w->pid, 0) == -1 && errno == ESRCH)
		return 1;
	start = process_start(w->pid);
	return w->start != 0 && start != 0 && start != w->start;
}

static void
bind_text(struct binder *b, const char *s)
{
	int i = b->idx++;

	if (b->rc != SQLITE_OK)
		return;
	if (s == NULL)
		b->rc = sqlite3_bind_null(b->stmt, i);
	else
		b->rc = sqlite3_bind_text(b->stmt, i, s, -1, SQLITE_TRANSIENT);
}

/* A JSON object as compact text with sorted keys (NULL: SQL NULL). */
static void
bind_json(struct binder *b, const json_t *v)
{
	char *s = NULL;

	if (v != NULL && (s = json_dumps(v, JSON_COMPACT |
	    JSON_SORT_KEYS)) == NULL)
		die(EXIT_BENCH, "out of memory");
	bind_text(b, s);
	free(s);
}

static void
bind_int(struct binder *b, int64_t v)
{
	int i = b->idx++;

	if (b->rc == SQLITE_OK)
		b->rc = sqlite3_bind_int64(b->stmt, i, v);
}

/* NAN (and infinities, which JSON cannot carry either) become NULL. */
static void
bind_real(struct binder *b, double v)
{
	int i = b->idx++;

	if (b->rc != SQLITE_OK)
		return;
	if (isnan(v))
		b->rc = sqlite3_bind_null(b->stmt, i);
	else
		b->rc = sqlite3_bind_double(b->stmt, i, v);
}

/* Compact JSON text of v, which it consumes; NULL only on out of memory. */
static char *
json_text(json_t *v)
{
	char *s;

	s = json_dumps(v, JSON_TEXT_FLAGS);
	json_decref(v);
	return s;
}

int
store_run_begin(struct store *st, struct run_info *ri)
{
	return run_insert(st, ri, 1);
}

int
store_run_add(struct store *st, struct run_info *ri)
{
	return run_insert(st, ri, 0);
}

/*
 * run_insert: add the run; with watch, a "running" run records this
 * process as its writer, to be read as interrupted once it is gone.
 */
static int
run_insert(struct store *st, struct run_info *ri, int watch)
{
	sqlite3_stmt *stmt;
	struct binder b;
	struct writer w;
	int rc;

	if (ri->uuid[0] == '\0' && store_make_uuid(ri->uuid, sizeof(ri->uuid)) == -1)
		return -1;
	if (ri->started[0] == '\0')
		iso_utc_now(ri->started, sizeof(ri->started));
	if (ri->status[0] == '\0')
		strlcpy_bb(ri->status, "running", sizeof(ri->status));
	rc = sqlite3_prepare_v2(st->db, "INSERT INTO runs(" RUN_COLS ", "
	    WRITER_COLS ") VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", -1,
	    &stmt, NULL);
	if (rc != SQLITE_OK)
		return store_err(st, "add a run");
	b.stmt = stmt;
	b.idx = 1;
	b.rc = SQLITE_OK;
	bind_text(&b, ri->uuid);
	bind_text(&b, ri->started);
	bind_text(&b, ri->finished);
	bind_text(&b, ri->status);
	bind_text(&b, ri->tag);
	bind_text(&b, ri->profile);
	bind_text(&b, ri->tool_version);
	bind_text(&b, ri->argv);
	bind_json(&b, ri->build_json);
	bind_json(&b, ri->system_json);
	/* only a run still being written has a writer to watch */
	if (watch && strcmp(ri->status, "running") == 0 &&
	    self_writer(&w) == 0) {
		bind_int(&b, w.pid);
		bind_text(&b, w.boot_id);
		bind_int(&b, w.start);
	} else {
		bind_text(&b, NULL);
		bind_text(&b, NULL);
		bind_text(&b, NULL);
	}
	if (b.idx - 1 != sqlite3_bind_parameter_count(stmt))
		BUG("run insert binds %d of %d columns", b.idx - 1,
		    sqlite3_bind_parameter_count(stmt));
	rc = b.rc == SQLITE_OK ? store_step_write(st, stmt) : b.rc;
	if (rc != SQLITE_DONE) {
		store_err(st, "add a run");
		sqlite3_finalize(stmt);
		return -1;
	}
	sqlite3_finalize(stmt);
	ri->id = sqlite3_last_insert_rowid(st->db);
	return 0;
}

/*
 * store_result_add: one INSERT in autocommit mode is its own transaction:
 * when this returns 0 the row is on disk (synchronous = FULL).  Inside a
 * transaction (store_case_add, an import) it is part of that one.
 */
int
store_result_add(struct store *st, int64_t run_id, struct result *r)
{
	sqlite3_stmt *stmt = NULL;
	struct binder b;
	char flags[128], *samples, *extra;
	int rc, ret = -1;

	samples = json_text(export_samples(r));
	extra = json_text(export_extra(r));
	if (samples == NULL || extra == NULL) {
		error("cannot save a result in store '%s': out of memory",
		    st->path);
		goto out;
	}
	rc = sqlite3_prepare_v2(st->db, "INSERT INTO results(run_id, "
	    RESULT_COLS ") VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
	    " ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", -1, &stmt, NULL);
	if (rc != SQLITE_OK) {
		store_err(st, "save a result");
		goto out;
	}
	b.stmt = stmt;
	b.idx = 1;
	b.rc = SQLITE_OK;
	bind_int(&b, run_id);
	bind_int(&b, r->seq);
	bind_text(&b, r->bench);
	bind_text(&b, r->group);
	bind_text(&b, r->case_name);
	bind_text(&b, r->params);
	bind_text(&b, r->unit);
	bind_int(&b, r->better);
	bind_text(&b, result_status_name(r->status));
	bind_text(&b, r->reason);
	bind_real(&b, r->st.median);
	bind_real(&b, r->st.mean);
	bind_real(&b, r->st.stddev);
	bind_real(&b, r->st.cv);
	bind_real(&b, r->st.min);
	bind_real(&b, r->st.max);
	bind_int(&b, r->st.n);
	bind_int(&b, (int64_t)r->iters);
	bind_real(&b, r->cycles);
	bind_real(&b, r->instructions);
	bind_text(&b, result_flags_str(r->flags, flags, sizeof(flags)));
	bind_int(&b, r->copies);
	bind_int(&b, r->copy);
	bind_real(&b, r->seconds);
	bind_text(&b, samples);
	bind_text(&b, extra);
	if (b.idx - 1 != sqlite3_bind_parameter_count(stmt) ||
	    b.idx - 2 != COL_COUNT)
		BUG("result insert binds %d of %d columns", b.idx - 1,
		    sqlite3_bind_parameter_count(stmt));
	rc = b.rc == SQLITE_OK ? store_step_write(st, stmt) : b.rc;
	if (rc != SQLITE_DONE) {
		store_err(st, "save a result");
		goto out;
	}
	r->id = sqlite3_last_insert_rowid(st->db);
	ret = 0;
out:
	sqlite3_finalize(stmt);
	free(samples);
	free(extra);
	return ret;
}

/* The final status of a run could not be written: one line, -1. */
static int
finish_err(struct store *st, const struct run_info *ri)
{
	return error("cannot write the final status (%s) of run %lld in store "
	    "'%s': %s", ri->status[0] != '\0' ? ri->status : "complete",
	    (long long)ri->id, st->path, sqlite3_errmsg(st->db));
}

int
store_case_add(struct store *st, int64_t run_id, struct result *rows,
    size_t n, int64_t planned, int64_t done)
{
	sqlite3_stmt *stmt = NULL;
	size_t i;
	int rc;

	if (store_begin(st) != 0)
		return -1;
	for (i = 0; i < n; i++)
		if (store_result_add(st, run_id, &rows[i]) != 0)
			goto fail;
	if (done >= 0) {
		rc = sqlite3_prepare_v2(st->db, "UPDATE runs SET cases_planned"
		    " = ?1, cases_done = ?2 WHERE id = ?3", -1, &stmt, NULL);
		if (rc == SQLITE_OK) {
			sqlite3_bind_int64(stmt, 1, planned);
			sqlite3_bind_int64(stmt, 2, done);
			sqlite3_bind_int64(stmt, 3, run_id);
			rc = store_step_write(st, stmt);
		}
		sqlite3_finalize(stmt);
		if (rc != SQLITE_DONE) {
			store_err(st, "count a finished case");
			goto fail;
		}
	}
	return store_commit(st);
fail:
	store_rollback(st);
	return -1;
}

int
store_run_finish(struct store *st, const struct run_info *ri)
{
	sqlite3_stmt *stmt;
	char finished[32];
	int rc;

	if (ri->finished[0] != '\0')
		strlcpy_bb(finished, ri->finished, sizeof(finished));
	else
		iso_utc_now(finished, sizeof(finished));
	rc = sqlite3_prepare_v2(st->db, "UPDATE runs SET status = ?1,"
	    " finished = ?2 WHERE id = ?3", -1, &stmt, NULL);
	if (rc != SQLITE_OK)
		return finish_err(st, ri);
	sqlite3_bind_text(stmt, 1, ri->status[0] != '\0' ? ri->status :
	    "complete", -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(stmt, 2, finished, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(stmt, 3, ri->id);
	rc = store_step_write(st, stmt);
	if (rc != SQLITE_DONE) {
		finish_err(st, ri);
		sqlite3_finalize(stmt);
		return -1;
	}
	sqlite3_finalize(stmt);
	if (sqlite3_changes(st->db) != 1)
		return error("cannot finish run %lld in store '%s': no such "
		    "run", (long long)ri->id, st->path);
	return 0;
}
