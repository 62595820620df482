/*
 * t-monitor.c - the monitor's verdicts: /proc/stat parsing, the flag
 * rules, and a sampler run against the fixture trees (a Pi 4 at 51 C with
 * under-voltage since boot, an RK3588 whose policy6 sits below its
 * maximum under the performance governor, a bare container).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpuset.h"
#include "monitor.h"
#include "noise.h"
#include "result.h"
#include "sysfs.h"
#include "tap.h"
#include "util.h"

static const char *srcdir;

static void
use_root(const char *board)
{
	char root[1024];

	snprintf(root, sizeof(root), "%s/tests/fixtures/%s", srcdir, board);
	setenv("BOARDBENCH_SYSROOT", root, 1);
	sysfs_reset();
}

static void
blank(struct monitor_summary *s)
{
	memset(s, 0, sizeof(*s));
	s->valid = 1;
	s->temp_max = s->busy_cores = s->pace = NAN;
	s->throttle_bits = s->throttle_new = -1;
	s->wall = 1.0;
}

static void
test_stat(void)
{
	static const char st[] = "cpu  300 0 0 903 0 0 0 0\n"
	    "cpu0 10 0 5 400 0 0 0 0\ncpu1 280 0 5 100 0 0 0 0\n"
	    "cpu2 0 0 0 400 1 0 0 0\ncpu3 100 0 0 200 0 30 70 5\n"
	    "intr 5\n";
	struct stat_cpus a, b;
	struct cpuset set;

	ok(monitor_parse_stat_set("cpu  a b c d\n", NULL, &a) == -1,
	    "text is refused");
	ok(monitor_parse_stat_set("intr 1 2 3\n", NULL, &a) == -1,
	    "no cpu line is refused");
	cpuset_init(&set);
	cpuset_add(&set, 0);
	ok(monitor_parse_stat_set(st, &set, &a) == 0 && a.idle == 400 &&
	    a.ncpus == 1 && a.total == 415, "CPU 0 alone: its idle 400 of "
	    "415 (a daemon on CPU 1 is not the case's)");
	cpuset_add(&set, 2);
	ok(monitor_parse_stat_set(st, &set, &a) == 0 && a.idle == 801 &&
	    a.ncpus == 2, "CPUs 0 and 2: idle and iowait, summed");
	ok(monitor_parse_stat_set(st, NULL, &a) == 0 && a.idle == 903 &&
	    a.ncpus == 4, "no set: the idle of the line of all (rounded "
	    "once), its CPUs counted");
	cpuset_clear(&set);
	cpuset_add(&set, 3);
	ok(monitor_parse_stat_set(st, &set, &a) == 0 && a.idle == 300 &&
	    a.total == 405, "irq and softirq count with idle: interrupts "
	    "served (a network case's own traffic) are no program's work; "
	    "steal is");
	cpuset_clear(&set);
	cpuset_add(&set, 7);
	ok(monitor_parse_stat_set(st, &set, &a) == -1,
	    "a CPU with no line: -1");
	cpuset_release(&set);

	/* two CPUs for 1 s at 100 ticks a second: 50 idle ticks and 1 s of
	 * our own leave half a core of others */
	a.idle = 1000; a.total = 5000; a.ncpus = 2;
	b.idle = 1050; b.total = 5200; b.ncpus = 2;
	is_double(monitor_others(&a, &b, 1.0, 1.0, 0.01), 0.5, 1e-12,
	    "others: 2 CPUs x 1 s less 0.5 s idle less 1 s ours");
	is_double(monitor_others(&a, &b, 1.0, 1.6, 0.01), 0, 1e-12,
	    "never below 0");
	b.total = a.total;
	ok(isnan(monitor_others(&a, &b, 1.0, 1.0, 0.01)),
	    "a /proc/stat that did not move tells nothing");
	b.total = 5200;
	b.ncpus = 3;
	ok(isnan(monitor_others(&a, &b, 1.0, 1.0, 0.01)),
	    "a CPU that came or went: nothing");
}

