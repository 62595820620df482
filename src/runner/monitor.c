/*
 * monitor.c - the sampler thread and the per-case verdicts.  The thread
 * only reads a handful of small sysfs files per sample with open/read (no
 * stdio, no allocation) and sleeps on a condition variable, so it costs a
 * few tens of microseconds a sample; its period stretches if a sample ever
 * gets expensive, keeping it under 1 % of a core.  `busy` does not come
 * from the thread: it is the watched CPUs' time over the case that
 * /proc/stat does not call idle, minus the CPU time of our own process
 * and of the case's children (getrusage).  From idle, not from the sum
 * of the busy fields: each field is rounded down to a tick when read, and
 * for a spinner pinned to one CPU of an idle machine their sum read up to
 * 0.03 cores of "other work" over 0.3 s (more over shorter cases), where
 * idle read 0.0002.
 */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "cpuset.h"
#include "monitor.h"
#include "noise.h"
#include "power.h"
#include "result.h"
#include "stopflag.h"
#include "sysfs.h"
#include "sysinfo.h"
#include "util.h"

#define MAX_ZONES 32
#define CPUFREQ "/sys/devices/system/cpu/cpufreq"

struct acc {
	unsigned n, below;
	double mhz_min, mhz_max, temp_max;
	long bits;
	unsigned wn, wbad;		/* power samples, rejected values */
	double wsum, wpeak;
};

struct monitor {
	struct monitor_opts o;
	/* the cpufreq policies of the cases' CPUs (allocated) */
	struct watched {
		int num;		/* policyN */
		int perf;		/* governor is performance (this case) */
		double smax;		/* scaling_max_freq, MHz (this case) */
	} *pol;
	int npol;
	int nzones, zone[MAX_ZONES];
	int fw_node;			/* the get_throttled sysfs node exists */
	int vcgencmd;			/* else use vcgencmd at begin and end */
	double period, tick;
	struct power_set pw;		/* supply power sensors */
	double pmic_last;		/* when the PMIC was last read */
	pthread_mutex_t spawn_mu;	/* vcgencmd from one thread at a time */

	pthread_t thread;
	int running, stop, in_case;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct acc acc;
	double thread_cpu;		/* seconds, updated by the thread */

	/* the last pace check: its value (NAN: none), when (mono) and on
	 * which CPU (-1: all of the start's) */
	double pace_last, pace_when;
	int pace_cpu;
	unsigned pace_checks;
	/* case start */
	double pace0;			/* its pace check, NAN: none */
	double t0, self0, kids0, thread_cpu0;
	struct stat_cpus stat0;
	int have_stat0;
	struct cpuset watch;		/* the cases' CPUs; empty: all */
	struct cpuset one;		/* a pinned case's CPU */
	const struct cpuset *cwatch;	/* this case's: watch or one */
	long bits0;
};

static double
tv_s(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

static double
rusage_s(int who)
{
	struct rusage ru;

	if (getrusage(who, &ru) != 0)
		return 0;
	return tv_s(&ru.ru_utime) + tv_s(&ru.ru_stime);
}

int
monitor_parse_stat_set(const char *text, const struct cpuset *cpus,
    struct stat_cpus *sc)
{
	unsigned long long v[8], all = 0;
	const char *p;
	long cpu;
	int have_all = 0, any = cpus != NULL && !cpuset_empty(cpus);

	sc->idle = sc->total = 0;
	sc->ncpus = 0;
	for (p = text; p != NULL && *p != '\0'; p = strchr(p, '\n'),
	    p = p != NULL ? p + 1 : NULL) {
		if (sysfs_proc_stat_cpu(p, &cpu, v) != 0)
			continue;
		/* user nice system idle iowait irq softirq steal; the
		 * kernel serving interrupts (a network case's own traffic
		 * comes to softirq, no process's CPU time) is no other
		 * program's work */
		if (cpu == -1) {
			all = v[3] + v[4] + v[5] + v[6];
			have_all = 1;
			continue;
		}
		if (cpu < 0 || cpu > INT_MAX ||
		    (any && !cpuset_has(cpus, (int)cpu)))
			continue;
		sc->idle += v[3] + v[4] + v[5] + v[6];
		sc->total += v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] +
		    v[7];
		sc->ncpus++;
	}
	/* all CPUs: the line of all, rounded once, not once a CPU */
	if (!any && have_all && sc->ncpus > 0)
		sc->idle = all;
	return sc->ncpus > 0 ? 0 : -1;
}

