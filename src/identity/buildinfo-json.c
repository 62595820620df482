/*
 * buildinfo-json.c - struct build_info to the build identity's JSON
 * object and back, from one table of its fields (jfield.h): the only
 * place its keys are written or read.  The macros and libraries (objects
 * keyed by name) and the ELF check (which says less when the ELF could
 * not be read) are hooks.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sysinfo-json.h"
#include "util.h"

/* A string read from outside is kept to this many bytes. */
#define BI_STR_MAX	2048

#define STR(T, f, k, fl, w)	JF_STR_(T, f, k, fl, w, BI_STR_MAX)
#define BSTR(f)			STR(struct build_info, f, #f, JF_NULL, NULL)

/* The ARM attributes, when the ELF has them. */
static const struct jfield tag_fields[] = {
	STR(struct bi_elf, cpu_name, "Tag_CPU_name", JF_NULL, NULL),
	STR(struct bi_elf, cpu_arch, "Tag_CPU_arch", JF_NULL, NULL),
	STR(struct bi_elf, fp_arch, "Tag_FP_arch", JF_NULL, NULL),
	STR(struct bi_elf, simd_arch, "Tag_Advanced_SIMD_arch", JF_NULL,
	    NULL),
	STR(struct bi_elf, vfp_args, "Tag_ABI_VFP_args", JF_NULL, NULL),
	JF_END
};

/*
 * "attributes" is either why there are none (a string) or the object of
 * tags.  An ELF that could not be read has only its file, the error and
 * a null "agrees" (elf_to).
 */
const struct jfield buildinfo_elf_fields[] = {
	STR(struct bi_elf, file, "file", JF_NULL, NULL),
	STR(struct bi_elf, error, "error", JF_OPT, NULL),
	STR(struct bi_elf, elf_class, "class", JF_NULL, NULL),
	STR(struct bi_elf, machine, "machine", JF_NULL, NULL),
	STR(struct bi_elf, attributes, "attributes", JF_OPT, NULL),
	JF_GROUP_("attributes", tag_fields, JF_UNLESS, "attributes"),
	JF_BOOL_(struct bi_elf, agrees, "agrees"),
	JF_STRS_(struct bi_elf, disagreements, ndisagreements,
	    "disagreements", JF_ALWAYS, BI_STR_MAX),
	JF_STRS_(struct bi_elf, notes, nnotes, "notes", JF_OPT, BI_STR_MAX),
	JF_END
};

static void
elf_to(const void *base, json_t *b)
{
	const struct build_info *bi = base;
	json_t *o;

	if (!bi->have_elf)
		return;
	o = json_object();
	if (bi->elf.error != NULL) {
		json_object_set_new(o, "file", bi->elf.file != NULL ?
		    json_string(bi->elf.file) : json_null());
		json_object_set_new(o, "error", json_string(bi->elf.error));
		json_object_set_new(o, "agrees", json_null());
	} else
		jfield_to_json(buildinfo_elf_fields, &bi->elf, o);
	json_object_set_new(b, "elf", o);
}

static void
elf_from(const json_t *b, void *base)
{
	struct build_info *bi = base;
	const json_t *elf = json_object_get(b, "elf");

	if (json_is_object(elf)) {
		bi->have_elf = 1;
		jfield_from_json(buildinfo_elf_fields, elf, &bi->elf);
	}
}

static void
macros_to(const void *base, json_t *b)
{
	const struct build_info *bi = base;
	json_t *m = json_object();
	int i;

	for (i = 0; i < bi->nmacros; i++)
		json_object_set_new(m, bi->macros[i].name,
		    json_integer(bi->macros[i].value));
	json_object_set_new(b, "macros", m);
}

/* Integer values only, at most BI_MAX_ITEMS. */
static void
macros_from(const json_t *b, void *base)
{
	struct build_info *bi = base;
	const char *key;
	json_t *v;

	json_object_foreach((json_t *)json_object_get(b, "macros"), key, v) {
		if (bi->nmacros >= BI_MAX_ITEMS)
			break;
		if (!json_is_integer(v))
			continue;
		bi->macros[bi->nmacros].name = xstrndup(key, BI_STR_MAX);
		bi->macros[bi->nmacros++].value = json_integer_value(v);
	}
}

static void
libraries_to(const void *base, json_t *b)
{
	const struct build_info *bi = base;
	json_t *libs = json_object();
	const char *v;
	int i;

	for (i = 0; i < bi->nlibraries; i++) {
		v = bi->libraries[i].version;
		json_object_set_new(libs, bi->libraries[i].name, v != NULL ?
		    json_string(v) : json_null());
	}
	json_object_set_new(b, "libraries", libs);
}

/* String values only, at most BI_MAX_ITEMS. */
static void
libraries_from(const json_t *b, void *base)
{
	struct build_info *bi = base;
	const char *key;
	json_t *v;

	json_object_foreach((json_t *)json_object_get(b, "libraries"), key,
	    v) {
		if (bi->nlibraries >= BI_MAX_ITEMS)
			break;
		if (!json_is_string(v))
			continue;
		bi->libraries[bi->nlibraries].name = xstrndup(key, BI_STR_MAX);
		bi->libraries[bi->nlibraries++].version =
		    xstrndup(json_string_value(v), BI_STR_MAX);
	}
}

/* The build identity, in the order it is written. */
const struct jfield buildinfo_fields[] = {
	BSTR(tool_version), BSTR(cc), BSTR(cc_version), BSTR(cflags),
	BSTR(cppflags), BSTR(ldflags), BSTR(kernel_cflags), BSTR(opt_level),
	BSTR(configure_args), BSTR(host), BSTR(build), BSTR(float_abi),
	BSTR(fpu), BSTR(arch),
	JF_BOOL_(struct build_info, neon, "neon"),
	JF_HOOK_("macros", macros_to, macros_from, "macros nmacros"),
	JF_HOOK_("elf", elf_to, elf_from, "have_elf elf"),
	STR(struct build_info, compiler_macro_version,
	    "compiler_macro_version", JF_OPT, NULL),
	JF_HOOK_("libraries", libraries_to, libraries_from,
	    "libraries nlibraries"),
	JF_END
};

json_t *
buildinfo_to_json(const struct build_info *bi)
{
	json_t *b = json_object();

	jfield_to_json(buildinfo_fields, bi, b);
	return b;
}

void
buildinfo_from_json(const json_t *b, struct build_info *bi)
{
	buildinfo_init(bi);
	if (json_is_object(b))
		jfield_from_json(buildinfo_fields, b, bi);
}
