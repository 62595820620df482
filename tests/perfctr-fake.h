/*
 * perfctr-fake.h - a fake counter group for tests (perfctr_test_source):
 * each read advances every count by one step; with fail_every, every
 * so-many-th read fails.
 */
#ifndef BOARDBENCH_PERFCTR_FAKE_H
#define BOARDBENCH_PERFCTR_FAKE_H

#include "perfctr.h"

struct fake {
	uint64_t en, run, cyc, ins;	/* the steps */
	unsigned calls, fail_every;
	struct perfctr_snap now;
};

static inline int
fake_read(void *arg, struct perfctr_snap *s)
{
	struct fake *f = arg;

	if (f->fail_every && ++f->calls % f->fail_every == 0)
		return -1;
	f->now.enabled += f->en;
	f->now.running += f->run;
	f->now.cycles += f->cyc;
	f->now.instr += f->ins;
	*s = f->now;
	return 0;
}

#endif
