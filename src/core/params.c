/*
 * params.c - benchmark parameters: checking values against their rows,
 * the -p NAME.PARAM=VALUE settings, and resolving each value once into the
 * canonical text that benchmarks, the store and compare see.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "registry.h"
#include "util.h"

static const char *const bool_words[][2] = {
	{ "yes", "no" }, { "true", "false" }, { "on", "off" }, { "1", "0" },
};

int
param_parse_bool(const char *s)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bool_words); i++) {
		if (strcasecmp(s, bool_words[i][0]) == 0)
			return 1;
		if (strcasecmp(s, bool_words[i][1]) == 0)
			return 0;
	}
	return -1;
}

/* Is `word` (len n) one of the '|'-separated choices? */
static int
in_choices(const char *choices, const char *word, size_t n)
{
	const char *c = choices;

	while (*c != '\0') {
		size_t m = strcspn(c, "|");

		if (m == n && strncmp(c, word, n) == 0)
			return 1;
		c += m;
		if (*c == '|')
			c++;
	}
	return 0;
}

static void
range_text(const struct bench_param *p, char *buf, size_t len)
{
	if (p->type == BENCH_P_REAL)
		snprintf(buf, len, "%g to %g", p->min, p->max);
	else
		snprintf(buf, len, "%.0f to %.0f", p->min, p->max);
}

/* The shortest %g text that reads back as d exactly. */
static void
real_text(double d, char *buf, size_t len)
{
	int prec;

	for (prec = 1; prec <= 17; prec++) {
		snprintf(buf, len, "%.*g", prec, d);
		if (strtod(buf, NULL) == d)
			return;
	}
}

/*
 * canon_item: the canonical text of one scalar value or list item (n
 * bytes at s) for p, appended to out; 0, or -1 with err filled.
 */
static int
canon_item(const struct bench_param *p, const char *s, size_t n,
    struct strbuf *out, char *err, size_t len)
{
	char range[64], word[PARAM_ITEM_MAX + 1], num[32];
	long long v;
	double d;
	int b;

	if (n > PARAM_ITEM_MAX) {
		snprintf(err, len, "an item longer than %d characters",
		    PARAM_ITEM_MAX);
		return -1;
	}
	memcpy(word, s, n);
	word[n] = '\0';
	range_text(p, range, sizeof(range));
	switch (p->type) {
	case BENCH_P_INT:
	case BENCH_P_INTLIST:
		if (parse_ll(word, &v) != 0) {
			snprintf(err, len, "'%s' is not a whole number "
			    "(allowed: %s)", word, range);
			return -1;
		}
		if ((double)v < p->min || (double)v > p->max) {
			snprintf(err, len, "%s is out of range (allowed: %s)",
			    word, range);
			return -1;
		}
		strbuf_addf(out, "%lld", v);
		return 0;
	case BENCH_P_REAL:
		if (parse_double(word, &d) != 0) {
			snprintf(err, len, "'%s' is not a number (allowed: %s)",
			    word, range);
			return -1;
		}
		if (d < p->min || d > p->max) {
			snprintf(err, len, "%s is out of range (allowed: %s)",
			    word, range);
			return -1;
		}
		real_text(d, num, sizeof(num));
		strbuf_addf(out, "%s", num);
		return 0;
	case BENCH_P_BOOL:
		if ((b = param_parse_bool(word)) < 0) {
			snprintf(err, len, "'%s' is not yes or no", word);
			return -1;
		}
		strbuf_addf(out, "%s", b ? "yes" : "no");
		return 0;
	case BENCH_P_CHOICE:
	case BENCH_P_LIST:
		if (p->choices != NULL && !in_choices(p->choices, word, n)) {
			snprintf(err, len, "'%s' is not one of %s", word,
			    p->choices);
			return -1;
		}
		strbuf_add(out, word, n);
		return 0;
	default:
		BUG("parameter '%s' has unknown type %d", p->name, p->type);
	}
}

/* Is the n bytes at item already one of the comma list in buf? */
static int
in_list(const char *buf, size_t buflen, const char *item, size_t n)
{
	const char *s = buf, *e = buf + buflen;

	while (s < e) {
		const char *c = memchr(s, ',', (size_t)(e - s));
		size_t m = c ? (size_t)(c - s) : (size_t)(e - s);

		if (m == n && memcmp(s, item, n) == 0)
			return 1;
		s += m + 1;
	}
	return 0;
}

