/*
 * t-safe.c - fmt_safe(): text from outside shown on a terminal keeps
 * printable text and UTF-8, and shows control characters (C0, DEL, C1)
 * and bytes that are not UTF-8 as visible escapes, never half of one.
 */
#include "config.h"

#include <string.h>

#include "tap.h"
#include "util.h"

static const char *
safe(const char *s)
{
	static char buf[FMT_SAFE(64)];

	return fmt_safe(buf, sizeof(buf), s);
}

int
main(void)
{
	char small[8];

	is_str(safe("O2 -mcpu=cortex-a72"), "O2 -mcpu=cortex-a72",
	    "printable ASCII is kept");
	is_str(safe("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
	    "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "UTF-8 is kept");
	is_str(safe("a\033[2Jb"), "a\\x1b[2Jb", "ESC becomes \\x1b");
	is_str(safe("1\n2\t3\r4"), "1\\n2\\t3\\r4", "newline, tab, CR");
	is_str(safe("\a\x7f"), "\\x07\\x7f", "BEL and DEL");
	is_str(safe("x\xc2\x9b" "2J"), "x\\xc2\\x9b2J",
	    "a C1 control (U+009B, CSI) in UTF-8");
	is_str(safe("\xc2\xa0"), "\xc2\xa0", "U+00A0 is not C1: kept");
	is_str(safe("\x9b" "2J\xff"), "\\x9b2J\\xff", "bytes that are not UTF-8");
	is_str(safe("\xc0\x80\xed\xa0\x80"), "\\xc0\\x80\\xed\\xa0\\x80",
	    "an overlong NUL and a surrogate are not UTF-8");
	is_str(safe("\xe2\x82"), "\\xe2\\x82", "a cut sequence");
	is_str(fmt_safe(small, sizeof(small), "abcd\033"), "abcd",
	    "cut before an escape that does not fit");
	is_str(fmt_safe(small, sizeof(small), "abcdefghij"), "abcdefg",
	    "plain text cut at the buffer");
	return done_testing();
}
