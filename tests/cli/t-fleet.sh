#!/bin/sh
# scripts/fleet against three OpenSSH servers started here as plain
# processes on 127.0.0.1 (tests/cli/lib-sshd.sh): every host's run lands
# in the store with its tag, compare lists every host, --resume skips them
# all, and a stopped server makes its host fail with one clear line while
# the others merge (exit 1).  Skips (77) without ansible-playbook or sshd.
# Every process started here is stopped at the end, also on failure.
. "${top_srcdir:-.}/tests/cli/lib.sh"
. "$top_srcdir/tests/cli/lib-sshd.sh"

FLEET="$top_srcdir/scripts/fleet"
sshd_init
mkdir -p "$TMP/bin" "$TMP/h1" "$TMP/h2" "$TMP/h3" || exit 99
sshd_hosts 3

# one binary for every variant: the hosts are this machine
for v in x86_64 arm64 armhf armel armel-soft; do
	cp "$BOARDBENCH" "$TMP/bin/boardbench-$v" || exit 99
done

cat >"$TMP/inventory" <<EOF
[boards]
h1 ansible_host=127.0.0.1 ansible_port=$PORT1 boardbench_tmp=$TMP/h1
h2 ansible_host=127.0.0.1 ansible_port=$PORT2 boardbench_tmp=$TMP/h2
h3 ansible_host=127.0.0.1 ansible_port=$PORT3 boardbench_tmp=$TMP/h3 boardbench_tag=third

EOF
sshd_inventory_vars >>"$TMP/inventory" || exit 99

DB=$TMP/fleet.db
RUNARGS="--profile quick null"

# usage errors: one line, exit 2, nothing run
expect 2 "no inventory: exit 2" -- "$FLEET"
expect 2 "--db among the run arguments is refused" -- \
	"$FLEET" "$TMP/inventory" --bin-dir "$TMP/bin" -- --db x null
expect 2 "neither --build nor --bin-dir" -- "$FLEET" "$TMP/inventory"
expect 2 "--build with --bin-dir" -- "$FLEET" "$TMP/inventory" --build --bin-dir "$TMP/bin"
[ ! -e fleet-inventory ] && [ ! -e "$DB" ]
ok $? "a usage error made no job folder and no store"

# tags in the store: complete runs, one line each (TAG)
tags() {
	bb show --list --db "$DB" | awk 'NR > 1 && $3 == "complete" { print $5 }' | sort | tr '\n' ' '
}
# compare's column lines in FILE: the tags it lists
columns() {
	sed -n 's/^== [A-Z] \([^:]*\): run .*/\1/p' "$1" | tr '\n' ' '
}

# ---- every host runs --------------------------------------------------------------
"$FLEET" "$TMP/inventory" --bin-dir "$TMP/bin" --work "$TMP/job1" --db "$DB" \
	-- $RUNARGS >"$TMP/out1" 2>"$TMP/err1"
st=$?
ok $st "three hosts ran (exit $st)"
[ $st -eq 0 ] || { sed 's/^/# /' "$TMP/err1"; tail -30 "$TMP/job1/fleet.log" | sed 's/^/# log: /'; }
[ "$(tags)" = "h1 h2 third " ]
ok $? "the store holds one complete run per host with its tag: $(tags)"
[ "$(columns "$TMP/out1")" = "h1 h2 third " ]
ok $? "compare lists every host: $(columns "$TMP/out1")"
grep -q '^null  *add\( \|$\)' "$TMP/out1"
ok $? "the comparison has the benchmark's rows"
left=$(find "$TMP/h1" "$TMP/h2" "$TMP/h3" -mindepth 1 | wc -l)
[ "$left" -eq 0 ]
ok $? "nothing is left on the hosts ($left files)"
[ -s "$TMP/job1/fetched/h1.json" ] && [ -s "$TMP/job1/logs/h2.run.txt" ]
ok $? "fetched runs and run outputs are in the job folder"
! grep -qv '^20[0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-9:]*Z ' "$TMP/job1/fleet.log" &&
	grep -q ' ansible: PLAY RECAP' "$TMP/job1/fleet.log"
