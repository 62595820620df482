/*
 * elfattr.c - the ELF header and the ARM build attributes of an
 * executable, and their agreement with the compiler's macros.  The format
 * is the "Addenda to, and Errata in, the ABI for the Arm Architecture"
 * build attributes: 'A', then per vendor a length-prefixed subsection whose
 * "aeabi" file-scope list holds (ULEB128 tag, ULEB128 or string value)
 * pairs.
 */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elfattr.h"
#include "util.h"

#ifndef SHT_ARM_ATTRIBUTES
#define SHT_ARM_ATTRIBUTES 0x70000003
#endif
#define MAX_SECTION (64 * 1024)

#define TAG_FILE		1
#define TAG_CPU_NAME		5
#define TAG_CPU_ARCH		6
#define TAG_CPU_ARCH_PROFILE	7
#define TAG_FP_ARCH		10
#define TAG_SIMD_ARCH		12
#define TAG_ABI_VFP_ARGS	28
#define TAG_COMPATIBILITY	32

static const char *const cpu_arch_names[] = {
	"pre-v4", "v4", "v4T", "v5T", "v5TE", "v5TEJ", "v6", "v6KZ", "v6T2",
	"v6K", "v7", "v6-M", "v6S-M", "v7E-M", "v8-A", "v8-R",
	"v8-M.baseline", "v8-M.mainline", "v8.1-A", "v8.2-A", "v8.3-A",
	"v8.1-M.mainline", "v9-A",
};
static const int cpu_arch_major[] = {
	3, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 6, 6, 7, 8, 8, 8, 8, 8, 8, 8, 8, 9,
};
static const char *const fp_arch_names[] = {
	"none", "VFPv1", "VFPv2", "VFPv3", "VFPv3-D16", "VFPv4", "VFPv4-D16",
	"FP-ARMv8", "FP-ARMv8-D16",
};
static const char *const simd_names[] = {
	"none", "NEONv1", "NEONv1 with FMA", "NEON for ARMv8",
	"NEON for ARMv8.1",
};
static const char *const vfp_args_names[] = {
	"integer registers (soft/softfp)", "VFP registers (hard)",
	"toolchain-specific", "no float arguments",
};

#define NAME_OF(tab, v) \
	((v) >= 0 && (size_t)(v) < ARRAY_SIZE(tab) ? (tab)[v] : "unknown")

const char *
elfattr_cpu_arch_name(int v)
{
	return NAME_OF(cpu_arch_names, v);
}

const char *
elfattr_fp_arch_name(int v)
{
	return NAME_OF(fp_arch_names, v);
}

const char *
elfattr_simd_name(int v)
{
	return NAME_OF(simd_names, v);
}

const char *
elfattr_vfp_args_name(int v)
{
	return NAME_OF(vfp_args_names, v);
}

int
elfattr_arch_major(int v)
{
	return v >= 0 && (size_t)v < ARRAY_SIZE(cpu_arch_major) ?
	    cpu_arch_major[v] : 0;
}

const char *
elfattr_machine_name(int machine)
{
	switch (machine) {
	case EM_ARM: return "ARM";
	case EM_AARCH64: return "AArch64";
	case EM_X86_64: return "x86-64";
	case EM_386: return "i386";
	case EM_RISCV: return "RISC-V";
	case EM_PPC64: return "PowerPC64";
	case EM_MIPS: return "MIPS";
	default: return "other";
	}
}

/* One ULEB128 at *pos, not past end; -1 when it runs off the end. */
static int
uleb(const unsigned char *p, size_t end, size_t *pos, uint64_t *out)
{
	uint64_t v = 0;
	unsigned shift = 0;

	while (*pos < end) {
		unsigned char b = p[(*pos)++];

		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80)) {
			*out = v;
			return 0;
		}
	}
	return -1;
}

/* A NUL-terminated string at *pos inside [*pos, end); -1 if unterminated. */
static int
ntbs(const unsigned char *p, size_t end, size_t *pos, const char **out)
{
	const unsigned char *nul = memchr(p + *pos, 0, end - *pos);

	if (nul == NULL)
		return -1;
	*out = (const char *)p + *pos;
	*pos = (size_t)(nul - p) + 1;
	return 0;
}

static uint32_t
le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

/*
 * A file-scope attribute list.  Tags below 32 are numbers except the two
 * CPU names; from 32 on, odd tags are strings and even tags numbers,
 * except Tag_compatibility, which is a number and a string.
 */
