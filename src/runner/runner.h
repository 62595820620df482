/*
 * runner.h - runs benchmarks case by case, each in a child process with a
 * time limit; calibrates, warms up, samples, verifies; never prints results
 * (finished rows go to a sink: the store and the formatter).
 */
#ifndef BOARDBENCH_RUNNER_H
#define BOARDBENCH_RUNNER_H

#include <stddef.h>
#include <stdint.h>
#include <regex.h>
#include "registry.h"
#include "result.h"

struct profile {
	const char *name;
	double min_sample;	/* seconds one sample lasts at least */
	double warmup;		/* seconds of discarded work */
	double budget;		/* seconds of sampling per case */
	uint32_t min_samples, max_samples;
	double target_cv;	/* stop sampling below this CV */
	uint32_t processes;	/* CPU cases: fresh processes sampled */
};
const struct profile *profile_find(const char *name);
extern const struct profile profiles[];

/*
 * Optional observer called in the parent before the first case (the
 * cli's printer, to size its columns and begin).
 */
struct runner_hooks {
	/* after planning, before the first case: each row name planned
	 * (case, derived and phase rows, and with a supply power sensor
	 * each case's energy row; is_case 1 for the case's own row),
	 * then planned() once with the number of cases planned (a benchmark
	 * skipped whole counts its cases, or 1 when it has none): each ends
	 * with a NULL row to the sink */
	void (*plan_name)(void *arg, const char *bench, const char *name,
	    int is_case);
	void (*planned)(void *arg, size_t ncases);
	void *arg;
};

/*
 * Called with each finished row (the monitor's flags and mon.* extras,
 * the run's flags set; a case's own row with supply power followed by
 * its energy row); return -1 to stop the run.  After the
 * last row of each planned case (of each build), called once with NULL:
 * the case's rows are all given (the store keeps a case whole, and counts
 * it).  The row is the runner's: a sink keeps a copy (result_copy).
 */
typedef int (*runner_sink_fn)(void *arg, struct result *row);

/*
 * Paired builds (run --against): another build of boardbench whose
 * measuring processes alternate with this one's, case by case.  Its
 * children are `[prefix...] exe __measure ...` (the same wire protocol,
 * checked before the run); its rows go to its own sink.
 */
struct runner_build {
	const char *exe;		/* NULL: this program */
	char *const *prefix;		/* run under it (taskset, qemu-arm) */
	size_t nprefix;
	runner_sink_fn sink;		/* its rows (build 0: runner_run's) */
	void *arg;
	/*
	 * Its own parameters (run -p B:NAME.PARAM=VALUE; NULL: the run's):
	 * they may change what a case does, not which cases there are.
	 */
	const struct param_set *params;
	/* it runs under a user-mode emulator: no per-MHz figure for it */
	int emulated;
	/* its run row: the flags of its rows (monitor_run_flags) */
	const struct run_info *run;
};

/* Rounds of a paired CPU case, at least (other cases: 2, A B then B A). */
#define RUNNER_PAIR_ROUNDS	6
/* --processes at most (each process's median is kept: 3 x N doubles). */
#define RUNNER_PROCESSES_MAX	100

/*
 * After r rounds of a paired CPU case (r at least its first rounds, at
 * most `most`): run another?  Yes while the pairs' interval is wider than
 * wanted (log_hw, half its width in log terms, NaN when there is none
 * yet, above target_cv) and time is left: the case's budget for every
 * build (budget_all), or, when its first rounds alone took longer than
 * that (a short profile, where each process still takes its minimum
 * samples), as long again as they took (spent_first).  spent: seconds
 * measured so far.  Pure; 1 or 0.
 */
int runner_pair_more(size_t r, size_t most, double log_hw, double target_cv,
    double spent, double spent_first, double budget_all);

/*
 * After np processes of an unpaired CPU case (pm: their medians) that
 * runs procs at first and `most` at the most: run another?  Yes while
 * fewer than procs ran; then while their spread (the classic CV) is above
 * target_cv and the case's time (budget, seconds) is not spent (spent:
 * seconds so far); and, its time spent or not, when two processes
 * disagree by more than the row's noisy bound (RESULT_NOISY_CV on their
 * robust spread): a third then outvotes the one that was disturbed
 * rather than the row being the midpoint of the two, flagged noisy.
 * Pure; 1 or 0.
 */
int runner_proc_more(const double *pm, size_t np, size_t procs, size_t most,
    double target_cv, double spent, double budget);

/*
 * The CPU, an index into the run's ncpus, of paired round r of a case with
 * nvar variants (0 or 1: none), which runs variant r mod nvar: the CPUs go
 * round with the rounds, and each time the variants come round again they
 * start one CPU further on, so every variant meets every CPU in turn and
 * a CPU's speed is not read as a placement's (round r on CPU r mod 2 put
 * the even placements of 8 always on the first of 2 CPUs).  Pure.
 */
size_t runner_pair_cpu(size_t r, size_t nvar, size_t ncpus);

/*
 * Does paired round r of a case with nvar variants (0 or 1: none) run
 * its builds in reverse order (B A rather than A B)?  Every other round
 * does; with an even number of variants, the turn also flips each time
 * the variants come round again, so every variant meets both orders in
 * two of its turns (round r mod 2 alone ran even placements of 8 always
 * A first, tying an order effect to placement).  Pure; 1 or 0.
 */
int runner_pair_reversed(size_t r, size_t nvar);

