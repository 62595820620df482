#!/bin/sh
# t-media.sh - the mp3 benchmark from the command line: in a build with
# libmpg123 and libmp3lame, an OK row in s/s and its frames row in CSV;
# without them, one SKIPPED row naming the missing library; a bit rate
# MPEG-1 does not have is bad input.
. "${top_srcdir:-.}/tests/cli/lib.sh"

expect 0 "run mp3, quick" -- bb run mp3 --profile quick --no-save \
	--format csv -p mp3.seconds=1 --no-monitor
if [ "${HAVE_MPG123:-}" = yesyes ]; then
	grep -q ',mp3,media,decode/128kbps,.*,OK,.*,s/s,' "$TMP/out"
	ok $? "an OK decode row in s/s"
	grep -q ',decode/128kbps/frames,.*,OK,.*,frame/s,' "$TMP/out"
	ok $? "and its frames row"
else
	grep -q ',SKIPPED,.*built without lib' "$TMP/out"
	ok $? "SKIPPED with the missing library named"
fi
expect 2 "a bit rate MPEG-1 has not" -- \
	bb run mp3 --no-save -p mp3.bitrate=100
expect 2 "too long a signal" -- bb run mp3 --no-save -p mp3.seconds=61
done_testing
