/*
 * sysinfo-cpu.c - the probe's CPUs: ARM core names (MIDR), the cores by
 * name from /proc/cpuinfo and sysfs, clusters and their cpufreq policies
 * (with the clock measured this boot), the caches.  Read through sysfs.c
 * like the rest of the probe; memory, thermal zones, the kernel, the
 * board and the whole snapshot are sysinfo-probe.c's.
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
#include <unistd.h>

#include "clock.h"
#include "clockcache.h"
#include "sysfs.h"
#include "sysinfo.h"
#include "sysinfo-int.h"
#include "util.h"

#define CPU_DIR "/sys/devices/system/cpu"

/* ---- ARM core names (implementer and part numbers of MIDR) ------------ */

struct part_name {
	unsigned impl, part;
	const char *name;
};

static const struct part_name part_names[] = {
	{ 0x41, 0xb02, "ARM11 MPCore" }, { 0x41, 0xb36, "ARM1136" },
	{ 0x41, 0xb56, "ARM1156" }, { 0x41, 0xb76, "ARM1176" },
	{ 0x41, 0xc05, "Cortex-A5" }, { 0x41, 0xc07, "Cortex-A7" },
	{ 0x41, 0xc08, "Cortex-A8" }, { 0x41, 0xc09, "Cortex-A9" },
	{ 0x41, 0xc0d, "Cortex-A17" }, { 0x41, 0xc0e, "Cortex-A17" },
	{ 0x41, 0xc0f, "Cortex-A15" }, { 0x41, 0xd01, "Cortex-A32" },
	{ 0x41, 0xd02, "Cortex-A34" }, { 0x41, 0xd03, "Cortex-A53" },
	{ 0x41, 0xd04, "Cortex-A35" }, { 0x41, 0xd05, "Cortex-A55" },
	{ 0x41, 0xd06, "Cortex-A65" }, { 0x41, 0xd07, "Cortex-A57" },
	{ 0x41, 0xd08, "Cortex-A72" }, { 0x41, 0xd09, "Cortex-A73" },
	{ 0x41, 0xd0a, "Cortex-A75" }, { 0x41, 0xd0b, "Cortex-A76" },
	{ 0x41, 0xd0c, "Neoverse-N1" }, { 0x41, 0xd0d, "Cortex-A77" },
	{ 0x41, 0xd0e, "Cortex-A76AE" }, { 0x41, 0xd40, "Neoverse-V1" },
	{ 0x41, 0xd41, "Cortex-A78" }, { 0x41, 0xd42, "Cortex-A78AE" },
	{ 0x41, 0xd44, "Cortex-X1" }, { 0x41, 0xd46, "Cortex-A510" },
	{ 0x41, 0xd47, "Cortex-A710" }, { 0x41, 0xd48, "Cortex-X2" },
	{ 0x41, 0xd49, "Neoverse-N2" }, { 0x41, 0xd4a, "Neoverse-E1" },
	{ 0x41, 0xd4b, "Cortex-A78C" }, { 0x41, 0xd4d, "Cortex-A715" },
	{ 0x41, 0xd4e, "Cortex-X3" }, { 0x41, 0xd4f, "Neoverse-V2" },
	{ 0x41, 0xd80, "Cortex-A520" }, { 0x41, 0xd81, "Cortex-A720" },
	{ 0x41, 0xd82, "Cortex-X4" },
	{ 0x42, 0x00f, "Brahma-B15" }, { 0x42, 0x100, "Brahma-B53" },
	{ 0x4e, 0x004, "Carmel" },
	{ 0x51, 0x800, "Kryo-2XX-Gold" }, { 0x51, 0x801, "Kryo-2XX-Silver" },
	{ 0x51, 0x802, "Kryo-3XX-Gold" }, { 0x51, 0x803, "Kryo-3XX-Silver" },
	{ 0x51, 0x804, "Kryo-4XX-Gold" }, { 0x51, 0x805, "Kryo-4XX-Silver" },
	{ 0x61, 0x022, "Apple-Icestorm" }, { 0x61, 0x023, "Apple-Firestorm" },
};