static int
parse_list(const unsigned char *p, size_t pos, size_t end, struct elfattr *ea)
{
	uint64_t tag, v;
	const char *s;

	while (pos < end) {
		if (uleb(p, end, &pos, &tag) != 0)
			return -1;
		if (tag == TAG_CPU_NAME || tag == 4 ||
		    (tag > TAG_COMPATIBILITY && (tag & 1))) {
			if (ntbs(p, end, &pos, &s) != 0)
				return -1;
			if (tag == TAG_CPU_NAME)
				strlcpy_bb(ea->cpu_name, s,
				    sizeof(ea->cpu_name));
			continue;
		}
		if (uleb(p, end, &pos, &v) != 0)
			return -1;
		if (tag == TAG_COMPATIBILITY && ntbs(p, end, &pos, &s) != 0)
			return -1;
		if (v > 0x7fffffff)
			v = 0x7fffffff;
		switch (tag) {
		case TAG_CPU_ARCH:
			ea->cpu_arch = (int)v;
			break;
		case TAG_CPU_ARCH_PROFILE:
			ea->cpu_arch_profile = (int)v;
			break;
		case TAG_FP_ARCH:
			ea->fp_arch = (int)v;
			break;
		case TAG_SIMD_ARCH:
			ea->simd_arch = (int)v;
			break;
		case TAG_ABI_VFP_ARGS:
			ea->abi_vfp_args = (int)v;
			break;
		}
	}
	return 0;
}

int
elfattr_parse(const unsigned char *p, size_t n, struct elfattr *ea)
{
	size_t off = 1, sub_end, q, vend;
	const char *vendor;
	uint32_t len, slen;

	ea->have_attrs = 0;
	if (n < 1 || p[0] != 'A')
		return -1;
	while (off < n) {
		if (n - off < 4)
			return -1;
		len = le32(p + off);
		if (len < 5 || len > n - off)
			return -1;
		sub_end = off + len;
		q = off + 4;
		if (ntbs(p, sub_end, &q, &vendor) != 0)
			return -1;
		while (strcmp(vendor, "aeabi") == 0 && q < sub_end) {
			if (sub_end - q < 5)
				return -1;
			slen = le32(p + q + 1);
			if (slen < 5 || slen > sub_end - q)
				return -1;
			vend = q + slen;
			if (p[q] == TAG_FILE) {
				if (parse_list(p, q + 5, vend, ea) != 0)
					return -1;
				ea->have_attrs = 1;
			}
			q = vend;
		}
		off = sub_end;
	}
	return 0;
}

