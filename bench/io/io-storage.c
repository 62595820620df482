/*
 * io-storage.c - storage: sequential read and write throughput, random
 * 4 KiB read and write IOPS and fsync latency on a file in storage.dir,
 * and read-only sequential and random reads of a block device named
 * explicitly (storage.device): what `dd ... iflag=direct` and fio's
 * read/write/randread/randwrite jobs measure by hand.
 *
 * The file: one per case, with no name (O_TMPFILE, or mkstemp() and
 * unlink() at once; storage_open_tmp()), so nothing is left behind even
 * when the runner SIGKILLs the case on a time-out or on SIGINT.  I/O
 * bypasses the page cache with O_DIRECT where the filesystem allows it
 * (storage.direct=auto).  Elsewhere it is buffered: reads drop the cache
 * ahead of themselves with posix_fadvise(DONTNEED), each write sample ends
 * with fdatasync(), and the case name ends in "-buffered".  The fsync
 * case is always buffered: it writes one 4 KiB page and calls fsync().
 *
 * One iteration is one I/O: a block of storage.bs bytes for the
 * sequential cases (B/s), a 4 KiB page for the random ones (op/s), a page
 * and its fsync() for the latency case (s).  Sequential offsets wrap
 * around the file; random offsets are uniform over it.
 *
 * Verification: every 4 KiB page carries a header (magic, page number,
 * generation, file tag) and a payload, and the benchmark remembers the
 * generation it last wrote to each page.  run() checks the header of
 * each page it reads (a few loads per page); verify() reads the whole
 * file back from the medium and checks every written page in full.  A
 * device is never written: its reads must be whole, and reading the same
 * pages twice must give the same bytes.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/fs.h>

#include "bench.h"
#include "io-storage.h"
#include "util.h"

#define ST_FSYNC_PAGES	64	/* pages the fsync case cycles over */
/*
 * Seconds a sample lasts at least, whatever the profile (unless
 * --min-sample): enough I/Os that a device's and its host's own queues and
 * flushes average out within a sample.  On the development VM,
 * `run storage --profile quick --min-sample 0.05` (the profile's 50 ms)
 * against `--min-sample 0.2 --budget 1.6`, interleaved, 10 runs each: 12
 * of 50 rows spread over 5 % (seq-write in 4 of 6, to 26 %) against 5.
 */
#define ST_MIN_SAMPLE	0.2

enum st_test {
	ST_SEQ_WRITE, ST_SEQ_READ, ST_RAND_WRITE, ST_RAND_READ, ST_FSYNC,
	ST_DEV_SEQ_READ, ST_DEV_RAND_READ, ST_NTESTS
};

static const struct {
	const char *name, *unit;
	enum bench_kind kind;
	int better;
} st_tests[ST_NTESTS] = {
	[ST_SEQ_WRITE] = { "seq-write", "B/s", BENCH_RATE, BENCH_HIGHER },
	[ST_SEQ_READ] = { "seq-read", "B/s", BENCH_RATE, BENCH_HIGHER },
	[ST_RAND_WRITE] = { "rand-write-4k", "op/s", BENCH_RATE,
	    BENCH_HIGHER },
	[ST_RAND_READ] = { "rand-read-4k", "op/s", BENCH_RATE, BENCH_HIGHER },
	[ST_FSYNC] = { "fsync", "s", BENCH_TIME, BENCH_LOWER },
	[ST_DEV_SEQ_READ] = { "dev-seq-read", "B/s", BENCH_RATE,
	    BENCH_HIGHER },
	[ST_DEV_RAND_READ] = { "dev-rand-read-4k", "op/s", BENCH_RATE,
	    BENCH_HIGHER },
};

/* The state of one case between setup() and teardown(). */
struct st_state {
	enum st_test test;
	int fd;
	int direct;		/* O_DIRECT in effect */
	uint64_t size;		/* bytes of the file, or of the device read */
	uint64_t bs;		/* bytes per sequential I/O */
	uint64_t npages;	/* size / STORAGE_PAGE */
	uint64_t pos;		/* next sequential offset */
	uint64_t rng;		/* xorshift64 state for random pages */
	uint64_t tag;		/* this file's tag */
	uint64_t count;		/* I/Os done */
	uint32_t *gen;		/* generation last written, per page; 0: none */
	unsigned char *wbuf, *rbuf;	/* bs bytes each, page-aligned */
	unsigned char payload[STORAGE_PAYLOAD];
	uint64_t bad;		/* pages run() read back wrong */
	uint64_t bad_page;	/* the first of them */
	enum storage_bad bad_why;
	char where[256];	/* the folder or device, for messages */
};

