/*
 * cpu-dhrystone.h - what the two translation units of Dhrystone share:
 * its types, its global variables and the procedures of the second unit.
 *
 * Dhrystone 2.1 (R. P. Weicker, "Dhrystone: A Synthetic Systems
 * Programming Benchmark", CACM 27(10), 1984; version 2.1, SIGPLAN Notices
 * 23(8), 1988) is split in two units, the main loop with Proc_1..Proc_5
 * and Proc_6..Proc_8 with Func_1..Func_3, so that the compiler sees the
 * calls between them as real calls.  Both are compiled without link-time
 * optimisation (bench/cpu.am), so the linker cannot merge them either.
 */
#ifndef BOARDBENCH_CPU_DHRYSTONE_H
#define BOARDBENCH_CPU_DHRYSTONE_H

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

/* Global variables, defined in cpu-dhrystone.c. */
extern struct dhry_record *dhry_ptr_glob, *dhry_next_ptr_glob;
extern int dhry_int_glob;
extern int dhry_bool_glob;
extern char dhry_ch_1_glob, dhry_ch_2_glob;
extern int dhry_arr_1_glob[DHRY_ARR_LEN];
extern int dhry_arr_2_glob[DHRY_ARR_LEN][DHRY_ARR_LEN];

/* The first unit, cpu-dhrystone.c, besides the main loop. */
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

/* For tests: when set, verify() sees a corrupted end-of-run value. */
extern int dhrystone_test_fault;

#endif
