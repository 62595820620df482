/*
 * runner-int.h - the benchmark context behind bench.h, shared by the runner,
 * its child side and the known-answer tests (which drive a benchmark's hooks
 * directly, without forking or timing); and the parts the parent's files
 * (runner.c, runner-measure.c, runner-rows.c) share.
 */
#ifndef BOARDBENCH_RUNNER_INT_H
#define BOARDBENCH_RUNNER_INT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "registry.h"
#include "monitor.h"
#include "result.h"
#include "runner.h"

#define CTX_MAX_METRICS 32
#define CTX_MAX_EXTRAS 32

struct ctx_metric {
	char name[48], unit[16];
	int better;
	int spread;		/* bench_metric_spread(): no noise verdict */
	double value;		/* this sample's value */
	int set;
};

struct bench_ctx {
	const struct bench_info *info;
	const char *profile;
	char **values;			/* resolved, one per parameter */
	size_t nvalues;
	char params[256];		/* canonical "n=200,precision=double" */
	void *typed;			/* the parameter struct, bench_params() */
	struct bench_case *cases;
	size_t ncases;
	void *priv;
	unsigned process;		/* bench_process() */
	unsigned variant;		/* bench_variant() */
	char reason[160];
	/* per sample, for self-timed kernels and metrics */
	double reported;
	int have_reported;
	struct ctx_metric metrics[CTX_MAX_METRICS];
	size_t nmetrics;
	struct extra extras[CTX_MAX_EXTRAS];	/* bench_extra() */
	size_t nextras;
};

/*
 * Make a context for b with resolved parameters (params may be NULL:
 * profile defaults).  Runs plan() unless unavailable.  Returns NULL with
 * an error printed when plan() fails.
 */
struct bench_ctx *bench_ctx_new(const struct bench_info *b,
    const char *profile, const struct param_set *params);
void bench_ctx_free(struct bench_ctx *);

/*
 * The one parser of parameter values: vals[i], the text of b's parameter
 * i, into its field of the parameter struct `out` (b->params_size bytes,
 * zeroed).  A value not valid for its parameter (type, range, choices) is
 * refused: -1 with err filled, before any hook of b runs.  STR and CHOICE
 * fields point into vals, which must outlive out; list fields own storage
 * that bench_params_release() frees (also after a failure).
 */
int bench_params_parse(const struct bench_info *b, char *const *vals,
    void *out, char *err, size_t errlen);
void bench_params_release(const struct bench_info *b, void *out);

/*
 * The time limit of case c: the run's, or, when the case says how long one
 * iteration may take on the slowest board (iter_seconds) and the user gave
 * no --timeout, long enough for the iterations the case needs.
 */
struct runner_opts;
struct child_plan;
double runner_case_timeout(const struct runner_opts *,
    const struct child_plan *, const struct bench_case *);

/*
 * For tests: setup, run(iters) (or prepare+phases per iteration), verify,
 * teardown on case i, untimed.  0 when every hook succeeded and verify
 * passed; -1 otherwise with ctx->reason filled; *verify_failed tells which.
 */
int bench_ctx_exercise(struct bench_ctx *, size_t i, uint64_t iters,
    int *verify_failed);

/*
 * The variant (bench.h, bench_variant) that measuring process `process`
 * of a case with `variants` variants runs: the process's index modulo
 * their number, 0 when the case has none.  The child and the parent
 * both read it here.
 */
static inline unsigned
runner_variant_of(unsigned process, unsigned variants)
{
	return variants > 1 ? process % variants : 0;
}

/*
 * Is a CPU case whose n samples include `preempted` ones that got well
 * under a CPU's worth of their wall time flagged preempted?  When more
 * than a quarter were: a median ignores a few, and one slice lost to a
 * daemon is no reason to doubt the figure.
 */
static inline int
runner_preempted(size_t preempted, size_t n)
{
	return 4 * preempted > n;
}

/*
 * Several processes: the statistics of row r (its pooled samples already
 * set) from pm[0..np-1], each process's median in the order they ran
 * (process K ran variant runner_variant_of(K, nvar)).  The figure is the
 * median over processes; with variants (nvar > 1, code placements) the
 * geometric mean over the variants of each variant's median over its
 * processes: placements are a random factor, and the figure the
 * expectation over layouts (a median of 8 placements in two groups sits
 * between them, at a speed no placement runs at).  The mean, standard
 * deviation and classic CV are those of all np processes (so the
 * variants' spread is part of the CV); the row is noisy when the
 * processes spread about their own variant's median (cv:within, a
 * robust spread: 1.4826 times the median absolute log residual) by more
 * than RESULT_NOISY_CV, and flagged layout (layout:spread, the slowest to
 * fastest placement) when the variants fall into two groups
 * (runner_layout_gap()).  Extras: proc:K (each process's median),
 * cv:samples (the pooled samples' CV), cv:within and, with variants,
 * variant:K (each variant's figure), variant:fastest and variant:slowest.
 */
