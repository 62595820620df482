/*
 * bench.h - the only interface a benchmark sees.
 *
 * A benchmark is one file under bench/ that ends with its descriptor,
 *     const struct bench_info bench_<name>_info = { ... };
 * and one X(<name>) line in bench/bench-list.h.
 *
 * Division of labour (doc/DESIGN.md section 2):
 *   - plan() names the cases a run will measure (cheap, in the parent);
 *   - setup() builds inputs for one case, untimed, in a child process;
 *   - run() does `iters` units of work and nothing else: it never prints,
 *     reads a clock, exits or allocates on the hot path (the exceptions
 *     are self-timed kernels, BENCH_REPORTED, which read the clock
 *     themselves: null, a calibration device with a known truth, pingpong
 *     and wakeup; doc/DESIGN.md section 1 and tests/cli/t-layers.sh);
 *   - verify() checks the last output against a known answer, untimed;
 *   - teardown() releases what setup() made.  It follows every setup()
 *     that returned 0, and only those: a setup() that fails or skips
 *     releases what it made itself (tests/unit/t-runner.c checks it).
 * The runner calibrates, times, repeats, aggregates and isolates crashes.
 *
 * Adding a benchmark touches bench/, its test and the man page, and
 * nothing in src/, which names no benchmark (tests/cli/t-layers.sh
 * checks it; tests/unit/t-recipe.c adds one so and sees it shown):
 *   1. write bench/<area>/<area>-<name>.c ending in its bench_info, which holds
 *      everything about it: its cases and parameters, its headline rows
 *      (headlines, headline_rank), how its rows are quoted (quotes), how
 *      its case names split (case_key, case_size, chart) and its
 *      --classic view (classic).  Its parameters are a struct of its own
 *      with a field per parameter (struct linpack_params { long long n;
 *      ... }), a table of rows made with BENCH_PARAM_INT(struct
 *      linpack_params, n) and the like, and params_size = sizeof the
 *      struct; its hooks read bench_params(ctx), never a name (the
 *      struct goes in its header when a test reads it too);
 *   2. add X(<name>) to bench/bench-list.h;
 *   3. add the file to its area's fragment, bench/<area>/<area>.am (a new
 *      group needs nothing more: its X() lines stand together);
 *   4. add a known-answer test under tests/kat/, listed in that fragment;
 *   5. describe it and its parameters in man/boardbench.1.
 */
#ifndef BOARDBENCH_BENCH_H
#define BOARDBENCH_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define BENCH_HIGHER	1	/* a larger value is better (rates) */
#define BENCH_LOWER	(-1)	/* a smaller value is better (latencies) */

/* bench_info.flags */
#define BENCH_CPU	 0x02u	/* a CPU kernel: --copies applies */
#define BENCH_NO_COPIES	 0x10u	/* never run as several copies */
#define BENCH_COUNT_WORK 0x20u	/* self-timed, but `work` is real: cycles
				 * and instructions per unit of it */
#define BENCH_WAITS	 0x40u	/* waits by design (sleeps, I/O): CPU time
				 * below wall time is not preemption */

/* How a sample value is derived from `iters` units of `work` in `seconds`. */
enum bench_kind {
	BENCH_RATE = 0,		/* value = work * iters / seconds (B/s, flop/s) */
	BENCH_TIME,		/* value = seconds / (work * iters)  (s/op) */
	BENCH_REPORTED,		/* value given by the kernel via bench_report() */
	BENCH_SERIAL		/* not measured: see bench_case.part */
};

enum bench_ptype {
	BENCH_P_INT = 1,	/* integer in [min, max]; k/M/G (1000) and
				 * K/Ki/Mi/Gi (1024) suffixes accepted */
	BENCH_P_REAL,		/* real number in [min, max] */
	BENCH_P_BOOL,		/* yes/no, true/false, 1/0, on/off */
	BENCH_P_STR,		/* free text (checked by check() if given) */
	BENCH_P_CHOICE,		/* one word from `choices` ("a|b|c") */
	BENCH_P_LIST,		/* comma list of words from `choices`, or any
				 * word when choices is NULL (check() may refuse) */
	BENCH_P_INTLIST		/* comma list of integers, each in [min, max] */
};