/* pread the whole range or fail. */
static int
read_at(int fd, void *buf, size_t len, uint64_t off)
{
	size_t got = 0;
	ssize_t r;

	while (got < len) {
		r = pread(fd, (char *)buf + got, len - got,
		    (off_t)(off + got));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

/* Find the attributes section of a file of our own byte order. */
static int
read_sections(int fd, const unsigned char *ident, struct elfattr *ea,
    char *why, size_t len)
{
	uint64_t shoff, off = 0, size = 0;
	unsigned shnum, shentsize, i;
	unsigned char *sec;
	int found = 0, rc;

	if (ident[EI_CLASS] == ELFCLASS32) {
		Elf32_Ehdr eh;
		Elf32_Shdr sh;

		if (read_at(fd, &eh, sizeof(eh), 0) != 0)
			goto short_file;
		ea->machine = eh.e_machine;
		shoff = eh.e_shoff;
		shnum = eh.e_shnum;
		shentsize = eh.e_shentsize;
		for (i = 0; i < shnum && shentsize >= sizeof(sh); i++) {
			if (read_at(fd, &sh, sizeof(sh), shoff +
			    (uint64_t)i * shentsize) != 0)
				goto short_file;
			if (sh.sh_type == SHT_ARM_ATTRIBUTES) {
				off = sh.sh_offset;
				size = sh.sh_size;
				found = 1;
				break;
			}
		}
	} else {
		Elf64_Ehdr eh;
		Elf64_Shdr sh;

		if (read_at(fd, &eh, sizeof(eh), 0) != 0)
			goto short_file;
		ea->machine = eh.e_machine;
		shoff = eh.e_shoff;
		shnum = eh.e_shnum;
		shentsize = eh.e_shentsize;
		/* SHT_ARM_ATTRIBUTES only means that on EM_ARM */
		for (i = 0; eh.e_machine == EM_ARM && i < shnum &&
		    shentsize >= sizeof(sh); i++) {
			if (read_at(fd, &sh, sizeof(sh), shoff +
			    (uint64_t)i * shentsize) != 0)
				goto short_file;
			if (sh.sh_type == SHT_ARM_ATTRIBUTES) {
				off = sh.sh_offset;
				size = sh.sh_size;
				found = 1;
				break;
			}
		}
	}
	if (!found || ea->machine != EM_ARM)
		return 0;
	if (size == 0 || size > MAX_SECTION) {
		snprintf(why, len, "attributes section of %llu bytes",
		    (unsigned long long)size);
		return -1;
	}
	sec = xmalloc((size_t)size);
	rc = read_at(fd, sec, (size_t)size, off);
	if (rc == 0)
		rc = elfattr_parse(sec, (size_t)size, ea);
	free(sec);
	if (rc != 0)
		snprintf(why, len, "malformed .ARM.attributes section");
	return rc;
short_file:
	snprintf(why, len, "truncated ELF file");
	return -1;
}

int
elfattr_read(const char *path, struct elfattr *ea, char *why, size_t len)
{
	unsigned char ident[EI_NIDENT];
	int fd, rc;

	memset(ea, 0, sizeof(*ea));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, len, "cannot open '%s': %s", path,
		    strerror(errno));
		return -1;
	}
	if (read_at(fd, ident, sizeof(ident), 0) != 0 ||
	    memcmp(ident, ELFMAG, SELFMAG) != 0) {
		snprintf(why, len, "'%s' is not an ELF file", path);
		close(fd);
		return -1;
	}
	if (ident[EI_CLASS] != ELFCLASS32 && ident[EI_CLASS] != ELFCLASS64) {
		snprintf(why, len, "unknown ELF class %d", ident[EI_CLASS]);
		close(fd);
		return -1;
	}
	ea->elf_class = ident[EI_CLASS] == ELFCLASS32 ? 32 : 64;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (ident[EI_DATA] != ELFDATA2LSB) {
#else
	if (ident[EI_DATA] != ELFDATA2MSB) {
#endif
		snprintf(why, len, "ELF byte order differs from this build");
		close(fd);
		return -1;
	}
	rc = read_sections(fd, ident, ea, why, len);
	close(fd);
	return rc;
}

static int
add_msg(char msg[][160], int max, int n, const char *what, const char *mac,
    const char *elf)
{
	if (n < max)
		snprintf(msg[n], 160, "%.20s: the compiler says %.40s, the "
		    "executable says %.40s", what, mac, elf);
	return n + 1;
}

int
elfattr_compare(const struct elfattr *ea, const struct abi_macros *m,
    char msg[][160], int max)
{
	int n = 0, want_machine;
	char a[64], b[64];

	want_machine = m->arm32 ? EM_ARM : m->aarch64 ? EM_AARCH64 :
	    m->x86_64 ? EM_X86_64 : 0;
	if (want_machine != 0 && ea->machine != want_machine) {
		n = add_msg(msg, max, n, "machine",
		    elfattr_machine_name(want_machine),
		    elfattr_machine_name(ea->machine));
		return n;
	}
	if (!m->arm32 || !ea->have_attrs)
		return n;
	/* float ABI: 3 ("no float arguments") fits either */
	if (ea->abi_vfp_args != 3 && (ea->abi_vfp_args == 1) != !!m->pcs_vfp)
		n = add_msg(msg, max, n, "float ABI",
		    m->pcs_vfp ? "hard" : m->softfp ? "soft" : "softfp",
		    elfattr_vfp_args_name(ea->abi_vfp_args));
	if ((ea->fp_arch != 0) != (m->fp != 0)) {
		snprintf(a, sizeof(a), m->fp ? "an FPU (__ARM_FP=%d)" :
		    "no FPU", m->fp);
		n = add_msg(msg, max, n, "FPU", a,
		    elfattr_fp_arch_name(ea->fp_arch));
	}
	if ((ea->simd_arch != 0) != !!m->neon)
		n = add_msg(msg, max, n, "NEON", m->neon ? "NEON" : "no NEON",
		    elfattr_simd_name(ea->simd_arch));
	/*
	 * The linker keeps the highest architecture of all linked objects:
	 * a higher one than the code was compiled for comes from a library
	 * member (libatomic in a static armel build), see elfattr_notes.
	 */
	if (m->arch != 0 && elfattr_arch_major(ea->cpu_arch) < m->arch) {
		snprintf(a, sizeof(a), "ARMv%d", m->arch);
		snprintf(b, sizeof(b), "%s", elfattr_cpu_arch_name(
		    ea->cpu_arch));
		n = add_msg(msg, max, n, "architecture", a, b);
	}
	return n;
}

int
elfattr_notes(const struct elfattr *ea, const struct abi_macros *m,
    char msg[][160], int max)
{
	int n = 0;

	if (!m->arm32 || !ea->have_attrs || ea->machine != EM_ARM ||
	    m->arch == 0 || elfattr_arch_major(ea->cpu_arch) <= m->arch)
		return 0;
	if (n < max)
		snprintf(msg[n], 160, "architecture: the executable says %s "
		    "but the code is ARMv%d: a linked library object (e.g. "
		    "libatomic, static) carries %s", elfattr_cpu_arch_name(
		    ea->cpu_arch), m->arch, elfattr_cpu_arch_name(
		    ea->cpu_arch));
	return n + 1;
}