/* /proc/stat's cpu lines for 4096 CPUs fit in this */
#define STAT_MAX	(512 * 1024)

/* /proc/stat's idle and total of cpus (NULL or empty: all); 0 or -1. */
static int
read_stat_set(const struct cpuset *cpus, struct stat_cpus *sc)
{
	char *buf = xmalloc(STAT_MAX);
	int rc;

	rc = sysfs_read_str("/proc/stat", buf, STAT_MAX) == SYSFS_OK ?
	    monitor_parse_stat_set(buf, cpus, sc) : -1;
	free(buf);
	return rc;
}

/* monitor.h */
double
monitor_others(const struct stat_cpus *a, const struct stat_cpus *b,
    double wall, double own, double tick)
{
	double o;

	/* other CPUs, or a /proc/stat that did not move (a fixture, or
	 * less than a tick): nothing to tell */
	if (a->ncpus != b->ncpus || b->idle < a->idle ||
	    b->total <= a->total || !(wall > 0))
		return NAN;
	o = (double)b->ncpus * wall - (double)(b->idle - a->idle) * tick - own;
	return o > 0 ? o / wall : 0;
}

static double
clock_tick(void)
{
	long hz = sysconf(_SC_CLK_TCK);

	return hz > 0 ? 1.0 / (double)hz : 0.01;
}

static double
read_load1(void)
{
	char buf[128];
	double l;

	if (sysfs_read_str("/proc/loadavg", buf, sizeof(buf)) != SYSFS_OK ||
	    sscanf(buf, "%lf", &l) != 1)
		return NAN;
	return l;
}

double
monitor_soc_temp(void)
{
	int zones[MAX_ZONES], n, i;
	double t = NAN, c;

	n = sysinfo_thermal_zones(zones, MAX_ZONES);
	for (i = 0; i < n; i++) {
		c = sysinfo_zone_temp(zones[i]);
		if (!isnan(c) && (isnan(t) || c > t))
			t = c;
	}
	return t;
}

/* One sample: read outside the lock, merge under it. */
static void
take_sample(struct monitor *m)
{
	double *mhz = xcalloc(m->npol > 0 ? (size_t)m->npol : 1,
	    sizeof(*mhz));
	double temp = NAN, watts = NAN;
	unsigned wbad = 0;
	long bits = -1;
	long long v;
	unsigned below = 0;
	int i;

	for (i = 0; i < m->npol; i++)
		mhz[i] = sysinfo_policy_mhz(m->pol[i].num, "scaling_cur_freq");
	for (i = 0; i < m->nzones; i++) {
		double c = sysinfo_zone_temp(m->zone[i]);

		if (!isnan(c) && (isnan(temp) || c > temp))
			temp = c;
	}
	if (m->fw_node && sysfs_read_ll(SI_GET_THROTTLED, 1, &v, NULL, 0) ==
	    SYSFS_OK && v >= 0)
		bits = (long)v;
	if (m->pw.source == POWER_SRC_PMIC) {
		/* a program start: at most once per POWER_PMIC_EVERY */
		pthread_mutex_lock(&m->spawn_mu);
		if (now_mono() - m->pmic_last >= POWER_PMIC_EVERY) {
			m->pmic_last = now_mono();
			watts = power_sample(&m->pw, &wbad);
		}
		pthread_mutex_unlock(&m->spawn_mu);
	} else if (m->pw.source != 0) {
		watts = power_sample(&m->pw, &wbad);
	}

	pthread_mutex_lock(&m->mu);
	for (i = 0; i < m->npol; i++) {
		if (isnan(mhz[i]))
			continue;
		if (isnan(m->acc.mhz_min) || mhz[i] < m->acc.mhz_min)
			m->acc.mhz_min = mhz[i];
		if (isnan(m->acc.mhz_max) || mhz[i] > m->acc.mhz_max)
			m->acc.mhz_max = mhz[i];
		if (m->pol[i].perf && m->pol[i].smax > 0 &&
		    mhz[i] < MONITOR_BELOW_MAX * m->pol[i].smax)
			below = 1;
	}
	m->acc.below += below;
	if (!isnan(temp) && (isnan(m->acc.temp_max) || temp > m->acc.temp_max))
		m->acc.temp_max = temp;
	if (bits >= 0)
		m->acc.bits = (m->acc.bits < 0 ? 0 : m->acc.bits) | bits;
	m->acc.wbad += wbad;
	if (!isnan(watts)) {
		m->acc.wn++;
		m->acc.wsum += watts;
		if (isnan(m->acc.wpeak) || watts > m->acc.wpeak)
			m->acc.wpeak = watts;
	}
	m->acc.n++;
	pthread_mutex_unlock(&m->mu);
	free(mhz);
}

