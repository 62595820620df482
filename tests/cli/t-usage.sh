#!/bin/sh
# Bad input: one clear line on stderr, exit status 2, and the store untouched.
. "${top_srcdir:-.}/tests/cli/lib.sh"

db="$TMP/s.db"
bb run null --profile quick --db "$db" --budget 0.05 >/dev/null 2>&1
ok $? "a first run makes a store"
cp "$db" "$TMP/before.db"

expect 2 "unknown benchmark" -- bb run linpak --db "$db"
grep -q "did you mean 'linpack'" "$TMP/err"; ok $? "suggests the closest name"
expect 2 "unknown group" -- bb run cpuu --db "$db"
expect 2 "-p unknown parameter" -- bb run linpack -p linpack.m=5 --db "$db"
grep -q "it has: n" "$TMP/err"; ok $? "lists the parameters it has"
expect 2 "-p non-number" -- bb run linpack -p linpack.n=abc --db "$db"
expect 2 "-p out of range" -- bb run linpack -p linpack.n=5001 --db "$db"
grep -q "10 to 5000" "$TMP/err"; ok $? "says the allowed range"
expect 2 "-p below range" -- bb run linpack -p linpack.n=9 --db "$db"
expect 2 "-p malformed" -- bb run linpack -p linpack --db "$db"
expect 2 "-p unknown target" -- bb run linpack -p nope.n=5 --db "$db"
expect 2 "unknown --format" -- bb run null --format xml --db "$db"
expect 2 "unknown --profile" -- bb run null --profile fast --db "$db"
expect 2 "--db in a missing folder" -- bb run null --db "$TMP/no/such/dir/x.db"
test ! -e "$TMP/no"; ok $? "the missing folder was not made"
expect 2 "--copies 0" -- bb run null --copies 0 --db "$db"
expect 2 "--copies above 4 x CPUs" -- bb run null --copies 100000 --db "$db"
expect 2 "--processes 0" -- bb run null --processes 0 --db "$db"
expect 2 "--processes above 100" -- bb run null --processes 101 --db "$db"
expect 2 "--cpu that does not exist" -- bb run null --cpu 4095 --db "$db"
expect 2 "--cpu malformed" -- bb run null --cpu 1-x --db "$db"
expect 2 "unknown option" -- bb run --frobnicate --db "$db"
expect 2 "unknown command" -- bb frobnicate
expect 2 "no command" -- bb
expect 2 "show of a run that does not exist" -- bb show 999 --db "$db"
expect 2 "show --format unknown" -- bb show --format yaml --db "$db"
expect 2 "show of a missing store" -- bb show --db "$TMP/none.db"
test ! -e "$TMP/none.db"; ok $? "show does not create a store"
echo 'hello, not json' > "$TMP/bad.json"
expect 2 "import of a file that is not JSON" -- bb import --db "$db" "$TMP/bad.json"
echo '{"tool":"other","runs":[]}' > "$TMP/other.json"
expect 2 "import of foreign JSON" -- bb import --db "$db" "$TMP/other.json"
bb export --db "$db" > "$TMP/good.json" 2>/dev/null
head -c 300 "$TMP/good.json" > "$TMP/trunc.json"
expect 2 "import of a truncated export" -- bb import --db "$db" "$TMP/trunc.json"
expect 2 "import of a missing file" -- bb import --db "$db" "$TMP/missing.json"
expect 2 "import with no file" -- bb import --db "$db"
expect 2 "info --format unknown" -- bb info --format xml
cmp -s "$db" "$TMP/before.db"; ok $? "the store is byte for byte untouched"

for c in list info run show export import compare; do
	expect 0 "$c --help" -- bb $c --help
	grep -q "usage: boardbench $c" "$TMP/out"; ok $? "$c --help prints its usage"
	# printed as it is, not through printf: a per cent sign is one
	! grep -q '%%' "$TMP/out"; ok $? "$c --help: no doubled per cent sign"
done
expect 0 "--version" -- bb --version
grep -q "^boardbench [0-9]" "$TMP/out"; ok $? "--version prints the version"
expect 0 "--help" -- bb --help
done_testing