/*
 * The value of a LIST parameter: its words in the order given, each once
 * (items[0 .. n-1]).  The runner owns the storage; it lives as long as
 * the context.
 */
struct bench_list {
	size_t n;
	const char *const *items;
};

/* The value of an INTLIST parameter: v[0 .. n-1], each once. */
struct bench_ints {
	size_t n;
	const long long *v;
};

/*
 * One named parameter.  Defaults are strings in the syntax the user types;
 * `quick` and `full` override `def` in those profiles (NULL: same as def).
 *
 * Its value is parsed once, before plan(), into a field of the
 * benchmark's own parameter struct (bench_info.params_size bytes, read
 * with bench_params()), at `offset`, `size` bytes, whose C type follows
 * from `type`:
 *   INT long long, REAL double, BOOL int (0 or 1), STR and CHOICE
 *   const char * (the canonical text), LIST struct bench_list,
 *   INTLIST struct bench_ints.
 * Fill name, type, offset and size with the BENCH_PARAM_* macros below,
 * which take the struct type and the field: a misspelt field or one of
 * the wrong type does not compile.
 */
struct bench_param {
	const char *name;
	enum bench_ptype type;
	double min, max;
	const char *def, *quick, *full;
	const char *choices;
	const char *help;
	/* optional extra check: 0 = fine, else fill err and return -1 */
	int (*check)(const char *value, char *err, size_t errlen);
	size_t offset, size;	/* its field in the parameter struct */
};

/*
 * offset and size of field f of struct type T, which must have the C type
 * ctype (_Generic has no other branch, so another type is an error).
 * For a field in a nested struct (f = "common.sizes"), with .name given.
 */
#define BENCH_PARAM_AT(T, f, ctype) \
	.offset = offsetof(T, f) + \
	    0 * sizeof(char[_Generic(((T *)0)->f, ctype: 1)]), \
	.size = sizeof(((T *)0)->f)
/* A parameter named as its field f of T: name, type, offset, size. */
#define BENCH_PARAM_INT(T, f) .name = #f, .type = BENCH_P_INT, \
	BENCH_PARAM_AT(T, f, long long)
#define BENCH_PARAM_REAL(T, f) .name = #f, .type = BENCH_P_REAL, \
	BENCH_PARAM_AT(T, f, double)
#define BENCH_PARAM_BOOL(T, f) .name = #f, .type = BENCH_P_BOOL, \
	BENCH_PARAM_AT(T, f, int)
#define BENCH_PARAM_STR(T, f) .name = #f, .type = BENCH_P_STR, \
	BENCH_PARAM_AT(T, f, const char *)
#define BENCH_PARAM_CHOICE(T, f) .name = #f, .type = BENCH_P_CHOICE, \
	BENCH_PARAM_AT(T, f, const char *)
#define BENCH_PARAM_LIST(T, f) .name = #f, .type = BENCH_P_LIST, \
	BENCH_PARAM_AT(T, f, struct bench_list)
#define BENCH_PARAM_INTLIST(T, f) .name = #f, .type = BENCH_P_INTLIST, \
	BENCH_PARAM_AT(T, f, struct bench_ints)

struct bench_ctx;
struct result;

/*
 * Derived rows: figures the runner computes from a case's verified main
 * samples and, for some, the CPU clock, which a kernel never sees.  A case
 * points `derived` at a table ending in { NULL }; each entry becomes a row
 * `<case>/<name>` after the main row (from the aggregate when copies ran):
 *   BENCH_D_SCALE    value * scale                 (DMIPS = dhry/s / 1757)
 *   BENCH_D_PER_MHZ  value per copy * scale / MHz  (DMIPS/MHz, MWIPS/MHz)
 *   BENCH_D_CYCLES   cycles per unit of work * scale (cycle/B); scale 0
 *                    means per iteration (* the case's work).  From the
 *                    cycle counter when it counted, else from the clock.
 * The clock is sysinfo_cpu_mhz() (the clock measured this boot, loaded
 * once per run, else cpufreq's maximum) of the first --cpu CPU, else of
 * the fastest online CPU; the row names it in the extra "clock:<source>"
 * (cpufreq, measured, or counter: the cycles counted per second), in MHz.
 * Without a clock a row that needs one is SKIPPED and flagged noclock.
 */
