#!/bin/sh
# Small ones found on the way (issue 11): --cool-down without a thermal
# sensor says so once; benchmarks run in the order named on the command
# line.
. "${top_srcdir:-.}/tests/cli/lib.sh"

fast="--profile quick --budget 0.05 --min-sample 0.005 --warmup 0 --no-save --no-monitor"

# the bare fixture has no thermal zone
BOARDBENCH_SYSROOT="$top_srcdir/tests/fixtures/bare" expect 0 "--cool-down without a sensor runs" -- \
	bb run null whetstone $fast --cool-down 50
[ "$(grep -c 'cool-down: no SoC temperature sensor' "$TMP/err")" -eq 1 ]
ok $? "and says once that it cannot wait: $(head -c 120 "$TMP/err")"
BOARDBENCH_SYSROOT="$top_srcdir/tests/fixtures/rpi4" expect 0 "--cool-down with a sensor below the limit" -- \
	bb run null $fast --cool-down 100
! grep -q 'no SoC temperature sensor' "$TMP/err"; ok $? "says nothing"

# the order given, not the registry's (null is the last in the table)
expect 0 "run null whetstone" -- bb run null whetstone $fast --format csv
col=$(head -1 "$TMP/out" | tr ',' '\n' | grep -n '^bench$' | cut -d: -f1)
[ "$(tail -n +2 "$TMP/out" | cut -d, -f"$col" | uniq | tr '\n' ' ')" = "null whetstone " ]
ok $? "null runs first, as named: $(tail -n +2 "$TMP/out" | cut -d, -f"$col" | uniq | tr '\n' ' ')"
expect 0 "run whetstone null" -- bb run whetstone null $fast --format csv
[ "$(tail -n +2 "$TMP/out" | cut -d, -f"$col" | uniq | tr '\n' ' ')" = "whetstone null " ]
ok $? "whetstone runs first, as named"
# named twice and through its group: its cases' rows once each (a second
# run of null would repeat add and ok)
expect 0 "a benchmark named twice runs once" -- bb run null selftest null $fast --format csv
cases=$(head -1 "$TMP/out" | tr ',' '\n' | grep -n '^case$' | cut -d: -f1)
rows=$(tail -n +2 "$TMP/out" | cut -d, -f"$col,$cases" | sort)
[ "$(printf '%s\n' "$rows" | grep -c '^null,add$')" -eq 1 ] &&
    [ -z "$(printf '%s\n' "$rows" | uniq -d)" ]
ok $? "once: $(printf '%s\n' "$rows" | uniq -c | tr '\n' ' ')"
done_testing
