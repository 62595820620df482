/*
 * t-identity.c - identity's field tables (jfield.h): a system snapshot
 * and a build identity with every member set to its own value go to
 * JSON and back member by member; every member of their structs (read
 * from sysinfo.h and buildinfo.h) is named by a row of its table, so a
 * member added to a struct but not to the table fails here.
 */
#include "config.h"

#include <ctype.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sysinfo-json.h"
#include "tap.h"
#include "util.h"

static int bad;

/* Count and show a member that did not come back. */
static void
differs(const char *what)
{
	bad++;
	diag("%s did not come back as it was", what);
}

#define SAME_S(a, b, f) do { if ((a)->f == NULL || (b)->f == NULL || \
	strcmp((a)->f, (b)->f) != 0) differs(#f); } while (0)
#define SAME_N(a, b, f) do { if ((a)->f != (b)->f) differs(#f); } while (0)

/* ---- a snapshot with every member known --------------------------------- */

static void
fill_si(struct system_info *si)
{
	static const char *const strs[] = { "board", "board_source", "soc",
	    "kernel", "machine", "hostname", "distribution", "cpu_model",
	    "governor", "clock_measured_at", "cpu_features",
	    "cpu_features_source", "sysroot", "emulator",
	    "emulator_evidence", "vm", "vm_evidence", "clock_unset" };
	char **dst[] = { &si->board, &si->board_source, &si->soc,
	    &si->kernel, &si->machine, &si->hostname, &si->distribution,
	    &si->cpu_model, &si->governor, &si->clock_measured_at,
	    &si->cpu_features, &si->cpu_features_source, &si->sysroot,
	    &si->emulator, &si->emulator_evidence, &si->vm,
	    &si->vm_evidence, &si->clock_unset };
	char buf[64];
	size_t i;
	int k;

	sysinfo_init(si);
	for (i = 0; i < ARRAY_SIZE(dst); i++) {
		snprintf(buf, sizeof(buf), "%s-value", strs[i]);
		*dst[i] = xstrdup(buf);
	}
	si->cpus_online = 6;
	si->cpu_max_mhz = 2345.5;
	si->ncores = 2;
	si->cores = xcalloc(2, sizeof(*si->cores));
	for (k = 0; k < 2; k++) {
		si->cores[k] = (struct si_core){ .cpu = 3 + k,
		    .name = xstrdup(k ? "core-b" : "core-a"), .impl = 0x41 + k,
		    .part = 0xd0b + k, .variant = 2 + k, .revision = 7 + k };
	}
	si->nclusters = 2;
	si->clusters = xcalloc(2, sizeof(*si->clusters));
	for (k = 0; k < 2; k++)
		si->clusters[k] = (struct si_cluster){
		    .cpus = xstrdup(k ? "4-5" : "0-3"),
		    .core = xstrdup(k ? "big" : "little"), .count = 4 - 2 * k,
		    .capacity = 512 + k, .policy = 4 * k + 1,
		    .governor = xstrdup(k ? "gov-b" : "gov-a"),
		    .driver = xstrdup(k ? "drv-b" : "drv-a"),
		    .min_mhz = 400.25 + k, .max_mhz = 1800.5 + k,
		    .scaling_min_mhz = 500.75 + k,
		    .scaling_max_mhz = 1700.125 + k, .cur_mhz = 1234.5 + k,
		    .measured_mhz = 1799.0625 + k };
	si->ncaches = 2;
	for (k = 0; k < 2; k++)
		si->caches[k] = (struct si_cache){
		    .name = xstrdup(k ? "L2" : "L1d"),
		    .size = xstrdup(k ? "1M" : "32K"),
		    .cpus = xstrdup(k ? "0-5" : "0"), .shared_by = 1 + 5 * k,
		    .instances = 6 - 5 * k };
	si->mem_total_mb = 8001;
	si->mem_available_mb = 4002;
	si->swap_total_mb = 1003;
	si->swap_free_mb = 904;
	si->nswaps = 1;
	si->swaps[0] = (struct si_swap){ .name = xstrdup("/dev/zram0"),
	    .type = xstrdup("partition"), .size_mb = 1005, .zram = 1,
	    .algorithm = xstrdup("zstd"), .disksize_mb = 1006 };
	si->nzones = 2;
	for (k = 0; k < 2; k++)
		si->zones[k] = (struct si_zone){
		    .zone = xstrdup(k ? "thermal_zone1" : "thermal_zone0"),
		    .type = xstrdup(k ? "gpu" : "cpu"), .temp_c = 41.5 + k };
	si->soc_temp_c = 42.5;
	si->have_throttling = 1;
	si->throttle_source = xstrdup("vcgencmd");
	si->throttle_bits = 0x50005;
	si->npower = 1;
	si->power[0] = (struct si_power){ .sensor = xstrdup("hwmon3"),
	    .name = xstrdup("5V"), .watts = 3.25 };
	si->have_loadavg = 1;
	si->loadavg[0] = 0.25;
	si->loadavg[1] = 0.5;
	si->loadavg[2] = 1.75;
	sysinfo_note(&si->notes, "note one");
	sysinfo_note(&si->notes, "note two");
	si->run.noise_pct = 1.25;
	si->run.noise_ncpus = 2;
	for (k = 0; k < 2; k++) {
		si->run.noise_cpu[k] = 1 + 2 * k;
		si->run.noise_cv[k] = 0.0125 * (k + 1);
		si->run.noise_rate[k] = 3.5 + k;
	}
	si->run.run_cpu = 3;
	si->run.pair_id = xstrdup("pair-id");
	si->run.pair_build = 1;
	si->run.pair_builds = 3;
}

static void
same_si(const struct system_info *a, const struct system_info *b)
{
	int k;

	SAME_S(a, b, board); SAME_S(a, b, board_source); SAME_S(a, b, soc);
	SAME_S(a, b, kernel); SAME_S(a, b, machine); SAME_S(a, b, hostname);
	SAME_S(a, b, distribution); SAME_S(a, b, cpu_model);
	SAME_N(a, b, cpus_online); SAME_S(a, b, governor);
	SAME_N(a, b, cpu_max_mhz); SAME_S(a, b, clock_measured_at);
	SAME_S(a, b, cpu_features); SAME_S(a, b, cpu_features_source);
	SAME_N(a, b, ncores); SAME_N(a, b, nclusters); SAME_N(a, b, ncaches);
	for (k = 0; k < a->ncores && k < b->ncores; k++) {
		SAME_N(a, b, cores[k].cpu); SAME_S(a, b, cores[k].name);
		SAME_N(a, b, cores[k].impl); SAME_N(a, b, cores[k].part);
		SAME_N(a, b, cores[k].variant);
		SAME_N(a, b, cores[k].revision);
	}
	for (k = 0; k < a->nclusters && k < b->nclusters; k++) {
		SAME_S(a, b, clusters[k].cpus); SAME_S(a, b, clusters[k].core);
		SAME_N(a, b, clusters[k].count);
		SAME_N(a, b, clusters[k].capacity);
		SAME_N(a, b, clusters[k].policy);
		SAME_S(a, b, clusters[k].governor);
		SAME_S(a, b, clusters[k].driver);
		SAME_N(a, b, clusters[k].min_mhz);
		SAME_N(a, b, clusters[k].max_mhz);
		SAME_N(a, b, clusters[k].scaling_min_mhz);
		SAME_N(a, b, clusters[k].scaling_max_mhz);
		SAME_N(a, b, clusters[k].cur_mhz);
		SAME_N(a, b, clusters[k].measured_mhz);
	}
	for (k = 0; k < a->ncaches && k < b->ncaches; k++) {
		SAME_S(a, b, caches[k].name); SAME_S(a, b, caches[k].size);
		SAME_S(a, b, caches[k].cpus);
		SAME_N(a, b, caches[k].shared_by);
		SAME_N(a, b, caches[k].instances);
	}
	SAME_N(a, b, mem_total_mb); SAME_N(a, b, mem_available_mb);
	SAME_N(a, b, swap_total_mb); SAME_N(a, b, swap_free_mb);
	SAME_N(a, b, nswaps);
	SAME_S(a, b, swaps[0].name); SAME_S(a, b, swaps[0].type);
	SAME_N(a, b, swaps[0].size_mb); SAME_N(a, b, swaps[0].zram);
	SAME_S(a, b, swaps[0].algorithm); SAME_N(a, b, swaps[0].disksize_mb);
	SAME_N(a, b, nzones);
	for (k = 0; k < 2; k++) {
		SAME_S(a, b, zones[k].zone); SAME_S(a, b, zones[k].type);
		SAME_N(a, b, zones[k].temp_c);
	}
	SAME_N(a, b, soc_temp_c); SAME_N(a, b, have_throttling);
	SAME_S(a, b, throttle_source); SAME_N(a, b, throttle_bits);
	SAME_N(a, b, npower); SAME_S(a, b, power[0].sensor);
	SAME_S(a, b, power[0].name); SAME_N(a, b, power[0].watts);
	SAME_N(a, b, have_loadavg);
	for (k = 0; k < 3; k++)
		SAME_N(a, b, loadavg[k]);
	SAME_S(a, b, sysroot); SAME_S(a, b, emulator);
	SAME_S(a, b, emulator_evidence); SAME_S(a, b, vm);
	SAME_S(a, b, vm_evidence); SAME_S(a, b, clock_unset);
	SAME_N(a, b, notes.n);
	SAME_S(a, b, notes.v[0]); SAME_S(a, b, notes.v[1]);
	SAME_N(a, b, run.noise_pct); SAME_N(a, b, run.noise_ncpus);
	for (k = 0; k < 2; k++) {
		SAME_N(a, b, run.noise_cpu[k]); SAME_N(a, b, run.noise_cv[k]);
		SAME_N(a, b, run.noise_rate[k]);
	}
	SAME_N(a, b, run.run_cpu);
	SAME_S(a, b, run.pair_id); SAME_N(a, b, run.pair_build);
	SAME_N(a, b, run.pair_builds);
}

/* ---- a build identity with every member known --------------------------- */

static void
fill_bi(struct build_info *bi, int elf_error)
{
	char **str[] = { &bi->tool_version, &bi->cc, &bi->cc_version,
	    &bi->cflags, &bi->cppflags, &bi->ldflags, &bi->kernel_cflags,
	    &bi->opt_level, &bi->configure_args, &bi->host, &bi->build,
	    &bi->float_abi, &bi->fpu, &bi->arch, &bi->compiler_macro_version,
	    &bi->elf.file, &bi->elf.elf_class, &bi->elf.machine,
	    &bi->elf.cpu_name, &bi->elf.cpu_arch, &bi->elf.fp_arch,
	    &bi->elf.simd_arch, &bi->elf.vfp_args };
	char buf[32];
	size_t i;
	int k;

	buildinfo_init(bi);
	for (i = 0; i < ARRAY_SIZE(str); i++) {
		snprintf(buf, sizeof(buf), "string %zu", i);
		*str[i] = xstrdup(buf);
	}
	bi->neon = 1;
	bi->nmacros = bi->nlibraries = 2;
	for (k = 0; k < 2; k++) {
		bi->macros[k].name = xstrdup(k ? "__ARM_NEON" : "__OPTIMIZE__");
		bi->macros[k].value = 7 + k;
		bi->libraries[k].name = xstrdup(k ? "libc" : "jansson");
		bi->libraries[k].version = xstrdup(k ? "2.36" : "2.14");
	}
	bi->have_elf = 1;
	bi->elf.agrees = 0;
	bi->elf.ndisagreements = 2;
	bi->elf.nnotes = 1;
	bi->elf.disagreements[0] = xstrdup("first");
	bi->elf.disagreements[1] = xstrdup("second");
	bi->elf.notes[0] = xstrdup("a note");
	if (elf_error) {
		/* the other way: why there are no attributes, or no ELF */
		bi->elf.attributes = xstrdup("not ARM");
		bi->elf.error = xstrdup("cannot read");
	}
}

static void
same_bi(const struct build_info *a, const struct build_info *b)
{
	int k;

	SAME_S(a, b, tool_version); SAME_S(a, b, cc);
	SAME_S(a, b, cc_version); SAME_S(a, b, cflags);
	SAME_S(a, b, cppflags); SAME_S(a, b, ldflags);
	SAME_S(a, b, kernel_cflags); SAME_S(a, b, opt_level);
	SAME_S(a, b, configure_args); SAME_S(a, b, host); SAME_S(a, b, build);
	SAME_S(a, b, float_abi); SAME_S(a, b, fpu); SAME_S(a, b, arch);
	SAME_N(a, b, neon); SAME_S(a, b, compiler_macro_version);
	SAME_N(a, b, nmacros); SAME_N(a, b, nlibraries);
	for (k = 0; k < 2; k++) {
		SAME_S(a, b, macros[k].name); SAME_N(a, b, macros[k].value);
		SAME_S(a, b, libraries[k].name);
		SAME_S(a, b, libraries[k].version);
	}
	SAME_N(a, b, have_elf); SAME_S(a, b, elf.file);
	SAME_S(a, b, elf.elf_class); SAME_S(a, b, elf.machine);
	SAME_S(a, b, elf.cpu_name); SAME_S(a, b, elf.cpu_arch);
	SAME_S(a, b, elf.fp_arch); SAME_S(a, b, elf.simd_arch);
	SAME_S(a, b, elf.vfp_args); SAME_N(a, b, elf.agrees);
	SAME_N(a, b, elf.ndisagreements); SAME_N(a, b, elf.nnotes);
	SAME_S(a, b, elf.disagreements[0]);
	SAME_S(a, b, elf.disagreements[1]); SAME_S(a, b, elf.notes[0]);
}

/* ---- the test above sets every row: none is left as unknown ------------- */

/* Is row f of base a value, not what the empty struct holds? */
static int
set_row(const struct jfield *f, const char *base, const char *empty)
{
	const char *p = base + f->offset, *q = empty + f->offset;

	switch (f->type) {
	case JF_STR:
		return *(char *const *)p != NULL;
	case JF_REAL:
		return !isnan(*(const double *)p);
	case JF_COUNT:
	case JF_HEX:
		return *(const long long *)p != *(const long long *)q;
	case JF_INT:
	case JF_BOOL:
	case JF_TRUE:
	case JF_NAMED:
		return *(const int *)p != *(const int *)q;
	case JF_STRS:
	case JF_ARRAY:
		return *(const int *)(base + f->count) > 0;
	default:
		return 1;
	}
}

/*
 * Rows of t left unknown in base (arrays: their first entry too), each
 * named when say.
 */
static int
all_set(const struct jfield *t, const char *base, const char *empty,
    int say)
{
	static const char zero[512];
	const char *e;
	int n = 0;

	for (; t->key != NULL; t++) {
		if (!set_row(t, base, empty)) {
			if (say)
				diag("the test leaves row '%s' unknown",
				    t->key);
			n++;
		} else if (t->type == JF_ARRAY) {
			e = base + t->offset;
			if (t->flags & JF_ALLOC)
				e = *(char *const *)e;
			if (t->size > sizeof(zero))
				bail("an entry of '%s' is too big", t->key);
			n += all_set(t->sub, e, zero, say);
		} else if (t->type == JF_INLINE || t->type == JF_OBJECT)
			n += all_set(t->sub, base + t->offset,
			    empty + t->offset, say);
	}
	return n;
}

static void
test_round_trip(void)
{
	struct system_info *si = xmalloc(sizeof(*si)), *back, *empty;
	struct build_info bi, bback, bempty;
	json_t *j, *again;
	int k;

	back = xmalloc(sizeof(*back));
	empty = xmalloc(sizeof(*empty));
	fill_si(si);
	sysinfo_init(empty);
	ok(all_set(sysinfo_fields, (char *)si, (char *)empty, 1) == 0,
	    "the snapshot under test has every row known");
	j = sysinfo_to_json(si);
	sysinfo_from_json(j, back);
	bad = 0;
	same_si(si, back);
	ok(bad == 0, "a full snapshot comes back member by member (%d not)",
	    bad);
	again = sysinfo_to_json(back);
	ok(json_equal(j, again), "... and writes the same JSON again");
	json_decref(again);
	json_decref(j);
	sysinfo_release(back);
	sysinfo_release(si);

	for (k = 0; k < 2; k++) {
		fill_bi(&bi, k);
		buildinfo_init(&bempty);
		if (k == 0)
			ok(all_set(buildinfo_fields, (char *)&bi,
			    (char *)&bempty, 1) == 0 && all_set(
			    buildinfo_elf_fields, (char *)&bi.elf,
			    (char *)&bempty.elf, 0) == 2, "the build identity "
			    "under test "
			    "has every row known (but the ELF's error, "
			    "attributes)");
		j = buildinfo_to_json(&bi);
		buildinfo_from_json(j, &bback);
		bad = 0;
		if (k == 0)
			same_bi(&bi, &bback);
		else {
			/* an ELF not read keeps only its file and error */
			SAME_S(&bi, &bback, elf.file);
			SAME_S(&bi, &bback, elf.error);
			SAME_S(&bi, &bback, tool_version);
			if (bback.elf.agrees != -1 || bback.elf.elf_class ||
			    bback.elf.ndisagreements != 0)
				differs("elf (an error)");
		}
		ok(bad == 0, "a full build identity comes back member by "
		    "member (%s; %d not)", k ? "an ELF not read" :
		    "attributes", bad);
		buildinfo_release(&bback);
		buildinfo_release(&bi);
		json_decref(j);
	}
	free(si);
	free(back);
	free(empty);
}

/* ---- every member of the structs is a row ------------------------------- */

#define MAX_NAMES	128

struct names {
	char *v[MAX_NAMES];
	int n;
};

static void
add_name(struct names *s, const char *name, size_t len)
{
	if (s->n < MAX_NAMES && len > 0)
		s->v[s->n++] = xstrndup(name, len);
}

static int
has_name(const struct names *s, const char *name)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (strcmp(s->v[i], name) == 0)
			return 1;
	return 0;
}

