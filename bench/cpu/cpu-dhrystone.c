/*
 * cpu-dhrystone.c - Dhrystone 2.1, the benchmark around the kernel: its
 * global variables, the choice of a copy of the kernel (its code
 * placement), the check of the end-of-run values, --classic.  The kernel
 * is cpu-dhrystone-1.c (the main loop, Proc_1..Proc_5) and
 * cpu-dhrystone-2.c (Proc_6..Proc_8, Func_1..Func_3), written from the
 * published description (see cpu-dhrystone.h) and built PLACE_COPIES
 * times, each copy's code at an offset of its own modulo 128 bytes.
 *
 * One iteration is one run through Dhrystone.  The runner reports
 * Dhrystones per second (dhry/s); derived rows give DMIPS (dhry/s / 1757,
 * the VAX 11/780's score) and, where the clock is known, DMIPS/MHz.
 * Modern compilers inline strcpy and strcmp, so DMIPS/MHz far above the
 * historical 1 to 2 is normal: the figure compares builds, not machines
 * across decades.
 *
 * Code placement (-p dhrystone.placement): `all` (the default) makes the
 * copies the case's per-process variants (bench.h), so each measuring
 * process runs another copy and the figure is the geometric mean over
 * the placements; `fixed` runs copy 0 in every process, as a classic build
 * runs its one placement; 0..7 runs that copy.
 *
 * verify() checks the end-of-run value of every global and local variable
 * the original program prints with its expected value, including
 * Arr_2_Glob[8][7] = runs + 10 (reset to 10 at the start of each call of
 * run(), outside the loop, so it counts that call's runs), whichever copy
 * ran.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cpu-classic.h"
#include "cpu-dhrystone.h"
#include "result.h"

#define DHRY_VAX_DHRYSTONES	1757.0	/* dhry/s of a VAX 11/780 */

static const char dhry_some_string[] = "DHRYSTONE PROGRAM, SOME STRING";
static const char dhry_1st_string[] = "DHRYSTONE PROGRAM, 1'ST STRING";
static const char dhry_2nd_string[] = "DHRYSTONE PROGRAM, 2'ND STRING";

struct dhry_record *dhry_ptr_glob, *dhry_next_ptr_glob;
int dhry_int_glob;
int dhry_bool_glob;
char dhry_ch_1_glob, dhry_ch_2_glob;
int dhry_arr_1_glob[DHRY_ARR_LEN];
int dhry_arr_2_glob[DHRY_ARR_LEN][DHRY_ARR_LEN];

int dhrystone_test_fault;
int dhrystone_test_copy = -1;

/* ---- the copies of the kernel ------------------------------------------ */

PLACE_TABLE(struct dhry_copy, dhry_copies, dhry_kernel);

/* A process's state: the copy it runs, and what its last run left. */
struct dhry_run {
	unsigned k;
	const struct dhry_copy *copy;	/* dhry_copies[k] */
	struct dhry_state s;
};

/* ---- the benchmark ------------------------------------------------------ */

static const struct bench_derived dhry_derived[] = {
	{ .name = "dmips", .unit = "DMIPS", .how = BENCH_D_SCALE,
	  .scale = 1.0 / DHRY_VAX_DHRYSTONES },
	{ .name = "dmips-per-mhz", .unit = "DMIPS/MHz",
	  .how = BENCH_D_PER_MHZ, .scale = 1.0 / DHRY_VAX_DHRYSTONES },
	{ .name = NULL }
};

/* Its parameters (bench_params()). */
struct dhry_params {
	const char *placement;		/* PLACE_PARAM */
};

static const struct bench_param dhry_params[] = {
	PLACE_PARAM(struct dhry_params, placement, "kernel's"),
	{ .name = NULL }
};

static int
dhry_plan(struct bench_ctx *ctx)
{
	const struct dhry_params *p = bench_params(ctx);
	struct bench_case *c;

	c = bench_add_case(ctx, "v2.1", "dhry/s", BENCH_RATE, 1);
	if (c == NULL)
		return -1;
	c->derived = dhry_derived;
	if (place_choice(p->placement) < 0)
		c->variants = PLACE_COPIES;
	return 0;
}

static void
dhry_globals_free(void)
{
	free(dhry_ptr_glob);
	free(dhry_next_ptr_glob);
	dhry_ptr_glob = dhry_next_ptr_glob = NULL;
}

/*
 * The program's initialisation, before its timed loop; the copy this
 * process runs: its variant, or the one placement asked for.
 */