static double
thread_cpu_now(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The sampler: sample while a case runs, sleep on the condition variable. */
static void *
sampler(void *arg)
{
	struct monitor *m = arg;
	struct timespec until;
	double period = m->period, c0, cost;
	sigset_t all;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	pthread_mutex_lock(&m->mu);
	while (!m->stop) {
		if (m->in_case) {
			pthread_mutex_unlock(&m->mu);
			c0 = thread_cpu_now();
			take_sample(m);
			cost = thread_cpu_now() - c0;
			/* never more than 1 % of a core */
			period = cost * 100 > m->period ? cost * 100 :
			    m->period;
			pthread_mutex_lock(&m->mu);
			m->thread_cpu = thread_cpu_now();
		}
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_sec += (time_t)period;
		until.tv_nsec += (long)((period - (double)(time_t)period) * 1e9);
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&m->cv, &m->mu, &until);
	}
	pthread_mutex_unlock(&m->mu);
	return NULL;
}

/* Does a policy with these CPUs matter to cases on cpus (NULL: all)? */
static int
monitor_watches(const struct cpuset *cpus, const struct cpuset *policy)
{
	return cpus == NULL || cpuset_empty(cpus) ||
	    cpuset_intersects(cpus, policy);
}

struct monitor *
monitor_new(const struct monitor_opts *o)
{
	struct monitor *m = xcalloc(1, sizeof(*m));
	struct si_policy *pol;
	int n, i;

	m->o = *o;
	m->o.cpus = NULL;
	/* busy is judged on the CPUs the cases run on */
	cpuset_init(&m->watch);
	if (o->cpus != NULL)
		cpuset_copy(&m->watch, o->cpus);
	cpuset_init(&m->one);
	m->cwatch = &m->watch;
	m->pace_last = m->pace0 = NAN;
	m->pace_cpu = -1;
	if (!(m->o.pace_every > 0))
		m->o.pace_every = NOISE_PACE_EVERY;
	m->period = o->period > 0 ? o->period : MONITOR_PERIOD;
	m->tick = clock_tick();
	n = sysinfo_policies(&pol);
	m->pol = xcalloc(n > 0 ? (size_t)n : 1, sizeof(*m->pol));
	for (i = 0; i < n; i++)
		if (monitor_watches(o->cpus, &pol[i].cpus))
			m->pol[m->npol++].num = pol[i].num;
	sysinfo_policies_free(pol, n);
	m->nzones = sysinfo_thermal_zones(m->zone, MAX_ZONES);
	m->fw_node = sysfs_exists(SI_GET_THROTTLED);
	m->vcgencmd = !m->fw_node && sysinfo_have_vcgencmd();
	power_find(&m->pw);
	m->pmic_last = -1e9;
	pthread_mutex_init(&m->mu, NULL);
	pthread_mutex_init(&m->spawn_mu, NULL);
	pthread_cond_init(&m->cv, NULL);
	if (o->sample && pthread_create(&m->thread, NULL, sampler, m) == 0)
		m->running = 1;
	return m;
}

void
monitor_free(struct monitor *m)
{
	if (m == NULL)
		return;
	if (m->running) {
		pthread_mutex_lock(&m->mu);
		m->stop = 1;
		pthread_cond_signal(&m->cv);
		pthread_mutex_unlock(&m->mu);
		pthread_join(m->thread, NULL);
	}
	pthread_mutex_destroy(&m->mu);
	pthread_mutex_destroy(&m->spawn_mu);
	pthread_cond_destroy(&m->cv);
	free(m->pol);
	cpuset_release(&m->watch);
	cpuset_release(&m->one);
	free(m);
}

