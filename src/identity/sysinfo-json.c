/*
 * sysinfo-json.c - struct system_info to the snapshot's JSON object and
 * back, from one table of its fields (jfield.h): the keys, their order
 * (the order `info` prints them in) and what stands for unknown (null,
 * or left out) are decided here and nowhere else.  What a row cannot
 * say is a hook: a core's revision, the throttling bits, the load, the
 * notes and the run's own facts.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sysinfo-json.h"
#include "util.h"

/* A string read from outside is kept to this many bytes. */
#define SI_STR_MAX	1024
/* A small count read from outside (a CPU number, cores sharing a cache). */
#define SI_COUNT_MAX	1000000

#define STR(T, f, k, fl, w)	JF_STR_(T, f, k, fl, w, SI_STR_MAX)
#define SMALL(T, f, k)		JF_INT_(T, f, k, JF_ALWAYS, SI_COUNT_MAX)

/* ---- the hooks ----------------------------------------------------------- */

/* A core's "r1p3" from its variant and revision (both known, or neither). */
static void
revision_to(const void *base, json_t *o)
{
	const struct si_core *c = base;
	char buf[48];

	if (c->variant >= 0 && c->revision >= 0) {
		snprintf(buf, sizeof(buf), "r%lldp%lld", c->variant,
		    c->revision);
		json_object_set_new(o, "revision", json_string(buf));
	}
}

static void
revision_from(const json_t *o, void *base)
{
	struct si_core *c = base;
	const char *rev = json_string_value(json_object_get(o, "revision"));

	c->variant = c->revision = -1;
	if (rev == NULL || sscanf(rev, "r%lldp%lld", &c->variant,
	    &c->revision) != 2 || c->variant < 0 || c->revision < 0)
		c->variant = c->revision = -1;
}

/* The Raspberry Pi firmware's bits: "now" in 0-3, "since boot" 16-19. */
static const char *const throttle_bits[] = {
	"under_voltage", "arm_frequency_capped", "throttled",
	"soft_temp_limit",
};

static void
throttling_to(const void *base, json_t *s)
{
	const struct system_info *si = base;
	json_t *o = json_object(), *now, *boot;
	char raw[32];
	size_t i;

	json_object_set_new(s, "throttling", o);
	if (!si->have_throttling) {
		json_object_set_new(o, "source", json_null());
		json_object_set_new(o, "raw", json_null());
		return;
	}
	now = json_object();
	boot = json_object();
	snprintf(raw, sizeof(raw), "0x%lx", si->throttle_bits);
	json_object_set_new(o, "raw", json_string(raw));
	for (i = 0; i < ARRAY_SIZE(throttle_bits); i++) {
		json_object_set_new(now, throttle_bits[i],
		    json_boolean(si->throttle_bits >> i & 1));
		json_object_set_new(boot, throttle_bits[i],
		    json_boolean(si->throttle_bits >> (i + 16) & 1));
	}
	json_object_set_new(o, "now", now);
	json_object_set_new(o, "since_boot", boot);
	json_object_set_new(o, "source", si->throttle_source != NULL ?
	    json_string(si->throttle_source) : json_null());
}

static void
throttling_from(const json_t *s, void *base)
{
	struct system_info *si = base;
	const json_t *t = json_object_get(s, "throttling");
	const char *raw = json_string_value(json_object_get(t, "raw")), *src;
	unsigned long bits;
	char *end;

	if (raw == NULL || strncmp(raw, "0x", 2) != 0)
		return;
	bits = strtoul(raw + 2, &end, 16);
	if (end == raw + 2 || *end != '\0')
		return;
	si->have_throttling = 1;
	si->throttle_bits = bits;
	src = json_string_value(json_object_get(t, "source"));
	si->throttle_source = src != NULL ? xstrndup(src, SI_STR_MAX) : NULL;
}

static void
loadavg_to(const void *base, json_t *s)
{
	const struct system_info *si = base;

	json_object_set_new(s, "loadavg", si->have_loadavg ?
	    json_pack("[f,f,f]", si->loadavg[0], si->loadavg[1],
	    si->loadavg[2]) : json_null());
}

static void
loadavg_from(const json_t *s, void *base)
{
	struct system_info *si = base;
	json_t *la = json_object_get(s, "loadavg");
	size_t i;

	if (json_array_size(la) != 3)
		return;
	for (i = 0; i < 3; i++)
		if (!json_is_number(json_array_get(la, i)))
			return;
	si->have_loadavg = 1;
	for (i = 0; i < 3; i++)
		si->loadavg[i] = json_number_value(json_array_get(la, i));
}

