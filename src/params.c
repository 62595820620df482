/*
 * params.c - benchmark parameters: checking values against their rows and
 * the -p NAME.PARAM=VALUE settings.
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

/* Check one integer element. */
static int
check_int(const struct bench_param *p, const char *s, char *err, size_t len)
{
	long long v;
	char range[64];

	range_text(p, range, sizeof(range));
	if (parse_ll(s, &v) != 0) {
		snprintf(err, len, "'%s' is not a whole number (allowed: %s)",
		    s, range);
		return -1;
	}
	if ((double)v < p->min || (double)v > p->max) {
		snprintf(err, len, "%s is out of range (allowed: %s)", s, range);
		return -1;
	}
	return 0;
}

int
param_check(const struct bench_param *p, const char *value, char *err,
    size_t errlen)
{
	if (param_check_type(p, value, err, errlen) != 0)
		return -1;
	if (p->check != NULL && p->check(value, err, errlen) != 0)
		return -1;
	return 0;
}

int
param_check_type(const struct bench_param *p, const char *value, char *err,
    size_t errlen)
{
	double d;
	char range[64], word[128];
	const char *s;
	size_t n, count = 0;

	switch (p->type) {
	case BENCH_P_INT:
		if (check_int(p, value, err, errlen) != 0)
			return -1;
		break;
	case BENCH_P_REAL:
		range_text(p, range, sizeof(range));
		if (parse_double(value, &d) != 0) {
			snprintf(err, errlen, "'%s' is not a number (allowed: %s)",
			    value, range);
			return -1;
		}
		if (d < p->min || d > p->max) {
			snprintf(err, errlen, "%s is out of range (allowed: %s)",
			    value, range);
			return -1;
		}
		break;
	case BENCH_P_BOOL:
		if (param_parse_bool(value) < 0) {
			snprintf(err, errlen, "'%s' is not yes or no", value);
			return -1;
		}
		break;
	case BENCH_P_STR:
		break;
	case BENCH_P_CHOICE:
		if (!in_choices(p->choices, value, strlen(value))) {
			snprintf(err, errlen, "'%s' is not one of %s", value,
			    p->choices);
			return -1;
		}
		break;
	case BENCH_P_LIST:
	case BENCH_P_INTLIST:
		for (s = value;; s += n + 1) {
			n = strcspn(s, ",");
			if (n == 0 || n >= sizeof(word)) {
				snprintf(err, errlen, "'%s' has an empty or "
				    "overlong item", value);
				return -1;
			}
			memcpy(word, s, n);
			word[n] = '\0';
			count++;
			if (p->type == BENCH_P_INTLIST) {
				if (check_int(p, word, err, errlen) != 0)
					return -1;
			} else if (p->choices != NULL &&
			    !in_choices(p->choices, word, n)) {
				snprintf(err, errlen, "'%s' is not one of %s",
				    word, p->choices);
				return -1;
			}
			if (s[n] == '\0')
				break;
		}
		break;
	default:
		BUG("parameter '%s' has unknown type %d", p->name, p->type);
	}
	(void)count;
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

const char *
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
