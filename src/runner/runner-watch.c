/*
 * runner-watch.c - the monitor around each case the runner measures (a
 * benchmark's or an external program's): the cool-down wait before a
 * benchmark, the monitor's case begin and end, and each row finished on
 * its way to a sink, with the monitor's verdicts and extras, the run's
 * flags and, after a case's own row with supply power, its energy row.
 * A sink only keeps, stores and prints what it is given.  And before a
 * run, the monitor's checks of the machine (runner_checks()).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "monitor.h"
#include "runner.h"
#include "runner-int.h"
#include "util.h"

void
runner_watch_init(struct runner_watch *w, const struct runner_opts *o)
{
	memset(w, 0, sizeof(*w));
	w->sum.valid = 0;
	w->cool_down = o->cool_down;
	w->wait_max = o->wait_max;
	w->tty = o->tty;
	if (o->monitor != NULL)
		w->mon = monitor_new(o->monitor);
}

void
runner_watch_release(struct runner_watch *w)
{
	monitor_free(w->mon);
	w->mon = NULL;
}

/* Before a new benchmark (--cool-down): wait until the SoC is cool. */
static void
cool_down(struct runner_watch *w, const char *bench)
{
	double waited, t;
	int rc;

	t = monitor_soc_temp();
	if (w->tty && !isnan(t) && t >= w->cool_down)
		fprintf(stderr, "\r\033[Kcooling down before '%s': %.1f C, "
		    "waiting for < %.0f C\n", bench, t, w->cool_down);
	rc = monitor_cool_down(w->cool_down, w->wait_max, &waited, &t);
	if (rc == 1 && !w->no_sensor_said) {
		w->no_sensor_said = 1;
		warning("--cool-down: no SoC temperature sensor on this "
		    "machine; not waiting");
	}
	if (rc < 0 && w->tty)
		warning("still %.1f C after %.0f s of --cool-down; running "
		    "'%s' anyway", t, waited, bench);
}

void
runner_watch_begin(struct runner_watch *w, const char *bench, size_t ci,
    const char *cname, int cpu)
{
	strlcpy_bb(w->cname, cname, sizeof(w->cname));
	if (ci == 0 && w->cool_down > 0)
		cool_down(w, bench);
	monitor_case_begin_on(w->mon, cpu);
}

void
runner_watch_end(struct runner_watch *w)
{
	monitor_case_end(w->mon, &w->sum);
}

void
runner_watch_combined(struct runner_watch *w)
{
	w->sum.valid = 0;
	w->cname[0] = '\0';
}

int
runner_watch_has_power(const struct runner_watch *w)
{
	return monitor_has_power(w->mon);
}

int
runner_watch_row(void *arg, struct result *r)
{
	struct runner_watch_sink *ws = arg;
	struct runner_watch *w = ws->w;
	struct result e;
	int rc;

	if (r == NULL)
		return ws->sink(ws->arg, NULL);
	if (w->mon != NULL)
		monitor_apply(&w->sum, r);
	if (ws->run != NULL)
		monitor_run_flags(ws->run, r);
	rc = ws->sink(ws->arg, r);
	if (w->mon != NULL && strcmp(r->case_name, w->cname) == 0 &&
	    monitor_energy_row(r, &e) == 0) {
		if (ws->sink(ws->arg, &e) != 0)
			rc = -1;
		result_release(&e);
	}
	return rc;
}

void
runner_checks(const struct cpuset *cpus, int wait_idle, double wait_max,
    int tty, struct runner_checks *c)
{
	memset(c, 0, sizeof(*c));
	c->busy = NAN;
	c->governor = monitor_governor_check(cpus, c->governor_msg,
	    sizeof(c->governor_msg));
	if (wait_idle) {
		if (tty)
			fprintf(stderr, "waiting for the machine to become "
			    "idle (at most %.0f s)...\n", wait_max);
		c->idle = monitor_wait_idle(wait_max, &c->waited, &c->busy) ==
		    0;
	} else if (tty)
		c->busy = monitor_busy_probe(0.2);
	c->busy_warn = !isnan(c->busy) && c->busy > MONITOR_BUSY_CORES + 0.1;
}
