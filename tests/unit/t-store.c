/*
 * t-store.c - the SQLite store and the JSON export: rows come back exactly
 * as written, a kill keeps committed rows, files that are not a sound
 * boardbench store are refused byte-for-byte untouched, and an export
 * loads back to the same runs.
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "buildinfo.h"
#include "export.h"
#include "result.h"
#include "runinfo.h"
#include "store.h"
#include "util.h"
#include "tap.h"

#define BUILD_JSON	"{\"cc\":\"gcc 12.2.0\",\"cflags\":\"-O2\"}"
#define SYSTEM_JSON	"{\"cpus\":4,\"model\":\"Cortex-A72\"}"

/* v as the store keeps it (compact, sorted keys) is text. */
static void
is_json(const json_t *v, const char *text, const char *what)
{
	char *s = v != NULL ? json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS) :
	    NULL;

	is_str(s ? s : "(null)", text, "%s", what);
	free(s);
}

static char *tmp_path(const char *);
static char *slurp(const char *, size_t *);
static void spew(const char *, const void *, size_t);
static int unchanged(const char *, const char *, size_t);
static void capture_begin(void);
static char *capture_end(void);
static int same_double(double, double);
static int same_result(const struct result *, const struct result *,
    char *, size_t);
static void make_rows(struct result *);
static void free_rows(struct result *, size_t);
static void test_default_path(void);
static void test_open_errors(void);
static int64_t test_write(const char *, struct result *);
static void test_read(const char *, int64_t, const struct result *);
static void test_kill(const char *);
static int killed_writer(const char *, int, const char *);
static int64_t sql_int(const char *, const char *);
static void test_refusals(void);
static void test_export(const char *, int64_t);
static void test_readonly(void);
static void test_stream(void);
static void test_extra_many(void);
static void test_out_file(void);
static void test_transaction(void);

static int saved_stderr = -1;

/* A path in the test's temporary folder; owned. */
static char *
tmp_path(const char *name)
{
	return xasprintf("%s/%s", tap_tmpdir(), name);
}

/* The whole file, or NULL; *len is its size. */
static char *
slurp(const char *path, size_t *len)
{
	struct stat sb;
	char *buf;
	FILE *fp;

	*len = 0;
	fp = fopen(path, "rb");
	if (fp == NULL)
		return NULL;
	if (fstat(fileno(fp), &sb) == -1) {
		fclose(fp);
		return NULL;
	}
	buf = xmalloc((size_t)sb.st_size + 1);
	*len = fread(buf, 1, (size_t)sb.st_size, fp);
	buf[*len] = '\0';
	fclose(fp);
	return buf;
}

static void
spew(const char *path, const void *data, size_t len)
{
	FILE *fp;

	fp = fopen(path, "wb");
	if (fp == NULL || fwrite(data, 1, len, fp) != len || fclose(fp) != 0)
		bail("cannot write '%s'", path);
}

/* Does the file still hold exactly these bytes? */
static int
unchanged(const char *path, const char *before, size_t len)
{
	char *now;
	size_t nlen;
	int same;

	now = slurp(path, &nlen);
	same = now != NULL && nlen == len && memcmp(now, before, len) == 0;
	free(now);
	return same;
}

/* Send stderr to a file until capture_end(), which returns the text. */
static void
capture_begin(void)
{
	char *path;
	int fd;

	path = tmp_path("stderr.txt");
	fflush(stderr);
	saved_stderr = dup(2);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (saved_stderr == -1 || fd == -1 || dup2(fd, 2) == -1)
		bail("cannot redirect stderr to '%s'", path);
	close(fd);
	free(path);
}

static char *
capture_end(void)
{
	char *path, *text;
	size_t len;

	fflush(stderr);
	dup2(saved_stderr, 2);
	close(saved_stderr);
	path = tmp_path("stderr.txt");
	text = slurp(path, &len);
	free(path);
	if (text != NULL && len > 0)
		diag("stderr: %.*s", (int)(len - 1), text);
	return text != NULL ? text : xstrdup("");
}

/* Equal to the bit, NAN equal to NAN. */
static int
same_double(double a, double b)
{
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	return memcmp(&a, &b, sizeof(a)) == 0;
}

/*
 * same_result: compare every field but the store row id; on a difference
 * why names the first field that differs.
 */
static int
same_result(const struct result *a, const struct result *b, char *why,
    size_t len)
{
	size_t i;

#define DIFF(cond, name) \
	do { \
		if (cond) { \
			bufprintf(why, len, "%s differs", name); \
			return 0; \
		} \
	} while (0)
	DIFF(a->seq != b->seq, "seq");
	DIFF(strcmp(a->bench, b->bench) != 0, "bench");
	DIFF(strcmp(a->group, b->group) != 0, "group");
	DIFF(strcmp(a->case_name, b->case_name) != 0, "case_name");
	DIFF(strcmp(a->unit, b->unit) != 0, "unit");
	DIFF(strcmp(a->params, b->params) != 0, "params");
	DIFF(a->better != b->better, "better");
	DIFF(a->status != b->status, "status");
	DIFF(strcmp(a->reason, b->reason) != 0, "reason");
	DIFF(!same_double(a->st.median, b->st.median), "median");
	DIFF(!same_double(a->st.mean, b->st.mean), "mean");
	DIFF(!same_double(a->st.stddev, b->st.stddev), "stddev");
	DIFF(!same_double(a->st.cv, b->st.cv), "cv");
	DIFF(!same_double(a->st.min, b->st.min), "min");
	DIFF(!same_double(a->st.max, b->st.max), "max");
	DIFF(a->st.n != b->st.n, "n");
	DIFF(a->iters != b->iters, "iters");
	DIFF(!same_double(a->cycles, b->cycles), "cycles");
	DIFF(!same_double(a->instructions, b->instructions), "instructions");
	DIFF(a->flags != b->flags, "flags");
	DIFF(a->copies != b->copies, "copies");
	DIFF(a->copy != b->copy, "copy");
	DIFF(!same_double(a->seconds, b->seconds), "seconds");
	DIFF(a->nsamples != b->nsamples, "nsamples");
	for (i = 0; i < a->nsamples; i++)
		DIFF(!same_double(a->samples[i], b->samples[i]), "a sample");
	DIFF(a->nextra != b->nextra, "nextra");
	for (i = 0; i < a->nextra; i++) {
		DIFF(strcmp(a->extra[i].name, b->extra[i].name) != 0,
		    "an extra name");
		DIFF(!same_double(a->extra[i].value, b->extra[i].value),
		    "an extra value");
	}
#undef DIFF
	return 1;
}

