/*
 * fmt-json.c - the JSON document of export.c on stdout: runs with build
 * identity, system snapshot, and results with raw samples.  Printed once,
 * when the output is finished.
 */
#include "config.h"

#include <jansson.h>

#include "export.h"
#include "fmt.h"

static void
json_end(struct fmt *f, const struct run_info *ri)
{
	if (f->state == NULL)
		f->state = export_document();
	export_document_add(f->state, export_run(ri, f->rows, f->nrows));
}

static void
json_finish(struct fmt *f)
{
	json_t *doc = f->state;

	if (doc == NULL)
		doc = export_document();
	json_dumpf(doc, f->fp, JSON_INDENT(2) | JSON_REAL_PRECISION(17));
	fputc('\n', f->fp);
	json_decref(doc);
	f->state = NULL;
}

const struct fmt_ops fmt_json_ops = {
	.name = "json",
	.end = json_end,
	.finish = json_finish,
};
