#!/bin/sh
# The store: export then import gives the same rows; foreign and corrupt
# files are refused and left untouched; the default path.
. "${top_srcdir:-.}/tests/cli/lib.sh"

fast="--profile quick --budget 0.05 --min-sample 0.005 --warmup 0"
a="$TMP/a.db"
b="$TMP/b.db"

bb run null $fast --db "$a" --tag x >/dev/null 2>&1; ok $? "run into store a"
bb run null $fast --db "$a" --tag y -p null.mode=bad >/dev/null 2>&1
ok $(( $? != 1 )) "a second run with a bad result (exit 1)"
expect 0 "export" -- bb export --db "$a"
cp "$TMP/out" "$TMP/a.json"
expect 0 "import into store b" -- bb import --db "$b" "$TMP/a.json"
grep -q "imported 2 runs" "$TMP/err"; ok $? "two runs imported"
bb show --all --db "$a" --format csv | cut -d, -f2- > "$TMP/a.csv"
bb show --all --db "$b" --format csv | cut -d, -f2- > "$TMP/b.csv"
cmp -s "$TMP/a.csv" "$TMP/b.csv"; ok $? "the same rows, samples and stats"
[ "$(wc -l < "$TMP/a.csv")" -eq 5 ]; ok $? "four rows and a header"
bb export --db "$a" | sed 's/"id": [0-9]*/"id": 0/' > "$TMP/a2.json"
bb export --db "$b" | sed 's/"id": [0-9]*/"id": 0/' > "$TMP/b2.json"
cmp -s "$TMP/a2.json" "$TMP/b2.json"; ok $? "exports of both stores are identical"
expect 0 "import again" -- bb import --db "$b" "$TMP/a.json"
grep -q "skipped 2 already in the store" "$TMP/err"; ok $? "re-import is skipped"

echo "this is not a database at all, but a user's notes" > "$TMP/notes.txt"
cp "$TMP/notes.txt" "$TMP/notes.orig"
expect 2 "a text file is refused" -- bb run null $fast --db "$TMP/notes.txt"
cmp -s "$TMP/notes.txt" "$TMP/notes.orig"; ok $? "and left untouched"
cp "$a" "$TMP/c.db"
# damage the pages after the header
dd if=/dev/urandom of="$TMP/c.db" bs=1024 seek=2 count=6 conv=notrunc 2>/dev/null
cp "$TMP/c.db" "$TMP/c.orig"
expect 2 "a corrupt store is refused" -- bb run null $fast --db "$TMP/c.db"
cmp -s "$TMP/c.db" "$TMP/c.orig"; ok $? "and left untouched"
expect 2 "show refuses it too" -- bb show --db "$TMP/c.db"

expect 0 "default store under XDG_DATA_HOME" -- bb run null $fast
test -f "$XDG_DATA_HOME/boardbench/results.db"; ok $? "made at the default path"
expect 0 "--no-save" -- bb run null $fast --no-save
expect 0 "show from the default store" -- bb show
done_testing