static void
notes_to(const void *base, json_t *s)
{
	const struct system_info *si = base;
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < si->notes.n; i++)
		json_array_append_new(a, json_string(si->notes.v[i]));
	json_object_set_new(s, "notes", a);
}

/* Only strings, each cut to SI_STR_MAX bytes (sysinfo_note() bounds them). */
static void
notes_from(const json_t *s, void *base)
{
	struct system_info *si = base;
	char buf[SI_STR_MAX + 1];
	const char *note;
	json_t *o;
	size_t i;

	json_array_foreach(json_object_get(s, "notes"), i, o)
		if ((note = json_string_value(o)) != NULL) {
			strlcpy_bb(buf, note, sizeof(buf));
			sysinfo_note(&si->notes, buf);
		}
}

static void
noise_to(const void *base, json_t *sys)
{
	const struct si_run *r = base;
	json_t *o, *a, *c;
	int i;

	if (isnan(r->noise_pct))
		return;
	o = json_object();
	json_object_set_new(o, "pct", json_real(r->noise_pct));
	a = json_array();
	for (i = 0; i < r->noise_ncpus; i++) {
		c = json_object();
		json_object_set_new(c, "cpu", json_integer(r->noise_cpu[i]));
		json_object_set_new(c, "cv", json_real(r->noise_cv[i]));
		if (r->noise_rate[i] > 0)
			json_object_set_new(c, "rate",
			    json_real(r->noise_rate[i]));
		json_array_append_new(a, c);
	}
	json_object_set_new(o, "cpus", a);
	if (r->run_cpu >= 0)
		json_object_set_new(o, "run_cpu", json_integer(r->run_cpu));
	json_object_set_new(sys, "noise_floor", o);
}

