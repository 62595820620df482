#!/bin/sh
# scripts/fleet never lets Ansible evaluate the inventory (issue 25): a
# host name or boardbench_tag holding a template is refused (exit 2, a
# line that names it) before any playbook runs, in an INI and a YAML inventory, and every
# other value reaches the playbook marked unsafe, so a template in it is
# text, never run.  No sshd: the only playbook run is on this machine
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

# refused NAME DESC WANT: the fleet on inventory NAME exits 2, its last
# line (after the job's start) names WANT, makes no file of a payload and runs no playbook
refused() {
	fleet "$1" "job-$1" s.db
	st=$?
	[ $st -eq 2 ] && tail -1 "$TMP/err" | grep -q "inventory.*: .*$3"
	ok $? "$2: refused (exit $st: $(tail -c 160 "$TMP/err"))"
	[ -z "$(pwned)" ]; ok $? "... and nothing ran: no $(pwned)"
	[ ! -e "$TMP/job-$1/events.run" ] && [ ! -e "$TMP/s.db" ]
	ok $? "... no playbook, no store"
}

cat >"$TMP/name.yml" <<EOF
all:
  hosts:
    ok1:
      ansible_connection: local
    "{{ lookup('pipe', 'touch $P.1') }}":
      ansible_connection: local
EOF
refused name.yml "YAML: a host name holding a template" "host name"

cat >"$TMP/tag.yml" <<EOF
all:
  hosts:
    ok1:
      ansible_connection: local
      boardbench_tag: "{{ lookup('pipe', 'touch $P.2') }}x"
EOF
refused tag.yml "YAML: a boardbench_tag holding a template" "boardbench_tag"

# (the INI parser takes \' as a quote inside a name)
cat >"$TMP/name.ini" <<EOF
[boards]
ok1 ansible_connection=local
{{lookup(\\'pipe\\',\\'touch\\ $P.3\\')}} ansible_connection=local
EOF
refused name.ini "INI: a host name holding a template" "host name"

cat >"$TMP/tag.ini" <<EOF
[boards]
ok1 ansible_connection=local boardbench_tag="{{ lookup('pipe', 'touch $P.4') }}x"
EOF
refused tag.ini "INI: a boardbench_tag holding a template" "boardbench_tag"

cat >"$TMP/esc.ini" <<EOF
[boards]
ok1 ansible_connection=local boardbench_tag="a$(printf '\033')[2Jb"
EOF
refused esc.ini "INI: a boardbench_tag with an escape" "boardbench_tag"
grep -q "$(printf '\033')" "$TMP/err"
[ $? -ne 0 ]; ok $? "... which is not echoed raw"

# other values are the playbook's to use, never to evaluate: the host
# fails at its temporary folder, named by the template's text
py=$(command -v python3)
for fmt in yml ini; do
	if [ $fmt = yml ]; then
		cat >"$TMP/vars.yml" <<EOF
all:
  hosts:
    ok1:
      ansible_connection: local
      ansible_python_interpreter: $py
      boardbench_variant: x86_64
      ansible_host: "{{ lookup('pipe', 'touch $P.5') }}"
      boardbench_tmp: "{{ lookup('pipe', 'touch $P.6') }}"
EOF
	else
		cat >"$TMP/vars.ini" <<EOF
[boards]
ok1 ansible_connection=local ansible_python_interpreter=$py boardbench_variant=x86_64 ansible_host="{{ lookup('pipe', 'touch $P.7') }}" boardbench_tmp="{{ lookup('pipe', 'touch $P.8') }}"
EOF
	fi
	fleet "vars.$fmt" "job-$fmt" v.db
	st=$?
	[ $st -eq 1 ] && grep -q "FAILED: temporary folder:.*lookup" "$TMP/err"
	ok $? "$fmt: templates in host variables are text (exit $st: $(tail -1 "$TMP/err" | head -c 200))"
	[ -z "$(pwned)" ]; ok $? "... none was evaluated: no $(pwned)"
	grep -q '^      boardbench_tmp: !unsafe "{{' "$TMP/job-$fmt/inventory.yml"
	ok $? "... the playbook's inventory marks them unsafe"
done

# a board's stderr reaches the log and the terminal escaped: C0 and C1
mkdir -p "$TMP/h" || exit 99
cat >"$TMP/board.ini" <<EOF
[boards]
ok1 ansible_connection=local ansible_python_interpreter=$py boardbench_variant=x86_64 boardbench_tmp=$TMP/h
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
