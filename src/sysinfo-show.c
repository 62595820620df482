/*
 * sysinfo-show.c - identity for people: the machine's one-line label and
 * `info`'s detail (every field of the serialised snapshot and build, as
 * "key value" lines).  It reads the structs and what sysinfo-json.c
 * makes of them; it never reads the machine itself.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "sysinfo-show.h"
#include "util.h"

void
sysinfo_label(const json_t *s, char *buf, size_t len)
{
	const char *board, *cpu, *kernel;
	json_t *mhz, *n;
	char clock[32], cores[256];

	if (s == NULL) {
		strlcpy_bb(buf, "unknown machine", len);
		return;
	}
	board = json_string_value(json_object_get(s, "board"));
	cpu = json_string_value(json_object_get(s, "cpu_model"));
	kernel = json_string_value(json_object_get(s, "kernel"));
	n = json_object_get(s, "cpus_online");
	mhz = json_object_get(s, "cpu_max_mhz");
	if (json_is_number(mhz))
		snprintf(clock, sizeof(clock), " @ %.0f MHz",
		    json_number_value(mhz));
	else
		clock[0] = '\0';
	/* new snapshots say "4 x Cortex-A72"; old ones only the model */
	if (cpu != NULL && strstr(cpu, " x ") != NULL)
		snprintf(cores, sizeof(cores), "%s", cpu);
	else if (!json_is_integer(n) || json_integer_value(n) <= 0)
		snprintf(cores, sizeof(cores), "%s CPUs", cpu ? cpu :
		    "unknown");
	else
		snprintf(cores, sizeof(cores), "%lld x %s",
		    (long long)json_integer_value(n), cpu ? cpu : "unknown");
	snprintf(buf, len, "%s | %s%s | Linux %s", board ? board : "unknown",
	    cores, clock, kernel ? kernel : "unknown");
}

/*
 * Print obj as "prefix.key: value" lines, nested with dots; arrays of
 * objects are numbered (clusters.0.cpus), other arrays printed inline.
 */
void
print_kv(FILE *fp, const char *prefix, const json_t *obj)
{
	const char *key;
	json_t *v, *e;
	char name[256], *txt, safe[FMT_SAFE(2048)];
	size_t i;

	json_object_foreach((json_t *)obj, key, v) {
		snprintf(name, sizeof(name), "%s%s%s", prefix ? prefix : "",
		    prefix && *prefix ? "." : "", key);
		if (json_is_object(v)) {
			print_kv(fp, name, v);
			continue;
		}
		if (json_is_array(v) && json_array_size(v) > 0 &&
		    json_is_object(json_array_get(v, 0))) {
			json_array_foreach(v, i, e) {
				char sub[280];

				snprintf(sub, sizeof(sub), "%s.%zu", name, i);
				print_kv(fp, sub, e);
			}
			continue;
		}
		if (json_is_array(v) && json_array_size(v) > 0 &&
		    json_is_string(json_array_get(v, 0))) {
			json_array_foreach(v, i, e)
				fprintf(fp, "%-28s %s\n", name, fmt_safe(safe,
				    sizeof(safe), json_string_value(e)));
			continue;
		}
		if (json_is_string(v)) {
			fprintf(fp, "%-28s %s\n", name, fmt_safe(safe,
			    sizeof(safe), json_string_value(v)));
			continue;
		}
		if (json_is_null(v)) {
			fprintf(fp, "%-28s unknown\n", name);
			continue;
		}
		if (json_is_array(v) && json_array_size(v) == 0) {
			fprintf(fp, "%-28s none\n", name);
			continue;
		}
		txt = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT |
		    JSON_REAL_PRECISION(6));
		fprintf(fp, "%-28s %s\n", name, txt ? txt : "?");
		free(txt);
	}
}

static const char *
jstr(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "?";
}

void
buildinfo_label(const json_t *b, const char *tag, char *buf, size_t len)
{
	char cc[96];
	const char *v = jstr(b, "cc_version");
	const char *p = strrchr(v, ')');

	/* "gcc (Debian 12.2.0-14) 12.2.0" -> "gcc 12.2.0" */
	if (b == NULL) {
		snprintf(buf, len, "%s%s%sunknown build", tag && *tag ? "[" : "",
		    tag && *tag ? tag : "", tag && *tag ? "] " : "");
		return;
	}
	snprintf(cc, sizeof(cc), "%.*s%s", (int)strcspn(v, " "), v,
	    p ? p + 1 : "");
	snprintf(buf, len, "%s%s%s%s %s | %s | float %s, fpu %s | %s",
	    tag && *tag ? "[" : "", tag && *tag ? tag : "",
	    tag && *tag ? "] " : "", cc, jstr(b, "opt_level"),
	    jstr(b, "arch"), jstr(b, "float_abi"), jstr(b, "fpu"),
	    jstr(b, "cflags"));
}
