/*
 * t-power.c - the power parsers: the Pi 5 PMIC's `vcgencmd pmic_read_adc`
 * output (a synthesized capture in tests/fixtures/pi5), hwmon sensors in
 * the fixture trees (an INA226 with power1_input, an INA219-like pair of
 * curr1_input and in1_input, malformed, negative and absurd values), and
 * energy per unit of work.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "monitor.h"
#include "power.h"
#include "sysfs.h"
#include "tap.h"
#include "util.h"

static const char *srcdir;

static void
use_root(const char *board)
{
	char root[1024];

	snprintf(root, sizeof(root), "%s/tests/fixtures/%s", srcdir, board);
	setenv("BOARDBENCH_SYSROOT", root, 1);
	sysfs_reset();
}

static char *
slurp(const char *rel)
{
	char path[1024];
	static char buf[8192];
	FILE *fp;
	size_t n;

	snprintf(path, sizeof(path), "%s/%s", srcdir, rel);
	fp = fopen(path, "r");
	if (fp == NULL)
		bail("cannot open %s", path);
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	buf[n] = '\0';
	if (fclose(fp) != 0)
		bail("cannot read %s", path);
	return buf;
}

static void
pmic(void)
{
	double w;
	unsigned bad = 0;
	int n;

	n = power_parse_pmic(slurp("tests/fixtures/pi5/pmic_read_adc.txt"),
	    &w, &bad);
	is_int(n, 12, "pmic: 12 rails with current and voltage");
	is_double(w, 3.15483897, 1e-6, "pmic: sum of current x volt");
	is_int(bad, 0, "pmic: no line rejected");

	bad = 0;
	n = power_parse_pmic("  VDD_CORE_A current(7)=2.0A\n"
	    "  VDD_CORE_V volt(15)=0.5V\n"
	    "   3V3_SYS_A current(1)=-1.0A\n"
	    "   3V3_SYS_V volt(9)=3.3V\n"
	    "   1V8_SYS_A current(2)=999A\n"
	    "   1V8_SYS_V volt(10)=1.8V\n"
	    "   HDMI_A current(22)=0.1\n"
	    "garbage line\n"
	    "   DDR_A current(3)=1.0A\n"
	    "   DDR_V volt(11)=1e3V\n", &w, &bad);
	is_int(n, 1, "pmic: only the sane rail is summed");
	is_double(w, 1.0, 1e-9, "pmic: 2 A x 0.5 V");
	is_int(bad, 5, "pmic: negative, absurd, unitless, garbage rejected");

	bad = 0;
	n = power_parse_pmic("", &w, &bad);
	ok(n == 0 && isnan(w), "pmic: empty output gives nothing");
	n = power_parse_pmic("EXT5V_V volt(24)=5.1V\n", &w, &bad);
	ok(n == 0 && isnan(w), "pmic: a voltage alone gives nothing");
}

static void
hwmon(void)
{
	struct power_set ps;
	unsigned bad = 0;
	char note[256] = "";
	double w;

	use_root("power-ina226");
	power_find(&ps);
	is_int(ps.n, 1, "ina226: one channel (power1 preferred)");
	is_int(ps.source, POWER_SRC_HWMON, "ina226: hwmon source");
	w = power_read_hwmon(&ps, &bad, note, sizeof(note));
	is_double(w, 2.35, 1e-9, "ina226: 2350000 uW is 2.35 W");
	is_int(bad, 0, "ina226: nothing rejected");

	use_root("power-ina219");
	power_find(&ps);
	is_int(ps.n, 1, "ina219: one curr*in channel");
	ok(ps.n == 1 && ps.c[0].curr, "ina219: current times voltage");
	w = power_read_hwmon(&ps, &bad, note, sizeof(note));
	is_double(w, 2.55, 1e-9, "ina219: 500 mA x 5100 mV");

	use_root("power-bad");
	power_find(&ps);
	is_int(ps.n, 4, "bad: four channels found");
	w = power_read_hwmon(&ps, &bad, note, sizeof(note));
	is_double(w, 1.5, 1e-9, "bad: only the sane channel counts");
	is_int(bad, 3, "bad: malformed, negative, absurd rejected");
	ok(strstr(note, "power1_input: not a number") != NULL,
	    "bad: the first rejection is noted (%s)", note);

	use_root("bare");
	power_find(&ps);
	ok(ps.n == 0 && ps.source == 0, "bare: no sensor, no source");
	ok(isnan(power_sample(&ps, &bad)), "bare: no value guessed");
	unsetenv("BOARDBENCH_SYSROOT");
	sysfs_reset();
}

static void
energy(void)
{
	is_double(monitor_energy_per_unit(2.0, "op/s", 1e6), 2e-6, 1e-15,
	    "2 W at 1e6 op/s: 2 uJ per op");
	is_double(monitor_energy_per_unit(2.0, "s", 0.5), 1.0, 1e-12,
	    "2 W for 0.5 s per op: 1 J per op");
	ok(isnan(monitor_energy_per_unit(2.0, "B", 10)), "no rate: none");
	ok(isnan(monitor_energy_per_unit(NAN, "op/s", 10)), "no power: none");
	ok(isnan(monitor_energy_per_unit(2.0, "op/s", 0)), "zero rate: none");
}

/*
 * A row of unit u with samples 1, 2, 4 and the figure fig (4: as a median
 * over processes may differ from the pooled samples'), at 2 W or without
 * watts; run in processes (procs: spread 0.07 about their figure) or
 * stored before rows kept their spread.
 */
