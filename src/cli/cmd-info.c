/*
 * cmd-info.c - `boardbench info`: the build identity of this binary (with
 * its ELF attributes checked against the compiler's macros), the system
 * snapshot, whether counters work, and with --measure-clock the measured
 * clock of each cluster beside cpufreq's claim.  Unknown facts are
 * printed as unknown; info never fails because the machine is odd.
 */
#include "config.h"

#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "clockcache.h"
#include "cmd.h"
#include "cmd-opt.h"
#include "noise.h"
#include "fmt.h"
#include "perfctr.h"
#include "sysinfo-json.h"
#include "sysinfo-show.h"
#include "util.h"

static const struct cmd_opt info_opt[] = {
	CMD_OPT_MEASURE_CLOCK(
	    "also measure each cluster's real clock (a dependent-add\n"
	    "loop pinned to one CPU of each cluster) and show it\n"
	    "beside cpufreq's claim; a difference above 3 % is\n"
	    "flagged.  The result is kept until the next boot in\n"
	    "~/.cache/boardbench/clock.json (XDG_CACHE_HOME,\n"
	    "BOARDBENCH_CLOCK_CACHE) and used for per-MHz figures."),
	CMD_OPT_FORMAT("text (default) or json"),
	CMD_OPT_HELP,
	CMD_OPT_END
};

const struct cmd_opts cmd_info_opts = {
	.head =
"usage: boardbench info [--measure-clock] [--format text|json]\n"
"\n"
"Prints this build's identity (compiler, flags, configure arguments, host,\n"
"float ABI, FPU, NEON, architecture from the compiler's macros and from the\n"
"running executable's ELF attributes, and whether they agree, library\n"
"versions) and the machine (board, SoC, cores, clusters and cpufreq\n"
"policies, caches, memory and swap, thermal zones, Raspberry Pi throttling\n"
"bits, power sensors (hwmon power/current, the Pi 5 PMIC; listed only\n"
"when found), kernel, distribution, load), and whether hardware cycle and\n"
"instruction counters can be read.  Whatever cannot be read is 'unknown'.\n"
"Text starts with a summary (board, SoC, cores and clocks, memory, OS and\n"
"kernel, this build's ABI, and warnings such as past under-voltage or a\n"
"governor other than performance), the full detail after it.\n",
	.opt = info_opt,
	.tail =
"\n"
"BOARDBENCH_SYSROOT=DIR reads /proc, /sys and /etc under DIR instead.\n",
	.col = 19
};

/* The --measure-clock table for people. */
static void
print_clock(FILE *fp, const struct clock_report *clk)
{
	const struct clock_cluster *c;
	char claimed[32], measured[32], diff[32], perf[48], *cpus;
	size_t i;
	int flagged;

	fprintf(fp, "\nclock (%s)\n", CLOCK_METHOD);
	fprintf(fp, "  %-10s %-4s %12s %12s %8s  %s\n", "CPUS", "CPU",
	    "MEASURED", "CPUFREQ", "DIFF", "PERF CYCLES/S");
	for (i = 0; i < clk->n; i++) {
		c = &clk->clusters[i];
		if (c->ok)
			snprintf(measured, sizeof(measured), "%.0f MHz",
			    c->measured_mhz);
		else
			snprintf(measured, sizeof(measured), "unknown");
		if (!isnan(c->claimed_mhz))
			snprintf(claimed, sizeof(claimed), "%.0f MHz",
			    c->claimed_mhz);
		else
			snprintf(claimed, sizeof(claimed), "unknown");
		flagged = c->ok && !isnan(c->claimed_mhz) &&
		    fabs(c->measured_mhz / c->claimed_mhz - 1) >
		    CLOCK_DIFF_FLAG;
		if (c->ok && !isnan(c->claimed_mhz))
			snprintf(diff, sizeof(diff), "%+.1f%%%s",
			    (c->measured_mhz / c->claimed_mhz - 1) * 100,
			    flagged ? " !" : "");
		else
			snprintf(diff, sizeof(diff), "-");
		if (!isnan(c->perf_mhz))
			snprintf(perf, sizeof(perf), "%.0f MHz", c->perf_mhz);
		else
			snprintf(perf, sizeof(perf), "unknown");
		cpus = cpuset_format(&c->cpus);
		fprintf(fp, "  %-10s %-4lld %12s %12s %8s  %s\n", cpus,
		    (long long)(c->cpu >= 0 ? c->cpu : 0), measured, claimed,
		    diff, perf);
		free(cpus);
		if (c->reach != CLOCK_RAN || !c->ok)
			fprintf(fp, "    error: %s\n", c->error);
		if (c->reach == CLOCK_RAN && isnan(c->perf_mhz))
			fprintf(fp, "    counters: %s\n", c->perf_why);
		if (flagged)
			fprintf(fp, "    the measured clock differs from "
			    "cpufreq's by more than 3 %%\n");
	}
}

int
cmd_info(int argc, char **argv)
{
	const char *format = "text";
	json_t *doc, *counters;
	struct clock_report clk;
	struct build_info bi;
	struct system_info *si;
	struct perfctr pc;
	char why[200], what[160];
	int c, measure = 0;
	struct cmd_getopt g;

	cmd_opt_start(&g, &cmd_info_opts);
	while ((c = cmd_opt_next(&g, argc, argv)) != -1) {
		switch (c) {
		case OPT_FORMAT:
			format = optarg;
			break;
		case OPT_MEASURE_CLOCK:
			measure = 1;
			break;
		case 'h':
			cmd_opt_usage(stdout, &cmd_info_opts);
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
	if (measure) {
		clock_measure_all(&clk);
		clockcache_save(&clk);
	}
	counters = json_object();
	if (perfctr_open(&pc, why, sizeof(why)) == 0) {
		json_object_set_new(counters, "available", json_true());
		perfctr_close(&pc);
	} else {
		json_object_set_new(counters, "available", json_false());
		json_object_set_new(counters, "why", json_string(why));
	}
	buildinfo_get(&bi);
	si = xmalloc(sizeof(*si));
	sysinfo_probe(si);
	/* how steady this machine runs now (not of a fixture tree) */
	if (si->sysroot == NULL)
		noise_measure(NULL, 0, &si->run);
	doc = json_pack("{s:o,s:o,s:o}", "build", buildinfo_to_json(&bi),
	    "system", sysinfo_to_json(si), "counters", counters);
	if (measure)
		json_object_set_new(doc, "clock", clockcache_report_json(&clk));
	if (strcmp(format, "json") == 0) {
		json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_SORT_KEYS);
		putchar('\n');
	} else {
		int width = fmt_term_width(STDOUT_FILENO);

		info_summary(stdout, width, &bi, si);
		print_kv(stdout, width, "build", json_object_get(doc,
		    "build"));
		print_kv(stdout, width, "system", json_object_get(doc,
		    "system"));
		print_kv(stdout, width, "counters", counters);
		if (measure)
			print_clock(stdout, &clk);
	}
	json_decref(doc);
	if (measure)
		clockcache_report_release(&clk);
	buildinfo_release(&bi);
	sysinfo_release(si);
	free(si);
	return EXIT_OK;
}
