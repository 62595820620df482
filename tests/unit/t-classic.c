/*
 * t-classic.c - golden output of every --classic view: each benchmark's
 * classic() formatter is called on fixed, constructed rows (no measuring)
 * and its output compared byte for byte with tests/data/classic-<name>.exp;
 * and rows made from a case (derived rows such as `<case>/mflops-per-mhz`,
 * module rows) never produce a classic block of their own.
 *
 * The crypto tables name each library with its version; the test writes
 * @openssl@ and @gcrypt@ in their place, so the files do not depend on the
 * installed libraries.
 *
 * After a deliberate change of a report, regenerate the files with
 *     tests/unit/t-classic --write tests/data
 * and review the difference.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "crypto-common.h"
#include "registry.h"
#include "result.h"
#include "tap.h"
#include "util.h"

extern const struct bench_info bench_linpack_info, bench_whetstone_info,
    bench_dhrystone_info, bench_hash_info, bench_cipher_info,
    bench_pubkey_info, bench_membw_info, bench_memlat_info,
    bench_md5ref_info, bench_fft_info, bench_pingpong_info,
    bench_wakeup_info, bench_powm_info, bench_random_info;

#define MAXROWS 40

struct rows {
	struct result r[MAXROWS];
	const struct result *p[MAXROWS];
	size_t n;
};

/* A row: OK with median v (and n samples of it), or another status. */
static struct result *
row(struct rows *rs, const char *bench, const char *cname, const char *unit,
    enum result_status st, double v, const char *params)
{
	struct result *r;

	if (rs->n == MAXROWS)
		bail("too many rows");
	r = &rs->r[rs->n];
	memset(r, 0, sizeof(*r));
	snprintf(r->bench, sizeof(r->bench), "%s", bench);
	snprintf(r->case_name, sizeof(r->case_name), "%s", cname);
	snprintf(r->unit, sizeof(r->unit), "%s", unit);
	snprintf(r->params, sizeof(r->params), "%s", params ? params : "");
	r->status = st;
	r->better = 1;
	r->copies = 1;
	if (st == ST_OK) {
		r->st.median = r->st.mean = r->st.min = r->st.max = v;
		r->st.n = 10;
		r->nsamples = 10;
		r->iters = 50;
	} else {
		snprintf(r->reason, sizeof(r->reason), "%s",
		    st == ST_SKIPPED ? "CPU clock unknown (no cpufreq and not "
		    "measured)" : "dgefa: zero pivot in column 7");
	}
	rs->p[rs->n] = r;
	rs->n++;
	return r;
}

/* A derived per-MHz row with its clock, as the runner makes it. */
static void
per_mhz(struct rows *rs, const char *bench, const char *cname,
    const char *unit, double v)
{
	struct result *r = row(rs, bench, cname, unit, ST_OK, v, NULL);

	result_add_extra(r, "clock:cpufreq", 1500);
}

static void
rows_release(struct rows *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		result_release(&rs->r[i]);
	rs->n = 0;
}

/* ---- the fixed rows of each view -------------------------------------- */

static void
linpack_rows(struct rows *rs)
{
	static const char *const params =
	    "n=100,lda=0,precision=double,single,unroll=rolled,unrolled,"
	    "average";
	struct result *r;

	r = row(rs, "linpack", "double-rolled", "flop/s", ST_OK, 481234567.0,
	    params);
	result_add_extra(r, "phase:dgefa", 0.9);
	result_add_extra(r, "phase:dgesl", 0.03);
	result_add_extra(r, "overhead", 0.07);
	result_add_extra(r, "iters", 700);
	result_add_extra(r, "resid", 1.6700509659107108);
	per_mhz(rs, "linpack", "double-rolled/mflops-per-mhz", "MFLOPS/MHz",
	    0.320823);
	r = row(rs, "linpack", "double-unrolled", "flop/s", ST_OK, 690000000.0,
	    params);
	result_add_extra(r, "phase:dgefa", 0.96);
	result_add_extra(r, "phase:dgesl", 0.02);
	result_add_extra(r, "overhead", 0.02);
	result_add_extra(r, "iters", 1000);
	result_add_extra(r, "resid", 1.6700509659107108);
	per_mhz(rs, "linpack", "double-unrolled/mflops-per-mhz", "MFLOPS/MHz",
	    0.465);
	/*
	 * The average as the runner makes it from the two rows above: their
	 * harmonic mean, their phase times and iterations summed (issue 27);
	 * its per-MHz row is theirs combined too.
	 */
	r = row(rs, "linpack", "double-average", "flop/s", ST_OK, 567011699.6,
	    params);
	result_add_extra(r, "phase:dgefa", 1.86);
	result_add_extra(r, "phase:dgesl", 0.05);
	result_add_extra(r, "overhead", 0.09);
	result_add_extra(r, "iters", 1700);
	result_add_extra(r, "resid", 1.6700509659107108);
	per_mhz(rs, "linpack", "double-average/mflops-per-mhz", "MFLOPS/MHz",
	    0.3797);
	/* a copy of an aggregate: only copy 0 has a block */
	r = row(rs, "linpack", "double-average", "flop/s", ST_OK, 1.0, params);
	r->copy = 1;
	r->copies = 2;
	row(rs, "linpack", "single-rolled", "flop/s", ST_FAILED, 0, params);
	row(rs, "linpack", "single-rolled/mflops-per-mhz", "MFLOPS/MHz",
	    ST_SKIPPED, 0, params);
	/* a row without phase totals (an import from an older version) */
	row(rs, "linpack", "single-unrolled", "flop/s", ST_OK, 1234567.0,
	    "n=201,lda=201,precision=single,unroll=unrolled");
}

