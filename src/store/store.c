/*
 * store.c - the SQLite results store (doc/DESIGN.md section 4).  One file holds
 * every run; the rows of each case of a run are one transaction (with the
 * run's count of cases stored), so a kill or a power cut loses at most the
 * case in progress, and an imported run is one transaction.  Writers share the file in WAL mode and wait for each
 * other; readers open it read-only and create no file: a store with no
 * -wal beside it (closed cleanly, or copied alone, on read-only media or
 * another user's) is read as the file alone, under a lock that keeps its
 * last writer from checkpointing into it meanwhile (open_reader()).  A file that is not ours, is newer
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

/*
 * SQLite's lock bytes in the database file (its unix VFS): PENDING at
 * 1 GiB, RESERVED after it, then the SHARED range.  A reader of the file
 * alone holds a read lock on the SHARED range, so that no connection can
 * take the EXCLUSIVE lock a closing writer's checkpoint (or a commit in
 * rollback mode) needs, and one on a byte of our own beyond SQLite's,
 * which our writers look for before they checkpoint on their own
 * (wal_hook()).  Both are open file description locks: SQLite's own
 * descriptors, opened and closed in the same process, never drop them.
 */
#define LOCK_PENDING_BYTE	0x40000000
#define LOCK_SHARED_FIRST	(LOCK_PENDING_BYTE + 2)
#define LOCK_SHARED_SIZE	510
#define LOCK_READER_BYTE	(LOCK_PENDING_BYTE + 4096)
/* SQLite's own automatic checkpoint: at 1000 frames in the WAL */
#define STORE_CHECKPOINT_FRAMES	1000

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
static int open_reader(struct store *);

/* Did the last store_open*() fail as a write or read does (exit 1)? */
static int open_io_failed;

int
store_open_exit(void)
{
	return open_io_failed ? EXIT_BENCH : EXIT_USAGE;
}

/* Is errno e the file system's refusal of a write? */
static int
is_io_errno(int e)
{
	return e == EFBIG || e == ENOSPC || e == EIO || e == EDQUOT ||
	    e == EROFS;
}

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
		open_io_failed = is_io_errno(errno);
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
 * db_why: SQLite's message for rc, with the system's cause when SQLite
 * met one ("disk I/O error (File too large)"); an I/O error or a full
 * disk marks the open as failed by the file system (store_open_exit()).
 */
static const char *
db_why(sqlite3 *db, int rc, char *buf, size_t len)
{
	const char *msg = db != NULL ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
	int e = db != NULL ? sqlite3_system_errno(db) : 0;

	if ((rc & 0xff) == SQLITE_IOERR || (rc & 0xff) == SQLITE_FULL ||
	    is_io_errno(e))
		open_io_failed = 1;
	if (e != 0 && ((rc & 0xff) == SQLITE_IOERR ||
	    (rc & 0xff) == SQLITE_FULL))
		bufprintf(buf, len, "%s (%s)", msg, strerror(e));
	else
		bufprintf(buf, len, "%s", msg);
	return buf;
}

/*
 * open_failed: report an SQLite error met while opening or checking path,
 * in the words the user needs: not a database, corrupt, or why not.
 */
static int
open_failed(const char *path, sqlite3 *db, int rc)
{
	char buf[256];
	const char *msg = db_why(db, rc, buf, sizeof(buf));

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
		char buf[256];

		error("cannot create store '%s': %s", st->path,
		    db_why(st->db, rc, buf, sizeof(buf)));
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
		char buf[256];

		error("cannot update store '%s' to schema version %d: %s",
		    st->path, STORE_SCHEMA_VERSION,
		    db_why(st->db, rc, buf, sizeof(buf)));
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	st->version = STORE_SCHEMA_VERSION;
	return 0;
}

/* fcntl lock request cmd of type on [start, start + len) of fd. */
static int
lock_range(int fd, int cmd, short type, off_t start, off_t len)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));	/* l_pid 0, as OFD locks want */
	fl.l_type = type;
	fl.l_whence = SEEK_SET;
	fl.l_start = start;
	fl.l_len = len;
	return fcntl(fd, cmd, &fl);
}

/*
 * reader_lock: st->lockfd's read locks (LOCK_*), waiting while a writer
 * holds the file exclusively (its closing checkpoint), as long as its
 * files change.  0 with the locks or on a file system without them (the
 * read goes on without); -1 when a writer kept the file too long.
 */
static int
reader_lock(struct store *st)
{
#ifdef F_OFD_SETLK
	int tries = 0;

	while (lock_range(st->lockfd, F_OFD_SETLK, F_RDLCK, LOCK_SHARED_FIRST,
	    LOCK_SHARED_SIZE) != 0) {
		if (errno != EAGAIN && errno != EACCES && errno != EINTR)
			return 0;
		if (!store_wait(st, tries++))
			return wait_done(st, -1);
	}
	wait_done(st, 0);
	lock_range(st->lockfd, F_OFD_SETLK, F_RDLCK, LOCK_READER_BYTE, 1);
#else
	(void)st;
#endif
	return 0;
}

