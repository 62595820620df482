/*
 * elfattr.h - what the running executable says it was built for: its ELF
 * machine and, on 32-bit ARM, the build attributes the compiler and the
 * linker merged into its .ARM.attributes section (float ABI, FPU, NEON,
 * architecture).  Checked against the compiler's macros, which describe
 * one translation unit, while the attributes describe the linked whole.
 */
#ifndef BOARDBENCH_ELFATTR_H
#define BOARDBENCH_ELFATTR_H

#include <stddef.h>

struct elfattr {
	int machine;		/* e_machine (EM_ARM, EM_AARCH64, ...) */
	int elf_class;		/* 32 or 64 */
	int have_attrs;		/* an "aeabi" file attribute list was found */
	/* attribute values; an absent tag reads 0 as the ABI says */
	int cpu_arch;		/* Tag_CPU_arch (6) */
	int cpu_arch_profile;	/* Tag_CPU_arch_profile (7): 'A', 'R', 'M' */
	int fp_arch;		/* Tag_FP_arch (10) */
	int simd_arch;		/* Tag_Advanced_SIMD_arch (12) */
	int abi_vfp_args;	/* Tag_ABI_VFP_args (28) */
	char cpu_name[64];	/* Tag_CPU_name (5) */
};

/* What the compiler's predefined macros said (filled by buildinfo.c). */
struct abi_macros {
	int arm32, aarch64, x86_64;
	int pcs_vfp;		/* __ARM_PCS_VFP */
	int softfp;		/* __SOFTFP__ */
	int fp;			/* __ARM_FP, 0 when undefined */
	int neon;		/* __ARM_NEON */
	int arch;		/* __ARM_ARCH, 0 when undefined */
};

/*
 * Read path (normally "/proc/self/exe").  0 on success; -1 with why
 * filled when the file is not a readable ELF file of this byte order.
 */
int elfattr_read(const char *path, struct elfattr *ea, char *why,
    size_t len);

/*
 * Parse the contents of a .ARM.attributes section into ea; 0 on success,
 * -1 when malformed.  Exposed for the unit tests.
 */
int elfattr_parse(const unsigned char *p, size_t n, struct elfattr *ea);

/* Names for people: "ARM", "v7", "VFPv3-D16", "NEONv1", "VFP registers". */
const char *elfattr_machine_name(int machine);
const char *elfattr_cpu_arch_name(int v);
const char *elfattr_fp_arch_name(int v);
const char *elfattr_simd_name(int v);
const char *elfattr_vfp_args_name(int v);
/* The architecture's major number (7 for v7 and v7E-M); 0 if unknown. */
int elfattr_arch_major(int cpu_arch);

/*
 * Compare the macros with the executable.  Writes up to max messages
 * ("float ABI: the compiler says hard, the executable says ...") and
 * returns how many disagreements there are.
 */
/* The ABI facts of this build's compiler macros (src/identity/buildinfo.c). */
void abi_macros_get(struct abi_macros *m);

int elfattr_compare(const struct elfattr *ea, const struct abi_macros *m,
    char msg[][160], int max);

/*
 * What the executable carries beyond the compiled code without the build
 * being wrong: an architecture above the compiler's comes from a linked
 * library member (the linker keeps the highest of all objects; in a
 * static armel build libatomic's objects say v7).  Writes up to max
 * one-line notes and returns how many there are.
 */
int elfattr_notes(const struct elfattr *ea, const struct abi_macros *m,
    char msg[][160], int max);

#endif
