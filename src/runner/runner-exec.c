/*
 * runner-exec.c - an external program measured as a case (`boardbench
 * exec`): run through spawn (an argv, no shell, its own process group, a
 * time limit, bounded capture) once per repetition, each run's figure
 * its wall time or the number a regular expression captures from its
 * output; the repetitions are the row's samples, and the case is watched
 * and its row finished as runner_run() does a benchmark's
 * (runner-watch.c).
 */
#include "config.h"

#include <math.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "runner.h"
#include "runner-int.h"
#include "spawn.h"
#include "util.h"

#define EXEC_OUT_CAP	(1024 * 1024)	/* captured bytes per stream */

/* The last non-empty line of text, as [*start, *start + *len). */
static int
last_line(const char *text, const char **start, size_t *len)
{
	size_t n = text != NULL ? strlen(text) : 0, e;

	while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r'))
		n--;
	if (n == 0)
		return 0;
	e = n;
	while (n > 0 && text[n - 1] != '\n')
		n--;
	*start = text + n;
	*len = e - n;
	return 1;
}

/* "no match for --parse; last line: ..." (escaped, bounded) into r. */
static void
reason_no_match(struct result *r, const struct spawn *sp)
{
	const char *s = "";
	char line[128], safe[FMT_SAFE(sizeof(line))];
	size_t len = 0;

	if (!last_line(sp->out.buf, &s, &len))
		last_line(sp->err.buf, &s, &len);
	if (len >= sizeof(line))
		len = sizeof(line) - 1;
	memcpy(line, s, len);
	line[len] = '\0';
	fmt_safe(safe, sizeof(safe), line);
	bufprintf(r->reason, sizeof(r->reason), "--parse did not match; "
	    "last line: %s", len ? safe : "(no output)");
}

/*
 * The figure from text: the first group of the regex as a finite number.
 * 1 found, 0 no match, -1 matched but not a number (reason set).
 */
static int
parse_figure(const regex_t *re, const char *text, double *v,
    struct result *r)
{
	regmatch_t m[2];
	char num[64], safe[FMT_SAFE(sizeof(num))];
	size_t len;

	if (text == NULL || regexec(re, text, 2, m, 0) != 0)
		return 0;
	if (m[1].rm_so < 0) {
		bufprintf(r->reason, sizeof(r->reason), "--parse matched but "
		    "its first group did not take part");
		return -1;
	}
	len = (size_t)(m[1].rm_eo - m[1].rm_so);
	if (len >= sizeof(num))
		len = sizeof(num) - 1;
	memcpy(num, text + m[1].rm_so, len);
	num[len] = '\0';
	if (parse_double(num, v) != 0 || !isfinite(*v)) {
		fmt_safe(safe, sizeof(safe), num);
		bufprintf(r->reason, sizeof(r->reason), "--parse captured "
		    "'%s', not a number", safe);
		return -1;
	}
	return 1;
}

/*
 * One run of the program: its figure in *v, or r's status and reason set
 * (returns -1).
 */
static int
exec_once(const struct runner_program *p, double *v, struct result *r)
{
	struct spawn sp;
	char msg[128];
	int rc, got = 0;

	spawn_init(&sp);
	sp.capture_out = sp.capture_err = 1;
	sp.out_cap = sp.err_cap = EXEC_OUT_CAP;
	sp.limit = p->timeout;
	rc = spawn_run(&sp, p->argv);
	if (rc != SPAWN_OK) {
		r->status = rc == SPAWN_TIMEOUT ? ST_TIMEOUT :
		    rc == SPAWN_INTERRUPTED ? ST_INTERRUPTED : ST_FAILED;
		bufprintf(r->reason, sizeof(r->reason), "%s",
		    spawn_strerror(&sp, rc, msg, sizeof(msg)));
	} else if (WIFSIGNALED(sp.status)) {
		r->status = ST_CRASHED;
		bufprintf(r->reason, sizeof(r->reason), "killed by signal %d "
		    "(%s)", WTERMSIG(sp.status), strsignal(WTERMSIG(sp.status)));
	} else if (!WIFEXITED(sp.status) || WEXITSTATUS(sp.status) != 0) {
		r->status = ST_FAILED;
		bufprintf(r->reason, sizeof(r->reason), "exited with status %d",
		    WIFEXITED(sp.status) ? WEXITSTATUS(sp.status) : -1);
	} else if (p->figure == NULL) {
		*v = sp.elapsed;
		got = 1;
	} else if ((got = parse_figure(p->figure, sp.out.buf, v, r)) == 0 &&
	    (got = parse_figure(p->figure, sp.err.buf, v, r)) == 0) {
		r->status = ST_FAILED;
		reason_no_match(r, &sp);
	} else if (got < 0)
		r->status = ST_FAILED;
	r->seconds += sp.elapsed;
	spawn_release(&sp);
	return got == 1 ? 0 : -1;
}

int
runner_exec(const struct runner_opts *o, const struct runner_program *p,
    struct result *r, runner_sink_fn sink, void *arg)
{
	struct runner_watch w;
	struct runner_watch_sink ws;
	double *v = xcalloc(p->repeat ? p->repeat : 1, sizeof(*v));
	size_t n = 0;
	unsigned i;
	int bad = 0, stop = 0;

	r->status = ST_OK;
	r->iters = 1;
	r->copies = 1;
	r->cycles = r->instructions = NAN;
	runner_watch_init(&w, o);
	memset(&ws, 0, sizeof(ws));
	ws.w = &w;
	ws.sink = sink;
	ws.arg = arg;
	ws.run = o->run;
	runner_watch_begin(&w, r->bench, 0, r->case_name, -1);
	for (i = 0; i < p->repeat; i++) {
		if (exec_once(p, &v[n], r) != 0)
			break;
		n++;
	}
	runner_watch_end(&w);
	/* what was measured is kept, also in a row that failed */
	result_set_samples(r, v, n);
	free(v);
	runner_emit(runner_watch_row, &ws, r, &bad, &stop);
	runner_case_done(runner_watch_row, &ws, &stop);
	runner_watch_release(&w);
	return bad;
}
