/*
 * runinfo.h - a run's identity, as structs and as JSON (runinfo.c).
 */
#ifndef BOARDBENCH_RUNINFO_H
#define BOARDBENCH_RUNINFO_H

#include "result.h"

/* Free what ri owns (argv, the identity structs and JSON); keeps ri. */
void run_info_release(struct run_info *);
/*
 * Take over build and system (JSON objects or NULL; anything else is
 * dropped) as ri's identity: kept for the edges and parsed into the
 * structs, once.
 */
void run_info_identity(struct run_info *ri, struct json_t *build,
    struct json_t *system);

#endif
