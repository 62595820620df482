/*
 * fuzz.h - the entry points every harness under tests/fuzz/ defines.
 *
 * Each fuzz-<name>.c is built twice: with libFuzzer (clang
 * -fsanitize=fuzzer,address,undefined) by `make fuzz`, and with replay.c
 * as tests/fuzz/t-replay-<name>, which `make check` runs on every file in
 * tests/fuzz/regress/<name>/ (inputs that once failed) and
 * tests/fuzz/corpus/<name>/ (the seeds).
 */
#ifndef BOARDBENCH_FUZZ_H
#define BOARDBENCH_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* fuzz-common.c: error lines go nowhere (unless FUZZ_VERBOSE is set). */
int LLVMFuzzerInitialize(int *argc, char ***argv);

#endif
