/*
 * buildinfo.h - the build identity: what this binary was built as
 * (compiler, flags, configure arguments, ABI macros, libraries, and the
 * running executable's ELF machine and ARM build attributes with whether
 * they agree with the macros, "abi_check").
 */
#ifndef BOARDBENCH_BUILDINFO_H
#define BOARDBENCH_BUILDINFO_H

#include <stddef.h>
#include <jansson.h>

json_t *buildinfo_json(void);
/* One line naming a build flag set, from a build identity object. */
void buildinfo_label(const json_t *build, const char *tag, char *buf,
    size_t len);

#endif