/* Firmware bits through vcgencmd (begin and end of a case only). */
static long
vc_bits(struct monitor *m)
{
	unsigned long bits;
	const char *src;
	int rc;

	if (!m->vcgencmd)
		return -1;
	pthread_mutex_lock(&m->spawn_mu);
	rc = sysinfo_throttled(&bits, &src, NULL);
	pthread_mutex_unlock(&m->spawn_mu);
	return rc != 0 ? -1 : (long)bits;
}

/*
 * The pace now: a new check when the last is NOISE_PACE_EVERY seconds
 * old or more or read drift, else the last one's (a run of short cases
 * is checked once every few seconds, not twice a case).
 */
static double
pace_check(struct monitor *m, int cpu)
{
	if (m->o.pace_ref == NULL)
		return NAN;
	if (cpu != m->pace_cpu || !noise_pace_reuse(m->pace_last,
	    now_mono() - m->pace_when, m->o.pace_every,
	    noise_pace_bound(m->o.pace_ref))) {
		m->pace_last = noise_pace_on(m->o.pace_ref, cpu, NULL);
		m->pace_when = now_mono();
		m->pace_cpu = cpu;
		m->pace_checks++;
	}
	return m->pace_last;
}

void
monitor_case_begin(struct monitor *m)
{
	monitor_case_begin_on(m, -1);
}

void
monitor_case_begin_on(struct monitor *m, int cpu)
{
	char path[128], buf[64];
	double v;
	int i;

	if (m == NULL)
		return;
	m->cwatch = &m->watch;
	if (cpu >= 0) {
		cpuset_clear(&m->one);
		if (cpuset_add(&m->one, cpu) == 0)
			m->cwatch = &m->one;
		else
			cpu = -1;
	}
	/* before the case's own accounting starts: the loop is ours */
	m->pace_checks = 0;
	m->pace0 = pace_check(m, cpu);
	for (i = 0; i < m->npol; i++) {
		snprintf(path, sizeof(path), CPUFREQ "/policy%d/"
		    "scaling_governor", m->pol[i].num);
		m->pol[i].perf = sysfs_read_str(path, buf, sizeof(buf)) ==
		    SYSFS_OK && strcmp(buf, "performance") == 0;
		v = sysinfo_policy_mhz(m->pol[i].num, "scaling_max_freq");
		m->pol[i].smax = isnan(v) ? 0 : v;
	}
	pthread_mutex_lock(&m->mu);
	m->acc.n = m->acc.below = 0;
	m->acc.mhz_min = m->acc.mhz_max = m->acc.temp_max = NAN;
	m->acc.bits = -1;
	m->acc.wn = m->acc.wbad = 0;
	m->acc.wsum = 0;
	m->acc.wpeak = NAN;
	m->thread_cpu0 = m->thread_cpu;
	pthread_mutex_unlock(&m->mu);
	m->bits0 = vc_bits(m);
	m->have_stat0 = read_stat_set(m->cwatch, &m->stat0) == 0;
	m->self0 = rusage_s(RUSAGE_SELF);
	m->kids0 = rusage_s(RUSAGE_CHILDREN);
	m->t0 = now_mono();
	take_sample(m);
	pthread_mutex_lock(&m->mu);
	m->in_case = 1;
	pthread_cond_signal(&m->cv);
	pthread_mutex_unlock(&m->mu);
}

unsigned
monitor_flags(const struct monitor_summary *s, double hot_temp, double tick)
{
	unsigned f = 0;

	if ((s->throttle_bits >= 0 && (s->throttle_bits & 0xf) != 0) ||
	    (s->throttle_new > 0 && (s->throttle_new & 0xf0000) != 0) ||
	    s->below_max > 0 || s->max_dropped)
		f |= RF_THROTTLED;
	if (!isnan(s->temp_max) && s->temp_max > hot_temp)
		f |= RF_HOT;
	if (!isnan(s->busy_cores) && s->wall > 0 &&
	    (s->busy_cores - s->cpus_spare) * s->wall > MONITOR_BUSY_CORES *
	    s->wall + 2 * (s->ncpus > 1 ? s->ncpus : 1) * tick)
		f |= RF_BUSY;
	if (isfinite(s->pace) && s->pace_bound > 0 &&
	    fabs(s->pace - 1) > s->pace_bound)
		f |= RF_DRIFTED;
	return f;
}

