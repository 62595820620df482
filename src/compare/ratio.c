/*
 * ratio.c - ratios of two builds' figures with confidence intervals
 * (ratio.h): Student's t distribution, paired and Welch intervals of log
 * ratios, the drift floor, Benjamini-Hochberg.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ratio.h"
#include "util.h"

#define BETA_EPS	1e-14
#define BETA_TINY	1e-300
#define BETA_ITER	400
#define DF_NORMAL	1e7	/* degrees of freedom that stand for "normal" */

/*
 * The continued fraction of the regularised incomplete beta function
 * I_x(a, b) (its even and odd terms as in Abramowitz and Stegun 26.5.8),
 * evaluated by the modified Lentz method; valid for x < (a+1)/(a+b+2).
 */
static double
beta_cf(double a, double b, double x)
{
	double f = 1, c = 1, d = 0, num, delta;
	int i, m;

	for (i = 1; i <= BETA_ITER; i++) {
		m = i / 2;
		if (i % 2 == 1)
			num = -(a + m) * (a + b + m) * x /
			    ((a + 2 * m) * (a + 2 * m + 1));
		else
			num = m * (b - m) * x /
			    ((a + 2 * m - 1) * (a + 2 * m));
		d = 1 + num * d;
		if (fabs(d) < BETA_TINY)
			d = BETA_TINY;
		c = 1 + num / c;
		if (fabs(c) < BETA_TINY)
			c = BETA_TINY;
		d = 1 / d;
		delta = c * d;
		f *= delta;
		if (fabs(delta - 1) < BETA_EPS)
			break;
	}
	return f;
}

/* The regularised incomplete beta function I_x(a, b), 0 <= x <= 1. */
static double
beta_inc(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
	    b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front / (a * beta_cf(a, b, x));
	return 1 - front / (b * beta_cf(b, a, 1 - x));
}

double
ratio_t_sf(double t, double df)
{
	double tail;

	if (isnan(t) || isnan(df) || df <= 0)
		return NAN;
	if (df >= DF_NORMAL)
		return 0.5 * erfc(t / M_SQRT2);
	tail = 0.5 * beta_inc(df / 2, 0.5, df / (df + t * t));
	return t >= 0 ? tail : 1 - tail;
}

