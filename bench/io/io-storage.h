/*
 * io-storage.h - the storage descriptor and the pieces its known-answer
 * test uses (tests/kat/t-storage.c).  Nothing else needs this header.
 */
#ifndef BOARDBENCH_IO_STORAGE_H
#define BOARDBENCH_IO_STORAGE_H

#include <stddef.h>
#include <stdint.h>

#include "bench.h"

extern const struct bench_info bench_storage_info;

/*
 * The test file is made of 4 KiB pages.  Each page starts with a header
 * (magic, page number, generation, file tag; little-endian 64-bit words)
 * followed by a payload that is the same in every page of one file.
 */
#define STORAGE_PAGE		4096
#define STORAGE_HDR		32
#define STORAGE_PAYLOAD		(STORAGE_PAGE - STORAGE_HDR)
#define STORAGE_MAGIC		UINT64_C(0x314f496863626242)	/* "BbbchIO1" */

/* What storage_page_check() found wrong; 0 = nothing. */
enum storage_bad {
	STORAGE_OK = 0,
	STORAGE_BAD_MAGIC,
	STORAGE_BAD_PAGE,	/* another page's data (misplaced I/O) */
	STORAGE_BAD_GEN,	/* an older or newer write of this page */
	STORAGE_BAD_TAG,	/* data from another file */
	STORAGE_BAD_PAYLOAD
};

/* The payload of a file with this tag (STORAGE_PAYLOAD bytes). */
void storage_payload(uint64_t tag, unsigned char *payload);
/* Write the header of page `page` at `p`; the payload is not touched. */
void storage_page_stamp(unsigned char *p, uint64_t page, uint64_t gen,
    uint64_t tag);
/*
 * Check one page read back: its header, and its payload against
 * `payload` unless that is NULL.  *where gets the first wrong byte.
 */
enum storage_bad storage_page_check(const unsigned char *p, uint64_t page,
    uint64_t gen, uint64_t tag, const unsigned char *payload, size_t *where);
/* A short description of a storage_bad value. */
const char *storage_bad_text(enum storage_bad);

/*
 * Open a new file in dir that has no name: O_TMPFILE, or mkstemp() and
 * unlink() at once where the filesystem lacks O_TMPFILE (or when
 * no_tmpfile is set, for the tests).  Nothing is left behind whatever
 * ends the process.  Returns the descriptor, or -1 with err filled.
 */
int storage_open_tmp(const char *dir, int no_tmpfile, char *err,
    size_t errlen);

/*
 * Test hook: when non-zero, verify() flips one payload byte of the
 * first written page on the medium before reading the file back, so the
 * check must fail.
 */
extern int storage_test_fault;

#endif
