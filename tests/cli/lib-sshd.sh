# lib-sshd.sh - for the tests that drive scripts/fleet: OpenSSH servers
# started as plain processes on 127.0.0.1 (own ports, host keys,
# authorized_keys and folders; the current user; nothing of the system's
# configuration is used or changed), and ssh and Ansible set up to reach
# them and nothing else.  Sourced after lib.sh, then:
#   sshd_why_not      why they cannot run here (empty when they can)
#   sshd_init         skips the test (77) without ansible-playbook, sshd or
#                     ssh; makes the keys; at exit stops every server
#                     started here (also on failure) and removes $TMP;
#                     the working folder is $TMP
#   sshd_hosts N      starts N servers, one test each; PORT1.., PID1..
#   sshd_inventory_vars  the [boards:vars] lines that reach them
#   start_sshd I, stop_sshd PID...

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
sshd_cleanup() {
	stop_sshd $PIDS
	rm -rf "$TMP"
}

# sshd_why_not: why the local boards cannot be set up here (one line on
# stdout), or nothing when they can
sshd_why_not() {
	if [ -n "${TEST_RUNNER:-}" ]; then
		echo "a cross build (TEST_RUNNER is set): its binary cannot run on the local hosts"
	elif ! command -v ansible-playbook >/dev/null 2>&1 || ! command -v ansible >/dev/null 2>&1; then
		echo "no ansible-playbook (Debian package ansible)"
	elif [ ! -x /usr/sbin/sshd ]; then
		echo "no /usr/sbin/sshd (Debian package openssh-server)"
	elif ! command -v ssh >/dev/null 2>&1 || ! command -v ssh-keygen >/dev/null 2>&1; then
		echo "no ssh or ssh-keygen (Debian package openssh-client)"
	fi
}

sshd_init() {
	why=$(sshd_why_not)
	[ -z "$why" ] || skip_all "$why"
	SSHD=/usr/sbin/sshd

	trap sshd_cleanup EXIT
	trap 'exit 130' INT TERM HUP PIPE
	mkdir -p "$S" "$TMP/rtmp" && cd "$TMP" || exit 99
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
}

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


# sshd_hosts N: N servers listening, one test each (the test ends when one
# does not start); PORTi and PIDi for i = 1..N, and PIDS
sshd_hosts() {
	_n=1
	while [ $_n -le "$1" ]; do
		start_sshd $_n
		st=$?
		ok $st "sshd $_n listens on 127.0.0.1:$PORT"
		[ $st -eq 0 ] || done_testing
		PIDS="$PIDS $PID"
		eval "PORT$_n=$PORT PID$_n=$PID"
		_n=$((_n + 1))
	done
}

# sshd_inventory_vars: an inventory's [boards:vars] section for these
# servers (this user, its key, the known host keys, this machine's Python)
sshd_inventory_vars() {
	cat <<EOF
[boards:vars]
ansible_user=$user
ansible_ssh_private_key_file=$S/user
ansible_ssh_common_args=-F /dev/null -o UserKnownHostsFile=$S/known_hosts -o GlobalKnownHostsFile=/dev/null -o IdentitiesOnly=yes
ansible_python_interpreter=$py
ansible_remote_tmp=$TMP/rtmp
ansible_pipelining=true
EOF
}
