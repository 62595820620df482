/*
 * perfctr.c - cycles and instructions via perf_event_open.
 * Many machines refuse: no PMU (ENOENT, x86 VMs), qemu-user (ENOSYS),
 * perf_event_paranoid (EACCES).  Callers then leave the columns empty.
 *
 * The two counters are one group read in one read(2), with the times the
 * group was enabled and actually counting, so that a window the kernel
 * multiplexed can be scaled (and said to be) rather than under-counted.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "perfctr.h"

perfctr_source_fn perfctr_test_source;
void *perfctr_test_arg;

int
perfctr_delta(const struct perfctr_snap *a, const struct perfctr_snap *b,
    double *cycles, double *instr)
{
	uint64_t en, run;
	double scale;

	*cycles = *instr = NAN;
	if (b->enabled < a->enabled || b->running < a->running ||
	    b->cycles < a->cycles || b->instr < a->instr)
		return PERFCTR_NONE;
	en = b->enabled - a->enabled;
	run = b->running - a->running;
	if (run == 0 || run > en)
		return PERFCTR_NONE;
	scale = run == en ? 1.0 : (double)en / (double)run;
	*cycles = (double)(b->cycles - a->cycles) * scale;
	*instr = (double)(b->instr - a->instr) * scale;
	return run == en ? PERFCTR_EXACT : PERFCTR_SCALED;
}

void
perfctr_why(int err, int instr, char *why, size_t len)
{
	snprintf(why, len, "perf_event_open(%s): %s%s", instr ?
	    "instructions" : "cycles", strerror(err),
	    err == ENOENT ? (instr ? " (the PMU has no instruction counter)" :
	    " (no hardware counters)") :
	    err == ENOSYS ? " (not in this kernel or emulator)" :
	    err == EACCES || err == EPERM ?
	    " (see /proc/sys/kernel/perf_event_paranoid)" : "");
}

void
perfctr_open_fake(struct perfctr *pc, perfctr_source_fn fn, void *arg)
{
	pc->fd_cycles = pc->fd_instr = -1;
	pc->kernel = pc->err = pc->err_instr = 0;
	pc->source = fn;
	pc->source_arg = arg;
}

int
perfctr_read(const struct perfctr *pc, uint64_t *cycles, uint64_t *instr)
{
	struct perfctr_snap zero, now;
	double c, i;

	memset(&zero, 0, sizeof(zero));
	if (perfctr_snap(pc, &now) != 0 ||
	    perfctr_delta(&zero, &now, &c, &i) == PERFCTR_NONE)
		return -1;
	*cycles = (uint64_t)c;
	*instr = (uint64_t)i;
	return 0;
}

int
perfctr_open(struct perfctr *pc, char *why, size_t len)
{
	return perfctr_open_ex(pc, 0, why, len);
}

#ifdef HAVE_LINUX_PERF_EVENT_H
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#ifdef PERF_FLAG_FD_CLOEXEC
#define PERFCTR_CLOEXEC	PERF_FLAG_FD_CLOEXEC	/* Linux 3.14 */
#else
#define PERFCTR_CLOEXEC	0
#endif

static int
open_one(uint64_t config, int group, int kernel)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_HARDWARE;
	a.size = sizeof(a);
	a.config = config;
	a.exclude_kernel = !kernel;
	a.exclude_hv = 1;
	a.disabled = group < 0;
	a.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
	    PERF_FORMAT_TOTAL_TIME_RUNNING;
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, group,
	    PERFCTR_CLOEXEC);
}

int
perfctr_open_ex(struct perfctr *pc, unsigned flags, char *why, size_t len)
{
	const char *env = getenv("BOARDBENCH_NO_PERF");

	pc->fd_cycles = pc->fd_instr = -1;
	pc->kernel = pc->err = pc->err_instr = 0;
	pc->source = NULL;
	pc->source_arg = NULL;
	if (perfctr_test_source != NULL) {
		perfctr_open_fake(pc, perfctr_test_source, perfctr_test_arg);
		return 0;
	}
	if (env != NULL && *env != '\0') {
		snprintf(why, len, "disabled by BOARDBENCH_NO_PERF");
		return -1;
	}
	if (flags & PERFCTR_TRY_KERNEL) {
		pc->fd_cycles = open_one(PERF_COUNT_HW_CPU_CYCLES, -1, 1);
		pc->kernel = pc->fd_cycles >= 0;
	}
	if (pc->fd_cycles < 0)
		pc->fd_cycles = open_one(PERF_COUNT_HW_CPU_CYCLES, -1, 0);
	if (pc->fd_cycles < 0) {
		pc->err = errno;
		perfctr_why(pc->err, 0, why, len);
		return -1;
	}
	pc->fd_instr = open_one(PERF_COUNT_HW_INSTRUCTIONS, pc->fd_cycles,
	    pc->kernel);
	if (pc->fd_instr < 0) {
		pc->err = errno;
		pc->err_instr = 1;
		perfctr_why(pc->err, 1, why, len);
		close(pc->fd_cycles);
		pc->fd_cycles = -1;
		return -1;
	}
	if (ioctl(pc->fd_cycles, PERF_EVENT_IOC_ENABLE,
	    PERF_IOC_FLAG_GROUP) != 0) {
		snprintf(why, len, "perf_event_open: cannot enable: %s",
		    strerror(errno));
		perfctr_close(pc);
		return -1;
	}
	return 0;
}

int
perfctr_snap(const struct perfctr *pc, struct perfctr_snap *s)
{
	uint64_t buf[5];	/* nr, enabled, running, cycles, instr */
	ssize_t n;

	if (pc->source != NULL)
		return pc->source(pc->source_arg, s);
	if (pc->fd_cycles < 0)
		return -1;
	do
		n = read(pc->fd_cycles, buf, sizeof(buf));
	while (n < 0 && errno == EINTR);
	if (n != (ssize_t)sizeof(buf) || buf[0] != 2)
		return -1;
	s->enabled = buf[1];
	s->running = buf[2];
	s->cycles = buf[3];
	s->instr = buf[4];
	return 0;
}

void
perfctr_close(struct perfctr *pc)
{
	if (pc->fd_instr >= 0)
		close(pc->fd_instr);
	if (pc->fd_cycles >= 0)
		close(pc->fd_cycles);
	pc->fd_cycles = pc->fd_instr = -1;
	pc->source = NULL;
}
#else
int
perfctr_open_ex(struct perfctr *pc, unsigned flags, char *why, size_t len)
{
	(void)flags;
	if (perfctr_test_source != NULL) {
		perfctr_open_fake(pc, perfctr_test_source, perfctr_test_arg);
		return 0;
	}
	pc->fd_cycles = pc->fd_instr = -1;
	pc->kernel = pc->err = pc->err_instr = 0;
	pc->source = NULL;
	pc->source_arg = NULL;
	snprintf(why, len, "built without linux/perf_event.h");
	return -1;
}

int
perfctr_snap(const struct perfctr *pc, struct perfctr_snap *s)
{
	if (pc->source != NULL)
		return pc->source(pc->source_arg, s);
	return -1;
}

void
perfctr_close(struct perfctr *pc)
{
	pc->fd_cycles = pc->fd_instr = -1;
	pc->source = NULL;
}
#endif