void
monitor_case_end(struct monitor *m, struct monitor_summary *s)
{
	struct stat_cpus stat1;
	double self1, kids1, t1, own, v, pace1;
	long bits1;
	int i, used;

	memset(s, 0, sizeof(*s));
	s->power_avg_w = s->power_peak_w = s->pace = NAN;
	if (m == NULL)
		return;
	pthread_mutex_lock(&m->mu);
	m->in_case = 0;
	pthread_mutex_unlock(&m->mu);
	take_sample(m);
	t1 = now_mono();
	kids1 = rusage_s(RUSAGE_CHILDREN);
	self1 = rusage_s(RUSAGE_SELF);
	bits1 = vc_bits(m);

	s->valid = 1;
	s->wall = t1 - m->t0;
	s->busy_cores = NAN;
	own = (kids1 - m->kids0) + (self1 - m->self0);
	if (m->have_stat0 && read_stat_set(m->cwatch, &stat1) == 0)
		s->busy_cores = monitor_others(&m->stat0, &stat1, s->wall,
		    own, m->tick);
	if (!isnan(s->busy_cores)) {
		/* the CPUs the case kept busy itself, one at least: other
		 * work beyond the rest of the watched CPUs met the case */
		used = (int)ceil(own / s->wall - MONITOR_OWN_SLACK);
		used = used < 1 ? 1 : used > stat1.ncpus ? stat1.ncpus : used;
		s->ncpus = stat1.ncpus;
		s->cpus_spare = stat1.ncpus - used;
	}
	for (i = 0; i < m->npol; i++) {
		v = sysinfo_policy_mhz(m->pol[i].num, "scaling_max_freq");
		if (m->pol[i].smax > 0 && !isnan(v) && v < m->pol[i].smax)
			s->max_dropped = 1;
	}
	pthread_mutex_lock(&m->mu);
	s->nsamples = m->acc.n;
	s->below_max = m->acc.below;
	s->mhz_min = m->acc.mhz_min;
	s->mhz_max = m->acc.mhz_max;
	s->temp_max = m->acc.temp_max;
	s->throttle_bits = m->acc.bits;
	s->sampler_share = s->wall > 0 ? (m->thread_cpu - m->thread_cpu0) /
	    s->wall : 0;
	s->power_source = m->pw.source;
	s->power_bad = m->acc.wbad;
	s->power_avg_w = m->acc.wn ? m->acc.wsum / m->acc.wn : NAN;
	s->power_peak_w = m->acc.wn ? m->acc.wpeak : NAN;
	pthread_mutex_unlock(&m->mu);
	s->throttle_new = -1;
	if (m->bits0 >= 0 && bits1 >= 0) {
		s->throttle_bits = (s->throttle_bits < 0 ? 0 :
		    s->throttle_bits) | m->bits0 | bits1;
		s->throttle_new = bits1 & ~m->bits0;
	}
	s->load1 = read_load1();
	/* after the case's accounting ended */
	pace1 = pace_check(m, m->cwatch == &m->one ?
	    cpuset_next(&m->one, 0) : -1);
	s->pace_checks = m->pace_checks;
	s->pace = noise_pace_farther(m->pace0, pace1);
	s->pace_bound = noise_pace_bound(m->o.pace_ref);
	s->flags = monitor_flags(s, m->o.hot_temp, m->tick);
}

void
monitor_run_flags(const struct run_info *ri, struct result *r)
{
	if (run_emulated(ri))
		r->flags |= RF_EMULATED;
}