void runner_row_procs(struct result *r, const double *pm, size_t np,
    unsigned nvar);

/* the least gap in log between two groups of placements (about 5 %) */
#define RUNNER_LAYOUT_GAP	0.05
/*
 * Do the variants' figures vm[0..nv-1] fall into two groups?  Their
 * widest gap (in log, each side two variants at least) is at least
 * RUNNER_LAYOUT_GAP, half their whole spread and four times the noise
 * within a variant (within, a CV; NAN: unknown).  Returns the spread
 * slowest to fastest (a fraction, 0.6 for 60 %) when so, else 0.
 */
double runner_layout_gap(const double *vm, size_t nv, double within);

/*
 * Fill the derived row r (bench.h, struct bench_derived) of case c from
 * its n main samples v (the aggregate when copies ran), div (the copies
 * when the aggregate is their sum, else 1), the cycles counted per unit of
 * work per sample (NULL: none) and the clock (mhz 0: unknown; source
 * names it).  Sets unit, better, status, samples, flags and the
 * "clock:<source>" extra.  Returns 0, or -1 when the row is SKIPPED
 * (noclock) because it needs a clock and none is known.
 */
int runner_derived_fill(struct result *r, const struct bench_derived *d,
    const struct bench_case *c, const double *v, const double *cyc,
    size_t n, double div, double mhz, const char *source);

/*
 * Fill row r (named, its parameters set) of a BENCH_SERIAL case (bench.h,
 * bench_case.part) from the same rows a and b of its parts, whose work
 * per iteration is wa and wb: unit, better and copies are theirs.  Both
 * OK: r is OK, its value theirs combined (always between the two), its
 * samples and process medians (proc:K) theirs paired in order and
 * combined (its spread), its flags both rows', its phase times and
 * iterations their sums, any other extra both carry the larger.  Else r
 * is SKIPPED: with the reason and noclock flag of a part SKIPPED, or
 * naming the part that is not OK.
 */
void runner_serial_fill(struct result *r, const struct result *a, double wa,
    const struct result *b, double wb);

/*
 * ---- the parent's parts: runner.c (the run loop), runner-measure.c (one
 * case measured) and runner-rows.c (its rows) share these ------------------
 */

struct runner_build;

/* progress on a terminal (runner.c keeps it, runner-progress.c shows it) */

struct progress {
	int on;
	size_t i, n;
	double start, est_total, est_done;
	const char *bench, *cname;
};

/* Show p's line, case_elapsed seconds into its case (when p->on). */
void runner_progress_show(const struct progress *p, double case_elapsed);

/* one case's messages, per copy or process (runner-measure.c) */

struct metric_acc {
	char name[48], unit[16];
	int better;
	int spread;		/* no noise verdict: bench_metric_spread() */
	double *v;
	size_t n;
	double *pm;		/* several processes: each one's median */
	size_t npm;
};

struct copy_acc {
	pid_t pid;
	int done, waited, wstatus, ready;
	enum result_status status;
	char reason[160];
	double *v, *secs, *cyc, *ins;
	size_t n;
	double *cpu, *wall;		/* per sample: CPU and wall seconds */
	size_t ncpu;
	double *wv, *wn, *ws, *we;	/* per common window (copies): mean
					 * value, samples, start and end */
	size_t nw;
	uint64_t iters;
	double iters_most;		/* the largest count of an appended
					 * process over iters (0: none) */
	struct metric_acc *m;
	size_t nm;
	struct extra *x;
	size_t nx;
};

/* one case measured: its copies' or processes' messages, its status */

struct case_run {
	struct copy_acc *acc;
	unsigned ncopies;
	double window;			/* copies: seconds of each window */
	double *pmed;			/* processes sampled: their medians */
	double *pcmed;			/* ... per CPU second (NAN: not a CPU
					 * kernel's, or no CPU time) */
	size_t np;
	int no_aslr;
	int cpu;			/* the one CPU its processes ran on
					 * (runner_case_cpu()), -1: none */
	enum result_status status;	/* overall: worst of the copies */
	char reason[160];
	double seconds;
	unsigned flags;			/* the case's row's: its derived rows' */
};

/*
 * This program's path, argv[0] of re-exec'd children (runner-measure.c;
 * runner_run() sets it).
 */
extern char runner_self_exe[4096];

/*
 * In a forked child: its CPUs, copy `copy` of ncopies (pin >= 0: that
 * one CPU, a paired round's); runner_run() plans under them too.
 */
void child_setup_cpu(const struct runner_opts *o, unsigned copy,
    unsigned ncopies, int pin);

/*
 * Measure case ci of ctx with plan cp into cr (ncopies together, or
 * `procs` processes for a CPU case alone); measure_paired(): the builds'
 * contexts bctx, in rounds on the CPUs cpus[0..ncpus-1], one case_run per
 * build into cr.  Release cr with case_run_release().
 */
