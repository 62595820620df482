/*
 * buildinfo-json.c - struct build_info to the build identity's JSON
 * object and back: the only place its keys are written or read.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sysinfo-json.h"
#include "util.h"

/* A string read from outside is kept to this many bytes. */
#define BI_STR_MAX	2048

/* The string members, in the order they are written. */
#define BI_STRINGS(X) \
	X(tool_version) X(cc) X(cc_version) X(cflags) X(cppflags) \
	X(ldflags) X(kernel_cflags) X(opt_level) X(configure_args) \
	X(host) X(build) X(float_abi) X(fpu) X(arch)

static json_t *
jstr_or_null(const char *s)
{
	return s != NULL ? json_string(s) : json_null();
}

static json_t *
str_array(char *const *v, int n)
{
	json_t *a = json_array();
	int i;

	for (i = 0; i < n; i++)
		json_array_append_new(a, json_string(v[i]));
	return a;
}

static json_t *
elf_json(const struct bi_elf *e)
{
	json_t *o = json_object(), *attrs;

	json_object_set_new(o, "file", jstr_or_null(e->file));
	if (e->error != NULL) {
		json_object_set_new(o, "error", json_string(e->error));
		json_object_set_new(o, "agrees", json_null());
		return o;
	}
	json_object_set_new(o, "class", jstr_or_null(e->elf_class));
	json_object_set_new(o, "machine", jstr_or_null(e->machine));
	if (e->attributes != NULL)
		json_object_set_new(o, "attributes",
		    json_string(e->attributes));
	else {
		attrs = json_object();
		json_object_set_new(attrs, "Tag_CPU_name",
		    jstr_or_null(e->cpu_name));
		json_object_set_new(attrs, "Tag_CPU_arch",
		    jstr_or_null(e->cpu_arch));
		json_object_set_new(attrs, "Tag_FP_arch",
		    jstr_or_null(e->fp_arch));
		json_object_set_new(attrs, "Tag_Advanced_SIMD_arch",
		    jstr_or_null(e->simd_arch));
		json_object_set_new(attrs, "Tag_ABI_VFP_args",
		    jstr_or_null(e->vfp_args));
		json_object_set_new(o, "attributes", attrs);
	}
	json_object_set_new(o, "agrees", e->agrees < 0 ? json_null() :
	    json_boolean(e->agrees));
	json_object_set_new(o, "disagreements",
	    str_array(e->disagreements, e->ndisagreements));
	if (e->nnotes > 0)
		json_object_set_new(o, "notes", str_array(e->notes,
		    e->nnotes));
	return o;
}

json_t *
buildinfo_to_json(const struct build_info *bi)
{
	json_t *b = json_object(), *m = json_object(), *libs = json_object();
	int i;

#define SET(name) json_object_set_new(b, #name, jstr_or_null(bi->name));
	BI_STRINGS(SET)
#undef SET
	json_object_set_new(b, "neon", bi->neon < 0 ? json_null() :
	    json_boolean(bi->neon));
	for (i = 0; i < bi->nmacros; i++)
		json_object_set_new(m, bi->macros[i].name,
		    json_integer(bi->macros[i].value));
	json_object_set_new(b, "macros", m);
	if (bi->have_elf)
		json_object_set_new(b, "elf", elf_json(&bi->elf));
	if (bi->compiler_macro_version != NULL)
		json_object_set_new(b, "compiler_macro_version",
		    json_string(bi->compiler_macro_version));
	for (i = 0; i < bi->nlibraries; i++)
		json_object_set_new(libs, bi->libraries[i].name,
		    jstr_or_null(bi->libraries[i].version));
	json_object_set_new(b, "libraries", libs);
	return b;
}

/* ---- JSON to struct ------------------------------------------------------ */

/* A copy of s cut to BI_STR_MAX bytes; NULL stays NULL. */
static char *
bdup(const char *s)
{
	return s != NULL ? xstrndup(s, BI_STR_MAX) : NULL;
}

static char *
get_str(const json_t *o, const char *key)
{
	return bdup(json_string_value(json_object_get(o, key)));
}

static int
get_bool(const json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_boolean(v) ? json_is_true(v) : -1;
}

static int
get_strings(const json_t *a, char **v)
{
	const char *s;
	json_t *e;
	size_t i;
	int n = 0;

	json_array_foreach(a, i, e)
		if (n < BI_MAX_MSGS && (s = json_string_value(e)) != NULL)
			v[n++] = bdup(s);
	return n;
}

static void
elf_from(const json_t *o, struct bi_elf *e)
{
	const json_t *attrs = json_object_get(o, "attributes");

	e->file = get_str(o, "file");
	e->error = get_str(o, "error");
	e->elf_class = get_str(o, "class");
	e->machine = get_str(o, "machine");
	if (json_is_object(attrs)) {
		e->cpu_name = get_str(attrs, "Tag_CPU_name");
		e->cpu_arch = get_str(attrs, "Tag_CPU_arch");
		e->fp_arch = get_str(attrs, "Tag_FP_arch");
		e->simd_arch = get_str(attrs, "Tag_Advanced_SIMD_arch");
		e->vfp_args = get_str(attrs, "Tag_ABI_VFP_args");
	} else
		e->attributes = get_str(o, "attributes");
	e->agrees = get_bool(o, "agrees");
	e->ndisagreements = get_strings(json_object_get(o, "disagreements"),
	    e->disagreements);
	e->nnotes = get_strings(json_object_get(o, "notes"), e->notes);
}

void
buildinfo_from_json(const json_t *b, struct build_info *bi)
{
	const char *key;
	json_t *v, *elf;

	buildinfo_init(bi);
	if (!json_is_object(b))
		return;
#define GET(name) bi->name = get_str(b, #name);
	BI_STRINGS(GET)
#undef GET
	bi->neon = get_bool(b, "neon");
	json_object_foreach((json_t *)json_object_get(b, "macros"), key, v) {
		if (bi->nmacros >= BI_MAX_ITEMS)
			break;
		if (!json_is_integer(v))
			continue;
		bi->macros[bi->nmacros].name = bdup(key);
		bi->macros[bi->nmacros++].value = json_integer_value(v);
	}
	elf = json_object_get(b, "elf");
	if (json_is_object(elf)) {
		bi->have_elf = 1;
		elf_from(elf, &bi->elf);
	}
	bi->compiler_macro_version = get_str(b, "compiler_macro_version");
	json_object_foreach((json_t *)json_object_get(b, "libraries"), key,
	    v) {
		if (bi->nlibraries >= BI_MAX_ITEMS)
			break;
		if (!json_is_string(v))
			continue;
		bi->libraries[bi->nlibraries].name = bdup(key);
		bi->libraries[bi->nlibraries++].version =
		    bdup(json_string_value(v));
	}
}
