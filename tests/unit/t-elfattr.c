/*
 * t-elfattr.c - ARM build attributes: a section as GCC writes it for
 * -march=armv8-a -mfpu=crypto-neon-fp-armv8 -mfloat-abi=hard, a synthetic
 * ELF32 file holding it, malformed sections, the comparison with the
 * compiler's macros, and this test's own executable.
 */
#include "config.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elfattr.h"
#include "tap.h"
#include "util.h"

/* 'A', one "aeabi" subsection, one file-scope list (arm-linux-gnueabihf-gcc). */
static const unsigned char v8_hard[] = {
	0x41, 0x38, 0x00, 0x00, 0x00, 'a', 'e', 'a', 'b', 'i', 0x00,
	0x01, 0x2e, 0x00, 0x00, 0x00,
	0x05, '8', '-', 'A', 0x00,		/* Tag_CPU_name "8-A" */
	0x06, 0x0e,				/* Tag_CPU_arch v8 */
	0x07, 0x41,				/* profile 'A' */
	0x08, 0x01, 0x09, 0x02,			/* ARM, Thumb-2 */
	0x0a, 0x07,				/* Tag_FP_arch FP-ARMv8 */
	0x0c, 0x03,				/* Tag_Advanced_SIMD_arch */
	0x12, 0x04, 0x14, 0x01, 0x15, 0x01, 0x17, 0x03, 0x18, 0x01,
	0x19, 0x01, 0x1a, 0x02,
	0x1c, 0x01,				/* Tag_ABI_VFP_args: VFP */
	0x1e, 0x06, 0x22, 0x01, 0x2a, 0x01, 0x44, 0x03,
};

/* Write an ELF32 ARM file whose only section is the attributes. */
static void
write_elf(const char *path, const unsigned char *attrs, size_t n)
{
	Elf32_Ehdr eh;
	Elf32_Shdr sh[2];
	FILE *fp = fopen(path, "wb");

	memset(&eh, 0, sizeof(eh));
	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS32;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	eh.e_type = ET_EXEC;
	eh.e_machine = EM_ARM;
	eh.e_version = EV_CURRENT;
	eh.e_ehsize = sizeof(eh);
	eh.e_shentsize = sizeof(Elf32_Shdr);
	eh.e_shnum = 2;
	eh.e_shoff = (Elf32_Off)(sizeof(eh) + n);
	memset(sh, 0, sizeof(sh));
	sh[1].sh_type = 0x70000003;	/* SHT_ARM_ATTRIBUTES */
	sh[1].sh_offset = sizeof(eh);
	sh[1].sh_size = (Elf32_Word)n;
	fwrite(&eh, sizeof(eh), 1, fp);
	fwrite(attrs, 1, n, fp);
	fwrite(sh, sizeof(sh), 1, fp);
	fclose(fp);
}

static void
test_parse(void)
{
	struct elfattr ea;
	unsigned char bad[sizeof(v8_hard)];

	memset(&ea, 0, sizeof(ea));
	ok(elfattr_parse(v8_hard, sizeof(v8_hard), &ea) == 0, "parse GCC's "
	    "section");
	ok(ea.have_attrs, "found the file attributes");
	is_str(ea.cpu_name, "8-A", "Tag_CPU_name");
	is_str(elfattr_cpu_arch_name(ea.cpu_arch), "v8-A", "Tag_CPU_arch");
	is_int(elfattr_arch_major(ea.cpu_arch), 8, "major architecture 8");
	is_str(elfattr_fp_arch_name(ea.fp_arch), "FP-ARMv8", "Tag_FP_arch");
	is_str(elfattr_simd_name(ea.simd_arch), "NEON for ARMv8",
	    "Tag_Advanced_SIMD_arch");
	is_str(elfattr_vfp_args_name(ea.abi_vfp_args), "VFP registers (hard)",
	    "Tag_ABI_VFP_args");
	is_int(ea.cpu_arch_profile, 'A', "profile A");

	memset(&ea, 0, sizeof(ea));
	ok(elfattr_parse(v8_hard, 20, &ea) == -1, "a truncated section is "
	    "refused");
	memcpy(bad, v8_hard, sizeof(bad));
	bad[1] = 0xff;
	ok(elfattr_parse(bad, sizeof(bad), &ea) == -1, "a length past the end "
	    "is refused");
	bad[0] = 'B';
	ok(elfattr_parse(bad, sizeof(bad), &ea) == -1, "a wrong format "
	    "version is refused");
	memcpy(bad, v8_hard, sizeof(bad));
	bad[sizeof(bad) - 1] = 0x83;	/* ULEB128 that never ends */
	ok(elfattr_parse(bad, sizeof(bad), &ea) == -1, "an unterminated "
	    "number is refused");
	memcpy(bad, v8_hard, sizeof(bad));
	bad[5] = 'x';			/* another vendor: skipped */
	memset(&ea, 0, sizeof(ea));
	ok(elfattr_parse(bad, sizeof(bad), &ea) == 0 && !ea.have_attrs,
	    "another vendor's subsection is skipped");
}