static void
test_flags(void)
{
	struct monitor_summary s;

	blank(&s);
	is_int(monitor_flags(&s, 80, 0.01), 0, "nothing seen, no flags");
	s.throttle_bits = 0x10000;
	is_int(monitor_flags(&s, 80, 0.01), 0, "an old since-boot bit alone "
	    "is not throttling");
	s.throttle_bits = 0x50005;
	is_int(monitor_flags(&s, 80, 0.01), RF_THROTTLED, "under-voltage "
	    "now is");
	blank(&s);
	s.throttle_bits = 0x40000;
	s.throttle_new = 0x40000;
	is_int(monitor_flags(&s, 80, 0.01), RF_THROTTLED, "a since-boot bit "
	    "that appeared during the case is");
	blank(&s);
	s.below_max = 1;
	is_int(monitor_flags(&s, 80, 0.01), RF_THROTTLED, "the clock below "
	    "max under performance is");
	blank(&s);
	s.max_dropped = 1;
	is_int(monitor_flags(&s, 80, 0.01), RF_THROTTLED, "a falling policy "
	    "maximum is");
	blank(&s);
	s.temp_max = 80.5;
	is_int(monitor_flags(&s, 80, 0.01), RF_HOT, "80.5 C is hot at 80");
	s.temp_max = 79.9;
	is_int(monitor_flags(&s, 80, 0.01), 0, "79.9 C is not");
	blank(&s);
	s.busy_cores = 0.2;
	is_int(monitor_flags(&s, 80, 0.01), RF_BUSY, "others at 20 %% of a "
	    "core: busy");
	s.busy_cores = 0.06;
	is_int(monitor_flags(&s, 80, 0.01), 0, "6 %% over 1 s is within two "
	    "ticks of /proc/stat");
	s.wall = 10;
	is_int(monitor_flags(&s, 80, 0.01), RF_BUSY, "6 %% over 10 s is busy");
	/* one process on four CPUs: three spare; a pinned case: none */
	s.ncpus = 4;
	s.cpus_spare = 3;
	s.busy_cores = 2.9;
	is_int(monitor_flags(&s, 80, 0.01), 0, "2.9 cores of others where "
	    "the case left 3 CPUs spare: not busy");
	s.busy_cores = 3.2;
	is_int(monitor_flags(&s, 80, 0.01), RF_BUSY, "3.2 cores there: busy");
	s.ncpus = 1;
	s.cpus_spare = 0;
	s.busy_cores = 0.2;
	is_int(monitor_flags(&s, 80, 0.01), RF_BUSY, "a pinned case with 0.2 "
	    "cores of others on its CPU: busy");
}

static void
run_one(const struct monitor_opts *o, struct monitor_summary *s)
{
	struct monitor *m = monitor_new(o);

	monitor_case_begin(m);
	monitor_case_end(m, s);
	monitor_free(m);
}

