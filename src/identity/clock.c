/*
 * clock.c - the CPU clock of every cluster, measured instead of believed:
 * each cluster's first CPU we may use is pinned and measured with the
 * dependent-add loop (src/platform/clockloop.c), beside the clock cpufreq
 * claims meanwhile.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "clockloop.h"
#include "cpuset.h"
#include "sysfs.h"
#include "sysinfo.h"
#include "util.h"

/* Measure one cluster on its first CPU that this process may use. */
static void
measure_cluster(struct clock_cluster *o, const struct cpuset *cpus,
    int policy, const struct cpuset *allowed)
{
	int cpu, rc;

	memset(o, 0, sizeof(*o));
	cpuset_init(&o->cpus);
	cpuset_copy(&o->cpus, cpus);
	o->cpu = -1;
	o->policy = policy;
	o->reach = CLOCK_NO_CPU;
	o->measured_mhz = o->spread = o->claimed_mhz = o->max_mhz = NAN;
	o->perf_mhz = NAN;
	for (cpu = cpuset_next(cpus, 0); cpu >= 0;
	    cpu = cpuset_next(cpus, cpu + 1))
		if (cpuset_has(allowed, cpu))
			break;
	if (cpu < 0) {
		snprintf(o->error, sizeof(o->error), "none of these CPUs is "
		    "available to this process");
		return;
	}
	o->cpu = cpu;
	o->reach = CLOCK_NO_PIN;
	if (cpuset_pin(cpu) != 0) {
		snprintf(o->error, sizeof(o->error), "cannot run on CPU %d: %s",
		    cpu, strerror(errno));
		return;
	}
	o->reach = CLOCK_RAN;
	rc = clock_measure_here(&o->measured_mhz, &o->spread, &o->perf_mhz,
	    o->perf_why, sizeof(o->perf_why), o->error, sizeof(o->error));
	if (policy >= 0) {
		o->claimed_mhz = sysinfo_policy_mhz(policy, "scaling_cur_freq");
		o->max_mhz = sysinfo_policy_mhz(policy, "cpuinfo_max_freq");
	}
	o->ok = rc == 0;
	if (rc != 0) {
		o->measured_mhz = NAN;
		o->spread = NAN;
	} else
		o->error[0] = '\0';
	if (!isnan(o->perf_mhz))
		o->perf_why[0] = '\0';
	else if (o->perf_why[0] == '\0')
		snprintf(o->perf_why, sizeof(o->perf_why), "not measured");
}

void
clock_measure_all(struct clock_report *r)
{
	struct si_policy *pol;
	struct cpuset saved;
	int n, i, have_saved;

	memset(r, 0, sizeof(*r));
	cpuset_init(&saved);
	have_saved = cpuset_get_affinity(&saved) == 0;
	if (!have_saved)
		cpuset_add(&saved, 0);
	iso_utc_now(r->measured_at, sizeof(r->measured_at));
	if (sysfs_boot_id(r->boot_id, sizeof(r->boot_id)) != SYSFS_OK)
		r->boot_id[0] = '\0';
	n = sysinfo_policies(&pol);
	r->clusters = xcalloc(n > 0 ? (size_t)n : 1, sizeof(*r->clusters));
	for (i = 0; i < n; i++)
		measure_cluster(&r->clusters[r->n++], &pol[i].cpus, pol[i].num,
		    &saved);
	sysinfo_policies_free(pol, n);
	if (n == 0)
		measure_cluster(&r->clusters[r->n++], &saved, -1, &saved);
	if (have_saved)
		cpuset_set_affinity(&saved);
	cpuset_release(&saved);
}