/* The eight module rows of a Whetstone case, from a table of rates. */
static void
whet_modules(struct rows *rs, const char *cname, const char *const *mods,
    const char *const *units, const double *rate)
{
	char name[96];
	int i;

	for (i = 0; i < 8; i++) {
		snprintf(name, sizeof(name), "%s/%s", cname, mods[i]);
		row(rs, "whetstone", name, units[i], ST_OK, rate[i],
		    "variant=both,loops=1000");
	}
}

static void
whetstone_rows(struct rows *rs)
{
	static const char *const params = "variant=both,loops=1000";
	static const char *const cmods[8] = {
		"array-elements", "array-param", "cond-jumps", "integer-arith",
		"trig-funcs", "proc-calls", "array-refs", "std-funcs"
	};
	static const char *const mmods[8] = {
		"n1-float", "n2-float", "n3-if", "n4-fixed", "n5-trig",
		"n6-float", "n7-assign", "n8-exp"
	};
	static const char *const units[8] = {
		"flop/s", "flop/s", "op/s", "op/s", "op/s", "flop/s", "op/s",
		"op/s"
	};
	static const double crate[8] = {
		1.1e9, 9.0e8, 2.7e9, 3.3e9, 1.6e7, 7.1e8, 1.9e8, 1.7e7
	};
	static const double mrate[8] = {
		1.1e9, 1.3e8, 2.6e9, 2.9e9, 5.1e7, 8.7e7, 8.3e7, 1.1e7
	};
	static const double secs[8] = {
		0.00087, 0.041, 0.0019, 0.0043, 0.065, 0.248, 0.089, 0.139
	};
	static const double res[8] = {
		-1.12398255667391900, -1.12187079889284425, 1.0, 12.0,
		0.49902937281518261, 0.99999987890802811, 3.0,
		0.75100163018458665
	};
	struct result *r;
	char name[48];
	int i;

	r = row(rs, "whetstone", "classic-double", "WI/s", ST_OK, 1.6e9,
	    params);
	for (i = 0; i < 8; i++) {
		snprintf(name, sizeof(name), "phase:%s", cmods[i]);
		result_add_extra(r, name, 0.05 * (i + 1));
	}
	result_add_extra(r, "iters", 10);
	whet_modules(rs, "classic-double", cmods, units, crate);
	/* the derived row the old view printed as "mwips-per-mhz 0.000";
	 * the classic's is in MIPS/MHz, its own unit */
	per_mhz(rs, "whetstone", "classic-double/mips-per-mhz", "MIPS/MHz",
	    1.080);
	r = row(rs, "whetstone", "mwips-double", "WI/s", ST_OK, 6.8e8, params);
	for (i = 0; i < 8; i++) {
		snprintf(name, sizeof(name), "phase:%s", mmods[i]);
		result_add_extra(r, name, secs[i]);
		snprintf(name, sizeof(name), "result:n%d", i + 1);
		result_add_extra(r, name, res[i]);
	}
	result_add_extra(r, "iters", 40);
	whet_modules(rs, "mwips-double", mmods, units, mrate);
	per_mhz(rs, "whetstone", "mwips-double/mwips-per-mhz", "MWIPS/MHz",
	    0.4599);
}

static void
dhrystone_rows(struct rows *rs)
{
	row(rs, "dhrystone", "v2.1", "dhry/s", ST_OK, 25000000.0, NULL);
	row(rs, "dhrystone", "v2.1/dmips", "DMIPS", ST_OK, 14228.8, NULL);
	per_mhz(rs, "dhrystone", "v2.1/dmips-per-mhz", "DMIPS/MHz", 9.4859);
}

/*
 * Hash or cipher rows "<type>/<library>[/<mid>]/<size>": `types` in both
 * libraries at 16 and 8192 bytes; the second type is not in libgcrypt.
 */