static int
energy_of_procs(const char *u, int watts, double fig, int procs,
    struct result *e)
{
	static double v[] = { 1, 2, 4 };
	struct result r;
	int rc;

	memset(&r, 0, sizeof(r));
	snprintf(r.bench, sizeof(r.bench), "b");
	snprintf(r.case_name, sizeof(r.case_name), "c/8192");
	snprintf(r.unit, sizeof(r.unit), "%s", u);
	r.status = ST_OK;
	r.better = 1;
	r.samples = v;
	r.nsamples = 3;
	r.st.median = fig;
	r.st.cv = 0.25;
	r.flags = RF_NOISY;
	if (watts)
		result_add_extra(&r, "power:avg_w", 2.0);
	if (procs) {
		result_add_extra(&r, "cv:within", 0.07);
		result_add_extra(&r, "cv:samples", 0.25);
	}
	rc = monitor_energy_row(&r, e);
	r.samples = NULL;
	result_release(&r);
	return rc;
}

static int
energy_of(const char *u, int watts, double fig, struct result *e)
{
	return energy_of_procs(u, watts, fig, 1, e);
}

static void
energy_rows(void)
{
	struct result e;
	double x, y;

	ok(energy_of("B/s", 1, 4, &e) == 0, "a rate with watts: an energy row");
	is_str(e.case_name, "c/8192/energy", "named CASE/energy");
	is_str(e.unit, "J/B", "B/s gives J/B");
	ok(e.better < 0, "lower is better");
	is_double(e.st.median, 0.5, 1e-12, "2 W at the case's 4 B/s: 0.5 J/B, "
	    "not the samples' median");
	ok(e.nsamples == 3 && e.samples[2] == 0.5, "a value per sample");
	ok(e.st.cv == 0.25 && (e.flags & RF_NOISY), "the case's spread and "
	    "flags");
	ok(result_get_extra(&e, "cv:within", &x) == 0 && x == 0.07 &&
	    result_get_extra(&e, "cv:samples", &y) == 0 && y == 0.25,
	    "and the spread its noisy flag rests on (fmt-text's why line)");
	result_release(&e);
	ok(energy_of_procs("B/s", 1, 4, 0, &e) == 0 &&
	    result_get_extra(&e, "cv:within", &x) != 0, "a case without one: "
	    "none, not its energy samples' own");
	result_release(&e);
	ok(energy_of("s", 1, 4, &e) == 0 && strcmp(e.unit, "J") == 0 &&
	    e.st.median == 8.0, "a time: J per operation, 2 W x 4 s");
	result_release(&e);
	ok(energy_of("s/s", 1, 4, &e) != 0, "seconds per second: none (J/s "
	    "would read as watts)");
	ok(energy_of("B", 1, 4, &e) != 0, "not a rate or a time: none");
	ok(energy_of("B/s", 0, 4, &e) != 0, "no watts: none");
	ok(energy_of("B/s", 1, 0, &e) != 0, "a zero figure: none");
}

int
main(void)
{
	srcdir = getenv("top_srcdir");
	if (srcdir == NULL)
		srcdir = ".";
	pmic();
	hwmon();
	energy();
	energy_rows();
	return done_testing();
}
