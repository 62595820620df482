/*
 * cmd-measure.c - the measuring options `run` and `exec` share, each
 * parsed and checked here once for both commands (cmd-measure.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "cmd-measure.h"
#include "cmd-opt.h"
#include "fmt.h"
#include "monitor.h"
#include "util.h"

void
measure_args_init(struct measure_args *m, const char *cmd, double timeout)
{
	memset(m, 0, sizeof(*m));
	m->cmd = cmd;
	m->format = "text";
	m->timeout = timeout;
	m->wo.hot_temp = MONITOR_HOT_DEFAULT;
	m->wo.wait_max = 600;
}

/* A number option of cmd in [lo, hi] of `unit`; 0 or -1 (said). */
static int
range_opt(const char *cmd, const char *name, const char *v, double lo,
    double hi, const char *unit, double *out)
{
	char what[160];

	if (parse_double(v, out) != 0 || !(*out >= lo && *out <= hi)) {
		snprintf(what, sizeof(what), "bad %s '%.40s' (allowed: %g to "
		    "%g %s)", name, v, lo, hi, unit);
		cmd_bad_usage(cmd, what);
		return -1;
	}
	return 0;
}

int
measure_seconds_opt(const char *cmd, const char *name, const char *v,
    double lo, double hi, double *out)
{
	return range_opt(cmd, name, v, lo, hi, "seconds", out);
}

int
measure_opt_one(struct measure_args *m, int c, const char *arg)
{
	struct watch_opts *w = &m->wo;

	switch (c) {
	case OPT_FORMAT:
		m->format = arg;
		return 0;
	case OPT_DB:
		m->db = arg;
		return 0;
	case OPT_NO_SAVE:
		m->nosave = 1;
		return 0;
	case OPT_TIMEOUT:
		return range_opt(m->cmd, "--timeout", arg, 1, 86400,
		    "seconds", &m->timeout);
	case OPT_HOT_TEMP:
		return range_opt(m->cmd, "--hot-temp", arg, 30, 130,
		    "degrees C", &w->hot_temp);
	case OPT_COOL_DOWN:
		return range_opt(m->cmd, "--cool-down", arg, 20, 110,
		    "degrees C", &w->cool_down);
	case OPT_WAIT_IDLE:
		w->wait_idle = 1;
		return 0;
	case OPT_WAIT_MAX:
		return range_opt(m->cmd, "--wait-max", arg, 1, 86400,
		    "seconds", &w->wait_max);
	case OPT_MEASURE_CLOCK:
		w->measure_clock = 1;
		return 0;
	case OPT_NO_MONITOR:
		w->no_monitor = 1;
		return 0;
	}
	return 1;
}

int
measure_args_check(const struct measure_args *m)
{
	char what[200];

	if (!fmt_known(m->format)) {
		snprintf(what, sizeof(what), "unknown format '%.40s' (allowed: "
		    "%s)", m->format, fmt_names);
		return cmd_bad_usage(m->cmd, what);
	}
	if (m->nosave && m->db != NULL)
		return cmd_bad_usage(m->cmd, "--db and --no-save contradict "
		    "each other");
	return 0;
}