static void
bytes_rows(struct rows *rs, const char *bench, const char *const *types,
    const char *mid)
{
	static const char *const libs[2] = { "openssl", "gcrypt" };
	static const long sizes[2] = { 16, 8192 };
	struct result *r;
	char name[96];
	size_t t, l, s;

	for (t = 0; t < 2; t++)
		for (l = 0; l < 2; l++)
			for (s = 0; s < 2; s++) {
				snprintf(name, sizeof(name), "%s/%s%s%s/%ld",
				    types[t], libs[l], mid ? "/" : "",
				    mid ? mid : "", sizes[s]);
				if (t == 1 && l == 1) {
					r = row(rs, bench, name, "B/s",
					    ST_SKIPPED, 0, NULL);
					snprintf(r->reason, sizeof(r->reason),
					    "%s: not in this libgcrypt",
					    types[t]);
				} else
					row(rs, bench, name, "B/s", ST_OK,
					    1e6 * (double)((t + 1) * 100 +
					    l * 10 + s) + 0.5, NULL);
			}
}

/* A SKIPPED row with its reason. */
static void
skipped(struct rows *rs, const char *bench, const char *cname,
    const char *reason)
{
	struct result *r = row(rs, bench, cname, "B/s", ST_SKIPPED, 0, NULL);

	snprintf(r->reason, sizeof(r->reason), "%s", reason);
}

/*
 * The libgcrypt tests/benchmark block: md5 in every column (its whole
 * 1000000-byte case and its writes of 100 and 1 byte and putc, and the
 * 10000-byte case), sha1 at 1000000 bytes in one write and in writes of
 * 1000 (which the 1st column prefers) with 10000 FAILED, crc24rfc2440
 * SKIPPED at both (the reason once), sha256 and whirlpool at sizes it
 * does not use (a line of -).  The streamed OpenSSL rows (one SKIPPED:
 * putc) stay out of the `openssl speed` table.
 */
static void
hash_rows(struct rows *rs)
{
	static const char *const types[2] = { "sha256", "whirlpool" };

	bytes_rows(rs, "hash", types, NULL);
	row(rs, "hash", "md5/gcrypt/1000000", "B/s", ST_OK, 5e8, NULL);
	row(rs, "hash", "md5/gcrypt/1000000/w100", "B/s", ST_OK, 4e8, NULL);
	row(rs, "hash", "md5/gcrypt/1000000/w1", "B/s", ST_OK, 1e8, NULL);
	row(rs, "hash", "md5/gcrypt/1000000/putc", "B/s", ST_OK, 2.5e8,
	    NULL);
	row(rs, "hash", "md5/gcrypt/10000", "B/s", ST_OK, 2.5e8, NULL);
	row(rs, "hash", "sha1/gcrypt/1000000", "B/s", ST_OK, 1e7, NULL);
	row(rs, "hash", "sha1/gcrypt/1000000/w1000", "B/s", ST_OK, 2e7, NULL);
	row(rs, "hash", "sha1/gcrypt/10000", "B/s", ST_FAILED, 0, NULL);
	skipped(rs, "hash", "crc24rfc2440/gcrypt/1000000",
	    "crc24rfc2440: not in this libgcrypt");
	skipped(rs, "hash", "crc24rfc2440/gcrypt/10000",
	    "crc24rfc2440: not in this libgcrypt");
	row(rs, "hash", "md5/openssl/10000", "B/s", ST_OK, 6e8, NULL);
	row(rs, "hash", "md5/openssl/10000/w100", "B/s", ST_OK, 5e8, NULL);
	skipped(rs, "hash", "md5/openssl/10000/putc",
	    "putc is libgcrypt's gcry_md_putc");
}

/* 1024-byte cases: AES in ECB and (encrypt only) CBC, RC4, IDEA skipped */
static void
cipher_rows(struct rows *rs)
{
	static const char *const types[2] = { "aes-128-cbc", "idea-cbc" };

	bytes_rows(rs, "cipher", types, "encrypt");
	row(rs, "cipher", "aes-128-ecb/gcrypt/encrypt/1024", "B/s", ST_OK,
	    1.024e9, NULL);
	row(rs, "cipher", "aes-128-ecb/gcrypt/decrypt/1024", "B/s", ST_OK,
	    5.12e7, NULL);
	row(rs, "cipher", "aes-128-cbc/gcrypt/encrypt/1024", "B/s", ST_OK,
	    1.024e8, NULL);
	row(rs, "cipher", "rc4/gcrypt/encrypt/1024", "B/s", ST_OK, 2.048e8,
	    NULL);
	row(rs, "cipher", "rc4/gcrypt/decrypt/1024", "B/s", ST_OK, 2.048e8,
	    NULL);
	skipped(rs, "cipher", "idea-ecb/gcrypt/encrypt/1024",
	    "idea-ecb: not in this libgcrypt");
}