/* Does a reader of the file alone (reader_lock()) hold it now? */
static int
reader_present(const struct store *st)
{
#ifdef F_OFD_GETLK
	struct flock fl;

	if (st->lockfd == -1)
		return 0;
	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	fl.l_start = LOCK_READER_BYTE;
	fl.l_len = 1;
	return fcntl(st->lockfd, F_OFD_GETLK, &fl) == 0 &&
	    fl.l_type != F_UNLCK;
#else
	(void)st;
	return 0;
#endif
}

/*
 * wal_hook: a writer's automatic checkpoint, as SQLite's own (a passive
 * one at STORE_CHECKPOINT_FRAMES), except while a reader of the file
 * alone is there: the frames wait in the WAL until it has gone.
 */
static int
wal_hook(void *arg, sqlite3 *db, const char *name, int frames)
{
	if (frames >= STORE_CHECKPOINT_FRAMES && !reader_present(arg))
		sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE,
		    NULL, NULL);
	return SQLITE_OK;
}

/* path as an SQLite URI opening it immutable (read, never locked). */
static char *
immutable_uri(const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	struct strbuf sb;
	const unsigned char *p;

	strbuf_init(&sb);
	strbuf_addf(&sb, "%s", path[0] == '/' ? "file://" : "file:");
	for (p = (const unsigned char *)path; *p != '\0'; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("/._-~", *p) != NULL) {
			strbuf_add(&sb, (const char *)p, 1);
		} else {
			strbuf_addf(&sb, "%%%c%c", hex[*p >> 4], hex[*p & 15]);
		}
	}
	strbuf_addf(&sb, "?immutable=1");
	return strbuf_detach(&sb);
}

/* No file at path, or an empty one (a -wal or -journal that holds nothing). */
static int
no_file(const char *path)
{
	struct stat sb;

	if (stat(path, &sb) == -1)
		return errno == ENOENT;
	return S_ISREG(sb.st_mode) && sb.st_size == 0;
}

/*
 * reader_alone: may a reader read the database file alone?  Yes when it
 * holds reader_lock() and there is no -wal (a writer that has it open,
 * or one killed before its checkpoint) and no -journal beside it, or
 * only empty ones: then
 * the file holds every committed row and nothing changes it until the
 * reader lets go.  The lock stays on st->lockfd; otherwise it is closed
 * (before SQLite opens the file: closing a descriptor drops the process's
 * own locks on it).
 */
static int
reader_alone(struct store *st)
{
	char *journal;
	int alone;

	st->lockfd = open(st->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (st->lockfd == -1)
		return 0;
	alone = reader_lock(st) == 0 && no_file(st->wal);
	if (alone) {
		journal = xasprintf("%s-journal", st->path);
		alone = no_file(journal);
		free(journal);
	}
	if (!alone) {
		close(st->lockfd);
		st->lockfd = -1;
	}
	return alone;
}

/*
 * open_reader: open st->path for reading, creating no file.  The file
 * alone when reader_alone() says so; else through its -wal and -shm, as
 * any SQLite reader (SQLite makes the -shm only where a -wal has none);
 * when that cannot be read here (a read-only folder without the -shm),
 * the file alone after all, with a note.
 */
static int
open_reader(struct store *st)
{
	int64_t pages;
	char *uri;
	int rc;

	if (!reader_alone(st)) {
		rc = sqlite3_open_v2(st->path, &st->db, SQLITE_OPEN_READONLY,
		    NULL);
		if (rc == SQLITE_OK) {
			sqlite3_busy_handler(st->db, busy_wait, st);
			rc = query_int(st->db, "PRAGMA page_count", &pages);
		}
		if (rc == SQLITE_OK)
			return 0;
		if ((rc & 0xff) != SQLITE_CANTOPEN &&
		    (rc & 0xff) != SQLITE_READONLY &&
		    (rc & 0xff) != SQLITE_IOERR)
			return open_failed(st->path, st->db, rc);
		warning("store '%s': its -wal cannot be read here (%s); the "
		    "store file is read alone, without what only the -wal "
		    "holds", st->path, st->db != NULL ?
		    sqlite3_errmsg(st->db) : sqlite3_errstr(rc));
		sqlite3_close(st->db);
		st->db = NULL;
	}
	uri = immutable_uri(st->path);
	rc = sqlite3_open_v2(uri, &st->db, SQLITE_OPEN_READONLY |
	    SQLITE_OPEN_URI, NULL);
	free(uri);
	if (rc != SQLITE_OK)
		return open_failed(st->path, st->db, rc);
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

	open_io_failed = 0;
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
	st->lockfd = -1;
	if (readonly) {
		if (open_reader(st) == -1)
			goto fail;
	} else {
		/* Never SQLITE_OPEN_CREATE: the file exists, checked. */
		rc = sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE,
		    NULL);
		if (rc != SQLITE_OK) {
			open_failed(path, st->db, rc);
			goto fail;
		}
		st->lockfd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		sqlite3_wal_hook(st->db, wal_hook, st);
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
	/* after SQLite's: closing it drops the process's locks on the file */
	if (st->lockfd != -1)
		close(st->lockfd);
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
