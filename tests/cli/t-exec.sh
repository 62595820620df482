#!/bin/sh
# exec: any program measured like a benchmark (issue 15): fake programs
# printing numbers, --parse, a missing program and a bad regex exit 2, a
# regex that does not match is FAILED with the output's last line, a
# non-zero exit is FAILED with its status, the timing row is stored and
# two exec runs compare; the man page's 7zz and sysbench recipes when the
# programs are installed.
. "${top_srcdir:-.}/tests/cli/lib.sh"

db="$TMP/e.db"
mkdir -p "$TMP/bin"
# fake programs: a number on stdout, one on stderr, a failure, no number
cat > "$TMP/bin/fake-score" <<'EOS'
#!/bin/sh
echo "warming up"
echo "score: 1234.5 points"
echo "done"
EOS
cat > "$TMP/bin/fake-stderr" <<'EOS'
#!/bin/sh
echo "nothing here"
echo "rate = 42 ops" >&2
EOS
cat > "$TMP/bin/fake-fail" <<'EOS'
#!/bin/sh
echo "broken"
exit 7
EOS
cat > "$TMP/bin/fake-words" <<'EOS'
#!/bin/sh
echo "first line"
printf 'the end \033[2J of it\n'
EOS
chmod +x "$TMP/bin/"*

# field F of the TSV data line (second line) of the last output
f() { awk -F '\t' -v c="$(col "$TMP/out" "$1")" 'NR == 2 { print $c }' "$TMP/out"; }

expect 0 "timing row of a fake program" -- bb exec --db "$db" --tag A \
	--format tsv --repeat 2 -- "$TMP/bin/fake-score"
[ "$(f bench)/$(f case)/$(f unit)/$(f better)/$(f n)/$(f status)" = \
	"exec/fake-score/s/lower/2/OK" ]; ok $? "bench exec, case = basename, s, lower, 2 samples"
awk -v v="$(f value)" 'BEGIN { exit !(v > 0 && v < 60) }'; ok $? "a wall time"
expect 0 "the row is stored" -- bb show --db "$db" --format tsv last
[ "$(f bench)/$(f case)/$(f n)" = "exec/fake-score/2" ]; ok $? "show lists the stored exec row"
grep -q 'boardbench exec' "$TMP/out" || bb show --db "$db" --format json last | grep -q '"argv": "boardbench exec'
ok $? "the run keeps its command line"
bb export --db "$db" >"$TMP/e.json" 2>&1
grep -q '"mon.pace":' "$TMP/e.json"; ok $? "the row has its pace check (drifted is judged)"
grep -q '"noise_floor":' "$TMP/e.json"; ok $? "the run keeps the pace at its start"

expect 0 "--parse a number from stdout" -- bb exec --no-save --format tsv \
	--name mine --parse 'score: ([0-9.]+)' --unit points --better higher \
	-- "$TMP/bin/fake-score"
[ "$(f case)/$(f value)/$(f unit)/$(f better)/$(f n)" = "mine/1234.5/points/higher/3" ]
ok $? "--name, the captured value, unit and direction, 3 samples by default"
oldpath=$PATH
PATH="$TMP/bin:$PATH"
expect 0 "--parse from stderr, program found on PATH" -- \
	bb exec --no-save --format tsv --parse 'rate = ([0-9]+)' --unit op/s \
	--better higher -- fake-stderr
PATH=$oldpath
[ "$(f case)/$(f value)" = "fake-stderr/42" ]; ok $? "the number on stderr"

expect 2 "a program that does not exist" -- bb exec --no-save -- "$TMP/bin/no-such-program"
expect 2 "not on PATH either" -- bb exec --no-save -- no-such-program-bb
expect 2 "an invalid regex" -- bb exec --no-save --parse '([0-9]' --unit x --better higher -- "$TMP/bin/fake-score"
expect 2 "a regex without a group" -- bb exec --no-save --parse '[0-9]+' --unit x --better higher -- "$TMP/bin/fake-score"
expect 2 "--parse without --unit" -- bb exec --no-save --parse '([0-9]+)' -- "$TMP/bin/fake-score"
expect 2 "bad --better" -- bb exec --no-save --parse '([0-9]+)' --unit x --better up -- "$TMP/bin/fake-score"
expect 2 "bad --repeat" -- bb exec --no-save --repeat 0 -- "$TMP/bin/fake-score"
expect 2 "no program" -- bb exec --no-save

# the measuring options run and exec share are one parser's: the same bad
# value is refused by both with the same line (but the command's name)
# and the same exit status
for o in "--hot-temp 5" "--hot-temp x" "--timeout 0" "--format xml" \
    "--db $TMP/d.db --no-save"; do
	bb run $o null >/dev/null 2>"$TMP/run.err"
	rr=$?
	bb exec $o -- "$TMP/bin/fake-score" >/dev/null 2>"$TMP/exec.err"
	re=$?
	sed 's/exec/run/g' "$TMP/exec.err" >"$TMP/exec.run"
	[ "$rr" -eq 2 ] && [ "$re" -eq 2 ] && [ -s "$TMP/run.err" ] &&
	    cmp -s "$TMP/run.err" "$TMP/exec.run"
	ok $? "run and exec refuse $o alike (exit $rr/$re: $(cat "$TMP/exec.err"))"
done

expect 1 "a regex that does not match" -- bb exec --no-save --format tsv \
	--parse 'score: ([0-9]+)' --unit x --better higher -- "$TMP/bin/fake-words"
[ "$(f status)" = FAILED ]; ok $? "the row is FAILED"
f reason | grep -q 'last line: the end \\x1b\[2J of it$'; ok $? "the reason is the last line, escaped ($(f reason))"
expect 1 "a program exiting non-zero" -- bb exec --no-save --format tsv -- "$TMP/bin/fake-fail"
[ "$(f status)" = FAILED ] && f reason | grep -q 'status 7'; ok $? "FAILED with its status ($(f reason))"

expect 0 "a second timing run" -- bb exec --db "$db" --tag B --repeat 2 -- "$TMP/bin/fake-score"
expect 0 "compare two exec runs" -- bb compare --db "$db" A B
grep -q '^exec  *fake-score ' "$TMP/out"; ok $? "compare has the exec row"

# the man page's recipes, when the programs are installed
if command -v 7zz >/dev/null 2>&1; then
	expect 0 "recipe: 7zz b" -- bb exec --no-save --format tsv --repeat 1 \
		--name 7zip --parse 'Tot:[[:space:]]+[0-9]+[[:space:]]+[0-9]+[[:space:]]+([0-9]+)' \
		--unit MIPS --better higher -- 7zz b 1 -mmt1 -md16
	awk -v v="$(f value)" 'BEGIN { exit !(v > 0) }' && [ "$(f unit)" = MIPS ]
	ok $? "7zz rating in MIPS ($(f value))"
else
	echo "ok $((n = n + 1)) # SKIP 7zz not installed"
fi
if command -v sysbench >/dev/null 2>&1; then
	expect 0 "recipe: sysbench cpu run" -- bb exec --no-save --format tsv --repeat 1 \
		--name sysbench-cpu --parse 'events per second:[[:space:]]*([0-9.]+)' \
		--unit event/s --better higher -- sysbench cpu --time=1 run
	awk -v v="$(f value)" 'BEGIN { exit !(v > 0) }'; ok $? "sysbench events per second ($(f value))"
else
	echo "ok $((n = n + 1)) # SKIP sysbench not installed"
fi

done_testing
