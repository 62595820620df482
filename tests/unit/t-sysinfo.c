/*
 * t-sysinfo.c - the system snapshot read from the fixture trees (a
 * Raspberry Pi 4, an RK3588-like big.LITTLE board, a bare container, a
 * tree of malformed values, three virtual machines), sysfs parsing
 * helpers, core names, the clock used for per-MHz figures (cache of a
 * measured clock vs cpufreq), and the emulator judge and binfmt_misc
 * matcher with injected facts.
 */
#include "config.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <elf.h>
#include <sys/stat.h>

#include "buildinfo.h"
#include "clock.h"
#include "clockcache.h"
#include "cpuset.h"
#include "sysfs.h"
#include "sysinfo-json.h"
#include "sysinfo-show.h"
#include "tap.h"
#include "util.h"

/* The per-MHz clock as a run resolves it: this boot's cache, else cpufreq. */
static int
cpu_mhz(int cpu, double *mhz, const char **src)
{
	struct clock_report clk;
	int have = clockcache_load(&clk) == 0, rc;

	rc = sysinfo_cpu_mhz(have ? &clk : NULL, cpu, mhz, src);
	clockcache_report_release(&clk);
	return rc;
}

static const char *srcdir;

/* The machine probed and serialised, as `info` and `run` see it. */
static json_t *
sysinfo_json(void)
{
	struct system_info *si = xmalloc(sizeof(*si));
	json_t *j;

	sysinfo_probe(si);
	j = sysinfo_to_json(si);
	sysinfo_release(si);
	free(si);
	return j;
}

static json_t *
snapshot(const char *board)
{
	char root[1024];

	snprintf(root, sizeof(root), "%s/tests/fixtures/%s", srcdir, board);
	setenv("BOARDBENCH_SYSROOT", root, 1);
	sysfs_reset();
	return sysinfo_json();
}

/* The machine label of a snapshot object, through its struct. */
static void
label_of(const json_t *s, char *buf, size_t len)
{
	struct system_info *si = xmalloc(sizeof(*si));

	sysinfo_from_json(s, si);
	sysinfo_label(si, buf, len);
	sysinfo_release(si);
	free(si);
}

/* The serialiser reads back every key it writes, with the same value. */
static void
reads_back(const json_t *s, const char *what)
{
	struct system_info *si = xmalloc(sizeof(*si));
	json_t *again;

	sysinfo_from_json(s, si);
	again = sysinfo_to_json(si);
	ok(json_equal(again, (json_t *)s), "%s: the snapshot reads back as "
	    "it was written", what);
	json_decref(again);
	sysinfo_release(si);
	free(si);
}

static const char *
jstr(const json_t *o, const char *path)
{
	return json_string_value(json_object_get(o, path));
}

/* Is s (NULL: no) the text want? */
static int
same(const char *s, const char *want)
{
	return s != NULL && strcmp(s, want) == 0;
}

/* Do any of the notes contain text? */
static int
notes_mention(const json_t *s, const char *text)
{
	json_t *n;
	size_t i;

	json_array_foreach(json_object_get(s, "notes"), i, n)
		if (strstr(json_string_value(n), text) != NULL)
			return 1;
	return 0;
}

static void
test_cpusets(void)
{
	static const struct {
		const char *text;
		int rc;
		const char *back, *what;
	} lists[] = {
		{ "0-3,6", CPUSET_OK, "0-3,6", "cpu list 0-3,6" },
		{ "0 1 2 3\n", CPUSET_OK, "0-3", "cpufreq's list, spaces" },
		{ "zero-three", CPUSET_BAD, "", "text is refused" },
		{ "3-1", CPUSET_BAD, "", "a backwards range is refused" },
		{ "0-1,", CPUSET_OK, "0-1", "a trailing comma" },
		{ "2-", CPUSET_BAD, "", "an open range is refused" },
		/* beyond 64 (issue 25): every CPU, up to the kernel's largest */
		{ "0-79", CPUSET_OK, "0-79", "0-79 reads back whole" },
		{ "63-64,127,128,4000-4095,8191", CPUSET_OK,
		    "63-64,127-128,4000-4095,8191", "word edges and 8191" },
		{ "0-8192", CPUSET_TOO_BIG, "", "CPU 8192 is too big, not cut" },
		{ "99999999999999999999999", CPUSET_TOO_BIG, "",
		    "a number past long is too big" },
	};
	struct cpuset a, b;
	size_t k;
	char *t;
	int rc, i;

	cpuset_init(&a);
	for (k = 0; k < ARRAY_SIZE(lists); k++) {
		rc = cpuset_parse(lists[k].text, &a);
		t = cpuset_format(&a);
		ok(rc == lists[k].rc && strcmp(t, lists[k].back) == 0,
		    "%s (%d, '%s')", lists[k].what, rc, t);
		free(t);
	}
	cpuset_release(&a);

	cpuset_init(&a);
	cpuset_init(&b);
	ok(cpuset_empty(&a) && cpuset_count(&a) == 0 && cpuset_end(&a) == 0 &&
	    cpuset_next(&a, 0) == -1, "an empty set");
	ok(cpuset_add(&a, -1) == -1 && cpuset_add(&a, CPUSET_MAX) == -1 &&
	    cpuset_empty(&a), "no CPU outside 0 to 8191");
	for (i = 0; i < 200; i += 3)
		cpuset_add(&a, i);
	is_int(cpuset_count(&a), 67, "67 CPUs added");
	is_int(cpuset_end(&a), 199, "end: the highest + 1");
	is_int(cpuset_next(&a, 64), 66, "next from 64 is 66");
	ok(cpuset_has(&a, 129) && !cpuset_has(&a, 130) &&
	    !cpuset_has(&a, 100000), "has");
	cpuset_add(&b, 129);
	ok(cpuset_intersects(&a, &b) && cpuset_contains(&a, &b),
	    "129 is in, beyond two words");
	cpuset_add(&b, 7000);
	ok(cpuset_intersects(&a, &b) && !cpuset_contains(&a, &b),
	    "7000 is not");
	cpuset_andnot(&b, &a);
	t = cpuset_format(&b);
	is_str(t, "7000", "andnot leaves 7000");
	free(t);
	cpuset_or(&a, &b);
	ok(cpuset_has(&a, 7000) && cpuset_count(&a) == 68, "or grows the set");
	cpuset_copy(&b, &a);
	ok(cpuset_contains(&b, &a) && cpuset_contains(&a, &b), "copy");
	cpuset_release(&a);
	cpuset_release(&b);
	ok(cpuset_get_affinity(&a) == 0 && !cpuset_empty(&a),
	    "this process's affinity");
	ok(cpuset_set_affinity(&a) == 0, "... set back");
	cpuset_release(&a);
}

