#!/bin/sh
# The README's commands, exactly as written, on a clean copy of the source
# (one Quick start build serves them all):
# - its Quick start (scripts/quickstart builds out of tree in build/),
#   its run cut to dhrystone, stored in the usual store (under this test's
#   own HOME);
# - straight after it, the "Many boards" commands: `scripts/fleet
#   boards.ini --build -- --profile quick` and the `--resume` line, from
#   the top of the clone, against two OpenSSH servers on 127.0.0.1
#   (tests/cli/lib-sshd.sh) named in boards.ini.  Nothing is set for the
#   fleet but the inventory: no BOARDBENCH, no --boardbench, no --db.  The
#   boards' runs are cut to linpack and dhrystone, named after the command
#   as a user would.  Without ansible-playbook or sshd these checks skip;
# - the Building section's recipe for a second build flag set, which must
#   configure beside the Quick start's build.
# Skips (77) when the quick start would install a package.
. "${top_srcdir:-.}/tests/cli/lib.sh"
. "$top_srcdir/tests/cli/lib-src.sh"
. "$top_srcdir/tests/cli/lib-sshd.sh"

# the quick start must not install anything here
quickstart_ready

# the README's commands: the Quick start's first, the fleet's two
readme=$top_srcdir/README.md
qs=$(sed -n 's/^\(\.\/scripts\/quickstart\) .*/\1/p' "$readme")
fleet=$(sed -n 's/^\(scripts\/fleet boards\.ini [^#]*[^# ]\) *#.*/\1/p' "$readme")
[ "$qs" = ./scripts/quickstart ] && [ "$(printf '%s\n' "$fleet" | wc -l)" -eq 2 ]
ok $? "the README has the Quick start and two fleet commands: $(printf '%s' "$fleet" | tr '\n' ';')"
first="$(printf '%s\n' "$fleet" | sed -n 1p) linpack dhrystone"
resume="$(printf '%s\n' "$fleet" | sed -n 2p) linpack dhrystone"
case $resume in *--resume*) ;; *) ok 1 "the second fleet command resumes: $resume" ;; esac

clean_src "$TMP/boardbench"
st=$?
ok $st "a clean source tree (make distdir)"
[ $st -eq 0 ] || { sed 's/^/# /' "$TMP/distdir.log" | tail -20; done_testing; }
src=$TMP/boardbench

# (the commands run with a clean make environment, as in a user's shell)
in_src() {
	(cd "$src" && unset MAKEFLAGS MFLAGS MAKELEVEL BOARDBENCH && sh -c "$1")
}

# ---- the Quick start ---------------------------------------------------
in_src "$qs dhrystone" >"$TMP/qs.out" 2>"$TMP/qs.err"
st=$?
ok $st "the Quick start: $qs"
[ $st -eq 0 ] || tail -20 "$TMP/qs.err" | sed 's/^/# /'
[ -x "$src/build/boardbench" ] && [ ! -e "$src/config.status" ] && [ ! -e "$src/boardbench" ]
ok $? "out of tree: build/boardbench, the source tree left unconfigured"
grep -q '^dhrystone ' "$TMP/qs.out"; ok $? "the run's table is printed"

# ---- straight after it, the fleet's commands -----------------------------
why=$(sshd_why_not)
if [ -n "$why" ]; then
	echo "ok $((n = n + 1)) # SKIP the README's fleet commands: $why"
else
	sshd_init
	mkdir -p "$TMP/b1" "$TMP/b2" || exit 99
	sshd_hosts 2
	{
		echo "[boards]"
		echo "pi4 ansible_host=127.0.0.1 ansible_port=$PORT1 boardbench_tmp=$TMP/b1"
		echo "pi5 ansible_host=127.0.0.1 ansible_port=$PORT2 boardbench_tmp=$TMP/b2"
		echo
		sshd_inventory_vars
	} >"$src/boards.ini" || exit 99

	in_src "$first" >"$TMP/f1.out" 2>"$TMP/f1.err"
	st=$?
	ok $st "after the Quick start: $first (exit $st)"
	[ $st -eq 0 ] || {
		tail -20 "$TMP/f1.err" | sed 's/^/# /'
		tail -30 "$src/fleet-boards/fleet.log" 2>/dev/null | sed 's/^/# log: /'
	}
	! grep -q 'no local boardbench' "$TMP/f1.err"
	ok $? "the fleet found the Quick start's build/boardbench by itself"
	[ -x "$src/fleet-boards/bin/boardbench-$(uname -m)" ] ||
		ls "$src/fleet-boards/bin" 2>/dev/null | grep -q '^boardbench-'
	ok $? "--build made the boards' static binary in fleet-boards/bin"
	[ "$(sed -n 's/^== [A-Z] \([^:]*\): run .*/\1/p' "$TMP/f1.out" | tr '\n' ' ')" = "pi4 pi5 " ]
	ok $? "the comparison has both boards as columns"
	grep -q '^dhrystone ' "$TMP/f1.out" && grep -q '^linpack ' "$TMP/f1.out"
	ok $? "... with the rows of the benchmarks named"
	"$src/build/boardbench" show --list >"$TMP/list" 2>&1
	[ "$(awk 'NR > 1 && $3 == "complete" { print $4 "/" $5 }' "$TMP/list" | sort | tr '\n' ' ')" = "quick/- quick/pi4 quick/pi5 " ]
	ok $? "the usual store holds both boards' runs beside the Quick start's: $(awk 'NR > 1 { print $3 "/" $4 "/" $5 }' "$TMP/list" | tr '\n' ' ')"

	in_src "$resume" >"$TMP/f2.out" 2>"$TMP/f2.err"
	st=$?
	ok $st "then: $resume (exit $st)"
	[ $st -eq 0 ] || tail -20 "$TMP/f2.err" | sed 's/^/# /'
	[ "$(grep -c 'is in the store, skipped' "$TMP/f2.err")" -eq 2 ]
	ok $? "--resume skips both boards"
	left=$(find "$TMP/b1" "$TMP/b2" -mindepth 1 | wc -l)
	[ "$left" -eq 0 ]
	ok $? "nothing is left on the boards ($left files)"
fi

# ---- the recipe for another build flag set -------------------------------
# as written (the ARM -mcpu dropped where the compiler is not ARM's;
# configure only)
recipe=$(sed -n 's/^  `\(mkdir -p o3 && cd o3 && ..\/configure [^`]*\)`\.$/\1/p' "$readme")
[ -n "$recipe" ]; ok $? "the README has the recipe: $recipe"
case $(uname -m) in
arm*|aarch64) ;;
*) recipe=$(printf '%s' "$recipe" | sed 's/ -mcpu=[^" ]*//') ;;
esac
recipe=${recipe% && make}
in_src "$recipe" >"$TMP/r.out" 2>"$TMP/r.err"
st=$?
ok $st "after the Quick start the recipe configures (${recipe})"
[ $st -eq 0 ] || tail -5 "$TMP/r.err" | sed 's/^/# /'
[ -f "$src/o3/Makefile" ] && grep -q -- "-O3" "$src/o3/config.log"
ok $? "in o3/, with its own flags"
! grep -q "already configured" "$TMP/r.err"; ok $? "no 'source directory already configured'"

done_testing
