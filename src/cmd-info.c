/*
 * cmd-info.c - `boardbench info`: the build identity of this binary and
 * the system snapshot, as key: value lines or JSON.
 */
#include "config.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "perfctr.h"
#include "sysinfo.h"
#include "util.h"

static const char info_usage[] =
"usage: boardbench info [--format text|json]\n"
"\n"
"Prints this build's identity (compiler, flags, configure arguments, host,\n"
"float ABI, FPU, NEON, architecture, library versions) and the machine\n"
"(board, CPU, clocks, governor, memory, kernel, load), and whether\n"
"hardware cycle and instruction counters can be read.\n"
"  --format F   text (default) or json\n"
"  -h, --help   this text\n";

int
cmd_info(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *format = "text";
	json_t *doc, *counters;
	struct perfctr pc;
	char why[200], what[160];
	int c;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'f':
			format = optarg;
			break;
		case 'h':
			cmd_usage(stdout, info_usage);
			return EXIT_OK;
		default:
			return cmd_getopt_error("info", argc, argv, optopt);
		}
	}
	if (strcmp(format, "text") != 0 && strcmp(format, "json") != 0) {
		snprintf(what, sizeof(what), "unknown format '%s' (allowed: "
		    "text, json)", format);
		return cmd_bad_usage("info", what);
	}
	if (optind < argc)
		return cmd_bad_usage("info", "takes no arguments");
	counters = json_object();
	if (perfctr_open(&pc, why, sizeof(why)) == 0) {
		json_object_set_new(counters, "available", json_true());
		perfctr_close(&pc);
	} else {
		json_object_set_new(counters, "available", json_false());
		json_object_set_new(counters, "why", json_string(why));
	}
	doc = json_pack("{s:o,s:o,s:o}", "build", buildinfo_json(),
	    "system", sysinfo_json(), "counters", counters);
	if (strcmp(format, "json") == 0) {
		json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_SORT_KEYS);
		putchar('\n');
	} else {
		print_kv(stdout, "build", json_object_get(doc, "build"));
		print_kv(stdout, "system", json_object_get(doc, "system"));
		print_kv(stdout, "counters", counters);
	}
	json_decref(doc);
	return EXIT_OK;
}
