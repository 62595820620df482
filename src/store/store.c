/*
 * store.c - the SQLite results store (doc/DESIGN.md section 4).  One file holds
 * every run; the rows of each case of a run are one transaction (with the
 * run's count of cases stored), so a kill or a power cut loses at most the
 * case in progress, and an imported run is one transaction.  Writers share the file in WAL mode and wait for each
 * other; readers open it read-only.  A file that is not ours, is newer
 * than us or is damaged is refused before anything is written to it.
 * Here: finding, creating, opening and checking the file, its schema and
 * its migration, waiting for other writers, transactions.  Writing runs
 * and rows is store-write.c, reading them store-read.c, telling a store's
 * files from an output's store-files.c.
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "store.h"
#include "store-int.h"
#include "sysfs.h"
#include "util.h"

/*
 * A writer waits for the store as long as another writer makes progress
 * (its database or WAL file changes); it gives up only after this many
 * seconds without any change.
 */
#define STORE_STALL_S		120.0

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
static int exec_write(struct store *, const char *);
static int store_migrate(struct store *);
static int wal_mode(struct store *);
static int open_failed(const char *, sqlite3 *, int);
static int query_int(sqlite3 *, const char *, int64_t *);
static int store_init(struct store *);
static int quick_check(struct store *);
static int store_setup(struct store *);

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
 * store_step_write: sqlite3_step for a statement that writes.  Outside a
 * transaction a busy store (which SQLite does not always hand to the busy
 * handler, e.g. an old WAL snapshot) is retried while others progress.
 */
int
store_step_write(struct store *st, sqlite3_stmt *stmt)
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

/* sqlite3_exec with store_step_write's retries; the SQLite result code. */
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
int
store_err(struct store *st, const char *what)
{
	return error("cannot %s in store '%s': %s", what, st->path,
	    sqlite3_errmsg(st->db));
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