static int
dhry_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct dhry_run *s = calloc(1, sizeof(*s));

	(void)c;
	dhry_globals_free();
	dhry_next_ptr_glob = calloc(1, sizeof(*dhry_next_ptr_glob));
	dhry_ptr_glob = calloc(1, sizeof(*dhry_ptr_glob));
	if (s == NULL || dhry_ptr_glob == NULL || dhry_next_ptr_glob == NULL) {
		free(s);
		dhry_globals_free();
		return bench_fail(ctx, "out of memory");
	}
	dhry_int_glob = 0;
	dhry_bool_glob = 0;
	dhry_ch_1_glob = dhry_ch_2_glob = '\0';
	memset(dhry_arr_1_glob, 0, sizeof(dhry_arr_1_glob));
	memset(dhry_arr_2_glob, 0, sizeof(dhry_arr_2_glob));
	dhry_ptr_glob->ptr_comp = dhry_next_ptr_glob;
	dhry_ptr_glob->discr = DHRY_IDENT_1;
	dhry_ptr_glob->variant.v1.enum_comp = DHRY_IDENT_3;
	dhry_ptr_glob->variant.v1.int_comp = 40;
	memcpy(dhry_ptr_glob->variant.v1.str_comp, dhry_some_string,
	    sizeof(dhry_some_string));
	dhry_arr_2_glob[8][7] = 10;
	s->k = place_copy(ctx, ((const struct dhry_params *)
	    bench_params(ctx))->placement);
	s->copy = dhry_copies[s->k];
	bench_set_priv(ctx, s);
	return 0;
}

static int
dhry_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct dhry_run *s = bench_priv(ctx);

	(void)c;
	s->copy->loop(&s->s, iters);
	return 0;
}

/* One end-of-run integer against its expected value; the first wrong. */
static void
dhry_expect(struct bench_ctx *ctx, int *bad, const char *what, long long got,
    long long want)
{
	if (got != want && !*bad)
		bench_fail(ctx, "%s is %lld, should be %lld", what, got, want);
	*bad |= got != want;
}

static void
dhry_expect_str(struct bench_ctx *ctx, int *bad, const char *what,
    const char *got, const char *want)
{
	int differ = strncmp(got, want, DHRY_STR_LEN) != 0;

	if (differ && !*bad)
		bench_fail(ctx, "%s is \"%.30s\", should be \"%s\"", what,
		    got, want);
	*bad |= differ;
}

/*
 * The values the original prints after its run, with what they should
 * be; the pointer fields are "implementation-dependent" there, here they
 * must be the second record (Ptr_Glob->Ptr_Comp) and itself.
 */
static int
dhry_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct dhry_run *r = bench_priv(ctx);
	const struct dhry_state *s = &r->s;
	const struct dhry_record *p = dhry_ptr_glob, *q = dhry_next_ptr_glob;
	int bad = 0;

	(void)c;
	if (s->runs == 0)
		r->copy->loop(&r->s, 1);
	dhrystone_test_copy = (int)r->k;
	if (dhrystone_test_fault)
		dhry_int_glob += 1;
	dhry_expect(ctx, &bad, "Int_Glob", dhry_int_glob, 5);
	dhry_expect(ctx, &bad, "Bool_Glob", dhry_bool_glob, 1);
	dhry_expect(ctx, &bad, "Ch_1_Glob", dhry_ch_1_glob, 'A');
	dhry_expect(ctx, &bad, "Ch_2_Glob", dhry_ch_2_glob, 'B');
	dhry_expect(ctx, &bad, "Arr_1_Glob[8]", dhry_arr_1_glob[8], 7);
	dhry_expect(ctx, &bad, "Arr_2_Glob[8][7]", dhry_arr_2_glob[8][7],
	    (long long)s->runs + 10);
	dhry_expect(ctx, &bad, "Ptr_Glob->Ptr_Comp is Next_Ptr_Glob",
	    p->ptr_comp == q, 1);
	dhry_expect(ctx, &bad, "Ptr_Glob->Discr", p->discr, DHRY_IDENT_1);
	dhry_expect(ctx, &bad, "Ptr_Glob->Enum_Comp", p->variant.v1.enum_comp,
	    DHRY_IDENT_3);
	dhry_expect(ctx, &bad, "Ptr_Glob->Int_Comp", p->variant.v1.int_comp,
	    17);
	dhry_expect_str(ctx, &bad, "Ptr_Glob->Str_Comp",
	    p->variant.v1.str_comp, dhry_some_string);
	dhry_expect(ctx, &bad, "Next_Ptr_Glob->Ptr_Comp is itself",
	    q->ptr_comp == q, 1);
	dhry_expect(ctx, &bad, "Next_Ptr_Glob->Discr", q->discr,
	    DHRY_IDENT_1);
	dhry_expect(ctx, &bad, "Next_Ptr_Glob->Enum_Comp",
	    q->variant.v1.enum_comp, DHRY_IDENT_2);
	dhry_expect(ctx, &bad, "Next_Ptr_Glob->Int_Comp",
	    q->variant.v1.int_comp, 18);
	dhry_expect_str(ctx, &bad, "Next_Ptr_Glob->Str_Comp",
	    q->variant.v1.str_comp, dhry_some_string);
	dhry_expect(ctx, &bad, "Int_1_Loc", s->int_1_loc, 5);
	dhry_expect(ctx, &bad, "Int_2_Loc", s->int_2_loc, 13);
	dhry_expect(ctx, &bad, "Int_3_Loc", s->int_3_loc, 7);
	dhry_expect(ctx, &bad, "Enum_Loc", s->enum_loc, DHRY_IDENT_2);
	dhry_expect_str(ctx, &bad, "Str_1_Loc", s->str_1_loc,
	    dhry_1st_string);
	dhry_expect_str(ctx, &bad, "Str_2_Loc", s->str_2_loc,
	    dhry_2nd_string);
	if (dhrystone_test_fault)
		dhry_int_glob -= 1;
	return bad ? -1 : 0;
}

