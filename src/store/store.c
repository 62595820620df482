/*
 * store.c - the SQLite results store (doc/DESIGN.md section 4).  One file holds
 * every run; the rows of each case of a run are one transaction (with the
 * run's count of cases stored), so a kill or a power cut loses at most the
 * case in progress, and an imported run is one transaction.  Writers share the file in WAL mode and wait for each
 * other; readers open it read-only.  A file that is not ours, is newer
 * than us or is damaged is refused before anything is written to it.
 */
#include "config.h"

#include <sys/random.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>
#include <sqlite3.h>

#include "export.h"
#include "result.h"
#include "store.h"
#include "sysfs.h"
#include "util.h"

#define STORE_APPLICATION_ID	0x42424E43	/* "BBNC" */
/*
 * A writer waits for the store as long as another writer makes progress
 * (its database or WAL file changes); it gives up only after this many
 * seconds without any change.
 */
#define STORE_STALL_S		120.0
#define SQLITE_HEADER_SIZE	100
#define SQLITE_APPID_OFFSET	68
#define JSON_TEXT_FLAGS		(JSON_COMPACT | JSON_REAL_PRECISION(17))

struct store {
	sqlite3 *db;
	char *path, *wal;
	int readonly;
	int64_t version;	/* user_version: 1 lacks the writer columns,
				 * 2 the case counts */
	/* waiting for another writer: what its files looked like, since when */
	double wait_since;
	char wait_sig[96];
};

