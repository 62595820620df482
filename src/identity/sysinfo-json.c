/*
 * sysinfo-json.c - struct system_info to the snapshot's JSON object and
 * back.  The keys, their order (the order `info` prints them in) and
 * what stands for unknown (null) are decided here and nowhere else.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sysinfo-json.h"
#include "util.h"

/* A string read from outside is kept to this many bytes. */
#define SI_STR_MAX	1024

/* ---- struct to JSON ------------------------------------------------------ */

static json_t *
jstr_or_null(const char *s)
{
	return s != NULL ? json_string(s) : json_null();
}

static json_t *
jreal_or_null(double v)
{
	return isnan(v) ? json_null() : json_real(v);
}

static json_t *
jint_or_null(long long v)
{
	return v >= 0 ? json_integer((json_int_t)v) : json_null();
}

static json_t *
cores_json(const struct system_info *si)
{
	json_t *a = json_array(), *o;
	const struct si_core *c;
	char hex[48];
	int i;

	for (i = 0; i < si->ncores; i++) {
		c = &si->cores[i];
		o = json_object();
		json_object_set_new(o, "cpu", json_integer(c->cpu));
		json_object_set_new(o, "name", jstr_or_null(c->name));
		if (c->impl >= 0) {
			snprintf(hex, sizeof(hex), "0x%02llx", c->impl);
			json_object_set_new(o, "implementer", json_string(hex));
		}
		if (c->part >= 0) {
			snprintf(hex, sizeof(hex), "0x%03llx", c->part);
			json_object_set_new(o, "part", json_string(hex));
		}
		if (c->variant >= 0 && c->revision >= 0) {
			snprintf(hex, sizeof(hex), "r%lldp%lld", c->variant,
			    c->revision);
			json_object_set_new(o, "revision", json_string(hex));
		}
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *
cluster_json(const struct si_cluster *c)
{
	json_t *o = json_object();
	char buf[32];

	json_object_set_new(o, "cpus", jstr_or_null(c->cpus));
	json_object_set_new(o, "count", json_integer(c->count));
	json_object_set_new(o, "core", jstr_or_null(c->core));
	if (c->capacity >= 0)
		json_object_set_new(o, "capacity", json_integer(c->capacity));
	if (c->policy < 0) {
		json_object_set_new(o, "governor", json_null());
		json_object_set_new(o, "max_mhz", json_null());
		json_object_set_new(o, "cur_mhz", json_null());
	} else {
		snprintf(buf, sizeof(buf), "policy%d", c->policy);
		json_object_set_new(o, "policy", json_string(buf));
		json_object_set_new(o, "governor", jstr_or_null(c->governor));
		if (c->driver != NULL)
			json_object_set_new(o, "driver",
			    json_string(c->driver));
		json_object_set_new(o, "min_mhz", jreal_or_null(c->min_mhz));
		json_object_set_new(o, "max_mhz", jreal_or_null(c->max_mhz));
		json_object_set_new(o, "scaling_min_mhz",
		    jreal_or_null(c->scaling_min_mhz));
		json_object_set_new(o, "scaling_max_mhz",
		    jreal_or_null(c->scaling_max_mhz));
		json_object_set_new(o, "cur_mhz", jreal_or_null(c->cur_mhz));
	}
	if (!isnan(c->measured_mhz))
		json_object_set_new(o, "measured_mhz",
		    json_real(c->measured_mhz));
	return o;
}

static json_t *
caches_json(const struct system_info *si)
{
	json_t *a = json_array(), *o;
	int i;

	for (i = 0; i < si->ncaches; i++) {
		o = json_object();
		json_object_set_new(o, "name", jstr_or_null(si->caches[i].name));
		json_object_set_new(o, "size", jstr_or_null(si->caches[i].size));
		json_object_set_new(o, "shared_by",
		    json_integer(si->caches[i].shared_by));
		json_object_set_new(o, "instances",
		    json_integer(si->caches[i].instances));
		json_object_set_new(o, "cpus", jstr_or_null(si->caches[i].cpus));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *
memory_json(const struct system_info *si)
{
	json_t *m = json_object(), *a = json_array(), *o;
	const struct si_swap *w;
	int i;

	json_object_set_new(m, "total_mb", jint_or_null(si->mem_total_mb));
	json_object_set_new(m, "available_mb",
	    jint_or_null(si->mem_available_mb));
	json_object_set_new(m, "swap_total_mb",
	    jint_or_null(si->swap_total_mb));
	json_object_set_new(m, "swap_free_mb", jint_or_null(si->swap_free_mb));
	for (i = 0; i < si->nswaps; i++) {
		w = &si->swaps[i];
		o = json_object();
		json_object_set_new(o, "name", jstr_or_null(w->name));
		json_object_set_new(o, "type", jstr_or_null(w->type));
		json_object_set_new(o, "size_mb", jint_or_null(w->size_mb));
		if (w->zram) {
			json_object_set_new(o, "zram", json_true());
			if (w->algorithm != NULL)
				json_object_set_new(o, "algorithm",
				    json_string(w->algorithm));
			if (w->disksize_mb >= 0)
				json_object_set_new(o, "disksize_mb",
				    json_integer(w->disksize_mb));
		}
		json_array_append_new(a, o);
	}
	json_object_set_new(m, "swap_devices", a);
	return m;
}

static json_t *
thermal_json(const struct system_info *si)
{
	json_t *a = json_array(), *o;
	int i;

	for (i = 0; i < si->nzones; i++) {
		o = json_object();
		json_object_set_new(o, "zone", jstr_or_null(si->zones[i].zone));
		json_object_set_new(o, "type", jstr_or_null(si->zones[i].type));
		json_object_set_new(o, "temp_c",
		    jreal_or_null(si->zones[i].temp_c));
		json_array_append_new(a, o);
	}
	return a;
}

/* The Raspberry Pi firmware's bits: "now" in 0-3, "since boot" 16-19. */
static const char *const throttle_bits[] = {
	"under_voltage", "arm_frequency_capped", "throttled",
	"soft_temp_limit",
};

static json_t *
throttling_json(const struct system_info *si)
{
	json_t *o = json_object(), *now, *boot;
	char raw[32];
	size_t i;

	if (!si->have_throttling) {
		json_object_set_new(o, "source", json_null());
		json_object_set_new(o, "raw", json_null());
		return o;
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
	json_object_set_new(o, "source", jstr_or_null(si->throttle_source));
	return o;
}

static json_t *
power_json(const struct system_info *si)
{
	json_t *a = json_array(), *o;
	int i;

	for (i = 0; i < si->npower; i++) {
		o = json_object();
		json_object_set_new(o, "sensor",
		    jstr_or_null(si->power[i].sensor));
		json_object_set_new(o, "name", jstr_or_null(si->power[i].name));
		json_object_set_new(o, "watts",
		    jreal_or_null(si->power[i].watts));
		json_array_append_new(a, o);
	}
	return a;
}

json_t *
sysinfo_to_json(const struct system_info *si)
{
	json_t *s = json_object(), *a;
	size_t i;
	int k;

	json_object_set_new(s, "board", jstr_or_null(si->board));
	json_object_set_new(s, "board_source", jstr_or_null(si->board_source));
	json_object_set_new(s, "soc", jstr_or_null(si->soc));
	json_object_set_new(s, "kernel", jstr_or_null(si->kernel));
	json_object_set_new(s, "machine", jstr_or_null(si->machine));
	json_object_set_new(s, "hostname", jstr_or_null(si->hostname));
	json_object_set_new(s, "distribution", jstr_or_null(si->distribution));
	json_object_set_new(s, "cpu_model", jstr_or_null(si->cpu_model));
	json_object_set_new(s, "cpus_online", si->cpus_online > 0 ?
	    json_integer(si->cpus_online) : json_null());
	json_object_set_new(s, "cores", cores_json(si));
	json_object_set_new(s, "governor", jstr_or_null(si->governor));
	json_object_set_new(s, "cpu_max_mhz", jreal_or_null(si->cpu_max_mhz));
	if (si->clock_measured_at != NULL)
		json_object_set_new(s, "clock_measured_at",
		    json_string(si->clock_measured_at));
	a = json_array();
	for (k = 0; k < si->nclusters; k++)
		json_array_append_new(a, cluster_json(&si->clusters[k]));
	json_object_set_new(s, "clusters", a);
	json_object_set_new(s, "cpu_features", jstr_or_null(si->cpu_features));
	if (si->cpu_features_source != NULL)
		json_object_set_new(s, "cpu_features_source",
		    json_string(si->cpu_features_source));
	json_object_set_new(s, "caches", caches_json(si));
	json_object_set_new(s, "memory", memory_json(si));
	json_object_set_new(s, "thermal", thermal_json(si));
	json_object_set_new(s, "soc_temp_c", jreal_or_null(si->soc_temp_c));
	json_object_set_new(s, "throttling", throttling_json(si));
	if (si->npower > 0)
		json_object_set_new(s, "power", power_json(si));
	json_object_set_new(s, "loadavg", si->have_loadavg ?
	    json_pack("[f,f,f]", si->loadavg[0], si->loadavg[1],
	    si->loadavg[2]) : json_null());
	if (si->sysroot != NULL)
		json_object_set_new(s, "sysroot", json_string(si->sysroot));
	/* only when seen: a snapshot without them says nothing either way */
	if (si->emulator != NULL) {
		json_object_set_new(s, "emulator", json_string(si->emulator));
		json_object_set_new(s, "emulator_evidence",
		    jstr_or_null(si->emulator_evidence));
	}
	if (si->vm != NULL) {
		json_object_set_new(s, "vm", json_string(si->vm));
		json_object_set_new(s, "vm_evidence",
		    jstr_or_null(si->vm_evidence));
	}
	if (si->clock_unset != NULL)
		json_object_set_new(s, "clock_unset",
		    json_string(si->clock_unset));
	a = json_array();
	for (i = 0; i < si->notes.n; i++)
		json_array_append_new(a, json_string(si->notes.v[i]));
	json_object_set_new(s, "notes", a);
	sysinfo_run_to_json(&si->run, s);
	return s;
}

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

/* ---- JSON to struct ------------------------------------------------------ */

/* A string member, bounded; NULL when missing or not a string. */
static char *
get_str(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s != NULL ? xstrndup(s, SI_STR_MAX) : NULL;
}

static double
get_real(const json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* A count or size: -1 when missing, negative or not an integer. */
static long long
get_count(const json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_integer(v) && json_integer_value(v) >= 0 ?
	    (long long)json_integer_value(v) : -1;
}

/* "0x41" and friends: -1 when missing or not hex. */
static long long
get_hex(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	char *end;
	long long v;

	if (s == NULL || strncmp(s, "0x", 2) != 0)
		return -1;
	v = strtoll(s + 2, &end, 16);
	return end != s + 2 && *end == '\0' && v >= 0 ? v : -1;
}

static int
bounded(long long v)
{
	return v < 0 ? -1 : v > 1000000 ? 1000000 : (int)v;
}

/*
 * Room for the entries of a snapshot's array of cores or clusters: as
 * many as it has, up to one per CPU a kernel can have (the rest of a
 * hostile array is left out); *most: how many to read.
 */
static void *
per_cpu_room(const json_t *a, size_t size, size_t *most)
{
	*most = json_array_size(a);
	if (*most > CPUSET_MAX)
		*most = CPUSET_MAX;
	return xcalloc(*most > 0 ? *most : 1, size);
}

static void
cores_from(const json_t *a, struct system_info *si)
{
	struct si_core *c;
	const char *rev;
	size_t i, most;
	json_t *o;

	si->cores = per_cpu_room(a, sizeof(*si->cores), &most);
	json_array_foreach(a, i, o) {
		if (i >= most)
			break;
		if (!json_is_object(o))
			continue;
		c = &si->cores[si->ncores++];
		c->cpu = bounded(get_count(o, "cpu"));
		c->name = get_str(o, "name");
		c->impl = get_hex(o, "implementer");
		c->part = get_hex(o, "part");
		c->variant = c->revision = -1;
		rev = json_string_value(json_object_get(o, "revision"));
		if (rev == NULL || sscanf(rev, "r%lldp%lld", &c->variant,
		    &c->revision) != 2 || c->variant < 0 || c->revision < 0)
			c->variant = c->revision = -1;
	}
}

static void
clusters_from(const json_t *a, struct system_info *si)
{
	struct si_cluster *c;
	const char *p;
	size_t i, most;
	json_t *o;
	int n;

	si->clusters = per_cpu_room(a, sizeof(*si->clusters), &most);
	json_array_foreach(a, i, o) {
		if (i >= most)
			break;
		if (!json_is_object(o))
			continue;
		c = &si->clusters[si->nclusters++];
		c->cpus = get_str(o, "cpus");
		c->core = get_str(o, "core");
		c->count = bounded(get_count(o, "count"));
		c->capacity = get_count(o, "capacity");
		p = json_string_value(json_object_get(o, "policy"));
		c->policy = p != NULL && sscanf(p, "policy%d", &n) == 1 &&
		    n >= 0 ? n : -1;
		c->governor = get_str(o, "governor");
		c->driver = get_str(o, "driver");
		c->min_mhz = get_real(o, "min_mhz");
		c->max_mhz = get_real(o, "max_mhz");
		c->scaling_min_mhz = get_real(o, "scaling_min_mhz");
		c->scaling_max_mhz = get_real(o, "scaling_max_mhz");
		c->cur_mhz = get_real(o, "cur_mhz");
		c->measured_mhz = get_real(o, "measured_mhz");
	}
}

static void
caches_from(const json_t *a, struct system_info *si)
{
	struct si_cache *c;
	size_t i;
	json_t *o;

	json_array_foreach(a, i, o) {
		if (si->ncaches >= SI_MAX_CACHES)
			break;
		if (!json_is_object(o))
			continue;
		c = &si->caches[si->ncaches++];
		c->name = get_str(o, "name");
		c->size = get_str(o, "size");
		c->cpus = get_str(o, "cpus");
		c->shared_by = bounded(get_count(o, "shared_by"));
		c->instances = bounded(get_count(o, "instances"));
	}
}

static void
memory_from(const json_t *m, struct system_info *si)
{
	struct si_swap *w;
	size_t i;
	json_t *o;

	si->mem_total_mb = get_count(m, "total_mb");
	si->mem_available_mb = get_count(m, "available_mb");
	si->swap_total_mb = get_count(m, "swap_total_mb");
	si->swap_free_mb = get_count(m, "swap_free_mb");
	json_array_foreach(json_object_get(m, "swap_devices"), i, o) {
		if (si->nswaps >= SI_MAX_SWAPS)
			break;
		if (!json_is_object(o))
			continue;
		w = &si->swaps[si->nswaps++];
		w->name = get_str(o, "name");
		w->type = get_str(o, "type");
		w->size_mb = get_count(o, "size_mb");
		w->zram = json_is_true(json_object_get(o, "zram"));
		w->algorithm = get_str(o, "algorithm");
		w->disksize_mb = get_count(o, "disksize_mb");
	}
}

static void
throttling_from(const json_t *t, struct system_info *si)
{
	const char *raw = json_string_value(json_object_get(t, "raw"));
	unsigned long bits;
	char *end;

	if (raw == NULL || strncmp(raw, "0x", 2) != 0)
		return;
	bits = strtoul(raw + 2, &end, 16);
	if (end == raw + 2 || *end != '\0')
		return;
	si->have_throttling = 1;
	si->throttle_bits = bits;
	si->throttle_source = get_str(t, "source");
}

void
sysinfo_run_to_json(const struct si_run *r, json_t *sys)
{
	json_t *o, *a, *c;
	int i;

	if (!isnan(r->noise_pct)) {
		o = json_object();
		json_object_set_new(o, "pct", json_real(r->noise_pct));
		a = json_array();
		for (i = 0; i < r->noise_ncpus; i++) {
			c = json_object();
			json_object_set_new(c, "cpu",
			    json_integer(r->noise_cpu[i]));
			json_object_set_new(c, "cv", json_real(r->noise_cv[i]));
			if (r->noise_rate[i] > 0)
				json_object_set_new(c, "rate",
				    json_real(r->noise_rate[i]));
			json_array_append_new(a, c);
		}
		json_object_set_new(o, "cpus", a);
		json_object_set_new(sys, "noise_floor", o);
	}
	if (r->pair_id != NULL) {
		o = json_object();
		json_object_set_new(o, "id", json_string(r->pair_id));
		json_object_set_new(o, "build", json_integer(r->pair_build));
		json_object_set_new(o, "builds", json_integer(r->pair_builds));
		json_object_set_new(sys, "pairing", o);
	}
}

/*
 * "noise_floor" and "pairing", bounded: a drift of 0 to 1000 %, a pace of
 * at most a million rounds a microsecond (else unknown).
 */
static void
run_from(const json_t *s, struct si_run *r)
{
	json_t *o, *c;
	size_t i;
	double pct, cv, rate;
	long long cpu;

	o = json_object_get(s, "noise_floor");
	pct = get_real(o, "pct");
	if (!isnan(pct) && pct >= 0 && pct <= 1000) {
		r->noise_pct = pct;
		json_array_foreach(json_object_get(o, "cpus"), i, c) {
			if (r->noise_ncpus >= SI_NOISE_CPUS)
				break;
			cpu = get_count(c, "cpu");
			cv = get_real(c, "cv");
			if (cpu < 0 || cpu > 1000000 || isnan(cv) || cv < 0 ||
			    cv > 10)
				continue;
			rate = get_real(c, "rate");
			r->noise_cpu[r->noise_ncpus] = (int)cpu;
			r->noise_rate[r->noise_ncpus] = isfinite(rate) &&
			    rate > 0 && rate <= 1e6 ? rate : 0;
			r->noise_cv[r->noise_ncpus++] = cv;
		}
	}
	o = json_object_get(s, "pairing");
	r->pair_id = get_str(o, "id");
	r->pair_build = get_count(o, "build");
	r->pair_builds = get_count(o, "builds");
	if (r->pair_id != NULL && (r->pair_build < 0 || r->pair_builds < 2 ||
	    r->pair_builds > 64 || r->pair_build >= r->pair_builds)) {
		free(r->pair_id);
		r->pair_id = NULL;
	}
}

void
sysinfo_from_json(const json_t *s, struct system_info *si)
{
	json_t *o, *la;
	const char *note;
	size_t i;

	sysinfo_init(si);
	if (!json_is_object(s))
		return;
	si->board = get_str(s, "board");
	si->board_source = get_str(s, "board_source");
	si->soc = get_str(s, "soc");
	si->kernel = get_str(s, "kernel");
	si->machine = get_str(s, "machine");
	si->hostname = get_str(s, "hostname");
	si->distribution = get_str(s, "distribution");
	si->cpu_model = get_str(s, "cpu_model");
	si->cpus_online = get_count(s, "cpus_online");
	cores_from(json_object_get(s, "cores"), si);
	si->governor = get_str(s, "governor");
	si->cpu_max_mhz = get_real(s, "cpu_max_mhz");
	si->clock_measured_at = get_str(s, "clock_measured_at");
	clusters_from(json_object_get(s, "clusters"), si);
	si->cpu_features = get_str(s, "cpu_features");
	si->cpu_features_source = get_str(s, "cpu_features_source");
	caches_from(json_object_get(s, "caches"), si);
	memory_from(json_object_get(s, "memory"), si);
	json_array_foreach(json_object_get(s, "thermal"), i, o) {
		if (si->nzones >= SI_MAX_ZONES)
			break;
		if (!json_is_object(o))
			continue;
		si->zones[si->nzones].zone = get_str(o, "zone");
		si->zones[si->nzones].type = get_str(o, "type");
		si->zones[si->nzones++].temp_c = get_real(o, "temp_c");
	}
	si->soc_temp_c = get_real(s, "soc_temp_c");
	throttling_from(json_object_get(s, "throttling"), si);
	json_array_foreach(json_object_get(s, "power"), i, o) {
		if (si->npower >= SI_MAX_POWER)
			break;
		if (!json_is_object(o))
			continue;
		si->power[si->npower].sensor = get_str(o, "sensor");
		si->power[si->npower].name = get_str(o, "name");
		si->power[si->npower++].watts = get_real(o, "watts");
	}
	la = json_object_get(s, "loadavg");
	if (json_array_size(la) == 3 && json_is_number(json_array_get(la, 0))
	    && json_is_number(json_array_get(la, 1)) &&
	    json_is_number(json_array_get(la, 2))) {
		si->have_loadavg = 1;
		for (i = 0; i < 3; i++)
			si->loadavg[i] = json_number_value(json_array_get(la,
			    i));
	}
	si->sysroot = get_str(s, "sysroot");
	run_from(s, &si->run);
	si->emulator = get_str(s, "emulator");
	si->emulator_evidence = get_str(s, "emulator_evidence");
	si->vm = get_str(s, "vm");
	si->vm_evidence = get_str(s, "vm_evidence");
	si->clock_unset = get_str(s, "clock_unset");
	json_array_foreach(json_object_get(s, "notes"), i, o)
		if ((note = json_string_value(o)) != NULL) {
			char buf[SI_STR_MAX + 1];

			strlcpy_bb(buf, note, sizeof(buf));
			sysinfo_note(&si->notes, buf);
		}
}