static const struct {
	unsigned impl;
	const char *name;
} impl_names[] = {
	{ 0x41, "ARM" }, { 0x42, "Broadcom" }, { 0x43, "Cavium" },
	{ 0x46, "Fujitsu" }, { 0x48, "HiSilicon" }, { 0x4e, "NVIDIA" },
	{ 0x50, "APM" }, { 0x51, "Qualcomm" }, { 0x53, "Samsung" },
	{ 0x56, "Marvell" }, { 0x61, "Apple" }, { 0x69, "Intel" },
	{ 0xc0, "Ampere" },
};

/* "Cortex-A72", else "ARM part 0xd99", into buf. */
void
sysinfo_core_name(unsigned impl, unsigned part, char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(part_names); i++)
		if (part_names[i].impl == impl && part_names[i].part == part) {
			strlcpy_bb(buf, part_names[i].name, len);
			return;
		}
	for (i = 0; i < ARRAY_SIZE(impl_names); i++)
		if (impl_names[i].impl == impl) {
			snprintf(buf, len, "%s part 0x%03x", impl_names[i].name,
			    part);
			return;
		}
	snprintf(buf, len, "implementer 0x%02x part 0x%03x", impl, part);
}

/* ---- CPUs --------------------------------------------------------------- */

/*
 * The identity of CPU cpu, made room for (unknown until read); NULL when
 * cpu is no CPU number boardbench handles.
 */
static struct cpu_id *
cpu_slot(struct cpus *c, long long cpu)
{
	int i, want;

	if (cpu < 0 || cpu >= CPUSET_MAX)
		return NULL;
	if (cpu >= c->cap) {
		want = c->cap > 0 ? c->cap : 64;
		while (want <= cpu)
			want *= 2;
		if (want > CPUSET_MAX)
			want = CPUSET_MAX;
		c->id = xreallocarray(c->id, (size_t)want, sizeof(*c->id));
		memset(c->id + c->cap, 0, (size_t)(want - c->cap) *
		    sizeof(*c->id));
		for (i = c->cap; i < want; i++)
			c->id[i].impl = c->id[i].part = c->id[i].variant =
			    c->id[i].revision = -1;
		c->cap = want;
	}
	if (cpu + 1 > c->n)
		c->n = (int)cpu + 1;
	return &c->id[cpu];
}

/* Value of a "key<TAB>: value" line, or NULL when line is another key. */
static char *
cpuinfo_value(char *line, const char *key)
{
	size_t kl = strlen(key);
	char *v;

	if (strncmp(line, key, kl) != 0)
		return NULL;
	v = line + kl;
	while (*v == ' ' || *v == '\t')
		v++;
	if (*v != ':')
		return NULL;
	v++;
	while (*v == ' ' || *v == '\t')
		v++;
	v[strcspn(v, "\n")] = '\0';
	return v;
}

/* A number in a cpuinfo value: -1 (and a note) when malformed. */
static long long
cpuinfo_num(struct sysinfo_notes *notes, const char *key, const char *v)
{
	char *end, buf[160];
	long long n;

	errno = 0;
	n = strtoll(v, &end, 0);
	if (end == v || *end != '\0' || errno != 0 || n < 0) {
		snprintf(buf, sizeof(buf), "/proc/cpuinfo: %s '%.40s' is not "
		    "a number, reported as unknown", key, v);
		sysinfo_note(notes, buf);
		return -1;
	}
	return n;
}

static void
read_cpuinfo(struct cpus *c, struct sysinfo_notes *notes)
{
	FILE *fp = sysfs_fopen("/proc/cpuinfo");
	char line[1024], *v, note[160];
	struct cpu_id *id;
	int cur = -1, said = 0;
	long long n;

	if (fp == NULL)
		return;
	while (fgets(line, sizeof(line), fp) != NULL) {
		if ((v = cpuinfo_value(line, "processor")) != NULL) {
			n = cpuinfo_num(notes, "processor", v);
			id = cpu_slot(c, n);
			cur = id != NULL ? (int)n : -1;
			if (id != NULL)
				id->present = 1;
			else if (n >= CPUSET_MAX && !said) {
				said = 1;
				snprintf(note, sizeof(note), "/proc/cpuinfo: "
				    "processor %lld is beyond %d (more than "
				    "boardbench handles), left out", n,
				    CPUSET_MAX - 1);
				sysinfo_note(notes, note);
			}
			continue;
		}
		if ((v = cpuinfo_value(line, "model name")) != NULL &&
		    c->model[0] == '\0')
			strlcpy_bb(c->model, v, sizeof(c->model));
		else if ((v = cpuinfo_value(line, "Features")) != NULL &&
		    c->features[0] == '\0')
			strlcpy_bb(c->features, v, sizeof(c->features));
		else if ((v = cpuinfo_value(line, "Hardware")) != NULL)
			strlcpy_bb(c->hardware, v, sizeof(c->hardware));
		else if ((v = cpuinfo_value(line, "Model")) != NULL)
			strlcpy_bb(c->pi_model, v, sizeof(c->pi_model));
		if (cur < 0)
			continue;
		if ((v = cpuinfo_value(line, "CPU implementer")) != NULL)
			c->id[cur].impl = cpuinfo_num(notes, "CPU implementer",
			    v);
		else if ((v = cpuinfo_value(line, "CPU part")) != NULL)
			c->id[cur].part = cpuinfo_num(notes, "CPU part", v);
		else if ((v = cpuinfo_value(line, "CPU variant")) != NULL)
			c->id[cur].variant = cpuinfo_num(notes, "CPU variant",
			    v);
		else if ((v = cpuinfo_value(line, "CPU revision")) != NULL)
			c->id[cur].revision = cpuinfo_num(notes,
			    "CPU revision", v);
	}
	fclose(fp);
}

