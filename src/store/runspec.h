/*
 * runspec.h - run specs into loaded runs, for show, export, compare and
 * report: a run id, a uuid (or a unique prefix), "last", a tag (tag:T
 * forces the tag meaning), or a file written by `export` or
 * `run --format json`.  One rule says which specs are files
 * (runspec_is_file); errors are printed here, once.
 */
#ifndef BOARDBENCH_RUNSPEC_H
#define BOARDBENCH_RUNSPEC_H

#include <stddef.h>
#include <stdint.h>

#include "result.h"
#include "runinfo.h"

struct store;

/* One loaded run: its identity and its rows (parameters canonical). */
struct spec_run {
	struct run_info ri;
	struct result *rows;
	size_t n;
	int64_t id;		/* its id in the store; 0 when read from a file */
};

/* The runs one or more specs loaded, in order. */
struct spec_runs {
	struct spec_run *v;
	size_t n;
};

/*
 * Which specs are files: never one that starts with "tag:"; always an
 * existing regular file and a name with a '/'.  RUNSPEC_LOOSE (compare)
 * adds any existing non-directory and any name ending in ".json", so that
 * a missing export file is reported as a file, not as an unknown run.
 */
#define RUNSPEC_LOOSE	1u

int runspec_is_file(const char *spec, unsigned flags);

/*
 * Store specs (a run id, uuid or unique uuid prefix, "last", a tag, tag:T)
 * into run ids, one per spec (a tag: its latest run).  Unknown ones: an
 * error line, -1.
 */
int runspec_resolve(struct store *, char *const *specs, size_t n,
    int64_t **ids, size_t *nids);

/*
 * The runs of tag T (store_run_ids), else, for a T without '@', of the
 * one tag "T@..." there is (a sweep's NAME@FINGERPRINT: "O1" for
 * "O1@735753dc50ed"); *full (size len, may be NULL) is the tag found.
 * None: 0 with *n 0.  -1 on a store error or, with one line, when several
 * such tags make T ambiguous.
 */
int runspec_tag_ids(struct store *, const char *tag, int64_t **ids,
    size_t *n, char *full, size_t len);

/*
 * runspec_load: the runs of one spec appended to out: every run of a file,
 * or the one run a store spec names.  The store is opened read-only at
 * the first store spec (*st, from db; NULL: the default) and left open
 * for the caller to close.  0, or -1 with one error line; *is_file (when
 * not NULL) says which rule applied.
 */
int runspec_load(const char *spec, unsigned flags, const char *db,
    struct store **st, struct spec_runs *out, int *is_file);

/* The stored runs ids[0..n) appended to out; -1 on a store error. */
int runspec_load_ids(struct store *, const int64_t *ids, size_t n,
    struct spec_runs *out);

/* Release what the runs hold (a run whose rows were taken has none). */
void spec_runs_release(struct spec_runs *);

#endif
