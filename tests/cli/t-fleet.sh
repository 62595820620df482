#!/bin/sh
# scripts/fleet against three OpenSSH servers started here as plain
# processes on 127.0.0.1 (own ports, host keys, authorized_keys and
# folders; the current user; nothing of the system's configuration is used
# or changed): every host's run lands in the store with its tag, compare
# lists every host, --resume skips them all, and a stopped server makes
# its host fail with one clear line while the others merge (exit 1).
# Skips (77) without ansible-playbook or sshd.  Every process started here
# is stopped at the end, also on failure.
. "${top_srcdir:-.}/tests/cli/lib.sh"

[ -z "${TEST_RUNNER:-}" ] ||
	skip_all "a cross build (TEST_RUNNER is set): its binary cannot run on the local hosts"
command -v ansible-playbook >/dev/null 2>&1 && command -v ansible >/dev/null 2>&1 ||
	skip_all "no ansible-playbook (Debian package ansible)"
SSHD=/usr/sbin/sshd
[ -x "$SSHD" ] || skip_all "no $SSHD (Debian package openssh-server)"
command -v ssh >/dev/null 2>&1 && command -v ssh-keygen >/dev/null 2>&1 ||
	skip_all "no ssh or ssh-keygen (Debian package openssh-client)"

FLEET="$top_srcdir/scripts/fleet"
S=$TMP/ssh
PIDS=
# stop every sshd started here (and a connection of one still open)
stop_sshd() {
	for p in "$@"; do
		for c in $(ps -o pid= --ppid "$p" 2>/dev/null); do
			kill "$c" 2>/dev/null
		done
		kill "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
}
cleanup() {
	stop_sshd $PIDS
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP PIPE

mkdir -p "$S" "$TMP/bin" "$TMP/rtmp" && cd "$TMP" || exit 99
# ssh and Ansible see only what is made here
unset SSH_AUTH_SOCK SSH_AGENT_PID ANSIBLE_SSH_EXTRA_ARGS ANSIBLE_CALLBACKS_ENABLED
: >"$TMP/ansible.cfg"
export ANSIBLE_CONFIG="$TMP/ansible.cfg"
# no persistent ssh master left behind
export ANSIBLE_SSH_ARGS="-o ControlMaster=no"
export ANSIBLE_HOST_KEY_CHECKING=True
user=$(id -un)
# the hosts are this machine: their Python is the one Ansible runs on
py=$(sed -n '1s/^#! *\([^ ]*\).*/\1/p' "$(command -v ansible-playbook)")
case $py in
*/env|'') py=auto_silent ;;
esac
[ "$py" = auto_silent ] || [ -x "$py" ] || py=auto_silent

ssh-keygen -q -t ed25519 -N '' -C fleet-test -f "$S/user" || exit 99
cp "$S/user.pub" "$S/authorized_keys" || exit 99
: >"$S/known_hosts"

# As root, sshd needs its privilege separation folder /run/sshd: in a
# private mount namespace (a tmpfs on /run that only this sshd sees) when
# the kernel allows one, else the folder the openssh-server package itself
# makes at start (never removed: another sshd may be using it).
wrap=
if [ "$(id -u)" = 0 ] && [ ! -d /run/sshd ]; then
	if unshare -m sh -c 'mount -t tmpfs tmpfs /run' >/dev/null 2>&1; then
		wrap=ns
	else
		mkdir -p /run/sshd && chmod 755 /run/sshd || exit 99
		echo "# made /run/sshd (sshd's privilege separation folder)"
	fi
fi

# Not root: sshd without PAM refuses an account whose password is locked,
# as CI users' often are; PAM's account check lets a key in.
pam=no
[ "$(id -u)" = 0 ] || pam=yes

# start_sshd N: an sshd on a free port of 127.0.0.1; sets PORT and PID
start_sshd() {
	i=$1
	[ -f "$S/host$i" ] ||
		ssh-keygen -q -t ed25519 -N '' -C "fleet-test-$i" -f "$S/host$i" || return 1
	tries=0
	while [ $tries -lt 20 ]; do
		tries=$((tries + 1))
		PORT=$((20000 + ($$ * 7 + i * 1013 + tries * 331) % 40000))
		cat >"$S/sshd$i.conf" <<EOF
ListenAddress 127.0.0.1
Port $PORT
HostKey $S/host$i
AuthorizedKeysFile $S/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM $pam
StrictModes no
PermitRootLogin prohibit-password
AllowUsers $user
PidFile none
Subsystem sftp internal-sftp
EOF
		: >"$S/sshd$i.log"
		if [ "$wrap" = ns ]; then
			unshare -m sh -c 'mount -t tmpfs tmpfs /run && mkdir /run/sshd && exec "$@"' sh \
				"$SSHD" -D -e -f "$S/sshd$i.conf" 2>>"$S/sshd$i.log" &
		else
			"$SSHD" -D -e -f "$S/sshd$i.conf" 2>>"$S/sshd$i.log" &
		fi
		PID=$!
		w=0
		while [ $w -lt 100 ]; do
			grep -q 'Server listening' "$S/sshd$i.log" && {
				echo "[127.0.0.1]:$PORT $(cut -d' ' -f1-2 "$S/host$i.pub")" >>"$S/known_hosts"
				return 0
			}
			kill -0 "$PID" 2>/dev/null || break
			sleep 0.1
			w=$((w + 1))
		done
		stop_sshd "$PID"
		grep -q 'Address already in use' "$S/sshd$i.log" || {
			sed 's/^/# sshd: /' "$S/sshd$i.log"
			return 1
		}
	done
	return 1
}

for i in 1 2 3; do
	start_sshd $i
	st=$?
	ok $st "sshd $i listens on 127.0.0.1:$PORT"
	[ $st -eq 0 ] || done_testing
	PIDS="$PIDS $PID"
	eval "PORT$i=$PORT PID$i=$PID"
	mkdir -p "$TMP/h$i" || exit 99
done

# one binary for every variant: the hosts are this machine
for v in x86_64 arm64 armhf armel armel-soft; do
	cp "$BOARDBENCH" "$TMP/bin/boardbench-$v" || exit 99
done

cat >"$TMP/inventory" <<EOF
[boards]
h1 ansible_host=127.0.0.1 ansible_port=$PORT1 boardbench_tmp=$TMP/h1
h2 ansible_host=127.0.0.1 ansible_port=$PORT2 boardbench_tmp=$TMP/h2
h3 ansible_host=127.0.0.1 ansible_port=$PORT3 boardbench_tmp=$TMP/h3 boardbench_tag=third

[boards:vars]
ansible_user=$user
ansible_ssh_private_key_file=$S/user
ansible_ssh_common_args=-F /dev/null -o UserKnownHostsFile=$S/known_hosts -o GlobalKnownHostsFile=/dev/null -o IdentitiesOnly=yes
ansible_python_interpreter=$py
ansible_remote_tmp=$TMP/rtmp
ansible_pipelining=true
EOF

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
