/*
 * t-typed.c - typed parameters (bench.h): every benchmark's parameter rows
 * name a field of its parameter struct that fits and has the row's type;
 * the one parser fills the struct with what the values say (the profile
 * defaults of every benchmark read as they read before, by name); a value
 * not valid for its row is refused before any hook of the benchmark runs.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cpu-linpack.h"
#include "registry.h"
#include "result.h"
#include "runner-int.h"
#include "runner-wire.h"
#include "tap.h"
#include "util.h"

/* A benchmark of its own with a field of every type. */
struct tp_params {
	long long n;
	double r;
	int b;
	const char *c;
	struct bench_list l;
	struct bench_ints s;
	const char *t;
};

static const struct bench_param tp_rows[] = {
	{ BENCH_PARAM_INT(struct tp_params, n), .min = 10, .max = 5000,
	  .def = "200" },
	{ BENCH_PARAM_REAL(struct tp_params, r), .min = 0.5, .max = 2,
	  .def = "1" },
	{ BENCH_PARAM_BOOL(struct tp_params, b), .def = "yes" },
	{ BENCH_PARAM_CHOICE(struct tp_params, c), .choices = "tcp|udp",
	  .def = "tcp" },
	{ BENCH_PARAM_LIST(struct tp_params, l), .choices = "double|single",
	  .def = "double,single" },
	{ BENCH_PARAM_INTLIST(struct tp_params, s), .min = 1, .max = 1 << 26,
	  .def = "16,64" },
	{ BENCH_PARAM_STR(struct tp_params, t), .def = "" },
	{ .name = NULL }
};

static const struct bench_info tp_info = {
	.name = "tp", .group = "test", .description = "typed parameters",
	.unit = "op/s", .params = tp_rows,
	.params_size = sizeof(struct tp_params),
};

/* Do b's rows name fields of its struct that fit, one each, of their type? */
static int
layout_ok(const struct bench_info *b)
{
	const struct bench_param *p = b->params, *q;
	size_t i, j, n = registry_nparams(b);

	if ((n > 0) != (b->params_size > 0)) {
		diag("%s: %zu parameters, a struct of %zu bytes", b->name, n,
		    b->params_size);
		return 0;
	}
	for (i = 0; i < n; i++) {
		if (p[i].size == 0 || p[i].size != param_field_size(p[i].type) ||
		    p[i].offset > b->params_size ||
		    p[i].size > b->params_size - p[i].offset) {
			diag("%s.%s: offset %zu size %zu, type %d, struct %zu",
			    b->name, p[i].name, p[i].offset, p[i].size,
			    p[i].type, b->params_size);
			return 0;
		}
		for (j = 0; j < i; j++) {
			q = &p[j];
			if (p[i].offset < q->offset + q->size &&
			    q->offset < p[i].offset + p[i].size) {
				diag("%s.%s and %s.%s share bytes", b->name,
				    p[i].name, b->name, q->name);
				return 0;
			}
		}
	}
	return 1;
}

/*
 * Does the field of p at `at` hold what the readers by name, the API before
 * the struct, gave for the text v?  They read integers and reals with
 * parse_ll and parse_double, booleans with param_parse_bool, strings as
 * they are, and split lists at the commas.
 */
static int
same_as_by_name(const struct bench_param *p, const char *v, const void *at)
{
	char *copy, *item, *save = NULL;
	struct bench_list l;
	struct bench_ints is;
	long long ll, x;
	double d, y;
	const char *s;
	size_t n = 0;
	int b, same = 1;

	switch (p->type) {
	case BENCH_P_INT:
		memcpy(&x, at, sizeof(x));
		return parse_ll(v, &ll) == 0 && ll == x;
	case BENCH_P_REAL:
		memcpy(&y, at, sizeof(y));
		return parse_double(v, &d) == 0 && d == y;
	case BENCH_P_BOOL:
		memcpy(&b, at, sizeof(b));
		return (param_parse_bool(v) == 1) == b;
	case BENCH_P_STR:
	case BENCH_P_CHOICE:
		memcpy(&s, at, sizeof(s));
		return s != NULL && strcmp(s, v) == 0;
	case BENCH_P_LIST:
	case BENCH_P_INTLIST:
		memcpy(&l, at, sizeof(l));
		memcpy(&is, at, sizeof(is));
		copy = xstrdup(v);
		for (item = strtok_r(copy, ",", &save); item != NULL;
		    item = strtok_r(NULL, ",", &save), n++) {
			if (p->type == BENCH_P_LIST)
				same &= n < l.n && strcmp(l.items[n], item) == 0;
			else
				same &= n < is.n && parse_ll(item, &ll) == 0 &&
				    is.v[n] == ll;
		}
		free(copy);
		return same && n == (p->type == BENCH_P_LIST ? l.n : is.n);
	}
	return 0;
}

/* b's defaults in profile prof, parsed, read as the readers by name did. */
static int
defaults_ok(const struct bench_info *b, const char *prof)
{
	size_t i, n = registry_nparams(b);
	char **vals = xcalloc(n + 1, sizeof(*vals)), err[320];
	void *typed = xcalloc(1, b->params_size + 1);
	int good = 1;

	for (i = 0; i < n; i++)
		vals[i] = param_resolve(NULL, b, &b->params[i], prof);
	if (bench_params_parse(b, vals, typed, err, sizeof(err)) != 0) {
		diag("%s %s: %s", b->name, prof, err);
		good = 0;
	}
	for (i = 0; good && i < n; i++) {
		if (!same_as_by_name(&b->params[i], vals[i],
		    (char *)typed + b->params[i].offset)) {
			diag("%s %s: %s=%s reads otherwise", b->name, prof,
			    b->params[i].name, vals[i]);
			good = 0;
		}
	}
	bench_params_release(b, typed);
	free(typed);
	for (i = 0; i < n; i++)
		free(vals[i]);
	free(vals);
	return good;
}

