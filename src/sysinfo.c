/*
 * sysinfo.c - the system snapshot stored with every run: machine, CPU,
 * clocks and governor, memory, kernel, load.  Values that cannot be read
 * are "unknown", never an error.
 */
#include "config.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "sysinfo.h"
#include "util.h"

/* First line of a file, trimmed; 0 on success. */
static int
read_line(const char *path, char *buf, size_t len)
{
	FILE *fp = fopen(path, "r");
	size_t n;

	if (fp == NULL)
		return -1;
	if (fgets(buf, (int)len, fp) == NULL) {
		fclose(fp);
		return -1;
	}
	fclose(fp);
	n = strlen(buf);
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' ' ||
	    buf[n - 1] == '\0'))
		buf[--n] = '\0';
	return n > 0 ? 0 : -1;
}

/* The value of the first "key<TAB>: value" line of /proc/cpuinfo. */
static int
cpuinfo_key(const char *key, char *buf, size_t len)
{
	FILE *fp = fopen("/proc/cpuinfo", "r");
	char line[512];
	size_t kl = strlen(key);
	int rc = -1;

	if (fp == NULL)
		return -1;
	while (fgets(line, sizeof(line), fp) != NULL) {
		char *colon = strchr(line, ':');

		if (strncmp(line, key, kl) != 0 || colon == NULL)
			continue;
		colon++;
		while (*colon == ' ' || *colon == '\t')
			colon++;
		colon[strcspn(colon, "\n")] = '\0';
		strlcpy_bb(buf, colon, len);
		rc = 0;
		break;
	}
	fclose(fp);
	return rc;
}

static void
set_str_or_unknown(json_t *o, const char *key, int rc, const char *v)
{
	json_object_set_new(o, key, json_string(rc == 0 ? v : "unknown"));
}

json_t *
sysinfo_json(void)
{
	json_t *s = json_object();
	struct utsname u;
	char buf[256];
	double load[3];
	long khz;
	int rc;

	if (uname(&u) == 0) {
		json_object_set_new(s, "kernel", json_string(u.release));
		json_object_set_new(s, "machine", json_string(u.machine));
		json_object_set_new(s, "hostname", json_string(u.nodename));
	}
	rc = read_line("/proc/device-tree/model", buf, sizeof(buf));
	if (rc != 0)
		rc = read_line("/sys/class/dmi/id/product_name", buf,
		    sizeof(buf));
	set_str_or_unknown(s, "board", rc, buf);
	rc = cpuinfo_key("model name", buf, sizeof(buf));
	if (rc != 0)
		rc = cpuinfo_key("Hardware", buf, sizeof(buf));
	set_str_or_unknown(s, "cpu_model", rc, buf);
	json_object_set_new(s, "cpus_online",
	    json_integer(sysconf(_SC_NPROCESSORS_ONLN)));
	rc = read_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor",
	    buf, sizeof(buf));
	set_str_or_unknown(s, "governor", rc, buf);
	if (read_line("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq",
	    buf, sizeof(buf)) == 0 && (khz = atol(buf)) > 0)
		json_object_set_new(s, "cpu_max_mhz",
		    json_real((double)khz / 1000.0));
	else
		json_object_set_new(s, "cpu_max_mhz", json_null());
	json_object_set_new(s, "mem_total_mb", json_integer(
	    (json_int_t)((double)sysconf(_SC_PHYS_PAGES) *
	    (double)sysconf(_SC_PAGESIZE) / 1048576.0)));
	if (getloadavg(load, 3) == 3)
		json_object_set_new(s, "loadavg", json_pack("[f,f,f]",
		    load[0], load[1], load[2]));
	{
		FILE *fp = fopen("/etc/os-release", "r");
		char line[256];

		rc = -1;
		while (fp != NULL && fgets(line, sizeof(line), fp) != NULL)
			if (strncmp(line, "PRETTY_NAME=", 12) == 0) {
				char *v = line + 12;

				v[strcspn(v, "\n")] = '\0';
				if (*v == '"') {
					v++;
					v[strcspn(v, "\"")] = '\0';
				}
				strlcpy_bb(buf, v, sizeof(buf));
				rc = 0;
			}
		if (fp != NULL)
			fclose(fp);
		set_str_or_unknown(s, "distribution", rc, buf);
	}
	return s;
}

void
sysinfo_label(const json_t *s, char *buf, size_t len)
{
	const char *board, *cpu, *kernel;
	json_int_t n;
	json_t *mhz;
	char clock[32];

	if (s == NULL) {
		strlcpy_bb(buf, "unknown machine", len);
		return;
	}
	board = json_string_value(json_object_get(s, "board"));
	cpu = json_string_value(json_object_get(s, "cpu_model"));
	kernel = json_string_value(json_object_get(s, "kernel"));
	n = json_integer_value(json_object_get(s, "cpus_online"));
	mhz = json_object_get(s, "cpu_max_mhz");
	if (json_is_number(mhz))
		snprintf(clock, sizeof(clock), " @ %.0f MHz",
		    json_number_value(mhz));
	else
		clock[0] = '\0';
	snprintf(buf, len, "%s | %lld x %s%s | Linux %s",
	    board ? board : "unknown", (long long)n, cpu ? cpu : "unknown",
	    clock, kernel ? kernel : "unknown");
}

/* Print obj as "prefix.key: value" lines, sorted, nested with dots. */
void
print_kv(FILE *fp, const char *prefix, const json_t *obj)
{
	const char *key;
	json_t *v;
	char name[256], *txt;

	json_object_foreach((json_t *)obj, key, v) {
		snprintf(name, sizeof(name), "%s%s%s", prefix ? prefix : "",
		    prefix && *prefix ? "." : "", key);
		if (json_is_object(v)) {
			print_kv(fp, name, v);
			continue;
		}
		if (json_is_string(v)) {
			fprintf(fp, "%-28s %s\n", name, json_string_value(v));
			continue;
		}
		if (json_is_null(v)) {
			fprintf(fp, "%-28s unknown\n", name);
			continue;
		}
		txt = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT |
		    JSON_REAL_PRECISION(6));
		fprintf(fp, "%-28s %s\n", name, txt ? txt : "?");
		free(txt);
	}
}

int
sysinfo_cpu_mhz(int cpu, double *mhz, const char **source)
{
	char path[128], buf[64];
	long khz;

	snprintf(path, sizeof(path),
	    "/sys/devices/system/cpu/cpu%d/cpufreq/cpuinfo_max_freq", cpu);
	if (read_line(path, buf, sizeof(buf)) != 0 || (khz = atol(buf)) <= 0)
		return -1;
	*mhz = (double)khz / 1000.0;
	*source = "cpufreq";
	return 0;
}
