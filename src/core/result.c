/*
 * result.c - result rows: status and flag names, ownership.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result.h"
#include "stats.h"
#include "util.h"

static const char *const status_names[] = {
	[ST_OK] = "OK",
	[ST_SKIPPED] = "SKIPPED",
	[ST_FAILED] = "FAILED",
	[ST_BADRESULT] = "BADRESULT",
	[ST_CRASHED] = "CRASHED",
	[ST_TIMEOUT] = "TIMEOUT",
	[ST_INTERRUPTED] = "INTERRUPTED",
};

static const struct {
	unsigned bit;
	const char *name;
} flag_names[] = {
	{ RF_THROTTLED, "throttled" },
	{ RF_HOT, "hot" },
	{ RF_BUSY, "busy" },
	{ RF_NOISY, "noisy" },
	{ RF_NOCLOCK, "noclock" },
	{ RF_PREEMPTED, "preempted" },
	{ RF_MULTIPLEXED, "multiplexed" },
	{ RF_EMULATED, "emulated" },
	{ RF_DRIFTED, "drifted" },
	{ RF_LAYOUT, "layout" },
};

const char *
result_status_name(enum result_status s)
{
	if ((size_t)s >= ARRAY_SIZE(status_names) || status_names[s] == NULL)
		return "UNKNOWN";
	return status_names[s];
}

int
result_status_parse(const char *name, enum result_status *out)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(status_names); i++)
		if (strcmp(name, status_names[i]) == 0) {
			*out = (enum result_status)i;
			return 0;
		}
	return -1;
}

char *
result_flags_str(unsigned flags, char *buf, size_t len)
{
	size_t i, used = 0;

	if (len == 0)
		return buf;
	buf[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(flag_names); i++) {
		if (!(flags & flag_names[i].bit))
			continue;
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
		    "%s%s", used ? "," : "", flag_names[i].name);
		if (used >= len)
			break;
	}
	return buf;
}

unsigned
result_flags_parse(const char *s)
{
	unsigned flags = 0;
	size_t i, n;

	while (s != NULL && *s != '\0') {
		n = strcspn(s, ",");
		for (i = 0; i < ARRAY_SIZE(flag_names); i++)
			if (strlen(flag_names[i].name) == n &&
			    strncmp(s, flag_names[i].name, n) == 0)
				flags |= flag_names[i].bit;
		s += n;
		if (*s == ',')
			s++;
	}
	return flags;
}

void
result_release(struct result *r)
{
	free(r->samples);
	free(r->extra);
	r->samples = NULL;
	r->extra = NULL;
	r->nsamples = r->nextra = 0;
}

void
result_copy(struct result *dst, const struct result *src)
{
	*dst = *src;
	if (src->nsamples) {
		dst->samples = xmalloc(src->nsamples * sizeof(double));
		memcpy(dst->samples, src->samples,
		    src->nsamples * sizeof(double));
	} else {
		dst->samples = NULL;
	}
	if (src->nextra) {
		dst->extra = xmalloc(src->nextra * sizeof(struct extra));
		memcpy(dst->extra, src->extra,
		    src->nextra * sizeof(struct extra));
	} else {
		dst->extra = NULL;
	}
}

void
result_add_extra(struct result *r, const char *name, double value)
{
	size_t i;

	for (i = 0; i < r->nextra; i++)
		if (strcmp(r->extra[i].name, name) == 0) {
			r->extra[i].value = value;
			return;
		}
	r->extra = xreallocarray(r->extra, r->nextra + 1, sizeof(*r->extra));
	strlcpy_bb(r->extra[r->nextra].name, name,
	    sizeof(r->extra[r->nextra].name));
	r->extra[r->nextra].value = value;
	r->nextra++;
}

/* Remove r's extras whose names match the first len bytes of name (a
 * prefix; strlen + 1: the whole name). */
static void
drop_extras(struct result *r, const char *name, size_t len)
{
	size_t i, keep = 0;

	for (i = 0; i < r->nextra; i++)
		if (strncmp(r->extra[i].name, name, len) != 0)
			r->extra[keep++] = r->extra[i];
	r->nextra = keep;
}

