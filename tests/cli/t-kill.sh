#!/bin/sh
# Nothing measured is lost: SIGKILL after the first case leaves its row in
# an intact store; SIGINT stops, keeps the rows, marks the run interrupted.
. "${top_srcdir:-.}/tests/cli/lib.sh"

fast="--profile quick --budget 0.05 --min-sample 0.005 --warmup 0"
db="$TMP/k.db"

# wait until the store holds N rows (at most 20 s)
wait_rows() {
	i=0
	while [ $i -lt 200 ]; do
		rows=$(bb show --all --db "$db" --format csv 2>/dev/null | grep -c ',null,')
		[ "$rows" -ge "$1" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

$TEST_RUNNER "$BOARDBENCH" run null $fast --db "$db" -p null.mode=hang --timeout 300 >/dev/null 2>&1 &
pid=$!
wait_rows 1; ok $? "the first case's row is committed while the run goes on"
# the next case's child starts a moment later (the pace check comes
# first): wait for it, at most 20 s
i=0
while [ -z "$(pgrep -P $pid)" ] && [ $i -lt 200 ]; do
	sleep 0.1
	i=$((i + 1))
done
kids=$(pgrep -P $pid)
[ -n "$kids" ]; ok $? "the hanging case runs in a child process"
kill -KILL $pid
wait $pid 2>/dev/null
sleep 0.3
bb show --all --db "$db" --format csv > "$TMP/rows.csv" 2>"$TMP/err"
ok $? "the killed run's store opens (quick_check ok)"
grep -q ',null,selftest,add,.*,OK,' "$TMP/rows.csv"; ok $? "its finished row is intact"
if command -v sqlite3 >/dev/null 2>&1; then
	[ "$(sqlite3 "$db" 'PRAGMA integrity_check')" = ok ]
	ok $? "PRAGMA integrity_check: ok"
else
	echo "ok $((n = n + 1)) # SKIP sqlite3 shell not installed"
fi
bb show --list --db "$db" | grep -q " interrupted "; ok $? "the killed run reads as interrupted"
# dead or a zombie waiting for init to reap it; allow 5 s
i=0
while :; do
	alive=0
	for k in $kids; do
		st=$(ps -o stat= -p "$k" 2>/dev/null)
		case $st in ""|Z*) ;; *) alive=1 ;; esac
	done
	[ $alive -eq 0 ] || [ $i -ge 50 ] && break
	sleep 0.1
	i=$((i + 1))
done
[ $alive -eq 0 ]; ok $? "no orphaned child keeps running"

db="$TMP/i.db"
$TEST_RUNNER "$BOARDBENCH" run null $fast --db "$db" -p null.mode=hang --timeout 300 >"$TMP/out" 2>&1 &
pid=$!
wait_rows 1; ok $? "second run: first row committed"
kill -INT $pid
wait $pid
st=$?
[ $st -eq 130 ]; ok $? "SIGINT: exit status 130 ($st)"
grep -q "run interrupted" "$TMP/out"; ok $? "the table says the run was interrupted"
bb show --list --db "$db" | grep -q " interrupted "; ok $? "the run is marked interrupted"
bb show --db "$db" --format csv | grep -q ',add,.*,OK,'; ok $? "its finished row is kept"
done_testing