static void
pubkey_rows(struct rows *rs)
{
	struct result *r;

	row(rs, "pubkey", "rsa2048/openssl/sign", "op/s", ST_OK, 1543.21, NULL);
	row(rs, "pubkey", "rsa2048/openssl/verify", "op/s", ST_OK, 51234.5,
	    NULL);
	row(rs, "pubkey", "ecdsa-p256/openssl/sign", "op/s", ST_OK, 40123.4,
	    NULL);
	r = row(rs, "pubkey", "ecdsa-p256/openssl/verify", "op/s", ST_FAILED,
	    0, NULL);
	snprintf(r->reason, sizeof(r->reason), "verification failed");
	row(rs, "pubkey", "rsa2048/gcrypt/sign", "op/s", ST_OK, 321.0, NULL);
	row(rs, "pubkey", "x25519/gcrypt/derive", "op/s", ST_OK, 9876.5, NULL);
	/* the libgcrypt block: 1 key, 100 signatures, 100 verifications */
	row(rs, "pubkey", "rsa1024/gcrypt/keygen", "op/s", ST_OK, 20.0, NULL);
	row(rs, "pubkey", "rsa1024/gcrypt/sign", "op/s", ST_OK, 1000.0, NULL);
	row(rs, "pubkey", "rsa1024/gcrypt/verify", "op/s", ST_OK, 50000.0,
	    NULL);
	row(rs, "pubkey", "dsa1024/gcrypt/sign", "op/s", ST_OK, 4000.0, NULL);
	row(rs, "pubkey", "dsa1024/gcrypt/verify", "op/s", ST_OK, 2000.0,
	    NULL);
	skipped(rs, "pubkey", "dsa3072/gcrypt/sign", "no DSA in this "
	    "libgcrypt");
	row(rs, "pubkey", "ecdsa-p256/gcrypt/sign", "op/s", ST_OK, 800.0,
	    NULL);
	r = row(rs, "pubkey", "ecdsa-p256/gcrypt/verify", "op/s", ST_FAILED,
	    0, NULL);
	snprintf(r->reason, sizeof(r->reason), "verification failed");
}

/* random: the strong level at 128 bytes per call, and OpenSSL's */
static void
random_rows(struct rows *rs)
{
	row(rs, "random", "random/gcrypt/strong", "B/s", ST_OK, 6.4e6,
	    "size=128,backends=all");
	row(rs, "random", "random/gcrypt/nonce", "B/s", ST_OK, 1e8,
	    "size=128,backends=all");
	row(rs, "random", "random/openssl/rand_bytes", "B/s", ST_OK, 2e8,
	    "size=128,backends=all");
}

/*
 * random with -p random.size=128,8: both columns, from the strong
 * level's cases named by their sizes
 */
static void
random_sizes_rows(struct rows *rs)
{
	static const char *const params = "size=128,8,backends=all";

	row(rs, "random", "random/gcrypt/strong/128", "B/s", ST_OK, 6.4e6,
	    params);
	row(rs, "random", "random/gcrypt/strong/8", "B/s", ST_OK, 1e5,
	    params);
	row(rs, "random", "random/gcrypt/nonce/128", "B/s", ST_OK, 1e8,
	    params);
	row(rs, "random", "random/gcrypt/nonce/8", "B/s", ST_OK, 1e7,
	    params);
	row(rs, "random", "random/openssl/rand_bytes/8", "B/s", ST_OK, 2e7,
	    params);
}

/*
 * powm: the libgcrypt line from the program's operands under
 * exponent=small only, ms per operation per library; a FAILED size
 * shows n/a
 */
#define PM_SMALL "bits=498,1010,2022,1024,exponent=small,backends=all"
static void
powm_rows(struct rows *rs)
{
	struct result *r;

	row(rs, "powm", "powm/gcrypt/498", "op/s", ST_OK, 400.0, PM_SMALL);
	row(rs, "powm", "powm/gcrypt/1010", "op/s", ST_OK, 64.0, PM_SMALL);
	row(rs, "powm", "powm/gcrypt/2022", "op/s", ST_OK, 8.0, PM_SMALL);
	row(rs, "powm", "powm/gcrypt/1024", "op/s", ST_OK, 50.0, PM_SMALL);
	row(rs, "powm", "powm/openssl/1024", "op/s", ST_OK, 1250.0, PM_SMALL);
	r = row(rs, "powm", "powm/openssl/2022", "op/s", ST_FAILED, 0,
	    PM_SMALL);
	snprintf(r->reason, sizeof(r->reason), "verification failed");
}

/* the program's sizes with a full exponent are not its work: `-` */
static void
powm_full_rows(struct rows *rs)
{
	const char *full = "bits=498,1010,2022,exponent=full,backends=gcrypt";

	row(rs, "powm", "powm/gcrypt/498", "op/s", ST_OK, 400.0, full);
	row(rs, "powm", "powm/gcrypt/1010", "op/s", ST_OK, 64.0,
	    "bits=1010,exponent=smaller,backends=gcrypt");
	row(rs, "powm", "powm/gcrypt/2022", "op/s", ST_OK, 8.0,
	    "bits=2022,exponent=small");
}