/*
 * make_rows: three rows that reach the awkward corners: exact decimals,
 * a NAN counter, a BADRESULT without samples, a NAN extra, a huge iters.
 */
static void
make_rows(struct result *r)
{
	static const double s0[] = { 1.1e10, 1.2e10, 0.1 + 0.2, 1e-300,
	    12345678901234567890.0 };
	static const double s1[] = { 1.0 / 3.0, 2.0 / 3.0, 4.0 };
	size_t i;

	memset(r, 0, 3 * sizeof(*r));
	r[0].seq = 0;
	strlcpy_bb(r[0].bench, "stream", sizeof(r[0].bench));
	strlcpy_bb(r[0].group, "mem", sizeof(r[0].group));
	strlcpy_bb(r[0].case_name, "copy", sizeof(r[0].case_name));
	strlcpy_bb(r[0].params, "n=1000000,type=double", sizeof(r[0].params));
	strlcpy_bb(r[0].unit, "B/s", sizeof(r[0].unit));
	r[0].better = 1;
	r[0].status = ST_OK;
	r[0].nsamples = ARRAY_SIZE(s0);
	r[0].samples = xmalloc(sizeof(s0));
	memcpy(r[0].samples, s0, sizeof(s0));
	r[0].st.median = 1.2e10;
	r[0].st.mean = 0.1 + 0.7;
	r[0].st.stddev = 1.0 / 7.0;
	r[0].st.cv = 0.0123456789012345678;
	r[0].st.min = 1e-300;
	r[0].st.max = 12345678901234567890.0;
	r[0].st.n = 5;
	r[0].iters = 1ULL << 40;
	r[0].cycles = 1.5;
	r[0].instructions = 2.25;
	r[0].flags = RF_HOT | RF_NOISY;
	r[0].copies = 4;
	r[0].copy = 0;
	r[0].seconds = 3.5;
	result_add_extra(&r[0], "copy_s", 0.125);
	result_add_extra(&r[0], "phase2", 1.0 / 3.0);

	r[1] = r[0];
	r[1].samples = NULL;
	r[1].extra = NULL;
	r[1].nextra = 0;
	r[1].seq = 1;
	strlcpy_bb(r[1].case_name, "scale", sizeof(r[1].case_name));
	r[1].nsamples = ARRAY_SIZE(s1);
	r[1].samples = xmalloc(sizeof(s1));
	memcpy(r[1].samples, s1, sizeof(s1));
	/* its own figures agree with its samples, as import checks */
	r[1].st.median = 2.0 / 3.0;
	r[1].st.min = 1.0 / 3.0;
	r[1].st.max = 4.0;
	r[1].st.n = ARRAY_SIZE(s1);
	r[1].cycles = NAN;
	r[1].instructions = NAN;
	r[1].flags = 0;
	r[1].copy = 2;
	r[1].iters = UINT64_MAX;

	memset(&r[2], 0, sizeof(r[2]));
	r[2].seq = 2;
	strlcpy_bb(r[2].bench, "sha256", sizeof(r[2].bench));
	strlcpy_bb(r[2].group, "crypto", sizeof(r[2].group));
	strlcpy_bb(r[2].case_name, "64k", sizeof(r[2].case_name));
	strlcpy_bb(r[2].unit, "B/s", sizeof(r[2].unit));
	r[2].better = 1;
	r[2].status = ST_BADRESULT;
	strlcpy_bb(r[2].reason, "digest mismatch: 'ba7816bf' expected",
	    sizeof(r[2].reason));
	r[2].st.median = r[2].st.mean = r[2].st.stddev = NAN;
	r[2].st.cv = r[2].st.min = r[2].st.max = NAN;
	r[2].cycles = r[2].instructions = NAN;
	r[2].seconds = 0.25;
	r[2].flags = RF_NOCLOCK;
	result_add_extra(&r[2], "verify_s", NAN);
	for (i = 0; i < 3; i++)
		r[i].id = 0;
}

static void
free_rows(struct result *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		result_release(&rows[i]);
	free(rows);
}

static void
test_default_path(void)
{
	char *p;

	setenv("XDG_DATA_HOME", "/data/xdg", 1);
	setenv("HOME", "/home/board", 1);
	p = store_default_path();
	is_str(p, "/data/xdg/boardbench/results.db",
	    "default path follows an absolute XDG_DATA_HOME");
	free(p);
	setenv("XDG_DATA_HOME", "relative/xdg", 1);
	p = store_default_path();
	is_str(p, "/home/board/.local/share/boardbench/results.db",
	    "a relative XDG_DATA_HOME is ignored");
	free(p);
	unsetenv("XDG_DATA_HOME");
	p = store_default_path();
	is_str(p, "/home/board/.local/share/boardbench/results.db",
	    "default path without XDG_DATA_HOME is under HOME");
	free(p);
}

static void
test_open_errors(void)
{
	struct store *st;
	struct stat sb;
	char *path, *msg;

	path = tmp_path("missing.db");
	capture_begin();
	st = store_open(path, 0, 0);
	msg = capture_end();
	ok(st == NULL, "opening a missing store without create fails");
	ok(strstr(msg, "no such file") != NULL, "... saying no such file");
	ok(stat(path, &sb) == -1, "... and creates nothing");
	free(msg);
	free(path);

	path = tmp_path("no/such/folder/results.db");
	capture_begin();
	st = store_open(path, 1, 0);
	msg = capture_end();
	ok(st == NULL, "creating a store in a missing folder fails");
	ok(strstr(msg, "does not exist") != NULL,
	    "... saying the folder does not exist");
	free(msg);
	free(path);

	path = tmp_path("made/for/us/results.db");
	st = store_open(path, 1, 1);
	ok(st != NULL, "make_dirs creates the missing folders");
	store_close(st);
	free(path);
}

