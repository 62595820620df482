/*
 * cpu-md5ref.c - md5ref: a portable C MD5 (RFC 1321, written from the
 * RFC's description of the algorithm) compiled with this build's flags,
 * over a 22,073-byte block as in seed 000 (-p md5ref.size changes it).
 *
 * Cases:
 *   hot   the same block again and again (it stays in the caches);
 *   cold  each iteration the next block of a region much larger than the
 *         last-level cache, visited in a scattered order, so every block
 *         comes from memory.  The region is by default four times the
 *         last-level cache (from sysfs), at least 64 MiB and at most
 *         1 GiB and a quarter of the available memory, so a 1 GiB board
 *         can run it; -p md5ref.region_mib sets it (1 to 1024).
 * Rows are in B/s; derived rows give cycles per byte and per block, from
 * the cycle counter where it counts, else from the CPU clock (the row's
 * extra "clock:<source>" says which).
 *
 * verify() runs the RFC 1321 test suite through the same code, and
 * compares the digest of the last block hashed with OpenSSL's and
 * libgcrypt's MD5 of that block when they are built in (else with this
 * MD5 fed in uneven pieces, which takes the buffering path).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if HAVE_OPENSSL
#include <openssl/evp.h>
#endif
#if HAVE_GCRYPT
#include <gcrypt.h>
#endif

#include "bench.h"
#include "mem.h"
#include "cpu-md5ref.h"
#include "result.h"
#include "sysfs.h"

#define MD5REF_SIZE_DEF		22073
#define MD5REF_SIZE_MAX		(16LL << 20)
#define MD5REF_REGION_MAX_MIB	1024
#define MD5REF_AUTO_MIN		(64LL << 20)
#define MD5REF_AUTO_MAX		(1LL << 30)
#define MD5REF_ALIGN		64

int md5ref_test_fault;

/* ---- MD5 (RFC 1321) ------------------------------------------------------ */

/* The four auxiliary functions of the rounds, in equivalent cheaper forms. */
#define MD5_F(x, y, z)	((z) ^ ((x) & ((y) ^ (z))))
#define MD5_G(x, y, z)	((y) ^ ((z) & ((x) ^ (y))))
#define MD5_H(x, y, z)	((x) ^ (y) ^ (z))
#define MD5_I(x, y, z)	((y) ^ ((x) | ~(z)))

#define MD5_ROTL(v, s)	(((v) << (s)) | ((v) >> (32 - (s))))

/* a = b + ((a + f(b, c, d) + x + t) <<< s) */
#define MD5_STEP(f, a, b, c, d, x, t, s) do {				\
	(a) += MD5_##f((b), (c), (d)) + (x) + (uint32_t)(t);		\
	(a) = MD5_ROTL((a), (s)) + (b);					\
} while (0)

/* A little-endian 32-bit word from four bytes, whatever the host. */
static inline uint32_t
md5_le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static inline void
md5_put_le32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

/*
 * The compression function on `nblocks` 64-byte blocks: four rounds of
 * sixteen steps; the constants are floor(2^32 |sin(i)|), i = 1 .. 64.
 */