double
ratio_t_quantile(double q, double df)
{
	double lo = 0, hi = 1, mid, want;
	int i;

	if (!(q > 0 && q < 1) || !(df > 0))
		return NAN;
	if (q < 0.5)
		return -ratio_t_quantile(1 - q, df);
	want = 1 - q;		/* the upper tail beyond the quantile */
	while (ratio_t_sf(hi, df) > want && hi < 1e12)
		hi *= 2;
	for (i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
		mid = (lo + hi) / 2;
		if (ratio_t_sf(mid, df) > want)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* Mean and variance (n - 1) of v[0..n-1]; var NAN for fewer than 2. */
static void
mean_var(const double *v, size_t n, double *mean, double *var)
{
	double s = 0, ss = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += v[i];
	*mean = n > 0 ? s / (double)n : NAN;
	for (i = 0; i < n; i++)
		ss += (v[i] - *mean) * (v[i] - *mean);
	*var = n > 1 ? ss / (double)(n - 1) : NAN;
}

/*
 * The interval and p of a difference of logs `diff` with standard error
 * se and df degrees of freedom.
 */
static void
t_interval(double diff, double se, double df, struct ratio_ci *out)
{
	double tq, hw;

	out->ratio = exp(diff);
	if (se == 0) {
		out->lo = out->hi = out->ratio;
		out->p = diff == 0 ? 1 : 0;
		return;
	}
	tq = ratio_t_quantile(0.5 + RATIO_LEVEL / 2, df);
	hw = tq * se;
	out->lo = exp(diff - hw);
	out->hi = exp(diff + hw);
	out->p = 2 * ratio_t_sf(fabs(diff) / se, df);
	if (out->p > 1)
		out->p = 1;
}

/* Logs of the positive finite values of v: how many. */
static size_t
logs(const double *v, size_t n, double *out)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (isfinite(v[i]) && v[i] > 0)
			out[k++] = log(v[i]);
	return k;
}

static int
dbl_cmp(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

/*
 * Yuen's trimmed mean of d[0..n-1] (sorted here): g = floor(0.2 n) values
 * cut from each end; its standard error from the winsorised variance,
 * sqrt((n - 1) s_w^2 / (h (h - 1))) with h = n - 2g, and h - 1 degrees of
 * freedom.  With g = 0 it is the mean and the t interval's error.
 */
static void
trimmed(double *d, size_t n, double *mean, double *se, double *df)
{
	size_t g = (size_t)floor(RATIO_TRIM * (double)n), h = n - 2 * g, i;
	double sum = 0, wm = 0, ss = 0, w;

	qsort(d, n, sizeof(*d), dbl_cmp);
	for (i = g; i < n - g; i++)
		sum += d[i];
	*mean = sum / (double)h;
	for (i = 0; i < n; i++)
		wm += d[i < g ? g : i >= n - g ? n - g - 1 : i];
	wm /= (double)n;
	for (i = 0; i < n; i++) {
		w = d[i < g ? g : i >= n - g ? n - g - 1 : i] - wm;
		ss += w * w;
	}
	*se = sqrt(ss / ((double)h * (double)(h - 1)));
	*df = (double)(h - 1);
}

int
ratio_paired(const double *a, const double *b, size_t n,
    struct ratio_ci *out)
{
	double *d, mean, se, df;
	size_t i, k = 0;

	memset(out, 0, sizeof(*out));
	out->ratio = out->lo = out->hi = out->p = NAN;
	d = xcalloc(n + 1, sizeof(*d));
	for (i = 0; i < n; i++)
		if (isfinite(a[i]) && isfinite(b[i]) && a[i] > 0 && b[i] > 0)
			d[k++] = log(b[i] / a[i]);
	out->n = k;
	if (k == 0) {
		free(d);
		return -1;
	}
	if (k < 2) {
		out->ratio = exp(d[0]);
		free(d);
		return 0;
	}
	trimmed(d, k, &mean, &se, &df);
	free(d);
	t_interval(mean, se, df, out);
	return 0;
}

int
ratio_paired_crossover(const double *a, const double *b, size_t n,
    struct ratio_ci *out)
{
	double *d, *g[2], m[2], se, df, half;
	size_t i, k = 0, kg[2] = { 0, 0 };
	int *ord, o;

	d = xcalloc(n + 1, sizeof(*d));
	ord = xcalloc(n + 1, sizeof(*ord));
	g[0] = xcalloc(n + 1, sizeof(*g[0]));
	g[1] = xcalloc(n + 1, sizeof(*g[1]));
	for (i = 0; i < n; i++)
		if (isfinite(a[i]) && isfinite(b[i]) && a[i] > 0 && b[i] > 0) {
			ord[k] = (int)(i % 2);
			d[k] = log(b[i] / a[i]);
			g[ord[k]][kg[ord[k]]++] = d[k];
			k++;
		}
	if (kg[0] < 2 || kg[1] < 2 || k < RATIO_CROSSOVER_MIN) {
		free(d);
		free(ord);
		free(g[0]);
		free(g[1]);
		return ratio_paired(a, b, n, out);
	}
	memset(out, 0, sizeof(*out));
	out->n = k;
	/* half the difference between the orders' trimmed means is the
	 * effect of going first: taken off each pair, it cancels in the
	 * mean and is not counted as noise (one degree of freedom less) */
	for (o = 0; o < 2; o++)
		trimmed(g[o], kg[o], &m[o], &se, &df);
	half = (m[1] - m[0]) / 2;
	for (i = 0; i < k; i++)
		d[i] -= ord[i] ? half : -half;
	trimmed(d, k, &m[0], &se, &df);
	/* two means fitted where ratio_paired() fits one: the winsorised
	 * variance has one degree of freedom less */
	t_interval(m[0], se * sqrt(df / (df - 1)), df - 1, out);
	free(d);
	free(ord);
	free(g[0]);
	free(g[1]);
	return 0;
}

int
ratio_sessions(const struct ratio_ci *s, size_t k, struct ratio_ci *out)
{
	double *l, mean, var, se, w, ww = 0, tq;
	size_t i, n = 0, nw = 0;

	memset(out, 0, sizeof(*out));
	out->ratio = out->lo = out->hi = out->p = NAN;
	l = xcalloc(k + 1, sizeof(*l));
	tq = ratio_t_quantile(0.5 + RATIO_LEVEL / 2, 1e6);
	for (i = 0; i < k; i++) {
		if (!(isfinite(s[i].ratio) && s[i].ratio > 0))
			continue;
		l[n++] = log(s[i].ratio);
		/* the session's own standard error, from its interval */
		if (isfinite(s[i].lo) && isfinite(s[i].hi) && s[i].lo > 0 &&
		    s[i].hi >= s[i].lo) {
			w = (log(s[i].hi) - log(s[i].lo)) / (2 * tq);
			ww += w * w;
			nw++;
		}
	}
	out->n = n;
	if (n < 2) {
		free(l);
		return -1;
	}
	mean_var(l, n, &mean, &var);
	free(l);
	se = sqrt(var / (double)n);
	/* never surer than the sessions' own pairs allow */
	if (nw > 0 && sqrt(ww / (double)nw / (double)n) > se)
		se = sqrt(ww / (double)nw / (double)n);
	t_interval(mean, se, (double)(n - 1), out);
	return 0;
}

int
ratio_paired_strata(const double *a, const double *b, size_t n,
    size_t nstrata, struct ratio_ci *out)
{
	double *lm, sum, mean, var;
	size_t i, s, m, k = 0, pairs = 0;

	if (nstrata < 2)
		return ratio_paired_crossover(a, b, n, out);
	memset(out, 0, sizeof(*out));
	out->ratio = out->lo = out->hi = out->p = NAN;
	lm = xcalloc(nstrata, sizeof(*lm));
	/* each stratum's mean log ratio over its usable pairs */
	for (s = 0; s < nstrata; s++) {
		for (sum = 0, m = 0, i = s; i < n; i += nstrata)
			if (isfinite(a[i]) && isfinite(b[i]) && a[i] > 0 &&
			    b[i] > 0) {
				sum += log(b[i] / a[i]);
				m++;
			}
		if (m == 0)
			continue;
		lm[k++] = sum / (double)m;
		pairs += m;
	}
	if (k == 0) {
		free(lm);
		return -1;
	}
	out->n = pairs;
	mean_var(lm, k, &mean, &var);
	if (k < 2) {
		out->ratio = exp(mean);
		free(lm);
		return 0;
	}
	/* the strata are the units: Student's t with k - 1 degrees */
	t_interval(mean, sqrt(var / (double)k), (double)(k - 1), out);
	free(lm);
	return 0;
}

int
ratio_unpaired(const double *a, size_t na, const double *b, size_t nb,
    double floor_pct, struct ratio_ci *out)
{
	double *x, *y, mx, my, vx, vy, se2 = NAN, df = NAN, fl, wx, wy, vp = 0,
	    dfp = 0;
	size_t kx, ky;

	memset(out, 0, sizeof(*out));
	out->ratio = out->lo = out->hi = out->p = NAN;
	x = xcalloc(na + 1, sizeof(*x));
	y = xcalloc(nb + 1, sizeof(*y));
	kx = logs(a, na, x);
	ky = logs(b, nb, y);
	mean_var(x, kx, &mx, &vx);
	mean_var(y, ky, &my, &vy);
	free(x);
	free(y);
	out->n = kx < ky ? kx : ky;
	if (kx == 0 || ky == 0)
		return -1;
	if (kx >= 2 && ky >= 2) {
		/* Welch: each side's own variance, Satterthwaite's df */
		wx = vx / (double)kx;
		wy = vy / (double)ky;
		se2 = wx + wy;
		df = se2 > 0 ? se2 * se2 / (wx * wx / (double)(kx - 1) +
		    wy * wy / (double)(ky - 1)) : (double)(kx + ky - 2);
	} else if (kx >= 2 || ky >= 2) {
		/* one side of one unit: the other side's spread for both */
		double v = kx >= 2 ? vx : vy;
		size_t k = kx >= 2 ? kx : ky;

		se2 = v * (1 / (double)kx + 1 / (double)ky);
		df = (double)(k - 1);
	}
	if (floor_pct > 0) {
		/*
		 * A run's level drifts from the next run's: by the floor (a
		 * normal term whose 95 % half-width it is), or by as much as
		 * one of its processes drifts from the next, whichever is
		 * more: the processes' variance, pooled over the sides that
		 * have two or more
		 */
		fl = log1p(floor_pct / 100) / 1.959963984540054;
		if (kx >= 2) {
			vp += vx * (double)(kx - 1);
			dfp += (double)(kx - 1);
		}
		if (ky >= 2) {
			vp += vy * (double)(ky - 1);
			dfp += (double)(ky - 1);
		}
		vp = dfp > 0 ? vp / dfp : 0;
		if (isnan(se2)) {
			se2 = 0;
			df = DF_NORMAL;
		}
		out->spread = vp > fl * fl;
		if (!out->spread)
			vp = fl * fl;
		se2 += vp;
		out->drift_pct = 100 * expm1(1.959963984540054 * sqrt(vp));
		out->floored = 1;
	}
	if (isnan(se2)) {
		out->ratio = exp(my - mx);
		return 0;
	}
	t_interval(my - mx, sqrt(se2), df, out);
	return 0;
}

struct pidx {
	double p;
	size_t i;
};

static int
pidx_cmp(const void *pa, const void *pb)
{
	const struct pidx *a = pa, *b = pb;

	if (a->p != b->p)
		return a->p < b->p ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

size_t
ratio_bh(const double *p, size_t n, double q, int *reject)
{
	struct pidx *v = xcalloc(n + 1, sizeof(*v));
	size_t i, m = 0, k = 0;

	for (i = 0; i < n; i++) {
		reject[i] = 0;
		if (!isnan(p[i])) {
			v[m].p = p[i];
			v[m++].i = i;
		}
	}
	qsort(v, m, sizeof(*v), pidx_cmp);
	/* the largest rank k whose p is at most k / m * q */
	for (i = 0; i < m; i++)
		if (v[i].p <= (double)(i + 1) / (double)m * q)
			k = i + 1;
	for (i = 0; i < k; i++)
		reject[v[i].i] = 1;
	free(v);
	return k;
}