int storage_test_fault;

static int st_plan(struct bench_ctx *);
static int st_setup(struct bench_ctx *, const struct bench_case *);
static int st_run(struct bench_ctx *, const struct bench_case *, uint64_t);
static int st_verify(struct bench_ctx *, const struct bench_case *);
static void st_teardown(struct bench_ctx *, const struct bench_case *);

/* ---- the page pattern ------------------------------------------------ */

/* splitmix64 (Steele, Lea and Flood 2014): one value from the stream. */
static uint64_t
st_mix(uint64_t *x)
{
	uint64_t z;

	*x += UINT64_C(0x9e3779b97f4a7c15);
	z = *x;
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* xorshift64 (Marsaglia 2003): the next random page number source. */
static uint64_t
st_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static void
st_put64(unsigned char *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t
st_get64(const unsigned char *p)
{
	uint64_t v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

void
storage_payload(uint64_t tag, unsigned char *payload)
{
	uint64_t x = tag, v = 0;
	size_t i;

	for (i = 0; i < STORAGE_PAYLOAD; i++) {
		if (i % 8 == 0)
			v = st_mix(&x);
		payload[i] = (unsigned char)(v >> (8 * (i % 8)));
	}
}

void
storage_page_stamp(unsigned char *p, uint64_t page, uint64_t gen,
    uint64_t tag)
{
	st_put64(p, STORAGE_MAGIC);
	st_put64(p + 8, page);
	st_put64(p + 16, gen);
	st_put64(p + 24, tag);
}

enum storage_bad
storage_page_check(const unsigned char *p, uint64_t page, uint64_t gen,
    uint64_t tag, const unsigned char *payload, size_t *where)
{
	size_t i;

	*where = 0;
	if (st_get64(p) != STORAGE_MAGIC)
		return STORAGE_BAD_MAGIC;
	*where = 24;
	if (st_get64(p + 24) != tag)
		return STORAGE_BAD_TAG;
	*where = 8;
	if (st_get64(p + 8) != page)
		return STORAGE_BAD_PAGE;
	*where = 16;
	if (st_get64(p + 16) != gen)
		return STORAGE_BAD_GEN;
	if (payload != NULL && memcmp(p + STORAGE_HDR, payload,
	    STORAGE_PAYLOAD) != 0) {
		for (i = 0; p[STORAGE_HDR + i] == payload[i]; i++)
			;
		*where = STORAGE_HDR + i;
		return STORAGE_BAD_PAYLOAD;
	}
	*where = 0;
	return STORAGE_OK;
}

const char *
storage_bad_text(enum storage_bad b)
{
	switch (b) {
	case STORAGE_OK: return "correct";
	case STORAGE_BAD_MAGIC: return "not written by this benchmark";
	case STORAGE_BAD_PAGE: return "holds another page's data";
	case STORAGE_BAD_GEN: return "holds an older write";
	case STORAGE_BAD_TAG: return "holds another file's data";
	case STORAGE_BAD_PAYLOAD: return "has corrupted data";
	}
	return "wrong";
}

/* ---- files ----------------------------------------------------------- */

int
storage_open_tmp(const char *dir, int no_tmpfile, char *err, size_t errlen)
{
	char *path;
	int fd;

#ifdef O_TMPFILE
	if (!no_tmpfile) {
		fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
		if (fd >= 0)
			return fd;
		/* no O_TMPFILE here (vfat, old kernels): the portable way */
	}
#else
	(void)no_tmpfile;
#endif
	path = xasprintf("%s/.boardbench-io-XXXXXX", dir);
	fd = mkostemp(path, O_CLOEXEC);
	if (fd < 0) {
		bufprintf(err, errlen, "cannot create a file in '%s': %s", dir,
		    strerror(errno));
		free(path);
		return -1;
	}
	if (unlink(path) != 0) {
		bufprintf(err, errlen, "cannot remove '%s': %s", path,
		    strerror(errno));
		close(fd);
		free(path);
		return -1;
	}
	free(path);
	return fd;
}

/* Turn on O_DIRECT for fd: 0, or -1 where the filesystem refuses it. */
static int
st_set_direct(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0)
		return -1;
	return fcntl(fd, F_SETFL, fl | O_DIRECT);
}

/* Its parameters (bench_params()); see st_params. */
struct st_params {
	const char *dir;		/* "": $TMPDIR or /tmp */
	long long size, bs;
	const char *direct;		/* auto, yes, no */
	struct bench_list tests;
	const char *device;		/* "": no device cases */
};

/* The folder for the test file: storage.dir, else $TMPDIR, else /tmp. */
static const char *
st_dir(const struct bench_ctx *ctx)
{
	const char *d = ((const struct st_params *)bench_params(ctx))->dir;

	if (*d != '\0')
		return d;
	d = getenv("TMPDIR");
	return d != NULL && *d != '\0' ? d : "/tmp";
}

/*
 * Does the folder take O_DIRECT?  1 yes, 0 no; 1 too when no file can be
 * made there (setup() then fails with the reason).
 */
static int
st_probe_dir(const char *dir)
{
	char err[256];
	int fd, r;

	fd = storage_open_tmp(dir, 0, err, sizeof(err));
	if (fd < 0)
		return 1;
	r = st_set_direct(fd) == 0;
	close(fd);
	return r;
}

/* Does the device open with O_DIRECT?  As st_probe_dir(). */
static int
st_probe_device(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_DIRECT);

	if (fd >= 0) {
		close(fd);
		return 1;
	}
	return errno != EINVAL;
}

/* ---- parameters ------------------------------------------------------ */

/* stat() the path a parameter names; -1 with the reason in err. */
static int
st_stat_value(const char *value, struct stat *st, char *err, size_t errlen)
{
	if (stat(value, st) != 0) {
		bufprintf(err, errlen, "'%s' %s", value, errno == ENOENT ?
		    "does not exist" : strerror(errno));
		return -1;
	}
	return 0;
}

static int
st_check_dir(const char *value, char *err, size_t errlen)
{
	struct stat st;

	if (*value == '\0')
		return 0;
	if (st_stat_value(value, &st, err, errlen) != 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		bufprintf(err, errlen, "'%s' is not a folder", value);
		return -1;
	}
	if (access(value, W_OK | X_OK) != 0) {
		bufprintf(err, errlen, "'%s' is not writable", value);
		return -1;
	}
	return 0;
}

static int
st_check_bs(const char *value, char *err, size_t errlen)
{
	long long v;

	if (parse_ll(value, &v) == 0 && v % STORAGE_PAGE != 0) {
		bufprintf(err, errlen, "%lld is not a multiple of 4096 (1Mi is "
		    "1 MiB, 1M is 1000000)", v);
		return -1;
	}
	return 0;
}

static int
st_check_device(const char *value, char *err, size_t errlen)
{
	struct stat st;

	if (*value == '\0')
		return 0;
	if (st_stat_value(value, &st, err, errlen) != 0)
		return -1;
	if (!S_ISBLK(st.st_mode) && !S_ISREG(st.st_mode)) {
		bufprintf(err, errlen, "'%s' is not a block device or a file",
		    value);
		return -1;
	}
	return 0;
}

static const struct bench_param st_params[] = {
	{
		BENCH_PARAM_STR(struct st_params, dir), .def = "",
		.help = "folder for the test file (empty: $TMPDIR, else "
		    "/tmp); the file has no name and goes with the case",
		.check = st_check_dir,
	},
	{
		BENCH_PARAM_INT(struct st_params, size),
		.min = 1048576, .max = 1099511627776.0,
		.def = "64Mi", .quick = "8Mi", .full = "256Mi",
		.help = "bytes of the test file (rounded up to whole blocks)",
	},
	{
		BENCH_PARAM_INT(struct st_params, bs),
		.min = 4096, .max = 67108864,
		.def = "1Mi",
		.help = "bytes per sequential read or write, a multiple of "
		    "4096 (1Mi = 1 MiB)",
		.check = st_check_bs,
	},
	{
		BENCH_PARAM_CHOICE(struct st_params, direct), .def = "auto",
		.choices = "auto|yes|no",
		.help = "bypass the page cache with O_DIRECT: auto where "
		    "the filesystem allows it; no: buffered I/O with cache "
		    "drops and fdatasync",
	},
	{
		BENCH_PARAM_LIST(struct st_params, tests),
		.def = "all",
		.choices = "all|seq-write|seq-read|rand-write-4k|rand-read-4k|"
		    "fsync|dev-seq-read|dev-rand-read-4k",
		.help = "what to measure: all, or a list (the dev- tests "
		    "need storage.device)",
	},
	{
		BENCH_PARAM_STR(struct st_params, device), .def = "",
		.help = "block device (or file) to read from, never written, "
		    "e.g. /dev/sda; skipped when not readable",
		.check = st_check_device,
	},
	{ .name = NULL }
};

/* ---- plan, setup, teardown ------------------------------------------- */

static int
st_plan(struct bench_ctx *ctx)
{
	const struct st_params *p = bench_params(ctx);
	const char *const *words = p->tests.items;
	const char *mode = p->direct;
	const char *dev = p->device;
	char name[96];
	int want[ST_NTESTS], fdirect = 1, ddirect = 1, direct;
	struct bench_case *c;
	size_t n = p->tests.n, i, t;
	long long bs = p->bs;

	memset(want, 0, sizeof(want));
	for (i = 0; i < n && i < 2 * ST_NTESTS; i++)
		for (t = 0; t < ST_NTESTS; t++)
			if (strcmp(words[i], st_tests[t].name) == 0 ||
			    strcmp(words[i], "all") == 0)
				want[t] = 1;
	if (strcmp(mode, "no") == 0) {
		fdirect = ddirect = 0;
	} else if (strcmp(mode, "auto") == 0) {
		fdirect = st_probe_dir(st_dir(ctx));
		if (*dev != '\0')
			ddirect = st_probe_device(dev);
	}
	for (t = 0; t < ST_NTESTS; t++) {
		if (!want[t] || (t >= ST_DEV_SEQ_READ && *dev == '\0'))
			continue;
		direct = t >= ST_DEV_SEQ_READ ? ddirect : fdirect;
		bufprintf(name, sizeof(name), "%s%s", st_tests[t].name,
		    direct || t == ST_FSYNC ? "" : "-buffered");
		c = bench_add_case(ctx, name, st_tests[t].unit,
		    st_tests[t].kind, t == ST_SEQ_WRITE || t == ST_SEQ_READ ||
		    t == ST_DEV_SEQ_READ ? (double)bs : 1.0);
		if (c == NULL)
			return -1;
		c->id = (int)t;
		c->arg = t == ST_FSYNC ? 0 : direct;
		c->better = st_tests[t].better;
	}
	return 0;
}

static void
st_state_free(struct st_state *s)
{
	if (s == NULL)
		return;
	if (s->fd >= 0)
		close(s->fd);
	free(s->gen);
	free(s->wbuf);
	free(s->rbuf);
	free(s);
}

/* pread or pwrite all of len bytes at off; 0, or -1 with the reason. */
static int
st_io(struct bench_ctx *ctx, struct st_state *s, int write, void *buf,
    size_t len, uint64_t off)
{
	ssize_t n;

	do
		n = write ? pwrite(s->fd, buf, len, (off_t)off) :
		    pread(s->fd, buf, len, (off_t)off);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return bench_fail(ctx, "%s at offset %llu in '%s': %s",
		    write ? "write" : "read", (unsigned long long)off,
		    s->where, strerror(errno));
	if ((size_t)n != len)
		return bench_fail(ctx, "short %s at offset %llu in '%s': "
		    "%zd of %zu bytes", write ? "write" : "read",
		    (unsigned long long)off, s->where, n, len);
	return 0;
}

/* Flush written data to the medium and, when buffered, drop the cache. */
static int
st_flush(struct bench_ctx *ctx, struct st_state *s)
{
	if (fdatasync(s->fd) != 0)
		return bench_fail(ctx, "fdatasync in '%s': %s", s->where,
		    strerror(errno));
	if (!s->direct)
		posix_fadvise(s->fd, 0, 0, POSIX_FADV_DONTNEED);
	return 0;
}

/* Write every page of the file once (generation 1). */
static int
st_fill(struct bench_ctx *ctx, struct st_state *s)
{
	uint64_t off, len, j, p;

	for (off = 0; off < s->size; off += len) {
		len = s->size - off < s->bs ? s->size - off : s->bs;
		for (j = 0; j < len / STORAGE_PAGE; j++) {
			p = off / STORAGE_PAGE + j;
			s->gen[p] = 1;
			storage_page_stamp(s->wbuf + j * STORAGE_PAGE, p, 1,
			    s->tag);
		}
		if (st_io(ctx, s, 1, s->wbuf, len, off) != 0)
			return -1;
	}
	return st_flush(ctx, s);
}

static int
st_setup_file(struct bench_ctx *ctx, struct st_state *s, int direct)
{
	const char *dir = st_dir(ctx);
	char err[256];
	uint64_t j;
	int rc;

	bufprintf(s->where, sizeof(s->where), "%s", dir);
	s->size = (uint64_t)((const struct st_params *)
	    bench_params(ctx))->size;
	s->size = (s->size + s->bs - 1) / s->bs * s->bs;
	if (s->test == ST_FSYNC)
		s->size = ST_FSYNC_PAGES * STORAGE_PAGE;
	s->npages = s->size / STORAGE_PAGE;
	s->gen = xcalloc(s->npages, sizeof(*s->gen));
	s->fd = storage_open_tmp(dir, 0, err, sizeof(err));
	if (s->fd < 0)
		return bench_fail(ctx, "%s", err);
	if (s->test == ST_SEQ_WRITE || s->test == ST_RAND_WRITE) {
		/* room on the medium first, so that writes do not allocate */
		rc = posix_fallocate(s->fd, 0, (off_t)s->size);
		if (rc != 0 && ftruncate(s->fd, (off_t)s->size) != 0)
			return bench_fail(ctx, "cannot make a %llu-byte file "
			    "in '%s': %s", (unsigned long long)s->size, dir,
			    strerror(errno));
	}
	if (direct && st_set_direct(s->fd) != 0)
		return bench_skip(ctx, "'%s' does not support O_DIRECT "
		    "(storage.direct=no measures buffered I/O)", dir);
	s->direct = direct;
	for (j = 0; j < s->bs / STORAGE_PAGE; j++)
		memcpy(s->wbuf + j * STORAGE_PAGE + STORAGE_HDR, s->payload,
		    STORAGE_PAYLOAD);
	if (s->test != ST_SEQ_WRITE && s->test != ST_RAND_WRITE &&
	    st_fill(ctx, s) != 0)
		return -1;
	if (s->test == ST_RAND_READ && !direct)
		posix_fadvise(s->fd, 0, 0, POSIX_FADV_RANDOM);
	return 0;
}

static int
st_setup_device(struct bench_ctx *ctx, struct st_state *s, int direct)
{
	const char *path = ((const struct st_params *)
	    bench_params(ctx))->device;
	struct stat st;
	uint64_t size = 0;

	bufprintf(s->where, sizeof(s->where), "%s", path);
	s->fd = open(path, O_RDONLY | O_CLOEXEC | (direct ? O_DIRECT : 0));
	if (s->fd < 0 && direct && errno == EINVAL)
		return bench_skip(ctx, "'%s' does not support O_DIRECT "
		    "(storage.direct=no measures buffered I/O)", path);
	if (s->fd < 0)
		return bench_skip(ctx, "cannot read '%s': %s", path,
		    strerror(errno));
	s->direct = direct;
	if (fstat(s->fd, &st) != 0)
		return bench_fail(ctx, "cannot stat '%s': %s", path,
		    strerror(errno));
	if (S_ISBLK(st.st_mode)) {
		if (ioctl(s->fd, BLKGETSIZE64, &size) != 0)
			return bench_fail(ctx, "cannot get the size of '%s': "
			    "%s", path, strerror(errno));
	} else {
		size = (uint64_t)st.st_size;
	}
	s->size = size / s->bs * s->bs;
	s->npages = size / STORAGE_PAGE;
	if (s->size == 0 || s->npages < 2)
		return bench_skip(ctx, "'%s' is smaller than one block "
		    "(%llu bytes)", path, (unsigned long long)s->bs);
	if (!direct)
		posix_fadvise(s->fd, 0, 0, s->test == ST_DEV_RAND_READ ?
		    POSIX_FADV_RANDOM : POSIX_FADV_SEQUENTIAL);
	return 0;
}

/* The case's state and file; st_setup releases them when it fails. */
static int
st_setup_state(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct st_state *s = xcalloc(1, sizeof(*s));
	void *w = NULL, *r = NULL;
	uint64_t seed;

	s->fd = -1;
	bench_set_priv(ctx, s);
	s->test = (enum st_test)c->id;
	s->bs = (uint64_t)((const struct st_params *)bench_params(ctx))->bs;
	if (posix_memalign(&w, STORAGE_PAGE, s->bs) != 0 ||
	    posix_memalign(&r, STORAGE_PAGE, s->bs) != 0) {
		free(w);
		return bench_fail(ctx, "out of memory for two %llu-byte "
		    "buffers", (unsigned long long)s->bs);
	}
	s->wbuf = w;
	s->rbuf = r;
	memset(s->wbuf, 0, s->bs);
	memset(s->rbuf, 0, s->bs);
	seed = (uint64_t)getpid() << 16 ^ (uint64_t)(uintptr_t)s ^
	    (uint64_t)c->id;
	s->tag = st_mix(&seed);
	s->rng = st_mix(&seed) | 1;
	storage_payload(s->tag, s->payload);
	if (s->test >= ST_DEV_SEQ_READ)
		return st_setup_device(ctx, s, (int)c->arg);
	return st_setup_file(ctx, s, (int)c->arg);
}

static void
st_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	st_state_free(bench_priv(ctx));
	bench_set_priv(ctx, NULL);
}

