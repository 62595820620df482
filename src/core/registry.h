/*
 * registry.h - the table of benchmarks (expanded from bench/bench-list.h),
 * lookup by name or group, and parameter settings (-p NAME.PARAM=VALUE).
 */
#ifndef BOARDBENCH_REGISTRY_H
#define BOARDBENCH_REGISTRY_H

#include <stddef.h>
#include "../../bench/bench.h"

extern const struct bench_info *const registry_table[];
extern const size_t registry_count;

/*
 * The groups, each once, in the order of their first benchmark in the
 * table (bench-list.h keeps a group's benchmarks together): start with
 * *at = 0; each call returns the next group, NULL after the last.
 */
const char *registry_group_next(size_t *at);

const struct bench_info *registry_find(const char *name);
int registry_is_group(const char *name);
/*
 * The benchmarks rank() gives a rank above 0, smallest rank first, ties
 * in table order: start with *at = registry_count; each call returns the
 * next one (its index in *at), NULL after the last.
 */
const struct bench_info *registry_next_ranked(
    int (*rank)(const struct bench_info *), size_t *at);
/* Non-NULL when the benchmark cannot run here; why is filled. */
int registry_unavailable(const struct bench_info *, char *why, size_t len);

/*
 * Resolve benchmark and group names (none: every benchmark) into a list
 * without duplicates, in the order the names are given (a group's members
 * in table order; a benchmark named twice runs where it first appears).
 * Unknown names: one error line with the closest names, return -1.
 */
int registry_select(char *const *names, size_t n,
    const struct bench_info ***out, size_t *nout);

/* Closest benchmark or group names to `name`, for "did you mean". */
void registry_suggest(const char *name, char *buf, size_t len);

const struct bench_param *registry_param(const struct bench_info *,
    const char *name);
size_t registry_nparams(const struct bench_info *);

/* "yes"/"true"/"on"/"1": 1, the opposites: 0, else -1. */
int param_parse_bool(const char *s);
/* Is `value` valid for p? 0, or -1 with err filled. */
int param_check(const struct bench_param *p, const char *value,
    char *err, size_t errlen);
/*
 * The same without p's check() hook: type and static range only.  Hooks
 * may depend on the machine (RAM, a folder); defaults must not.
 */
int param_check_type(const struct bench_param *p, const char *value,
    char *err, size_t errlen);
/*
 * The canonical text of a value for p, the one form benchmarks, the store
 * and compare see: integers in plain decimal with suffixes applied (1k:
 * 1000, 4Ki: 4096), reals in the shortest form that reads back exactly,
 * booleans yes or no, list items each canonical with repeats dropped.
 * Newly allocated; NULL with err filled when the value is not valid for p
 * (the check() hook is not run).
 */
#define PARAM_ITEM_MAX 63	/* longest list item */
char *param_canonical(const struct bench_param *p, const char *value,
    char *err, size_t errlen);
/*
 * The size of the field a parameter of this type fills in its benchmark's
 * parameter struct (bench.h: long long, double, int, const char *,
 * struct bench_list, struct bench_ints); 0 for an unknown type.
 */
size_t param_field_size(enum bench_ptype type);
/* The default of p in a profile ("quick", "standard", "full"). */
const char *param_default(const struct bench_param *p, const char *profile);

/* Settings from -p, checked when added. */
struct param_setting {
	char *target;		/* benchmark or group name */
	char *name, *value;
};
struct param_set {
	struct param_setting *v;
	size_t n;
};
void param_set_init(struct param_set *);
void param_set_release(struct param_set *);
/* Parse and check "NAME.PARAM=VALUE"; error line and -1 on bad input. */
int param_set_add(struct param_set *, const char *spec);
/*
 * The canonical value of p for benchmark b (newly allocated): the last -p
 * naming b, else the last -p naming b's group, else the profile default.
 */
char *param_resolve(const struct param_set *, const struct bench_info *b,
    const struct bench_param *p, const char *profile);
/*
 * A stored "n=200,precision=double" string of benchmark `bench` rewritten
 * in place in canonical form (runs stored before values were canonical:
 * "work=1k" becomes "work=1000"); left as it is when the benchmark or a
 * name is unknown, a value is not valid, or an integer was typed with a
 * leading 0 (the old parser read 0200 as octal).
 */
void param_canon_stored(const char *bench, char *params, size_t size);

#endif
