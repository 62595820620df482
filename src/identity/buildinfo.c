/*
 * buildinfo.c - the build identity ("build flag set"): compiler, flags and
 * configure arguments recorded by make, the ABI the compiler really built
 * for (its predefined macros), and the library versions at build time and
 * at run time.
 */
#include "config.h"

#include <elf.h>
#include <jansson.h>
#include <stdlib.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#ifdef HAVE_GNU_LIBC_VERSION_H
#include <gnu/libc-version.h>
#endif
#ifdef HAVE_OPENSSL
#include <openssl/crypto.h>
#include <openssl/opensslv.h>
#endif
#ifdef HAVE_GCRYPT
#include <gcrypt.h>
#endif

#include "buildinfo-gen.h"
#include "elfattr.h"
#include "buildinfo.h"
#include "util.h"

#define STR_(x) #x
#define STR(x) STR_(x)

/* The float ABI this translation unit was compiled for. */
static const char *
float_abi(void)
{
#if defined(__aarch64__)
	return "hard (aarch64)";
#elif defined(__arm__) && defined(__ARM_PCS_VFP)
	return "hard";
#elif defined(__arm__) && defined(__SOFTFP__)
	return "soft";
#elif defined(__arm__)
	return "softfp";
#else
	return "native";
#endif
}

static const char *
fpu(void)
{
#if defined(__aarch64__)
	return "fp+simd";
#elif defined(__arm__) && defined(__ARM_FP)
#  if defined(__ARM_NEON)
	return (__ARM_FP & 8) ? "neon (fp64)" : "neon";
#  elif (__ARM_FP & 8) && defined(__ARM_VFPV4__)
	return "vfpv4";
#  elif (__ARM_FP & 8) && defined(__ARM_VFPV3__)
	return "vfpv3";
#  elif (__ARM_FP & 8)
	return "vfp (fp64)";
#  else
	return "vfp (fp32)";
#  endif
#elif defined(__arm__)
	return "none";
#elif defined(__x86_64__) && defined(__AVX2__)
	return "sse2+avx2";
#elif defined(__x86_64__)
	return "sse2";
#else
	return "unknown";
#endif
}

static const char *
arch(void)
{
#if defined(__aarch64__)
	return "aarch64 (armv" STR(__ARM_ARCH) ")";
#elif defined(__arm__) && defined(__ARM_ARCH)
#  if defined(__thumb2__)
	return "arm (armv" STR(__ARM_ARCH) ", thumb-2)";
#  else
	return "arm (armv" STR(__ARM_ARCH) ")";
#  endif
#elif defined(__x86_64__)
	return "x86_64";
#elif defined(__i386__)
	return "i386";
#else
	return "unknown";
#endif
}