/*
 * The runner calls no teardown after a setup that failed or skipped
 * (bench/bench.h): what was made is released here.
 */
static int
st_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	int rc = st_setup_state(ctx, c);

	if (rc != 0)
		st_teardown(ctx, c);
	return rc;
}

/* ---- the kernels ----------------------------------------------------- */

/* Check the headers of n pages read into buf from page p0 on. */
static void
st_check_headers(struct st_state *s, const unsigned char *buf, uint64_t p0,
    uint64_t n)
{
	enum storage_bad b;
	uint64_t j;
	size_t where;

	for (j = 0; j < n; j++) {
		b = storage_page_check(buf + j * STORAGE_PAGE, p0 + j,
		    s->gen[p0 + j], s->tag, NULL, &where);
		if (b != STORAGE_OK && s->bad++ == 0) {
			s->bad_page = p0 + j;
			s->bad_why = b;
		}
	}
}

/* Stamp page p of the write buffer's first page with a new generation. */
static void
st_stamp_next(struct st_state *s, unsigned char *buf, uint64_t p)
{
	storage_page_stamp(buf, p, ++s->gen[p], s->tag);
}

static int
st_seq_write(struct bench_ctx *ctx, struct st_state *s, uint64_t iters)
{
	uint64_t i, j, p0, n = s->bs / STORAGE_PAGE;

	for (i = 0; i < iters; i++) {
		if (s->pos >= s->size)
			s->pos = 0;
		p0 = s->pos / STORAGE_PAGE;
		for (j = 0; j < n; j++)
			st_stamp_next(s, s->wbuf + j * STORAGE_PAGE, p0 + j);
		if (st_io(ctx, s, 1, s->wbuf, s->bs, s->pos) != 0)
			return -1;
		s->pos += s->bs;
		s->count++;
	}
	return s->direct ? 0 : st_flush(ctx, s);
}

