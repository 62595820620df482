/*
 * runspec.c - run specs into loaded runs (runspec.h): the one place that
 * says which specs are files, resolves store specs and loads their runs,
 * for show, export, compare and report.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "export.h"
#include "registry.h"
#include "runspec.h"
#include "store.h"
#include "util.h"

int
runspec_is_file(const char *s, unsigned flags)
{
	struct stat sb;
	size_t n = strlen(s);

	if (strncmp(s, "tag:", 4) == 0)
		return 0;
	if (stat(s, &sb) == 0 && (S_ISREG(sb.st_mode) ||
	    ((flags & RUNSPEC_LOOSE) && !S_ISDIR(sb.st_mode))))
		return 1;
	if (strchr(s, '/') != NULL)
		return 1;
	return (flags & RUNSPEC_LOOSE) && n > 5 &&
	    strcmp(s + n - 5, ".json") == 0;
}

static int
parse_id(const char *s, int64_t *id)
{
	long long v;

	if (parse_ll(s, &v) != 0 || v <= 0 || strpbrk(s, "kKMGi") != NULL)
		return -1;
	*id = v;
	return 0;
}

int
runspec_tag_ids(struct store *st, const char *tag, int64_t **ids, size_t *n,
    char *full, size_t len)
{
	int64_t *all = NULL;
	size_t nall = 0, i, tl = strlen(tag);
	struct run_info ri;
	char found[sizeof(ri.tag)] = "";
	int rc = 0;

	if (full != NULL)
		bufprintf(full, len, "%s", tag);
	if (store_run_ids(st, tag, ids, n) != 0)
		return -1;
	if (*n > 0 || strchr(tag, '@') != NULL)
		return 0;
	free(*ids);
	*ids = NULL;
	if (store_run_ids(st, NULL, &all, &nall) != 0)
		return -1;
	for (i = 0; i < nall && rc == 0; i++) {
		memset(&ri, 0, sizeof(ri));
		if (store_run_get(st, all[i], &ri) == 0 &&
		    strncmp(ri.tag, tag, tl) == 0 && ri.tag[tl] == '@') {
			if (found[0] == '\0')
				bufprintf(found, sizeof(found), "%s", ri.tag);
			else if (strcmp(found, ri.tag) != 0) {
				error("tag '%s' is ambiguous: '%s' and '%s' (give "
				    "the whole tag)", tag, found, ri.tag);
				rc = -1;
			}
		}
		run_info_release(&ri);
	}
	free(all);
	if (rc != 0 || found[0] == '\0')
		return rc;
	if (full != NULL)
		bufprintf(full, len, "%s", found);
	return store_run_ids(st, found, ids, n);
}

int
runspec_resolve(struct store *st, char *const *specs, size_t n,
    int64_t **ids, size_t *nids)
{
	int64_t *out = NULL, id, *all = NULL;
	size_t k = 0, i, nall = 0;
	struct run_info ri;
	int rc;

	for (i = 0; i < n; i++) {
		const char *s = specs[i];

		if (strcmp(s, "last") == 0 || strcmp(s, "--last") == 0) {
			if (store_run_ids(st, NULL, &all, &nall) != 0)
				goto fail;
			if (nall == 0) {
				error("no runs in the store yet");
				goto fail;
			}
			id = all[nall - 1];
			free(all);
			all = NULL;
		} else if (strncmp(s, "tag:", 4) == 0) {
			if (runspec_tag_ids(st, s + 4, &all, &nall, NULL, 0) != 0)
				goto fail;
			if (nall == 0) {
				error("no run with tag '%s'", s + 4);
				goto fail;
			}
			id = all[nall - 1];
			free(all);
			all = NULL;
		} else if (parse_id(s, &id) == 0) {
			memset(&ri, 0, sizeof(ri));
			rc = store_run_get(st, id, &ri);
			run_info_release(&ri);
			if (rc < 0)
				goto fail;
			if (rc == 1) {
				error("no run '%s' in the store (see "
				    "'boardbench show --list')", s);
				goto fail;
			}
		} else if (store_run_by_uuid(st, s, &id) != 0) {
			/* last resort: a tag given without tag: */
			if (runspec_tag_ids(st, s, &all, &nall, NULL, 0) != 0) {
				free(all);
				goto fail;
			}
			if (nall == 0) {
				free(all);
				error("no run, uuid or tag '%s' in the store "
				    "(see 'boardbench show --list')", s);
				goto fail;
			}
			id = all[nall - 1];
			free(all);
			all = NULL;
		}
		out = xreallocarray(out, k + 1, sizeof(*out));
		out[k++] = id;
	}
	*ids = out;
	*nids = k;
	return 0;
fail:
	free(out);
	return -1;
}


/* A new run at the end of out, zeroed. */
static struct spec_run *
spec_run_new(struct spec_runs *out)
{
	return XAPPEND(out->v, out->n);
}

/* The run's parameters in today's canonical text (runs stored before
 * parameters were canonical match new ones). */
static void
spec_run_canon(struct spec_run *r)
{
	size_t j;

	for (j = 0; j < r->n; j++)
		param_canon_stored(r->rows[j].bench, r->rows[j].params,
		    sizeof(r->rows[j].params));
}

int
runspec_load_ids(struct store *st, const int64_t *ids, size_t n,
    struct spec_runs *out)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct spec_run *r = spec_run_new(out);

		r->id = ids[i];
		if (store_run_get(st, ids[i], &r->ri) != 0 ||
		    store_results_get(st, ids[i], &r->rows, &r->n) != 0)
			return -1;
		spec_run_canon(r);
	}
	return 0;
}

/* Every run of an export file appended to out; a file of none is an
 * error. */
static int
load_file(const char *path, struct spec_runs *out)
{
	struct loaded_run *lr;
	size_t n, i;

	if (export_load_file(path, &lr, &n) != 0)
		return -1;
	if (n == 0) {
		loaded_runs_free(lr, n);
		return error("'%s' holds no runs", path);
	}
	for (i = 0; i < n; i++) {
		struct spec_run *r = spec_run_new(out);

		r->ri = lr[i].ri;
		memset(&lr[i].ri, 0, sizeof(lr[i].ri));
		r->rows = lr[i].rows;
		r->n = lr[i].n;
		lr[i].rows = NULL;
		lr[i].n = 0;
		spec_run_canon(r);
	}
	loaded_runs_free(lr, n);
	return 0;
}

int
runspec_load(const char *spec, unsigned flags, const char *db,
    struct store **st, struct spec_runs *out, int *is_file)
{
	char *one[1];
	int64_t *ids = NULL;
	size_t nids = 0;
	int file = runspec_is_file(spec, flags), rc;

	if (is_file != NULL)
		*is_file = file;
	if (file)
		return load_file(spec, out);
	if (*st == NULL && (*st = store_open_db(db, 0)) == NULL)
		return -1;
	one[0] = (char *)spec;
	if (runspec_resolve(*st, one, 1, &ids, &nids) != 0)
		return -1;
	rc = runspec_load_ids(*st, ids, nids, out);
	free(ids);
	return rc;
}

void
spec_runs_release(struct spec_runs *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++) {
		run_info_release(&rs->v[i].ri);
		result_free_rows(rs->v[i].rows, rs->v[i].n);
	}
	free(rs->v);
	rs->v = NULL;
	rs->n = 0;
}