/*
 * Data placements (membw, memlat, md5ref, fft): each case at several
 * placements, one SKIPPED, plus a derived row that must not join a block.
 */
static void
placement_rows(struct rows *rs, const char *bench, const char *base,
    const char *unit, int better)
{
	static const char *const pl[4] = { "default", "4k", "thp", "hugetlb" };
	static const double v[4] = { 2.0, 1.0, 4.0, 0 };
	struct result *r;
	char name[96];
	size_t i;

	for (i = 0; i < 4; i++) {
		snprintf(name, sizeof(name), "%s/%s", base, pl[i]);
		r = row(rs, bench, name, unit, v[i] > 0 ? ST_OK : ST_SKIPPED,
		    better > 0 ? v[i] * 1e9 : 1e-7 / (v[i] > 0 ? v[i] : 1),
		    NULL);
		r->better = better;
		if (v[i] == 0)
			snprintf(r->reason, sizeof(r->reason), "hugetlb: no "
			    "huge pages reserved");
	}
	snprintf(name, sizeof(name), "%s/thp/cycles-per-byte", base);
	row(rs, bench, name, "cycle/B", ST_OK, 3.5, NULL);
}

static void
membw_rows(struct rows *rs)
{
	placement_rows(rs, "membw", "copy/32MiB", "B/s", 1);
	placement_rows(rs, "membw", "read/64KiB", "B/s", 1);
}

static void
memlat_rows(struct rows *rs)
{
	placement_rows(rs, "memlat", "64MiB", "s", -1);
}

static void
md5ref_rows(struct rows *rs)
{
	placement_rows(rs, "md5ref", "cold", "B/s", 1);
}

static void
fft_rows(struct rows *rs)
{
	placement_rows(rs, "fft", "f32-1024", "transform/s", 1);
}

/* Extras (name, value) pairs onto r, ending at a NULL name. */
static void
extras(struct result *r, const char *const *names, const double *v)
{
	size_t i;

	for (i = 0; names[i] != NULL; i++)
		result_add_extra(r, names[i], v[i]);
}

/* Hand-offs: one with counters, one without (ENOENT), one skipped. */
static void
pingpong_rows(struct rows *rs)
{
	static const char *const counted[] = { "handoff:min", "handoff:max",
	    "handoff:avg", "passes", "cycles:min", "cycles:max",
	    "instr:min", "instr:max", "cpi", "counters:kernel", NULL };
	static const double cv[] = { 2.5e-6, 40e-6, 3.25e-6, 5000, 4100,
	    90000, 2300, 41000, 1.783, 0 };
	static const char *const bare[] = { "handoff:min", "handoff:max",
	    "handoff:avg", "passes", "counters:errno", NULL };
	static const double bv[] = { 6e-6, 120e-6, 8.5e-6, 1000, 2 };
	struct result *r;

	r = row(rs, "pingpong", "pipe/same-core", "s", ST_OK, 3.25e-6, NULL);
	r->better = -1;
	extras(r, counted, cv);
	row(rs, "pingpong", "pipe/same-core/p99", "s", ST_OK, 5e-6, NULL);
	r = row(rs, "pingpong", "mutex/cross-core", "s", ST_OK, 8.5e-6, NULL);
	r->better = -1;
	extras(r, bare, bv);
	r = row(rs, "pingpong", "mqueue/same-core", "s", ST_SKIPPED, 0, NULL);
	snprintf(r->reason, sizeof(r->reason), "no POSIX message queues");
}

/* Wake-ups: one at SCHED_FIFO, one refused it, one skipped. */
static void
wakeup_rows(struct rows *rs)
{
	static const char *const names[] = { "sched_fifo", "priority",
	    "interval_us", "wakeups", "lat:min", "lat:avg", "lat:p99",
	    "lat:p99.9", "lat:max", "mlockall", "stack_prefaulted",
	    "load_threads", NULL };
	static const double fifo[] = { 1, 80, 1000, 3000, 3e-6, 6.5e-6,
	    21e-6, 48e-6, 95e-6, 1, 1, 0 };
	static const double norm[] = { 0, 0, 1000, 3000, 4e-6, 11e-6, 60e-6,
	    400e-6, 1002e-6, 0, 1, 1 };
	static const char *const errs[] = { "sched_fifo_errno",
	    "mlockall_errno", NULL };
	static const double ev[] = { 1, 12 };
	struct result *r;

	r = row(rs, "wakeup", "cpu0", "s", ST_OK, 6.5e-6, NULL);
	extras(r, names, fifo);
	row(rs, "wakeup", "cpu0/p99", "s", ST_OK, 21e-6, NULL);
	r = row(rs, "wakeup", "cpu1", "s", ST_OK, 11e-6, NULL);
	extras(r, names, norm);
	extras(r, errs, ev);
	r = row(rs, "wakeup", "cpu2", "s", ST_SKIPPED, 0, NULL);
	snprintf(r->reason, sizeof(r->reason), "load: no other CPU");
}

