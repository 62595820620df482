/*
 * monitor.h - watching the machine while benchmarks run.  A sampler
 * thread in the parent reads the clock of each cpufreq policy, the
 * hottest thermal zone and the Raspberry Pi throttling bits a few times a
 * second (its own CPU time is kept under 1 % of a core); around each case
 * the runner (runner-watch.c) turns what it saw into the row flags
 * `throttled`, `hot` and `busy` and into per-case "mon.*" extras stored
 * with each row.
 * Before and after each case it also times the noise floor's fixed loop
 * on the run's CPUs (noise.h, a pace check, about 30 ms a CPU; at most
 * one every NOISE_PACE_EVERY seconds, so short cases share the last
 * one, unless it read drift): a case the machine ran it slower or faster
 * than at the run's start is `drifted`.
 */
#ifndef BOARDBENCH_MONITOR_H
#define BOARDBENCH_MONITOR_H

#include <stddef.h>
#include "cpuset.h"
#include "result.h"

#define MONITOR_PERIOD		0.25	/* seconds between samples */
#define MONITOR_BUSY_CORES	0.05	/* others above 5 % of a core: busy */
/* a case's own CPU time over its wall time, less this, rounded up: the
 * CPUs it kept busy (the sampler and a short first sample aside) */
#define MONITOR_OWN_SLACK	0.1
#define MONITOR_BELOW_MAX	0.98	/* clock below 98 % of max: throttled */
#define MONITOR_HOT_DEFAULT	80.0

struct monitor_opts {
	double hot_temp;		/* degrees C */
	double period;			/* 0: MONITOR_PERIOD */
	/* CPUs the cases run on (NULL or empty: all); read by monitor_new */
	const struct cpuset *cpus;
	int sample;			/* 0: no sampler thread (--no-monitor) */
	/* the run's start (noise_measure's), kept by the caller for the
	 * monitor's life; NULL: no pace checks */
	const struct si_run *pace_ref;
	double pace_every;		/* seconds between pace checks, at
					 * least (0: NOISE_PACE_EVERY) */
};

/* What one case saw.  NAN / -1 where unknown. */
struct monitor_summary {
	int valid;
	unsigned flags;			/* RF_THROTTLED | RF_HOT | RF_BUSY |
					 * RF_DRIFTED */
	unsigned nsamples;
	unsigned below_max;		/* samples with the clock below max */
	double mhz_min, mhz_max;	/* cpufreq's current clock */
	double temp_max;		/* hottest zone, C */
	long throttle_bits;		/* firmware bits seen (OR), -1 */
	long throttle_new;		/* "since boot" bits that appeared */
	int max_dropped;		/* a policy's scaling_max_freq fell */
	double busy_cores;		/* other work on the watched CPUs, in
					 * cores */
	int ncpus;			/* the watched CPUs (0: unknown) */
	int cpus_spare;			/* of them, those the case left
					 * free: ncpus less the cores its own
					 * CPU time kept busy, 1 at least */
	double wall;			/* seconds of the case */
	double load1;
	double sampler_share;		/* the sampler's CPU / wall time */
	double power_avg_w, power_peak_w;	/* supply power, NAN: none */
	int power_source;		/* POWER_SRC_*, 0: no sensor */
	unsigned power_bad;		/* power readings rejected */
	/* the fixed loop's pace before and after the case relative to the
	 * run's start, the one farthest from 1; NAN: not checked */
	double pace;
	double pace_bound;		/* drifted beyond 1 +- this */
	unsigned pace_checks;		/* made at its begin and end: 0 to 2
					 * (0: the last one's, < 2 s old and
					 * no drift) */
};

struct monitor;

struct monitor *monitor_new(const struct monitor_opts *);
void monitor_free(struct monitor *);	/* stops the thread */

/* Around each case, in the parent, while no case child is left unreaped. */
void monitor_case_begin(struct monitor *);
/*
 * The same for a case whose processes are pinned to CPU cpu (-1: as
 * monitor_case_begin): other work, the spare CPUs and the pace are
 * judged on that CPU alone.
 */
