/*
 * runner-child.c - the benchmark side of the runner: the context behind
 * bench.h, and the measurement of one case inside its child process
 * (calibrate, warm up, sample, verify), reported to the parent as
 * fixed-size messages on a pipe.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "perfctr.h"
#include "runner-int.h"
#include "runner-wire.h"
#include "stats.h"
#include "util.h"

volatile uint64_t bench_sink_u64;
volatile double bench_sink_f64;

/* ---- parameters ------------------------------------------------------ */

/* How many comma-separated items s holds (0 when empty). */
static size_t
count_items(const char *s)
{
	size_t n = *s != '\0';

	for (; *s != '\0'; s++)
		n += *s == ',';
	return n;
}

/*
 * A LIST value as its items, in one allocation (the pointers, then a copy
 * of the text cut at the commas), so that release is one free().
 */
static struct bench_list
parse_list(const char *s)
{
	struct bench_list l = { count_items(s), NULL };
	size_t len = strlen(s) + 1, i;
	const char **items;
	char *text;

	items = xmalloc(l.n * sizeof(*items) + len);
	text = (char *)(items + l.n);
	memcpy(text, s, len);
	for (i = 0; i < l.n; i++) {
		items[i] = text;
		text += strcspn(text, ",");
		if (*text == ',')
			*text++ = '\0';
	}
	l.items = items;
	return l;
}

/* An INTLIST value already checked by param_check_type(). */
static struct bench_ints
parse_ints(const char *s)
{
	struct bench_list w = parse_list(s);
	long long *v = xcalloc(w.n ? w.n : 1, sizeof(*v));
	struct bench_ints l = { w.n, v };
	size_t i;

	for (i = 0; i < w.n; i++)
		if (parse_ll(w.items[i], &v[i]) != 0)
			BUG("list item '%s' passed the check", w.items[i]);
	free((void *)w.items);
	return l;
}

int
bench_params_parse(const struct bench_info *b, char *const *vals, void *out,
    char *err, size_t errlen)
{
	const struct bench_param *p;
	char why[256], *at;
	size_t i;
	union {
		long long i;
		double d;
		int b;
		const char *s;
		struct bench_list l;
		struct bench_ints n;
	} v;

	for (i = 0, p = b->params; p != NULL && p->name != NULL; p++, i++) {
		if (p->size == 0 || p->size != param_field_size(p->type) ||
		    p->offset > b->params_size ||
		    p->size > b->params_size - p->offset)
			BUG("%s.%s: no field of that type in its parameter "
			    "struct", b->name, p->name);
		if (param_check_type(p, vals[i], why, sizeof(why)) != 0) {
			snprintf(err, errlen, "%s.%s=%s: %s", b->name, p->name,
			    vals[i], why);
			return -1;
		}
		memset(&v, 0, sizeof(v));
		switch (p->type) {
		case BENCH_P_INT:
			if (parse_ll(vals[i], &v.i) != 0)
				BUG("'%s' passed the check", vals[i]);
			break;
		case BENCH_P_REAL:
			if (parse_double(vals[i], &v.d) != 0)
				BUG("'%s' passed the check", vals[i]);
			break;
		case BENCH_P_BOOL:
			v.b = param_parse_bool(vals[i]) == 1;
			break;
		case BENCH_P_STR:
		case BENCH_P_CHOICE:
			v.s = vals[i];
			break;
		case BENCH_P_LIST:
			v.l = parse_list(vals[i]);
			break;
		case BENCH_P_INTLIST:
			v.n = parse_ints(vals[i]);
			break;
		}
		at = (char *)out + p->offset;
		memcpy(at, &v, p->size);
	}
	return 0;
}

void
bench_params_release(const struct bench_info *b, void *out)
{
	const struct bench_param *p;
	struct bench_list l;
	struct bench_ints n;

	if (out == NULL)
		return;
	for (p = b->params; p != NULL && p->name != NULL; p++) {
		if (p->type == BENCH_P_LIST) {
			memcpy(&l, (char *)out + p->offset, sizeof(l));
			free((void *)l.items);
		} else if (p->type == BENCH_P_INTLIST) {
			memcpy(&n, (char *)out + p->offset, sizeof(n));
			free((void *)n.v);
		}
	}
}