/* tp's values, with row `bad_row` replaced by `bad`: parsed?  (0: yes) */
static int
tp_parse(struct tp_params *out, int bad_row, const char *bad, char *err,
    size_t len)
{
	char *vals[] = { "1k", "1.5", "off", "udp", "single,double",
	    "16Ki,64", "a b" };
	int rc;

	if (bad_row >= 0)
		vals[bad_row] = (char *)bad;
	err[0] = '\0';
	memset(out, 0, sizeof(*out));
	rc = bench_params_parse(&tp_info, vals, out, err, len);
	bench_params_release(&tp_info, out);
	if (rc == 0)
		memset(out, 0, sizeof(*out));	/* the lists were freed */
	return rc;
}

int
main(void)
{
	static const char *const prof[] = { "quick", "standard", "full" };
	static const struct { int row; const char *value; } bad[] = {
		{ 0, "9" }, { 0, "lots" }, { 0, "" }, { 1, "3" }, { 1, "nan" },
		{ 2, "maybe" }, { 3, "sctp" }, { 4, "single,quad" },
		{ 4, "double," }, { 5, "16,x" }, { 5, "0" },
	};
	const struct bench_info *b;
	struct tp_params tp;
	struct bench_ctx *ctx;
	char err[320];
	size_t i, k;

	ok(layout_ok(&tp_info), "the test's own rows fit its struct");
	for (i = 0; i < registry_count; i++) {
		b = registry_table[i];
		ok(layout_ok(b), "%s: each parameter's field lies in its struct "
		    "(%zu bytes), of its type's size, apart from the others",
		    b->name, b->params_size);
	}
	for (i = 0; i < registry_count; i++)
		for (k = 0; k < ARRAY_SIZE(prof); k++)
			ok(defaults_ok(registry_table[i], prof[k]),
			    "%s %s: the defaults parse to what the readers by "
			    "name gave", registry_table[i]->name, prof[k]);

	/* every type: the struct holds what the values say */
	{
		char *vals[] = { "1k", "1.5", "off", "udp", "single,double",
		    "16Ki,64", "a b" };

		memset(&tp, 0, sizeof(tp));
		ok(bench_params_parse(&tp_info, vals, &tp, err,
		    sizeof(err)) == 0, "every type parses");
		is_int(tp.n, 1000, "INT 1k is 1000");
		is_double(tp.r, 1.5, 0, "REAL 1.5");
		is_int(tp.b, 0, "BOOL off is 0");
		is_str(tp.c, "udp", "CHOICE udp");
		ok(tp.l.n == 2 && strcmp(tp.l.items[0], "single") == 0 &&
		    strcmp(tp.l.items[1], "double") == 0,
		    "LIST single,double in its order");
		ok(tp.s.n == 2 && tp.s.v[0] == 16384 && tp.s.v[1] == 64,
		    "INTLIST 16Ki,64 is 16384, 64");
		is_str(tp.t, "a b", "STR as given");
		bench_params_release(&tp_info, &tp);
	}

	/* a value not valid for its row is refused, and says which */
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		char want[64];

		snprintf(want, sizeof(want), "tp.%s=%s:",
		    tp_rows[bad[i].row].name, bad[i].value);
		ok(tp_parse(&tp, bad[i].row, bad[i].value, err,
		    sizeof(err)) != 0 && strncmp(err, want, strlen(want)) == 0,
		    "%s=%s refused (%s)", tp_rows[bad[i].row].name,
		    bad[i].value, err);
	}
	ok(tp_parse(&tp, -1, NULL, err, sizeof(err)) == 0,
	    "the same values without a bad one parse");

	/* linpack reads its struct: the defaults by their field names */
	ctx = bench_ctx_new(&bench_linpack_info, "standard", NULL);
	if (ctx == NULL)
		bail("linpack: bench_ctx_new failed");
	{
		const struct linpack_params *p = bench_params(ctx);

		ok(p->n == 100 && p->lda == 0 && p->precision.n == 2 &&
		    p->unroll.n == 3 && strcmp(p->code, "all") == 0,
		    "linpack's defaults: n=100 lda=0, 2 precisions, 3 styles, "
		    "code=all");
		ok(ctx->ncases == 6, "and its plan read them (%zu cases)",
		    ctx->ncases);
	}
	bench_ctx_free(ctx);

	/*
	 * A re-exec'd child rebuilds its context from argv: a bad value
	 * there stops it before the benchmark plans or measures anything.
	 */
	{
		struct child_plan cp;
		char hex[2 * sizeof(cp) + 1], *argv[16];
		int argc = 0;

		memset(hex, '0', sizeof(hex) - 1);
		hex[sizeof(hex) - 1] = '\0';
		argv[argc++] = "boardbench";
		argv[argc++] = RUNNER_CHILD_ARG;
		argv[argc++] = "2";		/* fd: never written */
		argv[argc++] = "-1";
		argv[argc++] = "1";
		argv[argc++] = "null";
		argv[argc++] = "quick";
		argv[argc++] = "1";
		argv[argc++] = "crash";		/* would crash if it ran */
		argv[argc++] = hex;
		argv[argc++] = "crash";		/* mode */
		argv[argc++] = "lots";		/* work: not a number */
		argv[argc++] = "10000";
		argv[argc++] = "0";
		argv[argc++] = "0";
		argv[argc++] = "rate";
		ok(runner_child_main(argc, argv) == EXIT_BENCH,
		    "a child given null.work=lots refuses it (no crash case "
		    "ran)");
	}
	return done_testing();
}
