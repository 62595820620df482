/*
 * runner-wire.h - what a measuring child tells the runner: fixed-size
 * messages (each below PIPE_BUF, so writes from several copies on one pipe
 * never interleave), and the plan the runner gives the child.
 */
#ifndef BOARDBENCH_RUNNER_WIRE_H
#define BOARDBENCH_RUNNER_WIRE_H

#include <stddef.h>
#include <stdint.h>

struct bench_ctx;

enum wire_type {
	WIRE_READY = 1,		/* calibrated and warm: v[0] = iters */
	WIRE_SAMPLE,		/* v = value, seconds, cycles, instructions */
	WIRE_METRIC,		/* name, unit, status = better, v[0] = value,
				 * v[1] = 1: a spread figure (no noise verdict) */
	WIRE_EXTRA,		/* name, v[0] = value */
	WIRE_STATUS,		/* status = result_status, text = reason */
	WIRE_CPU,		/* per sample, after it: v = CPU seconds,
				 * wall seconds of the whole sample */
	WIRE_WINDOW		/* copies: status = window, v = mean value,
				 * samples, start, end (monotonic) */
};

struct wire_msg {
	int32_t type;
	int32_t status;
	uint32_t copy;
	uint32_t pad;
	double v[4];
	char name[48];
	char unit[16];
	char text[160];
};

struct child_plan {
	double min_sample, warmup, budget, timeout, target_cv;
	uint32_t min_samples, max_samples;
	uint32_t fixed_samples;		/* copies: exactly this many */
	uint64_t fixed_iters;		/* 0: calibrate */
	/*
	 * copies over one window: after the start barrier each copy samples
	 * until `windows` common deadlines `window` seconds apart, measured
	 * from the start time the runner sends through the barrier.
	 */
	uint32_t windows;
	double window;
	/* a CPU case sampled in several processes: which this is, from 0 */
	uint32_t process;
};

/*
 * In a re-exec'd child (argv[1] == RUNNER_CHILD_ARG): rebuild the
 * context from argv and measure.  Returns the exit status.
 */
#define RUNNER_CHILD_ARG "__measure"
/*
 * The protocol between a runner and the children it starts, which may be
 * another build (run --against): the argv above, struct child_plan in
 * hex and struct wire_msg on the pipe.  Raise it when any of them change;
 * a paired build must say the same version, sizes and byte order
 * (src/runner/pair.c).
 */
#define RUNNER_WIRE_VERSION 1
int runner_child_main(int argc, char **argv);

/* A forked child that cannot measure: report why on fd. */
void child_fail(int fd, uint32_t copy, const char *reason);

/* In the child: measure case ci and report on fd. */
void child_measure(struct bench_ctx *, size_t ci, const struct child_plan *,
    int fd, int go_fd, uint32_t copy);

#endif