/*
 * test_write: a new store with one run of the three rows, finished; then
 * a second run with another tag.  Returns the first run's id.
 */
static int64_t
test_write(const char *path, struct result *rows)
{
	struct store *st;
	struct run_info ri, ri2;
	int64_t id;
	size_t i;
	int added = 0;

	st = store_open(path, 1, 0);
	if (!ok(st != NULL, "a new store is created"))
		bail("cannot go on without a store");
	memset(&ri, 0, sizeof(ri));
	strlcpy_bb(ri.tag, "baseline", sizeof(ri.tag));
	strlcpy_bb(ri.profile, "quick", sizeof(ri.profile));
	strlcpy_bb(ri.tool_version, "0.1.0-3-gabcdef", sizeof(ri.tool_version));
	ri.argv = xstrdup("boardbench run --profile quick stream sha256");
	run_info_identity(&ri, json_loads(BUILD_JSON, 0, NULL),
	    json_loads(SYSTEM_JSON, 0, NULL));
	is_int(store_run_begin(st, &ri), 0, "store_run_begin");
	ok(ri.id > 0, "the run has an id");
	is_int((long long)strlen(ri.uuid), 36, "a uuid was made");
	ok(ri.uuid[8] == '-' && ri.uuid[13] == '-' && ri.uuid[14] == '4' &&
	    ri.uuid[18] == '-' && ri.uuid[23] == '-' &&
	    strspn(ri.uuid, "0123456789abcdef-") == 36,
	    "the uuid has the 8-4-4-4-12 version 4 form");
	is_str(ri.status, "running", "a new run is running");
	ok(ri.started[0] != '\0', "a new run has a start time");
	for (i = 0; i < 3; i++)
		added += store_result_add(st, ri.id, &rows[i]) == 0 &&
		    rows[i].id > 0;
	is_int(added, 3, "three rows added, each with an id");
	strlcpy_bb(ri.status, "complete", sizeof(ri.status));
	strlcpy_bb(ri.finished, "2026-11-30T12:00:00Z", sizeof(ri.finished));
	is_int(store_run_finish(st, &ri), 0, "store_run_finish");
	id = ri.id;
	run_info_release(&ri);

	memset(&ri2, 0, sizeof(ri2));
	strlcpy_bb(ri2.tag, "lto", sizeof(ri2.tag));
	strlcpy_bb(ri2.uuid, "0c0ffee0-0000-4000-8000-000000000001",
	    sizeof(ri2.uuid));
	is_int(store_run_begin(st, &ri2), 0, "a second run");
	is_str(ri2.uuid, "0c0ffee0-0000-4000-8000-000000000001",
	    "a given uuid is kept");
	capture_begin();
	memset(&ri2, 0, sizeof(ri2));
	strlcpy_bb(ri2.uuid, "0c0ffee0-0000-4000-8000-000000000001",
	    sizeof(ri2.uuid));
	ok(store_run_begin(st, &ri2) == -1, "a uuid cannot be added twice");
	free(capture_end());
	store_close(st);
	return id;
}

/* test_read: reopen the store and compare everything that was written. */
static void
test_read(const char *path, int64_t id, const struct result *want)
{
	struct store *st;
	struct run_info ri;
	struct result *rows;
	int64_t *ids, found;
	size_t n, i;
	char why[64];

	st = store_open(path, 0, 0);
	if (!ok(st != NULL, "the store opens again"))
		bail("cannot go on without a store");
	is_int(store_run_get(st, id, &ri), 0, "store_run_get");
	ok(strlen(ri.uuid) == 36, "... uuid");
	is_str(ri.status, "complete", "... status");
	is_str(ri.finished, "2026-11-30T12:00:00Z", "... finished");
	is_str(ri.tag, "baseline", "... tag");
	is_str(ri.profile, "quick", "... profile");
	is_str(ri.tool_version, "0.1.0-3-gabcdef", "... tool_version");
	is_str(ri.argv, "boardbench run --profile quick stream sha256",
	    "... argv");
	is_json(ri.build_json, BUILD_JSON, "... build");
	is_json(ri.system_json, SYSTEM_JSON, "... system");
	ok(ri.build != NULL && ri.build->cflags != NULL &&
	    strcmp(ri.build->cflags, "-O2") == 0, "... parsed once: cflags");
	ok(store_run_by_uuid(st, ri.uuid, &found) == 0 && found == id,
	    "store_run_by_uuid finds the run");
	is_int(store_run_by_uuid(st, "00000000-0000-4000-8000-000000000000",
	    &found), 1, "store_run_by_uuid of an unknown uuid returns 1");
	run_info_release(&ri);
	is_int(store_run_get(st, id + 1000, &ri), 1,
	    "store_run_get of an unknown id returns 1");

	is_int(store_results_get(st, id, &rows, &n), 0, "store_results_get");
	if (!is_int((long long)n, 3, "three rows come back"))
		bail("cannot compare the rows");
	for (i = 0; i < n; i++) {
		why[0] = '\0';
		ok(same_result(&rows[i], &want[i], why, sizeof(why)),
		    "row %zu reads back identical%s%s", i, why[0] ? ": " : "",
		    why);
		is_int(rows[i].id, want[i].id, "row %zu keeps its id", i);
	}
	ok(isnan(rows[1].cycles) && isnan(rows[1].instructions),
	    "NAN counters read back as NAN");
	ok(rows[2].status == ST_BADRESULT && rows[2].nsamples == 0 &&
	    rows[2].samples == NULL, "the BADRESULT row has no samples");
	ok(rows[0].nextra == 2 && strcmp(rows[0].extra[1].name, "phase2") == 0 &&
	    rows[0].extra[1].value == 1.0 / 3.0, "extras keep name and value");
	ok(rows[1].iters == UINT64_MAX, "iters keeps all 64 bits");
	free_rows(rows, n);

	is_int(store_run_ids(st, NULL, &ids, &n), 0, "store_run_ids");
	ok(n == 2 && ids[0] == id && ids[1] > id, "... all runs, oldest first");
	free(ids);
	store_run_ids(st, "lto", &ids, &n);
	ok(n == 1 && ids[0] != id, "... with a tag, only that tag's runs");
	free(ids);
	store_run_ids(st, "nosuchtag", &ids, &n);
	ok(n == 0 && ids == NULL, "... with an unknown tag, none");
	free(ids);
	store_close(st);
}

