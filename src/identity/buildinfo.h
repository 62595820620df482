/*
 * buildinfo.h - the build identity ("build flag set"): what this binary
 * was built as.  buildinfo.c fills it from what make recorded and the
 * compiler's macros; sysinfo-json.h turns it into the stored object and
 * back; sysinfo-show.h prints it.  No JSON here.
 */
#ifndef BOARDBENCH_BUILDINFO_H
#define BOARDBENCH_BUILDINFO_H

#include <stddef.h>

#define BI_MAX_ITEMS	32	/* macros, libraries */
#define BI_MAX_MSGS	8	/* ELF disagreements and notes */

struct bi_macro {
	char *name;
	long long value;
};

struct bi_library {
	char *name, *version;
};

/*
 * The running executable's ELF machine and ARM build attributes, and
 * whether they agree with the macros ("abi_check").
 */
struct bi_elf {
	char *file;
	char *error;		/* the ELF could not be read: only file, error */
	char *elf_class, *machine;
	char *attributes;	/* why there are none; NULL when the five below */
	char *cpu_name, *cpu_arch, *fp_arch, *simd_arch, *vfp_args;
	int agrees;		/* 1, 0, -1 unknown */
	char *disagreements[BI_MAX_MSGS];
	int ndisagreements;
	char *notes[BI_MAX_MSGS];
	int nnotes;
};

/* Unknown strings are NULL ("unknown" when printed). */
struct build_info {
	char *tool_version, *cc, *cc_version, *cflags, *cppflags, *ldflags;
	char *kernel_cflags, *opt_level, *configure_args, *host, *build;
	char *float_abi, *fpu, *arch;
	int neon;			/* 1, 0, -1 unknown */
	struct bi_macro macros[BI_MAX_ITEMS];
	int nmacros;
	int have_elf;
	struct bi_elf elf;
	char *compiler_macro_version;	/* NULL: not a GNU C compiler */
	struct bi_library libraries[BI_MAX_ITEMS];
	int nlibraries;
};

/* An empty identity: everything unknown. */
void buildinfo_init(struct build_info *);
/* This binary's identity (initialised here). */
void buildinfo_get(struct build_info *);
/* Free what bi owns; bi is left empty. */
void buildinfo_release(struct build_info *);
/*
 * The date of this build's source, seconds since the epoch
 * (SOURCE_DATE_EPOCH, else its last commit's, else configure.ac's;
 * scripts/gen-buildinfo); 0: unknown.  No real clock is ever earlier.
 */
long long buildinfo_source_epoch(void);

#endif
