/*
 * cpu-place.h - copies of a small kernel's code at different placements.
 *
 * A small kernel's speed can depend on where its code lies modulo the
 * cache line and the fetch block (doc/guide.md, "Comparing with the classic
 * programs"), which is fixed when the program is linked.  Such a kernel's
 * units are compiled PLACE_COPIES times from one source (bench/cpu/cpu.am),
 * copy K with -D<KERNEL>_COPY=K, its external names suffixed _cK
 * (PLACE_CAT) and its code starting PLACE_PAD_OF(K) bytes past a
 * PLACE_ALIGN-byte boundary (PLACE_CODE): every copy at an offset of its
 * own, 16 bytes apart, so no two copies are the same layout.  The
 * benchmark makes the copies its case's per-process variants (bench.h),
 * so each measuring process runs another copy, and the figure is the
 * geometric mean over the placements (the expectation over layouts; the
 * placements are a random factor, runner-int.h).  Used by dhrystone,
 * linpack and fft.
 */
#ifndef BOARDBENCH_CPU_PLACE_H
#define BOARDBENCH_CPU_PLACE_H

#include <stdint.h>

#include "bench.h"

#define PLACE_COPIES	8
#define PLACE_OFFSETS	8	/* every copy its own offset */
#define PLACE_STEP	16	/* at most the functions' own alignment */
#define PLACE_ALIGN	128	/* PLACE_OFFSETS x PLACE_STEP */
#define PLACE_PAD_OF(k)	((k) % PLACE_OFFSETS * PLACE_STEP)

#define PLACE_CAT_(name, k)	name##_c##k
/* name in copy k: PLACE_CAT(fft_transform, 3) is fft_transform_c3 */
#define PLACE_CAT(name, k)	PLACE_CAT_(name, k)
#define PLACE_STR_(x)		#x
#define PLACE_STR(x)		PLACE_STR_(x)

/*
 * PLACE_CODE(label, k): copy k's code begins here, PLACE_PAD_OF(k) bytes
 * past a PLACE_ALIGN-byte boundary, at the global symbol `label`.  Used
 * once at the top of a unit, before its first function: gcc at -O0
 * writes the functions and top-level asm in source order, and otherwise
 * (as clang always does) the top-level asm first.  The functions that
 * follow keep their own alignment (at most PLACE_STEP bytes, so every
 * copy's code has the same layout shifted by its pad; the kernels'
 * known-answer tests check it).  Portable GNU as directives only (gas
 * and clang's integrated assembler, x86 and ARM alike; no .skip 0, which
 * gas warns about); the padding is never executed.
 */
#define PLACE_CODE(label, k) \
	__asm__(".pushsection .text\n\t.balign " PLACE_STR(PLACE_ALIGN) \
	    "\n\t.if " PLACE_STR(PLACE_PAD_OF(k)) "\n\t.skip " \
	    PLACE_STR(PLACE_PAD_OF(k)) "\n\t.endif\n\t.globl " \
	    PLACE_STR(label) "\n" PLACE_STR(label) ":\n\t.popsection\n")

/*
 * PLACE_TABLE(type, table, kernel): the table of every copy, in order,
 * where copy K (of type `type`, defined in its unit as kernel_cK) is
 * table[K].
 */
#define PLACE_DECL_(type, kernel, k)	extern const type kernel##_c##k;
#define PLACE_TABLE(type, table, kernel) \
	PLACE_DECL_(type, kernel, 0) PLACE_DECL_(type, kernel, 1) \
	PLACE_DECL_(type, kernel, 2) PLACE_DECL_(type, kernel, 3) \
	PLACE_DECL_(type, kernel, 4) PLACE_DECL_(type, kernel, 5) \
	PLACE_DECL_(type, kernel, 6) PLACE_DECL_(type, kernel, 7) \
	const type *const table[PLACE_COPIES] = { \
		&kernel##_c0, &kernel##_c1, &kernel##_c2, &kernel##_c3, \
		&kernel##_c4, &kernel##_c5, &kernel##_c6, &kernel##_c7, \
	}

/*
 * The parameter that picks the placement, field f (a const char *) of the
 * parameter struct T, with its help text.
 */
#define PLACE_PARAM(T, f, copies_of) { \
	BENCH_PARAM_CHOICE(T, f), .def = "all", \
	.choices = "all|fixed|0|1|2|3|4|5|6|7", \
	.help = "where the " copies_of " code lies: all (each measuring " \
	    "process runs another of 8 copies, at 8 offsets 16 bytes " \
	    "apart modulo 128 bytes; the figure is the geometric mean " \
	    "over them), fixed (copy 0 in every process: one placement, " \
	    "as one classic build), or one copy 0..7 (offset 16 x copy " \
	    "bytes)", \
}

/*
 * The copy a PLACE_PARAM value names: 0..7, fixed is 0; all: -1 (each
 * process runs its variant, place_copy()).
 */
int place_choice(const char *value);
/* The copy this process runs: the one value asks for, else its variant. */
unsigned place_copy(const struct bench_ctx *, const char *value);
/*
 * The offset modulo PLACE_ALIGN bytes of code at fn (a function's address
 * as an integer; on 32-bit ARM its bit 0 is the Thumb state, not part of
 * the address).
 */
unsigned place_code_offset(uintptr_t fn);

#endif
