#!/bin/sh
# scripts/fleet reads an inventory as data, never as code (issues 25 and
# 41), with the real ansible-inventory: a template anywhere ({{, {%), an
# inventory plugin (the generator, whose lookup ran twice), an executable
# inventory script, and host variables that make this machine run a
# program (ansible_ssh_executable, ProxyCommand in ssh arguments, an
# interpreter of a local host, also from group_vars beside the file) are
# each refused in one line (exit 2), never a traceback, before any
# playbook runs and with no job folder; --trust-inventory lets the user's
# own inventory through.  Every value that passes reaches the playbook
# marked unsafe.  No sshd: the only playbook run is on this machine
# (ansible_connection=local), and it stops at the temporary folder.
# Skips (77) without ansible-playbook, ansible-inventory or python3.
. "${top_srcdir:-.}/tests/cli/lib.sh"

for t in ansible-playbook ansible-inventory python3; do
	command -v $t >/dev/null 2>&1 ||
		skip_all "no $t (Debian packages ansible-core, python3)"
done
FLEET="$top_srcdir/scripts/fleet"
cd "$TMP" || exit 99
unset ANSIBLE_CALLBACKS_ENABLED ANSIBLE_SSH_EXTRA_ARGS
: >"$TMP/ansible.cfg"
export ANSIBLE_CONFIG="$TMP/ansible.cfg"
# never a real benchmark run, even if a template got through
mkdir -p "$TMP/bin" || exit 99
# (it fails with an ESC, a C1 CSI and a C1 OSC on its stderr)
printf '#!/bin/sh\nprintf "bad\\033[2J\\302\\2332J\\302\\235X\\n" >&2\nexit 1\n' \
    >"$TMP/bin/boardbench-x86_64"
chmod +x "$TMP/bin/boardbench-x86_64" || exit 99

# each payload makes a file of its own; none may ever exist
P=$TMP/PWNED
pwned() { ls "$P".* 2>/dev/null | tr '\n' ' '; }

# fleet INVENTORY JOB DB: the fleet on TMP/INVENTORY, stderr in TMP/err
fleet() {
	"$FLEET" "$TMP/$1" --bin-dir "$TMP/bin" --work "$TMP/$2" \
	    --db "$TMP/$3" -- null >/dev/null 2>"$TMP/err"
}

# refused NAME DESC WANT: the fleet on inventory NAME exits 2 with one
# line that names WANT (no traceback), makes no file of a payload, runs
# no playbook and makes no job folder
refused() {
	fleet "$1" "job-$1" s.db
	st=$?
	[ $st -eq 2 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] &&
	    grep -q "^fleet: inventory .*$3" "$TMP/err"
	ok $? "$2: refused in one line (exit $st: $(head -c 300 "$TMP/err"))"
	[ -z "$(pwned)" ]; ok $? "... and nothing ran: no $(pwned)"
	[ ! -e "$TMP/job-$1" ] && [ ! -e "$TMP/s.db" ]
	ok $? "... no job, no playbook, no store"
	! grep -q Traceback "$TMP/err"; ok $? "... no traceback"
}

cat >"$TMP/name.yml" <<EOF
all:
  hosts:
    ok1:
      ansible_connection: local
    "{{ lookup('pipe', 'touch $P.1') }}":
      ansible_connection: local
EOF
refused name.yml "YAML: a host name holding a template" "line 5 holds a template"

cat >"$TMP/tag.yml" <<EOF
all:
  hosts:
    ok1:
      ansible_connection: local
      boardbench_tag: "{{ lookup('pipe', 'touch $P.2') }}x"
EOF
refused tag.yml "YAML: a boardbench_tag holding a template" "line 5 holds a template"

# (the INI parser takes \' as a quote inside a name)
cat >"$TMP/name.ini" <<EOF
[boards]
ok1 ansible_connection=local
{{lookup(\\'pipe\\',\\'touch\\ $P.3\\')}} ansible_connection=local
EOF
refused name.ini "INI: a host name holding a template" "line 3 holds a template"

cat >"$TMP/tag.ini" <<EOF
[boards]
ok1 ansible_connection=local boardbench_tag="{{ lookup('pipe', 'touch $P.4') }}x"
EOF
refused tag.ini "INI: a boardbench_tag holding a template" "line 2 holds a template"

cat >"$TMP/esc.ini" <<EOF
[boards]
ok1 ansible_connection=local boardbench_tag="a$(printf '\033')[2Jb"
EOF
refused esc.ini "INI: a boardbench_tag with an escape" "boardbench_tag"
grep -q "$(printf '\033')" "$TMP/err"
[ $? -ne 0 ]; ok $? "... which is not echoed raw"

# a template in any other value is refused too (it was text to the
# playbook before issue 41; now the inventory never holds one)
cat >"$TMP/vars.yml" <<EOF
all:
  hosts:
    ok1:
      ansible_connection: local
      boardbench_variant: x86_64
      ansible_host: "{{ lookup('pipe', 'touch $P.5') }}"
EOF
refused vars.yml "YAML: ansible_host holding a template" "line 6 holds a template"
cat >"$TMP/vars.ini" <<EOF
[boards]
ok1 ansible_connection=local boardbench_variant=x86_64 boardbench_tmp="{% if lookup('pipe', 'touch $P.6') %}{% endif %}"
EOF
refused vars.ini "INI: boardbench_tmp holding a {% template" "line 2 holds a template"