static void
md5_blocks(uint32_t h[4], const unsigned char *p, size_t nblocks)
{
	uint32_t a, b, c, d, x[16];
	int i;

	while (nblocks-- > 0) {
		for (i = 0; i < 16; i++)
			x[i] = md5_le32(p + 4 * i);
		a = h[0];
		b = h[1];
		c = h[2];
		d = h[3];

		MD5_STEP(F, a, b, c, d, x[ 0], 0xd76aa478u,  7);
		MD5_STEP(F, d, a, b, c, x[ 1], 0xe8c7b756u, 12);
		MD5_STEP(F, c, d, a, b, x[ 2], 0x242070dbu, 17);
		MD5_STEP(F, b, c, d, a, x[ 3], 0xc1bdceeeu, 22);
		MD5_STEP(F, a, b, c, d, x[ 4], 0xf57c0fafu,  7);
		MD5_STEP(F, d, a, b, c, x[ 5], 0x4787c62au, 12);
		MD5_STEP(F, c, d, a, b, x[ 6], 0xa8304613u, 17);
		MD5_STEP(F, b, c, d, a, x[ 7], 0xfd469501u, 22);
		MD5_STEP(F, a, b, c, d, x[ 8], 0x698098d8u,  7);
		MD5_STEP(F, d, a, b, c, x[ 9], 0x8b44f7afu, 12);
		MD5_STEP(F, c, d, a, b, x[10], 0xffff5bb1u, 17);
		MD5_STEP(F, b, c, d, a, x[11], 0x895cd7beu, 22);
		MD5_STEP(F, a, b, c, d, x[12], 0x6b901122u,  7);
		MD5_STEP(F, d, a, b, c, x[13], 0xfd987193u, 12);
		MD5_STEP(F, c, d, a, b, x[14], 0xa679438eu, 17);
		MD5_STEP(F, b, c, d, a, x[15], 0x49b40821u, 22);

		MD5_STEP(G, a, b, c, d, x[ 1], 0xf61e2562u,  5);
		MD5_STEP(G, d, a, b, c, x[ 6], 0xc040b340u,  9);
		MD5_STEP(G, c, d, a, b, x[11], 0x265e5a51u, 14);
		MD5_STEP(G, b, c, d, a, x[ 0], 0xe9b6c7aau, 20);
		MD5_STEP(G, a, b, c, d, x[ 5], 0xd62f105du,  5);
		MD5_STEP(G, d, a, b, c, x[10], 0x02441453u,  9);
		MD5_STEP(G, c, d, a, b, x[15], 0xd8a1e681u, 14);
		MD5_STEP(G, b, c, d, a, x[ 4], 0xe7d3fbc8u, 20);
		MD5_STEP(G, a, b, c, d, x[ 9], 0x21e1cde6u,  5);
		MD5_STEP(G, d, a, b, c, x[14], 0xc33707d6u,  9);
		MD5_STEP(G, c, d, a, b, x[ 3], 0xf4d50d87u, 14);
		MD5_STEP(G, b, c, d, a, x[ 8], 0x455a14edu, 20);
		MD5_STEP(G, a, b, c, d, x[13], 0xa9e3e905u,  5);
		MD5_STEP(G, d, a, b, c, x[ 2], 0xfcefa3f8u,  9);
		MD5_STEP(G, c, d, a, b, x[ 7], 0x676f02d9u, 14);
		MD5_STEP(G, b, c, d, a, x[12], 0x8d2a4c8au, 20);

		MD5_STEP(H, a, b, c, d, x[ 5], 0xfffa3942u,  4);
		MD5_STEP(H, d, a, b, c, x[ 8], 0x8771f681u, 11);
		MD5_STEP(H, c, d, a, b, x[11], 0x6d9d6122u, 16);
		MD5_STEP(H, b, c, d, a, x[14], 0xfde5380cu, 23);
		MD5_STEP(H, a, b, c, d, x[ 1], 0xa4beea44u,  4);
		MD5_STEP(H, d, a, b, c, x[ 4], 0x4bdecfa9u, 11);
		MD5_STEP(H, c, d, a, b, x[ 7], 0xf6bb4b60u, 16);
		MD5_STEP(H, b, c, d, a, x[10], 0xbebfbc70u, 23);
		MD5_STEP(H, a, b, c, d, x[13], 0x289b7ec6u,  4);
		MD5_STEP(H, d, a, b, c, x[ 0], 0xeaa127fau, 11);
		MD5_STEP(H, c, d, a, b, x[ 3], 0xd4ef3085u, 16);
		MD5_STEP(H, b, c, d, a, x[ 6], 0x04881d05u, 23);
		MD5_STEP(H, a, b, c, d, x[ 9], 0xd9d4d039u,  4);
		MD5_STEP(H, d, a, b, c, x[12], 0xe6db99e5u, 11);
		MD5_STEP(H, c, d, a, b, x[15], 0x1fa27cf8u, 16);
		MD5_STEP(H, b, c, d, a, x[ 2], 0xc4ac5665u, 23);

		MD5_STEP(I, a, b, c, d, x[ 0], 0xf4292244u,  6);
		MD5_STEP(I, d, a, b, c, x[ 7], 0x432aff97u, 10);
		MD5_STEP(I, c, d, a, b, x[14], 0xab9423a7u, 15);
		MD5_STEP(I, b, c, d, a, x[ 5], 0xfc93a039u, 21);
		MD5_STEP(I, a, b, c, d, x[12], 0x655b59c3u,  6);
		MD5_STEP(I, d, a, b, c, x[ 3], 0x8f0ccc92u, 10);
		MD5_STEP(I, c, d, a, b, x[10], 0xffeff47du, 15);
		MD5_STEP(I, b, c, d, a, x[ 1], 0x85845dd1u, 21);
		MD5_STEP(I, a, b, c, d, x[ 8], 0x6fa87e4fu,  6);
		MD5_STEP(I, d, a, b, c, x[15], 0xfe2ce6e0u, 10);
		MD5_STEP(I, c, d, a, b, x[ 6], 0xa3014314u, 15);
		MD5_STEP(I, b, c, d, a, x[13], 0x4e0811a1u, 21);
		MD5_STEP(I, a, b, c, d, x[ 4], 0xf7537e82u,  6);
		MD5_STEP(I, d, a, b, c, x[11], 0xbd3af235u, 10);
		MD5_STEP(I, c, d, a, b, x[ 2], 0x2ad7d2bbu, 15);
		MD5_STEP(I, b, c, d, a, x[ 9], 0xeb86d391u, 21);
		h[0] += a;
		h[1] += b;
		h[2] += c;
		h[3] += d;
		p += 64;
	}
}

