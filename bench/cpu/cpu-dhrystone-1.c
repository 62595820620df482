/*
 * cpu-dhrystone-1.c - the first translation unit of Dhrystone 2.1: the
 * main loop with Proc_1..Proc_5 (Proc_6..Proc_8 and Func_1..Func_3 are in
 * cpu-dhrystone-2.c), written from the published description (see
 * cpu-dhrystone.h).  Compiled once per copy of the kernel, with
 * -DDHRY_COPY=K (bench/cpu/cpu.am); the global variables and the benchmark
 * around the kernel are in cpu-dhrystone.c.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "cpu-dhrystone.h"

#ifndef DHRY_COPY
#error "built once per copy with -DDHRY_COPY=K (bench/cpu/cpu.am)"
#endif

/* before the first function: where this copy's code begins */
DHRY_PLACE(dhry_code_1);

static const char dhry_1st_string[] = "DHRYSTONE PROGRAM, 1'ST STRING";
static const char dhry_2nd_string[] = "DHRYSTONE PROGRAM, 2'ND STRING";
static const char dhry_3rd_string[] = "DHRYSTONE PROGRAM, 3'RD STRING";

/* ---- the first unit of the benchmark proper ----------------------------- */

/*
 * The procedures have external linkage, as in the original, so the
 * compiler treats them as the original's compilers do.
 */

/* Proc_1: record assignment and pointer chasing through Proc_3, 6, 7. */
void
dhry_proc_1(struct dhry_record *val)
{
	struct dhry_record *next = val->ptr_comp;

	*val->ptr_comp = *dhry_ptr_glob;
	val->variant.v1.int_comp = 5;
	next->variant.v1.int_comp = val->variant.v1.int_comp;
	next->ptr_comp = val->ptr_comp;
	dhry_proc_3(&next->ptr_comp);
	if (next->discr == DHRY_IDENT_1) {
		next->variant.v1.int_comp = 6;
		dhry_proc_6(val->variant.v1.enum_comp,
		    &next->variant.v1.enum_comp);
		next->ptr_comp = dhry_ptr_glob->ptr_comp;
		dhry_proc_7(next->variant.v1.int_comp, 10,
		    &next->variant.v1.int_comp);
	} else {
		*val = *val->ptr_comp;
	}
}

/* Proc_2: a loop that runs once, on the global character. */
void
dhry_proc_2(int *ref)
{
	int loc = *ref + 10;
	enum dhry_enum e = DHRY_IDENT_2;

	do {
		if (dhry_ch_1_glob == 'A') {
			loc -= 1;
			*ref = loc - dhry_int_glob;
			e = DHRY_IDENT_1;
		}
	} while (e != DHRY_IDENT_1);
}

/* Proc_3: a pointer through a pointer, then Proc_7 into the record. */
void
dhry_proc_3(struct dhry_record **ref)
{
	if (dhry_ptr_glob != NULL)
		*ref = dhry_ptr_glob->ptr_comp;
	dhry_proc_7(10, dhry_int_glob, &dhry_ptr_glob->variant.v1.int_comp);
}

/* Proc_4: boolean and character globals. */
void
dhry_proc_4(void)
{
	int loc = dhry_ch_1_glob == 'A';

	dhry_bool_glob = loc | dhry_bool_glob;
	dhry_ch_2_glob = 'B';
}

/* Proc_5: resets the character and boolean globals. */
void
dhry_proc_5(void)
{
	dhry_ch_1_glob = 'A';
	dhry_bool_glob = 0;
}

/*
 * `runs` runs through Dhrystone, the main program's loop; its locals end
 * in the state for verify().
 */
void
dhry_loop(struct dhry_state *s, uint64_t runs)
{
	int int_1_loc = 0, int_2_loc = 0, int_3_loc = 0;
	enum dhry_enum enum_loc = DHRY_IDENT_1;
	char str_1_loc[DHRY_STR_LEN], str_2_loc[DHRY_STR_LEN];
	char ch_index;
	uint64_t run;

	memcpy(str_1_loc, dhry_1st_string, sizeof(str_1_loc));
	str_2_loc[0] = '\0';
	dhry_arr_2_glob[8][7] = 10;
	for (run = 1; run <= runs; run++) {
		dhry_proc_5();
		dhry_proc_4();
		int_1_loc = 2;
		int_2_loc = 3;
		strcpy(str_2_loc, dhry_2nd_string);
		enum_loc = DHRY_IDENT_2;
		dhry_bool_glob = !dhry_func_2(str_1_loc, str_2_loc);
		while (int_1_loc < int_2_loc) {
			int_3_loc = 5 * int_1_loc - int_2_loc;
			dhry_proc_7(int_1_loc, int_2_loc, &int_3_loc);
			int_1_loc += 1;
		}
		dhry_proc_8(dhry_arr_1_glob, dhry_arr_2_glob, int_1_loc,
		    int_3_loc);
		dhry_proc_1(dhry_ptr_glob);
		for (ch_index = 'A'; ch_index <= dhry_ch_2_glob; ch_index++) {
			if (enum_loc == dhry_func_1(ch_index, 'C')) {
				dhry_proc_6(DHRY_IDENT_1, &enum_loc);
				strcpy(str_2_loc, dhry_3rd_string);
				int_2_loc = (int)run;
				dhry_int_glob = (int)run;
			}
		}
		int_2_loc = int_2_loc * int_1_loc;
		int_1_loc = int_2_loc / int_3_loc;
		int_2_loc = 7 * (int_2_loc - int_3_loc) - int_1_loc;
		dhry_proc_2(&int_1_loc);
	}
	s->runs = runs;
	s->int_1_loc = int_1_loc;
	s->int_2_loc = int_2_loc;
	s->int_3_loc = int_3_loc;
	s->enum_loc = enum_loc;
	memcpy(s->str_1_loc, str_1_loc, sizeof(s->str_1_loc));
	memcpy(s->str_2_loc, str_2_loc, sizeof(s->str_2_loc));
}

/* This copy, for the benchmark (cpu-dhrystone.c). */
const struct dhry_copy dhry_kernel = {
	.pad = PLACE_PAD_OF(DHRY_COPY),
	.code_1 = dhry_code_1,
	.code_2 = dhry_code_2,
	.loop = dhry_loop,
	.proc_8 = dhry_proc_8,
};
