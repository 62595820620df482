/*
 * jfield.h - identity's JSON from one table of fields.  A row names a
 * member of a struct (its offset, its C type checked by _Generic as the
 * typed parameters of bench/bench.h are), its JSON key, what stands for
 * unknown (null or left out) and its bounds; jfield_to_json() writes a
 * struct from the table and jfield_from_json() reads it back from the
 * same table, so a key is named once.  Tables end with JF_END.  Nested
 * records are rows too (an array of structs, an object); what no row
 * can say is a JF_HOOK row: two small functions, to and from
 * (doc/DESIGN.md section 4, "Identity").
 */
#ifndef BOARDBENCH_JFIELD_H
#define BOARDBENCH_JFIELD_H

#include <jansson.h>
#include <stddef.h>

enum jf_type {
	JF_STR,		/* char *, NULL unknown; read: a string, cut to len */
	JF_REAL,	/* double, NAN unknown; read: any number */
	JF_COUNT,	/* long long, < 0 unknown; read: an integer >= 0 */
	JF_INT,		/* int, < 0 unknown; read: as JF_COUNT, at most max */
	JF_HEX,		/* long long as "0x" and max hex digits (or more) */
	JF_BOOL,	/* int: 1 true, 0 false, -1 unknown (null) */
	JF_TRUE,	/* int: 1 written as true, 0 unknown; read: true or 0 */
	JF_NAMED,	/* int N as the key and N ("policy2"), < 0 unknown */
	JF_STRS,	/* char *[] and an int count: strings, at most max */
	JF_ARRAY,	/* struct E[] (or E *, JF_ALLOC) and an int count:
			 * objects from sub, at most max; unknown: none */
	JF_OBJECT,	/* the struct at offset (JF_GROUP_: this struct's
			 * members) as an object from sub */
	JF_INLINE,	/* the struct at offset, its keys in this object */
	JF_HOOK,	/* to() and from() write and read it by hand */
};

/* What an unknown value is written as (one of the first three). */
#define JF_NULL		0x00	/* null */
#define JF_OPT		0x01	/* left out */
#define JF_ALWAYS	0x02	/* the value as it is (an int -1, []) */
#define JF_ZERO		0x04	/* 0 is unknown too */
/*
 * A row with `when` (the key of an earlier scalar row of its table) is
 * written only while that row's value is known (JF_UNLESS: unknown);
 * otherwise it is left out, or null with JF_ELSE_NULL.  Reading reads
 * every row regardless.
 */
#define JF_UNLESS	0x08
#define JF_ELSE_NULL	0x10
#define JF_ALLOC	0x20	/* JF_ARRAY: allocated, as many as the JSON
				 * array has up to max (first max entries) */

struct jfield {
	const char *key;
	enum jf_type type;
	unsigned flags;
	size_t offset;
	size_t count;		/* JF_STRS, JF_ARRAY: the int count */
	size_t size;		/* JF_ARRAY: one entry */
	long long max;		/* the bound: JF_INT's value, entries; JF_HEX:
				 * digits */
	size_t len;		/* JF_STR, JF_STRS: bytes of a string kept */
	const char *when;
	const struct jfield *sub;
	void (*to)(const void *base, json_t *obj);
	void (*from)(const json_t *obj, void *base);
	/* the members a row holds, for tests/unit/t-identity */
	const char *member, *count_member, *type_name;
};

/* offsetof member f of T, which must have the C type ctype. */
#define JF_AT(T, f, ctype) \
	.offset = offsetof(T, f) + \
	    0 * sizeof(char[_Generic(((T *)0)->f, ctype: 1)]), \
	.member = #f
#define JF_N(T, n) \
	.count = offsetof(T, n) + \
	    0 * sizeof(char[_Generic(((T *)0)->n, int: 1)]), \
	.count_member = #n

/*
 * Scalars: struct T's member f as key k; fl from the flags above; w the
 * key of the row that must be known (NULL: none).
 */
#define JF_STR_(T, f, k, fl, w, l) { .key = k, .type = JF_STR, \
	.flags = fl, .when = w, .len = l, JF_AT(T, f, char *) }
#define JF_REAL_(T, f, k, fl, w) { .key = k, .type = JF_REAL, \
	.flags = fl, .when = w, JF_AT(T, f, double) }
#define JF_COUNT_(T, f, k, fl, w) { .key = k, .type = JF_COUNT, \
	.flags = fl, .when = w, JF_AT(T, f, long long) }
#define JF_INT_(T, f, k, fl, m) { .key = k, .type = JF_INT, .flags = fl, \
	.max = m, JF_AT(T, f, int) }
#define JF_HEX_(T, f, k, digits) { .key = k, .type = JF_HEX, \
	.flags = JF_OPT, .max = digits, JF_AT(T, f, long long) }
#define JF_BOOL_(T, f, k) { .key = k, .type = JF_BOOL, JF_AT(T, f, int) }
#define JF_TRUE_(T, f, k) { .key = k, .type = JF_TRUE, .flags = JF_OPT, \
	JF_AT(T, f, int) }
#define JF_NAMED_(T, f, k) { .key = k, .type = JF_NAMED, .flags = JF_OPT, \
	JF_AT(T, f, int) }
/* char *f[] with its int count n. */
#define JF_STRS_(T, f, n, k, fl, l) { .key = k, .type = JF_STRS, \
	.flags = fl, .len = l, .max = sizeof(((T *)0)->f) / \
	sizeof(((T *)0)->f[0]), JF_AT(T, f, char **), JF_N(T, n) }
/* struct E f[] (as many as it holds) with its int count n, from table s. */
#define JF_ARRAY_(T, f, n, k, E, s, fl) { .key = k, .type = JF_ARRAY, \
	.flags = fl, .size = sizeof(E), .max = sizeof(((T *)0)->f) / \
	sizeof(E), .sub = s, JF_AT(T, f, E *), JF_N(T, n), .type_name = #E }
/* E *f (allocated here, at most m) with its int count n, from table s. */
#define JF_ALLOC_(T, f, n, k, E, s, m) { .key = k, .type = JF_ARRAY, \
	.flags = JF_ALWAYS | JF_ALLOC, .size = sizeof(E), .max = m, \
	.sub = s, JF_AT(T, f, E *), JF_N(T, n), .type_name = #E }
/* Members of this struct in table s as the object k (none of its own). */
#define JF_GROUP_(k, s, fl, w) { .key = k, .type = JF_OBJECT, \
	.flags = fl, .when = w, .sub = s }
/* T's member f, a struct E, in this object from table s. */
#define JF_INLINE_(T, f, E, s) { .key = #f, .type = JF_INLINE, .sub = s, \
	JF_AT(T, f, E), .type_name = #E }
/* By hand: to() writes, from() reads; m names the members it holds. */
#define JF_HOOK_(k, t, fr, m) { .key = k, .type = JF_HOOK, .to = t, \
	.from = fr, .member = m }
#define JF_END { .key = NULL }

/* Set the keys of struct base in obj from table t (in its order). */
void jfield_to_json(const struct jfield *t, const void *base, json_t *obj);
/*
 * Read every row of table t from obj (any JSON value, NULL too: what is
 * missing or of the wrong type is unknown) into base, which holds an
 * empty struct (its arrays and strings not yet allocated).
 */
void jfield_from_json(const struct jfield *t, const json_t *obj,
    void *base);

/* "0x" and hex digits (strtoll's), >= 0: the value; else -1. */
long long jfield_hex(const char *s);

#endif