static void
names_free(struct names *s)
{
	while (s->n > 0)
		free(s->v[--s->n]);
}

/* Add the words of list (space separated) to s. */
static void
add_words(struct names *s, const char *list)
{
	size_t len;

	while (list != NULL && *list != '\0') {
		len = strcspn(list, " ");
		add_name(s, list, len);
		list += len + strspn(list + len, " ");
	}
}

/* The members table t names (and its groups, which are of the same struct). */
static void
table_members(const struct jfield *t, struct names *s)
{
	for (; t->key != NULL; t++) {
		add_words(s, t->member);
		add_words(s, t->count_member);
		if (t->type == JF_OBJECT)
			table_members(t->sub, s);
	}
}

/* The whole of a file (the caller frees it); bails out when unreadable. */
static char *
read_text(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *text = xmalloc(1 << 20);
	size_t n;

	if (fp == NULL)
		bail("cannot open %s", path);
	n = fread(text, 1, (1 << 20) - 1, fp);
	if (ferror(fp) || fclose(fp) != 0 || n == (1 << 20) - 1)
		bail("cannot read %s (or it is over 1 MiB)", path);
	text[n] = '\0';
	return text;
}

/*
 * The members of `struct name { ... };` in the header file: per
 * declaration, each declarator's last identifier before any '['.
 */