void
monitor_apply(const struct monitor_summary *s, struct result *r)
{
	double e;

	if (s == NULL || !s->valid || r->status == ST_SKIPPED)
		return;
	r->flags |= s->flags;
	result_add_extra(r, "mon.samples", (double)s->nsamples);
	if (!isnan(s->mhz_min)) {
		result_add_extra(r, "mon.mhz_min", s->mhz_min);
		result_add_extra(r, "mon.mhz_max", s->mhz_max);
	}
	if (!isnan(s->temp_max))
		result_add_extra(r, "mon.temp_max_c", s->temp_max);
	if (s->throttle_bits >= 0)
		result_add_extra(r, "mon.throttle_bits",
		    (double)s->throttle_bits);
	if (!isnan(s->busy_cores)) {
		result_add_extra(r, "mon.busy_cores", s->busy_cores);
		result_add_extra(r, "mon.cpus_spare", s->cpus_spare);
	}
	if (!isnan(s->load1))
		result_add_extra(r, "mon.load1", s->load1);
	if (isfinite(s->pace))
		result_add_extra(r, "mon.pace", s->pace);
	result_add_extra(r, "mon.sampler_cpu", s->sampler_share);
	if (s->power_bad > 0)
		result_add_extra(r, "power:rejected", (double)s->power_bad);
	if (isnan(s->power_avg_w))
		return;
	result_add_extra(r, "power:avg_w", s->power_avg_w);
	result_add_extra(r, "power:peak_w", s->power_peak_w);
	result_add_extra(r, "power:source", (double)s->power_source);
	if (r->status == ST_OK && r->copy == 0 &&
	    !isnan(e = monitor_energy_per_unit(s->power_avg_w, r->unit,
	    r->st.median)))
		result_add_extra(r, "energy:j_per_unit", e);
}

int
monitor_has_power(const struct monitor *m)
{
	return m != NULL && m->pw.source != 0;
}

/* What a row's unit is to energy: a time per operation, a rate, neither. */
enum energy_kind { EK_NONE, EK_TIME, EK_RATE };

static enum energy_kind
energy_kind(const char *unit)
{
	size_t n = strlen(unit);

	if (strcmp(unit, "s") == 0)
		return EK_TIME;
	if (n > 2 && strcmp(unit + n - 2, "/s") == 0)
		return EK_RATE;
	return EK_NONE;
}

/*
 * "J/X" for a rate "X/s", "J" for a time "s"; -1 for other units and for
 * seconds per second (mp3's real-time factor), whose "J/s" would read as
 * watts.
 */
static int
energy_unit(const char *unit, char *out, size_t len)
{
	enum energy_kind ek = energy_kind(unit);
	int k;

	if (ek == EK_NONE || strcmp(unit, "s/s") == 0)
		return -1;
	k = ek == EK_TIME ? snprintf(out, len, "J") :
	    snprintf(out, len, "J/%.*s", (int)(strlen(unit) - 2), unit);
	return k > 0 && (size_t)k < len ? 0 : -1;
}

int
monitor_energy_row(const struct result *r, struct result *e)
{
	/* the spreads its noisy flag rests on (fmt-text.c's why line) */
	static const char *const spread[] = { "cv:within", "cv:samples" };
	char unit[sizeof(e->unit)], name[sizeof(e->case_name)];
	double w, fig, *v, x;
	size_t i, n = 0;
	int k;

	k = snprintf(name, sizeof(name), "%s/energy", r->case_name);
	if (r->status != ST_OK || r->copy != 0 || r->nsamples == 0 ||
	    k < 0 || (size_t)k >= sizeof(name) ||
	    result_get_extra(r, "power:avg_w", &w) != 0 ||
	    energy_unit(r->unit, unit, sizeof(unit)) != 0 ||
	    isnan(fig = monitor_energy_per_unit(w, r->unit, r->st.median)))
		return -1;
	v = xcalloc(r->nsamples, sizeof(*v));
	for (i = 0; i < r->nsamples; i++)
		if (!isnan(v[n] = monitor_energy_per_unit(w, r->unit,
		    r->samples[i])))
			n++;
	if (n == 0) {
		free(v);
		return -1;
	}
	memset(e, 0, sizeof(*e));
	strlcpy_bb(e->bench, r->bench, sizeof(e->bench));
	strlcpy_bb(e->group, r->group, sizeof(e->group));
	strlcpy_bb(e->case_name, name, sizeof(e->case_name));
	strlcpy_bb(e->unit, unit, sizeof(e->unit));
	strlcpy_bb(e->params, r->params, sizeof(e->params));
	e->better = BENCH_LOWER;
	e->status = ST_OK;
	e->iters = r->iters;
	e->cycles = e->instructions = NAN;
	e->copies = r->copies;
	e->seconds = r->seconds;
	result_set_samples(e, v, n);
	/* the figure is the case's own figure's energy, with its spread
	 * (over processes where the case sampled several) and verdict */
	e->st.median = fig;
	e->st.cv = r->st.cv;
	e->st.sdcv = r->st.sdcv;
	e->flags = r->flags;
	for (i = 0; i < ARRAY_SIZE(spread); i++)
		if (result_get_extra(r, spread[i], &x) == 0)
			result_add_extra(e, spread[i], x);
		else
			result_drop_extra(e, spread[i]);
	result_add_extra(e, "power:avg_w", w);
	free(v);
	return 0;
}