static void
test_helpers(void)
{
	char buf[64];

	sysinfo_core_name(0x41, 0xd03, buf, sizeof(buf));
	is_str(buf, "Cortex-A53", "0x41/0xd03 is a Cortex-A53");
	sysinfo_core_name(0x41, 0xd0b, buf, sizeof(buf));
	is_str(buf, "Cortex-A76", "0x41/0xd0b is a Cortex-A76");
	sysinfo_core_name(0x41, 0xb76, buf, sizeof(buf));
	is_str(buf, "ARM1176", "0x41/0xb76 is the Pi 1's ARM1176");
	sysinfo_core_name(0x41, 0xfff, buf, sizeof(buf));
	is_str(buf, "ARM part 0xfff", "an unknown ARM part says so");
	sysinfo_core_name(0x99, 0x001, buf, sizeof(buf));
	is_str(buf, "implementer 0x99 part 0x001", "an unknown implementer");
}

static void
test_rpi4(void)
{
	json_t *s = snapshot("rpi4"), *cl, *t, *th;
	double mhz;
	const char *src;
	char label[256];

	is_str(jstr(s, "board"), "Raspberry Pi 4 Model B Rev 1.4",
	    "rpi4: board from the device tree");
	is_str(jstr(s, "soc"), "brcm,bcm2711", "rpi4: SoC");
	is_str(jstr(s, "cpu_model"), "4 x Cortex-A72", "rpi4: four A72 cores");
	is_str(jstr(s, "kernel"), "6.1.21-v8+", "rpi4: kernel from the tree");
	is_str(jstr(s, "distribution"), "Raspbian GNU/Linux 11 (bullseye)",
	    "rpi4: distribution");
	cl = json_array_get(json_object_get(s, "clusters"), 0);
	is_int((long long)json_array_size(json_object_get(s, "clusters")), 1,
	    "rpi4: one cluster");
	is_str(jstr(cl, "cpus"), "0-3", "rpi4: cluster CPUs");
	is_str(jstr(cl, "governor"), "ondemand", "rpi4: governor");
	is_double(json_number_value(json_object_get(cl, "max_mhz")), 1500,
	    1e-9, "rpi4: max 1500 MHz");
	is_double(json_number_value(json_object_get(cl, "min_mhz")), 600,
	    1e-9, "rpi4: min 600 MHz");
	t = json_array_get(json_object_get(s, "thermal"), 0);
	is_str(jstr(t, "type"), "cpu-thermal", "rpi4: thermal zone type");
	is_double(json_number_value(json_object_get(t, "temp_c")), 51.121,
	    1e-9, "rpi4: 51.121 C");
	th = json_object_get(s, "throttling");
	is_str(jstr(th, "source"), "firmware sysfs", "rpi4: throttling from "
	    "the firmware node (no vcgencmd under a sysroot)");
	is_str(jstr(th, "raw"), "0x10000", "rpi4: raw bits");
	ok(json_is_true(json_object_get(json_object_get(th, "since_boot"),
	    "under_voltage")), "rpi4: under-voltage since boot");
	ok(json_is_false(json_object_get(json_object_get(th, "now"),
	    "under_voltage")), "rpi4: no under-voltage now");
	is_int(json_integer_value(json_object_get(json_object_get(s, "memory"),
	    "total_mb")), 3793, "rpi4: memory MiB");
	is_int((long long)json_array_size(json_object_get(s, "caches")), 3,
	    "rpi4: L1d, L1i, shared L2");
	is_int((long long)json_array_size(json_object_get(s, "notes")), 0,
	    "rpi4: no notes");
	ok(cpu_mhz(2, &mhz, &src) == 0 && mhz == 1500 &&
	    strcmp(src, "cpufreq") == 0, "rpi4: cpu 2 at 1500 MHz by cpufreq");
	reads_back(s, "rpi4");
	label_of(s, label, sizeof(label));
	is_str(label, "Raspberry Pi 4 Model B Rev 1.4 | 4 x Cortex-A72 @ "
	    "1500 MHz | Linux 6.1.21-v8+", "rpi4: label");
	json_decref(s);
}