/*
 * killed_writer: a child adds a run tagged tag and two rows and is killed
 * before it can finish or close.  How: KW_ROWS a row at a time, KW_TXN
 * with the run in one transaction (an import), KW_CASES as the cases of
 * a run that plans two (store_case_add): the rows as one case, then
 * (KW_CASES_ALL) a case of no rows, as a run whose final status could not
 * be written.  Returns 1 when it died of SIGKILL.
 */
enum { KW_ROWS, KW_TXN, KW_CASES, KW_CASES_ALL };
static int
killed_writer(const char *path, int how, const char *tag)
{
	struct store *st;
	struct run_info ri;
	struct result rows[3];
	pid_t pid;
	int status;

	fflush(stdout);
	pid = fork();
	if (pid == -1)
		bail("cannot fork");
	if (pid == 0) {
		int txn = how == KW_TXN;

		st = store_open(path, 0, 0);
		memset(&ri, 0, sizeof(ri));
		strlcpy_bb(ri.tag, tag, sizeof(ri.tag));
		if (txn)
			strlcpy_bb(ri.status, "complete", sizeof(ri.status));
		make_rows(rows);
		if (st == NULL || (txn && store_begin(st) != 0) ||
		    (txn ? store_run_add(st, &ri) : store_run_begin(st, &ri))
		    != 0)
			_exit(1);
		if (how >= KW_CASES ? store_case_add(st, ri.id, rows, 2, 2, 1) !=
		    0 || (how == KW_CASES_ALL && store_case_add(st, ri.id, NULL,
		    0, 2, 2) != 0) : store_result_add(st, ri.id, &rows[0]) != 0
		    || store_result_add(st, ri.id, &rows[1]) != 0)
			_exit(1);
		raise(SIGKILL);
		_exit(1);
	}
	waitpid(pid, &status, 0);
	return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

/*
 * test_kill: a child adds two rows and is killed before it can finish or
 * close; both rows must be in the store afterwards.
 */
static void
test_kill(const char *path)
{
	struct store *st;
	struct run_info ri;
	struct result *got;
	int64_t *ids;
	size_t n, nids;

	ok(killed_writer(path, KW_ROWS, "killed"), "the writer was killed");
	st = store_open(path, 0, 0);
	ok(st != NULL, "the store opens after the kill");
	if (st == NULL)
		return;
	store_run_ids(st, "killed", &ids, &nids);
	if (ok(nids == 1, "the killed run is there")) {
		store_run_get(st, ids[0], &ri);
		is_str(ri.status, "interrupted",
		    "... reads as interrupted (its writer is gone)");
		run_info_release(&ri);
		store_results_get(st, ids[0], &got, &n);
		is_int((long long)n, 2, "... with both committed rows");
		free_rows(got, n);
	}
	free(ids);
	store_close(st);
}

/*
 * test_case_counts: a run whose writer is gone before its final status
 * reads as complete when every planned case was stored, else as
 * interrupted; a case is stored whole or not at all.
 */
static void
test_case_counts(void)
{
	static const struct {
		int how;
		const char *tag, *status;
	} runs[] = {
		{ KW_CASES_ALL, "all-cases", "complete" },
		{ KW_CASES, "half-cases", "interrupted" },
	};
	struct store *st;
	struct run_info ri;
	struct result rows[3], *got;
	int64_t *ids;
	size_t n, nids, k;
	sqlite3 *db;

	char *path = tmp_path("counts.db");

	store_close(store_open(path, 1, 0));
	for (k = 0; k < ARRAY_SIZE(runs); k++)
		ok(killed_writer(path, runs[k].how, runs[k].tag), "a writer of "
		    "%s killed before its final status", runs[k].tag);
	st = store_open_readonly(path);
	if (st == NULL)
		bail("cannot read '%s'", path);
	for (k = 0; k < ARRAY_SIZE(runs); k++) {
		memset(&ri, 0, sizeof(ri));
		got = NULL;
		n = 0;
		if (store_run_ids(st, runs[k].tag, &ids, &nids) != 0 ||
		    nids != 1 || store_run_get(st, ids[0], &ri) != 0 ||
		    store_results_get(st, ids[0], &got, &n) != 0)
			nids = 0;
		ok(nids == 1 && strcmp(ri.status, runs[k].status) == 0 &&
		    n == 2, "%s: reads as %s (%s), its 2 rows kept",
		    runs[k].tag, runs[k].status, ri.status);
		run_info_release(&ri);
		free_rows(got, n);
		free(ids);
	}
	store_close(st);

	/* the second row of a case cannot be stored: none of it is */
	if (sqlite3_open(path, &db) != SQLITE_OK || sqlite3_exec(db,
	    "CREATE TRIGGER one_row BEFORE INSERT ON results WHEN"
	    " (SELECT count(*) FROM results WHERE run_id = NEW.run_id) > 0"
	    " BEGIN SELECT RAISE(ABORT, 'no room (test)'); END",
	    NULL, NULL, NULL) != SQLITE_OK)
		bail("cannot add a trigger to '%s'", path);
	sqlite3_close(db);
	st = store_open(path, 0, 0);
	memset(&ri, 0, sizeof(ri));
	make_rows(rows);
	if (st == NULL || store_run_begin(st, &ri) != 0)
		bail("cannot add a run to '%s'", path);
	capture_begin();
	ok(store_case_add(st, ri.id, rows, 3, 5, 1) == -1, "a case whose "
	    "second row fails is refused");
	free(capture_end());
	got = NULL;
	n = 99;
	k = store_results_get(st, ri.id, &got, &n) == 0;
	ok(k && n == 0, "... and none of its rows is stored (%zu)", n);
	free_rows(got, n);
	ok(store_case_add(st, ri.id, rows, 1, 5, 1) == 0, "a case of one row "
	    "is stored");
	run_info_release(&ri);
	store_close(st);
	is_int(sql_int(path, "SELECT cases_planned * 10 + cases_done FROM runs"
	    " ORDER BY id DESC LIMIT 1"), 51, "... and counted (5 planned, "
	    "1 done)");
	for (k = 0; k < 3; k++)
		result_release(&rows[k]);
	free(path);
}

static void
test_refusals(void)
{
	static const char hello[] = "hello\n";
	struct store *st;
	struct run_info ri;
	struct result rows[3];
	sqlite3 *db;
	char *path, *bytes, *msg;
	size_t len, i;
	int j;

	/* Plain text. */
	path = tmp_path("hello.txt");
	spew(path, hello, strlen(hello));
	capture_begin();
	st = store_open(path, 1, 0);
	msg = capture_end();
	ok(st == NULL, "a text file is refused");
	ok(strstr(msg, "not an SQLite file") != NULL, "... as not SQLite");
	ok(unchanged(path, hello, strlen(hello)), "... and left unchanged");
	free(msg);
	free(path);

	/* Somebody else's SQLite database. */
	path = tmp_path("other.db");
	if (sqlite3_open(path, &db) != SQLITE_OK ||
	    sqlite3_exec(db, "CREATE TABLE notes(id INTEGER PRIMARY KEY, t);"
	    "INSERT INTO notes(t) VALUES('keep me');", NULL, NULL, NULL) !=
	    SQLITE_OK)
		bail("cannot make '%s': %s", path, sqlite3_errmsg(db));
	sqlite3_close(db);
	bytes = slurp(path, &len);
	capture_begin();
	st = store_open(path, 1, 0);
	msg = capture_end();
	ok(st == NULL, "another program's SQLite database is refused");
	ok(strstr(msg, "is not a boardbench database") != NULL,
	    "... as not a boardbench database");
	ok(unchanged(path, bytes, len), "... and left unchanged");
	free(msg);
	free(bytes);
	free(path);

	/* A store from a newer boardbench. */
	path = tmp_path("newer.db");
	store_close(store_open(path, 1, 0));
	if (sqlite3_open(path, &db) != SQLITE_OK ||
	    sqlite3_exec(db, "PRAGMA user_version = 99", NULL, NULL, NULL) !=
	    SQLITE_OK)
		bail("cannot change '%s'", path);
	sqlite3_close(db);
	bytes = slurp(path, &len);
	capture_begin();
	st = store_open(path, 0, 0);
	msg = capture_end();
	ok(st == NULL, "a store with a newer schema is refused");
	ok(strstr(msg, "schema version 99, newer") != NULL,
	    "... saying it is newer");
	ok(unchanged(path, bytes, len), "... and left unchanged");
	free(msg);
	free(bytes);
	free(path);

	/* A damaged store: garbage over its second page. */
	path = tmp_path("damaged.db");
	st = store_open(path, 1, 0);
	memset(&ri, 0, sizeof(ri));
	store_run_begin(st, &ri);
	make_rows(rows);
	for (j = 0; j < 200; j++)
		store_result_add(st, ri.id, &rows[j % 3]);
	for (i = 0; i < 3; i++)
		result_release(&rows[i]);
	store_close(st);
	bytes = slurp(path, &len);
	if (!ok(len >= 3 * 4096, "a store of many rows spans pages"))
		bail("the damaged store test needs pages");
	for (i = 4096; i < 8192; i++)
		bytes[i] = (char)(i * 131 + 7);
	spew(path, bytes, len);
	capture_begin();
	st = store_open(path, 0, 0);
	msg = capture_end();
	ok(st == NULL, "a damaged store is refused");
	ok(strstr(msg, "corrupt") != NULL && strstr(msg, "untouched") != NULL,
	    "... as corrupt and left untouched");
	ok(unchanged(path, bytes, len), "... and it really is unchanged");
	store_close(st);
	free(msg);
	free(bytes);
	free(path);

	/* An empty file is a new store. */
	path = tmp_path("empty.db");
	spew(path, "", 0);
	st = store_open(path, 0, 0);
	ok(st != NULL, "an empty file becomes a store");
	store_close(st);
	st = store_open(path, 0, 0);
	ok(st != NULL, "... which opens again");
	store_close(st);
	free(path);
}

/*
 * test_export: the run written above goes to a document and comes back
 * field for field; broken documents are refused with one message.
 */
static void
test_export(const char *store_path, int64_t id)
{
	struct store *st, *st2;
	struct run_info ri;
	struct result *rows;
	struct loaded_run *runs;
	size_t n, nruns, tlen, i;
	json_t *doc;
	char *path, *bad, *text, *msg, why[64];
	int64_t found;
	FILE *fp;
	int good;

	st = store_open(store_path, 0, 0);
	if (st == NULL || store_run_get(st, id, &ri) != 0 ||
	    store_results_get(st, id, &rows, &n) != 0)
		bail("cannot read the run back for export");
	store_close(st);

	doc = export_document();
	export_document_add(doc, export_run(&ri, rows, n));
	path = tmp_path("export.json");
	fp = fopen(path, "w");
	if (fp == NULL)
		bail("cannot write '%s'", path);
	is_int(export_dump(doc, fp), 0, "export_dump");
	fclose(fp);
	json_decref(doc);
	text = slurp(path, &tlen);
	ok(strstr(text, "\"schema_version\": 1") != NULL &&
	    strstr(text, "\"tool\": \"boardbench\"") != NULL,
	    "the document names its schema and tool");
	ok(strstr(text, "\"cycles\": null") != NULL, "NAN is written as null");
	ok(strstr(text, "0.30000000000000004") != NULL,
	    "doubles are written with 17 digits");
	ok(strstr(text, "\"flags\": [\n") != NULL &&
	    strstr(text, "\"hot\",\n") != NULL, "flags are an array of names");

	if (!is_int(export_load_file(path, &runs, &nruns), 0,
	    "export_load_file") || !is_int((long long)nruns, 1, "one run"))
		bail("cannot compare the loaded run");
	is_int(runs[0].ri.id, ri.id, "loaded id");
	is_str(runs[0].ri.uuid, ri.uuid, "loaded uuid");
	is_str(runs[0].ri.started, ri.started, "loaded started");
	is_str(runs[0].ri.finished, ri.finished, "loaded finished");
	is_str(runs[0].ri.status, ri.status, "loaded status");
	is_str(runs[0].ri.tag, ri.tag, "loaded tag");
	is_str(runs[0].ri.profile, ri.profile, "loaded profile");
	is_str(runs[0].ri.tool_version, ri.tool_version, "loaded tool_version");
	is_str(runs[0].ri.argv, ri.argv, "loaded argv");
	is_json(runs[0].ri.build_json, BUILD_JSON, "loaded build");
	is_json(runs[0].ri.system_json, SYSTEM_JSON, "loaded system");
	if (!is_int((long long)runs[0].n, (long long)n, "loaded row count"))
		bail("row counts differ");
	good = 0;
	for (i = 0; i < n; i++) {
		why[0] = '\0';
		if (same_result(&runs[0].rows[i], &rows[i], why, sizeof(why)) &&
		    runs[0].rows[i].id == rows[i].id)
			good++;
		else
			diag("loaded row %zu: %s", i, why);
	}
	is_int(good, (long long)n, "every loaded row matches, every sample");

	/* Import into a second store, then detect the re-import. */
	bad = tmp_path("imported.db");
	st2 = store_open(bad, 1, 0);
	ok(store_run_by_uuid(st2, runs[0].ri.uuid, &found) == 1,
	    "the run is not yet in the second store");
	store_run_begin(st2, &runs[0].ri);
	for (i = 0; i < runs[0].n; i++)
		store_result_add(st2, runs[0].ri.id, &runs[0].rows[i]);
	ok(store_run_by_uuid(st2, ri.uuid, &found) == 0 &&
	    found == runs[0].ri.id, "after import the uuid is found");
	store_close(st2);
	free(bad);
	loaded_runs_free(runs, nruns);
	free_rows(rows, n);
	run_info_release(&ri);

	/* A truncated copy. */
	bad = tmp_path("truncated.json");
	spew(bad, text, tlen / 2);
	capture_begin();
	ok(export_load_file(bad, &runs, &nruns) == -1 && runs == NULL &&
	    nruns == 0, "a truncated export is refused");
	msg = capture_end();
	ok(strstr(msg, "not JSON (line ") != NULL, "... as not JSON");
	free(msg);
	free(bad);
	free(text);

	bad = tmp_path("foo.json");
	spew(bad, "{\"foo\":1}", 9);
	capture_begin();
	ok(export_load_file(bad, &runs, &nruns) == -1,
	    "a JSON file that is not an export is refused");
	msg = capture_end();
	ok(strstr(msg, "not a boardbench export") != NULL,
	    "... as not a boardbench export");
	free(msg);

	text = "{\"tool\":\"boardbench\",\"schema_version\":99,\"runs\":[]}";
	spew(bad, text, strlen(text));
	capture_begin();
	ok(export_load_file(bad, &runs, &nruns) == -1,
	    "an export with a newer schema is refused");
	msg = capture_end();
	ok(strstr(msg, "newer") != NULL, "... saying it is newer");
	free(msg);

	text = "{\"tool\":\"boardbench\",\"schema_version\":1,\"future\":{},"
	    "\"runs\":[{\"uuid\":\"u1\",\"status\":\"complete\","
	    "\"results\":[{\"bench\":\"a\",\"case\":\"b\",\"status\":\"OK\","
	    "\"median\":1,\"new\":[1]}]},"
	    "{\"uuid\":\"u2\",\"status\":\"complete\","
	    "\"results\":[{\"bench\":\"a\","
	    "\"status\":\"OK\"}]}]}";
	spew(bad, text, strlen(text));
	capture_begin();
	ok(export_load_file(bad, &runs, &nruns) == -1,
	    "a result without a case is refused");
	msg = capture_end();
	ok(strstr(msg, "run 2: result 1: no case") != NULL,
	    "... naming the run, the result and what is missing");
	free(msg);
	free(bad);

	bad = tmp_path("no-such-export.json");
	capture_begin();
	ok(export_load_file(bad, &runs, &nruns) == -1,
	    "a missing export is refused");
	free(capture_end());
	free(bad);
	free(path);
}

/*
 * Stores of schema 1 and 2: today's made old again, the columns added
 * since dropped (SQLite 3.35 and later can), with a run left "running"
 * and one row (no writer recorded: it stays running).
 */
static const char schema2_sql[] =
    "ALTER TABLE runs DROP COLUMN cases_planned;"
    "ALTER TABLE runs DROP COLUMN cases_done;"
    "UPDATE meta SET value = '2' WHERE key = 'schema_version';"
    "PRAGMA user_version = 2;";
static const char schema1_sql[] =
    "ALTER TABLE runs DROP COLUMN pid;"
    "ALTER TABLE runs DROP COLUMN boot_id;"
    "ALTER TABLE runs DROP COLUMN pid_start;"
    "UPDATE meta SET value = '1' WHERE key = 'schema_version';"
    "PRAGMA user_version = 1;";
static const char old_rows_sql[] =
    "INSERT INTO runs(uuid, status, tag) VALUES('old-run', 'running', 'old');"
    "INSERT INTO results(run_id, seq, bench, case_name, status, median,"
    " samples, extra) VALUES(1, 0, 'null', 'add', 'OK', 2.5, '[2.5]',"
    " '{}');"
    "PRAGMA journal_mode = DELETE;";

/* One integer from a store, as SQLite reads it (bails out on failure). */
static int64_t
sql_int(const char *path, const char *sql)
{
	sqlite3_stmt *stmt;
	int64_t v = -1;
	sqlite3 *db;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) !=
	    SQLITE_OK || sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) !=
	    SQLITE_OK)
		bail("cannot read '%s': %s", path, sqlite3_errmsg(db));
	if (sqlite3_step(stmt) == SQLITE_ROW)
		v = sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	sqlite3_close(db);
	return v;
}