void monitor_case_begin_on(struct monitor *, int cpu);
void monitor_case_end(struct monitor *, struct monitor_summary *);
/* Set a row's flags and add the mon.* extras (not to SKIPPED rows). */
void monitor_apply(const struct monitor_summary *, struct result *);
/*
 * The flags a row gets from its run, with or without the sampler: every
 * row of a run under a user-mode emulator is `emulated`.
 */
struct run_info;
void monitor_run_flags(const struct run_info *ri, struct result *r);

/* 1 when a supply power sensor was found: rows will carry power:*. */
int monitor_has_power(const struct monitor *);
/*
 * The energy row of a case's own row r (after monitor_apply): e, named
 * `<case>/energy`, is the average supply watts per unit of work of r's
 * figure (its median), in "J/X" for a rate "X/s" ("J/B", "J/op") or "J"
 * for a time per operation "s", with r's spread and flags and a value per
 * sample of r; lower is better.  0 when e was made (release it with
 * result_release), -1 when r has no power or no such unit.
 */
int monitor_energy_row(const struct result *r, struct result *e);

/* ---- before a run ----------------------------------------------------- */

/*
 * Governors of the policies covering cpus (NULL or empty: all) that are not
 * "performance", as "ondemand (policy0)"; 1 when there is one, 0 not.
 */
int monitor_governor_check(const struct cpuset *cpus, char *msg, size_t len);
/* CPU use of other processes over window seconds, in cores; NAN unknown. */
double monitor_busy_probe(double window);
/* Wait until others use < 5 % of a core for 2 s; 0 settled, -1 not. */
int monitor_wait_idle(double max_wait, double *waited, double *busy);
/* The hottest thermal zone now, C; NAN when there is none. */
double monitor_soc_temp(void);
/* Wait until below temp: 0 cool, 1 no sensor, -1 still hot at max_wait. */
int monitor_cool_down(double temp, double max_wait, double *waited,
    double *now_temp);

/* ---- pure parts, for the unit tests ------------------------------------ */

/*
 * Energy per unit of work from average watts and a row: J per unit for a
 * rate (unit "X/s": W / value), J per operation for a time (unit "s":
 * W * value); NAN when the row has no such figure.
 */
double monitor_energy_per_unit(double avg_w, const char *unit, double value);

/*
 * Idle jiffies (idle, iowait, irq and softirq), all jiffies and the count
 * of the CPUs in cpus, from their "cpuN" lines of /proc/stat (NULL or empty: every
 * CPU listed, the idle of the "cpu" line of all): a daemon on another
 * core does not make a pinned case busy.  0, or -1 when no line matched.
 */
struct cpuset;
struct stat_cpus {
	unsigned long long idle;	/* idle, iowait, irq and softirq:
					 * no program's, jiffies */
	unsigned long long total;	/* every field, jiffies */
	int ncpus;
};
int monitor_parse_stat_set(const char *text, const struct cpuset *cpus,
    struct stat_cpus *sc);
/*
 * Cores of other work from two readings a and b, wall seconds apart, our
 * own CPU time over them being own seconds: the CPUs' time less their
 * idle less ours, not below 0; NAN when the CPUs differ or /proc/stat
 * did not move.
 */
double monitor_others(const struct stat_cpus *a, const struct stat_cpus *b,
    double wall, double own, double tick);
/*
 * Flags from a summary (RF_*): throttled when firmware bits were set now
 * or appeared since boot, the clock sat below max under `performance`,
 * or the policy maximum fell; hot above hot_temp; busy when other work
 * exceeded the CPUs the case left spare by more than 5 % of a core plus
 * two ticks a CPU of /proc/stat's resolution (a pinned case: any other
 * work on its CPU; one process on four CPUs: more than three cores);
 * drifted when the pace departed from 1 by more than pace_bound.
 */
unsigned monitor_flags(const struct monitor_summary *, double hot_temp,
    double tick);

#endif