/* Sequential reads of the file or the device, wrapping at the end. */
static int
st_seq_read(struct bench_ctx *ctx, struct st_state *s, uint64_t iters)
{
	uint64_t i;

	for (i = 0; i < iters; i++) {
		if (s->pos >= s->size) {
			s->pos = 0;
			if (!s->direct)
				posix_fadvise(s->fd, 0, 0,
				    POSIX_FADV_DONTNEED);
		}
		if (st_io(ctx, s, 0, s->rbuf, s->bs, s->pos) != 0)
			return -1;
		if (s->test == ST_SEQ_READ)
			st_check_headers(s, s->rbuf, s->pos / STORAGE_PAGE,
			    s->bs / STORAGE_PAGE);
		else
			bench_sink(s->rbuf[0]);
		s->pos += s->bs;
		s->count++;
	}
	return 0;
}

static int
st_rand_write(struct bench_ctx *ctx, struct st_state *s, uint64_t iters)
{
	uint64_t i, p;

	for (i = 0; i < iters; i++) {
		p = st_rand(&s->rng) % s->npages;
		st_stamp_next(s, s->wbuf, p);
		if (st_io(ctx, s, 1, s->wbuf, STORAGE_PAGE,
		    p * STORAGE_PAGE) != 0)
			return -1;
		s->count++;
	}
	return s->direct ? 0 : st_flush(ctx, s);
}

