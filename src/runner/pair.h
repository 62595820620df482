/*
 * pair.h - paired builds (run --against): what another build says of
 * itself before it may measure beside this one.
 *
 * `boardbench __identity` prints one JSON object: the tool's name and
 * version, the wire protocol (RUNNER_WIRE_VERSION, the sizes of the plan
 * and of a message, the byte order), the build identity and the system
 * snapshot as that build sees it (under qemu-user: the emulated view).
 */
#ifndef BOARDBENCH_PAIR_H
#define BOARDBENCH_PAIR_H

#include <stddef.h>
#include <jansson.h>

#define PAIR_IDENTITY_ARG	"__identity"
#define PAIR_MAX_BUILDS		9	/* this build and 8 --against */

/* main() of `boardbench __identity`: the object on stdout. */
int pair_identity_main(void);

/*
 * Ask the build exe (run under prefix[0..nprefix-1], looked up on PATH)
 * for its identity, within a time limit, through spawn.c.  It must be
 * boardbench of this version with this wire protocol.  0 with *build
 * and *system (owned), or -1 with why filled ("PATH is boardbench 0.9,
 * this is 1.0").
 */
int pair_probe(const char *exe, char *const *prefix, size_t nprefix,
    json_t **build, json_t **system, char *why, size_t len);

#endif