double
monitor_energy_per_unit(double avg_w, const char *unit, double value)
{
	enum energy_kind ek = energy_kind(unit);

	if (isnan(avg_w) || !isfinite(value) || value <= 0 || ek == EK_NONE)
		return NAN;
	return ek == EK_TIME ? avg_w * value : avg_w / value;
}

/* ---- before a run ------------------------------------------------------- */

int
monitor_governor_check(const struct cpuset *cpus, char *msg, size_t len)
{
	struct si_policy *pol;
	int n, i, bad = 0;
	char path[128], gov[64];
	size_t used = 0;

	msg[0] = '\0';
	n = sysinfo_policies(&pol);
	for (i = 0; i < n; i++) {
		if (!monitor_watches(cpus, &pol[i].cpus))
			continue;
		snprintf(path, sizeof(path), CPUFREQ "/policy%d/"
		    "scaling_governor", pol[i].num);
		if (sysfs_read_str(path, gov, sizeof(gov)) != SYSFS_OK ||
		    strcmp(gov, "performance") == 0)
			continue;
		bad = 1;
		used += (size_t)snprintf(msg + used, used < len ? len - used : 0,
		    "%s%s (policy%d)", used ? ", " : "", gov, pol[i].num);
	}
	sysinfo_policies_free(pol, n);
	return bad;
}

/* Sleep s seconds, in short steps so that SIGINT stops a wait soon. */
static void
nap(double s)
{
	struct timespec ts;
	double end = now_mono() + s, left;

	while (!stopflag_requested() && (left = end - now_mono()) > 0) {
		left = left > 0.1 ? 0.1 : left;
		ts.tv_sec = 0;
		ts.tv_nsec = (long)(left * 1e9);
		nanosleep(&ts, NULL);
	}
}

double
monitor_busy_probe(double window)
{
	struct stat_cpus a, b;
	double s0, s1, t0, t1;

	if (read_stat_set(NULL, &a) != 0)
		return NAN;
	s0 = rusage_s(RUSAGE_SELF);
	t0 = now_mono();
	nap(window);
	if (read_stat_set(NULL, &b) != 0)
		return NAN;
	s1 = rusage_s(RUSAGE_SELF);
	t1 = now_mono();
	return monitor_others(&a, &b, t1 - t0, s1 - s0, clock_tick());
}

int
monitor_wait_idle(double max_wait, double *waited, double *busy)
{
	double start = now_mono(), b;
	int quiet = 0;

	*busy = NAN;
	while (!stopflag_requested()) {
		b = monitor_busy_probe(1.0);
		*busy = b;
		*waited = now_mono() - start;
		if (isnan(b))
			return 0;	/* cannot tell: do not wait */
		quiet = b <= MONITOR_BUSY_CORES + 2 * clock_tick() ?
		    quiet + 1 : 0;
		if (quiet >= 2)
			return 0;
		if (*waited >= max_wait)
			return -1;
	}
	return -1;
}

int
monitor_cool_down(double temp, double max_wait, double *waited,
    double *now_temp)
{
	double start = now_mono(), t;

	*waited = 0;
	for (;;) {
		t = monitor_soc_temp();
		*now_temp = t;
		if (isnan(t))
			return 1;
		if (t < temp)
			return 0;
		*waited = now_mono() - start;
		if (*waited >= max_wait || stopflag_requested())
			return -1;
		nap(max_wait - *waited < 1.0 ? max_wait - *waited : 1.0);
	}
}