static void
test_fixtures(void)
{
	struct monitor_opts o = { .hot_temp = 80, .sample = 1 };
	struct monitor_summary s;
	struct cpuset cpus;
	struct result r;
	char msg[200];
	double waited, t;

	cpuset_init(&cpus);
	use_root("rpi4");
	run_one(&o, &s);
	ok(s.valid && s.nsamples >= 2, "rpi4: sampled at begin and end (%u)",
	    s.nsamples);
	is_double(s.temp_max, 51.121, 1e-9, "rpi4: temperature");
	is_int(s.throttle_bits, 0x10000, "rpi4: firmware bits");
	is_double(s.mhz_max, 1500, 1e-9, "rpi4: clock");
	ok(isnan(s.busy_cores), "rpi4: a still /proc/stat tells nothing of "
	    "others");
	is_int(s.flags, 0, "rpi4: no flags at --hot-temp 80");
	o.hot_temp = 50;
	run_one(&o, &s);
	is_int(s.flags, RF_HOT, "rpi4: hot at --hot-temp 50");
	ok(monitor_governor_check(NULL, msg, sizeof(msg)) == 1 &&
	    strcmp(msg, "ondemand (policy0)") == 0, "rpi4: governor warning "
	    "'%s'", msg);
	is_double(monitor_soc_temp(), 51.121, 1e-9, "rpi4: SoC temperature");
	is_int(monitor_cool_down(60, 5, &waited, &t), 0, "rpi4: already "
	    "below 60 C");
	is_int(monitor_cool_down(40, 0.05, &waited, &t), -1, "rpi4: still "
	    "above 40 C when the wait ends");

	memset(&r, 0, sizeof(r));
	r.status = ST_OK;
	monitor_apply(&s, &r);
	ok(r.flags & RF_HOT, "apply sets the flag");
	ok(result_get_extra(&r, "mon.temp_max_c", &t) == 0 && t == 51.121,
	    "and the mon.temp_max_c extra");
	ok(result_get_extra(&r, "mon.throttle_bits", &t) == 0 && t == 65536,
	    "and mon.throttle_bits");
	result_release(&r);
	memset(&r, 0, sizeof(r));
	r.status = ST_SKIPPED;
	monitor_apply(&s, &r);
	ok(r.flags == 0 && r.nextra == 0, "a skipped row gets nothing");

	use_root("rk3588");
	o.hot_temp = 80;
	run_one(&o, &s);
	is_int(s.flags, RF_THROTTLED, "rk3588: policy6 below its maximum "
	    "under performance: throttled");
	ok(s.below_max >= 1, "rk3588: below-max samples counted");
	is_double(s.mhz_min, 1800, 1e-9, "rk3588: slowest policy clock");
	cpuset_parse("0-3", &cpus);
	o.cpus = &cpus;
	run_one(&o, &s);
	is_int(s.flags, 0, "rk3588: the A55 cluster alone is not throttled");
	ok(monitor_governor_check(NULL, msg, sizeof(msg)) == 0,
	    "rk3588: performance everywhere, no warning");
	cpuset_release(&cpus);

	use_root("bare");
	o.cpus = NULL;
	run_one(&o, &s);
	ok(s.valid && isnan(s.temp_max) && s.throttle_bits == -1 &&
	    isnan(s.busy_cores) && s.flags == 0, "bare: unknown everything, "
	    "no flags");
	ok(isnan(monitor_soc_temp()), "bare: no temperature");
	is_int(monitor_cool_down(40, 1, &waited, &t), 1, "bare: cool-down "
	    "has no sensor to wait for");
	ok(isnan(monitor_busy_probe(0.01)), "bare: busy unknown");

	use_root("malformed");
	run_one(&o, &s);
	ok(s.valid && isnan(s.temp_max) && s.flags == 0, "malformed: "
	    "unreadable values are unknown, no flags");
}

/*
 * The pace checks: the flag rule, the bound, and a case begun and ended
 * against a start whose loop ran a thousandth as fast as any machine
 * does (its pace reads far above 1 however loaded this one is).
 */