/* 1 when every process of cr has a figure per CPU second (pcmed). */
int runner_cpu_units(const struct case_run *cr);
/*
 * A process's figure per CPU second (runner-procs.c): the median over its
 * samples a of each one's value with its wall time replaced by its CPU
 * time, for a CPU kernel timed by the runner that does not wait by
 * design; NAN otherwise or when a sample has no CPU time.
 */
struct bench_case;
double runner_proc_cpu_median(const struct copy_acc *a,
    const struct bench_case *c);

/*
 * The CPU case c's measuring processes are pinned to when ncopies run
 * unpaired: the run's CPU for a CPU kernel alone in an unpinned run
 * (runner_opts.run_cpu), else -1 (as --cpu says).
 */
int runner_case_cpu(const struct runner_opts *o, const struct bench_case *c,
    unsigned ncopies);

void measure_case(const struct runner_opts *o, struct bench_ctx *ctx,
    size_t ci, const struct child_plan *cp, unsigned ncopies, unsigned procs,
    struct case_run *cr, struct progress *pg);
void measure_paired(const struct runner_opts *o,
    struct bench_ctx *const *bctx, size_t ci, const struct child_plan *cp,
    unsigned procs, const int *cpus, size_t ncpus, struct case_run *cr,
    struct progress *pg);
void case_run_release(struct case_run *cr);

/*
 * Add one process's samples, metrics and extras (src) to dst.  dst keeps
 * its iterations per sample (the calibrated count; src's when it has
 * none): src's counter readings (cycles, instructions) are scaled to
 * them, as its samples may have run another count (runner_vary_iters());
 * iters_most keeps the largest such count over dst's.
 */
void runner_acc_append(struct copy_acc *dst, const struct copy_acc *src);

/* rows (runner-rows.c) */

/* A row of ctx's benchmark for case c (NULL: "-"), named c/suffix. */
void runner_row_init(struct result *r, const struct bench_ctx *ctx,
    const struct bench_case *c, const char *suffix);
/* Give row r to the sink (*stop when it says so), release it; *bad when
 * r is neither OK nor SKIPPED. */
int runner_emit(runner_sink_fn sink, void *arg, struct result *r, int *bad,
    int *stop);
/* A planned case's rows were all given: the sink hears NULL (runner.h). */
void runner_case_done(runner_sink_fn sink, void *arg, int *stop);
/* A finished case's rows: per copy, its own, its metrics'; then its
 * derived rows (of a build that runs emulated: none from the clock). */
void runner_case_rows(const struct bench_ctx *ctx, const struct bench_case *c,
    struct case_run *cr, runner_sink_fn sink, void *arg, int *bad,
    int *stop);
void runner_derived_rows(const struct runner_opts *o, int emulated,
    const struct bench_ctx *ctx,
    const struct bench_case *c, const struct case_run *cr,
    runner_sink_fn sink, void *arg, int *bad, int *stop);
/* Is extra `name` a total over samples (summed across processes)? */
int runner_extra_is_total(const char *name);

/* the monitor around each case (runner-watch.c) */

/* What watches the cases of one runner_run() or runner_exec(). */
struct runner_watch {
	struct monitor *mon;		/* NULL: no monitor (--no-monitor) */
	struct monitor_summary sum;	/* of the case whose rows come next */
	char cname[96];			/* that case's name ("": rows made
					 * from earlier rows) */
	double cool_down, wait_max;	/* runner_opts' */
	int tty;
	int no_sensor_said;		/* --cool-down without a sensor: told */
};

/*
 * A build's sink behind the watch: runner_watch_row() finishes each row
 * (the summary's flags and mon.* extras, the run's flags from its run
 * row, the energy row after a case's own row) and gives it to sink.
 */
struct runner_watch_sink {
	struct runner_watch *w;		/* shared by the builds */
	runner_sink_fn sink;
	void *arg;
	const struct run_info *run;	/* NULL: no run flags */
};

/* From o: the monitor made (o->monitor), the cool-down asked. */
void runner_watch_init(struct runner_watch *w, const struct runner_opts *o);
void runner_watch_release(struct runner_watch *w);
/*
 * Before case ci of benchmark `bench` (named cname) starts its children:
 * the cool-down wait before a benchmark's first case, then the monitor's
 * case begin, watching CPU cpu alone when its processes are pinned there
 * (-1: the run's CPUs); after they were all reaped: its summary for the
 * rows.
 */
void runner_watch_begin(struct runner_watch *w, const char *bench,
    size_t ci, const char *cname, int cpu);
void runner_watch_end(struct runner_watch *w);
/* Before rows made from earlier rows: no summary and no energy is theirs. */
void runner_watch_combined(struct runner_watch *w);
/* 1 when a supply power sensor was found: cases get energy rows. */
int runner_watch_has_power(const struct runner_watch *w);
/* A runner_sink_fn; arg a struct runner_watch_sink. */
int runner_watch_row(void *arg, struct result *r);

#endif