/* Random 4 KiB reads of the file or the device. */
static int
st_rand_read(struct bench_ctx *ctx, struct st_state *s, uint64_t iters)
{
	uint64_t i, p;

	for (i = 0; i < iters; i++) {
		p = st_rand(&s->rng) % s->npages;
		if (st_io(ctx, s, 0, s->rbuf, STORAGE_PAGE,
		    p * STORAGE_PAGE) != 0)
			return -1;
		if (!s->direct)
			posix_fadvise(s->fd, (off_t)(p * STORAGE_PAGE),
			    STORAGE_PAGE, POSIX_FADV_DONTNEED);
		if (s->test == ST_RAND_READ)
			st_check_headers(s, s->rbuf, p, 1);
		else
			bench_sink(s->rbuf[0]);
		s->count++;
	}
	return 0;
}

static int
st_fsync(struct bench_ctx *ctx, struct st_state *s, uint64_t iters)
{
	uint64_t i, p;

	for (i = 0; i < iters; i++) {
		p = s->count++ % s->npages;
		st_stamp_next(s, s->wbuf, p);
		if (st_io(ctx, s, 1, s->wbuf, STORAGE_PAGE,
		    p * STORAGE_PAGE) != 0)
			return -1;
		if (fsync(s->fd) != 0)
			return bench_fail(ctx, "fsync in '%s': %s", s->where,
			    strerror(errno));
	}
	return 0;
}