/*
 * test_old_schema: an old store reads without any change; opened for
 * writing it gains the columns since (writer, case counts), keeps its
 * rows, and its old running run reads as it did.
 */
static void
test_old_schema(int version)
{
	struct store *st;
	struct run_info ri;
	struct result *rows;
	sqlite3 *db;
	char *path, *bytes, *bytes2, name[32];
	size_t len, len2, n;
	int64_t *ids;

	snprintf(name, sizeof(name), "schema%d.db", version);
	path = tmp_path(name);
	store_close(store_open(path, 1, 0));
	if (sqlite3_open(path, &db) != SQLITE_OK ||
	    sqlite3_exec(db, schema2_sql, NULL, NULL, NULL) != SQLITE_OK ||
	    (version == 1 && sqlite3_exec(db, schema1_sql, NULL, NULL, NULL) !=
	    SQLITE_OK) ||
	    sqlite3_exec(db, old_rows_sql, NULL, NULL, NULL) != SQLITE_OK)
		bail("cannot make '%s': %s", path, sqlite3_errmsg(db));
	sqlite3_close(db);
	bytes = slurp(path, &len);
	st = store_open_readonly(path);
	ok(st != NULL, "a schema %d store opens read-only", version);
	if (st == NULL)
		bail("cannot read a schema %d store", version);
	ok(store_run_ids(st, NULL, &ids, &n) == 0 && n == 1,
	    "... its run is listed");
	free(ids);
	ok(store_run_get(st, 1, &ri) == 0 && strcmp(ri.tag, "old") == 0 &&
	    strcmp(ri.status, "running") == 0,
	    "... and read (a running run without a writer stays running)");
	run_info_release(&ri);
	ok(store_results_get(st, 1, &rows, &n) == 0 && n == 1 &&
	    rows[0].st.median == 2.5, "... with its row");
	free_rows(rows, n);
	store_close(st);
	bytes2 = slurp(path, &len2);
	ok(len == len2 && memcmp(bytes, bytes2, len) == 0,
	    "reading changed nothing in the file");
	free(bytes2);

	st = store_open(path, 0, 0);
	ok(st != NULL, "opened for writing, schema %d is brought to %d",
	    version, STORE_SCHEMA_VERSION);
	memset(&ri, 0, sizeof(ri));
	ok(st != NULL && store_run_begin(st, &ri) == 0 &&
	    store_case_add(st, ri.id, NULL, 0, 3, 1) == 0,
	    "... and takes a new run and its count of cases");
	run_info_release(&ri);
	store_close(st);
	is_int(sql_int(path, "SELECT pid FROM runs WHERE id = 2"),
	    (int64_t)getpid(), "... recording the new run's writer");
	is_int(sql_int(path, "SELECT cases_planned * 10 + cases_done FROM "
	    "runs WHERE id = 2"), 31, "... and its cases (3 planned, 1 done)");
	is_int(sql_int(path, "PRAGMA user_version"), STORE_SCHEMA_VERSION,
	    "... user_version is now %d", STORE_SCHEMA_VERSION);
	is_int(sql_int(path, "SELECT value FROM meta WHERE key = "
	    "'schema_version'"), STORE_SCHEMA_VERSION, "... and so says meta");
	st = store_open_readonly(path);
	ok(st != NULL && store_results_get(st, 1, &rows, &n) == 0 && n == 1,
	    "the old row is still there");
	if (st != NULL)
		free_rows(rows, n);
	ok(st != NULL && store_run_get(st, 1, &ri) == 0 &&
	    strcmp(ri.status, "running") == 0, "... and the old run reads "
	    "as before");
	run_info_release(&ri);
	store_close(st);
	free(bytes);
	free(path);
}

