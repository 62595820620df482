/*
 * sysinfo-probe.c - reads the machine into a struct system_info: board,
 * SoC, cores by name, clusters and cpufreq policies, caches, memory and
 * swap (zram too), thermal zones, Raspberry Pi throttling bits, power
 * sensors, kernel, distribution, load.  Every file is read through
 * sysfs.c (so $BOARDBENCH_SYSROOT can move it); whatever cannot be read
 * is unknown, and text where a number belongs adds a note.  No JSON and
 * no printing here: sysinfo-json.c serialises, sysinfo-show.c prints.
 * The CPUs (cores, clusters and cpufreq policies, caches) are read in
 * sysinfo-cpu.c; here the rest, and the whole snapshot put together.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__arm__) || defined(__aarch64__)
#include <sys/auxv.h>
#endif

#include "clock.h"
#include "clockcache.h"
#include "power.h"
#include "spawn.h"
#include "sysfs.h"
#include "sysinfo.h"
#include "sysinfo-int.h"
#include "util.h"

/* ---- notes and owned strings ------------------------------------------ */

static char *
sdup(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

/* ---- memory and swap ---------------------------------------------------- */

/* kB value of a /proc/meminfo key as MiB; -1 (and a note when bad). */
static long long
meminfo_mb(const char *text, const char *key, struct sysinfo_notes *notes)
{
	const char *p = text;
	size_t kl = strlen(key);
	char *end, buf[160];
	long long kb;

	while (p != NULL && *p != '\0') {
		if (strncmp(p, key, kl) == 0 && p[kl] == ':') {
			errno = 0;
			kb = strtoll(p + kl + 1, &end, 10);
			if (end == p + kl + 1 || errno != 0 || kb < 0 ||
			    (*end != ' ' && *end != '\n' && *end != '\0')) {
				snprintf(buf, sizeof(buf), "/proc/meminfo: %s "
				    "is not a number, reported as unknown",
				    key);
				sysinfo_note(notes, buf);
				return -1;
			}
			return (long long)((double)kb / 1024.0 + 0.5);
		}
		p = strchr(p, '\n');
		if (p != NULL)
			p++;
	}
	return -1;
}

static void
swaps_fill(struct system_info *si, struct sysinfo_notes *notes)
{
	FILE *fp = sysfs_fopen("/proc/swaps");
	char line[512], name[256], type[32], size[64], path[320], alg[128];
	char *lb, *rb, *end;
	struct si_swap *o;
	long long kb, v;
	int first = 1;

	if (fp == NULL)
		return;
	while (fgets(line, sizeof(line), fp) != NULL) {
		if (first) {
			first = 0;
			continue;
		}
		if (sscanf(line, "%255s %31s %63s", name, type, size) != 3 ||
		    si->nswaps >= SI_MAX_SWAPS)
			continue;
		o = &si->swaps[si->nswaps++];
		o->name = xstrdup(name);
		o->type = xstrdup(type);
		o->disksize_mb = -1;
		errno = 0;
		kb = strtoll(size, &end, 10);
		if (*end != '\0' || errno != 0 || kb < 0) {
			snprintf(path, sizeof(path), "/proc/swaps: size of "
			    "'%s' is not a number, reported as unknown", name);
			sysinfo_note(notes, path);
			o->size_mb = -1;
		} else
			o->size_mb = (long long)((double)kb / 1024.0 + 0.5);
		if (strncmp(name, "/dev/zram", 9) == 0) {
			o->zram = 1;
			snprintf(path, sizeof(path), "/sys/block/%s/"
			    "comp_algorithm", name + 5);
			if (sysfs_read_str(path, alg, sizeof(alg)) == SYSFS_OK) {
				lb = strchr(alg, '[');
				rb = lb ? strchr(lb, ']') : NULL;
				if (lb != NULL && rb != NULL) {
					*rb = '\0';
					o->algorithm = xstrdup(lb + 1);
				}
			}
			snprintf(path, sizeof(path), "/sys/block/%s/disksize",
			    name + 5);
			if (sysinfo_read_num(notes, path, 0, &v) == SYSFS_OK)
				o->disksize_mb = (long long)((double)v /
				    1048576.0 + 0.5);
		}
	}
	fclose(fp);
}

static void
memory_fill(struct system_info *si, struct sysinfo_notes *notes)
{
	char text[8192];
	int rc = sysfs_read_str("/proc/meminfo", text, sizeof(text));

	if (rc != SYSFS_OK)
		text[0] = '\0';
	si->mem_total_mb = meminfo_mb(text, "MemTotal", notes);
	si->mem_available_mb = meminfo_mb(text, "MemAvailable", notes);
	si->swap_total_mb = meminfo_mb(text, "SwapTotal", notes);
	si->swap_free_mb = meminfo_mb(text, "SwapFree", notes);
	swaps_fill(si, notes);
}

/* ---- thermal zones ------------------------------------------------------ */

int
sysinfo_thermal_zones(int *nums, int max)
{
	int *all, n = sysinfo_numbered_entries("/sys/class/thermal", "thermal_zone",
	    INT_MAX, &all);

	if (n > max)
		n = max;
	if (n > 0)
		memcpy(nums, all, (size_t)n * sizeof(*nums));
	free(all);
	return n;
}

static int
temp_plausible(double c)
{
	return c >= SI_TEMP_MIN_C && c <= SI_TEMP_MAX_C;
}

static void
note_absurd_temp(struct sysinfo_notes *notes, const char *path,
    const char *raw)
{
	char buf[320];

	snprintf(buf, sizeof(buf), "%s: %.40s millidegrees is outside %g to "
	    "%g C, reported as unknown", path, raw, SI_TEMP_MIN_C,
	    SI_TEMP_MAX_C);
	sysinfo_note(notes, buf);
}

double
sysinfo_zone_temp(int zone)
{
	long long mc;

	if (sysfs_read_llf(&mc, "/sys/class/thermal/thermal_zone%d/temp",
	    zone) != SYSFS_OK || !temp_plausible((double)mc / 1000.0))
		return NAN;
	return (double)mc / 1000.0;
}

static void
thermal_fill(struct system_info *si, struct sysinfo_notes *notes)
{
	int zones[SI_MAX_ZONES], n, i, rc;
	char path[128], buf[64];
	struct si_zone *o;
	long long mc;

	si->soc_temp_c = NAN;
	n = sysinfo_thermal_zones(zones, SI_MAX_ZONES);
	for (i = 0; i < n; i++) {
		o = &si->zones[si->nzones++];
		snprintf(buf, sizeof(buf), "thermal_zone%d", zones[i]);
		o->zone = xstrdup(buf);
		snprintf(path, sizeof(path), "/sys/class/thermal/thermal_zone%d/"
		    "type", zones[i]);
		rc = sysfs_read_str(path, buf, sizeof(buf));
		o->type = sysinfo_str_or_null(rc, buf);
		snprintf(path, sizeof(path), "/sys/class/thermal/thermal_zone%d/"
		    "temp", zones[i]);
		o->temp_c = NAN;
		if (sysinfo_read_num(notes, path, 0, &mc) != SYSFS_OK)
			continue;
		if (!temp_plausible((double)mc / 1000.0)) {
			snprintf(buf, sizeof(buf), "%lld", mc);
			note_absurd_temp(notes, path, buf);
			continue;
		}
		o->temp_c = (double)mc / 1000.0;
		if (isnan(si->soc_temp_c) || o->temp_c > si->soc_temp_c)
			si->soc_temp_c = o->temp_c;
	}
}

/* ---- kernel, distribution, load, features -------------------------------- */

static void
os_release(struct system_info *si)
{
	FILE *fp = sysfs_fopen("/etc/os-release");
	char line[256], *v;

	if (fp == NULL)
		fp = sysfs_fopen("/usr/lib/os-release");
	while (fp != NULL && fgets(line, sizeof(line), fp) != NULL) {
		if (strncmp(line, "PRETTY_NAME=", 12) != 0)
			continue;
		v = line + 12;
		v[strcspn(v, "\n")] = '\0';
		if (*v == '"' || *v == '\'') {
			v++;
			v[strcspn(v, "\"'")] = '\0';
		}
		free(si->distribution);
		si->distribution = xstrdup(v);
	}
	if (fp != NULL)
		fclose(fp);
}

static void
loadavg_fill(struct system_info *si, struct sysinfo_notes *notes)
{
	char buf[128];
	double *l = si->loadavg;
	int rc = sysfs_read_str("/proc/loadavg", buf, sizeof(buf));

	if (rc == SYSFS_OK && sscanf(buf, "%lf %lf %lf", &l[0], &l[1], &l[2])
	    == 3) {
		si->have_loadavg = 1;
		return;
	}
	if (rc == SYSFS_OK)
		sysinfo_note_bad(notes, "/proc/loadavg", SYSFS_MALFORMED, buf);
}

/* Kernel facts: the root's /proc/sys first, the syscall on the real machine. */
static void
kernel_fill(struct system_info *si, struct sysinfo_notes *notes)
{
	static const char *const file[] = {
		"/proc/sys/kernel/osrelease", "/proc/sys/kernel/arch",
		"/proc/sys/kernel/hostname",
	};
	char **const out[] = { &si->kernel, &si->machine, &si->hostname };
	struct utsname u;
	int have_u = sysfs_is_real() && uname(&u) == 0;
	const char *from_u;
	char buf[256];
	size_t i;
	int rc;

	for (i = 0; i < ARRAY_SIZE(file); i++) {
		rc = sysfs_read_str(file[i], buf, sizeof(buf));
		if (rc == SYSFS_OK) {
			*out[i] = xstrdup(buf);
			continue;
		}
		sysinfo_note_bad(notes, file[i], rc, buf);
		from_u = !have_u ? NULL : i == 0 ? u.release :
		    i == 1 ? u.machine : u.nodename;
		*out[i] = sdup(from_u);
	}
}

#if defined(__arm__) || defined(__aarch64__)
/* AT_HWCAP bit names (Linux uapi asm/hwcap.h), for this process's CPU. */
static const char *const hwcap_names[] = {
#if defined(__aarch64__)
	"fp", "asimd", "evtstrm", "aes", "pmull", "sha1", "sha2", "crc32",
	"atomics", "fphp", "asimdhp", "cpuid", "asimdrdm", "jscvt", "fcma",
	"lrcpc", "dcpop", "sha3", "sm3", "sm4", "asimddp", "sha512", "sve",
	"asimdfhm", "dit", "uscat", "ilrcpc", "flagm", "ssbs", "sb", "paca",
	"pacg",
#else
	"swp", "half", "thumb", "26bit", "fastmult", "fpa", "vfp", "edsp",
	"java", "iwmmxt", "crunch", "thumbee", "neon", "vfpv3", "vfpv3d16",
	"tls", "vfpv4", "idiva", "idivt", "vfpd32", "lpae", "evtstrm",
#endif
};
#endif

/*
 * CPU features: on an ARM build on the real machine, AT_HWCAP (right even
 * under qemu-user, where /proc/cpuinfo shows the host); else the
 * "Features" line of the root's /proc/cpuinfo.
 */
static void
features_fill(struct system_info *si, const struct cpus *c)
{
#if defined(__arm__) || defined(__aarch64__)
	unsigned long hw;
	struct strbuf sb;
	size_t i;

	if (sysfs_is_real()) {
		hw = getauxval(AT_HWCAP);
		strbuf_init(&sb);
		for (i = 0; i < ARRAY_SIZE(hwcap_names); i++)
			if (hw >> i & 1)
				strbuf_addf(&sb, "%s%s", sb.len ? " " : "",
				    hwcap_names[i]);
		si->cpu_features = xstrdup(sb.buf ? sb.buf : "");
		si->cpu_features_source = xstrdup("AT_HWCAP");
		strbuf_release(&sb);
		return;
	}
#endif
	if (c->features[0] != '\0') {
		si->cpu_features = xstrdup(c->features);
		si->cpu_features_source = xstrdup("/proc/cpuinfo");
	}
}

/* Board model and SoC: device tree, else DMI, else /proc/cpuinfo. */
static void
board_fill(struct system_info *si, const struct cpus *c,
    struct sysinfo_notes *notes)
{
	char buf[256], vendor[128], *last;
	int rc;

	rc = sysfs_read_str("/proc/device-tree/model", buf, sizeof(buf));
	sysinfo_note_bad(notes, "/proc/device-tree/model", rc, buf);
	if (rc == SYSFS_OK) {
		si->board = xstrdup(buf);
		si->board_source = xstrdup("device-tree");
	} else if (sysfs_read_str("/sys/class/dmi/id/product_name", buf,
	    sizeof(buf)) == SYSFS_OK) {
		if (sysfs_read_str("/sys/class/dmi/id/sys_vendor", vendor,
		    sizeof(vendor)) == SYSFS_OK && strstr(buf, vendor) == NULL) {
			char both[400];

			snprintf(both, sizeof(both), "%s %s", vendor, buf);
			si->board = xstrdup(both);
		} else
			si->board = xstrdup(buf);
		si->board_source = xstrdup("dmi");
	} else if (c->pi_model[0] != '\0') {
		si->board = xstrdup(c->pi_model);
		si->board_source = xstrdup("/proc/cpuinfo");
	}
	/* the SoC is the last, most generic "compatible" entry */
	rc = sysfs_read_str("/proc/device-tree/compatible", buf, sizeof(buf));
	if (rc == SYSFS_OK) {
		last = strrchr(buf, '\n');
		si->soc = xstrdup(last ? last + 1 : buf);
	} else if (c->hardware[0] != '\0')
		si->soc = xstrdup(c->hardware);
}

/* ---- the whole snapshot ------------------------------------------------- */

void
sysinfo_init(struct system_info *si)
{
	memset(si, 0, sizeof(*si));
	si->cpus_online = -1;
	si->cpu_max_mhz = si->soc_temp_c = NAN;
	si->mem_total_mb = si->mem_available_mb = si->swap_total_mb =
	    si->swap_free_mb = -1;
	si->run.noise_pct = NAN;
	si->run.run_cpu = -1;
}

double
sysinfo_run_cpu_fastest(const struct si_run *r)
{
	double fastest = 0;
	int k;

	for (k = 0; k < r->noise_ncpus && k < SI_NOISE_CPUS; k++)
		if (r->noise_rate[k] > fastest)
			fastest = r->noise_rate[k];
	return fastest;
}

int
sysinfo_run_cpu_fast(const struct si_run *r, int i)
{
	double fastest = sysinfo_run_cpu_fastest(r);

	return i >= 0 && i < r->noise_ncpus && i < SI_NOISE_CPUS &&
	    r->noise_rate[i] > 0 &&
	    r->noise_rate[i] >= fastest * (1 - SI_RUN_CPU_TIE);
}

void
sysinfo_probe(struct system_info *si)
{
	struct cpus *c = xcalloc(1, sizeof(*c));
	struct sysinfo_notes *notes = &si->notes;
	unsigned long bits;
	const char *source;
	char buf[512];

	sysinfo_init(si);
	sysinfo_read_cpus(c, notes);
	board_fill(si, c, notes);
	kernel_fill(si, notes);
	os_release(si);
	sysinfo_cores_summary(c, buf, sizeof(buf));
	si->cpu_model = xstrdup(buf);
	si->cpus_online = !cpuset_empty(&c->online) ?
	    cpuset_count(&c->online) : -1;
	sysinfo_cores_fill(si, c);
	sysinfo_clusters_fill(si, c, notes);
	features_fill(si, c);
	sysinfo_caches_fill(si, c, notes);
	memory_fill(si, notes);
	thermal_fill(si, notes);
	if (sysinfo_throttled(&bits, &source, notes) == 0) {
		si->have_throttling = 1;
		si->throttle_bits = bits;
		si->throttle_source = xstrdup(source);
	}
	si->npower = power_readings(si->power, SI_MAX_POWER, notes);
	loadavg_fill(si, notes);
	sysinfo_virt_probe(si);
	sysinfo_clock_probe(si);
	if (!sysfs_is_real())
		si->sysroot = xstrdup(sysfs_root());
	sysinfo_cpus_release(c);
	free(c);
}

void
sysinfo_release(struct system_info *si)
{
	int i;
	size_t k;

	free(si->board);
	free(si->board_source);
	free(si->soc);
	free(si->kernel);
	free(si->machine);
	free(si->hostname);
	free(si->distribution);
	free(si->cpu_model);
	for (i = 0; i < si->ncores; i++)
		free(si->cores[i].name);
	free(si->cores);
	free(si->governor);
	free(si->clock_measured_at);
	for (i = 0; i < si->nclusters; i++) {
		free(si->clusters[i].cpus);
		free(si->clusters[i].core);
		free(si->clusters[i].governor);
		free(si->clusters[i].driver);
	}
	free(si->clusters);
	free(si->cpu_features);
	free(si->cpu_features_source);
	free(si->run.pair_id);
	for (i = 0; i < si->ncaches; i++) {
		free(si->caches[i].name);
		free(si->caches[i].size);
		free(si->caches[i].cpus);
	}
	for (i = 0; i < si->nswaps; i++) {
		free(si->swaps[i].name);
		free(si->swaps[i].type);
		free(si->swaps[i].algorithm);
	}
	for (i = 0; i < si->nzones; i++) {
		free(si->zones[i].zone);
		free(si->zones[i].type);
	}
	free(si->throttle_source);
	for (i = 0; i < si->npower; i++) {
		free(si->power[i].sensor);
		free(si->power[i].name);
	}
	free(si->sysroot);
	free(si->emulator);
	free(si->emulator_evidence);
	free(si->vm);
	free(si->vm_evidence);
	free(si->clock_unset);
	for (k = 0; k < si->notes.n; k++)
		free(si->notes.v[k]);
	sysinfo_init(si);
}

/* ---- the clock for per-MHz figures and the throttling bits ---------------- */

int
sysinfo_cpu_mhz(const struct clock_report *clk, int cpu, double *mhz,
    const char **source)
{
	struct si_policy *pol;
	int n, i, rc = -1;
	double v;

	if (clockcache_report_mhz(clk, cpu, mhz) == 0) {
		*source = "measured";
		return 0;
	}
	n = sysinfo_policies(&pol);
	for (i = 0; i < n; i++) {
		if (!cpuset_has(&pol[i].cpus, cpu))
			continue;
		v = sysinfo_policy_mhz(pol[i].num, "scaling_max_freq");
		if (isnan(v))
			v = sysinfo_policy_mhz(pol[i].num, "cpuinfo_max_freq");
		if (!isnan(v)) {
			*mhz = v;
			*source = "cpufreq";
			rc = 0;
		}
		break;
	}
	sysinfo_policies_free(pol, n);
	return rc;
}

/* `vcgencmd get_throttled` through spawn: "throttled=0x50000". */
static int
vcgencmd_throttled(unsigned long *bits)
{
	char *const argv[] = { "vcgencmd", "get_throttled", NULL };
	struct spawn sp;
	char *p, *end;
	int rc = -1;

	spawn_init(&sp);
	sp.capture_out = 1;
	sp.out_cap = 4096;
	sp.limit = 5;
	if (spawn_run(&sp, argv) == SPAWN_OK && WIFEXITED(sp.status) &&
	    WEXITSTATUS(sp.status) == 0 &&
	    (p = strstr(sp.out.buf, "throttled=")) != NULL) {
		*bits = strtoul(p + 10, &end, 16);
		rc = end == p + 10 ? -1 : 0;
	}
	spawn_release(&sp);
	return rc;
}

/* The under-voltage alarm of the rpi_volt hwmon device; -1 when none. */
static int
hwmon_undervoltage(unsigned long *bits)
{
	char path[128], name[64];
	long long v;
	int i;

	for (i = 0; i < 16; i++) {
		snprintf(path, sizeof(path), "/sys/class/hwmon/hwmon%d/name", i);
		if (sysfs_read_str(path, name, sizeof(name)) != SYSFS_OK ||
		    strcmp(name, "rpi_volt") != 0)
			continue;
		snprintf(path, sizeof(path), "/sys/class/hwmon/hwmon%d/"
		    "in0_lcrit_alarm", i);
		if (sysfs_read_ll(path, 0, &v, NULL, 0) != SYSFS_OK)
			return -1;
		*bits = v ? 0x10001 : 0;
		return 0;
	}
	return -1;
}

int
sysinfo_throttled_sysfs(unsigned long *bits, const char **source,
    struct sysinfo_notes *notes)
{
	long long v;
	int rc;

	rc = sysfs_read_ll(SI_GET_THROTTLED, 1, &v, NULL, 0);
	if (rc == SYSFS_OK && v >= 0) {
		*bits = (unsigned long)v;
		*source = "firmware sysfs";
		return 0;
	}
	if (rc != SYSFS_MISSING)
		sysinfo_read_num(notes, SI_GET_THROTTLED, 1, &v);
	if (hwmon_undervoltage(bits) == 0) {
		*source = "hwmon rpi_volt (under-voltage only)";
		return 0;
	}
	return -1;
}

int
sysinfo_throttled(unsigned long *bits, const char **source, struct sysinfo_notes *notes)
{
	if (sysinfo_have_vcgencmd() && vcgencmd_throttled(bits) == 0) {
		*source = "vcgencmd";
		return 0;
	}
	return sysinfo_throttled_sysfs(bits, source, notes);
}
