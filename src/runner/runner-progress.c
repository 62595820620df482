/*
 * runner-progress.c - the progress line on stderr while a run goes on
 * (struct progress, runner-int.h): the case, the time spent and an
 * estimate of the time left.  runner.c keeps it, runner-measure.c shows
 * it while a case runs; it calls neither.
 */
#include "config.h"

#include <stdio.h>

#include "runner-int.h"
#include "util.h"

static void
fmt_dur(double s, char *buf, size_t len)
{
	if (s < 0)
		s = 0;
	if (s < 60)
		snprintf(buf, len, "%.0fs", s);
	else if (s < 3600)
		snprintf(buf, len, "%dm%02ds", (int)s / 60, (int)s % 60);
	else
		snprintf(buf, len, "%dh%02dm", (int)s / 3600,
		    ((int)s % 3600) / 60);
}

void
runner_progress_show(const struct progress *p, double case_elapsed)
{
	char el[32], left[32];
	double done = p->est_done + case_elapsed;

	if (!p->on)
		return;
	fmt_dur(now_mono() - p->start, el, sizeof(el));
	fmt_dur(p->est_total - done, left, sizeof(left));
	fprintf(stderr, "\r\033[K[%zu/%zu] %s %s  %s elapsed, ~%s left",
	    p->i + 1, p->n, p->bench, p->cname, el, left);
	fflush(stderr);
}