static void
test_file(void)
{
	char path[1024], why[200];
	struct elfattr ea;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/arm.elf", tap_tmpdir());
	write_elf(path, v8_hard, sizeof(v8_hard));
	ok(elfattr_read(path, &ea, why, sizeof(why)) == 0, "read a synthetic "
	    "ELF32 ARM file");
	is_int(ea.machine, EM_ARM, "machine ARM");
	is_int(ea.elf_class, 32, "ELF32");
	ok(ea.have_attrs && ea.simd_arch == 3 && ea.abi_vfp_args == 1,
	    "its attributes");
	snprintf(path, sizeof(path), "%s/text", tap_tmpdir());
	fp = fopen(path, "w");
	fputs("not an executable\n", fp);
	fclose(fp);
	ok(elfattr_read(path, &ea, why, sizeof(why)) == -1 &&
	    strstr(why, "not an ELF file") != NULL, "a text file: %s", why);
	ok(elfattr_read("/nonexistent/exe", &ea, why, sizeof(why)) == -1,
	    "a missing file");
}

static void
test_compare(void)
{
	struct elfattr ea;
	struct abi_macros m;
	char msg[8][160];

	memset(&ea, 0, sizeof(ea));
	elfattr_parse(v8_hard, sizeof(v8_hard), &ea);
	ea.machine = EM_ARM;
	memset(&m, 0, sizeof(m));
	m.arm32 = 1;
	m.pcs_vfp = 1;
	m.fp = 14;
	m.neon = 1;
	m.arch = 8;
	is_int(elfattr_compare(&ea, &m, msg, 8), 0, "hard, NEON, v8 agree");
	m.pcs_vfp = 0;
	is_int(elfattr_compare(&ea, &m, msg, 8), 1, "softfp macros vs a hard "
	    "executable");
	ok(strstr(msg[0], "float ABI") != NULL, "names the float ABI: %s",
	    msg[0]);
	m.pcs_vfp = 1;
	m.neon = 0;
	m.arch = 7;
	is_int(elfattr_compare(&ea, &m, msg, 8), 1, "NEON disagrees; v8 in "
	    "the executable over ARMv7 code is no disagreement");
	ok(strstr(msg[0], "NEON") != NULL, "NEON is named");
	is_int(elfattr_notes(&ea, &m, msg, 8), 1, "the higher architecture "
	    "is a note");
	ok(strstr(msg[0], "library") != NULL && strstr(msg[0], "v8") != NULL,
	    "naming a library object: %s", msg[0]);
	m.arch = 9;
	is_int(elfattr_compare(&ea, &m, msg, 8), 2, "a lower architecture in "
	    "the executable than the code is a disagreement");
	ok(strstr(msg[1], "ARMv9") != NULL, "and is named");
	is_int(elfattr_notes(&ea, &m, msg, 8), 0, "and no note");
	memset(&m, 0, sizeof(m));
	m.arm32 = 1;
	m.softfp = 1;
	m.arch = 8;
	is_int(elfattr_compare(&ea, &m, msg, 1), 3, "a soft-float build "
	    "against a hard executable: three (one message kept)");
	memset(&m, 0, sizeof(m));
	m.x86_64 = 1;
	is_int(elfattr_compare(&ea, &m, msg, 8), 1, "an x86-64 build reading "
	    "an ARM executable");
	ok(strstr(msg[0], "machine") != NULL, "says machine");
}

static void
test_self(void)
{
	struct elfattr ea;
	struct abi_macros m;
	char why[200], msg[8][160];

	ok(elfattr_read("/proc/self/exe", &ea, why, sizeof(why)) == 0,
	    "read /proc/self/exe");
	abi_macros_get(&m);
#if defined(__x86_64__)
	is_int(ea.machine, EM_X86_64, "this test is x86-64");
#elif defined(__aarch64__)
	is_int(ea.machine, EM_AARCH64, "this test is AArch64");
#elif defined(__arm__)
	is_int(ea.machine, EM_ARM, "this test is ARM");
	ok(ea.have_attrs, "with build attributes");
#endif
	is_int(elfattr_compare(&ea, &m, msg, 8), 0, "and agrees with the "
	    "machine macros");
}

int
main(void)
{
	test_parse();
	test_file();
	test_compare();
	test_self();
	return done_testing();
}