static void
test_rk3588(void)
{
	json_t *s = snapshot("rk3588"), *cls, *sw;
	double mhz;
	const char *src;

	is_str(jstr(s, "cpu_model"), "4 x Cortex-A55 + 4 x Cortex-A76",
	    "rk3588: big.LITTLE cores by name");
	is_str(jstr(s, "soc"), "rockchip,rk3588", "rk3588: SoC");
	cls = json_object_get(s, "clusters");
	is_int((long long)json_array_size(cls), 3, "rk3588: three policies");
	is_str(jstr(json_array_get(cls, 0), "core"), "Cortex-A55",
	    "rk3588: policy0 is the A55 cluster");
	is_str(jstr(json_array_get(cls, 1), "cpus"), "4-5",
	    "rk3588: policy4 covers 4-5");
	is_str(jstr(json_array_get(cls, 2), "core"), "Cortex-A76",
	    "rk3588: policy6 is A76");
	is_double(json_number_value(json_object_get(s, "cpu_max_mhz")), 2400,
	    1e-9, "rk3588: fastest cluster 2400 MHz");
	is_str(jstr(s, "governor"), "performance", "rk3588: governor");
	is_int((long long)json_array_size(json_object_get(s, "thermal")), 7,
	    "rk3588: seven thermal zones");
	is_double(json_number_value(json_object_get(s, "soc_temp_c")), 46.153,
	    1e-9, "rk3588: hottest zone");
	sw = json_array_get(json_object_get(json_object_get(s, "memory"),
	    "swap_devices"), 0);
	ok(json_is_true(json_object_get(sw, "zram")), "rk3588: zram swap");
	is_str(jstr(sw, "algorithm"), "zstd", "rk3588: zram algorithm");
	ok(json_is_null(json_object_get(json_object_get(s, "throttling"),
	    "raw")), "rk3588: no Raspberry Pi throttling bits");
	ok(cpu_mhz(0, &mhz, &src) == 0 && mhz == 1800,
	    "rk3588: cpu 0 at 1800 MHz");
	ok(cpu_mhz(7, &mhz, &src) == 0 && mhz == 2400,
	    "rk3588: cpu 7 at 2400 MHz");
	reads_back(s, "rk3588");
	json_decref(s);
}

static void
test_bare(void)
{
	json_t *s = snapshot("bare");
	double mhz = 0;
	const char *src = NULL;
	char label[256];

	ok(json_is_null(json_object_get(s, "board")), "bare: board unknown");
	ok(json_is_null(json_object_get(s, "kernel")),
	    "bare: kernel unknown (no syscall fallback under a sysroot)");
	ok(json_is_null(json_object_get(s, "cpus_online")), "bare: CPUs unknown");
	is_int((long long)json_array_size(json_object_get(s, "clusters")), 0,
	    "bare: no clusters");
	ok(json_is_null(json_object_get(s, "cpu_max_mhz")), "bare: no clock");
	ok(json_is_null(json_object_get(s, "loadavg")), "bare: no load");
	is_int((long long)json_array_size(json_object_get(s, "notes")), 0,
	    "bare: missing files are not malformed ones");
	ok(cpu_mhz(0, &mhz, &src) == -1, "bare: per-MHz clock unknown");
	reads_back(s, "bare");
	label_of(s, label, sizeof(label));
	is_str(label, "unknown | unknown CPUs | Linux unknown", "bare: label");
	json_decref(s);
}

static void
test_malformed(void)
{
	json_t *s = snapshot("malformed"), *cl;

	ok(json_is_null(json_object_get(s, "board")),
	    "malformed: empty model is unknown");
	cl = json_array_get(json_object_get(s, "clusters"), 0);
	ok(json_is_null(json_object_get(cl, "max_mhz")),
	    "malformed: 'fast' max freq is unknown");
	ok(json_is_null(json_object_get(cl, "governor")),
	    "malformed: empty governor is unknown");
	ok(json_is_null(json_object_get(json_array_get(json_object_get(s,
	    "thermal"), 0), "temp_c")), "malformed: 'hot' temp is unknown");
	ok(json_is_null(json_object_get(json_object_get(s, "memory"),
	    "total_mb")), "malformed: memory unknown");
	ok(json_is_null(json_object_get(s, "loadavg")),
	    "malformed: load unknown");
	ok(notes_mention(s, "cpuinfo_max_freq: not a number ('fast')"),
	    "malformed: note names the file and the text");
	ok(notes_mention(s, "thermal_zone0/temp: not a number ('hot')"),
	    "malformed: note for the temperature");
	ok(notes_mention(s, "get_throttled: not a number ('zz')"),
	    "malformed: note for get_throttled");
	ok(notes_mention(s, "scaling_governor: empty"),
	    "malformed: note for an empty file");
	ok(notes_mention(s, "CPU implementer 'banana'"),
	    "malformed: note for /proc/cpuinfo");
	reads_back(s, "malformed");
	json_decref(s);
}