const void *
bench_params(const struct bench_ctx *ctx)
{
	return ctx->typed;
}

const char *
bench_profile(const struct bench_ctx *ctx)
{
	return ctx->profile;
}

/* ---- cases, state, reporting ----------------------------------------- */

struct bench_case *
bench_add_case(struct bench_ctx *ctx, const char *name, const char *unit,
    enum bench_kind kind, double work)
{
	struct bench_case *c;

	ctx->cases = xreallocarray(ctx->cases, ctx->ncases + 1,
	    sizeof(*ctx->cases));
	c = &ctx->cases[ctx->ncases++];
	memset(c, 0, sizeof(*c));
	strlcpy_bb(c->name, name, sizeof(c->name));
	strlcpy_bb(c->unit, unit, sizeof(c->unit));
	c->kind = kind;
	c->work = work;
	c->better = ctx->info->better ? ctx->info->better : BENCH_HIGHER;
	c->flags = ctx->info->flags;
	return c;
}

void *
bench_priv(const struct bench_ctx *ctx)
{
	return ctx->priv;
}

void
bench_set_priv(struct bench_ctx *ctx, void *p)
{
	ctx->priv = p;
}

unsigned
bench_process(const struct bench_ctx *ctx)
{
	return ctx->process;
}

unsigned
bench_variant(const struct bench_ctx *ctx)
{
	return ctx->variant;
}

static void set_reason(struct bench_ctx *, const char *, va_list)
    __attribute__((format(printf, 2, 0)));

static void
set_reason(struct bench_ctx *ctx, const char *fmt, va_list ap)
{
	vsnprintf(ctx->reason, sizeof(ctx->reason), fmt, ap);
}

int
bench_fail(struct bench_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_reason(ctx, fmt, ap);
	va_end(ap);
	return -1;
}

int
bench_skip(struct bench_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_reason(ctx, fmt, ap);
	va_end(ap);
	return BENCH_SKIP;
}

void
bench_report(struct bench_ctx *ctx, double value)
{
	ctx->reported = value;
	ctx->have_reported = 1;
}

static void
metric_set(struct bench_ctx *ctx, const char *name, const char *unit,
    int better, double value, int spread)
{
	struct ctx_metric *m;
	size_t i;

	for (i = 0; i < ctx->nmetrics; i++)
		if (strcmp(ctx->metrics[i].name, name) == 0)
			break;
	if (i == ctx->nmetrics) {
		if (ctx->nmetrics == CTX_MAX_METRICS)
			return;
		ctx->nmetrics++;
		m = &ctx->metrics[i];
		strlcpy_bb(m->name, name, sizeof(m->name));
		strlcpy_bb(m->unit, unit, sizeof(m->unit));
		m->better = better;
		m->spread = spread;
	}
	m = &ctx->metrics[i];
	m->value = value;
	m->set = 1;
}

void
bench_metric(struct bench_ctx *ctx, const char *name, const char *unit,
    int better, double value)
{
	metric_set(ctx, name, unit, better, value, 0);
}

void
bench_metric_spread(struct bench_ctx *ctx, const char *name,
    const char *unit, int better, double value)
{
	metric_set(ctx, name, unit, better, value, 1);
}

void
bench_extra(struct bench_ctx *ctx, const char *name, double value)
{
	size_t i;

	for (i = 0; i < ctx->nextras; i++)
		if (strcmp(ctx->extras[i].name, name) == 0)
			break;
	if (i == ctx->nextras) {
		if (ctx->nextras == CTX_MAX_EXTRAS)
			return;
		ctx->nextras++;
		strlcpy_bb(ctx->extras[i].name, name,
		    sizeof(ctx->extras[i].name));
	}
	ctx->extras[i].value = value;
}

double
bench_now(void)
{
	return now_mono();
}

/* ---- context --------------------------------------------------------- */

/*
 * A context for b with its parameters' values: vals[i] for parameter i
 * when vals is given (a re-exec'd child), else resolved from params.
 */