static int
st_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct st_state *s = bench_priv(ctx);

	(void)c;
	switch (s->test) {
	case ST_SEQ_WRITE:
		return st_seq_write(ctx, s, iters);
	case ST_SEQ_READ:
	case ST_DEV_SEQ_READ:
		return st_seq_read(ctx, s, iters);
	case ST_RAND_WRITE:
		return st_rand_write(ctx, s, iters);
	case ST_RAND_READ:
	case ST_DEV_RAND_READ:
		return st_rand_read(ctx, s, iters);
	case ST_FSYNC:
		return st_fsync(ctx, s, iters);
	case ST_NTESTS:
		break;
	}
	return bench_fail(ctx, "unknown storage test %d", (int)s->test);
}

/* ---- verification ---------------------------------------------------- */

/* The test hook: flip one payload byte of the first written page. */
static int
st_corrupt(struct bench_ctx *ctx, struct st_state *s)
{
	uint64_t p;

	for (p = 0; p < s->npages && s->gen[p] == 0; p++)
		;
	if (p == s->npages)
		return 0;
	if (st_io(ctx, s, 0, s->rbuf, STORAGE_PAGE, p * STORAGE_PAGE) != 0)
		return -1;
	s->rbuf[STORAGE_HDR + 100] ^= 0x20;
	if (st_io(ctx, s, 1, s->rbuf, STORAGE_PAGE, p * STORAGE_PAGE) != 0)
		return -1;
	return st_flush(ctx, s);
}

