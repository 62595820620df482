/*
 * t-stats.c - summary statistics on fixed vectors.
 */
#include "config.h"

#include <math.h>

#include "stats.h"
#include "tap.h"

int
main(void)
{
	static const double odd[] = { 5, 1, 4, 2, 3 };
	static const double even[] = { 10, 40, 20, 30 };
	static const double one[] = { 7.5 };
	static const double flat[] = { 2, 2, 2, 2 };
	static const double disturbed[] = { 100, 101, 99, 100, 102, 70, 100,
	    99, 101, 100, 98, 70, 100, 101, 99 };
	static const double twomodes[] = { 100, 100, 100, 100, 100, 100,
	    70, 70, 70, 70 };
	/* Gbit/s */
	static const double burst3[] = { 21.009, 21.179, 16.776 };
	/* storage seq read, MB/s, on this VM */
	static const double spread5[] = { 2539.6, 2072.9, 2202.6, 1840.9,
	    1889.2 };
	struct stats st;

	stats_compute(&st, odd, 5);
	is_double(st.median, 3, 0, "median of an odd count is the middle");
	is_double(st.mean, 3, 1e-12, "mean");
	is_double(st.min, 1, 0, "min");
	is_double(st.max, 5, 0, "max");
	is_double(st.stddev, sqrt(2.5), 1e-12, "sample standard deviation (n-1)");
	is_double(st.sdcv, sqrt(2.5) / 3, 1e-12, "sdcv = stddev / mean");
	/* quartiles 2 and 4: IQR 2 */
	is_double(st.cv, 2 / 1.349 / 3, 1e-12, "cv = IQR / 1.349 / median");
	is_int(st.n, 5, "count");
	ok(odd[0] == 5 && odd[1] == 1, "input left unsorted");

	stats_compute(&st, even, 4);
	is_double(st.median, 25, 1e-12, "median of an even count interpolates");
	is_double(stats_quantile(even, 4, 0.0), 10, 0, "quantile 0 is the min");
	is_double(stats_quantile(even, 4, 1.0), 40, 0, "quantile 1 is the max");
	is_double(stats_quantile(even, 4, 0.99), 39.7, 1e-9,
	    "p99 interpolates between the top two");

	stats_compute(&st, one, 1);
	is_double(st.stddev, 0, 0, "one sample: stddev 0");
	is_double(st.median, 7.5, 0, "one sample: median is it");

	stats_compute(&st, flat, 4);
	is_double(st.cv, 0, 0, "equal samples: cv 0");
	is_double(st.sdcv, 0, 0, "equal samples: sdcv 0");

	/* a steady case with two samples a disturbance slowed by 30 % */
	stats_compute(&st, disturbed, 15);
	ok(st.sdcv > 0.05, "two slow samples: the classic CV is over 5 %%");
	ok(st.cv < 0.02, "two slow samples: the robust CV stays under 2 %%");
	/* two modes, 40 % of the samples slow: the robust CV sees it */
	stats_compute(&st, twomodes, 10);
	ok(st.cv > 0.10, "40 %% of the samples in a slow mode: cv over 10 %%");

	stats_compute(&st, NULL, 0);
	ok(isnan(st.median) && isnan(st.mean) && st.n == 0,
	    "no samples: NAN, count 0");

	/* the spread noisy rests on: 1.4826 times the median absolute
	 * deviation of the logs about the median */
	is_double(stats_log_spread(odd, 5), STATS_MAD_SIGMA * log(1.5),
	    1e-12, "log spread: 1.4826 x the median |log(v / median)|");
	ok(odd[0] == 5 && odd[1] == 1, "log spread: input left unsorted");
	/* iperf3's three runs on this VM, one disturbed (16.8 of 21 Gbit/s):
	 * the IQR over three interpolates half the disturbed one in */
	stats_compute(&st, burst3, 3);
	ok(st.cv > 0.05, "one of three disturbed: the IQR's CV is over 5 %%"
	    " (%.3f)", st.cv);
	ok(stats_log_spread(burst3, 3) < 0.02, "one of three disturbed: "
	    "the log spread is that of the other two (%.4f)",
	    stats_log_spread(burst3, 3));
	ok(stats_log_spread(spread5, 5) > 0.05, "five that spread evenly: "
	    "over 5 %% (%.3f)", stats_log_spread(spread5, 5));
	ok(isnan(stats_log_spread(one, 1)) && isnan(stats_log_spread(NULL,
	    0)), "log spread of one value or none: NAN");
	is_double(stats_log_spread(flat, 4), 0, 0, "equal values: 0");
	return done_testing();
}