/* arm64 kernels publish MIDR_EL1 per CPU; it beats /proc/cpuinfo. */
static void
read_midr(struct cpus *c, int cpu)
{
	char path[128];
	long long midr;

	snprintf(path, sizeof(path), CPU_DIR "/cpu%d/regs/identification/"
	    "midr_el1", cpu);
	if (sysfs_read_ll(path, 1, &midr, NULL, 0) != SYSFS_OK)
		return;
	c->id[cpu].impl = (midr >> 24) & 0xff;
	c->id[cpu].variant = (midr >> 20) & 0xf;
	c->id[cpu].part = (midr >> 4) & 0xfff;
	c->id[cpu].revision = midr & 0xf;
}

void
sysinfo_read_cpus(struct cpus *c, struct sysinfo_notes *notes)
{
	char buf[256];
	struct cpu_id *id;
	int i, rc;

	memset(c, 0, sizeof(*c));
	cpuset_init(&c->online);
	read_cpuinfo(c, notes);
	rc = sysfs_read_cpulist(CPU_DIR "/online", &c->online);
	if (rc == SYSFS_MALFORMED)
		sysfs_read_str(CPU_DIR "/online", buf, sizeof(buf));
	sysinfo_note_bad(notes, CPU_DIR "/online", rc, rc == SYSFS_MALFORMED ? buf :
	    "");
	if (cpuset_empty(&c->online))
		for (i = 0; i < c->n; i++)
			if (c->id[i].present)
				cpuset_add(&c->online, i);
	if (cpuset_empty(&c->online) && sysfs_is_real()) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);

		for (i = 0; i < n && i < CPUSET_MAX; i++)
			cpuset_add(&c->online, i);
	}
	for (i = cpuset_next(&c->online, 0); i >= 0;
	    i = cpuset_next(&c->online, i + 1)) {
		id = cpu_slot(c, i);
		read_midr(c, i);
		if (id->impl >= 0 && id->part >= 0)
			sysinfo_core_name((unsigned)id->impl,
			    (unsigned)id->part, id->name, sizeof(id->name));
	}
}

void
sysinfo_cpus_release(struct cpus *c)
{
	cpuset_release(&c->online);
	free(c->id);
}

/* The core name of a CPU, or the model name, or "unknown". */
static const char *
core_of(const struct cpus *c, int cpu)
{
	if (cpu >= 0 && cpu < c->cap && c->id[cpu].name[0] != '\0')
		return c->id[cpu].name;
	return c->model[0] ? c->model : "unknown";
}

/* "4 x Cortex-A55 + 4 x Cortex-A76" over the online CPUs. */
void
sysinfo_cores_summary(const struct cpus *c, char *buf, size_t len)
{
	int n = cpuset_count(&c->online), k = 0, i, j;
	const char **names = xcalloc(n > 0 ? (size_t)n : 1, sizeof(*names));
	int *counts = xcalloc(n > 0 ? (size_t)n : 1, sizeof(*counts));
	size_t used = 0;

	for (i = cpuset_next(&c->online, 0); i >= 0;
	    i = cpuset_next(&c->online, i + 1)) {
		for (j = 0; j < k; j++)
			if (strcmp(names[j], core_of(c, i)) == 0)
				break;
		if (j == k) {
			names[k] = core_of(c, i);
			counts[k++] = 0;
		}
		counts[j]++;
	}
	buf[0] = '\0';
	if (k == 0)
		strlcpy_bb(buf, "unknown", len);
	for (j = 0; j < k; j++)
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
		    "%s%d x %s", j ? " + " : "", counts[j], names[j]);
	free(names);
	free(counts);
}