/* test_readonly: a reader never creates, fills or changes a file. */
static void
test_readonly(void)
{
	struct store *st;
	struct stat sb;
	char *path, *msg;

	path = tmp_path("ro-empty.db");
	spew(path, "", 0);
	capture_begin();
	st = store_open_readonly(path);
	msg = capture_end();
	ok(st == NULL, "a reader refuses an empty file");
	ok(strstr(msg, "not a boardbench database") != NULL,
	    "... as not a store");
	ok(stat(path, &sb) == 0 && sb.st_size == 0, "... and leaves it empty");
	free(msg);
	free(path);

	path = tmp_path("ro-missing.db");
	capture_begin();
	st = store_open_readonly(path);
	free(capture_end());
	ok(st == NULL && stat(path, &sb) == -1,
	    "a reader creates no missing store");
	free(path);
}

static int
count_run(void *arg, struct loaded_run *lr)
{
	size_t *n = arg;

	*n += 1 + lr->n;
	return 0;
}

/* scan: export_scan_file over text; the runs + rows seen, or -1. */
static long
scan(const char *text, char **msg)
{
	char *path;
	size_t n = 0;
	int rc;

	path = tmp_path("scan.json");
	spew(path, text, strlen(text));
	capture_begin();
	rc = export_scan_file(path, count_run, &n);
	*msg = capture_end();
	free(path);
	return rc == 0 ? (long)n : -1;
}