void
result_drop_extra(struct result *r, const char *name)
{
	drop_extras(r, name, strlen(name) + 1);
}

char *
result_params_used(const struct result *r, char *buf, size_t len)
{
	const char *p = r->params, *end, *name;
	size_t used = 0, n, i;
	int w;

	buf[0] = '\0';
	while (*p != '\0' && used + 1 < len) {
		end = p + strcspn(p, ",");
		n = strcspn(p, "=,");
		for (i = 0; i < r->nextra; i++) {
			name = r->extra[i].name;
			if (strncmp(name, RESULT_PARAM_EXTRA,
			    strlen(RESULT_PARAM_EXTRA)) == 0 &&
			    strlen(name + strlen(RESULT_PARAM_EXTRA)) == n &&
			    strncmp(name + strlen(RESULT_PARAM_EXTRA), p, n) ==
			    0 && p[n] == '=')
				break;
		}
		if (i < r->nextra)
			w = snprintf(buf + used, len - used, "%.*s=%.15g%s",
			    (int)n, p, r->extra[i].value, *end ? "," : "");
		else
			w = snprintf(buf + used, len - used, "%.*s%s",
			    (int)(end - p), p, *end ? "," : "");
		if (w < 0)
			break;
		used += (size_t)w < len - used ? (size_t)w : len - used - 1;
		p = *end ? end + 1 : end;
	}
	return buf;
}

int
result_get_extra(const struct result *r, const char *name, double *out)
{
	size_t i;

	for (i = 0; i < r->nextra; i++)
		if (strcmp(r->extra[i].name, name) == 0) {
			*out = r->extra[i].value;
			return 0;
		}
	return -1;
}

size_t
result_units(const struct result *r, const char *prefix, double *v,
    size_t max)
{
	size_t i, k, n = 0, plen = strlen(prefix);
	unsigned char *have;
	char *end;
	unsigned long long idx;

	if (max == 0)
		return 0;
	have = xcalloc(max, 1);
	for (i = 0; i < r->nextra; i++) {
		const char *name = r->extra[i].name;

		if (strncmp(name, prefix, plen) != 0 ||
		    name[plen] < '0' || name[plen] > '9')
			continue;
		errno = 0;
		idx = strtoull(name + plen, &end, 10);
		if (*end != '\0' || errno != 0 || idx >= max)
			continue;
		v[idx] = r->extra[i].value;
		have[idx] = 1;
	}
	for (k = 0; k < max && have[k]; k++)
		n++;
	free(have);
	return n;
}

void
result_set_units(struct result *r, const char *prefix, const double *v,
    size_t n)
{
	char name[32];
	size_t i;

	drop_extras(r, prefix, strlen(prefix));
	for (i = 0; i < n && i < RESULT_UNITS_MAX; i++) {
		bufprintf(name, sizeof(name), "%s%zu", prefix, i);
		result_add_extra(r, name, v[i]);
	}
}

void
result_set_variant_range(struct result *r, const double *v, size_t n)
{
	double lo = v[0], hi = v[0];
	size_t i;

	for (i = 1; i < n; i++) {
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
	}
	result_add_extra(r, "variant:fastest", r->better < 0 ? lo : hi);
	result_add_extra(r, "variant:slowest", r->better < 0 ? hi : lo);
}

void
result_set_samples(struct result *r, const double *v, size_t n)
{
	double w;

	r->samples = xcalloc(n ? n : 1, sizeof(double));
	memcpy(r->samples, v, n * sizeof(double));
	r->nsamples = n;
	stats_compute(&r->st, v, n);
	w = stats_log_spread(v, n);
	if (!isfinite(w))
		return;
	result_add_extra(r, "cv:within", w);
	if (w > RESULT_NOISY_CV)
		r->flags |= RF_NOISY;
}

void
result_free_rows(struct result *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		result_release(&rows[i]);
	free(rows);
}