void
sysinfo_cores_fill(struct system_info *si, const struct cpus *c)
{
	int n = cpuset_count(&c->online), i;
	struct si_core *o;

	si->cores = xcalloc(n > 0 ? (size_t)n : 1, sizeof(*si->cores));
	for (i = cpuset_next(&c->online, 0); i >= 0;
	    i = cpuset_next(&c->online, i + 1)) {
		o = &si->cores[si->ncores++];
		o->cpu = i;
		o->name = xstrdup(core_of(c, i));
		o->impl = c->id[i].impl;
		o->part = c->id[i].part;
		o->variant = c->id[i].variant;
		o->revision = c->id[i].revision;
	}
}

/* ---- clusters and cpufreq policies -------------------------------------- */

double
sysinfo_khz_mhz(long long khz)
{
	double mhz = (double)khz / 1000.0;

	return mhz >= SI_MHZ_MIN && mhz <= SI_MHZ_MAX ? mhz : NAN;
}

double
sysinfo_policy_mhz(int policy, const char *file)
{
	long long khz;

	if (sysfs_read_llf(&khz, CPU_DIR "/cpufreq/policy%d/%s", policy,
	    file) != SYSFS_OK)
		return NAN;
	return sysinfo_khz_mhz(khz);
}

/*
 * kHz file -> MHz, NAN when unknown: noted when malformed or beyond any
 * real clock (SI_MHZ_MIN to SI_MHZ_MAX).
 */
static double
khz_mhz(struct sysinfo_notes *notes, const char *dir, const char *file)
{
	char path[256], buf[320];
	long long v;
	double mhz;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if (sysinfo_read_num(notes, path, 0, &v) != SYSFS_OK)
		return NAN;
	mhz = sysinfo_khz_mhz(v);
	if (isnan(mhz)) {
		snprintf(buf, sizeof(buf), "%s: %lld kHz is outside %g to %g "
		    "MHz, reported as unknown", path, v, SI_MHZ_MIN,
		    SI_MHZ_MAX);
		sysinfo_note(notes, buf);
	}
	return mhz;
}

static int
cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

/*
 * The numbers N (below limit) of the entries named <prefix>N in folder
 * dir, sorted, into *nums (owned; NULL when none); the count, 0 when the
 * folder cannot be read.
 */
int
sysinfo_numbered_entries(const char *dir, const char *prefix, int limit, int **nums)
{
	DIR *d = sysfs_opendir(dir);
	size_t plen = strlen(prefix), n = 0, alloc = 0;
	struct dirent *e;
	int *v = NULL;
	char *end;
	long x;

	*nums = NULL;
	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, prefix, plen) != 0 ||
		    !isdigit((unsigned char)e->d_name[plen]))
			continue;
		errno = 0;
		x = strtol(e->d_name + plen, &end, 10);
		if (*end != '\0' || errno != 0 || x < 0 || x >= limit)
			continue;
		if (n == alloc) {
			alloc = alloc ? 2 * alloc : 64;
			v = xreallocarray(v, alloc, sizeof(*v));
		}
		v[n++] = (int)x;
	}
	closedir(d);
	if (n > 1)
		qsort(v, n, sizeof(*v), cmp_int);
	*nums = v;
	return (int)n;
}

/* The CPUs of a policy: related_cpus, else affected_cpus; SYSFS_* code. */
static int
policy_cpus(int policy, struct cpuset *cpus)
{
	char path[128];
	int rc;

	snprintf(path, sizeof(path), CPU_DIR "/cpufreq/policy%d/related_cpus",
	    policy);
	rc = sysfs_read_cpulist(path, cpus);
	if (rc == SYSFS_MISSING || rc == SYSFS_EMPTY) {
		snprintf(path, sizeof(path), CPU_DIR "/cpufreq/policy%d/"
		    "affected_cpus", policy);
		rc = sysfs_read_cpulist(path, cpus);
	}
	return rc;
}

