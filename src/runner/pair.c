/*
 * pair.c - paired builds: the identity a build gives of itself and the
 * check of another build's (pair.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "buildinfo.h"
#include "pair.h"
#include "runner-wire.h"
#include "spawn.h"
#include "sysinfo.h"
#include "sysinfo-json.h"
#include "util.h"

#define PAIR_LIMIT	120.0		/* seconds (qemu-user is slow) */
#define PAIR_CAP	(512 * 1024)	/* bytes of identity */

/* The protocol's fingerprint: version, sizes, the byte order. */
static json_t *
wire_json(void)
{
	const uint32_t order = 0x01020304u;
	const unsigned char *b = (const unsigned char *)&order;

	return json_pack("{s:i, s:i, s:i, s:s}", "version",
	    RUNNER_WIRE_VERSION, "plan", (int)sizeof(struct child_plan),
	    "msg", (int)sizeof(struct wire_msg), "order",
	    b[0] == 4 ? "little" : "big");
}

int
pair_identity_main(void)
{
	struct build_info bi;
	struct system_info si;
	json_t *o;
	char *text;

	buildinfo_get(&bi);
	sysinfo_probe(&si);
	o = json_object();
	json_object_set_new(o, "tool", json_string("boardbench"));
	json_object_set_new(o, "tool_version", json_string(PACKAGE_VERSION));
	json_object_set_new(o, "wire", wire_json());
	json_object_set_new(o, "build", json_sorted(buildinfo_to_json(&bi)));
	json_object_set_new(o, "system", json_sorted(sysinfo_to_json(&si)));
	text = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	buildinfo_release(&bi);
	sysinfo_release(&si);
	if (text == NULL)
		die(EXIT_BENCH, "out of memory");
	printf("%s\n", text);
	free(text);
	return EXIT_OK;
}

int
pair_probe(const char *exe, char *const *prefix, size_t nprefix,
    json_t **build, json_t **system, char *why, size_t len)
{
	struct spawn sp;
	char **av = xcalloc(nprefix + 3, sizeof(*av));
	char msg[128];
	json_t *o = NULL, *w, *mine;
	const char *ver;
	size_t i;
	int rc, ret = -1;

	*build = *system = NULL;
	for (i = 0; i < nprefix; i++)
		av[i] = prefix[i];
	av[nprefix] = (char *)exe;
	av[nprefix + 1] = (char *)PAIR_IDENTITY_ARG;
	spawn_init(&sp);
	sp.capture_out = 1;
	sp.out_cap = PAIR_CAP;
	sp.limit = PAIR_LIMIT;
	rc = spawn_run(&sp, av);
	free(av);
	if (rc != SPAWN_OK) {
		bufprintf(why, len, "cannot ask %s who it is: %s", exe,
		    spawn_strerror(&sp, rc, msg, sizeof(msg)));
		goto out;
	}
	if (!WIFEXITED(sp.status) || WEXITSTATUS(sp.status) != 0 ||
	    (o = json_loadb(sp.out.buf, sp.out.len, 0, NULL)) == NULL ||
	    !json_is_object(o) || json_string_value(json_object_get(o,
	    "tool")) == NULL || strcmp(json_string_value(json_object_get(o,
	    "tool")), "boardbench") != 0) {
		bufprintf(why, len, "%s is not a build of boardbench %s (or too "
		    "old to be paired: it does not answer '%s')", exe,
		    PACKAGE_VERSION, PAIR_IDENTITY_ARG);
		goto out;
	}
	ver = json_string_value(json_object_get(o, "tool_version"));
	if (ver == NULL || strcmp(ver, PACKAGE_VERSION) != 0) {
		char vbuf[FMT_SAFE(64)];

		bufprintf(why, len, "%s is boardbench %s, this is %s: pair "
		    "builds of one version", exe, ver != NULL ? fmt_safe(vbuf,
		    sizeof(vbuf), ver) : "?", PACKAGE_VERSION);
		goto out;
	}
	w = json_object_get(o, "wire");
	mine = wire_json();
	if (!json_equal(w, mine)) {
		json_decref(mine);
		bufprintf(why, len, "%s speaks another wire protocol (version, "
		    "sizes or byte order differ): it cannot be paired with "
		    "this build", exe);
		goto out;
	}
	json_decref(mine);
	if (!json_is_object(json_object_get(o, "build")) ||
	    !json_is_object(json_object_get(o, "system"))) {
		bufprintf(why, len, "%s gave no build identity", exe);
		goto out;
	}
	*build = json_incref(json_object_get(o, "build"));
	*system = json_incref(json_object_get(o, "system"));
	ret = 0;
out:
	json_decref(o);
	spawn_release(&sp);
	return ret;
}
