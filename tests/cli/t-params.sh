#!/bin/sh
# Parameter values as the run used them: decimal integers (0200 is 200,
# 0x10 refused), stored and shown in canonical form, so that runs typed
# work=1000 and work=1k have their cases in common in compare, and a run
# stored before values were canonical (typed "1k") still matches.
. "${top_srcdir:-.}/tests/cli/lib.sh"

db="$TMP/p.db"
fast="--profile quick --budget 0.05 --min-sample 0.002 --warmup 0 --no-progress"

expect 2 "0x10 is refused" -- bb run --db "$db" $fast -p null.work=0x10 null
expect 0 "0200 runs" -- bb run --db "$db" $fast --format csv -p null.work=0200 \
	--tag octal null
grep -q '"mode=ok,work=200[,"]' "$TMP/out"; ok $? "0200 is stored and shown as 200"

expect 0 "a run with work=1000" -- bb run --db "$db" $fast -p null.work=1000 \
	--tag plain null
grep -q 'work=1000' "$TMP/out"; ok $? "the text output shows work=1000"
expect 0 "a run with work=1k" -- bb run --db "$db" $fast -p null.work=1k \
	--tag suffix null
grep -q 'work=1000' "$TMP/out" && ! grep -q 'work=1k' "$TMP/out"
ok $? "1k is shown as 1000"
expect 0 "show the 1k run as csv" -- bb show --db "$db" --format csv last
grep -q '"mode=ok,work=1000[,"]' "$TMP/out"; ok $? "and stored as 1000"

expect 0 "compare work=1000 with work=1k" -- bb compare --db "$db" plain suffix
grep -q '^null  *add ' "$TMP/out" && ! grep -q 'no case in common' "$TMP/out"
ok $? "the two runs have their cases in common"

# a run exported before canonical values: its params say work=1k
expect 0 "export the 1000 run" -- bb export --db "$db" plain
sed 's/work=1000/work=1k/' "$TMP/out" > "$TMP/old.json"
grep -q 'work=1k' "$TMP/old.json"; ok $? "the old-style file says work=1k"
expect 0 "compare an old-style file with a new run" -- \
	bb compare --db "$db" "$TMP/old.json" suffix
grep -q '^null  *add ' "$TMP/out"; ok $? "the old typed value matches"
done_testing
