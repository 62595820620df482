#!/bin/sh
# sync: pingpong's seed 004 table (--classic), its mutex mechanism, the
# answering side as a process, passes out of range; wakeup's rows, the
# policy it ran at, --classic, load without another CPU, bad input.
. "${top_srcdir:-.}/tests/cli/lib.sh"

fast="--profile quick --budget 0.05 --min-sample 0.005 --warmup 0 --no-save"

expect 0 "list shows wakeup in the sync group" -- bb list sync
grep -q "^wakeup " "$TMP/out"; ok $? "list names wakeup"

if [ -n "${TEST_RUNNER:-}" ]; then
	# qemu-user aborts when a forked child starts threads (t-mem.sh)
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
		n=$((n + 1)); echo "ok $n # SKIP pingpong and wakeup under qemu-user"
	done
else
	expect 0 "pingpong --classic, mutex and pipe" -- bb run pingpong \
		$fast --classic -p pingpong.mech=mutex,pipe -p pingpong.passes=64 \
		-p pingpong.placement=same,same-procs
	grep -q "^service_name  *min\[cyc/inst\]  *max\[cyc/inst\]  *min\[uS\]  *max\[uS\]  *avg\[uS\]  *cpi" \
		"$TMP/out"
	ok $? "the seed 004 header"
	grep -Eq "^mutex/same-core  +[-0-9/]+ +[-0-9/]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ " \
		"$TMP/out"
	ok $? "a mutex/same-core line with microseconds"
	grep -Eq "^pipe/same-core-procs  +" "$TMP/out"
	ok $? "a line for pong as a process"
	bb info --format json > "$TMP/info.json" 2>/dev/null
	why=$(sed -n 's/^ *"why": "\(.*\)",*$/\1/p' "$TMP/info.json" | head -1)
	if grep -q '"available": false' "$TMP/info.json"; then
		grep -Fq -- "- no counter figures: $why" "$TMP/out"
		ok $? "counter columns '-', the note gives info's reason ($why)"
	else
		grep -q "Cycles and instructions: the sending thread" "$TMP/out"
		ok $? "counters available: the note says what was counted"
	fi
	expect 0 "pingpong mutex both placements" -- bb run pingpong $fast \
		-p pingpong.mech=mutex -p pingpong.passes=50 --format tsv
	st=$(col "$TMP/out" status)
	[ "$(tsv_field "$TMP/out" mutex/same-core "$st")" = OK ]
	ok $? "mutex/same-core is OK"
	if [ "$(nproc 2>/dev/null || echo 1)" -ge 2 ]; then
		[ "$(tsv_field "$TMP/out" mutex/cross-core "$st")" = OK ]
		ok $? "mutex/cross-core is OK"
	else
		[ "$(tsv_field "$TMP/out" mutex/cross-core "$st")" = SKIPPED ]
		ok $? "mutex/cross-core is SKIPPED on one CPU"
	fi

	expect 0 "wakeup on CPU 0" -- bb run wakeup $fast --cpu 0 \
		-p wakeup.loops=20 -p wakeup.interval=500 --format tsv
	st=$(col "$TMP/out" status); un=$(col "$TMP/out" unit)
	ok_rows=0
	for c in cpu0 cpu0/min cpu0/p99 cpu0/p99.9 cpu0/max; do
		[ "$(tsv_field "$TMP/out" $c "$st")" = OK ] &&
		[ "$(tsv_field "$TMP/out" $c "$un")" = s ] &&
		ok_rows=$((ok_rows + 1))
	done
	[ $ok_rows -eq 5 ]; ok $? "rows cpu0, /min, /p99, /p99.9, /max OK in s"
	expect 0 "wakeup --classic, JSON" -- bb run wakeup $fast --cpu 0 --classic \
		-p wakeup.loops=20 -p wakeup.interval=500 --format json
	[ "$(head -c 1 "$TMP/out")" = "{" ] && ! grep -q '^T: ' "$TMP/out" &&
	[ "$(tail -n 1 "$TMP/out")" = "}" ]
	ok $? "--classic with JSON: the JSON alone (the classic view is a text view)"
	grep -q '"sched_fifo": [01]' "$TMP/out" &&
	grep -q '"mlockall": [01]' "$TMP/out" &&
	grep -q '"stack_prefaulted": 1' "$TMP/out"
	ok $? "the row records policy, mlockall and the pre-faulted stack"
	expect 0 "wakeup --classic" -- bb run wakeup $fast --cpu 0 --classic \
		-p wakeup.loops=20 -p wakeup.interval=500
	grep -Eq "^T: 0 \(  cpu0\) P:[ 0-9]+ I:500 C: +[0-9]+ Min: +[0-9]+ Avg: +[0-9]+ P99: +[0-9]+ P99.9: +[0-9]+ Max: +[0-9]+" \
		"$TMP/out" &&
	grep -Eq "(SCHED_FIFO priority 80|normal priority \(SCHED_FIFO refused)" \
		"$TMP/out"
	ok $? "cyclictest's line and the policy in words"
	expect 0 "wakeup load=yes on one CPU" -- bb run wakeup $fast --cpu 0 \
		-p wakeup.loops=20 -p wakeup.load=yes --format tsv
	[ "$(tsv_field "$TMP/out" cpu0 "$(col "$TMP/out" status)")" = SKIPPED ] &&
	grep -q "needs a CPU other than CPU 0" "$TMP/out"
	ok $? "load=yes with one CPU in the run is SKIPPED with the reason"
fi

# bad input: one line on stderr, exit 2, nothing run
expect 2 "pingpong.passes=5" -- bb run pingpong $fast -p pingpong.passes=5
expect 2 "pingpong.passes=2000000" -- \
	bb run pingpong $fast -p pingpong.passes=2000000
expect 2 "pingpong.placement=same-proc" -- \
	bb run pingpong $fast -p pingpong.placement=same-proc
expect 2 "wakeup.interval=10" -- bb run wakeup $fast -p wakeup.interval=10
expect 2 "wakeup.interval=2000000" -- \
	bb run wakeup $fast -p wakeup.interval=2000000
expect 2 "wakeup.loops=5" -- bb run wakeup $fast -p wakeup.loops=5
expect 2 "wakeup.duration=120" -- bb run wakeup $fast -p wakeup.duration=120
expect 2 "wakeup.priority=0" -- bb run wakeup $fast -p wakeup.priority=0
expect 2 "wakeup.load=maybe" -- bb run wakeup $fast -p wakeup.load=maybe
done_testing