/*
 * A cached measurement of this machine and boot beats cpufreq; another
 * boot's or another machine's (the real one, seen from a sysroot) does not.
 */
static void
test_clock_cache(void)
{
	char path[1100];
	FILE *fp;
	double mhz = 0;
	const char *src = "";
	struct clock_report rep, got;
	struct clock_cluster cl;
	json_t *s;

	snprintf(path, sizeof(path), "%s/cache/clock.json", tap_tmpdir());
	setenv("BOARDBENCH_CLOCK_CACHE", path, 1);
	s = snapshot("rpi4");
	json_decref(s);
	memset(&rep, 0, sizeof(rep));
	memset(&cl, 0, sizeof(cl));
	strlcpy_bb(rep.boot_id, "0c2f8e11-1d2b-4a55-8f0e-000000000004",
	    sizeof(rep.boot_id));
	strlcpy_bb(rep.measured_at, "2026-01-01T00:00:00Z",
	    sizeof(rep.measured_at));
	cpuset_init(&cl.cpus);
	cpuset_parse("0-3", &cl.cpus);
	cl.cpu = 0;
	cl.policy = 0;
	cl.reach = CLOCK_RAN;
	cl.ok = 1;
	cl.measured_mhz = 1498.5;
	cl.spread = cl.claimed_mhz = cl.max_mhz = cl.perf_mhz = NAN;
	rep.clusters = &cl;
	rep.n = 1;
	ok(clockcache_save(&rep) == 0, "a measurement saved");
	ok(cpu_mhz(1, &mhz, &src) == 0 && mhz == 1498.5 &&
	    strcmp(src, "measured") == 0, "the measured clock of this boot "
	    "is used (%g %s)", mhz, src);
	s = sysinfo_json();
	is_double(json_number_value(json_object_get(json_array_get(
	    json_object_get(s, "clusters"), 0), "measured_mhz")), 1498.5, 0,
	    "and shown in the snapshot");
	reads_back(s, "measured clock");
	json_decref(s);
	/* the same file seen as another machine: not this one's clock */
	setenv("BOARDBENCH_SYSROOT", "/nonexistent-root", 1);
	sysfs_reset();
	ok(clockcache_load(&got) == -1 && got.n == 0,
	    "another machine's entry is not used");
	s = snapshot("rpi4");
	json_decref(s);
	strlcpy_bb(rep.boot_id, "another-boot", sizeof(rep.boot_id));
	ok(clockcache_save(&rep) == 0, "another boot's measurement saved");
	ok(cpu_mhz(1, &mhz, &src) == 0 && mhz == 1500 &&
	    strcmp(src, "cpufreq") == 0, "another boot's measurement is not");
	cpuset_release(&cl.cpus);
	fp = fopen(path, "w");
	ok(fp != NULL && fprintf(fp, "not json\n") > 0 && fclose(fp) == 0,
	    "the cache damaged");
	ok(cpu_mhz(1, &mhz, &src) == 0 && mhz == 1500,
	    "a damaged cache is ignored");
	unsetenv("BOARDBENCH_CLOCK_CACHE");
}

/* Stored identity from outside: odd values are unknown, text bounded. */
static void
test_hostile(void)
{
	struct system_info *si = xmalloc(sizeof(*si));
	struct build_info bi;
	json_t *j, *again;
	char *big = xmalloc(5001), label[512];

	memset(big, 'x', 5000);
	big[5000] = '\0';
	j = json_pack("{s:i, s:s, s:i, s:s, s:n, s:s, s:[i,i], s:[i,s]}",
	    "board", 5, "cpu_model", big, "cpus_online", -3, "cpu_max_mhz",
	    "fast", "kernel", "clusters", "x", "cores", 1, 2, "notes", 3,
	    "ok");
	sysinfo_from_json(j, si);
	ok(si->board == NULL && si->kernel == NULL && si->cpus_online == -1 &&
	    isnan(si->cpu_max_mhz) && si->nclusters == 0 && si->ncores == 0,
	    "odd snapshot values are unknown");
	ok(si->cpu_model != NULL && strlen(si->cpu_model) == 1024,
	    "a long snapshot string is cut to 1024 bytes");
	ok(si->notes.n == 1, "only string notes are kept");
	sysinfo_label(si, label, sizeof(label));
	ok(strncmp(label, "unknown | xxx", 13) == 0, "label of an odd "
	    "snapshot (%.20s)", label);
	sysinfo_release(si);
	json_decref(j);
	sysinfo_label(NULL, label, sizeof(label));
	is_str(label, "unknown machine", "no snapshot");

	/* an old build object with one key */
	j = json_pack("{s:s, s:i}", "cc_version", "gcc (X) 9.1", "cflags", 2);
	buildinfo_from_json(j, &bi);
	buildinfo_label(&bi, "t", label, sizeof(label));
	is_str(label, "[t] gcc 9.1 ? | ? | float ?, fpu ? | ?",
	    "an old build object: missing fields are '?'");
	buildinfo_release(&bi);
	json_decref(j);
	buildinfo_label(NULL, NULL, label, sizeof(label));
	is_str(label, "unknown build", "no build identity");

	/* the compiler's name and version from its --version line */
	{
		static const char *const cc[][2] = {
			{ "gcc (Debian 12.2.0-14) 12.2.0", "gcc 12.2.0" },
			{ "arm-linux-gnueabihf-gcc (Debian 12.2.0-14) 12.2.0",
			  "arm-linux-gnueabihf-gcc 12.2.0" },
			{ "Debian clang version 14.0.6", "clang 14.0.6" },
			{ "clang version 16.0.0 (https://github.com/llvm/"
			  "llvm-project 1234)", "clang 16.0.0" },
			{ "tcc version 0.9.27 (x86_64 Linux)", "tcc 0.9.27" },
			{ " 9", " 9" },
			{ "cc", "cc" },
			{ "", "" },
		};
		size_t k;

		for (k = 0; k < sizeof(cc) / sizeof(cc[0]); k++) {
			j = json_pack("{s:s}", "cc_version", cc[k][0]);
			buildinfo_from_json(j, &bi);
			buildinfo_label(&bi, NULL, label, sizeof(label));
			ok(strncmp(label, cc[k][1], strlen(cc[k][1])) == 0 &&
			    strncmp(label + strlen(cc[k][1]), " ? |", 4) == 0,
			    "compiler '%s' is labelled '%s' (%s)", cc[k][0],
			    cc[k][1], label);
			buildinfo_release(&bi);
			json_decref(j);
		}
	}

	/* this build reads back as written */
	buildinfo_get(&bi);
	j = buildinfo_to_json(&bi);
	buildinfo_release(&bi);
	buildinfo_from_json(j, &bi);
	again = buildinfo_to_json(&bi);
	ok(json_equal(j, again), "the build identity reads back as it was "
	    "written");
	json_decref(again);
	json_decref(j);
	buildinfo_release(&bi);
	free(si);
	free(big);
}

