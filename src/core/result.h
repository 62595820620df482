/*
 * result.h - one result row and one run, as stored, printed and exported.
 * Values are always in base units (s, B/s, flop/s, op/s); only the text
 * formatter scales them for people.
 */
#ifndef BOARDBENCH_RESULT_H
#define BOARDBENCH_RESULT_H

#include <stddef.h>
#include <stdint.h>

#include "stats.h"

enum result_status {
	ST_OK = 0,
	ST_SKIPPED,
	ST_FAILED,
	ST_BADRESULT,
	ST_CRASHED,
	ST_TIMEOUT,
	ST_INTERRUPTED
};

/* Validity flags on a row (doc/DESIGN.md section 3). */
#define RF_THROTTLED	0x01u
#define RF_HOT		0x02u
#define RF_BUSY		0x04u
#define RF_NOISY	0x08u
#define RF_NOCLOCK	0x10u	/* per-MHz figure not possible: clock unknown */
#define RF_PREEMPTED	0x20u	/* samples got well under a CPU's worth of
				 * their wall time (extra "preempted": how many) */
#define RF_MULTIPLEXED	0x40u	/* counters shared by the kernel: scaled */
#define RF_EMULATED	0x80u	/* the run was under a user-mode emulator
				 * (qemu-user): timings are not the board's */
#define RF_DRIFTED	0x100u	/* the machine's pace before or after the
				 * case departed from the run's start */
#define RF_LAYOUT	0x200u	/* its code placements fell into two groups
				 * (extra layout:spread): the figure is
				 * their mean, no placement's speed */

/* A named extra figure attached to a row: per-phase seconds and the like. */
struct extra {
	char name[32];
	double value;
};

struct result {
	int64_t id;			/* store row id, 0 when not stored */
	uint32_t seq;			/* order within its run */
	char bench[32], group[16], case_name[96], unit[16];
	char params[256];		/* canonical "n=200,precision=double" */
	int better;			/* +1 higher is better, -1 lower */
	enum result_status status;
	char reason[160];		/* why not OK; signal name for CRASHED */
	double *samples;		/* raw values in `unit` (owned) */
	size_t nsamples;
	struct stats st;
	uint64_t iters;			/* iterations per sample */
	double cycles, instructions;	/* per unit of work, NAN when unknown */
	unsigned flags;			/* RF_* */
	uint32_t copies, copy;		/* copy 0 = the aggregate or only row */
	double seconds;			/* wall time of the case */
	struct extra *extra;		/* owned */
	size_t nextra;
};

/* A run: one invocation of `run` with one build flag set. */
struct run_info {
	int64_t id;
	char uuid[40];
	char started[32], finished[32];	/* ISO 8601 UTC */
	char status[16];		/* running, complete, interrupted */
	char tag[128];
	char profile[16];
	char tool_version[64];
	char *argv;			/* owned: the command line, space-joined */
	/*
	 * The build identity and the system snapshot (owned; NULL when the
	 * run has none): parsed once where the run comes in (store-read.c,
	 * import.c) or probed (run, exec).  Everything that shows
	 * them reads these structs.
	 */
	struct build_info *build;
	struct system_info *system;
	/*
	 * The same identity as the JSON objects that leave the program
	 * (owned references; NULL when none): what the store writes and
	 * export prints, kept as they came so that keys this version does
	 * not know (run checks, newer or older versions) pass through.
	 */
	struct json_t *build_json, *system_json;
};

/*
 * The units a comparison counts (src/compare/ratio.h), kept as extras so that the
 * store, export and import carry them unchanged: PREFIX0, PREFIX1 ...
 * "proc:K", the median of measuring process K (several processes; in a
 * paired run, pair K); "run:K", the median of run K (rows pooled from
 * several runs by compare --pool); "variant:K", the median of the
 * processes that ran variant K (bench.h's bench_variant(); process K ran
 * variant K mod their number), which compare uses as a paired row's
 * strata; "session:K", how many of a pooled row's proc:* came from its
 * run K (0 for a run whose row was not OK), which compare uses to pair
 * pooled paired sessions session by session; "proc-cpu:K", process K's
 * median per CPU second (a CPU kernel's, each sample's wall time replaced
 * by its CPU time), which paired cells compare when both sides have it
 * for every process.
 */
#define RESULT_PROC_EXTRA	"proc:"
#define RESULT_PROCCPU_EXTRA	"proc-cpu:"
#define RESULT_RUN_EXTRA	"run:"
#define RESULT_VARIANT_EXTRA	"variant:"
#define RESULT_SESSION_EXTRA	"session:"
#define RESULT_UNITS_MAX	1024
/*
 * The values of r's extras PREFIX0, PREFIX1 ... in order, up to the first
 * missing one (at most max); returns how many.
 */
size_t result_units(const struct result *r, const char *prefix, double *v,
    size_t max);
/* Replace r's extras PREFIX0 ... by v[0..n-1] (at most RESULT_UNITS_MAX). */
void result_set_units(struct result *r, const char *prefix, const double *v,
    size_t n);
/*
 * The extras variant:fastest and variant:slowest of r from its variants'
 * figures v[0..n-1] (n > 0); fastest: the least when r->better is -1.
 */
void result_set_variant_range(struct result *r, const double *v, size_t n);

/* A row whose robust spread (cv:within) is above this is flagged noisy. */
#define RESULT_NOISY_CV	0.05
/*
 * Set an OK row's samples (a copy of v[0..n-1]) and their statistics,
 * and flag it noisy when they spread more than RESULT_NOISY_CV about
 * their median (stats_log_spread(), kept as the extra cv:within: the
 * spread the figure, a median, feels, so one disturbed sample of three
 * does not flag it).  A row run in processes is judged again on theirs.
 */
void result_set_samples(struct result *r, const double *v, size_t n);

/*
 * The value a kernel resolved for a parameter given as "auto" (Linpack's
 * lda=0 is 2n), kept as the extra PREFIX<name>: param:lda.
 */
#define RESULT_PARAM_EXTRA	"param:"
/*
 * r's parameters as the kernel used them: its canonical text with the
 * value of each parameter that has an extra param:<name> in its place
 * ("n=100,lda=0" with param:lda 200 is "n=100,lda=200").  Returns buf.
 */
char *result_params_used(const struct result *r, char *buf, size_t len);

const char *result_status_name(enum result_status);
int result_status_parse(const char *name, enum result_status *out);
/* "throttled,hot" from RF_* bits; "" for none.  Returns buf. */
char *result_flags_str(unsigned flags, char *buf, size_t len);
unsigned result_flags_parse(const char *s);

void result_release(struct result *);	/* frees what it owns, keeps r */
/* Release rows[0..n) and free the array itself (NULL is fine). */
void result_free_rows(struct result *rows, size_t n);
void result_copy(struct result *dst, const struct result *src);	/* deep */
void result_add_extra(struct result *, const char *name, double value);
int result_get_extra(const struct result *, const char *name, double *out);
/* Remove r's extra NAME, if it has one. */
void result_drop_extra(struct result *, const char *name);
/* (run_info_identity() and run_info_release() are identity's: runinfo.h) */

#endif