void
md5ref_init(struct md5ref_ctx *m)
{
	m->h[0] = 0x67452301u;
	m->h[1] = 0xefcdab89u;
	m->h[2] = 0x98badcfeu;
	m->h[3] = 0x10325476u;
	m->len = 0;
}

void
md5ref_update(struct md5ref_ctx *m, const void *data, size_t len)
{
	const unsigned char *p = data;
	size_t have = (size_t)(m->len % 64), take;

	m->len += len;
	if (have > 0) {
		take = 64 - have < len ? 64 - have : len;
		memcpy(m->buf + have, p, take);
		p += take;
		len -= take;
		if (have + take < 64)
			return;
		md5_blocks(m->h, m->buf, 1);
	}
	if (len >= 64) {
		md5_blocks(m->h, p, len / 64);
		p += len - len % 64;
		len %= 64;
	}
	memcpy(m->buf, p, len);
}

/* Padding: 0x80, zeros to 56 mod 64, then the length in bits. */
void
md5ref_final(struct md5ref_ctx *m, unsigned char out[MD5REF_DIGEST])
{
	uint64_t bits = m->len * 8;
	size_t have = (size_t)(m->len % 64);
	int i;

	m->buf[have++] = 0x80;
	if (have > 56) {
		memset(m->buf + have, 0, 64 - have);
		md5_blocks(m->h, m->buf, 1);
		have = 0;
	}
	memset(m->buf + have, 0, 56 - have);
	md5_put_le32(m->buf + 56, (uint32_t)bits);
	md5_put_le32(m->buf + 60, (uint32_t)(bits >> 32));
	md5_blocks(m->h, m->buf, 1);
	for (i = 0; i < 4; i++)
		md5_put_le32(out + 4 * i, m->h[i]);
}

void
md5ref_buffer(const void *data, size_t len, unsigned char out[MD5REF_DIGEST])
{
	struct md5ref_ctx m;

	md5ref_init(&m);
	md5ref_update(&m, data, len);
	md5ref_final(&m, out);
}

/* ---- checks ------------------------------------------------------------- */