/* A virtual machine from a fixture tree: vm, evidence, and the label. */
static void
vm_case(const char *board, const char *want, const char *evidence)
{
	json_t *s = snapshot(board);
	char label[512];

	is_str(jstr(s, "vm"), want, "%s: vm is %s", board, want);
	ok(jstr(s, "vm_evidence") != NULL && strstr(jstr(s, "vm_evidence"),
	    evidence) != NULL, "%s: found by %s (%s)", board, evidence,
	    jstr(s, "vm_evidence") ? jstr(s, "vm_evidence") : "none");
	ok(json_object_get(s, "emulator") == NULL, "%s: no emulator judged "
	    "under a sysroot", board);
	reads_back(s, board);
	label_of(s, label, sizeof(label));
	ok(strstr(label, " | vm ") != NULL && strstr(label, want) != NULL,
	    "%s: the label says so (%s)", board, label);
	json_decref(s);
}

static void
test_vm(void)
{
	json_t *s;

	vm_case("vm-kvm", "kvm", "DMI: QEMU");
	vm_case("vm-hyperv", "hyper-v", "DMI: Microsoft");
	vm_case("vm-xen", "xen", "/sys/hypervisor/type");
	s = snapshot("rpi4");
	ok(json_object_get(s, "vm") == NULL && json_object_get(s,
	    "emulator") == NULL, "rpi4: no vm, no emulator");
	json_decref(s);
}

/*
 * A machine QEMU emulates whole, read in its guest: its board and cores,
 * emulated by qemu-system (with evidence holding `why`) and a vm, qemu.
 */
static void
emulated_whole(const char *fx, const char *board, const char *cpus,
    const char *why)
{
	json_t *s = snapshot(fx);
	const char *ev = jstr(s, "emulator_evidence");
	char label[512];

	is_str(jstr(s, "board"), board, "%s: the board its device tree says",
	    fx);
	is_str(jstr(s, "cpu_model"), cpus, "%s: the cores brought up", fx);
	is_str(jstr(s, "emulator"), "qemu-system",
	    "%s: emulated by qemu-system", fx);
	ok(ev != NULL && strstr(ev, why) != NULL, "%s: with what showed it "
	    "(%s)", fx, ev ? ev : "none");
	is_str(jstr(s, "vm"), "qemu", "%s: and a vm, qemu", fx);
	reads_back(s, fx);
	label_of(s, label, sizeof(label));
	ok(strstr(label, " | emulated by qemu-system | vm qemu") != NULL,
	    "%s: the label says so (%s)", fx, label);
	json_decref(s);
}

/*
 * A Raspberry Pi emulated whole by QEMU (tests/fixtures/qemu-raspi3b):
 * no hypervisor, but none of the firmware's traces.  QEMU's virt machine
 * under TCG (tests/fixtures/qemu-virt): a vm by its device tree,
 * emulated by its PMU, TCG's own (t-info: with a hardware PMU's events,
 * as under KVM, a vm only).
 */
static void
test_board_emulated(void)
{
	emulated_whole("qemu-raspi3b", "Raspberry Pi 3 Model B",
	    "2 x Cortex-A53", "/serial-number");
	emulated_whole("qemu-virt", "linux,dummy-virt", "2 x Cortex-A72",
	    "TCG PMU (cpu_cycles but no l1d_cache event)");
}

