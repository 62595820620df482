/*
 * power.h - the board's supply power, where it exposes it: hwmon power
 * sensors (powerN_input in microwatts, or currN_input in mA times inN_input
 * in mV, as INA219, INA226 and INA3221 report) read through sysfs.c, and
 * on a Raspberry Pi 5 the PMIC's rails from `vcgencmd pmic_read_adc`
 * (current times voltage per rail, summed; only on the real machine).
 * Without a sensor nothing is reported; values that are not numbers, are
 * negative or absurd are rejected and counted, never used.
 */
#ifndef BOARDBENCH_POWER_H
#define BOARDBENCH_POWER_H

#include <stddef.h>

struct si_power;
struct sysinfo_notes;

#define POWER_MAX_CHANS	16
#define POWER_MAX_W	1000.0	/* a reading above this is absurd */
#define POWER_MAX_A	100.0	/* a rail current above this is absurd */
#define POWER_MAX_V	60.0	/* a voltage above this is absurd */
#define POWER_PMIC_EVERY 1.0	/* seconds between two PMIC reads */

/* Values of power:source. */
#define POWER_SRC_HWMON	1
#define POWER_SRC_PMIC	2

/* One hwmon channel: powerN_input, or currN_input with inN_input. */
struct power_chan {
	int hwmon, chan;
	int curr;		/* 1: currN * inN, 0: powerN */
	char name[32];		/* the device's hwmon name */
};

struct power_set {
	int n;
	struct power_chan c[POWER_MAX_CHANS];
	int pmic;		/* vcgencmd pmic_read_adc answers */
	int source;		/* POWER_SRC_*, 0: no sensor */
};

/* Look for sensors (hwmon first; the PMIC only on the real machine). */
void power_find(struct power_set *);

/*
 * The sum of the hwmon channels now, in watts; NAN when none gave a
 * usable value.  *bad counts values rejected; with note non-NULL the
 * first rejection is described there.
 */
double power_read_hwmon(const struct power_set *, unsigned *bad,
    char *note, size_t len);

/*
 * Parse `vcgencmd pmic_read_adc` output: the sum over rails that have
 * both "NAME_A current(i)=xA" and "NAME_V volt(j)=yV" of x * y, in
 * watts.  The number of rails summed (0: none, *watts NAN); *bad counts
 * lines rejected.
 */
int power_parse_pmic(const char *text, double *watts, unsigned *bad);

/* Run vcgencmd pmic_read_adc (spawn, 5 s limit): watts or NAN. */
double power_read_pmic(unsigned *bad);

/* One sample from the chosen source: watts or NAN. */
double power_sample(const struct power_set *, unsigned *bad);

/*
 * What the snapshot holds: the sensors and a reading of each (NAN when
 * unusable), at most max; notes added.  The count.
 */
int power_readings(struct si_power *out, int max,
    struct sysinfo_notes *notes);

#endif