/* test_stream: the top level is read piece by piece, in any order. */
static void
test_stream(void)
{
	static const char run[] = "{\"uuid\":\"u%d\",\"status\":"
	    "\"complete\",\"results\":[{\"bench\":\"a\",\"case\":\"b\","
	    "\"status\":\"FAILED\",\"reason\":\"x ] } [ { \\\" y\"}]}";
	char text[2048], r1[512], r2[512], *msg, *deep;
	size_t i;

	bufprintf(r1, sizeof(r1), run, 1);
	bufprintf(r2, sizeof(r2), run, 2);
	bufprintf(text, sizeof(text), "{\"runs\":[%s,%s],\"extra\":"
	    "{\"a\":[1,2,{\"b\":\"}\"}]},\"tool\":\"boardbench\","
	    "\"schema_version\":1}\n", r1, r2);
	is_int(scan(text, &msg), 4, "runs before the header: two runs, "
	    "two rows (brackets inside strings are text)");
	free(msg);
	bufprintf(text, sizeof(text), "{\"tool\":\"boardbench\","
	    "\"schema_version\":1,\"runs\":[%s]} x", r1);
	is_int(scan(text, &msg), -1, "text after the document is refused");
	ok(strstr(msg, "not JSON") != NULL, "... as not JSON");
	free(msg);
	bufprintf(text, sizeof(text), "{\"tool\":\"boardbench\","
	    "\"schema_version\":1,\"runs\":[%s,]}", r1);
	is_int(scan(text, &msg), -1, "a stray comma is refused");
	free(msg);
	bufprintf(text, sizeof(text), "{\"tool\":\"boardbench\","
	    "\"schema_version\":1,\"runs\":[%s],\"runs\":[]}", r1);
	is_int(scan(text, &msg), -1, "two runs arrays are refused");
	free(msg);
	is_int(scan("{\"tool\":\"boardbench\",\"schema_version\":1}", &msg),
	    -1, "no runs array is refused");
	free(msg);
	is_int(scan("", &msg), -1, "an empty file is refused");
	free(msg);
	deep = xmalloc(5000);
	memcpy(deep, "{\"x\":", 5);
	for (i = 5; i < 4990; i++)
		deep[i] = '[';
	deep[i] = '\0';
	is_int(scan(deep, &msg), -1, "deep nesting is refused");
	ok(strstr(msg, "nested too deeply") != NULL, "... as too deep");
	free(msg);
	free(deep);
}

