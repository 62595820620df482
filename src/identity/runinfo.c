/*
 * runinfo.c - a run's identity (struct run_info in result.h): its build
 * and system JSON taken over and parsed into the structs, once, and
 * released.  Identity's, not core's, so that the vocabulary below knows
 * no identity parser (doc/DESIGN.md section 1).
 */
#include "config.h"

#include <stdlib.h>

#include <jansson.h>

#include "runinfo.h"
#include "sysinfo-json.h"
#include "util.h"

void
run_info_release(struct run_info *ri)
{
	free(ri->argv);
	ri->argv = NULL;
	if (ri->build != NULL)
		buildinfo_release(ri->build);
	if (ri->system != NULL)
		sysinfo_release(ri->system);
	free(ri->build);
	free(ri->system);
	ri->build = NULL;
	ri->system = NULL;
	json_decref(ri->build_json);
	json_decref(ri->system_json);
	ri->build_json = ri->system_json = NULL;
}

void
run_info_identity(struct run_info *ri, json_t *build, json_t *system)
{
	if (!json_is_object(build)) {
		json_decref(build);
		build = NULL;
	}
	if (!json_is_object(system)) {
		json_decref(system);
		system = NULL;
	}
	ri->build_json = build;
	ri->system_json = system;
	if (build != NULL) {
		ri->build = xmalloc(sizeof(*ri->build));
		buildinfo_from_json(build, ri->build);
	}
	if (system != NULL) {
		ri->system = xmalloc(sizeof(*ri->system));
		sysinfo_from_json(system, ri->system);
	}
}