/* Binds parameters one after another; the first failure sticks in rc. */
struct binder {
	sqlite3_stmt *stmt;
	int idx;
	int rc;
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

static const char schema_sql[] =
    "CREATE TABLE IF NOT EXISTS meta("
    " key TEXT PRIMARY KEY, value TEXT);"
    "CREATE TABLE IF NOT EXISTS runs("
    " id INTEGER PRIMARY KEY, uuid TEXT UNIQUE NOT NULL, started TEXT,"
    " finished TEXT, status TEXT, tag TEXT, profile TEXT,"
    " tool_version TEXT, argv TEXT, build TEXT, system TEXT,"
    " pid INTEGER, boot_id TEXT, pid_start INTEGER,"
    " cases_planned INTEGER, cases_done INTEGER);"
    "CREATE TABLE IF NOT EXISTS results("
    " id INTEGER PRIMARY KEY,"
    " run_id INTEGER NOT NULL REFERENCES runs(id),"
    " seq INTEGER, bench TEXT, grp TEXT, case_name TEXT, params TEXT,"
    " unit TEXT, better INTEGER, status TEXT, reason TEXT,"
    " median REAL, mean REAL, stddev REAL, cv REAL, min REAL, max REAL,"
    " n INTEGER, iters INTEGER, cycles REAL, instructions REAL,"
    " flags TEXT, copies INTEGER, copy INTEGER, seconds REAL,"
    " samples TEXT, extra TEXT);"
    "CREATE INDEX IF NOT EXISTS results_run_id ON results(run_id);"
    "CREATE INDEX IF NOT EXISTS runs_tag ON runs(tag);";

static char *parent_folder(const char *);
static int mkdir_p(const char *);
static int create_file(const char *, int);
static int check_header(const char *, int);
static int store_wait(struct store *, int);
static int busy_wait(void *, int);
static int step_write(struct store *, sqlite3_stmt *);
static int exec_write(struct store *, const char *);
static int store_migrate(struct store *);
static int run_insert(struct store *, struct run_info *, int);
static int wal_mode(struct store *);
static int open_failed(const char *, sqlite3 *, int);
static int query_int(sqlite3 *, const char *, int64_t *);
static int store_init(struct store *);
static int quick_check(struct store *);
static int store_setup(struct store *);
static int store_err(struct store *, const char *);
static void bind_text(struct binder *, const char *);
static void bind_int(struct binder *, int64_t);
static void bind_real(struct binder *, double);
static char *json_text(json_t *);
static int64_t col_int(sqlite3_stmt *, int);
static double col_real(sqlite3_stmt *, int);
static void col_copy(sqlite3_stmt *, int, char *, size_t);
static char *col_strdup(sqlite3_stmt *, int);
static int col_json(sqlite3_stmt *, int, json_t **);
static int read_result(struct store *, sqlite3_stmt *, struct result *);

char *
store_default_path(void)
{
	const char *xdg, *home;
	struct passwd *pw;

	xdg = getenv("XDG_DATA_HOME");
	if (xdg != NULL && xdg[0] == '/')
		return xasprintf("%s/boardbench/results.db", xdg);
	home = getenv("HOME");
	if (home == NULL || home[0] == '\0') {
		pw = getpwuid(getuid());
		home = pw != NULL ? pw->pw_dir : NULL;
	}
	if (home == NULL || home[0] == '\0') {
		error("cannot find the default store: HOME is not set");
		return NULL;
	}
	return xasprintf("%s/.local/share/boardbench/results.db", home);
}

/*
 * parent_folder: the folder part of path, "." when it has none.
 * The string is owned by the caller.
 */
static char *
parent_folder(const char *path)
{
	char *dir, *slash;

	dir = xstrdup(path);
	slash = strrchr(dir, '/');
	if (slash == NULL) {
		free(dir);
		return xstrdup(".");
	}
	if (slash == dir)
		slash[1] = '\0';
	else
		*slash = '\0';
	return dir;
}

/*
 * mkdir_p: make dir and every missing folder above it, private to the
 * user as XDG asks for data folders.  Reports once; 0 or -1.
 */
static int
mkdir_p(const char *dir)
{
	char *s, *p, c;
	int ret = 0;

	s = xstrdup(dir);
	for (p = s + 1;; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		c = *p;
		*p = '\0';
		if (mkdir(s, 0700) == -1 && errno != EEXIST) {
			ret = error("cannot create folder '%s': %s", s,
			    strerror(errno));
			break;
		}
		if (c == '\0')
			break;
		*p = c;
	}
	free(s);
	return ret;
}

/*
 * create_file: make an empty file at path (and its folder when make_dirs).
 * A file that appeared meanwhile is left as it is and checked later.
 * Returns 1 when this call made the file, 0 when it was there, or -1.
 */
static int
create_file(const char *path, int make_dirs)
{
	struct stat sb;
	char *dir;
	int fd, ret = -1;

	dir = parent_folder(path);
	if (stat(dir, &sb) == -1) {
		if (errno != ENOENT) {
			error("cannot create store '%s': %s", path,
			    strerror(errno));
			goto out;
		}
		if (!make_dirs) {
			error("cannot create store '%s': folder '%s' does not "
			    "exist", path, dir);
			goto out;
		}
		if (mkdir_p(dir) == -1)
			goto out;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd == -1 && errno != EEXIST) {
		error("cannot create store '%s': %s", path, strerror(errno));
		goto out;
	}
	ret = 0;
	if (fd != -1) {
		ret = 1;
		if (close(fd) == -1) {
			error("cannot create store '%s': %s", path,
			    strerror(errno));
			unlink(path);
			ret = -1;
		}
	}
out:
	free(dir);
	return ret;
}

/*
 * check_header: read the SQLite header ourselves, so that SQLite never
 * touches (say, rolls back a journal of) a file that is not ours.
 */
static int
check_header(const char *path, int readonly)
{
	unsigned char h[SQLITE_HEADER_SIZE];
	const unsigned char *a;
	uint32_t appid;
	size_t got;
	FILE *fp;

	fp = fopen(path, "rbe");
	if (fp == NULL)
		return error("cannot open store '%s': %s", path,
		    strerror(errno));
	got = fread(h, 1, sizeof(h), fp);
	if (ferror(fp)) {
		fclose(fp);
		return error("cannot read store '%s': %s", path,
		    strerror(errno));
	}
	fclose(fp);
	if (got == 0 && readonly)
		return error("'%s' is not a boardbench database (an empty "
		    "file)", path);
	if (got == 0)
		return 0;		/* empty: a new store */
	if (got < 16 || memcmp(h, "SQLite format 3", 16) != 0)
		return error("'%s' is not a boardbench database "
		    "(not an SQLite file)", path);
	if (got < SQLITE_APPID_OFFSET + 4)
		return error("'%s' is not a boardbench database", path);
	a = h + SQLITE_APPID_OFFSET;
	appid = (uint32_t)a[0] << 24 | (uint32_t)a[1] << 16 |
	    (uint32_t)a[2] << 8 | (uint32_t)a[3];
	if (appid != STORE_APPLICATION_ID)
		return error("'%s' is not a boardbench database", path);
	return 0;
}

/*
 * open_failed: report an SQLite error met while opening or checking path,
 * in the words the user needs: not a database, corrupt, or why not.
 */
static int
open_failed(const char *path, sqlite3 *db, int rc)
{
	const char *msg;

	msg = db != NULL ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
	switch (rc & 0xff) {
	case SQLITE_NOTADB:
		return error("'%s' is not a boardbench database "
		    "(not an SQLite file)", path);
	case SQLITE_CORRUPT:
		return error("store '%s' is corrupt: %s; it was left untouched",
		    path, msg);
	default:
		return error("cannot open store '%s': %s", path, msg);
	}
}

/*
 * files_signature: what the store's files look like now (size and change
 * time of the database and its WAL), to see another writer progress.
 */
static void
files_signature(const struct store *st, char *buf, size_t len)
{
	struct stat a, b;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	stat(st->path, &a);
	stat(st->wal, &b);
	bufprintf(buf, len, "%lld.%ld:%lld/%lld.%ld:%lld",
	    (long long)a.st_mtim.tv_sec, a.st_mtim.tv_nsec,
	    (long long)a.st_size, (long long)b.st_mtim.tv_sec,
	    b.st_mtim.tv_nsec, (long long)b.st_size);
}

/*
 * store_wait: another connection holds the store.  Sleep a little (longer
 * the more tries, at most 50 ms) and return 1 to try again, as long as
 * the other writer's files keep changing; 0 after STORE_STALL_S seconds
 * without any change.  The wait lasts until wait_done (SQLite's busy
 * handler and our own retries share it, so neither restarts the clock).
 */
static int
store_wait(struct store *st, int tries)
{
	struct timespec ts;
	char sig[sizeof(st->wait_sig)];
	double now = now_mono();
	long ms;

	files_signature(st, sig, sizeof(sig));
	if (st->wait_since == 0 || strcmp(sig, st->wait_sig) != 0) {
		st->wait_since = now;
		strlcpy_bb(st->wait_sig, sig, sizeof(st->wait_sig));
	} else if (now - st->wait_since > STORE_STALL_S) {
		return 0;
	}
	ms = tries < 50 ? 1 + tries : 50;
	ts.tv_sec = 0;
	ts.tv_nsec = ms * 1000000L;
	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
	return 1;
}

/* The statement got through, or gave up: the next wait starts afresh. */
static int
wait_done(struct store *st, int rc)
{
	st->wait_since = 0;
	return rc;
}

/* SQLite's busy handler: wait while the other writer makes progress. */
static int
busy_wait(void *arg, int count)
{
	return store_wait(arg, count);
}

static int
is_busy(int rc)
{
	return (rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED;
}

/*
 * step_write: sqlite3_step for a statement that writes.  Outside a
 * transaction a busy store (which SQLite does not always hand to the busy
 * handler, e.g. an old WAL snapshot) is retried while others progress.
 */
static int
step_write(struct store *st, sqlite3_stmt *stmt)
{
	int rc, tries = 0;

	for (;;) {
		rc = sqlite3_step(stmt);
		if (!is_busy(rc) || !sqlite3_get_autocommit(st->db))
			return wait_done(st, rc);
		sqlite3_reset(stmt);
		if (!store_wait(st, tries++))
			return wait_done(st, rc);
	}
}

/* sqlite3_exec with step_write's retries; the SQLite result code. */
static int
exec_write(struct store *st, const char *sql)
{
	int rc, tries = 0;

	for (;;) {
		rc = sqlite3_exec(st->db, sql, NULL, NULL, NULL);
		if (!is_busy(rc) || !store_wait(st, tries++))
			return wait_done(st, rc);
	}
}

/* Switch to WAL (kept in the file), waiting for other writers to let go. */
static int
wal_mode(struct store *st)
{
	sqlite3_stmt *stmt;
	const unsigned char *mode;
	int rc, tries = 0, wal;

	for (;;) {
		rc = sqlite3_prepare_v2(st->db, "PRAGMA journal_mode = WAL",
		    -1, &stmt, NULL);
		if (rc != SQLITE_OK)
			return rc;
		rc = sqlite3_step(stmt);
		mode = rc == SQLITE_ROW ? sqlite3_column_text(stmt, 0) : NULL;
		wal = mode != NULL && strcmp((const char *)mode, "wal") == 0;
		sqlite3_finalize(stmt);
		/* a file system without WAL support keeps its journal */
		if (wal || rc == SQLITE_ROW)
			return wait_done(st, SQLITE_OK);
		if (!is_busy(rc) || !store_wait(st, tries++))
			return wait_done(st, rc);
	}
}

/*
 * query_int: run a statement returning one integer (a PRAGMA, mostly).
 * Returns the SQLite result code; *out is 0 when there is no row.
 */
static int
query_int(sqlite3 *db, const char *sql, int64_t *out)
{
	sqlite3_stmt *stmt;
	int rc;

	*out = 0;
	rc = sqlite3_prepare_v2(db, sql, -1, &stmt, NULL);
	if (rc != SQLITE_OK)
		return rc;
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW)
		*out = sqlite3_column_int64(stmt, 0);
	if (rc == SQLITE_ROW || rc == SQLITE_DONE)
		rc = SQLITE_OK;
	sqlite3_finalize(stmt);
	return rc;
}

/*
 * store_init: give an empty database our identity and schema, in one
 * transaction, so a kill leaves either nothing or a whole store.
 */
static int
store_init(struct store *st)
{
	sqlite3_stmt *stmt = NULL;
	char sql[64];
	int64_t appid = 0, tables = 0;
	int rc;

	rc = exec_write(st, "BEGIN IMMEDIATE");
	if (rc != SQLITE_OK)
		return open_failed(st->path, st->db, rc);
	/*
	 * Someone else may have made it since we looked.  (page_count is no
	 * test here: the write transaction has already made page 1.)
	 */
	rc = query_int(st->db, "PRAGMA application_id", &appid);
	if (rc == SQLITE_OK)
		rc = query_int(st->db, "SELECT count(*) FROM sqlite_schema",
		    &tables);
	if (rc == SQLITE_OK && appid == 0 && tables == 0) {
		bufprintf(sql, sizeof(sql), "PRAGMA application_id = %d",
		    STORE_APPLICATION_ID);
		rc = sqlite3_exec(st->db, sql, NULL, NULL, NULL);
		if (rc == SQLITE_OK)
			rc = sqlite3_exec(st->db, schema_sql, NULL, NULL, NULL);
		if (rc == SQLITE_OK)
			rc = sqlite3_prepare_v2(st->db,
			    "INSERT OR IGNORE INTO meta(key, value) VALUES"
			    " ('schema_version', ?1), ('created_by', ?2)",
			    -1, &stmt, NULL);
		if (rc == SQLITE_OK) {
			bufprintf(sql, sizeof(sql), "%d",
			    STORE_SCHEMA_VERSION);
			sqlite3_bind_text(stmt, 1, sql, -1, SQLITE_TRANSIENT);
			sqlite3_bind_text(stmt, 2, "boardbench " PACKAGE_VERSION,
			    -1, SQLITE_STATIC);
			rc = sqlite3_step(stmt);
			if (rc == SQLITE_DONE)
				rc = SQLITE_OK;
		}
		if (rc == SQLITE_OK) {
			bufprintf(sql, sizeof(sql), "PRAGMA user_version = %d",
			    STORE_SCHEMA_VERSION);
			rc = sqlite3_exec(st->db, sql, NULL, NULL, NULL);
		}
	}
	if (rc == SQLITE_OK)
		rc = exec_write(st, "COMMIT");
	if (rc != SQLITE_OK) {
		error("cannot create store '%s': %s", st->path,
		    sqlite3_errmsg(st->db));
		sqlite3_finalize(stmt);
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	sqlite3_finalize(stmt);
	return 0;
}

/*
 * quick_check: ask SQLite to check the file's structure (without the slow
 * index cross-checks of integrity_check) and refuse it when damaged.
 */
static int
quick_check(struct store *st)
{
	static const char noise[] = "*** in database main *** ";
	sqlite3_stmt *stmt;
	const unsigned char *text;
	const char *why;
	char msg[256], *p;
	int rc, ret = 0;

	rc = sqlite3_prepare_v2(st->db, "PRAGMA quick_check(1)", -1, &stmt,
	    NULL);
	if (rc != SQLITE_OK)
		return open_failed(st->path, st->db, rc);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		text = sqlite3_column_text(stmt, 0);
		strlcpy_bb(msg, text != NULL ? (const char *)text : "",
		    sizeof(msg));
		for (p = msg; *p != '\0'; p++)
			if (*p == '\n')
				*p = ' ';
		why = msg;
		if (strncmp(why, noise, sizeof(noise) - 1) == 0)
			why += sizeof(noise) - 1;
		if (strcmp(why, "ok") != 0)
			ret = error("store '%s' is corrupt: %s; it was left "
			    "untouched", st->path, why);
	} else if (rc == SQLITE_DONE) {
		ret = error("store '%s' is corrupt: quick_check said nothing; "
		    "it was left untouched", st->path);
	} else {
		ret = open_failed(st->path, st->db, rc);
	}
	sqlite3_finalize(stmt);
	return ret;
}

/*
 * store_migrate: bring a schema 1 store to 2 (the writer columns) and a
 * schema 2 store to 3 (the case counts), in one transaction; another
 * writer may have done it meanwhile.  Old runs keep NULL counts: they
 * read as before.
 */
static int
store_migrate(struct store *st)
{
	char sql[96];
	int64_t version = 0;
	int rc;

	rc = exec_write(st, "BEGIN IMMEDIATE");
	if (rc == SQLITE_OK)
		rc = query_int(st->db, "PRAGMA user_version", &version);
	if (rc == SQLITE_OK && version == 1)
		rc = sqlite3_exec(st->db,
		    "ALTER TABLE runs ADD COLUMN pid INTEGER;"
		    "ALTER TABLE runs ADD COLUMN boot_id TEXT;"
		    "ALTER TABLE runs ADD COLUMN pid_start INTEGER;",
		    NULL, NULL, NULL);
	if (rc == SQLITE_OK && version >= 1 && version < 3)
		rc = sqlite3_exec(st->db,
		    "ALTER TABLE runs ADD COLUMN cases_planned INTEGER;"
		    "ALTER TABLE runs ADD COLUMN cases_done INTEGER;",
		    NULL, NULL, NULL);
	if (rc == SQLITE_OK && version >= 1 && version < STORE_SCHEMA_VERSION) {
		bufprintf(sql, sizeof(sql), "UPDATE meta SET value = '%d' "
		    "WHERE key = 'schema_version'; PRAGMA user_version = %d",
		    STORE_SCHEMA_VERSION, STORE_SCHEMA_VERSION);
		rc = sqlite3_exec(st->db, sql, NULL, NULL, NULL);
	}
	if (rc == SQLITE_OK)
		rc = exec_write(st, "COMMIT");
	if (rc != SQLITE_OK) {
		error("cannot update store '%s' to schema version %d: %s",
		    st->path, STORE_SCHEMA_VERSION, sqlite3_errmsg(st->db));
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	st->version = STORE_SCHEMA_VERSION;
	return 0;
}

/*
 * store_setup: make an empty file a store, then check that it is ours, not
 * newer than us and sound.  Nothing is written unless the file was empty
 * or is an older schema opened for writing.  Writers use WAL, so readers
 * never stop them and they wait for each other rather than fail.
 */
static int
store_setup(struct store *st)
{
	int64_t pages, appid, version;
	int rc;

	rc = query_int(st->db, "PRAGMA page_count", &pages);
	if (rc != SQLITE_OK)
		return open_failed(st->path, st->db, rc);
	if (pages == 0 && (st->readonly || store_init(st) == -1))
		return st->readonly ? error("'%s' is not a boardbench "
		    "database (an empty file)", st->path) : -1;
	rc = query_int(st->db, "PRAGMA application_id", &appid);
	if (rc != SQLITE_OK)
		return open_failed(st->path, st->db, rc);
	if (appid != STORE_APPLICATION_ID)
		return error("'%s' is not a boardbench database", st->path);
	rc = query_int(st->db, "PRAGMA user_version", &version);
	if (rc != SQLITE_OK)
		return open_failed(st->path, st->db, rc);
	if (version > STORE_SCHEMA_VERSION)
		return error("store '%s' has schema version %lld, newer than "
		    "this boardbench (%d)", st->path, (long long)version,
		    STORE_SCHEMA_VERSION);
	if (version < 1)
		return error("store '%s' is corrupt: no schema version; it "
		    "was left untouched", st->path);
	st->version = version;
	if (quick_check(st) == -1)
		return -1;
	if (st->readonly)
		return 0;
	if (sqlite3_db_readonly(st->db, "main") == 1)
		return error("cannot write store '%s': it is read-only",
		    st->path);
	if (version < STORE_SCHEMA_VERSION && store_migrate(st) == -1)
		return -1;
	rc = wal_mode(st);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(st->db, "PRAGMA synchronous = FULL;"
		    " PRAGMA foreign_keys = ON", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return open_failed(st->path, st->db, rc);
	return 0;
}

/*
 * store_open_mode: the one way in.  A reader never creates or changes
 * anything; a writer may create (create) and make the folders (make_dirs).
 */
static struct store *
store_open_mode(const char *path, int readonly, int create, int make_dirs)
{
	struct store *st;
	struct stat sb;
	int rc, made = 0;

	if (stat(path, &sb) == -1) {
		if (errno != ENOENT) {
			error("cannot open store '%s': %s", path,
			    strerror(errno));
			return NULL;
		}
		if (readonly || !create) {
			error("cannot open store '%s': no such file", path);
			return NULL;
		}
		if ((made = create_file(path, make_dirs)) == -1)
			return NULL;
	} else if (!S_ISREG(sb.st_mode)) {
		error("cannot open store '%s': not a regular file", path);
		return NULL;
	}
	if (check_header(path, readonly) == -1)
		goto unmake;

	st = xcalloc(1, sizeof(*st));
	st->path = xstrdup(path);
	st->wal = xasprintf("%s-wal", path);
	st->readonly = readonly;
	/* Never SQLITE_OPEN_CREATE: the file exists and is checked first. */
	rc = sqlite3_open_v2(path, &st->db, readonly ? SQLITE_OPEN_READONLY :
	    SQLITE_OPEN_READWRITE, NULL);
	if (rc != SQLITE_OK) {
		open_failed(path, st->db, rc);
		goto fail;
	}
	sqlite3_busy_handler(st->db, busy_wait, st);
	if (store_setup(st) == -1)
		goto fail;
	return st;
fail:
	store_close(st);
unmake:
	/* a file this call made and could not make a store goes again */
	if (made && stat(path, &sb) == 0 && sb.st_size == 0)
		unlink(path);
	return NULL;
}

struct store *
store_open(const char *path, int create, int make_dirs)
{
	return store_open_mode(path, 0, create, make_dirs);
}

struct store *
store_open_readonly(const char *path)
{
	return store_open_mode(path, 1, 0, 0);
}

void
store_close(struct store *st)
{
	if (st == NULL)
		return;
	sqlite3_close(st->db);
	free(st->path);
	free(st->wal);
	free(st);
}

/*
 * store_err: report the SQLite error of the last call as "cannot <what>
 * in store '<path>': <why>"; returns -1.
 */
static int
store_err(struct store *st, const char *what)
{
	return error("cannot %s in store '%s': %s", what, st->path,
	    sqlite3_errmsg(st->db));
}

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

/* The process writing a run: pid, boot and the pid's start time. */
struct writer {
	int64_t pid, start;
	char boot_id[40];
};

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
 * writer_gone: is the process that wrote a "running" run gone?  Another
 * boot, no such pid, or the pid now another process: yes.  When unsure
 * (no /proc, say), no.
 */
static int
writer_gone(const struct writer *w)
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
	rc = b.rc == SQLITE_OK ? step_write(st, stmt) : b.rc;
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
	rc = b.rc == SQLITE_OK ? step_write(st, stmt) : b.rc;
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
			rc = step_write(st, stmt);
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
	rc = step_write(st, stmt);
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
		if (writer_gone(&w))
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

/*
 * Transactions: BEGIN IMMEDIATE takes the write lock at once, waiting for
 * other writers as store_wait allows, so nothing inside can meet a busy
 * store half-way.
 */
int
store_begin(struct store *st)
{
	if (exec_write(st, "BEGIN IMMEDIATE") != SQLITE_OK)
		return store_err(st, "start a transaction");
	return 0;
}

int
store_commit(struct store *st)
{
	if (exec_write(st, "COMMIT") != SQLITE_OK) {
		store_err(st, "commit");
		store_rollback(st);
		return -1;
	}
	return 0;
}

void
store_rollback(struct store *st)
{
	if (!sqlite3_get_autocommit(st->db))
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
}

const char *
store_path(const struct store *st)
{
	return st->path;
}

/* Does path hold a boardbench store (by its header)?  Quiet. */
static int
is_store_file(const char *path)
{
	unsigned char h[SQLITE_HEADER_SIZE];
	const unsigned char *a;
	struct stat sb;
	ssize_t got;
	int fd;

	/* never blocks on a FIFO, never reads a device */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd == -1)
		return 0;
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		close(fd);
		return 0;
	}
	got = read(fd, h, sizeof(h));
	close(fd);
	if (got < (ssize_t)SQLITE_APPID_OFFSET + 4 ||
	    memcmp(h, "SQLite format 3", 16) != 0)
		return 0;
	a = h + SQLITE_APPID_OFFSET;
	return ((uint32_t)a[0] << 24 | (uint32_t)a[1] << 16 |
	    (uint32_t)a[2] << 8 | (uint32_t)a[3]) == STORE_APPLICATION_ID;
}

/* The files SQLite keeps beside a store: the store itself first. */
static const char *const store_companions[] = { "", "-wal", "-shm",
    "-journal" };

/*
 * Is so (the output, stat'ed) one of the files of the store at db, found
 * by device and inode: the store and its -wal, -shm and -journal, under
 * the name given and under the name the links resolve to (where SQLite
 * puts them)?  Quiet.
 */
static int
is_file_of_store(const struct stat *so, const char *db)
{
	struct stat sd;
	char *names[2], *f;
	size_t i, j;
	int hit = 0;

	names[0] = (char *)db;
	names[1] = realpath(db, NULL);	/* NULL: no such file, or no memory */
	for (j = 0; j < 2 && !hit; j++) {
		if (names[j] == NULL)
			continue;
		for (i = 0; i < ARRAY_SIZE(store_companions) && !hit; i++) {
			f = xasprintf("%s%s", names[j], store_companions[i]);
			hit = stat(f, &sd) == 0 && so->st_dev == sd.st_dev &&
			    so->st_ino == sd.st_ino;
			free(f);
		}
	}
	free(names[1]);
	return hit;
}

/*
 * Is path, by its name, a -wal, -shm or -journal beside another
 * boardbench store?  Quiet.
 */
static int
is_companion_of_a_store(const char *path)
{
	size_t i, len = strlen(path), sl;
	char *base;
	int hit = 0;

	for (i = 1; i < ARRAY_SIZE(store_companions) && !hit; i++) {
		sl = strlen(store_companions[i]);
		if (len <= sl || strcmp(path + len - sl,
		    store_companions[i]) != 0)
			continue;
		base = xstrndup(path, len - sl);
		hit = is_store_file(base);
		free(base);
	}
	return hit;
}

int
store_output_check(const char *out, const char *db)
{
	struct stat so;
	char *def = NULL;
	int ret = 0;

	if (stat(out, &so) == -1)
		return 0;		/* a new file */
	if (db == NULL)
		db = def = store_default_path();
	if (db != NULL && is_file_of_store(&so, db))
		ret = error("'%s' is a file of the results store; give "
		    "another output file", out);
	else if (S_ISREG(so.st_mode) &&
	    (is_store_file(out) || is_companion_of_a_store(out)))
		ret = error("'%s' is a boardbench store or one of its files; "
		    "it is not overwritten (give another output file)", out);
	free(def);
	return ret;
}