int
sysinfo_policies(struct si_policy **out)
{
	int *nums, n, i, k = 0;
	struct si_policy *p;

	/* policyN is named after its first CPU */
	n = sysinfo_numbered_entries(CPU_DIR "/cpufreq", "policy", CPUSET_MAX, &nums);
	p = xcalloc(n > 0 ? (size_t)n : 1, sizeof(*p));
	for (i = 0; i < n; i++) {
		cpuset_init(&p[k].cpus);
		if (policy_cpus(nums[i], &p[k].cpus) != SYSFS_OK) {
			cpuset_release(&p[k].cpus);
			continue;
		}
		p[k++].num = nums[i];
	}
	free(nums);
	*out = p;
	return k;
}

void
sysinfo_policies_free(struct si_policy *p, int n)
{
	int i;

	for (i = 0; p != NULL && i < n; i++)
		cpuset_release(&p[i].cpus);
	free(p);
}

/* The measured clocks `--measure-clock` left for this boot. */
/* A cluster for the CPUs of cpus, with cpufreq data when policy >= 0. */
static void
cluster_fill(struct si_cluster *o, const struct cpus *c,
    const struct cpuset *cpus, int policy, struct sysinfo_notes *notes,
    const struct clock_report *ms)
{
	char dir[128], path[192], buf[256];
	long long cap;
	int rc, cpu = cpuset_next(cpus, 0);
	size_t k;

	o->cpus = cpuset_format(cpus);
	o->count = cpuset_count(cpus);
	o->core = xstrdup(core_of(c, cpu));
	snprintf(path, sizeof(path), CPU_DIR "/cpu%d/cpu_capacity", cpu);
	o->capacity = sysinfo_read_num(notes, path, 0, &cap) == SYSFS_OK ? cap : -1;
	o->policy = policy;
	o->min_mhz = o->max_mhz = o->scaling_min_mhz = o->scaling_max_mhz =
	    o->cur_mhz = o->measured_mhz = NAN;
	if (policy >= 0) {
		snprintf(dir, sizeof(dir), CPU_DIR "/cpufreq/policy%d", policy);
		snprintf(path, sizeof(path), "%s/scaling_governor", dir);
		rc = sysfs_read_str(path, buf, sizeof(buf));
		sysinfo_note_bad(notes, path, rc, buf);
		o->governor = sysinfo_str_or_null(rc, buf);
		snprintf(path, sizeof(path), "%s/scaling_driver", dir);
		rc = sysfs_read_str(path, buf, sizeof(buf));
		o->driver = sysinfo_str_or_null(rc, buf);
		o->min_mhz = khz_mhz(notes, dir, "cpuinfo_min_freq");
		o->max_mhz = khz_mhz(notes, dir, "cpuinfo_max_freq");
		o->scaling_min_mhz = khz_mhz(notes, dir, "scaling_min_freq");
		o->scaling_max_mhz = khz_mhz(notes, dir, "scaling_max_freq");
		o->cur_mhz = khz_mhz(notes, dir, "scaling_cur_freq");
	}
	/* the measured clock, when `--measure-clock` left one for this boot */
	for (k = 0; k < ms->n; k++)
		if (ms->clusters[k].ok &&
		    cpuset_intersects(&ms->clusters[k].cpus, cpus)) {
			o->measured_mhz = ms->clusters[k].measured_mhz;
			break;
		}
}

void
sysinfo_clusters_fill(struct system_info *si, const struct cpus *c,
    struct sysinfo_notes *notes)
{
	struct clock_report ms;
	struct si_policy *pol;
	struct cpuset left, group;
	int n, i, j, k, mixed = 0, most, have;
	const char *gov = NULL, *g;
	double v;

