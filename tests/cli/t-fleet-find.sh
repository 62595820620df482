#!/bin/sh
# scripts/fleet finds the local boardbench it imports and compares with
# (fast tier; the fleet itself is t-fleet.sh in the slow tier): straight
# after the Quick start it is the clone's build/boardbench; --boardbench
# FILE and BOARDBENCH name another; with none anywhere it stops with one
# line.  Ansible (and python3) are stubs here that fail at once: only the
# choice, which the job's log names, is checked, with or without Ansible
# installed.
. "${top_srcdir:-.}/tests/cli/lib.sh"

command -v bash >/dev/null 2>&1 || skip_all "bash not installed (scripts/fleet is a bash script)"

# a clone's layout: the script, its playbook, and the Quick start's build
c="$TMP/clone"
mkdir -p "$c/scripts" "$c/contrib/ansible" "$c/build" "$TMP/bin" "$TMP/other" &&
cp "$top_srcdir/scripts/fleet" "$c/scripts/" &&
cp "$top_srcdir/contrib/ansible/fleet.yml" "$c/contrib/ansible/" || exit 99
for f in "$c/build/boardbench" "$TMP/other/boardbench" "$TMP/other/bb2"; do
	printf '#!/bin/sh\nexit 0\n' > "$f" && chmod +x "$f" || exit 99
done
# ansible-inventory and python3 read the inventory before the job starts
# (an inventory is checked to be data, t-fleet-inventory.sh): the real
# ones where installed; a fresh Debian has neither, and then the four
# checks that need a job skip
for f in ansible ansible-playbook; do
	printf '#!/bin/sh\nexit 1\n' > "$TMP/bin/$f" && chmod +x "$TMP/bin/$f" || exit 99
done
have_inv=1
for f in ansible-inventory python3; do
	if p=$(command -v "$f" 2>/dev/null); then
		ln -s "$p" "$TMP/bin/$f" || exit 99
	else
		have_inv=0
		printf '#!/bin/sh\nexit 1\n' > "$TMP/bin/$f" && chmod +x "$TMP/bin/$f" || exit 99
	fi
done
printf 'pi ansible_host=127.0.0.1\n' > "$TMP/boards.ini"
path="$TMP/bin:/usr/local/bin:/usr/bin:/bin"
cd "$TMP" || exit 99

# fleet COMMAND...: COMMAND (the README's fleet command from the clone's
# top, with a prebuilt binary folder instead of --build) without
# BOARDBENCH unless COMMAND sets it, and without a boardbench on PATH
fleet() { env -u BOARDBENCH PATH="$path" "$@" >"$TMP/out" 2>"$TMP/err"; }
picked() { # picked WORK FILE: the job's log names FILE as the local boardbench
	grep -q "local boardbench $2\$" "$1/fleet.log" ||
		{ sed 's/^/# /' "$1/fleet.log" "$TMP/err" | head -10; return 1; }
}

if [ "$have_inv" = 1 ]; then
	fleet bash clone/scripts/fleet boards.ini --bin-dir other --work w1 -- --profile quick
	picked w1 "$c/build/boardbench"
	ok $? "after the Quick start: the clone's build/boardbench"
	fleet bash clone/scripts/fleet boards.ini --bin-dir other --work w2 \
	    --boardbench "$TMP/other/bb2" -- --profile quick
	picked w2 "$TMP/other/bb2"; ok $? "--boardbench FILE"
	fleet env BOARDBENCH="$TMP/other/boardbench" bash clone/scripts/fleet \
	    boards.ini --bin-dir other --work w3
	picked w3 "$TMP/other/boardbench"; ok $? "BOARDBENCH=FILE"
	fleet env BOARDBENCH="$TMP/other/boardbench" bash clone/scripts/fleet \
	    boards.ini --bin-dir other --work w4 --boardbench "$TMP/other/bb2"
	picked w4 "$TMP/other/bb2"; ok $? "--boardbench wins over BOARDBENCH"
else
	for i in 1 2 3 4; do
		n=$((n + 1))
		echo "ok $n # SKIP ansible-inventory or python3 not installed (Debian packages ansible, python3): the inventory cannot be read"
	done
fi

expect 2 "--boardbench that is no program" -- env -u BOARDBENCH PATH="$path" \
    bash clone/scripts/fleet boards.ini --bin-dir other --work w5 \
    --boardbench "$TMP/none"
grep -q "'$TMP/none' is not executable" "$TMP/err"; ok $? "and it says which"

rm -r "$c/build"
if PATH="$path" command -v boardbench >/dev/null 2>&1; then
	n=$((n + 1)); echo "ok $n # SKIP a boardbench is installed on PATH"
	n=$((n + 1)); echo "ok $n # SKIP a boardbench is installed on PATH"
else
	expect 2 "no build/, none given, none on PATH" -- env -u BOARDBENCH \
	    PATH="$path" bash clone/scripts/fleet boards.ini --bin-dir other \
	    --work w6
	grep -q "run the Quick start" "$TMP/err"; ok $? "and it says what to do"
fi
done_testing
