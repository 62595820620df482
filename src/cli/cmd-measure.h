/*
 * cmd-measure.h - the measuring options `run` and `exec` share, parsed
 * by one function for both (cmd-measure.c): where the rows go (--format,
 * --db, --no-save), how long a case may take (--timeout) and how the
 * cases are watched (--hot-temp, --no-monitor, --cool-down, --wait-idle,
 * --wait-max, --measure-clock).  A command's option table lists those it
 * has; the parser takes any of them it is given.
 */
#ifndef BOARDBENCH_CMD_MEASURE_H
#define BOARDBENCH_CMD_MEASURE_H

/* Monitoring options and what the checks before the run found. */
struct watch_opts {
	double hot_temp, cool_down, wait_max;
	int wait_idle, measure_clock, no_monitor;
};

/* The measuring options of a command line. */
struct measure_args {
	const char *cmd;		/* "run", "exec": named in messages */
	const char *format, *db;
	int nosave;
	double timeout;			/* seconds a case (exec: a run) */
	struct watch_opts wo;
};

/*
 * Defaults: text, the store, --hot-temp 80, --wait-max 600, timeout
 * seconds (0: the profile's).
 */
void measure_args_init(struct measure_args *m, const char *cmd,
    double timeout);
/*
 * Option key c with its argument: 0 taken, -1 a bad value (said on
 * stderr, exit status EXIT_USAGE), 1 not a measuring option.
 */
int measure_opt_one(struct measure_args *m, int c, const char *arg);
/* Them together (a known format, not --db with --no-save): 0 or
 * EXIT_USAGE (said). */
int measure_args_check(const struct measure_args *m);

/* A seconds option of cmd: a number in [lo, hi]; 0 or -1 (said). */
int measure_seconds_opt(const char *cmd, const char *name, const char *v,
    double lo, double hi, double *out);

#endif