/* Read the whole file back from the medium; check every written page. */
static int
st_verify_file(struct bench_ctx *ctx, struct st_state *s)
{
	uint64_t off, len, j, p, checked = 0;
	enum storage_bad b;
	size_t where;

	if (st_flush(ctx, s) != 0)
		return -1;
	if (storage_test_fault && st_corrupt(ctx, s) != 0)
		return -1;
	for (off = 0; off < s->size; off += len) {
		len = s->size - off < s->bs ? s->size - off : s->bs;
		if (st_io(ctx, s, 0, s->rbuf, len, off) != 0)
			return -1;
		for (j = 0; j < len / STORAGE_PAGE; j++) {
			p = off / STORAGE_PAGE + j;
			if (s->gen[p] == 0)
				continue;
			b = storage_page_check(s->rbuf + j * STORAGE_PAGE, p,
			    s->gen[p], s->tag, s->payload, &where);
			if (b != STORAGE_OK)
				return bench_fail(ctx, "page %llu (offset "
				    "%llu, byte %zu) %s", (unsigned long long)p,
				    (unsigned long long)(p * STORAGE_PAGE),
				    where, storage_bad_text(b));
			checked++;
		}
	}
	if (checked == 0)
		return bench_fail(ctx, "no page was written");
	bench_extra(ctx, "pages_verified", (double)checked);
	return 0;
}