char *
param_canonical(const struct bench_param *p, const char *value, char *err,
    size_t errlen)
{
	struct strbuf out;
	const char *s;
	size_t n, before;

	strbuf_init(&out);
	if (p->type == BENCH_P_STR) {
		strbuf_addf(&out, "%s", value);
		return strbuf_detach(&out);
	}
	if (p->type != BENCH_P_LIST && p->type != BENCH_P_INTLIST) {
		if (canon_item(p, value, strlen(value), &out, err, errlen)
		    != 0)
			goto fail;
		return strbuf_detach(&out);
	}
	/* lists: every item canonical, a repeated item kept once */
	for (s = value;; s += n + 1) {
		n = strcspn(s, ",");
		if (n == 0) {
			snprintf(err, errlen, "'%s' has an empty item", value);
			goto fail;
		}
		before = out.len;
		if (before > 0)
			strbuf_add(&out, ",", 1);
		if (canon_item(p, s, n, &out, err, errlen) != 0)
			goto fail;
		if (before > 0 && in_list(out.buf, before, out.buf + before + 1,
		    out.len - before - 1)) {
			out.len = before;
			out.buf[before] = '\0';
		}
		if (s[n] == '\0')
			break;
	}
	return strbuf_detach(&out);
fail:
	strbuf_release(&out);
	return NULL;
}

int
param_check(const struct bench_param *p, const char *value, char *err,
    size_t errlen)
{
	char *c = param_canonical(p, value, err, errlen);
	int rc = 0;

	if (c == NULL)
		return -1;
	if (p->check != NULL && p->check(c, err, errlen) != 0)
		rc = -1;
	free(c);
	return rc;
}

int
param_check_type(const struct bench_param *p, const char *value, char *err,
    size_t errlen)
{
	char *c = param_canonical(p, value, err, errlen);

	free(c);
	return c != NULL ? 0 : -1;
}

size_t
param_field_size(enum bench_ptype type)
{
	switch (type) {
	case BENCH_P_INT:
		return sizeof(long long);
	case BENCH_P_REAL:
		return sizeof(double);
	case BENCH_P_BOOL:
		return sizeof(int);
	case BENCH_P_STR:
	case BENCH_P_CHOICE:
		return sizeof(const char *);
	case BENCH_P_LIST:
		return sizeof(struct bench_list);
	case BENCH_P_INTLIST:
		return sizeof(struct bench_ints);
	}
	return 0;
}

const char *
param_default(const struct bench_param *p, const char *profile)
{
	if (profile != NULL && strcmp(profile, "quick") == 0 && p->quick)
		return p->quick;
	if (profile != NULL && strcmp(profile, "full") == 0 && p->full)
		return p->full;
	return p->def;
}

void
param_set_init(struct param_set *ps)
{
	ps->v = NULL;
	ps->n = 0;
}

void
param_set_release(struct param_set *ps)
{
	size_t i;

	for (i = 0; i < ps->n; i++) {
		free(ps->v[i].target);
		free(ps->v[i].name);
		free(ps->v[i].value);
	}
	free(ps->v);
	param_set_init(ps);
}

/* The names of b's parameters, "a, b, c", for error messages. */
static void
param_names(const struct bench_info *b, char *buf, size_t len)
{
	const struct bench_param *p;
	size_t used = 0;

	buf[0] = '\0';
	for (p = b->params; p != NULL && p->name != NULL; p++) {
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
		    "%s%s", used ? ", " : "", p->name);
		if (used >= len)
			break;
	}
	if (buf[0] == '\0')
		strlcpy_bb(buf, "none", len);
}

int
param_set_add(struct param_set *ps, const char *spec)
{
	const char *dot = strchr(spec, '.'), *eq = strchr(spec, '=');
	char *target, *name, err[256], names[256], sugg[160];
	const struct bench_param *p;
	const struct bench_info *b;
	struct param_setting *s;
	size_t i;
	int found = 0, isgroup;

	if (dot == NULL || eq == NULL || dot > eq || dot == spec ||
	    eq == dot + 1)
		return error("bad parameter '%s' (expected NAME.PARAM=VALUE, "
		    "e.g. linpack.n=500)", spec);
	target = xasprintf("%.*s", (int)(dot - spec), spec);
	name = xasprintf("%.*s", (int)(eq - dot - 1), dot + 1);
	b = registry_find(target);
	isgroup = b == NULL && registry_is_group(target);
	if (b == NULL && !isgroup) {
		registry_suggest(target, sugg, sizeof(sugg));
		error("bad parameter '%s': unknown benchmark or group '%s'%s%s%s",
		    spec, target, sugg[0] ? " (did you mean " : "", sugg,
		    sugg[0] ? "?)" : "");
		goto fail;
	}
	/* check the value against every benchmark the setting reaches */
	for (i = 0; i < registry_count; i++) {
		const struct bench_info *c = registry_table[i];

		if (b != NULL ? c != b : strcmp(c->group, target) != 0)
			continue;
		p = registry_param(c, name);
		if (p == NULL)
			continue;
		found = 1;
		if (param_check(p, eq + 1, err, sizeof(err)) != 0) {
			error("bad parameter '%s': %s.%s: %s", spec, c->name,
			    name, err);
			goto fail;
		}
	}
	if (!found) {
		if (b != NULL) {
			param_names(b, names, sizeof(names));
			error("bad parameter '%s': '%s' has no parameter '%s' "
			    "(it has: %s)", spec, target, name, names);
		} else {
			error("bad parameter '%s': no benchmark in group '%s' "
			    "has a parameter '%s' (see 'boardbench list -l %s')",
			    spec, target, name, target);
		}
		goto fail;
	}
	ps->v = xreallocarray(ps->v, ps->n + 1, sizeof(*ps->v));
	s = &ps->v[ps->n++];
	s->target = target;
	s->name = name;
	s->value = xstrdup(eq + 1);
	return 0;
fail:
	free(target);
	free(name);
	return -1;
}