static double
real_of(const json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/*
 * "noise_floor", bounded: a drift of 0 to 1000 %, a pace of at most a
 * million rounds a microsecond (else unknown).
 */
static void
noise_from(const json_t *s, void *base)
{
	struct si_run *r = base;
	json_t *o = json_object_get(s, "noise_floor"), *c, *cpu;
	double pct = real_of(o, "pct"), cv, rate;
	size_t i;

	if (isnan(pct) || pct < 0 || pct > 1000)
		return;
	r->noise_pct = pct;
	cpu = json_object_get(o, "run_cpu");
	if (json_is_integer(cpu) && json_integer_value(cpu) >= 0 &&
	    json_integer_value(cpu) <= SI_COUNT_MAX)
		r->run_cpu = (int)json_integer_value(cpu);
	json_array_foreach(json_object_get(o, "cpus"), i, c) {
		if (r->noise_ncpus >= SI_NOISE_CPUS)
			break;
		cpu = json_object_get(c, "cpu");
		cv = real_of(c, "cv");
		if (!json_is_integer(cpu) || json_integer_value(cpu) < 0 ||
		    json_integer_value(cpu) > SI_COUNT_MAX || isnan(cv) ||
		    cv < 0 || cv > 10)
			continue;
		rate = real_of(c, "rate");
		r->noise_cpu[r->noise_ncpus] = (int)json_integer_value(cpu);
		r->noise_rate[r->noise_ncpus] = isfinite(rate) &&
		    rate > 0 && rate <= 1e6 ? rate : 0;
		r->noise_cv[r->noise_ncpus++] = cv;
	}
}

static const struct jfield pair_fields[] = {
	STR(struct si_run, pair_id, "id", JF_NULL, NULL),
	JF_COUNT_(struct si_run, pair_build, "build", JF_ALWAYS, NULL),
	JF_COUNT_(struct si_run, pair_builds, "builds", JF_ALWAYS, NULL),
	JF_END
};

static void
pairing_to(const void *base, json_t *sys)
{
	const struct si_run *r = base;
	json_t *o;

	if (r->pair_id == NULL)
		return;
	o = json_object();
	jfield_to_json(pair_fields, r, o);
	json_object_set_new(sys, "pairing", o);
}

/* One of 2 to 64 builds, else not paired. */
static void
pairing_from(const json_t *s, void *base)
{
	struct si_run *r = base;

	jfield_from_json(pair_fields, json_object_get(s, "pairing"), r);
	if (r->pair_id != NULL && (r->pair_build < 0 || r->pair_builds < 2 ||
	    r->pair_builds > 64 || r->pair_build >= r->pair_builds)) {
		free(r->pair_id);
		r->pair_id = NULL;
	}
}

/* ---- the table ----------------------------------------------------------- */

static const struct jfield core_fields[] = {
	SMALL(struct si_core, cpu, "cpu"),
	STR(struct si_core, name, "name", JF_NULL, NULL),
	JF_HEX_(struct si_core, impl, "implementer", 2),
	JF_HEX_(struct si_core, part, "part", 3),
	JF_HOOK_("revision", revision_to, revision_from, "variant revision"),
	JF_END
};

/* Without a cpufreq policy: governor, max_mhz and cur_mhz are null. */
#define C struct si_cluster
static const struct jfield cluster_fields[] = {
	STR(C, cpus, "cpus", JF_NULL, NULL),
	SMALL(C, count, "count"),
	STR(C, core, "core", JF_NULL, NULL),
	JF_COUNT_(C, capacity, "capacity", JF_OPT, NULL),
	JF_NAMED_(C, policy, "policy"),
	STR(C, governor, "governor", JF_ELSE_NULL, "policy"),
	STR(C, driver, "driver", JF_OPT, "policy"),
	JF_REAL_(C, min_mhz, "min_mhz", JF_NULL, "policy"),
	JF_REAL_(C, max_mhz, "max_mhz", JF_ELSE_NULL, "policy"),
	JF_REAL_(C, scaling_min_mhz, "scaling_min_mhz", JF_NULL, "policy"),
	JF_REAL_(C, scaling_max_mhz, "scaling_max_mhz", JF_NULL, "policy"),
	JF_REAL_(C, cur_mhz, "cur_mhz", JF_ELSE_NULL, "policy"),
	JF_REAL_(C, measured_mhz, "measured_mhz", JF_OPT, NULL),
	JF_END
};
#undef C

static const struct jfield cache_fields[] = {
	STR(struct si_cache, name, "name", JF_NULL, NULL),
	STR(struct si_cache, size, "size", JF_NULL, NULL),
	SMALL(struct si_cache, shared_by, "shared_by"),
	SMALL(struct si_cache, instances, "instances"),
	STR(struct si_cache, cpus, "cpus", JF_NULL, NULL),
	JF_END
};

/* zram's algorithm and disk size only for a zram device. */
static const struct jfield swap_fields[] = {
	STR(struct si_swap, name, "name", JF_NULL, NULL),
	STR(struct si_swap, type, "type", JF_NULL, NULL),
	JF_COUNT_(struct si_swap, size_mb, "size_mb", JF_NULL, NULL),
	JF_TRUE_(struct si_swap, zram, "zram"),
	STR(struct si_swap, algorithm, "algorithm", JF_OPT, "zram"),
	JF_COUNT_(struct si_swap, disksize_mb, "disksize_mb", JF_OPT, "zram"),
	JF_END
};

#define SI struct system_info
static const struct jfield memory_fields[] = {
	JF_COUNT_(SI, mem_total_mb, "total_mb", JF_NULL, NULL),
	JF_COUNT_(SI, mem_available_mb, "available_mb", JF_NULL, NULL),
	JF_COUNT_(SI, swap_total_mb, "swap_total_mb", JF_NULL, NULL),
	JF_COUNT_(SI, swap_free_mb, "swap_free_mb", JF_NULL, NULL),
	JF_ARRAY_(SI, swaps, nswaps, "swap_devices", struct si_swap,
	    swap_fields, JF_ALWAYS),
	JF_END
};

static const struct jfield zone_fields[] = {
	STR(struct si_zone, zone, "zone", JF_NULL, NULL),
	STR(struct si_zone, type, "type", JF_NULL, NULL),
	JF_REAL_(struct si_zone, temp_c, "temp_c", JF_NULL, NULL),
	JF_END
};

static const struct jfield power_fields[] = {
	STR(struct si_power, sensor, "sensor", JF_NULL, NULL),
	STR(struct si_power, name, "name", JF_NULL, NULL),
	JF_REAL_(struct si_power, watts, "watts", JF_NULL, NULL),
	JF_END
};

static const struct jfield run_fields[] = {
	JF_HOOK_("noise_floor", noise_to, noise_from,
	    "noise_pct noise_ncpus noise_cpu noise_cv noise_rate run_cpu"),
	JF_HOOK_("pairing", pairing_to, pairing_from,
	    "pair_id pair_build pair_builds"),
	JF_END
};

/*
 * The snapshot, in the order `info` prints it.  What was not seen is
 * null, except where a key's absence already says it (JF_OPT): a
 * measured clock, the features' source, power sensors, a sysroot, an
 * emulator or VM (a snapshot without them says nothing either way), an
 * unset wall clock.
 */
const struct jfield sysinfo_fields[] = {
	STR(SI, board, "board", JF_NULL, NULL),
	STR(SI, board_source, "board_source", JF_NULL, NULL),
	STR(SI, soc, "soc", JF_NULL, NULL),
	STR(SI, kernel, "kernel", JF_NULL, NULL),
	STR(SI, machine, "machine", JF_NULL, NULL),
	STR(SI, hostname, "hostname", JF_NULL, NULL),
	STR(SI, distribution, "distribution", JF_NULL, NULL),
	STR(SI, cpu_model, "cpu_model", JF_NULL, NULL),
	JF_COUNT_(SI, cpus_online, "cpus_online", JF_ZERO, NULL),
	JF_ALLOC_(SI, cores, ncores, "cores", struct si_core, core_fields,
	    CPUSET_MAX),
	STR(SI, governor, "governor", JF_NULL, NULL),
	JF_REAL_(SI, cpu_max_mhz, "cpu_max_mhz", JF_NULL, NULL),
	STR(SI, clock_measured_at, "clock_measured_at", JF_OPT, NULL),
	JF_ALLOC_(SI, clusters, nclusters, "clusters", struct si_cluster,
	    cluster_fields, CPUSET_MAX),
	STR(SI, cpu_features, "cpu_features", JF_NULL, NULL),
	STR(SI, cpu_features_source, "cpu_features_source", JF_OPT, NULL),
	JF_ARRAY_(SI, caches, ncaches, "caches", struct si_cache,
	    cache_fields, JF_ALWAYS),
	JF_GROUP_("memory", memory_fields, JF_NULL, NULL),
	JF_ARRAY_(SI, zones, nzones, "thermal", struct si_zone, zone_fields,
	    JF_ALWAYS),
	JF_REAL_(SI, soc_temp_c, "soc_temp_c", JF_NULL, NULL),
	JF_HOOK_("throttling", throttling_to, throttling_from,
	    "have_throttling throttle_source throttle_bits"),
	JF_ARRAY_(SI, power, npower, "power", struct si_power, power_fields,
	    JF_OPT),
	JF_HOOK_("loadavg", loadavg_to, loadavg_from, "have_loadavg loadavg"),
	STR(SI, sysroot, "sysroot", JF_OPT, NULL),
	STR(SI, emulator, "emulator", JF_OPT, NULL),
	STR(SI, emulator_evidence, "emulator_evidence", JF_NULL, "emulator"),
	STR(SI, vm, "vm", JF_OPT, NULL),
	STR(SI, vm_evidence, "vm_evidence", JF_NULL, "vm"),
	STR(SI, clock_unset, "clock_unset", JF_OPT, NULL),
	JF_HOOK_("notes", notes_to, notes_from, "notes"),
	JF_INLINE_(SI, run, struct si_run, run_fields),
	JF_END
};
#undef SI

json_t *
sysinfo_to_json(const struct system_info *si)
{
	json_t *s = json_object();

	jfield_to_json(sysinfo_fields, si, s);
	return s;
}

void
sysinfo_run_to_json(const struct si_run *r, json_t *sys)
{
	jfield_to_json(run_fields, r, sys);
}

void
sysinfo_from_json(const json_t *s, struct system_info *si)
{
	sysinfo_init(si);
	if (json_is_object(s))
		jfield_from_json(sysinfo_fields, s, si);
}

/* ---- sorted keys --------------------------------------------------------- */

static int
key_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

json_t *
json_sorted(json_t *v)
{
	const char **keys, *key;
	json_t *out, *e;
	size_t i, n;

	if (v == NULL)
		die(EXIT_BENCH, "out of memory");
	if (json_is_array(v)) {
		out = json_array();
		json_array_foreach(v, i, e)
			json_array_append_new(out, json_sorted(json_incref(e)));
	} else if (json_is_object(v)) {
		out = json_object();
		n = 0;
		keys = xcalloc(json_object_size(v) + 1, sizeof(*keys));
		json_object_foreach(v, key, e)
			keys[n++] = key;
		qsort(keys, n, sizeof(*keys), key_cmp);
		for (i = 0; i < n; i++)
			json_object_set_new(out, keys[i], json_sorted(
			    json_incref(json_object_get(v, keys[i]))));
		free(keys);
	} else
		return v;
	json_decref(v);
	if (out == NULL)
		die(EXIT_BENCH, "out of memory");
	return out;
}

