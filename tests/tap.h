/*
 * tap.h - a small Test Anything Protocol library for make check.
 *   plan(n) or no plan and done_testing() at the end;
 *   ok(cond, "name %d", ...), is_int(got, want, ...), is_str(got, want, ...),
 *   is_double(got, want, tol, ...);
 *   skip_all("reason") prints "1..0 # SKIP reason" and exits 77;
 *   bail("reason") prints "Bail out! reason" and exits 99.
 * The exit status is 0 when every test passed, 1 otherwise.
 */
#ifndef BOARDBENCH_TAP_H
#define BOARDBENCH_TAP_H

void plan(int n);
int ok(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int is_int(long long got, long long want, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int is_str(const char *got, const char *want, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int is_double(double got, double want, double tol, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void skip(int n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void skip_all(const char *fmt, ...)
    __attribute__((format(printf, 1, 2), noreturn));
void bail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
int done_testing(void);	/* returns the exit status for main */
/* A fresh temporary folder for this test, removed at exit. */
const char *tap_tmpdir(void);
/*
 * A sysroot of many CPUs made by tests/fixtures/many-cpus.sh CLUSTERS
 * (from $top_srcdir) in the folder NAME of tap_tmpdir(), and made the
 * root (BOARDBENCH_SYSROOT; call sysfs_reset()); its path (static).
 */
const char *tap_many_cpus(const char *name, const char *clusters);

#endif
