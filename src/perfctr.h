/*
 * perfctr.h - user-space cycle and instruction counts around a sample,
 * through perf_event_open where the kernel and the CPU allow it.
 */
#ifndef BOARDBENCH_PERFCTR_H
#define BOARDBENCH_PERFCTR_H

#include <stddef.h>
#include <stdint.h>

struct perfctr {
	int fd_cycles, fd_instr;
};

/* 0: counting works; -1: why is filled ("perf_event_open: ...") */
int perfctr_open(struct perfctr *, char *why, size_t len);
/* Current counts; returns -1 when not open. */
int perfctr_read(const struct perfctr *, uint64_t *cycles, uint64_t *instr);
void perfctr_close(struct perfctr *);

#endif
