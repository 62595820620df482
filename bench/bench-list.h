/*
 * bench-list.h - every benchmark, one X(name) line each; the file
 * bench/<group>-<name>.c defines bench_<name>_info.  Order here is the
 * order of `list` and of a run.  Keep each area's lines in its section.
 */
#define BENCHMARKS(X) \
	/* cpu */ \
	X(linpack) \
	/* cpu: whetstone, dhrystone, md5ref, fft */ \
	X(whetstone) \
	X(dhrystone) \
	X(md5ref) \
	X(fft) \
	\
	/* crypto */ \
	X(hash) \
	X(cipher) \
	X(pubkey) \
	X(powm) \
	X(random) \
	\
	/* memory */ \
	X(membw) \
	X(memlat) \
	\
	/* storage, network */ \
	X(storage) \
	X(iperf3) \
	/* sync */ \
	X(pingpong) \
	X(wakeup) \
	/* media */ \
	X(mp3) \
	\
	/* self-test */ \
	X(null)