/* ---- rendering and comparing ------------------------------------------ */

/* Replace every occurrence of what by with in the malloc'd string *s. */
static void
replace_all(char **s, const char *what, const char *with)
{
	size_t wl = strlen(what), nl = strlen(with), n = 0, len;
	char *p, *out, *o;

	if (wl == 0)
		return;
	for (p = strstr(*s, what); p != NULL; p = strstr(p + wl, what))
		n++;
	if (n == 0)
		return;
	len = strlen(*s) + n * nl + 1;
	out = malloc(len);
	if (out == NULL)
		bail("out of memory");
	o = out;
	for (p = *s; ; ) {
		char *q = strstr(p, what);

		if (q == NULL) {
			strcpy(o, p);
			break;
		}
		memcpy(o, p, (size_t)(q - p));
		o += q - p;
		memcpy(o, with, nl);
		o += nl;
		p = q + wl;
	}
	free(*s);
	*s = out;
}

/* The output of b's classic() for rows, with library titles replaced. */
static char *
render(const struct bench_info *b, const struct rows *rs)
{
	char *buf = NULL, title[96], mark[32];
	size_t len = 0, i;
	FILE *fp = open_memstream(&buf, &len);

	if (fp == NULL)
		bail("open_memstream failed");
	b->classic(fp, b, rs->p, rs->n);
	if (fclose(fp) != 0 || buf == NULL)
		bail("cannot render %s", b->name);
	for (i = 0; i < CB_COUNT; i++) {
		crypto_backend_title(crypto_backends[i], title, sizeof(title));
		snprintf(mark, sizeof(mark), "@%s@", crypto_backends[i]->name);
		replace_all(&buf, title, mark);
	}
	return buf;
}

static char *
slurp(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *buf;
	long n;

	if (fp == NULL)
		return NULL;
	if (fseek(fp, 0, SEEK_END) != 0 || (n = ftell(fp)) < 0 ||
	    n > 1 << 20 || fseek(fp, 0, SEEK_SET) != 0 ||
	    (buf = malloc((size_t)n + 1)) == NULL) {
		fclose(fp);
		return NULL;
	}
	if (fread(buf, 1, (size_t)n, fp) != (size_t)n) {
		free(buf);
		fclose(fp);
		return NULL;
	}
	buf[n] = '\0';
	fclose(fp);
	return buf;
}

/* Say where got and want first differ. */
static void
first_difference(const char *got, const char *want)
{
	size_t line = 1, i;
	const char *g, *w;

	for (i = 0; got[i] != '\0' && got[i] == want[i]; i++)
		if (got[i] == '\n')
			line++;
	g = got + i;
	w = want + i;
	while (g > got && g[-1] != '\n') {
		g--;
		w--;
	}
	diag("first difference on line %zu:", line);
	diag("  got:  %.*s", (int)strcspn(g, "\n"), g);
	diag("  want: %.*s", (int)strcspn(w, "\n"), w);
}

static const char *writedir;

static void
golden(const struct bench_info *b, const char *file,
    void (*fill)(struct rows *))
{
	char path[1024], *got, *want;
	const char *src = getenv("top_srcdir");
	struct rows rs;
	FILE *fp;

	memset(&rs, 0, sizeof(rs));
	fill(&rs);
	got = render(b, &rs);
	rows_release(&rs);
	if (writedir != NULL) {
		snprintf(path, sizeof(path), "%s/%s", writedir, file);
		fp = fopen(path, "w");
		ok(fp != NULL && fputs(got, fp) >= 0 && fclose(fp) == 0,
		    "wrote %s", path);
		free(got);
		return;
	}
	snprintf(path, sizeof(path), "%s/tests/data/%s", src ? src : ".",
	    file);
	want = slurp(path);
	if (want == NULL)
		bail("cannot read %s", path);
	if (!ok(strcmp(got, want) == 0, "%s --classic matches %s", b->name,
	    file))
		first_difference(got, want);
	free(got);
	free(want);
}

/*
 * The libgcrypt block in the layout of libgcrypt's tests/benchmark, as
 * the seed article quotes it (its runs of spaces collapsed): a line of
 * out, spaces collapsed, equal to want.
 */
static int
has_line(const char *out, const char *want)
{
	char line[512];
	const char *p = out;
	size_t n;
	int space;

	while (*p != '\0') {
		n = 0;
		space = 1;		/* drop leading spaces */
		for (; *p != '\0' && *p != '\n'; p++) {
			if (*p == ' ') {
				space = 1;
				continue;
			}
			if (space && n > 0 && n < sizeof(line) - 1)
				line[n++] = ' ';
			space = 0;
			if (n < sizeof(line) - 1)
				line[n++] = *p;
		}
		line[n] = '\0';
		if (strcmp(line, want) == 0)
			return 1;
		if (*p == '\n')
			p++;
	}
	return 0;
}