static char *
sdup(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

static void
add_macro(struct build_info *bi, const char *name, long long v)
{
	if (bi->nmacros < BI_MAX_ITEMS) {
		bi->macros[bi->nmacros].name = xstrdup(name);
		bi->macros[bi->nmacros++].value = v;
	}
}

static void
add_library(struct build_info *bi, const char *name, const char *version)
{
	if (bi->nlibraries < BI_MAX_ITEMS) {
		bi->libraries[bi->nlibraries].name = xstrdup(name);
		bi->libraries[bi->nlibraries++].version = sdup(version);
	}
}

static void
macros(struct build_info *bi)
{

#define MAC(name, v) add_macro(bi, name, v)
#ifdef __ARM_PCS_VFP
	MAC("__ARM_PCS_VFP", 1);
#endif
#ifdef __SOFTFP__
	MAC("__SOFTFP__", 1);
#endif
#ifdef __ARM_FP
	MAC("__ARM_FP", __ARM_FP);
#endif
#ifdef __ARM_NEON
	MAC("__ARM_NEON", 1);
#endif
#ifdef __ARM_ARCH
	MAC("__ARM_ARCH", __ARM_ARCH);
#endif
#ifdef __aarch64__
	MAC("__aarch64__", 1);
#endif
#ifdef __thumb2__
	MAC("__thumb2__", 1);
#endif
#ifdef __OPTIMIZE__
	MAC("__OPTIMIZE__", 1);
#endif
#ifdef __OPTIMIZE_SIZE__
	MAC("__OPTIMIZE_SIZE__", 1);
#endif
#ifdef __FAST_MATH__
	MAC("__FAST_MATH__", 1);
#endif
#ifdef __x86_64__
	MAC("__x86_64__", 1);
#endif
#undef MAC
}

/* The ABI facts of the macros, for comparing with the executable. */
void
abi_macros_get(struct abi_macros *m)
{
	memset(m, 0, sizeof(*m));
#if defined(__arm__)
	m->arm32 = 1;
#endif
#if defined(__aarch64__)
	m->aarch64 = 1;
#endif
#if defined(__x86_64__)
	m->x86_64 = 1;
#endif
#ifdef __ARM_PCS_VFP
	m->pcs_vfp = 1;
#endif
#ifdef __SOFTFP__
	m->softfp = 1;
#endif
#ifdef __ARM_FP
	m->fp = __ARM_FP;
#endif
#ifdef __ARM_NEON
	m->neon = 1;
#endif
#ifdef __ARM_ARCH
	m->arch = __ARM_ARCH;
#endif
}

/*
 * The running executable's ELF machine and ARM build attributes, and
 * whether they agree with the macros this file was compiled with.
 */
static void
elf_fill(struct bi_elf *e)
{
	struct elfattr ea;
	struct abi_macros m;
	char why[200], msg[BI_MAX_MSGS][160], cls[8];
	int n, i;

	abi_macros_get(&m);
	e->file = xstrdup("/proc/self/exe");
	e->agrees = -1;
	if (elfattr_read("/proc/self/exe", &ea, why, sizeof(why)) != 0) {
		e->error = xstrdup(why);
		return;
	}
	snprintf(cls, sizeof(cls), "ELF%d", ea.elf_class);
	e->elf_class = xstrdup(cls);
	e->machine = xstrdup(elfattr_machine_name(ea.machine));
	if (ea.machine != EM_ARM) {
		e->attributes = xstrdup(ea.machine == EM_AARCH64 ? "none "
		    "(AArch64 executables carry no ARM build attributes)" :
		    "not ARM");
	} else if (!ea.have_attrs) {
		e->attributes = xstrdup("no .ARM.attributes section");
	} else {
		e->cpu_name = xstrdup(ea.cpu_name);
		e->cpu_arch = xstrdup(elfattr_cpu_arch_name(ea.cpu_arch));
		e->fp_arch = xstrdup(elfattr_fp_arch_name(ea.fp_arch));
		e->simd_arch = xstrdup(elfattr_simd_name(ea.simd_arch));
		e->vfp_args = xstrdup(elfattr_vfp_args_name(ea.abi_vfp_args));
	}
	n = elfattr_compare(&ea, &m, msg, BI_MAX_MSGS);
	for (i = 0; i < n && i < BI_MAX_MSGS; i++)
		e->disagreements[e->ndisagreements++] = xstrdup(msg[i]);
	e->agrees = n == 0;
	n = elfattr_notes(&ea, &m, msg, BI_MAX_MSGS);
	for (i = 0; i < n && i < BI_MAX_MSGS; i++)
		e->notes[e->nnotes++] = xstrdup(msg[i]);
}

/* The -O level found in CFLAGS, else "-O?" (the compiler default). */
static void
opt_level(const char *cflags, char *buf, size_t len)
{
	const char *p, *last = NULL;

	for (p = cflags; (p = strstr(p, "-O")) != NULL; p += 2)
		if (p == cflags || p[-1] == ' ')
			last = p;
	if (last == NULL) {
		strlcpy_bb(buf, "-O0", len);
		return;
	}
	snprintf(buf, len, "%.*s", (int)strcspn(last, " "), last);
}

void
buildinfo_init(struct build_info *bi)
{
	memset(bi, 0, sizeof(*bi));
	bi->neon = -1;
	bi->elf.agrees = -1;
}

void
buildinfo_get(struct build_info *bi)
{
	char ol[16];

	buildinfo_init(bi);
	bi->tool_version = xstrdup(PACKAGE_VERSION);
	bi->cc = xstrdup(BB_CC);
	bi->cc_version = xstrdup(BB_CC_VERSION);
	bi->cflags = xstrdup(BB_CFLAGS);
	bi->cppflags = xstrdup(BB_CPPFLAGS);
	bi->ldflags = xstrdup(BB_LDFLAGS);
	bi->kernel_cflags = xstrdup(BB_KERNEL_CFLAGS);
	opt_level(BB_CFLAGS, ol, sizeof(ol));
	bi->opt_level = xstrdup(ol);
	/* autoconf's ac_configure_args begins with a space */
	bi->configure_args = xstrdup(&BB_CONFIGURE_ARGS[
	    strspn(BB_CONFIGURE_ARGS, " ")]);
	bi->host = xstrdup(BB_HOST);
	bi->build = xstrdup(BB_BUILD);
	bi->float_abi = xstrdup(float_abi());
	bi->fpu = xstrdup(fpu());
	bi->arch = xstrdup(arch());
#ifdef __ARM_NEON
	bi->neon = 1;
#else
	bi->neon = 0;
#endif
	macros(bi);
	bi->have_elf = 1;
	elf_fill(&bi->elf);
#ifdef __GNUC__
	bi->compiler_macro_version = xstrdup(__VERSION__);
#endif
	add_library(bi, "sqlite", sqlite3_libversion());
	add_library(bi, "sqlite_build", SQLITE_VERSION);
	add_library(bi, "jansson", JANSSON_VERSION);
#ifdef HAVE_GNU_LIBC_VERSION_H
	add_library(bi, "libc", gnu_get_libc_version());
#endif
#ifdef HAVE_OPENSSL
	add_library(bi, "openssl", OpenSSL_version(OPENSSL_VERSION));
	add_library(bi, "openssl_build", OPENSSL_VERSION_TEXT);
#else
	add_library(bi, "openssl", "not built in");
#endif
#ifdef HAVE_GCRYPT
	add_library(bi, "libgcrypt", gcry_check_version(NULL));
	add_library(bi, "libgcrypt_build", GCRYPT_VERSION);
#else
	add_library(bi, "libgcrypt", "not built in");
#endif
}

long long
buildinfo_source_epoch(void)
{
	return BB_SOURCE_EPOCH;
}

void
buildinfo_release(struct build_info *bi)
{
	char **str[] = {
		&bi->tool_version, &bi->cc, &bi->cc_version, &bi->cflags,
		&bi->cppflags, &bi->ldflags, &bi->kernel_cflags,
		&bi->opt_level, &bi->configure_args, &bi->host, &bi->build,
		&bi->float_abi, &bi->fpu, &bi->arch,
		&bi->compiler_macro_version, &bi->elf.file, &bi->elf.error,
		&bi->elf.elf_class, &bi->elf.machine, &bi->elf.attributes,
		&bi->elf.cpu_name, &bi->elf.cpu_arch, &bi->elf.fp_arch,
		&bi->elf.simd_arch, &bi->elf.vfp_args,
	};
	size_t i;
	int k;

	for (i = 0; i < ARRAY_SIZE(str); i++)
		free(*str[i]);
	for (k = 0; k < bi->nmacros; k++)
		free(bi->macros[k].name);
	for (k = 0; k < bi->nlibraries; k++) {
		free(bi->libraries[k].name);
		free(bi->libraries[k].version);
	}
	for (k = 0; k < bi->elf.ndisagreements; k++)
		free(bi->elf.disagreements[k]);
	for (k = 0; k < bi->elf.nnotes; k++)
		free(bi->elf.notes[k]);
	buildinfo_init(bi);
}