	have = clockcache_load(&ms) == 0;
	n = sysinfo_policies(&pol);
	/* no cpufreq: at most one cluster per online CPU */
	most = n > 0 ? n : cpuset_count(&c->online);
	si->clusters = xcalloc(most > 0 ? (size_t)most : 1,
	    sizeof(*si->clusters));
	for (i = 0; i < n; i++)
		cluster_fill(&si->clusters[si->nclusters++], c, &pol[i].cpus,
		    pol[i].num, notes, &ms);
	sysinfo_policies_free(pol, n);
	if (n == 0) {
		/* group the online CPUs by core type */
		cpuset_init(&left);
		cpuset_init(&group);
		cpuset_copy(&left, &c->online);
		while ((i = cpuset_next(&left, 0)) >= 0 &&
		    si->nclusters < most) {
			cpuset_clear(&group);
			for (j = i; j >= 0; j = cpuset_next(&left, j + 1))
				if (strcmp(core_of(c, i), core_of(c, j)) == 0)
					cpuset_add(&group, j);
			cpuset_andnot(&left, &group);
			cluster_fill(&si->clusters[si->nclusters++], c, &group,
			    -1, notes, &ms);
		}
		cpuset_release(&left);
		cpuset_release(&group);
	}
	si->cpu_max_mhz = NAN;
	for (k = 0; k < si->nclusters; k++) {
		g = si->clusters[k].governor;
		if (g != NULL && gov != NULL && strcmp(g, gov) != 0)
			mixed = 1;
		if (g != NULL && gov == NULL)
			gov = g;
		v = si->clusters[k].max_mhz;
		if (!isnan(v) && (isnan(si->cpu_max_mhz) ||
		    v > si->cpu_max_mhz))
			si->cpu_max_mhz = v;
	}
	si->governor = gov == NULL ? NULL : xstrdup(mixed ? "mixed" : gov);
	if (have && ms.measured_at[0] != '\0')
		si->clock_measured_at = xstrdup(ms.measured_at);
	clockcache_report_release(&ms);
}

/* ---- caches ------------------------------------------------------------- */

void
sysinfo_caches_fill(struct system_info *si, const struct cpus *c,
    struct sysinfo_notes *notes)
{
	char dir[128], path[192], type[32], size[32], name[16];
	struct cpuset sh, seen[SI_MAX_CACHES];
	struct si_cache *o;
	long long level;
	int cpu, idx, found, i;

	cpuset_init(&sh);
	for (i = 0; i < SI_MAX_CACHES; i++)
		cpuset_init(&seen[i]);
	for (cpu = cpuset_next(&c->online, 0); cpu >= 0;
	    cpu = cpuset_next(&c->online, cpu + 1)) {
		for (idx = 0; idx < 8; idx++) {
			snprintf(dir, sizeof(dir), CPU_DIR "/cpu%d/cache/index%d",
			    cpu, idx);
			if (!sysfs_exists(dir))
				break;
			snprintf(path, sizeof(path), "%s/level", dir);
			if (sysinfo_read_num(notes, path, 0, &level) != SYSFS_OK)
				continue;
			snprintf(path, sizeof(path), "%s/size", dir);
			if (sysfs_read_str(path, size, sizeof(size)) !=
			    SYSFS_OK) {
				sysinfo_note_bad(notes, path, SYSFS_EMPTY, "");
				continue;
			}
			snprintf(path, sizeof(path), "%s/type", dir);
			if (sysfs_read_str(path, type, sizeof(type)) != SYSFS_OK)
				strlcpy_bb(type, "Unified", sizeof(type));
			snprintf(path, sizeof(path), "%s/shared_cpu_list", dir);
			if (sysfs_read_cpulist(path, &sh) != SYSFS_OK)
				cpuset_add(&sh, cpu);
			snprintf(name, sizeof(name), "L%lld%s", level,
			    strcmp(type, "Data") == 0 ? "d" :
			    strcmp(type, "Instruction") == 0 ? "i" : "");
			/* one entry per (name, size, sharing width) */
			found = 0;
			for (i = 0; i < si->ncaches; i++) {
				o = &si->caches[i];
				if (strcmp(o->name, name) != 0 ||
				    strcmp(o->size, size) != 0 ||
				    o->shared_by != cpuset_count(&sh))
					continue;
				found = 1;
				if (cpuset_contains(&seen[i], &sh))
					break;
				cpuset_or(&seen[i], &sh);
				free(o->cpus);
				o->cpus = cpuset_format(&seen[i]);
				o->instances++;
				break;
			}
			if (found || si->ncaches >= SI_MAX_CACHES)
				continue;
			cpuset_copy(&seen[si->ncaches], &sh);
			o = &si->caches[si->ncaches++];
			o->name = xstrdup(name);
			o->size = xstrdup(size);
			o->shared_by = cpuset_count(&sh);
			o->instances = 1;
			o->cpus = cpuset_format(&sh);
		}
	}
	cpuset_release(&sh);
	for (i = 0; i < SI_MAX_CACHES; i++)
		cpuset_release(&seen[i]);
}