/* The value of p for b as typed: the last -p naming b, its group, the default. */
static const char *
param_set_value(const struct param_set *ps, const struct bench_info *b,
    const struct bench_param *p, const char *profile)
{
	const char *byname = NULL, *bygroup = NULL;
	size_t i;

	for (i = 0; ps != NULL && i < ps->n; i++) {
		if (strcmp(ps->v[i].name, p->name) != 0)
			continue;
		if (strcmp(ps->v[i].target, b->name) == 0)
			byname = ps->v[i].value;
		else if (strcmp(ps->v[i].target, b->group) == 0)
			bygroup = ps->v[i].value;
	}
	if (byname != NULL)
		return byname;
	if (bygroup != NULL)
		return bygroup;
	return param_default(p, profile);
}

char *
param_resolve(const struct param_set *ps, const struct bench_info *b,
    const struct bench_param *p, const char *profile)
{
	const char *v = param_set_value(ps, b, p, profile);
	char err[256], *c;

	c = param_canonical(p, v != NULL ? v : "", err, sizeof(err));
	if (c == NULL)
		BUG("%s.%s=%s was not checked: %s", b->name, p->name,
		    v != NULL ? v : "", err);
	return c;
}

/* Was this integer item typed in a way the old parser read otherwise? */
static int
ambiguous_int(const char *s, size_t n)
{
	if (n > 0 && s[0] == '-') {
		s++;
		n--;
	}
	return n > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X' ||
	    (s[1] >= '0' && s[1] <= '9'));
}

/* Parameter p of b with the stored value v, canonical, added to out. */
static int
canon_stored_one(const struct bench_param *p, const char *v,
    struct strbuf *out)
{
	char err[256], *c;
	const char *t;
	size_t k;

	if (p->type == BENCH_P_INT || p->type == BENCH_P_INTLIST)
		for (t = v; *t != '\0'; t += k + (t[k] != '\0')) {
			k = strcspn(t, ",");
			if (ambiguous_int(t, k))
				return -1;
		}
	if ((c = param_canonical(p, v, err, sizeof(err))) == NULL)
		return -1;
	strbuf_addf(out, "%s%s=%s", out->len ? "," : "", p->name, c);
	free(c);
	return 0;
}

/*
 * canon_stored: the parameters of b as a run stored them ("n=200,
 * precision=double,single") in canonical form in out; -1 when they cannot
 * be read with certainty.  A list value holds commas, so a new value starts
 * only at an item "NAME=..." with NAME one of b's parameters.
 */
static int
canon_stored(const struct bench_info *b, const char *params,
    struct strbuf *out)
{
	const struct bench_param *p = NULL, *q;
	struct strbuf val;
	const char *s;
	size_t n, m;
	int rc = 0;

	strbuf_init(&val);
	for (s = params; rc == 0; s += n + 1) {
		n = strcspn(s, ",");
		m = strcspn(s, "=,");
		for (q = b->params; q != NULL && q->name != NULL; q++)
			if (s[m] == '=' && strlen(q->name) == m &&
			    strncmp(q->name, s, m) == 0)
				break;
		if (q != NULL && q->name != NULL) {
			if (p != NULL)
				rc = canon_stored_one(p, val.buf, out);
			p = q;
			val.len = 0;
			strbuf_add(&val, s + m + 1, n - m - 1);
		} else if (p != NULL) {
			strbuf_add(&val, ",", 1);
			strbuf_add(&val, s, n);
		} else {
			rc = -1;	/* an item before any NAME= */
		}
		if (s[n] == '\0')
			break;
	}
	if (rc == 0 && p != NULL)
		rc = canon_stored_one(p, val.buf, out);
	strbuf_release(&val);
	return rc;
}

void
param_canon_stored(const char *bench, char *params, size_t size)
{
	const struct bench_info *b = registry_find(bench);
	struct strbuf out;

	if (b == NULL || params[0] == '\0')
		return;
	strbuf_init(&out);
	if (canon_stored(b, params, &out) == 0 && out.len < size)
		memcpy(params, out.buf, out.len + 1);
	strbuf_release(&out);
}
