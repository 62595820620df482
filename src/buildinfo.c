/*
 * buildinfo.c - the build identity ("build flag set"): compiler, flags and
 * configure arguments recorded by make, the ABI the compiler really built
 * for (its predefined macros), and the library versions at build time and
 * at run time.
 */
#include "config.h"

#include <elf.h>
#include <jansson.h>
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

static json_t *
macros(void)
{
	json_t *m = json_object();

#define MAC(name, present) json_object_set_new(m, name, present)
#ifdef __ARM_PCS_VFP
	MAC("__ARM_PCS_VFP", json_integer(1));
#endif
#ifdef __SOFTFP__
	MAC("__SOFTFP__", json_integer(1));
#endif
#ifdef __ARM_FP
	MAC("__ARM_FP", json_integer(__ARM_FP));
#endif
#ifdef __ARM_NEON
	MAC("__ARM_NEON", json_integer(1));
#endif
#ifdef __ARM_ARCH
	MAC("__ARM_ARCH", json_integer(__ARM_ARCH));
#endif
#ifdef __aarch64__
	MAC("__aarch64__", json_integer(1));
#endif
#ifdef __thumb2__
	MAC("__thumb2__", json_integer(1));
#endif
#ifdef __OPTIMIZE__
	MAC("__OPTIMIZE__", json_integer(1));
#endif
#ifdef __OPTIMIZE_SIZE__
	MAC("__OPTIMIZE_SIZE__", json_integer(1));
#endif
#ifdef __FAST_MATH__
	MAC("__FAST_MATH__", json_integer(1));
#endif
#ifdef __x86_64__
	MAC("__x86_64__", json_integer(1));
#endif
#undef MAC
	return m;
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
static json_t *
elf_json(void)
{
	json_t *e = json_object(), *attrs, *dis = json_array();
	struct elfattr ea;
	struct abi_macros m;
	char why[200], msg[8][160], cls[8];
	int n, i;

	abi_macros_get(&m);
	json_object_set_new(e, "file", json_string("/proc/self/exe"));
	if (elfattr_read("/proc/self/exe", &ea, why, sizeof(why)) != 0) {
		json_object_set_new(e, "error", json_string(why));
		json_object_set_new(e, "agrees", json_null());
		json_decref(dis);
		return e;
	}
	snprintf(cls, sizeof(cls), "ELF%d", ea.elf_class);
	json_object_set_new(e, "class", json_string(cls));
	json_object_set_new(e, "machine",
	    json_string(elfattr_machine_name(ea.machine)));
	if (ea.machine != EM_ARM) {
		json_object_set_new(e, "attributes", json_string(ea.machine ==
		    EM_AARCH64 ? "none (AArch64 executables carry "
		    "no ARM build attributes)" : "not ARM"));
	} else if (!ea.have_attrs) {
		json_object_set_new(e, "attributes",
		    json_string("no .ARM.attributes section"));
	} else {
		attrs = json_object();
		json_object_set_new(attrs, "Tag_CPU_name",
		    json_string(ea.cpu_name));
		json_object_set_new(attrs, "Tag_CPU_arch",
		    json_string(elfattr_cpu_arch_name(ea.cpu_arch)));
		json_object_set_new(attrs, "Tag_FP_arch",
		    json_string(elfattr_fp_arch_name(ea.fp_arch)));
		json_object_set_new(attrs, "Tag_Advanced_SIMD_arch",
		    json_string(elfattr_simd_name(ea.simd_arch)));
		json_object_set_new(attrs, "Tag_ABI_VFP_args",
		    json_string(elfattr_vfp_args_name(ea.abi_vfp_args)));
		json_object_set_new(e, "attributes", attrs);
	}
	n = elfattr_compare(&ea, &m, msg, (int)ARRAY_SIZE(msg));
	for (i = 0; i < n && i < (int)ARRAY_SIZE(msg); i++)
		json_array_append_new(dis, json_string(msg[i]));
	json_object_set_new(e, "agrees", json_boolean(n == 0));
	json_object_set_new(e, "disagreements", dis);
	n = elfattr_notes(&ea, &m, msg, (int)ARRAY_SIZE(msg));
	if (n > 0) {
		json_t *notes = json_array();

		for (i = 0; i < n && i < (int)ARRAY_SIZE(msg); i++)
			json_array_append_new(notes, json_string(msg[i]));
		json_object_set_new(e, "notes", notes);
	}
	return e;
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

json_t *
buildinfo_json(void)
{
	json_t *b = json_object(), *libs = json_object();
	char ol[16];

	json_object_set_new(b, "tool_version", json_string(PACKAGE_VERSION));
	json_object_set_new(b, "cc", json_string(BB_CC));
	json_object_set_new(b, "cc_version", json_string(BB_CC_VERSION));
	json_object_set_new(b, "cflags", json_string(BB_CFLAGS));
	json_object_set_new(b, "cppflags", json_string(BB_CPPFLAGS));
	json_object_set_new(b, "ldflags", json_string(BB_LDFLAGS));
	json_object_set_new(b, "kernel_cflags", json_string(BB_KERNEL_CFLAGS));
	opt_level(BB_CFLAGS, ol, sizeof(ol));
	json_object_set_new(b, "opt_level", json_string(ol));
	json_object_set_new(b, "configure_args",
	    json_string(BB_CONFIGURE_ARGS));
	json_object_set_new(b, "host", json_string(BB_HOST));
	json_object_set_new(b, "build", json_string(BB_BUILD));
	json_object_set_new(b, "float_abi", json_string(float_abi()));
	json_object_set_new(b, "fpu", json_string(fpu()));
	json_object_set_new(b, "arch", json_string(arch()));
#ifdef __ARM_NEON
	json_object_set_new(b, "neon", json_true());
#else
	json_object_set_new(b, "neon", json_false());
#endif
	json_object_set_new(b, "macros", macros());
	json_object_set_new(b, "elf", elf_json());
#ifdef __GNUC__
	json_object_set_new(b, "compiler_macro_version",
	    json_string(__VERSION__));
#endif

	json_object_set_new(libs, "sqlite", json_string(sqlite3_libversion()));
	json_object_set_new(libs, "sqlite_build",
	    json_string(SQLITE_VERSION));
	json_object_set_new(libs, "jansson", json_string(JANSSON_VERSION));
#ifdef HAVE_GNU_LIBC_VERSION_H
	json_object_set_new(libs, "libc", json_string(gnu_get_libc_version()));
#endif
#ifdef HAVE_OPENSSL
	json_object_set_new(libs, "openssl",
	    json_string(OpenSSL_version(OPENSSL_VERSION)));
	json_object_set_new(libs, "openssl_build",
	    json_string(OPENSSL_VERSION_TEXT));
#else
	json_object_set_new(libs, "openssl", json_string("not built in"));
#endif
#ifdef HAVE_GCRYPT
	json_object_set_new(libs, "libgcrypt",
	    json_string(gcry_check_version(NULL)));
	json_object_set_new(libs, "libgcrypt_build",
	    json_string(GCRYPT_VERSION));
#else
	json_object_set_new(libs, "libgcrypt", json_string("not built in"));
#endif
	json_object_set_new(b, "libraries", libs);
	return b;
}

static const char *
jstr(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "?";
}

void
buildinfo_label(const json_t *b, const char *tag, char *buf, size_t len)
{
	char cc[96];
	const char *v = jstr(b, "cc_version");
	const char *p = strrchr(v, ')');

	/* "gcc (Debian 12.2.0-14) 12.2.0" -> "gcc 12.2.0" */
	if (b == NULL) {
		snprintf(buf, len, "%s%s%sunknown build", tag && *tag ? "[" : "",
		    tag && *tag ? tag : "", tag && *tag ? "] " : "");
		return;
	}
	snprintf(cc, sizeof(cc), "%.*s%s", (int)strcspn(v, " "), v,
	    p ? p + 1 : "");
	snprintf(buf, len, "%s%s%s%s %s | %s | float %s, fpu %s | %s",
	    tag && *tag ? "[" : "", tag && *tag ? tag : "",
	    tag && *tag ? "] " : "", cc, jstr(b, "opt_level"),
	    jstr(b, "arch"), jstr(b, "float_abi"), jstr(b, "fpu"),
	    jstr(b, "cflags"));
}
