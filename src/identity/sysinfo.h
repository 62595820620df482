/*
 * sysinfo.h - the system snapshot as the probe reads it: what this binary
 * runs on (board, SoC, cores, clusters and cpufreq policies, caches,
 * memory and swap, thermal zones, throttling bits, power sensors, kernel,
 * distribution, load).  Every machine file is read through sysfs.h, so
 * BOARDBENCH_SYSROOT moves all of it.  This layer knows nothing of JSON
 * or printing: sysinfo-json.h turns a struct system_info into the stored
 * document and back, sysinfo-show.h prints it (doc/DESIGN.md section 7).
 */
#ifndef BOARDBENCH_SYSINFO_H
#define BOARDBENCH_SYSINFO_H

#include <stddef.h>

#include "cpuset.h"
#include "sysinfo-note.h"

/* CPUs, cores and clusters: as many as the machine has (cpuset.h's bound) */
#define SI_MAX_CACHES	64
#define SI_MAX_SWAPS	16
#define SI_MAX_ZONES	64
#define SI_MAX_POWER	16

/*
 * Unknown values: NULL strings, NAN reals, -1 counts and sizes (every
 * count and size below is >= 0 when known).
 */
struct si_core {
	int cpu;
	char *name;
	long long impl, part, variant, revision;
};

struct si_cluster {
	char *cpus, *core;
	int count;
	long long capacity;		/* -1: no cpu_capacity file */
	int policy;			/* -1: no cpufreq for these CPUs */
	char *governor, *driver;	/* driver NULL: not published */
	double min_mhz, max_mhz, scaling_min_mhz, scaling_max_mhz, cur_mhz;
	double measured_mhz;		/* NAN: not measured this boot */
};

struct si_cache {
	char *name, *size, *cpus;
	int shared_by, instances;
};

struct si_swap {
	char *name, *type;
	long long size_mb;
	int zram;
	char *algorithm;		/* zram only; NULL when unknown */
	long long disksize_mb;		/* zram only; -1 when unknown */
};

struct si_zone {
	char *zone, *type;
	double temp_c;
};

struct si_power {
	char *sensor, *name;
	double watts;
};

/*
 * What a run found at its start, kept in its snapshot: how steady the
 * machine was (src/runner/noise.c) and, for a paired run (run --against), which
 * session and which of its builds this run is.
 */
#define SI_NOISE_CPUS	16	/* CPUs whose noise is kept */
/* CPUs within this fraction of the fastest's pace at the start are as
 * fast, for the choice of a run's CPU (noise_run_cpu()) */
#define SI_RUN_CPU_TIE	0.05
struct si_run;
/*
 * 1 when entry i of r's start (noise_cpu[i]) ran its loop within
 * SI_RUN_CPU_TIE of the fastest entry's pace, 0 when slower or of
 * unknown pace: the one rule that chooses a run's CPU and that its
 * header line lists the slower CPUs by.
 */
int sysinfo_run_cpu_fast(const struct si_run *r, int i);
/* The fastest pace among r's start entries (rounds a microsecond; 0:
 * none known). */
double sysinfo_run_cpu_fastest(const struct si_run *r);
struct si_run {
	double noise_pct;		/* jitter at start, +- per cent (a
					 * 95 % band of a fixed loop's 2 ms
					 * chunk times, the worst CPU; not
					 * the drift between runs); NAN: not
					 * measured */
	int noise_ncpus;
	int noise_cpu[SI_NOISE_CPUS];
	double noise_cv[SI_NOISE_CPUS];	/* robust CV of the chunk times */
	double noise_rate[SI_NOISE_CPUS];	/* the loop's pace, rounds a
						 * microsecond; 0: unknown */
	int run_cpu;			/* the CPU kernels ran on, chosen at
					 * the start (noise_run_cpu()); -1:
					 * none (--cpu, --copies, paired, or
					 * one CPU) */
	char *pair_id;			/* NULL: not paired */
	long long pair_build, pair_builds;	/* 0 is the one that ran */
};