static void
test_pace(void)
{
	struct monitor_opts o = { .hot_temp = 80, .sample = 1,
	    .pace_every = 1e9 };
	struct monitor_summary s;
	struct si_run ref;
	struct cpuset cur;
	struct monitor *m;
	struct result r;
	double v;
	int cpu, rc;

	blank(&s);
	s.pace_bound = 0.05;
	s.pace = 0.93;
	is_int(monitor_flags(&s, 80, 0.01), RF_DRIFTED, "pace 0.93 against "
	    "+-5 %%: drifted");
	s.pace = 1.06;
	is_int(monitor_flags(&s, 80, 0.01), RF_DRIFTED, "pace 1.06: drifted "
	    "(faster counts too)");
	s.pace = 0.96;
	is_int(monitor_flags(&s, 80, 0.01), 0, "pace 0.96: not");
	s.pace_bound = 0.1;
	s.pace = 0.93;
	is_int(monitor_flags(&s, 80, 0.01), 0, "pace 0.93 against a +-10 %% "
	    "floor: not");
	s.pace = NAN;
	is_int(monitor_flags(&s, 80, 0.01), 0, "no pace check: not");

	memset(&ref, 0, sizeof(ref));
	ref.noise_pct = NAN;
	is_double(noise_pace_bound(&ref), NOISE_PACE_BOUND, 0, "bound: 10 %% "
	    "without a jitter at start");
	ref.noise_pct = 3;
	is_double(noise_pace_bound(&ref), NOISE_PACE_BOUND, 0, "... and "
	    "with a floor under it");
	ref.noise_pct = 12;
	is_double(noise_pace_bound(&ref), 0.12, 1e-12, "... the jitter above "
	    "it");
	ref.noise_pct = 183;
	is_double(noise_pace_bound(&ref), NOISE_PACE_BOUND_MAX, 0, "... but "
	    "never over 20 %%, so a machine at a fifth of its pace is caught "
	    "however busy its start was");
	{
		/* five 2 ms chunks of 1000 rounds; the other task had the
		 * CPU for 2 ms after each chunk */
		double b[5] = { 0, 0.004, 0.008, 0.012, 0.016 };
		double e[5] = { 0.002, 0.006, 0.010, 0.014, 0.018 };

		is_double(noise_window_rate(b, e, 5, 1000), 5000 / 0.018 / 1e6,
		    1e-12, "a window's pace: wall time, the gaps between its "
		    "chunks included (a shared CPU reads at its share)");
		is_double(noise_window_rate(b, e, 1, 1000), 0.5, 1e-12,
		    "... one chunk: its own time");
		is_double(noise_window_rate(b, b, 1, 1000), 0, 0,
		    "... no length: 0");
	}
	is_double(noise_pace_confirm(0.726, 0.98, 0.1), 0.98, 0,
	    "a look beyond the bound, and one at once within it: the "
	    "second (a blip is not drift)");
	is_double(noise_pace_confirm(0.5, 0.55, 0.1), 0.55, 0,
	    "... both beyond it: the one nearer 1, still beyond");
	is_double(noise_pace_confirm(0.5, 0.45, 0.1), 0.5, 0,
	    "... the first when it is the nearer");
	is_double(noise_pace_confirm(1.13, 1.0, 0.1), 1.0, 0,
	    "... faster counts alike");
	is_double(noise_pace_confirm(0.95, 0.5, 0.1), 0.95, 0,
	    "a first look within the bound stands");
	is_double(noise_pace_confirm(0.7, NAN, 0.1), 0.7, 0,
	    "no second look: the first");
	ok(isnan(noise_pace(NULL)) && isnan(noise_pace(&ref)), "no start, "
	    "or a start with no CPU: no pace");

	cpuset_init(&cur);
	if (cpuset_get_affinity(&cur) != 0 || cpuset_next(&cur, 0) < 0)
		bail("cannot read this process's CPUs");
	ref.noise_ncpus = 1;
	ref.noise_cpu[0] = cpuset_next(&cur, 0);
	ref.noise_rate[0] = 0;
	ok(isnan(noise_pace(&ref)), "a CPU of unknown pace: no pace");
	ref.noise_rate[0] = 0.001;
	ref.noise_pct = 2;
	{
		unsigned looks = 9;

		v = noise_pace_on(&ref, -1, &looks);
		ok(v > 2 && looks == 2, "a pace far beyond the bound is "
		    "looked at again, and still read so (%g, %u looks)", v,
		    looks);
		looks = 9;
		ok(isnan(noise_pace_on(&ref, ref.noise_cpu[0] + 1, &looks)) &&
		    looks == 0, "... none on a CPU the start has not");
	}
	o.pace_ref = &ref;
	use_root("bare");
	run_one(&o, &s);
	ok(isfinite(s.pace) && s.pace > 2 && (s.flags & RF_DRIFTED),
	    "a start a thousandth as fast: the case's pace reads %g, drifted",
	    s.pace);
	is_double(s.pace_bound, NOISE_PACE_BOUND, 0, "the case's bound");
	is_int(s.pace_checks, 2, "a check that read drift is not shared: "
	    "the end makes its own");

	/* checks at most every pace_every seconds: cases share the last,
	 * unless it read drift (qq run 11, 17:20: one check at 0.886
	 * flagged ten crypto rows that read 0.96-1.04 of their usual) */
	ok(noise_pace_reuse(0.95, 1.0, 2.0, 0.1), "a check 1 s old within "
	    "the bound is shared");
	ok(!noise_pace_reuse(0.95, 2.0, 2.0, 0.1), "... not once it is "
	    "pace_every old");
	ok(!noise_pace_reuse(0.886, 0.1, 2.0, 0.1) &&
	    !noise_pace_reuse(1.15, 0.1, 2.0, 0.1), "... nor one that read "
	    "drift, slower or faster");
	ok(noise_pace_reuse(1.06, 0.1, 2.0, 0.1), "... and one faster "
	    "within it");
	ok(!noise_pace_reuse(NAN, 0.1, 2.0, 0.1), "... nor no check");
	m = monitor_new(&o);
	monitor_case_begin(m);
	monitor_case_end(m, &s);
	monitor_case_begin(m);
	monitor_case_end(m, &s);
	ok(s.pace_checks == 2 && s.pace > 2, "a case soon after one that "
	    "read drift makes its own checks (%u)", s.pace_checks);
	monitor_free(m);
	o.pace_every = 1e-9;
	m = monitor_new(&o);
	monitor_case_begin(m);
	monitor_case_end(m, &s);
	ok(s.pace_checks == 2, "with checks due each time: at the begin and "
	    "the end (%u)", s.pace_checks);
	monitor_case_begin(m);
	monitor_case_end(m, &s);
	ok(s.pace_checks == 2, "... and again for the next case (%u)",
	    s.pace_checks);
	monitor_free(m);
	o.pace_every = 1e9;
	memset(&r, 0, sizeof(r));
	r.status = ST_OK;
	monitor_apply(&s, &r);
	ok((r.flags & RF_DRIFTED) && result_get_extra(&r, "mon.pace", &v) ==
	    0 && v == s.pace, "apply: the flag and the mon.pace extra");
	result_release(&r);
	o.pace_ref = NULL;
	run_one(&o, &s);
	ok(isnan(s.pace) && !(s.flags & RF_DRIFTED), "no start: no pace "
	    "check, no flag");
	memset(&r, 0, sizeof(r));
	r.status = ST_OK;
	monitor_apply(&s, &r);
	ok(result_get_extra(&r, "mon.pace", &v) != 0, "... and no mon.pace");
	result_release(&r);

	/* a case pinned to one CPU: its pace is that CPU's alone */
	memset(&ref, 0, sizeof(ref));
	ref.noise_pct = 2;
	ref.noise_ncpus = 2;
	ref.noise_cpu[0] = cpuset_next(&cur, 0);
	ref.noise_rate[0] = 0.001;	/* a start a thousandth as fast */
	ref.noise_cpu[1] = CPUSET_MAX - 1;	/* no such CPU: not pinned */
	ref.noise_rate[1] = 1;
	o.pace_ref = &ref;
	o.pace_every = 1e9;
	m = monitor_new(&o);
	monitor_case_begin_on(m, CPUSET_MAX - 1);
	monitor_case_end(m, &s);
	ok(isnan(s.pace) && !(s.flags & RF_DRIFTED), "pinned to a CPU the "
	    "check cannot use: no pace, though another CPU drifted (%g)",
	    s.pace);
	monitor_case_begin_on(m, ref.noise_cpu[0]);
	monitor_case_end(m, &s);
	ok(s.pace_checks == 2 && s.pace > 2 && (s.flags & RF_DRIFTED),
	    "... pinned to the drifted CPU: checks of its own, at its begin "
	    "and end, since they read drift (%u), drifted (%g)",
	    s.pace_checks, s.pace);
	monitor_case_begin(m);
	monitor_case_end(m, &s);
	ok(s.pace_checks == 2 && (s.flags & RF_DRIFTED), "... unpinned: "
	    "checks of every CPU, drifted (%u)", s.pace_checks);
	monitor_free(m);
	o.pace_ref = NULL;

	/* the run's CPU: the fastest at the start, ties to the highest */
	memset(&ref, 0, sizeof(ref));
	ref.noise_ncpus = 1;
	ref.noise_cpu[0] = 0;
	ref.noise_rate[0] = 100;
	is_int(noise_run_cpu(&ref), -1, "run CPU: one CPU, nothing to "
	    "choose");
	ref.noise_ncpus = 4;
	ref.noise_cpu[1] = 1;
	ref.noise_rate[1] = 150;
	ref.noise_cpu[2] = 2;
	ref.noise_rate[2] = 0;		/* unknown */
	ref.noise_cpu[3] = 3;
	ref.noise_rate[3] = 146;	/* within 5 % of CPU 1 */
	is_int(noise_run_cpu(&ref), 3, "run CPU: of the fastest (within "
	    "5 %%), the highest-numbered; an unknown pace is none");
	ref.noise_rate[3] = 142;	/* 5.3 % slower */
	is_int(noise_run_cpu(&ref), 1, "... a CPU over 5 %% slower is not "
	    "chosen");
	ref.noise_rate[0] = ref.noise_rate[1] = ref.noise_rate[3] = 0;
	is_int(noise_run_cpu(&ref), -1, "... no paces: none");
	is_int(noise_run_cpu(NULL), -1, "... no start: none");

	/* the start itself: a pace for each CPU it measured */
	memset(&ref, 0, sizeof(ref));
	cpu = cpuset_next(&cur, 0);
	rc = noise_measure(&cpu, 1, &ref);
	ok(rc == 0 && ref.noise_ncpus == 1 && ref.noise_rate[0] > 0,
	    "noise_measure: the loop's pace on "
	    "CPU %d (%g rounds/us)", ref.noise_cpu[0], ref.noise_rate[0]);
	cpuset_release(&cur);
}

