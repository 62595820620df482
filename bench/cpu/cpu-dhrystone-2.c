/*
 * cpu-dhrystone-2.c - the second translation unit of Dhrystone 2.1:
 * Proc_6, Proc_7, Proc_8, Func_1, Func_2 and Func_3, written from the
 * published description (see cpu-dhrystone.h).  Kept apart from the main
 * loop on purpose; see bench/cpu/cpu.am for why it is built without LTO.
 * Compiled once per copy of the kernel, as the first unit is.
 */
#include "config.h"

#include <string.h>

#include "cpu-dhrystone.h"

#ifndef DHRY_COPY
#error "built once per copy with -DDHRY_COPY=K (bench/cpu/cpu.am)"
#endif

/* before the first function: where this copy's code begins */
DHRY_PLACE(dhry_code_2);

/* Proc_6: an enumeration through a switch, with Func_3 deciding first. */
void
dhry_proc_6(enum dhry_enum val, enum dhry_enum *ref)
{
	*ref = val;
	if (!dhry_func_3(val))
		*ref = DHRY_IDENT_4;
	switch (val) {
	case DHRY_IDENT_1:
		*ref = DHRY_IDENT_1;
		break;
	case DHRY_IDENT_2:
		*ref = dhry_int_glob > 100 ? DHRY_IDENT_1 : DHRY_IDENT_4;
		break;
	case DHRY_IDENT_3:
		*ref = DHRY_IDENT_2;
		break;
	case DHRY_IDENT_4:
		break;
	case DHRY_IDENT_5:
		*ref = DHRY_IDENT_3;
		break;
	}
}

/* Proc_7: integer arithmetic on values, the result through a pointer. */
void
dhry_proc_7(int val_1, int val_2, int *ref)
{
	int loc = val_1 + 2;

	*ref = val_2 + loc;
}

/* Proc_8: array accesses, one- and two-dimensional. */
void
dhry_proc_8(int arr_1[DHRY_ARR_LEN], int arr_2[DHRY_ARR_LEN][DHRY_ARR_LEN],
    int val_1, int val_2)
{
	int loc = val_1 + 5, i;

	arr_1[loc] = val_2;
	arr_1[loc + 1] = arr_1[loc];
	arr_1[loc + 30] = loc;
	for (i = loc; i <= loc + 1; i++)
		arr_2[loc][i] = loc;
	arr_2[loc][loc - 1] += 1;
	arr_2[loc + 20][loc] = arr_1[loc];
	dhry_int_glob = 5;
}

/* Func_1: compares two characters, recording the first when they match. */
enum dhry_enum
dhry_func_1(char val_1, char val_2)
{
	char loc_1 = val_1, loc_2 = loc_1;

	if (loc_2 != val_2)
		return DHRY_IDENT_1;
	dhry_ch_1_glob = loc_1;
	return DHRY_IDENT_2;
}

/* Func_2: compares two strings, character by character and then whole. */
int
dhry_func_2(const char *str_1, const char *str_2)
{
	int loc = 2;
	char ch = '\0';

	while (loc <= 2) {
		if (dhry_func_1(str_1[loc], str_2[loc + 1]) == DHRY_IDENT_1) {
			ch = 'A';
			loc += 1;
		}
	}
	if (ch >= 'W' && ch < 'Z')
		loc = 7;
	if (ch == 'R')
		return 1;
	if (strcmp(str_1, str_2) > 0) {
		loc += 7;
		dhry_int_glob = loc;
		return 1;
	}
	return 0;
}

/* Func_3: is the enumeration value Ident_3? */
int
dhry_func_3(enum dhry_enum val)
{
	enum dhry_enum loc = val;

	return loc == DHRY_IDENT_3;
}