# ---- inventories that would run a program here (issue 41) ----------------
# the generator plugin, whose layers ran a lookup twice (and then died
# with a traceback)
cat >"$TMP/gen.yml" <<EOF
plugin: ansible.builtin.generator
hosts:
  name: "b{{ x }}"
layers:
  x: ["{{ lookup('pipe', 'touch $P.gen') }}"]
EOF
refused gen.yml "the generator plugin with a lookup" "gen.yml.: line 3 holds a template"
# a plugin without a template in sight
cat >"$TMP/plug.yml" <<EOF
plugin: ansible.builtin.constructed
strict: false
EOF
refused plug.yml "an inventory plugin's configuration" "names an inventory plugin"
# an executable inventory script
printf '#!/bin/sh
touch %s.script
echo "{\"all\": {\"hosts\": [\"b1\"]}}"
' "$P" \
    >"$TMP/script.sh"
chmod +x "$TMP/script.sh"
refused script.sh "an executable inventory script" "is executable: an inventory script"
# the same script, not executable: no parser of data reads it
chmod -x "$TMP/script.sh"
refused script.sh "an inventory script that is not executable" "cannot be read"
# ProxyCommand in the ssh arguments
cat >"$TMP/proxy.ini" <<EOF
[boards]
b1 ansible_host=127.0.0.1 ansible_ssh_common_args='-o ProxyCommand="touch $P.proxy"'
EOF
refused proxy.ini "ProxyCommand in ansible_ssh_common_args" "host b1: ansible_ssh_common_args makes this machine run a program"
cat >"$TMP/local.ini" <<EOF
[boards]
b1 ansible_ssh_extra_args="-oLocalCommand=touch\ $P.lc -oPermitLocalCommand=yes" ansible_host=127.0.0.1
EOF
refused local.ini "LocalCommand in ansible_ssh_extra_args" "host b1: ansible_ssh_extra_args makes"
# an interpreter of a host this machine runs the tasks of
cat >"$TMP/interp.ini" <<EOF
[boards]
b1 ansible_connection=local ansible_python_interpreter="/bin/sh -c 'touch $P.interp'"
EOF
refused interp.ini "an interpreter with ansible_connection=local" "ansible_python_interpreter with ansible_connection=local"
cat >"$TMP/become.yml" <<EOF
all:
  hosts:
    b1:
      ansible_connection: local
      ansible_become: true
      ansible_become_exe: $TMP/fakesudo
EOF
refused become.yml "become with ansible_connection=local" "ansible_become.* with ansible_connection=local"
# a program of its own for ssh
printf '#!/bin/sh
touch %s.ssh
exit 255
' "$P" >"$TMP/fakessh"
chmod +x "$TMP/fakessh"
cat >"$TMP/sshexe.ini" <<EOF
[boards]
b1 ansible_host=127.0.0.1 ansible_ssh_executable=$TMP/fakessh
EOF
refused sshexe.ini "ansible_ssh_executable" "host b1: ansible_ssh_executable makes"
# ... also from group_vars beside the inventory
mkdir -p "$TMP/gv/group_vars" || exit 99
printf '[boards]\nb1 ansible_host=127.0.0.1\n' >"$TMP/gv/inv.ini"
printf 'ansible_ssh_executable: %s\n' "$TMP/fakessh" >"$TMP/gv/group_vars/all.yml"
refused gv/inv.ini "ansible_ssh_executable in group_vars" "ansible_ssh_executable makes"
# another connection plugin runs its program here
cat >"$TMP/conn.ini" <<EOF
[boards]
b1 ansible_connection=community.docker.docker
EOF
refused conn.ini "a docker connection" "ansible_connection=community.docker.docker"
# values of kinds the copy does not expect: one line, no traceback
cat >"$TMP/odd.yml" <<EOF
all:
  hosts:
    b1:
      ansible_connection: local
      boardbench_tag: {a: [1, {b: 2}]}
EOF
refused odd.yml "a tag that is a mapping" "boardbench_tag"

# --trust-inventory: the user's own inventory goes through as it is (the
# ssh program named runs: the fleet fails at that host, exit 1)
"$FLEET" "$TMP/sshexe.ini" --trust-inventory --bin-dir "$TMP/bin" \
    --work "$TMP/job-trust" --db "$TMP/t.db" -- null >/dev/null 2>"$TMP/err"
st=$?
[ $st -eq 1 ] && [ -e "$P.ssh" ]
ok $? "--trust-inventory: ansible_ssh_executable is used (exit $st: $(tail -1 "$TMP/err" | head -c 200))"
rm -f "$P.ssh"

# a board's stderr reaches the log and the terminal escaped: C0 and C1
mkdir -p "$TMP/h" || exit 99
cat >"$TMP/board.ini" <<EOF
[boards]
ok1 ansible_connection=local boardbench_variant=x86_64 boardbench_tmp=$TMP/h
EOF
fleet board.ini job-board b.db
st=$?
[ $st -eq 1 ] && grep -q 'FAILED: boardbench run exited 1.*: bad.*2J.*X' "$TMP/err"
ok $? "a board's stderr is shown escaped (exit $st: $(tail -1 "$TMP/err" | head -c 200))"
raw="$(printf '\033')\|$(printf '\302\233')\|$(printf '\302\235')"
for f in "$TMP/err" "$TMP/job-board/fleet.log"; do
	LC_ALL=C grep -q "$raw" "$f"
	[ $? -ne 0 ]; ok $? "... no raw ESC, CSI or OSC in ${f##*/}"
done

done_testing