enum bench_derive {
	BENCH_D_SCALE = 0,
	BENCH_D_PER_MHZ,
	BENCH_D_CYCLES
};

struct bench_derived {
	const char *name;	/* row `<case>/<name>` */
	const char *unit;	/* "DMIPS", "DMIPS/MHz", "cycle/B" */
	enum bench_derive how;
	double scale;
};

/* One case of a benchmark: one result row. Filled in by plan(). */
struct bench_case {
	char name[96];		/* "double-rolled", "sha256/openssl/8192" */
	char unit[16];		/* base unit of the value: "flop/s", "B/s", "s" */
	enum bench_kind kind;
	int better;		/* BENCH_HIGHER or BENCH_LOWER */
	double work;		/* units of work per iteration (RATE, TIME,
				 * and REPORTED with BENCH_COUNT_WORK) */
	int id;			/* for the benchmark's own use */
	intptr_t arg;		/* for the benchmark's own use */
	unsigned flags;		/* BENCH_CPU etc. overriding the bench's */
	const struct bench_derived *derived;	/* derived rows, or NULL */
	double iter_seconds;	/* the longest one iteration may take on the
				 * slowest board (0: short); the time limit
				 * grows to fit the iterations a case needs */
	/*
	 * BENCH_SERIAL: the case is the work of two earlier cases of the
	 * plan, part[0] and part[1] (their indices), done one after the
	 * other, and the runner makes its rows from theirs, figure by
	 * figure (its own row from theirs, each derived row from theirs):
	 * with w their work and v their figures, a rate (better higher) is
	 * (w0 + w1) / (w0 / v0 + w1 / v1), total work over total time (equal
	 * work: the harmonic mean, Linpack's "average"), a cost per unit
	 * (better lower) (w0 v0 + w1 v1) / (w0 + w1); either way it lies
	 * between the two.  Its flags are theirs; setup() and run() are
	 * never called for it.
	 */
	int part[2];
	unsigned variants;	/* per-process variants (0 or 1: none); see
				 * bench_variant() */
};

/*
 * Phases: when a benchmark gives them, one iteration is
 *     prepare() (untimed overhead) then each phase, timed on its own;
 * the sample time is the sum of the phase times. Per-phase totals are kept
 * with the row (and shown by --classic); a phase with `row` set also gets a
 * row of its own, `<case>/<phase>`, with `work` units per iteration.
 */
struct bench_phase {
	const char *name;
	int (*fn)(struct bench_ctx *, const struct bench_case *);
	double work;		/* per iteration, for a phase row; 0: none */
	const char *unit;	/* unit of the phase row ("flop/s") */
	int row;
};

/*
 * Headline rows: the figures people quote, shown above the text view's
 * table and in the report (src/output/headline.c picks them).  A row of the
 * benchmark (OK, copy 0) is an item when its case is `prefix`, then a
 * middle, then `suffix`; `mid` says which middles: NULL none, "*" a word
 * without '/' (a library name), else "" or that text.  With `largest`
 * the middle is a size and only the row of the largest size is taken.
 * The item reads "label (middle)"; a size middle goes beside the label.
 */
struct bench_headline {
	const char *prefix, *mid, *suffix, *label;
	int largest;
};