/*
 * The iterations per sample of a CPU case's measuring process after its
 * build's first: the calibrated count iters times 1.5^u for u in [0, 1)
 * (1 to 1.5 times: a sample still lasts at least --min-sample; at least
 * 1 iteration).  A disturbance with a fixed
 * period (a timer, a daemon's poll, a burner's bursts) then meets each
 * process's samples at another phase, so it moves each process's figure
 * at random, which the spread between processes and pairs shows, instead
 * of biasing a whole run one way through a sample length fixed for the
 * session.  Pure.
 */
uint64_t runner_vary_iters(uint64_t iters, double u);

/*
 * The counts of n paired builds after their first round, or of a CPU
 * case's later processes after its first (n 1): iters[b], whose samples'
 * median lasted secs[b] seconds, each scaled so that its samples last t
 * seconds (paired: --min-sample, so the builds' samples last alike;
 * unpaired, only when a preemption cut the calibration short: the same).
 * A build whose count or length is 0 (it gave none) keeps its count; a
 * count is at least 1.  Pure.
 */
void runner_common_length(uint64_t *iters, const double *secs, size_t n,
    double t);

struct clock_report;
struct monitor_opts;
struct run_info;

struct runner_opts {
	const struct profile *profile;
	const struct param_set *params;
	double min_sample, warmup, budget, timeout;	/* 0: from profile */
	unsigned copies;		/* >= 1 */
	int *cpus;			/* --cpu list, NULL: any */
	size_t ncpus;
	/* run_pinned: the CPU that CPU kernels (BENCH_CPU, one copy) run
	 * on, an unpinned run's noise_run_cpu(); 0: as cpus says */
	int run_pinned, run_cpu;
	int progress;			/* one-line progress on stderr */
	const struct runner_hooks *hooks;	/* NULL: none */
	unsigned processes;		/* CPU cases: processes, 0: profile */
	int exec_self;			/* re-exec each child (its own address
					 * layout); else fork only */
	int no_aslr;			/* re-exec with ADDR_NO_RANDOMIZE */
	/*
	 * The measured clock of this boot for per-MHz figures, resolved
	 * once for the run (clockcache_load()); NULL: cpufreq's only.
	 */
	const struct clock_report *clock;
	/*
	 * This program runs under a user-mode emulator (qemu-user): the
	 * clock is the host's, not the emulated board's, so per-MHz and
	 * clock-derived per-cycle rows are SKIPPED with that reason.
	 */
	int emulated;
	/*
	 * Paired: nbuilds >= 2 builds measured in alternation (builds[0] is
	 * this program, its rows to runner_run's sink; copies must be 1).
	 */
	const struct runner_build *builds;
	size_t nbuilds;
	/*
	 * The monitor watching each case, made for the run from these (NULL:
	 * none, --no-monitor): its verdicts and extras go into the rows.
	 */
	const struct monitor_opts *monitor;
	/* before each benchmark, wait until the SoC is below cool_down C
	 * (0: no wait), wait_max seconds at most; tty: say so on stderr */
	double cool_down, wait_max;
	int tty;
	/* this build's run row: the flags of its rows (monitor_run_flags);
	 * NULL: none */
	const struct run_info *run;
};


/*
 * Run the benchmarks.  Returns 0 when every row is OK or SKIPPED, 1 when
 * any is not, and sets *interrupted when SIGINT/SIGTERM stopped the run.
 */
int runner_run(const struct runner_opts *, const struct bench_info *const *,
    size_t n, runner_sink_fn, void *arg, int *interrupted);

/*
 * An external program measured as a case (boardbench exec): run `repeat`
 * times through spawn (its argv, no shell, its own process group, at
 * most timeout seconds a run), each run's figure its wall time or, with
 * figure, the number its first group captures in the run's stdout, else
 * its stderr.
 */
struct runner_program {
	char *const *argv;
	unsigned repeat;
	double timeout;
	const regex_t *figure;		/* NULL: the wall time */
};

/*
 * Measure program p as one case, watched as runner_run() watches a
 * benchmark's (o: monitor, cool-down, run; the rest unused): r, the
 * case's row with its names, unit and direction, gets the runs' figures
 * as samples until a run fails (then its status and reason say why; the
 * figures so far are kept).  The finished row goes to the sink (r is
 * released), then its energy row, then NULL.  Returns 0 when the row is
 * OK, 1 when not.
 */
int runner_exec(const struct runner_opts *o, const struct runner_program *p,
    struct result *r, runner_sink_fn sink, void *arg);

/* What the monitor's checks before a run found (runner_checks()). */
struct runner_checks {
	int governor;			/* a policy is not "performance" */
	char governor_msg[400];		/* which: "ondemand (policy0)" */
	double waited;			/* --wait-idle: seconds waited */
	int idle;			/* ... and the machine settled */
	double busy;			/* others' CPU use in cores; NAN:
					 * not probed or unknown */
	int busy_warn;			/* busy enough to say so */
};

/*
 * Before a run: the governors of the policies covering cpus (NULL or
 * empty: all); with wait_idle, the wait (wait_max seconds at most) until
 * other processes use < 5 % of a core, else on a terminal (tty) a short
 * probe of how busy they keep it.  tty: the wait is said on stderr.
 */
struct cpuset;
void runner_checks(const struct cpuset *cpus, int wait_idle,
    double wait_max, int tty, struct runner_checks *c);

/*
 * Install the SIGINT/SIGTERM handlers that stop a run cleanly (and any
 * spawn_run() in progress: spawn_interrupt()); they set the stop flag
 * (stopflag.h).
 */
void runner_signals_install(void);

/*
 * Parse a CPU list "0,2-3" against the online CPUs; error line and -1
 * on bad input.
 */
int cpu_list_parse(const char *s, int **cpus, size_t *n);
/* Number of online CPUs. */
int cpu_online_count(void);

#endif