/*
 * A wall clock never set (a board with no RTC starts in 1970): earlier
 * than the build's source by more than a day; the snapshot keeps it and
 * the label shows it.
 */
static void
test_clock_unset(void)
{
	long long src = buildinfo_source_epoch();
	char why[160], label[512];
	json_t *s;

	ok(src > 946684800LL, "the build knows its source's date (%lld)", src);
	ok(sysinfo_clock_judge(100, src, why, sizeof(why)) == 1 &&
	    strncmp(why, "1970-01-01, before this build's source of ", 42)
	    == 0, "1970 is unset (%s)", why);
	ok(sysinfo_clock_judge(src - 3600, src, why, sizeof(why)) == 0 &&
	    why[0] == '\0', "an hour before the source may be real");
	ok(sysinfo_clock_judge(src + 86400 * 400LL, src, why, sizeof(why))
	    == 0, "a year after it too");
	ok(sysinfo_clock_judge(631152000LL, 0, why, sizeof(why)) == 1 &&
	    strcmp(why, "1990-01-01, before the year 2000") == 0,
	    "no source date: before 2000 is unset (%s)", why);
	ok(sysinfo_clock_judge(1262304000LL, 0, why, sizeof(why)) == 0,
	    "no source date: 2010 may be real");
	s = snapshot("rpi4");
	ok(json_object_get(s, "clock_unset") == NULL,
	    "this machine's clock is set: no clock_unset");
	json_object_set_new(s, "clock_unset", json_string("1970-01-01, "
	    "before this build's source of 2026-12-07"));
	reads_back(s, "clock_unset");
	label_of(s, label, sizeof(label));
	ok(strstr(label, " | clock unset: dates not real") != NULL,
	    "the label says the clock is unset (%s)", label);
	json_decref(s);
}

/* One judgement: want 1 (with name) or 0. */
static void
judge(const char *what, int elf, const char *karch, const char *uname_m,
    const char *exe, const char *texe, const char *binfmt, int want,
    const char *want_name)
{
	struct emu_facts f = { elf, karch, uname_m, exe, texe, binfmt };
	char name[64], why[512];
	int got = sysinfo_emulator_judge(&f, name, sizeof(name), why,
	    sizeof(why));

	if (want)
		ok(got == 1 && strcmp(name, want_name) == 0 && why[0] != '\0',
		    "%s: emulated by %s (%d %s: %s)", what, want_name, got,
		    name, why);
	else
		ok(got == 0 && name[0] == '\0', "%s: native (%d %s)", what,
		    got, name);
}