static void
seed_layout(const struct bench_info *b, void (*fill)(struct rows *),
    const char *const *want)
{
	struct rows rs;
	char *got;
	size_t i;

	memset(&rs, 0, sizeof(rs));
	fill(&rs);
	got = render(b, &rs);
	rows_release(&rs);
	for (i = 0; want[i] != NULL; i++)
		if (!ok(has_line(got, want[i]), "%s --classic: the classic "
		    "layout has the line '%s'", b->name, want[i]))
			diag("got:\n%s", got);
	free(got);
}

/* A random row at size 8 fills the second column, not the first. */
static void
random8_rows(struct rows *rs)
{
	row(rs, "random", "random/gcrypt/strong", "B/s", ST_OK, 4e5,
	    "size=8,backends=gcrypt");
}

/* A reason from an imported file, with a terminal escape in it. */
static void
hostile_rows(struct rows *rs)
{
	skipped(rs, "hash", "md5/gcrypt/10000", "evil\033[2J reason");
}

/* The same through the openssl speed layout, with an escape in the name. */
static void
hostile_openssl_rows(struct rows *rs)
{
	skipped(rs, "hash", "md5/openssl/1024", "evil\033[2J reason");
	skipped(rs, "hash", "sha\033]0;x\007/openssl/1024", "gone");
}

static void
check_seed_layouts(void)
{
	static const char *const hash[] = {
		"MD5 2.00ms 2.50ms 10ms 4.00ms 4.00ms",
		"SHA1 50ms - - - n/a",
		"CRC24RFC2440 (crc24rfc2440: not in this libgcrypt)",
		"SHA256 - - - - -",
		NULL
	};
	static const char *const cipher[] = {
		"ECB/Stream CBC CFB OFB CTR",
		"--------------- --------------- --------------- "
		    "--------------- ---------------",
		"AES 1.00ms 20ms 10ms - - - - - - -",
		"ARCFOUR 5.00ms 5.00ms",
		"IDEA (idea-ecb: not in this libgcrypt)",
		NULL
	};
	static const char *const pubkey[] = {
		"Algorithm generate 100*sign 100*verify",
		"------------------------------------------------",
		"RSA 1024 bit 50ms 100ms 2.00ms",
		"RSA 2048 bit - 312ms -",
		"DSA 1024/160 - 25ms 50ms",
		"DSA 3072/256 (no DSA in this libgcrypt)",
		"ECDSA 256 bit - 125ms n/a",
		NULL
	};
	static const char *const powm[] = {
		"powm 2500ms 15625ms 125000ms", NULL
	};
	static const char *const powm_full[] = {
		"powm - - 125000ms", NULL
	};
	static const char *const random128[] = {
		"random 2.00ms -", NULL
	};
	static const char *const random8[] = {
		"random - 2.00ms", NULL
	};
	static const char *const random_both[] = {
		"random 2.00ms 8.00ms", NULL
	};
	static const char *const whetstone[] = {
		"C Converted Double Precision Whetstones: 1600.0 MIPS",
		"array-elements 1100.000 MFLOPS",
		"N1 floating point -1.12398255667391900 1100.000 0.001",
		"N4 fixed point 12.00000000000000000 2900.000 0.004",
		"MWIPS 680.000 0.589",
		NULL
	};

	seed_layout(&bench_hash_info, hash_rows, hash);
	seed_layout(&bench_cipher_info, cipher_rows, cipher);
	seed_layout(&bench_pubkey_info, pubkey_rows, pubkey);
	seed_layout(&bench_powm_info, powm_rows, powm);
	seed_layout(&bench_powm_info, powm_full_rows, powm_full);
	seed_layout(&bench_random_info, random_rows, random128);
	seed_layout(&bench_random_info, random8_rows, random8);
	seed_layout(&bench_random_info, random_sizes_rows, random_both);
	/*
	 * Whetstone's blocks print the figures of the rows beside them
	 * (issue 27): classic-double's row is 1.6e9 WI/s, mwips-double's
	 * 6.8e8, their module rows 1.1e9 flop/s (array-elements, N1) and
	 * 2.9e9 op/s (N4), though the phase totals give other rates.
	 */
	seed_layout(&bench_whetstone_info, whetstone_rows, whetstone);
	{
		static const char *const hostile[] = {
			"MD5 (evil\\x1b[2J reason)", NULL
		};

		seed_layout(&bench_hash_info, hostile_rows, hostile);
	}
	{
		static const char *const hostile[] = {
			"md5 (evil\\x1b[2J reason)",
			"sha\\x1b]0;x\\x07 (gone)", NULL
		};

		seed_layout(&bench_hash_info, hostile_openssl_rows, hostile);
	}
}