static void
dhry_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	(void)c;
	free(bench_priv(ctx));
	bench_set_priv(ctx, NULL);
	dhry_globals_free();
}

/* --classic ------------------------------------------------------------ */

/*
 * The lines the original prints at the end, from the aggregate row: runs
 * are those of the timed samples, the rate their median; then the
 * DMIPS/MHz figure when its derived row has one.  Rows made from the case
 * (v2.1/dmips, v2.1/dmips-per-mhz) get no block of their own.
 */
static void
dhry_classic(FILE *fp, const struct bench_info *info,
    const struct result *const *rows, size_t nrows)
{
	const struct result *r;
	size_t i;

	(void)info;
	for (i = 0; i < nrows; i++) {
		r = rows[i];
		if (r->copy != 0 || strchr(r->case_name, '/') != NULL)
			continue;
		fprintf(fp, "Dhrystone Benchmark, Version 2.1 (Language: C)"
		    "%s\n\n", r->copies > 1 ? ", all copies together" : "");
		if (r->status != ST_OK) {
			fprintf(fp, "%s%s%s\n", result_status_name(r->status),
			    r->reason[0] != '\0' ? ": " : "", r->reason);
			continue;
		}
		fprintf(fp, "Execution starts, %llu runs through Dhrystone\n",
		    (unsigned long long)r->iters *
		    (unsigned long long)r->nsamples);
		fprintf(fp, "Execution ends\n\n");
		fprintf(fp, "Microseconds for one run through Dhrystone: "
		    "%10.4f \n", 1e6 / r->st.median);
		fprintf(fp, "Dhrystones per Second:                      "
		    "%10.1f \n", r->st.median);
		fprintf(fp, "VAX MIPS rating (DMIPS):                    "
		    "%10.1f \n", r->st.median / DHRY_VAX_DHRYSTONES);
		classic_per_mhz(fp, r, "dmips-per-mhz", "DMIPS/MHz:", 43, rows,
		    nrows);
		fputc('\n', fp);
	}
}

/* The figures people quote from this benchmark (bench.h, headlines). */
static const struct bench_headline dhry_headlines[] = {
	{ "v2.1/dmips", NULL, "", "Dhrystone 2.1", 0 },
	{ "v2.1/dmips-per-mhz", NULL, "", "Dhrystone 2.1", 0 },
	{ 0 }
};

/* Dhrystones per second as a whole number (bench.h, quotes). */
static const struct bench_quote dhry_quotes[] = {
	{ "dhry/s", NULL, 1, "Dhry/s", BENCH_Q_WHOLE },
	{ 0 }
};

const struct bench_info bench_dhrystone_info = {
	.name = "dhrystone",
	.group = "cpu",
	.description = "Dhrystone 2.1 integer, string and record kernel; "
	    "DMIPS (/1757) and DMIPS/MHz",
	.unit = "dhry/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_CPU,
	.params = dhry_params,
	.params_size = sizeof(struct dhry_params),
	.plan = dhry_plan,
	.setup = dhry_setup,
	.run = dhry_run,
	.verify = dhry_verify,
	.teardown = dhry_teardown,
	.classic = dhry_classic,
	.headlines = dhry_headlines,
	.headline_rank = 30,
	.quotes = dhry_quotes,
};
