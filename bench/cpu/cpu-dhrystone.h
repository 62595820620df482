/*
 * cpu-dhrystone.h - what the translation units of Dhrystone share: its
 * types, its global variables, the procedures of the two units of the
 * kernel, and the copies of the kernel at different code placements.
 *
 * Dhrystone 2.1 (R. P. Weicker, "Dhrystone: A Synthetic Systems
 * Programming Benchmark", CACM 27(10), 1984; version 2.1, SIGPLAN Notices
 * 23(8), 1988) is split in two units, the main loop with Proc_1..Proc_5
 * (cpu-dhrystone-1.c) and Proc_6..Proc_8 with Func_1..Func_3
 * (cpu-dhrystone-2.c), so that the compiler sees the calls between them
 * as real calls.  Both are compiled without link-time optimisation
 * (bench/cpu/cpu.am), so the linker cannot merge them either.
 *
 * Code placements: Dhrystone's speed depends on where its code lies
 * modulo the cache line and fetch block (doc/guide.md, "Comparing with the
 * classic programs"), which is fixed when the program is linked.  So the
 * two units are compiled PLACE_COPIES times from the same source
 * (cpu-place.h), copy K with -DDHRY_COPY=K: every external name of the
 * kernel gets the suffix _cK (the macros below), and each unit's code
 * starts PLACE_PAD_OF(K) bytes past a PLACE_ALIGN-byte boundary
 * (DHRY_PLACE).  The global variables are one set, shared by the copies (cpu-dhrystone.c), so only
 * the code moves.  The benchmark (cpu-dhrystone.c) runs one copy per
 * measuring process.
 */
#ifndef BOARDBENCH_CPU_DHRYSTONE_H
#define BOARDBENCH_CPU_DHRYSTONE_H

#include <stdint.h>

#include "cpu-place.h"

/* The copies: bench/cpu/cpu-place.h; copy K is built with -DDHRY_COPY=K. */
#ifdef DHRY_COPY
#define DHRY_CAT(name, k)	PLACE_CAT(name, k)
/* the kernel's external names in copy DHRY_COPY: dhry_proc_1_c3 ... */
#define dhry_proc_1	DHRY_CAT(dhry_proc_1, DHRY_COPY)
#define dhry_proc_2	DHRY_CAT(dhry_proc_2, DHRY_COPY)
#define dhry_proc_3	DHRY_CAT(dhry_proc_3, DHRY_COPY)
#define dhry_proc_4	DHRY_CAT(dhry_proc_4, DHRY_COPY)
#define dhry_proc_5	DHRY_CAT(dhry_proc_5, DHRY_COPY)
#define dhry_proc_6	DHRY_CAT(dhry_proc_6, DHRY_COPY)
#define dhry_proc_7	DHRY_CAT(dhry_proc_7, DHRY_COPY)
#define dhry_proc_8	DHRY_CAT(dhry_proc_8, DHRY_COPY)
#define dhry_func_1	DHRY_CAT(dhry_func_1, DHRY_COPY)
#define dhry_func_2	DHRY_CAT(dhry_func_2, DHRY_COPY)
#define dhry_func_3	DHRY_CAT(dhry_func_3, DHRY_COPY)
#define dhry_loop	DHRY_CAT(dhry_loop, DHRY_COPY)
#define dhry_code_1	DHRY_CAT(dhry_code_1, DHRY_COPY)
#define dhry_code_2	DHRY_CAT(dhry_code_2, DHRY_COPY)
#define dhry_kernel	DHRY_CAT(dhry_kernel, DHRY_COPY)
/* DHRY_PLACE(label): the unit's code begins here (PLACE_CODE). */
#define DHRY_PLACE(label)	PLACE_CODE(label, DHRY_COPY)
#endif

/* The enumeration of the benchmark: Ident_1 .. Ident_5. */
enum dhry_enum {
	DHRY_IDENT_1,
	DHRY_IDENT_2,
	DHRY_IDENT_3,
	DHRY_IDENT_4,
	DHRY_IDENT_5
};

#define DHRY_STR_LEN	31	/* a 30-character string and its NUL */
#define DHRY_ARR_LEN	50

/* The record type, a variant record whose discriminant is `discr`. */
struct dhry_record {
	struct dhry_record *ptr_comp;
	enum dhry_enum discr;
	union {
		struct {
			enum dhry_enum enum_comp;
			int int_comp;
			char str_comp[DHRY_STR_LEN];
		} v1;
		struct {
			enum dhry_enum enum_comp_2;
			char str_2_comp[DHRY_STR_LEN];
		} v2;
		struct {
			char ch_1_comp;
			char ch_2_comp;
		} v3;
	} variant;
};

/* Global variables, defined once in cpu-dhrystone.c for every copy. */
extern struct dhry_record *dhry_ptr_glob, *dhry_next_ptr_glob;
extern int dhry_int_glob;
extern int dhry_bool_glob;
extern char dhry_ch_1_glob, dhry_ch_2_glob;
extern int dhry_arr_1_glob[DHRY_ARR_LEN];
extern int dhry_arr_2_glob[DHRY_ARR_LEN][DHRY_ARR_LEN];

/* What the last call of the main loop left in its local variables. */
struct dhry_state {
	uint64_t runs;
	int int_1_loc, int_2_loc, int_3_loc;
	enum dhry_enum enum_loc;
	char str_1_loc[DHRY_STR_LEN], str_2_loc[DHRY_STR_LEN];
};

#ifdef DHRY_COPY
/* The first unit, cpu-dhrystone-1.c: the main loop, Proc_1..Proc_5. */
void dhry_loop(struct dhry_state *s, uint64_t runs);
void dhry_proc_1(struct dhry_record *val);
void dhry_proc_2(int *ref);
void dhry_proc_3(struct dhry_record **ref);
void dhry_proc_4(void);
void dhry_proc_5(void);

/* The second unit, cpu-dhrystone-2.c. */
void dhry_proc_6(enum dhry_enum val, enum dhry_enum *ref);
void dhry_proc_7(int val_1, int val_2, int *ref);
void dhry_proc_8(int arr_1[DHRY_ARR_LEN], int arr_2[DHRY_ARR_LEN][DHRY_ARR_LEN],
    int val_1, int val_2);
enum dhry_enum dhry_func_1(char val_1, char val_2);
int dhry_func_2(const char *str_1, const char *str_2);
int dhry_func_3(enum dhry_enum val);
#endif

/*
 * One copy of the kernel, described by its first unit (dhry_kernel,
 * named dhry_kernel_cK in copy K): its main loop, which the benchmark
 * calls, where each unit's code begins and a hot function of the second
 * unit, whose addresses t-dhrystone reads to check the placement.
 */
struct dhry_copy {
	unsigned pad;			/* PLACE_PAD_OF(K) */
	const char *code_1, *code_2;	/* the units' DHRY_PLACE labels */
	void (*loop)(struct dhry_state *, uint64_t);	/* unit 1 */
	void (*proc_8)(int *, int (*)[DHRY_ARR_LEN], int, int);	/* unit 2 */
};
#ifdef DHRY_COPY
extern const char dhry_code_1[], dhry_code_2[];
extern const struct dhry_copy dhry_kernel;
#endif

/* cpu-dhrystone.c: every copy, in order (copy K is dhry_copies[K]). */
extern const struct dhry_copy *const dhry_copies[PLACE_COPIES];

/*
 * For tests: when set, verify() sees a corrupted end-of-run value; the
 * copy the last verify() checked (-1: none yet).
 */
extern int dhrystone_test_fault;
extern int dhrystone_test_copy;

#endif
