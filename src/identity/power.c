/*
 * power.c - supply power from hwmon sensors and the Raspberry Pi 5 PMIC.
 * See power.h.  Everything read is hostile: bounded, checked, and a value
 * out of range is counted as rejected rather than used.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "power.h"
#include "spawn.h"
#include "sysfs.h"
#include "sysinfo.h"
#include "sysinfo-note.h"
#include "util.h"

#define HWMON "/sys/class/hwmon/hwmon"
#define MAX_HWMON 32
#define MAX_RAILS 64

static void
note_once(char *note, size_t len, const char *path, const char *why)
{
	if (note != NULL && len > 0 && note[0] == '\0')
		snprintf(note, len, "%s: %s, ignored", path, why);
}

void
power_find(struct power_set *ps)
{
	char path[128], name[64];
	unsigned bad = 0;
	int h, i, curr;

	memset(ps, 0, sizeof(*ps));
	for (h = 0; h < MAX_HWMON && ps->n < POWER_MAX_CHANS; h++) {
		snprintf(path, sizeof(path), HWMON "%d/name", h);
		if (sysfs_read_str(path, name, sizeof(name)) != SYSFS_OK)
			continue;
		for (i = 0; i <= 8 && ps->n < POWER_MAX_CHANS; i++) {
			snprintf(path, sizeof(path), HWMON "%d/power%d_input",
			    h, i);
			curr = 0;
			if (!sysfs_exists(path)) {
				snprintf(path, sizeof(path), HWMON "%d/"
				    "curr%d_input", h, i);
				if (!sysfs_exists(path))
					continue;
				snprintf(path, sizeof(path), HWMON "%d/"
				    "in%d_input", h, i);
				if (!sysfs_exists(path))
					continue;
				curr = 1;
			}
			ps->c[ps->n].hwmon = h;
			ps->c[ps->n].chan = i;
			ps->c[ps->n].curr = curr;
			snprintf(ps->c[ps->n].name, sizeof(ps->c[ps->n].name),
			    "%.31s", name);
			ps->n++;
		}
	}
	if (ps->n > 0) {
		ps->source = POWER_SRC_HWMON;
		return;
	}
	if (sysinfo_have_vcgencmd() && !isnan(power_read_pmic(&bad))) {
		ps->pmic = 1;
		ps->source = POWER_SRC_PMIC;
	}
}

/*
 * hwmonH/FILE as a value in [0, max] after dividing by scale, or NAN
 * (counted in *bad, the first one noted).
 */
static double
read_scaled(const struct power_chan *c, const char *file, double scale,
    double max, const char *absurd, unsigned *bad, char *note, size_t len)
{
	char path[128];
	long long v;
	int rc;

	snprintf(path, sizeof(path), HWMON "%d/%s%d_input", c->hwmon, file,
	    c->chan);
	rc = sysfs_read_ll(path, 0, &v, NULL, 0);
	if (rc == SYSFS_OK && v >= 0 && (double)v / scale <= max)
		return (double)v / scale;
	note_once(note, len, path, rc != SYSFS_OK ? sysfs_strerror(rc) :
	    v < 0 ? "negative" : absurd);
	(*bad)++;
	return NAN;
}

/* One channel in watts, or NAN. */
static double
read_chan(const struct power_chan *c, unsigned *bad, char *note, size_t len)
{
	double a, v;

	if (!c->curr)
		return read_scaled(c, "power", 1e6, POWER_MAX_W,
		    "absurd (over 1000 W)", bad, note, len);
	a = read_scaled(c, "curr", 1e3, POWER_MAX_A, "absurd (over 100 A)",
	    bad, note, len);
	if (isnan(a))
		return NAN;
	v = read_scaled(c, "in", 1e3, POWER_MAX_V, "absurd (over 60 V)", bad,
	    note, len);
	return isnan(v) ? NAN : a * v;
}

double
power_read_hwmon(const struct power_set *ps, unsigned *bad, char *note,
    size_t len)
{
	double sum = 0, w;
	int i, got = 0;

	for (i = 0; i < ps->n; i++) {
		w = read_chan(&ps->c[i], bad, note, len);
		if (!isnan(w)) {
			sum += w;
			got++;
		}
	}
	return got ? sum : NAN;
}

struct rail {
	char name[32];
	double a, v;
};