static struct bench_ctx *
ctx_make(const struct bench_info *b, const char *profile,
    const struct param_set *params, char *const *vals)
{
	struct bench_ctx *ctx = xcalloc(1, sizeof(*ctx));
	size_t i, used = 0;
	char why[160], err[320];

	ctx->info = b;
	ctx->profile = profile ? profile : "standard";
	ctx->nvalues = registry_nparams(b);
	ctx->values = xcalloc(ctx->nvalues ? ctx->nvalues : 1,
	    sizeof(*ctx->values));
	for (i = 0; i < ctx->nvalues; i++) {
		ctx->values[i] = vals != NULL ? xstrdup(vals[i]) :
		    param_resolve(params, b, &b->params[i], ctx->profile);
		used += (size_t)snprintf(ctx->params + used,
		    used < sizeof(ctx->params) ? sizeof(ctx->params) - used : 0,
		    "%s%s=%s", i ? "," : "", b->params[i].name, ctx->values[i]);
	}
	/* every value parsed once, into the struct the hooks read */
	ctx->typed = xcalloc(1, b->params_size ? b->params_size : 1);
	if (bench_params_parse(b, ctx->values, ctx->typed, err,
	    sizeof(err)) != 0) {
		error("bad parameter %s", err);
		bench_ctx_free(ctx);
		return NULL;
	}
	if (b->plan == NULL || registry_unavailable(b, why, sizeof(why)))
		return ctx;
	if (b->plan(ctx) != 0) {
		error("cannot plan benchmark '%s': %s", b->name,
		    ctx->reason[0] ? ctx->reason : "unknown error");
		bench_ctx_free(ctx);
		return NULL;
	}
	return ctx;
}

struct bench_ctx *
bench_ctx_new(const struct bench_info *b, const char *profile,
    const struct param_set *params)
{
	return ctx_make(b, profile, params, NULL);
}

void
bench_ctx_free(struct bench_ctx *ctx)
{
	size_t i;

	if (ctx == NULL)
		return;
	bench_params_release(ctx->info, ctx->typed);
	free(ctx->typed);
	for (i = 0; i < ctx->nvalues; i++)
		free(ctx->values[i]);
	free(ctx->values);
	free(ctx->cases);
	free(ctx);
}

/* ---- one sample ------------------------------------------------------ */

struct sampler {
	struct bench_ctx *ctx;
	const struct bench_case *c;
	const struct bench_phase *phases;
	size_t nphases;
	double phase_s[8];	/* this sample's seconds per phase */
	double overhead_s;	/* this sample's prepare() seconds */
	double tot_phase[8], tot_overhead;
	uint64_t tot_iters;
	double cpu_s, wall_s;	/* this sample's CPU and wall seconds, all
				 * of it (prepare() included) */
	struct perfctr pc;
	int have_pc;
	unsigned scaled;	/* samples whose counters were multiplexed */
};

/* Set up s for case c: the phases, when the benchmark has them. */
static void
sampler_init(struct sampler *s, struct bench_ctx *ctx,
    const struct bench_case *c)
{
	const struct bench_info *b = ctx->info;

	memset(s, 0, sizeof(*s));
	s->ctx = ctx;
	s->c = c;
	if (b->phases != NULL && (s->phases = b->phases(c)) != NULL)
		while (s->phases[s->nphases].name != NULL &&
		    s->nphases < ARRAY_SIZE(s->phase_s))
			s->nphases++;
}

