/*
 * sysinfo-clock.c - is the wall clock set at all?  A board with no
 * real-time clock (a Raspberry Pi before the 5, QEMU's raspi3b) starts
 * in 1970 and stays there until network time sets it; its runs would
 * then be stored and shown dated 1970 as if that were true.  No real
 * clock is earlier than the source this binary was built from
 * (buildinfo_source_epoch()), so such a date is plainly unset: the
 * snapshot says so ("clock_unset"), the machine label and info's
 * summary show it, and `run` warns once.  A clock set wrong but later
 * than the source cannot be told from a right one.
 */
#include "config.h"

#include <stdio.h>
#include <time.h>

#include "buildinfo.h"
#include "sysinfo.h"
#include "util.h"

#define CLOCK_FLOOR	946684800LL	/* 2000-01-01, when the source's
					 * date is unknown */
#define CLOCK_SLACK	86400LL		/* a source dated by a clock a
					 * little ahead */

/* "2026-12-07" of t, or "?" when it is out of gmtime's range. */
static void
day_of(long long t, char *buf, size_t len)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if ((long long)tt != t || gmtime_r(&tt, &tm) == NULL ||
	    strftime(buf, len, "%Y-%m-%d", &tm) == 0)
		bufprintf(buf, len, "?");
}

int
sysinfo_clock_judge(long long now, long long source, char *why,
    size_t len)
{
	char a[32], b[32];
	long long floor = source > 0 ? source : CLOCK_FLOOR;

	if (len > 0)
		why[0] = '\0';
	if (now >= floor - CLOCK_SLACK)
		return 0;
	day_of(now, a, sizeof(a));
	day_of(floor, b, sizeof(b));
	bufprintf(why, len, "%s, before %s %s", a,
	    source > 0 ? "this build's source of" : "the year", source > 0 ?
	    b : "2000");
	return 1;
}

void
sysinfo_clock_probe(struct system_info *si)
{
	char why[160];

	if (sysinfo_clock_judge((long long)time(NULL),
	    buildinfo_source_epoch(), why, sizeof(why)))
		si->clock_unset = xstrdup(why);
}
