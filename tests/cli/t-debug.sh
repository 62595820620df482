#!/bin/sh
# ./configure --enable-debug builds at -O0 with ASan and UBSan: the debug
# flags come after the default -O2, the build identity says so, and the
# sanitizers are really in the program.  A normal build has none of them.
. "${top_srcdir:-.}/tests/cli/lib.sh"

expect 0 "info" -- bb info
cflags=$(awk '$1 == "build.cflags" { $1 = ""; print }' "$TMP/out")
ol=$(awk '$1 == "build.opt_level" { print $2 }' "$TMP/out")
if [ "${ENABLE_DEBUG:-no}" = yes ]; then
	[ "$ol" = -O0 ]; ok $? "the debug build is -O0 (build.opt_level $ol)"
	case $cflags in
	*-fsanitize=address,undefined*) st=0 ;;
	*) st=1 ;;
	esac
	ok $st "its CFLAGS end with the sanitizers ($cflags)"
	ASAN_OPTIONS=help=1 bb list > "$TMP/asan" 2>&1
	grep -q 'AddressSanitizer' "$TMP/asan"; ok $? "ASan runs in the program"
else
	case $cflags in
	*-fsanitize*) st=1 ;;
	*) st=0 ;;
	esac
	ok $st "a normal build has no sanitizers ($cflags)"
fi
done_testing