/* The policies of CPUs beyond 64 (issue 25): watched, and only theirs. */
static void
test_many_cpus(void)
{
	struct monitor_opts o = { .hot_temp = 80, .sample = 1 };
	struct monitor_summary s;
	struct cpuset cpus;
	struct strbuf sb;
	char msg[200];
	int k;

	cpuset_init(&cpus);
	/* policy0 (CPUs 0-63) below its maximum, policy64 at it */
	tap_many_cpus("cpus128", "d05:64:1500000 d0b:64");
	sysfs_reset();
	run_one(&o, &s);
	is_int(s.flags, RF_THROTTLED, "128 CPUs: all watched, throttled");
	cpuset_add(&cpus, 100);
	o.cpus = &cpus;
	run_one(&o, &s);
	is_int(s.flags, 0, "128 CPUs: cases on CPU 100 see policy64 only");
	is_double(s.mhz_min, 2000, 0, "... its clock");
	cpuset_parse("63", &cpus);
	run_one(&o, &s);
	is_int(s.flags, RF_THROTTLED, "128 CPUs: cases on CPU 63 see policy0");
	o.cpus = NULL;

	tap_many_cpus("gov128", "d05:64:2000000:schedutil d0b:64");
	sysfs_reset();
	cpuset_parse("64-127", &cpus);
	ok(monitor_governor_check(&cpus, msg, sizeof(msg)) == 0,
	    "128 CPUs: cases on 64-127 have the performance governor");
	cpuset_parse("0,100", &cpus);
	ok(monitor_governor_check(&cpus, msg, sizeof(msg)) == 1 &&
	    strcmp(msg, "schedutil (policy0)") == 0, "128 CPUs: CPU 0's "
	    "policy is not ('%s')", msg);

	/* one policy per CPU, as on x86: the last of 128 is watched too */
	strbuf_init(&sb);
	for (k = 0; k < 127; k++)
		strbuf_addf(&sb, "d0c:1 ");
	strbuf_addf(&sb, "d0c:1:1500000");
	tap_many_cpus("pol128", sb.buf);
	strbuf_release(&sb);
	sysfs_reset();
	run_one(&o, &s);
	is_int(s.flags, RF_THROTTLED, "128 policies: policy127 below its "
	    "maximum is seen");

	/* a clock beyond any real one is no reading (issue 25) */
	tap_many_cpus("absurd", "d08:4:999999999999");
	sysfs_reset();
	run_one(&o, &s);
	ok(isnan(s.mhz_max) && isnan(s.mhz_min) && s.flags == 0,
	    "an absurd scaling_cur_freq is unknown, no flag (%g)", s.mhz_max);
	cpuset_release(&cpus);
}

int
main(void)
{
	srcdir = getenv("top_srcdir");
	if (srcdir == NULL)
		srcdir = ".";
	test_stat();
	test_flags();
	test_fixtures();
	test_pace();
	test_many_cpus();
	unsetenv("BOARDBENCH_SYSROOT");
	sysfs_reset();
	return done_testing();
}
