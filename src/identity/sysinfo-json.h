/*
 * sysinfo-json.h - the system snapshot and the build identity as JSON:
 * the only place their keys are written or read.  JSON is made where
 * identity leaves the program (the store, export, the json formats) and
 * read where it comes in (the store, import); everything between passes
 * the structs of sysinfo.h and buildinfo.h (doc/DESIGN.md section 4,
 * "Identity").
 */
#ifndef BOARDBENCH_SYSINFO_JSON_H
#define BOARDBENCH_SYSINFO_JSON_H

#include <jansson.h>

#include "buildinfo.h"
#include "jfield.h"
#include "sysinfo.h"

/*
 * The snapshot object: board, SoC, cores, clusters, caches, memory,
 * thermal, throttling, power (only when found), load, notes.  Unknown
 * values are null.
 */
json_t *sysinfo_to_json(const struct system_info *si);
/*
 * A snapshot object (stored or imported; NULL is fine) back into si:
 * every key that is missing or of the wrong type is unknown, strings
 * and lists are bounded.  Never fails.
 */
void sysinfo_from_json(const json_t *obj, struct system_info *si);

/*
 * A run's own facts (si_run: "noise_floor", "pairing") set in the
 * snapshot object sys; those not known are left out.
 */
void sysinfo_run_to_json(const struct si_run *r, json_t *sys);

/*
 * The build identity object: compiler, flags, configure arguments, host,
 * float ABI, FPU, NEON, architecture, macros, ELF check, libraries.
 */
json_t *buildinfo_to_json(const struct build_info *bi);
/* A build identity object back into bi; as sysinfo_from_json. */
void buildinfo_from_json(const json_t *obj, struct build_info *bi);

/*
 * The tables both directions walk (jfield.h): the snapshot's, the build
 * identity's and its ELF check's, for tests/unit/t-identity.
 */
extern const struct jfield sysinfo_fields[], buildinfo_fields[],
    buildinfo_elf_fields[];

/*
 * A copy of v (taken over) with the keys of every object in sorted
 * order: the order the store keeps identity in, so a run printed as it
 * runs and the same run read back look alike.
 */
json_t *json_sorted(json_t *v);

#endif