/* The test suite of RFC 1321, appendix A.5. */
static const struct {
	const char *msg, *hex;
} md5ref_suite[] = {
	{ "", "d41d8cd98f00b204e9800998ecf8427e" },
	{ "a", "0cc175b9c0f1b6a831c399e269772661" },
	{ "abc", "900150983cd24fb0d6963f7d28e17f72" },
	{ "message digest", "f96b697d7cb7938d525a2f31aaf161d0" },
	{ "abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b" },
	{ "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
	  "d174ab98d277d9f5a5611c2c9f419d9f" },
	{ "1234567890123456789012345678901234567890123456789012345678901234"
	  "5678901234567890", "57edf4a22be3c955ac49da2e2107b67a" },
};

static void
md5ref_hex(const unsigned char d[MD5REF_DIGEST], char hex[33])
{
	int i;

	for (i = 0; i < MD5REF_DIGEST; i++)
		snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

int
md5ref_rfc1321(char *why, size_t len)
{
	unsigned char d[MD5REF_DIGEST];
	char hex[33];
	size_t i;

	for (i = 0; i < sizeof(md5ref_suite) / sizeof(md5ref_suite[0]); i++) {
		md5ref_buffer(md5ref_suite[i].msg, strlen(md5ref_suite[i].msg),
		    d);
		md5ref_hex(d, hex);
		if (strcmp(hex, md5ref_suite[i].hex) != 0) {
			snprintf(why, len, "RFC 1321 test MD5(\"%.20s%s\") is "
			    "%s, should be %s", md5ref_suite[i].msg,
			    strlen(md5ref_suite[i].msg) > 20 ? "..." : "",
			    hex, md5ref_suite[i].hex);
			return -1;
		}
	}
	return 0;
}

int
md5ref_library(int which, const void *data, size_t len,
    unsigned char out[MD5REF_DIGEST])
{
#if HAVE_OPENSSL
	unsigned int olen = 0;

	if (which == 0)
		return EVP_Digest(data, len, out, &olen, EVP_md5(),
		    NULL) == 1 && olen == MD5REF_DIGEST ? 0 : -1;
#endif
#if HAVE_GCRYPT
	if (which == 1) {
		if (!gcry_control(GCRYCTL_INITIALIZATION_FINISHED_P)) {
			gcry_check_version(NULL);
			gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
			gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
		}
		if (gcry_md_test_algo(GCRY_MD_MD5) != 0)
			return -1;
		gcry_md_hash_buffer(GCRY_MD_MD5, out, data, len);
		return 0;
	}
#endif
	(void)which;
	(void)data;
	(void)len;
	(void)out;
	return -1;
}

/*
 * Text-like bytes ('?' .. '~') from xorshift64*, eight per step (each
 * byte of the step's value masked to 6 bits plus '?'), so a big region
 * fills fast; the same seed gives the same bytes everywhere.
 */
void
md5ref_fill(unsigned char *p, size_t len, uint64_t seed)
{
	uint64_t x = seed * 0x9e3779b97f4a7c15u + 1, v;
	size_t i, k;

	for (i = 0; i < len; i += 8) {
		x ^= x >> 12;
		x ^= x << 25;
		x ^= x >> 27;
		v = (x * 0x2545f4914f6cdd1du & 0x3f3f3f3f3f3f3f3fu) +
		    0x3f3f3f3f3f3f3f3fu;
		for (k = 0; k < 8 && i + k < len; k++)
			p[i + k] = (unsigned char)(v >> (8 * k));
	}
}

/*
 * The cold region: its first MiB from md5ref_fill(), then copies of it
 * (the content does not matter to the timing, only that the region must
 * come from memory), so even a -O0 build fills 1 GiB in little time.
 */
static void
md5ref_fill_region(unsigned char *p, size_t len, uint64_t seed)
{
	size_t done = len < (1u << 20) ? len : (1u << 20), n;

	md5ref_fill(p, done, seed);
	while (done < len) {
		n = len - done < done ? len - done : done;
		memcpy(p + done, p, n);
		done += n;
	}
}

/* ---- the benchmark ------------------------------------------------------- */

enum { MD5REF_HOT, MD5REF_COLD };

struct md5ref_state {
	unsigned char *mem;		/* the block, or the cold region */
	struct mem_block blk;		/* where it lives (placement) */
	size_t size;			/* bytes per block */
	size_t stride;			/* block to block in the region */
	size_t nblocks, step, next;	/* the order of the cold blocks */
	size_t last;			/* block of the last digest */
	uint64_t iters;
	uint32_t fold;			/* every digest, folded */
	unsigned char digest[MD5REF_DIGEST];
	long long llc, region;
};

/* Bytes from a sysfs size such as "2048K" or "8M"; 0 when unreadable. */
static long long
md5ref_sysfs_size(const char *path)
{
	char buf[64], *end;
	long long v;

	if (sysfs_read_str(path, buf, sizeof(buf)) != SYSFS_OK)
		return 0;
	v = strtoll(buf, &end, 10);
	if (end == buf || v <= 0)
		return 0;
	if (*end == 'K')
		v <<= 10;
	else if (*end == 'M')
		v <<= 20;
	else if (*end == 'G')
		v <<= 30;
	return v;
}

/* The last-level cache (data or unified) of CPU 0 from sysfs, or 0. */
static long long
md5ref_llc_bytes(void)
{
	char path[96], type[32];
	long long size, best = 0;
	int i, level, best_level = 0;

	for (i = 0; i < 16; i++) {
		if (sysfs_read_strf(type, sizeof(type), "/sys/devices/system/"
		    "cpu/cpu0/cache/index%d/type", i) == SYSFS_MISSING)
			break;
		if (strncmp(type, "Instruction", 11) == 0)
			continue;
		snprintf(path, sizeof(path),
		    "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
		level = (int)md5ref_sysfs_size(path);
		snprintf(path, sizeof(path),
		    "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
		size = md5ref_sysfs_size(path);
		if (size > 0 && level >= best_level) {
			best_level = level;
			best = size;
		}
	}
	return best;
}

/* MemAvailable from /proc/meminfo in bytes, or 0. */
static long long
md5ref_mem_available(void)
{
	long long kb;

	return sysfs_meminfo_kb("MemAvailable", &kb) == SYSFS_OK ? kb * 1024 :
	    0;
}

/* The automatic cold region: 4 x LLC in [64 MiB, 1 GiB], memory allowing. */
static long long
md5ref_auto_region(long long llc)
{
	long long r = 4 * llc, avail = md5ref_mem_available();

	if (r < MD5REF_AUTO_MIN)
		r = MD5REF_AUTO_MIN;
	if (r > MD5REF_AUTO_MAX)
		r = MD5REF_AUTO_MAX;
	if (avail > 0 && r > avail / 4)
		r = avail / 4;
	return r;
}

static size_t
md5ref_gcd(size_t a, size_t b)
{
	size_t t;

	while (b != 0) {
		t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* Its parameters (bench_params()); see md5ref_params. */
struct md5ref_params {
	long long size;
	long long region_mib;		/* 0: from the cache size */
	struct bench_list cases;	/* hot, cold */
	struct bench_list placement;	/* MEM_PARAM_PLACEMENT */
};

static int
md5ref_plan(struct bench_ctx *ctx)
{
	static const struct bench_derived derived[] = {
		{ .name = "cycles-per-byte", .unit = "cycle/B",
		  .how = BENCH_D_CYCLES, .scale = 1 },
		{ .name = "cycles-per-block", .unit = "cycle",
		  .how = BENCH_D_CYCLES, .scale = 0 },
		{ .name = NULL }
	};
	const struct md5ref_params *p = bench_params(ctx);
	char name[32], suf[16];
	size_t i, npl, m;
	long long size = p->size;
	struct bench_case *c;
	int seen[2] = { 0, 0 }, id, pl[MP_COUNT];

	npl = mem_placements(&p->placement, pl, MP_COUNT);
	for (i = 0; i < p->cases.n && i < 2; i++) {
		id = strcmp(p->cases.items[i], "cold") == 0 ? MD5REF_COLD : MD5REF_HOT;
		if (seen[id]++)
			continue;
		for (m = 0; m < npl; m++) {
			mem_placement_suffix(pl[m], npl, suf, sizeof(suf));
			snprintf(name, sizeof(name), "%s%s",
			    id == MD5REF_COLD ? "cold" : "hot", suf);
			c = bench_add_case(ctx, name, "B/s", BENCH_RATE,
			    (double)size);
			if (c == NULL)
				return -1;
			c->id = id;
			c->arg = pl[m];
			c->derived = derived;
		}
	}
	return 0;
}

static void
md5ref_state_free(struct md5ref_state *s)
{
	if (s != NULL)
		mem_unplace(&s->blk);
	free(s);
}

/* setup() proper; md5ref_setup() cleans up after a failure. */
static int
md5ref_setup_state(struct bench_ctx *ctx, const struct bench_case *c)
{
	const struct md5ref_params *p = bench_params(ctx);
	struct md5ref_state *s = calloc(1, sizeof(*s));
	long long size = p->size;
	long long region = p->region_mib << 20;
	size_t bytes;
	int rc;

	if (s == NULL)
		return bench_fail(ctx, "out of memory");
	bench_set_priv(ctx, s);
	s->size = (size_t)size;
	s->stride = (s->size + MD5REF_ALIGN - 1) / MD5REF_ALIGN * MD5REF_ALIGN;
	bytes = s->stride;
	if (c->id == MD5REF_COLD) {
		s->llc = md5ref_llc_bytes();
		s->region = region > 0 ? region : md5ref_auto_region(s->llc);
		s->nblocks = (size_t)s->region / s->stride;
		if (s->nblocks < 8)
			return bench_fail(ctx, "a region of %lld bytes holds "
			    "fewer than 8 blocks of %lld bytes", s->region,
			    size);
		bytes = s->nblocks * s->stride;
		/* 0.618 of the way round, coprime: all blocks, scattered */
		s->step = s->nblocks * 618 / 1000;
		while (md5ref_gcd(s->nblocks, s->step) != 1)
			s->step++;
	}
	/* page-aligned, so MD5REF_ALIGN-aligned too */
	if ((rc = mem_place(ctx, (int)c->arg, bytes, &s->blk)) != 0)
		return rc;
	s->mem = s->blk.p;
	if (c->id == MD5REF_COLD)
		md5ref_fill_region(s->mem, bytes, 2);
	else
		md5ref_fill(s->mem, bytes, 1);
	return 0;
}

static int
md5ref_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	int rc = md5ref_setup_state(ctx, c);

	if (rc != 0) {		/* no teardown() follows a failed setup() */
		md5ref_state_free(bench_priv(ctx));
		bench_set_priv(ctx, NULL);
	}
	return rc;
}

static int
md5ref_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct md5ref_state *s = bench_priv(ctx);
	uint32_t fold = s->fold;
	size_t next = s->next, last = 0;
	uint64_t i;

	if (c->id == MD5REF_HOT) {
		for (i = 0; i < iters; i++) {
			md5ref_buffer(s->mem, s->size, s->digest);
			fold += md5_le32(s->digest);
		}
	} else {
		for (i = 0; i < iters; i++) {
			last = next;
			md5ref_buffer(s->mem + last * s->stride, s->size,
			    s->digest);
			fold += md5_le32(s->digest);
			next += s->step;
			if (next >= s->nblocks)
				next -= s->nblocks;
		}
		s->last = last;
		s->next = next;
	}
	s->fold = fold;
	s->iters += iters;
	return 0;
}

/* The digest of `p` another way: in uneven pieces (1, 2, 3 ... bytes). */
static void
md5ref_pieces(const unsigned char *p, size_t len,
    unsigned char out[MD5REF_DIGEST])
{
	struct md5ref_ctx m;
	size_t off = 0, piece = 1;

	md5ref_init(&m);
	while (off < len) {
		if (piece > len - off)
			piece = len - off;
		md5ref_update(&m, p + off, piece);
		off += piece;
		piece = piece % 97 + 1;
	}
	md5ref_final(&m, out);
}

static int
md5ref_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	static const char *const libname[] = { "OpenSSL", "libgcrypt" };
	struct md5ref_state *s = bench_priv(ctx);
	unsigned char want[MD5REF_DIGEST], got[MD5REF_DIGEST];
	const unsigned char *block;
	char why[160], hg[33], hw[33];
	int which, checked = 0;

	if (md5ref_rfc1321(why, sizeof(why)) != 0)
		return bench_fail(ctx, "%s", why);
	if (s->iters == 0)
		md5ref_run(ctx, c, 1);
	block = s->mem + (c->id == MD5REF_COLD ? s->last * s->stride : 0);
	memcpy(got, s->digest, sizeof(got));
	if (md5ref_test_fault)
		got[0] ^= 1;
	for (which = 0; which < 2; which++) {
		if (md5ref_library(which, block, s->size, want) != 0)
			continue;
		checked++;
		bench_extra(ctx, which ? "checked_gcrypt" : "checked_openssl",
		    1);
		if (memcmp(got, want, sizeof(got)) != 0) {
			md5ref_hex(got, hg);
			md5ref_hex(want, hw);
			return bench_fail(ctx, "MD5 of the block is %s, %s "
			    "says %s", hg, libname[which], hw);
		}
	}
	if (checked == 0) {
		md5ref_pieces(block, s->size, want);
		if (memcmp(got, want, sizeof(got)) != 0) {
			md5ref_hex(got, hg);
			md5ref_hex(want, hw);
			return bench_fail(ctx, "MD5 of the block is %s, in "
			    "pieces %s", hg, hw);
		}
	}
	if (c->id == MD5REF_COLD) {
		bench_extra(ctx, "region_bytes", (double)(s->nblocks *
		    s->stride));
		bench_extra(ctx, "llc_bytes", (double)s->llc);
	}
	bench_sink(s->fold);
	mem_place_note(ctx, &s->blk);
	return 0;
}

static void
md5ref_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	md5ref_state_free(bench_priv(ctx));
	bench_set_priv(ctx, NULL);
}

static const struct bench_param md5ref_params[] = {
	{
		BENCH_PARAM_INT(struct md5ref_params, size),
		.min = 1, .max = MD5REF_SIZE_MAX, .def = "22073",
		.help = "bytes per block (seed 000 hashes 22,073)",
	},
	{
		BENCH_PARAM_INT(struct md5ref_params, region_mib),
		.min = 0, .max = MD5REF_REGION_MAX_MIB, .def = "0",
		.help = "MiB of the cold case's region: 0 = four times the "
		    "last-level cache, within 64 to 1024 MiB",
	},
	{
		BENCH_PARAM_LIST(struct md5ref_params, cases),
		.def = "hot,cold", .choices = "hot|cold",
		.help = "cache-hot block, cache-cold blocks",
	},
	MEM_PARAM_PLACEMENT(struct md5ref_params, placement),
	{ .name = NULL }
};

const struct bench_info bench_md5ref_info = {
	.name = "md5ref",
	.group = "cpu",
	.description = "portable C MD5 (RFC 1321) of a 22,073-byte block, "
	    "cache-hot and cache-cold; B/s and cycles/byte",
	.unit = "B/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = md5ref_params,
	.params_size = sizeof(struct md5ref_params),
	.plan = md5ref_plan,
	.setup = md5ref_setup,
	.run = md5ref_run,
	.verify = md5ref_verify,
	.teardown = md5ref_teardown,
	.classic = mem_classic_placements,
};