static void
header_members(const char *file, const char *name, struct names *s)
{
	char path[1024], open[128], *text, *p, *end, *decl, *d, *q;
	const char *top = getenv("top_srcdir");
	size_t len;

	snprintf(path, sizeof(path), "%s/src/identity/%s",
	    top != NULL ? top : ".", file);
	text = read_text(path);
	/* comments out */
	for (p = text; (p = strstr(p, "/*")) != NULL; ) {
		end = strstr(p + 2, "*/");
		if (end == NULL)
			bail("%s: an open comment", path);
		memset(p, ' ', (size_t)(end + 2 - p));
	}
	snprintf(open, sizeof(open), "struct %s {", name);
	if ((p = strstr(text, open)) == NULL ||
	    (end = strstr(p, "};")) == NULL)
		bail("%s: no %s", path, open);
	*end = '\0';
	p += strlen(open);
	for (decl = strtok(p, ";"); decl != NULL; decl = strtok(NULL, ";"))
		for (d = decl; d != NULL; d = q) {
			if ((q = strchr(d, ',')) != NULL)
				*q++ = '\0';
			d[strcspn(d, "[")] = '\0';
			len = strlen(d);
			while (len > 0 && isspace((unsigned char)d[len - 1]))
				len--;
			end = d + len;
			while (end > d && (isalnum((unsigned char)end[-1]) ||
			    end[-1] == '_'))
				end--;
			add_name(s, end, (size_t)(d + len - end));
		}
	free(text);
}