/*
 * How a row's figure is quoted to people (text view, compare, report;
 * CSV, TSV and JSON keep base units), where the unit alone does not say
 * (src/output/fmt.c quotes flop/s as MFLOPS, B/s as MB/s, ... for every
 * benchmark).  A row of the benchmark in `unit` (and of case `case_name`,
 * unless NULL) shows as value / div in `name` (the first entry that
 * matches); BENCH_Q_WHOLE: the number rounded to a whole one,
 * BENCH_Q_TIMES: the number followed by "x", BENCH_Q_HUMAN: scaled to
 * k, M, G with `name` as the base unit ("65.43 kFFT/s").
 */
#define BENCH_Q_WHOLE	0x1u
#define BENCH_Q_TIMES	0x2u
#define BENCH_Q_HUMAN	0x4u
struct bench_quote {
	const char *unit, *case_name;
	double div;
	const char *name;
	unsigned how;
};

/*
 * The report's chart of a benchmark whose case names carry a size
 * (bench_info.case_size): its figure against the size, one line per run
 * and series.  Charts come by rank, smallest first; the y value plotted
 * is the row's value * ymul / ydiv (s to ns: 1e9, 1).
 */
struct bench_chart {
	int rank;
	const char *heading;	/* "Memory latency" */
	const char *title;	/* "Memory latency by working set (log axes)" */
	const char *ylabel;	/* "ns per load" */
	double ymul, ydiv;
	int logy;		/* a log y axis */
	void (*yfmt)(double, char *, size_t);	/* y tick text (NULL: %g) */
};

struct bench_info {
	const char *name, *group, *description;
	const char *unit;		/* primary unit, for `list` */
	int better;			/* default for cases */
	unsigned flags;
	const struct bench_param *params;	/* terminated by { NULL } */
	size_t params_size;		/* sizeof its parameter struct */

	int  (*supported)(char *why, size_t len);	/* 0 = runnable */
	int  (*plan)(struct bench_ctx *);		/* bench_add_case() ... */
	int  (*setup)(struct bench_ctx *, const struct bench_case *);
	int  (*prepare)(struct bench_ctx *, const struct bench_case *);
	int  (*run)(struct bench_ctx *, const struct bench_case *, uint64_t iters);
	const struct bench_phase *(*phases)(const struct bench_case *);
	int  (*verify)(struct bench_ctx *, const struct bench_case *);
	void (*teardown)(struct bench_ctx *, const struct bench_case *);

	/*
	 * --classic: print the traditional report for this benchmark from
	 * its finished rows (a formatter: no measuring here).
	 */
	void (*classic)(FILE *, const struct bench_info *,
	    const struct result *const *rows, size_t nrows);

	const char *unavailable;	/* "built without libgcrypt" */

	/*
	 * Sampling overrides for this benchmark (0: the profile's), used
	 * unless the user gave --min-sample / --budget / --warmup: a
	 * benchmark with hundreds of short cases (crypto) keeps a run short
	 * this way.
	 */
	double min_sample, budget;
	/*
	 * Fewest samples per case (0: the profile's): a self-timed benchmark
	 * whose every sample lasts seconds (iperf3) keeps a run short so.
	 */
	unsigned min_samples;
	double warmup;			/* seconds of warm-up per case */

	/*
	 * The headline rows, terminated by { NULL } (NULL: none).  The
	 * headline lists benchmarks by headline_rank, smallest first (ties
	 * in bench-list.h order): cpu 10-30, crypto 40-60, memory 70-80,
	 * storage 90, network 100.
	 */
	const struct bench_headline *headlines;
	int headline_rank;
	/* how rows are quoted, terminated by { NULL } (NULL: by unit only) */
	const struct bench_quote *quotes;

	/*
	 * How its case names split, for compare and the report (NULL: they
	 * do not).  case_key: the name compare matches on, when names
	 * changed form: an old one in today's form ("read/33554432" is
	 * "read/32MiB"); returns buf, or name when it stands.  case_size:
	 * the size in bytes a name carries and, in series (when not NULL),
	 * the rest of it ("copy/1MiB/thp": 1048576 and "copy thp"); NaN
	 * for a name without one.
	 */
	const char *(*case_key)(const char *name, char *buf, size_t len);
	double (*case_size)(const char *name, char *series, size_t len);
	const struct bench_chart *chart;	/* NULL: none */
};