/* "  VDD_CORE_A current(7)=2.32941000A": 0 and the fields, or -1. */
static int
pmic_line(const char *line, size_t n, char *name, size_t namelen,
    int *is_curr, double *val)
{
	char buf[160], *p, *eq, *end;
	size_t k;

	if (n >= sizeof(buf))
		return -1;
	memcpy(buf, line, n);
	buf[n] = '\0';
	for (p = buf; *p == ' ' || *p == '\t'; p++)
		;
	k = strcspn(p, " \t");
	if (k < 3 || k >= namelen || p[k] == '\0')
		return -1;
	if (strncmp(p + k - 2, "_A", 2) == 0)
		*is_curr = 1;
	else if (strncmp(p + k - 2, "_V", 2) == 0)
		*is_curr = 0;
	else
		return -1;
	memcpy(name, p, k - 2);
	name[k - 2] = '\0';
	p += k;
	while (*p == ' ' || *p == '\t')
		p++;
	if (strncmp(p, *is_curr ? "current(" : "volt(", *is_curr ? 8 : 5) != 0 ||
	    (eq = strchr(p, '=')) == NULL)
		return -1;
	*val = strtod(eq + 1, &end);
	if (end == eq + 1 || *end != (*is_curr ? 'A' : 'V') ||
	    end[1] != '\0' || !isfinite(*val) || *val < 0 ||
	    *val > (*is_curr ? POWER_MAX_A : POWER_MAX_V))
		return -1;
	return 0;
}

int
power_parse_pmic(const char *text, double *watts, unsigned *bad)
{
	struct rail r[MAX_RAILS];
	char name[32];
	const char *p = text, *nl;
	size_t n;
	int nr = 0, i, is_curr, used = 0;
	double val, sum = 0;

	*watts = NAN;
	while (*p != '\0') {
		nl = strchr(p, '\n');
		n = nl ? (size_t)(nl - p) : strlen(p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (strspn(p, " \t") < n) {
			if (pmic_line(p, n, name, sizeof(name), &is_curr,
			    &val) != 0) {
				(*bad)++;
			} else {
				for (i = 0; i < nr && strcmp(r[i].name, name);
				    i++)
					;
				if (i == nr && nr < MAX_RAILS) {
					snprintf(r[nr].name, sizeof(r[nr].name),
					    "%s", name);
					r[nr].a = r[nr].v = NAN;
					nr++;
				}
				if (i < nr) {
					if (is_curr)
						r[i].a = val;
					else
						r[i].v = val;
				}
			}
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	for (i = 0; i < nr; i++)
		if (!isnan(r[i].a) && !isnan(r[i].v)) {
			sum += r[i].a * r[i].v;
			used++;
		}
	if (used > 0 && sum <= POWER_MAX_W)
		*watts = sum;
	else if (used > 0)
		(*bad)++;
	return !isnan(*watts) ? used : 0;
}

double
power_read_pmic(unsigned *bad)
{
	char *const argv[] = { "vcgencmd", "pmic_read_adc", NULL };
	struct spawn sp;
	double w = NAN;

	if (!sysinfo_have_vcgencmd())
		return NAN;
	spawn_init(&sp);
	sp.capture_out = 1;
	sp.out_cap = 16384;
	sp.limit = 5;
	if (spawn_run(&sp, argv) == SPAWN_OK && WIFEXITED(sp.status) &&
	    WEXITSTATUS(sp.status) == 0)
		power_parse_pmic(sp.out.buf, &w, bad);
	spawn_release(&sp);
	return w;
}

double
power_sample(const struct power_set *ps, unsigned *bad)
{
	if (ps->source == POWER_SRC_HWMON)
		return power_read_hwmon(ps, bad, NULL, 0);
	if (ps->source == POWER_SRC_PMIC)
		return power_read_pmic(bad);
	return NAN;
}

int
power_readings(struct si_power *out, int max, struct sysinfo_notes *notes)
{
	struct power_set ps;
	char note[256], what[64];
	unsigned bad = 0;
	int i, n = 0;

	power_find(&ps);
	for (i = 0; i < ps.n && n < max; i++) {
		note[0] = '\0';
		out[n].watts = read_chan(&ps.c[i], &bad, note, sizeof(note));
		if (note[0] != '\0')
			sysinfo_note(notes, note);
		snprintf(what, sizeof(what), "hwmon%d %s%d", ps.c[i].hwmon,
		    ps.c[i].curr ? "curr*in" : "power", ps.c[i].chan);
		out[n].sensor = xstrdup(what);
		out[n++].name = xstrdup(ps.c[i].name);
	}
	if (ps.pmic && n < max) {
		out[n].watts = power_read_pmic(&bad);
		out[n].sensor = xstrdup("vcgencmd pmic_read_adc");
		out[n++].name = xstrdup("pmic rails");
	}
	return n;
}
