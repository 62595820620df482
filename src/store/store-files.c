/*
 * store-files.c - a store's files: the one --db names (or the default
 * path), opened through store.c for writing or for reading only; and is a
 * path one of a store's files (the database, by its header, or its -wal,
 * -shm or -journal companion)?  So that no output (export, report,
 * --output) is written over a store.
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store.h"
#include "store-int.h"

struct store *
store_open_db(const char *db, int create)
{
	struct store *st;
	char *def = NULL;

	if (db == NULL)
		db = def = store_default_path();
	/* commands that only read open the store read-only */
	st = create ? store_open(db, 1, def != NULL) : store_open_readonly(db);
	free(def);
	return st;
}
#include "util.h"

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

/* The folder part of path ("." when none) and its last part. */
static void
split_path(const char *path, char **dir, const char **base)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL) {
		*dir = xstrdup(".");
		*base = path;
	} else {
		*dir = slash == path ? xstrdup("/") :
		    xstrndup(path, (size_t)(slash - path));
		*base = slash + 1;
	}
}

/*
 * Is path, by its name, the store db or its -wal, -shm or -journal,
 * whether or not that file exists (SQLite makes them when it needs
 * them): the same name in the same folder (by device and inode), under
 * the name given and under the name the links resolve to?  Quiet.
 */
static int
is_name_of_store(const char *path, const char *db)
{
	struct stat so, sd;
	const char *obase, *dbase;
	char *odir, *ddir, *names[2];
	size_t i, j, len;
	int hit = 0;

	split_path(path, &odir, &obase);
	if (stat(odir, &so) != 0) {
		free(odir);
		return 0;
	}
	names[0] = (char *)db;
	names[1] = realpath(db, NULL);
	for (j = 0; j < 2 && !hit; j++) {
		if (names[j] == NULL)
			continue;
		split_path(names[j], &ddir, &dbase);
		len = strlen(dbase);
		if (stat(ddir, &sd) == 0 && so.st_dev == sd.st_dev &&
		    so.st_ino == sd.st_ino && strncmp(obase, dbase, len) == 0)
			for (i = 0; i < ARRAY_SIZE(store_companions); i++)
				if (strcmp(obase + len,
				    store_companions[i]) == 0)
					hit = 1;
		free(ddir);
	}
	free(names[1]);
	free(odir);
	return hit;
}

int
store_output_check(const char *out, const char *db)
{
	struct stat so;
	char *def = NULL;
	int ret = 0, exists;

	exists = stat(out, &so) == 0;
	if (db == NULL)
		db = def = store_default_path();
	if (db != NULL && (is_name_of_store(out, db) ||
	    (exists && is_file_of_store(&so, db))))
		ret = error("'%s' is a file of the results store; give "
		    "another output file", out);
	else if (is_companion_of_a_store(out) ||
	    (exists && S_ISREG(so.st_mode) && is_store_file(out)))
		ret = error("'%s' is a boardbench store or one of its files; "
		    "it is not overwritten (give another output file)", out);
	else if (exists && !S_ISREG(so.st_mode))
		/* an output replaces a file by a rename: never a FIFO,
		 * device or folder, whichever command writes it */
		ret = error("cannot write '%s': not a regular file (a FIFO, "
		    "device or folder is never written; give a file name)",
		    out);
	free(def);
	return ret;
}
