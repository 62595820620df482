/*
 * noise.h - the machine's jitter at start: how steady a fixed loop runs
 * on each CPU for a moment, in 2 ms chunks (doc/DESIGN.md section 4,
 * "Compare").  A run measures it at its start and keeps it in its
 * snapshot (as noise_floor, the name of its JSON key) and the header
 * shows it ("machine busy at start" above SI_JITTER_BUSY).  It is a
 * short look, not the drift between runs: no interval is widened by it.
 * The loop's pace at the start is what the pace checks compare with.
 */
#ifndef BOARDBENCH_NOISE_H
#define BOARDBENCH_NOISE_H

#include <stddef.h>
#include <stdint.h>

#include "sysinfo.h"

/* Seconds of the fixed loop per CPU, and the length of one chunk. */
#define NOISE_SECONDS	0.12
#define NOISE_CHUNK	0.002
/* A pace check: windows of chunks timed back to back (about 10 ms a
 * window, wall time, so a CPU shared with a burner reads at its share),
 * NOISE_PACE_WINDOWS of them per CPU, and the least departure
 * from the run's start that flags a case `drifted` (the jitter's band
 * when that is wider, but never beyond NOISE_PACE_BOUND_MAX, so that a
 * machine at a fifth, or at three quarters, of its starting pace is
 * flagged however busy it was).  10 %: a quiet quick-profile run on the
 * development VM had 136 of 210 rows 5 to 9.5 % off its start's pace
 * (a start taken at a slow moment: every later check read faster), none
 * 10 % off. */
#define NOISE_PACE_CHUNKS	5
#define NOISE_PACE_WINDOWS	3
#define NOISE_PACE_BOUND	0.10
#define NOISE_PACE_BOUND_MAX	0.20
/* Seconds between pace checks, at least: short cases share one that
 * read no drift (noise_pace_reuse). */
#define NOISE_PACE_EVERY	2.0

/*
 * On each CPU of cpus[0..n-1] (n 0: every CPU this process may use; at
 * most SI_NOISE_CPUS), pinned there in turn: time a fixed loop in chunks
 * of about NOISE_CHUNK seconds for NOISE_SECONDS, and keep the chunks'
 * robust CV (interquartile range / 1.349 / median).  r->noise_pct is a
 * 95 % band, 2 x the largest CV, in per cent; r->noise_rate the loop's
 * pace on each CPU (rounds a microsecond: the median of its windows of
 * NOISE_PACE_CHUNKS chunks, wall time), which the pace checks compare
 * with.  The affinity is restored.
 * Returns 0, -1 when nothing could be measured (noise_pct stays NAN).
 */
int noise_measure(const int *cpus, size_t n, struct si_run *r);

/*
 * A pace check: the same loop, NOISE_PACE_WINDOWS windows of
 * NOISE_PACE_CHUNKS chunks on each CPU of ref (a run's start,
 * noise_measure's), pinned there in turn; the windows' median pace
 * relative to ref's on that CPU (1: as at the start, 0.9:
 * ten per cent slower).  A CPU whose look reads beyond
 * noise_pace_bound(ref) is looked at again at once, and the look nearer
 * 1 kept (noise_pace_confirm): a blip of a few ms on a shared host is
 * not drift, a burner or a throttled clock still reads so on the second
 * look.  Returns the relative pace farthest from 1 over the CPUs, NAN
 * when ref has none or no CPU could be pinned.  The affinity is
 * restored.
 */
double noise_pace(const struct si_run *ref);
/* The same on CPU cpu of ref only (-1: every CPU of ref, noise_pace);
 * *looks (NULL: not wanted) gets the looks made, two for a CPU looked at
 * again. */
double noise_pace_on(const struct si_run *ref, int cpu, unsigned *looks);
/*
 * A look at the pace, `first`, and another made at once when it read
 * beyond `bound` (NAN: none): first when it is within the bound, else the
 * one nearer 1.  Pure.
 */
double noise_pace_confirm(double first, double again, double bound);
/*
 * May a case take the last check's pace, `last` (NAN: none), made `age`
 * seconds ago, rather than make its own?  Only when it is younger than
 * `every` and within `bound` of 1: a check that read drift is never
 * shared, so a dip of a second or two flags the cases it met, each by
 * its own check, not every case of the next `every` seconds.  Pure.
 */
int noise_pace_reuse(double last, double age, double every, double bound);

/*
 * The CPU an unpinned run measures its CPU kernels on (doc/DESIGN.md
 * section 4): of ref's CPUs with a pace, the fastest at the start, the
 * highest-numbered of those within SI_RUN_CPU_TIE of it (CPU 0 takes
 * most interrupts).  -1 when fewer than two CPUs have a pace: nothing to
 * choose.  Pure.
 */
int noise_run_cpu(const struct si_run *ref);

/*
 * The loop's pace over one window of n chunks of `rounds` rounds, chunk
 * i timed from begin[i] to end[i], back to back: rounds a microsecond
 * over the wall time from the first chunk's start to the last's end, the
 * gaps between chunks included, so that a CPU shared with another task
 * reads at its share (each chunk's own time would read at full speed
 * between the other's slices).  0 when the window has no length.
 */
double noise_window_rate(const double *begin, const double *end, size_t n,
    uint64_t rounds);

/* Of two paces, the one farther from 1 (a NAN one is none). */
double noise_pace_farther(double a, double b);

/*
 * The departure from the start beyond which a case is `drifted`: the
 * larger of NOISE_PACE_BOUND and ref's jitter (its 95 % band), at most
 * NOISE_PACE_BOUND_MAX, as a fraction.
 */
double noise_pace_bound(const struct si_run *ref);

#endif
