/*
 * perfctr.h - user-space cycle and instruction counts around a sample,
 * through perf_event_open where the kernel and the CPU allow it.
 *
 * A window is two snapshots; perfctr_delta() turns them into counts.
 * When the kernel shared the counters with other events (multiplexing),
 * each counted only part of the window: the counts are scaled by
 * time_enabled / time_running over the window and the result says so.
 * A window in which the counters never ran gives no figure at all.
 */
#ifndef BOARDBENCH_PERFCTR_H
#define BOARDBENCH_PERFCTR_H

#include <stddef.h>
#include <stdint.h>

/* One reading of the counter group. */
struct perfctr_snap {
	uint64_t cycles, instr;
	uint64_t enabled, running;	/* ns the group was enabled / counting */
};

/*
 * Where snapshots come from: the kernel, or (unit tests) a fake source
 * that fills s and returns 0, or -1 for a failed read.
 */
typedef int (*perfctr_source_fn)(void *arg, struct perfctr_snap *s);

struct perfctr {
	int fd_cycles, fd_instr;
	int kernel;			/* 1: kernel mode is counted too */
	int err;			/* errno of a refused open, else 0 */
	int err_instr;			/* 1: the refused open was instructions'
					 * (cycles opened: QEMU's PMU) */
	perfctr_source_fn source;	/* NULL: the kernel's counters */
	void *source_arg;
};

/* perfctr_open_ex() flags */
#define PERFCTR_TRY_KERNEL 0x01u	/* count kernel mode too if allowed */

/*
 * Unit tests only: when set, every perfctr_open*() opens a fake reading
 * from this source (so the runner's own counting can be tested on a
 * machine without counters).
 */
extern perfctr_source_fn perfctr_test_source;
extern void *perfctr_test_arg;

/* 0: counting works; -1: why is filled ("perf_event_open: ...") */
int perfctr_open(struct perfctr *, char *why, size_t len);
int perfctr_open_ex(struct perfctr *, unsigned flags, char *why, size_t len);
/*
 * Why counters are refused, from the errno a refused open left in pc.err
 * and which counter it was (pc.err_instr), in perfctr_open's words: for
 * a reason recorded with a result.
 */
void perfctr_why(int err, int instr, char *why, size_t len);
/* Unit tests: an open perfctr reading from fn instead of the kernel. */
void perfctr_open_fake(struct perfctr *, perfctr_source_fn fn, void *arg);
/* One snapshot: 0, or -1 when not open or the read failed. */
int perfctr_snap(const struct perfctr *, struct perfctr_snap *);

/* perfctr_delta() results */
#define PERFCTR_EXACT	0	/* counted the whole window */
#define PERFCTR_SCALED	1	/* multiplexed: scaled by enabled/running */
#define PERFCTR_NONE	(-1)	/* no figure (never ran, or went back) */
/*
 * Counts between snapshots a and b (b later); cycles and instr are NAN
 * when the result is PERFCTR_NONE.
 */
int perfctr_delta(const struct perfctr_snap *a, const struct perfctr_snap *b,
    double *cycles, double *instr);

/*
 * Current counts since open, scaled when multiplexed; -1 when not open or
 * the read failed or the counters never ran.
 */
int perfctr_read(const struct perfctr *, uint64_t *cycles, uint64_t *instr);
void perfctr_close(struct perfctr *);

#endif