/* A read-only device: the same pages read twice give the same bytes. */
static int
st_verify_device(struct bench_ctx *ctx, struct st_state *s)
{
	uint64_t pages[2], off;
	size_t k;

	pages[0] = 0;
	pages[1] = s->npages / 2;
	for (k = 0; k < ARRAY_SIZE(pages); k++) {
		off = pages[k] * STORAGE_PAGE;
		if (st_io(ctx, s, 0, s->rbuf, STORAGE_PAGE, off) != 0)
			return -1;
		if (!s->direct)
			posix_fadvise(s->fd, (off_t)off, STORAGE_PAGE,
			    POSIX_FADV_DONTNEED);
		if (st_io(ctx, s, 0, s->wbuf, STORAGE_PAGE, off) != 0)
			return -1;
		if (memcmp(s->rbuf, s->wbuf, STORAGE_PAGE) != 0)
			return bench_fail(ctx, "two reads of offset %llu in "
			    "'%s' differ", (unsigned long long)off, s->where);
	}
	return 0;
}

static int
st_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct st_state *s = bench_priv(ctx);

	(void)c;
	if (s->count == 0)
		return bench_fail(ctx, "no I/O was done");
	if (s->bad != 0)
		return bench_fail(ctx, "%llu pages read back wrong: page %llu "
		    "%s", (unsigned long long)s->bad,
		    (unsigned long long)s->bad_page,
		    storage_bad_text(s->bad_why));
	bench_extra(ctx, "direct", s->direct);
	bench_extra(ctx, "block_size", s->test == ST_SEQ_WRITE ||
	    s->test == ST_SEQ_READ || s->test == ST_DEV_SEQ_READ ?
	    (double)s->bs : STORAGE_PAGE);
	bench_extra(ctx, "size", (double)s->size);
	bench_extra(ctx, "ios", (double)s->count);
	if (s->test >= ST_DEV_SEQ_READ)
		return st_verify_device(ctx, s);
	return st_verify_file(ctx, s);
}

/* The figures people quote from this benchmark (bench.h, headlines). */
static const struct bench_headline st_headlines[] = {
	{ "seq-read", "-buffered", "", "storage seq read", 0 },
	{ "seq-write", "-buffered", "", "storage seq write", 0 },
	{ "rand-read-4k", "-buffered", "", "storage 4 KiB rand read", 0 },
	{ "rand-write-4k", "-buffered", "", "storage 4 KiB rand write", 0 },
	{ 0 }
};

/* Operations per second as IOPS (bench.h, quotes). */
static const struct bench_quote st_quotes[] = {
	{ "op/s", NULL, 1, "IOPS", 0 },
	{ 0 }
};

const struct bench_info bench_storage_info = {
	.name = "storage",
	.group = "storage",
	.description = "sequential read and write, random 4 KiB IOPS and "
	    "fsync latency on a file in storage.dir (O_DIRECT where "
	    "possible); read-only reads of storage.device",
	.unit = "B/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_NO_COPIES,
	.params = st_params,
	.params_size = sizeof(struct st_params),
	.plan = st_plan,
	.setup = st_setup,
	.run = st_run,
	.verify = st_verify,
	.teardown = st_teardown,
	.headlines = st_headlines,
	.headline_rank = 90,
	.quotes = st_quotes,
	.min_sample = ST_MIN_SAMPLE,
};