static void nested(const char *file, const struct jfield *t);

/* Every member of struct `name` (in file) is a row of t, and no more. */
static void
covers(const char *file, const char *name, const struct jfield *t)
{
	struct names in_struct = { .n = 0 }, in_table = { .n = 0 };
	int i, missing = 0;

	header_members(file, name, &in_struct);
	table_members(t, &in_table);
	for (i = 0; i < in_struct.n; i++)
		if (!has_name(&in_table, in_struct.v[i])) {
			diag("struct %s: member %s is in no row", name,
			    in_struct.v[i]);
			missing++;
		}
	for (i = 0; i < in_table.n; i++)
		if (!has_name(&in_struct, in_table.v[i])) {
			diag("struct %s has no member %s", name,
			    in_table.v[i]);
			missing++;
		}
	ok(in_struct.n > 1 && missing == 0, "struct %s: its %d members are "
	    "its table's (%d not)", name, in_struct.n, missing);
	names_free(&in_struct);
	names_free(&in_table);
	nested(file, t);
}

/* The structs of t's rows (and its groups' rows), each as covers(). */
static void
nested(const char *file, const struct jfield *t)
{
	for (; t->key != NULL; t++)
		if (t->type == JF_OBJECT)
			nested(file, t->sub);
		else if (t->type_name != NULL && t->sub != NULL)
			covers(file, t->type_name + strlen("struct "), t->sub);
}

int
main(void)
{
	test_round_trip();
	covers("sysinfo.h", "system_info", sysinfo_fields);
	covers("buildinfo.h", "build_info", buildinfo_fields);
	covers("buildinfo.h", "bi_elf", buildinfo_elf_fields);
	return done_testing();
}