/* CPU seconds this process used (all its threads). */
static double
cpu_seconds(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
		return NAN;
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/*
 * Do `iters` iterations; *secs gets the timed seconds.  With phases, only
 * the phases are timed, each on its own, and prepare() is overhead.
 */
static int
sample_once(struct sampler *s, uint64_t iters, double *secs, double *cyc,
    double *ins)
{
	struct bench_ctx *ctx = s->ctx;
	struct perfctr_snap p0 = { 0 }, p1;
	uint64_t it;
	double t0, t1, ta, tb;
	size_t k;
	int rc = 0;

	ctx->have_reported = 0;
	for (k = 0; k < ctx->nmetrics; k++)
		ctx->metrics[k].set = 0;
	s->cpu_s = cpu_seconds();
	s->wall_s = now_mono();
	if (s->have_pc && perfctr_snap(&s->pc, &p0) != 0)
		p0.running = UINT64_MAX;	/* no figure for this sample */
	if (s->phases == NULL) {
		t0 = now_mono();
		rc = ctx->info->run(ctx, s->c, iters);
		t1 = now_mono();
		*secs = t1 - t0;
	} else {
		memset(s->phase_s, 0, sizeof(s->phase_s));
		s->overhead_s = 0;
		*secs = 0;
		for (it = 0; it < iters && rc == 0; it++) {
			if (ctx->info->prepare != NULL) {
				ta = now_mono();
				rc = ctx->info->prepare(ctx, s->c);
				tb = now_mono();
				s->overhead_s += tb - ta;
			}
			for (k = 0; k < s->nphases && rc == 0; k++) {
				ta = now_mono();
				rc = s->phases[k].fn(ctx, s->c);
				tb = now_mono();
				s->phase_s[k] += tb - ta;
				*secs += tb - ta;
			}
		}
	}
	s->wall_s = now_mono() - s->wall_s;
	s->cpu_s = cpu_seconds() - s->cpu_s;
	if (s->have_pc) {
		if (perfctr_snap(&s->pc, &p1) != 0 ||
		    perfctr_delta(&p0, &p1, cyc, ins) == PERFCTR_NONE)
			*cyc = *ins = NAN;	/* a failed read: no figure */
		else if (p1.running - p0.running != p1.enabled - p0.enabled)
			s->scaled++;
	} else {
		*cyc = *ins = NAN;
	}
	return rc;
}

static double
sample_value(const struct bench_case *c, const struct bench_ctx *ctx,
    uint64_t iters, double secs)
{
	double work = c->work * (double)iters;

	switch (c->kind) {
	case BENCH_RATE:
		return secs > 0 ? work / secs : NAN;
	case BENCH_TIME:
		return work > 0 ? secs / work : NAN;
	case BENCH_REPORTED:
		return ctx->have_reported ? ctx->reported : NAN;
	case BENCH_SERIAL:	/* never measured */
		break;
	}
	return NAN;
}

/* ---- the child's whole measurement ----------------------------------- */

static int wire_fd = -1;
static uint32_t wire_copy;

static void
wire_send(const struct wire_msg *m)
{
	struct wire_msg out = *m;
	ssize_t n;

	out.copy = wire_copy;
	do
		n = write(wire_fd, &out, sizeof(out));
	while (n < 0 && errno == EINTR);
}

static void
send_status(enum result_status st, const char *reason)
{
	struct wire_msg m;

	memset(&m, 0, sizeof(m));
	m.type = WIRE_STATUS;
	m.status = (int32_t)st;
	strlcpy_bb(m.text, reason ? reason : "", sizeof(m.text));
	wire_send(&m);
}

static void
send_value(int type, const char *name, const char *unit, int better,
    double v0, double v1, double v2, double v3)
{
	struct wire_msg m;

	memset(&m, 0, sizeof(m));
	m.type = type;
	m.status = better;
	m.v[0] = v0;
	m.v[1] = v1;
	m.v[2] = v2;
	m.v[3] = v3;
	strlcpy_bb(m.name, name ? name : "", sizeof(m.name));
	strlcpy_bb(m.unit, unit ? unit : "", sizeof(m.unit));
	wire_send(&m);
}

void
child_fail(int fd, uint32_t copy, const char *reason)
{
	wire_fd = fd;
	wire_copy = copy;
	send_status(ST_FAILED, reason);
}

/* Grow iters until one sample lasts min_sample seconds. */
static int
calibrate(struct sampler *s, const struct child_plan *cp, uint64_t *iters)
{
	double secs, cyc, ins, deadline = now_mono() + cp->timeout / 4;
	uint64_t it = 1, next;
	double scale;

	if (s->c->kind == BENCH_REPORTED || cp->fixed_iters) {
		*iters = cp->fixed_iters ? cp->fixed_iters : 1;
		return 0;
	}
	for (;;) {
		if (sample_once(s, it, &secs, &cyc, &ins) != 0)
			return -1;
		if (secs >= cp->min_sample || now_mono() > deadline)
			break;
		scale = secs > 0 ? cp->min_sample / secs * 1.2 : 100;
		if (scale < 2)
			scale = 2;
		if (scale > 100)
			scale = 100;
		next = (uint64_t)((double)it * scale);
		if (next <= it)
			next = it + 1;
		it = next;
	}
	*iters = it;
	return 0;
}

/*
 * One measured sample, reported: the value, its CPU and wall time, the
 * metrics and phase rows.  0, -1 when the kernel failed, -2 when the
 * sample has no value (status already sent).
 */
static int
take_sample(struct sampler *s, uint64_t iters, double *value, double *secs)
{
	struct bench_ctx *ctx = s->ctx;
	const struct bench_case *c = s->c;
	double cyc, ins;
	size_t k;

	if (sample_once(s, iters, secs, &cyc, &ins) != 0)
		return -1;
	*value = sample_value(c, ctx, iters, *secs);
	if (isnan(*value)) {
		send_status(ST_FAILED, c->kind == BENCH_REPORTED ?
		    "kernel reported no value" : "sample took no time");
		return -2;
	}
	send_value(WIRE_SAMPLE, NULL, NULL, 0, *value, *secs, cyc, ins);
	send_value(WIRE_CPU, NULL, NULL, 0, s->cpu_s, s->wall_s, 0, 0);
	for (k = 0; k < ctx->nmetrics; k++)
		if (ctx->metrics[k].set)
			send_value(WIRE_METRIC, ctx->metrics[k].name,
			    ctx->metrics[k].unit,
			    ctx->metrics[k].better,
			    ctx->metrics[k].value,
			    ctx->metrics[k].spread ? 1 : 0, 0, 0);
	for (k = 0; k < s->nphases; k++) {
		s->tot_phase[k] += s->phase_s[k];
		if (s->phases[k].row && s->phase_s[k] > 0)
			send_value(WIRE_METRIC, s->phases[k].name,
			    s->phases[k].unit ? s->phases[k].unit :
			    c->unit, BENCH_HIGHER,
			    s->phases[k].work * (double)iters /
			    s->phase_s[k], 0, 0, 0);
	}
	s->tot_overhead += s->overhead_s;
	s->tot_iters += iters;
	return 0;
}

/*
 * Copies over one window: sample until each common deadline t0 + w *
 * window; per window report the time-weighted mean value, the number of
 * samples and when the window's sampling started and ended.  A sample
 * that would end more than half a sample past the deadline is not begun,
 * so the copies' windows line up within half a sample.
 */
static int
sample_windows(struct sampler *s, const struct child_plan *cp, double t0,
    uint64_t iters)
{
	double v, secs, sum, timed, ws, now, last, deadline;
	uint32_t w, n;
	int rc;

	for (w = 0; w < cp->windows; w++) {
		deadline = t0 + (w + 1) * cp->window;
		ws = now_mono();
		sum = timed = 0;
		n = 0;
		do {
			if ((rc = take_sample(s, iters, &v, &secs)) != 0)
				return rc;
			sum += v * secs;
			timed += secs;
			n++;
			last = s->wall_s;
			now = now_mono();
		} while (now + last / 2 < deadline);
		send_value(WIRE_WINDOW, NULL, NULL, (int)w,
		    timed > 0 ? sum / timed : v, (double)n, ws, now);
	}
	return 0;
}

/*
 * Warm-up samples, discarded; READY with the calibrated count; with
 * copies, the wait for the common start time *t0.  -1 when the kernel
 * failed.
 */
static int
warm_up(struct sampler *s, const struct child_plan *cp, uint64_t iters,
    int go_fd, double *t0)
{
	double secs, cyc, ins, start = now_mono();
	ssize_t got;

	/* warm-up: discarded samples */
	while (s->c->kind != BENCH_REPORTED && now_mono() - start < cp->warmup)
		if (sample_once(s, iters, &secs, &cyc, &ins) != 0)
			return -1;
	send_value(WIRE_READY, NULL, NULL, 0, (double)iters, 0, 0, 0);
	if (go_fd >= 0) {
		/*
		 * copies: wait until every copy is ready; the runner then
		 * sends the common start time (or just closes the pipe)
		 */
		do
			got = read(go_fd, t0, sizeof(*t0));
		while (got < 0 && errno == EINTR);
		if (got != (ssize_t)sizeof(*t0))
			*t0 = now_mono();
	}
	return 0;
}

/*
 * Samples of iters iterations until the plan's count, or the CV target
 * or the budget once there are enough: 0, -1 when the kernel failed,
 * else the row was already reported.
 */
static int
sample_until(struct sampler *s, const struct child_plan *cp, uint64_t iters)
{
	size_t n = 0, cap = cp->max_samples;
	double *vals = xcalloc(cap, sizeof(*vals));
	double secs, t, start = now_mono();
	struct stats st;
	int rc = 0;

	for (;;) {
		rc = take_sample(s, iters, &vals[n], &secs);
		if (rc != 0)
			break;
		n++;
		t = now_mono() - start;
		if (n >= cap)
			break;
		if (cp->fixed_samples) {
			if (n >= cp->fixed_samples)
				break;
			continue;
		}
		if (n >= cp->min_samples) {
			stats_compute(&st, vals, n);
			if (st.cv <= cp->target_cv || t >= cp->budget)
				break;
		}
	}
	free(vals);
	return rc;
}

/*
 * After the samples: verify() (BADRESULT with what it found), else the
 * phases' and the kernel's extras and the status OK.
 */
static void
verify_and_report(struct bench_ctx *ctx, const struct bench_case *c,
    const struct sampler *s)
{
	const struct bench_info *b = ctx->info;
	size_t k;

	ctx->nextras = 0;
	if (b->verify != NULL && b->verify(ctx, c) != 0) {
		/* what verify() found (a residual, say) explains the row */
		for (k = 0; k < ctx->nextras; k++)
			send_value(WIRE_EXTRA, ctx->extras[k].name, "", 0,
			    ctx->extras[k].value, 0, 0, 0);
		send_status(ST_BADRESULT, ctx->reason[0] ? ctx->reason :
		    "verification failed");
		return;
	}
	for (k = 0; k < s->nphases; k++) {
		char name[48];

		snprintf(name, sizeof(name), "phase:%s", s->phases[k].name);
		send_value(WIRE_EXTRA, name, "s", 0, s->tot_phase[k], 0, 0, 0);
	}
	if (s->nphases) {
		send_value(WIRE_EXTRA, "overhead", "s", 0, s->tot_overhead,
		    0, 0, 0);
		send_value(WIRE_EXTRA, "iters", "", 0, (double)s->tot_iters,
		    0, 0, 0);
	}
	for (k = 0; k < ctx->nextras; k++)
		send_value(WIRE_EXTRA, ctx->extras[k].name, "", 0,
		    ctx->extras[k].value, 0, 0, 0);
	if (s->scaled && (c->kind != BENCH_REPORTED ||
	    (c->flags & BENCH_COUNT_WORK)))
		send_value(WIRE_EXTRA, "counters:scaled", "", 0,
		    (double)s->scaled, 0, 0, 0);
	send_status(ST_OK, NULL);
}

void
child_measure(struct bench_ctx *ctx, size_t ci, const struct child_plan *cp,
    int fd, int go_fd, uint32_t copy)
{
	const struct bench_info *b = ctx->info;
	const struct bench_case *c = &ctx->cases[ci];
	struct sampler s;
	double t0 = 0;
	uint64_t iters = 1;
	char why[160];
	int rc;

	wire_fd = fd;
	wire_copy = copy;
	ctx->process = cp->process;
	ctx->variant = runner_variant_of(cp->process, c->variants);
	sampler_init(&s, ctx, c);
	if (c->kind == BENCH_SERIAL) {
		send_status(ST_FAILED, "a case made from others' rows is not "
		    "measured");
		return;
	}
	if (s.phases == NULL && b->run == NULL) {
		send_status(ST_FAILED, "benchmark has neither run nor phases");
		return;
	}
	ctx->reason[0] = '\0';
	if (b->setup != NULL && (rc = b->setup(ctx, c)) != 0) {
		send_status(rc == BENCH_SKIP ? ST_SKIPPED : ST_FAILED,
		    ctx->reason[0] ? ctx->reason : "setup failed");
		return;
	}
	s.have_pc = perfctr_open(&s.pc, why, sizeof(why)) == 0;

	if (calibrate(&s, cp, &iters) != 0 ||
	    warm_up(&s, cp, iters, go_fd, &t0) != 0)
		rc = -1;
	else if (cp->windows > 0 && cp->window > 0)
		rc = sample_windows(&s, cp, t0, iters);
	else
		rc = sample_until(&s, cp, iters);
	if (rc == 0)
		verify_and_report(ctx, c, &s);
	else if (rc == -1)
		send_status(ST_FAILED, ctx->reason[0] ? ctx->reason :
		    "kernel failed");
	if (s.have_pc)
		perfctr_close(&s.pc);
	if (b->teardown != NULL)
		b->teardown(ctx, c);
}

int
bench_ctx_exercise(struct bench_ctx *ctx, size_t i, uint64_t iters,
    int *verify_failed)
{
	const struct bench_info *b = ctx->info;
	const struct bench_case *c;
	struct sampler s;
	double secs, cyc, ins;
	int rc;

	*verify_failed = 0;
	if (i >= ctx->ncases)
		return bench_fail(ctx, "no case %zu", i);
	c = &ctx->cases[i];
	if (c->kind == BENCH_SERIAL)
		return bench_fail(ctx, "case %s is made from others' rows: "
		    "nothing to measure", c->name);
	sampler_init(&s, ctx, c);
	ctx->reason[0] = '\0';
	ctx->nextras = 0;
	if (b->setup != NULL && (rc = b->setup(ctx, c)) != 0)
		return rc;
	rc = sample_once(&s, iters, &secs, &cyc, &ins);
	if (rc == 0 && b->verify != NULL && b->verify(ctx, c) != 0) {
		*verify_failed = 1;
		rc = -1;
	}
	if (b->teardown != NULL)
		b->teardown(ctx, c);
	return rc;
}

/* ---- the re-exec'd child --------------------------------------------- */

static int
hex_decode(const char *hex, void *out, size_t len)
{
	unsigned char *o = out;
	unsigned int byte;
	size_t i;

	if (strlen(hex) != 2 * len)
		return -1;
	for (i = 0; i < len; i++) {
		if (sscanf(hex + 2 * i, "%2x", &byte) != 1)
			return -1;
		o[i] = (unsigned char)byte;
	}
	return 0;
}

/*
 * argv: exe __measure FD GO_FD COPY BENCH PROFILE CASE-INDEX CASE-NAME
 * PLAN-HEX VALUE... (one value per parameter of BENCH, in order), all
 * written by runner-measure.c (child_exec); anything else is refused.
 */
int
runner_child_main(int argc, char **argv)
{
	const struct bench_info *b;
	struct bench_ctx *ctx;
	struct child_plan cp;
	long long fd, go_fd, copy, ci;
	char why[160];

	if (argc < 10 || strcmp(argv[1], RUNNER_CHILD_ARG) != 0 ||
	    parse_ll(argv[2], &fd) != 0 || parse_ll(argv[3], &go_fd) != 0 ||
	    parse_ll(argv[4], &copy) != 0 || parse_ll(argv[7], &ci) != 0 ||
	    (b = registry_find(argv[5])) == NULL ||
	    (size_t)(argc - 10) != registry_nparams(b) ||
	    hex_decode(argv[9], &cp, sizeof(cp)) != 0 || fd < 0 ||
	    go_fd < -1 || copy < 1 || ci < 0) {
		error("%s: not a runner child invocation", RUNNER_CHILD_ARG);
		return EXIT_USAGE;
	}
	ctx = ctx_make(b, argv[6], NULL, argv + 10);
	if (ctx == NULL)
		return EXIT_BENCH;
	wire_fd = (int)fd;
	wire_copy = (uint32_t)copy;
	if (registry_unavailable(b, why, sizeof(why))) {
		/* a paired build without this benchmark's library */
		send_status(ST_SKIPPED, why);
		bench_ctx_free(ctx);
		return EXIT_OK;
	}
	if ((size_t)ci >= ctx->ncases ||
	    strcmp(ctx->cases[ci].name, argv[8]) != 0) {
		send_status(ST_FAILED, "re-exec'd child planned other cases");
		bench_ctx_free(ctx);
		return EXIT_BENCH;
	}
	child_measure(ctx, (size_t)ci, &cp, (int)fd, (int)go_fd,
	    (uint32_t)copy);
	bench_ctx_free(ctx);
	return EXIT_OK;
}