/*
 * The benchmark's parameter struct (bench_info.params_size bytes), every
 * field parsed from its resolved, range-checked value before plan():
 *     const struct linpack_params *p = bench_params(ctx);
 * Read only; valid for the context's life (plan() to teardown()).
 */
const void *bench_params(const struct bench_ctx *);
/* Which profile is running: "quick", "standard" or "full". */
const char *bench_profile(const struct bench_ctx *);

/* plan(): add a case; returns it so fields can be adjusted, NULL on error. */
struct bench_case *bench_add_case(struct bench_ctx *, const char *name,
    const char *unit, enum bench_kind kind, double work);

/* The benchmark's private state across setup/run/verify/teardown. */
void *bench_priv(const struct bench_ctx *);
void bench_set_priv(struct bench_ctx *, void *);

/*
 * Which of a CPU case's measuring processes (--processes) this is: 0 for
 * the first, or when the case runs in one.  For the self-test (null.vary);
 * a real kernel measures the same in every process.
 */
unsigned bench_process(const struct bench_ctx *);

/*
 * Per-process variants: a CPU case whose speed depends on something a
 * process cannot change once it runs, such as where the kernel's code
 * lies (Dhrystone: copies of its code at several offsets modulo the
 * cache line), sets `variants` to N in plan() and runs variant
 * bench_variant() (0 .. N-1) from setup() on.  The runner measures it in
 * at least N processes (a multiple of N: the smallest not below
 * --processes), process K running variant K mod N (in a paired run, pair
 * K of every build runs the same one, in both orders), and reports the
 * geometric mean over the variants of each variant's median over its
 * processes (placements are a random factor); the row's CV is the
 * spread across all its processes, so the variants' spread is part of
 * it, while `noisy` reads only the spread within a variant, and the
 * extras variant:K, variant:fastest and variant:slowest give each
 * variant's figure and the extremes.  --copies runs variant 0
 * in every copy.  0 when the case has none.
 */
unsigned bench_variant(const struct bench_ctx *);

/* Why a hook failed; shown as the row's reason. Returns -1. */
int bench_fail(struct bench_ctx *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * setup(): this case cannot run here (an algorithm missing from a library
 * build, say); the row is SKIPPED with the reason.  Returns BENCH_SKIP,
 * which setup() returns in turn.
 */
#define BENCH_SKIP (-2)
int bench_skip(struct bench_ctx *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Self-timed kernels: the value of this sample in the case's unit. */
void bench_report(struct bench_ctx *, double value);
/* Extra per-sample figure that becomes a row `<case>/<name>` of its own. */
void bench_metric(struct bench_ctx *, const char *name, const char *unit,
    int better, double value);
/*
 * The same for a figure that describes a spread by its nature (a minimum,
 * a tail percentile, a maximum, a count of rare events, a CPU load
 * share): it varies from sample to sample however steady the machine, so
 * its row shows its CV but is never flagged noisy.
 */
void bench_metric_spread(struct bench_ctx *, const char *name,
    const char *unit, int better, double value);
/*
 * A named figure attached to the row (not a row of its own), e.g. the
 * normalised residual verify() computed; shown by JSON and --classic.
 * The value used for a parameter given as "auto" (Linpack's lda=0, 2n)
 * is the extra "param:<name>": the parameter line of the text view shows
 * it in place of the value given.
 */
void bench_extra(struct bench_ctx *, const char *name, double value);
/* Monotonic seconds, for self-timed kernels only. */
double bench_now(void);

/* Keep a value observable so the compiler cannot delete the work. */
extern volatile uint64_t bench_sink_u64;
extern volatile double bench_sink_f64;
static inline void bench_sink(uint64_t v) { bench_sink_u64 += v; }
static inline void bench_sink_double(double v) { bench_sink_f64 += v; }

#endif