static void
test_emulator(void)
{
	static const char *const qemu_arm =
	    "/usr/libexec/qemu-binfmt/arm-binfmt-P";
	/* an armhf executable's first bytes, and an x86-64 one's */
	static const unsigned char arm[20] = { 0x7f, 'E', 'L', 'F', 1, 1, 1,
	    0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x28, 0 };
	static const unsigned char x86[20] = { 0x7f, 'E', 'L', 'F', 2, 1, 1,
	    0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0x3e, 0 };
	/* Debian's qemu-user-binfmt entry for 32-bit little-endian ARM */
	static const char entry[] = "enabled\n"
	    "interpreter /usr/libexec/qemu-binfmt/arm-binfmt-P\n"
	    "flags: POCF\noffset 0\n"
	    "magic 7f454c4601010100000000000000000002002800\n"
	    "mask ffffffffffffff00fffffffffffffffffeffffff\n";
	char interp[128];

	judge("x86-64 under x86_64", EM_X86_64, "x86_64", "x86_64",
	    "/usr/bin/boardbench", "/usr/bin/boardbench", NULL, 0, NULL);
	judge("ARM under x86_64", EM_ARM, "x86_64", "armv7l", NULL, NULL,
	    NULL, 1, "user-mode");
	judge("ARM under x86_64 through binfmt_misc", EM_ARM, "x86_64",
	    "armv7l", NULL, NULL, qemu_arm, 1, "qemu-user");
	judge("AArch64 under x86_64", EM_AARCH64, "x86_64", "aarch64", NULL,
	    NULL, NULL, 1, "user-mode");
	judge("AArch64 under a 32-bit ARM kernel", EM_AARCH64, "armv7l",
	    "armv7l", NULL, NULL, NULL, 1, "user-mode");
	judge("armhf natively under aarch64", EM_ARM, "aarch64", "aarch64",
	    NULL, NULL, NULL, 0, NULL);
	judge("armhf natively under aarch64, linux32", EM_ARM, "aarch64",
	    "armv8l", NULL, NULL, NULL, 0, NULL);
	judge("armhf under aarch64, uname faked", EM_ARM, "aarch64",
	    "armv7l", NULL, NULL, NULL, 1, "user-mode");
	judge("armhf under aarch64 through binfmt_misc", EM_ARM, "aarch64",
	    "aarch64", NULL, NULL, qemu_arm, 1, "qemu-user");
	judge("i386 natively under x86_64", EM_386, "x86_64", "i686", NULL,
	    NULL, NULL, 0, NULL);
	judge("i386 natively under x86_64, no linux32", EM_386, "x86_64",
	    "x86_64", NULL, NULL, NULL, 0, NULL);
	judge("a native x86-64 kernel ignores binfmt_misc", EM_X86_64,
	    "x86_64", "x86_64", NULL, NULL, "/usr/bin/qemu-x86_64", 0, NULL);
	judge("kernel unknown, nothing else", EM_ARM, NULL, "armv7l", NULL,
	    NULL, NULL, 0, NULL);
	judge("kernel unknown, binfmt_misc", EM_ARM, NULL, "armv7l", NULL,
	    NULL, qemu_arm, 1, "qemu-user");
	judge("qemu-x86_64 under x86_64: /proc/self/exe answered for it",
	    EM_X86_64, "x86_64", "x86_64", "/tmp/bb", "/usr/bin/qemu-x86_64",
	    NULL, 1, "qemu-user");
	judge("another emulator by its file name", EM_X86_64, "aarch64",
	    "x86_64", "/tmp/bb", "/usr/bin/FEX\x1bInterpreter", NULL, 1,
	    "FEXInterpreter");
	judge("a kernel the table does not know", EM_ARM, "m68k", "m68k",
	    NULL, NULL, NULL, 0, NULL);

	ok(sysinfo_binfmt_match(entry, arm, sizeof(arm), interp,
	    sizeof(interp)) == 1 && strcmp(interp, qemu_arm) == 0,
	    "binfmt: the qemu-arm entry matches an armhf header (%s)", interp);
	ok(sysinfo_binfmt_match(entry, x86, sizeof(x86), interp,
	    sizeof(interp)) == 0, "binfmt: not an x86-64 one");
	ok(sysinfo_binfmt_match(entry, arm, 10, interp, sizeof(interp)) == 0,
	    "binfmt: nor a header shorter than the magic");
	ok(sysinfo_binfmt_match(entry + 1, arm, sizeof(arm), interp,
	    sizeof(interp)) == 0, "binfmt: an entry not enabled is ignored");
	ok(sysinfo_binfmt_match("enabled\ninterpreter /usr/bin/wine\n"
	    "flags: \nextension .exe\n", arm, sizeof(arm), interp,
	    sizeof(interp)) == 0, "binfmt: an extension entry never matches");
	ok(sysinfo_binfmt_match("enabled\ninterpreter /x\noffset 0\n"
	    "magic 7f45zz\n", arm, sizeof(arm), interp, sizeof(interp)) == 0,
	    "binfmt: a malformed magic never matches");
	ok(sysinfo_binfmt_match("enabled\ninterpreter /x\noffset 0\n"
	    "magic 7f454c46\nmask ffff\n", arm, sizeof(arm), interp,
	    sizeof(interp)) == 0, "binfmt: a mask shorter than the magic "
	    "never matches");
	ok(sysinfo_binfmt_match("enabled\ninterpreter /x\noffset 16\n"
	    "magic 0200\n", arm, sizeof(arm), interp, sizeof(interp)) == 1,
	    "binfmt: a magic at an offset, no mask");
}

/* The generated fixture of many CPUs, made the root. */
static const char *
many_cpus(const char *name, const char *clusters)
{
	const char *root = tap_many_cpus(name, clusters);

	sysfs_reset();
	return root;
}

/* A file of the root, rewritten. */
static void
put_file(const char *root, const char *path, const char *text)
{
	char full[1200];
	FILE *fp;

	snprintf(full, sizeof(full), "%s%s", root, path);
	fp = fopen(full, "w");
	if (fp == NULL || fputs(text, fp) == EOF || fclose(fp) != 0)
		BUG("cannot write %s", full);
}

#define POLICY "/sys/devices/system/cpu/cpufreq/policy"

