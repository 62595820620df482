/*
 * perfctr.c - cycles and instructions in user space via perf_event_open.
 * Many machines refuse: no PMU (ENOENT, x86 VMs), qemu-user (ENOSYS),
 * perf_event_paranoid (EACCES).  Callers then leave the columns empty.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "perfctr.h"

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
open_one(uint64_t config, int group)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_HARDWARE;
	a.size = sizeof(a);
	a.config = config;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	a.disabled = group < 0;
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, group,
	    PERFCTR_CLOEXEC);
}

int
perfctr_open(struct perfctr *pc, char *why, size_t len)
{
	const char *env = getenv("BOARDBENCH_NO_PERF");

	pc->fd_cycles = pc->fd_instr = -1;
	if (env != NULL && *env != '\0') {
		snprintf(why, len, "disabled by BOARDBENCH_NO_PERF");
		return -1;
	}
	pc->fd_cycles = open_one(PERF_COUNT_HW_CPU_CYCLES, -1);
	if (pc->fd_cycles < 0) {
		int e = errno;

		snprintf(why, len, "perf_event_open(cycles): %s%s",
		    strerror(e), e == ENOENT ? " (no hardware counters)" :
		    e == ENOSYS ? " (not in this kernel or emulator)" :
		    e == EACCES || e == EPERM ?
		    " (see /proc/sys/kernel/perf_event_paranoid)" : "");
		return -1;
	}
	pc->fd_instr = open_one(PERF_COUNT_HW_INSTRUCTIONS, pc->fd_cycles);
	if (pc->fd_instr < 0) {
		snprintf(why, len, "perf_event_open(instructions): %s",
		    strerror(errno));
		close(pc->fd_cycles);
		pc->fd_cycles = -1;
		return -1;
	}
	ioctl(pc->fd_cycles, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	return 0;
}

int
perfctr_read(const struct perfctr *pc, uint64_t *cycles, uint64_t *instr)
{
	if (pc->fd_cycles < 0 ||
	    read(pc->fd_cycles, cycles, sizeof(*cycles)) != sizeof(*cycles) ||
	    read(pc->fd_instr, instr, sizeof(*instr)) != sizeof(*instr))
		return -1;
	return 0;
}

void
perfctr_close(struct perfctr *pc)
{
	if (pc->fd_cycles >= 0)
		close(pc->fd_cycles);
	if (pc->fd_instr >= 0)
		close(pc->fd_instr);
	pc->fd_cycles = pc->fd_instr = -1;
}
#else
int
perfctr_open(struct perfctr *pc, char *why, size_t len)
{
	pc->fd_cycles = pc->fd_instr = -1;
	snprintf(why, len, "built without linux/perf_event.h");
	return -1;
}

int
perfctr_read(const struct perfctr *pc, uint64_t *cycles, uint64_t *instr)
{
	(void)pc;
	*cycles = *instr = 0;
	return -1;
}

void
perfctr_close(struct perfctr *pc)
{
	pc->fd_cycles = pc->fd_instr = -1;
}
#endif
