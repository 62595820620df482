/*
 * export.h - the boardbench JSON document: runs with their build identity,
 * system snapshot and results with raw samples.  Written by `export` and
 * `--format json`, read back by `import` and `compare` (export.c writes,
 * import.c reads).
 */
#ifndef BOARDBENCH_EXPORT_H
#define BOARDBENCH_EXPORT_H

#include <stddef.h>
#include <stdio.h>
#include <jansson.h>
#include "result.h"

#define EXPORT_SCHEMA_VERSION 1

/* One run as a JSON object (new reference). */
json_t *export_run(const struct run_info *, const struct result *rows,
    size_t n);
json_t *export_result(const struct result *);
/* A JSON string of s (null for NULL; not UTF-8: '?' for each byte >= 0x80). */
json_t *export_jstr(const char *s);
/*
 * The head every JSON document of boardbench's starts with:
 * schema_version, tool, tool_version and, when kind is not NULL, kind
 * ("compare"); export_document() adds an empty "runs".
 */
json_t *export_header(const char *kind);
json_t *export_document(void);
void export_document_add(json_t *doc, json_t *run);	/* takes run */
/* Write doc indented, numbers exact; 0, or -1 on a write error (errno). */
int export_dump(const json_t *doc, FILE *fp);

/*
 * The samples array and the extra object of a row, NAN as null; shared
 * with the store so both write the same text.  The parsers replace r's
 * samples or add to its extras; -1, printing nothing, on a wrong shape.
 */
json_t *export_samples(const struct result *);
json_t *export_extra(const struct result *);
int export_parse_samples(const json_t *, struct result *);
int export_parse_extra(const json_t *, struct result *);

/* A run loaded from a document. */
struct loaded_run {
	struct run_info ri;
	struct result *rows;
	size_t n;
};
/*
 * Stream the runs of a file: each is loaded, checked and handed to fn,
 * then freed (fn may take what it wants and clear it).  Only one run is
 * in memory at a time.  On error (fn's -1 included, which prints its own
 * message), one message naming the file and what is wrong; returns -1.
 * The file must be a regular file (its header may follow the runs).
 */
typedef int (*export_run_fn)(void *arg, struct loaded_run *);
int export_scan_file(const char *path, export_run_fn fn, void *arg);
/*
 * Load every run in the file; on error, one message naming the file and
 * what is wrong, returns -1.
 */
int export_load_file(const char *path, struct loaded_run **runs, size_t *n);
/*
 * The same from an open stream or from len bytes in memory, `name` standing
 * for the file in messages.  export_parse_buffer() is the entry point of
 * the import fuzz harness (tests/fuzz/): keep it when import changes.
 */
int export_load_fp(FILE *fp, const char *name, struct loaded_run **runs,
    size_t *n);
int export_parse_buffer(const char *buf, size_t len, const char *name,
    struct loaded_run **runs, size_t *n);
void loaded_runs_free(struct loaded_run *, size_t);

#endif
