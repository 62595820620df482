/*
 * fuzz-import.c - the JSON importer (`import`, `compare FILE`): one
 * document in memory through export_parse_buffer(); a document it accepts
 * is exported again and its parameters read as compare reads them.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "export.h"
#include "fuzz.h"
#include "registry.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct loaded_run *runs;
	size_t n, i, j;
	json_t *doc;

	if (export_parse_buffer((const char *)data, size, "fuzz", &runs, &n)
	    != 0)
		return 0;
	doc = export_document();
	for (i = 0; i < n; i++) {
		for (j = 0; j < runs[i].n; j++) {
			struct result *r = &runs[i].rows[j];

			param_canon_stored(r->bench, r->params,
			    sizeof(r->params));
		}
		export_document_add(doc, export_run(&runs[i].ri,
		    runs[i].rows, runs[i].n));
	}
	json_decref(doc);
	loaded_runs_free(runs, n);
	return 0;
}