/* test_extra_many: many extras come back whole and in order. */
static void
test_extra_many(void)
{
	struct result r;
	json_t *o;
	char name[32];
	size_t i, good = 0;

	o = json_object();
	for (i = 0; i < 20000; i++) {
		bufprintf(name, sizeof(name), "k%zu", i);
		json_object_set_new(o, name, json_real((double)i));
	}
	memset(&r, 0, sizeof(r));
	is_int(export_parse_extra(o, &r), 0, "20000 extras parse");
	for (i = 0; i < r.nextra; i++) {
		bufprintf(name, sizeof(name), "k%zu", i);
		good += strcmp(r.extra[i].name, name) == 0 &&
		    r.extra[i].value == (double)i;
	}
	ok(r.nextra == 20000 && good == 20000, "... every name and value");
	json_object_set_new(o, "an-extra-name-longer-than-31-bytes",
	    json_real(1));
	result_release(&r);
	memset(&r, 0, sizeof(r));
	is_int(export_parse_extra(o, &r), -1,
	    "a name longer than 31 bytes is refused, not cut");
	result_release(&r);
	json_decref(o);
}

/* test_out_file: whole or nothing, and no temporary left behind. */
static void
test_out_file(void)
{
	struct out_file of;
	char *path, *text, *dir;
	size_t len;

	path = tmp_path("out.txt");
	spew(path, "old\n", 4);
	is_int(out_file_open(&of, path), 0, "out_file_open");
	fputs("new\n", of.fp);
	text = slurp(path, &len);
	ok(len == 4 && memcmp(text, "old\n", 4) == 0,
	    "the old file stays until the commit");
	free(text);
	is_int(out_file_commit(&of), 0, "out_file_commit");
	text = slurp(path, &len);
	ok(len == 4 && memcmp(text, "new\n", 4) == 0, "... replaces it");
	free(text);
	is_int(out_file_open(&of, path), 0, "another out_file");
	fputs("half", of.fp);
	out_file_abort(&of);
	text = slurp(path, &len);
	ok(len == 4 && memcmp(text, "new\n", 4) == 0,
	    "an aborted one changes nothing");
	free(text);
	dir = tmp_path("");
	text = xasprintf("ls -a '%s' | grep -q 'out\\.txt\\.tmp'", dir);
	ok(system(text) != 0, "... and leaves no temporary");
	free(text);
	free(dir);
	free(path);
	path = tmp_path("no/such/folder/out.txt");
	capture_begin();
	ok(out_file_open(&of, path) == -1, "a file in a missing folder fails");
	free(capture_end());
	free(path);
}

/*
 * test_transaction: rows added in a transaction that is rolled back (or
 * whose process dies) are not in the store; a committed run is whole.
 */
static void
test_transaction(void)
{
	struct store *st;
	struct run_info ri;
	struct result rows[3];
	int64_t *ids;
	size_t n, i;
	char *path;

	path = tmp_path("txn.db");
	make_rows(rows);
	st = store_open(path, 1, 0);
	if (st == NULL)
		bail("cannot make '%s'", path);
	memset(&ri, 0, sizeof(ri));
	strlcpy_bb(ri.status, "complete", sizeof(ri.status));
	ok(store_begin(st) == 0 && store_run_add(st, &ri) == 0 &&
	    store_result_add(st, ri.id, &rows[0]) == 0,
	    "a run and a row in a transaction");
	store_rollback(st);
	store_run_ids(st, NULL, &ids, &n);
	is_int((long long)n, 0, "rolled back, the run is gone");
	free(ids);
	store_close(st);

	ok(killed_writer(path, KW_TXN, "killed"), "a writer killed inside its "
	    "transaction");
	st = store_open_readonly(path);
	ok(st != NULL && store_run_ids(st, NULL, &ids, &n) == 0 && n == 0,
	    "... left no run behind");
	if (st != NULL)
		free(ids);
	store_close(st);
	for (i = 0; i < 3; i++)
		result_release(&rows[i]);
	free(path);
}

int
main(void)
{
	struct result rows[3];
	char *path;
	int64_t id;
	size_t i;

	test_default_path();
	test_open_errors();
	path = tmp_path("results.db");
	make_rows(rows);
	id = test_write(path, rows);
	test_read(path, id, rows);
	for (i = 0; i < 3; i++)
		result_release(&rows[i]);
	test_kill(path);
	test_case_counts();
	test_refusals();
	test_export(path, id);
	free(path);
	test_old_schema(1);
	test_old_schema(2);
	test_readonly();
	test_stream();
	test_extra_many();
	test_out_file();
	test_transaction();
	return done_testing();
}