struct system_info {
	char *board, *board_source, *soc;
	char *kernel, *machine, *hostname, *distribution;
	char *cpu_model;		/* "4 x Cortex-A55 + 4 x Cortex-A76" */
	long long cpus_online;
	struct si_core *cores;		/* one per online CPU (allocated) */
	int ncores;
	char *governor;			/* "mixed" when clusters differ */
	double cpu_max_mhz;
	char *clock_measured_at;	/* NULL: no measured clock this boot */
	struct si_cluster *clusters;	/* allocated */
	int nclusters;
	char *cpu_features, *cpu_features_source;
	struct si_cache caches[SI_MAX_CACHES];
	int ncaches;
	long long mem_total_mb, mem_available_mb, swap_total_mb, swap_free_mb;
	struct si_swap swaps[SI_MAX_SWAPS];
	int nswaps;
	struct si_zone zones[SI_MAX_ZONES];
	int nzones;
	double soc_temp_c;		/* the hottest zone */
	int have_throttling;
	char *throttle_source;
	unsigned long throttle_bits;
	struct si_power power[SI_MAX_POWER];
	int npower;			/* 0: the snapshot has no "power" */
	int have_loadavg;
	double loadavg[3];
	char *sysroot;			/* NULL on the real machine */
	/*
	 * A user-mode emulator this run is under ("qemu-user"), or the
	 * full-system one that emulates the whole board ("qemu-system"),
	 * and a virtual machine ("kvm", "vmware", "qemu", "other"), each
	 * with what showed it; NULL: none seen (or unknown).
	 * sysinfo-virt.c.
	 */
	char *emulator, *emulator_evidence;
	char *vm, *vm_evidence;
	/*
	 * The wall clock was plainly never set (earlier than this build's
	 * source: a board with no RTC and no network time, dating its runs
	 * 1970), with what it said; NULL: a plausible date.
	 * sysinfo-clock.c.
	 */
	char *clock_unset;
	struct sysinfo_notes notes;
	struct si_run run;
};

/* An empty snapshot: every value unknown. */
void sysinfo_init(struct system_info *);
/* Read the machine into si (initialised here).  Never fails. */
void sysinfo_probe(struct system_info *si);
/* Free what si owns; si is left empty. */
void sysinfo_release(struct system_info *si);

/*
 * What the emulator judge weighs (sysinfo-virt.c says why each): the
 * ELF machine of /proc/self/exe (0: unknown), the kernel's machine from
 * /proc/sys/kernel/arch, uname(2)'s machine (which qemu-user fakes),
 * the targets of /proc/self/exe and /proc/thread-self/exe, and the
 * interpreter binfmt_misc gives this executable.  NULL: unknown.
 */
struct emu_facts {
	int elf_machine;
	const char *kernel_arch, *uname_machine;
	const char *exe, *thread_exe;
	const char *binfmt;
};
/*
 * 1 when the facts say the process runs under a user-mode emulator,
 * with its name ("qemu-user", else the interpreter's file name, else
 * "user-mode") and one line of evidence; 0 when not (or unknown).
 */
int sysinfo_emulator_judge(const struct emu_facts *f, char *name,
    size_t nlen, char *why, size_t wlen);
/*
 * 1 when the binfmt_misc entry text (as read from its file) is enabled
 * and its magic and mask match hdr (n bytes), with its interpreter.
 */
int sysinfo_binfmt_match(const char *entry, const unsigned char *hdr,
    size_t n, char *interp, size_t len);
/*
 * The emulator (a user-mode one on the real machine only; a board
 * emulated whole also in a fixture tree) and the VM into si (the probe's).
 */
void sysinfo_virt_probe(struct system_info *si);