/* More than 64 CPUs: none is cut (issue 25). */
static void
test_many_cpus(void)
{
	json_t *s, *cls, *cl;
	struct strbuf sb;
	char label[256], want[64];
	const char *src, *root;
	double mhz;
	size_t k, bad;

	many_cpus("cpus80", "d08:80");
	s = sysinfo_json();
	is_str(jstr(s, "cpu_model"), "80 x Cortex-A72", "80 CPUs: all named");
	is_int(json_integer_value(json_object_get(s, "cpus_online")), 80,
	    "80 CPUs: all online");
	cls = json_object_get(s, "clusters");
	is_int((long long)json_array_size(cls), 1, "80 CPUs: one policy");
	is_str(jstr(json_array_get(cls, 0), "cpus"), "0-79",
	    "80 CPUs: the policy has 0-79");
	is_int(json_integer_value(json_object_get(json_array_get(cls, 0),
	    "count")), 80, "80 CPUs: count 80");
	is_int((long long)json_array_size(json_object_get(s, "cores")), 80,
	    "80 CPUs: a core entry each");
	is_int(json_integer_value(json_object_get(json_array_get(
	    json_object_get(s, "cores"), 79), "cpu")), 79,
	    "80 CPUs: the last is CPU 79");
	ok(cpu_mhz(79, &mhz, &src) == 0 && mhz == 2000,
	    "80 CPUs: CPU 79's clock from its policy");
	label_of(s, label, sizeof(label));
	is_str(label, "unknown | 80 x Cortex-A72 @ 2000 MHz | Linux unknown",
	    "80 CPUs: label");
	reads_back(s, "80 CPUs");
	json_decref(s);

	many_cpus("cpus128", "d05:64 d0b:64:1500000:schedutil");
	s = sysinfo_json();
	is_str(jstr(s, "cpu_model"), "64 x Cortex-A55 + 64 x Cortex-A76",
	    "128 CPUs: two core types");
	cls = json_object_get(s, "clusters");
	is_int((long long)json_array_size(cls), 2, "128 CPUs: two clusters");
	cl = json_array_get(cls, 1);
	ok(same(jstr(cl, "cpus"), "64-127") &&
	    same(jstr(cl, "policy"), "policy64") &&
	    same(jstr(cl, "core"), "Cortex-A76") &&
	    json_number_value(json_object_get(cl, "cur_mhz")) == 1500,
	    "128 CPUs: policy64 is 64-127, the A76, at 1500 MHz");
	is_str(jstr(s, "governor"), "mixed", "128 CPUs: governors differ");
	reads_back(s, "128 CPUs");
	json_decref(s);

	/* 128 policies of 32: every one, in order (not 64 in readdir's) */
	strbuf_init(&sb);
	for (k = 0; k < 128; k++)
		strbuf_addf(&sb, "d0c:32 ");
	many_cpus("cpus4096", sb.buf);
	strbuf_release(&sb);
	s = sysinfo_json();
	is_int(json_integer_value(json_object_get(s, "cpus_online")), 4096,
	    "4096 CPUs: all online");
	is_str(jstr(s, "cpu_model"), "4096 x Neoverse-N1", "4096 CPUs: named");
	cls = json_object_get(s, "clusters");
	is_int((long long)json_array_size(cls), 128, "4096 CPUs: 128 policies");
	bad = 0;
	json_array_foreach(cls, k, cl) {
		snprintf(want, sizeof(want), "policy%zu", 32 * k);
		if (!same(jstr(cl, "policy"), want))
			bad++;
		snprintf(want, sizeof(want), "%zu-%zu", 32 * k, 32 * k + 31);
		if (!same(jstr(cl, "cpus"), want))
			bad++;
	}
	is_int((long long)bad, 0, "4096 CPUs: policy k is policy(32k) with "
	    "CPUs 32k to 32k+31");
	ok(cpu_mhz(4095, &mhz, &src) == 0 && mhz == 2000,
	    "4096 CPUs: CPU 4095's clock");
	reads_back(s, "4096 CPUs");
	json_decref(s);

	/* beyond what the kernel can have: a note, never a cut */
	root = many_cpus("cpus9000", "d08:4");
	put_file(root, "/sys/devices/system/cpu/online", "0-9000\n");
	s = sysinfo_json();
	ok(notes_mention(s, "online: a CPU beyond 8191"), "CPU 9000 online: "
	    "a note says it is beyond 8191");
	is_int(json_integer_value(json_object_get(s, "cpus_online")), 4,
	    "... and the CPUs come from /proc/cpuinfo instead");
	json_decref(s);

	/* a cpufreq reading outside 1 MHz to 100 GHz is unknown (issue 25) */
	root = many_cpus("badclock", "d08:4");
	put_file(root, POLICY "0/scaling_cur_freq", "999999999999\n");
	put_file(root, POLICY "0/cpuinfo_max_freq", "0\n");
	put_file(root, POLICY "0/scaling_max_freq", "-5\n");
	s = sysinfo_json();
	cl = json_array_get(json_object_get(s, "clusters"), 0);
	ok(json_is_null(json_object_get(cl, "cur_mhz")) &&
	    json_is_null(json_object_get(cl, "max_mhz")) &&
	    json_is_null(json_object_get(cl, "scaling_max_mhz")),
	    "absurd clocks read as unknown");
	ok(json_number_value(json_object_get(cl, "min_mhz")) == 1000,
	    "... a sane one beside them is kept");
	ok(notes_mention(s, "scaling_cur_freq: 999999999999 kHz is outside "
	    "1 to 100000 MHz") && notes_mention(s, "cpuinfo_max_freq: 0 kHz "
	    "is outside"), "... each with a note");
	ok(cpu_mhz(0, &mhz, &src) == -1, "... and no per-MHz clock "
	    "from them");
	json_decref(s);
	put_file(root, POLICY "0/scaling_max_freq", "1800000\n");
	ok(cpu_mhz(0, &mhz, &src) == 0 && mhz == 1800, "a sane "
	    "scaling_max_freq is the per-MHz clock");
	ok(sysinfo_khz_mhz(1000) == 1 && sysinfo_khz_mhz(100000000) == 100000 &&
	    isnan(sysinfo_khz_mhz(999)) && isnan(sysinfo_khz_mhz(100000001)),
	    "the bounds: 1 MHz and 100 GHz are in, beyond them out");
}

int
main(void)
{
	srcdir = getenv("top_srcdir");
	if (srcdir == NULL)
		srcdir = ".";
	test_cpusets();
	test_helpers();
	test_rpi4();
	test_rk3588();
	test_bare();
	test_malformed();
	test_clock_cache();
	test_hostile();
	test_vm();
	test_board_emulated();
	test_clock_unset();
	test_emulator();
	test_many_cpus();
	unsetenv("BOARDBENCH_SYSROOT");
	sysfs_reset();
	return done_testing();
}