/*
 * Rows made from a case, alone, produce nothing: no block, no header,
 * whatever their status or value.
 */
static void
derived_alone(const struct bench_info *b, const char *const *names,
    const char *unit)
{
	struct rows rs;
	char *got;
	size_t i;

	memset(&rs, 0, sizeof(rs));
	for (i = 0; names[i] != NULL; i++) {
		per_mhz(&rs, b->name, names[i], unit, 1.080);
		row(&rs, b->name, names[i], unit, ST_SKIPPED, 0, NULL);
	}
	got = render(b, &rs);
	rows_release(&rs);
	if (!ok(got[0] == '\0', "%s: derived rows alone give no classic block",
	    b->name))
		diag("got: %s", got);
	free(got);
}

int
main(int argc, char **argv)
{
	static const char *const lp[] = {
		"double-rolled/mflops-per-mhz", "single-average/mflops-per-mhz",
		NULL
	};
	static const char *const wh[] = {
		"classic-double/mips-per-mhz", "mwips-double/mwips-per-mhz",
		"classic-double/trig-funcs", NULL
	};
	static const char *const dh[] = {
		"v2.1/dmips", "v2.1/dmips-per-mhz", NULL
	};
	static const char *const cr[] = {
		"sha256/openssl/8192/cycles-per-byte",
		"aes-128-cbc/openssl/encrypt/8192/cycles-per-byte", NULL
	};
	static const char *const pk[] = {
		"rsa2048/openssl/sign/cycles", NULL
	};
	static const char *const md[] = {
		"hot/thp/cycles-per-byte", "cold/cycles-per-block", NULL
	};
	static const char *const ff[] = {
		"f32-1024/4k/mflops-per-mhz", "f32-1024/flops", NULL
	};

	/* the goldens: one or more per benchmark with a --classic view */
	static const struct {
		const struct bench_info *b;
		const char *file;
		void (*fill)(struct rows *);
	} gold[] = {
		{ &bench_linpack_info, "classic-linpack.exp", linpack_rows },
		{ &bench_whetstone_info, "classic-whetstone.exp",
		    whetstone_rows },
		{ &bench_dhrystone_info, "classic-dhrystone.exp",
		    dhrystone_rows },
		{ &bench_hash_info, "classic-hash.exp", hash_rows },
		{ &bench_cipher_info, "classic-cipher.exp", cipher_rows },
		{ &bench_pubkey_info, "classic-pubkey.exp", pubkey_rows },
		{ &bench_membw_info, "classic-membw.exp", membw_rows },
		{ &bench_memlat_info, "classic-memlat.exp", memlat_rows },
		{ &bench_md5ref_info, "classic-md5ref.exp", md5ref_rows },
		{ &bench_fft_info, "classic-fft.exp", fft_rows },
		{ &bench_pingpong_info, "classic-pingpong.exp",
		    pingpong_rows },
		{ &bench_wakeup_info, "classic-wakeup.exp", wakeup_rows },
		{ &bench_powm_info, "classic-powm.exp", powm_rows },
		{ &bench_random_info, "classic-random.exp", random_rows },
		{ &bench_random_info, "classic-random-sizes.exp",
		    random_sizes_rows },
	};
	size_t i, j;

	if (argc == 3 && strcmp(argv[1], "--write") == 0)
		writedir = argv[2];
	/* every benchmark the table gives a --classic view has a golden
	 * here, and every golden is of such a benchmark */
	for (i = 0; i < registry_count; i++) {
		if (registry_table[i]->classic == NULL)
			continue;
		for (j = 0; j < ARRAY_SIZE(gold) &&
		    gold[j].b != registry_table[i]; j++)
			;
		ok(j < ARRAY_SIZE(gold), "%s has a --classic view: it has a "
		    "golden test here", registry_table[i]->name);
	}
	for (j = 0; j < ARRAY_SIZE(gold); j++) {
		ok(gold[j].b->classic != NULL, "%s: a golden of a --classic "
		    "view that exists", gold[j].file);
		if (gold[j].b->classic != NULL)
			golden(gold[j].b, gold[j].file, gold[j].fill);
	}
	if (writedir != NULL)
		return done_testing();

	check_seed_layouts();
	derived_alone(&bench_linpack_info, lp, "MFLOPS/MHz");
	derived_alone(&bench_whetstone_info, wh, "MWIPS/MHz");
	derived_alone(&bench_dhrystone_info, dh, "DMIPS/MHz");
	derived_alone(&bench_hash_info, cr, "cycle/B");
	derived_alone(&bench_cipher_info, cr, "cycle/B");
	derived_alone(&bench_pubkey_info, pk, "cycle/op");
	derived_alone(&bench_md5ref_info, md, "cycle/B");
	derived_alone(&bench_fft_info, ff, "MFLOPS/MHz");
	return done_testing();
}