/*
 * 1 when the wall clock `now` (seconds since the epoch) is plainly
 * unset: more than a day before `source` (the build's source date,
 * buildinfo_source_epoch(); 0 or less: unknown, then 2000-01-01), with
 * why saying so, starting with the clock's day ("1970-01-01, before
 * ..."); 0 when it may be real.
 */
int sysinfo_clock_judge(long long now, long long source, char *why,
    size_t len);
/* The wall clock's judgement into si->clock_unset (the probe's). */
void sysinfo_clock_probe(struct system_info *si);

/*
 * Was the snapshot taken under a user-mode emulator / in a virtual
 * machine (sysinfo-virt.c)?  s may be NULL (no: unknown).
 */
int sysinfo_emulated(const struct system_info *s);
int sysinfo_in_vm(const struct system_info *s);
/*
 * Was the run emulated (its rows flagged `emulated`)?  For compare and
 * the report, which must not judge an emulated run beside a native one.
 */
struct run_info;
int run_emulated(const struct run_info *ri);

/*
 * The clock of CPU `cpu` in MHz for per-MHz figures: its measured clock
 * in clk (NULL: none; the report of this boot that `info
 * --measure-clock` or `run --measure-clock` left in the clock cache,
 * clockcache_load()), else cpufreq's maximum for that CPU
 * (scaling_max_freq, else cpuinfo_max_freq).  0 with *source set to
 * "measured" or "cpufreq"; -1 when unknown.  It never measures and
 * never reads the cache.
 */
struct clock_report;
int sysinfo_cpu_mhz(const struct clock_report *clk, int cpu, double *mhz,
    const char **source);

/* "Cortex-A72" from MIDR implementer and part numbers. */
void sysinfo_core_name(unsigned impl, unsigned part, char *buf, size_t len);

/*
 * The cpufreq policies that name their CPUs (related_cpus, else
 * affected_cpus), sorted by number, all of them: *out is owned (free it
 * with sysinfo_policies_free); the count.
 */
struct si_policy {
	int num;			/* policyN */
	struct cpuset cpus;
};
int sysinfo_policies(struct si_policy **out);
void sysinfo_policies_free(struct si_policy *p, int n);
/*
 * Plausible clocks of a CPU, in MHz: a cpufreq reading outside them is
 * broken, and unknown (never a throttled flag or a per-MHz figure).
 */
#define SI_MHZ_MIN	1.0
#define SI_MHZ_MAX	100000.0
/* A cpufreq reading (kHz) in MHz; NAN when implausible. */
double sysinfo_khz_mhz(long long khz);
/* policyN's FILE ("scaling_cur_freq") in MHz; NAN: unreadable, implausible. */
double sysinfo_policy_mhz(int policy, const char *file);
/* thermal_zoneN numbers (the lowest max of them), sorted; the count. */
int sysinfo_thermal_zones(int *nums, int max);
/*
 * Plausible readings of a thermal zone, in degrees C: a sensor outside
 * them is broken, and its reading is unknown (never a hot flag).
 */
#define SI_TEMP_MIN_C	(-60.0)
#define SI_TEMP_MAX_C	200.0
/* thermal_zoneN's temperature in C; NAN when unreadable or implausible. */
double sysinfo_zone_temp(int zone);

/*
 * Raspberry Pi firmware throttling bits: `vcgencmd get_throttled` on the
 * real machine when it is on PATH (through spawn.c), else the firmware's
 * sysfs node, else the rpi_volt hwmon under-voltage alarm.  0 with
 * *source set; -1 when none is there.  notes (may be NULL) gets malformed
 * values.  The _sysfs variant never runs a program (the sampler uses it).
 */
int sysinfo_throttled(unsigned long *bits, const char **source,
    struct sysinfo_notes *notes);
int sysinfo_throttled_sysfs(unsigned long *bits, const char **source,
    struct sysinfo_notes *notes);
/* The firmware's node of those bits (hex), which the sampler reads too. */
#define SI_GET_THROTTLED \
	"/sys/devices/platform/soc/soc:firmware/get_throttled"

#endif