ok $? "every line of the log is timestamped, Ansible's output included"

# ---- --resume skips every host ------------------------------------------------------
"$FLEET" "$TMP/inventory" --bin-dir "$TMP/bin" --work "$TMP/job1" --db "$DB" \
	--resume -- $RUNARGS >"$TMP/out2" 2>"$TMP/err2"
st=$?
ok $st "--resume: exit $st"
[ $st -eq 0 ] || sed 's/^/# /' "$TMP/err2"
[ "$(grep -c 'is in the store, skipped' "$TMP/err2")" -eq 3 ] &&
	grep -q 'in the store already' "$TMP/err2" && ! grep -q 'running on' "$TMP/err2"
ok $? "--resume skips all three hosts and runs nothing"
[ "$(bb show --list --db "$DB" | wc -l)" -eq 4 ]
ok $? "--resume added no run"
[ "$(columns "$TMP/out2")" = "h1 h2 third " ]
ok $? "--resume still compares every host"

# ---- a stopped server ----------------------------------------------------------------
stop_sshd "$PID2"
# (its pid is not ours any more)
PIDS=$(for p in $PIDS; do [ "$p" = "$PID2" ] || printf '%s ' "$p"; done)
"$FLEET" "$TMP/inventory" --bin-dir "$TMP/bin" --work "$TMP/job2" --db "$DB" \
	--serial -- $RUNARGS >"$TMP/out3" 2>"$TMP/err3"
st=$?
[ $st -eq 1 ]
ok $? "a stopped server: exit $st (want 1)"
grep 'host h2 FAILED: .*\(127\.0\.0\.1\|[Cc]onnect\)' "$TMP/err3" >"$TMP/line"
st=$?
ok $st "one clear line for h2: $(head -c 200 "$TMP/line")"
[ $st -eq 0 ] || sed 's/^/# /' "$TMP/err3"
[ "$(grep -c FAILED "$TMP/err3")" -eq 1 ]
ok $? "only h2 failed"
[ "$(columns "$TMP/out3")" = "h1 third " ]
ok $? "the others merge and are compared: $(columns "$TMP/out3")"
[ "$(tags)" = "h1 h1 h2 third third " ]
ok $? "the store gained their runs: $(tags)"

# ---- the server is back: --resume runs only that host -----------------------------------
start_sshd 2
st=$?
ok $st "sshd 2 listens again on 127.0.0.1:$PORT"
[ $st -eq 0 ] || done_testing
PIDS="$PIDS $PID"
if [ "$PORT" != "$PORT2" ]; then
	sed "s/ansible_port=$PORT2 /ansible_port=$PORT /" "$TMP/inventory" >"$TMP/inv.new" &&
		mv "$TMP/inv.new" "$TMP/inventory"
fi
"$FLEET" "$TMP/inventory" --bin-dir "$TMP/bin" --work "$TMP/job2" --db "$DB" \
	--resume -- $RUNARGS >"$TMP/out4" 2>"$TMP/err4"
st=$?
ok $st "--resume after the failure: exit $st"
[ $st -eq 0 ] || sed 's/^/# /' "$TMP/err4"
grep -q 'host h1: its run .* is in the store, skipped' "$TMP/err4" &&
	grep -q 'host h3: its run .* is in the store, skipped' "$TMP/err4" &&
	grep -q 'running on 1 host(s)' "$TMP/err4"
ok $? "--resume runs only the host that failed"
[ "$(tags)" = "h1 h1 h2 h2 third third " ]
ok $? "its run joined the store: $(tags)"
[ "$(columns "$TMP/out4")" = "h1 h2 third " ]
ok $? "the job's comparison lists every host again: $(columns "$TMP/out4")"

done_testing
